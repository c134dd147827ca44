package target

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/printer"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// hashVersion is hashed first: a change of what SourceHash covers
// changes it, so that every recorded hash reads as stale once.
const hashVersion = "specgen source hash v1\n"

// SourceHash returns a hash of the function's code and of the code of
// its package that the function depends on: 16 lowercase hex digits
// (a prefix of a SHA-256). It is "" for a function without a
// declaration in a loaded package.
//
// Comments, the doc comment included, and layout do not count: the
// declarations are hashed as streams of Go tokens, so that a comment,
// a blank line, a reindentation or anything else gofmt does leaves the
// hash as it was, while a change of an operator, a name, a literal or
// a type changes it. The declarations hashed are the function's own
// and every top-level declaration of its package that it depends on,
// directly or through others:
//
//   - functions and methods that it calls or names as values
//     (f(x), t.M(), x.M through a local variable, a method value);
//     a call of an interface method counts as a call of that method
//     of every type of the package that implements the interface;
//   - types that it names, or that the variables and selections in it
//     have: their declaration (struct fields, constraints), and of
//     their methods only those called, plus Error, String, GoString
//     and Format, which printing a value or an error calls unseen;
//   - package-level variables (with their initialiser, and the init
//     functions that refer to them) and constants (with their values)
//     that it refers to;
//   - the import paths of the packages that these declarations name.
//
// Other packages are not hashed, not even those of the same module,
// and neither are go.mod, go.sum and _test.go files: a change of a
// dependency leaves the hash as it was. Calls that go/types cannot
// resolve statically (a func-typed parameter, reflection) add nothing.
// The hash depends neither on paths nor on the order of files and
// declarations, so a copy of the package in another directory hashes
// alike, and so does a declaration moved to another file. An
// instantiation of a generic function hashes like the function.
func (f *Func) SourceHash() string {
	g := f.depGraph()
	if g == nil {
		return ""
	}
	nodes := g.closure(f.Obj.Origin())
	if nodes == nil {
		return ""
	}
	others := make([][32]byte, 0, len(nodes)-1)
	for _, n := range nodes[1:] {
		others = append(others, n.digest)
	}
	slices.SortFunc(others, func(a, b [32]byte) int { return bytes.Compare(a[:], b[:]) })
	h := sha256.New()
	h.Write([]byte(hashVersion))
	h.Write(nodes[0].digest[:])
	for _, d := range others {
		h.Write(d[:])
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// depGraph returns the dependency graph of f's package, or nil when f
// is not a function of a loaded package.
func (f *Func) depGraph() *depGraph {
	p := f.Pkg
	if p == nil || p.Types == nil || p.TypesInfo == nil || p.Fset == nil || f.Obj == nil || f.Decl == nil {
		return nil
	}
	p.depsOnce.Do(func() { p.deps = p.buildDepGraph() })
	return p.deps
}

// depGraph is the graph of what the top-level declarations of a
// package depend on, for SourceHash and Touched.
type depGraph struct {
	nodes map[types.Object]*depNode // every declared object; a var spec's names share a node
	all   []*depNode                // in source order
}

// depNode is one top-level declaration: a function or method, a type
// spec, or a var or const spec.
type depNode struct {
	kind   string   // func, type, var or const
	digest [32]byte // of the kind, the tokens, constant values and imports
	// spans are the lines Touched looks at: the declaration's, and
	// those of the imports it names.
	spans []lineSpan
	deps  []*depNode
	// objs are the objects the declaration depends on, resolved into
	// deps once every node exists.
	objs []types.Object
}

// lineSpan is a range of lines of a file.
type lineSpan struct {
	file       string // absolute, cleaned
	start, end int
}

// closure returns the nodes that obj's declaration depends on,
// directly or not: obj's own first, then the others breadth first.
// It is nil when obj has no node.
func (g *depGraph) closure(obj types.Object) []*depNode {
	root := g.nodes[obj]
	if root == nil {
		return nil
	}
	seen := map[*depNode]bool{root: true}
	out := []*depNode{root}
	for i := 0; i < len(out); i++ {
		for _, d := range out[i].deps {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// depBuilder holds what building a depGraph needs.
type depBuilder struct {
	p     *Package
	g     *depGraph
	fset  *token.FileSet // for scanning declarations
	named []*types.Named // the package's named non-interface types
	impls map[*types.Func][]types.Object
	src   map[string][]byte // files read because the package does not hold them
	inits []*depNode        // the init functions' nodes
}

// buildDepGraph builds the dependency graph of the package's
// declarations.
func (p *Package) buildDepGraph() *depGraph {
	b := &depBuilder{
		p:     p,
		g:     &depGraph{nodes: map[types.Object]*depNode{}},
		fset:  token.NewFileSet(),
		impls: map[*types.Func][]types.Object{},
		src:   map[string][]byte{},
	}
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok && !types.IsInterface(n) {
				b.named = append(b.named, n)
			}
		}
	}
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			b.addDecl(decl)
		}
	}
	for _, n := range b.g.all {
		seen := map[*depNode]bool{n: true}
		for _, obj := range n.objs {
			if d := b.g.nodes[obj]; d != nil && !seen[d] {
				seen[d] = true
				n.deps = append(n.deps, d)
			}
		}
		n.objs = nil
	}
	// A variable depends on the init functions that refer to it.
	for _, in := range b.inits {
		for _, d := range in.deps {
			if d.kind == "var" && !slices.Contains(d.deps, in) {
				d.deps = append(d.deps, in)
			}
		}
	}
	return b.g
}

// addDecl adds the nodes of a top-level declaration.
func (b *depBuilder) addDecl(decl ast.Decl) {
	info := b.p.TypesInfo
	switch d := decl.(type) {
	case *ast.FuncDecl:
		obj, ok := info.Defs[d.Name].(*types.Func)
		if !ok {
			return
		}
		n := b.node("func", d, d.Pos(), d.End(), nil)
		b.g.nodes[obj] = n
		if d.Name.Name == "init" && d.Recv == nil {
			b.inits = append(b.inits, n)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				obj := info.Defs[s.Name]
				if obj == nil {
					continue
				}
				n := b.node("type", s, s.Pos(), s.End(), nil)
				b.g.nodes[obj] = n
				n.objs = append(n.objs, b.implicitMethods(obj)...)
			case *ast.ValueSpec:
				kind := "var"
				var vals []string
				if d.Tok == token.CONST {
					kind = "const"
					for _, id := range s.Names {
						if c, ok := info.Defs[id].(*types.Const); ok {
							vals = append(vals, types.TypeString(c.Type(), b.qualifier)+" "+c.Val().ExactString())
						}
					}
				}
				n := b.node(kind, s, s.Pos(), s.End(), vals)
				if d.Tok == token.CONST && d.Lparen.IsValid() {
					// iota: a spec's value depends on where it stands in its group.
					n.spans[0] = b.span(d.Pos(), d.End())
				}
				for _, id := range s.Names {
					if obj := info.Defs[id]; obj != nil {
						b.g.nodes[obj] = n
					}
				}
			}
		}
	}
}

