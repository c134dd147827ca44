package executors_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
)

// schemaOverlay is calc.go as a mutant schema of Div: mutant 1
// multiplies, mutant 2 adds, 0 divides.
func schemaOverlay(t *testing.T) map[string][]byte {
	t.Helper()
	f := calcFunc(t, "Div")
	src, err := os.ReadFile(f.File)
	if err != nil {
		t.Fatal(err)
	}
	mutated := bytes.Replace(src, []byte("\treturn a / b\n"), []byte("\tswitch specgenMutant {\n\tcase 1:\n\t\treturn a * b\n\tcase 2:\n\t\treturn a + b\n\t}\n\treturn a / b\n"), 1)
	if bytes.Equal(mutated, src) {
		t.Fatal("Div changed: no return a / b")
	}
	mutated = append(mutated, []byte("\nvar "+executors.MutantVar+" = 0\n")...)
	return map[string][]byte{f.File: mutated}
}

// countingNative is a native engine that counts its builds.
func countingNative(t *testing.T, builds *atomic.Int64) *executors.Native {
	return &executors.Native{CacheDir: t.TempDir(), Workers: 2, Logf: func(format string, args ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds.Add(1)
		}
		t.Logf(format, args...)
	}}
}

func TestRunManyMutants(t *testing.T) {
	var builds atomic.Int64
	n := countingNative(t, &builds)
	overlay := schemaOverlay(t)
	div := &executors.Program{Func: calcFunc(t, "Div"), Overlay: overlay, Cover: true, Probes: []executors.Probe{
		{ID: "orig", Args: []string{"12", "3"}},
		{ID: "times", Args: []string{"12", "3"}, Mutant: 1},
		{ID: "plus", Args: []string{"12", "3"}, Mutant: 2},
		{ID: "orig-again", Args: []string{"12", "3"}},
		{ID: "nocompile", Args: []string{`"x"`, "3"}},
	}}
	shout := &executors.Program{Func: calcFunc(t, "Shout"), Overlay: overlay, Cover: true, Probes: []executors.Probe{
		{ID: "hi", Args: []string{`"hi"`}, Mutant: 1},
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	reps, err := n.RunMany(ctx, []*executors.Program{div, shout})
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 2 || len(reps[0].Results) != 5 || len(reps[1].Results) != 1 {
		t.Fatalf("reports: %d, results %+v", len(reps), reps)
	}
	want := map[string]string{"orig": "4", "times": "36", "plus": "15", "orig-again": "4"}
	for _, r := range reps[0].Results {
		w, ok := want[r.ID]
		if !ok {
			continue
		}
		if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != w {
			t.Errorf("%s: %s %v %s, want %s", r.ID, r.Outcome, r.Outputs, r.Message, w)
		}
	}
	if r := reps[0].Results[4]; r.ID != "nocompile" || r.Outcome != executors.NoBuild {
		t.Errorf("nocompile: %+v", r)
	}
	if r := reps[1].Results[0]; r.ID != "hi" || r.Outcome != executors.OK || len(r.Outputs) != 1 || !strings.Contains(r.Outputs[0].String(), "HI") {
		t.Errorf("hi: %+v", r)
	}
	if len(reps[0].Blocks) == 0 || len(reps[0].Blocks) != len(reps[1].Blocks) {
		t.Errorf("blocks: %d and %d", len(reps[0].Blocks), len(reps[1].Blocks))
	}
	if len(reps[0].Results[0].Covered) == 0 {
		t.Error("orig: no coverage")
	}

	// Other mutants of the same probes: the same build.
	div.Probes[0].Mutant = 2
	if _, err := n.RunMany(ctx, []*executors.Program{div, shout}); err != nil {
		t.Fatal(err)
	}
	if got := builds.Load(); got != 1 {
		t.Errorf("%d builds, want 1", got)
	}

	// A batch runs any probe against any mutant, on shared workers.
	b, err := n.Open(ctx, []*executors.Program{div, shout})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for k, w := range []string{"4", "36", "15"} {
		r, err := b.RunMutant(ctx, 0, 0, k)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Outputs) != 1 || r.Outputs[0].String() != w {
			t.Errorf("mutant %d: %v %s, want %s", k, r.Outputs, r.Message, w)
		}
	}
}

// A mutant asked of a program whose overlay holds no schema is an
// engine failure of the probe, not a silent run of the original.
func TestMutantWithoutSchema(t *testing.T) {
	var builds atomic.Int64
	n := countingNative(t, &builds)
	prog := &executors.Program{Func: calcFunc(t, "Div"), Probes: []executors.Probe{{ID: "m", Args: []string{"1", "1"}, Mutant: 3}}}
	rep := run(t, n, prog)
	if r := rep.Results[0]; r.Outcome != executors.Broken || !strings.Contains(r.Message, "without a mutant schema") {
		t.Errorf("got %s %q", r.Outcome, r.Message)
	}
}

func TestRunManyRefusesMixedPrograms(t *testing.T) {
	n := &executors.Native{CacheDir: t.TempDir()}
	a := &executors.Program{Func: calcFunc(t, "Div"), Cover: true, Probes: []executors.Probe{{ID: "a", Args: []string{"1", "1"}}}}
	b := &executors.Program{Func: calcFunc(t, "Shout"), Probes: []executors.Probe{{ID: "b", Args: []string{`"x"`}}}}
	_, err := n.RunMany(context.Background(), []*executors.Program{a, b})
	if err == nil || !strings.Contains(err.Error(), "differ in Cover") {
		t.Errorf("err = %v", err)
	}
}

// TestRunManyStartsWorkersAsNeeded checks that a run of fast probes is
// done by one worker, where each worker start cost more than the probes,
// and that a second starts when probes queue behind a slow one. Each
// probe answers with its worker's pid.
func TestRunManyStartsWorkersAsNeeded(t *testing.T) {
	n := &executors.Native{CacheDir: t.TempDir(), Workers: 2}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, tc := range []struct {
		name    string
		setup   string
		workers int
	}{
		{"fast", "", 1},
		{"slow", "time.Sleep(300 * time.Millisecond)", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := &executors.Program{Func: calcFunc(t, "Sleepy"), Timeout: time.Minute}
			for i := range 6 {
				prog.Probes = append(prog.Probes, executors.Probe{
					ID: fmt.Sprint(i), Setup: tc.setup, Args: []string{"time.Duration(os.Getpid())"},
					Imports: map[string]string{"os": "os", "time": "time"},
				})
			}
			reps, err := n.RunMany(ctx, []*executors.Program{prog})
			if err != nil {
				t.Fatal(err)
			}
			pids := map[string]bool{}
			for _, r := range reps[0].Results {
				if r.Outcome != executors.OK || len(r.Outputs) != 1 {
					t.Fatalf("probe %s: %s %s", r.ID, r.Outcome, r.Message)
				}
				pids[r.Outputs[0].String()] = true
			}
			if len(pids) != tc.workers {
				t.Errorf("probes ran in %d workers, want %d", len(pids), tc.workers)
			}
		})
	}
}

