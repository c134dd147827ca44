package llm_test

import (
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// loadFunc loads a function of the test module.
func loadFunc(t *testing.T, name string) *target.Func {
	t.Helper()
	return targettest.Func(t, "testdata/mod", "./money", name)
}

// specText renders a function's spec for comparisons.
func specText(t *testing.T, fn *spec.Function) string {
	t.Helper()
	data, err := (&spec.File{Functions: []*spec.Function{fn}}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestParseSpec(t *testing.T) {
	parse := loadFunc(t, "ParseCents")
	split := loadFunc(t, "Split")
	spend := loadFunc(t, "(*Wallet).Spend")
	tests := []struct {
		name, why string
		f         *target.Func
		yaml      string
		// want are substrings of the parsed spec, rendered; absent must
		// not appear.
		want, absent []string
		fix          string // a substring of one of the fixes
		err          string // a substring of the error
	}{
		{
			name: "clean", why: "a correct spec is taken as it is, without fixes",
			f:    parse,
			yaml: "ParseCents:\n  dataset:\n    - case: {id: a, input: \"1\", expected: 100}\n",
			want: []string{"id: a", `input: "1"`, "expected: 100"},
		},
		{
			name: "python-tags", why: "Python tags are stripped and the value read for what it looks like",
			f:    split,
			yaml: "Split:\n  dataset:\n    - case:\n        inputs: !!python/tuple [7, 2]\n        expected: !!python/list [4, 3]\n",
			want: []string{"inputs: [7, 2]", "expected: [4, 3]"},
			fix:  "stripped the YAML tag !!python/tuple",
		},
		{
			name: "set-as-list", why: "a set (a mapping of nulls) becomes a list where the result is a slice",
			f:    split,
			yaml: "Split:\n  dataset:\n    - case:\n        inputs: {cents: 2, n: 2}\n        expected: !!set {1, 1}\n",
			fix:  "wrote a set as a list",
		},
		{
			name: "fenced-and-escaped", why: "a code fence and escaped newlines are undone",
			f:    parse,
			yaml: "```yaml\\nParseCents:\\n  dataset:\\n    - case: {input: \\\"2\\\", expected: 200}\\n```",
			want: []string{"expected: 200"},
			fix:  "unescaped the newlines",
		},
		{
			name: "no-function-name", why: "a spec without the function's name at the top is taken as its body",
			f:    parse,
			yaml: "evals:\n  Type: {type: int64}\ndataset:\n  - case: {input: \"3\", expected: 300}\n",
			want: []string{"expected: 300", "Type: {type: int64}"},
			fix:  "no function name at the top",
		},
		{
			name: "qualified-name", why: "a qualified function name is renamed",
			f:    parse,
			yaml: "money.ParseCents:\n  dataset:\n    - case: {input: \"3\", expected: 300}\n",
			want: []string{"expected: 300"},
			fix:  `renamed the function "money.ParseCents"`,
		},
		{
			name: "list-of-cases", why: "a bare list is the dataset",
			f:    parse,
			yaml: "- {input: \"4\", expected: 400}\n- {input: \"\", raises: ErrEmpty}\n",
			want: []string{"expected: 400", "raises: money.ErrEmpty"},
		},
		{
			name: "dataset-as-map", why: "a mapping of ids to cases becomes a list with the ids",
			f:    parse,
			yaml: "ParseCents:\n  cases:\n    four: {input: \"4\", output: 400}\n",
			want: []string{"id: four", "expected: 400"},
			fix:  `renamed the key "cases" to "dataset"`,
		},
		{
			name: "scalar-evaluators", why: "evaluators given as scalars, under other names, or about timing are fixed or dropped",
			f:      parse,
			yaml:   "ParseCents:\n  evals:\n    assert: \"output >= 0 or err is not None\"\n    Duration: 10\n    Typ: int\n    Expected: 1\n  dataset:\n    - case: {input: \"1\", expected: 100}\n",
			want:   []string{"Assertion: {assertion: output >= 0 || err != nil}", "Type: {type: int64}"},
			absent: []string{"Duration", "Expected:"},
			fix:    `rewrote the Assertion`,
		},
		{
			name: "raises-names", why: "exception names, bare sentinel and error type names become spec names",
			f:    parse,
			yaml: "ParseCents:\n  dataset:\n    - case: {input: \"\", raises: ErrEmpty}\n    - case: {input: \"x\", raises: TypeError}\n    - case: {input: \"1000000000\", raises: RangeError}\n    - case: {input: \"y\", error_message: \"bad amount\"}\n",
			want: []string{"raises: money.ErrEmpty", "raises: error", "raises: '*money.RangeError'", "match: bad amount"},
			fix:  `added raises: error to a case with match only`,
		},
		{
			name: "pointer-raises", why: "an unquoted pointer type after raises, which YAML reads as an alias, is quoted",
			f:    parse,
			yaml: "ParseCents:\n  dataset:\n    - case: {input: \"1000000000\", raises: *money.RangeError}\n",
			want: []string{"raises: '*money.RangeError'"},
			fix:  "quoted a raises pointer type",
		},
		{
			name: "multi-param-shapes", why: "input given for a two-parameter function becomes inputs; misspelt parameters are renamed",
			f:    split,
			yaml: "Split:\n  dataset:\n    - case: {input: {cents: 9, num: 2}, expected: [5, 4]}\n    - case: {input: [9, 3], expected: [3, 3, 3]}\n",
			want: []string{"inputs: {cents: 9, n: 2}", "inputs: [9, 3]"},
			fix:  "wrote input as inputs",
		},
		{
			name: "scalar-inputs", why: "a scalar inputs of a one-parameter function is its input",
			f:    parse,
			yaml: "ParseCents:\n  dataset:\n    - case: {inputs: \"5\", expected: 500}\n",
			want: []string{`input: "5"`},
			fix:  "wrote a scalar inputs as input",
		},
		{
			name: "duplicate-ids", why: "duplicate ids are made unique rather than dropped",
			f:    parse,
			yaml: "ParseCents:\n  dataset:\n    - case: {id: x, input: \"1\"}\n    - case: {id: x, input: \"2\"}\n",
			want: []string{"id: x\n", "id: x-2"},
		},
		{
			name: "bad-case-dropped", why: "a case that still does not load is dropped, the others kept",
			f:      parse,
			yaml:   "ParseCents:\n  dataset:\n    - case: {input: \"1\", expected: 100}\n    - case: {input: \"2\", tolerance: lots}\n",
			want:   []string{"expected: 100"},
			absent: []string{"lots"},
			fix:    "dropped a case",
		},
		{
			name: "method", why: "a method's receiver fields and its misnamed argument are fixed; a Type evaluator is dropped (no result)",
			f:      spend,
			yaml:   "Wallet.Spend:\n  evals:\n    Type: {type: error}\n  dataset:\n    - case: {receiver: {cents: 10}, inputs: {amount: 3}}\n    - case: {receiver: {Cents: 1}, input: 2, raises: error}\n",
			want:   []string{"receiver: {Cents: 10}", "inputs: {c: 3}", "receiver: {Cents: 1}"},
			absent: []string{"Type"},
			fix:    `renamed the field "cents" to "Cents"`,
		},
		{
			name: "receiver-after", why: "a receiver_after of a method that changes its receiver is kept, not mistaken for receiver",
			f:    spend,
			yaml: "(*Wallet).Spend:\n  dataset:\n    - case: {receiver: {Cents: 5}, input: 2, receiver_after: {Cents: 3}}\n",
			want: []string{"receiver: {Cents: 5}", "receiver_after: {Cents: 3}"},
		},
		{
			name: "receiver-after-of-a-function", why: "a function has no receiver to state after the call",
			f:      parse,
			yaml:   "ParseCents:\n  dataset:\n    - case: {input: \"1\", expected: 100, receiver_after: {Cents: 3}}\n",
			want:   []string{"expected: 100"},
			absent: []string{"receiver_after"},
			fix:    "dropped a receiver_after: ParseCents has no pointer receiver",
		},
		{
			name: "not-yaml", why: "an answer that is not YAML is an error for the failure context",
			f: parse, yaml: "ParseCents: [unclosed",
			err: "does not parse",
		},
		{
			name: "other-function", why: "a spec of other functions only is an error",
			f: parse, yaml: "Foo: {dataset: []}\nBar: {dataset: []}\n",
			err: "no spec of ParseCents",
		},
		{
			name: "empty", why: "an empty answer is an error",
			f: parse, yaml: "  \n",
			err: "no YAML",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn, fixes, err := llm.ParseSpec(tt.f, tt.yaml)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("%s: error %v, want one with %q", tt.why, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v (fixes %q)", tt.why, err, fixes)
			}
			got := specText(t, fn)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s: spec lacks %q:\n%s", tt.why, w, got)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(got, a) {
					t.Errorf("%s: spec has %q:\n%s", tt.why, a, got)
				}
			}
			if tt.fix != "" && !strings.Contains(strings.Join(fixes, "\n"), tt.fix) {
				t.Errorf("%s: fixes %q, want one with %q", tt.why, fixes, tt.fix)
			}
			if tt.fix == "" && tt.name == "clean" && len(fixes) > 0 {
				t.Errorf("%s: fixes %q", tt.why, fixes)
			}
		})
	}
}

