package model_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/model"
)

func TestAnthropicStructuredWire(t *testing.T) {
	srv := newFixtureServer(t, step{file: "anthropic/message_tool_use.json"})
	c, err := model.New("anthropic:claude-sonnet-4-5", model.Options{BaseURL: srv.URL, APIKey: "sk-ant-test", Getenv: env()})
	if err != nil {
		t.Fatal(err)
	}
	var got plan
	resp, err := model.Structured(context.Background(), c, exploreRequest(t), &got)
	if err != nil {
		t.Fatal(err)
	}

	reqs := srv.requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.path != "/v1/messages" {
		t.Errorf("path = %q, want /v1/messages", r.path)
	}
	// This SDK sends an API key as a bearer token.
	if h := r.header.Get("Authorization"); h != "Bearer sk-ant-test" {
		t.Errorf("Authorization = %q; want the key", h)
	}
	if r.header.Get("Anthropic-Version") == "" {
		t.Errorf("no anthropic-version header")
	}
	if h := r.header.Get("Traceparent"); h != "" {
		t.Errorf("traceparent %q sent with the SDK's telemetry meant to be off", h)
	}
	body := decodeBody(t, r.body)
	if body["model"] != "claude-sonnet-4-5" || body["max_tokens"] != float64(2000) || body["temperature"] != 0.2 {
		t.Errorf("model, max_tokens, temperature = %v, %v, %v", body["model"], body["max_tokens"], body["temperature"])
	}
	wantSystem := []any{map[string]any{"type": "text", "text": "You write Go probes that call the function under test."}}
	if diff := cmp.Diff(wantSystem, body["system"]); diff != "" {
		t.Errorf("system (-want +got):\n%s", diff)
	}
	wantMessages := []any{map[string]any{"role": "user", "content": []any{
		map[string]any{"type": "text", "text": "Explore ParseAmount(s string) (int64, error)."},
	}}}
	if diff := cmp.Diff(wantMessages, body["messages"]); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]any{"type": "tool", "name": "exploration_plan"}, body["tool_choice"]); diff != "" {
		t.Errorf("tool_choice must force the answer tool (-want +got):\n%s", diff)
	}
	tools, _ := body["tools"].([]any)
	if len(tools) != 1 {
		t.Fatalf("tools = %v; want the one answer tool", body["tools"])
	}
	tool, _ := tools[0].(map[string]any)
	schema, _ := tool["input_schema"].(map[string]any)
	switch {
	case tool["name"] != "exploration_plan":
		t.Errorf("tool name = %v", tool["name"])
	case schema["type"] != "object" || schema["$ref"] != nil:
		t.Errorf("input_schema root = %v; want an object schema", schema)
	case schema["properties"] == nil || schema["additionalProperties"] != false || schema["$defs"] == nil:
		t.Errorf("input_schema lost part of the schema: %v", schema)
	}
	golden.Check(t, "testdata/anthropic/request_structured.golden.json", indentJSON(t, r.body))

	want := plan{
		Snippets:      []snippet{{Code: `ParseAmount("12.50")`, Why: "plain dollars"}},
		ErrorSnippets: []snippet{{Code: `ParseAmount("")`, Why: "empty input"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded plan (-want +got):\n%s", diff)
	}
	wantResp := &model.Response{
		Text: `{"snippets":[{"code":"ParseAmount(\"12.50\")","why":"plain dollars"}],"error_snippets":[{"code":"ParseAmount(\"\")","why":"empty input"}]}`,
		// input_tokens (226) leaves out the cache reads (1024); the neutral count has both.
		Usage:        model.Usage{InputTokens: 1250, OutputTokens: 61, CacheReadTokens: 1024},
		Model:        "claude-sonnet-4-5-20250929",
		Provider:     "anthropic",
		FinishReason: "tool_use",
	}
	if diff := cmp.Diff(wantResp, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
}

func TestAnthropicText(t *testing.T) {
	srv := newFixtureServer(t, step{body: `{"id":"msg_1","type":"message","role":"assistant","model":"claude-haiku-4-5",
		"content":[{"type":"text","text":"ParseAmount:\n"},{"type":"text","text":"  dataset: []\n"}],
		"stop_reason":"max_tokens","stop_sequence":null,
		"usage":{"input_tokens":12,"output_tokens":7,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}`})
	c, err := model.New("anthropic:claude-haiku-4-5", model.Options{BaseURL: srv.URL, APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Complete(context.Background(), model.Request{Phase: "spec", Messages: []model.Message{{Role: "user", Content: "write the spec"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := &model.Response{Text: "ParseAmount:\n  dataset: []\n", Usage: model.Usage{InputTokens: 12, OutputTokens: 7},
		Model: "claude-haiku-4-5", Provider: "anthropic", Truncated: true, FinishReason: "max_tokens"}
	if diff := cmp.Diff(want, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
	body := decodeBody(t, srv.requests()[0].body)
	if body["max_tokens"] != float64(8192) || body["tools"] != nil || body["tool_choice"] != nil {
		t.Errorf("max_tokens, tools, tool_choice = %v, %v, %v; want the default limit and no tools",
			body["max_tokens"], body["tools"], body["tool_choice"])
	}
}

func TestAnthropicErrors(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		step   step
		want   string
	}{
		{
			name:   "authentication",
			reason: "the error type and message of the body are shown",
			step:   step{status: 401, file: "anthropic/error_authentication.json"},
			want:   "anthropic: 401 authentication_error: invalid x-api-key",
		},
		{
			name:   "invalid request",
			reason: "a rejected schema says why",
			step:   step{status: 400, file: "anthropic/error_invalid_request.json"},
			want:   "anthropic: 400 invalid_request_error: tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12",
		},
		{
			name:   "overloaded",
			reason: "529 is Anthropic's overloaded status",
			step:   step{status: 529, file: "anthropic/error_overloaded.json"},
			want:   "anthropic: 529 overloaded_error: Overloaded",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFixtureServer(t, tt.step)
			c, err := model.New("anthropic:claude-sonnet-4-5", model.Options{BaseURL: srv.URL, APIKey: "k", MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), exploreRequest(t))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("err = %v; want %q (%s)", err, tt.want, tt.reason)
			}
			var apiErr *model.APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != tt.step.status {
				t.Errorf("err = %#v; want a *model.APIError with status %d", err, tt.step.status)
			}
		})
	}
}

func TestAnthropicRetries(t *testing.T) {
	ok := step{file: "anthropic/message_tool_use.json"}
	tests := []struct {
		name     string
		reason   string
		steps    []step
		minGap   time.Duration
		attempts int
	}{
		{
			name:     "529 overloaded then success",
			reason:   "overload is retried with backoff",
			steps:    []step{{status: 529, file: "anthropic/error_overloaded.json"}, ok},
			attempts: 2,
		},
		{
			name:     "429 with Retry-After",
			reason:   "the wait the server asks for is honoured",
			steps:    []step{{status: 429, header: map[string]string{"Retry-After": "1"}, file: "anthropic/error_rate_limit.json"}, ok},
			minGap:   time.Second,
			attempts: 2,
		},
		{
			name:     "429 with Retry-After date",
			reason:   "Retry-After may be an HTTP date",
			steps:    []step{{status: 429, retryAt: 2 * time.Second, file: "anthropic/error_rate_limit.json"}, ok},
			minGap:   time.Second,
			attempts: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFixtureServer(t, tt.steps...)
			var logs []string
			c, err := model.New("anthropic:claude-sonnet-4-5", model.Options{BaseURL: srv.URL, APIKey: "k",
				Logf: func(f string, args ...any) { logs = append(logs, f) }})
			if err != nil {
				t.Fatal(err)
			}
			var got plan
			if _, err := model.Structured(context.Background(), c, exploreRequest(t), &got); err != nil {
				t.Fatalf("Structured: %v (%s)", err, tt.reason)
			}
			reqs := srv.requests()
			if len(reqs) != tt.attempts {
				t.Fatalf("server got %d attempts, want %d", len(reqs), tt.attempts)
			}
			if gap := reqs[1].at.Sub(reqs[0].at); gap < tt.minGap {
				t.Errorf("retried after %v, want at least %v (%s)", gap, tt.minGap, tt.reason)
			}
			if len(logs) == 0 {
				t.Errorf("the retried attempt was not logged")
			}
			if !strings.Contains(got.Snippets[0].Code, "12.50") {
				t.Errorf("plan = %+v", got)
			}
		})
	}
}
