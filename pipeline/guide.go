package pipeline

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"

	"go.opentelemetry.io/otel/attribute"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/internal/tracing"
	"github.com/specgen-dev/specgen/mutate"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// DefaultMutationBudget bounds the time the mutation step of one
// function spends running mutants, unless Options.MutationBudget says
// otherwise. It is a safety net, not a working bound: a mutant it
// leaves out is Skipped, and what the cases kill then depends on the
// machine's speed.
const DefaultMutationBudget = 3 * time.Minute

// Bounds of the mutation step: the explored probes run against the
// mutants (the chosen ones and then the smallest others), and the
// variations of inputs tried for the mutants none of them kills.
const (
	maxMutationPool = 80
	maxMadePool     = 16 // of them, inputs the package made (see madeByPackage)
	maxVariations   = 64
	// variedPerMutant is how many probes covering a surviving mutant
	// have their inputs varied.
	variedPerMutant = 16
)

// Mutation is what the mutation step found of a function's generated
// cases: gremlins-style mutants of the function, as package mutate
// makes them, and which the cases kill.
type Mutation struct {
	// Killed, Lived and TimedOut count the mutants some probe runs:
	// killed by a case, killed by none, timed out by a case and killed by
	// none. NotViable counts the mutants that do not compile, NotCovered
	// those no probe runs, Skipped those not run (the budget was spent).
	Killed, Lived, TimedOut, NotViable, NotCovered, Skipped int
	// Survivors are the mutants that lived, in source order.
	Survivors []Survivor
	// Added counts the cases added because they kill a mutant the
	// chosen cases did not; Dropped the cases minimisation dropped
	// because they showed nothing the others do not.
	Added, Dropped int
	Elapsed        time.Duration
	// verdicts are the mutants by position and change (survivorName),
	// for merging the steps of a generic function's instantiations.
	verdicts map[string]verdict
}

// verdict is what became of one mutant, weakest first: merged, the
// strongest of a function's instantiations counts.
type verdict int

const (
	vNotViable verdict = iota
	vNotCovered
	vSkipped
	vLived
	vTimedOut
	vKilled
)

// merge is the mutation step of a function whose instantiations had
// steps m and o: a mutant counts as killed when the cases of either
// kill it, and lives when it lives through both.
func (m *Mutation) merge(o *Mutation) *Mutation {
	if m == nil {
		return o
	}
	out := &Mutation{Added: m.Added + o.Added, Dropped: m.Dropped + o.Dropped, Elapsed: m.Elapsed + o.Elapsed, verdicts: map[string]verdict{}}
	for _, vs := range []map[string]verdict{m.verdicts, o.verdicts} {
		for k, v := range vs {
			if w, ok := out.verdicts[k]; !ok || v > w {
				out.verdicts[k] = v
			}
		}
	}
	for _, v := range out.verdicts {
		switch v {
		case vNotViable:
			out.NotViable++
		case vNotCovered:
			out.NotCovered++
		case vSkipped:
			out.Skipped++
		case vLived:
			out.Lived++
		case vTimedOut:
			out.TimedOut++
		case vKilled:
			out.Killed++
		}
	}
	// The mutants that lived through both steps (or through one, the
	// other not running them), in source order, equivalent when no
	// step's probes told them from the original.
	index := map[string]int{}
	for _, s := range slices.Concat(m.Survivors, o.Survivors) {
		name := survivorName(s)
		if out.verdicts[name] != vLived {
			continue
		}
		if i, ok := index[name]; ok {
			out.Survivors[i].Equivalent = out.Survivors[i].Equivalent && s.Equivalent
			continue
		}
		index[name] = len(out.Survivors)
		out.Survivors = append(out.Survivors, s)
	}
	sort.SliceStable(out.Survivors, func(i, j int) bool {
		a, b := out.Survivors[i].Pos, out.Survivors[j].Pos
		return a.Filename < b.Filename || a.Filename == b.Filename && (a.Line < b.Line || a.Line == b.Line && a.Column < b.Column)
	})
	return out
}

// survivorName keys a mutant by its place and change.
func survivorName(s Survivor) string {
	return fmt.Sprintf("%s:%d:%d %s", s.Pos.Filename, s.Pos.Line, s.Pos.Column, s.Change)
}

