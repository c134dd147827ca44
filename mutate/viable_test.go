package mutate

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/target"
)

// TestBodyCompilesAgrees checks the check of a mutated function alone
// (bodyCompiles) against the check of the whole package, on every
// mutant of every function of the examples and of the executors' test
// package (methods on structs, generics, closures): it never accepts a
// mutant the whole package's check rejects, and it decides most of
// those that compile by itself.
func TestBodyCompilesAgrees(t *testing.T) {
	for _, dir := range []string{"../examples/geo", "../examples/inventory", "../examples/pricing", "../examples/stats", "../executors/testdata/mod/calc"} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			c := loadChecker(t, dir)
			funcs, _ := c.pkg.Funcs()
			var viable, fast, rejected int
			for _, f := range funcs {
				muts, err := functionMutants(f, c.srcs[f.File])
				if err != nil {
					continue
				}
				for _, m := range muts {
					full := c.checkFiles(map[string][]byte{f.File: m.Src})
					ok := c.bodyCompiles(f.File, m.Src)
					switch {
					case ok && full != "":
						t.Errorf("%s: %s: accepted alone, but the package does not compile: %s", f.Name, m, full)
					case full == "":
						viable++
						if ok {
							fast++
						}
					default:
						rejected++
					}
				}
			}
			t.Logf("%d mutants compile, %d of them told alone; %d do not compile", viable, fast, rejected)
			if viable > 0 && fast*10 < viable*8 {
				t.Errorf("only %d of %d compiling mutants told alone", fast, viable)
			}
		})
	}
}

// TestBodyCompilesFallsBack checks that a change outside one function's
// body is left to the whole package's check.
func TestBodyCompilesFallsBack(t *testing.T) {
	c := loadChecker(t, "../examples/stats")
	for file, src := range c.srcs {
		s := string(src)
		i := strings.Index(s, "\nfunc ")
		if i < 0 {
			continue
		}
		// A new declaration: not a change of one body.
		changed := s[:i] + "\nvar specgenExtra = 1\n" + s[i:]
		if c.bodyCompiles(file, []byte(changed)) {
			t.Errorf("%s: a new package-level declaration was told alone", file)
		}
	}
}

// loadChecker loads the package in dir and makes its checker.
func loadChecker(t *testing.T, dir string) *checker {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := target.Load(context.Background(), ".", target.Config{Dir: abs})
	if err != nil {
		t.Fatal(err)
	}
	c, err := newChecker(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
