package executors_test

import (
	"context"
	"errors"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/specgen-dev/specgen/executors"
)

// outcomes is an engine whose probes end as it is told, or whose
// program fails as a whole.
type outcomes struct {
	results []executors.Outcome
	err     error
}

func (o outcomes) Name() string { return "fake" }

func (o outcomes) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	if o.err != nil {
		return nil, o.err
	}
	rep := &executors.Report{Engine: "fake"}
	for _, out := range o.results {
		rep.Results = append(rep.Results, executors.Result{Outcome: out})
	}
	return rep, nil
}

func TestRunTraced(t *testing.T) {
	all := []executors.Outcome{executors.OK, executors.OK, executors.Panicked, executors.Timeout, executors.NoBuild, executors.Refused, executors.Exited}
	for _, tc := range []struct {
		name   string
		engine outcomes
		want   map[string]int64
		status codes.Code
	}{
		{
			name:   "outcomes",
			engine: outcomes{results: all},
			want: map[string]int64{
				"specgen.probes": 7, "specgen.probes.failed": 5, "specgen.probes.compile_failures": 2,
				"specgen.probes.timeouts": 1, "specgen.probes.panics": 1,
			},
			status: codes.Unset,
		},
		{
			name:   "program fails",
			engine: outcomes{err: errors.New("build failed")},
			want:   map[string]int64{"specgen.probes": 7},
			status: codes.Error,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := tracetest.NewSpanRecorder()
			tracer := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)).Tracer("test")
			prog := &executors.Program{Probes: make([]executors.Probe, len(all))}
			_, err := executors.RunTraced(context.Background(), tracer, tc.engine, prog)
			if !errors.Is(err, tc.engine.err) {
				t.Fatalf("error %v, want %v", err, tc.engine.err)
			}
			spans := rec.Ended()
			if len(spans) != 1 || spans[0].Name() != "probes fake" {
				t.Fatalf("%d spans, want one named \"probes fake\"", len(spans))
			}
			s := spans[0]
			attrs := map[string]attribute.Value{}
			for _, kv := range s.Attributes() {
				attrs[string(kv.Key)] = kv.Value
			}
			if e := attrs["specgen.engine"].AsString(); e != "fake" {
				t.Errorf("engine %q, want fake", e)
			}
			for k, v := range tc.want {
				if got := attrs[k].AsInt64(); got != v {
					t.Errorf("%s = %d, want %d", k, got, v)
				}
			}
			if s.Status().Code != tc.status {
				t.Errorf("status %v, want %v", s.Status().Code, tc.status)
			}
			if tc.status == codes.Error && (len(s.Events()) != 1 || s.Events()[0].Name != "exception") {
				t.Errorf("events %v, want the error recorded", s.Events())
			}
		})
	}
	// No tracer: the engine runs, nothing else.
	if _, err := executors.RunTraced(context.Background(), nil, outcomes{results: all}, &executors.Program{}); err != nil {
		t.Fatal(err)
	}
}
