package target

import (
	"context"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lineOf returns the 1-based line of the first line of file that starts
// with prefix.
func lineOf(t *testing.T, file, prefix string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line %q in %s", prefix, file)
	return 0
}

// TestPricing loads testdata/td/pricing once and checks what Load,
// Func and Funcs report about it.
func TestPricing(t *testing.T) {
	p := loadPricing(t)
	tdDir, _ := filepath.Abs("testdata/td")
	extDir, _ := filepath.Abs("testdata/ext")
	pricingGo := filepath.Join(tdDir, "pricing", "pricing.go")

	t.Run("package", func(t *testing.T) {
		checks := []struct{ what, got, want string }{
			{"Dir", p.Dir, filepath.Join(tdDir, "pricing")},
			{"ImportPath", p.ImportPath, "example.com/td/pricing"},
			{"Name", p.Name, "pricing"},
			{"ModulePath", p.ModulePath, "example.com/td"},
			{"ModuleDir", p.ModuleDir, tdDir},
			{"GoVersion", p.GoVersion, "1.23"},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
			}
		}
		if want := []string{pricingGo}; !slices.Equal(p.GoFiles, want) {
			t.Errorf("GoFiles = %v, want %v", p.GoFiles, want)
		}
		wantTests := []string{filepath.Join(tdDir, "pricing", "pricing_test.go"), filepath.Join(tdDir, "pricing", "x_test.go")}
		if !slices.Equal(p.TestFiles, wantTests) {
			t.Errorf("TestFiles = %v, want %v (internal and external test files)", p.TestFiles, wantTests)
		}
		if len(p.Syntax) != 1 || p.Fset.File(p.Syntax[0].Pos()).Name() != pricingGo {
			t.Errorf("Syntax is not parallel to GoFiles")
		}
		if p.Types == nil || p.Types.Path() != p.ImportPath || p.TypesInfo == nil || len(p.TypesInfo.Defs) == 0 {
			t.Errorf("missing type information")
		}
	})

	t.Run("imports", func(t *testing.T) {
		for _, path := range []string{"fmt", "strconv", "example.com/td/util", "example.com/ext/extpkg", "io", "errors", "unicode/utf8"} {
			ip, ok := p.Imports[path]
			if !ok || ip.Path() != path || !ip.Complete() {
				t.Errorf("Imports[%q] = %v: want the complete package (reachable directly or transitively)", path, ip)
			}
		}
		if _, ok := p.Imports[p.ImportPath]; ok {
			t.Errorf("Imports holds the package itself")
		}
	})

	t.Run("deps", func(t *testing.T) {
		want := []Dep{
			{ImportPath: "example.com/ext/extpkg", Dir: filepath.Join(extDir, "extpkg"), GoFiles: []string{filepath.Join(extDir, "extpkg", "extpkg.go")}, ModulePath: "example.com/ext"},
			{ImportPath: "example.com/td/util", Dir: filepath.Join(tdDir, "util"), GoFiles: []string{filepath.Join(tdDir, "util", "util.go")}, ModulePath: "example.com/td"},
		}
		if len(p.Deps) != len(want) {
			t.Fatalf("Deps = %+v, want %+v (no standard library, dependencies first)", p.Deps, want)
		}
		for i := range want {
			g, w := p.Deps[i], want[i]
			if g.ImportPath != w.ImportPath || g.Dir != w.Dir || !slices.Equal(g.GoFiles, w.GoFiles) || g.ModulePath != w.ModulePath {
				t.Errorf("Deps[%d] = %+v, want %+v", i, g, w)
			}
		}
	})

	t.Run("sentinels", func(t *testing.T) {
		got := map[string]Sentinel{}
		for _, s := range p.Sentinels {
			got[s.Name] = s
		}
		want := []Sentinel{
			{Expr: "ErrEmpty", Name: "pricing.ErrEmpty", ImportPath: "example.com/td/pricing"},
			{Expr: "errNegative", Name: "pricing.errNegative", ImportPath: "example.com/td/pricing"},
			{Expr: "io.EOF", Name: "io.EOF", ImportPath: "io"},
			{Expr: "strconv.ErrRange", Name: "strconv.ErrRange", ImportPath: "strconv"},
			{Expr: "errors.ErrUnsupported", Name: "errors.ErrUnsupported", ImportPath: "errors"},
		}
		for _, w := range want {
			g, ok := got[w.Name]
			if !ok {
				t.Errorf("missing sentinel %s", w.Name)
				continue
			}
			if g.Expr != w.Expr || g.ImportPath != w.ImportPath || g.Obj == nil || g.Obj.Pkg().Path()+"."+g.Obj.Name() != w.ImportPath+"."+w.Name[strings.Index(w.Name, ".")+1:] {
				t.Errorf("sentinel %s = %+v, want %+v", w.Name, g, w)
			}
		}
		for _, absent := range []string{"pricing.notAnError", "fmt.Errorf", "time.UTC"} {
			if _, ok := got[absent]; ok {
				t.Errorf("%s is not an error variable", absent)
			}
		}
		for name := range got {
			if strings.HasPrefix(name, "util.") || strings.HasPrefix(name, "fs.") {
				t.Errorf("sentinel %s: only the package's own and directly imported standard packages count", name)
			}
		}
		q := NewQualifier(p.Types)
		if s := got["io.EOF"]; q.ObjectString(s.Obj) != "io.EOF" {
			t.Errorf("ObjectString(io.EOF) = %q", q.ObjectString(s.Obj))
		}
		if s := got["pricing.ErrEmpty"]; q.ObjectString(s.Obj) != "ErrEmpty" {
			t.Errorf("ObjectString(ErrEmpty) = %q", q.ObjectString(s.Obj))
		}
	})

	t.Run("error-types", func(t *testing.T) {
		got := map[string]ErrorType{}
		for _, e := range p.ErrorTypes {
			got[e.Name] = e
		}
		want := []ErrorType{
			{Expr: "*ParseError", Name: "*pricing.ParseError", ImportPath: "example.com/td/pricing"},
			{Expr: "Code", Name: "pricing.Code", ImportPath: "example.com/td/pricing"},
			{Expr: "*strconv.NumError", Name: "*strconv.NumError", ImportPath: "strconv"},
			{Expr: "*time.ParseError", Name: "*time.ParseError", ImportPath: "time"},
		}
		for _, w := range want {
			g, ok := got[w.Name]
			if !ok {
				t.Errorf("missing error type %s (have %v)", w.Name, p.ErrorTypes)
				continue
			}
			if g.Expr != w.Expr || g.ImportPath != w.ImportPath || g.Type == nil {
				t.Errorf("error type %s = %+v, want %+v", w.Name, g, w)
			}
		}
		if _, ok := got["pricing.Point"]; ok {
			t.Errorf("Point is no error type")
		}
		if e := got["*pricing.ParseError"]; e.Type != nil {
			if _, ok := e.Type.(*types.Pointer); !ok {
				t.Errorf("Type of *ParseError = %v, want a pointer", e.Type)
			}
		}
	})

	t.Run("func", func(t *testing.T) {
		f, err := p.Func("ParseAmount")
		if err != nil {
			t.Fatal(err)
		}
		start := lineOf(t, pricingGo, "func ParseAmount(")
		if f.Name != "ParseAmount" || f.Pkg != p || f.Obj == nil || f.Sig == nil || f.Recv != nil || f.Decl == nil {
			t.Errorf("incomplete Func %+v", f)
		}
		if len(f.Params) != 1 || f.Params[0].Name != "s" || f.Params[0].Type.String() != "string" {
			t.Errorf("Params = %+v", f.Params)
		}
		if len(f.Results) != 2 || f.Results[0].String() != "int64" || !f.ErrorLast {
			t.Errorf("Results = %v, ErrorLast = %v", f.Results, f.ErrorLast)
		}
		if f.Doc != "ParseAmount parses \"12.50\" into cents.\n" {
			t.Errorf("Doc = %q", f.Doc)
		}
		if !strings.HasPrefix(f.Source, "// ParseAmount parses") || !strings.HasSuffix(f.Source, "nil\n}") {
			t.Errorf("Source = %q: want the declaration with its doc comment", f.Source)
		}
		if f.File != pricingGo || f.StartLine != start || f.EndLine != start+14 {
			t.Errorf("File %s lines %d-%d, want %s lines %d-%d", f.File, f.StartLine, f.EndLine, pricingGo, start, start+14)
		}
		if f.Unbuildable != "" {
			t.Errorf("Unbuildable = %q", f.Unbuildable)
		}
	})

	t.Run("params", func(t *testing.T) {
		tests := []struct {
			fn    string
			names []string
			types []string
			vari  bool
			why   string
		}{
			{"Sum", []string{"prefix", "xs"}, []string{"string", "[]int"}, true, "a variadic parameter has the slice type"},
			{"Unnamed", []string{"p0", "p1"}, []string{"int", "string"}, false, "unnamed parameters are numbered"},
			{"Blank", []string{"p0_", "p0", "p2"}, []string{"int", "string", "bool"}, false, "blank parameters are numbered without clashing"},
			{"(*Point).Move", []string{"dx", "dy"}, []string{"int", "int"}, false, "method parameters"},
		}
		for _, tc := range tests {
			f, err := p.Func(tc.fn)
			if err != nil {
				t.Fatal(err)
			}
			var names, typs []string
			for _, prm := range f.Params {
				names = append(names, prm.Name)
				typs = append(typs, types.TypeString(prm.Type, types.RelativeTo(p.Types)))
				if prm.Variadic != (tc.vari && len(names) == len(f.Params)) {
					t.Errorf("%s: %s Variadic = %v (%s)", tc.fn, prm.Name, prm.Variadic, tc.why)
				}
			}
			if !slices.Equal(names, tc.names) || !slices.Equal(typs, tc.types) {
				t.Errorf("%s params %v %v, want %v %v (%s)", tc.fn, names, typs, tc.names, tc.types, tc.why)
			}
		}
	})

	t.Run("lookup", func(t *testing.T) {
		tests := []struct {
			name, want, wantErr, why string
		}{
			{name: "Point.Dist", want: "Point.Dist", why: "value method"},
			{name: "(*Point).Move", want: "(*Point).Move", why: "pointer method"},
			{name: "Point.Move", want: "(*Point).Move", why: "T.M finds a pointer method, with its normal name"},
			{name: "*Point.Move", want: "(*Point).Move", why: "*T.M is accepted"},
			{name: "( *Point ).Move", want: "(*Point).Move", why: "spaces are ignored"},
			{name: "(*Point).Dist", want: "Point.Dist", why: "(*T).M finds a value method"},
			{name: "pricing.ParseAmount", want: "ParseAmount", why: "a package-qualified name"},
			{name: "helper", want: "helper", why: "unexported functions are found"},
			{name: "Apply", want: "Apply", why: "a function Funcs skips is still returned, with the reason"},
			{name: "ParseAmout", wantErr: "no function ParseAmout in package example.com/td/pricing (did you mean ParseAmount?)", why: "typo"},
			{name: "Point.Dsit", wantErr: "no function Point.Dsit in package example.com/td/pricing (did you mean Point.Dist?)", why: "method typo"},
			{name: "Frobnicate", wantErr: "no function Frobnicate in package example.com/td/pricing", why: "nothing close"},
			{name: "Map", want: "Map", why: "a generic function is returned uninstantiated"},
			{name: "List.Len", want: "(*List).Len", why: "a method of a generic type is returned uninstantiated"},
			{name: "init", wantErr: "no function init in package example.com/td/pricing", why: "init cannot be called"},
		}
		for _, tc := range tests {
			f, err := p.Func(tc.name)
			switch {
			case tc.wantErr != "":
				if err == nil || err.Error() != tc.wantErr {
					t.Errorf("Func(%q) error = %v, want %q (%s)", tc.name, err, tc.wantErr, tc.why)
				}
			case err != nil:
				t.Errorf("Func(%q): %v (%s)", tc.name, err, tc.why)
			case f.Name != tc.want:
				t.Errorf("Func(%q).Name = %q, want %q (%s)", tc.name, f.Name, tc.want, tc.why)
			}
		}
		f, _ := p.Func("Point.Move")
		if f == nil || f.Recv == nil || f.Recv.Obj().Name() != "Point" || !f.RecvPtr {
			t.Errorf("Point.Move: Recv = %v, RecvPtr = %v", f.Recv, f.RecvPtr)
		}
	})

	t.Run("funcs", func(t *testing.T) {
		funcs, skipped := p.Funcs()
		var names []string
		for _, f := range funcs {
			names = append(names, f.Name)
		}
		wantNames := []string{"(*ParseError).Error", "Code.Error", "ParseAmount", "Point.Dist", "(*Point).Move", "Sum", "Unnamed", "Blank", "Apply", "Pipe", "Write", "Read", "Wait", "Map", "(*List).Len", "helper"}
		if !slices.Equal(names, wantNames) {
			t.Errorf("Funcs() = %v\nwant %v", names, wantNames)
		}
		wantSkipped := []Skipped{}
		if !slices.Equal(skipped, wantSkipped) {
			t.Errorf("skipped = %q\nwant %q", skipped, wantSkipped)
		}
	})
}

