package explore

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// MaxInstantiations bounds the instantiations of a generic function
// that are explored.
const MaxInstantiations = 3

// MaxSwitchedInstantiations bounds them instead for a function that
// tests the type of a value of a type parameter (switch any(t).(type)):
// its branches are reached by type arguments, not by inputs.
const MaxSwitchedInstantiations = 12

// Instantiations picks type arguments for the generic function f and
// returns up to limit instantiations of it, each explored on its own.
// The candidates for a type parameter come from its constraint:
//
//   - a type set (~int | ~float64): its types, the first of each kind
//     (signed, unsigned, float, string, bool, other) first, then a
//     named type of the package whose underlying type is in the set,
//     then the rest;
//   - methods (fmt.Stringer): the package's types, or pointers to them,
//     that implement them;
//   - any and comparable: int, string, and a named type of the package.
//
// A type parameter whose type set is written over another (S ~[]E) is
// chosen after it. The n-th instantiation takes the n-th candidate of
// every type parameter (the last when it has fewer); combinations that
// repeat one already chosen, or do not satisfy the constraints, are
// left out. A function that is not generic is returned as it is.
//
// Where f's body tests the type of a value of a type parameter (a type
// switch or a type assertion on any(t)), the types it tests that satisfy
// the constraint are that parameter's first candidates, in the order
// written, and limit is raised to their number, up to
// MaxSwitchedInstantiations: each is a branch only it reaches.
func Instantiations(f *target.Func, limit int) []*target.Func {
	if !f.Generic() {
		return []*target.Func{f}
	}
	switched := map[*types.TypeParam][]types.Type{}
	for _, tp := range f.TypeParams {
		if ts := switchedTypes(f, tp); len(ts) > 0 {
			switched[tp.Type] = ts
			limit = max(limit, min(len(ts), MaxSwitchedInstantiations))
		}
	}
	var out []*target.Func
	seen := map[string]bool{}
	for n := 0; n < limit*3 && len(out) < limit; n++ {
		chosen := map[*types.TypeParam]types.Type{}
		// Type parameters not written over others first.
		for pass := 0; pass < 2; pass++ {
			for _, tp := range f.TypeParams {
				if _, done := chosen[tp.Type]; done || (pass == 0 && mentionsTypeParam(tp.Constraint)) {
					continue
				}
				cands := typeCandidates(f.Pkg, tp, chosen)
				if ts := switched[tp.Type]; len(ts) > 0 {
					cands = append(slices.Clip(ts), cands...)
				}
				if len(cands) == 0 {
					continue
				}
				chosen[tp.Type] = cands[min(n, len(cands)-1)]
			}
		}
		args := make([]types.Type, len(f.TypeParams))
		var key []string
		complete := true
		for i, tp := range f.TypeParams {
			args[i] = chosen[tp.Type]
			if args[i] == nil {
				complete = false
				break
			}
			key = append(key, types.TypeString(args[i], nil))
		}
		if !complete || seen[strings.Join(key, ",")] {
			continue
		}
		seen[strings.Join(key, ",")] = true
		inst, err := f.Instantiate(args)
		if err != nil || inst.Unbuildable != "" {
			continue
		}
		out = append(out, inst)
	}
	return out
}

// typeCandidates lists the types tried for the type parameter tp, in
// order, given the types chosen for the others.
func typeCandidates(pkg *target.Package, tp target.TypeParam, chosen map[*types.TypeParam]types.Type) []types.Type {
	iface, _ := tp.Constraint.Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	var out []types.Type
	add := func(t types.Type) {
		for _, o := range out {
			if types.Identical(o, t) {
				return
			}
		}
		out = append(out, t)
	}
	if terms, ok := typeTerms(iface); ok {
		var set []*types.Term
		for _, t := range terms {
			if st := substTypeParams(t.Type(), chosen); st != nil {
				set = append(set, types.NewTerm(t.Tilde(), st))
			}
		}
		// The first type of each kind.
		var rest []types.Type
		kinds := map[string]bool{}
		for _, t := range set {
			if k := kindClass(t.Type()); !kinds[k] {
				kinds[k] = true
				add(t.Type())
				continue
			}
			rest = append(rest, t.Type())
		}
		for _, n := range packageTypes(pkg) {
			for _, t := range set {
				if t.Tilde() && types.Identical(n.Underlying(), t.Type().Underlying()) && implementsMethods(n, iface) {
					add(n)
					break
				}
			}
			if len(out) >= 3 {
				break
			}
		}
		for _, t := range rest {
			add(t)
		}
		return out
	}
	if iface.NumMethods() > 0 {
		for _, n := range packageTypes(pkg) {
			for _, t := range []types.Type{n, types.NewPointer(n)} {
				if types.Satisfies(t, iface) {
					add(t)
					break
				}
			}
		}
		return out
	}
	add(types.Typ[types.Int])
	add(types.Typ[types.String])
	for _, n := range packageTypes(pkg) {
		if _, basic := n.Underlying().(*types.Basic); basic && types.Satisfies(n, iface) {
			add(n)
			break
		}
	}
	return out
}

