// Package model is specgen's neutral interface to language models: one
// small Client over provider-neutral messages, adapters for the OpenAI
// (and OpenAI-compatible, e.g. Ollama) and Anthropic APIs through their
// official SDKs, structured answers checked against a JSON Schema,
// record/replay of every exchange, and token and cost accounting.
//
// A client is made from a "provider:name" spec:
//
//	c, err := model.New("openai:gpt-4.1-mini", model.Options{})
//	var plan Plan
//	resp, err := model.Structured(ctx, c, model.Request{
//		Phase:  "explore",
//		System: "You write probes.",
//		Messages: []model.Message{{Role: "user", Content: prompt}},
//		Schema: planSchema, SchemaName: "exploration_plan",
//	}, &plan)
package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"go.opentelemetry.io/otel/trace"
)

// Roles of a Message.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one turn of a conversation.
type Message struct {
	Role    string `json:"role"` // RoleUser or RoleAssistant
	Content string `json:"content"`
}

// Request is one call to a model.
type Request struct {
	// Phase names the step of the pipeline that asks ("explore", "repair",
	// "spec", "refine", …). It is not sent to the model; it keys cost
	// accounting and recordings.
	Phase    string    `json:"phase"`
	System   string    `json:"system,omitempty"`
	Messages []Message `json:"messages"`
	// Schema, when set, asks for structured output: a JSON object fitting
	// this JSON Schema (OpenAI: response_format json_schema, strict when
	// the schema allows it, i.e. closed objects with every property
	// required; Anthropic: a single forced tool whose input_schema is the
	// schema).
	Schema json.RawMessage `json:"schema,omitempty"`
	// SchemaName names the schema on the wire (default "answer").
	SchemaName string `json:"schema_name,omitempty"`
	// MaxTokens bounds the answer (0: the provider's default, 8192 for
	// Anthropic, which requires one).
	MaxTokens int `json:"max_tokens,omitempty"`
	// Temperature, when set, is sent as is.
	Temperature *float64 `json:"temperature,omitempty"`
}

// Usage is what a call consumed.
type Usage struct {
	// InputTokens counts every input token, cache reads included.
	InputTokens int64 `json:"input_tokens"`
	// OutputTokens counts the answer's tokens.
	OutputTokens int64 `json:"output_tokens"`
	// CacheReadTokens is the part of InputTokens read from the provider's
	// prompt cache (billed at a lower price).
	CacheReadTokens int64 `json:"cache_read_tokens,omitempty"`
}

// Add returns the sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:     u.InputTokens + v.InputTokens,
		OutputTokens:    u.OutputTokens + v.OutputTokens,
		CacheReadTokens: u.CacheReadTokens + v.CacheReadTokens,
	}
}

// Response is a model's answer.
type Response struct {
	// Text is the answer; for structured requests, the JSON text.
	Text  string `json:"text"`
	Usage Usage  `json:"usage"`
	// Model is the model that answered, as the provider names it (it may
	// be a dated snapshot of the requested one).
	Model    string `json:"model"`
	Provider string `json:"provider"`
	// Truncated reports an answer cut short by the token limit.
	Truncated bool `json:"truncated,omitempty"`
	// FinishReason is why the model stopped, as the provider says it
	// ("stop", "length"; "end_turn", "max_tokens"), when it says.
	FinishReason string `json:"finish_reason,omitempty"`
}

// Client sends requests to a model.
type Client interface {
	Complete(ctx context.Context, req Request) (*Response, error)
}

// ClientFunc adapts a function to a Client, for fakes in tests.
type ClientFunc func(ctx context.Context, req Request) (*Response, error)

// Complete calls f.
func (f ClientFunc) Complete(ctx context.Context, req Request) (*Response, error) { return f(ctx, req) }

// Name returns the "provider:model" name of c, or "" when c does not say.
// Clients made by New, and the wrappers of this package, have one.
func Name(c Client) string {
	if n, ok := c.(interface{ Name() string }); ok {
		return n.Name()
	}
	return ""
}

// Providers understood by New.
const (
	ProviderOpenAI           = "openai"
	ProviderAnthropic        = "anthropic"
	ProviderOllama           = "ollama"
	ProviderOpenAICompatible = "openai-compatible"
)

// Default base URLs.
const (
	DefaultOpenAIBaseURL    = "https://api.openai.com/v1/"
	DefaultAnthropicBaseURL = "https://api.anthropic.com/"
	DefaultOllamaBaseURL    = "http://localhost:11434/v1/"
)

// Options configure the clients made by New. The zero value is ready to
// use: keys and base URLs come from the providers' usual environment
// variables.
type Options struct {
	// BaseURL overrides the provider's endpoint (default: OPENAI_BASE_URL
	// or ANTHROPIC_BASE_URL, else the provider's public API; Ollama:
	// http://localhost:11434/v1).
	BaseURL string
	// APIKey overrides the key (default: OPENAI_API_KEY or
	// ANTHROPIC_API_KEY). Ollama needs none.
	APIKey string
	// Timeout bounds each attempt of a call (default 2 minutes).
	Timeout time.Duration
	// MaxRetries is how many times a call is retried after a 408, 409,
	// 429, 5xx or a connection error, with exponential backoff that
	// honours Retry-After (0: 3 retries; negative: none).
	MaxRetries int
	// HTTPClient sends the requests (default: a new http.Client).
	HTTPClient *http.Client
	// Logf, when set, receives one line per retried attempt.
	Logf func(format string, args ...any)
	// Tracer, when set, gets a span per call, with the GenAI semantic
	// conventions' attributes.
	Tracer trace.Tracer
	// CaptureContent puts the prompts and answers on the spans
	// (gen_ai.system_instructions, gen_ai.input.messages,
	// gen_ai.output.messages); off, the spans hold no content. The CLI
	// sets it from OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT.
	CaptureContent bool
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
}

