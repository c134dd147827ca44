package mutate

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// MatrixOptions configure Matrix. The zero value runs on a default
// native engine with no budget.
type MatrixOptions struct {
	// Native is the engine the probes run on, one run at a time: Matrix
	// selects each mutant through its WorkerEnv (and counts builds
	// through its Logf), and restores both when done, so it must not
	// serve anyone else meanwhile. Reusing one engine saves what it
	// prepares once; with one worker (Workers: 1) each run starts one
	// process (nil = a new executors.Native with one worker).
	Native *executors.Native
	// Timeout bounds each probe of the unmutated runs (0 = 1s). Against
	// a mutant a probe gets twenty times the slowest unmutated probe,
	// at least 250ms and at most Timeout; a verdict that rests on
	// timeouts alone is run again with five times as much (a worker's
	// start counts, and a loaded machine is slow to start one).
	Timeout time.Duration
	// Budget bounds the time spent running mutants (0 = no bound); the
	// mutants not run when it is spent are Skipped.
	Budget time.Duration
	// Coverage, when set, is what the probes ran of the original code:
	// Results parallel to the probes, with the blocks each one covered
	// (an exploration's, say); Matrix then runs no build with coverage.
	Coverage *executors.Report
	// CoverageResults says that Coverage's Results are whole results of
	// the original, as a run of the probes here would give them (a
	// native exploration's, observed alike), not only their blocks:
	// when no mutant is left to run, Matrix then runs nothing and
	// they are its Base.
	CoverageResults bool
	// AssumeCovered, with no Coverage, takes every probe to run every
	// mutant's code instead of measuring it (probes made to reach the
	// mutants, say): no build with coverage, and Base has no blocks.
	AssumeCovered bool
	// Only, when set, selects the mutants to run; the others are
	// Skipped.
	Only func(Mutant) bool
	// Like, when set, is a matrix of the same function run before: this
	// one takes its mutant schema and its verdicts on which mutants
	// compile, and compiles its probes into the mutant builds without
	// running them (executors.Program.Also). When the probes' code is
	// among Like's (variations of its literal arguments, say), the build
	// is Like's, found in the build cache.
	Like *KillMatrix
	// Schema, when set, is the function's schema of every mutant that
	// compiles, prepared (and built, see AheadSchema.BuildAhead) before the
	// probes were chosen: the runs take it instead of a schema of the
	// mutants the probes cover, when it switches all of them.
	Schema *AheadSchema
	// ObserveOpaque and ObserveReceiver are those of executors.Program:
	// the probes record what a spec written from them would.
	ObserveOpaque, ObserveReceiver bool
	// Logf, when set, receives progress.
	Logf func(format string, args ...any)
}

// Skipped is the status of a mutant Matrix did not run: its budget was
// spent, MatrixOptions.Only left it out, or its run failed.
const Skipped Status = "SKIPPED"

// MatrixMutant is a mutant and the probes that tell it from the
// original.
type MatrixMutant struct {
	Mutant
	// Status is Killed (some probe's result differs), TimedOut (some
	// probe timed out where the original did not, and none differs),
	// Lived, NotCovered (no probe runs the mutated code), NotViable or
	// Skipped.
	Status Status
	// Detail says why a mutant is NotViable or Skipped.
	Detail string `json:",omitempty"`
	// Covering are the probes that run the mutated code, Kills those
	// whose result differs against the mutant (value, error, panic), and
	// Timeouts those that time out against it but not against the
	// original; indices into KillMatrix.Probes.
	Covering, Kills, Timeouts []int
}

// Killers are the probes that kill the mutant, by a different result or
// a timeout.
func (m *MatrixMutant) Killers() []int {
	return append(append([]int(nil), m.Kills...), m.Timeouts...)
}

