package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

const countSpec = `Div:
  dataset:
    - case: {id: steady, inputs: {a: 6, b: 3}, expected: 2}
    - case: {id: flaky, inputs: {a: 9, b: 3}, expected: 3}
`

// runsExecutor answers each probe of its n-th program (1-based) with
// output 2 for the even ones (Div's steady case, repeated or not) and 3
// for the odd, one more where bad says so (by probe index and run).
type runsExecutor struct {
	bad   func(probe, run int) bool
	err   error
	mu    sync.Mutex
	calls int
}

func (r *runsExecutor) Name() string { return "runs" }
func (r *runsExecutor) Run(_ context.Context, p *executors.Program) (*executors.Report, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if r.err != nil {
		return nil, r.err
	}
	rep := &executors.Report{Engine: "runs"}
	for i := range p.Probes {
		out := int64(3)
		if i%2 == 0 {
			out = 2
		}
		if r.bad(i, r.calls) {
			out++
		}
		rep.Results = append(rep.Results, executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(out)}})
	}
	return rep, nil
}

// TestCount runs a spec several times (Options.Count), as go test -count
// does, and checks that a case passes only when it passes every run and
// otherwise reports how many runs it failed, from which on.
func TestCount(t *testing.T) {
	tests := []struct {
		name, why string
		count     int
		bad       func(probe, run int) bool
		err       error
		// wantRuns is the number of programs run; want the status, Runs,
		// FailedRuns and Run of each case; text a line of the text report.
		wantRuns int
		want     []CaseReport
		text     string
	}{
		{
			name:     "once",
			why:      "count 0 runs once and leaves the counts at zero",
			bad:      func(probe, run int) bool { return false },
			wantRuns: 1,
			want:     []CaseReport{{Status: Passed}, {Status: Passed}},
		},
		{
			name:     "all pass",
			why:      "cases that pass every run pass",
			count:    5,
			bad:      func(probe, run int) bool { return false },
			wantRuns: 5,
			want:     []CaseReport{{Status: Passed, Runs: 5}, {Status: Passed, Runs: 5}},
		},
		{
			name:     "flaky",
			why:      "a case that fails in runs 3 and 5 of 6 fails, reporting run 3's failure and the count",
			count:    6,
			bad:      func(probe, run int) bool { return probe == 1 && (run == 3 || run == 5) },
			wantRuns: 6,
			want:     []CaseReport{{Status: Passed, Runs: 6}, {Status: Failed, Runs: 6, FailedRuns: 2, Run: 3}},
			text:     "FAIL Div flaky (failed 2 of 6 runs, first run 3)\n    inputs: {a: 9, b: 3}\n    Expected: want 3, got 4\n",
		},
		{
			name:     "no build",
			why:      "a program that does not build is not built again: one run says it",
			count:    6,
			err:      &executors.BuildError{Step: "native: build calc", Detail: "syntax error"},
			wantRuns: 1,
			want:     []CaseReport{{Status: Errored, Runs: 1, FailedRuns: 1, Run: 1}, {Status: Errored, Runs: 1, FailedRuns: 1, Run: 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "div_evals.yml")
			writeFile(t, path, countSpec)
			ex := &runsExecutor{bad: tt.bad, err: tt.err}
			rep, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/calc/testdata/specgen/x.yml"), Options{Executor: ex, Count: tt.count, Parallel: 1})
			if err != nil {
				t.Fatal(err)
			}
			if ex.calls != tt.wantRuns {
				t.Errorf("%s: %d programs run, want %d", tt.why, ex.calls, tt.wantRuns)
			}
			cases := rep.Functions[0].Cases
			if len(cases) != len(tt.want) {
				t.Fatalf("%s: %d cases, want %d", tt.why, len(cases), len(tt.want))
			}
			for i, c := range cases {
				w := tt.want[i]
				if c.Status != w.Status || c.Runs != w.Runs || c.FailedRuns != w.FailedRuns || c.Run != w.Run {
					t.Errorf("%s: case %s: got %s runs %d failed %d first %d, want %s runs %d failed %d first %d", tt.why, c.Name(),
						c.Status, c.Runs, c.FailedRuns, c.Run, w.Status, w.Runs, w.FailedRuns, w.Run)
				}
			}
			if tt.text != "" {
				var b bytes.Buffer
				if err := WriteText(&b, []*FileReport{rep}, false); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), tt.text) {
					t.Errorf("%s: the text report does not say %q:\n%s", tt.why, tt.text, b.String())
				}
			}
		})
	}
}

