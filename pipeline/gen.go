// Package pipeline ties specgen's stages together: it loads the target,
// explores each function (package explore), writes a spec from what was
// observed (package write), checks the spec natively (eleven times, and
// two hundred times more once a case varied, to catch nondeterminism)
// and saves it without losing hand-written cases.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/internal/tracing"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// DefaultExploreTimeout bounds each probe while exploring, unless
// Options.Explore.Timeout says otherwise.
const DefaultExploreTimeout = time.Second

// Options configure Gen. The zero value explores with the built-in
// explorer on the auto engine and writes testdata/specgen/<Func>_evals.yml.
type Options struct {
	// Dir is where the package pattern is resolved ("" = current directory).
	Dir string
	// Engine names the engine that explores, for executors.New: "auto"
	// (the default), "native" or "yaegi". Specs are always confirmed
	// natively.
	Engine string
	// Out is the spec file to write. "" writes one file per function,
	// <package dir>/testdata/specgen/<Func>_evals.yml. Several functions
	// with one Out share the file.
	Out string
	// Durations adds a Duration evaluator, measured with headroom.
	Durations bool
	// Explore bounds the exploration; Explore.Timeout bounds each probe.
	Explore explore.Options
	// Timeout bounds each case when the spec is confirmed natively (0 =
	// the runner's default), as runner.Options.Timeout does in specgen
	// run.
	Timeout time.Duration
	// Explorer proposes probes (nil = the built-in explorer). When it
	// finds nothing (it fails in its first round, or proposes no probe),
	// the built-in explorer explores instead.
	Explorer func(f *target.Func) explore.Explorer
	// SpecAgent, when set, is the writer that drafts the spec from the
	// verified results (a model, see package llm); every case of its
	// drafts is checked and corrected by native execution. The built-in
	// writer (write.Builtin) writes the spec when it is nil or fails.
	SpecAgent write.Writer
	// MinPass is the pass rate, in percent, at which the spec agent's
	// refinement stops (0: 100). Cases that still fail are dropped.
	MinPass float64
	// MaxRefine bounds the spec agent's refinement rounds (0: 2;
	// negative: none).
	MaxRefine int
	// Cost, when set, meters each function's model calls (cmd/specgen
	// puts a model.Meter behind it). Gen calls it with the function's
	// label (CostLabel) before the function's work, makes the function's
	// model calls with the context it returns, and calls the function it
	// returns when the work is done: that is FuncResult.Cost.
	Cost func(ctx context.Context, label string) (context.Context, func() any)
	// CacheDir is the native engine's build cache ("" = the user cache).
	CacheDir string
	// NoSandbox runs probes unconfined (see executors.Native.NoSandbox).
	NoSandbox bool
	// SkipUnchanged leaves alone a function whose spec on disk loads
	// and records the hash of the function's code as it is now
	// (target.Func.SourceHash): it is reported with Unchanged set, from
	// its spec, without being explored.
	SkipUnchanged bool
	// Shard, when set, restricts Gen to the functions of one shard (see
	// Shard); the others are neither explored nor reported.
	Shard Shard
	// Jobs is how many functions are explored at once (0: DefaultJobs, or
	// one when a model explores or writes). Functions that share a spec
	// file (Out) are explored one at a time. With N at once, each
	// exploration's budget of time (Explore.MaxTime) is N times longer,
	// as N explorations share the machine, and its time per probe
	// (Explore.Timeout) min(N, GOMAXPROCS) times.
	Jobs int
	// BatchWindow is how long a program of one of the Jobs functions
	// waits for those of the others, to share a build with them, while
	// they are busy elsewhere; 0 means 50ms, short beside a build. A
	// batch goes as soon as every function under way is waiting.
	BatchWindow time.Duration
	// DryRun explores and checks but writes nothing.
	DryRun bool
	// NoMutation turns the mutation step off: by default the chosen
	// cases are run against the function's mutants, cases are added that
	// kill the mutants they do not, and the cases that show nothing the
	// others do not are dropped (see FuncResult.Mutation).
	NoMutation bool
	// MutationBudget bounds the time one function's mutants run (0 =
	// DefaultMutationBudget).
	MutationBudget time.Duration
	// Logf receives debug logging.
	Logf func(format string, args ...any)
	// Progress, when set, is told each step of each function (see
	// Step), from the goroutines that explore them: concurrently when
	// several functions are explored at once.
	Progress func(Step)
	// Tracer, when set, gets a span per function, children of the span
	// in Gen's context, and under it one per exploration round, per
	// batch of probes sent to an engine, per step (write, spec agent
	// attempt, mutation guide, mutation run, minimise, confirm). Model
	// calls made in a step's context are its children.
	Tracer trace.Tracer
}

