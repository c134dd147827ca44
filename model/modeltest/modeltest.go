// Package modeltest runs fake model servers on loopback that speak the
// real wire formats of the OpenAI Chat Completions and Anthropic Messages
// APIs, for end-to-end tests of code that talks to models through
// package model (or through the specgen command, with the server's Env).
//
//	srv := modeltest.NewOpenAIServer(t, func(req model.Request) string {
//		return `{"snippets": []}`
//	})
//	c, _ := model.New("openai:gpt-4.1-mini", srv.Options())
package modeltest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/specgen-dev/specgen/model"
)

// Handler answers a request decoded from the wire into the neutral form.
// For a structured request, the answer is the JSON text of the object.
// The Phase of the request is empty: it does not travel on the wire.
type Handler func(req model.Request) string

// Key is the API key the servers expect unless told otherwise.
const Key = "test-key"

// Call is a request a server received.
type Call struct {
	// Model is the model the request asked for.
	Model string
	// Request is the request in the neutral form.
	Request model.Request
	// Body is the raw JSON body; Header the request's headers.
	Body   []byte
	Header http.Header
}

// Failure is an error answer a server gives instead of calling the
// handler (see Server.Fail).
type Failure struct {
	Status int
	// RetryAfter, when set, is sent as the Retry-After header.
	RetryAfter string
	// Type, Code and Message fill the error body (Code: OpenAI only).
	Type, Code, Message string
}

// Server is a fake model server.
type Server struct {
	*httptest.Server
	provider string

	mu       sync.Mutex
	key      string
	handler  Handler
	calls    []Call
	failures []Failure
	answered int
}

// NewOpenAIServer starts a server for POST /chat/completions (the path
// under an OpenAI base URL such as https://api.openai.com/v1). It is
// closed when the test ends.
func NewOpenAIServer(t testing.TB, h Handler) *Server {
	return start(t, model.ProviderOpenAI, h)
}

// NewAnthropicServer starts a server for POST /v1/messages. It is closed
// when the test ends.
func NewAnthropicServer(t testing.TB, h Handler) *Server {
	return start(t, model.ProviderAnthropic, h)
}

func start(t testing.TB, provider string, h Handler) *Server {
	t.Helper()
	s := &Server{provider: provider, key: Key, handler: h}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// SetKey sets the API key the server wants; "" accepts any key or none.
func (s *Server) SetKey(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key = key
}

// Fail queues failures: the next len(f) requests get them, in order.
func (s *Server) Fail(f ...Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, f...)
}

// Calls returns the requests received so far, failed ones included.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Options returns model options that reach this server with its key.
func (s *Server) Options() model.Options {
	return model.Options{BaseURL: s.BaseURL(), APIKey: Key}
}

// BaseURL is the base URL to configure a client with.
func (s *Server) BaseURL() string {
	return s.URL
}

