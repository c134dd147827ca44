package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/specgen-dev/specgen/executors"
)

// manyRunner is an executor that runs several programs of one package
// together: one build and one pool of workers for all of them. Its
// reports are parallel to progs.
type manyRunner interface {
	RunMany(ctx context.Context, progs []*executors.Program) ([]*executors.Report, error)
}

// batchWindow is how long the batcher waits for more programs once one
// is waiting while other functions are still busy elsewhere: short
// beside a build, which takes seconds.
const batchWindow = 50 * time.Millisecond

// batchSending is how many batches the functions explored at once have
// under way: one per two CPUs, as a build (compiling, then linking)
// keeps about two busy.
func batchSending() int {
	return max(runtime.GOMAXPROCS(0)/2, 1)
}

// batcher is an executor that collects the programs that the functions
// explored at once run natively, and runs those of one package together,
// as one RunMany of the inner executor: one build for all of them. It
// sends what is waiting once every function under way is waiting for
// one, or once the window has passed since the first came, but never
// while maxSending batches are still under way: their functions come
// back with programs of their own, which join the next batch instead of
// building beside it on a machine the builds already fill. An inner
// executor without RunMany runs each program on its own, all at once.
//
// Functions say when they start and end (enter, leave), so that the
// batcher knows how many may still send a program. A nil *batcher's
// enter and leave do nothing.
type batcher struct {
	inner  executors.Executor
	window time.Duration
	// ctx is what batches run under: Gen's, which every caller shares;
	// a caller whose own context ends stops waiting for its batch.
	ctx context.Context
	// maxSending bounds the batches under way at once (at least one).
	maxSending int

	mu sync.Mutex
	// active counts the functions under way, pending the calls waiting
	// to be sent, inflight those sent and not answered, sending the
	// batches sent and not answered; due reports that the window has
	// passed for the pending calls.
	active   int
	pending  []*batchCall
	inflight int
	sending  int
	due      bool
	timer    *time.Timer
}

// batchCall is one Run waiting for its report.
type batchCall struct {
	prog *executors.Program
	key  string
	done chan batchAnswer // buffered: the batch never waits for its caller
}

type batchAnswer struct {
	rep *executors.Report
	err error
}

// newBatcher returns a batcher of inner's programs with at most
// maxSending batches under way at once.
func newBatcher(ctx context.Context, inner executors.Executor, window time.Duration, maxSending int) *batcher {
	return &batcher{inner: inner, window: window, ctx: ctx, maxSending: max(maxSending, 1)}
}

// Name is the inner executor's name.
func (b *batcher) Name() string { return b.inner.Name() }

// enter says a function has started: it may send programs.
func (b *batcher) enter() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.active++
	b.mu.Unlock()
}

// leave says a function has ended: the batcher no longer waits for it.
func (b *batcher) leave() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.active--
	b.flushIfReadyLocked()
	b.mu.Unlock()
}

// Run queues prog and waits for its report.
func (b *batcher) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	c := &batchCall{prog: prog, key: batchKey(prog), done: make(chan batchAnswer, 1)}
	b.mu.Lock()
	b.pending = append(b.pending, c)
	b.flushOrWaitLocked()
	b.mu.Unlock()
	select {
	case a := <-c.done:
		return a.rep, a.err
	case <-ctx.Done():
		b.mu.Lock()
		if i := slices.Index(b.pending, c); i >= 0 {
			b.pending = slices.Delete(b.pending, i, i+1)
		}
		if len(b.pending) == 0 {
			b.due = false
		}
		b.mu.Unlock()
		return nil, ctx.Err()
	}
}

// flushIfReadyLocked sends the pending calls when fewer than maxSending
// batches are under way and either no function under way can add one
// (each is waiting for a report, queued or sent) or the window has
// passed.
func (b *batcher) flushIfReadyLocked() bool {
	if len(b.pending) == 0 || b.sending >= b.maxSending {
		return false
	}
	if !b.due && len(b.pending)+b.inflight < b.active {
		return false
	}
	b.flushLocked()
	return true
}

// flushOrWaitLocked sends the pending calls when they are ready, and
// otherwise starts the window for them unless it is under way or over.
func (b *batcher) flushOrWaitLocked() {
	if b.flushIfReadyLocked() || len(b.pending) == 0 || b.timer != nil || b.due {
		return
	}
	b.timer = time.AfterFunc(b.window, b.flushTimer)
}

func (b *batcher) flushTimer() {
	b.mu.Lock()
	b.timer = nil
	b.due = true
	b.flushIfReadyLocked()
	b.mu.Unlock()
}

// flushLocked sends the pending calls, one batch per key, in the order
// their first calls came.
func (b *batcher) flushLocked() {
	if b.timer != nil {
		b.timer.Stop()
		b.timer = nil
	}
	b.due = false
	var order []string
	groups := map[string][]*batchCall{}
	for _, c := range b.pending {
		if _, ok := groups[c.key]; !ok {
			order = append(order, c.key)
		}
		groups[c.key] = append(groups[c.key], c)
	}
	b.inflight += len(b.pending)
	b.sending += len(order)
	b.pending = nil
	for _, k := range order {
		go b.send(groups[k])
	}
}

// send runs one batch and answers each of its calls.
func (b *batcher) send(calls []*batchCall) {
	defer func() {
		b.mu.Lock()
		b.inflight -= len(calls)
		b.sending--
		b.flushOrWaitLocked()
		b.mu.Unlock()
	}()
	if mr, ok := b.inner.(manyRunner); ok && len(calls) > 1 {
		progs := make([]*executors.Program, len(calls))
		for i, c := range calls {
			progs[i] = c.prog
		}
		reps, err := mr.RunMany(b.ctx, progs)
		if err == nil && len(reps) != len(calls) {
			err = fmt.Errorf("%s: %d reports for %d programs", b.inner.Name(), len(reps), len(calls))
		}
		for i, c := range calls {
			if err != nil {
				c.done <- batchAnswer{err: err}
				continue
			}
			c.done <- batchAnswer{rep: reps[i]}
		}
		return
	}
	var wg sync.WaitGroup
	for _, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rep, err := b.inner.Run(b.ctx, c.prog)
			c.done <- batchAnswer{rep, err}
		}()
	}
	wg.Wait()
}

// batchKey is what programs run in one batch share, as
// executors.Native.RunMany requires: the loaded package (the same load:
// two loads of one package have types that do not mix), whether it is
// instrumented for coverage and for comparisons, the observers, and
// the overlay.
func batchKey(prog *executors.Program) string {
	h := sha256.New()
	pkg := ""
	if prog.Func != nil && prog.Func.Pkg != nil {
		pkg = fmt.Sprintf("%s\x00%s\x00%p", prog.Func.Pkg.Dir, prog.Func.Pkg.ImportPath, prog.Func.Pkg)
	}
	fmt.Fprintf(h, "%s\x00%t\x00%t\x00%t\x00%t\x00", pkg, prog.Cover, prog.Cmps, prog.ObserveOpaque, prog.ObserveReceiver)
	paths := make([]string, 0, len(prog.Overlay))
	for p := range prog.Overlay {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(prog.Overlay[p]))
		h.Write(prog.Overlay[p])
	}
	return hex.EncodeToString(h.Sum(nil))
}
