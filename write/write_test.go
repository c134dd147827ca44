package write

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestRaisesName(t *testing.T) {
	cases := []struct {
		name string
		err  executors.ErrorInfo
		want string
		why  string
	}{
		{"sentinel", executors.ErrorInfo{Type: "*fmt.wrapError", Sentinels: []string{"io.EOF"}}, "io.EOF", "a sentinel is the most specific name"},
		{"typed", executors.ErrorInfo{Type: "*calc.SyntaxError"}, "*calc.SyntaxError", "a concrete type says what went wrong"},
		{"wrapped-type", executors.ErrorInfo{Type: "*fmt.wrapError", Types: []string{"*strconv.NumError"}}, "*strconv.NumError", "a type found along the chain beats the wrapper"},
		{"plain", executors.ErrorInfo{Type: "*errors.errorString"}, "error", "errors.New says nothing beyond the message"},
		{"unknown", executors.ErrorInfo{}, "error", "yaegi could not name the type"},
		{"foreign-unexported", executors.ErrorInfo{Type: "*time.parseDurationError"}, "error", "another package's unexported type cannot be named"},
		{"own-unexported", executors.ErrorInfo{Type: "*calc.syntaxError", Types: []string{"*calc.syntaxError"}}, "*calc.syntaxError", "the package's own error types are known"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := RaisesName(&c.err); got != c.want {
				t.Errorf("RaisesName = %q, want %q (%s)", got, c.want, c.why)
			}
		})
	}
}

func TestAnchor(t *testing.T) {
	cases := []struct {
		msg, re string
		match   []string
		miss    []string
	}{
		{"empty input", "^empty input$", []string{"empty input"}, []string{"empty input!", "an empty input"}},
		{`bad "x" (1.5)`, `^bad "x" \(1\.5\)$`, []string{`bad "x" (1.5)`}, []string{`bad "x" (105)`}},
		{"bad \ufffd byte", `^bad `, []string{"bad \xff byte"}, nil},
		{
			"runtime error: slice bounds out of range [:18] with capacity 16", `^runtime error: slice bounds out of range \[:18\] with capacity \d+$`,
			[]string{"runtime error: slice bounds out of range [:18] with capacity 15"},
			[]string{"runtime error: slice bounds out of range [:19] with capacity 16", "runtime error: slice bounds out of range [:18] with length 16"},
		},
		{"index 3 with capacity 4", `^index 3 with capacity 4$`, nil, []string{"index 3 with capacity 5"}},
	}
	for _, c := range cases {
		got := Anchor(c.msg)
		if got != c.re {
			t.Errorf("Anchor(%q) = %q, want %q", c.msg, got, c.re)
			continue
		}
		re := regexp.MustCompile(got)
		for _, m := range c.match {
			if !re.MatchString(m) {
				t.Errorf("%s does not match %q", got, m)
			}
		}
		for _, m := range c.miss {
			if re.MatchString(m) {
				t.Errorf("%s matches %q", got, m)
			}
		}
	}
}

