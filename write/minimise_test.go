package write

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

func TestMinimise(t *testing.T) {
	tests := []struct {
		name  string
		cands []Candidate
		want  []int
	}{{
		name: "a case that adds nothing is dropped",
		cands: []Candidate{
			{Blocks: []string{"1", "2"}, Kind: "ok", Kills: []string{"m1"}, Size: 3},
			{Blocks: []string{"1", "2"}, Kind: "ok", Size: 1},
		},
		want: []int{0},
	}, {
		name: "the only killer of a mutant is kept",
		cands: []Candidate{
			{Blocks: []string{"1", "2"}, Kind: "ok", Kills: []string{"m1"}, Size: 1},
			{Blocks: []string{"1", "2"}, Kind: "ok", Kills: []string{"m2"}, Size: 9},
		},
		want: []int{0, 1},
	}, {
		name: "every outcome kind and block stays",
		cands: []Candidate{
			{Blocks: []string{"1"}, Kind: "error *E"},
			{Blocks: []string{"1", "3"}, Kind: "ok"},
			{Blocks: []string{"3", "1"}, Kind: "ok"},
		},
		want: []int{0, 1},
	}, {
		name: "a success and a failure on one path both stay",
		cands: []Candidate{
			{Blocks: []string{"1", "2"}, Kind: "ok"},
			{Blocks: []string{"1"}, Kind: "ok"},
			{Blocks: []string{"1"}, Kind: "error *json.SyntaxError: unexpected end"},
			{Blocks: []string{"1"}, Kind: "error *json.SyntaxError: invalid character"},
		},
		want: []int{0, 1, 2, 3},
	}, {
		name: "a path that only succeeds is not kept for its class",
		cands: []Candidate{
			{Blocks: []string{"1", "2"}, Kind: "ok"},
			{Blocks: []string{"1"}, Kind: "ok"},
			{Blocks: []string{"2"}, Kind: "ok"},
		},
		want: []int{0},
	}, {
		name: "of two that show the same, the smaller",
		cands: []Candidate{
			{Blocks: []string{"1"}, Kind: "ok", Kills: []string{"m1"}, Size: 12},
			{Blocks: []string{"1"}, Kind: "ok", Kills: []string{"m1"}, Size: 2},
		},
		want: []int{1},
	}, {
		name: "of two that show the same, the existing spec's",
		cands: []Candidate{
			{Blocks: []string{"1"}, Kind: "ok", Size: 2},
			{Blocks: []string{"1"}, Kind: "ok", Size: 12, Prior: true},
		},
		want: []int{1},
	}, {
		name: "kept cases stay, and what they show needs no other",
		cands: []Candidate{
			{Blocks: []string{"1"}, Kind: "ok", Kills: []string{"m1"}},
			{Blocks: []string{"1"}, Kind: "ok", Keep: true},
			{Blocks: []string{"1"}, Kind: "ok", Kills: []string{"m1", "m2"}, Size: 5},
		},
		want: []int{1, 2},
	}, {
		name: "greedy: one case that covers two mutants beats two",
		cands: []Candidate{
			{Kind: "ok", Kills: []string{"m1"}},
			{Kind: "ok", Kills: []string{"m2"}},
			{Kind: "ok", Kills: []string{"m1", "m2"}, Size: 4},
		},
		want: []int{2},
	}, {
		name: "at most three cases on one path for their messages alone, any for another error",
		cands: []Candidate{
			{Blocks: []string{"1", "2"}, Kind: "error: cannot cast bool"},
			{Blocks: []string{"1", "2"}, Kind: "error: cannot cast []int"},
			{Blocks: []string{"2", "1"}, Kind: "error: cannot cast map"},
			{Blocks: []string{"1", "2"}, Kind: "error: cannot cast struct"},
			{Blocks: []string{"1", "3"}, Kind: "error: cannot cast chan"},
			{Blocks: []string{"1", "2"}, Kind: "error: cannot cast func", Kills: []string{"m1"}},
			{Blocks: []string{"1", "2"}, Kind: "error strconv.ErrRange: out of range"},
		},
		want: []int{0, 1, 2, 4, 5, 6},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, Minimise(tt.cands)); d != "" {
				t.Errorf("kept (-want +got):\n%s", d)
			}
		})
	}
}

// withInput gives r the string input s.
func withInput(r executors.Result, s string) executors.Result {
	r.Inputs = []executors.NamedValue{{Name: "s", Value: spec.StringValue(s)}}
	return r
}

