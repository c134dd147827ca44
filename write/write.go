package write

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// CasesFromResults writes one case per result, leaving out duplicates
// (same receiver and inputs). Returned errors and panics become `raises`
// cases with a `match` anchored on the observed message; successes become
// `expected` cases. A method that changes its pointer receiver
// (target.Func.MutatesReceiver) also states the receiver as a call that
// returned left it, error or not (`receiver_after`, from Result.After):
// a change made before an error is behaviour too. Results a spec cannot
// state (timeouts, process exits) and probes whose inputs or results
// cannot be written back as values (functions, channels) are left out,
// with the reason in skipped: one line per reason, naming its probes.
//
// probes, when not nil, are the probes of the results (parallel): an
// input whose value cannot be rebuilt from what the probe recorded (of
// a type with unexported fields, or a func) is written as the Go
// expression the probe built it with, {go: ...}, when that expression
// stands on its own (it uses no variable of the probe's setup).
func CasesFromResults(f *target.Func, probes []executors.Probe, results []executors.Result) (cases []*spec.Case, skipped []string) {
	seen := map[string]bool{}
	var whys []string
	left := map[string][]string{} // probe ids by why they were left out
	for i, r := range results {
		if i < len(probes) {
			r = withCode(f, probes[i], r)
		}
		c, why := caseFromResult(f, r)
		if c == nil {
			if left[why] == nil {
				whys = append(whys, why)
			}
			left[why] = append(left[why], r.ID)
			continue
		}
		if i < len(probes) && probes[i].Panicking != "" {
			v := panickingValue(probes[i].Panicking)
			c.Panicking = &v
		}
		key := ArgsKey(f, c)
		if seen[key] {
			continue
		}
		seen[key] = true
		cases = append(cases, c)
	}
	prefix := ""
	if len(f.TypeArgs) > 0 {
		types := TypeArgs(f)
		prefix = typesSlug(types) + "-"
		for _, c := range cases {
			c.Types = types
		}
	}
	assignIDs(f, cases, prefix)
	at := ""
	if len(f.TypeArgs) > 0 {
		// Each instantiation is explored apart, its probes named alike.
		at = " at " + TypeArgs(f).String()
	}
	for _, why := range whys {
		skipped = append(skipped, probeList(left[why])+at+": "+why)
	}
	return cases, skipped
}

// maxListedProbes bounds the probe ids a note lists.
const maxListedProbes = 5

// probeList names probes in a note: "probe r1p3", "probes r1p3, r2p7",
// at most maxListedProbes of them, then how many in all.
func probeList(ids []string) string {
	if len(ids) == 1 {
		return "probe " + ids[0]
	}
	s := "probes " + strings.Join(ids[:min(len(ids), maxListedProbes)], ", ")
	if len(ids) > maxListedProbes {
		s += fmt.Sprintf(", … (%d in all)", len(ids))
	}
	return s
}

// TypeArgs are the type arguments of an instantiation as a spec writes
// them ({T: int}); nil for a function that is not one.
func TypeArgs(f *target.Func) spec.TypeArgs {
	var out spec.TypeArgs
	for i, t := range f.TypeArgs {
		out = append(out, spec.TypeArg{Param: f.TypeParams[i].Name, Type: f.Pkg.TypeString(t)})
	}
	return out
}

// typesSlug names an instantiation in case ids: "int", "string-id",
// "slice-string". A type of the package whose name is a predeclared
// type's but for its case (btree's Int beside int) is "named-int": the
// ids of two instantiations must differ.
func typesSlug(ts spec.TypeArgs) string {
	r := strings.NewReplacer("[]", "slice-", "map[", "map-", "]", "-", "*", "ptr-", ".", "-")
	var parts []string
	for _, t := range ts {
		slug := scalarSlug(spec.StringValue(r.Replace(t.Type)))
		if lower := strings.ToLower(t.Type); lower != t.Type {
			if _, ok := types.Universe.Lookup(lower).(*types.TypeName); ok {
				slug = "named-" + slug
			}
		}
		parts = append(parts, slug)
	}
	return strings.Join(parts, "-")
}

// MaxCases bounds the cases written for one function. Every distinct
// path through the function (set of covered blocks) and every distinct
// error or panic class gets a case first; then, while there is room, the
// behaviours that run blocks of the function's callees no chosen case
// runs; behaviours that differ only in the shape of their results fill
// the room that is left.
const MaxCases = 40

// maxCaseText bounds how long a case's inputs and results may be
// written: a case of megabytes is unreadable and bloats the spec.
const maxCaseText = 4 << 10

// caseText is how long r's inputs and results are written.
func caseText(r executors.Result) int {
	return InputSize(r) + explore.ResultSize(r)
}

// Oversized reports whether r's inputs and results are too long to be
// written as a case: a probe whose result is that is no case, whatever
// else it shows.
func Oversized(r executors.Result) bool {
	return caseText(r) > maxCaseText
}

