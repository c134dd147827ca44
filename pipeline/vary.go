package pipeline

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
)

// variations are probes like seeds with one argument changed a little,
// to tell a mutant from the original where no explored probe does: an
// integer literal one up and one down (the two sides of a boundary), a
// string literal with one character dropped, doubled or changed. Probes
// already in pool are left out; at most limit, in the seeds' order.
func variations(seeds []executors.Probe, pool []*explore.Record, limit int) []executors.Probe {
	seen := map[string]bool{}
	for _, r := range pool {
		seen[probeKey(r.Probe)] = true
	}
	var out []executors.Probe
	for _, s := range seeds {
		n := 0
		for j, arg := range s.Args {
			for _, v := range varyExpr(arg) {
				p := s
				p.Args = append([]string(nil), s.Args...)
				p.Args[j] = v
				if seen[probeKey(p)] {
					continue
				}
				if len(out) >= limit {
					return out
				}
				seen[probeKey(p)] = true
				n++
				p.ID = fmt.Sprintf("%s-vary%d", s.ID, n)
				out = append(out, p)
			}
		}
	}
	return out
}

// varyExpr is the variations of one argument expression: of an integer
// or string literal, alone, negated or converted (int8(5)); nothing for
// any other expression.
func varyExpr(src string) []string {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil
	}
	wrap := func(s string) string { return s }
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 && !c.Ellipsis.IsValid() {
		if _, ok := c.Fun.(*ast.Ident); ok {
			fun := src[c.Fun.Pos()-1 : c.Fun.End()-1]
			wrap = func(s string) string { return fun + "(" + s + ")" }
			e = c.Args[0]
		}
	}
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		return nil
	}
	var out []string
	switch lit.Kind {
	case token.INT:
		n, err := strconv.ParseInt(lit.Value, 0, 64)
		if err != nil {
			return nil
		}
		if neg {
			n = -n
		}
		for _, v := range []int64{n - 1, n + 1} {
			if v < 0 {
				out = append(out, wrap("-"+strconv.FormatInt(-v, 10)))
			} else {
				out = append(out, wrap(strconv.FormatInt(v, 10)))
			}
		}
	case token.STRING:
		if neg {
			return nil
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || !utf8.ValidString(s) {
			return nil
		}
		for _, v := range varyString(s) {
			out = append(out, wrap(strconv.Quote(v)))
		}
	}
	return out
}

// varyString is one-character edits of s: the first and the last
// character dropped, the last doubled, and each of the first few
// characters changed to one of another class (a letter to a digit, a
// digit or any other character to a letter); "a" for the empty string.
func varyString(s string) []string {
	r := []rune(s)
	if len(r) == 0 {
		return []string{"a"}
	}
	out := []string{string(r[1:])}
	if len(r) > 1 {
		out = append(out, string(r[:len(r)-1]))
	}
	out = append(out, s+string(r[len(r)-1]))
	for i := 0; i < len(r) && i < 4; i++ {
		c := append([]rune(nil), r...)
		switch {
		case unicode.IsLetter(r[i]):
			c[i] = '0'
		default:
			c[i] = 'a'
		}
		out = append(out, string(c))
	}
	seen := map[string]bool{s: true}
	var uniq []string
	for _, v := range out {
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	return uniq
}
