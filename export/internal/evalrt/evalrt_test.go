package evalrt

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

// wireOf is the wire form of v as a worker records it.
func wireOf(t *testing.T, v spec.Value) interface{} {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return specgenDecode(string(data))
}

// TestCompareAgreesWithSpec compares values over the wire form as
// spec.Equal and spec.Diff do over canonical trees.
func TestCompareAgreesWithSpec(t *testing.T) {
	m := func(kv ...any) spec.Value { return spec.MapValue(kv...) }
	l := spec.ListValue
	i, u, f, s := spec.IntValue, spec.UintValue, spec.FloatValue, spec.StringValue
	tests := []struct {
		name      string
		want, got spec.Value
		tol       float64
		unordered bool
	}{
		{"same int", i(5), i(5), 0, false},
		{"other int", i(5), i(6), 0, false},
		{"int and uint", i(5), u(5), 0, false},
		{"negative int and uint", i(-1), u(math.MaxUint64), 0, false},
		{"int and float", i(2), f(2), 0, false},
		{"float exact", f(0.1), f(0.1 + 1e-12), 0, false},
		{"float tolerance", f(1000), f(1000.0001), 1e-6, false},
		{"float tolerance small", f(0.001), f(0.0011), 1e-3, false},
		{"nan", f(math.NaN()), f(math.NaN()), 0, false},
		{"signed zero", f(0), f(math.Copysign(0, -1)), 0, false},
		{"signed zero tolerance", f(0), f(math.Copysign(0, -1)), 1e-9, false},
		{"inf", f(math.Inf(1)), f(math.Inf(1)), 0, false},
		{"inf and max", f(math.Inf(1)), f(math.MaxFloat64), 0.5, false},
		{"string", s("a"), s("a"), 0, false},
		{"string differs", s("a"), s("b"), 0, false},
		{"opaque as string", spec.OpaqueValue("<func>"), s("<func>"), 0, false},
		{"null and string", spec.NullValue(), s(""), 0, false},
		{"bools", spec.BoolValue(true), spec.BoolValue(false), 0, false},
		{"list", l(i(1), i(2)), l(i(1), i(2)), 0, false},
		{"list longer", l(i(1)), l(i(1), i(2), i(3)), 0, false},
		{"list element", l(i(1), s("x")), l(i(1), s("y")), 0, false},
		{"map", m("X", i(1), "Y", f(2.5)), m("X", i(1), "Y", f(2.5)), 0, false},
		{"map order", m("X", i(1), "Y", i(2)), m("Y", i(2), "X", i(1)), 0, false},
		{"map missing", m("X", i(1), "Y", i(2)), m("X", i(1)), 0, false},
		{"map extra", m("X", i(1)), m("X", i(1), "Z", l()), 0, false},
		{"map int keys", spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: i(1), Val: s("a")}}}, spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: u(1), Val: s("a")}}}, 0, false},
		{"nested", m("P", m("X", f(1))), m("P", m("X", f(1.5))), 0, false},
		{"map and list", m("X", i(1)), l(i(1)), 0, false},
		{"unordered list", l(i(1), i(2), i(2)), l(i(2), i(1), i(2)), 0, true},
		{"unordered list counts", l(i(1), i(2), i(2)), l(i(2), i(1), i(1)), 0, true},
		{"unordered list shorter", l(i(1), i(2)), l(i(2)), 0, true},
		{"unordered nested", l(l(s("a"), s("b")), l(s("c"))), l(l(s("c")), l(s("b"), s("a"))), 0, true},
		{"unordered float tolerance", l(f(1), f(2)), l(f(2.0000001), f(1)), 1e-6, true},
		{"ordered list order", l(i(1), i(2)), l(i(2), i(1)), 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := spec.EqualOption{FloatTolerance: tc.tol, Unordered: tc.unordered}
			wantEq := spec.Equal(tc.want, tc.got, opt)
			got := specgenCompare(wireOf(t, tc.want), wireOf(t, tc.got), specgenEq{tc.tol, tc.unordered}, "")
			if (got == "") != wantEq {
				t.Fatalf("spec.Equal = %v, specgenCompare = %q", wantEq, got)
			}
			if wantEq {
				return
			}
			for _, line := range strings.Split(spec.Diff(tc.want, tc.got, opt), "\n") {
				line = strings.TrimPrefix(strings.TrimPrefix(line, "value: "), ".")
				if !strings.Contains(got, line) {
					t.Errorf("difference %q missing from %q", line, got)
				}
			}
			if s := specgenString(wireOf(t, tc.want)); s != tc.want.String() {
				t.Errorf("specgenString = %s, spec writes %s", s, tc.want)
			}
		})
	}
}

