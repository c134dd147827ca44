package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/executors"
)

// MutantVar is the package-level variable of a schema that selects the
// active mutant; MutantEnv is the environment variable it is read from
// when the program starts. 0 (or unset) is the original program.
const (
	MutantVar = executors.MutantVar
	MutantEnv = "SPECGEN_MUTANT"
)

// numbered is a mutant with its id in a schema (ids start at 1).
type numbered struct {
	ID int
	Mutant
}

// schemaSite is a mutated node and the mutants made at its operator.
type schemaSite struct {
	node       ast.Node
	start, end int // byte offsets of node in the source
	muts       []numbered
	// whole holds, for a mutant that regroups the expression around
	// its operator, the text of node as the mutant has it, by mutant id.
	whole map[int]string
	// call, for a statement where only a simple statement fits (in a
	// for, if or switch header), wraps the switch in a function literal
	// called there.
	call bool
}

// Schema rewrites the file src (parsed as file, typed by info, in
// package pkg) so that every mutant of muts is selected at run time by
// the value of MutantVar: each mutated operator becomes a switch on it.
// When decl is true, the file also declares MutantVar, read from
// MutantEnv at init; exactly one file of a package must. Mutants the
// rewriting cannot express (a constant expression in a constant context,
// a type the file cannot name) are returned in
// left, for the one-build-per-mutant engine; the schema selects none of
// them.
func Schema(fset *token.FileSet, file *ast.File, src []byte, info *types.Info, pkg *types.Package, muts []numbered, decl bool) (out []byte, left []numbered) {
	byOffset := map[int][]numbered{}
	for _, m := range muts {
		byOffset[m.Pos.Offset] = append(byOffset[m.Pos.Offset], m)
	}
	qual := qualifier(file, pkg)
	var sites []schemaSite
	type pendingWhole struct {
		node       ast.Expr
		start, end int // node's offsets in src
		m          numbered
		text       string // node as the mutant has it
	}
	var wholes []pendingWhole
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		var opPos token.Pos
		var isStmt bool
		switch n := n.(type) {
		case *ast.BinaryExpr:
			opPos = n.OpPos
		case *ast.UnaryExpr:
			opPos = n.OpPos
		case *ast.IncDecStmt:
			opPos, isStmt = n.TokPos, true
		case *ast.AssignStmt:
			opPos, isStmt = n.TokPos, true
		case *ast.BranchStmt:
			opPos, isStmt = n.TokPos, true
		default:
			return true
		}
		here := byOffset[fset.Position(opPos).Offset]
		if len(here) == 0 {
			return true
		}
		ok, call := true, false
		if isStmt {
			call = headerStatement(parent, n)
			ok = call || statementSlot(parent, n)
		} else {
			ok = !constContext(stack) && typeName(info, n.(ast.Expr), qual) != ""
		}
		site := schemaSite{node: n, start: fset.Position(n.Pos()).Offset, end: fset.Position(n.End()).Offset, call: call}
		for _, m := range here {
			switch {
			case ok && sameShape(fset, n, m):
				site.muts = append(site.muts, m)
			case ok && !isStmt:
				// The operator binds otherwise: the mutant is the whole
				// chain of binary expressions around it, as it parses.
				top := len(stack) - 1
				for top > 0 {
					if _, bin := stack[top-1].(*ast.BinaryExpr); !bin {
						break
					}
					top--
				}
				t := stack[top].(ast.Expr)
				start, end := fset.Position(t.Pos()).Offset, fset.Position(t.End()).Offset
				end += len(m.Replacement) - len(m.Original)
				if typeName(info, t, qual) == "" || start < 0 || end > len(m.Src) || end < start {
					left = append(left, m)
					continue
				}
				wholes = append(wholes, pendingWhole{node: t, start: start, end: fset.Position(t.End()).Offset, m: m, text: string(m.Src[start:end])})
			default:
				left = append(left, m)
			}
		}
		if len(site.muts) > 0 {
			sites = append(sites, site)
		}
		return true
	})
	// Each regrouping mutant joins the site of its chain's top, made
	// when the top has no mutant of its own.
	for _, w := range wholes {
		i := slices.IndexFunc(sites, func(s schemaSite) bool { return s.node == w.node })
		if i < 0 {
			sites = append(sites, schemaSite{node: w.node, start: w.start, end: w.end})
			i = len(sites) - 1
		}
		if sites[i].whole == nil {
			sites[i].whole = map[int]string{}
		}
		sites[i].muts = append(sites[i].muts, w.m)
		sites[i].whole[w.m.ID] = w.text
	}
	sort.SliceStable(sites, func(i, j int) bool {
		if sites[i].start != sites[j].start {
			return sites[i].start < sites[j].start
		}
		return sites[i].end > sites[j].end
	})
	r := &schemaWriter{fset: fset, src: src, sites: sites, info: info, qual: qual}
	var b strings.Builder
	if decl {
		name := fset.Position(file.Name.End()).Offset
		b.WriteString(r.render(0, name))
		b.WriteString(`; import (specgenos "os"; specgenstrconv "strconv")`)
		b.WriteString(r.render(name, len(src)))
		fmt.Fprintf(&b, "\n\n// %s selects the mutant of the schema that runs (0 = none).\nvar %s = func() int { n, _ := specgenstrconv.Atoi(specgenos.Getenv(%q)); return n }()\n", MutantVar, MutantVar, MutantEnv)
	} else {
		b.WriteString(r.render(0, len(src)))
	}
	return []byte(b.String()), left
}

