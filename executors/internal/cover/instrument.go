package cover

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
)

// This file is a port of the annotation walker of cmd/cover (Go 1.26,
// src/cmd/cover/cover.go): the block boundaries, statement counts and
// insertion points must stay identical to it, so the code follows the
// original closely, including its comments where they explain why.

// instrumenter holds the state of one file being instrumented.
type instrumenter struct {
	fset       *token.FileSet
	content    []byte
	edit       editBuffer
	counterVar string
	first      int
	blocks     []Block
	seen       map[pos2]bool // block positions already used, see dedup
}

// walkError carries an error out of the ast.Walk recursion.
type walkError struct{ err error }

func (in *instrumenter) walk(file *ast.File) (err error) {
	defer func() {
		if r := recover(); r != nil {
			we, ok := r.(walkError)
			if !ok {
				panic(r)
			}
			err = we.err
		}
	}()
	ast.Walk(in, file)
	return nil
}

func (in *instrumenter) fail(pos token.Pos, format string, args ...any) {
	panic(walkError{fmt.Errorf("%s: %s", in.fset.Position(pos), fmt.Sprintf(format, args...))})
}

// offset translates a token position into a 0-based byte offset in the source.
func (in *instrumenter) offset(pos token.Pos) int {
	return in.fset.PositionFor(pos, false).Offset
}

// findText finds text in the original source, starting at pos. It skips
// over comments and assumes it need not handle quoted strings. It returns
// a byte offset within the source, or -1.
func (in *instrumenter) findText(pos token.Pos, text string) int {
	b := []byte(text)
	i := in.offset(pos)
	s := in.content
	for i < len(s) {
		if bytes.HasPrefix(s[i:], b) {
			return i
		}
		if i+2 <= len(s) && s[i] == '/' && s[i+1] == '/' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if i+2 <= len(s) && s[i] == '/' && s[i+1] == '*' {
			for i += 2; ; i++ {
				if i+2 > len(s) {
					return -1
				}
				if s[i] == '*' && s[i+1] == '/' {
					i += 2
					break
				}
			}
			continue
		}
		i++
	}
	return -1
}

// Visit implements ast.Visitor.
func (in *instrumenter) Visit(node ast.Node) ast.Visitor {
	switch n := node.(type) {
	case *ast.BlockStmt:
		// If it's a switch or select, the body is a list of case clauses;
		// don't tag the block itself.
		if len(n.List) > 0 {
			switch n.List[0].(type) {
			case *ast.CaseClause: // switch
				for _, s := range n.List {
					clause := s.(*ast.CaseClause)
					in.addCounters(clause.Colon+1, clause.Colon+1, clause.End(), clause.Body, false)
				}
				return in
			case *ast.CommClause: // select
				for _, s := range n.List {
					clause := s.(*ast.CommClause)
					in.addCounters(clause.Colon+1, clause.Colon+1, clause.End(), clause.Body, false)
				}
				return in
			}
		}
		in.addCounters(n.Lbrace, n.Lbrace+1, n.Rbrace+1, n.List, true) // +1 to step past closing brace.
	case *ast.IfStmt:
		if n.Init != nil {
			ast.Walk(in, n.Init)
		}
		ast.Walk(in, n.Cond)
		ast.Walk(in, n.Body)
		if n.Else == nil {
			return nil
		}
		// The elses are special, because if we have
		//	if x {
		//	} else if y {
		//	}
		// we want to cover the "if y". To do this, we need a place to drop
		// the counter, so we add a hidden block:
		//	if x {
		//	} else {
		//		if y {
		//		}
		//	}
		elseOffset := in.findText(n.Body.End(), "else")
		if elseOffset < 0 {
			in.fail(n.Body.End(), "lost else")
		}
		in.edit.insert(elseOffset+4, "{")
		in.edit.insert(in.offset(n.Else.End()), "}")

		// We just created a block, now walk it. Adjust the position of
		// the new block to start after the "else". That will cause it to
		// follow the "{" we inserted above.
		pos := in.fset.File(n.Body.End()).Pos(elseOffset + 4)
		switch stmt := n.Else.(type) {
		case *ast.IfStmt:
			n.Else = &ast.BlockStmt{
				Lbrace: pos,
				List:   []ast.Stmt{stmt},
				Rbrace: stmt.End(),
			}
		case *ast.BlockStmt:
			stmt.Lbrace = pos
		default:
			in.fail(n.Else.Pos(), "unexpected node type %T in else", n.Else)
		}
		ast.Walk(in, n.Else)
		return nil
	case *ast.SelectStmt:
		// Don't annotate an empty select: that creates a syntax error.
		if n.Body == nil || len(n.Body.List) == 0 {
			return nil
		}
	case *ast.SwitchStmt:
		// Don't annotate an empty switch: that creates a syntax error.
		if n.Body == nil || len(n.Body.List) == 0 {
			if n.Init != nil {
				ast.Walk(in, n.Init)
			}
			if n.Tag != nil {
				ast.Walk(in, n.Tag)
			}
			return nil
		}
	case *ast.TypeSwitchStmt:
		// Don't annotate an empty type switch: that creates a syntax error.
		if n.Body == nil || len(n.Body.List) == 0 {
			if n.Init != nil {
				ast.Walk(in, n.Init)
			}
			ast.Walk(in, n.Assign)
			return nil
		}
	case *ast.FuncDecl:
		// Don't annotate functions with blank names: they cannot be
		// executed. Similarly for bodyless funcs.
		if n.Name.Name == "_" || n.Body == nil {
			return nil
		}
		ast.Walk(in, n.Body)
		return nil
	case *ast.FuncLit:
		// cmd/cover (with -pkgcfg, as go test uses it) walks only the body
		// of a literal outside any function; the blocks are the same.
		ast.Walk(in, n.Body)
		return nil
	}
	return in
}

