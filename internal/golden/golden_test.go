package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps what a check reports.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatal(args ...any) {
	r.errors = append(r.errors, fmt.Sprint(args...))
	r.fatal = true
	runtime.Goexit()
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Fatal(fmt.Sprintf(format, args...))
}

// check runs Check against a recorder, in a goroutine of its own so
// that a fatal report stops only the check.
func check[T ~string | ~[]byte](t *testing.T, path string, got T, withUpdate bool) *recorder {
	t.Helper()
	old := *update
	*update = withUpdate
	defer func() { *update = old }()
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Check(r, path, got)
	}()
	<-done
	return r
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	if r := check(t, path, "one\ntwo\n", false); len(r.errors) != 0 {
		t.Errorf("same text as a string: %q", r.errors)
	}
	if r := check(t, path, []byte("one\ntwo\n"), false); len(r.errors) != 0 {
		t.Errorf("same text as bytes: %q", r.errors)
	}

	r := check(t, path, "one\nthree\n", false)
	if len(r.errors) != 1 || r.fatal || !strings.Contains(r.errors[0], path+" differs") || !strings.Contains(r.errors[0], "three") {
		t.Errorf("different text: %q, fatal %v; want one error naming the file and the difference", r.errors, r.fatal)
	}
	if b, _ := os.ReadFile(path); string(b) != "one\ntwo\n" {
		t.Errorf("a check without -update changed the file to %q", b)
	}

	r = check(t, filepath.Join(dir, "missing.txt"), "x", false)
	if len(r.errors) != 1 || !r.fatal || !strings.Contains(r.errors[0], "-update") {
		t.Errorf("missing file: %q, fatal %v; want a fatal error that tells of -update", r.errors, r.fatal)
	}
}

func TestCheckUpdate(t *testing.T) {
	dir := t.TempDir()

	// A new file, in a directory that does not exist yet.
	path := filepath.Join(dir, "golden", "new.txt")
	if r := check(t, path, "new\n", true); len(r.errors) != 0 {
		t.Fatalf("-update of a new file: %q", r.errors)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "new\n" {
		t.Fatalf("after -update: %q, %v; want %q", b, err, "new\n")
	}

	// A changed file is rewritten, and then passes without -update.
	if r := check(t, path, []byte("newer\n"), true); len(r.errors) != 0 {
		t.Fatalf("-update of a changed file: %q", r.errors)
	}
	if r := check(t, path, "newer\n", false); len(r.errors) != 0 {
		t.Errorf("after -update, the check fails: %q", r.errors)
	}

	// A file that already holds the text is not written.
	old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if r := check(t, path, "newer\n", true); len(r.errors) != 0 {
		t.Fatalf("-update of an unchanged file: %q", r.errors)
	}
	if st, err := os.Stat(path); err != nil || !st.ModTime().Equal(old) {
		t.Errorf("-update rewrote a file that already held the text")
	}
}
