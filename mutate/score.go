package mutate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Options configures Score. The zero value runs natively, two mutants at
// a time.
type Options struct {
	// Executor runs the spec, unmutated and against each mutant. Nil
	// means native execution, with each mutant's build kept in a
	// temporary directory and removed after its run.
	Executor executors.Executor
	// Workers is the number of mutants run at a time (0 = 2).
	Workers int
	// Timeout bounds each case of a mutant's run. 0 means ten times the
	// case's own unmutated time, at least a quarter of a second, under
	// the schemata engine, and ten times the slowest case of the
	// function's unmutated run, at least one second, under the others. A
	// mutant whose cases time out, and that no case kills, is TIMED OUT
	// (and run again to confirm it).
	Timeout time.Duration
	// Filter, when set, selects the functions to measure by spec name.
	Filter *regexp.Regexp
	// Env, when non-nil, is the environment of the go command.
	Env []string
	// NoSandbox runs the default native executor's workers unconfined
	// (see executors.Native.NoSandbox).
	NoSandbox bool
	// Logf, when set, receives progress: each function's mutants and
	// each mutant's status.
	Logf func(format string, args ...any)
	// Engine is how mutants are built when Executor is nil: Schemata
	// ("" too) builds every mutant of a package into one program and
	// selects one per probe; PerMutant builds each mutant on its own.
	Engine string
	// Tracer, when set, gets a "mutate" span per mutation run (a
	// package's spec files under Schemata, a file otherwise), a child of
	// the span in ScoreFiles' context, with the mutants and how many
	// were killed, lived or timed out.
	Tracer trace.Tracer
}

// The engines of Options.Engine.
const (
	Schemata  = "schemata"
	PerMutant = "per-mutant"
)