// FuncResult is what Gen did for one function.
type FuncResult struct {
	Name string
	// Skipped is why the function was not explored ("" when it was).
	Skipped string
	// Err is why generation failed for this function.
	Err error
	// Path is the spec file; Changed reports that it was (re)written.
	Path    string
	Changed bool
	// Unchanged reports a function left alone because its spec records
	// the hash of its code as it is (Options.SkipUnchanged); of the
	// other fields only Name, Path and Cases are set.
	Unchanged bool
	// Cases is the number of cases in the function's spec (including
	// hand-written ones kept); Generated counts those written now, Hand
	// those a person wrote or edited, kept as they are.
	Cases, Generated, Hand int
	// Coverage is the statement coverage of the spec natively, in percent.
	Coverage float64
	// ReachCoverage is the spec's statement coverage of the function's
	// reach: its body and the bodies of the package's functions and
	// methods it calls, directly or not (target.Func.Reach).
	ReachCoverage float64
	// ExploreCoverage and ExploreReachCoverage are the coverages the
	// exploration reached.
	ExploreCoverage      float64
	ExploreReachCoverage float64
	Behaviours           int
	Probes               int
	// Engine is the engine that explored.
	Engine string
	// Uncompiled counts explorer snippets that did not compile.
	Uncompiled int
	// SpecWriter is who wrote the spec: "builtin", or the spec agent
	// (its model's name when it has one).
	SpecWriter string
	// Refinements counts the spec agent's refinement rounds, Corrected
	// the cases whose outcome it got wrong (corrected by execution), and
	// Injected the verified error cases it left out, added back.
	Refinements, Corrected, Injected int
	// Cost is what the function's model calls cost, as Options.Cost
	// reports it (nil without Options.Cost).
	Cost any
	// Unstable lists cases that changed between runs and were weakened
	// or dropped; Disagreements lists cases where the exploring engine
	// and native disagreed (native wins).
	Unstable      []string
	Disagreements []string
	// Spec is the function's spec as generated and confirmed, before it
	// is merged with the spec on disk: its cases are the generated ones
	// and its Source the hash of the code they were observed on. Nil
	// when generation failed or the function was skipped.
	Spec *spec.Function
	// Reviews are the generated cases whose behaviour a reviewer should
	// check before trusting it as the reference (a runtime-error panic,
	// a result the doc comment contradicts, ...), in the spec's order;
	// each case's Review says why too.
	Reviews []Review
	// Mutation is what the mutation step found of the generated cases:
	// the mutants they kill and those that survive. Nil when the step
	// did not run (Options.NoMutation, a generic function, an engine
	// that is not native).
	Mutation *Mutation
	// Notes are other remarks (behaviours a spec cannot state, ...).
	Notes   []string
	Elapsed time.Duration
	// builtLike is how the function's native exploration built its
	// programs (nil when it did not explore natively): confirm builds
	// its cases' program alike, so that the exploration's build serves.
	builtLike *executors.Program
	// ahead is the mutant schema of the function being explored, built
	// ahead for its mutation step (nil when none is).
	ahead *aheadBuild
	// shown are the cases the instantiations of a generic function
	// explored before kept, as minimisation weighs them: a case of a
	// later one that shows nothing they do not is dropped.
	shown []write.Candidate
}

// Gen generates specs for the named functions of the package (all of them
// when names is empty). Functions are explored concurrently (see
// Options.Jobs); the results are in the order of the functions, and each
// spec is what a run of that function alone would write.
func Gen(ctx context.Context, pattern string, names []string, opts Options) ([]*FuncResult, error) {
	pkg, err := target.Load(ctx, pattern, target.Config{Dir: opts.Dir, Logf: opts.Logf})
	if err != nil {
		return nil, err
	}
	var funcs []*target.Func
	var results []*FuncResult
	if len(names) == 0 {
		fs, skipped := pkg.Funcs()
		funcs = fs
		for _, s := range skipped {
			if opts.Shard.Has(s.Name) {
				results = append(results, &FuncResult{Name: s.Name, Skipped: s.Reason})
			}
		}
	} else {
		var errs []error
		for _, n := range names {
			f, err := pkg.Func(n)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			funcs = append(funcs, f)
		}
		if len(errs) > 0 {
			return nil, errors.Join(errs...)
		}
	}
	g := &generator{opts: opts, pkg: pkg}
	// Functions of other shards are left alone; unchanged ones are
	// reported from their spec. Only what is left needs the engines.
	var todo []*target.Func
	var slots []*FuncResult
	for _, f := range funcs {
		if !opts.Shard.Has(f.Name) {
			continue
		}
		if opts.SkipUnchanged {
			if res := g.unchanged(f); res != nil {
				g.step(res, Step{Phase: PhaseQueued})
				g.stepf(res, PhaseDone, "unchanged since its spec was written")
				results = append(results, res)
				continue
			}
		}
		results = append(results, nil)
		slots = append(slots, nil)
		todo = append(todo, f)
		g.step(&FuncResult{Name: f.Name}, Step{Phase: PhaseQueued})
	}
	if len(todo) > 0 {
		// One native engine confirms every spec and, under auto, explores
		// where yaegi would not do.
		native := &executors.Native{CacheDir: opts.CacheDir, Logf: opts.Logf, NoSandbox: opts.NoSandbox}
		exe, err := executors.New(opts.Engine, executors.Options{Native: native, Logf: opts.Logf, CrossCheck: crossCheckEvery, NoSandbox: opts.NoSandbox})
		if err != nil {
			return nil, err
		}
		g.exe = exe
		g.native = native
		jobs := g.jobs(len(todo))
		g.share = jobs
		if jobs > 1 {
			window := opts.BatchWindow
			if window <= 0 {
				window = batchWindow
			}
			g.batch = newBatcher(ctx, native, window, batchSending())
		}
		if err := g.all(ctx, todo, slots, jobs); err != nil {
			return fill(results, slots), err
		}
	}
	return fill(results, slots), nil
}

// fill puts the results of the functions explored into their places in
// results (the nil entries, in order), leaving out those never reached.
func fill(results, slots []*FuncResult) []*FuncResult {
	out := results[:0]
	i := 0
	for _, r := range results {
		if r == nil {
			r = slots[i]
			i++
			if r == nil {
				continue
			}
		}
		out = append(out, r)
	}
	return out
}

// DefaultJobs is how many functions are explored at once by default:
// four per CPU, at most 64. Their native rounds build together (see
// batcher), one build for several functions where each had its own, so
// more at once than there are CPUs build less and finish sooner: eight
// golang-set methods on two CPUs took 44 s and 25 builds eight at once,
// 58 s and 61 builds two at once.
func DefaultJobs() int {
	return min(4*runtime.GOMAXPROCS(0), 64)
}

// jobs is how many functions are explored at once: Options.Jobs, or
// DefaultJobs; one when a model explores or writes (its calls are
// recorded and replayed in order) or when the functions share one spec
// file (Options.Out).
func (g *generator) jobs(n int) int {
	j := g.opts.Jobs
	if j <= 0 {
		j = DefaultJobs()
		if g.opts.Explorer != nil || g.opts.SpecAgent != nil {
			j = 1
		}
	}
	if g.opts.Out != "" {
		// Functions that share a spec file merge into it in order.
		j = 1
	}
	return max(min(j, n), 1)
}