// byteSize writes n bytes for a person: 512 B, 8.0 KiB, 8.0 MiB.
func byteSize(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// slowCase is the run time from which a behaviour does not earn a case
// for callee blocks alone: specs run their cases many times, and a
// slow probe is slower still under the interpreter.
const slowCase = 100 * time.Millisecond

// selectBehaviours picks the behaviours to write, in passes: the first
// behaviour of each path and way it ends (returned, an error, a panic),
// then the first of each outcome class not yet
// represented, then — while there is room under limit — the behaviours
// that run the most blocks of the function's reach (its callees) that
// no chosen one runs, greedily, then the first of each class, then the
// rest in the order found (the first two passes are not limited:
// dropping a path or an error class would lose coverage or an error
// behaviour). In the passes under limit, the behaviours of an existing
// spec's inputs (explore.Record.Prior) come first; a behaviour only a
// hand-written case's input shows (explore.Record.Known) is left out.
func selectBehaviours(x *explore.Exploration, limit int) []*explore.Behaviour {
	var bs []*explore.Behaviour
	for _, b := range x.Behaviours {
		// A behaviour only hand-written cases show (its representative
		// is one of theirs) is stated by them already.
		if b.Rep >= 0 && b.Rep < len(x.Records) && !x.Records[b.Rep].Known {
			bs = append(bs, b)
		}
	}
	// The passes under limit look at the behaviours an existing spec
	// states (their representative is one of its inputs) first, so
	// that their cases stay.
	prior := func(b *explore.Behaviour) bool { return x.Records[b.Rep].Prior }
	preferred := slices.Clone(bs)
	sort.SliceStable(preferred, func(i, j int) bool { return prior(preferred[i]) && !prior(preferred[j]) })
	var out []*explore.Behaviour
	taken := map[*explore.Behaviour]bool{}
	paths := map[string]bool{}
	kinds := map[string]bool{}
	classes := map[string]bool{}
	// A path is taken once for each way it ends: returned, failed or
	// panicked (a parser's return v, err is one block for both).
	pathEnd := func(b *explore.Behaviour) string {
		r := x.Records[b.Rep].Result
		end := string(r.Outcome)
		if r.Err != nil {
			end = "error"
		}
		return fmt.Sprint(b.Blocks) + " " + end
	}
	take := func(b *explore.Behaviour) {
		taken[b] = true
		paths[pathEnd(b)] = true
		kinds[coarseClass(x.Records[b.Rep].Result)] = true
		classes[b.Class] = true
		out = append(out, b)
	}
	for _, b := range bs {
		if !paths[pathEnd(b)] {
			take(b)
		}
	}
	for _, b := range bs {
		if !taken[b] && !kinds[coarseClass(x.Records[b.Rep].Result)] {
			take(b)
		}
	}
	reached := map[int]bool{}
	for _, b := range out {
		for _, k := range b.Reach {
			reached[k] = true
		}
	}
	for len(out) < limit {
		var best *explore.Behaviour
		bestNew := 0
		for _, b := range bs {
			if taken[b] || x.Records[b.Rep].Result.Duration >= slowCase {
				continue
			}
			n := 0
			for _, k := range b.Reach {
				if !reached[k] {
					n++
				}
			}
			if n > bestNew || n > 0 && n == bestNew && prior(b) && !prior(best) {
				best, bestNew = b, n
			}
		}
		if best == nil {
			break
		}
		take(best)
		for _, k := range best.Reach {
			reached[k] = true
		}
	}
	for _, b := range preferred {
		if !taken[b] && !classes[b.Class] && len(out) < limit {
			take(b)
		}
	}
	for _, b := range preferred {
		if !taken[b] && len(out) < limit {
			take(b)
		}
	}
	// Keep the exploration's order.
	order := map[*explore.Behaviour]int{}
	for i, b := range bs {
		order[b] = i
	}
	sort.SliceStable(out, func(i, j int) bool { return order[out[i]] < order[out[j]] })
	return out
}

// Select picks the probes to write cases from: the representatives
// of selectBehaviours, then — while there is room under limit — the
// smallest probes that bring a feature no chosen probe has: words and
// punctuation of string inputs and results, the magnitude and sign of
// numbers, the error or panic message. Probes on one path that differ in
// these are what tells a mutated constant or table entry from the
// original. Probes of an existing spec's inputs (explore.Record.Prior)
// come before others that bring something new. The choice is
// deterministic.
func Select(x *explore.Exploration, limit int) []*explore.Record {
	var out []*explore.Record
	have := map[string]bool{}
	chosen := map[*explore.Record]bool{}
	take := func(r *explore.Record) {
		out = append(out, r)
		chosen[r] = true
		for _, f := range recordFeatures(r) {
			have[f] = true
		}
	}
	for _, b := range selectBehaviours(x, limit) {
		take(x.Records[b.Rep])
	}
	// Extra cases are worth their room in proportion to how much the
	// function does: a one-path method gets a handful, not forty.
	limit = min(limit, len(out)+max(8, 2*len(out)))
	// Boundaries first: two probes one apart in a single integer input
	// whose results differ pin the exact place where the code decides
	// (a < that becomes <= moves it).
	for _, pair := range boundaryPairs(x.Records) {
		for _, r := range pair {
			if !chosen[r] && len(out) < limit {
				take(r)
			}
		}
	}
	// For a function with an interface parameter, no one dynamic type
	// of its arguments takes more than a share of the extra cases.
	perType := map[string]int{}
	typeBudget := 0
	if x.Func != nil && hasInterfaceParam(x.Func) {
		typeBudget = max(3, (limit-len(out))/4)
	}
	var pool []*explore.Record
	for _, r := range x.Records {
		if r.Ran() && !r.Known && !chosen[r] && r.Result.Outcome != executors.Timeout && r.Result.Outcome != executors.Exited {
			pool = append(pool, r)
		}
	}
	for len(out) < limit {
		var best *explore.Record
		bestNew, bestSize := 0, 0
		for _, r := range pool {
			if chosen[r] || typeBudget > 0 && perType[dynamicTypes(x.Func, r)] >= typeBudget {
				continue
			}
			// A failing probe must bring a new message; a returning one
			// a new feature of its inputs or results.
			n := 0
			failed := r.Result.Err != nil || r.Result.Panic != nil
			for _, f := range recordFeatures(r) {
				if !have[f] && (!failed || !strings.HasPrefix(f, "in:")) {
					n++
				}
			}
			if n == 0 {
				continue
			}
			// An input of the existing spec first (its case stays while
			// it still brings something), then the smallest input that
			// brings anything new: short cases read well, and each one
			// still adds a feature.
			size := InputSize(r.Result)
			if best == nil || r.Prior && !best.Prior || r.Prior == best.Prior && (size < bestSize || size == bestSize && n > bestNew) {
				best, bestNew, bestSize = r, n, size
			}
		}
		if best == nil {
			break
		}
		take(best)
		perType[dynamicTypes(x.Func, best)]++
	}
	return out
}

// hasInterfaceParam reports whether f takes an interface.
func hasInterfaceParam(f *target.Func) bool {
	for _, p := range f.Params {
		if types.IsInterface(p.Type) {
			return true
		}
	}
	return false
}

// dynamicTypes names the dynamic types of a record's arguments to f's
// interface parameters: the type an argument expression converts to or
// the function that builds it ("int8(42)" → int8, "errors.New(…)" →
// errors.New), else the kind of the value recorded.
func dynamicTypes(f *target.Func, r *explore.Record) string {
	var b strings.Builder
	for j, p := range f.Params {
		if !types.IsInterface(p.Type) {
			continue
		}
		b.WriteString(p.Name + ":")
		kind := ""
		if j < len(r.Probe.Args) {
			src := strings.TrimSpace(r.Probe.Args[j])
			if i := strings.IndexAny(src, "({"); i > 0 && !strings.HasPrefix(src, "interface") && !strings.HasPrefix(src, "any") {
				kind = src[:i]
			}
		}
		if kind == "" {
			for _, in := range r.Result.Inputs {
				if in.Name == p.Name {
					kind = in.Value.Kind.String()
				}
			}
		}
		b.WriteString(kind + ";")
	}
	return b.String()
}

// boundaryPairs finds pairs of probes whose inputs are the same but for
// one integer, which differs by one, and which took different paths or
// ended differently: the edges of the function's decisions. Pairs come in the order of the records.
func boundaryPairs(records []*explore.Record) [][2]*explore.Record {
	type key struct {
		param int
		rest  string
	}
	groups := map[key]map[int64]*explore.Record{}
	var order []key
	for _, r := range records {
		if !r.Ran() || r.Known || r.Result.Outcome == executors.Timeout || r.Result.Outcome == executors.Exited {
			continue
		}
		for i, in := range r.Result.Inputs {
			n, ok := intOf(in.Value)
			if !ok {
				continue
			}
			var rest strings.Builder
			for j, other := range r.Result.Inputs {
				if j != i {
					rest.WriteString(other.Name + "=" + other.Value.String() + ";")
				}
			}
			k := key{i, rest.String()}
			g, ok := groups[k]
			if !ok {
				g = map[int64]*explore.Record{}
				groups[k] = g
				order = append(order, k)
			}
			if _, dup := g[n]; !dup {
				g[n] = r
			}
		}
	}
	var out [][2]*explore.Record
	for _, k := range order {
		g := groups[k]
		ns := make([]int64, 0, len(g))
		for n := range g {
			ns = append(ns, n)
		}
		sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
		for i := 1; i < len(ns); i++ {
			a, b := g[ns[i-1]], g[ns[i]]
			if ns[i]-ns[i-1] == 1 && (a.Class != b.Class || fmt.Sprint(a.Covered) != fmt.Sprint(b.Covered)) {
				out = append(out, [2]*explore.Record{a, b})
			}
		}
	}
	return out
}

func intOf(v spec.Value) (int64, bool) {
	switch v.Kind {
	case spec.Int:
		return v.Int, true
	case spec.Uint:
		if v.Uint <= math.MaxInt64 {
			return int64(v.Uint), true
		}
	}
	return 0, false
}

// features lists what a probe's inputs and result are made of, coarsely.
func features(r executors.Result) []string {
	var out []string
	var walk func(prefix string, v spec.Value)
	walk = func(prefix string, v spec.Value) {
		switch v.Kind {
		case spec.String, spec.Opaque:
			for _, w := range words(v.Str) {
				out = append(out, prefix+"w:"+w)
			}
		case spec.Int, spec.Uint, spec.Float:
			out = append(out, prefix+"n:"+magnitude(v))
		case spec.Bool:
			out = append(out, prefix+"b:"+v.String())
		case spec.List:
			out = append(out, fmt.Sprintf("%slen:%d", prefix, min(len(v.List), 3)))
			for _, e := range v.List {
				walk(prefix, e)
			}
		case spec.Map:
			for _, e := range v.Map {
				walk(prefix+e.Key.String()+".", e.Val)
			}
		case spec.Null:
			out = append(out, prefix+"nil")
		}
	}
	for _, in := range r.Inputs {
		walk("in:"+in.Name+".", in.Value)
	}
	for i, o := range r.Outputs {
		walk(fmt.Sprintf("out%d.", i), o)
	}
	return out
}

// recordFeatures are a record's features, its failure counted by outcome
// class (the message with the parts that echo the inputs blanked out), so
// that an error quoting each input back is not new every time.
func recordFeatures(r *explore.Record) []string {
	out := features(r.Result)
	if r.Result.Err != nil || r.Result.Panic != nil {
		out = append(out, "class:"+r.Class)
	}
	return out
}

// words splits a string into lower-case letter runs and single
// punctuation characters; digits only count as "digits".
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	digits := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			cur = append(cur, r)
		case unicode.IsDigit(r):
			flush()
			digits = true
		default:
			flush()
			out = append(out, string(r))
		}
	}
	flush()
	if digits {
		out = append(out, "digits")
	}
	if s == "" {
		out = append(out, "empty")
	}
	return out
}

