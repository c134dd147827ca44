package executors

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckAgainstBase checks that probes type-checked against the
// package's own files checked once (see checkAdded) compile or fail as
// the compiler would have them: they see the package's unexported
// names, an unkeyed literal of a struct with unexported fields (an
// error from a package of their own) still compiles, a misspelt field
// is reported at its probe, and a program's overlay is the package they
// are checked against, also after another program of the same package
// without it (the preparer remembers both).
func TestCheckAgainstBase(t *testing.T) {
	f := loadDiv(t)
	stack := filepath.Join(f.Pkg.Dir, "stack.go")
	src, err := os.ReadFile(stack)
	if err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{stack: append(append([]byte(nil), src...), "\nfunc extraDepth() int { return 7 }\n"...)}
	tests := []struct {
		name    string
		setup   string
		overlay map[string][]byte
		wantErr string // "" when the probe compiles
	}{
		{"keyed unexported field", "s := &Stack{items: []int{1}}\n_ = s", nil, ""},
		{"unkeyed unexported field", "s := &Stack{[]int{1}}\n_ = s", nil, ""},
		{"unexported type of the package", "_ = settings{}", nil, ""},
		{"misspelt field", "s := &Stack{itemz: nil}\n_ = s", nil, "itemz"},
		{"name of the overlay", "_ = extraDepth()", overlay, ""},
		{"name of the overlay, without it", "_ = extraDepth()", nil, "undefined: extraDepth"},
		{"name of the overlay, again", "_ = extraDepth() + len((&Stack{[]int{2}}).items)", overlay, ""},
	}
	pr := &preparer{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := &Program{Func: f, Overlay: tt.overlay, Probes: []Probe{
				{ID: "probe", Setup: tt.setup, Args: []string{"6", "3"}},
				{ID: "plain", Args: []string{"6", "2"}},
			}}
			out, err := pr.prepare(prog, "_test.go", nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(out.runnable) == 0 || out.runnable[len(out.runnable)-1] != 1 {
				t.Errorf("runnable %v: the plain probe should compile", out.runnable)
			}
			r, failed := out.early[0]
			switch {
			case tt.wantErr == "" && failed:
				t.Errorf("probe does not compile: %s", r.Message)
			case tt.wantErr != "" && !failed:
				t.Errorf("probe compiles, want an error with %q", tt.wantErr)
			case tt.wantErr != "" && (r.Outcome != NoBuild || !strings.Contains(r.Message, tt.wantErr)):
				t.Errorf("probe: %v %q, want NoBuild with %q", r.Outcome, r.Message, tt.wantErr)
			}
		})
	}
	if len(pr.bases.keys) != 1 {
		t.Errorf("%d packages checked with an overlay remembered, want 1 (the two programs with it share it)", len(pr.bases.keys))
	}
}

// BenchmarkPrepare prepares one program of 100 probes with coverage and
// comparisons: on a new preparer each time (cold: the package is
// instrumented and its probes checked with all of its files) and on one
// preparer (warm: the instrumented package is remembered, the probes
// checked against the loaded package).
func BenchmarkPrepare(b *testing.B) {
	f := loadDiv(b)
	prog := &Program{Func: f, Cover: true, Cmps: true}
	for i := range 100 {
		prog.Probes = append(prog.Probes, Probe{ID: "p", Setup: "s := &Stack{items: []int{" + strings.Repeat("1, ", i%7) + "2}}\n_ = s", Args: []string{"6", "3"}})
	}
	for _, warm := range []bool{false, true} {
		name := "cold"
		if warm {
			name = "warm"
		}
		b.Run(name, func(b *testing.B) {
			pr := &preparer{}
			for b.Loop() {
				if !warm {
					pr = &preparer{}
				}
				if _, err := pr.prepare(prog, "_test.go", nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRefusedImport checks which packages a probe may import: none that
// reaches outside the process or around the type system, but the pure
// parsers under net.
func TestRefusedImport(t *testing.T) {
	for path, want := range map[string]bool{
		"os/exec": true, "net": true, "net/http": true, "net/http/httptest": true, "unsafe": true,
		"syscall": true, "syscall/js": true, "plugin": true,
		"net/url": false, "net/netip": false, "net/mail": false, "os": false, "network": false, "strings": false,
	} {
		if got := RefusedImport(path); got != want {
			t.Errorf("RefusedImport(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestCheckFastPath checks that probes that compile are checked against
// the package's own files checked once, not with the whole package
// again: the harness declares methods of its own types (specgenCalls),
// which a package of their own can hold, and a probe with a callback
// argument uses them.
func TestCheckFastPath(t *testing.T) {
	f := loadDiv(t)
	pr := &preparer{}
	for i, p := range []Probe{
		{ID: "plain", Args: []string{"6", "3"}},
		{ID: "setup", Setup: "s := &Stack{items: []int{1}}\n_ = s", Args: []string{"6", "2"}},
	} {
		if _, err := pr.prepare(&Program{Func: f, Probes: []Probe{p}}, "_test.go", nil); err != nil {
			t.Fatal(err)
		}
		if n := pr.wholeChecks.Load(); n != 0 {
			t.Errorf("probe %d: the whole package was checked %d times, want none", i, n)
		}
	}
}

func TestDeclaresMethods(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"package p\nfunc f() {}", false},
		{"package p\ntype own struct{}\nfunc (o *own) add() {}", false},
		{"package p\ntype own[T any] struct{}\nfunc (o own[T]) add() {}", false},
		{"package p\nfunc (s *Stack) extra() {}", true},
		{"package p\ntype own struct{}\nfunc (s Stack) extra() {}", true},
	}
	for _, tt := range tests {
		af, err := parser.ParseFile(token.NewFileSet(), "x.go", tt.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := declaresMethods([]*ast.File{af}); got != tt.want {
			t.Errorf("declaresMethods(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
