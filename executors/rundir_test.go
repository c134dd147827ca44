package executors

import (
	"os"
	"strings"
	"testing"
)

// TestRunDirNeedsWorkerExe checks that an executable that does not start
// as specgen's reaper (it never calls MaybeWorker) is an error naming
// it, not a run that waits for it forever, and that its run directory
// is gone; and that a process started as a worker that runs as itself
// starts no runs (it would start itself again, without end).
func TestRunDirNeedsWorkerExe(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	for _, exe := range []string{"/bin/true", "/bin/echo"} {
		if _, err := os.Stat(exe); err != nil {
			t.Skip(exe, " missing")
		}
		rd, err := newRunDir(exe)
		if err == nil {
			rd.remove()
			t.Fatalf("%s: run directory made, want an error", exe)
		}
		if !strings.Contains(err.Error(), exe) || !strings.Contains(err.Error(), "MaybeWorker") {
			t.Errorf("%s: error %q does not name the executable and MaybeWorker", exe, err)
		}
	}
	t.Setenv("SPECGEN_WORKER", "reaper")
	if _, err := newRunDir("/bin/true"); err == nil || !strings.Contains(err.Error(), "MaybeWorker") {
		t.Errorf("in a process started as a worker: err = %v, want an error naming MaybeWorker", err)
	}
	if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}
