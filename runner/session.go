package runner

import (
	"context"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Session runs several loaded specs with one set of options, loading
// each package once: what a caller that also needs the packages (to hash
// the functions a spec names, say) uses instead of RunSpec.
type Session struct{ s *session }

// NewSession starts a session.
func NewSession(opts Options) *Session { return &Session{s: newSession(opts)} }

// Package is the package a spec is about, resolved as RunSpec resolves
// it, and loaded once per session. A package that does not load is a
// *LoadError at the spec's package key, as RunSpec reports it.
func (s *Session) Package(ctx context.Context, f *spec.File) (*target.Package, error) {
	p, err := s.s.loadPackage(ctx, f)
	if err != nil && ctx.Err() == nil {
		return nil, &LoadError{Path: f.Path, Problems: spec.Errors{packageProblem(f, err)}}
	}
	return p, err
}

// packageProblem is the problem of a spec whose package does not load,
// at its package key.
func packageProblem(f *spec.File, err error) *spec.Error {
	pos := f.PackagePos
	pos.File = f.Path
	return &spec.Error{Pos: pos, Msg: err.Error()}
}

// RunSpec runs a loaded spec, as RunSpec does.
func (s *Session) RunSpec(ctx context.Context, f *spec.File) (*FileReport, error) {
	if err := f.Validate(); err != nil {
		_, err := s.s.check(ctx, f, asProblems(err, f.Path))
		return nil, err
	}
	return s.s.runSpec(ctx, f)
}

// Load loads the spec file at path. A file with problems comes back as
// a *LoadError listing all of them, those found against its package
// included, as RunFile reports them.
func (s *Session) Load(ctx context.Context, path string) (*spec.File, error) {
	return s.s.load(ctx, path)
}

// Evaluate judges the result of case i of function fn as a run with
// the session's options does.
func (p *Planned) Evaluate(fn, i int, res executors.Result) CaseReport {
	fp := p.Funcs[fn].fp
	eo := evalOptions{FloatTolerance: p.s.opts.FloatTolerance, IgnoreDuration: p.s.opts.IgnoreDuration}
	return evaluate(fp.cases[i], &fp.info, eo, res)
}

// Judge is the report of function fn from the report of its program
// (or of a program like it: with coverage, say), or from the error
// that kept it from running, as a run gives it.
func (p *Planned) Judge(fn int, rep *executors.Report, err error) FunctionReport {
	fr := p.s.judge(p.Funcs[fn].fp, rep, err)
	fr.tally()
	return *fr
}
