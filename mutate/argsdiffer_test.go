package mutate

import (
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

func TestDiffersArgsAfter(t *testing.T) {
	nv := func(name string, v int64) executors.NamedValue {
		return executors.NamedValue{Name: name, Value: spec.IntValue(v)}
	}
	in := []executors.NamedValue{nv("p", 0), nv("q", 5)}
	base := executors.Result{Outcome: executors.OK, Inputs: in, ArgsAfter: []executors.NamedValue{nv("p", 7), nv("q", 5)}}
	tests := []struct {
		name string
		got  []executors.NamedValue
		kill bool
	}{
		{"the same arguments after", []executors.NamedValue{nv("p", 7), nv("q", 5)}, false},
		{"a changed argument left otherwise", []executors.NamedValue{nv("p", 8), nv("q", 5)}, true},
		{"a changed argument not recorded", []executors.NamedValue{nv("q", 5)}, true},
		// No case states q (the original left it as given), so a mutant
		// that changes it is not told apart by the cases.
		{"an argument the original left as given", []executors.NamedValue{nv("p", 7), nv("q", 6)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := base
			got.ArgsAfter = tt.got
			if kill, timeout := differs(base, got); kill != tt.kill || timeout {
				t.Errorf("differs = %t, %t; want %t, false", kill, timeout, tt.kill)
			}
		})
	}
}
