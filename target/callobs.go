package target

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// MaxCalls bounds the calls CallObservers picks for a function result.
const MaxCalls = 4

// maxCallFields bounds the fields read back from a struct a returned
// function was given to fill (an option applied to &options{}).
const maxCallFields = 12

// Called reports whether a result of type t is observed by calling it:
// t is a function type. Its observer keys are argument lists ("(1, 2)",
// "(p)", "(&options{})"), and its value is what each call returns.
func Called(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// CallObservers chooses the calls a test would make of a function
// result of type t (a comparator, a predicate, an option, a decorator),
// each an argument list: for each parameter, the arguments of the call
// that made it, of an identical type, by name (a predicate Prefixed(p)
// returns is called with p), then literals of its kind (1, 2, 0, -1;
// "a", "b", ""; true, false; 1.5), nil for an error, &T{} for a pointer
// to a struct T of pkg, or, for an interface, the package's func types
// that implement it made of a function that does nothing and of one
// that panics (see adapters). The lists spread these over the
// parameters: (1, 2), (2, 1), (1, 1) for a comparator. A function that
// returns an interface (a Job) has a method of it called on what it
// returns, which the key ends with ((FuncJob(func() {})).Run()): what
// a decorator made is seen to run the job it was given. At most
// MaxCalls; nil when t is not a function, or a parameter has no
// candidate (a callback, an interface the package implements by no
// func type).
func CallObservers(t types.Type, pkg *Package, args []ObserverArg) []string {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Variadic() {
		return nil
	}
	then := thenCall(sig, pkg)
	n := sig.Params().Len()
	if n == 0 {
		return []string{"()" + then}
	}
	cands := make([][]string, n)
	for i := 0; i < n; i++ {
		pt := sig.Params().At(i).Type()
		for _, a := range args {
			if len(cands[i]) < 2 && types.Identical(a.Type, pt) {
				cands[i] = append(cands[i], a.Name)
			}
		}
		cands[i] = append(cands[i], literals(pt, pkg)...)
		if len(cands[i]) == 0 {
			return nil
		}
	}
	pick := func(p, k int) string { return cands[p][k%len(cands[p])] }
	var out []string
	add := func(at func(p int) int) {
		parts := make([]string, n)
		for p := range parts {
			parts[p] = pick(p, at(p))
		}
		key := "(" + strings.Join(parts, ", ") + ")" + then
		if len(out) < MaxCalls && !slices.Contains(out, key) {
			out = append(out, key)
		}
	}
	if n == 1 {
		for k := range cands[0] {
			add(func(int) int { return k })
		}
		return out
	}
	add(func(p int) int { return p })         // (1, 2)
	add(func(p int) int { return n - 1 - p }) // (2, 1)
	add(func(int) int { return 0 })           // (1, 1)
	add(func(p int) int { return 2 + p })     // (0, -1)
	return out
}

// CallRequest is the request a function result taking an *http.Request
// (a key function a rate limiter or a cache is given, a matcher) is
// called with.
const CallRequest = `httptest.NewRequest("GET", "/", nil)`

// literals are the arguments CallObservers tries for a parameter of
// type t beside the call's own.
func literals(t types.Type, pkg *Package) []string {
	if isErrorType(t) {
		// A delay or a handler given the error of an attempt: none.
		return []string{"nil"}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsBoolean != 0:
			return []string{"true", "false"}
		case info&types.IsUnsigned != 0:
			return []string{"1", "2", "0"}
		case info&types.IsInteger != 0:
			return []string{"1", "2", "0", "-1"}
		case info&types.IsFloat != 0:
			return []string{"1.5", "2", "0", "-1"}
		case info&types.IsString != 0:
			return []string{`"a"`, `"b"`, `""`}
		}
	case *types.Pointer:
		if name, ok := localStruct(u.Elem(), pkg); ok {
			return []string{"&" + name + "{}"}
		}
		if isHTTPType(u.Elem(), "Request") {
			return []string{CallRequest}
		}
	case *types.Struct:
		if name, ok := localStruct(t, pkg); ok {
			return []string{name + "{}"}
		}
	case *types.Interface:
		return adapters(u, pkg)
	}
	return nil
}