// TestBatchWorkerOutlivesItsStarter checks that a batch's worker is not
// bound to the context of the probe that started it: the mutation step
// confirms a hang under a context of its own, cancelled once confirmed,
// and the worker that confirmation started went on serving other
// mutants' probes. Killed with that context, it made the next probe
// "exit: the worker was killed", a kill of a mutant that only a loaded
// machine (which confirms more hangs) saw.
func TestBatchWorkerOutlivesItsStarter(t *testing.T) {
	n := &executors.Native{CacheDir: t.TempDir(), Workers: 1}
	div := &executors.Program{Func: calcFunc(t, "Div"), Overlay: schemaOverlay(t), Probes: []executors.Probe{
		{ID: "a", Args: []string{"12", "3"}},
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := n.Open(ctx, []*executors.Program{div})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	short, stop := context.WithCancel(ctx)
	if r, err := b.RunMutant(short, 0, 0, 1); err != nil || r.Outcome != executors.OK {
		t.Fatalf("first probe: %v %+v", err, r)
	}
	stop()
	for k, w := range []string{"4", "36", "15"} {
		r, err := b.RunMutant(ctx, 0, 0, k)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != w {
			t.Errorf("mutant %d after the first probe's context ended: %s %v %s, want %s", k, r.Outcome, r.Outputs, r.Message, w)
		}
	}
}
