package explore

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"

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

// TestSettingKeys: a package that reads a setting under each of several
// tag keys has them all as settings, and as flags those it parses as a
// bool (through a function of its own, isSet(f.Tag.Get("skip")), or a
// variable, required := f.Tag.Get("required")); its any gets a struct
// of each field kind tagged with the others, and one of each flag.
func TestSettingKeys(t *testing.T) {
	f := targettest.Func(t, "testdata/settings", ".", "Load")
	shape, ok := readsTags(f.Pkg.Syntax, f.Pkg.TypesInfo)
	if !ok || !slices.Equal(shape.settings, []string{"default", "env", "required", "skip"}) || !slices.Equal(shape.flags, []string{"required", "skip"}) {
		t.Errorf("readsTags = settings %q, flags %q, %v; want [default env required skip], [required skip], true", shape.settings, shape.flags, ok)
	}
	g := newValueGen(f.Pkg.Types, mine(f))
	g.pkg = f.Pkg
	var code []string
	for _, v := range g.values(f.Params[0].Type) {
		code = append(code, v.Str)
	}
	f = targettest.Func(t, "testdata/settings", ".", "set")
	g = newValueGen(f.Pkg.Types, mine(f))
	g.pkg = f.Pkg
	for _, v := range g.values(f.Params[0].Type) {
		code = append(code, v.Str)
	}
	all := strings.Join(code, "\n")
	for _, want := range []string{
		"reflect.ValueOf(new(*int)).Elem()",
		"reflect.ValueOf(new(time.Duration)).Elem()", // the package names time
		"Count int `default:\"2\" env:\"2\"`",
		"Timeout time.Duration `default:\"1s\" env:\"1s\"`",
		"HTTPServerPort string `required:\"true\"` }{}",
		"HTTPServerPort string `skip:\"true\"` }{}",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no any value with %s; got:\n%s", want, all)
		}
	}
}

// TestSettingsExplored: a loader of settings by their tags is explored
// whole, its required and skipped settings among them (see
// TestSettingKeys); a writer of their usage given a template runs the
// template's functions, which only the layout its package passes it
// calls (see callerArgs).
func TestSettingsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	// set is given settable reflect.Values of each kind (see
	// reflectValues), a nil pointer among them.
	exploredWhole(t, "testdata/settings", "Load", "set")
	f := targettest.Func(t, "testdata/settings", ".", "Usagef")
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 300, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range x.Uncovered() {
		if strings.Contains(u.Text, "reflect.StructField") {
			t.Errorf("Usagef: the template's functions not run: uncovered %d-%d: %s", u.Start, u.End, u.Text)
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

// TestPointerFields: a field of an interface type the package hands to
// reflect.ValueOf where it tells a pointer (a loader's target) is given
// a pointer in the plainest literal of its struct, so that a receiver
// its constructor accepts is among the first.
func TestPointerFields(t *testing.T) {
	f := targettest.Func(t, "testdata/settings", ".", "(*Loader).Load")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for v := range a.gen.pointerFields() {
		names = append(names, v.Name())
	}
	if !slices.Equal(names, []string{"Target"}) {
		t.Errorf("pointerFields() = %q, want [Target]", names)
	}
	for _, r := range a.cands[0][:min(6, len(a.cands[0]))] {
		if strings.Contains(r.Str, "NewLoader(&Config{Target: &struct {") {
			return
		}
	}
	t.Errorf("no receiver built with a pointer target among the first six: %v", a.cands[0][:min(6, len(a.cands[0]))])
}
