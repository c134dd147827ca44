package explore

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// BuiltinOptions configure the built-in explorer. The zero value is
// ready to use.
type BuiltinOptions struct {
	// Seed seeds the search's random choices (0: a fixed default), so
	// that the same function explored twice gives the same probes.
	Seed uint64
	// FirstRound is the number of probes of the first round (default 200).
	FirstRound int
	// Round is the number of probes of each later round (default 100).
	Round int
	// NoCmps turns comparison feedback off: the probes do not record
	// the comparisons they make, and no inputs are made from them.
	NoCmps bool
}

// defaultSeed is the seed used when BuiltinOptions.Seed is 0.
const defaultSeed = 0x5eed5bec

// Builtin is the built-in explorer: a coverage-guided search that needs
// no model. Its first round tries type-directed boundary values and the
// values mined from the function's source (literals, the operands of
// comparisons and switch cases with their neighbours, separators,
// prefixes and suffixes the code looks for, unit tables, examples quoted
// in comments) and combinations of them, with the package's own values
// (samples of every regular expression of the package, its string
// constants and variables, and the text its String methods and
// formatters make when run; see harvested); later rounds keep trying those
// while sweeping each input through its candidates on top of the
// inputs that got deepest into the function, and mutating the inputs
// that reached new blocks or new outcomes (splicing, inserting mined
// tokens, flipping signs, scaling, growing and shrinking collections,
// changing one field, and changing a structured string by its units:
// a group of digits one longer, a separator dropped; see structural),
// and putting into them what the code compared them with (comparison
// feedback, see cmp.go: the probes report the operands of the
// package's comparisons). Huge counts are tried late and few at a
// time, and magnitudes that made a probe hang or die are not tried
// again.
// Everything is deterministic for a given seed. Run stops it by
// patience or budget; it returns an empty plan when it runs out of new
// inputs.
//
// A Builtin is safe for concurrent use.
type Builtin struct {
	opts BuiltinOptions

	mu    sync.Mutex
	cache map[*target.Func]*analysis
	// noOwn leaves out the package's own values and the structure-aware
	// string mutations: the tests measure what they add.
	noOwn bool
}

// NewBuiltin returns the built-in explorer.
func NewBuiltin(opts BuiltinOptions) *Builtin {
	if opts.Seed == 0 {
		opts.Seed = defaultSeed
	}
	if opts.FirstRound <= 0 {
		opts.FirstRound = 200
	}
	if opts.Round <= 0 {
		opts.Round = 100
	}
	return &Builtin{opts: opts, cache: map[*target.Func]*analysis{}}
}

// Searching reports that the built-in explorer searches in small rounds.
func (b *Builtin) Searching() bool { return true }

// UsesCmps reports whether the explorer makes inputs from the
// comparisons probes make (unless BuiltinOptions.NoCmps).
func (b *Builtin) UsesCmps() bool { return !b.opts.NoCmps }

// analysis is what the built-in explorer knows of a function before
// running it: the types of its inputs, its mined values and its seeds.
type analysis struct {
	// mu serialises the rounds of explorations of the same function: the
	// value generator caches as it goes.
	mu    sync.Mutex
	f     *target.Func
	types []types.Type // receiver first (methods), then parameters, then knobs
	names []string     // the names results report the inputs under
	// nIn is the number of the call's inputs (receiver and parameters):
	// the positions after them are knobs, package-level variables the
	// probe sets (see knobs).
	nIn         int
	knobs       []knob
	self        *types.Package
	names2paths map[string]string // package names visible to snippets
	gen         *valueGen
	cands       [][]spec.Value // candidates per input position
	seeds       []seed
	// proposed are the inputs of the snippets proposed, by normalised code.
	proposed map[string][]spec.Value
	// panics are the values a panic in progress carries while a
	// function that recovers is called deferred (see recovers): each
	// call is also proposed so, once with each.
	panics []string
	// decls are the declarations the code of a call needs (the types of
	// fakes), by the code, as code wrote it.
	decls sync.Map
	// risky are the seeds with a huge integer input (a count, a size):
	// tried a few per round after the first, smallest first, so that
	// the first that hangs or exhausts memory stops the others (hazards).
	risky []seed
	// observed are the values the probes reported for inputs harvested
	// from the package as code (see observe), up to result observedUpTo.
	observed     []string
	observedSeen map[string]bool
	observedUpTo int
	// cmpDrawn are the results whose comparisons a round drew on (see
	// cmpEntries).
	cmpDrawn map[int]bool
	// cmpTurns counts, per comparison and input position, the inputs
	// proposed from it (see fromCmps).
	cmpTurns map[cmpTurn]int
	// quick are the quick options of each input position, once asked
	// (see quickOptions).
	quick map[int][]spec.Value
}

// riskyMagnitude is the size from which an integer input (other than a
// time.Duration) may make a probe allocate or loop for too long.
const riskyMagnitude = 1e7

// riskyPerRound bounds the risky seeds of a round: one, so that the
// first that hangs (a timeout costs seconds) stops the larger ones.
const riskyPerRound = 1

