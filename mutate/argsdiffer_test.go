package mutate

import (
	"slices"
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
			if kill, timeout := differs(base, got, false); kill != tt.kill || timeout {
				t.Errorf("differs = %t, %t; want %t, false", kill, timeout, tt.kill)
			}
		})
	}
}

// TestDiffersOutcomes: what a probe's outcomes against the original and
// the mutant say of the mutant. A failed engine is no verdict: on the
// original it tells nothing, on the mutant it is retried as a timeout.
func TestDiffersOutcomes(t *testing.T) {
	ok := executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(1)}}
	other := executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(2)}}
	panicked := executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "boom"}}
	timeout := executors.Result{Outcome: executors.Timeout}
	broken := executors.Result{Outcome: executors.Broken, Message: "worker did not start"}
	tests := []struct {
		name          string
		base, got     executors.Result
		kill, timeout bool
	}{
		{"the same result", ok, ok, false, false},
		{"another result", ok, other, true, false},
		{"a panic", ok, panicked, true, false},
		{"a timeout against the mutant", ok, timeout, false, true},
		{"a timeout against the original", timeout, other, false, false},
		{"an engine failed against the mutant", ok, broken, false, true},
		{"an engine failed against the original", broken, other, false, false},
	}
	for _, tt := range tests {
		if kill, timeout := differs(tt.base, tt.got, false); kill != tt.kill || timeout != tt.timeout {
			t.Errorf("%s: differs = %t, %t; want %t, %t", tt.name, kill, timeout, tt.kill, tt.timeout)
		}
	}
}

// TestTimedOutOnce: the probes run again with more time are those that
// timed out in one run of the original only; a hang (both) is not.
func TestTimedOutOnce(t *testing.T) {
	ok := executors.Result{Outcome: executors.OK}
	to := executors.Result{Outcome: executors.Timeout}
	got := timedOutOnce([]executors.Result{ok, to, ok, to}, []executors.Result{ok, ok, to, to})
	if !slices.Equal(got, []int{1, 2}) {
		t.Errorf("timedOutOnce = %v, want [1 2]", got)
	}
}

// TestVarying checks which probes two runs of the original tell apart:
// those whose results change, and those whose lists only change order,
// which then kill a mutant only by what they hold.
func TestVarying(t *testing.T) {
	list := func(is ...int64) executors.Result {
		var vs []spec.Value
		for _, i := range is {
			vs = append(vs, spec.IntValue(i))
		}
		return executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.ListValue(vs...)}}
	}
	a := []executors.Result{list(1, 2), list(1, 2, 3), list(1, 2), {Outcome: executors.Timeout}}
	b := []executors.Result{list(1, 2), list(3, 1, 2), list(1, 3), list(1)}
	unstable, anyOrder := varying(a, b)
	if !slices.Equal(unstable, []int{2}) || !slices.Equal(anyOrder, []int{1}) {
		t.Errorf("unstable %v, any order %v; want [2] and [1]", unstable, anyOrder)
	}
	for _, tt := range []struct {
		got      executors.Result
		anyOrder bool
		kill     bool
	}{
		{list(3, 2, 1), false, true},
		{list(3, 2, 1), true, false},
		{list(3, 2, 2), true, true},
	} {
		if kill, _ := differs(list(1, 2, 3), tt.got, tt.anyOrder); kill != tt.kill {
			t.Errorf("differs([1, 2, 3], %v, any order %v) = %v, want %v", tt.got.Outputs, tt.anyOrder, kill, tt.kill)
		}
	}
}