// magnitude buckets a number by sign and order of magnitude.
func magnitude(v spec.Value) string {
	f := 0.0
	switch v.Kind {
	case spec.Int:
		f = float64(v.Int)
	case spec.Uint:
		f = float64(v.Uint)
	default:
		f = v.Float
	}
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 0):
		return v.String()
	case f == 0:
		return "0"
	}
	sign := "+"
	if f < 0 {
		sign = "-"
	}
	e := int(math.Floor(math.Log10(math.Abs(f)) / 3))
	frac := ""
	if v.Kind == spec.Float && f != math.Trunc(f) {
		frac = ".f"
	}
	return fmt.Sprintf("%se%d%s", sign, e*3, frac)
}

// InputSize is the size of a probe's inputs as recorded (written as
// values): what orders probes smallest first.
func InputSize(r executors.Result) int {
	n := 0
	for _, in := range r.Inputs {
		n += len(in.Value.String())
	}
	return n
}

// coarseClass names an outcome by its kind and, for errors and panics,
// the error's type and sentinels or the panic value's type — not the
// message, whose words vary with the inputs.
func coarseClass(r executors.Result) string {
	switch {
	case r.Outcome == executors.Panicked && r.Panic != nil:
		return "panic " + r.Panic.Type
	case r.Err != nil:
		return fmt.Sprint("error ", r.Err.Type, r.Err.Sentinels)
	}
	return string(r.Outcome)
}

