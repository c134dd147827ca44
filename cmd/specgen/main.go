package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/specgen-dev/specgen/executors"
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
  mutate  measure specs by the mutants of their functions they kill
  schema  print the JSON Schema of the spec format

Run "specgen <command> -h" for a command's flags.
`

func specgen(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	switch args[0] {
	case "gen":
		err = genCmd(ctx, args[1:], stdout, stderr)
	case "run":
		err = runCmd(ctx, args[1:], stdout, stderr)
	case "export":
		err = exportCmd(ctx, args[1:], stdout, stderr)
	case "mutate":
		err = mutateCmd(ctx, args[1:], stdout, stderr)
	case "schema":
		err = schemaCmd(args[1:], stdout, stderr)
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
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: specgen %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
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
