package spec

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// cmpValues compares Values kind for kind (see identical).
var cmpValues = cmp.Comparer(identical)

func vp(v Value) *Value { return &v }

func TestLoad(t *testing.T) {
	f, err := Load("testdata/pricing.yml")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	const file = "testdata/pricing.yml"
	at := func(line, col int) Pos { return Pos{File: file, Line: line, Col: col} }
	want := &File{
		Path:       file,
		Package:    "example.com/shop/internal/pricing",
		PackagePos: at(2, 1),
		Schema:     "../../schemas/specgen.schema.json",
		Functions: []*Function{
			{
				Name: "ParseAmount",
				Pos:  at(3, 1),
				Evals: Evals{
					Type:      &TypeEval{Type: "int64", Pos: at(5, 5)},
					Assertion: &AssertionEval{Assertion: "output >= 0", Pos: at(6, 5)},
					Duration:  &DurationEval{Duration: Duration{50 * time.Millisecond}, Pos: at(7, 5)},
				},
				Dataset: []*Case{
					{
						ID: "plain-dollars", Inputs: vp(MapValue("s", StringValue("12.50"))), Expected: vp(IntValue(1250)),
						Pos:    at(9, 7),
						Fields: map[string]Pos{"id": at(10, 9), "inputs": at(11, 9), "expected": at(12, 9)},
					},
					{
						Inputs: vp(MapValue("s", StringValue(""))), Raises: "error", Match: "^empty amount$",
						Pos:    at(13, 7),
						Fields: map[string]Pos{"inputs": at(14, 9), "raises": at(15, 9), "match": at(16, 9)},
					},
					{
						Inputs: vp(MapValue("s", StringValue("1e400"))), Raises: "*strconv.NumError",
						Pos:    at(17, 7),
						Fields: map[string]Pos{"inputs": at(18, 9), "raises": at(19, 9)},
					},
					{
						// Without the case: wrapper.
						Inputs: vp(MapValue("s", NullValue())), Raises: "panic", Match: "nil pointer", Duration: &Duration{1500 * time.Millisecond},
						Pos:    at(20, 7),
						Fields: map[string]Pos{"inputs": at(20, 7), "raises": at(21, 7), "match": at(22, 7), "duration": at(23, 7)},
					},
				},
			},
			{
				Name: "(*Cart).Add",
				Pos:  at(24, 1),
				Dataset: []*Case{
					{
						ID: "add-one", Receiver: vp(MapValue("Items", ListValue())),
						Inputs:   vp(ListValue(MapValue("SKU", StringValue("a"), "Qty", IntValue(1)))),
						Expected: vp(NullValue()),
						Pos:      at(26, 7),
						Fields:   map[string]Pos{"id": at(27, 9), "receiver": at(28, 9), "inputs": at(29, 9), "expected": at(30, 9)},
					},
					{
						Input: vp(FloatValue(0.1)), Expected: vp(ListValue(FloatValue(0.30000000000000004), BoolValue(true))), Tolerance: 1e-9,
						Pos:    at(31, 7),
						Fields: map[string]Pos{"input": at(32, 9), "expected": at(33, 9), "tolerance": at(34, 9)},
					},
				},
			},
		},
	}
	if diff := cmp.Diff(want, f, cmpValues); diff != "" {
		t.Errorf("Load mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/no-such.yml")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load of a missing file: err = %v, want fs.ErrNotExist", err)
	}
	if !strings.HasPrefix(err.Error(), "load spec: ") {
		t.Errorf("Load error %q lacks context", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // every problem, one per line
		why  string
	}{
		{"malformed yaml", "a: b\n  c: d\n",
			"s.yml:2:3: mapping values are not allowed in this context",
			"yaml.v3's line number in our format"},
		{"NUL byte", "F:\n  dataset:\n    - case: {input: a\x00b}\n",
			"s.yml:3:22: NUL byte; spec files are UTF-8 text, not binary",
			"a binary file is named by its first bad byte"},
		{"invalid UTF-8", "F:\n  dataset:\n    - case: {id: \"é\", input: \xff}\n",
			"s.yml:3:30: invalid UTF-8 byte 0xff; spec files are UTF-8 text",
			"columns count characters, as yaml.v3's do"},
		{"control character", "F: a\x1b[0m\n",
			"s.yml:1:5: control character U+001B is not allowed in YAML",
			"YAML allows only printable characters"},
		{"unknown anchor", "F:\n  dataset:\n    - case: {input: *nope, id: '*nope'}\n",
			`s.yml:3:21: unknown anchor "nope": no &nope before this *nope`,
			"yaml.v3 does not say where the alias is"},
		{"unknown anchor as a key", "F:\n  *k: 1\n",
			`s.yml:2:3: unknown anchor "k": no &k before this *k`,
			"an alias key ends at its colon (found by FuzzLoad)"},
		{"anchor defined after its alias", "F:\n  dataset:\n    - case: {input: *a}\n    - case: {input: &a 1}\n",
			`s.yml:3:21: unknown anchor "a": no &a before this *a`,
			"an alias refers back"},
		{"unclosed flow", "F: [1\n",
			"s.yml:1:1: did not find expected ',' or ']'",
			"syntax errors stop parsing"},
		{"empty file", "",
			"s.yml: empty spec: want package and function names",
			"nothing to run"},
		{"only comments", "# nothing\n",
			"s.yml: empty spec: want package and function names",
			"comments are not a spec"},
		{"null document", "~\n",
			"s.yml:1:1: empty spec: want package and function names",
			"a null document is empty"},
		{"top-level list", "- a\n",
			"s.yml:1:1: want a mapping of package and function names, got a list",
			"the top level is a mapping"},
		{"two documents", "F:\n  dataset:\n    - case: {input: 1}\n---\nG: 1\n",
			"s.yml:4:1: more than one YAML document; a spec file holds one",
			"a second document would be ignored silently"},
		{"package not a string", "package: [a]\nF:\n  dataset:\n    - case: {input: 1}\n",
			"s.yml:1:10: package: want a string, got a list",
			"package is an import path"},
		{"misspelled package", "pakage: x\n",
			`s.yml:1:9: pakage: want a mapping with evals and dataset, got a string; did you mean "package"?`,
			"a scalar under a function-like key is likely a misspelled package"},
		{"invalid function name", "bad name:\n  dataset:\n    - case: {input: 1}\n",
			`s.yml:1:1: invalid function name "bad name": want Name, Type.Method or (*Type).Method`,
			"names must be Go identifiers"},
		{"pointer method without parens", "'*T.M':\n  dataset:\n    - case: {input: 1}\n",
			`s.yml:1:1: invalid function name "*T.M": want Name, Type.Method or (*Type).Method`,
			"pointer receivers are written (*T).M"},
		{"duplicate function", "F:\n  dataset:\n    - case: {input: 1}\nF:\n  dataset:\n    - case: {input: 2}\n",
			`s.yml:4:1: duplicate key "F" (first at line 1)`,
			"the second spec would shadow the first"},
		{"empty function", "F:\n",
			"s.yml:1:1: F: no cases",
			"a function without cases tests nothing"},
		{"empty dataset", "F:\n  evals:\n    Type: {type: int}\n  dataset: []\n",
			"s.yml:1:1: F: no cases",
			"evaluators alone run nothing"},
		{"unknown function key", "F:\n  datset: []\n",
			`s.yml:2:3: F: unknown key "datset"; did you mean "dataset"?`,
			"misspelling, and no extra 'no cases' noise"},
		{"unknown key far from all", "F:\n  zzz: 1\n  dataset:\n    - case: {input: 1}\n",
			`s.yml:2:3: F: unknown key "zzz"; want one of evals, dataset, ignore`,
			"no suggestion when nothing is close"},
		{"ignore not a list", "F:\n  dataset:\n    - case: {input: 1}\n  ignore: old-case\n",
			"s.yml:4:11: F: ignore: want a list of case ids, got a string",
			"ignore lists case ids"},
		{"ignore item not a string", "F:\n  dataset:\n    - case: {input: 1}\n  ignore: [a, {b: 1}, null, [c]]\n",
			"s.yml:4:15: F: ignore: item 2: want a case id (a string), got a mapping\n" +
				"s.yml:4:23: F: ignore: item 3: want a case id (a string), got null\n" +
				"s.yml:4:29: F: ignore: item 4: want a case id (a string), got a list",
			"every bad item, each at its place"},
		{"ignore id twice", "F:\n  dataset:\n    - case: {input: 1}\n  ignore:\n    - a\n    - b\n    - a\n",
			`s.yml:7:7: F: ignore: "a" listed twice (first at line 5)`,
			"an id is ignored once"},
		{"ignore misspelt", "F:\n  dataset:\n    - case: {input: 1}\n  ignroe: [a]\n",
			`s.yml:4:3: F: unknown key "ignroe"; did you mean "ignore"?`,
			"ignore is a key Suggest knows"},
		{"dataset not a list", "F:\n  dataset: {a: 1}\n",
			"s.yml:2:12: F: dataset: want a list of cases, got a mapping",
			"dataset is a list"},
		{"case not a mapping", "F:\n  dataset:\n    - 5\n    - case: 7\n",
			"s.yml:3:7: F: case 1: want a mapping, got an integer\n" +
				"s.yml:4:13: F: case 2: want a mapping of id, types, globals, receiver, input, inputs, panicking, expected, raises, match, receiver_after, inputs_after, duration, tolerance, unordered, got an integer",
			"both forms of a case must be mappings"},
		{"empty case", "F:\n  dataset:\n    - case:\n    - case: {}\n",
			"s.yml:3:7: F: case 1: empty case\ns.yml:4:7: F: case 2: empty case",
			"an empty case is a mistake"},
		{"key beside case", "F:\n  dataset:\n    - case: {input: 1}\n      id: x\n",
			`s.yml:4:7: F: case 1: unknown key "id" beside case; indent it under case`,
			"a common indentation slip"},
		{"unknown case key", "F:\n  dataset:\n    - case:\n        id: a\n        inptus: {s: 1}\n",
			`s.yml:5:9: F: case "a": unknown key "inptus"; did you mean "inputs"?`,
			"transposed letters, named by id"},
		{"inputs scalar", "F:\n  dataset:\n    - case:\n        inputs: 5\n",
			"s.yml:4:9: F: case 1: inputs: want a map by parameter name or a list in order, got an integer",
			"inputs is a map or a list"},
		{"inputs null", "F:\n  dataset:\n    - case: {inputs: null}\n",
			"s.yml:3:14: F: case 1: inputs: want a map by parameter name or a list in order, got null",
			"null is not a map or a list"},
		{"expected with raises", "F:\n  dataset:\n    - case:\n        expected: 1\n        raises: error\n",
			"s.yml:5:9: F: case 1: both expected and raises given; a case either returns or fails",
			"contradictory"},
		{"code as expected", "F:\n  dataset:\n    - case:\n        input: 1\n        expected: [1, {go: 'NewStack(1)'}]\n",
			"s.yml:5:9: F: case 1: expected: a value built by code ({go: ...}) is an input, not a result; write the result's value (a map with the one key go is written !!map {go: ...})",
			"an expected value is observed, not built"},
		{"code that does not parse", "T.M:\n  dataset:\n    - case:\n        receiver: {go: 'NewStack(3'}\n        input: {a: {go: '1 +'}}\n",
			"s.yml:4:24: T.M: case 1: receiver: go: not a Go expression: column 11 of \"NewStack(3\": missing ',' before newline in argument list\n" +
				"s.yml:5:25: T.M: case 1: input: go: not a Go expression: column 4 of \"1 +\": expected operand, found 'EOF'",
			"each expression must parse, named by file:line:col"},
		{"match without raises", "F:\n  dataset:\n    - case:\n        input: 1\n        match: x\n",
			"s.yml:5:9: F: case 1: match without raises",
			"match applies to an error or panic"},
		{"input and inputs", "F:\n  dataset:\n    - case:\n        input: 1\n        inputs: [1]\n",
			"s.yml:5:9: F: case 1: both input and inputs given; input is the one argument, inputs all of them",
			"ambiguous"},
		{"duplicate ids", "F:\n  dataset:\n    - case: {id: a, input: 1}\n    - case: {id: a, input: 2}\n",
			`s.yml:4:14: F: case "a": duplicate id (first at line 3)`,
			"ids name cases uniquely"},
		{"same id in two functions", "F:\n  dataset:\n    - case: {id: a, input: 1}\nG:\n  dataset:\n    - case: {id: a, input: 2}\n",
			"",
			"ids are unique per function only"},
		{"duplicate case key", "F:\n  dataset:\n    - case:\n        input: 1\n        input: 2\n",
			`s.yml:5:9: F: case 1: duplicate key "input" (first at line 4)`,
			"YAML keys are unique"},
		{"bad match regexp", "F:\n  dataset:\n    - case: {raises: error, match: '(a'}\n",
			"s.yml:3:29: F: case 1: match: error parsing regexp: missing closing ): `(a`",
			"RE2 syntax is checked"},
		{"bad pattern regexp", "F:\n  evals:\n    Pattern: {pattern: '[z-a]'}\n  dataset:\n    - case: {input: 1}\n",
			"s.yml:3:5: F: evals: Pattern: error parsing regexp: invalid character class range: `z-a`",
			"RE2 syntax is checked in evals too"},
		{"bad duration", "F:\n  dataset:\n    - case: {input: 1, duration: soon}\n",
			`s.yml:3:34: F: case 1: duration: invalid duration "soon": want milliseconds or a Go duration such as 50ms`,
			"durations are ms or Go durations"},
		{"negative duration", "F:\n  dataset:\n    - case: {input: 1, duration: -1s}\n",
			"s.yml:3:24: F: case 1: duration must be positive, got -1s",
			"a bound must be positive"},
		{"bad raises", "F:\n  dataset:\n    - case: {raises: 'not valid!'}\n",
			`s.yml:3:14: F: case 1: raises: want error, panic, an error type such as *strconv.NumError or a sentinel such as io.EOF, got "not valid!"`,
			"raises names a kind, a type or a sentinel"},
		{"bad tolerance", "F:\n  dataset:\n    - case: {input: 1, tolerance: -1}\n",
			"s.yml:3:24: F: case 1: tolerance must be a finite number >= 0, got -1.0",
			"tolerances are not negative"},
		{"tolerance not a number", "F:\n  dataset:\n    - case: {input: 1, tolerance: x}\n",
			"s.yml:3:35: F: case 1: tolerance: want a number, got a string",
			"tolerance is a number"},
		{"unordered not a boolean", "F:\n  dataset:\n    - case: {input: 1, expected: [1], unordered: yes please}\n",
			"s.yml:3:50: F: case 1: unordered: want true or false, got a string",
			"unordered is a boolean"},
		{"unordered alone", "F:\n  dataset:\n    - case: {input: 1, unordered: true}\n",
			"s.yml:3:24: F: case 1: unordered: the case states no expected, receiver_after or inputs_after to compare in any order",
			"unordered compares what a case states"},
		{"id not a scalar", "F:\n  dataset:\n    - case: {input: 1, id: [1]}\n",
			"s.yml:3:28: F: case 1: id: want a string, got a list",
			"ids are strings"},
		{"types not a mapping", "F:\n  dataset:\n    - case: {types: [int], input: 1}\n",
			"s.yml:3:21: F: case 1: types: want a mapping from type parameter name to Go type, such as {T: int}, got a list",
			"type arguments are keyed by type parameter name"},
		{"type not a string", "F:\n  dataset:\n    - case: {types: {T: [int]}, input: 1}\n",
			"s.yml:3:25: F: case 1: types: T: want a string, got a list",
			"a type argument is a Go type written as a string"},
		{"type not Go", "F:\n  dataset:\n    - case:\n        types: {T: int, U: '[]]'}\n        input: 1\n",
			`s.yml:4:28: F: case 1: types: U: "[]]" is not a Go type: 1:3: expected type, found ']'`,
			"each type argument parses as Go, reported where it is written"},
		{"type parameter name", "F:\n  dataset:\n    - case: {types: {'T U': int, V: ''}, input: 1}\n",
			"s.yml:3:29: F: case 1: types: \"T U\" is not a type parameter name\n" +
				"s.yml:3:37: F: case 1: types: V: empty type",
			"keys are identifiers, types are not empty"},
		{"duplicate type parameter", "F:\n  dataset:\n    - case: {types: {T: int, T: string}, input: 1}\n",
			`s.yml:3:30: F: case 1: types: duplicate key "T" (first at line 3)`,
			"one argument per type parameter"},
		{"receiver on a function", "F:\n  dataset:\n    - case: {receiver: {}, input: 1}\n",
			"s.yml:3:14: F: case 1: receiver given, but F is not a method",
			"only methods have receivers"},
		{"panicking not a value", "F:\n  dataset:\n    - case: {input: 1, panicking: [boom]}\n",
			"s.yml:3:24: F: case 1: panicking: want the panic's value as a string or as code ({go: ...}), got a list",
			"a panic's value is a string or code"},
		{"receiver_after on a function", "F:\n  dataset:\n    - case: {input: 1, receiver_after: {}}\n",
			"s.yml:3:24: F: case 1: receiver_after given, but F is not a method",
			"only a method's receiver changes"},
		{"receiver_after on a value receiver", "T.M:\n  dataset:\n    - case:\n        receiver: {N: 1}\n        receiver_after: {N: 2}\n",
			"s.yml:5:9: T.M: case 1: receiver_after given, but T.M has a value receiver: the call cannot change the caller's receiver",
			"a value receiver is a copy"},
		{"receiver_after as code", "(*T).M:\n  dataset:\n    - case:\n        receiver_after: {go: 'New()'}\n",
			"s.yml:4:9: (*T).M: case 1: receiver_after: a value built by code ({go: ...}) is an input, not a result; write the receiver's value",
			"the state after the call is observed, not built"},
		{"inputs_after not a map", "F:\n  dataset:\n    - case:\n        input: [1]\n        inputs_after: [2]\n",
			"s.yml:5:9: F: case 1: inputs_after: want a map by parameter name of the arguments as the call leaves them, got list",
			"the changed arguments are named"},
		{"inputs_after as code", "F:\n  dataset:\n    - case:\n        inputs_after: {p: {go: 'New()'}}\n",
			"s.yml:4:9: F: case 1: inputs_after: a value built by code ({go: ...}) is an input, not a result; write the argument's value",
			"the state after the call is observed, not built"},
		{"inputs_after after a panic", "F:\n  dataset:\n    - case:\n        raises: panic\n        inputs_after: {p: null}\n",
			"s.yml:5:9: F: case 1: inputs_after given with raises: panic; the arguments are observed only after a call that returns",
			"nothing is observed after a panic"},
		{"receiver_after after a panic", "(*T).M:\n  dataset:\n    - case:\n        raises: panic\n        receiver_after: null\n",
			"s.yml:5:9: (*T).M: case 1: receiver_after given with raises: panic; the receiver is observed only after a call that returns",
			"nothing is observed after a panic"},
		{"receiver_after under evals", "(*T).M:\n  evals:\n    ReceiverAfter: {}\n  dataset:\n    - case: {receiver_after: null}\n",
			"s.yml:3:5: (*T).M: evals: ReceiverAfter is not an evaluator here; give receiver_after on each case",
			"a case states its own receiver after the call"},
		{"bad value tag", "F:\n  dataset:\n    - case: {input: !foo 1}\n",
			"s.yml:3:21: F: case 1: input: unsupported tag !foo",
			"value errors carry the value's position, and no 'empty case' noise"},
		{"duplicate value key", "F:\n  dataset:\n    - case:\n        inputs:\n          s: 1\n          s: 2\n",
			`s.yml:6:11: F: case 1: inputs: duplicate key "s" (first at line 5)`,
			"inside values too"},
		{"evals not a mapping", "F:\n  evals: [1]\n  dataset:\n    - case: {input: 1}\n",
			"s.yml:2:10: F: evals: want a mapping of evaluator names to parameters, got a list",
			"evals map names to parameters"},
		{"unknown evaluator", "F:\n  evals:\n    Typ: {type: int}\n    Expected: {}\n  dataset:\n    - case: {input: 1}\n",
			"s.yml:3:5: F: evals: unknown evaluator \"Typ\"; did you mean \"Type\"?\n" +
				"s.yml:4:5: F: evals: Expected is not an evaluator here; give expected on each case",
			"vowel users may write Expected as an evaluator"},
		{"evaluator params", "F:\n  evals:\n    Type: int\n    Pattern: {pattern: a, case_sensitive: maybe}\n    Duration: {duration: -5}\n    LLMJudge: {model: x}\n    Assertion: {asertion: x}\n  dataset:\n    - case: {input: 1}\n",
			"s.yml:3:11: F: evals: Type: want a mapping of parameters (type), got a string\n" +
				"s.yml:4:43: F: evals: Pattern: case_sensitive: want true or false, got a string\n" +
				"s.yml:5:5: F: evals: Duration: duration must be positive, got -5ms\n" +
				"s.yml:6:5: F: evals: LLMJudge: missing rubric\n" +
				`s.yml:7:17: F: evals: Assertion: unknown parameter "asertion"; did you mean "assertion"?`,
			"each evaluator's parameters are checked, without double reports"},
		{"several problems", "F:\n  dataset:\n    - case: {expected: 1, raises: error}\n    - case: {match: x}\nG:\n",
			"s.yml:3:27: F: case 1: both expected and raises given; a case either returns or fails\n" +
				"s.yml:4:14: F: case 2: match without raises\n" +
				"s.yml:5:1: G: no cases",
			"every problem is reported, in file order"},
		{"self merge", "F:\n  dataset:\n    - case: &c {<<: *c, id: x}\n",
			`s.yml:3:17: F: case 1: merge key << refers to a mapping that contains it`,
			"a mapping that merges itself would never end"},
		{"merge keys in structure", "base: &b {input: 1}\nF:\n  dataset:\n    - case: {<<: *b, id: x}\n",
			`s.yml:1:11: base: unknown key "input"; want one of evals, dataset, ignore`,
			"merged keys are read; an anchor holder is a function like any other"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("s.yml", []byte(tt.src))
			got := ""
			if err != nil {
				got = err.Error()
				var es Errors
				if !errors.As(err, &es) {
					t.Errorf("Parse error is %T, want Errors", err)
				}
			}
			if got != tt.want {
				t.Errorf("Parse(%q) errors:\n%s\nwant:\n%s\n(%s)", tt.src, got, tt.want, tt.why)
			}
		})
	}
}