// newCounter records a block and returns the statement that marks it run.
func (in *instrumenter) newCounter(start, end token.Pos, numStmt int) string {
	stpos, enpos := in.dedup(in.fset.Position(start), in.fset.Position(end))
	idx := in.first + len(in.blocks)
	in.blocks = append(in.blocks, Block{
		File:      stpos.Filename,
		StartLine: stpos.Line,
		StartCol:  stpos.Column,
		EndLine:   enpos.Line,
		EndCol:    enpos.Column,
		NumStmts:  numStmt,
	})
	return fmt.Sprintf("%s[%d] = 1", in.counterVar, idx)
}

// addCounters takes a list of statements and adds counters to the
// beginning of each basic block at the top level of that list. For
// instance, given
//
//	S1
//	if cond {
//		S2
//	}
//	S3
//
// counters will be added before S1 and before S3. The block containing S2
// will be visited in a separate call.
func (in *instrumenter) addCounters(pos, insertPos, blockEnd token.Pos, list []ast.Stmt, extendToClosingBrace bool) {
	// Special case: make sure we add a counter to an empty block. Can't do
	// this below or we will add a counter to an empty statement list after,
	// say, a return statement.
	if len(list) == 0 {
		in.edit.insert(in.offset(insertPos), in.newCounter(insertPos, blockEnd, 0)+";")
		return
	}
	// Make a copy of the list, as we may mutate it and should leave the
	// existing list intact.
	list = append([]ast.Stmt(nil), list...)
	// We have a block (statement list), but it may have several basic
	// blocks due to the appearance of statements that affect the flow of
	// control.
	for {
		// Find first statement that affects flow of control (break,
		// continue, if, etc.). It will be the last statement of this basic
		// block.
		var last int
		end := blockEnd
		for last = 0; last < len(list); last++ {
			stmt := list[last]
			end = in.statementBoundary(stmt)
			if endsBasicSourceBlock(stmt) {
				// If it is a labeled statement, we need to place a counter
				// between the label and its statement because it may be the
				// target of a goto and thus start a basic block. That is,
				// given
				//	foo: stmt
				// we need to create
				//	foo: ; stmt
				// and mark the label as a block-terminating statement. The
				// result will then be
				//	foo: COUNTER[n] = 1; stmt
				// However, we can't do this if the labeled statement is
				// already a control statement, such as a labeled for.
				if label, isLabel := stmt.(*ast.LabeledStmt); isLabel && !isControl(label.Stmt) {
					newLabel := *label
					newLabel.Stmt = &ast.EmptyStmt{
						Semicolon: label.Stmt.Pos(),
						Implicit:  true,
					}
					end = label.Pos() // Previous block ends before the label.
					list[last] = &newLabel
					// Open a gap and drop in the old statement, now without a label.
					list = append(list, nil)
					copy(list[last+1:], list[last:])
					list[last+1] = label.Stmt
				}
				last++
				extendToClosingBrace = false // Block is broken up now.
				break
			}
		}
		if extendToClosingBrace {
			end = blockEnd
		}
		if pos != end { // Can have no source to cover if e.g. blocks abut.
			in.edit.insert(in.offset(insertPos), in.newCounter(pos, end, last)+";")
		}
		list = list[last:]
		if len(list) == 0 {
			break
		}
		pos = list[0].Pos()
		insertPos = pos
	}
}

