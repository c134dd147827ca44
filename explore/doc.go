// Package explore finds out what a function does by running it: an
// Explorer (the built-in coverage-guided search, or a language model)
// proposes probe snippets, Run executes them round by round through an
// executor, records every result with the coverage blocks it ran, groups
// the results into behaviours (outcome class × blocks covered) and stops
// when the budget is spent or nothing new turns up.
//
// The flow follows vowel's CodeMode: a broad first round, a deterministic
// cluster summary of what was observed plus the source lines still
// uncovered, then targeted rounds, with early stop when a round adds no
// new behaviour. Snippets that do not compile are returned to the
// explorer with the compiler's message so that a model can repair them.
package explore
