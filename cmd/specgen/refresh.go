package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/maintain"
)

func refreshCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (retErr error) {
	var o genOptions
	var ro maintain.RefreshOptions
	var interactive string
	fs := newFlags("refresh", "[flags] [PATH...]   (spec files, package directories, ./...; default .)", stderr)
	o.register(fs)
	fs.BoolVar(&ro.Accept, "accept", false, "write changed behaviours without asking")
	fs.BoolVar(&ro.All, "all", false, "re-explore every function with generated cases, not only those whose code changed")
	fs.BoolVar(&ro.DryRun, "n", false, "explore and show the behaviour diff, but write nothing")
	fs.BoolVar(&ro.Export, "export", true, "rewrite the package's specgen_evals_test.go from its specs (see specgen export)")
	fs.StringVar(&interactive, "interactive", "auto", "ask y/n/s about each changed behaviour: auto (when stdin and stdout are a terminal), on or off")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if _, err := executors.New(o.executor, executors.Options{}); err != nil {
		return usageError{fmt.Errorf("refresh: -executor: %w", err)}
	}
	ask := false
	switch interactive {
	case "auto":
		ask = isTerminal(stdout) && isTerminal(stdin)
	case "on", "true":
		ask = true
	case "off", "false":
	default:
		return usagef("refresh: -interactive: want auto, on or off, not %q", interactive)
	}
	ctx, tr, err := o.trace.start(ctx, "refresh", args, os.Getenv, stderr)
	if err != nil {
		return usageError{fmt.Errorf("refresh: %w", err)}
	}
	defer func() { tr.end(ctx, retErr) }()
	var st *status
	ro.Gen, st = o.pipelineOptions(stderr)
	defer st.Clear()
	ro.Gen.Tracer = tr.on()
	o.models.tracer = tr.on()
	ro.Logf = ro.Gen.Logf
	ro.ExportOptions.Logf = ro.Gen.Logf
	ms, err := o.models.setup(os.Getenv, ro.Gen.Logf)
	if err != nil {
		return usageError{fmt.Errorf("refresh: %w", err)}
	}
	ms.apply(&ro.Gen)
	ctx, cancel := ms.bind(ctx)
	defer cancel()
	if ask && !ro.Accept {
		review := reviewer(bufio.NewReader(stdin), stdout)
		ro.Review = func(fn *maintain.FuncRefresh, c maintain.Change) maintain.Decision {
			st.Clear()
			return review(fn, c)
		}
	}
	rep, err := maintain.Refresh(ctx, paths, ro)
	st.Clear()
	if rep == nil && noSpecs(stdout, err, paths) {
		return nil
	}
	if rep != nil {
		writeRefresh(stdout, rep, ro.DryRun)
		writeExported(stdout, rep.Exported)
	}
	if err := ms.replayErr(); err != nil {
		return fmt.Errorf("refresh: %w", err)
	}
	return maintainErr(ctx, "refresh", err, rep != nil && rep.OK(), rep != nil)
}

// reviewer asks about each changed behaviour on w and reads the answer
// from r: y accepts it, n keeps the case as the spec has it (the code is
// to be fixed), s leaves the function for later. End of input answers n.
func reviewer(r *bufio.Reader, w io.Writer) func(*maintain.FuncRefresh, maintain.Change) maintain.Decision {
	return func(fn *maintain.FuncRefresh, c maintain.Change) maintain.Decision {
		fmt.Fprintf(w, "%s/%s  %s\n", fn.Func, c.ID, c.Input)
		fmt.Fprintf(w, "  - %s\n  + %s\n", c.Old, c.New)
		for {
			fmt.Fprint(w, "accept the new behaviour? [y]es, [n]o: keep the case, [s]kip the function: ")
			line, err := r.ReadString('\n')
			switch strings.ToLower(strings.TrimSpace(line)) {
			case "y", "yes":
				return maintain.Accept
			case "n", "no":
				return maintain.Reject
			case "s", "skip":
				return maintain.Skip
			}
			if err != nil {
				fmt.Fprintln(w)
				return maintain.Reject
			}
		}
	}
}

// writeRefresh prints the behaviour diff of each refreshed function, as
// snapshot-review tools do, and a summary line.
func writeRefresh(w io.Writer, rep *maintain.RefreshReport, dryRun bool) {
	var written, held, failed int
	for _, f := range rep.Funcs {
		fmt.Fprintf(w, "%s (%s): %s\n", f.Func, shortPath(f.Path), f.Why)
		if f.Err != nil {
			failed++
			fmt.Fprintf(w, "  error: %v\n", f.Err)
			continue
		}
		for _, c := range f.Changes {
			switch c.Kind {
			case maintain.Changed:
				fmt.Fprintf(w, "  changed  %s  %s\n    - %s\n    + %s\n", c.ID, c.Input, c.Old, c.New)
			case maintain.HandFails:
				fmt.Fprintf(w, "  FAIL     %s  %s (hand-written: edit or delete it)\n    - %s\n    + %s\n", c.ID, c.Input, c.Old, c.New)
			case maintain.Added:
				fmt.Fprintf(w, "  added    %s  %s: %s\n", c.ID, c.Input, c.New)
			case maintain.Dropped:
				fmt.Fprintf(w, "  dropped  %s  %s: %s (still holds)\n", c.ID, c.Input, c.Old)
			}
		}
		for _, id := range f.Ignored {
			fmt.Fprintf(w, "  ignore   %s  deleted since HEAD: recorded under ignore\n", id)
		}
		switch {
		case f.Held:
			held++
			n := f.Count(maintain.Changed)
			fmt.Fprintf(w, "  not written: %d changed %s; run specgen refresh -accept to accept %s\n", n, plural(n, "behaviour"), them(n))
		case f.Written:
			written++
			if f.Rejected > 0 {
				fmt.Fprintf(w, "  written, keeping %d rejected %s: the spec fails until the code is fixed\n", f.Rejected, plural(f.Rejected, "case"))
			}
		case len(f.Changes) == 0:
			fmt.Fprintf(w, "  no behaviour changed\n")
		}
	}
	verb := "written"
	if dryRun {
		verb = "to write (-n)"
	}
	fmt.Fprintf(w, "refresh: %d re-explored, %d %s, %d held, %d failed; %d current\n", len(rep.Funcs), written, verb, held, failed, rep.Current)
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	if strings.HasSuffix(noun, "y") {
		return strings.TrimSuffix(noun, "y") + "ies"
	}
	return noun + "s"
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
