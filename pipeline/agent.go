package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/internal/tracing"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

const (
	defaultMaxRefine = 2
	// maxFailureLines bounds the failure context of a refinement.
	maxFailureLines = 40
)

// checked is a draft after a native run.
type checked struct {
	fn *spec.Function
	// reports are parallel to fn.Dataset.
	reports  []runner.CaseReport
	passed   int
	failures []string
	// corrected counts the cases whose outcome was corrected.
	corrected int
	// coverage is the spec's statement coverage of the function.
	coverage float64
}

func (c *checked) passRate() float64 {
	if len(c.fn.Dataset) == 0 {
		return 0
	}
	return 100 * float64(c.passed) / float64(len(c.fn.Dataset))
}

// agentSpec asks the spec agent for f's spec, checks every case by
// running it natively (correcting expected values and raises to what
// was observed), refines while the pass rate is under MinPass and
// rounds remain, drops what still fails, and adds a raises case for
// every verified error behaviour the agent left out.
func (g *generator) agentSpec(ctx context.Context, f *target.Func, verified []*spec.Case, res *FuncResult) (*spec.Function, error) {
	minPass := g.opts.MinPass
	if minPass <= 0 || minPass > 100 {
		minPass = 100
	}
	maxRefine := g.opts.MaxRefine
	switch {
	case maxRefine == 0:
		maxRefine = defaultMaxRefine
	case maxRefine < 0:
		maxRefine = 0
	}
	req := &write.Request{Func: f, Verified: verified}
	var (
		best    *checked
		kept    []*spec.Case
		lastErr error
	)
	for attempt := 0; attempt <= maxRefine; attempt++ {
		if attempt > 0 {
			res.Refinements++
			g.stepf(res, PhaseSpecAgent, "refining the spec (round %d of %d)", attempt, maxRefine)
		}
		req.Attempt = attempt
		actx, span := g.attemptSpan(ctx, f, attempt)
		draft, err := g.opts.SpecAgent.Draft(actx, req)
		if err == nil && (draft == nil || draft.Function == nil) {
			err = errors.New("the agent returned no spec")
		}
		if err != nil {
			tracing.End(span, err)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			lastErr = err
			g.logf("%s: spec attempt %d: %v", f.Name, attempt, err)
			req.Failures = []string{"The last answer could not be used: " + err.Error()}
			continue
		}
		for _, fix := range draft.Fixes {
			g.logf("%s: spec attempt %d: fixed: %s", f.Name, attempt, fix)
		}
		fn := combine(f, kept, draft.Function)
		chk, err := g.checkDraft(actx, f, fn)
		if err == nil {
			span.SetAttributes(tracing.Cases.Int(len(chk.fn.Dataset)), tracing.Passed.Int(chk.passed), tracing.Corrected.Int(chk.corrected))
		}
		tracing.End(span, err)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			lastErr = err
			g.logf("%s: spec attempt %d: %v", f.Name, attempt, err)
			req.Failures = append(draftNotes(draft), "Checking the spec failed: "+err.Error())
			continue
		}
		res.Corrected += chk.corrected
		if best == nil || chk.passed >= best.passed {
			best = chk
		}
		g.logf("%s: spec attempt %d: %d cases, %d pass (%.0f%%), %d corrected by execution",
			f.Name, attempt, len(chk.fn.Dataset), chk.passed, chk.passRate(), chk.corrected)
		if chk.passRate() >= minPass {
			break
		}
		kept = nil
		for i, c := range chk.fn.Dataset {
			if chk.reports[i].Status == runner.Passed {
				kept = append(kept, c)
			}
		}
		req.Previous = chk.fn
		req.Failures = append(draftNotes(draft), chk.failures...)
		if len(req.Failures) > maxFailureLines {
			req.Failures = append(req.Failures[:maxFailureLines], fmt.Sprintf("(and %d more problems)", len(req.Failures)-maxFailureLines))
		}
	}
	if best == nil {
		if lastErr == nil {
			lastErr = errors.New("no attempt")
		}
		return nil, fmt.Errorf("no usable spec after %d attempts: %w", maxRefine+1, lastErr)
	}
	fn, obs := finalize(best, res)
	res.Injected = injectErrors(fn, obs, verified)
	if best.coverage < res.ExploreCoverage-0.05 {
		// The agent left behaviours out: the spec must reach what
		// exploration reached.
		if n := injectSuccesses(f, fn, verified); n > 0 {
			res.Injected += n
			res.Notes = append(res.Notes, fmt.Sprintf("spec agent: its spec covered %.1f%% of the statements, exploration %.1f%%: added %d verified cases it left out",
				best.coverage, res.ExploreCoverage, n))
		}
	}
	if len(fn.Dataset) == 0 {
		return nil, errors.New("no case of the agent's spec holds")
	}
	uniqueIDs(fn)
	write.SortCases(fn.Dataset)
	return fn, nil
}

