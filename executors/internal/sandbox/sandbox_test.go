package sandbox_test

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/specgen-dev/specgen/executors/internal/sandbox"
)

// TestMain lets the test binary act as a confined child: with
// SANDBOX_TEST_ROOT set it confines itself to that directory, executes
// itself again, as the trampoline executes a native worker, and then
// tries what a hostile probe would, printing one line per attempt.
func TestMain(m *testing.M) {
	if root := os.Getenv("SANDBOX_TEST_ROOT"); root != "" && os.Getenv("SANDBOX_TEST_CONFINED") == "" {
		// As the trampoline does: confine, then become the program,
		// which inherits the sandbox.
		if err := sandbox.Confine(root); err != nil {
			os.Stdout.WriteString("confine: " + err.Error() + "\n")
			os.Exit(3)
		}
		exe, err := os.Executable()
		if err == nil {
			err = syscall.Exec(exe, []string{exe}, append(os.Environ(), "SANDBOX_TEST_CONFINED=1"))
		}
		os.Stdout.WriteString("exec: " + err.Error() + "\n")
		os.Exit(3)
	}
	if root := os.Getenv("SANDBOX_TEST_ROOT"); root != "" {
		attempt := func(what string, err error) {
			res := "ok"
			if err != nil {
				res = err.Error()
			}
			os.Stdout.WriteString(what + ": " + res + "\n")
		}
		outside := os.Getenv("SANDBOX_TEST_OUTSIDE")
		attempt("write inside", os.WriteFile(filepath.Join(root, "w.txt"), []byte("x"), 0o644))
		attempt("rename inside", os.Rename(filepath.Join(root, "w.txt"), filepath.Join(root, "sub", "w.txt")))
		attempt("write outside", os.WriteFile(filepath.Join(outside, "new.txt"), []byte("x"), 0o644))
		attempt("remove outside", os.Remove(filepath.Join(outside, "keep.txt")))
		_, err := os.ReadFile(filepath.Join(outside, "keep.txt"))
		attempt("read outside", err)
		f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err == nil {
			f.Close()
		}
		attempt("write /dev/null", err)
		c, err := net.Dial("tcp", os.Getenv("SANDBOX_TEST_ADDR"))
		if err == nil {
			c.Close()
		}
		attempt("dial", err)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestConfine runs a confined child and checks what it may do: write in
// its scratch directory, read anywhere, write /dev/null; not write or
// remove elsewhere, nor connect to a TCP listener. (Binding a port is
// pinned by the hostile script user_tree, through the real worker.)
func TestConfine(t *testing.T) {
	st := sandbox.Current(false)
	if !st.Active() {
		t.Skip(st.String())
	}
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "keep.txt"), []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cmd.Env = append(os.Environ(), "SANDBOX_TEST_ROOT="+root, "SANDBOX_TEST_OUTSIDE="+outside, "SANDBOX_TEST_ADDR="+l.Addr().String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	want := []string{
		"write inside: ok",
		"rename inside: ok",
		"write outside: open " + outside + "/new.txt: permission denied",
		"remove outside: remove " + outside + "/keep.txt: permission denied",
		"read outside: ok",
		"write /dev/null: ok",
	}
	if st.Net() {
		want = append(want, "dial: dial tcp "+l.Addr().String()+": connect: permission denied")
	} else {
		want = append(want, "dial: ok")
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("confined child did:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if data, err := os.ReadFile(filepath.Join(outside, "keep.txt")); err != nil || string(data) != "precious" {
		t.Errorf("file outside the scratch directory: %q, %v", data, err)
	}
}

func TestDenied(t *testing.T) {
	on := sandbox.Status{ABI: 6}
	tests := []struct {
		name   string
		status sandbox.Status
		text   string
		want   string
	}{
		{"open outside", on, `open /home/u/p/x.txt: permission denied`, `open /home/u/p/x.txt: permission denied`},
		{"remove outside, inside a longer message", on, `save: remove /home/u/p/data.txt: permission denied (retry)`, `remove /home/u/p/data.txt: permission denied`},
		{"relative path inside the scratch: another cause", on, `open x.txt: permission denied`, ""},
		{"relative path that climbs out", on, `open ../../x.txt: permission denied`, `open ../../x.txt: permission denied`},
		{"absolute path inside the scratch", on, `open /s/w/pkg/ro.txt: permission denied`, ""},
		{"rename, a link error", on, `rename /s/w/pkg/a /home/u/b: permission denied`, `rename /s/w/pkg/a /home/u/b: permission denied`},
		{"dial", on, `dial tcp 127.0.0.1:80: connect: permission denied`, `dial tcp 127.0.0.1:80: connect: permission denied`},
		{"listen", on, `listen tcp 127.0.0.1:0: bind: permission denied`, `listen tcp 127.0.0.1:0: bind: permission denied`},
		{"dial, no tcp rules before ABI 4", sandbox.Status{ABI: 3}, `dial tcp 127.0.0.1:80: connect: permission denied`, ""},
		{"other error", on, `open /x: no such file or directory`, ""},
		{"sandbox off", sandbox.Status{Off: true, ABI: 6}, `open /x: permission denied`, ""},
		{"no landlock", sandbox.Status{}, `open /x: permission denied`, ""},
		{"operation not permitted", on, `chmod /etc/x: operation not permitted`, `chmod /etc/x: operation not permitted`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.status.Denied(tt.text, "/s/w", "/s/w/pkg"); got != tt.want {
				t.Errorf("Denied(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestStatusString(t *testing.T) {
	tests := []struct {
		status sandbox.Status
		want   string
	}{
		{sandbox.Status{ABI: 6}, "sandbox: landlock v6 (files read-only outside scratch, tcp denied)"},
		{sandbox.Status{ABI: 3}, "sandbox: landlock v3 (files read-only outside scratch; tcp allowed, kernel landlock < v4)"},
		{sandbox.Status{}, "sandbox: unavailable (kernel without landlock)"},
		{sandbox.Status{Off: true, ABI: 6}, "sandbox: off (-sandbox=off)"},
	}
	for _, tt := range tests {
		if got := tt.status.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.status, got, tt.want)
		}
	}
}

// TestPrepare copies data files, not Go files, the spec directory,
// version control or the scratch directory itself (a TMPDIR inside the
// package), and stops at the limits.
func TestPrepare(t *testing.T) {
	src := t.TempDir()
	files := map[string]string{
		"a.go":                      "package a",
		"data.txt":                  "data",
		"testdata/x.txt":            "hello",
		"testdata/specgen/a.yml":    "spec",
		".git/HEAD":                 "ref",
		"sub/b.go":                  "package b",
		"sub/b.json":                "{}",
		"big/one.bin":               strings.Repeat("1", 600),
		"big/two.bin":               strings.Repeat("2", 600),
		"tmp/specgen-run-1/old.txt": "stale",
	}
	for name, content := range files {
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("data.txt", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	d := sandbox.Layout(filepath.Join(src, "tmp", "specgen-run-1", "w-1"))
	c, err := sandbox.Prepare(d, src, sandbox.Limits{Bytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	filepath.WalkDir(d.Pkg, func(path string, e fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(d.Pkg, path)
		if rel != "." && !e.IsDir() {
			got = append(got, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(got)
	want := []string{"big/one.bin", "data.txt", "link", "sub/b.json", "testdata/x.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("copied %v, want %v", got, want)
	}
	if !slices.Equal(c.Skipped, []string{"big/two.bin"}) {
		t.Errorf("skipped %v, want [big/two.bin]", c.Skipped)
	}
	for _, dir := range []string{d.Home, d.Tmp, d.Cach} {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			t.Errorf("%s: %v", dir, err)
		}
	}
	if _, err := sandbox.Prepare(d, src, sandbox.Limits{}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second Prepare into the same directory: %v, want an error that it exists", err)
	}
}

// TestScratchRestore changes the scratch directory as probes do and
// checks that Restore puts back what New made: the package's data
// files, an empty home and temporary directory.
func TestScratchRestore(t *testing.T) {
	src := t.TempDir()
	for name, content := range map[string]string{"data.txt": "data", "testdata/x.txt": "hello"} {
		p := filepath.Join(src, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		change func(d sandbox.Dirs) error
		moved  bool
	}{
		{"nothing", func(sandbox.Dirs) error { return nil }, false},
		{"remove a file", func(d sandbox.Dirs) error { return os.Remove(filepath.Join(d.Pkg, "testdata", "x.txt")) }, false},
		{"remove everything", func(d sandbox.Dirs) error {
			os.Remove(filepath.Join(d.Pkg, "data.txt"))
			return os.RemoveAll(filepath.Join(d.Pkg, "testdata"))
		}, false},
		{"write a new file", func(d sandbox.Dirs) error { return os.WriteFile(filepath.Join(d.Pkg, "out.txt"), []byte("x"), 0o644) }, false},
		{"overwrite a file", func(d sandbox.Dirs) error {
			return os.WriteFile(filepath.Join(d.Pkg, "data.txt"), []byte("DATA"), 0o644)
		}, false},
		{"rename", func(d sandbox.Dirs) error {
			return os.Rename(filepath.Join(d.Pkg, "data.txt"), filepath.Join(d.Pkg, "moved.txt"))
		}, false},
		{"read-only directory", func(d sandbox.Dirs) error {
			p := filepath.Join(d.Pkg, "locked")
			if err := os.MkdirAll(filepath.Join(p, "in"), 0o755); err != nil {
				return err
			}
			os.WriteFile(filepath.Join(p, "in", "f"), nil, 0o644)
			os.Chmod(filepath.Join(p, "in"), 0o500)
			return os.Chmod(p, 0o500)
		}, false},
		{"temporary file", func(d sandbox.Dirs) error { return os.WriteFile(filepath.Join(d.Tmp, "t"), nil, 0o600) }, false},
		{"home file", func(d sandbox.Dirs) error { return os.MkdirAll(filepath.Join(d.Home, ".config", "app"), 0o700) }, false},
		{"working directory replaced", func(d sandbox.Dirs) error {
			// Held open as the worker's working directory is, the old
			// directory keeps its inode from the new one.
			f, err := os.Open(d.Pkg)
			if err != nil {
				return err
			}
			t.Cleanup(func() { f.Close() })
			if err := os.RemoveAll(d.Pkg); err != nil {
				return err
			}
			return os.Mkdir(d.Pkg, 0o700)
		}, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := sandbox.Layout(filepath.Join(t.TempDir(), fmt.Sprint("w-", i)))
			s, _, err := sandbox.New(d, src, sandbox.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			before := tree(t, d)
			if err := tt.change(d); err != nil {
				t.Fatal(err)
			}
			changed := tt.name != "nothing"
			if got := s.Changed(); got != changed {
				t.Fatalf("Changed() = %v after %s, want %v", got, tt.name, changed)
			}
			// Where it wrote, outside the temporary directory.
			var wrote []string
			switch tt.name {
			case "nothing", "temporary file":
			case "home file":
				wrote = []string{"home"}
			default:
				wrote = []string{"package directory"}
			}
			if got := s.Wrote(); !slices.Equal(got, wrote) {
				t.Errorf("Wrote() = %q after %s, want %q", got, tt.name, wrote)
			}
			err = s.Restore()
			if tt.moved {
				if !errors.Is(err, sandbox.ErrMoved) {
					t.Fatalf("Restore() = %v, want ErrMoved", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Restore(): %v", err)
			}
			if after := tree(t, d); !slices.Equal(after, before) {
				t.Errorf("after Restore the scratch directory holds\n%v\nwant\n%v", after, before)
			}
			if s.Changed() {
				t.Errorf("Changed() after Restore = true, want false")
			}
			if got := s.Wrote(); got != nil {
				t.Errorf("Wrote() after Restore = %q, want nil", got)
			}
		})
	}
}

// tree lists the package copy, home and temporary directory of d: each
// entry's path and, for a file, its content.
func tree(t *testing.T, d sandbox.Dirs) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{d.Pkg, d.Home, d.Tmp} {
		filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(d.Root, path)
			if e.Type().IsRegular() {
				b, _ := os.ReadFile(path)
				rel += "=" + string(b)
			}
			out = append(out, filepath.ToSlash(rel))
			return nil
		})
	}
	return out
}

// BenchmarkScratchChanged measures the check run after every probe, on
// a package with 50 data files.
func BenchmarkScratchChanged(b *testing.B) {
	src := b.TempDir()
	for i := range 50 {
		p := filepath.Join(src, "testdata", fmt.Sprint("f", i%5), fmt.Sprint(i, ".txt"))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x"), 0o644)
	}
	s, _, err := sandbox.New(sandbox.Layout(filepath.Join(b.TempDir(), "w")), src, sandbox.Limits{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if s.Changed() {
			b.Fatal("changed")
		}
	}
}
