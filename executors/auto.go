package executors

import (
	"context"
	"fmt"
	"go/scanner"
	"go/token"
	"os/exec"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// Auto chooses an engine per program: yaegi where it is safe, native
// otherwise. Yaegi is safe when the package (and its same-module
// dependencies) use nothing yaegi v0.16.1 gets wrong — target's
// YaegiProblems, which includes the reflection-driven code (reflect,
// encoding/json, fmt and errors.As handed values of the package's types)
// where the interpreter's types lose their names, methods and embedding —
// and the program does not ask for Exact semantics; Run then checks a
// sample of the cases against native (RunSample). When the go command is
// missing, yaegi is the only engine and is used whatever the risk (a
// note says so).
type Auto struct {
	Native *Native
	Yaegi  *Yaegi
	// Logf receives the reason for each choice.
	Logf func(format string, args ...any)
	// CrossCheck, when positive, is how often the runs For hands out
	// check yaegi against native (CrossChecked.Every); 0: never.
	CrossCheck int
	// RunSample is how Run checks a program it gives yaegi: the first
	// probe and every RunSample-th after it, and at least three (first,
	// middle and last), also run natively, and at a disagreement native
	// runs the whole program. 0: DefaultRunSample; negative: no check.
	RunSample int
}

// DefaultRunSample is Auto.RunSample's default: one probe in 8 is checked.
const DefaultRunSample = 8

// Name returns "auto".
func (a *Auto) Name() string { return "auto" }

// Choose returns the engine Auto would run prog on, and why.
func (a *Auto) Choose(prog *Program) (Executor, string) {
	goCmd := "go"
	if a.Native != nil && a.Native.GoCmd != "" {
		goCmd = a.Native.GoCmd
	}
	if _, err := exec.LookPath(goCmd); err != nil {
		return a.Yaegi, "no go command: yaegi is the only engine"
	}
	if prog.Exact {
		return a.Native, "the spec needs exact Go semantics (error types of the package, panic texts)"
	}
	if len(prog.Func.TypeParams) > 0 {
		return a.Native, "generic functions run natively (yaegi v0.16.1's generics are incomplete)"
	}
	if probs := prog.Func.Pkg.YaegiProblems(); len(probs) > 0 {
		var list []string
		for i, p := range probs {
			if i == 3 {
				list = append(list, fmt.Sprintf("and %d more", len(probs)-3))
				break
			}
			list = append(list, p.String())
		}
		return a.Native, "yaegi would get this package wrong: " + strings.Join(list, "; ")
	}
	return a.Yaegi, "the package is safe for yaegi"
}

// For returns the executor for a series of programs of f that should
// all run on one engine, such as an exploration: the engine Choose picks
// for f. When that is yaegi and CrossCheck is positive, it is yaegi
// checked against native, by a CrossChecked of f's own. (Run chooses
// per program and checks a sample of each program's probes.)
func (a *Auto) For(f *target.Func) Executor {
	e, _ := a.Choose(&Program{Func: f})
	if e == Executor(a.Yaegi) && a.CrossCheck > 0 && a.Native != nil {
		return &CrossChecked{Fast: a.Yaegi, Native: a.Native, Every: a.CrossCheck, Logf: a.Logf}
	}
	return e
}

// Run runs prog on the engine Choose picks; if yaegi cannot load the
// package, it falls back to native. Probes that time out or end the
// process under yaegi run again natively, and native's results stand:
// the interpreter is orders of magnitude slower than compiled code on
// some inputs (a case of 22ms natively took 35s), so a timeout there says
// nothing about the function. A sample of the probes yaegi ran also runs
// natively (see RunSample); when yaegi disagrees with native on one —
// and native agrees with itself — yaegi got the package's Go wrong, and
// the whole program runs natively: auto never reports a result native
// would not give.
func (a *Auto) Run(ctx context.Context, prog *Program) (*Report, error) {
	e, why := a.Choose(prog)
	if a.Logf != nil {
		a.Logf("%s: %s: %s", prog.Func.Name, e.Name(), why)
	}
	rep, err := e.Run(ctx, prog)
	if e != Executor(a.Yaegi) || a.Native == nil || ctx.Err() != nil {
		return withWhy(rep, why), err
	}
	if err != nil {
		if a.Logf != nil {
			a.Logf("%s: yaegi failed (%v); using native", prog.Func.Name, err)
		}
		yerr := firstLine(err)
		rep, err := a.Native.Run(ctx, prog)
		return withWhy(rep, "yaegi failed: "+yerr), err
	}
	a.rerunNatively(ctx, prog, rep)
	checked, d, cerr := a.sampleDisagrees(ctx, prog, rep)
	if d != "" {
		if a.Logf != nil {
			a.Logf("%s: yaegi disagrees with native (%s): running all %d probes natively", prog.Func.Name, d, len(prog.Probes))
		}
		rep, err := a.Native.Run(ctx, prog)
		return withWhy(rep, "yaegi disagrees with native ("+d+")"), err
	}
	switch {
	case cerr != nil:
		why += "; " + cerr.Error()
	case checked > 0:
		why += fmt.Sprintf("; %d of %d cases checked against native agree", checked, len(prog.Probes))
	}
	return withWhy(rep, why), nil
}

// withWhy sets rep.Why, when there is a report.
func withWhy(rep *Report, why string) *Report {
	if rep != nil {
		rep.Why = why
	}
	return rep
}

// firstLine is the first line of err's text.
func firstLine(err error) string {
	if err == nil {
		return ""
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// sampleDisagrees runs a sample of the probes of prog natively and says
// how yaegi's results in rep differ from native's on the first probe
// where they do, or "" when they agree; and how many probes it checked.
// It is an error when native cannot run the sample: yaegi's results
// then stand unchecked. A probe whose native result
// changes from one run to the next, panics that differ only in their
// words, and probes native cannot run say nothing about yaegi.
func (a *Auto) sampleDisagrees(ctx context.Context, prog *Program, rep *Report) (int, string, error) {
	every := a.RunSample
	if every == 0 {
		every = DefaultRunSample
	}
	if every < 0 {
		return 0, "", nil
	}
	var idx []int
	for _, i := range sampleIndices(len(prog.Probes), every) {
		if r := rep.Results[i]; r.Outcome != Timeout && r.Outcome != Exited {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return 0, "", nil
	}
	sub := subProgram(prog, idx)
	nrep, err := a.Native.Run(ctx, sub)
	if err == nil && len(nrep.Results) != len(idx) {
		err = fmt.Errorf("%d results for %d probes", len(nrep.Results), len(idx))
	}
	if err != nil {
		if a.Logf != nil {
			a.Logf("%s: the native check of %d probes failed (%v); keeping yaegi's results", prog.Func.Name, len(idx), err)
		}
		return 0, "", fmt.Errorf("the native check of %d cases failed: %s", len(idx), firstLine(err))
	}
	var again *Report
	for j, i := range idx {
		y, n := rep.Results[i], nrep.Results[j]
		d := Disagreement(y, n)
		if d == "" || bothPanicked(y, n) || n.Outcome == NoBuild || n.Outcome == Refused || n.Outcome == Broken {
			continue
		}
		if again == nil {
			if again, err = a.Native.Run(ctx, sub); err != nil || len(again.Results) != len(idx) {
				return 0, "", nil
			}
		}
		if Disagreement(n, again.Results[j]) != "" {
			continue // native disagrees with itself
		}
		return len(idx), fmt.Sprintf("probe %s: %s", prog.Probes[i].ID, d), nil
	}
	return len(idx), "", nil
}

// sampleIndices picks the probes of a program of n that Run checks: the
// first and every every-th after it, and at least the first, middle and
// last, in order.
func sampleIndices(n, every int) []int {
	if n == 0 {
		return nil
	}
	pick := map[int]bool{0: true, n / 2: true, n - 1: true}
	for i := every; i < n; i += every {
		pick[i] = true
	}
	out := make([]int, 0, len(pick))
	for i := 0; i < n; i++ {
		if pick[i] {
			out = append(out, i)
		}
	}
	return out
}

// rerunNatively replaces the results of the probes that timed out or
// ended the process under yaegi with their native results. When native
// cannot run them, yaegi's results are kept.
func (a *Auto) rerunNatively(ctx context.Context, prog *Program, rep *Report) {
	var redo []int
	for i, r := range rep.Results {
		if r.Outcome == Timeout || r.Outcome == Exited {
			redo = append(redo, i)
		}
	}
	if len(redo) == 0 {
		return
	}
	sub := subProgram(prog, redo)
	nrep, err := a.Native.Run(ctx, sub)
	if err != nil || len(nrep.Results) != len(redo) {
		if a.Logf != nil {
			a.Logf("%s: rerunning %d probes natively failed (%v); keeping yaegi's results", prog.Func.Name, len(redo), err)
		}
		return
	}
	if a.Logf != nil {
		a.Logf("%s: %d probes timed out or exited under yaegi; native's results stand", prog.Func.Name, len(redo))
	}
	for j, i := range redo {
		rep.Results[i] = nrep.Results[j]
	}
}

// subProgram is prog with only the probes at idx. A probe's imports are
// cut to the ones its own code and declarations name: a runner gives every probe of a
// function the imports of all its cases, and a compiled harness of some
// of them must not import what none of them uses.
func subProgram(prog *Program, idx []int) *Program {
	sub := *prog
	sub.Probes = make([]Probe, len(idx))
	for j, i := range idx {
		p := prog.Probes[i]
		if len(p.Imports) > 0 {
			srcs := append([]string{p.Setup, p.Recv, p.Panicking}, append(p.Args, p.Asserts...)...)
			for _, d := range p.Decls {
				srcs = append(srcs, d.Src) // and the packages its declarations name
			}
			named := qualifiers(srcs)
			imports := map[string]string{}
			for path, name := range p.Imports {
				if named[name] {
					imports[path] = name
				}
			}
			p.Imports = imports
		}
		sub.Probes[j] = p
	}
	return &sub
}

// qualifiers returns the identifiers followed by a dot in the Go code
// srcs: the package names the code may use, and more.
func qualifiers(srcs []string) map[string]bool {
	out := map[string]bool{}
	for _, src := range srcs {
		var s scanner.Scanner
		fset := token.NewFileSet()
		s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
		prev := ""
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.PERIOD && prev != "" {
				out[prev] = true
			}
			prev = ""
			if tok == token.IDENT {
				prev = lit
			}
		}
	}
	return out
}
