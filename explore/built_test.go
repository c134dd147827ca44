package explore

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

const builtSrc = `package semver

type Version struct{ major, minor int }

func MustParse(s string) *Version { return nil }
func Parse(s string) (*Version, error) { return nil, nil }
func NewVersion(major, minor int) Version { return Version{} }
func Other() *Version { return nil }

type Stack struct{ items []int }

func NewStack(n int) *Stack { return nil }
func (s *Stack) Push(x int) {}
func (s *Stack) Len() int { return 0 }

type Open struct{ A int }

type GStack[T any] struct{ items []T }

func NewGStack[T any]() *GStack[T] { return nil }
func (s *GStack[T]) Push(x T) {}
func (s *GStack[T]) Len() int { return 0 }

type Cache[K comparable, V any] struct{ m map[K]V }

func New[K comparable, V any](size int) (*Cache[K, V], error) { return nil, nil }
func NewInts() *Cache[int, int] { return nil }
func NewFlipped[V any, K comparable]() Cache[K, V] { return Cache[K, V]{} }
func NewNumbers[K ~int, V any]() *Cache[K, V] { return nil }
func (c *Cache[K, V]) Add(k K, v V) bool { return false }

type Bag[T comparable] struct{ n map[T]int }

type Multi struct{ n map[string]int }

func MakeMulti(xs ...string) *Multi { return nil }

func (b *Bag[T]) Insert(x T) {}
`

func TestBuiltValues(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "semver.go", builtSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/semver", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := newValueGen(pkg, &mined{})
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	codes := func(vs []spec.Value) []string {
		var out []string
		for _, v := range vs {
			if v.Kind == spec.Code {
				out = append(out, v.Str)
			}
		}
		return out
	}
	has := func(list []string, want string) bool {
		for _, s := range list {
			if s == want {
				return true
			}
		}
		return false
	}

	ptr := codes(g.values(types.NewPointer(typ("Version"))))
	for _, want := range []string{`MustParse("1")`, "func() *Version { v := NewVersion(2, 2); return &v }()"} {
		if !has(ptr, want) {
			t.Errorf("*Version: no %s among %q", want, ptr)
		}
	}
	for _, c := range ptr {
		if strings.Contains(c, "Parse(") && !strings.Contains(c, "MustParse(") || strings.Contains(c, "Other(") {
			t.Errorf("*Version: %s: a constructor with an error (when there are others) or not named like one", c)
		}
	}
	val := codes(g.values(typ("Version")))
	for _, want := range []string{`*MustParse("1")`, "NewVersion(2, 2)", "NewVersion(0, 2)"} {
		if !has(val, want) {
			t.Errorf("Version: no %s among %q", want, val)
		}
	}
	if vs := g.values(types.NewPointer(typ("Version"))); vs[0].Kind != spec.Null || vs[1].Kind != spec.Code {
		t.Errorf("*Version: want nil, then the values built by code first; got %s, %s", vs[0], vs[1])
	}

	stack := codes(g.values(types.NewPointer(typ("Stack"))))
	// A container is filled from its constructor's typical argument.
	for _, want := range []string{"NewStack(0)", "func() *Stack { v := NewStack(2); p := v; p.Push(2); return p }()",
		"func() *Stack { v := NewStack(2); p := v; p.Push(2); p.Push(0); p.Push(1); return p }()"} {
		if !has(stack, want) {
			t.Errorf("*Stack: no %s among %q", want, stack)
		}
	}
	if open := codes(g.values(typ("Open"))); len(open) != 0 {
		t.Errorf("Open, whose fields are all exported, is built by code: %q", open)
	}

	// Instantiated generic types: generic constructors are called with
	// the type's arguments, containers filled by its instantiated methods.
	inst := func(name string, args ...types.Type) types.Type {
		t.Helper()
		it, err := types.Instantiate(nil, typ(name), args, true)
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	intT, strT := types.Typ[types.Int], types.Typ[types.String]
	tests := []struct {
		typ     types.Type
		want    []string
		wantNot []string
		why     string
	}{
		{
			typ: types.NewPointer(inst("GStack", intT)),
			want: []string{"NewGStack[int]()", "func() *GStack[int] { v := NewGStack[int](); p := v; p.Push(2); return p }()",
				"func() *GStack[int] { v := NewGStack[int](); p := v; p.Push(2); p.Push(0); p.Push(1); return p }()"},
			why: "a generic constructor without arguments, and a mutator of the instantiated type",
		},
		{
			typ:  inst("GStack", strT),
			want: []string{"*NewGStack[string]()"},
			why:  "a value, from a constructor of a pointer",
		},
		{
			typ:     types.NewPointer(inst("Cache", strT, intT)),
			want:    []string{"func() *Cache[string, int] { v := NewFlipped[int, string](); return &v }()"},
			wantNot: []string{"NewInts()", "NewNumbers[", "New[string, int]"},
			why:     "type arguments matched by position; a constructor of another instantiation, or whose constraint string does not satisfy, is not one; those with an error only when none lack one",
		},
		{
			typ:  types.NewPointer(inst("Cache", intT, strT)),
			want: []string{"NewNumbers[int, string]()", `func() *Cache[int, string] { v := NewFlipped[string, int](); p := &v; p.Add(2, "abc"); return p }()`},
			why:  "the constraint ~int holds for int; the first constructor is filled by the instantiated Add",
		},
		{
			typ:  types.NewPointer(inst("Cache", intT, intT)),
			want: []string{"NewInts()", "NewNumbers[int, int]()"},
			why:  "a constructor of exactly this instantiation",
		},
		{
			typ:     types.NewPointer(typ("Multi")),
			want:    []string{`MakeMulti([]string{"abc"}...)`, "MakeMulti([]string(nil)...)"},
			wantNot: []string{"})", "(nil))"},
			why:     "a variadic constructor is passed its slice with ...",
		},
		{
			typ:  types.NewPointer(inst("Bag", strT)),
			want: []string{`func() *Bag[string] { v := &Bag[string]{}; p := v; p.Insert("abc"); return p }()`},
			why:  "no constructor: a composite literal of the instantiated type, filled",
		},
	}
	for _, tc := range tests {
		got := codes(g.values(tc.typ))
		for _, want := range tc.want {
			if !has(got, want) {
				t.Errorf("%s: no %s among %q (%s)", tc.typ, want, got, tc.why)
			}
		}
		for _, c := range got {
			for _, not := range tc.wantNot {
				if strings.Contains(c, not) {
					t.Errorf("%s: %s built with %s (%s)", tc.typ, c, not, tc.why)
				}
			}
		}
	}
	generic := typ("GStack").(*types.Named)
	recvT := generic.Method(0).Type().(*types.Signature).Recv().Type()
	for _, tt := range []types.Type{generic, types.NewPointer(generic), recvT} {
		if got := codes(g.values(tt)); len(got) != 0 {
			t.Errorf("%s, which is not instantiated, is built by code: %q", tt, got)
		}
	}
}
