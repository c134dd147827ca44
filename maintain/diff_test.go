package maintain

import (
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
)

func str(s string) *spec.Value     { v := spec.StringValue(s); return &v }
func num(n int64) *spec.Value      { v := spec.IntValue(n); return &v }
func ptr(v spec.Value) *spec.Value { return &v }

func gen(id string, in *spec.Value, out *spec.Value) *spec.Case {
	return &spec.Case{ID: id, Input: in, Expected: out, Generated: true}
}

func passed(i int) runner.CaseReport { return runner.CaseReport{Index: i, Status: runner.Passed} }

func TestBehaviourDiff(t *testing.T) {
	tests := []struct {
		name   string
		old    []*spec.Case
		runs   []runner.CaseReport
		merged []*spec.Case
		want   []Change
	}{
		{
			name:   "nothing changed",
			old:    []*spec.Case{gen("one", str("1"), num(1))},
			runs:   []runner.CaseReport{passed(0)},
			merged: []*spec.Case{gen("one", str("1"), num(1))},
		},
		{
			name: "a generated case's outcome changed",
			old:  []*spec.Case{gen("one", str("1"), num(1)), gen("two", str("2"), num(2))},
			runs: []runner.CaseReport{passed(0), {
				Index: 1, Status: runner.Failed, Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(3)},
				Failures: []runner.Failure{{Evaluator: spec.EvalExpected, Message: "want 2, got 3"}},
			}},
			merged: []*spec.Case{gen("one", str("1"), num(1)), gen("two", str("2"), num(3))},
			want:   []Change{{Kind: Changed, ID: "two", Input: `input: "2"`, Old: "returns 2", New: "returns 3", Detail: "Expected: want 2, got 3"}},
		},
		{
			name: "a hand-written case fails",
			old:  []*spec.Case{{ID: "mine", Input: str("x"), Raises: "error"}},
			runs: []runner.CaseReport{{
				Index: 0, Status: runner.Failed, Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "boom"},
			}},
			merged: []*spec.Case{{ID: "mine", Input: str("x"), Raises: "error"}},
			want:   []Change{{Kind: HandFails, ID: "mine", Input: `input: "x"`, Old: "raises error", New: `panics: "boom"`}},
		},
		{
			name:   "added and dropped",
			old:    []*spec.Case{gen("one", str("1"), num(1)), gen("ten", str("10"), num(10))},
			runs:   []runner.CaseReport{passed(0), passed(1)},
			merged: []*spec.Case{gen("one", str("1"), num(1)), gen("neg", str("-1"), num(-1))},
			want: []Change{
				{Kind: Added, ID: "neg", Input: `input: "-1"`, New: "returns -1"},
				{Kind: Dropped, ID: "ten", Input: `input: "10"`, Old: "returns 10"},
			},
		},
		{
			name:   "a kept hand-written case is neither added nor dropped",
			old:    []*spec.Case{{ID: "mine", Input: str("7"), Expected: num(7)}},
			runs:   []runner.CaseReport{passed(0)},
			merged: []*spec.Case{{ID: "mine", Input: str("7"), Expected: num(7)}, gen("one", str("1"), num(1))},
			want:   []Change{{Kind: Added, ID: "one", Input: `input: "1"`, New: "returns 1"}},
		},
		{
			name: "an error changed its message",
			old:  []*spec.Case{{ID: "bad", Input: str("x"), Raises: "error", Match: "^bad$", Generated: true}},
			runs: []runner.CaseReport{{
				Index: 0, Status: runner.Failed, Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "worse", Type: "*errors.errorString"},
			}},
			merged: []*spec.Case{{ID: "bad", Input: str("x"), Raises: "error", Match: "^worse$", Generated: true}},
			want:   []Change{{Kind: Changed, ID: "bad", Input: `input: "x"`, Old: `raises error matching "^bad$"`, New: `raises error "worse" (*errors.errorString)`}},
		},
		{
			name: "an argument is left otherwise",
			old:  []*spec.Case{{ID: "fill", Input: str("x"), InputsAfter: ptr(spec.MapValue("buf", spec.StringValue("a"))), Generated: true}},
			runs: []runner.CaseReport{{
				Index: 0, Status: runner.Failed, Outcome: executors.OK, ArgsAfter: []executors.NamedValue{{Name: "buf", Value: spec.StringValue("b")}},
			}},
			merged: []*spec.Case{{ID: "fill", Input: str("x"), InputsAfter: ptr(spec.MapValue("buf", spec.StringValue("b"))), Generated: true}},
			want:   []Change{{Kind: Changed, ID: "fill", Input: `input: "x"`, Old: `returns, inputs after: {buf: "a"}`, New: `returns, inputs after: {buf: "b"}`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := &spec.Function{Name: "F", Dataset: tt.old}
			merged := &spec.Function{Name: "F", Dataset: tt.merged}
			got := behaviourDiff(old, &runner.FunctionReport{Cases: tt.runs}, merged)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d changes %+v, want %d %+v", len(got), got, len(tt.want), tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("change %d:\n got  %+v\n want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestReview(t *testing.T) {
	old := &spec.Function{Name: "F", Dataset: []*spec.Case{
		gen("one", str("1"), num(1)),
		gen("two", str("2"), num(2)),
	}}
	merged := &spec.Function{Name: "F", Dataset: []*spec.Case{
		gen("one", str("1"), num(10)),
		gen("two", str("2"), num(20)),
		gen("three", str("3"), num(30)),
	}}
	changes := []Change{{Kind: Changed, ID: "one"}, {Kind: Changed, ID: "two"}, {Kind: Added, ID: "three"}}
	tests := []struct {
		name     string
		answers  map[string]Decision
		wantSkip bool
		want     []int64 // expected values of the result, in order
		rejected int
	}{
		{name: "accept all", answers: map[string]Decision{"one": Accept, "two": Accept}, want: []int64{10, 20, 30}},
		{name: "reject one", answers: map[string]Decision{"one": Reject, "two": Accept}, want: []int64{1, 20, 30}, rejected: 1},
		{name: "reject both", answers: map[string]Decision{"one": Reject, "two": Reject}, want: []int64{1, 2, 30}, rejected: 2},
		{name: "skip", answers: map[string]Decision{"one": Accept, "two": Skip}, wantSkip: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &FuncRefresh{Func: "F", Changes: changes}
			var asked []string
			out, skip := review(s, old, merged, func(_ *FuncRefresh, c Change) Decision {
				asked = append(asked, c.ID)
				return tt.answers[c.ID]
			})
			if skip != tt.wantSkip {
				t.Fatalf("skip = %v, want %v", skip, tt.wantSkip)
			}
			for _, id := range asked {
				if id == "three" {
					t.Errorf("asked about an added behaviour")
				}
			}
			if skip {
				return
			}
			if s.Rejected != tt.rejected {
				t.Errorf("rejected = %d, want %d", s.Rejected, tt.rejected)
			}
			var got []int64
			for _, c := range out.Dataset {
				got = append(got, c.Expected.Int)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
			if merged.Dataset[0].Expected.Int != 10 {
				t.Errorf("review changed its argument")
			}
		})
	}
}