// Env returns the environment variables that point the provider's
// client at this server: OPENAI_BASE_URL and OPENAI_API_KEY, or
// ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY.
func (s *Server) Env() map[string]string {
	if s.provider == model.ProviderAnthropic {
		return map[string]string{"ANTHROPIC_BASE_URL": s.BaseURL(), "ANTHROPIC_API_KEY": Key}
	}
	return map[string]string{"OPENAI_BASE_URL": s.BaseURL(), "OPENAI_API_KEY": Key}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := "/chat/completions"
	if s.provider == model.ProviderAnthropic {
		path = "/v1/messages"
	}
	if r.Method != http.MethodPost || r.URL.Path != path {
		s.writeError(w, Failure{Status: http.StatusNotFound, Type: "not_found_error", Code: "unknown_url",
			Message: fmt.Sprintf("Unknown request URL: %s %s", r.Method, r.URL.Path)})
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.writeError(w, Failure{Status: http.StatusBadRequest, Type: "invalid_request_error", Message: err.Error()})
		return
	}

	s.mu.Lock()
	key := s.key
	s.mu.Unlock()
	if f, ok := s.checkAuth(r, key); !ok {
		s.writeError(w, f)
		return
	}

	var (
		call Call
		tool string
	)
	if s.provider == model.ProviderAnthropic {
		call, tool, err = decodeAnthropic(body)
	} else {
		call, err = decodeOpenAI(body)
	}
	if err != nil {
		s.writeError(w, Failure{Status: http.StatusBadRequest, Type: "invalid_request_error", Message: err.Error()})
		return
	}
	call.Body, call.Header = body, r.Header.Clone()

	s.mu.Lock()
	s.calls = append(s.calls, call)
	var failure *Failure
	if len(s.failures) > 0 {
		failure = &s.failures[0]
		s.failures = s.failures[1:]
	}
	s.answered++
	n := s.answered
	handler := s.handler
	s.mu.Unlock()

	if failure != nil {
		s.writeError(w, *failure)
		return
	}
	text := handler(call.Request)
	usage := wireUsage(call.Request, text)
	var out any
	if s.provider == model.ProviderAnthropic {
		out = anthropicAnswer(n, call.Model, tool, text, usage)
	} else {
		out = openaiAnswer(n, call.Model, text, usage)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func (s *Server) checkAuth(r *http.Request, key string) (Failure, bool) {
	if key == "" {
		return Failure{}, true
	}
	if s.provider == model.ProviderAnthropic {
		if r.Header.Get("anthropic-version") == "" {
			return Failure{Status: http.StatusBadRequest, Type: "invalid_request_error",
				Message: "anthropic-version: header is required"}, false
		}
		// The API takes the key as x-api-key; the Go SDK sends it as a
		// bearer token.
		if r.Header.Get("x-api-key") != key && r.Header.Get("Authorization") != "Bearer "+key {
			return Failure{Status: http.StatusUnauthorized, Type: "authentication_error",
				Message: "invalid x-api-key"}, false
		}
		return Failure{}, true
	}
	if r.Header.Get("Authorization") != "Bearer "+key {
		return Failure{Status: http.StatusUnauthorized, Type: "invalid_request_error", Code: "invalid_api_key",
			Message: "Incorrect API key provided"}, false
	}
	return Failure{}, true
}

func (s *Server) writeError(w http.ResponseWriter, f Failure) {
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.Status)
	var body any
	if s.provider == model.ProviderAnthropic {
		body = map[string]any{
			"type":       "error",
			"error":      map[string]any{"type": f.Type, "message": f.Message},
			"request_id": "req_test",
		}
	} else {
		var code any
		if f.Code != "" {
			code = f.Code
		}
		body = map[string]any{"error": map[string]any{"message": f.Message, "type": f.Type, "param": nil, "code": code}}
	}
	json.NewEncoder(w).Encode(body)
}

// usage is a deterministic stand-in for token counts: a token per four
// bytes of text.
type usage struct{ input, output int64 }

func wireUsage(req model.Request, answer string) usage {
	n := len(req.System) + len(req.Schema)
	for _, m := range req.Messages {
		n += len(m.Content)
	}
	return usage{input: int64((n + 3) / 4), output: int64((len(answer) + 3) / 4)}
}

// text is a message content: a string or a list of content parts.
type text string

func (t *text) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*t = text(s)
		return nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(data, &parts); err != nil {
		return fmt.Errorf("content: want a string or a list of parts: %w", err)
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type != "text" {
			return fmt.Errorf("content part of type %q: only text is supported", p.Type)
		}
		b.WriteString(p.Text)
	}
	*t = text(b.String())
	return nil
}

func decodeOpenAI(body []byte) (Call, error) {
	var w struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content text   `json:"content"`
		} `json:"messages"`
		MaxTokens           int      `json:"max_tokens"`
		MaxCompletionTokens int      `json:"max_completion_tokens"`
		Temperature         *float64 `json:"temperature"`
		ResponseFormat      *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		return Call{}, err
	}
	if w.Model == "" {
		return Call{}, fmt.Errorf("you must provide a model parameter")
	}
	if len(w.Messages) == 0 {
		return Call{}, fmt.Errorf("'messages' must contain at least one message")
	}
	req := model.Request{MaxTokens: w.MaxCompletionTokens, Temperature: w.Temperature}
	if req.MaxTokens == 0 {
		req.MaxTokens = w.MaxTokens
	}
	for _, m := range w.Messages {
		switch m.Role {
		case "system", "developer":
			if req.System != "" {
				req.System += "\n"
			}
			req.System += string(m.Content)
		case "user", "assistant":
			req.Messages = append(req.Messages, model.Message{Role: m.Role, Content: string(m.Content)})
		default:
			return Call{}, fmt.Errorf("messages: role %q is not supported", m.Role)
		}
	}
	if rf := w.ResponseFormat; rf != nil && rf.Type == "json_schema" {
		if rf.JSONSchema == nil || rf.JSONSchema.Name == "" || len(rf.JSONSchema.Schema) == 0 {
			return Call{}, fmt.Errorf("response_format.json_schema: name and schema are required")
		}
		req.Schema = compact(rf.JSONSchema.Schema)
		req.SchemaName = rf.JSONSchema.Name
	}
	return Call{Model: w.Model, Request: req}, nil
}

