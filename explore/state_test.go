package explore

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

// TestStateFields: the unexported fields a step reads off the state it
// is handed; a field it only assigns is left out, as is every field of
// a parameter that is no struct of the package.
func TestStateFields(t *testing.T) {
	for _, tc := range []struct {
		fn    string
		param int
		want  []string
	}{
		{"(*hasTag).apply", 0, []string{"inPlay", "kept"}},
		{"(*fieldIs).apply", 0, []string{"inPlay", "limit"}},
		{"(*Record).Set", 0, nil}, // a string, no struct
		{"Query", 0, nil},         // a slice, no struct
	} {
		f := targettest.Func(t, "testdata/stateful", ".", tc.fn)
		var got []string
		for _, sf := range stateFields(f, tc.param) {
			got = append(got, sf.name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("stateFields(%s, %d) = %q, want %q", tc.fn, tc.param, got, tc.want)
		}
	}
}

// TestStateValues: the state a step is handed comes made by its
// constructor with the fields the step reads set, all at once and each
// alone, a list of the package's records three ways: the first built,
// one of each make, and ones holding the fields the step reads.
func TestStateValues(t *testing.T) {
	f := targettest.Func(t, "testdata/stateful", ".", "(*fieldIs).apply")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range a.stateValues(0, a.types[1], a.gen.values(a.types[1])) {
		got = append(got, v.Str)
	}
	prefix := "func() *evalState { v := newEvalState(); "
	if len(got) < 4 {
		t.Fatalf("stateValues = %q, want all fields at once, then each alone", got)
	}
	for _, s := range got {
		if !strings.HasPrefix(s, prefix) || !strings.HasSuffix(s, "return v }()") {
			t.Errorf("value %q is not the constructor's value with fields set", s)
		}
	}
	if !strings.Contains(got[0], "v.inPlay = []*Record{") || !strings.Contains(got[0], "v.limit = ") {
		t.Errorf("first value %q does not set every field read", got[0])
	}
	var lists []string
	for _, s := range got[1:] {
		if strings.Contains(s, "v.limit") == strings.Contains(s, "v.inPlay") {
			t.Errorf("value %q does not set one field alone", s)
		}
		if strings.Contains(s, "v.inPlay") {
			lists = append(lists, s)
		}
	}
	if len(lists) != 3 {
		t.Fatalf("inPlay alone in %d values, want 3: %q", len(lists), lists)
	}
	// Records of plain data are literals: one of each set of fields
	// set.
	if !strings.Contains(lists[1], `Fields: nil, Tags: []string{"abc"}`) || !strings.Contains(lists[1], `Fields: map[string]string{"": "abc"}, Tags: nil`) {
		t.Errorf("second list %q has no record of each make", lists[1])
	}
	if !strings.Contains(lists[2], "&Record{Fields: map[string]string{") {
		t.Errorf("third list %q holds no record with the fields read set", lists[2])
	}
	for _, s := range got {
		if strings.Contains(s, "{nil") || strings.Contains(s, "(*Record)(nil)") {
			t.Errorf("value %q holds a nil record", s)
		}
	}
}

// TestStateExplored: the steps of a query, explored alone, run every
// statement: the state they are handed holds records.
func TestStateExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	exploredWhole(t, "testdata/stateful", "(*hasTag).apply", "(*fieldIs).apply")
}

// TestMadeLiterals: a struct of the package written as a literal
// (every field exported) that a constructor makes is also given as the
// constructor makes it, after the zero, typical and first swept
// literals, at the top level only.
func TestMadeLiterals(t *testing.T) {
	f := targettest.Func(t, "testdata/stateful", ".", "(*fieldIs).apply")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	rec := types.NewPointer(f.Pkg.Types.Scope().Lookup("Record").Type())
	vals := a.gen.valuesAt(rec, 0)
	first := slices.IndexFunc(vals, func(v spec.Value) bool { return v.Kind == spec.Code })
	if first < 0 || !strings.HasPrefix(vals[first].Str, "NewRecord(") {
		t.Fatalf("values of *Record hold no NewRecord call: %v", vals)
	}
	if first < 3 {
		t.Errorf("NewRecord's value at %d, want after the first literals: %v", first, vals[:first+1])
	}
	for _, v := range a.gen.valuesAt(rec, 1) {
		if v.Kind == spec.Code {
			t.Errorf("nested value %s: want literals only below the top", v.Str)
		}
	}
}
