// Package spec defines specgen's YAML eval spec: its Go types, the
// canonical value tree that inputs and results are written in, loading
// with precise positions, validation, and writing.
package spec

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Pos is a position in a spec file, 1-based.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	switch {
	case p.File == "" && p.Line == 0:
		return "-"
	case p.Line == 0:
		return p.File
	}
	return fmtPos(p.File, p.Line, p.Col)
}

// File is one spec file: an optional package and one or more functions.
type File struct {
	// Path is where the file was loaded from (empty for a spec built in memory).
	Path string `yaml:"-" json:"-"`
	// Package is the import path of the package under test. Empty means
	// the package in the directory above the spec's testdata directory.
	Package string `yaml:"package,omitempty" json:"package,omitempty" jsonschema:"description=import path of the package under test; resolved in the module that holds the spec file"`
	// PackagePos is where the package key is written (zero when absent).
	PackagePos Pos `yaml:"-" json:"-"`
	// Functions in file order.
	Functions []*Function `yaml:"-" json:"-"`
	// Schema is the path of the JSON Schema that editors should check the
	// file against, relative to the file (see SchemaRef). When set,
	// Marshal writes it as a first-line
	// "# yaml-language-server: $schema=..." comment, and Parse reads it
	// back from there.
	Schema string `yaml:"-" json:"-"`
}

// Function is the spec of one function or method.
type Function struct {
	// Name is Func, Type.Method or (*Type).Method.
	Name    string  `yaml:"-" json:"-"`
	Evals   Evals   `yaml:"evals,omitempty" json:"evals,omitempty" jsonschema:"description=evaluators applied to every case"`
	Dataset []*Case `yaml:"dataset" json:"dataset" jsonschema:"description=the cases"`
	// Ignore lists the ids of generated cases the user deleted: a
	// refresh or gen that finds the same behaviour again leaves it out.
	Ignore []string `yaml:"ignore,omitempty" json:"ignore,omitempty" jsonschema:"description=ids of generated cases that were deleted and must not come back"`
	// Source is the hash of the function's source and of the package
	// code it calls (target.Func.SourceHash) when specgen last wrote
	// the function's cases; "" when none is recorded. In YAML it is a
	// "# specgen:source <hash>" line comment on the function's key.
	Source string `yaml:"-" json:"-"`
	Pos    Pos    `yaml:"-" json:"-"`
}

// Evals are the evaluators applied to every case of a function.
type Evals struct {
	Type          *TypeEval          `yaml:"Type,omitempty" json:"Type,omitempty"`
	Assertion     *AssertionEval     `yaml:"Assertion,omitempty" json:"Assertion,omitempty"`
	Duration      *DurationEval      `yaml:"Duration,omitempty" json:"Duration,omitempty"`
	Pattern       *PatternEval       `yaml:"Pattern,omitempty" json:"Pattern,omitempty"`
	ContainsInput *ContainsInputEval `yaml:"ContainsInput,omitempty" json:"ContainsInput,omitempty"`
	// LLMJudge is accepted for vowel compatibility: it is loaded, checked
	// for a rubric and written back, but nothing evaluates it.
	LLMJudge *LLMJudgeEval `yaml:"LLMJudge,omitempty" json:"LLMJudge,omitempty"`
	// Generated reports that specgen wrote these evaluators and nobody
	// has edited them since, so a refresh may replace them (see Merge).
	Generated bool `yaml:"-" json:"-"`
}

// TypeEval checks the Go type of the (first non-error) result, as
// go/types prints it with the package's own name ("int64", "[]string",
// "*pricing.Amount").
type TypeEval struct {
	Type string `yaml:"type" json:"type" jsonschema:"description=Go type of the result"`
	Pos  Pos    `yaml:"-" json:"-"`
}

// AssertionEval is a Go boolean expression over the parameters by name,
// output (or output0..n for several results) and err.
type AssertionEval struct {
	Assertion string `yaml:"assertion" json:"assertion" jsonschema:"description=Go boolean expression over the parameters by name and output/output0..n and err"`
	Pos       Pos    `yaml:"-" json:"-"`
}

// DurationEval bounds the run time of every case.
type DurationEval struct {
	// Duration is the bound: a number of milliseconds or a Go duration ("50ms").
	Duration Duration `yaml:"duration" json:"duration" jsonschema:"description=maximum run time per case: milliseconds or a Go duration such as 50ms"`
	Pos      Pos      `yaml:"-" json:"-"`
}

