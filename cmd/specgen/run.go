package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
)

// runOptions are the flags of specgen run.
type runOptions struct {
	filter         string
	jsonOut        string
	junitOut       string
	minPass        float64
	ignoreDuration bool
	verbose        bool
	executor       string
	tolerance      float64
	timeout        time.Duration
	cover          bool
	sandbox        sandboxFlag
	count          int
}

func runCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o runOptions
	fs := newFlags("run", "[flags] PATH...   (spec files, package directories, ./...)", stderr)
	fs.StringVar(&o.filter, "f", "", "run only functions whose name matches this regexp")
	fs.StringVar(&o.filter, "filter", "", "same as -f")
	fs.StringVar(&o.jsonOut, "json", "", "write the report as JSON to `file`")
	fs.StringVar(&o.junitOut, "junit", "", "write the report as JUnit XML to `file`")
	fs.Float64Var(&o.minPass, "min-pass", 100, "minimum pass rate in `percent` for exit status 0")
	fs.BoolVar(&o.ignoreDuration, "ignore-duration", false, "skip Duration evaluators and case durations")
	fs.BoolVar(&o.verbose, "v", false, "list passing cases too")
	fs.StringVar(&o.executor, "executor", "auto", "engine: auto, native or yaegi")
	fs.Float64Var(&o.tolerance, "tolerance", 0, "relative float tolerance of expected values")
	fs.DurationVar(&o.timeout, "timeout", 0, "bound on each case (default 5s)")
	fs.BoolVar(&o.cover, "cover", true, "report each function's statement coverage")
	o.sandbox.register(fs)
	fs.IntVar(&o.count, "count", 1, "run each function's cases `n` times, each time in fresh workers; a case passes when it passes every run (hunts flaky cases)")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if o.count < 1 {
		return usagef("run: -count: %d is not a positive number of runs", o.count)
	}
	opts := runner.Options{
		FloatTolerance: o.tolerance,
		IgnoreDuration: o.ignoreDuration,
		Cover:          o.cover,
		Timeout:        o.timeout,
		Count:          o.count,
	}
	if o.filter != "" {
		re, err := regexp.Compile(o.filter)
		if err != nil {
			return usagef("run: -f: %v", err)
		}
		opts.Filter = re
	}
	exe, err := executors.New(o.executor, executors.Options{NoSandbox: o.sandbox.off})
	if err != nil {
		return usageError{fmt.Errorf("run: -executor: %w", err)}
	}
	opts.Executor = exe
	files, err := runner.FindSpecs(paths)
	if noSpecs(stdout, err, paths) {
		return nil
	}
	if err != nil {
		return usageError{fmt.Errorf("run: %w", err)}
	}
	reports, runErr := runner.RunFiles(ctx, files, opts)
	if len(reports) > 0 || runErr == nil {
		fmt.Fprintln(stdout, executors.SandboxStatus(o.sandbox.off))
		if err := runner.WriteText(stdout, reports, o.verbose); err != nil {
			return err
		}
	}
	if o.jsonOut != "" {
		if err := writeReport(o.jsonOut, reports, runner.WriteJSON); err != nil {
			return err
		}
	}
	if o.junitOut != "" {
		if err := writeReport(o.junitOut, reports, runner.WriteJUnit); err != nil {
			return err
		}
	}
	if runErr != nil {
		var le *runner.LoadError
		if errors.As(runErr, &le) || ctx.Err() == nil {
			return usageError{runErr}
		}
		return runErr
	}
	if !runner.Summarize(reports).OK(o.minPass) {
		return errFailed
	}
	return nil
}

// writeReport writes a report file atomically.
func writeReport(path string, reports []*runner.FileReport, write func(io.Writer, []*runner.FileReport) error) error {
	var buf bytesBuffer
	if err := write(&buf, reports); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := spec.WriteFile(path, buf.b); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

type bytesBuffer struct{ b []byte }

func (b *bytesBuffer) Write(p []byte) (int, error) { b.b = append(b.b, p...); return len(p), nil }
