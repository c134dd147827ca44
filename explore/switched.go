package explore

import (
	"go/ast"
	"go/types"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// maxCaseTypes bounds the dynamic types taken from a function's type
// switches for one interface parameter.
const maxCaseTypes = 32

// caseType is a dynamic type an interface is tested against; elems,
// for a map or slice of interfaces, are the dynamic types its elements
// are tested against where the code ranges over it.
type caseType struct {
	t     types.Type
	elems []types.Type
}

// maxElemTypes bounds the element types kept for one container case.
const maxElemTypes = 8

// caseTypes are the dynamic types the function tests its parameter
// number param (of f.Params) against: the cases of a type switch on it
// (switch v := p.(type), or on a call given it, such as indirect(p)),
// the types of assertions on it (p.(T)), then, one call deep, those of
// the package's functions it is passed to, in the order written,
// without repeats. An interface parameter of a function that type
// switches on it takes its branches from the dynamic types only: no
// value of another type reaches them. A case of a map or slice of
// interfaces (case map[string]any:) whose elements the code ranges
// over and tests in turn carries their types too.
func caseTypes(f *target.Func, param int) []caseType {
	if f.Decl == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	obj := paramObj(f.Pkg.TypesInfo, f.Decl, param)
	if obj == nil {
		return nil
	}
	w := caseWalker{f: f}
	return w.collect(f.Decl, f.Decl.Body, obj, caseDepth)
}

// caseDepth is how many calls deep caseTypes follows a parameter into
// the package's functions it is passed to: Load(src any) hands src to
// LoadSources, which hands it to parseDataSource, whose type switch
// tells a file name from data and readers.
const caseDepth = 2

// elemCaseTypes are the dynamic types the elements of f's parameter
// number param, a slice of interfaces (errs ...error), are tested
// against where f ranges over it: for _, e := range errs { switch
// e.(type) { case *Multi: … } }.
func elemCaseTypes(f *target.Func, param int) []types.Type {
	if f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	obj := paramObj(f.Pkg.TypesInfo, f.Decl, param)
	if obj == nil {
		return nil
	}
	w := caseWalker{f: f}
	var out []types.Type
	for _, t := range w.elemTypes(f.Decl, f.Decl.Body.List, obj) {
		if t = w.subst(t); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// caseWalker collects case types in the package of f.
type caseWalker struct{ f *target.Func }

// subst writes t over an instantiation's type arguments: its body is
// the generic one's (case map[K]V:). The function's type parameters,
// or its receiver's, are numbered alike. It is nil where t does not
// rebuild.
func (w caseWalker) subst(t types.Type) types.Type {
	if t == nil || len(w.f.TypeArgs) == 0 {
		return t
	}
	return substWith(t, func(p *types.TypeParam) types.Type {
		if p.Index() < len(w.f.TypeArgs) {
			return w.f.TypeArgs[p.Index()]
		}
		return nil
	})
}

// collect lists the case types of obj in body (of decl), then, up to
// depth calls deep, those of the package functions obj is passed to
// there; the element types of a case only at caseDepth, the top.
func (w caseWalker) collect(decl *ast.FuncDecl, body ast.Node, obj types.Object, depth int) []caseType {
	if body == nil {
		return nil
	}
	p := w.f.Pkg
	info := p.TypesInfo
	var out []caseType
	add := func(t types.Type, elems []types.Type) {
		t = w.subst(t)
		if t == nil || len(out) >= maxCaseTypes {
			return
		}
		for _, o := range out {
			if types.Identical(o.t, t) {
				return
			}
		}
		out = append(out, caseType{t, elems})
	}
	isObj := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == obj
	}
	// tested reports whether x is obj, or a call given obj.
	tested := func(x ast.Expr) bool {
		if isObj(x) {
			return true
		}
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
			for _, a := range call.Args {
				if isObj(a) {
					return true
				}
			}
		}
		return false
	}
	var callees []calleeParam
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			if x := switched(n); x != nil && tested(x) {
				for _, c := range n.Body.List {
					cc := c.(*ast.CaseClause)
					for _, e := range cc.List {
						if tv, ok := info.Types[e]; ok && tv.IsType() {
							var elems []types.Type
							if len(cc.List) == 1 && depth == caseDepth {
								elems = w.elemTypes(decl, cc.Body, info.Implicits[cc])
							}
							add(tv.Type, elems)
						}
					}
				}
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil && tested(n.X) {
				add(info.TypeOf(n.Type), nil)
			}
		case *ast.CallExpr:
			if depth == 0 {
				return true
			}
			fn := calledFunc(info, n.Fun)
			if fn == nil || fn.Pkg() != p.Types {
				return true
			}
			for i, a := range n.Args {
				if isObj(a) {
					callees = append(callees, calleeParam{fn.Origin(), i})
				}
			}
		}
		return true
	})
	for _, c := range callees {
		callee, err := p.Func(c.fn.Name())
		if err != nil || callee.Decl == nil {
			continue
		}
		d := callee.Decl
		if o := paramObj(info, d, c.param); o != nil {
			for _, ct := range w.collect(d, d.Body, o, depth-1) {
				add(ct.t, nil)
			}
		}
	}
	return out
}

