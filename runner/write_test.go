package runner

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// sampleReports is one file with a passing, a failing and an errored case.
func sampleReports() []*FileReport {
	pos := func(line int) spec.Pos { return spec.Pos{File: "p/testdata/specgen/F_evals.yml", Line: line, Col: 7} }
	f := FunctionReport{
		Name:      "F",
		Engine:    "native",
		EngineWhy: "yaegi would get this package wrong: p.go:9:14: method expression T.M (yaegi v0.16.1 panics calling it)",
		Cases: []CaseReport{
			{ID: "ok", Index: 0, Pos: pos(4), Status: Passed, Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(3)}, Duration: 1200 * time.Microsecond},
			{Index: 1, Pos: pos(8), Status: Failed, Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(4)},
				Failures: []Failure{{spec.EvalExpected, "the result differs:\n  X: want 1, got 2", ""}, {spec.EvalType, "want int32, got int64", ""}}, Stdout: "debug\n", Duration: 2 * time.Millisecond},
			{ID: "spin", Index: 2, Pos: pos(12), Status: Errored, Outcome: executors.Timeout, Failures: []Failure{{"", "timeout: did not finish within 5s", ""}}, Duration: 5 * time.Second},
		},
		Coverage: &Coverage{Statements: 8, Covered: 6, Percent: 75},
	}
	f.tally()
	r := &FileReport{Path: "p/testdata/specgen/F_evals.yml", Package: "example.com/p", Functions: []FunctionReport{f}}
	r.tally()
	return []*FileReport{r}
}

func TestWriteText(t *testing.T) {
	tests := []struct {
		name, reason string
		verbose      bool
		want         string
	}{
		{
			name: "quiet", reason: "only failing and errored cases are listed, each at file:line:col, reasons indented",
			want: `p/testdata/specgen/F_evals.yml:8:7: FAIL F #2
    Expected: the result differs:
      X: want 1, got 2
    Type: want int32, got int64
p/testdata/specgen/F_evals.yml:12:7: ERROR F spin
    timeout: did not finish within 5s
p/testdata/specgen/F_evals.yml (example.com/p)
  F  1 passed  1 failed  1 errored  33.3%  coverage 75.0% of 8 statements
FAIL: 1 file, 1 function, 3 cases: 1 passed, 1 failed, 1 errored; pass rate 33.3%
`,
		},
		{
			name: "verbose", reason: "-v lists passing cases too, what failing cases printed, and why auto chose the engine",
			verbose: true,
			want: `p/testdata/specgen/F_evals.yml:4:7: ok F ok
p/testdata/specgen/F_evals.yml:8:7: FAIL F #2
    Expected: the result differs:
      X: want 1, got 2
    Type: want int32, got int64
    stdout:
      debug
p/testdata/specgen/F_evals.yml:12:7: ERROR F spin
    timeout: did not finish within 5s
p/testdata/specgen/F_evals.yml (example.com/p)
  F  1 passed  1 failed  1 errored  33.3%  coverage 75.0% of 8 statements
  F ran on native: yaegi would get this package wrong: p.go:9:14: method expression T.M (yaegi v0.16.1 panics calling it)
FAIL: 1 file, 1 function, 3 cases: 1 passed, 1 failed, 1 errored; pass rate 33.3%
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteText(&b, sampleReports(), tt.verbose); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("text differs (%s) (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestWriteTextEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, nil, false); err != nil {
		t.Fatal(err)
	}
	if want := "ok: 0 files, 0 functions, 0 cases: 0 passed, 0 failed, 0 errored; pass rate 100.0%\n"; b.String() != want {
		t.Errorf("empty run: %q, want %q", b.String(), want)
	}
}

// TestWriteJUnit reads the XML back and checks the structure CI systems
// rely on: counts on testsuites and testsuite, a testcase per case with
// a time, failure and error elements with message and type.
func TestWriteJUnit(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJUnit(&b, sampleReports()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), xml.Header) {
		t.Errorf("no XML header:\n%s", b.String())
	}
	var got junitSuites
	if err := xml.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("does not parse: %v\n%s", err, b.String())
	}
	want := junitSuites{
		XMLName: xml.Name{Local: "testsuites"}, Name: "specgen", Tests: 3, Failures: 1, Errors: 1, Time: "5.003",
		Suites: []junitSuite{{
			Name: "example.com/p.F", Package: "example.com/p", File: "p/testdata/specgen/F_evals.yml",
			Tests: 3, Failures: 1, Errors: 1, Time: "5.003",
			Properties: &junitProperties{Props: []junitProperty{
				{Name: "engine", Value: "native"},
				{Name: "coverage.statements", Value: "8"},
				{Name: "coverage.covered", Value: "6"},
				{Name: "coverage.percent", Value: "75.0"},
			}},
			Cases: []junitCase{
				{Name: "ok", Classname: "example.com/p.F", File: "p/testdata/specgen/F_evals.yml", Line: 4, Time: "0.001"},
				{Name: "#2", Classname: "example.com/p.F", File: "p/testdata/specgen/F_evals.yml", Line: 8, Time: "0.002",
					Failure:   &junitProblem{Message: "Expected: the result differs:", Type: "Expected", Body: "Expected: the result differs:\n  X: want 1, got 2\nType: want int32, got int64"},
					SystemOut: "debug\n"},
				{Name: "spin", Classname: "example.com/p.F", File: "p/testdata/specgen/F_evals.yml", Line: 12, Time: "5.000",
					Error: &junitProblem{Message: "timeout: did not finish within 5s", Type: "timeout", Body: "timeout: did not finish within 5s"}},
			},
		}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JUnit differs (-want +got):\n%s", diff)
	}
}

// TestWriteJSON reads the JSON back generically, so that the test pins
// the field names consumers depend on.
func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleReports()); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	summary := got["summary"].(map[string]any)
	if diff := cmp.Diff(map[string]any{"files": 1.0, "functions": 1.0, "passed": 1.0, "failed": 1.0, "errored": 1.0, "total": 3.0, "pass_rate": 100.0 / 3}, summary); diff != "" {
		t.Errorf("summary differs (-want +got):\n%s", diff)
	}
	fn := got["files"].([]any)[0].(map[string]any)["functions"].([]any)[0].(map[string]any)
	if diff := cmp.Diff(map[string]any{"statements": 8.0, "covered": 6.0, "percent": 75.0}, fn["coverage"]); diff != "" {
		t.Errorf("coverage differs (-want +got):\n%s", diff)
	}
	failed := fn["cases"].([]any)[1].(map[string]any)
	want := map[string]any{
		"index": 1.0, "pos": "p/testdata/specgen/F_evals.yml:8:7", "line": 8.0, "status": "failed", "outcome": "ok",
		"failures":    []any{"Expected: the result differs:\n  X: want 1, got 2", "Type: want int32, got int64"},
		"duration_ns": 2e6, "outputs": []any{"4"}, "stdout": "debug\n",
	}
	if diff := cmp.Diff(want, failed); diff != "" {
		t.Errorf("failed case differs (-want +got):\n%s", diff)
	}
}
