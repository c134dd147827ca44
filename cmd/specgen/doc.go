/*
Specgen writes regression specs for existing Go code by running it, and
runs them.

Given a function, specgen explores it: it writes probe snippets that call
the function, runs them against the real code (compiled natively, or in
the yaegi interpreter), and records what happened — results, returned
errors, panics, the lines that ran. From those observations it writes a
YAML eval spec whose every expected value was measured, confirms the spec
natively (eleven times, and two hundred times the cases of a function
seen to vary, to catch nondeterminism), and saves it without touching
hand-written cases.

Usage:

	specgen gen [flags] PKG [FUNC...]
	specgen run [flags] PATH...
	specgen export [flags] PATH...
	specgen check [flags] [PATH...]
	specgen refresh [flags] [PATH...]
	specgen mutate [flags] PATH...
	specgen report -html DIR [flags] PATH...
	specgen schema
	specgen clean [-n]
	specgen version

Paths and patterns mean what they mean to the go command: DIR/... is DIR
and every directory below it in the same module, leaving out nested
modules (directories with a go.mod of their own), testdata, vendor, and
directories whose names start with "." or "_". A command that finds no
spec in its paths prints "?   PATH [no specs]", as go test prints
[no test files], and exits 0. A flag means the same in every command
that has it: -timeout bounds each case wherever cases run (run, check,
export, report, mutate, and gen's and refresh's native confirmation),
-probe-timeout each probe while exploring (gen, refresh); "specgen
COMMAND -h" lists a command's flags under core, budget, model and
output headings.

# gen

Gen explores the named functions of the package PKG (a directory such as
./internal/pricing, or an import path), or all of its top-level functions
and methods when none is named, and writes
PKG/testdata/specgen/<Func>_evals.yml for each. Functions are named Func,
Type.Method or (*Type).Method. A generic function is explored with up to
three instantiations, whose type arguments come from its constraints
(the types of a type set such as ~int | ~float64, the package's types
that satisfy it, int and string for any and comparable); its cases
record them (types: {T: int}) and run natively. A method of a generic
type, (*Stack).Push, is explored the same way with the type arguments
of its receiver's type, as the type declares them; its receivers are
built with the package's generic constructors (New[int]()) and written
as Go code. Functions the tool cannot drive (ones taking channels or
interfaces other than error, io.Reader, fmt.Stringer and
context.Context) are skipped with the reason.

While it works, gen shows its progress on stderr: on a terminal, one
status line redrawn in place (the functions done of those queued, and
for each function under way its phase, the probes run and the coverage
so far), erased before anything else is printed; elsewhere, a line per
step. -q prints neither. The final table's CASES column reads 40+21
when 21 of a spec's cases are a person's (written or edited by hand,
kept as they are) and 40 generated; the confirm step's line counts them
the same way, and the -json report has hand_written.

A function whose spec records the hash of its code as it is now (the
"# specgen:source <hash>" comment; the hash covers the package code it
calls, see check) is not explored again: the table reports it
unchanged, with its spec's case count, and its file is left untouched,
as is specgen_evals_test.go when no spec of the package changed. -force
explores every function again. Functions are explored four per CPU at
a time (at most 64; -jobs; one at a time with a model or -o), and the
rounds of those explored natively are built together, one build for
several functions; the specs are those a run of each function alone
writes: with N at once, each function's -max-time is N times longer, as
N explorations share the machine, and its -probe-timeout min(N, CPUs)
times (a probe whose time falls between the two bounds is the one
exception).

-shard k/n explores only the functions of shard k of n, picked by a hash
of each function's name (adding a function moves no other), for
splitting a package across CI jobs: the others are neither explored nor
touched, and specgen_evals_test.go is written from every spec on disk.
The shards' spec files merge without conflict; run specgen export after
merging to bring specgen_evals_test.go up to date with all of them.

By default the built-in explorer is used: no network, no API key,
deterministic. It mixes type-directed boundary values, values mined from
the function's source (literals, comparison operands, separators) and
coverage-guided mutation, and stops when nothing new turns up.

With -model (or $MODEL_NAME), a language model writes the probes and the
spec instead, as vowel's CodeMode does: a broad first round of probe
snippets, a second round targeted at what is missing (given the results
clustered, the lines still uncovered and the snippets already tried),
snippets that do not compile sent back with the compiler's message for
repair; then the spec, written from the verified results, sanitized
(YAML tags stripped, keys, shapes and types fixed), every case run
natively and its expected value or error corrected to what was observed,
the error behaviours the model left out added back, and refined with the
failures while fewer than -min-pass percent of its cases pass. Nothing a
model says lands in a spec unless native execution confirmed it. When a
model fails or proposes nothing, the built-in explorer and writer take
over, with a note.

Models are named provider:name: openai:gpt-4.1-mini,
anthropic:claude-haiku-4-5, ollama:qwen2.5-coder (a local server), or
openai-compatible:NAME with a base URL. Keys come from $OPENAI_API_KEY and
$ANTHROPIC_API_KEY, base URLs from $OPENAI_BASE_URL and
$ANTHROPIC_BASE_URL or -base-url. -explore-model ($EXPLORATION_MODEL) and
-spec-model ($SPEC_MODEL) choose a model per step. A missing key or an
unknown provider is reported before any work.

Flags:

	-o file          write the spec to file
	-executor name   engine that explores: auto (default), native or yaegi
	-sandbox off     run probes unconfined, in the package directory (default on:
	                 a scratch directory, Landlock; see README, Sandbox)
	-durations       add a Duration evaluator, measured with headroom
	-max-probes n    probe budget per function (default 2000)
	-max-time d      exploration time budget per function (default 20s)
	-patience n      stop after n probes without a new block, outcome or comparison
	                 (default 300; exploration also stops after two rounds
	                 without a new behaviour once every statement has run)
	-probe-timeout d bound on each probe while exploring (default 1s; calibrated
	                 to ten times the slowest probe once 20 returned or timed out)
	-timeout d       bound on each case when the spec is confirmed natively
	                 (default 5s)
	-n               explore and check, but write nothing
	-force           explore functions whose code is as their spec records too
	-shard k/n       explore only the functions of shard k of n
	-jobs n          functions explored at once (default 4 per CPU, at most 64)
	-trace file      write the run's OpenTelemetry spans to file, one JSON
	                 object a line
	-q, -v           quiet; debug logging

Tracing is off unless -trace or the OpenTelemetry variables ask for it:
$OTEL_TRACES_EXPORTER (otlp, console, none), $OTEL_EXPORTER_OTLP_ENDPOINT
or $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (OTLP is then the default
exporter), $OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf, the default, or
grpc). Spans: the command, each function, each exploration round, each
batch of probes sent to an engine, each step (write, spec agent
attempts, mutation guide, mutate, minimise, confirm) and each model call,
a GenAI client span under the step that made it; prompts and answers are
on it only with $OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true.
See README, Tracing.

Model flags:

	-model provider:name    model that explores and writes the spec
	-explore-model m        model that writes the probes
	-spec-model m           model that writes the spec
	-base-url URL           API base URL of every model
	-model-timeout d        bound on each model call attempt (default 2m)
	-prompts list           first-round prompt variants: general, boundary,
	                        errors, combinations, properties
	-hetero                 heterogeneous prompting: the four focused variants,
	                        merged and de-duplicated, instead of one prompt
	-bundle                 ask for the spec as a structured bundle, not YAML
	-min-pass percent       refine the model's spec below this pass rate (100)
	-max-refine n           refinement rounds (default 2)
	-record dir             record every model exchange in dir
	-replay dir             answer every model call from dir, without network;
	                        a call without a recording stops the run
	-prices file            price table ($ per million tokens) overriding the
	                        built-in one, YAML or JSON:
	                        gpt-4.1-mini: {input_per_mtok: 0.4, output_per_mtok: 1.6}
	-json file              write the gen report, with the cost, as JSON

With a model, the final table has the calls, tokens and cost of each
function, and a model: line totals them per phase (explore, repair,
spec, refine); the -json report has them per function and phase. It
holds no wall-clock times, so a replayed run reproduces it byte for
byte, as it reproduces the specs.

The table gives each spec's statement coverage twice: COVERAGE over the
function's own body (as go tool cover -func counts it) and REACH over
its reach, its body and the bodies of the functions and methods of its
package it calls, directly or through others (static calls, functions
named as values, and methods of the package's types behind calls of the
package's interfaces; other packages are not instrumented). The
explorer steers by the reach: a new path through a callee is a new
behaviour, and the lines of the callees no probe ran are uncovered
lines. The -json report has coverage and reach_coverage, and
explore_coverage and explore_reach_coverage for the exploration.

A method with a pointer receiver that changes the receiver (its body
assigns to it, or its name says it does: Push, Add, Sort, Reset, ...)
is pinned by the state each call leaves the receiver in, not only by
what it returns: its cases have receiver_after, written like expected
(through the receiver's API when its state is unexported, as its value
when it is not, null for a nil receiver). It is stated after a returned
error too, since a change made before the error is behaviour, and never
after a panic. A run that leaves the receiver otherwise fails the case
with the ReceiverAfter evaluator. Likewise a function that writes
through a pointer, slice or map argument states the arguments a call
changed as it leaves them (inputs_after: {s: [3, 2, 1]}); a run that
leaves them otherwise fails the case with the InputsAfter evaluator.
A callback argument is stated as the calls it got, in order, each its
argument or the list of its arguments (inputs_after: {visit: [[0, 5],
[1, 6]]}).

A case pins what the function does today, bugs included. After the table
(and as a "# specgen: review — <reason>" comment above the case), gen lists the generated cases a reviewer should check before
trusting them as the reference, each with why: a panic with a Go runtime
error (nil pointer dereference, index out of range, integer divide by
zero, nil map write, failed type assertion, ...; a panic with the
function's own message or error value is not one), a result that an
example of the doc comment contradicts (F("1k") == 1000, F("1k") returns
1000, F("1k") // 1000, F("1k") => 1000, with literal arguments; an
example no case has is run natively and added as a case when it is
contradicted), and input returned unchanged, without an error, though it
has a kind of character (a letter, a space, a sign, ...) that sets the
function's failing input apart from its valid input. The -json report
has them as reviews: [{id, reason}]. A reason shared by more than five
cases (a nil pointer dereference on every method of a nil receiver) is
one line naming the first three and how many.

	review before trusting (2):
	  ParseSize/1k-doc: doc comment says ParseSize("1k") returns 1000, got 1024
	  Lookup/out-of-range-panics: index out of range [5] with length 3 panic

A rerun that finds the same behaviour rewrites nothing.

# run

Run runs spec files, the specs of package directories
(DIR/testdata/specgen/*.yml) or of a tree (./...), and reports passed,
failed and errored cases per function, with the input (and receiver) of
each case that fails, what it wanted and what it got (one line for
scalars, a go-cmp diff, -want +got, for structured values), and
each function's statement coverage, of its body and of its reach (its
body and its callees' in the package; reach in the text report, "reach"
in the JSON report, reach.* properties in JUnit).

A spec that cannot run exits with status 2 before anything runs, each
problem at its file:line:col: YAML that does not parse (or holds bytes
that are not UTF-8 text), a package that does not load, a function that
does not exist, inputs that do not fit the parameters, an expected value
that cannot equal a result of its type (300 for a uint8), a raises that
names no error the package reaches, a Type evaluator that names no type.
A spec file may hold at most 16 MiB and 2,000,000 YAML nodes, aliases
counted as the nodes they stand for; a larger spec is split into
several files.

Flags:

	-f regexp          run only matching functions
	-json file         write the report as JSON
	-junit file        write the report as JUnit XML
	-min-pass percent  pass rate needed for exit status 0 (default 100)
	-ignore-duration   skip Duration evaluators
	-executor name     auto (default), native or yaegi
	-sandbox off       run cases unconfined, in the package directory
	-tolerance x       relative float tolerance
	-timeout d         bound on each case
	-count n           run each function's cases n times, each time in
	                   fresh workers, as go test -count does: a case passes
	                   when it passes every run, and a case that does not
	                   reports in how many runs it failed, from which run
	                   on (hunts flaky cases)
	-v                 list passing cases too

# export

Export writes the specs in each named package's testdata/specgen into
the package as one Go test file, specgen_evals_test.go (first line
"// Code generated by specgen from testdata/specgen; DO NOT EDIT."), so
that go test runs them: TestSpecgen, a subtest per function (a method's
as Type.Method) and one per case named by its id
(go test -run 'TestSpecgen/ParseAmount/empty'). Each case runs the probe
specgen run -executor native would run, and runner's evaluators judge
what it recorded, so the two agree case by case; Duration is skipped
under go test -short. A case whose probe does not compile is a t.Skip,
listed by export. Gen rewrites the file after writing specs
(-export=false opts out). An identical export writes nothing; a file of
that name without the generated line is never overwritten.

	-tolerance x  relative float tolerance of expected values
	-timeout d    bound on each case (default 5s)
	-n            build the files, write nothing

# check

Check runs the specs that PATH names (as for run; default .) and exits 0
when every case passes and every spec is current: the hash of its
function's code and of the package declarations the function depends on
(written as a "# specgen:source <hash>" comment on the function's key
when specgen writes its cases) is unchanged, and the package's
specgen_evals_test.go, when specgen wrote one, is what export would
write. It exits 1 naming each function whose spec fails (each failing
case with its input and what its evaluators said), whose code changed
since its spec was written, and each stale exported file; 2 when a spec
does not load. Each package is built once.

	-changed-since rev  only functions whose code, or whose spec file,
	                    changed since the git revision rev (working tree
	                    included): what a pre-commit hook passes (HEAD)
	-executor name      native (default), auto or yaegi
	-tolerance x        relative float tolerance of expected values
	-timeout d          bound on each case (default 5s)
	-sandbox off        run cases unconfined
	-v                  debug logging

# refresh

Refresh re-explores the functions of the specs that PATH names whose code
changed since their specs were written (every function with generated
cases, with -all; functions without a recorded hash too) and merges what
it finds into their specs as gen does. First it runs each spec on disk
against the code as it is now and prints a behaviour diff per function:
changed (a generated case whose outcome changed: its input, - what the
spec says, + what the code does now), added behaviours, dropped cases
(their behaviour still holds, another case shows it now), and
hand-written cases that now fail, which refresh never changes. A
function with a changed behaviour is written only with -accept, or after
an interactive review on a terminal (y: accept the new outcome; n: keep
the case as it is, the code is to be fixed; s: leave the function as it
is); otherwise it is left as it is and refresh exits 1. Written specs
keep every comment of the file, every hand-written and hand-edited
case, and the user's deletions: a generated case deleted since git's
HEAD is recorded under the function's ignore list and stays out.

	-accept          write changed behaviours without asking
	-all             re-explore every function with generated cases
	-interactive m   auto (default: when stdin and stdout are terminals),
	                 on or off
	-n               show the diff, write nothing
	-export=false    do not rewrite specgen_evals_test.go
	and gen's exploration flags (-executor, -max-probes, -max-time,
	-patience, -probe-timeout, -timeout, -durations, -model..., -sandbox,
	-trace, -q, -v)

# mutate

Mutate measures how much of its functions' behaviour a spec pins down.
For each function of each spec (PATH as for run), it runs the spec once
as the code is (every case must pass), then against mutants of the
function: copies of its file with one token changed inside the
function's lines, the mutators of gremlins v0.6.0 (ARITHMETIC_BASE,
CONDITIONALS_BOUNDARY, CONDITIONALS_NEGATION, INCREMENT_DECREMENT,
INVERT_ASSIGNMENTS, INVERT_BITWISE, INVERT_BWASSIGN, INVERT_LOGICAL,
INVERT_LOOPCTRL, INVERT_NEGATIVES, REMOVE_SELF_ASSIGNMENTS). A mutant is
KILLED when a case fails against it, LIVED when every case passes, NOT
COVERED when no case runs its line (it is not run), NOT VIABLE when it
does not compile, TIMED OUT when a case takes over ten times the slowest
unmutated case (at least 1s). The score is killed / (killed + lived), as
gremlins computes it, so it compares with a gremlins run of the
package's own tests. Mutants run in memory (go test -overlay): the files
are never touched. Each mutant is one native build; the table prints
per function and in total, and -v lists the mutants that lived — the
changes no case notices, where the spec needs a case.

Flags:

	-f regexp        measure only matching functions
	-json file       write the report, with every mutant, as JSON
	-v               list the mutants that lived
	-q               no progress lines
	-executor name   native (default), auto or yaegi
	-sandbox off     run mutants unconfined, in the package directory
	-timeout d       bound on each case of a mutant
	-workers n       mutants run at a time (default 2)
	-trace file      write the run's OpenTelemetry spans to file (see gen)

Mutate exits 0 once it has measured (a low score is not a failure), 1
when a spec does not pass unmutated, 2 when a spec does not load.

# report

Report runs the specs (PATH as for run) with coverage and writes an HTML
report of what they cover into DIR: one self-contained file per package,
named after its import path with slashes as underscores
(example.com_calc.html), and index.html when there are several. Styles
and script are inline; nothing is fetched when it is viewed. Per
function: its source with each line shaded by how many cases reach it,
the lines no case reaches marked and listed, the cases that reach a line
shown when it is clicked, the behaviours (cases grouped by outcome and by
the error or panic text: specs do not record exploration's clusters),
and the mutants no case kills under their line, run as mutate runs them.
gen -html DIR writes the same report of the specs it wrote, with the
survivors of its mutation step and, with a model, each function's model
cost.

Flags:

	-html dir        write the report into dir (required)
	-mutants=false   do not run the mutants
	-f regexp        report only matching functions
	-executor name   auto (default), native or yaegi
	-timeout d       bound on each case
	-sandbox off     run the cases unconfined, in the package directory
	-q               no progress lines

Report exits 0 once the files are written, whether or not every case
passed (a case that failed shows so), and 2 when a path names nothing or
a spec does not load.

# clean

Clean removes the native engine's build cache: the worker binaries that
go test -c builds, one per package, probe set and build environment.
The cache is $SPECGEN_CACHE when it is set, else the specgen/native
directory of the user cache (os.UserCacheDir: $XDG_CACHE_HOME or
~/.cache on Linux, ~/Library/Caches on macOS, %LocalAppData% on
Windows). It is bounded by total size, 1 GiB by default
($SPECGEN_CACHE_MAX, in bytes or with a KiB, MiB or GiB suffix), and by
64 binaries: after each build the least recently used binaries go
until both bounds hold. Binaries that another specgen process is using
stay. Clean prints what it removes and the bytes freed; -n prints what
it would remove, and removes nothing.

# version

Version (or -version) prints specgen's module version, the Go version
and platform it was built with, and the VCS revision, its time and
"modified" when the build recorded them:

	specgen v0.0.0-20261201223000-0123456789ab go1.26.8 linux/amd64 rev 0123456789ab 2026-12-01T22:30:00Z

# Exit status

0 when everything passed, 1 when a case failed (or generation failed; or,
for check, a spec is out of date; for refresh, a behaviour changed and
was not accepted), 2 for usage errors and for specs or packages that do
not load.

# Example

	$ specgen gen ./examples/pricing ParseAmount
	$ specgen run ./examples/...
	$ specgen mutate -v ./examples/pricing

	$ export OPENAI_API_KEY=...
	$ specgen gen -model openai:gpt-4.1-mini -record .specgen/rec ./examples/pricing ParseAmount
	$ specgen gen -model openai:gpt-4.1-mini -replay .specgen/rec ./examples/pricing ParseAmount

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
