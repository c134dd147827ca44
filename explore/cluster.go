package explore

import (
	"fmt"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/executors"
)

// Summary is the deterministic digest of an exploration that targeted
// rounds are given: what the function was seen to do, clustered, what
// was tried, and which of its lines no probe has run.
type Summary struct {
	Func       string
	Probes     int
	Rounds     int
	Behaviours int
	// CoveredStmts and TotalStmts give the function's statement coverage
	// (TotalStmts is 0 when coverage is unknown); ReachCoveredStmts and
	// ReachTotalStmts the coverage of its reach, its body and its
	// callees' in the package.
	CoveredStmts, TotalStmts           int
	ReachCoveredStmts, ReachTotalStmts int
	// Successes are clustered by output type and shape.
	Successes []Cluster
	// Errors (returned errors) and Panics are clustered by type and
	// message prefix.
	Errors []Cluster
	Panics []Cluster
	// Others are timeouts and exits.
	Others []Cluster
	// CompileErrors counts the snippets that could not run.
	CompileErrors int
	Uncovered     []LineRange
	// Tried are the codes of the snippets tried, in order.
	Tried []string
}

// Cluster is a group of probes with the same kind of outcome.
type Cluster struct {
	// Kind is KindOK, KindError, KindPanic, KindTimeout or KindExit.
	Kind string
	// Type is the static result types (ok) or the dynamic type of the
	// error or panic value.
	Type string
	// Shape is the shape of the outputs (ok).
	Shape string
	// Sentinels are the sentinel errors a returned error matches.
	Sentinels []string
	// Prefix is the message prefix (errors, panics, exits).
	Prefix string
	Count  int
	// Examples are up to three of the simplest probes of the cluster.
	Examples []Example
}

// Example is one probe of a cluster and what it did.
type Example struct {
	Code   string
	Result string
}

// maxExamples bounds the examples of a cluster.
const maxExamples = 3

// Summary computes the cluster summary of the exploration so far.
func (x *Exploration) Summary() *Summary {
	s := &Summary{
		Func:          x.Func.Name,
		Probes:        len(x.Records),
		Rounds:        x.Rounds,
		Behaviours:    len(x.Behaviours),
		CompileErrors: len(x.CompileErrors),
		Uncovered:     x.Uncovered(),
	}
	s.CoveredStmts, s.TotalStmts = x.Statements()
	s.ReachCoveredStmts, s.ReachTotalStmts = x.ReachStatements()
	for _, t := range x.Tried {
		s.Tried = append(s.Tried, oneLine(t.Code))
	}
	type group struct {
		c       *Cluster
		members []*Record
	}
	groups := map[string]*group{}
	var order []string
	resultTypes := x.resultTypes()
	for _, r := range x.Records {
		if !r.Ran() {
			continue
		}
		c := x.clusterOf(r, resultTypes)
		key := c.Kind + "\x00" + c.Type + "\x00" + c.Shape + "\x00" + strings.Join(c.Sentinels, "|") + "\x00" + c.Prefix
		g, ok := groups[key]
		if !ok {
			g = &group{c: &c}
			groups[key] = g
			order = append(order, key)
		}
		g.c.Count++
		g.members = append(g.members, r)
	}
	for _, k := range order {
		g := groups[k]
		ms := append([]*Record(nil), g.members...)
		sort.SliceStable(ms, func(i, j int) bool { return probeSize(ms[i].Probe) < probeSize(ms[j].Probe) })
		for _, r := range ms[:min(len(ms), maxExamples)] {
			g.c.Examples = append(g.c.Examples, Example{Code: oneLine(r.Snippet.Code), Result: describeResult(&r.Result)})
		}
		switch g.c.Kind {
		case KindOK:
			s.Successes = append(s.Successes, *g.c)
		case KindError:
			s.Errors = append(s.Errors, *g.c)
		case KindPanic:
			s.Panics = append(s.Panics, *g.c)
		default:
			s.Others = append(s.Others, *g.c)
		}
	}
	return s
}

// clusterOf returns the (empty) cluster a record belongs to.
func (x *Exploration) clusterOf(r *Record, resultTypes string) Cluster {
	res := &r.Result
	inputs := inputStrings(res.Inputs)
	switch {
	case res.Outcome == executors.OK && res.Err != nil:
		c := Cluster{Kind: KindError, Type: res.Err.Type, Prefix: messagePrefix(x.classifier.template(res.Err.Message, inputs))}
		if c.Type == "" {
			c.Type = "error"
		}
		c.Sentinels = append(c.Sentinels, res.Err.Sentinels...)
		sort.Strings(c.Sentinels)
		return c
	case res.Outcome == executors.OK:
		shapes := make([]string, len(res.Outputs))
		for i, v := range res.Outputs {
			shapes[i] = shape(v)
		}
		return Cluster{Kind: KindOK, Type: resultTypes, Shape: strings.Join(shapes, ", ")}
	case res.Outcome == executors.Panicked && res.Panic != nil:
		return Cluster{Kind: KindPanic, Type: res.Panic.Type, Prefix: messagePrefix(x.classifier.template(res.Panic.Message, inputs))}
	case res.Outcome == executors.Panicked:
		return Cluster{Kind: KindPanic}
	case res.Outcome == executors.Timeout:
		return Cluster{Kind: KindTimeout}
	}
	c := Cluster{Kind: KindExit, Type: fmt.Sprintf("exit code %d", res.ExitCode)}
	if res.Panic != nil {
		c.Type = res.Panic.Type
		c.Prefix = messagePrefix(x.classifier.template(res.Panic.Message, inputs))
	}
	return c
}

