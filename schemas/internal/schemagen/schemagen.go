// Package schemagen reflects specgen's Go types into the JSON Schemas
// kept in the schemas directory. The table in Table lists them; `go
// generate ./schemas` writes them, and a test in schemas fails when a
// committed schema is stale.
package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"

	"github.com/invopop/jsonschema"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/spec"
)

// baseID prefixes the $id of every schema.
const baseID = "https://github.com/specgen-dev/specgen/schemas/"

// Entry is one generated schema.
type Entry struct {
	// File is the schema's file name in the schemas directory.
	File string
	// Value is a value (or a pointer to one) of the Go type the schema
	// describes; its exported fields are reflected by their json tags.
	Value any
	// Title and Description document the schema's root.
	Title, Description string
	// Adjust, when set, finishes the reflected schema (for shapes the
	// Go type cannot express).
	Adjust func(*jsonschema.Schema)
}

// Table lists the schemas to generate. To add one, add a line.
func Table() []Entry {
	return []Entry{
		{File: "specgen.schema.json", Value: &spec.File{}, Title: "specgen spec",
			Description: "A specgen regression spec: the package under test and, under each function name (Func, Type.Method or (*Type).Method), its evaluators and cases.",
			Adjust:      adjustSpec},
		{File: "exploration-plan.schema.json", Value: &explore.Plan{}, Title: "specgen exploration plan",
			Description: "A model's answer to one exploration round: probe snippets expected to return normally and snippets expected to fail.",
			Adjust:      llm.AdjustPlanSchema},
		{File: "spec-bundle.schema.json", Value: &llm.Bundle{}, Title: "specgen spec bundle",
			Description: "A model's spec in bundle mode: per function its evaluators and cases, values written as JSON text.",
			Adjust:      llm.AdjustBundleSchema},
	}
}

// Generate returns the JSON text of the schema named file in the table.
func Generate(file string) ([]byte, error) {
	for _, e := range Table() {
		if e.File == file {
			return e.generate()
		}
	}
	return nil, fmt.Errorf("generate schema %s: not in the table", file)
}

// WriteAll writes every schema of the table into dir, leaving files
// whose content is unchanged untouched, and returns the paths it wrote.
func WriteAll(dir string) ([]string, error) {
	var written []string
	for _, e := range Table() {
		data, err := e.generate()
		if err != nil {
			return written, err
		}
		path := filepath.Join(dir, e.File)
		changed, err := spec.WriteFile(path, data)
		if err != nil {
			return written, fmt.Errorf("generate schema %s: %w", e.File, err)
		}
		if changed {
			written = append(written, path)
		}
	}
	return written, nil
}

func reflector() *jsonschema.Reflector {
	return &jsonschema.Reflector{
		// Value and Duration have their own YAML forms.
		Mapper: func(t reflect.Type) *jsonschema.Schema {
			switch t {
			case reflect.TypeFor[spec.Value]():
				// Any YAML value: a scalar, a list or a map.
				return &jsonschema.Schema{}
			case reflect.TypeFor[spec.Duration]():
				return durationSchema()
			case reflect.TypeFor[spec.TypeArgs]():
				return &jsonschema.Schema{
					Type:                 "object",
					AdditionalProperties: &jsonschema.Schema{Type: "string", MinLength: ptr(uint64(1))},
				}
			}
			return nil
		},
	}
}

// goDuration matches what time.ParseDuration accepts, positive.
const goDuration = `^\+?(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+$`

func durationSchema() *jsonschema.Schema {
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{
		{Type: "number", ExclusiveMinimum: "0", Description: "milliseconds"},
		{Type: "string", Pattern: goDuration, Description: "a Go duration such as 50ms or 1.5s"},
	}}
}

func (e Entry) generate() ([]byte, error) {
	s := reflector().Reflect(e.Value)
	s.ID = jsonschema.ID(baseID + e.File)
	s.Title = e.Title
	s.Description = e.Description
	if e.Adjust != nil {
		e.Adjust(s)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("generate schema %s: %w", e.File, err)
	}
	return b.Bytes(), nil
}

