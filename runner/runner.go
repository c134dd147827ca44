// Package runner runs eval specs against the code they describe: it
// resolves each spec's package and functions, turns every case into a
// probe, runs the probes through an executor, applies the evaluators
// (Expected, Raises, Type, Duration, Pattern, ContainsInput, Assertion)
// and reports per case, per function and overall as text, JSON or JUnit
// XML.
//
// Evaluation follows Go semantics:
//
//   - A case with expected passes when the call returned normally (no
//     panic, a nil error) and its non-error results equal expected as
//     canonical trees (see spec.Equal); a function with several non-error
//     results is compared with expected as a list.
//   - A case with raises passes when the call failed the way it says:
//     "error" is any non-nil returned error, "panic" is a panic, a type
//     name ("*strconv.NumError", "*calc.SyntaxError", or "*SyntaxError"
//     for the package's own) is a returned error whose Unwrap chain holds
//     that type (errors.As) or a panic value of that type, and a sentinel
//     ("io.EOF", "calc.ErrEmpty", "ErrEmpty") is a returned error that
//     errors.Is it. match is an RE2 regexp searched in the error or panic
//     message.
//   - A case with neither expected nor raises requires the call to return
//     normally: an unexpected error or panic fails it, as in vowel.
//   - The function's evaluators then apply: Type, Pattern and
//     ContainsInput to cases whose call returned normally, Assertion to
//     every case whose call returned (its err is in scope), Duration
//     (per function and per case) to every case that finished.
//   - Inputs map to parameters by name (inputs as a map), in order
//     (inputs as a list), or as the one argument (input); a method case
//     without a receiver runs on the zero value of the receiver type (a
//     new(T) for a pointer receiver).
//   - A probe that timed out, ended its process, did not compile, was
//     refused or broke the engine is "errored", not "failed".
package runner

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Options configures a run. The zero value runs natively with exact
// float comparison and every evaluator.
type Options struct {
	// Executor runs the probes (nil = &executors.Native{}).
	Executor executors.Executor
	// FloatTolerance is the relative float tolerance of Expected (see
	// spec.EqualOption); a case's tolerance overrides it.
	FloatTolerance float64
	// IgnoreDuration skips the Duration evaluator and per-case durations.
	IgnoreDuration bool
	// Filter, when set, selects the functions to run by spec name.
	Filter *regexp.Regexp
	// Cover instruments the package and reports each function's
	// statement coverage.
	Cover bool
	// BuiltLike, when set, has each program instrumented and observed
	// as this one (its Cover, Cmps, ObserveOpaque and ObserveReceiver),
	// so that the build of an exploration run with them serves it when
	// its probes are shaped as that exploration's: gen's confirm. What
	// a case states is checked as without it.
	BuiltLike *executors.Program
	// DraftExpected takes expected values as drafts to be corrected by
	// what the calls return: one that cannot equal a result of its type
	// (300 for a uint8, a string for an int) is run and fails, instead of
	// being a load error.
	DraftExpected bool
	// Timeout bounds each case (0 = the executor's default).
	Timeout time.Duration
	// Count runs each function's cases this many times (0 or 1: once),
	// each time in fresh workers, as go test -count does: a case passes
	// when it passes every run, and otherwise reports the first run it
	// did not pass. It hunts flaky cases.
	Count int
	// Parallel bounds the runs of Count that run at a time (0 = 2; 1
	// runs them one after the other, in order).
	Parallel int
	// Repeat runs each function's cases this many times in each run
	// (0 or 1: once): all of them, then all of them again, in the same
	// workers. A case passes a run when it passes every time, and
	// otherwise reports the first time it did not. It hunts cases whose
	// result changes from call to call (map order, the clock, random
	// numbers) for one start of a worker per run; what differs only from
	// process to process takes Count.
	Repeat int
	// Overlay replaces the content of files of the package under test
	// (absolute path → source) when running, e.g. with a mutant.
	Overlay map[string][]byte
	// Env, when non-nil, is the environment of the go command used to
	// load packages.
	Env []string
	// Package, when set, is the package under test already loaded: a
	// spec that names its import path uses it instead of loading it
	// again.
	Package *target.Package
	// Logf, when set, receives progress and debug logging.
	Logf func(format string, args ...any)
	// Tracer, when set, gets a span per batch of cases sent to the
	// executor (see executors.RunTraced).
	Tracer trace.Tracer
}

