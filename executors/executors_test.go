package executors_test

import (
	"context"
	"fmt"
	"go/types"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// calc loads testdata/mod/calc once for all tests.
var calcOnce = sync.OnceValues(func() (*target.Package, error) {
	dir, _ := filepath.Abs("testdata/mod")
	return target.Load(context.Background(), "./calc", target.Config{Dir: dir})
})

func calcFunc(t *testing.T, name string) *target.Func {
	t.Helper()
	pkg, err := calcOnce()
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func engines(t *testing.T) []executors.Executor {
	cache := t.TempDir()
	return []executors.Executor{
		&executors.Native{CacheDir: cache, Logf: t.Logf},
		&executors.Yaegi{Logf: t.Logf},
	}
}

func run(t *testing.T, e executors.Executor, prog *executors.Program) *executors.Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := e.Run(ctx, prog)
	if err != nil {
		t.Fatalf("%s: %v", e.Name(), err)
	}
	if len(rep.Results) != len(prog.Probes) {
		t.Fatalf("%s: %d results for %d probes", e.Name(), len(rep.Results), len(prog.Probes))
	}
	return rep
}

func TestParsePoint(t *testing.T) {
	f := calcFunc(t, "ParsePoint")
	prog := &executors.Program{Func: f, Cover: true, Probes: []executors.Probe{
		{ID: "ok", Args: []string{`"1,2,a"`}, Asserts: []string{`output.X == 1 && err == nil`, `s == "1,2,a"`}},
		{ID: "empty", Args: []string{`""`}},
		{ID: "syntax", Args: []string{`"7"`}},
		{ID: "numerr", Args: []string{`"x,2"`}},
		{ID: "setup", Setup: "s := strings.Repeat(\"1\", 2) + \",3\"", Args: []string{"s"}, Imports: map[string]string{"strings": "strings"}},
		{ID: "nocompile", Args: []string{`42`}},
		{ID: "refused", Setup: `_ = exec.Command`, Args: []string{`""`}, Imports: map[string]string{"os/exec": "exec"}},
	}}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, prog)
			r := rep.Results
			if r[0].Outcome != executors.OK || r[0].Err != nil || len(r[0].Outputs) != 1 {
				t.Fatalf("ok: %+v", r[0])
			}
			if got := r[0].Outputs[0].String(); got != `{X: 1, Y: 2, Tag: "a"}` {
				t.Errorf("ok: output %s", got)
			}
			if len(r[0].Asserts) != 2 || !r[0].Asserts[0] || !r[0].Asserts[1] {
				t.Errorf("ok: asserts %v", r[0].Asserts)
			}
			if len(r[0].Inputs) != 1 || r[0].Inputs[0].Name != "s" || r[0].Inputs[0].Value.Str != "1,2,a" {
				t.Errorf("ok: inputs %+v", r[0].Inputs)
			}
			if e := r[1].Err; e == nil || e.Message != "empty input" || strings.Join(e.Sentinels, ",") != "calc.ErrEmpty" {
				t.Errorf("empty: err %+v", e)
			}
			wantType := "*calc.SyntaxError"
			if e.Name() == "yaegi" {
				wantType = "" // yaegi cannot name interpreted error types (traefik/yaegi#1716)
			}
			if e := r[2].Err; e == nil || e.Type != wantType || e.Message != "syntax error at 1: want x,y" {
				t.Errorf("syntax: err %+v", e)
			}
			if e := r[3].Err; e == nil || !slices.Contains(e.Types, "*strconv.NumError") || !slices.Contains(e.Sentinels, "strconv.ErrSyntax") {
				t.Errorf("numerr: err %+v", e)
			}
			if r[4].Outcome != executors.OK || r[4].Outputs[0].String() != `{X: 11, Y: 3, Tag: ""}` {
				t.Errorf("setup: %+v", r[4])
			}
			if r[5].Outcome != executors.NoBuild || !strings.Contains(r[5].Message, "cannot use 42") {
				t.Errorf("nocompile: %+v", r[5])
			}
			if r[6].Outcome != executors.Refused {
				t.Errorf("refused: %+v", r[6])
			}
			if len(rep.Blocks) == 0 || len(r[0].Covered) == 0 || len(r[1].Covered) >= len(r[0].Covered) {
				t.Errorf("coverage: %d blocks, ok covered %v, empty covered %v", len(rep.Blocks), r[0].Covered, r[1].Covered)
			}
		})
	}
}

func TestHostileProbes(t *testing.T) {
	type want struct {
		outcome executors.Outcome
		check   func(r executors.Result) bool
	}
	cases := []struct {
		fn, id string
		args   []string
		want   want
	}{
		{"Div", "div-zero", []string{"1", "0"}, want{executors.Panicked, func(r executors.Result) bool { return r.Panic.Message == "division by zero" }}},
		{"Boom", "custom-panic", []string{"3"}, want{executors.Panicked, func(r executors.Result) bool { return strings.Contains(r.Panic.Message, "3") }}},
		{"Spin", "loop", nil, want{executors.Timeout, nil}},
		{"Div", "after-timeout", []string{"9", "3"}, want{executors.OK, func(r executors.Result) bool { return r.Outputs[0].Int == 3 }}},
		{"GoPanic", "goroutine-panic", nil, want{"", nil}},
		{"Quit", "exit", []string{"7"}, want{executors.Exited, func(r executors.Result) bool { return r.ExitCode == 7 }}},
		{"Shout", "output", []string{`"hi"`}, want{executors.OK, func(r executors.Result) bool {
			return r.Stdout == "shouting hi\n" && r.Stderr == "warning hi\n" && r.Outputs[0].Str == "HI!"
		}}},
		{"Index", "index-panic", []string{"[]int{1}", "3"}, want{executors.Panicked, nil}},
		// 8 MiB arrive as a placeholder naming their size, counted as cut.
		{"Repeat", "huge-result", []string{"1 << 22"}, want{executors.OK, func(r executors.Result) bool {
			return r.Outputs[0].Kind == spec.Opaque && strings.HasPrefix(r.Outputs[0].Str, "<string of 8388608 bytes, fnv ") && r.Cut == 8<<20
		}}},
		{"Repeat", "small-result", []string{"2"}, want{executors.OK, func(r executors.Result) bool {
			return r.Outputs[0].Kind == spec.String && r.Outputs[0].Str == "abab" && r.Cut == 0
		}}},
	}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			for _, c := range cases {
				f := calcFunc(t, c.fn)
				prog := &executors.Program{Func: f, Timeout: 2 * time.Second, Probes: []executors.Probe{{ID: c.id, Args: c.args}}}
				if c.args == nil {
					prog.Probes[0].Args = []string{}
				}
				r := run(t, e, prog).Results[0]
				t.Logf("%s: %+v", c.id, r)
				if c.want.outcome != "" && r.Outcome != c.want.outcome {
					t.Errorf("%s: outcome %s (%s), want %s", c.id, r.Outcome, r.Message, c.want.outcome)
					continue
				}
				if c.id == "goroutine-panic" {
					// The process dies (native) or the interpreter reports it; either way specgen survives and says so.
					if r.Outcome == executors.OK {
						t.Errorf("goroutine panic went unnoticed: %+v", r)
					}
				}
				if c.want.check != nil && !c.want.check(r) {
					t.Errorf("%s: unexpected result %+v", c.id, r)
				}
			}
		})
	}
}

