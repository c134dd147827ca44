package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

// traced wraps a client in one span per call, named and attributed after
// the OpenTelemetry GenAI semantic conventions.
type traced struct {
	next     Client
	tracer   trace.Tracer
	provider string
	model    string
	// content puts the prompt and the answer on the span.
	content bool
}

func (t *traced) Name() string { return Name(t.next) }

// Attributes of specgen's own, beside the GenAI ones.
const (
	attrPhase    = attribute.Key("specgen.model.phase")
	attrFunction = attribute.Key("specgen.function")
	// attrSystem is gen_ai.system, the name of gen_ai.provider.name in
	// semantic conventions before 1.37, still read by many backends.
	attrSystem = attribute.Key("gen_ai.system")
)

func (t *traced) Complete(ctx context.Context, req Request) (*Response, error) {
	attrs := []attribute.KeyValue{
		semconv.GenAIOperationNameChat,
		semconv.GenAIProviderNameKey.String(t.provider),
		attrSystem.String(t.provider),
		semconv.GenAIRequestModel(t.model),
		attrPhase.String(req.Phase),
	}
	if fn := Label(ctx); fn != "" {
		attrs = append(attrs, attrFunction.String(fn))
	}
	if req.MaxTokens > 0 {
		attrs = append(attrs, semconv.GenAIRequestMaxTokens(req.MaxTokens))
	}
	if req.Temperature != nil {
		attrs = append(attrs, semconv.GenAIRequestTemperature(*req.Temperature))
	}
	if len(req.Schema) > 0 {
		attrs = append(attrs, semconv.GenAIOutputTypeJSON)
	}
	if t.content {
		attrs = append(attrs, inputMessages(req)...)
	}
	ctx, span := t.tracer.Start(ctx, "chat "+t.model,
		trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attrs...))
	defer span.End()

	resp, err := t.next.Complete(ctx, req)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
		span.SetAttributes(semconv.ErrorTypeKey.String(errorType(err)))
		return nil, err
	}
	span.SetAttributes(
		semconv.GenAIResponseModel(resp.Model),
		semconv.GenAIUsageInputTokens(int(resp.Usage.InputTokens)),
		semconv.GenAIUsageOutputTokens(int(resp.Usage.OutputTokens)),
	)
	if resp.Usage.CacheReadTokens > 0 {
		span.SetAttributes(semconv.GenAIUsageCacheReadInputTokens(int(resp.Usage.CacheReadTokens)))
	}
	if resp.FinishReason != "" {
		span.SetAttributes(semconv.GenAIResponseFinishReasons(resp.FinishReason))
	}
	if t.content {
		span.SetAttributes(outputMessage(resp))
	}
	return resp, nil
}

// part and message are the JSON shapes of gen_ai.input.messages and
// gen_ai.output.messages: text parts only, as specgen sends and reads
// nothing else.
type part struct {
	Type    string `json:"type"`
	Content string `json:"content"`
}

type message struct {
	Role         string `json:"role"`
	Parts        []part `json:"parts"`
	FinishReason string `json:"finish_reason,omitempty"`
}

// inputMessages are the attributes holding the request's system
// instructions and messages.
func inputMessages(req Request) []attribute.KeyValue {
	var attrs []attribute.KeyValue
	if req.System != "" {
		attrs = append(attrs, semconv.GenAISystemInstructionsKey.String(jsonText([]part{{Type: "text", Content: req.System}})))
	}
	msgs := make([]message, 0, len(req.Messages))
	for _, m := range req.Messages {
		msgs = append(msgs, message{Role: m.Role, Parts: []part{{Type: "text", Content: m.Content}}})
	}
	return append(attrs, semconv.GenAIInputMessagesKey.String(jsonText(msgs)))
}

// outputMessage is the attribute holding the answer.
func outputMessage(resp *Response) attribute.KeyValue {
	reason := resp.FinishReason
	if reason == "" {
		reason = "stop"
	}
	return semconv.GenAIOutputMessagesKey.String(jsonText([]message{{Role: RoleAssistant, Parts: []part{{Type: "text", Content: resp.Text}}, FinishReason: reason}}))
}

func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		// Strings and slices of them always marshal.
		panic(err)
	}
	return string(data)
}

// errorType is the error.type of a failed call: the HTTP status of an API
// error, else the Go type of the error.
func errorType(err error) string {
	var apiErr *APIError
	switch {
	case errors.As(err, &apiErr):
		return fmt.Sprint(apiErr.StatusCode)
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return fmt.Sprintf("%T", err)
}