func draftNotes(d *write.Draft) []string {
	var out []string
	for _, f := range d.Fixes {
		out = append(out, "Fixed in your answer: "+f)
	}
	return out
}

func (g *generator) logf(format string, args ...any) {
	if g.opts.Logf != nil {
		g.opts.Logf(format, args...)
	}
}

// combine is the draft's spec with the kept cases of earlier attempts
// first; a draft case with the inputs of a kept one is left out.
func combine(f *target.Func, kept []*spec.Case, draft *spec.Function) *spec.Function {
	fn := &spec.Function{Name: f.Name, Evals: draft.Evals}
	seen := map[string]bool{}
	for _, c := range kept {
		seen[write.ArgsKey(f, c)] = true
		fn.Dataset = append(fn.Dataset, c)
	}
	for _, c := range draft.Dataset {
		if k := write.ArgsKey(f, c); !seen[k] {
			seen[k] = true
			fn.Dataset = append(fn.Dataset, c)
		}
	}
	// Timing is not the agent's to decide: Durations adds it, measured.
	fn.Evals.Duration = nil
	fn.Evals.LLMJudge = nil
	for _, c := range fn.Dataset {
		c.Duration = nil
	}
	return fn
}

// checkDraft runs fn natively, corrects every case whose outcome
// differs from what the agent wrote to what was observed, and runs the
// corrected spec again for its pass rate.
func (g *generator) checkDraft(ctx context.Context, f *target.Func, fn *spec.Function) (*checked, error) {
	uniqueIDs(fn)
	fn, rep, notes, err := g.runDraft(ctx, f, fn)
	if err != nil {
		return nil, err
	}
	chk := &checked{failures: notes}
	var keep []*spec.Case
	for i, c := range fn.Dataset {
		cr := rep.Cases[i]
		if cr.Status == runner.Passed {
			keep = append(keep, c)
			continue
		}
		note, ok := correct(c, cr)
		if !ok {
			chk.failures = append(chk.failures, fmt.Sprintf("case %s: dropped: %s", cr.Name(), runner.JoinFailures(cr.Failures, "; ")))
			continue
		}
		if note != "" {
			chk.corrected++
			chk.failures = append(chk.failures, fmt.Sprintf("case %s: %s (corrected to the observed outcome)", cr.Name(), note))
		}
		keep = append(keep, c)
	}
	fn.Dataset = keep
	if len(keep) == 0 {
		return nil, errors.New("no case of the spec could run")
	}
	if chk.corrected > 0 || len(keep) < len(rep.Cases) {
		var more []string
		fn, rep, more, err = g.runDraft(ctx, f, fn)
		if err != nil {
			return nil, err
		}
		chk.failures = append(chk.failures, more...)
	}
	chk.fn = fn
	chk.reports = rep.Cases
	if rep.Coverage != nil {
		chk.coverage = rep.Coverage.Percent
	}
	for _, cr := range rep.Cases {
		if cr.Status == runner.Passed {
			chk.passed++
			continue
		}
		chk.failures = append(chk.failures, fmt.Sprintf("case %s: fails: %s", cr.Name(), runner.JoinFailures(cr.Failures, "; ")))
	}
	return chk, nil
}