func TestCaseFromResult(t *testing.T) {
	one := &target.Func{Name: "F", Params: []target.Param{{Name: "s"}}}
	two := &target.Func{Name: "G", Params: []target.Param{{Name: "a"}, {Name: "b"}}}
	in := func(kv ...any) []executors.NamedValue {
		var out []executors.NamedValue
		for i := 0; i < len(kv); i += 2 {
			out = append(out, executors.NamedValue{Name: kv[i].(string), Value: kv[i+1].(spec.Value)})
		}
		return out
	}
	fnType := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	withFn := &target.Func{Name: "H", Params: []target.Param{{Name: "fn", Type: fnType}, {Name: "p", Type: types.NewPointer(types.Typ[types.Int])}}}
	fnIn := in("fn", spec.CodeValue("Key"), "p", spec.IntValue(1))
	fnAfter := in("fn", spec.ListValue(spec.ListValue()), "p", spec.IntValue(2))
	cases := []struct {
		name string
		f    *target.Func
		r    executors.Result
		want string // the case in flow form, or "" when none is written
	}{
		{"callback-called-by-the-observers-of-a-result-not-stated", withFn, executors.Result{Outcome: executors.OK, Inputs: fnIn, ArgsAfter: fnAfter, Outputs: []spec.Value{spec.OpaqueValue("<func>")}},
			`inputs={fn: {go: "Key"}, p: 1} inputs_after={p: 2}`},
		{"callback-calls-with-a-stated-result", withFn, executors.Result{Outcome: executors.OK, Inputs: fnIn, ArgsAfter: fnAfter, Outputs: []spec.Value{spec.IntValue(3)}},
			`inputs={fn: {go: "Key"}, p: 1} expected=3 inputs_after={fn: [[]], p: 2}`},
		{"ok-one-param", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.IntValue(1)}},
			`input="x" expected=1`},
		{"ok-two-params", two, executors.Result{Outcome: executors.OK, Inputs: in("a", spec.IntValue(1), "b", spec.IntValue(2)), Outputs: []spec.Value{spec.IntValue(3), spec.BoolValue(true)}},
			`inputs={a: 1, b: 2} expected=[3, true]`},
		{"func-result", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.OpaqueValue("<func>")}},
			`input="x"`},
		{"error", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("")), Err: &executors.ErrorInfo{Message: "empty", Sentinels: []string{"p.ErrEmpty"}}},
			`input="" raises=p.ErrEmpty match=^empty$`},
		{"panic", one, executors.Result{Outcome: executors.Panicked, Inputs: in("s", spec.StringValue("z")), Panic: &executors.PanicInfo{Message: "boom (1)"}},
			`input="z" raises=panic match=^boom \(1\)$`},
		{"timeout", one, executors.Result{Outcome: executors.Timeout, Inputs: in("s", spec.StringValue("z"))}, ""},
		{"func-input", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.OpaqueValue("<func>"))}, ""},
		{"cycle-in-output", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.MapValue("Next", spec.OpaqueValue("<cycle>"))}},
			`input="x" expected={Next: "<cycle>"}`},
		{"garbled-output", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.MapValue("Name", spec.StringValue("a\ufffd"))}}, ""},
		{"chan-map-key", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")),
			Outputs: []spec.Value{{Kind: spec.Map, Map: []spec.Entry{{Key: spec.OpaqueValue("<chan int>"), Val: spec.IntValue(1)}}}}}, ""},
		{"not-utf8", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("a\ufffd"))}, ""},
		{"a string that reads like a placeholder is a string", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("<func>")), Outputs: []spec.Value{spec.StringValue("<cycle>")}},
			`input="<func>" expected="<cycle>"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, why := caseFromResult(c.f, c.r)
			if c.want == "" {
				if got != nil {
					t.Errorf("wrote a case for an unstatable result: %s", flow(got))
				} else if why == "" {
					t.Error("no reason given for leaving the result out")
				}
				return
			}
			if got == nil {
				t.Fatalf("no case: %s", why)
			}
			if s := flow(got); s != c.want {
				t.Errorf("case %s, want %s", s, c.want)
			}
		})
	}
}

func flow(c *spec.Case) string {
	s := ""
	add := func(k string, v any) {
		if s != "" {
			s += " "
		}
		s += fmt.Sprintf("%s=%v", k, v)
	}
	if c.Receiver != nil {
		add("receiver", c.Receiver.String())
	}
	if c.Input != nil {
		add("input", c.Input.String())
	}
	if c.Inputs != nil {
		add("inputs", c.Inputs.String())
	}
	if c.Panicking != nil {
		add("panicking", c.Panicking.String())
	}
	if c.Expected != nil {
		add("expected", c.Expected.String())
	}
	if c.Raises != "" {
		add("raises", c.Raises)
	}
	if c.Match != "" {
		add("match", c.Match)
	}
	if c.ReceiverAfter != nil {
		add("receiver_after", c.ReceiverAfter.String())
	}
	if c.InputsAfter != nil {
		add("inputs_after", c.InputsAfter.String())
	}
	return s
}

func TestAssignIDsUnique(t *testing.T) {
	var cases []*spec.Case
	for _, s := range []string{"1", "1", "1-2", "1", "", ""} {
		v := spec.StringValue(s)
		cases = append(cases, &spec.Case{Input: &v, Raises: "error"})
	}
	assignIDs(nil, cases, "")
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.ID] {
			t.Errorf("duplicate id %q", c.ID)
		}
		seen[c.ID] = true
	}
}

func TestSelectBehaviours(t *testing.T) {
	// Ten behaviours on one path differing only in result shape, and two
	// error classes on other paths: every path and error kind is kept,
	// the shapes fill up to the limit.
	x := &explore.Exploration{}
	add := func(kind, class string, blocks []int, r executors.Result) {
		x.Records = append(x.Records, &explore.Record{Result: r})
		x.Behaviours = append(x.Behaviours, &explore.Behaviour{Kind: kind, Class: class, Blocks: blocks, Rep: len(x.Records) - 1})
	}
	for i := 0; i < 10; i++ {
		add(explore.KindOK, fmt.Sprintf("ok shape%d", i), []int{1, 2}, executors.Result{Outcome: executors.OK})
	}
	add(explore.KindError, "error A", []int{1, 3}, executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Type: "A"}})
	add(explore.KindPanic, "panic B", []int{1, 2}, executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Type: "B"}})
	got := selectBehaviours(x, 4)
	if len(got) != 4 {
		t.Fatalf("selected %d behaviours, want 4", len(got))
	}
	classes := map[string]bool{}
	for _, b := range got {
		classes[b.Class] = true
	}
	for _, want := range []string{"ok shape0", "error A", "panic B"} {
		if !classes[want] {
			t.Errorf("%s not selected: %v", want, classes)
		}
	}
}

// TestSelectBehavioursPathEnds checks that a path that both returns
// and fails (a parser's return v, err) keeps a behaviour of each, even
// with its limit taken by other paths.
func TestSelectBehavioursPathEnds(t *testing.T) {
	x := &explore.Exploration{}
	add := func(kind, class string, blocks []int, r executors.Result) {
		x.Records = append(x.Records, &explore.Record{Result: r})
		x.Behaviours = append(x.Behaviours, &explore.Behaviour{Kind: kind, Class: class, Blocks: blocks, Rep: len(x.Records) - 1})
	}
	add(explore.KindError, "error A", []int{1, 4}, executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Type: "A"}})
	for i := 0; i < 3; i++ {
		add(explore.KindOK, fmt.Sprintf("ok path%d", i), []int{1, i + 5}, executors.Result{Outcome: executors.OK})
	}
	add(explore.KindOK, "ok object", []int{1, 4}, executors.Result{Outcome: executors.OK})
	var got []string
	for _, b := range selectBehaviours(x, 2) {
		got = append(got, b.Class)
	}
	if !slices.Contains(got, "error A") || !slices.Contains(got, "ok object") {
		t.Errorf("selected %q, want both ends of path 1 4 (error A, ok object)", got)
	}
}

func TestCaseFromObservedResult(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	named := func(name string, fields ...*types.Var) types.Type {
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(fields, nil), nil)
	}
	opaque := types.NewPointer(named("T", types.NewField(0, pkg, "n", types.Typ[types.Int], false)))
	empty := named("E")
	one := &target.Func{Name: "F", Params: []target.Param{{Name: "s"}}, Results: []types.Type{opaque}}
	two := &target.Func{Name: "G", Params: []target.Param{{Name: "s"}}, Results: []types.Type{opaque, types.Typ[types.Int]}}
	unit := &target.Func{Name: "H", Params: []target.Param{{Name: "s"}}, Results: []types.Type{empty}}
	pred := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String])), types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.Bool])), false)
	called := &target.Func{Name: "P", Params: []target.Param{{Name: "s"}}, Results: []types.Type{pred}}
	ok := func(outs ...spec.Value) executors.Result {
		return executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "s", Value: spec.StringValue("x")}}, Outputs: outs}
	}
	panicked, unstable := spec.OpaqueValue(executors.ObserverPanic), spec.OpaqueValue(executors.ObserverUnstable)
	cases := []struct {
		name string
		f    *target.Func
		r    executors.Result
		want string
	}{
		{"observers", one, ok(spec.MapValue("String()", spec.StringValue("x"), "Len()", spec.IntValue(1))),
			`input="x" expected={String(): "x", Len(): 1}`},
		{"panicking and unstable observers are left out", one, ok(spec.MapValue("String()", spec.StringValue("x"), "Boom()", panicked, "Seq()", unstable, "Fn", spec.OpaqueValue("<func>"))),
			`input="x" expected={String(): "x"}`},
		{"nothing observed: no expected", one, ok(spec.MapValue("Boom()", panicked)),
			`input="x"`},
		{"nothing to observe: no expected", one, ok(spec.MapValue()),
			`input="x"`},
		{"fields alone after a drop say too little", one, ok(spec.MapValue("Name", spec.StringValue("a"), "Fn", spec.OpaqueValue("<func>"), "Seq()", unstable)),
			`input="x"`},
		{"fields alone", one, ok(spec.MapValue("Name", spec.StringValue("a"))),
			`input="x" expected={Name: "a"}`},
		{"nil", one, ok(spec.NullValue()),
			`input="x" expected=null`},
		{"with another result", two, ok(spec.MapValue("Len()", spec.IntValue(0), "Seq()", unstable), spec.IntValue(3)),
			`input="x" expected=[{Len(): 0}, 3]`},
		{"never a blank {}", unit, ok(spec.MapValue()),
			`input="x"`},
		// A call of a returned function that panics every time is
		// stated: a decorator that lets its job's panic through.
		{"a function through its calls", called, ok(spec.MapValue("(s)", spec.BoolValue(true), `("a")`, panicked)),
			`input="x" expected={(s): true, ("a"): "<panic>"}`},
		{"a function whose calls all panic", called, ok(spec.MapValue("(s)", panicked)),
			`input="x" expected={(s): "<panic>"}`},
		{"a nil function", called, ok(spec.NullValue()),
			`input="x" expected=null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, why := caseFromResult(c.f, c.r)
			if got == nil {
				t.Fatalf("no case: %s", why)
			}
			if s := flow(got); s != c.want {
				t.Errorf("case %s, want %s", s, c.want)
			}
		})
	}
}

