package explore

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

const idsDir = "testdata/ids"

// TestOwnValuesCoverage explores the parsers of testdata/ids with the
// default probe budget, with and without the package's own values and
// the structure-aware mutations: with them, the explorer gets past the
// layout checks (a String() of a built ID is a valid canonical ID whose
// variants and mutations give its braced and compact forms, near misses
// and other versions; a pattern declared two calls away gives valid
// tags). MaxTime is raised
// so that the probe budget, not the machine's speed, ends the search.
func TestOwnValuesCoverage(t *testing.T) {
	tests := []struct {
		fn   string
		want int // statements reached with the package's own values, at least
	}{
		{fn: "Parse", want: 24},
		{fn: "ParseTag", want: 11},
		// An empty interface switched to string is given the package's
		// strings, which Parse takes (see TestCmpFeedbackAny for its bytes).
		{fn: "(*ID).Scan", want: 9},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			cov := map[bool]int{}
			for _, noOwn := range []bool{true, false} {
				f := loadFunc(t, idsDir, tt.fn)
				fe, err := newFakeExec(f.Pkg)
				if err != nil {
					t.Fatal(err)
				}
				b := NewBuiltin(BuiltinOptions{})
				b.noOwn = noOwn
				x, err := Run(context.Background(), f, b, fe, Options{MaxTime: time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				c, n := x.Statements()
				cov[noOwn] = c
				t.Logf("without the package's values %v: coverage %d/%d, %d probes, %d rounds, stop %s", noOwn, c, n, x.Probes(), x.Rounds, x.Stop)
				if x.Uncompiled() != 0 {
					t.Errorf("%d snippets did not compile, first: %+v", x.Uncompiled(), x.CompileErrors[0])
				}
				if !noOwn {
					for _, u := range x.Uncovered() {
						t.Logf("uncovered %d-%d: %s", u.Start, u.End, u.Text)
					}
				}
			}
			if cov[false] < tt.want || cov[false] <= cov[true] {
				t.Errorf("coverage %d statements with the package's values, %d without; want at least %d, and more than without", cov[false], cov[true], tt.want)
			}
		})
	}
}

// TestHarvested checks the package's own values of testdata/ids: the
// samples of a pattern no function of Parse's reach uses, a constant,
// and code that makes a string by running the package (String() of a
// built ID, URN of an ID), but never a call of the function under test.
func TestHarvested(t *testing.T) {
	f := loadFunc(t, idsDir, "Parse")
	m := mine(f)
	tag := regexp.MustCompile(`^[a-z]{2,4}-[0-9]{3}$`)
	valid := 0
	for _, s := range m.pkgMatches {
		if tag.MatchString(s) {
			valid++
		}
	}
	if valid < 2 {
		t.Errorf("%d samples of the package's tag pattern match it, want 2 or more: %q", valid, m.pkgMatches)
	}
	if !slices.Contains(m.own, "urn:id:") {
		t.Errorf("constant URNPrefix not among the package's values %q", m.own)
	}
	g := newValueGen(f.Pkg.Types, m)
	g.pkg, g.under = f.Pkg, f.Obj
	code := harvestedCode(g)
	for _, want := range []string{".String()", "URN("} {
		if !slices.ContainsFunc(code, func(c string) bool { return strings.Contains(c, want) }) {
			t.Errorf("no harvested value calls %s: %q", want, code)
		}
	}
	if slices.ContainsFunc(code, func(c string) bool { return strings.Contains(c, "Parse(") }) {
		t.Errorf("a harvested value calls the function under test: %q", code)
	}
	g.noOwn = true
	g.cache = map[string][]spec.Value{}
	for _, v := range g.values(types.Typ[types.String]) {
		if v.Kind == spec.Code {
			t.Errorf("harvested %q with noOwn", v.Str)
		}
	}
}

// TestHarvestedAsRun checks that an input harvested as code is mutated
// as the value its probe reported, and kept for the mutation dictionary.
func TestHarvestedAsRun(t *testing.T) {
	f := loadFunc(t, idsDir, "Parse")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	code := `Parse((&ID{}).String())`
	a.proposed[normCode(code)] = []spec.Value{spec.CodeValue("(&ID{}).String()")}
	r := &Record{Snippet: Snippet{Code: code}, Class: "ok", NewBlocks: 3, Result: executors.Result{
		Inputs: []executors.NamedValue{{Name: "s", Value: spec.StringValue("00000000-0000-0000-0000-000000000000")}},
	}}
	vals, ok := a.decode(r)
	if !ok || len(vals) != 1 || vals[0].Kind != spec.String || vals[0].Str != "00000000-0000-0000-0000-000000000000" {
		t.Fatalf("decode = %v, %v; want the reported string", vals, ok)
	}
	if a.proposed[normCode(code)][0].Kind != spec.Code {
		t.Error("decode changed the proposed inputs")
	}
	a.observedSeen = map[string]bool{}
	a.observe([]*Record{r})
	if !slices.Equal(a.observed, []string{"00000000-0000-0000-0000-000000000000"}) {
		t.Errorf("observed %q", a.observed)
	}
	// An empty interface given the package's string (Scan(src any)) is
	// mutated as that string; code of a type of its own is left code.
	scan := loadFunc(t, idsDir, "(*ID).Scan")
	if a, err = newAnalysis(scan, 1, false); err != nil {
		t.Fatal(err)
	}
	var harvested string
	for _, v := range a.gen.values(scan.Params[0].Type) {
		if v.Kind == spec.Code && a.gen.harvestedCode[v.Str] {
			harvested = v.Str
			break
		}
	}
	if harvested == "" {
		t.Fatalf("no harvested string among the values of src: %v", a.gen.values(scan.Params[0].Type))
	}
	recv := spec.CodeValue("&ID{}")
	for _, tt := range []struct {
		code, reported string
		want           spec.Kind
	}{
		{harvested, "00000000-0000-0000-0000-000000000000", spec.String},
		{`json.Number("1.5")`, "1.5", spec.Code},
	} {
		call := "(&ID{}).Scan(" + tt.code + ")"
		a.proposed[normCode(call)] = []spec.Value{recv, spec.CodeValue(tt.code)}
		r := &Record{Snippet: Snippet{Code: call}, Class: "ok", NewBlocks: 1, Result: executors.Result{
			Inputs: []executors.NamedValue{{Name: "src", Value: spec.StringValue(tt.reported)}},
		}}
		vals, ok := a.decode(r)
		if !ok || len(vals) != 2 || vals[1].Kind != tt.want {
			t.Errorf("decode of %s = %v, %v; want src of kind %v", call, vals, ok, tt.want)
		}
	}
}

