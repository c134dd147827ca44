package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Kind is the kind of a canonical Value.
type Kind uint8

// The kinds of canonical values.
const (
	Null Kind = iota
	Bool
	Int
	Uint
	Float
	String
	List
	Map
	// Opaque is a value that the tree cannot hold and that cannot be
	// built back: a func, a chan, an unsafe pointer, a pointer cycle, a
	// value nested too deep, or a value the executor could not decode.
	// Str holds its placeholder text ("<func>", "<chan int>", "<cycle>",
	// "<too deep>"); it is written, compared and ordered as that string.
	Opaque
	// Code is a value built by Go code: Str holds a Go expression,
	// evaluated in the package under test, that makes the value
	// (`MustParse("1.2.3")`, `NewStack(3)`). Specs write it as the
	// mapping {go: 'expr'}. It stands for values the tree cannot rebuild,
	// such as those of types with unexported fields; it is an input, a
	// receiver or a field of one, never an expected result. It compares
	// as its text, apart from strings.
	Code
)

var kindNames = [...]string{"null", "bool", "int", "uint", "float", "string", "list", "map", "opaque", "code"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Value is the canonical tree of a Go value: the form in which inputs,
// results and expected values are compared, written and transported.
// Scalars keep their kind (int, uint, float); structs are maps of their
// exported fields in declaration order; Go maps are maps sorted by key;
// pointers are their target or null.
//
// The zero Value is null.
type Value struct {
	Kind  Kind
	Bool  bool
	Int   int64
	Uint  uint64
	Float float64
	Str   string
	List  []Value
	Map   []Entry
}

// Entry is one key/value pair of a Map value.
type Entry struct {
	Key Value
	Val Value
}

// Constructors for canonical values.
func NullValue() Value           { return Value{} }
func BoolValue(b bool) Value     { return Value{Kind: Bool, Bool: b} }
func IntValue(i int64) Value     { return Value{Kind: Int, Int: i} }
func UintValue(u uint64) Value   { return Value{Kind: Uint, Uint: u} }
func FloatValue(f float64) Value { return Value{Kind: Float, Float: f} }
func StringValue(s string) Value { return Value{Kind: String, Str: s} }

// OpaqueValue is an opaque value with its placeholder text.
func OpaqueValue(text string) Value { return Value{Kind: Opaque, Str: text} }

// CodeValue is a value built by the Go expression expr.
func CodeValue(expr string) Value { return Value{Kind: Code, Str: expr} }
func ListValue(vs ...Value) Value {
	if vs == nil {
		vs = []Value{}
	}
	return Value{Kind: List, List: vs}
}

// MapValue builds a map from alternating string keys and values.
func MapValue(kv ...any) Value {
	m := Value{Kind: Map, Map: []Entry{}}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Map = append(m.Map, Entry{Key: StringValue(kv[i].(string)), Val: kv[i+1].(Value)})
	}
	return m
}

// Field returns the value stored under the string key name in a map.
func (v Value) Field(name string) (Value, bool) {
	for _, e := range v.Map {
		if e.Key.Kind == String && e.Key.Str == name {
			return e.Val, true
		}
	}
	return Value{}, false
}

// Plain is v as plain Go data, the shape a YAML or JSON decoder gives:
// nil, bool, int64, uint64, float64, string, []any and map[string]any.
// A map key that is not a string is its written form, a NaN or
// infinite float its YAML spelling (".nan"), Go code {go: source}, and
// an opaque value its text.
func (v Value) Plain() any {
	switch v.Kind {
	case Null:
		return nil
	case Bool:
		return v.Bool
	case Int:
		return v.Int
	case Uint:
		return v.Uint
	case Float:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return FormatFloat(v.Float)
		}
		return v.Float
	case Code:
		return map[string]any{"go": v.Str}
	case List:
		l := make([]any, len(v.List))
		for i, e := range v.List {
			l[i] = e.Plain()
		}
		return l
	case Map:
		m := make(map[string]any, len(v.Map))
		for _, e := range v.Map {
			k := e.Key.Str
			if e.Key.Kind != String {
				k = e.Key.String()
			}
			m[k] = e.Val.Plain()
		}
		return m
	}
	return v.Str
}

// IsNumber reports whether v is an int, uint or float.
func (v Value) IsNumber() bool { return v.Kind == Int || v.Kind == Uint || v.Kind == Float }