// Survivor is a mutant no case kills.
type Survivor struct {
	Pos    token.Position
	Change string
	// Equivalent reports that no probe explored or varied tells the
	// mutant from the original: it likely behaves the same.
	Equivalent bool
}

// Score is the mutation score in percent, killed / (killed + lived), as
// specgen mutate computes it; ok is false when no mutant was killed or
// lived.
func (m *Mutation) Score() (score float64, ok bool) {
	if m == nil || m.Killed+m.Lived == 0 {
		return 0, false
	}
	return 100 * float64(m.Killed) / float64(m.Killed+m.Lived), true
}

// String describes a survivor as file:line:col: change.
func (s Survivor) String() string {
	out := fmt.Sprintf("%s:%d:%d: %s", filepath.Base(s.Pos.Filename), s.Pos.Line, s.Pos.Column, s.Change)
	if s.Equivalent {
		out += " (likely equivalent)"
	}
	return out
}

// candidate is a probe the mutation step may write a case from.
type candidate struct {
	probe  executors.Probe
	result executors.Result // native, with coverage
	blocks []string         // the blocks it runs, by position
	kills  map[int]bool     // indices of the mutants it kills (results differ or a timeout)
	prior  bool
	rec    *explore.Record // nil for a variation
	// reached reports a probe that got to its call (see newCandidate).
	reached bool
}

// newCandidate is the candidate case of probe p with its native
// result r. A probe that stopped before its call (a receiver or an
// argument whose building panicked) cannot be written as a case: it
// shows nothing, though building may have run the function's blocks or
// mutated code (InsertAfter(v, nil) while filling a list, which calls
// Front), so that minimisation keeps the cases that do show them.
func newCandidate(fn *target.Func, p executors.Probe, r executors.Result, blocks []string, kills map[int]bool) *candidate {
	if !write.Reached(fn, r) {
		return &candidate{probe: p, result: r}
	}
	return &candidate{probe: p, result: r, blocks: blocks, kills: kills, reached: true}
}

