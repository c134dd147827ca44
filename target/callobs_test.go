package target

import (
	"go/types"
	"strings"
	"testing"
)

// sigOf returns the type of func(params...) results.
func sigOf(params []types.Type, results ...types.Type) *types.Signature {
	var ps, rs []*types.Var
	for _, p := range params {
		ps = append(ps, types.NewParam(0, nil, "", p))
	}
	for _, r := range results {
		rs = append(rs, types.NewParam(0, nil, "", r))
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)
}

// httpRequest is net/http's Request type, a struct without fields: what
// the call observers look at is its package and name.
func httpRequest() *types.Named {
	return types.NewNamed(types.NewTypeName(0, types.NewPackage("net/http", "http"), "Request", nil), types.NewStruct(nil, nil), nil)
}

func TestCallObservers(t *testing.T) {
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := observedType(t, "Opts")
	level, _ := observedType(t, "Level")
	gen := p.Types.Scope().Lookup("Gen").Type()
	genInt, err := types.Instantiate(nil, gen, []types.Type{types.Typ[types.Int]}, true)
	if err != nil {
		t.Fatal(err)
	}
	job, _ := observedType(t, "Job")
	sizer, _ := observedType(t, "Sizer")
	str, num, boolean := types.Typ[types.String], types.Typ[types.Int], types.Typ[types.Bool]
	errT := types.Universe.Lookup("error").Type()
	args := []ObserverArg{{"p", str, "a0"}, {"n", num, "a1"}, {"m", num, "a2"}, {"k", num, "a3"}}
	for _, c := range []struct {
		name string
		t    types.Type
		args []ObserverArg
		want string // "-" for nil
	}{
		{"comparator", sigOf([]types.Type{num, num}, boolean), nil, "(1, 2) (2, 1) (1, 1) (0, -1)"},
		{"comparator-strings", sigOf([]types.Type{str, str}, boolean), nil, `("a", "b") ("b", "a") ("a", "a") ("", "a")`},
		// The call's own arguments come first, two at most.
		{"predicate", sigOf([]types.Type{str}, boolean), args, `(p) ("a") ("b") ("")`},
		{"transform", sigOf([]types.Type{num}, num), args, "(n) (m) (1) (2)"},
		{"named", sigOf([]types.Type{level}, boolean), nil, "(1) (2) (0) (-1)"},
		{"unsigned", sigOf([]types.Type{types.Typ[types.Uint8]}), nil, "(1) (2) (0)"},
		{"flag", sigOf([]types.Type{boolean}, str), nil, "(true) (false)"},
		{"float", sigOf([]types.Type{types.Typ[types.Float64]}, str), nil, "(1.5) (2) (0) (-1)"},
		{"mixed", sigOf([]types.Type{str, boolean}, str), nil, `("a", false) ("b", true) ("a", true) ("", false)`},
		{"option", sigOf([]types.Type{types.NewPointer(opts)}), nil, "(&Opts{})"},
		{"value-struct", sigOf([]types.Type{opts}, num), nil, "(Opts{})"},
		{"thunk", sigOf(nil, num), nil, "()"},
		// A key function of a request: a test calls it with one.
		{"request", sigOf([]types.Type{types.NewPointer(httpRequest())}, str, errT), nil, `(httptest.NewRequest("GET", "/", nil))`},
		{"generic-struct", sigOf([]types.Type{types.NewPointer(genInt)}), nil, "-"},
		{"callback", sigOf([]types.Type{sigOf(nil)}), nil, "-"},
		{"interface", sigOf([]types.Type{types.NewInterfaceType(nil, nil)}), nil, "-"},
		{"error", sigOf([]types.Type{types.Typ[types.Uint], types.Universe.Lookup("error").Type(), types.NewPointer(opts)}, num), nil, "(1, nil, &Opts{}) (0, nil, &Opts{})"},
		{"not-a-function", num, nil, "-"},
		// A decorator is given the package's func types that implement
		// the interface, doing nothing and panicking (Ticked's
		// parameter is another package's type: left out), and what it
		// returns is run.
		{"decorator", sigOf([]types.Type{job}, job), nil, `(JobFunc(func() {})).Run() (JobFunc(func() { panic("boom") })).Run()`},
		{"decorator-of-own", sigOf([]types.Type{job}, job), []ObserverArg{{"j", job, "a0"}}, `(j).Run() (JobFunc(func() {})).Run() (JobFunc(func() { panic("boom") })).Run()`},
		{"returns-interface", sigOf([]types.Type{num}, sizer), nil, "(1).Size() (2).Size() (0).Size() (-1).Size()"},
		{"returns-error", sigOf([]types.Type{num}, errT), nil, "(1) (2) (0) (-1)"},
		{"thunk-of-job", sigOf(nil, job), nil, "().Run()"},
	} {
		got := CallObservers(c.t, p, c.args)
		s := strings.Join(got, " ")
		if got == nil {
			s = "-"
		}
		if s != c.want {
			t.Errorf("%s: CallObservers(%s) = %q, want %q", c.name, c.t, s, c.want)
		}
	}
}