// TestMineSkipsTestFiles pins that nothing of a package's _test.go files
// is read: neither by the loader nor by the miner, should a loader have
// parsed them.
func TestMineSkipsTestFiles(t *testing.T) {
	fromTests := func(m *mined) []string {
		var out []string
		for _, l := range [][]string{m.words, m.strs, m.seps, m.prefixes, m.suffixes, m.docs, m.related, m.chars, m.matches, m.pkgMatches, m.own} {
			for _, s := range l {
				if strings.Contains(s, "test-only") || strings.Contains(s, "TESTONLY") {
					out = append(out, s)
				}
			}
		}
		return out
	}
	t.Run("loader", func(t *testing.T) {
		p, err := target.Load(context.Background(), ".", target.Config{Dir: idsDir})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.TestFiles) == 0 {
			t.Fatal("testdata/ids has a _test.go file the loader does not list")
		}
		for _, name := range p.GoFiles {
			if strings.HasSuffix(name, "_test.go") {
				t.Errorf("the loader parsed %s", name)
			}
		}
		f, err := p.Func("Parse")
		if err != nil {
			t.Fatal(err)
		}
		if got := fromTests(mine(f)); len(got) > 0 {
			t.Errorf("mined from the tests: %q", got)
		}
	})
	t.Run("miner", func(t *testing.T) {
		// The package type-checked with its test file, as a loader
		// with tests would give it.
		fset := token.NewFileSet()
		p := &target.Package{Fset: fset, Name: "ids", ImportPath: "example.com/ids"}
		for _, name := range []string{"ids.go", "ids_test.go"} {
			path := filepath.Join(idsDir, name)
			file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			p.GoFiles, p.Syntax = append(p.GoFiles, path), append(p.Syntax, file)
		}
		p.TypesInfo = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		var err error
		if p.Types, err = conf.Check(p.ImportPath, fset, p.Syntax, p.TypesInfo); err != nil {
			t.Fatal(err)
		}
		var decl *ast.FuncDecl
		for _, d := range p.Syntax[0].Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Parse" && fd.Recv == nil {
				decl = fd
			}
		}
		f := &target.Func{Name: "Parse", Pkg: p, Decl: decl, Obj: p.TypesInfo.Defs[decl.Name].(*types.Func)}
		if got := fromTests(mine(f)); len(got) > 0 {
			t.Errorf("mined from the tests: %q", got)
		}
		// The test file is there to be skipped: the same walk over
		// every file finds its values.
		m := &mined{}
		(&miner{m: m, info: p.TypesInfo, self: p.Types}).mineOwn(p.Syntax)
		if len(fromTests(m)) == 0 {
			t.Error("the test file's values are not found even when its syntax is walked: the check above proves nothing")
		}
	})
}

// TestHarvestedRichFirst: a function of the package that makes a string
// from a number is called with a number of seven digits before the
// typical 2, so that with one call each (the cap on harvested values)
// what it makes of a number's structure shows: thousands groups, a
// unit's scale.
func TestHarvestedRichFirst(t *testing.T) {
	f := loadFunc(t, "testdata/sample", "ParseSize")
	g := newValueGen(f.Pkg.Types, mine(f))
	g.pkg, g.under = f.Pkg, f.Obj
	code := harvestedCode(g)
	for _, fn := range []string{"Grade", "Level"} {
		rich, typical := slices.Index(code, fn+"(1234567)"), slices.Index(code, fn+"(2)")
		if rich < 0 || typical >= 0 && typical < rich {
			t.Errorf("%s(1234567) at %d, %s(2) at %d in %q: want the rich call, first", fn, rich, fn, typical, code)
		}
	}
}

// harvestedCode is the string values g proposes as code: the values
// the package makes, harvested.
func harvestedCode(g *valueGen) []string {
	var code []string
	for _, v := range g.values(types.Typ[types.String]) {
		if v.Kind == spec.Code {
			code = append(code, v.Str)
		}
	}
	return code
}
