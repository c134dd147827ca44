package explore

import (
	"go/types"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// fieldReads bounds the built values of one struct type whose fields
// are read as values of another type (see fieldValues).
const fieldReads = 6

// fieldValues are values of t, a type of the package under test, read
// off the fields of values its constructors build: the matcher tree a
// pattern compiles to, the node a parser makes, a table, as the package's
// own code put them together ((MustCompile("a*")).m), where a value built
// field by field by the explorer rarely holds together. A field of an
// interface type that t implements is asserted to t
// ((MustCompile("{a,b}")).m.(altMatcher)), and for a t without a name
// to the package's types of t's underlying type, assignable to t
// ((MustCompile("a*b")).m.(multiMatcher) for a []matcher); a probe whose
// assertion fails stops before its call and is no case. Only top-level
// inputs are read so, once per input type.
func (g *valueGen) fieldValues(t types.Type, depth int) []spec.Value {
	if g.self == nil || g.noOwn || depth != 0 || !ownType(t, g.self) {
		return nil
	}
	named := namedTypes(g.self)
	// What an interface field may hold that is a t: t itself, or, for
	// a t without a name, the package's types of its underlying type
	// ([]matcher is held as a multiMatcher).
	var held []types.Type
	if _, ok := types.Unalias(t).(*types.Named); ok {
		held = append(held, t)
	} else {
		for _, n := range named {
			if types.Identical(n.Underlying(), t) {
				held = append(held, n)
			}
		}
	}
	q := target.NewQualifier(g.self)
	heldNames := make([]string, len(held))
	for i, h := range held {
		heldNames[i] = q.TypeString(h)
	}
	var out []spec.Value
	for _, n := range named {
		if types.Identical(n, t) {
			continue
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		var reads []string
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			switch {
			case f.Embedded():
			case types.Identical(f.Type(), t):
				reads = append(reads, "."+f.Name())
			case types.IsInterface(f.Type()) && !types.IsInterface(t) && !emptyInterface(f.Type()):
				for i, h := range held {
					if types.AssignableTo(h, f.Type()) {
						reads = append(reads, "."+f.Name()+".("+heldNames[i]+")")
					}
				}
			}
		}
		if len(reads) == 0 {
			continue
		}
		pt := types.NewPointer(n)
		k := 0
		for _, v := range g.valuesAt(pt, depth+1) {
			if v.Kind != spec.Code {
				continue // a value the explorer wrote: its fields are its own
			}
			e, ok := g.arg(v, pt)
			if !ok {
				continue
			}
			for _, r := range reads {
				out = append(out, spec.CodeValue("("+e+")"+r))
			}
			if k++; k == fieldReads {
				break
			}
		}
	}
	return out
}

// ownType reports whether t is a type of package self, not generic, a
// pointer to one or a slice of them.
func ownType(t types.Type, self *types.Package) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return ownType(u.Elem(), self)
	case *types.Slice:
		return ownType(u.Elem(), self)
	case *types.Named:
		return u.Obj().Pkg() == self && u.TypeArgs().Len() == 0 && u.TypeParams().Len() == 0
	}
	return false
}

// namedTypes are the named types package self declares, neither aliases
// nor generic, in the order of their names.
func namedTypes(self *types.Package) []*types.Named {
	scope := self.Scope()
	var out []*types.Named
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
				out = append(out, n)
			}
		}
	}
	return out
}
