package cover

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
)

// How a file is cut into blocks
//
// What this file computes is fixed from outside: the blocks must be the
// ones `go test -cover` reports for the same source, to the column and the
// statement count, and the instrumented text is pinned by testdata/golden.
// The rules below state that behaviour; TestMatchesGoTestCover and
// TestConstructs check them against the go command.
//
// Statement lists. Coverage is counted in statement lists: the body of
// every function (declared, unless its name is _, or literal), every
// braced block, every case and comm clause, and every else branch. The
// lists are found in the order of a depth-first walk of the syntax tree,
// and each list is cut into all of its blocks before the lists nested in
// it are looked at: the blocks of a function body come first, then those
// of the first nested list, and so on.
//
// Cutting a list. A block runs from its start over statements up to and
// including the first statement that closes it (see closes), and ends
// where that statement's straight-line part ends (see boundary). The next
// block starts at the next statement. A block that reaches the end of the
// list without a closing statement ends at the list's end if it is the
// list's first block, else at the end of its last statement. The first
// block of a braced list starts at the opening brace; of a clause, just
// after the colon. A list without statements still gets one block, of no
// statements, from just after its brace or colon to its end. A block that
// would start and end at the same position is left out.
//
// Labels. A label may be the target of a goto, so it starts a block: a
// labelled statement counts as a statement of its own (the bare label)
// that closes the block at the label, and the statement it labels opens
// the next block. Loops, switches and selects keep their labels (a break
// or continue names them); they close the block like their unlabelled
// forms.
//
// Else branches. An else branch is made a braced list: a brace is
// inserted just after the else keyword and a closing one after the
// branch, so that an else-if's condition has a place for its counter.
// That list starts at the inserted brace and its counter goes one byte
// after it (before the original brace when a space separates them).
//
// Empty switches and selects get no counter: there is no place for a
// statement between their braces.
//
// Counters. Each block gets the statement `<var>[<n>] = 1;` at its
// insertion point: just after the opening brace or the colon for a list's
// first block, else just before the block's first statement. Nothing else
// moves, so every token keeps its line.
//
// Duplicates. Two blocks of a package with the same file name and
// positions (which //line directives can produce) are told apart as the
// go command does: the later one's end column is moved right until the
// positions are new.

// blockKey identifies a block's extent, for telling duplicates apart.
type blockKey struct {
	file                string
	startLine, startCol int
	endLine, endCol     int
}

// annotator finds the blocks of one file and collects the counter
// statements (and else braces) to insert into it.
type annotator struct {
	tf      *token.File
	src     []byte
	counter string // the counter array
	next    int    // counter index of the next block
	seen    map[blockKey]bool
	blocks  []Block
	inserts []insertion
	err     error
}

// annotate instruments a parsed file. seen holds the extents of the
// blocks already found in other files of the package.
func annotate(fset *token.FileSet, file *ast.File, src []byte, counter string, first int, seen map[blockKey]bool, extra []insertion) ([]byte, []Block, error) {
	a := &annotator{
		tf:      fset.File(file.Pos()),
		src:     src,
		counter: counter,
		next:    first,
		seen:    seen,
	}
	if a.tf == nil || a.tf.Size() != len(src) {
		return nil, nil, errors.New("source and syntax tree do not match")
	}
	for _, d := range file.Decls {
		a.walk(d)
	}
	if a.err != nil {
		return nil, nil, a.err
	}
	return splice(src, append(a.inserts, extra...)), a.blocks, nil
}

// walk looks for the statement lists inside n, in source order, and cuts
// each one.
func (a *annotator) walk(n ast.Node) {
	if n == nil || a.err != nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			// A function named _ cannot be called; one without a body
			// has nothing to count.
			if n.Body != nil && n.Name.Name != "_" {
				a.braced(n.Body)
			}
			return false
		case *ast.FuncLit:
			a.braced(n.Body)
			return false
		case *ast.BlockStmt:
			a.braced(n)
			return false
		case *ast.IfStmt:
			a.ifStmt(n)
			return false
		case *ast.SwitchStmt:
			a.walkAll(n.Init, n.Tag)
			a.clauses(n.Body)
			return false
		case *ast.TypeSwitchStmt:
			a.walkAll(n.Init, n.Assign)
			a.clauses(n.Body)
			return false
		case *ast.SelectStmt:
			a.clauses(n.Body)
			return false
		}
		return true
	})
}

