package mutate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// stateVars are the package-level variables of pkg whose value some code
// of the package may change once the package is initialised: a worker
// that runs a mutant (or a probe) after another may then see what the
// other left in them. Variables only read after init (tables, compiled
// regular expressions, values built by their declarations) hold no such
// state, nor do the schema's own variable and those of an error type
// (sentinels), which probes compare but do not change. The analysis is
// syntactic and errs towards state: a variable of a type that holds
// references (a pointer, slice, map, channel, function or interface) is
// state as soon as its value, or a part of it that holds references,
// leaves for code that might write through it.
func stateVars(pkg *target.Package) []string {
	if pkg.Types == nil {
		return nil
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	syntax := pkg.Syntax
	a := &stateAnalysis{info: pkg.TypesInfo, scope: pkg.Types.Scope(), uses: map[*types.Var][][]ast.Node{}}
	if a.info == nil {
		syntax = nil // without uses, every variable counts as state
	}
	for _, file := range syntax {
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Body != nil && (d.Recv != nil || d.Name.Name != "init") {
					a.index(d.Body)
					continue
				}
				// init runs once, before any probe, but a function
				// literal it keeps may run at any time.
				a.indexLiterals(d)
			case *ast.GenDecl:
				// A declaration's value is computed at init, but a
				// function literal in it may run at any time.
				a.indexLiterals(d)
			}
		}
	}
	var out []string
	for _, name := range a.scope.Names() {
		v, ok := a.scope.Lookup(name).(*types.Var)
		if !ok || name == "_" || name == MutantVar || types.Implements(v.Type(), errType) {
			continue
		}
		if a.info == nil || a.through(v, map[*types.Var]bool{}) {
			out = append(out, name)
		}
	}
	return out
}

// stateAnalysis finds the package-level variables (of scope) that the
// function bodies it indexed may change, directly or through a local
// variable or a parameter that takes their references.
type stateAnalysis struct {
	info  *types.Info
	scope *types.Scope
	// uses are the uses of each variable: its identifier's ancestors.
	uses map[*types.Var][][]ast.Node
}

func (a *stateAnalysis) index(body ast.Node) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := a.info.Uses[id].(*types.Var); ok {
				a.uses[v] = append(a.uses[v], slices.Clone(stack))
			}
		}
		return true
	})
}

// indexLiterals indexes the bodies of the function literals in n.
func (a *stateAnalysis) indexLiterals(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			a.index(fl.Body)
			return false
		}
		return true
	})
}

// through reports whether v may be changed where it is used, or through
// a variable that takes its references.
func (a *stateAnalysis) through(v *types.Var, seen map[*types.Var]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, st := range a.uses[v] {
		write, alias := a.mayWrite(st)
		if write || (alias != nil && a.through(alias, seen)) {
			return true
		}
	}
	return false
}

// mayWrite reports whether the use of a variable at the top of stack
// (its identifier, under its ancestors) may change the variable, or
// which local variable takes its references (then it may change it
// through that one).
func (a *stateAnalysis) mayWrite(stack []ast.Node) (write bool, alias *types.Var) {
	info, scope := a.info, a.scope
	// Climb the selectors, indexes and dereferences of the variable:
	// writing any of them writes the variable or what it refers to.
	i := len(stack) - 1
	top := stack[i].(ast.Expr)
	for i > 0 {
		parent := stack[i-1]
		switch p := parent.(type) {
		case *ast.ParenExpr, *ast.StarExpr:
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[p]; !ok || sel.Kind() != types.FieldVal {
				goto context // a method of top's value
			}
		case *ast.IndexExpr:
			if p.X != top {
				return false, nil // an index is read
			}
		case *ast.IndexListExpr:
			if p.X != top {
				return false, nil
			}
		case *ast.SliceExpr:
			if p.X != top {
				return false, nil
			}
		default:
			goto context
		}
		top = parent.(ast.Expr)
		i--
	}
context:
	if i == 0 {
		return true, nil
	}
	pure := pureValue(info.TypeOf(top))
	local := func(e ast.Expr) *types.Var {
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok && v.Parent() != scope {
			return v
		}
		return nil
	}
	switch p := stack[i-1].(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == top {
				return true, nil
			}
		}
		if pure {
			return false, nil // its value copied
		}
		for k, r := range p.Rhs {
			if r != top {
				continue
			}
			if len(p.Lhs) != len(p.Rhs) {
				k = 0 // v, ok := m[k]
			}
			if v := local(p.Lhs[k]); v != nil {
				return false, v
			}
		}
		return true, nil
	case *ast.ValueSpec:
		for k, r := range p.Values {
			if r == top && !pure && k < len(p.Names) {
				if v := local(p.Names[k]); v != nil {
					return false, v
				}
				return true, nil
			}
		}
		return false, nil
	case *ast.IncDecStmt:
		return true, nil
	case *ast.UnaryExpr:
		return p.Op == token.AND || (p.Op == token.ARROW && !pure), nil
	case *ast.RangeStmt:
		if p.Key == top || p.Value == top {
			return true, nil
		}
		if rangeReadOnly(info.TypeOf(top)) {
			return false, nil
		}
		if p.Key != nil && local(p.Key) == nil || p.Value != nil && local(p.Value) == nil {
			return true, nil
		}
		if p.Value != nil {
			if _, isMap := types.Unalias(info.TypeOf(top)).Underlying().(*types.Map); isMap && !pureValue(info.TypeOf(p.Key)) {
				return true, nil // the map's keys hold references too
			}
			return false, local(p.Value)
		}
		return false, local(p.Key)
	case *ast.BinaryExpr, *ast.SwitchStmt, *ast.CaseClause, *ast.IfStmt, *ast.ForStmt:
		return false, nil // compared or tested
	case *ast.SelectorExpr:
		// A method call: the receiver may be changed, unless it is a
		// copy of a value without references or a type whose methods do
		// not change it.
		if readOnlyMethod(info.TypeOf(top), p.Sel.Name) {
			return false, nil
		}
		sel := info.Selections[p]
		if sel == nil {
			return true, nil
		}
		_, ptr := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
		return ptr || !pure, nil
	case *ast.CallExpr:
		if p.Fun == top {
			return false, nil // a function value called
		}
		if pure || readOnlyCallee(info, p) {
			return false, nil // passed by value, or only read
		}
		if param := a.parameter(p, top); param != nil {
			return false, param
		}
		return true, nil
	case *ast.ExprStmt:
		return false, nil
	}
	return !pure, nil
}

