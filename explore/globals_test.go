package explore

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
)

// TestKnobs checks which package-level variables of testdata/knobs
// Parse is explored under: those of a basic type it reads (in its
// reach) declared with a constant or nothing, exported first, each with
// its declared value first; not a variable the package writes (calls),
// one declared with a computed value (computed), one of another type
// (table) or one only other functions read (Debug).
func TestKnobs(t *testing.T) {
	f := targettest.Func(t, "testdata/knobs", ".", "Parse")
	got := map[string]string{}
	var order []string
	for _, k := range knobs(f) {
		var vs []string
		for _, v := range k.cands {
			vs = append(vs, v.String())
		}
		order = append(order, k.name)
		got[k.name] = strings.Join(vs, " ")
	}
	want := map[string]string{
		"MaxLen": "8 0 1 -1 4 7 9 16",
		"Prefix": `"v" "" "vx" "x"`,
		"Strict": "false true",
		"level":  "3 0 1 2 4 6",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("knobs of Parse (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"MaxLen", "Prefix", "Strict", "level"}, order); d != "" {
		t.Errorf("knob order (-want +got):\n%s", d)
	}
	age := targettest.Func(t, "testdata/knobs", ".", "Age")
	ks := knobs(age)
	if len(ks) != 1 || ks[0].name != "now" || ks[0].def.Str != "time.Now" || len(ks[0].cands) != len(clocks) || ks[0].base.Str != clocks[0] {
		t.Errorf("knobs of Age = %v, want the clock hook now, declared time.Now, tried with the fixed clocks only, the first by default", ks)
	}
	d := targettest.Func(t, "testdata/knobs", ".", "Debugging")
	if ks := knobs(d); len(ks) != 1 || ks[0].name != "Debug" {
		t.Errorf("knobs of Debugging = %v, want Debug alone", ks)
	}
	// A setting only a setter outside the reach assigns a constant
	// (pooled), and a dependency declared as another package's value
	// (rander = rand.Reader), left as declared first; not the state
	// Token sets itself (warmed).
	got = map[string]string{}
	for _, k := range knobs(targettest.Func(t, "testdata/knobs", ".", "Token")) {
		got[k.name] = fmt.Sprintf("%s hook=%v", k.cands[0], k.hook)
	}
	want = map[string]string{"pooled": "false hook=false", "rander": `{go: "rand.Reader"} hook=true`}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("knobs of Token (-want +got):\n%s", d)
	}
}

// TestKnobsSetAndDependency explores Token on the yaegi engine: the
// setting a setter turns on (pooled) and a reader that fails in place of
// the package's crypto/rand reach every statement.
func TestKnobsSetAndDependency(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	f := targettest.Func(t, "testdata/knobs", ".", "Token")
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), &executors.Yaegi{Workers: 1}, Options{MaxProbes: 100, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "", x)
}

// TestKnobsExplored explores Parse on the yaegi engine: the probes set
// the knobs (Strict = true reaches the refused plus sign, level = 6 the
// doubling), every statement runs, and the knobs each probe set are
// recorded with its result (executors' TestGlobals checks they are set
// back).
func TestKnobsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	f := targettest.Func(t, "testdata/knobs", ".", "Parse")
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), &executors.Yaegi{Workers: 1}, Options{MaxProbes: 400, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "", x)
	set := map[string]bool{}
	var plus bool
	for _, r := range x.Records {
		for _, g := range r.Result.Globals {
			set[g.Name] = true
		}
		if r.Result.Err != nil && r.Result.Err.Message == "plus sign refused" {
			plus = true
			if v, ok := executors.Named(r.Result.Globals, "Strict"); !ok || !v.Bool {
				t.Errorf("probe %s refused a plus sign with globals %v, want Strict true", r.Snippet.Code, r.Result.Globals)
			}
		}
	}
	if !plus {
		t.Error("no probe reached the refused plus sign")
	}
	for _, name := range []string{"MaxLen", "Prefix", "Strict", "level"} {
		if !set[name] {
			t.Errorf("no probe set %s", name)
		}
	}
}