// all explores funcs, jobs at a time, putting each one's result in the
// same place of out. It stops starting functions when ctx ends.
func (g *generator) all(ctx context.Context, funcs []*target.Func, out []*FuncResult, jobs int) error {
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	defer wg.Wait()
	for i, f := range funcs {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		g.batch.enter()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			defer g.batch.leave()
			defer func() {
				// A fault of specgen's own on one function is that
				// function's error: the others' specs still get written.
				if r := recover(); r != nil {
					out[i] = &FuncResult{Name: f.Name, Err: fmt.Errorf("internal error (please report it): %v at %s", r, panicSite())}
				}
			}()
			out[i] = g.function(ctx, f)
		}()
	}
	return nil
}

// panicSite is where the panic being recovered was raised: the first
// frame of the deferred call's stack outside the runtime, as
// "file.go:12 (pkg.Func)".
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		fr, more := frames.Next()
		if !strings.HasPrefix(fr.Function, "runtime.") && fr.Function != "" && !strings.Contains(fr.Function, "pipeline.(*generator).all.") {
			return fmt.Sprintf("%s:%d (%s)", filepath.Base(fr.File), fr.Line, fr.Function[strings.LastIndex(fr.Function, "/")+1:])
		}
		if !more {
			return "an unknown place"
		}
	}
}

// unchanged is the result of f when its spec on disk records the hash
// of f's code as it is now (target.Func.SourceHash) and loads cleanly:
// the spec is reported, not explored again. It is nil otherwise.
func (g *generator) unchanged(f *target.Func) *FuncResult {
	path := g.specPath(f)
	prev := g.existing(path, f.Name)
	if prev == nil || prev.Source == "" || prev.Source != f.SourceHash() {
		return nil
	}
	return &FuncResult{Name: f.Name, Path: path, Unchanged: true, Cases: len(prev.Dataset), Hand: handWritten(prev.Dataset)}
}

// handWritten counts the cases a person wrote or edited.
func handWritten(cases []*spec.Case) int {
	n := 0
	for _, c := range cases {
		if !c.Generated {
			n++
		}
	}
	return n
}

// crossCheckEvery is how often an exploration on yaegi is checked
// against native (see executors.CrossChecked).
const crossCheckEvery = 8

type generator struct {
	opts Options
	pkg  *target.Package
	// native is the ground truth: it reruns the exploration's
	// representatives, confirms specs and checks the spec agent's drafts
	// (an *executors.Native; the tests put a fake in its place).
	native executors.Executor
	// exe is the engine Options.Engine names.
	exe executors.Executor
	// matrixEngines run the mutation step's mutants.
	matrixEngines enginePool
	// batch, when functions are explored concurrently, is native for
	// their explorations: their rounds build together. It learns which
	// functions are under way (nil otherwise). The other runs (confirm's,
	// the mutation step's) are native's own: a rerun of a program alone
	// finds its build in the cache, where one batched with whatever
	// else is waiting would build anew.
	batch *batcher
	// share is how many functions are explored at once: each
	// exploration's bounds of time are longer (see shared), so that it
	// gets the time it would alone and finds what it would (0 or 1: as
	// given).
	share int
}

// funcEngine is an executor that settles on one engine per function
// (executors.Auto): For is the executor of f's exploration.
type funcEngine interface {
	For(f *target.Func) executors.Executor
}

// switcher is an executor that may leave its engine midway
// (executors.CrossChecked): Switched says why it did, or "".
type switcher interface {
	Switched() string
}

// specPath is where the spec of f goes.
func (g *generator) specPath(f *target.Func) string {
	if g.opts.Out != "" {
		if filepath.IsAbs(g.opts.Out) || g.opts.Dir == "" {
			return g.opts.Out
		}
		return filepath.Join(g.opts.Dir, g.opts.Out)
	}
	return filepath.Join(f.Pkg.Dir, "testdata", "specgen", fileName(f.Name)+"_evals.yml")
}

// fileName turns a spec name into a file name: (*T).M → T.M.
func fileName(name string) string {
	return strings.NewReplacer("(*", "", ")", "", "*", "").Replace(name)
}