// qualifier writes the package's own names unqualified and others by
// import path.
func (b *depBuilder) qualifier(q *types.Package) string {
	if q == b.p.Types {
		return ""
	}
	return q.Path()
}

// node makes the node of the declaration syntax, whose tokens run from
// start to end, and collects what it refers to.
func (b *depBuilder) node(kind string, syntax ast.Node, start, end token.Pos, extra []string) *depNode {
	n := &depNode{kind: kind, spans: []lineSpan{b.span(start, end)}}
	h := sha256.New()
	h.Write([]byte(kind + "\n"))
	b.hashTokens(h, syntax, start, end)
	for _, s := range extra {
		h.Write([]byte("=" + s + "\n"))
	}
	imports := map[string]bool{}
	add := func(obj types.Object) {
		if obj != nil && obj.Pkg() == b.p.Types {
			n.objs = append(n.objs, obj)
		}
	}
	info := b.p.TypesInfo
	ast.Inspect(syntax, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			obj := info.Uses[id]
			if obj == nil {
				obj = info.Defs[id]
			}
			switch o := obj.(type) {
			case *types.PkgName:
				imports[o.Name()+" "+o.Imported().Path()] = true
				n.spans = append(n.spans, b.span(o.Pos(), o.Pos()))
			case *types.Func:
				o = o.Origin()
				if recv := o.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
					for _, impl := range b.implementations(o) {
						add(impl)
					}
				}
				add(o)
			case *types.Var:
				add(o.Origin())
				b.namedIn(o.Type(), add)
			case *types.Const:
				// The type too: a constant whose spec repeats the
				// previous one's (iota) does not name it.
				add(o)
				b.namedIn(o.Type(), add)
			case *types.TypeName:
				add(o)
			}
		}
		return true
	})
	var paths []string
	for p := range imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		h.Write([]byte("import " + p + "\n"))
	}
	h.Sum(n.digest[:0])
	b.g.all = append(b.g.all, n)
	return n
}

// span returns the lines from start to end, as the file has them (line
// directives do not count).
func (b *depBuilder) span(start, end token.Pos) lineSpan {
	from, to := b.p.Fset.PositionFor(start, false), b.p.Fset.PositionFor(end, false)
	return lineSpan{file: filepath.Clean(from.Filename), start: from.Line, end: to.Line}
}

