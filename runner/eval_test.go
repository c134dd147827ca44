package runner

import (
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// Function descriptions the evaluator tests judge results against.
var (
	// func ParseAmount(s string) (int64, error)
	parseInfo = &funcInfo{Name: "ParseAmount", Params: []string{"s"}, NumOut: 1, ErrorLast: true, ResultType: "int64", ResultTypeShort: "int64"}
	// func Div(a, b int8) int8
	divInfo = &funcInfo{Name: "Div", Params: []string{"a", "b"}, NumOut: 1, ResultType: "int8", ResultTypeShort: "int8"}
	// func Mid(a, b Point) Point
	midInfo = &funcInfo{Name: "Mid", Params: []string{"a", "b"}, NumOut: 1, ResultType: "calc.Point", ResultTypeShort: "Point"}
	// func Split(s, sep string) (string, string, error)
	splitInfo = &funcInfo{Name: "Split", Params: []string{"s", "sep"}, NumOut: 2, ErrorLast: true, ResultType: "string", ResultTypeShort: "string"}
)

// with returns a copy of fi changed by f.
func with(fi *funcInfo, f func(*funcInfo)) *funcInfo {
	c := *fi
	f(&c)
	return &c
}

func val(v spec.Value) *spec.Value { return &v }

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func ok(outs ...spec.Value) executors.Result {
	return executors.Result{Outcome: executors.OK, Outputs: outs, Duration: ms(1)}
}

func returnedErr(e executors.ErrorInfo, outs ...spec.Value) executors.Result {
	r := ok(outs...)
	r.Err = &e
	return r
}

func panicked(msg, typ string) executors.Result {
	return executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: msg, Type: typ}, Duration: ms(1)}
}

func withAsserts(r executors.Result, a ...bool) executors.Result {
	r.Asserts = a
	return r
}

func withDuration(r executors.Result, d time.Duration) executors.Result {
	r.Duration = d
	return r
}

var (
	errEmpty  = executors.ErrorInfo{Message: "empty amount", Type: "*errors.errorString", Sentinels: []string{"calc.ErrEmpty"}}
	errSyntax = executors.ErrorInfo{Message: `bad amount "1.5": want two decimals`, Type: "*calc.SyntaxError", Types: []string{"*calc.SyntaxError"}}
	errRange  = executors.ErrorInfo{
		Message:   `whole part: strconv.ParseInt: parsing "99999999999999999999": value out of range`,
		Type:      "*fmt.wrapError",
		Types:     []string{"*strconv.NumError"},
		Sentinels: []string{"strconv.ErrRange"},
	}
)

