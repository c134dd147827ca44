package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// agentVerified are the verified cases the spec agent is given, as the
// built-in writer states them.
const agentVerified = `Div:
  dataset:
    - case: {id: ok-7-2, inputs: {a: 7, b: 2}, expected: 3}
    - case: {id: error-1-0, inputs: {a: 1, b: 0}, raises: error, match: "^division by zero$"}
    - case: {id: panics-1-m1, inputs: {a: 1, b: -1}, raises: panic, match: "^negative divisor$"}
`

// A draft that states every verified behaviour right, and more.
const goodDraft = `Div:
  dataset:
    - case: {id: seven, inputs: {a: 7, b: 2}, expected: 3}
    - case: {id: eight, inputs: {a: 8, b: 4}, expected: 2}
    - case: {id: by-zero, inputs: {a: 1, b: 0}, raises: error, match: "division by zero"}
    - case: {id: negative, inputs: {a: 1, b: -1}, raises: panic}
`

const goodCases = `seven: expected 3
eight: expected 2
by-zero: raises error /division by zero/
negative: raises panic`

// withEvals is goodDraft with the evaluators in evals (YAML lines
// under evals:, indented by four).
func withEvals(evals string) string {
	return strings.Replace(goodDraft, "Div:\n", "Div:\n  evals:\n"+evals, 1)
}

// outputAbove is an assertion decider: "output > N" holds on results
// over N, and on errors; expressions with "undefined" do not compile.
func outputAbove(expr, key string, r executors.Result) (bool, bool) {
	if strings.Contains(expr, "undefined") {
		return false, false
	}
	if r.Err != nil || len(r.Outputs) == 0 {
		return true, true
	}
	switch {
	case strings.Contains(expr, "output > 2"):
		return true, r.Outputs[0].Int > 2
	case strings.Contains(expr, "output > 1"):
		return true, r.Outputs[0].Int > 1
	case strings.Contains(expr, "false"):
		return true, false
	}
	return true, true
}