// maxAdapters bounds the func types adapters takes.
const maxAdapters = 2

// adapters are arguments for a parameter of interface type iface: each
// func type of pkg without results that implements it (type FuncJob
// func(), whose Run method calls it), at most maxAdapters, converted
// from a function literal that does nothing and from one that panics:
// FuncJob(func() {}), FuncJob(func() { panic("boom") }). Func types
// whose parameters name another package's types are left out: the
// literal would need its import.
func adapters(iface *types.Interface, pkg *Package) []string {
	if pkg == nil || pkg.Types == nil || iface.NumMethods() == 0 {
		return nil
	}
	var out []string
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		if len(out) == 2*maxAdapters {
			break
		}
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		sig, ok := n.Underlying().(*types.Signature)
		if !ok || sig.Results().Len() > 0 || !types.Implements(n, iface) {
			continue
		}
		foreign := false
		lit := types.TypeString(sig, func(p *types.Package) string {
			if p != pkg.Types {
				foreign = true
			}
			return ""
		})
		if foreign {
			continue
		}
		out = append(out, name+"("+lit+" {})", name+"("+lit+` { panic("boom") })`)
	}
	return out
}

// thenCall is the method call (".Run()") that CallObservers' keys end
// with for a function of signature sig: one returning a value of an
// interface type of methods (not an error), whose first method that
// takes no arguments and returns nothing, one value, or a value and
// an error or a bool is called on what the function returns, as a
// test of a decorator runs what it made. "" for another function.
func thenCall(sig *types.Signature, pkg *Package) string {
	if sig.Results().Len() != 1 {
		return ""
	}
	r := sig.Results().At(0).Type()
	iface, ok := r.Underlying().(*types.Interface)
	if !ok || isErrorType(r) {
		return ""
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if !m.Exported() && (pkg == nil || m.Pkg() != pkg.Types) {
			continue
		}
		if ms := m.Type().(*types.Signature); ms.Params().Len() == 0 && thenResults(ms.Results()) {
			return "." + m.Name() + "()"
		}
	}
	return ""
}

// thenResults reports whether a method's results are what a call
// thenCall names may return: none, one value, or a value and an error
// or a bool.
func thenResults(res *types.Tuple) bool {
	switch res.Len() {
	case 0:
		return true
	case 1:
		return !isErrorType(res.At(0).Type())
	case 2:
		return isErrorType(res.At(1).Type()) || isBool(res.At(1).Type())
	}
	return false
}

// localStruct returns the name of t when it is a struct type declared
// in pkg, not generic: one a probe in the package writes as Name{}.
func localStruct(t types.Type, pkg *Package) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || pkg == nil || n.Obj().Pkg() != pkg.Types || n.TypeParams().Len() > 0 {
		return "", false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return "", false
	}
	return n.Obj().Name(), true
}