func TestFuncsMain(t *testing.T) {
	p, err := Load(context.Background(), "./mainpkg", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	funcs, skipped := p.Funcs()
	if len(funcs) != 1 || funcs[0].Name != "Double" || len(skipped) != 0 {
		t.Errorf("Funcs() = %v, %v: want Double only (main is left out)", funcs, skipped)
	}
}

func TestUnbuildable(t *testing.T) {
	p := loadShapes(t)
	tests := []struct {
		typ, want, why string
	}{
		{"int", "", "basic"},
		{"[]map[string]*Point", "", "composites of buildable types"},
		{"Item", "", "structs are buildable whatever their fields: unset fields stay zero"},
		{"time.Duration", "", "special"},
		{"context.Context", "", "becomes context.Background()"},
		{"fmt.Stringer", "", "nil only, but accepted so that probes written by hand can pass one"},
		{"any", "", "natural values"},
		{"MyErr", "", "error's method set"},
		{"Handler", "", "named func: a function literal, written as code"},
		{"[]func(int) int", "", "funcs at any depth: function literals, written as code"},
		{"[]chan int", "", "channels: made by code, buffered, maybe filled and closed"},
		{"map[string]Shape", "", "other interfaces: nil, or a value of an implementation built by code"},
		{"*io.Writer", "", "an interface through a pointer"},
	}
	unsafePtr := types.NewSlice(types.Typ[types.UnsafePointer])
	want := "x has type []unsafe.Pointer, whose type unsafe.Pointer cannot be built from a spec value"
	if got := unbuildable(unsafePtr, map[types.Type]bool{}).describe("x", unsafePtr, nil); got != want {
		t.Errorf("unbuildable([]unsafe.Pointer) = %q, want %q", got, want)
	}
	for _, tc := range tests {
		typ := evalType(t, p, tc.typ)
		got := ""
		if w := unbuildable(typ, map[types.Type]bool{}); w != nil {
			got = w.describe("x", typ, types.RelativeTo(p.Types))
		}
		if got != tc.want {
			t.Errorf("unbuildable(%s) = %q, want %q (%s)", tc.typ, got, tc.want, tc.why)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string // substrings of the error
		why     string
	}{
		{"./broken", []string{
			"load ./broken: 2 errors:",
			"broken/broken.go:3:23: undefined: undefinedThing",
			"broken/broken.go:5:26: cannot use 1 (untyped int constant) as string value in return statement",
		}, "type errors are listed with file:line:col"},
		{"./usesbroken", []string{"load ./usesbroken:", "broken/broken.go:3:23: undefined: undefinedThing"}, "errors of dependencies are listed"},
		{"./cgopkg", []string{`load ./cgopkg: package example.com/td/cgopkg uses cgo (import "C" in cgopkg/cgo.go), which is not supported`}, "cgo is refused clearly"},
		{"./...", []string{"load ./...: pattern matches", "; want one"}, "one package at a time"},
		{"./nope", []string{"load ./nope:", "nope"}, "a missing directory"},
		{"example.com/td/nosuch", []string{"load example.com/td/nosuch:"}, "a missing import path"},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			t.Parallel()
			_, err := Load(context.Background(), tc.pattern, Config{Dir: "testdata/td"})
			if err == nil {
				t.Fatalf("Load(%s) succeeded; want an error (%s)", tc.pattern, tc.why)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Load(%s) error:\n%v\nwant it to contain %q (%s)", tc.pattern, err, w, tc.why)
				}
			}
			if strings.Contains(err.Error(), "goroutine ") || strings.Contains(err.Error(), "/usr/local/go") {
				t.Errorf("error is not user-facing: %v", err)
			}
		})
	}
}