// TestProcessorTime checks that calls are timed by processor time as
// well as by the wall clock, in both engines: a call that sleeps a
// tenth of a second takes that long and hardly any processor time, one
// that builds 8 MiB some.
func TestProcessorTime(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no processor clock: CPU is the wall time")
	}
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			sleep := run(t, e, &executors.Program{Func: calcFunc(t, "Sleepy"), Probes: []executors.Probe{{ID: "sleep", Args: []string{"100 * time.Millisecond"}}}}).Results[0]
			if sleep.Outcome != executors.OK || sleep.Duration < 100*time.Millisecond {
				t.Fatalf("Sleepy: %s after %v, want ok after at least 100ms", sleep.Outcome, sleep.Duration)
			}
			if sleep.CPU >= sleep.Duration/2 {
				t.Errorf("Sleepy: %v of processor time in %v, want well under half", sleep.CPU, sleep.Duration)
			}
			work := run(t, e, &executors.Program{Func: calcFunc(t, "Repeat"), Probes: []executors.Probe{{ID: "work", Args: []string{"1 << 22"}}}}).Results[0]
			if work.Outcome != executors.OK || work.CPU <= 0 {
				t.Errorf("Repeat: %s with %v of processor time, want ok and some", work.Outcome, work.CPU)
			}
		})
	}
}

func TestMethods(t *testing.T) {
	add := calcFunc(t, "(*Counter).Add")
	dbl := calcFunc(t, "Counter.Double")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			r := run(t, e, &executors.Program{Func: add, Probes: []executors.Probe{
				{ID: "add", Recv: "&Counter{N: 2}", Args: []string{"3"}, Asserts: []string{"c.N == 5"}},
				{ID: "neg", Recv: "&Counter{}", Args: []string{"-1"}},
				// An argument built from the receiver, by its name.
				{ID: "self", Recv: "&Counter{N: 2}", Args: []string{"c.N + 1"}, Asserts: []string{"c.N == 5"}},
			}}).Results
			if r[2].Outcome != executors.OK || r[2].Outputs[0].Int != 5 || !r[2].Asserts[0] || len(r[2].Inputs) != 2 || r[2].Inputs[1].Name != "k" || r[2].Inputs[1].Value.Int != 3 {
				t.Errorf("self: %+v", r[2])
			}
			if r[0].Outcome != executors.OK || r[0].Outputs[0].Int != 5 || !r[0].Asserts[0] {
				t.Errorf("add: %+v", r[0])
			}
			if r[1].Outcome != executors.Panicked || r[1].Panic.Message != "negative step" {
				t.Errorf("neg: %+v", r[1])
			}
			r = run(t, e, &executors.Program{Func: dbl, Probes: []executors.Probe{{ID: "dbl", Recv: "Counter{N: 4}", Args: []string{}}}}).Results
			if r[0].Outcome != executors.OK || r[0].Outputs[0].Int != 8 {
				t.Errorf("dbl: %+v", r[0])
			}
		})
	}
}

func TestNativeCachePruned(t *testing.T) {
	cache := t.TempDir()
	for i := 0; i < 70; i++ {
		p := filepath.Join(cache, fmt.Sprintf("%03d.test", i))
		if err := os.WriteFile(p, []byte("x"), 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-time.Duration(70-i) * time.Minute)
		os.Chtimes(p, old, old)
	}
	f := calcFunc(t, "Div")
	e := &executors.Native{CacheDir: cache}
	run(t, e, &executors.Program{Func: f, Probes: []executors.Probe{{ID: "p", Args: []string{"4", "2"}}}})
	bins, _ := filepath.Glob(filepath.Join(cache, "*.test"))
	if len(bins) != 64 {
		t.Errorf("%d worker binaries cached, want 64", len(bins))
	}
	if _, err := os.Stat(filepath.Join(cache, "000.test")); err == nil {
		t.Error("the least recently used binary was kept")
	}
	if _, err := os.Stat(filepath.Join(cache, "069.test")); err != nil {
		t.Error("the most recently used binary was pruned")
	}
}

func TestObservers(t *testing.T) {
	parse := calcFunc(t, "ParseVersion")
	made := calcFunc(t, "MakeVersion")
	point := calcFunc(t, "ParsePoint")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			r := run(t, e, &executors.Program{Func: parse, ObserveOpaque: true, Probes: []executors.Probe{
				{ID: "rc", Args: []string{`"1.2-rc"`}},
				{ID: "bad", Args: []string{`"1"`}},
				{ID: "chosen", Args: []string{`"3.4"`}, Observe: [][]string{{"Minor()", "Label", "Stable()"}}},
			}}).Results
			want := []string{
				`{String(): "1.2-rc", Label: "", Broken(): "<panic>", Calls(): "<unstable>", Major(): 1, Minor(): 2, Stable(): false}`,
				`null`,
				`{Minor(): 4, Label: "", Stable(): true}`,
			}
			for i, w := range want {
				if len(r[i].Outputs) != 1 || r[i].Outputs[0].String() != w {
					t.Errorf("%s: outputs %v, want %s (%+v)", r[i].ID, r[i].Outputs, w, r[i])
				}
			}
			r = run(t, e, &executors.Program{Func: made, ObserveOpaque: true, Probes: []executors.Probe{{ID: "value", Args: []string{"7"}}}}).Results
			if w := `{String(): "7.0", Label: "made", Broken(): "<panic>", Calls(): "<unstable>", Major(): 7, Minor(): 0, Stable(): true}`; len(r[0].Outputs) != 1 || r[0].Outputs[0].String() != w {
				t.Errorf("value: outputs %v, want %s (%+v)", r[0].Outputs, w, r[0])
			}
			// No observer at all (a result of a type with only unexported
			// fields and no methods): the result is recorded as an empty
			// map, and the probe still compiles.
			r = run(t, e, &executors.Program{Func: made, Probes: []executors.Probe{{ID: "none", Args: []string{"7"}, Observe: [][]string{{}}}}}).Results
			if w := `{}`; r[0].Outcome != executors.OK || len(r[0].Outputs) != 1 || r[0].Outputs[0].String() != w {
				t.Errorf("none: outputs %v, want %s (%+v)", r[0].Outputs, w, r[0])
			}
			// An interface result is observed through its methods: a step
			// method as the sequence of three calls on the fresh result.
			r = run(t, e, &executors.Program{Func: calcFunc(t, "Counting"), ObserveOpaque: true, Probes: []executors.Probe{{ID: "two", Args: []string{"2"}}, {ID: "nil", Args: []string{"-1"}}}}).Results
			for i, w := range []string{`{Name(): "counter", Next(); Next(); Next(): [[1, false], [2, false], [2, true]]}`, `null`} {
				if len(r[i].Outputs) != 1 || r[i].Outputs[0].String() != w {
					t.Errorf("%s: outputs %v, want %s (%+v)", r[i].ID, r[i].Outputs, w, r[i])
				}
			}
			r = run(t, e, &executors.Program{Func: point, ObserveOpaque: true, Probes: []executors.Probe{{ID: "fields", Args: []string{`"1,2,a"`}}}}).Results
			if w := `{X: 1, Y: 2, Tag: "a"}`; len(r[0].Outputs) != 1 || r[0].Outputs[0].String() != w {
				t.Errorf("fields: outputs %v, want %s (%+v)", r[0].Outputs, w, r[0])
			}
		})
	}
}