// elemTypes are the case types of the elements of v, a map or slice of
// interfaces (a parameter, or the variable a type switch's clause
// binds), where body ranges over it.
func (w caseWalker) elemTypes(decl *ast.FuncDecl, body []ast.Stmt, v types.Object) []types.Type {
	if v == nil {
		return nil
	}
	var elem types.Type
	switch u := v.Type().Underlying().(type) {
	case *types.Map:
		elem = u.Elem()
	case *types.Slice:
		elem = u.Elem()
	}
	if elem == nil || !types.IsInterface(elem) {
		return nil
	}
	info := w.f.Pkg.TypesInfo
	var out []types.Type
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			r, ok := n.(*ast.RangeStmt)
			if !ok || r.Value == nil {
				return true
			}
			if id, ok := ast.Unparen(r.X).(*ast.Ident); !ok || info.Uses[id] != v {
				return true
			}
			id, ok := r.Value.(*ast.Ident)
			if !ok || info.Defs[id] == nil {
				return true
			}
			for _, ct := range w.collect(decl, r.Body, info.Defs[id], caseDepth) {
				if len(out) < maxElemTypes && !types.IsInterface(ct.t) {
					out = append(out, ct.t)
				}
			}
			return false
		})
	}
	return out
}

// calleeParam is a package function and the number of the parameter a
// value is passed as.
type calleeParam struct {
	fn    *types.Func
	param int
}