func (a *annotator) walkAll(nodes ...ast.Node) {
	for _, n := range nodes {
		a.walk(n) // absent parts (no Init, no Tag) arrive as nil
	}
}

// braced cuts the statements of a block between braces, then walks them.
func (a *annotator) braced(b *ast.BlockStmt) {
	a.list(b.List, b.Lbrace, b.Lbrace+1, b.End())
}

// list cuts a statement list into blocks, then walks its statements for
// nested lists.
func (a *annotator) list(stmts []ast.Stmt, from, at, to token.Pos) {
	a.cut(stmts, from, at, to)
	for _, s := range stmts {
		a.walk(s)
	}
}

// clauses cuts the clause lists of a switch or select body, all of them
// before any nested list, then walks the clauses.
func (a *annotator) clauses(body *ast.BlockStmt) {
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			a.cut(c.Body, c.Colon+1, c.Colon+1, c.End())
		case *ast.CommClause:
			a.cut(c.Body, c.Colon+1, c.Colon+1, c.End())
		}
	}
	for _, c := range body.List {
		a.walk(c)
	}
}

// ifStmt handles an if statement: its init and condition, its body, and
// its else branch, which becomes a braced list of its own.
func (a *annotator) ifStmt(s *ast.IfStmt) {
	a.walkAll(s.Init, s.Cond)
	a.braced(s.Body)
	if s.Else == nil {
		return
	}
	kw, ok := a.elseKeyword(a.tf.Offset(s.Body.End()), a.tf.Offset(s.Else.Pos()))
	if !ok {
		a.fail(s.Body.End(), "no else keyword before the else branch")
		return
	}
	brace := kw + len("else")
	a.insert(brace, "{")
	a.insert(a.tf.Offset(s.Else.End()), "}")
	from := a.tf.Pos(brace)
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		a.list(e.List, from, from+1, e.End())
	case *ast.IfStmt:
		a.list([]ast.Stmt{e}, from, from+1, e.End())
	default:
		a.fail(e.Pos(), "unexpected else branch %T", e)
	}
}

// elseKeyword returns the offset of the else keyword in src[from:to],
// where only spaces and comments may come before it.
func (a *annotator) elseKeyword(from, to int) (int, bool) {
	text := a.src[:to]
	for i := from; i < to; {
		switch {
		case bytes.HasPrefix(text[i:], []byte("//")):
			nl := bytes.IndexByte(text[i:], '\n')
			if nl < 0 {
				return 0, false
			}
			i += nl + 1
		case bytes.HasPrefix(text[i:], []byte("/*")):
			end := bytes.Index(text[i+2:], []byte("*/"))
			if end < 0 {
				return 0, false
			}
			i += 2 + end + 2
		case bytes.HasPrefix(text[i:], []byte("else")):
			return i, true
		case text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r':
			i++
		default:
			return 0, false
		}
	}
	return 0, false
}

// entry is one element of a statement list as it is cut: a statement,
// or the bare label of a labelled statement that is split from it.
type entry struct {
	stmt  ast.Stmt
	label *ast.LabeledStmt
}

// entries lists the statements, splitting labels from the statements
// they label, except for loops, switches and selects.
func entries(stmts []ast.Stmt) []entry {
	out := make([]entry, 0, len(stmts))
	for _, s := range stmts {
		for {
			l, ok := s.(*ast.LabeledStmt)
			if !ok || keepsLabel(l.Stmt) {
				break
			}
			out = append(out, entry{label: l})
			s = l.Stmt
		}
		out = append(out, entry{stmt: s})
	}
	return out
}

func keepsLabel(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return true
	}
	return false
}

func (e entry) pos() token.Pos {
	if e.label != nil {
		return e.label.Pos()
	}
	return e.stmt.Pos()
}

func (e entry) closes() bool {
	return e.label != nil || closes(e.stmt)
}

