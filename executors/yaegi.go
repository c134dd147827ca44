package executors

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/specgen-dev/specgen/executors/internal/rt"
)

// Yaegi runs probes in the yaegi interpreter: no compile step, the package
// and its non-standard dependencies interpreted from source, the standard
// library from yaegi's symbols (minus os/exec, net, unsafe, syscall and
// plugin). The interpreter runs in a worker process started from the
// current executable, which must call MaybeWorker first thing in main
// (and in TestMain of tests that use this engine).
type Yaegi struct {
	// Exe is the executable started as the worker ("" = os.Executable()).
	Exe string
	// Env is added to the environment of workers.
	Env []string
	// Logf, when set, receives debug logging.
	Logf func(format string, args ...any)
	// Workers is the number of worker processes (0 = 1: loading the
	// program costs more than running its probes, so more workers only pay
	// for very slow probes).
	Workers int
	// NoSandbox runs workers unconfined, in the package directory (see
	// Native.NoSandbox).
	NoSandbox bool

	prep preparer
	runs runDirs
	// unloadable are the packages yaegi failed to load for their own
	// code, as they are on disk (no Overlay), by import path: their load
	// error, given again without loading (see Run).
	unloadable loadFailures
}

// loadFailures remembers why packages could not be loaded, by import
// path; safe for concurrent use.
type loadFailures struct {
	mu sync.Mutex
	m  map[string]string
}

func (l *loadFailures) get(path string) (string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	msg, ok := l.m[path]
	return msg, ok
}

func (l *loadFailures) put(path, msg string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[string]string{}
	}
	l.m[path] = msg
}

// inPackageFiles reports whether msg, the interpreter's words on a load
// that failed, places the fault in a file of the package (as named in
// files, its absolute paths) and in none of the files written for the
// program (extra, by base name): a fault every program of the package
// meets.
func inPackageFiles(msg, dir string, files, extra map[string][]byte) bool {
	for name := range extra {
		if strings.Contains(msg, name+":") {
			return false
		}
	}
	for name := range files {
		if strings.Contains(msg, filepath.Join(dir, filepath.Base(name))+":") {
			return true
		}
	}
	return false
}

// Name returns "yaegi".
func (y *Yaegi) Name() string { return "yaegi" }

