package explore

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the values built by code.
const (
	maxBuilt     = 40 // code candidates of one type
	ctorArgPicks = 12 // candidates of a constructor's only argument
	ctorSweep    = 4  // candidates of each argument of a constructor of several
)

// ctorPrefixes start the names of the functions taken for constructors.
var ctorPrefixes = []string{"new", "parse", "must", "make", "from"}

// mutatorNames are the methods that fill a container, called on a fresh
// value to build one in a small or larger state: a registry's Register
// and a bus's Subscribe too, which it calls back.
var mutatorNames = []string{"Push", "Add", "Insert", "Set", "Put", "Append", "Enqueue", "Store", "Write", "Inc", "Register", "Subscribe", "Handle", "Use",
	// A method that makes a part of its receiver: f.NewSection(name),
	// d.CreateElement(tag).
	"New", "Create",
	// A router's routes by method: r.GET(path, handle).
	"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}

// ctor is a constructor of a named type of the package under test.
type ctor struct {
	fn  *types.Func
	sig *types.Signature // instantiated, for a generic constructor
	// targs are the type arguments of a generic constructor, as written
	// in its call ("[int, string]"); "" for another.
	targs string
	ptr   bool // it returns *T (else T)
	err   bool // its last result is an error
	// assert is the type assertion that makes a T or *T of what a
	// constructor declared to return an interface returns
	// (".(*exponential)" after NewExponential(base) Backoff); "" for
	// another.
	assert string
}

// name is how a call of the constructor starts: New or New[int].
func (c ctor) name() string { return c.fn.Name() + c.targs }

// builtTarget returns the named type whose values t is made of, when t is
// a type of the package under test, or a pointer to one, whose values
// the canonical tree cannot rebuild (a struct with unexported fields):
// those are built by code.
func (g *valueGen) builtTarget(t types.Type) (*types.Named, bool) {
	if g.self == nil || target.Rebuilds(t) {
		return nil, false
	}
	base := types.Unalias(t)
	ptr := false
	if p, ok := base.Underlying().(*types.Pointer); ok {
		if _, named := base.(*types.Named); named {
			return nil, false // a named pointer type: its own thing
		}
		base, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := base.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != g.self.Path() || !concrete(n) {
		return nil, false
	}
	return n, ptr
}

// concrete reports whether n is a type values can have: not generic, or
// instantiated with type arguments that are not type parameters (Stack
// and Stack[T] are not, Stack[int] is).
func concrete(n *types.Named) bool {
	if n.TypeParams().Len() == 0 {
		return true
	}
	args := n.TypeArgs()
	if args.Len() == 0 {
		return false
	}
	for i := 0; i < args.Len(); i++ {
		if hasTypeParam(args.At(i), map[types.Type]bool{}) {
			return false
		}
	}
	return true
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if hasTypeParam(t.TypeArgs().At(i), seen) {
				return true
			}
		}
		return t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0
	case *types.Pointer:
		return hasTypeParam(t.Elem(), seen)
	case *types.Slice:
		return hasTypeParam(t.Elem(), seen)
	case *types.Array:
		return hasTypeParam(t.Elem(), seen)
	case *types.Map:
		return hasTypeParam(t.Key(), seen) || hasTypeParam(t.Elem(), seen)
	case *types.Chan:
		return hasTypeParam(t.Elem(), seen)
	case *types.Signature:
		return hasTypeParam(t.Params(), seen) || hasTypeParam(t.Results(), seen)
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if hasTypeParam(t.At(i).Type(), seen) {
				return true
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if hasTypeParam(t.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// ctors are the functions of the package that make a T or a *T, with or
// without an error: those named New…, Parse…, Must…, Make…, From…, then
// the exported ones of other names (Empty() *File, Load(src any) (*File,
// error), Default() *Config); in each group those without an error
// first, then by name. For an instantiated type
// (Stack[int]), a generic constructor that makes it (NewStack[T any]()
// *Stack[T]) is instantiated with its type arguments.
func (g *valueGen) ctors(n *types.Named) []ctor {
	scope := g.self.Scope()
	var out, others []ctor
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		lower := strings.ToLower(name)
		named := false
		for _, p := range ctorPrefixes {
			named = named || strings.HasPrefix(lower, p)
		}
		sig := fn.Type().(*types.Signature)
		other := false
		if !named && !g.madeBehind(fn, n) {
			if !fn.Exported() {
				continue
			}
			other = true
		}
		c := ctor{fn: fn, sig: sig}
		if sig.TypeParams().Len() > 0 {
			inst, targs, ok := instantiateCtor(sig, n)
			if !ok {
				continue
			}
			q := target.NewQualifier(g.self)
			var names []string
			for _, t := range targs {
				names = append(names, q.TypeString(t))
			}
			c.sig, c.targs = inst, "["+strings.Join(names, ", ")+"]"
			sig = inst
		}
		if sig.Variadic() && sig.Params().Len() > 1 {
			// Options after the input (NewVersion(v string, opts
			// ...Option)): called with the input alone.
			sig = fixedParams(sig)
			c.sig = sig
		}
		res := sig.Results()
		switch {
		case res.Len() == 2 && isErrorType(res.At(1).Type()):
			c.err = true
		case res.Len() != 1:
			continue
		}
		r := types.Unalias(res.At(0).Type())
		if other && types.IsInterface(r) {
			// Of another name, a maker behind an interface is one
			// madeBehind took: Temporary(err) error, nil for nil, is
			// a wrapper.
			continue
		}
		if types.IsInterface(r) && !c.err && c.targs == "" {
			// A constructor of an interface that makes only T or *T.
			rt := g.returnedType(fn)
			if rt == nil {
				continue
			}
			r, c.assert = types.Unalias(rt), ".("+target.NewQualifier(g.self).TypeString(rt)+")"
		}
		if p, ok := r.(*types.Pointer); ok {
			r, c.ptr = types.Unalias(p.Elem()), true
		}
		if !types.Identical(r, n) || takesOwn(sig, n) {
			continue
		}
		if other {
			others = append(others, c)
			continue
		}
		out = append(out, c)
	}
	for _, cs := range [][]ctor{out, others} {
		sort.SliceStable(cs, func(i, j int) bool { return !cs[i].err && cs[j].err })
	}
	return append(out, others...)
}

// madeBehind reports whether fn, whatever its name, is a function of
// the package that returns one interface behind which every return
// statement gives an n or a *n: the exported maker of an unexported
// implementation (StringSink(sp *string) Sink returning &stringSink{sp:
// sp}). Such a value, built any other way than by its maker, misses
// what the maker sets.
func (g *valueGen) madeBehind(fn *types.Func, n *types.Named) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || takesOwn(sig, n) {
		return false
	}
	res := sig.Results()
	if res.Len() != 1 || !types.IsInterface(res.At(0).Type()) {
		return false
	}
	rt := g.returnedType(fn)
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	return rt != nil && types.Identical(types.Unalias(rt), n) && !g.returnsNil(fn)
}

// returnsNil reports whether a return statement of fn's body gives nil
// as its first result: a wrapper (Temporary(err) error, nil for a nil
// err) rather than a maker, whose result asserted to its type panics.
func (g *valueGen) returnsNil(fn *types.Func) bool {
	f, err := g.pkg.Func(fn.Name())
	if err != nil || f.Decl == nil || f.Decl.Body == nil {
		return true
	}
	found := false
	ast.Inspect(f.Decl.Body, func(nd ast.Node) bool {
		switch nd := nd.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(nd.Results) > 0 && types.Identical(g.pkg.TypesInfo.TypeOf(nd.Results[0]), types.Typ[types.UntypedNil]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// returnedType is the concrete type the package's function fn returns
// as its first result in every return statement that returns one (nil
// aside): &exponential{…} in each return of NewExponential(base)
// Backoff. It is nil when the returns differ, one returns a value of an
// interface type, or fn's declaration is not known.
func (g *valueGen) returnedType(fn *types.Func) types.Type {
	if g.pkg == nil || g.pkg.TypesInfo == nil {
		return nil
	}
	f, err := g.pkg.Func(fn.Name())
	if err != nil || f.Decl == nil || f.Decl.Body == nil {
		return nil
	}
	var found types.Type
	ok := true
	ast.Inspect(f.Decl.Body, func(nd ast.Node) bool {
		switch nd := nd.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(nd.Results) == 0 {
				return true
			}
			t := g.pkg.TypesInfo.TypeOf(nd.Results[0])
			switch {
			case t == nil || types.IsInterface(t):
				ok = false
			case types.Identical(t, types.Typ[types.UntypedNil]):
			case found == nil:
				found = t
			case !types.Identical(found, t):
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return found
}

// takesOwn reports whether a parameter of sig is n, *n or a slice of
// either (a variadic one too): a function that makes a value from values
// of its own type (Must(v *Version, err error) *Version, Clone(t *T) *T,
// Chain(opts ...Option) Option) passes values on; it does not make one,
// and taken for a constructor it only nests itself (Must(Must(nil, err),
// err)), ahead of the constructors that parse.
func takesOwn(sig *types.Signature, n types.Type) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := types.Unalias(sig.Params().At(i).Type())
		if s, ok := t.(*types.Slice); ok {
			t = types.Unalias(s.Elem())
		}
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if types.Identical(t, n) {
			return true
		}
	}
	return false
}

// fixedParams is sig without its variadic parameter: the signature of a
// call that passes none.
func fixedParams(sig *types.Signature) *types.Signature {
	params := make([]*types.Var, sig.Params().Len()-1)
	for i := range params {
		params[i] = sig.Params().At(i)
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), false)
}

// instantiateCtor instantiates the generic constructor sig so that its
// first result is n or *n, an instantiated type: each of its type
// parameters must be a type argument of the type it returns, in any
// order (func New[K comparable, V any]() *Cache[K, V]). ok is false
// when sig makes another type, or its type arguments cannot be read off
// n that way, or they do not satisfy its constraints.
func instantiateCtor(sig *types.Signature, n *types.Named) (inst *types.Signature, targs []types.Type, ok bool) {
	if sig.Results().Len() == 0 || n.TypeArgs().Len() == 0 {
		return nil, nil, false
	}
	r := types.Unalias(sig.Results().At(0).Type())
	if p, isPtr := r.(*types.Pointer); isPtr {
		r = types.Unalias(p.Elem())
	}
	rn, isNamed := r.(*types.Named)
	if !isNamed || rn.Origin() != n.Origin() || rn.TypeArgs().Len() != n.TypeArgs().Len() {
		return nil, nil, false
	}
	tparams := sig.TypeParams()
	targs = make([]types.Type, tparams.Len())
	for i := 0; i < rn.TypeArgs().Len(); i++ {
		tp, isParam := rn.TypeArgs().At(i).(*types.TypeParam)
		if !isParam {
			continue // a fixed argument: the instantiation must agree (checked below)
		}
		for j := 0; j < tparams.Len(); j++ {
			if tparams.At(j) == tp {
				targs[j] = n.TypeArgs().At(i)
			}
		}
	}
	for _, t := range targs {
		if t == nil {
			return nil, nil, false
		}
	}
	t, err := types.Instantiate(nil, sig, targs, true)
	if err != nil {
		return nil, nil, false
	}
	return t.(*types.Signature), targs, true
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// builtValues are the candidates of a type built by code, at most
// maxBuilt, written as expressions of exactly type t (T or *T) and kept
// as spec.Code values: first the values its constructors make from
// their arguments' candidates, the constructors in turn, at most three
// quarters of the budget when more values follow; then, when the type
// has them, values made further by its own methods, taken in turn so
// that each kind and each method gets a few: builder chains of one and
// two links on constructed values (New().WithTimeout(3),
// MustParse("1.2.3").IncMinor(); see chainMethods), and containers
// filled by one, three and eight calls of a mutator such as Push or Add
// with varied arguments, by mutators in turn, with removals among them
// (Push then Pop), and from the values of the other constructors; then
// the constructors' other values, while room is left.
func (g *valueGen) builtValues(n *types.Named, ptr bool, depth int) []spec.Value {
	if depth >= maxDepth {
		return nil
	}
	q := target.NewQualifier(g.self)
	ts := q.TypeString(n)
	cs := g.ctors(n)
	calls, typicals := g.ctorCalls(cs, depth)
	// The constructors take turns, so that each keeps its first
	// values when the budget cuts them.
	var byCtor [][]string
	for i, bc := range calls {
		if i == 0 || bc.c.fn != calls[i-1].c.fn {
			byCtor = append(byCtor, nil)
		}
		byCtor[len(byCtor)-1] = append(byCtor[len(byCtor)-1], bc.expr(ts).as(ts, ptr))
	}
	made := interleave(byCtor...)
	if len(cs) == 0 {
		var lits []string
		if len(g.mutators(n)) == 0 {
			// Nothing of the package's fills one: its fields, as a
			// literal, taking turns with the values other types
			// produce, which may all come out zero (a ByteView
			// its sinks hold). A Ring filled by Push keeps its
			// indexes in step; a literal would not.
			lits = g.fieldLits(n, ts, ptr, depth)
		}
		made = interleave(g.produced(n, ts, ptr, depth), g.converted(n, ts, ptr, depth), lits)
	}
	bases := builtBases(calls, typicals, ts)
	var chains1, chains2 []builtExpr
	if depth == 0 {
		// Chains only at the top: their arguments are built values too,
		// and expressions would grow with every level.
		chains1, chains2 = g.chains(n, bases, depth)
	}
	fills := g.fills(n, append(bases, roomyBases(calls, ts)...), alarmBases(calls, ts), depth)
	applied := g.applied(n, bases, depth)
	var extra []string
	nodes := g.nodes(n, bases, depth)
	for _, e := range interleave(nodes, chains1, fills, applied, chains2) {
		extra = append(extra, e.as(ts, ptr))
	}
	// Room for the chains and fills: what the constructors leave, and
	// at least a quarter of the budget.
	nMade := min(len(made), maxBuilt-min(len(extra), maxBuilt/4))
	all := append(append(append([]string(nil), made[:nMade]...), extra...), made[nMade:]...)
	if len(cs) == 0 && len(made) == 0 && holdsDependency(n) {
		// Filled by its mutators from the zero value only, which
		// leaves a dependency it is handed (a Logger, a Store) nil:
		// its fields as a literal after the fills.
		all = append(all, g.fieldLits(n, ts, ptr, depth)...)
	}
	var out []spec.Value
	seen := map[string]bool{}
	for _, e := range all {
		if seen[e] {
			continue
		}
		seen[e] = true
		out = append(out, spec.CodeValue(e))
		if len(out) == maxBuilt {
			break
		}
	}
	return out
}

// maxConverted bounds the values converted writes.
const maxConverted = 4

// converted are values of n, declared as another struct type of the
// package (type internalTimer Timer, a view with its own methods), as
// the package makes them: that type's values, built at the next level,
// converted ((*internalTimer)(NewMock().Timer(90 * time.Second))). A
// literal of n would miss what that type's makers set. They are
// expressions of exactly *T (ptr) or T.
func (g *valueGen) converted(n *types.Named, ts string, ptr bool, depth int) []string {
	u := g.definedFrom(n)
	if u == nil || depth+1 >= maxDepth {
		return nil
	}
	from, conv := types.Type(u), ts+"("
	if ptr {
		from, conv = types.NewPointer(u), "(*"+ts+")("
	}
	var out []string
	for _, v := range g.valuesAt(from, depth+1) {
		if v.Kind != spec.Code || len(out) == maxConverted {
			continue
		}
		if e, ok := g.arg(v, from); ok {
			out = append(out, conv+e+")")
		}
	}
	return out
}

// definedFrom is the struct type of the package that n is declared as
// (type internalTimer Timer), not generic; nil when n is declared
// otherwise.
func (g *valueGen) definedFrom(n *types.Named) *types.Named {
	if g.pkg == nil || g.pkg.TypesInfo == nil || n.TypeParams().Len() > 0 || n.Obj().Pkg() != g.self {
		return nil
	}
	for _, f := range g.pkg.Syntax {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				ts := sp.(*ast.TypeSpec)
				if g.pkg.TypesInfo.Defs[ts.Name] != n.Obj() {
					continue
				}
				if ts.Assign.IsValid() {
					return nil
				}
				if from, ok := types.Unalias(g.pkg.TypesInfo.TypeOf(ts.Type)).(*types.Named); ok && ownStruct(from, g.self) == from {
					return from
				}
				return nil
			}
		}
	}
	return nil
}

// holdsDependency reports whether n is a struct with a field of an
// interface type with methods: a dependency its zero value leaves nil.
func holdsDependency(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if it, ok := st.Field(i).Type().Underlying().(*types.Interface); ok && !it.Empty() && !isErrorType(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// Bounds of the literals fieldLits writes.
const (
	fieldLitPicks = 3  // candidates of each field besides its typical one
	maxFieldLits  = 16 // literals of one type
)

// fieldLits are values of n, a struct type of the package with
// unexported fields and no constructor (an error type, a closure's
// state), as keyed literals of its fields, which code of the package
// may name: each field that takes a value written as code at its
// typical value (left out when zero), then each in turn through its
// first candidates (&retryableError{err: errors.New("boom")}). Fields
// whose values cannot be written (a sync.Mutex) keep their zero
// value. A type with a field that holds another struct of the package
// (a list's element) has none, and builtValues asks for none of a type
// the package's mutators fill or its builder methods make. At most
// maxFieldLits, none at the deepest level.
func (g *valueGen) fieldLits(n *types.Named, ts string, ptr bool, depth int) []string {
	st, ok := n.Underlying().(*types.Struct)
	if !ok || depth+1 >= maxDepth {
		return nil
	}
	var names []string
	var vars []*types.Var
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if linksOwn(f.Type(), g.self) {
			// A list's element, a tree's node: the package's code
			// links them; literals would not hold together.
			return nil
		}
		if f.Embedded() || f.Name() == "_" || !g.nameable(f.Type()) {
			continue
		}
		cands := g.jsonFirst(f.Name(), f.Type(), g.argCands(f.Type(), depth))
		if len(cands) == 0 {
			continue
		}
		if _, ok := g.arg(g.typical(f.Type(), cands), f.Type()); !ok {
			continue
		}
		names = append(names, f.Name())
		vars = append(vars, types.NewVar(token.NoPos, g.self, f.Name(), f.Type()))
	}
	if len(vars) == 0 {
		return nil
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), nil, false)
	lit := &fieldLit{ts: ts, ptr: ptr, names: names, vars: vars}
	var out []string
	seen := map[string]bool{}
	lists, _ := g.argValueLists(sig, depth, fieldLitPicks)
	for _, vals := range lists {
		e, ok := g.litCode(lit, vals)
		if ok && !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
		if len(out) == maxFieldLits {
			break
		}
	}
	return out
}

// fieldLit is the shape of the keyed literals fieldLits writes of one
// struct type: the fields it sets (names, vars), written as ts{…} or
// &ts{…} (ptr), so that a literal can be written again with one field
// changed (see mutator.field).
type fieldLit struct {
	ts    string
	ptr   bool
	names []string
	vars  []*types.Var
}

// litVals are the values a keyed literal was written from, each field's.
type litVals struct {
	lit  *fieldLit
	vals []spec.Value
}

// litCode writes the literal of lit's type with its fields set to vals
// (left out when zero), and records what it was written from in g.lits;
// ok is false when a value cannot be written as its field's type or
// every field is zero.
func (g *valueGen) litCode(lit *fieldLit, vals []spec.Value) (string, bool) {
	q := target.NewQualifier(g.self)
	var parts []string
	for i, v := range vals {
		t := lit.vars[i].Type()
		a, ok := g.arg(v, t)
		if !ok {
			return "", false
		}
		if z, ok := zeroExpr(t, q); ok && (a == z || a == q.TypeString(t)+"("+z+")") {
			continue
		}
		parts = append(parts, lit.names[i]+": "+a)
	}
	if len(parts) == 0 {
		return "", false
	}
	e := builtExpr{src: "&" + lit.ts + "{" + strings.Join(parts, ", ") + "}", ptr: true}.as(lit.ts, lit.ptr)
	if _, ok := g.lits[e]; !ok {
		g.lits[e] = litVals{lit: lit, vals: vals}
	}
	return e, true
}

// linksOwn reports whether t is or holds a struct type of package self
// (through pointers, slices, arrays, maps and channels).
func linksOwn(t types.Type, self *types.Package) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return linksOwn(u.Elem(), self)
	case *types.Slice:
		return linksOwn(u.Elem(), self)
	case *types.Array:
		return linksOwn(u.Elem(), self)
	case *types.Map:
		return linksOwn(u.Key(), self) || linksOwn(u.Elem(), self)
	case *types.Chan:
		return linksOwn(u.Elem(), self)
	case *types.Named:
		_, isStruct := u.Underlying().(*types.Struct)
		return isStruct && u.Obj().Pkg() == self
	}
	return false
}

// builtExpr is a Go expression of type *T (ptr) or T.
type builtExpr struct {
	src string
	ptr bool
	// call is set when src only drops the error of call (func() T {
	// v, _ := call; return v }()): a statement may assign it directly.
	call string
}

// as is the expression as one of exactly *T (ptr) or T.
func (e builtExpr) as(ts string, ptr bool) string {
	switch {
	case ptr == e.ptr:
		return e.src
	case ptr:
		return "func() *" + ts + " { v := " + e.src + "; return &v }()"
	}
	return "*" + e.src
}

// assign is a statement declaring name as e's value: name, _ := call
// where e drops a call's error, else name := e.
func (e builtExpr) assign(name string) string {
	if e.call != "" {
		return name + ", _ := " + e.call
	}
	return name + " := " + e.src
}

// builtCall is a call of a constructor with its arguments.
type builtCall struct {
	c    ctor
	call string
	args []string // the arguments of call, as written
}

// expr is the call as an expression of T or *T (as the constructor
// returns it), the error dropped.
func (bc builtCall) expr(ts string) builtExpr {
	if !bc.c.err {
		return builtExpr{src: bc.call, ptr: bc.c.ptr}
	}
	rt := ts
	if bc.c.ptr {
		rt = "*" + ts
	}
	return builtExpr{src: "func() " + rt + " { v, _ := " + bc.call + "; return v }()", ptr: bc.c.ptr, call: bc.call}
}

// ctorCalls are the calls of the constructors cs with their argument
// lists, those of one constructor together, and the index in calls of
// each constructor's call with its typical arguments.
func (g *valueGen) ctorCalls(cs []ctor, depth int) (calls []builtCall, typicals map[*types.Func]int) {
	typicals = map[*types.Func]int{}
	for _, c := range cs {
		if c.err && len(calls) > 0 && !cs[0].err {
			break // the constructors without an error are enough
		}
		lists, typical := g.ctorArgs(c, depth)
		if len(lists) > 0 {
			typicals[c.fn] = len(calls) + typical
		}
		for _, args := range lists {
			calls = append(calls, builtCall{c: c, call: c.name() + "(" + strings.Join(args, ", ") + ")" + c.assert, args: args})
		}
	}
	return calls, typicals
}

// maxBases bounds the starting points of chains and fills.
const maxBases = 3

// builtBases are the values that chains and fills start from: each
// constructor called with its typical arguments (NewLRU(0) may make a
// cache of no room, or fail; NewLRU(2) is the one to fill), those with
// fewer parameters first (New() before FromWords(words)), at most
// maxBases; the zero value (&T{}) when there is no constructor.
func builtBases(calls []builtCall, typicals map[*types.Func]int, ts string) []builtExpr {
	var firsts []builtCall
	seen := map[*types.Func]bool{}
	for _, bc := range calls {
		if !seen[bc.c.fn] {
			seen[bc.c.fn] = true
			if i, ok := typicals[bc.c.fn]; ok && i < len(calls) {
				bc = calls[i]
			}
			firsts = append(firsts, bc)
		}
	}
	sort.SliceStable(firsts, func(i, j int) bool { return firsts[i].c.sig.Params().Len() < firsts[j].c.sig.Params().Len() })
	var out []builtExpr
	for _, bc := range firsts[:min(len(firsts), maxBases)] {
		out = append(out, bc.expr(ts))
	}
	if len(out) == 0 {
		out = append(out, builtExpr{src: "&" + ts + "{}", ptr: true})
	}
	return out
}

// maxRoomy bounds the size a roomy base is made with (see roomyBases):
// a bigger one would only cost memory.
const maxRoomy = 1 << 10

// roomyBases are the values of the first constructor that takes one
// integer (a size, a capacity: New(length uint)) called with the largest
// of its candidates up to maxRoomy, when that is more than a few: filled
// by a few calls, they hold much less than they have room for (a bit
// set of 127 bits with only the first few set, a cache far from full),
// where the typical base (New(2)) is full after two.
func roomyBases(calls []builtCall, ts string) []builtExpr {
	var best *builtCall
	var most int64
	for i, bc := range calls {
		if best != nil && bc.c.fn != best.c.fn {
			break
		}
		if len(bc.args) != 1 || bc.c.sig.Variadic() || !isInteger(bc.c.sig.Params().At(0).Type()) {
			continue
		}
		if v, ok := intLiteral(bc.args[0]); ok && v > most && v <= maxRoomy {
			best, most = &calls[i], v
		}
	}
	if best == nil || most < 8 {
		return nil
	}
	return []builtExpr{best.expr(ts)}
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// intLiteral is the value of an integer argument written as a literal,
// maybe converted (127, uint(127)).
func intLiteral(e string) (int64, bool) {
	if i := strings.IndexByte(e, '('); i >= 0 && strings.HasSuffix(e, ")") {
		e = e[i+1 : len(e)-1]
	}
	v, err := strconv.ParseInt(e, 10, 64)
	return v, err == nil
}

// alarmBases are the values built by a constructor given a function
// that panics (see panicBody), at most one per constructor: an eviction
// callback, a listener. Filled by one call, which does not call it
// back, they show by a panic each call under test that does, and each
// that should but does not.
func alarmBases(calls []builtCall, ts string) []builtExpr {
	var out []builtExpr
	seen := map[*types.Func]bool{}
	for _, bc := range calls {
		if !seen[bc.c.fn] && strings.Contains(bc.call, panicBody) {
			seen[bc.c.fn] = true
			out = append(out, bc.expr(ts))
		}
	}
	return out[:min(len(out), maxBases)]
}

// Bounds of the chains.
const (
	chainsPerMethod = 4 // one-link chains of each method
	chainArgPicks   = 3 // candidates of each argument of a link
)

// chainArgRanks are the argument lists of the two links of a two-link
// chain, by rank in each method's lists (0: typical), in the order they
// are tried: the typical ones, then each link's varied in turn, so that
// settings that depend on each other are tried apart (a timeout below
// the retries).
var chainArgRanks = [][2]int{{0, 0}, {1, 0}, {0, 1}, {2, 0}, {0, 2}, {3, 0}, {0, 3}}

// chainMethods are the exported methods of T and *T that return a T or
// a *T (and maybe an error) rather than change the value in place:
// builders (WithTimeout), setters that return the value (SetPrerelease)
// and operations (IncMinor, Add(d2 Decimal)). Variadic methods are
// left out.
func (g *valueGen) chainMethods(n *types.Named) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []*types.Func
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() {
			continue
		}
		if sig := m.Type().(*types.Signature); returnsSelf(sig, n) || g.returnsSelfVia(m, n) {
			out = append(out, m)
		}
	}
	return out
}

// returnsSelf reports whether sig returns a T or a *T, alone or with an
// error.
func returnsSelf(sig *types.Signature, n *types.Named) bool {
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !isErrorType(res.At(1).Type()) {
		return false
	}
	r := types.Unalias(res.At(0).Type())
	if p, ok := r.(*types.Pointer); ok {
		r = types.Unalias(p.Elem())
	}
	return types.Identical(r, n)
}

// returnsSelfVia reports whether method m returns an interface, alone
// or with an error, that every return statement of it fills with a *T
// (chi's (*Mux).With(...) Router, which makes an inline *Mux): a chain
// link asserted back to *T (see link).
func (g *valueGen) returnsSelfVia(m *types.Func, n *types.Named) bool {
	res := m.Type().(*types.Signature).Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !isErrorType(res.At(1).Type()) || !types.IsInterface(res.At(0).Type()) {
		return false
	}
	return g.pkg != nil && g.pkg.ReturnsOnly(m, types.NewPointer(n))
}

// returnsReceiver reports whether sig, a method's, returns its pointer
// receiver's type alone, as a method that changes the value in place and
// returns it for chaining does (b.Set(1).Set(2)).
func returnsReceiver(sig *types.Signature) bool {
	if sig.Recv() == nil || sig.Results().Len() != 1 {
		return false
	}
	_, ptr := sig.Recv().Type().(*types.Pointer)
	return ptr && types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())
}

// chains are the builder chains on the bases: one link of each chain
// method, on several bases and with several argument lists, the methods
// in turn; then two links on the first base, each pair of methods in
// turn (two different methods before a method twice) with the typical
// arguments, then with each link's arguments varied (chainArgRanks).
func (g *valueGen) chains(n *types.Named, bases []builtExpr, depth int) (one, two []builtExpr) {
	ts := target.NewQualifier(g.self).TypeString(n)
	ms := g.chainMethods(n)
	args := make([][][]string, len(ms))
	for i, m := range ms {
		args[i] = g.methodGen(n, m).argLists(m.Type().(*types.Signature), depth, chainArgPicks)
	}
	per := make([][]builtExpr, len(ms))
	for i, m := range ms {
		// (base, argument list) by the sum of their ranks: the first
		// base with the typical arguments, then the next base and the
		// next arguments, and so on.
		for k := 0; len(per[i]) < chainsPerMethod && k < len(bases)+len(args[i]); k++ {
			for b := 0; b <= k && len(per[i]) < chainsPerMethod; b++ {
				if b < len(bases) && k-b < len(args[i]) {
					per[i] = append(per[i], link(bases[b], m, args[i][k-b], ts))
				}
			}
		}
	}
	for r := 0; r < chainsPerMethod; r++ {
		for i := range ms {
			if r < len(per[i]) {
				one = append(one, per[i][r])
			}
		}
	}
	seen := map[string]bool{}
	for _, rk := range chainArgRanks {
		for d := 1; d <= len(ms); d++ {
			for i, m := range ms {
				j := (i + d) % len(ms)
				x, y := rk[0], rk[1]
				if i == j {
					y++ // the same method twice: other arguments the second time
				}
				if x >= len(args[i]) || y >= len(args[j]) {
					continue
				}
				e := link(link(bases[0], m, args[i][x], ts), ms[j], args[j][y], ts)
				if !seen[e.src] {
					seen[e.src] = true
					two = append(two, e)
				}
			}
		}
	}
	return one, two
}

// link calls method m with args on e: e.M(args), through a function
// literal when its error must be dropped or when m needs a pointer and
// e is a T, which a call's result cannot give.
func link(e builtExpr, m *types.Func, args []string, ts string) builtExpr {
	sig := m.Type().(*types.Signature)
	_, recvPtr := sig.Recv().Type().(*types.Pointer)
	rt := types.Unalias(sig.Results().At(0).Type())
	_, ptr := rt.(*types.Pointer)
	assert := ""
	if types.IsInterface(rt) {
		// An interface that holds a *T (see returnsSelfVia).
		ptr, assert = true, ".(*"+ts+")"
	}
	rts := ts
	if ptr {
		rts = "*" + ts
	}
	call := m.Name() + "(" + strings.Join(args, ", ") + ")"
	hasErr := sig.Results().Len() == 2
	recv := e.src
	if strings.HasPrefix(recv, "&") {
		recv = "(" + recv + ")" // &T{}.M() would take the address of the call
	}
	switch {
	case recvPtr && !e.ptr:
		if hasErr {
			return builtExpr{src: "func() " + rts + " { v := " + e.src + "; r, _ := v." + call + "; return r" + assert + " }()", ptr: ptr}
		}
		return builtExpr{src: "func() " + rts + " { v := " + e.src + "; return v." + call + assert + " }()", ptr: ptr}
	case hasErr:
		return builtExpr{src: "func() " + rts + " { r, _ := " + recv + "." + call + "; return r" + assert + " }()", ptr: ptr, call: recv + "." + call}
	}
	return builtExpr{src: recv + "." + call + assert, ptr: ptr}
}

// methodGen is the value generator of a method's arguments: the values
// mined from the method's own source.
func (g *valueGen) methodGen(n *types.Named, m *types.Func) *valueGen {
	return g.sourceGen(m, n.Obj().Name()+"."+m.Name())
}

// removerNames are the methods that take from a container: called
// among a mutator's calls, they leave it in a state that grew and
// shrank (a ring buffer that wrapped, a heap reordered).
var removerNames = []string{"Pop", "Remove", "Delete", "Del", "Dequeue", "Take", "Shift", "Evict", "Unset"}

// readerNames are the methods that look an element up: called among a
// mutator's calls, they may change the container's order or counts (an
// LRU cache's recency, a 2Q cache's frequent list). The likeliest to
// change it first.
var readerNames = []string{"Get", "Touch", "Lookup", "Load", "Find", "Peek", "Contains", "Has"}

// maxReaders bounds the readers a container is touched by.
const maxReaders = 2

// readers are the exported methods of *T named like Get or Lookup, with
// parameters, in readerNames' order, at most maxReaders; those that also
// fill or take (GetOrAdd, PeekOrAdd) are mutators or removers instead.
func (g *valueGen) readers(n *types.Named) []*types.Func {
	other := append(append([]string(nil), mutatorNames...), removerNames...)
	ms := slices.DeleteFunc(g.containerMethods(n, readerNames, 1), func(m *types.Func) bool {
		return namedLike(m.Name(), other) || hasWord(m.Name(), other)
	})
	rank := func(m *types.Func) int {
		return slices.IndexFunc(readerNames, func(name string) bool {
			return namedLike(m.Name(), []string{name}) || hasWord(m.Name(), []string{name})
		})
	}
	slices.SortStableFunc(ms, func(a, b *types.Func) int { return rank(a) - rank(b) })
	return ms[:min(len(ms), maxReaders)]
}

// namedLike reports whether name is one of names or one of them
// followed by a capitalised word (PushBack, AddItem).
func namedLike(name string, names []string) bool {
	for _, n := range names {
		if name == n || strings.HasPrefix(name, n) && len(name) > len(n) && unicode.IsUpper(rune(name[len(n)])) {
			return true
		}
	}
	return false
}

// hasWord reports whether one of the capitalised words of name after
// the first is one of names: ReplaceOrInsert, GetOrAdd.
func hasWord(name string, names []string) bool {
	start := -1
	for i, r := range name {
		if !unicode.IsUpper(r) {
			continue
		}
		if start > 0 && slices.Contains(names, name[start:i]) {
			return true
		}
		start = i
	}
	return start > 0 && slices.Contains(names, name[start:])
}

// mutators are the exported methods of *T that fill it: named like
// Push or Add, with parameters. A method that returns a T or a *T is a
// chain method instead.
func (g *valueGen) mutators(n *types.Named) []*types.Func {
	return g.containerMethods(n, mutatorNames, 1)
}

// starterNames are the methods that set a value running, called on a
// fresh or filled value to build one that runs.
var starterNames = []string{"Start", "Open", "Begin"}

// starters are the exported methods of *T named Start, Open or Begin,
// without parameters, that return nothing or an error alone: a
// scheduler's Start, which runs its loop in a goroutine and marks it
// running. (Run, which runs the loop itself, would block.)
func (g *valueGen) starters(n *types.Named) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []*types.Func
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !slices.Contains(starterNames, m.Name()) {
			continue
		}
		sig := m.Type().(*types.Signature)
		if res := sig.Results(); sig.Params().Len() == 0 && (res.Len() == 0 || res.Len() == 1 && isErrorType(res.At(0).Type())) {
			out = append(out, m)
		}
	}
	return out
}

