package executors

import (
	"fmt"
	"os"
)

// captureEnv tells a worker that its capture files (rt.SpecgenCapture)
// are open on descriptors 4 and 5 (3 is the answer pipe).
const captureEnv = "SPECGEN_CAPTURE_FDS=4,5"

// captureFiles makes the files a worker's standard output and error go
// to while its probes run. specgen makes them, not the worker, and
// without a name where the system allows it (O_TMPFILE on Linux): a
// worker killed at any moment of its start (specgen killed with it)
// leaves no file behind in a temporary directory nobody cleans.
func captureFiles() ([]*os.File, error) {
	var out []*os.File
	for _, name := range []string{"specgen-stdout", "specgen-stderr"} {
		f, err := unnamedFile(os.TempDir(), name)
		if err != nil {
			f, err = removedFile(name)
		}
		if err != nil {
			closeFiles(out)
			return nil, fmt.Errorf("capture file: %w", err)
		}
		out = append(out, f)
	}
	return out, nil
}

// removedFile is a temporary file whose name is gone as soon as it was
// made.
func removedFile(name string) (*os.File, error) {
	f, err := os.CreateTemp("", name+"-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func closeFiles(fs []*os.File) {
	for _, f := range fs {
		f.Close()
	}
}
