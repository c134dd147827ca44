package explore

import (
	"slices"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/target"
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
		{"(*Stack).Push", []string{"int", "string", "ID"}, "a method of a generic type: its type's parameter"},
		{"(*Cache).Get", []string{"int, int", "string, string", "ID, ID"}, "a method of a type of two parameters"},
		{"Vec.Sum", []string{"int", "float64", "ID"}, "a value method of a type over a constraint with a type set"},
		{"Parse", []string{"string", "uint8", "uint", "float64"}, "a type switch on any(t): its cases in the type set first, each one instantiation"},
		{"(*Stack).Kind", []string{"string", "int", "ID"}, "a type assertion on any(zero) in a method of a generic type: string first"},
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

// TestGenericMethodSeeds checks the first inputs of the built-in
// explorer for methods of generic types: receivers are built by the
// type's generic constructor called with the instantiation's type
// arguments, and filled by its instantiated mutators; each snippet is a
// probe whose receiver is that code.
func TestGenericMethodSeeds(t *testing.T) {
	tests := []struct {
		fn   string
		want map[string][]string // by type arguments: receivers among the seeds
		why  string
	}{
		{
			fn: "(*Stack).Pop",
			want: map[string][]string{
				"int":    {"NewStack[int]()", "func() *Stack[int] { p := NewStack[int](); p.Push(2); return p }()"},
				"string": {"NewStack[string]()", `func() *Stack[string] { p := NewStack[string](); p.Push("abc"); return p }()`},
				"ID":     {"NewStack[ID]()", "func() *Stack[ID] { p := NewStack[ID](); p.Push(ID(1)); return p }()"},
			},
			why: "a constructor without arguments, then filled by Push",
		},
		{
			fn: "(*Cache).Get",
			want: map[string][]string{
				"int, int": {"func() *Cache[int, int] { v, _ := NewCache[int, int](1); return v }()",
					"func() *Cache[int, int] { p, _ := NewCache[int, int](2); p.Put(2, 2); return p }()"},
				"string, string": {`func() *Cache[string, string] { v, _ := NewCache[string, string](1); return v }()`},
			},
			why: "a constructor with an error and an argument, called with both type arguments; a cache filled from a typical size",
		},
	}
	for _, tt := range tests {
		f := loadFunc(t, "testdata/generic", tt.fn)
		seen := map[string]bool{}
		for _, inst := range Instantiations(f, MaxInstantiations) {
			key := typeArgs(inst)
			a, err := newAnalysis(inst, 1, false)
			if err != nil {
				t.Fatalf("%s[%s]: %v", tt.fn, key, err)
			}
			recvs := map[string]bool{}
			for i, sd := range append(a.seeds, a.risky...) {
				p, err := ProbeFromSnippet(inst, "s", Snippet{Code: sd.code})
				if err != nil {
					t.Errorf("%s[%s]: seed %d %s: %v", tt.fn, key, i, sd.code, err)
					continue
				}
				recvs[p.Recv] = true
				if strings.Contains(p.Recv, "Stack[T]") || strings.Contains(p.Recv, "[K, V]") {
					t.Errorf("%s[%s]: receiver %s is not instantiated", tt.fn, key, p.Recv)
				}
			}
			for _, want := range tt.want[key] {
				seen[key] = true
				if !recvs["("+want+")"] {
					t.Errorf("%s[%s]: no receiver %s among the seeds (%s); got %q", tt.fn, key, want, tt.why, sortedKeys(recvs))
				}
			}
		}
		for key := range tt.want {
			if !seen[key] {
				t.Errorf("%s: no instantiation [%s]", tt.fn, key)
			}
		}
	}
}

// typeArgs writes an instantiation's type arguments: "int, string".
func typeArgs(f *target.Func) string {
	var args []string
	for _, a := range f.TypeArgs {
		args = append(args, f.Pkg.TypeString(a))
	}
	return strings.Join(args, ", ")
}