// guide is the mutation step: it runs the mutants of f against the
// chosen probes (recs) and the other explored probes, adds, for each
// mutant the chosen ones do not kill, a probe that does (explored, or a
// variation of the inputs of a probe that runs the mutated code), and
// then keeps the smallest set of them that runs every block, shows
// every outcome kind and kills every mutant they kill together. It
// returns the probes to write cases from with their native results,
// or ok false when the step could not run (the reason is in the notes).
func (g *generator) guide(ctx context.Context, x *explore.Exploration, nat *executors.Native, recs []*explore.Record, res *FuncResult) (probes []executors.Probe, results []executors.Result, ok bool) {
	start := time.Now()
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "mutation guide", tracing.Function.String(x.Func.Name), tracing.Cases.Int(len(recs)))
	defer func() {
		if m := res.Mutation; ok && m != nil {
			span.SetAttributes(
				attribute.Int("specgen.cases.added", m.Added),
				attribute.Int("specgen.cases.dropped", m.Dropped),
				tracing.Killed.Int(m.Killed),
				tracing.Lived.Int(m.Lived),
				tracing.TimedOut.Int(m.TimedOut),
			)
		}
		span.End()
	}()
	var ex *executors.Native
	var schema *mutate.AheadSchema
	if a := res.ahead; a != nil && a.fn == x.Func {
		schema, ex = a.take()
	} else {
		ex = g.matrixEngines.get(nat)
	}
	defer g.matrixEngines.put(ex)
	fn := x.Func
	// A chosen probe that cannot be written as a case costs every run of
	// the matrix and shows nothing a case could state: one that timed out
	// in a native exploration (it would again, at the full time per
	// probe, in each mutant's run) or whose values are too long to write.
	recs = slices.DeleteFunc(slices.Clone(recs), func(r *explore.Record) bool {
		return write.Oversized(r.Result) || r.Result.Outcome == executors.Timeout && x.Engine == nat.Name()
	})
	pool := mutationPool(x, recs)
	budget := g.opts.MutationBudget
	if budget <= 0 {
		// The exploration's time bound, when longer, bounds this step
		// too: a run whose budgets are probe counts (CI's, with a long
		// -max-time) must not have its mutants cut by the clock.
		budget = max(DefaultMutationBudget, g.opts.Explore.MaxTime)
	}
	mopts := g.matrixOptions(ex)
	mopts.Budget, mopts.Schema = budget, schema
	g.stepf(res, PhaseMutation, "running mutants against %d probes", len(pool))
	var ps []executors.Probe
	// A native exploration's coverage saves a build.
	cover := &executors.Report{Blocks: x.Blocks}
	for _, r := range pool {
		ps = append(ps, r.Probe)
		base := r.Result
		base.Covered = r.Covered // into x.Blocks, not its round's
		cover.Results = append(cover.Results, base)
	}
	if x.Engine == nat.Name() {
		// Its results too: a function with no mutant to run needs no
		// build at all.
		mopts.Coverage, mopts.CoverageResults = cover, true
	}
	k, err := g.matrix(ctx, fn, ps, mopts)
	if err != nil {
		if ctx.Err() == nil {
			res.Notes = append(res.Notes, "mutation step skipped: "+err.Error())
			tracing.Fail(span, err)
		}
		return nil, nil, false
	}
	var cands []*candidate
	for i, r := range pool {
		c := newCandidate(fn, ps[i], k.Base[i], blockKeys(k.Blocks, k.Base[i].Covered), killSet(k, i, nil))
		c.prior, c.rec = r.Prior, r
		cands = append(cands, c)
	}

	// The chosen probes, then the explored probe that kills the most
	// mutants they leave (the smallest on a tie), until none kills one.
	chosen := map[int]bool{}
	for i := range recs {
		chosen[i] = true
	}
	killed := func() map[int]bool {
		out := map[int]bool{}
		for i := range chosen {
			for m := range cands[i].kills {
				out[m] = true
			}
		}
		return out
	}
	added := addKillers(cands, chosen, killed())

	// Mutants no explored probe kills: vary the inputs of the probes that
	// run the mutated code.
	left := map[string]int{} // mutant key → index in k.Mutants
	for i, m := range k.Mutants {
		if m.Status == mutate.Lived {
			left[mutantKey(m.Mutant)] = i
		}
	}
	if len(left) > 0 && ctx.Err() == nil {
		var covering [][]int
		for _, i := range sortedValues(left) {
			covering = append(covering, k.Mutants[i].Covering)
		}
		var seeds []executors.Probe
		for _, c := range inTurn(covering, variedPerMutant) {
			seeds = append(seeds, ps[c])
		}
		vars := variations(seeds, pool, maxVariations)
		if len(vars) > 0 {
			g.stepf(res, PhaseMutation, "%d mutants survive every explored probe; trying %d variations of their inputs", len(left), len(vars))
			vopts := mopts
			vopts.Budget = max(budget-time.Since(start), time.Second)
			// Variations of probes that run the mutants run them too:
			// no build with coverage.
			vopts.Coverage, vopts.AssumeCovered = nil, true
			vopts.Only = func(m mutate.Mutant) bool { _, ok := left[mutantKey(m)]; return ok }
			// Variations of literal arguments are the explored probes'
			// code: the build of the first run serves.
			vopts.Like = k
			if k2, err := g.matrix(ctx, fn, vars, vopts); err == nil {
				index := map[int]int{}
				for j, m := range k2.Mutants {
					if i, ok := left[mutantKey(m.Mutant)]; ok {
						index[j] = i
					}
				}
				for i := range vars {
					cands = append(cands, newCandidate(fn, vars[i], k2.Base[i], blockKeys(k2.Blocks, k2.Base[i].Covered), killSet(k2, i, index)))
				}
				added += addKillers(cands, chosen, killed())
				added -= g.coverVariations(ctx, nat, x, cands, chosen, res)
			} else if ctx.Err() == nil {
				res.Notes = append(res.Notes, "variations of inputs not tried: "+err.Error())
			}
		}
	}
	if ctx.Err() != nil {
		return nil, nil, false
	}

	// Minimise what was chosen and added.
	var idx []int
	for i := range cands {
		if chosen[i] {
			idx = append(idx, i)
		}
	}
	var chosenResults []executors.Result
	for _, i := range idx {
		chosenResults = append(chosenResults, cands[i].result)
	}
	kinds := write.OutcomeKinds(chosenResults)
	var mc []write.Candidate
	for n, i := range idx {
		c := cands[i]
		var kills []string
		for m := range c.kills {
			// By the mutant's place and change, which instantiations
			// of a generic function share.
			kills = append(kills, mutantKey(k.Mutants[m].Mutant))
		}
		sort.Strings(kills)
		kind := kinds[n]
		if !c.reached {
			kind = ""
		}
		mc = append(mc, write.Candidate{Blocks: c.blocks, Kind: kind, Kills: kills, Size: write.InputSize(c.result), Prior: c.prior})
	}
	_, mspan := tracing.Start(ctx, g.opts.Tracer, "minimise", tracing.Function.String(fn.Name), tracing.Cases.Int(len(mc)))
	// What the earlier instantiations' cases show is shown already.
	prior := len(res.shown)
	keep := write.Minimise(append(slices.Clone(res.shown), mc...))
	mspan.SetAttributes(attribute.Int("specgen.cases.kept", len(keep)-prior))
	mspan.End()
	final := map[int]bool{}
	for _, j := range keep {
		if j >= prior {
			final[idx[j-prior]] = true
			shown := mc[j-prior]
			shown.Keep, shown.Prior = true, false
			res.shown = append(res.shown, shown)
		}
	}
	mut := &Mutation{Added: added}
	for i := range recs {
		if !final[i] {
			mut.Dropped++
		}
	}
	for i := range cands {
		if final[i] {
			probes = append(probes, cands[i].probe)
			results = append(results, cands[i].result)
		}
	}
	g.disagreements(x, cands, final, res)

	// What the cases kept kill.
	killedBy := map[int]bool{}
	anyKill := map[int]bool{}
	for i, c := range cands {
		for m := range c.kills {
			anyKill[m] = true
			if final[i] {
				killedBy[m] = true
			}
		}
	}
	mut.verdicts = map[string]verdict{}
	for i, m := range k.Mutants {
		s := Survivor{Pos: m.Pos, Change: m.Change(), Equivalent: !anyKill[i]}
		var v verdict
		switch m.Status {
		case mutate.NotViable:
			v = vNotViable
			mut.NotViable++
		case mutate.NotCovered:
			v = vNotCovered
			mut.NotCovered++
		case mutate.Skipped:
			v = vSkipped
			mut.Skipped++
		default:
			switch {
			case killedBy[i] && timedOutOnly(k, i, final, cands):
				v = vTimedOut
				mut.TimedOut++
			case killedBy[i]:
				v = vKilled
				mut.Killed++
			default:
				v = vLived
				mut.Lived++
				mut.Survivors = append(mut.Survivors, s)
			}
		}
		mut.verdicts[survivorName(s)] = v
	}
	mut.Elapsed = time.Since(start)
	// A generic function's instantiations each have their step.
	res.Mutation = res.Mutation.merge(mut)
	score := "no mutant ran"
	if s, ok := mut.Score(); ok {
		score = fmt.Sprintf("%d/%d mutants killed (%.0f%%)", mut.Killed, mut.Killed+mut.Lived, s)
	}
	g.stepf(res, PhaseMutation, "mutation: %s; %d cases added, %d dropped; took %s", score, mut.Added, mut.Dropped, mut.Elapsed.Round(10*time.Millisecond))
	return probes, results, true
}

