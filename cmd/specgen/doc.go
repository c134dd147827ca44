/*
Specgen writes regression specs for existing Go code by running it, and
runs them.

Given a function, specgen explores it: it writes probe snippets that call
the function, runs them against the real code (compiled natively, or in
the yaegi interpreter), and records what happened — results, returned
errors, panics, the lines that ran. From those observations it writes a
YAML eval spec whose every expected value was measured, confirms the spec
natively (twice, to catch nondeterminism), and saves it without touching
hand-written cases.

Usage:

	specgen gen [flags] PKG [FUNC...]
	specgen run [flags] PATH...
	specgen schema

# gen

Gen explores the named functions of the package PKG (a directory such as
./internal/pricing, or an import path), or all of its top-level functions
and methods when none is named, and writes
PKG/testdata/specgen/<Func>_evals.yml for each. Functions are named Func,
Type.Method or (*Type).Method. Functions the tool cannot drive (generic
ones, ones taking functions or channels) are skipped with the reason.

The built-in explorer is used: no network, no API key, deterministic. It
mixes type-directed boundary values, values mined from the function's
source (literals, comparison operands, separators) and coverage-guided
mutation, and stops when nothing new turns up.

Flags:

	-o file          write the spec to file
	-executor name   engine that explores: auto (default), native or yaegi
	-durations       add a Duration evaluator, measured with headroom
	-max-probes n    probe budget per function (default 2000)
	-max-time d      exploration time budget per function (default 20s)
	-patience n      stop after n probes without a new block or outcome
	-timeout d       bound on each probe (default 5s)
	-n               explore and check, but write nothing
	-q, -v           quiet; debug logging

A rerun that finds the same behaviour rewrites nothing.

# run

Run runs spec files, the specs of package directories
(DIR/testdata/specgen/*.yml) or of a tree (./...), and reports passed,
failed and errored cases per function, with a diff for each failure and
each function's statement coverage.

Flags:

	-f regexp          run only matching functions
	-json file         write the report as JSON
	-junit file        write the report as JUnit XML
	-min-pass percent  pass rate needed for exit status 0 (default 100)
	-ignore-duration   skip Duration evaluators
	-executor name     auto (default), native or yaegi
	-tolerance x       relative float tolerance
	-timeout d         bound on each case
	-v                 list passing cases too

# Exit status

0 when everything passed, 1 when a case failed (or generation failed), 2
for usage errors and for specs or packages that do not load.

# Example

	$ specgen gen ./examples/pricing ParseAmount
	$ specgen run ./examples/...

# Engines

The native engine builds the package with the probes as an internal test
file through `go test -c -overlay` (the user's files are never touched)
and keeps the binary running as a worker: exact Go semantics, the ground
truth. The yaegi engine interprets the package from source: no compile
step, but yaegi v0.16.1 gets some Go wrong, so auto uses it only where it
is safe. Both run probes in a worker process: a probe that hangs, panics
in a goroutine, calls os.Exit or eats memory costs one probe and a worker
restart, never the run.
*/
package main
