package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/maintain"
	"github.com/specgen-dev/specgen/runner"
)

func checkCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o maintain.CheckOptions
	var executor string
	var verbose bool
	var sandbox sandboxFlag
	fs := newFlags("check", "[flags] [PATH...]   (spec files, package directories, ./...; default .)", stderr)
	fs.StringVar(&o.ChangedSince, "changed-since", "", "check only functions whose code or spec changed since the git `revision` (what a pre-commit hook passes: HEAD)")
	fs.StringVar(&executor, "executor", "native", "engine: native, auto or yaegi")
	fs.Float64Var(&o.FloatTolerance, "tolerance", 0, "relative float tolerance of expected values")
	fs.DurationVar(&o.Timeout, "timeout", 0, "bound on each case (default 5s)")
	fs.BoolVar(&verbose, "v", false, "debug logging")
	sandbox.register(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	exe, err := executors.New(executor, executors.Options{NoSandbox: sandbox.off})
	if err != nil {
		return usageError{fmt.Errorf("check: -executor: %w", err)}
	}
	o.Executor = exe
	if verbose {
		o.Logf = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	}
	rep, err := maintain.Check(ctx, paths, o)
	if rep == nil && noSpecs(stdout, err, paths) {
		return nil
	}
	if rep != nil {
		writeCheck(stdout, rep, o.ChangedSince, err != nil)
	}
	return maintainErr(ctx, "check", err, rep != nil && rep.OK(), rep != nil)
}

// maintainErr is how check and refresh end: a canceled run with its
// error; a spec or package that does not load, or an error before any
// report, a usage error (exit 2); any other error, or a report that is
// not ok, a failure (exit 1).
func maintainErr(ctx context.Context, cmd string, err error, ok, reported bool) error {
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		var le *runner.LoadError
		if errors.As(err, &le) || !reported {
			return usageError{fmt.Errorf("%s: %w", cmd, err)}
		}
		return fmt.Errorf("%s: %w", cmd, err)
	}
	if !ok {
		return errFailed
	}
	return nil
}

// writeCheck prints a line per finding, the cases that failed under it,
// and a summary line; incomplete says that some specs could not be
// checked (their errors follow on stderr).
func writeCheck(w io.Writer, rep *maintain.CheckReport, since string, incomplete bool) {
	for _, f := range rep.Findings {
		where := shortPath(f.Path)
		if f.Func != "" {
			where += ": " + f.Func
		}
		switch f.Kind {
		case maintain.StaleSource:
			fmt.Fprintf(w, "stale  %s: %s; run specgen refresh %s\n", where, f.Msg, shortPath(f.Path))
		case maintain.StaleExport:
			fmt.Fprintf(w, "stale  %s: %s; run specgen export %s\n", where, f.Msg, shortPath(filepath.Dir(f.Path)))
		default:
			fmt.Fprintf(w, "FAIL   %s: %s\n", where, f.Msg)
			for _, c := range f.Failed {
				var why []string
				for _, fl := range c.Failures {
					why = append(why, fl.Text())
				}
				fmt.Fprintf(w, "         %s (line %d) %s\n           %s\n", c.Name(), c.Pos.Line, c.Input, indentLines(strings.Join(why, "; "), "           "))
			}
		}
	}
	state := "ok"
	if incomplete {
		state = "incomplete"
	}
	if !rep.OK() {
		state = fmt.Sprintf("%d problems", len(rep.Findings))
		if len(rep.Findings) == 1 {
			state = "1 problem"
		}
	}
	extra := ""
	if since != "" {
		extra = fmt.Sprintf(", %d not changed since %s", rep.Skipped, since)
	}
	fmt.Fprintf(w, "%s: %d functions, %d cases checked%s in %s\n", state, rep.Functions, rep.Cases, extra, rep.Elapsed.Round(10*time.Millisecond))
}

// shortPath is path relative to the current directory when it is below it.
func shortPath(path string) string {
	cwd, _ := os.Getwd()
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return relPath(cwd, path)
}

// indentLines indents every line of s but the first.
func indentLines(s, prefix string) string {
	return strings.ReplaceAll(s, "\n", "\n"+prefix)
}
