package target

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/spec"
)

// GoExpr writes the canonical value v as a Go expression of type t, to
// be compiled inside the package under test; q spells the types and
// records the imports the expression needs.
//
// The expression has exactly type t, so that `x := expr` declares a
// variable of type t: constants and nil are converted (int8(5),
// (*Point)(nil), any("s")) where their default type differs. Elements
// of composite literals are written in their short form.
//
// Conversions: numbers to every integer and float type with range checks
// (an integral float to an integer when exact; NaN and infinities via
// math), complex numbers from a number or a [re, im] list, strings (any
// bytes), bools, []byte and []rune from a string (or []byte from a list
// of integers), slices, arrays (of the exact length), maps (keys converted
// to the key type, also from strings), structs from maps (fields by Go
// name, by json or yaml tag, or ignoring case; promoted fields of embedded
// structs too; unexported fields only of the package under test),
// pointers, named types, time.Duration (from "1.5s" or nanoseconds),
// time.Time (from an RFC 3339 string or Unix seconds), and interfaces:
// any gets the natural Go value (int, float64, string, bool, []any,
// map[string]any), error is errors.New(s), io.Reader is
// strings.NewReader(s), and context.Context is context.Background() (from
// null). null is nil for every type that has nil.
//
// A value built by code (spec.Code) is written as its expression,
// verbatim, for any type: the compiler checks that it fits (it is
// assigned to a variable of type t, or stands as an element of a
// composite literal). The imports of the packages it names are recorded:
// those the package under test imports, and common standard-library
// ones.
//
// On error, q is left as it was: no import is recorded for a failed
// expression.
func GoExpr(v spec.Value, t types.Type, q *Qualifier) (string, error) {
	saved := q.save()
	g := &gen{q: q}
	s, err := g.typed(v, t)
	if err != nil {
		q.restore(saved)
		return "", err
	}
	return s, nil
}

// RecvExpr writes the receiver of method f for the canonical value v: a
// value of the receiver type, or for a pointer receiver a pointer to one
// (null gives (*T)(nil)).
func RecvExpr(v spec.Value, f *Func, q *Qualifier) (string, error) {
	if f.Recv == nil {
		return "", fmt.Errorf("receiver of %s: not a method", f.Name)
	}
	t := types.Type(f.Recv)
	if f.RecvPtr {
		t = types.NewPointer(f.Recv)
	}
	s, err := GoExpr(v, t, q)
	if err != nil {
		return "", fmt.Errorf("receiver of %s: %w", f.Name, err)
	}
	return s, nil
}

// mode says how an expression relates to the type it was written for.
type mode int

const (
	exact      mode = iota // has exactly the type
	untyped                // an untyped constant or nil, representable in the type
	assignable             // typed, of another type assignable to the type
	convert                // typed, of another type that needs a conversion
)

// expr is a Go expression written for a type.
type expr struct {
	s         string
	mode      mode
	composite bool // a composite literal T{...} or &T{...}, written with t itself
	under     bool // written for the underlying type of t
	konst     bool // a constant
}

// gen writes expressions.
type gen struct {
	q *Qualifier
}

// pathError is an error at a place inside a value.
type pathError struct {
	path []string // innermost last
	err  error
}

func (e *pathError) Error() string {
	p := strings.Join(e.path, "")
	p = strings.TrimPrefix(p, ".")
	return p + ": " + e.err.Error()
}

func (e *pathError) Unwrap() error { return e.err }

// at puts err at the place seg inside a value.
func at(seg string, err error) error {
	var pe *pathError
	if errors.As(err, &pe) {
		return &pathError{path: append([]string{seg}, pe.path...), err: pe.err}
	}
	return &pathError{path: []string{seg}, err: err}
}

// typed writes v as an expression of exactly type t.
func (g *gen) typed(v spec.Value, t types.Type) (string, error) {
	e, err := g.conv(v, t)
	if err != nil {
		return "", err
	}
	if e.mode == exact {
		return e.s, nil
	}
	return g.wrap(t, e.s), nil
}

// elem writes v as an element of a composite literal of element type t.
func (g *gen) elem(v spec.Value, t types.Type) (string, error) {
	e, err := g.conv(v, t)
	if err != nil {
		return "", err
	}
	if e.mode == convert {
		return g.wrap(t, e.s), nil
	}
	return e.s, nil
}

// wrap converts the expression s to type t.
func (g *gen) wrap(t types.Type, s string) string {
	ts := g.q.TypeString(t)
	if strings.HasPrefix(ts, "*") || strings.HasPrefix(ts, "<-") || strings.HasPrefix(ts, "func") || strings.HasPrefix(ts, "chan") {
		ts = "(" + ts + ")"
	}
	return ts + "(" + s + ")"
}

