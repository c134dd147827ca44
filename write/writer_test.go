package write_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// The built-in writer is a Writer, as the model's spec agent is.
var _ write.Writer = write.Builtin{}

func TestBuiltinDraft(t *testing.T) {
	f := &target.Func{Name: "F", Params: []target.Param{{Name: "s"}}}
	c := func(id, raises string) *spec.Case { return &spec.Case{ID: id, Raises: raises} }
	verified := []*spec.Case{c("panics-x", "panic"), c("error-y", "error"), c("ok-a", ""), c("error-z", "io.EOF"), c("ok-b", "")}
	d, err := write.Builtin{}.Draft(context.Background(), &write.Request{Func: f, Verified: verified})
	if err != nil {
		t.Fatal(err)
	}
	if d.Function.Name != "F" || len(d.Fixes) != 0 {
		t.Errorf("draft %q with fixes %q, want F with none", d.Function.Name, d.Fixes)
	}
	var got []string
	for _, c := range d.Function.Dataset {
		got = append(got, c.ID)
	}
	want := []string{"ok-a", "ok-b", "error-y", "error-z", "panics-x"}
	if len(got) != len(want) {
		t.Fatalf("cases %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("cases %q, want %q: successes, errors, panics, each in the order verified", got, want)
		}
	}
	if verified[0].ID != "panics-x" {
		t.Errorf("the request's cases were reordered")
	}
}

func TestArgsKey(t *testing.T) {
	f := &target.Func{Name: "G", Params: []target.Param{{Name: "a"}, {Name: "b"}}}
	byName := spec.Value{Kind: spec.Map, Map: []spec.Entry{
		{Key: spec.StringValue("b"), Val: spec.IntValue(2)},
		{Key: spec.StringValue("a"), Val: spec.IntValue(1)},
	}}
	inOrder := spec.ListValue(spec.IntValue(1), spec.IntValue(2))
	other := spec.ListValue(spec.IntValue(2), spec.IntValue(1))
	if write.ArgsKey(f, &spec.Case{Inputs: &byName}) != write.ArgsKey(f, &spec.Case{Inputs: &inOrder}) {
		t.Error("inputs by name and in order give different keys")
	}
	if write.ArgsKey(f, &spec.Case{Inputs: &inOrder}) == write.ArgsKey(f, &spec.Case{Inputs: &other}) {
		t.Error("different arguments give one key")
	}
	one := &target.Func{Name: "H", Params: []target.Param{{Name: "s"}}}
	s := spec.StringValue("x")
	list := spec.ListValue(s)
	if write.ArgsKey(one, &spec.Case{Input: &s}) != write.ArgsKey(one, &spec.Case{Inputs: &list}) {
		t.Error("input and inputs in order give different keys")
	}
}

func TestStableIDs(t *testing.T) {
	f := &target.Func{Name: "F", Params: []target.Param{{Name: "s"}}}
	c := func(id, in string, generated bool) *spec.Case {
		v := spec.StringValue(in)
		return &spec.Case{ID: id, Input: &v, Generated: generated}
	}
	tests := []struct {
		name   string
		old    []*spec.Case
		cases  []*spec.Case
		want   []string
		reason string
	}{
		{"no-spec", nil, []*spec.Case{c("ok-a", "a", false)}, []string{"ok-a"}, "without an existing spec ids are as written"},
		{"same-input-keeps-id", []*spec.Case{c("ok-12342", "12342", true)}, []*spec.Case{c("ok-10", "12342", false)}, []string{"ok-12342"}, "an input of an old generated case takes its id"},
		{"collision", []*spec.Case{c("error-0-1-1", "0.1.1", true)}, []*spec.Case{c("error-0-1-1", "0.-1-1", false)}, []string{"error-0-1-1-2"}, "a new input never takes an old case's id"},
		{"collision-hand-written", []*spec.Case{c("ok-a", "a", false)}, []*spec.Case{c("ok-a", "A", false)}, []string{"ok-a-2"}, "nor a hand-written case's"},
		{"hand-written-input", []*spec.Case{c("mine", "a", false)}, []*spec.Case{c("ok-a", "a", false)}, []string{"ok-a"}, "a hand-written case's id is not taken for its input"},
		{"suffix-taken", []*spec.Case{c("ok-x", "1", true), c("ok-x-2", "2", true)}, []*spec.Case{c("ok-x", "3", false)}, []string{"ok-x-3"}, "the first free suffix"},
		{"id-freed-then-reused", []*spec.Case{c("ok-x", "1", true)}, []*spec.Case{c("ok-x", "3", false), c("ok-y", "1", false)}, []string{"ok-x-2", "ok-x"}, "the old id goes to its input even when a new case came first"},
		{"unstable", []*spec.Case{c("ok-t-unstable", "t", true)}, []*spec.Case{c("ok-t", "t", false)}, []string{"ok-t-unstable"}, "a weakened case's id too"},
		{"no-spec-collision", nil, []*spec.Case{c("int-a", "a", false), c("int-a", "b", false)}, []string{"int-a", "int-a-2"}, "without an existing spec, ids that collide (two instantiations' cases) are made unique"},
		{"swap", []*spec.Case{c("ok-a", "b", true), c("ok-b", "a", true)}, []*spec.Case{c("ok-a", "a", false), c("ok-b", "b", false)}, []string{"ok-b", "ok-a"}, "ids follow inputs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			write.StableIDs(f, tt.cases, tt.old)
			var got []string
			for _, c := range tt.cases {
				got = append(got, c.ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ids %q, want %q (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

// TestStableIDsUnordered checks that a regenerated case keeps the
// unordered of the old case whose id it takes, and only that one.
func TestStableIDsUnordered(t *testing.T) {
	f := &target.Func{Name: "F", Params: []target.Param{{Name: "s"}}}
	c := func(id, in string, unordered bool) *spec.Case {
		v, want := spec.StringValue(in), spec.ListValue(spec.StringValue(in))
		return &spec.Case{ID: id, Input: &v, Expected: &want, Generated: true, Unordered: unordered}
	}
	cases := []*spec.Case{c("ok-a", "a", false), c("ok-b", "b", false), c("ok-c", "c", false)}
	old := []*spec.Case{c("ok-a-any-order", "a", true), c("ok-b", "b", false)}
	write.StableIDs(f, cases, old)
	var got []string
	for _, c := range cases {
		got = append(got, fmt.Sprintf("%s %v", c.ID, c.Unordered))
	}
	if want := []string{"ok-a-any-order true", "ok-b false", "ok-c false"}; !slices.Equal(got, want) {
		t.Errorf("cases %q, want %q", got, want)
	}
}
