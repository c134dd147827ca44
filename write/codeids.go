package write

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// codeFeatures names what a value written as Go code was built by, for
// code too long to be its own slug: the hooks it sets, the methods
// called on it (with how many times), then the call it starts from.
// For the value a probe builds as
//
//	func() *Cache { v := New(2); p := v; p.Add(1, 2); p.Add(3, 4); p.OnEvicted = func(k Key, v any) {}; return p }()
//
// they are on-evicted, add-x2, new-2; for New().WithTimeout(3),
// with-timeout, new; for []Option{WithPrefix("v")}, with-prefix-v. Code
// that does not parse has none.
func codeFeatures(src string) []string {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, w := range exprFeatures(e, 0) {
		if w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// maxCodeDepth bounds how far into nested code codeFeatures looks.
const maxCodeDepth = 4

func exprFeatures(e ast.Expr, depth int) []string {
	if depth > maxCodeDepth {
		return nil
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return exprFeatures(e.X, depth+1)
	case *ast.UnaryExpr:
		return exprFeatures(e.X, depth+1)
	case *ast.StarExpr:
		return exprFeatures(e.X, depth+1)
	case *ast.TypeAssertExpr:
		// NewExponential(1).(*exponential): what made it.
		return exprFeatures(e.X, depth+1)
	case *ast.CompositeLit:
		// []Option{WithPrefix("v")}: what its elements were built by.
		var out []string
		names := map[string]int{} // elements that are declared names, counted
		var order []string
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
				if key, ok := kv.Key.(*ast.Ident); ok {
					// A struct's field: named with what it holds
					// (&counter{n: 3, err: errors.New("x")}: n-3, err-new-x).
					slug := nameSlug(key.Name)
					if w, ok := oneElement(el); ok {
						slug += "-" + w // Hosts: []string{"abc"}
					} else if w, ok := argWord(el); ok {
						slug += "-" + w
					} else if id, ok := el.(*ast.Ident); ok {
						slug += "-" + nameSlug(id.Name) // Level: Debug
					} else if f := exprFeatures(el, depth+1); len(f) > 0 {
						slug += "-" + f[0]
					}
					out = append(out, slug)
					continue
				}
			}
			if id, ok := el.(*ast.Ident); ok && id.Name != "nil" && id.Name != "true" && id.Name != "false" {
				// []DelayFunc{FixedDelay}: the function (or constant)
				// by its name.
				if names[id.Name] == 0 {
					order = append(order, id.Name)
				}
				names[id.Name]++
				continue
			}
			out = append(out, exprFeatures(el, depth+1)...)
		}
		for _, name := range order {
			// Names repeat: {F, F} is f-x2, told from {F, G}.
			if n := names[name]; n > 1 {
				out = append(out, nameSlug(name)+"-x"+strconv.Itoa(n))
			} else {
				out = append(out, nameSlug(name))
			}
		}
		if len(order) > 0 {
			out = append(out, countWord(len(e.Elts)))
		}
		if len(out) == 0 {
			// map[string][]string{}: its type, in words, and its size
			// (not its text cut short: map-string-strin).
			if w := typeSlug(e.Type, 0); w != "" {
				return []string{w, countWord(len(e.Elts))}
			}
		}
		return out
	case *ast.CallExpr:
		switch fn := ast.Unparen(e.Fun).(type) {
		case *ast.FuncLit:
			return bodyFeatures(fn.Body, depth)
		case *ast.SelectorExpr:
			if _, pkg := fn.X.(*ast.Ident); pkg {
				// pkg.New(2) or v.Method(): the name says it.
				return callFeatures(fn.Sel.Name, e.Args, depth)
			}
			// A chain: the last link first.
			return append([]string{nameSlug(fn.Sel.Name)}, exprFeatures(fn.X, depth+1)...)
		case *ast.Ident:
			return callFeatures(fn.Name, e.Args, depth)
		case *ast.IndexExpr: // New[int](2)
			if id, ok := fn.X.(*ast.Ident); ok {
				return callFeatures(id.Name, e.Args, depth)
			}
		case *ast.IndexListExpr:
			if id, ok := fn.X.(*ast.Ident); ok {
				return callFeatures(id.Name, e.Args, depth)
			}
		}
	}
	return nil
}

