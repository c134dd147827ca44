package runner

import (
	"strings"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/spec"
)

// valueDiff is a go-cmp diff (-want +got) of two structured values,
// decoded into Go values (maps, slices, scalars); numbers compare as
// spec.Equal compares them, within tol.
func valueDiff(want, got spec.Value, tol float64) string {
	num := func(x any) (spec.Value, bool) {
		switch x := x.(type) {
		case int64:
			return spec.IntValue(x), true
		case uint64:
			return spec.UintValue(x), true
		case float64:
			return spec.FloatValue(x), true
		}
		return spec.Value{}, false
	}
	both := func(x, y any) bool {
		_, okx := num(x)
		_, oky := num(y)
		return okx && oky
	}
	equal := func(x, y any) bool {
		a, _ := num(x)
		b, _ := num(y)
		return spec.Equal(a, b, spec.EqualOption{FloatTolerance: tol})
	}
	d := cmp.Diff(want.Plain(), got.Plain(), cmp.FilterValues(both, cmp.Comparer(equal)))
	// go-cmp writes some spaces as U+00A0 at random, so that no one
	// relies on its output; a report is read by people, and by goldens.
	return strings.TrimRight(strings.ReplaceAll(d, "\u00a0", " "), "\n")
}
