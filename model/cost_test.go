package model_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/model"
)

func TestPriceCost(t *testing.T) {
	p := model.Price{InputPerMTok: 2, OutputPerMTok: 8, CacheReadPerMTok: 0.5}
	tests := []struct {
		name   string
		reason string
		price  model.Price
		usage  model.Usage
		want   float64
	}{
		{"plain", "input and output at their prices", p, model.Usage{InputTokens: 1_000_000, OutputTokens: 500_000}, 2 + 4},
		{"cached", "cache reads are part of the input, at the cache price", p,
			model.Usage{InputTokens: 1_000_000, OutputTokens: 0, CacheReadTokens: 800_000}, 0.2*2 + 0.8*0.5},
		{"no cache price", "without one, cache reads cost the input price", model.Price{InputPerMTok: 3, OutputPerMTok: 15},
			model.Usage{InputTokens: 1000, OutputTokens: 1000, CacheReadTokens: 500}, (1000*3 + 1000*15) / 1e6},
		{"free", "a zero price costs nothing", model.Price{}, model.Usage{InputTokens: 5, OutputTokens: 5}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.price.Cost(tt.usage); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("Cost = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

func TestPricesLookup(t *testing.T) {
	prices := model.DefaultPrices().Merge(model.Prices{
		"anthropic:claude-sonnet-4-5": {InputPerMTok: 1, OutputPerMTok: 1},
		"my-finetune":                 {InputPerMTok: 9, OutputPerMTok: 9},
	})
	tests := []struct {
		name            string
		reason          string
		provider, model string
		want            model.Price
		found           bool
	}{
		{"exact", "the model's own entry", "openai", "gpt-4.1-mini", model.Price{InputPerMTok: 0.40, OutputPerMTok: 1.60, CacheReadPerMTok: 0.10}, true},
		{"snapshot", "a dated snapshot takes its family's price", "openai", "gpt-4.1-mini-2025-04-14",
			model.Price{InputPerMTok: 0.40, OutputPerMTok: 1.60, CacheReadPerMTok: 0.10}, true},
		{"longest prefix", "gpt-4.1-nano is not priced as gpt-4.1", "openai", "gpt-4.1-nano-2025-04-14",
			model.Price{InputPerMTok: 0.10, OutputPerMTok: 0.40, CacheReadPerMTok: 0.025}, true},
		{"provider-qualified", "a provider:name entry wins", "anthropic", "claude-sonnet-4-5-20250929", model.Price{InputPerMTok: 1, OutputPerMTok: 1}, true},
		{"user entry", "the user's table adds models", "openai-compatible", "my-finetune", model.Price{InputPerMTok: 9, OutputPerMTok: 9}, true},
		{"unknown", "not in the table: flagged", "openai", "gpt-99", model.Price{}, false},
		{"no partial word", "gpt-4 is not a prefix entry of gpt-4x", "openai", "gpt-4oo", model.Price{}, false},
		{"ollama", "local models are free", "ollama", "qwen2.5-coder", model.Price{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found := prices.Lookup(tt.provider, tt.model)
			if got != tt.want || found != tt.found {
				t.Errorf("Lookup = %+v, %v; want %+v, %v (%s)", got, found, tt.want, tt.found, tt.reason)
			}
		})
	}
}

func TestReadPrices(t *testing.T) {
	tests := []struct {
		name, reason, file, content string
		want                        model.Prices
		wantErr                     string
	}{
		{name: "yaml", reason: "the usual config format", file: "prices.yaml",
			content: "gpt-4.1-mini: {input_per_mtok: 0.5, output_per_mtok: 2, cache_read_per_mtok: 0.1}\n\"anthropic:claude-haiku-4-5\": {input_per_mtok: 1, output_per_mtok: 5}\n",
			want: model.Prices{"gpt-4.1-mini": {InputPerMTok: 0.5, OutputPerMTok: 2, CacheReadPerMTok: 0.1},
				"anthropic:claude-haiku-4-5": {InputPerMTok: 1, OutputPerMTok: 5}}},
		{name: "json", reason: "JSON by extension", file: "prices.json",
			content: `{"gpt-5": {"input_per_mtok": 1.25, "output_per_mtok": 10}}`,
			want:    model.Prices{"gpt-5": {InputPerMTok: 1.25, OutputPerMTok: 10}}},
		{name: "yaml typo", reason: "unknown fields are errors, not zero prices", file: "p.yml",
			content: "gpt-5: {input: 1}\n", wantErr: "field input not found"},
		{name: "json typo", reason: "unknown fields are errors, not zero prices", file: "p.json",
			content: `{"gpt-5": {"input": 1}}`, wantErr: `unknown field "input"`},
		{name: "negative", reason: "a negative price is a mistake", file: "p.yaml",
			content: "gpt-5: {input_per_mtok: -1, output_per_mtok: 1}\n", wantErr: "gpt-5: prices must be non-negative numbers"},
		{name: "missing", reason: "the path is named", file: "", wantErr: "read prices:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "absent.yaml")
			if tt.file != "" {
				path = filepath.Join(t.TempDir(), tt.file)
				if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := model.ReadPrices(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err = %v; want %q (%s)", err, tt.wantErr, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("prices (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}

// usageClient answers with fixed usage, or fails for phase "fail".
type usageClient struct{}

func (usageClient) Name() string { return "openai:gpt-4.1-mini" }

func (usageClient) Complete(_ context.Context, req model.Request) (*model.Response, error) {
	switch req.Phase {
	case "fail":
		return nil, errors.New("boom")
	case "local":
		return &model.Response{Usage: model.Usage{InputTokens: 1000, OutputTokens: 100}, Model: "mystery-model", Provider: "openai-compatible"}, nil
	}
	return &model.Response{
		Text:     "{}",
		Usage:    model.Usage{InputTokens: 1000, OutputTokens: 100, CacheReadTokens: 400},
		Model:    "gpt-4.1-mini-2025-04-14",
		Provider: "openai",
	}, nil
}

func TestMeter(t *testing.T) {
	m := model.NewMeter(usageClient{}, nil)
	var wg sync.WaitGroup
	call := func(fn, phase string) {
		defer wg.Done()
		ctx := context.Background()
		if fn != "" {
			ctx = model.WithLabel(ctx, fn)
		}
		m.Complete(ctx, model.Request{Phase: phase})
	}
	// 100 concurrent calls: the counts must add up exactly.
	for i := range 25 {
		wg.Add(4)
		go call("ParseAmount", "explore")
		go call("ParseAmount", "spec")
		go call("FormatAmount", "explore")
		go call("", "explore")
		if i == 0 {
			wg.Add(2)
			go call("FormatAmount", "fail")
			go call("FormatAmount", "local")
		}
	}
	wg.Wait()
	r := m.Snapshot()

	if r.Total.Calls != 102 || r.Total.Failed != 1 {
		t.Errorf("total calls, failed = %d, %d; want 102, 1", r.Total.Calls, r.Total.Failed)
	}
	if got := r.Phases["explore"].InputTokens; got != 75*1000 {
		t.Errorf("explore input tokens = %d, want 75000", got)
	}
	if got := r.Functions["ParseAmount"].Phases["spec"].Calls; got != 25 {
		t.Errorf("ParseAmount spec calls = %d, want 25", got)
	}
	// gpt-4.1-mini: 600 uncached at 0.40, 400 cached at 0.10, 100 out at 1.60 per MTok.
	perCall := (600*0.40 + 400*0.10 + 100*1.60) / 1e6
	if got := r.Functions["ParseAmount"].CostUSD; math.Abs(got-50*perCall) > 1e-12 {
		t.Errorf("ParseAmount cost = %v, want %v", got, 50*perCall)
	}
	if diff := cmp.Diff([]string{"openai-compatible:mystery-model"}, r.UnpricedModels); diff != "" {
		t.Errorf("unpriced models (-want +got):\n%s", diff)
	}
	if _, ok := r.Functions[""]; ok {
		t.Errorf("unlabelled calls got a function entry")
	}

	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/cost/report.golden.json", append(data, '\n'))

	// Another meter fed the same calls in another order reports the same bytes.
	m2 := model.NewMeter(usageClient{}, nil)
	ctx := context.Background()
	m2.Complete(model.WithLabel(ctx, "FormatAmount"), model.Request{Phase: "local"})
	m2.Complete(model.WithLabel(ctx, "FormatAmount"), model.Request{Phase: "fail"})
	for range 25 {
		m2.Complete(ctx, model.Request{Phase: "explore"})
		m2.Complete(model.WithLabel(ctx, "FormatAmount"), model.Request{Phase: "explore"})
		m2.Complete(model.WithLabel(ctx, "ParseAmount"), model.Request{Phase: "spec"})
		m2.Complete(model.WithLabel(ctx, "ParseAmount"), model.Request{Phase: "explore"})
	}
	data2, _ := json.MarshalIndent(m2.Snapshot(), "", "  ")
	if string(data) != string(data2) {
		t.Errorf("the report depends on the order of the calls:\n%s\n%s", data, data2)
	}
}

func TestMeterCustomPrices(t *testing.T) {
	m := model.NewMeter(usageClient{}, model.Prices{"gpt-4.1-mini": {InputPerMTok: 1e6, OutputPerMTok: 0}})
	m.Complete(context.Background(), model.Request{Phase: "explore"})
	// 600 uncached + 400 cached tokens, all at the input price (no cache price): $1000.
	if got := m.Snapshot().Total.CostUSD; got != 1000 {
		t.Errorf("cost = %v; want the user's price to apply", got)
	}
}

func TestCostReportText(t *testing.T) {
	m := model.NewMeter(usageClient{}, nil)
	ctx := context.Background()
	m.Complete(ctx, model.Request{Phase: "explore"})
	m.Complete(ctx, model.Request{Phase: "explore"})
	m.Complete(ctx, model.Request{Phase: "spec"})
	m.Complete(ctx, model.Request{Phase: "fail"})
	m.Complete(ctx, model.Request{Phase: "local"})
	var b strings.Builder
	if err := m.Snapshot().WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `phase           calls  input tokens    cached  output tokens  cost (USD)
explore             2          2000       800            200      0.0009
fail     1 (1 failed)             0         0              0      0.0000
local               1          1000         0            100      0.0000
spec                1          1000       400            100      0.0004
total    5 (1 failed)          4000      1200            400      0.0013
no price for openai-compatible:mystery-model: counted as free
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}
