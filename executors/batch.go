package executors

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"
)

// RunMany runs several programs of one package as one: one test binary
// holds the probes of all of them, built once (cached by content as Run
// caches), and their probes run over one pool of n.Workers workers. The
// programs must call functions of the same package with the same Cover,
// Overlay, ObserveOpaque and ObserveReceiver; each keeps its Timeout and
// MaxOutput. It returns one report per program, as Run would give it.
func (n *Native) RunMany(ctx context.Context, progs []*Program) ([]*Report, error) {
	b, err := n.Open(ctx, progs)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	type item struct{ prog, probe int }
	var items []item
	for k, prog := range progs {
		for i := range prog.Probes {
			if _, early := b.early(k, i); !early {
				items = append(items, item{k, i})
			}
		}
	}
	reps := b.Reports()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	next := make(chan item)
	// One worker starts at once; another starts only when a probe has
	// waited spawnWait for one after the first answer: a start costs more
	// than most probes, and a run of a few fast ones (confirm's fresh
	// reruns, a late exploration round) is done by one worker before a
	// second would be up.
	answered := make(chan struct{})
	var once sync.Once
	work := func() {
		defer wg.Done()
		for it := range next {
			res, err := b.Run(ctx, it.prog, it.probe)
			once.Do(func() { close(answered) })
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				continue
			}
			reps[it.prog].Results[it.probe] = res
		}
	}
	started := 0
	spawn := func() {
		started++
		wg.Add(1)
		go work()
	}
	spawn()
	for _, it := range items {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		select {
		case next <- it:
			continue
		case <-answered:
		}
		for sent := false; !sent; {
			if started >= min(b.workers, len(items)) {
				next <- it
				break
			}
			t := time.NewTimer(spawnWait)
			select {
			case next <- it:
				sent = true
			case <-t.C:
				spawn()
			}
			t.Stop()
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return reps, nil
}

// spawnWait is how long a probe of RunMany waits for a free worker,
// once one has answered, before another worker starts.
const spawnWait = 50 * time.Millisecond

// Batch is programs of one package built into one test binary, with a
// pool of workers that runs any of their probes on demand: what
// RunMany runs all probes with, and what a caller that picks the probes
// to run as it goes (mutation testing stops a mutant's cases at the
// first that kills it) uses directly. Run may be called concurrently;
// Close ends the workers.
type Batch struct {
	progs     []*Program
	off       []int // index of each program's first probe in merged
	merged    *Program
	prepd     *prepared
	buildTime time.Duration
	workers   int
	pools     *pools
	closers   []func()
	isolate   bool
	// owns marks the blocks of each program's function (see
	// prepared.own).
	owns [][]bool
}

// Open prepares and builds the programs (see RunMany) and starts no
// worker yet: each starts on the first probe that needs it.
func (n *Native) Open(ctx context.Context, progs []*Program) (*Batch, error) {
	if len(progs) == 0 {
		return nil, errors.New("native: no program to run")
	}
	merged, off, err := mergePrograms(progs)
	if err != nil {
		return nil, fmt.Errorf("native %s: %w", progs[0].Func.Pkg.ImportPath, err)
	}
	prepd, err := n.prep.prepare(merged, "_test.go", nil)
	if err != nil {
		return nil, fmt.Errorf("native %s: %w", merged.Func.Pkg.ImportPath, err)
	}
	// A program whose functions the last build of its base had is
	// that build; one with new functions is built with those of the
	// last (see builtShapes).
	base := prepd.baseKey(merged.Func.Name)
	if also := n.shapes.lookup(base, prepd); also != nil {
		full := *merged
		full.Also = append(slices.Clip(merged.Also), also...)
		if p, err := n.prep.prepare(&full, "_test.go", nil); err == nil && len(p.runnable) == len(prepd.runnable) {
			prepd = p
		}
	}
	b := &Batch{progs: progs, off: off, merged: merged, prepd: prepd, workers: defaultWorkers(n.Workers), isolate: n.IsolateMutants}
	for _, p := range progs {
		b.owns = append(b.owns, prepd.own(p.Func))
	}
	if len(prepd.runnable) == 0 {
		return b, nil
	}
	start := time.Now()
	bin, release, err := n.build(ctx, merged, prepd)
	b.buildTime = time.Since(start)
	if err != nil {
		return nil, err
	}
	b.closers = append(b.closers, release)
	n.shapes.built(base, prepd)
	mk, err := n.workerCmd(bin, merged.Func.Pkg.Dir, b)
	if err != nil {
		b.Close()
		return nil, err
	}
	b.pools = newPools(b.workers, mk)
	return b, nil
}

// workerCmd makes the command that starts a worker of bin, confined
// unless n.NoSandbox; what must go when the batch closes is added to
// b.closers.
func (n *Native) workerCmd(bin, dir string, b *Batch) (workerCmd, error) {
	mk := func() (*exec.Cmd, confinedWorker, func(), error) {
		cmd := exec.Command(bin)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), n.Env...)
		cmd.Env = append(cmd.Env, n.WorkerEnv...)
		cmd.Env = append(cmd.Env, "SPECGEN_WORKER=native")
		return cmd, confinedWorker{}, nil, nil
	}
	status := sandboxStatus(n.NoSandbox)
	if status.Off {
		return mk, nil
	}
	exe, err := executable(n.Exe)
	if err != nil {
		return nil, fmt.Errorf("native: %w", err)
	}
	rd, release, err := n.runs.open(exe)
	if err != nil {
		return nil, fmt.Errorf("native: %w", err)
	}
	b.closers = append(b.closers, release)
	return func() (*exec.Cmd, confinedWorker, func(), error) {
		s, cleanup, err := rd.scratch(dir, n.Logf)
		if err != nil {
			return nil, confinedWorker{}, nil, err
		}
		d := s.Dirs
		env := append(os.Environ(), n.Env...)
		env = append(env, n.WorkerEnv...)
		env = append(env, d.Env()...)
		cmd := exec.Command(bin)
		cmd.Env = append(env, "SPECGEN_WORKER=native")
		if status.Active() {
			// specgen's executable confines itself and becomes the
			// worker binary, which cannot import the sandbox: it is
			// built in the user's module.
			cmd = exec.Command(exe)
			cmd.Env = append(env, workerEnv(d)...)
			cmd.Env = append(cmd.Env, "SPECGEN_WORKER=confine", "SPECGEN_EXEC="+bin)
		}
		cmd.Dir = d.Pkg
		return cmd, confinedWorker{status: status, scratch: s}, cleanup, nil
	}, nil
}