func TestParseMergeKeys(t *testing.T) {
	src := "F:\n  dataset:\n    - case: &c {inputs: {s: a}, expected: 1}\n    - case:\n        <<: *c\n        id: second\n        expected: 2\n"
	f, err := Parse("m.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Functions[0].Dataset[1]
	if c.ID != "second" || c.Inputs == nil || !identical(*c.Inputs, MapValue("s", StringValue("a"))) || !identical(*c.Expected, IntValue(2)) {
		t.Errorf("merged case = %+v; want inputs from the anchor, id and expected of its own", c)
	}
}

func TestValidateInMemory(t *testing.T) {
	f := &File{Functions: []*Function{
		{Name: "F", Dataset: []*Case{{ID: "a", Expected: vp(IntValue(1)), Raises: "panic"}, {ID: "a", Input: vp(IntValue(1))}}},
		{Name: "F", Dataset: []*Case{{Input: vp(IntValue(1)), Tolerance: math.NaN()}}},
		{Name: "T.M", Evals: Evals{Type: &TypeEval{}}, Dataset: []*Case{{}}},
	}}
	err := f.Validate()
	want := "F: case \"a\": both expected and raises given; a case either returns or fails\n" +
		"F: case \"a\": duplicate id\n" +
		"duplicate function F\n" +
		"F: case 1: tolerance must be a finite number >= 0, got .nan\n" +
		"T.M: evals: Type: missing type\n" +
		"T.M: case 1: empty case"
	if err == nil || err.Error() != want {
		t.Errorf("Validate:\n%v\nwant:\n%s", err, want)
	}
	ok := &File{Functions: []*Function{{Name: "(*T).M", Dataset: []*Case{{Receiver: vp(MapValue()), Inputs: vp(ListValue())}}}}}
	if err := ok.Validate(); err != nil {
		t.Errorf("Validate of a valid spec: %v", err)
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{Pos{"a.yml", 3, 5}, "m"}, "a.yml:3:5: m"},
		{Error{Pos{"a.yml", 3, 0}, "m"}, "a.yml:3: m"},
		{Error{Pos{"a.yml", 0, 0}, "m"}, "a.yml: m"},
		{Error{Pos{"", 3, 5}, "m"}, "3:5: m"},
		{Error{Pos{}, "m"}, "m"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
	es := Errors{{Pos{"a", 1, 1}, "x"}, {Pos{"a", 2, 1}, "y"}}
	if got := es.Error(); got != "a:1:1: x\na:2:1: y" {
		t.Errorf("Errors.Error() = %q", got)
	}
	var one *Error
	if !errors.As(error(es), &one) || one.Msg != "x" {
		t.Errorf("errors.As(Errors, *Error) = %v", one)
	}
}

func TestSuggest(t *testing.T) {
	cands := []string{"id", "receiver", "input", "inputs", "expected", "raises", "match", "duration", "tolerance"}
	tests := []struct {
		name, want, why string
	}{
		{"inptus", "inputs", "transposition counts once"},
		{"reciever", "receiver", "the classic"},
		{"expect", "expected", "two letters missing from eight"},
		{"Raises", "raises", "case is ignored"},
		{"input", "input", "an exact match wins over a near one"},
		{"inpt", "input", "one deletion"},
		{"x", "", "one letter is too short to guess from"},
		{"zzzzzz", "", "nothing close"},
		{"tolerence", "tolerance", "one substitution"},
	}
	for _, tt := range tests {
		if got := Suggest(tt.name, cands); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q (%s)", tt.name, got, tt.want, tt.why)
		}
	}
}

func TestValidName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"F", true}, {"parseAmount", true}, {"_x1", true}, {"Ünïcode", true},
		{"T.M", true}, {"(*T).M", true},
		{"", false}, {"1F", false}, {"a b", false}, {"T.M.N", false}, {"*T.M", false}, {"(T).M", false}, {"(*T)M", false}, {"(*T).", false}, {"package", true},
	}
	for _, tt := range tests {
		if got := ValidName(tt.name); got != tt.want {
			t.Errorf("ValidName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// laughs is a small spec whose aliases of aliases stand for about 10^n
// nodes, each of 1,000 cases holding the largest: a "billion laughs".
func laughs(n int) []byte {
	var b strings.Builder
	b.WriteString("Defs:\n  dataset:\n    - case:\n        inputs:\n")
	b.WriteString("          - &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "          - &a%d [", i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("F:\n  dataset:\n")
	for range 1000 {
		fmt.Fprintf(&b, "    - case: {input: *a%d}\n", n)
	}
	return []byte(b.String())
}

func TestParseNodeBudget(t *testing.T) {
	tests := []struct {
		name   string
		src    []byte
		want   string
		maxMiB uint64 // bound on the bytes allocated while parsing
		why    string
	}{
		{"aliases of aliases", laughs(9),
			"s.yml:11:18: too many YAML nodes: more than 2000000 after expanding aliases", 4,
			"refused at the first alias that goes over, before anything expands"},
		{"cases sharing a large anchor", laughs(4),
			"s.yml:27:21: too many YAML nodes: more than 2000000 after expanding aliases", 4,
			"each of 1,000 values is under the per-value bound; the file is not"},
		{"many cases, few nodes", laughs(2), "", 128,
			"a shared anchor within the budget is fine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Parse("s.yml", tt.src)
			runtime.ReadMemStats(&after)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Parse errors:\n%s\nwant:\n%s\n(%s)", got, tt.want, tt.why)
			}
			if alloc := (after.TotalAlloc - before.TotalAlloc) >> 20; alloc > tt.maxMiB {
				t.Errorf("Parse allocated %d MiB of a %d-byte spec, want at most %d MiB", alloc, len(tt.src), tt.maxMiB)
			}
		})
	}
}

func TestParseTooLarge(t *testing.T) {
	data := make([]byte, MaxFileSize+1)
	for i := range data {
		data[i] = '#'
	}
	_, err := Parse("big.yml", data)
	want := "big.yml: spec file is 16777217 bytes, more than the limit of 16777216 (16 MiB); split its functions or cases into several spec files"
	if err == nil || err.Error() != want {
		t.Errorf("Parse of a file over the limit: %v\nwant: %s", err, want)
	}
	path := filepath.Join(t.TempDir(), "big.yml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(path)
	if err == nil || !strings.Contains(err.Error(), "more than the limit of 16777216") {
		t.Errorf("Load of a file over the limit: %v", err)
	}
}
