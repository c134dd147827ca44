package mutate

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/tracing"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// makeSchema numbers the jobs' mutants and writes, for each package,
// the schema of its mutated files; it sets the schema and id of every
// job the schema holds. A job it cannot hold keeps a nil schema and runs
// on its own build. A schema that does not type-check leaves every job
// of its package on its own build, which Logf reports.
func makeSchema(path string, jobs []job, checkers map[*target.Package]*checker, opts Options) {
	byPkg := map[*target.Package][]int{}
	var pkgs []*target.Package
	for i, j := range jobs {
		if _, ok := byPkg[j.pkg]; !ok {
			pkgs = append(pkgs, j.pkg)
		}
		byPkg[j.pkg] = append(byPkg[j.pkg], i)
	}
	for _, pkg := range pkgs {
		idx := byPkg[pkg]
		byFile := map[string][]numbered{}
		jobOf := map[int]int{} // mutant id → index in jobs
		for n, i := range idx {
			j := &jobs[i]
			id := n + 1
			jobOf[id] = i
			byFile[j.file] = append(byFile[j.file], numbered{ID: id, Mutant: j.result().Mutant})
		}
		c := checkers[pkg]
		overlay, left, msg := schemaOverlay(pkg, c, byFile)
		if msg != "" {
			opts.logf("mutate: %s: the schema of %s does not compile (%s): one build per mutant", path, pkg.ImportPath, msg)
			continue
		}
		held := 0
		for id, i := range jobOf {
			if left[id] {
				continue
			}
			jobs[i].id, jobs[i].schema = id, overlay
			held++
		}
		opts.logf("mutate: %s: schema of %s holds %d of %d mutants", path, pkg.ImportPath, held, len(idx))
	}
}

// schemaOverlay writes the schema of a package's mutants, byFile
// holding each file's numbered mutants: the overlay of the mutated
// files, the ids of the mutants it cannot switch (left), and the type
// checker's first complaint when the overlay does not compile ("" when
// it does).
func schemaOverlay(pkg *target.Package, c *checker, byFile map[string][]numbered) (overlay map[string][]byte, left map[int]bool, msg string) {
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	overlay = map[string][]byte{}
	left = map[int]bool{}
	for k, name := range files {
		file := syntaxOf(pkg, name)
		if file == nil {
			for _, m := range byFile[name] {
				left[m.ID] = true
			}
			continue
		}
		src, out := Schema(pkg.Fset, file, c.srcs[name], pkg.TypesInfo, pkg.Types, byFile[name], k == 0)
		overlay[name] = src
		for _, m := range out {
			left[m.ID] = true
		}
	}
	return overlay, left, c.checkFiles(overlay)
}

// syntaxOf is the syntax tree of the package's file name.
func syntaxOf(pkg *target.Package, name string) *ast.File {
	for _, f := range pkg.Syntax {
		if tf := pkg.Fset.File(f.Pos()); tf != nil && filepath.Clean(tf.Name()) == filepath.Clean(name) {
			return f
		}
	}
	return nil
}

