package explore

import (
	"go/types"
	"slices"
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
