package mutate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

const (
	tinySpec    = "testdata/mod/tiny/testdata/specgen/tiny_evals.yml"
	failingSpec = "testdata/mod/tiny/testdata/failing/Abs_evals.yml"
)

// brief is a mutant's outcome without its file: "KIND a → b @line:col STATUS".
func brief(r Result) string {
	return fmt.Sprintf("%s @%d:%d %s", r.Change(), r.Pos.Line, r.Pos.Column, r.Status)
}

func TestScore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	rep, err := Score(context.Background(), tinySpec, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	counts := map[string]Counts{}
	for _, fr := range rep.Functions {
		for _, r := range fr.Mutants {
			got[fr.Name] = append(got[fr.Name], brief(r))
		}
		counts[fr.Name] = fr.Counts
		if filepath.Base(fr.File) != "tiny.go" || fr.StartLine == 0 || fr.EndLine <= fr.StartLine {
			t.Errorf("%s: extent %s:%d-%d", fr.Name, fr.File, fr.StartLine, fr.EndLine)
		}
	}
	want := map[string][]string{
		// No case sits on a bound: moving one goes unnoticed.
		"Clamp": {
			"CONDITIONALS_BOUNDARY < → <= @7:7 LIVED",
			"CONDITIONALS_NEGATION < → >= @7:7 KILLED",
			"CONDITIONALS_BOUNDARY > → >= @10:7 LIVED",
			"CONDITIONALS_NEGATION > → <= @10:7 KILLED",
		},
		// No negative input: the negation is never run.
		"Abs": {
			"CONDITIONALS_BOUNDARY < → <= @18:7 LIVED",
			"CONDITIONALS_NEGATION < → >= @18:7 KILLED",
			"INVERT_NEGATIVES - → + @19:10 NOT COVERED",
		},
		// A case expression is in no coverage block (as go test -cover
		// and gremlins see it), but it runs when its switch does: its
		// mutant is run and killed. continue outside a loop does not
		// compile.
		"Kind": {
			"CONDITIONALS_NEGATION == → != @28:9 KILLED",
			"INVERT_LOOPCTRL break → continue @30:3 NOT VIABLE",
		},
		// i-- never reaches n: the case with n = 3 times out.
		"Sum": {
			"CONDITIONALS_BOUNDARY <= → < @38:16 KILLED",
			"CONDITIONALS_NEGATION <= → > @38:16 KILLED",
			"INCREMENT_DECREMENT ++ → -- @38:23 TIMED OUT",
			"INVERT_ASSIGNMENTS += → -= @39:5 KILLED",
			"REMOVE_SELF_ASSIGNMENTS += → = @39:5 KILLED",
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mutants (-want +got):\n%s", diff)
	}
	gremlins := map[string]GremlinsCounts{}
	for _, fr := range rep.Functions {
		gremlins[fr.Name] = fr.Gremlins
	}
	wantGremlins := map[string]GremlinsCounts{
		"Clamp": {Mutants: 4, Covered: 4},
		"Abs":   {Mutants: 4, Covered: 2},               // -n twice, not covered
		"Kind":  {Mutants: 2, Covered: 1, NotViable: 1}, // continue outside a loop
		"Sum":   {Mutants: 5, Covered: 5},
	}
	if diff := cmp.Diff(wantGremlins, gremlins); diff != "" {
		t.Errorf("gremlins counts (-want +got):\n%s", diff)
	}
	if c := counts["Clamp"]; c != (Counts{Killed: 2, Lived: 2}) {
		t.Errorf("Clamp counts = %+v", c)
	}
	if s, ok := counts["Clamp"].Score(); !ok || s != 50 {
		t.Errorf("Clamp score = %v, %v; want 50", s, ok)
	}
	if s, ok := counts["Kind"].Score(); !ok || s != 100 {
		t.Errorf("Kind score = %v, %v; want 100", s, ok)
	}
	wantTotal := Counts{Killed: 8, Lived: 3, NotCovered: 1, NotViable: 1, TimedOut: 1}
	if rep.Counts != wantTotal {
		t.Errorf("total = %+v, want %+v", rep.Counts, wantTotal)
	}
	for _, fr := range rep.Functions {
		for _, r := range fr.Mutants {
			if r.Status == NotViable && r.Detail == "" {
				t.Errorf("%s: not viable without the compiler's message", r.Mutant)
			}
		}
	}
	// Schemata, the default: one build of the package's schema for
	// every function's mutants, the mutant chosen per probe (Sum's i--
	// in the for statement's header too); not one per function (3) nor
	// per mutant (10).
	if rep.Engine != Schemata || rep.Builds != 1 || rep.Separate != 0 {
		t.Errorf("engine %s, %d builds, %d mutants apart; want schemata, 1, 0", rep.Engine, rep.Builds, rep.Separate)
	}
	// The user's file is never touched.
	src, err := os.ReadFile("testdata/mod/tiny/tiny.go")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`if n < lo \{`).Match(src) {
		t.Error("tiny.go was changed")
	}
}

