// Package report writes an HTML report of what specs cover: per
// function, its source with each line shaded by how many cases reach
// it, the cases that reach a line, the behaviours the cases show, the
// lines no case runs, the mutants no case kills, and what a model cost
// when one wrote the spec. Each package's report is one self-contained
// HTML file: styles and script inline, nothing fetched when it is viewed.
package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/mutate"
	"github.com/specgen-dev/specgen/runner"
)

// Package is the report of one package: the functions of its specs.
type Package struct {
	// Path is the package's import path.
	Path string
	// Specs are the spec files the report was made from, as named.
	Specs     []string
	Functions []*Function
	// Notes are remarks on the package as a whole (mutants that could
	// not be measured, ...).
	Notes []string
}

// Function is the report of one function.
type Function struct {
	// Name is the function as the spec names it.
	Name string
	// Spec is the spec file that holds its cases.
	Spec string
	// File is the function's source file (absolute); Lines are the
	// lines of its declaration, from the func keyword to the closing
	// brace.
	File  string
	Lines []Line
	Cases []Case
	// Behaviours group the cases by what the call did.
	Behaviours []Behaviour
	// Coverage is the statement coverage of the function by its cases
	// (nil when the cases did not run).
	Coverage *runner.Coverage
	// Mutants are the mutants no case kills, in source order; Mutation
	// is the tally of every mutant (nil when mutants were not run).
	Mutants  []Mutant
	Mutation *MutationCounts
	// Cost is what the model calls that explored the function and wrote
	// its spec cost; nil when no model was used or it is not known.
	Cost *Cost
	// Problem says why the function's cases did not run, when they did
	// not (the package does not build, ...).
	Problem string
}

// Line is one source line of a function.
type Line struct {
	// Number is the line's number in its file.
	Number int
	Text   string
	// Stmt reports that the line holds statements: coverage applies.
	Stmt bool
	// Cases are the indices into Function.Cases of the cases that run
	// some statement of the line.
	Cases []int
	// Mutants are the indices into Function.Mutants of the survivors on
	// the line.
	Mutants []int
}

// Uncovered reports a line with statements that no case runs.
func (l Line) Uncovered() bool { return l.Stmt && len(l.Cases) == 0 }

// Case is one case of a function and what it did.
type Case struct {
	// Name is the case's id, or #N when it has none.
	Name string
	// Line is where the case starts in the spec file.
	Line int
	// Status is the runner's verdict: passed, failed, errored.
	Status string
	// Outcome is what the call did, as Behaviour.Label says it.
	Outcome string
}

// Behaviour is a group of cases whose calls did the same kind of thing:
// returned, returned a given error, panicked with a given value.
type Behaviour struct {
	// Kind is "returns", "error", "panic", or the executor's outcome
	// for calls that did not return ("timeout", "exit", ...).
	Kind string
	// Label says what the cases did ("returns", "error: negative size").
	Label string
	// Cases are indices into Function.Cases.
	Cases []int
}

// Mutant is a mutant no case kills.
type Mutant struct {
	Line, Col int
	// Change is what the mutant changes ("CONDITIONALS_BOUNDARY > → >=").
	Change string
	// Equivalent reports a mutant that likely behaves as the original.
	Equivalent bool
}

// MutationCounts tally what became of a function's mutants.
type MutationCounts struct {
	Killed, Lived, NotCovered, NotViable, TimedOut int
}

// Cost is what a function's model calls cost.
type Cost struct {
	Calls                     int
	InputTokens, OutputTokens int64
	USD                       float64
}

// BehavioursNote says how the behaviours are grouped: specs do not
// record the clusters exploration found.
const BehavioursNote = "The spec does not record the clusters exploration found: cases are grouped by outcome (returns, error, panic) and by the error or panic text."

// Options configures Build.
type Options struct {
	// Runner runs the specs; Cover is set whatever it says.
	Runner runner.Options
	// Mutants runs each function's mutants against its cases (as
	// specgen mutate does) to list the survivors.
	Mutants bool
	// Mutate configures the mutation run.
	Mutate mutate.Options
}