// KillMatrix says which probes kill which mutants of a function.
type KillMatrix struct {
	Probes []executors.Probe
	// Base is what each probe did against the original code, with the
	// coverage blocks it ran (indices into Blocks).
	Base   []executors.Result
	Blocks []executors.Block
	// Mutants are the function's mutants, in source order.
	Mutants []MatrixMutant
	// Unstable are the probes whose results differ between two runs of
	// the original: they kill nothing.
	Unstable []int
	// AnyOrder are the probes whose results differ between two runs of
	// the original only in the order of their lists (a slice filled
	// from a map): a mutant kills with them when its results differ in
	// any order, as an unordered case tells.
	AnyOrder []int
	// Builds counts the native builds the matrix took (0 when cached);
	// Separate the mutants the schema cannot switch, which get a build
	// of their own.
	Builds, Separate int
	Elapsed          time.Duration

	// The schema the mutants ran on (see MatrixOptions.Like): its
	// overlay, the ids of the mutants it switches and of those it could
	// not (left).
	overlay        map[string][]byte
	inSchema, left map[int]bool
}

// Counts tallies the mutants by status (Skipped ones as Errored).
func (k *KillMatrix) Counts() Counts {
	var c Counts
	for _, m := range k.Mutants {
		c.add(m.Status)
	}
	return c
}

