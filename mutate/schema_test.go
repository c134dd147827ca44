package mutate

import (
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// schemaInput is testdata/schema/p.go.txt parsed and type-checked, with
// its viable mutants numbered from 1.
type schemaInput struct {
	fset *token.FileSet
	file *ast.File
	src  []byte
	info *types.Info
	pkg  *types.Package
	muts []numbered
}

func typeCheck(fset *token.FileSet, f *ast.File, info *types.Info) (*types.Package, error) {
	conf := types.Config{Importer: importer.Default()}
	return conf.Check("p", fset, []*ast.File{f}, info)
}

func loadSchemaInput(t *testing.T) schemaInput {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "schema", "p.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in := schemaInput{fset: token.NewFileSet(), src: src}
	in.file, err = parser.ParseFile(in.fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	in.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if in.pkg, err = typeCheck(in.fset, in.file, in.info); err != nil {
		t.Fatal(err)
	}
	for _, m := range Mutants(in.fset, in.file, src, in.file.Pos(), in.file.End(), in.info) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", m.Src, 0)
		if err != nil {
			continue
		}
		if _, err := typeCheck(fset, f, &types.Info{}); err != nil {
			continue // not viable: left out before the schema, as Score does
		}
		in.muts = append(in.muts, numbered{ID: len(in.muts) + 1, Mutant: m})
	}
	return in
}

// TestSchemaGolden pins the schema of a file with every mutator kind,
// checks that it type-checks, and that the mutants it cannot switch at
// run time are the ones that must stay constant or that sit in a for
// statement's header. Those that regroup the expression around them
// (a|b*2 groups as a|(b*2); || for && beside another ||) are switched
// as the whole chain of binary expressions around them.
func TestSchemaGolden(t *testing.T) {
	in := loadSchemaInput(t)
	out, left := Schema(in.fset, in.file, in.src, in.info, in.pkg, in.muts, true)
	golden := filepath.Join("testdata", "schema", "p.go.golden")
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(out)); diff != "" {
		t.Errorf("schema differs from %s (-want +got; go test -update rewrites it):\n%s", golden, diff)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", out, 0)
	if err != nil {
		t.Fatalf("the schema does not parse: %v", err)
	}
	if _, err := typeCheck(fset, f, &types.Info{}); err != nil {
		t.Fatalf("the schema does not type-check: %v", err)
	}
	var got []string
	for _, m := range left {
		got = append(got, fmt.Sprintf("%d:%d %s", m.Pos.Line, m.Pos.Column, m.Change()))
	}
	sort.Strings(got)
	wantLeft := []string{
		"50:13 ARITHMETIC_BASE + → -", // an array length is constant
		"7:13 ARITHMETIC_BASE * → /",  // a constant declaration
	}
	sort.Strings(wantLeft)
	if diff := cmp.Diff(wantLeft, got); diff != "" {
		t.Errorf("mutants left out of the schema (-want +got):\n%s", diff)
	}
}

// TestSchemaBehaviour builds, in one program, the schema and every
// mutant on its own, and checks for each mutant id that the schema run
// with it selected returns what the mutant returns, on inputs that
// reach every site; id 0 must be the original.
func TestSchemaBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	in := loadSchemaInput(t)
	schema, left := Schema(in.fset, in.file, in.src, in.info, in.pkg, in.muts, true)
	skip := map[int]bool{}
	for _, m := range left {
		skip[m.ID] = true
	}
	dir := t.TempDir()
	write := func(name string, src []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module schematest\n\ngo 1.22\n"))
	write("schema/p.go", schema)
	write("m0/p.go", in.src)
	var imports, table strings.Builder
	imports.WriteString("\tm0 \"schematest/m0\"\n")
	table.WriteString("\t0: m0.F,\n")
	var ids []int
	for _, m := range in.muts {
		if skip[m.ID] {
			continue
		}
		ids = append(ids, m.ID)
		write(fmt.Sprintf("m%d/p.go", m.ID), m.Src)
		fmt.Fprintf(&imports, "\tm%d \"schematest/m%d\"\n", m.ID, m.ID)
		fmt.Fprintf(&table, "\t%d: m%d.F,\n", m.ID, m.ID)
	}
	write("main.go", []byte(fmt.Sprintf(schemaMain, imports.String(), table.String())))
	bin := filepath.Join(dir, "bin")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, id := range append([]int{0}, ids...) {
		cmd := exec.Command(bin, strconv.Itoa(id))
		cmd.Env = append(os.Environ(), MutantEnv+"="+strconv.Itoa(id))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("mutant %d: %v\n%s", id, err, out)
		}
	}
	if len(ids) < 30 {
		t.Errorf("only %d mutants in the schema", len(ids))
	}
}

const schemaMain = `package main

import (
	"fmt"
	"os"
	"reflect"
	"strconv"

	schema "schematest/schema"
%s)

var table = map[int]any{
%s}

func call(f any, a, b int, u uint, ok bool, xs []int, s string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("panic: ", r)
		}
	}()
	args := []reflect.Value{reflect.ValueOf(a), reflect.ValueOf(b), reflect.ValueOf(u), reflect.ValueOf(ok), reflect.ValueOf(xs), reflect.ValueOf(s)}
	for _, r := range reflect.ValueOf(f).Call(args) {
		out += fmt.Sprint(r.Interface()) + " "
	}
	return out
}

func main() {
	id, _ := strconv.Atoi(os.Args[1])
	inputs := []struct {
		a, b int
		u    uint
		ok   bool
		xs   []int
		s    string
	}{
		{1, 2, 3, true, []int{1, 2, 0, 3, -1, 4}, "ab"},
		{5, 1, 0, false, nil, ""},
		{-3, 4, 7, true, []int{0, 0, 5}, "q"},
		{2, 2, 1, false, []int{-1}, "zz"},
		{10, -3, 2, true, []int{3}, ""},
		{0, 7, 9, false, []int{2, 2}, "y"},
	}
	bad := false
	for _, in := range inputs {
		got := call(schema.F, in.a, in.b, in.u, in.ok, in.xs, in.s)
		want := call(table[id], in.a, in.b, in.u, in.ok, in.xs, in.s)
		if got != want {
			fmt.Printf("%%v: schema %%s, mutant %%s\n", in, got, want)
			bad = true
		}
	}
	if bad {
		os.Exit(1)
	}
}
`
