package executors

import (
	"context"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/internal/tracing"
)

// RunTraced runs prog on exe in a span of tracer (nil: none), "probes
// ENGINE", holding the engine, the probe count and how many probes
// failed to compile, timed out or panicked; a failure of the program as
// a whole sets the span's status to Error.
func RunTraced(ctx context.Context, tracer trace.Tracer, exe Executor, prog *Program) (*Report, error) {
	if tracer == nil {
		return exe.Run(ctx, prog)
	}
	ctx, span := tracing.Start(ctx, tracer, "probes "+exe.Name(),
		tracing.Engine.String(exe.Name()),
		tracing.Probes.Int(len(prog.Probes)),
	)
	rep, err := exe.Run(ctx, prog)
	if rep != nil {
		var failed, compile, timeouts, panics int
		for _, r := range rep.Results {
			switch r.Outcome {
			case OK:
				continue
			case NoBuild, Refused:
				compile++
			case Timeout:
				timeouts++
			case Panicked:
				panics++
			}
			failed++
		}
		if rep.Engine != "" && rep.Engine != exe.Name() {
			span.SetAttributes(tracing.Engine.String(rep.Engine))
		}
		span.SetAttributes(
			tracing.Failures.Int(failed),
			tracing.Compile.Int(compile),
			tracing.Timeouts.Int(timeouts),
			tracing.Panics.Int(panics),
		)
	}
	tracing.End(span, err)
	return rep, err
}