// conv writes v for type t.
func (g *gen) conv(v spec.Value, t types.Type) (expr, error) {
	if v.Kind == spec.Code {
		return g.code(v.Str)
	}
	tu := types.Unalias(t)
	switch {
	case isTimeType(tu, "Duration"):
		return g.duration(v, t)
	case isTimeType(tu, "Time"):
		return g.time(v, t)
	}
	if _, ok := tu.(*types.TypeParam); ok {
		return expr{}, fmt.Errorf("cannot build a value of type parameter %s", g.q.TypeString(t))
	}
	_, named := tu.(*types.Named)
	u := tu.Underlying()
	if v.Kind == spec.Null {
		if _, ok := u.(*types.Interface); ok && interfaceKind(tu) == ifaceContext {
			return g.iface(v, t, tu)
		}
		if nillable(u) {
			return expr{s: "nil", mode: untyped}, nil
		}
		return expr{}, fmt.Errorf("want %s for %s, got null", wantWord(u), g.q.TypeString(t))
	}
	var e expr
	var err error
	switch u := u.(type) {
	case *types.Basic:
		e, err = g.basic(v, u, t)
	case *types.Slice:
		e, err = g.slice(v, u, t)
	case *types.Array:
		e, err = g.array(v, u, t)
	case *types.Map:
		e, err = g.mapLit(v, u, t)
	case *types.Struct:
		e, err = g.structLit(v, u, t)
	case *types.Pointer:
		e, err = g.pointer(v, u)
	case *types.Interface:
		return g.iface(v, t, tu)
	case *types.Signature:
		return expr{}, fmt.Errorf("cannot build a value of func type %s (only null, for nil)", g.q.TypeString(t))
	case *types.Chan:
		return expr{}, fmt.Errorf("cannot build a value of channel type %s (only null, for nil)", g.q.TypeString(t))
	default:
		return expr{}, fmt.Errorf("cannot build a value of type %s", g.q.TypeString(t))
	}
	if err != nil {
		return expr{}, err
	}
	if named && e.under && e.mode == exact {
		// A value of the underlying type: a constant is assignable to the
		// named type, anything else needs a conversion.
		e.mode = convert
		if e.konst {
			e.mode = untyped
		}
	}
	return e, nil
}

// nillable reports whether nil is a value of a type with underlying type u.
func nillable(u types.Type) bool {
	switch u := u.(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Signature, *types.Chan:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// wantWord names the kind of value a type is built from, for messages.
func wantWord(u types.Type) string {
	switch u := u.(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return "an integer"
		case u.Info()&types.IsFloat != 0:
			return "a number"
		case u.Info()&types.IsComplex != 0:
			return "a number or a [re, im] list"
		case u.Info()&types.IsString != 0:
			return "a string"
		case u.Info()&types.IsBoolean != 0:
			return "a bool"
		}
	case *types.Slice, *types.Array:
		return "a list"
	case *types.Map, *types.Struct:
		return "a map"
	}
	return "a value"
}

// mismatch is the error for a value of the wrong kind.
func (g *gen) mismatch(v spec.Value, want string, t types.Type) error {
	return fmt.Errorf("want %s for %s, got %s", want, g.q.TypeString(t), v.Kind)
}

var (
	minInt64  = big.NewInt(math.MinInt64)
	maxUint64 = new(big.Int).SetUint64(math.MaxUint64)
)

// intRange returns the bounds of an integer kind (int and uint are 64 bits).
func intRange(k types.BasicKind) (lo, hi *big.Int) {
	bits := map[types.BasicKind]uint{
		types.Int8: 8, types.Int16: 16, types.Int32: 32, types.Int64: 64, types.Int: 64,
		types.Uint8: 8, types.Uint16: 16, types.Uint32: 32, types.Uint64: 64, types.Uint: 64, types.Uintptr: 64,
	}[k]
	one := big.NewInt(1)
	switch k {
	case types.Int8, types.Int16, types.Int32, types.Int64, types.Int:
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, bits-1), one)
		lo = new(big.Int).Neg(new(big.Int).Lsh(one, bits-1))
	default:
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
		lo = new(big.Int)
	}
	return lo, hi
}