// minedInt reports whether v is a number the code itself mentions (or a
// neighbour of one it compares against): never risky.
func (a *analysis) minedInt(v spec.Value) bool {
	for _, i := range a.gen.m.ints {
		if (v.Kind == spec.Int && v.Int == i) || (v.Kind == spec.Uint && i >= 0 && v.Uint == uint64(i)) {
			return true
		}
	}
	return false
}

// riskOf is the largest magnitude among the integer inputs of vals that
// could be counts, or 0 when none reaches riskyMagnitude.
func (a *analysis) riskOf(vals []spec.Value) float64 {
	risk := 0.0
	for i, v := range vals {
		if isDuration(a.types[i]) {
			continue
		}
		if b, ok := a.types[i].Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			continue
		}
		if m := magnitude(v); m >= riskyMagnitude && !a.minedInt(v) {
			risk = max(risk, m)
		}
	}
	return risk
}

type seed struct {
	vals []spec.Value
	code string
	desc string
}

func (b *Builtin) analyze(f *target.Func) (*analysis, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if a, ok := b.cache[f]; ok {
		return a, nil
	}
	a, err := newAnalysis(f, b.opts.Seed, b.noOwn)
	if err != nil {
		return nil, err
	}
	if len(b.cache) >= 16 {
		clear(b.cache)
	}
	b.cache[f] = a
	return a, nil
}

func newAnalysis(f *target.Func, seedValue uint64, noOwn bool) (*analysis, error) {
	if f.Obj == nil {
		return nil, errors.New("function has no type information")
	}
	if f.Generic() {
		return nil, fmt.Errorf("%s is generic: explore its instantiations (see Instantiations)", f.Name)
	}
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	m := mine(f)
	if noOwn {
		m.pkgMatches, m.own = nil, nil
	}
	gen := newValueGen(self, m)
	gen.pkg, gen.under, gen.noOwn = f.Pkg, f.Obj, noOwn
	a := &analysis{f: f, self: self, names2paths: packageNames(f), gen: gen, proposed: map[string][]spec.Value{}}
	if recovers(f) {
		a.panics = panicValues()
	}
	if f.Recv != nil {
		var rt types.Type = f.Recv
		if f.RecvPtr {
			rt = types.NewPointer(f.Recv)
		}
		a.types = append(a.types, rt)
		a.names = append(a.names, "receiver")
	}
	for _, p := range f.Params {
		a.types = append(a.types, p.Type)
		a.names = append(a.names, p.Name)
	}
	a.nIn = len(a.types)
	a.knobs = knobs(f)
	for i, k := range a.knobs {
		if k.hook {
			// nil first, then what the explorer builds of its type
			// (small functions, fakes, the package's values), but the
			// function itself: a hook calling the function that
			// calls it recurses until the stack overflows.
			for _, v := range a.gen.argCands(k.typ, 0) {
				if v.Kind != spec.Code || v.Str != f.Name {
					a.knobs[i].cands = append(a.knobs[i].cands, v)
				}
			}
			a.knobs[i].cands = uniqueValues(a.knobs[i].cands, maxHookValues)
		}
		a.types = append(a.types, k.typ)
		a.names = append(a.names, "global "+k.name)
	}
	var firstErr error
	seen := map[string]bool{}
	for _, t := range a.seedTuples(seedValue) {
		code, err := a.code(t.vals)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if !seen[code] {
			seen[code] = true
			sd := seed{vals: t.vals, code: code, desc: t.desc}
			if a.riskOf(t.vals) > 0 {
				a.risky = append(a.risky, sd)
			} else {
				a.seeds = append(a.seeds, sd)
			}
		}
	}
	sort.SliceStable(a.risky, func(i, j int) bool { return a.riskOf(a.risky[i].vals) < a.riskOf(a.risky[j].vals) })
	if len(a.seeds) == 0 && len(a.risky) == 0 {
		return nil, fmt.Errorf("cannot build inputs for %s: %w", f.Name, firstErr)
	}
	return a, nil
}

type tuple struct {
	vals []spec.Value
	desc string
}

