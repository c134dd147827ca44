package cover_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// TestYaegi interprets an instrumented file with yaegi and reads the
// counters after a call.
func TestYaegi(t *testing.T) {
	const src = `package calc

func Sign(n int) int {
	if n < 0 {
		return -1
	}
	if n == 0 {
		return 0
	}
	return 1
}
`
	const first = 10 // counters of other files come first
	out, blocks, err := cover.File("calc.go", []byte(src), cover.Options{First: first})
	if err != nil {
		t.Fatal(err)
	}
	// Blocks of the body's statement list come first, then the nested ones.
	wantBlocks := []cover.Block{
		{File: "calc.go", StartLine: 3, StartCol: 22, EndLine: 4, EndCol: 11, NumStmts: 1},
		{File: "calc.go", StartLine: 7, StartCol: 2, EndLine: 7, EndCol: 12, NumStmts: 1},
		{File: "calc.go", StartLine: 10, StartCol: 2, EndLine: 10, EndCol: 10, NumStmts: 1},
		{File: "calc.go", StartLine: 4, StartCol: 11, EndLine: 6, EndCol: 3, NumStmts: 1},
		{File: "calc.go", StartLine: 7, StartCol: 12, EndLine: 9, EndCol: 3, NumStmts: 1},
	}
	if diff := cmp.Diff(wantBlocks, blocks); diff != "" {
		t.Fatalf("blocks (-want +got):\n%s", diff)
	}
	decl := cover.Decl("calc", cover.DefaultCounterVar, first+len(blocks))
	files := map[string][]byte{"calc.go": out}

	tests := []struct {
		call   string
		want   []int // indices into blocks that ran
		reason string
	}{
		{"calc.Sign(5)", []int{0, 1, 2}, "falls through both ifs to the final return"},
		{"calc.Sign(-5)", []int{0, 3}, "returns in the first if: nothing after it runs"},
		{"calc.Sign(0)", []int{0, 1, 4}, "returns in the second if"},
	}
	for _, tt := range tests {
		t.Run(tt.call, func(t *testing.T) {
			counters := yaegiCounters(t, "calc", files, decl, tt.call)
			if len(counters) != first+len(blocks) {
				t.Fatalf("got %d counters, want %d", len(counters), first+len(blocks))
			}
			if slices.ContainsFunc(counters[:first], func(c uint32) bool { return c != 0 }) {
				t.Errorf("counters before First were set: %v", counters[:first])
			}
			var got []int
			for i, c := range counters[first:] {
				if c != 0 {
					got = append(got, i)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("blocks run = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

// exportCounters is an extra file of an instrumented package that lets the
// caller read the counters.
const exportCounters = "package %s\n\nfunc SpecgenCounters() []uint32 { return %s[:] }\n"

// yaegiCounters interprets the instrumented package example.com/<pkg>,
// evaluates call (an expression such as `pkg.F(1)`) and returns the
// counters afterwards.
func yaegiCounters(t *testing.T, pkg string, out map[string][]byte, decl []byte, call string) []uint32 {
	t.Helper()
	dir := "_pkg/src/example.com/" + pkg + "/"
	fs := fstest.MapFS{
		dir + "zz_counters.go": {Data: decl},
		dir + "zz_export.go":   {Data: []byte(fmt.Sprintf(exportCounters, pkg, cover.DefaultCounterVar))},
	}
	for name, src := range out {
		fs[dir+name] = &fstest.MapFile{Data: src}
	}
	// The tag leaves out files yaegi cannot load (see testdata/covt/generics.go).
	var stderr bytes.Buffer
	i := interp.New(interp.Options{
		GoPath:               "./_pkg",
		SourcecodeFilesystem: fs,
		BuildTags:            []string{"specgen_yaegi"},
		Stderr:               &stderr,
	})
	defer func() {
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("yaegi stderr:\n%s", stderr.Bytes())
		}
	}()
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import "example.com/` + pkg + `"`); err != nil {
		t.Fatalf("yaegi: import instrumented package: %v", err)
	}
	if _, err := i.Eval(call); err != nil {
		t.Fatalf("yaegi: %s: %v", call, err)
	}
	v, err := i.Eval(pkg + ".SpecgenCounters()")
	if err != nil {
		t.Fatalf("yaegi: read counters: %v", err)
	}
	counters, ok := v.Interface().([]uint32)
	if !ok {
		t.Fatalf("yaegi: counters are %T, want []uint32", v.Interface())
	}
	return counters
}
