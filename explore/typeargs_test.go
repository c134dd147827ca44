package explore

import (
	"slices"
	"strings"
	"testing"
)

func TestInstantiations(t *testing.T) {
	tests := []struct {
		fn   string
		want []string
		why  string
	}{
		{"Max", []string{"int", "float64", "ID"}, "a type set: a type of each kind, then a named type of the package"},
		{"Sum", []string{"int", "float64", "ID"}, "a named constraint's type set, kinds first"},
		{"Convert", []string{"int", "uint8", "float32"}, "one type of each kind before the rest"},
		{"Keys", []string{"int, int", "string, string", "ID, ID"}, "comparable and any: int, string, a named type of the package"},
		{"Join", []string{"Name"}, "a method constraint: the package's types that implement it"},
		{"Index", []string{"[]int, int", "[]string, string", "[]ID, ID"}, "a type set over another type parameter follows it"},
		{"Name.String", []string{""}, "not generic: itself"},
	}
	for _, tt := range tests {
		f := loadFunc(t, "testdata/generic", tt.fn)
		p := f.Pkg
		var got []string
		for _, inst := range Instantiations(f, MaxInstantiations) {
			var args []string
			for _, a := range inst.TypeArgs {
				args = append(args, p.TypeString(a))
			}
			got = append(got, strings.Join(args, ", "))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Instantiations(%s) = %q, want %q (%s)", tt.fn, got, tt.want, tt.why)
		}
	}
}