// mergePrograms makes one program of progs: their probes in order, each
// calling its own program's function; off[k] is the index of the first
// probe of progs[k].
func mergePrograms(progs []*Program) (*Program, []int, error) {
	first := progs[0]
	merged := &Program{
		Func: first.Func, Cover: first.Cover, Cmps: first.Cmps, Overlay: first.Overlay, Exact: first.Exact,
		ObserveOpaque: first.ObserveOpaque, ObserveReceiver: first.ObserveReceiver,
	}
	off := make([]int, len(progs))
	for k, p := range progs {
		switch {
		case p.Func.Pkg != first.Func.Pkg:
			return nil, nil, fmt.Errorf("programs of packages %s and %s in one run", first.Func.Pkg.ImportPath, p.Func.Pkg.ImportPath)
		case p.Cover != first.Cover || p.Cmps != first.Cmps || p.ObserveOpaque != first.ObserveOpaque || p.ObserveReceiver != first.ObserveReceiver:
			return nil, nil, fmt.Errorf("programs of %s and %s differ in Cover, Cmps or the observers", first.Func.Name, p.Func.Name)
		case !sameOverlay(p.Overlay, first.Overlay):
			return nil, nil, fmt.Errorf("programs of %s and %s have different overlays", first.Func.Name, p.Func.Name)
		}
		off[k] = len(merged.Probes)
		for _, pr := range p.Probes {
			if pr.Func == nil {
				pr.Func = p.Func
			}
			merged.Probes = append(merged.Probes, pr)
		}
		for _, pr := range p.Also {
			if pr.Func == nil {
				pr.Func = p.Func
			}
			merged.Also = append(merged.Also, pr)
		}
	}
	return merged, off, nil
}

func sameOverlay(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for name, src := range a {
		other, ok := b[name]
		if !ok || !bytes.Equal(src, other) {
			return false
		}
	}
	return true
}