// withCode returns r with the inputs that cannot be written back from
// their recorded values replaced by the Go code that built them (see
// CasesFromResults). Null stays null: a nil pointer is written as such.
func withCode(f *target.Func, p executors.Probe, r executors.Result) executors.Result {
	exprs := map[string]string{}
	typeOf := map[string]types.Type{}
	if f.Recv != nil && p.Recv != "" {
		exprs["receiver"], typeOf["receiver"] = p.Recv, f.Recv
	}
	for j, prm := range f.Params {
		if j < len(p.Args) {
			exprs[prm.Name], typeOf[prm.Name] = p.Args[j], prm.Type
		}
	}
	var declared map[string]bool
	var inputs []executors.NamedValue
	for i, in := range r.Inputs {
		expr, ok := exprs[in.Name]
		if !ok || typeOf[in.Name] == nil {
			continue
		}
		// A nil pointer in an interface ((*T)(nil)) is recorded as nil
		// is, but is no nil interface, and a pointer to a nil slice or
		// map (new([]byte)) as a nil pointer is, but is none: their
		// code is what the call saw.
		typedNil := in.Value.Kind == spec.Null && (types.IsInterface(typeOf[in.Name]) || pointsToNilable(typeOf[in.Name])) && !nilExpr(f, typeOf[in.Name], expr)
		if in.Value.Kind == spec.Null && !typedNil {
			continue
		}
		// An argument built from the receiver (l.Front()) is that
		// receiver's own: a value equal to it, built apart, is not.
		fromRecv := in.Name != "receiver" && executors.UsesReceiver(f, expr)
		if !typedNil && target.Rebuilds(typeOf[in.Name]) && !unwritable(in.Value) && !retyped(f, typeOf[in.Name], in.Value, expr) && !fromRecv {
			continue
		}
		if declared == nil {
			declared = setupNames(p.Setup)
		}
		if !standsAlone(expr, declared) {
			continue
		}
		if inputs == nil {
			inputs = append([]executors.NamedValue(nil), r.Inputs...)
		}
		inputs[i].Value = spec.CodeValue(unparen(expr))
		// The argument as the call left it is compared with the value
		// recorded before the call, which the code no longer shows:
		// an argument the call did not change is dropped here.
		var after []executors.NamedValue
		for _, a := range r.ArgsAfter {
			if a.Name != in.Name || !spec.Equal(in.Value, a.Value, spec.EqualOption{}) {
				after = append(after, a)
			}
		}
		r.ArgsAfter = after
	}
	if inputs != nil {
		r.Inputs = inputs
	}
	r.Globals = globalsWithCode(f, p, r.Globals)
	return r
}

// pointsToNilable reports whether t is a pointer to a type whose zero
// value is nil (a slice, a map, a pointer, a channel, a function or an
// interface), which is recorded as null when it is.
func pointsToNilable(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	switch p.Elem().Underlying().(type) {
	case *types.Slice, *types.Map, *types.Pointer, *types.Chan, *types.Signature, *types.Interface:
		return true
	}
	return false
}

// nilExpr reports whether expr is nil, or nil converted to t
// (any(nil), interface{}(nil), (*[]byte)(nil)): no typed nil, no
// pointer to nil.
func nilExpr(f *target.Func, t types.Type, expr string) bool {
	var pkg *types.Package
	if f.Pkg != nil {
		pkg = f.Pkg.Types
	}
	ts := target.NewQualifier(pkg).TypeString(t)
	for {
		inner := unconvert(expr, ts)
		if inner == expr {
			return expr == "nil"
		}
		expr = inner
	}
}

// globalsWithCode returns the globals a probe set, those whose
// recorded values would not build again replaced by the code that set
// them.
func globalsWithCode(f *target.Func, p executors.Probe, gs []executors.NamedValue) []executors.NamedValue {
	if len(gs) == 0 || f.Pkg == nil {
		return gs
	}
	var out []executors.NamedValue
	for i, g := range gs {
		k := slices.IndexFunc(p.Globals, func(pg executors.Global) bool { return pg.Name == g.Name })
		t, err := executors.GlobalType(f.Pkg.Types, g.Name)
		if k < 0 || err != nil || g.Value.Kind == spec.Null {
			continue
		}
		if target.Rebuilds(t) && !unwritable(g.Value) && !retyped(f, t, g.Value, p.Globals[k].Expr) {
			continue
		}
		if out == nil {
			out = append([]executors.NamedValue(nil), gs...)
		}
		out[i].Value = spec.CodeValue(unparen(p.Globals[k].Expr))
	}
	if out == nil {
		return gs
	}
	return out
}

