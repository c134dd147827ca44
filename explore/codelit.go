package explore

import (
	"go/scanner"
	"go/token"
	"strconv"
)

// maxCodeLiteral bounds the integer literals of code that are changed:
// every integer type holds 0..127, so a changed literal still compiles
// whatever the type it stands for.
const maxCodeLiteral = 127

// codeLiteral changes one string literal, or one small integer literal,
// of a Go expression: the text a constructor parses (MustCompile("a*")),
// the size it is given (New(2)), an element a container is filled with.
// A value built by code is otherwise only swapped for another of a few
// candidates, and the receiver of a method on a parsed value would never
// be searched the way an argument is. ok is false when the expression
// has no such literal.
func (mu *mutator) codeLiteral(code string) (out, op string, ok bool) {
	type tok struct {
		off  int
		tok  token.Token
		text string
	}
	var toks []tok
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(code))
	var s scanner.Scanner
	s.Init(file, []byte(code), nil, 0)
	for {
		pos, t, text := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{file.Offset(pos), t, text})
	}
	var lits []tok
	for i, t := range toks {
		switch t.tok {
		case token.STRING:
			// Not a panic's message: it changes nothing but the message.
			if i >= 2 && toks[i-1].tok == token.LPAREN && toks[i-2].tok == token.IDENT && toks[i-2].text == "panic" {
				continue
			}
			lits = append(lits, t)
		case token.INT:
			// An argument or an element, whole: not part of a constant
			// expression (1 << 70 >> 68), an array's length, an index
			// or a key, any of which may stop compiling when changed.
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
			if n, err := strconv.Atoi(t.text); err == nil && n >= 0 && n <= maxCodeLiteral {
				lits = append(lits, t)
			}
		}
	}
	if s.ErrorCount > 0 || len(lits) == 0 {
		return "", "", false
	}
	l := lits[mu.rng.IntN(len(lits))]
	var repl string
	switch l.tok {
	case token.STRING:
		str, err := strconv.Unquote(l.text)
		if err != nil {
			return "", "", false
		}
		changed, how := str, ""
		for try := 0; try < 4 && changed == str; try++ {
			changed, how = mu.str(str)
		}
		if changed == str {
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