// Build runs the spec files (with coverage, and with Options.Mutants
// their mutants) and makes the report of each package they cover, in
// the order the packages first appear. A spec that does not load is an
// error; mutants that cannot be measured are a note.
func Build(ctx context.Context, files []string, opts Options) ([]*Package, error) {
	ro := opts.Runner
	ro.Cover = true
	reports, err := runner.RunFiles(ctx, files, ro)
	if err != nil {
		return nil, err
	}
	var muts []*mutate.Report
	var notes []string
	if opts.Mutants {
		reps, errs := mutate.ScoreFiles(ctx, files, opts.Mutate)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i, rep := range reps {
			if errs[i] != nil {
				notes = append(notes, fmt.Sprintf("mutants not measured: %v", errs[i]))
				continue
			}
			if rep != nil {
				muts = append(muts, rep)
			}
		}
	}
	pkgs, err := FromRun(reports, muts)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		for _, p := range pkgs {
			p.Notes = append(p.Notes, n)
		}
	}
	return pkgs, nil
}

// FromRun makes the reports of the packages of a run with coverage
// (runner.Options.Cover) and, when not nil, of its mutation reports.
func FromRun(reports []*runner.FileReport, muts []*mutate.Report) ([]*Package, error) {
	lived := map[[2]string]*mutate.FunctionReport{}
	for _, m := range muts {
		for i := range m.Functions {
			lived[[2]string{m.Path, m.Functions[i].Name}] = &m.Functions[i]
		}
	}
	sources := map[string][]string{}
	var pkgs []*Package
	byPath := map[string]*Package{}
	for _, r := range reports {
		p := byPath[r.Package]
		if p == nil {
			p = &Package{Path: r.Package}
			byPath[r.Package] = p
			pkgs = append(pkgs, p)
		}
		p.Specs = append(p.Specs, r.Path)
		for i := range r.Functions {
			fr := &r.Functions[i]
			f, err := function(fr, r.Path, sources)
			if err != nil {
				return nil, err
			}
			if m := lived[[2]string{r.Path, fr.Name}]; m != nil {
				f.Mutation = &MutationCounts{Killed: m.Counts.Killed, Lived: m.Counts.Lived, NotCovered: m.Counts.NotCovered, NotViable: m.Counts.NotViable, TimedOut: m.Counts.TimedOut}
				var ms []Mutant
				for _, l := range m.Lived() {
					ms = append(ms, Mutant{Line: l.Pos.Line, Col: l.Pos.Column, Change: l.Change()})
				}
				f.SetMutants(ms)
			}
			p.Functions = append(p.Functions, f)
		}
	}
	return pkgs, nil
}

// function makes the report of one function from its run.
func function(fr *runner.FunctionReport, specPath string, sources map[string][]string) (*Function, error) {
	f := &Function{Name: fr.Name, Spec: specPath, File: fr.File, Coverage: fr.Coverage}
	for _, c := range fr.Cases {
		f.Cases = append(f.Cases, Case{Name: c.Name(), Line: c.Pos.Line, Status: string(c.Status), Outcome: outcome(&c).label})
	}
	f.Behaviours = behaviours(fr.Cases)
	if fr.File == "" {
		return f, nil
	}
	src, ok := sources[fr.File]
	if !ok {
		b, err := os.ReadFile(fr.File)
		if err != nil {
			return nil, fmt.Errorf("report %s: %w", fr.Name, err)
		}
		src = strings.Split(string(b), "\n")
		sources[fr.File] = src
	}
	if fr.StartLine < 1 || fr.EndLine > len(src) || fr.StartLine > fr.EndLine {
		return nil, fmt.Errorf("report %s: lines %d-%d are not in %s", fr.Name, fr.StartLine, fr.EndLine, fr.File)
	}
	reached := make([]map[int]bool, fr.EndLine-fr.StartLine+1)
	stmt := make([]bool, len(reached))
	byBlock := map[int][]int{}
	for ci, c := range fr.Cases {
		for _, b := range c.Covered {
			byBlock[b] = append(byBlock[b], ci)
		}
	}
	file := filepath.Clean(fr.File)
	for bi, b := range fr.Blocks {
		if filepath.Clean(b.File) != file || b.NumStmts == 0 || b.EndLine < fr.StartLine || b.StartLine > fr.EndLine {
			continue
		}
		for n := max(b.StartLine, fr.StartLine); n <= min(b.EndLine, fr.EndLine); n++ {
			if !holdsCode(src[n-1], b, n) {
				continue
			}
			k := n - fr.StartLine
			stmt[k] = true
			for _, ci := range byBlock[bi] {
				if reached[k] == nil {
					reached[k] = map[int]bool{}
				}
				reached[k][ci] = true
			}
		}
	}
	if fr.Coverage == nil {
		// The cases did not run: no line can be said to be uncovered.
		stmt = make([]bool, len(reached))
		if len(fr.Cases) > 0 && len(fr.Cases[0].Failures) > 0 {
			f.Problem = fr.Cases[0].Failures[0].Message
		}
	}
	for k := range reached {
		l := Line{Number: fr.StartLine + k, Text: strings.ReplaceAll(src[fr.StartLine+k-1], "\t", "    "), Stmt: stmt[k]}
		for ci := range reached[k] {
			l.Cases = append(l.Cases, ci)
		}
		sort.Ints(l.Cases)
		f.Lines = append(f.Lines, l)
	}
	return f, nil
}

