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
	entry := "file"
	switch text := src[kv.Value.Pos()-1 : kv.Value.End()-1]; {
	case strings.Contains(text, "fs.ModeSymlink"):
		entry = "symlink"
	case strings.Contains(text, "fs.ModeDir"):
		entry = "dir"
	default:
		if k, ok := kv.Key.(*ast.BasicLit); ok && strings.HasPrefix(k.Value, `".`) {
			entry = "hidden"
		}
	}
	return []string{entry}, true
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