const (
	defaultTimeout    = 2 * time.Minute
	defaultMaxRetries = 3
)

func (o Options) getenv(key string) string {
	if o.Getenv != nil {
		return o.Getenv(key)
	}
	return os.Getenv(key)
}

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return defaultTimeout
}

func (o Options) maxRetries() int {
	switch {
	case o.MaxRetries < 0:
		return 0
	case o.MaxRetries == 0:
		return defaultMaxRetries
	}
	return o.MaxRetries
}

func (o Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// ParseSpec splits a "provider:name" model spec and checks the provider.
func ParseSpec(spec string) (provider, name string, err error) {
	provider, name, ok := strings.Cut(strings.TrimSpace(spec), ":")
	provider = strings.ToLower(provider)
	switch {
	case !ok || provider == "" || name == "":
		return "", "", fmt.Errorf("model %q: want provider:name, with provider one of %s", spec, providerList)
	case !knownProvider(provider):
		return "", "", fmt.Errorf("model %s: unknown provider %q (want one of %s)", spec, provider, providerList)
	}
	return provider, name, nil
}

const providerList = "openai, anthropic, ollama, openai-compatible"

func knownProvider(p string) bool {
	switch p {
	case ProviderOpenAI, ProviderAnthropic, ProviderOllama, ProviderOpenAICompatible:
		return true
	}
	return false
}

// New makes a client for spec, "provider:name": openai:gpt-4.1-mini,
// anthropic:claude-sonnet-4-5, ollama:qwen2.5-coder, or
// openai-compatible:NAME (with a base URL). It checks the spec and the
// key before any network call, so that a mistake is one line at start-up.
func New(spec string, opts Options) (Client, error) {
	provider, name, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	full := provider + ":" + name
	var c Client
	switch provider {
	case ProviderOpenAI, ProviderOllama, ProviderOpenAICompatible:
		c, err = newOpenAI(provider, name, opts)
	case ProviderAnthropic:
		c, err = newAnthropic(name, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", full, err)
	}
	return Trace(c, full, opts), nil
}

// Trace wraps c, the client of spec ("provider:name"), in a GenAI client
// span per call when opts.Tracer is set (see Options.Tracer and
// Options.CaptureContent); it returns c as is otherwise, or when spec
// does not parse.
func Trace(c Client, spec string, opts Options) Client {
	provider, name, err := ParseSpec(spec)
	if opts.Tracer == nil || err != nil {
		return c
	}
	return &traced{next: c, tracer: opts.Tracer, provider: provider, model: name, content: opts.CaptureContent}
}

// ResolveModels picks the exploration and spec models from the flags and
// the environment, as vowel does:
//
//	explore = --explore-model || EXPLORATION_MODEL || --model || MODEL_NAME
//	spec    = --spec-model    || SPEC_MODEL        || --model || MODEL_NAME
//
// "" (or "builtin") means the built-in explorer and writer.
func ResolveModels(flagModel, flagExplore, flagSpec string, getenv func(string) string) (explore, spec string) {
	if getenv == nil {
		getenv = os.Getenv
	}
	first := func(vals ...string) string {
		for _, v := range vals {
			if v = strings.TrimSpace(v); v != "" {
				if strings.EqualFold(v, "builtin") {
					return ""
				}
				return v
			}
		}
		return ""
	}
	explore = first(flagExplore, getenv("EXPLORATION_MODEL"), flagModel, getenv("MODEL_NAME"))
	spec = first(flagSpec, getenv("SPEC_MODEL"), flagModel, getenv("MODEL_NAME"))
	return explore, spec
}

// APIError is an error answer of a provider's API.
type APIError struct {
	Provider   string
	StatusCode int
	// Type and Code are the provider's (e.g. "invalid_request_error",
	// "invalid_api_key", "overloaded_error").
	Type    string
	Code    string
	Message string
	// Err is the SDK's error.
	Err error
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d", e.Provider, e.StatusCode)
	switch {
	case e.Code != "":
		b.WriteString(" " + e.Code)
	case e.Type != "":
		b.WriteString(" " + e.Type)
	default:
		b.WriteString(" " + strings.ToLower(http.StatusText(e.StatusCode)))
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	return b.String()
}

func (e *APIError) Unwrap() error { return e.Err }

// Temporary reports whether the same call may succeed later (rate
// limits, overload, server errors).
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500 ||
		e.StatusCode == http.StatusRequestTimeout || e.StatusCode == http.StatusConflict
}

// ErrRefused is returned (wrapped) when a model refuses to answer.
var ErrRefused = errors.New("model refused to answer")

// defaultSchemaName is the wire name of a schema without one.
const defaultSchemaName = "answer"

func schemaName(req Request) string {
	if req.SchemaName != "" {
		return sanitizeToolName(req.SchemaName)
	}
	return defaultSchemaName
}

// sanitizeToolName keeps what both APIs accept in a schema or tool
// name: letters, digits, '_' and '-', at most 64 of them.
func sanitizeToolName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() == 64 {
			break
		}
	}
	if b.Len() == 0 {
		return defaultSchemaName
	}
	return b.String()
}