// oneElement names a composite literal of one element that is a
// literal, by that element's word ([]string{"abc"}: abc), a string's
// by its words.
func oneElement(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 1 {
		return "", false
	}
	b, ok := lit.Elts[0].(*ast.BasicLit)
	if !ok {
		return "", false
	}
	if w := slugWords(strLit(b)); w != "" {
		return trimID(w, 12), true // "example.com": example-com
	}
	return argWord(b)
}

// callFeatures names a call of the function name: by callSlug, or,
// when an argument is a composite literal of a declared type, by the
// name and what those literals hold: a constructor given options,
// New(Options{SSLRedirect: true}), is told from another by the options
// set (new, ssl-redirect-true).
func callFeatures(name string, args []ast.Expr, depth int) []string {
	var held []string
	for _, a := range args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok {
			a = u.X
		}
		if lit, ok := ast.Unparen(a).(*ast.CompositeLit); ok && declaredType(lit.Type) {
			held = append(held, exprFeatures(lit, depth+1)...)
		}
	}
	if len(held) == 0 {
		return []string{callSlug(name, args)}
	}
	return append([]string{nameSlug(name)}, held...)
}

// declaredType reports whether the type of a composite literal is a
// declared type, not a predeclared one (Options, pkg.Config), or a slice
// or array of one ([]Options).
func declaredType(t ast.Expr) bool {
	if a, ok := t.(*ast.ArrayType); ok {
		t = a.Elt
	}
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t := t.(type) {
	case *ast.Ident:
		return types.Universe.Lookup(t.Name) == nil
	case *ast.SelectorExpr:
		return true
	}
	return false
}

// bodyFeatures reads a function literal that builds a value: a base in
// a variable, then statements on it (method calls, hooks set).
func bodyFeatures(body *ast.BlockStmt, depth int) []string {
	var hooks, calls, base []string
	count := map[string]int{}
	var order []string
	// step takes an expression of a statement after the base: a method
	// called on the variable, or else (before any base) the base.
	step := func(e ast.Expr) {
		call, ok := e.(*ast.CallExpr)
		if base != nil && ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if _, local := sel.X.(*ast.Ident); local {
					name := nameSlug(sel.Sel.Name)
					if len(call.Args) == 1 {
						if _, isFunc := call.Args[0].(*ast.FuncLit); isFunc {
							hooks = append(hooks, name) // p.OnEvicted(func...)
							return
						}
					}
					if count[name] == 0 {
						order = append(order, name)
					}
					count[name]++
					return
				}
			}
		}
		if base == nil {
			base = exprFeatures(e, depth+1)
		}
	}
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if len(st.Lhs) == 1 {
				if sel, ok := st.Lhs[0].(*ast.SelectorExpr); ok {
					hooks = append(hooks, nameSlug(sel.Sel.Name)) // p.OnEvicted = func...
					continue
				}
			}
			if len(st.Rhs) == 1 {
				step(st.Rhs[0])
			}
		case *ast.ExprStmt:
			step(st.X)
		case *ast.ReturnStmt:
			if len(st.Results) == 1 {
				step(st.Results[0])
			}
		}
	}
	for _, name := range order {
		if n := count[name]; n > 1 {
			calls = append(calls, name+"-x"+strconv.Itoa(n))
		} else {
			calls = append(calls, name)
		}
	}
	return append(append(hooks, calls...), base...)
}

// callSlug names a call: the function's name, with its arguments when
// they are short literals (new-2, parse-1p2).
func callSlug(name string, args []ast.Expr) string {
	slug := nameSlug(name)
	var lits []string
	for _, a := range args {
		w, ok := argWord(a)
		if !ok {
			return slug
		}
		lits = append(lits, w)
	}
	if all := strings.Join(lits, "-"); all != "" && len(all) <= 12 {
		return slug + "-" + all
	}
	return slug
}