// seedTuples are the first inputs tried, most promising first: the zero
// and a typical input, then each input position swept through its
// candidates with the others typical, interleaved with sweeps with the
// others zero and with random pairs of candidates.
func (a *analysis) seedTuples(seedValue uint64) []tuple {
	n := len(a.types)
	cands := make([][]spec.Value, n)
	a.cands = cands
	typical := make([]spec.Value, n)
	zero := make([]spec.Value, n)
	off := a.nIn - len(a.f.Params) // 1 with a receiver, which comes first
	callerVals, callerCalls := callerArgs(a.f)
	for i, t := range a.types {
		cands[i] = a.gen.values(t)
		if j := i - off; i < a.nIn && j >= 0 && isStringType(t) && target.RouteParam(a.f.Params[j].Name) && a.f.Pkg != nil && target.ImportsHTTP(a.f.Pkg.Types) {
			// A path a router looks up: the paths routes are
			// registered at (see routePaths), then paths that match
			// them.
			var paths []spec.Value
			for _, p := range append(append([]string(nil), routePaths...), requestPaths...) {
				paths = append(paths, spec.StringValue(p))
			}
			cands[i] = uniqueValues(append(paths, cands[i]...), maxCandidates)
		}
		if j := i - off; i < a.nIn && j >= 0 {
			cands[i] = a.gen.jsonFirst(a.f.Params[j].Name, t, cands[i])
		}
		if j := i - off; i < a.nIn && j >= 0 && isStringType(t) && fileParam(a.f.Params[j].Name) && a.gen.takesFS() {
			// A file to read of the function's file system: its
			// trees' files first, the settings ones before the others.
			cands[i] = uniqueValues(append(fileValues(), cands[i]...), maxCandidates)
		}
		if j := i - off; i < a.nIn && j >= 0 {
			if cv := a.caseValues(j); len(cv) > 0 {
				// Right after nil: the dynamic types the function tests
				// the interface against, its branches.
				k := min(1, len(cands[i]))
				cands[i] = uniqueValues(append(append(cands[i][:k:k], cv...), cands[i][k:]...), maxCandidates)
			}
		}
		if j := i - off; i < a.nIn && j >= 0 {
			// A parameter handed half-built state; not a receiver,
			// which the package's own methods build and fill.
			if sv := a.stateValues(j, t, cands[i]); len(sv) > 0 {
				// After the first two: the value with the state the
				// function reads off it set (see stateValues).
				k := min(2, len(cands[i]))
				cands[i] = uniqueValues(append(append(cands[i][:k:k], sv...), cands[i][k:]...), max(len(cands[i]), maxCandidates))
			}
		}
		typical[i] = a.gen.typical(t, cands[i])
		if j := i - off; i < a.nIn && j >= 0 && j < len(callerVals) && len(callerVals[j]) > 0 {
			// Right after the first: what the package itself passes
			// there (see callerArgs), the typical value unchanged.
			k := min(1, len(cands[i]))
			cands[i] = uniqueValues(append(append(cands[i][:k:k], callerVals[j]...), cands[i][k:]...), max(len(cands[i]), maxCandidates))
		}
		zero[i] = zeroValue(t)
		if handlerArg(t) && len(cands[i]) > 0 {
			zero[i] = cands[i][0] // net/http passes no nil writer or request
		}
		if a.names[i] == "receiver" {
			zero[i] = typicalOf(cands[i]) // a nil receiver is swept like any value
		}
		if k := i - a.nIn; k >= 0 {
			cands[i] = a.knobs[k].cands
			typical[i], zero[i] = a.knobs[k].base, a.knobs[k].base
		}
	}
	with := func(base []spec.Value, i int, v spec.Value) []spec.Value {
		t := append([]spec.Value(nil), base...)
		t[i] = v
		return t
	}
	var pairs []tuple
	if n >= 2 {
		rng := rand.New(rand.NewPCG(seedValue, 0x9a125))
		for k := 0; k < min(400, 40*n*(n-1)/2); k++ {
			i, j := rng.IntN(n), rng.IntN(n)
			if i == j || len(cands[i]) == 0 || len(cands[j]) == 0 {
				continue
			}
			t := with(typical, i, cands[i][rng.IntN(min(len(cands[i]), 48))])
			t[j] = cands[j][rng.IntN(min(len(cands[j]), 48))]
			pairs = append(pairs, tuple{t, "combined values of " + a.names[i] + " and " + a.names[j]})
		}
	}
	out := []tuple{{zero, "zero values"}, {typical, "typical values"}}
	for _, c := range callerCalls {
		// A call the package makes: its known arguments, the others
		// typical.
		t := append([]spec.Value(nil), typical...)
		for j, known := range c.known {
			if known {
				t[j+off] = c.vals[j]
			}
		}
		out = append(out, tuple{t, "the arguments " + a.f.Name + "'s callers in the package pass"})
	}
	var byFull []spec.Value // the receivers written as code, fullest first
	if len(cands) > 0 {
		byFull = fullestFirst(cands[0])
	}
	out = append(out, a.fromReceiverTuples(cands, typical, byFull)...)
	out = append(out, a.fullReceiverTuples(cands, typical, byFull)...)
	out = append(out, a.indexPairTuples(cands, typical)...)
	longest := len(pairs) / 2
	for _, c := range cands {
		longest = max(longest, len(c))
	}
	twins := a.stringTwins()
	forms := make([][]string, len(twins)) // the forms of each pair's second input's candidates
	for k, tw := range twins {
		forms[k] = formsOf(cands[tw[1]])
	}
	// Rank by rank, so that every way of sweeping gets its best
	// candidates tried before any gets its worst.
	for r := 0; r < longest; r++ {
		for i := range a.types {
			if r < len(cands[i]) {
				out = append(out, tuple{with(typical, i, cands[i][r]), "boundary and mined values of " + a.names[i]})
			}
		}
		for k, tw := range twins {
			if w, ok := sameForm(cands[tw[1]], forms[k], cands[tw[0]], r); ok {
				t := with(typical, tw[0], cands[tw[0]][r])
				t[tw[1]] = w
				out = append(out, tuple{t, a.names[tw[0]] + " and " + a.names[tw[1]] + " of one form"})
			}
		}
		if n < 2 {
			continue
		}
		for i := range a.types {
			if r < min(48, len(cands[i])) {
				out = append(out, tuple{with(zero, i, cands[i][r]), "values of " + a.names[i] + " with the others zero"})
			}
		}
		out = append(out, pairs[min(2*r, len(pairs)):min(2*r+2, len(pairs))]...)
	}
	return out
}

