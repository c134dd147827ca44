package explore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/tracing"
	"github.com/specgen-dev/specgen/target"
)

// StopReason says why an exploration ended.
type StopReason string

// Reasons an exploration ends.
const (
	StopBudget   StopReason = "budget"   // MaxProbes reached
	StopTime     StopReason = "time"     // MaxTime reached
	StopPatience StopReason = "patience" // Patience probes without a new block, outcome class or comparison
	StopRounds   StopReason = "rounds"   // MaxRounds reached
	StopStale    StopReason = "stale"    // a round added no new behaviour
	StopCovered  StopReason = "covered"  // coveredPatience rounds of a searcher in a row added no new behaviour, and every statement of the reach has run
	StopDone     StopReason = "done"     // the explorer had nothing new to try
	StopCanceled StopReason = "canceled" // the context ended
	StopExplorer StopReason = "explorer" // the explorer failed after the first round
	StopEngine   StopReason = "engine"   // the executor failed on a program
	StopNone     StopReason = ""         // still running
)

// Exploration is everything an exploration observed.
type Exploration struct {
	Func *target.Func
	// Engine is the executor that ran the probes.
	Engine string
	// Cmps says the probes recorded their comparisons
	// (executors.Program.Cmps): a program run like them is built like
	// them.
	Cmps bool
	// Records are all probes run, in order.
	Records []*Record
	// Blocks are the coverage blocks of the package seen so far; records
	// refer to them by index.
	Blocks []executors.Block
	// FuncBlocks are the indices of the blocks inside the function's
	// lines, in source order.
	FuncBlocks []int
	// ReachBlocks are the indices of the blocks inside the function's
	// reach (target.Func.Reach): FuncBlocks first, then the blocks of
	// the callees, in the reach's order and then in source order.
	ReachBlocks []int
	// Behaviours are the distinct behaviours, in the order found.
	Behaviours []*Behaviour
	// CompileErrors are the snippets that could not be turned into
	// probes or did not compile.
	CompileErrors []CompileError
	// Tried are all snippets tried, in order (including those in
	// CompileErrors).
	Tried []Snippet
	// Rounds is the number of rounds run (round 0, Options.Prior, not
	// counted).
	Rounds int
	// Prior is the number of records of Options.Prior's inputs (Record.Prior).
	Prior   int
	Elapsed time.Duration
	Stop    StopReason
	// Err is the explorer's error when Stop is StopExplorer.
	Err error

	blockIndex map[string]int
	funcBlock  map[int]bool
	reachSpan  map[int]int // reach block → index of its span in spans
	spans      []target.Span
	covered    map[int]bool
	classes    map[string]bool
	cmpSites   map[int]bool // the comparison sites probes made
	behaviour  map[string]int
	tried      map[string]bool
	known      map[string]bool     // codes of Options.Known
	lines      map[string][]string // the lines of the reach's files by path, for uncovered source text
	classifier *classifier
}

// Behaviour is one distinct behaviour: an outcome class with the set of
// the blocks of the function's reach that ran.
type Behaviour struct {
	// Key is Class and the covered reach blocks.
	Key string
	// Kind is "ok", "error", "panic", "timeout" or "exit".
	Kind  string
	Class string
	// Blocks are the function's blocks covered, as indices into
	// Exploration.Blocks.
	Blocks []int
	// Reach are the blocks of the function's reach covered (Blocks
	// and its callees' blocks), as indices into Exploration.Blocks.
	Reach []int
	// Rep is the index of the representative record: the one with the
	// smallest probe text, the first of those, preferring probes that
	// ran in under 100ms.
	Rep int
	// Count is the number of records with this behaviour.
	Count int
}

// Probes is the number of probes run.
func (x *Exploration) Probes() int { return len(x.Records) }

// Uncompiled counts the snippets that could not be turned into probes or
// did not compile. For the built-in explorer these are its own defects.
func (x *Exploration) Uncompiled() int { return len(x.CompileErrors) }

// Statements returns the statements of the function that ran and the
// statements it has, counted over its coverage blocks as `go tool cover
// -func` counts them.
func (x *Exploration) Statements() (covered, total int) {
	return x.statements(x.FuncBlocks)
}