func (g *generator) function(ctx context.Context, f *target.Func) *FuncResult {
	start := time.Now()
	res := &FuncResult{Name: f.Name, Path: g.specPath(f), SpecWriter: write.Builtin{}.Name()}
	defer func() {
		res.Elapsed = time.Since(start)
		g.step(res, Step{Phase: PhaseDone, Coverage: res.Coverage, Generated: res.Generated, Hand: res.Hand})
	}()
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "function "+f.Name,
		tracing.Function.String(f.Name), tracing.Package.String(f.Pkg.ImportPath))
	defer func() { endFunction(span, res) }()
	if g.opts.Cost != nil {
		var cost func() any
		ctx, cost = g.opts.Cost(ctx, CostLabel(f))
		defer func() { res.Cost = cost() }()
	}
	exe := g.exe
	if fe, ok := exe.(funcEngine); ok {
		exe = fe.For(f)
	}
	if g.batch != nil && exe == g.batch.inner {
		// A native exploration's rounds are built with those of the
		// other functions under way: one build for all of them.
		exe = g.batch
	}
	res.Engine = exe.Name()
	// The spec on disk, when there is one: its inputs are run first and
	// its cases keep their ids where their inputs stay.
	var old []*spec.Case
	var ignore []string
	if prev := g.existing(res.Path, f.Name); prev != nil {
		old, ignore = prev.Dataset, prev.Ignore
	}
	res.Hand = handWritten(old)
	cases, err := g.exploreAll(ctx, f, exe, old, res)
	if err != nil {
		res.Err = err
		return res
	}
	cases = append(cases, g.docCases(ctx, f, cases, res)...)
	write.StableIDs(f, cases, old)
	write.KeepIgnored(f, cases, ignore)
	draft, err := g.builtinDraft(ctx, f, cases)
	if err != nil {
		res.Err = err
		return res
	}
	fn := draft.Function
	if g.opts.SpecAgent != nil && len(cases) > 0 {
		fn = g.agentOrBuiltin(ctx, f, fn, res)
		if ctx.Err() != nil {
			res.Err = ctx.Err()
			return res
		}
	}
	fn, cov, observed, err := g.confirm(ctx, f, fn, res)
	if err != nil {
		res.Err = err
		return res
	}
	res.Coverage = cov
	res.Generated = len(fn.Dataset)
	fn.Source = f.SourceHash()
	res.Spec = fn
	res.Reviews = triage(f, fn.Dataset, observed)
	if len(res.Unstable) > 0 && len(res.Disagreements) > 0 {
		// Results that change from run to run also differ between
		// engines: that says nothing about the engines.
		res.Notes = append(res.Notes, fmt.Sprintf("%d differences between %s and native not reported: the function is nondeterministic", len(res.Disagreements), res.Engine))
		res.Disagreements = nil
	}

	if g.opts.DryRun {
		res.Cases = len(fn.Dataset) + res.Hand
		return res
	}
	// With no generated case left (the cases a person wrote show every
	// behaviour found), the spec is still written: its hash moves on.
	if len(fn.Dataset) == 0 && !slices.ContainsFunc(old, func(c *spec.Case) bool { return !c.Generated }) {
		why := fmt.Sprintf("%d probes ran", res.Probes)
		if res.Probes == 0 && len(res.Notes) > 0 {
			// Why none ran: the build failed, say.
			why += ": " + strings.Join(res.Notes, "; ")
		}
		res.Err = fmt.Errorf("no behaviour could be written as a case (%s)", why)
		return res
	}
	g.step(res, Step{Phase: PhaseWriting, Coverage: res.Coverage, Generated: res.Generated, Hand: res.Hand})
	changed, total, hand, err := g.save(f, fn, res.Path)
	if err != nil {
		res.Err = err
		return res
	}
	res.Changed = changed
	res.Cases, res.Hand = total, hand
	return res
}

// exploreAll explores f and returns the cases written from what native
// execution observed. A generic function, or a method of a generic
// type, is explored once per instantiation (explore.Instantiations),
// each on its share of the budget; its cases carry their type
// arguments. The inputs of old, the cases of the existing spec, are
// run first (see priorSnippets).
func (g *generator) exploreAll(ctx context.Context, f *target.Func, exe executors.Executor, old []*spec.Case, res *FuncResult) ([]*spec.Case, error) {
	eopts := g.opts.Explore
	insts := explore.Instantiations(f, explore.MaxInstantiations)
	limit := write.MaxCases
	if len(insts) == 0 {
		return nil, fmt.Errorf("no type arguments found for %s that satisfy its constraints", f.TypeParamList())
	}
	if n := len(insts); n > 1 {
		// The budgets are the function's, shared by its instantiations,
		// the defaults too (unset, each instantiation took all of them).
		if eopts.MaxProbes <= 0 {
			eopts.MaxProbes = explore.DefaultMaxProbes
		}
		if eopts.MaxTime <= 0 {
			eopts.MaxTime = explore.DefaultMaxTime
		}
		eopts.MaxProbes = max(eopts.MaxProbes/n, 1)
		eopts.MaxTime /= time.Duration(n)
		limit = max(limit/n, 1)
	}
	var all []*spec.Case
	for _, fi := range insts {
		if len(fi.TypeArgs) > 0 {
			g.stepf(res, PhaseExploring, "instantiated with %s", write.TypeArgs(fi))
		}
		eopts.Prior, eopts.Known = priorSnippets(fi, old, limit, g.opts.Logf)
		cases, err := g.exploreOne(ctx, fi, exe, eopts, limit, res)
		if err != nil {
			return nil, err
		}
		all = append(all, cases...)
	}
	return all, nil
}

// exploreOne explores f, which is not generic, and returns the cases
// written from what native execution observed.
func (g *generator) exploreOne(ctx context.Context, f *target.Func, exe executors.Executor, eopts explore.Options, limit int, res *FuncResult) ([]*spec.Case, error) {
	var ex explore.Explorer
	if g.opts.Explorer != nil {
		ex = g.opts.Explorer(f)
	} else {
		ex = explore.NewBuiltin(explore.BuiltinOptions{})
	}
	g.stepf(res, PhaseExploring, "exploring on %s", res.Engine)
	eopts.Progress = g.rounds(res, eopts.Progress)
	if eopts.Logf == nil {
		eopts.Logf = g.opts.Logf
	}
	if eopts.Timeout == 0 {
		// Exploring, a probe slower than this is reported as a timeout:
		// a spec case that slow would make a slow spec, and a budget of
		// hundreds of probes cannot wait for it.
		eopts.Timeout = DefaultExploreTimeout
	}
	eopts = shared(eopts, g.share, runtime.GOMAXPROCS(0))
	eopts.Tracer = g.opts.Tracer
	if nat, ok := g.nativeEngine(); ok && !g.opts.NoMutation {
		// Once round 1 has run, the mutation step's schema builds while
		// the later rounds run, with round 1's code.
		next := eopts.Progress
		eopts.Progress = func(p explore.Progress) {
			if p.Round == 1 && res.ahead == nil && ctx.Err() == nil {
				probes := make([]executors.Probe, len(p.Records))
				for i, r := range p.Records {
					probes[i] = r.Probe
				}
				res.ahead = g.buildAhead(ctx, f, nat, probes)
			}
			if next != nil {
				next(p)
			}
		}
		defer func() {
			g.releaseAhead(res.ahead)
			res.ahead = nil
		}()
	}
	x, err := explore.Run(ctx, f, ex, exe, eopts)
	if x != nil && len(x.Records) == x.Prior && g.opts.Explorer != nil && ctx.Err() == nil {
		x, err = g.fallbackExplore(ctx, f, exe, eopts, err, res)
	}
	if x == nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		res.Notes = append(res.Notes, "exploration stopped early: "+err.Error())
	}
	if sw, ok := exe.(switcher); ok && sw.Switched() != "" {
		res.Notes = append(res.Notes, fmt.Sprintf("%s disagreed with %s, explored natively: %s", res.Engine, exe.Name(), sw.Switched()))
		res.Engine += "→" + exe.Name()
	}
	if x.Stop == explore.StopExplorer && x.Err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("exploration stopped after round %d: %v", x.Rounds, x.Err))
	}
	if note := timeoutNote(x); note != "" {
		res.Notes = append(res.Notes, note)
	}
	res.Probes += x.Probes()
	res.Behaviours += len(x.Behaviours)
	res.ExploreCoverage = max(res.ExploreCoverage, x.Coverage())
	res.ExploreReachCoverage = max(res.ExploreReachCoverage, x.ReachCoverage())
	res.Uncompiled += x.Uncompiled()

	return g.nativeCases(ctx, f, x, limit, res)
}