// runDraft runs fn natively, ignoring durations. Cases and evaluators
// that the spec loader or the runner refuse (a parameter that does not
// exist, a value of the wrong type, an assertion that does not compile)
// are dropped, with a note each, and the rest is run.
func (g *generator) runDraft(ctx context.Context, f *target.Func, fn *spec.Function) (*spec.Function, *runner.FunctionReport, []string, error) {
	var notes []string
	for try := 0; try < 5; try++ {
		file, problems, err := reparse(f, fn)
		if err != nil {
			return nil, nil, notes, err
		}
		if len(problems) == 0 {
			rep, err := runner.RunSpec(ctx, file, runner.Options{
				Executor:       g.native,
				Package:        f.Pkg,
				Filter:         regexp.MustCompile("^" + regexp.QuoteMeta(fn.Name) + "$"),
				IgnoreDuration: true,
				DraftExpected:  true, // corrected to what the calls return
				Cover:          true,
				Timeout:        g.opts.Explore.Timeout,
				Logf:           g.opts.Logf,
				Tracer:         g.opts.Tracer,
			})
			var le *runner.LoadError
			switch {
			case errors.As(err, &le):
				problems = le.Problems
			case err != nil:
				return nil, nil, notes, fmt.Errorf("run natively: %w", err)
			case len(rep.Functions) != 1:
				return nil, nil, notes, errors.New("run natively: no report")
			default:
				fr := &rep.Functions[0]
				if len(fr.Cases) != len(file.Functions[0].Dataset) {
					return nil, nil, notes, errors.New("run natively: case count mismatch")
				}
				if fixed, why := compileBlame(file.Functions[0], fr); fixed != nil {
					notes = append(notes, why)
					fn = fixed
					continue
				}
				return file.Functions[0], fr, notes, nil
			}
		}
		fixed, dropped := dropProblems(file.Functions[0], problems)
		if len(dropped) == 0 {
			return nil, nil, notes, fmt.Errorf("spec problems: %s", joinProblems(problems))
		}
		notes = append(notes, dropped...)
		fn = fixed
		if len(fn.Dataset) == 0 {
			return nil, nil, notes, fmt.Errorf("no case left: %s", strings.Join(dropped, "; "))
		}
	}
	return nil, nil, notes, errors.New("the spec does not settle")
}

// reparse writes fn out and reads it back, for fresh positions (the
// runner places problems by line) and the loader's validation.
func reparse(f *target.Func, fn *spec.Function) (*spec.File, spec.Errors, error) {
	src := &spec.File{Package: f.Pkg.ImportPath, Functions: []*spec.Function{fn}}
	data, err := src.Marshal()
	if err != nil {
		return nil, nil, err
	}
	file, err := spec.Parse(filepath.Join(f.Pkg.Dir, "specgen_draft.yml"), data)
	if err == nil {
		return file, nil, nil
	}
	var es spec.Errors
	if !errors.As(err, &es) || file == nil || len(file.Functions) != 1 {
		return nil, nil, fmt.Errorf("read the spec back: %w", err)
	}
	return file, es, nil
}

// compileBlame recognises an Assertion that does not compile: every
// case then fails to build. It returns fn without the assertion.
func compileBlame(fn *spec.Function, fr *runner.FunctionReport) (*spec.Function, string) {
	if fn.Evals.Assertion == nil || len(fr.Cases) == 0 {
		return nil, ""
	}
	for _, cr := range fr.Cases {
		if cr.Outcome != executors.NoBuild {
			return nil, ""
		}
	}
	out := *fn
	a := fn.Evals.Assertion.Assertion
	out.Evals.Assertion = nil
	return &out, fmt.Sprintf("evals: Assertion %q: dropped: the cases do not compile with it: %s", a, runner.JoinFailures(fr.Cases[0].Failures, "; "))
}

