package corpus

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"text/template"
)

// TagOf returns the json tag of a User field, read through reflect.
func TagOf(field string) string {
	f, ok := reflect.TypeOf(User{}).FieldByName(field)
	if !ok {
		return "?"
	}
	return f.Tag.Get("json")
}

// TypeName formats a Point with %T.
func TypeName(n int) string { return fmt.Sprintf("%T", Point{n, n}) }

// TypeNamePtr formats a *Point with %T.
func TypeNamePtr(n int) string { return fmt.Sprintf("%T", &Point{n, n}) }

// VerbV formats a Point with %v.
func VerbV(n int) string { return fmt.Sprintf("%v", Point{n, -n}) }

// VerbPlusV formats a Point with %+v.
func VerbPlusV(n int) string { return fmt.Sprintf("%+v", Point{n, -n}) }

// VerbSharpV formats a Point with %#v.
func VerbSharpV(n int) string { return fmt.Sprintf("%#v", Point{n, -n}) }

// VerbVPtr formats a *Point with %v.
func VerbVPtr(n int) string { return fmt.Sprintf("%+v", &Point{n, 1}) }

// Embedded formats a struct with an embedded field.
func Embedded(n int) string { return fmt.Sprintf("%+v", Named{Point{n, n}, "p"}) }

// Sprint prints a struct with Sprint and Sprintln.
func Sprint(n int) string {
	return fmt.Sprint(Point{n, 2}) + "|" + fmt.Sprintln(Named{Point{1, n}, "q"})
}

// Promoted calls a method promoted from an embedded field.
func Promoted(n int) int { return Named{Point{n, -2 * n}, "x"}.Norm1() }

// PromotedIface calls a promoted method through an interface.
func PromotedIface(n int) int {
	var s Shape = Named{Point{n, 3}, "x"}
	return s.Norm1()
}

// MethodValue binds a pointer method to a value and calls it.
func MethodValue(n int) int {
	c := &Counter{N: 10}
	add := c.Add
	add(n)
	return add(1)
}

// MethodExpr calls a method expression.
func MethodExpr(n int) int {
	scale := Counter.Scale
	return scale(Counter{N: n}, 3)
}

func find(n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("find %d: %w", n, &NotFound{Key: n})
	case n == 0:
		return fmt.Errorf("find: %w", ErrClosed)
	case n > 100:
		return Invalid{Reason: "too big"}
	}
	return nil
}

// ErrorsAs unwraps a package error type with errors.As.
func ErrorsAs(n int) string {
	err := find(n)
	var nf *NotFound
	if errors.As(err, &nf) {
		return fmt.Sprintf("not found: %d", nf.Key)
	}
	return "other"
}

// ErrorsAsValue unwraps a value error type with errors.As.
func ErrorsAsValue(n int) string {
	err := fmt.Errorf("wrap: %w", find(n))
	var inv Invalid
	if errors.As(err, &inv) {
		return "invalid because " + inv.Reason
	}
	return "valid"
}

// ErrorsIs tests a wrapped sentinel.
func ErrorsIs(n int) bool { return errors.Is(find(n), ErrClosed) }

// WrapW wraps a package error with %w and prints it.
func WrapW(n int) string {
	err := fmt.Errorf("outer: %w", find(n))
	return err.Error()
}

// ErrorfV formats a struct in an error.
func ErrorfV(n int) error { return fmt.Errorf("bad point %v", Point{n, n}) }

