package executors

import (
	"go/types"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/target"
)

func TestLiteral(t *testing.T) {
	named := types.NewNamed(types.NewTypeName(0, nil, "Unit", nil), types.Typ[types.Int64], nil)
	bytesT := types.NewSlice(types.Typ[types.Byte])
	tests := []struct {
		expr string
		t    types.Type
		kind litKind
		text string
	}{
		{`"1 KB"`, types.Typ[types.String], litString, "1 KB"},
		{"`a\\b`", types.Typ[types.String], litString, `a\b`},
		{`"\xff\n"`, types.Typ[types.String], litString, "\xff\n"},
		{`[]byte("x y")`, bytesT, litBytes, "x y"},
		{`[]uint8("")`, bytesT, litBytes, ""},
		{`[]byte{1}`, bytesT, litBytes, "\x01"},
		{`[]byte{98, 0x79, 'e'}`, bytesT, litBytes, "bye"},
		{`[]uint8{}`, bytesT, litBytes, ""},
		{`[]byte{256}`, bytesT, litNone, ""},
		{`[]byte{-1}`, bytesT, litNone, ""},
		{`[]byte{2: 1}`, bytesT, litNone, ""},
		{`[]byte{x}`, bytesT, litNone, ""},
		{`[]byte(nil)`, bytesT, litNone, ""},
		{`[3]byte{1, 2, 3}`, bytesT, litNone, ""},
		{`-3`, types.Typ[types.Int], litInt, "-3"},
		{`0x_ff`, types.Typ[types.Int], litInt, "255"},
		{`'a'`, types.Typ[types.Int32], litInt, "97"},
		{`(7)`, named, litInt, "7"},
		{`300`, types.Typ[types.Int8], litNone, ""},
		{`-1`, types.Typ[types.Uint], litNone, ""},
		{`18446744073709551615`, types.Typ[types.Uint64], litUint, "18446744073709551615"},
		{`2.5`, types.Typ[types.Float64], litFloat, "2.5"},
		{`1`, types.Typ[types.Float64], litFloat, "1"},
		{`0.1`, types.Typ[types.Float64], litFloat, "0.1"},
		{`0.1`, types.Typ[types.Float32], litFloat, "0.10000000149011612"},
		{`-1_000.5e-1`, types.Typ[types.Float64], litFloat, "-100.05"},
		{`1e400`, types.Typ[types.Float64], litNone, ""},
		{`0.5`, types.Typ[types.Float32], litFloat, "0.5"},
		{`2.5`, types.Typ[types.Int], litNone, ""},
		{`true`, types.Typ[types.Bool], litBool, "true"},
		{`x`, types.Typ[types.Int], litNone, ""},
		{`1 + 2`, types.Typ[types.Int], litNone, ""},
		{`"x"`, types.Typ[types.Int], litNone, ""},
		{`1i`, types.Typ[types.Complex128], litNone, ""},
		{`nil`, types.NewPointer(types.Typ[types.Int]), litNone, ""},
		// The float64 values no constant is, as strconv reads them; a
		// float32 or a named parameter would not compile them.
		{`math.Inf(1)`, types.Typ[types.Float64], litFloat, "+Inf"},
		{`math.Inf(-1)`, types.Typ[types.Float64], litFloat, "-Inf"},
		{`math.Inf(0)`, types.Typ[types.Float64], litFloat, "+Inf"},
		{`math.NaN()`, types.Typ[types.Float64], litFloat, "NaN"},
		{`math.Copysign(0, -1)`, types.Typ[types.Float64], litFloat, "-0"},
		{`math.Copysign(2.5, -1)`, types.Typ[types.Float64], litFloat, "-2.5"},
		{`math.Inf(1.5)`, types.Typ[types.Float64], litNone, ""},
		{`math.Inf(1)`, types.Typ[types.Float32], litNone, ""},
		{`math.NaN()`, types.NewNamed(types.NewTypeName(0, nil, "Celsius", nil), types.Typ[types.Float64], nil), litNone, ""},
		{`math.NaN(1)`, types.Typ[types.Float64], litNone, ""},
		{`mymath.NaN()`, types.Typ[types.Float64], litNone, ""},
	}
	for _, tt := range tests {
		kind, text := literal(tt.expr, tt.t)
		if kind != tt.kind || text != tt.text {
			t.Errorf("literal(%s, %s) = %d %q, want %d %q", tt.expr, tt.t, kind, text, tt.kind, tt.text)
		}
	}
}

