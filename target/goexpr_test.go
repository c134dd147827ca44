package target

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

// Shorthands for canonical values.
var (
	null = spec.NullValue()
	i    = spec.IntValue
	u    = spec.UintValue
	f    = spec.FloatValue
	s    = spec.StringValue
	b    = spec.BoolValue
	l    = spec.ListValue
	m    = spec.MapValue
)

// goExprCase is one conversion: the type is a type expression evaluated
// in testdata/td/shapes/shapes.go (where a package-level "math" forces
// the generated code to import math as math2).
type goExprCase struct {
	name    string
	typ     string
	val     spec.Value
	want    string // the expression, or
	wantErr string // the error message
	why     string
}

var goExprCases = []goExprCase{
	// Integers.
	{name: "int", typ: "int", val: i(5), want: "5", why: "an untyped constant defaults to int"},
	{name: "int-negative", typ: "int", val: i(-5), want: "-5", why: "negative constants need no conversion"},
	{name: "int8", typ: "int8", val: i(127), want: "int8(127)", why: "other sizes are converted so that x := expr has the right type"},
	{name: "int8-overflow", typ: "int8", val: i(300), wantErr: "300 overflows int8", why: "range is checked at generation time"},
	{name: "int8-underflow", typ: "int8", val: i(-129), wantErr: "-129 overflows int8", why: "the lower bound too"},
	{name: "uint8-negative", typ: "uint8", val: i(-1), wantErr: "-1 overflows uint8", why: "unsigned types reject negatives"},
	{name: "uint64-max", typ: "uint64", val: u(math.MaxUint64), want: "uint64(18446744073709551615)", why: "uint values keep their full range"},
	{name: "int64-from-big-uint", typ: "int64", val: u(math.MaxUint64), wantErr: "18446744073709551615 overflows int64", why: "a uint beyond int64"},
	{name: "uint-negative", typ: "uint", val: i(-1), wantErr: "-1 overflows uint", why: "uint is 64 bits and unsigned"},
	{name: "uintptr", typ: "uintptr", val: i(42), want: "uintptr(42)", why: "uintptr is an integer type"},
	{name: "int-from-integral-float", typ: "int", val: f(3), want: "3", why: "an integral float converts exactly"},
	{name: "int-from-fraction", typ: "int", val: f(2.5), wantErr: "2.5 is not an integer, as int requires", why: "no silent truncation"},
	{name: "int-from-string", typ: "int", val: s("5"), wantErr: "want an integer for int, got string", why: "no parsing of strings for numbers"},
	{name: "int32-null", typ: "int32", val: null, wantErr: "want an integer for int32, got null", why: "int has no nil"},
	{name: "byte", typ: "byte", val: i(65), want: "byte(65)", why: "the alias is spelled as written"},
	{name: "rune", typ: "rune", val: i(0x263a), want: "rune(9786)", why: "runes are integers"},
	{name: "named-int8", typ: "Code", val: i(5), want: "Code(5)", why: "named types are converted from the literal"},
	{name: "named-int8-overflow", typ: "Code", val: i(200), wantErr: "200 overflows Code", why: "the underlying range applies"},
	{name: "foreign-named-uint", typ: "geo.Kind", val: i(7), want: "geo.Kind(7)", why: "types of other packages are qualified"},

	// Floats.
	{name: "float64", typ: "float64", val: f(1.5), want: "1.5", why: "a float literal defaults to float64"},
	{name: "float64-from-int", typ: "float64", val: i(2), want: "2.0", why: "written as a float so that it defaults to float64"},
	{name: "float64-large", typ: "float64", val: f(1e21), want: "1e+21", why: "exponent form is a float literal"},
	{name: "float64-nan", typ: "float64", val: f(math.NaN()), want: "math2.NaN()", why: "NaN through package math, imported under a free name"},
	{name: "float64-inf", typ: "float64", val: f(math.Inf(1)), want: "math2.Inf(1)", why: "+Inf through math"},
	{name: "float64-neg-inf", typ: "float64", val: f(math.Inf(-1)), want: "math2.Inf(-1)", why: "-Inf through math"},
	{name: "float64-neg-zero", typ: "float64", val: f(math.Copysign(0, -1)), want: "math2.Copysign(0, -1)", why: "constants have no negative zero"},
	{name: "float32", typ: "float32", val: f(float64(float32(0.1))), want: "float32(0.1)", why: "a float32 value is written in its shortest float32 form"},
	{name: "float32-overflow", typ: "float32", val: f(1e39), wantErr: "1e+39 overflows float32", why: "float32 range is checked"},
	{name: "float32-nan", typ: "float32", val: f(math.NaN()), want: "float32(math2.NaN())", why: "math.NaN is a float64 and needs a conversion"},
	{name: "named-float", typ: "Celsius", val: f(21.5), want: "Celsius(21.5)", why: "named float"},
	{name: "named-float-nan", typ: "Celsius", val: f(math.NaN()), want: "Celsius(math2.NaN())", why: "non-constant float converted to the named type"},
	{name: "float-from-string", typ: "float64", val: s("x"), wantErr: "want a number for float64, got string", why: "kind mismatch"},

	// Complex numbers.
	{name: "complex128-pair", typ: "complex128", val: l(i(1), i(2)), want: "complex(1.0, 2.0)", why: "from a [re, im] list"},
	{name: "complex64-number", typ: "complex64", val: i(3), want: "complex64(complex(3.0, 0.0))", why: "from a number; converted to complex64"},
	{name: "complex128-nan", typ: "complex128", val: l(f(math.NaN()), i(1)), want: "complex(math2.NaN(), 1.0)", why: "non-finite parts through math"},
	{name: "complex-from-string", typ: "complex128", val: s("1+2i"), wantErr: "want a number or a [re, im] list for complex128, got string", why: "kind mismatch"},

	// Strings and bools.
	{name: "string", typ: "string", val: s("hi"), want: `"hi"`, why: "quoted"},
	{name: "string-invalid-utf8", typ: "string", val: s("\xff"), want: `"\xff"`, why: "any bytes survive quoting"},
	{name: "named-string", typ: "Text", val: s("a"), want: `Text("a")`, why: "named string"},
	{name: "string-from-int", typ: "string", val: i(5), wantErr: "want a string for string, got int", why: "no formatting of numbers"},
	{name: "bool", typ: "bool", val: b(true), want: "true", why: "bool"},
	{name: "named-bool", typ: "Flag", val: b(false), want: "Flag(false)", why: "named bool"},
	{name: "bool-from-int", typ: "bool", val: i(1), wantErr: "want a bool for bool, got int", why: "no truthiness"},

	// Byte and rune slices.
	{name: "bytes-from-string", typ: "[]byte", val: s("ab"), want: `[]byte("ab")`, why: "a string converts to []byte"},
	{name: "bytes-from-list", typ: "[]byte", val: l(i(1), i(2)), want: "[]byte{1, 2}", why: "a list of integers"},
	{name: "bytes-overflow", typ: "[]byte", val: l(i(256)), wantErr: "[0]: 256 overflows byte", why: "elements are range checked, with their index"},
	{name: "bytes-from-map", typ: "[]byte", val: m(), wantErr: "want a string or a list of integers for []byte, got map", why: "kind mismatch names both accepted forms"},
	{name: "named-bytes", typ: "Raw", val: s("x"), want: `Raw("x")`, why: "a named []byte converts from a string too"},
	{name: "runes", typ: "[]rune", val: s("hé"), want: `[]rune("hé")`, why: "a string converts to []rune"},

	// Slices and arrays.
	{name: "slice", typ: "[]int", val: l(i(1), i(2), i(3)), want: "[]int{1, 2, 3}", why: "elements in short form"},
	{name: "slice-empty", typ: "[]int", val: l(), want: "[]int{}", why: "an empty list is an empty, non-nil slice"},
	{name: "slice-nil", typ: "[]int", val: null, want: "[]int(nil)", why: "null is a typed nil"},
	{name: "named-slice", typ: "Names", val: l(s("a")), want: `Names{"a"}`, why: "the named type is the literal's type"},
	{name: "slice-element-overflow", typ: "[]int8", val: l(i(1), i(300)), wantErr: "[1]: 300 overflows int8", why: "the failing element is named"},
	{name: "slice-of-slices", typ: "[][]int", val: l(l(i(1)), l(i(2), i(3))), want: "[][]int{[]int{1}, []int{2, 3}}", why: "nested literals"},
	{name: "slice-of-pointers", typ: "[]*Point", val: l(m("X", i(1)), null), want: "[]*Point{&Point{X: 1}, nil}", why: "pointers to structs and nil elements"},
	{name: "slice-of-float32-nan", typ: "[]float32", val: l(f(math.NaN())), want: "[]float32{float32(math2.NaN())}", why: "a float64 expression is converted even inside a literal"},
	{name: "slice-of-named", typ: "[]Celsius", val: l(f(1.5)), want: "[]Celsius{1.5}", why: "constants need no conversion inside a literal"},
	{name: "slice-from-map", typ: "[]int", val: m(), wantErr: "want a list for []int, got map", why: "kind mismatch"},
	{name: "array", typ: "[3]int", val: l(i(1), i(2), i(3)), want: "[3]int{1, 2, 3}", why: "an array of the right length"},
	{name: "array-short", typ: "[3]int", val: l(i(1)), wantErr: "want 3 elements for [3]int, got 1", why: "the length must match"},
	{name: "named-array", typ: "Grid", val: l(l(i(1), i(2)), l(i(3), i(4))), want: "Grid{[2]int{1, 2}, [2]int{3, 4}}", why: "nested arrays"},

	// Maps.
	{name: "map", typ: "map[string]int", val: m("a", i(1), "b", i(2)), want: `map[string]int{"a": 1, "b": 2}`, why: "entries in order"},
	{name: "map-int-keys-from-strings", typ: "map[int]string", val: spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: s("1"), Val: s("x")}}}, want: `map[int]string{1: "x"}`, why: "YAML keys are often strings"},
	{name: "map-bad-int-key", typ: "map[int]string", val: m("x", s("y")), wantErr: `["x"]: key: want an integer for int, got "x"`, why: "a key that is no integer"},
	{name: "map-string-keys-from-ints", typ: "map[string]int", val: spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: i(1), Val: i(2)}}}, want: `map[string]int{"1": 2}`, why: "number keys for string maps"},
	{name: "map-bool-keys", typ: "map[bool]int", val: m("true", i(1)), want: "map[bool]int{true: 1}", why: "bool keys from strings"},
	{name: "map-duplicate-key", typ: "map[int]int", val: m("1", i(1), "01", i(2)), wantErr: `duplicate key "01" in map map[int]int`, why: "keys that convert to the same constant"},
	{name: "named-map-empty", typ: "Index", val: m(), want: "Index{}", why: "an empty map"},
	{name: "map-nil", typ: "map[string]int", val: null, want: "map[string]int(nil)", why: "null is a typed nil"},
	{name: "map-from-list", typ: "map[string][]int", val: l(), wantErr: "want a map for map[string][]int, got list", why: "kind mismatch"},
	{name: "map-element-error", typ: "map[string]int8", val: m("a", i(1000)), wantErr: `["a"]: 1000 overflows int8`, why: "the failing entry is named"},

	// Structs.
	{name: "struct", typ: "Point", val: m("X", i(1), "Y", i(2)), want: "Point{X: 1, Y: 2}", why: "fields by Go name"},
	{name: "struct-json-tag", typ: "Point", val: m("label", s("a")), want: `Point{Label: "a"}`, why: "fields by json tag"},
	{name: "struct-yaml-tag", typ: "Point", val: m("lbl", s("b")), want: `Point{Label: "b"}`, why: "fields by yaml tag"},
	{name: "struct-case-insensitive", typ: "Point", val: m("y", i(2), "x", i(1)), want: "Point{X: 1, Y: 2}", why: "fields ignoring case, written in declaration order"},
	{name: "struct-unexported-own", typ: "Point", val: m("note", s("n")), want: `Point{note: "n"}`, why: "probes compile inside the package: its unexported fields are settable"},
	{name: "struct-unknown-field", typ: "Point", val: m("Lable", s("x")), wantErr: `unknown field "Lable" of struct Point (did you mean Label?)`, why: "a close name is suggested"},
	{name: "struct-unknown-field-far", typ: "Point", val: m("Zzzzzzzz", i(1)), wantErr: `unknown field "Zzzzzzzz" of struct Point (fields: X, Y, Label, note)`, why: "else the fields are listed"},
	{name: "struct-field-twice", typ: "Point", val: m("X", i(1), "x", i(2)), wantErr: `field X of struct Point given twice (as "X" and "x")`, why: "two keys for one field"},
	{name: "struct-field-error", typ: "Point", val: m("X", s("a")), wantErr: "X: want an integer for int, got string", why: "the failing field is named"},
	{name: "struct-from-list", typ: "Point", val: l(), wantErr: "want a map for Point, got list", why: "kind mismatch"},
	{name: "struct-null", typ: "Point", val: null, wantErr: "want a map for Point, got null", why: "a struct has no nil"},
	{name: "foreign-struct", typ: "geo.Coord", val: m("Lat", f(1.5)), want: "geo.Coord{Lat: 1.5}", why: "qualified struct type"},
	{name: "foreign-unexported-field", typ: "geo.Coord", val: m("zone", s("x")), wantErr: "field zone of struct geo.Coord is unexported", why: "unexported fields of other packages cannot be set"},
	{name: "struct-promoted-fields", typ: "Item", val: m("ID", i(1), "Name", s("a"), "Qty", i(2)), want: `Item{Base: Base{ID: 1, Name: "a"}, Qty: 2}`, why: "promoted fields go into the embedded struct"},
	{name: "struct-embedded-merged", typ: "Item", val: m("Base", m("ID", i(1)), "name", s("a")), want: `Item{Base: Base{ID: 1, Name: "a"}}`, why: "an explicit embedded value and promoted fields merge"},
	{name: "struct-embedded-pointer", typ: "Wrapper", val: m("ID", i(1), "Extra", i(2)), want: "Wrapper{Base: &Base{ID: 1}, Extra: 2}", why: "promoted through an embedded pointer"},
	{name: "struct-nested-error", typ: "Item", val: m("Next", m("Next", m("Qty", s("x")))), wantErr: "Next.Next.Qty: want an integer for int, got string", why: "the path to a nested failure"},
	{name: "struct-list-error", typ: "Item", val: m("Tags", l(i(1))), wantErr: "Tags[0]: want a string for string, got int", why: "the path through a list"},
	{name: "struct-func-field-nil", typ: "Item", val: m("On", null), want: "Item{On: nil}", why: "a func field can be nil"},
	{name: "struct-func-field", typ: "Item", val: m("On", s("x")), wantErr: "On: cannot build a value of func type Handler (only null, for nil)", why: "but nothing else"},
	{name: "struct-everything", typ: "Item",
		val: m("Qty", i(1), "Tags", l(s("x")), "When", s("2024-03-01T12:00:00Z"), "wait", s("1.5s"),
			"Next", m("Qty", i(2)), "Meta", m("a", i(1), "b", l(b(true), s("x"))), "Loc", m("Lat", i(1)), "Zone", s("utc")),
		want: `Item{Qty: 1, Tags: []string{"x"}, When: time.Date(2024, time.March, 1, 12, 0, 0, 0, time.UTC), Wait: 1500 * time.Millisecond, ` +
			`Next: &Item{Qty: 2}, Meta: map[string]any{"a": 1, "b": []any{true, "x"}}, Loc: geo.Coord{Lat: 1.0}, Zone: "utc"}`,
		why: "fields of every kind"},
	{name: "alias", typ: "Alias", val: m("X", i(1)), want: "Alias{X: 1}", why: "an alias is spelled by its name"},
	{name: "anonymous-struct", typ: "struct{ A int }", val: m("A", i(1)), want: "struct{A int}{A: 1}", why: "an unnamed struct type"},
	{name: "empty-struct", typ: "struct{}", val: m(), want: "struct{}{}", why: "no fields"},

	// Pointers.
	{name: "pointer-int", typ: "*int", val: i(5), want: "func() *int { v := 5; return &v }()", why: "a pointer to a non-struct needs a variable"},
	{name: "pointer-int8", typ: "*int8", val: i(5), want: "func() *int8 { v := int8(5); return &v }()", why: "the variable has the element type"},
	{name: "pointer-struct", typ: "*Point", val: m("X", i(1)), want: "&Point{X: 1}", why: "a pointer to a struct literal"},
	{name: "pointer-nil", typ: "*Point", val: null, want: "(*Point)(nil)", why: "a typed nil"},
	{name: "pointer-pointer", typ: "**int", val: i(1), want: "func() **int { v := func() *int { v := 1; return &v }(); return &v }()", why: "pointers nest"},
	{name: "named-pointer", typ: "PP", val: m("X", i(1)), want: "PP(&Point{X: 1})", why: "a named pointer type converts from the pointer"},
	{name: "pointer-duration", typ: "*time.Duration", val: s("1s"), want: "func() *time.Duration { v := time.Second; return &v }()", why: "a pointer to a special type"},
	{name: "pointer-named-float", typ: "*Celsius", val: f(1.5), want: "func() *Celsius { v := Celsius(1.5); return &v }()", why: "the variable is converted to the named type"},

	// Interfaces.
	{name: "any-int", typ: "any", val: i(5), want: "any(5)", why: "an int in an interface"},
	{name: "any-string", typ: "any", val: s("s"), want: `any("s")`, why: "a string in an interface"},
	{name: "any-float", typ: "any", val: f(2), want: "any(2.0)", why: "a float stays a float64"},
	{name: "any-uint", typ: "any", val: u(3), want: "any(uint(3))", why: "a uint stays unsigned"},
	{name: "any-bool", typ: "any", val: b(true), want: "any(true)", why: "a bool"},
	{name: "any-nil", typ: "any", val: null, want: "any(nil)", why: "a nil interface"},
	{name: "any-nan", typ: "any", val: f(math.NaN()), want: "any(math2.NaN())", why: "NaN in an interface"},
	{name: "any-list", typ: "any", val: l(i(1), s("a"), null), want: `any([]any{1, "a", nil})`, why: "a list is []any"},
	{name: "any-map", typ: "any", val: m("a", i(1)), want: `any(map[string]any{"a": 1})`, why: "a map with string keys is map[string]any"},
	{name: "any-map-int-keys", typ: "any", val: spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: i(1), Val: s("x")}}}, want: `any(map[any]any{1: "x"})`, why: "other keys make map[any]any"},
	{name: "empty-interface-literal", typ: "interface{}", val: i(5), want: "interface{}(5)", why: "spelled as written"},
	{name: "named-empty-interface", typ: "Any", val: i(5), want: "Any(5)", why: "a named empty interface"},
	{name: "slice-of-any", typ: "[]any", val: l(i(1), f(2.5), s("x"), l(b(true))), want: `[]any{1, 2.5, "x", []any{true}}`, why: "natural values inside a literal"},
	{name: "map-of-any", typ: "map[string]any", val: m("a", m("b", i(1))), want: `map[string]any{"a": map[string]any{"b": 1}}`, why: "nested maps"},
	{name: "error", typ: "error", val: s("boom"), want: `errors.New("boom")`, why: "an error from its message"},
	{name: "error-nil", typ: "error", val: null, want: "error(nil)", why: "a nil error"},
	{name: "error-from-int", typ: "error", val: i(5), wantErr: "want a string (the message) for error, got int", why: "kind mismatch"},
	{name: "error-like-interface", typ: "MyErr", val: s("x"), want: `MyErr(errors.New("x"))`, why: "an interface with error's method set"},
	{name: "slice-of-errors", typ: "[]error", val: l(s("a"), null), want: `[]error{errors.New("a"), nil}`, why: "errors inside a literal"},
	{name: "reader", typ: "io.Reader", val: s("data"), want: `io.Reader(strings.NewReader("data"))`, why: "a reader of the string"},
	{name: "reader-nil", typ: "io.Reader", val: null, want: "io.Reader(nil)", why: "a nil reader"},
	{name: "context", typ: "context.Context", val: null, want: "context.Background()", why: "null is the background context, never a nil one"},
	{name: "context-from-string", typ: "context.Context", val: s("x"), wantErr: "want null (for context.Background()) for context.Context, got string", why: "contexts cannot be described"},
	{name: "stringer-nil", typ: "fmt.Stringer", val: null, want: "fmt.Stringer(nil)", why: "a nil Stringer"},
	{name: "stringer", typ: "fmt.Stringer", val: s("x"), wantErr: "cannot build a value of interface type fmt.Stringer from string (null, for nil, or a map of its methods' results, for a fake)", why: "unsupported"},
	{name: "other-interface-nil", typ: "Shape", val: null, want: "Shape(nil)", why: "nil is fine"},
	{name: "writer", typ: "io.Writer", val: s("x"), wantErr: "cannot build a value of interface type io.Writer from string (null, for nil, or a map of its methods' results, for a fake)", why: "unsupported"},

	// Fakes: a map of what each method returns.
	{name: "fake-empty", typ: "Shape", val: m(), want: "Shape(fakeShape{})", why: "every method returns zero values"},
	{name: "fake-one", typ: "Shape", val: m("Area", f(2.5)), want: `Shape(fakeShape{"Area": 2.5})`, why: "a method's result is held under its name"},
	{name: "fake-results", typ: "Store", val: m("Get", l(m("X", i(1)), s("boom")), "close", null, "near", l(m("Y", i(2)))),
		want: `Store(fakeStore{"Get": []any{Point{X: 1}, errors.New("boom")}, "near": []Point{Point{Y: 2}}})`, why: "several results are a list; a method of none takes null; case is ignored; an unexported method of the package is faked"},
	{name: "fake-zero-results", typ: "Store", val: m("Get", l(m(), null)), want: `Store(fakeStore{"Get": []any{Point{}, nil}})`, why: "a nil result is nil"},
	{name: "fake-foreign", typ: "io.Writer", val: m("Write", l(i(3), null)), want: `io.Writer(fakeWriter{"Write": []any{3, nil}})`, why: "another package's interface with exported methods"},
	{name: "fake-element", typ: "[]Shape", val: l(m("Area", i(1)), null), want: `[]Shape{Shape(fakeShape{"Area": 1.0}), nil}`, why: "converted as an element too (yaegi needs it)"},
	{name: "fake-code", typ: "Shape", val: code(`Shape(fakeShape{"Area": 1.5})`), want: `Shape(fakeShape{"Area": 1.5})`, why: "code that names a fake declares it (TestGoExprCompiles builds it)"},
	{name: "fake-unknown", typ: "Store", val: m("Gett", null), wantErr: `interface Store has no method "Gett" (did you mean Get?)`, why: "a misspelt method is named"},
	{name: "fake-arity", typ: "Store", val: m("Get", s("x")), wantErr: "Get: want a list of its 2 results", why: "a method of several results takes a list"},
	{name: "fake-none", typ: "Store", val: m("Close", i(1)), wantErr: "Close: method returns nothing: want null, got int", why: "a method without results takes null"},
	{name: "fake-bad-result", typ: "Shape", val: m("Area", s("x")), wantErr: "Area: want a number for float64, got string", why: "results are converted to their types"},
	{name: "fake-sealed", typ: "geo.Sealed", val: m(), wantErr: "cannot fake interface geo.Sealed: method sealed is unexported in package example.com/td/shapes/geo", why: "its unexported method cannot be declared here"},
	{name: "fake-locator", typ: "geo.Locator", val: m(), want: "geo.Locator(fakeLocator{})", why: "a struct with unexported fields can be returned: its type is written"},

	// Funcs and channels.
	{name: "named-func-nil", typ: "Handler", val: null, want: "Handler(nil)", why: "a nil func"},
	{name: "func-nil", typ: "func(int) int", val: null, want: "(func(int) int)(nil)", why: "func types need parentheses"},
	{name: "chan-nil", typ: "chan int", val: null, want: "(chan int)(nil)", why: "channel types need parentheses"},
	{name: "recv-chan-nil", typ: "<-chan int", val: null, want: "(<-chan int)(nil)", why: "receive-only channels too"},
	{name: "func-value", typ: "Handler", val: s("x"), wantErr: "cannot build a value of func type Handler (only null, for nil)", why: "funcs cannot be described"},

	// time.Duration and time.Time.
	{name: "duration-string", typ: "time.Duration", val: s("1.5s"), want: "1500 * time.Millisecond", why: "parsed at generation time, in the largest whole unit"},
	{name: "duration-nanos", typ: "time.Duration", val: i(2000), want: "2 * time.Microsecond", why: "an integer is nanoseconds"},
	{name: "duration-odd", typ: "time.Duration", val: i(1500), want: "time.Duration(1500)", why: "no whole unit: nanoseconds"},
	{name: "duration-minus-hour", typ: "time.Duration", val: s("-1h"), want: "-time.Hour", why: "one unit is the unit"},
	{name: "duration-zero", typ: "time.Duration", val: i(0), want: "time.Duration(0)", why: "zero has no unit"},
	{name: "duration-bad", typ: "time.Duration", val: s("abc"), wantErr: `invalid duration "abc" for time.Duration: want a duration such as "1.5s" or nanoseconds`, why: "a bad duration"},
	{name: "duration-fraction", typ: "time.Duration", val: f(1.5), wantErr: "1.5 is not an integer, as time.Duration requires", why: "nanoseconds are whole"},
	{name: "duration-null", typ: "time.Duration", val: null, wantErr: "want a duration for time.Duration, got null", why: "no nil duration"},
	{name: "time-utc", typ: "time.Time", val: s("2024-03-01T12:00:00Z"), want: "time.Date(2024, time.March, 1, 12, 0, 0, 0, time.UTC)", why: "an RFC 3339 time in UTC"},
	{name: "time-offset", typ: "time.Time", val: s("2024-03-01T12:00:00.5+01:00"), want: `time.Date(2024, time.March, 1, 12, 0, 0, 500000000, time.FixedZone("", 3600))`, why: "an offset becomes a fixed zone"},
	{name: "time-date", typ: "time.Time", val: s("2024-03-01"), want: "time.Date(2024, time.March, 1, 0, 0, 0, 0, time.UTC)", why: "a date is midnight UTC"},
	{name: "time-unix", typ: "time.Time", val: i(0), want: "time.Unix(0, 0).UTC()", why: "an integer is Unix seconds"},
	{name: "time-bad", typ: "time.Time", val: s("yesterday"), wantErr: `invalid time "yesterday" for time.Time: want RFC 3339, such as "2024-03-01T12:00:00Z"`, why: "a bad time"},
	{name: "foreign-named-string", typ: "xt.Zone", val: s("utc"), want: `time.Zone("utc")`, why: "a package named time, alone, keeps its name"},

	// Values built by code.
	{name: "code-pointer", typ: "*Point", val: code("NewPoint(1, 2)"), want: "NewPoint(1, 2)", why: "code is written as it is"},
	{name: "code-value", typ: "Point", val: code("*NewPoint(1, 2)"), want: "*NewPoint(1, 2)", why: "not wrapped in a pointer or a conversion"},
	{name: "code-unexported-literal", typ: "Point", val: code(`Point{X: 1, note: "n"}`), want: `Point{X: 1, note: "n"}`, why: "probes are in the package: unexported fields may be set"},
	{name: "code-field", typ: "Wrapper", val: m("Base", code("&Base{ID: 1}"), "Extra", i(2)), want: "Wrapper{Base: &Base{ID: 1}, Extra: 2}", why: "a field built by code"},
	{name: "code-elements", typ: "[]*Point", val: l(code("NewPoint(0, 0)"), null), want: "[]*Point{NewPoint(0, 0), nil}", why: "elements built by code"},
	{name: "code-imports", typ: "[]byte", val: code(`bytes.Repeat([]byte("a"), 2)`), want: `bytes.Repeat([]byte("a"), 2)`, why: "the standard packages it names are imported"},
	{name: "code-imported-by-package", typ: "string", val: code(`strings.Repeat("ab", 3)`), want: `strings.Repeat("ab", 3)`, why: "a package the package under test imports"},
	{name: "code-func-literal", typ: "*Point", val: code("func() *Point { strings := NewPoint(1, 1); strings.Move(1); return strings }()"),
		want: "func() *Point { strings := NewPoint(1, 1); strings.Move(1); return strings }()", why: "a local of a func literal is not a package"},
	{name: "code-not-an-expression", typ: "*Point", val: code("NewPoint(1,"), wantErr: `not a Go expression: column 12 of "NewPoint(1,": expected ')', found 'EOF'`, why: "checked before the compiler sees it"},
	{name: "code-self-qualified", typ: "*Point", val: code("shapes.NewPoint(1, 2)"), wantErr: `go expression "shapes.NewPoint(1, 2)": the package under test is named without its qualifier (shapes.X is X)`, why: "probes are inside the package"},
}

