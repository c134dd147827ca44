package runner

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// evalOptions are the options that evaluation depends on.
type evalOptions struct {
	FloatTolerance float64
	IgnoreDuration bool
}

// evaluate applies every evaluator of a case to what its probe did. It
// is a pure function of its arguments.
func evaluate(cp *casePlan, fi *funcInfo, eo evalOptions, r executors.Result) CaseReport {
	c := cp.Case
	cr := CaseReport{
		ID:        c.ID,
		Index:     cp.Index,
		Case:      c,
		Pos:       c.Pos,
		Outcome:   r.Outcome,
		Duration:  r.Duration,
		Outputs:   r.Outputs,
		After:     r.After,
		ArgsAfter: r.ArgsAfter,
		Err:       r.Err,
		Panic:     r.Panic,
		Stdout:    r.Stdout,
		Stderr:    r.Stderr,
	}
	switch r.Outcome {
	case executors.OK, executors.Panicked:
	default:
		cr.Status = Errored
		msg := r.Message
		if msg == "" {
			msg = "no details"
		}
		cr.Failures = append([]Failure{{Message: string(r.Outcome) + ": " + msg}}, deniedBySandbox(r)...)
		return cr
	}
	var fails []Failure
	fail := func(ev spec.EvalName, format string, args ...any) {
		fails = append(fails, Failure{Evaluator: ev, Message: fmt.Sprintf(format, args...)})
	}

	returned := r.Outcome == executors.OK
	normal := returned && r.Err == nil
	opt := spec.EqualOption{FloatTolerance: eo.FloatTolerance, Unordered: c.Unordered}
	if c.Tolerance > 0 {
		opt.FloatTolerance = c.Tolerance
	}
	switch {
	case cp.Raises.Kind != raiseNone:
		fails = append(fails, checkRaises(cp, r)...)
	case c.Expected != nil:
		if !normal {
			fail(spec.EvalExpected, "want %s, but the call %s", *c.Expected, describeFailure(r))
			break
		}
		if f, ok := compareExpected(*c.Expected, r.Outputs, fi.NumOut, opt); !ok {
			f.Evaluator = spec.EvalExpected
			fails = append(fails, f)
		}
	case !normal:
		fail("", "the call %s (a case without expected or raises must return normally)", describeFailure(r))
	}
	if want := c.ReceiverAfter; want != nil {
		switch {
		case r.After != nil:
			if f, ok := compareValue(*want, *r.After, opt, "receiver after the call"); !ok {
				f.Evaluator = spec.EvalReceiverAfter
				fails = append(fails, f)
			}
		case returned:
			fail(spec.EvalReceiverAfter, "receiver after the call: want %s, but it was not recorded", *want)
		case len(fails) == 0:
			fail(spec.EvalReceiverAfter, "receiver after the call: want %s, but the call %s", *want, describeFailure(r))
		}
	}
	if want := c.InputsAfter; want != nil && want.Kind == spec.Map {
		for _, e := range want.Map {
			name := e.Key.Str
			got, ok := executors.Named(r.ArgsAfter, name)
			switch {
			case ok:
				if f, ok := compareValue(e.Val, got, opt, "argument "+name+" after the call"); !ok {
					f.Evaluator = spec.EvalInputsAfter
					fails = append(fails, f)
				}
			case returned:
				fail(spec.EvalInputsAfter, "argument %s after the call: want %s, but it was not recorded", name, e.Val)
			case len(fails) == 0:
				fail(spec.EvalInputsAfter, "argument %s after the call: want %s, but the call %s", name, e.Val, describeFailure(r))
			}
		}
	}

	if normal && len(r.Outputs) > 0 {
		out := r.Outputs[0]
		if t := fi.Type; t != nil && !sameType(t.Type, fi.ResultType, fi.ResultTypeShort) {
			fail(spec.EvalType, "want %s, got %s", strings.TrimSpace(t.Type), fi.ResultType)
		}
		if fi.Pattern != nil {
			if s := stringForm(out); !fi.Pattern.MatchString(s) {
				fail(spec.EvalPattern, "output %q does not match /%s/", s, fi.Pattern)
			}
		}
		if ci := fi.ContainsInput; ci != nil {
			fails = append(fails, checkContainsInput(ci, fi.Params, cp.Inputs, out)...)
		}
	}
	if a := fi.Assertion; a != nil && returned {
		switch {
		case len(r.Asserts) == 0:
			fail(spec.EvalAssertion, "%s was not evaluated", a.Assertion)
		case !r.Asserts[0]:
			fail(spec.EvalAssertion, "%s is false (%s)", a.Assertion, describeReturn(fi, r))
		}
	}
	if !eo.IgnoreDuration {
		if d := c.Duration; d != nil && r.Duration > d.Duration {
			fail(spec.EvalDuration, "took %s, over the case's limit of %s", roundDuration(r.Duration), d.Duration)
		}
		if d := fi.Duration; d != nil && r.Duration > d.Duration.Duration {
			fail(spec.EvalDuration, "took %s, over the limit of %s", roundDuration(r.Duration), d.Duration.Duration)
		}
	}
	cr.Failures = fails
	cr.Status = Passed
	if len(fails) > 0 {
		cr.Status = Failed
		cr.Failures = append(cr.Failures, deniedBySandbox(r)...)
	}
	return cr
}

