package model_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/model"
)

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		spec   string
		opts   model.Options
		want   string
	}{
		{
			name:   "openai without key",
			reason: "the key is checked before any call",
			spec:   "openai:gpt-4.1-mini",
			want:   "model openai:gpt-4.1-mini: OPENAI_API_KEY is not set",
		},
		{
			name:   "anthropic without key",
			reason: "the key is checked before any call",
			spec:   "anthropic:claude-sonnet-4-5",
			want:   "model anthropic:claude-sonnet-4-5: ANTHROPIC_API_KEY is not set",
		},
		{
			name:   "unknown provider",
			reason: "a typo in the provider is named",
			spec:   "opnai:gpt-4.1-mini",
			want:   `model opnai:gpt-4.1-mini: unknown provider "opnai" (want one of openai, anthropic, ollama, openai-compatible)`,
		},
		{
			name:   "no provider",
			reason: "a bare model name is ambiguous",
			spec:   "gpt-4.1-mini",
			want:   `model "gpt-4.1-mini": want provider:name, with provider one of openai, anthropic, ollama, openai-compatible`,
		},
		{
			name:   "no model",
			reason: "the model name is required",
			spec:   "openai:",
			want:   `model "openai:": want provider:name`,
		},
		{
			name:   "compatible without base URL",
			reason: "there is no default server for a generic compatible API",
			spec:   "openai-compatible:llama3",
			want:   "model openai-compatible:llama3: no base URL: set OPENAI_BASE_URL or pass one",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			opts := tt.opts
			opts.Getenv = env()
			opts.HTTPClient = &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
				called = true
				return nil, errors.New("no network in this test")
			})}
			c, err := model.New(tt.spec, opts)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("New(%q) = %v, %v; want error %q (%s)", tt.spec, c, err, tt.want, tt.reason)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
			if called {
				t.Errorf("New made a network call")
			}
		})
	}
}

// TestEndpoints checks where each provider's requests go, and with which
// key, from options and environment, without any network.
func TestEndpoints(t *testing.T) {
	tests := []struct {
		name    string
		reason  string
		spec    string
		opts    model.Options
		env     []string
		wantURL string
		// wantAuth is the Authorization header ("" for none).
		wantAuth string
	}{
		{
			name: "openai default", reason: "the public API", spec: "openai:gpt-4.1-mini",
			env:     []string{"OPENAI_API_KEY", "sk-env"},
			wantURL: "https://api.openai.com/v1/chat/completions", wantAuth: "Bearer sk-env",
		},
		{
			name: "openai env base URL", reason: "OPENAI_BASE_URL points at a proxy", spec: "openai:gpt-4.1-mini",
			env:     []string{"OPENAI_API_KEY", "sk-env", "OPENAI_BASE_URL", "http://proxy.test/v1"},
			wantURL: "http://proxy.test/v1/chat/completions", wantAuth: "Bearer sk-env",
		},
		{
			name: "openai options win", reason: "options override the environment", spec: "openai:gpt-4.1-mini",
			opts:    model.Options{BaseURL: "http://opt.test/api/", APIKey: "sk-opt"},
			env:     []string{"OPENAI_API_KEY", "sk-env", "OPENAI_BASE_URL", "http://proxy.test/v1"},
			wantURL: "http://opt.test/api/chat/completions", wantAuth: "Bearer sk-opt",
		},
		{
			name: "ollama", reason: "a local server, no key, and the OpenAI key is not leaked to it", spec: "ollama:qwen2.5-coder",
			env:     []string{"OPENAI_API_KEY", "sk-secret"},
			wantURL: "http://localhost:11434/v1/chat/completions",
		},
		{
			name: "ollama elsewhere", reason: "the base URL may point at another host", spec: "ollama:qwen2.5-coder",
			opts:    model.Options{BaseURL: "http://gpu-box:11434/v1"},
			wantURL: "http://gpu-box:11434/v1/chat/completions",
		},
		{
			name: "compatible", reason: "vLLM and friends, with the usual variables", spec: "openai-compatible:llama3",
			env:     []string{"OPENAI_BASE_URL", "http://vllm.test/v1", "OPENAI_API_KEY", "tok"},
			wantURL: "http://vllm.test/v1/chat/completions", wantAuth: "Bearer tok",
		},
		{
			name: "anthropic default", reason: "the public API", spec: "anthropic:claude-sonnet-4-5",
			env:     []string{"ANTHROPIC_API_KEY", "sk-ant"},
			wantURL: "https://api.anthropic.com/v1/messages", wantAuth: "Bearer sk-ant",
		},
		{
			name: "anthropic env base URL", reason: "ANTHROPIC_BASE_URL points at a proxy", spec: "anthropic:claude-sonnet-4-5",
			env:     []string{"ANTHROPIC_API_KEY", "sk-ant", "ANTHROPIC_BASE_URL", "http://proxy.test"},
			wantURL: "http://proxy.test/v1/messages", wantAuth: "Bearer sk-ant",
		},
	}
	// The process environment must not leak past Options.Getenv (the SDKs
	// read it on their own).
	for _, k := range []string{"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"} {
		t.Setenv(k, "sk-process")
	}
	t.Setenv("OPENAI_BASE_URL", "http://process.test/v1")
	t.Setenv("ANTHROPIC_BASE_URL", "http://process.test")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *http.Request
			opts := tt.opts
			opts.Getenv = env(tt.env...)
			opts.MaxRetries = -1
			opts.HTTPClient = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
				got = r
				return &http.Response{StatusCode: 418, Header: http.Header{}, Body: io.NopCloser(strings.NewReader("{}")), Request: r}, nil
			})}
			c, err := model.New(tt.spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			c.Complete(context.Background(), model.Request{Messages: []model.Message{{Role: "user", Content: "hi"}}})
			if got == nil {
				t.Fatal("no request sent")
			}
			if got.URL.String() != tt.wantURL {
				t.Errorf("URL = %s, want %s (%s)", got.URL, tt.wantURL, tt.reason)
			}
			if a := got.Header.Get("Authorization"); a != tt.wantAuth {
				t.Errorf("Authorization = %q, want %q (%s)", a, tt.wantAuth, tt.reason)
			}
		})
	}
}

