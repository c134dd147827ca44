package write

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

// requestFeatures are the features of code that builds an HTTP request
// (httptest.NewRequest("PUT", "/items/1?v=1", nil), alone or in a
// function that sets its headers): its method and path (put-items-1),
// then the headers, cookies and path values it sets, by name and value
// (x-token-abc). ok is false for other code.
func requestFeatures(src string) (out []string, ok bool) {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil, false
	}
	var call *ast.CallExpr
	ast.Inspect(e, func(n ast.Node) bool {
		c, isCall := n.(*ast.CallExpr)
		if !isCall || call != nil {
			return call == nil
		}
		if isSelector(c.Fun, "httptest", "NewRequest") && len(c.Args) == 3 {
			call = c
		}
		return call == nil
	})
	if call == nil {
		return nil, false
	}
	method, path := strLit(call.Args[0]), strLit(call.Args[1])
	path, _, _ = strings.Cut(path, "?")
	first := slugWords(method)
	if p := slugWords(path); p != "" {
		first = strings.Trim(first+"-"+p, "-")
	}
	if first == "" {
		first = "request"
	}
	out = append(out, trimID(first, 24))
	n := len(out)
	ast.Inspect(e, func(n ast.Node) bool {
		c, isCall := n.(*ast.CallExpr)
		if !isCall {
			return true
		}
		sel, isSel := c.Fun.(*ast.SelectorExpr)
		if !isSel {
			return true
		}
		switch {
		case sel.Sel.Name == "Set" && len(c.Args) == 2, sel.Sel.Name == "SetPathValue" && len(c.Args) == 2:
			out = append(out, trimID(strings.Trim(slugWords(strLit(c.Args[0]))+"-"+slugWords(strLit(c.Args[1])), "-"), 24))
		case sel.Sel.Name == "SetBasicAuth":
			out = append(out, "basic-auth")
		case sel.Sel.Name == "AddCookie":
			out = append(out, "cookie")
		}
		return true
	})
	if len(out) == n {
		out = append(out, "no-headers")
	}
	return out, true
}

// strLit is the value of a string literal, "" for anything else.
func strLit(e ast.Expr) string {
	if l, ok := e.(*ast.BasicLit); ok && l.Kind == token.STRING {
		if s, err := strconv.Unquote(l.Value); err == nil {
			return s
		}
	}
	return ""
}

// slugWords writes s as id words: its letter and digit runs, lower-case,
// joined by dashes.
func slugWords(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	})
	return strings.Join(f, "-")
}

// responseStatus is the status code a handler's writer was left with, as
// recorded after the call ({code: 404, body: …}; see
// executors' writeWritten): the outcome of a case that returns nothing
// else. ok is false when the case records no response.
func responseStatus(c *spec.Case) (int64, bool) {
	if c.InputsAfter == nil || c.InputsAfter.Kind != spec.Map {
		return 0, false
	}
	for _, e := range c.InputsAfter.Map {
		if e.Val.Kind != spec.Map {
			continue
		}
		var code *spec.Value
		other := false
		for _, f := range e.Val.Map {
			switch {
			case f.Key.Kind == spec.String && f.Key.Str == "code" && f.Val.Kind == spec.Int:
				code = &f.Val
			case f.Key.Kind == spec.String && (f.Key.Str == "body" || f.Key.Str == "header"):
			default:
				other = true
			}
		}
		if code != nil && !other {
			return code.Int, true
		}
	}
	return 0, false
}