// dropProblems removes the cases and evaluators that problems point at
// (by line) and says what it dropped and why.
func dropProblems(fn *spec.Function, problems spec.Errors) (*spec.Function, []string) {
	badCase := map[int][]string{}
	badEval := map[spec.EvalName][]string{}
	for _, p := range problems {
		if p.Pos.Line == 0 {
			continue
		}
		if i := caseAt(fn, p.Pos.Line); i >= 0 {
			badCase[i] = append(badCase[i], p.Msg)
			continue
		}
		if name := spec.EvalAt(&fn.Evals, p.Pos); name != "" {
			badEval[name] = append(badEval[name], p.Msg)
		}
	}
	out := *fn
	var dropped []string
	var names []spec.EvalName
	for name := range badEval {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		out.Evals.Drop(name)
		dropped = append(dropped, fmt.Sprintf("evals: %s: dropped: %s", name, strings.Join(badEval[name], "; ")))
	}
	out.Dataset = nil
	for i, c := range fn.Dataset {
		if msgs, bad := badCase[i]; bad {
			name := c.ID
			if name == "" {
				name = fmt.Sprintf("#%d", i+1)
			}
			dropped = append(dropped, fmt.Sprintf("case %s: dropped: %s", name, strings.Join(msgs, "; ")))
			continue
		}
		out.Dataset = append(out.Dataset, c)
	}
	return &out, dropped
}

// caseAt returns the index of the case whose lines hold line, or -1.
func caseAt(fn *spec.Function, line int) int {
	at := -1
	for i, c := range fn.Dataset {
		if c.Pos.Line > 0 && c.Pos.Line <= line {
			at = i
		}
	}
	return at
}

func joinProblems(es spec.Errors) string {
	var msgs []string
	for _, e := range es {
		msgs = append(msgs, e.Error())
		if len(msgs) == 5 {
			break
		}
	}
	return strings.Join(msgs, "; ")
}

// correct makes c state what its run observed: the results, the
// returned error or the panic, and the receiver after the call. It says
// what changed ("" when the outcome was right and only an evaluator
// failed), or reports false for an outcome a spec cannot state (a
// timeout, an exit, no build).
func correct(c *spec.Case, cr runner.CaseReport) (string, bool) {
	note, ok := correctOutcome(c, cr)
	if !ok {
		return "", false
	}
	if after := correctAfter(c, cr); after != "" {
		note = strings.TrimPrefix(note+"; "+after, "; ")
	}
	if after := correctInputsAfter(c, cr); after != "" {
		note = strings.TrimPrefix(note+"; "+after, "; ")
	}
	// unordered stays only with a value for it to compare.
	c.Unordered = c.Unordered && c.StatesValues()
	return note, true
}

// correctInputsAfter makes c's inputs_after what the run observed of
// the arguments it names, or drops it when the call did not return.
func correctInputsAfter(c *spec.Case, cr runner.CaseReport) string {
	want := c.InputsAfter
	if want == nil || want.Kind != spec.Map {
		return ""
	}
	if cr.Outcome != executors.OK || c.Raises == "panic" {
		c.InputsAfter = nil
		return "inputs_after dropped: the call did not return"
	}
	got := spec.Value{Kind: spec.Map}
	var wrong []string
	for _, e := range want.Map {
		a, ok := executors.Named(cr.ArgsAfter, e.Key.Str)
		if !ok {
			continue
		}
		got.Map = append(got.Map, spec.Entry{Key: e.Key, Val: a})
		if !spec.Equal(e.Val, a, spec.EqualOption{FloatTolerance: c.Tolerance, Unordered: c.Unordered}) {
			wrong = append(wrong, fmt.Sprintf("%s %s, but the call left it %s", e.Key.Str, e.Val, a))
		}
	}
	if len(got.Map) != len(want.Map) {
		c.InputsAfter = nil
		return "inputs_after dropped: it names arguments that were not recorded"
	}
	if len(wrong) == 0 {
		return ""
	}
	c.InputsAfter = &got
	return "you wrote inputs_after " + strings.Join(wrong, "; ")
}