// argWord names an argument of a call for its id: a literal by its text,
// true, false and nil by name, a composite literal by its kind (slice,
// array, map, struct), through a conversion to an interface
// (interface{}(42): 42), as reflect.ValueOf is given them; ok is false
// for other code.
func argWord(a ast.Expr) (string, bool) {
	if c, ok := a.(*ast.CallExpr); ok && len(c.Args) == 1 {
		switch f := ast.Unparen(c.Fun).(type) {
		case *ast.InterfaceType:
			a = c.Args[0]
		case *ast.Ident:
			if f.Name == "any" {
				a = c.Args[0]
			}
		case *ast.ArrayType:
			if id, ok := c.Args[0].(*ast.Ident); ok && id.Name == "nil" && f.Len == nil {
				return "nil-slice", true // []int(nil)
			}
		}
	}
	if d, ok := durationWord(a); ok {
		return d, true
	}
	if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		if w, ok := argWord(u.X); ok {
			return "m" + w, true // -1: m1, -time.Hour: m1h
		}
	}
	switch a := a.(type) {
	case *ast.BasicLit:
		v := a.Value
		if a.Kind == token.STRING {
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			if v == "" {
				return "empty", true
			}
		}
		return literalWord(v), true
	case *ast.Ident:
		switch a.Name {
		case "true", "false", "nil":
			return a.Name, true
		}
	case *ast.CompositeLit:
		switch t := a.Type.(type) {
		case *ast.ArrayType:
			if t.Len == nil {
				return "slice", true
			}
			return "array", true
		case *ast.MapType:
			return "map", true
		case *ast.StructType:
			return "struct", true
		}
	}
	return "", false
}

// durationUnitWords are the abbreviations of time's units.
var durationUnitWords = map[string]string{"Hour": "h", "Minute": "m", "Second": "s", "Millisecond": "ms", "Microsecond": "us", "Nanosecond": "ns"}

// durationWord names a time.Duration written as code, as GoExpr writes
// one: time.Second (1s), 90 * time.Second (90s), time.Duration(1500)
// (1500ns); argWord reads a minus (-time.Hour: m1h).
func durationWord(a ast.Expr) (string, bool) {
	unit := func(e ast.Expr) (string, bool) {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "time" {
			return "", false
		}
		w, ok := durationUnitWords[sel.Sel.Name]
		return w, ok
	}
	switch a := a.(type) {
	case *ast.SelectorExpr:
		if u, ok := unit(a); ok {
			return "1" + u, true
		}
	case *ast.BinaryExpr:
		n, ok := a.X.(*ast.BasicLit)
		if u, isUnit := unit(a.Y); ok && isUnit && a.Op == token.MUL && n.Kind == token.INT {
			return n.Value + u, true
		}
	case *ast.CallExpr:
		if sel, ok := a.Fun.(*ast.SelectorExpr); ok && len(a.Args) == 1 && sel.Sel.Name == "Duration" {
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "time" {
				if n, ok := a.Args[0].(*ast.BasicLit); ok && n.Kind == token.INT {
					return n.Value + "ns", true
				}
			}
		}
	}
	return "", false
}

// literalWord is a literal's text in id characters: 1.5 → 1p5.
func literalWord(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.':
			b.WriteByte('p')
		case r == '-':
			b.WriteByte('m')
		}
	}
	if b.Len() == 0 {
		return "empty"
	}
	return b.String()
}

// typeSlug writes an unnamed map, slice or array type in words
// (map-string-string-slice, byte-slice); "" for other types.
func typeSlug(t ast.Expr, depth int) string {
	if depth > maxCodeDepth {
		return ""
	}
	switch t := t.(type) {
	case *ast.MapType:
		k, v := elemSlug(t.Key, depth), elemSlug(t.Value, depth)
		if k == "" || v == "" {
			return ""
		}
		return "map-" + k + "-" + v
	case *ast.ArrayType:
		e := elemSlug(t.Elt, depth)
		if e == "" {
			return ""
		}
		if t.Len == nil {
			return e + "-slice"
		}
		return e + "-array"
	}
	return ""
}

// elemSlug names the key or element type of a composite type.
func elemSlug(t ast.Expr, depth int) string {
	switch t := t.(type) {
	case *ast.Ident:
		return nameSlug(t.Name)
	case *ast.SelectorExpr:
		return nameSlug(t.Sel.Name)
	case *ast.StarExpr:
		return elemSlug(t.X, depth)
	case *ast.InterfaceType:
		return "any"
	}
	return typeSlug(t, depth+1)
}
