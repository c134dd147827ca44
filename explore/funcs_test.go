package explore

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestFuncValues(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	g := newValueGen(pkg, &mined{})
	tup := func(ts ...types.Type) *types.Tuple {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, types.NewParam(0, pkg, "", t))
		}
		return types.NewTuple(vs...)
	}
	sig := func(params, results []types.Type) *types.Signature {
		return types.NewSignatureType(nil, nil, nil, tup(params...), tup(results...), false)
	}
	var (
		intT    = types.Typ[types.Int]
		strT    = types.Typ[types.String]
		boolT   = types.Typ[types.Bool]
		errT    = types.Universe.Lookup("error").Type()
		float64 = types.Typ[types.Float64]
	)
	tests := []struct {
		name   string
		sig    *types.Signature
		want   []string // among the candidates, in this order
		absent []string
		reason string
	}{
		{
			name: "predicate", sig: sig([]types.Type{intT}, []types.Type{boolT}),
			want: []string{
				"func(x int) bool { return true }",
				"func(x int) bool { return false }",
				"func(x int) bool { return x > 0 }",
				`func(x int) bool { panic("boom") }`,
			},
			reason: "the constant predicates, a comparison of the parameter, and a panic",
		},
		{
			name: "string to string", sig: sig([]types.Type{strT}, []types.Type{strT}),
			want: []string{
				"func(x string) string { return x }",
				`func(x string) string { return "" }`,
				`func(x string) string { return "x" }`,
				`func(x string) string { return x + "!" }`,
				`func(x string) string { panic("boom") }`,
			},
			reason: "identity first, the zero value, a constant, a change, a panic",
		},
		{
			name: "less", sig: sig([]types.Type{float64, float64}, []types.Type{boolT}),
			want:   []string{"func(x float64, y float64) bool { return x < y }"},
			reason: "an order of two parameters of one ordered type",
		},
		{
			name: "conversion", sig: sig([]types.Type{intT}, []types.Type{strT, errT}),
			want:   []string{`func(x int) (string, error) { return "", nil }`, `func(x int) (string, error) { return "x", nil }`},
			absent: []string{`func(x int) (string, error) { return x, nil }`},
			reason: "no identity across types; an error result is nil",
		},
		{
			name: "no result", sig: sig([]types.Type{intT}, nil),
			want:   []string{"func(x int) {}", `func(x int) { panic("boom") }`},
			reason: "a function that does nothing, and one that panics",
		},
	}
	for _, tc := range tests {
		vs := g.funcValues(tc.sig)
		var got []string
		for _, v := range vs {
			if v.Kind == spec.Code {
				got = append(got, v.Str)
			}
		}
		if vs[len(vs)-1].Kind != spec.Null {
			t.Errorf("%s: last candidate %v, want nil", tc.name, vs[len(vs)-1])
		}
		last := -1
		for _, w := range tc.want {
			i := slices.Index(got, w)
			if i < 0 {
				t.Errorf("%s: %q missing from %q (%s)", tc.name, w, got, tc.reason)
				continue
			}
			if i < last {
				t.Errorf("%s: %q out of order in %q (%s)", tc.name, w, got, tc.reason)
			}
			last = i
		}
		for _, a := range tc.absent {
			if slices.Contains(got, a) {
				t.Errorf("%s: %q among %q (%s)", tc.name, a, got, tc.reason)
			}
		}
	}
}

