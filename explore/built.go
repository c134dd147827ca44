package explore

import (
	"go/types"
	"sort"
	"strings"
	"unicode"

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
// value to build one in a small or larger state.
var mutatorNames = []string{"Push", "Add", "Insert", "Set", "Put", "Append", "Enqueue", "Store", "Write", "Inc"}

// ctor is a constructor of a named type of the package under test.
type ctor struct {
	fn  *types.Func
	sig *types.Signature // instantiated, for a generic constructor
	// targs are the type arguments of a generic constructor, as written
	// in its call ("[int, string]"); "" for another.
	targs string
	ptr   bool // it returns *T (else T)
	err   bool // its last result is an error
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
// without an error: those named New…, Parse…, Must…, Make…, From…;
// those without an error first, then by name. For an instantiated type
// (Stack[int]), a generic constructor that makes it (NewStack[T any]()
// *Stack[T]) is instantiated with its type arguments.
func (g *valueGen) ctors(n *types.Named) []ctor {
	scope := g.self.Scope()
	var out []ctor
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
		if !named || sig.Variadic() && sig.Params().Len() > 1 {
			continue
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
		res := sig.Results()
		switch {
		case res.Len() == 2 && isErrorType(res.At(1).Type()):
			c.err = true
		case res.Len() != 1:
			continue
		}
		r := types.Unalias(res.At(0).Type())
		if p, ok := r.(*types.Pointer); ok {
			r, c.ptr = types.Unalias(p.Elem()), true
		}
		if !types.Identical(r, n) {
			continue
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return !out[i].err && out[j].err })
	return out
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

// builtValues are the candidates of a type built by code: the values
// its constructors make from their arguments' candidates, then, for a
// container, the value of its first constructor filled by one, three and
// eight calls of a method such as Push or Add. They are spec.Code values,
// written as expressions of exactly type t (T or *T).
func (g *valueGen) builtValues(n *types.Named, ptr bool, depth int) []spec.Value {
	if depth >= maxDepth {
		return nil
	}
	q := target.NewQualifier(g.self)
	ts := q.TypeString(n)
	var calls []builtCall
	base := -1 // the call a container is filled from
	cs := g.ctors(n)
	for _, c := range cs {
		if c.err && len(calls) > 0 && !cs[0].err {
			break // the constructors without an error are enough
		}
		lists, typical := g.ctorArgs(c, depth)
		if base < 0 && len(lists) > 0 {
			base = len(calls) + typical
		}
		for _, args := range lists {
			calls = append(calls, builtCall{c: c, call: c.name() + "(" + strings.Join(args, ", ") + ")"})
		}
	}
	var out []spec.Value
	for _, bc := range calls {
		out = append(out, spec.CodeValue(bc.as(ts, ptr)))
		if len(out) == maxBuilt {
			return out
		}
	}
	// A fresh value filled by a mutating method.
	fresh := "&" + ts + "{}"
	freshPtr := true
	if base >= 0 {
		fresh, freshPtr = calls[base].expr(ts), calls[base].c.ptr
	}
	for _, m := range g.mutators(n) {
		args := g.argLists(m.Type().(*types.Signature), depth, 8)
		if len(args) == 0 {
			continue
		}
		for _, k := range []int{1, 3, 8} {
			var b strings.Builder
			b.WriteString("func() *" + ts + " { v := " + fresh)
			if !freshPtr {
				b.WriteString("; p := &v")
			} else {
				b.WriteString("; p := v")
			}
			for i := 0; i < k; i++ {
				b.WriteString("; p." + m.Name() + "(" + strings.Join(args[i%len(args)], ", ") + ")")
			}
			b.WriteString("; return p }()")
			e := b.String()
			if !ptr {
				e = "*" + e
			}
			out = append(out, spec.CodeValue(e))
		}
		if len(out) >= maxBuilt {
			break
		}
	}
	return out
}

// builtCall is a call of a constructor with its arguments.
type builtCall struct {
	c    ctor
	call string
}

// expr is the call as an expression of T or *T (as the constructor
// returns it), the error dropped.
func (bc builtCall) expr(ts string) string {
	if !bc.c.err {
		return bc.call
	}
	rt := ts
	if bc.c.ptr {
		rt = "*" + ts
	}
	return "func() " + rt + " { v, _ := " + bc.call + "; return v }()"
}

// as is the call as an expression of exactly *T (ptr) or T.
func (bc builtCall) as(ts string, ptr bool) string {
	e := bc.expr(ts)
	switch {
	case ptr == bc.c.ptr:
		return e
	case ptr:
		return "func() *" + ts + " { v := " + e + "; return &v }()"
	}
	return "*" + e
}

// mutators are the exported methods of *T that fill it: named like
// Push or Add, with parameters and no result but maybe an error or a bool.
func (g *valueGen) mutators(n *types.Named) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []*types.Func
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() {
			continue
		}
		known := false
		for _, name := range mutatorNames {
			known = known || m.Name() == name || strings.HasPrefix(m.Name(), name) && len(m.Name()) > len(name) && unicode.IsUpper(rune(m.Name()[len(name)]))
		}
		sig := m.Type().(*types.Signature)
		if !known || sig.Params().Len() == 0 || sig.Variadic() || sig.Results().Len() > 1 {
			continue
		}
		out = append(out, m)
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
		cands := sub.valuesAt(t, depth+1)
		if isStringType(t) {
			cands = likelyFirst(cands)
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
			if len(lists) == ctorArgPicks {
				break
			}
		}
		return lists, max(typical, 0)
	}
	return sub.argLists(sig, depth, ctorSweep), 0
}

// argLists are argument lists for a signature: the typical one, then
// each parameter swept through its first per candidates. A variadic
// parameter takes a slice, passed with "...".
func (g *valueGen) argLists(sig *types.Signature, depth, per int) [][]string {
	np := sig.Params().Len()
	cands := make([][]spec.Value, np)
	typical := make([]spec.Value, np)
	for i := 0; i < np; i++ {
		t := sig.Params().At(i).Type()
		cands[i] = g.valuesAt(t, depth+1)
		typical[i] = g.typical(t, cands[i])
	}
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
	var out [][]string
	seen := map[string]bool{}
	add := func(vals []spec.Value) {
		if args, ok := render(vals); ok && !seen[strings.Join(args, ",")] {
			seen[strings.Join(args, ",")] = true
			out = append(out, args)
		}
	}
	add(typical)
	for r := 0; r < per; r++ {
		for i := 0; i < np; i++ {
			if r < len(cands[i]) {
				vals := append([]spec.Value(nil), typical...)
				vals[i] = cands[i][r]
				add(vals)
			}
		}
	}
	return out
}

// arg writes a value as an argument of type t, with no import: a value
// built by code is checked where it is used, and an argument that needs
// a package is left out.
func (g *valueGen) arg(v spec.Value, t types.Type) (string, bool) {
	q := target.NewQualifier(g.self)
	e, err := target.GoExpr(v, t, q)
	if err != nil || len(q.Imports()) > 0 {
		return "", false
	}
	return e, true
}

// ctorGen is the value generator of a constructor's arguments: the
// values mined from the constructor's own source.
func (g *valueGen) ctorGen(fn *types.Func) *valueGen {
	if sub, ok := g.subs[fn]; ok {
		return sub
	}
	sub := g
	if g.pkg != nil {
		if f, err := g.pkg.Func(fn.Name()); err == nil {
			sub = newValueGen(g.self, mine(f))
			sub.pkg, sub.subs = g.pkg, g.subs
		}
	}
	g.subs[fn] = sub
	return sub
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