// TestTemplatedImports checks that an import only a literal argument
// used (math, for math.Inf(1)) leaves with it, and one the rest of the
// probe uses stays.
func TestTemplatedImports(t *testing.T) {
	f64 := types.Typ[types.Float64]
	params := []target.Param{{Name: "a", Type: f64}, {Name: "b", Type: f64}}
	math := map[string]string{"math": "math"}
	tests := []struct {
		name  string
		probe Probe
		want  map[string]string
	}{
		{"only in a literal", Probe{Args: []string{"math.Inf(1)", "2"}, Imports: math}, map[string]string{}},
		{"in another argument", Probe{Args: []string{"math.Inf(1)", "math.Pi * 2"}, Imports: math}, math},
		{"in the setup", Probe{Setup: "x := math.Sqrt2", Args: []string{"math.NaN()", "x"}, Imports: math}, math},
		{"in an assertion", Probe{Args: []string{"math.NaN()", "1"}, Asserts: []string{"math.IsNaN(output)"}, Imports: math}, math},
		{"code that does not parse", Probe{Setup: "x := (", Args: []string{"math.NaN()", "x"}, Imports: math}, math},
		{"a spec's imports, some unused", Probe{Args: []string{"1", "strings.Count(\"a\", \"\")"}, Imports: map[string]string{"math": "math", "strings": "", "time": "_"}}, map[string]string{"strings": "", "time": "_"}},
	}
	for _, tt := range tests {
		got, _, ok := templated(tt.probe, params, nil, nil)
		if !ok {
			t.Errorf("%s: not templated", tt.name)
			continue
		}
		if diff := cmp.Diff(tt.want, usedImports(got)); diff != "" {
			t.Errorf("%s: imports (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestTemplatedRecv checks which receivers read their constant from the
// request: conversions of a constant to the receiver's named basic type.
func TestTemplatedRecv(t *testing.T) {
	named := func(name string, under types.Type) *types.Named {
		return types.NewNamed(types.NewTypeName(0, nil, name, nil), under, nil)
	}
	size := named("ByteSize", types.Typ[types.Uint64])
	small := named("Small", types.Typ[types.Int8])
	label := named("Label", types.Typ[types.String])
	point := named("Point", types.NewStruct(nil, nil))
	tests := []struct {
		recv string
		t    *types.Named
		want string
		lits []string
	}{
		{"func() *ByteSize { v := ByteSize(3); return &v }()", size, "func() *ByteSize { v := ByteSize(specgenLitUint(1)); return &v }()", []string{"a", "3"}},
		{"ByteSize(1 << 10)", size, "ByteSize(1 << 10)", []string{"a"}},
		{"Small(300)", small, "Small(300)", []string{"a"}},
		{"Small(-3)", small, "Small(specgenLitInt(1))", []string{"a", "-3"}},
		{`Label("x")`, label, "Label(specgenLitString(1))", []string{"a", "x"}},
		{"Point{}", point, "Point{}", []string{"a"}},
		{"Other(3)", size, "Other(3)", []string{"a"}},
	}
	for _, tt := range tests {
		got, lits := templatedRecv(tt.recv, tt.t, []string{"a"})
		if got != tt.want || !slices.Equal(lits, tt.lits) {
			t.Errorf("templatedRecv(%s) = %s %q, want %s %q", tt.recv, got, lits, tt.want, tt.lits)
		}
	}
}