// shared returns the bounds of one of share explorations at once on
// cpus CPUs: its budget of time share times longer, as they share the
// machine, and its time per probe min(share, cpus) times. A probe's time
// grows with the CPUs' load, not past it: more explorations at once than
// CPUs would only make each hang cost more (go-humanize's oomm hangs 38
// times).
func shared(eopts explore.Options, share, cpus int) explore.Options {
	if share <= 1 {
		return eopts
	}
	if eopts.MaxTime <= 0 {
		eopts.MaxTime = explore.DefaultMaxTime
	}
	eopts.MaxTime *= time.Duration(share)
	eopts.Timeout *= time.Duration(max(min(share, cpus), 1))
	return eopts
}

// nativeEngine is g.native as the native engine; false when it is not
// one (a test's fake).
func (g *generator) nativeEngine() (*executors.Native, bool) {
	nat, ok := g.native.(*executors.Native)
	return nat, ok
}

// nativeCases reruns the representative probe of each behaviour
// selected (at most limit, see write.Select)
// natively — the ground truth — and writes the cases from what native
// execution observed. Where the exploring engine saw something else, the
// disagreement is noted and native wins.
func (g *generator) nativeCases(ctx context.Context, f *target.Func, x *explore.Exploration, limit int, res *FuncResult) ([]*spec.Case, error) {
	recs := write.Select(x, limit)
	if len(recs) == 0 {
		return nil, nil
	}
	if x.Engine == g.native.Name() {
		res.builtLike = explore.Program(nil, nil, x.Cmps, 0)
	}
	if nat, ok := g.nativeEngine(); ok && !g.opts.NoMutation {
		if probes, results, ok := g.guide(ctx, x, nat, recs, res); ok {
			cases, skipped := write.CasesFromResults(f, probes, results)
			res.Notes = append(res.Notes, skipped...)
			return cases, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	prog := &executors.Program{Func: f, Timeout: g.opts.Explore.Timeout, ObserveOpaque: true, ObserveReceiver: true}
	for _, r := range recs {
		prog.Probes = append(prog.Probes, r.Probe)
	}
	var results []executors.Result
	if x.Engine == g.native.Name() {
		for _, r := range recs {
			results = append(results, r.Result)
		}
	} else {
		rep, err := executors.RunTraced(ctx, g.opts.Tracer, g.native, prog)
		if err != nil {
			return nil, fmt.Errorf("rerun natively: %w", err)
		}
		for i, r := range rep.Results {
			if d := executors.Disagreement(recs[i].Result, r); d != "" && !bothPanicked(recs[i].Result, r) {
				res.Disagreements = append(res.Disagreements, fmt.Sprintf("probe %s: %s", recs[i].Probe.ID, d))
			}
		}
		results = rep.Results
	}
	cases, skipped := write.CasesFromResults(f, prog.Probes, results)
	res.Notes = append(res.Notes, skipped...)
	return cases, nil
}

// bothPanicked reports two results that are both panics, whose messages
// engines word their own way.
func bothPanicked(a, b executors.Result) bool {
	return a.Outcome == executors.Panicked && b.Outcome == executors.Panicked
}

// confirm runs the spec natively, once and then up to confirmReruns times,
// each time in fresh workers. Cases whose outcome differs from the
// exploration (engine disagreement) are corrected to the native value;
// cases that differ between runs are weakened (expected dropped, match
// dropped) or dropped. Once a case has varied, the function is
// nondeterministic, and the next round reruns every case that is left
// many more times (up to maxVariedReruns), so that a value that changes rarely
// is not left pinned. The result passes 100% natively, or an error says
// why not; observed is what each of its cases did in the last round's
// first run.
func (g *generator) confirm(ctx context.Context, f *target.Func, fn *spec.Function, res *FuncResult) (out *spec.Function, coverage float64, observed map[*spec.Case]executors.Result, err error) {
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "confirm", tracing.Function.String(f.Name), tracing.Cases.Int(len(fn.Dataset)))
	defer func() {
		if out != nil {
			span.SetAttributes(tracing.Coverage.Float64(coverage), attribute.Int("specgen.cases.confirmed", len(out.Dataset)))
		}
		tracing.End(span, err)
	}()
	// Check the function as it will be saved: merged with the cases and
	// evaluators a person wrote in the existing spec, so that generated
	// cases are held to the person's evaluators too.
	check := g.withExisting(fn, res)
	// The generated cases a person's case already states (its id, its
	// inputs) are gone from check: the counts are those saved.
	hand := handWritten(check.Dataset)
	gen := len(check.Dataset) - hand
	g.step(res, Step{Phase: PhaseConfirming, Generated: gen, Hand: hand, Line: confirmLine(res, gen, hand)})
	// The spec may not exist yet: resolve its package from the package's
	// own directory.
	file := &spec.File{Path: filepath.Join(f.Pkg.Dir, "specgen_confirm.yml"), Package: f.Pkg.ImportPath, Functions: []*spec.Function{check}}
	run := func(count, repeat int) (*runner.FunctionReport, error) {
		rep, err := runner.RunSpec(ctx, file, runner.Options{
			Executor:  g.native,
			Package:   f.Pkg,
			Filter:    regexp.MustCompile("^" + regexp.QuoteMeta(fn.Name) + "$"),
			Cover:     true,
			BuiltLike: res.builtLike,
			Count:     count,
			Repeat:    repeat,
			Timeout:   g.opts.Timeout,
			Logf:      g.opts.Logf,
			Tracer:    g.opts.Tracer,
		})
		if err != nil {
			return nil, err
		}
		if len(rep.Functions) != 1 {
			return nil, fmt.Errorf("confirm %s: no report", fn.Name)
		}
		return &rep.Functions[0], nil
	}
	generated := func() *spec.Function {
		out := *fn
		out.Dataset = nil
		for _, c := range check.Dataset {
			if c.Generated {
				out.Dataset = append(out.Dataset, c)
			}
		}
		return &out
	}
	for i, c := range check.Dataset {
		if !c.Generated {
			continue
		}
		if name := dirListed(c, f.Pkg.Dir); name != "" {
			// What the run reads of the directory changes as files
			// are added to it, the spec and test specgen writes among
			// them: the case pins only that the call returns.
			if w := weaken(c, nil, false); w != nil {
				check.Dataset[i] = w
				res.Notes = append(res.Notes, fmt.Sprintf("case %s: its result names %s of the package directory, whose entries change: weakened to returns", c.ID, name))
			}
		}
	}
	handNoted := map[string]bool{}
	// varied is set once a generated case changed from run to run: the
	// function is nondeterministic, and every case of it that still
	// pins a value is rerun many more times before it is trusted.
	varied := false
	for round := 0; round < maxConfirmRounds; round++ {
		if len(check.Dataset) == 0 {
			return generated(), 0, nil, nil
		}
		first, err := run(1, 1)
		if err != nil {
			return nil, 0, nil, fmt.Errorf("confirm %s natively: %w", fn.Name, err)
		}
		count, repeat := reruns(first, 1, confirmReruns, confirmBudget), 1
		if varied {
			// Most of the many reruns of a nondeterministic function
			// are repeats in the workers of confirmReruns fresh runs: a
			// worker's start costs more than most calls, and a value
			// that changes from call to call changes within a process.
			n := reruns(first, minVariedReruns, maxVariedReruns, variedBudget)
			count = min(n, confirmReruns)
			repeat = (n + count - 1) / count
			g.stepf(res, PhaseConfirming, "nondeterministic, rerunning %d cases %d times", len(check.Dataset), count*repeat)
		}
		second, err := run(count, repeat)
		if err != nil {
			return nil, 0, nil, fmt.Errorf("confirm %s natively: %w", fn.Name, err)
		}
		bad := map[int][]runner.Failure{}
		for i := range check.Dataset {
			for _, cr := range []runner.CaseReport{first.Cases[i], second.Cases[i]} {
				if cr.Status != runner.Passed {
					bad[i] = cr.Failures
				}
			}
		}
		var keep []*spec.Case
		changed := false
		for i, c := range check.Dataset {
			failures, ok := bad[i]
			why := runner.JoinFailures(failures, "; ")
			switch {
			case !ok:
				keep = append(keep, c)
			case !c.Generated:
				// A person's case is theirs: report it, never touch it.
				if !handNoted[c.ID] {
					handNoted[c.ID] = true
					res.Notes = append(res.Notes, fmt.Sprintf("hand-written case %s fails: %s", caseName(c, i), why))
				}
				keep = append(keep, c)
			case !onlyOutcome(failures):
				// A generated case that breaks an evaluator (a person's
				// Assertion, say) states nothing the spec wants.
				res.Notes = append(res.Notes, fmt.Sprintf("case %s dropped: %s", c.ID, why))
				changed = true
			default:
				// The case was written from a native run, so a failure now
				// means its outcome changes from run to run (or its inputs
				// do not survive the trip through YAML): keep what is stable.
				res.Unstable = append(res.Unstable, fmt.Sprintf("%s: %s", c.ID, why))
				if w := weaken(c, failures, inAnyOrder(c, first.Cases[i], second.Cases[i])); w != nil {
					keep = append(keep, w)
				}
				changed = true
				varied = true
			}
		}
		check.Dataset = keep
		if !changed {
			out := generated()
			if g.opts.Durations {
				addDurations(out, first, second)
			}
			if second.Reach != nil {
				res.ReachCoverage = second.Reach.Percent
			}
			observed := map[*spec.Case]executors.Result{}
			for i, c := range check.Dataset {
				if cr := first.Cases[i]; c.Generated {
					observed[c] = executors.Result{Outcome: cr.Outcome, Outputs: cr.Outputs, After: cr.After, ArgsAfter: cr.ArgsAfter, Err: cr.Err, Panic: cr.Panic}
				}
			}
			if second.Coverage == nil {
				// The program as a whole did not run: only a person's
				// cases were left, and they all failed with it.
				return nil, 0, nil, fmt.Errorf("confirm %s natively: the cases did not run: %s", fn.Name, runner.JoinFailures(second.Cases[0].Failures, "; "))
			}
			return out, second.Coverage.Percent, observed, nil
		}
	}
	return nil, 0, nil, fmt.Errorf("confirm %s: the spec does not settle after %d rounds of native runs", fn.Name, maxConfirmRounds)
}

// maxConfirmRounds bounds confirm's rounds: each runs the spec, weakens
// or drops what changed, and the next checks what is left.
const maxConfirmRounds = 4

// How many times confirm's second run of a round runs each case (in
// fresh workers each time, see runner.Options.Count). Every function
// gets up to confirmReruns, so that one whose result changes one time in
// 20 is caught with 10 cases at 99.6% (1-0.95^110); once a function is
// seen to vary, its cases get up to maxVariedReruns, so that a case that
// pins a value one time in 20 is left pinned at odds of 3.5e-5
// (0.95^200). Slow cases get fewer: as many as fit in the budget of
// estimated call time.
const (
	confirmReruns   = 10
	confirmBudget   = 2 * time.Second
	minVariedReruns = 20
	maxVariedReruns = 200
	variedBudget    = 20 * time.Second
)

// reruns is how many times to rerun the cases of rep: as many as fit in
// budget, given their durations in rep, between lo and hi.
func reruns(rep *runner.FunctionReport, lo, hi int, budget time.Duration) int {
	var total time.Duration
	for _, c := range rep.Cases {
		total += c.Duration
	}
	if total <= 0 {
		return hi
	}
	return min(max(int(budget/total), lo), hi)
}

// onlyOutcome reports failures that are all about the case's own outcome
// (Expected, Raises, ReceiverAfter) rather than the function's
// evaluators.
func onlyOutcome(failures []runner.Failure) bool {
	for _, f := range failures {
		if !outcomeFailure(f) {
			return false
		}
	}
	return true
}

func outcomeFailure(f runner.Failure) bool {
	return f.Evaluator == spec.EvalExpected || f.Evaluator == spec.EvalRaises || f.Evaluator == spec.EvalReceiverAfter || f.Evaluator == spec.EvalInputsAfter
}

// existing is the function called name in the spec file at path, or nil when
// the file does not exist, does not load or has no such function.
func (g *generator) existing(path, name string) *spec.Function {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	f, err := spec.Load(path)
	if err != nil {
		return nil
	}
	return f.Function(name)
}

// priorSnippets writes the calls with the inputs of the cases of an
// existing spec (old): those of f's type arguments when f is an
// instantiation, in the spec's order, at most limit in all; the
// generated cases' for explore.Options.Prior, the hand-written ones'
// for explore.Options.Known. The calls are written as the runner would
// make them (runner.CaseArgs, explore.CallSnippet); a case whose inputs
// no longer fit f is left out.
func priorSnippets(f *target.Func, old []*spec.Case, limit int, logf func(string, ...any)) (prior, known []explore.Snippet) {
	targs := write.TypeArgs(f)
	for _, c := range old {
		if len(prior)+len(known) >= limit {
			break
		}
		if !sameTypes(targs, c.Types) {
			continue
		}
		args, err := runner.CaseArgs(f, c)
		if err == nil {
			var sn explore.Snippet
			var gs []executors.Global
			if gs, err = runner.CaseGlobals(f, c); err == nil {
				sn, err = explore.CallSnippet(f, c.Receiver, args)
				// A snippet sets the globals by its first statements.
				var set strings.Builder
				for _, g := range gs {
					set.WriteString(g.Name + " = " + g.Expr + "\n")
				}
				sn.Code = set.String() + sn.Code
			}
			if err == nil {
				if c.Generated {
					prior = append(prior, sn)
				} else {
					known = append(known, sn)
				}
				continue
			}
		}
		if logf != nil {
			logf("%s: case %s of the existing spec not run again: %v", f.Name, c.ID, err)
		}
	}
	return prior, known
}

// sameTypes reports whether a case's type arguments are those of an
// instantiation, whatever their order.
func sameTypes(inst, c spec.TypeArgs) bool {
	if len(inst) != len(c) {
		return false
	}
	for _, ta := range inst {
		if got, ok := c.Get(ta.Param); !ok || got.Type != ta.Type {
			return false
		}
	}
	return true
}

// withExisting merges fn with the function of the same name in the spec
// file on disk, as save will; fn's cases come out marked Generated. A
// file that does not load is left for save to report.
func (g *generator) withExisting(fn *spec.Function, res *FuncResult) *spec.Function {
	var old *spec.Function
	if f, err := spec.Load(res.Path); err == nil {
		old = f.Function(fn.Name)
	}
	return spec.Merge(old, fn)
}

// caseName names a case for messages: its id, or its position.
func caseName(c *spec.Case, i int) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("#%d", i+1)
}