func TestSelectBehavioursReach(t *testing.T) {
	// One path through the function, one outcome class, and behaviours
	// that differ in the callee blocks they run: those that run callee
	// blocks no chosen behaviour runs are kept first, the most new blocks
	// first, up to the limit.
	x := &explore.Exploration{}
	add := func(reach ...int) {
		x.Records = append(x.Records, &explore.Record{Result: executors.Result{Outcome: executors.OK}})
		x.Behaviours = append(x.Behaviours, &explore.Behaviour{Kind: explore.KindOK, Class: "ok int", Blocks: []int{0}, Reach: append([]int{0}, reach...), Rep: len(x.Records) - 1})
	}
	add(1)       // 0: the first of the path
	add(1, 2)    // 1: one new block
	add(1, 3, 4) // 2: two new blocks
	add(2, 3)    // 3: nothing new once 1 and 2 are in
	add(5)       // 4: one new block
	var got []int
	for _, b := range selectBehaviours(x, 4) {
		got = append(got, b.Rep)
	}
	if want := []int{0, 1, 2, 4}; !slices.Equal(got, want) {
		t.Errorf("selected %v, want %v", got, want)
	}
	got = nil
	for _, b := range selectBehaviours(x, 2) {
		got = append(got, b.Rep)
	}
	if want := []int{0, 2}; !slices.Equal(got, want) {
		t.Errorf("with room for 2: selected %v, want %v (the most new blocks)", got, want)
	}
	// A slow probe does not earn a case for callee blocks alone.
	x.Records[2].Result.Duration = time.Second
	got = nil
	for _, b := range selectBehaviours(x, 2) {
		got = append(got, b.Rep)
	}
	if want := []int{0, 3}; !slices.Equal(got, want) {
		t.Errorf("with 2 slow: selected %v, want %v", got, want)
	}
}

func TestCasesFromResultsWithCode(t *testing.T) {
	pkg := types.NewPackage("example.com/semver", "semver")
	field := func(name string, typ types.Type) *types.Var { return types.NewField(0, pkg, name, typ, false) }
	named := func(name string, fields ...*types.Var) *types.Named {
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(fields, nil), nil)
	}
	version := named("Version", field("major", types.Typ[types.Int]))
	point := named("Point", field("X", types.Typ[types.Int]))
	fn := types.NewSignatureType(nil, nil, nil, types.NewTuple(), types.NewTuple(), false)
	f := &target.Func{Name: "(*Version).Compare", Recv: version, RecvPtr: true, Params: []target.Param{
		{Name: "o", Type: types.NewPointer(version)}, {Name: "p", Type: point}, {Name: "f", Type: fn}}}
	in := func(recv, o, p, fv spec.Value) []executors.NamedValue {
		return []executors.NamedValue{{Name: "o", Value: o}, {Name: "p", Value: p}, {Name: "f", Value: fv}, {Name: "receiver", Value: recv}}
	}
	ok := func(inputs []executors.NamedValue) executors.Result {
		return executors.Result{Outcome: executors.OK, Inputs: inputs, Outputs: []spec.Value{spec.IntValue(-1)}}
	}
	pt := spec.MapValue("X", spec.IntValue(1))
	cases := []struct {
		name  string
		probe executors.Probe
		r     executors.Result
		want  string
	}{
		{"opaque values are written as the code that built them",
			executors.Probe{Recv: `MustParse("1.2.3")`, Args: []string{`MustParse("1.2.4")`, "Point{X: 1}", "nil"}},
			ok(in(spec.StringValue("1.2.3"), spec.StringValue("1.2.4"), pt, spec.NullValue())),
			`receiver={go: "MustParse(\"1.2.3\")"} inputs={o: {go: "MustParse(\"1.2.4\")"}, p: {X: 1}, f: null} expected=-1`},
		{"a nil pointer stays null",
			executors.Probe{Recv: `NewVersion()`, Args: []string{"(*Version)(nil)", "Point{X: 1}", "nil"}},
			ok(in(spec.MapValue(), spec.NullValue(), pt, spec.NullValue())),
			`receiver={go: "NewVersion()"} inputs={o: null, p: {X: 1}, f: null} expected=-1`},
		{"a func is written as code",
			executors.Probe{Recv: `( (&Version{}))`, Args: []string{"nil", "Point{X: 1}", "func() {}"}},
			ok(in(spec.StringValue("0.0.0"), spec.NullValue(), pt, spec.OpaqueValue("<func>"))),
			`receiver={go: "&Version{}"} inputs={o: null, p: {X: 1}, f: {go: "func() {}"}} expected=-1`},
		{"code that uses the setup's variables is not written",
			executors.Probe{Setup: "v := MustParse(\"1.0.0\")\nfor _, w := range []int{1} { _ = w }", Recv: "v", Args: []string{`MustParse("1.2.4")`, "Point{X: 1}", "nil"}},
			ok(in(spec.StringValue("1.0.0"), spec.StringValue("1.2.4"), pt, spec.NullValue())),
			`receiver="1.0.0" inputs={o: {go: "MustParse(\"1.2.4\")"}, p: {X: 1}, f: null} expected=-1`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, skipped := CasesFromResults(f, []executors.Probe{c.probe}, []executors.Result{c.r})
			if len(got) != 1 {
				t.Fatalf("%d cases, skipped %v", len(got), skipped)
			}
			if s := flow(got[0]); s != c.want {
				t.Errorf("case %s\nwant %s", s, c.want)
			}
		})
	}
	got, _ := CasesFromResults(f, nil, []executors.Result{ok(in(spec.StringValue("1.2.3"), spec.StringValue("1.2.4"), pt, spec.NullValue()))})
	if s := flow(got[0]); s != `receiver="1.2.3" inputs={o: "1.2.4", p: {X: 1}, f: null} expected=-1` {
		t.Errorf("without probes, the recorded values are written: %s", s)
	}
}

