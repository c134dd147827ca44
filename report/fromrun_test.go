package report_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/report"
	"github.com/specgen-dev/specgen/runner"
)

const pickSrc = `package p

func Pick(n int) int {
	if n > 0 { return 1 }
	if n < -5 {
		return -1
	}
	// zero and small negatives
	return 0
}
`

// TestFromRun checks the lines, behaviours and notes made from a run's
// report, without running anything: which lines hold statements (not a
// line whose only code is a brace, nor a comment), which cases reach
// them, and how outcomes group.
func TestFromRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(pickSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	// Blocks as go cover makes them: the body from after its brace, each
	// if body from after its brace to its closing brace.
	blocks := []executors.Block{
		{File: file, StartLine: 3, StartCol: 22, EndLine: 4, EndCol: 11, NumStmts: 1},            // if n > 0
		{File: file, StartLine: 4, StartCol: 11, EndLine: 4, EndCol: 23, NumStmts: 1},            // return 1
		{File: file, StartLine: 5, StartCol: 2, EndLine: 5, EndCol: 12, NumStmts: 1},             // if n < -5
		{File: file, StartLine: 5, StartCol: 12, EndLine: 7, EndCol: 3, NumStmts: 1},             // return -1
		{File: file, StartLine: 9, StartCol: 2, EndLine: 9, EndCol: 10, NumStmts: 1},             // return 0
		{File: "/elsewhere/q.go", StartLine: 4, StartCol: 1, EndLine: 9, EndCol: 2, NumStmts: 3}, // another file
	}
	cases := []runner.CaseReport{
		{ID: "one", Outcome: executors.OK, Covered: []int{0, 1}, Status: runner.Passed},
		{ID: "zero", Outcome: executors.OK, Covered: []int{0, 2, 4}, Status: runner.Passed},
		{ID: "bad", Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "bad n\nmore"}, Covered: []int{0, 2, 4, 5}, Status: runner.Passed},
		{Index: 3, Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "boom"}, Covered: []int{0}, Status: runner.Failed},
		{ID: "slow", Outcome: executors.Timeout, Status: runner.Errored},
		{ID: "bad2", Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "bad n\nother"}, Covered: []int{0}, Status: runner.Passed},
	}
	fr := runner.FunctionReport{Name: "Pick", File: file, StartLine: 3, EndLine: 10, Blocks: blocks, Cases: cases, Coverage: &runner.Coverage{Statements: 5, Covered: 4, Percent: 80}}
	pkgs, err := report.FromRun([]*runner.FileReport{{Path: "p_evals.yml", Package: "example.com/p", Functions: []runner.FunctionReport{fr}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := pkgs[0].Func("Pick")
	lines := map[int]string{}
	for _, l := range f.Lines {
		switch {
		case !l.Stmt:
			lines[l.Number] = "-"
		default:
			var names []string
			for _, ci := range l.Cases {
				names = append(names, f.Cases[ci].Name)
			}
			lines[l.Number] = "[" + strings.Join(names, " ") + "]"
		}
	}
	want := map[int]string{
		3:  "-",                      // the func line: the body starts after its brace
		4:  "[one zero bad #4 bad2]", // if n > 0 { return 1 }
		5:  "[zero bad]",             // if n < -5 {
		6:  "[]",                     // return -1: uncovered
		7:  "-",                      // }
		8:  "-",                      // a comment
		9:  "[zero bad]",             // return 0
		10: "-",                      // }
	}
	for n, w := range want {
		if lines[n] != w {
			t.Errorf("line %d: %s, want %s", n, lines[n], w)
		}
	}
	if u := f.Uncovered(); len(u) != 1 || u[0].Number != 6 {
		t.Errorf("uncovered lines %+v, want line 6", u)
	}
	var bs []string
	for _, b := range f.Behaviours {
		var names []string
		for _, ci := range b.Cases {
			names = append(names, f.Cases[ci].Name)
		}
		bs = append(bs, b.Kind+" "+b.Label+": "+strings.Join(names, " "))
	}
	wantB := "returns returns: one zero|error error: bad n: bad bad2|panic panic: boom: #4|timeout timeout: slow"
	if got := strings.Join(bs, "|"); got != wantB {
		t.Errorf("behaviours\n got %s\nwant %s", got, wantB)
	}
	f.SetMutants([]report.Mutant{{Line: 5, Col: 7, Change: "CONDITIONALS_BOUNDARY < → <="}, {Line: 4, Col: 7, Change: "CONDITIONALS_NEGATION > → <="}, {Line: 99, Change: "outside"}})
	if got := f.Lines[2].Mutants; len(got) != 1 || f.Mutants[got[0]].Line != 5 {
		t.Errorf("line 5 mutants %v of %+v, want the one on line 5", got, f.Mutants)
	}
	if got := f.Lines[1].Mutants; len(got) != 1 || f.Mutants[got[0]].Line != 4 {
		t.Errorf("line 4 mutants %v of %+v, want the one on line 4", got, f.Mutants)
	}
}

// TestFromRunNotRun: a function whose cases did not run (the package
// does not build) has no statement lines, so none is called uncovered,
// and says why.
func TestFromRunNotRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(pickSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	fr := runner.FunctionReport{Name: "Pick", File: file, StartLine: 3, EndLine: 10, Cases: []runner.CaseReport{
		{ID: "one", Outcome: executors.NoBuild, Status: runner.Errored, Failures: []runner.Failure{{Message: "native: build example.com/p: syntax error"}}},
	}}
	pkgs, err := report.FromRun([]*runner.FileReport{{Path: "p_evals.yml", Package: "example.com/p", Functions: []runner.FunctionReport{fr}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := pkgs[0].Functions[0]
	if len(f.Uncovered()) != 0 || !strings.Contains(f.Problem, "syntax error") {
		t.Errorf("uncovered %+v, problem %q: want no uncovered line and the build error", f.Uncovered(), f.Problem)
	}
}

// TestFromRunMissingSource: the report of a function whose file is gone
// is an error that names the function.
func TestFromRunMissingSource(t *testing.T) {
	fr := runner.FunctionReport{Name: "Gone", File: filepath.Join(t.TempDir(), "gone.go"), StartLine: 1, EndLine: 2}
	_, err := report.FromRun([]*runner.FileReport{{Path: "x.yml", Package: "example.com/x", Functions: []runner.FunctionReport{fr}}}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "report Gone: open ") {
		t.Errorf("err = %v, want report Gone: open ...", err)
	}
}

func TestFileName(t *testing.T) {
	tests := []struct{ pkg, want string }{
		{"example.com/calc", "example.com_calc.html"},
		{"github.com/a/b/v2/internal/x", "github.com_a_b_v2_internal_x.html"},
		{"calc", "calc.html"},
		{"", "package.html"},
	}
	for _, tt := range tests {
		if got := report.FileName(tt.pkg); got != tt.want {
			t.Errorf("FileName(%q) = %q, want %q", tt.pkg, got, tt.want)
		}
	}
}