// parameter is the parameter of a function or method of the package
// that call passes arg to, nil when the callee is not known.
func (a *stateAnalysis) parameter(call *ast.CallExpr, arg ast.Expr) *types.Var {
	var fn *types.Func
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn, _ = a.info.Uses[f].(*types.Func)
	case *ast.SelectorExpr:
		if sel, ok := a.info.Selections[f]; ok && sel.Kind() == types.MethodVal {
			if _, iface := sel.Recv().Underlying().(*types.Interface); !iface {
				fn, _ = sel.Obj().(*types.Func)
			}
		} else if !ok {
			fn, _ = a.info.Uses[f.Sel].(*types.Func)
		}
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Scope() != a.scope {
		return nil
	}
	params := fn.Origin().Signature().Params()
	for k, x := range call.Args {
		if x != arg || params.Len() == 0 {
			continue
		}
		return params.At(min(k, params.Len()-1))
	}
	return nil
}

// pureValue reports whether a value of type t holds no references: a
// copy of it shares nothing with the original.
func pureValue(t types.Type) bool {
	switch u := t.(type) {
	case nil:
		return false
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Alias:
		return pureValue(types.Unalias(u))
	case *types.Named:
		return pureValue(u.Underlying())
	case *types.Array:
		return pureValue(u.Elem())
	case *types.Struct:
		for f := range u.Fields() {
			if !pureValue(f.Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// rangeReadOnly reports whether ranging over a value of type t copies
// only values without references into the loop's variables.
func rangeReadOnly(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return true // a string or an integer
	case *types.Slice:
		return pureValue(u.Elem())
	case *types.Array:
		return pureValue(u.Elem())
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			return pureValue(a.Elem())
		}
	case *types.Map:
		return pureValue(u.Key()) && pureValue(u.Elem())
	}
	return false
}

// readOnlyMethod reports whether the method name of t leaves its
// receiver as it is: any of a compiled regular expression or a string
// replacer (shared by goroutines by design), math/big's that read a
// number.
func readOnlyMethod(t types.Type, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "regexp":
		return n.Obj().Name() == "Regexp" && name != "Longest"
	case "strings":
		return n.Obj().Name() == "Replacer"
	case "math/big":
		switch name {
		case "Cmp", "CmpAbs", "Int64", "Uint64", "IsInt64", "IsUint64", "Sign", "String", "Text", "BitLen", "Bit",
			"TrailingZeroBits", "Float64", "Float32", "IsInf", "IsInt", "Prec", "MinPrec", "Mode", "Acc", "Signbit",
			"FloatString", "RatString", "Format", "Append":
			return true
		}
	}
	return false
}

// readOnlyCallee reports whether call leaves the references among its
// arguments as they are: builtins that read, and functions of standard
// packages that only read their arguments (math/big's methods change
// their receiver, not their arguments), or a conversion of a string.
func readOnlyCallee(info *types.Info, call *ast.CallExpr) bool {
	fun := ast.Unparen(call.Fun)
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = info.Uses[f]
	case *ast.SelectorExpr:
		obj = info.Uses[f.Sel]
	}
	switch o := obj.(type) {
	case *types.Builtin:
		switch o.Name() {
		case "len", "cap", "print", "println", "complex", "real", "imag", "min", "max":
			return true
		}
		return false
	case *types.Func:
		if o.Pkg() == nil {
			return false
		}
		name := o.Name()
		switch o.Pkg().Path() {
		case "strings", "math", "math/big", "unicode", "regexp":
			return true
		case "strconv", "unicode/utf8":
			return !strings.HasPrefix(name, "Append") && name != "EncodeRune"
		case "fmt":
			return strings.HasPrefix(name, "Sprint") || strings.HasPrefix(name, "Print") || name == "Errorf"
		case "errors":
			return name != "As"
		}
	case *types.TypeName:
		// A conversion: of a string, a copy; of a value with
		// references, the same references under another type.
		if len(call.Args) != 1 {
			return false
		}
		b, ok := types.Unalias(info.TypeOf(call.Args[0])).Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	}
	return false
}
