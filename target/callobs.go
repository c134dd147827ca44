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
// result of type t (a comparator, a predicate, an option), each an
// argument list: for each parameter, the arguments of the call that
// made it, of an identical type, by name (a predicate Prefixed(p)
// returns is called with p), then literals of its kind (1, 2, 0, -1;
// "a", "b", ""; true, false; 1.5), nil for an error, or &T{} for a
// pointer to a struct T of pkg. The lists spread these over the parameters: (1, 2), (2, 1),
// (1, 1) for a comparator. At most MaxCalls; nil when t is not a
// function, or a parameter has no candidate (a callback, an interface).
func CallObservers(t types.Type, pkg *Package, args []ObserverArg) []string {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Variadic() {
		return nil
	}
	n := sig.Params().Len()
	if n == 0 {
		return []string{"()"}
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
		key := "(" + strings.Join(parts, ", ") + ")"
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
	case *types.Struct:
		if name, ok := localStruct(t, pkg); ok {
			return []string{name + "{}"}
		}
	}
	return nil
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
	}
	return "", fmt.Errorf("%s does not fit a %s (want a parameter of the call, a literal, nil, T{} or &T{})", text, types.TypeString(pt, byName))
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
