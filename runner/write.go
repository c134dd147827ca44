package runner

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/spec"
)

// WriteText writes a report for people: one block per failing or
// errored case (with verbose, a line per passing case too), headed
// "file:line:col: FAIL Func case" so that editors can jump to it and
// followed by the reasons; then a summary line per function (passed,
// failed, errored, pass rate and, when measured, statement coverage of
// the function and of its reach), with verbose the engine that ran each
// function and why when it was chosen (auto), and the overall totals.
func WriteText(w io.Writer, reports []*FileReport, verbose bool) error {
	ew := &errWriter{w: w}
	for _, r := range reports {
		for _, f := range r.Functions {
			for _, c := range f.Cases {
				if c.Status == Passed && !verbose {
					continue
				}
				label := map[Status]string{Passed: "ok", Failed: "FAIL", Errored: "ERROR"}[c.Status]
				ew.printf("%s: %s %s %s%s\n", c.Pos, label, f.Name, c.Name(), runsNote(c))
				if c.Status != Passed {
					for _, l := range inputLines(c.Case) {
						ew.printf("    %s\n", l)
					}
				}
				for _, f := range c.Failures {
					ew.printf("%s\n", indent(f.Text(), "    "))
				}
				if verbose && c.Status != Passed {
					if c.Stdout != "" {
						ew.printf("    stdout:\n%s\n", indent(strings.TrimRight(c.Stdout, "\n"), "      "))
					}
					if c.Stderr != "" {
						ew.printf("    stderr:\n%s\n", indent(strings.TrimRight(c.Stderr, "\n"), "      "))
					}
				}
			}
		}
	}
	for _, r := range reports {
		ew.printf("%s (%s)\n", r.Path, r.Package)
		tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
		for _, f := range r.Functions {
			fmt.Fprintf(tw, "  %s\t%d passed\t%d failed\t%d errored\t%s", f.Name, f.Passed, f.Failed, f.Errored, percent(f.PassRate()))
			if c := f.Coverage; c != nil {
				fmt.Fprintf(tw, "\tcoverage %s of %d statements", percent(c.Percent), c.Statements)
			}
			if c := f.Reach; c != nil {
				fmt.Fprintf(tw, "\treach %s of %d", percent(c.Percent), c.Statements)
			}
			fmt.Fprintf(tw, "\n")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if verbose {
			for _, f := range r.Functions {
				if f.EngineWhy != "" {
					ew.printf("  %s ran on %s: %s\n", f.Name, f.Engine, f.EngineWhy)
				}
			}
		}
	}
	s := Summarize(reports)
	verdict := "ok"
	if s.Failed > 0 || s.Errored > 0 {
		verdict = "FAIL"
	}
	ew.printf("%s: %s, %s, %s: %d passed, %d failed, %d errored; pass rate %s\n",
		verdict, plural(s.Files, "file"), plural(s.Functions, "function"), plural(s.Total(), "case"),
		s.Passed, s.Failed, s.Errored, percent(s.PassRate()))
	return ew.err
}

// inputLines are what a case calls the function with, a line each: its
// type arguments, receiver and input or inputs, each cut to
// maxInputText bytes.
func inputLines(c *spec.Case) []string {
	if c == nil {
		return nil
	}
	var out []string
	add := func(name string, v *spec.Value) {
		if v != nil {
			out = append(out, name+": "+cutText(v.String(), maxInputText))
		}
	}
	if len(c.Types) > 0 {
		out = append(out, "types: "+c.Types.String())
	}
	add("globals", c.Globals)
	add("receiver", c.Receiver)
	add("input", c.Input)
	add("inputs", c.Inputs)
	return out
}

// maxInputText bounds the text of each input in the text report.
const maxInputText = 300

// cutText is s cut to at most n bytes, at a rune boundary, with "..."
// and the length of s when it was cut.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:i], len(s))
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) {
	fmt.Fprintf(e, format, args...)
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

func percent(p float64) string { return fmt.Sprintf("%.1f%%", p) }

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// The JSON report. Field names are stable; values are written as flow
// YAML strings (as in the spec), durations in nanoseconds.
//
//	{
//	  "files": [{
//	    "path": "pkg/testdata/specgen/F_evals.yml", "package": "example.com/pkg",
//	    "passed": 3, "failed": 1, "errored": 0, "total": 4, "pass_rate": 75,
//	    "functions": [{
//	      "name": "F", "engine": "native",
//	      "passed": 3, "failed": 1, "errored": 0, "total": 4, "pass_rate": 75,
//	      "coverage": {"statements": 10, "covered": 9, "percent": 90},
//	      "reach": {"statements": 25, "covered": 20, "percent": 80},
//	      "cases": [{
//	        "id": "plain", "index": 0, "pos": "pkg/testdata/specgen/F_evals.yml:5:7", "line": 5,
//	        "status": "failed", "outcome": "ok",
//	        "failures": ["Expected: want 3, got 4"],
//	        "duration_ns": 1200,
//	        "outputs": ["4"],
//	        "receiver_after": "{Len(): 2}",
//	        "error": {"message": "...", "type": "*strconv.NumError", "types": [...], "sentinels": [...]},
//	        "panic": {"message": "...", "type": "string"},
//	        "stdout": "...", "stderr": "..."
//	      }]
//	    }]
//	  }],
//	  "summary": {"files": 1, "functions": 1, "passed": 3, "failed": 1, "errored": 0, "total": 4, "pass_rate": 75}
//	}
//
// coverage, outputs, receiver_after, error, panic, stdout, stderr and
// an empty id are left out when absent.
type jsonReport struct {
	Files   []jsonFile  `json:"files"`
	Summary jsonSummary `json:"summary"`
}

type jsonCounts struct {
	Passed   int     `json:"passed"`
	Failed   int     `json:"failed"`
	Errored  int     `json:"errored"`
	Total    int     `json:"total"`
	PassRate float64 `json:"pass_rate"`
}

func countsJSON(c Counts) jsonCounts {
	return jsonCounts{Passed: c.Passed, Failed: c.Failed, Errored: c.Errored, Total: c.Total(), PassRate: c.PassRate()}
}

type jsonSummary struct {
	Files     int `json:"files"`
	Functions int `json:"functions"`
	jsonCounts
}

type jsonFile struct {
	Path    string `json:"path"`
	Package string `json:"package"`
	jsonCounts
	Functions []jsonFunction `json:"functions"`
}

type jsonFunction struct {
	Name   string `json:"name"`
	Engine string `json:"engine,omitempty"`
	// EngineWhy says why the engine was chosen (auto).
	EngineWhy string `json:"engine_why,omitempty"`
	jsonCounts
	Coverage *jsonCoverage `json:"coverage,omitempty"`
	// Reach is the coverage of the function's reach: its body and its
	// callees' in the package.
	Reach *jsonCoverage `json:"reach,omitempty"`
	Cases []jsonCase    `json:"cases"`
}

type jsonCoverage struct {
	Statements int     `json:"statements"`
	Covered    int     `json:"covered"`
	Percent    float64 `json:"percent"`
}

type jsonCase struct {
	ID         string     `json:"id,omitempty"`
	Index      int        `json:"index"`
	Pos        string     `json:"pos"`
	Line       int        `json:"line"`
	Status     Status     `json:"status"`
	Outcome    string     `json:"outcome"`
	Failures   []string   `json:"failures"`
	DurationNS int64      `json:"duration_ns"`
	Outputs    []string   `json:"outputs,omitempty"`
	After      *string    `json:"receiver_after,omitempty"`
	Error      *jsonError `json:"error,omitempty"`
	Panic      *jsonPanic `json:"panic,omitempty"`
	Stdout     string     `json:"stdout,omitempty"`
	Stderr     string     `json:"stderr,omitempty"`
}

type jsonError struct {
	Message   string   `json:"message"`
	Type      string   `json:"type,omitempty"`
	Types     []string `json:"types,omitempty"`
	Sentinels []string `json:"sentinels,omitempty"`
}

type jsonPanic struct {
	Message string `json:"message"`
	Type    string `json:"type,omitempty"`
}

// WriteJSON writes the reports as one indented JSON document (see the
// jsonReport type for its shape).
func WriteJSON(w io.Writer, reports []*FileReport) error {
	s := Summarize(reports)
	out := jsonReport{Files: []jsonFile{}, Summary: jsonSummary{Files: s.Files, Functions: s.Functions, jsonCounts: countsJSON(s.Counts)}}
	for _, r := range reports {
		jf := jsonFile{Path: r.Path, Package: r.Package, jsonCounts: countsJSON(r.Counts), Functions: []jsonFunction{}}
		for _, f := range r.Functions {
			fn := jsonFunction{Name: f.Name, Engine: f.Engine, EngineWhy: f.EngineWhy, jsonCounts: countsJSON(f.Counts), Cases: []jsonCase{}}
			if c := f.Coverage; c != nil {
				fn.Coverage = &jsonCoverage{Statements: c.Statements, Covered: c.Covered, Percent: c.Percent}
			}
			if c := f.Reach; c != nil {
				fn.Reach = &jsonCoverage{Statements: c.Statements, Covered: c.Covered, Percent: c.Percent}
			}
			for _, c := range f.Cases {
				jc := jsonCase{
					ID: c.ID, Index: c.Index, Pos: c.Pos.String(), Line: c.Pos.Line,
					Status: c.Status, Outcome: string(c.Outcome), Failures: []string{},
					DurationNS: int64(c.Duration), Stdout: c.Stdout, Stderr: c.Stderr,
				}
				for _, f := range c.Failures {
					jc.Failures = append(jc.Failures, f.String())
				}
				for _, o := range c.Outputs {
					jc.Outputs = append(jc.Outputs, o.String())
				}
				if a := c.After; a != nil {
					s := a.String()
					jc.After = &s
				}
				if e := c.Err; e != nil {
					jc.Error = &jsonError{Message: e.Message, Type: e.Type, Types: e.Types, Sentinels: e.Sentinels}
				}
				if p := c.Panic; p != nil {
					jc.Panic = &jsonPanic{Message: p.Message, Type: p.Type}
				}
				fn.Cases = append(fn.Cases, jc)
			}
			jf.Functions = append(jf.Functions, fn)
		}
		out.Files = append(out.Files, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write json report: %w", err)
	}
	return nil
}

// The JUnit XML report, in the shape Jenkins, GitLab and GitHub test
// reporters read: one testsuite per function, one testcase per case.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string           `xml:"name,attr"`
	Package    string           `xml:"package,attr,omitempty"`
	File       string           `xml:"file,attr,omitempty"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Skipped    int              `xml:"skipped,attr"`
	Time       string           `xml:"time,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
}

type junitProperties struct {
	Props []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
	SystemErr string        `xml:"system-err,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

// WriteJUnit writes the reports as JUnit XML: a testsuites root, a
// testsuite per function (named package.Function), a testcase per case
// (named by its id or #N) with a failure element for a failed case and
// an error element for an errored one, and times in seconds.
func WriteJUnit(w io.Writer, reports []*FileReport) error {
	s := Summarize(reports)
	root := junitSuites{Name: "specgen", Tests: s.Total(), Failures: s.Failed, Errors: s.Errored}
	var total time.Duration
	for _, r := range reports {
		for _, f := range r.Functions {
			suite := junitSuite{
				Name: r.Package + "." + f.Name, Package: r.Package, File: r.Path,
				Tests: f.Total(), Failures: f.Failed, Errors: f.Errored,
			}
			var props []junitProperty
			if f.Engine != "" {
				props = append(props, junitProperty{Name: "engine", Value: f.Engine})
			}
			if c := f.Coverage; c != nil {
				props = append(props, junitProperty{Name: "coverage.statements", Value: fmt.Sprint(c.Statements)},
					junitProperty{Name: "coverage.covered", Value: fmt.Sprint(c.Covered)},
					junitProperty{Name: "coverage.percent", Value: fmt.Sprintf("%.1f", c.Percent)})
			}
			if c := f.Reach; c != nil {
				props = append(props, junitProperty{Name: "reach.statements", Value: fmt.Sprint(c.Statements)},
					junitProperty{Name: "reach.covered", Value: fmt.Sprint(c.Covered)},
					junitProperty{Name: "reach.percent", Value: fmt.Sprintf("%.1f", c.Percent)})
			}
			if len(props) > 0 {
				suite.Properties = &junitProperties{Props: props}
			}
			var st time.Duration
			for _, c := range f.Cases {
				st += c.Duration
				jc := junitCase{Name: c.Name(), Classname: suite.Name, File: c.Pos.File, Line: c.Pos.Line, Time: seconds(c.Duration)}
				body := JoinFailures(c.Failures, "\n")
				msg, _, _ := strings.Cut(body, "\n")
				switch c.Status {
				case Failed:
					jc.Failure = &junitProblem{Message: msg, Type: failureType(c.Failures), Body: body}
				case Errored:
					jc.Error = &junitProblem{Message: msg, Type: string(c.Outcome), Body: body}
				}
				if c.Status != Passed {
					jc.SystemOut, jc.SystemErr = c.Stdout, c.Stderr
				}
				suite.Cases = append(suite.Cases, jc)
			}
			suite.Time = seconds(st)
			total += st
			root.Suites = append(root.Suites, suite)
		}
	}
	root.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write junit report: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return fmt.Errorf("write junit report: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("write junit report: %w", err)
	}
	return nil
}

// failureType names the evaluator of the first failure ("Expected",
// "Raises", ...), or "failed".
func failureType(fails []Failure) string {
	if len(fails) > 0 && fails[0].Evaluator != "" {
		return string(fails[0].Evaluator)
	}
	return "failed"
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// runsNote says, for a case run several times that did not pass every
// time, in how many runs it did not and from which on: " (failed 3 of
// 50 runs, first run 7)".
func runsNote(c CaseReport) string {
	if c.Runs <= 1 || c.FailedRuns == 0 {
		return ""
	}
	verb := map[Status]string{Failed: "failed", Errored: "errored"}[c.Status]
	return fmt.Sprintf(" (%s %d of %d runs, first run %d)", verb, c.FailedRuns, c.Runs, c.Run)
}