// switched is the expression a type switch tests (x of switch
// v := x.(type)), or nil.
func switched(n *ast.TypeSwitchStmt) ast.Expr {
	var x ast.Expr
	switch a := n.Assign.(type) {
	case *ast.AssignStmt:
		x = a.Rhs[0]
	case *ast.ExprStmt:
		x = a.X
	}
	if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// calledFunc is the package-level function a call's fun names (f,
// f[T], pkg.f), or nil.
func calledFunc(info *types.Info, fun ast.Expr) *types.Func {
	fn := calledObj(info, fun)
	if fn == nil || fn.Type().(*types.Signature).Recv() != nil {
		return nil
	}
	return fn
}

// calledObj is the function or method a call's fun names (f, f[T],
// pkg.f, x.m), or nil.
func calledObj(info *types.Info, fun ast.Expr) *types.Func {
	fun = ast.Unparen(fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	var id *ast.Ident
	switch x := fun.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// paramObj is the object of parameter number i of decl (variadic or
// not), or nil.
func paramObj(info *types.Info, decl *ast.FuncDecl, i int) types.Object {
	k := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if k == i {
				return info.Defs[name]
			}
			k++
		}
		if len(field.Names) == 0 {
			k++
		}
	}
	return nil
}

// caseValues are values of the dynamic types f tests its interface
// parameter number param against (see caseTypes), each written as code
// of exactly that type: up to two of each concrete type (and a
// pointer's typed nil), and for an interface type two of each of the
// package's types that implement it (for a reader, what its writers
// write, see writtenReaders); for a map or slice of interfaces,
// ones holding values of each type its elements are tested against
// too. For a parameter that is a slice of interfaces (errs ...error),
// they are slices of one element of each type f tests the elements it
// ranges over against (see elemCaseTypes).
func (a *analysis) caseValues(param int) []spec.Value {
	pt := a.f.Params[param].Type
	var out []spec.Value
	if s, ok := pt.Underlying().(*types.Slice); ok && types.IsInterface(s.Elem()) {
		for _, e := range elemCaseTypes(a.f, param) {
			if types.AssignableTo(e, s.Elem()) {
				out = append(out, a.gen.holding(pt, e)...)
			}
		}
		return out
	}
	iface, ok := pt.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	readers := false
	for _, ct := range caseTypes(a.f, param) {
		t := ct.t
		if !types.AssignableTo(t, pt) {
			continue
		}
		for _, e := range ct.elems {
			out = append(out, a.gen.holding(t, e)...)
		}
		if ti, ok := t.Underlying().(*types.Interface); ok {
			if ti.Empty() || types.Identical(ti, iface) {
				continue
			}
			if ifaceMethod(ti) == "Read" && !readers {
				// What the package's own methods write, read back:
				// the data a Load(src any) reads from a reader.
				readers = true
				out = append(out, a.gen.writtenReaders(0)...)
			}
			for _, n := range namedTypes(a.self) {
				for _, nt := range []types.Type{n, types.NewPointer(n)} {
					if !types.IsInterface(nt) && types.Implements(nt, ti) {
						out = append(out, a.gen.exactValues(nt, 2)...)
						break
					}
				}
			}
			continue
		}
		out = append(out, a.gen.caseExact(t)...)
	}
	return out
}

// caseExact are values of t, a type a case tests for, written as code
// of exactly t (see exactValues); a pointer's typed nil besides,
// (*Multi)(nil), which an interface holding it does not equal nil: the
// branch that tests for it (case *Multi: if m == nil).
func (g *valueGen) caseExact(t types.Type) []spec.Value {
	out := g.exactValues(t, 2)
	if _, ok := types.Unalias(t).(*types.Pointer); ok {
		q := target.NewQualifier(g.self)
		if src := "(" + q.TypeString(t) + ")(nil)"; spec.CheckCode(src) == nil {
			out = append(out, spec.CodeValue(src))
		}
	}
	return out
}

// holding are maps or slices of type t with one element, of dynamic
// type elem (each of its caseExact values), written as code:
// map[string]any{"abc": []string{}}, []error{(*Multi)(nil)}.
func (g *valueGen) holding(t, elem types.Type) []spec.Value {
	q := target.NewQualifier(g.self)
	expr := func(v spec.Value, t types.Type) (string, bool) {
		if v.Kind == spec.Code {
			return v.Str, true
		}
		s, err := target.GoExpr(v, t, q)
		return s, err == nil
	}
	var out []spec.Value
	for _, ev := range g.caseExact(elem) {
		e, ok := expr(ev, elem)
		if !ok {
			continue
		}
		var src string
		switch u := t.Underlying().(type) {
		case *types.Map:
			// A key other than the zero value, where there is one.
			keys := g.exactValues(u.Key(), 2)
			if len(keys) == 0 {
				return nil
			}
			k, ok := expr(keys[len(keys)-1], u.Key())
			if !ok {
				return nil
			}
			src = q.TypeString(t) + "{" + k + ": " + e + "}"
		case *types.Slice:
			src = q.TypeString(t) + "{" + e + "}"
		default:
			return nil
		}
		if spec.CheckCode(src) == nil {
			out = append(out, spec.CodeValue(src))
		}
	}
	return out
}

// exactValues are up to n values of t other than nil, written as code
// of exactly type t, and a negative one where t has them and those do
// not hold one. They are built as a parameter's are, to full depth: a
// case's *Multi holds an error (&Multi{Errs: []error{…}}), not only
// nothing.
func (g *valueGen) exactValues(t types.Type, n int) []spec.Value {
	var out []spec.Value
	write := func(v spec.Value) {
		if natural(v, t) {
			out = append(out, v)
		} else if c, ok := g.exactCode(v, t); ok {
			out = append(out, c)
		}
	}
	vs := g.valuesAt(t, 0)
	negative := false
	for _, v := range vs {
		if len(out) >= n {
			break
		}
		if v.Kind != spec.Null {
			negative = negative || isNegative(v)
			write(v)
		}
	}
	if !negative {
		// A signed number's sign is a branch of its own (case int: if
		// s < 0): one negative value besides.
		for _, v := range vs {
			if isNegative(v) {
				write(v)
				break
			}
		}
	}
	return out
}

// isNegative reports whether v is a number below zero.
func isNegative(v spec.Value) bool {
	switch v.Kind {
	case spec.Int:
		return v.Int < 0
	case spec.Float:
		return v.Float < 0
	}
	return false
}

// natural reports whether v, a value of t, is read back as a t when an
// empty interface receives it: a string, a bool, an int, a float64
// written with a fraction.
func natural(v spec.Value, t types.Type) bool {
	b, ok := t.(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.String:
		return v.Kind == spec.String
	case types.Bool:
		return v.Kind == spec.Bool
	case types.Int:
		return v.Kind == spec.Int
	case types.Float64:
		return v.Kind == spec.Float
	}
	return false
}