func (o *Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

func (o *Options) executor() executors.Executor {
	if o.Executor != nil {
		return o.Executor
	}
	return &executors.Native{Logf: o.Logf}
}

// LoadError is every problem that kept a spec file from running: the
// file does not parse, its package does not load, a function it names
// does not exist, or a case does not fit its function (a missing or
// extra parameter, a value that does not convert to the parameter's
// type, an unknown error name, a bad regexp). Each problem reads
// "file:line:col: message". A command exits with status 2 on it.
type LoadError struct {
	Path     string
	Problems spec.Errors
}

func (e *LoadError) Error() string { return e.Problems.Error() }

// Unwrap returns the problems.
func (e *LoadError) Unwrap() []error { return e.Problems.Unwrap() }

// RunFile loads the spec file at path and runs it.
func RunFile(ctx context.Context, path string, opts Options) (*FileReport, error) {
	return newSession(opts).runFile(ctx, path)
}

// RunFiles runs several spec files, loading each package once and
// running the functions of all the files of one package together (one
// build, when the executor runs several programs as one). It returns the
// reports of the files that ran, in order, and an error joining the
// problems of the others (*LoadError for each file that could not be
// loaded); a canceled context stops the run.
func RunFiles(ctx context.Context, paths []string, opts Options) ([]*FileReport, error) {
	s := newSession(opts)
	type file struct {
		f   *spec.File
		c   *checked
		err error
		rep *FileReport
	}
	files := make([]*file, len(paths))
	for i, p := range paths {
		fl := &file{}
		files[i] = fl
		if fl.f, fl.err = s.load(ctx, p); fl.err == nil {
			fl.c, fl.err = s.check(ctx, fl.f, nil)
		}
		if fl.err != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	for i, fl := range files {
		if fl.err != nil || fl.rep != nil {
			continue
		}
		// This file and the later ones of its package, in one run.
		group := []*file{fl}
		for _, other := range files[i+1:] {
			if other.err == nil && other.c.pkg == fl.c.pkg {
				group = append(group, other)
			}
		}
		var fps []*funcPlan
		for _, g := range group {
			fps = append(fps, g.c.funcs...)
		}
		frs, err := s.runFuncs(ctx, fps)
		if err != nil {
			return nil, err
		}
		for _, g := range group {
			g.rep = &FileReport{Path: g.f.Path, Package: g.c.pkg.ImportPath}
			for range g.c.funcs {
				g.rep.Functions = append(g.rep.Functions, *frs[0])
				frs = frs[1:]
			}
			g.rep.tally()
		}
	}
	var reports []*FileReport
	var errs []error
	for _, fl := range files {
		if fl.err != nil {
			errs = append(errs, fl.err)
			continue
		}
		reports = append(reports, fl.rep)
	}
	return reports, errors.Join(errs...)
}

// RunSpec runs a loaded spec. Its package is resolved from f.Package, or
// from f.Path as RunFile does (the current directory when f.Path is empty).
func RunSpec(ctx context.Context, f *spec.File, opts Options) (*FileReport, error) {
	return NewSession(opts).RunSpec(ctx, f)
}

// session caches loaded packages across the files of one run.
type session struct {
	opts Options
	pkgs map[[2]string]*target.Package
}

func newSession(opts Options) *session {
	return &session{opts: opts, pkgs: map[[2]string]*target.Package{}}
}

func (s *session) runFile(ctx context.Context, path string) (*FileReport, error) {
	f, err := s.load(ctx, path)
	if err != nil {
		return nil, err
	}
	return s.runSpec(ctx, f)
}

func (s *session) load(ctx context.Context, path string) (*spec.File, error) {
	f, err := spec.Load(path)
	if err != nil {
		problems := asProblems(err, path)
		if f == nil {
			return nil, &LoadError{Path: path, Problems: problems}
		}
		// Check what could be read against the package too, so that one
		// run reports every problem.
		if f.Path == "" {
			f.Path = path
		}
		_, err := s.check(ctx, f, problems)
		return nil, err
	}
	if f.Path == "" {
		f.Path = path
	}
	return f, nil
}

// asProblems turns an error of spec.Load into positioned problems.
func asProblems(err error, path string) spec.Errors {
	var es spec.Errors
	if errors.As(err, &es) {
		return es
	}
	var e *spec.Error
	if errors.As(err, &e) {
		return spec.Errors{e}
	}
	return spec.Errors{{Pos: spec.Pos{File: path}, Msg: err.Error()}}
}

func (s *session) runSpec(ctx context.Context, f *spec.File) (*FileReport, error) {
	c, err := s.check(ctx, f, nil)
	if err != nil {
		return nil, err
	}
	frs, err := s.runFuncs(ctx, c.funcs)
	if err != nil {
		return nil, err
	}
	rep := &FileReport{Path: f.Path, Package: c.pkg.ImportPath}
	for _, fr := range frs {
		rep.Functions = append(rep.Functions, *fr)
	}
	rep.tally()
	return rep, nil
}

// manyRunner is an executor that runs several programs of one package
// as one (one build): executors.Native.
type manyRunner interface {
	RunMany(ctx context.Context, progs []*executors.Program) ([]*executors.Report, error)
}

// runFuncs runs the functions' cases: through one RunMany when the
// executor has it (and each function runs once), else function by
// function.
func (s *session) runFuncs(ctx context.Context, fps []*funcPlan) ([]*FunctionReport, error) {
	ex := s.opts.executor()
	mr, ok := ex.(manyRunner)
	if !ok || s.opts.Count > 1 || len(fps) < 2 {
		out := make([]*FunctionReport, 0, len(fps))
		for _, fp := range fps {
			fr, err := s.runFunc(ctx, ex, fp)
			if err != nil {
				return nil, err
			}
			out = append(out, fr)
		}
		return out, nil
	}
	progs := make([]*executors.Program, len(fps))
	for i, fp := range fps {
		progs[i] = s.program(fp)
		s.opts.logf("runner: %s: %d cases through %s", fp.info.Name, len(fp.probes), ex.Name())
	}
	reps, err := mr.RunMany(ctx, progs)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	out := make([]*FunctionReport, len(fps))
	for i, fp := range fps {
		var rep *executors.Report
		if err == nil {
			rep = reps[i]
		}
		out[i] = s.judge(fp, rep, err)
		out[i].tally()
	}
	return out, nil
}

// checked is a spec resolved against its package, ready to run.
type checked struct {
	pkg   *target.Package
	funcs []*funcPlan
}

// check resolves the spec's package and functions and plans every case.
// specErrs are problems already found in the file; a problem of the
// runner on a line that already has one is left out, as it would say
// the same thing again. When there is any problem, the error is a
// *LoadError listing all of them in file order.
func (s *session) check(ctx context.Context, f *spec.File, specErrs spec.Errors) (*checked, error) {
	problems := append(spec.Errors(nil), specErrs...)
	fail := func() (*checked, error) {
		sort.SliceStable(problems, func(i, j int) bool {
			a, b := problems[i].Pos, problems[j].Pos
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Col < b.Col
		})
		return nil, &LoadError{Path: f.Path, Problems: problems}
	}
	pkg, err := s.loadPackage(ctx, f)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		problems = append(problems, packageProblem(f, err))
		return fail()
	}
	taken := map[int]bool{}
	for _, e := range specErrs {
		taken[e.Pos.Line] = true
	}
	c := &checked{pkg: pkg}
	for _, sf := range f.Functions {
		if s.opts.Filter != nil && !s.opts.Filter.MatchString(sf.Name) {
			continue
		}
		fp, errs := planFunc(pkg, sf, f.Path, s.opts.DraftExpected)
		for _, e := range errs {
			if !taken[e.Pos.Line] {
				problems = append(problems, e)
			}
		}
		if fp != nil {
			c.funcs = append(c.funcs, fp)
		}
	}
	if len(problems) > 0 {
		return fail()
	}
	return c, nil
}

// loadPackage resolves the package a spec is about: its package import
// path resolved in the spec's directory (so in the module that holds the
// file), else the directory above the spec's testdata directory, else
// the spec's own directory.
func (s *session) loadPackage(ctx context.Context, f *spec.File) (*target.Package, error) {
	dir := "."
	if f.Path != "" {
		dir = filepath.Dir(f.Path)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	pattern := f.Package
	if pattern == "" {
		pattern = "."
		abs = packageDir(abs)
	}
	if p := s.opts.Package; p != nil && f.Package == p.ImportPath {
		return p, nil
	}
	key := [2]string{abs, pattern}
	if p, ok := s.pkgs[key]; ok {
		return p, nil
	}
	s.opts.logf("runner: load %s in %s", pattern, abs)
	p, err := target.Load(ctx, pattern, target.Config{Dir: abs, Env: s.opts.Env, Logf: s.opts.Logf})
	if err != nil {
		if f.Package != "" {
			return nil, fmt.Errorf("package %s: %w", f.Package, err)
		}
		return nil, fmt.Errorf("package in %s: %w", abs, err)
	}
	s.pkgs[key] = p
	return p, nil
}

// packageDir is the directory above the nearest testdata directory
// holding dir (pkg/testdata/specgen → pkg), or dir itself.
func packageDir(dir string) string {
	for d := dir; ; {
		if filepath.Base(d) == "testdata" {
			return filepath.Dir(d)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// runFunc runs the probes of one function Options.Count times and
// evaluates its cases: the report of the first run, where a case that
// did not pass some run has that run's report instead.
func (s *session) runFunc(ctx context.Context, ex executors.Executor, fp *funcPlan) (*FunctionReport, error) {
	many := s.opts.Count > 1
	runs := max(s.opts.Count, 1)
	// Run 1 alone: when the program does not build, no other run is
	// needed. The others are independent (fresh workers each): they run
	// Options.Parallel at a time, and are read in order below.
	type outcome struct {
		fr    *FunctionReport
		whole bool
		err   error
	}
	out := make([]outcome, runs+1)
	out[1].fr, out[1].whole, out[1].err = s.runOnce(ctx, ex, fp)
	if out[1].err == nil && !out[1].whole && runs > 1 {
		par := s.opts.Parallel
		if par <= 0 {
			par = defaultParallel
		}
		sem := make(chan struct{}, par)
		var wg sync.WaitGroup
		for run := 2; run <= runs; run++ {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				o := &out[run]
				o.fr, o.whole, o.err = s.runOnce(ctx, ex, fp)
			}()
		}
		wg.Wait()
	}
	var fr *FunctionReport
	for run := 1; run <= runs; run++ {
		one, whole, err := out[run].fr, out[run].whole, out[run].err
		if err != nil {
			return nil, err
		}
		if fr == nil {
			fr = one
		}
		for i, c := range one.Cases {
			if !many || c.Status == Passed {
				continue
			}
			if run == 1 || fr.Cases[i].Status == Passed {
				c.Run = run
				fr.Cases[i] = c
			}
			fr.Cases[i].FailedRuns++
		}
		if whole {
			// The program did not build or run: another run would say
			// the same.
			runs = run
			break
		}
	}
	if many {
		for i := range fr.Cases {
			fr.Cases[i].Runs = runs
		}
	}
	fr.tally()
	return fr, nil
}

// defaultParallel is how many runs of one function (Options.Count) run
// at a time when Options.Parallel is 0.
const defaultParallel = 2

// runOnce runs the probes of one function once and evaluates its cases.
// whole reports that the program as a whole failed (it did not build,
// say), so that every case errored.
func (s *session) runOnce(ctx context.Context, ex executors.Executor, fp *funcPlan) (fr *FunctionReport, whole bool, err error) {
	prog := s.program(fp)
	n, repeat := len(prog.Probes), max(s.opts.Repeat, 1)
	for range repeat - 1 {
		prog.Probes = append(prog.Probes, prog.Probes[:n]...)
	}
	s.opts.logf("runner: %s: %d cases through %s", fp.info.Name, len(fp.probes), ex.Name())
	rep, err := executors.RunTraced(ctx, s.opts.Tracer, ex, prog)
	if err != nil && ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	fr = s.judge(fp, pass(rep, n, 0), err)
	for p := 1; p < repeat && err == nil; p++ {
		for i, c := range s.judge(fp, pass(rep, n, p), nil).Cases {
			if c.Status != Passed && fr.Cases[i].Status == Passed {
				c.Covered = fr.Cases[i].Covered
				fr.Cases[i] = c
			}
		}
	}
	fr.tally()
	return fr, err != nil, nil
}

// pass is the part of rep, the report of a program whose probes are n
// cases repeated (Options.Repeat), that pass p (from 0) ran.
func pass(rep *executors.Report, n, p int) *executors.Report {
	if rep == nil {
		return nil
	}
	one := *rep
	one.Results = rep.Results[min(p*n, len(rep.Results)):min((p+1)*n, len(rep.Results))]
	return &one
}

// program is the program that runs a function's cases.
func (s *session) program(fp *funcPlan) *executors.Program {
	p := &executors.Program{Func: fp.fn, Probes: fp.probes, Cover: s.opts.Cover, Timeout: s.opts.Timeout, Exact: needsExact(fp), Overlay: s.opts.Overlay}
	if l := s.opts.BuiltLike; l != nil {
		p.Cover = p.Cover || l.Cover
		p.Cmps, p.ObserveOpaque, p.ObserveReceiver = l.Cmps, l.ObserveOpaque, l.ObserveReceiver
	}
	return p
}

// judge evaluates a function's cases from the report of its program, or
// the error that kept the program from running.
func (s *session) judge(fp *funcPlan, rep *executors.Report, err error) *FunctionReport {
	eo := evalOptions{FloatTolerance: s.opts.FloatTolerance, IgnoreDuration: s.opts.IgnoreDuration}
	fr := &FunctionReport{Name: fp.info.Name, File: fp.fn.File, StartLine: fp.fn.StartLine, EndLine: fp.fn.EndLine}
	if rep != nil {
		fr.Engine, fr.EngineWhy = rep.Engine, rep.Why
	}
	var buildErr *executors.BuildError
	for i, cp := range fp.cases {
		var res executors.Result
		switch {
		case errors.As(err, &buildErr):
			res = executors.Result{Outcome: executors.NoBuild, Message: err.Error()}
		case err != nil:
			res = executors.Result{Outcome: executors.Broken, Message: err.Error()}
		case i < len(rep.Results):
			res = rep.Results[i]
		default:
			res = executors.Result{Outcome: executors.Broken, Message: "the executor returned no result for this case"}
		}
		cr := evaluate(cp, &fp.info, eo, res)
		if s.opts.Cover {
			cr.Covered = res.Covered
		}
		fr.Cases = append(fr.Cases, cr)
	}
	if s.opts.Cover && err == nil {
		fr.Coverage, fr.Reach = coverage(fp.fn, rep)
		fr.Blocks = rep.Blocks
	}
	return fr
}

// coverage is the statement coverage of f by all the probes of rep,
// computed as `go tool cover -func` does: over the blocks that overlap
// the function's lines; and the coverage of f's reach, over the blocks
// that overlap the lines of f or of a function it reaches.
func coverage(f *target.Func, rep *executors.Report) (own, reach *Coverage) {
	covered := map[int]bool{}
	for _, r := range rep.Results {
		for _, b := range r.Covered {
			covered[b] = true
		}
	}
	own, reach = &Coverage{}, &Coverage{}
	spans := f.Reach()
	for i, b := range rep.Blocks {
		file := filepath.Clean(b.File)
		for k, s := range spans {
			if !s.Overlaps(file, b.StartLine, b.EndLine) {
				continue
			}
			if k == 0 {
				own.add(b.NumStmts, covered[i])
			}
			reach.add(b.NumStmts, covered[i])
			break
		}
	}
	return own, reach
}

// typeString renders t the way specs write types: other packages and
// the package under test by their names ("calc.Point", "time.Duration").
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// caseName is how messages name a case: its id, or #N (1-based).
func caseName(c *spec.Case, index int) string {
	if c.ID != "" {
		return c.ID
	}
	return "#" + strconv.Itoa(index+1)
}

// caseLabel is how load errors name a case, as package spec does:
// case "id", or case N (1-based).
func caseLabel(c *spec.Case, index int) string {
	if c.ID != "" {
		return fmt.Sprintf("case %q", c.ID)
	}
	return "case " + strconv.Itoa(index+1)
}

// fileExists reports whether path names an existing regular file.
func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// needsExact reports whether a function's cases depend on what only exact
// Go semantics give: the names of error types and sentinels (yaegi cannot
// name interpreted error types, nor follow a user Unwrap to a standard
// error), or the text of a panic (yaegi words runtime panics its own way).
func needsExact(fp *funcPlan) bool {
	for _, cp := range fp.cases {
		r := cp.Case.Raises
		switch {
		case r == "" || r == "error":
		case r == "panic":
			if cp.Case.Match != "" {
				return true
			}
		default:
			return true
		}
	}
	return false
}
