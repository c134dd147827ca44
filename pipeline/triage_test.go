package pipeline

import (
	"context"
	"fmt"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestTriageRuntimePanic(t *testing.T) {
	tests := []struct {
		name, why string
		r         executors.Result
		want      string
	}{
		{
			name: "nil pointer",
			why:  "a nil pointer dereference is the runtime's, by its recorded type",
			r:    panicked("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference"),
			want: "nil pointer dereference panic",
		},
		{
			name: "index",
			why:  "an index out of range keeps the index and length, which say which access failed",
			r:    panicked("runtime.boundsError", "runtime error: index out of range [3] with length 3"),
			want: "index out of range [3] with length 3 panic",
		},
		{
			name: "slice bounds",
			why:  "a slice expression out of range",
			r:    panicked("runtime.boundsError", "runtime error: slice bounds out of range [:5] with capacity 3"),
			want: "slice bounds out of range [:5] with capacity 3 panic",
		},
		{
			name: "divide by zero",
			why:  "an integer division by zero",
			r:    panicked("runtime.runtimeError", "runtime error: integer divide by zero"),
			want: "integer divide by zero panic",
		},
		{
			name: "nil map",
			why:  "a write to a nil map: a runtime.Error whose message lacks the 'runtime error' prefix",
			r:    panicked("runtime.plainError", "assignment to entry in nil map"),
			want: "nil map write panic",
		},
		{
			name: "type assertion",
			why:  "a failed type assertion is a *runtime.TypeAssertionError",
			r:    panicked("*runtime.TypeAssertionError", "interface conversion: interface {} is string, not int"),
			want: "invalid type assertion panic (interface {} is string, not int)",
		},
		{
			name: "makeslice",
			why:  "make with a negative length",
			r:    panicked("runtime.errorString", "runtime error: makeslice: len out of range"),
			want: "negative or huge makeslice: len panic",
		},
		{
			name: "another goroutine",
			why:  "the worker that died of a runtime error in another goroutine records runtime.Error",
			r:    executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Type: "runtime.Error", Message: "runtime error: index out of range [1] with length 0", Goroutine: true}},
			want: "index out of range [1] with length 0 panic",
		},
		{
			name: "no type recorded",
			why:  "without a recorded type the runtime's message prefix tells",
			r:    panicked("", "runtime error: integer divide by zero"),
			want: "integer divide by zero panic",
		},
		{
			name: "own message",
			why:  "a deliberate panic with the function's own message is documented behaviour (regexp.MustCompile)",
			r:    panicked("string", "negative divisor"),
		},
		{
			name: "own message that mimics the runtime",
			why:  "a string panic that reads like a runtime error is still the function's own: the recorded type wins",
			r:    panicked("string", "runtime error: index out of range [3] with length 3"),
		},
		{
			name: "package error value",
			why:  "a panic with an error value the package defines is how it fails on purpose",
			r:    panicked("*calc.ParseError", "parse error at 3"),
		},
		{
			name: "wrapped runtime error",
			why:  "an error that wraps a runtime error is the package's own value",
			r:    panicked("*fmt.wrapError", "decode: runtime error: index out of range [0] with length 0"),
		},
		{
			name: "returned error",
			why:  "a returned error is no panic",
			r:    executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "runtime error: nope"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runtimePanic(tt.r); got != tt.want {
				t.Errorf("%s: got %q, want %q", tt.why, got, tt.want)
			}
		})
	}
}

func panicked(typ, msg string) executors.Result {
	return executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Type: typ, Message: msg}}
}

