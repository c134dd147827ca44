package mutate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parseFunc parses a file holding body as the body of func F and
// returns what Mutants needs, with type information.
func parseFunc(t *testing.T, decls, body string) (*token.FileSet, *ast.File, []byte, *ast.FuncDecl, *types.Info) {
	t.Helper()
	src := []byte("package p\n\n" + decls + "\nfunc F(a, b int, s string, ok bool, u uint) int {\n" + body + "\n\treturn a\n}\n\nfunc G(a int) int { return a + 1 }\n")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatalf("type-check: %v\n%s", err, src)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "F" {
			return fset, f, src, fd, info
		}
	}
	t.Fatal("no func F")
	return nil, nil, nil, nil, nil
}

// describe renders a mutant as "KIND a → b at L:C: the mutated line".
func describe(m Mutant) string {
	lines := bytes.Split(m.Src, []byte("\n"))
	return fmt.Sprintf("%s at %d:%d: %s", m.Change(), m.Pos.Line, m.Pos.Column, strings.TrimSpace(string(lines[m.Pos.Line-1])))
}

func TestMutants(t *testing.T) {
	tests := []struct {
		name   string
		decls  string
		body   string
		noInfo bool // without type information
		want   []string
	}{
		{
			name: "arithmetic base swaps + and -, * and /, turns % into *",
			body: "\ta = a + b - a*b/a%b",
			want: []string{
				"ARITHMETIC_BASE + → - at 5:8: a = a - b - a*b/a%b",
				"ARITHMETIC_BASE - → + at 5:12: a = a + b + a*b/a%b",
				"ARITHMETIC_BASE * → / at 5:15: a = a + b - a/b/a%b",
				"ARITHMETIC_BASE / → * at 5:17: a = a + b - a*b*a%b",
				"ARITHMETIC_BASE % → * at 5:19: a = a + b - a*b/a*b",
			},
		},
		{
			name: "string concatenation is skipped with type information: s - s cannot compile",
			body: "\ts = s + \"x\"\n\t_ = s",
			want: nil,
		},
		{
			name:   "string concatenation is mutated without type information",
			body:   "\ts = s + \"x\"\n\t_ = s",
			noInfo: true,
			want:   []string{`ARITHMETIC_BASE + → - at 5:8: s = s - "x"`},
		},
		{
			name: "boundary and negation on every ordering comparison",
			body: "\tif a < b || a <= b {\n\t\ta = 1\n\t}\n\tok = a > b && a >= b",
			want: []string{
				"CONDITIONALS_BOUNDARY < → <= at 5:7: if a <= b || a <= b {",
				"CONDITIONALS_NEGATION < → >= at 5:7: if a >= b || a <= b {",
				"INVERT_LOGICAL || → && at 5:11: if a < b && a <= b {",
				"CONDITIONALS_BOUNDARY <= → < at 5:16: if a < b || a < b {",
				"CONDITIONALS_NEGATION <= → > at 5:16: if a < b || a > b {",
				"CONDITIONALS_BOUNDARY > → >= at 8:9: ok = a >= b && a >= b",
				"CONDITIONALS_NEGATION > → <= at 8:9: ok = a <= b && a >= b",
				"INVERT_LOGICAL && → || at 8:13: ok = a > b || a >= b",
				"CONDITIONALS_BOUNDARY >= → > at 8:18: ok = a > b && a > b",
				"CONDITIONALS_NEGATION >= → < at 8:18: ok = a > b && a < b",
			},
		},
		{
			name: "equality is negated, with no boundary",
			body: "\tok = a == b || a != b",
			want: []string{
				"CONDITIONALS_NEGATION == → != at 5:9: ok = a != b || a != b",
				"INVERT_LOGICAL || → && at 5:14: ok = a == b && a != b",
				"CONDITIONALS_NEGATION != → == at 5:19: ok = a == b || a == b",
			},
		},
		{
			name: "increment and decrement swap",
			body: "\ta++\n\tb--",
			want: []string{
				"INCREMENT_DECREMENT ++ → -- at 5:3: a--",
				"INCREMENT_DECREMENT -- → ++ at 6:3: b++",
			},
		},
		{
			name: "arithmetic compound assignments invert and lose their operator",
			body: "\ta += b\n\ta -= b\n\ta *= b\n\ta /= b\n\ta %= b",
			want: []string{
				"INVERT_ASSIGNMENTS += → -= at 5:4: a -= b",
				"REMOVE_SELF_ASSIGNMENTS += → = at 5:4: a = b",
				"INVERT_ASSIGNMENTS -= → += at 6:4: a += b",
				"REMOVE_SELF_ASSIGNMENTS -= → = at 6:4: a = b",
				"INVERT_ASSIGNMENTS *= → /= at 7:4: a /= b",
				"REMOVE_SELF_ASSIGNMENTS *= → = at 7:4: a = b",
				"INVERT_ASSIGNMENTS /= → *= at 8:4: a *= b",
				"REMOVE_SELF_ASSIGNMENTS /= → = at 8:4: a = b",
				"INVERT_ASSIGNMENTS %= → *= at 9:4: a *= b",
				"REMOVE_SELF_ASSIGNMENTS %= → = at 9:4: a = b",
			},
		},
		{
			name: "s += on a string only loses its operator: s -= cannot compile",
			body: "\ts += \"x\"\n\t_ = s",
			want: []string{`REMOVE_SELF_ASSIGNMENTS += → = at 5:4: s = "x"`},
		},
		{
			name: "bitwise operators swap; ^ and &^ become &",
			body: "\ta = a&b | a^b\n\ta = a &^ b << 1 >> 2",
			want: []string{
				"INVERT_BITWISE & → | at 5:7: a = a|b | a^b",
				"INVERT_BITWISE | → & at 5:10: a = a&b & a^b",
				"INVERT_BITWISE ^ → & at 5:13: a = a&b | a&b",
				"INVERT_BITWISE &^ → & at 6:8: a = a & b << 1 >> 2",
				"INVERT_BITWISE << → >> at 6:13: a = a &^ b >> 1 >> 2",
				"INVERT_BITWISE >> → << at 6:18: a = a &^ b << 1 << 2",
			},
		},
		{
			name: "bitwise compound assignments swap and lose their operator",
			body: "\ta &= b\n\ta |= b\n\ta ^= b",
			want: []string{
				"INVERT_BWASSIGN &= → |= at 5:4: a |= b",
				"REMOVE_SELF_ASSIGNMENTS &= → = at 5:4: a = b",
				"INVERT_BWASSIGN |= → &= at 6:4: a &= b",
				"REMOVE_SELF_ASSIGNMENTS |= → = at 6:4: a = b",
				"INVERT_BWASSIGN ^= → &= at 7:4: a &= b",
				"REMOVE_SELF_ASSIGNMENTS ^= → = at 7:4: a = b",
			},
		},
		{
			name: "break and continue swap",
			body: "\tfor {\n\t\tif ok {\n\t\t\tcontinue\n\t\t}\n\t\tbreak\n\t}",
			want: []string{
				"INVERT_LOOPCTRL continue → break at 7:4: break",
				"INVERT_LOOPCTRL break → continue at 9:3: continue",
			},
		},
		{
			name: "a unary minus becomes a plus; unary ! ^ & are left alone",
			body: "\ta = -b\n\tok = !ok\n\ta = ^a\n\t_ = &a",
			want: []string{"INVERT_NEGATIVES - → + at 5:6: a = +b"},
		},
		{
			name: "only the function's own extent is mutated: G's + is not",
			body: "\t// a + b in a comment is not code\n\t_ = \"a - b\"",
			want: nil,
		},
		{
			name: "function literals inside the function are mutated",
			body: "\tf := func() int { return a * 2 }\n\t_ = f",
			want: []string{"ARITHMETIC_BASE * → / at 5:29: f := func() int { return a / 2 }"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, f, src, fd, info := parseFunc(t, tt.decls, tt.body)
			if tt.noInfo {
				info = nil
			}
			muts := Mutants(fset, f, src, fd.Pos(), fd.End(), info)
			var got []string
			for _, m := range muts {
				got = append(got, describe(m))
				if bytes.Count(m.Src, []byte("\n")) != bytes.Count(src, []byte("\n")) {
					t.Errorf("%s: mutant has a different number of lines", m)
				}
				if _, err := parser.ParseFile(token.NewFileSet(), "m.go", m.Src, 0); err != nil {
					t.Errorf("%s: mutant does not parse: %v", m, err)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mutants (-want +got):\n%s", diff)
			}
		})
	}
}

// The eleven mutators of gremlins v0.6.0, each once, in the order of
// its documentation.
func TestKinds(t *testing.T) {
	want := []Kind{
		ArithmeticBase, ConditionalsBoundary, ConditionalsNegation, IncrementDecrement,
		InvertAssignments, InvertBitwise, InvertBitwiseAssignments, InvertLogical,
		InvertLoopCtrl, InvertNegatives, RemoveSelfAssignments,
	}
	if diff := cmp.Diff(want, Kinds()); diff != "" {
		t.Errorf("Kinds (-want +got):\n%s", diff)
	}
}

func TestMutantString(t *testing.T) {
	m := Mutant{Kind: ConditionalsBoundary, Pos: token.Position{Filename: "x.go", Line: 3, Column: 7}, Original: "<", Replacement: "<="}
	if got, want := m.String(), "x.go:3:7: CONDITIONALS_BOUNDARY < → <="; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestEditRefusesMismatch(t *testing.T) {
	// The source given does not hold the token the syntax says: no mutant
	// rather than a corrupt file.
	fset, f, src, fd, info := parseFunc(t, "", "\ta = a + b")
	other := bytes.Replace(src, []byte("a + b"), []byte("a ~ b"), 1)
	if muts := Mutants(fset, f, other, fd.Pos(), fd.End(), info); len(muts) != 0 {
		t.Errorf("got %d mutants from mismatched source, want 0", len(muts))
	}
}

func TestGremlinsMutants(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{
			name: "a unary minus makes two identical mutants, as gremlins counts it",
			body: "\ta = -b",
			want: []string{"INVERT_NEGATIVES - → + at 5:6: a = +b", "ARITHMETIC_BASE - → + at 5:6: a = +b"},
		},
		{
			name: "address-of gets INVERT_BITWISE, which cannot compile",
			body: "\tp := &a\n\t_ = p",
			want: []string{"INVERT_BITWISE & → | at 5:7: p := |a"},
		},
		{
			name: "string concatenation is mutated: gremlins has no types",
			body: "\ts = s + \"x\"\n\t_ = s",
			want: []string{`ARITHMETIC_BASE + → - at 5:8: s = s - "x"`},
		},
		{
			name: "%= stays %= under INVERT_ASSIGNMENTS; the order is gremlins's",
			body: "\ta %= b\n\ta &= b",
			want: []string{
				"INVERT_ASSIGNMENTS %= → %= at 5:4: a %= b",
				"REMOVE_SELF_ASSIGNMENTS %= → = at 5:4: a = b",
				"REMOVE_SELF_ASSIGNMENTS &= → = at 6:4: a = b",
				"INVERT_BWASSIGN &= → |= at 6:4: a |= b",
			},
		},
		{
			name: "definitions, logical not and receives are left alone",
			body: "\tc := make(chan int)\n\tok = !ok\n\ta = <-c",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, f, src, fd, _ := parseFunc(t, "", tt.body)
			var got []string
			for _, m := range GremlinsMutants(fset, f, src, fd.Pos(), fd.End()) {
				got = append(got, describe(m))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mutants (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGremlinsAdjust(t *testing.T) {
	tests := []struct {
		name          string
		g             GremlinsCounts
		killed, total int
		want          float64
		ok            bool
	}{
		{"nothing to adjust", GremlinsCounts{Covered: 4}, 3, 4, 75, true},
		{"unviable mutants leave killed and total", GremlinsCounts{Covered: 13, NotViable: 3}, 9, 13, 60, true},
		{"all unviable: no score left", GremlinsCounts{Covered: 3, NotViable: 3}, 3, 3, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.g.Adjust(tt.killed, tt.total)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Adjust(%d, %d) = %v, %v; want %v, %v", tt.killed, tt.total, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestMutantsReach: a case expression's mutants are reached where their
// switch statement is (no coverage block holds a case's expressions);
// other mutants, a case body's included, are reached where they are.
func TestMutantsReach(t *testing.T) {
	body := "\tswitch {\n\tcase a < 0 || a > 100:\n\t\ta = 1\n\tcase a >= b:\n\t\ta = a + 1\n\t}\n\tswitch a + 1 {\n\tcase b - 1, u2i(u):\n\t}"
	fset, f, src, fd, info := parseFunc(t, "func u2i(u uint) int { return int(u) }\n", body)
	var got []string
	for _, m := range Mutants(fset, f, src, fd.Pos(), fd.End(), info) {
		line, col := m.reached()
		got = append(got, fmt.Sprintf("%s at %d:%d reached at %d:%d", m.Change(), m.Pos.Line, m.Pos.Column, line, col))
	}
	want := []string{
		"CONDITIONALS_BOUNDARY < → <= at 7:9 reached at 6:2",
		"CONDITIONALS_NEGATION < → >= at 7:9 reached at 6:2",
		"INVERT_LOGICAL || → && at 7:13 reached at 6:2",
		"CONDITIONALS_BOUNDARY > → >= at 7:18 reached at 6:2",
		"CONDITIONALS_NEGATION > → <= at 7:18 reached at 6:2",
		"CONDITIONALS_BOUNDARY >= → > at 9:9 reached at 6:2",
		"CONDITIONALS_NEGATION >= → < at 9:9 reached at 6:2",
		"ARITHMETIC_BASE + → - at 10:9 reached at 10:9",
		"ARITHMETIC_BASE + → - at 12:11 reached at 12:11",
		"ARITHMETIC_BASE - → + at 13:9 reached at 12:2",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mutants (-want +got):\n%s", diff)
	}
}
