package spec

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlain(t *testing.T) {
	tests := []struct {
		name string
		v    Value
		want any
	}{
		{"null", NullValue(), nil},
		{"bool", BoolValue(true), true},
		{"int", IntValue(-3), int64(-3)},
		{"uint", UintValue(math.MaxUint64), uint64(math.MaxUint64)},
		{"float", FloatValue(1.5), 1.5},
		{"nan", FloatValue(math.NaN()), ".nan"},
		{"inf", FloatValue(math.Inf(-1)), "-.inf"},
		{"string", StringValue("x"), "x"},
		{"code", CodeValue("time.Second"), map[string]any{"go": "time.Second"}},
		{"empty list", ListValue(), []any{}},
		{"map", Value{Kind: Map, Map: []Entry{{Key: StringValue("a"), Val: ListValue(IntValue(1))}, {Key: IntValue(2), Val: StringValue("b")}}},
			map[string]any{"a": []any{int64(1)}, "2": "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.v.Plain()); diff != "" {
				t.Errorf("Plain() (-want +got):\n%s", diff)
			}
		})
	}
}
