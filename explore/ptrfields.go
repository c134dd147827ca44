package explore

import (
	"go/ast"
	"go/types"
)

// ptrFieldCache holds the fields pointerFields finds, once found (done).
type ptrFieldCache struct {
	fields map[*types.Var]bool
	done   bool
}

// pointerFields are the fields of the package's structs, of an interface
// type, that its code hands to reflect.ValueOf in a function that tells
// kinds apart by reflect.Ptr (or reflect.Pointer): the value a decoder
// fills, which must be a pointer (reflect.ValueOf(config.Result) then
// val.Kind() != reflect.Ptr, "result must be a pointer"). Found once.
func (g *valueGen) pointerFields() map[*types.Var]bool {
	if g.ptrs == nil || g.pkg == nil || g.pkg.TypesInfo == nil {
		return nil
	}
	if g.ptrs.done {
		return g.ptrs.fields
	}
	g.ptrs.done = true
	info := g.pkg.TypesInfo
	isReflect := func(e ast.Expr, names ...string) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		obj := info.Uses[sel.Sel]
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "reflect" {
			return false
		}
		for _, n := range names {
			if obj.Name() == n {
				return true
			}
		}
		return false
	}
	for _, file := range sourceFiles(g.pkg) {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var handed []*types.Var
			tells := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if isReflect(n.Fun, "ValueOf") && len(n.Args) == 1 {
						if sel, ok := ast.Unparen(n.Args[0]).(*ast.SelectorExpr); ok {
							if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
								if v, ok := s.Obj().(*types.Var); ok && types.IsInterface(v.Type()) {
									handed = append(handed, v)
								}
							}
						}
					}
				case *ast.SelectorExpr:
					tells = tells || isReflect(n, "Ptr", "Pointer")
				}
				return true
			})
			if tells {
				for _, v := range handed {
					if g.ptrs.fields == nil {
						g.ptrs.fields = map[*types.Var]bool{}
					}
					g.ptrs.fields[v] = true
				}
			}
		}
	}
	return g.ptrs.fields
}
