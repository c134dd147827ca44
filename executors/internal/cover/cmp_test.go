package cover_test

import (
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// instrumentCmpt instruments testdata/cmpt with comparison recording.
func instrumentCmpt(t *testing.T) (src []byte, out map[string][]byte, decl []byte, sites []cover.CmpSite) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "cmpt", "cmpt.go"))
	if err != nil {
		t.Fatal(err)
	}
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	out, decl, _, sites, err = cover.PackageCmps("cmpt", []cover.Source{{Name: "cmpt.go", Src: src}}, cover.Options{}, cover.CmpOptions{Importer: imp})
	if err != nil {
		t.Fatal(err)
	}
	return src, out, decl, sites
}

// TestCmpsGolden pins the rewrite of testdata/cmpt: which comparisons
// become sites, and how (go test -update rewrites the golden files).
func TestCmpsGolden(t *testing.T) {
	_, out, decl, sites := instrumentCmpt(t)
	golden.Check(t, "testdata/golden/cmpt.go.golden", out["cmpt.go"])
	var b bytes.Buffer
	for i, s := range sites {
		fmt.Fprintf(&b, "%d %s:%d:%d %s\n", i, s.File, s.Line, s.Col, s.Kind)
	}
	golden.Check(t, "testdata/golden/cmpt.sites.golden", b.Bytes())
	if !bytes.Contains(decl, []byte("func SpecgenCmpTake() (sites []int, a, b []string)")) {
		t.Errorf("the extra file does not declare SpecgenCmpTake:\n%s", decl)
	}
}

const cmptMain = `package main

import (
	"fmt"

	"example.com/cmpt"
)

func main() {
	for _, s := range cmpt.Run() {
		fmt.Println(s)
	}
	%s
}
`

const cmptTake = `sites, a, b := cmpt.SpecgenCmpTake()
	fmt.Println("--")
	for i := range sites {
		fmt.Printf("%d %q %q\n", sites[i], a[i], b[i])
	}`

// TestCmpsNative builds testdata/cmpt as it is and instrumented: the
// functions return the same, and the comparisons recorded are those of
// testdata/golden/cmpt.records.golden.
func TestCmpsNative(t *testing.T) {
	src, out, decl, _ := instrumentCmpt(t)
	run := func(files map[string][]byte, take string) string {
		dir := t.TempDir()
		files["go.mod"] = []byte("module example.com/cmpt\n\ngo 1.22\n")
		files["cmd/main.go"] = []byte(fmt.Sprintf(cmptMain, take))
		writeFiles(t, dir, files)
		return string(goCmd(t, dir, "run", "./cmd"))
	}
	orig := run(map[string][]byte{"cmpt.go": src}, "")
	inst := run(map[string][]byte{"cmpt.go": out["cmpt.go"], "zz_cmp.go": decl}, cmptTake)
	results, records, ok := strings.Cut(inst, "--\n")
	if !ok {
		t.Fatalf("no records in the output:\n%s", inst)
	}
	if diff := cmp.Diff(orig, results); diff != "" {
		t.Errorf("the instrumented functions return something else (-original +instrumented):\n%s", diff)
	}
	golden.Check(t, "testdata/golden/cmpt.records.golden", []byte(records))
}

// TestCmpsYaegi interprets the instrumented package: yaegi runs the
// helpers and records what the compiled package records.
func TestCmpsYaegi(t *testing.T) {
	_, out, decl, _ := instrumentCmpt(t)
	dir := "_pkg/src/example.com/cmpt/"
	fs := fstest.MapFS{dir + "cmpt.go": {Data: out["cmpt.go"]}, dir + "zz_cmp.go": {Data: decl}}
	i := interp.New(interp.Options{GoPath: "./_pkg", SourcecodeFilesystem: fs})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import "example.com/cmpt"`); err != nil {
		t.Fatalf("yaegi: import instrumented package: %v", err)
	}
	if _, err := i.Eval(`cmpt.Run()`); err != nil {
		t.Fatalf("yaegi: run: %v", err)
	}
	if _, err := i.Eval(`sites, as, bs := cmpt.SpecgenCmpTake()`); err != nil {
		t.Fatalf("yaegi: take records: %v", err)
	}
	var got strings.Builder
	vals := make([]any, 3)
	for k, name := range []string{"sites", "as", "bs"} {
		v, err := i.Eval(name)
		if err != nil {
			t.Fatal(err)
		}
		vals[k] = v.Interface()
	}
	sites, as, bs := vals[0].([]int), vals[1].([]string), vals[2].([]string)
	for k := range sites {
		fmt.Fprintf(&got, "%d %q %q\n", sites[k], as[k], bs[k])
	}
	want, err := os.ReadFile("testdata/golden/cmpt.records.golden")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("yaegi records (-native +yaegi):\n%s", diff)
	}
}

// TestCmpsFallBack: a package the helpers would not compile in (it
// declares a name they use or declare), or that does not type-check,
// is instrumented as Package does it, without comparison sites.
func TestCmpsFallBack(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	for name, src := range map[string]string{
		"shadows a predeclared type": "package p\n\ntype int64 = int32\n\nfunc F(s string) bool { return s == \"x\" }\n",
		"declares a helper name":     "package p\n\nfunc specgenCmpMap() {}\n\nfunc F(s string) bool { return s == \"x\" }\n",
		"does not type-check":        "package p\n\nfunc F(s string) bool { return s == undefined }\n",
	} {
		t.Run(name, func(t *testing.T) {
			files := []cover.Source{{Name: "p.go", Src: []byte(src)}}
			out, decl, blocks, sites, err := cover.PackageCmps("p", files, cover.Options{}, cover.CmpOptions{Importer: imp})
			if err != nil {
				t.Fatal(err)
			}
			wantOut, wantDecl, wantBlocks, err := cover.Package("p", files, cover.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(sites) != 0 {
				t.Errorf("sites %v, want none", sites)
			}
			if diff := cmp.Diff(wantOut, out); diff != "" {
				t.Errorf("instrumented source (-Package +PackageCmps):\n%s", diff)
			}
			if !bytes.Equal(decl, wantDecl) || !slices.Equal(blocks, wantBlocks) {
				t.Errorf("declarations or blocks differ from Package's:\n%s", decl)
			}
		})
	}
}
