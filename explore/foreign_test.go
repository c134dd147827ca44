package explore

import (
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

const foreignSrc = `package strip

import (
	"math/big"
	"reflect"
	"regexp"
)

func Empty(v reflect.Value) bool { return !v.IsValid() }

func Strip(s string, re *regexp.Regexp) string { return re.ReplaceAllString(s, "") }

func Scale(x *big.Int) *big.Int { return x }

var lazy *regexp.Regexp

func getPattern() *regexp.Regexp { return regexp.MustCompile("^v[0-9]+$") }
func compiled() (*regexp.Regexp, error) { return regexp.Compile("x") }
func FetchPattern() *regexp.Regexp { return nil }
func getReadPattern() *regexp.Regexp { return nil }
func pattern(s string) *regexp.Regexp { return nil }

type Shape interface{ Area() float64 }

type Square struct{ side float64 }

func NewSquare(side float64) *Square { return &Square{side} }
func (s *Square) Area() float64 { return s.side * s.side }

type Unit float64

func (u Unit) Area() float64 { return float64(u) }

type Named struct{ Name string }

func Total(s Shape) float64 { return s.Area() }

type Bag[T comparable] interface {
	Has(v T) bool
	Len() int
}

type setOf[T comparable] map[T]struct{}

func newSetOf[T comparable](vs ...T) *setOf[T] {
	s := setOf[T]{}
	for _, v := range vs {
		s[v] = struct{}{}
	}
	return &s
}
func (s *setOf[T]) Has(v T) bool { _, ok := (*s)[v]; return ok }
func (s *setOf[T]) Len() int     { return len(*s) }

type numbers[T int | float64] []T

func (n numbers[T]) Has(v T) bool { return false }
func (n numbers[T]) Len() int     { return len(n) }

func Count(b Bag[string]) int  { return b.Len() }
func CountInts(b Bag[int]) int { return b.Len() }
`

func TestForeignAndImplValues(t *testing.T) {
	pkg := checkSource(t, "example.com/strip", foreignSrc)
	g := newValueGen(pkg, &mined{})
	param := func(fn string, i int) types.Type {
		return pkg.Scope().Lookup(fn).Type().(*types.Signature).Params().At(i).Type()
	}
	codes := func(vs []spec.Value) string {
		var out []string
		for _, v := range vs {
			if v.Kind == spec.Code {
				out = append(out, v.Str)
			}
		}
		return strings.Join(out, "\n")
	}
	tests := []struct {
		name      string
		t         types.Type
		want      []string
		wantFirst spec.Kind
		reason    string
	}{
		{"regexp", param("Strip", 1), []string{`regexp.MustCompile("[,_ ]")`, `regexp.MustCompile("\\s+")`}, spec.Null,
			"a *regexp.Regexp is built by its package's constructor, from patterns that compile"},
		{"own producers", param("Strip", 1), []string{"getPattern()", "func() *regexp.Regexp { v, _ := compiled(); return v }()"}, spec.Null,
			"the package's own functions without parameters that make the type come before the foreign constructor's samples; get names a getter"},
		{"big.Int", param("Scale", 0), []string{`big.NewInt(`}, spec.Null,
			"a *big.Int of a package the package under test imports"},
		{"reflect.Value", param("Empty", 0), []string{`reflect.ValueOf([]int{1, 2, 3})`, `reflect.ValueOf(map[string]int{"a": 1})`, `reflect.ValueOf(interface{}(true))`, `reflect.ValueOf(interface{}(""))`}, spec.Code,
			"a constructor taking an empty interface is given a value of each kind, and zero values (interface{}, not any, which an old module's language lacks)"},
		{"interface", param("Total", 0), []string{`NewSquare(`, `Unit(`}, spec.Null,
			"an interface gets the package's implementations, a named float converted to its type"},
		{"generic interface", param("CountInts", 0), []string{`&setOf[int]{0: struct{}{}}`, `numbers[int]{1}`}, spec.Null,
			"an instantiated interface gets the package's generic implementations, instantiated alike"},
		{"a large implementation value", param("CountInts", 0), []string{`&setOf[int]{-1: struct{}{}, 0: struct{}{}, 1: struct{}{}}`, `numbers[int]{1, -1, 2, 3, 7, 10, -10, 42, 99, 100}`}, spec.Null,
			"besides the small values of each implementation, its largest, for a function that compares sizes"},
		{"generic interface, a constraint", param("Count", 0), []string{`&setOf[string]{"abc": struct{}{}}`}, spec.Null,
			"a generic implementation whose constraint the type argument satisfies"},
	}
	for _, tt := range tests {
		vs := g.values(tt.t)
		if len(vs) == 0 || vs[0].Kind != tt.wantFirst {
			t.Errorf("%s: first candidate %v, want kind %v", tt.name, vs, tt.wantFirst)
			continue
		}
		got := codes(vs)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no candidate with %s (%s); got:\n%s", tt.name, w, tt.reason, got)
			}
		}
		if strings.Contains(got, "numbers[string]") {
			t.Errorf("%s: a generic type instantiated against its constraint:\n%s", tt.name, got)
		}
		for _, not := range []string{"lazy", "FetchPattern", "ReadPattern", "pattern("} {
			if strings.Contains(got, not) {
				t.Errorf("%s: %s offered: a variable set lazily, a fetch, a function with parameters:\n%s", tt.name, not, got)
			}
		}
		if tt.name == "own producers" && !strings.HasPrefix(got, "func() *regexp.Regexp { v, _ := compiled(); return v }()\ngetPattern()\nregexp.") {
			t.Errorf("%s: the package's own values do not come first, by name:\n%s", tt.name, got)
		}
		if strings.Contains(got, "Named") {
			t.Errorf("%s: a type that does not implement the interface was offered:\n%s", tt.name, got)
		}
	}
}

func TestChanValues(t *testing.T) {
	g := newValueGen(types.NewPackage("example.com/p", "p"), &mined{ints: []int64{7}})
	vs := g.values(types.NewChan(types.RecvOnly, types.Typ[types.Int]))
	var got []string
	for _, v := range vs {
		got = append(got, v.String())
	}
	if len(vs) != 4 || vs[0].Kind != spec.Null {
		t.Fatalf("values of <-chan int = %q, want nil and three channels", got)
	}
	for _, want := range []string{"make(chan int, 3)", "c <- ", "close(c)"} {
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("no channel made with %q: %q", want, got)
		}
	}
}