func TestCasesOfInstantiation(t *testing.T) {
	self := types.NewPackage("example.com/p", "p")
	id := types.NewNamed(types.NewTypeName(0, self, "ID", nil), types.Typ[types.Int], nil)
	pkg := &target.Package{Types: self}
	ok := func(a, b int64) executors.Result {
		return executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "a", Value: spec.IntValue(a)}, {Name: "b", Value: spec.IntValue(b)}}, Outputs: []spec.Value{spec.IntValue(max(a, b))}}
	}
	tests := []struct {
		name    string
		params  []string
		args    []types.Type
		wantIDs []string
		types   string
		why     string
	}{
		{"basic", []string{"T"}, []types.Type{types.Typ[types.Int]}, []string{"int-a-one", "int-a-3"}, "T=int", "the type arguments lead the id"},
		{"named", []string{"T"}, []types.Type{id}, []string{"id-a-one", "id-a-3"}, "T=ID", "the package's own types unqualified"},
		{"several", []string{"K", "V"}, []types.Type{types.NewSlice(types.Typ[types.String]), types.NewMap(types.Typ[types.String], id)}, []string{"slice-string-map-string-id-a-one", "slice-string-map-string-id-a-3"}, "K=[]string, V=map[string]ID", "composite types are slugged"},
		{"not generic", nil, nil, []string{"a-one", "a-3"}, "", "no types: the features alone"},
	}
	for _, tt := range tests {
		f := &target.Func{Name: "Max", Pkg: pkg, Params: []target.Param{{Name: "a"}, {Name: "b"}}, TypeArgs: tt.args}
		for _, p := range tt.params {
			f.TypeParams = append(f.TypeParams, target.TypeParam{Name: p})
		}
		cases, skipped := CasesFromResults(f, nil, []executors.Result{ok(1, 2), ok(3, 1), ok(1, 2), {ID: "p9", Outcome: executors.Panicked}})
		wantNote := "probe p9: left out: the probe stopped before argument a was built"
		if tt.types != "" {
			wantNote = "probe p9 at " + tt.types + ": left out: the probe stopped before argument a was built"
		}
		if len(skipped) != 1 || skipped[0] != wantNote {
			t.Errorf("%s: notes %q, want %q (the instantiation named)", tt.name, skipped, wantNote)
		}
		var ids []string
		for _, c := range cases {
			ids = append(ids, c.ID)
			if c.Types.String() != tt.types {
				t.Errorf("%s: case %s types %q, want %q (%s)", tt.name, c.ID, c.Types, tt.types, tt.why)
			}
		}
		if !slices.Equal(ids, tt.wantIDs) {
			t.Errorf("%s: ids %q, want %q (%s)", tt.name, ids, tt.wantIDs, tt.why)
		}
	}
}

// TestCasesOfMethodInstantiation writes cases of a method of a generic
// type: they carry the receiver type's type arguments, and a receiver
// of the instantiated type with unexported state is the code that built
// it.
func TestCasesOfMethodInstantiation(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", `package p

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	self, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	generic := self.Scope().Lookup("Stack").Type().(*types.Named)
	inst, err := types.Instantiate(nil, generic, []types.Type{types.Typ[types.String]}, true)
	if err != nil {
		t.Fatal(err)
	}
	f := &target.Func{
		Name: "(*Stack).Push", Pkg: &target.Package{Types: self}, Recv: inst.(*types.Named), RecvPtr: true,
		Params:     []target.Param{{Name: "v", Type: types.Typ[types.String]}},
		TypeParams: []target.TypeParam{{Name: "T"}}, TypeArgs: []types.Type{types.Typ[types.String]},
	}
	r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{
		{Name: "receiver", Value: spec.MapValue()}, {Name: "v", Value: spec.StringValue("a")},
	}}
	probe := executors.Probe{Recv: "(NewStack[string]())", Args: []string{`"a"`}}
	cases, skipped := CasesFromResults(f, []executors.Probe{probe}, []executors.Result{r})
	if len(cases) != 1 {
		t.Fatalf("%d cases, skipped %v", len(cases), skipped)
	}
	c := cases[0]
	if got, want := flow(c), `receiver={go: "NewStack[string]()"} input="a"`; got != want {
		t.Errorf("case %s\nwant %s", got, want)
	}
	if c.Types.String() != "T=string" || c.ID != "string-a" {
		t.Errorf("types %q, id %q; want T=string, string-a", c.Types, c.ID)
	}
}