func TestName(t *testing.T) {
	c, err := model.New("OpenAI:gpt-4.1-mini", model.Options{APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if got := model.Name(c); got != "openai:gpt-4.1-mini" {
		t.Errorf("Name = %q; want the provider lower-cased", got)
	}
	if got := model.Name(model.NewMeter(c, nil)); got != "openai:gpt-4.1-mini" {
		t.Errorf("Name through a Meter = %q", got)
	}
	if got := model.Name(&countingClient{}); got != "" {
		t.Errorf("Name of a nameless client = %q", got)
	}
}

func TestResolveModels(t *testing.T) {
	tests := []struct {
		name                       string
		reason                     string
		model, explore, spec       string
		env                        []string
		wantExplore, wantSpecModel string
	}{
		{name: "nothing", reason: "built-in explorer and writer"},
		{name: "--model", reason: "one model for both", model: "openai:gpt-4.1-mini",
			wantExplore: "openai:gpt-4.1-mini", wantSpecModel: "openai:gpt-4.1-mini"},
		{name: "MODEL_NAME", reason: "the environment's model for both", env: []string{"MODEL_NAME", "ollama:qwen2.5-coder"},
			wantExplore: "ollama:qwen2.5-coder", wantSpecModel: "ollama:qwen2.5-coder"},
		{name: "--model beats MODEL_NAME", reason: "flags beat the environment", model: "openai:a", env: []string{"MODEL_NAME", "openai:b"},
			wantExplore: "openai:a", wantSpecModel: "openai:a"},
		{name: "specific env beats --model", reason: "vowel's order: EXPLORATION_MODEL and SPEC_MODEL come before --model",
			model: "openai:a", env: []string{"EXPLORATION_MODEL", "openai:x", "SPEC_MODEL", "anthropic:s"},
			wantExplore: "openai:x", wantSpecModel: "anthropic:s"},
		{name: "specific flags beat all", reason: "--explore-model and --spec-model first",
			model: "openai:a", explore: "openai:e", spec: "openai:s", env: []string{"EXPLORATION_MODEL", "openai:x", "SPEC_MODEL", "openai:y", "MODEL_NAME", "openai:z"},
			wantExplore: "openai:e", wantSpecModel: "openai:s"},
		{name: "split", reason: "a cheap explorer and a strong writer", explore: "openai:gpt-4.1-nano", model: "anthropic:claude-sonnet-4-5",
			wantExplore: "openai:gpt-4.1-nano", wantSpecModel: "anthropic:claude-sonnet-4-5"},
		{name: "builtin", reason: "builtin stops the fallback", explore: "builtin", model: "openai:a",
			wantExplore: "", wantSpecModel: "openai:a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, s := model.ResolveModels(tt.model, tt.explore, tt.spec, env(tt.env...))
			if e != tt.wantExplore || s != tt.wantSpecModel {
				t.Errorf("ResolveModels = %q, %q; want %q, %q (%s)", e, s, tt.wantExplore, tt.wantSpecModel, tt.reason)
			}
		})
	}
}

func TestAPIErrorMessage(t *testing.T) {
	tests := []struct {
		name string
		err  model.APIError
		want string
	}{
		{"code", model.APIError{Provider: "openai", StatusCode: 401, Type: "invalid_request_error", Code: "invalid_api_key", Message: "Incorrect API key provided"},
			"openai: 401 invalid_api_key: Incorrect API key provided"},
		{"type", model.APIError{Provider: "anthropic", StatusCode: 529, Type: "overloaded_error", Message: "Overloaded"},
			"anthropic: 529 overloaded_error: Overloaded"},
		{"bare", model.APIError{Provider: "ollama", StatusCode: 502}, "ollama: 502 bad gateway"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}