// PatternEval requires the string form of the output to match a regexp.
type PatternEval struct {
	Pattern       string `yaml:"pattern" json:"pattern" jsonschema:"description=RE2 regular expression the output must match"`
	CaseSensitive *bool  `yaml:"case_sensitive,omitempty" json:"case_sensitive,omitempty"`
	Pos           Pos    `yaml:"-" json:"-"`
}

// ContainsInputEval requires the output to contain the input.
type ContainsInputEval struct {
	CaseSensitive *bool `yaml:"case_sensitive,omitempty" json:"case_sensitive,omitempty"`
	AsStrings     bool  `yaml:"as_strings,omitempty" json:"as_strings,omitempty"`
	Pos           Pos   `yaml:"-" json:"-"`
}

// LLMJudgeEval is vowel's model-graded evaluator: a rubric, and the model
// that would grade the output against it. Specgen does not run it.
type LLMJudgeEval struct {
	Rubric string `yaml:"rubric" json:"rubric"`
	Model  string `yaml:"model,omitempty" json:"model,omitempty"`
	Pos    Pos    `yaml:"-" json:"-"`
}

// Case is one entry of a dataset. In YAML it is written under a `case:` key.
type Case struct {
	// ID names the case; unique within its function.
	ID string `yaml:"id,omitempty" json:"id,omitempty"`
	// Types are the type arguments of a generic function, or of the
	// generic receiver type of a method, by type parameter name, in the
	// order of the type parameters.
	Types TypeArgs `yaml:"types,omitempty" json:"types,omitempty" jsonschema:"description=type arguments of a generic function (or of a method's generic receiver type) by type parameter name: Go type expressions in the package's scope such as int or []string"`
	// Input is the single argument of a one-parameter function.
	Input *Value `yaml:"input,omitempty" json:"input,omitempty" jsonschema:"description=the argument of a one-parameter function"`
	// Inputs are the arguments: a map by parameter name, or a list in order.
	Inputs *Value `yaml:"inputs,omitempty" json:"inputs,omitempty" jsonschema:"description=the arguments: a map by parameter name or a list in order"`
	// Globals are package-level variables of the package under test set
	// for this case only, by name, each built like an argument of the
	// variable's type (a knob the function reads: CoerceNewVersion:
	// false). They are set before the receiver and the arguments are
	// built and set back after the call.
	Globals *Value `yaml:"globals,omitempty" json:"globals,omitempty" jsonschema:"description=package-level variables of the package set for this case only (set before the receiver and arguments are built; set back after the call): a map by variable name"`
	// Receiver is the value of the method receiver.
	Receiver *Value `yaml:"receiver,omitempty" json:"receiver,omitempty" jsonschema:"description=the method receiver, built like an argument of the receiver's type"`
	// Panicking is the value code panics with while the call is
	// deferred (defer f(…); panic(v)): a function that recovers a panic
	// (a recover() helper) only does so called that way. A string is
	// the panic value itself; a value built by code ({go: ...}) its
	// expression. The call's results are dropped, as a deferred call's
	// are: such a function returns nothing.
	Panicking *Value `yaml:"panicking,omitempty" json:"panicking,omitempty" jsonschema:"description=the value a panic in progress carries while the call is deferred (defer f(…); panic(v)), for a function that recovers panics: a string, or {go: expression}"`
	// Expected is the result: one value, or a list for several results.
	Expected *Value `yaml:"expected,omitempty" json:"expected,omitempty" jsonschema:"description=the non-error result; a list when there are several"`
	// Raises is "error", "panic", a concrete error type (errors.As) or a
	// sentinel (errors.Is), e.g. "*strconv.NumError" or "io.EOF".
	Raises string `yaml:"raises,omitempty" json:"raises,omitempty" jsonschema:"description=error | panic | a concrete error type | a sentinel error"`
	// Match is a regexp on the error message or panic value.
	Match string `yaml:"match,omitempty" json:"match,omitempty" jsonschema:"description=RE2 regexp on the error message or panic value"`
	// ReceiverAfter is the receiver of a method with a pointer receiver
	// as the call leaves it, when the call returns (with or without an
	// error): its value, or for a receiver with unexported state what
	// its API says ({Len(): 2, String(): "[1 2]"}), as expected writes
	// a result; null for a nil receiver.
	ReceiverAfter *Value `yaml:"receiver_after,omitempty" json:"receiver_after,omitempty" jsonschema:"description=the pointer receiver as the call leaves it"`
	// InputsAfter are arguments the call changes through them (pointer,
	// slice and map parameters), as the call leaves them, when it returns
	// (with or without an error): a map by parameter name of values
	// written as expected writes a result; null for a nil pointer. A
	// callback (a parameter of a func type) is the list of the calls it
	// got, in order: each its argument, or the list of its arguments
	// when it takes other than one.
	InputsAfter *Value `yaml:"inputs_after,omitempty" json:"inputs_after,omitempty" jsonschema:"description=arguments the call changes (pointer, slice or map parameters) as it leaves them, and the calls a callback got (a list, each call its argument or the list of its arguments): a map by parameter name"`
	// Duration bounds this case's run time.
	Duration *Duration `yaml:"duration,omitempty" json:"duration,omitempty" jsonschema:"description=maximum run time: milliseconds or a Go duration"`
	// Tolerance is the relative float tolerance of Expected for this case.
	Tolerance float64 `yaml:"tolerance,omitempty" json:"tolerance,omitempty"`
	// Unordered makes the lists of Expected, ReceiverAfter and
	// InputsAfter compare as multisets: each element wanted is matched
	// by a different element got, in any order. It is for results whose
	// order changes from run to run (a slice filled from a map).
	Unordered bool `yaml:"unordered,omitempty" json:"unordered,omitempty" jsonschema:"description=compare the lists of expected/receiver_after/inputs_after in any order (a result filled from a map)"`
	// Pos is where the case starts; Fields maps each key to its position.
	Pos    Pos            `yaml:"-" json:"-"`
	Fields map[string]Pos `yaml:"-" json:"-"`
	// Review, when set, says why a reviewer should look at the case
	// before trusting it as the reference (a nil-pointer panic, a result
	// its doc comment contradicts, ...). In YAML it is a
	// "# specgen: review — <reason>" comment above the case; it is not
	// part of the case's fingerprint.
	Review string `yaml:"-" json:"-"`
	// Generated reports that specgen wrote this case and nobody has
	// edited it since, so a refresh may replace it; a case without the
	// flag is hand-written and is never dropped (see Merge).
	Generated bool `yaml:"-" json:"-"`
	// Annotated reports a person's comment on the case: above it (but
	// for the first case, whose comment is the dataset's), beside its
	// marker, or inside it. A comment is not an edit, so the case stays
	// generated and a refresh may update it in place; but a refresh never
	// drops it, which would lose the comment (see Merge).
	Annotated bool `yaml:"-" json:"-"`
}