// callBody is ObserverBody for a function x of signature sig: key is
// the argument list of a call of it, each argument a parameter of args
// by name, a literal, nil, or T{} or &T{} for a struct type T of the
// package. The call's results are the value: one alone, several as a
// list. A call with no results that was given &T{} gives the fields of
// that struct as it left them; another gives null.
func callBody(sig *types.Signature, key, x string, args []ObserverArg) (string, error) {
	src := "f" + key
	e, err := parser.ParseExpr(src)
	call, ok := e.(*ast.CallExpr)
	if err != nil || !ok || call.Ellipsis.IsValid() || !strings.HasPrefix(key, "(") {
		return "", fmt.Errorf("%s: want the arguments of a call of the function, as (1, 2)", key)
	}
	method := ""
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		inner, ok := sel.X.(*ast.CallExpr)
		if !ok || len(call.Args) > 0 || inner.Ellipsis.IsValid() {
			return "", fmt.Errorf("%s: want the arguments of a call of the function and a method without arguments called on what it returns, as (1).Run()", key)
		}
		method, call = sel.Sel.Name, inner
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "f" {
		return "", fmt.Errorf("%s: want the arguments of a call of the function, as (1, 2)", key)
	}
	if sig.Variadic() {
		return "", fmt.Errorf("%s: the function is variadic", key)
	}
	if len(call.Args) != sig.Params().Len() {
		return "", fmt.Errorf("%s: the function takes %s, not %d", key, arguments(sig.Params().Len()), len(call.Args))
	}
	var b strings.Builder
	exprs := make([]string, len(call.Args))
	filled := ""
	var fillType types.Type
	for i, a := range call.Args {
		pt := sig.Params().At(i).Type()
		text := src[a.Pos()-1 : a.End()-1]
		expr, err := callArg(a, text, pt, args)
		if err != nil {
			return "", fmt.Errorf("%s: argument %d: %w", key, i+1, err)
		}
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
			v := "specgenC" + strconv.Itoa(i)
			fmt.Fprintf(&b, "%s := %s\n", v, expr)
			expr = v
			if filled == "" {
				filled, fillType = v, pt.Underlying().(*types.Pointer).Elem()
			}
		}
		exprs[i] = expr
	}
	c := x + "(" + strings.Join(exprs, ", ") + ")"
	if method != "" {
		body, err := thenBody(sig, key, method, c)
		if err != nil {
			return "", err
		}
		return b.String() + body, nil
	}
	switch res := sig.Results(); {
	case res.Len() == 1:
		fmt.Fprintf(&b, "return %s", c)
	case res.Len() > 1:
		var rs []string
		for i := 0; i < res.Len(); i++ {
			rs = append(rs, "specgenR"+strconv.Itoa(i))
		}
		fmt.Fprintf(&b, "%s := %s\nreturn []interface{}{%s}", strings.Join(rs, ", "), c, strings.Join(rs, ", "))
	case filled != "":
		st := fillType.Underlying().(*types.Struct)
		var fields []string
		for i := 0; i < st.NumFields() && len(fields) < maxCallFields; i++ {
			if f := st.Field(i); f.Name() != "_" {
				fields = append(fields, fmt.Sprintf("%q: %s.%s", f.Name(), filled, f.Name()))
			}
		}
		fmt.Fprintf(&b, "%s\nreturn map[string]interface{}{%s}", c, strings.Join(fields, ", "))
	default:
		fmt.Fprintf(&b, "%s\nreturn nil", c)
	}
	return b.String(), nil
}

// thenBody is the code that calls method on what c, a call of a
// function of signature sig, returns (see thenCall), and returns what
// the method does: nil for no result, its value, or its value and bool
// as a list; a method's error panics.
func thenBody(sig *types.Signature, key, method, c string) (string, error) {
	if sig.Results().Len() != 1 {
		return "", fmt.Errorf("%s: the function returns %d values, not one to call %s on", key, sig.Results().Len(), method)
	}
	r := sig.Results().At(0).Type()
	ms := types.NewMethodSet(r)
	var m *types.Func
	for i := 0; i < ms.Len(); i++ {
		if f, ok := ms.At(i).Obj().(*types.Func); ok && f.Name() == method {
			m = f
		}
	}
	if m == nil {
		return "", fmt.Errorf("%s: %s has no method %s", key, types.TypeString(r, byName), method)
	}
	msig := m.Type().(*types.Signature)
	if msig.Params().Len() > 0 || !thenResults(msig.Results()) {
		return "", fmt.Errorf("%s: %s takes arguments or does not return nothing, one value, or a value and an error or a bool", key, method)
	}
	c += "." + method + "()"
	switch res := msig.Results(); {
	case res.Len() == 0:
		return c + "\nreturn nil", nil
	case res.Len() == 1:
		return "return " + c, nil
	case isErrorType(res.At(1).Type()):
		return "specgenV, specgenE := " + c + "\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", nil
	default:
		return "specgenV, specgenOK := " + c + "\nreturn []interface{}{specgenV, specgenOK}", nil
	}
}

