package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/mutate"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/report"
	"github.com/specgen-dev/specgen/runner"
)

// reportOptions are the flags of specgen report.
type reportOptions struct {
	html     string
	mutants  bool
	filter   string
	executor string
	timeout  time.Duration
	quiet    bool
	sandbox  sandboxFlag
}

func reportCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o reportOptions
	fs := newFlags("report", "-html DIR [flags] PATH...   (spec files, package directories, ./...)", stderr)
	fs.StringVar(&o.html, "html", "", "write the HTML report into `dir`: one file per package, and index.html when there are several")
	fs.BoolVar(&o.mutants, "mutants", true, "run each function's mutants, as specgen mutate does, to show those no case kills")
	fs.StringVar(&o.filter, "f", "", "report only functions whose name matches this regexp")
	fs.StringVar(&o.executor, "executor", "auto", "engine that runs the cases: auto, native or yaegi (mutants always run natively)")
	fs.DurationVar(&o.timeout, "timeout", 0, "bound on each case (default 5s)")
	fs.BoolVar(&o.quiet, "q", false, "no progress lines")
	o.sandbox.register(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if o.html == "" {
		fs.Usage()
		return usagef("report: -html: no directory given")
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	opts := report.Options{
		Runner:  runner.Options{Timeout: o.timeout},
		Mutants: o.mutants,
		Mutate:  mutate.Options{NoSandbox: o.sandbox.off},
	}
	if o.filter != "" {
		re, err := regexp.Compile(o.filter)
		if err != nil {
			return usagef("report: -f: %v", err)
		}
		opts.Runner.Filter, opts.Mutate.Filter = re, re
	}
	exe, err := executors.New(o.executor, executors.Options{NoSandbox: o.sandbox.off})
	if err != nil {
		return usageError{fmt.Errorf("report: -executor: %w", err)}
	}
	opts.Runner.Executor = exe
	if !o.quiet {
		opts.Mutate.Logf = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	}
	files, err := runner.FindSpecs(paths)
	if noSpecs(stdout, err, paths) {
		return nil
	}
	if err != nil {
		return usageError{fmt.Errorf("report: %w", err)}
	}
	pkgs, err := report.Build(ctx, files, opts)
	if err != nil {
		var le *runner.LoadError
		if errors.As(err, &le) || ctx.Err() == nil {
			return usageError{fmt.Errorf("report: %w", err)}
		}
		return fmt.Errorf("report: %w", err)
	}
	return writeHTML(stdout, o.html, pkgs)
}

// writeHTML writes the reports into dir and lists the files written.
func writeHTML(stdout io.Writer, dir string, pkgs []*report.Package) error {
	written, err := report.Write(dir, pkgs)
	for _, p := range written {
		fmt.Fprintln(stdout, "report:", p)
	}
	return err
}

// genHTML writes the HTML report of the specs gen wrote or left as
// they were (gen -html): it runs them for their coverage, and takes the
// surviving mutants and the model cost from what gen measured.
func genHTML(ctx context.Context, stdout io.Writer, dir string, results []*pipeline.FuncResult, noSandbox bool) error {
	var files []string
	seen := map[string]bool{}
	for _, r := range results {
		if r.Err != nil || r.Skipped != "" || r.Path == "" || seen[r.Path] || !isRegular(r.Path) {
			continue
		}
		seen[r.Path] = true
		files = append(files, r.Path)
	}
	if len(files) == 0 {
		fmt.Fprintln(stdout, "note: -html: no spec files to report on")
		return nil
	}
	exe, err := executors.New("auto", executors.Options{NoSandbox: noSandbox})
	if err != nil {
		return err
	}
	pkgs, err := report.Build(ctx, files, report.Options{Runner: runner.Options{Executor: exe}})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for _, r := range results {
		f := findFunc(pkgs, r.Path, r.Name)
		if f == nil {
			continue
		}
		if c := funcCost(r); c != nil {
			f.Cost = &report.Cost{Calls: c.Calls, InputTokens: c.InputTokens, OutputTokens: c.OutputTokens, USD: c.CostUSD}
		}
		if m := r.Mutation; m != nil {
			f.Mutation = &report.MutationCounts{Killed: m.Killed, Lived: m.Lived, NotCovered: m.NotCovered, NotViable: m.NotViable, TimedOut: m.TimedOut}
			var ms []report.Mutant
			for _, s := range m.Survivors {
				ms = append(ms, report.Mutant{Line: s.Pos.Line, Col: s.Pos.Column, Change: s.Change, Equivalent: s.Equivalent})
			}
			f.SetMutants(ms)
		}
	}
	return writeHTML(stdout, dir, pkgs)
}

// findFunc is the report of the function name of the spec file spec.
func findFunc(pkgs []*report.Package, spec, name string) *report.Function {
	abs, _ := filepath.Abs(spec)
	for _, p := range pkgs {
		for _, f := range p.Functions {
			if a, _ := filepath.Abs(f.Spec); a == abs && f.Name == name {
				return f
			}
		}
	}
	return nil
}
