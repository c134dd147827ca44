package llm_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/llm/llmtest"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/write"
)

// fakeClient answers in memory through a script and keeps the requests.
type fakeClient struct {
	mu     sync.Mutex
	answer func(model.Request) (string, error)
	reqs   []model.Request
}

func (c *fakeClient) Complete(ctx context.Context, req model.Request) (*model.Response, error) {
	c.mu.Lock()
	c.reqs = append(c.reqs, req)
	c.mu.Unlock()
	text, err := c.answer(req)
	if err != nil {
		return nil, err
	}
	return &model.Response{Text: text, Provider: "fake", Model: "m", Usage: model.Usage{InputTokens: 1, OutputTokens: 1}}, nil
}

func (c *fakeClient) requests() []model.Request {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]model.Request(nil), c.reqs...)
}

func scripted(s *llmtest.Script) *fakeClient {
	return &fakeClient{answer: func(r model.Request) (string, error) { return s.Answer(r), nil }}
}

func allCodes(p *explore.Plan) []string {
	var out []string
	for _, s := range append(append([]explore.Snippet(nil), p.Snippets...), p.ErrorSnippets...) {
		out = append(out, s.Code)
	}
	return out
}

func TestExplorerHeterogeneous(t *testing.T) {
	f := loadFunc(t, "ParseCents")
	// Each variant proposes its own snippets plus one shared with
	// another variant, in another spacing.
	c := &fakeClient{answer: func(r model.Request) (string, error) {
		title, _, _ := strings.Cut(r.Messages[0].Content, "\n")
		switch {
		case strings.Contains(title, "boundary"):
			return plan(t, []string{`ParseCents("0")`, `ParseCents("99999999")`}, nil), nil
		case strings.Contains(title, "errors"):
			return plan(t, nil, []string{`ParseCents("")`, `ParseCents(  "0" )`}), nil
		case strings.Contains(title, "combinations"):
			return "not JSON at all", nil
		case strings.Contains(title, "properties"):
			return plan(t, []string{`ParseCents("1.5")`, `ParseCents("-1.5")`, `ParseCents("0")`}, nil), nil
		}
		return "", errors.New("unexpected prompt " + title)
	}}
	ex := llm.NewExplorer(c, llm.ExplorerOptions{Prompts: llm.HeteroVariants()})
	p, err := ex.Explore(context.Background(), &explore.Request{Func: f, Round: 1,
		Tried: []explore.Snippet{{Code: `ParseCents("1.5")`}}})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(allCodes(p), " | ")
	want := `ParseCents("0") | ParseCents("99999999") | ParseCents("-1.5") | ParseCents("")`
	if got != want {
		t.Errorf("merged plan:\n got %s\nwant %s\n(one snippet per normalised code, none already tried, the failed variant skipped)", got, want)
	}
	reqs := c.requests()
	// 4 variants, the combinations one sent back once.
	if len(reqs) != 5 {
		t.Errorf("%d requests, want 5 (4 variants and a resend)", len(reqs))
	}
	for _, r := range reqs {
		if r.Phase != llm.PhaseExplore || r.SchemaName != "exploration_plan" || len(r.Schema) == 0 {
			t.Errorf("request phase %q schema %q (%d bytes): want an exploration plan", r.Phase, r.SchemaName, len(r.Schema))
		}
	}
}

