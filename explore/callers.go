package explore

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the arguments read off the package's calls of a function.
const (
	maxCallerArgs  = 8 // values of one parameter
	maxCallerCalls = 8 // calls whose constant arguments make a seed
)

// callerArgs are what the package's own code passes the function where
// it passes something known before the call: a constant, or a variable
// or constant of the package (a format the package hands its own
// writer, Usagef(prefix, spec, out, DefaultTableFormat); the -1 an
// exported caller starts an index at; the flag a wrapper sets). byParam
// holds each parameter's values, at most maxCallerArgs, in the order of
// the source; calls holds each call that passes one (at most
// maxCallerCalls). Names of the package are written as
// code, other constants as their values; the variadic parameter and the
// receiver are left out. The function's own _test.go files are never
// read (see sourceFiles).
func callerArgs(f *target.Func) (byParam [][]spec.Value, calls []callerCall) {
	if f.Pkg == nil || f.Pkg.TypesInfo == nil || f.Obj == nil {
		return nil, nil
	}
	info := f.Pkg.TypesInfo
	origin := f.Obj.Origin()
	n := len(f.Params)
	if f.Sig != nil && f.Sig.Variadic() {
		n-- // an argument there is one element of a slice
	}
	if n <= 0 {
		return nil, nil
	}
	byParam = make([][]spec.Value, len(f.Params))
	seen := map[string]bool{}
	for _, file := range sourceFiles(f.Pkg) {
		ast.Inspect(file, func(node ast.Node) bool {
			c, ok := node.(*ast.CallExpr)
			if !ok || c.Ellipsis.IsValid() || !callsFunc(info, c.Fun, origin) {
				return true
			}
			call := callerCall{vals: make([]spec.Value, len(f.Params)), known: make([]bool, len(f.Params))}
			known := false
			for j, arg := range c.Args[:min(n, len(c.Args))] {
				v, ok := knownArg(info, f.Pkg.Types, arg, f.Params[j].Type)
				if !ok {
					continue
				}
				call.vals[j], call.known[j], known = v, true, true
				if k := argKey(j, v); !seen[k] && len(byParam[j]) < maxCallerArgs {
					seen[k] = true
					byParam[j] = append(byParam[j], v)
				}
			}
			if known && len(calls) < maxCallerCalls {
				calls = append(calls, call)
			}
			return true
		})
	}
	return byParam, calls
}

// callerCall is a call of the function in its package: the value at
// each parameter where known says the call passes one known before it
// (see knownArg).
type callerCall struct {
	vals  []spec.Value
	known []bool
}

// argKey identifies value v at parameter j among the values seen.
func argKey(j int, v spec.Value) string {
	return fmt.Sprintf("%d %d %s", j, v.Kind, v.String())
}

// callsFunc reports whether fun, the function a call expression calls,
// names fn (a generic function by any instantiation, a method by any
// receiver expression).
func callsFunc(info *types.Info, fun ast.Expr, fn *types.Func) bool {
	obj := calledObj(info, fun)
	return obj != nil && obj.Origin() == fn
}

// knownArg is arg, an argument of a call of the function at a parameter
// of type t, when it is known before the call: a package-level constant
// or variable of pkg by its name, another constant by its value. ok is
// false for anything else (a local, a call, nil).
func knownArg(info *types.Info, pkg *types.Package, arg ast.Expr, t types.Type) (v spec.Value, ok bool) {
	arg = ast.Unparen(arg)
	if id, isID := arg.(*ast.Ident); isID {
		switch obj := info.Uses[id].(type) {
		case *types.Const, *types.Var:
			if obj.Pkg() == pkg && obj.Parent() == pkg.Scope() {
				return spec.CodeValue(id.Name), true
			}
		}
	}
	tv, found := info.Types[arg]
	if !found || tv.Value == nil {
		return spec.Value{}, false
	}
	if v, ok := constValueOf(tv.Value, t); ok {
		return v, true
	}
	// A parameter of no basic type (an any): the constant as the
	// argument's own type, its default one when untyped.
	return constValueOf(tv.Value, tv.Type)
}