// basic writes v for a basic type b (the underlying type of t).
func (g *gen) basic(v spec.Value, b *types.Basic, t types.Type) (expr, error) {
	info := b.Info()
	switch {
	case info&types.IsInteger != 0:
		n, err := g.integer(v, t)
		if err != nil {
			return expr{}, err
		}
		lo, hi := intRange(b.Kind())
		if n.Cmp(lo) < 0 || n.Cmp(hi) > 0 {
			return expr{}, fmt.Errorf("%s overflows %s", n, g.q.TypeString(t))
		}
		m := untyped
		if b.Kind() == types.Int {
			m = exact
		}
		return expr{s: n.String(), mode: m, under: true, konst: true}, nil
	case info&types.IsFloat != 0:
		f, ok := number(v)
		if !ok {
			return expr{}, g.mismatch(v, "a number", t)
		}
		return g.float(f, b.Kind() == types.Float32, b.Kind() == types.Float64, t)
	case info&types.IsComplex != 0:
		return g.complex(v, b.Kind() == types.Complex64, t)
	case info&types.IsString != 0:
		if v.Kind != spec.String {
			return expr{}, g.mismatch(v, "a string", t)
		}
		return expr{s: strconv.Quote(v.Str), mode: exact, under: true, konst: true}, nil
	case info&types.IsBoolean != 0:
		if v.Kind != spec.Bool {
			return expr{}, g.mismatch(v, "a bool", t)
		}
		return expr{s: strconv.FormatBool(v.Bool), mode: exact, under: true, konst: true}, nil
	}
	return expr{}, fmt.Errorf("cannot build a value of type %s", g.q.TypeString(t))
}

// integer returns the integer value of v, which may be an integral float.
func (g *gen) integer(v spec.Value, t types.Type) (*big.Int, error) {
	switch v.Kind {
	case spec.Int:
		return big.NewInt(v.Int), nil
	case spec.Uint:
		return new(big.Int).SetUint64(v.Uint), nil
	case spec.Float:
		f := v.Float
		if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
			return nil, fmt.Errorf("%s is not an integer, as %s requires", spec.FormatFloat(f), g.q.TypeString(t))
		}
		n, _ := big.NewFloat(f).Int(nil)
		if n.Cmp(minInt64) < 0 || n.Cmp(maxUint64) > 0 {
			return nil, fmt.Errorf("%s overflows %s", spec.FormatFloat(f), g.q.TypeString(t))
		}
		return n, nil
	}
	return nil, g.mismatch(v, "an integer", t)
}

// number returns the value of a numeric v as a float64.
func number(v spec.Value) (float64, bool) {
	switch v.Kind {
	case spec.Int:
		return float64(v.Int), true
	case spec.Uint:
		return float64(v.Uint), true
	case spec.Float:
		return v.Float, true
	}
	return 0, false
}

// float writes f for a float type; is64 reports exactly float64.
func (g *gen) float(f float64, is32, is64 bool, t types.Type) (expr, error) {
	if s := g.special(f); s != "" {
		m := convert
		if is64 {
			m = exact
		}
		return expr{s: s, mode: m, under: true}, nil
	}
	if is32 && math.IsInf(float64(float32(f)), 0) {
		return expr{}, fmt.Errorf("%s overflows %s", spec.FormatFloat(f), g.q.TypeString(t))
	}
	s := floatLit(f, is32)
	m := untyped
	if is64 {
		m = exact
	}
	return expr{s: s, mode: m, under: true, konst: true}, nil
}

// special writes NaN, the infinities and negative zero through package
// math, and returns "" for other floats.
func (g *gen) special(f float64) string {
	switch {
	case math.IsNaN(f):
		return g.q.Import("math", "math") + ".NaN()"
	case math.IsInf(f, 1):
		return g.q.Import("math", "math") + ".Inf(1)"
	case math.IsInf(f, -1):
		return g.q.Import("math", "math") + ".Inf(-1)"
	case f == 0 && math.Signbit(f):
		return g.q.Import("math", "math") + ".Copysign(0, -1)"
	}
	return ""
}