// removers are the exported methods of *T that take from it: named like
// Pop or Remove.
func (g *valueGen) removers(n *types.Named) []*types.Func {
	return g.containerMethods(n, removerNames, 0)
}

// containerMethods are the exported methods of *T named like names (or
// with one of them as a later word: ReplaceOrInsert), but not like a
// method that writes the value elsewhere (AppendTo(buf), WriteTo(w)),
// with at least minParams parameters and not returning a T or a *T
// unless they return their pointer receiver for chaining (func (b
// *BitSet) Set(i uint) *BitSet); their results, if any, are dropped (a
// call statement). A variadic method (Add(keys ...string)) is called
// with one element at a time. When none is exported, they are the
// package's unexported methods named so (push, addRoute).
func (g *valueGen) containerMethods(n *types.Named, names []string, minParams int) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	find := func(unexported bool) []*types.Func {
		var out []*types.Func
		for i := 0; i < ms.Len(); i++ {
			m, ok := ms.At(i).Obj().(*types.Func)
			if !ok || m.Exported() == unexported || unexported && m.Pkg() != g.self {
				continue
			}
			name := m.Name()
			if unexported {
				name = strings.ToUpper(name[:1]) + name[1:]
			}
			if !namedLike(name, names) && !hasWord(name, names) || strings.HasSuffix(name, "To") {
				continue
			}
			sig := m.Type().(*types.Signature)
			if sig.Params().Len() < minParams || returnsSelf(sig, n) && !returnsReceiver(sig) {
				continue
			}
			if unexported && g.pkg != nil && !g.pkg.WritesReceiver(m) {
				// Named so, yet it leaves the value as it was:
				// handlePatternNotExist(canFail) returns an error.
				continue
			}
			out = append(out, m)
		}
		return out
	}
	if out := find(false); len(out) > 0 {
		return out
	}
	// None exported: the package's unexported ones (a radix tree's
	// node filled by addRoute, a list by push), which a probe in the
	// package may call.
	return find(true)
}