func (o *Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// Status is what became of a mutant.
type Status string

// Statuses, named as gremlins names them.
const (
	// Killed: a case failed, or the process died, against the mutant.
	Killed Status = "KILLED"
	// Lived: every case passed against the mutant.
	Lived Status = "LIVED"
	// NotCovered: no case runs the mutated code; the mutant is not run.
	NotCovered Status = "NOT COVERED"
	// NotViable: the mutant does not compile.
	NotViable Status = "NOT VIABLE"
	// TimedOut: a case timed out against the mutant, and none failed.
	TimedOut Status = "TIMED OUT"
	// Errored: the mutant could not be judged (the engine failed).
	Errored Status = "ERRORED"
)

// Result is a mutant and what became of it.
type Result struct {
	Mutant
	Status Status
	// Detail says why: the case that killed the mutant or timed out,
	// the compiler's message, the engine's error.
	Detail string `json:",omitempty"`
}

// Counts tallies mutants by status.
type Counts struct {
	Killed, Lived, NotCovered, NotViable, TimedOut, Errored int
}

// Total is the number of mutants.
func (c Counts) Total() int {
	return c.Killed + c.Lived + c.NotCovered + c.NotViable + c.TimedOut + c.Errored
}

// Score is the mutation score in percent, killed / (killed + lived) as
// gremlins computes its efficacy; ok is false when no mutant was killed
// or lived.
func (c Counts) Score() (score float64, ok bool) {
	if c.Killed+c.Lived == 0 {
		return 0, false
	}
	return 100 * float64(c.Killed) / float64(c.Killed+c.Lived), true
}

// MarshalJSON writes the counts with the score (null when undefined).
func (c Counts) MarshalJSON() ([]byte, error) {
	type plain Counts
	var score *float64
	if s, ok := c.Score(); ok {
		score = &s
	}
	return json.Marshal(struct {
		plain
		Total int
		Score *float64
	}{plain(c), c.Total(), score})
}

func (c *Counts) add(s Status) {
	switch s {
	case Killed:
		c.Killed++
	case Lived:
		c.Lived++
	case NotCovered:
		c.NotCovered++
	case NotViable:
		c.NotViable++
	case TimedOut:
		c.TimedOut++
	default:
		c.Errored++
	}
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.Killed += o.Killed
	c.Lived += o.Lived
	c.NotCovered += o.NotCovered
	c.NotViable += o.NotViable
	c.TimedOut += o.TimedOut
	c.Errored += o.Errored
}

// FunctionReport is the mutation score of one function's cases.
type FunctionReport struct {
	// Name is the function as the spec names it.
	Name string
	// File, StartLine and EndLine are where the function is: mutants
	// are made in these lines only.
	File               string
	StartLine, EndLine int
	Counts             Counts
	// Mutants are every mutant made, in source order.
	Mutants []Result
	// Gremlins counts what gremlins v0.6.0 makes of the same lines, to
	// compare with a score it measured.
	Gremlins GremlinsCounts
}

// GremlinsCounts are the mutants gremlins v0.6.0 makes in a function's
// lines (see GremlinsMutants).
type GremlinsCounts struct {
	// Mutants is how many it makes; Covered how many of them are on
	// code the spec's cases run (gremlins's own coverage rule, applied
	// to the spec's coverage); NotViable how many of the covered ones do
	// not compile, which gremlins counts as killed.
	Mutants, Covered, NotViable int
}

// Adjust corrects a score gremlins measured, killed of total (killed +
// lived), for the mutants that do not compile, which it counts as
// killed: (killed - NotViable) / (total - NotViable), in percent. It
// assumes gremlins covered the same mutants (total == Covered); ok is
// false when nothing is left.
func (g GremlinsCounts) Adjust(killed, total int) (score float64, ok bool) {
	k, t := killed-g.NotViable, total-g.NotViable
	if t <= 0 || k < 0 {
		return 0, false
	}
	return 100 * float64(k) / float64(t), true
}

// Lived returns the mutants that lived: what the spec does not pin down.
func (f *FunctionReport) Lived() []Result {
	var out []Result
	for _, r := range f.Mutants {
		if r.Status == Lived {
			out = append(out, r)
		}
	}
	return out
}

// Report is the mutation score of one spec file.
type Report struct {
	// Path is the spec file as it was named.
	Path string
	// Package is the import path of the package under test.
	Package   string
	Functions []FunctionReport
	Counts    Counts
	Elapsed   time.Duration
	// Builds is the number of native builds the mutants took (the
	// unmutated run's not counted): under the schemata engine one per
	// package, counted in the first of its spec files that has mutants
	// to run (see ScoreFiles), and one per mutant the schema cannot
	// hold; one per mutant run under the per-mutant engine.
	Builds int
	// Separate is how many mutants had a build of their own: every one
	// under the per-mutant engine; under schemata those the schema
	// cannot switch at run time.
	Separate int
	// Engine is the engine of Options.Engine that ran the mutants, or
	// the executor's name when Options.Executor was set.
	Engine string
}

// BaselineError reports a spec that does not pass against the code as
// it is: a mutation score means nothing then.
type BaselineError struct {
	Path string
	// Failures are "Function: case: reason", one per case that did not pass.
	Failures []string
}

func (e *BaselineError) Error() string {
	return fmt.Sprintf("%s: the spec does not pass unmutated: %s", e.Path, strings.Join(e.Failures, "; "))
}

// Score measures the spec file at path: it runs the spec once as the
// code is (every case must pass; else a *BaselineError), then, for every
// function of the spec, against each mutant made inside the function's
// lines. Mutants on code no case runs are NOT COVERED and not run;
// mutants that do not type-check are NOT VIABLE and not run. A problem
// that keeps the spec from loading is a *runner.LoadError (or the
// error of spec.Load). It is ScoreFiles of one file.
func Score(ctx context.Context, path string, opts Options) (*Report, error) {
	reps, errs := ScoreFiles(ctx, []string{path}, opts)
	return reps[0], errs[0]
}

// scoreFile is Score with an executor of the caller's or the
// per-mutant engine: each mutant runs through runner.RunSpec.
func scoreFile(ctx context.Context, path string, opts Options) (*Report, error) {
	start := time.Now()
	f, err := spec.Load(path)
	if err != nil {
		return nil, err
	}
	if f.Path == "" {
		f.Path = path
	}
	rec := &recorder{inner: opts.Executor}
	if rec.inner == nil {
		rec.inner = &executors.Native{Env: opts.Env, NoSandbox: opts.NoSandbox}
	}
	base, err := runner.RunSpec(ctx, f, runner.Options{
		Executor: rec, Cover: true, IgnoreDuration: true,
		Filter: opts.Filter, Env: opts.Env,
	})
	if err != nil {
		return nil, err
	}
	if len(rec.runs) != len(base.Functions) {
		return nil, fmt.Errorf("%s: %d functions ran, %d runs recorded", path, len(base.Functions), len(rec.runs))
	}
	if base.Failed+base.Errored > 0 {
		return nil, baselineError(path, base)
	}

	tmp, err := os.MkdirTemp("", "specgen-mutate-")
	if err != nil {
		return nil, fmt.Errorf("mutate %s: %w", path, err)
	}
	defer os.RemoveAll(tmp)

	rep := &Report{Path: path, Package: base.Package}
	checkers := map[*target.Package]*checker{}
	var jobs []job
	for i, fr := range base.Functions {
		run := rec.runs[i]
		frep, fjobs, err := functionJobs(path, rep, i, fr, run.prog.Func, run.rep, checkers, opts)
		if err != nil {
			return nil, err
		}
		opts.logf("mutate: %s: %d mutants", fr.Name, len(frep.Mutants))
		rep.Functions = append(rep.Functions, frep)
		jobs = append(jobs, fjobs...)
	}
	rep.Separate = len(jobs)
	var builds atomic.Int64
	runStart := time.Now()
	if err := runJobs(ctx, jobs, opts, func(ctx context.Context, j job) (Status, string, error) {
		return runMutant(ctx, j, tmp, opts, &builds)
	}); err != nil {
		return nil, err
	}
	rep.Builds = int(builds.Load())
	rep.Engine = opts.Engine
	if opts.Executor != nil {
		rep.Engine = opts.Executor.Name()
	}
	opts.logf("mutate: %s: %d builds for %d mutants run in %s", path, rep.Builds, len(jobs), time.Since(runStart).Round(time.Millisecond))
	rep.tally()
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// tally adds up the statuses of the report's mutants.
func (r *Report) tally() {
	r.Counts = Counts{}
	for i := range r.Functions {
		fr := &r.Functions[i]
		fr.Counts = Counts{}
		for _, m := range fr.Mutants {
			fr.Counts.add(m.Status)
		}
		r.Counts.Add(fr.Counts)
	}
}

// functionJobs makes the mutants of function fn of rep (fr its unmutated
// run, exrep the executor's report of it, for coverage): those on
// covered code that compile are returned as jobs, the others decided.
func functionJobs(path string, rep *Report, fnIndex int, fr runner.FunctionReport, fn *target.Func, exrep *executors.Report, checkers map[*target.Package]*checker, opts Options) (FunctionReport, []job, error) {
	c, ok := checkers[fn.Pkg]
	if !ok {
		var err error
		if c, err = newChecker(fn.Pkg); err != nil {
			return FunctionReport{}, nil, fmt.Errorf("mutate %s: %w", path, err)
		}
		checkers[fn.Pkg] = c
	}
	muts, err := functionMutants(fn, c.srcs[fn.File])
	if err != nil {
		return FunctionReport{}, nil, fmt.Errorf("mutate %s: %s: %w", path, fr.Name, err)
	}
	frep := FunctionReport{Name: fr.Name, File: fn.File, StartLine: fn.StartLine, EndLine: fn.EndLine, Mutants: []Result{}}
	covered := coveredBlocks(fn.File, exrep)
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = max(10*slowest(fr), time.Second)
	}
	caseTimeouts := make([]time.Duration, len(fr.Cases))
	for i, c := range fr.Cases {
		caseTimeouts[i] = opts.Timeout
		if caseTimeouts[i] <= 0 {
			caseTimeouts[i] = max(10*c.Duration, minCaseTimeout)
		}
	}
	// Cases run cheapest first: a kill ends a mutant's run.
	order := make([]int, len(fr.Cases))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return fr.Cases[order[a]].Duration < fr.Cases[order[b]].Duration })
	caseBlocks := casesCovered(fn.File, exrep, len(fr.Cases))
	var jobs []job
	for _, m := range muts {
		r := Result{Mutant: m}
		switch {
		case !covered.has(m.Pos.Line, m.Pos.Column):
			r.Status = NotCovered
		default:
			if msg := c.check(fn.File, m.Src); msg != "" {
				r.Status, r.Detail = NotViable, msg
			} else {
				jobs = append(jobs, job{rep: rep, path: path, fn: fnIndex, mutant: len(frep.Mutants), name: fr.Name, file: fn.File, timeout: timeout, caseTimeouts: caseTimeouts, fixedTimeouts: opts.Timeout > 0, pkg: fn.Pkg, order: reaching(order, caseBlocks, m)})
			}
		}
		frep.Mutants = append(frep.Mutants, r)
	}
	frep.Gremlins = gremlinsCounts(fn, c, covered)
	return frep, jobs, nil
}

