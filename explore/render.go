package explore

import (
	"errors"
	"fmt"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

// exprWriter renders canonical values as Go expressions of a given type,
// as written inside the package under test.
//
// TODO(integration): replace with target.GoExpr once it lands, keeping
// this as the reference in tests.
type exprWriter struct {
	self *types.Package
}

func (w exprWriter) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if w.self != nil && p.Path() == w.self.Path() {
			return ""
		}
		return p.Name()
	})
}

// expr renders v as a Go expression assignable to t.
func (w exprWriter) expr(v spec.Value, t types.Type) (string, error) {
	if isDuration(t) {
		if v.Kind == spec.Int {
			return "time.Duration(" + strconv.FormatInt(v.Int, 10) + ")", nil
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		s, err := w.basic(v, u)
		if err != nil {
			return "", err
		}
		if _, named := types.Unalias(t).(*types.Named); named && (u.Info()&types.IsFloat != 0) && strings.Contains(s, "(") {
			return w.typeString(t) + "(" + s + ")", nil
		}
		return s, nil
	case *types.Pointer:
		if v.Kind == spec.Null {
			return "nil", nil
		}
		if _, ok := u.Elem().Underlying().(*types.Struct); ok {
			e, err := w.expr(v, u.Elem())
			if err != nil {
				return "", err
			}
			return "&" + e, nil
		}
		e, err := w.expr(v, u.Elem())
		if err != nil {
			return "", err
		}
		ts := w.typeString(u.Elem())
		return fmt.Sprintf("func() *%s { v := %s(%s); return &v }()", ts, ts, e), nil
	case *types.Slice:
		if v.Kind == spec.Null {
			return "nil", nil
		}
		if v.Kind != spec.List {
			return "", fmt.Errorf("want a list for %s, have %s", w.typeString(t), v.Kind)
		}
		return w.elems(w.typeString(t), v.List, u.Elem())
	case *types.Array:
		if v.Kind != spec.List || int64(len(v.List)) > u.Len() {
			return "", fmt.Errorf("want a list of at most %d for %s", u.Len(), w.typeString(t))
		}
		return w.elems(w.typeString(t), v.List, u.Elem())
	case *types.Map:
		if v.Kind == spec.Null {
			return "nil", nil
		}
		if v.Kind != spec.Map {
			return "", fmt.Errorf("want a map for %s, have %s", w.typeString(t), v.Kind)
		}
		parts := make([]string, len(v.Map))
		for i, e := range v.Map {
			k, err := w.expr(e.Key, u.Key())
			if err != nil {
				return "", err
			}
			x, err := w.expr(e.Val, u.Elem())
			if err != nil {
				return "", err
			}
			parts[i] = k + ": " + x
		}
		return w.typeString(t) + "{" + strings.Join(parts, ", ") + "}", nil
	case *types.Struct:
		if v.Kind != spec.Map {
			return "", fmt.Errorf("want a map for %s, have %s", w.typeString(t), v.Kind)
		}
		var parts []string
		for _, e := range v.Map {
			name := e.Key.Str
			var ft types.Type
			for i := 0; i < u.NumFields(); i++ {
				if u.Field(i).Name() == name {
					ft = u.Field(i).Type()
				}
			}
			if ft == nil {
				return "", fmt.Errorf("%s has no field %s", w.typeString(t), name)
			}
			if isTrivial(e.Val) && valueKey(e.Val) == valueKey(zeroValue(ft)) {
				continue
			}
			x, err := w.expr(e.Val, ft)
			if err != nil {
				return "", err
			}
			parts = append(parts, name+": "+x)
		}
		return w.typeString(t) + "{" + strings.Join(parts, ", ") + "}", nil
	case *types.Interface:
		if v.Kind == spec.Null {
			return "nil", nil
		}
		if !u.Empty() {
			return "", fmt.Errorf("cannot build a non-nil %s", w.typeString(t))
		}
		return w.dynamic(v)
	}
	if v.Kind == spec.Null {
		return "nil", nil
	}
	return "", fmt.Errorf("cannot build a value of type %s", w.typeString(t))
}

func (w exprWriter) elems(ts string, vs []spec.Value, elem types.Type) (string, error) {
	parts := make([]string, len(vs))
	for i, e := range vs {
		x, err := w.expr(e, elem)
		if err != nil {
			return "", err
		}
		parts[i] = x
	}
	return ts + "{" + strings.Join(parts, ", ") + "}", nil
}

func (w exprWriter) basic(v spec.Value, b *types.Basic) (string, error) {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0 && v.Kind == spec.Bool:
		return strconv.FormatBool(v.Bool), nil
	case info&types.IsString != 0 && v.Kind == spec.String:
		return strconv.Quote(v.Str), nil
	case info&types.IsInteger != 0:
		signed, lo, hi := intBounds(b)
		switch v.Kind {
		case spec.Int:
			if v.Int < lo || (v.Int > 0 && uint64(v.Int) > hi) || (!signed && v.Int < 0) {
				return "", fmt.Errorf("%d overflows %s", v.Int, b.Name())
			}
			return strconv.FormatInt(v.Int, 10), nil
		case spec.Uint:
			if v.Uint > hi {
				return "", fmt.Errorf("%d overflows %s", v.Uint, b.Name())
			}
			return strconv.FormatUint(v.Uint, 10), nil
		}
	case info&types.IsFloat != 0 && (v.IsNumber()):
		f := v.Float
		switch v.Kind {
		case spec.Int:
			f = float64(v.Int)
		case spec.Uint:
			f = float64(v.Uint)
		}
		var s string
		switch {
		case math.IsNaN(f):
			s = "math.NaN()"
		case math.IsInf(f, 1):
			s = "math.Inf(1)"
		case math.IsInf(f, -1):
			s = "math.Inf(-1)"
		case f == 0 && math.Signbit(f):
			s = "math.Copysign(0, -1)"
		default:
			if b.Kind() == types.Float32 && math.Abs(f) > math.MaxFloat32 {
				return "", fmt.Errorf("%g overflows float32", f)
			}
			return spec.FormatFloat(f), nil
		}
		if b.Kind() == types.Float32 {
			return "float32(" + s + ")", nil
		}
		return s, nil
	}
	return "", fmt.Errorf("want a %s value, have %s", b.Name(), v.Kind)
}