// fuller reports whether the value built by code a is a fuller fill
// than b: a fill with the fewest nil pointers passed ((*Element)(nil),
// a mark InsertAfter panics on), of the fewest nested values (one
// builder, a function literal without parameters; a constructor call
// has none, and a comparator it is given is not a builder), then of the
// most statements. A list filled by eight PushBack calls comes before
// one filled by InsertAfter with nil marks or from lists built so,
// whose filling panics.
func fuller(a, b string) bool {
	if na, nb := strings.Count(a, ")(nil)"), strings.Count(b, ")(nil)"); na != nb {
		return na < nb
	}
	nested := func(src string) int {
		n := strings.Count(src, "func() ")
		if n == 0 {
			return 2
		}
		return n
	}
	if na, nb := nested(a), nested(b); na != nb {
		return na < nb
	}
	return strings.Count(a, ";") > strings.Count(b, ";")
}

// fillSizes are the numbers of mutator calls of a filled container:
// small and larger.
var fillSizes = []int{1, 3, 8}

// childFills are statements that fill p's parts: for the first mutator
// of muts that returns a pointer to another type of the package with
// mutators of its own (f.NewSection(name) (*Section, error), whose
// Section has NewKey), two parts made by it, each filled by three calls
// of the part's plain maker, else its first mutator (c0, _ :=
// p.NewSection("abc"); if c0 != nil { c0.NewKey("abc", "abc"); … }): a
// file of sections that hold keys, a tree whose children hold children.
// The plain makers (see makesNamed) are tried first on both levels.
func (g *valueGen) childFills(n *types.Named, muts []*types.Func, margs [][][]string, depth int) []string {
	order := make([]int, len(muts))
	for i := range order {
		order[i] = i
	}
	// The plain makers first, then those whose parts have the most
	// mutators of their own (an element, which holds elements, before a
	// text).
	partMuts := make([]int, len(muts))
	for i, m := range muts {
		if res := m.Type().(*types.Signature).Results(); res.Len() > 0 {
			if ptr, ok := res.At(0).Type().(*types.Pointer); ok {
				if c, ok := types.Unalias(ptr.Elem()).(*types.Named); ok && c.Obj().Pkg() == g.self && !types.Identical(c, n) {
					partMuts[i] = len(g.mutators(c))
				}
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := boolCmp(makesNamed(muts[b]), makesNamed(muts[a])); c != 0 {
			return c
		}
		if partMuts[a] != partMuts[b] {
			return partMuts[b] - partMuts[a]
		}
		return muts[a].Type().(*types.Signature).Params().Len() - muts[b].Type().(*types.Signature).Params().Len()
	})
	for _, i := range order {
		m := muts[i]
		res := m.Type().(*types.Signature).Results()
		if res.Len() == 0 || len(margs[i]) < 2 {
			continue
		}
		ptr, ok := res.At(0).Type().(*types.Pointer)
		if !ok {
			continue
		}
		c, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if !ok || c.Obj().Pkg() != g.self || types.Identical(c, n) {
			continue
		}
		cms := g.mutators(c)
		if len(cms) == 0 {
			continue
		}
		cm := cms[0]
		if k := slices.IndexFunc(cms, makesNamed); k >= 0 {
			cm = cms[k]
		}
		if own := g.ownPartMakers(c); len(own) > 0 {
			// A part that makes parts of its own type (an element's
			// elements): a tree two levels deep.
			cm = own[0]
		}
		csig := spread(cm.Type().(*types.Signature))
		cargs := g.methodGen(c, cm).fillArgs(csig, depth, 3, types.Typ[types.Int])
		if len(cargs) == 0 {
			continue
		}
		var out []string
		for k := 0; k < 2; k++ {
			v := fmt.Sprintf("c%d", k)
			lhs := v
			for j := 1; j < res.Len(); j++ {
				lhs += ", _"
			}
			out = append(out, lhs+" := p."+m.Name()+"("+strings.Join(margs[i][k], ", ")+")")
			var calls []string
			for j := 0; j < 3; j++ {
				calls = append(calls, v+"."+cm.Name()+"("+strings.Join(cargs[j%len(cargs)], ", ")+")")
			}
			out = append(out, "if "+v+" != nil { "+strings.Join(calls, "; ")+" }")
		}
		return out
	}
	return nil
}

// makesNamed reports whether m is named for the type it returns first,
// a pointer to it or not: the plain maker of a part (NewSection
// returning a *Section, beside NewRawSection).
func makesNamed(m *types.Func) bool {
	res := m.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && m.Name() == "New"+n.Obj().Name()
}

// boolCmp orders false before true.
func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// holdPairs are the methods that take hold of a value (a lock, a
// permit) and those that let go of it, by name.
var holdPairs = [][2]string{{"Lock", "Unlock"}, {"RLock", "RUnlock"}, {"Acquire", "Release"}}

// holdDelay is how long another goroutine holds a value before it lets
// go (see holds): long enough for the call under test to find it held.
const holdDelay = "time.Millisecond"

// holds are statements that put a *n, p, in a held state by the
// methods of holdPairs it has: held and let go of by another goroutine
// after holdDelay (h0 := p.RLock(); go func() { time.Sleep(…);
// p.RUnlock(h0) }()), which a call that waits its turn (Lock while a
// reader holds it) sees end, the wait then the hold; and, for a
// function under test of n that tries a hold (TryLock) or lets go of
// one (Unlock), held only (p.Lock()): a call that waits would wait
// forever. What the releaser takes is what the holder returned, or
// what it was given, by type.
func (g *valueGen) holds(n *types.Named, depth int) [][]string {
	if depth+1 >= maxDepth {
		return nil
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	method := func(name string) (*types.Func, *types.Signature) {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			return nil, nil
		}
		m, _ := sel.Obj().(*types.Func)
		if m == nil {
			return nil, nil
		}
		return m, m.Type().(*types.Signature)
	}
	u, _ := g.under.(*types.Func)
	var out [][]string
	for _, pair := range holdPairs {
		a, asig := method(pair[0])
		r, rsig := method(pair[1])
		if a == nil || r == nil || asig.Variadic() || rsig.Variadic() {
			continue
		}
		var args []string
		if asig.Params().Len() > 0 {
			lists := g.methodGen(n, a).argLists(asig, depth, 1)
			if len(lists) == 0 {
				continue
			}
			args = lists[0]
		}
		hold := "p." + a.Name() + "(" + strings.Join(args, ", ") + ")"
		var vars []string
		for i := 0; i < asig.Results().Len(); i++ {
			vars = append(vars, fmt.Sprintf("h%d", i))
		}
		// What the releaser takes: a result of the holder, else an
		// argument it was given, of the parameter's type.
		var rargs []string
		for i := 0; i < rsig.Params().Len(); i++ {
			t := rsig.Params().At(i).Type()
			arg := ""
			for j := 0; j < asig.Results().Len() && arg == ""; j++ {
				if types.Identical(asig.Results().At(j).Type(), t) && !slices.Contains(rargs, vars[j]) {
					arg = vars[j]
				}
			}
			for j := 0; j < asig.Params().Len() && arg == ""; j++ {
				if types.Identical(asig.Params().At(j).Type(), t) {
					arg = args[j]
				}
			}
			if arg == "" {
				break
			}
			rargs = append(rargs, arg)
		}
		if len(rargs) == rsig.Params().Len() {
			st := hold
			if len(vars) > 0 {
				used := make([]string, len(vars))
				for j, v := range vars {
					used[j] = "_"
					if slices.Contains(rargs, v) {
						used[j] = v
					}
				}
				if slices.ContainsFunc(used, func(v string) bool { return v != "_" }) {
					st = strings.Join(used, ", ") + " := " + hold
				}
			}
			out = append(out, []string{st, "go func() { time.Sleep(" + holdDelay + "); p." + r.Name() + "(" + strings.Join(rargs, ", ") + ") }()"})
		}
		if u != nil && u.Origin() != a.Origin() && (strings.HasPrefix(u.Name(), "Try") || u.Name() == r.Name()) {
			if ru, _ := method(u.Name()); ru != nil && ru.Origin() == u.Origin() {
				out = append(out, []string{hold})
			}
		}
	}
	return out
}

// bulkSize is the number of calls that fill a container in bulk: past
// the sizes at which containers commonly grow, split or evict (a hash
// table of 32 buckets of 5 resized at three quarters full, a B-tree
// node of 255 items, a Go map's growth), yet quick to make.
const bulkSize = 1000

// bulkArgs are the arguments of the bulk calls of the mutator m: args
// but for its first parameter of a number or string type, or of an
// empty interface, which takes the loop's index instead (bulkSize and
// up, clear of the small values probes look up, which then are not
// found or added anew): as the number converted (T(i)), as three
// letters ("bmm", "bmn", …), and as an int in an interface, so that
// the calls add different elements. Without such a parameter every
// call takes args (a list grows all the same).
func (g *valueGen) bulkArgs(m *types.Func, args []string) []string {
	sig := spread(m.Type().(*types.Signature))
	args = slices.Clone(args)
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if emptyInterface(t) {
			args[i] = "i"
			break
		}
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsInteger|types.IsFloat|types.IsString) == 0 {
			continue
		}
		q := target.NewQualifier(g.self)
		ts := q.TypeString(t)
		if len(q.Imports()) > 0 {
			continue
		}
		switch {
		case b.Info()&types.IsString != 0:
			args[i] = ts + "([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)})"
		case ts == "int":
			args[i] = "i"
		default:
			args[i] = ts + "(i)"
		}
		break
	}
	return args
}