// minCaseTimeout is the least time a case has against a mutant under
// the schemata engine, whatever its unmutated time: a spurious time-out
// of a loaded machine is unlikely, and a TIMED OUT verdict is confirmed
// by a second run.
const minCaseTimeout = 250 * time.Millisecond

// job is a mutant to run: rep.Functions[fn].Mutants[mutant].
type job struct {
	rep        *Report
	path       string
	fn, mutant int
	name, file string
	timeout    time.Duration
	// caseTimeouts bound each case under the schemata engine;
	// fixedTimeouts reports that they are Options.Timeout, which a
	// rerun keeps, rather than measured.
	caseTimeouts  []time.Duration
	fixedTimeouts bool
	pkg           *target.Package
	// order is the function's cases that run the mutated code,
	// cheapest first: a case that does not run it behaves as it does
	// unmutated, and passes.
	order []int
	// plan is the spec file's plan, under the schemata engine: fn
	// indexes its Funcs too.
	plan *runner.Planned
	// id selects the mutant in schema, the overlay of the package's
	// files that holds every mutant; schema is nil for a mutant built
	// on its own.
	id     int
	schema map[string][]byte
}

func (j job) result() *Result { return &j.rep.Functions[j.fn].Mutants[j.mutant] }

// runJobs runs each job with run, opts.Workers at a time, and records
// the outcomes in the jobs' reports.
func runJobs(ctx context.Context, jobs []job, opts Options, run func(context.Context, job) (Status, string, error)) error {
	workers := opts.workers()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		done     int
	)
	next := make(chan job)
	for w := 0; w < min(workers, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				status, detail, err := run(ctx, j)
				r := j.result()
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				r.Status, r.Detail = status, detail
				done++
				opts.logf("mutate: [%d/%d] %s: %s:%d:%d: %s: %s", done, len(jobs), j.name, filepath.Base(r.Pos.Filename), r.Pos.Line, r.Pos.Column, r.Change(), status)
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return firstErr
}