// TestCallObservers checks that a function result is observed by
// calling it: with the call's own arguments and literals, its several
// results as a list, an option through the struct it fills, a panic as
// "<panic>"; a nil function reads as null, and one whose parameter has
// no candidate stays opaque.
func TestCallObservers(t *testing.T) {
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			for _, c := range []struct {
				fn   string
				args []string
				want string
			}{
				{"Between", []string{"2", "4"}, `{(lo): true, (hi): true, (1): false, (2): true}`},
				{"DivBy", []string{"3"}, `{(d): [1, 0], (1): [0, 1], (2): [0, 2], (0): [0, 0]}`},
				{"DivBy", []string{"0"}, `{(d): "<panic>", (1): "<panic>", (2): "<panic>", (0): "<panic>"}`},
				{"WithLimit", []string{"-3"}, `{(&settings{}): {limit: 1, name: ""}}`},
				{"WithLimit", []string{"7"}, `{(&settings{}): {limit: 7, name: ""}}`},
				{"Nothing", []string{}, `null`},
			} {
				prog := &executors.Program{Func: calcFunc(t, c.fn), ObserveOpaque: true, Probes: []executors.Probe{{ID: "p", Args: c.args}}}
				r := run(t, e, prog).Results[0]
				if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != c.want {
					t.Errorf("%s%v: outputs %v, want %s (%+v)", c.fn, c.args, r.Outputs, c.want, r)
				}
			}
			r := run(t, e, &executors.Program{Func: calcFunc(t, "Visit"), ObserveOpaque: true, Probes: []executors.Probe{{ID: "p", Args: []string{}}}}).Results[0]
			if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].Kind != spec.Opaque {
				t.Errorf("Visit: outputs %v, want an opaque function (%+v)", r.Outputs, r)
			}
		})
	}
}

// TestReceiverAfter checks that a method that changes its receiver
// records the receiver as the call left it: through its observers when
// its state is unexported, as its canonical tree when it is not.
func TestReceiverAfter(t *testing.T) {
	push := calcFunc(t, "(*Stack).Push")
	drop := calcFunc(t, "(*Stack).Drop")
	clear := calcFunc(t, "(*Stack).Clear")
	length := calcFunc(t, "(*Stack).Len")
	hit := calcFunc(t, "(*Tally).Hit")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			for _, c := range []struct {
				name string
				prog *executors.Program
				want string // "-": nothing recorded
				why  string
			}{
				{"push", &executors.Program{Func: push, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "NewStack(1)", Args: []string{"2"}}}},
					`{String(): "[1 2]", Len(): 2, Find(x): [0, true]}`, "an opaque receiver is observed through its API, with the call's own argument too"},
				{"push-value", &executors.Program{Func: push, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "*NewStack(1)", Args: []string{"2"}}}},
					`{String(): "[1 2]", Len(): 2, Find(x): [0, true]}`, "a receiver held as a value is observed through a pointer to it"},
				{"push-chosen", &executors.Program{Func: push, Probes: []executors.Probe{{Recv: "NewStack()", Args: []string{"7"}, After: true, AfterObserve: []string{"Len()"}}}},
					`{Len(): 1}`, "a probe names its observers"},
				{"push-chosen-keyed", &executors.Program{Func: push, Probes: []executors.Probe{{Recv: "NewStack(7, 3)", Args: []string{"7"}, After: true, AfterObserve: []string{"Find(x)"}}}},
					`{Find(x): [0, true]}`, "an observer takes the call's argument"},
				{"push-not-asked", &executors.Program{Func: push, Probes: []executors.Probe{{Recv: "NewStack()", Args: []string{"7"}}}},
					"-", "nothing is recorded unless asked for"},
				{"drop-error", &executors.Program{Func: drop, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "NewStack(1, 2)", Args: []string{"5"}}}},
					`{String(): "[]", Len(): 0, Find(n): [0, false]}`, "a call that returns an error may have changed the receiver"},
				{"push-nil-panics", &executors.Program{Func: push, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "(*Stack)(nil)", Args: []string{"1"}}}},
					"-", "after a panic nothing is recorded"},
				{"clear-nil", &executors.Program{Func: clear, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "(*Stack)(nil)", Args: []string{}}}},
					`null`, "a nil receiver reads as null"},
				{"len", &executors.Program{Func: length, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "NewStack(1)", Args: []string{}}}},
					"-", "a method that does not change its receiver"},
				{"hit", &executors.Program{Func: hit, ObserveReceiver: true, Probes: []executors.Probe{{Recv: "&Tally{Hits: 1}", Args: []string{`"a"`}}}},
					`{Hits: 2, Last: "a"}`, "exported fields only: the canonical tree"},
				{"hit-canonical", &executors.Program{Func: hit, Probes: []executors.Probe{{Recv: "&Tally{}", Args: []string{`"b"`}, After: true}}},
					`{Hits: 1, Last: "b"}`, "asked for without observers: the canonical tree"},
			} {
				c.prog.Probes[0].ID = c.name
				r := run(t, e, c.prog).Results[0]
				got := "-"
				if r.After != nil {
					got = r.After.String()
				}
				if got != c.want {
					t.Errorf("%s: after = %s, want %s (%s); result %+v", c.name, got, c.want, c.why, r)
				}
			}
		})
	}
}

// TestArgsAfterObserved checks that an argument pointing to an opaque
// value the function changes is recorded as the call left it through its
// observers, as a receiver is: all of them when the program observes
// what calls leave behind, those a probe names otherwise; a nil one
// reads as null.
func TestArgsAfterObserved(t *testing.T) {
	move := calcFunc(t, "MoveTop")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			checkProbes(t, e, argsAfter, "arguments after", []probeCase{
				{"observed", &executors.Program{Func: move, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"NewStack(1, 2)", "NewStack(5)"}}}},
					`from={String(): "[1]", Len(): 1} to={String(): "[5 2]", Len(): 2}`},
				{"nil", &executors.Program{Func: move, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"NewStack()", "nil"}}}},
					`from={String(): "[]", Len(): 0} to=null`},
				{"chosen", &executors.Program{Func: move, Probes: []executors.Probe{{Args: []string{"NewStack(3)", "NewStack()"}, ArgsAfter: []string{"to"}, ArgsObserve: map[string][]string{"to": {"Len()"}}}}},
					`to={Len(): 1}`},
			})
			// Observed alike before the call, to tell whether it
			// changed them.
			checkProbes(t, e, argsBefore, "arguments before", []probeCase{
				{"observed", &executors.Program{Func: move, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"NewStack(1, 2)", "NewStack(5)"}}}},
					`from={String(): "[1 2]", Len(): 2} to={String(): "[5]", Len(): 1}`},
				{"nil", &executors.Program{Func: move, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"NewStack()", "nil"}}}},
					`from={String(): "[]", Len(): 0}`},
			})
		})
	}
}