func code(expr string) spec.Value { return spec.CodeValue(expr) }

// evalType evaluates a type expression in the file scope of shapes.go.
func evalType(t *testing.T, p *Package, expr string) types.Type {
	t.Helper()
	var file *ast.File
	for i, name := range p.GoFiles {
		if filepath.Base(name) == "shapes.go" {
			file = p.Syntax[i]
		}
	}
	tv, err := types.Eval(p.Fset, p.Types, file.Decls[len(file.Decls)-1].Pos(), expr)
	if err != nil {
		t.Fatalf("type %s: %v", expr, err)
	}
	if !tv.IsType() {
		t.Fatalf("%s is not a type", expr)
	}
	return tv.Type
}

func TestGoExpr(t *testing.T) {
	p := loadShapes(t)
	for _, tc := range goExprCases {
		t.Run(tc.name, func(t *testing.T) {
			typ := evalType(t, p, tc.typ)
			q := NewQualifier(p.Types)
			got, err := GoExpr(tc.val, typ, q)
			if tc.wantErr != "" {
				if err == nil {
					t.Fatalf("GoExpr(%s, %s) = %s, want error %q (%s)", tc.val, tc.typ, got, tc.wantErr, tc.why)
				}
				if err.Error() != tc.wantErr {
					t.Fatalf("GoExpr(%s, %s) error:\n got %q\nwant %q (%s)", tc.val, tc.typ, err, tc.wantErr, tc.why)
				}
				if imps := q.Imports(); len(imps) != 0 {
					t.Errorf("failed GoExpr left imports %v", imps)
				}
				if ds := q.Decls(); len(ds) != 0 {
					t.Errorf("failed GoExpr left declarations %v", ds)
				}
				return
			}
			if err != nil {
				t.Fatalf("GoExpr(%s, %s): %v (%s)", tc.val, tc.typ, err, tc.why)
			}
			if got != tc.want {
				t.Fatalf("GoExpr(%s, %s):\n got %s\nwant %s (%s)", tc.val, tc.typ, got, tc.want, tc.why)
			}
		})
	}
	t.Run("imports", func(t *testing.T) {
		q := NewQualifier(p.Types)
		typ := evalType(t, p, "map[string]any")
		if _, err := GoExpr(l(f(math.NaN())), evalType(t, p, "[]float64"), q); err != nil {
			t.Fatal(err)
		}
		if _, err := GoExpr(m("a", i(1)), typ, q); err != nil {
			t.Fatal(err)
		}
		if _, err := GoExpr(m("When", s("2024-01-01")), evalType(t, p, "Item"), q); err != nil {
			t.Fatal(err)
		}
		got := q.Imports()
		want := map[string]string{"math": "math2", "time": "time"}
		if !equalMaps(got, want) {
			t.Errorf("Imports() = %v, want %v", got, want)
		}
	})
	t.Run("code-imports", func(t *testing.T) {
		q := NewQualifier(p.Types)
		// time is the standard package, not xtime (also named time);
		// math is the package-level variable, not a package.
		if _, err := GoExpr(code(`time.Duration(len(math)) * time.Second + geo.Zero`), evalType(t, p, "time.Duration"), q); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"time": "time", "example.com/td/shapes/geo": "geo"}
		if got := q.Imports(); !equalMaps(got, want) {
			t.Errorf("Imports() = %v, want %v", got, want)
		}
	})
}