// TestNamedFuncs checks the declared functions given for a func type:
// the package's own (unexported too) first, then the exported ones of
// the package declaring the named type, when the package imports it,
// each by shortest name first and only of the very signature; never a
// generic one, and none for a func().
func TestNamedFuncs(t *testing.T) {
	anyT := types.Universe.Lookup("any").Type()
	intT := types.Typ[types.Int]
	sigOf := func(pkg *types.Package, params ...types.Type) *types.Signature {
		var vs []*types.Var
		for _, p := range params {
			vs = append(vs, types.NewParam(0, pkg, "", p))
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(vs...), types.NewTuple(types.NewParam(0, pkg, "", intT)), false)
	}
	declare := func(pkg *types.Package, sig *types.Signature, names ...string) {
		for _, n := range names {
			pkg.Scope().Insert(types.NewFunc(0, pkg, n, sig))
		}
	}
	utils := types.NewPackage("example.com/utils", "utils")
	cmp := sigOf(utils, anyT, anyT)
	comparator := types.NewNamed(types.NewTypeName(0, utils, "Comparator", nil), cmp, nil)
	utils.Scope().Insert(comparator.Obj())
	declare(utils, cmp, "StringComparator", "IntComparator", "compareLen", "Float64Comparator", "ByteComparator", "RuneComparator")
	declare(utils, sigOf(utils, anyT), "Hash")
	tp := types.NewTypeParam(types.NewTypeName(0, utils, "T", nil), anyT)
	generic := types.NewSignatureType(nil, nil, []*types.TypeParam{tp}, types.NewTuple(types.NewParam(0, utils, "a", anyT), types.NewParam(0, utils, "b", anyT)), types.NewTuple(types.NewParam(0, utils, "", intT)), false)
	declare(utils, generic, "Cmp")

	importing := types.NewPackage("example.com/list", "list")
	importing.SetImports([]*types.Package{utils})
	declare(importing, sigOf(importing, anyT, anyT), "byLength")
	importing.Scope().Insert(types.NewFunc(0, importing, "cleanup", types.NewSignatureType(nil, nil, nil, nil, nil, false)))
	other := types.NewPackage("example.com/other", "other")

	codes := func(vs []spec.Value) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.Str)
		}
		return out
	}
	tests := []struct {
		name string
		pkg  *types.Package
		t    types.Type
		want []string
	}{
		{"own first, then the type's package, shortest names first", importing, comparator,
			[]string{"byLength", "utils.IntComparator", "utils.ByteComparator", "utils.RuneComparator"}},
		{"a package that does not import the type's", other, comparator, nil},
		{"an unnamed func type: the package's own", importing, cmp, []string{"byLength"}},
		{"func(): none", importing, types.NewSignatureType(nil, nil, nil, nil, nil, false), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newValueGen(tt.pkg, &mined{})
			got := codes(g.namedFuncs(tt.t, tt.t.Underlying().(*types.Signature)))
			if !slices.Equal(got, tt.want) {
				t.Errorf("namedFuncs = %q, want %q", got, tt.want)
			}
		})
	}
}

const makersSrc = `package ver

type options struct {
	prefix string
	limit  int
}

type Option func(*options)

func WithPrefix(p string) Option     { return func(o *options) { o.prefix = p } }
func withLimit(n int) Option         { return func(o *options) { o.limit = n } }
func Chain(opts ...Option) Option    { return nil }
func FetchPrefix(url string) Option  { return nil }
func Parse(v string, opts ...Option) (string, error) { return v, nil }
`

// TestFuncMakers: a parameter of a named func type (a functional option)
// is given what the package's functions that return one make, called
// with their arguments, as itself and as an element of opts ...Option;
// never a combinator that takes options, nor a function that looks like
// a fetch.
func TestFuncMakers(t *testing.T) {
	pkg := checkSource(t, "example.com/ver", makersSrc)
	g := newValueGen(pkg, &mined{})
	option := pkg.Scope().Lookup("Option").Type()
	// join lists the code of the values and of their elements.
	var code func(v spec.Value) []string
	code = func(v spec.Value) []string {
		if v.Kind == spec.Code {
			return []string{v.Str}
		}
		var out []string
		for _, e := range v.List {
			out = append(out, code(e)...)
		}
		return out
	}
	join := func(vs []spec.Value) string {
		var out []string
		for _, v := range vs {
			out = append(out, code(v)...)
		}
		return strings.Join(out, "\n")
	}
	one := join(g.values(option))
	elems := join(g.values(types.NewSlice(option)))
	for _, tc := range []struct{ name, got string }{{"Option", one}, {"[]Option", elems}} {
		for _, want := range []string{`WithPrefix("abc")`, `withLimit(`} {
			if !strings.Contains(tc.got, want) {
				t.Errorf("%s: no %s among:\n%s", tc.name, want, tc.got)
			}
		}
		for _, not := range []string{"Chain(", "FetchPrefix("} {
			if strings.Contains(tc.got, not) {
				t.Errorf("%s: %s offered:\n%s", tc.name, not, tc.got)
			}
		}
	}
}
