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

const observeSpec = `package: example.com/runnertest/calc
ParseVersion:
  dataset:
    - case:
        id: observed
        input: "1.2"
        expected: {String(): "1.2", Major(): 1, Label: ""}
    - case:
        id: fields
        input: "1.2"
        expected: {Label: ""}
    - case:
        id: wrong
        input: "1.2"
        expected: {Major(): 2, Minor(): 2}
    - case:
        id: panicking
        input: "1.100"
        expected: {Major(): 1, Minor(): 100}
    - case:
        id: nil
        input: "x"
        raises: error
SplitVersion:
  dataset:
    - case:
        id: pair
        input: "3.4"
        expected: [{Major(): 3}, 4]
Above:
  dataset:
    - case:
        id: called
        input: 2
        expected: {(n): false, (3): true, (-1): false}
    - case:
        id: called-wrong
        input: 2
        expected: {(1): true}
CountFrom:
  dataset:
    - case:
        id: stepped
        input: 1
        expected: {Name(): tally, 'Next(); Reset(); Next()': [2, null, 1]}
    - case:
        id: stepped-wrong
        input: 1
        expected: {Next(); Next(): [2, 4]}
`

// TestObserverPrograms checks that a map expected of a struct result
// with a method key is evaluated through those observers, and that
// other expected values are compared as canonical trees.
func TestObserverPrograms(t *testing.T) {
	path := filepath.Join(t.TempDir(), "version_evals.yml")
	writeFile(t, path, observeSpec)
	fake := &fakeExecutor{result: executors.Result{Outcome: executors.OK}}
	if _, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/specs/x.yml"), Options{Executor: fake}); err != nil {
		t.Fatal(err)
	}
	var got [][][]string
	for _, p := range fake.progs {
		if p.ObserveOpaque {
			t.Errorf("%s: the runner observes only what the spec names", p.Func.Name)
		}
		for _, pr := range p.Probes {
			got = append(got, pr.Observe)
		}
	}
	want := [][][]string{
		{{"String()", "Major()", "Label"}},
		nil,
		{{"Major()", "Minor()"}},
		{{"Major()", "Minor()"}},
		nil,
		{{"Major()"}, nil},
		{{"(n)", "(3)", "(-1)"}},
		{{"(1)"}},
		{{"Name()", "Next(); Reset(); Next()"}},
		{{"Next(); Next()"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("observers differ (-want +got):\n%s", diff)
	}
}

// TestObserverErrors checks that keys that are not observers of the
// result's type are reported where the spec says them.
func TestObserverErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "version_evals.yml")
	writeFile(t, path, `package: example.com/runnertest/calc
ParseVersion:
  dataset:
    - case:
        input: "1.2"
        expected: {Majr(): 1, Label(): "", major(): 1}
Above:
  dataset:
    - case:
        input: 1
        expected: {(x): true, ("a"): true, '(1, 2)': true}
`)
	_, err := RunSpec(context.Background(), mustLoadSpec(t, path, "testdata/mod/specs/x.yml"), Options{Executor: refuseExecutor{t}})
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("RunSpec: got %v, want a *LoadError", err)
	}
	want := []string{
		path + ":6:9: ParseVersion: case 1: expected: *calc.Version has no exported field or method Majr() (did you mean Major()?)",
		path + ":6:9: ParseVersion: case 1: expected: Label() is a field, not a method: write Label",
		path + ":6:9: ParseVersion: case 1: expected: major(): want an exported field (Name) or an exported method call (Name() or Name(param))",
		path + ":11:9: Above: case 1: expected: (x): argument 1: x is not a parameter of the call (n)",
		path + ":11:9: Above: case 1: expected: (\"a\"): argument 1: \"a\" does not fit a int (want a parameter of the call, a literal, nil, T{}, &T{}, F(func(…) {…}) for an interface or httptest.NewRequest(\"GET\", \"/\", nil) for a request)",
		path + ":11:9: Above: case 1: expected: (1, 2): the function takes 1 argument, not 2",
	}
	if diff := cmp.Diff(want, strings.Split(le.Error(), "\n")); diff != "" {
		t.Errorf("problems differ (-want +got):\n%s", diff)
	}
}

// TestObserversRun runs observed expectations on both engines: they
// agree, and a failure names the observer that differs.
func TestObserversRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	path := filepath.Join(t.TempDir(), "version_evals.yml")
	writeFile(t, path, observeSpec)
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
						msgs = append(msgs, fl.Message)
					}
					got[c.ID] = string(c.Status) + " " + strings.Join(msgs, "; ")
				}
			}
			want := map[string]string{
				"observed":      "passed ",
				"fields":        "passed ",
				"wrong":         "failed the result differs:\n  Major(): want 2, got 1\n  want: {Major(): 2, Minor(): 2}\n  got:  {Major(): 1, Minor(): 2}",
				"panicking":     "failed the result differs:\n  Minor(): want 100, got \"<panic>\"\n  want: {Major(): 1, Minor(): 100}\n  got:  {Major(): 1, Minor(): \"<panic>\"}",
				"nil":           "passed ",
				"pair":          "passed ",
				"called":        "passed ",
				"called-wrong":  "failed the result differs:\n  (1): want true, got false\n  want: {(1): true}\n  got:  {(1): false}",
				"stepped":       "passed ",
				"stepped-wrong": "failed the result differs:\n  Next(); Next()[1]: want 4, got 3\n  want: {Next(); Next(): [2, 4]}\n  got:  {Next(); Next(): [2, 3]}",
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verdicts differ (-want +got):\n%s", diff)
			}
		})
	}
}
