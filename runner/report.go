package runner

import (
	"strings"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// Status is the verdict on a case.
type Status string

// Statuses.
const (
	// Passed: every evaluator held.
	Passed Status = "passed"
	// Failed: the call ran, and an evaluator did not hold.
	Failed Status = "failed"
	// Errored: the case could not be judged: the call timed out, ended
	// its process, did not compile, was refused, or the engine failed.
	Errored Status = "errored"
)

// FileReport is the outcome of running one spec file.
type FileReport struct {
	// Path is the spec file as it was named to the runner.
	Path string
	// Package is the import path of the package under test.
	Package   string
	Functions []FunctionReport
	Counts
}

// FunctionReport is the outcome of one function's cases.
type FunctionReport struct {
	// Name is the function as the spec names it.
	Name string
	// Engine is the executor that ran the cases ("native", "yaegi").
	Engine string
	// EngineWhy says why Engine ran them, when it was chosen (auto).
	EngineWhy string
	Cases     []CaseReport
	Counts
	// Coverage is the statement coverage of the function by all its
	// cases, when asked for (Options.Cover).
	Coverage *Coverage
	// Reach is the statement coverage, by the same cases, of the code
	// the function reaches: its own body and the bodies of the
	// functions and methods of its package it calls, directly or not
	// (target.Func.Reach). Set with Coverage.
	Reach *Coverage
	// File, StartLine and EndLine are where the function is declared
	// (target.Func): the absolute path of its file, the lines of its func
	// keyword and of its closing brace.
	File               string
	StartLine, EndLine int
	// Blocks are the coverage blocks of the package, which the cases'
	// Covered index; set with Coverage.
	Blocks []executors.Block
}

// CaseReport is the outcome of one case.
type CaseReport struct {
	// ID is the case's id ("" when it has none); Index is its 0-based
	// position in the dataset.
	ID    string
	Index int
	// Case is the case as the spec states it.
	Case *spec.Case
	// Pos is where the case starts in the spec file.
	Pos    spec.Pos
	Status Status
	// Failures are the reasons a case failed, one per evaluator that did
	// not hold, or for an errored case what went wrong.
	Failures []Failure
	// Outcome is what the call did; Outputs, Err and Panic are what it
	// returned or raised, After the receiver as it left it (for a case
	// with receiver_after), ArgsAfter the arguments as it left them (for
	// a case with inputs_after), Stdout and Stderr what it printed.
	Outcome   executors.Outcome
	Outputs   []spec.Value
	After     *spec.Value
	ArgsAfter []executors.NamedValue
	Err       *executors.ErrorInfo
	Panic     *executors.PanicInfo
	Stdout    string
	Stderr    string
	Duration  time.Duration
	// Runs is how many times the case ran (Options.Count), when more
	// than once; FailedRuns counts the runs it did not pass, and Run is
	// the first of them (1-based), whose report this is.
	Runs, FailedRuns, Run int
	// Covered lists the indices into FunctionReport.Blocks of the blocks
	// the case ran, when coverage was asked for (Options.Cover).
	Covered []int
}

// Failure is one reason a case did not pass.
type Failure struct {
	// Evaluator is the evaluator that did not hold. It is "" for a reason
	// that no evaluator owns: the failure of an errored case, or a call
	// that did not return normally in a case that states neither
	// expected nor raises.
	Evaluator spec.EvalName
	// Message says what went wrong, without the evaluator's name; it may
	// span lines.
	Message string
	// Diff, for structured values that differ, is a go-cmp diff of
	// them (-want +got); Message says the same as paths and values.
	Diff string
}

// String is the failure as reports write it: "Evaluator: message", or
// the message alone when no evaluator owns it.
func (f Failure) String() string {
	if f.Evaluator == "" {
		return f.Message
	}
	return string(f.Evaluator) + ": " + f.Message
}

// Text is the failure as the text report writes it: String, or for
// structured values that differ its first line and the go-cmp diff.
func (f Failure) Text() string {
	if f.Diff == "" {
		return f.String()
	}
	head, _, _ := strings.Cut(f.String(), "\n")
	head = strings.TrimSuffix(head, ":") + " (-want +got):"
	return head + "\n" + f.Diff
}

// JoinFailures writes failures as reports do, separated by sep.
func JoinFailures(failures []Failure, sep string) string {
	var b strings.Builder
	for i, f := range failures {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// Name is how reports name the case: its id, or #N (1-based).
func (c *CaseReport) Name() string {
	return caseName(&spec.Case{ID: c.ID}, c.Index)
}

// Counts tallies cases by status.
type Counts struct {
	Passed, Failed, Errored int
}

// Total is the number of cases.
func (c Counts) Total() int { return c.Passed + c.Failed + c.Errored }

// PassRate is the percentage of cases that passed; 100 when there are none.
func (c Counts) PassRate() float64 {
	if c.Total() == 0 {
		return 100
	}
	return 100 * float64(c.Passed) / float64(c.Total())
}

func (c *Counts) add(o Counts) {
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Errored += o.Errored
}

// Coverage is a function's statement coverage, computed as `go tool
// cover -func` does.
type Coverage struct {
	Statements int
	Covered    int
	// Percent is 100 * Covered / Statements (0 without statements).
	Percent float64
}

// add counts a block of n statements.
func (c *Coverage) add(n int, covered bool) {
	c.Statements += n
	if covered {
		c.Covered += n
	}
	if c.Statements > 0 {
		c.Percent = 100 * float64(c.Covered) / float64(c.Statements)
	}
}

func (f *FunctionReport) tally() {
	f.Counts = Counts{}
	for _, c := range f.Cases {
		switch c.Status {
		case Passed:
			f.Passed++
		case Failed:
			f.Failed++
		default:
			f.Errored++
		}
	}
}

func (r *FileReport) tally() {
	r.Counts = Counts{}
	for _, f := range r.Functions {
		r.add(f.Counts)
	}
}

// Summary totals the reports of a run.
type Summary struct {
	Files, Functions int
	Counts
}

// Summarize totals reports.
func Summarize(reports []*FileReport) Summary {
	var s Summary
	for _, r := range reports {
		s.Files++
		s.Functions += len(r.Functions)
		s.add(r.Counts)
	}
	return s
}

// OK reports whether the run passes: no case failed or errored when
// minPass is 100 or more, else a pass rate of at least minPass percent.
func (s Summary) OK(minPass float64) bool {
	if minPass >= 100 {
		return s.Failed == 0 && s.Errored == 0
	}
	return s.PassRate() >= minPass
}
