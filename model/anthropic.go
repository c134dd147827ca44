//go:build !specgen_lite

package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
)

// anthropicDefaultMaxTokens is sent when a request sets no limit: the
// Messages API requires one.
const anthropicDefaultMaxTokens = 8192

// anthropicClient speaks the Anthropic Messages API. Structured answers
// are asked for as the input of a single tool that the model must call.
type anthropicClient struct {
	model    string
	messages anthropic.MessageService
}

func newAnthropic(name string, opts Options) (*anthropicClient, error) {
	baseURL, key := opts.BaseURL, opts.APIKey
	if baseURL == "" {
		baseURL = opts.getenv("ANTHROPIC_BASE_URL")
	}
	if baseURL == "" {
		baseURL = DefaultAnthropicBaseURL
	}
	if key == "" {
		key = opts.getenv("ANTHROPIC_API_KEY")
	}
	if key == "" {
		return nil, errors.New("ANTHROPIC_API_KEY is not set")
	}
	c := anthropic.NewMessageService(
		// The key and base URL are resolved here; the SDK's own spans are
		// off, as this package makes its own (Options.Tracer).
		option.WithEnvironmentProduction(),
		option.WithoutOpenTelemetry(),
		option.WithBaseURL(withSlash(baseURL)),
		option.WithAPIKey(key),
		option.WithHTTPClient(httpClient(opts)),
		option.WithRequestTimeout(opts.timeout()),
		option.WithMaxRetries(opts.maxRetries()),
		option.WithMiddleware(retryLogger(ProviderAnthropic, opts)),
	)
	return &anthropicClient{model: name, messages: c}, nil
}

func (c *anthropicClient) Name() string { return ProviderAnthropic + ":" + c.model }

func (c *anthropicClient) Complete(ctx context.Context, req Request) (*Response, error) {
	params, err := c.params(req)
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	var callOpts []option.RequestOption
	if req.Temperature != nil {
		// Deprecated in the API, absent from this SDK's parameters, still
		// accepted by older models.
		callOpts = append(callOpts, option.WithJSONSet("temperature", *req.Temperature))
	}
	res, err := c.messages.New(ctx, params, callOpts...)
	if err != nil {
		return nil, anthropicError(err)
	}
	text, err := anthropicText(res, req)
	if err != nil {
		return nil, err
	}
	model := string(res.Model)
	if model == "" {
		model = c.model
	}
	u := res.Usage
	return &Response{
		Text: text,
		Usage: Usage{
			// input_tokens leaves out what was read from or written to the
			// cache; the neutral count includes every input token.
			InputTokens:     u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens,
			OutputTokens:    u.OutputTokens,
			CacheReadTokens: u.CacheReadInputTokens,
		},
		Model:        model,
		Provider:     ProviderAnthropic,
		Truncated:    res.StopReason == anthropic.StopReasonMaxTokens,
		FinishReason: string(res.StopReason),
	}, nil
}

func (c *anthropicClient) params(req Request) (anthropic.MessageNewParams, error) {
	maxTokens := int64(req.MaxTokens)
	if maxTokens <= 0 {
		maxTokens = anthropicDefaultMaxTokens
	}
	p := anthropic.MessageNewParams{
		Model:     anthropic.Model(c.model),
		MaxTokens: maxTokens,
	}
	if req.System != "" {
		p.System = []anthropic.TextBlockParam{{Text: req.System}}
	}
	for _, m := range req.Messages {
		block := anthropic.NewTextBlock(m.Content)
		switch m.Role {
		case RoleUser:
			p.Messages = append(p.Messages, anthropic.NewUserMessage(block))
		case RoleAssistant:
			p.Messages = append(p.Messages, anthropic.NewAssistantMessage(block))
		default:
			return p, fmt.Errorf("message role %q: want user or assistant", m.Role)
		}
	}
	if len(req.Schema) > 0 {
		schema, err := wireSchema(req.Schema)
		if err != nil {
			return p, err
		}
		schema["type"] = "object"
		raw, err := json.Marshal(schema) // keys sorted: a stable body
		if err != nil {
			return p, fmt.Errorf("schema: %w", err)
		}
		input := param.Override[anthropic.ToolInputSchemaParam](json.RawMessage(raw))
		name := schemaName(req)
		tool := anthropic.ToolUnionParamOfTool(input, name)
		tool.OfTool.Description = anthropic.String("Give your answer by calling this tool; its input is the answer.")
		p.Tools = []anthropic.ToolUnionParam{tool}
		p.ToolChoice = anthropic.ToolChoiceParamOfTool(name)
	}
	return p, nil
}

// anthropicText is the answer of res: the input of the forced tool for a
// structured request, else the text blocks.
func anthropicText(res *anthropic.Message, req Request) (string, error) {
	var text strings.Builder
	for _, block := range res.Content {
		switch block.Type {
		case "tool_use":
			if len(req.Schema) > 0 && block.Name == schemaName(req) {
				var buf bytes.Buffer
				if err := json.Compact(&buf, block.Input); err != nil {
					return "", fmt.Errorf("anthropic: tool input: %w", err)
				}
				return buf.String(), nil
			}
		case "text":
			text.WriteString(block.Text)
		}
	}
	if res.StopReason == anthropic.StopReasonRefusal && text.Len() == 0 {
		return "", fmt.Errorf("anthropic: %w", ErrRefused)
	}
	// A structured request answered in prose: the text goes on, and
	// Structured reports that it does not fit.
	return text.String(), nil
}

func anthropicError(err error) error {
	var apiErr *anthropic.Error
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("anthropic: %w", err)
	}
	msg := apiErr.Message
	if msg == "" {
		msg = strings.TrimSpace(apiErr.RawJSON())
	}
	return &APIError{
		Provider:   ProviderAnthropic,
		StatusCode: apiErr.StatusCode,
		Type:       string(apiErr.Type()),
		Message:    msg,
		Err:        err,
	}
}
