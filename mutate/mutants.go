// Package mutate measures how strongly a spec pins down the code it
// describes: it makes small source mutants of each function the spec
// covers (a flipped condition, an off-by-one bound, a swapped operator),
// runs the spec against each one, and reports the mutation score,
// killed / (killed + lived), with the mutants that lived: the changes
// the spec does not notice.
//
// The mutators are those of gremlins v0.6.0, so that scores compare
// with a gremlins run over a human test suite: token swaps, made as byte
// edits of the source, so that every line stays where it was.
package mutate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// Kind is a mutator, named as gremlins names it.
type Kind string

// The mutators.
const (
	// ArithmeticBase swaps + and -, * and /, and turns % into *.
	ArithmeticBase Kind = "ARITHMETIC_BASE"
	// ConditionalsBoundary moves a bound: < to <=, <= to <, > to >=, >= to >.
	ConditionalsBoundary Kind = "CONDITIONALS_BOUNDARY"
	// ConditionalsNegation negates a comparison: == and !=, < and >=, > and <=.
	ConditionalsNegation Kind = "CONDITIONALS_NEGATION"
	// IncrementDecrement swaps ++ and --.
	IncrementDecrement Kind = "INCREMENT_DECREMENT"
	// InvertAssignments swaps += and -=, *= and /=, and turns %= into *=.
	InvertAssignments Kind = "INVERT_ASSIGNMENTS"
	// InvertBitwise swaps & and |, << and >>, and turns ^ and &^ into &.
	InvertBitwise Kind = "INVERT_BITWISE"
	// InvertBitwiseAssignments swaps &= and |=, <<= and >>=, and turns
	// ^= and &^= into &=.
	InvertBitwiseAssignments Kind = "INVERT_BWASSIGN"
	// InvertLogical swaps && and ||.
	InvertLogical Kind = "INVERT_LOGICAL"
	// InvertLoopCtrl swaps break and continue.
	InvertLoopCtrl Kind = "INVERT_LOOPCTRL"
	// InvertNegatives drops a unary minus: -x becomes +x.
	InvertNegatives Kind = "INVERT_NEGATIVES"
	// RemoveSelfAssignments drops the operator of a compound assignment:
	// x += y becomes x = y.
	RemoveSelfAssignments Kind = "REMOVE_SELF_ASSIGNMENTS"
)

// Kinds lists every mutator, in the order mutants at one position are made.
func Kinds() []Kind {
	out := make([]Kind, len(mutators))
	for i, mu := range mutators {
		out[i] = mu.kind
	}
	return out
}

// site is the syntax a mutator applies to.
type site int

const (
	binary site = iota // the operator of a binary expression
	unary              // the operator of a unary expression
	incDec             // ++ and --
	assign             // the operator of an assignment
	branch             // break and continue
)

// mutator is one kind of mutant: where it applies and what it rewrites.
type mutator struct {
	kind Kind
	site site
	to   map[token.Token]token.Token
}

// mutators is gremlins v0.6.0's table, split by syntax (gremlins applies
// its "-" mutators to both unary and binary minus, making two identical
// mutants; here ARITHMETIC_BASE is binary only and INVERT_NEGATIVES unary
// only), with %= turned into *= as gremlins documents.
var mutators = []mutator{
	{ArithmeticBase, binary, map[token.Token]token.Token{
		token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL,
	}},
	{ConditionalsBoundary, binary, map[token.Token]token.Token{
		token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR,
	}},
	{ConditionalsNegation, binary, map[token.Token]token.Token{
		token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR,
	}},
	{IncrementDecrement, incDec, map[token.Token]token.Token{
		token.INC: token.DEC, token.DEC: token.INC,
	}},
	{InvertAssignments, assign, map[token.Token]token.Token{
		token.ADD_ASSIGN: token.SUB_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN,
		token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.MUL_ASSIGN,
	}},
	{InvertBitwise, binary, map[token.Token]token.Token{
		token.AND: token.OR, token.OR: token.AND, token.XOR: token.AND, token.AND_NOT: token.AND,
		token.SHL: token.SHR, token.SHR: token.SHL,
	}},
	{InvertBitwiseAssignments, assign, map[token.Token]token.Token{
		token.AND_ASSIGN: token.OR_ASSIGN, token.OR_ASSIGN: token.AND_ASSIGN, token.XOR_ASSIGN: token.AND_ASSIGN,
		token.AND_NOT_ASSIGN: token.AND_ASSIGN, token.SHL_ASSIGN: token.SHR_ASSIGN, token.SHR_ASSIGN: token.SHL_ASSIGN,
	}},
	{InvertLogical, binary, map[token.Token]token.Token{
		token.LAND: token.LOR, token.LOR: token.LAND,
	}},
	{InvertLoopCtrl, branch, map[token.Token]token.Token{
		token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK,
	}},
	{InvertNegatives, unary, map[token.Token]token.Token{
		token.SUB: token.ADD,
	}},
	{RemoveSelfAssignments, assign, map[token.Token]token.Token{
		token.ADD_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.MUL_ASSIGN: token.ASSIGN,
		token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN,
		token.OR_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN,
		token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN,
	}},
}

