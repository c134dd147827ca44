package maintain

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/export"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Decision is a reviewer's answer on one behaviour change.
type Decision int

// Decisions.
const (
	// Reject keeps the case as the spec states it: the change is a bug
	// to fix in the code, and the spec fails until it is.
	Reject Decision = iota
	// Accept writes what the code does now.
	Accept
	// Skip leaves the whole function as it is on disk, for later.
	Skip
)

// RefreshOptions configure Refresh.
type RefreshOptions struct {
	// Gen configures the exploration of stale functions; its Out, Dir
	// and DryRun are set by Refresh.
	Gen pipeline.Options
	// All re-explores every function that has generated cases, not only
	// those whose code changed.
	All bool
	// Accept writes changed behaviours without asking.
	Accept bool
	// Review, when set and Accept is not, is asked about each changed
	// behaviour of a function (an interactive review); without it a
	// function with a changed behaviour is not written.
	Review func(fn *FuncRefresh, c Change) Decision
	// DryRun explores and reports but writes nothing.
	DryRun bool
	// Export rewrites the exported test file of each package whose specs
	// were written (as gen does).
	Export bool
	// ExportOptions configure that export.
	ExportOptions export.Options
	// Git runs git for the spec as HEAD has it ("" = "git"); a user's
	// deletion of a generated case is seen against it.
	Git string
	// Logf, when set, receives debug logging.
	Logf func(format string, args ...any)
}

// FuncRefresh is what Refresh did for one function.
type FuncRefresh struct {
	// Path is the spec file, Func the function as the spec names it.
	Path, Func string
	// Why says why it was re-explored ("its code changed", ...).
	Why string
	// Changes is the behaviour diff: changed and added behaviours,
	// hand-written cases that fail, dropped cases.
	Changes []Change
	// Ignored are the ids of generated cases the user deleted since
	// HEAD, recorded under the function's ignore list now.
	Ignored []string
	// Written reports that the function's new spec was written (with
	// DryRun: that it would be); Held that it was not, because a changed behaviour was not accepted.
	Written, Held bool
	// Rejected counts the changes a reviewer rejected (their cases kept).
	Rejected int
	// Gen is the exploration's result.
	Gen *pipeline.FuncResult
	// Err is why the function could not be refreshed.
	Err error
}

// Count counts the changes of a kind.
func (f *FuncRefresh) Count(k ChangeKind) int {
	n := 0
	for _, c := range f.Changes {
		if c.Kind == k {
			n++
		}
	}
	return n
}

// RefreshReport is what Refresh did.
type RefreshReport struct {
	// Funcs are the functions re-explored, in file order.
	Funcs []*FuncRefresh
	// Current counts the functions whose code did not change.
	Current int
	// Exported are the test files exported again.
	Exported []*export.Result
}

// OK reports a refresh after which every refreshed spec is written and
// passes: no behaviour change was held back or rejected, no hand-written
// case fails and no function failed.
func (r *RefreshReport) OK() bool {
	for _, f := range r.Funcs {
		if f.Err != nil || f.Held || f.Rejected > 0 || f.Count(HandFails) > 0 {
			return false
		}
	}
	return true
}

// Refresh re-explores the functions of the specs that patterns name
// whose code changed since their specs were written (every function
// with generated cases, with All), and merges what it finds into their
// specs as gen does: hand-written and hand-edited cases are kept, and so
// is every comment of the file; a generated case the user deleted since
// HEAD is recorded under the function's ignore list and stays out.
//
// Before it writes, it runs the spec on disk against the code as it is
// now and reports the behaviour diff. A function whose generated cases
// no longer hold is written only with Accept, or with the reviewer's
// answers; otherwise it is held, and the report is not OK.
func Refresh(ctx context.Context, patterns []string, opts RefreshOptions) (*RefreshReport, error) {
	files, err := runner.FindSpecs(patterns)
	if err != nil {
		return nil, err
	}
	native := &executors.Native{CacheDir: opts.Gen.CacheDir, Logf: opts.Logf, NoSandbox: opts.Gen.NoSandbox}
	sess := runner.NewSession(runner.Options{Executor: native, IgnoreDuration: true, Timeout: opts.Gen.Timeout, Env: opts.ExportOptions.Env, Logf: opts.Logf})
	rep := &RefreshReport{}
	var errs []error
	written := map[string]bool{}
	for _, path := range files {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		changed, err := refreshFile(ctx, sess, path, &opts, rep)
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			errs = append(errs, err)
			continue
		}
		if dir, ok := export.PackageDir(path); ok && changed {
			written[dir] = true
		}
	}
	if opts.Export && !opts.DryRun {
		dirs := make([]string, 0, len(written))
		for d := range written {
			dirs = append(dirs, d)
		}
		sort.Strings(dirs)
		for _, d := range dirs {
			r, err := export.Dir(ctx, d, opts.ExportOptions)
			if err != nil {
				if !errors.Is(err, export.ErrNotGenerated) {
					errs = append(errs, err)
				}
				continue
			}
			rep.Exported = append(rep.Exported, r)
		}
	}
	return rep, errors.Join(errs...)
}

