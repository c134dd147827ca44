package runner

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Planned is a spec file resolved against its package and turned into
// programs, as RunFiles would run it, without running anything: what an
// export of the spec to Go test code needs.
type Planned struct {
	Path    string
	Package *target.Package
	Funcs   []*PlannedFunc
	s       *session
}

// PlannedFunc is one function of a planned spec.
type PlannedFunc struct {
	// Name is the function's name as the spec writes it ("Stack.Push").
	Name string
	// Program holds the function and one probe per case, in case order.
	Program *executors.Program
	Cases   []*PlannedCase
	// Params are the parameter names; NumOut counts the non-error
	// results; ErrorLast reports a last result of type error.
	Params    []string
	NumOut    int
	ErrorLast bool
	// TypeMismatch is the Type evaluator's failure for a call that
	// returned normally ("want int, got string"); "" when it holds or
	// there is no Type evaluator.
	TypeMismatch string
	// Pattern, ContainsInput, Assertion and Duration are the function's
	// evaluators; nil when absent.
	Pattern       *regexp.Regexp
	ContainsInput *spec.ContainsInputEval
	Assertion     *spec.AssertionEval
	Duration      time.Duration
	fp            *funcPlan
}

// Raise kinds of PlannedCase.Raise.
const (
	RaiseNone     = ""
	RaiseError    = "error"
	RaisePanic    = "panic"
	RaiseType     = "type"
	RaiseSentinel = "sentinel"
)

// PlannedCase is one case of a planned function.
type PlannedCase struct {
	Case *spec.Case
	// Name is the case's id, or #N (1-based).
	Name string
	// Inputs are the case's argument values in parameter order; their
	// string forms are what ContainsInput looks for.
	Inputs []spec.Value
	// InputForms are the inputs as ContainsInput sees them: the text,
	// and whether the input is a string.
	InputForms []InputForm
	// Raise is one of the Raise kinds; RaiseName the type or sentinel
	// for RaiseType and RaiseSentinel, as executors report it.
	Raise, RaiseName string
	// Tolerance is the float tolerance of expected and receiver_after.
	Tolerance float64
}

// InputForm is an input as ContainsInput sees it.
type InputForm struct {
	Text     string
	IsString bool
}

// PlanFiles loads and plans spec files as RunFiles would run them with
// opts (Filter and FloatTolerance apply); it returns the files that
// planned and an error joining the problems of the others (*LoadError
// for each file that could not be loaded).
func PlanFiles(ctx context.Context, paths []string, opts Options) ([]*Planned, error) {
	return newSession(opts).planFiles(ctx, paths)
}

// PlanFiles plans spec files as the package-level PlanFiles does, with
// the session's options and packages.
func (s *Session) PlanFiles(ctx context.Context, paths []string) ([]*Planned, error) {
	return s.s.planFiles(ctx, paths)
}

func (s *session) planFiles(ctx context.Context, paths []string) ([]*Planned, error) {
	var out []*Planned
	var errs []error
	for _, p := range paths {
		pl, err := s.planFile(ctx, p)
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			errs = append(errs, err)
			continue
		}
		out = append(out, pl)
	}
	return out, errors.Join(errs...)
}

func (s *session) planFile(ctx context.Context, path string) (*Planned, error) {
	f, err := spec.Load(path)
	if err != nil {
		problems := asProblems(err, path)
		if f == nil {
			return nil, &LoadError{Path: path, Problems: problems}
		}
		if f.Path == "" {
			f.Path = path
		}
		_, err := s.check(ctx, f, problems)
		return nil, err
	}
	if f.Path == "" {
		f.Path = path
	}
	c, err := s.check(ctx, f, nil)
	if err != nil {
		return nil, err
	}
	pl := &Planned{Path: f.Path, Package: c.pkg, s: s}
	for _, fp := range c.funcs {
		pf := &PlannedFunc{
			Name:          fp.info.Name,
			Program:       &executors.Program{Func: fp.fn, Probes: fp.probes, Timeout: s.opts.Timeout, Exact: true},
			Params:        fp.info.Params,
			NumOut:        fp.info.NumOut,
			ErrorLast:     fp.info.ErrorLast,
			Pattern:       fp.info.Pattern,
			ContainsInput: fp.info.ContainsInput,
			Assertion:     fp.info.Assertion,
			fp:            fp,
		}
		if t := fp.info.Type; t != nil && !sameType(t.Type, fp.info.ResultType, fp.info.ResultTypeShort) {
			pf.TypeMismatch = fmt.Sprintf("want %s, got %s", strings.TrimSpace(t.Type), fp.info.ResultType)
		}
		if d := fp.info.Duration; d != nil {
			pf.Duration = d.Duration.Duration
		}
		for _, cp := range fp.cases {
			pc := &PlannedCase{Case: cp.Case, Name: caseName(cp.Case, cp.Index), Inputs: cp.Inputs, Tolerance: s.opts.FloatTolerance}
			if cp.Case.Tolerance > 0 {
				pc.Tolerance = cp.Case.Tolerance
			}
			for _, in := range cp.Inputs {
				pc.InputForms = append(pc.InputForms, InputForm{Text: stringForm(in), IsString: in.Kind == spec.String})
			}
			switch cp.Raises.Kind {
			case raiseError:
				pc.Raise = RaiseError
			case raisePanic:
				pc.Raise = RaisePanic
			case raiseType:
				pc.Raise, pc.RaiseName = RaiseType, cp.Raises.Name
			case raiseSentinel:
				pc.Raise, pc.RaiseName = RaiseSentinel, cp.Raises.Name
			}
			pf.Cases = append(pf.Cases, pc)
		}
		pl.Funcs = append(pl.Funcs, pf)
	}
	return pl, nil
}