// retyped reports whether v, a value of an interface, was built by expr
// with a dynamic type that v written back would not have (such as
// int8(42), which v, 42, would write back as an int, or a value of the
// package's own implementation of a non-empty interface); for a value
// holding interfaces deeper down ([]Shape), whether it would not be
// built again from v.
func retyped(f *target.Func, t types.Type, v spec.Value, expr string) bool {
	nested := !types.IsInterface(t)
	if nested && !holdsInterface(t, map[types.Type]bool{}) {
		return false
	}
	var pkg *types.Package
	if f.Pkg != nil {
		pkg = f.Pkg.Types
	}
	if hasUint(v) {
		return true // a spec reads it back as an int
	}
	q := target.NewQualifier(pkg)
	s, err := target.GoExpr(v, t, q)
	ts := q.TypeString(t)
	if err != nil || unconvert(s, ts) == unconvert(expr, ts) {
		return err != nil
	}
	if nested {
		// Interfaces deeper down ([]Shape): the value is written back
		// when each builds again, unless an empty interface held a
		// value of a type its record does not carry
		// ([]interface{}{time.Date(…)}, recorded as a string; an error
		// field is rebuilt from its text), or a value of a type of
		// the package would be written back as a fake of the interface
		// (its record is a map, as a fake's is): more fakes written
		// back than the code built.
		for _, d := range q.Decls() {
			if strings.Count(s, d.Name+"{") > strings.Count(expr, d.Name+"{") {
				return true
			}
		}
		return holdsAny(t) && (carriesCode(expr) || typedInAny(expr, t))
	}
	return true
}

// typedInAny reports whether expr, a value of type t, puts a composite
// literal of a type other than []any or map[string]any in an empty
// interface below its top (concatExpr{map[string]int{"a": 1}}): its
// record is written back as a map[string]any, of another type.
func typedInAny(expr string, t types.Type) bool {
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return true
	}
	return typedSlot(e, t, 0)
}

// typedSlot walks e, of type t, down its composite literals.
func typedSlot(e ast.Expr, t types.Type, depth int) bool {
	if depth > 20 {
		return false
	}
	e = ast.Unparen(e)
	if it, ok := t.Underlying().(*types.Interface); ok && it.Empty() {
		cl, ok := e.(*ast.CompositeLit)
		if !ok {
			return false
		}
		nt, natural := naturalType(cl.Type)
		if !natural {
			return true
		}
		t = nt
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if p, ok := t.Underlying().(*types.Pointer); ok && x.Op == token.AND {
			return typedSlot(x.X, p.Elem(), depth+1)
		}
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			switch u := t.Underlying().(type) {
			case *types.Slice:
				if typedSlot(valueOf(el), u.Elem(), depth+1) {
					return true
				}
			case *types.Array:
				if typedSlot(valueOf(el), u.Elem(), depth+1) {
					return true
				}
			case *types.Map:
				if isKV && (typedSlot(kv.Key, u.Key(), depth+1) || typedSlot(kv.Value, u.Elem(), depth+1)) {
					return true
				}
			case *types.Struct:
				if !isKV {
					continue
				}
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				for i := 0; i < u.NumFields(); i++ {
					if u.Field(i).Name() == id.Name && typedSlot(kv.Value, u.Field(i).Type(), depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// valueOf is the value of a composite literal's element.
func valueOf(el ast.Expr) ast.Expr {
	if kv, ok := el.(*ast.KeyValueExpr); ok {
		return kv.Value
	}
	return el
}

// naturalType is the type a composite literal of type expression x has
// when it is one a record writes back as it is ([]any, []interface{},
// map[string]any, map[string]interface{}), and whether it is.
func naturalType(x ast.Expr) (types.Type, bool) {
	empty := func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.Ident:
			return x.Name == "any"
		case *ast.InterfaceType:
			return x.Methods == nil || len(x.Methods.List) == 0
		}
		return false
	}
	anyT := types.NewInterfaceType(nil, nil)
	switch x := x.(type) {
	case *ast.ArrayType:
		if x.Len == nil && empty(x.Elt) {
			return types.NewSlice(anyT), true
		}
	case *ast.MapType:
		if id, ok := x.Key.(*ast.Ident); ok && id.Name == "string" && empty(x.Value) {
			return types.NewMap(types.Typ[types.String], anyT), true
		}
	}
	return nil, false
}

// carriesCode reports whether expr, the code of an argument, converts
// or calls (time.Date(…), int8(2)) inside the composite it builds: a
// value whose record, written back, would be of another type.
func carriesCode(expr string) bool {
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return true
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// holdsInterface reports whether a value of type t holds an interface
// value below its top: in an element, a key, a field or what a pointer
// points to.
func holdsInterface(t types.Type, seen map[types.Type]bool) bool {
	return holdsIface(t, types.IsInterface, seen)
}

// holdsAny reports whether a value of type t holds an empty interface
// value below its top ([]interface{}, map[string]any), whose dynamic
// type only the code that built it says.
func holdsAny(t types.Type) bool {
	empty := func(t types.Type) bool {
		i, ok := t.Underlying().(*types.Interface)
		return ok && i.Empty()
	}
	return holdsIface(t, empty, map[types.Type]bool{})
}

// holdsIface reports whether a value of type t holds, below its top, a
// value of an interface type that is tells.
func holdsIface(t types.Type, is func(types.Type) bool, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	var inner []types.Type
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		inner = append(inner, u.Elem())
	case *types.Slice:
		inner = append(inner, u.Elem())
	case *types.Array:
		inner = append(inner, u.Elem())
	case *types.Map:
		inner = append(inner, u.Key(), u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			inner = append(inner, u.Field(i).Type())
		}
	}
	for _, e := range inner {
		if is(e) || holdsIface(e, is, seen) {
			return true
		}
	}
	return false
}

// hasUint reports whether v holds an unsigned integer.
func hasUint(v spec.Value) bool {
	switch v.Kind {
	case spec.Uint:
		return true
	case spec.List:
		for _, e := range v.List {
			if hasUint(e) {
				return true
			}
		}
	case spec.Map:
		for _, e := range v.Map {
			if hasUint(e.Key) || hasUint(e.Val) {
				return true
			}
		}
	}
	return false
}

// unconvert strips the parentheses around expr and a conversion of it to
// the interface type written ts (or any, interface{}).
func unconvert(expr, ts string) string {
	expr = unparen(expr)
	for _, name := range []string{ts, "any", "interface{}", "(" + ts + ")"} {
		if rest, ok := strings.CutPrefix(expr, name+"("); ok && strings.HasSuffix(rest, ")") {
			inner := strings.TrimSuffix(rest, ")")
			if x, err := parser.ParseExpr(expr); err == nil {
				if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 && int(call.Lparen) == len(name)+1 && int(call.Rparen) == len(expr) {
					return unparen(inner)
				}
			}
		}
	}
	return expr
}

// setupNames are the names a probe's setup statements declare.
func setupNames(setup string) map[string]bool {
	names := map[string]bool{}
	if strings.TrimSpace(setup) == "" {
		return names
	}
	file, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+setup+"\n}\n", parser.SkipObjectResolution)
	if err != nil {
		names[""] = true // unreadable: nothing stands alone
		return names
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						names[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				names[id.Name] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && n.Tok == token.DEFINE {
					names[id.Name] = true
				}
			}
		}
		return true
	})
	return names
}