// mutationPool is the probes the mutation step runs: the chosen ones
// (recs) first, then the other explored probes that ran and returned or
// failed with values short enough to write as a case, the smallest
// first, one per input, at most maxMutationPool.
// Nothing here depends on how long a probe took: the cases chosen must
// not depend on how loaded the machine is.
func mutationPool(x *explore.Exploration, recs []*explore.Record) []*explore.Record {
	seen := map[string]bool{}
	var out []*explore.Record
	for _, r := range recs {
		seen[probeKey(r.Probe)] = true
		out = append(out, r)
	}
	var rest []*explore.Record
	for _, r := range x.Records {
		if !r.Ran() || r.Known || seen[probeKey(r.Probe)] {
			continue
		}
		switch r.Result.Outcome {
		case executors.OK, executors.Panicked:
		default:
			continue
		}
		if write.Oversized(r.Result) {
			continue
		}
		seen[probeKey(r.Probe)] = true
		rest = append(rest, r)
	}
	sort.SliceStable(rest, func(i, j int) bool { return write.InputSize(rest[i].Result) < write.InputSize(rest[j].Result) })
	// Inputs the package made (Comma(1234567) for a parser of sizes)
	// first: they are the realistic ones, whatever their length. Then
	// the smallest of each shape, then the others: eighty strings of
	// one or two characters ("1a", "b2") would leave out the one input
	// with two thousands separators that tells a replacement of the
	// first comma from one of all of them.
	made := 0
	var others []*explore.Record
	for _, r := range rest {
		if made < maxMadePool && madeByPackage(r.Probe) {
			made++
			out = append(out, r)
		} else {
			others = append(others, r)
		}
	}
	shapes := map[string]bool{}
	var again []*explore.Record
	for _, r := range others {
		if sh := inputShape(r.Result); !shapes[sh] {
			shapes[sh] = true
			out = append(out, r)
		} else {
			again = append(again, r)
		}
	}
	out = append(out, again...)
	return out[:min(len(out), max(len(recs), maxMutationPool))]
}