// TestAgentSpec drives the spec agent's steps (draft, check, correct,
// refine, finalize, inject) with a fake agent and a fake engine.
func TestAgentSpec(t *testing.T) {
	f := loadDiv(t)
	tests := []struct {
		name, why string
		drafts    []agentAnswer
		answers   map[string][]executors.Result
		opts      Options
		// exploreCoverage is FuncResult.ExploreCoverage.
		exploreCoverage float64

		// writer is FuncResult.SpecWriter; builtin that the agent
		// failed and the verified cases are the spec.
		writer string
		want   string
		// evals are the evaluators of the spec, by name.
		evals                            string
		asked                            int
		refinements, corrected, injected int
		notes                            []string
		// failures are parts of the failure context of the last request.
		failures []string
	}{
		{
			name:   "right",
			why:    "a draft that holds is taken as it is, in one attempt",
			drafts: []agentAnswer{{yaml: goodDraft}},
			want:   goodCases,
			asked:  1,
		},
		{
			name:      "wrong expected",
			why:       "wrong expected values are corrected to what the call returned, without a refinement",
			drafts:    []agentAnswer{{yaml: strings.NewReplacer("expected: 3", "expected: 3.5", "expected: 2", "expected: [2]").Replace(goodDraft)}},
			want:      goodCases,
			asked:     1,
			corrected: 2,
		},
		{
			name: "wrong outcomes",
			why:  "a raises where the call returns, an expected where it fails, a match the message does not have: each is corrected to the outcome observed",
			drafts: []agentAnswer{{yaml: `Div:
  dataset:
    - case: {id: seven, inputs: {a: 7, b: 2}, raises: error}
    - case: {id: by-zero, inputs: {a: 1, b: 0}, expected: 0}
    - case: {id: negative, inputs: {a: 1, b: -1}, raises: panic, match: "overflow"}
    - case: {id: eight, inputs: {a: 8, b: 4}, raises: panic}
`}},
			want:      "seven: expected 3\neight: expected 2\nby-zero: raises error /^division by zero$/\nnegative: raises panic /^negative divisor$/",
			asked:     1,
			corrected: 4,
		},
		{
			name: "missing errors",
			why:  "verified error and panic behaviours the draft leaves out are added back",
			drafts: []agentAnswer{{yaml: `Div:
  dataset:
    - case: {id: seven, inputs: {a: 7, b: 2}, expected: 3}
`}},
			want:     "seven: expected 3\nerror-1-0: raises error /^division by zero$/\npanics-1-m1: raises panic /^negative divisor$/",
			asked:    1,
			injected: 2,
		},
		{
			name: "missing successes",
			why:  "when the draft covers less than the exploration did, the verified successes it left out are added, with a note",
			drafts: []agentAnswer{{yaml: `Div:
  dataset:
    - case: {id: by-zero, inputs: {a: 1, b: 0}, raises: error}
`}},
			exploreCoverage: 100,
			want:            "ok-7-2: expected 3\nby-zero: raises error\npanics-1-m1: raises panic /^negative divisor$/",
			asked:           1,
			injected:        2,
			notes:           []string{"spec agent: its spec covered 40.0% of the statements, exploration 100.0%: added 1 verified cases it left out"},
		},
		{
			name:   "assertion does not compile",
			why:    "an assertion that makes every case fail to build is dropped, and the cases run without it",
			drafts: []agentAnswer{{yaml: withEvals("    Assertion: {assertion: \"output > undefinedLimit\"}\n")}},
			want:   goodCases,
			asked:  1,
		},
		{
			name: "assertion does not parse",
			why:  "an evaluator the runner refuses is dropped and the rest runs; the agent is told on the refinement (asked for by a Pattern that fails)",
			drafts: []agentAnswer{
				{yaml: withEvals("    Assertion: {assertion: \"output >\"}\n    Pattern: {pattern: \"^x$\"}\n")},
				{yaml: withEvals("    Type: {type: int}\n")},
			},
			want:        goodCases,
			evals:       "Type",
			asked:       2,
			refinements: 1,
			failures:    []string{"evals: Assertion: dropped: ", "case seven: fails: Pattern: "},
		},
		{
			name:   "refused case",
			why:    "a case the runner refuses (a parameter Div does not have) is dropped, the others run",
			drafts: []agentAnswer{{yaml: strings.Replace(goodDraft, "{a: 8, b: 4}", "{a: 8, c: 4}", 1)}},
			want:   "seven: expected 3\nby-zero: raises error /division by zero/\nnegative: raises panic",
			asked:  1,
		},
		{
			name:   "timeout",
			why:    "a case whose call times out cannot be stated: it is dropped",
			drafts: []agentAnswer{{yaml: goodDraft}},
			answers: map[string][]executors.Result{
				"8, 4": {timesOut()},
			},
			want:  "seven: expected 3\nby-zero: raises error /division by zero/\nnegative: raises panic",
			asked: 1,
		},
		{
			name: "refined",
			why:  "an assertion that fails on a case asks for a refinement; the passing cases are kept, the refinement's evaluators and new cases added",
			drafts: []agentAnswer{
				{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")},
				{yaml: `Div:
  evals:
    Assertion: {assertion: "err != nil || output > 1"}
  dataset:
    - case: {id: eight, inputs: {a: 8, b: 4}, expected: 2}
    - case: {id: nine, inputs: {a: 9, b: 3}, expected: 3}
`},
			},
			answers:     map[string][]executors.Result{},
			want:        "seven: expected 3\neight: expected 2\nnine: expected 3\nby-zero: raises error /division by zero/\nnegative: raises panic",
			evals:       "Assertion",
			asked:       2,
			refinements: 1,
			failures:    []string{"case eight: fails: Assertion: err != nil || output > 2 is false"},
		},
		{
			name:        "max refine",
			why:         "an assertion that never holds stops the refinement after MaxRefine rounds (2 by default); finalize drops the assertion and keeps the cases",
			drafts:      []agentAnswer{{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")}},
			want:        goodCases,
			asked:       3,
			refinements: 2,
			notes:       []string{"spec agent: evaluator Assertion dropped: it does not hold on every case"},
			failures:    []string{"case eight: fails: Assertion: "},
		},
		{
			name:   "no refinement",
			why:    "a negative MaxRefine asks once",
			drafts: []agentAnswer{{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")}},
			opts:   Options{MaxRefine: -1},
			want:   goodCases,
			asked:  1,
			notes:  []string{"spec agent: evaluator Assertion dropped: it does not hold on every case"},
		},
		{
			name:   "min pass",
			why:    "a pass rate at MinPass stops the refinement (3 of 4 cases pass, MinPass 75)",
			drafts: []agentAnswer{{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")}},
			opts:   Options{MinPass: 75},
			want:   goodCases,
			asked:  1,
			notes:  []string{"spec agent: evaluator Assertion dropped: it does not hold on every case"},
		},
		{
			name:        "under min pass",
			why:         "a pass rate under MinPass refines (3 of 4 cases pass, MinPass 80)",
			drafts:      []agentAnswer{{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")}},
			opts:        Options{MinPass: 80, MaxRefine: 1},
			want:        goodCases,
			asked:       2,
			refinements: 1,
			notes:       []string{"spec agent: evaluator Assertion dropped: it does not hold on every case"},
		},
		{
			name: "best attempt",
			why:  "the attempt with the most passing cases wins, not the last one",
			drafts: []agentAnswer{
				{yaml: withEvals("    Assertion: {assertion: \"err != nil || output > 2\"}\n")},
				{yaml: withEvals("    Assertion: {assertion: \"false\"}\n    Type: {type: int}\n")},
			},
			opts:        Options{MaxRefine: 1},
			want:        goodCases,
			asked:       2,
			refinements: 1,
			notes:       []string{"spec agent: evaluator Assertion dropped: it does not hold on every case"},
		},
		{
			name:   "unstable",
			why:    "a case that passes the first check and fails the second (its value changed) still fails after the checks: finalize drops it with a note",
			drafts: []agentAnswer{{yaml: strings.Replace(goodDraft, "expected: 3", "expected: 4", 1)}},
			answers: map[string][]executors.Result{
				"8, 4": {ok(2), ok(5)},
			},
			opts:      Options{MaxRefine: -1},
			want:      "seven: expected 3\nby-zero: raises error /division by zero/\nnegative: raises panic",
			asked:     1,
			corrected: 1,
			notes:     []string{"spec agent: case eight dropped: Expected: "},
		},
		{
			name:   "evaluator that never holds",
			why:    "a Type evaluator that fails on every success is dropped by finalize; the cases stay",
			drafts: []agentAnswer{{yaml: withEvals("    Type: {type: string}\n    Pattern: {pattern: \"^[0-9]+$\"}\n")}},
			opts:   Options{MaxRefine: -1},
			want:   goodCases,
			evals:  "Pattern",
			asked:  1,
			notes:  []string{"spec agent: evaluator Type dropped: it does not hold on every case"},
		},
		{
			name: "ids and timing",
			why:  "duplicate and missing ids are made unique; durations are not the agent's to set",
			drafts: []agentAnswer{{yaml: `Div:
  evals:
    Duration: {duration: 5}
  dataset:
    - case: {id: same, inputs: {a: 7, b: 2}, expected: 3, duration: 1}
    - case: {id: same, inputs: {a: 8, b: 4}, expected: 2}
    - case: {inputs: {a: 1, b: 0}, raises: error}
    - case: {id: same, inputs: {a: 1, b: -1}, raises: panic}
`, lenient: true}},
			want:  "same: expected 3\nsame-2: expected 2\ncase-1: raises error\nsame-3: raises panic",
			asked: 1,
		},
		{
			name: "unusable answer",
			why:  "an answer that is not a spec costs an attempt: the agent is told why and asked again",
			drafts: []agentAnswer{
				{yaml: "Div: [unclosed"},
				{yaml: goodDraft},
			},
			want:        goodCases,
			asked:       2,
			refinements: 1,
			failures:    []string{"The last answer could not be used: the answer is not a spec: "},
		},
		{
			name:        "agent fails",
			why:         "an agent that fails every attempt leaves the spec to the built-in writer, with a note",
			drafts:      []agentAnswer{{err: errors.New("model unavailable")}},
			writer:      "builtin",
			want:        "ok-7-2: expected 3\nerror-1-0: raises error /^division by zero$/\npanics-1-m1: raises panic /^negative divisor$/",
			asked:       3,
			refinements: 2,
			notes:       []string{"spec agent failed, the built-in writer wrote the spec: no usable spec after 3 attempts: model unavailable"},
			failures:    []string{"The last answer could not be used: model unavailable"},
		},
		{
			name:   "no spec",
			why:    "an agent that answers nothing has failed",
			drafts: nil,
			opts:   Options{MaxRefine: -1},
			writer: "builtin",
			want:   "ok-7-2: expected 3\nerror-1-0: raises error /^division by zero$/\npanics-1-m1: raises panic /^negative divisor$/",
			asked:  1,
			notes:  []string{"spec agent failed, the built-in writer wrote the spec: no usable spec after 1 attempts: the agent returned no spec"},
		},
		{
			name: "nothing runs",
			why:  "a draft none of whose cases the runner accepts is a failed attempt",
			drafts: []agentAnswer{{yaml: `Div:
  dataset:
    - case: {id: bad, inputs: {a: 7, c: 2}, expected: 3}
`}},
			opts:   Options{MaxRefine: -1},
			writer: "builtin",
			want:   "ok-7-2: expected 3\nerror-1-0: raises error /^division by zero$/\npanics-1-m1: raises panic /^negative divisor$/",
			asked:  1,
			notes:  []string{"spec agent failed, the built-in writer wrote the spec: no usable spec after 1 attempts: no case left: case bad: dropped: "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answers := divAnswers()
			for k, v := range tt.answers {
				answers[k] = v
			}
			e := newFakeEngine(f, answers)
			e.assert = outputAbove
			agent := &fakeAgent{name: "fake-model", drafts: tt.drafts}
			opts := tt.opts
			opts.SpecAgent = agent
			g := &generator{opts: opts, native: e}
			res := &FuncResult{Name: f.Name, Path: filepath.Join(t.TempDir(), "Div_evals.yml"), ExploreCoverage: tt.exploreCoverage}
			verified := parseDiv(t, agentVerified)
			fn := g.agentOrBuiltin(context.Background(), f, verified, res)
			if len(e.unknown) > 0 {
				t.Fatalf("the fake engine was asked about %q", e.unknown)
			}
			writer := tt.writer
			if writer == "" {
				writer = "fake-model"
			}
			if res.SpecWriter != writer {
				t.Errorf("%s: spec writer %q, want %q (notes %q)", tt.why, res.SpecWriter, writer, res.Notes)
			}
			if got := caseSummary(fn); got != tt.want {
				t.Errorf("%s: cases:\n%s\nwant:\n%s", tt.why, got, tt.want)
			}
			if got := evalNames(fn.Evals); got != tt.evals {
				t.Errorf("%s: evaluators %q, want %q", tt.why, got, tt.evals)
			}
			for _, c := range fn.Dataset {
				if c.Duration != nil {
					t.Errorf("%s: case %s has a duration", tt.why, c.ID)
				}
			}
			if len(agent.asked) != tt.asked {
				t.Errorf("%s: the agent was asked %d times, want %d", tt.why, len(agent.asked), tt.asked)
			}
			for i, req := range agent.asked {
				if req.Attempt != i || req.Func != f || len(req.Verified) != len(verified.Dataset) {
					t.Errorf("%s: request %d: attempt %d, func %v, %d verified", tt.why, i, req.Attempt, req.Func.Name, len(req.Verified))
				}
			}
			if got := [3]int{res.Refinements, res.Corrected, res.Injected}; got != [3]int{tt.refinements, tt.corrected, tt.injected} {
				t.Errorf("%s: refinements, corrected, injected = %v, want %v", tt.why, got, [3]int{tt.refinements, tt.corrected, tt.injected})
			}
			checkPrefixes(t, tt.why, "notes", res.Notes, tt.notes, false)
			if len(tt.failures) > 0 {
				last := agent.asked[len(agent.asked)-1]
				for _, want := range tt.failures {
					found := false
					for _, got := range last.Failures {
						found = found || strings.Contains(got, want)
					}
					if !found {
						t.Errorf("%s: the last request's failures\n%q\nsay nothing of %q", tt.why, last.Failures, want)
					}
				}
			}
		})
	}
}

// evalNames names the evaluators set in e, comma-separated, in the
// order of spec.Evaluators.
func evalNames(e spec.Evals) string {
	var names []string
	for _, ev := range []struct {
		name string
		set  bool
	}{
		{"Type", e.Type != nil},
		{"Assertion", e.Assertion != nil},
		{"Duration", e.Duration != nil},
		{"Pattern", e.Pattern != nil},
		{"ContainsInput", e.ContainsInput != nil},
		{"LLMJudge", e.LLMJudge != nil},
	} {
		if ev.set {
			names = append(names, ev.name)
		}
	}
	return strings.Join(names, ",")
}
