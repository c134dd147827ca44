package explore

import (
	"go/constant"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of value generation.
const (
	maxDepth       = 3   // nesting of structs, pointers, slices and maps
	maxStrings     = 900 // candidates of a string type
	maxCandidates  = 400 // candidates of any other type
	maxElemChoices = 8   // element candidates used to build composites
)

// valueGen produces candidate values per Go type: boundary values of the
// type's kind, the values mined from the function's source, and
// combinations of those, most promising first.
type valueGen struct {
	self  *types.Package
	m     *mined
	cache map[string][]spec.Value
	strs  []spec.Value // the string candidates, computed once
	// pkg is the package under test, when known: its constructors'
	// arguments are generated from their own mined values (subs).
	pkg  *target.Package
	subs map[*types.Func]*valueGen
	// under is the function under test: never called to make its own
	// inputs (see harvested).
	under types.Object
	// noOwn leaves out the package's values made by running it and the
	// structure-aware mutations (see Builtin.noOwn).
	noOwn bool
	// lits are the keyed literals of the package's structs written
	// (see fieldLits), by their code, with the values of their fields:
	// the mutator changes one field of such a literal.
	lits map[string]litVals
	// asserted are the values of the types the code asserts an any to,
	// by depth (see assertedValues).
	asserted map[int][2][]spec.Value
	// harvestedCode are the harvested values an empty interface was
	// given (see anyValues): the probes' reports of them are text to
	// mutate.
	harvestedCode map[string]bool
	// tags is how the package reads struct tags, found once and shared
	// with subs (see taggedValues).
	tags *tagCache
	// ptrs are the fields that must hold a pointer, found once and
	// shared with subs (see pointerFields).
	ptrs *ptrFieldCache
}

func newValueGen(self *types.Package, m *mined) *valueGen {
	return &valueGen{self: self, m: m, cache: map[string][]spec.Value{}, subs: map[*types.Func]*valueGen{}, lits: map[string]litVals{}, asserted: map[int][2][]spec.Value{}, harvestedCode: map[string]bool{}, tags: &tagCache{}, ptrs: &ptrFieldCache{}}
}

// values returns the candidates of t, without duplicates.
func (g *valueGen) values(t types.Type) []spec.Value { return g.valuesAt(t, 0) }

func (g *valueGen) valuesAt(t types.Type, depth int) []spec.Value {
	key := strconv.Itoa(depth) + types.TypeString(t, nil)
	if vs, ok := g.cache[key]; ok {
		return vs
	}
	g.cache[key] = nil // a recursive type sees no candidates for itself
	vs := g.compute(t, depth)
	if fs := g.fieldValues(t, depth); len(fs) > 0 {
		// After the first (nil, the zero value), taking turns with the
		// others; after the first three (nil, the zero value, a typical
		// one) when a literal writes t as well (plain data, a *Pair):
		// the typical value is then a literal, not a field read off a
		// value at its start, which is more often nil.
		k := min(1, len(vs))
		if target.Rebuilds(t) {
			k = min(3, len(vs))
		}
		vs = append(vs[:k:k], interleave(fs, vs[k:])...)
	}
	limit := maxCandidates
	if isStringType(t) {
		limit = maxStrings
	}
	vs = uniqueValues(vs, limit)
	g.cache[key] = vs
	return vs
}

// compute returns the candidates of t: for a type whose values are built
// by code (see builtTarget and foreignTarget), those values come first,
// after nil.
func (g *valueGen) compute(t types.Type, depth int) []spec.Value {
	if reqs, ok := g.requests(t); ok {
		return reqs
	}
	if res, ok := g.responses(t); ok {
		return res
	}
	if strong, weak := g.harvested(t, depth); len(strong)+len(weak) > 0 {
		// The package's own values: the likeliest right after the first
		// plain ones (the empty value and a typical one), taking turns
		// with the others; the others once the mined values were tried.
		plain := g.computePlain(t, depth)
		k, l := min(2, len(plain)), min(harvestWeakAfter, len(plain))
		out := append(plain[:k:k], interleave(strong, plain[k:l])...)
		return append(out, interleave(weak, plain[l:])...)
	}
	var built []spec.Value
	ptr := false
	if n, p := g.builtTarget(t); n != nil {
		built, ptr = g.builtValues(n, p, depth), p
	} else if n, p := g.foreignTarget(t); n != nil {
		ts := n.Obj().Pkg().Name() + "." + n.Obj().Name()
		built, ptr = append(g.ownProducers(t, ts, p), g.foreignValues(n, ts, p, depth)...), p
	}
	if len(built) == 0 {
		plain := g.computePlain(t, depth)
		if made := g.madeLiterals(t, depth); len(made) > 0 {
			// After the zero, typical and first swept literals: what
			// the package's constructors make (Parse(`{"a":1}`) for
			// a Result whose Raw, Type and Str must agree).
			k := min(3, len(plain))
			return slices.Concat(plain[:k:k], interleave(made, plain[k:]))
		}
		return plain
	}
	plain := g.computePlain(t, depth)
	if ptr && len(plain) > 0 && plain[0].Kind == spec.Null {
		return append(append([]spec.Value{plain[0]}, built...), plain[1:]...)
	}
	return append(built, plain...)
}

func (g *valueGen) computePlain(t types.Type, depth int) []spec.Value {
	if isDuration(t) {
		return g.durations()
	}
	if isTime(t) {
		// target.GoExpr builds a time.Time from RFC 3339: the zero time,
		// the epoch, a leap day, a Saturday and a Sunday, the ends of a
		// year and of a day, 2038, another zone.
		var out []spec.Value
		for _, s := range []string{
			"2024-02-29T12:30:45Z", "0001-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2024-03-02T09:00:00Z",
			"2024-03-03T23:59:59Z", "1999-12-31T23:59:59.999999999-08:00", "2024-12-31T00:00:00Z",
			"2038-01-19T03:14:08Z", "2000-01-01T00:00:00+05:30", "9999-12-31T23:59:59Z",
		} {
			out = append(out, spec.StringValue(s))
		}
		return out
	}
	if isNamed(t, "context", "Context") {
		// null is context.Background(); then one already cancelled, for
		// the branches that give up (ctx.Done(), ctx.Err()), and one
		// that expires during the call, for a select on ctx.Done()
		// while the function waits (a retry's backoff).
		out := []spec.Value{spec.NullValue(), spec.CodeValue(cancelledContext), spec.CodeValue(expiringContext)}
		// Then one holding each value the code reads off it by a key
		// of its package (ctx.Value(userKey).(*User)).
		for _, c := range g.m.http.Contexts {
			out = append(out, spec.CodeValue("context.WithValue(context.Background(), "+c.Key+", "+c.Value+")"))
		}
		return out
	}
	if entry := isNamed(t, "io/fs", "DirEntry"); entry || isNamed(t, "io/fs", "FileInfo") {
		return fileInfos(entry)
	}
	if rv := g.reflectValues(t); rv != nil {
		return rv
	}
	if recorderFits(t) && g.codeNames("net/http") {
		// A handler's writer: one that keeps the response. Never nil:
		// net/http passes none.
		return []spec.Value{spec.CodeValue("httptest.NewRecorder()")}
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		consts := g.namedConsts(n)
		if it, ok := n.Underlying().(*types.Interface); ok && !it.Empty() {
			// Its type arguments, if any, instantiate generic
			// implementations.
			return append(consts, g.ifaceValues(it, n, depth)...)
		}
		if sig, ok := n.Underlying().(*types.Signature); ok {
			makers := g.funcMakers(n, depth)
			if depth == 0 {
				return append(consts, append(append(g.namedFuncs(n, sig), makers...), g.funcValues(sig)...)...)
			}
			if nested := append(g.namedFuncs(n, sig), makers...); len(nested) > 0 {
				// Nested (an element of opts ...Option, of delays
				// ...DelayFunc): nil, the package's functions of the
				// type, or what its makers return.
				return append(append(consts, spec.NullValue()), nested...)
			}
		}
		plain := g.computePlain(n.Underlying(), depth)
		if depth >= 2 {
			// After the zero and the typical value, which are all
			// structs gives this deep.
			if reads := g.readFieldValues(n, depth); len(reads) > 0 {
				k := min(2, len(plain))
				plain = slices.Concat(plain[:k:k], reads, plain[k:])
			}
		}
		return append(consts, plain...)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return g.basic(u)
	case *types.Pointer:
		out := []spec.Value{spec.NullValue()}
		if depth >= maxDepth {
			return out
		}
		// A pointer to a struct is no level of its own (&T{…} is one
		// literal): *insertData's [][]any field holds values as T's
		// would.
		d := depth + 1
		if _, ok := u.Elem().Underlying().(*types.Struct); ok {
			d = depth
		}
		var elems []spec.Value
		for _, v := range g.valuesAt(u.Elem(), d) {
			if v.Kind != spec.Code { // code of the element type is not a pointer
				elems = append(elems, v)
			}
		}
		out = append(out, elems[:min(len(elems), 2*maxElemChoices)]...)
		if nilPointee := g.newNil(u.Elem(), depth); nilPointee != nil {
			// Right after the typical value: a pointer to a nil
			// slice or map, which the code fills lazily (if *buf ==
			// nil).
			if i := slices.IndexFunc(out, func(v spec.Value) bool { return v.Kind != spec.Null }); i >= 0 {
				out = slices.Insert(out, i+1, *nilPointee)
			}
		}
		return out
	case *types.Slice:
		out := g.slices(u.Elem(), depth)
		if spare := g.spareSlices(t, depth); len(spare) > 0 && len(out) > 3 {
			// Right after nil, the empty list and the typical one.
			out = slices.Concat(out[:3], spare, out[3:])
		}
		return out
	case *types.Array:
		return g.arrays(u, depth)
	case *types.Map:
		return g.maps(u, depth)
	case *types.Struct:
		return g.structs(u, depth)
	case *types.Interface:
		if !u.Empty() {
			return g.ifaceValues(u, nil, depth)
		}
		out := g.anyValues(depth)
		out = append(out, spec.IntValue(1), spec.IntValue(-1), spec.FloatValue(1.5), spec.StringValue("abc"))
		for _, w := range g.m.words[:min(len(g.m.words), 6)] {
			out = append(out, spec.StringValue(w))
		}
		// Text in the formats the code parses (JSON for json.Unmarshal):
		// a string it is given may be one.
		for _, w := range g.m.formats[:min(len(g.m.formats), 8)] {
			out = append(out, spec.StringValue(w))
		}
		for _, i := range g.m.ints[:min(len(g.m.ints), 6)] {
			out = append(out, spec.IntValue(i))
		}
		return append(out, spec.ListValue(spec.IntValue(1), spec.StringValue("a")), spec.MapValue("a", spec.IntValue(1)))
	case *types.Signature:
		makers := g.funcMakers(t, depth)
		if depth == 0 {
			// A parameter: the package's functions of its type, what
			// its makers return, and small functions written as code.
			return append(append(g.namedFuncs(t, u), makers...), g.funcValues(u)...)
		}
		if fs := append(g.namedFuncs(t, u), makers...); len(fs) > 0 {
			// Nested: nil, or the package's functions of the type, or
			// what its makers return (an option of opts
			// ...func(*Config): WithPresize(2)).
			return append([]spec.Value{spec.NullValue()}, fs...)
		}
		if target.Middleware(t) {
			// A chain's middleware: ones that pass the request on
			// (what a list of them is built of), then nil.
			return append(g.funcValues(u), spec.NullValue())
		}
	case *types.Chan:
		return append([]spec.Value{spec.NullValue()}, g.chanValues(u, depth)...)
	}
	// Other nested functions: nil.
	return []spec.Value{spec.NullValue()}
}

// cancelledContext is a context.Context already cancelled, as code.
const cancelledContext = "func() context.Context { ctx, cancel := context.WithCancel(context.Background()); cancel(); return ctx }()"

// expiringContext is a context.Context whose deadline passes 10ms into
// the call, as code; its cancel is released by the deadline itself
// (assigned to _ so that go vet's lostcancel accepts it).
const expiringContext = "func() context.Context { ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond); _ = cancel; return ctx }()"

// ifaceValues are the candidates of a non-empty interface u, named n
// (nil for an unnamed one): target.GoExpr builds an error from its
// message and an io.Reader from its content; other interfaces are nil,
// then what the package's functions that return an n make
// (NewExponential(1s) for a Backoff: the values a caller passes), then
// values of their implementations, built by code (generic ones
// instantiated with n's type arguments).
func (g *valueGen) ifaceValues(u *types.Interface, n *types.Named, depth int) []spec.Value {
	var targs *types.TypeList
	if n != nil {
		targs = n.TypeArgs()
	}
	var out []spec.Value
	switch ifaceMethod(u) {
	case "Error":
		out = []spec.Value{spec.NullValue(), spec.StringValue("boom"), spec.StringValue("EOF"), spec.StringValue("")}
	case "Read":
		out = append([]spec.Value{spec.StringValue(""), spec.StringValue("abc"), spec.NullValue()}, g.writtenReaders(depth)...)
	case "Write":
		// Standard writers, written as code: one that keeps what it is
		// given, and one that drops it.
		return append([]spec.Value{spec.CodeValue("&bytes.Buffer{}"), spec.CodeValue("&strings.Builder{}"),
			spec.CodeValue("io.Discard"), spec.NullValue()}, g.implValues(u, targs, depth)...)
	case "String":
		out = append(append([]spec.Value{spec.NullValue()}, g.ifaceMakers(n, depth)...), spec.CodeValue("time.Duration(1500000000)"))
		return append(out, g.implValues(u, targs, depth)...)
	default:
		out = []spec.Value{spec.NullValue()}
		if mapFSFits(u) {
			// A file system: in-memory trees, before the fakes (whose
			// Open fails or gives nil).
			out = append(out, g.fsTrees()...)
		}
		out = append(append(out, g.nextHandlers(u)...), g.ifaceMakers(n, depth)...)
		impls := g.implValues(u, targs, depth)
		out = append(out, impls...)
		if sealed(u) && len(impls) > 0 {
			// Only the package's own implementations: a fake of an
			// interface no caller can implement shows nothing a
			// caller could see.
			return out
		}
		var t types.Type = u
		if n != nil {
			t = n
		}
		return append(append(out, g.fakes(t, u, depth)...), g.widerFakes(t, depth)...)
	}
	return append(out, g.strings()[:min(len(g.strings()), 24)]...)
}

// fakes are fakes of the interface t (see target.GoExpr), for code that
// takes an interface the package may not implement at all (a Hook, a
// Store): one whose methods return zero values, one whose methods
// return a typical value of each result and no error, and one whose
// methods fail (their error results "boom", the others zero). The
// results are plain values, which a fake's record gives back: a value
// built by code is left zero. They are made at the deepest level too,
// where an interface has no other value than nil: an element of a
// []Sqlizer field of a receiver, which the code calls.
func (g *valueGen) fakes(t types.Type, u *types.Interface, depth int) []spec.Value {
	if depth > maxDepth+1 || target.Fakeable(t, g.self) != "" {
		return nil
	}
	var typical, failing []spec.Entry
	fails := false
	for i := 0; i < u.NumMethods(); i++ {
		m := u.Method(i)
		res := m.Type().(*types.Signature).Results()
		if res.Len() == 0 {
			continue
		}
		tv, fv := make([]spec.Value, res.Len()), make([]spec.Value, res.Len())
		for j := range tv {
			rt := res.At(j).Type()
			tv[j], fv[j] = spec.NullValue(), spec.NullValue()
			if isErrorType(rt) {
				fv[j], fails = spec.StringValue(fakeFailure), true
				continue
			}
			var plain []spec.Value
			for _, v := range g.valuesAt(rt, depth+1) {
				if v.Kind != spec.Code {
					plain = append(plain, v)
				}
			}
			if len(plain) > 0 {
				tv[j] = g.typical(rt, plain)
			}
			if z := zeroValue(rt); z.Kind != spec.Code {
				fv[j] = z
			}
		}
		key := spec.StringValue(m.Name())
		if res.Len() == 1 {
			typical = append(typical, spec.Entry{Key: key, Val: tv[0]})
			failing = append(failing, spec.Entry{Key: key, Val: fv[0]})
		} else {
			typical = append(typical, spec.Entry{Key: key, Val: spec.ListValue(tv...)})
			failing = append(failing, spec.Entry{Key: key, Val: spec.ListValue(fv...)})
		}
	}
	out := []spec.Value{mapOf()}
	if tm := mapOf(typical...); !isTrivial(tm) {
		out = append(out, tm)
	}
	if fails {
		out = append(out, mapOf(failing...))
	}
	return out
}

// maxWider bounds the wider interfaces whose fakes widerFakes gives.
const maxWider = 2

// widerFakes are fakes of the package's interfaces wider than t (whose
// methods include t's) that the code asserts a t to, or that include
// such an interface: a BaseRunner that the code upgrades with
// runner.(QueryRower) is given a fake of the package's Runner, which
// has both. Each is the fake whose methods return a typical value,
// written as code of the wider type (Runner(fakeRunner{…})): its
// record, a map, would be read as a fake of t. At most maxWider.
func (g *valueGen) widerFakes(t types.Type, depth int) []spec.Value {
	if g.self == nil || g.m == nil || depth > maxDepth {
		return nil
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	// The interfaces the code asserts a t to that a t is not.
	var wants []*types.Interface
	for _, a := range g.m.asserted {
		if ai, ok := a.Underlying().(*types.Interface); ok && !ai.Empty() && !types.Implements(t, ai) && types.AssertableTo(it, a) {
			wants = append(wants, ai)
		}
	}
	if len(wants) == 0 {
		return nil
	}
	var out []spec.Value
	for _, w := range namedTypes(g.self) {
		wi, ok := w.Underlying().(*types.Interface)
		if !ok || types.Identical(w, t) || !types.Implements(w, it) || len(out) == maxWider {
			continue
		}
		if !slices.ContainsFunc(wants, func(ai *types.Interface) bool { return types.Implements(w, ai) }) {
			continue
		}
		for _, v := range g.fakes(w, wi, depth) {
			if isTrivial(v) {
				continue // the zero fake: the typical one shows more
			}
			if c, ok := g.exactCode(v, w); ok {
				out = append(out, c)
			}
			break
		}
	}
	return out
}

// ifaceMakers are what the package's functions that return the named
// interface n make (see funcMakers); none for an unnamed one (nil).
func (g *valueGen) ifaceMakers(n *types.Named, depth int) []spec.Value {
	if n == nil {
		return nil
	}
	return g.funcMakers(n, depth)
}

// namedConsts are the constants declared with exactly type n in its
// package (an enumeration), with the values just outside their range.
func (g *valueGen) namedConsts(n *types.Named) []spec.Value {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	var out []spec.Value
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) {
			continue
		}
		if v, ok := constValue(c.Val(), n); ok {
			out = append(out, v)
			if v.Kind == spec.Int {
				lo, hi = min(lo, v.Int), max(hi, v.Int)
			}
		}
	}
	if lo <= hi {
		if v, ok := intValueOf(n.Underlying(), lo-1); ok && lo > math.MinInt64 {
			out = append(out, v)
		}
		if v, ok := intValueOf(n.Underlying(), hi+1); ok && hi < math.MaxInt64 {
			out = append(out, v)
		}
	}
	return out
}

