package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/specgen-dev/specgen/internal/tracing"
)

// traceFlags is -trace, and the tracing of one command.
type traceFlags struct {
	file string
}

func (t *traceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&t.file, "trace", "", "write the run's OpenTelemetry spans to `file`, one JSON object a line (see also $OTEL_TRACES_EXPORTER, $OTEL_EXPORTER_OTLP_ENDPOINT)")
}

// shutdownTimeout bounds the flush of the spans at exit.
const shutdownTimeout = 5 * time.Second

// tracer is the tracing of one command: its tracer (a noop one when
// tracing is off), the command's span, and the provider to flush.
type tracer struct {
	trace.Tracer
	span     trace.Span
	provider *sdktrace.TracerProvider // nil when off
	file     *os.File
	stderr   io.Writer
}

// start sets tracing up for command (per -trace and the OTEL_*
// variables read through getenv) and starts the command's span, a
// child of nothing; ctx carries it. Off (no -trace, no exporter), the
// tracer does nothing and costs nothing. end must be called.
func (t *traceFlags) start(ctx context.Context, command string, args []string, getenv func(string) string, stderr io.Writer) (context.Context, *tracer, error) {
	exps, file, err := t.exporters(ctx, getenv, stderr)
	if err != nil {
		return ctx, nil, err
	}
	tr := &tracer{stderr: stderr, file: file}
	if len(exps) == 0 {
		tr.Tracer = noop.Tracer{}
		ctx, tr.span = tr.Start(ctx, "specgen "+command)
		return ctx, tr, nil
	}
	// OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override the
	// service's name and version.
	res, err := resource.New(ctx,
		resource.WithAttributes(semconv.ServiceName("specgen"), semconv.ServiceVersion(serviceVersion())),
		resource.WithTelemetrySDK(),
		resource.WithFromEnv(),
	)
	if err != nil {
		// A partial resource (OTEL_RESOURCE_ATTRIBUTES that does not
		// parse) still names the service.
		fmt.Fprintf(stderr, "specgen: trace: resource: %v\n", err)
		if res == nil {
			res = resource.Default()
		}
	}
	opts := []sdktrace.TracerProviderOption{sdktrace.WithResource(res)}
	for _, e := range exps {
		opts = append(opts, sdktrace.WithBatcher(e))
	}
	tr.provider = sdktrace.NewTracerProvider(opts...)
	tr.Tracer = tr.provider.Tracer(tracing.Name, trace.WithInstrumentationVersion(serviceVersion()))
	ctx, tr.span = tr.Start(ctx, "specgen "+command, trace.WithAttributes(
		attribute.String("specgen.command", command),
		attribute.StringSlice("specgen.args", args),
	))
	return ctx, tr, nil
}

// on is the tracer for the packages under the command: nil when
// tracing is off, so that they skip even the noop spans' attributes.
func (tr *tracer) on() trace.Tracer {
	if tr.provider == nil {
		return nil
	}
	return tr
}

// end ends the command's span, with err as its error (nil: none), and
// flushes and shuts the provider down, within shutdownTimeout even when
// ctx was cancelled (an interrupt). A span that cannot be exported is
// reported on stderr; it does not change how the command ends.
func (tr *tracer) end(ctx context.Context, err error) {
	if tr == nil {
		return
	}
	tracing.End(tr.span, err)
	if tr.provider == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := tr.provider.Shutdown(ctx); err != nil {
		fmt.Fprintf(tr.stderr, "specgen: trace: %v\n", err)
	}
	if tr.file != nil {
		if err := tr.file.Close(); err != nil {
			fmt.Fprintf(tr.stderr, "specgen: trace: %v\n", err)
		}
	}
}

// exporters are the span exporters asked for: -trace's file, and those
// OTEL_TRACES_EXPORTER names (otlp, console, none; a comma-separated
// list). Unset, it is otlp when an OTLP endpoint variable is set, none
// otherwise: specgen sends nothing unless asked. OTEL_SDK_DISABLED=true
// turns the variables off (not -trace). The OTLP exporters read their
// endpoint, headers and timeout from the standard variables themselves;
// the protocol is OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or
// OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (the default) or grpc.
func (t *traceFlags) exporters(ctx context.Context, getenv func(string) string, stderr io.Writer) (exps []sdktrace.SpanExporter, file *os.File, err error) {
	if t.file != "" {
		f, err := os.Create(t.file)
		if err != nil {
			return nil, nil, fmt.Errorf("-trace: %w", err)
		}
		e, err := stdouttrace.New(stdouttrace.WithWriter(f))
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("-trace: %w", err)
		}
		exps, file = append(exps, e), f
	}
	names, err := exporterNames(getenv)
	if err != nil {
		if file != nil {
			file.Close()
		}
		return nil, nil, err
	}
	for _, name := range names {
		var e sdktrace.SpanExporter
		switch name {
		case "console":
			e, err = stdouttrace.New(stdouttrace.WithWriter(stderr))
		case "otlp":
			e, err = otlpExporter(ctx, getenv)
		}
		if err != nil {
			if file != nil {
				file.Close()
			}
			return nil, nil, fmt.Errorf("trace: %s exporter: %w", name, err)
		}
		exps = append(exps, e)
	}
	return exps, file, nil
}

// exporterNames are the exporters the OTEL_ variables ask for, none
// included (nil).
func exporterNames(getenv func(string) string) ([]string, error) {
	if disabled, _ := strconv.ParseBool(getenv("OTEL_SDK_DISABLED")); disabled {
		return nil, nil
	}
	v := strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER"))
	if v == "" {
		if getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "" {
			return []string{"otlp"}, nil
		}
		return nil, nil
	}
	var names []string
	seen := map[string]bool{}
	for _, n := range strings.Split(v, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		switch n {
		case "none", "":
			continue
		case "otlp", "console":
		default:
			return nil, fmt.Errorf("OTEL_TRACES_EXPORTER: unknown exporter %q (want otlp, console or none)", n)
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	return names, nil
}

// otlpExporter is the OTLP exporter of the protocol the variables name.
func otlpExporter(ctx context.Context, getenv func(string) string) (sdktrace.SpanExporter, error) {
	protocol := getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
	if protocol == "" {
		protocol = getenv("OTEL_EXPORTER_OTLP_PROTOCOL")
	}
	switch protocol {
	case "", "http/protobuf":
		return otlptracehttp.New(ctx)
	case "grpc":
		return otlptracegrpc.New(ctx)
	}
	return nil, fmt.Errorf("OTLP protocol %q: want http/protobuf or grpc", protocol)
}

// serviceVersion is service.version: the module's version, else its VCS
// revision, else "devel".
func serviceVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && s.Value != "" {
			return s.Value
		}
	}
	return "devel"
}
