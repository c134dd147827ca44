package model_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// fakeProviders start a fake server of each provider, answering with
// the given texts in turn, and return a client to it.
var fakeProviders = []struct {
	name  string
	start func(testing.TB, modeltest.Handler) *modeltest.Server
	spec  string
}{
	{"openai", modeltest.NewOpenAIServer, "openai:gpt-4.1-mini"},
	{"anthropic", modeltest.NewAnthropicServer, "anthropic:claude-sonnet-4-5"},
}

func scripted(answers ...string) modeltest.Handler {
	i := 0
	return func(model.Request) string {
		a := answers[min(i, len(answers)-1)]
		i++
		return a
	}
}

const (
	goodPlan      = `{"snippets":[{"code":"ParseAmount(\"1\")","why":"one"}],"error_snippets":[]}`
	missingWhy    = `{"snippets":[{"code":"ParseAmount(\"1\")"}],"error_snippets":[]}`
	wrongType     = `{"snippets":"ParseAmount(\"1\")","error_snippets":[]}`
	unknownField  = `{"snippets":[],"error_snippets":[],"notes":"extra"}`
	fencedPlan    = "```json\n" + goodPlan + "\n```"
	notJSON       = `Here are some snippets: ParseAmount("1")`
	trailingJunk  = goodPlan + ` {"more": true}`
	truncatedJSON = `{"snippets":[{"code":"ParseAm`
)

func TestStructured(t *testing.T) {
	tests := []struct {
		name    string
		reason  string
		answers []string
		calls   int
		// problem is part of the resend's feedback (calls == 2).
		problem string
		wantErr bool
	}{
		{name: "fits", reason: "a good answer is taken at once", answers: []string{goodPlan}, calls: 1},
		{name: "fenced", reason: "a Markdown fence around the JSON is tolerated", answers: []string{fencedPlan}, calls: 1},
		{name: "invalid JSON then fixed", reason: "prose is sent back once with the parse error",
			answers: []string{notJSON, goodPlan}, calls: 2, problem: "not valid JSON"},
		{name: "cut short then fixed", reason: "a truncated object does not parse",
			answers: []string{truncatedJSON, goodPlan}, calls: 2, problem: "not valid JSON"},
		{name: "missing property then fixed", reason: "schema violations are named with their location",
			answers: []string{missingWhy, goodPlan}, calls: 2, problem: "at '/snippets/0': missing property 'why'"},
		{name: "unknown property then fixed", reason: "additionalProperties false is enforced",
			answers: []string{unknownField, goodPlan}, calls: 2, problem: "additional properties 'notes' not allowed"},
		{name: "trailing data then fixed", reason: "one JSON value, nothing after it",
			answers: []string{trailingJunk, goodPlan}, calls: 2, problem: "after top-level value"},
		{name: "wrong type twice", reason: "a second misfit fails with a clear error",
			answers: []string{wrongType, wrongType}, calls: 2, problem: "at '/snippets': got string, want array", wantErr: true},
		{name: "invalid JSON twice", reason: "no third call",
			answers: []string{notJSON, notJSON}, calls: 2, problem: "not valid JSON", wantErr: true},
	}
	for _, p := range fakeProviders {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.name, func(t *testing.T) {
				srv := p.start(t, scripted(tt.answers...))
				c, err := model.New(p.spec, srv.Options())
				if err != nil {
					t.Fatal(err)
				}
				var got plan
				resp, err := model.Structured(context.Background(), c, exploreRequest(t), &got)
				calls := srv.Calls()
				if len(calls) != tt.calls {
					t.Fatalf("%d calls, want %d (%s)", len(calls), tt.calls, tt.reason)
				}
				if tt.wantErr {
					var serr *model.SchemaError
					if !errors.As(err, &serr) {
						t.Fatalf("err = %v; want a *model.SchemaError (%s)", err, tt.reason)
					}
					if serr.Phase != "explore" || !strings.Contains(err.Error(), "explore: answer does not fit the schema after a resend") ||
						!strings.Contains(err.Error(), tt.problem) {
						t.Errorf("err = %q; want the phase and %q", err, tt.problem)
					}
					if !cmp.Equal(got, plan{}) {
						t.Errorf("out = %+v after a failure; want it untouched", got)
					}
					return
				}
				if err != nil {
					t.Fatalf("Structured: %v (%s)", err, tt.reason)
				}
				if len(got.Snippets) != 1 || got.Snippets[0].Why != "one" || got.ErrorSnippets == nil {
					t.Errorf("out = %+v; want the good plan", got)
				}
				if tt.calls == 2 {
					resend := calls[1].Request.Messages
					if len(resend) != 3 || resend[1].Role != "assistant" || resend[1].Content != tt.answers[0] ||
						resend[2].Role != "user" || !strings.HasPrefix(resend[2].Content, "Your answer did not fit the schema:\n") ||
						!strings.Contains(resend[2].Content, tt.problem) {
						t.Errorf("resend messages = %q; want the first answer and the problem %q", resend, tt.problem)
					}
					if calls[1].Request.System != calls[0].Request.System || string(calls[1].Request.Schema) != string(calls[0].Request.Schema) {
						t.Errorf("the resend changed the system prompt or the schema")
					}
				}
				if resp.Usage.InputTokens == 0 || resp.Usage.OutputTokens == 0 {
					t.Errorf("usage = %+v; want the fake's counts", resp.Usage)
				}
			})
		}
	}
}

