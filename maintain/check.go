// Package maintain keeps specs in step with the code they pin. Check
// says whether every spec passes and is current, for CI and pre-commit
// hooks; Refresh re-explores the functions whose code changed and shows
// the behaviour that changed before it writes anything.
//
// A spec is current when the hash of its function's source (and of the
// package code the function calls, target.Func.SourceHash) is the one
// recorded when specgen last wrote its cases (spec.Function.Source), and
// when the package's exported test file, if specgen wrote one, is what an
// export would write now.
package maintain

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/export"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// CheckOptions configure Check.
type CheckOptions struct {
	// Executor runs the cases (nil = a native engine).
	Executor executors.Executor
	// FloatTolerance and Timeout are as in runner.Options.
	FloatTolerance float64
	Timeout        time.Duration
	// ChangedSince, when set, is a git revision: only the functions
	// whose code changed since it (their declaration or a declaration
	// their source hash covers; see target.Func.Touched), or whose spec
	// file changed, are checked. It is what a pre-commit hook passes.
	ChangedSince string
	// Dir is where git runs for ChangedSince ("" = the current directory).
	Dir string
	// Env, when non-nil, is the environment of the go command.
	Env []string
	// Logf, when set, receives debug logging.
	Logf func(format string, args ...any)
}

// Kind is what a finding is about.
type Kind string

// Kinds of findings.
const (
	// Failing: cases of the function's spec do not pass.
	Failing Kind = "fail"
	// StaleSource: the function's code changed since specgen wrote its spec.
	StaleSource Kind = "stale"
	// StaleExport: the package's exported test file is not what an
	// export of its specs would write now.
	StaleExport Kind = "export"
)

// Finding is one reason a check fails.
type Finding struct {
	Kind Kind
	// Path is the spec file, or the test file of a StaleExport.
	Path string
	// Package is the import path of the package, when known.
	Package string
	// Func is the function as specs name it ("" for a StaleExport).
	Func string
	// Msg says what is wrong, for a person.
	Msg string
	// Failed are the cases that did not pass (Failing).
	Failed []FailedCase
}

// FailedCase is a case that did not pass, with what it calls the
// function with.
type FailedCase struct {
	runner.CaseReport
	// Input is the case's input, receiver and type arguments, for a person.
	Input string
}

// CheckReport is what Check found.
type CheckReport struct {
	Findings []Finding
	// Functions and Cases count what ran; Skipped counts the functions
	// ChangedSince left out.
	Functions, Cases, Skipped int
	// Elapsed is the time the check took.
	Elapsed time.Duration
}

// OK reports that nothing was found.
func (r *CheckReport) OK() bool { return len(r.Findings) == 0 }