// Run loads the program in a worker and runs its probes. A package
// that failed to load for a fault in its own files fails again at once
// with the same error, without a worker (a whole-package run asks once
// per function).
func (y *Yaegi) Run(ctx context.Context, prog *Program) (*Report, error) {
	pkg := prog.Func.Pkg
	prepd, err := y.prep.prepare(prog, ".go", yaegiHas)
	if err != nil {
		return nil, fmt.Errorf("yaegi %s: %w", pkg.ImportPath, err)
	}
	rep := &Report{Engine: "yaegi", Blocks: prepd.blocks, Results: make([]Result, len(prog.Probes))}
	for i, r := range prepd.early {
		rep.Results[i] = r
	}
	if len(prepd.runnable) == 0 {
		return rep, nil
	}
	if msg, ok := y.unloadable.get(pkg.ImportPath); ok && len(prog.Overlay) == 0 {
		// The same error as the first time, so that the notes of a
		// package's functions are one.
		if y.Logf != nil {
			y.Logf("yaegi: %s failed to load before: not loading it again", pkg.ImportPath)
		}
		return nil, fmt.Errorf("yaegi: load %s: %s", pkg.ImportPath, msg)
	}
	exe, err := executable(y.Exe)
	if err != nil {
		return nil, fmt.Errorf("yaegi: %w", err)
	}
	rd, release, err := y.runs.open(exe)
	if err != nil {
		return nil, fmt.Errorf("yaegi: %w", err)
	}
	defer release()
	gopath, err := os.MkdirTemp(rd.path, "gopath-")
	if err != nil {
		return nil, fmt.Errorf("yaegi: %w", err)
	}
	defer os.RemoveAll(gopath)
	write := func(importPath, name string, src []byte) error {
		dir := filepath.Join(gopath, "src", filepath.FromSlash(importPath))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), src, 0o644)
	}
	for name, src := range prepd.pkgFiles {
		if err := write(pkg.ImportPath, filepath.Base(name), src); err != nil {
			return nil, fmt.Errorf("yaegi: %w", err)
		}
	}
	for name, src := range prepd.extra {
		if err := write(pkg.ImportPath, name, src); err != nil {
			return nil, fmt.Errorf("yaegi: %w", err)
		}
	}
	for _, d := range pkg.Deps {
		for _, f := range d.GoFiles {
			src, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("yaegi: %w", err)
			}
			if err := write(d.ImportPath, filepath.Base(f), src); err != nil {
				return nil, fmt.Errorf("yaegi: %w", err)
			}
		}
	}
	// Paths in the interpreter's messages point into the temporary GOPATH;
	// map them back to the user's files.
	fix := strings.NewReplacer(filepath.Join(gopath, "src", filepath.FromSlash(pkg.ImportPath))+string(filepath.Separator), pkg.Dir+string(filepath.Separator))
	status := sandboxStatus(y.NoSandbox)
	proto := pool{
		mk: func() (*exec.Cmd, confinedWorker, func(), error) {
			cmd := exec.Command(exe)
			cmd.Dir = pkg.Dir
			cmd.Env = append(os.Environ(), y.Env...)
			cmd.Env = append(cmd.Env, "SPECGEN_WORKER=yaegi", "SPECGEN_YAEGI_GOPATH="+gopath, "SPECGEN_YAEGI_PKG="+pkg.ImportPath)
			if prepd.cmpKinds != nil {
				cmd.Env = append(cmd.Env, "SPECGEN_YAEGI_CMPS=1")
			}
			if status.Off {
				return cmd, confinedWorker{}, nil, nil
			}
			s, cleanup, err := rd.scratch(pkg.Dir, y.Logf)
			if err != nil {
				return nil, confinedWorker{}, nil, err
			}
			d := s.Dirs
			cmd.Dir = d.Pkg
			cmd.Env = append(cmd.Env, d.Env()...)
			if status.Active() {
				cmd.Env = append(cmd.Env, workerEnv(d)...)
			}
			return cmd, confinedWorker{status: status, scratch: s}, cleanup, nil
		},
		timeout:   timeoutOf(prog),
		max:       prog.MaxOutput,
		yaegi:     true,
		handshake: true,
	}
	// Load once up front so that a package yaegi cannot load is one clear
	// error, not one per probe.
	start := time.Now()
	if err := proto.start(ctx); err != nil {
		msg := fix.Replace(err.Error())
		own := len(prog.Overlay) == 0 && inPackageFiles(msg, pkg.Dir, prepd.pkgFiles, prepd.extra)
		if probs := pkg.YaegiProblems(); len(probs) > 0 {
			// Say which construct is at fault, where: more use than the
			// interpreter's own words.
			var list []string
			for _, p := range probs {
				list = append(list, filepath.Join(pkg.Dir, p.Pos)+": "+p.What)
			}
			msg = strings.Join(list, "\n") + "\n(the interpreter said: " + msg + ")"
		}
		if own {
			// Every later program of the package would fail the same.
			y.unloadable.put(pkg.ImportPath, msg)
		}
		return nil, fmt.Errorf("yaegi: load %s: %s", pkg.ImportPath, msg)
	}
	rep.BuildTime = time.Since(start)
	proto.own = prepd.own(prog.Func)
	if err := runAll(ctx, proto, max(y.Workers, 1), prog, prepd.runnable, prepd.wire, rep.Results, fix.Replace); err != nil {
		return nil, fmt.Errorf("yaegi %s: %w", pkg.ImportPath, err)
	}
	for i := range rep.Results {
		prepd.setKinds(&rep.Results[i])
	}
	return rep, nil
}