// TestCasesFromResultsFromReceiver: an argument built from the
// receiver is written as that code, though its value would write back:
// a point equal to the rectangle's corner is not its corner.
func TestCasesFromResultsFromReceiver(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", `package p

type Point struct{ X int }

type Rect struct{ Min Point }

func (r *Rect) Has(p Point) bool { return r.Min == p }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	self, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rect := self.Scope().Lookup("Rect").Type().(*types.Named)
	f := &target.Func{Name: "(*Rect).Has", Pkg: &target.Package{Types: self}, Recv: rect, RecvPtr: true,
		Params: []target.Param{{Name: "p", Type: self.Scope().Lookup("Point").Type()}},
		Decl:   file.Decls[2].(*ast.FuncDecl), Obj: self.Scope().Lookup("Rect").Type().(*types.Named).Method(0)}
	pt := spec.MapValue("X", spec.IntValue(1))
	r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{
		{Name: "receiver", Value: spec.MapValue("Min", pt)}, {Name: "p", Value: pt}}, Outputs: []spec.Value{spec.BoolValue(true)}}
	for _, tt := range []struct{ arg, want string }{
		{"r.Min", `receiver={Min: {X: 1}} input={go: "r.Min"} expected=true`},
		{"Point{X: 1}", `receiver={Min: {X: 1}} input={X: 1} expected=true`},
	} {
		got, skipped := CasesFromResults(f, []executors.Probe{{Recv: "&Rect{Min: Point{X: 1}}", Args: []string{tt.arg}}}, []executors.Result{r})
		if len(got) != 1 {
			t.Fatalf("%s: %d cases, skipped %v", tt.arg, len(got), skipped)
		}
		if s := flow(got[0]); s != tt.want {
			t.Errorf("%s: case %s\nwant %s", tt.arg, s, tt.want)
		}
	}
}

func TestCasesFromResultsRetyped(t *testing.T) {
	anyT := types.NewInterfaceType(nil, nil).Complete()
	f := &target.Func{Name: "ToInt", Params: []target.Param{{Name: "v", Type: anyT}}}
	cases := []struct {
		arg  string
		v    spec.Value
		want string
		why  string
	}{
		{"int8(42)", spec.IntValue(42), `input={go: "int8(42)"} expected=42`, "the dynamic type int8 is not what 42 writes back as"},
		{"[]int{1, 2, 3}", spec.ListValue(spec.IntValue(1), spec.IntValue(2), spec.IntValue(3)), `input={go: "[]int{1, 2, 3}"} expected=42`, "a typed slice, not []any"},
		{"uint(42)", spec.UintValue(42), `input={go: "uint(42)"} expected=42`, "a spec reads 42 back as an int"},
		{"42", spec.IntValue(42), `input=42 expected=42`, "an int stays a plain value"},
		{"interface{}(42)", spec.IntValue(42), `input=42 expected=42`, "a conversion to the interface changes nothing"},
		{"any((42))", spec.IntValue(42), `input=42 expected=42`, "nor to any, around parentheses"},
		{`"42"`, spec.StringValue("42"), `input="42" expected=42`, "a string stays a plain value"},
		{"3.7", spec.FloatValue(3.7), `input=3.7 expected=42`, "a float64 stays a plain value"},
		{"(*string)(nil)", spec.NullValue(), `input={go: "(*string)(nil)"} expected=42`, "a nil pointer in an interface is no nil interface"},
		{"nil", spec.NullValue(), `input=null expected=42`, "a nil interface is nil"},
		{"any(nil)", spec.NullValue(), `input=null expected=42`, "nil converted to an interface is nil too"},
		{"interface{}((*int)(nil))", spec.NullValue(), `input={go: "interface{}((*int)(nil))"} expected=42`, "a nil pointer converted to an interface is not"},
	}
	for _, c := range cases {
		r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "v", Value: c.v}}, Outputs: []spec.Value{spec.IntValue(42)}}
		got, skipped := CasesFromResults(f, []executors.Probe{{Args: []string{c.arg}}}, []executors.Result{r})
		if len(got) != 1 {
			t.Fatalf("%s: %d cases, skipped %v", c.arg, len(got), skipped)
		}
		if s := flow(got[0]); s != c.want {
			t.Errorf("%s: case %s\nwant %s (%s)", c.arg, s, c.want, c.why)
		}
	}
}

// TestCasesFromResultsPointerToNil writes a pointer to a nil slice,
// recorded as null, as the code that made it: null is a nil pointer.
func TestCasesFromResultsPointerToNil(t *testing.T) {
	buf := types.NewPointer(types.NewSlice(types.Typ[types.Uint8]))
	f := &target.Func{Name: "Append", Params: []target.Param{{Name: "buf", Type: buf}}}
	cases := []struct {
		arg  string
		want string
		why  string
	}{
		{"new([]uint8)", `input={go: "new([]uint8)"} inputs_after={buf: "a"}`, "a pointer to a nil slice is no nil pointer"},
		{"nil", `input=null inputs_after={buf: "a"}`, "a nil pointer is null"},
		{"(*[]uint8)(nil)", `input=null inputs_after={buf: "a"}`, "nil converted to the pointer type is null too"},
	}
	for _, c := range cases {
		r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "buf", Value: spec.NullValue()}},
			ArgsAfter: []executors.NamedValue{{Name: "buf", Value: spec.StringValue("a")}}}
		got, skipped := CasesFromResults(f, []executors.Probe{{Args: []string{c.arg}}}, []executors.Result{r})
		if len(got) != 1 {
			t.Fatalf("%s: %d cases, skipped %v", c.arg, len(got), skipped)
		}
		if s := flow(got[0]); s != c.want {
			t.Errorf("%s: case %s\nwant %s (%s)", c.arg, s, c.want, c.why)
		}
	}
}

