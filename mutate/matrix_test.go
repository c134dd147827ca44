package mutate

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/target"
)

// matrixBrief is a mutant of a kill matrix without its file: "KIND a → b
// @line:col STATUS kills=[...] timeouts=[...]".
func matrixBrief(m MatrixMutant) string {
	return fmt.Sprintf("%s @%d:%d %s kills=%v timeouts=%v", m.Change(), m.Pos.Line, m.Pos.Column, m.Status, ints(m.Kills), ints(m.Timeouts))
}

// tinyFunc is function name of testdata/mod/tiny, in a load of its own.
func tinyFunc(t *testing.T, name string) *target.Func {
	t.Helper()
	return targettest.Func(t, "testdata/mod", "./tiny", name)
}

func TestMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	pkg, err := target.Load(context.Background(), "./tiny", target.Config{Dir: "testdata/mod"})
	if err != nil {
		t.Fatal(err)
	}
	probes := func(calls ...string) []executors.Probe {
		var out []executors.Probe
		for i, c := range calls {
			out = append(out, executors.Probe{ID: fmt.Sprint("p", i), Args: strings.Split(c, ",")})
		}
		return out
	}
	tests := []struct {
		fn     string
		probes []executors.Probe
		only   func(Mutant) bool
		want   []string
	}{{
		// Inside the range: both negations are told apart, the
		// boundaries of a clamp return the bound itself and live.
		// Below the range, the second comparison never runs.
		fn:     "Clamp",
		probes: probes("5,0,10", "-3,0,10"),
		want: []string{
			"CONDITIONALS_BOUNDARY < → <= @7:7 LIVED kills=[] timeouts=[]",
			"CONDITIONALS_NEGATION < → >= @7:7 KILLED kills=[0 1] timeouts=[]",
			"CONDITIONALS_BOUNDARY > → >= @10:7 LIVED kills=[] timeouts=[]",
			"CONDITIONALS_NEGATION > → <= @10:7 KILLED kills=[0] timeouts=[]",
		},
	}, {
		// A loop that counts down never ends: a timeout, which the
		// original does not have; so does Sum(0) with the negated
		// condition. The loop's post statement is switched through a
		// function literal called there.
		fn:     "Sum",
		probes: probes("3", "0"),
		want: []string{
			"CONDITIONALS_BOUNDARY <= → < @38:16 KILLED kills=[0] timeouts=[]",
			"CONDITIONALS_NEGATION <= → > @38:16 KILLED kills=[0] timeouts=[1]",
			"INCREMENT_DECREMENT ++ → -- @38:23 TIMED OUT kills=[] timeouts=[0]",
			"INVERT_ASSIGNMENTS += → -= @39:5 KILLED kills=[0] timeouts=[]",
			"REMOVE_SELF_ASSIGNMENTS += → = @39:5 KILLED kills=[0] timeouts=[]",
		},
	}, {
		// Only the selected mutants run; with no negative input the
		// negation is never run.
		fn:     "Abs",
		probes: probes("4"),
		only:   func(m Mutant) bool { return m.Kind == "CONDITIONALS_NEGATION" },
		want: []string{
			"CONDITIONALS_BOUNDARY < → <= @18:7 SKIPPED kills=[] timeouts=[]",
			"CONDITIONALS_NEGATION < → >= @18:7 KILLED kills=[0] timeouts=[]",
			"INVERT_NEGATIVES - → + @19:10 NOT COVERED kills=[] timeouts=[]",
		},
	}}
	// The package has no state: a worker serves every mutant, a mutant
	// runs only the probes that reach it, two at once. Isolated, each
	// mutant has a worker of its own that runs every probe in turn: the
	// verdicts are the same.
	cache := t.TempDir()
	for _, isolate := range []bool{false, true} {
		for _, tt := range tests {
			testMatrix(t, pkg, cache, isolate, tt.fn, tt.probes, tt.only, tt.want)
		}
	}
}