// argsBefore writes the arguments a probe observed before the call as
// name=value, in order.
func argsBefore(r executors.Result) string {
	var out []string
	for _, a := range r.ArgsBefore {
		out = append(out, a.Name+"="+a.Value.String())
	}
	return strings.Join(out, " ")
}

// TestAutoRerunsYaegiTimeoutsNatively checks that under auto a probe that
// times out in the interpreter but not in compiled code gets native's
// result, while a probe that never ends still times out, and the others
// keep their results.
func TestAutoRerunsYaegiTimeoutsNatively(t *testing.T) {
	div := calcFunc(t, "Div")
	auto := &executors.Auto{Native: &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}, Yaegi: &executors.Yaegi{Logf: t.Logf}, Logf: t.Logf}
	if e, why := auto.Choose(&executors.Program{Func: div}); e != executors.Executor(auto.Yaegi) {
		t.Fatalf("auto picks %s for calc (%s); the test needs yaegi", e.Name(), why)
	}
	// About 10⁸ additions: well under a second compiled, many seconds
	// interpreted.
	const busy = "func() int { s := 0; for i := 0; i < 200000000; i++ { s += i & 1 }; return s }()"
	prog := &executors.Program{Func: div, Timeout: 2 * time.Second, Probes: []executors.Probe{
		{ID: "fast", Args: []string{"9", "3"}},
		{ID: "slow-interpreted", Args: []string{busy, "1"}},
	}}
	r := run(t, auto, prog).Results
	if r[0].Outcome != executors.OK || r[0].Outputs[0].Int != 3 {
		t.Errorf("fast: %+v", r[0])
	}
	if r[1].Outcome != executors.OK || r[1].Outputs[0].Int != 100000000 {
		t.Errorf("slow-interpreted: %s (%s), want native's result 100000000", r[1].Outcome, r[1].Message)
	}

	spin := calcFunc(t, "Spin")
	r = run(t, auto, &executors.Program{Func: spin, Timeout: time.Second, Probes: []executors.Probe{{ID: "loop", Args: []string{}}}}).Results
	if r[0].Outcome != executors.Timeout {
		t.Errorf("loop: %s, want a timeout on both engines", r[0].Outcome)
	}
}

// TestIteratorResults checks that an iterator result is recorded as the
// list of what it yields, at most a hundred values, on both engines, and
// that one that yields after yield returned false panics.
func TestIteratorResults(t *testing.T) {
	upto := calcFunc(t, "Upto")
	indexed := calcFunc(t, "Indexed")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			r := run(t, e, &executors.Program{Func: upto, Probes: []executors.Probe{
				{ID: "three", Args: []string{"3"}},
				{ID: "none", Args: []string{"0"}},
				{ID: "nil", Args: []string{"-1"}},
				{ID: "many", Args: []string{"1000000"}},
			}}).Results
			for i, want := range []string{"[0, 1, 2]", "[]", "null"} {
				if len(r[i].Outputs) != 1 || r[i].Outputs[0].String() != want {
					t.Errorf("%s: outputs %v, want %s (%+v)", r[i].ID, r[i].Outputs, want, r[i])
				}
			}
			if len(r[3].Outputs) != 1 || len(r[3].Outputs[0].List) != 100 {
				t.Errorf("many: outputs %v, want the first 100 values", r[3].Outputs)
			}
			r = run(t, e, &executors.Program{Func: indexed, Probes: []executors.Probe{{ID: "pairs", Args: []string{`[]string{"a", "b"}`}}}}).Results
			if want := `[[0, "a"], [1, "b"]]`; len(r[0].Outputs) != 1 || r[0].Outputs[0].String() != want {
				t.Errorf("pairs: outputs %v, want %s (%+v)", r[0].Outputs, want, r[0])
			}
			// Run again and stopped after one item, an iterator that
			// yields again panics; one that panics when run again (it
			// runs once) is left alone.
			r = run(t, e, &executors.Program{Func: calcFunc(t, "Heedless"), Probes: []executors.Probe{{ID: "heedless", Args: []string{"3"}}, {ID: "one", Args: []string{"1"}}}}).Results
			if r[0].Outcome != executors.Panicked || r[0].Panic == nil || !strings.Contains(r[0].Panic.Message, "iterator yields again after yield returned false") {
				t.Errorf("heedless: %s %v, want the panic of an iterator that yields again (%+v)", r[0].Outcome, r[0].Panic, r[0])
			}
			if want := "[0]"; r[1].Outcome != executors.OK || len(r[1].Outputs) != 1 || r[1].Outputs[0].String() != want {
				t.Errorf("one: %s %v, want %s (%+v)", r[1].Outcome, r[1].Outputs, want, r[1])
			}
			r = run(t, e, &executors.Program{Func: calcFunc(t, "Once"), Probes: []executors.Probe{{ID: "once", Args: []string{`[]string{"a", "b"}`}}}}).Results
			if want := `["a", "b"]`; r[0].Outcome != executors.OK || len(r[0].Outputs) != 1 || r[0].Outputs[0].String() != want {
				t.Errorf("once: %s %v, want %s (%+v)", r[0].Outcome, r[0].Outputs, want, r[0])
			}
		})
	}
}

// TestScratchRestoredBetweenProbes runs a function that removes and
// writes files in its working directory and $TMPDIR several times on
// one worker: each probe sees the package's data files as they are on
// disk, not as the probe before left them.
func TestScratchRestoredBetweenProbes(t *testing.T) {
	if !strings.HasPrefix(executors.SandboxStatus(false), "sandbox: landlock") {
		t.Skip("no landlock: workers run without a scratch directory")
	}
	f := loadFunc(t, "testdata/treemod", "./churn", "Churn")
	for _, e := range []executors.Executor{
		&executors.Native{CacheDir: t.TempDir(), Logf: t.Logf, Workers: 1},
		&executors.Yaegi{Logf: t.Logf, Workers: 1},
	} {
		t.Run(e.Name(), func(t *testing.T) {
			prog := &executors.Program{Func: f, Timeout: 10 * time.Second}
			for i := range 3 {
				prog.Probes = append(prog.Probes, executors.Probe{ID: fmt.Sprint("churn-", i), Args: []string{}})
			}
			for _, r := range run(t, e, prog).Results {
				if r.Outcome != executors.OK || r.Err != nil || len(r.Outputs) != 1 || r.Outputs[0].Str != "hello\ntestdata" {
					t.Errorf("%s: %s %s %v %+v, want \"hello\\ntestdata\" and no error", r.ID, r.Outcome, r.Message, r.Err, r.Outputs)
				}
			}
		})
	}
}