// Reports returns a report for each program, its Results not yet
// filled but for the probes decided without running (refused, not
// compiling).
func (b *Batch) Reports() []*Report {
	reps := make([]*Report, len(b.progs))
	for k, prog := range b.progs {
		rep := &Report{Engine: "native", BuildTime: b.buildTime, Results: make([]Result, len(prog.Probes))}
		if b.prepd.blocks != nil {
			rep.Blocks = append([]Block(nil), b.prepd.blocks...)
		}
		for i := range prog.Probes {
			if r, ok := b.early(k, i); ok {
				rep.Results[i] = r
			}
		}
		reps[k] = rep
	}
	return reps
}

// BuildTime is the time the build took (0 for a cached one, about).
func (b *Batch) BuildTime() time.Duration { return b.buildTime }

func (b *Batch) early(prog, probe int) (Result, bool) {
	r, ok := b.prepd.early[b.off[prog]+probe]
	return r, ok
}

// Run runs probe i of program k (as Batch's programs were given to
// Open) on the next free worker, against the mutant the probe's Mutant
// field selects. The error is the context's, or a failure of the
// engine; what the probe did is in the Result.
func (b *Batch) Run(ctx context.Context, k, i int) (Result, error) {
	return b.RunMutant(ctx, k, i, b.progs[k].Probes[i].Mutant)
}

// RunMutant runs probe i of program k against mutant (see Probe.Mutant),
// whatever the probe's own Mutant says.
func (b *Batch) RunMutant(ctx context.Context, k, i, mutant int) (Result, error) {
	return b.RunMutantTimeout(ctx, k, i, mutant, 0)
}

// RunMutantTimeout is RunMutant with the probe bounded by timeout
// instead of its program's Timeout (0 keeps that).
func (b *Batch) RunMutantTimeout(ctx context.Context, k, i, mutant int, timeout time.Duration) (Result, error) {
	if r, ok := b.early(k, i); ok {
		return r, nil
	}
	p, err := b.pools.get(ctx, mutant)
	if err != nil {
		return Result{}, err
	}
	defer b.pools.put(p)
	prog := b.progs[k]
	p.timeout, p.max, p.own = timeoutOf(prog), prog.MaxOutput, b.owns[k]
	if timeout > 0 {
		p.timeout = timeout
	}
	if b.isolate && p.w != nil && p.mutant != mutant {
		p.close()
	}
	p.mutant = mutant
	at := b.off[k] + i
	probe := b.merged.Probes[at]
	probe.Mutant = mutant
	res, err := p.run(ctx, b.prepd.wire[at], probe)
	if err != nil {
		return Result{}, fmt.Errorf("native %s: probe %s: %w", prog.Func.Pkg.ImportPath, probe.ID, err)
	}
	b.prepd.setKinds(&res)
	return res, nil
}

// Close stops the workers and releases the build.
func (b *Batch) Close() {
	if b.pools != nil {
		b.pools.close()
		b.pools = nil
	}
	for i := len(b.closers) - 1; i >= 0; i-- {
		b.closers[i]()
	}
	b.closers = nil
}

// pools are a Batch's worker pools, one per worker at most. A probe gets
// one whose worker is running, at its mutant when there is one, so that
// no worker starts while another that could take the probe is idle.
type pools struct {
	slots chan struct{} // a token for each pool not in use
	mu    sync.Mutex
	idle  []*pool
}

func newPools(n int, mk workerCmd) *pools {
	ps := &pools{slots: make(chan struct{}, n)}
	for range n {
		ps.idle = append(ps.idle, &pool{mk: mk, greets: true})
		ps.slots <- struct{}{}
	}
	return ps
}

// get takes the idle pool best placed to run a probe of mutant: one
// whose worker runs that mutant, then one whose worker runs, then any.
func (ps *pools) get(ctx context.Context, mutant int) (*pool, error) {
	select {
	case <-ps.slots:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	best, rank := 0, -1
	for i, p := range ps.idle {
		r := 0
		if p.w != nil {
			r = 1
			if p.mutant == mutant {
				r = 2
			}
		}
		if r > rank {
			best, rank = i, r
		}
	}
	p := ps.idle[best]
	ps.idle = slices.Delete(ps.idle, best, best+1)
	return p, nil
}

func (ps *pools) put(p *pool) {
	ps.mu.Lock()
	ps.idle = append(ps.idle, p)
	ps.mu.Unlock()
	ps.slots <- struct{}{}
}

// close waits for every pool to be put back and stops their workers.
func (ps *pools) close() {
	for range cap(ps.slots) {
		<-ps.slots
	}
	for _, p := range ps.idle {
		p.close()
	}
}