func TestLoadStandardLibrary(t *testing.T) {
	p, err := Load(context.Background(), "errors", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Func("New")
	if err != nil {
		t.Fatal(err)
	}
	if f.Decl.Body == nil || len(f.Decl.Body.List) == 0 || p.ModulePath != "" || len(p.Deps) != 0 {
		t.Errorf("errors.New: body %v, module %q, deps %v: a standard package under test keeps its function bodies", f.Decl.Body, p.ModulePath, p.Deps)
	}
}

func TestLoadImportPath(t *testing.T) {
	p, err := Load(context.Background(), "example.com/td/util", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "util" || len(p.GoFiles) != 1 || len(p.TestFiles) != 0 {
		t.Errorf("Load by import path: %s %v %v", p.Name, p.GoFiles, p.TestFiles)
	}
}

func TestGeneric(t *testing.T) {
	p, err := Load(context.Background(), "./generic", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	funcs, skipped := p.Funcs()
	if len(skipped) != 0 {
		t.Errorf("skipped = %v, want none", skipped)
	}
	var names []string
	for _, f := range funcs {
		names = append(names, f.Name+"["+f.TypeParamList()+"]")
	}
	want := []string{"Name.String[]", "Max[T ~int | ~float64]", "Sum[T Number]", "Keys[K comparable, V any]",
		"Join[S fmt.Stringer]", "Index[S ~[]E, E comparable]", "Wait[T any]", "NewStack[T any]",
		"(*Stack).Push[T any]", "(*Stack).Pop[T any]", "Stack.Len[T any]", "(*Cache).Get[K comparable, V any]", "Vec.Sum[T Number]"}
	if !slices.Equal(names, want) {
		t.Errorf("Funcs() = %q\nwant %q", names, want)
	}

	tests := []struct {
		fn      string
		args    []string
		params  string // the instantiated parameters and results
		wantErr string
		why     string
	}{
		{"Max", []string{"int"}, "(a int, b int) int", "", "a basic type of the type set"},
		{"Max", []string{"ID"}, "(a ID, b ID) ID", "", "a named type of the package, by its name"},
		{"Max", []string{"string"}, "", "instantiate Max[string]: string does not satisfy ~int | ~float64 (string missing in ~int | ~float64)", "outside the type set"},
		{"Max", []string{"int", "int"}, "", "Max takes 1 type arguments (T ~int | ~float64), got 2", "one argument per type parameter"},
		{"Sum", []string{"float64"}, "(xs ...float64) float64", "", "variadic"},
		{"Keys", []string{"Name", "[]time.Duration"}, "(m map[Name][]time.Duration) []Name", "", "another package's type, qualified by its name"},
		{"Join", []string{"Name"}, "(xs []Name) string", "", "an interface constraint"},
		{"Join", []string{"ID"}, "", "instantiate Join[ID]: ID does not satisfy fmt.Stringer (missing method String)", "a type without the method"},
		{"Index", []string{"[]string", "string"}, "(s []string, x string) int", "", "a core type over another type parameter"},
		{"Index", []string{"[]string", "int"}, "", "instantiate Index[[]string, int]: []string does not satisfy ~[]int ([]string missing in ~[]int)", "the core type must agree"},
	}
	for _, tc := range tests {
		f, err := p.Func(tc.fn)
		if err != nil {
			t.Fatal(err)
		}
		if !f.Generic() || f.Unbuildable != "" {
			t.Errorf("%s: Generic() = %v, Unbuildable = %q", tc.fn, f.Generic(), f.Unbuildable)
		}
		var targs []types.Type
		for _, a := range tc.args {
			typ, err := p.TypeOf(a)
			if err != nil {
				t.Fatalf("TypeOf(%q): %v", a, err)
			}
			targs = append(targs, typ)
		}
		inst, err := f.Instantiate(targs)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.wantErr {
			t.Errorf("%s%v: error %q, want %q (%s)", tc.fn, tc.args, got, tc.wantErr, tc.why)
			continue
		}
		if err != nil {
			continue
		}
		var ps []string
		for _, prm := range inst.Params {
			ts := p.TypeString(prm.Type)
			if prm.Variadic {
				ts = "..." + strings.TrimPrefix(ts, "[]")
			}
			ps = append(ps, prm.Name+" "+ts)
		}
		sig := "(" + strings.Join(ps, ", ") + ") " + p.TypeString(inst.Results[0])
		if sig != tc.params || inst.Generic() || len(inst.TypeArgs) != len(tc.args) {
			t.Errorf("%s%v: %s, Generic() = %v, want %s (%s)", tc.fn, tc.args, sig, inst.Generic(), tc.params, tc.why)
		}
		if _, err := inst.Instantiate(targs); err == nil {
			t.Errorf("%s%v: an instantiation instantiates again", tc.fn, tc.args)
		}
	}

	for _, tc := range []struct{ expr, wantErr string }{
		{"map[ID][]Name", ""},
		{"time.Duration", ""},
		{"Nope", "type Nope: eval:1:1: undefined: Nope"},
		{"Max", "Max is not a type"},
		{"", "empty type"},
	} {
		_, err := p.TypeOf(tc.expr)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.wantErr {
			t.Errorf("TypeOf(%q) error = %q, want %q", tc.expr, got, tc.wantErr)
		}
	}
}

// TestGenericMethods instantiates methods of generic types: the
// receiver type is instantiated, and the method's parameters and
// results with it.
func TestGenericMethods(t *testing.T) {
	p, err := Load(context.Background(), "./generic", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fn      string
		args    []string
		want    string // the instantiated receiver, parameters and results
		wantErr string
		why     string
	}{
		{"(*Stack).Push", []string{"int"}, "*Stack[int] (v int) ()", "", "a pointer receiver; the parameter takes the type argument"},
		{"Stack.Push", []string{"string"}, "*Stack[string] (v string) ()", "", "found by T.M"},
		{"(*Stack).Pop", []string{"ID"}, "*Stack[ID] () (ID, bool)", "", "the receiver renames the type parameter; types go by the type's names"},
		{"Stack.Len", []string{"[]string"}, "Stack[[]string] () (int)", "", "a value receiver that leaves its type parameter unnamed"},
		{"(*Cache).Get", []string{"Name", "[]time.Duration"}, "*Cache[Name, []time.Duration] (k Name) ([]time.Duration, bool)", "", "two type parameters"},
		{"Vec.Sum", []string{"float64"}, "Vec[float64] () (float64)", "", "a constraint with a type set"},
		{"Vec.Sum", []string{"string"}, "", "instantiate Vec[string]: string does not satisfy Number (string missing in ~int | ~int64 | ~float64)", "the receiver type's constraint is checked"},
		{"(*Cache).Get", []string{"int"}, "", "(*Cache).Get takes 2 type arguments (K comparable, V any), got 1", "one argument per type parameter of the type"},
		{"(*Cache).Get", []string{"[]int", "int"}, "", "instantiate Cache[[]int, int]: []int does not satisfy comparable", "comparable"},
	}
	for _, tc := range tests {
		f, err := p.Func(tc.fn)
		if err != nil {
			t.Fatal(err)
		}
		if !f.Generic() || f.Unbuildable != "" || f.Recv == nil {
			t.Errorf("%s: Generic() = %v, Unbuildable = %q, Recv = %v", tc.fn, f.Generic(), f.Unbuildable, f.Recv)
		}
		var targs []types.Type
		for _, a := range tc.args {
			typ, err := p.TypeOf(a)
			if err != nil {
				t.Fatalf("TypeOf(%q): %v", a, err)
			}
			targs = append(targs, typ)
		}
		inst, err := f.Instantiate(targs)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.wantErr {
			t.Errorf("%s%v: error %q, want %q (%s)", tc.fn, tc.args, got, tc.wantErr, tc.why)
			continue
		}
		if err != nil {
			continue
		}
		recv := p.TypeString(inst.Recv)
		if inst.RecvPtr {
			recv = "*" + recv
		}
		var ps, rs []string
		for _, prm := range inst.Params {
			ps = append(ps, prm.Name+" "+p.TypeString(prm.Type))
		}
		for _, r := range inst.Results {
			rs = append(rs, p.TypeString(r))
		}
		sig := recv + " (" + strings.Join(ps, ", ") + ") (" + strings.Join(rs, ", ") + ")"
		if sig != tc.want || inst.Generic() || inst.Name != f.Name || inst.Obj != f.Obj {
			t.Errorf("%s%v: %s, Generic() = %v, Name %s, want %s (%s)", tc.fn, tc.args, sig, inst.Generic(), inst.Name, tc.want, tc.why)
		}
		if r := inst.Sig.Recv(); r == nil || !types.Identical(r.Type(), types.Type(inst.Recv)) && !types.Identical(r.Type(), types.NewPointer(inst.Recv)) {
			t.Errorf("%s%v: Sig's receiver %v is not Recv %v", tc.fn, tc.args, inst.Sig.Recv(), inst.Recv)
		}
	}
}

// TestFuncsBodiless: a function declared without a body (go:linkname,
// assembly) is skipped with the reason, not explored.
func TestFuncsBodiless(t *testing.T) {
	p, err := Load(context.Background(), "./linked", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	funcs, skipped := p.Funcs()
	want := []Skipped{{Name: "nanotime", Reason: "declared without a body (assembly or go:linkname)"}}
	if len(funcs) != 1 || funcs[0].Name != "Elapsed" || !slices.Equal(skipped, want) {
		t.Errorf("Funcs() = %v, %v; want Elapsed, and nanotime skipped", funcs, skipped)
	}
}
