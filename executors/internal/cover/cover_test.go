package cover_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	"github.com/specgen-dev/specgen/internal/golden"
)

// TestGolden checks the instrumented text of the test cases against
// testdata/golden (go test -update rewrites it). The golden files show
// where counters go; TestMatchesGoTestCover shows that they are right.
func TestGolden(t *testing.T) {
	srcs := readCases(t)
	out, decl, _, err := cover.Package("covt", srcs, cover.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out["zz_counters.go"] = decl
	for name, got := range out {
		t.Run(name, func(t *testing.T) {
			golden.Check(t, "testdata/golden/"+name+".golden", got)
		})
	}
}

// lineToken is a token of a file with the line it is on.
type lineToken struct {
	Line int
	Text string
}

// lineTokens lists the identifiers, literals and comments of a file with
// their lines (unadjusted by //line directives), leaving out assignments
// to elements of the array named skip.
func lineTokens(t *testing.T, name string, src []byte, skip string) []lineToken {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line }
	var toks []lineToken
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if ix, ok := n.Lhs[0].(*ast.IndexExpr); ok {
				if id, ok := ix.X.(*ast.Ident); ok && id.Name == skip {
					return false
				}
			}
		case *ast.Ident:
			toks = append(toks, lineToken{line(n.Pos()), n.Name})
		case *ast.BasicLit:
			toks = append(toks, lineToken{line(n.Pos()), n.Value})
		}
		return true
	})
	for _, g := range f.Comments {
		for _, c := range g.List {
			toks = append(toks, lineToken{line(c.Pos()), c.Text})
		}
	}
	return toks
}

// TestLinesKept checks that instrumenting keeps every identifier, literal
// and comment (build constraints and //line directives included) on its
// line, and that the output parses.
func TestLinesKept(t *testing.T) {
	for _, s := range readCases(t) {
		t.Run(s.Name, func(t *testing.T) {
			out, blocks, err := cover.File(s.Name, s.Src, cover.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(blocks) == 0 {
				t.Fatal("no blocks")
			}
			if got, want := bytes.Count(out, []byte("\n")), bytes.Count(s.Src, []byte("\n")); got != want {
				t.Errorf("output has %d lines, input %d", got, want)
			}
			want := lineTokens(t, s.Name, s.Src, "")
			got := lineTokens(t, s.Name, out, cover.DefaultCounterVar)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("tokens moved (-input +output):\n%s", diff)
			}
			if n := bytes.Count(out, []byte(cover.DefaultCounterVar+"[")); n != len(blocks) {
				t.Errorf("%d counter statements for %d blocks", n, len(blocks))
			}
		})
	}
}

func TestFileErrors(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		opts    cover.Options
		wantErr string
		reason  string
	}{
		{
			name:    "cgo",
			src:     "package p\n\n// int f(void) { return 1; }\nimport \"C\"\n\nfunc F() int { return int(C.f()) }\n",
			wantErr: "instrument x.go: cgo file cannot be instrumented",
			reason:  "cgo files are not instrumented; the error names the file",
		},
		{
			name:    "syntax",
			src:     "package p\n\nfunc F() {\n",
			wantErr: "instrument x.go: x.go:",
			reason:  "a file that does not parse is reported with its position",
		},
		{
			name:    "clash",
			src:     "package p\n\nfunc F() { specgenCov := 1; _ = specgenCov }\n",
			wantErr: "counter variable specgenCov is already used at x.go:3:12",
			reason:  "a local named like the counter array would shadow it",
		},
		{
			name:    "bad var",
			src:     "package p\n",
			opts:    cover.Options{CounterVar: "a.b"},
			wantErr: `counter variable "a.b" is not an identifier`,
			reason:  "the counter array needs a plain name",
		},
		{
			name:    "negative first",
			src:     "package p\n",
			opts:    cover.Options{First: -1},
			wantErr: "negative first counter -1",
			reason:  "counter indices start at 0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := cover.File("x.go", []byte(tt.src), tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q (%s)", err, tt.wantErr, tt.reason)
			}
		})
	}

	t.Run("cgo is ErrCgo", func(t *testing.T) {
		_, _, _, err := cover.Package("p", []cover.Source{
			{Name: "ok.go", Src: []byte("package p\n\nfunc F() {}\n")},
			{Name: "c.go", Src: []byte("package p\n\nimport \"C\"\n")},
		}, cover.Options{})
		if !errors.Is(err, cover.ErrCgo) || !strings.Contains(err.Error(), "c.go") {
			t.Fatalf("err = %v, want ErrCgo naming c.go", err)
		}
	})
}

