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

// caseTypes are the dynamic types the function tests its parameter
// number param (of f.Params) against: the cases of a type switch on it
// (switch v := p.(type), or on a call given it, such as indirect(p)),
// the types of assertions on it (p.(T)), then, one call deep, those of
// the package's functions it is passed to, in the order written,
// without repeats. An interface parameter of a function that type
// switches on it takes its branches from the dynamic types only: no
// value of another type reaches them.
func caseTypes(f *target.Func, param int) []types.Type {
	if f.Decl == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	obj := paramObj(f.Pkg.TypesInfo, f.Decl, param)
	if obj == nil {
		return nil
	}
	var out []types.Type
	add := func(t types.Type) {
		if t == nil || len(out) >= maxCaseTypes {
			return
		}
		if len(f.TypeArgs) > 0 {
			// An instantiation's body is the generic one's: its types
			// are written over the type parameters (case map[K]V:). The
			// function's type parameters, or its receiver's, are
			// numbered alike.
			t = substWith(t, func(p *types.TypeParam) types.Type {
				if p.Index() < len(f.TypeArgs) {
					return f.TypeArgs[p.Index()]
				}
				return nil
			})
			if t == nil {
				return
			}
		}
		for _, o := range out {
			if types.Identical(o, t) {
				return
			}
		}
		out = append(out, t)
	}
	var callees []calleeParam
	walkCaseTypes(f.Pkg, f.Decl, obj, add, &callees)
	for _, c := range callees {
		d := funcDecl(f.Pkg, c.fn)
		if d == nil {
			continue
		}
		if o := paramObj(f.Pkg.TypesInfo, d, c.param); o != nil {
			walkCaseTypes(f.Pkg, d, o, add, nil)
		}
	}
	return out
}

// calleeParam is a package function and the number of the parameter a
// value is passed as.
type calleeParam struct {
	fn    *types.Func
	param int
}

// walkCaseTypes adds the types decl's body tests obj against, and
// appends to callees (when not nil) the package functions obj is passed
// to.
func walkCaseTypes(p *target.Package, decl *ast.FuncDecl, obj types.Object, add func(types.Type), callees *[]calleeParam) {
	if decl.Body == nil {
		return
	}
	info := p.TypesInfo
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
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				x = a.Rhs[0]
			case *ast.ExprStmt:
				x = a.X
			}
			if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok && tested(ta.X) {
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if tv, ok := info.Types[e]; ok && tv.IsType() {
							add(tv.Type)
						}
					}
				}
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil && tested(n.X) {
				add(info.TypeOf(n.Type))
			}
		case *ast.CallExpr:
			if callees == nil {
				return true
			}
			fn := calledFunc(info, n.Fun)
			if fn == nil || fn.Pkg() != p.Types {
				return true
			}
			for i, a := range n.Args {
				if isObj(a) {
					*callees = append(*callees, calleeParam{fn.Origin(), i})
				}
			}
		}
		return true
	})
}

// calledFunc is the package-level function a call's fun names (f,
// f[T], pkg.f), or nil.
func calledFunc(info *types.Info, fun ast.Expr) *types.Func {
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
	if fn == nil || fn.Type().(*types.Signature).Recv() != nil {
		return nil
	}
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

// funcDecl is the declaration of the package function fn, or nil.
func funcDecl(p *target.Package, fn *types.Func) *ast.FuncDecl {
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && p.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// caseValues are values of the dynamic types f tests its interface
// parameter number param against (see caseTypes), each written as code
// of exactly that type: up to two of each concrete type, and for an
// interface type two of each of the package's types that implement it.
func (a *analysis) caseValues(param int) []spec.Value {
	pt := a.f.Params[param].Type
	iface, ok := pt.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []spec.Value
	for _, t := range caseTypes(a.f, param) {
		if !types.AssignableTo(t, pt) {
			continue
		}
		if ti, ok := t.Underlying().(*types.Interface); ok {
			if ti.Empty() || types.Identical(ti, iface) {
				continue
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
		out = append(out, a.gen.exactValues(t, 2)...)
	}
	return out
}

// exactValues are up to n values of t other than nil, written as code
// of exactly type t.
func (g *valueGen) exactValues(t types.Type, n int) []spec.Value {
	var out []spec.Value
	for _, v := range g.valuesAt(t, 1) {
		if len(out) >= n {
			break
		}
		if v.Kind == spec.Null {
			continue
		}
		if natural(v, t) {
			out = append(out, v)
			continue
		}
		if c, ok := g.exactCode(v, t); ok {
			out = append(out, c)
		}
	}
	return out
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