// statements counts the statements of blocks that ran, and of all of
// blocks.
func (x *Exploration) statements(blocks []int) (covered, total int) {
	for _, b := range blocks {
		n := x.Blocks[b].NumStmts
		total += n
		if x.covered[b] {
			covered += n
		}
	}
	return covered, total
}

// Coverage is the function's statement coverage in percent (0 when
// coverage is unknown).
func (x *Exploration) Coverage() float64 {
	return percent(x.Statements())
}

// ReachStatements is Statements over the blocks of the function's
// reach: its own and its callees'.
func (x *Exploration) ReachStatements() (covered, total int) {
	return x.statements(x.ReachBlocks)
}

// ReachCoverage is the statement coverage of the function's reach in
// percent (0 when coverage is unknown).
func (x *Exploration) ReachCoverage() float64 {
	return percent(x.ReachStatements())
}

func percent(covered, total int) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(covered) / float64(total)
}

// coveredPatience is how many rounds in a row that find no new
// behaviour end a searcher's exploration once every statement of the
// reach has run. One is too few: coverage reached by calls that
// panicked midway (an index out of range after the loop) leaves the
// returns to find, and the public corpus has functions whose next round
// found behaviours (and mutant kills) after one stale round.
const coveredPatience = 2

// reachRan reports whether every block of the function's reach has run
// (false when coverage is unknown).
func (x *Exploration) reachRan() bool {
	if len(x.ReachBlocks) == 0 {
		return false
	}
	for _, b := range x.ReachBlocks {
		if !x.covered[b] {
			return false
		}
	}
	return true
}

// Covered reports whether block b (an index into Blocks) ran.
func (x *Exploration) Covered(b int) bool { return x.covered[b] }

