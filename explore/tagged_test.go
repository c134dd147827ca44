package explore

import (
	"slices"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

func TestReadsTags(t *testing.T) {
	for _, tt := range []struct {
		dir, fn    string
		ok         bool
		keys, opts []string
		why        string
	}{
		{"testdata/tagged", "(*Decoder).Decode", true, []string{"form"}, []string{"required", "true"},
			"Tag.Get(d.tag) takes a field, set from tag: \"form\"; the options are the words it looks for or compares with"},
		{"testdata/generic", "(*Stack).Pop", false, nil, nil, "no reflection over structs"},
	} {
		f := targettest.Func(t, tt.dir, ".", tt.fn)
		shape, ok := readsTags(f.Pkg.Syntax, f.Pkg.TypesInfo)
		if ok != tt.ok || !slices.Equal(shape.keys, tt.keys) || !slices.Equal(shape.options, tt.opts) {
			t.Errorf("readsTags(%s) = %q, %q, %v; want %q, %q, %v (%s)", tt.dir, shape.keys, shape.options, ok, tt.keys, tt.opts, tt.ok, tt.why)
		}
	}
}

// TestTaggedValues: an empty interface of a package that reads struct
// tags gets pointers to tagged structs, and a map of string keys the
// names the tags give their fields.
func TestTaggedValues(t *testing.T) {
	f := targettest.Func(t, "testdata/tagged", ".", "(*Decoder).Decode")
	g := newValueGen(f.Pkg.Types, mine(f))
	g.pkg = f.Pkg
	var code []string
	for _, v := range g.values(f.Params[0].Type) {
		if v.Kind == spec.Code {
			code = append(code, v.Str)
		}
	}
	all := strings.Join(code, "\n")
	for _, want := range []string{"&struct { Name string `form:\"name\"`;", "`form:\"name,required\"`", "`form:\"-\"`", "type Base struct"} {
		if !strings.Contains(all, want) {
			t.Errorf("no any value with %s; got:\n%s", want, all)
		}
	}
	keyed := false
	for _, v := range g.values(f.Params[1].Type) {
		for _, e := range v.Map {
			keyed = keyed || e.Key.Str == "count"
		}
	}
	if !keyed {
		t.Error("no map keyed by a tagged field's name")
	}
}

// TestTaggedExplored: a decoder that fills a struct by its fields' tags
// is explored whole: a struct of each field kind, tagged, and form
// values keyed by their names; so are its helpers taking a
// reflect.Type (of tagged structs, pointers to them and other kinds)
// and a reflect.Value (the zero one, and a struct that can be set).
func TestTaggedExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/tagged", "(*Decoder).Decode", "fieldNames", "setStrings", "zeroInts", "fieldName")
}