// constValue converts a constant to a canonical value of type t.
func constValue(v constant.Value, t types.Type) (spec.Value, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return spec.Value{}, false
	}
	switch {
	case b.Info()&types.IsString != 0 && v.Kind() == constant.String:
		return spec.StringValue(constant.StringVal(v)), true
	case b.Info()&types.IsBoolean != 0 && v.Kind() == constant.Bool:
		return spec.BoolValue(constant.BoolVal(v)), true
	case b.Info()&types.IsUnsigned != 0:
		if u, ok := constant.Uint64Val(constant.ToInt(v)); ok {
			return spec.UintValue(u), true
		}
	case b.Info()&types.IsInteger != 0:
		if i, ok := constant.Int64Val(constant.ToInt(v)); ok {
			return spec.IntValue(i), true
		}
	case b.Info()&types.IsFloat != 0:
		f, _ := constant.Float64Val(v)
		return spec.FloatValue(f), true
	}
	return spec.Value{}, false
}

func (g *valueGen) basic(b *types.Basic) []spec.Value {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		return []spec.Value{spec.BoolValue(false), spec.BoolValue(true)}
	case info&types.IsString != 0:
		return g.strings()
	case info&types.IsInteger != 0:
		return g.ints(b)
	case info&types.IsFloat != 0:
		return g.floats(b.Kind() == types.Float32)
	}
	return []spec.Value{spec.NullValue()}
}

