package llm_test

import (
	"context"
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// loadLedger loads a function of the test module's package ledger,
// whose Amount hides its state and whose Sum is generic.
func loadLedger(t *testing.T, name string) *target.Func {
	t.Helper()
	return targettest.Func(t, "testdata/mod", "./ledger", name)
}

// capturePrompts runs fn against a model that answers answer and
// returns the requests it made.
func capturePrompts(answer string, run func(c model.Client)) []model.Request {
	c := &fakeClient{answer: func(model.Request) (string, error) { return answer, nil }}
	run(c)
	return c.requests()
}

func code(s string) *spec.Value {
	v := spec.CodeValue(s)
	return &v
}

// TestPromptShapes pins the prompts of a method whose receiver,
// argument and result hide their state (values built by code, observed
// results) and of a generic function (type arguments), and checks that
// each shape is explained where it applies and only there.
func TestPromptShapes(t *testing.T) {
	add := loadLedger(t, "Amount.Add")
	sum := loadLedger(t, "Sum")
	sumInt, err := sum.Instantiate([]types.Type{types.Typ[types.Int]})
	if err != nil {
		t.Fatal(err)
	}
	empty := `{"snippets": [], "error_snippets": []}`
	explore1 := func(f *target.Func) string {
		rs := capturePrompts(empty, func(c model.Client) {
			llm.NewExplorer(c, llm.ExplorerOptions{}).Explore(context.Background(), &explore.Request{Func: f, Round: 1})
		})
		return rs[0].Messages[0].Content
	}
	specOf := func(f *target.Func, verified []*spec.Case, bundle bool) string {
		answer := `{"yaml": "x: 1"}`
		if bundle {
			answer = `{"functions": []}`
		}
		rs := capturePrompts(answer, func(c model.Client) {
			llm.NewSpecAgent(c, llm.AgentOptions{Bundle: bundle}).Draft(context.Background(), &write.Request{Func: f, Verified: verified})
		})
		return rs[0].Messages[0].Content
	}

	observedSum := spec.MapValue("String()", spec.StringValue("3.00 EUR"))
	observedSum.Map = append(observedSum.Map,
		spec.Entry{Key: spec.StringValue("Cents()"), Val: spec.IntValue(300)},
		spec.Entry{Key: spec.StringValue("Currency()"), Val: spec.StringValue("EUR")},
		spec.Entry{Key: spec.StringValue("IsZero()"), Val: spec.BoolValue(false)})
	addVerified := []*spec.Case{
		{Receiver: code(`MustAmount("1.00 EUR")`), Input: code(`MustAmount("2.00 EUR")`), Expected: &observedSum},
		{Receiver: code(`MustAmount("1.00 EUR")`), Input: code(`NewAmount(1, "USD")`), Raises: "ledger.ErrCurrency", Match: "^EUR and USD: currency mismatch$"},
	}
	three := spec.IntValue(3)
	xs := spec.ListValue(spec.IntValue(1), spec.IntValue(2))
	sumVerified := []*spec.Case{{Types: spec.TypeArgs{{Param: "T", Type: "int"}}, Input: &xs, Expected: &three}}

	prompts := map[string]string{
		"explore-round1-opaque":  explore1(add),
		"explore-round1-generic": explore1(sumInt),
		"spec-opaque":            specOf(add, addVerified, false),
		"spec-generic":           specOf(sum, sumVerified, false),
		"spec-opaque-bundle":     specOf(add, addVerified, true),
	}
	for name, p := range prompts {
		golden.Check(t, "testdata/prompts/"+name+".txt", p)
	}

	tests := []struct {
		prompt, why string
		want        []string
		absent      []string
	}{
		{
			prompt: "explore-round1-opaque", why: "the snippet writer learns how to make an Amount, and how results are recorded",
			want: []string{
				"- Amount has unexported fields: make one with the package's functions and methods that return one, e.g. `v := MustAmount(\"example\")`:",
				"r := MustAmount(\"example\")\nout, err := r.Add(MustAmount(\"example\"))",
				"    func MustAmount(s string) Amount\n", "    func NewAmount(cents int64, currency string) Amount\n",
				"    func ParseAmount(s string) (Amount, error)\n", "    func (Amount) Neg() Amount\n",
				"recorded through its API, String(), Cents(), Currency(), IsZero().",
			},
			absent: []string{"generic", "{go:"},
		},
		{
			prompt: "explore-round1-generic", why: "the snippet writer learns the instantiation it explores",
			want:   []string{"Signature: func Sum(xs []int) int", "- Sum is generic (T Number); this exploration instantiates it with T = int: pass arguments of those types and call it without type arguments"},
			absent: []string{"unexported", "{go:"},
		},
		{
			prompt: "spec-opaque", why: "the spec writer learns {go: ...} values with the makers, and the observer keys",
			want: []string{
				"`receiver` (the Amount value the method is called on, as Go code: see below)",
				"- receiver: {go: \"MustAmount(\\\"1.00 EUR\\\")\"}, b: {go: \"MustAmount(\\\"2.00 EUR\\\")\"}  =>  expected: {String(): \"3.00 EUR\", Cents(): 300, Currency(): \"EUR\", IsZero(): false}",
				"- Amount has unexported fields: a receiver or argument of type Amount is Go code, a mapping with the one key go whose value is a Go expression evaluated inside package ledger",
				"e.g. `{go: 'MustAmount(\"1.00 EUR\")'}`", "    func MustAmount(s string) Amount\n",
				"- A result of type Amount has unexported fields: `expected` writes it as a test would check it, a mapping with these keys: String(), Cents(), Currency(), IsZero().",
			},
			absent: []string{"types:", "!!map"},
		},
		{
			prompt: "spec-generic", why: "the spec writer learns types: and sees each verified case's types",
			want: []string{
				"`types` (the type arguments, see below)",
				"- types: {T: int}, xs: [1, 2]  =>  expected: 3",
				"- Sum is generic (T Number): every case gives its type arguments by type parameter name, `types: {T: int}`",
			},
			absent: []string{"unexported", "{go:"},
		},
		{
			prompt: "spec-opaque-bundle", why: "in a bundle, code and observed results are JSON objects",
			want:   []string{"e.g. `{\"go\":\"MustAmount(\\\"1.00 EUR\\\")\"}`", "e.g. `{\"String()\": …, \"Cents()\": …, \"Currency()\": …, \"IsZero()\": …}`"},
			absent: []string{"{go: '"},
		},
	}
	for _, tt := range tests {
		p := prompts[tt.prompt]
		for _, w := range tt.want {
			if !strings.Contains(p, w) {
				t.Errorf("%s: %s: the prompt lacks %q:\n%s", tt.prompt, tt.why, w, p)
			}
		}
		for _, a := range tt.absent {
			if strings.Contains(p, a) {
				t.Errorf("%s: %s: the prompt has %q, which does not apply", tt.prompt, tt.why, a)
			}
		}
	}

	// A function with none of these shapes is told about none.
	plain := map[string]string{"explore-round1": explore1(loadFunc(t, "ParseCents")), "spec": specOf(loadFunc(t, "ParseCents"), nil, false)}
	for name, p := range plain {
		for _, a := range []string{"unexported", "{go:", "types:", "`types`", "generic", "observe"} {
			if strings.Contains(p, a) {
				t.Errorf("%s of ParseCents mentions %q", name, a)
			}
		}
	}
}
