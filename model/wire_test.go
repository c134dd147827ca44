package model

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWireSchema(t *testing.T) {
	tests := []struct {
		name, reason, in, want string
	}{
		{
			name:   "root ref inlined",
			reason: "the APIs want an object at the root; the unused definition goes",
			in:     `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"x","$ref":"#/$defs/P","$defs":{"P":{"type":"object","properties":{"a":{"$ref":"#/$defs/Q"}}},"Q":{"type":"string"}}}`,
			want:   `{"$defs":{"Q":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/Q"}},"type":"object"}`,
		},
		{
			name:   "recursive root kept",
			reason: "a type that refers to itself still needs its definition",
			in:     `{"$ref":"#/$defs/T","$defs":{"T":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/T"}}}}}}`,
			want:   `{"$defs":{"T":{"properties":{"kids":{"items":{"$ref":"#/$defs/T"},"type":"array"}},"type":"object"}},"properties":{"kids":{"items":{"$ref":"#/$defs/T"},"type":"array"}},"type":"object"}`,
		},
		{
			name:   "only definition",
			reason: "an emptied $defs is dropped",
			in:     `{"$ref":"#/$defs/P","$defs":{"P":{"type":"object"}}}`,
			want:   `{"type":"object"}`,
		},
		{
			name:   "plain object",
			reason: "an object schema is sent as is",
			in:     `{"type":"object","properties":{"n":{"type":"number","maximum":1e400}}}`,
			want:   `{"properties":{"n":{"maximum":1e400,"type":"number"}},"type":"object"}`,
		},
		{
			name:   "draft-07 definitions",
			reason: "older generators use definitions",
			in:     `{"$ref":"#/definitions/P","definitions":{"P":{"type":"object"}}}`,
			want:   `{"type":"object"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := wireSchema(json.RawMessage(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(data)); diff != "" {
				t.Errorf("(-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
	for _, bad := range []string{`[]`, `null`, `{"$ref":"#/$defs/Missing"}`, `{`} {
		if _, err := wireSchema(json.RawMessage(bad)); err == nil {
			t.Errorf("wireSchema(%s) = nil error", bad)
		}
	}
}

func TestStrictCompatible(t *testing.T) {
	tests := []struct {
		name, reason, schema string
		want                 bool
	}{
		{"closed and required", "what strict mode wants",
			`{"type":"object","additionalProperties":false,"required":["a"],"properties":{"a":{"type":"string"}}}`, true},
		{"optional field", "omitempty leaves a property out of required",
			`{"type":"object","additionalProperties":false,"required":[],"properties":{"a":{"type":"string"}}}`, false},
		{"open object", "additionalProperties must be false",
			`{"type":"object","required":["a"],"properties":{"a":{"type":"string"}}}`, false},
		{"nested optional", "every object counts, $defs included",
			`{"type":"object","additionalProperties":false,"required":["a"],"properties":{"a":{"$ref":"#/$defs/A"}},
			  "$defs":{"A":{"type":"object","additionalProperties":false,"properties":{"x":{"type":"string"}}}}}`, false},
		{"no properties", "a schema without properties has nothing to require", `{"type":"string"}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v any
			if err := json.Unmarshal([]byte(tt.schema), &v); err != nil {
				t.Fatal(err)
			}
			if got := strictCompatible(v); got != tt.want {
				t.Errorf("strictCompatible = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}
