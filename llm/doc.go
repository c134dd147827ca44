// Package llm puts a language model behind specgen's two creative steps,
// in the manner of vowel's CodeMode: an explore.Explorer whose probe
// snippets a model writes (a broad first round, a targeted second round
// fed with the cluster summary and the uncovered lines, repair of
// snippets that do not compile, optional heterogeneous prompting), and a
// write.Writer, the spec agent, that asks a model for the spec — YAML
// text or a structured bundle — and sanitizes and fixes what comes back.
// It implements the two seams and knows nothing of the pipeline that
// uses them.
//
// The prompts explain the spec's special shapes where the function at
// hand needs them, and only there: inputs of types with unexported
// fields, written as Go code ({go: 'MustParse("1.2.3")'}) with the
// package's functions and methods that make them; results of such
// types, written through their API with the keys target.Observers
// picks ({String(): "1.2.3", Major(): 1}); and the type arguments of a
// generic function (types: {T: int}). The fixer repairs what it can of
// these shapes and says why it drops what it cannot.
//
// A model never decides what a function returns: the explorer's
// snippets are run, and the pipeline checks every expected value of a
// drafted spec by running it natively, correcting it to what was
// observed.
//
//	c, _ := model.New("openai:gpt-4.1-mini", model.Options{})
//	opts := pipeline.Options{
//		Explorer:  func(*target.Func) explore.Explorer { return llm.NewExplorer(c, llm.ExplorerOptions{}) },
//		SpecAgent: llm.NewSpecAgent(c, llm.AgentOptions{}),
//	}
package llm