// standsAlone reports whether expr is a Go expression that uses none of
// the names declared by the probe's setup.
func standsAlone(expr string, declared map[string]bool) bool {
	if declared[""] || spec.CheckCode(expr) != nil {
		return false
	}
	x, _ := parser.ParseExpr(expr)
	alone := true
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && declared[id.Name] {
			alone = false
		}
		return alone
	})
	return alone
}

// unparen strips the parentheses around a whole expression.
func unparen(expr string) string {
	for {
		x, err := parser.ParseExpr(expr)
		if err != nil {
			return expr
		}
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return expr
		}
		expr = strings.TrimSpace(expr[p.Lparen : p.Rparen-1])
	}
}

// Reached reports whether the probe that gave r got to its call of f:
// its receiver and every argument were built and recorded. One that
// stopped before (a receiver whose filling panicked) is not a case.
func Reached(f *target.Func, r executors.Result) bool {
	if f.Recv != nil {
		if _, ok := executors.Named(r.Inputs, "receiver"); !ok {
			return false
		}
	}
	for _, p := range f.Params {
		if _, ok := executors.Named(r.Inputs, p.Name); !ok {
			return false
		}
	}
	return true
}

// harnessRE matches what names the files and functions specgen runs a
// probe from (specgen_probes_0_test.go, specgenRun): a caller's file
// or a stack the function reports.
var harnessRE = regexp.MustCompile(`specgen_[a-z0-9_]+_test\.go|\bspecgen(Run|Shape)`)

// namesHarness reports whether r's error, panic or values after the
// call name the harness that ran the probe (see harnessRE): such a value
// is the harness's, not the function's, and differs where the case
// runs. (Results that do are not pinned: see caseFromResult.)
func namesHarness(r executors.Result) bool {
	if r.After != nil && harnessValue(*r.After) {
		return true
	}
	for _, a := range r.ArgsAfter {
		if harnessValue(a.Value) {
			return true
		}
	}
	return r.Err != nil && harnessRE.MatchString(r.Err.Message) || r.Panic != nil && harnessRE.MatchString(r.Panic.Message)
}

// harnessValue reports whether v names the harness (see harnessRE).
func harnessValue(v spec.Value) bool {
	switch v.Kind {
	case spec.String, spec.Opaque:
		return harnessRE.MatchString(v.Str)
	case spec.List:
		return slices.ContainsFunc(v.List, harnessValue)
	case spec.Map:
		return slices.ContainsFunc(v.Map, func(e spec.Entry) bool { return harnessValue(e.Key) || harnessValue(e.Val) })
	}
	return false
}

// panickingValue is the value of a case's panicking written from a
// probe's Go expression: the string a string literal holds, else the
// expression as code.
func panickingValue(expr string) spec.Value {
	if s, err := strconv.Unquote(expr); err == nil && strings.HasPrefix(expr, `"`) {
		return spec.StringValue(s)
	}
	return spec.CodeValue(expr)
}

