package maintain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
)

// ChangeKind is what happened to a behaviour between the spec on disk
// and the code as it is now.
type ChangeKind string

// Kinds of changes.
const (
	// Changed: a generated case's outcome is not what the code does now.
	Changed ChangeKind = "changed"
	// HandFails: a hand-written case does not pass on the code as it is
	// now. Refresh never touches it: its author decides.
	HandFails ChangeKind = "hand-fails"
	// Added: exploration found a behaviour no case of the spec has.
	Added ChangeKind = "added"
	// Dropped: a generated case that still holds is no longer among
	// what exploration writes (another case shows its behaviour now).
	Dropped ChangeKind = "dropped"
)

// Change is one line of a behaviour diff.
type Change struct {
	Kind ChangeKind
	// ID names the case ("#3" when it has no id).
	ID string
	// Input says what the case calls the function with.
	Input string
	// Old is what the spec says the call does; New what it does now.
	// For Added, Old is empty; for Dropped, New is.
	Old, New string
	// Detail is what the run's evaluators said (Changed, HandFails).
	Detail string
}

// caseKey identifies a case by what it calls the function with.
func caseKey(c *spec.Case) string {
	var b strings.Builder
	b.WriteString(c.Types.String())
	for _, v := range []*spec.Value{c.Globals, c.Receiver, c.Input, c.Inputs} {
		b.WriteByte('|')
		if v != nil {
			b.WriteString(v.String())
		}
	}
	return b.String()
}

// describeInput says what a case calls the function with.
func describeInput(c *spec.Case) string {
	var parts []string
	if len(c.Types) > 0 {
		parts = append(parts, "types: "+c.Types.String())
	}
	if c.Globals != nil {
		parts = append(parts, "globals: "+c.Globals.String())
	}
	if c.Receiver != nil {
		parts = append(parts, "receiver: "+c.Receiver.String())
	}
	if c.Input != nil {
		parts = append(parts, "input: "+c.Input.String())
	}
	if c.Inputs != nil {
		parts = append(parts, "inputs: "+c.Inputs.String())
	}
	if len(parts) == 0 {
		return "no input"
	}
	return strings.Join(parts, ", ")
}

// describeCase says what a case states the call does.
func describeCase(c *spec.Case) string {
	var s string
	switch {
	case c.Raises != "":
		s = "raises " + c.Raises
		if c.Match != "" {
			s += " matching " + strconv.Quote(c.Match)
		}
	case c.Expected != nil:
		s = "returns " + c.Expected.String()
	default:
		s = "returns"
	}
	if c.ReceiverAfter != nil {
		s += ", receiver after: " + c.ReceiverAfter.String()
	}
	if c.InputsAfter != nil {
		s += ", inputs after: " + c.InputsAfter.String()
	}
	return s
}

// describeRun says what a call did.
func describeRun(cr *runner.CaseReport) string {
	switch cr.Outcome {
	case executors.Panicked:
		if cr.Panic != nil {
			return "panics: " + strconv.Quote(cr.Panic.Message)
		}
		return "panics"
	case executors.Timeout:
		return "does not return (timeout)"
	case executors.Exited:
		return "ends the process"
	case executors.OK:
	default:
		return "cannot run (" + string(cr.Outcome) + ")"
	}
	var s string
	switch {
	case cr.Err != nil:
		s = "raises error " + strconv.Quote(cr.Err.Message)
		if cr.Err.Type != "" {
			s += " (" + cr.Err.Type + ")"
		}
	case len(cr.Outputs) == 1:
		s = "returns " + cr.Outputs[0].String()
	case len(cr.Outputs) > 1:
		s = "returns " + spec.ListValue(cr.Outputs...).String()
	default:
		s = "returns"
	}
	if cr.After != nil {
		s += ", receiver after: " + cr.After.String()
	}
	if len(cr.ArgsAfter) > 0 {
		var kv []any
		for _, a := range cr.ArgsAfter {
			kv = append(kv, a.Name, a.Value)
		}
		s += ", inputs after: " + spec.MapValue(kv...).String()
	}
	return s
}

// behaviourDiff compares the spec on disk (old, with its run on the code
// as it is now) with what a refresh would write (merged).
func behaviourDiff(old *spec.Function, run *runner.FunctionReport, merged *spec.Function) []Change {
	var out []Change
	oldKeys := map[string]bool{}
	reports := map[int]*runner.CaseReport{}
	if run != nil {
		for i := range run.Cases {
			reports[run.Cases[i].Index] = &run.Cases[i]
		}
	}
	mergedKeys := map[string]bool{}
	for _, c := range merged.Dataset {
		mergedKeys[caseKey(c)] = true
	}
	var dropped []Change
	for i, c := range old.Dataset {
		oldKeys[caseKey(c)] = true
		cr := reports[i]
		name := caseID(c, i)
		if cr != nil && cr.Status != runner.Passed {
			kind := Changed
			if !c.Generated {
				kind = HandFails
			}
			out = append(out, Change{Kind: kind, ID: name, Input: describeInput(c), Old: describeCase(c), New: describeRun(cr), Detail: runner.JoinFailures(cr.Failures, "; ")})
			continue
		}
		if c.Generated && !mergedKeys[caseKey(c)] {
			dropped = append(dropped, Change{Kind: Dropped, ID: name, Input: describeInput(c), Old: describeCase(c)})
		}
	}
	for i, c := range merged.Dataset {
		if c.Generated && !oldKeys[caseKey(c)] {
			out = append(out, Change{Kind: Added, ID: caseID(c, i), Input: describeInput(c), New: describeCase(c)})
		}
	}
	return append(out, dropped...)
}

func caseID(c *spec.Case, i int) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("#%d", i+1)
}
