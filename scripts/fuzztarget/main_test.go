package main

import (
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestGenerate(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "testdata/p/p.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	imp := importer.ForCompiler(fset, "source", nil)
	pkg, err := (&types.Config{Importer: imp}).Check("example.com/p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fn, why string
		// skip is the reason it gives; "" if it writes a target,
		// which must match testdata/NAME.golden.
		skip string
	}{
		{"Parse", "one string", ""},
		{"Mixed", "every basic kind, byte and rune among them", ""},
		{"Every", "named types of this package and another, and an alias, are converted", ""},
		{"Parser.Parse", "a struct receiver whose fields are all fuzzable is built from fuzzed values", ""},
		{"Mode.String", "a receiver of a fuzzable named type is fuzzed", ""},
		{"(*ID).UnmarshalText", "a receiver with no nil in its zero value is used as it is", ""},
		{"Time", "a struct parameter", "parameter t: time.Time is not a type go test -fuzz takes"},
		{"Pointer", "a pointer parameter", "parameter u: *url.URL is not a type go test -fuzz takes"},
		{"Strings", "a slice other than []byte", "parameter words: []string is not a type go test -fuzz takes"},
		{"Variadic", "the fuzzer takes no variadic function", "variadic"},
		{"Generic", "nor a generic one", "generic"},
		{"None", "no parameters, nothing to fuzz", "no input to fuzz"},
		{"ID.Bytes", "a usable receiver but no parameter", "no input to fuzz"},
		{"(*Schedule).Next", "the receiver's zero value has a nil pointer", "receiver Schedule: its zero value holds a nil pointer (field Loc)"},
		{"(*Counter).Add", "and here a nil map", "receiver Counter: its zero value holds a nil map (field seen)"},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			src, skip, err := generate(pkg, tt.fn, "FuzzX")
			if err != nil {
				t.Fatalf("%s: %v", tt.why, err)
			}
			if skip != tt.skip {
				t.Fatalf("%s: skip %q, want %q", tt.why, skip, tt.skip)
			}
			if skip != "" {
				return
			}
			// The target compiles with the package.
			gen, err := parser.ParseFile(fset, "fuzz_test.go", src, 0)
			if err != nil {
				t.Fatalf("%s: %v\n%s", tt.why, err, src)
			}
			if _, err := (&types.Config{Importer: imp}).Check("example.com/p", fset, []*ast.File{file, gen}, nil); err != nil {
				t.Fatalf("%s: the target does not compile: %v\n%s", tt.why, err, src)
			}
			golden := filepath.Join("testdata", strings.NewReplacer("(*", "ptr.", ")", "").Replace(tt.fn)+".golden")
			if *update {
				if err := os.WriteFile(golden, src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(src) != string(want) {
				t.Errorf("%s: got\n%s\nwant\n%s", tt.why, src, want)
			}
		})
	}
}

func TestGenerateUnknown(t *testing.T) {
	pkg := types.NewPackage("example.com/q", "q")
	for _, fn := range []string{"F", "T.M", "(*T).M"} {
		if _, _, err := generate(pkg, fn, "FuzzX"); err == nil {
			t.Errorf("%s: no error for a function the package lacks", fn)
		}
	}
}

// TestRun loads the package with go/packages, as the script does: an
// unexported function is found (export data would not have it), and a
// skip writes nothing.
func TestRun(t *testing.T) {
	tests := []struct {
		fn, want string
		written  bool
	}{
		{"lower", "fuzz\tFuzzX\n", true},
		{"Time", "skip\tparameter t: time.Time is not a type go test -fuzz takes\n", false},
	}
	for _, tt := range tests {
		out := filepath.Join(t.TempDir(), "fuzz_test.go")
		var b strings.Builder
		if err := run(&b, out, "FuzzX", "testdata/p", tt.fn); err != nil {
			t.Fatalf("%s: %v", tt.fn, err)
		}
		if b.String() != tt.want {
			t.Errorf("%s: printed %q, want %q", tt.fn, b.String(), tt.want)
		}
		src, err := os.ReadFile(out)
		if written := err == nil; written != tt.written {
			t.Fatalf("%s: written %t, want %t", tt.fn, written, tt.written)
		}
		if tt.written && !strings.Contains(string(src), "lower(a0)") {
			t.Errorf("%s: the target does not call it:\n%s", tt.fn, src)
		}
	}
}