// fakeFunc is a function of the given name and doc with parameters and
// results of basic types ("string", "int", "float64", "[]byte", "bool",
// "uint", "error").
func fakeFunc(name, doc string, params []string, results ...string) *target.Func {
	typ := func(s string) types.Type {
		switch s {
		case "[]byte":
			return types.NewSlice(types.Typ[types.Byte])
		case "error":
			return types.Universe.Lookup("error").Type()
		}
		for _, b := range types.Typ {
			if b != nil && b.Name() == s {
				return b
			}
		}
		panic("no type " + s)
	}
	f := &target.Func{Name: name, Doc: doc}
	for i, p := range params {
		f.Params = append(f.Params, target.Param{Name: fmt.Sprintf("p%d", i), Type: typ(p)})
	}
	for _, r := range results {
		f.Results = append(f.Results, typ(r))
	}
	f.ErrorLast = len(results) > 0 && results[len(results)-1] == "error"
	return f
}

func TestTriageDocExamples(t *testing.T) {
	parseSize := []string{"string"}
	tests := []struct {
		name, why string
		f         *target.Func
		// want lists each example as call => args => want|fails.
		want []string
	}{
		{
			name: "forms",
			why:  "the ways Go docs write an example's result: ==, returns, a comment, =>, an indented code line, Example:",
			f: fakeFunc("ParseSize", `ParseSize parses a size such as "1k".
ParseSize("1k") == 1000.
For example ParseSize("2k") returns 2000, and ParseSize("3k") => 3000;
	ParseSize("4k") // 4000
Example: ParseSize("5k") -> 5000
ParseSize("6k") is 6000 (decimal)
ParseSize("7k") == 7000 and ParseSize("8k") == 8000
`, parseSize, "int64", "error"),
			want: []string{
				`ParseSize("1k") => "1k" => 1000`,
				`ParseSize("2k") => "2k" => 2000`,
				`ParseSize("3k") => "3k" => 3000`,
				`ParseSize("4k") => "4k" => 4000`,
				`ParseSize("5k") => "5k" => 5000`,
				`ParseSize("6k") => "6k" => 6000`,
				`ParseSize("7k") => "7k" => 7000`,
				`ParseSize("8k") => "8k" => 8000`,
			},
		},
		{
			name: "errors and panics",
			why:  "an example may say the call fails: with an error (as the only result, or after the values) or a panic",
			f: fakeFunc("ParseSize", `ParseSize("") returns an error.
ParseSize("x") returns (0, err)
ParseSize("-") panics
ParseSize("1") returns 1, nil
`, parseSize, "int64", "error"),
			want: []string{
				`ParseSize("") => "" => fails an error`,
				`ParseSize("x") => "x" => fails an error`,
				`ParseSize("-") => "-" => fails a panic`,
				`ParseSize("1") => "1" => 1`,
			},
		},
		{
			name: "not examples",
			why:  "prose after a call, arguments that are not literals, units or a condition after the value, another function's name, a wrong number of arguments and a result of another type state nothing to check",
			f: fakeFunc("ParseSize", `ParseSize(s) returns 5.
ParseSize("1k") and ParseSize("1K") are the same.
ParseSize("1k") returns 1000 bytes.
MustParseSize("1k") returns 1000.
ParseSize("1k", 2) returns 1000.
ParseSize("1k") returns the size.
ParseSize("1k") returns "1000".
ParseSize("1k") returns 1000 when strict.
`, parseSize, "int64", "error"),
		},
		{
			name: "types",
			why:  "literals take the parameter's type: a float from an integer literal, a uint, []byte from a string, a bool result, a negative number",
			f:    fakeFunc("Scale", "Scale([]byte(\"x\"), 1) == true\nScale(\"ab\", 2) == true\nScale(\"ab\", -2) == false\nScale(\"ab\", 2.5) == false\n", []string{"[]byte", "float64"}, "bool"),
			want: []string{
				`Scale("ab", 2) => "ab", 2.0 => true`,
				`Scale("ab", -2) => "ab", -2.0 => false`,
				`Scale("ab", 2.5) => "ab", 2.5 => false`,
			},
		},
		{
			name: "out of range",
			why:  "an integer literal the parameter's type cannot hold would not compile as a probe: int8 holds -128 but not 300, uint not -1",
			f:    fakeFunc("Small", "Small(300, 1) == 1\nSmall(-128, 1) == 2\nSmall(1, -1) == 3\n", []string{"int8", "uint"}, "int"),
			want: []string{`Small(-128, 1) => -128, 1 => 2`},
		},
		{
			name: "method",
			why:  "a method's example does not say what its receiver is",
			f: func() *target.Func {
				f := fakeFunc("T.Size", `T.Size("1k") == 1000`, parseSize, "int")
				f.Recv = types.NewNamed(types.NewTypeName(0, nil, "T", nil), types.Typ[types.Int], nil)
				return f
			}(),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, ex := range docExamples(tt.f) {
				var args, want []string
				for _, a := range ex.args {
					args = append(args, a.String())
				}
				for _, w := range ex.want {
					want = append(want, w.String())
				}
				s := ex.call + " => " + strings.Join(args, ", ") + " => " + strings.Join(want, ", ")
				if ex.fails != "" {
					s += "fails " + ex.fails
				}
				got = append(got, s)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("%s: got\n%s\nwant\n%s", tt.why, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestTriageContradiction(t *testing.T) {
	f := fakeFunc("ParseSize", `ParseSize("1k") == 1000
ParseSize("") returns an error
ParseSize("-") panics
`, []string{"string"}, "int64", "error")
	examples := docExamples(f)
	if len(examples) != 3 {
		t.Fatalf("%d examples, want 3", len(examples))
	}
	okWith := func(v int64) executors.Result {
		return executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(v)}}
	}
	failed := executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(0)}, Err: &executors.ErrorInfo{Message: "empty size"}}
	tests := []struct {
		name, why string
		ex        int
		r         executors.Result
		want      string
	}{
		{name: "agrees", why: "the call returns what the doc says", ex: 0, r: okWith(1000)},
		{name: "other value", why: "another value contradicts the doc", ex: 0, r: okWith(1024), want: `doc comment says ParseSize("1k") returns 1000, got 1024`},
		{name: "error", why: "an error where the doc states a value", ex: 0, r: failed, want: `doc comment says ParseSize("1k") returns 1000, got error "empty size"`},
		{name: "panic", why: "a panic where the doc states a value", ex: 0, r: panicked("string", "boom"), want: `doc comment says ParseSize("1k") returns 1000, got panic "boom"`},
		{name: "timeout", why: "a timeout says nothing of the value", ex: 0, r: executors.Result{Outcome: executors.Timeout}},
		{name: "error as said", why: "the doc says it fails and it does", ex: 1, r: failed},
		{name: "no error", why: "the doc says it fails but it returns a value", ex: 1, r: okWith(0), want: `doc comment says ParseSize("") returns an error, got 0`},
		{name: "panic as said", why: "the doc says it panics and it does", ex: 2, r: panicked("string", "bad")},
		{name: "no panic", why: "the doc says it panics but it fails with an error", ex: 2, r: failed, want: `doc comment says ParseSize("-") panics, got error "empty size"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := examples[tt.ex].contradiction(f, tt.r); got != tt.want {
				t.Errorf("%s: got %q, want %q", tt.why, got, tt.want)
			}
		})
	}
}

// call is a case of a one-parameter function and what its run did:
// "ok" with the result, "error" or "panic".
type call struct {
	in, outcome string
	out         spec.Value
}

func str(s string) spec.Value { return spec.StringValue(s) }

func TestTriageEchoes(t *testing.T) {
	tests := []struct {
		name, why string
		f         *target.Func
		calls     []call
		want      map[string]string
	}{
		{
			name: "letter in digits",
			why:  "a phone number normaliser that rejects letters but returns \"55a\" and \"1x\" as they are: no transformed number has a letter; \"5551234\" is echoed too, but transformed numbers have digits",
			f:    fakeFunc("Normalize", "", []string{"string"}, "string", "error"),
			calls: []call{
				{in: "555-1234", outcome: "ok", out: str("5551234")},
				{in: "5551234", outcome: "ok", out: str("5551234")},
				{in: "abc", outcome: "error"},
				{in: "55a", outcome: "ok", out: str("55a")},
				{in: "1x", outcome: "ok", out: str("1x")},
			},
			want: map[string]string{
				"55a": `returns its invalid input unchanged (a letter, as in failing input "abc")`,
				"1x":  `returns its invalid input unchanged (a letter, as in failing input "abc")`,
			},
		},
		{
			name: "identity on valid input",
			why:  "strings.TrimSpace on \"abc\" returns it unchanged, and nothing fails: no review",
			f:    fakeFunc("TrimSpace", "", []string{"string"}, "string"),
			calls: []call{
				{in: "abc", outcome: "ok", out: str("abc")},
				{in: " abc ", outcome: "ok", out: str("abc")},
				{in: "", outcome: "ok", out: str("")},
			},
		},
		{
			name: "validator",
			why:  "a validator returns the names it accepts unchanged and transforms none: letters in failing names say nothing",
			f:    fakeFunc("Name", "", []string{"string"}, "string", "error"),
			calls: []call{
				{in: "abc", outcome: "ok", out: str("abc")},
				{in: "Bob", outcome: "ok", out: str("Bob")},
				{in: "a b", outcome: "error"},
				{in: "", outcome: "error"},
			},
		},
		{
			name: "trim with a check",
			why:  "a trimmer that fails on blank input: the space of failing input is in transformed input too",
			f:    fakeFunc("Trim", "", []string{"string"}, "string", "error"),
			calls: []call{
				{in: " a ", outcome: "ok", out: str("a")},
				{in: "a", outcome: "ok", out: str("a")},
				{in: "  ", outcome: "error"},
				{in: "a b", outcome: "ok", out: str("a b")},
			},
		},
		{
			name: "sign",
			why:  "a number rounder that rejects negative numbers but lets -3 through unchanged; 20, already round, is no echo of a sign",
			f:    fakeFunc("Round", "", []string{"int"}, "int", "error"),
			calls: []call{
				{in: "17", outcome: "ok", out: spec.IntValue(20)},
				{in: "20", outcome: "ok", out: spec.IntValue(20)},
				{in: "-1", outcome: "panic"},
				{in: "-3", outcome: "ok", out: spec.IntValue(-3)},
			},
			want: map[string]string{"-3": `returns its invalid input unchanged (a sign, as in failing input -1)`},
		},
		{
			name: "transformed",
			why:  "input with the failing class that is transformed, not echoed, is no review",
			f:    fakeFunc("Normalize", "", []string{"string"}, "string", "error"),
			calls: []call{
				{in: "555-1234", outcome: "ok", out: str("5551234")},
				{in: "abc", outcome: "error"},
				{in: "55a", outcome: "ok", out: str("55")},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cases, observed := fakeCases(tt.f, tt.calls)
			got := map[string]string{}
			for i, why := range echoes(tt.f, cases, observed) {
				got[tt.calls[i].in] = why
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%s: got %q, want %q", tt.why, got, tt.want)
			}
		})
	}
}

// fakeCases are the cases of calls, with what each run did.
func fakeCases(f *target.Func, calls []call) ([]*spec.Case, map[*spec.Case]executors.Result) {
	var cases []*spec.Case
	observed := map[*spec.Case]executors.Result{}
	for i, cl := range calls {
		in := str(cl.in)
		if b, ok := f.Params[0].Type.(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			var n int64
			fmt.Sscan(cl.in, &n)
			in = spec.IntValue(n)
		}
		c := &spec.Case{ID: fmt.Sprintf("c%d", i), Input: &in}
		var r executors.Result
		switch cl.outcome {
		case "ok":
			r = executors.Result{Outcome: executors.OK, Outputs: []spec.Value{cl.out}}
			c.Expected = &cl.out
		case "error":
			r = executors.Result{Outcome: executors.OK, Outputs: []spec.Value{str("")}, Err: &executors.ErrorInfo{Message: "bad"}}
			c.Raises = "error"
		case "panic":
			r = panicked("string", "bad")
			c.Raises = "panic"
		}
		cases = append(cases, c)
		observed[c] = r
	}
	return cases, observed
}

func TestTriage(t *testing.T) {
	f := fakeFunc("Normalize", `Normalize("5-5") returns "55".`, []string{"string"}, "string", "error")
	cases, observed := fakeCases(f, []call{
		{in: "555-1234", outcome: "ok", out: str("5551234")},
		{in: "5-5", outcome: "ok", out: str("5-5")},
		{in: "abc", outcome: "error"},
		{in: "55a", outcome: "ok", out: str("55a")},
		{in: "", outcome: "panic"},
	})
	observed[cases[4]] = panicked("runtime.boundsError", "runtime error: index out of range [0] with length 0")
	unobserved := &spec.Case{ID: "hand", Input: &spec.Value{Kind: spec.String, Str: "5-5"}}
	cases = append(cases, unobserved)
	got := triage(f, cases, observed)
	want := []Review{
		{ID: "c1", Reason: `doc comment says Normalize("5-5") returns "55", got "5-5"`},
		{ID: "c3", Reason: `returns its invalid input unchanged (a letter, as in failing input "abc")`},
		{ID: "c4", Reason: "index out of range [0] with length 0 panic"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the reviews of a function with a wrong doc example, an echo and a runtime panic:\ngot  %q\nwant %q", got, want)
	}
	for _, c := range cases {
		wantReason := ""
		for _, r := range want {
			if r.ID == c.ID {
				wantReason = r.Reason
			}
		}
		if c.Review != wantReason {
			t.Errorf("case %s: Review %q, want %q", c.ID, c.Review, wantReason)
		}
	}
}

// TestTriageFunction runs generator.function on Div, whose doc comment
// has examples: one that no case has and that the function contradicts
// is run natively and added as a case, one it agrees with is not; the
// runtime panic is reviewed; the reviews are the result's and the
// cases'.
func TestTriageFunction(t *testing.T) {
	div := loadDiv(t)
	f := *div
	f.Doc = "Div divides a by b: Div(7, 2) returns 3, Div(9, 3) == 3 and\nDiv(8, 2) // 5\n"
	answers := divAnswers()
	answers["8, 2"] = []executors.Result{ok(4)}
	answers["1, -1"] = []executors.Result{panicked("runtime.errorString", "runtime error: integer divide by zero")}
	native := newFakeEngine(&f, answers)
	ex := &scriptExplorer{plans: []explore.Plan{snippets(divCalls...)}}
	g := &generator{opts: Options{
		Out:      filepath.Join(t.TempDir(), "Div_evals.yml"),
		Explorer: func(*target.Func) explore.Explorer { return ex },
	}, pkg: f.Pkg, native: native, exe: native}
	res := g.function(context.Background(), &f)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(native.unknown) > 0 {
		t.Fatalf("the fake engine was asked about %q", native.unknown)
	}
	want := []Review{
		{ID: "a-8-doc", Reason: "doc comment says Div(8, 2) returns 5, got 4"},
		{ID: "divide-by-zero-panics", Reason: "integer divide by zero panic"},
	}
	if fmt.Sprint(res.Reviews) != fmt.Sprint(want) {
		t.Errorf("reviews:\ngot  %q\nwant %q", res.Reviews, want)
	}
	if native.runs["9, 3"] != 1 {
		t.Errorf("Div(9, 3), which agrees with its doc, ran %d times; want once: an example that holds adds no case", native.runs["9, 3"])
	}
	if res.Generated != 4 {
		t.Errorf("%d cases generated, want 4: the three behaviours and the contradicted example", res.Generated)
	}
}
