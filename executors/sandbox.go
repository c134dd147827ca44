package executors

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/specgen-dev/specgen/executors/internal/sandbox"
)

// SandboxStatus is the line gen and run print to say how workers are
// confined: "sandbox: landlock v6 (files read-only outside scratch, tcp
// denied)", "sandbox: off (-sandbox=off)", "sandbox: unavailable (kernel
// without landlock)". off reports a sandbox the user turned off.
func SandboxStatus(off bool) string { return sandbox.Current(off).String() }

// runDirPrefix starts the name of every run directory, so that the
// reaper removes nothing else.
const runDirPrefix = "specgen-run-"

// runDir is the temporary directory of one Run: yaegi's GOPATH and the
// workers' scratch directories live in it. Run removes it when it ends;
// a reaper process, which outlives specgen, removes it when specgen ends
// without doing so (SIGKILL).
type runDir struct {
	path   string
	reaper *exec.Cmd
	pipe   io.WriteCloser // closed by the kernel when specgen dies
}

// newRunDir makes a run directory in os.TempDir and starts its reaper
// from exe, which must call MaybeWorker first thing.
func newRunDir(exe string) (*runDir, error) {
	if kind := os.Getenv("SPECGEN_WORKER"); kind != "" {
		// This process was started as a worker or reaper but did not
		// become one: it never called MaybeWorker. Starting runs of its
		// own would start itself again, without end.
		return nil, fmt.Errorf("start reaper: this process was started as specgen's %q worker but runs as itself: its main (or TestMain) must call executors.MaybeWorker first", kind)
	}
	path, err := os.MkdirTemp("", runDirPrefix)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "SPECGEN_WORKER=reaper", "SPECGEN_REAP="+path)
	setDetached(cmd)
	pipe, err := cmd.StdinPipe()
	var out io.ReadCloser
	if err == nil {
		out, err = cmd.StdoutPipe()
	}
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		os.RemoveAll(path)
		return nil, fmt.Errorf("start reaper: %w", err)
	}
	// An executable that does not call MaybeWorker first would run as
	// itself (a test binary runs its tests again): wait for the reaper's
	// greeting, and give up on anything else.
	ready := make(chan bool, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		ready <- line == reaperReady+"\n"
		io.Copy(io.Discard, out)
	}()
	ok := false
	select {
	case ok = <-ready:
	case <-time.After(reaperWait):
	}
	if !ok {
		killProcessGroup(cmd)
		pipe.Close()
		cmd.Wait()
		os.RemoveAll(path)
		return nil, fmt.Errorf("start reaper: %s did not start as specgen's reaper: its main (or TestMain) must call executors.MaybeWorker first", exe)
	}
	return &runDir{path: path, reaper: cmd, pipe: pipe}, nil
}

// reaperReady is the reaper's greeting; reaperWait bounds the wait for it.
const (
	reaperReady = "specgen reaper ready"
	reaperWait  = 30 * time.Second
)

// runDirs shares one run directory, and its reaper, among the runs of an
// executor that overlap or follow one another: a reaper is a start of
// specgen's executable, which every run paid before its first worker
// could start (a gen runs its function's probes a dozen times over:
// exploration rounds, mutants, confirm's fresh reruns). Each run's
// workers and files live in directories of their own inside it, removed
// when the run ends; the shared directory and its reaper go once no run
// has used them for runDirIdle, and with specgen when it dies. The zero
// value is ready to use.
type runDirs struct {
	mu    sync.Mutex
	rd    *runDir
	exe   string
	users int
	idle  *time.Timer
	// linger is how long the directory outlives its last run (0 =
	// runDirIdle).
	linger time.Duration
}

// runDirIdle is how long a shared run directory outlives its last run.
const runDirIdle = 2 * time.Second

// open returns the shared run directory for a run of exe, starting it
// when there is none, and the function the run calls when it ends.
func (s *runDirs) open(exe string) (*runDir, func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rd != nil && s.exe != exe {
		if s.users > 0 {
			// Another executable's runs hold the shared one: this run
			// gets a directory of its own.
			rd, err := newRunDir(exe)
			if err != nil {
				return nil, nil, err
			}
			return rd, rd.remove, nil
		}
		s.drop()
	}
	if s.rd == nil {
		rd, err := newRunDir(exe)
		if err != nil {
			return nil, nil, err
		}
		s.rd, s.exe = rd, exe
	}
	if s.idle != nil {
		s.idle.Stop()
		s.idle = nil
	}
	s.users++
	rd := s.rd
	var once sync.Once
	return rd, func() { once.Do(func() { s.release(rd) }) }, nil
}

// release ends a run of rd, and starts rd's idle time when it was the
// last.
func (s *runDirs) release(rd *runDir) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rd != rd {
		return
	}
	s.users--
	if s.users > 0 {
		return
	}
	linger := s.linger
	if linger <= 0 {
		linger = runDirIdle
	}
	s.idle = time.AfterFunc(linger, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.rd == rd && s.users == 0 {
			s.drop()
		}
	})
}