// ScoreFiles measures the spec files at paths, as Score measures one;
// reports and errs are parallel to paths, one of the two set for each
// file measured (a canceled run leaves the rest unset).
// Under the schemata engine (and no Options.Executor), the files of one
// package share their builds: one build of every file's cases for the
// unmutated run (with coverage), and one build of the package's mutant
// schema for every mutant, the mutant being chosen per probe over one
// pool of Options.Workers workers. Only the cases that ran the mutated
// code unmutated run against a mutant, cheapest first, and the first
// that kills it ends its run. In a package with package-level variables
// a worker serves one mutant at a time. The schema build is counted in
// the Builds of the package's first file that has mutants to run.
func ScoreFiles(ctx context.Context, paths []string, opts Options) (reports []*Report, errs []error) {
	reports, errs = make([]*Report, len(paths)), make([]error, len(paths))
	switch opts.Engine {
	case "", Schemata, PerMutant:
	default:
		for i, p := range paths {
			errs[i] = fmt.Errorf("mutate %s: unknown engine %q (want %s or %s)", p, opts.Engine, Schemata, PerMutant)
		}
		return reports, errs
	}
	if opts.Executor != nil || opts.Engine == PerMutant {
		for i, p := range paths {
			fctx, end := runSpan(ctx, opts.Tracer, tracing.Path.String(p))
			reports[i], errs[i] = scoreFile(fctx, p, opts)
			end(reports[i:i+1], errs[i:i+1])
			if errs[i] != nil && ctx.Err() != nil {
				break
			}
		}
		return reports, errs
	}
	sess := runner.NewSession(runner.Options{IgnoreDuration: true, Filter: opts.Filter, Env: opts.Env})
	var pkgs []*target.Package
	byPkg := map[*target.Package][]int{}
	plans := make([]*runner.Planned, len(paths))
	for i, p := range paths {
		// A file that does not read or parse is spec.Load's error, as
		// scoreFile reports it.
		if _, err := spec.Load(p); err != nil {
			errs[i] = err
			continue
		}
		pl, err := sess.PlanFiles(ctx, []string{p})
		if err != nil {
			if u, ok := err.(interface{ Unwrap() []error }); ok && len(u.Unwrap()) == 1 {
				err = u.Unwrap()[0]
			}
			errs[i] = err
			if ctx.Err() != nil {
				return reports, errs
			}
			continue
		}
		plans[i] = pl[0]
		pkg := pl[0].Package
		if _, ok := byPkg[pkg]; !ok {
			pkgs = append(pkgs, pkg)
		}
		byPkg[pkg] = append(byPkg[pkg], i)
	}
	for _, pkg := range pkgs {
		idx := byPkg[pkg]
		var pls []*runner.Planned
		for _, i := range idx {
			pls = append(pls, plans[i])
		}
		pctx, end := runSpan(ctx, opts.Tracer, tracing.Package.String(pkg.ImportPath))
		reps, perrs := scorePackage(pctx, pls, opts)
		end(reps, perrs)
		for k, i := range idx {
			reports[i], errs[i] = reps[k], perrs[k]
		}
		if ctx.Err() != nil {
			break
		}
	}
	return reports, errs
}

