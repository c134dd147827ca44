package explore

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/spec"
)

// TestSummaryGolden runs a fixed model-like plan through the fake
// executor and compares the cluster summary round 2 would be given with
// testdata/summary_ParseSize.golden (rewrite it with -update).
func TestSummaryGolden(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{{
		Snippets: snippets(
			`ParseSize("12kb")`,
			`ParseSize("1.5 MB")`,
			"s := strings.Repeat(\"9\", 3)\nParseSize(s + \"b\")",
			`ParseSize("0")`,
			`ParseSize("-3b")`,
			`ParseSize(5)`,
		),
		ErrorSnippets: snippets(
			`ParseSize("")`,
			`ParseSize("   ")`,
			`ParseSize("x")`,
			`ParseSize("12 parsecs")`,
			`ParseSize("1.2.3")`,
		),
	}}}
	x, err := Run(context.Background(), f, ex, fe, Options{MaxRounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := x.Summary()
	if len(s.Successes) != 3 || len(s.Errors) != 4 || s.CompileErrors != 1 {
		t.Errorf("%d success and %d error clusters, %d compile errors; want 3, 4, 1", len(s.Successes), len(s.Errors), s.CompileErrors)
	}
	// The text names the sample file's lines; make it independent of
	// where the checkout is.
	got := strings.ReplaceAll(s.Text(0), filepath.Dir(f.File), "DIR")
	golden.Check(t, "testdata/summary_ParseSize.golden", got)
	// The summary is deterministic.
	if again := strings.ReplaceAll(x.Summary().Text(0), filepath.Dir(f.File), "DIR"); again != got {
		t.Errorf("a second summary of the same exploration differs")
	}
}

func TestSummaryTriedLimit(t *testing.T) {
	s := &Summary{Func: "F", Tried: []string{"F(1)", "F(2)", "F(3)"}}
	got := s.Text(2)
	if !strings.Contains(got, "... 1 earlier snippets") || strings.Contains(got, "F(1)\n") || !strings.Contains(got, "F(3)") {
		t.Errorf("Text(2) should list the last 2 tried snippets:\n%s", got)
	}
}

func TestDescribeResult(t *testing.T) {
	after := spec.MapValue("Len()", spec.IntValue(2))
	for _, c := range []struct {
		name string
		r    executors.Result
		want string
	}{
		{"returned", executors.Result{Outcome: executors.OK}, "returned"},
		{"receiver after", executors.Result{Outcome: executors.OK, After: &after}, "returned; receiver after: {Len(): 2}"},
		{"error and receiver after", executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "full"}, After: &after},
			`error "full"; receiver after: {Len(): 2}`},
	} {
		if got := describeResult(&c.r); got != c.want {
			t.Errorf("%s: describeResult = %q, want %q", c.name, got, c.want)
		}
	}
}
