package llm

import (
	"fmt"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
)

// Prompt variants of the first exploration round. The general prompt
// asks for everything; the others each focus on one kind of input, for
// heterogeneous prompting: several different prompts instead of one
// prompt sampled several times at a high temperature.
const (
	VariantGeneral      = "general"
	VariantBoundary     = "boundary"
	VariantErrors       = "errors"
	VariantCombinations = "combinations"
	VariantProperties   = "properties"
)

// HeteroVariants returns the focused variants that heterogeneous
// prompting asks for: boundary, errors, combinations and properties.
func HeteroVariants() []string {
	return []string{VariantBoundary, VariantErrors, VariantCombinations, VariantProperties}
}

// Variants lists every known variant.
func Variants() []string {
	return append([]string{VariantGeneral}, HeteroVariants()...)
}

// variantFocus returns the paragraph a variant adds to the first round's
// prompt, and whether the variant exists.
func variantFocus(variant string) (string, bool) {
	switch variant {
	case VariantGeneral:
		return "", true
	case VariantBoundary:
		return `Focus on BOUNDARIES: for every comparison, length check, constant and limit in the source, probe
the value just below, at and just above it; empty, zero, one, negative, minimum and maximum values of
each parameter's type; very long inputs; overflow.`, true
	case VariantErrors:
		return `Focus on FAILURES: find every guard, every returned error and every panic in the source and write
at least one snippet that reaches each of them, one failure per snippet. Also probe inputs the code
does not expect (nil, empty, malformed, out of range) to find failures the source does not show.`, true
	case VariantCombinations:
		return `Focus on COMBINATIONS: inputs that exercise two or more features of the function together (for
example an option together with an edge value, or several syntactic features in one input), and the
interactions between parameters.`, true
	case VariantProperties:
		return `Focus on PROPERTIES: families of related inputs that reveal the function's invariants — an input
and its negation, reordering, scaling, repetition, a value and the same value written another way,
round trips — so that the recorded results show how outputs relate to inputs.`, true
	}
	return "", false
}

// exploreSystem is the system prompt of exploration and repair.
const exploreSystem = `You are an expert Go engineer exploring the behaviour of existing Go code.
You write small probe snippets that call one function of a package. Every snippet is compiled and run
against the real code, and what it actually does (results, returned error, panic) is recorded as
ground truth for a regression spec. You never guess results: you choose inputs that reveal behaviour.
Answer with a JSON object that fits the given schema, and nothing else.`

// planRules are the rules of every exploration answer.
const planRules = `## Rules

- Use the real names of the package and of the function; do not invent helpers, types or variables
  that the package does not declare (declare local variables in the snippet instead).
- Never call recover, and do not use os/exec, net, unsafe, syscall or plugin; no goroutines, files,
  network, sleeps or randomness.
- One scenario per snippet, with a short description of the behaviour it probes; no two snippets alike.
- Put snippets expected to return normally in "snippets" and those expected to return an error or to
  panic in "error_snippets".`

// round1Prompt asks for the first, broad round.
func round1Prompt(fi *funcInfo, variant string) string {
	var b strings.Builder
	title := fmt.Sprintf("# Explore %s (round 1", fi.f.Name)
	if variant != VariantGeneral {
		title += ", focus: " + variant
	}
	b.WriteString(title + ")\n\n")
	b.WriteString(fi.section())
	b.WriteString("\n")
	b.WriteString(fi.snippetRules())
	b.WriteString("\n## What to write\n\n")
	b.WriteString(`Normal snippets ("snippets") covering:
- the happy path: typical, realistic inputs;
- boundaries: empty, zero, one, negative, largest values, and each side of every limit in the source;
- equivalence partitions: one representative of each class of input the code treats differently;
- invariants: inputs whose results show a property of the function;
- combinations of the features above.

Error snippets ("error_snippets") reaching every guard, every returned error and every panic of the
source, one per snippet, each with the simplest input that reaches it.
`)
	if focus, _ := variantFocus(variant); focus != "" {
		b.WriteString("\n" + focus + "\n")
	}
	b.WriteString("\nWrite 8 to 20 normal snippets and one error snippet per failure path.\n\n")
	b.WriteString(planRules)
	b.WriteString("\n")
	return b.String()
}