// bulkLoop calls m on p with args for i from bulkSize up to n.
func bulkLoop(m *types.Func, args []string, n int) string {
	return fmt.Sprintf("for i := %d; i < %d; i++ { p.%s(%s) }", bulkSize, n, m.Name(), strings.Join(args, ", "))
}

// fillExpr is a value of *T (named ts) built by statements: the base in
// a variable p, then stmts on p.
func fillExpr(ts string, base builtExpr, stmts []string) builtExpr {
	return partExpr(ts, base, stmts, "p")
}

// partExpr is fillExpr returning the variable ret, which stmts declare
// (a node they made inside p) or p.
func partExpr(ts string, base builtExpr, stmts []string, ret string) builtExpr {
	var b strings.Builder
	b.WriteString("func() *" + ts + " { ")
	if base.ptr {
		b.WriteString(base.assign("p"))
	} else {
		b.WriteString(base.assign("v") + "; p := &v")
	}
	for _, st := range stmts {
		b.WriteString("; " + st)
	}
	b.WriteString("; return " + ret + " }()")
	return builtExpr{src: b.String(), ptr: true}
}

// Variables of the nodes a node value returns (see nodes).
const (
	childVar      = "c1"
	grandchildVar = "g1"
)

// nodes are values of *n inside a tree of them, made by the first of
// n's own part makers (see target.Package.MakesOwnPart: an element's
// CreateElement(tag) *Element), those with the fewest parameters first:
// the first base given three children, the middle one given three of
// its own, then that middle grandchild returned (p.M("a"); c1 :=
// p.M("b"); p.M("c"); c1.M("d"); g1 := c1.M("e"); c1.M("f"); return
// g1), the middle child, and the grandchild with two parts of each
// other kind the node makes after it (see otherParts). A node with a
// parent, a grandparent and siblings on either side is what a method
// relating a node to others needs (the path from one to another, its
// index among its siblings, a node that removes itself); a node made
// apart has none of them.
func (g *valueGen) nodes(n *types.Named, bases []builtExpr, depth int) []builtExpr {
	if len(bases) == 0 || g.pkg == nil {
		return nil
	}
	ts := target.NewQualifier(g.self).TypeString(n)
	for _, m := range g.ownPartMakers(n) {
		sig := m.Type().(*types.Signature)
		args := g.callArgs(n, m, depth, 3)
		if args == nil {
			continue
		}
		// The first string parameter, a name more often than not,
		// names each node apart: a, b and c below p, d, e and f below
		// c1 (b).
		named := -1
		for i := 0; i < sig.Params().Len() && named < 0; i++ {
			if b, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Basic); ok && b.Kind() == types.String {
				named = i
			}
		}
		arg := func(k int) string {
			a := slices.Clone(args[k%len(args)])
			if named >= 0 {
				a[named] = strconv.Quote(string(rune('a' + k)))
			}
			return strings.Join(a, ", ")
		}
		call := func(on string, k int) string { return on + "." + m.Name() + "(" + arg(k) + ")" }
		assign := func(v, on string, k int) string {
			if sig.Results().Len() == 2 {
				v += ", _"
			}
			return v + " := " + call(on, k)
		}
		tree := []string{call("p", 0), assign(childVar, "p", 1), call("p", 2), call(childVar, 3)}
		out := []builtExpr{
			partExpr(ts, bases[0], slices.Concat(tree, []string{assign(grandchildVar, childVar, 4), call(childVar, 5)}), grandchildVar),
			partExpr(ts, bases[0], slices.Concat(tree, []string{call(childVar, 4), call(childVar, 5)}), childVar),
		}
		// Then the grandchild followed by two parts of each other kind
		// the node makes (c1.CreateText(…) twice: the text after an
		// element, its tail), before its last sibling.
		for _, o := range g.otherParts(n, depth) {
			out = append(out, partExpr(ts, bases[0], slices.Concat(tree, []string{assign(grandchildVar, childVar, 4), childVar + "." + o[0], childVar + "." + o[1], call(childVar, 5)}), grandchildVar))
		}
		// And the middle child after the whole tree was reshaped by
		// each method that changes it otherwise (p.IndentWithSettings(…):
		// the whitespace an indented tree holds).
		for _, r := range g.reshapers(n, depth) {
			out = append(out, partExpr(ts, bases[0], slices.Concat(tree, []string{call(childVar, 4), call(childVar, 5), "p." + r}), childVar))
		}
		return out
	}
	return nil
}

