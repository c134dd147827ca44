package explore

import (
	"go/types"
	"slices"

	"github.com/specgen-dev/specgen/spec"
)

// anyCode are values of an empty interface whose dynamic type a spec
// value cannot carry (a value of YAML is int, float64, string, bool,
// []any or map[string]any there), written as code.
var anyCode = []string{
	"int8(42)", "uint16(42)", "int64(42)", "uint(42)", "int32(-1)", "uint8(255)",
	"float32(3.7)", `[]byte("42")`, "[]int{1, 2, 3}", "[]string{\"a\", \"b\"}",
	`map[string]int{"a": 1}`, "time.Duration(1500000000)", "struct{}{}",
	"int16(-300)", "uint32(42)", "uint64(18446744073709551615)", `errors.New("boom")`,
	"time.Date(2024, 2, 29, 12, 30, 45, 0, time.UTC)", `map[string]interface{}{"a": 1, "b": "x"}`,
}

// anyLater are values of an empty interface tried after the package's
// own types: named types of other packages of basic kinds (reflect sees
// their kind, not their name), one with methods that convert
// (json.Number), pointers, a nil one too (a nil *string in an
// interface is no nil interface), and a function (reflect's Func kind,
// which encoders and loggers refuse).
var anyLater = []string{`json.Number("1.5")`, "time.Month(2)", "new(int)", "(*string)(nil)", "func() {}"}

// maxAnyHarvested bounds the harvested strings an empty interface is
// given.
const maxAnyHarvested = 4

// anyValues are the first candidates of an empty interface: nil, 0, 42,
// values of the types the code asserts it to (see assertedValues), then
// values of many dynamic types, each basic kind and size, strings that
// read as numbers and truth values, byte slices, slices and maps, a
// time.Duration (a fmt.Stringer), a time.Time, an error, the package's
// own named types, then named types of basic kinds and pointers, so that
// a budget of cases reaches them before the mined words and numbers.
func (g *valueGen) anyValues(depth int) []spec.Value {
	first, second := g.assertedValues(depth)
	out := append([]spec.Value{spec.NullValue(), spec.IntValue(0), spec.IntValue(42)}, first...)
	out = append(out, g.anyHarvested(depth)...)
	out = append(out, g.taggedValues()...)
	for _, c := range anyCode[:3] {
		out = append(out, spec.CodeValue(c))
	}
	out = append(out, spec.FloatValue(3.7), spec.CodeValue("float32(3.7)"),
		spec.StringValue("42"), spec.StringValue("3.7"), spec.StringValue("true"), spec.StringValue(""),
		spec.BoolValue(true), spec.BoolValue(false))
	for _, c := range anyCode[3:] {
		out = append(out, spec.CodeValue(c))
	}
	out = append(out, g.ownTypeValues(depth)...)
	out = append(out, second...)
	for _, c := range anyLater {
		out = append(out, spec.CodeValue(c))
	}
	return out
}

// anyHarvested are, for an empty interface the function is given, the
// strings the package makes itself (see harvested) when its code asserts
// the interface to string: a Scan(src any) whose string case hands src
// to the package's parser is given valid text as a Parse(s string) is.
// At most maxAnyHarvested of them.
func (g *valueGen) anyHarvested(depth int) []spec.Value {
	// Only string itself: a named string type's value would read back
	// as a string once mutated.
	str := types.Typ[types.String]
	if g.m == nil || depth != 0 || !slices.ContainsFunc(g.m.asserted, func(t types.Type) bool { return types.Identical(t, str) }) {
		return nil
	}
	strong, _ := g.harvested(str, depth)
	strong = strong[:min(len(strong), maxAnyHarvested)]
	for _, v := range strong {
		g.harvestedCode[v.Str] = true // harvested values are code
	}
	return strong
}

// ownTypeValues are values of the package's own named types, one of
// each, written as code of exactly that type, for an empty interface.
func (g *valueGen) ownTypeValues(depth int) []spec.Value {
	if g.self == nil || depth >= maxDepth-1 {
		return nil
	}
	var out []spec.Value
	for _, n := range namedTypes(g.self) {
		if _, ok := n.Underlying().(*types.Interface); ok {
			continue
		}
		for _, v := range g.valuesAt(n, depth+1) {
			if v.Kind == spec.Null {
				continue
			}
			if c, ok := g.exactCode(v, n); ok {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// assertedValues are values of the types the code asserts a value to or
// switches on (arg.(Sqlizer), case *Multi:), written as code of exactly
// that type for an empty interface to hold them: first one of each (two
// of an interface: a fake whose methods return a typical value and one
// whose methods fail), then a second of each. An interface's values are
// those of the package's types that implement it and its fakes, so that
// an element of an []any the code tests for a Sqlizer is one. They are
// computed once per depth.
func (g *valueGen) assertedValues(depth int) (first, second []spec.Value) {
	if g.m == nil || depth > maxDepth {
		return nil, nil
	}
	if a, ok := g.asserted[depth]; ok {
		return a[0], a[1]
	}
	defer func() { g.asserted[depth] = [2][]spec.Value{first, second} }()
	for _, t := range g.m.asserted[:min(len(g.m.asserted), maxAssertedTypes)] {
		if hasTypeParam(t, map[types.Type]bool{}) || !g.nameable(t) {
			continue
		}
		if it, ok := t.Underlying().(*types.Interface); ok && it.Empty() {
			continue
		}
		var got []spec.Value
		for _, v := range g.valuesAt(t, depth+1) {
			if len(got) == 2 {
				break
			}
			if v.Kind == spec.Null || isTrivial(v) && v.Kind == spec.Map {
				continue // nil, or a fake returning zero values
			}
			if natural(v, t) {
				got = append(got, v)
			} else if c, ok := g.exactCode(v, t); ok {
				got = append(got, c)
			}
		}
		if len(got) > 0 {
			first = append(first, got[0])
		}
		if len(got) > 1 && types.IsInterface(t) {
			first = append(first, got[1]) // a fake that fails
		} else if len(got) > 1 {
			second = append(second, got[1])
		}
	}
	return first, second
}
