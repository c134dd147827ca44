package pipeline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/spec"
)

// poolRecord is an explored probe of Parse(arg) that returned, whose
// input s was reported as in.
func poolRecord(arg, in string) *explore.Record {
	return &explore.Record{
		Class: "ok",
		Probe: executors.Probe{Args: []string{arg}},
		Result: executors.Result{
			Outcome: executors.OK,
			Inputs:  []executors.NamedValue{{Name: "s", Value: spec.StringValue(in)}},
			Outputs: []spec.Value{spec.IntValue(1)},
		},
	}
}

// TestMutationPool: past the chosen probes, the probes the mutants run
// against are those of inputs the package made, then the smallest
// input of each shape, then the other smallest: a hundred short
// numbers do not crowd out the one input with two thousands
// separators, which only a mutant that replaces the first comma, not
// all, tells apart.
func TestMutationPool(t *testing.T) {
	tests := []struct {
		name, arg, in string
		short         func(i int) string
	}{
		{"made by the package", "Group(1234567)", "1,234,567", func(i int) string { return fmt.Sprintf("%d,%d,%d", i/10, i%10, i) }},
		{"a shape of its own", strconv.Quote("1,234,567"), "1,234,567", strconv.Itoa},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := &explore.Exploration{}
			for i := range 100 {
				s := tt.short(i)
				x.Records = append(x.Records, poolRecord(strconv.Quote(s), s))
			}
			long := poolRecord(tt.arg, tt.in)
			x.Records = append(x.Records, long)
			recs := x.Records[:2]
			pool := mutationPool(x, recs)
			if len(pool) != maxMutationPool {
				t.Errorf("%d probes, want %d", len(pool), maxMutationPool)
			}
			if pool[0] != recs[0] || pool[1] != recs[1] {
				t.Errorf("the chosen probes are not first: %v", pool[:2])
			}
			if !slices.Contains(pool, long) {
				t.Errorf("no %s among the probes", tt.arg)
			}
			// The short ones that are in are the smallest.
			for _, r := range pool[2:] {
				if r != long && len(r.Result.Inputs[0].Value.Str) > len(tt.short(maxMutationPool-3)) {
					t.Errorf("input %s in, though smaller ones are out", r.Result.Inputs[0].Value.Str)
				}
			}
		})
	}
}

func TestMadeByPackage(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{`"1,234,567"`}, false},
		{[]string{"Group(1234567)"}, true},
		{[]string{"2", "NewPoint(1, 2)"}, true},
		{[]string{"p.Front()"}, true},
		{[]string{"New[int](2)"}, true},
		{[]string{"int8(5)", "string(b)", "append(xs, 1)"}, false},
		{[]string{"[]int{1, 2}", "-1", "&T{}"}, false},
		{[]string{"not go("}, false},
	}
	for _, tt := range tests {
		if got := madeByPackage(executors.Probe{Args: tt.args}); got != tt.want {
			t.Errorf("madeByPackage(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestInputShape(t *testing.T) {
	shape := func(ins ...string) string {
		var r executors.Result
		for i, in := range ins {
			r.Inputs = append(r.Inputs, executors.NamedValue{Name: fmt.Sprint("a", i), Value: spec.StringValue(in)})
		}
		return inputShape(r)
	}
	tests := []struct{ a, b string }{
		{"1,234,567", "2,000,000"},
		{"1kb", "42MiB"},
		{"v1.2.3", "rc10.0.99"},
	}
	for _, tt := range tests {
		if sa, sb := shape(tt.a), shape(tt.b); sa != sb {
			t.Errorf("shapes of %q and %q differ: %q, %q", tt.a, tt.b, sa, sb)
		}
	}
	differ := []string{"1,234,567", "1,234", "1.234", "1 kb", "kb1", ""}
	seen := map[string]string{}
	for _, s := range differ {
		sh := shape(s)
		if o, ok := seen[sh]; ok {
			t.Errorf("%q and %q share the shape %q", s, o, sh)
		}
		seen[sh] = s
	}
	if shape("1", "2") == shape("12") || !strings.Contains(shape("1", "2"), ";") {
		t.Errorf("two inputs read as one: %q", shape("1", "2"))
	}
}

func TestInTurn(t *testing.T) {
	got := inTurn([][]int{{1, 2, 3, 4}, {7}, {8, 9}}, 3)
	if want := []int{1, 7, 8, 2, 9, 3}; !slices.Equal(got, want) {
		t.Errorf("inTurn = %v, want %v", got, want)
	}
}