// correctAfter makes c's receiver_after what the run observed through
// the same observers, or drops it when the call did not return.
func correctAfter(c *spec.Case, cr runner.CaseReport) string {
	want := c.ReceiverAfter
	switch {
	case want == nil:
		return ""
	case cr.After == nil || c.Raises == "panic":
		c.ReceiverAfter = nil
		return "receiver_after dropped: the call did not return"
	case spec.Equal(*want, *cr.After, spec.EqualOption{FloatTolerance: c.Tolerance, Unordered: c.Unordered}):
		return ""
	}
	got := *cr.After
	c.ReceiverAfter = &got
	return fmt.Sprintf("you wrote receiver_after %s, but the call left the receiver %s", want, cr.After)
}

// resultsEqual reports whether the results outputs are what c expects
// (want), as the runner's Expected evaluator compares them.
func resultsEqual(want spec.Value, outputs []spec.Value, c *spec.Case) bool {
	return runner.ExpectedMatches(want, outputs, spec.EqualOption{FloatTolerance: c.Tolerance, Unordered: c.Unordered})
}

// correctOutcome is correct for the results, error or panic.
func correctOutcome(c *spec.Case, cr runner.CaseReport) (string, bool) {
	switch {
	case cr.Outcome == executors.OK && cr.Err == nil:
		var got *spec.Value
		switch len(cr.Outputs) {
		case 0:
		case 1:
			v := cr.Outputs[0]
			got = &v
		default:
			v := spec.ListValue(cr.Outputs...)
			got = &v
		}
		var note string
		switch {
		case c.Raises != "":
			note = fmt.Sprintf("you wrote raises %s, but the call returned %s", c.Raises, valueText(got))
		case c.Expected == nil && got != nil:
			note = fmt.Sprintf("expected added: the call returned %s", valueText(got))
		case c.Expected != nil && (got == nil || !resultsEqual(*c.Expected, cr.Outputs, c)):
			note = fmt.Sprintf("you wrote expected %s, but the call returned %s", c.Expected, valueText(got))
		}
		if note != "" {
			c.Expected, c.Raises, c.Match, c.Tolerance = got, "", "", 0
		}
		return note, true
	case cr.Outcome == executors.OK:
		return correctRaises(c, cr, write.RaisesName(cr.Err), "returned the error", cr.Err.Message), true
	case cr.Outcome == executors.Panicked && cr.Panic != nil:
		return correctRaises(c, cr, "panic", "panicked with", cr.Panic.Message), true
	}
	return "", false
}

// correctRaises makes c raise what the call raised, unless its raises
// and match already held.
func correctRaises(c *spec.Case, cr runner.CaseReport, raises, did, msg string) string {
	if c.Raises != "" && raisesHolds(cr) {
		return ""
	}
	var note string
	switch {
	case c.Expected != nil:
		note = fmt.Sprintf("you wrote expected %s, but the call %s %q", c.Expected, did, msg)
	case c.Raises == "":
		note = fmt.Sprintf("the call %s %q", did, msg)
	case c.Match != "":
		note = fmt.Sprintf("you wrote raises %s with match %q, but the call %s %q", c.Raises, c.Match, did, msg)
	default:
		note = fmt.Sprintf("you wrote raises %s, but the call %s %q", c.Raises, did, msg)
	}
	c.Expected, c.Raises, c.Match, c.Tolerance = nil, raises, write.Anchor(msg), 0
	return note
}