// countingClient answers from a list and counts the usage it gave.
type countingClient struct {
	name    string
	answers []string
	calls   []model.Request
}

func (c *countingClient) Name() string { return c.name }

func (c *countingClient) Complete(_ context.Context, req model.Request) (*model.Response, error) {
	c.calls = append(c.calls, req)
	text := c.answers[min(len(c.calls)-1, len(c.answers)-1)]
	return &model.Response{Text: text, Usage: model.Usage{InputTokens: 100, OutputTokens: 10, CacheReadTokens: 5}, Model: "m", Provider: "openai"}, nil
}

func TestStructuredUsageSummed(t *testing.T) {
	c := &countingClient{answers: []string{missingWhy, goodPlan}}
	var got plan
	resp, err := model.Structured(context.Background(), c, exploreRequest(t), &got)
	if err != nil {
		t.Fatal(err)
	}
	want := model.Usage{InputTokens: 200, OutputTokens: 20, CacheReadTokens: 10}
	if resp.Usage != want {
		t.Errorf("usage = %+v; want both calls summed, %+v", resp.Usage, want)
	}
	if resp.Text != goodPlan {
		t.Errorf("text = %q; want the second answer", resp.Text)
	}
}

func TestStructuredMisuse(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		req    func(model.Request) model.Request
		out    any
		want   string
	}{
		{
			name:   "not a pointer",
			reason: "the answer could not be stored",
			req:    func(r model.Request) model.Request { return r },
			out:    plan{},
			want:   "explore: structured answer needs a non-nil pointer, not model_test.plan",
		},
		{
			name:   "broken schema",
			reason: "a schema that does not compile is the caller's bug, found before any call",
			req: func(r model.Request) model.Request {
				r.Schema = []byte(`{"type": 12}`)
				return r
			},
			out:  &plan{},
			want: "explore: schema:",
		},
		{
			name:   "schema not JSON",
			reason: "found before any call",
			req: func(r model.Request) model.Request {
				r.Schema = []byte(`{type: object}`)
				return r
			},
			out:  &plan{},
			want: "explore: schema:",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &countingClient{answers: []string{goodPlan}}
			_, err := model.Structured(context.Background(), c, tt.req(exploreRequest(t)), tt.out)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("err = %v; want %q (%s)", err, tt.want, tt.reason)
			}
			if len(c.calls) != 0 {
				t.Errorf("%d calls made; want none", len(c.calls))
			}
		})
	}
}

func TestStructuredWithoutSchema(t *testing.T) {
	c := &countingClient{answers: []string{`{"snippets":[],"error_snippets":[],"x":1}`, goodPlan}}
	var got plan
	req := exploreRequest(t)
	req.Schema = nil
	if _, err := model.Structured(context.Background(), c, req, &got); err != nil {
		t.Fatal(err)
	}
	if len(c.calls) != 2 || !strings.Contains(c.calls[1].Messages[2].Content, `unknown field "x"`) {
		t.Errorf("calls = %+v; want the unknown field sent back (decoding is strict even without a schema)", c.calls)
	}
}