// StatesValues reports whether c states a value that Unordered
// compares: expected, receiver_after or inputs_after.
func (c *Case) StatesValues() bool {
	return c.Expected != nil || c.ReceiverAfter != nil || c.InputsAfter != nil
}

// TypeArg is the type argument of one type parameter.
type TypeArg struct {
	// Param is the type parameter's name ("T").
	Param string
	// Type is a Go type expression in the scope of the package under
	// test ("int", "ID", "[]string", "time.Duration").
	Type string
	// Pos is where the type is written.
	Pos Pos
}

// TypeArgs are the type arguments of a case of a generic function or of
// a method of a generic type. In YAML they are a mapping from type
// parameter name to type: {T: int}.
type TypeArgs []TypeArg

// Get returns the type given for the type parameter param.
func (a TypeArgs) Get(param string) (TypeArg, bool) {
	for _, t := range a {
		if t.Param == param {
			return t, true
		}
	}
	return TypeArg{}, false
}

// String writes the arguments as "T=int, U=string".
func (a TypeArgs) String() string {
	var b strings.Builder
	for i, t := range a {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.Param + "=" + t.Type)
	}
	return b.String()
}

// MarshalJSON writes the arguments as an object, in order.
func (a TypeArgs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, t := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(t.Param)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(t.Type)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func fmtPos(file string, line, col int) string {
	if col > 0 {
		return file + ":" + itoa(line) + ":" + itoa(col)
	}
	return file + ":" + itoa(line)
}

func itoa(i int) string { return strconv.Itoa(i) }

// Duration is a time bound written as milliseconds (a number) or as a Go
// duration string ("1.5s").
type Duration struct {
	time.Duration
}
