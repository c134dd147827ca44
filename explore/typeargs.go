package explore

import (
	"go/types"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// MaxInstantiations bounds the instantiations of a generic function
// that are explored.
const MaxInstantiations = 3

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
func Instantiations(f *target.Func, limit int) []*target.Func {
	if !f.Generic() {
		return []*target.Func{f}
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
	switch t := t.(type) {
	case *types.TypeParam:
		return chosen[t]
	case *types.Basic:
		return t
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return nil
		}
		return t
	case *types.Slice:
		if e := substTypeParams(t.Elem(), chosen); e != nil {
			return types.NewSlice(e)
		}
	case *types.Pointer:
		if e := substTypeParams(t.Elem(), chosen); e != nil {
			return types.NewPointer(e)
		}
	case *types.Array:
		if e := substTypeParams(t.Elem(), chosen); e != nil {
			return types.NewArray(e, t.Len())
		}
	case *types.Map:
		k, v := substTypeParams(t.Key(), chosen), substTypeParams(t.Elem(), chosen)
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