func TestEvaluate(t *testing.T) {
	yes, no := true, false
	point := func(x, y int64, label string) spec.Value {
		return spec.MapValue("X", spec.IntValue(x), "Y", spec.IntValue(y), "Label", spec.StringValue(label))
	}
	tests := []struct {
		name   string
		reason string
		c      spec.Case
		raises raises
		match  string
		inputs []spec.Value
		fi     *funcInfo
		eo     evalOptions
		r      executors.Result
		status Status
		fails  []Failure
	}{
		// Expected.
		{
			name: "expected-equal", reason: "the result equals expected",
			c: spec.Case{Expected: val(spec.IntValue(1250))}, fi: parseInfo, r: ok(spec.IntValue(1250)),
			status: Passed,
		},
		{
			name: "expected-scalar-differs", reason: "a scalar difference is one line with both values",
			c: spec.Case{Expected: val(spec.IntValue(1205))}, fi: parseInfo, r: ok(spec.IntValue(1250)),
			status: Failed, fails: []Failure{{spec.EvalExpected, "want 1205, got 1250", ""}},
		},
		{
			name: "expected-kind-differs", reason: "values of different kinds are shown whole",
			c: spec.Case{Expected: val(spec.StringValue("1250"))}, fi: parseInfo, r: ok(spec.IntValue(1250)),
			status: Failed, fails: []Failure{{spec.EvalExpected, `want "1250", got 1250`, ""}},
		},
		{
			name: "expected-number-kinds", reason: "numbers compare by value whatever their kind",
			c: spec.Case{Expected: val(spec.FloatValue(5))}, fi: divInfo, r: ok(spec.IntValue(5)),
			status: Passed,
		},
		{
			name: "float-exact", reason: "without a tolerance floats compare exactly",
			c: spec.Case{Expected: val(spec.FloatValue(0.3))}, fi: divInfo, r: ok(spec.FloatValue(add(0.1, 0.2))),
			status: Failed, fails: []Failure{{spec.EvalExpected, "want 0.3, got 0.30000000000000004", ""}},
		},
		{
			name: "float-option-tolerance", reason: "Options.FloatTolerance applies to every case",
			c: spec.Case{Expected: val(spec.FloatValue(0.3))}, fi: divInfo, eo: evalOptions{FloatTolerance: 1e-9}, r: ok(spec.FloatValue(add(0.1, 0.2))),
			status: Passed,
		},
		{
			name: "float-case-tolerance", reason: "a case's tolerance applies without the option",
			c: spec.Case{Expected: val(spec.FloatValue(0.3)), Tolerance: 1e-9}, fi: divInfo, r: ok(spec.FloatValue(add(0.1, 0.2))),
			status: Passed,
		},
		{
			name: "float-case-tolerance-overrides", reason: "a case's tolerance replaces a looser option",
			c: spec.Case{Expected: val(spec.FloatValue(1)), Tolerance: 1e-6}, fi: divInfo, eo: evalOptions{FloatTolerance: 0.5}, r: ok(spec.FloatValue(1.1)),
			status: Failed, fails: []Failure{{spec.EvalExpected, "want 1.0, got 1.1", ""}},
		},
		{
			name: "expected-struct-diff", reason: "a structured difference lists each differing field, then both values, and a go-cmp diff",
			c: spec.Case{Expected: val(point(2, 2, "a-c"))}, fi: midInfo, r: ok(point(2, 1, "a-b")),
			status: Failed, fails: []Failure{{spec.EvalExpected, `the result differs:
  Y: want 2, got 1
  Label: want "a-c", got "a-b"
  want: {X: 2, Y: 2, Label: "a-c"}
  got:  {X: 2, Y: 1, Label: "a-b"}`, `  map[string]any{
- 	"Label": string("a-c"),
+ 	"Label": string("a-b"),
  	"X":     int64(2),
- 	"Y":     int64(2),
+ 	"Y":     int64(1),
  }`}},
		},
		{
			name: "expected-several-results", reason: "several non-error results compare with a list",
			c: spec.Case{Expected: val(spec.ListValue(spec.StringValue("a"), spec.StringValue("b")))}, fi: splitInfo,
			r:      ok(spec.StringValue("a"), spec.StringValue("b")),
			status: Passed,
		},
		{
			name: "expected-several-results-differ", reason: "the diff names the result by its index",
			c: spec.Case{Expected: val(spec.ListValue(spec.StringValue("a"), spec.StringValue("b")))}, fi: splitInfo,
			r:      ok(spec.StringValue("a"), spec.StringValue("c")),
			status: Failed, fails: []Failure{{spec.EvalExpected, `the result differs:
  [1]: want "b", got "c"
  want: ["a", "b"]
  got:  ["a", "c"]`, `  []any{
  	string("a"),
- 	string("b"),
+ 	string("c"),
  }`}},
		},
		{
			name: "expected-unordered", reason: "an unordered case's lists compare in any order, at every depth",
			c: spec.Case{Expected: val(spec.ListValue(spec.ListValue(spec.IntValue(1), spec.IntValue(2)), spec.ListValue())), Unordered: true}, fi: parseInfo,
			r:      ok(spec.ListValue(spec.ListValue(), spec.ListValue(spec.IntValue(2), spec.IntValue(1)))),
			status: Passed,
		},
		{
			name: "expected-unordered-differs", reason: "an unordered case's difference names what is missing and what is extra",
			c: spec.Case{Expected: val(spec.ListValue(spec.IntValue(1), spec.IntValue(2))), Unordered: true}, fi: parseInfo,
			r:      ok(spec.ListValue(spec.IntValue(2), spec.IntValue(3))),
			status: Failed, fails: []Failure{{spec.EvalExpected, `the result differs:
  [0]: missing 1 (in any order)
  [1]: extra 3 (in any order)
  want: [1, 2]
  got:  [2, 3]`, ""}},
		},
		{
			name: "expected-unordered-several-results", reason: "several results stay in order in an unordered case",
			c: spec.Case{Expected: val(spec.ListValue(spec.StringValue("a"), spec.StringValue("b"))), Unordered: true}, fi: splitInfo,
			r:      ok(spec.StringValue("b"), spec.StringValue("a")),
			status: Failed, fails: []Failure{{spec.EvalExpected, "result 1: want \"a\", got \"b\"\nresult 2: want \"b\", got \"a\"", ""}},
		},
		{
			name: "expected-but-error", reason: "a case with expected fails on a returned error, showing it",
			c: spec.Case{Expected: val(spec.IntValue(0))}, fi: parseInfo, r: returnedErr(errRange, spec.IntValue(0)),
			status: Failed, fails: []Failure{{spec.EvalExpected, `want 0, but the call returned an error: "whole part: strconv.ParseInt: parsing \"99999999999999999999\": value out of range" (type *fmt.wrapError, wraps *strconv.NumError, is strconv.ErrRange)`, ""}},
		},
		{
			name: "expected-but-panic", reason: "a case with expected fails on a panic, showing it",
			c: spec.Case{Expected: val(spec.IntValue(0))}, fi: divInfo, r: panicked("division by zero", "string"),
			status: Failed, fails: []Failure{{spec.EvalExpected, "want 0, but the call panicked: division by zero (string)", ""}},
		},

		// Raises.
		{
			name: "raises-error", reason: "raises error accepts any returned error",
			c: spec.Case{Raises: "error"}, raises: raises{Kind: raiseError}, fi: parseInfo, r: returnedErr(errSyntax, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "raises-error-got-none", reason: "raises error fails when the call returns normally, showing the result",
			c: spec.Case{Raises: "error"}, raises: raises{Kind: raiseError}, fi: parseInfo, r: ok(spec.IntValue(100)),
			status: Failed, fails: []Failure{{spec.EvalRaises, "want a returned error, but the call returned normally with 100", ""}},
		},
		{
			name: "raises-error-got-panic", reason: "a panic is not a returned error",
			c: spec.Case{Raises: "error"}, raises: raises{Kind: raiseError}, fi: parseInfo, r: panicked("runtime error: index out of range [3] with length 2", "runtime.boundsError"),
			status: Failed, fails: []Failure{{spec.EvalRaises, "want a returned error, but the call panicked: runtime error: index out of range [3] with length 2 (runtime.boundsError)", ""}},
		},
		{
			name: "raises-panic", reason: "raises panic accepts a panic",
			c: spec.Case{Raises: "panic"}, raises: raises{Kind: raisePanic}, fi: divInfo, r: panicked("division by zero", "string"),
			status: Passed,
		},
		{
			name: "raises-panic-got-error", reason: "a returned error is not a panic",
			c: spec.Case{Raises: "panic"}, raises: raises{Kind: raisePanic}, fi: parseInfo, r: returnedErr(errEmpty, spec.IntValue(0)),
			status: Failed, fails: []Failure{{spec.EvalRaises, `want a panic, but the call returned an error: "empty amount" (type *errors.errorString, is calc.ErrEmpty)`, ""}},
		},
		{
			name: "raises-type-concrete", reason: "a type matches the error's concrete type",
			c: spec.Case{Raises: "*calc.SyntaxError"}, raises: raises{Kind: raiseType, Name: "*calc.SyntaxError"}, fi: parseInfo, r: returnedErr(errSyntax, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "raises-type-wrapped", reason: "a type matches anywhere along the Unwrap chain (errors.As)",
			c: spec.Case{Raises: "*strconv.NumError"}, raises: raises{Kind: raiseType, Name: "*strconv.NumError"}, fi: parseInfo, r: returnedErr(errRange, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "raises-type-dynamic", reason: "a type the lists do not know matches the error's dynamic type",
			c: spec.Case{Raises: "*fmt.wrapError"}, raises: raises{Kind: raiseType, Name: "*fmt.wrapError"}, fi: parseInfo, r: returnedErr(errRange, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "raises-type-panic-value", reason: "a type also matches the value of a panic",
			c: spec.Case{Raises: "calc.BadValue"}, raises: raises{Kind: raiseType, Name: "calc.BadValue"}, fi: divInfo, r: panicked("{3}", "calc.BadValue"),
			status: Passed,
		},
		{
			name: "raises-type-mismatch", reason: "another type fails, naming what was returned",
			c: spec.Case{Raises: "*calc.SyntaxError"}, raises: raises{Kind: raiseType, Name: "*calc.SyntaxError"}, fi: parseInfo, r: returnedErr(errRange, spec.IntValue(0)),
			status: Failed, fails: []Failure{{spec.EvalRaises, `want an error of type *calc.SyntaxError, but the call returned an error: "whole part: strconv.ParseInt: parsing \"99999999999999999999\": value out of range" (type *fmt.wrapError, wraps *strconv.NumError, is strconv.ErrRange)`, ""}},
		},
		{
			name: "raises-sentinel", reason: "a sentinel matches with errors.Is semantics",
			c: spec.Case{Raises: "strconv.ErrRange"}, raises: raises{Kind: raiseSentinel, Name: "strconv.ErrRange"}, fi: parseInfo, r: returnedErr(errRange, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "raises-sentinel-mismatch", reason: "an error that is not the sentinel fails",
			c: spec.Case{Raises: "calc.ErrEmpty"}, raises: raises{Kind: raiseSentinel, Name: "calc.ErrEmpty"}, fi: parseInfo, r: returnedErr(errSyntax, spec.IntValue(0)),
			status: Failed, fails: []Failure{{spec.EvalRaises, `want an error that is calc.ErrEmpty, but the call returned an error: "bad amount \"1.5\": want two decimals" (type *calc.SyntaxError)`, ""}},
		},
		{
			name: "match-error", reason: "match searches the error message",
			c: spec.Case{Raises: "error", Match: "two decimals$"}, raises: raises{Kind: raiseError}, match: "two decimals$", fi: parseInfo, r: returnedErr(errSyntax, spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "match-error-fails", reason: "a message that does not match fails, quoting it",
			c: spec.Case{Raises: "calc.ErrEmpty", Match: "^nothing"}, raises: raises{Kind: raiseSentinel, Name: "calc.ErrEmpty"}, match: "^nothing", fi: parseInfo, r: returnedErr(errEmpty, spec.IntValue(0)),
			status: Failed, fails: []Failure{{spec.EvalRaises, `message "empty amount" does not match /^nothing/`, ""}},
		},
		{
			name: "match-panic", reason: "match searches the panic message",
			c: spec.Case{Raises: "panic", Match: "by zero"}, raises: raises{Kind: raisePanic}, match: "by zero", fi: divInfo, r: panicked("division by zero", "string"),
			status: Passed,
		},

		// Neither expected nor raises.
		{
			name: "plain-returns", reason: "a case without expected or raises passes when the call returns normally",
			c: spec.Case{}, fi: parseInfo, r: ok(spec.IntValue(3)),
			status: Passed,
		},
		{
			name: "plain-error", reason: "a case without expected or raises fails on an unexpected error",
			c: spec.Case{}, fi: parseInfo, r: returnedErr(errEmpty, spec.IntValue(0)),
			status: Failed, fails: []Failure{{"", `the call returned an error: "empty amount" (type *errors.errorString, is calc.ErrEmpty) (a case without expected or raises must return normally)`, ""}},
		},
		{
			name: "plain-panic", reason: "a case without expected or raises fails on an unexpected panic",
			c: spec.Case{}, fi: divInfo, r: panicked("division by zero", "string"),
			status: Failed, fails: []Failure{{"", "the call panicked: division by zero (string) (a case without expected or raises must return normally)", ""}},
		},

		// Type.
		{
			name: "type-qualified", reason: "the package's own types are written with its name",
			c: spec.Case{}, fi: with(midInfo, func(f *funcInfo) { f.Type = &spec.TypeEval{Type: "calc.Point"} }), r: ok(point(0, 0, "")),
			status: Passed,
		},
		{
			name: "type-unqualified", reason: "the package's own types may also be written bare",
			c: spec.Case{}, fi: with(midInfo, func(f *funcInfo) { f.Type = &spec.TypeEval{Type: "Point"} }), r: ok(point(0, 0, "")),
			status: Passed,
		},
		{
			name: "type-interface-any", reason: "interface{} and any are the same type",
			c: spec.Case{}, fi: with(divInfo, func(f *funcInfo) {
				f.ResultType, f.ResultTypeShort = "map[string]any", "map[string]any"
				f.Type = &spec.TypeEval{Type: "map[string] interface{}"}
			}), r: ok(spec.MapValue()),
			status: Passed,
		},
		{
			name: "type-mismatch", reason: "another type fails, naming both",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) { f.Type = &spec.TypeEval{Type: "int32"} }), r: ok(spec.IntValue(3)),
			status: Failed, fails: []Failure{{spec.EvalType, "want int32, got int64", ""}},
		},
		{
			name: "type-skipped-on-raises", reason: "Type judges results, not failed calls",
			c: spec.Case{Raises: "error"}, raises: raises{Kind: raiseError}, fi: with(parseInfo, func(f *funcInfo) { f.Type = &spec.TypeEval{Type: "int32"} }), r: returnedErr(errEmpty, spec.IntValue(0)),
			status: Passed,
		},

		// Pattern.
		{
			name: "pattern-case-insensitive", reason: "case_sensitive: false folds case",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) {
				f.Pattern = mustPattern(t, &spec.PatternEval{Pattern: "^hello, ", CaseSensitive: &no})
			}), r: ok(spec.StringValue("Hello, World!")),
			status: Passed,
		},
		{
			name: "pattern-case-sensitive", reason: "case_sensitive defaults to true",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) {
				f.Pattern = mustPattern(t, &spec.PatternEval{Pattern: "^hello, "})
			}), r: ok(spec.StringValue("Hello, World!")),
			status: Failed, fails: []Failure{{spec.EvalPattern, `output "Hello, World!" does not match /^hello, /`, ""}},
		},
		{
			name: "pattern-number", reason: "a non-string output is matched in its flow YAML form",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) {
				f.Pattern = mustPattern(t, &spec.PatternEval{Pattern: `^\d+$`, CaseSensitive: &yes})
			}), r: ok(spec.IntValue(1250)),
			status: Passed,
		},

		// ContainsInput.
		{
			name: "contains-substring", reason: "a string output contains the string input",
			c: spec.Case{}, inputs: []spec.Value{spec.StringValue("World")},
			fi: with(parseInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{} }), r: ok(spec.StringValue("Hello, World!")),
			status: Passed,
		},
		{
			name: "contains-missing", reason: "a missing input fails, naming the parameter",
			c: spec.Case{}, inputs: []spec.Value{spec.StringValue("world")},
			fi: with(parseInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{} }), r: ok(spec.StringValue("Hello, World!")),
			status: Failed, fails: []Failure{{spec.EvalContainsInput, `output "Hello, World!" does not contain input s "world"`, ""}},
		},
		{
			name: "contains-folded", reason: "case_sensitive: false folds case",
			c: spec.Case{}, inputs: []spec.Value{spec.StringValue("world")},
			fi: with(parseInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{CaseSensitive: &no} }), r: ok(spec.StringValue("Hello, World!")),
			status: Passed,
		},
		{
			name: "contains-list", reason: "a list output must hold the input as an element",
			c: spec.Case{}, inputs: []spec.Value{spec.StringValue("b"), spec.StringValue("z")},
			fi: with(splitInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{} }), r: ok(spec.ListValue(spec.StringValue("a"), spec.StringValue("b")), spec.StringValue("")),
			status: Failed, fails: []Failure{{spec.EvalContainsInput, `output ["a", "b"] does not contain input sep "z"`, ""}},
		},
		{
			name: "contains-non-strings-ignored", reason: "without as_strings only string inputs are looked for",
			c: spec.Case{}, inputs: []spec.Value{spec.IntValue(7), spec.IntValue(8)},
			fi: with(divInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{} }), r: ok(spec.IntValue(0)),
			status: Passed,
		},
		{
			name: "contains-as-strings", reason: "as_strings looks for every input in its string form",
			c: spec.Case{}, inputs: []spec.Value{spec.IntValue(12), spec.IntValue(8)},
			fi: with(divInfo, func(f *funcInfo) { f.ContainsInput = &spec.ContainsInputEval{AsStrings: true} }), r: ok(spec.IntValue(120)),
			status: Failed, fails: []Failure{{spec.EvalContainsInput, `output 120 does not contain input b "8"`, ""}},
		},

		// Assertion.
		{
			name: "assertion-true", reason: "an assertion that holds passes",
			c: spec.Case{Expected: val(spec.IntValue(3))}, fi: with(parseInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "output >= 0"} }),
			r: withAsserts(ok(spec.IntValue(3)), true), status: Passed,
		},
		{
			name: "assertion-false", reason: "a false assertion fails, showing what it saw",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "output < 1000"} }),
			r: withAsserts(ok(spec.IntValue(1250)), false), status: Failed,
			fails: []Failure{{spec.EvalAssertion, "output < 1000 is false (output = 1250, err = nil)", ""}},
		},
		{
			name: "assertion-on-error", reason: "an assertion applies to calls that returned an error too (err is in scope)",
			c: spec.Case{Raises: "error"}, raises: raises{Kind: raiseError}, fi: with(parseInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "err == nil"} }),
			r: withAsserts(returnedErr(errEmpty, spec.IntValue(0)), false), status: Failed,
			fails: []Failure{{spec.EvalAssertion, `err == nil is false (output = 0, err = "empty amount")`, ""}},
		},
		{
			name: "assertion-several-outputs", reason: "several results are output0..n",
			c: spec.Case{}, fi: with(splitInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "output0 != output1"} }),
			r: withAsserts(ok(spec.StringValue("a"), spec.StringValue("a")), false), status: Failed,
			fails: []Failure{{spec.EvalAssertion, `output0 != output1 is false (output0 = "a", output1 = "a", err = nil)`, ""}},
		},
		{
			name: "assertion-not-evaluated", reason: "a call that returned without assertion results is reported, not passed",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "output >= 0"} }),
			r: ok(spec.IntValue(1)), status: Failed,
			fails: []Failure{{spec.EvalAssertion, "output >= 0 was not evaluated", ""}},
		},
		{
			name: "assertion-skipped-on-panic", reason: "after a panic there is nothing to assert on",
			c: spec.Case{Raises: "panic"}, raises: raises{Kind: raisePanic}, fi: with(divInfo, func(f *funcInfo) { f.Assertion = &spec.AssertionEval{Assertion: "output > 0"} }),
			r: panicked("division by zero", "string"), status: Passed,
		},

		// Duration.
		{
			name: "duration-case", reason: "a case's duration bounds its run time",
			c: spec.Case{Duration: &spec.Duration{Duration: ms(10)}}, fi: parseInfo,
			r: withDuration(ok(spec.IntValue(1)), ms(25)), status: Failed,
			fails: []Failure{{spec.EvalDuration, "took 25ms, over the case's limit of 10ms", ""}},
		},
		{
			name: "duration-function", reason: "the function's Duration bounds every case",
			c: spec.Case{}, fi: with(parseInfo, func(f *funcInfo) { f.Duration = &spec.DurationEval{Duration: spec.Duration{Duration: ms(10)}} }),
			r: withDuration(ok(spec.IntValue(1)), 12345*time.Microsecond), status: Failed,
			fails: []Failure{{spec.EvalDuration, "took 12.35ms, over the limit of 10ms", ""}},
		},
		{
			name: "duration-within", reason: "a call within the limit passes",
			c: spec.Case{Duration: &spec.Duration{Duration: ms(10)}}, fi: parseInfo,
			r: withDuration(ok(spec.IntValue(1)), ms(9)), status: Passed,
		},
		{
			name: "duration-ignored", reason: "IgnoreDuration skips both duration checks",
			c: spec.Case{Duration: &spec.Duration{Duration: ms(10)}}, eo: evalOptions{IgnoreDuration: true},
			fi: with(parseInfo, func(f *funcInfo) { f.Duration = &spec.DurationEval{Duration: spec.Duration{Duration: ms(10)}} }),
			r:  withDuration(ok(spec.IntValue(1)), time.Second), status: Passed,
		},

		// Errored.
		{
			name: "timeout", reason: "a timeout is errored, not failed",
			c: spec.Case{Expected: val(spec.IntValue(1))}, fi: divInfo,
			r:      executors.Result{Outcome: executors.Timeout, Message: "did not finish within 5s"},
			status: Errored, fails: []Failure{{"", "timeout: did not finish within 5s", ""}},
		},
		{
			name: "exit", reason: "a call that ends its process is errored",
			c: spec.Case{Raises: "panic"}, raises: raises{Kind: raisePanic}, fi: divInfo,
			r:      executors.Result{Outcome: executors.Exited, Message: "os.Exit(3)", ExitCode: 3},
			status: Errored, fails: []Failure{{"", "exit: os.Exit(3)", ""}},
		},
		{
			name: "compile", reason: "a probe that does not compile (a bad Assertion) is errored with the compiler's message",
			c: spec.Case{}, fi: divInfo,
			r:      executors.Result{Outcome: executors.NoBuild, Message: "12:22: undefined: outptu"},
			status: Errored, fails: []Failure{{"", "compile: 12:22: undefined: outptu", ""}},
		},
		{
			name: "refused", reason: "a refused probe is errored",
			c: spec.Case{}, fi: divInfo,
			r:      executors.Result{Outcome: executors.Refused, Message: "probe imports os/exec, which probes may not use"},
			status: Errored, fails: []Failure{{"", "refused: probe imports os/exec, which probes may not use", ""}},
		},
		{
			name: "engine", reason: "an engine failure without a message still says something",
			c: spec.Case{}, fi: divInfo,
			r:      executors.Result{Outcome: executors.Broken},
			status: Errored, fails: []Failure{{"", "engine: no details", ""}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cp := &casePlan{Case: &tt.c, Index: 2, Raises: tt.raises, Inputs: tt.inputs}
			if tt.match != "" {
				cp.Match = regexp.MustCompile(tt.match)
			}
			got := evaluate(cp, tt.fi, tt.eo, tt.r)
			if got.Status != tt.status {
				t.Errorf("status = %s, want %s (%s); failures: %q", got.Status, tt.status, tt.reason, got.Failures)
			}
			if diff := cmp.Diff(tt.fails, got.Failures); diff != "" {
				t.Errorf("failures differ (%s) (-want +got):\n%s", tt.reason, diff)
			}
			if got.Index != 2 || got.Outcome != tt.r.Outcome || got.Duration != tt.r.Duration {
				t.Errorf("report does not carry the case and result: index %d, outcome %s, duration %s", got.Index, got.Outcome, got.Duration)
			}
		})
	}
}

