package target

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
)

// Generic reports whether f is a generic function, or a method of a
// generic type, that is not instantiated: its receiver, parameters and
// results may have type parameter types, and a probe cannot call it
// before Instantiate.
func (f *Func) Generic() bool {
	return len(f.TypeParams) > 0 && f.TypeArgs == nil
}

// Instantiate returns f instantiated with the type arguments args, one
// per type parameter: Sig, Params and Results are the instantiated
// types, TypeArgs is args, and Unbuildable is checked again. For a
// method of a generic type, the receiver type is instantiated (Recv is
// Stack[int]) and the method is the instantiated type's: a probe calls
// it without type arguments. It is an error when f is not generic, when
// the number of arguments is wrong, or when an argument does not
// satisfy its constraint.
func (f *Func) Instantiate(args []types.Type) (*Func, error) {
	if !f.Generic() {
		return nil, fmt.Errorf("%s is not a generic function", f.Name)
	}
	if len(args) != len(f.TypeParams) {
		return nil, fmt.Errorf("%s takes %d type arguments (%s), got %d", f.Name, len(f.TypeParams), f.TypeParamList(), len(args))
	}
	g := *f
	if f.Recv != nil {
		name := f.Recv.Obj().Name()
		inst, err := types.Instantiate(nil, f.Recv.Origin(), args, true)
		if err != nil {
			return nil, f.instantiateError(name, args, err)
		}
		g.Recv = inst.(*types.Named)
		m := method(g.Recv, f.Obj.Name())
		if m == nil {
			return nil, fmt.Errorf("instantiate %s[%s]: no method %s", name, f.typeArgList(args), f.Obj.Name())
		}
		g.Sig = m.Type().(*types.Signature)
	} else {
		inst, err := types.Instantiate(nil, f.Sig, args, true)
		if err != nil {
			return nil, f.instantiateError(f.Name, args, err)
		}
		g.Sig = inst.(*types.Signature)
	}
	g.TypeArgs = append([]types.Type(nil), args...)
	g.Params = append([]Param(nil), f.Params...)
	for i := range g.Params {
		g.Params[i].Type = g.Sig.Params().At(i).Type()
	}
	g.setResults(g.Sig)
	g.checkBuildable()
	return &g, nil
}

// instantiateError words a failed instantiation of name (a function,
// or a method's receiver type) with args.
func (f *Func) instantiateError(name string, args []types.Type, err error) error {
	// The checker qualifies the package's own names by import path.
	msg := strings.ReplaceAll(err.Error(), f.Pkg.ImportPath+".", "")
	return fmt.Errorf("instantiate %s[%s]: %s", name, f.typeArgList(args), msg)
}

// method returns the method of n named name, declared on n or on *n.
func method(n *types.Named, name string) *types.Func {
	for i := 0; i < n.NumMethods(); i++ {
		if m := n.Method(i); m.Name() == name {
			return m
		}
	}
	return nil
}

// TypeParamList describes f's type parameters as declared: "T ~int | ~float64, U any".
func (f *Func) TypeParamList() string {
	parts := make([]string, len(f.TypeParams))
	qual := types.RelativeTo(f.Pkg.Types)
	for i, tp := range f.TypeParams {
		parts[i] = tp.Name + " " + types.TypeString(tp.Constraint, qual)
	}
	return strings.Join(parts, ", ")
}

func (f *Func) typeArgList(args []types.Type) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = f.Pkg.TypeString(a)
	}
	return strings.Join(parts, ", ")
}

// TypeString writes t as a spec writes a type argument: a Go type
// expression in the package's scope, the package's own names
// unqualified and other packages' names qualified by package name
// ("ID", "[]string", "time.Duration").
func (p *Package) TypeString(t types.Type) string {
	return types.TypeString(t, func(q *types.Package) string {
		if q == p.Types {
			return ""
		}
		return q.Name()
	})
}

// TypeOf type-checks expr, a Go type expression in the package's scope
// ("int", "ID", "[]string", "map[string]ID"); a name of an imported
// package ("time.Duration") is looked up in the scope of the package's
// files that import it.
func (p *Package) TypeOf(expr string) (types.Type, error) {
	if strings.TrimSpace(expr) == "" {
		return nil, fmt.Errorf("empty type")
	}
	tv, err := types.Eval(p.Fset, p.Types, token.NoPos, expr)
	if err != nil {
		first := err
		for _, file := range p.Syntax {
			if len(file.Imports) == 0 {
				continue
			}
			if tv, err = types.Eval(p.Fset, p.Types, file.Name.Pos(), expr); err == nil {
				break
			}
		}
		if err != nil {
			return nil, fmt.Errorf("type %s: %w", expr, first)
		}
	}
	if !tv.IsType() {
		return nil, fmt.Errorf("%s is not a type", expr)
	}
	return tv.Type, nil
}
