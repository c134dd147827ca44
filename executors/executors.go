// Package executors runs probes — small pieces of Go code that call a
// function of the package under test — and reports what each one did:
// results, returned error, panic, output, duration and the coverage blocks
// it ran. Two engines implement Executor: native (go test -overlay, the
// ground truth) and yaegi (the interpreter). Both run probes in a worker
// subprocess, so that nothing a probe does can take the caller down.
// Auto picks one of them per program, and CrossChecked checks yaegi
// against native as it goes. New makes an engine from its name: it is the
// one place the names "auto", "native" and "yaegi" are read.
package executors

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Executor runs a program of probes.
type Executor interface {
	// Run builds or loads the program and runs every probe of it, in order.
	// The error is for failures of the program as a whole (a package that
	// cannot be built or loaded); what a single probe does, including not
	// compiling, is reported in its Result.
	Run(ctx context.Context, prog *Program) (*Report, error)
	// Name names the engine: "native", "yaegi", "auto".
	Name() string
}

// Program is the package under test plus the probes to run against one
// of its functions.
type Program struct {
	Func   *target.Func
	Probes []Probe
	// Cover instruments the package so that each probe reports the
	// coverage blocks it ran.
	Cover bool
	// Cmps, with Cover, also has each probe report the operands of the
	// comparisons the package's functions made (Result.Cmps): strings,
	// integers, len(x), bytes, switch tags, the strings and bytes
	// functions that compare, lookups in maps with string keys. It is a
	// build of its own (native), and costs time per comparison.
	Cmps bool
	// Timeout bounds each probe (default 5s).
	Timeout time.Duration
	// MaxOutput bounds the captured stdout and stderr of each probe (default 64 KiB).
	MaxOutput int
	// Overlay replaces the content of package files (absolute path →
	// source), e.g. with a mutant; the files on disk are not touched.
	Overlay map[string][]byte
	// Exact asks for exact Go semantics (for Auto: native), because the
	// caller depends on what yaegi cannot give: the names of the package's
	// own error types, runtime panic messages.
	Exact bool
	// ObserveOpaque records each opaque result (target.Opaque) through
	// the observers target.Observers picks, unless Probe.Observe says
	// otherwise.
	ObserveOpaque bool
	// ObserveReceiver records, for each probe of a method that changes
	// its pointer receiver (target.Func.MutatesReceiver), the receiver
	// after the call (Result.After), unless Probe.After already asks for
	// it: an opaque receiver through the observers target.Observers
	// picks (nothing when there are none), any other as its canonical
	// tree. It also records, for every probe, the arguments through
	// which the call can change what its caller holds
	// (target.Func.ChangeableParams) as the call leaves them
	// (Result.ArgsAfter): the receiver and those arguments are the
	// state a call leaves behind.
	ObserveReceiver bool
	// Also are probes compiled into the program and never run (the
	// native engine; yaegi leaves them out). A program whose probes'
	// functions are among another program's (literal arguments aside:
	// see the probe files' layout) builds the same source when it has
	// that program's probes as Also, so its build is the other's, found
	// in the build cache: a second run of mutants over variations of
	// the first run's inputs, say. One that does not compile is dropped.
	Also []Probe
}

// Probe is one call of the program's function. The generated code is:
//
//	{ Setup }
//	p0 := Args[0]; p1 := Args[1]; ...   (recorded as inputs)
//	recv := Recv                        (methods; recorded as input "receiver")
//	pk := Args[k], for an argument that names the receiver (see ReceiverName): built from it
//	output0, ..., err := recv.F(p0, p1) (results recorded, opaque ones through their observers)
//	recv recorded again, as it is after the call (After, Program.ObserveReceiver)
//	p0, p1, ... recorded again, as they are after the call (ArgsAfter, Program.ObserveReceiver)
//	Asserts[i] evaluated with params by name, output/output0..n, err in scope
type Probe struct {
	// ID names the probe in reports.
	ID string
	// Setup is Go statements run first; they may declare variables the
	// argument expressions use.
	Setup string
	// Args are Go expressions for the parameters in order. For a variadic
	// parameter the expression is a slice, passed with "...".
	Args []string
	// Recv is the receiver expression of a method call (a value of the
	// receiver type, or a pointer to it for pointer receivers).
	Recv string
	// Asserts are Go boolean expressions checked after the call.
	Asserts []string
	// Imports maps import paths the code needs to the names it uses for them.
	Imports map[string]string
	// Panicking, when set, is a Go expression of a value the code
	// panics with while the call is deferred (defer f(…); panic(v)):
	// how a function that recovers a panic (a recover() helper) is
	// called. The function must return nothing. When it does not
	// recover, the probe panics with the value.
	Panicking string
	// Decls are package-level declarations the code needs (the types
	// of fakes, see target.Qualifier.Decls), written with Imports'
	// names. Probes may share one: a name declares the same source in
	// every probe of a program.
	Decls []target.Decl
	// Observe lists, per non-error result, the observers through which
	// the result is recorded (see target.ObserverBody): a map from each
	// observer key ("String()", "Len()", "Name") to its value, instead of
	// the result's canonical tree. An observer that panics reads as the
	// opaque value ObserverPanic, one whose two calls disagree as
	// ObserverUnstable. A missing or nil entry records the canonical
	// tree, or, with Program.ObserveOpaque, observes an opaque result
	// through target.Observers.
	Observe [][]string
	// After asks for the receiver of a method as it is after the call
	// (Result.After), recorded when the call returns, with or without
	// an error: through the observers AfterObserve lists (see Observe),
	// or as its canonical tree when AfterObserve is nil. A nil pointer
	// receiver reads as null.
	After        bool
	AfterObserve []string
	// ArgsAfter names parameters whose arguments are recorded again as
	// the call leaves them (Result.ArgsAfter), when it returns, with or
	// without an error: as canonical trees, or through the observers
	// ArgsObserve lists for the parameter (a pointer to an opaque
	// value, see target.Func.ObservedParams; a nil one reads as null).
	ArgsAfter   []string
	ArgsObserve map[string][]string
	// Func, when set, is the function this probe calls instead of
	// Program.Func: an instantiation of it when Program.Func is generic
	// (see target.Func.Instantiate), so that one program runs cases of
	// several instantiations.
	Func *target.Func
	// Globals are package-level variables of the package under test
	// that the probe sets before everything else it runs (Setup, the
	// arguments, the receiver) and that are set back to what they held
	// when the probe ends, however it ends: the knobs a function reads
	// (CoerceNewVersion = false). Their values as set are recorded
	// (Result.Globals).
	Globals []Global
	// Mutant selects the mutant the probe runs against when the
	// program's Overlay holds a mutant schema (a package-level int
	// variable named MutantVar that the mutated code switches on): the
	// worker sets the variable before the call and resets it after. 0 is
	// the original code. It is not part of the build: programs that
	// differ only in it share one.
	Mutant int
}

