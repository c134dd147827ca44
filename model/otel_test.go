package model_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// recordingTracer keeps the spans it starts.
type recordingTracer struct {
	noop.Tracer
	mu    sync.Mutex
	spans []*recordedSpan
}

type recordedSpan struct {
	trace.Span
	name   string
	kind   trace.SpanKind
	attrs  map[string]any
	status codes.Code
	ended  bool
	errors int
}

func (t *recordingTracer) Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	cfg := trace.NewSpanStartConfig(opts...)
	s := &recordedSpan{Span: noop.Span{}, name: name, kind: cfg.SpanKind(), attrs: map[string]any{}}
	s.SetAttributes(cfg.Attributes()...)
	t.mu.Lock()
	t.spans = append(t.spans, s)
	t.mu.Unlock()
	return trace.ContextWithSpan(ctx, s), s
}

func (s *recordedSpan) SetAttributes(kv ...attribute.KeyValue) {
	for _, a := range kv {
		s.attrs[string(a.Key)] = a.Value.AsInterface()
	}
}
func (s *recordedSpan) SetStatus(c codes.Code, _ string)        { s.status = c }
func (s *recordedSpan) RecordError(error, ...trace.EventOption) { s.errors++ }
func (s *recordedSpan) End(...trace.SpanEndOption)              { s.ended = true }

func TestTracing(t *testing.T) {
	srv := modeltest.NewAnthropicServer(t, echoPlan)
	tracer := &recordingTracer{}
	opts := srv.Options()
	opts.Tracer = tracer
	opts.MaxRetries = -1
	c, err := model.New("anthropic:claude-haiku-4-5", opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := model.WithLabel(context.Background(), "ParseAmount")
	resp, err := c.Complete(ctx, exploreRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	srv.Fail(modeltest.Failure{Status: 529, Type: "overloaded_error", Message: "Overloaded"})
	if _, err := c.Complete(ctx, exploreRequest(t)); err == nil {
		t.Fatal("want the 529")
	}

	if len(tracer.spans) != 2 {
		t.Fatalf("%d spans, want one per call", len(tracer.spans))
	}
	ok, failed := tracer.spans[0], tracer.spans[1]
	if ok.name != "chat claude-haiku-4-5" || ok.kind != trace.SpanKindClient || !ok.ended {
		t.Errorf("span %q kind %v ended %v; want a finished client span named \"chat claude-haiku-4-5\"", ok.name, ok.kind, ok.ended)
	}
	want := map[string]any{
		"gen_ai.operation.name":          "chat",
		"gen_ai.provider.name":           "anthropic",
		"gen_ai.system":                  "anthropic",
		"gen_ai.request.model":           "claude-haiku-4-5",
		"gen_ai.request.max_tokens":      int64(2000),
		"gen_ai.request.temperature":     0.2,
		"gen_ai.output.type":             "json",
		"gen_ai.response.model":          "claude-haiku-4-5",
		"gen_ai.usage.input_tokens":      resp.Usage.InputTokens,
		"gen_ai.usage.output_tokens":     resp.Usage.OutputTokens,
		"gen_ai.response.finish_reasons": []string{"tool_use"}, // the structured answer is a forced tool call
		"specgen.model.phase":            "explore",
		"specgen.function":               "ParseAmount",
	}
	if diff := cmp.Diff(want, ok.attrs); diff != "" {
		t.Errorf("attributes (-want +got):\n%s", diff)
	}
	if failed.status != codes.Error || failed.errors != 1 || failed.attrs["error.type"] != "529" || !failed.ended {
		t.Errorf("failed span: status %v, errors %d, error.type %v; want an error status, the error, error.type 529",
			failed.status, failed.errors, failed.attrs["error.type"])
	}
}

func TestNoTracer(t *testing.T) {
	srv := modeltest.NewOpenAIServer(t, echoPlan)
	c, err := model.New("openai:gpt-4.1-mini", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), exploreRequest(t)); err != nil {
		t.Fatal(err)
	}
	if h := srv.Calls()[0].Header.Get("Traceparent"); h != "" {
		t.Errorf("traceparent %q sent without a tracer", h)
	}
}

// TestTracingContent: the prompt and the answer are on the span only
// when asked (Options.CaptureContent), in the shapes of
// gen_ai.input.messages and gen_ai.output.messages.
func TestTracingContent(t *testing.T) {
	srv := modeltest.NewOpenAIServer(t, echoPlan)
	for _, capture := range []bool{false, true} {
		tracer := &recordingTracer{}
		opts := srv.Options()
		opts.Tracer = tracer
		opts.CaptureContent = capture
		c, err := model.New("openai:gpt-4.1-mini", opts)
		if err != nil {
			t.Fatal(err)
		}
		req := exploreRequest(t)
		resp, err := c.Complete(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		attrs := tracer.spans[0].attrs
		if got := attrs["gen_ai.response.finish_reasons"]; !cmp.Equal(got, []string{"stop"}) {
			t.Errorf("capture %v: finish reasons %v, want [stop]", capture, got)
		}
		keys := []string{"gen_ai.system_instructions", "gen_ai.input.messages", "gen_ai.output.messages"}
		if !capture {
			for _, k := range keys {
				if v, ok := attrs[k]; ok {
					t.Errorf("content not asked for, but %s = %v", k, v)
				}
			}
			continue
		}
		type msg struct {
			Role  string
			Parts []struct{ Type, Content string }
		}
		var in, out []msg
		var sys []struct{ Type, Content string }
		for k, v := range map[string]any{keys[0]: &sys, keys[1]: &in, keys[2]: &out} {
			text, _ := attrs[k].(string)
			if err := json.Unmarshal([]byte(text), v); err != nil {
				t.Fatalf("%s = %q: %v", k, text, err)
			}
		}
		if len(sys) != 1 || sys[0].Content != req.System {
			t.Errorf("system instructions %+v, want the request's system prompt", sys)
		}
		if len(in) != len(req.Messages) || in[0].Role != "user" || in[0].Parts[0].Content != req.Messages[0].Content {
			t.Errorf("input messages %+v, want the request's", in)
		}
		if len(out) != 1 || out[0].Role != "assistant" || out[0].Parts[0].Content != resp.Text {
			t.Errorf("output messages %+v, want the answer", out)
		}
	}
}
