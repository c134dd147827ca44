package runner

import (
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestValueDiff(t *testing.T) {
	tests := []struct {
		name      string
		want, got spec.Value
		tol       float64
		diff      string
	}{
		{
			name: "numbers of different kinds are equal by value",
			want: spec.MapValue("N", spec.IntValue(2), "S", spec.StringValue("a")),
			got:  spec.MapValue("N", spec.FloatValue(2), "S", spec.StringValue("b")),
			diff: `  map[string]any{
  	"N": int64(2),
- 	"S": string("a"),
+ 	"S": string("b"),
  }`,
		},
		{
			name: "floats within the tolerance are equal",
			want: spec.ListValue(spec.FloatValue(1), spec.BoolValue(true)),
			got:  spec.ListValue(spec.FloatValue(1.0001), spec.BoolValue(false)),
			tol:  0.01,
			diff: `  []any{
  	float64(1),
- 	bool(true),
+ 	bool(false),
  }`,
		},
		{
			name: "a missing element and a null",
			want: spec.ListValue(spec.NullValue(), spec.IntValue(1)),
			got:  spec.ListValue(spec.NullValue()),
			diff: `  []any{
  	nil,
- 	int64(1),
  }`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := valueDiff(tt.want, tt.got, tt.tol); got != tt.diff {
				t.Errorf("valueDiff:\n%s\nwant:\n%s", got, tt.diff)
			}
		})
	}
}
