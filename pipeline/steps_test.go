package pipeline

import (
	"go/token"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func intp(i int64) *spec.Value {
	v := spec.IntValue(i)
	return &v
}

// listp is a list of ints.
func listp(is ...int64) *spec.Value {
	var vs []spec.Value
	for _, i := range is {
		vs = append(vs, spec.IntValue(i))
	}
	v := spec.ListValue(vs...)
	return &v
}

func floatp(f float64) *spec.Value {
	v := spec.FloatValue(f)
	return &v
}

// TestCorrect checks how a case of the spec agent is made to state
// what its run observed, and what the agent is told.
func TestCorrect(t *testing.T) {
	okReport := func(outs ...spec.Value) runner.CaseReport {
		return runner.CaseReport{Status: runner.Failed, Outcome: executors.OK, Outputs: outs}
	}
	errReport := func(e *executors.ErrorInfo, failures ...runner.Failure) runner.CaseReport {
		return runner.CaseReport{Status: runner.Failed, Outcome: executors.OK, Err: e, Failures: failures}
	}
	zero := &executors.ErrorInfo{Message: "division by zero", Type: "*errors.errorString"}
	tests := []struct {
		name, why string
		c         spec.Case
		cr        runner.CaseReport
		note      string
		ok        bool
		// want is the case after correction.
		want spec.Case
	}{
		{
			name: "right",
			why:  "a case whose outcome was right (an evaluator failed) is left as it is",
			c:    spec.Case{Expected: intp(3)},
			cr:   okReport(spec.IntValue(3)),
			ok:   true,
			want: spec.Case{Expected: intp(3)},
		},
		{
			name: "tolerance",
			why:  "an expected float within the case's tolerance is right",
			c:    spec.Case{Expected: floatp(3.1), Tolerance: 0.1},
			cr:   okReport(spec.FloatValue(3)),
			ok:   true,
			want: spec.Case{Expected: floatp(3.1), Tolerance: 0.1},
		},
		{
			name: "wrong value",
			why:  "a wrong expected value becomes the value returned, and the tolerance goes",
			c:    spec.Case{Expected: floatp(3.5), Tolerance: 0.01},
			cr:   okReport(spec.FloatValue(3)),
			note: "you wrote expected 3.5, but the call returned 3.0",
			ok:   true,
			want: spec.Case{Expected: floatp(3)},
		},
		{
			name: "several results",
			why:  "several results are expected as a list",
			c:    spec.Case{},
			cr:   okReport(spec.IntValue(3), spec.IntValue(1)),
			note: "expected added: the call returned [3, 1]",
			ok:   true,
			want: spec.Case{Expected: func() *spec.Value { v := spec.ListValue(spec.IntValue(3), spec.IntValue(1)); return &v }()},
		},
		{
			name: "no result",
			why:  "an expected value where the call returns nothing goes",
			c:    spec.Case{Expected: intp(3)},
			cr:   okReport(),
			note: "you wrote expected 3, but the call returned nothing",
			ok:   true,
			want: spec.Case{},
		},
		{
			name: "returned",
			why:  "a raises where the call returned becomes the value returned",
			c:    spec.Case{Raises: "error", Match: "zero"},
			cr:   okReport(spec.IntValue(3)),
			note: "you wrote raises error, but the call returned 3",
			ok:   true,
			want: spec.Case{Expected: intp(3)},
		},
		{
			name: "error",
			why:  "an expected value where the call returned an error becomes a raises anchored on the message",
			c:    spec.Case{Expected: intp(0)},
			cr:   errReport(zero, runner.Failure{Evaluator: spec.EvalExpected}),
			note: `you wrote expected 0, but the call returned the error "division by zero"`,
			ok:   true,
			want: spec.Case{Raises: "error", Match: "^division by zero$"},
		},
		{
			name: "sentinel",
			why:  "a returned sentinel is raised by name",
			c:    spec.Case{},
			cr:   errReport(&executors.ErrorInfo{Message: "division by zero", Sentinels: []string{"calc.ErrZero"}}, runner.Failure{}),
			note: `the call returned the error "division by zero"`,
			ok:   true,
			want: spec.Case{Raises: "calc.ErrZero", Match: "^division by zero$"},
		},
		{
			name: "wrong match",
			why:  "a raises whose match fails is corrected to the message",
			c:    spec.Case{Raises: "error", Match: "overflow"},
			cr:   errReport(zero, runner.Failure{Evaluator: spec.EvalRaises}),
			note: `you wrote raises error with match "overflow", but the call returned the error "division by zero"`,
			ok:   true,
			want: spec.Case{Raises: "error", Match: "^division by zero$"},
		},
		{
			name: "wrong raises",
			why:  "a raises of another kind is corrected",
			c:    spec.Case{Raises: "panic"},
			cr:   errReport(zero, runner.Failure{Evaluator: spec.EvalRaises}),
			note: `you wrote raises panic, but the call returned the error "division by zero"`,
			ok:   true,
			want: spec.Case{Raises: "error", Match: "^division by zero$"},
		},
		{
			name: "raises holds",
			why:  "a raises that held, in a case that failed an evaluator, is left as it is",
			c:    spec.Case{Raises: "error", Match: "zero"},
			cr:   errReport(zero, runner.Failure{Evaluator: spec.EvalAssertion}),
			ok:   true,
			want: spec.Case{Raises: "error", Match: "zero"},
		},
		{
			name: "panicked",
			why:  "a case whose call panicked raises panic, anchored on the message",
			c:    spec.Case{Expected: intp(3)},
			cr:   runner.CaseReport{Status: runner.Failed, Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "negative divisor"}},
			note: `you wrote expected 3, but the call panicked with "negative divisor"`,
			ok:   true,
			want: spec.Case{Raises: "panic", Match: "^negative divisor$"},
		},
		{
			name: "receiver after",
			why:  "a receiver_after that the call did not leave is corrected to what it left",
			c:    spec.Case{Expected: intp(3), ReceiverAfter: intp(4)},
			cr:   runner.CaseReport{Status: runner.Failed, Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(3)}, After: intp(5)},
			note: "you wrote receiver_after 4, but the call left the receiver 5",
			ok:   true,
			want: spec.Case{Expected: intp(3), ReceiverAfter: intp(5)},
		},
		{
			name: "receiver after a panic",
			why:  "after a panic nothing is observed: receiver_after goes",
			c:    spec.Case{ReceiverAfter: intp(4)},
			cr:   runner.CaseReport{Status: runner.Failed, Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "boom"}},
			note: `the call panicked with "boom"; receiver_after dropped: the call did not return`,
			ok:   true,
			want: spec.Case{Raises: "panic", Match: "^boom$"},
		},
		{
			name: "timeout",
			why:  "a timeout cannot be stated: the case cannot be corrected",
			c:    spec.Case{Expected: intp(3)},
			cr:   runner.CaseReport{Status: runner.Errored, Outcome: executors.Timeout},
			want: spec.Case{Expected: intp(3)},
		},
		{
			name: "no build",
			why:  "a case that did not build cannot be corrected",
			c:    spec.Case{Expected: intp(3)},
			cr:   runner.CaseReport{Status: runner.Errored, Outcome: executors.NoBuild},
			want: spec.Case{Expected: intp(3)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.c
			note, ok := correct(&c, tt.cr)
			if note != tt.note || ok != tt.ok {
				t.Errorf("%s: correct = %q, %v; want %q, %v", tt.why, note, ok, tt.note, tt.ok)
			}
			if caseText(&c) != caseText(&tt.want) || c.Tolerance != tt.want.Tolerance {
				t.Errorf("%s: case %s (tolerance %v), want %s (tolerance %v)", tt.why, caseText(&c), c.Tolerance, caseText(&tt.want), tt.want.Tolerance)
			}
		})
	}
}