// stringTwins are the pairs of the call's string inputs of one type
// (comparePart(s, o string)), each once.
func (a *analysis) stringTwins() [][2]int {
	var out [][2]int
	for i := range a.nIn {
		for j := i + 1; j < a.nIn; j++ {
			if isStringType(a.types[i]) && types.Identical(a.types[i], a.types[j]) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// sameForm is the first candidate in to after rank r of the form of
// from[r] (toForms are to's forms, see formsOf) and another text: the
// pair a comparison of two inputs of one type needs to get past its
// fast paths and its checks of kind ("99" with "103", "1.2.3" with
// "0.4.2"), which values drawn apart seldom make.
func sameForm(to []spec.Value, toForms []string, from []spec.Value, r int) (spec.Value, bool) {
	if r >= len(from) || from[r].Kind != spec.String || from[r].Str == "" {
		return spec.Value{}, false
	}
	v := from[r].Str
	f := form(v)
	for k := r + 1; k < len(to); k++ {
		if w := to[k]; w.Kind == spec.String && w.Str != v && toForms[k] == f {
			return w, true
		}
	}
	return spec.Value{}, false
}

// formsOf are the forms of vs' strings (see form), "" for other values.
func formsOf(vs []spec.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if v.Kind == spec.String {
			out[i] = form(v.Str)
		}
	}
	return out
}

// form is the shape of a structured text: the kinds of its runs with
// its separators as they are ("<digits>.<digits>.<digits>" for "1.2.3").
func form(s string) string {
	var b strings.Builder
	for _, g := range groups(s) {
		if g.kind == sepGroup {
			b.WriteString(s[g.start:g.end])
			continue
		}
		b.WriteString("<" + g.kind.String() + ">")
	}
	return b.String()
}

// fullestFirst are the values among a receiver's candidates written as
// code, nodes inside a tree first (see nodes), then the fullest fills
// of the fewest nested values (see fuller), in their order otherwise: a
// list filled by eight PushBack calls, not one filled from lists built
// with nil marks, whose filling panics.
func fullestFirst(recvCands []spec.Value) []spec.Value {
	var recvs []spec.Value
	for _, v := range recvCands {
		if v.Kind == spec.Code {
			recvs = append(recvs, v)
		}
	}
	sort.SliceStable(recvs, func(i, j int) bool {
		if ni, nj := treeNode(recvs[i].Str), treeNode(recvs[j].Str); ni || nj {
			return ni && !nj // nodes in the order nodes gives them
		}
		return fuller(recvs[i].Str, recvs[j].Str)
	})
	return recvs
}

// fromReceiverTuples are the calls of a method with an argument built
// from its receiver (see fromReceiver), on the receivers filled by the
// most calls first (byFull, see fullestFirst), the other inputs
// typical; the expressions join their parameters' candidates.
func (a *analysis) fromReceiverTuples(cands [][]spec.Value, typical, byFull []spec.Value) []tuple {
	if a.f.Recv == nil || len(cands) == 0 {
		return nil
	}
	recvs := byFull[:min(len(byFull), 4)]
	var out []tuple
	derived := make([][]spec.Value, len(a.f.Params))
	for i, p := range a.f.Params {
		for _, expr := range fromReceiver(a.f, p.Type) {
			v := spec.CodeValue(expr)
			derived[i] = append(derived[i], v)
			cands[i+1] = append(cands[i+1], v)
			for _, r := range recvs {
				t := append([]spec.Value(nil), typical...)
				t[0], t[i+1] = r, v
				out = append(out, tuple{t, p.Name + " built from the receiver"})
			}
		}
	}
	// Two arguments from the receiver, told apart: MoveBefore(e, mark)
	// moves one of the list's elements before another.
	for i := range derived {
		for j := i + 1; j < len(derived); j++ {
			for _, vi := range derived[i] {
				for _, vj := range derived[j] {
					if vi.Str == vj.Str {
						continue
					}
					for _, r := range recvs[:min(len(recvs), 2)] {
						t := append([]spec.Value(nil), typical...)
						t[0], t[i+1], t[j+1] = r, vi, vj
						out = append(out, tuple{t, a.f.Params[i].Name + " and " + a.f.Params[j].Name + " built from the receiver"})
					}
				}
			}
		}
	}
	return out
}

// fullSweep bounds the candidates of each parameter fullReceiverTuples
// tries.
const fullSweep = 8

// fullReceiverTuples are the calls of a method on its fullest filled
// receiver (the first fill in byFull, see fullestFirst), each
// parameter swept through its first fullSweep candidates with the
// others typical: a lookup on a router holding all its routes
// (getValue("/users/42")), where the typical receiver holds one or
// none and the sweeps are made on it.
func (a *analysis) fullReceiverTuples(cands [][]spec.Value, typical, byFull []spec.Value) []tuple {
	if a.f.Recv == nil || len(cands) == 0 || len(a.f.Params) == 0 {
		return nil
	}
	var full *spec.Value
	for i, v := range byFull {
		// A fill, not a field of one.
		if strings.HasPrefix(v.Str, "func() ") && strings.HasSuffix(v.Str, "}()") && strings.Contains(v.Str, "; p.") {
			full = &byFull[i]
			break
		}
	}
	if full == nil || full.Str == typical[0].Str {
		return nil
	}
	var out []tuple
	for i := range a.f.Params {
		for _, v := range cands[i+1][:min(len(cands[i+1]), fullSweep)] {
			t := append([]spec.Value(nil), typical...)
			t[0], t[i+1] = *full, v
			out = append(out, tuple{t, "values of " + a.names[i+1] + " on the fullest receiver"})
		}
	}
	return out
}

// maxIndexPairReceivers bounds the receivers indexPairTuples tries.
const maxIndexPairReceivers = 8

// indexPairTuples are the calls of a method of a slice type that takes
// two integers (sort.Interface's Less(i, j) and Swap(i, j)) with 0, 1
// and 1, 0 on receivers holding two elements or more: random integers
// are out of range or equal, and the two elements are never compared.
func (a *analysis) indexPairTuples(cands [][]spec.Value, typical []spec.Value) []tuple {
	if a.f.Recv == nil || len(cands) == 0 {
		return nil
	}
	if _, ok := a.f.Recv.Underlying().(*types.Slice); !ok {
		return nil
	}
	var ints []int
	for i, p := range a.f.Params {
		if b, ok := p.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			ints = append(ints, i+1)
		}
	}
	if len(ints) != 2 || len(a.f.Params) != 2 {
		return nil
	}
	var out []tuple
	n := 0
	for _, r := range cands[0] {
		if r.Kind != spec.List || len(r.List) < 2 || n == maxIndexPairReceivers {
			continue
		}
		n++
		for _, ij := range [][2]int64{{0, 1}, {1, 0}} {
			t := append([]spec.Value(nil), typical...)
			t[0] = r
			t[ints[0]] = coerce(spec.IntValue(ij[0]), a.f.Params[0].Type)
			t[ints[1]] = coerce(spec.IntValue(ij[1]), a.f.Params[1].Type)
			out = append(out, tuple{t, "the first two elements of the receiver"})
		}
	}
	return out
}

// code renders a call of the function with the given inputs, the values
// written by target.GoExpr.
func (a *analysis) code(vals []spec.Value) (string, error) {
	f := a.f
	q := target.NewQualifier(a.self)
	var set strings.Builder // the knobs set to other than their declared values
	for k, kn := range a.knobs {
		if a.nIn+k >= len(vals) || spec.Equal(vals[a.nIn+k], kn.def, spec.EqualOption{}) {
			continue
		}
		e, err := target.GoExpr(vals[a.nIn+k], kn.typ, q)
		if err != nil {
			return "", fmt.Errorf("global %s: %w", kn.name, err)
		}
		set.WriteString(kn.name + " = " + e + "\n")
	}
	var recv string
	k := 0
	if f.Recv != nil {
		r, err := target.RecvExpr(vals[0], f, q)
		if err != nil {
			return "", err
		}
		recv = "(" + r + ")."
		k = 1
	}
	args := make([]string, 0, len(f.Params))
	for i, p := range f.Params {
		v := vals[k+i]
		if p.Variadic && v.Kind == spec.Null {
			continue
		}
		e, err := target.GoExpr(v, p.Type, q)
		if err != nil {
			return "", fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		if p.Variadic {
			e += "..."
		}
		args = append(args, e)
	}
	// ProbeFromSnippet finds a snippet's imports by their names: an
	// import the qualifier had to rename would be lost.
	for path, name := range q.Imports() {
		if a.importPath(name) != path {
			return "", fmt.Errorf("import %q as %s: the name does not resolve", path, name)
		}
	}
	code := set.String() + recv + f.Obj.Name() + "(" + strings.Join(args, ", ") + ")"
	if ds := q.Decls(); len(ds) > 0 {
		a.decls.Store(code, ds)
	}
	return code, nil
}

// panicValues are the values a function that recovers is called under
// (see recovers): a string, and an error, which code that recovers
// often tells apart (r.(error)).
func panicValues() []string { return []string{`"boom"`, `errors.New("boom")`} }

// snippetKey tells snippets apart: by their normalised code, and a call
// run deferred while panicking from the same call run plainly.
func snippetKey(s Snippet) string { return normCode(s.Code) + panicKey(s.Panicking) }

// panicKey tells a snippet run deferred while panicking with pv apart
// from the same call run plainly.
func panicKey(pv string) string {
	if pv == "" {
		return ""
	}
	return "\x00panicking " + pv
}

// recovers reports whether f is a function that recovers panics: it
// returns nothing and calls recover itself (not in a function literal),
// which only stops a panic when f is deferred (defer f(&err)).
func recovers(f *target.Func) bool {
	if len(f.Results) > 0 || f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return false
	}
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "recover" && len(n.Args) == 0 {
				_, builtin := f.Pkg.TypesInfo.Uses[id].(*types.Builtin)
				found = builtin
			}
		}
		return !found
	})
	return found
}

