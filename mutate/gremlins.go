package mutate

import (
	"go/ast"
	"go/token"
)

// gremlinsTypes is gremlins v0.6.0's table of the mutators it applies to
// each token, in its order, whatever the syntax around the token.
var gremlinsTypes = map[token.Token][]Kind{
	token.ADD:            {ArithmeticBase},
	token.ADD_ASSIGN:     {InvertAssignments, RemoveSelfAssignments},
	token.AND:            {InvertBitwise},
	token.AND_ASSIGN:     {RemoveSelfAssignments, InvertBitwiseAssignments},
	token.AND_NOT:        {InvertBitwise},
	token.AND_NOT_ASSIGN: {RemoveSelfAssignments, InvertBitwiseAssignments},
	token.BREAK:          {InvertLoopCtrl},
	token.CONTINUE:       {InvertLoopCtrl},
	token.DEC:            {IncrementDecrement},
	token.EQL:            {ConditionalsNegation},
	token.GEQ:            {ConditionalsBoundary, ConditionalsNegation},
	token.GTR:            {ConditionalsBoundary, ConditionalsNegation},
	token.INC:            {IncrementDecrement},
	token.LAND:           {InvertLogical},
	token.LEQ:            {ConditionalsBoundary, ConditionalsNegation},
	token.LOR:            {InvertLogical},
	token.LSS:            {ConditionalsBoundary, ConditionalsNegation},
	token.MUL:            {ArithmeticBase},
	token.MUL_ASSIGN:     {InvertAssignments, RemoveSelfAssignments},
	token.NEQ:            {ConditionalsNegation},
	token.OR:             {InvertBitwise},
	token.OR_ASSIGN:      {RemoveSelfAssignments, InvertBitwiseAssignments},
	token.QUO:            {ArithmeticBase},
	token.QUO_ASSIGN:     {InvertAssignments, RemoveSelfAssignments},
	token.REM:            {ArithmeticBase},
	token.REM_ASSIGN:     {InvertAssignments, RemoveSelfAssignments},
	token.SHL:            {InvertBitwise},
	token.SHL_ASSIGN:     {RemoveSelfAssignments, InvertBitwiseAssignments},
	token.SHR:            {InvertBitwise},
	token.SHR_ASSIGN:     {RemoveSelfAssignments, InvertBitwiseAssignments},
	token.SUB:            {InvertNegatives, ArithmeticBase},
	token.SUB_ASSIGN:     {InvertAssignments, RemoveSelfAssignments},
	token.XOR:            {InvertBitwise},
	token.XOR_ASSIGN:     {RemoveSelfAssignments, InvertBitwiseAssignments},
}

// gremlinsTo is what gremlins v0.6.0 turns tok into under mutator k: what
// this package's table says, but that its %= under INVERT_ASSIGNMENTS
// stays %= (a mutant identical to the code, which can only live).
func gremlinsTo(k Kind, tok token.Token) (token.Token, bool) {
	if k == InvertAssignments && tok == token.REM_ASSIGN {
		return token.REM_ASSIGN, true
	}
	for _, mu := range mutators {
		if mu.kind == k {
			to, ok := mu.to[tok]
			return to, ok
		}
	}
	return 0, false
}

// GremlinsMutants returns the mutants gremlins v0.6.0 makes in [from, to),
// for comparing with scores it measured. Unlike Mutants it looks at the
// token alone, not at the syntax or the types: a unary & (address-of) or
// ^ gets INVERT_BITWISE, a unary - gets both INVERT_NEGATIVES and
// ARITHMETIC_BASE (two identical mutants), a + on strings gets
// ARITHMETIC_BASE. gremlins runs `go test` on each and reads exit status
// 1 as KILLED, which a build failure also gives: so it counts every
// mutant here that does not compile as killed.
func GremlinsMutants(fset *token.FileSet, file *ast.File, src []byte, from, to token.Pos) []Mutant {
	var out []Mutant
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		var tok token.Token
		var pos token.Pos
		switch n := n.(type) {
		case *ast.UnaryExpr:
			tok, pos = n.Op, n.OpPos
		case *ast.BinaryExpr:
			tok, pos = n.Op, n.OpPos
		case *ast.IncDecStmt:
			tok, pos = n.Tok, n.TokPos
		case *ast.BranchStmt:
			tok, pos = n.Tok, n.TokPos
		case *ast.AssignStmt:
			tok, pos = n.Tok, n.TokPos
		default:
			return true
		}
		if pos < from || pos >= to {
			return true
		}
		for _, k := range gremlinsTypes[tok] {
			repl, ok := gremlinsTo(k, tok)
			if !ok {
				continue
			}
			if m, ok := edit(fset, src, pos, tok, repl); ok {
				m.Kind = k
				out = append(out, m)
			}
		}
		return true
	})
	return out
}