// caseText is the outcome a case states, as caseSummary writes it.
func caseText(c *spec.Case) string {
	return caseSummary(&spec.Function{Dataset: []*spec.Case{c}})
}

// TestWeaken checks what is kept of a case whose outcome changes from
// run to run.
func TestWeaken(t *testing.T) {
	tests := []struct {
		name, why string
		c         spec.Case
		anyOrder  bool
		want      string // caseText of the weakened case; "" for nil
	}{
		{"match", "an error case loses its match, keeps its raises", spec.Case{ID: "e", Raises: "error", Match: "^x$"}, false, "e-unstable: raises error"},
		{"panic", "a panic case loses its match, keeps raises panic", spec.Case{ID: "p", Raises: "panic", Match: "^x$"}, false, "p-unstable: raises panic"},
		{"expected", "an expected case loses its value: it pins that the call returns", spec.Case{ID: "v", Expected: intp(3)}, false, "v-unstable: returns"},
		{"raises only", "a raises without a match has nothing left to weaken", spec.Case{ID: "r", Raises: "error"}, false, ""},
		{"returns", "a case that pins only that the call returns has nothing left to weaken", spec.Case{ID: "n"}, false, ""},
		{"after", "a receiver after the call that changed is dropped; the result that held stays",
			spec.Case{ID: "a", Expected: intp(3), ReceiverAfter: intp(4)}, false, "a-unstable: expected 3"},
		{"after-and-result", "both changed: both go",
			spec.Case{ID: "b", Expected: intp(3), ReceiverAfter: intp(4)}, false, "b-unstable: returns"},
		{"any order", "a case whose runs returned its lists in another order is made unordered, its values kept",
			spec.Case{ID: "l", Expected: listp(1, 2)}, true, "l-any-order: expected [1, 2] (any order)"},
		{"unordered changes", "an unordered case that still changes loses its value and unordered",
			spec.Case{ID: "l-any-order", Expected: listp(1, 2), Unordered: true}, true, "l-unstable: returns"},
		{"unordered after", "an unordered case whose receiver after changed keeps its result in any order",
			spec.Case{ID: "a", Expected: listp(1, 2), ReceiverAfter: intp(4), Unordered: true}, false, "a-unstable: expected [1, 2] (any order)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := caseText(&tt.c)
			var failures []runner.Failure
			if tt.c.ReceiverAfter != nil {
				failures = append(failures, runner.Failure{Evaluator: spec.EvalReceiverAfter})
			}
			if tt.name != "after" && tt.name != "unordered after" {
				failures = append(failures, runner.Failure{Evaluator: spec.EvalExpected})
			}
			w := weaken(&tt.c, failures, tt.anyOrder)
			got := ""
			if w != nil {
				got = caseText(w)
			}
			if got != tt.want {
				t.Errorf("%s: weaken = %q, want %q", tt.why, got, tt.want)
			}
			if caseText(&tt.c) != before {
				t.Errorf("%s: the case itself changed: %s", tt.why, caseText(&tt.c))
			}
		})
	}
}

