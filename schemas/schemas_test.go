package schemas_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/specgen-dev/specgen/schemas"
	"github.com/specgen-dev/specgen/schemas/internal/schemagen"
	"github.com/specgen-dev/specgen/spec"
)

func TestSchemasUpToDate(t *testing.T) {
	for _, e := range schemagen.Table() {
		want, err := schemagen.Generate(e.File)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(e.File)
		if err != nil {
			t.Fatalf("%v (run go generate ./schemas)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./schemas", e.File)
		}
	}
	if got, _ := os.ReadFile("specgen.schema.json"); !bytes.Equal(schemas.Spec, got) {
		t.Error("schemas.Spec differs from specgen.schema.json")
	}
}

func TestWriteAllSkipsUnchanged(t *testing.T) {
	dir := t.TempDir()
	written, err := schemagen.WriteAll(dir)
	if err != nil || len(written) != len(schemagen.Table()) {
		t.Fatalf("first WriteAll wrote %v, %v; want every schema", written, err)
	}
	written, err = schemagen.WriteAll(dir)
	if err != nil || len(written) != 0 {
		t.Errorf("second WriteAll wrote %v, %v; want nothing (bytes unchanged)", written, err)
	}
}

// jsonOf turns a YAML spec into the JSON an editor's schema validator
// sees: map keys as strings, NaN and infinities as their YAML text.
func jsonOf(t *testing.T, src string) any {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	v, err := spec.ValueFromNode(&n)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v.Plain())
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestSpecSchemaAcceptsSpecs(t *testing.T) {
	sch := compile(t)
	paths := []string{"../spec/testdata/pricing.yml", "../spec/testdata/sample.golden.yml", "../spec/testdata/pricing.golden.yml"}
	// Every example spec, hand-written or generated, passing or failing on purpose.
	examples, err := filepath.Glob("../examples/*/testdata/*/*.yml")
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) == 0 {
		t.Fatal("no example specs found")
	}
	paths = append(paths, examples...)
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(jsonOf(t, string(src))); err != nil {
			t.Errorf("%s does not validate: %v", path, err)
		}
	}
}

func TestSpecSchemaRejects(t *testing.T) {
	sch := compile(t)
	tests := []struct {
		name, src, why string
	}{
		{"unknown case key", "F:\n  dataset:\n    - case: {inptus: 1}\n", "typos in case keys"},
		{"unknown key beside case", "F:\n  dataset:\n    - case: {input: 1}\n      id: x\n", "the wrapper holds only case"},
		{"dataset not a list", "F:\n  dataset: {input: 1}\n", "dataset is a list"},
		{"empty dataset", "F:\n  dataset: []\n", "a function needs cases"},
		{"no dataset", "F:\n  evals: {Type: {type: int}}\n", "dataset is required"},
		{"unknown evaluator", "F:\n  evals: {Typ: {type: int}}\n  dataset: [{input: 1}]\n", "evaluators are a closed set"},
		{"missing eval param", "F:\n  evals: {Type: {}}\n  dataset: [{input: 1}]\n", "type is required"},
		{"bad duration", "F:\n  dataset: [{input: 1, duration: soon}]\n", "durations are ms or Go durations"},
		{"negative duration", "F:\n  dataset: [{input: 1, duration: -5}]\n", "durations are positive"},
		{"negative tolerance", "F:\n  dataset: [{input: 1, tolerance: -1}]\n", "tolerance >= 0"},
		{"package not a string", "package: [x]\nF:\n  dataset: [{input: 1}]\n", "package is an import path"},
		{"function not a mapping", "F: 1\n", "functions are mappings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := sch.Validate(jsonOf(t, tt.src)); err == nil {
				t.Errorf("schema accepts %q (%s)", tt.src, tt.why)
			}
		})
	}
	ok := "F:\n  evals: {ContainsInput: null, Duration: {duration: 1.5s}}\n  dataset: [{input: 1, duration: 20}, {case: {inputs: [1], raises: error}}]\n" +
		"T.M:\n  dataset: [{receiver: {go: 'NewStack(3)'}, inputs: {v: {go: 'MustParse(\"1.2.3\")'}, n: 1}}]\n"
	if err := sch.Validate(jsonOf(t, ok)); err != nil {
		t.Errorf("schema rejects %q: %v", ok, err)
	}
}

func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemas.Spec))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://github.com/specgen-dev/specgen/schemas/specgen.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compile schema: %v", err)
	}
	if !strings.Contains(string(schemas.Spec), `"$id": "`+url+`"`) {
		t.Errorf("schema $id is not %s", url)
	}
	return sch
}
