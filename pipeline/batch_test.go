package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/target"
)

// manyFake is an inner executor with RunMany: it records each call's
// programs (by their probes' ids) and answers each program with a
// report whose Why names its first probe.
type manyFake struct {
	mu   sync.Mutex
	many [][]string
	runs []string
	err  error
}

func (m *manyFake) Name() string { return "native" }

func (m *manyFake) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	m.mu.Lock()
	m.runs = append(m.runs, prog.Probes[0].ID)
	m.mu.Unlock()
	if m.err != nil {
		return nil, m.err
	}
	return &executors.Report{Engine: "native", Why: prog.Probes[0].ID}, nil
}

func (m *manyFake) RunMany(ctx context.Context, progs []*executors.Program) ([]*executors.Report, error) {
	var ids []string
	var reps []*executors.Report
	for _, p := range progs {
		ids = append(ids, p.Probes[0].ID)
		reps = append(reps, &executors.Report{Engine: "native", Why: p.Probes[0].ID})
	}
	slices.Sort(ids)
	m.mu.Lock()
	m.many = append(m.many, ids)
	m.mu.Unlock()
	if m.err != nil {
		return nil, m.err
	}
	return reps, nil
}

// onlyRun is an inner executor without RunMany.
type onlyRun struct{ m *manyFake }

func (o onlyRun) Name() string { return "native" }
func (o onlyRun) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	return o.m.Run(ctx, prog)
}

// batchPkg is the one load of package p the batch tests' programs share:
// programs of two loads never share a batch.
var batchPkg = &target.Package{Dir: "/src/p", ImportPath: "example.com/p"}

func batchProg(id, overlay string) *executors.Program {
	p := &executors.Program{
		Func:   &target.Func{Name: id, Pkg: batchPkg},
		Probes: []executors.Probe{{ID: id}},
	}
	if overlay != "" {
		p.Overlay = map[string][]byte{"/src/p/p.go": []byte(overlay)}
	}
	return p
}

// runAll has n functions under way, each calling Run once with progs[i],
// and returns what each got.
func runAll(t *testing.T, b *batcher, progs []*executors.Program) ([]*executors.Report, []error) {
	t.Helper()
	reps := make([]*executors.Report, len(progs))
	errs := make([]error, len(progs))
	for range progs {
		b.enter()
	}
	var wg sync.WaitGroup
	for i, p := range progs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer b.leave()
			reps[i], errs[i] = b.Run(context.Background(), p)
		}()
	}
	wg.Wait()
	return reps, errs
}

func TestBatcherBatches(t *testing.T) {
	tests := []struct {
		name     string
		overlays []string // one program per entry, ids p0, p1, ...
		many     [][]string
		runs     []string
	}{
		{"one package", []string{"", "", ""}, [][]string{{"p0", "p1", "p2"}}, nil},
		{"overlays split", []string{"a", "b", "a", "b", "c"}, [][]string{{"p0", "p2"}, {"p1", "p3"}}, []string{"p4"}},
		{"alone", []string{""}, nil, []string{"p0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inner := &manyFake{}
			// A window no test waits out: only "every function is
			// waiting" sends a batch.
			b := newBatcher(context.Background(), inner, time.Hour, 1)
			var progs []*executors.Program
			for i, o := range tt.overlays {
				progs = append(progs, batchProg(fmt.Sprintf("p%d", i), o))
			}
			reps, errs := runAll(t, b, progs)
			for i := range progs {
				if errs[i] != nil {
					t.Fatalf("p%d: %v", i, errs[i])
				}
				if want := fmt.Sprintf("p%d", i); reps[i].Why != want {
					t.Errorf("p%d got the report of %s", i, reps[i].Why)
				}
			}
			slices.SortFunc(inner.many, func(a, b []string) int { return slices.Compare(a, b) })
			if fmt.Sprint(inner.many) != fmt.Sprint(tt.many) {
				t.Errorf("RunMany calls %v, want %v", inner.many, tt.many)
			}
			if fmt.Sprint(inner.runs) != fmt.Sprint(tt.runs) {
				t.Errorf("Run calls %v, want %v", inner.runs, tt.runs)
			}
		})
	}
}

func TestBatcherWithoutRunMany(t *testing.T) {
	m := &manyFake{}
	b := newBatcher(context.Background(), onlyRun{m}, time.Hour, 1)
	progs := []*executors.Program{batchProg("p0", ""), batchProg("p1", ""), batchProg("p2", "")}
	reps, errs := runAll(t, b, progs)
	for i := range progs {
		if errs[i] != nil || reps[i].Why != fmt.Sprintf("p%d", i) {
			t.Errorf("p%d: %v, %v", i, reps[i], errs[i])
		}
	}
	slices.Sort(m.runs)
	if fmt.Sprint(m.runs) != "[p0 p1 p2]" || len(m.many) != 0 {
		t.Errorf("Run calls %v, RunMany calls %v; want one Run each", m.runs, m.many)
	}
}

