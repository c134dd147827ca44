package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// scriptExplorer proposes the snippets of plans[i] in round i+1, and
// nothing after them; err, when set, is its answer to every round.
type scriptExplorer struct {
	plans []explore.Plan
	err   error
}

func (s *scriptExplorer) Explore(ctx context.Context, req *explore.Request) (*explore.Plan, error) {
	if s.err != nil {
		return nil, s.err
	}
	if req.Round > len(s.plans) {
		return &explore.Plan{}, nil
	}
	return &s.plans[req.Round-1], nil
}

// snippets is a plan of calls.
func snippets(calls ...string) explore.Plan {
	var p explore.Plan
	for _, c := range calls {
		p.Snippets = append(p.Snippets, explore.Snippet{Description: c, Code: c})
	}
	return p
}

// divCalls explore every behaviour of Div.
var divCalls = []string{"Div(7, 2)", "Div(8, 4)", "Div(1, 0)", "Div(1, -1)"}

// TestFunction runs generator.function, from exploration to the saved
// spec, on fake engines: the exploring one (Options.Engine's) and the
// native one that confirms.
func TestFunction(t *testing.T) {
	f := loadDiv(t)
	tests := []struct {
		name, why string
		// explorer is the configured explorer (the script of divCalls
		// when nil).
		explorer *scriptExplorer
		// engine names the exploring engine, with its answers; "" is
		// the native fake itself.
		engine  string
		explore map[string][]executors.Result
		// native are the native engine's answers, over divAnswers.
		native map[string][]executors.Result
		// compute lets the engines answer any integer arguments.
		compute  bool
		agent    *fakeAgent
		dryRun   bool
		existing string

		// want is caseSummary of the spec file's Div (of the confirmed
		// spec on a dry run).
		want                           string
		cases, generated               int
		writer                         string
		changed                        bool
		unstable, disagreements, notes []string
		err                            string
	}{
		{
			name:      "builtin",
			why:       "the built-in writer states each behaviour the exploration found; the spec is confirmed and written",
			want:      "a-7: expected 3\ndivision-by-zero: raises error /^division by zero$/\npanics: raises panic /^negative divisor$/",
			cases:     3,
			generated: 3,
			writer:    "builtin",
			changed:   true,
		},
		{
			name: "hand-written kept",
			why:  "a hand-written case of the spec on disk is kept in its place and counted in Cases, not in Generated",
			existing: `Div:
  dataset:
    - case: {id: mine, inputs: {a: 100, b: 10}, expected: 10}
`,
			native:    map[string][]executors.Result{"100, 10": {ok(10)}},
			want:      "mine: expected 10\na-7: expected 3\ndivision-by-zero: raises error /^division by zero$/\npanics: raises panic /^negative divisor$/",
			cases:     4,
			generated: 3,
			writer:    "builtin",
			changed:   true,
		},
		{
			name:      "dry run",
			why:       "a dry run confirms and counts, and writes nothing",
			dryRun:    true,
			want:      "a-7: expected 3\ndivision-by-zero: raises error /^division by zero$/\npanics: raises panic /^negative divisor$/",
			cases:     3,
			generated: 3,
			writer:    "builtin",
		},
		{
			name:      "spec agent",
			why:       "the spec agent's draft, checked and corrected, is the spec; the writer is the agent's name",
			agent:     &fakeAgent{name: "fake-model", drafts: []agentAnswer{{yaml: goodDraft}}},
			want:      goodCases,
			cases:     4,
			generated: 4,
			writer:    "fake-model",
			changed:   true,
		},
		{
			name:          "disagreement",
			why:           "where the exploring engine saw another value than native, the difference is reported and native's value is the spec's; panics worded differently are no difference",
			engine:        "yaegi",
			explore:       map[string][]executors.Result{"7, 2": {ok(4)}, "1, -1": {panics("runtime error: negative divisor")}},
			want:          "a-7: expected 3\ndivision-by-zero: raises error /^division by zero$/\npanics: raises panic /^negative divisor$/",
			cases:         3,
			generated:     3,
			writer:        "builtin",
			changed:       true,
			disagreements: []string{"probe r1p1: "},
		},
		{
			name:      "nondeterministic",
			why:       "when native's results change from run to run, differences with the exploring engine say nothing about the engines: a note replaces them",
			engine:    "yaegi",
			explore:   map[string][]executors.Result{"7, 2": {ok(3)}},
			native:    map[string][]executors.Result{"7, 2": {ok(4), ok(4), ok(5)}},
			want:      "a-7-unstable: returns\ndivision-by-zero: raises error /^division by zero$/\npanics: raises panic /^negative divisor$/",
			cases:     3,
			generated: 3,
			writer:    "builtin",
			changed:   true,
			unstable:  []string{"a-7: "},
			notes:     []string{"1 differences between yaegi and native not reported: the function is nondeterministic"},
		},
		{
			name:   "nothing to state",
			why:    "an exploration whose every probe timed out (a timeout reports no inputs) leaves no case: an error, the timeouts noted, and why each probe was left out",
			native: map[string][]executors.Result{"7, 2": {timesOut()}, "8, 4": {timesOut()}, "1, 0": {timesOut()}, "1, -1": {timesOut()}},
			writer: "builtin",
			notes:  []string{"4 probes timed out: r1p1, r1p2, r1p3, r1p4", "probe r1p1: left out: the probe stopped before argument a was built"},
			err:    "no behaviour could be written as a case (4 probes ran)",
		},
		{
			name:      "explorer fails",
			why:       "an explorer that fails in its first round leaves the exploration to the built-in explorer, with a note",
			explorer:  &scriptExplorer{err: errors.New("model unavailable")},
			compute:   true,
			writer:    "builtin",
			changed:   true,
			notes:     []string{"the explorer found nothing (explore Div: round 1: model unavailable); the built-in explorer explored instead"},
			cases:     -1,
			generated: -1,
		},
		{
			name:      "explorer proposes nothing",
			why:       "an explorer with nothing to propose leaves the exploration to the built-in explorer, with a note",
			explorer:  &scriptExplorer{},
			compute:   true,
			writer:    "builtin",
			changed:   true,
			notes:     []string{"the explorer found nothing (it proposed no probe); the built-in explorer explored instead"},
			cases:     -1,
			generated: -1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answers := divAnswers()
			for k, v := range tt.native {
				answers[k] = v
			}
			native := newFakeEngine(f, answers)
			exe := native
			if tt.engine != "" {
				answers := divAnswers()
				for k, v := range tt.explore {
					answers[k] = v
				}
				exe = newFakeEngine(f, answers)
				exe.name = tt.engine
			}
			if tt.compute {
				native.compute, exe.compute = divide, divide
			}
			ex := tt.explorer
			if ex == nil {
				ex = &scriptExplorer{plans: []explore.Plan{snippets(divCalls...)}}
			}
			out := filepath.Join(t.TempDir(), "Div_evals.yml")
			if tt.existing != "" {
				if err := os.WriteFile(out, []byte(tt.existing), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			opts := Options{
				Out:      out,
				DryRun:   tt.dryRun,
				Explorer: func(*target.Func) explore.Explorer { return ex },
				Cost: func(ctx context.Context, label string) (context.Context, func() any) {
					return ctx, func() any { return "the cost of " + label }
				},
			}
			if tt.agent != nil {
				opts.SpecAgent = tt.agent
			}
			g := &generator{opts: opts, pkg: f.Pkg, native: native, exe: exe}
			res := g.function(context.Background(), f)
			if len(native.unknown)+len(exe.unknown) > 0 {
				t.Fatalf("the fake engines were asked about %q and %q", native.unknown, exe.unknown)
			}
			if tt.err != "" {
				if res.Err == nil || !strings.Contains(res.Err.Error(), tt.err) {
					t.Errorf("%s: err = %v, want %q", tt.why, res.Err, tt.err)
				}
			} else if res.Err != nil {
				t.Fatalf("%s: %v (notes %q)", tt.why, res.Err, res.Notes)
			}
			if res.Path != out || res.Name != "Div" || res.SpecWriter != tt.writer {
				t.Errorf("%s: path %s, name %s, writer %s; want %s, Div, %s", tt.why, res.Path, res.Name, res.SpecWriter, out, tt.writer)
			}
			if want := "the cost of example.com/pipelinetest/calc.Div"; res.Cost != want {
				t.Errorf("%s: cost %v, want %q", tt.why, res.Cost, want)
			}
			wantEngine := exe.Name()
			if res.Engine != wantEngine || res.Probes == 0 || res.Behaviours == 0 || (res.ExploreCoverage == 0) != (tt.err != "") {
				t.Errorf("%s: engine %s, %d probes, %d behaviours, %.1f%% explored", tt.why, res.Engine, res.Probes, res.Behaviours, res.ExploreCoverage)
			}
			checkPrefixes(t, tt.why, "unstable", res.Unstable, tt.unstable, false)
			checkPrefixes(t, tt.why, "disagreements", res.Disagreements, tt.disagreements, false)
			checkPrefixes(t, tt.why, "notes", res.Notes, tt.notes, false)
			if res.Changed != tt.changed {
				t.Errorf("%s: changed = %v, want %v", tt.why, res.Changed, tt.changed)
			}
			if tt.cases >= 0 && (res.Cases != tt.cases || res.Generated != tt.generated) {
				t.Errorf("%s: %d cases, %d generated; want %d, %d", tt.why, res.Cases, res.Generated, tt.cases, tt.generated)
			}
			if tt.err != "" {
				return
			}
			if res.Coverage != 100 && tt.cases >= 0 {
				t.Errorf("%s: coverage %.1f%%, want 100%%", tt.why, res.Coverage)
			}
			_, statErr := os.Stat(out)
			if tt.dryRun || tt.cases < 0 {
				if tt.dryRun && tt.existing == "" && statErr == nil {
					t.Errorf("%s: a dry run wrote %s", tt.why, out)
				}
				return
			}
			file, err := spec.Load(out)
			if err != nil {
				t.Fatal(err)
			}
			fn := file.Function("Div")
			if got := caseSummary(fn); got != tt.want {
				t.Errorf("%s: the spec file's cases:\n%s\nwant:\n%s", tt.why, got, tt.want)
			}
			if file.Package != f.Pkg.ImportPath {
				t.Errorf("%s: package %q, want %q", tt.why, file.Package, f.Pkg.ImportPath)
			}
			for _, c := range fn.Dataset {
				if c.Generated == (c.ID == "mine") {
					t.Errorf("%s: case %s: generated = %v", tt.why, c.ID, c.Generated)
				}
			}

			if len(tt.unstable) > 0 {
				return
			}
			// Again: the same spec, so the file is not rewritten.
			again := g.function(context.Background(), f)
			if again.Err != nil || again.Changed || again.Cases != res.Cases {
				t.Errorf("%s: a second run: err %v, changed %v, %d cases; want the file unchanged", tt.why, again.Err, again.Changed, again.Cases)
			}
		})
	}
}

// panicExplorer panics on its first call, then explores as its script.
type panicExplorer struct {
	calls  int
	script scriptExplorer
}

func (p *panicExplorer) Explore(ctx context.Context, req *explore.Request) (*explore.Plan, error) {
	if p.calls++; p.calls == 1 {
		panic("explorer fault")
	}
	return p.script.Explore(ctx, req)
}

// TestAllRecovers: a panic while one function is generated is that
// function's error, naming where it was raised; the others are written.
func TestAllRecovers(t *testing.T) {
	f := loadDiv(t)
	native := newFakeEngine(f, divAnswers())
	dir := t.TempDir()
	ex := &panicExplorer{script: scriptExplorer{plans: []explore.Plan{snippets(divCalls...)}}}
	g := &generator{pkg: f.Pkg, native: native, exe: native, opts: Options{
		Out:      filepath.Join(dir, "Div_evals.yml"),
		Explorer: func(*target.Func) explore.Explorer { return ex },
	}}
	out := make([]*FuncResult, 2)
	if err := g.all(context.Background(), []*target.Func{f, f}, out, 1); err != nil {
		t.Fatal(err)
	}
	if out[0] == nil || out[0].Err == nil {
		t.Fatalf("first result %+v, want an error", out[0])
	}
	if msg := out[0].Err.Error(); !strings.Contains(msg, "internal error") || !strings.Contains(msg, "explorer fault at function_test.go:") || strings.Contains(msg, "\n") {
		t.Errorf("error %q, want one line: internal error, the panic's value and its place", msg)
	}
	if out[1] == nil || out[1].Err != nil || out[1].Name != "Div" {
		t.Errorf("second result %+v, want Div's spec", out[1])
	}
}