// floatLit writes a finite float as an untyped floating-point constant.
func floatLit(f float64, is32 bool) string {
	var s string
	if is32 && float64(float32(f)) == f {
		s = strconv.FormatFloat(f, 'g', -1, 32)
	} else {
		s = strconv.FormatFloat(f, 'g', -1, 64)
	}
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// complex writes a complex number from a number or a [re, im] list.
func (g *gen) complex(v spec.Value, is64 bool, t types.Type) (expr, error) {
	var re, im float64
	switch {
	case v.IsNumber():
		re, _ = number(v)
	case v.Kind == spec.List && len(v.List) == 2 && v.List[0].IsNumber() && v.List[1].IsNumber():
		re, _ = number(v.List[0])
		im, _ = number(v.List[1])
	default:
		return expr{}, g.mismatch(v, "a number or a [re, im] list", t)
	}
	constant := true
	part := func(f float64) (string, error) {
		if s := g.special(f); s != "" {
			constant = false
			return s, nil
		}
		if is64 && math.IsInf(float64(float32(f)), 0) {
			return "", fmt.Errorf("%s overflows %s", spec.FormatFloat(f), g.q.TypeString(t))
		}
		return floatLit(f, is64), nil
	}
	rs, err := part(re)
	if err != nil {
		return expr{}, err
	}
	is, err := part(im)
	if err != nil {
		return expr{}, err
	}
	s := "complex(" + rs + ", " + is + ")"
	switch {
	case !is64:
		return expr{s: s, mode: exact, under: true, konst: constant}, nil
	case constant:
		return expr{s: s, mode: untyped, under: true, konst: true}, nil
	}
	return expr{s: s, mode: convert, under: true}, nil
}

// slice writes a slice literal, or a conversion from a string for []byte
// and []rune.
func (g *gen) slice(v spec.Value, u *types.Slice, t types.Type) (expr, error) {
	eb, _ := u.Elem().Underlying().(*types.Basic)
	isBytes := eb != nil && eb.Kind() == types.Uint8
	isRunes := eb != nil && eb.Kind() == types.Int32
	if v.Kind == spec.String && (isBytes || isRunes) {
		return expr{s: g.wrap(t, strconv.Quote(v.Str)), mode: exact}, nil
	}
	if v.Kind != spec.List {
		want := "a list"
		switch {
		case isBytes:
			want = "a string or a list of integers"
		case isRunes:
			want = "a string or a list"
		}
		return expr{}, g.mismatch(v, want, t)
	}
	return g.listLit(v, u.Elem(), t)
}

// array writes an array literal of the exact length.
func (g *gen) array(v spec.Value, u *types.Array, t types.Type) (expr, error) {
	if v.Kind != spec.List {
		return expr{}, g.mismatch(v, "a list", t)
	}
	if int64(len(v.List)) != u.Len() {
		return expr{}, fmt.Errorf("want %d elements for %s, got %d", u.Len(), g.q.TypeString(t), len(v.List))
	}
	return g.listLit(v, u.Elem(), t)
}

func (g *gen) listLit(v spec.Value, elem, t types.Type) (expr, error) {
	parts := make([]string, len(v.List))
	for i, ev := range v.List {
		s, err := g.elem(ev, elem)
		if err != nil {
			return expr{}, at("["+strconv.Itoa(i)+"]", err)
		}
		parts[i] = s
	}
	return expr{s: g.q.TypeString(t) + "{" + strings.Join(parts, ", ") + "}", mode: exact, composite: true}, nil
}

// mapLit writes a map literal.
func (g *gen) mapLit(v spec.Value, u *types.Map, t types.Type) (expr, error) {
	if v.Kind != spec.Map {
		return expr{}, g.mismatch(v, "a map", t)
	}
	parts := make([]string, 0, len(v.Map))
	seen := map[string]bool{}
	for _, e := range v.Map {
		kv, err := g.mapKey(e.Key, u.Key())
		if err != nil {
			return expr{}, at("["+e.Key.String()+"]", fmt.Errorf("key: %w", err))
		}
		k, err := g.conv(kv, u.Key())
		if err != nil {
			return expr{}, at("["+e.Key.String()+"]", fmt.Errorf("key: %w", err))
		}
		if k.mode == convert {
			k.s = g.wrap(u.Key(), k.s)
		}
		if k.konst {
			if seen[k.s] {
				return expr{}, fmt.Errorf("duplicate key %s in map %s", e.Key, g.q.TypeString(t))
			}
			seen[k.s] = true
		}
		val, err := g.elem(e.Val, u.Elem())
		if err != nil {
			return expr{}, at("["+e.Key.String()+"]", err)
		}
		parts = append(parts, k.s+": "+val)
	}
	return expr{s: g.q.TypeString(t) + "{" + strings.Join(parts, ", ") + "}", mode: exact, composite: true}, nil
}

// mapKey adapts a key to the key type: YAML and JSON maps often have
// string keys where the Go map has numbers or bools, and number keys
// where it has strings.
func (g *gen) mapKey(k spec.Value, kt types.Type) (spec.Value, error) {
	b, ok := kt.Underlying().(*types.Basic)
	if !ok || isTimeType(kt, "Duration") {
		return k, nil
	}
	info := b.Info()
	switch {
	case k.Kind == spec.String && info&types.IsInteger != 0:
		if i, err := strconv.ParseInt(k.Str, 0, 64); err == nil {
			return spec.IntValue(i), nil
		}
		if u, err := strconv.ParseUint(k.Str, 0, 64); err == nil {
			return spec.UintValue(u), nil
		}
		return k, fmt.Errorf("want an integer for %s, got %q", g.q.TypeString(kt), k.Str)
	case k.Kind == spec.String && info&types.IsFloat != 0:
		f, err := strconv.ParseFloat(k.Str, 64)
		if err != nil {
			return k, fmt.Errorf("want a number for %s, got %q", g.q.TypeString(kt), k.Str)
		}
		return spec.FloatValue(f), nil
	case k.Kind == spec.String && info&types.IsBoolean != 0:
		bv, err := strconv.ParseBool(k.Str)
		if err != nil {
			return k, fmt.Errorf("want a bool for %s, got %q", g.q.TypeString(kt), k.Str)
		}
		return spec.BoolValue(bv), nil
	case info&types.IsString != 0 && (k.Kind == spec.Int || k.Kind == spec.Uint || k.Kind == spec.Bool):
		return spec.StringValue(k.String()), nil
	}
	return k, nil
}

// structLit writes a struct literal from a map of fields.
func (g *gen) structLit(v spec.Value, st *types.Struct, t types.Type) (expr, error) {
	if v.Kind != spec.Map {
		return expr{}, g.mismatch(v, "a map", t)
	}
	vals := make([]*spec.Value, st.NumFields())
	given := make([]string, st.NumFields())
	promoted := make([][]spec.Entry, st.NumFields())
	for _, e := range v.Map {
		if e.Key.Kind != spec.String {
			return expr{}, fmt.Errorf("want string keys for struct %s, got %s", g.q.TypeString(t), e.Key)
		}
		key := e.Key.Str
		i := g.findField(st, key)
		if i < 0 {
			// A promoted field of an embedded struct.
			if j := g.findPromoted(st, key); j >= 0 {
				promoted[j] = append(promoted[j], e)
				continue
			}
			return expr{}, g.unknownField(st, key, t)
		}
		if vals[i] != nil {
			return expr{}, fmt.Errorf("field %s of struct %s given twice (as %q and %q)", st.Field(i).Name(), g.q.TypeString(t), given[i], key)
		}
		f := st.Field(i)
		if !f.Exported() && (g.q.pkg == nil || f.Pkg() == nil || f.Pkg().Path() != g.q.pkg.Path()) {
			return expr{}, fmt.Errorf("field %s of struct %s is unexported", f.Name(), g.q.TypeString(t))
		}
		val := e.Val
		vals[i], given[i] = &val, key
	}
	var parts []string
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		val := vals[i]
		if len(promoted[i]) > 0 {
			m := spec.Value{Kind: spec.Map}
			if val != nil {
				if val.Kind != spec.Map {
					return expr{}, at("."+f.Name(), g.mismatch(*val, "a map", f.Type()))
				}
				m.Map = append(m.Map, val.Map...)
			}
			m.Map = append(m.Map, promoted[i]...)
			val = &m
		}
		if val == nil {
			continue
		}
		s, err := g.elem(*val, f.Type())
		if err != nil {
			return expr{}, at("."+f.Name(), err)
		}
		parts = append(parts, f.Name()+": "+s)
	}
	return expr{s: g.q.TypeString(t) + "{" + strings.Join(parts, ", ") + "}", mode: exact, composite: true}, nil
}