// String renders v compactly in flow-style YAML, for messages.
func (v Value) String() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v Value) write(b *strings.Builder) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Int:
		b.WriteString(strconv.FormatInt(v.Int, 10))
	case Uint:
		b.WriteString(strconv.FormatUint(v.Uint, 10))
	case Float:
		b.WriteString(FormatFloat(v.Float))
	case String, Opaque:
		b.WriteString(strconv.Quote(v.Str))
	case Code:
		b.WriteString("{go: " + strconv.Quote(v.Str) + "}")
	case List:
		b.WriteByte('[')
		for i, e := range v.List {
			if i > 0 {
				b.WriteString(", ")
			}
			e.write(b)
		}
		b.WriteByte(']')
	case Map:
		b.WriteByte('{')
		for i, e := range v.Map {
			if i > 0 {
				b.WriteString(", ")
			}
			if e.Key.textKind() == String {
				b.WriteString(e.Key.Str)
			} else {
				e.Key.write(b)
			}
			b.WriteString(": ")
			e.Val.write(b)
		}
		b.WriteByte('}')
	}
}

// FormatFloat renders f the way specs write floats: shortest exact form,
// always recognisable as a float (.nan, .inf, -.inf, 1.0, -0.0).
func FormatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ".nan"
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// EqualOption configures Equal.
type EqualOption struct {
	// FloatTolerance is the largest relative difference (or absolute,
	// for values whose magnitude is below 1) under which two floats are
	// equal. Zero means exact equality.
	FloatTolerance float64
	// Unordered compares lists as multisets, at every depth: each
	// element of want must match a different element of got, in any
	// order.
	Unordered bool
}

// Equal reports whether want and got are the same canonical value.
// Numbers compare by numeric value whatever their kind; NaN equals NaN.
func Equal(want, got Value, opt EqualOption) bool {
	return len(diff(nil, "", want, got, opt, 1)) == 0
}

// Diff describes how got differs from want, one line per difference,
// each naming the path of the differing element. It is empty when the
// values are equal.
func Diff(want, got Value, opt EqualOption) string {
	lines := diff(nil, "", want, got, opt, 20)
	return strings.Join(lines, "\n")
}

func diff(out []string, path string, want, got Value, opt EqualOption, limit int) []string {
	if len(out) >= limit {
		return out
	}
	at := path
	if at == "" {
		at = "value"
	}
	if want.IsNumber() && got.IsNumber() {
		if !numEqual(want, got, opt.FloatTolerance) {
			out = append(out, fmt.Sprintf("%s: want %s, got %s", at, want, got))
		}
		return out
	}
	if want.textKind() != got.textKind() {
		return append(out, fmt.Sprintf("%s: want %s, got %s", at, want, got))
	}
	switch want.textKind() {
	case Bool:
		if want.Bool != got.Bool {
			out = append(out, fmt.Sprintf("%s: want %s, got %s", at, want, got))
		}
	case String, Code:
		if want.Str != got.Str {
			out = append(out, fmt.Sprintf("%s: want %s, got %s", at, want, got))
		}
	case List:
		if opt.Unordered {
			return unorderedDiff(out, path, want.List, got.List, opt, limit)
		}
		n := min(len(want.List), len(got.List))
		for i := 0; i < n; i++ {
			out = diff(out, fmt.Sprintf("%s[%d]", path, i), want.List[i], got.List[i], opt, limit)
		}
		if len(want.List) != len(got.List) {
			out = append(out, fmt.Sprintf("%s: want %d elements, got %d", at, len(want.List), len(got.List)))
			for i := n; i < len(want.List) && len(out) < limit; i++ {
				out = append(out, fmt.Sprintf("%s[%d]: missing %s", path, i, want.List[i]))
			}
			for i := n; i < len(got.List) && len(out) < limit; i++ {
				out = append(out, fmt.Sprintf("%s[%d]: extra %s", path, i, got.List[i]))
			}
		}
	case Map:
		for _, we := range want.Map {
			p := path + "." + keyString(we.Key)
			gv, ok := lookup(got, we.Key, opt)
			if !ok {
				out = append(out, fmt.Sprintf("%s: missing (want %s)", p, we.Val))
				continue
			}
			out = diff(out, p, we.Val, gv, opt, limit)
		}
		for _, ge := range got.Map {
			if _, ok := lookup(want, ge.Key, opt); !ok && len(out) < limit {
				out = append(out, fmt.Sprintf("%s.%s: unexpected %s", path, keyString(ge.Key), ge.Val))
			}
		}
	}
	return out
}

