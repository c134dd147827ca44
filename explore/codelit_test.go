package explore

import (
	"context"
	"go/parser"
	"go/types"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// TestCodeLiteral: a value built by code is changed by one of its string
// or small integer literals, the rest of its text kept, and it still
// parses; an array's length, a constant index, a make's length and
// capacity, a large integer and a fake's method names are not changed,
// nor is code without literals.
func TestCodeLiteral(t *testing.T) {
	for _, tt := range []struct {
		code string
		// may lists the literals that can change, as written.
		may []string
	}{
		{`MustCompile("a*")`, []string{`"a*"`}},
		{"Parse(`raw\\n`)", []string{"`raw\\n`"}},
		{`New(2)`, []string{`2`}},
		{`NewSpan("ab", 1, 300, [3]int{1: 9}, xs[4])`, []string{`"ab"`, `1`, `9`}},
		{`func() *Cache { c := New(4); c.Add("k", 0x10); return c }()`, []string{`4`, `"k"`}},
		{`Fill(make([]int, 0, 8), 3)`, []string{`3`}},
		// A fake's keys are its methods' names.
		{`New(Store(fakeStore{"Get": []any{"v", nil}}), map[string]int{"k": 1})`, []string{`"v"`, `"k"`, `1`}},
	} {
		seen := map[string]bool{}
		for seed := uint64(0); seed < 200; seed++ {
			mu := newMutator(rand.New(rand.NewPCG(seed, 3)), newValueGen(nil, &mined{}))
			out, op, ok := mu.codeLiteral(tt.code)
			if !ok {
				t.Fatalf("codeLiteral(%s): not changed", tt.code)
			}
			if _, err := parser.ParseExpr(out); err != nil {
				t.Fatalf("codeLiteral(%s) = %s (%s), which does not parse: %v", tt.code, out, op, err)
			}
			from, to, ok := changedLiteral(tt.code, out, tt.may)
			if !ok {
				t.Fatalf("codeLiteral(%s) = %s (%s): not one of %q changed", tt.code, out, op, tt.may)
			}
			seen[from] = true
			if n, err := strconv.Atoi(to); err == nil && (n < 0 || n > maxCodeLiteral) {
				t.Errorf("codeLiteral(%s) = %s: integer %d out of 0..%d", tt.code, out, n, maxCodeLiteral)
			}
		}
		for _, l := range tt.may {
			if !seen[l] {
				t.Errorf("codeLiteral(%s): %s never changed in 200 seeds", tt.code, l)
			}
		}
	}
	for _, code := range []string{`New()`, `NewCache(func(k int) { panic("boom") })`, `&Pattern{}`, `[2]int{}`, `Size(1 << 70 >> 68)`, `New(128)`, `"unterminated`} {
		mu := newMutator(rand.New(rand.NewPCG(1, 3)), newValueGen(nil, &mined{}))
		if out, _, ok := mu.codeLiteral(code); ok {
			t.Errorf("codeLiteral(%s) = %s, want no change", code, out)
		}
	}
}

// changedLiteral finds which literal of may changed from code to out,
// all else equal, and what it became.
func changedLiteral(code, out string, may []string) (from, to string, ok bool) {
	for _, l := range may {
		for i := 0; ; {
			j := strings.Index(code[i:], l)
			if j < 0 {
				break
			}
			at := i + j
			pre, post := code[:at], code[at+len(l):]
			if strings.HasPrefix(out, pre) && strings.HasSuffix(out, post) && len(out) >= len(pre)+len(post) {
				mid := out[len(pre) : len(out)-len(post)]
				if mid != l && litRE.MatchString(mid) {
					return l, mid, true
				}
			}
			i = at + 1
		}
	}
	return "", "", false
}

var litRE = regexp.MustCompile("^(\"(?:[^\"\\\\]|\\\\.)*\"|[0-9]+)$")

// TestDocumented: a constructor's string candidates past the first
// ctorArgPicks take the examples quoted in the docs right after them, the
// longer before a lone character, at most ctorDocPicks; the first keep
// their places; with no example quoted, the order is kept.
func TestDocumented(t *testing.T) {
	strs := func(ss ...string) []spec.Value {
		var vs []spec.Value
		for _, s := range ss {
			vs = append(vs, spec.StringValue(s))
		}
		return vs
	}
	first := []string{"1", "42", "1.5", "0", "-1", "007", "00", "+1", "-0", "1e3", "", "abc"}
	for _, tt := range []struct {
		rest      []string
		docs, rel []string
		want      []string
		moved     int
	}{
		{[]string{"x", "*", "y", "{a,b}"}, nil, []string{"{a,b}", "*", "unused", "1"}, []string{"{a,b}", "*", "x", "y"}, 2},
		{[]string{"x", "1.2.3"}, []string{"1.2.3"}, nil, []string{"1.2.3", "x"}, 1},
		{[]string{"x", "y"}, nil, nil, []string{"x", "y"}, 0},
		{[]string{"a", "b", "c", "d", "e", "f", "g", "h"}, []string{"a", "b", "c", "d", "e", "f", "g"}, nil, []string{"a", "b", "c", "d", "e", "f", "h", "g"}, 6},
	} {
		got, moved := documented(strs(append(slices.Clone(first), tt.rest...)...), &mined{docs: tt.docs, related: tt.rel})
		var gs []string
		for _, v := range got {
			gs = append(gs, v.Str)
		}
		want := append(slices.Clone(first), tt.want...)
		if !slices.Equal(gs, want) || moved != tt.moved {
			t.Errorf("documented(first, %q, docs %q, related %q) = %q, %d; want %q, %d", tt.rest, tt.docs, tt.rel, gs, moved, want, tt.moved)
		}
	}
}

// TestFieldValues: an input of a type of the package is also read off
// the fields of the values its constructors build, an interface field
// asserted to the input's type (or, for a []node, to the package's type
// of that underlying type); a field of another type, a type of
// another package and a struct's own type are not.
func TestFieldValues(t *testing.T) {
	p, err := target.Load(context.Background(), ".", target.Config{Dir: "testdata/fields"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fn, param string
		want      []string
	}{
		{"depth", "n", []string{`Parse(`, `).root`}},
		{"sum.size", "", []string{`).root.(sum)`}},
		{"total", "ns", []string{`).root.(sum)`}},
		{"(*Expr).text2", "", nil},
		{"weight", "p", []string{`NewCursor()`, `).pair`}},
	} {
		f, err := p.Func(tt.fn)
		if err != nil {
			t.Fatal(err)
		}
		var typ types.Type
		if tt.param == "" {
			typ = f.Recv
		} else {
			typ = f.Params[0].Type
		}
		g := newValueGen(p.Types, mine(f))
		g.pkg = p
		var got []string
		for _, v := range g.fieldValues(typ, 0) {
			got = append(got, v.Str)
		}
		if tt.want == nil {
			if len(got) > 0 {
				t.Errorf("%s: fieldValues = %q, want none", tt.fn, got)
			}
			continue
		}
		if len(got) == 0 {
			t.Errorf("%s: no field values", tt.fn)
		}
		for _, e := range got {
			for _, w := range tt.want {
				if !strings.Contains(e, w) {
					t.Errorf("%s: field value %s, want it to contain %s", tt.fn, e, w)
				}
			}
		}
	}
	// A type a literal writes as well keeps a literal for its typical
	// value, before the fields read off values at their start.
	f, err := p.Func("weight")
	if err != nil {
		t.Fatal(err)
	}
	g := newValueGen(p.Types, mine(f))
	g.pkg = p
	cands := g.values(f.Params[0].Type)
	if got := g.typical(f.Params[0].Type, cands); got.Kind == spec.Code {
		t.Errorf("typical *Pair = %s, want a literal (candidates %q)", got.Str, candTexts(cands))
	}
}