// fieldTags returns the json and yaml names of a field.
func fieldTags(st *types.Struct, i int) []string {
	tag := reflect.StructTag(st.Tag(i))
	var out []string
	for _, k := range []string{"json", "yaml"} {
		name, _, _ := strings.Cut(tag.Get(k), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// findField returns the index of the field a key names: by Go name, by
// json or yaml tag, then either ignoring case; -1 if none.
func (g *gen) findField(st *types.Struct, key string) int {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == key {
			return i
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		for _, tag := range fieldTags(st, i) {
			if tag == key {
				return i
			}
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		if strings.EqualFold(st.Field(i).Name(), key) {
			return i
		}
		for _, tag := range fieldTags(st, i) {
			if strings.EqualFold(tag, key) {
				return i
			}
		}
	}
	return -1
}

// findPromoted returns the index of the embedded struct field through
// which key names a promoted field, or -1.
func (g *gen) findPromoted(st *types.Struct, key string) int {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		ft := types.Unalias(f.Type())
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		est, ok := ft.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		if g.findField(est, key) >= 0 || g.findPromoted(est, key) >= 0 {
			return i
		}
	}
	return -1
}

func (g *gen) unknownField(st *types.Struct, key string, t types.Type) error {
	var names []string
	for i := 0; i < st.NumFields(); i++ {
		names = append(names, st.Field(i).Name())
	}
	msg := fmt.Sprintf("unknown field %q of struct %s", key, g.q.TypeString(t))
	if s := suggest(key, names); s != "" {
		msg += " (did you mean " + s + "?)"
	} else if len(names) > 0 {
		msg += " (fields: " + strings.Join(names, ", ") + ")"
	} else {
		msg += " (it has no fields)"
	}
	return errors.New(msg)
}

// pointer writes &T{...}, or a function literal that returns the address
// of a variable.
func (g *gen) pointer(v spec.Value, u *types.Pointer) (expr, error) {
	inner, err := g.conv(v, u.Elem())
	if err != nil {
		return expr{}, err
	}
	if inner.composite {
		return expr{s: "&" + inner.s, mode: exact, under: true}, nil
	}
	s := inner.s
	if inner.mode != exact {
		s = g.wrap(u.Elem(), s)
	}
	ts := g.q.TypeString(u)
	return expr{s: "func() " + ts + " { v := " + s + "; return &v }()", mode: exact, under: true}, nil
}

// iface writes a value for an interface type.
func (g *gen) iface(v spec.Value, t, tu types.Type) (expr, error) {
	ts := g.q.TypeString(t)
	// The exact interface types whose constructors return them.
	isErr := isErrorType(tu)
	isCtx := isNamed(tu, "context", "Context")
	switch interfaceKind(tu) {
	case ifaceAny:
		return g.natural(v)
	case ifaceError:
		if v.Kind == spec.Null {
			return expr{s: "nil", mode: untyped}, nil
		}
		if v.Kind != spec.String {
			return expr{}, fmt.Errorf("want a string (the message) for %s, got %s", ts, v.Kind)
		}
		m := assignable
		if isErr {
			m = exact
		}
		return expr{s: g.q.Import("errors", "errors") + ".New(" + strconv.Quote(v.Str) + ")", mode: m}, nil
	case ifaceReader:
		if v.Kind == spec.Null {
			return expr{s: "nil", mode: untyped}, nil
		}
		if v.Kind != spec.String {
			return expr{}, fmt.Errorf("want a string (the content) for %s, got %s", ts, v.Kind)
		}
		return expr{s: g.q.Import("strings", "strings") + ".NewReader(" + strconv.Quote(v.Str) + ")", mode: assignable}, nil
	case ifaceContext:
		if v.Kind != spec.Null {
			return expr{}, fmt.Errorf("want null (for context.Background()) for %s, got %s", ts, v.Kind)
		}
		m := assignable
		if isCtx {
			m = exact
		}
		return expr{s: g.q.Import("context", "context") + ".Background()", mode: m}, nil
	}
	if v.Kind == spec.Null {
		return expr{s: "nil", mode: untyped}, nil
	}
	if v.Kind == spec.Map {
		return g.fake(v, t)
	}
	return expr{}, fmt.Errorf("cannot build a value of interface type %s from %s (null, for nil, or a map of its methods' results, for a fake)", ts, v.Kind)
}

// natural writes v as the Go value it most naturally is, for an empty
// interface: int, uint, float64, string, bool, []any, map[string]any.
func (g *gen) natural(v spec.Value) (expr, error) {
	switch v.Kind {
	case spec.Null:
		return expr{s: "nil", mode: untyped}, nil
	case spec.Bool:
		return expr{s: strconv.FormatBool(v.Bool), mode: untyped, konst: true}, nil
	case spec.Int:
		return expr{s: strconv.FormatInt(v.Int, 10), mode: untyped, konst: true}, nil
	case spec.Uint:
		return expr{s: "uint(" + strconv.FormatUint(v.Uint, 10) + ")", mode: assignable}, nil
	case spec.Float:
		if s := g.special(v.Float); s != "" {
			return expr{s: s, mode: assignable}, nil
		}
		return expr{s: floatLit(v.Float, false), mode: untyped, konst: true}, nil
	case spec.String:
		return expr{s: strconv.Quote(v.Str), mode: untyped, konst: true}, nil
	case spec.List:
		parts := make([]string, len(v.List))
		for i, ev := range v.List {
			e, err := g.natural(ev)
			if err != nil {
				return expr{}, at("["+strconv.Itoa(i)+"]", err)
			}
			parts[i] = e.s
		}
		return expr{s: "[]" + g.q.anyName() + "{" + strings.Join(parts, ", ") + "}", mode: assignable}, nil
	case spec.Map:
		keyType := "string"
		for _, e := range v.Map {
			if e.Key.Kind != spec.String {
				keyType = g.q.anyName()
			}
		}
		parts := make([]string, 0, len(v.Map))
		seen := map[string]bool{}
		for _, e := range v.Map {
			k, err := g.natural(e.Key)
			if err != nil {
				return expr{}, at("["+e.Key.String()+"]", err)
			}
			if k.konst {
				if seen[k.s] {
					return expr{}, fmt.Errorf("duplicate key %s in map", e.Key)
				}
				seen[k.s] = true
			}
			val, err := g.natural(e.Val)
			if err != nil {
				return expr{}, at("["+e.Key.String()+"]", err)
			}
			parts = append(parts, k.s+": "+val.s)
		}
		return expr{s: "map[" + keyType + "]" + g.q.anyName() + "{" + strings.Join(parts, ", ") + "}", mode: assignable}, nil
	}
	return expr{}, fmt.Errorf("unknown value kind %s", v.Kind)
}

// duration writes a time.Duration from a duration string or nanoseconds.
func (g *gen) duration(v spec.Value, t types.Type) (expr, error) {
	var d int64
	switch v.Kind {
	case spec.String:
		pd, err := time.ParseDuration(v.Str)
		if err != nil {
			return expr{}, fmt.Errorf("invalid duration %q for %s: want a duration such as \"1.5s\" or nanoseconds", v.Str, g.q.TypeString(t))
		}
		d = int64(pd)
	case spec.Int, spec.Uint, spec.Float:
		n, err := g.integer(v, t)
		if err != nil {
			return expr{}, err
		}
		if !n.IsInt64() {
			return expr{}, fmt.Errorf("%s overflows %s", n, g.q.TypeString(t))
		}
		d = n.Int64()
	case spec.Null:
		return expr{}, fmt.Errorf("want a duration for %s, got null", g.q.TypeString(t))
	default:
		return expr{}, g.mismatch(v, "a duration string or nanoseconds", t)
	}
	if pkg, ok := strings.CutSuffix(g.q.TypeString(t), "Duration"); ok && pkg != "" && d != 0 && isTimeType(types.Unalias(t), "Duration") {
		// A whole number of a unit reads as one: 90 * time.Second.
		for _, u := range durationUnits {
			if d%int64(u.d) == 0 {
				count := strconv.FormatInt(d/int64(u.d), 10) + " * "
				switch d / int64(u.d) {
				case 1:
					count = "" // time.Second
				case -1:
					count = "-"
				}
				return expr{s: count + pkg + u.name, mode: exact}, nil
			}
		}
	}
	return expr{s: g.wrap(t, strconv.FormatInt(d, 10)), mode: exact}, nil
}

// durationUnits are the units a time.Duration is written in, largest first.
var durationUnits = []struct {
	d    time.Duration
	name string
}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}}

// time writes a time.Time from an RFC 3339 string (or a date, or Unix
// seconds).
func (g *gen) time(v spec.Value, t types.Type) (expr, error) {
	tm := g.q.Import("time", "time")
	switch v.Kind {
	case spec.Int:
		return expr{s: tm + ".Unix(" + strconv.FormatInt(v.Int, 10) + ", 0).UTC()", mode: exact}, nil
	case spec.String:
	case spec.Null:
		return expr{}, fmt.Errorf("want an RFC 3339 time for %s, got null", g.q.TypeString(t))
	default:
		return expr{}, g.mismatch(v, "an RFC 3339 time string", t)
	}
	var when time.Time
	var err error
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02"} {
		if when, err = time.Parse(layout, v.Str); err == nil {
			break
		}
	}
	if err != nil {
		return expr{}, fmt.Errorf("invalid time %q for %s: want RFC 3339, such as \"2024-03-01T12:00:00Z\"", v.Str, g.q.TypeString(t))
	}
	_, offset := when.Zone()
	loc := tm + ".UTC"
	if offset != 0 {
		loc = fmt.Sprintf("%s.FixedZone(%q, %d)", tm, "", offset)
	}
	s := fmt.Sprintf("%s.Date(%d, %s.%s, %d, %d, %d, %d, %d, %s)", tm, when.Year(), tm, when.Month(), when.Day(),
		when.Hour(), when.Minute(), when.Second(), when.Nanosecond(), loc)
	return expr{s: s, mode: exact}, nil
}

