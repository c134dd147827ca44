// Package tracing holds what specgen's packages share to make their
// OpenTelemetry spans: the attribute keys, a nil-safe tracer and the
// ending of a span with an error. It has no state: each package gets
// its trace.Tracer through its options, and spans pass down by context.
package tracing

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Name is the instrumentation scope of specgen's tracers.
const Name = "github.com/specgen-dev/specgen"

// Attribute keys of specgen's spans.
const (
	Function   = attribute.Key("specgen.function")
	Package    = attribute.Key("specgen.package")
	Path       = attribute.Key("specgen.path")
	Engine     = attribute.Key("specgen.engine")
	Round      = attribute.Key("specgen.round")
	Probes     = attribute.Key("specgen.probes")
	Failures   = attribute.Key("specgen.probes.failed")
	Compile    = attribute.Key("specgen.probes.compile_failures")
	Timeouts   = attribute.Key("specgen.probes.timeouts")
	Panics     = attribute.Key("specgen.probes.panics")
	Behaviours = attribute.Key("specgen.behaviours")
	Covered    = attribute.Key("specgen.statements.covered")
	Statements = attribute.Key("specgen.statements.total")
	Coverage   = attribute.Key("specgen.coverage")
	Cases      = attribute.Key("specgen.cases")
	Attempt    = attribute.Key("specgen.attempt")
	Passed     = attribute.Key("specgen.cases.passed")
	Corrected  = attribute.Key("specgen.cases.corrected")
	Mutants    = attribute.Key("specgen.mutants")
	Killed     = attribute.Key("specgen.mutants.killed")
	Lived      = attribute.Key("specgen.mutants.lived")
	TimedOut   = attribute.Key("specgen.mutants.timed_out")
	Writer     = attribute.Key("specgen.writer")
	Stop       = attribute.Key("specgen.stop")
)

// Tracer is t, or a tracer that does nothing when t is nil.
func Tracer(t trace.Tracer) trace.Tracer {
	if t == nil {
		return noop.Tracer{}
	}
	return t
}

// Start starts a span of t (nil: none) named name, a child of the span
// in ctx.
func Start(ctx context.Context, t trace.Tracer, name string, attrs ...attribute.KeyValue) (context.Context, trace.Span) {
	return Tracer(t).Start(ctx, name, trace.WithAttributes(attrs...))
}

// End ends span, with the status Error and err recorded when err is not
// nil.
func End(span trace.Span, err error) {
	Fail(span, err)
	span.End()
}

// Fail sets span's status to Error and records err, when err is not nil.
func Fail(span trace.Span, err error) {
	if err == nil {
		return
	}
	span.RecordError(err)
	span.SetStatus(codes.Error, err.Error())
}