// inTurn is the first n of each list taken in turn, the first of each
// first: the probes covering each surviving mutant, whose variations
// are bounded. The probes that run one mutant's line (a loop every
// input runs) must not use the bound before another's (a branch few
// inputs take) has one.
func inTurn(lists [][]int, n int) []int {
	var out []int
	for j := 0; j < n; j++ {
		for _, l := range lists {
			if j < len(l) {
				out = append(out, l[j])
			}
		}
	}
	return out
}

// madeByPackage reports whether an argument of p is a call of a
// function or method (a value the package made: Comma(1234567),
// NewPoint(1, 2)), not a literal or a conversion of one.
func madeByPackage(p executors.Probe) bool {
	for _, a := range p.Args {
		e, err := parser.ParseExpr(a)
		if err != nil {
			continue
		}
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			continue
		}
		if id, ok := c.Fun.(*ast.Ident); ok && types.Universe.Lookup(id.Name) != nil {
			continue // int8(5), string(b), append(…)
		}
		switch c.Fun.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr:
			return true
		}
	}
	return false
}

// inputShape is the inputs of r as their text with each run of digits
// written 9 and each run of letters a: "1,234,567" and "2,000,000" are
// 9,9,9, "1,2" is 9,9.
func inputShape(r executors.Result) string {
	var b strings.Builder
	for _, in := range r.Inputs {
		b.WriteString(in.Name)
		b.WriteByte('=')
		last := rune(0)
		for _, c := range in.Value.String() {
			switch {
			case unicode.IsDigit(c):
				c = '9'
			case unicode.IsLetter(c):
				c = 'a'
			}
			if c != last || c != '9' && c != 'a' {
				b.WriteRune(c)
			}
			last = c
		}
		b.WriteByte(';')
	}
	return b.String()
}

// addKillers adds to chosen, greedily, the candidate that kills the
// most mutants killed does not hold (on a tie the smaller input, then
// the first), until none kills one; it returns how many it added.
func addKillers(cands []*candidate, chosen, killed map[int]bool) int {
	added := 0
	for {
		best, bestN := -1, 0
		for i, c := range cands {
			if chosen[i] {
				continue
			}
			n := 0
			for m := range c.kills {
				if !killed[m] {
					n++
				}
			}
			if n > bestN || n == bestN && n > 0 && write.InputSize(c.result) < write.InputSize(cands[best].result) {
				best, bestN = i, n
			}
		}
		if best < 0 {
			return added
		}
		chosen[best] = true
		added++
		for m := range cands[best].kills {
			killed[m] = true
		}
	}
}

// killSet is the mutants probe i of k kills, by index in k.Mutants, or
// through index (k's index → the first matrix's) when it is not nil. A
// timeout kills only a mutant no probe's result tells apart: one that
// a probe's result does is not left to a timeout, which a loaded
// machine can cause.
func killSet(k *mutate.KillMatrix, i int, index map[int]int) map[int]bool {
	out := map[int]bool{}
	for j := range k.Mutants {
		killers := k.Mutants[j].Kills
		if len(killers) == 0 {
			killers = k.Mutants[j].Timeouts
		}
		for _, p := range killers {
			if p != i {
				continue
			}
			if index == nil {
				out[j] = true
			} else if m, ok := index[j]; ok {
				out[m] = true
			}
		}
	}
	return out
}

// timedOutOnly reports a mutant that the kept cases only time out.
func timedOutOnly(k *mutate.KillMatrix, m int, final map[int]bool, cands []*candidate) bool {
	for _, p := range k.Mutants[m].Kills {
		if p < len(cands) && final[p] {
			return false
		}
	}
	// A variation that kills it is not in k: count it as killed.
	for i := len(k.Probes); i < len(cands); i++ {
		if final[i] && cands[i].kills[m] {
			return false
		}
	}
	return true
}

