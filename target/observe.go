package target

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxObserverMethods bounds the methods Observers picks for one type,
// besides its text and its exported fields.
const MaxObserverMethods = 8

// IsObserverMethod reports whether a key of an observed result names a
// method ("Major()") rather than an exported field ("Name").
func IsObserverMethod(key string) bool { return strings.HasSuffix(key, "()") }

// ObservedStruct returns the struct type of t, or of what t points to,
// when results of type t can be observed through their API; ok is false
// for other types.
func ObservedStruct(t types.Type) (st *types.Struct, ok bool) {
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	if isTimeType(t, "Time") {
		return nil, false
	}
	st, ok = t.Underlying().(*types.Struct)
	return st, ok
}

// Opaque reports whether a result of type t hides state from its
// canonical tree, which holds only exported fields: t is a struct with
// an unexported field, or a pointer to one (time.Time excepted, whose
// tree is its text). Such results are recorded through their API (see
// Observers).
func Opaque(t types.Type) bool {
	st, ok := ObservedStruct(t)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// Observers chooses what a test would assert about an opaque result of
// type t (nil when t is not Opaque): its text ("String()", "Error()",
// or "MarshalText()" when it has neither), its exported fields in
// declaration order, then up to MaxObserverMethods zero-argument
// exported methods that return one value of a basic type (bool, a
// number, a string), by name. Methods whose name says they change the
// value or reach outside it ("Add", "Pop", "Reset", "Next", ...) are left
// out, and so are the methods of pkg (which may be nil) that assign to
// their receiver. The result is non-nil for an opaque type, empty when
// nothing can be observed.
func Observers(t types.Type, pkg *Package) []string {
	st, ok := ObservedStruct(t)
	if !ok || !Opaque(t) {
		return nil
	}
	out := []string{}
	texts := map[string]bool{}
	for _, name := range []string{"String", "Error"} {
		if textMethod(t, name) {
			out = append(out, name+"()")
			texts[name] = true
		}
	}
	if len(out) == 0 && marshalText(t) {
		out = append(out, "MarshalText()")
		texts["MarshalText"] = true
	}
	if len(out) > 0 && standardType(t) {
		// A standard library type with a text form (*big.Int, url.URL)
		// is pinned by that text; its other methods restate it and only
		// split one behaviour into many.
		return out
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Exported() {
			out = append(out, f.Name())
		}
	}
	var methods []string
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() || texts[m.Name()] || mutatorName(m.Name()) || pkg.writesReceiver(m) {
			continue
		}
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !basicResult(sig.Results().At(0).Type()) {
			continue
		}
		methods = append(methods, m.Name())
	}
	sort.Strings(methods)
	if len(methods) > MaxObserverMethods {
		methods = methods[:MaxObserverMethods]
	}
	for _, m := range methods {
		out = append(out, m+"()")
	}
	return out
}

// ObserverBody returns the body of a func() interface{} that computes
// the observer key of x, a variable of type t: "return x.Name" for an
// exported field, "return x.M()" for an exported method without
// arguments and with one result; a method whose second result is an
// error panics with that error. It fails when t has no such field or
// method.
func ObserverBody(t types.Type, key, x string) (string, error) {
	if _, ok := ObservedStruct(t); !ok {
		return "", fmt.Errorf("%s is not a struct or a pointer to one", types.TypeString(t, byName))
	}
	name := strings.TrimSuffix(key, "()")
	method := name != key
	if !token.IsIdentifier(name) || !token.IsExported(name) {
		return "", fmt.Errorf("%s: want an exported field (Name) or an exported method without arguments (Name())", key)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	switch obj := obj.(type) {
	case *types.Func:
		if !method {
			return "", fmt.Errorf("%s is a method: write %s()", name, name)
		}
		sig := obj.Type().(*types.Signature)
		res := sig.Results()
		switch {
		case sig.Params().Len() != 0:
			return "", fmt.Errorf("%s takes arguments", key)
		case res.Len() == 1 && !isErrorType(res.At(0).Type()):
			return "return " + x + "." + name + "()", nil
		case res.Len() == 2 && isErrorType(res.At(1).Type()):
			return "specgenV, specgenE := " + x + "." + name + "()\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", nil
		}
		return "", fmt.Errorf("%s does not return one value (or a value and an error)", key)
	case *types.Var:
		if method {
			return "", fmt.Errorf("%s is a field, not a method: write %s", key, name)
		}
		return "return " + x + "." + name, nil
	}
	msg := fmt.Sprintf("%s has no exported field or method %s", types.TypeString(t, byName), key)
	if s := suggest(key, observerNames(t)); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	return "", fmt.Errorf("%s", msg)
}

// byName qualifies types by package name, as messages write them.
func byName(p *types.Package) string { return p.Name() }

// observerNames lists the exported fields and zero-argument methods of
// t as observer keys, for suggestions.
func observerNames(t types.Type) []string {
	var names []string
	if st, ok := ObservedStruct(t); ok {
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() {
				names = append(names, f.Name())
			}
		}
	}
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj()
		if m.Exported() && m.Type().(*types.Signature).Params().Len() == 0 {
			names = append(names, m.Name()+"()")
		}
	}
	return names
}

// addressable is the type whose method set a variable of type t has:
// *T for a struct T (a variable is addressable), t itself for a pointer.
func addressable(t types.Type) types.Type {
	if _, ok := types.Unalias(t).(*types.Pointer); ok {
		return t
	}
	return types.NewPointer(t)
}

