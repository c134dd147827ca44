package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// The tests of this package drive the pipeline's steps with a fake
// engine and a fake spec agent, on the one function of testdata/mod/calc:
//
//	func Div(a, b int) (int, error)
//
// The package is loaded for real (the runner resolves specs against
// it); nothing of it is built or run.

// loadDiv loads testdata/mod/calc and returns Div.
func loadDiv(t *testing.T) *target.Func {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := target.Load(context.Background(), "./calc", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func("Div")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fakeEngine is an in-memory executors.Executor. It answers each probe
// from a table keyed on the probe's arguments as the runner writes them,
// joined by ", " ("7, 2"). A key has the results of its successive runs:
// its n-th run gets the n-th result, and the last result once they run
// out, so a key with several results is a call whose outcome changes
// from run to run. The fake fills in the result's ID, and its inputs
// from the arguments.
type fakeEngine struct {
	name    string
	answers map[string][]executors.Result
	// assert decides the probe's assertion (Probe.Asserts, at most one):
	// whether it compiles and whether it holds on result r of the call
	// with arguments key. nil: every assertion compiles and holds.
	assert func(expr, key string, r executors.Result) (compiles, holds bool)
	// compute, when set, answers the keys the table does not have.
	compute func(args []string) (executors.Result, bool)
	// blocks are the coverage blocks reported for every program.
	blocks []executors.Block

	// mu serialises the runs: the runner runs a confirm's runs side by
	// side. programs counts the programs run, runs the runs of each
	// key; unknown lists the keys the table has no answer for.
	mu       sync.Mutex
	programs int
	runs     map[string]int
	unknown  []string
}

// Coverage blocks of Div: the results built by ok, fails and panics
// cover what Div's own code would.
const (
	blockEntry = iota // if b == 0
	blockZero         // return 0, ErrZero
	blockSign         // if b < 0
	blockPanic        // panic("negative divisor")
	blockDiv          // return a / b, nil
	numBlocks
)

// newFakeEngine makes an engine for f with the given answers.
func newFakeEngine(f *target.Func, answers map[string][]executors.Result) *fakeEngine {
	e := &fakeEngine{name: "fake", answers: answers, runs: map[string]int{}}
	for i := 0; i < numBlocks; i++ {
		line := f.StartLine + 1 + i
		e.blocks = append(e.blocks, executors.Block{File: f.File, StartLine: line, StartCol: 2, EndLine: line, EndCol: 40, NumStmts: 1})
	}
	return e
}

func (e *fakeEngine) Name() string { return e.name }

func (e *fakeEngine) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.programs++
	rep := &executors.Report{Engine: e.name}
	if prog.Cover {
		rep.Blocks = e.blocks
	}
	for _, p := range prog.Probes {
		rep.Results = append(rep.Results, e.answer(prog.Func, p))
	}
	return rep, nil
}

func (e *fakeEngine) answer(f *target.Func, p executors.Probe) executors.Result {
	key := strings.Join(p.Args, ", ")
	rs, ok := e.answers[key]
	if !ok && e.compute != nil {
		if r, ok := e.compute(p.Args); ok {
			rs = []executors.Result{r}
		}
	}
	if len(rs) == 0 {
		e.unknown = append(e.unknown, key)
		return executors.Result{ID: p.ID, Outcome: executors.Broken, Message: "the fake engine has no answer for " + key}
	}
	n := e.runs[key]
	e.runs[key]++
	r := rs[min(n, len(rs)-1)]
	r.ID = p.ID
	r.Covered = slices.Clone(r.Covered)
	if r.Outcome == executors.OK || r.Outcome == executors.Panicked {
		r.Inputs = nil
		for i, prm := range f.Params {
			v := spec.StringValue(p.Args[i])
			if n, err := strconv.ParseInt(p.Args[i], 10, 64); err == nil {
				v = spec.IntValue(n)
			}
			r.Inputs = append(r.Inputs, executors.NamedValue{Name: prm.Name, Value: v})
		}
	}
	if len(p.Asserts) > 0 {
		compiles, holds := true, true
		if e.assert != nil {
			compiles, holds = e.assert(p.Asserts[0], key, r)
		}
		if !compiles {
			return executors.Result{ID: p.ID, Outcome: executors.NoBuild, Message: "undefined: " + p.Asserts[0]}
		}
		if r.Outcome == executors.OK {
			r.Asserts = []bool{holds}
		}
	}
	return r
}

// The outcomes of Div, as the fake reports them.

func ok(out int) executors.Result {
	return executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(int64(out))}, Covered: []int{blockEntry, blockSign, blockDiv}}
}

