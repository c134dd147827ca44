package executors

import (
	"go/types"
	"testing"
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
		{`[]byte{1}`, bytesT, litNone, ""},
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
	}
	for _, tt := range tests {
		kind, text := literal(tt.expr, tt.t)
		if kind != tt.kind || text != tt.text {
			t.Errorf("literal(%s, %s) = %d %q, want %d %q", tt.expr, tt.t, kind, text, tt.kind, tt.text)
		}
	}
}