// maxReshapers bounds the calls reshapers gives.
const maxReshapers = 3

// notReshapers are names of methods that change a value by what they
// are named for elsewhere (fills, removals, holds, starts) or that end
// or empty it.
var notReshapers = []string{"Close", "Stop", "Reset", "Clear", "Run", "Wait", "Cancel", "Done", "Flush", "Lock", "Unlock", "RLock", "RUnlock", "Acquire", "Release", "Free", "Destroy", "Shutdown"}

// reshapers are calls (without their receiver) of the exported methods
// of *n declared in the package that change the value in place other
// than by filling or emptying it: no result but an error, at most one
// parameter, a body that writes the receiver (an Indent, a
// ReindexChildren, a SortAttrs), the fewest parameters first, at most
// maxReshapers; not the function under test.
func (g *valueGen) reshapers(n *types.Named, depth int) []string {
	if g.pkg == nil {
		return nil
	}
	found := g.methodsWhere(n, func(m *types.Func) bool {
		if m.Pkg() != g.self {
			return false
		}
		if u, ok := g.under.(*types.Func); ok && u.Origin() == m.Origin() {
			return false
		}
		name := m.Name()
		if namedLike(name, mutatorNames) || namedLike(name, removerNames) || slices.Contains(starterNames, name) || namedLike(name, notReshapers) {
			return false
		}
		sig := m.Type().(*types.Signature)
		if res := sig.Results(); res.Len() > 1 || res.Len() == 1 && !isErrorType(res.At(0).Type()) || sig.Params().Len() > 1 || sig.Variadic() {
			return false
		}
		return g.pkg.WritesReceiver(m)
	})
	var out []string
	for _, m := range found {
		if len(out) == maxReshapers {
			break
		}
		if args := g.callArgs(n, m, depth, 1); args != nil {
			out = append(out, m.Name()+"("+strings.Join(args[0], ", ")+")")
		}
	}
	return out
}

// maxOtherParts bounds the kinds of parts otherParts gives.
const maxOtherParts = 3