// TestLiteralArguments runs probes whose arguments travel in the
// request rather than the source: each engine gets them exactly as the
// compiler would, and two programs that differ only in literal
// arguments are the same source, built once.
func TestLiteralArguments(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "Echo")
	args := [][]string{
		{`"a\x00\n\"é"`, `[]byte("\xff b")`, `-7`, `18446744073709551615`, `0.1`, `0.1`, `true`, `'\n'`},
		{"`raw\\`", `[]byte("")`, `0x7fff`, `0`, `-1e-45`, `-2.5e300`, `false`, `'é'`},
		{`""`, `[]byte("")`, `0`, `0`, `0`, `math.Inf(-1)`, `false`, `0`},
		{`""`, `[]byte("")`, `0`, `0`, `0`, `math.NaN()`, `false`, `0`},
		{`""`, `[]byte("")`, `0`, `0`, `0`, `math.Copysign(0, -1)`, `false`, `0`},
	}
	echo := func(s string, b []byte, n int16, u uint64, f float32, g float64, ok bool, r rune) string {
		return fmt.Sprintf("%q %q %d %d %x %x %v %q", s, b, n, u, math.Float32bits(f), math.Float64bits(g), ok, r)
	}
	want := []string{
		echo("a\x00\n\"é", []byte("\xff b"), -7, 18446744073709551615, 0.1, 0.1, true, '\n'),
		echo(`raw\`, []byte(""), 0x7fff, 0, -1e-45, -2.5e300, false, 'é'),
		echo("", []byte(""), 0, 0, 0, math.Inf(-1), false, 0),
		echo("", []byte(""), 0, 0, 0, math.NaN(), false, 0),
		echo("", []byte(""), 0, 0, 0, math.Copysign(0, -1), false, 0),
	}
	cache := t.TempDir()
	var builds []string
	native := &executors.Native{CacheDir: cache, Logf: func(format string, a ...any) {
		if msg := fmt.Sprintf(format, a...); strings.HasPrefix(msg, "native: go test -c") {
			builds = append(builds, msg)
		}
		t.Logf(format, a...)
	}}
	for _, e := range []executors.Executor{native, &executors.Yaegi{Logf: t.Logf}} {
		t.Run(e.Name(), func(t *testing.T) {
			// One program per probe, run in turn: the others reuse the
			// first's build.
			for k, a := range args {
				if e.Name() == "yaegi" && strings.HasPrefix(a[5], "math.Copysign") {
					continue // yaegi returns a negative zero as zero, however the probe writes it
				}
				prog := &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: []executors.Probe{{ID: fmt.Sprint("p", k), Args: a}}}
				r := run(t, e, prog).Results[0]
				if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].Str != want[k] {
					t.Errorf("Echo(%s) = %s %s %v, want %s", strings.Join(a, ", "), r.Outcome, r.Message, r.Outputs, want[k])
				}
			}
		})
	}
	if len(builds) != 1 {
		t.Errorf("native built %d times for programs that differ in literal arguments only, want 1", len(builds))
	}
}

// TestArgumentFunctions runs probes whose arguments are code (an
// interface value from another package, a function literal, a variadic
// slice, nil) on both engines, in programs that pair them anew: the
// values are those written, and natively a new pairing of arguments
// built before needs no build.
func TestArgumentFunctions(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "Apply")
	double, inc := `func(x int) int { return 2 * x }`, `func(x int) int { return x + 1 }`
	tm := map[string]string{"time": "tm"}
	runSteps(t, f, []probeStep{
		{[]executors.Probe{
			{ID: "nil-double", Args: []string{`nil`, double, `[]int{1, 2}`}},
			{ID: "second-inc", Args: []string{`tm.Second`, inc, `[]int{3}`}, Imports: tm},
			{ID: "setup", Setup: `k := 5`, Args: []string{`nil`, `func(x int) int { return x * k }`, `[]int{1, 2}`}},
		}, []string{"2,4", "4", "5,10"}, 1},
		{[]executors.Probe{
			{ID: "second-double", Args: []string{`tm.Second`, double, `[]int{1, 2}`}, Imports: tm},
			{ID: "nil-inc", Args: []string{`nil`, inc, `[]int{3}`}},
		}, []string{"21s4", "4"}, 1},
		{[]executors.Probe{
			{ID: "nil-slice", Args: []string{`nil`, inc, `nil`}},
		}, []string{""}, 2},
	})
}

// TestReceiverFunctions runs a method on receivers that are code, each
// a function of its own natively: a receiver built before, paired with
// another argument, needs no build.
func TestReceiverFunctions(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "(*Unit).Scale")
	three := `func() *Unit { v := Unit(len("abc")); return &v }()`
	steps := []probeStep{
		{[]executors.Probe{
			{ID: "new", Recv: `new(Unit)`, Args: []string{`2`}},
			{ID: "three", Recv: three, Args: []string{`len("ab")`}},
			{ID: "receiver-named", Recv: three, Args: []string{`int(*u)`}},
		}, []string{"0", "6", "9"}, 1},
		{[]executors.Probe{
			{ID: "three-literal", Recv: three, Args: []string{`4`}},
			{ID: "new-code", Recv: `new(Unit)`, Args: []string{`len("ab")`}},
		}, []string{"12", "0"}, 1},
	}
	runSteps(t, f, steps)

	// A struct's constants travel in the request, a map's keys too: a
	// receiver that differs only in them is the first's code. An
	// array's keys stay.
	span := loadFunc(t, "testdata/litmod", "./lits", "(*Span).Describe")
	runSteps(t, span, []probeStep{
		{[]executors.Probe{
			{ID: "span", Recv: `&Span{lo: 1, hi: -2, label: "a\"b", w: 0.1, tags: []string{"x", "y"}, grid: [3]int{2: 7}, vals: []interface{}{1, "a", 2.5}, marks: map[string]int{"k": 1, "j": 2}}`, Args: []string{`"/"`}},
		}, []string{`a"b/1..-2/0.1/[x y]/[0 0 7]/[]interface {}{1, "a", 2.5}/map[j:2 k:1]`}, 1},
		{[]executors.Probe{
			{ID: "other-constants", Recv: `&Span{lo: 10, hi: 20, label: "c", w: -1e-3, tags: []string{"z", ""}, grid: [3]int{2: -1}, vals: []interface{}{-4, "", 0.0}, marks: map[string]int{"": -1, "x": 0}}`, Args: []string{`":"`}},
		}, []string{`c:10..20:-0.001:[z ]:[0 0 -1]:[]interface {}{-4, "", 0}:map[:-1 x:0]`}, 1},
		{[]executors.Probe{
			{ID: "other-key", Recv: `&Span{grid: [3]int{1: 7}}`, Args: []string{`""`}},
		}, []string{`0..00[][0 7 0][]interface {}(nil)map[]`}, 2},
		// The constant arguments of a function's call travel in the
		// request too, a variadic list's elements among them; a
		// conversion's and a builtin's stay.
		{[]executors.Probe{
			{ID: "constructor", Recv: `NewSpan("ab", 1, -2, 0.5, "x", "y")`, Args: []string{`"/"`}},
			{ID: "kind", Recv: `Labelled(Kind("k"))`, Args: []string{`"/"`}},
		}, []string{`AB/1..-2/0.5/[x y]/[0 0 0]/[]interface {}(nil)/map[]`, `k/0..0/0/[]/[0 0 0]/[]interface {}(nil)/map[]`}, 3},
		{[]executors.Probe{
			{ID: "other-arguments", Recv: `NewSpan("c\td", 7, 8, -1, "", "z")`, Args: []string{`":"`}},
		}, []string{"C\tD:7..8:-1:[ z]:[0 0 0]:[]interface {}(nil):map[]"}, 3},
		{[]executors.Probe{
			{ID: "other-kind", Recv: `Labelled(Kind("ji"))`, Args: []string{`":"`}},
		}, []string{`ji:0..0:0:[]:[0 0 0]:[]interface {}(nil):map[]`}, 4},
	})

	// An instantiated receiver is an argument function too, when its
	// type arguments name no other package.
	box := loadFunc(t, "testdata/litmod", "./boxes", "(*Box).Join")
	box, err := box.Instantiate([]types.Type{types.Typ[types.Int]})
	if err != nil {
		t.Fatal(err)
	}
	runSteps(t, box, []probeStep{
		{[]executors.Probe{{ID: "box", Recv: `NewBox[int](1, 2)`, Args: []string{`","`}}}, []string{"1,2"}, 1},
		{[]executors.Probe{{ID: "other-box", Recv: `NewBox[int](3, -4)`, Args: []string{`";"`}}}, []string{"3;-4"}, 1},
	})
}

