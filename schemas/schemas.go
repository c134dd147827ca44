// Package schemas holds the JSON Schemas of specgen's file formats,
// generated from the Go types with invopop/jsonschema and embedded for
// use at run time. Editors pick the spec schema up from the first line
// of a spec file:
//
//	# yaml-language-server: $schema=../../schemas/specgen.schema.json
//
// Regenerate with `go generate ./schemas`; a test fails when a committed
// schema is stale.
package schemas

import _ "embed" // for the schemas

//go:generate go run ./gen

// Spec is the JSON Schema of a spec file (specgen.schema.json).
//
//go:embed specgen.schema.json
var Spec []byte
