package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// parseDiv reads the spec of Div from YAML.
func parseDiv(t *testing.T, yml string) *spec.Function {
	t.Helper()
	file, err := spec.Parse("spec.yml", []byte(yml))
	if err != nil {
		t.Fatalf("parse:\n%s\n%v", yml, err)
	}
	fn := file.Function("Div")
	if fn == nil {
		t.Fatalf("no Div in:\n%s", yml)
	}
	return fn
}

// The generated spec the confirm tests start from: one case of each
// outcome Div has.
const confirmSpec = `Div:
  dataset:
    - case: {id: quotient, inputs: {a: 7, b: 2}, expected: 3}
    - case: {id: zero, inputs: {a: 1, b: 0}, raises: error, match: "^division by zero$"}
    - case: {id: negative, inputs: {a: 1, b: -1}, raises: panic, match: "^negative divisor$"}
`

const confirmAll = `quotient: expected 3
zero: raises error /^division by zero$/
negative: raises panic /^negative divisor$/`

// TestConfirm runs confirm on a fake engine whose answers change from
// run to run where a case says so, and checks what is kept, weakened
// and dropped, with which notes.
func TestConfirm(t *testing.T) {
	f := loadDiv(t)
	tests := []struct {
		name, why string
		// answers replace those of divAnswers.
		answers map[string][]executors.Result
		// assert decides assertions (see fakeEngine.assert).
		assert func(expr, key string, r executors.Result) (compiles, holds bool)
		// spec is the generated spec (confirmSpec when empty, none
		// when "-");
		// existing is the spec file on disk, if any.
		spec, existing string
		durations      bool
		// want is caseSummary of the confirmed spec.
		want string
		// unstable are the ids of FuncResult.Unstable, in order; notes
		// are prefixes of FuncResult.Notes, in order.
		unstable, notes []string
		// duration is the Duration evaluator added (Durations).
		duration time.Duration
		// err is a part of the error confirm fails with.
		err string
		// programs, when set, is the number of programs confirm runs.
		programs int
	}{
		{
			name: "stable",
			why:  "cases whose runs agree are kept as they were written",
			want: confirmAll,
		},
		{
			name:     "value changes",
			why:      "an expected value that differs between the two runs is dropped: the case pins only that the call returns",
			answers:  map[string][]executors.Result{"7, 2": {ok(3), ok(4)}},
			want:     "quotient-unstable: returns\nzero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"quotient"},
		},
		{
			name:     "message changes",
			why:      "an error message that differs between runs loses its match, the raises stays",
			answers:  map[string][]executors.Result{"1, 0": {fails("division by zero"), fails("division by zero (at 0xc000012345)")}},
			want:     "quotient: expected 3\nzero-unstable: raises error\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"zero"},
		},
		{
			name:     "panic message changes",
			why:      "a panic whose message differs between runs keeps raises panic",
			answers:  map[string][]executors.Result{"1, -1": {panics("negative divisor"), panics("negative divisor: -1")}},
			want:     "quotient: expected 3\nzero: raises error /^division by zero$/\nnegative-unstable: raises panic",
			unstable: []string{"negative"},
		},
		{
			name:     "sometimes panics",
			why:      "a call that returns in one run and panics in the other is weakened, then dropped with a note when the weakened case panics too",
			answers:  map[string][]executors.Result{"7, 2": {ok(3), panics("boom")}},
			want:     "zero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"quotient"},
			notes:    []string{"case quotient-unstable dropped: the call panicked: boom (string)"},
		},
		{
			name:     "sometimes returns",
			why:      "a raises case whose call sometimes returns loses its match, then, still failing, is dropped: nothing is left to weaken",
			answers:  map[string][]executors.Result{"1, 0": {fails("division by zero"), fails("division by zero!"), ok(0)}},
			want:     "quotient: expected 3\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"zero", "zero-unstable"},
		},
		{
			name:    "timeout",
			why:     "a case that does not finish is not nondeterministic: it is dropped with a note",
			answers: map[string][]executors.Result{"7, 2": {timesOut()}},
			want:    "zero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			notes:   []string{"case quotient dropped: timeout: probe did not finish in 1s"},
		},
		{
			name: "hand-written case fails",
			why:  "a person's failing case is reported once, however many rounds run, and never weakened; confirm returns the generated cases only",
			existing: `Div:
  dataset:
    - case: {id: mine, inputs: {a: 9, b: 3}, expected: 5}
`,
			answers:  map[string][]executors.Result{"9, 3": {ok(3), ok(4)}, "7, 2": {ok(3), ok(4)}},
			want:     "quotient-unstable: returns\nzero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"quotient"},
			notes:    []string{"hand-written case mine fails: Expected: "},
		},
		{
			name: "hand-written evaluator",
			why:  "a generated case that breaks a person's Assertion states nothing the spec wants: it is dropped with a note",
			existing: `Div:
  evals:
    Assertion: {assertion: "err != nil || output > 1"}
  dataset:
    - case: {id: mine, inputs: {a: 9, b: 3}, expected: 3}
`,
			assert: func(expr, key string, r executors.Result) (bool, bool) {
				return true, r.Err != nil || r.Outputs[0].Int > 1
			},
			spec: `Div:
  dataset:
    - case: {id: quotient, inputs: {a: 7, b: 2}, expected: 3}
    - case: {id: nothing, inputs: {a: 0, b: 5}, expected: 0}
`,
			want:  "quotient: expected 3",
			notes: []string{"case nothing dropped: Assertion: err != nil || output > 1 is false"},
		},
		{
			name: "hand-written case covers",
			why:  "a generated case with the inputs of a hand-written one is left out, as save will leave it out",
			existing: `Div:
  dataset:
    - case: {id: mine, inputs: {a: 7, b: 2}, expected: 3}
`,
			want: "zero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
		},
		{
			name:      "durations",
			why:       "Durations bounds every case at ten times the slowest observed",
			answers:   map[string][]executors.Result{"7, 2": {took(ok(3), 30*time.Millisecond), took(ok(3), 45*time.Millisecond)}},
			durations: true,
			want:      confirmAll,
			duration:  450 * time.Millisecond,
		},
		{
			name:      "durations floor",
			why:       "the Duration bound is at least 100ms, so that it catches slowdowns, not noise",
			durations: true,
			want:      confirmAll,
			duration:  100 * time.Millisecond,
		},
		{
			name: "unsettled",
			why:  "a spec still changing after 4 rounds is an error: quotient changes in rounds 1 and 2, zero in rounds 3 and 4 (runs 1-11, 12-212, 213-413, 414-614)",
			answers: map[string][]executors.Result{
				"7, 2": {ok(3), ok(4), panics("boom")},
				"1, 0": slices.Concat(times(212, fails("division by zero")), times(201, fails("zero")), []executors.Result{ok(0)}),
			},
			err: "confirm Div: the spec does not settle after 4 rounds of native runs",
		},
		{
			name:     "rare change, function varies",
			why:      "once a case varied (quotient, in round 1), every case is rerun 200 times (10 fresh runs of 20 passes): zero, whose message changes only in its 30th call, loses its match",
			answers:  map[string][]executors.Result{"7, 2": {ok(3), ok(4)}, "1, 0": slices.Concat(times(29, fails("division by zero")), []executors.Result{fails("division by zero!"), fails("division by zero")})},
			want:     "quotient-unstable: returns\nzero-unstable: raises error\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"quotient", "zero"},
			programs: 11 + 11 + 11,
		},
		{
			name:     "rare change, function steady",
			why:      "a function seen steady over the 11 runs of a round gets no extra runs: the change in run 30 goes unseen",
			answers:  map[string][]executors.Result{"1, 0": slices.Concat(times(29, fails("division by zero")), []executors.Result{fails("division by zero!"), fails("division by zero")})},
			want:     confirmAll,
			programs: 11,
		},
		{
			name:     "slow steady",
			why:      "slow cases are rerun as many times as fit in 2s of calls: 3 cases of 200ms, 3 reruns",
			answers:  map[string][]executors.Result{"7, 2": {took(ok(3), 200*time.Millisecond)}, "1, 0": {took(fails("division by zero"), 200*time.Millisecond)}, "1, -1": {took(panics("negative divisor"), 200*time.Millisecond)}},
			want:     confirmAll,
			programs: 1 + 3,
		},
		{
			name:     "slow varied",
			why:      "a function seen to vary whose cases are slow is rerun within the budget, at least 20 times: 3 cases of 1s, once in round 1 (2s budget), 20 times in round 2 (20s budget), as 10 fresh runs of two passes",
			answers:  map[string][]executors.Result{"7, 2": {took(ok(3), time.Second), took(ok(4), time.Second)}, "1, 0": {took(fails("division by zero"), time.Second)}, "1, -1": {took(panics("negative divisor"), time.Second)}},
			want:     "quotient-unstable: returns\nzero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			unstable: []string{"quotient"},
			programs: 1 + 1 + 1 + 10,
		},
		{
			name: "refused",
			why:  "a case the runner refuses is an error of confirm, not a case to drop",
			spec: `Div:
  dataset:
    - case: {id: typo, inputs: {a: 7, c: 2}, expected: 3}
`,
			err: "unknown parameter c",
		},
		{
			name: "empty",
			why:  "a spec without cases is confirmed without running anything",
			spec: "-",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answers := divAnswers()
			for k, v := range tt.answers {
				answers[k] = v
			}
			e := newFakeEngine(f, answers)
			e.assert = tt.assert
			g := &generator{opts: Options{Durations: tt.durations}, native: e}
			res := &FuncResult{Name: f.Name, Path: filepath.Join(t.TempDir(), "Div_evals.yml")}
			if tt.existing != "" {
				if err := os.WriteFile(res.Path, []byte(tt.existing), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gen := &spec.Function{Name: "Div"}
			switch tt.spec {
			case "":
				gen = parseDiv(t, confirmSpec)
			case "-":
			default:
				gen = parseDiv(t, tt.spec)
			}
			fn, cov, _, err := g.confirm(context.Background(), f, gen, res)
			if len(e.unknown) > 0 {
				t.Fatalf("the fake engine was asked about %q", e.unknown)
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("%s: err = %v, want %q", tt.why, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.why, err)
			}
			if got := caseSummary(fn); got != tt.want {
				t.Errorf("%s: cases:\n%s\nwant:\n%s", tt.why, got, tt.want)
			}
			for _, c := range fn.Dataset {
				if !c.Generated {
					t.Errorf("case %s is not marked generated", c.ID)
				}
			}
			checkPrefixes(t, tt.why, "unstable", ids(res.Unstable), tt.unstable, true)
			checkPrefixes(t, tt.why, "notes", res.Notes, tt.notes, false)
			var d time.Duration
			if fn.Evals.Duration != nil {
				d = fn.Evals.Duration.Duration.Duration
			}
			if d != tt.duration {
				t.Errorf("%s: Duration evaluator %v, want %v", tt.why, d, tt.duration)
			}
			if tt.programs != 0 && e.programs != tt.programs {
				t.Errorf("%s: %d programs run, want %d", tt.why, e.programs, tt.programs)
			}
			if len(fn.Dataset) == 0 {
				if e.programs != 0 || cov != 0 {
					t.Errorf("%s: %d programs run, coverage %v: want none", tt.why, e.programs, cov)
				}
				return
			}
			if cov <= 0 || cov > 100 {
				t.Errorf("%s: coverage %v", tt.why, cov)
			}
			if tt.existing != "" {
				data, err := os.ReadFile(res.Path)
				if err != nil || string(data) != tt.existing {
					t.Errorf("%s: the spec on disk changed: %q (%v)", tt.why, data, err)
				}
			}
		})
	}
}

// ids are the ids that FuncResult.Unstable entries ("id: why") start
// with.
func ids(entries []string) []string {
	var out []string
	for _, e := range entries {
		id, _, _ := strings.Cut(e, ": ")
		out = append(out, id)
	}
	return out
}

// checkPrefixes checks that got has one element per want, each
// starting with it (equal to it when exact).
func checkPrefixes(t *testing.T, why, what string, got, want []string, exact bool) {
	t.Helper()
	match := len(got) == len(want)
	for i := 0; match && i < len(got); i++ {
		match = strings.HasPrefix(got[i], want[i]) && (!exact || got[i] == want[i])
	}
	if !match {
		t.Errorf("%s: %s:\n%q\nwant:\n%q", why, what, got, want)
	}
}

// times is n runs with result r.
func times(n int, r executors.Result) []executors.Result {
	out := make([]executors.Result, n)
	for i := range out {
		out[i] = r
	}
	return out
}
