package executors_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// TestAutoRunCrossChecks runs, through Auto.Run, functions of
// testdata/reflectcorpus/hidden, a package YaegiProblems finds nothing
// wrong with. Describe's last case is one yaegi gets wrong (%T of a
// package struct that reaches fmt as an any): the sampled check against
// native catches it and native's results stand for the whole program;
// without the check, yaegi's wrong answer would stand. Double agrees.
func TestAutoRunCrossChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds native workers")
	}
	dir, _ := filepath.Abs("testdata/reflectcorpus")
	pkg, err := target.Load(context.Background(), "./hidden", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if probs := pkg.YaegiProblems(); len(probs) != 0 {
		t.Fatalf("YaegiProblems() = %v, want none: the package must get past the static check", probs)
	}
	prog := func(name string, args ...int) *executors.Program {
		f, err := pkg.Func(name)
		if err != nil {
			t.Fatal(err)
		}
		p := &executors.Program{Func: f}
		for i, a := range args {
			p.Probes = append(p.Probes, executors.Probe{ID: strconv.Itoa(i), Args: []string{strconv.Itoa(a)}})
		}
		return p
	}
	native := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	ten := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 101}
	// Every probe imports what one of them uses, as the runner gives
	// them: the sample, which leaves that one out, must still compile.
	shared := prog("Double", ten...)
	shared.Probes[3].Args = []string{"int(math.Sqrt(16))"}
	for i := range shared.Probes {
		shared.Probes[i].Imports = map[string]string{"math": "math"}
	}
	tests := []struct {
		name       string
		sample     int
		prog       *executors.Program
		wantEngine string
		wantWhy    string
		wantLast   string
	}{
		{"Describe", 0, prog("Describe", ten...), "native", "yaegi disagrees with native (probe 9: result 0: \"struct { X int; Y int }\", native: \"hidden.Point\")", `"hidden.Point"`},
		{"Describe/unchecked", -1, prog("Describe", ten...), "yaegi", "the package is safe for yaegi", `"struct { X int; Y int }"`},
		{"Double", 0, prog("Double", ten...), "yaegi", "the package is safe for yaegi; 4 of 10 cases checked against native agree", "202"},
		{"Double/imports", 0, shared, "yaegi", "the package is safe for yaegi; 4 of 10 cases checked against native agree", "202"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			auto := &executors.Auto{Native: native, Yaegi: &executors.Yaegi{Logf: t.Logf}, Logf: t.Logf, RunSample: tc.sample}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			rep, err := auto.Run(ctx, tc.prog)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Engine != tc.wantEngine || rep.Why != tc.wantWhy {
				t.Errorf("ran on %s (%s), want %s (%s)", rep.Engine, rep.Why, tc.wantEngine, tc.wantWhy)
			}
			if len(rep.Results) != len(tc.prog.Probes) {
				t.Fatalf("%d results for %d probes", len(rep.Results), len(tc.prog.Probes))
			}
			last := rep.Results[len(rep.Results)-1]
			if len(last.Outputs) != 1 || last.Outputs[0].String() != tc.wantLast {
				t.Errorf("last case: %+v, want output %s", last, tc.wantLast)
			}
			if first := rep.Results[0]; len(first.Outputs) != 1 || strings.Trim(first.Outputs[0].String(), `"`) == "" {
				t.Errorf("first case: %+v", first)
			}
		})
	}
}
