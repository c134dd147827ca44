package executors

import (
	"io"
	"os"
	"runtime"
	"testing"
)

// TestCaptureFiles: the capture files work as files, and while they are
// open the temporary directory holds no name of them on Linux (a worker
// killed as it starts leaves nothing there).
func TestCaptureFiles(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	fs, err := captureFiles()
	if err != nil {
		t.Fatal(err)
	}
	defer closeFiles(fs)
	if len(fs) != 2 {
		t.Fatalf("%d capture files, want 2", len(fs))
	}
	for _, f := range fs {
		if _, err := f.WriteString("printed"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(f)
		if err != nil || string(b) != "printed" {
			t.Errorf("%s reads back %q, %v", f.Name(), b, err)
		}
	}
	names, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 0 {
		t.Errorf("TMPDIR holds %v while the capture files are open", names)
	}
	if runtime.GOOS == "linux" {
		f, err := unnamedFile(dir, "x")
		if err != nil {
			t.Fatalf("no unnamed file on Linux: %v", err)
		}
		f.Close()
	}
}