// holdsCode reports whether block b has code on line n, whose text is
// line: a block that starts after the brace that ends a line, or ends
// at the brace that starts one, does not make the line a statement's.
func holdsCode(line string, b executors.Block, n int) bool {
	from, to := 0, len(line)
	if n == b.StartLine {
		from = min(max(b.StartCol-1, 0), len(line))
	}
	if n == b.EndLine {
		to = min(max(b.EndCol-1, 0), len(line))
	}
	if from >= to {
		return false
	}
	code := strings.TrimSpace(line[from:to])
	return code != "" && code != "{" && code != "}" && !strings.HasPrefix(code, "//")
}

// SetMutants sets the function's surviving mutants and places each on
// its line.
func (f *Function) SetMutants(ms []Mutant) {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Line != ms[j].Line {
			return ms[i].Line < ms[j].Line
		}
		return ms[i].Col < ms[j].Col
	})
	f.Mutants = ms
	for i := range f.Lines {
		f.Lines[i].Mutants = nil
	}
	for mi, m := range ms {
		if len(f.Lines) == 0 {
			break
		}
		k := m.Line - f.Lines[0].Number
		if k >= 0 && k < len(f.Lines) {
			f.Lines[k].Mutants = append(f.Lines[k].Mutants, mi)
		}
	}
}

// Func returns the report of the function named name, or nil.
func (p *Package) Func(name string) *Function {
	for _, f := range p.Functions {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Uncovered are the lines with statements no case runs.
func (f *Function) Uncovered() []Line {
	var out []Line
	for _, l := range f.Lines {
		if l.Uncovered() {
			out = append(out, l)
		}
	}
	return out
}

// MaxReach is the largest number of cases that reach one line.
func (f *Function) MaxReach() int {
	n := 0
	for _, l := range f.Lines {
		n = max(n, len(l.Cases))
	}
	return n
}

// kindLabel is the behaviour of one case.
type kindLabel struct{ kind, label string }

// outcome classifies what a case's call did.
func outcome(c *runner.CaseReport) kindLabel {
	switch {
	case c.Outcome == executors.OK && c.Err != nil:
		return kindLabel{"error", "error: " + firstLine(c.Err.Message)}
	case c.Outcome == executors.OK:
		return kindLabel{"returns", "returns"}
	case c.Outcome == executors.Panicked && c.Panic != nil:
		return kindLabel{"panic", "panic: " + firstLine(c.Panic.Message)}
	case c.Outcome == "":
		return kindLabel{"not run", "not run"}
	}
	return kindLabel{string(c.Outcome), string(c.Outcome)}
}

// behaviours groups cases by outcome kind and by error or panic text,
// returns first, then errors, panics and the rest, each in the order of
// its first case.
func behaviours(cases []runner.CaseReport) []Behaviour {
	var out []Behaviour
	index := map[kindLabel]int{}
	for ci := range cases {
		kl := outcome(&cases[ci])
		i, ok := index[kl]
		if !ok {
			i = len(out)
			index[kl] = i
			out = append(out, Behaviour{Kind: kl.kind, Label: kl.label})
		}
		out[i].Cases = append(out[i].Cases, ci)
	}
	rank := func(kind string) int {
		switch kind {
		case "returns":
			return 0
		case "error":
			return 1
		case "panic":
			return 2
		}
		return 3
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].Kind) < rank(out[j].Kind) })
	return out
}

// firstLine is s up to its first newline, cut to 120 bytes.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// FileName is the name of a package's report: its import path with
// slashes as underscores, then .html ("example.com_calc.html").
func FileName(pkgPath string) string {
	if pkgPath == "" {
		pkgPath = "package"
	}
	r := strings.NewReplacer("/", "_", "\\", "_", ":", "_")
	return r.Replace(pkgPath) + ".html"
}

// plural is "n thing" or "n things".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + one + "s"
}