func (e entry) boundary() token.Pos {
	if e.label != nil {
		return e.label.Pos()
	}
	return boundary(e.stmt)
}

// cut splits a statement list into blocks and adds their counters. from
// is where the first block starts, at where its counter goes, and to
// where the list ends.
func (a *annotator) cut(stmts []ast.Stmt, from, at, to token.Pos) {
	if len(stmts) == 0 {
		a.add(at, at, to, 0)
		return
	}
	es := entries(stmts)
	start, insertAt := from, at
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && !es[j].closes() {
			j++
		}
		var end token.Pos
		switch {
		case j < len(es):
			end = es[j].boundary()
			j++
		case i == 0:
			end = to
		default:
			end = es[j-1].stmt.End()
		}
		if start != end {
			a.add(insertAt, start, end, j-i)
		}
		if j < len(es) {
			start = es[j].pos()
			insertAt = start
		}
		i = j
	}
}

// closes reports whether a statement ends the block it is in: it
// branches, holds statement lists of its own, is a call of panic, or
// holds a function literal (whose body is a list of its own).
func closes(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.BranchStmt, *ast.LabeledStmt,
		*ast.IfStmt, *ast.ForStmt, *ast.RangeStmt,
		*ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return true
	case *ast.ExprStmt:
		// A call of panic, with the one argument the built-in takes. Only
		// the plain name counts: the go command does not resolve it, and
		// neither does this.
		if call, ok := s.X.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	_, ok := funcLit(s)
	return ok
}

// boundary returns where the straight-line part of a closing statement
// ends: before the first function literal in the parts of it that run
// before its body, else at the brace of its body, else at its end.
func boundary(s ast.Stmt) token.Pos {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return s.Lbrace
	case *ast.LabeledStmt:
		return boundary(s.Stmt)
	case *ast.IfStmt:
		return litOr(s.Body.Lbrace, s.Init, s.Cond)
	case *ast.ForStmt:
		return litOr(s.Body.Lbrace, s.Init, s.Cond, s.Post)
	case *ast.RangeStmt:
		return litOr(s.Body.Lbrace, s.X)
	case *ast.SwitchStmt:
		return litOr(s.Body.Lbrace, s.Init, s.Tag)
	case *ast.TypeSwitchStmt:
		// The go command does not look for literals in the x := y.(type)
		// part.
		return litOr(s.Body.Lbrace, s.Init)
	case *ast.SelectStmt:
		return s.Body.Lbrace
	}
	return litOr(s.End(), s)
}

// litOr returns the position of the body of the first function literal
// found in nodes, in order, or def if there is none.
func litOr(def token.Pos, nodes ...ast.Node) token.Pos {
	for _, n := range nodes {
		if n == nil {
			continue
		}
		if p, ok := funcLit(n); ok {
			return p
		}
	}
	return def
}

// funcLit returns the opening brace of the first function literal in n.
func funcLit(n ast.Node) (token.Pos, bool) {
	var at token.Pos
	ast.Inspect(n, func(n ast.Node) bool {
		if at.IsValid() {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			at = lit.Body.Lbrace
			return false
		}
		return true
	})
	return at, at.IsValid()
}

// add records a block from start to end with n statements, and queues its
// counter statement at insertAt.
func (a *annotator) add(insertAt, start, end token.Pos, n int) {
	s, e := a.tf.Position(start), a.tf.Position(end)
	key := blockKey{s.Filename, s.Line, s.Column, e.Line, e.Column}
	for a.seen[key] {
		key.endCol++
	}
	a.seen[key] = true
	a.blocks = append(a.blocks, Block{
		File:      key.file,
		StartLine: key.startLine, StartCol: key.startCol,
		EndLine: key.endLine, EndCol: key.endCol,
		NumStmts: n,
	})
	a.insert(a.tf.Offset(insertAt), a.counter+"["+strconv.Itoa(a.next)+"] = 1;")
	a.next++
}

func (a *annotator) insert(offset int, text string) {
	a.inserts = append(a.inserts, insertion{offset, text})
}

func (a *annotator) fail(pos token.Pos, format string, args ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("%s: %s", a.tf.Position(pos), fmt.Sprintf(format, args...))
	}
}