func TestOutcomeKind(t *testing.T) {
	parse := func(msg string) executors.Result {
		return executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: msg, Type: "*strconv.NumError"}}
	}
	tests := []struct {
		a, b executors.Result
		same bool
	}{
		{parse(`strconv.Atoi: parsing "x": invalid syntax`), parse(`strconv.Atoi: parsing "yy": invalid syntax`), true},
		{parse(`strconv.Atoi: parsing "x": invalid syntax`), parse(`strconv.Atoi: parsing "99999999999999999999": value out of range`), false},
		{parse(`bad char at 3`), parse(`bad char at 17`), true},
		{parse(`lon 599 out of range`), parse(`lon -9.223337203685478e+19 out of range`), true},
		{parse(`lon NaN out of range`), parse(`lon +Inf out of range`), false},
		{parse(`Information`), parse(`…`), false},
		// A composite value printed with %#v differs in its elements only.
		{parse(`unable to cast []byte{0x34, 0x32} of type []uint8`), parse(`unable to cast []byte{0x30} of type []uint8`), true},
		{parse(`unable to cast []byte{0x34} of type []uint8`), parse(`unable to cast []int{1} of type []int`), false},
		{executors.Result{Outcome: executors.OK}, executors.Result{Outcome: executors.OK}, true},
		// An input quoted without quotes is hidden, as a word only.
		{withInput(parse(`add 0 of abc: quantity must be positive`), "abc"), withInput(parse(`add 0 of quantity positive be: quantity must be positive`), "quantity positive be"), true},
		{withInput(parse(`remove x-1: unknown sku`), "x-1"), withInput(parse(`remove 7: unknown sku`), "7"), true},
		{withInput(parse(`tab ab: unknown sku`), "ab"), withInput(parse(`tab cd: unknown sku`), "cd"), true},
		{withInput(parse(`a b: unknown sku`), "a"), withInput(parse(`c b: unknown sku`), "c"), true},
		{withInput(parse(`ab: unknown sku`), "a"), withInput(parse(`cb: unknown sku`), "c"), false},
		// A field of the receiver quoted by the message is hidden too.
		{withReceiver(parse(`wrapped: boom`), "boom"), withReceiver(parse(`wrapped: bang`), "bang"), true},
		{executors.Result{Outcome: executors.OK}, parse("x"), false},
		// A truth value returned is a verdict: found and missing differ,
		// the values beside it do not.
		{returned(spec.IntValue(1), spec.BoolValue(true)), returned(spec.IntValue(0), spec.BoolValue(false)), false},
		{returned(spec.IntValue(1), spec.BoolValue(true)), returned(spec.IntValue(7), spec.BoolValue(true)), true},
		{returned(spec.StringValue("a")), returned(spec.StringValue("b")), true},
		{
			executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Type: "runtime.Error", Message: "runtime error: index out of range [5] with length 3"}},
			executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Type: "runtime.Error", Message: "runtime error: index out of range [0] with length 0"}},
			true,
		},
	}
	for _, tt := range tests {
		if got := OutcomeKind(tt.a) == OutcomeKind(tt.b); got != tt.same {
			t.Errorf("%q and %q: same %v, want %v", OutcomeKind(tt.a), OutcomeKind(tt.b), got, tt.same)
		}
	}
}

// withReceiver gives r a receiver whose field Err is s.
func withReceiver(r executors.Result, s string) executors.Result {
	r.Inputs = append(r.Inputs, executors.NamedValue{Name: "receiver", Value: spec.MapValue("Err", spec.StringValue(s))})
	return r
}

// returned is a result that returned outs.
func returned(outs ...spec.Value) executors.Result {
	return executors.Result{Outcome: executors.OK, Outputs: outs}
}

// TestOutcomeKindsPlace checks that where an input's text occurs more
// than once in its message, the kind hides the occurrence that other
// results show to be the input's place.
func TestOutcomeKindsPlace(t *testing.T) {
	err := func(msg, in string) executors.Result {
		return withInput(executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: msg, Type: "*errors.errorString"}}, in)
	}
	rs := []executors.Result{
		err("add 0 of abc: quantity must be positive", "abc"),
		err("add 0 of quantity: quantity must be positive", "quantity"),
		err("add 0 of  : quantity must be positive", " "),
		err(`add 0 of ": quantity must be positive`, `"`),
		err("add 0 of x-y: quantity must be positive", "x-y"),
		err("remove quantity: unknown sku", "quantity"),
	}
	kinds := OutcomeKinds(rs)
	want := "error *errors.errorString[]: add … of …: quantity must be positive"
	for i, k := range kinds[:5] {
		if k != want {
			t.Errorf("kind of %q with input %q = %q, want %q", rs[i].Err.Message, rs[i].Inputs[0].Value.Str, k, want)
		}
	}
	if want := "error *errors.errorString[]: remove …: unknown sku"; kinds[5] != want {
		t.Errorf("kind of %q = %q, want %q", rs[5].Err.Message, kinds[5], want)
	}
	// Each alone: the leftmost occurrence.
	if got, want := OutcomeKind(rs[1]), "error *errors.errorString[]: add … of …: quantity must be positive"; got != want {
		t.Errorf("OutcomeKind(%q) = %q, want %q", rs[1].Err.Message, got, want)
	}
}