func decodeAnthropic(body []byte) (Call, string, error) {
	var w struct {
		Model     string          `json:"model"`
		MaxTokens int             `json:"max_tokens"`
		System    json.RawMessage `json:"system"`
		Messages  []struct {
			Role    string `json:"role"`
			Content text   `json:"content"`
		} `json:"messages"`
		Temperature *float64 `json:"temperature"`
		Tools       []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"input_schema"`
		} `json:"tools"`
		ToolChoice *struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tool_choice"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		return Call{}, "", err
	}
	switch {
	case w.Model == "":
		return Call{}, "", fmt.Errorf("model: Field required")
	case w.MaxTokens <= 0:
		return Call{}, "", fmt.Errorf("max_tokens: Field required")
	case len(w.Messages) == 0:
		return Call{}, "", fmt.Errorf("messages: at least one message is required")
	}
	req := model.Request{MaxTokens: w.MaxTokens, Temperature: w.Temperature}
	if len(w.System) > 0 {
		var sys text
		if err := json.Unmarshal(w.System, &sys); err != nil {
			return Call{}, "", fmt.Errorf("system: %w", err)
		}
		req.System = string(sys)
	}
	for i, m := range w.Messages {
		if m.Role != "user" && m.Role != "assistant" {
			return Call{}, "", fmt.Errorf("messages.%d.role: Input should be 'user' or 'assistant'", i)
		}
		req.Messages = append(req.Messages, model.Message{Role: m.Role, Content: string(m.Content)})
	}
	var tool string
	if tc := w.ToolChoice; tc != nil && tc.Type == "tool" {
		for _, t := range w.Tools {
			if t.Name == tc.Name {
				tool = t.Name
				req.Schema = compact(t.InputSchema)
				req.SchemaName = t.Name
			}
		}
		if tool == "" {
			return Call{}, "", fmt.Errorf("tool_choice: tool %q is not in tools", tc.Name)
		}
	}
	return Call{Model: w.Model, Request: req}, tool, nil
}

func compact(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

func openaiAnswer(n int, modelName, text string, u usage) any {
	return map[string]any{
		"id":      "chatcmpl-test" + strconv.Itoa(n),
		"object":  "chat.completion",
		"created": 1700000000 + n,
		"model":   modelName,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": text, "refusal": nil, "annotations": []any{}},
			"logprobs":      nil,
			"finish_reason": "stop",
		}},
		"usage": map[string]any{
			"prompt_tokens":     u.input,
			"completion_tokens": u.output,
			"total_tokens":      u.input + u.output,
			"prompt_tokens_details": map[string]any{
				"cached_tokens": 0,
				"audio_tokens":  0,
			},
			"completion_tokens_details": map[string]any{
				"reasoning_tokens":           0,
				"audio_tokens":               0,
				"accepted_prediction_tokens": 0,
				"rejected_prediction_tokens": 0,
			},
		},
		"service_tier":       "default",
		"system_fingerprint": "fp_test",
	}
}

// anthropicAnswer answers with a tool_use block when a tool was forced
// and the text is a JSON object (the tool's input), and with a text block
// otherwise, as a model that ignores the tool would.
func anthropicAnswer(n int, modelName, tool, text string, u usage) any {
	content := []any{map[string]any{"type": "text", "text": text}}
	stop := "end_turn"
	if tool != "" {
		var obj map[string]any
		if json.Unmarshal([]byte(text), &obj) == nil && obj != nil {
			content = []any{map[string]any{
				"type":  "tool_use",
				"id":    "toolu_test" + strconv.Itoa(n),
				"name":  tool,
				"input": json.RawMessage(text),
			}}
			stop = "tool_use"
		}
	}
	return map[string]any{
		"id":            "msg_test" + strconv.Itoa(n),
		"type":          "message",
		"role":          "assistant",
		"model":         modelName,
		"content":       content,
		"stop_reason":   stop,
		"stop_sequence": nil,
		"usage": map[string]any{
			"input_tokens":                u.input,
			"output_tokens":               u.output,
			"cache_creation_input_tokens": 0,
			"cache_read_input_tokens":     0,
			"service_tier":                "standard",
		},
	}
}
