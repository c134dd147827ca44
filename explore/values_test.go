package explore

import (
	"go/token"
	"go/types"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestValuesPerKind(t *testing.T) {
	pkg := loadPackage(t, sampleDir)
	named := func(name string) types.Type { return pkg.Types.Scope().Lookup(name).Type() }
	timePkg := types.NewPackage("time", "time")
	duration := types.NewNamed(types.NewTypeName(token.NoPos, timePkg, "Duration", nil), types.Typ[types.Int64], nil)
	errorType := types.Universe.Lookup("error").Type()

	long := func(v spec.Value) bool { return v.Kind == spec.String && len(v.Str) >= 300 }
	nan := func(v spec.Value) bool { return v.Kind == spec.Float && math.IsNaN(v.Float) }
	negZero := func(v spec.Value) bool { return v.Kind == spec.Float && v.Float == 0 && math.Signbit(v.Float) }
	unicode := func(v spec.Value) bool { return v.Kind == spec.String && strings.ContainsRune(v.Str, '日') }
	list := func(n int) func(spec.Value) bool {
		return func(v spec.Value) bool { return v.Kind == spec.List && len(v.List) == n }
	}
	field := func(name string, want spec.Value) func(spec.Value) bool {
		return func(v spec.Value) bool { f, ok := v.Field(name); return ok && spec.Equal(want, f, spec.EqualOption{}) }
	}
	tests := []struct {
		name   string
		t      types.Type
		want   []spec.Value            // must be among the candidates
		match  []func(spec.Value) bool // each must match some candidate
		absent []spec.Value            // must not be
		reason string
	}{
		{
			name: "bool", t: types.Typ[types.Bool],
			want:   []spec.Value{spec.BoolValue(false), spec.BoolValue(true)},
			reason: "both truth values",
		},
		{
			name: "int", t: types.Typ[types.Int],
			want:   []spec.Value{spec.IntValue(0), spec.IntValue(1), spec.IntValue(-1), spec.IntValue(math.MaxInt64), spec.IntValue(math.MinInt64), spec.IntValue(1e18)},
			reason: "zero, ±1, the extremes of the size and large powers of ten",
		},
		{
			name: "int8", t: types.Typ[types.Int8],
			want:   []spec.Value{spec.IntValue(-128), spec.IntValue(127), spec.IntValue(126)},
			absent: []spec.Value{spec.IntValue(1000), spec.IntValue(128)},
			reason: "the bounds of int8 and nothing outside them",
		},
		{
			name: "uint8", t: types.Typ[types.Uint8],
			want:   []spec.Value{spec.UintValue(0), spec.UintValue(255)},
			absent: []spec.Value{spec.IntValue(-1), spec.UintValue(256)},
			reason: "unsigned values only, up to 255",
		},
		{
			name: "uint64", t: types.Typ[types.Uint64],
			want:   []spec.Value{spec.UintValue(math.MaxUint64), spec.UintValue(1)},
			reason: "the largest uint64",
		},
		{
			name: "float64", t: types.Typ[types.Float64],
			want:   []spec.Value{spec.FloatValue(0), spec.FloatValue(math.Inf(1)), spec.FloatValue(math.Inf(-1)), spec.FloatValue(math.MaxFloat64), spec.FloatValue(5e-324), spec.FloatValue(0.5)},
			match:  []func(spec.Value) bool{nan, negZero},
			reason: "NaN, ±Inf, -0, the extremes and small and huge values",
		},
		{
			name: "float32", t: types.Typ[types.Float32],
			want:   []spec.Value{spec.FloatValue(math.MaxFloat32)},
			absent: []spec.Value{spec.FloatValue(math.MaxFloat64), spec.FloatValue(1e300)},
			reason: "float32 values stay within float32",
		},
		{
			name: "string", t: types.Typ[types.String],
			want:   []spec.Value{spec.StringValue(""), spec.StringValue(" "), spec.StringValue("1234567890"), spec.StringValue("\xff"), spec.StringValue("kb")},
			match:  []func(spec.Value) bool{long, unicode},
			reason: "empty, space, digits, invalid UTF-8, unicode, very long, and the mined tokens",
		},
		{
			name: "slice", t: types.NewSlice(types.Typ[types.Int]),
			want:   []spec.Value{spec.NullValue(), spec.ListValue()},
			match:  []func(spec.Value) bool{list(1), list(2), list(3), list(10)},
			reason: "nil and empty slices differ; slices of 1 to 3 elements and a long one",
		},
		{
			name: "map", t: types.NewMap(types.Typ[types.String], types.Typ[types.Int]),
			want:   []spec.Value{spec.NullValue(), {Kind: spec.Map, Map: []spec.Entry{}}},
			match:  []func(spec.Value) bool{func(v spec.Value) bool { return v.Kind == spec.Map && len(v.Map) == 2 }},
			reason: "nil and empty maps, and populated ones",
		},
		{
			name: "pointer", t: types.NewPointer(types.Typ[types.Int]),
			want:   []spec.Value{spec.NullValue(), spec.IntValue(0), spec.IntValue(-1)},
			reason: "a nil pointer and pointers to values",
		},
		{
			name: "pointer to slice", t: types.NewPointer(types.NewSlice(types.Universe.Lookup("byte").Type())),
			want:   []spec.Value{spec.NullValue(), spec.CodeValue("new([]byte)"), spec.ListValue()},
			reason: "a nil pointer, a pointer to a nil slice, which YAML cannot write, and pointers to slices",
		},
		{
			name: "pointer to map", t: types.NewPointer(types.NewMap(types.Typ[types.String], types.Typ[types.Int])),
			want:   []spec.Value{spec.NullValue(), spec.CodeValue("new(map[string]int)")},
			reason: "a nil pointer and a pointer to a nil map",
		},
		{
			name: "struct", t: named("Rect"),
			want:   []spec.Value{spec.MapValue("W", spec.FloatValue(0), "H", spec.FloatValue(0))},
			match:  []func(spec.Value) bool{field("W", spec.FloatValue(-1)), field("H", spec.FloatValue(math.Inf(1)))},
			reason: "the zero struct and structs with one field changed",
		},
		{
			name: "enum", t: named("Color"),
			want:   []spec.Value{spec.IntValue(1), spec.IntValue(2), spec.IntValue(3), spec.IntValue(0), spec.IntValue(4)},
			reason: "the constants of a named type and the values just outside them",
		},
		{
			name: "duration", t: duration,
			want: []spec.Value{spec.IntValue(0), spec.IntValue(int64(time.Second)), spec.IntValue(-int64(time.Second)),
				spec.IntValue(int64(time.Hour)), spec.IntValue(int64(24 * time.Hour)), spec.IntValue(int64(365 * 24 * time.Hour)), spec.IntValue(math.MaxInt64)},
			reason: "durations from nanoseconds to years, negative ones too",
		},
		{
			name: "any", t: types.NewInterfaceType(nil, nil),
			want:   []spec.Value{spec.NullValue(), spec.IntValue(1), spec.StringValue("abc"), spec.FloatValue(1.5)},
			reason: "an empty interface gets values of several dynamic types",
		},
		{
			name: "error", t: errorType,
			want:   []spec.Value{spec.NullValue(), spec.StringValue("boom")},
			reason: "an error is nil or built from its message",
		},
		{
			name: "func", t: types.NewSignatureType(nil, nil, nil, nil, nil, false),
			want:   []spec.Value{spec.CodeValue("func() {}"), spec.CodeValue(`func() { panic("boom") }`), spec.NullValue()},
			match:  nil,
			reason: "function literals, written as code, and nil",
		},
	}
	f := loadFunc(t, sampleDir, "ParseSize") // mined: "kb", ...
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newValueGen(pkg.Types, mine(f))
			vs := g.values(tt.t)
			has := func(want spec.Value) bool {
				for _, v := range vs {
					if valueKey(v) == valueKey(want) {
						return true
					}
				}
				return false
			}
			for _, w := range tt.want {
				if !has(w) {
					t.Errorf("%s missing among %d candidates (%s)", w, len(vs), tt.reason)
				}
			}
			for _, w := range tt.absent {
				if has(w) {
					t.Errorf("%s is a candidate; it should not be (%s)", w, tt.reason)
				}
			}
		match:
			for i, m := range tt.match {
				for _, v := range vs {
					if m(v) {
						continue match
					}
				}
				t.Errorf("no candidate matches predicate %d (%s)", i, tt.reason)
			}
			if tt.name == "func" && len(vs) != 3 {
				t.Errorf("got %d candidates for func(), want 3: one that does nothing, one that panics, nil", len(vs))
			}
			// Every candidate must be writable as Go.
			q := target.NewQualifier(pkg.Types)
			for _, v := range vs {
				if _, err := target.GoExpr(v, tt.t, q); err != nil {
					t.Errorf("candidate %s cannot be written as %s: %v", clip(v.String(), 40), tt.t, err)
				}
			}
		})
	}
}

func TestTypical(t *testing.T) {
	f := loadFunc(t, sampleDir, "Grade") // compares with 0, 90, 75, 42 (and neighbours)
	g := newValueGen(f.Pkg.Types, mine(f))
	got := g.typical(types.Typ[types.Int], g.values(types.Typ[types.Int]))
	if got.Kind != spec.Int || got.Int != 2 {
		t.Errorf("typical int = %s, want 2: a value the code does not single out", got)
	}
	g = newValueGen(f.Pkg.Types, &mined{ints: []int64{1, 2, 3}})
	if got := g.typical(types.Typ[types.Int], nil); got.Int != 7 {
		t.Errorf("typical int with 1..3 mined = %s, want 7", got)
	}
}
