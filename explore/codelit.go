package explore

import (
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// maxCodeLiteral bounds the integer literals of code that are changed:
// every integer type holds 0..127, so a changed literal still compiles
// whatever the type it stands for.
const maxCodeLiteral = 127

// codeLit is a literal of code that may be changed: a string, or an
// integer that is a whole argument or element; conv is the integer type
// it is converted to (uint64(2)), if any.
type codeLit struct {
	off  int
	tok  token.Token
	text string
	conv string
}

// intConversions are the integer types whose conversion of a literal
// (uint64(2)) says what values the literal may take.
var intConversions = map[string]types.BasicKind{
	"int": types.Int, "int8": types.Int8, "int16": types.Int16, "int32": types.Int32, "int64": types.Int64,
	"uint": types.Uint, "uint8": types.Uint8, "uint16": types.Uint16, "uint32": types.Uint32, "uint64": types.Uint64,
	"byte": types.Uint8, "rune": types.Int32,
}

// codeLits lists the literals of a Go expression that may be changed:
// strings other than a panic's message, and integers that are an
// argument or an element, whole (not part of a constant expression
// such as 1 << 70 >> 68, an array's length, an index or a key, or a
// make's length or capacity, any of which may stop compiling when
// changed). ok is false when the code
// does not scan.
func codeLits(code string) ([]codeLit, bool) {
	var toks []codeLit
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(code))
	var s scanner.Scanner
	s.Init(file, []byte(code), nil, 0)
	for {
		pos, t, text := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, codeLit{off: file.Offset(pos), tok: t, text: text})
	}
	if s.ErrorCount > 0 {
		return nil, false
	}
	var lits []codeLit
	for i, t := range toks {
		switch t.tok {
		case token.STRING:
			if i >= 2 && toks[i-1].tok == token.LPAREN && toks[i-2].tok == token.IDENT && toks[i-2].text == "panic" {
				continue
			}
			if fakeKey(toks, i) {
				continue // a fake's method name: another would only make it return zero values
			}
			lits = append(lits, t)
		case token.INT:
			if i == 0 || i == len(toks)-1 {
				continue
			}
			switch toks[i-1].tok {
			case token.LPAREN, token.COMMA, token.LBRACE, token.COLON:
			default:
				continue
			}
			switch toks[i+1].tok {
			case token.RPAREN, token.COMMA, token.RBRACE:
			default:
				continue
			}
			if inMake(toks, i) {
				continue // a length or capacity: negative, or a length past the capacity, stops compiling
			}
			if i >= 2 && toks[i-1].tok == token.LPAREN && toks[i+1].tok == token.RPAREN && toks[i-2].tok == token.IDENT {
				if _, ok := intConversions[toks[i-2].text]; ok && (i < 3 || toks[i-3].tok != token.PERIOD) {
					t.conv = toks[i-2].text
				}
			}
			lits = append(lits, t)
		}
	}
	return lits, true
}

// fakeKey reports whether toks[i], a string, is a key of a fake's
// literal (fakeSqlizer{"ToSql": …}, see target.GoExpr): a method's name.
func fakeKey(toks []codeLit, i int) bool {
	if i+1 >= len(toks) || toks[i+1].tok != token.COLON {
		return false
	}
	j := opener(toks, i)
	return j > 0 && toks[j].tok == token.LBRACE && toks[j-1].tok == token.IDENT && strings.HasPrefix(toks[j-1].text, "fake")
}

// inMake reports whether toks[i] is an argument of a call of make.
func inMake(toks []codeLit, i int) bool {
	j := opener(toks, i)
	return j > 0 && toks[j].tok == token.LPAREN && toks[j-1].tok == token.IDENT && toks[j-1].text == "make"
}

// opener is the index of the bracket, parenthesis or brace that
// encloses toks[i], or -1 at the top level.
func opener(toks []codeLit, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch toks[j].tok {
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth++
		case token.LPAREN, token.LBRACK, token.LBRACE:
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// codeLiteral changes one string literal, or one small integer literal,
// of a Go expression: the text a constructor parses (MustCompile("a*")),
// the size it is given (New(2)), an element a container is filled with.
// A value built by code is otherwise only swapped for another of a few
// candidates, and the receiver of a method on a parsed value would never
// be searched the way an argument is. ok is false when the expression
// has no such literal.
func (mu *mutator) codeLiteral(code string) (out, op string, ok bool) {
	all, ok := codeLits(code)
	if !ok {
		return "", "", false
	}
	var lits []codeLit
	for _, l := range all {
		if l.tok == token.STRING {
			lits = append(lits, l)
		} else if n, err := strconv.Atoi(l.text); err == nil && n >= 0 && n <= maxCodeLiteral {
			lits = append(lits, l)
		}
	}
	if len(lits) == 0 {
		return "", "", false
	}
	l := lits[mu.rng.IntN(len(lits))]
	role := requestRole(code, all, l)
	var repl string
	switch {
	case role == "method":
		// Another method: a mangled one only fails NewRequest.
		str, _ := strconv.Unquote(l.text)
		m := target.HTTPMethods[mu.rng.IntN(len(target.HTTPMethods))]
		if m == str {
			m = target.HTTPMethods[(slices.Index(target.HTTPMethods, m)+1)%len(target.HTTPMethods)]
		}
		repl, op = strconv.Quote(m), "method"
	case l.tok == token.STRING:
		str, err := strconv.Unquote(l.text)
		if err != nil {
			return "", "", false
		}
		changed, how := str, ""
		for try := 0; try < 4 && (changed == str || role == "target" && !requestTarget(changed)); try++ {
			changed, how = mu.str(str)
		}
		if changed == str || role == "target" && !requestTarget(changed) {
			return "", "", false
		}
		repl, op = strconv.Quote(changed), how
	default:
		n, _ := strconv.Atoi(l.text)
		m := []int{0, 1, 2, n - 1, n + 1, 2 * n, n / 2, maxCodeLiteral}[mu.rng.IntN(8)]
		m = min(max(m, 0), maxCodeLiteral)
		if m == n {
			m = (n + 1) % (maxCodeLiteral + 1)
		}
		repl, op = strconv.Itoa(m), "renumber"
	}
	return code[:l.off] + repl + code[l.off+len(l.text):], op, true
}
