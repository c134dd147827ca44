package mutate

import (
	"context"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// makeSchema numbers the jobs' mutants and writes, for each package,
// the schema of its mutated files; it sets the schema and id of every
// job the schema holds. A job it cannot hold keeps a nil schema and runs
// on its own build. A schema that does not type-check leaves every job
// of its package on its own build, which Logf reports.
func makeSchema(path string, jobs []job, rep *Report, checkers map[*target.Package]*checker, opts Options) {
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
			byFile[j.file] = append(byFile[j.file], numbered{ID: id, Mutant: rep.Functions[j.fn].Mutants[j.mutant].Mutant})
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

// runSchemaMutant runs the function's cases against mutant j.id of the
// schema: every run of the spec file's schema shares one build, the
// mutant being chosen by the workers' environment. A LIVED or TIMED OUT
// verdict is run again, so that it does not rest on one run; a schema
// that does not build sends the mutant to a build of its own.
func runSchemaMutant(ctx context.Context, path string, j job, m Mutant, tmp string, opts Options, builds *atomic.Int64, pool *sessionPool) (Status, string, error) {
	dir := filepath.Join(tmp, "schema")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", fmt.Errorf("mutate %s: %w", path, err)
	}
	run := func() (Status, string, error) {
		ex := &executors.Native{
			CacheDir: dir, Workers: 1, Env: opts.Env, NoSandbox: opts.NoSandbox,
			WorkerEnv: []string{MutantEnv + "=" + strconv.Itoa(j.id)},
			Logf:      countBuilds(builds),
		}
		s := pool.get(j, opts)
		defer pool.put(j, s)
		f, err := spec.Load(path)
		if err != nil {
			return "", "", err
		}
		if f.Path == "" {
			f.Path = path
		}
		rep, err := s.RunSpec(withExecutor(ctx, ex), f)
		return judge(ctx, rep, err)
	}
	status, detail, err := run()
	if err != nil {
		return status, detail, err
	}
	switch status {
	case NotViable:
		opts.logf("mutate: %s: the schema did not build (%s): %s gets a build of its own", path, detail, m.Change())
		return runMutant(ctx, path, j, m, tmp, opts, builds)
	case Lived, TimedOut:
		again, why, err := run()
		if err != nil {
			return again, why, err
		}
		if again != status {
			return again, fmt.Sprintf("%s (a first run said %s)", why, status), nil
		}
	}
	return status, detail, nil
}

// sessionPool keeps runner sessions, one per function and goroutine at
// a time, so that the package under test is loaded once per session
// instead of once per mutant.
type sessionPool struct {
	mu   sync.Mutex
	free map[string][]*runner.Session
}

func (p *sessionPool) get(j job, opts Options) *runner.Session {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free[j.name]); n > 0 {
		s := p.free[j.name][n-1]
		p.free[j.name] = p.free[j.name][:n-1]
		return s
	}
	return runner.NewSession(runner.Options{
		Executor:       ctxExecutor{},
		Filter:         regexp.MustCompile("^" + regexp.QuoteMeta(j.name) + "$"),
		Overlay:        j.schema,
		Timeout:        j.timeout,
		IgnoreDuration: true,
		Env:            opts.Env,
	})
}

func (p *sessionPool) put(j job, s *runner.Session) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.free == nil {
		p.free = map[string][]*runner.Session{}
	}
	p.free[j.name] = append(p.free[j.name], s)
}

type executorKey struct{}

func withExecutor(ctx context.Context, ex executors.Executor) context.Context {
	return context.WithValue(ctx, executorKey{}, ex)
}

// ctxExecutor runs programs with the executor the context carries: a
// session's options are fixed, the mutant selected changes per run.
type ctxExecutor struct{}

func (ctxExecutor) Name() string { return "native" }

func (ctxExecutor) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	ex, ok := ctx.Value(executorKey{}).(executors.Executor)
	if !ok {
		return nil, fmt.Errorf("mutate: no executor for %s", prog.Func.Name)
	}
	return ex.Run(ctx, prog)
}