// raisesHolds reports whether the run's failures concern only
// evaluators, not the raises check.
func raisesHolds(cr runner.CaseReport) bool {
	for _, f := range cr.Failures {
		if f.Evaluator == spec.EvalRaises || f.Evaluator == spec.EvalExpected {
			return false
		}
	}
	return true
}

func valueText(v *spec.Value) string {
	if v == nil {
		return "nothing"
	}
	return v.String()
}

// evaluatorFailure names the function evaluator (a key of evals) that a
// failure is about, or "".
func evaluatorFailure(f runner.Failure) spec.EvalName {
	if ev, ok := spec.LookupEvaluator(string(f.Evaluator)); ok && !ev.InCase {
		return ev.Name
	}
	return ""
}

// finalize keeps what holds of a checked draft: evaluators that failed
// on a case are dropped (they are not invariants), then cases that
// still fail. It returns the spec and each kept case's report.
func finalize(chk *checked, res *FuncResult) (*spec.Function, []runner.CaseReport) {
	fn := &spec.Function{Name: chk.fn.Name, Evals: chk.fn.Evals}
	failed := map[spec.EvalName]bool{}
	for _, cr := range chk.reports {
		for _, f := range cr.Failures {
			if name := evaluatorFailure(f); name != "" {
				failed[name] = true
			}
		}
	}
	var names []spec.EvalName
	for name := range failed {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fn.Evals.Drop(name)
		res.Notes = append(res.Notes, fmt.Sprintf("spec agent: evaluator %s dropped: it does not hold on every case", name))
	}
	var obs []runner.CaseReport
	for i, c := range chk.fn.Dataset {
		cr := chk.reports[i]
		ok := cr.Status == runner.Passed
		if !ok && cr.Status == runner.Failed {
			ok = true
			for _, f := range cr.Failures {
				if name := evaluatorFailure(f); name == "" || !failed[name] {
					ok = false
				}
			}
		}
		if !ok {
			res.Notes = append(res.Notes, fmt.Sprintf("spec agent: case %s dropped: %s", cr.Name(), runner.JoinFailures(cr.Failures, "; ")))
			continue
		}
		fn.Dataset = append(fn.Dataset, c)
		obs = append(obs, cr)
	}
	return fn, obs
}

// injectErrors adds to fn a copy of every verified error or panic case
// whose message no case of fn raises, and returns how many it added.
// obs are the reports of fn's cases.
func injectErrors(fn *spec.Function, obs []runner.CaseReport, verified []*spec.Case) int {
	n := 0
	for _, v := range verified {
		if v.Raises == "" {
			continue
		}
		re, err := regexp.Compile(v.Match)
		if err != nil {
			continue
		}
		covered := false
		for _, cr := range obs {
			switch {
			case v.Raises == "panic" && cr.Outcome == executors.Panicked && cr.Panic != nil:
				covered = re.MatchString(cr.Panic.Message)
			case v.Raises != "panic" && cr.Outcome == executors.OK && cr.Err != nil:
				covered = re.MatchString(cr.Err.Message)
			}
			if covered {
				break
			}
		}
		if covered {
			continue
		}
		c := *v
		c.Pos, c.Fields = spec.Pos{}, nil
		fn.Dataset = append(fn.Dataset, &c)
		n++
	}
	return n
}

// injectSuccesses adds to fn a copy of every verified case that returns
// normally whose inputs no case of fn has, and returns how many.
func injectSuccesses(f *target.Func, fn *spec.Function, verified []*spec.Case) int {
	have := map[string]bool{}
	for _, c := range fn.Dataset {
		have[write.ArgsKey(f, c)] = true
	}
	n := 0
	for _, v := range verified {
		if v.Raises != "" || have[write.ArgsKey(f, v)] {
			continue
		}
		c := *v
		c.Pos, c.Fields = spec.Pos{}, nil
		fn.Dataset = append(fn.Dataset, &c)
		n++
	}
	return n
}