// weaken keeps what is stable of a nondeterministic case, given how it
// failed. When its runs returned what it states in another order
// (anyOrder), it is made unordered. Else a receiver after the call that
// changed is dropped, and when the call's own outcome changed, the
// outcome kind is kept without values or messages — a raises case loses
// its match, an expected case its value (it then pins that the call
// returns without error or panic) and its arguments after the call. It
// returns nil when nothing is left to weaken.
func weaken(c *spec.Case, failures []runner.Failure, anyOrder bool) *spec.Case {
	w := *c
	if anyOrder && !c.Unordered {
		w.Unordered = true
		if !strings.HasSuffix(c.ID, anyOrderSuffix) {
			w.ID = c.ID + anyOrderSuffix
		}
		return &w
	}
	if !strings.HasSuffix(c.ID, "-unstable") {
		// Named once: a case regenerated with the id of a weakened
		// case (write.StableIDs) is not named again.
		w.ID = strings.TrimSuffix(c.ID, anyOrderSuffix) + "-unstable"
	}
	weakened := false
	outcome := false
	for _, f := range failures {
		switch {
		case f.Evaluator == spec.EvalReceiverAfter && c.ReceiverAfter != nil:
			w.ReceiverAfter = nil
			weakened = true
		case f.Evaluator == spec.EvalInputsAfter && c.InputsAfter != nil:
			w.InputsAfter = nil
			weakened = true
		default:
			outcome = true
		}
	}
	if outcome || !weakened {
		switch {
		case c.Match != "":
			w.Match = ""
			weakened = true
		case c.Expected != nil:
			w.Expected = nil
			weakened = true
			// The arguments after the call go with it: a callback the
			// call was given may have been called by the result's
			// observers (a middleware served a request calls its key
			// function), which a case without expected values does
			// not run.
			w.InputsAfter = nil
		}
	}
	if !weakened {
		return nil
	}
	w.Unordered = w.Unordered && w.StatesValues()
	return &w
}

