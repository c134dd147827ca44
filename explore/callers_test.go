package explore

import (
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

// TestCallerArgs: what the package passes a function where it passes a
// name of its own or a constant is a candidate of that parameter, and
// the call a seed; a parameter given something else gets nothing.
func TestCallerArgs(t *testing.T) {
	for _, tt := range []struct {
		fn    string
		param int
		want  []spec.Value
		calls int
	}{
		{"Usagef", 2, []spec.Value{spec.CodeValue("table")}, 1}, // Usage(spec, w) passes its layout
		{"Usagef", 0, nil, 1}, // the caller's own spec
		{"set", 1, nil, 0},    // text read off a map
		{"isSet", 0, nil, 0},  // a tag's value
	} {
		f := targettest.Func(t, "testdata/settings", ".", tt.fn)
		byParam, calls := callerArgs(f)
		var got []spec.Value
		if tt.param < len(byParam) {
			got = byParam[tt.param]
		}
		if len(got) != len(tt.want) || len(calls) != tt.calls {
			t.Errorf("callerArgs(%s) = %v at %d, %d calls; want %v, %d calls", tt.fn, got, tt.param, len(calls), tt.want, tt.calls)
			continue
		}
		for i := range got {
			if got[i].Kind != tt.want[i].Kind || got[i].Str != tt.want[i].Str {
				t.Errorf("callerArgs(%s)[%d][%d] = %v; want %v", tt.fn, tt.param, i, got[i], tt.want[i])
			}
		}
	}
	f := targettest.Func(t, "testdata/settings", ".", "Usagef")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	// The call is tried right after the zero and the typical inputs.
	for i, sd := range a.seeds[:min(3, len(a.seeds))] {
		if sd.desc == "the arguments Usagef's callers in the package pass" {
			if v := sd.vals[2]; v.Kind != spec.Code || v.Str != "table" {
				t.Errorf("seed %d, the callers' call, has layout %v; want table", i, v)
			}
			return
		}
	}
	t.Errorf("no seed of the callers' call among the first three")
}