// TestFakeDecls checks the declaration of a fake: one per interface
// type, however many values of it are written, its types spelled
// through the Qualifier.
func TestFakeDecls(t *testing.T) {
	p := loadShapes(t)
	q := NewQualifier(p.Types)
	typ := evalType(t, p, "Store")
	for _, v := range []spec.Value{m(), m("Get", l(m("X", i(1)), s("boom")))} {
		if _, err := GoExpr(v, typ, q); err != nil {
			t.Fatal(err)
		}
	}
	ds := q.Decls()
	if len(ds) != 1 || ds[0].Name != "fakeStore" {
		t.Fatalf("Decls() = %v, want one, fakeStore", ds)
	}
	want := `// fakeStore is a Store whose methods return what it holds for them.
type fakeStore map[string]any

func (fakeStore) Close() {}

func (f fakeStore) Get(_ string) (Point, error) {
	var r []any
	if v := f["Get"]; v != nil {
		r, _ = v.([]any)
	}
	r = append(r, nil, nil)
	var r0 Point
	if v := r[0]; v != nil {
		r0, _ = v.(Point)
	}
	var r1 error
	if v := r[1]; v != nil {
		r1, _ = v.(error)
	}
	return r0, r1
}

func (f fakeStore) near(_ Point, _ ...int) []Point {
	var r []Point
	if v := f["near"]; v != nil {
		r, _ = v.([]Point)
	}
	return r
}
`
	if ds[0].Src != want {
		t.Errorf("fakeStore declared as\n%s\nwant\n%s", ds[0].Src, want)
	}
	if _, err := GoExpr(m(), evalType(t, p, "io.Writer"), q); err != nil {
		t.Fatal(err)
	}
	if ds := q.Decls(); len(ds) != 2 || ds[1].Name != "fakeWriter" || !strings.Contains(ds[1].Src, "Write(_ []byte) (int, error)") {
		t.Errorf("Decls() = %v, want fakeStore then fakeWriter", ds)
	}
	// Code that names a fake declares it: a fake of the package's
	// interface, of an imported one or of one an import names by an
	// alias (geo.Ordered = sort.Interface); a name that is no fake's or is
	// the code's own is left alone.
	for _, c := range []struct{ code, typ, want string }{
		{`Shape(fakeShape{"Area": 1.5})`, "Shape", "fakeShape"},
		{`fakeWriter{}`, "io.Writer", "fakeWriter"},
		{`fakeNothing{}`, "any", ""},
		{`fakeStringer{}`, "Stringer", "fakeStringer"},
		{`fakeInterface{}`, "any", "fakeInterface"},
		{`func() Shape { fakeShape := Shape(nil); return fakeShape }()`, "Shape", ""},
	} {
		q := NewQualifier(p.Types)
		if _, err := GoExpr(code(c.code), evalType(t, p, c.typ), q); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, d := range q.Decls() {
			names = append(names, d.Name)
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("GoExpr(%s) declares %q, want %q", c.code, got, c.want)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestGoExprCompiles writes every successful conversion of the table
// into one extra file of the shapes package, with one shared Qualifier,
// and builds the package with the go command: each expression must
// compile and have exactly its type (x := expr; var _ *T = &x).
func TestGoExprCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package")
	}
	p := loadShapes(t)
	q := NewQualifier(p.Types)
	var body strings.Builder
	n := 0
	for _, tc := range goExprCases {
		if tc.wantErr != "" {
			continue
		}
		typ := evalType(t, p, tc.typ)
		got, err := GoExpr(tc.val, typ, q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		// The type is spelled through the same Qualifier.
		body.WriteString("\t{ // " + tc.name + "\n\t\tx := " + got + "\n\t\tvar _ *" + q.TypeString(typ) + " = &x\n\t}\n")
		n++
	}
	var src strings.Builder
	src.WriteString("package shapes\n\nimport (\n")
	imps := q.Imports()
	paths := make([]string, 0, len(imps))
	for path := range imps {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		src.WriteString("\t" + imps[path] + " " + strconv.Quote(path) + "\n")
	}
	src.WriteString(")\n\nfunc _() {\n" + body.String() + "}\n")
	for _, d := range q.Decls() {
		src.WriteString("\n" + d.Src)
	}

	tmp := t.TempDir()
	gen := filepath.Join(tmp, "gen.go")
	if err := os.WriteFile(gen, []byte(src.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(p.Dir, "zz_goexpr_gen.go"): gen}})
	if err != nil {
		t.Fatal(err)
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, overlay, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay="+ovFile, ".")
	cmd.Dir = p.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generated code does not compile: %v\n%s\n%s", err, out, numbered(src.String()))
	}
	if imps["math"] != "math2" || imps["time"] == imps["example.com/td/shapes/xtime"] {
		t.Errorf("imports %v: want math as math2 and distinct names for the two packages named time", imps)
	}
	t.Logf("%d expressions compile", n)
	if os.Getenv("SHOWGEN") != "" {
		t.Log(src.String())
	}
}

// numbered prefixes each line of src with its number.
func numbered(src string) string {
	var b strings.Builder
	for i, line := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, line)
	}
	return b.String()
}

