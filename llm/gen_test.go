package llm_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/llm/llmtest"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/runner"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// copyModule copies the test module into a fresh directory.
func copyModule(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir("testdata/mod", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("testdata/mod", path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// plan writes an exploration plan answer: code snippets, then "!" and
// the error snippets.
func plan(t *testing.T, snippets []string, errorSnippets []string) string {
	t.Helper()
	var p explore.Plan
	for _, c := range snippets {
		p.Snippets = append(p.Snippets, explore.Snippet{Description: "probe " + c, Code: c})
	}
	for _, c := range errorSnippets {
		p.ErrorSnippets = append(p.ErrorSnippets, explore.Snippet{Description: "failure " + c, Code: c})
	}
	if p.Snippets == nil {
		p.Snippets = []explore.Snippet{}
	}
	if p.ErrorSnippets == nil {
		p.ErrorSnippets = []explore.Snippet{}
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// yamlAnswer wraps YAML text as the spec agent's answer.
func yamlAnswer(t *testing.T, yml string) string {
	t.Helper()
	data, err := json.Marshal(map[string]string{"yaml": yml})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// hostileScript is the answers of a model that makes every mistake the
// pipeline must survive: a snippet that does not type-check (repaired
// in the next round), one that is not a call at all (repaired in the
// round), one that hangs, a spec answer that is not JSON, a spec with
// YAML tags, aliased keys, Python spellings, a misnamed parameter,
// wrong expected values, a broken regexp, an input of the wrong shape,
// an error case left out and an assertion that does not hold, and a
// refinement that fixes the assertion.
func hostileScript(t *testing.T) map[llmtest.Stage][]string {
	return map[llmtest.Stage][]string{
		llmtest.Explore1: {plan(t,
			[]string{
				`ParseCents("12.34")`,
				`out, err := ParseCents("-0.5")`,
				`ParseCents("7")`,
				"s := \"  3.10 \"\nParseCents(s)",
				`ParseCents(42)`,                           // does not type-check
				`x := 1`,                                   // not a call
				"time.Sleep(time.Hour)\nParseCents(\"1\")", // hangs
			},
			[]string{`ParseCents("")`, `ParseCents("1.234")`, `ParseCents("abc")`},
		)},
		llmtest.Repair: {
			// In round 1, for the snippet that is not a call.
			plan(t, []string{"x := \"1.5\"\nParseCents(x)"}, nil),
			// In round 2, for the one that did not compile.
			plan(t, []string{`ParseCents("42")`}, nil),
		},
		llmtest.Explore2: {plan(t, nil, []string{`ParseCents("1000000.01")`})},
		llmtest.Spec: {
			"Sure! Here is the spec you asked for.",
			yamlAnswer(t, "```yaml\n"+`ParseCents:
  evals:
    IsInstance: {type: int}
    Assertion: {assertion: "err is not None or output > 0"}
  dataset:
    - case:
        id: plain
        inputs: {amount: "12.34"}
        expected: 1234
    - case:
        id: negative
        input: !!python/str "-0.5"
        expected: 50
    - case:
        id: whole
        input: "7"
        expected_output: 700
        description: a whole number of units
    - case:
        id: empty
        input: ""
        exception: ValueError
    - case:
        id: decimals
        input: "1.234"
        raises: error
        match: "too many decimals ("
    - case:
        id: tuple
        input: !!python/tuple ["1.5"]
        expected: 150
    - case:
        id: spaces
        input: " 3.10 "
        expected: 310
        duration: 5
`+"```\n"),
		},
		llmtest.Refine: {yamlAnswer(t, `ParseCents:
  evals:
    Type: {type: int64}
    Assertion: {assertion: "err != nil || output >= -100000000"}
  dataset:
    - case: {id: negative, input: "-0.5", expected: -50}
    - case: {id: bad, input: "abc", raises: error}
`)},
	}
}

// genWith runs pipeline.Gen on a fresh copy of the test module with a
// model explorer and spec agent over c.
func genWith(t *testing.T, dir string, c model.Client, meter *model.Meter, agent llm.AgentOptions, names ...string) []*pipeline.FuncResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	opts := pipeline.Options{
		Dir:       dir,
		Explorer:  func(*target.Func) explore.Explorer { return llm.NewExplorer(c, llm.ExplorerOptions{Logf: t.Logf}) },
		SpecAgent: llm.NewSpecAgent(c, agent),
		Logf:      quietLogf(t),
	}
	if meter != nil {
		opts.Cost = func(ctx context.Context, label string) (context.Context, func() any) {
			return model.WithLabel(ctx, label), func() any {
				fc := meter.Snapshot().Functions[label]
				return &fc
			}
		}
	}
	opts.Explore.Timeout = 2 * time.Second
	rs, err := pipeline.Gen(ctx, "./money", names, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// runSpec runs a written spec natively and fails unless every case passes.
func runSpec(t *testing.T, path string) *runner.FileReport {
	t.Helper()
	rep, err := runner.RunFile(context.Background(), path, runner.Options{Executor: &executors.Native{}})
	if err != nil {
		t.Fatalf("run %s: %v", path, err)
	}
	if rep.Failed+rep.Errored > 0 {
		t.Fatalf("run %s: %d failed, %d errored: %+v", path, rep.Failed, rep.Errored, rep.Functions)
	}
	return rep
}

func findCase(fn *spec.Function, id string) *spec.Case {
	for _, c := range fn.Dataset {
		if c.ID == id {
			return c
		}
	}
	return nil
}

func TestGenOpenAIHostile(t *testing.T) {
	script := llmtest.NewScript(hostileScript(t))
	srv := modeltest.NewOpenAIServer(t, script.Handler())
	c, err := model.New("openai:gpt-4.1-mini", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	rec := t.TempDir()
	meter := model.NewMeter(model.Record(rec, c), nil)
	dir := copyModule(t)
	rs := genWith(t, dir, meter, meter, llm.AgentOptions{}, "ParseCents")
	r := rs[0]
	if r.Err != nil {
		t.Fatalf("gen: %v (notes %q)", r.Err, r.Notes)
	}
	t.Logf("result: %+v", r)

	if r.SpecWriter != "openai:gpt-4.1-mini" {
		t.Errorf("spec writer %q, want the model (notes %q)", r.SpecWriter, r.Notes)
	}
	calls := script.Calls()
	want := map[llmtest.Stage]int{llmtest.Explore1: 1, llmtest.Repair: 2, llmtest.Explore2: 1, llmtest.Spec: 2, llmtest.Refine: 1}
	for st, n := range want {
		if calls[st] != n {
			t.Errorf("%s calls = %d, want %d (log %v)", st, calls[st], n, script.Log())
		}
	}
	if r.Corrected == 0 {
		t.Error("no expected value corrected, but the spec said negative -> 50")
	}
	if r.Injected == 0 {
		t.Error("no error case injected, but the spec left out the range error")
	}
	if r.Refinements != 1 {
		t.Errorf("refinements = %d, want 1 (the assertion fails on a negative amount)", r.Refinements)
	}
	if !strings.Contains(strings.Join(r.Notes, "\n"), "timed out") {
		t.Errorf("the hanging probe is not reported: notes %q", r.Notes)
	}

	file, err := spec.Load(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	fn := file.Function("ParseCents")
	if fn == nil {
		t.Fatalf("no ParseCents in %s", r.Path)
	}
	checks := []struct {
		id, why string
		ok      func(c *spec.Case) bool
	}{
		{"negative", "the wrong expected value 50 is corrected by execution", func(c *spec.Case) bool {
			return c.Expected != nil && c.Expected.Kind == spec.Int && c.Expected.Int == -50
		}},
		{"plain", "the misnamed parameter is renamed", func(c *spec.Case) bool {
			return c.Expected != nil && c.Expected.Int == 1234
		}},
		{"whole", "expected_output is read as expected", func(c *spec.Case) bool {
			return c.Expected != nil && c.Expected.Int == 700
		}},
		{"empty", "a Python exception name becomes a returned error", func(c *spec.Case) bool {
			return c.Raises != "" && c.Expected == nil
		}},
		{"decimals", "a broken regexp is corrected to the observed message", func(c *spec.Case) bool {
			return c.Raises != "" && strings.Contains(c.Match, "too many decimals")
		}},
		{"bad", "the refinement's new case is kept", func(c *spec.Case) bool { return c.Raises != "" }},
	}
	for _, ch := range checks {
		c := findCase(fn, ch.id)
		if c == nil || !ch.ok(c) {
			t.Errorf("case %s: %s; got %+v", ch.id, ch.why, c)
		}
	}
	if findCase(fn, "tuple") != nil {
		t.Error("the case with a list for a string argument should have been dropped")
	}
	foundRange := false
	for _, c := range fn.Dataset {
		if c.Raises == "*money.RangeError" {
			foundRange = true
		}
		if c.Duration != nil {
			t.Errorf("case %s keeps the model's duration", c.ID)
		}
	}
	if !foundRange {
		t.Errorf("the range error found in round 2 is not in the spec:\n%s", mustRead(t, r.Path))
	}
	if fn.Evals.Type == nil || fn.Evals.Type.Type != "int64" {
		t.Errorf("Type evaluator %+v, want int64 (fixed from int)", fn.Evals.Type)
	}
	if fn.Evals.Assertion == nil || !strings.Contains(fn.Evals.Assertion.Assertion, ">= -100000000") {
		t.Errorf("Assertion %+v, want the refined one", fn.Evals.Assertion)
	}
	runSpec(t, r.Path)

	cost, _ := r.Cost.(*model.FunctionCost)
	if cost == nil {
		t.Fatal("no cost for the function")
	}
	for _, ph := range []string{llm.PhaseExplore, llm.PhaseRepair, llm.PhaseSpec, llm.PhaseRefine} {
		if tl, ok := cost.Phases[ph]; !ok || tl.Calls == 0 || tl.InputTokens == 0 {
			t.Errorf("phase %s: %+v, want calls and tokens", ph, tl)
		}
	}
	if cost.CostUSD <= 0 {
		t.Errorf("cost %v, want a positive price for gpt-4.1-mini", cost.CostUSD)
	}

	// A replay of the recording, without the server, gives the same
	// spec, byte for byte, twice.
	first := mustRead(t, r.Path)
	t.Logf("spec:\n%s", first)
	for i := 0; i < 2; i++ {
		replay := model.Replay(rec, "openai:gpt-4.1-mini")
		dir := copyModule(t)
		rs := genWith(t, dir, replay, nil, llm.AgentOptions{}, "ParseCents")
		if rs[0].Err != nil {
			t.Fatalf("replay %d: %v", i+1, rs[0].Err)
		}
		if got := mustRead(t, rs[0].Path); !bytes.Equal(got, first) {
			t.Errorf("replay %d wrote another spec:\n%s\nwant:\n%s", i+1, got, first)
		}
	}
}

// quietLogf logs through t, without the go command's invocations.
func quietLogf(t *testing.T) func(string, ...any) {
	return func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if strings.HasPrefix(msg, "starting ") || strings.Contains(msg, " for GOROOT=") {
			return
		}
		t.Log(msg)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// bundleAnswer writes a bundle answer.
func bundleAnswer(t *testing.T, b llm.Bundle) string {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGenAnthropicBundle drives the bundle mode over Anthropic's wire
// format (tool use): a targeted round that answers garbage twice (the
// exploration keeps the first round), a bundle that breaks the schema
// (sent back once), then one with a wrong expected value and a
// positional input.
func TestGenAnthropicBundle(t *testing.T) {
	script := llmtest.NewScript(map[llmtest.Stage][]string{
		llmtest.Explore1: {plan(t,
			[]string{`Split(100, 3)`, `Split(10, 1)`, `Split(-7, 2)`, "n := 4\nSplit(0, n)"},
			[]string{`Split(5, 0)`, `Split(5, -1)`},
		)},
		llmtest.Explore2: {"I could not think of anything else.", `{"snippets": "none", "error_snippets": []}`},
		llmtest.Spec: {
			`{"functions": [{"name": "Split", "cases": "none"}]}`,
			bundleAnswer(t, llm.Bundle{Functions: []llm.BundleFunction{{
				Name:  "money.Split",
				Evals: llm.BundleEvals{Type: "[]int"},
				Cases: []llm.BundleCase{
					{ID: "thirds", Inputs: `{"cents": 100, "n": 3}`, Expected: `[33, 33, 34]`},
					{ID: "one", Inputs: `{"Cents": 10, "N": 1}`, Expected: `[10]`},
					{ID: "positional", Inputs: `[0, 4]`, Expected: `[0, 0, 0, 0]`},
					{ID: "zero-shares", Inputs: `{"cents": 5, "n": 0}`, Raises: "panic", Match: "split into 0 shares"},
					{ID: "broken", Inputs: `{"cents": 5, n: }`, Expected: `[5]`},
				},
			}}}),
		},
	})
	srv := modeltest.NewAnthropicServer(t, script.Handler())
	c, err := model.New("anthropic:claude-haiku-4-5", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	meter := model.NewMeter(c, nil)
	rs := genWith(t, copyModule(t), meter, meter, llm.AgentOptions{Bundle: true}, "Split")
	r := rs[0]
	if r.Err != nil {
		t.Fatalf("gen: %v (notes %q)", r.Err, r.Notes)
	}
	t.Logf("result: %+v", r)
	notes := strings.Join(r.Notes, "\n")
	if !strings.Contains(notes, "exploration stopped after round 1") || !strings.Contains(notes, "schema") {
		t.Errorf("the garbage round is not reported with its reason: notes %q", r.Notes)
	}
	if r.SpecWriter != "anthropic:claude-haiku-4-5" {
		t.Errorf("spec writer %q, want the model (notes %q)", r.SpecWriter, r.Notes)
	}
	if calls := script.Calls(); calls[llmtest.Spec] != 2 || calls[llmtest.Explore2] != 2 {
		t.Errorf("calls %v, want 2 spec calls (a resend) and 2 targeted calls (a resend)", calls)
	}
	if r.Corrected == 0 {
		t.Error("the wrong split [33, 33, 34] was not corrected")
	}
	file, err := spec.Load(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	fn := file.Function("Split")
	if c := findCase(fn, "thirds"); c == nil || c.Expected == nil || c.Expected.String() != "[34, 33, 33]" {
		t.Errorf("case thirds: %+v, want expected [34, 33, 33] observed natively", c)
	}
	if c := findCase(fn, "positional"); c == nil {
		t.Error("the case with positional inputs is lost")
	}
	if c := findCase(fn, "zero-shares"); c == nil || c.Raises != "panic" {
		t.Errorf("case zero-shares: %+v, want the panic", c)
	}
	if findCase(fn, "broken") != nil {
		t.Error("the case whose inputs are not JSON should be dropped")
	}
	if fn.Evals.Type == nil || fn.Evals.Type.Type != "[]int64" {
		t.Errorf("Type evaluator %+v, want []int64", fn.Evals.Type)
	}
	runSpec(t, r.Path)
	if cost, _ := r.Cost.(*model.FunctionCost); cost == nil || cost.Phases[llm.PhaseSpec].Calls != 2 {
		t.Errorf("cost %+v, want 2 spec calls", r.Cost)
	}
}

// TestGenFallbacks checks that the built-in explorer and writer take
// over: the model proposes nothing (an empty plan), then answers the
// spec and every refinement with garbage.
func TestGenFallbacks(t *testing.T) {
	script := llmtest.NewScript(map[llmtest.Stage][]string{
		llmtest.Explore1: {`{"snippets": [], "error_snippets": []}`},
		llmtest.Spec:     {`{"yaml": 42}`},
		llmtest.Refine:   {`{"yaml": "ParseCents: [unclosed"}`},
	})
	srv := modeltest.NewOpenAIServer(t, script.Handler())
	c, err := model.New("openai:gpt-4.1-mini", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	rs := genWith(t, copyModule(t), c, nil, llm.AgentOptions{}, "ParseCents")
	r := rs[0]
	if r.Err != nil {
		t.Fatalf("gen: %v (notes %q)", r.Err, r.Notes)
	}
	notes := strings.Join(r.Notes, "\n")
	for _, want := range []string{"built-in explorer explored instead", "spec agent failed, the built-in writer wrote the spec"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q, want %q", r.Notes, want)
		}
	}
	if r.SpecWriter != "builtin" || r.Probes < 20 || r.Cases == 0 {
		t.Errorf("writer %q, %d probes, %d cases: want the built-in explorer and writer", r.SpecWriter, r.Probes, r.Cases)
	}
	if calls := script.Calls(); calls[llmtest.Spec] != 2 || calls[llmtest.Refine] != 2 {
		t.Errorf("calls %v, want the spec (with its resend) and 2 refinements", calls)
	}
	runSpec(t, r.Path)
}
