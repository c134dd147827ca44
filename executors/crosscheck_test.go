package executors_test

import (
	"context"
	"errors"
	"go/types"
	"os/exec"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// fakeEngine answers every program from answer and counts its runs.
type fakeEngine struct {
	name   string
	runs   int
	answer func(run int, p executors.Probe) executors.Result
	err    error
}

func (f *fakeEngine) Name() string { return f.name }

func (f *fakeEngine) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	f.runs++
	if f.err != nil {
		return nil, f.err
	}
	rep := &executors.Report{Engine: f.name}
	for _, p := range prog.Probes {
		r := f.answer(f.runs, p)
		r.ID = p.ID
		rep.Results = append(rep.Results, r)
	}
	return rep, nil
}

func returns(n int64) executors.Result {
	return executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(n)}}
}

func panics(msg string) executors.Result {
	return executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: msg}}
}

func always(r executors.Result) func(int, executors.Probe) executors.Result {
	return func(int, executors.Probe) executors.Result { return r }
}

func program(ids ...string) *executors.Program {
	prog := &executors.Program{}
	for _, id := range ids {
		prog.Probes = append(prog.Probes, executors.Probe{ID: id})
	}
	return prog
}

func TestCrossChecked(t *testing.T) {
	cases := []struct {
		name         string
		fast, native func(run int, p executors.Probe) executors.Result
		fastErr      error
		every        int
		programs     int
		// wantSwitched is a part of Switched after the programs ("": none).
		wantSwitched string
		// wantNativeRuns counts the native runs.
		wantNativeRuns int
		// wantLast is the engine that answered the last program.
		wantLast string
	}{
		{
			name: "agree", fast: always(returns(1)), native: always(returns(1)),
			every: 3, programs: 7,
			// Programs 1, 3 and 6 are checked.
			wantNativeRuns: 3, wantLast: "yaegi",
		},
		{
			name: "first-only", fast: always(returns(1)), native: always(returns(1)),
			every: 0, programs: 5, wantNativeRuns: 1, wantLast: "yaegi",
		},
		{
			name: "disagree-at-once", fast: always(returns(1)), native: always(returns(2)),
			every: 8, programs: 3,
			// The check, the native rerun that rules out
			// nondeterminism, then every program natively.
			wantSwitched: "probe p1: result 0: 1, native: 2", wantNativeRuns: 4, wantLast: "native",
		},
		{
			name: "disagree-later",
			fast: func(run int, p executors.Probe) executors.Result {
				if run >= 4 {
					return returns(9)
				}
				return returns(1)
			},
			native: always(returns(1)), every: 2, programs: 6,
			// Checked: 1, 2, 4 (disagrees; rerun), then 5 and 6 natively.
			wantSwitched: "probe p1: result 0: 9, native: 1", wantNativeRuns: 6, wantLast: "native",
		},
		{
			name: "native-nondeterministic", fast: always(returns(1)),
			native: func(run int, p executors.Probe) executors.Result { return returns(int64(run)) },
			// Program 1 agrees by chance; 2 and 3 are rerun natively,
			// which does not agree with itself.
			every: 1, programs: 3, wantNativeRuns: 5, wantLast: "yaegi",
		},
		{
			name: "panics-by-kind", fast: always(panics("runtime error: index out of range")),
			native: always(panics("runtime error: index out of range [3] with length 2")),
			every:  1, programs: 2, wantNativeRuns: 2, wantLast: "yaegi",
		},
		{
			name: "timeout-not-compared", fast: always(executors.Result{Outcome: executors.Timeout}),
			native: always(returns(1)), every: 1, programs: 2, wantNativeRuns: 2, wantLast: "yaegi",
		},
		{
			name: "fast-fails", fast: always(returns(1)), native: always(returns(1)), fastErr: errors.New("cannot load"),
			every: 8, programs: 3, wantSwitched: "yaegi failed: cannot load", wantNativeRuns: 3, wantLast: "native",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fast := &fakeEngine{name: "yaegi", answer: c.fast, err: c.fastErr}
			native := &fakeEngine{name: "native", answer: c.native}
			var logged []string
			cc := &executors.CrossChecked{Fast: fast, Native: native, Every: c.every, Logf: func(format string, args ...any) {
				logged = append(logged, format)
			}}
			if cc.Name() != "yaegi" {
				t.Fatalf("Name before any run = %q, want yaegi", cc.Name())
			}
			var last *executors.Report
			for i := 0; i < c.programs; i++ {
				rep, err := cc.Run(context.Background(), program("p1", "p2"))
				if err != nil {
					t.Fatal(err)
				}
				last = rep
			}
			if got := cc.Switched(); c.wantSwitched == "" && got != "" || !strings.Contains(got, c.wantSwitched) {
				t.Errorf("Switched() = %q, want %q", got, c.wantSwitched)
			}
			if native.runs != c.wantNativeRuns {
				t.Errorf("%d native runs, want %d", native.runs, c.wantNativeRuns)
			}
			if last.Engine != c.wantLast {
				t.Errorf("last program answered by %s, want %s", last.Engine, c.wantLast)
			}
			wantName := "yaegi"
			if c.wantSwitched != "" {
				wantName = "native"
			}
			if cc.Name() != wantName {
				t.Errorf("Name() = %q, want %q", cc.Name(), wantName)
			}
			if c.wantSwitched != "" && c.fastErr == nil && len(logged) != 1 {
				t.Errorf("logged %q, want one line on the switch", logged)
			}
		})
	}
}