// dynamic renders v for an empty interface, with the default Go type of
// its kind.
func (w exprWriter) dynamic(v spec.Value) (string, error) {
	switch v.Kind {
	case spec.Null:
		return "nil", nil
	case spec.Bool:
		return strconv.FormatBool(v.Bool), nil
	case spec.Int:
		return strconv.FormatInt(v.Int, 10), nil
	case spec.Uint:
		return "uint(" + strconv.FormatUint(v.Uint, 10) + ")", nil
	case spec.Float:
		return w.basic(v, types.Typ[types.Float64])
	case spec.String:
		return strconv.Quote(v.Str), nil
	case spec.List:
		parts := make([]string, len(v.List))
		for i, e := range v.List {
			x, err := w.dynamic(e)
			if err != nil {
				return "", err
			}
			parts[i] = x
		}
		return "[]any{" + strings.Join(parts, ", ") + "}", nil
	case spec.Map:
		parts := make([]string, len(v.Map))
		for i, e := range v.Map {
			if e.Key.Kind != spec.String {
				return "", errors.New("map keys of an interface value must be strings")
			}
			x, err := w.dynamic(e.Val)
			if err != nil {
				return "", err
			}
			parts[i] = strconv.Quote(e.Key.Str) + ": " + x
		}
		return "map[string]any{" + strings.Join(parts, ", ") + "}", nil
	}
	return "", fmt.Errorf("unknown kind %s", v.Kind)
}