func TestPackage(t *testing.T) {
	a := cover.Source{Name: "a.go", Src: []byte("package p\n\nfunc A(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n")}
	b := cover.Source{Name: "b.go", Src: []byte("//go:build linux\n\npackage p\n\nfunc B() {}\n")}

	t.Run("numbering", func(t *testing.T) {
		out, decl, blocks, err := cover.Package("p", []cover.Source{a, b}, cover.Options{CounterVar: "Cov", First: 2})
		if err != nil {
			t.Fatal(err)
		}
		// a.go has 3 blocks (counters 2-4), b.go 1 (counter 5).
		if len(blocks) != 4 || blocks[3].File != "b.go" {
			t.Fatalf("blocks = %v, want 3 of a.go then 1 of b.go", blocks)
		}
		if !bytes.Contains(out["b.go"], []byte("func B() {Cov[5] = 1;}")) {
			t.Errorf("b.go does not continue the numbering of a.go:\n%s", out["b.go"])
		}
		if !bytes.HasPrefix(out["b.go"], []byte("//go:build linux\n\npackage p\n")) {
			t.Errorf("b.go lost its build constraint:\n%s", out["b.go"])
		}
		for _, want := range []string{"Cov[2] = 1;", "Cov[3] = 1;", "Cov[4] = 1;"} {
			if !bytes.Contains(out["a.go"], []byte(want)) {
				t.Errorf("a.go lacks %q:\n%s", want, out["a.go"])
			}
		}
		wantDecl := "// Code generated by specgen (coverage counters). DO NOT EDIT.\n\npackage p\n\nvar Cov [6]uint32\n"
		if string(decl) != wantDecl {
			t.Errorf("decl = %q, want %q", decl, wantDecl)
		}
	})

	t.Run("errors", func(t *testing.T) {
		tests := []struct {
			name    string
			pkg     string
			files   []cover.Source
			wantErr string
			reason  string
		}{
			{"duplicate", "p", []cover.Source{a, a}, "file a.go given twice", "a file would be numbered twice"},
			{"package name", "p-q", []cover.Source{a}, `invalid package name "p-q"`, "the declaration file needs a valid package clause"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, _, _, err := cover.Package(tt.pkg, tt.files, cover.Options{})
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q (%s)", err, tt.wantErr, tt.reason)
				}
			})
		}
	})
}

// TestFileConstructs pins the blocks of small constructs whose handling is
// easy to get wrong; TestMatchesGoTestCover checks the same rules against
// the go command on larger files.
func TestFileConstructs(t *testing.T) {
	tests := []struct {
		name   string
		body   string // the body of func f(x int), after "func f(x int) {"
		want   string // the instrumented body
		reason string
	}{
		{
			name:   "empty",
			body:   "}",
			want:   "c[0] = 1;}",
			reason: "an empty body still gets a counter",
		},
		{
			name:   "panic ends a block",
			body:   " x++; panic(x); x-- }",
			want:   "c[0] = 1; x++; panic(x); c[1] = 1;x-- }",
			reason: "statements after panic form their own block",
		},
		{
			name:   "label starts a block",
			body:   " x++\nL:\n\tx--\n\tgoto L }",
			want:   "c[0] = 1; x++\nL:\n\tc[1] = 1;x--\n\tgoto L }",
			reason: "a label may be a goto target: the counter goes between label and statement",
		},
		{
			name:   "labelled loop keeps its label",
			body:   "\nL:\n\tfor {\n\t\tbreak L\n\t} }",
			want:   "c[0] = 1;\nL:\n\tfor {c[1] = 1;\n\t\tbreak L\n\t} }",
			reason: "a label cannot be separated from its loop",
		},
		{
			name:   "else if gets a hidden block",
			body:   " if x > 0 { x = 1 } else if x < 0 { x = 2 } }",
			want:   "c[0] = 1; if x > 0 {c[1] = 1; x = 1 } else{ c[2] = 1;if x < 0 {c[3] = 1; x = 2 }} }",
			reason: "the condition of an else-if needs a place for its counter",
		},
		{
			name:   "func literal ends a block",
			body:   " g := func() { x++ }; g() }",
			want:   "c[0] = 1; g := func() {c[2] = 1; x++ }; c[1] = 1;g() }",
			reason: "the literal's body is a block of its own",
		},
		{
			name:   "empty switch and select",
			body:   " switch x {}; select {} }",
			want:   "c[0] = 1; switch x {}; c[1] = 1;select {} }",
			reason: "an empty switch or select has no counter inside; the switch still ends a block",
		},
		{
			name:   "case clauses",
			body:   " switch x { case 1: x++; case 2: } }",
			want:   "c[0] = 1; switch x { case 1:c[1] = 1; x++; case 2:c[2] = 1; } }",
			reason: "each clause is a block, empty ones included",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const head = "package p\n\nfunc f(x int) {"
			out, _, err := cover.File("p.go", []byte(head+tt.body+"\n"), cover.Options{CounterVar: "c"})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(strings.TrimPrefix(string(out), head), "\n"); got != tt.want {
				t.Errorf("instrumented body:\n got %q\nwant %q\n(%s)", got, tt.want, tt.reason)
			}
		})
	}
}

func ExampleFile() {
	src := []byte(`package p

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`)
	out, blocks, err := cover.File("p.go", src, cover.Options{CounterVar: "cov"})
	if err != nil {
		panic(err)
	}
	fmt.Print(string(out))
	for i, b := range blocks {
		fmt.Println(i, b)
	}
	// Output:
	// package p
	//
	// func Abs(x int) int {cov[0] = 1;
	// 	if x < 0 {cov[2] = 1;
	// 		return -x
	// 	}
	// 	cov[1] = 1;return x
	// }
	// 0 p.go:3.21,4.11 1
	// 1 p.go:7.2,7.10 1
	// 2 p.go:4.11,6.3 1
}

func ExampleCoverage() {
	src := []byte(`package p

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`)
	files, decl, blocks, err := cover.Package("p", []cover.Source{{Name: "/src/p/p.go", Src: src}}, cover.Options{})
	if err != nil {
		panic(err)
	}
	_, _ = files, decl // compiled or interpreted together, then Abs(3) runs:
	counters := []uint32{1, 1, 0}

	covered := cover.Covered(counters, 0, len(blocks))
	stmts, ran := cover.Coverage(blocks, covered, cover.Lines("/src/p/p.go", 3, 8))
	fmt.Printf("%d of %d statements (%.1f%%)\n", ran, stmts, 100*float64(ran)/float64(stmts))
	for _, i := range cover.Uncovered(blocks, covered, cover.Lines("/src/p/p.go", 3, 8)) {
		fmt.Printf("not run: lines %d-%d\n", blocks[i].StartLine, blocks[i].EndLine)
	}
	// Output:
	// 2 of 3 statements (66.7%)
	// not run: lines 4-6
}