// callArg checks one argument of a call key against the parameter type
// pt and returns the Go expression to pass: a parameter of the call by
// name (its variable in args), or the text itself.
func callArg(a ast.Expr, text string, pt types.Type, args []ObserverArg) (string, error) {
	basic, _ := pt.Underlying().(*types.Basic)
	kind := func(mask types.BasicInfo) bool { return basic != nil && basic.Info()&mask != 0 }
	switch a := a.(type) {
	case *ast.Ident:
		if j := slices.IndexFunc(args, func(o ObserverArg) bool { return o.Name == a.Name }); j >= 0 {
			if !types.AssignableTo(args[j].Type, pt) {
				return "", fmt.Errorf("%s is a %s, not a %s", a.Name, types.TypeString(args[j].Type, byName), types.TypeString(pt, byName))
			}
			return args[j].Expr, nil
		}
		switch a.Name {
		case "true", "false":
			if kind(types.IsBoolean) {
				return text, nil
			}
		case "nil":
			switch pt.Underlying().(type) {
			case *types.Pointer, *types.Slice, *types.Map, *types.Signature, *types.Interface, *types.Chan:
				return text, nil
			}
		default:
			var have []string
			for _, o := range args {
				have = append(have, o.Name)
			}
			return "", fmt.Errorf("%s is not a parameter of the call (%s)", a.Name, strings.Join(have, ", "))
		}
	case *ast.BasicLit:
		if literalFits(a.Kind, kind) {
			return text, nil
		}
	case *ast.UnaryExpr:
		if lit, ok := a.X.(*ast.BasicLit); ok && a.Op == token.SUB && literalFits(lit.Kind, kind) && kind(types.IsNumeric) {
			return text, nil
		}
		if p, ok := pt.Underlying().(*types.Pointer); ok && a.Op == token.AND && emptyLiteralOf(a.X, p.Elem()) {
			return text, nil
		}
	case *ast.CompositeLit:
		if emptyLiteralOf(a, pt) {
			return text, nil
		}
	case *ast.CallExpr:
		if p, ok := pt.Underlying().(*types.Pointer); ok && isHTTPType(p.Elem(), "Request") && text == CallRequest {
			return text, nil
		}
		// F(func() {...}) for an interface the package's func type F
		// implements (see adapters).
		if _, ok := a.Fun.(*ast.Ident); ok && len(a.Args) == 1 && !a.Ellipsis.IsValid() && types.IsInterface(pt) {
			if _, ok := a.Args[0].(*ast.FuncLit); ok {
				return text, nil
			}
		}
	}
	return "", fmt.Errorf("%s does not fit a %s (want a parameter of the call, a literal, nil, T{}, &T{}, F(func(…) {…}) for an interface or %s for a request)", text, types.TypeString(pt, byName), CallRequest)
}

// literalFits reports whether a literal of kind k fits a parameter
// whose basic kind is tested by kind.
func literalFits(k token.Token, kind func(types.BasicInfo) bool) bool {
	switch k {
	case token.INT, token.CHAR:
		return kind(types.IsNumeric)
	case token.FLOAT:
		return kind(types.IsFloat | types.IsComplex)
	case token.STRING:
		return kind(types.IsString)
	}
	return false
}

// emptyLiteralOf reports whether e is T{} for the named struct type t.
func emptyLiteralOf(e ast.Expr, t types.Type) bool {
	cl, ok := e.(*ast.CompositeLit)
	if !ok || len(cl.Elts) > 0 {
		return false
	}
	id, ok := cl.Type.(*ast.Ident)
	n, named := types.Unalias(t).(*types.Named)
	if !ok || !named || n.Obj().Name() != id.Name {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}

// arguments says how many arguments there are: "1 argument", "2
// arguments".
func arguments(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return strconv.Itoa(n) + " arguments"
}