// Global is one package-level variable a probe sets: its name in the
// package under test and the Go expression of its value.
type Global struct {
	Name string
	Expr string
}

// MutantVar is the package-level int variable of a mutant schema that
// selects the active mutant (0 = none); Probe.Mutant sets it per probe.
const MutantVar = "specgenMutant"

// hasSchema reports whether the program's overlay declares MutantVar.
func (p *Program) hasSchema() bool {
	decl := []byte("var " + MutantVar + " ")
	for _, src := range p.Overlay {
		if bytes.Contains(src, decl) {
			return true
		}
	}
	return false
}

// The texts of the opaque values of observers that did not give one
// value (see Probe.Observe).
const (
	ObserverPanic    = "<panic>"
	ObserverUnstable = "<unstable>"
)

// Report is the outcome of running a program.
type Report struct {
	Engine string
	// Why says why Engine ran the program, when it was chosen (auto):
	// "the package is safe for yaegi", "yaegi would get this package
	// wrong: ...", "yaegi disagrees with native (...)".
	Why     string
	Results []Result // parallel to Program.Probes
	// Blocks are the coverage blocks of the package (when Program.Cover).
	Blocks []Block
	// BuildTime is the time spent compiling (native) or loading (yaegi).
	BuildTime time.Duration
}

// Block is a coverage block: a run of statements that execute together.
type Block struct {
	File                string // absolute path
	StartLine, StartCol int
	EndLine, EndCol     int
	NumStmts            int
}

// Outcome classifies what a probe did.
type Outcome string

// Outcomes.
const (
	OK       Outcome = "ok"      // returned; Err may still be a returned error
	Panicked Outcome = "panic"   // the call panicked (Panic set)
	Timeout  Outcome = "timeout" // did not finish within the timeout
	Exited   Outcome = "exit"    // the call ended the process (os.Exit or a crash such as a panic in another goroutine)
	NoBuild  Outcome = "compile" // the probe did not compile (CompileError set)
	Refused  Outcome = "refused" // the probe uses something that is not allowed (os/exec, net, ...)
	Broken   Outcome = "engine"  // the engine failed (worker could not start, protocol error)
)

// BuildError reports that a program does not compile: the package with
// its probes (a mutant, say) fails to build, as opposed to an engine that
// fails. Callers tell the two apart with errors.As.
type BuildError struct {
	// Step says what did not compile ("native: build example.com/p",
	// "generated harness does not compile").
	Step string
	// Detail is the compiler's output, with overlay paths replaced by
	// the files' names.
	Detail string
}

func (e *BuildError) Error() string { return e.Step + ": " + e.Detail }