// Matrix runs probes, calls of f, against the original code and against
// each of f's mutants that some probe covers and that compiles, and
// records which probes kill which mutant. Every mutant is switched at run
// time in one schema build (see Schema); the original runs once with
// coverage in a build of its own, and twice on the schema build, to tell
// probes whose results vary from run to run. A program that does not
// build is an error.
func Matrix(ctx context.Context, f *target.Func, probes []executors.Probe, opts MatrixOptions) (*KillMatrix, error) {
	start := time.Now()
	c, err := newChecker(f.Pkg)
	if err != nil {
		return nil, fmt.Errorf("mutation matrix of %s: %w", f.Name, err)
	}
	muts, err := functionMutants(f, c.srcs[f.File])
	if err != nil {
		return nil, fmt.Errorf("mutation matrix of %s: %w", f.Name, err)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = time.Second
	}
	var builds atomic.Int64
	// One engine for every run, so that what it prepares (the imports
	// of the probes' code) serves them all; the runs are one at a
	// time, each selecting its mutant through WorkerEnv.
	ex := opts.Native
	if ex == nil {
		ex = &executors.Native{Workers: 1}
	}
	env, logf := ex.WorkerEnv, ex.Logf
	defer func() { ex.WorkerEnv, ex.Logf = env, logf }()
	ex.Logf = func(format string, args ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds.Add(1)
		}
		if logf != nil {
			logf(format, args...)
		}
	}
	engine := func(sel ...string) *executors.Native {
		ex.WorkerEnv = append(append([]string(nil), env...), sel...)
		return ex
	}
	like := opts.Like
	if like != nil && len(like.Mutants) != len(muts) {
		like = nil // not a matrix of this function as it is now
	}
	prog := func(cover bool, overlay map[string][]byte, t time.Duration) *executors.Program {
		p := &executors.Program{Func: f, Probes: probes, Cover: cover, Overlay: overlay, Timeout: t, ObserveOpaque: opts.ObserveOpaque, ObserveReceiver: opts.ObserveReceiver}
		if !cover && like != nil {
			p.Also = like.Probes
		}
		return p
	}
	base := opts.Coverage
	all := opts.AssumeCovered && base == nil
	if all {
		base = &executors.Report{Results: make([]executors.Result, len(probes))}
	}
	if base == nil || len(base.Results) != len(probes) {
		if base, err = engine().Run(ctx, prog(true, nil, timeout)); err != nil {
			return nil, fmt.Errorf("mutation matrix of %s: run the original: %w", f.Name, err)
		}
	}
	k := &KillMatrix{Probes: probes, Base: base.Results, Blocks: base.Blocks}

	// The mutants worth running: covered, compiling, selected.
	var run []numbered
	for _, m := range muts {
		line, col := m.reached()
		mm := MatrixMutant{Mutant: m, Covering: covering(f.File, base, line, col)}
		if all {
			for i := range probes {
				mm.Covering = append(mm.Covering, i)
			}
		}
		switch {
		case len(mm.Covering) == 0:
			mm.Status = NotCovered
		case opts.Only != nil && !opts.Only(m):
			mm.Status, mm.Detail = Skipped, "not selected"
		case like != nil && like.Mutants[len(k.Mutants)].Status == NotViable:
			mm.Status, mm.Detail = NotViable, like.Mutants[len(k.Mutants)].Detail
		case like != nil && like.inSchema[len(k.Mutants)+1]:
			run = append(run, numbered{ID: len(k.Mutants) + 1, Mutant: m})
		default:
			if msg := c.check(f.File, m.Src); msg != "" {
				mm.Status, mm.Detail = NotViable, msg
			} else {
				run = append(run, numbered{ID: len(k.Mutants) + 1, Mutant: m})
			}
		}
		k.Mutants = append(k.Mutants, mm)
	}
	if len(run) == 0 && opts.Coverage != nil && opts.CoverageResults {
		// Nothing to compare the original with: what it did is known.
		k.Elapsed = time.Since(start)
		return k, nil
	}
	// With no mutant to run, the original runs as it is. Like's schema
	// serves when it switches every mutant to run; those it does not
	// get builds of their own.
	var overlay map[string][]byte
	var left map[int]bool
	ahead := len(run) > 0 && (like == nil || like.overlay == nil) && opts.Schema.fits(f, len(muts), run)
	switch {
	case ahead:
		overlay, left = opts.Schema.overlay, map[int]bool{}
		for _, n := range run {
			if opts.Schema.left[n.ID] {
				left[n.ID] = true
			}
		}
	case len(run) > 0 && like != nil && like.overlay != nil:
		overlay, left = like.overlay, map[int]bool{}
		for _, n := range run {
			if like.left[n.ID] || !like.inSchema[n.ID] {
				left[n.ID] = true
			}
		}
	case len(run) > 0:
		var msg string
		overlay, left, msg = schemaOverlay(f.Pkg, c, map[string][]numbered{f.File: run})
		if msg != "" {
			return nil, fmt.Errorf("mutation matrix of %s: the schema does not compile: %s", f.Name, msg)
		}
	}
	k.overlay, k.left, k.inSchema = overlay, left, map[int]bool{}
	switch {
	case ahead:
		k.inSchema = opts.Schema.inSchema
	case overlay != nil && like != nil && like.overlay != nil:
		k.inSchema = like.inSchema
	case overlay != nil:
		for _, n := range run {
			k.inSchema[n.ID] = true
		}
	}

	// The original twice on the schema build: what the mutants are
	// compared with, and the probes that vary.
	var slowest, wall time.Duration
	var orig [2][]executors.Result
	for i := range orig {
		t0 := time.Now()
		rep, err := runSelected(ctx, engine, prog(false, overlay, timeout), 0)
		if i > 0 {
			wall = time.Since(t0) // the first run builds
		}
		if err != nil {
			return nil, fmt.Errorf("mutation matrix of %s: run the schema: %w", f.Name, err)
		}
		orig[i] = rep.Results
		for _, r := range rep.Results {
			slowest = max(slowest, r.Duration)
		}
	}
	// A probe that timed out in one run of the original and returned in
	// the other ran on a loaded machine: it is run again, with the others
	// that did, with ten times the time, so that whether it counts
	// (unstable probes do not) does not depend on the load. One that
	// timed out in both is left so: a hang, and no kill either way.
	if slow := timedOutOnce(orig[0], orig[1]); len(slow) > 0 {
		p := prog(false, overlay, 10*timeout)
		again := *p
		again.Probes = nil
		for _, i := range slow {
			again.Probes = append(again.Probes, p.Probes[i])
		}
		again.Also = append(slices.Clip(p.Also), p.Probes...)
		rep, err := runSelected(ctx, engine, &again, 0)
		if err != nil {
			return nil, fmt.Errorf("mutation matrix of %s: run the schema again: %w", f.Name, err)
		}
		for j, i := range slow {
			for r := range orig {
				if orig[r][i].Outcome == executors.Timeout {
					orig[r][i] = rep.Results[j]
				}
			}
			slowest = max(slowest, rep.Results[j].Duration)
		}
	}
	// The native results, with the coverage measured.
	k.Base = make([]executors.Result, len(probes))
	for i, r := range orig[0] {
		r.Covered = base.Results[i].Covered
		k.Base[i] = r
	}
	k.Unstable, k.AnyOrder = varying(orig[0], orig[1])
	unstable, anyOrder := map[int]bool{}, map[int]bool{}
	for _, i := range k.Unstable {
		unstable[i] = true
	}
	for _, i := range k.AnyOrder {
		anyOrder[i] = true
	}
	mt := min(max(20*slowest, 250*time.Millisecond), timeout)
	bctx := ctx
	if opts.Budget > 0 {
		var cancel context.CancelFunc
		bctx, cancel = context.WithTimeout(ctx, opts.Budget)
		defer cancel()
	}
	// The mutants the schema switches run on one batch of its build,
	// each probe's request selecting its mutant: no run of its own to
	// prepare. In a package whose package-level variables no code
	// changes, one worker serves every mutant, a mutant runs only the
	// probes that reach it, and two of them run at once (a probe that
	// loops waits for its timeout beside the other). Otherwise a worker
	// serves one mutant, started afresh, and runs every probe in turn,
	// as a run of its own would. The workers live as long as the batch:
	// a mutant's run is bounded by cutting its probes' time to what is
	// left of mctx's, not by mctx, which would end them with it.
	isolated := ex.IsolateMutants || len(stateVars(f.Pkg)) > 0
	par := 1
	if !isolated {
		par = min(2, runtime.GOMAXPROCS(0))
	}
	var batch *executors.Batch
	defer func() {
		if batch != nil {
			batch.Close()
		}
	}()
	// early confirms the first hang of the mutant running while its
	// other probes run (see earlyConfirm).
	var early *earlyConfirm
	openBatch := func() error {
		if batch != nil {
			return nil
		}
		engine() // workers start unselected: each request selects
		isolate, workers := ex.IsolateMutants, ex.Workers
		ex.IsolateMutants, ex.Workers = isolated, max(workers, par+1) // one to confirm a hang
		b, err := ex.Open(bctx, []*executors.Program{prog(false, overlay, timeout)})
		ex.IsolateMutants, ex.Workers = isolate, workers
		batch = b
		return err
	}
	onSchema := func(mctx context.Context, p *executors.Program, id int, only []int) (*executors.Report, error) {
		if err := openBatch(); err != nil {
			return nil, err
		}
		idx := only
		if isolated {
			idx = make([]int, len(p.Probes))
			for i := range idx {
				idx[i] = i
			}
		}
		rep := &executors.Report{Engine: ex.Name(), Results: make([]executors.Result, len(p.Probes))}
		hang := early
		var next atomic.Int64
		errs := make([]error, par)
		var wg sync.WaitGroup
		for w := range par {
			wg.Go(func() {
				for {
					n := int(next.Add(1)) - 1
					if n >= len(idx) {
						return
					}
					i := idx[n]
					t, cut := p.Timeout, false
					if dl, ok := mctx.Deadline(); ok && time.Until(dl) < t {
						t, cut = time.Until(dl), true
					}
					if t <= 0 {
						<-mctx.Done()
						errs[w] = mctx.Err()
						return
					}
					r, err := batch.RunMutantTimeout(bctx, 0, i, id, t)
					switch {
					case err != nil:
						errs[w] = err
						return
					case cut && r.Outcome == executors.Timeout:
						<-mctx.Done()
						errs[w] = mctx.Err()
						return
					case r.Outcome == executors.Timeout:
						hang.timedOut(i)
					}
					rep.Results[i] = r
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		return rep, nil
	}
	// A mutant with a build of its own runs as a run of its own.
	alone := func(ctx context.Context, p *executors.Program, id int, _ []int) (*executors.Report, error) {
		return runSelected(ctx, engine, p, id)
	}
	// A hang is confirmed on the batch when its workers serve any
	// mutant, on a fresh worker of a run of its own otherwise.
	confirm := func(ctx context.Context, p *executors.Program, id, i int) (*executors.Report, error) {
		if id == 0 || isolated {
			one := *p
			one.Probes = []executors.Probe{p.Probes[i]}
			one.Also = append(slices.Clip(p.Also), p.Probes...)
			return runSelected(ctx, engine, &one, id)
		}
		if err := openBatch(); err != nil {
			return nil, err
		}
		r, err := batch.RunMutantTimeout(ctx, 0, i, id, p.Timeout)
		if err != nil {
			return nil, err
		}
		return &executors.Report{Results: []executors.Result{r}}, nil
	}
	for _, n := range run {
		mm := &k.Mutants[n.ID-1]
		if bctx.Err() != nil {
			mm.Status, mm.Detail = Skipped, "mutation budget spent"
			continue
		}
		// A mutant the schema cannot switch gets a build of its own.
		over, id := overlay, n.ID
		if left[n.ID] {
			over, id = map[string][]byte{f.File: n.Src}, 0
			k.Separate++
		}
		// A run with any timeout is run again with ten times the time
		// per probe and four times the time for the whole run: a loaded
		// machine is slow to start a worker and to run a probe, and a
		// probe that kills by its result on an idle machine must not
		// count as a timeout on a loaded one (the cases chosen would
		// then depend on the load).
		//
		// A run whose timeouts are real hangs (a loop that never ends)
		// would take that long again for each of them: one of them, the
		// first (the pool is smallest first), is run again with the
		// longer times first, and only when it then returns are they all.
		var err error
		tries := []time.Duration{mt, min(10*mt, max(timeout, mt))}
		for try, t := range tries {
			mm.Kills, mm.Timeouts = nil, nil
			var hung bool
			run := alone
			if id > 0 {
				run = onSchema
			}
			early = nil
			if try == 0 && id > 0 && !isolated {
				early = newEarlyConfirm(bctx, func(ctx context.Context, i int) bool {
					return confirmHang(ctx, confirm, prog(false, over, tries[1]), id, i, wall)
				})
			}
			hung, err = runMatrixMutant(bctx, run, prog(false, over, t), id, mm, orig[0], unstable, anyOrder, wall, 1+3*time.Duration(try))
			confirmed := false
			if err == nil && len(mm.Timeouts) > 0 && try == 0 && !hung {
				var ok bool
				if confirmed, ok = early.result(mm.Timeouts[0]); !ok {
					confirmed = confirmHang(bctx, confirm, prog(false, over, tries[1]), id, mm.Timeouts[0], wall)
				}
			}
			early.stop()
			if err != nil || len(mm.Timeouts) == 0 || confirmed {
				break
			}
		}
		var be *executors.BuildError
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case bctx.Err() != nil:
			mm.Kills, mm.Timeouts = nil, nil
			mm.Status, mm.Detail = Skipped, "mutation budget spent"
			continue
		case errors.As(err, &be) && id == 0:
			mm.Status, mm.Detail = NotViable, firstLine(be.Error())
			continue
		case errors.As(err, &be):
			return nil, fmt.Errorf("mutation matrix of %s: the schema does not build: %w", f.Name, err)
		case err != nil:
			mm.Status, mm.Detail = Skipped, firstLine(err.Error())
			if opts.Logf != nil {
				opts.Logf("mutate: %s: %s: %v", f.Name, mm.Change(), err)
			}
			continue
		}
		switch {
		case len(mm.Kills) > 0:
			mm.Status = Killed
		case len(mm.Timeouts) > 0:
			mm.Status = TimedOut
		default:
			mm.Status = Lived
		}
		if opts.Logf != nil {
			opts.Logf("mutate: %s: %s:%d:%d: %s: %s by %d probes %s", f.Name, filepath.Base(mm.Pos.Filename), mm.Pos.Line, mm.Pos.Column, mm.Change(), mm.Status, len(mm.Killers()), mm.Detail)
		}
	}
	k.Builds = int(builds.Load())
	k.Elapsed = time.Since(start)
	return k, nil
}

// runMatrixMutant runs the probes of prog through run against mutant id
// (0: the program's overlay is the mutant) and records in mm the probes whose
// results differ from base, the original's, and those that time out;
// unstable probes are left out. A mutant whose probes together take
// far longer than the original's (wall) hung: every probe that runs it counts
// as timing out.
func runMatrixMutant(ctx context.Context, run func(context.Context, *executors.Program, int, []int) (*executors.Report, error), prog *executors.Program, id int, mm *MatrixMutant, base []executors.Result, unstable, anyOrder map[int]bool, wall, scale time.Duration) (hung bool, err error) {
	// A mutant that loops gets five times the original's run (wall) and
	// a few seconds, or each covering probe's timeout if longer (a
	// build of its own counts too), scale times over when it is run
	// again (see runLimit).
	mctx, cancel := context.WithTimeout(ctx, runLimit(prog, id, wall, scale, len(mm.Covering)))
	defer cancel()
	rep, err := run(mctx, prog, id, mm.Covering)
	switch {
	case err != nil && mctx.Err() != nil && ctx.Err() == nil:
		mm.Timeouts = append([]int(nil), mm.Covering...)
		return true, nil
	case err != nil:
		return false, err
	}
	for _, i := range mm.Covering {
		if unstable[i] {
			continue
		}
		switch kill, to := differs(base[i], rep.Results[i], anyOrder[i]); {
		case kill:
			mm.Kills = append(mm.Kills, i)
		case to:
			mm.Timeouts = append(mm.Timeouts, i)
		}
	}
	return false, nil
}

// earlyConfirm confirms a mutant's hang (see confirmHang) as soon as
// one of its probes times out, while its other probes run, instead of
// once they have: the confirmation is the probe run again with ten times
// the time, a second or more that would otherwise be waited out after
// them. Only a confirmation of the mutant's first timing-out probe (by
// index) counts, so that which probe is confirmed does not depend on
// which ran first.
type earlyConfirm struct {
	ctx     context.Context
	cancel  context.CancelFunc
	start   func(ctx context.Context, i int) bool
	once    sync.Once
	i       int       // the probe confirmed, set by once
	done    chan bool // its confirmation, set by once
	settled bool      // done has been read
}

func newEarlyConfirm(ctx context.Context, start func(ctx context.Context, i int) bool) *earlyConfirm {
	e := &earlyConfirm{start: start}
	e.ctx, e.cancel = context.WithCancel(ctx)
	return e
}

// timedOut starts confirming probe i's hang unless one has started. It
// may be called from several goroutines; a nil e does nothing.
func (e *earlyConfirm) timedOut(i int) {
	if e == nil {
		return
	}
	e.once.Do(func() {
		e.i, e.done = i, make(chan bool, 1)
		go func() { e.done <- e.start(e.ctx, i) }()
	})
}

// result waits for the confirmation of probe i; ok is false when none
// was started for it.
func (e *earlyConfirm) result(i int) (confirmed, ok bool) {
	if e == nil {
		return false, false
	}
	e.once.Do(func() {}) // no more starts
	if e.done == nil || e.i != i {
		return false, false
	}
	e.settled = true
	return <-e.done, true
}

// stop ends a confirmation whose result is not wanted, and waits for it.
func (e *earlyConfirm) stop() {
	if e == nil {
		return
	}
	e.cancel()
	e.once.Do(func() {})
	if e.done != nil && !e.settled {
		<-e.done
	}
}

// confirmHang runs probe i of prog alone against mutant id through
// confirm, and reports whether it times out again.
func confirmHang(ctx context.Context, confirm func(context.Context, *executors.Program, int, int) (*executors.Report, error), prog *executors.Program, id, i int, wall time.Duration) bool {
	cctx, cancel := context.WithTimeout(ctx, runLimit(prog, id, wall, 1, 1))
	defer cancel()
	rep, err := confirm(cctx, prog, id, i)
	return err == nil && len(rep.Results) == 1 && rep.Results[0].Outcome == executors.Timeout
}

// runLimit bounds a whole run of prog against mutant id: five times the
// original's run (wall) and a few seconds, scale times over, and at
// least the time for each of the covering probes that may reach the
// mutant to loop until its own timeout, its worker started again after
// it: a mutant that loops in two dozen probes ends each by its timeout
// and is told apart by the others, not cut whole, as a loaded machine
// would cut it and an idle one not. A mutant with a build of its own
// (id 0) gets two minutes more for it.
func runLimit(prog *executors.Program, id int, wall, scale time.Duration, covering int) time.Duration {
	limit := scale * min(max(3*time.Second, 5*wall, 2*prog.Timeout), 30*time.Second)
	limit = max(limit, time.Duration(covering)*(prog.Timeout+workerRestart)+3*time.Second)
	if id == 0 {
		limit += 2 * time.Minute
	}
	return limit
}

// workerRestart is what a worker killed by a probe's timeout costs
// before the next probe runs, on a loaded machine, sandboxed.
const workerRestart = 500 * time.Millisecond

// runSelected runs prog with mutant id of its schema overlay selected (0:
// the original).
func runSelected(ctx context.Context, engine func(env ...string) *executors.Native, prog *executors.Program, id int) (*executors.Report, error) {
	return engine(MutantEnv+"="+strconv.Itoa(id)).Run(ctx, prog)
}

// covering are the probes of rep that ran the position line:col of file.
func covering(file string, rep *executors.Report, line, col int) []int {
	var out []int
	file = filepath.Clean(file)
	for i, r := range rep.Results {
		for _, b := range r.Covered {
			if b < len(rep.Blocks) && filepath.Clean(rep.Blocks[b].File) == file && (blockSet{rep.Blocks[b]}).has(line, col) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// timedOutOnce are the probes that timed out in one of two runs of the
// original, a and b, and not in the other.
func timedOutOnce(a, b []executors.Result) []int {
	var out []int
	for i := range a {
		if (a[i].Outcome == executors.Timeout) != (b[i].Outcome == executors.Timeout) {
			out = append(out, i)
		}
	}
	return out
}

// varying compares two runs of the original, a and b: the probes whose
// results differ (unstable), and those whose results differ only in the
// order of their lists (anyOrder).
func varying(a, b []executors.Result) (unstable, anyOrder []int) {
	for i := range a {
		kill, to := differs(a[i], b[i], false)
		if !kill && !to {
			continue
		}
		if again, _ := differs(a[i], b[i], true); kill && !again {
			anyOrder = append(anyOrder, i)
			continue
		}
		unstable = append(unstable, i)
	}
	return unstable, anyOrder
}

// differs compares what a probe did against a mutant (got) with what it
// did against the original (base): kill when the outcome, the results,
// the error or the panic differ (durations and output aside), timeout
// when only got timed out. A probe that timed out against the original,
// or whose engine failed there, tells nothing. An engine that failed
// against the mutant (a worker that could not start on a loaded
// machine) is no verdict on the mutant either: it counts as a timeout,
// so that the run is tried again with longer times.
func differs(base, got executors.Result, anyOrder bool) (kill, timeout bool) {
	eq := spec.EqualOption{Unordered: anyOrder}
	switch {
	case base.Outcome == executors.Timeout || base.Outcome == executors.Broken:
		return false, false
	case got.Outcome == executors.Timeout || got.Outcome == executors.Broken:
		return false, true
	case base.Outcome != got.Outcome:
		return true, false
	case (base.Err == nil) != (got.Err == nil):
		return true, false
	case base.Err != nil && (base.Err.Message != got.Err.Message || base.Err.Type != got.Err.Type):
		return true, false
	case (base.Panic == nil) != (got.Panic == nil):
		return true, false
	case base.Panic != nil && (base.Panic.Message != got.Panic.Message || base.Panic.Type != got.Panic.Type):
		return true, false
	case base.Outcome == executors.Exited && base.ExitCode != got.ExitCode:
		return true, false
	case len(base.Outputs) != len(got.Outputs):
		return true, false
	case (base.After == nil) != (got.After == nil):
		return true, false
	case base.After != nil && !spec.Equal(*base.After, *got.After, eq):
		return true, false
	}
	for i := range base.Outputs {
		if !spec.Equal(base.Outputs[i], got.Outputs[i], eq) {
			return true, false
		}
	}
	return argsDiffer(base, got, eq), false
}

// argsDiffer reports whether an argument the original call changed
// (its value after the call differs from the one it was given, which
// is what a case states in inputs_after) is left otherwise by got.
func argsDiffer(base, got executors.Result, eq spec.EqualOption) bool {
	for _, a := range base.ArgsAfter {
		if in, ok := executors.Named(base.Inputs, a.Name); !ok || spec.Equal(in, a.Value, spec.EqualOption{}) {
			continue
		}
		g, ok := executors.Named(got.ArgsAfter, a.Name)
		if !ok || !spec.Equal(a.Value, g, eq) {
			return true
		}
	}
	return false
}