// scorePackage is ScoreFiles under the schemata engine for the spec
// files of one package.
func scorePackage(ctx context.Context, pls []*runner.Planned, opts Options) ([]*Report, []error) {
	start := time.Now()
	reports, errs := make([]*Report, len(pls)), make([]error, len(pls))
	fail := func(err error) ([]*Report, []error) {
		for i := range pls {
			if errs[i] == nil {
				reports[i], errs[i] = nil, err
			}
		}
		return reports, errs
	}
	pkg := pls[0].Package
	tmp, err := os.MkdirTemp("", "specgen-mutate-")
	if err != nil {
		return fail(fmt.Errorf("mutate %s: %w", pkg.ImportPath, err))
	}
	defer os.RemoveAll(tmp)
	var builds atomic.Int64

	// The unmutated run, with coverage: every function of every file in
	// one program set.
	var progs []*executors.Program
	for _, pl := range pls {
		for _, pf := range pl.Funcs {
			p := *pf.Program
			p.Cover = true
			progs = append(progs, &p)
		}
	}
	var base []*executors.Report
	var baseErr error
	if len(progs) > 0 {
		native := &executors.Native{CacheDir: filepath.Join(tmp, "base"), Env: opts.Env, NoSandbox: opts.NoSandbox, Workers: opts.workers()}
		if base, baseErr = native.RunMany(ctx, progs); baseErr != nil && ctx.Err() != nil {
			return fail(ctx.Err())
		}
	}

	checkers := map[*target.Package]*checker{}
	var jobs []job
	at := 0
	for i, pl := range pls {
		rep := &Report{Path: pl.Path, Package: pl.Package.ImportPath, Engine: Schemata}
		var fjobs []job
		var failures []string
		for k, pf := range pl.Funcs {
			var exrep *executors.Report
			if baseErr == nil {
				exrep = base[at]
			}
			at++
			fr := pl.Judge(k, exrep, baseErr)
			for _, c := range fr.Cases {
				if c.Status != runner.Passed {
					failures = append(failures, fmt.Sprintf("%s: case %s %s: %s", fr.Name, c.Name(), c.Status, firstLine(runner.JoinFailures(c.Failures, "; "))))
				}
			}
			if len(failures) > 0 {
				continue
			}
			frep, js, err := functionJobs(pl.Path, rep, k, fr, pf.Program.Func, exrep, checkers, opts)
			if err != nil {
				errs[i] = err
				break
			}
			for n := range js {
				js[n].plan = pl
			}
			opts.logf("mutate: %s: %d mutants", fr.Name, len(frep.Mutants))
			rep.Functions = append(rep.Functions, frep)
			fjobs = append(fjobs, js...)
		}
		switch {
		case len(failures) > 0:
			errs[i] = &BaselineError{Path: pl.Path, Failures: failures}
		case errs[i] == nil:
			reports[i] = rep
			jobs = append(jobs, fjobs...)
		}
	}
	if len(jobs) > 0 {
		makeSchema(pkg.ImportPath, jobs, checkers, opts)
	}

	// One build of the schema for every function that has mutants in it.
	type fnKey struct {
		plan *runner.Planned
		fn   int
	}
	progOf := map[fnKey]int{}
	var schemaProgs []*executors.Program
	for _, j := range jobs {
		if j.schema == nil {
			continue
		}
		key := fnKey{j.plan, j.fn}
		if _, ok := progOf[key]; ok {
			continue
		}
		progOf[key] = len(schemaProgs)
		p := *j.plan.Funcs[j.fn].Program
		p.Overlay, p.Cover, p.Timeout = j.schema, false, j.timeout
		schemaProgs = append(schemaProgs, &p)
	}
	var batch *executors.Batch
	if len(schemaProgs) > 0 {
		native := &executors.Native{CacheDir: filepath.Join(tmp, "schema"), Env: opts.Env, NoSandbox: opts.NoSandbox, Workers: opts.workers(), Logf: countBuilds(&builds)}
		if vars := stateVars(pkg); len(vars) > 0 {
			// A mutant may leave a wrong value in them for the next.
			opts.logf("mutate: %s: package-level variables (%s): each worker serves one mutant at a time", pkg.ImportPath, strings.Join(vars, ", "))
			native.IsolateMutants = true
		}
		batch, err = native.Open(ctx, schemaProgs)
		var be *executors.BuildError
		switch {
		case err == nil:
			defer batch.Close()
		case ctx.Err() != nil:
			return fail(ctx.Err())
		case errors.As(err, &be):
			opts.logf("mutate: %s: the schema did not build (%s): one build per mutant", pkg.ImportPath, firstLine(be.Detail))
			for n := range jobs {
				jobs[n].schema = nil
			}
		default:
			return fail(fmt.Errorf("mutate %s: %w", pkg.ImportPath, err))
		}
	}
	schemaBuilds := builds.Load()
	separate := map[*Report]*atomic.Int64{}
	for _, j := range jobs {
		if separate[j.rep] == nil {
			separate[j.rep] = &atomic.Int64{}
		}
		if j.schema == nil {
			j.rep.Separate++
		}
	}
	runStart := time.Now()
	err = runJobs(ctx, jobs, opts, func(ctx context.Context, j job) (Status, string, error) {
		if j.schema == nil {
			return runSeparate(ctx, j, tmp, opts, separate[j.rep])
		}
		return runCases(ctx, batch, progOf[fnKey{j.plan, j.fn}], j, j.id)
	})
	if err != nil {
		return fail(err)
	}
	opts.logf("mutate: %s: %d builds for %d mutants run in %s", pkg.ImportPath, schemaBuilds+sumBuilds(separate), len(jobs), time.Since(runStart).Round(time.Millisecond))
	counted := false
	for _, rep := range reports {
		if rep == nil {
			continue
		}
		if n := separate[rep]; n != nil {
			rep.Builds = int(n.Load())
			if !counted && schemaBuilds > 0 && rep.Separate < countJobs(jobs, rep) {
				rep.Builds += int(schemaBuilds)
				counted = true
			}
		}
		rep.tally()
		rep.Elapsed = time.Since(start)
	}
	return reports, errs
}

