package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/executors"
)

const afterSpec = `package: example.com/runnertest/calc
(*Stack).Push:
  dataset:
    - case:
        id: observed
        receiver: {go: 'NewStack("a")'}
        input: b
        receiver_after: {String(): a b, Len(): 2}
    - case:
        id: wrong
        receiver: {go: 'NewStack("a")'}
        input: b
        receiver_after: {String(): a b c, Len(): 3}
    - case:
        id: unchecked
        receiver: {go: 'NewStack()'}
        input: b
    - case:
        id: keyed
        receiver: {go: 'NewStack("a")'}
        input: b
        receiver_after: {Len(): 2, Has(s): true}
    - case:
        id: keyed-wrong
        receiver: {go: 'NewStack("a")'}
        input: b
        receiver_after: {Has(s): false}
(*Stack).Drop:
  dataset:
    - case:
        id: partial-before-error
        receiver: {go: 'NewStack("a", "b")'}
        input: 3
        raises: error
        receiver_after: {Len(): 0}
    - case:
        id: error-leaves-it-wrong
        receiver: {go: 'NewStack("a", "b")'}
        input: 3
        raises: error
        receiver_after: {Len(): 2}
    - case:
        id: nil-panics
        receiver: null
        input: 1
        receiver_after: null
(*Counter).Add:
  dataset:
    - case:
        id: canonical
        receiver: {N: 1, Step: 2}
        input: 3
        expected: 7
        receiver_after: {N: 7, Step: 2}
    - case:
        id: canonical-wrong
        receiver: {N: 1}
        input: 3
        expected: 4
        receiver_after: {N: 3, Step: 0}
`

// TestReceiverAfterPrograms checks that a case with receiver_after asks
// its probe for the receiver after the call, through the observers the
// spec names, or as a canonical tree.
func TestReceiverAfterPrograms(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stack_evals.yml")
	writeFile(t, path, afterSpec)
	fake := &fakeExecutor{result: executors.Result{Outcome: executors.OK}}
	if _, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/specs/x.yml"), Options{Executor: fake}); err != nil {
		t.Fatal(err)
	}
	type ask struct {
		After   bool
		Observe []string
	}
	var got []ask
	for _, p := range fake.progs {
		if p.ObserveReceiver {
			t.Errorf("%s: the runner observes only what the spec names", p.Func.Name)
		}
		for _, pr := range p.Probes {
			got = append(got, ask{pr.After, pr.AfterObserve})
		}
	}
	want := []ask{
		{true, []string{"String()", "Len()"}},
		{true, []string{"String()", "Len()"}},
		{false, nil},
		{true, []string{"Len()", "Has(s)"}},
		{true, []string{"Has(s)"}},
		{true, []string{"Len()"}},
		{true, []string{"Len()"}},
		{true, nil}, // null: the canonical tree
		{true, nil}, // exported fields only: the canonical tree
		{true, nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("probes differ (-want +got):\n%s", diff)
	}
}

// TestReceiverAfterErrors checks that the keys of receiver_after must be
// observers of the receiver's type, each problem where the spec says it
// (spec.Parse refuses receiver_after where no receiver changes).
func TestReceiverAfterErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "after_evals.yml")
	writeFile(t, path, `package: example.com/runnertest/calc
(*Stack).Push:
  dataset:
    - case:
        input: a
        receiver_after: {Lenn(): 1, len(): 1, Has(x): true, Has(): true, Len(s): 1}
`)
	_, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/specs/x.yml"), Options{Executor: refuseExecutor{t}})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("RunSpec: got %v, want a *LoadError", err)
	}
	want := []string{
		path + ":6:9: (*Stack).Push: case 1: receiver_after: *calc.Stack has no exported field or method Lenn() (did you mean Len()?)",
		path + ":6:9: (*Stack).Push: case 1: receiver_after: len(): want an exported field (Name) or an exported method call (Name() or Name(param))",
		path + ":6:9: (*Stack).Push: case 1: receiver_after: Has(x): x is not a parameter of the call (s)",
		path + ":6:9: (*Stack).Push: case 1: receiver_after: Has() takes arguments",
		path + ":6:9: (*Stack).Push: case 1: receiver_after: Len(s): Len takes 0 arguments, not 1",
	}
	if diff := cmp.Diff(want, strings.Split(le.Error(), "\n")); diff != "" {
		t.Errorf("problems differ (-want +got):\n%s", diff)
	}
}

// TestReceiverAfterRun runs receiver_after cases on both engines: they
// agree, a receiver left in another state fails the case with the
// ReceiverAfter evaluator, and a state changed before an error counts.
func TestReceiverAfterRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	path := filepath.Join(t.TempDir(), "stack_evals.yml")
	writeFile(t, path, afterSpec)
	for _, e := range []executors.Executor{&executors.Native{Logf: t.Logf}, &executors.Yaegi{Logf: t.Logf}} {
		t.Run(e.Name(), func(t *testing.T) {
			rep, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/specs/x.yml"), Options{Executor: e})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, f := range rep.Functions {
				for _, c := range f.Cases {
					var msgs []string
					for _, fl := range c.Failures {
						msgs = append(msgs, fl.String())
						if c.ID == "nil-panics" {
							// Engines word runtime panics their own way.
							msgs[len(msgs)-1] = "[" + string(fl.Evaluator) + "]"
						}
					}
					got[c.ID] = string(c.Status) + " " + strings.Join(msgs, "; ")
				}
			}
			want := map[string]string{
				"observed":              "passed ",
				"wrong":                 "failed ReceiverAfter: the receiver after the call differs:\n  String(): want \"a b c\", got \"a b\"\n  Len(): want 3, got 2\n  want: {String(): \"a b c\", Len(): 3}\n  got:  {String(): \"a b\", Len(): 2}",
				"unchecked":             "passed ",
				"keyed":                 "passed ",
				"keyed-wrong":           "failed ReceiverAfter: the receiver after the call differs:\n  Has(s): want false, got true\n  want: {Has(s): false}\n  got:  {Has(s): true}",
				"partial-before-error":  "passed ",
				"error-leaves-it-wrong": "failed ReceiverAfter: the receiver after the call differs:\n  Len(): want 2, got 0\n  want: {Len(): 2}\n  got:  {Len(): 0}",
				// The call's own failure says it panicked; ReceiverAfter
				// does not say it again.
				"nil-panics":      "failed []",
				"canonical":       "passed ",
				"canonical-wrong": "failed ReceiverAfter: the receiver after the call differs:\n  N: want 3, got 4\n  want: {N: 3, Step: 0}\n  got:  {N: 4, Step: 0}",
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verdicts differ (-want +got):\n%s", diff)
			}
		})
	}
}
