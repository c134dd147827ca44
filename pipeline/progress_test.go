package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/target"
)

// TestProgress checks the steps generator.function reports, on the fake
// engine: each phase in order, the figures of the exploration rounds,
// and the counts of the confirm step, which are those saved, the
// hand-written cases apart.
func TestProgress(t *testing.T) {
	f := loadDiv(t)
	tests := []struct {
		name, why string
		existing  string
		dryRun    bool
		// phases are the phases of the steps, each once however many
		// steps it has; lines the steps' lines.
		phases, lines string
		// generated and hand are the counts of the confirm step, and
		// FuncResult's Generated and Hand; cases is FuncResult.Cases.
		generated, hand, cases int
	}{
		{
			name:      "fresh",
			why:       "with no spec on disk every case is generated",
			phases:    "exploring confirming writing done",
			lines:     "Div: exploring on fake\nDiv: 4 probes, 3 behaviours, 100.0% explored; confirming 3 generated cases natively",
			generated: 3, cases: 3,
		},
		{
			name: "hand-written",
			why:  "the hand-written cases are counted apart, and a generated case one of them states (the same inputs) is not counted: the merge drops it",
			existing: `Div:
  dataset:
    - case: {id: mine, inputs: {a: 7, b: 2}, expected: 3}
    - case: {id: also-mine, inputs: {a: 100, b: 10}, expected: 10}
`,
			phases:    "exploring confirming writing done",
			lines:     "Div: exploring on fake\nDiv: 5 probes, 3 behaviours, 100.0% explored; confirming 2 generated cases natively (2 hand-written kept as they are)",
			generated: 2, hand: 2, cases: 4,
		},
		{
			name: "dry run",
			why:  "a dry run writes nothing, and counts the hand-written cases it would keep",
			existing: `Div:
  dataset:
    - case: {id: mine, inputs: {a: 100, b: 10}, expected: 10}
`,
			dryRun:    true,
			phases:    "exploring confirming done",
			lines:     "Div: exploring on fake\nDiv: 5 probes, 3 behaviours, 100.0% explored; confirming 3 generated cases natively (1 hand-written kept as they are)",
			generated: 3, hand: 1, cases: 4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answers := divAnswers()
			answers["100, 10"] = []executors.Result{ok(10)}
			native := newFakeEngine(f, answers)
			native.name = "fake"
			out := filepath.Join(t.TempDir(), "Div_evals.yml")
			if tt.existing != "" {
				if err := os.WriteFile(out, []byte(tt.existing), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var steps []Step
			ex := &scriptExplorer{plans: []explore.Plan{snippets(divCalls...)}}
			opts := Options{
				Out:      out,
				DryRun:   tt.dryRun,
				Explorer: func(*target.Func) explore.Explorer { return ex },
				Progress: func(s Step) { steps = append(steps, s) },
			}
			g := &generator{opts: opts, pkg: f.Pkg, native: native, exe: native}
			res := g.function(context.Background(), f)
			if res.Err != nil {
				t.Fatalf("%s: %v", tt.why, res.Err)
			}
			var phases, lines []string
			var round, confirm, done *Step
			for i, s := range steps {
				if s.Func != "Div" {
					t.Errorf("%s: step %d is of %q, want Div", tt.why, i, s.Func)
				}
				if len(phases) == 0 || phases[len(phases)-1] != string(s.Phase) {
					phases = append(phases, string(s.Phase))
				}
				if s.Line != "" {
					lines = append(lines, s.Line)
				}
				switch {
				case s.Phase == PhaseExploring && s.Round > 0 && round == nil:
					round = &steps[i]
				case s.Phase == PhaseConfirming:
					confirm = &steps[i]
				case s.Phase == PhaseDone:
					done = &steps[i]
				}
			}
			if got := strings.Join(phases, " "); got != tt.phases {
				t.Errorf("%s: phases %q, want %q", tt.why, got, tt.phases)
			}
			if got := strings.Join(lines, "\n"); got != tt.lines {
				t.Errorf("%s: lines\n%s\nwant\n%s", tt.why, got, tt.lines)
			}
			if round == nil || round.Round != 1 || round.Probes != 4 || round.Coverage != 100 {
				t.Errorf("%s: first round step %+v, want round 1, 4 probes, 100%% covered", tt.why, round)
			}
			if confirm == nil || confirm.Generated != tt.generated || confirm.Hand != tt.hand {
				t.Errorf("%s: confirm step %+v, want %d generated, %d hand-written", tt.why, confirm, tt.generated, tt.hand)
			}
			if done == nil || done != &steps[len(steps)-1] || done.Generated != tt.generated || done.Hand != tt.hand || done.Coverage != 100 {
				t.Errorf("%s: done step %+v, want the last, %d generated, %d hand-written, 100%% covered", tt.why, done, tt.generated, tt.hand)
			}
			if res.Generated != tt.generated || res.Hand != tt.hand || res.Cases != tt.cases {
				t.Errorf("%s: result: %d cases, %d generated, %d hand-written; want %d, %d, %d", tt.why, res.Cases, res.Generated, res.Hand, tt.cases, tt.generated, tt.hand)
			}
		})
	}
}

// TestPlural checks the counts of the confirm line.
func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 cases", 1: "1 case", 2: "2 cases"} {
		if got := plural(n, "case"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}