func (o *Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return 2
}

// runMutant runs the function's cases against one mutant, on a build of
// its own unless opts.Executor is set.
func runMutant(ctx context.Context, j job, tmp string, opts Options, builds *atomic.Int64) (Status, string, error) {
	path, m := j.path, j.result().Mutant
	ex := opts.Executor
	if ex == nil {
		dir, err := os.MkdirTemp(tmp, "mutant-")
		if err != nil {
			return "", "", fmt.Errorf("mutate %s: %w", path, err)
		}
		defer os.RemoveAll(dir)
		ex = &executors.Native{CacheDir: dir, Workers: 1, Env: opts.Env, NoSandbox: opts.NoSandbox, Logf: countBuilds(builds)}
	}
	return runOverlay(ctx, path, j, ex, map[string][]byte{j.file: m.Src}, opts)
}

// countBuilds is a Native.Logf that counts the builds it compiles.
func countBuilds(n *atomic.Int64) func(string, ...any) {
	return func(format string, _ ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			n.Add(1)
		}
	}
}

// runOverlay runs the function's cases of the spec at path with ex and
// the package files replaced by overlay.
func runOverlay(ctx context.Context, path string, j job, ex executors.Executor, overlay map[string][]byte, opts Options) (Status, string, error) {
	// A fresh copy of the spec for each run: runs happen in parallel.
	f, err := spec.Load(path)
	if err != nil {
		return "", "", err
	}
	if f.Path == "" {
		f.Path = path
	}
	rep, err := runner.RunSpec(ctx, f, runner.Options{
		Executor:       ex,
		Filter:         regexp.MustCompile("^" + regexp.QuoteMeta(j.name) + "$"),
		Overlay:        overlay,
		Timeout:        j.timeout,
		IgnoreDuration: true,
		Env:            opts.Env,
	})
	return judge(ctx, rep, err)
}

