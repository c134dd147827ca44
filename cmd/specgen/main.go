package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // a case failed, or generation failed
	exitUsage  = 2 // bad flags, or a spec or package that does not load
)

func main() {
	executors.MaybeWorker()
	os.Exit(specgen(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError is a problem with how specgen was called, or with its input
// files: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errFailed reports a run whose cases did not all pass: exit status 1,
// the report already says why.
var errFailed = errors.New("failed")

const usage = `usage: specgen <command> [flags] [arguments]

Commands:
  gen     explore functions and write their specs
  run     run specs and report
  export  write specs as a go test file, specgen_evals_test.go
  check   exit 1 when a spec fails or is out of date with its code (CI, pre-commit)
  refresh re-explore functions whose code changed; show and accept behaviour changes
  mutate  measure specs by the mutants of their functions they kill
  report  write an HTML report of what each spec covers (-html DIR)
  schema  print the JSON Schema of the spec format
  clean   remove specgen's build cache
  version print specgen's version

Run "specgen <command> -h" for a command's flags.
`

func specgen(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	// SIGTERM (timeout, CI runners, editors) and SIGHUP (a closed
	// terminal) end specgen as SIGINT does: the context is cancelled, the
	// workers are killed and the temporary directories removed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	var err error
	switch args[0] {
	case "gen":
		err = genCmd(ctx, args[1:], stdout, stderr)
	case "run":
		err = runCmd(ctx, args[1:], stdout, stderr)
	case "export":
		err = exportCmd(ctx, args[1:], stdout, stderr)
	case "check":
		err = checkCmd(ctx, args[1:], stdout, stderr)
	case "refresh":
		err = refreshCmd(ctx, args[1:], os.Stdin, stdout, stderr)
	case "mutate":
		err = mutateCmd(ctx, args[1:], stdout, stderr)
	case "report":
		err = reportCmd(ctx, args[1:], stdout, stderr)
	case "schema":
		err = schemaCmd(args[1:], stdout, stderr)
	case "clean":
		err = cleanCmd(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		err = versionCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		fmt.Fprintf(stderr, "specgen: unknown command %q\n\n%s", args[0], usage)
		return exitUsage
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	}
	fmt.Fprintf(stderr, "specgen: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitFailed
}

// newFlags makes a command's flag set, printing errors and help to stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printUsage(stderr, fs, synopsis) }
	return fs
}

// parse parses flags, allowing them after positional arguments too
// (specgen run ./... -v).
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// noSpecs reports whether err says that paths name no spec file; then
// it prints [no specs] for each, as go test prints [no test files], and
// the command succeeds.
func noSpecs(w io.Writer, err error, paths []string) bool {
	if !errors.Is(err, runner.ErrNoSpecs) {
		return false
	}
	for _, p := range paths {
		fmt.Fprintf(w, "?   \t%s\t[no specs]\n", p)
	}
	return true
}

// sandboxFlag is -sandbox: whether probes run confined.
type sandboxFlag struct{ off bool }

func (f *sandboxFlag) String() string {
	if f.off {
		return "off"
	}
	return "on"
}

func (f *sandboxFlag) Set(s string) error {
	switch s {
	case "on":
		f.off = false
	case "off":
		f.off = true
	default:
		if b, err := strconv.ParseBool(s); err == nil {
			f.off = !b
			return nil
		}
		return fmt.Errorf("want on or off, not %q", s)
	}
	return nil
}

func (f *sandboxFlag) register(fs *flag.FlagSet) {
	fs.Var(f, "sandbox", "`on`: probes run in a scratch directory, confined by Landlock (files read-only elsewhere, no TCP); off: unconfined, in the package directory")
}
