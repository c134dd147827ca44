package write

import (
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

func TestInputsAfter(t *testing.T) {
	ints := func(xs ...int64) spec.Value {
		var l []spec.Value
		for _, x := range xs {
			l = append(l, spec.IntValue(x))
		}
		return spec.ListValue(l...)
	}
	before := map[string]spec.Value{"dst": ints(0, 0), "src": ints(1, 2), "p": spec.NullValue()}
	obs := func(method string) spec.Value { return spec.MapValue("Method", spec.StringValue(method)) }
	observed := []executors.NamedValue{{Name: "r", Value: obs("GET")}}
	before["r"] = spec.CodeValue(`httptest.NewRequest("GET", "/", nil)`)
	tests := []struct {
		name  string
		after []executors.NamedValue
		want  string // the map written, "" for none
	}{
		{"nothing recorded", nil, ""},
		{"unchanged arguments say nothing", []executors.NamedValue{{Name: "dst", Value: ints(0, 0)}, {Name: "src", Value: ints(1, 2)}}, ""},
		{"a changed argument is written", []executors.NamedValue{{Name: "dst", Value: ints(1, 2)}, {Name: "src", Value: ints(1, 2)}}, "{dst: [1, 2]}"},
		{"in parameter order", []executors.NamedValue{{Name: "dst", Value: ints(9)}, {Name: "src", Value: ints(2, 1)}}, "{dst: [9], src: [2, 1]}"},
		{"an argument never given is left out", []executors.NamedValue{{Name: "q", Value: ints(1)}}, ""},
		{"an observed argument observed alike before says nothing", []executors.NamedValue{{Name: "r", Value: obs("GET")}}, ""},
		{"an observed argument the call changed is written", []executors.NamedValue{{Name: "r", Value: obs("PUT")}}, `{r: {Method: "PUT"}}`},
		{"an unwritable value is left out", []executors.NamedValue{{Name: "dst", Value: spec.OpaqueValue("<func>")}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := InputsAfter(before, observed, tt.after)
			switch {
			case tt.want == "" && got != nil:
				t.Errorf("InputsAfter = %s, want nil", got)
			case tt.want != "" && (got == nil || got.String() != tt.want):
				t.Errorf("InputsAfter = %v, want %s", got, tt.want)
			}
		})
	}
}