// codePackages are the standard-library packages a value built by code
// may name without the package under test importing them.
var codePackages = map[string]string{
	"bytes":    "bytes",
	"errors":   "errors",
	"fmt":      "fmt",
	"fs":       "io/fs",
	"fstest":   "testing/fstest",
	"httptest": "net/http/httptest",
	"io":       "io",
	"maps":     "maps",
	"math":     "math",
	"regexp":   "regexp",
	"slices":   "slices",
	"sort":     "sort",
	"strconv":  "strconv",
	"strings":  "strings",
	"time":     "time",
	"unicode":  "unicode",
	"utf8":     "unicode/utf8",
}

// localNames are the names code declares inside n: its function
// literals' parameters and results, its := and var declarations.
func localNames(n ast.Node) map[string]bool {
	locals := map[string]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			for _, fl := range []*ast.FieldList{n.Type.Params, n.Type.Results} {
				if fl == nil {
					continue
				}
				for _, f := range fl.List {
					for _, id := range f.Names {
						locals[id.Name] = true
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						locals[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				locals[id.Name] = true
			}
		}
		return true
	})
	return locals
}

// code writes a value built by the Go expression src, as written.
func (g *gen) code(src string) (expr, error) {
	if err := spec.CheckCode(src); err != nil {
		return expr{}, err
	}
	x, _ := parser.ParseExpr(src)
	locals := localNames(x)
	byName := ImportsByName(g.q.pkg)
	var renames map[string]string
	for _, name := range Qualifiers(x, g.q.pkg, func(name string) bool { return locals[name] }) {
		if g.q.pkg != nil && name == g.q.pkg.Name() {
			if _, imported := byName[name]; !imported {
				return expr{}, fmt.Errorf("go expression %q: the package under test is named without its qualifier (%s.X is X)", src, name)
			}
		}
		// The standard packages first: the package under test may
		// import another package of the same name under another name.
		path, ok := codePackages[name]
		if !ok {
			path, ok = byName[name]
		}
		if !ok {
			continue // unknown: the compiler will say
		}
		if got := g.q.Import(path, name); got != name {
			if renames == nil {
				renames = map[string]string{}
			}
			renames[name] = got
		}
	}
	if len(renames) > 0 {
		// A package whose name the file gives something else (a
		// parameter url of type url.URL) is imported under another
		// name, which the code then uses.
		src = renameQualifiers(src, x, renames, locals)
		x, _ = parser.ParseExpr(src)
	}
	// The fakes the code names (fakeHook{…}, as a fake's record that
	// does not build again is written) are declared as GoExpr declares
	// them.
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit) // not the selected name
			return false
		case *ast.Ident:
			if !locals[n.Name] {
				g.q.declareNamedFake(n.Name)
			}
		}
		return true
	}
	ast.Inspect(x, visit)
	return expr{s: src, mode: exact}, nil
}

