package write

import (
	"go/ast"
	"go/parser"
	"strconv"
	"strings"
)

// fsFeatures are the features of code that builds an in-memory file
// system (fstest.MapFS{…}: no-files, one-file, 9-files) or an entry of
// one (fs.Lstat of a one-entry MapFS, maybe made a DirEntry: the
// entry's kind, symlink, dir, hidden or file). ok is false for other
// code.
func fsFeatures(src string) (out []string, ok bool) {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil, false
	}
	var lit *ast.CompositeLit
	lstat := false
	ast.Inspect(e, func(n ast.Node) bool {
		if lit != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			lstat = lstat || isSelector(n.Fun, "fs", "Lstat")
		case *ast.CompositeLit:
			if isSelector(n.Type, "fstest", "MapFS") {
				lit = n
			}
		}
		return true
	})
	if lit == nil {
		return nil, false
	}
	if !lstat {
		switch len(lit.Elts) {
		case 0:
			return []string{"no-files"}, true
		case 1:
			return []string{"one-file"}, true
		}
		return []string{strconv.Itoa(len(lit.Elts)) + "-files"}, true
	}
	if len(lit.Elts) != 1 {
		return nil, false
	}
	kv, _ := lit.Elts[0].(*ast.KeyValueExpr)
	if kv == nil {
		return nil, false
	}
	mode := func(name string) bool {
		found := false
		ast.Inspect(kv.Value, func(n ast.Node) bool {
			x, ok := n.(ast.Expr)
			found = found || ok && isSelector(x, "fs", name)
			return !found
		})
		return found
	}
	switch k, _ := kv.Key.(*ast.BasicLit); {
	case mode("ModeSymlink"):
		return []string{"symlink"}, true
	case mode("ModeDir"):
		return []string{"dir"}, true
	case k != nil && strings.HasPrefix(k.Value, `".`):
		return []string{"hidden"}, true
	}
	return []string{"file"}, true
}

// isSelector reports whether x is pkg.name.
func isSelector(x ast.Expr, pkg, name string) bool {
	s, ok := x.(*ast.SelectorExpr)
	if !ok || s.Sel.Name != name {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == pkg
}
