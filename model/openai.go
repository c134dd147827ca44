//go:build !specgen_lite

package model

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// openaiClient speaks the Chat Completions API, to OpenAI or to any
// server compatible with it (Ollama, vLLM, LM Studio, …).
type openaiClient struct {
	provider string // ProviderOpenAI, ProviderOllama or ProviderOpenAICompatible
	model    string
	chat     openai.ChatCompletionService
}

func newOpenAI(provider, name string, opts Options) (*openaiClient, error) {
	baseURL, key := opts.BaseURL, opts.APIKey
	switch provider {
	case ProviderOpenAI:
		if baseURL == "" {
			baseURL = opts.getenv("OPENAI_BASE_URL")
		}
		if baseURL == "" {
			baseURL = DefaultOpenAIBaseURL
		}
		if key == "" {
			key = opts.getenv("OPENAI_API_KEY")
		}
		if key == "" {
			return nil, errors.New("OPENAI_API_KEY is not set")
		}
	case ProviderOllama:
		// A local server: the OpenAI key, if any, is not sent there.
		if baseURL == "" {
			baseURL = DefaultOllamaBaseURL
		}
	case ProviderOpenAICompatible:
		if baseURL == "" {
			baseURL = opts.getenv("OPENAI_BASE_URL")
		}
		if baseURL == "" {
			return nil, errors.New("no base URL: set OPENAI_BASE_URL or pass one")
		}
		if key == "" {
			key = opts.getenv("OPENAI_API_KEY")
		}
	}
	c := openai.NewChatCompletionService(append(openai.DefaultClientOptions(),
		option.WithBaseURL(withSlash(baseURL)),
		option.WithAPIKey(key),
		option.WithHTTPClient(httpClient(opts)),
		option.WithRequestTimeout(opts.timeout()),
		option.WithMaxRetries(opts.maxRetries()),
		option.WithMiddleware(retryLogger(provider, opts)),
	)...)
	return &openaiClient{provider: provider, model: name, chat: c}, nil
}

func (c *openaiClient) Name() string { return c.provider + ":" + c.model }

func (c *openaiClient) Complete(ctx context.Context, req Request) (*Response, error) {
	params, err := c.params(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.provider, err)
	}
	res, err := c.chat.New(ctx, params)
	if err != nil {
		return nil, c.apiError(err)
	}
	if len(res.Choices) == 0 {
		return nil, fmt.Errorf("%s: answer without choices", c.provider)
	}
	choice := res.Choices[0]
	if r := choice.Message.Refusal; r != "" {
		return nil, fmt.Errorf("%s: %w: %s", c.provider, ErrRefused, r)
	}
	model := res.Model
	if model == "" {
		model = c.model
	}
	return &Response{
		Text: choice.Message.Content,
		Usage: Usage{
			InputTokens:     res.Usage.PromptTokens,
			OutputTokens:    res.Usage.CompletionTokens,
			CacheReadTokens: res.Usage.PromptTokensDetails.CachedTokens,
		},
		Model:        model,
		Provider:     c.provider,
		Truncated:    choice.FinishReason == "length",
		FinishReason: choice.FinishReason,
	}, nil
}

func (c *openaiClient) params(req Request) (openai.ChatCompletionNewParams, error) {
	p := openai.ChatCompletionNewParams{Model: shared.ChatModel(c.model)}
	if req.System != "" {
		p.Messages = append(p.Messages, openai.SystemMessage(req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case RoleUser:
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		case RoleAssistant:
			p.Messages = append(p.Messages, openai.AssistantMessage(m.Content))
		default:
			return p, fmt.Errorf("message role %q: want user or assistant", m.Role)
		}
	}
	if req.MaxTokens > 0 {
		if c.provider == ProviderOpenAI {
			p.MaxCompletionTokens = openai.Int(int64(req.MaxTokens))
		} else {
			// Compatible servers know the older name.
			p.MaxTokens = openai.Int(int64(req.MaxTokens))
		}
	}
	if req.Temperature != nil {
		p.Temperature = openai.Float(*req.Temperature)
	}
	if len(req.Schema) > 0 {
		schema, err := wireSchema(req.Schema)
		if err != nil {
			return p, err
		}
		p.ResponseFormat = openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   schemaName(req),
					Strict: openai.Bool(strictCompatible(schema)),
					Schema: schema,
				},
			},
		}
	}
	return p, nil
}

func (c *openaiClient) apiError(err error) error {
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("%s: %w", c.provider, err)
	}
	msg := apiErr.Message
	if msg == "" {
		msg = strings.TrimSpace(apiErr.RawJSON())
	}
	return &APIError{
		Provider:   c.provider,
		StatusCode: apiErr.StatusCode,
		Type:       apiErr.Type,
		Code:       apiErr.Code,
		Message:    msg,
		Err:        err,
	}
}