func TestCallBody(t *testing.T) {
	opts, _ := observedType(t, "Opts")
	job, _ := observedType(t, "Job")
	sizer, _ := observedType(t, "Sizer")
	level, _ := observedType(t, "Level")
	str, num, boolean := types.Typ[types.String], types.Typ[types.Int], types.Typ[types.Bool]
	args := []ObserverArg{{"p", str, "a0"}, {"n", num, "a1"}}
	cmp := sigOf([]types.Type{num, num}, boolean)
	keyFn := sigOf([]types.Type{types.NewPointer(httpRequest())}, str, types.Universe.Lookup("error").Type())
	for _, c := range []struct {
		t       types.Type
		key     string
		want    string
		wantErr string
	}{
		{cmp, "(1, 2)", "return x(1, 2)", ""},
		{cmp, "(n, -1)", "return x(a1, -1)", ""},
		{sigOf([]types.Type{level}, boolean), "('a')", "return x('a')", ""},
		{sigOf([]types.Type{str}, num, types.Universe.Lookup("error").Type()), `("a, b")`, "specgenR0, specgenR1 := x(\"a, b\")\nreturn []interface{}{specgenR0, specgenR1}", ""},
		{sigOf([]types.Type{types.NewPointer(opts)}), "(&Opts{})", "specgenC0 := &Opts{}\nx(specgenC0)\nreturn map[string]interface{}{\"n\": specgenC0.n, \"name\": specgenC0.name}", ""},
		{sigOf([]types.Type{types.NewPointer(opts)}), "(nil)", "x(nil)\nreturn nil", ""},
		{sigOf([]types.Type{opts}, num), "(Opts{})", "return x(Opts{})", ""},
		{sigOf(nil, num), "()", "return x()", ""},
		{cmp, "(1)", "", "(1): the function takes 2 arguments, not 1"},
		{cmp, "(q, 1)", "", "(q, 1): argument 1: q is not a parameter of the call (p, n)"},
		{cmp, "(p, 1)", "", "(p, 1): argument 1: p is a string, not a int"},
		{cmp, `("a", 1)`, "", `("a", 1): argument 1: "a" does not fit a int`},
		{cmp, "(1.5, 1)", "", "argument 1: 1.5 does not fit a int"},
		{cmp, "(f(), 1)", "", "argument 1: f() does not fit a int"},
		{sigOf([]types.Type{types.NewPointer(opts)}), "(&Opts{n: 1})", "", "argument 1: &Opts{n: 1} does not fit"},
		{sigOf([]types.Type{types.NewPointer(opts)}), "(&Level{})", "", "argument 1: &Level{} does not fit"},
		{cmp, "1, 2", "", "1, 2: want the arguments of a call of the function, as (1, 2)"},
		{sigOf([]types.Type{job}, job), `(JobFunc(func() { panic("boom") })).Run()`, "x(JobFunc(func() { panic(\"boom\") })).Run()\nreturn nil", ""},
		{sigOf([]types.Type{num}, sizer), "(n).Size()", "return x(a1).Size()", ""},
		{sigOf([]types.Type{num}, sizer), "(1).Len()", "", "(1).Len(): observed.Sizer has no method Len"},
		{sigOf([]types.Type{num}, sizer), "(1).Size(2)", "", "want the arguments of a call of the function and a method without arguments"},
		{sigOf([]types.Type{num}, sizer), "(1)(2)", "", "(1)(2): want the arguments of a call of the function, as (1, 2)"},
		{sigOf([]types.Type{num}, num), "(1).Size()", "", "(1).Size(): int has no method Size"},
		{sigOf([]types.Type{job}, job), "(Job(1)).Run()", "", "argument 1: Job(1) does not fit"},
		{cmp, "(1, 2", "", "want the arguments of a call"},
		{keyFn, `(httptest.NewRequest("GET", "/", nil))`, "specgenR0, specgenR1 := x(httptest.NewRequest(\"GET\", \"/\", nil))\nreturn []interface{}{specgenR0, specgenR1}", ""},
		{keyFn, `(httptest.NewRequest("POST", "/", nil))`, "", "does not fit"},
		{cmp, `(httptest.NewRequest("GET", "/", nil), 1)`, "", "does not fit a int"},
	} {
		got, err := ObserverBody(c.t, c.key, "x", args)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("ObserverBody(%s, %s): error %v, want %q", c.t, c.key, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("ObserverBody(%s, %s): %v", c.t, c.key, err)
		case got != c.want:
			t.Errorf("ObserverBody(%s, %s) = %q, want %q", c.t, c.key, got, c.want)
		}
	}
}
