package write_test

import (
	"context"
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
