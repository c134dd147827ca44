package llm

import (
	"encoding/json"
	"fmt"

	"github.com/invopop/jsonschema"

	"github.com/specgen-dev/specgen/explore"
)

// Names of the schemas on the wire (OpenAI's json_schema name,
// Anthropic's tool name).
const (
	planSchemaName   = "exploration_plan"
	sourceSchemaName = "spec_yaml"
	bundleSchemaName = "spec_bundle"
)

// snippetCodeDoc documents a snippet's code in the plan schema (a
// struct tag cannot hold it: its commas end the description).
const snippetCodeDoc = "Go statements compiled inside the package under test; the last statement must call the function under test once, " +
	"e.g. `out, err := ParseAmount(\"1.5\")` or `ParseAmount(strings.Repeat(\"9\", 30))`; earlier statements may prepare its arguments"

// AdjustPlanSchema completes the reflected schema of explore.Plan with
// what its struct tags cannot say. The schemas generator uses it too.
func AdjustPlanSchema(s *jsonschema.Schema) {
	sn, ok := s.Definitions["Snippet"]
	if !ok {
		return
	}
	if d, ok := sn.Properties.Get("description"); ok {
		d.Description = "what behaviour of the function this snippet probes, in a few words"
	}
	if c, ok := sn.Properties.Get("code"); ok {
		c.Description = snippetCodeDoc
	}
}

// reflectSchema returns the JSON Schema of v's type, as the schemas
// generator writes it, finished by adjust.
func reflectSchema(v any, adjust func(*jsonschema.Schema)) json.RawMessage {
	s := (&jsonschema.Reflector{}).Reflect(v)
	if adjust != nil {
		adjust(s)
	}
	data, err := json.Marshal(s)
	if err != nil {
		// The types are ours and marshal; a failure is a bug.
		panic(fmt.Sprintf("llm: marshal schema of %T: %v", v, err))
	}
	return data
}

// PlanSchema is the JSON Schema exploration answers must fit.
func PlanSchema() json.RawMessage { return reflectSchema(&explore.Plan{}, AdjustPlanSchema) }

// specSource is the answer of the spec agent in YAML mode: the spec as
// YAML text, wrapped in an object so that every provider's structured
// output (OpenAI json_schema, Anthropic tool use) can carry it.
type specSource struct {
	YAML string `json:"yaml" jsonschema:"description=the complete spec as YAML text"`
}

func sourceSchema() json.RawMessage { return reflectSchema(&specSource{}, nil) }