// intBounds returns the range of an integer kind.
func intBounds(b *types.Basic) (signed bool, lo int64, hi uint64) {
	switch b.Kind() {
	case types.Int8:
		return true, math.MinInt8, math.MaxInt8
	case types.Int16:
		return true, math.MinInt16, math.MaxInt16
	case types.Int32:
		return true, math.MinInt32, math.MaxInt32
	case types.Int, types.Int64, types.UntypedInt, types.UntypedRune:
		return true, math.MinInt64, math.MaxInt64
	case types.Uint8:
		return false, 0, math.MaxUint8
	case types.Uint16:
		return false, 0, math.MaxUint16
	case types.Uint32:
		return false, 0, math.MaxUint32
	}
	return false, 0, math.MaxUint64
}

// intValueOf makes i a value of integer type t, if it is in range.
func intValueOf(t types.Type, i int64) (spec.Value, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return spec.Value{}, false
	}
	signed, lo, hi := intBounds(b)
	if signed {
		if i < lo || (i > 0 && uint64(i) > hi) {
			return spec.Value{}, false
		}
		return spec.IntValue(i), true
	}
	if i < 0 || uint64(i) > hi {
		return spec.Value{}, false
	}
	return spec.UintValue(uint64(i)), true
}

var intBoundaries = []int64{
	2, 3, 7, 10, -10, 42, 99, 100, 101, -100, 255, 256, 999, 1000, 1001, -1000, 1023, 1024,
	4096, 9999, 65535, 65536, 99999, 1e6, -1e6, 1e7, 1e9, math.MaxInt32, math.MinInt32,
	1 << 32, 1e12, 1e15, 1e18,
}