// renameQualifiers rewrites src, parsed as x, so that each qualifier
// X.Sel whose X is a key of renames (not a local name) reads renames[X].
func renameQualifiers(src string, x ast.Expr, renames map[string]string, locals map[string]bool) string {
	type edit struct {
		off  int
		from string
		to   string
	}
	var edits []edit
	ast.Inspect(x, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && !locals[id.Name] {
			if to, ok := renames[id.Name]; ok {
				edits = append(edits, edit{int(id.Pos()) - 1, id.Name, to})
			}
		}
		return true
	})
	sort.Slice(edits, func(i, j int) bool { return edits[i].off > edits[j].off })
	for _, e := range edits {
		if e.off >= 0 && e.off+len(e.from) <= len(src) && src[e.off:e.off+len(e.from)] == e.from {
			src = src[:e.off] + e.to + src[e.off+len(e.from):]
		}
	}
	return src
}

// Rebuilds reports whether GoExpr rebuilds a value of type t from its
// canonical value, equal to the original: false when t holds a struct
// with an unexported field (the canonical tree keeps exported fields
// only, or the String() text of a struct without any), at any depth
// through pointers, slices, arrays, maps and fields. Such values are
// written as the Go code that built them.
func Rebuilds(t types.Type) bool {
	return rebuilds(t, map[types.Type]bool{})
}

