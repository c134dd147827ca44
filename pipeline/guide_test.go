package pipeline_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/target"
)

// calls is an explorer that proposes its calls in round 1 and nothing
// after.
type calls []string

func (c calls) Explore(ctx context.Context, req *explore.Request) (*explore.Plan, error) {
	var p explore.Plan
	if req.Round == 1 {
		for _, s := range c {
			p.Snippets = append(p.Snippets, explore.Snippet{Description: s, Code: s})
		}
	}
	return &p, nil
}

// testMod is the absolute path of the module in testdata/mod.
func testMod(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMutationGuided generates the spec of Grade from inputs none of
// which sits on its boundary: the mutant that moves the boundary (>= to
// >) survives them, and the mutation step adds the input that kills
// it, a neighbour of an explored one; then it drops what shows nothing
// more.
func TestMutationGuided(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	dir := testMod(t)
	explorer := func(*target.Func) explore.Explorer { return calls{"Grade(10)", "Grade(11)", "Grade(90)", "Grade(51)"} }
	for _, off := range []bool{false, true} {
		rs, err := pipeline.Gen(context.Background(), "./grade", []string{"Grade"}, pipeline.Options{
			Dir: dir, Engine: "native", DryRun: true, CacheDir: t.TempDir(), Explorer: explorer, NoMutation: off,
		})
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		var inputs []string
		for _, c := range r.Spec.Dataset {
			inputs = append(inputs, c.Input.String())
		}
		got := strings.Join(inputs, " ")
		if off {
			if r.Mutation != nil {
				t.Errorf("NoMutation: the mutation step ran: %+v", r.Mutation)
			}
			if strings.Contains(got, "50") {
				t.Errorf("NoMutation: cases %s: 50 was not explored", got)
			}
			continue
		}
		m := r.Mutation
		if m == nil {
			t.Fatalf("no mutation step; notes %q", r.Notes)
		}
		// 50 kills the moved boundary; 51 and 90 show nothing 50 and
		// 10 do not.
		if got != "10 50" && got != "50 10" {
			t.Errorf("cases %s, want 10 and 50", got)
		}
		if m.Killed != 2 || m.Lived != 0 || len(m.Survivors) != 0 || m.Added != 1 {
			t.Errorf("mutation %+v: want 2 killed, 1 added, no survivor", m)
		}
	}
}

// TestMutationPoolLeavesOutHangs: a chosen probe that timed out in the
// native exploration is no case, and the mutation step does not run
// it against every mutant again.
func TestMutationPoolLeavesOutHangs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	dir := testMod(t)
	explorer := func(*target.Func) explore.Explorer { return calls{"Halves(4)", "Halves(3)", "Halves(10)"} }
	var pool []string
	rs, err := pipeline.Gen(context.Background(), "./spin", []string{"Halves"}, pipeline.Options{
		Dir: dir, Engine: "native", DryRun: true, CacheDir: t.TempDir(), Explorer: explorer,
		Explore: explore.Options{Timeout: 300 * time.Millisecond},
		Progress: func(s pipeline.Step) {
			if strings.Contains(s.Line, "running mutants against") {
				pool = append(pool, s.Line)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r.Mutation == nil {
		t.Fatalf("no mutation step; notes %q", r.Notes)
	}
	// Halves(4) and Halves(10) run; Halves(3) hangs.
	if want := []string{"Halves: running mutants against 2 probes"}; !slices.Equal(pool, want) {
		t.Errorf("mutation step %q, want %q", pool, want)
	}
	for _, c := range r.Spec.Dataset {
		if c.Input.String() == "3" {
			t.Errorf("a case of the hanging input: %+v", c)
		}
	}
}

// TestUnorderedResult generates the spec of a function that returns a
// map's keys: their order changes from run to run, and the case that
// states them is kept, unordered, where it would lose its value.
func TestUnorderedResult(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	explorer := func(*target.Func) explore.Explorer {
		return calls{`Keys(map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8})`, "Keys(nil)"}
	}
	rs, err := pipeline.Gen(context.Background(), "./keys", []string{"Keys"}, pipeline.Options{
		Dir: testMod(t), Engine: "native", DryRun: true, CacheDir: t.TempDir(), Explorer: explorer,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	var unordered []string
	for _, c := range r.Spec.Dataset {
		if c.Unordered {
			unordered = append(unordered, c.ID+": "+c.Expected.String())
			if !strings.HasSuffix(c.ID, "-any-order") || c.Expected == nil || len(c.Expected.List) != 8 {
				t.Errorf("unordered case %s expects %v, want the 8 keys and an id that says any order", c.ID, c.Expected)
			}
		}
	}
	if len(unordered) != 1 {
		t.Errorf("unordered cases %q, want the 8 keys' case; notes %q, unstable %q", unordered, r.Notes, r.Unstable)
	}
}

// TestMutationLeavesOutUnbuilt: a probe whose receiver panicked while
// built, after running the method on both of its paths, is no case; the
// mutation step's minimisation keeps the cases that show those paths.
func TestMutationLeavesOutUnbuilt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	dir := testMod(t)
	explorer := func(*target.Func) explore.Explorer {
		return calls{
			`(func() *Bag { (&Bag{}).Front(); (&Bag{n: 1}).Front(); panic("unbuilt") }()).Front()`,
			"(&Bag{}).Front()",
			"(&Bag{n: 2}).Front()",
		}
	}
	rs, err := pipeline.Gen(context.Background(), "./bag", []string{"(*Bag).Front"}, pipeline.Options{
		Dir: dir, Engine: "native", DryRun: true, CacheDir: t.TempDir(), Explorer: explorer,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r.Mutation == nil {
		t.Fatalf("no mutation step; notes %q", r.Notes)
	}
	var got []string
	for _, c := range r.Spec.Dataset {
		got = append(got, c.Expected.String())
	}
	slices.Sort(got)
	if want := []string{"-1", "2"}; !slices.Equal(got, want) {
		t.Errorf("cases expect %q, want %q (notes %q)", got, want, r.Notes)
	}
}

// TestConfirmSharesBuild: a function explored natively is built twice,
// for its exploration and for its mutants; confirm runs the cases on
// the exploration's build, the error cases too, whose probes state no
// observer of the result (an *Amount, observed through String()).
func TestConfirmSharesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	dir := testMod(t)
	explorer := func(*target.Func) explore.Explorer {
		return calls{`Parse("150")`, `Parse("")`, `Parse("x")`}
	}
	var count buildCount
	var ahead atomic.Bool
	logf := func(format string, args ...any) {
		count.logf(format, args...)
		if strings.HasSuffix(format, "schema built ahead") {
			ahead.Store(true)
		}
	}
	rs, err := pipeline.Gen(context.Background(), "./amount", []string{"Parse"}, pipeline.Options{
		Dir: dir, Engine: "native", DryRun: true, CacheDir: t.TempDir(), Explorer: explorer, Logf: logf,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	// The mutants' build is made ahead, while the exploration runs, and
	// the mutation step finds it.
	if builds := count.get(); builds != 2 || !ahead.Load() {
		t.Errorf("%d builds, the mutants' built ahead: %v; want 2: the exploration's and the mutants', built ahead", builds, ahead.Load())
	}
	raises := 0
	for _, c := range r.Spec.Dataset {
		if c.Raises != "" {
			raises++
		}
	}
	if raises == 0 || raises == len(r.Spec.Dataset) {
		t.Errorf("%d of %d cases raise: want both kinds", raises, len(r.Spec.Dataset))
	}
}