// Check runs the specs that patterns name (as specgen run reads them)
// and checks that each is current. Problems with the specs themselves (a
// file that does not parse, a function that does not exist, a case that
// does not fit) come back as the error, a *runner.LoadError for each
// such file, after the findings of the files that did load.
func Check(ctx context.Context, patterns []string, opts CheckOptions) (*CheckReport, error) {
	start := time.Now()
	files, err := runner.FindSpecs(patterns)
	if err != nil {
		return nil, err
	}
	var changes *target.Changes
	if opts.ChangedSince != "" {
		dir := opts.Dir
		if dir == "" {
			dir = "."
		}
		changes, err = target.GitChanges(ctx, dir, opts.ChangedSince)
		if err != nil {
			return nil, fmt.Errorf("--changed-since %s: %w", opts.ChangedSince, err)
		}
	}
	exe := opts.Executor
	if exe == nil {
		exe = &executors.Native{Logf: opts.Logf}
	}
	sess := runner.NewSession(runner.Options{Executor: exe, FloatTolerance: opts.FloatTolerance, Timeout: opts.Timeout, Env: opts.Env, Logf: opts.Logf})
	rep := &CheckReport{}
	var loadErrs []error
	// exportDirs are the package directories whose specs are exported,
	// with whether anything of theirs is checked.
	exportDirs := map[string]bool{}
	for _, path := range files {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		f, sel, skipped, err := selectFuncs(ctx, sess, path, changes, rep)
		rep.Skipped += skipped
		if err != nil {
			loadErrs = append(loadErrs, err)
			continue
		}
		if dir, ok := export.PackageDir(path); ok {
			exportDirs[dir] = exportDirs[dir] || len(sel.Functions) > 0 || changes == nil || changes.File(path)
		}
		if len(sel.Functions) == 0 {
			continue
		}
		fr, err := sess.RunSpec(ctx, sel)
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			loadErrs = append(loadErrs, err)
			continue
		}
		for _, fn := range fr.Functions {
			rep.Functions++
			rep.Cases += fn.Total()
			var bad []FailedCase
			sf := sel.Function(fn.Name)
			for _, c := range fn.Cases {
				if c.Status != runner.Passed {
					fc := FailedCase{CaseReport: c}
					if sf != nil && c.Index < len(sf.Dataset) {
						fc.Input = describeInput(sf.Dataset[c.Index])
					}
					bad = append(bad, fc)
				}
			}
			if len(bad) > 0 {
				rep.Findings = append(rep.Findings, Finding{
					Kind: Failing, Path: f.Path, Package: fr.Package, Func: fn.Name, Failed: bad,
					Msg: fmt.Sprintf("%d of %d cases do not pass", len(bad), fn.Total()),
				})
			}
		}
	}
	dirs := make([]string, 0, len(exportDirs))
	for d := range exportDirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		file := filepath.Join(d, export.FileName)
		if !exportDirs[d] && !changes.File(file) {
			continue
		}
		stale, err := export.Stale(ctx, d, export.Options{FloatTolerance: opts.FloatTolerance, Timeout: opts.Timeout, Env: opts.Env, Logf: opts.Logf, Session: sess})
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			// A spec that does not export is already reported as a load
			// error of its own, or fails to run.
			opts.logf("check: export %s: %v", d, err)
			continue
		}
		if stale {
			rep.Findings = append(rep.Findings, Finding{Kind: StaleExport, Path: file, Msg: "out of date with the specs in testdata/specgen"})
		}
	}
	sortFindings(rep.Findings)
	rep.Elapsed = time.Since(start)
	return rep, errors.Join(loadErrs...)
}

func (o *CheckOptions) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// selectFuncs loads the spec file at path and returns it, and a copy
// holding only the functions to run: every function, or with changes
// those touched (all of them when the spec file itself changed). A
// function whose code changed since its spec was written is reported
// in rep and still run.
func selectFuncs(ctx context.Context, sess *runner.Session, path string, changes *target.Changes, rep *CheckReport) (f, sel *spec.File, skipped int, err error) {
	f, err = sess.Load(ctx, path)
	if err != nil {
		return nil, nil, 0, err
	}
	pkg, err := sess.Package(ctx, f)
	if err != nil {
		return nil, nil, 0, err
	}
	sel = &spec.File{Path: f.Path, Package: f.Package, PackagePos: f.PackagePos, Schema: f.Schema}
	specChanged := changes == nil || changes.File(path)
	for _, fn := range f.Functions {
		tf, err := pkg.Func(fn.Name)
		if err != nil {
			// The run reports the unknown function with its position.
			sel.Functions = append(sel.Functions, fn)
			continue
		}
		if !specChanged && !tf.Touched(changes) {
			skipped++
			continue
		}
		if fn.Source != "" {
			if h := tf.SourceHash(); h != fn.Source {
				rep.Findings = append(rep.Findings, Finding{
					Kind: StaleSource, Path: path, Package: pkg.ImportPath, Func: fn.Name,
					Msg: fmt.Sprintf("its code changed since its spec was written (source %s, spec %s)", h, fn.Source),
				})
			}
		}
		sel.Functions = append(sel.Functions, fn)
	}
	return f, sel, skipped, nil
}

// sortFindings orders findings by file, then function, stale before failing.
func sortFindings(fs []Finding) {
	rank := map[Kind]int{StaleSource: 0, Failing: 1, StaleExport: 2}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return rank[a.Kind] < rank[b.Kind]
	})
}