// JSONMarshal encodes a tagged struct.
func JSONMarshal(n int) string {
	b, err := json.Marshal(User{ID: n, Name: strings.Repeat("a", abs(n)%3), Email: "e@x"})
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// JSONEmbedded encodes a struct with an embedded struct.
func JSONEmbedded(n int) string {
	b, err := json.Marshal(Account{User{ID: n, Admin: n > 1}, "pro"})
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// JSONUnmarshal decodes into a tagged struct.
func JSONUnmarshal(s string) string {
	var u User
	if err := json.Unmarshal([]byte(s), &u); err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%d/%s/%s/%t", u.ID, u.Name, u.Email, u.Admin)
}

// XMLMarshal encodes a tagged struct as XML.
func XMLMarshal(n int) string {
	b, err := xml.Marshal(User{ID: n, Name: "x"})
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// Template executes a text/template on a struct.
func Template(n int) string {
	t := template.Must(template.New("t").Parse("{{.Name}}={{.X}}"))
	var b bytes.Buffer
	if err := t.Execute(&b, Named{Point{n, 0}, "p"}); err != nil {
		return err.Error()
	}
	return b.String()
}

// ReflectName returns reflect's names of a package type.
func ReflectName(n int) string {
	t := reflect.TypeOf(Point{n, n})
	return t.Name() + "|" + t.String() + "|" + t.PkgPath() + "|" + t.Kind().String()
}

// NumMethod counts a package type's methods through reflect.
func NumMethod(n int) int {
	return reflect.TypeOf(Counter{N: n}).NumMethod() + reflect.TypeOf(&Counter{}).NumMethod()
}

// DeepEqual compares structs with reflect.DeepEqual.
func DeepEqual(n int) bool {
	return reflect.DeepEqual(Named{Point{n, 1}, "a"}, Named{Point{n, 1}, "a"})
}

// MapOfStructs prints a map of structs.
func MapOfStructs(n int) string {
	return fmt.Sprint(map[string]Point{"a": {n, 1}, "b": {2, n}})
}

// Stringer prints a Stringer.
func Stringer(n int) string { return fmt.Sprint(Celsius(n)) + " " + fmt.Sprintf("%v", Celsius(n+1)) }

// StringerStruct prints a struct Stringer, alone and in a slice.
func StringerStruct(n int) string { return fmt.Sprintf("%v %v", Temp{n}, []Temp{{1}, {n}}) }

// GoStringer prints a GoStringer with %#v.
func GoStringer(n int) string { return fmt.Sprintf("%#v", Code{n}) }

// Formatter prints a Formatter.
func Formatter(n int) string { return fmt.Sprintf("%x %v", Hex(n), Hex(n)) }

// PtrString prints a value whose String is on the pointer.
func PtrString(n int) string { return fmt.Sprintf("%v %v", PtrStringer{n}, &PtrStringer{n}) }

// IfaceEq compares interfaces holding package types.
func IfaceEq(n int) bool {
	var a, b any = Point{n, n}, Point{n, n}
	var c any = Named{Point{n, n}, ""}
	return a == b && a != c
}

// TypeSwitch switches on package types.
func TypeSwitch(n int) string {
	var v any
	switch n % 4 {
	case 0:
		v = Point{n, n}
	case 1:
		v = &Counter{N: n}
	case 2:
		v = Celsius(n)
	default:
		v = Invalid{"x"}
	}
	switch x := v.(type) {
	case Point:
		return "point"
	case *Counter:
		return "counter"
	case fmt.Stringer:
		return "stringer " + x.String()
	case error:
		return "error " + x.Error()
	}
	return "none"
}

// SortSlice sorts structs with a closure.
func SortSlice(n int) string {
	ps := []Point{{3, n}, {1, 2}, {n, 0}, {2, 2}}
	sort.Slice(ps, func(i, j int) bool { return ps[i].X < ps[j].X })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprint(p.X, ",", p.Y)
	}
	return strings.Join(out, " ")
}

// Once counts with sync.Once.
func Once(n int) int {
	var once sync.Once
	c := 0
	for i := 0; i < n; i++ {
		once.Do(func() { c++ })
	}
	return c
}

// ReturnStruct returns a struct value.
func ReturnStruct(n int) Named { return Named{Point{n, -n}, "r"} }

// AnonStruct prints an anonymous struct.
func AnonStruct(n int) string {
	return fmt.Sprintf("%+v", struct {
		A int
		B string
	}{n, "b"})
}

// SliceOfPtrs prints pointers to structs in a slice with %+v.
func SliceOfPtrs(n int) string {
	return fmt.Sprintf("%v", len(fmt.Sprintf("%+v", []*Point{{n, 1}})) > 0)
}

// ValueOfField reads a field by name through reflect.ValueOf.
func ValueOfField(n int) string {
	v := reflect.ValueOf(Named{Point{n, 7}, "v"})
	return fmt.Sprint(v.FieldByName("Y").Int(), v.NumField(), v.Type().Field(0).Anonymous)
}

// Plain does arithmetic only: yaegi must agree.
func Plain(n int) int { return n*n - 3 }

func findDirect(n int) error {
	if n < 0 {
		return &NotFound{Key: n}
	}
	return Invalid{Reason: "direct"}
}

// WrapIface wraps, with %w, an error variable holding a package error.
func WrapIface(n int) string {
	err := findDirect(n)
	return fmt.Errorf("wrap: %w", err).Error()
}

// SprintErr prints an error variable holding a package error.
func SprintErr(n int) string {
	return fmt.Sprint(findDirect(n)) + "|" + fmt.Sprintf("%v", findDirect(n))
}

// TypeNameBasic formats a named basic type with %T and %#v.
func TypeNameBasic(n int) string {
	return fmt.Sprintf("%T %#v %d %v", Celsius(n), Hex(n), Celsius(n), Hex(n))
}

// AssertError asserts a package value held in an any to error.
func AssertError(n int) bool {
	var v any = Invalid{"x"}
	if n < 0 {
		v = &NotFound{n}
	}
	_, ok := v.(error)
	return ok
}

// AssertStringer asserts a package value held in an any to fmt.Stringer.
func AssertStringer(n int) string {
	var v any = Temp{n}
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return "not a stringer"
}

// AssertShape asserts a package value held in an any to a package interface.
func AssertShape(n int) int {
	var v any = Named{Point{n, 1}, ""}
	if s, ok := v.(Shape); ok {
		return s.Norm1()
	}
	return -1
}

// SwitchError switches on an error variable.
func SwitchError(n int) string {
	switch e := findDirect(n).(type) {
	case *NotFound:
		return fmt.Sprint("not found ", e.Key)
	case Invalid:
		return "invalid " + e.Reason
	}
	return "none"
}

// ConcreteAssert asserts an error to a package pointer type.
func ConcreteAssert(n int) int {
	if nf, ok := findDirect(n).(*NotFound); ok {
		return nf.Key
	}
	return 0
}