// MaybeWorker turns the process into an executor worker when it was
// started as one (SPECGEN_WORKER is set), and never returns then: a yaegi
// worker, the trampoline that confines a native worker and becomes it,
// or the reaper that removes a run's temporary directory when specgen
// dies. Call it first thing in main, and in TestMain of packages whose
// tests use the engines.
func MaybeWorker() {
	switch os.Getenv("SPECGEN_WORKER") {
	case "":
		return
	case "yaegi":
		if err := confineWorker(); err != nil {
			fmt.Fprintln(os.Stderr, "specgen worker:", err)
			os.Exit(3)
		}
		if err := yaegiWorker(os.Getenv("SPECGEN_YAEGI_GOPATH"), os.Getenv("SPECGEN_YAEGI_PKG")); err != nil {
			fmt.Fprintln(os.Stderr, "specgen worker:", err)
			os.Exit(3)
		}
		os.Exit(0)
	case "confine":
		// Returns only when it could not become the worker.
		fmt.Fprintln(os.Stderr, "specgen worker:", trampoline())
		os.Exit(3)
	case "reaper":
		if err := reap(); err != nil {
			fmt.Fprintln(os.Stderr, "specgen:", err)
			os.Exit(1)
		}
		os.Exit(0)
	default:
		fmt.Fprintln(os.Stderr, "specgen worker: unknown worker kind", os.Getenv("SPECGEN_WORKER"))
		os.Exit(3)
	}
}

// yaegiSymbols is the standard library offered to interpreted code.
func yaegiSymbols() interp.Exports {
	out := interp.Exports{}
	for key, syms := range stdlib.Symbols {
		path := key
		if i := strings.LastIndex(key, "/"); i >= 0 {
			path = key[:i]
		}
		if RefusedImport(path) {
			continue
		}
		out[key] = syms
	}
	return out
}

// yaegiHas reports whether yaegi's standard library has path.name.
func yaegiHas(path, name string) bool {
	syms, ok := stdlib.Symbols[path+"/"+path[strings.LastIndex(path, "/")+1:]]
	if !ok {
		return false
	}
	_, ok = syms[name]
	return ok
}

func yaegiWorker(gopath, importPath string) (err error) {
	answers := os.NewFile(3, "specgen-answers")
	if answers == nil {
		return errors.New("no answer pipe")
	}
	enc := json.NewEncoder(answers)
	capture, err := rt.SpecgenNewCapture()
	if err != nil {
		return err
	}
	start := time.Now()
	run, covTake, cmpTake, err := yaegiLoad(gopath, importPath, os.Getenv("SPECGEN_YAEGI_CMPS") != "", capture)
	hello := rt.SpecgenResponse{ID: "load", Nanos: int64(time.Since(start))}
	if err != nil {
		hello.Fail = err.Error()
		enc.Encode(&hello)
		return nil
	}
	if err := enc.Encode(&hello); err != nil {
		return err
	}
	return rt.SpecgenServe(os.Stdin, answers, run, covTake, cmpTake, nil, capture, cpuClock(), rt.SpecgenCanonOptions{Yaegi: true, Unbox: yaegiUnbox})
}