// adjustSpec turns the reflected File (which only has package) into the
// top level of a spec file: every other key is a function spec; and it
// lets a dataset item be a case with or without its `case:` wrapper.
func adjustSpec(s *jsonschema.Schema) {
	fn := reflector().Reflect(&spec.Function{})
	for name, def := range fn.Definitions {
		s.Definitions[name] = def
	}
	file := s.Definitions["File"]
	file.AdditionalProperties = &jsonschema.Schema{Ref: "#/$defs/Function"}
	file.Description = "package, then one key per function: Func, Type.Method or (*Type).Method"

	function := s.Definitions["Function"]
	function.Description = "the spec of one function or method"
	if ds, ok := function.Properties.Get("dataset"); ok {
		one := uint64(1)
		ds.MinItems = &one
		ds.Items = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
			{
				Type:                 "object",
				Properties:           jsonschema.NewProperties(),
				Required:             []string{"case"},
				AdditionalProperties: jsonschema.FalseSchema,
			},
			{Ref: "#/$defs/Case"},
		}}
		ds.Items.AnyOf[0].Properties.Set("case", &jsonschema.Schema{Ref: "#/$defs/Case"})
	}
	evals := s.Definitions["Evals"]
	evals.Description = "evaluators applied to every case, by name"
	for _, ev := range spec.Evaluators() {
		// An evaluator without a required parameter may be written
		// alone (`ContainsInput:`).
		if ev.InCase || ev.Required != "" {
			continue
		}
		if es, ok := evals.Properties.Get(string(ev.Name)); ok {
			evals.Properties.Set(string(ev.Name), &jsonschema.Schema{AnyOf: []*jsonschema.Schema{es, {Type: "null"}}})
		}
	}
	kase := s.Definitions["Case"]
	kase.Description = "one case: its inputs and the outcome the function must have"
	if tol, ok := kase.Properties.Get("tolerance"); ok {
		tol.Minimum = "0"
		tol.Description = "relative float tolerance of expected"
	}
	if r, ok := kase.Properties.Get("receiver"); ok {
		// The struct tag's description stops at its comma.
		r.Description = "the method receiver, built like an argument of the receiver's type"
	}
	if r, ok := kase.Properties.Get("raises"); ok {
		r.Examples = []any{"error", "panic", "*strconv.NumError", "io.EOF"}
	}
	if e, ok := kase.Properties.Get("expected"); ok {
		e.Description = "the non-error result; a list when there are several. " +
			"A struct result (or a pointer to one) may be written as what its API says: " +
			"a map whose keys ending in () are methods without arguments called on the result (String(), Len(), IsZero()) " +
			"and whose other keys are its exported fields; " +
			"specgen writes results with unexported fields that way. " +
			"A function result may be written as what calls of it return: a map whose keys are argument lists " +
			"((1, 2), (p) for the call's own parameter p, (&options{})) and whose values are the calls' results"
		e.Examples = []any{1250, map[string]any{"String()": "1.2.3", "Major()": 1}, map[string]any{"(1, 2)": true, "(2, 1)": false}}
	}
	if a, ok := kase.Properties.Get("receiver_after"); ok {
		a.Description = "the receiver of a method with a pointer receiver as the call leaves it, when the call returns (with or without an error): " +
			"its value, or for a receiver with unexported state a map of what its API says, written like expected; null for a nil receiver. " +
			"A method key may pass the call's own arguments by parameter name (Get(k)); a method returning a value and a bool gives [value, ok]"
		a.Examples = []any{map[string]any{"String()": "[1 2]", "Len()": 2}, map[string]any{"Len()": 2, "Get(k)": []any{4, true}}, map[string]any{"Items": map[string]any{"A1": 5}}}
	}
	// Inputs and receivers may be built by Go code, anywhere inside them.
	code := jsonschema.NewProperties()
	code.Set("go", &jsonschema.Schema{Type: "string", Description: "a Go expression evaluated in the package under test, which may use its unexported names"})
	s.Definitions["Code"] = &jsonschema.Schema{
		Type:                 "object",
		Properties:           code,
		Required:             []string{"go"},
		AdditionalProperties: jsonschema.FalseSchema,
		Description:          "a value built by Go code, in an input, a receiver or a field of one; a map with the one key go and a string value is written !!map {go: ...}",
		Examples:             []any{map[string]any{"go": `MustParse("1.2.3")`}, map[string]any{"go": "NewStack(3)"}},
	}
	for _, name := range []string{"input", "inputs", "receiver"} {
		if p, ok := kase.Properties.Get(name); ok {
			p.AnyOf = []*jsonschema.Schema{{Ref: "#/$defs/Code"}, {}}
		}
	}
}

func ptr[T any](v T) *T { return &v }
