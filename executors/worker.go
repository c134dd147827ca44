package executors

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/specgen-dev/specgen/executors/internal/rt"
	"github.com/specgen-dev/specgen/spec"
)

// workerCmd makes the command of a fresh worker process, with what the
// worker knows of its sandbox and the function that removes what the
// command needed (its scratch directory) once the process has ended.
//
// The command is not bound to a context: a worker serves the probes of
// many callers, each with a context of its own, and lives until its pool
// stops or kills it (on a timeout, a cancelled call, a crash). Bound to
// the context of the call that started it, it was killed when that
// context ended, under the probe another caller was running on it.
type workerCmd func() (*exec.Cmd, confinedWorker, func(), error)

// worker is a running worker process: requests go to its stdin, answers
// come back on its fd 3, and its stderr is kept (bounded) to explain a crash.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	stderr *tailBuffer
	done   chan struct{} // closed when the process has exited and its scratch directory is gone
	err    error         // Wait's result, valid after done
	conf   confinedWorker
	// greeting: the worker's greeting is still to come, before the
	// first answer (it was slow to start; see pool.start).
	greeting bool
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) take() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := string(t.buf)
	t.buf = t.buf[:0]
	return s
}

func startWorker(mk workerCmd) (*worker, error) {
	cmd, conf, cleanup, err := mk()
	if err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	if cleanup == nil {
		cleanup = func() {}
	}
	capture, err := captureFiles()
	if err != nil {
		cleanup()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	// The worker has its own descriptors of them.
	defer closeFiles(capture)
	pr, pw, err := os.Pipe()
	if err != nil {
		cleanup()
		return nil, err
	}
	cmd.ExtraFiles = append([]*os.File{pw}, capture...)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, captureEnv)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		pr.Close()
		pw.Close()
		cleanup()
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: stdin, lines: make(chan []byte, 1), stderr: &tailBuffer{max: 64 << 10}, done: make(chan struct{}), conf: conf}
	cmd.Stderr = w.stderr
	cmd.Stdout = io.Discard
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		cleanup()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	pw.Close()
	go func() {
		r := bufio.NewReaderSize(pr, 1<<16)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 && err == nil {
				w.lines <- line
			}
			if err != nil {
				close(w.lines)
				pr.Close()
				return
			}
		}
	}()
	go func() {
		w.err = cmd.Wait()
		cleanup()
		close(w.done)
	}()
	return w, nil
}

func (w *worker) kill() {
	killProcessGroup(w.cmd)
	w.stdin.Close()
	<-w.done
}

// errWorkerDied reports a worker that ended while running a probe.
var errWorkerDied = errors.New("worker died")