// uniqueIDs gives every case a unique id: duplicates get a numeric
// suffix, missing ones case-N.
func uniqueIDs(fn *spec.Function) {
	taken := map[string]bool{}
	for _, c := range fn.Dataset {
		if c.ID == "" {
			continue
		}
		if !taken[c.ID] {
			taken[c.ID] = true
			continue
		}
		base := c.ID
		for i := 2; ; i++ {
			id := fmt.Sprintf("%s-%d", base, i)
			if !taken[id] {
				c.ID = id
				taken[id] = true
				break
			}
		}
	}
	fn.FillIDs()
}

// agentOrBuiltin returns the spec agent's spec of f, or builtin (the
// built-in writer's) when the agent fails, with a note.
func (g *generator) agentOrBuiltin(ctx context.Context, f *target.Func, builtin *spec.Function, res *FuncResult) *spec.Function {
	g.stepf(res, PhaseSpecAgent, "%d verified behaviours; asking the spec agent", len(builtin.Dataset))
	ctx, span := tracing.Start(ctx, g.opts.Tracer, "spec agent", tracing.Function.String(f.Name), tracing.Cases.Int(len(builtin.Dataset)))
	fn, err := g.agentSpec(ctx, f, builtin.Dataset, res)
	span.SetAttributes(attribute.Int("specgen.refinements", res.Refinements), tracing.Corrected.Int(res.Corrected), attribute.Int("specgen.cases.injected", res.Injected))
	tracing.End(span, err)
	if err != nil {
		res.SpecWriter = write.Builtin{}.Name()
		res.Notes = append(res.Notes, "spec agent failed, the built-in writer wrote the spec: "+err.Error())
		return builtin
	}
	res.SpecWriter = "agent"
	if n, ok := g.opts.SpecAgent.(interface{ Name() string }); ok && n.Name() != "" {
		res.SpecWriter = n.Name()
	}
	return fn
}

// fallbackExplore explores f with the built-in explorer after the
// configured explorer found nothing (err is its error, if any).
func (g *generator) fallbackExplore(ctx context.Context, f *target.Func, exe executors.Executor, eopts explore.Options, err error, res *FuncResult) (*explore.Exploration, error) {
	why := "it proposed no probe"
	if err != nil {
		why = err.Error()
	}
	res.Notes = append(res.Notes, "the explorer found nothing ("+why+"); the built-in explorer explored instead")
	g.stepf(res, PhaseExploring, "exploring with the built-in explorer")
	eopts.MaxRounds = 0
	return explore.Run(ctx, f, explore.NewBuiltin(explore.BuiltinOptions{}), exe, eopts)
}

// CostLabel is the label under which Options.Cost meters f's model
// calls: its import path and name.
func CostLabel(f *target.Func) string {
	if f.Pkg == nil {
		return f.Name
	}
	return f.Pkg.ImportPath + "." + f.Name
}

// timeoutNote reports the probes of an exploration that did not finish
// in time (a model's snippet that hangs costs its probe, not the run).
func timeoutNote(x *explore.Exploration) string {
	var ids []string
	for _, r := range x.Records {
		if r.Result.Outcome == executors.Timeout {
			ids = append(ids, r.Probe.ID)
		}
	}
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("probe %s timed out", ids[0])
	}
	n := len(ids)
	if n > 5 {
		ids = append(ids[:5], "…")
	}
	return fmt.Sprintf("%d probes timed out: %s", n, strings.Join(ids, ", "))
}

// attemptSpan starts the span of one attempt of the spec agent: "write
// spec" for the first, "refine spec" for the others. The agent's model
// calls and the native check of its draft are its children.
func (g *generator) attemptSpan(ctx context.Context, f *target.Func, attempt int) (context.Context, trace.Span) {
	name := "write spec"
	if attempt > 0 {
		name = "refine spec"
	}
	return tracing.Start(ctx, g.opts.Tracer, name, tracing.Function.String(f.Name), tracing.Attempt.Int(attempt))
}