// sameShape reports whether the mutant m, an edit of the operator of
// the original node n, parses with the same operands as n: then
// switching the operator in the syntax tree is the same program as
// editing the token. A swap between operators that bind differently
// (& and |, ^ and &, && and || beside others) can regroup the
// expression around it.
func sameShape(fset *token.FileSet, n ast.Node, m numbered) bool {
	be, ok := n.(*ast.BinaryExpr)
	if !ok {
		return true
	}
	mf, err := parser.ParseFile(token.NewFileSet(), "", m.Src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	tf := fset.File(be.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	mtf := mf.FileStart - token.Pos(1)
	delta := len(m.Replacement) - len(m.Original)
	same := false
	ast.Inspect(mf, func(x ast.Node) bool {
		mb, ok := x.(*ast.BinaryExpr)
		if !ok || same {
			return !same
		}
		if int(mb.OpPos-mtf)-1 != m.Pos.Offset {
			return true
		}
		same = int(mb.X.Pos()-mtf)-1 == off(be.X.Pos()) && int(mb.X.End()-mtf)-1 == off(be.X.End()) &&
			int(mb.Y.Pos()-mtf)-1 == off(be.Y.Pos())+delta && int(mb.Y.End()-mtf)-1 == off(be.Y.End())+delta
		return false
	})
	return same
}

// statementSlot reports whether n sits where any statement may: a block,
// a case body or a label, not an if/for/switch header.
func statementSlot(parent, n ast.Node) bool {
	switch p := parent.(type) {
	case *ast.BlockStmt:
		return true
	case *ast.CaseClause:
		return true
	case *ast.CommClause:
		return p.Comm != n
	case *ast.LabeledStmt:
		return true
	}
	return false
}

// headerStatement reports whether n is the init or post statement of
// a header (for, if, switch), where only a simple statement fits: there a
// call of a function literal holding the switch does. A statement that
// declares variables is never a mutant's site.
func headerStatement(parent, n ast.Node) bool {
	switch p := parent.(type) {
	case *ast.ForStmt:
		return p.Init == n || p.Post == n
	case *ast.IfStmt:
		return p.Init == n
	case *ast.SwitchStmt:
		return p.Init == n
	case *ast.TypeSwitchStmt:
		return p.Init == n
	}
	return false
}

// constContext reports whether the innermost node of stack is part of a
// constant declaration or an array length, where an expression must stay
// constant.
func constContext(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		switch p := stack[i-1].(type) {
		case *ast.GenDecl:
			if p.Tok == token.CONST {
				return true
			}
		case *ast.ArrayType:
			if p.Len == stack[i] {
				return true
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// qualifier names packages as file imports them; a package the file
// does not import gets "" from the returned function's ok result.
func qualifier(file *ast.File, pkg *types.Package) func(*types.Package) (string, bool) {
	names := map[string]string{}
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[path] = name
	}
	return func(p *types.Package) (string, bool) {
		if p == nil || p == pkg {
			return "", true
		}
		name, ok := names[p.Path()]
		if !ok || name == "_" || name == "." {
			return "", false
		}
		if name == "" {
			name = p.Name()
		}
		return name, true
	}
}

// typeName is the type of e as the file can spell it, or "" when it
// cannot (an untyped constant, a package it does not import).
func typeName(info *types.Info, e ast.Expr, qual func(*types.Package) (string, bool)) string {
	if info == nil {
		return ""
	}
	t := info.TypeOf(e)
	if t == nil {
		return ""
	}
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		// A condition stays untyped bool; any other use of a
		// comparison converts it to the type it needs.
		if b.Kind() == types.UntypedBool {
			return "bool"
		}
		return ""
	}
	ok := true
	s := types.TypeString(t, func(p *types.Package) string {
		name, found := qual(p)
		if !found {
			ok = false
		}
		return name
	})
	if !ok {
		return ""
	}
	return s
}

type schemaWriter struct {
	fset  *token.FileSet
	src   []byte
	sites []schemaSite
	info  *types.Info
	qual  func(*types.Package) (string, bool)
}

func (w *schemaWriter) off(p token.Pos) int { return w.fset.Position(p).Offset }

// render is src[from:to) with every site inside it rewritten.
func (w *schemaWriter) render(from, to int) string {
	var b strings.Builder
	cur := from
	for i := range w.sites {
		s := &w.sites[i]
		if s.start < cur || s.end > to {
			continue
		}
		b.Write(w.src[cur:s.start])
		b.WriteString(w.site(s))
		cur = s.end
	}
	b.Write(w.src[cur:to])
	return b.String()
}

func (w *schemaWriter) text(n ast.Node) string { return w.render(w.off(n.Pos()), w.off(n.End())) }

// site is the schema form of one site.
func (w *schemaWriter) site(s *schemaSite) string {
	var b strings.Builder
	if s.call {
		b.WriteString("func() { ")
	}
	switch n := s.node.(type) {
	case *ast.BinaryExpr:
		x, y := w.text(n.X), w.text(n.Y)
		fmt.Fprintf(&b, "func() %s { switch %s {", typeName(w.info, n, w.qual), MutantVar)
		for _, m := range s.muts {
			if text, ok := s.whole[m.ID]; ok {
				fmt.Fprintf(&b, " case %d: return %s;", m.ID, text)
				continue
			}
			fmt.Fprintf(&b, " case %d: return (%s) %s (%s);", m.ID, x, m.Replacement, y)
		}
		fmt.Fprintf(&b, " }; return (%s) %s (%s) }()", x, n.Op, y)
	case *ast.UnaryExpr:
		x := w.text(n.X)
		fmt.Fprintf(&b, "func() %s { switch %s {", typeName(w.info, n, w.qual), MutantVar)
		for _, m := range s.muts {
			fmt.Fprintf(&b, " case %d: return %s(%s);", m.ID, m.Replacement, x)
		}
		fmt.Fprintf(&b, " }; return %s(%s) }()", n.Op, x)
	case *ast.IncDecStmt:
		x := w.text(n.X)
		w.stmt(&b, s.muts, func(op string) string { return x + op }, x+n.Tok.String())
	case *ast.AssignStmt:
		lhs, rhs := w.list(n.Lhs), w.list(n.Rhs)
		w.stmt(&b, s.muts, func(op string) string { return lhs + " " + op + " " + rhs }, lhs+" "+n.Tok.String()+" "+rhs)
	case *ast.BranchStmt:
		label := ""
		if n.Label != nil {
			label = " " + n.Label.Name
		}
		w.stmt(&b, s.muts, func(op string) string { return op + label }, n.Tok.String()+label)
	}
	if s.call {
		b.WriteString(" }()")
	}
	return b.String()
}

func (w *schemaWriter) list(es []ast.Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = w.text(e)
	}
	return strings.Join(parts, ", ")
}

// stmt writes "if m == a { mutant a } else if ... else { original }".
func (w *schemaWriter) stmt(b *strings.Builder, muts []numbered, with func(op string) string, orig string) {
	for i, m := range muts {
		if i > 0 {
			b.WriteString(" else ")
		}
		fmt.Fprintf(b, "if %s == %d { %s }", MutantVar, m.ID, with(m.Replacement))
	}
	fmt.Fprintf(b, " else { %s }", orig)
}