func (g *valueGen) ints(b *types.Basic) []spec.Value {
	signed, lo, hi := intBounds(b)
	var first, mined, bounds []spec.Value
	add := func(list *[]spec.Value, i int64) {
		if v, ok := intValueOf(b, i); ok {
			*list = append(*list, v)
		}
	}
	for _, i := range []int64{0, 1, -1} {
		add(&first, i)
	}
	if b.Kind() == types.Int32 || b.Kind() == types.Uint8 {
		// rune and byte: the characters the code looks for.
		for _, s := range g.m.seps {
			if r := []rune(s); len(r) == 1 {
				add(&mined, int64(r[0]))
			}
		}
		for _, c := range "aZ0 é\n" {
			add(&bounds, int64(c))
		}
	}
	for _, i := range g.m.ints {
		add(&mined, i)
	}
	for _, i := range intBoundaries {
		add(&bounds, i)
	}
	if signed {
		add(&bounds, lo)
		add(&bounds, lo+1)
		if hi <= math.MaxInt64 {
			add(&bounds, int64(hi))
			add(&bounds, int64(hi)-1)
		}
	} else {
		bounds = append(bounds, spec.UintValue(hi), spec.UintValue(hi-1))
	}
	return append(first, interleave(mined, bounds)...)
}

var floatBoundaries = []float64{
	0.5, -0.5, 1.5, 2, 2.5, 3.14159, 0.1, 0.01, 0.001, 0.005, 0.015, 2.675, 1e-6, 1e-9,
	1e-300, 5e-324, 0.999, 0.9999999, 1.0000001, 9.995, 10, 99.99, 100, 999.999, 1000,
	1000.5, 1234.5678, -1234.5678, 12345.6789, 1e6, 1234567.891, -1234567.891, 123456789.123,
	1e9, 1e12, 1e15, 1e18, 1e21, 1e100, 1e300, math.MaxFloat64, -math.MaxFloat64,
}

func (g *valueGen) floats(f32 bool) []spec.Value {
	first := []spec.Value{spec.FloatValue(0), spec.FloatValue(1), spec.FloatValue(-1),
		spec.FloatValue(math.NaN()), spec.FloatValue(math.Inf(1)), spec.FloatValue(math.Inf(-1)),
		spec.FloatValue(math.Copysign(0, -1))}
	var mined, bounds []spec.Value
	for _, f := range g.m.floats {
		mined = append(mined, spec.FloatValue(f))
	}
	for _, f := range floatBoundaries {
		bounds = append(bounds, spec.FloatValue(f))
	}
	out := append(first, interleave(mined, bounds)...)
	if !f32 {
		return out
	}
	var f32s []spec.Value
	for _, v := range out {
		f := v.Float
		if !math.IsNaN(f) && !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			continue
		}
		f32s = append(f32s, spec.FloatValue(float64(float32(f))))
	}
	return append(f32s, spec.FloatValue(math.MaxFloat32), spec.FloatValue(math.SmallestNonzeroFloat32))
}

// durations are time.Durations across magnitudes, then the function's
// numbers in each unit.
func (g *valueGen) durations() []spec.Value {
	const day = 24 * time.Hour
	const year = 365 * day
	ds := []time.Duration{
		0, 1, -1, 999, time.Microsecond, 999 * time.Microsecond, time.Millisecond, 500 * time.Millisecond,
		999 * time.Millisecond, time.Second, -time.Second, 1500 * time.Millisecond, 2 * time.Second,
		30 * time.Second, 59 * time.Second, time.Minute, 61 * time.Second, 90 * time.Second, 2 * time.Minute,
		45 * time.Minute, 59 * time.Minute, time.Hour, 61 * time.Minute, 90 * time.Minute, 2 * time.Hour,
		23 * time.Hour, day, 25 * time.Hour, 36 * time.Hour, 47 * time.Hour, 2 * day, 49 * time.Hour,
		3 * day, 7 * day, 13 * day, 14 * day, 15 * day, 30 * day, 59 * day, 60 * day, 61 * day,
		364 * day, year, 2*year - time.Hour, 2 * year, 3 * year, 10 * year, 100 * year,
		-time.Hour, -day, -2 * year, math.MaxInt64, math.MinInt64,
	}
	var out, mined []spec.Value
	for _, d := range ds {
		out = append(out, spec.IntValue(int64(d)))
	}
	units := []time.Duration{time.Second, time.Minute, time.Hour, day}
	n := 0
	for _, c := range g.m.ints {
		if c <= 0 || c > 10000 || n == 16 {
			continue
		}
		n++
		for _, u := range units {
			d := time.Duration(c) * u
			mined = append(mined, spec.IntValue(int64(d)), spec.IntValue(int64(d-u/2)), spec.IntValue(int64(d+u/2)))
		}
	}
	return interleave(out, mined)
}

