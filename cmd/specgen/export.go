package main

import (
	"context"
	"fmt"
	"io"

	"github.com/specgen-dev/specgen/export"
)

func exportCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o export.Options
	var verbose bool
	fs := newFlags("export", "[flags] PATH...   (package directories, spec files, ./...)", stderr)
	fs.Float64Var(&o.FloatTolerance, "tolerance", 0, "relative float tolerance of expected values")
	fs.DurationVar(&o.Timeout, "timeout", 0, "bound on each case (default 5s)")
	fs.BoolVar(&o.DryRun, "n", false, "build the test files, but write nothing")
	fs.BoolVar(&verbose, "v", false, "debug logging")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if verbose {
		o.Logf = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	}
	results, err := export.Packages(ctx, paths, o)
	if len(results) == 0 && noSpecs(stdout, err, paths) {
		return nil
	}
	writeExported(stdout, results)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// writeExported prints a line per exported package, and one per skipped case.
func writeExported(w io.Writer, results []*export.Result) {
	for _, r := range results {
		path := shortPath(r.Path)
		state := "unchanged"
		if r.Written {
			state = "written"
		}
		fmt.Fprintf(w, "%s (%s): %d functions, %d cases, %d skipped\n", path, state, r.Funcs, r.Cases, len(r.Skipped))
		for _, s := range r.Skipped {
			fmt.Fprintf(w, "  skip %s/%s: %s\n", s.Func, s.Case, s.Reason)
		}
	}
}