// TestCasesFromResultsNestedInterface writes a slice of the package's
// own interface as the code that built it when its elements would not
// build again from their recorded fields, and leaves out the slice as
// the call left it when the call did not change it.
func TestCasesFromResultsNestedInterface(t *testing.T) {
	pkg := types.NewPackage("example.com/shapes", "shapes")
	area := types.NewFunc(0, pkg, "Area", types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, pkg, "", types.Typ[types.Float64])), false))
	shape := types.NewNamed(types.NewTypeName(0, pkg, "Shape", nil), types.NewInterfaceType([]*types.Func{area}, nil).Complete(), nil)
	anyT := types.NewInterfaceType(nil, nil).Complete()
	shapes := func(name string, elem types.Type) *target.Func {
		return &target.Func{Name: name, Pkg: &target.Package{Types: pkg}, Params: []target.Param{{Name: "s", Type: types.NewSlice(elem)}}}
	}
	w := spec.ListValue(spec.MapValue(), spec.MapValue("W", spec.FloatValue(2.5)))
	changed := spec.ListValue(spec.MapValue(), spec.NullValue())
	tests := []struct {
		name  string
		f     *target.Func
		arg   string
		after spec.Value
		want  string
	}{
		{"interface elements are code", shapes("Largest", shape), "[]Shape{circle{}, Rect{W: 2.5}}", w,
			`input={go: "[]Shape{circle{}, Rect{W: 2.5}}"} expected=1`},
		{"a value of the package's own type is not written back as a fake", shapes("Largest", shape), "[]Shape{circle{}, circle{}}", spec.ListValue(spec.MapValue(), spec.MapValue()),
			`input={go: "[]Shape{circle{}, circle{}}"} expected=1`},
		{"a value of the package's own type beside a fake is not written back as another fake", shapes("Largest", shape), `[]Shape{Shape(fakeShape{"Area": 2.5}), circle{}}`, spec.ListValue(spec.MapValue("Area", spec.FloatValue(2.5)), spec.MapValue()),
			`input={go: "[]Shape{Shape(fakeShape{\"Area\": 2.5}), circle{}}"} expected=1`},
		{"fakes build again", shapes("Largest", shape), `[]Shape{Shape(fakeShape{}), Shape(fakeShape{"Area": 2.5})}`, spec.ListValue(spec.MapValue(), spec.MapValue("Area", spec.FloatValue(2.5))),
			`input=[{}, {Area: 2.5}] expected=1`},
		{"a changed slice is still shown", shapes("Largest", shape), "[]Shape{circle{}, Rect{W: 2.5}}", changed,
			`input={go: "[]Shape{circle{}, Rect{W: 2.5}}"} expected=1 inputs_after={s: [{}, null]}`},
		{"values that build again stay values", shapes("Count", anyT), "[]any{1, \"a\"}", spec.ListValue(spec.IntValue(1), spec.StringValue("a")),
			`input=[1, "a"] expected=1`},
		// A time.Time is recorded as its text, an int8 as an int: written
		// back, the element would be a string or an int.
		{"a time its record writes as a string", shapes("Count", anyT), "[]interface{}{time.Date(2024, 2, 29, 12, 30, 45, 0, time.UTC)}", spec.ListValue(spec.StringValue("2024-02-29T12:30:45Z")),
			`input={go: "[]interface{}{time.Date(2024, 2, 29, 12, 30, 45, 0, time.UTC)}"} expected=1`},
		{"a sized int its record writes as an int", shapes("Count", anyT), "[]any{int8(42), 1}", spec.ListValue(spec.IntValue(42), spec.IntValue(1)),
			`input={go: "[]any{int8(42), 1}"} expected=1`},
		// A map[string]int is recorded as a map, written back as a
		// map[string]any; a []any of maps builds again.
		{"a typed map its record writes as map[string]any", shapes("Count", anyT), `[]any{map[string]int{"a": 1}}`, spec.ListValue(spec.MapValue("a", spec.IntValue(1))),
			`input={go: "[]any{map[string]int{\"a\": 1}}"} expected=1`},
		{"natural maps build again", shapes("Count", anyT), `[]any{map[string]any{"a": 1}, []interface{}{2}}`, spec.ListValue(spec.MapValue("a", spec.IntValue(1)), spec.ListValue(spec.IntValue(2))),
			`input=[{a: 1}, [2]] expected=1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.after
			if tt.f.Name == "Largest" && strings.Contains(tt.arg, "Rect") {
				in = w
			}
			r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "s", Value: in}},
				ArgsAfter: []executors.NamedValue{{Name: "s", Value: tt.after}}, Outputs: []spec.Value{spec.IntValue(1)}}
			got, skipped := CasesFromResults(tt.f, []executors.Probe{{Args: []string{tt.arg}}}, []executors.Result{r})
			if len(got) != 1 {
				t.Fatalf("%d cases, skipped %v", len(got), skipped)
			}
			if s := flow(got[0]); s != tt.want {
				t.Errorf("case %s\nwant %s", s, tt.want)
			}
		})
	}
}

// TestCasesFromResultsPanicking checks the cases of a function called
// deferred while the code panics (a recover helper): the panic's value
// is the case's, a string as itself and other code as code; the same
// arguments with and without a panic are two cases, named by the panic.
func TestCasesFromResultsPanicking(t *testing.T) {
	pkg := types.NewPackage("example.com/rec", "rec")
	errPtr := types.NewPointer(types.Universe.Lookup("error").Type())
	f := &target.Func{Name: "Guard", Pkg: &target.Package{Types: pkg}, Params: []target.Param{{Name: "err", Type: errPtr}}}
	in := []executors.NamedValue{{Name: "err", Value: spec.StringValue("")}}
	res := func(after string) executors.Result {
		r := executors.Result{Outcome: executors.OK, Inputs: in}
		if after != "" {
			r.ArgsAfter = []executors.NamedValue{{Name: "err", Value: spec.StringValue(after)}}
		}
		return r
	}
	probes := []executors.Probe{{Args: []string{"new(error)"}, Panicking: `"boom"`}, {Args: []string{"new(error)"}, Panicking: `errors.New("bang")`}, {Args: []string{"new(error)"}}}
	got, skipped := CasesFromResults(f, probes, []executors.Result{res("recovered: boom"), res("recovered: bang"), res("")})
	if len(got) != 3 {
		t.Fatalf("%d cases, skipped %v", len(got), skipped)
	}
	want := []string{`input="" panicking="boom" inputs_after={err: "recovered: boom"}`, `input="" panicking={go: "errors.New(\"bang\")"} inputs_after={err: "recovered: bang"}`, `input=""`}
	for i, c := range got {
		if s := flow(c); s != want[i] {
			t.Errorf("case %d: %s\nwant %s", i, s, want[i])
		}
	}
	if fs := caseFeatures(f, got[0]); len(fs) == 0 || fs[0] != "panicking-boom" {
		t.Errorf("features %v, want panicking-boom first", fs)
	}
}

// TestCasesFromResultsGroupLeftOut checks that probes left out for the
// same reason make one line, naming a few of them and how many.
func TestCasesFromResultsGroupLeftOut(t *testing.T) {
	f := &target.Func{Name: "Repeat", Params: []target.Param{{Name: "n", Type: types.Typ[types.Int]}}, Results: []types.Type{types.Typ[types.String]}}
	var rs []executors.Result
	for i := 0; i < 7; i++ {
		rs = append(rs, executors.Result{ID: fmt.Sprintf("t%d", i), Outcome: executors.Panicked})
	}
	rs = append(rs, executors.Result{ID: "huge", Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "n", Value: spec.IntValue(1)}},
		Outputs: []spec.Value{spec.StringValue(strings.Repeat("x", 8<<20))}})
	rs = append(rs, rs[0], rs[1])
	rs[len(rs)-2].ID, rs[len(rs)-1].ID = "x0", "x1"
	_, skipped := CasesFromResults(f, nil, rs)
	want := []string{
		"probes t0, t1, t2, t3, t4, … (9 in all): left out: the probe stopped before its argument was built",
		"probe huge: left out: its values take 8.0 MiB written, more than a readable case holds",
	}
	if diff := cmp.Diff(want, skipped); diff != "" {
		t.Errorf("skipped differs (-want +got):\n%s", diff)
	}
}

func TestCasesFromResultsLeaveOutHugeValues(t *testing.T) {
	f := &target.Func{Name: "Repeat", Params: []target.Param{{Name: "n", Type: types.Typ[types.Int]}}, Results: []types.Type{types.Typ[types.String]}}
	res := func(id string, n int) executors.Result {
		return executors.Result{ID: id, Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "n", Value: spec.IntValue(int64(n))}},
			Outputs: []spec.Value{spec.StringValue(strings.Repeat("x", n))}}
	}
	cases, skipped := CasesFromResults(f, nil, []executors.Result{res("small", 3), res("huge", 8<<20)})
	if len(cases) != 1 || cases[0].Expected.Str != "xxx" {
		t.Errorf("cases = %v, want the small one alone", cases)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0], "probe huge: left out: its values take 8.0 MiB written") {
		t.Errorf("skipped = %q, want the huge probe named with its size", skipped)
	}
	// Oversized says so beforehand, from the same measure: the input's
	// four digits and the result's n bytes quoted, against 4 KiB.
	for _, tt := range []struct {
		n    int
		want bool
	}{{3, false}, {4<<10 - 6, false}, {4<<10 - 5, true}, {8 << 20, true}} {
		if got := Oversized(res("", tt.n)); got != tt.want {
			t.Errorf("Oversized(a result of %d bytes) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

func TestSelectBudgetsDynamicTypes(t *testing.T) {
	// A function of an interface: one behaviour, then thirty strings,
	// each bringing a new word, and three values of other dynamic types.
	// The strings may not take every extra case.
	anyT := types.NewInterfaceType(nil, nil).Complete()
	x := &explore.Exploration{Func: &target.Func{Name: "ToInt", Params: []target.Param{{Name: "v", Type: anyT}}}}
	add := func(arg string, v spec.Value) {
		r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "v", Value: v}}, Outputs: []spec.Value{spec.IntValue(0)}}
		x.Records = append(x.Records, &explore.Record{Index: len(x.Records), Class: "ok", Probe: executors.Probe{Args: []string{arg}}, Result: r})
	}
	add("0", spec.IntValue(0))
	x.Behaviours = []*explore.Behaviour{{Kind: explore.KindOK, Class: "ok", Blocks: []int{1}, Rep: 0}}
	for i := 0; i < 30; i++ {
		w := strings.Repeat(string(rune('a'+i%26)), 1+i/26)
		add(fmt.Sprintf("%q", w), spec.StringValue(w))
	}
	add("int8(42)", spec.IntValue(42))
	add("true", spec.BoolValue(true))
	add(`errors.New("boom")`, spec.StringValue("boom"))
	got := Select(x, 40)
	perType := map[string]int{}
	for _, r := range got {
		perType[dynamicTypes(x.Func, r)]++
	}
	if n := perType["v:string;"]; n == 0 || n > 3 {
		t.Errorf("%d string cases, want 1 to 3 (a share of the extra cases): %v", n, perType)
	}
	for _, want := range []string{"v:int8;", "v:bool;", "v:errors.New;"} {
		if perType[want] == 0 {
			t.Errorf("no case of %s: %v", want, perType)
		}
	}
}

// TestCaseReceiverAfter checks what a case states of the receiver as
// the call left it: only for a method that changes it, whether the call
// returned an error or not, and never after a panic.
func TestCaseReceiverAfter(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	pkg, err := target.Load(context.Background(), "./stack", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *target.Func {
		f, err := pkg.Func(name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	push, length, hit, peek := fn("(*Stack).Push"), fn("(*Stack).Len"), fn("(*Tally).Hit"), fn("Tally.Peek")
	recv := executors.NamedValue{Name: "receiver", Value: spec.CodeValue("NewStack()")}
	x := executors.NamedValue{Name: "x", Value: spec.IntValue(1)}
	result := func(after spec.Value, inputs ...executors.NamedValue) executors.Result {
		return executors.Result{Outcome: executors.OK, Inputs: append(inputs, recv), After: &after}
	}
	withErr := result(spec.MapValue("Len()", spec.IntValue(0)), x)
	withErr.Err = &executors.ErrorInfo{Message: "full"}
	panicked := executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "boom"}, Inputs: []executors.NamedValue{x, recv}}
	dumped := executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "&{0xc000112400 map[] boom}", Type: "*Stack"}, Inputs: []executors.NamedValue{x, recv}}
	unstable := spec.OpaqueValue(executors.ObserverUnstable)
	cases := []struct {
		name string
		f    *target.Func
		r    executors.Result
		want string
	}{
		{"observed", push, result(spec.MapValue("Len()", spec.IntValue(1)), x),
			`receiver={go: "NewStack()"} input=1 receiver_after={Len(): 1}`},
		{"after an error", push, withErr,
			`receiver={go: "NewStack()"} input=1 raises=error match=^full$ receiver_after={Len(): 0}`},
		{"not after a panic", push, panicked,
			`receiver={go: "NewStack()"} input=1 raises=panic match=^boom$`},
		{"a panic with a struct printed with its addresses: no match", push, dumped,
			`receiver={go: "NewStack()"} input=1 raises=panic`},
		{"unstable observers are left out", push, result(spec.MapValue("Len()", spec.IntValue(1), "Seq()", unstable), x),
			`receiver={go: "NewStack()"} input=1 receiver_after={Len(): 1}`},
		{"nothing observed: nothing stated", push, result(spec.MapValue("Seq()", unstable), x),
			`receiver={go: "NewStack()"} input=1`},
		{"nil", push, result(spec.NullValue(), x),
			`receiver={go: "NewStack()"} input=1 receiver_after=null`},
		{"a method that does not change its receiver", length, result(spec.MapValue("Len()", spec.IntValue(0))),
			`receiver={go: "NewStack()"} expected=null`},
		{"exported fields: the canonical tree", hit, result(spec.MapValue("Hits", spec.IntValue(2))),
			`receiver={go: "NewStack()"} receiver_after={Hits: 2}`},
		{"a value receiver", peek, result(spec.MapValue("Hits", spec.IntValue(2))),
			`receiver={go: "NewStack()"} expected=null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.f == length || c.f == peek {
				c.r.Outputs = []spec.Value{spec.NullValue()}
			}
			got, why := caseFromResult(c.f, c.r)
			if got == nil {
				t.Fatalf("no case: %s", why)
			}
			if s := flow(got); s != c.want {
				t.Errorf("case %s\nwant %s", s, c.want)
			}
		})
	}
}