func TestScoreFilter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	rep, err := Score(context.Background(), tinySpec, Options{Filter: regexp.MustCompile(`^Kind$`), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Functions) != 1 || rep.Functions[0].Name != "Kind" {
		t.Fatalf("functions = %+v, want Kind only", rep.Functions)
	}
}

func TestScoreErrors(t *testing.T) {
	tests := []struct {
		name  string
		path  string
		check func(error) bool
		why   string
	}{
		{
			name:  "baseline",
			path:  failingSpec,
			check: func(err error) bool { var e *BaselineError; return errors.As(err, &e) && len(e.Failures) == 1 },
			why:   "a spec that fails unmutated has no mutation score",
		},
		{
			name:  "missing",
			path:  "testdata/nope.yml",
			check: func(err error) bool { return errors.Is(err, os.ErrNotExist) },
			why:   "a spec file that does not exist is a load error",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Score(context.Background(), tt.path, Options{Logf: t.Logf})
			if err == nil || !tt.check(err) {
				t.Errorf("Score(%s) error = %v; %s", tt.path, err, tt.why)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name  string
		cases []runner.CaseReport
		want  Status
	}{
		{"all passed", []runner.CaseReport{{Status: runner.Passed}, {Status: runner.Passed}}, Lived},
		{"one failed", []runner.CaseReport{{Status: runner.Passed}, {Status: runner.Failed}}, Killed},
		{"process died", []runner.CaseReport{{Status: runner.Errored, Outcome: executors.Exited}}, Killed},
		{"failure beats timeout", []runner.CaseReport{{Status: runner.Errored, Outcome: executors.Timeout}, {Status: runner.Failed}}, Killed},
		{"timeout", []runner.CaseReport{{Status: runner.Passed}, {Status: runner.Errored, Outcome: executors.Timeout}}, TimedOut},
		{"build failure", []runner.CaseReport{{Status: runner.Errored, Outcome: executors.NoBuild, Failures: []runner.Failure{{Message: "compile: native x: generated harness does not compile: x.go:3:4: bad"}}}}, NotViable},
		{"engine failure", []runner.CaseReport{{Status: runner.Errored, Outcome: executors.Broken, Failures: []runner.Failure{{Message: "engine: worker did not start"}}}}, Errored},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := classify(&runner.FunctionReport{Cases: tt.cases})
			if got != tt.want {
				t.Errorf("classify = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestBlockSetHas(t *testing.T) {
	s := blockSet{{StartLine: 3, StartCol: 10, EndLine: 5, EndCol: 2}, {StartLine: 8, StartCol: 4, EndLine: 8, EndCol: 9}}
	tests := []struct {
		line, col int
		want      bool
		why       string
	}{
		{3, 9, false, "before the block on its first line"},
		{3, 10, true, "at the block's start"},
		{4, 1, true, "a middle line is covered whatever the column"},
		{5, 2, true, "at the block's end"},
		{5, 3, false, "after the block on its last line"},
		{8, 5, true, "inside a one-line block"},
		{8, 10, false, "after a one-line block"},
		{6, 1, false, "between blocks"},
	}
	for _, tt := range tests {
		if got := s.has(tt.line, tt.col); got != tt.want {
			t.Errorf("has(%d, %d) = %v: %s", tt.line, tt.col, got, tt.why)
		}
	}
	if !blockSet(nil).has(1, 1) {
		t.Error("without coverage information every position counts as covered")
	}
}