// numberStrings are numbers written as strings: common ones, the mined
// ones, and some that overflow.
func (g *valueGen) numberStrings() []string {
	out := []string{"1", "42", "1.5", "0", "-1", "99999999999999999999"}
	for _, i := range g.m.ints[:min(len(g.m.ints), 8)] {
		out = append(out, strconv.FormatInt(i, 10))
	}
	for _, f := range g.m.floats[:min(len(g.m.floats), 4)] {
		if f != math.Trunc(f) {
			out = append(out, strconv.FormatFloat(f, 'g', -1, 64))
		}
	}
	return dedupeStrings(out)
}

var stringBoundaries = []string{
	" ", "a", "A", "ABC", "Abc", "0", "1", "-1", "+1", "1.5", "-0", "00", "007", "1e3", "1e400",
	"0x1F", "NaN", "Inf", "-Inf", "true", "false", "null", "  abc  ", "\t", "\n", "a b c", "a,b",
	"key=value", "1234567890", "-99999999999999999999", "3.14159265358979323846", "é", "日本語",
	"😀", "\x00", "\xff", "%s", "%d", "\\", "\"", "'", "<>", "1,000", "1.000,5", "1 000",
	strings.Repeat("a", 300), strings.Repeat("9", 40), strings.Repeat("ab ", 100),
}

// strings are the string candidates: mined tokens, then combinations of
// them with numbers and separators, then boundaries, then messages.
func (g *valueGen) strings() []spec.Value {
	if g.strs != nil {
		return g.strs
	}
	m := g.m
	nums := g.numberStrings()
	words := append(append([]string(nil), m.words...), m.suffixes...)
	shortWords := filterStrings(words, func(s string) bool { return len(s) <= 12 && s != "" })
	shortWords = shortWords[:min(len(shortWords), 24)]
	seps := m.seps[:min(len(m.seps), 12)]

	var exact []string
	exact = append(exact, m.docs[:min(len(m.docs), 32)]...)
	exact = append(exact, m.words...)
	exact = append(exact, m.prefixes...)
	exact = append(exact, m.suffixes...)
	exact = append(exact, seps...)
	for _, s := range seps {
		if utf8.RuneCountInString(s) == 1 {
			// A character the code compares: at either end of a word,
			// after a consonant, a vowel, a multi-byte rune.
			exact = append(exact, "x"+s, "a"+s, s+"x", "abc"+s+"abc", "é"+s)
		}
	}
	exact = append(exact, m.chars...)
	exact = append(exact, m.matches...)
	// Samples of the package's other patterns: an input often has to
	// match one declared away from the function.
	exact = append(exact, m.pkgMatches[:min(len(m.pkgMatches), 24)]...)

	var numWord []string
	for _, n := range []string{"1", "42", "1.5"} {
		for _, w := range shortWords {
			numWord = append(numWord, n+w)
		}
	}
	for _, w := range shortWords {
		numWord = append(numWord, "1 "+w, nums[len(nums)-1]+w, "99999999999999999999 "+w, "0"+w, strings.ToUpper("2"+w), "-1"+w)
		numWord = append(numWord, "abc"+w, w+w, w+"1")
	}

	var sepCombos []string
	w0 := "a"
	if len(shortWords) > 0 {
		w0 = shortWords[0]
	}
	for _, s := range seps {
		sepCombos = append(sepCombos, "a"+s+"b", "1"+s+"2", "2"+s+"1", s+"1", "1"+s, "1"+s+"2"+s+"3",
			s+s, "1"+s+"abc", "abc"+s, w0+s+"1", "-1"+s+"1", "1"+s+"-1")
		for _, w := range shortWords[:min(len(shortWords), 8)] {
			sepCombos = append(sepCombos, w+s+"1", w+s+w0, w+s)
		}
		for _, s2 := range seps {
			if s2 == s {
				continue
			}
			for _, w := range shortWords[:min(len(shortWords), 4)] {
				sepCombos = append(sepCombos, w+s+"1"+s2+"2", w+s+"2"+s2+"1", w+s+"1"+s2+"abc", w+s+"-1"+s2+"1", w+s+"1"+s2+"-1")
			}
			sepCombos = append(sepCombos, "1"+s+"2"+s2+"3", "a"+s+"1"+s2+"2")
		}
	}

	var prefixed []string
	for _, w := range shortWords[:min(len(shortWords), 12)] {
		// Case variants, for code that folds or compares case.
		if u := strings.ToUpper(w); u != w {
			prefixed = append(prefixed, u)
		}
		if r := []rune(w); len(r) > 1 {
			prefixed = append(prefixed, strings.ToUpper(string(r[:1]))+string(r[1:]))
		}
	}
	for _, p := range m.prefixes {
		prefixed = append(prefixed, p+"1", p+"42", p+"abc", p+"ff", p+p, p+" ", p+"-1")
		for _, s := range seps[:min(len(seps), 4)] {
			prefixed = append(prefixed, p+s+"1", p+"1"+s+"1", "1"+s+p+"1")
		}
		for _, w := range shortWords[:min(len(shortWords), 4)] {
			prefixed = append(prefixed, p+w)
		}
	}
	for _, x := range m.suffixes {
		prefixed = append(prefixed, "test"+x, "1"+x, x+x)
	}

	var shaped []string
	for _, n := range m.lens {
		if n <= 1024 {
			shaped = append(shaped, strings.Repeat("a", n), strings.Repeat("1", n))
		}
		if n >= 2 && n <= 16 {
			// n fields: for code that splits and counts the parts.
			for _, s := range seps {
				shaped = append(shaped, strings.Repeat("1"+s, n-1)+"1", w0+s+strings.Repeat("1"+s, n-1)+"1")
			}
		}
	}
	for _, c := range m.classes {
		shaped = append(shaped, c, "1"+c+"2", c+"abc", "abc"+c)
	}
	shaped = append(shaped, nums...)

	// The mined tokens first: they are few and the likeliest to matter.
	all := []string{""}
	if g.takesFS() {
		// Paths of its trees, the root first: the typical string of
		// a function given a file system names a directory it has.
		all = append(all, g.fsPaths()...)
	}
	all = append(all, "abc")
	all = append(all, exact...)
	all = append(all, interleave(m.formats, m.related, m.own, numWord, sepCombos, prefixed, shaped, stringBoundaries, m.docs[min(len(m.docs), 32):], m.pkgMatches[min(len(m.pkgMatches), 24):])...)
	all = append(all, m.strs...)
	vs := make([]spec.Value, 0, len(all))
	for _, s := range dedupeStrings(all) {
		vs = append(vs, spec.StringValue(s))
	}
	g.strs = uniqueValues(vs, maxStrings)
	return g.strs
}

