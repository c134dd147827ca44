package target

import (
	"go/types"
	"testing"
)

func TestQualifier(t *testing.T) {
	own := types.NewPackage("example.com/shop/pricing", "pricing")
	own.Scope().Insert(types.NewVar(0, own, "strings", types.Typ[types.Int]))
	stdTime := types.NewPackage("time", "time")
	myTime := types.NewPackage("example.com/shop/time", "time")
	yaml := types.NewPackage("gopkg.in/yaml.v3", "yaml")

	q := NewQualifier(own)
	q.Reserve("v")
	steps := []struct {
		do, want, why string
		got           func() string
	}{
		{"Qualify(own)", "", "the package under test is unqualified", func() string { return q.Qualify(own) }},
		{"Import(own)", "", "importing the package under test is a no-op", func() string { return q.Import(own.Path(), "pricing") }},
		{"Qualify(time)", "time", "a free name is used as is", func() string { return q.Qualify(stdTime) }},
		{"Qualify(time) again", "time", "the same path keeps its name", func() string { return q.Qualify(stdTime) }},
		{"Qualify(other time)", "time2", "another package of the same name is numbered", func() string { return q.Qualify(myTime) }},
		{"Import(strings)", "strings2", "names declared by the package under test are reserved", func() string { return q.Import("strings", "strings") }},
		{"Import(v)", "v2", "reserved names are avoided", func() string { return q.Import("example.com/v", "v") }},
		{"Qualify(yaml)", "yaml", "the package name, not the path's last element", func() string { return q.Qualify(yaml) }},
		{"Import(rand/v2)", "rand", "a name guessed from a versioned path", func() string { return q.Import("math/rand/v2", "") }},
		{"Import(go-cmp)", "cmp", "a go- prefix is dropped", func() string { return q.Import("github.com/google/go-cmp", "") }},
	}
	for _, s := range steps {
		if got := s.got(); got != s.want {
			t.Errorf("%s = %q, want %q (%s)", s.do, got, s.want, s.why)
		}
	}
	want := map[string]string{
		"time": "time", "example.com/shop/time": "time2", "strings": "strings2", "example.com/v": "v2",
		"gopkg.in/yaml.v3": "yaml", "math/rand/v2": "rand", "github.com/google/go-cmp": "cmp",
	}
	if got := q.Imports(); !equalMaps(got, want) {
		t.Errorf("Imports() = %v, want %v", got, want)
	}

	point := types.NewNamed(types.NewTypeName(0, own, "Point", nil), types.NewStruct(nil, nil), nil)
	dur := types.NewNamed(types.NewTypeName(0, stdTime, "Duration", nil), types.Typ[types.Int64], nil)
	zone := types.NewNamed(types.NewTypeName(0, myTime, "Zone", nil), types.Typ[types.String], nil)
	typ := types.NewMap(dur, types.NewSlice(types.NewPointer(point)))
	if got, want := q.TypeString(typ), "map[time.Duration][]*Point"; got != want {
		t.Errorf("TypeString = %q, want %q", got, want)
	}
	if got, want := q.TypeString(zone), "time2.Zone"; got != want {
		t.Errorf("TypeString = %q, want %q", got, want)
	}

	// A Qualifier for code outside any package qualifies everything.
	q2 := NewQualifier(nil)
	if got, want := q2.TypeString(point), "pricing.Point"; got != want {
		t.Errorf("NewQualifier(nil).TypeString = %q, want %q", got, want)
	}
}

func TestFuncHead(t *testing.T) {
	str, num, boolean := types.Typ[types.String], types.Typ[types.Int], types.Typ[types.Bool]
	errType := types.Universe.Lookup("error").Type()
	params := func(ts ...types.Type) *types.Tuple {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, types.NewParam(0, nil, "", t))
		}
		return types.NewTuple(vs...)
	}
	for _, c := range []struct {
		sig  *types.Signature
		want string
	}{
		{types.NewSignatureType(nil, nil, nil, params(), params(), false), "func()"},
		{types.NewSignatureType(nil, nil, nil, params(num, num), params(boolean), false), "func(a int, b int) bool"},
		{types.NewSignatureType(nil, nil, nil, params(str, types.NewSlice(num)), params(num, errType), true), "func(a string, b ...int) (int, error)"},
	} {
		names := []string{"a", "b"}[:c.sig.Params().Len()]
		if got := FuncHead(c.sig, names, func(t types.Type) string { return types.TypeString(t, nil) }); got != c.want {
			t.Errorf("FuncHead(%s) = %q, want %q", c.sig, got, c.want)
		}
	}
}
