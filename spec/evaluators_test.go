package spec

import (
	"slices"
	"testing"
)

func TestEvaluatorsTable(t *testing.T) {
	// Every key of evals has an entry, in the order Marshal writes them.
	e := Evals{
		Type:          &TypeEval{Type: "int"},
		Assertion:     &AssertionEval{Assertion: "output > 0"},
		Duration:      &DurationEval{Duration: Duration{1}},
		Pattern:       &PatternEval{Pattern: "x"},
		ContainsInput: &ContainsInputEval{},
		LLMJudge:      &LLMJudgeEval{Rubric: "r"},
	}
	n := e.node()
	var written []string
	for i := 0; i < len(n.Content); i += 2 {
		written = append(written, n.Content[i].Value)
	}
	if got := EvalNames(); !slices.Equal(got, written) {
		t.Errorf("EvalNames() = %v, Marshal writes %v", got, written)
	}
	for _, ev := range Evaluators() {
		if ev.InCase {
			if ev.pos != nil || ev.drop != nil || len(ev.Params) > 0 {
				t.Errorf("%s: a case's check has evals facts", ev.Name)
			}
			continue
		}
		if ev.Required != "" && !slices.Contains(ev.Params, ev.Required) {
			t.Errorf("%s: required %q is not a parameter", ev.Name, ev.Required)
		}
		if _, ok := ev.pos(&e); !ok {
			t.Errorf("%s: not found in evals that hold it", ev.Name)
		}
		c := e
		c.Drop(ev.Name)
		if _, ok := ev.pos(&c); ok {
			t.Errorf("%s: still there after Drop", ev.Name)
		}
		if got, ok := LookupEvaluator(string(ev.Name)); !ok || got.Name != ev.Name {
			t.Errorf("LookupEvaluator(%q) = %v, %v", ev.Name, got.Name, ok)
		}
	}
	if _, ok := LookupEvaluator("Nope"); ok {
		t.Errorf("LookupEvaluator(Nope) found something")
	}
}

func TestEvalAt(t *testing.T) {
	at := func(line, col int) Pos { return Pos{File: "f.yml", Line: line, Col: col} }
	// Type and Assertion start on line 3 (a flow mapping), Pattern on 4.
	e := Evals{
		Type:      &TypeEval{Type: "int", Pos: at(3, 12)},
		Assertion: &AssertionEval{Assertion: "output > 0", Pos: at(3, 32)},
		Pattern:   &PatternEval{Pattern: "x", Pos: at(4, 5)},
	}
	tests := []struct {
		name string
		pos  Pos
		want EvalName
	}{
		{"before every evaluator", at(2, 7), ""},
		{"line before, no column", at(2, 0), ""},
		{"on the line, before the first key", at(3, 5), ""},
		{"at the first key", at(3, 12), EvalType},
		{"inside the first evaluator", at(3, 20), EvalType},
		{"at the second key on the line", at(3, 32), EvalAssertion},
		{"inside the second evaluator", at(3, 50), EvalAssertion},
		{"the whole line: the last on it", at(3, 0), EvalAssertion},
		{"next line", at(4, 5), EvalPattern},
		{"after every evaluator", at(9, 1), EvalPattern},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EvalAt(&e, tt.pos); got != tt.want {
				t.Errorf("EvalAt(%v) = %q, want %q", tt.pos, got, tt.want)
			}
		})
	}
}

func TestEvalAtParsed(t *testing.T) {
	// Two evaluators on one line of a loaded spec: the column tells them
	// apart.
	src := "F:\n  evals: {Type: {type: [x]}, Assertion: {assertion: output > 0}}\n  dataset:\n    - case: {input: 1}\n"
	f, err := Parse("f.yml", []byte(src))
	if err == nil || f == nil || len(f.Functions) != 1 {
		t.Fatalf("Parse: want a problem with the type, got %v", err)
	}
	es, ok := err.(Errors)
	if !ok || len(es) == 0 {
		t.Fatalf("Parse: got %T %v, want Errors", err, err)
	}
	ev := &f.Functions[0].Evals
	if got := EvalAt(ev, es[0].Pos); got != EvalType {
		t.Errorf("EvalAt(%v) = %q, want Type (problem %v)", es[0].Pos, got, es[0])
	}
	if got := EvalAt(ev, ev.Assertion.Pos); got != EvalAssertion {
		t.Errorf("EvalAt(%v) = %q, want Assertion", ev.Assertion.Pos, got)
	}
}
