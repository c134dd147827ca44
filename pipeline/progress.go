package pipeline

import (
	"fmt"

	"github.com/specgen-dev/specgen/explore"
)

// Phase names what the generation of one function is doing.
type Phase string

// The phases of a function, in the order they come (a generic function
// explores each instantiation, without the mutation step). A function
// is queued when Gen starts, and done when its result is known, failed
// or not; one left alone because its spec is up to date goes from
// queued to done.
const (
	PhaseQueued     Phase = "queued"
	PhaseExploring  Phase = "exploring"
	PhaseMutation   Phase = "mutation"
	PhaseSpecAgent  Phase = "spec agent"
	PhaseConfirming Phase = "confirming"
	PhaseWriting    Phase = "writing"
	PhaseDone       Phase = "done"
)

// Step is what Options.Progress is told: one function's state when it
// enters a phase, and after each exploration round.
type Step struct {
	Func  string
	Phase Phase
	// Round is the exploration round just run (Exploring; 0 when the
	// exploration starts).
	Round int
	// Probes counts the probes run so far, Coverage is the function's
	// statement coverage so far, in percent: the exploration's, then,
	// from Done, the spec's.
	Probes   int
	Coverage float64
	// Generated and Hand count the cases of the spec from Confirming:
	// the generated ones, and those a person wrote (or edited), which
	// are run with them and kept as they are.
	Generated, Hand int
	// Line says the step in one line for a log, or is "" when the step
	// only updates the figures (an exploration round).
	Line string
}

// step tells Options.Progress about a step of res's function; Probes and
// Coverage default to what res has so far.
func (g *generator) step(res *FuncResult, s Step) {
	if g.opts.Progress == nil {
		return
	}
	s.Func = res.Name
	if s.Probes == 0 {
		s.Probes = res.Probes
	}
	if s.Coverage == 0 {
		s.Coverage = res.ExploreCoverage
	}
	g.opts.Progress(s)
}

// stepf is step with a line for the log, a printf of format and args
// after the function's name.
func (g *generator) stepf(res *FuncResult, phase Phase, format string, args ...any) {
	if g.opts.Progress == nil {
		return
	}
	g.step(res, Step{Phase: phase, Line: res.Name + ": " + fmt.Sprintf(format, args...)})
}

// rounds returns the explore.Options.Progress that reports each round of
// an exploration of res's function, chained before next (which may be
// nil); the probes and coverage of earlier explorations of the function
// (other instantiations) count too.
func (g *generator) rounds(res *FuncResult, next func(explore.Progress)) func(explore.Progress) {
	if g.opts.Progress == nil {
		return next
	}
	return func(p explore.Progress) {
		g.step(res, Step{Phase: PhaseExploring, Round: p.Round, Probes: res.Probes + p.Probes, Coverage: max(res.ExploreCoverage, p.Coverage)})
		if next != nil {
			next(p)
		}
	}
}

// confirmLine is the log line of the Confirming step.
func confirmLine(res *FuncResult, generated, hand int) string {
	line := fmt.Sprintf("%s: %d probes, %d behaviours, %.1f%% explored; confirming %s natively", res.Name, res.Probes, res.Behaviours, res.ExploreCoverage, plural(generated, "generated case"))
	if hand > 0 {
		line += fmt.Sprintf(" (%d hand-written kept as they are)", hand)
	}
	return line
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