// otherParts are two calls each (without their receiver) of the first
// maxOtherParts methods of *n that make a part of another type and link
// it in (see target.Package.MakesPart: CreateText(s) *CharData beside
// CreateElement), the fewest parameters first.
func (g *valueGen) otherParts(n *types.Named, depth int) [][2]string {
	makers := g.methodsWhere(n, func(m *types.Func) bool { return !g.pkg.MakesOwnPart(m) && g.pkg.MakesPart(m) })
	var out [][2]string
	for _, m := range makers {
		if len(out) == maxOtherParts {
			break
		}
		args := g.callArgs(n, m, depth, 2)
		if args == nil {
			continue
		}
		call := func(k int) string { return m.Name() + "(" + strings.Join(args[k%len(args)], ", ") + ")" }
		out = append(out, [2]string{call(0), call(1)})
	}
	return out
}

// ownPartMakers are the exported methods of *n that make a *n and link
// it in (see target.Package.MakesOwnPart), those with the fewest
// parameters first; not one promoted from an embedded type (a
// Document's CreateElement makes an *Element).
func (g *valueGen) ownPartMakers(n *types.Named) []*types.Func {
	if g.pkg == nil {
		return nil
	}
	return g.methodsWhere(n, func(m *types.Func) bool {
		return g.pkg.MakesOwnPart(m) && types.Identical(m.Type().(*types.Signature).Results().At(0).Type(), types.NewPointer(n))
	})
}

// methodsWhere are the exported methods of *n that keep takes, those
// with the fewest parameters first.
func (g *valueGen) methodsWhere(n *types.Named, keep func(*types.Func) bool) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []*types.Func
	for i := 0; i < ms.Len(); i++ {
		if m, ok := ms.At(i).Obj().(*types.Func); ok && m.Exported() && keep(m) {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b *types.Func) int {
		return a.Type().(*types.Signature).Params().Len() - b.Type().(*types.Signature).Params().Len()
	})
	return out
}

// callArgs are up to k argument lists, as written, for a call of m, a
// method of *n (see fillArgs); one empty list for a method without
// parameters; nil when a parameter has no value.
func (g *valueGen) callArgs(n *types.Named, m *types.Func, depth, k int) [][]string {
	sig := m.Type().(*types.Signature)
	if sig.Params().Len() == 0 {
		return [][]string{nil}
	}
	args := g.methodGen(n, m).fillArgs(spread(sig), depth, k, types.Typ[types.Int])
	if len(args) == 0 {
		return nil
	}
	return args
}

// treeNode reports a value written by nodes: a node inside a tree.
func treeNode(code string) bool {
	return strings.HasSuffix(code, "; return "+grandchildVar+" }()") || strings.HasSuffix(code, "; return "+childVar+" }()")
}

// maxApplied bounds the values applied builds.
const maxApplied = 16

// applied are values of *n configured by the package's functional
// options: a func type of the package taking a *n alone (type Option
// func(*Config)), what the package's makers of it make applied to the
// first base (func() *Config { p := newDefaultRetryConfig();
// Delay(-time.Second)(p); return p }()), each maker in turn, then two
// makers' options together, at most maxApplied. A function taking the configuration the
// options fill (a delay computed from a *Config) sees the states the
// package's callers put it in.
func (g *valueGen) applied(n *types.Named, bases []builtExpr, depth int) []builtExpr {
	if len(bases) == 0 || depth+1 >= maxDepth {
		return nil
	}
	ts := target.NewQualifier(g.self).TypeString(n)
	var opts [][]string // per maker of each option type, what it makes
	scope := g.self.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		f, ok := tn.Type().(*types.Named)
		if !ok || f.TypeParams().Len() > 0 {
			continue
		}
		sig, ok := f.Underlying().(*types.Signature)
		if !ok || sig.Params().Len() != 1 || sig.Variadic() || !types.Identical(sig.Params().At(0).Type(), types.NewPointer(n)) ||
			sig.Results().Len() > 1 || sig.Results().Len() == 1 && !isErrorType(sig.Results().At(0).Type()) {
			continue
		}
		fts := target.NewQualifier(g.self).TypeString(f)
		for _, m := range g.makers(f) {
			var made []string
			for _, args := range g.argLists(m.sig, depth+1, 1) {
				if len(made) == maxMakerLists {
					break
				}
				made = append(made, m.expr(args, fts))
			}
			if len(made) > 0 {
				opts = append(opts, made)
			}
		}
	}
	var out []builtExpr
	apply := func(os ...string) {
		if len(out) < maxApplied {
			var stmts []string
			for _, o := range os {
				stmts = append(stmts, o+"(p)")
			}
			out = append(out, fillExpr(ts, bases[0], stmts))
		}
	}
	for k := 0; k < maxMakerLists; k++ {
		for _, o := range opts {
			if k < len(o) {
				apply(o[k])
			}
		}
	}
	if len(opts) >= 2 {
		apply(opts[0][0], opts[1][0])
	}
	return out
}

// fills are containers filled by mutator calls, each call with other
// arguments: on the first base, each mutator called once, three and
// eight times (the mutators in turn); then varied states: the hooks set
// after three calls (see hooks), removals among the calls (Push, Push,
// Pop), the mutators interleaved, and the other bases filled.
func (g *valueGen) fills(n *types.Named, bases, alarms []builtExpr, depth int) []builtExpr {
	ts := target.NewQualifier(g.self).TypeString(n)
	var muts []*types.Func
	var margs [][][]string
	var smut *types.Func
	var sargs [][]string
	routes := target.ImportsHTTP(g.self) // routers, whose paths are registered once
	for _, m := range g.mutators(n) {
		sig := spread(m.Type().(*types.Signature))
		if a := g.methodGen(n, m).fillArgs(sig, depth, fillSizes[len(fillSizes)-1], types.Typ[types.Int]); len(a) > 0 {
			if routes {
				a = distinctRoutes(sig, a)
			}
			muts, margs = append(muts, m), append(margs, a)
			if len(sargs) == 0 && takesAny(sig) {
				// The same mutator given strings where it takes any:
				// a container whose comparator takes strings.
				sargs = g.methodGen(n, m).fillArgs(sig, depth, 3, types.Typ[types.String])
				smut = m
			}
		}
	}
	hooks := g.hooks(n)
	starts := g.starters(n)
	holds := g.holds(n, depth)
	if len(muts) == 0 && len(hooks) == 0 && len(starts) == 0 && len(holds) == 0 {
		return nil
	}
	fill := func(base builtExpr, stmts []string) builtExpr { return fillExpr(ts, base, stmts) }
	call := func(m *types.Func, args []string) string {
		return "p." + m.Name() + "(" + strings.Join(args, ", ") + ")"
	}
	repeat := func(i, k int) []string {
		var cs []string
		for j := 0; j < k; j++ {
			if j == len(margs[i]) && routes && routeMutator(muts[i]) {
				break // a router panics on a route registered twice
			}
			cs = append(cs, call(muts[i], margs[i][j%len(margs[i])]))
		}
		return cs
	}
	var plain, varied []builtExpr
	for _, k := range fillSizes {
		for i := range muts {
			plain = append(plain, fill(bases[0], repeat(i, k)))
		}
	}
	if len(muts) > 0 && !(routes && routeMutator(muts[0])) {
		// Past the thresholds at which a container grows, splits or
		// evicts, after the first mutator's eight calls.
		// The function under test itself when it is a mutator: the
		// calls that fill the value are run by its case too (a store
		// that finds its bucket full, or the table due to grow).
		b := 0
		u, _ := g.under.(*types.Func)
		for i, m := range muts {
			if u != nil && m.Origin() == u.Origin() {
				b = i
			}
		}
		args := g.bulkArgs(muts[b], margs[b][0])
		adds := bulkLoop(muts[b], args, 2*bulkSize)
		bulk := []builtExpr{fill(bases[0], []string{adds})}
		// The remover under test, then, takes all but a few of them
		// back: a table that shrinks as it empties.
		for _, r := range g.removers(n) {
			rsig := spread(r.Type().(*types.Signature))
			if u == nil || r.Origin() != u.Origin() || !prefixOf(rsig, spread(muts[b].Type().(*types.Signature))) {
				continue
			}
			bulk = append(bulk, fill(bases[0], []string{adds, bulkLoop(r, args[:rsig.Params().Len()], 2*bulkSize-fillSizes[len(fillSizes)-1])}))
		}
		at := min(len(plain), 2*len(muts)+1)
		plain = slices.Insert(plain, at, bulk...)
	}
	for _, h := range hooks {
		// Set last, so that the calls that fill the value do not call
		// it back (an eviction): the call under test does.
		var st []string
		if len(muts) > 0 {
			st = repeat(0, 3)
		}
		varied = append(varied, fill(bases[0], append(st, h)))
	}
	// Started: a scheduler or a worker whose methods talk to the
	// goroutine Start runs once it runs, empty and filled.
	for _, s := range starts {
		st := "p." + s.Name() + "()"
		varied = append(varied, fill(bases[0], []string{st}))
		if len(muts) > 0 {
			varied = append(varied, fill(bases[0], append(repeat(0, 3), st)))
		}
	}
	for _, h := range holds {
		varied = append(varied, fill(bases[0], h))
	}
	if st := g.childFills(n, muts, margs, depth); len(st) > 0 {
		// First of all: the fullest state, what the package's writers
		// are given to write (see writtenReaders).
		plain = append([]builtExpr{fill(bases[0], st)}, plain...)
	}
	if len(muts) == 0 {
		return varied
	}
	// The other bases filled by the most calls, first: another
	// constructor's value may hold less (a tree of degree 2, split into
	// levels by the fourth item).
	for _, b := range bases[1:] {
		varied = append(varied, fill(b, repeat(0, fillSizes[len(fillSizes)-1])))
	}
	// A value of the type the function under test works on, stored
	// through the first mutator that takes any value: IncrementInt8(k,
	// n int8) needs an int8 stored under k, Set(k, x any, d) stores a 42.
	for _, v := range g.underValues(depth) {
		for i, m := range muts {
			sig := spread(m.Type().(*types.Signature))
			slot := -1
			for j := 0; j < sig.Params().Len() && slot < 0; j++ {
				if emptyInterface(sig.Params().At(j).Type()) {
					slot = j
				}
			}
			if slot < 0 {
				continue
			}
			args := append([]string(nil), margs[i][0]...)
			args[slot] = v
			varied = append(varied, fill(bases[0], []string{call(m, args)}))
			break
		}
	}
	// Removals: of an argument added before when the remover takes
	// what the mutator took first (Remove(x) after Add(x), Delete(k)
	// after Set(k, v)), else of its own typical argument.
	for _, r := range g.removers(n) {
		rsig := r.Type().(*types.Signature)
		var own [][]string
		if rsig.Params().Len() > 0 {
			if own = g.methodGen(n, r).argLists(rsig, depth, 1); len(own) == 0 {
				continue
			}
		}
		rargs := func(added []string) []string {
			switch {
			case rsig.Params().Len() == 0:
				return nil
			case prefixOf(spread(rsig), spread(muts[0].Type().(*types.Signature))):
				return added[:rsig.Params().Len()]
			}
			return own[0]
		}
		// Three calls: two added, the first taken; eight: five added,
		// the second taken, two more added, six left (a count that is
		// not a power of two: a ring of four has wrapped); five: four
		// added, the last taken (a tree's node split by the fourth and
		// merged back).
		adds := make([][]string, 7)
		for j := range adds {
			adds[j] = margs[0][j%len(margs[0])]
		}
		calls := func(args [][]string) []string {
			var cs []string
			for _, a := range args {
				cs = append(cs, call(muts[0], a))
			}
			return cs
		}
		varied = append(varied,
			fill(bases[0], append(calls(adds[:2]), call(r, rargs(adds[0])))),
			fill(bases[0], append(append(calls(adds[:5]), call(r, rargs(adds[1]))), calls(adds[5:])...)),
			fill(bases[0], append(calls(adds[:4]), call(r, rargs(adds[3])))))
	}
	// Touches: the first element given again after two others, to the
	// mutator (Add(a), Add(b), Add(c), Add(a): an update in place, a
	// promotion to a frequent list, a count of two) and to each reader
	// that takes what the mutator took first (Get(a): a move to the
	// front of a recency list).
	if len(margs[0]) > 2 {
		msig := spread(muts[0].Type().(*types.Signature))
		first := margs[0][:3]
		calls := func() []string {
			var cs []string
			for _, a := range first {
				cs = append(cs, call(muts[0], a))
			}
			return cs
		}
		varied = append(varied, fill(bases[0], append(calls(), call(muts[0], first[0]))))
		for _, r := range g.readers(n) {
			if rsig := r.Type().(*types.Signature); prefixOf(spread(rsig), msig) {
				varied = append(varied, fill(bases[0], append(calls(), call(r, first[0][:rsig.Params().Len()]))))
			}
		}
	}
	if len(muts) > 1 {
		var cs []string
		for j := 0; j < fillSizes[len(fillSizes)-1]; j++ {
			i := j % len(muts)
			cs = append(cs, call(muts[i], margs[i][j%len(margs[i])]))
		}
		varied = append(varied, fill(bases[0], cs))
	}
	strs := func() []string {
		var cs []string
		for _, a := range sargs {
			cs = append(cs, call(smut, a))
		}
		return cs
	}
	if len(sargs) > 0 {
		varied = append(varied, fill(bases[0], strs()))
	}
	for _, b := range bases[1:] {
		varied = append(varied, fill(b, repeat(0, 3)))
		if len(sargs) > 0 {
			varied = append(varied, fill(b, strs()))
		}
	}
	for _, b := range alarms {
		varied = append(varied, fill(b, repeat(0, 1)))
	}
	return interleave(plain, varied)
}

