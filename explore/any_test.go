package explore

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestAnyValues(t *testing.T) {
	pkg := types.NewPackage("example.com/conv", "conv")
	celsius := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Celsius", nil), types.Typ[types.Float64], nil)
	pkg.Scope().Insert(celsius.Obj())
	g := newValueGen(pkg, &mined{words: []string{"alpha", "beta"}, ints: []int64{7, 9}})
	anyT := types.NewInterfaceType(nil, nil).Complete()
	vs := g.values(anyT)
	const budget = 30 // the typed values come before the mined ones
	tests := []struct {
		want   spec.Value
		reason string
	}{
		{spec.NullValue(), "nil"},
		{spec.IntValue(42), "an int"},
		{spec.CodeValue("int8(42)"), "each integer size, as code"},
		{spec.CodeValue("uint16(42)"), "unsigned, as code"},
		{spec.CodeValue("int64(42)"), "int64, as code"},
		{spec.FloatValue(3.7), "a float64"},
		{spec.CodeValue("float32(3.7)"), "a float32, as code"},
		{spec.StringValue("42"), "a string that reads as an int"},
		{spec.StringValue("3.7"), "a string that reads as a float"},
		{spec.StringValue("true"), "a string that reads as a bool"},
		{spec.StringValue(""), "the empty string"},
		{spec.BoolValue(true), "a bool"},
		{spec.CodeValue(`[]byte("42")`), "bytes, as code"},
		{spec.CodeValue("[]int{1, 2, 3}"), "a typed slice, as code"},
		{spec.CodeValue(`map[string]int{"a": 1}`), "a typed map, as code"},
		{spec.CodeValue("time.Duration(1500000000)"), "a time.Duration, as code"},
	}
	head := vs[:min(len(vs), budget)]
	for _, tc := range tests {
		found := false
		for _, v := range head {
			found = found || spec.Equal(tc.want, v, spec.EqualOption{}) && tc.want.Kind == v.Kind
		}
		if !found {
			t.Errorf("%s not among the first %d candidates of any (%s)", tc.want, budget, tc.reason)
		}
	}
	own := false
	for _, v := range head {
		own = own || v.Kind == spec.Code && strings.HasPrefix(v.Str, "Celsius(")
	}
	if !own {
		t.Errorf("no value of the package's own type Celsius among the first %d candidates", budget)
	}
	q := target.NewQualifier(pkg)
	for _, v := range vs {
		if _, err := target.GoExpr(v, anyT, q); err != nil {
			t.Errorf("candidate %s cannot be written as any: %v", v, err)
		}
	}
}