// spareCaps are the capacities of the empty slices with room that code
// reading a capacity is given (see spareSlices).
var spareCaps = []int{1, 3, 8}

// spareSlices are empty slices of type t with room beyond their length
// (make([]uint, 0, 8)), for a function that reads a slice's capacity
// (cap(buf): a buffer it fills up to its capacity); none for other
// functions, nor below the top level, nor for a type written with
// another package's name.
func (g *valueGen) spareSlices(t types.Type, depth int) []spec.Value {
	if !g.m.caps || depth != 0 || g.self == nil {
		return nil
	}
	q := target.NewQualifier(g.self)
	ts := q.TypeString(t)
	if len(q.Imports()) > 0 {
		return nil
	}
	var out []spec.Value
	for _, c := range spareCaps {
		out = append(out, spec.CodeValue("make("+ts+", 0, "+strconv.Itoa(c)+")"))
	}
	return out
}

// newNil is new(T), a pointer to a nil slice or map of type t, for a
// parameter (depth 0) of type *T: YAML writes a pointer by what it
// points to, and null for a nil pointer, so a pointer to nil has no
// other form. Nil for another t, below the top level, or for a type
// written with another package's name.
func (g *valueGen) newNil(t types.Type, depth int) *spec.Value {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
	default:
		return nil
	}
	if depth != 0 || g.self == nil {
		return nil
	}
	q := target.NewQualifier(g.self)
	ts := q.TypeString(t)
	if len(q.Imports()) > 0 {
		return nil
	}
	v := spec.CodeValue("new(" + ts + ")")
	return &v
}

func (g *valueGen) slices(elem types.Type, depth int) []spec.Value {
	out := []spec.Value{spec.NullValue(), spec.ListValue()}
	if depth >= maxDepth {
		return out
	}
	es := g.valuesAt(elem, depth+1)
	if len(es) == 0 {
		return out
	}
	if b, ok := elem.Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
		// []byte: the string candidates as bytes.
		for _, s := range g.strings()[:min(len(g.strings()), 120)] {
			l := spec.ListValue()
			for i := 0; i < len(s.Str); i++ {
				l.List = append(l.List, spec.UintValue(uint64(s.Str[i])))
			}
			out = append(out, l)
		}
		return out
	}
	if _, fn := elem.Underlying().(*types.Signature); fn {
		// The functions that are not nil first: the options a
		// constructor calls (opts ...func(*Config)) are tried one at a
		// time before a nil one that panics.
		es = append(slices.DeleteFunc(slices.Clone(es), func(v spec.Value) bool { return v.Kind == spec.Null }),
			slices.DeleteFunc(slices.Clone(es), func(v spec.Value) bool { return v.Kind != spec.Null })...)
	}
	pick := func(i int) spec.Value { return es[i%len(es)] }
	ty := typicalOf(es)
	out = append(out, spec.ListValue(ty))
	n := min(len(es), maxElemChoices)
	for i := 0; i < n; i++ {
		out = append(out, spec.ListValue(pick(i)))
	}
	out = append(out,
		spec.ListValue(pick(1), pick(2)),
		spec.ListValue(pick(1), pick(2), pick(3)),
		spec.ListValue(ty, ty),
		spec.ListValue(pick(0), ty, pick(4)),
	)
	for i := 0; i+1 < n; i++ {
		out = append(out, spec.ListValue(pick(i), pick(i+1)))
	}
	for _, k := range g.m.lens {
		if k > 0 && k <= 64 {
			out = append(out, repeatValue(ty, k))
		}
	}
	long := spec.ListValue()
	for i := 0; i < 10; i++ {
		long.List = append(long.List, pick(i+1))
	}
	return append(out, long)
}

func (g *valueGen) arrays(a *types.Array, depth int) []spec.Value {
	n := int(a.Len())
	if n > 64 {
		return []spec.Value{zeroValue(a)}
	}
	out := []spec.Value{zeroValue(a)}
	if depth >= maxDepth || n == 0 {
		return out
	}
	es := g.valuesAt(a.Elem(), depth+1)
	if len(es) == 0 {
		return out
	}
	for shift := 0; shift < min(len(es), maxElemChoices); shift++ {
		l := spec.ListValue()
		for i := 0; i < n; i++ {
			l.List = append(l.List, es[(i+shift)%len(es)])
		}
		out = append(out, l)
	}
	return append(out, repeatValue(typicalOf(es), n))
}

func (g *valueGen) maps(m *types.Map, depth int) []spec.Value {
	out := []spec.Value{spec.NullValue(), {Kind: spec.Map, Map: []spec.Entry{}}}
	if depth >= maxDepth {
		return out
	}
	out = append(out, g.taggedMaps(m)...)
	ks := g.valuesAt(m.Key(), depth+1)
	vs := g.valuesAt(m.Elem(), depth+1)
	var keys []spec.Value
	for _, k := range ks {
		if k.Kind != spec.Null && k.Kind != spec.List && k.Kind != spec.Map {
			keys = append(keys, k)
		}
		if len(keys) == maxElemChoices {
			break
		}
	}
	if len(keys) == 0 || len(vs) == 0 {
		return out
	}
	ty := typicalOf(vs)
	for i, k := range keys {
		out = append(out, mapOf(spec.Entry{Key: k, Val: vs[i%len(vs)]}))
		out = append(out, mapOf(spec.Entry{Key: k, Val: ty}))
	}
	if len(keys) >= 2 {
		out = append(out, mapOf(spec.Entry{Key: keys[0], Val: ty}, spec.Entry{Key: keys[1], Val: vs[min(1, len(vs)-1)]}))
	}
	if len(keys) >= 3 {
		out = append(out, mapOf(spec.Entry{Key: keys[0], Val: ty}, spec.Entry{Key: keys[1], Val: ty}, spec.Entry{Key: keys[2], Val: ty}))
	}
	return out
}

func mapOf(es ...spec.Entry) spec.Value {
	v := spec.Value{Kind: spec.Map, Map: es}
	v.SortMap()
	return v
}

// exportedFields are the fields of s a canonical value holds.
func exportedFields(s *types.Struct) []*types.Var {
	var out []*types.Var
	for i := 0; i < s.NumFields(); i++ {
		if f := s.Field(i); f.Exported() {
			out = append(out, f)
		}
	}
	return out
}