// deniedBySandbox explains a case that failed where the sandbox refused
// the code something: the spec may have been written without it.
func deniedBySandbox(r executors.Result) []Failure {
	if r.Denied == "" {
		return nil
	}
	return []Failure{{Message: "denied by the sandbox: " + r.Denied + " (-sandbox=off to allow)"}}
}

// checkRaises checks a returned error or a panic against raises and match.
func checkRaises(cp *casePlan, r executors.Result) []Failure {
	rs := cp.Raises
	panicked := r.Outcome == executors.Panicked
	var ok bool
	var want string
	switch rs.Kind {
	case raiseError:
		ok, want = !panicked && r.Err != nil, "a returned error"
	case raisePanic:
		ok, want = panicked, "a panic"
	case raiseType:
		ok = r.Err != nil && !panicked && (r.Err.Type == rs.Name || slices.Contains(r.Err.Types, rs.Name)) ||
			panicked && r.Panic != nil && r.Panic.Type == rs.Name
		want = "an error of type " + rs.Name
	case raiseSentinel:
		ok = r.Err != nil && !panicked && slices.Contains(r.Err.Sentinels, rs.Name)
		want = "an error that is " + rs.Name
	}
	if !ok {
		return []Failure{{Evaluator: spec.EvalRaises, Message: fmt.Sprintf("want %s, but the call %s", want, describeFailure(r))}}
	}
	if cp.Match == nil {
		return nil
	}
	msg := ""
	switch {
	case panicked && r.Panic != nil:
		msg = r.Panic.Message
	case r.Err != nil:
		msg = r.Err.Message
	}
	if !cp.Match.MatchString(msg) {
		return []Failure{{Evaluator: spec.EvalRaises, Message: fmt.Sprintf("message %q does not match /%s/", msg, cp.Match)}}
	}
	return nil
}

// compareExpected compares the non-error results with expected; ok
// reports that they are equal, else the failure says how they differ.
func compareExpected(want spec.Value, outputs []spec.Value, numOut int, opt spec.EqualOption) (f Failure, ok bool) {
	var got spec.Value
	switch {
	case numOut == 1 && len(outputs) == 1:
		got = outputs[0]
	case opt.Unordered && want.Kind == spec.List && len(want.List) == len(outputs):
		// Several results are a list in order; the lists within
		// each are what compare in any order.
		var msgs []string
		for i, w := range want.List {
			if f, ok := compareValue(w, outputs[i], opt, fmt.Sprintf("result %d", i+1)); !ok {
				msgs = append(msgs, f.Message)
			}
		}
		if len(msgs) > 0 {
			return Failure{Message: strings.Join(msgs, "\n")}, false
		}
		return Failure{}, true
	default:
		got = spec.ListValue(outputs...)
	}
	return compareValue(want, got, opt, "")
}

// ExpectedMatches reports whether outputs, the non-error results of a
// call, are what want states (one result, or the list of several) as
// the Expected evaluator compares them: several results stay in order
// in an unordered comparison, and the lists within each compare in any
// order.
func ExpectedMatches(want spec.Value, outputs []spec.Value, opt spec.EqualOption) bool {
	_, ok := compareExpected(want, outputs, len(outputs), opt)
	return ok
}

// compareValue compares got with want; ok reports that they are equal,
// else the failure says how they differ: one line for scalars, the
// differing paths and both values for structures, with a go-cmp diff
// in Diff. what names the value in the message ("" for the result).
// opt says how: the float tolerance, and whether lists compare in any
// order.
func compareValue(want, got spec.Value, opt spec.EqualOption, what string) (f Failure, ok bool) {
	if spec.Equal(want, got, opt) {
		return Failure{}, true
	}
	d := spec.Diff(want, got, opt)
	if !strings.Contains(d, "\n") && strings.HasPrefix(d, "value: ") {
		// A scalar, or values of different kinds: one line says it all.
		d = strings.TrimPrefix(d, "value: ")
		if what != "" {
			d = what + ": " + d
		}
		return Failure{Message: d}, false
	}
	var b strings.Builder
	if what == "" {
		what = "result"
	}
	b.WriteString("the " + what + " differs:")
	for _, l := range strings.Split(d, "\n") {
		b.WriteString("\n  " + strings.TrimPrefix(l, "."))
	}
	fmt.Fprintf(&b, "\n  want: %s\n  got:  %s", want, got)
	if opt.Unordered {
		// A diff in order would show elements moved as changed: the
		// lines above say what is missing and what is extra.
		return Failure{Message: b.String()}, false
	}
	return Failure{Message: b.String(), Diff: valueDiff(want, got, opt.FloatTolerance)}, false
}

