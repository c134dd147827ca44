package modeltest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

var servers = []struct {
	name  string
	start func(testing.TB, modeltest.Handler) *modeltest.Server
	spec  string
}{
	{"openai", modeltest.NewOpenAIServer, "openai:gpt-4.1-mini"},
	{"anthropic", modeltest.NewAnthropicServer, "anthropic:claude-haiku-4-5"},
}

func TestRoundTrip(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"],"additionalProperties":false}`)
	req := model.Request{
		Phase:  "explore",
		System: "be brief",
		Messages: []model.Message{
			{Role: "user", Content: "how many?"},
			{Role: "assistant", Content: "three"},
			{Role: "user", Content: "as JSON"},
		},
		Schema:     schema,
		SchemaName: "count",
		MaxTokens:  100,
	}
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			var seen model.Request
			srv := s.start(t, func(r model.Request) string {
				seen = r
				return `{"n":3}`
			})
			c, err := model.New(s.spec, srv.Options())
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.Complete(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			// The handler sees the request as sent, less the phase (not on the wire).
			want := req
			want.Phase = ""
			// The schema arrives as the wire form of it: compare the JSON values.
			asValue := cmp.Transformer("json", func(r json.RawMessage) any {
				var v any
				json.Unmarshal(r, &v)
				return v
			})
			if diff := cmp.Diff(want, seen, asValue); diff != "" {
				t.Errorf("handler saw (-sent +seen):\n%s", diff)
			}
			if resp.Text != `{"n":3}` || resp.Usage.InputTokens == 0 || resp.Usage.OutputTokens != 2 {
				t.Errorf("response = %+v; want the answer with usage (7 bytes: 2 tokens out)", resp)
			}
			calls := srv.Calls()
			if len(calls) != 1 || !strings.HasPrefix(calls[0].Model, strings.SplitN(s.spec, ":", 2)[1]) || len(calls[0].Body) == 0 {
				t.Errorf("calls = %+v", calls)
			}
		})
	}
}

func TestFailures(t *testing.T) {
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			srv := s.start(t, func(model.Request) string { return "fine" })
			srv.Fail(
				modeltest.Failure{Status: 429, RetryAfter: "0", Type: "rate_limit_error", Code: "rate_limit_exceeded", Message: "slow down"},
				modeltest.Failure{Status: 400, Type: "invalid_request_error", Message: "bad"},
			)
			opts := srv.Options()
			opts.MaxRetries = 1
			c, err := model.New(s.spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}})
			var apiErr *model.APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Message != "bad" {
				t.Fatalf("err = %v; want the queued 400 after retrying the 429", err)
			}
			resp, err := c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}})
			if err != nil || resp.Text != "fine" {
				t.Errorf("after the queue: %+v, %v", resp, err)
			}
			if n := len(srv.Calls()); n != 3 {
				t.Errorf("%d calls, want 3", n)
			}
		})
	}
}

func TestKeyAndPath(t *testing.T) {
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			srv := s.start(t, func(model.Request) string { return "x" })
			opts := srv.Options()
			opts.APIKey = "wrong"
			opts.MaxRetries = -1
			c, err := model.New(s.spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}})
			var apiErr *model.APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != 401 {
				t.Errorf("err = %v; want a 401 for a wrong key", err)
			}

			res, err := http.Post(srv.URL+"/nowhere", "application/json", bytes.NewReader([]byte("{}")))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 404 || !strings.Contains(string(body), "Unknown request URL") {
				t.Errorf("POST /nowhere = %d %s", res.StatusCode, body)
			}

			srv.SetKey("")
			opts.APIKey = "anything"
			c, _ = model.New(s.spec, opts)
			if _, err := c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}}); err != nil {
				t.Errorf("with SetKey(\"\"), any key should do: %v", err)
			}
		})
	}
}

func TestEnv(t *testing.T) {
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			srv := s.start(t, func(model.Request) string { return "from env" })
			vars := srv.Env()
			c, err := model.New(s.spec, model.Options{Getenv: func(k string) string { return vars[k] }})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}})
			if err != nil || resp.Text != "from env" {
				t.Errorf("Complete = %+v, %v; want the server reached through its Env", resp, err)
			}
		})
	}
}

func TestAnthropicProse(t *testing.T) {
	// A model that ignores the forced tool answers in a text block.
	srv := modeltest.NewAnthropicServer(t, func(model.Request) string { return "I think n is 3." })
	c, err := model.New("anthropic:claude-haiku-4-5", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Complete(context.Background(), model.Request{
		Messages: []model.Message{{Role: "user", Content: "n?"}},
		Schema:   json.RawMessage(`{"type":"object"}`),
	})
	if err != nil || resp.Text != "I think n is 3." {
		t.Errorf("Complete = %+v, %v; want the prose as the text", resp, err)
	}
}