func (g *valueGen) structs(s *types.Struct, depth int) []spec.Value {
	fields := exportedFields(s)
	zero := zeroValue(s)
	if len(fields) == 0 {
		return []spec.Value{zero}
	}
	cands := make([][]spec.Value, len(fields))
	typical := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
	for i, f := range fields {
		if depth < maxDepth {
			cands[i] = g.valuesAt(f.Type(), depth+1)
		}
		ty := zeroValue(f.Type())
		if len(cands[i]) > 0 {
			ty = g.typical(f.Type(), cands[i])
		}
		typical.Map = append(typical.Map, spec.Entry{Key: spec.StringValue(f.Name()), Val: ty})
	}
	out := []spec.Value{zero, typical}
	if ptrs := g.pointerFields(); len(ptrs) > 0 {
		// The zero value but for the fields that must hold a pointer,
		// given one: the plainest value a constructor accepts
		// (NewDecoder(&DecoderConfig{Result: &struct{…}{}})).
		least := copyValue(zero)
		set := false
		for i, f := range fields {
			if !ptrs[f] || i >= len(least.Map) {
				continue
			}
			for _, v := range g.valuesAt(f.Type(), depth+1) {
				if v.Kind == spec.Code && (strings.HasPrefix(v.Str, "&") || strings.HasPrefix(v.Str, "new(")) {
					least.Map[i].Val = v
					set = true
					break
				}
			}
		}
		if set {
			out = append(out, least)
		}
	}
	if depth >= 2 {
		return out
	}
	per := max(2, maxCandidates/(2*len(fields)))
	for r := 0; r < per; r++ {
		for i := range fields {
			if r >= len(cands[i]) {
				continue
			}
			v := copyValue(typical)
			v.Map[i].Val = cands[i][r]
			out = append(out, v)
		}
	}
	return out
}

// maxReadValues bounds the values readFieldValues gives a type.
const maxReadValues = 24

// readFieldValues are values of the struct type n whose exported fields
// the function under test reads (mined.reads: s.opt.SSLProxyHeaders
// reads Options' SSLProxyHeaders), each a literal of those fields alone:
// first every field read set at once, then each field read set alone to
// each of its first two candidates that hold something (not nil, empty,
// zero or false) in turn. For the options a constructor of the receiver
// takes (see ctorArgs), and for any struct two levels deep, where
// structs gives only its zero and typical value.
func (g *valueGen) readFieldValues(n *types.Named, depth int) []spec.Value {
	if g.m == nil || len(g.m.reads[n.Obj()]) == 0 || depth >= maxDepth {
		return nil
	}
	type field struct {
		name  string
		cands []spec.Value
	}
	var fields []field
	for _, name := range g.m.reads[n.Obj()] {
		t := fieldType(n, name)
		if t == nil {
			continue
		}
		vals := g.valuesAt(t, depth+1)
		if sig, ok := t.Underlying().(*types.Signature); ok {
			// A callback the method calls: small functions, as for a
			// parameter, where a nested one is only nil.
			vals = append(g.namedFuncs(t, sig), g.funcValues(sig)...)
		}
		var cands []spec.Value
		for _, v := range vals {
			if holds(v) {
				cands = append(cands, v)
			}
			if len(cands) == 2 {
				break
			}
		}
		if len(cands) > 0 {
			fields = append(fields, field{name, cands})
		}
	}
	if len(fields) == 0 {
		return nil
	}
	all := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
	for _, f := range fields {
		all.Map = append(all.Map, spec.Entry{Key: spec.StringValue(f.name), Val: f.cands[0]})
	}
	out := []spec.Value{all}
	for r := 0; r < 2; r++ {
		for _, f := range fields {
			if r < len(f.cands) && len(out) < maxReadValues {
				out = append(out, spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: spec.StringValue(f.name), Val: f.cands[r]}}})
			}
		}
	}
	return out
}

// holds reports whether v holds something: it is not null, an empty
// string, list or map, zero or false. Code holds what it builds.
func holds(v spec.Value) bool {
	switch v.Kind {
	case spec.Null:
		return false
	case spec.String:
		return v.Str != ""
	case spec.List:
		return len(v.List) > 0
	case spec.Map:
		return len(v.Map) > 0
	case spec.Bool:
		return v.Bool
	case spec.Int:
		return v.Int != 0
	case spec.Uint:
		return v.Uint != 0
	case spec.Float:
		return v.Float != 0
	}
	return true
}

// fieldType is the type of the field name of the struct type n, or nil.
func fieldType(n *types.Named, name string) types.Type {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i).Type()
		}
	}
	return nil
}

// zeroValue is the canonical zero value of t.
func zeroValue(t types.Type) spec.Value {
	if isDuration(t) {
		return spec.IntValue(0)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsBoolean != 0:
			return spec.BoolValue(false)
		case info&types.IsString != 0:
			return spec.StringValue("")
		case info&types.IsUnsigned != 0:
			return spec.UintValue(0)
		case info&types.IsInteger != 0:
			return spec.IntValue(0)
		case info&types.IsFloat != 0:
			return spec.FloatValue(0)
		}
	case *types.Struct:
		v := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
		for _, f := range exportedFields(u) {
			v.Map = append(v.Map, spec.Entry{Key: spec.StringValue(f.Name()), Val: zeroValue(f.Type())})
		}
		return v
	case *types.Array:
		if u.Len() > 64 {
			return spec.ListValue()
		}
		return repeatValue(zeroValue(u.Elem()), int(u.Len()))
	}
	return spec.NullValue()
}

// typical is the value an input of type t takes while the others are
// swept: for numbers, a plain value the code does not single out (1 is
// often special: "if quantity == 1"), else typicalOf(cands).
func (g *valueGen) typical(t types.Type, cands []spec.Value) spec.Value {
	if _, named := types.Unalias(t).(*types.Named); !named || isDuration(t) {
		if b, ok := t.Underlying().(*types.Basic); ok {
			mined := map[float64]bool{}
			for _, i := range g.m.ints {
				mined[float64(i)] = true
			}
			for _, f := range g.m.floats {
				mined[f] = true
			}
			switch {
			case isDuration(t):
				return spec.IntValue(int64(90 * time.Second))
			case b.Info()&types.IsInteger != 0:
				for _, i := range []int64{2, 3, 7, 5, 42, 10} {
					if v, ok := intValueOf(b, i); ok && !mined[float64(i)] {
						return v
					}
				}
			case b.Info()&types.IsFloat != 0:
				for _, f := range []float64{2.5, 1.5, 3.25, 7.5} {
					if !mined[f] {
						return spec.FloatValue(f)
					}
				}
			}
		}
	}
	if _, fn := t.Underlying().(*types.Signature); fn {
		// A comparator orders: x < y, not true for every pair.
		for _, v := range cands {
			if v.Kind == spec.Code && strings.Contains(v.Str, "{ "+orderBody(paramName(0, 2), paramName(1, 2))+" }") {
				return v
			}
		}
	}
	if sl, ok := t.Underlying().(*types.Slice); ok && usedNil(sl.Elem()) {
		// A list of nils is no typical list of functions or pointers:
		// a constructor calls each option it is given (NewMap(opts
		// ...func(*Config)) with {nil} panics), a loop dereferences
		// each element. Options the package makes, or none, are.
		var kept []spec.Value
		for _, v := range cands {
			if v.Kind != spec.List || !slices.ContainsFunc(v.List, func(e spec.Value) bool { return e.Kind == spec.Null }) {
				kept = append(kept, v)
			}
		}
		if len(kept) > 0 {
			return typicalOf(kept)
		}
	}
	if it, ok := t.Underlying().(*types.Interface); ok && !it.Empty() {
		// A fake that fails is no typical value: a bus filled with
		// it stops at its first handler. The fake that returns zero
		// values is, when nothing else is.
		var kept []spec.Value
		for _, v := range cands {
			if !failingFake(v) {
				kept = append(kept, v)
			}
		}
		if v := typicalOf(kept); v.Kind != spec.Null || len(kept) == 0 {
			return v
		}
		for _, v := range kept {
			if v.Kind == spec.Map {
				return v
			}
		}
	}
	return typicalOf(cands)
}