// Run explores f: it asks ex for a plan each round, runs the plan's
// snippets through exe with coverage, and records what they did, until
// a stop condition of opts holds. The exploration is returned even with
// an error, holding what was observed before it.
func Run(ctx context.Context, f *target.Func, ex Explorer, exe executors.Executor, opts Options) (_ *Exploration, retErr error) {
	if f == nil || f.Obj == nil {
		return nil, errors.New("explore: no function")
	}
	opts = opts.withDefaults(ex)
	searcher := isSearcher(ex)
	cmps := usesCmps(ex)
	x := newExploration(f, exe.Name())
	x.Cmps = cmps
	start := time.Now()
	defer func() { x.Elapsed = time.Since(start) }()
	stale := 0       // consecutive probes without a new block or class
	staleRounds := 0 // consecutive rounds without a new behaviour
	var lastErrors []CompileError
	// runRound runs a round's snippets and records what they did.
	runRound := func(ctx context.Context, round int, snippets []expected) (ran int, err error) {
		lastErrors = nil
		var probes []executors.Probe
		var sent []expected
		for _, s := range snippets {
			x.Tried = append(x.Tried, s.Snippet)
			id := "r" + strconv.Itoa(round) + "p" + strconv.Itoa(len(x.Tried))
			p, err := ProbeFromSnippet(f, id, s.Snippet)
			if err != nil {
				ce := CompileError{Round: round, Snippet: s.Snippet, Message: err.Error()}
				x.CompileErrors = append(x.CompileErrors, ce)
				lastErrors = append(lastErrors, ce)
				opts.Logf("explore %s: snippet %s did not compile: %s: %s", f.Name, id, oneLine(s.Snippet.Code), ce.Message)
				stale++
				continue
			}
			probes = append(probes, p)
			sent = append(sent, s)
		}
		if len(probes) > 0 {
			rep, err := executors.RunTraced(ctx, opts.Tracer, exe, Program(f, probes, cmps, x.probeTimeout(opts.Timeout)))
			if err == nil && len(rep.Results) != len(probes) {
				err = fmt.Errorf("engine %s returned %d results for %d probes", exe.Name(), len(rep.Results), len(probes))
			}
			if err != nil {
				if ctx.Err() != nil {
					x.Stop = StopCanceled
					return 0, fmt.Errorf("explore %s: round %d: %w", f.Name, round, ctx.Err())
				}
				x.Stop = StopEngine
				return 0, fmt.Errorf("explore %s: round %d: run probes: %w", f.Name, round, err)
			}
			remap := x.addBlocks(rep.Blocks)
			for i, res := range rep.Results {
				r := x.add(round, sent[i], probes[i], res, remap)
				if r.Class == "" {
					if res.Outcome == executors.NoBuild || res.Outcome == executors.Refused {
						ce := CompileError{Round: round, Snippet: sent[i].Snippet, Message: res.Message}
						x.CompileErrors = append(x.CompileErrors, ce)
						lastErrors = append(lastErrors, ce)
						opts.Logf("explore %s: probe %s did not compile (%s): %s: %s", f.Name, res.ID, res.Outcome, oneLine(sent[i].Snippet.Code), res.Message)
					} else {
						opts.Logf("explore %s: probe %s: %s: %s", f.Name, res.ID, res.Outcome, res.Message)
					}
				}
				if r.NewBlocks > 0 || r.NewClass || r.NewCmpSites > 0 {
					// A comparison first made is a step on the
					// way to the next block.
					stale = 0
				} else {
					stale++
				}
			}
		}
		return len(probes), nil
	}
	// The explorer gets the whole budget, so that its search is what it
	// would be without the prior; the prior runs on top of it, at most
	// MaxProbes more.
	prior := x.priorSnippets(append(slices.Clone(opts.Prior), opts.Known...), opts.MaxProbes)
	for _, s := range opts.Known {
		x.known[normCode(s.Code)] = true
	}
	for _, s := range opts.Prior {
		delete(x.known, normCode(s.Code))
	}
	budget := opts.MaxProbes
	defer func() {
		// Run last, so that the explorer's search is what it would be
		// without them (an unchanged function explores as before); a
		// snippet the explorer ran itself is not run again.
		if x.Stop == StopCanceled || x.Stop == StopEngine || ctx.Err() != nil {
			return
		}
		var todo []expected
		for _, s := range prior {
			if x.tried[snippetKey(s)] {
				continue
			}
			x.tried[snippetKey(s)] = true
			todo = append(todo, expected{Snippet: s})
		}
		tracer := opts.Tracer
		if len(todo) == 0 {
			tracer = nil // no round to trace
		}
		rctx, end := x.roundSpan(ctx, tracer, 0)
		ran, err := runRound(rctx, 0, todo)
		end(ran, err)
		if err != nil && retErr == nil {
			retErr = err
		}
		x.markPrior(prior)
		opts.Logf("explore %s: %d inputs of the existing spec, %d run again, %d behaviours", f.Name, len(prior), len(todo), len(x.Behaviours))
	}()
	for round := 1; ; round++ {
		if opts.MaxRounds > 0 && round > opts.MaxRounds {
			x.Stop = StopRounds
			break
		}
		if err := ctx.Err(); err != nil {
			x.Stop = StopCanceled
			return x, fmt.Errorf("explore %s: %w", f.Name, err)
		}
		rctx, end := x.roundSpan(ctx, opts.Tracer, round)
		req := &Request{
			Func:          f,
			Round:         round,
			Results:       x.Records,
			Uncovered:     x.Uncovered(),
			Tried:         x.Tried,
			CompileErrors: lastErrors,
			Budget: Budget{
				Probes: budget - len(x.Tried),
				Time:   opts.MaxTime - time.Since(start),
			},
		}
		if round > 1 {
			req.Summary = x.Summary()
		}
		plan, err := ex.Explore(rctx, req)
		if err != nil {
			end(0, err)
			if ctx.Err() != nil {
				x.Stop = StopCanceled
				return x, fmt.Errorf("explore %s: round %d: %w", f.Name, round, ctx.Err())
			}
			if len(x.Records) == 0 {
				return x, fmt.Errorf("explore %s: round %d: %w", f.Name, round, err)
			}
			opts.Logf("explore %s: round %d: %v; keeping earlier rounds", f.Name, round, err)
			x.Stop, x.Err = StopExplorer, err
			break
		}
		snippets := x.fresh(plan, budget-len(x.Tried))
		if len(snippets) == 0 {
			end(0, nil)
			x.Stop = StopDone
			break
		}
		x.Rounds = round
		before := len(x.Behaviours)
		ran, err := runRound(rctx, round, snippets)
		end(ran, err)
		if err != nil {
			return x, err
		}
		added := len(x.Behaviours) - before
		if added == 0 {
			staleRounds++
		} else {
			staleRounds = 0
		}
		opts.Logf("explore %s: round %d: %d snippets, %d probes run, %d new behaviours, coverage %.1f%%, reach %.1f%%",
			f.Name, round, len(snippets), ran, added, x.Coverage(), x.ReachCoverage())
		if opts.Progress != nil {
			opts.Progress(Progress{
				Func: f.Name, Round: round, Probes: len(x.Records),
				Behaviours: len(x.Behaviours), Coverage: x.Coverage(), ReachCoverage: x.ReachCoverage(),
				Elapsed: time.Since(start), Records: x.Records[:len(x.Records):len(x.Records)],
			})
		}
		switch {
		case opts.Patience > 0 && stale >= opts.Patience:
			x.Stop = StopPatience
		case !searcher && added == 0:
			x.Stop = StopStale
		case staleRounds >= coveredPatience && x.reachRan():
			// Nothing is left to cover, and the search has stopped
			// finding behaviours: later rounds vary the same inputs
			// further, each at the cost of a build.
			x.Stop = StopCovered
		case len(x.Tried) >= budget:
			x.Stop = StopBudget
		case time.Since(start) >= opts.MaxTime:
			x.Stop = StopTime
		}
		if x.Stop != StopNone {
			break
		}
	}
	return x, nil
}