// call sends one request and waits for its answer, the timeout, or the
// worker's death.
func (w *worker) call(ctx context.Context, req rt.SpecgenRequest, timeout time.Duration) (*rt.SpecgenWire, error) {
	data, _ := json.Marshal(req)
	data = append(data, '\n')
	if _, err := w.stdin.Write(data); err != nil {
		return nil, errWorkerDied
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-w.lines:
			if !ok {
				return nil, errWorkerDied
			}
			if w.greeting {
				w.greeting = false
				continue
			}
			var resp rt.SpecgenWire
			dec := json.NewDecoder(bytes.NewReader(line))
			dec.UseNumber()
			if err := dec.Decode(&resp); err != nil {
				return nil, fmt.Errorf("worker sent a bad answer: %w", err)
			}
			return &resp, nil
		case <-timer.C:
			return nil, context.DeadlineExceeded
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// pool runs probes on a worker, restarting it after a timeout or crash.
type pool struct {
	mk      workerCmd
	w       *worker
	timeout time.Duration
	max     int
	yaegi   bool
	// handshake: the worker greets with one line once it has loaded.
	handshake bool
	// greets: the worker greets with nativeGreeting once its package
	// has initialised, waited for greetWait at most (see start).
	greets bool
	// mutant is the mutant of the last probe run (Batch).
	mutant int
	// own marks the blocks of the function under test (see
	// prepared.own), by index.
	own []bool
}

func (p *pool) close() {
	if p.w != nil {
		p.w.stdin.Close()
		select {
		case <-p.w.done:
		case <-time.After(2 * time.Second):
			p.w.kill()
		}
		p.w = nil
	}
}

// run sends probe to the worker as request id and converts the answer
// into a Result.
func (p *pool) run(ctx context.Context, id string, probe Probe) (Result, error) {
	if p.w == nil {
		if err := p.start(ctx); err != nil {
			return Result{}, err
		}
	}
	start := time.Now()
	resp, err := p.w.call(ctx, rt.SpecgenRequest{ID: id, MaxOutput: p.max, Mutant: probe.Mutant}, p.timeout)
	res := Result{ID: probe.ID}
	switch {
	case err == nil:
		res := convert(probe.ID, resp, p.yaegi)
		res.Covered = withOwn(res.Covered, resp.Built, p.own)
		res.Denied = p.w.conf.denied(res)
		if s := p.w.conf.scratch; s != nil && s.Changed() {
			res.Wrote = s.Wrote()
			// What this probe wrote or removed must not be seen by the
			// next one; when the directory cannot be put back, the next
			// probe gets a fresh worker and scratch directory.
			if s.Restore() != nil {
				p.w.kill()
				p.w = nil
			}
		}
		return res, nil
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		p.w.kill()
		p.w = nil
		res.Outcome = Timeout
		res.Duration = time.Since(start)
		res.CPU = res.Duration
		res.Message = fmt.Sprintf("did not finish within %v", p.timeout)
		return res, nil
	case ctx.Err() != nil:
		p.w.kill()
		p.w = nil
		return res, ctx.Err()
	case errors.Is(err, errWorkerDied):
		select {
		case <-p.w.done:
		case <-time.After(5 * time.Second):
			p.w.kill()
		}
		stderr := p.w.stderr.take()
		code := -1
		if p.w.cmd.ProcessState != nil {
			code = p.w.cmd.ProcessState.ExitCode()
		}
		conf := p.w.conf
		p.w = nil
		res.Duration = time.Since(start)
		res.CPU = res.Duration
		res.Outcome = Exited
		res.ExitCode = code
		res.Stderr = trimStack(stderr)
		res.Message, res.Panic = explainExit(code, stderr)
		res.Denied = conf.denied(res)
		return res, nil
	default:
		p.w.kill()
		p.w = nil
		res.Outcome = Broken
		res.Message = err.Error()
		return res, nil
	}
}

var panicLine = regexp.MustCompile(`(?m)^panic: (.*)$`)
var fatalLine = regexp.MustCompile(`(?m)^fatal error: (.*)$`)

// explainExit says why a worker ended, from its exit code and stderr.
func explainExit(code int, stderr string) (string, *PanicInfo) {
	if m := panicLine.FindStringSubmatch(stderr); m != nil {
		msg := strings.TrimSuffix(m[1], " [recovered]")
		typ := ""
		// "panic: main.MyErr{...}" or "panic: boom" or `panic: runtime error: ...`
		if strings.HasPrefix(msg, "runtime error: ") {
			typ = "runtime.Error"
		}
		if i := strings.LastIndex(msg, " [recovered"); i >= 0 {
			msg = msg[:i]
		}
		return "the process died of a panic in another goroutine: " + msg, &PanicInfo{Message: unquotePanic(msg), Type: typ, Goroutine: true}
	}
	if m := fatalLine.FindStringSubmatch(stderr); m != nil {
		return "fatal error: " + m[1], nil
	}
	if strings.Contains(stderr, "specgen: memory limit exceeded") {
		return strings.TrimSpace(stderr[strings.Index(stderr, "specgen: memory limit exceeded"):]), nil
	}
	if code >= 0 {
		return "os.Exit(" + strconv.Itoa(code) + ")", nil
	}
	return "the worker was killed", nil
}

// unquotePanic strips the formatting the runtime adds to some panic
// values: `panic: main.T{...}` stays, a string error value like
// `boom [recovered]` loses the suffix, and `(string) "x"` forms lose the type.
func unquotePanic(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// namedValues converts the wire's name-value pairs (inputs, globals,
// arguments before and after the call).
func namedValues(pairs [][2]interface{}) []NamedValue {
	var out []NamedValue
	for _, p := range pairs {
		name, _ := p[0].(string)
		out = append(out, NamedValue{Name: name, Value: wireValue(p[1])})
	}
	return out
}

// withOwn adds to covered the blocks of built that own marks: the
// function under test run while the probe built its receiver and
// arguments (a map filled by the Store under test), which the call's
// coverage leaves out but the case's test runs all the same. Blocks of
// other functions run then stay out: a constructor is not what the
// probe shows.
func withOwn(covered, built []int, own []bool) []int {
	n := len(covered)
	for _, b := range built {
		if b >= 0 && b < len(own) && own[b] && !slices.Contains(covered[:n], b) {
			covered = append(covered, b)
		}
	}
	if len(covered) == n {
		return covered
	}
	slices.Sort(covered)
	return slices.Compact(covered)
}

// convert turns a worker's answer into a Result.
func convert(id string, r *rt.SpecgenWire, yaegi bool) Result {
	res := Result{ID: id, Outcome: OK, Stdout: r.Stdout, Stderr: r.Stderr, Duration: time.Duration(r.Nanos), CPU: time.Duration(r.CPU), Covered: r.Covered, Asserts: r.Asserts, Cut: r.Cut}
	for _, c := range r.Cmps {
		res.Cmps = append(res.Cmps, Cmp{Site: c.Site, A: c.A, B: c.B})
	}
	if r.Fail != "" {
		res.Outcome = Broken
		res.Message = r.Fail
		return res
	}
	res.Inputs = namedValues(r.Inputs)
	res.Globals = namedValues(r.Globals)
	for _, o := range r.Outputs {
		res.Outputs = append(res.Outputs, wireValue(o))
	}
	if r.After != nil {
		v := wireValue(r.After.V)
		res.After = &v
	}
	res.ArgsAfter = namedValues(r.ArgsAfter)
	res.ArgsBefore = namedValues(r.ArgsBefore)
	if r.Err != nil {
		res.Err = &ErrorInfo{Message: r.Err.Message, Type: r.Err.Type, Types: r.Err.Types, Sentinels: r.Err.Sentinels}
		if yaegi && strings.HasPrefix(res.Err.Type, "interp.") {
			// yaegi hides interpreted error types behind its own wrapper
			// (traefik/yaegi#1345, #1716): the type is unknown.
			res.Err.Type = ""
		}
	}
	if r.Panic != nil {
		res.Outcome = Panicked
		res.Panic = &PanicInfo{Message: r.Panic.Message, Type: r.Panic.Type}
		res.Outputs = nil
		res.After = nil
		res.ArgsAfter = nil
		res.ArgsBefore = nil
		res.Err = nil
		if yaegi {
			// yaegi's restricted os.Exit panics with "os.Exit(N)".
			if m := yaegiExit.FindStringSubmatch(r.Panic.Message); m != nil && r.Panic.Type == "string" {
				res.Outcome = Exited
				res.ExitCode, _ = strconv.Atoi(m[1])
				res.Message = "os.Exit(" + m[1] + ")"
				res.Panic = nil
			}
		}
	}
	return res
}

var yaegiExit = regexp.MustCompile(`^os\.Exit\((-?\d+)\)$`)

// wireValue decodes a value of the wire form decoded by encoding/json
// with UseNumber.
func wireValue(x any) spec.Value {
	data, err := json.Marshal(x)
	if err != nil {
		return spec.OpaqueValue("<" + err.Error() + ">")
	}
	var v spec.Value
	if err := v.UnmarshalJSON(data); err != nil {
		return spec.OpaqueValue("<" + err.Error() + ">")
	}
	return v
}

var goroutineHeader = regexp.MustCompile(`(?m)^goroutine \d+ \[`)

// trimStack cuts the goroutine dumps off a crashed worker's stderr: what
// the code printed and the panic line stay, the runtime's stacks go.
func trimStack(s string) string {
	if loc := goroutineHeader.FindStringIndex(s); loc != nil {
		return strings.TrimRight(s[:loc[0]], "\n") + "\n"
	}
	return s
}

// runAll runs the probes idx of prog on up to workers pools in parallel,
// each pool a copy of proto, filling results. fix rewrites messages.
// A worker already running in proto is used by the first pool.
func runAll(ctx context.Context, proto pool, workers int, prog *Program, idx []int, wire []string, results []Result, fix func(string) string) error {
	if workers < 1 {
		workers = 1
	}
	if workers > len(idx) {
		workers = len(idx)
	}
	if workers == 0 && proto.w != nil {
		proto.close()
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := proto
			if w > 0 {
				p.w = nil
			}
			defer p.close()
			for i := range next {
				res, err := p.run(ctx, wire[i], prog.Probes[i])
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("probe %s: %s", prog.Probes[i].ID, fix(err.Error()))
					}
					mu.Unlock()
					continue
				}
				res.Message = fix(res.Message)
				results[i] = res
			}
		}()
	}
	for _, i := range idx {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return firstErr
}

// defaultWorkers is the number of worker processes per run.
func defaultWorkers(n int) int {
	if n > 0 {
		return n
	}
	return min(runtime.GOMAXPROCS(0), 4)
}