func TestBatcherErrorReachesEveryCaller(t *testing.T) {
	boom := errors.New("build failed")
	b := newBatcher(context.Background(), &manyFake{err: boom}, time.Hour, 1)
	_, errs := runAll(t, b, []*executors.Program{batchProg("p0", ""), batchProg("p1", ""), batchProg("p2", "")})
	for i, err := range errs {
		if !errors.Is(err, boom) {
			t.Errorf("p%d: error %v, want %v", i, err, boom)
		}
	}
}

// A function that is busy elsewhere holds the batch back until the
// window passes, or until it leaves.
func TestBatcherWaitsForBusyFunctions(t *testing.T) {
	t.Run("window", func(t *testing.T) {
		inner := &manyFake{}
		b := newBatcher(context.Background(), inner, time.Millisecond, 1)
		b.enter() // busy, never calls Run
		defer b.leave()
		_, errs := runAll(t, b, []*executors.Program{batchProg("p0", ""), batchProg("p1", "")})
		if errs[0] != nil || errs[1] != nil {
			t.Fatal(errs)
		}
		if n := len(inner.many) + len(inner.runs); n == 0 {
			t.Error("nothing ran")
		}
	})
	t.Run("leave", func(t *testing.T) {
		inner := &manyFake{}
		b := newBatcher(context.Background(), inner, time.Hour, 1)
		b.enter() // busy
		b.enter()
		done := make(chan error)
		go func() {
			_, err := b.Run(context.Background(), batchProg("p0", ""))
			done <- err
		}()
		b.mu.Lock()
		queued := len(b.pending)
		b.mu.Unlock()
		for queued == 0 {
			time.Sleep(time.Millisecond)
			b.mu.Lock()
			queued = len(b.pending)
			b.mu.Unlock()
		}
		b.leave() // the busy function ends: p0 is all that can come
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		b.leave()
		if fmt.Sprint(inner.runs) != "[p0]" {
			t.Errorf("Run calls %v, want [p0]", inner.runs)
		}
	})
}

func TestBatcherCancel(t *testing.T) {
	inner := &manyFake{}
	b := newBatcher(context.Background(), inner, time.Hour, 1)
	b.enter() // busy: the call below waits for it
	b.enter()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := b.Run(ctx, batchProg("p0", ""))
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want %v", err, context.Canceled)
	}
	b.leave()
	// The cancelled call is not sent: the next batch holds only p1.
	_, err := b.Run(context.Background(), batchProg("p1", ""))
	if err != nil {
		t.Fatal(err)
	}
	b.leave()
	if fmt.Sprint(inner.runs) != "[p1]" || len(inner.many) != 0 {
		t.Errorf("Run calls %v, RunMany calls %v; want p1 alone", inner.runs, inner.many)
	}
}

func TestShard(t *testing.T) {
	for _, bad := range []string{"", "1", "0/2", "3/2", "a/2", "1/0", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q): no error", bad)
		}
	}
	names := []string{"Clamp", "Sign", "Abs", "Max", "(*Stock).Add", "Stock.Count", "Describe", "parse"}
	const n = 3
	count := map[string]int{}
	for k := 1; k <= n; k++ {
		s, err := ParseShard(fmt.Sprintf("%d/%d", k, n))
		if err != nil {
			t.Fatal(err)
		}
		if s.String() != fmt.Sprintf("%d/%d", k, n) {
			t.Errorf("String() = %q", s.String())
		}
		for _, name := range names {
			if s.Has(name) {
				count[name]++
			}
		}
	}
	for _, name := range names {
		if count[name] != 1 {
			t.Errorf("%s is in %d shards of %d, want 1", name, count[name], n)
		}
		if !(Shard{}).Has(name) {
			t.Errorf("the zero shard lacks %s", name)
		}
	}
	// Stable: the shards of the script gen_shard.txtar.
	s1 := Shard{K: 1, N: 2}
	for name, want := range map[string]bool{"Clamp": true, "Sign": true, "Abs": false, "Max": false} {
		if s1.Has(name) != want {
			t.Errorf("shard 1/2 has %s: %v, want %v", name, !want, want)
		}
	}
}

// gatedFake is a manyFake whose calls wait for gate to close once
// started is told of them.
type gatedFake struct {
	manyFake
	started chan string
	gate    chan struct{}
}

func (g *gatedFake) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	g.started <- prog.Probes[0].ID
	<-g.gate
	return g.manyFake.Run(ctx, prog)
}

func (g *gatedFake) RunMany(ctx context.Context, progs []*executors.Program) ([]*executors.Report, error) {
	g.started <- progs[0].Probes[0].ID
	<-g.gate
	return g.manyFake.RunMany(ctx, progs)
}

