package executors

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/specgen-dev/specgen/target"
)

// writtenGlobals are the package-level variables of pkg that its own
// functions (init aside) change: assign, increment, index into and
// assign, delete from, take the address of or call a pointer method on
// (a registry map, a made-once flag, a sync.Once). A probe that runs
// such code leaves the package in another state than the next probe
// expects; the harness sets them back before each probe (see
// writeStateReset). Sorted by name.
func writtenGlobals(pkg *target.Package) []string {
	if pkg == nil || pkg.Types == nil || pkg.TypesInfo == nil {
		return nil
	}
	info, scope := pkg.TypesInfo, pkg.Types.Scope()
	found := map[string]bool{}
	// mark records the package-level variable at the root of e (x in
	// x.f[i].g).
	mark := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				if _, pkgName := info.Uses[identOf(x.X)].(*types.PkgName); pkgName {
					e = x.Sel // a qualified name: another package's
					continue
				}
				e = x.X
				continue
			case *ast.IndexExpr:
				e = x.X
				continue
			case *ast.StarExpr:
				e = x.X
				continue
			case *ast.Ident:
				v, ok := info.Uses[x].(*types.Var)
				if ok && v.Pkg() == pkg.Types && scope.Lookup(v.Name()) == v {
					found[v.Name()] = true
				}
			}
			return
		}
	}
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || (fd.Recv == nil && fd.Name.Name == "init") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if n.Tok != token.DEFINE {
						for _, l := range n.Lhs {
							mark(l)
						}
					}
				case *ast.IncDecStmt:
					mark(n.X)
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						mark(n.X)
					}
				case *ast.CallExpr:
					if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(n.Args) > 0 {
						if _, builtin := info.Uses[id].(*types.Builtin); builtin {
							mark(n.Args[0])
						}
					}
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						// once.Do(f), mu.Lock(): a pointer method on an
						// addressable value takes its address.
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
							sig := s.Obj().Type().(*types.Signature)
							if _, ptrRecv := sig.Recv().Type().(*types.Pointer); ptrRecv {
								if _, isPtr := s.Recv().Underlying().(*types.Pointer); !isPtr {
									mark(sel.X)
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	names := make([]string, 0, len(found))
	for name := range found {
		if name != "_" && name != MutantVar {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// identOf is e itself when it is an identifier, else nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// writeStateReset writes specgenReset, which the harness calls before
// each probe: the first call saves the variables names (see
// writtenGlobals) as the package's init left them, every later one sets
// them back. A map or a slice is set back to a copy of what it held, a
// pointer to a struct of the package is set back and so is the struct it
// points to; anything else is set back as a value.
func writeStateReset(b *bytes.Buffer, names []string) {
	b.WriteString(`// specgenState sets the package-level variables the package changes
// back to what they held before the first probe ran.
var specgenState []func()

func specgenReset() {
	if specgenState != nil {
		for _, f := range specgenState {
			f()
		}
		return
	}
	specgenState = []func(){}
`)
	for _, name := range names {
		fmt.Fprintf(b, "\tspecgenState = append(specgenState, specgenSave(&%s))\n", name)
	}
	b.WriteString(`}

// specgenSave saves what the variable p points to holds and returns
// the function that sets it back.
func specgenSave(p interface{}) func() {
	v := specgenreflect.ValueOf(p).Elem()
	saved := specgenCopy(v)
	var pointee specgenreflect.Value
	if v.Kind() == specgenreflect.Pointer && !v.IsNil() && v.Elem().Kind() == specgenreflect.Struct && v.Elem().Type().PkgPath() == specgenSelfPath {
		pointee = specgenCopy(v.Elem())
	}
	return func() {
		v.Set(specgenCopy(saved))
		if pointee.IsValid() {
			v.Elem().Set(specgenCopy(pointee))
		}
	}
}

// specgenCopy is a copy of v that shares no map or slice with it at its
// top.
func specgenCopy(v specgenreflect.Value) specgenreflect.Value {
	c := specgenreflect.New(v.Type()).Elem()
	switch {
	case v.Kind() == specgenreflect.Map && !v.IsNil():
		m := specgenreflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			m.SetMapIndex(it.Key(), it.Value())
		}
		c.Set(m)
	case v.Kind() == specgenreflect.Slice && !v.IsNil():
		s := specgenreflect.MakeSlice(v.Type(), v.Len(), v.Cap())
		specgenreflect.Copy(s, v)
		c.Set(s)
	default:
		c.Set(v)
	}
	return c
}
`)
}
