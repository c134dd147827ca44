package executors

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"
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

// TestRunDirsShared checks that runs that overlap or follow one another
// share one run directory and its reaper, each run with its own
// directories inside, and that the directory goes once its last run has
// been over for the linger time; a run after that gets a new one.
func TestRunDirsShared(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := &runDirs{linger: 50 * time.Millisecond}
	a, releaseA, err := s.open(exe)
	if err != nil {
		t.Fatal(err)
	}
	b, releaseB, err := s.open(exe)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Fatalf("overlapping runs got run directories %s and %s, want one", a.path, b.path)
	}
	releaseA()
	releaseA() // a second call is the first's
	time.Sleep(200 * time.Millisecond)
	if _, err := os.Stat(a.path); err != nil {
		t.Fatalf("run directory gone while a run holds it: %v", err)
	}
	releaseB()
	c, releaseC, err := s.open(exe)
	if err != nil {
		t.Fatal(err)
	}
	if c != a {
		t.Errorf("a run within the linger time got a new run directory %s, want %s", c.path, a.path)
	}
	releaseC()
	waitGone(t, a.path)
	d, releaseD, err := s.open(exe)
	if err != nil {
		t.Fatal(err)
	}
	if d == a {
		t.Errorf("a run after the linger time got the removed run directory %s", a.path)
	}
	releaseD()
	waitGone(t, d.path)
	if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// waitGone waits until path does not exist, for at most ten seconds.
func waitGone(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return
		}
	}
	t.Fatalf("%s still there after its last run and the linger time", path)
}
