package explore

import (
	"go/types"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// maxFromReceiver bounds the expressions fromReceiver returns per
// parameter.
const maxFromReceiver = 8

// fromReceiver are expressions that build an argument of type t, a
// struct of the package or a pointer to one, or an interface with
// methods, from the receiver of the
// method f, by the name its declaration gives it (see
// executors.ReceiverName): what the receiver's own methods without
// parameters return of type t (l.Front()), its fields of type t
// (c.root) and the first and the last element of its fields of []t
// (s.pages[0]), what its fields' methods return (c.evictList.Back()),
// and one step on from each through a method of t returning t
// (l.Front().Next()), once all the first are in, and never on from a
// copy (n.Copy()); the receiver itself where it is of type t (a node
// and its parent's parent, n and n.Parent().Parent()); then their
// children, two levels down (see
// children: t.Root.Children[0], b.root.Left.Right). They are the
// elements of the receiver's own list, which Remove(e) and
// MoveToFront(e) need: an element built apart is not in it. Methods
// named like mutators (PopFront) are not called, save Next and Prev
// from an element to its neighbour and those named for a neighbour
// that leave their receiver be (NextSibling). A **T is the address of such an
// expression that is not a call's result (&tr.root).
func fromReceiver(f *target.Func, t types.Type) []string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		if _, ok := types.Unalias(p.Elem()).(*types.Pointer); ok && structLike(p.Elem()) {
			// A **node: the address of a field or an element that
			// holds one of the receiver's own (&tr.root), where the
			// method may put another.
			var out []string
			for _, e := range fromReceiver(f, p.Elem()) {
				if !strings.HasSuffix(e, ")") {
					out = append(out, "&"+e)
				}
			}
			return out
		}
	}
	rn := executors.ReceiverName(f)
	if rn == "" || f.Recv == nil || !structLike(t) && !methodsIface(t) {
		return nil
	}
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	var out []string
	seen := map[string]bool{}
	add := func(expr string) {
		if !seen[expr] && len(out) < maxFromReceiver {
			seen[expr] = true
			out = append(out, expr)
		}
	}
	// onward adds expr, of type t, and keeps it for a step on through a
	// getter, taken once every expression of the first step is in:
	// the receiver's parent and its neighbours before its parent's
	// parent. A copy (Copy, Clone) is no node of the receiver's own
	// and is not stepped on from.
	var roots, got []string // exprs of type t: fields, getters' results
	var onwards []string
	onward := func(expr string, field bool) {
		add(expr)
		if field {
			roots = append(roots, expr)
		} else {
			got = append(got, expr)
		}
		onwards = append(onwards, expr)
	}
	from := func(expr string, typ types.Type) {
		for _, m := range getters(typ, self, f, false) {
			if types.Identical(m.res, t) {
				onward(expr+"."+m.name+"()", false)
			}
		}
	}
	stepOn := func() {
		steps := getters(t, self, f, true)
		for _, expr := range onwards {
			if copies(expr) {
				continue
			}
			for _, m := range steps {
				if types.Identical(m.res, t) && !copyName(m.name) {
					add(expr + "." + m.name + "()")
				}
			}
		}
		onwards = nil
	}
	from(rn, types.NewPointer(f.Recv))
	if types.Identical(t, types.NewPointer(f.Recv)) || types.Identical(t, f.Recv) && !f.RecvPtr {
		// The receiver itself: a node related to itself (the path
		// from a node to itself is ".").
		add(rn)
	}
	stepOn()
	recvGetters := getters(types.NewPointer(f.Recv), self, f, false)
	for _, fd := range fields(f.Recv, self) {
		// A field a getter reads already (parent, Parent()) is left
		// out.
		if types.Identical(fd.Type(), t) && !slices.ContainsFunc(recvGetters, func(m getter) bool { return strings.EqualFold(m.name, fd.Name()) }) {
			onward(rn+"."+fd.Name(), true)
		}
	}
	stepOn()
	// The first and the last element of its fields of []t.
	for _, fd := range fields(f.Recv, self) {
		if u, ok := fd.Type().Underlying().(*types.Slice); ok && types.Identical(u.Elem(), t) {
			all := rn + "." + fd.Name()
			onward(all+"[0]", true)
			onward(all+"[len("+all+")-1]", true)
		}
	}
	for _, fd := range fields(f.Recv, self) {
		from(rn+"."+fd.Name(), fd.Type())
	}
	stepOn()
	// Then down to the children of each, the receiver's own fields
	// first (t.Root.Children[0] is an inner node where a getter more
	// often returns a leaf), and to theirs: a child is a field of type
	// t (n.Left, n.Right; not a parent, which leads back up) or the
	// first and the last of a field of []t (n.Children[0]).
	level := append(roots, got...)
	for depth := 0; depth < maxChildDepth && len(out) < maxFromReceiver; depth++ {
		var next []string
		for _, expr := range level {
			for _, kid := range children(expr, t, self) {
				add(kid)
				next = append(next, kid)
			}
		}
		level = next
	}
	return out
}