// describeFailure says how a call that was expected to do something
// else ended: "returned normally with 3", "returned an error: ...",
// "panicked: ...".
func describeFailure(r executors.Result) string {
	switch {
	case r.Outcome == executors.Panicked && r.Panic != nil:
		s := "panicked: " + r.Panic.Message
		if r.Panic.Type != "" {
			s += " (" + r.Panic.Type + ")"
		}
		return s
	case r.Err != nil:
		return "returned an error: " + describeError(r.Err)
	case len(r.Outputs) == 0:
		return "returned normally"
	case len(r.Outputs) == 1:
		return "returned normally with " + r.Outputs[0].String()
	}
	return "returned normally with " + spec.ListValue(r.Outputs...).String()
}

// describeError renders a returned error: its message, then its type
// and the sentinels it is.
func describeError(e *executors.ErrorInfo) string {
	s := fmt.Sprintf("%q", e.Message)
	var about []string
	if e.Type != "" {
		about = append(about, "type "+e.Type)
	}
	for _, t := range e.Types {
		if t != e.Type && !slices.Contains(about, "wraps "+t) {
			about = append(about, "wraps "+t)
		}
	}
	for _, st := range e.Sentinels {
		about = append(about, "is "+st)
	}
	if len(about) > 0 {
		s += " (" + strings.Join(about, ", ") + ")"
	}
	return s
}

// describeReturn lists what an Assertion saw: the outputs and err.
func describeReturn(fi *funcInfo, r executors.Result) string {
	var parts []string
	for i, o := range r.Outputs {
		name := "output"
		if fi.NumOut > 1 {
			name = fmt.Sprintf("output%d", i)
		}
		parts = append(parts, name+" = "+o.String())
	}
	if r.Err != nil {
		parts = append(parts, fmt.Sprintf("err = %q", r.Err.Message))
	} else if fi.ErrorLast {
		parts = append(parts, "err = nil")
	}
	if len(parts) == 0 {
		return "no results"
	}
	return strings.Join(parts, ", ")
}

// stringForm is a value as Pattern and ContainsInput see it: a string
// (or an opaque value's text) as is, anything else in flow YAML.
func stringForm(v spec.Value) string {
	if v.Kind == spec.String || v.Kind == spec.Opaque {
		return v.Str
	}
	return v.String()
}

// checkContainsInput requires the output to contain every string input
// (every input, in its string form, with as_strings): as a substring of a
// string output, as an element of a list output.
func checkContainsInput(ci *spec.ContainsInputEval, params []string, inputs []spec.Value, out spec.Value) []Failure {
	fold := ci.CaseSensitive != nil && !*ci.CaseSensitive
	eq := func(a, b string) bool {
		if fold {
			return strings.EqualFold(a, b)
		}
		return a == b
	}
	has := func(s, sub string) bool {
		if fold {
			return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
		}
		return strings.Contains(s, sub)
	}
	var fails []Failure
	for i, in := range inputs {
		if in.Kind != spec.String && !ci.AsStrings {
			continue
		}
		want := stringForm(in)
		found := false
		if out.Kind == spec.List {
			for _, e := range out.List {
				if (e.Kind == spec.String || e.Kind == spec.Opaque) && eq(e.Str, want) || ci.AsStrings && eq(stringForm(e), want) {
					found = true
					break
				}
			}
		} else {
			found = has(stringForm(out), want)
		}
		if !found {
			name := fmt.Sprintf("input %d", i+1)
			if i < len(params) {
				name = "input " + params[i]
			}
			fails = append(fails, Failure{Evaluator: spec.EvalContainsInput, Message: fmt.Sprintf("output %s does not contain %s %q", out, name, want)})
		}
	}
	return fails
}

// sameType compares a Type evaluator's type with the result type, with
// or without the package under test's qualifier, ignoring spaces and
// writing interface{} as any.
func sameType(want, got, short string) bool {
	norm := func(s string) string {
		s = strings.Join(strings.Fields(s), "")
		return strings.ReplaceAll(s, "interface{}", "any")
	}
	w := norm(want)
	return w == norm(got) || w == norm(short)
}

// roundDuration rounds d for messages.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
