package executors

import (
	"context"
	"fmt"

	"github.com/specgen-dev/specgen/spec"
)

// CrossChecked runs programs on a fast engine (yaegi) while checking it
// against native: the first program, and every Every-th after it, also
// runs natively, and at the first disagreement — the fast engine getting
// the package's Go wrong — every later program runs natively. A program
// the fast engine fails to run moves to native too. Panics are compared
// by kind only (yaegi words runtime panics its own way), and a probe
// whose native result changes from run to run says nothing about the
// fast engine. Auto.For hands one out per function when
// Auto.CrossCheck is set.
//
// A CrossChecked is for one caller at a time.
type CrossChecked struct {
	Fast, Native Executor
	// Every is how often a program is checked, counting from the first
	// (0: the first only).
	Every int
	// Logf, when set, is told when the fast engine is left.
	Logf func(format string, args ...any)

	calls int
	// switched is why the programs moved to native ("" while they have not).
	switched string
}

// Name is the name of the engine the next program runs on.
func (c *CrossChecked) Name() string {
	if c.switched != "" {
		return c.Native.Name()
	}
	return c.Fast.Name()
}

// Switched says why the programs moved to native, or "" while they run
// on the fast engine.
func (c *CrossChecked) Switched() string { return c.switched }

// Run runs prog on the fast engine, and natively when it is checked or
// the fast engine has been left.
func (c *CrossChecked) Run(ctx context.Context, prog *Program) (*Report, error) {
	if c.switched != "" {
		return c.Native.Run(ctx, prog)
	}
	c.calls++
	rep, err := c.Fast.Run(ctx, prog)
	if err != nil {
		c.switched = fmt.Sprintf("%s failed: %v", c.Fast.Name(), err)
		return c.Native.Run(ctx, prog)
	}
	if c.calls != 1 && (c.Every <= 0 || c.calls%c.Every != 0) {
		return rep, nil
	}
	nrep, err := c.Native.Run(ctx, prog)
	if err != nil {
		return rep, nil
	}
	var again *Report
	for i := range rep.Results {
		if d := Disagreement(rep.Results[i], nrep.Results[i]); d != "" && !bothPanicked(rep.Results[i], nrep.Results[i]) {
			// Native against native first: a probe whose result changes
			// from run to run says nothing about the fast engine.
			if again == nil {
				if again, err = c.Native.Run(ctx, prog); err != nil {
					return rep, nil
				}
			}
			if Disagreement(nrep.Results[i], again.Results[i]) != "" {
				continue
			}
			c.switched = fmt.Sprintf("probe %s: %s", prog.Probes[i].ID, d)
			if c.Logf != nil {
				c.Logf("%s disagrees with native (%s): exploring natively", c.Fast.Name(), c.switched)
			}
			return nrep, nil
		}
	}
	return rep, nil
}

func bothPanicked(a, b Result) bool {
	return a.Outcome == Panicked && b.Outcome == Panicked
}

// Disagreement says how the results of one probe on another engine
// (explored) and natively differ, or "" when they agree. A timeout on
// either side is not compared; panics are compared by message.
func Disagreement(explored, native Result) string {
	switch {
	case explored.Outcome != native.Outcome:
		if explored.Outcome == Timeout || native.Outcome == Timeout {
			return ""
		}
		return fmt.Sprintf("%s, native: %s", explored.Outcome, native.Outcome)
	case (explored.Err == nil) != (native.Err == nil):
		return "error vs no error"
	case explored.Err != nil && explored.Err.Message != native.Err.Message:
		return fmt.Sprintf("error %q, native: %q", explored.Err.Message, native.Err.Message)
	case explored.Panic != nil && native.Panic != nil && explored.Panic.Message != native.Panic.Message:
		return fmt.Sprintf("panic %q, native: %q", explored.Panic.Message, native.Panic.Message)
	}
	if len(explored.Outputs) != len(native.Outputs) {
		return "different number of results"
	}
	for i := range explored.Outputs {
		if !spec.Equal(native.Outputs[i], explored.Outputs[i], spec.EqualOption{}) {
			return fmt.Sprintf("result %d: %s, native: %s", i, explored.Outputs[i], native.Outputs[i])
		}
	}
	for _, n := range native.ArgsAfter {
		for _, a := range explored.ArgsAfter {
			if a.Name == n.Name && !spec.Equal(n.Value, a.Value, spec.EqualOption{}) {
				return fmt.Sprintf("%s after the call: %s, native: %s", n.Name, a.Value, n.Value)
			}
		}
	}
	switch a, n := explored.After, native.After; {
	case (a == nil) != (n == nil):
		return fmt.Sprintf("receiver after the call: %s, native: %s", afterText(a), afterText(n))
	case a != nil && !spec.Equal(*n, *a, spec.EqualOption{}):
		return fmt.Sprintf("receiver after the call: %s, native: %s", a, n)
	}
	return ""
}

// afterText renders a receiver after the call, which may be missing.
func afterText(v *spec.Value) string {
	if v == nil {
		return "not recorded"
	}
	return v.String()
}