// refreshFile refreshes the stale functions of one spec file and reports
// whether it wrote the file.
func refreshFile(ctx context.Context, sess *runner.Session, path string, opts *RefreshOptions, rep *RefreshReport) (bool, error) {
	f, err := sess.Load(ctx, path)
	if err != nil {
		return false, err
	}
	pkg, err := sess.Package(ctx, f)
	if err != nil {
		return false, err
	}
	var stale []*FuncRefresh
	old := map[string]*spec.Function{}
	for _, fn := range f.Functions {
		tf, err := pkg.Func(fn.Name)
		if err != nil {
			// The run below reports it with its position.
			_, err = sess.RunSpec(ctx, f)
			if err == nil {
				err = fmt.Errorf("%s: %s: not found in %s", path, fn.Name, pkg.ImportPath)
			}
			return false, err
		}
		why := staleness(fn, tf, opts.All)
		if why == "" {
			rep.Current++
			continue
		}
		stale = append(stale, &FuncRefresh{Path: path, Func: fn.Name, Why: why})
		old[fn.Name] = fn
	}
	if len(stale) == 0 {
		return false, nil
	}
	rep.Funcs = append(rep.Funcs, stale...)

	// The spec on disk, run on the code as it is now.
	sel := &spec.File{Path: f.Path, Package: f.Package, PackagePos: f.PackagePos, Schema: f.Schema}
	names := make([]string, 0, len(stale))
	for _, s := range stale {
		sel.Functions = append(sel.Functions, old[s.Func])
		names = append(names, s.Func)
	}
	runs := map[string]*runner.FunctionReport{}
	fr, err := sess.RunSpec(ctx, sel)
	if err != nil {
		return false, err
	}
	for i := range fr.Functions {
		runs[fr.Functions[i].Name] = &fr.Functions[i]
	}

	head := headSpec(ctx, opts.Git, path)
	gopts := opts.Gen
	gopts.Out, _ = filepath.Abs(path)
	gopts.Dir = pkg.Dir
	gopts.DryRun = true
	results, err := pipeline.Gen(ctx, ".", names, gopts)
	if err != nil {
		return false, fmt.Errorf("refresh %s: %w", path, err)
	}
	byName := map[string]*pipeline.FuncResult{}
	for _, r := range results {
		byName[r.Name] = r
	}

	replace := map[string]*spec.Function{}
	for _, s := range stale {
		s.Gen = byName[s.Func]
		switch {
		case s.Gen == nil:
			s.Err = fmt.Errorf("not explored")
			continue
		case s.Gen.Err != nil:
			s.Err = s.Gen.Err
			continue
		case s.Gen.Skipped != "":
			s.Err = fmt.Errorf("skipped: %s", s.Gen.Skipped)
			continue
		case s.Gen.Spec == nil:
			s.Err = fmt.Errorf("no spec generated")
			continue
		}
		o := old[s.Func]
		if head != nil {
			if hf := head.Function(s.Func); hf != nil {
				for _, id := range spec.Deleted(hf, o) {
					if !slices.Contains(o.Ignore, id) && !edited(hf, o, id) {
						s.Ignored = append(s.Ignored, id)
					}
				}
			}
		}
		if len(s.Ignored) > 0 {
			oc := *o
			oc.Ignore = append(slices.Clone(o.Ignore), s.Ignored...)
			o = &oc
		}
		merged := spec.Merge(o, s.Gen.Spec)
		s.Changes = behaviourDiff(old[s.Func], runs[s.Func], merged)
		if n := s.Count(Changed); n > 0 && !opts.Accept {
			if opts.Review == nil {
				s.Held = true
				continue
			}
			var skip bool
			merged, skip = review(s, old[s.Func], merged, opts.Review)
			if skip {
				s.Held = true
				continue
			}
		}
		replace[s.Func] = merged
	}
	if opts.DryRun {
		for _, s := range stale {
			s.Written = replace[s.Func] != nil
		}
		return false, nil
	}
	if len(replace) == 0 {
		return false, nil
	}
	out := &spec.File{Path: f.Path, Package: f.Package, Schema: f.Schema}
	for _, fn := range f.Functions {
		if m, ok := replace[fn.Name]; ok {
			fn = m
		}
		out.Functions = append(out.Functions, fn)
	}
	data, err := marshalOver(out, path)
	if err != nil {
		return false, fmt.Errorf("refresh %s: %w", path, err)
	}
	changed, err := spec.WriteFile(path, data)
	if err != nil {
		return false, err
	}
	for _, s := range stale {
		if replace[s.Func] != nil {
			s.Written = true
		}
	}
	return changed, nil
}