// anyOrderSuffix ends the id of a case that weaken made unordered.
const anyOrderSuffix = "-any-order"

// inAnyOrder reports whether every run of c among reps that failed
// returned normally with what c states, in another order: the lists of
// its expected, receiver_after and inputs_after compare equal as
// multisets (a result filled from a map). It is false when no run
// failed, or when c is unordered already.
func inAnyOrder(c *spec.Case, reps ...runner.CaseReport) bool {
	if c.Unordered {
		return false
	}
	u := *c
	u.Unordered = true
	opt := spec.EqualOption{FloatTolerance: c.Tolerance, Unordered: true}
	failed := false
	for _, cr := range reps {
		if cr.Status == runner.Passed {
			continue
		}
		failed = true
		for _, f := range cr.Failures {
			switch f.Evaluator {
			case spec.EvalExpected, spec.EvalReceiverAfter, spec.EvalInputsAfter:
			default:
				return false
			}
		}
		if cr.Outcome != executors.OK {
			return false
		}
		if u.Expected != nil && (cr.Err != nil || !resultsEqual(*u.Expected, cr.Outputs, &u)) {
			return false
		}
		if u.ReceiverAfter != nil && (cr.After == nil || !spec.Equal(*u.ReceiverAfter, *cr.After, opt)) {
			return false
		}
		if ia := u.InputsAfter; ia != nil && ia.Kind == spec.Map {
			for _, e := range ia.Map {
				got, ok := executors.Named(cr.ArgsAfter, e.Key.Str)
				if !ok || !spec.Equal(e.Val, got, opt) {
					return false
				}
			}
		}
	}
	return failed
}

