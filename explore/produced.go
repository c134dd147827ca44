package explore

import (
	"go/types"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the values made by other types' methods.
const (
	producerBases    = 3 // values of the other type each producing method is called on
	producedArgLists = 4 // argument lists of a producing method that takes arguments
	maxProduced      = 16
)

// stepNames are the methods without arguments that move a value along
// (an iterator, a cursor): called once or more on a produced value, so
// that its methods are explored in the states it goes through.
var stepNames = []string{"Next", "Prev", "First", "Last", "Begin", "End"}

// produced are values of a type without constructors made by the
// exported methods of the package's other types that return it, those
// without arguments first (an Iterator from (*List).Iterator(), on
// lists the explorer builds; an IterG[int] from a BTreeG[int]'s
// Iter(); a List[int] from its DeleteRange(2, 3, opts)), then those
// that return it behind an interface, asserted back (a *timerCtx from
// a mock clock's WithDeadline(…) context.Context), the producing types
// in turn (a mock clock's timers and a real clock's), or read from
// their fields (see projected), then moved along by its own step
// methods: one and two calls of the first step method, one of each of
// the next two.
// They are expressions of exactly *T (ptr) or T.
func (g *valueGen) produced(n *types.Named, ts string, ptr bool, depth int) []string {
	if g.self == nil || depth+1 >= maxDepth {
		return nil
	}
	scope := g.self.Scope()
	// Each producing type's values, taken in turns below: a mock
	// clock's timers do not crowd out the real clock's.
	var groups [][]builtExpr
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		u, ok := tn.Type().(*types.Named)
		if !ok || u == n.Origin() || types.IsInterface(u) {
			continue
		}
		if u.TypeParams().Len() > 0 {
			// A generic type makes n's instance with the same type
			// arguments: (*BTreeG[int]).Iter() an IterG[int].
			if u = instantiate(u, n.TypeArgs()); u == nil {
				continue
			}
		}
		var methods, taking, behind []*types.Func
		ms := types.NewMethodSet(types.NewPointer(u))
		for i := 0; i < ms.Len(); i++ {
			m, ok := ms.At(i).Obj().(*types.Func)
			if !ok || !m.Exported() {
				continue
			}
			sig := m.Type().(*types.Signature)
			switch {
			case sig.Results().Len() > 0 && types.IsInterface(sig.Results().At(0).Type()) && g.pkg.ReturnsSome(m, types.NewPointer(n)):
				behind = append(behind, m)
			case sig.Results().Len() != 1 || !returnsSelf(sig, n):
			case sig.Params().Len() == 0:
				methods = append(methods, m)
			default:
				taking = append(taking, m)
			}
		}
		if len(methods) == 0 && len(taking) == 0 && len(behind) == 0 {
			continue
		}
		bases := g.producerBases(u, depth+1)
		var made []builtExpr
		call := func(m *types.Func, args []string) {
			sig := m.Type().(*types.Signature)
			_, isPtr := types.Unalias(sig.Results().At(0).Type()).(*types.Pointer)
			for _, b := range bases {
				if strings.HasPrefix(b, "&") || strings.HasPrefix(b, "*") || strings.HasPrefix(b, "func") {
					b = "(" + b + ")"
				}
				e := b + "." + m.Name() + "(" + strings.Join(args, ", ") + ")"
				if slices.Contains(behind, m) {
					// Asserted back from the interface it is returned
					// as, nil where the call made another type.
					made = append(made, builtExpr{src: "func() *" + ts + " { v" + strings.Repeat(", _", sig.Results().Len()-1) + " := " + e + "; p, _ := v.(*" + ts + "); return p }()", ptr: true})
					continue
				}
				made = append(made, builtExpr{src: e, ptr: isPtr})
			}
		}
		for _, m := range methods {
			call(m, nil)
		}
		// Then the methods that take arguments, with their typical
		// ones, then with one of them changed at a time: a List[int]
		// of the items DeleteRange(min, max, opts) took out of a
		// filled tree; and those that return an n behind an
		// interface (a mock clock's WithDeadline(…) context.Context,
		// a *timerCtx).
		for _, m := range append(taking, behind...) {
			lists := g.methodGen(u, m).argLists(m.Type().(*types.Signature), depth+1, 1)
			for _, args := range lists[:min(len(lists), producedArgLists)] {
				call(m, args)
			}
		}
		groups = append(groups, made)
	}
	made := append(interleave(groups...), g.projected(n, ts, depth)...)
	var out []string
	for _, e := range made {
		out = append(out, e.as(ts, ptr))
	}
	var seqs [][]string
	if steps := g.steps(n); len(steps) > 0 {
		seqs = [][]string{{steps[0]}, {steps[0], steps[0]}}
		for _, s := range steps[1:min(len(steps), 3)] {
			seqs = append(seqs, []string{s})
		}
	}
	for _, s := range g.settlers(n) {
		seqs = append(seqs, []string{s})
	}
	for _, e := range made[:min(len(made), producerBases)] {
		for _, calls := range seqs {
			src := "func() *" + ts + " { v := " + e.src
			if e.ptr {
				src += "; p := v"
			} else {
				src += "; p := &v"
			}
			for _, c := range calls {
				src += "; p." + c + "()"
			}
			src += "; return p }()"
			out = append(out, builtExpr{src: src, ptr: true}.as(ts, ptr))
		}
	}
	return out[:min(len(out), maxProduced)]
}