// caseFromResult turns one observed result into a case.
func caseFromResult(f *target.Func, r executors.Result) (*spec.Case, string) {
	if n := caseText(r); n > maxCaseText {
		return nil, fmt.Sprintf("left out: its values take %s written, more than a readable case holds", byteSize(n))
	}
	if namesHarness(r) {
		return nil, "left out: its error, panic or inputs after the call name specgen's own probe files (a caller's line, a stack), which differ in the exported test"
	}
	c := &spec.Case{}
	if len(r.Globals) > 0 {
		m := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
		for _, g := range r.Globals {
			if unwritable(g.Value) {
				return nil, fmt.Sprintf("global %s cannot be written as a value", g.Name)
			}
			m.Map = append(m.Map, spec.Entry{Key: spec.StringValue(g.Name), Val: g.Value})
		}
		c.Globals = &m
	}
	params := map[string]spec.Value{}
	for _, in := range r.Inputs {
		if unwritable(in.Value) {
			return nil, fmt.Sprintf("input %s cannot be written as a value", in.Name)
		}
		if in.Name == "receiver" && f.Recv != nil {
			v := in.Value
			c.Receiver = &v
			continue
		}
		params[in.Name] = in.Value
	}
	if f.Recv != nil && c.Receiver == nil {
		return nil, "left out: the probe stopped before its receiver was built"
	}
	if len(f.Params) == 1 {
		v, ok := params[f.Params[0].Name]
		if !ok {
			return nil, "left out: the probe stopped before its argument was built"
		}
		c.Input = &v
	} else if len(f.Params) > 1 {
		m := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
		for _, p := range f.Params {
			v, ok := params[p.Name]
			if !ok {
				return nil, "left out: the probe stopped before argument " + p.Name + " was built"
			}
			m.Map = append(m.Map, spec.Entry{Key: spec.StringValue(p.Name), Val: v})
		}
		c.Inputs = &m
	}
	switch r.Outcome {
	case executors.OK:
		c.ReceiverAfter = receiverAfter(f, r.After)
		c.InputsAfter = InputsAfter(params, r.ArgsBefore, r.ArgsAfter)
		if r.Err != nil {
			c.Raises = RaisesName(r.Err)
			c.Match = Anchor(r.Err.Message)
			return c, ""
		}
		outputs := make([]spec.Value, len(r.Outputs))
		pinned := true
		for j, o := range r.Outputs {
			if j < len(f.Results) && o.Kind == spec.Map {
				_, isStruct := target.ObservedStruct(f.Results[j])
				switch {
				case target.Opaque(f.Results[j]), target.Called(f.Results[j]), target.ObservedIface(f.Results[j]):
					o, pinned = observedValue(o)
				case isStruct && len(o.Map) == 0:
					pinned = false // never a blank {}
				}
				if !pinned {
					break
				}
			}
			if o.Kind == spec.Opaque {
				// A func returned (a decorator's closure): no value
				// states it; the case pins that the call returns it.
				pinned = false
				break
			}
			if harnessValue(o) {
				// A caller's line or a stack naming the files specgen
				// ran the probe from, which the exported test does
				// not: the case pins that the call returns.
				pinned = false
				break
			}
			if garbled(o) {
				return nil, "the result cannot be written as a value"
			}
			outputs[j] = o
		}
		switch {
		case len(r.Outputs) > 0 && !pinned:
			// A result with nothing to observe: the case pins that the
			// call returns. The exported test runs no observer of it,
			// so the calls a callback argument had from them (a
			// middleware served a request calls its key function) are
			// not stated.
			c.InputsAfter = withoutCallLogs(c.InputsAfter, f)
		case len(r.Outputs) == 0:
			// A function with no results: the case pins that it returns.
		case len(r.Outputs) == 1:
			v := outputs[0]
			c.Expected = &v
		default:
			v := spec.ListValue(outputs...)
			c.Expected = &v
		}
		return c, ""
	case executors.Panicked:
		c.Raises = "panic"
		if !r.Panic.Dumped() {
			// A struct printed with its addresses would never match again.
			c.Match = Anchor(r.Panic.Message)
		}
		return c, ""
	}
	return nil, fmt.Sprintf("a %s cannot be stated in a spec", r.Outcome)
}

// receiverAfter is what a case states of the receiver as the call left
// it, from what the probe recorded: only for a method that changes its
// receiver (the receiver of another is what the case built), its
// observers that gave a writable value for an opaque receiver (see
// observedValue), its canonical tree for another, null for a nil one;
// nil when that says nothing (never a blank {}).
func receiverAfter(f *target.Func, after *spec.Value) *spec.Value {
	if after == nil || !f.MutatesReceiver() {
		return nil
	}
	v := *after
	switch {
	case v.Kind == spec.Null:
	case v.Kind == spec.Map && target.Opaque(f.AfterType()):
		var ok bool
		if v, ok = observedValue(v); !ok {
			return nil
		}
	case v.Kind == spec.Map && len(v.Map) == 0, unwritable(v):
		return nil
	}
	return &v
}

// withoutCallLogs is after, the arguments after the call, without those
// of f's function parameters (the calls a callback had), or nil when
// none is left.
func withoutCallLogs(after *spec.Value, f *target.Func) *spec.Value {
	if after == nil || after.Kind != spec.Map {
		return after
	}
	out := spec.Value{Kind: spec.Map}
	for _, e := range after.Map {
		if i := slices.IndexFunc(f.Params, func(p target.Param) bool { return p.Name == e.Key.Str }); i >= 0 && target.Called(f.Params[i].Type) {
			continue
		}
		out.Map = append(out.Map, e)
	}
	if len(out.Map) == 0 {
		return nil
	}
	return &out
}

// InputsAfter is what a case states of its arguments as the call left
// them, from what the probe recorded: those the call changed (their
// value differs from the one the call was given, or, for an argument
// observed through its API, from what its observers gave before the
// call, observed), as a map by parameter name in parameter order; nil
// when the call changed none it can write.
func InputsAfter(before map[string]spec.Value, observed, after []executors.NamedValue) *spec.Value {
	var m []spec.Entry
	for _, a := range after {
		in, ok := before[a.Name]
		if obs, seen := executors.Named(observed, a.Name); seen {
			in, ok = obs, true
		}
		if !ok || spec.Equal(in, a.Value, spec.EqualOption{}) || unwritable(a.Value) {
			continue
		}
		m = append(m, spec.Entry{Key: spec.StringValue(a.Name), Val: a.Value})
	}
	if m == nil {
		return nil
	}
	return &spec.Value{Kind: spec.Map, Map: m}
}

// observedValue is the expected value of a result observed through its
// API (see target.Observers): the observers that gave a writable value,
// and the calls of a returned function that panicked (see calledPanic).
// ok is false when that says nothing the runner would check: nothing is
// left (never a blank {}), or only fields are left after some were
// dropped (a map of fields alone is compared with the whole canonical
// tree).
func observedValue(v spec.Value) (out spec.Value, ok bool) {
	out = spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
	methods := false
	for _, e := range v.Map {
		if unwritable(e.Val) && !calledPanic(e) {
			continue
		}
		out.Map = append(out.Map, e)
		methods = methods || target.ReadThroughObserver(e.Key.Str)
	}
	if len(out.Map) == 0 || !methods && len(out.Map) < len(v.Map) {
		return out, false
	}
	return out, true
}