// judge is the status of a mutant from the run of its function's cases.
func judge(ctx context.Context, rep *runner.FileReport, err error) (Status, string, error) {
	if err != nil {
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		return Errored, firstLine(err.Error()), nil
	}
	if len(rep.Functions) != 1 {
		return Errored, fmt.Sprintf("%d functions ran, want 1", len(rep.Functions)), nil
	}
	status, detail := classify(&rep.Functions[0])
	return status, detail, nil
}

// classify turns a run against a mutant into a status: a failed case, or
// a case whose process died, kills it; else a timed-out case times it
// out; else a build failure makes it not viable.
func classify(fr *runner.FunctionReport) (Status, string) {
	var v verdict
	for i := range fr.Cases {
		if v.add(&fr.Cases[i]) {
			break
		}
	}
	return v.status()
}

// verdict gathers the cases of a run against a mutant, one at a time.
type verdict struct {
	killed, timedOut, notViable, errored string
}

// add counts case c; it reports whether c kills the mutant, which
// makes the cases after it moot.
func (v *verdict) add(c *runner.CaseReport) bool {
	why := func() string {
		return fmt.Sprintf("case %s: %s", c.Name(), firstLine(runner.JoinFailures(c.Failures, "; ")))
	}
	switch {
	case c.Status == runner.Passed:
	case c.Status == runner.Failed, c.Outcome == executors.Exited:
		v.killed = why()
		return true
	case c.Outcome == executors.Timeout:
		if v.timedOut == "" {
			v.timedOut = why()
		}
	case c.Outcome == executors.NoBuild:
		if v.notViable == "" {
			v.notViable = why()
		}
	default:
		if v.errored == "" {
			v.errored = why()
		}
	}
	return false
}

func (v *verdict) status() (Status, string) {
	switch {
	case v.killed != "":
		return Killed, v.killed
	case v.timedOut != "":
		return TimedOut, v.timedOut
	case v.notViable != "":
		return NotViable, v.notViable
	case v.errored != "":
		return Errored, v.errored
	}
	return Lived, ""
}

func baselineError(path string, rep *runner.FileReport) error {
	e := &BaselineError{Path: path}
	for _, fr := range rep.Functions {
		for _, c := range fr.Cases {
			if c.Status != runner.Passed {
				e.Failures = append(e.Failures, fmt.Sprintf("%s: case %s %s: %s", fr.Name, c.Name(), c.Status, firstLine(runner.JoinFailures(c.Failures, "; "))))
			}
		}
	}
	return e
}

// slowest is the longest case of a run.
func slowest(fr runner.FunctionReport) time.Duration {
	var d time.Duration
	for _, c := range fr.Cases {
		d = max(d, c.Duration)
	}
	return d
}

// functionMutants makes the mutants of fn's declaration; src is its
// file's content as loaded.
func functionMutants(fn *target.Func, src []byte) ([]Mutant, error) {
	pkg := fn.Pkg
	tf := pkg.Fset.File(fn.Decl.Pos())
	if tf == nil {
		return nil, errors.New("no position information")
	}
	var file *ast.File
	for _, f := range pkg.Syntax {
		if pkg.Fset.File(f.Pos()) == tf {
			file = f
			break
		}
	}
	if file == nil {
		return nil, fmt.Errorf("no syntax for %s", fn.File)
	}
	if src == nil {
		return nil, fmt.Errorf("%s is not a file of package %s", fn.File, pkg.ImportPath)
	}
	if tf.Size() != len(src) {
		return nil, fmt.Errorf("%s changed since it was loaded", fn.File)
	}
	return Mutants(pkg.Fset, file, src, fn.Decl.Pos(), fn.Decl.End(), pkg.TypesInfo), nil
}