// namedIn calls add with the package's named types that t is built of.
func (b *depBuilder) namedIn(t types.Type, add func(types.Object)) {
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Alias:
			add(t.Obj())
			walk(types.Unalias(t))
		case *types.Named:
			add(t.Origin().Obj())
			for a := range t.TypeArgs().Types() {
				walk(a)
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			for v := range t.Params().Variables() {
				walk(v.Type())
			}
			for v := range t.Results().Variables() {
				walk(v.Type())
			}
		}
	}
	walk(t)
}

// implementations returns the methods of the package's types that
// implement the interface method m: for a generic type, whose
// instantiations may or may not implement the interface, every method
// named like m.
func (b *depBuilder) implementations(m *types.Func) []types.Object {
	if got, ok := b.impls[m]; ok {
		return got
	}
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	var out []types.Object
	for _, n := range b.named {
		if iface != nil && n.TypeParams().Len() == 0 &&
			!types.Implements(n, iface) && !types.Implements(types.NewPointer(n), iface) {
			continue
		}
		if obj := declaredMethod(n, m.Name()); obj != nil {
			out = append(out, obj)
		}
	}
	b.impls[m] = out
	return out
}

// implicitMethods returns the methods of the named type obj that the
// standard library calls on a value without the caller naming them
// (fmt, errors, log print values and errors with them): a declaration
// that uses a type depends on these methods of it.
func (b *depBuilder) implicitMethods(obj types.Object) []types.Object {
	n, ok := obj.Type().(*types.Named)
	if !ok {
		return nil
	}
	var out []types.Object
	for _, name := range []string{"Error", "String", "GoString", "Format"} {
		if m := declaredMethod(n, name); m != nil {
			out = append(out, m)
		}
	}
	return out
}

// declaredMethod returns the method named name declared on n or *n,
// or nil.
func declaredMethod(n *types.Named, name string) types.Object {
	n = n.Origin()
	for i := 0; i < n.NumMethods(); i++ {
		if m := n.Method(i); m.Name() == name {
			return m
		}
	}
	return nil
}

// hashTokens writes the Go tokens of the source from start to end to
// h, without comments and in a form that layout does not change: every
// semicolon, written or implied by a line end, is ";", a semicolon or
// comma before a closing bracket is left out, and number literals are
// lower case. Without the file's text it scans the syntax as printed.
func (b *depBuilder) hashTokens(h interface{ Write([]byte) (int, error) }, syntax ast.Node, start, end token.Pos) {
	src := b.text(start, end)
	if src == nil {
		var buf bytes.Buffer
		if err := printer.Fprint(&buf, b.p.Fset, syntax); err != nil {
			return
		}
		src = buf.Bytes()
	}
	var s scanner.Scanner
	file := b.fset.AddFile("", -1, len(src))
	s.Init(file, src, nil, 0)
	type tok struct {
		tok token.Token
		lit string
	}
	var pending *tok // held back until the next token shows whether it counts
	var buf []byte
	emit := func(t tok) {
		buf = append(buf[:0], t.tok.String()...)
		switch t.tok {
		case token.IDENT, token.STRING, token.CHAR:
			buf = append(buf, ' ')
			buf = append(buf, t.lit...)
		case token.INT, token.FLOAT, token.IMAG:
			buf = append(buf, ' ')
			buf = append(buf, strings.ToLower(t.lit)...)
		}
		buf = append(buf, '\n')
		h.Write(buf)
	}
	for {
		_, tk, lit := s.Scan()
		if tk == token.EOF {
			break
		}
		if pending != nil {
			closing := tk == token.RPAREN || tk == token.RBRACE || tk == token.RBRACK
			drop := closing && (pending.tok == token.COMMA || pending.tok == token.SEMICOLON)
			if pending.tok == token.SEMICOLON && tk == token.SEMICOLON {
				drop = true // an empty statement
			}
			if !drop {
				emit(*pending)
			}
			pending = nil
		}
		if tk == token.COMMA || tk == token.SEMICOLON {
			pending = &tok{tk, ""}
			continue
		}
		emit(tok{tk, lit})
	}
	// A trailing semicolon (the one implied at the end of the text) is
	// left out.
}

// text returns the package's source from start to end, or nil when it
// is not at hand.
func (b *depBuilder) text(start, end token.Pos) []byte {
	tf := b.p.Fset.File(start)
	if tf == nil {
		return nil
	}
	src, ok := b.p.src[tf.Name()]
	if !ok {
		if src, ok = b.src[tf.Name()]; !ok {
			data, err := os.ReadFile(tf.Name())
			if err != nil || len(data) != tf.Size() {
				data = nil
			}
			b.src[tf.Name()] = data
			src = data
		}
	}
	if src == nil {
		return nil
	}
	from, to := tf.Offset(start), tf.Offset(end)
	if from < 0 || to > len(src) || from > to {
		return nil
	}
	return src[from:to]
}