// disagreements notes where the exploring engine saw something else
// than native for the probes kept (native wins).
func (g *generator) disagreements(x *explore.Exploration, cands []*candidate, final map[int]bool, res *FuncResult) {
	if x.Engine == g.native.Name() {
		return
	}
	for i, c := range cands {
		if !final[i] || c.rec == nil {
			continue
		}
		if d := executors.Disagreement(c.rec.Result, c.result); d != "" && !bothPanicked(c.rec.Result, c.result) {
			res.Disagreements = append(res.Disagreements, fmt.Sprintf("probe %s: %s", c.probe.ID, d))
		}
	}
}

// blockKeys names blocks by their position, so that the coverage of two
// builds compares.
func blockKeys(blocks []executors.Block, covered []int) []string {
	var out []string
	for _, b := range covered {
		if b < len(blocks) {
			bl := blocks[b]
			out = append(out, fmt.Sprintf("%s:%d.%d,%d.%d", bl.File, bl.StartLine, bl.StartCol, bl.EndLine, bl.EndCol))
		}
	}
	return out
}

// coverVariations measures what the chosen variations run of the
// original code: they ran against the mutants without coverage, and
// minimisation weighs a case by the blocks it runs, so a variation with
// none would keep a case that runs the same blocks beside it. One build
// with coverage, and only when a variation was chosen. A variation whose
// coverage cannot be measured is dropped from the chosen; it returns how
// many were.
func (g *generator) coverVariations(ctx context.Context, nat *executors.Native, x *explore.Exploration, cands []*candidate, chosen map[int]bool, res *FuncResult) int {
	var idx []int
	var ps []executors.Probe
	for i, c := range cands {
		if chosen[i] && c.rec == nil {
			idx = append(idx, i)
			ps = append(ps, c.probe)
		}
	}
	if len(ps) == 0 {
		return 0
	}
	timeout := g.opts.Explore.Timeout
	if timeout <= 0 {
		timeout = DefaultExploreTimeout
	}
	// Run as the exploration ran (comparisons recorded too, on its
	// engine): variations of its probes' literal arguments are its
	// build's functions, so that build serves.
	rep, err := executors.RunTraced(ctx, g.opts.Tracer, nat, explore.Program(x.Func, ps, x.Cmps && x.Engine == nat.Name(), timeout))
	if err == nil && len(rep.Results) != len(ps) {
		err = fmt.Errorf("%d results for %d probes", len(rep.Results), len(ps))
	}
	if err != nil {
		if ctx.Err() == nil {
			res.Notes = append(res.Notes, "coverage of the added variations not measured: "+err.Error())
		}
		for _, i := range idx {
			delete(chosen, i)
		}
		return len(idx)
	}
	// Covered indexes the exploration's blocks, as the other cases' do.
	at := map[string]int{}
	for i, k := range blockKeys(x.Blocks, allBlocks(len(x.Blocks))) {
		at[k] = i
	}
	for j, i := range idx {
		c := cands[i]
		c.blocks = blockKeys(rep.Blocks, rep.Results[j].Covered)
		var covered []int
		for _, k := range c.blocks {
			if b, ok := at[k]; ok {
				covered = append(covered, b)
			}
		}
		c.result.Covered = covered
	}
	return 0
}

// allBlocks is the indices of n blocks.
func allBlocks(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// mutantKey names a mutant across matrices.
func mutantKey(m mutate.Mutant) string {
	return fmt.Sprintf("%d %s %s", m.Pos.Offset, m.Kind, m.Replacement)
}

// probeKey names a probe by its code.
func probeKey(p executors.Probe) string {
	return p.Setup + "\x00" + p.Recv + "\x00" + strings.Join(p.Args, "\x00")
}

// sortedValues are the values of m in ascending order.
func sortedValues(m map[string]int) []int {
	out := make([]int, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}

// enginePool keeps the native engines of the mutation step, one per
// function at a time (mutate.Matrix changes an engine's WorkerEnv as it
// runs): an engine reused keeps what it prepared.
type enginePool struct {
	mu   sync.Mutex
	free []*executors.Native
}

// get is a free engine, or a new one with nat's settings and one
// worker.
func (p *enginePool) get(nat *executors.Native) *executors.Native {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		ex := p.free[n-1]
		p.free = p.free[:n-1]
		return ex
	}
	return &executors.Native{GoCmd: nat.GoCmd, CacheDir: nat.CacheDir, Env: nat.Env, WorkerEnv: nat.WorkerEnv, Logf: nat.Logf, Workers: 1, NoSandbox: nat.NoSandbox, Exe: nat.Exe}
}

func (p *enginePool) put(ex *executors.Native) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, ex)
}