// drop removes the shared directory, which no run uses; s.mu is held.
func (s *runDirs) drop() {
	if s.idle != nil {
		s.idle.Stop()
		s.idle = nil
	}
	rd := s.rd
	s.rd, s.exe = nil, ""
	// Removing waits for the reaper: not under the lock.
	go rd.remove()
}

// remove removes the directory and lets the reaper go.
func (r *runDir) remove() {
	os.RemoveAll(r.path)
	r.pipe.Close()
	done := make(chan struct{})
	go func() {
		r.reaper.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(reaperWait):
		killProcessGroup(r.reaper)
		<-done
	}
}

// scratch makes a fresh scratch directory for one worker, with a copy of
// the data files of pkgDir, and returns it with the function that
// removes it.
func (r *runDir) scratch(pkgDir string, logf func(string, ...any)) (*sandbox.Scratch, func(), error) {
	root, err := os.MkdirTemp(r.path, "w-")
	if err == nil {
		// Prepare makes the directory itself, with its parts.
		err = os.Remove(root)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("scratch directory: %w", err)
	}
	s, c, err := sandbox.New(sandbox.Layout(root), pkgDir, sandbox.Limits{})
	if err != nil {
		os.RemoveAll(root)
		return nil, nil, err
	}
	cleanup := func() {
		s.Close()
		os.RemoveAll(root)
	}
	if len(c.Skipped) > 0 && logf != nil {
		logf("sandbox: %d entries of %s over the copy limits (%d files, %d MiB) not copied into the scratch directory, first %s", len(c.Skipped), pkgDir, sandbox.DefaultFiles, sandbox.DefaultBytes>>20, c.Skipped[0])
	}
	return s, cleanup, nil
}

// confinedWorker is what the worker of an engine needs to know about the
// sandbox.
type confinedWorker struct {
	status sandbox.Status
	// scratch is the worker's scratch directory, which is put back
	// after a probe changed it; nil when the sandbox is off.
	scratch *sandbox.Scratch
}

// denied reports the operation the sandbox refused res, if any.
func (c confinedWorker) denied(res Result) string {
	if c.scratch == nil {
		return ""
	}
	var text []string
	if res.Err != nil {
		text = append(text, res.Err.Message)
	}
	if res.Panic != nil {
		text = append(text, res.Panic.Message)
	}
	text = append(text, res.Message, res.Stderr, res.Stdout)
	return c.status.Denied(strings.Join(text, "\n"), c.scratch.Root, c.scratch.Pkg)
}

// workerEnv is the part of a worker's environment that says where it
// may write, and how MaybeWorker confines it.
func workerEnv(d sandbox.Dirs) []string {
	return append(d.Env(), "SPECGEN_SCRATCH="+d.Root)
}

// confineWorker confines a worker process to its scratch directory, as
// MaybeWorker does first thing when SPECGEN_SCRATCH is set.
func confineWorker() error {
	root := os.Getenv("SPECGEN_SCRATCH")
	if root == "" {
		return nil
	}
	return sandbox.Confine(root)
}

// trampoline is the worker kind "confine": specgen's own executable
// confines itself and then becomes the native worker binary named by
// SPECGEN_EXEC, which inherits the confinement (and Pdeathsig).
func trampoline() error {
	bin := os.Getenv("SPECGEN_EXEC")
	if bin == "" {
		return errors.New("no worker binary (SPECGEN_EXEC)")
	}
	if err := confineWorker(); err != nil {
		return err
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SPECGEN_EXEC=") && !strings.HasPrefix(kv, "SPECGEN_WORKER=") {
			env = append(env, kv)
		}
	}
	env = append(env, "SPECGEN_WORKER=native")
	if err := execProgram(bin, env); err != nil {
		return fmt.Errorf("exec %s: %w", bin, err)
	}
	return nil
}

// reap is the worker kind "reaper": it waits for its stdin to close,
// which happens when specgen removes the run directory or dies, and then
// removes the run directory SPECGEN_REAP. It ignores the signals that
// end specgen, since its work starts when specgen ends.
func reap() error {
	signal.Ignore(os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	dir := os.Getenv("SPECGEN_REAP")
	if !filepath.IsAbs(dir) || !strings.HasPrefix(filepath.Base(dir), runDirPrefix) {
		return fmt.Errorf("reaper: %q is not a run directory", dir)
	}
	fmt.Println(reaperReady)
	io.Copy(io.Discard, os.Stdin)
	// Workers die with specgen, but the signal may land a moment after
	// the pipe closes: a dying worker may still hold its directory.
	var err error
	for range 100 {
		if err = os.RemoveAll(dir); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("reaper: %w", err)
}

// sandboxStatus is the sandbox of workers on this machine.
func sandboxStatus(off bool) sandbox.Status { return sandbox.Current(off) }

// executable is exe, or the running executable when it is "".
func executable(exe string) (string, error) {
	if exe != "" {
		return exe, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find specgen's executable: %w", err)
	}
	return exe, nil
}
