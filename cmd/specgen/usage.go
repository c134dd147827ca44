package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// The flag groups of -h, in the order it shows them.
const (
	groupCore    = "core"
	groupBudgets = "budgets"
	groupModel   = "model"
	groupOutput  = "output"
)

// flagGroup is the group of a command's flag. A flag means the same in
// every command that has it, and sits in the same group, except
// -min-pass: the pass rate that makes run succeed (core), or the one at
// which gen stops refining a model's spec (model).
func flagGroup(cmd, name string) string {
	switch name {
	case "max-probes", "max-time", "patience", "probe-timeout", "timeout", "jobs", "workers":
		return groupBudgets
	case "min-pass":
		if cmd == "run" {
			return groupCore
		}
		return groupModel
	case "model", "explore-model", "spec-model", "base-url", "model-timeout", "bundle", "max-refine", "prompts", "hetero", "record", "replay", "prices":
		return groupModel
	case "v", "q", "o", "json", "junit", "cover", "trace", "html":
		return groupOutput
	}
	return groupCore
}

// printUsage writes a command's synopsis and its flags under a heading
// per group (core, budgets, model, output), each flag as flag's own
// PrintDefaults writes it.
func printUsage(w io.Writer, fs *flag.FlagSet, synopsis string) {
	fmt.Fprintf(w, "usage: specgen %s %s\n", fs.Name(), synopsis)
	groups := map[string][]*flag.Flag{}
	fs.VisitAll(func(f *flag.Flag) {
		g := flagGroup(fs.Name(), f.Name)
		groups[g] = append(groups[g], f)
	})
	for _, g := range []string{groupCore, groupBudgets, groupModel, groupOutput} {
		if len(groups[g]) == 0 {
			continue
		}
		heading := map[string]string{groupCore: "Core flags", groupBudgets: "Budget flags", groupModel: "Model flags", groupOutput: "Output flags"}[g]
		fmt.Fprintf(w, "\n%s:\n", heading)
		for _, f := range groups[g] {
			writeFlag(w, f)
		}
	}
}

// writeFlag writes one flag's line and usage, as flag.PrintDefaults does.
func writeFlag(w io.Writer, f *flag.Flag) {
	var b strings.Builder
	fmt.Fprintf(&b, "  -%s", f.Name)
	name, usage := flag.UnquoteUsage(f)
	if name != "" {
		b.WriteString(" " + name)
	}
	if b.Len() <= 4 { // "  -x": the usage fits on the same line
		b.WriteString("\t")
	} else {
		b.WriteString("\n    \t")
	}
	b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
	if !zeroDefault(f) {
		if isStringFlag(f) {
			fmt.Fprintf(&b, " (default %q)", f.DefValue)
		} else {
			fmt.Fprintf(&b, " (default %v)", f.DefValue)
		}
	}
	fmt.Fprintln(w, b.String())
}

// zeroDefault reports a flag whose default is its type's zero value,
// which PrintDefaults leaves unsaid.
func zeroDefault(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// isStringFlag reports a flag set by fs.String or fs.StringVar, whose
// default PrintDefaults quotes.
func isStringFlag(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(string)
	return ok
}