func TestExplorerFailures(t *testing.T) {
	f := loadFunc(t, "ParseCents")
	tests := []struct {
		name, why string
		opts      llm.ExplorerOptions
		answer    func(model.Request) (string, error)
		err       string
	}{
		{
			name: "garbage", why: "a round whose every answer is garbage after the resend fails with the schema problem",
			answer: func(model.Request) (string, error) { return `{"snippets": 1}`, nil },
			err:    "answer does not fit the schema after a resend",
		},
		{
			name: "api-error", why: "a provider error fails the round with it",
			answer: func(model.Request) (string, error) {
				return "", &model.APIError{Provider: "fake", StatusCode: 500, Message: "boom"}
			},
			err: "boom",
		},
		{
			name: "unknown-variant", why: "an unknown prompt variant is refused before any call",
			opts:   llm.ExplorerOptions{Prompts: []string{"boundry"}},
			answer: func(model.Request) (string, error) { return "", errors.New("must not be called") },
			err:    `unknown prompt variant "boundry"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClient{answer: tt.answer}
			_, err := llm.NewExplorer(c, tt.opts).Explore(context.Background(), &explore.Request{Func: f, Round: 1})
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.why, err, tt.err)
			}
		})
	}
}

func TestExplorerRepair(t *testing.T) {
	f := loadFunc(t, "ParseCents")
	s := llmtest.NewScript(map[llmtest.Stage][]string{
		llmtest.Repair: {
			plan(t, []string{`ParseCents("42")`}, nil),
			plan(t, []string{"x := \"1\"\nParseCents(x)"}, nil),
		},
		llmtest.Explore2: {plan(t, []string{`ParseCents("7")`, `y := 2`}, nil)},
	})
	c := scripted(s)
	req := &explore.Request{
		Func: f, Round: 2,
		Summary: &explore.Summary{Func: "ParseCents", Probes: 3, Rounds: 1},
		Tried:   []explore.Snippet{{Code: `ParseCents(42)`}},
		CompileErrors: []explore.CompileError{{Round: 1, Snippet: explore.Snippet{Description: "a number", Code: `ParseCents(42)`},
			Message: "cannot use 42 (untyped int constant) as string value in argument to ParseCents"}},
	}
	p, err := llm.NewExplorer(c, llm.ExplorerOptions{}).Explore(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(allCodes(p), " | ")
	want := "ParseCents(\"42\") | ParseCents(\"7\") | x := \"1\"\nParseCents(x)"
	if got != want {
		t.Errorf("plan %q, want %q: last round's compile error repaired first, then the unreadable snippet replaced by its repair", got, want)
	}
	reqs := c.requests()
	if len(reqs) != 3 || reqs[0].Phase != llm.PhaseRepair || reqs[1].Phase != llm.PhaseExplore || reqs[2].Phase != llm.PhaseRepair {
		var phases []string
		for _, r := range reqs {
			phases = append(phases, r.Phase)
		}
		t.Fatalf("phases %v, want repair, explore, repair", phases)
	}
	if !strings.Contains(reqs[0].Messages[0].Content, "cannot use 42 (untyped int constant)") {
		t.Error("the repair request does not carry the compiler's message")
	}
	if !strings.Contains(reqs[2].Messages[0].Content, "the last statement must be a call") {
		t.Errorf("the in-round repair does not say why the snippet was refused:\n%s", reqs[2].Messages[0].Content)
	}

	// With no repair budget, nothing is sent back.
	c2 := scripted(llmtest.NewScript(map[llmtest.Stage][]string{llmtest.Explore2: {plan(t, []string{`y := 2`}, nil)}}))
	if _, err := llm.NewExplorer(c2, llm.ExplorerOptions{MaxRepairs: -1}).Explore(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if n := len(c2.requests()); n != 1 {
		t.Errorf("%d requests with MaxRepairs -1, want 1 (no repair)", n)
	}
}

// TestPrompts pins the prompts of every stage for ParseCents.
func TestPrompts(t *testing.T) {
	f := loadFunc(t, "ParseCents")
	capture := func(answer string, run func(c model.Client)) []model.Request {
		c := &fakeClient{answer: func(model.Request) (string, error) { return answer, nil }}
		run(c)
		return c.requests()
	}
	empty := `{"snippets": [], "error_snippets": []}`

	r1 := capture(empty, func(c model.Client) {
		llm.NewExplorer(c, llm.ExplorerOptions{Prompts: []string{llm.VariantGeneral, llm.VariantBoundary}}).
			Explore(context.Background(), &explore.Request{Func: f, Round: 1})
	})
	golden.Check(t, "testdata/prompts/explore-round1.txt", r1[0].System+"\n\n"+r1[0].Messages[0].Content)
	rm := capture(empty, func(c model.Client) {
		llm.NewExplorer(c, llm.ExplorerOptions{}).Explore(context.Background(), &explore.Request{Func: loadFunc(t, "(*Wallet).Spend"), Round: 1})
	})
	golden.Check(t, "testdata/prompts/explore-round1-method.txt", rm[0].Messages[0].Content)
	golden.Check(t, "testdata/prompts/explore-round1-boundary.txt", r1[1].Messages[0].Content)

	v := spec.IntValue(1234)
	in := spec.StringValue("12.34")
	empt := spec.StringValue("")
	res := executors.Result{Outcome: executors.OK, Outputs: []spec.Value{v}}
	r2 := capture(empty, func(c model.Client) {
		llm.NewExplorer(c, llm.ExplorerOptions{}).Explore(context.Background(), &explore.Request{
			Func: f, Round: 2,
			Results: []*explore.Record{
				{Snippet: explore.Snippet{Code: `ParseCents("12.34")`}, Result: res, NewBehaviour: true},
				{Snippet: explore.Snippet{Code: `ParseCents("")`}, NewBehaviour: true,
					Result: executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "empty amount", Type: "*errors.errorString"}}},
			},
			Summary: &explore.Summary{Func: "ParseCents", Probes: 2, Rounds: 1, Behaviours: 2, CoveredStmts: 10, TotalStmts: 22,
				Uncovered: []explore.LineRange{{Start: 55, End: 56, Text: "\tif cents > MaxCents {\n\t\treturn 0, &RangeError{Cents: cents, Max: MaxCents}"}},
				Tried:     []string{`ParseCents("12.34")`, `ParseCents("")`}},
		})
	})
	golden.Check(t, "testdata/prompts/explore-round2.txt", r2[0].Messages[0].Content)

	verified := []*spec.Case{
		{Input: &in, Expected: &v},
		{Input: &empt, Raises: "money.ErrEmpty", Match: "^empty amount$"},
	}
	sp := capture(`{"yaml": "ParseCents:\n  dataset:\n    - case: {input: \"1\", expected: 100}\n"}`, func(c model.Client) {
		llm.NewSpecAgent(c, llm.AgentOptions{}).Draft(context.Background(), &write.Request{Func: f, Verified: verified})
	})
	golden.Check(t, "testdata/prompts/spec.txt", sp[0].System+"\n\n"+sp[0].Messages[0].Content)
	if sp[0].Phase != llm.PhaseSpec || sp[0].SchemaName != "spec_yaml" {
		t.Errorf("spec request phase %q schema %q", sp[0].Phase, sp[0].SchemaName)
	}

	// A method that changes its receiver: the prompt asks for the
	// receiver after the call.
	spend := loadFunc(t, "(*Wallet).Spend")
	five, three, two := spec.MapValue("Cents", spec.IntValue(5)), spec.MapValue("Cents", spec.IntValue(3)), spec.IntValue(2)
	sm := capture(`{"yaml": "(*Wallet).Spend:\n  dataset:\n    - case: {receiver: {Cents: 5}, input: 2}\n"}`, func(c model.Client) {
		llm.NewSpecAgent(c, llm.AgentOptions{}).Draft(context.Background(), &write.Request{Func: spend, Verified: []*spec.Case{
			{Receiver: &five, Input: &two, ReceiverAfter: &three},
		}})
	})
	golden.Check(t, "testdata/prompts/spec-method.txt", sm[0].Messages[0].Content)

	prev := &spec.Function{Name: "ParseCents", Evals: spec.Evals{Assertion: &spec.AssertionEval{Assertion: "output > 0"}},
		Dataset: []*spec.Case{{ID: "plain", Input: &in, Expected: &v}}}
	rf := capture(`{"functions": [{"name": "ParseCents", "evals": {"type": "", "assertion": "", "pattern": ""}, "cases": []}]}`, func(c model.Client) {
		llm.NewSpecAgent(c, llm.AgentOptions{Bundle: true}).Draft(context.Background(), &write.Request{
			Func: f, Verified: verified, Attempt: 1, Previous: prev,
			Failures: []string{`case empty: fails: Assertion: output > 0 is false (output = 0, err = "empty amount")`},
		})
	})
	golden.Check(t, "testdata/prompts/refine-bundle.txt", rf[0].Messages[0].Content)
	if rf[0].Phase != llm.PhaseRefine || rf[0].SchemaName != "spec_bundle" {
		t.Errorf("refine request phase %q schema %q", rf[0].Phase, rf[0].SchemaName)
	}
}