// unorderedDiff describes how the list got differs from the list want
// as multisets: the elements of want that no element of got matches,
// and the elements of got left over. Each element of want takes the
// first equal element of got not taken yet.
func unorderedDiff(out []string, path string, want, got []Value, opt EqualOption, limit int) []string {
	at := path
	if at == "" {
		at = "value"
	}
	taken := make([]bool, len(got))
	var missing []int
	for i, w := range want {
		j := 0
		for ; j < len(got); j++ {
			if !taken[j] && Equal(w, got[j], opt) {
				break
			}
		}
		if j == len(got) {
			missing = append(missing, i)
			continue
		}
		taken[j] = true
	}
	if len(want) != len(got) {
		out = append(out, fmt.Sprintf("%s: want %d elements, got %d (in any order)", at, len(want), len(got)))
	}
	for _, i := range missing {
		if len(out) >= limit {
			return out
		}
		out = append(out, fmt.Sprintf("%s[%d]: missing %s (in any order)", path, i, want[i]))
	}
	for j, g := range got {
		if !taken[j] && len(out) < limit {
			out = append(out, fmt.Sprintf("%s[%d]: extra %s (in any order)", path, j, g))
		}
	}
	return out
}

func keyString(k Value) string {
	if k.textKind() == String {
		return k.Str
	}
	return "[" + k.String() + "]"
}

func lookup(m, key Value, opt EqualOption) (Value, bool) {
	for _, e := range m.Map {
		if Equal(key, e.Key, opt) {
			return e.Val, true
		}
	}
	return Value{}, false
}

func numEqual(a, b Value, tol float64) bool {
	if a.Kind != Float && b.Kind != Float {
		switch {
		case a.Kind == Int && b.Kind == Int:
			return a.Int == b.Int
		case a.Kind == Uint && b.Kind == Uint:
			return a.Uint == b.Uint
		case a.Kind == Int:
			return a.Int >= 0 && uint64(a.Int) == b.Uint
		default:
			return b.Int >= 0 && uint64(b.Int) == a.Uint
		}
	}
	x, y := a.float(), b.float()
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.IsNaN(x) && math.IsNaN(y)
	}
	if x == y {
		return math.Signbit(x) == math.Signbit(y) || tol > 0 || a.Kind != Float || b.Kind != Float
	}
	if tol <= 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return false
	}
	d := math.Abs(x - y)
	scale := math.Max(math.Abs(x), math.Abs(y))
	if scale < 1 {
		return d <= tol
	}
	return d/scale <= tol
}

func (v Value) float() float64 {
	switch v.Kind {
	case Int:
		return float64(v.Int)
	case Uint:
		return float64(v.Uint)
	}
	return v.Float
}

// SortMap sorts the entries of a map value by key, the order used for Go maps.
func (v *Value) SortMap() {
	sort.SliceStable(v.Map, func(i, j int) bool { return Less(v.Map[i].Key, v.Map[j].Key) })
}

// Less orders values: by kind, then by value.
func Less(a, b Value) bool {
	if a.IsNumber() && b.IsNumber() {
		return a.float() < b.float() || (a.float() == b.float() && a.Kind < b.Kind)
	}
	if a.textKind() != b.textKind() {
		return a.textKind() < b.textKind()
	}
	switch a.textKind() {
	case Bool:
		return !a.Bool && b.Bool
	case String, Code:
		return a.Str < b.Str
	}
	return a.String() < b.String()
}

// textKind is the kind under which v compares: an opaque value compares
// as the string of its text.
func (v Value) textKind() Kind {
	if v.Kind == Opaque {
		return String
	}
	return v.Kind
}

// The wire form of a Value is JSON where strings, bools, null and lists
// are themselves, and the rest are tagged one-key objects:
// {"i":"-5"}, {"u":"5"}, {"f":"1.5"} (or "NaN", "+Inf", "-Inf"),
// {"m":[[key,value],...]}, {"o":"<func>"} (an opaque value) and
// {"g":"NewStack(3)"} (a value built by code). It is
// lossless, and it is what workers send.