func rebuilds(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if isTimeType(t, "Time") || isTimeType(t, "Duration") {
		return true
	}
	if seen[t] {
		return true // a recursive type: decided where it started
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return rebuilds(u.Elem(), seen)
	case *types.Slice:
		return rebuilds(u.Elem(), seen)
	case *types.Array:
		return rebuilds(u.Elem(), seen)
	case *types.Map:
		return rebuilds(u.Key(), seen) && rebuilds(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i); !f.Exported() || !rebuilds(f.Type(), seen) {
				return false
			}
		}
	}
	return true
}

// Qualifiers returns, sorted and once each, the names that x uses as the
// qualifier of a selector (the X of X.Sel) and that may name a package:
// neither local (inScope) nor declared at the top of pkg (which may be
// nil). The caller decides which package each name stands for.
func Qualifiers(x ast.Expr, pkg *types.Package, inScope func(name string) bool) []string {
	var refs []string
	ast.Inspect(x, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || inScope(id.Name) || slices.Contains(refs, id.Name) {
			return true
		}
		if pkg != nil && pkg.Scope().Lookup(id.Name) != nil {
			return true
		}
		refs = append(refs, id.Name)
		return true
	})
	sort.Strings(refs)
	return refs
}

// ImportsByName maps the names of the packages pkg imports (which may be
// nil) to their paths.
func ImportsByName(pkg *types.Package) map[string]string {
	byName := map[string]string{}
	if pkg != nil {
		for _, ip := range pkg.Imports() {
			byName[ip.Name()] = ip.Path()
		}
	}
	return byName
}

// CodeNames reports whether a value built by code in the scope of pkg
// (which may be nil) can name package p by its name: p is one of the
// standard packages such code may always name, or pkg imports it.
func CodeNames(pkg, p *types.Package) bool {
	if path, ok := codePackages[p.Name()]; ok {
		return path == p.Path()
	}
	return ImportsByName(pkg)[p.Name()] == p.Path()
}