func fails(msg string) executors.Result {
	return executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(0)}, Err: &executors.ErrorInfo{Message: msg, Type: "*errors.errorString"}, Covered: []int{blockEntry, blockZero}}
}

func panics(msg string) executors.Result {
	return executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: msg, Type: "string"}, Covered: []int{blockEntry, blockSign, blockPanic}}
}

func timesOut() executors.Result {
	return executors.Result{Outcome: executors.Timeout, Message: "probe did not finish in 1s"}
}

// took is r, taking d.
func took(r executors.Result, d time.Duration) executors.Result {
	r.Duration = d
	return r
}

// divAnswers is how Div behaves, deterministically, on the arguments
// the tests use.
func divAnswers() map[string][]executors.Result {
	return map[string][]executors.Result{
		"7, 2":  {ok(3)},
		"9, 3":  {ok(3)},
		"8, 4":  {ok(2)},
		"1, 1":  {ok(1)},
		"0, 5":  {ok(0)},
		"1, 0":  {fails("division by zero")},
		"1, -1": {panics("negative divisor")},
	}
}

// divide computes Div on integer literals, as the fake engine's
// compute.
func divide(args []string) (executors.Result, bool) {
	if len(args) != 2 {
		return executors.Result{}, false
	}
	a, errA := strconv.ParseInt(args[0], 0, 64)
	b, errB := strconv.ParseInt(args[1], 0, 64)
	switch {
	case errA != nil || errB != nil:
		return executors.Result{}, false
	case b == 0:
		return fails("division by zero"), true
	case b < 0:
		return panics("negative divisor"), true
	}
	return ok(int(a / b)), true
}

// fakeAgent is a spec agent: its n-th draft is drafts[n] (the last
// once they run out). A draft is YAML of the spec of Div (read with
// spec.Parse, so each attempt gets fresh cases), or an error the agent
// fails with. It records what it was asked.
type fakeAgent struct {
	name   string
	drafts []agentAnswer
	asked  []write.Request
}

// agentAnswer is one answer of the fake agent: a spec in YAML, or an
// error. A lenient answer is taken despite the loader's problems (the
// duplicate ids a model writes, say), as a writer that repairs its
// answers would take it.
type agentAnswer struct {
	yaml    string
	err     error
	lenient bool
}

func (a *fakeAgent) Name() string { return a.name }

func (a *fakeAgent) Draft(ctx context.Context, req *write.Request) (*write.Draft, error) {
	r := *req
	r.Failures = slices.Clone(req.Failures)
	a.asked = append(a.asked, r)
	if len(a.drafts) == 0 {
		return nil, nil
	}
	ans := a.drafts[min(req.Attempt, len(a.drafts)-1)]
	if ans.err != nil {
		return nil, ans.err
	}
	file, err := spec.Parse("draft.yml", []byte(ans.yaml))
	if err != nil && !(ans.lenient && file != nil && len(file.Functions) == 1) {
		return nil, fmt.Errorf("the answer is not a spec: %w", err)
	}
	return &write.Draft{Function: file.Functions[0]}, nil
}

// caseSummary describes the cases of fn, one per line, in order:
// "id: expected 3", "id: raises error /^msg$/", "id: returns".
func caseSummary(fn *spec.Function) string {
	var lines []string
	for _, c := range fn.Dataset {
		var what string
		switch {
		case c.Raises != "" && c.Match != "":
			what = fmt.Sprintf("raises %s /%s/", c.Raises, c.Match)
		case c.Raises != "":
			what = "raises " + c.Raises
		case c.Expected != nil:
			what = "expected " + c.Expected.String()
		default:
			what = "returns"
		}
		if c.ReceiverAfter != nil {
			what += ", receiver after " + c.ReceiverAfter.String()
		}
		if c.Unordered {
			what += " (any order)"
		}
		lines = append(lines, c.ID+": "+what)
	}
	return strings.Join(lines, "\n")
}