// maxProjectedFields bounds the fields projected reads values from.
const maxProjectedFields = 2

// projected are values of n read from a field of type n or *n of the
// package's other struct types, on their values, filled ones among them
// (see producerBases): a tree's root node, from a tree the explorer
// filled. A generic type's fields are read at n's type arguments. The
// probe runs in the package, so unexported fields are read too. They
// are expressions of *n.
func (g *valueGen) projected(n *types.Named, ts string, depth int) []builtExpr {
	scope := g.self.Scope()
	var out []builtExpr
	fields := 0
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || tn == n.Obj() {
			continue
		}
		u, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(u) {
			continue
		}
		if u.TypeParams().Len() > 0 {
			if u = instantiate(u, n.TypeArgs()); u == nil {
				continue
			}
		}
		st, ok := u.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields() && fields < maxProjectedFields; i++ {
			f := st.Field(i)
			ft, ref := types.Unalias(f.Type()), "&v."
			if p, ok := ft.(*types.Pointer); ok {
				ft, ref = types.Unalias(p.Elem()), "v."
			}
			if !types.Identical(ft, n) || g.handedIn(u, f.Type()) {
				continue
			}
			fields++
			for _, b := range g.producerBases(u, depth+1) {
				out = append(out, builtExpr{src: "func() *" + ts + " { v := " + b + "; return " + ref + f.Name() + " }()", ptr: true})
			}
		}
	}
	return out
}

// handedIn reports whether a constructor of u takes a parameter of
// type t: a field of that type holds what the caller handed in (a
// sink's destination), nothing the package made, and reading it back
// gives a value only as good as the argument.
func (g *valueGen) handedIn(u *types.Named, t types.Type) bool {
	for _, c := range g.ctors(u) {
		for i := 0; i < c.sig.Params().Len(); i++ {
			if types.Identical(c.sig.Params().At(i).Type(), t) {
				return true
			}
		}
	}
	return false
}

// producerBases are the values of *u a producing method is called on,
// at most producerBases: its first value, then u filled by its
// mutators (see fills), so that an iterator has items to go through:
// the first fill and the one with the most calls; then its next
// values, for a u without mutators.
func (g *valueGen) producerBases(u *types.Named, depth int) []string {
	var rest []string
	pu := types.NewPointer(u)
	vals := g.valuesAt(pu, depth)
	if !slices.ContainsFunc(vals, func(v spec.Value) bool { return v.Kind == spec.Code }) {
		// No value built: the first literal, written as code (the
		// empty &clock{}, whose methods make real timers).
		for _, v := range vals {
			if e, ok := g.arg(v, pu); ok && v.Kind != spec.Null {
				rest = append(rest, e)
				break
			}
		}
	}
	for _, v := range vals {
		if v.Kind == spec.Code {
			rest = append(rest, v.Str)
		}
		if len(rest) == producerBases {
			break
		}
	}
	if len(rest) == 0 {
		return nil
	}
	out := []string{rest[0]}
	if depth < maxDepth {
		ts := target.NewQualifier(g.self).TypeString(u)
		calls, typicals := g.ctorCalls(g.ctors(u), depth)
		fills := g.fills(u, builtBases(calls, typicals, ts), alarmBases(calls, ts), depth)
		if len(fills) > 0 {
			// The first fill (one call), and the one with the most
			// calls: a tree deep enough to have children.
			most := fills[0]
			for _, e := range fills[1:] {
				if fuller(e.src, most.src) {
					most = e
				}
			}
			out = append(out, fills[0].src)
			if most.src != fills[0].src {
				out = append(out, most.src)
			}
		}
	}
	for _, b := range rest[1:] {
		if len(out) == producerBases {
			break
		}
		out = append(out, b)
	}
	return out
}

// maxSettlers bounds the methods settlers gives.
const maxSettlers = 2

// settlers are the exported methods of *n, by name, that take nothing,
// return nothing and change the value: what moves a produced value to
// another state of its life (a ticker's Stop, a handle's Close), which
// its other methods then meet (Reset on a stopped ticker puts it back
// on its clock). Steps aside, at most maxSettlers, the function under
// exploration left out.
func (g *valueGen) settlers(n *types.Named) []string {
	if g.pkg == nil {
		return nil
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []string
	for i := 0; i < ms.Len() && len(out) < maxSettlers; i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() || m == g.under || slices.Contains(stepNames, m.Name()) {
			continue
		}
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 0 && g.pkg.WritesReceiver(m) {
			out = append(out, m.Name())
		}
	}
	return out
}

// steps are the step methods of *T (see stepNames) that take no
// argument: the first of Next or Prev first, then the others; empty
// when T has none.
func (g *valueGen) steps(n *types.Named) []string {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []string
	for _, name := range stepNames {
		sel := ms.Lookup(g.self, name)
		if sel == nil {
			continue
		}
		m, ok := sel.Obj().(*types.Func)
		if !ok || m.Type().(*types.Signature).Params().Len() != 0 {
			continue
		}
		out = append(out, name)
	}
	return out
}
