// Package explore finds out what a function does by running it: an
// Explorer (the built-in coverage-guided search, or a language model)
// proposes probe snippets, Run executes them round by round through an
// executor, records every result with the coverage blocks it ran, groups
// the results into behaviours (outcome class × blocks covered) and stops
// when the budget is spent or nothing new turns up.
//
// The flow follows vowel's CodeMode: a broad first round, a deterministic
// cluster summary of what was observed (Summary) plus the source lines
// still uncovered, then targeted rounds, with early stop when a round adds
// no new behaviour. Snippets that cannot be turned into probes
// (ProbeFromSnippet) or do not compile are given back to the explorer
// with the reason, so that a model can repair them.
//
// The built-in explorer (NewBuiltin) needs no model: it derives inputs
// from the parameter types and from the function's own source and
// searches from there, guided by coverage, deterministically for a given
// seed. It is a Searcher: many small rounds, ended by Options.Patience.
package explore