func sumBuilds(m map[*Report]*atomic.Int64) int64 {
	var n int64
	for _, b := range m {
		n += b.Load()
	}
	return n
}

func countJobs(jobs []job, rep *Report) int {
	n := 0
	for _, j := range jobs {
		if j.rep == rep {
			n++
		}
	}
	return n
}

// runSeparate runs the function's cases against a mutant that the
// schema cannot hold, on a build of its own, as runCases runs them.
func runSeparate(ctx context.Context, j job, tmp string, opts Options, builds *atomic.Int64) (Status, string, error) {
	dir, err := os.MkdirTemp(tmp, "mutant-")
	if err != nil {
		return "", "", fmt.Errorf("mutate %s: %w", j.path, err)
	}
	defer os.RemoveAll(dir)
	p := *j.plan.Funcs[j.fn].Program
	p.Overlay, p.Cover, p.Timeout = map[string][]byte{j.file: j.result().Src}, false, j.timeout
	native := &executors.Native{CacheDir: dir, Workers: 1, Env: opts.Env, NoSandbox: opts.NoSandbox, Logf: countBuilds(builds)}
	b, err := native.Open(ctx, []*executors.Program{&p})
	var be *executors.BuildError
	switch {
	case err == nil:
		defer b.Close()
	case ctx.Err() != nil:
		return "", "", ctx.Err()
	case errors.As(err, &be):
		return NotViable, firstLine(err.Error()), nil
	default:
		return Errored, firstLine(err.Error()), nil
	}
	return runCases(ctx, b, 0, j, 0)
}

// runCases runs the function's cases that reach the mutant, cheapest
// first, against mutant id of program k of the batch, and stops at the
// first case that kills it. A LIVED or TIMED OUT verdict is run again,
// so that it does not rest on one run, and with ten times the time per
// case (unless Options.Timeout fixes it): a loaded machine can take ten
// times a case's unmutated time, and a mutant that loops does not
// finish in any.
func runCases(ctx context.Context, b *executors.Batch, k int, j job, id int) (Status, string, error) {
	run := func(scale time.Duration) (Status, string, error) {
		var v verdict
		for _, i := range j.order {
			res, err := b.RunMutantTimeout(ctx, k, i, id, scale*j.caseTimeouts[i])
			if err != nil {
				if ctx.Err() != nil {
					return "", "", ctx.Err()
				}
				return Errored, firstLine(err.Error()), nil
			}
			c := j.plan.Evaluate(j.fn, i, res)
			if v.add(&c) {
				break
			}
		}
		status, detail := v.status()
		return status, detail, nil
	}
	status, detail, err := run(1)
	if err != nil {
		return status, detail, err
	}
	if status == Lived || status == TimedOut {
		scale := time.Duration(10)
		if j.fixedTimeouts {
			scale = 1
		}
		again, why, err := run(scale)
		if err != nil {
			return again, why, err
		}
		if again != status {
			return again, fmt.Sprintf("%s (a first run said %s)", why, status), nil
		}
	}
	return status, detail, nil
}

// runSpan starts the span of a mutation run and returns the function
// that ends it with the run's reports: the mutants and how many were
// killed, lived or timed out; Error with the first error.
func runSpan(ctx context.Context, tracer trace.Tracer, attrs ...attribute.KeyValue) (context.Context, func([]*Report, []error)) {
	if tracer == nil {
		return ctx, func([]*Report, []error) {}
	}
	ctx, span := tracing.Start(ctx, tracer, "mutate", attrs...)
	return ctx, func(reps []*Report, errs []error) {
		var c Counts
		for _, r := range reps {
			if r != nil {
				c.Add(r.Counts)
			}
		}
		span.SetAttributes(
			tracing.Mutants.Int(c.Total()),
			tracing.Killed.Int(c.Killed),
			tracing.Lived.Int(c.Lived),
			tracing.TimedOut.Int(c.TimedOut),
			attribute.Int("specgen.mutants.not_viable", c.NotViable),
			attribute.Int("specgen.mutants.not_covered", c.NotCovered),
		)
		tracing.End(span, errors.Join(errs...))
	}
}