// While as many batches as it may have are under way, the batcher holds
// what comes, window or not, and sends it all as one batch when one
// ends.
func TestBatcherHoldsWhileSending(t *testing.T) {
	inner := &gatedFake{started: make(chan string, 4), gate: make(chan struct{})}
	b := newBatcher(context.Background(), inner, time.Millisecond, 1)
	for range 4 {
		b.enter() // p0's, p1's and p2's functions, and one busy elsewhere
	}
	defer b.leave()
	answers := make(chan string, 3)
	run := func(id string) {
		defer b.leave()
		rep, err := b.Run(context.Background(), batchProg(id, ""))
		if err != nil {
			answers <- err.Error()
			return
		}
		answers <- rep.Why
	}
	go run("p0")
	if got := <-inner.started; got != "p0" {
		t.Fatalf("first sent %s, want p0", got)
	}
	go run("p1")
	go run("p2")
	// Many windows pass: nothing more is sent while p0's batch is under way.
	select {
	case id := <-inner.started:
		t.Fatalf("%s was sent while p0's batch was under way", id)
	case <-time.After(50 * time.Millisecond):
	}
	b.mu.Lock()
	queued := len(b.pending)
	b.mu.Unlock()
	if queued != 2 {
		t.Fatalf("%d calls queued, want 2", queued)
	}
	close(inner.gate)
	got := []string{<-answers, <-answers, <-answers}
	slices.Sort(got)
	if fmt.Sprint(got) != "[p0 p1 p2]" {
		t.Errorf("answers %v, want each its own", got)
	}
	if fmt.Sprint(inner.runs) != "[p0]" || fmt.Sprint(inner.many) != "[[p1 p2]]" {
		t.Errorf("Run calls %v, RunMany calls %v; want p0 alone, then p1 and p2 together", inner.runs, inner.many)
	}
}

// Programs that differ in what they instrument do not share a build.
func TestBatchKey(t *testing.T) {
	base := batchProg("p0", "")
	for _, tt := range []struct {
		name string
		edit func(p *executors.Program)
		same bool
	}{
		{"other probes", func(p *executors.Program) { p.Probes = []executors.Probe{{ID: "p9"}} }, true},
		{"other function", func(p *executors.Program) { p.Func = &target.Func{Name: "g", Pkg: batchPkg} }, true},
		{"coverage", func(p *executors.Program) { p.Cover = true }, false},
		{"comparisons", func(p *executors.Program) { p.Cmps = true }, false},
		{"receiver", func(p *executors.Program) { p.ObserveReceiver = true }, false},
		{"overlay", func(p *executors.Program) { p.Overlay = map[string][]byte{"/src/p/p.go": []byte("x")} }, false},
		{"another load", func(p *executors.Program) {
			p.Func = &target.Func{Name: "p0", Pkg: &target.Package{Dir: "/src/p", ImportPath: "example.com/p"}}
		}, false},
	} {
		p := *base
		tt.edit(&p)
		if same := batchKey(&p) == batchKey(base); same != tt.same {
			t.Errorf("%s: same batch %t, want %t", tt.name, same, tt.same)
		}
	}
}

func TestJobs(t *testing.T) {
	def := DefaultJobs()
	if def < 4 || def > 64 {
		t.Fatalf("DefaultJobs() = %d, want 4 to 64", def)
	}
	for _, tt := range []struct {
		name string
		opts Options
		n    int
		want int
	}{
		{"default", Options{}, 1000, def},
		{"fewer functions", Options{}, 3, min(3, def)},
		{"asked", Options{Jobs: 5}, 1000, 5},
		{"model explores", Options{Explorer: func(*target.Func) explore.Explorer { return nil }}, 1000, 1},
		{"model explores, asked", Options{Jobs: 3, Explorer: func(*target.Func) explore.Explorer { return nil }}, 1000, 3},
		{"one spec file", Options{Jobs: 5, Out: "x.yml"}, 1000, 1},
		{"no functions", Options{}, 0, 1},
	} {
		g := &generator{opts: tt.opts}
		if got := g.jobs(tt.n); got != tt.want {
			t.Errorf("%s: %d at once, want %d", tt.name, got, tt.want)
		}
	}
}

func TestShared(t *testing.T) {
	for _, tt := range []struct {
		name                 string
		maxTime              time.Duration
		share, cpus          int
		wantMax, wantTimeout time.Duration
	}{
		{"alone", 0, 1, 2, 0, time.Second},
		{"as many as CPUs", 0, 2, 2, 2 * explore.DefaultMaxTime, 2 * time.Second},
		{"more than CPUs", 0, 8, 2, 8 * explore.DefaultMaxTime, 2 * time.Second},
		{"fewer than CPUs", time.Minute, 3, 16, 3 * time.Minute, 3 * time.Second},
	} {
		got := shared(explore.Options{MaxTime: tt.maxTime, Timeout: time.Second}, tt.share, tt.cpus)
		if got.MaxTime != tt.wantMax || got.Timeout != tt.wantTimeout {
			t.Errorf("%s: max time %s, timeout %s; want %s and %s", tt.name, got.MaxTime, got.Timeout, tt.wantMax, tt.wantTimeout)
		}
	}
}
