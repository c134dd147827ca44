package executors

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// Auto chooses an engine per program: yaegi where it is safe, native
// otherwise. Yaegi is safe when the package (and its same-module
// dependencies) use nothing yaegi v0.16.1 gets wrong, and the program does
// not ask for Exact semantics. When the go command is missing, yaegi is
// the only engine and is used whatever the risk (a note says so).
type Auto struct {
	Native *Native
	Yaegi  *Yaegi
	// Logf receives the reason for each choice.
	Logf func(format string, args ...any)
	// CrossCheck, when positive, is how often the runs For hands out
	// check yaegi against native (CrossChecked.Every); 0: never.
	CrossCheck int
}

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
// per program and never cross-checks.)
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
// nothing about the function.
func (a *Auto) Run(ctx context.Context, prog *Program) (*Report, error) {
	e, why := a.Choose(prog)
	if a.Logf != nil {
		a.Logf("%s: %s: %s", prog.Func.Name, e.Name(), why)
	}
	rep, err := e.Run(ctx, prog)
	if e != Executor(a.Yaegi) || a.Native == nil || ctx.Err() != nil {
		return rep, err
	}
	if err != nil {
		if a.Logf != nil {
			a.Logf("%s: yaegi failed (%v); using native", prog.Func.Name, err)
		}
		return a.Native.Run(ctx, prog)
	}
	a.rerunNatively(ctx, prog, rep)
	return rep, nil
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
	sub := *prog
	sub.Probes = make([]Probe, 0, len(redo))
	for _, i := range redo {
		sub.Probes = append(sub.Probes, prog.Probes[i])
	}
	nrep, err := a.Native.Run(ctx, &sub)
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
