package runner

import (
	"go/types"
	"math"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestCheckFits(t *testing.T) {
	timePkg := types.NewPackage("time", "time")
	duration := types.NewNamed(types.NewTypeName(0, timePkg, "Duration", nil), types.Typ[types.Int64], nil)
	point := types.NewStruct([]*types.Var{types.NewField(0, nil, "X", types.Typ[types.Int], false)}, nil)
	tests := []struct {
		name string
		t    types.Type
		v    spec.Value
		want string
	}{
		{"int8 max", types.Typ[types.Int8], spec.IntValue(127), ""},
		{"int8 min", types.Typ[types.Int8], spec.IntValue(-128), ""},
		{"int8 over", types.Typ[types.Int8], spec.IntValue(128), "expected: 128 overflows int8"},
		{"int8 under", types.Typ[types.Int8], spec.IntValue(-129), "expected: -129 overflows int8"},
		{"uint8 negative", types.Typ[types.Uint8], spec.IntValue(-1), "expected: -1 overflows uint8"},
		{"uint64 above int64", types.Typ[types.Uint64], spec.UintValue(math.MaxUint64), ""},
		{"int64 above", types.Typ[types.Int64], spec.UintValue(1 << 63), "expected: 9223372036854775808 overflows int64"},
		{"uint32 observed", types.Typ[types.Uint32], spec.UintValue(0), ""},
		{"uint8 observed max", types.Typ[types.Uint8], spec.UintValue(255), ""},
		{"uint8 observed over", types.Typ[types.Uint8], spec.UintValue(256), "expected: 256 overflows uint8"},
		{"int8 from uint", types.Typ[types.Int8], spec.UintValue(127), ""},
		{"int8 from uint over", types.Typ[types.Int8], spec.UintValue(128), "expected: 128 overflows int8"},
		{"int64 from uint max", types.Typ[types.Int64], spec.UintValue(math.MaxInt64), ""},
		{"int whole float", types.Typ[types.Int], spec.FloatValue(2), ""},
		{"int64 float 2^63", types.Typ[types.Int64], spec.FloatValue(math.Ldexp(1, 63)), "expected: 9.223372036854776e+18 overflows int64"},
		{"int fraction", types.Typ[types.Int], spec.FloatValue(2.5), "expected: want an integer for int, got a float"},
		{"int null", types.Typ[types.Int], spec.NullValue(), "expected: want an integer for int, got null"},
		{"float from int", types.Typ[types.Float64], spec.IntValue(3), ""},
		{"float string", types.Typ[types.Float32], spec.StringValue("x"), "expected: want a number for float32, got a string"},
		{"bool", types.Typ[types.Bool], spec.IntValue(1), "expected: want true or false for bool, got an integer"},
		{"string", types.Typ[types.String], spec.StringValue("x"), ""},
		{"opaque anywhere", types.Typ[types.String], spec.OpaqueValue("<func>"), ""},
		{"duration is text", duration, spec.StringValue("1s"), ""},
		{"pointer nil", types.NewPointer(types.Typ[types.Int8]), spec.NullValue(), ""},
		{"pointer elem", types.NewPointer(types.Typ[types.Int8]), spec.IntValue(300), "expected: 300 overflows int8"},
		{"bytes as text", types.NewSlice(types.Typ[types.Byte]), spec.StringValue("hi"), ""},
		{"slice elem", types.NewSlice(types.Typ[types.Uint8]), spec.ListValue(spec.IntValue(1), spec.IntValue(256)), "expected[1]: 256 overflows uint8"},
		{"slice of a map", types.NewSlice(types.Typ[types.Int]), spec.MapValue("a", spec.IntValue(1)), "expected: want a list for []int, got a map"},
		{"array length", types.NewArray(types.Typ[types.Int], 2), spec.ListValue(spec.IntValue(1)), "expected: want 2 elements for [2]int, got 1"},
		{"map value", types.NewMap(types.Typ[types.String], types.Typ[types.Int8]), spec.MapValue("a", spec.IntValue(-200)), "expected[\"a\"]: -200 overflows int8"},
		{"struct as written", point, spec.StringValue("(1, 2)"), ""},
		{"interface as written", types.NewInterfaceType(nil, nil), spec.StringValue("x"), ""},
	}
	for _, tt := range tests {
		if got := checkFits(tt.t, tt.v, "expected"); got != tt.want {
			t.Errorf("%s: checkFits(%s, %s) = %q, want %q", tt.name, tt.t, tt.v, got, tt.want)
		}
	}
}