// Mutant is one mutated version of a source file.
type Mutant struct {
	Kind Kind
	// Pos is where the changed token starts, in the original file.
	Pos token.Position
	// Original and Replacement are the token before and after.
	Original    string
	Replacement string
	// Src is the whole mutated file.
	Src []byte `json:"-"`
	// Reach, when valid, is where a run reaches the mutant as coverage
	// sees it, in place of Pos: a case expression of a switch is run when
	// its switch is, and no coverage block holds it.
	Reach token.Position `json:"-"`
}

// reached is the line and column whose coverage says whether a run
// reaches the mutant.
func (m Mutant) reached() (line, col int) {
	if m.Reach.IsValid() {
		return m.Reach.Line, m.Reach.Column
	}
	return m.Pos.Line, m.Pos.Column
}

// String describes the mutant as "file:line:col: KIND a → b".
func (m Mutant) String() string {
	return fmt.Sprintf("%s: %s", m.Pos, m.Change())
}

// Change describes the change alone: "KIND a → b".
func (m Mutant) Change() string {
	return fmt.Sprintf("%s %s → %s", m.Kind, m.Original, m.Replacement)
}

// Mutants returns the mutants of file whose changed token lies in
// [from, to), typically a function declaration's extent, ordered by
// position and then by Kinds. src is the file's content, as fset
// positions it. Each mutant replaces one token's bytes, so that lines
// do not move. info, when not nil, holds the types of file's
// expressions; it is used, as gremlins does, to skip the mutants that
// cannot compile because + and += are applied to strings.
func Mutants(fset *token.FileSet, file *ast.File, src []byte, from, to token.Pos, info *types.Info) []Mutant {
	var out []Mutant
	add := func(s site, tok token.Token, pos token.Pos, skip func(Kind) bool) {
		if pos < from || pos >= to {
			return
		}
		for _, mu := range mutators {
			if mu.site != s {
				continue
			}
			repl, ok := mu.to[tok]
			if !ok || (skip != nil && skip(mu.kind)) {
				continue
			}
			if m, ok := edit(fset, src, pos, tok, repl); ok {
				m.Kind = mu.kind
				out = append(out, m)
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			add(binary, n.Op, n.OpPos, func(k Kind) bool {
				return k == ArithmeticBase && n.Op == token.ADD && isString(info, n)
			})
		case *ast.UnaryExpr:
			add(unary, n.Op, n.OpPos, nil)
		case *ast.IncDecStmt:
			add(incDec, n.Tok, n.TokPos, nil)
		case *ast.AssignStmt:
			add(assign, n.Tok, n.TokPos, func(k Kind) bool {
				return k == InvertAssignments && n.Tok == token.ADD_ASSIGN && len(n.Lhs) == 1 && isString(info, n.Lhs[0])
			})
		case *ast.BranchStmt:
			add(branch, n.Tok, n.TokPos, nil)
		}
		return true
	})
	// Coverage blocks end at a switch's opening brace and start again in
	// each clause's body, so the clauses' expressions lie in none: they
	// are reached where their switch statement is.
	var cases []caseExprs
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		if sw, ok := n.(*ast.SwitchStmt); ok {
			for _, st := range sw.Body.List {
				if cc, ok := st.(*ast.CaseClause); ok && len(cc.List) > 0 {
					cases = append(cases, caseExprs{from: fset.Position(cc.List[0].Pos()).Offset, to: fset.Position(cc.Colon).Offset, sw: fset.Position(sw.Pos())})
				}
			}
		}
		return true
	})
	for i := range out {
		for _, c := range cases {
			if o := out[i].Pos.Offset; o >= c.from && o < c.to && (!out[i].Reach.IsValid() || c.sw.Offset > out[i].Reach.Offset) {
				out[i].Reach = c.sw
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return kindIndex(out[i].Kind) < kindIndex(out[j].Kind)
	})
	return out
}

// caseExprs is the extent of a case clause's expressions, as offsets,
// and where its switch statement starts.
type caseExprs struct {
	from, to int
	sw       token.Position
}

func kindIndex(k Kind) int {
	for i, mu := range mutators {
		if mu.kind == k {
			return i
		}
	}
	return len(mutators)
}

// isString reports whether info knows e to be of a string type.
func isString(info *types.Info, e ast.Expr) bool {
	if info == nil {
		return false
	}
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// edit replaces the token tok at pos with repl in a copy of src. It
// refuses (false) when src does not hold tok there.
func edit(fset *token.FileSet, src []byte, pos token.Pos, tok, repl token.Token) (Mutant, bool) {
	p := fset.Position(pos)
	old, nu := tok.String(), repl.String()
	if p.Offset < 0 || p.Offset+len(old) > len(src) || string(src[p.Offset:p.Offset+len(old)]) != old {
		return Mutant{}, false
	}
	out := make([]byte, 0, len(src)-len(old)+len(nu))
	out = append(out, src[:p.Offset]...)
	out = append(out, nu...)
	out = append(out, src[p.Offset+len(old):]...)
	return Mutant{Pos: p, Original: old, Replacement: nu, Src: out}, true
}