// matrix runs mutate.Matrix in a "mutate" span holding the mutants, and
// how many the probes killed, let live or killed by timing out only.
func (g *generator) matrix(ctx context.Context, fn *target.Func, probes []executors.Probe, opts mutate.MatrixOptions) (*mutate.KillMatrix, error) {
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "mutate", tracing.Function.String(fn.Name), tracing.Probes.Int(len(probes)))
	k, err := mutate.Matrix(ctx, fn, probes, opts)
	if k != nil {
		var killed, lived, timedOut, notViable, notCovered, skipped int
		for _, m := range k.Mutants {
			switch m.Status {
			case mutate.Killed:
				killed++
			case mutate.Lived:
				lived++
			case mutate.TimedOut:
				timedOut++
			case mutate.NotViable:
				notViable++
			case mutate.NotCovered:
				notCovered++
			case mutate.Skipped:
				skipped++
			}
		}
		span.SetAttributes(
			tracing.Mutants.Int(len(k.Mutants)),
			tracing.Killed.Int(killed),
			tracing.Lived.Int(lived),
			tracing.TimedOut.Int(timedOut),
			attribute.Int("specgen.mutants.not_viable", notViable),
			attribute.Int("specgen.mutants.not_covered", notCovered),
			attribute.Int("specgen.mutants.skipped", skipped),
		)
	}
	tracing.End(span, err)
	return k, err
}

// aheadBuild is the mutant schema of a function being explored, built
// ahead on the engine its mutation step will run on, while the
// exploration's later rounds run: the step then finds the build in the
// cache instead of waiting for its own (mutate.AheadSchema).
type aheadBuild struct {
	fn     *target.Func
	ex     *executors.Native
	done   chan struct{}
	schema *mutate.AheadSchema // nil when it could not be made
	taken  bool
}

// buildAhead starts building f's mutant schema ahead with the code of
// probes, on an engine of g.matrixEngines; the step takes it (take), or
// release gives the engine back once the build is over.
func (g *generator) buildAhead(ctx context.Context, f *target.Func, nat *executors.Native, probes []executors.Probe) *aheadBuild {
	a := &aheadBuild{fn: f, ex: g.matrixEngines.get(nat), done: make(chan struct{})}
	opts := g.matrixOptions(a.ex)
	go func() {
		defer close(a.done)
		s, err := mutate.PrepareSchema(f)
		if err == nil {
			err = s.BuildAhead(ctx, a.ex, probes, opts)
		}
		if err != nil {
			g.logf("mutate: %s: no schema built ahead: %v", f.Name, err)
			return
		}
		a.schema = s
		g.logf("mutate: %s: schema built ahead", f.Name)
	}()
	return a
}

// take waits for the build and returns the schema (nil when there is
// none) and the engine it was built on, which the caller now owns.
func (a *aheadBuild) take() (*mutate.AheadSchema, *executors.Native) {
	<-a.done
	a.taken = true
	return a.schema, a.ex
}

// release gives the engine back to g.matrixEngines once the build is
// over, unless the mutation step took it.
func (g *generator) releaseAhead(a *aheadBuild) {
	if a == nil {
		return
	}
	go func() {
		<-a.done
		if !a.taken {
			g.matrixEngines.put(a.ex)
		}
	}()
}

// matrixOptions are the options of the mutation step's matrices on ex,
// but for their budget.
func (g *generator) matrixOptions(ex *executors.Native) mutate.MatrixOptions {
	timeout := g.opts.Explore.Timeout
	if timeout <= 0 {
		timeout = DefaultExploreTimeout
	}
	return mutate.MatrixOptions{Native: ex, Timeout: timeout, ObserveOpaque: true, ObserveReceiver: true, Logf: g.opts.Logf}
}
