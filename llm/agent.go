package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// Phases of the model calls a SpecAgent makes.
const (
	PhaseSpec   = "spec"
	PhaseRefine = "refine"
)

// AgentOptions configure a SpecAgent. The zero value is ready to use.
type AgentOptions struct {
	// Bundle asks for the structured bundle (see Bundle) instead of YAML
	// text.
	Bundle bool
	// MaxTokens bounds each answer (0: 8192).
	MaxTokens int
	// Logf, when set, receives debug logging.
	Logf func(format string, args ...any)
}

// SpecAgent is a write.Writer that asks a model for the spec, in
// YAML (the default: the model writes the spec's text, which ParseSpec
// sanitizes and repairs) or as a structured bundle (ParseBundle). The
// YAML comes wrapped in a one-field JSON object, {"yaml": "..."}, so that
// both providers' structured output carries it (OpenAI's json_schema,
// Anthropic's tool use), an answer that is not even that is sent back
// once by model.Structured, and no prose or code fence needs guessing
// away.
type SpecAgent struct {
	client model.Client
	opts   AgentOptions
	schema json.RawMessage
}

// NewSpecAgent returns a spec agent asking c.
func NewSpecAgent(c model.Client, opts AgentOptions) *SpecAgent {
	a := &SpecAgent{client: c, opts: opts, schema: sourceSchema()}
	if opts.Bundle {
		a.schema = BundleSchema()
	}
	return a
}

// Name is the model's "provider:name".
func (a *SpecAgent) Name() string { return model.Name(a.client) }

// Draft asks for the spec (Attempt 0) or a refinement of the previous
// one, and parses the answer.
func (a *SpecAgent) Draft(ctx context.Context, req *write.Request) (*write.Draft, error) {
	fi := newFuncInfo(req.Func)
	phase := PhaseSpec
	if req.Attempt > 0 {
		phase = PhaseRefine
	}
	mreq := model.Request{
		Phase:     phase,
		System:    specSystem,
		Messages:  []model.Message{{Role: model.RoleUser, Content: specPrompt(fi, req, a.opts.Bundle)}},
		Schema:    a.schema,
		MaxTokens: a.opts.MaxTokens,
	}
	if mreq.MaxTokens <= 0 {
		mreq.MaxTokens = defaultMaxTokens
	}
	var (
		fn    *spec.Function
		fixes []string
		err   error
	)
	if a.opts.Bundle {
		mreq.SchemaName = bundleSchemaName
		var b Bundle
		if _, err := model.Structured(ctx, a.client, mreq, &b); err != nil {
			return nil, err
		}
		fn, fixes, err = ParseBundle(req.Func, &b)
	} else {
		mreq.SchemaName = sourceSchemaName
		var src specSource
		if _, err := model.Structured(ctx, a.client, mreq, &src); err != nil {
			return nil, err
		}
		fn, fixes, err = ParseSpec(req.Func, src.YAML)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", phase, err)
	}
	if a.opts.Logf != nil {
		for _, f := range fixes {
			a.opts.Logf("%s: %s: fixed: %s", req.Func.Name, phase, f)
		}
	}
	return &write.Draft{Function: fn, Fixes: fixes}, nil
}

// specSystem is the system prompt of the spec agent.
const specSystem = `You are an expert Go engineer writing a regression spec for existing Go code.
The spec states what the code does today, as observed by running it. You never compute results
yourself: every expected value, error and panic in the spec comes from the verified results you are
given, which were measured by running the real code. Answer with a JSON object that fits the given
schema, and nothing else.`