func TestParseBundle(t *testing.T) {
	split := loadFunc(t, "Split")
	tests := []struct {
		name, why string
		b         llm.Bundle
		want      []string
		err       string
	}{
		{
			name: "values-as-json", why: "inputs and expected JSON texts become values",
			b: llm.Bundle{Functions: []llm.BundleFunction{{Name: "Split", Cases: []llm.BundleCase{
				{ID: "a", Inputs: `{"cents": 3, "n": 2}`, Expected: `[2, 1]`},
				{ID: "b", Inputs: `{"cents": 3, "n": 0}`, Raises: "panic", Match: "^split"},
			}}}},
			want: []string{"inputs: {cents: 3, n: 2}", "expected: [2, 1]", "raises: panic", "match: ^split"},
		},
		{
			name: "evals", why: "non-empty evaluator fields become evaluators; the Type is fixed",
			b: llm.Bundle{Functions: []llm.BundleFunction{{Name: "Split", Evals: llm.BundleEvals{Type: "list", Assertion: "len(output) == n"},
				Cases: []llm.BundleCase{{Inputs: `{"cents": 1, "n": 1}`, Expected: `[1]`}}}}},
			want: []string{"Type: {type: '[]int64'}", "Assertion: {assertion: len(output) == n}"},
		},
		{
			name: "wrong-function", why: "a bundle of other functions only is an error",
			b:   llm.Bundle{Functions: []llm.BundleFunction{{Name: "A"}, {Name: "B"}}},
			err: "no function Split",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn, fixes, err := llm.ParseBundle(split, &tt.b)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("%s: error %v, want %q", tt.why, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v (fixes %q)", tt.why, err, fixes)
			}
			got := specText(t, fn)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s: spec lacks %q:\n%s", tt.why, w, got)
				}
			}
		})
	}
}