// Result is what one probe did.
type Result struct {
	ID      string
	Outcome Outcome
	// Inputs are the argument values (and "receiver") as evaluated, before the call.
	Inputs []NamedValue
	// Outputs are the non-error results (for OK).
	Outputs []spec.Value
	// After is the receiver as the call left it, when the probe asked
	// for it (Probe.After, Program.ObserveReceiver) and the call
	// returned (for OK, with or without Err); nil otherwise.
	After *spec.Value
	// ArgsAfter are arguments as the call left them, by parameter name
	// in parameter order, when the probe asked for them
	// (Probe.ArgsAfter, Program.ObserveReceiver) and the call returned.
	ArgsAfter []NamedValue
	// ArgsBefore are the arguments of ArgsAfter observed through their
	// API (target.Observers) as the call was given them: what ArgsAfter
	// is compared with to tell whether the call changed them.
	ArgsBefore []NamedValue
	// Globals are the package-level variables the probe set
	// (Probe.Globals), by name in the probe's order, as set.
	Globals []NamedValue
	// Err is the returned error (the last result of type error), when non-nil.
	Err *ErrorInfo
	// Panic is set for Panicked, and for Exited when the process died of a panic.
	Panic *PanicInfo
	// ExitCode is set for Exited.
	ExitCode int
	// Asserts are the results of Probe.Asserts, in order.
	Asserts []bool
	// Message explains Timeout, Exited, NoBuild, Refused and Broken.
	Message  string
	Stdout   string
	Stderr   string
	Duration time.Duration
	// CPU is the processor time the worker spent on the call, in all its
	// threads, where its system says (Duration otherwise, and for a call
	// that timed out or ended the worker). Unlike Duration, it hardly
	// grows on a loaded machine: what depends on how costly a probe is
	// reads CPU, so that a run gives the same spec busy or idle.
	CPU time.Duration
	// Covered lists the indices into Report.Blocks that the probe ran.
	Covered []int
	// Cmps are the comparisons the probe made (Program.Cmps), in the
	// order made: at most 8 distinct ones of the first 32 a site makes,
	// 256 in all, each operand cut to 64 bytes.
	Cmps []Cmp
	// Denied, when set, is an operation the sandbox refused the probe,
	// as its error, panic or output says it ("open /x/y: permission
	// denied", "dial tcp 127.0.0.1:80: connect: permission denied"): a
	// write outside its scratch directory, a TCP connection.
	Denied string
	// Wrote names the places outside the temporary directory the probe
	// changed, when it ran in a scratch directory ("package directory",
	// "home"): a call that writes files where it runs, which a test run
	// outside the sandbox would repeat in the package's own directory.
	Wrote []string
	// Cut counts the bytes of values and messages the worker did not
	// send, too long for one: a string past its budget arrives as an
	// opaque value naming its size and hash, a longer message cut.
	Cut int
}

// Cmp is a comparison a probe made: A compared with B at a comparison
// site of the package. Integers are in decimal.
type Cmp struct {
	Site int
	Kind CmpKind
	A, B string
}

// CmpKind says what a comparison compared.
type CmpKind string

// Comparison kinds.
const (
	// CmpString: strings or byte slices (==, <, ..., switch tags, the
	// comparing functions of strings and bytes, map keys).
	CmpString CmpKind = "string"
	// CmpInt: integers.
	CmpInt CmpKind = "int"
	// CmpLen: len(x) (A) with an integer (B), whichever side of the
	// comparison len(x) was on.
	CmpLen CmpKind = "len"
	// CmpByte: a byte or rune of a string or byte slice (A, its code)
	// with an integer.
	CmpByte CmpKind = "byte"
	// CmpKey: a key (A) the code looked up and did not find in a map
	// of the input: a header of a request it read under a name it was
	// given (B is empty).
	CmpKey CmpKind = "key"
)

// NamedValue is a value with the name it was given.
type NamedValue struct {
	Name  string
	Value spec.Value
}

// Named is the value named name in vs (Result.Inputs, Result.ArgsAfter).
func Named(vs []NamedValue, name string) (spec.Value, bool) {
	for _, v := range vs {
		if v.Name == name {
			return v.Value, true
		}
	}
	return spec.Value{}, false
}

// ErrorInfo describes a returned error.
type ErrorInfo struct {
	Message string
	// Type is the concrete type of the error, as specs write it ("*strconv.NumError"), when known.
	Type string
	// Types are all the known error types found along the error's Unwrap chain (errors.As).
	Types []string
	// Sentinels are the known sentinel errors it matches with errors.Is ("io.EOF", "pricing.ErrEmpty").
	Sentinels []string
}

// PanicInfo describes a panic.
type PanicInfo struct {
	// Message is the panic value as fmt prints it (the Error() text for errors).
	Message string
	// Type is the dynamic type of the panic value ("string", "runtime.Error", "*mypkg.MyErr").
	Type string
	// Goroutine reports a panic in a goroutine other than the probe's.
	Goroutine bool
}

// Dumped reports whether the panic value is a struct fmt printed field
// by field, addresses among them (logrus panics with its *Entry:
// "&{0xc000123400 map[] 2024-… panic <nil> msg …}"), rather than a
// message: no run prints it the same way again, and what it holds
// varies with every input.
func (p *PanicInfo) Dumped() bool {
	if p == nil || p.Type == "string" {
		return false
	}
	m := p.Message
	return (strings.HasPrefix(m, "&{") || strings.HasPrefix(m, "{")) && address.MatchString(m)
}

// address matches a pointer as fmt prints it.
var address = regexp.MustCompile(`\b0x[0-9a-f]{6,}\b`)