// probeStep is one program of a test that counts native builds: its
// probes, what each returns, and the builds made so far.
type probeStep struct {
	probes []executors.Probe
	want   []string
	builds int
}

// runSteps runs each step's program on a native engine of its own and on
// yaegi, checking each probe's result and the native builds.
func runSteps(t *testing.T, f *target.Func, steps []probeStep) {
	t.Helper()
	builds := 0
	native := &executors.Native{CacheDir: t.TempDir(), Logf: func(format string, a ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds++
		}
	}}
	engines := []executors.Executor{native, &executors.Yaegi{Logf: t.Logf}}
	if len(f.TypeArgs) > 0 {
		engines = engines[:1] // yaegi does not load generic code
	}
	for _, e := range engines {
		t.Run(e.Name(), func(t *testing.T) {
			for k, step := range steps {
				rep := run(t, e, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: step.probes})
				for i, r := range rep.Results {
					got := ""
					if len(r.Outputs) == 1 {
						got = r.Outputs[0].Str
						if r.Outputs[0].Kind != spec.String {
							got = r.Outputs[0].String()
						}
					}
					if r.Outcome != executors.OK || got != step.want[i] {
						t.Errorf("step %d: %s: %s %s %q, want %q", k, step.probes[i].ID, r.Outcome, r.Message, got, step.want[i])
					}
				}
				if e == executors.Executor(native) && builds != step.builds {
					t.Errorf("step %d: %d builds, want %d", k, builds, step.builds)
				}
			}
		})
	}
}

// TestLiteralReceivers runs methods of a named integer type on
// receivers built from constants, through a pointer and not: their
// constants travel in the request, so the programs of other receivers
// and arguments are the first's build.
func TestLiteralReceivers(t *testing.T) {
	cache := t.TempDir()
	builds := 0
	native := &executors.Native{CacheDir: cache, Logf: func(format string, a ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds++
		}
	}}
	for _, tt := range []struct {
		method, recv, arg string
		want              string
	}{
		{"Scale", "func() *Unit { v := Unit(3); return &v }()", "7", "21"},
		{"Scale", "func() *Unit { v := Unit(-5); return &v }()", "2", "-10"},
		{"Times", "Unit(4)", "5", "20"},
		{"Times", "Unit(6)", "-1", "-6"},
	} {
		f := loadFunc(t, "testdata/litmod", "./lits", "(*Unit)."+tt.method)
		if tt.method == "Times" {
			f = loadFunc(t, "testdata/litmod", "./lits", "Unit."+tt.method)
		}
		prog := &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: []executors.Probe{{ID: "p", Recv: tt.recv, Args: []string{tt.arg}}}}
		for _, e := range []executors.Executor{native, &executors.Yaegi{}} {
			r := run(t, e, prog).Results[0]
			if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != tt.want {
				t.Errorf("%s: (%s).%s(%s) = %s %s %v, want %s", e.Name(), tt.recv, tt.method, tt.arg, r.Outcome, r.Message, r.Outputs, tt.want)
			}
		}
	}
	if builds != 2 {
		t.Errorf("native built %d times for two methods, want 2 (one each)", builds)
	}
}

// loadFunc loads the function name of the package pattern in the module
// at dir.
func loadFunc(t *testing.T, dir, pattern, name string) *target.Func {
	t.Helper()
	abs, _ := filepath.Abs(dir)
	pkg, err := target.Load(context.Background(), pattern, target.Config{Dir: abs})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestAlso runs a program whose probes' functions are among a first
// program's, with the first's probes as Also: it is the first's build,
// found in the cache, and only its own probes run. A probe of Also that
// does not compile is left out, and the program still runs.
func TestAlso(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "Echo")
	lit := func(s string) []string {
		return []string{s, `[]byte("b")`, `1`, `2`, `0.5`, `0.25`, `true`, `'r'`}
	}
	code := []string{`"a" + "b"`, `[]byte("b")`, `1`, `2`, `0.5`, `0.25`, `true`, `'r'`} // no literal: a function of its own
	other := []string{`"c" + "d"`, `[]byte("b")`, `1`, `2`, `0.5`, `0.25`, `true`, `'r'`}
	first := []executors.Probe{{ID: "lit", Args: lit(`"x"`)}, {ID: "code", Args: code}, {ID: "other code", Args: other}}
	second := []executors.Probe{{ID: "code again", Args: code}, {ID: "other lit", Args: lit(`"y"`)}}
	cache := t.TempDir()
	builds := 0
	native := &executors.Native{CacheDir: cache, Logf: func(format string, a ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds++
		}
	}}
	run(t, native, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: first})
	rep := run(t, native, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: second, Also: first})
	if builds != 1 {
		t.Errorf("%d builds, want 1: the second program is the first's build", builds)
	}
	want := []string{`"ab" "b" 1 2 3f000000 3fd0000000000000 true 'r'`, `"y" "b" 1 2 3f000000 3fd0000000000000 true 'r'`}
	if len(rep.Results) != len(second) {
		t.Fatalf("%d results, want %d: the probes of Also do not run", len(rep.Results), len(second))
	}
	for i, r := range rep.Results {
		if r.ID != second[i].ID || r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].Str != want[i] {
			t.Errorf("result %d: %s %s %s %v, want %s OK %s", i, r.ID, r.Outcome, r.Message, r.Outputs, second[i].ID, want[i])
		}
	}
	bad := append(first, executors.Probe{ID: "bad", Args: lit(`undefinedName`)})
	rep = run(t, native, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: second, Also: bad})
	if len(rep.Results) != len(second) || rep.Results[1].Outcome != executors.OK {
		t.Errorf("with a probe of Also that does not compile: %d results %v, want %d, OK", len(rep.Results), rep.Results, len(second))
	}
}