// Bounds of the values containers store for the function under test
// (see underValues).
const (
	maxUnderTypes    = 2  // types of its parameters
	maxAssertedTypes = 14 // types it asserts or switches on
)

// underValues are typical values of the types the function under test
// works on, each written as code of exactly its type (int8(2)), one per
// type: those of its parameters that are not strings (a key, more
// often) or interfaces, at most maxUnderTypes; then those it asserts a
// value to or switches on, at most maxAssertedTypes. They are what a
// container may hold for the function to work on.
func (g *valueGen) underValues(depth int) []string {
	fn, ok := g.under.(*types.Func)
	if !ok {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(t types.Type) bool {
		if types.IsInterface(t) || hasTypeParam(t, map[types.Type]bool{}) {
			return false
		}
		key := types.TypeString(t, nil)
		if seen[key] {
			return false
		}
		v, ok := g.exactCode(g.typical(t, g.valuesAt(t, depth+1)), t)
		if !ok {
			return false
		}
		if !g.nameable(t) {
			return false
		}
		seen[key] = true
		out = append(out, v.Str)
		return true
	}
	sig := fn.Type().(*types.Signature)
	n := 0
	for i := 0; i < sig.Params().Len() && n < maxUnderTypes; i++ {
		if t := sig.Params().At(i).Type(); !isStringType(t) && add(t) {
			n++
		}
	}
	if g.m != nil {
		n = 0
		for _, t := range g.m.asserted {
			if n < maxAssertedTypes && add(t) {
				n++
			}
		}
	}
	return out
}

// Bounds of the hooks.
const (
	maxHookFields = 2 // hooks of a type set (fields or setter methods)
	hookPicks     = 2 // functions set in each
)

// hooks are statements that set the exported fields of T of a func type
// (OnEvicted, Less) on a value p, or call its methods that set one
// (OnEvicted(f), SetLogger(f)): a value built by its constructor leaves
// them nil, and the code that calls them back runs only once they are
// set. Each hook takes the first few of its non-nil candidates (an
// empty body, a panic, a result).
func (g *valueGen) hooks(n *types.Named) []string {
	var out []string
	set := 0 // hooks that got a function
	// add sets the hook of type t through write, which makes the
	// statement from a function's code.
	add := func(t types.Type, write func(fn string) string) {
		sig, ok := t.Underlying().(*types.Signature)
		if !ok || set == maxHookFields {
			return
		}
		if !g.nameable(t) {
			return // a probe's code for it would need an import
		}
		picked := 0
		for _, v := range g.funcValues(sig) {
			if v.Kind == spec.Code && picked < hookPicks {
				out = append(out, write(v.Str))
				picked++
			}
		}
		if picked > 0 {
			set++
		}
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() && !f.Embedded() {
				add(f.Type(), func(fn string) string { return "p." + f.Name() + " = " + fn })
			}
		}
	}
	// Methods that set a hook: OnEvicted(f func(string, any)).
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() || !namedLike(m.Name(), hookSetters) {
			continue
		}
		if sig := m.Type().(*types.Signature); sig.Params().Len() == 1 && !sig.Variadic() && sig.Results().Len() == 0 {
			add(sig.Params().At(0).Type(), func(fn string) string { return "p." + m.Name() + "(" + fn + ")" })
		}
	}
	return out
}

// hookSetters name the methods that take a function to call back.
var hookSetters = []string{"On", "Set", "Register", "Handle"}

// spread is sig with its variadic parameter, if any, taken as one
// element: the signature of a call that passes one element.
func spread(sig *types.Signature) *types.Signature {
	if !sig.Variadic() {
		return sig
	}
	params := make([]*types.Var, sig.Params().Len())
	for i := range params {
		params[i] = sig.Params().At(i)
	}
	last := params[len(params)-1]
	if s, ok := last.Type().Underlying().(*types.Slice); ok {
		params[len(params)-1] = types.NewParam(last.Pos(), last.Pkg(), last.Name(), s.Elem())
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), false)
}