// usedNil reports whether a nil of t panics where it is used as such:
// a function called, a pointer dereferenced, an interface's method
// called.
func usedNil(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Signature, *types.Pointer:
		return true
	case *types.Interface:
		return !u.Empty()
	}
	return false
}

// fakeFailure is the message of the errors a failing fake returns.
const fakeFailure = "boom"

// failingFake reports whether v is a fake (see valueGen.fakes) one of
// whose methods fails.
func failingFake(v spec.Value) bool {
	if v.Kind != spec.Map {
		return false
	}
	for _, e := range v.Map {
		if e.Val.Kind == spec.String && e.Val.Str == fakeFailure {
			return true
		}
		if e.Val.Kind == spec.List && slices.ContainsFunc(e.Val.List, func(r spec.Value) bool { return r.Kind == spec.String && r.Str == fakeFailure }) {
			return true
		}
	}
	return false
}

// typicalOf is a representative non-trivial candidate: the first that is
// neither null nor zero nor empty, else the first.
func typicalOf(vs []spec.Value) spec.Value {
	for _, v := range vs {
		if !isTrivial(v) {
			return v
		}
	}
	if len(vs) > 0 {
		return vs[0]
	}
	return spec.NullValue()
}

func isTrivial(v spec.Value) bool {
	switch v.Kind {
	case spec.Null:
		return true
	case spec.Bool:
		return !v.Bool
	case spec.Int:
		return v.Int == 0
	case spec.Uint:
		return v.Uint == 0
	case spec.Float:
		return v.Float == 0 || math.IsNaN(v.Float)
	case spec.String, spec.Opaque:
		return v.Str == ""
	case spec.List:
		return len(v.List) == 0
	case spec.Map:
		for _, e := range v.Map {
			if !isTrivial(e.Val) {
				return false
			}
		}
		return true
	}
	return false
}

func repeatValue(v spec.Value, n int) spec.Value {
	l := spec.ListValue()
	for i := 0; i < n; i++ {
		l.List = append(l.List, v)
	}
	return l
}

// copyValue deep-copies v.
func copyValue(v spec.Value) spec.Value {
	switch v.Kind {
	case spec.List:
		l := make([]spec.Value, len(v.List))
		for i, e := range v.List {
			l[i] = copyValue(e)
		}
		v.List = l
	case spec.Map:
		m := make([]spec.Entry, len(v.Map))
		for i, e := range v.Map {
			m[i] = spec.Entry{Key: copyValue(e.Key), Val: copyValue(e.Val)}
		}
		v.Map = m
	}
	return v
}

// valueKey identifies a value exactly (kinds included).
func valueKey(v spec.Value) string {
	b, _ := v.MarshalJSON()
	return string(b)
}

func uniqueValues(vs []spec.Value, limit int) []spec.Value {
	seen := map[string]bool{}
	out := vs[:0:0]
	for _, v := range vs {
		k := valueKey(v)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
		if len(out) == limit {
			break
		}
	}
	return out
}

func dedupeStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func filterStrings(ss []string, keep func(string) bool) []string {
	var out []string
	for _, s := range ss {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// interleave merges lists by taking one element of each in turn.
func interleave[T any](lists ...[]T) []T {
	var out []T
	for i := 0; ; i++ {
		more := false
		for _, l := range lists {
			if i < len(l) {
				out = append(out, l[i])
				more = true
			}
		}
		if !more {
			return out
		}
	}
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

func isDuration(t types.Type) bool { return isNamed(t, "time", "Duration") }
func isTime(t types.Type) bool     { return isNamed(t, "time", "Time") }

// ifaceMethod names the one method of an interface shaped like error
// (Error() string), io.Reader (Read([]byte) (int, error)), io.Writer
// (Write([]byte) (int, error)) or fmt.Stringer (String() string), else "".
func ifaceMethod(it *types.Interface) string {
	if it.NumMethods() != 1 {
		return ""
	}
	m := it.Method(0)
	sig := m.Type().(*types.Signature)
	str := types.Typ[types.String]
	switch {
	case m.Name() == "Error" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), str):
		return "Error"
	case m.Name() == "Read" && sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
		types.Identical(sig.Params().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]):
		return "Read"
	case m.Name() == "Write" && sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
		types.Identical(sig.Params().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]):
		return "Write"
	case m.Name() == "String" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), str):
		return "String"
	}
	return ""
}

// isStruct reports whether t is a struct type.
func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// maxMadeLiterals bounds the constructors' values madeLiterals gives.
const maxMadeLiterals = 12

// madeLiterals are values of t, a struct type of the package whose
// fields are all exported (written as a literal; see target.Rebuilds),
// or a pointer to one, that the package's constructors make, at the top
// level only: a literal sets each field apart, while the code that
// makes one sets them together (the text a Result holds, its kind and
// its value), and a test of a method writes the constructor's call.
// None for a type without constructors.
func (g *valueGen) madeLiterals(t types.Type, depth int) []spec.Value {
	if depth != 0 || g.self == nil {
		return nil
	}
	base, ptr := types.Unalias(t), false
	if p, ok := base.(*types.Pointer); ok {
		base, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := base.(*types.Named)
	if !ok || n.Obj().Pkg() != g.self || !concrete(n) || !target.Rebuilds(n) {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok || len(g.ctors(n)) == 0 {
		return nil
	}
	made := g.builtValues(n, ptr, depth)
	return made[:min(len(made), maxMadeLiterals)]
}

// jsonFirst puts the JSON texts (see jsonSamples) first among cands
// for a string parameter named json of a function whose code names
// json (Parse(json string)): its typical value a document. Other
// parameters' cands are returned as they are.
func (g *valueGen) jsonFirst(name string, t types.Type, cands []spec.Value) []spec.Value {
	if g.m == nil || !g.m.namesJSON || !isStringType(t) || !strings.HasSuffix(strings.ToLower(name), "json") {
		return cands
	}
	var out []spec.Value
	for _, f := range g.m.formats {
		out = append(out, spec.StringValue(f))
	}
	return uniqueValues(append(out, cands...), max(len(cands), maxCandidates))
}