// switchedTypes are the types that the body of f tests a value of type
// parameter tp against (the cases of switch any(t).(type), the type of
// any(t).(int)), in the order written, without repeats, those that
// satisfy tp's constraint only.
func switchedTypes(f *target.Func, tp target.TypeParam) []types.Type {
	if f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	info := f.Pkg.TypesInfo
	iface, _ := tp.Constraint.Underlying().(*types.Interface)
	// A method of a generic type declares its receiver's type parameters
	// anew: those are what its body's values have.
	objs := []*types.TypeName{tp.Type.Obj()}
	if sig, ok := f.Obj.Type().(*types.Signature); ok && sig.RecvTypeParams() != nil {
		if i := tp.Type.Index(); i < sig.RecvTypeParams().Len() {
			objs = append(objs, sig.RecvTypeParams().At(i).Obj())
		}
	}
	// ofParam reports whether x is any(v), or v, with v of type tp.
	ofParam := func(x ast.Expr) bool {
		x = ast.Unparen(x)
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
				x = ast.Unparen(call.Args[0])
			}
		}
		p, ok := info.TypeOf(x).(*types.TypeParam)
		return ok && slices.Contains(objs, p.Obj())
	}
	var out []types.Type
	add := func(e ast.Expr) {
		t := info.TypeOf(e)
		if t == nil || types.IsInterface(t) || (iface != nil && !types.Satisfies(t, iface)) {
			return
		}
		for _, o := range out {
			if types.Identical(o, t) {
				return
			}
		}
		out = append(out, t)
	}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			if x := switched(n); x == nil || !ofParam(x) {
				return true
			}
			for _, c := range n.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					add(e)
				}
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil && ofParam(n.X) {
				add(n.Type)
			}
		}
		return true
	})
	return out
}

// typeTerms flattens the type set of a constraint into its terms; ok is
// false when the constraint has no type terms (any, comparable,
// method-only interfaces).
func typeTerms(iface *types.Interface) (terms []*types.Term, ok bool) {
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				t := e.Term(j)
				if sub, isIface := t.Type().Underlying().(*types.Interface); isIface {
					if st, ok := typeTerms(sub); ok {
						terms = append(terms, st...)
					}
					continue
				}
				terms = append(terms, t)
			}
			ok = true
		default:
			if sub, isIface := e.Underlying().(*types.Interface); isIface {
				if st, sok := typeTerms(sub); sok {
					terms, ok = append(terms, st...), true
				}
				continue
			}
			terms, ok = append(terms, types.NewTerm(false, e)), true
		}
	}
	return terms, ok
}

// implementsMethods reports whether t has the methods of iface (its
// type terms aside).
func implementsMethods(t types.Type, iface *types.Interface) bool {
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		obj, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
		if _, ok := obj.(*types.Func); !ok {
			return false
		}
	}
	return true
}

// packageTypes are the package's named types that may be type
// arguments: not generic, not interfaces, exported ones first, each
// group by name.
func packageTypes(pkg *target.Package) []*types.Named {
	if pkg == nil || pkg.Types == nil {
		return nil
	}
	var exported, unexported []*types.Named
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
			continue
		}
		if tn.Exported() {
			exported = append(exported, n)
		} else {
			unexported = append(unexported, n)
		}
	}
	return append(exported, unexported...)
}

// mentionsTypeParam reports whether the constraint's type terms are
// written over type parameters (S ~[]E).
func mentionsTypeParam(constraint types.Type) bool {
	iface, ok := constraint.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	terms, _ := typeTerms(iface)
	for _, t := range terms {
		if substTypeParams(t.Type(), nil) == nil {
			return true
		}
	}
	return false
}

// substTypeParams replaces the type parameters in t by their chosen
// types; nil when t has one not chosen yet, or a shape it does not
// rebuild (funcs, channels, structs over type parameters).
func substTypeParams(t types.Type, chosen map[*types.TypeParam]types.Type) types.Type {
	return substWith(t, func(p *types.TypeParam) types.Type { return chosen[p] })
}

// substWith replaces the type parameters in t by what arg gives for
// them, as substTypeParams does.
func substWith(t types.Type, arg func(*types.TypeParam) types.Type) types.Type {
	switch t := t.(type) {
	case *types.TypeParam:
		return arg(t)
	case *types.Basic:
		return t
	case *types.Alias:
		return substWith(types.Unalias(t), arg)
	case *types.Interface:
		if t.Empty() {
			return t
		}
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return nil
		}
		return t
	case *types.Slice:
		if e := substWith(t.Elem(), arg); e != nil {
			return types.NewSlice(e)
		}
	case *types.Pointer:
		if e := substWith(t.Elem(), arg); e != nil {
			return types.NewPointer(e)
		}
	case *types.Array:
		if e := substWith(t.Elem(), arg); e != nil {
			return types.NewArray(e, t.Len())
		}
	case *types.Map:
		k, v := substWith(t.Key(), arg), substWith(t.Elem(), arg)
		if k != nil && v != nil {
			return types.NewMap(k, v)
		}
	}
	return nil
}

// kindClass groups types by what their values look like: signed and
// unsigned integers, floats, strings, booleans, other.
func kindClass(t types.Type) string {
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case !ok:
		return "other"
	case b.Info()&types.IsUnsigned != 0:
		return "uint"
	case b.Info()&types.IsInteger != 0:
		return "int"
	case b.Info()&types.IsBoolean != 0:
		return "bool"
	case b.Info()&types.IsFloat != 0:
		return "float"
	case b.Info()&types.IsString != 0:
		return "string"
	}
	return "other"
}