func mustPattern(t *testing.T, p *spec.PatternEval) *regexp.Regexp {
	t.Helper()
	re, err := compilePattern(p)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

func TestCounts(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		c      Counts
		rate   float64
		ok100  bool
		ok50   bool
	}{
		{"empty", "no cases is a full pass, so an empty run does not fail --min-pass", Counts{}, 100, true, true},
		{"all-passed", "every case passed", Counts{Passed: 4}, 100, true, true},
		{"one-failed", "a failure lowers the rate", Counts{Passed: 3, Failed: 1}, 75, false, true},
		{"errored-counts", "errored cases count against the rate", Counts{Passed: 1, Errored: 3}, 25, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.PassRate(); got != tt.rate {
				t.Errorf("PassRate = %v, want %v (%s)", got, tt.rate, tt.reason)
			}
			s := Summary{Counts: tt.c}
			if got := s.OK(100); got != tt.ok100 {
				t.Errorf("OK(100) = %v, want %v (%s)", got, tt.ok100, tt.reason)
			}
			if got := s.OK(50); got != tt.ok50 {
				t.Errorf("OK(50) = %v, want %v (%s)", got, tt.ok50, tt.reason)
			}
		})
	}
}

// add adds at run time, so that 0.1+0.2 is not folded into an exact constant.
func add(a, b float64) float64 { return a + b }
