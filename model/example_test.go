package model_test

import (
	"context"
	"fmt"
	"os"

	"github.com/specgen-dev/specgen/model"
)

func ExampleStructured() {
	// A stand-in for a model that first forgets a field, then gets it right.
	answers := []string{
		`{"snippets":[{"code":"ParseAmount(\"1\")"}],"error_snippets":[]}`,
		`{"snippets":[{"code":"ParseAmount(\"1\")","why":"one dollar"}],"error_snippets":[]}`,
	}
	var calls int
	c := model.ClientFunc(func(_ context.Context, req model.Request) (*model.Response, error) {
		if calls > 0 {
			fmt.Println("sent back:", req.Messages[len(req.Messages)-1].Content)
		}
		text := answers[calls]
		calls++
		return &model.Response{Text: text, Usage: model.Usage{InputTokens: 100, OutputTokens: 20}}, nil
	})

	type snippet struct {
		Code string `json:"code"`
		Why  string `json:"why"`
	}
	var plan struct {
		Snippets      []snippet `json:"snippets"`
		ErrorSnippets []snippet `json:"error_snippets"`
	}
	schema := []byte(`{"type":"object","additionalProperties":false,"required":["snippets","error_snippets"],
		"properties":{"snippets":{"type":"array","items":{"$ref":"#/$defs/snippet"}},"error_snippets":{"type":"array","items":{"$ref":"#/$defs/snippet"}}},
		"$defs":{"snippet":{"type":"object","additionalProperties":false,"required":["code","why"],
			"properties":{"code":{"type":"string"},"why":{"type":"string"}}}}}`)
	resp, err := model.Structured(context.Background(), c, model.Request{
		Phase:    "explore",
		Messages: []model.Message{{Role: model.RoleUser, Content: "Explore ParseAmount."}},
		Schema:   schema,
	}, &plan)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", plan.Snippets)
	fmt.Printf("%+v\n", resp.Usage)
	// Output:
	// sent back: Your answer did not fit the schema:
	// at '/snippets/0': missing property 'why'
	// Answer again, with only a JSON object that fits the schema.
	// [{Code:ParseAmount("1") Why:one dollar}]
	// {InputTokens:200 OutputTokens:40 CacheReadTokens:0}
}

func ExampleResolveModels() {
	env := map[string]string{"SPEC_MODEL": "anthropic:claude-sonnet-4-5"}
	explore, spec := model.ResolveModels("openai:gpt-4.1-mini", "", "", func(k string) string { return env[k] })
	fmt.Println(explore)
	fmt.Println(spec)
	// Output:
	// openai:gpt-4.1-mini
	// anthropic:claude-sonnet-4-5
}

func ExampleReplay() {
	dir, _ := os.MkdirTemp("", "recordings")
	defer os.RemoveAll(dir)

	live := model.ClientFunc(func(context.Context, model.Request) (*model.Response, error) {
		return &model.Response{Text: "ParseAmount:\n  dataset: []\n", Model: "gpt-4.1-mini", Provider: "openai"}, nil
	})
	req := model.Request{Phase: "spec", Messages: []model.Message{{Role: model.RoleUser, Content: "Write the spec."}}}

	// Record with a client that has a name, as those from model.New do.
	rec := model.Record(dir, namedClient{live, "openai:gpt-4.1-mini"})
	if _, err := rec.Complete(context.Background(), req); err != nil {
		fmt.Println(err)
		return
	}
	// Replay: no network, no key.
	resp, err := model.Replay(dir, "openai:gpt-4.1-mini").Complete(context.Background(), req)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", resp.Text)
	_, err = model.Replay(dir, "openai:gpt-4.1").Complete(context.Background(), req)
	fmt.Println(err != nil)
	// Output:
	// "ParseAmount:\n  dataset: []\n"
	// true
}

type namedClient struct {
	model.Client
	name string
}

func (n namedClient) Name() string { return n.name }
