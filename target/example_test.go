package target_test

import (
	"fmt"
	"go/types"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func ExampleGoExpr() {
	// Code generated inside package pricing, which declares Amount.
	pricing := types.NewPackage("example.com/shop/pricing", "pricing")
	amount := types.NewNamed(types.NewTypeName(0, pricing, "Amount", nil), types.Typ[types.Int64], nil)
	timePkg := types.NewPackage("time", "time")
	duration := types.NewNamed(types.NewTypeName(0, timePkg, "Duration", nil), types.Typ[types.Int64], nil)

	q := target.NewQualifier(pricing)
	for _, c := range []struct {
		v spec.Value
		t types.Type
	}{
		{spec.IntValue(1250), amount},
		{spec.MapValue("a", spec.ListValue(spec.IntValue(1))), types.NewMap(types.Typ[types.String], types.NewSlice(types.Typ[types.Int8]))},
		{spec.StringValue("1.5s"), types.NewPointer(duration)},
		{spec.IntValue(300), types.Typ[types.Int8]},
	} {
		expr, err := target.GoExpr(c.v, c.t, q)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(expr)
	}
	fmt.Println(q.Imports())
	// Output:
	// Amount(1250)
	// map[string][]int8{"a": []int8{1}}
	// func() *time.Duration { v := 1500 * time.Millisecond; return &v }()
	// error: 300 overflows int8
	// map[time:time]
}
