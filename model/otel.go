package model

import (
	"context"
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
	return resp, nil
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