func TestDisagreement(t *testing.T) {
	errResult := func(msg string) executors.Result {
		return executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: msg}}
	}
	after := func(n int64) executors.Result {
		v := spec.IntValue(n)
		return executors.Result{Outcome: executors.OK, After: &v}
	}
	cases := []struct {
		name             string
		explored, native executors.Result
		want             string
	}{
		{"same", returns(1), returns(1), ""},
		{"value", returns(1), returns(2), "result 0: 1, native: 2"},
		{"outcome", panics("x"), returns(1), "panic, native: ok"},
		{"timeout", executors.Result{Outcome: executors.Timeout}, returns(1), ""},
		{"native-timeout", returns(1), executors.Result{Outcome: executors.Timeout}, ""},
		{"error-vs-none", errResult("bad"), returns(1), "error vs no error"},
		{"error-message", errResult("bad"), errResult("worse"), `error "bad", native: "worse"`},
		{"panic-message", panics("a"), panics("b"), `panic "a", native: "b"`},
		{"result-count", executors.Result{Outcome: executors.OK}, returns(1), "different number of results"},
		{"after-same", after(2), after(2), ""},
		{"after-value", after(2), after(3), "receiver after the call: 2, native: 3"},
		{"after-missing", executors.Result{Outcome: executors.OK}, after(3), "receiver after the call: not recorded, native: 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := executors.Disagreement(c.explored, c.native); got != c.want {
				t.Errorf("Disagreement = %q, want %q", got, c.want)
			}
		})
	}
}

func TestAutoFor(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	f := calcFunc(t, "ParsePoint")
	auto := func(every int) *executors.Auto {
		e, err := executors.New("auto", executors.Options{CacheDir: t.TempDir(), CrossCheck: every})
		if err != nil {
			t.Fatal(err)
		}
		return e.(*executors.Auto)
	}
	a := auto(0)
	chosen, why := a.Choose(&executors.Program{Func: f})
	if got := a.For(f); got != chosen {
		t.Errorf("without cross-check, For = %s, want the engine Choose picks (%s: %s)", got.Name(), chosen.Name(), why)
	}
	a = auto(8)
	got := a.For(f)
	if chosen.Name() == "native" {
		if got != executors.Executor(a.Native) {
			t.Errorf("For = %T, want auto's native engine", got)
		}
		return
	}
	cc, ok := got.(*executors.CrossChecked)
	if !ok {
		t.Fatalf("For = %T, want yaegi cross-checked", got)
	}
	if cc.Fast != executors.Executor(a.Yaegi) || cc.Native != executors.Executor(a.Native) || cc.Every != 8 {
		t.Errorf("For = %+v, want auto's yaegi checked against auto's native every 8", cc)
	}
	if a.For(f) == got {
		t.Errorf("two calls of For share one cross-check")
	}
}

func TestAutoGeneric(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	e, err := executors.New("auto", executors.Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	a := e.(*executors.Auto)
	g := *calcFunc(t, "ParsePoint")
	g.TypeParams = []target.TypeParam{{Name: "T"}}
	for _, f := range []*target.Func{&g, {Name: g.Name, Pkg: g.Pkg, TypeParams: g.TypeParams, TypeArgs: []types.Type{types.Typ[types.Int]}}} {
		if chosen, why := a.Choose(&executors.Program{Func: f}); chosen != executors.Executor(a.Native) || !strings.Contains(why, "generic") {
			t.Errorf("Choose(generic, %d type arguments) = %s (%s), want native for generics", len(f.TypeArgs), chosen.Name(), why)
		}
	}
}