// TestParseSpecShapes checks the repairs and explanations of the
// shapes a model gets wrong: values built by code, observed results and
// type arguments.
func TestParseSpecShapes(t *testing.T) {
	add := loadLedger(t, "Amount.Add")
	sum := loadLedger(t, "Sum")
	parse := loadFunc(t, "ParseCents")
	caseOf := func(fn, body string) string { return fn + ":\n  dataset:\n    - case: " + body + "\n" }
	tests := []struct {
		name, why string
		f         *target.Func
		yaml      string
		want      []string // substrings of the parsed spec
		absent    []string
		fix       string // a substring of the fixes
		noFix     bool   // no fix at all
	}{
		{
			name: "code-kept", why: "values built by code and an observed result, written right, are kept as they are",
			f:     add,
			yaml:  caseOf("Amount.Add", `{id: a, receiver: {go: 'MustAmount("1.00 EUR")'}, input: {go: 'MustAmount("2.00 EUR")'}, expected: {String(): 3.00 EUR, Cents(): 300}}`),
			want:  []string{`receiver: {go: 'MustAmount("1.00 EUR")'}`, `input: {go: 'MustAmount("2.00 EUR")'}`, "String(): 3.00 EUR", "Cents(): 300"},
			noFix: true,
		},
		{
			name: "qualified-code", why: "code runs inside the package: its own qualifier is removed",
			f:    add,
			yaml: caseOf("Amount.Add", `{receiver: {go: 'ledger.MustAmount("1.00 EUR")'}, inputs: {b: {go: 'ledger.NewAmount(1, "EUR").Neg()'}}}`),
			want: []string{`receiver: {go: 'MustAmount("1.00 EUR")'}`, `{go: 'NewAmount(1, "EUR").Neg()'}`},
			fix:  "removed the package qualifier ledger. from the Go code",
		},
		{
			name: "bare-call", why: "a call written as a string, for a type with unexported fields, is taken as code",
			f:    add,
			yaml: caseOf("Amount.Add", `{receiver: 'MustAmount("1.00 EUR")', input: 'NewAmount(5, "EUR")'}`),
			want: []string{`receiver: {go: 'MustAmount("1.00 EUR")'}`, `input: {go: 'NewAmount(5, "EUR")'}`},
			fix:  `wrote receiver MustAmount("1.00 EUR") as Go code {go: ...}: Amount has unexported fields`,
		},
		{
			name: "plain-data", why: "plain data for a type with unexported fields drops the case and says how to write it",
			f:      add,
			yaml:   "Amount.Add:\n  dataset:\n    - case: {id: text, receiver: 1.00 EUR, input: {go: 'MustAmount(\"1.00 EUR\")'}}\n    - case: {id: fields, receiver: {cents: 100, currency: EUR}, input: {go: 'MustAmount(\"1.00 EUR\")'}}\n    - case: {id: ok, receiver: {go: 'MustAmount(\"1.00 EUR\")'}, input: {go: 'MustAmount(\"1.00 EUR\")'}}\n",
			want:   []string{"id: ok"},
			absent: []string{"id: text", "id: fields"},
			fix:    `dropped a case: receiver is plain data, but Amount has unexported fields: write it as Go code that makes one, e.g. {go: 'MustAmount("example")'}`,
		},
		{
			name: "observer-keys", why: "observer keys without () or in another case are renamed; unknown ones dropped, naming the observers",
			f:      add,
			yaml:   caseOf("Amount.Add", `{receiver: {go: 'MustAmount("1.00 EUR")'}, input: {go: 'MustAmount("2.00 EUR")'}, expected: {String: 3.00 EUR, cents(): 300, Total(): 3}}`),
			want:   []string{"String(): 3.00 EUR", "Cents(): 300"},
			absent: []string{"Total", "cents"},
			fix:    `dropped the key "Total()" of an expected Amount: it is neither an exported field nor an exported method without arguments (specgen observes String(), Cents(), Currency(), IsZero())`,
		},
		{
			name: "observer-renamed", why: "the fix of a key without () is reported",
			f:    add,
			yaml: caseOf("Amount.Add", `{receiver: {go: 'MustAmount("1.00 EUR")'}, input: {go: 'MustAmount("2.00 EUR")'}, expected: {IsZero: false}}`),
			want: []string{"IsZero(): false"},
			fix:  `renamed the key "IsZero" of an expected Amount to "IsZero()"`,
		},
		{
			name: "text-alone", why: "an opaque result given as its text is written through String()",
			f:    add,
			yaml: caseOf("Amount.Add", `{receiver: {go: 'MustAmount("1.00 EUR")'}, input: {go: 'MustAmount("2.00 EUR")'}, expected: "3.00 EUR"}`),
			want: []string{"expected: {String(): 3.00 EUR}"},
			fix:  "wrote the expected Amount 3.00 EUR as {String(): 3.00 EUR}",
		},
		{
			name: "code-expected", why: "a result written as code drops the case, with the loader's reason",
			f:      add,
			yaml:   "Amount.Add:\n  dataset:\n    - case: {id: code, receiver: {go: 'MustAmount(\"1.00 EUR\")'}, input: {go: 'MustAmount(\"2.00 EUR\")'}, expected: {go: 'MustAmount(\"3.00 EUR\")'}}\n    - case: {id: ok, receiver: {go: 'MustAmount(\"1.00 EUR\")'}, input: {go: 'MustAmount(\"2.00 EUR\")'}}\n",
			absent: []string{"id: code"},
			fix:    "is an input, not a result",
		},
		{
			name: "types-kept", why: "type arguments written right are kept",
			f:     sum,
			yaml:  caseOf("Sum", `{id: ints, types: {T: int}, input: [1, 2], expected: 3}`),
			want:  []string{"types: {T: int}", "input: [1, 2]"},
			noFix: true,
		},
		{
			name: "types-list", why: "type arguments given as a list are named by position",
			f:    sum,
			yaml: caseOf("Sum", `{types: [float64], input: [1.5], expected: 1.5}`),
			want: []string{"types: {T: float64}"},
			fix:  "wrote the list of types as a mapping by type parameter name (T)",
		},
		{
			name: "types-scalar", why: "the one type argument given alone is named",
			f:    sum,
			yaml: caseOf("Sum", `{types: int64, input: [1], expected: 1}`),
			want: []string{"types: {T: int64}"},
			fix:  "wrote types int64 as {T: int64}",
		},
		{
			name: "types-aliases", why: "a misspelt key and type parameter name are renamed",
			f:    sum,
			yaml: caseOf("Sum", `{type_args: {t: int}, input: [1], expected: 1}`),
			want: []string{"types: {T: int}"},
			fix:  `renamed the type parameter "t" to "T"`,
		},
		{
			name: "types-not-generic", why: "type arguments of a function that is not generic are dropped",
			f:      parse,
			yaml:   caseOf("ParseCents", `{types: {T: int}, input: "1", expected: 100}`),
			absent: []string{"types"},
			fix:    "dropped types: ParseCents is not generic",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn, fixes, err := llm.ParseSpec(tt.f, tt.yaml)
			if err != nil {
				t.Fatalf("%s: %v (fixes %q)", tt.why, err, fixes)
			}
			got := specText(t, fn)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s: spec lacks %q:\n%s", tt.why, w, got)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(got, a) {
					t.Errorf("%s: spec has %q:\n%s", tt.why, a, got)
				}
			}
			all := strings.Join(fixes, "\n")
			if tt.fix != "" && !strings.Contains(all, tt.fix) {
				t.Errorf("%s: fixes %q, want one with %q", tt.why, fixes, tt.fix)
			}
			if tt.noFix && len(fixes) > 0 {
				t.Errorf("%s: fixes %q, want none", tt.why, fixes)
			}
		})
	}

	// A bundle carries type arguments as JSON text.
	fn, fixes, err := llm.ParseBundle(sum, &llm.Bundle{Functions: []llm.BundleFunction{{Name: "Sum", Cases: []llm.BundleCase{
		{ID: "ints", Types: `{"T": "int"}`, Inputs: `{"xs": [1, 2]}`, Expected: "3"},
	}}}})
	if err != nil {
		t.Fatalf("bundle: %v (fixes %q)", err, fixes)
	}
	if got := specText(t, fn); !strings.Contains(got, "types: {T: int}") {
		t.Errorf("bundle with types: spec lacks them:\n%s", got)
	}
}
