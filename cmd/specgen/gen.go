package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/export"
	"github.com/specgen-dev/specgen/pipeline"
)

// genOptions are the flags of specgen gen.
type genOptions struct {
	out          string
	executor     string
	durations    bool
	maxProbes    int
	maxTime      time.Duration
	patience     int
	probeTimeout time.Duration
	timeout      time.Duration
	dryRun       bool
	force        bool
	shard        string
	jobs         int
	export       bool
	verbose      bool
	quiet        bool
	mutation     bool
	html         string
	models       modelFlags
	sandbox      sandboxFlag
	trace        traceFlags
}

func genCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	var o genOptions
	fs := newFlags("gen", "[flags] PKG [FUNC...]", stderr)
	fs.StringVar(&o.out, "o", "", "write the spec to `file` (default PKG/testdata/specgen/<Func>_evals.yml)")
	o.register(fs)
	fs.BoolVar(&o.dryRun, "n", false, "explore and check, but write nothing")
	fs.BoolVar(&o.force, "force", false, "explore every function again, also those whose code is as their spec records")
	fs.StringVar(&o.shard, "shard", "", "explore only the functions of shard `k/n` (picked by a hash of each name; the others are left alone)")
	fs.IntVar(&o.jobs, "jobs", 0, "functions explored at once (default 4 per CPU, at most 64; 1 with a model)")
	fs.BoolVar(&o.export, "export", true, "rewrite the package's specgen_evals_test.go from its specs (see specgen export)")
	fs.StringVar(&o.html, "html", "", "after writing the specs, write their HTML report into `dir` (see specgen report)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		fs.Usage()
		return usagef("gen: no package given")
	}
	ctx, tr, err := o.trace.start(ctx, "gen", args, os.Getenv, stderr)
	if err != nil {
		return usageError{fmt.Errorf("gen: %w", err)}
	}
	defer func() { tr.end(ctx, retErr) }()
	opts, st := o.pipelineOptions(stderr)
	defer st.Clear()
	opts.Tracer = tr.on()
	o.models.tracer = tr.on()
	opts.Out = o.out
	opts.DryRun = o.dryRun
	opts.SkipUnchanged = !o.force
	opts.Jobs = o.jobs
	if o.shard != "" {
		if opts.Shard, err = pipeline.ParseShard(o.shard); err != nil {
			return usageError{fmt.Errorf("gen: -shard: %w", err)}
		}
	}
	// The pipeline makes the engine; a wrong name is a usage error,
	// reported before any work.
	if _, err := executors.New(o.executor, executors.Options{}); err != nil {
		return usageError{fmt.Errorf("gen: -executor: %w", err)}
	}
	ms, err := o.models.setup(os.Getenv, opts.Logf)
	if err != nil {
		return usageError{fmt.Errorf("gen: %w", err)}
	}
	ms.apply(&opts)
	ctx, cancel := ms.bind(ctx)
	defer cancel()
	pkgs, err := pipeline.Expand(ctx, "", pos[0])
	if err != nil {
		return usageError{fmt.Errorf("gen: %w", err)}
	}
	if len(pkgs) > 1 && len(pos) > 1 {
		return usagef("gen: function names need a single package, not %s", pos[0])
	}
	var results []*pipeline.FuncResult
	for _, pkg := range pkgs {
		rs, err := pipeline.Gen(ctx, pkg, pos[1:], opts)
		if err := ms.replayErr(); err != nil {
			return fmt.Errorf("gen: %w", err)
		}
		if err != nil {
			return usageError{fmt.Errorf("gen: %w", err)}
		}
		results = append(results, rs...)
	}
	cwd, _ := os.Getwd()
	st.Clear()
	fmt.Fprintln(stdout, executors.SandboxStatus(o.sandbox.off))
	failed := writeTable(stdout, results, cwd)
	if o.verbose {
		writeSurvivors(stdout, results)
	}
	writeReviews(stdout, results)
	if o.export && !o.dryRun {
		exportAfterGen(ctx, stdout, results)
	}
	if ms.meter != nil {
		writeCost(stdout, ms.meter.Snapshot())
	}
	if o.html != "" && !o.dryRun {
		if err := genHTML(ctx, stdout, o.html, results, o.sandbox.off); err != nil {
			return fmt.Errorf("gen: -html: %w", err)
		}
	}
	if o.models.jsonOut != "" {
		if err := writeGenReport(o.models.jsonOut, results, ms.meter, cwd); err != nil {
			return fmt.Errorf("gen: %w", err)
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

// register registers the flags that say how functions are explored,
// shared by gen and refresh.
func (o *genOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.executor, "executor", "auto", "engine that explores: auto, native or yaegi (specs are always confirmed natively)")
	fs.BoolVar(&o.durations, "durations", false, "add a Duration evaluator, measured with headroom")
	fs.IntVar(&o.maxProbes, "max-probes", 0, "probe budget per function (default 2000)")
	fs.DurationVar(&o.maxTime, "max-time", 0, "exploration time budget per function (default 20s)")
	fs.IntVar(&o.patience, "patience", 0, "stop after this many probes without a new block, outcome or comparison (default 300)")
	fs.DurationVar(&o.probeTimeout, "probe-timeout", 0, "bound on each probe while exploring (default 1s; after 20 probes returned or timed out, ten times the slowest, at least a tenth of it)")
	fs.DurationVar(&o.timeout, "timeout", 0, "bound on each case when the spec is confirmed natively, as in specgen run (default 5s)")
	fs.BoolVar(&o.mutation, "mutation", true, "run the function's mutants against the cases: add cases that kill the survivors, drop cases that show nothing more, report the mutation score")
	fs.BoolVar(&o.verbose, "v", false, "debug logging, and the mutants no case kills")
	fs.BoolVar(&o.quiet, "q", false, "no progress (a status line on a terminal, a line per step otherwise)")
	o.models.register(fs)
	o.sandbox.register(fs)
	o.trace.register(fs)
}

// pipelineOptions are the exploration options the flags give, and the
// status that shows the progress on stderr (silent with -q), through
// which the debug log goes too: it is cleared before anything else is
// printed.
func (o *genOptions) pipelineOptions(stderr io.Writer) (pipeline.Options, *status) {
	opts := pipeline.Options{
		Engine:     o.executor,
		Durations:  o.durations,
		NoSandbox:  o.sandbox.off,
		NoMutation: !o.mutation,
	}
	opts.Explore.MaxProbes = o.maxProbes
	opts.Explore.MaxTime = o.maxTime
	opts.Explore.Patience = o.patience
	opts.Explore.Timeout = o.probeTimeout
	opts.Timeout = o.timeout
	width, tty := terminal(stderr)
	st := newStatus(stderr, tty, width, time.Now)
	if o.verbose {
		opts.Logf = st.Printf
	}
	if !o.quiet {
		opts.Progress = st.Step
	}
	return opts, st
}

// isRegular reports a regular file at path.
func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func isTerminal(w any) bool {
	_, ok := terminal(w)
	return ok
}

// writeTable prints the final table and the notes; it reports whether
// any function failed.
func writeTable(w io.Writer, results []*pipeline.FuncResult, cwd string) bool {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	withCost := false
	for _, r := range results {
		withCost = withCost || funcCost(r) != nil
	}
	costHead, cost := "", func(*pipeline.FuncResult) string { return "" }
	if withCost {
		costHead, cost = "\tCALLS\tTOKENS\tCOST", costColumns
	}
	fmt.Fprintln(tw, "FUNCTION\tCASES\tCOVERAGE\tREACH\tMUT\tBEHAVIOURS\tPROBES\tENGINE\tTIME"+costHead+"\tSPEC")
	failed := false
	var notes []funcNote
	for _, r := range results {
		switch {
		case r.Skipped != "":
			notes = append(notes, funcNote{r.Name, "skipped: " + r.Skipped})
			continue
		case r.Unchanged:
			fmt.Fprintf(tw, "%s\t%s\t-\t-\t-\t-\t-\t-%s\t%s (unchanged)\n", r.Name, casesColumn(r), cost(r), relPath(cwd, r.Path))
			continue
		case r.Err != nil:
			failed = true
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t%d\t%d\t%s\t%s%s\tFAILED: %v\n", r.Name, r.Behaviours, r.Probes, r.Engine, r.Elapsed.Round(10*time.Millisecond), cost(r), r.Err)
			// Why the probes that ran were left out (a result no value
			// states): what a person needs to see why nothing was written.
			for _, n := range r.Notes {
				if !strings.Contains(r.Err.Error(), n) {
					notes = append(notes, funcNote{r.Name, n})
				}
			}
			continue
		}
		path := relPath(cwd, r.Path)
		state := "unchanged"
		if r.Changed {
			state = "written"
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f%%\t%.1f%%\t%s\t%d\t%d\t%s\t%s%s\t%s (%s)\n", r.Name, casesColumn(r), r.Coverage, r.ReachCoverage, mutColumn(r.Mutation), r.Behaviours, r.Probes, r.Engine, r.Elapsed.Round(10*time.Millisecond), cost(r), path, state)
		for _, u := range r.Unstable {
			notes = append(notes, funcNote{r.Name, "nondeterministic, weakened or dropped: " + u})
		}
		for _, d := range r.Disagreements {
			notes = append(notes, funcNote{r.Name, fmt.Sprintf("%s and native disagree, native wins: %s", r.Engine, d)})
		}
		if r.Uncompiled > 0 {
			notes = append(notes, funcNote{r.Name, fmt.Sprintf("%d probes did not compile", r.Uncompiled)})
		}
		for _, n := range r.Notes {
			notes = append(notes, funcNote{r.Name, n})
		}
	}
	tw.Flush()
	writeNotes(w, notes)
	return failed
}

// funcNote is a note of the gen table about one function.
type funcNote struct{ name, text string }

// sharedNote is how many functions must share a note for it to be
// printed once for them all.
const sharedNote = 3

// writeNotes prints notes in order, each once for the functions it is
// about when sharedNote or more have it (a package yaegi cannot load:
// "note: Glob, Match, PathMatch, … (58 functions): yaegi …"). A note a
// function has more than once (one per instantiation of a generic
// function, which share its name) is printed once for it.
func writeNotes(w io.Writer, notes []funcNote) {
	by := map[string][]string{}
	for _, n := range notes {
		if !slices.Contains(by[n.text], n.name) {
			by[n.text] = append(by[n.text], n.name)
		}
	}
	printed := map[string]bool{}
	for _, n := range notes {
		names := by[n.text]
		switch {
		case len(names) < sharedNote:
			if !printed[n.name+"\x00"+n.text] {
				printed[n.name+"\x00"+n.text] = true
				fmt.Fprintf(w, "note: %s: %s\n", n.name, n.text)
			}
		case !printed[n.text]:
			printed[n.text] = true
			list := strings.Join(names[:sharedNote], ", ")
			if len(names) > sharedNote {
				list += ", …"
			}
			fmt.Fprintf(w, "note: %s (%d functions): %s\n", list, len(names), n.text)
		}
	}
}

// casesColumn is the CASES column of the gen table: the spec's cases,
// written generated+hand-written when a person wrote or edited some
// ("40+21": 40 generated, 21 kept as they are).
func casesColumn(r *pipeline.FuncResult) string {
	if r.Hand == 0 {
		return fmt.Sprint(r.Cases)
	}
	return fmt.Sprintf("%d+%d", r.Cases-r.Hand, r.Hand)
}

// mutColumn is the MUT column of the gen table: the mutants the
// generated cases kill of those that ran, "-" when the mutation step
// did not run or no mutant did.
func mutColumn(m *pipeline.Mutation) string {
	if m == nil || m.Killed+m.Lived == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", m.Killed, m.Killed+m.Lived)
}

// writeSurvivors lists the mutants no generated case kills (gen -v),
// flagging those no input explored or varied tells from the original.
func writeSurvivors(w io.Writer, results []*pipeline.FuncResult) {
	n := 0
	for _, r := range results {
		if r.Mutation != nil {
			n += len(r.Mutation.Survivors)
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "surviving mutants (%d):\n", n)
	for _, r := range results {
		if r.Mutation == nil {
			continue
		}
		for _, s := range r.Mutation.Survivors {
			fmt.Fprintf(w, "  %s: %s\n", r.Name, s)
		}
	}
}

// writeReviews lists the generated cases a reviewer should check before
// trusting them as the reference, with why; nothing when there are none.
func writeReviews(w io.Writer, results []*pipeline.FuncResult) {
	n := 0
	for _, r := range results {
		n += len(r.Reviews)
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "review before trusting (%d):\n", n)
	// A reason shared by many cases (the nil pointer dereference of
	// every method on a nil receiver) is one line naming a few of them:
	// a list of hundreds would bury the rest.
	byReason := map[string][]string{}
	for _, r := range results {
		for _, rv := range r.Reviews {
			byReason[rv.Reason] = append(byReason[rv.Reason], r.Name+"/"+rv.ID)
		}
	}
	done := map[string]bool{}
	for _, r := range results {
		for _, rv := range r.Reviews {
			ids := byReason[rv.Reason]
			switch {
			case len(ids) <= maxReviewLines:
				fmt.Fprintf(w, "  %s/%s: %s\n", r.Name, rv.ID, rv.Reason)
			case !done[rv.Reason]:
				done[rv.Reason] = true
				fmt.Fprintf(w, "  %s, … (%d cases): %s\n", strings.Join(ids[:3], ", "), len(ids), rv.Reason)
			}
		}
	}
}

// maxReviewLines is how many cases one reason for review lists a line
// each; more make one line.
const maxReviewLines = 5

// exportAfterGen rewrites the go test file of each package whose specs
// gen wrote into testdata/specgen, so that it stays in step with them;
// a package none of whose specs changed keeps its file, unless it has
// none. The file is written from the specs on disk, those of functions
// gen left alone (unchanged, other shards) included.
// A package that cannot be exported (package main, a user's file of the
// same name) gets a note: the specs themselves were written.
func exportAfterGen(ctx context.Context, w io.Writer, results []*pipeline.FuncResult) {
	changed := map[string]bool{}
	var dirs []string
	for _, r := range results {
		if r.Err != nil || r.Skipped != "" || r.Path == "" {
			continue
		}
		dir, ok := export.PackageDir(r.Path)
		if !ok {
			continue
		}
		if _, seen := changed[dir]; !seen {
			dirs = append(dirs, dir)
		}
		changed[dir] = changed[dir] || r.Changed
	}
	for _, dir := range dirs {
		if !changed[dir] && isRegular(filepath.Join(dir, export.FileName)) {
			continue
		}
		res, err := export.Dir(ctx, dir, export.Options{})
		if err != nil {
			fmt.Fprintln(w, "note:", err)
			continue
		}
		writeExported(w, []*export.Result{res})
	}
}