// specPrompt asks for the spec, or for its refinement.
func specPrompt(fi *funcInfo, req *write.Request, bundle bool) string {
	f := fi.f
	var b strings.Builder
	if req.Attempt == 0 {
		fmt.Fprintf(&b, "# Write the spec of %s\n\n", f.Name)
	} else {
		fmt.Fprintf(&b, "# Fix the spec of %s (refinement %d)\n\n", f.Name, req.Attempt)
	}
	b.WriteString(fi.section())
	b.WriteString("\n## Verified results\n\n")
	b.WriteString("Each line is a call that was run natively and what it did: the ground truth.\n")
	var ok, raised []string
	for _, c := range req.Verified {
		line := "- " + inputsText(fi, c) + "  =>  "
		after := ""
		if c.ReceiverAfter != nil {
			after = ", receiver_after: " + c.ReceiverAfter.String()
		}
		if c.InputsAfter != nil {
			after += ", inputs_after: " + c.InputsAfter.String()
		}
		switch {
		case c.Raises != "":
			line += "raises: " + yamlScalar(c.Raises)
			if c.Match != "" {
				line += ", match: " + quoteYAML(c.Match)
			}
			raised = append(raised, line+after)
		case c.Expected != nil:
			ok = append(ok, line+"expected: "+c.Expected.String()+after)
		default:
			ok = append(ok, line+"returns"+after)
		}
	}
	section := func(title string, lines []string) {
		fmt.Fprintf(&b, "\n%s (%d):\n", title, len(lines))
		if len(lines) == 0 {
			b.WriteString("  (none)\n")
		}
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	section("Returned normally", ok)
	section("Returned an error or panicked", raised)

	b.WriteString("\n")
	if bundle {
		b.WriteString(bundleFormat(fi))
	} else {
		b.WriteString(yamlFormat(fi, req.Verified))
	}
	if v := fi.specValues(req.Verified, bundle); v != "" {
		b.WriteString("\n" + v)
	}
	b.WriteString("\n")
	b.WriteString(specConstraints(fi, len(ok), len(raised), bundle))

	if req.Attempt > 0 {
		if req.Previous != nil {
			b.WriteString("\n## Your previous spec, as checked (expected values corrected by running it)\n\n```yaml\n")
			data, err := (&spec.File{Functions: []*spec.Function{req.Previous}}).Marshal()
			if err == nil {
				b.Write(data)
			}
			b.WriteString("```\n")
		}
		b.WriteString("\n## Problems found when it was checked\n\n")
		if len(req.Failures) == 0 {
			b.WriteString("- (none recorded)\n")
		}
		for _, f := range req.Failures {
			b.WriteString("- " + f + "\n")
		}
		b.WriteString(`
## What to do now

Return the complete spec again with these problems fixed. The cases that passed are kept whatever you
answer; fix or replace the failing ones, and leave out an evaluator that does not hold for every case.
`)
	}
	return b.String()
}

// inputsText renders a case's arguments as "name: value, ...".
func inputsText(fi *funcInfo, c *spec.Case) string {
	var parts []string
	if len(c.Types) > 0 {
		parts = append(parts, "types: "+typesYAML(c.Types))
	}
	if c.Receiver != nil {
		parts = append(parts, "receiver: "+c.Receiver.String())
	}
	switch {
	case c.Input != nil && len(fi.f.Params) > 0:
		parts = append(parts, fi.f.Params[0].Name+": "+c.Input.String())
	case c.Inputs != nil && c.Inputs.Kind == spec.Map:
		for _, e := range c.Inputs.Map {
			k := e.Key.Str
			if e.Key.Kind != spec.String {
				k = e.Key.String()
			}
			parts = append(parts, k+": "+e.Val.String())
		}
	case c.Inputs != nil:
		parts = append(parts, "inputs: "+c.Inputs.String())
	}
	if len(parts) == 0 {
		return "(no arguments)"
	}
	return strings.Join(parts, ", ")
}

// yamlScalar writes s plain when YAML reads it back as the same string,
// quoted otherwise ("*pricing.ParseError" would be an alias).
func yamlScalar(s string) string {
	if s == "" || strings.ContainsAny(s[:1], "*&!%@`'\"{}[]|>#?:-,") || strings.ContainsAny(s, ":#") {
		return quoteYAML(s)
	}
	return s
}

// quoteYAML writes s as a double-quoted YAML (and JSON) string.
func quoteYAML(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// yamlFormat explains the YAML spec format with an example for f.
func yamlFormat(fi *funcInfo, verified []*spec.Case) string {
	f := fi.f
	var b strings.Builder
	b.WriteString("## Spec format (YAML)\n\n")
	fmt.Fprintf(&b, "The top-level key is the function's name, %s. Under it, `evals` (optional) holds evaluators applied\n", f.Name)
	b.WriteString("to every case and `dataset` the list of cases, each under a `case:` key with: `id`, the arguments\n")
	if len(f.Params) == 1 {
		fmt.Fprintf(&b, "(`input: value` for the one parameter %s, or `inputs: {%s: value}`)", f.Params[0].Name, f.Params[0].Name)
	} else if len(f.Params) > 1 {
		var names []string
		for _, p := range f.Params {
			names = append(names, p.Name+": …")
		}
		fmt.Fprintf(&b, "(`inputs: {%s}` by parameter name)", strings.Join(names, ", "))
	} else {
		b.WriteString("(none: the function takes no arguments)")
	}
	if len(f.TypeParams) > 0 {
		b.WriteString(", `types` (the type arguments, see below)")
	}
	if f.Recv != nil {
		if target.Rebuilds(f.Recv) {
			fmt.Fprintf(&b, ", `receiver` (the %s value the method is called on, a struct as a mapping of its exported fields)", f.Recv.Obj().Name())
		} else {
			fmt.Fprintf(&b, ", `receiver` (the %s value the method is called on, as Go code: see below)", f.Recv.Obj().Name())
		}
	}
	b.WriteString(",\nand either `expected` (the result; a list when there are several non-error results) or\n")
	b.WriteString("`raises` with an optional `match` (a regexp on the error message or panic value).\n")
	if f.MutatesReceiver() {
		b.WriteString("The method changes its receiver: `receiver_after` states the receiver as a call that returns\n")
		b.WriteString("(with or without an error) leaves it, written like `expected`; a method key may pass the call's own\n")
		b.WriteString("arguments by parameter name, as `Get(k)` after `Set(k, v)` (a value and a bool read as `[value, ok]`).\n")
	}
	if len(f.ChangeableParams()) > 0 {
		b.WriteString("Arguments the call changes (pointer, slice or map parameters) are stated by `inputs_after`,\n")
		b.WriteString("a mapping by parameter name of the arguments as a call that returns leaves them.\n")
	}
	b.WriteString("\nExample:\n\n```yaml\n")
	b.WriteString(exampleYAML(fi, verified))
	b.WriteString("```\n\nAnswer with {\"yaml\": \"<the spec as YAML text>\"}.\n")
	return b.String()
}

// exampleYAML is a small spec of f built from two verified cases.
func exampleYAML(fi *funcInfo, verified []*spec.Case) string {
	fn := &spec.Function{Name: fi.f.Name}
	if t := fi.resultType(); t != "" {
		fn.Evals.Type = &spec.TypeEval{Type: t}
	}
	var okCase, errCase *spec.Case
	for _, c := range verified {
		switch {
		case c.Raises == "" && okCase == nil:
			okCase = c
		case c.Raises != "" && errCase == nil:
			errCase = c
		}
	}
	for i, c := range []*spec.Case{okCase, errCase} {
		if c == nil {
			continue
		}
		cc := *c
		cc.Generated = false
		cc.ID = []string{"typical-input", "rejected-input"}[i]
		fn.Dataset = append(fn.Dataset, &cc)
	}
	data, err := (&spec.File{Functions: []*spec.Function{fn}}).Marshal()
	if err != nil || len(fn.Dataset) == 0 {
		return fi.f.Name + ":\n  dataset:\n    - case:\n        id: example\n"
	}
	return string(data)
}

// bundleFormat explains the bundle format.
func bundleFormat(fi *funcInfo) string {
	var b strings.Builder
	b.WriteString("## Spec format (bundle)\n\n")
	fmt.Fprintf(&b, "Answer with a bundle holding one function, %q: its evaluators (an empty string leaves one out) and\n", fi.f.Name)
	b.WriteString("its cases. Values are written as JSON text: `inputs` is a JSON object of the arguments by parameter\n")
	b.WriteString("name, `expected` the JSON of the result (a JSON list when there are several non-error results), \"\"\n")
	b.WriteString("when the case raises. Example of a case: ")
	var args []string
	for _, p := range fi.f.Params {
		args = append(args, fmt.Sprintf("%q: …", p.Name))
	}
	types := ""
	if len(fi.f.TypeParams) > 0 {
		types = `{\"` + fi.f.TypeParams[0].Name + `\": \"int\"}`
	}
	fmt.Fprintf(&b, "{\"id\": \"typical-input\", \"types\": \"%s\", \"inputs\": \"{%s}\", \"receiver\": \"\", \"expected\": \"…\", \"raises\": \"\", \"match\": \"\"}.\n",
		types, strings.ReplaceAll(strings.Join(args, ", "), `"`, `\"`))
	return b.String()
}

// specConstraints are the rules of every spec answer.
func specConstraints(fi *funcInfo, nOK, nRaised int, bundle bool) string {
	f := fi.f
	var b strings.Builder
	b.WriteString("## Constraints\n\n")
	fmt.Fprintf(&b, "- Cover every verified result: %s returning normally and %s with `raises`, one for each\n",
		plural(nOK, "case"), plural(nRaised, "case"))
	b.WriteString("  verified error or panic. You may add cases for other inputs; they will be run and corrected.\n")
	if len(f.Params) > 0 {
		var names []string
		for _, p := range f.Params {
			names = append(names, p.Name+" ("+fi.typeString(p.Type)+")")
		}
		fmt.Fprintf(&b, "- Give the arguments by parameter name: %s.\n", strings.Join(names, ", "))
	}
	b.WriteString("- `expected` is the verified result exactly as listed; never compute or round a value yourself.\n")
	if f.MutatesReceiver() && !bundle {
		b.WriteString("- `receiver_after` is the verified receiver after the call exactly as listed, or left out.\n")
	}
	if len(f.ChangeableParams()) > 0 && !bundle {
		b.WriteString("- `inputs_after` is the verified arguments after the call exactly as listed, or left out.\n")
	}
	b.WriteString("- `raises` is `error`, `panic`, or the error type or sentinel listed with the verified result;\n")
	b.WriteString("  `match` is an RE2 regexp on the message, anchored like the verified one.\n")
	typeEval, assertEval := "`Type: {type: %q}`", "`Assertion: {assertion: \"<Go boolean expression>\"}`"
	if bundle {
		typeEval, assertEval = "evals.type %q", "evals.assertion, a Go boolean expression"
	}
	if t := fi.resultType(); t != "" {
		fmt.Fprintf(&b, "- Optional evaluators: "+typeEval+"; %s over the parameters by name,\n", t, assertEval)
		b.WriteString("  `output` (or output0, output1, … for several results) and `err`, which must hold for EVERY case,\n")
		b.WriteString("  error cases included (e.g. `err != nil || output >= 0`).\n")
	} else {
		fmt.Fprintf(&b, "- Optional evaluator: %s over the parameters by name and `err`, which must\n", assertEval)
		b.WriteString("  hold for EVERY case.\n")
	}
	b.WriteString("- Every case has a short, unique, readable id (kebab-case).\n")
	if !bundle {
		b.WriteString("- Plain data only: no YAML tags (such as !!python/tuple or !!set), no anchors, no durations.\n")
	}
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