// roundSpan starts the span of an exploration round (round 0: the
// inputs of the existing spec) and returns the function that ends it
// with what the round did: the probes it ran, the snippets that did not
// compile, the probes that timed out or panicked, the behaviours and
// the statements covered so far.
func (x *Exploration) roundSpan(ctx context.Context, tracer trace.Tracer, round int) (context.Context, func(ran int, err error)) {
	if tracer == nil {
		return ctx, func(int, error) {}
	}
	ctx, span := tracing.Start(ctx, tracer, "explore round "+strconv.Itoa(round),
		tracing.Function.String(x.Func.Name), tracing.Round.Int(round))
	records, uncompiled := len(x.Records), len(x.CompileErrors)
	return ctx, func(ran int, err error) {
		var timeouts, panics int
		for _, r := range x.Records[records:] {
			switch r.Result.Outcome {
			case executors.Timeout:
				timeouts++
			case executors.Panicked:
				panics++
			}
		}
		covered, total := x.Statements()
		span.SetAttributes(
			tracing.Probes.Int(ran),
			tracing.Compile.Int(len(x.CompileErrors)-uncompiled),
			tracing.Timeouts.Int(timeouts),
			tracing.Panics.Int(panics),
			tracing.Behaviours.Int(len(x.Behaviours)),
			tracing.Covered.Int(covered),
			tracing.Statements.Int(total),
		)
		tracing.End(span, err)
	}
}