// testMatrix checks the kill matrix of fn's mutants against probes.
func testMatrix(t *testing.T, pkg *target.Package, cache string, isolate bool, fn string, probes []executors.Probe, only func(Mutant) bool, want []string) {
	t.Helper()
	f, err := pkg.Func(fn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("%s (isolated %v)", fn, isolate)
	k, err := Matrix(context.Background(), f, probes, MatrixOptions{
		Native: &executors.Native{CacheDir: cache, IsolateMutants: isolate}, Timeout: 2 * time.Second, Only: only, Logf: t.Logf,
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var got []string
	for _, m := range k.Mutants {
		got = append(got, matrixBrief(m))
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s: mutants (-want +got):\n%s", name, d)
	}
	if len(k.Base) != len(probes) || len(k.Unstable) != 0 {
		t.Errorf("%s: %d base results for %d probes, unstable %v", name, len(k.Base), len(probes), k.Unstable)
	}
	// One build for the original with coverage, one for the schema,
	// one for each mutant it cannot switch.
	if k.Builds > 2+k.Separate {
		t.Errorf("%s: %d builds for %d mutants on their own, want at most %d", name, k.Builds, k.Separate, 2+k.Separate)
	}
}

// ints prints nil and empty alike.
func ints(s []int) string {
	if len(s) == 0 {
		return "[]"
	}
	return fmt.Sprint(s)
}

// TestMatrixLike runs second matrices of a function with the first as
// Like: their probes' code is among the first's (other literal
// arguments), so a mutant of the first's schema runs on the first's
// build; one the first did not cover is not in that schema and gets a
// build of its own.
func TestMatrixLike(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	f := tinyFunc(t, "Abs")
	opts := MatrixOptions{Native: &executors.Native{CacheDir: t.TempDir()}, Timeout: 2 * time.Second, Logf: t.Logf}
	first, err := Matrix(context.Background(), f, []executors.Probe{{ID: "p0", Args: []string{"4"}}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Like, opts.AssumeCovered = first, true
	probes := []executors.Probe{{ID: "v0", Args: []string{"-2"}}, {ID: "v1", Args: []string{"0"}}}
	for _, tt := range []struct {
		kind             Kind
		want             string
		builds, separate int
	}{
		{"CONDITIONALS_BOUNDARY", "CONDITIONALS_BOUNDARY < → <= @18:7 LIVED kills=[] timeouts=[]", 0, 0},
		{"INVERT_NEGATIVES", "INVERT_NEGATIVES - → + @19:10 KILLED kills=[0] timeouts=[]", 1, 1},
	} {
		opts.Only = func(m Mutant) bool { return m.Kind == tt.kind }
		k, err := Matrix(context.Background(), f, probes, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range k.Mutants {
			if m.Kind == tt.kind && matrixBrief(m) != tt.want {
				t.Errorf("%s: got %s, want %s", tt.kind, matrixBrief(m), tt.want)
			}
		}
		if k.Builds != tt.builds || k.Separate != tt.separate {
			t.Errorf("%s: %d builds, %d mutants on their own: want %d and %d", tt.kind, k.Builds, k.Separate, tt.builds, tt.separate)
		}
	}
}

// TestMatrixKnownResults gives Matrix what the probes did (Coverage with
// CoverageResults): with no mutant left to run it builds nothing and
// its Base is what it was given; with one, it builds the schema only.
func TestMatrixKnownResults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	f := tinyFunc(t, "Abs")
	nat := &executors.Native{CacheDir: t.TempDir()}
	probes := []executors.Probe{{ID: "p0", Args: []string{"4"}}, {ID: "p1", Args: []string{"7"}}}
	known, err := nat.Run(context.Background(), &executors.Program{Func: f, Probes: probes, Cover: true, Timeout: 2 * time.Second, ObserveOpaque: true, ObserveReceiver: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		kind   Kind // the mutants run; the others are skipped
		builds int
		want   string
	}{
		// Abs(4) and Abs(7) never negate: that mutant is not covered.
		{"none to run", "INVERT_NEGATIVES", 0, "INVERT_NEGATIVES - → + @19:10 NOT COVERED kills=[] timeouts=[]"},
		{"one to run", "CONDITIONALS_NEGATION", 1, "CONDITIONALS_NEGATION < → >= @18:7 KILLED kills=[0 1] timeouts=[]"},
	} {
		k, err := Matrix(context.Background(), f, probes, MatrixOptions{
			Native: nat, Timeout: 2 * time.Second, Coverage: known, CoverageResults: true,
			Only:          func(m Mutant) bool { return m.Kind == tt.kind },
			ObserveOpaque: true, ObserveReceiver: true, Logf: t.Logf,
		})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if k.Builds != tt.builds {
			t.Errorf("%s: %d builds, want %d", tt.name, k.Builds, tt.builds)
		}
		for _, m := range k.Mutants {
			if m.Kind == tt.kind && matrixBrief(m) != tt.want {
				t.Errorf("%s: got %s, want %s", tt.name, matrixBrief(m), tt.want)
			}
		}
		for i, r := range k.Base {
			if r.Outcome != known.Results[i].Outcome || !cmp.Equal(r.Outputs, known.Results[i].Outputs) || !cmp.Equal(r.Covered, known.Results[i].Covered) {
				t.Errorf("%s: base %d is %+v, want what it was given, %+v", tt.name, i, r, known.Results[i])
			}
		}
	}
}

// TestMatrixAhead checks that a matrix given its function's schema
// built ahead, on probes whose code is among those it was built with,
// builds no schema of its own and finds what a matrix without it finds:
// the schema ahead has every mutant that compiles, the not covered too.
func TestMatrixAhead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	probes := func(calls ...string) []executors.Probe {
		var out []executors.Probe
		for i, c := range calls {
			out = append(out, executors.Probe{ID: fmt.Sprint("p", i), Args: strings.Split(c, ",")})
		}
		return out
	}
	for _, tt := range []struct {
		fn            string
		ahead, probes []executors.Probe
	}{
		{"Clamp", probes("5,0,10", "-3,0,10", "11,0,10"), probes("5,0,10", "-3,0,10")},
		{"Abs", probes("4", "-4"), probes("4")},
	} {
		f := tinyFunc(t, tt.fn)
		opts := MatrixOptions{Timeout: 2 * time.Second, ObserveOpaque: true, ObserveReceiver: true, Logf: t.Logf}
		opts.Native = &executors.Native{CacheDir: t.TempDir()}
		want, err := Matrix(context.Background(), f, tt.probes, opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := PrepareSchema(f)
		if err != nil {
			t.Fatal(err)
		}
		opts.Native = &executors.Native{CacheDir: t.TempDir()}
		if err := s.BuildAhead(context.Background(), opts.Native, tt.ahead, opts); err != nil {
			t.Fatal(err)
		}
		opts.Schema = s
		got, err := Matrix(context.Background(), f, tt.probes, opts)
		if err != nil {
			t.Fatal(err)
		}
		var w, g []string
		for i := range want.Mutants {
			w = append(w, matrixBrief(want.Mutants[i]))
			g = append(g, matrixBrief(got.Mutants[i]))
		}
		if d := cmp.Diff(w, g); d != "" {
			t.Errorf("%s: mutants with the schema built ahead (-without +with):\n%s", tt.fn, d)
		}
		// The original's build with coverage only.
		if want.Builds != 2 || got.Builds != 1 {
			t.Errorf("%s: %d builds with the schema built ahead, %d without; want 1 and 2", tt.fn, got.Builds, want.Builds)
		}
	}
}

// TestEarlyConfirm checks that a hang's confirmation starts once, for the
// first probe that times out, and counts only for the probe asked for.
func TestEarlyConfirm(t *testing.T) {
	var started []int
	var mu sync.Mutex
	start := func(ctx context.Context, i int) bool {
		mu.Lock()
		started = append(started, i)
		mu.Unlock()
		return i == 3
	}
	e := newEarlyConfirm(context.Background(), start)
	e.timedOut(3)
	var wg sync.WaitGroup
	for _, i := range []int{5, 6} {
		wg.Go(func() { e.timedOut(i) })
	}
	wg.Wait()
	if c, ok := e.result(5); ok || c {
		t.Errorf("result(5) = %v, %v: want no confirmation of a probe not started", c, ok)
	}
	if c, ok := e.result(3); !ok || !c {
		t.Errorf("result(3) = %v, %v: want confirmed", c, ok)
	}
	e.stop()
	if len(started) != 1 || started[0] != 3 {
		t.Errorf("started %v, want [3]", started)
	}

	// Stopped unread, a confirmation is waited for; none started, stop
	// returns at once; a nil one does nothing.
	e = newEarlyConfirm(context.Background(), func(ctx context.Context, i int) bool {
		<-ctx.Done()
		return false
	})
	e.timedOut(1)
	e.stop()
	newEarlyConfirm(context.Background(), start).stop()
	var none *earlyConfirm
	none.timedOut(1)
	if c, ok := none.result(1); ok || c {
		t.Errorf("nil result = %v, %v", c, ok)
	}
	none.stop()
}