// hasFuncLiteral reports the existence and position of the first func
// literal in the node, if any. If a func literal appears, it usually marks
// the termination of a basic block because the function body is itself a
// block. Therefore we draw a line at the start of the body of the first
// function literal we find.
func hasFuncLiteral(n ast.Node) (bool, token.Pos) {
	if n == nil {
		return false, token.NoPos
	}
	var lit funcLitFinder
	ast.Walk(&lit, n)
	return lit.found(), token.Pos(lit)
}

// statementBoundary finds the location in s that terminates the current
// basic block in the source.
func (in *instrumenter) statementBoundary(s ast.Stmt) token.Pos {
	// Control flow statements are easy.
	switch s := s.(type) {
	case *ast.BlockStmt:
		// Treat blocks like basic blocks to avoid overlapping counters.
		return s.Lbrace
	case *ast.IfStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Cond); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.ForStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Cond); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Post); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.LabeledStmt:
		return in.statementBoundary(s.Stmt)
	case *ast.RangeStmt:
		if found, pos := hasFuncLiteral(s.X); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.SwitchStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		if found, pos := hasFuncLiteral(s.Tag); found {
			return pos
		}
		return s.Body.Lbrace
	case *ast.SelectStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		if found, pos := hasFuncLiteral(s.Init); found {
			return pos
		}
		return s.Body.Lbrace
	}
	// If not a control flow statement, it is a declaration, expression,
	// call, etc. and it may have a function literal. If it does, that's
	// tricky because we want to exclude the body of the function from this
	// block. Draw a line at the start of the body of the first function
	// literal we find.
	if found, pos := hasFuncLiteral(s); found {
		return pos
	}
	return s.End()
}

// endsBasicSourceBlock reports whether s changes the flow of control:
// break, if, etc., or if it's just problematic, for instance contains a
// function literal, which will complicate accounting due to the
// block-within-an-expression.
func endsBasicSourceBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt:
		// Treat blocks like basic blocks to avoid overlapping counters.
		return true
	case *ast.BranchStmt, *ast.ForStmt, *ast.IfStmt, *ast.RangeStmt,
		*ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	case *ast.LabeledStmt:
		return true // A goto may branch here, starting a new basic block.
	case *ast.ExprStmt:
		// Calls to panic change the flow. Like cmd/cover, this does not
		// check that "panic" is the predeclared function.
		if call, ok := s.X.(*ast.CallExpr); ok {
			if ident, ok := call.Fun.(*ast.Ident); ok && ident.Name == "panic" && len(call.Args) == 1 {
				return true
			}
		}
	}
	found, _ := hasFuncLiteral(s)
	return found
}

// isControl reports whether s is a control statement that, if labeled,
// cannot be separated from its label.
func isControl(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	}
	return false
}

// funcLitFinder implements ast.Visitor to find the location of the first
// function literal in a subtree.
type funcLitFinder token.Pos

func (f *funcLitFinder) Visit(node ast.Node) ast.Visitor {
	if f.found() {
		return nil // Prune search.
	}
	if n, ok := node.(*ast.FuncLit); ok {
		*f = funcLitFinder(n.Body.Lbrace)
		return nil // Prune search.
	}
	return f
}

func (f *funcLitFinder) found() bool {
	return token.Pos(*f) != token.NoPos
}

// pos2 is a pair of positions, used as a map key by dedup.
type pos2 struct {
	p1, p2 token.Position
}

// dedup returns a position pair that does not duplicate one seen before,
// by moving the end column, as cmd/cover does. Positions can repeat when a
// line directive without column information precedes unformatted code.
func (in *instrumenter) dedup(p1, p2 token.Position) (token.Position, token.Position) {
	key := pos2{p1: p1, p2: p2}
	// cmd/cover uses only file, line and column.
	key.p1.Offset = 0
	key.p2.Offset = 0
	for in.seen[key] {
		key.p2.Column++
	}
	in.seen[key] = true
	return key.p1, key.p2
}