// snippet is the snippet of code, a call a.code wrote, with the
// declarations it needs.
func (a *analysis) snippet(code, desc string) Snippet {
	sn := Snippet{Description: desc, Code: code}
	if ds, ok := a.decls.Load(code); ok {
		sn.Decls = ds.([]target.Decl)
	}
	return sn
}

// CallSnippet writes the snippet that calls f, which is not generic
// (an instantiation, for a generic function), with the receiver recv (a
// method's; nil: the zero value of its receiver type) and the
// arguments args, in parameter order, as the built-in explorer writes
// its own calls: the values written by target.RecvExpr and
// target.GoExpr. It is how the inputs of an existing spec's cases are
// run again (Options.Prior).
func CallSnippet(f *target.Func, recv *spec.Value, args []spec.Value) (Snippet, error) {
	if f == nil || f.Obj == nil {
		return Snippet{}, errors.New("function has no type information")
	}
	if f.Generic() {
		return Snippet{}, fmt.Errorf("%s is generic: write the call of an instantiation", f.Name)
	}
	if len(args) != len(f.Params) {
		return Snippet{}, fmt.Errorf("%d arguments for the %d parameters of %s", len(args), len(f.Params), f.Name)
	}
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	a := &analysis{f: f, self: self, names2paths: packageNames(f)}
	a.nIn = len(args)
	if f.Recv != nil {
		a.nIn++
	}
	var vals []spec.Value
	if f.Recv != nil {
		if recv == nil {
			vals = append(vals, zeroValue(f.Recv))
		} else {
			vals = append(vals, *recv)
		}
	}
	code, err := a.code(append(vals, args...))
	if err != nil {
		return Snippet{}, err
	}
	return a.snippet(code, "the inputs of a case of the existing spec"), nil
}