// TestSelectPrefersPrior: among the probes that bring something new, an
// input of the existing spec (explore.Record.Prior) is taken before a
// smaller new one, so that its case stays while it still brings
// something.
func TestSelectPrefersPrior(t *testing.T) {
	tests := []struct {
		name  string
		prior []string
		want  []string
	}{
		{"none", nil, []string{`"a"`, `"x"`, `"x y"`}},
		{"larger-prior", []string{`"x y"`}, []string{`"a"`, `"x y"`}},
		{"smaller-prior", []string{`"x"`}, []string{`"a"`, `"x"`, `"x y"`}},
		{"both", []string{`"x"`, `"x y"`}, []string{`"a"`, `"x"`, `"x y"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := &explore.Exploration{Func: &target.Func{Name: "F", Params: []target.Param{{Name: "s", Type: types.Typ[types.String]}}}}
			for _, s := range []string{"a", "x", "x y"} {
				arg := fmt.Sprintf("%q", s)
				r := executors.Result{Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "s", Value: spec.StringValue(s)}}, Outputs: []spec.Value{spec.IntValue(0)}}
				x.Records = append(x.Records, &explore.Record{Index: len(x.Records), Class: "ok", Probe: executors.Probe{Args: []string{arg}}, Result: r, Prior: slices.Contains(tt.prior, arg)})
			}
			x.Behaviours = []*explore.Behaviour{{Kind: explore.KindOK, Class: "ok", Blocks: []int{1}, Rep: 0}}
			var got []string
			for _, r := range Select(x, 40) {
				got = append(got, r.Probe.Args[0])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("selected %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReached(t *testing.T) {
	f := &target.Func{Name: "(*List).InsertAfter", Recv: types.NewNamed(types.NewTypeName(0, nil, "List", nil), types.NewStruct(nil, nil), nil), RecvPtr: true,
		Params: []target.Param{{Name: "v"}, {Name: "mark"}}}
	in := func(names ...string) executors.Result {
		var r executors.Result
		for _, n := range names {
			r.Inputs = append(r.Inputs, executors.NamedValue{Name: n, Value: spec.NullValue()})
		}
		return r
	}
	for _, tt := range []struct {
		r    executors.Result
		want bool
	}{
		{in("v", "mark", "receiver"), true},
		{in("v", "receiver", "mark"), true},
		{in("v", "mark"), false},
		{in("v", "receiver"), false},
		{in(), false},
	} {
		if got := Reached(f, tt.r); got != tt.want {
			t.Errorf("Reached(%v) = %v, want %v", tt.r.Inputs, got, tt.want)
		}
	}
	if !Reached(&target.Func{Name: "Now"}, in()) {
		t.Error("a function without parameters reaches its call with no inputs")
	}
}

// TestCasesFromResultsHarness checks a probe whose result names the
// files or functions specgen ran it from (a logger's caller, a stack):
// the exported test runs it from others, so such a result is not pinned,
// and a probe whose error or panic names them is left out.
func TestCasesFromResultsHarness(t *testing.T) {
	f := &target.Func{Name: "Caller", Params: []target.Param{{Name: "skip", Type: types.Typ[types.Int]}}, Results: []types.Type{types.Typ[types.String]}}
	skip := 0
	out := func(s string) executors.Result {
		skip++
		return executors.Result{ID: s, Outcome: executors.OK, Inputs: []executors.NamedValue{{Name: "skip", Value: spec.IntValue(int64(skip))}},
			Outputs: []spec.Value{spec.MapValue("@caller", spec.StringValue(s))}}
	}
	rs := []executors.Result{
		out("/tmp/x/specgen_main_test.go:15"),
		{ID: "panic", Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "at example.com/x.specgenRun", Type: "string"}},
		{ID: "error", Outcome: executors.OK, Outputs: []spec.Value{spec.StringValue("")}, Err: &executors.ErrorInfo{Message: "example.com/x.specgenShape1f\n\t/tmp/x/specgen_probes_0_test.go:7"}},
		out("/src/x/caller.go:15"),
	}
	got, skipped := CasesFromResults(f, nil, rs)
	want := []string{"probes panic, error: left out: its error, panic or inputs after the call name specgen's own probe files (a caller's line, a stack), which differ in the exported test"}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped %q\nwant %q", skipped, want)
	}
	var flows []string
	for _, c := range got {
		flows = append(flows, flow(c))
	}
	if wantFlows := []string{"input=1", `input=2 expected={@caller: "/src/x/caller.go:15"}`}; !slices.Equal(flows, wantFlows) {
		t.Errorf("cases %q\nwant %q", flows, wantFlows)
	}
}