// TestEvaluate pins the evaluators' verdicts on calls that pass and fail them.
func TestEvaluate(t *testing.T) {
	str := func(v string) interface{} { return v }
	num := func(v string) interface{} { return map[string]interface{}{"i": v} }
	tests := []struct {
		name string
		f    specgenFunc
		c    specgenCase
		g    specgenGot
		fail string // a failure contains it; "" = passes
	}{
		{"expected", specgenFunc{NumOut: 1}, specgenCase{Want: `{"i":"5"}`}, specgenGot{Outputs: []interface{}{num("5")}}, ""},
		{"expected differs", specgenFunc{NumOut: 1}, specgenCase{Want: `{"i":"5"}`}, specgenGot{Outputs: []interface{}{num("6")}}, "expected: want 5, got 6"},
		{"expected but error", specgenFunc{NumOut: 1, ErrorLast: true}, specgenCase{Want: `{"i":"5"}`}, specgenGot{Outputs: []interface{}{num("0")}, Err: &specgenErrGot{Message: "bad"}}, `returned an error: "bad"`},
		{"two results", specgenFunc{NumOut: 2}, specgenCase{Want: `[{"i":"1"},"a"]`}, specgenGot{Outputs: []interface{}{num("1"), str("a")}}, ""},
		{"no expected but panic", specgenFunc{}, specgenCase{}, specgenGot{Panic: &specgenErrGot{Message: "boom", Type: "string"}}, "panicked: boom (string)"},
		{"raises error", specgenFunc{ErrorLast: true}, specgenCase{Raise: "error"}, specgenGot{Err: &specgenErrGot{Message: "x"}}, ""},
		{"raises error but returned", specgenFunc{ErrorLast: true}, specgenCase{Raise: "error"}, specgenGot{}, "want a returned error"},
		{"raises panic match", specgenFunc{}, specgenCase{Raise: "panic", Match: "^index"}, specgenGot{Panic: &specgenErrGot{Message: "index out of range"}}, ""},
		{"raises panic no match", specgenFunc{}, specgenCase{Raise: "panic", Match: "^nil"}, specgenGot{Panic: &specgenErrGot{Message: "index out of range"}}, "does not match /^nil/"},
		{"raises type along chain", specgenFunc{}, specgenCase{Raise: "type", RaiseName: "*strconv.NumError"}, specgenGot{Err: &specgenErrGot{Type: "*fmt.wrapError", Types: []string{"*strconv.NumError"}}}, ""},
		{"raises sentinel", specgenFunc{}, specgenCase{Raise: "sentinel", RaiseName: "io.EOF"}, specgenGot{Err: &specgenErrGot{Sentinels: []string{"io.ErrUnexpectedEOF"}}}, "an error that is io.EOF"},
		{"receiver after", specgenFunc{}, specgenCase{RecvAfter: `{"m":[["N",{"i":"2"}]]}`}, specgenGot{HasAfter: true, After: map[string]interface{}{"m": []interface{}{[]interface{}{"N", num("3")}}}}, "receiver after the call"},
		{"type", specgenFunc{NumOut: 1, TypeMismatch: "want int, got string"}, specgenCase{}, specgenGot{Outputs: []interface{}{str("a")}}, "Type: want int"},
		{"pattern", specgenFunc{NumOut: 1, Pattern: `^\d+$`}, specgenCase{}, specgenGot{Outputs: []interface{}{str("12a")}}, "Pattern"},
		{"pattern number", specgenFunc{NumOut: 1, Pattern: `^\d+$`}, specgenCase{}, specgenGot{Outputs: []interface{}{num("12")}}, ""},
		{"contains input", specgenFunc{NumOut: 1, Params: []string{"s"}, ContainsInput: true}, specgenCase{Inputs: []specgenInput{{Text: "ab", IsString: true}}}, specgenGot{Outputs: []interface{}{str("xaby")}}, ""},
		{"contains input missing", specgenFunc{NumOut: 1, Params: []string{"s"}, ContainsInput: true}, specgenCase{Inputs: []specgenInput{{Text: "AB", IsString: true}}}, specgenGot{Outputs: []interface{}{str("xaby")}}, `does not contain input s "AB"`},
		{"contains input folded", specgenFunc{NumOut: 1, ContainsInput: true, CIFold: true}, specgenCase{Inputs: []specgenInput{{Text: "AB", IsString: true}}}, specgenGot{Outputs: []interface{}{str("xaby")}}, ""},
		{"contains input list", specgenFunc{NumOut: 1, ContainsInput: true}, specgenCase{Inputs: []specgenInput{{Text: "a", IsString: true}}}, specgenGot{Outputs: []interface{}{[]interface{}{str("ab")}}}, "does not contain"},
		{"assertion false", specgenFunc{NumOut: 1, Assertion: "output > 0"}, specgenCase{}, specgenGot{Outputs: []interface{}{num("0")}, Asserts: []bool{false}}, "output > 0 is false (output = 0)"},
		{"assertion after error", specgenFunc{ErrorLast: true, Assertion: "err != nil"}, specgenCase{Raise: "error"}, specgenGot{Err: &specgenErrGot{Message: "x"}, Asserts: []bool{true}}, ""},
		{"duration", specgenFunc{Duration: 1}, specgenCase{}, specgenGot{Took: 2}, "Duration: took"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fails := specgenEvaluate(&tc.f, &tc.c, &tc.g, false)
			all := strings.Join(fails, "\n")
			switch {
			case tc.fail == "" && len(fails) > 0:
				t.Fatalf("want a pass, got %q", all)
			case tc.fail != "" && !strings.Contains(all, tc.fail):
				t.Fatalf("want a failure with %q, got %q", tc.fail, all)
			}
		})
	}
	if fails := specgenEvaluate(&specgenFunc{Duration: 1}, &specgenCase{}, &specgenGot{Took: 2}, true); len(fails) > 0 {
		t.Errorf("duration under -short: %v", fails)
	}
}
