package spec

// EvalName names an evaluator: a key under a function's evals (Type,
// Assertion, ...) or one of the checks a case states itself (Expected,
// Raises, ReceiverAfter, InputsAfter).
type EvalName string

// The evaluators.
const (
	EvalExpected      EvalName = "Expected"
	EvalRaises        EvalName = "Raises"
	EvalReceiverAfter EvalName = "ReceiverAfter"
	EvalInputsAfter   EvalName = "InputsAfter"
	EvalType          EvalName = "Type"
	EvalAssertion     EvalName = "Assertion"
	EvalDuration      EvalName = "Duration"
	EvalPattern       EvalName = "Pattern"
	EvalContainsInput EvalName = "ContainsInput"
	EvalLLMJudge      EvalName = "LLMJudge"
)

// Evaluator is what the code needs to know about one evaluator.
type Evaluator struct {
	Name EvalName
	// InCase reports a check that each case states with its own keys
	// (expected; raises and match; receiver_after): it has no place
	// under evals. CaseKey is the first of those keys.
	InCase  bool
	CaseKey string
	// Params are the evaluator's parameters under evals, in the order
	// they are written.
	Params []string
	// Required is the parameter that the evaluator cannot do without
	// ("" when all are optional).
	Required string
	// NeedsResult reports an evaluator that checks the first non-error
	// result, so a function without one cannot have it.
	NeedsResult bool
	// Drafted reports an evaluator that a spec agent may write: one that
	// running the cases checks. Durations are measured, not drafted, and
	// nothing evaluates LLMJudge.
	Drafted bool

	// pos returns where the evaluator is in e, and whether e has it.
	pos func(e *Evals) (Pos, bool)
	// drop removes it from e.
	drop func(e *Evals)
}

// Evaluators returns the evaluators: the checks a case states, then
// the keys of evals in the order they are written.
func Evaluators() []Evaluator {
	return []Evaluator{
		{Name: EvalExpected, InCase: true, CaseKey: "expected"},
		{Name: EvalRaises, InCase: true, CaseKey: "raises"},
		{Name: EvalReceiverAfter, InCase: true, CaseKey: "receiver_after"},
		{Name: EvalInputsAfter, InCase: true, CaseKey: "inputs_after"},
		{
			Name: EvalType, Params: []string{"type"}, Required: "type", NeedsResult: true, Drafted: true,
			pos:  func(e *Evals) (Pos, bool) { return evalPos(e.Type != nil, func() Pos { return e.Type.Pos }) },
			drop: func(e *Evals) { e.Type = nil },
		},
		{
			Name: EvalAssertion, Params: []string{"assertion"}, Required: "assertion", Drafted: true,
			pos:  func(e *Evals) (Pos, bool) { return evalPos(e.Assertion != nil, func() Pos { return e.Assertion.Pos }) },
			drop: func(e *Evals) { e.Assertion = nil },
		},
		{
			Name: EvalDuration, Params: []string{"duration"}, Required: "duration",
			pos:  func(e *Evals) (Pos, bool) { return evalPos(e.Duration != nil, func() Pos { return e.Duration.Pos }) },
			drop: func(e *Evals) { e.Duration = nil },
		},
		{
			Name: EvalPattern, Params: []string{"pattern", "case_sensitive"}, Required: "pattern", NeedsResult: true, Drafted: true,
			pos:  func(e *Evals) (Pos, bool) { return evalPos(e.Pattern != nil, func() Pos { return e.Pattern.Pos }) },
			drop: func(e *Evals) { e.Pattern = nil },
		},
		{
			Name: EvalContainsInput, Params: []string{"case_sensitive", "as_strings"}, NeedsResult: true, Drafted: true,
			pos: func(e *Evals) (Pos, bool) {
				return evalPos(e.ContainsInput != nil, func() Pos { return e.ContainsInput.Pos })
			},
			drop: func(e *Evals) { e.ContainsInput = nil },
		},
		{
			Name: EvalLLMJudge, Params: []string{"rubric", "model"}, Required: "rubric",
			pos:  func(e *Evals) (Pos, bool) { return evalPos(e.LLMJudge != nil, func() Pos { return e.LLMJudge.Pos }) },
			drop: func(e *Evals) { e.LLMJudge = nil },
		},
	}
}

func evalPos(ok bool, pos func() Pos) (Pos, bool) {
	if !ok {
		return Pos{}, false
	}
	return pos(), true
}

// LookupEvaluator returns the evaluator named name.
func LookupEvaluator(name string) (Evaluator, bool) {
	for _, ev := range Evaluators() {
		if string(ev.Name) == name {
			return ev, true
		}
	}
	return Evaluator{}, false
}

// EvalNames returns the names of the evaluators that evals may hold, in
// the order they are written.
func EvalNames() []string {
	var names []string
	for _, ev := range Evaluators() {
		if !ev.InCase {
			names = append(names, string(ev.Name))
		}
	}
	return names
}

// Drop removes the evaluator named name from e; it does nothing for a
// name that is not a key of evals.
func (e *Evals) Drop(name EvalName) {
	if ev, ok := LookupEvaluator(string(name)); ok && ev.drop != nil {
		ev.drop(e)
	}
}

// EvalAt names the evaluator of e that pos falls in: the last one whose
// key starts at or before pos, by line then column. A position without
// a column stands for its whole line, so of the evaluators that start
// on that line the last one is picked. It returns "" when no evaluator
// starts at or before pos.
func EvalAt(e *Evals, pos Pos) EvalName {
	var best EvalName
	var bestPos Pos
	for _, ev := range Evaluators() {
		if ev.pos == nil {
			continue
		}
		p, ok := ev.pos(e)
		if !ok || p.Line == 0 || !posAtOrBefore(p, pos) {
			continue
		}
		if best == "" || posAtOrBefore(bestPos, p) {
			best, bestPos = ev.Name, p
		}
	}
	return best
}

// posAtOrBefore reports whether a is at or before b, by line then
// column; a column of 0 in b stands for the end of its line.
func posAtOrBefore(a, b Pos) bool {
	switch {
	case a.Line != b.Line:
		return a.Line < b.Line
	case b.Col == 0:
		return true
	}
	return a.Col <= b.Col
}
