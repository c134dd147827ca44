package llm_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/llm/llmtest"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/target"
)

// TestMeasurePrompts estimates what a full `specgen gen --model` costs
// on examples/pricing ParseAmount: the calls of each phase and their
// tokens, counted as a quarter of the characters sent (system prompt,
// messages, schema) and received. The answers are what a capable model
// would write for this function (realistic snippets, a spec copying the
// verified results); the prompts are the real ones, built from a real
// exploration. Run it with SPECGEN_MEASURE=1 go test -run
// TestMeasurePrompts -v ./llm/.
func TestMeasurePrompts(t *testing.T) {
	if os.Getenv("SPECGEN_MEASURE") == "" {
		t.Skip("set SPECGEN_MEASURE=1 to measure")
	}
	normal := []string{`ParseAmount("12.50")`, `ParseAmount("$1,234.5")`, `ParseAmount("-3")`, `ParseAmount("(7.25)")`,
		`ParseAmount("+0.99")`, `ParseAmount("  42  ")`, `ParseAmount(".5")`, `ParseAmount("1.")`, `ParseAmount("1,234,567.89")`,
		`ParseAmount("0")`, `ParseAmount("0.01")`, `ParseAmount("92233720368547758.07")`, `ParseAmount("-92233720368547758.07")`,
		`ParseAmount("$0.10")`, `ParseAmount("(1,000)")`, `ParseAmount("007")`, `ParseAmount("-$5")`, `ParseAmount("1000000")`,
		`ParseAmount(12.5)`}
	errs := []string{`ParseAmount("")`, `ParseAmount("   ")`, `ParseAmount("$")`, `ParseAmount("1.234")`, `ParseAmount("1,23")`,
		`ParseAmount(",123")`, `ParseAmount("12a")`, `ParseAmount("92233720368547758.08")`, `ParseAmount("99999999999999999999")`,
		`ParseAmount(".")`, `ParseAmount("-")`}
	round2 := []string{`ParseAmount("1234,567")`, `ParseAmount("1.5.5")`, `ParseAmount("+")`, `ParseAmount("()")`,
		`ParseAmount("1e5")`, `ParseAmount("$-5")`}
	scenarios := []struct {
		name              string
		variants          []string
		assertion, refine string
	}{
		{name: "typical: one prompt, the spec holds", assertion: "err == nil || output == 0"},
		{name: "heterogeneous prompting (4 variants)", variants: llm.HeteroVariants(), assertion: "err == nil || output == 0"},
		{name: "worst: an assertion that never holds, 2 refinements", assertion: "err != nil || output != 0", refine: "err != nil || output > 0"},
	}
	repo, _ := filepath.Abs("..")
	for _, sc := range scenarios {
		type sizes struct{ calls, in, out int }
		perPhase := map[string]*sizes{}
		var order []string
		c := &fakeClient{}
		c.answer = func(r model.Request) (string, error) {
			var ans string
			switch llmtest.StageOf(r) {
			case llmtest.Explore1:
				ans = plan(t, normal, errs)
			case llmtest.Explore2:
				ans = plan(t, nil, round2)
			case llmtest.Repair:
				ans = plan(t, []string{`ParseAmount("12.5")`}, nil)
			case llmtest.Spec:
				ans = yamlAnswer(t, specFromPrompt(r.Messages[0].Content, sc.assertion))
			case llmtest.Refine:
				ans = yamlAnswer(t, specFromPrompt(r.Messages[0].Content, sc.refine))
			}
			in := len(r.System) + len(r.Schema)
			for _, m := range r.Messages {
				in += len(m.Content)
			}
			key := r.Phase + " (" + string(llmtest.StageOf(r)) + ")"
			s := perPhase[key]
			if s == nil {
				s = &sizes{}
				perPhase[key] = s
				order = append(order, key)
			}
			s.calls++
			s.in += in
			s.out += len(ans)
			return ans, nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		opts := pipeline.Options{
			Dir:    repo,
			DryRun: true,
			Explorer: func(*target.Func) explore.Explorer {
				return llm.NewExplorer(c, llm.ExplorerOptions{Prompts: sc.variants})
			},
			SpecAgent: llm.NewSpecAgent(c, llm.AgentOptions{}),
		}
		rs, err := pipeline.Gen(ctx, "./examples/pricing", []string{"ParseAmount"}, opts)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		var total sizes
		var b strings.Builder
		fmt.Fprintf(&b, "%s\nParseAmount: %d probes, %d behaviours, %d cases, coverage %.1f%%, %d refinements, %d corrected, %d injected, err %v\n",
			sc.name, r.Probes, r.Behaviours, r.Cases, r.Coverage, r.Refinements, r.Corrected, r.Injected, r.Err)
		fmt.Fprintf(&b, "%-20s %5s %12s %12s\n", "phase (stage)", "calls", "in tokens", "out tokens")
		for _, ph := range order {
			s := perPhase[ph]
			fmt.Fprintf(&b, "%-20s %5d %12d %12d\n", ph, s.calls, s.in/4, s.out/4)
			total.calls += s.calls
			total.in += s.in
			total.out += s.out
		}
		fmt.Fprintf(&b, "%-20s %5d %12d %12d\n", "total", total.calls, total.in/4, total.out/4)
		for _, m := range []string{"gpt-4.1-mini", "claude-haiku-4-5"} {
			price, _ := model.DefaultPrices().Lookup("", m)
			fmt.Fprintf(&b, "%s list price: $%.4f\n", m, price.Cost(model.Usage{InputTokens: int64(total.in / 4), OutputTokens: int64(total.out / 4)}))
		}
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "note: %s\n", n)
		}
		t.Log("\n" + b.String())
	}
}

// specFromPrompt writes the spec a model that copies the verified
// results of a one-parameter function would write, with an assertion.
func specFromPrompt(prompt, assertion string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "ParseAmount:\n  evals:\n    Type: {type: int64}\n    Assertion: {assertion: %q}\n  dataset:\n", assertion)
	n := 0
	for _, line := range strings.Split(prompt, "\n") {
		rest, ok := strings.CutPrefix(line, "- s: ")
		if !ok {
			continue
		}
		in, out, ok := strings.Cut(rest, "  =>  ")
		if !ok {
			continue
		}
		n++
		fmt.Fprintf(&b, "    - case: {id: case-%d, input: %s, %s}\n", n, in, out)
	}
	return b.String()
}