// TestSubsetReusesBuild runs programs one after the other on one native
// engine: one whose probes' functions are all among the last build's
// (of the same function and package files) is that build; one with a
// function of its own is built with the last build's functions, and is
// the build the next ones are measured against. Arguments that are code
// are functions of their own: a new pairing of them is no new function.
func TestSubsetReusesBuild(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "Echo")
	call2 := func(first, second string) executors.Probe {
		return executors.Probe{ID: first + "," + second, Args: []string{first, second, `1`, `2`, `0.5`, `0.25`, `true`, `'r'`}}
	}
	call := func(first string) executors.Probe { return call2(first, `[]byte("b")`) }
	builds := 0
	native := &executors.Native{CacheDir: t.TempDir(), Logf: func(format string, a ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds++
		}
	}}
	for _, step := range []struct {
		probes []executors.Probe
		builds int
		why    string
	}{
		{[]executors.Probe{call(`"x"`), call(`"a" + "b"`), call2(`"a" + "b"`, `[]byte("q" + "r")`)}, 1, "the first program is built"},
		{[]executors.Probe{call(`"y"`)}, 1, "a literal argument only: the first build"},
		{[]executors.Probe{call(`"a" + "b"`), call(`"z"`)}, 1, "the same functions again"},
		{[]executors.Probe{call(`"c" + "d"`)}, 2, "a function the first did not have is built"},
		{[]executors.Probe{call(`"w"`)}, 2, "among the last build's functions, which kept the first's"},
		{[]executors.Probe{call2(`"c" + "d"`, `[]byte("q" + "r")`)}, 2, "arguments built before, paired anew"},
		{[]executors.Probe{call2(`"a" + "b"`, `[]byte("s")`)}, 2, "an argument built before beside a literal"},
	} {
		rep := run(t, native, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: step.probes})
		if builds != step.builds {
			t.Errorf("%s: %d builds, want %d", step.why, builds, step.builds)
		}
		for i, r := range rep.Results {
			if r.ID != step.probes[i].ID || r.Outcome != executors.OK {
				t.Errorf("%s: result %d: %s %s %s", step.why, i, r.ID, r.Outcome, r.Message)
			}
		}
	}
}

// TestCallbackCalls checks that a callback argument is recorded after
// the call as the calls it got, each its argument or the list of its
// arguments (a variadic one as a list), in order: when the program
// observes what calls leave behind and when a probe names it; nothing is
// recorded for a callback not called, or called more often than a log
// states, and a nil one is called as it is (and panics).
func TestCallbackCalls(t *testing.T) {
	fn := func(name string) *target.Func { return loadFunc(t, "testdata/mod", "./callback", name) }
	each, greet, sum, count := fn("EachWhile"), fn("Greet"), fn("Sum"), fn("Count")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			checkProbes(t, e, argsAfter, "arguments after", []probeCase{
				{"until-false", &executors.Program{Func: each, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"[]int{5, 6, 7}", "func(i, x int) bool { return x < 6 }"}}}},
					"xs=[5, 6, 7] visit=[[0, 5], [1, 6]]"},
				{"named-type-variadic", &executors.Program{Func: greet, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"func(string) {}", `[]string{"a", "", "b"}`}}}},
					`h=["a", "b"]`},
				{"variadic-callback", &executors.Program{Func: sum, Probes: []executors.Probe{{Args: []string{"func(int, ...int) {}", "[]int{1, 2}"}, ArgsAfter: []string{"done"}}}},
					"done=[[3, [1, 2]]]"},
				{"no-params", &executors.Program{Func: count, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"2", "func() {}"}}}},
					"tick=[[], []]"},
				{"not-called", &executors.Program{Func: count, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"0", "func() {}"}}}},
					""},
				{"too-often", &executors.Program{Func: count, ObserveReceiver: true, Probes: []executors.Probe{{Args: []string{"1000", "func() {}"}}}},
					""},
			})
			r := run(t, e, &executors.Program{Func: each, ObserveReceiver: true, Probes: []executors.Probe{{ID: "nil", Args: []string{"[]int{1}", "nil"}}}}).Results[0]
			if r.Outcome != executors.Panicked {
				t.Errorf("nil callback: %+v, want the panic the function gives", r)
			}
		})
	}
}

// TestResultChannelsDrained checks that a result's exported receive-only
// channel, as it is observed or as a field of its canonical tree, reads
// as the values it delivers until closed (an iterator's C), and stays an
// opaque value when it is not closed in time.
func TestResultChannelsDrained(t *testing.T) {
	numbers := loadFunc(t, "testdata/mod", "./callback", "Numbers")
	words := loadFunc(t, "testdata/mod", "./callback", "Words")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			checkProbes(t, e, outputs, "outputs", []probeCase{
				{"observed", &executors.Program{Func: numbers, ObserveOpaque: true, Probes: []executors.Probe{{Args: []string{"3"}}}}, "{C: [0, 1, 2]}"},
				{"never-closed", &executors.Program{Func: numbers, ObserveOpaque: true, Probes: []executors.Probe{{Args: []string{"-1"}}}}, `{C: "<chan int>"}`},
				{"canonical", &executors.Program{Func: words, Probes: []executors.Probe{{Args: []string{`"w"`, `[]string{"a", "b"}`}}}}, `{Name: "w", Words: ["a", "b"]}`},
			})
		})
	}
}

// argsAfter writes the arguments a probe recorded after the call as
// name=value, in order.
func argsAfter(r executors.Result) string {
	var out []string
	for _, a := range r.ArgsAfter {
		out = append(out, a.Name+"="+a.Value.String())
	}
	return strings.Join(out, " ")
}

// probeCase is a program of one probe and what a test wants it to show.
type probeCase struct {
	name string
	prog *executors.Program
	want string
}

// checkProbes runs each case's probe on e, named by the case, and checks
// that show, describing what, writes its result as the case wants.
func checkProbes(t *testing.T, e executors.Executor, show func(executors.Result) string, what string, cases []probeCase) {
	t.Helper()
	for _, c := range cases {
		c.prog.Probes[0].ID = c.name
		r := run(t, e, c.prog).Results[0]
		if got := show(r); got != c.want {
			t.Errorf("%s: %s = %s, want %s; result %+v", c.name, what, got, c.want, r)
		}
	}
}

// outputs writes a probe's results, one per line.
func outputs(r executors.Result) string {
	var out []string
	for _, o := range r.Outputs {
		out = append(out, o.String())
	}
	return strings.Join(out, "\n")
}

