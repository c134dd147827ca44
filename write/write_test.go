package write

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"testing"

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
	cases := []struct {
		name string
		f    *target.Func
		r    executors.Result
		want string // the case in flow form, or "" when none is written
	}{
		{"ok-one-param", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.IntValue(1)}},
			`input="x" expected=1`},
		{"ok-two-params", two, executors.Result{Outcome: executors.OK, Inputs: in("a", spec.IntValue(1), "b", spec.IntValue(2)), Outputs: []spec.Value{spec.IntValue(3), spec.BoolValue(true)}},
			`inputs={a: 1, b: 2} expected=[3, true]`},
		{"error", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("")), Err: &executors.ErrorInfo{Message: "empty", Sentinels: []string{"p.ErrEmpty"}}},
			`input="" raises=p.ErrEmpty match=^empty$`},
		{"panic", one, executors.Result{Outcome: executors.Panicked, Inputs: in("s", spec.StringValue("z")), Panic: &executors.PanicInfo{Message: "boom (1)"}},
			`input="z" raises=panic match=^boom \(1\)$`},
		{"timeout", one, executors.Result{Outcome: executors.Timeout, Inputs: in("s", spec.StringValue("z"))}, ""},
		{"func-input", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.OpaqueValue("<func>"))}, ""},
		{"cycle-in-output", one, executors.Result{Outcome: executors.OK, Inputs: in("s", spec.StringValue("x")), Outputs: []spec.Value{spec.MapValue("Next", spec.OpaqueValue("<cycle>"))}}, ""},
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
	if c.Input != nil {
		add("input", c.Input.String())
	}
	if c.Inputs != nil {
		add("inputs", c.Inputs.String())
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
	return s
}

func TestAssignIDsUnique(t *testing.T) {
	var cases []*spec.Case
	for _, s := range []string{"1", "1", "1-2", "1", "", ""} {
		v := spec.StringValue(s)
		cases = append(cases, &spec.Case{Input: &v, Raises: "error"})
	}
	assignIDs(cases)
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
		{"basic", []string{"T"}, []types.Type{types.Typ[types.Int]}, []string{"int-ok-1-2", "int-ok-3-1"}, "T=int", "the type arguments lead the id"},
		{"named", []string{"T"}, []types.Type{id}, []string{"id-ok-1-2", "id-ok-3-1"}, "T=ID", "the package's own types unqualified"},
		{"several", []string{"K", "V"}, []types.Type{types.NewSlice(types.Typ[types.String]), types.NewMap(types.Typ[types.String], id)}, []string{"slice-string-map-string-id-ok-1-2", "slice-string-map-string-id-ok-3-1"}, "K=[]string, V=map[string]ID", "composite types are slugged"},
		{"not generic", nil, nil, []string{"ok-1-2", "ok-3-1"}, "", "no types, ids as ever"},
	}
	for _, tt := range tests {
		f := &target.Func{Name: "Max", Pkg: pkg, Params: []target.Param{{Name: "a"}, {Name: "b"}}, TypeArgs: tt.args}
		for _, p := range tt.params {
			f.TypeParams = append(f.TypeParams, target.TypeParam{Name: p})
		}
		cases, _ := CasesFromResults(f, []executors.Result{ok(1, 2), ok(3, 1), ok(1, 2)})
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
