package executors

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/target"
)

func loadDiv(tb testing.TB) *target.Func {
	tb.Helper()
	dir, err := filepath.Abs("testdata/mod")
	if err != nil {
		tb.Fatal(err)
	}
	pkg, err := target.Load(context.Background(), "./calc", target.Config{Dir: dir})
	if err != nil {
		tb.Fatal(err)
	}
	f, err := pkg.Func("Div")
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// TestGenProbesLines checks the line range recorded for each probe, by
// which compile errors are traced to their probe: it spans the probe's
// function from its first line to its closing brace; and probeAt maps
// every line of it back to the probe, or to a probe that shares its
// function (literal arguments only: probes 0, 1, 3 and 4).
func TestGenProbesLines(t *testing.T) {
	f := loadDiv(t)
	prog := &Program{Func: f}
	var idx []int
	for i := range 5 {
		p := Probe{ID: fmt.Sprint(i), Args: []string{fmt.Sprint(i), "1"}}
		if i == 2 {
			p.Setup = "x := 1\n_ = x" // a longer body
		}
		prog.Probes = append(prog.Probes, p)
		idx = append(idx, i)
	}
	g := &generator{prog: prog, pkgName: f.Pkg.Name, self: f.Pkg.Types}
	files, err := g.genProbes(idx, "_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("got %d files, want 1", len(files))
	}
	pf := files[0]
	lines := strings.Split(string(pf.src), "\n")
	name := func(i int) string { return wireName(g.wire[i]) }
	for _, i := range idx {
		r := pf.lines[i]
		if first := lines[r[0]-1]; !strings.HasPrefix(first, "func "+name(i)+"(") {
			t.Errorf("probe %d: line %d is %q, want the start of %s", i, r[0], first, name(i))
		}
		if last := lines[r[1]-1]; last != "}" {
			t.Errorf("probe %d: line %d is %q, want the closing brace", i, r[1], last)
		}
		for l := r[0]; l <= r[1]; l++ {
			if got, ok := probeAt(files, checkError{file: pf.name, line: l}); !ok || name(got) != name(i) {
				t.Errorf("probeAt(line %d) = %d, %v; want probe %d or one sharing its function", l, got, ok, i)
			}
		}
	}
	for _, i := range []int{1, 3, 4} {
		if name(i) != name(0) || !strings.HasPrefix(name(i), "specgenShape") {
			t.Errorf("probe %d runs %s, want the shared function of probe 0, %s", i, name(i), name(0))
		}
	}
	if name(2) == name(0) {
		t.Errorf("probe 2, with its setup, shares the function of probe 0")
	}
	if got := strings.Count(string(pf.src), "\nfunc "); got != 2 {
		t.Errorf("the file holds %d functions, want 2", got)
	}
	if _, ok := probeAt(files, checkError{file: pf.name, line: 1}); ok {
		t.Errorf("probeAt(line 1) found a probe in the file header")
	}
}

// BenchmarkGenProbes writes the probe files and harness of programs of
// 1,000, 10,000 and 100,000 cases on one function. Time and memory per
// case stay flat: generation is linear in the number of cases.
func BenchmarkGenProbes(b *testing.B) {
	f := loadDiv(b)
	pkg := f.Pkg
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("cases=%d", n), func(b *testing.B) {
			prog := &Program{Func: f}
			idx := make([]int, n)
			for i := range n {
				prog.Probes = append(prog.Probes, Probe{ID: fmt.Sprint(i), Args: []string{fmt.Sprint(i % 100), fmt.Sprint(i%9 + 1)}})
				idx[i] = i
			}
			g := &generator{prog: prog, pkgName: pkg.Name, self: pkg.Types}
			b.ReportAllocs()
			for b.Loop() {
				files, err := g.genProbes(idx, "_test.go")
				if err != nil {
					b.Fatal(err)
				}
				if len(files) != 1 || len(files[0].lines) != n {
					b.Fatalf("got %d files, want 1 with %d probes", len(files), n)
				}
				g.harness(idx)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/case")
		})
	}
}

// TestSubProgramKeepsDeclImports checks that a probe's imports cut to
// those its code names keep those its declarations name: a fake whose
// method returns an io.Reader needs io though the call never says it.
func TestSubProgramKeepsDeclImports(t *testing.T) {
	p := Probe{ID: "fake", Args: []string{`fakeSource{}`}, Imports: map[string]string{"io": "io", "strings": "strings"},
		Decls: []target.Decl{{Name: "fakeSource", Src: "type fakeSource map[string]any\n\nfunc (f fakeSource) Open() io.Reader { return nil }\n"}}}
	sub := subProgram(&Program{Probes: []Probe{p}}, []int{0})
	if got := sub.Probes[0].Imports; len(got) != 1 || got["io"] != "io" {
		t.Errorf("imports %v, want io alone", got)
	}
}
