package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/specgen-dev/specgen/llm/llmtest"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// receiver is an OTLP/HTTP trace receiver: it decodes what arrives at
// POST /v1/traces.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	requests int
	spans    []*span
	services []string
}

// span is a received span with what the test asks of it.
type span struct {
	name, id, parent, traceID string
	kind                      tracepb.Span_SpanKind
	status                    tracepb.Status_StatusCode
	attrs                     map[string]any
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method != http.MethodPost || req.URL.Path != "/v1/traces" {
			http.NotFound(w, req)
			return
		}
		body, err := io.ReadAll(req.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var msg coltracepb.ExportTraceServiceRequest
		if err := proto.Unmarshal(body, &msg); err != nil {
			t.Errorf("OTLP request: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.add(&msg)
		out, _ := proto.Marshal(&coltracepb.ExportTraceServiceResponse{})
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.Write(out)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) add(msg *coltracepb.ExportTraceServiceRequest) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	for _, rs := range msg.ResourceSpans {
		if s, ok := attrMap(rs.GetResource().GetAttributes())["service.name"].(string); ok {
			r.services = append(r.services, s)
		}
		for _, ss := range rs.ScopeSpans {
			for _, s := range ss.Spans {
				r.spans = append(r.spans, &span{
					name:    s.Name,
					id:      hex.EncodeToString(s.SpanId),
					parent:  hex.EncodeToString(s.ParentSpanId),
					traceID: hex.EncodeToString(s.TraceId),
					kind:    s.Kind,
					status:  s.GetStatus().GetCode(),
					attrs:   attrMap(s.Attributes),
				})
			}
		}
	}
}

func attrMap(kvs []*commonpb.KeyValue) map[string]any {
	m := map[string]any{}
	for _, kv := range kvs {
		switch v := kv.Value.Value.(type) {
		case *commonpb.AnyValue_StringValue:
			m[kv.Key] = v.StringValue
		case *commonpb.AnyValue_IntValue:
			m[kv.Key] = v.IntValue
		case *commonpb.AnyValue_DoubleValue:
			m[kv.Key] = v.DoubleValue
		case *commonpb.AnyValue_BoolValue:
			m[kv.Key] = v.BoolValue
		case *commonpb.AnyValue_ArrayValue:
			var ss []string
			for _, e := range v.ArrayValue.Values {
				ss = append(ss, e.GetStringValue())
			}
			m[kv.Key] = ss
		}
	}
	return m
}

// received is what arrived so far.
func (r *receiver) received() (requests int, spans []*span, services []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.requests, slices.Clone(r.spans), slices.Clone(r.services)
}

// genModule writes the module of testdata/trace/grade.txtar in a new
// directory and makes it the test's working directory, with specgen's
// cache of its own and the go command's caches shared.
func genModule(t *testing.T) string {
	ar, err := txtar.ParseFile("testdata/trace/grade.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		path := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", strings.TrimSpace(string(out)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("GOPROXY", "off")
	t.Chdir(dir)
	return dir
}

// clearOTel unsets the OTEL_ variables a caller's environment may set.
func clearOTel(t *testing.T) {
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "OTEL_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
}

// TestTraceOTLP runs a gen with the fake OpenAI model and
// OTEL_EXPORTER_OTLP_ENDPOINT set to an in-process OTLP/HTTP receiver,
// and checks the spans that arrive: one trace, gen → function →
// exploration rounds and spec steps → probe batches and model calls,
// the model calls with the GenAI attributes and the fake model's token
// counts, and their content, which was asked for. A second gen without
// the variables sends nothing.
func TestTraceOTLP(t *testing.T) {
	clearOTel(t)
	dir := genModule(t)
	a := &fileAnswers{dir: filepath.Join(dir, "model"), calls: map[llmtest.Stage]int{}}
	srv := modeltest.NewOpenAIServer(t, a.answer)
	rcv := newReceiver(t)
	t.Setenv("OPENAI_API_KEY", modeltest.Key)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", rcv.URL)
	t.Setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")

	var stdout, stderr bytes.Buffer
	code := specgen([]string{"gen", "-q", "-mutation=false", "-model", "openai:gpt-4.1-mini", "-base-url", srv.BaseURL(), "-json", "report.json", "./grade", "Letter"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("gen: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	_, spans, services := rcv.received()
	if len(spans) == 0 {
		t.Fatal("no span arrived")
	}
	for _, s := range services {
		if s != "specgen" {
			t.Errorf("service.name %q, want specgen", s)
		}
	}
	byID := map[string]*span{}
	for _, s := range spans {
		byID[s.id] = s
		if s.traceID != spans[0].traceID {
			t.Errorf("span %q in trace %s, want one trace (%s)", s.name, s.traceID, spans[0].traceID)
		}
	}
	parent := func(s *span) string {
		if p := byID[s.parent]; p != nil {
			return p.name
		}
		return ""
	}
	named := func(name string) []*span {
		var out []*span
		for _, s := range spans {
			if s.name == name || strings.HasPrefix(name, "*") && strings.HasPrefix(s.name, name[1:]) {
				out = append(out, s)
			}
		}
		return out
	}
	one := func(name string) *span {
		t.Helper()
		ss := named(name)
		if len(ss) != 1 {
			t.Fatalf("%d spans %q, want 1", len(ss), name)
		}
		return ss[0]
	}

	root := one("specgen gen")
	if root.parent != "" || root.status == tracepb.Status_STATUS_CODE_ERROR {
		t.Errorf("gen span: parent %q, status %v; want a root span without error", root.parent, root.status)
	}
	fn := one("function Letter")
	if fn.parent != root.id || fn.attrs["specgen.function"] != "Letter" || fn.attrs["specgen.package"] != "example.com/school/grade" {
		t.Errorf("function span: parent %q, attributes %v; want a child of gen naming Letter in example.com/school/grade", parent(fn), fn.attrs)
	}
	rounds := named("*explore round ")
	if len(rounds) < 2 {
		t.Errorf("%d exploration rounds, want the model's two", len(rounds))
	}
	for _, r := range rounds {
		if r.parent != fn.id {
			t.Errorf("%s: parent %q, want the function", r.name, parent(r))
		}
		for _, k := range []string{"specgen.round", "specgen.probes", "specgen.probes.compile_failures", "specgen.probes.timeouts", "specgen.probes.panics", "specgen.statements.covered", "specgen.statements.total"} {
			if _, ok := r.attrs[k]; !ok {
				t.Errorf("%s: no %s", r.name, k)
			}
		}
	}
	if r := named("explore round 1"); len(r) == 1 && r[0].attrs["specgen.probes.compile_failures"] != int64(1) {
		t.Errorf("round 1: %v compile failures, want the one snippet that does not compile", r[0].attrs["specgen.probes.compile_failures"])
	}
	for _, name := range []string{"spec agent", "confirm"} {
		if s := one(name); s.parent != fn.id {
			t.Errorf("%s: parent %q, want the function", name, parent(s))
		}
	}
	for _, s := range named("write spec") {
		if parent(s) != "spec agent" {
			t.Errorf("write spec: parent %q, want the spec agent", parent(s))
		}
	}
	batches := named("*probes ")
	if len(batches) == 0 {
		t.Error("no probe batch span")
	}
	for _, b := range batches {
		if p := parent(b); !strings.HasPrefix(p, "explore round ") && p != "confirm" && p != "write spec" && p != "refine spec" && p != "function Letter" {
			t.Errorf("%s: parent %q, want a round or a step", b.name, p)
		}
		if b.attrs["specgen.engine"] == nil || b.attrs["specgen.probes"] == nil {
			t.Errorf("%s: attributes %v, want the engine and the probe count", b.name, b.attrs)
		}
	}

	var report struct {
		Cost struct{ Total model.Tally }
	}
	data, err := os.ReadFile("report.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	calls := named("chat gpt-4.1-mini")
	if len(calls) != report.Cost.Total.Calls || len(calls) != len(srv.Calls()) {
		t.Errorf("%d model spans, want one per call (%d metered, %d served)", len(calls), report.Cost.Total.Calls, len(srv.Calls()))
	}
	var in, out int64
	phases := map[string]bool{}
	for _, c := range calls {
		want := map[string]any{
			"gen_ai.operation.name":          "chat",
			"gen_ai.provider.name":           "openai",
			"gen_ai.request.model":           "gpt-4.1-mini",
			"gen_ai.response.finish_reasons": []string{"stop"},
			"specgen.function":               "example.com/school/grade.Letter",
		}
		for k, v := range want {
			if got := c.attrs[k]; !equalAttr(got, v) {
				t.Errorf("model span: %s = %v, want %v", k, got, v)
			}
		}
		if c.kind != tracepb.Span_SPAN_KIND_CLIENT {
			t.Errorf("model span kind %v, want client", c.kind)
		}
		phase, _ := c.attrs["specgen.model.phase"].(string)
		phases[phase] = true
		p := parent(c)
		switch phase {
		case "explore", "repair":
			if !strings.HasPrefix(p, "explore round ") {
				t.Errorf("%s call: parent %q, want an exploration round", phase, p)
			}
		case "spec", "refine":
			if p != "write spec" && p != "refine spec" {
				t.Errorf("%s call: parent %q, want a spec agent attempt", phase, p)
			}
		}
		ti, _ := c.attrs["gen_ai.usage.input_tokens"].(int64)
		to, _ := c.attrs["gen_ai.usage.output_tokens"].(int64)
		if ti <= 0 || to <= 0 {
			t.Errorf("%s call: %d input and %d output tokens, want the fake model's counts", phase, ti, to)
		}
		in, out = in+ti, out+to
		for _, k := range []string{"gen_ai.input.messages", "gen_ai.output.messages"} {
			var msgs []struct{ Role string }
			if err := json.Unmarshal([]byte(c.attrs[k].(string)), &msgs); err != nil || len(msgs) == 0 {
				t.Errorf("%s call: %s = %q, want its messages, which were asked for", phase, k, c.attrs[k])
			}
		}
	}
	t.Logf("%d spans, %d model calls, %d input and %d output tokens", len(spans), len(calls), in, out)
	if in != report.Cost.Total.InputTokens || out != report.Cost.Total.OutputTokens {
		t.Errorf("model spans: %d input and %d output tokens, the meter %d and %d", in, out, report.Cost.Total.InputTokens, report.Cost.Total.OutputTokens)
	}
	for _, ph := range []string{"explore", "repair", "spec"} {
		if !phases[ph] {
			t.Errorf("no model span of phase %s (phases: %v)", ph, phases)
		}
	}

	// Off: without the variables, nothing is sent.
	requests, _, _ := rcv.received()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	os.Unsetenv("OTEL_EXPORTER_OTLP_ENDPOINT")
	stdout.Reset()
	stderr.Reset()
	if code := specgen([]string{"gen", "-q", "-mutation=false", "-model", "openai:gpt-4.1-mini", "-base-url", srv.BaseURL(), "./grade", "Letter"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gen: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if after, _, _ := rcv.received(); after != requests {
		t.Errorf("%d OTLP requests without OTEL_EXPORTER_OTLP_ENDPOINT, want none", after-requests)
	}
}

func equalAttr(got, want any) bool {
	if w, ok := want.([]string); ok {
		g, _ := got.([]string)
		return slices.Equal(g, w)
	}
	return got == want
}

// TestTraceOff: with neither -trace nor an exporter variable (or with
// them turned off), the command's tracer does nothing and nothing is
// set up to send; a bad variable is an error before any work.
func TestTraceOff(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		on   bool
		err  string
	}{
		{name: "unset"},
		{name: "none", env: map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1"}},
		{name: "disabled", env: map[string]string{"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1"}},
		{name: "protocol alone", env: map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}},
		{name: "endpoint", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1"}, on: true},
		{name: "traces endpoint", env: map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:1/v1/traces"}, on: true},
		{name: "grpc", env: map[string]string{"OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, on: true},
		{name: "console", env: map[string]string{"OTEL_TRACES_EXPORTER": "console"}, on: true},
		{name: "unknown exporter", env: map[string]string{"OTEL_TRACES_EXPORTER": "zipkin"}, err: `OTEL_TRACES_EXPORTER: unknown exporter "zipkin" (want otlp, console or none)`},
		{name: "json protocol", env: map[string]string{"OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json"}, err: `trace: otlp exporter: OTLP protocol "http/json": want http/protobuf or grpc`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			var stderr bytes.Buffer
			ctx, tr, err := (&traceFlags{}).start(context.Background(), "gen", nil, getenv, &stderr)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.on {
				// Nothing listens at the endpoints: shut down without
				// waiting for the exporter's retries.
				defer func() {
					tr.span.End()
					ctx, cancel := context.WithCancel(ctx)
					cancel()
					tr.provider.Shutdown(ctx)
				}()
			} else {
				defer tr.end(ctx, nil)
			}
			if on := tr.on() != nil; on != tc.on {
				t.Errorf("tracing on %v, want %v", on, tc.on)
			}
			if !tc.on && tr.span.SpanContext().IsValid() {
				t.Error("tracing off, but the command's span is recorded")
			}
		})
	}
}

// cmdJSONLines is the testscript command "jsonlines file names...": the
// file holds one JSON object a line, and there is a line whose Name is
// each of names.
func cmdJSONLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: jsonlines file [name...]")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	names := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		n++
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			ts.Fatalf("%s:%d: not a JSON object: %v", args[0], n, err)
		}
		name, _ := obj["Name"].(string)
		names[name] = true
	}
	ts.Check(sc.Err())
	if n == 0 {
		ts.Fatalf("%s: no line", args[0])
	}
	for _, want := range args[1:] {
		if !names[want] {
			ts.Fatalf("%s: no span named %q", args[0], want)
		}
	}
	ts.Logf("%s: %d spans", args[0], n)
}