func TestRecvExpr(t *testing.T) {
	p := loadShapes(t)
	tests := []struct {
		fn      string
		val     spec.Value
		want    string
		wantErr string
		why     string
	}{
		{fn: "Point.Dist", val: m("X", i(1)), want: "Point{X: 1}", why: "a value receiver is a value of the type"},
		{fn: "(*Point).Move", val: m("X", i(1)), want: "&Point{X: 1}", why: "a pointer receiver gets a pointer"},
		{fn: "(*Point).Move", val: null, want: "(*Point)(nil)", why: "null is a typed nil pointer"},
		{fn: "(*Celsius).Warm", val: f(20), want: "func() *Celsius { v := Celsius(20.0); return &v }()", why: "a pointer to a non-struct"},
		{fn: "Point.Dist", val: null, wantErr: "receiver of Point.Dist: want a map for Point, got null", why: "a value receiver cannot be nil"},
		{fn: "Use", val: null, wantErr: "receiver of Use: not a method", why: "functions have no receiver"},
		{fn: "(*Point).Move", val: code("NewPoint(1, 2)"), want: "NewPoint(1, 2)", why: "a receiver built by code"},
		{fn: "(*Point).Move", val: code("*NewPoint(1, 2)"), want: "*NewPoint(1, 2)", why: "of the value type too: the probe's receiver is a variable, whose address is taken"},
	}
	for _, tc := range tests {
		fn, err := p.Func(tc.fn)
		if err != nil {
			t.Fatal(err)
		}
		got, err := RecvExpr(tc.val, fn, NewQualifier(p.Types))
		switch {
		case tc.wantErr != "":
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("RecvExpr(%s, %s) = %q, %v; want error %q (%s)", tc.val, tc.fn, got, err, tc.wantErr, tc.why)
			}
		case err != nil:
			t.Errorf("RecvExpr(%s, %s): %v (%s)", tc.val, tc.fn, err, tc.why)
		case got != tc.want:
			t.Errorf("RecvExpr(%s, %s) = %s, want %s (%s)", tc.val, tc.fn, got, tc.want, tc.why)
		}
	}
}

