// Package write is the seam between the pipeline and whatever writes a
// function's spec from what its exploration observed, beside
// explore.Explorer, the seam of what proposes the probes. A Writer is
// told the verified cases of a function and drafts its spec; the
// built-in writer, Builtin, is the first implementation, and a language
// model (package llm) another.
//
// The built-in writer needs no model. Select picks the probes of an
// exploration worth a case: the first of each path through the function
// and of each outcome class, then pairs of integer inputs one apart that
// end differently, then the smallest probes that bring a feature no
// chosen probe has, up to MaxCases. CasesFromResults turns the results of
// those probes, rerun natively, into the verified cases: a returned error
// or a panic becomes a raises case whose match is anchored on the
// message (RaisesName, Anchor), a return an expected case. Builtin's
// draft is the verified cases, successes first (SortCases).
//
// A model's draft is trusted for nothing it claims: the pipeline runs
// every case of it natively, corrects what it got wrong to what was
// observed, and asks it to refine (Request.Attempt, Request.Failures).
package write