// maxBehaviours bounds the behaviours listed in a targeted prompt.
const maxBehaviours = 40

// round2Prompt asks for a targeted round: what is missing, given what
// the earlier rounds found.
func round2Prompt(fi *funcInfo, req *explore.Request, maxTried int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Explore %s (round %d, targeted)\n\n", fi.f.Name, req.Round)
	b.WriteString(fi.section())
	b.WriteString("\n")
	b.WriteString(fi.snippetRules())
	b.WriteString("\n## What the earlier rounds found\n\n")
	if req.Summary != nil {
		b.WriteString(req.Summary.Text(maxTried))
	}
	if lines := behaviourLines(req.Results); len(lines) > 0 {
		b.WriteString("\nOne snippet per distinct behaviour found, with what it did:\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	b.WriteString(`
## What to write now

New snippets that find behaviour the earlier rounds did not:
- reach the uncovered lines listed above (read the conditions that guard them and choose inputs that
  satisfy them);
- reach outcome classes not seen yet: other errors, panics, other shapes of results;
- probe boundaries next to the inputs that changed the outcome.
Do not repeat any snippet of "Already tried" or a trivial variation of one. If nothing is left to
find, answer with empty lists.

`)
	b.WriteString(planRules)
	b.WriteString("\n")
	return b.String()
}

// behaviourLines renders the first probe of each behaviour, compactly.
func behaviourLines(recs []*explore.Record) []string {
	var out []string
	for _, r := range recs {
		if !r.NewBehaviour {
			continue
		}
		if len(out) == maxBehaviours {
			out = append(out, "…")
			break
		}
		out = append(out, oneLine(r.Snippet.Code)+"  =>  "+describe(&r.Result))
	}
	return out
}

// repairPrompt asks for fixed versions of snippets that did not compile.
func repairPrompt(fi *funcInfo, failed []explore.CompileError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Repair snippets of %s that did not compile\n\n", fi.f.Name)
	b.WriteString(fi.section())
	b.WriteString("\n")
	b.WriteString(fi.snippetRules())
	b.WriteString("\n## Snippets that could not run\n\n")
	for i, ce := range failed {
		desc := ce.Snippet.Description
		if desc == "" {
			desc = "(no description)"
		}
		fmt.Fprintf(&b, "### %d. %s\n\n```go\n%s\n```\n\nError: %s\n\n", i+1, desc, strings.TrimSpace(ce.Snippet.Code), ce.Message)
	}
	b.WriteString(`## What to write now

For each snippet above, a corrected snippet that compiles and still probes the same scenario (keep its
description). Put it in "snippets" if it should return normally, in "error_snippets" if it should return
an error or panic. Leave out a snippet that cannot be fixed.

`)
	b.WriteString(planRules)
	b.WriteString("\n")
	return b.String()
}

// oneLine joins a snippet's lines with "; ", clipped.
func oneLine(code string) string {
	lines := strings.Split(strings.TrimSpace(code), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return clip(strings.Join(lines, "; "), 200)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// describe renders what a probe did in one line, with the receiver as
// the call left it when that was recorded.
func describe(r *executors.Result) string {
	s := describeOutcome(r)
	if r.After != nil {
		s += "; receiver after: " + clip(r.After.String(), 80)
	}
	return s
}

func describeOutcome(r *executors.Result) string {
	switch r.Outcome {
	case executors.OK:
		if r.Err != nil {
			s := "error " + clip(fmt.Sprintf("%q", r.Err.Message), 100)
			if r.Err.Type != "" {
				s += " (" + r.Err.Type + ")"
			}
			return s
		}
		if len(r.Outputs) == 0 {
			return "returned"
		}
		parts := make([]string, len(r.Outputs))
		for i, v := range r.Outputs {
			parts[i] = clip(v.String(), 80)
		}
		return strings.Join(parts, ", ")
	case executors.Panicked:
		if r.Panic != nil {
			return "panic " + clip(fmt.Sprintf("%q", r.Panic.Message), 100)
		}
		return "panic"
	case executors.Exited:
		return fmt.Sprintf("exit %d %s", r.ExitCode, clip(r.Message, 60))
	}
	return string(r.Outcome) + " " + clip(r.Message, 80)
}