// staleness says why fn is to be re-explored, or "".
func staleness(fn *spec.Function, tf *target.Func, all bool) string {
	generated := false
	for _, c := range fn.Dataset {
		generated = generated || c.Generated
	}
	switch {
	case fn.Source != "" && fn.Source != tf.SourceHash():
		return "its code changed"
	case fn.Source == "" && generated:
		return "no source hash recorded"
	case all && (generated || fn.Source != ""):
		return "-all"
	}
	return ""
}

// review asks about each changed behaviour of s. A rejected change puts
// the case as the spec had it back into merged; Skip leaves the whole
// function alone (skip reported true).
func review(s *FuncRefresh, old, merged *spec.Function, ask func(*FuncRefresh, Change) Decision) (*spec.Function, bool) {
	out := *merged
	out.Dataset = slices.Clone(merged.Dataset)
	for _, ch := range s.Changes {
		if ch.Kind != Changed {
			continue
		}
		switch ask(s, ch) {
		case Accept:
			continue
		case Skip:
			return merged, true
		}
		s.Rejected++
		var oc *spec.Case
		for i, c := range old.Dataset {
			if caseID(c, i) == ch.ID {
				oc = c
				break
			}
		}
		if oc == nil {
			continue
		}
		key := caseKey(oc)
		put := false
		for i, c := range out.Dataset {
			if caseKey(c) == key || (oc.ID != "" && c.ID == oc.ID) {
				if !put {
					out.Dataset[i] = oc
					put = true
				} else {
					out.Dataset = slices.Delete(out.Dataset, i, i+1)
				}
				break
			}
		}
		if !put {
			out.Dataset = append(out.Dataset, oc)
		}
	}
	return &out, false
}

// headSpec is the spec file at path as git's HEAD has it, or nil (no
// git, not a repository, the file not committed).
func headSpec(ctx context.Context, git, path string) *spec.File {
	if git == "" {
		git = "git"
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	cmd := exec.CommandContext(ctx, git, "-C", filepath.Dir(abs), "show", "HEAD:./"+filepath.Base(abs))
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil
	}
	f, err := spec.Parse(path, out.Bytes())
	if err != nil {
		return nil
	}
	return f
}

// marshalOver writes f over the spec file at path, keeping what the
// file has that f does not say: its comments and layout.
func marshalOver(f *spec.File, path string) ([]byte, error) {
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return f.MarshalOver(old)
}

// edited reports whether the case id of before is still in now under
// another id: a case of now has its inputs (the user renamed it, which
// makes it theirs).
func edited(before, now *spec.Function, id string) bool {
	for _, b := range before.Dataset {
		if b.ID != id {
			continue
		}
		key := caseKey(b)
		for _, c := range now.Dataset {
			if caseKey(c) == key {
				return true
			}
		}
	}
	return false
}