// TestWeakenDropsArgsAfter checks that an expected value dropped takes
// the arguments after the call with it: a callback's calls may have come
// from the result's observers, which the weakened case no longer runs.
func TestWeakenDropsArgsAfter(t *testing.T) {
	c := spec.Case{ID: "k", Expected: intp(3), InputsAfter: intp(4)}
	w := weaken(&c, []runner.Failure{{Evaluator: spec.EvalExpected}}, false)
	if w == nil || w.Expected != nil || w.InputsAfter != nil {
		t.Errorf("weaken = %+v, want neither expected nor inputs_after", w)
	}
	if c.InputsAfter == nil {
		t.Error("the case itself lost its inputs_after")
	}
}

// TestInAnyOrder checks when confirm makes a varying case unordered:
// only when every failed run returned what the case states, in another
// order.
func TestInAnyOrder(t *testing.T) {
	ret := func(out *spec.Value, after *spec.Value, evs ...spec.EvalName) runner.CaseReport {
		cr := runner.CaseReport{Status: runner.Passed, Outcome: executors.OK, Outputs: []spec.Value{*out}, After: after}
		for _, ev := range evs {
			cr.Status = runner.Failed
			cr.Failures = append(cr.Failures, runner.Failure{Evaluator: ev})
		}
		return cr
	}
	tests := []struct {
		name string
		c    spec.Case
		reps []runner.CaseReport
		want bool
	}{
		{"reordered", spec.Case{Expected: listp(1, 2)}, []runner.CaseReport{ret(listp(1, 2), nil), ret(listp(2, 1), nil, spec.EvalExpected)}, true},
		{"no run failed", spec.Case{Expected: listp(1, 2)}, []runner.CaseReport{ret(listp(1, 2), nil)}, false},
		{"other elements", spec.Case{Expected: listp(1, 2)}, []runner.CaseReport{ret(listp(2, 1), nil, spec.EvalExpected), ret(listp(1, 3), nil, spec.EvalExpected)}, false},
		{"already unordered", spec.Case{Expected: listp(1, 2), Unordered: true}, []runner.CaseReport{ret(listp(2, 1), nil, spec.EvalExpected)}, false},
		{"receiver reordered", spec.Case{Expected: intp(1), ReceiverAfter: listp(3, 4)}, []runner.CaseReport{ret(intp(1), listp(4, 3), spec.EvalReceiverAfter)}, true},
		{"another evaluator failed", spec.Case{Expected: listp(1, 2)}, []runner.CaseReport{ret(listp(2, 1), nil, spec.EvalExpected, spec.EvalPattern)}, false},
		{"panicked", spec.Case{Expected: listp(1, 2)}, []runner.CaseReport{{Status: runner.Failed, Outcome: executors.Panicked, Failures: []runner.Failure{{Evaluator: spec.EvalExpected}}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := inAnyOrder(&tt.c, tt.reps...); got != tt.want {
				t.Errorf("inAnyOrder = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestOnlyOutcome checks which failures confirm treats as the case's
// own outcome changing (weakened) rather than an evaluator (dropped).
func TestOnlyOutcome(t *testing.T) {
	f := func(ev spec.EvalName) runner.Failure { return runner.Failure{Evaluator: ev, Message: "m"} }
	tests := []struct {
		name, why string
		failures  []runner.Failure
		want      bool
	}{
		{"expected", "an expected value that changed is the outcome", []runner.Failure{f(spec.EvalExpected)}, true},
		{"raises", "a raises or match that changed is the outcome", []runner.Failure{f(spec.EvalRaises), f(spec.EvalExpected)}, true},
		{"receiver after", "the receiver the call leaves is the outcome", []runner.Failure{f(spec.EvalReceiverAfter)}, true},
		{"evaluator", "an evaluator of the function is not", []runner.Failure{f(spec.EvalExpected), f(spec.EvalAssertion)}, false},
		{"duration", "a Duration is not", []runner.Failure{f(spec.EvalDuration)}, false},
		{"no evaluator", "a failure of no evaluator (a timeout, an unexpected error) is not", []runner.Failure{f("")}, false},
		{"none", "no failure is vacuously the outcome", nil, true},
	}
	for _, tt := range tests {
		if got := onlyOutcome(tt.failures); got != tt.want {
			t.Errorf("%s: %s: onlyOutcome = %v, want %v", tt.name, tt.why, got, tt.want)
		}
	}
}

// TestUniqueIDs checks that every case of a draft gets an id of its own.
func TestUniqueIDs(t *testing.T) {
	fn := &spec.Function{}
	for _, id := range []string{"a", "a", "", "a-2", "a", "", "case-1"} {
		fn.Dataset = append(fn.Dataset, &spec.Case{ID: id})
	}
	uniqueIDs(fn)
	var got []string
	for _, c := range fn.Dataset {
		got = append(got, c.ID)
	}
	// The second a takes a-2 before the written a-2 is reached, which
	// then is a duplicate itself.
	want := []string{"a", "a-2", "case-2", "a-2-2", "a-3", "case-3", "case-1"}
	checkPrefixes(t, "duplicate ids get a suffix, missing ones case-N", "ids", got, want, true)
}

// TestTimeoutNote checks the note on the probes of an exploration that
// timed out.
func TestTimeoutNote(t *testing.T) {
	x := func(outcomes ...executors.Outcome) *explore.Exploration {
		x := &explore.Exploration{}
		for i, o := range outcomes {
			x.Records = append(x.Records, &explore.Record{Probe: executors.Probe{ID: "p" + string(rune('1'+i))}, Result: executors.Result{Outcome: o}})
		}
		return x
	}
	to, ok := executors.Timeout, executors.OK
	tests := []struct {
		name string
		x    *explore.Exploration
		want string
	}{
		{"none", x(ok, ok), ""},
		{"one", x(ok, to), "probe p2 timed out"},
		{"some", x(to, ok, to), "2 probes timed out: p1, p3"},
		{"five", x(to, to, to, to, to), "5 probes timed out: p1, p2, p3, p4, p5"},
		{"six", x(to, to, to, to, to, to), "6 probes timed out: p1, p2, p3, p4, p5, …"},
	}
	for _, tt := range tests {
		if got := timeoutNote(tt.x); got != tt.want {
			t.Errorf("%s: timeoutNote = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSpecPath checks where a function's spec goes.
func TestSpecPath(t *testing.T) {
	pkg := &target.Package{Dir: "/m/calc", ImportPath: "example.com/m/calc"}
	tests := []struct {
		name, fn string
		opts     Options
		want     string
	}{
		{"default", "Div", Options{}, "/m/calc/testdata/specgen/Div_evals.yml"},
		{"method", "(*Acc).Add", Options{}, "/m/calc/testdata/specgen/Acc.Add_evals.yml"},
		{"value method", "Acc.Sum", Options{}, "/m/calc/testdata/specgen/Acc.Sum_evals.yml"},
		{"out", "Div", Options{Out: "specs/all.yml"}, "specs/all.yml"},
		{"out in dir", "Div", Options{Out: "specs/all.yml", Dir: "/m"}, "/m/specs/all.yml"},
		{"absolute out", "Div", Options{Out: "/tmp/all.yml", Dir: "/m"}, "/tmp/all.yml"},
	}
	for _, tt := range tests {
		g := &generator{opts: tt.opts}
		if got := g.specPath(&target.Func{Name: tt.fn, Pkg: pkg}); got != tt.want {
			t.Errorf("%s: specPath = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := CostLabel(&target.Func{Name: "Div", Pkg: pkg}); got != "example.com/m/calc.Div" {
		t.Errorf("CostLabel = %q", got)
	}
	if got := CostLabel(&target.Func{Name: "Div"}); got != "Div" {
		t.Errorf("CostLabel without a package = %q", got)
	}
}

// TestMutationMerge: a generic function's instantiations each have a
// mutation step; merged, a mutant killed by the cases of either is
// killed, and only one that lives through both survives.
func TestMutationMerge(t *testing.T) {
	pos := func(line int) token.Position { return token.Position{Filename: "set.go", Line: line, Column: 2} }
	step := func(verdicts map[int]verdict, equivalent map[int]bool) *Mutation {
		m := &Mutation{verdicts: map[string]verdict{}, Added: 1, Dropped: 2}
		for line := 1; line <= 4; line++ {
			v, ok := verdicts[line]
			if !ok {
				continue
			}
			s := Survivor{Pos: pos(line), Change: "< → <=", Equivalent: equivalent[line]}
			m.verdicts[survivorName(s)] = v
			if v == vLived {
				m.Lived++
				m.Survivors = append(m.Survivors, s)
			}
		}
		return m
	}
	// Line 4's mutant runs only against the strings' cases, and lives.
	ints := step(map[int]verdict{1: vKilled, 2: vLived, 3: vLived, 4: vNotCovered}, map[int]bool{2: true})
	strs := step(map[int]verdict{1: vLived, 2: vLived, 3: vKilled, 4: vLived}, map[int]bool{1: true, 2: true})
	var first *Mutation
	if got := first.merge(ints); got != ints {
		t.Errorf("the first instantiation's step merged into none: %+v, want it as it is", got)
	}
	m := ints.merge(strs)
	if m.Killed != 2 || m.Lived != 2 || m.NotCovered != 0 || m.TimedOut != 0 || m.Added != 2 || m.Dropped != 4 {
		t.Errorf("merged %+v: want 2 killed (lines 1 and 3), 2 lived (lines 2 and 4), the cases added and dropped summed", m)
	}
	if len(m.Survivors) != 2 || m.Survivors[0].Pos.Line != 2 || !m.Survivors[0].Equivalent || m.Survivors[1].Pos.Line != 4 || m.Survivors[1].Equivalent {
		t.Errorf("survivors %+v: want line 2's, equivalent in both, then line 4's", m.Survivors)
	}
	if s, ok := m.Score(); !ok || s != 50 {
		t.Errorf("score %v %v, want 50", s, ok)
	}
}
