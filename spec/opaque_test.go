package spec

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// An opaque value stands for what the tree cannot hold. It is told apart
// by its kind, and everywhere else it is the string of its text.
func TestOpaqueValue(t *testing.T) {
	fn, chn := OpaqueValue("<func>"), OpaqueValue("<chan int>")
	tests := []struct {
		name     string
		opaque   Value
		asString Value
	}{
		{"scalar", fn, StringValue("<func>")},
		{"in a list", ListValue(IntValue(1), fn), ListValue(IntValue(1), StringValue("<func>"))},
		{"map key and value", Value{Kind: Map, Map: []Entry{{Key: chn, Val: OpaqueValue("<cycle>")}}},
			Value{Kind: Map, Map: []Entry{{Key: StringValue("<chan int>"), Val: StringValue("<cycle>")}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, want := tt.opaque.String(), tt.asString.String(); got != want {
				t.Errorf("String() = %s, want %s", got, want)
			}
			got, err := yaml.Marshal(tt.opaque.Node())
			if err != nil {
				t.Fatal(err)
			}
			want, _ := yaml.Marshal(tt.asString.Node())
			if string(got) != string(want) {
				t.Errorf("YAML = %q, want %q", got, want)
			}
			if !Equal(tt.opaque, tt.asString, EqualOption{}) || !Equal(tt.asString, tt.opaque, EqualOption{}) {
				t.Errorf("not Equal to its string: %s", Diff(tt.opaque, tt.asString, EqualOption{}))
			}
			if Less(tt.opaque, tt.asString) || Less(tt.asString, tt.opaque) {
				t.Errorf("Less orders it apart from its string")
			}
			c, s := &Case{Expected: &tt.opaque}, &Case{Expected: &tt.asString}
			if caseFingerprint(c) != caseFingerprint(s) {
				t.Errorf("fingerprint differs from the written case's")
			}
			if c.Expected.Kind != tt.opaque.Kind {
				t.Errorf("fingerprinting changed the case")
			}
		})
	}
	if Equal(fn, chn, EqualOption{}) {
		t.Errorf("Equal(%s, %s)", fn, chn)
	}
	if !Less(fn, StringValue("a")) || !Less(StringValue("<a"), chn) {
		t.Errorf("opaque values do not order as their text")
	}
	if got := Opaque.String(); got != "opaque" {
		t.Errorf("Opaque.String() = %q", got)
	}
}

func TestOpaqueWire(t *testing.T) {
	v := ListValue(OpaqueValue("<func>"), StringValue("<func>"))
	data, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"o":"\u003cfunc\u003e"},"\u003cfunc\u003e"]`; string(data) != want {
		t.Errorf("wire = %s, want %s", data, want)
	}
	var back Value
	if err := back.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if !identical(v, back) {
		t.Errorf("round trip: %#v, want %#v", back, v)
	}
	if err := back.UnmarshalJSON([]byte(`{"o":1}`)); err == nil {
		t.Errorf(`{"o":1} decoded without an error`)
	}
}