// takesAny reports whether a parameter of sig is an empty interface.
func takesAny(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if emptyInterface(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// prefixOf reports whether the parameters of r are the first parameters
// of m, by type.
func prefixOf(r, m *types.Signature) bool {
	if r.Params().Len() > m.Params().Len() {
		return false
	}
	for i := 0; i < r.Params().Len(); i++ {
		if !types.Identical(r.Params().At(i).Type(), m.Params().At(i).Type()) {
			return false
		}
	}
	return true
}

// routePaths are the paths a router's routes are registered at.
var routePaths = []string{"/", "/abc", "/abc/def", "/users/:id", "/static/*path", "/items/{id}"}

// requestPaths are paths that the routes at routePaths match in one
// syntax or another, requests would be made at.
var requestPaths = []string{"/users/42", "/static/js/app.js", "/items/42", "/abc/", "/ABC"}

// distinctRoutes are the argument lists of a mutator, the first of
// each path when it takes a route's path (see routeIndex): a router
// panics on a route registered twice.
func distinctRoutes(sig *types.Signature, lists [][]string) [][]string {
	i := routeIndex(sig)
	if i < 0 {
		return lists
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(lists, func(args []string) bool {
		dup := seen[args[i]]
		seen[args[i]] = true
		return dup
	})
}

// routeMutator reports whether m takes a route's path (see routeIndex).
func routeMutator(m *types.Func) bool { return routeIndex(m.Type().(*types.Signature)) >= 0 }

// routeIndex is the index of the first parameter of sig that is a
// route's path, a string named like one (see target.RouteParam):
// the path a router registers a handler at (HandleFunc(path, f),
// Handle(pattern, h), Path(tpl)); -1 for none.
func routeIndex(sig *types.Signature) int {
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); isStringType(p.Type()) && target.RouteParam(p.Name()) {
			return i
		}
	}
	return -1
}

// fillArgs are k argument lists for k calls of a mutator, different
// from each other where the candidates allow: the typical list, then
// each parameter's candidates taken together, rank by rank (Set("a", 1),
// Set("b", 2), ...), so that a filled container holds different
// elements, not the same one k times. A parameter of an empty interface
// takes values of one type, elem's (ints, else strings), as a container
// of any holds in use: its keys are compared with each other by a
// comparator that asserts their type (IntComparator), hashed or sorted.
func (g *valueGen) fillArgs(sig *types.Signature, depth, k int, elem types.Type) [][]string {
	np := sig.Params().Len()
	cands, typical := g.paramCands(sig, depth)
	for i := range cands {
		if emptyInterface(sig.Params().At(i).Type()) {
			// The typical value of any, first, when it is of elem's
			// kind (42): the key a lookup is typically given finds
			// the one filled in.
			own := g.valuesAt(elem, depth+1)
			want := g.typical(elem, own)
			if typical[i].Kind == want.Kind {
				want = typical[i]
			}
			cands[i], typical[i] = own, want
		}
	}
	for i := range cands {
		if len(cands[i]) == 0 {
			return nil
		}
	}
	var out [][]string
	seen := map[string]bool{}
	add := func(vals []spec.Value) {
		args := make([]string, np)
		for i, v := range vals {
			e, ok := g.arg(v, sig.Params().At(i).Type())
			if !ok {
				return
			}
			args[i] = e
		}
		if key := strings.Join(args, ", "); !seen[key] {
			seen[key] = true
			out = append(out, args)
		}
	}
	add(typical)
	longest := 0
	for _, c := range cands {
		longest = max(longest, len(c))
	}
	for r := 0; len(out) < k && r < longest; r++ {
		vals := make([]spec.Value, np)
		for i := range vals {
			vals[i] = cands[i][r%len(cands[i])]
		}
		add(vals)
	}
	return out
}

// ctorArgs are the argument lists a constructor is called with: for one
// parameter its candidates, those that look like the constructor's
// input (digits for a parser) first; for several, a typical list and
// each parameter swept through a few candidates. typical is the index
// of the list a container is filled from: the one of the parameter's
// typical value (New(2) rather than New(0), which may well make a cache
// of no room, or fail), or else the first; the typical list for several.
func (g *valueGen) ctorArgs(c ctor, depth int) (lists [][]string, typical int) {
	sig := c.sig
	if sig.Params().Len() == 0 {
		return [][]string{nil}, 0
	}
	sub := g.ctorGen(c.fn)
	if sig.Params().Len() == 1 && !sig.Variadic() {
		t := sig.Params().At(0).Type()
		cands := sub.argCands(t, depth)
		picks := ctorArgPicks
		if isStringType(t) {
			var docs int
			cands, docs = documented(likelyFirst(cands), sub.m)
			picks += docs
			cands = sub.jsonFirst(sig.Params().At(0).Name(), t, cands)
		}
		want := sub.typical(t, cands)
		typical = -1
		for _, v := range cands {
			if e, ok := g.arg(v, t); ok {
				if typical < 0 && valueKey(v) == valueKey(want) {
					typical = len(lists)
				}
				lists = append(lists, []string{e})
			}
			if len(lists) == picks {
				break
			}
		}
		return lists, max(typical, 0)
	}
	lists = sub.argLists(sig, depth, ctorSweep)
	if sig.Params().Len() == 1 && sig.Variadic() {
		// New(options ...Options): also one struct of options at a time,
		// first those with the fields the function under test reads
		// set (see readFieldValues), then its other candidates from the
		// third on, up to ctorArgPicks lists in all.
		elem := sig.Params().At(0).Type().(*types.Slice).Elem()
		if n, ok := types.Unalias(elem).(*types.Named); ok && isStruct(n) {
			cands := sub.argCands(elem, depth+1)
			for _, v := range append(sub.readFieldValues(n, depth+1), cands[min(2, len(cands)):]...) {
				if len(lists) >= ctorArgPicks {
					break
				}
				if e, ok := g.arg(v, elem); ok && !slices.ContainsFunc(lists, func(l []string) bool { return len(l) == 1 && l[0] == e }) {
					lists = append(lists, []string{e})
				}
			}
		}
	}
	return lists, 0
}

// paramCands are the candidates of each parameter of sig, one level
// below depth, and the typical value of each: in a package that
// imports net/http, a route's path (see routeIndex) takes routePaths
// only, wherever a route is registered (a fill's Handle(path, h), a
// chain's Route(pattern, fn)).
func (g *valueGen) paramCands(sig *types.Signature, depth int) (cands [][]spec.Value, typical []spec.Value) {
	np := sig.Params().Len()
	cands = make([][]spec.Value, np)
	typical = make([]spec.Value, np)
	for i := 0; i < np; i++ {
		t := sig.Params().At(i).Type()
		cands[i] = g.jsonFirst(sig.Params().At(i).Name(), t, g.argCands(t, depth))
		typical[i] = g.typical(t, cands[i])
	}
	if target.ImportsHTTP(g.self) {
		for i := range cands {
			if prm := sig.Params().At(i); isStringType(prm.Type()) && target.RouteParam(prm.Name()) {
				// A route registered: at the path a request is built
				// with by default, first, below it and two levels deep,
				// then with a parameter in each common syntax
				// (httprouter's :id and *path, net/http's and chi's
				// {id}), each under its own prefix so that no two
				// conflict.
				// Only those: a router panics on a path it cannot
				// parse.
				var own []spec.Value
				for _, p := range routePaths {
					own = append(own, spec.StringValue(p))
				}
				cands[i], typical[i] = own[1:], own[0]
			}
		}
	}
	return cands, typical
}

// argCands are the candidates of an argument of type t of a call built
// by code, one level below depth. An argument is code, so a function
// can be written there (a comparator for NewG(degree, less)), where a
// function nested in a value can only be nil.
func (g *valueGen) argCands(t types.Type, depth int) []spec.Value {
	if fn, ok := t.Underlying().(*types.Signature); ok {
		return append(g.namedFuncs(t, fn), g.funcValues(fn)...)
	}
	return g.valuesAt(t, depth+1)
}

// argLists are argument lists for a signature: the typical one, then
// each parameter swept through its first per candidates. A variadic
// parameter takes a slice, passed with "...".
func (g *valueGen) argLists(sig *types.Signature, depth, per int) [][]string {
	_, out := g.argValueLists(sig, depth, per)
	return out
}

// argValueLists are the argument lists argLists writes (written), and
// the values each was written from (vals).
func (g *valueGen) argValueLists(sig *types.Signature, depth, per int) (vals [][]spec.Value, written [][]string) {
	np := sig.Params().Len()
	cands, typical := g.paramCands(sig, depth)
	render := func(vals []spec.Value) ([]string, bool) {
		out := make([]string, np)
		for i, v := range vals {
			e, ok := g.arg(v, sig.Params().At(i).Type())
			if !ok {
				return nil, false
			}
			if sig.Variadic() && i == np-1 {
				e += "..." // the slice is the variadic arguments
			}
			out[i] = e
		}
		return out, true
	}
	seen := map[string]bool{}
	add := func(vs []spec.Value) {
		if args, ok := render(vs); ok && !seen[strings.Join(args, ",")] {
			seen[strings.Join(args, ",")] = true
			vals = append(vals, vs)
			written = append(written, args)
		}
	}
	add(typical)
	for r := 0; r < per; r++ {
		for i := 0; i < np; i++ {
			if r < len(cands[i]) {
				vs := append([]spec.Value(nil), typical...)
				vs[i] = cands[i][r]
				add(vs)
			}
		}
	}
	return vals, written
}

// arg writes a value as an argument of type t. It may name the packages
// a probe finds by their names (time.Duration(5), proto.Message(nil),
// see resolvable); an argument that needs another package is left out.
func (g *valueGen) arg(v spec.Value, t types.Type) (string, bool) {
	q := target.NewQualifier(g.self)
	e, err := target.GoExpr(v, t, q)
	if err != nil || !g.resolvable(q) {
		return "", false
	}
	return e, true
}

// nameable reports whether a probe's code can name t: its packages
// are resolvable.
func (g *valueGen) nameable(t types.Type) bool {
	q := target.NewQualifier(g.self)
	q.TypeString(t)
	return g.resolvable(q)
}

// resolvable reports whether the imports code written through q needs
// are packages a probe finds by the names q gave them (see
// ProbeFromSnippet): those the package under test imports under their
// own names (a proto.Message parameter), else standard ones.
func (g *valueGen) resolvable(q *target.Qualifier) bool {
	for path, name := range q.Imports() {
		found := stdlibNames[name]
		if g.self != nil {
			for _, p := range g.self.Imports() {
				if p.Name() == name {
					found = p.Path()
				}
			}
		}
		if found != path || refused(path, g.self) {
			return false
		}
	}
	return true
}

// ctorGen is the value generator of a constructor's arguments: the
// values mined from the constructor's own source.
func (g *valueGen) ctorGen(fn *types.Func) *valueGen { return g.sourceGen(fn, fn.Name()) }

// sourceGen is the value generator of the arguments of fn, named name
// in the package: the values mined from fn's own source, or g's when
// the source is not known.
func (g *valueGen) sourceGen(fn *types.Func, name string) *valueGen {
	if sub, ok := g.subs[fn]; ok {
		return sub
	}
	sub := g
	if g.pkg != nil {
		if f, err := g.pkg.Func(name); err == nil {
			m := mine(f)
			var asserted []types.Type
			if g.m != nil {
				asserted = g.m.asserted
			}
			// What the function under test asserts an empty
			// interface to is what a value built for it should hold:
			// the pred of newWherePart(pred any) that a method switches
			// on.
			for _, t := range asserted {
				if !slices.ContainsFunc(m.asserted, func(h types.Type) bool { return types.Identical(h, t) }) {
					m.asserted = append(m.asserted, t)
				}
			}
			// So are the fields of the options it is given that the
			// function under test reads, before those it reads itself
			// (see readFieldValues).
			if g.m != nil {
				for tn, names := range g.m.reads {
					if m.reads == nil {
						m.reads = map[*types.TypeName][]string{}
					}
					own := m.reads[tn]
					m.reads[tn] = slices.Clone(names)
					for _, name := range own {
						if !slices.Contains(m.reads[tn], name) && len(m.reads[tn]) < maxReads {
							m.reads[tn] = append(m.reads[tn], name)
						}
					}
				}
			}
			sub = newValueGen(g.self, m)
			sub.pkg, sub.subs, sub.lits, sub.tags, sub.ptrs = g.pkg, g.subs, g.lits, g.tags, g.ptrs
		}
	}
	g.subs[fn] = sub
	return sub
}

// ctorDocPicks bounds the documented examples a constructor's string
// argument is tried with, past its ctorArgPicks first candidates.
const ctorDocPicks = 6

// documented moves the examples quoted in the docs of a constructor, of
// the functions it calls and of its file's declarations (a pattern's
// syntax, `a*`, `{a,b}`), up to ctorDocPicks of them, the longer before
// a lone character (more often a token of the syntax), right after the
// first ctorArgPicks of vs, and reports how many it moved there: a
// parser whose input has no digits would otherwise be built from
// numbers only, and the candidates likelyFirst put first keep their
// places (a doc's "MAJOR.MINOR.PATCH" is no version).
func documented(vs []spec.Value, m *mined) ([]spec.Value, int) {
	quoted := map[string]bool{}
	for _, s := range append(append([]string(nil), m.docs...), m.related...) {
		if s != "" && len(s) <= 40 {
			quoted[s] = true
		}
	}
	head := vs[:min(len(vs), ctorArgPicks)]
	var docs, rest []spec.Value
	for _, v := range vs[len(head):] {
		if v.Kind == spec.String && quoted[v.Str] {
			docs = append(docs, v)
		} else {
			rest = append(rest, v)
		}
	}
	sort.SliceStable(docs, func(i, j int) bool {
		return utf8.RuneCountInString(docs[i].Str) > 1 && utf8.RuneCountInString(docs[j].Str) <= 1
	})
	n := min(len(docs), ctorDocPicks)
	out := append(append(append(head[:len(head):len(head)], docs[:n]...), rest...), docs[n:]...)
	return out, n
}

// likelyFirst orders string candidates of a parser's input: those with
// digits (versions, numbers, dates) before the others, the empty string
// kept early for the error path.
func likelyFirst(vs []spec.Value) []spec.Value {
	var digits, other []spec.Value
	for _, v := range vs {
		if v.Kind == spec.String && strings.ContainsFunc(v.Str, unicode.IsDigit) && len(v.Str) <= 40 {
			digits = append(digits, v)
		} else {
			other = append(other, v)
		}
	}
	out := append(digits[:min(len(digits), ctorArgPicks-2):min(len(digits), ctorArgPicks-2)], other[:min(len(other), 2)]...)
	out = append(out, digits[min(len(digits), ctorArgPicks-2):]...)
	return append(out, other[min(len(other), 2):]...)
}