// resultTypes renders the function's non-error result types.
func (x *Exploration) resultTypes() string {
	f := x.Func
	rs := f.Results
	if f.ErrorLast && len(rs) > 0 {
		rs = rs[:len(rs)-1]
	}
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	q := func(p *types.Package) string {
		if self != nil && p.Path() == self.Path() {
			return ""
		}
		return p.Name()
	}
	parts := make([]string, len(rs))
	for i, t := range rs {
		parts[i] = types.TypeString(t, q)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// describeResult renders what a probe did in one line, with the
// receiver as the call left it when that was recorded.
func describeResult(r *executors.Result) string {
	s := describeOutcome(r)
	if r.After != nil {
		s += "; receiver after: " + clip(r.After.String(), 60)
	}
	return s
}

func describeOutcome(r *executors.Result) string {
	switch r.Outcome {
	case executors.OK:
		var parts []string
		for _, v := range r.Outputs {
			parts = append(parts, clip(v.String(), 60))
		}
		if r.Err != nil {
			return "error " + clip(fmt.Sprintf("%q", r.Err.Message), 80)
		}
		if len(parts) == 0 {
			return "returned"
		}
		return strings.Join(parts, ", ")
	case executors.Panicked:
		if r.Panic != nil {
			return "panic " + clip(fmt.Sprintf("%q", r.Panic.Message), 80)
		}
		return "panic"
	case executors.Exited:
		return fmt.Sprintf("exit %d %s", r.ExitCode, clip(r.Message, 60))
	}
	return string(r.Outcome) + " " + clip(r.Message, 60)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func oneLine(code string) string {
	lines := strings.Split(strings.TrimSpace(code), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return clip(strings.Join(lines, "; "), 200)
}

// String renders the summary with at most 100 tried snippets.
func (s *Summary) String() string { return s.Text(100) }

// Text renders the summary for a prompt, listing at most maxTried tried
// snippets (the latest ones; all when maxTried <= 0).
func (s *Summary) Text(maxTried int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d probes in %d rounds, %d behaviours", s.Func, s.Probes, s.Rounds, s.Behaviours)
	if s.TotalStmts > 0 {
		fmt.Fprintf(&b, ", statement coverage %.1f%% (%d of %d statements)",
			100*float64(s.CoveredStmts)/float64(s.TotalStmts), s.CoveredStmts, s.TotalStmts)
	}
	if s.ReachTotalStmts > s.TotalStmts {
		fmt.Fprintf(&b, "; with the package functions it calls %.1f%% (%d of %d statements)",
			100*float64(s.ReachCoveredStmts)/float64(s.ReachTotalStmts), s.ReachCoveredStmts, s.ReachTotalStmts)
	}
	if s.CompileErrors > 0 {
		fmt.Fprintf(&b, ", %d snippets did not compile", s.CompileErrors)
	}
	b.WriteString("\n")
	section := func(title string, cs []Cluster) {
		fmt.Fprintf(&b, "\n%s:\n", title)
		if len(cs) == 0 {
			b.WriteString("  (none)\n")
			return
		}
		for _, c := range cs {
			b.WriteString("  - ")
			var label []string
			for _, l := range []string{c.Type, c.Shape} {
				if l != "" {
					label = append(label, l)
				}
			}
			if len(c.Sentinels) > 0 {
				label = append(label, "is "+strings.Join(c.Sentinels, "|"))
			}
			if c.Prefix != "" {
				label = append(label, fmt.Sprintf("%q", c.Prefix))
			}
			if len(label) == 0 {
				label = append(label, c.Kind)
			}
			fmt.Fprintf(&b, "%s: %d probes\n", strings.Join(label, " "), c.Count)
			for _, e := range c.Examples {
				fmt.Fprintf(&b, "      %s  =>  %s\n", e.Code, e.Result)
			}
		}
	}
	section("Successes, by output type and shape", s.Successes)
	section("Returned errors, by type and message prefix", s.Errors)
	section("Panics, by type and message prefix", s.Panics)
	if len(s.Others) > 0 {
		section("Timeouts and exits", s.Others)
	}
	b.WriteString("\nUncovered lines:\n")
	if len(s.Uncovered) == 0 {
		if s.TotalStmts > 0 {
			b.WriteString("  (none: every statement ran)\n")
		} else {
			b.WriteString("  (coverage unknown)\n")
		}
	}
	for _, u := range s.Uncovered {
		where := ""
		if u.Func != "" {
			where = fmt.Sprintf(" (in %s, %s, which it calls)", u.Func, filepath.Base(u.File))
		}
		if u.Start == u.End {
			fmt.Fprintf(&b, "  line %d%s:\n", u.Start, where)
		} else {
			fmt.Fprintf(&b, "  lines %d-%d%s:\n", u.Start, u.End, where)
		}
		for _, l := range strings.Split(u.Text, "\n") {
			if strings.TrimSpace(l) != "" {
				fmt.Fprintf(&b, "      %s\n", strings.ReplaceAll(l, "\t", "    "))
			}
		}
	}
	fmt.Fprintf(&b, "\nAlready tried (%d snippets):\n", len(s.Tried))
	tried := s.Tried
	if maxTried > 0 && len(tried) > maxTried {
		fmt.Fprintf(&b, "  ... %d earlier snippets\n", len(tried)-maxTried)
		tried = tried[len(tried)-maxTried:]
	}
	for _, t := range tried {
		fmt.Fprintf(&b, "  %s\n", t)
	}
	return b.String()
}