// MarshalJSON encodes v in the wire form.
func (v Value) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := v.encode(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (v Value) encode(b *bytes.Buffer) error {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Int:
		fmt.Fprintf(b, `{"i":"%d"}`, v.Int)
	case Uint:
		fmt.Fprintf(b, `{"u":"%d"}`, v.Uint)
	case Float:
		fmt.Fprintf(b, `{"f":%q}`, strconv.FormatFloat(v.Float, 'g', -1, 64))
	case String:
		s, err := json.Marshal(v.Str)
		if err != nil {
			return err
		}
		b.Write(s)
	case Opaque:
		s, err := json.Marshal(v.Str)
		if err != nil {
			return err
		}
		b.WriteString(`{"o":`)
		b.Write(s)
		b.WriteByte('}')
	case Code:
		s, err := json.Marshal(v.Str)
		if err != nil {
			return err
		}
		b.WriteString(`{"g":`)
		b.Write(s)
		b.WriteByte('}')
	case List:
		b.WriteByte('[')
		for i, e := range v.List {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := e.encode(b); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case Map:
		b.WriteString(`{"m":[`)
		for i, e := range v.Map {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('[')
			if err := e.Key.encode(b); err != nil {
				return err
			}
			b.WriteByte(',')
			if err := e.Val.encode(b); err != nil {
				return err
			}
			b.WriteByte(']')
		}
		b.WriteString(`]}`)
	default:
		return fmt.Errorf("encode value: unknown kind %d", v.Kind)
	}
	return nil
}

// UnmarshalJSON decodes the wire form.
func (v *Value) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("decode value: %w", err)
	}
	out, err := fromWire(raw)
	if err != nil {
		return fmt.Errorf("decode value: %w", err)
	}
	*v = out
	return nil
}

func fromWire(raw any) (Value, error) {
	switch x := raw.(type) {
	case nil:
		return Value{}, nil
	case bool:
		return BoolValue(x), nil
	case string:
		return StringValue(x), nil
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return IntValue(i), nil
		}
		f, err := x.Float64()
		return FloatValue(f), err
	case []any:
		l := ListValue()
		for _, e := range x {
			ev, err := fromWire(e)
			if err != nil {
				return Value{}, err
			}
			l.List = append(l.List, ev)
		}
		return l, nil
	case map[string]any:
		if len(x) != 1 {
			return Value{}, fmt.Errorf("tagged object with %d keys", len(x))
		}
		for tag, body := range x {
			switch tag {
			case "i", "u", "f":
				s, ok := body.(string)
				if !ok {
					return Value{}, fmt.Errorf("tag %q: want a string", tag)
				}
				switch tag {
				case "i":
					i, err := strconv.ParseInt(s, 10, 64)
					return IntValue(i), err
				case "u":
					u, err := strconv.ParseUint(s, 10, 64)
					return UintValue(u), err
				default:
					f, err := strconv.ParseFloat(s, 64)
					if err != nil && !errorsIsRange(err) {
						return Value{}, err
					}
					return FloatValue(f), nil
				}
			case "o", "g":
				s, ok := body.(string)
				if !ok {
					return Value{}, fmt.Errorf("tag %s: want a string", tag)
				}
				if tag == "g" {
					return CodeValue(s), nil
				}
				return OpaqueValue(s), nil
			case "m":
				pairs, ok := body.([]any)
				if !ok {
					return Value{}, fmt.Errorf("tag m: want a list of pairs")
				}
				m := Value{Kind: Map, Map: []Entry{}}
				for _, p := range pairs {
					kv, ok := p.([]any)
					if !ok || len(kv) != 2 {
						return Value{}, fmt.Errorf("tag m: want [key, value] pairs")
					}
					k, err := fromWire(kv[0])
					if err != nil {
						return Value{}, err
					}
					val, err := fromWire(kv[1])
					if err != nil {
						return Value{}, err
					}
					m.Map = append(m.Map, Entry{Key: k, Val: val})
				}
				return m, nil
			}
			return Value{}, fmt.Errorf("unknown tag %q", tag)
		}
	}
	return Value{}, fmt.Errorf("unexpected %T", raw)
}

func errorsIsRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
