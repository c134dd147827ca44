package runner

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"math"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// checkFits reports why an expected value can never equal a result of
// type t, or "": a number out of t's range, or a value of another kind
// (a string for an int). It looks only where the canonical form of a Go
// value is certain from its static type: basic types, and the elements
// of pointers, slices, arrays and maps of them. Interfaces, structs
// (written as a map of fields, or as their text), funcs and channels
// are taken as written. at names the value in messages ("expected").
func checkFits(t types.Type, v spec.Value, at string) string {
	if v.Kind == spec.Opaque || isTimeType(t) {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return checkBasic(u, t, v, at)
	case *types.Pointer:
		if v.Kind == spec.Null {
			return ""
		}
		return checkFits(u.Elem(), v, at)
	case *types.Slice:
		if v.Kind == spec.Null {
			return ""
		}
		if isByte(u.Elem()) && v.Kind == spec.String {
			return ""
		}
		return checkList(u.Elem(), -1, t, v, at)
	case *types.Array:
		return checkList(u.Elem(), int(u.Len()), t, v, at)
	case *types.Map:
		switch v.Kind {
		case spec.Null:
			return ""
		case spec.Map:
			for _, e := range v.Map {
				key := at + "[" + e.Key.String() + "]"
				if msg := checkFits(u.Key(), e.Key, key+" key"); msg != "" {
					return msg
				}
				if msg := checkFits(u.Elem(), e.Val, key); msg != "" {
					return msg
				}
			}
			return ""
		}
		return mismatch(t, v, at, "a map")
	}
	return ""
}

func checkList(elem types.Type, n int, t types.Type, v spec.Value, at string) string {
	if v.Kind != spec.List {
		return mismatch(t, v, at, "a list")
	}
	if n >= 0 && len(v.List) != n {
		return fmt.Sprintf("%s: want %d elements for %s, got %d", at, n, typeString(t), len(v.List))
	}
	for i, e := range v.List {
		if msg := checkFits(elem, e, at+"["+strconv.Itoa(i)+"]"); msg != "" {
			return msg
		}
	}
	return ""
}

func checkBasic(b *types.Basic, t types.Type, v spec.Value, at string) string {
	info := b.Info()
	switch {
	case info&types.IsInteger != 0:
		switch v.Kind {
		case spec.Int, spec.Uint:
		case spec.Float:
			if v.Float != math.Trunc(v.Float) || math.IsInf(v.Float, 0) {
				return mismatch(t, v, at, "an integer")
			}
		default:
			return mismatch(t, v, at, "an integer")
		}
		if !fitsInt(b.Kind(), v) {
			return fmt.Sprintf("%s: %s overflows %s", at, v, typeString(t))
		}
	case info&types.IsFloat != 0:
		if !v.IsNumber() {
			return mismatch(t, v, at, "a number")
		}
	case info&types.IsBoolean != 0:
		if v.Kind != spec.Bool {
			return mismatch(t, v, at, "true or false")
		}
	case info&types.IsString != 0:
		if v.Kind != spec.String {
			return mismatch(t, v, at, "a string")
		}
	}
	return ""
}

// fitsInt reports whether the integer (or whole float) v is in the
// range of an integer kind (int and uint are 64 bits).
func fitsInt(k types.BasicKind, v spec.Value) bool {
	var lo, hi float64 // for floats
	bits := map[types.BasicKind]uint{
		types.Int8: 8, types.Int16: 16, types.Int32: 32, types.Int64: 64, types.Int: 64,
		types.Uint8: 8, types.Uint16: 16, types.Uint32: 32, types.Uint64: 64, types.Uint: 64, types.Uintptr: 64,
	}[k]
	signed := k == types.Int8 || k == types.Int16 || k == types.Int32 || k == types.Int64 || k == types.Int
	if signed {
		lo, hi = -math.Ldexp(1, int(bits)-1), math.Ldexp(1, int(bits)-1)
	} else {
		lo, hi = 0, math.Ldexp(1, int(bits))
	}
	switch v.Kind {
	case spec.Int:
		if signed {
			return bits == 64 || v.Int >= -(1<<(bits-1)) && v.Int < 1<<(bits-1)
		}
		return v.Int >= 0 && (bits == 64 || uint64(v.Int) < 1<<bits)
	case spec.Uint: // observed values of unsigned types, any size
		if signed {
			return v.Uint < 1<<(bits-1)
		}
		return bits == 64 || v.Uint < 1<<bits
	case spec.Float:
		return v.Float >= lo && v.Float < hi
	}
	return false
}

func mismatch(t types.Type, v spec.Value, at, want string) string {
	return fmt.Sprintf("%s: want %s for %s, got %s", at, want, typeString(t), kindName(v))
}

func kindName(v spec.Value) string {
	switch v.Kind {
	case spec.Null:
		return "null"
	case spec.Bool:
		return "a boolean"
	case spec.Int, spec.Uint:
		return "an integer"
	case spec.Float:
		return "a float"
	case spec.String:
		return "a string"
	case spec.List:
		return "a list"
	case spec.Map:
		return "a map"
	case spec.Code:
		return "Go code"
	}
	return v.Kind.String()
}

func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// isTimeType reports whether t is time.Duration or time.Time, which
// results show as text.
func isTimeType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time" {
		return false
	}
	return n.Obj().Name() == "Duration" || n.Obj().Name() == "Time"
}

// resolveType checks that a Type evaluator's type names a type in the
// package's scope: written as specs write types, with the package under
// test's own name as a qualifier or without it.
func resolveType(pkg *target.Package, expr string) error {
	x, err := parser.ParseExpr(expr)
	if err != nil {
		return fmt.Errorf("%q is not a Go type: %v", expr, err)
	}
	x = astutil.Apply(x, nil, func(c *astutil.Cursor) bool {
		if sel, ok := c.Node().(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkg.Name {
				c.Replace(sel.Sel)
			}
		}
		return true
	}).(ast.Expr)
	if _, err := pkg.TypeOf(types.ExprString(x)); err != nil {
		var te types.Error
		if errors.As(err, &te) {
			return fmt.Errorf("%s does not name a type in package %s: %s", expr, pkg.Name, te.Msg)
		}
		return fmt.Errorf("%s does not name a type in package %s: %v", expr, pkg.Name, err)
	}
	return nil
}

// declaredIn looks a qualified name ("nosuch.Thing", pointer star
// removed) up in the packages the package under test reaches: the
// qualifier must name one of them, and the name must be declared there
// as a type or (unless star) a variable.
func declaredIn(pkg *target.Package, qual, name string, star bool) error {
	var found []*types.Package
	for _, p := range pkg.Imports {
		if p != nil && p.Name() == qual {
			found = append(found, p)
		}
	}
	if len(found) == 0 {
		return fmt.Errorf("%s does not import a package named %s, directly or through its dependencies", pkg.Name, qual)
	}
	var paths []string
	for _, p := range found {
		switch p.Scope().Lookup(name).(type) {
		case *types.TypeName:
			return nil
		case *types.Var:
			if !star {
				return nil
			}
		}
		paths = append(paths, p.Path())
	}
	what := "an error type or variable"
	if star {
		what = "a type"
	}
	return fmt.Errorf("%s.%s is not %s of package %s", qual, name, what, strings.Join(paths, ", "))
}