// copies reports an expression that ends in a call of a method named
// for a copy (n.Copy(), n.Clone(), n.DeepCopy()): a value apart from
// the one it was called on.
func copies(expr string) bool {
	i := strings.LastIndex(expr, ".")
	if i < 0 || !strings.HasSuffix(expr, "()") {
		return false
	}
	return copyName(strings.TrimSuffix(expr[i+1:], "()"))
}

// copyName reports a method name that says the method makes a copy.
func copyName(name string) bool {
	return namedLike(name, []string{"Copy", "Clone", "Dup", "Duplicate", "DeepCopy"})
}

// maxChildDepth bounds how far fromReceiver goes down from a node.
const maxChildDepth = 2

// children are the expressions of expr's children, of expr's type t:
// its fields of type t but one named as a parent, and the first and
// the last element of its fields of []t.
func children(expr string, t types.Type, self *types.Package) []string {
	var out []string
	for _, fd := range fields(t, self) {
		switch u := fd.Type().Underlying().(type) {
		case *types.Pointer:
			if types.Identical(fd.Type(), t) && !strings.EqualFold(fd.Name(), "parent") {
				out = append(out, expr+"."+fd.Name())
			}
		case *types.Slice:
			if types.Identical(u.Elem(), t) {
				kids := expr + "." + fd.Name()
				out = append(out, kids+"[0]", kids+"[len("+kids+")-1]")
			}
		}
	}
	return out
}

// methodsIface reports an interface type with methods: a Token that
// the receiver holds in a []Token field (e.Child[0]).
func methodsIface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() > 0
}

// structLike reports a struct type or a pointer to one.
func structLike(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// getter is a method without parameters and with one result.
type getter struct {
	name string
	res  types.Type
}

// getters are the methods of t (or *t, for an addressable t) without
// parameters, with one result, not named like mutators (but for Next
// and Prev, with steps), and not f itself; unexported ones only of the
// package self.
func getters(t types.Type, self *types.Package, f *target.Func, steps bool) []getter {
	if _, ok := t.Underlying().(*types.Interface); ok {
		return nil
	}
	if _, ok := t.(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	var out []getter
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() && m.Pkg() != self || target.MutatorName(m.Name()) && !(steps && (m.Name() == "Next" || m.Name() == "Prev")) && !neighbour(f, m) || f.Obj != nil && m.Origin() == f.Obj.Origin() {
			continue
		}
		sig := ms.At(i).Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		out = append(out, getter{m.Name(), sig.Results().At(0).Type()})
	}
	return out
}

// neighbour reports a method of f's package named for a neighbour
// (NextSibling, PrevItem) that leaves its receiver as it is: a step
// from a node to the one beside it, not an iterator's advance.
func neighbour(f *target.Func, m *types.Func) bool {
	name := m.Name()
	return name != "Next" && name != "Prev" && namedLike(name, []string{"Next", "Prev"}) && f.Pkg != nil && m.Pkg() == f.Pkg.Types && !f.Pkg.WritesReceiver(m)
}

// fields are the fields of the struct t (or *t) that a probe in the
// package self may read.
func fields(t types.Type, self *types.Package) []*types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []*types.Var
	for i := 0; i < st.NumFields(); i++ {
		fd := st.Field(i)
		if fd.Exported() || fd.Pkg() == self {
			out = append(out, fd)
		}
	}
	return out
}