// addDurations sets a function-level Duration evaluator: the slowest
// observed case with generous headroom (×10, at least 100ms), so that it
// catches pathological slowdowns, not noise.
func addDurations(fn *spec.Function, reps ...*runner.FunctionReport) {
	var worst time.Duration
	for _, r := range reps {
		for _, c := range r.Cases {
			if c.Duration > worst {
				worst = c.Duration
			}
		}
	}
	bound := worst * 10
	if bound < 100*time.Millisecond {
		bound = 100 * time.Millisecond
	}
	bound = bound.Round(time.Millisecond)
	fn.Evals.Duration = &spec.DurationEval{Duration: spec.Duration{Duration: bound}}
}

// save merges fn into the spec file at path (keeping hand-written cases
// and, through MarshalOver, the comments a person wrote) and writes it
// atomically when its bytes change. A spec file that does not load is
// left untouched.
func (g *generator) save(f *target.Func, fn *spec.Function, path string) (changed bool, cases, hand int, err error) {
	gen := &spec.File{Package: f.Pkg.ImportPath, Functions: []*spec.Function{fn}}
	gen.Schema = schemaRef(path, f.Pkg.ModuleDir)
	var merged *spec.File
	var onDisk []byte
	if _, statErr := os.Stat(path); statErr == nil {
		old, err := spec.Load(path)
		if err != nil {
			return false, 0, 0, fmt.Errorf("read existing spec (left untouched): %w", err)
		}
		if onDisk, err = os.ReadFile(path); err != nil {
			return false, 0, 0, fmt.Errorf("read existing spec (left untouched): %w", err)
		}
		merged = spec.MergeFile(old, gen)
	} else {
		for _, c := range fn.Dataset {
			c.Generated = true
		}
		fn.Evals.Generated = fn.Evals != (spec.Evals{})
		merged = gen
	}
	for _, mf := range merged.Functions {
		if mf.Name == fn.Name {
			cases, hand = len(mf.Dataset), handWritten(mf.Dataset)
		}
	}
	data, err := merged.MarshalOver(onDisk)
	if err != nil {
		return false, 0, 0, err
	}
	changed, err = spec.WriteFile(path, data)
	return changed, cases, hand, err
}

// SchemaURL is where the spec schema is published; specs outside the
// specgen module refer to it.
const SchemaURL = "https://raw.githubusercontent.com/specgen-dev/specgen/main/schemas/specgen.schema.json"

// schemaRef is the schema reference for a spec file: relative when the
// module holds specgen's schemas directory, else the published URL.
func schemaRef(specPath, moduleDir string) string {
	if moduleDir != "" {
		local := filepath.Join(moduleDir, "schemas", "specgen.schema.json")
		if _, err := os.Stat(local); err == nil {
			if ref, err := spec.SchemaRef(specPath, local); err == nil {
				return ref
			}
		}
	}
	return SchemaURL
}

// builtinDraft is the built-in writer's spec of f from the verified
// cases, in a "write" span.
func (g *generator) builtinDraft(ctx context.Context, f *target.Func, cases []*spec.Case) (*write.Draft, error) {
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "write", tracing.Function.String(f.Name),
		tracing.Writer.String(write.Builtin{}.Name()), tracing.Cases.Int(len(cases)))
	draft, err := write.Builtin{}.Draft(ctx, &write.Request{Func: f, Verified: cases})
	tracing.End(span, err)
	return draft, err
}

// endFunction ends the span of a function with what Gen did for it:
// Error with FuncResult.Err when generation failed.
func endFunction(span trace.Span, res *FuncResult) {
	span.SetAttributes(
		tracing.Engine.String(res.Engine),
		tracing.Probes.Int(res.Probes),
		tracing.Behaviours.Int(res.Behaviours),
		tracing.Cases.Int(res.Cases),
		tracing.Coverage.Float64(res.Coverage),
		tracing.Writer.String(res.SpecWriter),
	)
	if res.Skipped != "" {
		span.SetAttributes(attribute.String("specgen.skipped", res.Skipped))
	}
	tracing.End(span, res.Err)
}
