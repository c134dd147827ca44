package llm

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/invopop/jsonschema"
	"gopkg.in/yaml.v3"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bundle is the spec agent's structured answer in bundle mode (vowel's
// EvalsBundle): functions, each with its evaluators and cases. Values
// (inputs, receiver, expected) are written as JSON text, because the
// strict structured output of the APIs cannot describe a value of any
// shape; an empty string means "none".
type Bundle struct {
	Functions []BundleFunction `json:"functions" jsonschema:"description=the spec of each function; here only the function under test"`
}

// BundleFunction is the spec of one function.
type BundleFunction struct {
	Name  string       `json:"name" jsonschema:"description=the function's name: Func or Type.Method or (*Type).Method"`
	Evals BundleEvals  `json:"evals"`
	Cases []BundleCase `json:"cases"`
}

// BundleEvals are the evaluators applied to every case; an empty string
// leaves an evaluator out.
type BundleEvals struct {
	Type      string `json:"type"`
	Assertion string `json:"assertion"`
	Pattern   string `json:"pattern"`
}

// BundleCase is one case.
type BundleCase struct {
	ID       string `json:"id"`
	Types    string `json:"types"`
	Inputs   string `json:"inputs"`
	Receiver string `json:"receiver"`
	Expected string `json:"expected"`
	Raises   string `json:"raises"`
	Match    string `json:"match"`
}

// AdjustBundleSchema documents the bundle's fields in its schema (the
// descriptions hold commas, which struct tags cannot). The schemas
// generator uses it too.
func AdjustBundleSchema(s *jsonschema.Schema) {
	set := func(def, prop, doc string) {
		if d, ok := s.Definitions[def]; ok {
			if p, ok := d.Properties.Get(prop); ok {
				p.Description = doc
			}
		}
	}
	set("BundleEvals", "type", `Type evaluator: the Go type of the first non-error result, as go/types prints it with package names ("int64", "*pricing.Amount"); "" for none`)
	set("BundleEvals", "assertion", `Assertion evaluator: a Go boolean expression over the parameters by name, output (or output0, output1, ...) and err that holds for every case; "" for none`)
	set("BundleEvals", "pattern", `Pattern evaluator: an RE2 regexp the string form of every output matches; "" for none`)
	set("BundleCase", "id", "a short, unique, readable id such as plain-dollars")
	set("BundleCase", "types", `for a generic function: its type arguments as a JSON object by type parameter name, e.g. {"T": "int"}; "" otherwise`)
	set("BundleCase", "inputs", `the arguments as a JSON object by parameter name, e.g. {"s": "12.50"}; a value of a type with unexported fields is Go code, {"go": "NewStack(3)"}; "{}" for none`)
	set("BundleCase", "receiver", `for a method: the receiver as JSON (a struct as an object of its exported fields, or Go code such as {"go": "MustParse(\"1.2.3\")"} for a type with unexported fields); "" otherwise`)
	set("BundleCase", "expected", `the result as JSON (a list for several results); a result with unexported fields as an object of its observers, e.g. {"String()": "1.2.3", "Major()": 1}; a function result as an object of what calls of it return, by argument list, e.g. {"(1, 2)": true}; "" when the case raises`)
	set("BundleCase", "raises", `"" when the call returns normally; else error, panic, an error type such as *strconv.NumError or a sentinel such as io.EOF`)
	set("BundleCase", "match", `with raises: an RE2 regexp on the error message or panic value; "" for none`)
}

// BundleSchema is the JSON Schema bundle answers must fit.
func BundleSchema() json.RawMessage { return reflectSchema(&Bundle{}, AdjustBundleSchema) }

// ParseBundle turns a bundle into the spec of f: the bundle is written
// as YAML, the same repairs as ParseSpec apply, and it is parsed.
func ParseBundle(f *target.Func, b *Bundle) (*spec.Function, []string, error) {
	var notes []string
	var chosen *BundleFunction
	for i := range b.Functions {
		bf := &b.Functions[i]
		if bf.Name == f.Name || loose(bf.Name) == loose(f.Name) || strings.HasSuffix(bf.Name, "."+f.Name) {
			chosen = bf
			break
		}
	}
	if chosen == nil && len(b.Functions) == 1 {
		chosen = &b.Functions[0]
		notes = append(notes, fmt.Sprintf("took the bundle's function %q as %s", chosen.Name, f.Name))
	}
	if chosen == nil {
		return nil, notes, fmt.Errorf("the bundle has no function %s", f.Name)
	}
	fn := newMap()
	evals := newMap()
	for _, e := range []struct{ name, param, val string }{
		{"Type", "type", chosen.Evals.Type},
		{"Assertion", "assertion", chosen.Evals.Assertion},
		{"Pattern", "pattern", chosen.Evals.Pattern},
	} {
		if strings.TrimSpace(e.val) != "" {
			mapSet(evals, e.name, newMap(e.param, strNode(e.val)))
		}
	}
	if len(evals.Content) > 0 {
		mapSet(fn, "evals", evals)
	}
	ds := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for i, bc := range chosen.Cases {
		c := newMap()
		if bc.ID != "" {
			mapSet(c, "id", strNode(bc.ID))
		}
		bad := false
		for _, v := range []struct{ key, text string }{
			{"types", bc.Types}, {"inputs", bc.Inputs}, {"receiver", bc.Receiver}, {"expected", bc.Expected},
		} {
			if strings.TrimSpace(v.text) == "" || (v.key == "inputs" || v.key == "types") && strings.TrimSpace(v.text) == "{}" {
				continue
			}
			n, err := valueNode(v.text)
			if err != nil {
				notes = append(notes, fmt.Sprintf("dropped case %d (%s): %s is not JSON: %v", i+1, bc.ID, v.key, err))
				bad = true
				break
			}
			mapSet(c, v.key, n)
		}
		if bad {
			continue
		}
		if bc.Raises != "" {
			mapSet(c, "raises", strNode(bc.Raises))
		}
		if bc.Match != "" {
			mapSet(c, "match", strNode(bc.Match))
		}
		ds.Content = append(ds.Content, c)
	}
	mapSet(fn, "dataset", ds)
	data, err := yaml.Marshal(newMap(f.Name, fn))
	if err != nil {
		return nil, notes, fmt.Errorf("write the bundle as YAML: %w", err)
	}
	sf, fixes, err := ParseSpec(f, string(data))
	return sf, append(notes, fixes...), err
}

// valueNode reads a value written as JSON (or YAML flow) text.
func valueNode(text string) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	n := doc.Content[0]
	clearStyle(n)
	return n, nil
}

// clearStyle lets the encoder choose the layout of a value read from
// JSON text.
func clearStyle(n *yaml.Node) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = 0
	}
	for _, c := range n.Content {
		clearStyle(c)
	}
}