// textMethod reports whether t has the method name() string.
func textMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := m.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// marshalText reports whether t has the method MarshalText() ([]byte, error).
func marshalText(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "MarshalText")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := m.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 2 &&
		types.Identical(sig.Results().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
		isErrorType(sig.Results().At(1).Type())
}

// basicResult reports a bool, number or string type, named or not.
func basicResult(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	return b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0 && b.Info()&types.IsUntyped == 0
}

// mutatorVerbs start the names of methods that change their receiver,
// depend on the moment or reach outside the value: not observers.
var mutatorVerbs = []string{
	"Acquire", "Add", "Advance", "Append", "Cancel", "Clear", "Close",
	"Consume", "Dec", "Decrement", "Delete", "Dequeue", "Do", "Done",
	"Drain", "Emit", "Enqueue", "Fire", "Flush", "Grow", "Inc",
	"Increment", "Init", "Insert", "Lock", "Must", "Next", "Now", "Open",
	"Pop", "Push", "Put", "RLock", "RUnlock", "Rand", "Read", "Receive",
	"Recv", "Release", "Remove", "Reset", "Run", "Scan", "Seek", "Send",
	"Set", "Shift", "Shrink", "Shuffle", "Since", "Skip", "Sort", "Start",
	"Step", "Stop", "Store", "Swap", "Take", "Tick", "Truncate", "Try",
	"Unlock", "Wait", "Write",
}

// mutatorName reports a method name made of a mutator verb, alone or
// followed by a capitalised word ("Pop", "PopFront", not "Address").
func mutatorName(name string) bool {
	for _, v := range mutatorVerbs {
		rest, ok := strings.CutPrefix(name, v)
		if !ok {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsUpper(r) || unicode.IsDigit(r) || r == '_' {
			return true
		}
	}
	return false
}

// MutatesReceiver reports whether f is a method with a pointer receiver
// that changes the receiver: its body assigns to it (see
// writesReceiver), or its name says it does ("Push", "Sort", "Reset",
// the methods Observers leaves out by name), which catches a change
// made through a call that writesReceiver does not follow
// (sort.Ints(s.items)). What a call of it does is seen in the state it
// leaves the receiver in, which is observed after the call through
// AfterType.
func (f *Func) MutatesReceiver() bool {
	if f.Recv == nil || !f.RecvPtr || f.Obj == nil {
		return false
	}
	return mutatorName(f.Obj.Name()) || f.Pkg.writesReceiver(f.Obj)
}

// AfterType is the type a method's receiver is observed as after the
// call: a pointer to the receiver's type, so that a nil receiver reads
// as null and every method is in its method set. It is nil for a
// function that is not a method.
func (f *Func) AfterType() types.Type {
	if f.Recv == nil {
		return nil
	}
	return types.NewPointer(f.Recv)
}

// writesReceiver reports whether m is a method declared in p whose body
// assigns to its receiver or to something reached through it
// ("v.n++", "v.items[k] = x", "delete(v.m, k)"), or calls a method of
// the package on it that does (First() calling v.Begin(), which resets
// an index). Calls through other values are not followed.
func (p *Package) writesReceiver(m *types.Func) bool {
	return p.writesReceiverSeen(m, map[*types.Func]bool{})
}

func (p *Package) writesReceiverSeen(m *types.Func, seen map[*types.Func]bool) bool {
	if p == nil || p.TypesInfo == nil || m.Pkg() != p.Types || seen[m.Origin()] {
		return false
	}
	seen[m.Origin()] = true
	var fd *ast.FuncDecl
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if d, ok := d.(*ast.FuncDecl); ok && d.Recv != nil && p.TypesInfo.Defs[d.Name] == m.Origin() {
				fd = d
			}
		}
	}
	if fd == nil || fd.Body == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return false
	}
	recv := p.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return false
	}
	rooted := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.Ident:
				return p.TypesInfo.Uses[x] == recv
			case *ast.SelectorExpr:
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.ParenExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	writes := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				writes = writes || rooted(l)
			}
		case *ast.IncDecStmt:
			writes = writes || rooted(n.X)
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && rooted(sel.X) {
				if fn, ok := p.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Signature().Recv() != nil {
					writes = writes || p.writesReceiverSeen(fn, seen)
				}
			}
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(n.Args) > 0 {
				if _, builtin := p.TypesInfo.Uses[id].(*types.Builtin); builtin {
					writes = writes || rooted(n.Args[0])
				}
			}
		}
		return !writes
	})
	return writes
}

// standardType reports whether t, or what it points to, is a named type
// of the standard library.
func standardType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	first, _, _ := strings.Cut(n.Obj().Pkg().Path(), "/")
	return !strings.Contains(first, ".")
}

// ChangeableParams are the indices of f's parameters through which a
// call can change what its caller holds, and whose state after the call
// is recorded (the arguments after the call): pointers to values that
// are not opaque (see Opaque), slices and maps. Variadic parameters
// are left out: the caller's slice is a copy unless passed with "...".
func (f *Func) ChangeableParams() []int {
	var out []int
	for i, p := range f.Params {
		if p.Variadic || p.Name == "_" {
			continue
		}
		switch t := p.Type.Underlying().(type) {
		case *types.Pointer:
			switch t.Elem().Underlying().(type) {
			case *types.Signature, *types.Interface, *types.Chan:
				continue
			}
			if Opaque(t.Elem()) {
				continue
			}
		case *types.Slice, *types.Map:
		default:
			continue
		}
		out = append(out, i)
	}
	return out
}
