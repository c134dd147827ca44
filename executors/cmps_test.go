package executors_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// TestCmps runs probes with comparison recording through both engines'
// workers: each result carries the comparisons its probe made, with
// their kinds, and none without Program.Cmps.
func TestCmps(t *testing.T) {
	point := calcFunc(t, "ParsePoint")
	probes := []executors.Probe{
		{ID: "short", Args: []string{`"7"`}},
		{ID: "empty", Args: []string{`""`}},
	}
	// What ParsePoint compares: s with "" (not for "": equal strings
	// are not recorded), s split at "," (its separator, a candidate
	// substitution), then len(parts) with 2.
	want := [][]executors.Cmp{
		{
			{Kind: executors.CmpString, A: "7", B: ""},
			{Kind: executors.CmpString, A: "7", B: ","},
			{Kind: executors.CmpLen, A: "1", B: "2"},
		},
		nil,
	}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: point, Probes: probes, Cover: true, Cmps: true})
			for i, r := range rep.Results {
				if r.Outcome != executors.OK {
					t.Fatalf("%s: %s %s", r.ID, r.Outcome, r.Message)
				}
				got := slices.Clone(r.Cmps)
				for k := range got {
					got[k].Site = 0 // site numbers depend on the package's other comparisons
				}
				if diff := cmp.Diff(want[i], got); diff != "" {
					t.Errorf("%s: comparisons (-want +got):\n%s", r.ID, diff)
				}
			}
			if rs := rep.Results[0].Cmps; len(rs) == 3 && (rs[0].Site == rs[1].Site || rs[1].Site == rs[2].Site || rs[0].Site == rs[2].Site) {
				t.Errorf("comparisons share a site: %v", rs)
			}
			rep = run(t, e, &executors.Program{Func: point, Probes: probes[:1], Cover: true})
			if c := rep.Results[0].Cmps; c != nil {
				t.Errorf("without Cmps, the probe reports comparisons %v", c)
			}
			if len(rep.Results[0].Covered) == 0 {
				t.Errorf("without Cmps, no coverage")
			}
		})
	}
}

// TestCmpsOldLanguage records comparisons in a module whose language
// version (go 1.8) is older than what the recording helpers use: both
// engines run the probe and see the comparison.
func TestCmpsOldLanguage(t *testing.T) {
	dir, _ := filepath.Abs("testdata/oldmod")
	pkg, err := target.Load(context.Background(), ".", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	known, err := pkg.Func("Known")
	if err != nil {
		t.Fatal(err)
	}
	probes := []executors.Probe{{ID: "other", Args: []string{`"lock"`}}}
	want := []executors.Cmp{{Kind: executors.CmpString, A: "lock", B: "key"}}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: known, Probes: probes, Cover: true, Cmps: true})
			r := rep.Results[0]
			if r.Outcome != executors.OK {
				t.Fatalf("%s: %s %s", r.ID, r.Outcome, r.Message)
			}
			got := slices.Clone(r.Cmps)
			for k := range got {
				got[k].Site = 0
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("comparisons (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCoverageIsTheCall: a probe covers what its call runs, not what
// building its arguments ran of other functions (see
// TestCoveredWhileBuilding for the function's own). The argument here
// runs Shout and Stats before the call with "" returns at once; the
// probe covers what the plain call with "" covers.
func TestCoverageIsTheCall(t *testing.T) {
	point := calcFunc(t, "ParsePoint")
	probes := []executors.Probe{
		{ID: "plain", Args: []string{`""`}},
		{ID: "built", Args: []string{`func() string { Stats([]float64{1, 2}); Shout(""); return "" }()`}},
	}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: point, Probes: probes, Cover: true})
			for _, r := range rep.Results {
				if r.Outcome != executors.OK {
					t.Fatalf("%s: %s %s", r.ID, r.Outcome, r.Message)
				}
			}
			if len(rep.Results[0].Covered) == 0 {
				t.Fatal("the plain probe covers nothing")
			}
			if diff := cmp.Diff(rep.Results[0].Covered, rep.Results[1].Covered); diff != "" {
				t.Errorf("blocks covered (-plain +built):\n%s", diff)
			}
		})
	}
}

// TestCoverageOfGoroutines checks that what a goroutine the call started
// covers is the probe's: it is given a moment to run before the
// coverage is taken (a job a scheduler starts in the background).
func TestCoverageOfGoroutines(t *testing.T) {
	spawn := loadFunc(t, "testdata/mod", "./callback", "Spawn")
	probes := []executors.Probe{{ID: "spawn", Args: []string{"1", "func(int) {}"}}}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			for round := range 5 {
				rep := run(t, e, &executors.Program{Func: spawn, Probes: probes, Cover: true})
				r := rep.Results[0]
				if r.Outcome != executors.OK {
					t.Fatalf("%s %s", r.Outcome, r.Message)
				}
				inGoroutine := false
				for _, i := range r.Covered {
					if b := rep.Blocks[i]; strings.HasSuffix(b.File, "spawn.go") && b.StartLine == 6 && b.EndLine == 8 {
						inGoroutine = true
					}
				}
				if !inGoroutine {
					t.Fatalf("run %d: the goroutine's body (lines 6-8) is not covered: %v of %+v", round+1, r.Covered, rep.Blocks)
				}
			}
		})
	}
}

// TestCoveredWhileBuilding: a receiver built by calling the function
// under test (a stack drained by Drop before Drop is probed) adds the
// function's blocks run then to the probe's coverage, as the case's
// test runs them too; the blocks of another function run then
// (NewStack's) stay out, and so does what the call alone leaves out
// when nothing of the function ran before it.
func TestCoveredWhileBuilding(t *testing.T) {
	drop := calcFunc(t, "(*Stack).Drop")
	probes := []executors.Probe{
		{ID: "drained", Recv: "func() *Stack { s := NewStack(1); s.Drop(5); return s }()", Args: []string{"0"}},
		{ID: "plain", Recv: "NewStack(1)", Args: []string{"0"}},
	}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: drop, Probes: probes, Cover: true})
			lines := func(r executors.Result) (own []int, other bool) {
				for _, b := range r.Covered {
					blk := rep.Blocks[b]
					switch {
					case filepath.Base(blk.File) != "stack.go" || blk.StartLine < drop.StartLine || blk.EndLine > drop.EndLine:
						other = true
					default:
						own = append(own, blk.StartLine)
					}
				}
				return own, other
			}
			for _, r := range rep.Results {
				if r.Outcome != executors.OK {
					t.Fatalf("%s: %s %s", r.ID, r.Outcome, r.Message)
				}
			}
			drained, other := lines(rep.Results[0])
			plain, _ := lines(rep.Results[1])
			// The fail branch (n > had) starts on Drop's second line.
			failAt := drop.StartLine + 1
			if !slices.Contains(drained, failAt) {
				t.Errorf("drained: Drop's blocks %v lack the fail branch (line %d) its receiver ran", drained, failAt)
			}
			if other {
				t.Errorf("drained: blocks of other functions covered: %v", rep.Results[0].Covered)
			}
			if slices.Contains(plain, failAt) {
				t.Errorf("plain: the fail branch (line %d) covered: %v", failAt, plain)
			}
		})
	}
}
