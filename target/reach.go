package target

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"sort"
)

// Span is where a function or method of the package is declared: the
// lines of its func keyword and of its closing brace, as Func's
// StartLine and EndLine.
type Span struct {
	// Func names the declaration as specs do: F, T.M or (*T).M.
	Func      string
	File      string // absolute path, cleaned
	StartLine int
	EndLine   int
}

// Contains reports whether the lines from start to end lie within the
// span.
func (s Span) Contains(file string, start, end int) bool {
	return filepath.Clean(file) == s.File && start >= s.StartLine && end <= s.EndLine
}

// Overlaps reports whether the lines from start to end overlap the span.
func (s Span) Overlaps(file string, start, end int) bool {
	return filepath.Clean(file) == s.File && start <= s.EndLine && end >= s.StartLine
}

// Reach returns the declarations the function reaches: its own first,
// then, in source order (file, then line), the functions and methods
// of its package that it calls or refers to, directly or through other
// such functions. It is the function's own lines alone when its package
// is not known, and nil when it has no source position.
//
// The call graph is static. A call of a package function or method,
// and a function or method value naming one (passed as an argument,
// stored, a method value or expression), is an edge; a call of an
// interface method declared in the package is an edge to the methods of
// the package's concrete types that implement that interface. Calls
// through func-typed parameters and variables whose value is not named
// in the reach, and calls of interface methods of other packages (error,
// fmt.Stringer, io.Reader), are left out, as are functions of other
// packages, even of the same module (they are not instrumented).
func (f *Func) Reach() []Span {
	if f.reach != nil {
		return append([]Span(nil), f.reach...)
	}
	if f.Pkg != nil && f.Pkg.Types != nil && f.Pkg.TypesInfo != nil && f.Obj != nil {
		// A Func made outside Load: walk the package now.
		if r := f.Pkg.buildCallGraph().reach(f.Obj); r != nil {
			return r
		}
	}
	if f.File == "" {
		return nil
	}
	return []Span{{Func: f.Name, File: filepath.Clean(f.File), StartLine: f.StartLine, EndLine: f.EndLine}}
}

// callGraph is the static call graph of a package's declared functions.
type callGraph struct {
	decls map[*types.Func]*declNode
}

type declNode struct {
	span    Span
	callees []*types.Func
}

// buildCallGraph builds the call graph of the package's function
// declarations (see Func.Reach for what counts as an edge).
func (p *Package) buildCallGraph() *callGraph {
	g := &callGraph{decls: map[*types.Func]*declNode{}}
	var named []*types.Named // the package's concrete named types
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && !types.IsInterface(n) && n.TypeParams().Len() == 0 {
			named = append(named, n)
		}
	}
	impls := map[*types.Func][]*types.Func{} // interface method → implementations
	implsOf := func(m *types.Func) []*types.Func {
		if got, ok := impls[m]; ok {
			return got
		}
		var out []*types.Func
		recv := m.Signature().Recv()
		if recv == nil {
			return nil
		}
		iface, ok := recv.Type().Underlying().(*types.Interface)
		if !ok {
			return nil
		}
		for _, n := range named {
			var t types.Type = n
			if !types.Implements(t, iface) {
				t = types.NewPointer(n)
				if !types.Implements(t, iface) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(t, false, p.Types, m.Name())
			if fn, ok := obj.(*types.Func); ok && fn.Pkg() == p.Types {
				out = append(out, fn.Origin())
			}
		}
		impls[m] = out
		return out
	}
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			pos := p.Fset.Position(fd.Pos())
			n := &declNode{span: Span{
				Func: declName(obj), File: filepath.Clean(pos.Filename),
				StartLine: pos.Line, EndLine: p.Fset.Position(fd.End()).Line,
			}}
			g.decls[obj] = n
			if fd.Body == nil {
				continue
			}
			seen := map[*types.Func]bool{}
			add := func(fn *types.Func) {
				if fn != obj && !seen[fn] {
					seen[fn] = true
					n.callees = append(n.callees, fn)
				}
			}
			ast.Inspect(fd.Body, func(node ast.Node) bool {
				id, ok := node.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := p.TypesInfo.Uses[id].(*types.Func)
				if !ok || fn.Pkg() != p.Types {
					return true
				}
				fn = fn.Origin()
				if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
					for _, impl := range implsOf(fn) {
						add(impl)
					}
					return true
				}
				add(fn)
				return true
			})
		}
	}
	return g
}

// reach returns the spans reached from fn: its own first, then the
// others in source order.
func (g *callGraph) reach(fn *types.Func) []Span {
	root, ok := g.decls[fn]
	if !ok {
		return nil
	}
	seen := map[*types.Func]bool{fn: true}
	queue := []*types.Func{fn}
	var others []Span
	for len(queue) > 0 {
		n := g.decls[queue[0]]
		queue = queue[1:]
		if n == nil {
			continue
		}
		for _, c := range n.callees {
			if seen[c] {
				continue
			}
			seen[c] = true
			if cn := g.decls[c]; cn != nil {
				others = append(others, cn.span)
				queue = append(queue, c)
			}
		}
	}
	sort.Slice(others, func(i, j int) bool {
		a, b := others[i], others[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.StartLine < b.StartLine
	})
	return append([]Span{root.span}, others...)
}

// declName names a declared function or method as specs do.
func declName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t, ptr := recv.Type(), false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return fn.Name()
	}
	if ptr {
		return "(*" + n.Obj().Name() + ")." + fn.Name()
	}
	return n.Obj().Name() + "." + fn.Name()
}
