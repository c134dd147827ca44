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

// TestDiffUnordered pins how lists compare in any order: as multisets,
// at every depth, with what is missing and what is extra.
func TestDiffUnordered(t *testing.T) {
	l, i, s := ListValue, IntValue, StringValue
	tests := []struct {
		name      string
		want, got Value
		diff      string
	}{
		{"same order", l(i(1), i(2)), l(i(1), i(2)), ""},
		{"other order", l(i(1), i(2), i(3)), l(i(3), i(1), i(2)), ""},
		{"repeats count", l(i(1), i(1), i(2)), l(i(1), i(2), i(2)), "[1]: missing 1 (in any order)\n[2]: extra 2 (in any order)"},
		{"shorter", l(i(1), i(2)), l(i(2)), "value: want 2 elements, got 1 (in any order)\n[0]: missing 1 (in any order)"},
		{"nested", l(l(s("a"), s("b")), l()), l(l(), l(s("b"), s("a"))), ""},
		{"in a map", MapValue("Keys", l(s("x"), s("y"))), MapValue("Keys", l(s("y"), s("x"))), ""},
		{"not a list", s("ab"), s("ba"), `value: want "ab", got "ba"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := EqualOption{Unordered: true}
			if got := Diff(tt.want, tt.got, opt); got != tt.diff {
				t.Errorf("Diff:\n%s\nwant:\n%s", got, tt.diff)
			}
			if eq := Equal(tt.want, tt.got, opt); eq != (tt.diff == "") {
				t.Errorf("Equal = %v with diff %q", eq, tt.diff)
			}
		})
	}
	if Equal(l(i(1), i(2)), l(i(2), i(1)), EqualOption{}) {
		t.Error("lists in another order are Equal without Unordered")
	}
}