// calledPanic reports whether e is a call of a returned function that
// panicked every time ('(FuncJob(func() { panic("boom") })).Run()':
// <panic>, a decorator that lets its job's panic through), which the
// run compares as that text. A method observer that panics (Broken())
// is left out: it panics whatever the input, and would only repeat so
// in every case.
func calledPanic(e spec.Entry) bool {
	return strings.HasPrefix(e.Key.Str, "(") && e.Val.Kind == spec.Opaque && e.Val.Str == executors.ObserverPanic
}

// unwritable reports values that do not convert back into Go inputs:
// opaque values (funcs, chans, cycles) and strings that were not UTF-8
// (see garbled).
func unwritable(v spec.Value) bool { return holds(v, true) }

// garbled reports values with a string that was not UTF-8 (U+FFFD stands
// for bytes that were not, so the value that reached us is not the one
// the code saw) or an opaque map key. An expected result may hold other
// opaque values: a node's parent pointer back to it is written <cycle>,
// which the run's result compares equal to, as the text it is.
func garbled(v spec.Value) bool { return holds(v, false) }

// holds reports whether v holds a string that was not UTF-8, an opaque
// map key, or, with opaque, any opaque value.
func holds(v spec.Value, opaque bool) bool {
	switch v.Kind {
	case spec.Opaque:
		return opaque
	case spec.String:
		return strings.ContainsRune(v.Str, utf8.RuneError)
	case spec.List:
		for _, e := range v.List {
			if holds(e, opaque) {
				return true
			}
		}
	case spec.Map:
		for _, e := range v.Map {
			// An opaque key is never written: two chans are both
			// <chan int>, one key twice.
			if holds(e.Key, true) || holds(e.Val, opaque) {
				return true
			}
		}
	}
	return false
}

// RaisesName picks the most specific name for a returned error: a
// sentinel of the package or the standard library, else a concrete type
// that says something (not the anonymous wrappers of errors.New and
// fmt.Errorf), else "error". An unexported type is named only when the
// package lists know it (the package under test's own): another
// package's (*time.parseDurationError) cannot be written in a spec or a
// test, and changes with that package's version.
func RaisesName(e *executors.ErrorInfo) string {
	if len(e.Sentinels) > 0 {
		return e.Sentinels[0]
	}
	for _, t := range append([]string{e.Type}, e.Types...) {
		switch t {
		case "", "*errors.errorString", "*fmt.wrapError", "*fmt.wrapErrors", "*errors.joinError":
			continue
		}
		if base := t[strings.LastIndex(t, ".")+1:]; !token.IsExported(base) && !slices.Contains(e.Types, t) {
			continue
		}
		return t
	}
	return "error"
}

// Anchor makes a regexp that matches exactly msg, but for the capacity
// a runtime bounds error names (see anyCapacity). Long messages are
// anchored on their first 120 bytes only.
func Anchor(msg string) string {
	// A message with invalid UTF-8 reaches us with U+FFFD in place of the
	// bad bytes: anchor on the part before it only.
	if i := strings.IndexRune(msg, utf8.RuneError); i >= 0 {
		return "^" + regexp.QuoteMeta(msg[:i])
	}
	if len(msg) > 120 {
		cut := 120
		for cut > 0 && !utf8Start(msg[cut]) {
			cut--
		}
		return "^" + regexp.QuoteMeta(msg[:cut])
	}
	return "^" + anyCapacity(regexp.QuoteMeta(msg)) + "$"
}

// anyCapacity has a quoted runtime bounds error (slice bounds out of
// range [:18] with capacity 16) match any capacity: the capacity of a
// slice made from a string or by append is the allocator's choice, which
// differs between a probe and the test that runs the case.
func anyCapacity(quoted string) string {
	const with = " with capacity "
	before, after, ok := strings.Cut(quoted, with)
	if !ok || !strings.HasPrefix(quoted, "runtime error: slice bounds out of range") {
		return quoted
	}
	n := 0
	for n < len(after) && '0' <= after[n] && after[n] <= '9' {
		n++
	}
	if n == 0 {
		return quoted
	}
	return before + with + `\d+` + after[n:]
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func scalarSlug(v spec.Value) string {
	var s string
	switch v.Kind {
	case spec.Null:
		return "nil"
	case spec.String, spec.Opaque, spec.Code:
		if v.Str == "" {
			return "empty"
		}
		s = v.Str
	case spec.List:
		if len(v.List) == 0 {
			return "none"
		}
		return fmt.Sprintf("%d-items", len(v.List))
	case spec.Map:
		return "struct"
	case spec.Float:
		s = spec.FormatFloat(v.Float)
	default:
		s = v.String()
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
		case v.IsNumber() && (r == '.' || r == '-' || r == '+'):
			// 1.5 → 1p5, -3 → m3: numbers stay readable in ids.
			b.WriteRune(map[rune]rune{'.': 'p', '-': 'm', '+': 'p'}[r])
			dash = false
		default:
			if !dash {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	out := strings.Trim(b.String(), "-")
	if len(out) > 16 {
		out = strings.TrimRight(out[:16], "-")
	}
	return out
}

// SortCases orders cases: successes first, then errors, then panics,
// keeping the exploration's order within each group.
func SortCases(cases []*spec.Case) {
	rank := func(c *spec.Case) int {
		switch {
		case c.Raises == "":
			return 0
		case c.Raises == "panic":
			return 2
		}
		return 1
	}
	sort.SliceStable(cases, func(i, j int) bool { return rank(cases[i]) < rank(cases[j]) })
}