// TestRepeat runs each case several times in each run (Options.Repeat):
// a case passes a run only when every pass of it passes.
func TestRepeat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "div_evals.yml")
	writeFile(t, path, countSpec)
	// Probes 0-5 of a run are steady, flaky three times over; the flaky
	// case's second pass (probe 3) is wrong in run 2.
	ex := &runsExecutor{bad: func(probe, run int) bool { return probe == 3 && run == 2 }}
	var probes []int
	rep, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/calc/testdata/specgen/x.yml"), Options{
		Executor: probeCounter{ex, &probes}, Count: 2, Repeat: 3, Parallel: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{6, 6}; !slices.Equal(probes, want) {
		t.Errorf("programs of %v probes, want %v: two runs of the two cases three times", probes, want)
	}
	cs := rep.Functions[0].Cases
	if cs[0].Status != Passed || cs[1].Status != Failed || cs[1].Run != 2 || cs[1].FailedRuns != 1 {
		t.Errorf("cases %s, %s (run %d, failed %d): want steady passed, flaky failed in run 2 only", cs[0].Status, cs[1].Status, cs[1].Run, cs[1].FailedRuns)
	}
	if len(cs[1].Failures) == 0 || !strings.Contains(cs[1].Failures[0].Message, "got 4") {
		t.Errorf("flaky's failure %+v, want its wrong pass's result", cs[1].Failures)
	}
}

// probeCounter records the number of probes of each program it runs.
type probeCounter struct {
	*runsExecutor
	probes *[]int
}

func (p probeCounter) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	*p.probes = append(*p.probes, len(prog.Probes))
	return p.runsExecutor.Run(ctx, prog)
}

// TestOptionsPackage runs a spec with its package already loaded: the
// spec sits where no package could be loaded from, and runs all the
// same.
func TestOptionsPackage(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	pkg, err := target.Load(context.Background(), "./calc", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	nowhere := filepath.Join(t.TempDir(), "gone", "x.yml")
	for _, name := range []string{pkg.ImportPath} {
		f, err := spec.Parse(nowhere, []byte(countSpec))
		if err != nil {
			t.Fatal(err)
		}
		f.Package = name
		ex := &runsExecutor{bad: func(int, int) bool { return false }}
		rep, err := RunSpec(context.Background(), f, Options{Executor: ex, Package: pkg})
		if err != nil {
			t.Fatalf("package %q: %v", name, err)
		}
		if len(rep.Functions) != 1 || rep.Functions[0].Passed != 2 {
			t.Errorf("package %q: report %+v, want Div's 2 cases passed", name, rep.Functions)
		}
	}
	f, _ := spec.Parse(nowhere, []byte(countSpec))
	f.Package = "example.com/other"
	if _, err := RunSpec(context.Background(), f, Options{Executor: &runsExecutor{bad: func(int, int) bool { return false }}, Package: pkg}); err == nil {
		t.Errorf("a spec of another package ran against the loaded one")
	}
}

// TestCountParallel runs a spec's runs side by side: whichever run the
// executor answers wrongly, the case fails once in all, and every run
// happens.
func TestCountParallel(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "div_evals.yml")
	if err := os.WriteFile(path, []byte(countSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, par := range []int{0, 1, 3} {
		ex := &runsExecutor{bad: func(probe, run int) bool { return probe == 1 && run == 4 }}
		rep, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/calc/testdata/specgen/x.yml"), Options{Executor: ex, Count: 6, Parallel: par})
		if err != nil {
			t.Fatal(err)
		}
		if ex.calls != 6 {
			t.Errorf("Parallel %d: %d runs, want 6", par, ex.calls)
		}
		cs := rep.Functions[0].Cases
		if cs[0].Status != Passed || cs[1].Status == Passed || cs[1].FailedRuns != 1 || cs[1].Runs != 6 {
			t.Errorf("Parallel %d: cases %s %s failed %d of %d, want steady passed and flaky failed 1 of 6", par, cs[0].Status, cs[1].Status, cs[1].FailedRuns, cs[1].Runs)
		}
		if par == 1 && cs[1].Run != 4 {
			t.Errorf("Parallel 1: flaky reported from run %d, want 4", cs[1].Run)
		}
	}
}
