package pipeline

import (
	"context"
	"fmt"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// crossChecked explores on a fast engine (yaegi) while checking it
// against native: the first program, and every checkEvery-th after it,
// also runs natively, and at the first disagreement — yaegi getting the
// package's Go wrong — exploration moves to native for good. Panics are
// compared by kind only (yaegi words runtime panics its own way; the
// cases are re-run natively anyway).
type crossChecked struct {
	fast, native executors.Executor
	checkEvery   int
	calls        int
	// switched is why exploration moved to native ("" while it has not).
	switched string
	logf     func(string, ...any)
}

func (c *crossChecked) Name() string {
	if c.switched != "" {
		return c.native.Name()
	}
	return c.fast.Name()
}

func (c *crossChecked) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	if c.switched != "" {
		return c.native.Run(ctx, prog)
	}
	c.calls++
	rep, err := c.fast.Run(ctx, prog)
	if err != nil {
		c.switched = fmt.Sprintf("%s failed: %v", c.fast.Name(), err)
		return c.native.Run(ctx, prog)
	}
	if c.calls != 1 && (c.checkEvery <= 0 || c.calls%c.checkEvery != 0) {
		return rep, nil
	}
	nrep, err := c.native.Run(ctx, prog)
	if err != nil {
		return rep, nil
	}
	var again *executors.Report
	for i := range rep.Results {
		if d := disagreement(rep.Results[i], nrep.Results[i]); d != "" && !bothPanicked(rep.Results[i], nrep.Results[i]) {
			// Native against native first: a probe whose result changes
			// from run to run says nothing about yaegi.
			if again == nil {
				if again, err = c.native.Run(ctx, prog); err != nil {
					return rep, nil
				}
			}
			if disagreement(nrep.Results[i], again.Results[i]) != "" {
				continue
			}
			c.switched = fmt.Sprintf("probe %s: %s", prog.Probes[i].ID, d)
			if c.logf != nil {
				c.logf("%s disagrees with native (%s): exploring natively", c.fast.Name(), c.switched)
			}
			return nrep, nil
		}
	}
	return rep, nil
}

func bothPanicked(a, b executors.Result) bool {
	return a.Outcome == executors.Panicked && b.Outcome == executors.Panicked
}

// disagreement says how two engines' results of one probe differ, or "".
// Timeouts and exits are not compared.
func disagreement(explored, native executors.Result) string {
	switch {
	case explored.Outcome != native.Outcome:
		if explored.Outcome == executors.Timeout || native.Outcome == executors.Timeout {
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
	return ""
}