// priorSnippets are the snippets of Options.Prior, each once, at most
// limit.
func (x *Exploration) priorSnippets(prior []Snippet, limit int) []Snippet {
	var out []Snippet
	seen := map[string]bool{}
	for _, s := range prior {
		k := normCode(s.Code)
		if k == "" || seen[k] || len(out) >= limit {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	return out
}

// markPrior marks the records the explorer ran with the inputs of the
// existing spec's cases (prior: Options.Prior and Options.Known), as
// round 0 marked those of Options.Prior it ran, and makes them their
// behaviours' representatives (see simpler). An explorer's record of a
// hand-written case's input is marked too: its case was left out of the
// spec for that case, which states it, and it keeps its place.
func (x *Exploration) markPrior(prior []Snippet) {
	codes := map[string]bool{}
	for _, s := range prior {
		codes[normCode(s.Code)] = true
	}
	for _, r := range x.Records {
		if codes[normCode(r.Snippet.Code)] && !r.Prior && !r.Known {
			r.Prior = true
			if r.Behaviour >= 0 {
				if b := x.Behaviours[r.Behaviour]; simpler(r, x.Records[b.Rep]) {
					b.Rep = r.Index
				}
			}
		}
		if r.Prior {
			x.Prior++
		}
	}
}

// expected is a snippet with the kind of outcome its explorer expected.
type expected struct {
	Snippet Snippet
	Expect  string
}

// fresh returns the plan's snippets not tried before, at most limit.
func (x *Exploration) fresh(plan *Plan, limit int) []expected {
	if plan == nil {
		return nil
	}
	var out []expected
	seen := map[string]bool{}
	add := func(sns []Snippet, expect string) {
		for _, s := range sns {
			k := snippetKey(s)
			if normCode(s.Code) == "" || x.tried[k] || seen[k] || len(out) >= limit {
				continue
			}
			seen[k] = true
			out = append(out, expected{s, expect})
		}
	}
	add(plan.Snippets, "")
	add(plan.ErrorSnippets, "error")
	for _, e := range out {
		x.tried[snippetKey(e.Snippet)] = true
	}
	return out
}

func newExploration(f *target.Func, engine string) *Exploration {
	x := &Exploration{
		Func:       f,
		Engine:     engine,
		blockIndex: map[string]int{},
		funcBlock:  map[int]bool{},
		reachSpan:  map[int]int{},
		spans:      f.Reach(),
		lines:      map[string][]string{},
		covered:    map[int]bool{},
		classes:    map[string]bool{},
		cmpSites:   map[int]bool{},
		behaviour:  map[string]int{},
		tried:      map[string]bool{},
		known:      map[string]bool{},
		classifier: newClassifier(f),
	}
	files := []string{f.File}
	for _, sp := range x.spans {
		files = append(files, sp.File)
	}
	for _, file := range files {
		if _, ok := x.lines[file]; ok || file == "" {
			continue
		}
		x.lines[file] = nil
		if data, err := os.ReadFile(file); err == nil {
			x.lines[file] = strings.Split(string(data), "\n")
		}
	}
	return x
}

// addBlocks merges a report's blocks into the exploration's table and
// returns the mapping from report indices to table indices.
func (x *Exploration) addBlocks(bs []executors.Block) []int {
	remap := make([]int, len(bs))
	changed := false
	for i, b := range bs {
		k := fmt.Sprintf("%s:%d.%d,%d.%d", b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol)
		j, ok := x.blockIndex[k]
		if !ok {
			j = len(x.Blocks)
			x.Blocks = append(x.Blocks, b)
			x.blockIndex[k] = j
			if x.inFunc(b) {
				x.FuncBlocks = append(x.FuncBlocks, j)
				x.funcBlock[j] = true
				x.ReachBlocks = append(x.ReachBlocks, j)
				x.reachSpan[j] = 0
				changed = true
			} else if k := x.inCallee(b); k > 0 {
				x.ReachBlocks = append(x.ReachBlocks, j)
				x.reachSpan[j] = k
				changed = true
			}
		}
		remap[i] = j
	}
	if changed {
		byPlace := func(bs []int) func(i, j int) bool {
			return func(i, j int) bool {
				a, b := x.Blocks[bs[i]], x.Blocks[bs[j]]
				if sa, sb := x.reachSpan[bs[i]], x.reachSpan[bs[j]]; sa != sb {
					return sa < sb
				}
				if a.StartLine != b.StartLine {
					return a.StartLine < b.StartLine
				}
				return a.StartCol < b.StartCol
			}
		}
		sort.Slice(x.FuncBlocks, byPlace(x.FuncBlocks))
		sort.Slice(x.ReachBlocks, byPlace(x.ReachBlocks))
	}
	return remap
}

// inCallee returns the index in spans of the callee whose lines hold
// b, or 0 when none does (spans[0] is the function itself).
func (x *Exploration) inCallee(b executors.Block) int {
	for k := 1; k < len(x.spans); k++ {
		if x.spans[k].Contains(b.File, b.StartLine, b.EndLine) {
			return k
		}
	}
	return 0
}

// inFunc reports whether b lies within the function's lines.
func (x *Exploration) inFunc(b executors.Block) bool {
	f := x.Func
	if f.File == "" || filepath.Clean(b.File) != filepath.Clean(f.File) {
		return false
	}
	if f.EndLine == 0 {
		return true
	}
	return b.StartLine >= f.StartLine && b.EndLine <= f.EndLine
}

// add records one result.
func (x *Exploration) add(round int, s expected, p executors.Probe, res executors.Result, remap []int) *Record {
	r := &Record{
		Index: len(x.Records), Round: round,
		Snippet: s.Snippet, Expect: s.Expect,
		Probe: p, Result: res, Behaviour: -1,
	}
	if round == 0 {
		r.Known = x.known[normCode(s.Snippet.Code)]
		r.Prior = !r.Known
	}
	x.Records = append(x.Records, r)
	for _, c := range res.Covered {
		if c >= 0 && c < len(remap) {
			r.Covered = append(r.Covered, remap[c])
		}
	}
	sort.Ints(r.Covered)
	if res.Denied != "" || len(res.Wrote) > 0 {
		// What the sandbox refused (a file written outside the
		// scratch directory, a connection) or what the call wrote
		// where it runs (the package's directory, the home) is no
		// behaviour to pin: a test run outside the sandbox would do it
		// for real. Such a probe counts as one that did not run.
		return r
	}
	kind, class := x.classifier.classify(&res)
	// Only the comparisons of records that found something are read
	// (the corpus's): the others' are not kept.
	defer func() {
		if !r.Novel() {
			r.Result.Cmps = nil
		}
	}()
	if class == "" {
		return r
	}
	r.Class = class
	var fb, rb []int
	for _, b := range r.Covered {
		if !x.covered[b] {
			x.covered[b] = true
			r.NewBlocks++
		}
		if x.funcBlock[b] {
			fb = append(fb, b)
		}
		if _, ok := x.reachSpan[b]; ok {
			rb = append(rb, b)
		}
	}
	if !x.classes[class] {
		x.classes[class] = true
		r.NewClass = true
	}
	for _, c := range res.Cmps {
		if !x.cmpSites[c.Site] {
			x.cmpSites[c.Site] = true
			r.NewCmpSites++
		}
	}
	key := behaviourKey(class, rb)
	bi, ok := x.behaviour[key]
	if !ok {
		bi = len(x.Behaviours)
		x.behaviour[key] = bi
		x.Behaviours = append(x.Behaviours, &Behaviour{Key: key, Kind: kind, Class: class, Blocks: fb, Reach: rb, Rep: r.Index})
		r.NewBehaviour = true
	}
	b := x.Behaviours[bi]
	b.Count++
	if simpler(r, x.Records[b.Rep]) {
		b.Rep = r.Index
	}
	r.Behaviour = bi
	return r
}

func behaviourKey(class string, blocks []int) string {
	var b strings.Builder
	b.WriteString(class)
	b.WriteString(" @")
	for i, x := range blocks {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// slowProbe is the processor time from which a probe is a poor
// representative of its behaviour: specs run their cases many times.
// It is read off Result.CPU, not the wall clock: a probe filling a
// container by a thousand calls takes 10ms on an idle machine and may
// take ten times that on a loaded one, and the spec must not change
// with the load.
const slowProbe = 100 * time.Millisecond

// bigResult is the written size from which a result makes a poor case:
// nobody reads a kilobyte of expected output to decide whether to trust it.
const bigResult = 1 << 10

// simpler reports whether record a represents a behaviour better than b:
// it is a probe of Options.Prior where b is not (a behaviour an existing
// spec states keeps the input it is stated with), or b is a probe of
// Options.Known where a is not, or it ran quickly
// where b did not, or its results are short where b's are not, or more
// of its arguments were recorded after the call (a writer that kept what
// it was given, a callback that was called), or its inputs are written
// shorter.
func simpler(a, b *Record) bool {
	if a.Prior != b.Prior {
		return a.Prior
	}
	if a.Known != b.Known {
		return b.Known
	}
	if sa, sb := a.Result.CPU >= slowProbe, b.Result.CPU >= slowProbe; sa != sb {
		return sb
	}
	if ba, bb := ResultSize(a.Result) >= bigResult, ResultSize(b.Result) >= bigResult; ba != bb {
		return bb
	}
	if la, lb := len(a.Result.ArgsAfter), len(b.Result.ArgsAfter); la != lb {
		return la > lb
	}
	return probeSize(a.Probe) < probeSize(b.Probe)
}

// ResultSize is how long a result's outputs and error message are
// written, counting what the worker cut of them at their full length.
func ResultSize(r executors.Result) int {
	n := r.Cut
	for _, o := range r.Outputs {
		n += len(o.String())
	}
	if r.Err != nil {
		n += len(r.Err.Message)
	}
	if r.Panic != nil {
		n += len(r.Panic.Message)
	}
	return n
}

// probeSize measures how big a probe's inputs are written, to choose the
// simplest representative of a behaviour.
func probeSize(p executors.Probe) int {
	n := len(p.Setup) + len(p.Recv)
	for _, a := range p.Args {
		n += len(a)
	}
	return n
}

// LineRange is a range of source lines with their text.
type LineRange struct {
	Start, End int
	Text       string
	// Func is "" for lines of the function itself, else the callee of
	// its reach (target.Span.Func) the lines are in; File is then the
	// callee's file.
	Func string
	File string
}

// Uncovered returns the line ranges of the function's reach whose blocks
// no probe ran, merged: the function's own first, in source order, then
// its callees' in the order of the reach.
func (x *Exploration) Uncovered() []LineRange {
	var out []LineRange
	last := -1 // span of out's last range
	for _, bi := range x.ReachBlocks {
		if x.covered[bi] {
			continue
		}
		b, k := x.Blocks[bi], x.reachSpan[bi]
		if n := len(out); n > 0 && k == last && b.StartLine <= out[n-1].End+1 {
			out[n-1].End = max(out[n-1].End, b.EndLine)
			continue
		}
		lr := LineRange{Start: b.StartLine, End: b.EndLine}
		if k > 0 {
			lr.Func, lr.File = x.spans[k].Func, x.spans[k].File
		}
		out = append(out, lr)
		last = k
	}
	for i := range out {
		file := out[i].File
		if file == "" {
			file = x.Func.File
		}
		lines := x.fileLines(file)
		lo, hi := out[i].Start-1, out[i].End
		if lo >= 0 && hi <= len(lines) && lo < hi {
			out[i].Text = strings.Join(lines[lo:hi], "\n")
		}
	}
	return out
}

// fileLines returns the lines of file, a file of the reach (nil when
// it could not be read).
func (x *Exploration) fileLines(file string) []string { return x.lines[file] }

// Calibration of the probe timeout: once calibrateAfter probes have
// ended, by finishing or by timing out, a round's probes are bounded by
// calibrateFactor times the slowest that finished, never under a
// calibrateFloor'th of the timeout given nor over it.
const (
	calibrateAfter  = 20
	calibrateFactor = 10
	calibrateFloor  = 10
)

// probeTimeout is the bound on the next round's probes, limit (0: the
// executors' default of 5s) calibrated on the probes that finished, as
// a fuzzer calibrates its hang timeout on its first runs. A call that
// waits out a long backoff or retries forever costs the whole limit
// each time it is tried with another argument (go-retry's DoValue: 19
// of its probes, a second each, most of its exploration), while every
// probe that returned took microseconds. Probes that timed out count
// toward calibrating, not toward the slowest: a loop that runs until
// it is stopped (a scheduler's Run) times out on nearly every probe,
// and those that would have ended later than the timeout given never
// end in a tenth of it either, while a probe made quick (see quicken)
// ends in microseconds.
func (x *Exploration) probeTimeout(limit time.Duration) time.Duration {
	if limit <= 0 {
		limit = 5 * time.Second
	}
	var slowest time.Duration
	n := 0
	for _, r := range x.Records {
		switch r.Result.Outcome {
		case executors.OK, executors.Panicked:
			slowest = max(slowest, r.Result.Duration)
			n++
		case executors.Timeout:
			n++
		}
	}
	if n < calibrateAfter {
		return limit
	}
	return min(limit, max(limit/calibrateFloor, calibrateFactor*slowest))
}

// Program is a program of f's probes built as an exploration builds
// them: instrumented for coverage, their comparisons recorded when
// cmps, opaque results and changed receivers observed. A run built
// alike (gen's variations of explored inputs, its confirm) is served
// by the exploration's build when its probes are shaped as explored
// ones.
func Program(f *target.Func, probes []executors.Probe, cmps bool, timeout time.Duration) *executors.Program {
	return &executors.Program{Func: f, Probes: probes, Cover: true, Cmps: cmps, Timeout: timeout, ObserveOpaque: true, ObserveReceiver: true}
}