func TestRebuilds(t *testing.T) {
	p := loadShapes(t)
	for _, tc := range []struct {
		typ  string
		want bool
		why  string
	}{
		{"int", true, "a number is its canonical value"},
		{"Base", true, "exported fields only"},
		{"Item", false, "geo.Coord, a field of a field, has an unexported field"},
		{"struct{ B Base; N *Item; W time.Time; D time.Duration; F Handler }", false, "Item, through a pointer"},
		{"struct{ B Base; W time.Time; D time.Duration; F Handler; M map[string]any }", true, "times, durations, funcs and interfaces"},
		{"Point", false, "an unexported field is lost"},
		{"*Point", false, "through a pointer"},
		{"[]map[string]Point", false, "through slices and maps"},
		{"Alias", false, "through an alias"},
		{"Wrapper", true, "an embedded pointer to a struct of exported fields"},
		{"Any", true, "an interface is built from its dynamic value"},
		{"strings.Builder", false, "another package's unexported fields"},
	} {
		if got := Rebuilds(evalType(t, p, tc.typ)); got != tc.want {
			t.Errorf("Rebuilds(%s) = %v, want %v (%s)", tc.typ, got, tc.want, tc.why)
		}
	}
}

// TestGoExprEmptyInterface: a value in an empty interface is written
// with any from go1.18 on, and with interface{} in a package whose
// language is older, or unknown (a module without a go directive is at
// go1.16, and the compiler refuses any there).
func TestGoExprEmptyInterface(t *testing.T) {
	intKeys := spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: i(1), Val: i(2)}}}
	val := l(i(1), m("a", s("b")), intKeys)
	tests := []struct {
		goVersion, want string
	}{
		{"go1.22", `[]any{1, map[string]any{"a": "b"}, map[any]any{1: 2}}`},
		{"go1.18", `[]any{1, map[string]any{"a": "b"}, map[any]any{1: 2}}`},
		{"go1.16", `[]interface{}{1, map[string]interface{}{"a": "b"}, map[interface{}]interface{}{1: 2}}`},
		{"", `[]interface{}{1, map[string]interface{}{"a": "b"}, map[interface{}]interface{}{1: 2}}`},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "old.go", "package old\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{GoVersion: tt.goVersion}
		pkg, err := conf.Check("example.com/old", fset, []*ast.File{file}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := GoExpr(val, types.NewInterfaceType(nil, nil), NewQualifier(pkg))
		if err != nil {
			t.Fatal(err)
		}
		if want := "interface{}(" + tt.want + ")"; got != want {
			t.Errorf("at %q: GoExpr = %s, want %s", tt.goVersion, got, want)
		}
	}
}

// TestGoExprRenamedPackage checks that code naming a package whose name
// the probe gives something else (a parameter strings of type
// []string) imports it under another name, which the code then uses.
func TestGoExprRenamedPackage(t *testing.T) {
	q := NewQualifier(nil)
	q.Reserve("strings")
	got, err := GoExpr(code(`strings.Repeat("a", 2) + strings.ToUpper(func() string { s := "b"; return s }())`), types.Typ[types.String], q)
	want := `strings2.Repeat("a", 2) + strings2.ToUpper(func() string { s := "b"; return s }())`
	if err != nil || got != want {
		t.Errorf("GoExpr = %q, %v; want %q", got, err, want)
	}
	if imp := q.Imports(); imp["strings"] != "strings2" {
		t.Errorf("imports %v, want strings as strings2", imp)
	}
}
