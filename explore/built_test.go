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
}