// TestGlobals runs probes that set package-level variables: each sees
// what it set, the next sees them as they were (after a panic too), the
// values as set are recorded, and natively probes that differ only in
// the constants they set share one build.
func TestGlobals(t *testing.T) {
	f := loadFunc(t, "testdata/litmod", "./lits", "Greet")
	g := func(kv ...string) []executors.Global {
		var out []executors.Global
		for i := 0; i < len(kv); i += 2 {
			out = append(out, executors.Global{Name: kv[i], Expr: kv[i+1]})
		}
		return out
	}
	probes := []executors.Probe{
		{ID: "loud", Args: []string{`"bob"`}, Globals: g("Loud", "true", "Suffix", `"?!"`, "level", "3")},
		{ID: "quiet", Args: []string{`"bob"`}},
		{ID: "panics", Args: []string{`""`}, Globals: g("Loud", "true")},
		{ID: "after-panic", Args: []string{`""`}},
		{ID: "loud-again", Args: []string{`"al"`}, Globals: g("Loud", "1 == 1", "Suffix", `strings.Repeat("!", 2)`), Imports: map[string]string{"strings": "strings"}},
	}
	cache := t.TempDir()
	var builds int
	native := &executors.Native{CacheDir: cache, Workers: 1, Logf: func(format string, a ...any) {
		if strings.HasPrefix(fmt.Sprintf(format, a...), "native: go test -c") {
			builds++
		}
	}}
	for _, e := range []executors.Executor{native, &executors.Yaegi{Logf: t.Logf, Workers: 1}} {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: probes})
			want := []struct {
				out, panic string
				globals    string
			}{
				{out: "BOB?!3", globals: `Loud=true Suffix="?!" level=3`},
				{out: "bob"},
				{panic: "loud greeting of nobody", globals: "Loud=true"},
				{out: ""},
				{out: "AL!!0", globals: `Loud=true Suffix="!!"`},
			}
			for k, r := range rep.Results {
				var got, globals []string
				for _, o := range r.Outputs {
					got = append(got, o.Str)
				}
				for _, nv := range r.Globals {
					globals = append(globals, nv.Name+"="+nv.Value.String())
				}
				w := want[k]
				if w.panic != "" {
					if r.Outcome != executors.Panicked || r.Panic == nil || r.Panic.Message != w.panic {
						t.Errorf("%s: %s %v, want the panic %q", r.ID, r.Outcome, r.Panic, w.panic)
					}
				} else if r.Outcome != executors.OK || len(got) != 1 || got[0] != w.out {
					t.Errorf("%s: %s %s %q, want %q", r.ID, r.Outcome, r.Message, got, w.out)
				}
				if s := strings.Join(globals, " "); s != w.globals {
					t.Errorf("%s: globals recorded %q, want %q", r.ID, s, w.globals)
				}
			}
		})
	}
	// Other constants for the same variables: no new build.
	again := []executors.Probe{{ID: "other", Args: []string{`"x"`}, Globals: g("Loud", "false", "Suffix", `"."`, "level", "-1")}}
	before := builds
	r := run(t, native, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: again}).Results[0]
	if r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].Str != "x" {
		t.Errorf("other: %s %s %v, want x", r.Outcome, r.Message, r.Outputs)
	}
	if builds != before {
		t.Errorf("native built again for probes that set other constants")
	}
	// A name that is no variable of the package is an error naming it.
	bad := &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: []executors.Probe{{ID: "bad", Args: []string{`"x"`}, Globals: g("Greet", "nil")}}}
	for _, e := range []executors.Executor{native, &executors.Yaegi{Logf: t.Logf}} {
		rep, err := e.Run(context.Background(), bad)
		msg := fmt.Sprint(err)
		if err == nil && len(rep.Results) == 1 {
			msg = rep.Results[0].Message
		}
		if !strings.Contains(msg, "global Greet: not a variable") {
			t.Errorf("%s: setting a function: %q, want an error naming global Greet", e.Name(), msg)
		}
	}
}

// TestFakes checks probes whose arguments are fakes of an interface
// (target.GoExpr from a map of the methods' results): their types are
// declared once in a file of their own, shared by the probes that use
// them, and a declaration that does not compile fails its users alone.
func TestFakes(t *testing.T) {
	f := loadFunc(t, "testdata/mod", "./callback", "Drain")
	src := f.Params[0].Type
	var probes []executors.Probe
	for _, c := range []struct {
		id   string
		fake spec.Value
	}{
		{"names", spec.MapValue("Next", spec.ListValue(spec.StringValue("ann"), spec.BoolValue(true)))},
		{"fails", spec.MapValue("Err", spec.StringValue("boom"))},
		{"empty", spec.MapValue()},
	} {
		q := target.NewQualifier(f.Pkg.Types)
		arg, err := target.GoExpr(c.fake, src, q)
		if err != nil {
			t.Fatal(err)
		}
		probes = append(probes, executors.Probe{ID: c.id, Args: []string{arg, "2"}, Imports: q.Imports(), Decls: q.Decls()})
	}
	probes = append(probes, executors.Probe{ID: "broken", Args: []string{"fakeBroken{}", "1"},
		Decls: []target.Decl{{Name: "fakeBroken", Src: "type fakeBroken struct{}\n\nfunc (fakeBroken) Next() (string, bool) { return 1, true }\n"}}})
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: f, Timeout: 10 * time.Second, Probes: probes})
			want := []string{`ok ["ann", "ann"] <nil>`, `ok null drain`, `ok null <nil>`, `compile`}
			for k, r := range rep.Results {
				got := string(r.Outcome)
				if len(r.Outputs) > 0 {
					got += " " + r.Outputs[0].String()
					if r.Err != nil {
						got += " " + strings.SplitN(r.Err.Message, "\n", 2)[0]
					} else {
						got += " <nil>"
					}
				}
				if got != want[k] {
					t.Errorf("%s: %s (%s %v), want %s", r.ID, got, r.Message, r.Panic, want[k])
				}
			}
			if m := rep.Results[3].Message; !strings.Contains(m, "declaration it needs") {
				t.Errorf("broken: message %q, want it to name the declaration", m)
			}
			// Recorded, a fake is the map it was written from.
			for k, want := range []string{`{Next: ["ann", true]}`, `{Err: "boom"}`, `{}`} {
				if in := rep.Results[k].Inputs; len(in) == 0 || in[0].Value.String() != want {
					t.Errorf("%s: inputs %v, want s=%s", rep.Results[k].ID, in, want)
				}
			}
		})
	}
}

// TestPanicking checks probes of a function that recovers, deferred
// while the code panics (Probe.Panicking): it sees the panic's value;
// called so without one in progress it does nothing; a panic it does not
// stop (a function that does not recover) is the probe's. The *error it
// sets is recorded as the call leaves it (target's ChangeableParams).
func TestPanicking(t *testing.T) {
	guard := loadFunc(t, "testdata/mod", "./callback", "Guard")
	count := loadFunc(t, "testdata/mod", "./callback", "Count")
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			rep := run(t, e, &executors.Program{Func: guard, ObserveReceiver: true, Timeout: 10 * time.Second, Probes: []executors.Probe{
				{ID: "string", Args: []string{"new(error)"}, Panicking: `"boom"`},
				{ID: "error", Args: []string{"new(error)"}, Panicking: `errors.New("bang")`, Imports: map[string]string{"errors": "errors"}},
				{ID: "none", Args: []string{"new(error)"}},
			}})
			want := []string{`ok err="recovered: boom"`, `ok err="recovered: bang"`, `ok err=null`}
			for k, r := range rep.Results {
				got := string(r.Outcome) + " " + argsAfter(r)
				if got != want[k] {
					t.Errorf("%s: %s (%s), want %s", r.ID, got, r.Message, want[k])
				}
			}
			r := run(t, e, &executors.Program{Func: count, Timeout: 10 * time.Second, Probes: []executors.Probe{
				{ID: "unrecovered", Args: []string{"1", "func() {}"}, Panicking: `"boom"`}}}).Results[0]
			if r.Outcome != executors.Panicked || r.Panic == nil || r.Panic.Message != "boom" {
				t.Errorf("unrecovered: %s %+v, want the panic boom", r.Outcome, r.Panic)
			}
		})
	}
}
