package spec

import (
	"math"
	"testing"
)

// TestGeneratedSurvivesRoundTrip checks that a generated case reads back
// generated, whatever the kinds of its values: its marker's fingerprint
// must not depend on a distinction the YAML does not keep (a uint that an
// int can hold reads back as an int). Were it to, the case would read
// back as hand-written and the next gen would keep it and drop its own.
func TestGeneratedSurvivesRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    Value
	}{
		{"null", NullValue()},
		{"bool", BoolValue(true)},
		{"int", IntValue(-7)},
		{"int-min", IntValue(math.MinInt64)},
		{"uint-small", UintValue(7)},
		{"uint-zero", UintValue(0)},
		{"uint-max-int", UintValue(math.MaxInt64)},
		{"uint-large", UintValue(math.MaxUint64)},
		{"float", FloatValue(2.5)},
		{"float-whole", FloatValue(2)},
		{"float-neg-zero", FloatValue(math.Copysign(0, -1))},
		{"float-nan", FloatValue(math.NaN())},
		{"float-inf", FloatValue(math.Inf(-1))},
		{"float-tiny", FloatValue(5e-324)},
		{"float-huge", FloatValue(1e300)},
		{"string", StringValue("a: b")},
		{"string-number", StringValue("12")},
		{"string-empty", StringValue("")},
		{"string-null", StringValue("null")},
		{"string-newline", StringValue("a\nb\n")},
		{"opaque", OpaqueValue("<func>")},
		{"list", ListValue(UintValue(1), IntValue(-1), StringValue("x"))},
		{"list-empty", ListValue()},
		{"map", MapValue("A", UintValue(3), "B", ListValue(UintValue(4)))},
		{"map-uint-keys", Value{Kind: Map, Map: []Entry{{Key: UintValue(1), Val: UintValue(2)}}}},
		{"map-empty", Value{Kind: Map}},
		{"map-like-code", MapValue("go", StringValue("NewStack(3)"))},
		{"code", CodeValue(`MustParse("1.2.3")`)},
		{"code-field", MapValue("v", CodeValue("NewStack(3)"), "n", UintValue(2))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.v
			c := &Case{ID: "c", Receiver: &v, Input: &v, Expected: &v, ReceiverAfter: &v, Generated: true}
			if v.hasCode() {
				c.Expected, c.ReceiverAfter = nil, nil // code is an input only
			}
			f := &File{Package: "example.com/p", Functions: []*Function{{
				Name:    "(*T).M",
				Dataset: []*Case{c},
			}}}
			data, err := f.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse("x.yml", data)
			if err != nil {
				t.Fatalf("parse:\n%s\n%v", data, err)
			}
			if c := back.Functions[0].Dataset[0]; !c.Generated {
				t.Errorf("the case reads back hand-written:\n%s", data)
			}
		})
	}
}
