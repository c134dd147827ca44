package model_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/model"
)

func exploreRequest(t testing.TB) model.Request {
	return model.Request{
		Phase:       "explore",
		System:      "You write Go probes that call the function under test.",
		Messages:    []model.Message{{Role: model.RoleUser, Content: "Explore ParseAmount(s string) (int64, error)."}},
		Schema:      planSchema(t),
		SchemaName:  "exploration_plan",
		MaxTokens:   2000,
		Temperature: ptr(0.2),
	}
}

func TestOpenAIStructuredWire(t *testing.T) {
	srv := newFixtureServer(t, step{file: "openai/chat_completion.json"})
	c, err := model.New("openai:gpt-4.1-mini", model.Options{BaseURL: srv.URL, APIKey: "sk-test", Getenv: env()})
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
	if r.path != "/chat/completions" {
		t.Errorf("path = %q, want /chat/completions", r.path)
	}
	if h := r.header.Get("Authorization"); h != "Bearer sk-test" {
		t.Errorf("Authorization = %q, want the key as a bearer token", h)
	}
	body := decodeBody(t, r.body)
	if body["model"] != "gpt-4.1-mini" {
		t.Errorf("model = %v", body["model"])
	}
	wantMessages := []any{
		map[string]any{"role": "system", "content": "You write Go probes that call the function under test."},
		map[string]any{"role": "user", "content": "Explore ParseAmount(s string) (int64, error)."},
	}
	if diff := cmp.Diff(wantMessages, body["messages"]); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if body["max_completion_tokens"] != float64(2000) || body["temperature"] != 0.2 {
		t.Errorf("max_completion_tokens, temperature = %v, %v; want 2000, 0.2", body["max_completion_tokens"], body["temperature"])
	}
	rf, _ := body["response_format"].(map[string]any)
	js, _ := rf["json_schema"].(map[string]any)
	schema, _ := js["schema"].(map[string]any)
	switch {
	case rf["type"] != "json_schema":
		t.Errorf("response_format.type = %v, want json_schema", rf["type"])
	case js["name"] != "exploration_plan" || js["strict"] != true:
		t.Errorf("json_schema name, strict = %v, %v; want exploration_plan, true", js["name"], js["strict"])
	case schema["type"] != "object" || schema["$ref"] != nil || schema["$schema"] != nil:
		t.Errorf("schema root = %v; want the object definition inlined, without $ref and $schema", schema)
	case schema["properties"] == nil || schema["additionalProperties"] != false:
		t.Errorf("schema root lost its properties: %v", schema)
	}
	golden.Check(t, "testdata/openai/request_structured.golden.json", indentJSON(t, r.body))

	want := plan{
		Snippets:      []snippet{{Code: `ParseAmount("12.50")`, Why: "plain dollars"}},
		ErrorSnippets: []snippet{{Code: `ParseAmount("")`, Why: "empty input"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded plan (-want +got):\n%s", diff)
	}
	wantResp := &model.Response{
		Text:         `{"snippets":[{"code":"ParseAmount(\"12.50\")","why":"plain dollars"}],"error_snippets":[{"code":"ParseAmount(\"\")","why":"empty input"}]}`,
		Usage:        model.Usage{InputTokens: 1250, OutputTokens: 48, CacheReadTokens: 1024},
		Model:        "gpt-4.1-mini-2025-04-14",
		Provider:     "openai",
		FinishReason: "stop",
	}
	if diff := cmp.Diff(wantResp, resp); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
}

func TestOpenAIPlainText(t *testing.T) {
	srv := newFixtureServer(t, step{body: `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4.1-mini",
		"choices":[{"index":0,"message":{"role":"assistant","content":"ParseAmount:\n  dataset: []\n","refusal":null},"finish_reason":"length"}],
		"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`})
	c, err := model.New("openai:gpt-4.1-mini", model.Options{BaseURL: srv.URL, APIKey: "sk-test"})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Complete(context.Background(), model.Request{Phase: "spec", Messages: []model.Message{{Role: "user", Content: "write the spec"}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "ParseAmount:\n  dataset: []\n" || !resp.Truncated || resp.Usage.CacheReadTokens != 0 {
		t.Errorf("response = %+v; want the YAML text, truncated (finish_reason length)", resp)
	}
	body := decodeBody(t, srv.requests()[0].body)
	if _, ok := body["response_format"]; ok {
		t.Errorf("a request without a schema sent response_format: %v", body["response_format"])
	}
}

func TestOpenAIRefusal(t *testing.T) {
	srv := newFixtureServer(t, step{body: `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4.1-mini",
		"choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}],
		"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`})
	c, err := model.New("openai:gpt-4.1-mini", model.Options{BaseURL: srv.URL, APIKey: "sk-test"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), exploreRequest(t))
	if !errors.Is(err, model.ErrRefused) || !strings.Contains(err.Error(), "I can't help with that.") {
		t.Errorf("err = %v; want ErrRefused with the refusal", err)
	}
}

func TestOpenAIErrors(t *testing.T) {
	tests := []struct {
		name      string
		reason    string
		step      step
		want      string
		status    int
		temporary bool
	}{
		{
			name:   "invalid key",
			reason: "the provider's message and code are shown, not the SDK's generic summary",
			step:   step{status: 401, file: "openai/error_invalid_api_key.json"},
			want:   "openai: 401 invalid_api_key: Incorrect API key provided: sk-wrong.",
			status: 401,
		},
		{
			name:   "bad schema",
			reason: "without a code, the error type stands in",
			step:   step{status: 400, file: "openai/error_bad_schema.json"},
			want:   "openai: 400 invalid_request_error: Invalid schema for response_format 'exploration_plan'",
			status: 400,
		},
		{
			name:      "rate limit without retries",
			reason:    "a 429 is temporary: callers may wait and try again",
			step:      step{status: 429, file: "openai/error_rate_limit.json"},
			want:      "openai: 429 rate_limit_exceeded: Rate limit reached for gpt-4.1-mini",
			status:    429,
			temporary: true,
		},
		{
			name:      "proxy error page",
			reason:    "a body that is not the API's JSON still gives the status",
			step:      step{status: 502, body: "<html>Bad Gateway</html>", header: map[string]string{"Content-Type": "text/html"}},
			want:      "openai: 502",
			status:    502,
			temporary: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFixtureServer(t, tt.step)
			c, err := model.New("openai:gpt-4.1-mini", model.Options{BaseURL: srv.URL, APIKey: "sk-wrong", MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), exploreRequest(t))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err = %v; want it to start with %q (%s)", err, tt.want, tt.reason)
			}
			var apiErr *model.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %T; want a *model.APIError", err)
			}
			if apiErr.StatusCode != tt.status || apiErr.Temporary() != tt.temporary {
				t.Errorf("status, temporary = %d, %v; want %d, %v", apiErr.StatusCode, apiErr.Temporary(), tt.status, tt.temporary)
			}
			if n := len(srv.requests()); n != 1 {
				t.Errorf("server got %d requests with retries off, want 1", n)
			}
		})
	}
}

func TestOpenAIRetries(t *testing.T) {
	ok := step{file: "openai/chat_completion.json"}
	tests := []struct {
		name     string
		reason   string
		steps    []step
		retries  int
		minGap   time.Duration // between the first two attempts
		wantErr  string
		attempts int
		logged   string
	}{
		{
			name:     "429 with Retry-After seconds",
			reason:   "the wait the server asks for is honoured",
			steps:    []step{{status: 429, header: map[string]string{"Retry-After": "1"}, file: "openai/error_rate_limit.json"}, ok},
			minGap:   time.Second,
			attempts: 2,
			logged:   "openai: attempt 1: 429 Too Many Requests (retry-after 1)",
		},
		{
			name:     "429 with Retry-After date",
			reason:   "Retry-After may be an HTTP date",
			steps:    []step{{status: 429, retryAt: 2 * time.Second, file: "openai/error_rate_limit.json"}, ok},
			minGap:   time.Second,
			attempts: 2,
		},
		{
			name:     "500 then success",
			reason:   "server errors are retried with backoff",
			steps:    []step{{status: 500, file: "openai/error_server.json"}, ok},
			attempts: 2,
			logged:   "openai: attempt 1: 500 Internal Server Error",
		},
		{
			name:     "500 until retries run out",
			reason:   "the last error is reported after MaxRetries retries",
			steps:    []step{{status: 500, file: "openai/error_server.json"}, {status: 503, file: "openai/error_server.json"}},
			retries:  1,
			wantErr:  "openai: 503 server_error: The server had an error",
			attempts: 2,
		},
		{
			name:     "400 is not retried",
			reason:   "a bad request will not get better",
			steps:    []step{{status: 400, file: "openai/error_bad_schema.json"}, ok},
			wantErr:  "openai: 400",
			attempts: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFixtureServer(t, tt.steps...)
			var (
				mu   sync.Mutex
				logs []string
			)
			c, err := model.New("openai:gpt-4.1-mini", model.Options{
				BaseURL: srv.URL, APIKey: "sk-test", MaxRetries: tt.retries,
				Logf: func(format string, args ...any) {
					mu.Lock()
					defer mu.Unlock()
					logs = append(logs, fmt.Sprintf(format, args...))
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.Complete(context.Background(), exploreRequest(t))
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Errorf("err = %v; want %q (%s)", err, tt.wantErr, tt.reason)
				}
			} else if err != nil || resp.Usage.InputTokens != 1250 {
				t.Errorf("Complete = %+v, %v; want the answer after a retry (%s)", resp, err, tt.reason)
			}
			reqs := srv.requests()
			if len(reqs) != tt.attempts {
				t.Fatalf("server got %d attempts, want %d (%s)", len(reqs), tt.attempts, tt.reason)
			}
			if tt.attempts > 1 {
				if gap := reqs[1].at.Sub(reqs[0].at); gap < tt.minGap {
					t.Errorf("retried after %v, want at least %v (%s)", gap, tt.minGap, tt.reason)
				}
				if n := reqs[1].header.Get("X-Stainless-Retry-Count"); n != "1" {
					t.Errorf("second attempt has retry count %q, want 1", n)
				}
				if string(reqs[0].body) != string(reqs[1].body) {
					t.Errorf("the retry sent another body:\n%s\n%s", reqs[0].body, reqs[1].body)
				}
			}
			if tt.logged != "" {
				mu.Lock()
				defer mu.Unlock()
				if !slices.Contains(logs, tt.logged) {
					t.Errorf("logs = %q; want a line %q", logs, tt.logged)
				}
			}
		})
	}
}

func TestCancelAndTimeout(t *testing.T) {
	for _, provider := range []string{"openai", "anthropic"} {
		t.Run(provider+"/cancel", func(t *testing.T) {
			srv := newFixtureServer(t, step{hang: true})
			c, err := model.New(provider+":m", model.Options{BaseURL: srv.URL, APIKey: "k"})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			start := time.Now()
			_, err = c.Complete(ctx, exploreRequest(t))
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v; want context.Canceled", err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("cancellation took %v", d)
			}
		})
		t.Run(provider+"/timeout", func(t *testing.T) {
			srv := newFixtureServer(t, step{hang: true})
			c, err := model.New(provider+":m", model.Options{BaseURL: srv.URL, APIKey: "k", Timeout: 200 * time.Millisecond, MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), exploreRequest(t))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err = %v; want the per-call timeout (context.DeadlineExceeded)", err)
			}
		})
	}
}