// gremlinsCounts counts the mutants gremlins makes in fn's lines.
func gremlinsCounts(fn *target.Func, c *checker, covered blockSet) GremlinsCounts {
	var g GremlinsCounts
	pkg := fn.Pkg
	tf := pkg.Fset.File(fn.Decl.Pos())
	for _, f := range pkg.Syntax {
		if pkg.Fset.File(f.Pos()) != tf {
			continue
		}
		for _, m := range GremlinsMutants(pkg.Fset, f, c.srcs[fn.File], fn.Decl.Pos(), fn.Decl.End()) {
			g.Mutants++
			if !covered.has(m.Pos.Line, m.Pos.Column) {
				continue
			}
			g.Covered++
			if c.check(fn.File, m.Src) != "" {
				g.NotViable++
			}
		}
	}
	return g
}

// blockSet is the coverage blocks of one file that ran.
type blockSet []executors.Block

// coveredBlocks is the blocks of file that some probe of rep ran. A
// report without blocks (an engine that does not measure coverage)
// gives nil, which counts every position as covered.
func coveredBlocks(file string, rep *executors.Report) blockSet {
	if rep == nil || len(rep.Blocks) == 0 {
		return nil
	}
	ran := map[int]bool{}
	for _, r := range rep.Results {
		for _, b := range r.Covered {
			ran[b] = true
		}
	}
	out := blockSet{}
	file = filepath.Clean(file)
	for i, b := range rep.Blocks {
		if ran[i] && filepath.Clean(b.File) == file {
			out = append(out, b)
		}
	}
	return out
}

// casesCovered is, for each of the n probes of rep, the blocks of file
// it ran; nil when rep has no coverage.
func casesCovered(file string, rep *executors.Report, n int) []blockSet {
	if rep == nil || len(rep.Blocks) == 0 || len(rep.Results) != n {
		return nil
	}
	file = filepath.Clean(file)
	out := make([]blockSet, n)
	for i, r := range rep.Results {
		out[i] = blockSet{}
		for _, b := range r.Covered {
			if b < len(rep.Blocks) && filepath.Clean(rep.Blocks[b].File) == file {
				out[i] = append(out[i], rep.Blocks[b])
			}
		}
	}
	return out
}

// reaching is the cases of order that run the mutant's position, all of
// them when the coverage of each is unknown.
func reaching(order []int, blocks []blockSet, m Mutant) []int {
	if blocks == nil {
		return order
	}
	var out []int
	for _, i := range order {
		if blocks[i].has(m.Pos.Line, m.Pos.Column) {
			out = append(out, i)
		}
	}
	return out
}

// has reports whether a covered block holds the position, as gremlins
// decides it from a coverage profile.
func (s blockSet) has(line, col int) bool {
	if s == nil {
		return true
	}
	for _, b := range s {
		after := line > b.StartLine || line == b.StartLine && col >= b.StartCol
		before := line < b.EndLine || line == b.EndLine && col <= b.EndCol
		if after && before {
			return true
		}
	}
	return false
}

// recorder is an executor that keeps every program it runs and its
// report, for the coverage blocks and the functions resolved.
type recorder struct {
	inner executors.Executor
	mu    sync.Mutex
	runs  []recorded
}

type recorded struct {
	prog *executors.Program
	rep  *executors.Report
}

func (r *recorder) Name() string { return r.inner.Name() }

func (r *recorder) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	rep, err := r.inner.Run(ctx, prog)
	r.mu.Lock()
	r.runs = append(r.runs, recorded{prog: prog, rep: rep})
	r.mu.Unlock()
	return rep, err
}