func yaegiLoad(gopath, importPath string, cmps bool, capture *rt.SpecgenCapture) (run func(string, func(string, string, any)) bool, covTake func() []int, cmpTake func() ([]int, []string, []string), err error) {
	defer func() {
		if r := recover(); r != nil {
			// The interpreter panicked while loading: report the message,
			// never its stack.
			err = fmt.Errorf("the interpreter failed: %v", r)
		}
	}()
	stdout, stderr := capture.Files()
	i := interp.New(interp.Options{GoPath: gopath, Env: os.Environ(), Stdout: stdout, Stderr: stderr})
	if err := i.Use(yaegiSymbols()); err != nil {
		return nil, nil, nil, err
	}
	if _, err := i.Eval(fmt.Sprintf("import specgenpkg %q", importPath)); err != nil {
		return nil, nil, nil, cleanYaegiError(err)
	}
	rv, err := i.Eval("specgenpkg.SpecgenRunProbe")
	if err != nil {
		return nil, nil, nil, cleanYaegiError(err)
	}
	cv, err := i.Eval("specgenpkg.SpecgenCovTake")
	if err != nil {
		return nil, nil, nil, cleanYaegiError(err)
	}
	run, ok := rv.Interface().(func(string, func(string, string, any)) bool)
	if !ok {
		return nil, nil, nil, fmt.Errorf("probe table has type %s", rv.Type())
	}
	covFn := cv
	covTake = func() []int {
		out := covFn.Call(nil)[0]
		if out.IsNil() {
			return nil
		}
		return out.Interface().([]int)
	}
	if cmps {
		take, err := i.Eval("specgenpkg.SpecgenCmpTake")
		if err != nil {
			return nil, nil, nil, cleanYaegiError(err)
		}
		cmpTake = func() ([]int, []string, []string) {
			out := take.Call(nil)
			sites, _ := out[0].Interface().([]int)
			a, _ := out[1].Interface().([]string)
			b, _ := out[2].Interface().([]string)
			if len(a) != len(sites) || len(b) != len(sites) {
				return nil, nil, nil
			}
			return sites, a, b
		}
	}
	return run, covTake, cmpTake, nil
}

// yaegiUnbox unwraps yaegi's interp.valueInterface, the box in which the
// interpreter stores values of interpreted types that have methods when
// they are held in an interface; without it such values read as {}.
func yaegiUnbox(v reflect.Value) (reflect.Value, bool) {
	t := v.Type()
	if t.Kind() != reflect.Struct || t.Name() != "valueInterface" || t.PkgPath() != "github.com/traefik/yaegi/interp" {
		return v, false
	}
	f, ok := t.FieldByName("value")
	if !ok || f.Type != reflect.TypeOf(reflect.Value{}) {
		return v, false
	}
	p := reflect.New(t)
	p.Elem().Set(v)
	inner := *(*reflect.Value)(unsafe.Pointer(p.Elem().FieldByIndex(f.Index).UnsafeAddr()))
	return inner, true
}

// cleanYaegiError keeps the first line of an interpreter error: the
// position and the message, not the source excerpt or a stack.
func cleanYaegiError(err error) error {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return errors.New(msg)
}

// start starts the pool's worker, reading the greeting of workers that
// send one. A yaegi worker (handshake) greets once it has loaded the
// package, or says why it could not; one that does not is an error. A
// native worker (greets) greets once its package has initialised: a
// probe's time runs from then, not from the process's start, which a
// loaded machine makes longer than a fast probe's timeout (a mutant's
// probes would then time out there and kill it by its result on an
// idle machine). A native worker that ends or is slow to greet is left
// for its probe to report as before: an init that panics, exits or
// hangs is what it shows.
func (p *pool) start(ctx context.Context) error {
	w, err := startWorker(p.mk)
	if err != nil {
		return err
	}
	if p.handshake || p.greets {
		wait := 2 * time.Minute
		if p.greets {
			wait = greetWait
		}
		select {
		case line, ok := <-w.lines:
			switch {
			case !ok && p.greets:
			case !ok:
				<-w.done
				return fmt.Errorf("worker ended while loading: %s", strings.TrimSpace(w.stderr.take()))
			default:
				var hello rt.SpecgenResponse
				if err := json.Unmarshal(line, &hello); err != nil {
					w.kill()
					return fmt.Errorf("worker sent a bad greeting: %w", err)
				}
				if hello.Fail != "" {
					w.kill()
					return errors.New(hello.Fail)
				}
			}
		case <-time.After(wait):
			if p.handshake {
				w.kill()
				return errors.New("worker did not load within 2m")
			}
			w.greeting = true
		case <-ctx.Done():
			w.kill()
			return ctx.Err()
		}
	}
	p.w = w
	return nil
}

// nativeGreeting is the line a native worker greets with (see nativeMain).
const nativeGreeting = `{"id":"ready"}`

// greetWait bounds the wait for a native worker's greeting: past it,
// the worker's first probe waits for it, and for its answer, within its
// own time.
const greetWait = 10 * time.Second