// importPath is the import path ProbeFromSnippet gives a package name.
func (a *analysis) importPath(name string) string {
	if p := a.names2paths[name]; p != "" {
		return p
	}
	return stdlibNames[name]
}

// decode returns the inputs of a record in input order: as this
// explorer proposed them when it wrote the snippet (exactly the values it
// generated), else as the executor reported them.
func (a *analysis) decode(r *Record) ([]spec.Value, bool) {
	if vals, ok := a.proposed[normCode(r.Snippet.Code)]; ok {
		return a.harvestedAsRun(r, vals), true
	}
	vals := make([]spec.Value, len(a.types))
	for k, kn := range a.knobs {
		vals[a.nIn+k] = kn.def
		if v, ok := executors.Named(r.Result.Globals, kn.name); ok {
			vals[a.nIn+k] = coerce(v, kn.typ)
		}
	}
	for i, name := range a.names[:a.nIn] {
		found := false
		for _, nv := range r.Result.Inputs {
			if nv.Name == name {
				vals[i] = coerce(nv.Value, a.types[i])
				found = true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return vals, true
}

// corpusEntry is an input that found something new, kept for mutation.
type corpusEntry struct {
	vals   []spec.Value
	record int
	weight int
	blocks int // blocks the probe ran
}

func (a *analysis) corpus(results []*Record) []corpusEntry {
	var out []corpusEntry
	for _, r := range results {
		if !r.Ran() || !r.Novel() || r.Result.Outcome == executors.Timeout || r.Result.Outcome == executors.Exited {
			continue
		}
		vals, ok := a.decode(r)
		if !ok {
			continue
		}
		w := 1
		if r.NewBlocks > 0 {
			w += 3
		}
		if r.NewClass {
			w += 2
		}
		out = append(out, corpusEntry{vals: vals, record: r.Index, weight: w, blocks: len(r.Covered)})
	}
	// Favour the recent discoveries: they open the paths not yet explored.
	for i := range out[len(out)*3/4:] {
		out[len(out)*3/4+i].weight *= 2
	}
	return out
}

// Explore proposes the next round's probes.
func (b *Builtin) Explore(ctx context.Context, req *Request) (*Plan, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a, err := b.analyze(req.Func)
	if err != nil {
		return nil, fmt.Errorf("builtin explorer: %w", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	limit := b.opts.Round
	if req.Round <= 1 {
		limit = b.opts.FirstRound
	}
	if req.Budget.Probes > 0 {
		limit = min(limit, req.Budget.Probes)
	}
	tried := make(map[string]bool, len(req.Tried))
	for _, s := range req.Tried {
		tried[snippetKey(s)] = true
	}
	plan := &Plan{}
	if len(a.proposed) > 50000 {
		clear(a.proposed)
	}
	add := func(code, desc string, vals []spec.Value) {
		k := normCode(code)
		if tried[k] {
			return
		}
		tried[k] = true
		a.proposed[k] = vals
		plan.Snippets = append(plan.Snippets, a.snippet(code, desc))
		for _, pv := range a.panics {
			if tried[k+panicKey(pv)] {
				continue
			}
			tried[k+panicKey(pv)] = true
			sn := a.snippet(code, desc+", deferred while panicking with "+pv)
			sn.Panicking = pv
			plan.Snippets = append(plan.Snippets, sn)
		}
	}
	if req.Round <= 1 {
		a.observed, a.observedSeen, a.observedUpTo = nil, map[string]bool{}, 0
		a.cmpDrawn, a.cmpTurns = map[int]bool{}, map[cmpTurn]int{}
	}
	a.observe(req.Results)
	corpus := a.corpus(req.Results)
	haz := a.hazards(req.Results)
	seedQuota, rebaseQuota := limit, limit
	if req.Round > 1 && len(corpus) > 0 {
		seedQuota, rebaseQuota = limit/3, 2*limit/3
	}
	next := 0
	addSeeds := func(quota int) {
		for ; next < len(a.seeds) && len(plan.Snippets) < quota; next++ {
			if sd := a.seeds[next]; !haz.blocks(sd.vals) {
				add(sd.code, sd.desc, sd.vals)
			}
		}
	}
	addSeeds(seedQuota)
	if req.Round > 1 {
		n := 0
		for _, sd := range a.risky {
			if len(plan.Snippets) >= limit || n == riskyPerRound {
				break
			}
			if k := normCode(sd.code); !tried[k] && !haz.blocks(sd.vals) {
				add(sd.code, sd.desc+" (large)", sd.vals)
				n++
			}
		}
	}
	if req.Round > 1 {
		a.quicken(req.Results, haz, len(plan.Snippets)+limit/quickShare, plan, add)
		a.sweepValid(corpus, haz, len(plan.Snippets)+limit/4, plan, add)
	}
	if req.Round > 1 && !b.opts.NoCmps {
		a.fromCmps(req.Results, corpus, haz, min(limit, len(plan.Snippets)+limit/cmpShare), plan, add)
	}
	a.rebase(corpus, haz, rebaseQuota, plan, add)
	if len(corpus) > 0 {
		rng := rand.New(rand.NewPCG(b.opts.Seed, uint64(req.Round)<<32|uint64(len(req.Results))))
		mu := newMutator(rng, a.gen)
		mu.values = append(mu.values, a.observed...)
		total := 0
		for _, e := range corpus {
			total += e.weight
		}
		pick := func() corpusEntry {
			x := rng.IntN(total)
			for _, e := range corpus {
				if x < e.weight {
					return e
				}
				x -= e.weight
			}
			return corpus[len(corpus)-1]
		}
		for attempts := 0; len(plan.Snippets) < limit && attempts < 20*limit; attempts++ {
			e := pick()
			vals, ops := a.mutateTuple(mu, e, pick)
			if haz.blocks(vals) {
				continue
			}
			code, err := a.code(vals)
			if err != nil {
				continue
			}
			add(code, fmt.Sprintf("mutation of probe %d: %s", e.record+1, ops), vals)
		}
	}
	addSeeds(limit)
	return plan, nil
}

// rebase sweeps each input position through its candidates with the
// other inputs taken from the probes that ran the most blocks: once
// round 1 has found how to get deep into the function, the other inputs'
// candidates are tried there (a word's plural rules are only reached
// when the count is not 1 and no plural is given).
func (a *analysis) rebase(corpus []corpusEntry, haz hazards, quota int, plan *Plan, add func(code, desc string, vals []spec.Value)) {
	if len(a.types) < 2 || len(corpus) == 0 {
		return
	}
	bases := append([]corpusEntry(nil), corpus...)
	sort.SliceStable(bases, func(i, j int) bool { return bases[i].blocks > bases[j].blocks })
	longest := 0
	for _, c := range a.cands {
		longest = max(longest, len(c))
	}
	for _, base := range bases[:min(3, len(bases))] {
		for r := 0; r < longest && len(plan.Snippets) < quota; r++ {
			for i := range a.types {
				if r >= len(a.cands[i]) || len(plan.Snippets) >= quota {
					continue
				}
				vals := append([]spec.Value(nil), base.vals...)
				vals[i] = a.cands[i][r]
				if haz.blocks(vals) || a.riskOf(vals) > 0 {
					continue
				}
				code, err := a.code(vals)
				if err != nil {
					continue
				}
				add(code, fmt.Sprintf("values of %s on the inputs of probe %d", a.names[i], base.record+1), vals)
			}
		}
	}
}

// mutateTuple changes one or two inputs of a corpus entry, or takes one
// input from another entry.
func (a *analysis) mutateTuple(mu *mutator, e corpusEntry, pick func() corpusEntry) ([]spec.Value, string) {
	vals := make([]spec.Value, len(e.vals))
	for i, v := range e.vals {
		vals[i] = copyValue(v)
	}
	n := len(vals)
	if n == 0 {
		return vals, "none"
	}
	var ops []string
	mutateAt := func(i int) {
		mu.splice = func() (spec.Value, bool) {
			o := pick()
			return o.vals[i], true
		}
		if k := i - a.nIn; k >= 0 && k < len(a.knobs) && (vals[i].Kind == spec.Code || mu.rng.IntN(2) == 0) {
			// A knob takes another of its values: a clock hook's
			// other clocks, a setting's other value.
			cands := a.knobs[k].cands
			vals[i] = copyValue(cands[mu.rng.IntN(len(cands))])
			ops = append(ops, a.names[i]+": another value")
			return
		}
		v, op := mu.mutate(a.types[i], vals[i], 0)
		vals[i] = v
		ops = append(ops, a.names[i]+": "+op)
	}
	// Inputs of the same type (Compare(v, w)) are often meant to differ
	// a little: copy one onto another and change the copy.
	var twins [][2]int
	for i := range vals[:a.nIn] {
		for j := range vals[:a.nIn] {
			if i != j && types.Identical(a.types[i], a.types[j]) {
				twins = append(twins, [2]int{i, j})
			}
		}
	}
	switch r := mu.rng.IntN(20); {
	case r < 3 && len(twins) > 0:
		tw := twins[mu.rng.IntN(len(twins))]
		vals[tw[1]] = copyValue(vals[tw[0]])
		ops = append(ops, a.names[tw[1]]+": copy of "+a.names[tw[0]])
		mutateAt(tw[1])
	case r < 13:
		mutateAt(a.position(mu))
	case r < 17:
		i := a.position(mu)
		mutateAt(i)
		if n > 1 {
			i = (i + 1 + mu.rng.IntN(n-1)) % n
		}
		mutateAt(i)
	default:
		i := a.position(mu)
		o := pick()
		vals[i] = copyValue(o.vals[i])
		ops = append(ops, a.names[i]+": from probe "+fmt.Sprint(o.record+1))
		if n == 1 {
			mutateAt(0)
		}
	}
	return vals, strings.Join(ops, ", ")
}

// position picks the input position a mutation changes: a knob one
// time in knobPick (when there are knobs), else one of the call's
// inputs.
func (a *analysis) position(mu *mutator) int {
	n := len(a.types)
	if a.nIn == 0 || a.nIn < n && mu.rng.IntN(knobPick) == 0 {
		return a.nIn + mu.rng.IntN(n-a.nIn)
	}
	return mu.rng.IntN(a.nIn)
}

// hazards are, per input position, the magnitude from which inputs made
// a probe hang or kill its process: a count that allocates gigabytes, a
// loop bound that never ends. Such probes cost a timeout or a worker
// restart each, so inputs at least that large are not tried again.
type hazards map[int]float64

// bigMagnitude is the magnitude below which an input is not suspected of
// making a probe hang or crash.
const bigMagnitude = 1000

func (a *analysis) hazards(results []*Record) hazards {
	h := hazards{}
	for _, r := range results {
		if o := r.Result.Outcome; o != executors.Timeout && o != executors.Exited {
			continue
		}
		vals, ok := a.decode(r)
		if !ok {
			continue
		}
		for i, v := range vals {
			m := magnitude(v)
			if m < bigMagnitude {
				continue
			}
			if old, ok := h[i]; !ok || m < old {
				h[i] = m
			}
		}
	}
	return h
}

func (h hazards) blocks(vals []spec.Value) bool {
	for i, lim := range h {
		if i < len(vals) && magnitude(vals[i]) >= lim {
			return true
		}
	}
	return false
}

// magnitude is the size of a value: a number's absolute value, the
// length of a string or a collection, whichever is largest inside it.
func magnitude(v spec.Value) float64 {
	switch v.Kind {
	case spec.Int:
		return math.Abs(float64(v.Int))
	case spec.Uint:
		return float64(v.Uint)
	case spec.Float:
		if math.IsNaN(v.Float) {
			return 0
		}
		return math.Abs(v.Float)
	case spec.String, spec.Opaque:
		return float64(len(v.Str))
	case spec.List:
		m := float64(len(v.List))
		for _, e := range v.List {
			m = max(m, magnitude(e))
		}
		return m
	case spec.Map:
		m := float64(len(v.Map))
		for _, e := range v.Map {
			m = max(m, magnitude(e.Key), magnitude(e.Val))
		}
		return m
	}
	return 0
}
