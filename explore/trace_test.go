package explore

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestRunTraced: with a tracer, each round is a span under the caller's,
// holding what it ran, and the round's probes go to the engine in a
// batch span under it; the explorer is asked in the round's context.
func TestRunTraced(t *testing.T) {
	f, fe := newSampleRun(t, "ParseSize")
	ex := &scripted{plans: []*Plan{
		{
			Snippets:      snippets(`ParseSize("12kb")`, `ParseSize(1, 2)`, `ParseSize(5)`),
			ErrorSnippets: snippets(`ParseSize("")`),
		},
		{Snippets: snippets(`out, err := ParseSize("x")`)},
	}}
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	tracer := tp.Tracer("test")
	ctx, parent := tracer.Start(context.Background(), "function")
	x, err := Run(ctx, f, ex, fe, Options{Tracer: tracer})
	parent.End()
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		name, parent string
		attrs        map[attribute.Key]attribute.Value
	}
	spans := map[string]got{}
	ids := map[string]string{}
	for _, s := range rec.Ended() {
		ids[s.SpanContext().SpanID().String()] = s.Name()
	}
	for _, s := range rec.Ended() {
		attrs := map[attribute.Key]attribute.Value{}
		for _, kv := range s.Attributes() {
			attrs[kv.Key] = kv.Value
		}
		spans[s.Name()+" under "+ids[s.Parent().SpanID().String()]] = got{s.Name(), ids[s.Parent().SpanID().String()], attrs}
	}
	r1, ok := spans["explore round 1 under function"]
	if !ok {
		t.Fatalf("no round 1 span under the caller's; spans: %v", spans)
	}
	covered, total := x.Statements()
	for k, want := range map[string]int64{
		"specgen.round":  1,
		"specgen.probes": 3, // ParseSize(1, 2) does not make a probe

		"specgen.probes.compile_failures": 2,
		"specgen.probes.timeouts":         0,
		"specgen.statements.total":        int64(total),
	} {
		if v := r1.attrs[attribute.Key(k)].AsInt64(); v != want {
			t.Errorf("round 1: %s = %d, want %d", k, v, want)
		}
	}
	if _, ok := spans["explore round 2 under function"]; !ok {
		t.Errorf("no round 2 span under the caller's; spans: %v", spans)
	}
	if c := spans["explore round 2 under function"].attrs["specgen.statements.covered"].AsInt64(); c != int64(covered) {
		t.Errorf("round 2: %d statements covered, want the exploration's %d", c, covered)
	}
	b, ok := spans["probes "+fe.Name()+" under explore round 1"]
	if !ok {
		t.Fatalf("no probe batch under round 1; spans: %v", spans)
	}
	if n, c := b.attrs["specgen.probes"].AsInt64(), b.attrs["specgen.probes.compile_failures"].AsInt64(); n != 3 || c != 1 {
		t.Errorf("batch of round 1: %d probes, %d compile failures; want 3, and ParseSize(5), which the engine does not compile", n, c)
	}
	if _, ok := spans["explore round 0 under function"]; ok {
		t.Error("a span for round 0, which had nothing to run")
	}
}
