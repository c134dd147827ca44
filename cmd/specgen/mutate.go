package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/mutate"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
)

// mutateOptions are the flags of specgen mutate.
type mutateOptions struct {
	filter   string
	jsonOut  string
	verbose  bool
	quiet    bool
	executor string
	engine   string
	timeout  time.Duration
	workers  int
	sandbox  sandboxFlag
	trace    traceFlags
}

func mutateCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	var o mutateOptions
	fs := newFlags("mutate", "[flags] PATH...   (spec files, package directories, ./...)", stderr)
	fs.StringVar(&o.filter, "f", "", "measure only functions whose name matches this regexp")
	fs.StringVar(&o.jsonOut, "json", "", "write the report, with every mutant, as JSON to `file`")
	fs.BoolVar(&o.verbose, "v", false, "list the mutants that lived")
	fs.BoolVar(&o.quiet, "q", false, "no progress lines")
	fs.StringVar(&o.executor, "executor", "native", "engine: native, auto or yaegi")
	fs.StringVar(&o.engine, "engine", mutate.Schemata, "how native mutants are built: schemata (all of a package's mutants in one build) or per-mutant")
	fs.DurationVar(&o.timeout, "timeout", 0, "bound on each case of a mutant (default 10x the slowest unmutated case, at least 1s)")
	fs.IntVar(&o.workers, "workers", 2, "mutants run at a time")
	o.sandbox.register(fs)
	o.trace.register(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if o.engine != mutate.Schemata && o.engine != mutate.PerMutant {
		return usagef("mutate: -engine: %q is neither %s nor %s", o.engine, mutate.Schemata, mutate.PerMutant)
	}
	ctx, tr, err := o.trace.start(ctx, "mutate", args, os.Getenv, stderr)
	if err != nil {
		return usageError{fmt.Errorf("mutate: %w", err)}
	}
	defer func() { tr.end(ctx, retErr) }()
	opts := mutate.Options{Timeout: o.timeout, Workers: o.workers, NoSandbox: o.sandbox.off, Engine: o.engine, Tracer: tr.on()}
	if o.filter != "" {
		re, err := regexp.Compile(o.filter)
		if err != nil {
			return usagef("mutate: -f: %v", err)
		}
		opts.Filter = re
	}
	exe, err := executors.New(o.executor, executors.Options{NoSandbox: o.sandbox.off})
	if err != nil {
		return usageError{fmt.Errorf("mutate: -executor: %w", err)}
	}
	if _, native := exe.(*executors.Native); !native {
		// Native is mutate's default, which removes each mutant's build.
		opts.Executor = exe
	}
	if !o.quiet {
		opts.Logf = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	}
	files, err := runner.FindSpecs(paths)
	if noSpecs(stdout, err, paths) {
		return nil
	}
	if err != nil {
		return usageError{fmt.Errorf("mutate: %w", err)}
	}
	var (
		reports        []*mutate.Report
		loadErrs, errs []error
	)
	reps, repErrs := mutate.ScoreFiles(ctx, files, opts)
	for i, rep := range reps {
		if err := repErrs[i]; err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(stderr, "specgen: mutate: %v\n", err)
			if isLoadError(err) {
				loadErrs = append(loadErrs, err)
			} else {
				errs = append(errs, err)
			}
			continue
		}
		if rep != nil {
			reports = append(reports, rep)
		}
	}
	if len(reports) > 0 {
		fmt.Fprintln(stdout, executors.SandboxStatus(o.sandbox.off))
		if err := writeMutationTable(stdout, reports, o.verbose); err != nil {
			return err
		}
	}
	if o.jsonOut != "" {
		if err := writeMutationJSON(o.jsonOut, reports); err != nil {
			return err
		}
	}
	switch {
	case len(loadErrs) > 0:
		return usageError{fmt.Errorf("mutate: %d spec files did not load", len(loadErrs))}
	case len(errs) > 0:
		return errFailed
	}
	return nil
}

// isLoadError tells the problems of a spec that does not load (exit
// status 2) from the others.
func isLoadError(err error) bool {
	var le *runner.LoadError
	var se *spec.Error
	var ses spec.Errors
	var pe *fs.PathError
	return errors.As(err, &le) || errors.As(err, &se) || errors.As(err, &ses) || errors.As(err, &pe)
}

// writeMutationTable prints one row per function and a total, then with
// verbose every mutant that lived.
func writeMutationTable(w io.Writer, reports []*mutate.Report, verbose bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FUNCTION\tMUTANTS\tKILLED\tLIVED\tNOT COVERED\tNOT VIABLE\tTIMED OUT\tSCORE")
	var total mutate.Counts
	var errored int
	for _, r := range reports {
		for _, fr := range r.Functions {
			row(tw, path.Base(r.Package)+"."+fr.Name, fr.Counts)
			total.Add(fr.Counts)
			errored += fr.Counts.Errored
		}
	}
	row(tw, "total", total)
	if err := tw.Flush(); err != nil {
		return err
	}
	if errored > 0 {
		fmt.Fprintf(w, "%d mutants could not be judged (engine errors; see -json)\n", errored)
	}
	if !verbose {
		return nil
	}
	wd, _ := os.Getwd()
	// Builds per package: under schemata the files of a package share them.
	type tally struct{ builds, run, files int }
	var pkgs []string
	byPkg := map[string]*tally{}
	for _, r := range reports {
		key := r.Package + " (" + r.Engine + ")"
		t, ok := byPkg[key]
		if !ok {
			t = &tally{}
			byPkg[key] = t
			pkgs = append(pkgs, key)
		}
		t.builds += r.Builds
		t.run += r.Counts.Killed + r.Counts.Lived + r.Counts.TimedOut + r.Counts.Errored
		t.files++
	}
	for _, key := range pkgs {
		t := byPkg[key]
		pkg, engine, _ := strings.Cut(key, " ")
		fmt.Fprintf(w, "%s: %d %s for %d mutants run in %d spec %s %s\n", pkg, t.builds, plural(t.builds, "build"), t.run, t.files, plural(t.files, "file"), engine)
	}
	for _, r := range reports {
		for _, fr := range r.Functions {
			for _, m := range fr.Lived() {
				fmt.Fprintf(w, "%s:%d:%d: %s\n", relPath(wd, m.Pos.Filename), m.Pos.Line, m.Pos.Column, m.Change())
			}
		}
	}
	return nil
}

func row(w io.Writer, name string, c mutate.Counts) {
	score := "-"
	if s, ok := c.Score(); ok {
		score = fmt.Sprintf("%.1f%%", s)
	}
	fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", name, c.Total(), c.Killed, c.Lived, c.NotCovered, c.NotViable, c.TimedOut, score)
}

// relPath shows a path relative to dir when it is below it.
func relPath(dir, p string) string {
	if dir == "" {
		return p
	}
	if r, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// writeMutationJSON writes the reports and their total atomically.
func writeMutationJSON(file string, reports []*mutate.Report) error {
	var total mutate.Counts
	for _, r := range reports {
		total.Add(r.Counts)
	}
	if reports == nil {
		reports = []*mutate.Report{}
	}
	b, err := json.MarshalIndent(struct {
		Files []*mutate.Report
		Total mutate.Counts
	}{reports, total}, "", "  ")
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if _, err := spec.WriteFile(file, append(b, '\n')); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}
