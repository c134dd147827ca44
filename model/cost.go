package model

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// Price is what a model costs, in US dollars per million tokens.
type Price struct {
	InputPerMTok  float64 `json:"input_per_mtok" yaml:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok" yaml:"output_per_mtok"`
	// CacheReadPerMTok prices input tokens read from the prompt cache
	// (0: the input price).
	CacheReadPerMTok float64 `json:"cache_read_per_mtok,omitempty" yaml:"cache_read_per_mtok,omitempty"`
}

// Cost is the price of u in US dollars.
func (p Price) Cost(u Usage) float64 {
	cacheRead := p.CacheReadPerMTok
	if cacheRead == 0 {
		cacheRead = p.InputPerMTok
	}
	uncached := u.InputTokens - u.CacheReadTokens
	if uncached < 0 {
		uncached = 0
	}
	return (float64(uncached)*p.InputPerMTok +
		float64(u.CacheReadTokens)*cacheRead +
		float64(u.OutputTokens)*p.OutputPerMTok) / 1e6
}

// Prices maps a model ("name" or "provider:name") to its price. A dated
// snapshot ("gpt-4.1-mini-2025-04-14") takes the price of the longest
// key it starts with ("gpt-4.1-mini").
type Prices map[string]Price

// DefaultPrices returns the built-in price table (list prices of the
// providers' standard tiers when this table was written); a user's table
// (ReadPrices) overrides it with Merge.
func DefaultPrices() Prices {
	return Prices{
		"gpt-5":        {InputPerMTok: 1.25, OutputPerMTok: 10, CacheReadPerMTok: 0.125},
		"gpt-5-mini":   {InputPerMTok: 0.25, OutputPerMTok: 2, CacheReadPerMTok: 0.025},
		"gpt-5-nano":   {InputPerMTok: 0.05, OutputPerMTok: 0.40, CacheReadPerMTok: 0.005},
		"gpt-4.1":      {InputPerMTok: 2, OutputPerMTok: 8, CacheReadPerMTok: 0.50},
		"gpt-4.1-mini": {InputPerMTok: 0.40, OutputPerMTok: 1.60, CacheReadPerMTok: 0.10},
		"gpt-4.1-nano": {InputPerMTok: 0.10, OutputPerMTok: 0.40, CacheReadPerMTok: 0.025},
		"gpt-4o":       {InputPerMTok: 2.50, OutputPerMTok: 10, CacheReadPerMTok: 1.25},
		"gpt-4o-mini":  {InputPerMTok: 0.15, OutputPerMTok: 0.60, CacheReadPerMTok: 0.075},
		"o4-mini":      {InputPerMTok: 1.10, OutputPerMTok: 4.40, CacheReadPerMTok: 0.275},

		"claude-opus-4-1":   {InputPerMTok: 15, OutputPerMTok: 75, CacheReadPerMTok: 1.50},
		"claude-opus-4-5":   {InputPerMTok: 5, OutputPerMTok: 25, CacheReadPerMTok: 0.50},
		"claude-sonnet-4":   {InputPerMTok: 3, OutputPerMTok: 15, CacheReadPerMTok: 0.30},
		"claude-sonnet-4-5": {InputPerMTok: 3, OutputPerMTok: 15, CacheReadPerMTok: 0.30},
		"claude-haiku-4-5":  {InputPerMTok: 1, OutputPerMTok: 5, CacheReadPerMTok: 0.10},
		"claude-3-5-haiku":  {InputPerMTok: 0.80, OutputPerMTok: 4, CacheReadPerMTok: 0.08},
	}
}

// Merge returns p overridden by q.
func (p Prices) Merge(q Prices) Prices {
	out := make(Prices, len(p)+len(q))
	for k, v := range p {
		out[k] = v
	}
	for k, v := range q {
		out[k] = v
	}
	return out
}

// Lookup finds the price of a provider's model. Models served locally
// (provider ollama) are free unless the table says otherwise; any other
// model missing from the table reports false.
func (p Prices) Lookup(provider, model string) (Price, bool) {
	if pr, ok := p[provider+":"+model]; ok {
		return pr, true
	}
	if pr, ok := p[model]; ok {
		return pr, true
	}
	// The longest family name the model starts with; between equal
	// names, the provider-qualified entry.
	best, bestLen, bestQualified := "", -1, false
	for k := range p {
		name, qualified := k, false
		if prov, rest, ok := strings.Cut(k, ":"); ok {
			if prov != provider {
				continue
			}
			name, qualified = rest, true
		}
		if !strings.HasPrefix(model, name+"-") {
			continue
		}
		if len(name) > bestLen || len(name) == bestLen && qualified && !bestQualified {
			best, bestLen, bestQualified = k, len(name), qualified
		}
	}
	if bestLen >= 0 {
		return p[best], true
	}
	if provider == ProviderOllama {
		return Price{}, true
	}
	return Price{}, false
}

// ReadPrices reads a price table from a JSON (.json) or YAML file:
//
//	gpt-4.1-mini: {input_per_mtok: 0.40, output_per_mtok: 1.60, cache_read_per_mtok: 0.10}
//	"anthropic:claude-sonnet-4-5": {input_per_mtok: 3, output_per_mtok: 15}
func ReadPrices(path string) (Prices, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read prices: %w", err)
	}
	var p Prices
	if strings.EqualFold(filepath.Ext(path), ".json") {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		err = dec.Decode(&p)
	} else {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		err = dec.Decode(&p)
	}
	if err != nil {
		return nil, fmt.Errorf("read prices %s: %w", path, err)
	}
	for name, pr := range p {
		if pr.InputPerMTok < 0 || pr.OutputPerMTok < 0 || pr.CacheReadPerMTok < 0 ||
			math.IsNaN(pr.InputPerMTok+pr.OutputPerMTok+pr.CacheReadPerMTok) {
			return nil, fmt.Errorf("read prices %s: %s: prices must be non-negative numbers", path, name)
		}
	}
	return p, nil
}

type labelKey struct{}

// WithLabel returns ctx carrying the name of the function a call is made
// for, for the Meter's per-function accounting and for spans.
func WithLabel(ctx context.Context, fn string) context.Context {
	return context.WithValue(ctx, labelKey{}, fn)
}

// Label returns the function name WithLabel put in ctx, or "".
func Label(ctx context.Context) string {
	s, _ := ctx.Value(labelKey{}).(string)
	return s
}

// Meter is a Client that counts the calls, tokens and cost of the calls
// it passes on, per phase, per function (WithLabel) and per model. It is
// safe for concurrent use.
type Meter struct {
	next   Client
	prices Prices

	mu    sync.Mutex
	cells map[meterKey]*counts
}

type meterKey struct {
	function, phase, provider, model string
}

type counts struct {
	calls, failed int
	usage         Usage
}

// NewMeter wraps c; nil prices means DefaultPrices.
func NewMeter(c Client, prices Prices) *Meter {
	if prices == nil {
		prices = DefaultPrices()
	}
	return &Meter{next: c, prices: prices, cells: map[meterKey]*counts{}}
}

// Name is the name of the metered client.
func (m *Meter) Name() string { return Name(m.next) }

// Complete passes req on and counts the outcome.
func (m *Meter) Complete(ctx context.Context, req Request) (*Response, error) {
	resp, err := m.next.Complete(ctx, req)
	key := meterKey{function: Label(ctx), phase: req.Phase}
	if err == nil {
		key.provider, key.model = resp.Provider, resp.Model
	} else if p, n, perr := ParseSpec(m.Name()); perr == nil {
		key.provider, key.model = p, n
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.cells[key]
	if c == nil {
		c = &counts{}
		m.cells[key] = c
	}
	c.calls++
	if err != nil {
		c.failed++
	} else {
		c.usage = c.usage.Add(resp.Usage)
	}
	return resp, err
}

// Tally is what a set of calls consumed.
type Tally struct {
	Calls           int     `json:"calls"`
	Failed          int     `json:"failed,omitempty"`
	InputTokens     int64   `json:"input_tokens"`
	OutputTokens    int64   `json:"output_tokens"`
	CacheReadTokens int64   `json:"cache_read_tokens,omitempty"`
	CostUSD         float64 `json:"cost_usd"`
}

func (t Tally) add(u Tally) Tally {
	return Tally{
		Calls:           t.Calls + u.Calls,
		Failed:          t.Failed + u.Failed,
		InputTokens:     t.InputTokens + u.InputTokens,
		OutputTokens:    t.OutputTokens + u.OutputTokens,
		CacheReadTokens: t.CacheReadTokens + u.CacheReadTokens,
		CostUSD:         t.CostUSD + u.CostUSD,
	}
}

// FunctionCost is the tally of the calls made for one function, in all
// and per phase.
type FunctionCost struct {
	Tally
	Phases map[string]Tally `json:"phases,omitempty"`
}

// CostReport is a Meter's account, ready for a JSON report.
type CostReport struct {
	Total     Tally                   `json:"total"`
	Phases    map[string]Tally        `json:"phases,omitempty"`
	Functions map[string]FunctionCost `json:"functions,omitempty"`
	// Models is keyed by "provider:model".
	Models map[string]Tally `json:"models,omitempty"`
	// UnpricedModels lists the models missing from the price table, whose
	// cost is counted as 0.
	UnpricedModels []string `json:"unpriced_models,omitempty"`
}

// Snapshot returns the account so far. Costs are computed from the token
// sums in a fixed order, so equal calls give an equal report whatever the
// order they ran in.
func (m *Meter) Snapshot() CostReport {
	m.mu.Lock()
	keys := make([]meterKey, 0, len(m.cells))
	cells := make(map[meterKey]counts, len(m.cells))
	for k, c := range m.cells {
		keys = append(keys, k)
		cells[k] = *c
	}
	m.mu.Unlock()
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.function != b.function {
			return a.function < b.function
		}
		if a.phase != b.phase {
			return a.phase < b.phase
		}
		if a.provider != b.provider {
			return a.provider < b.provider
		}
		return a.model < b.model
	})

	r := CostReport{
		Phases:    map[string]Tally{},
		Functions: map[string]FunctionCost{},
		Models:    map[string]Tally{},
	}
	unpriced := map[string]bool{}
	for _, k := range keys {
		c := cells[k]
		t := Tally{
			Calls:           c.calls,
			Failed:          c.failed,
			InputTokens:     c.usage.InputTokens,
			OutputTokens:    c.usage.OutputTokens,
			CacheReadTokens: c.usage.CacheReadTokens,
		}
		name := k.provider + ":" + k.model
		if price, ok := m.prices.Lookup(k.provider, k.model); ok {
			t.CostUSD = price.Cost(c.usage)
		} else if c.calls > c.failed {
			unpriced[name] = true
		}
		r.Total = r.Total.add(t)
		r.Phases[k.phase] = r.Phases[k.phase].add(t)
		r.Models[name] = r.Models[name].add(t)
		if k.function != "" {
			fc := r.Functions[k.function]
			fc.Tally = fc.Tally.add(t)
			if fc.Phases == nil {
				fc.Phases = map[string]Tally{}
			}
			fc.Phases[k.phase] = fc.Phases[k.phase].add(t)
			r.Functions[k.function] = fc
		}
	}
	for name := range unpriced {
		r.UnpricedModels = append(r.UnpricedModels, name)
	}
	sort.Strings(r.UnpricedModels)
	return r
}

// WriteText writes the report as a table, a row per phase and a total,
// for a command's final summary.
func (r CostReport) WriteText(w io.Writer) error {
	phases := make([]string, 0, len(r.Phases))
	for p := range r.Phases {
		phases = append(phases, p)
	}
	sort.Strings(phases)
	type row struct{ name, calls string }
	rows := []row{{"phase", "calls"}}
	tallies := []Tally{{}}
	for _, p := range append(phases, "\x00total") {
		t, name := r.Phases[p], p
		switch p {
		case "\x00total":
			t, name = r.Total, "total"
		case "":
			name = "(none)"
		}
		calls := strconv.Itoa(t.Calls)
		if t.Failed > 0 {
			calls += fmt.Sprintf(" (%d failed)", t.Failed)
		}
		rows = append(rows, row{name, calls})
		tallies = append(tallies, t)
	}
	nameW, callsW := 0, 0
	for _, rw := range rows {
		nameW, callsW = max(nameW, len(rw.name)), max(callsW, len(rw.calls))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %*s  %12s  %8s  %13s  %10s\n", nameW, "phase", callsW, "calls", "input tokens", "cached", "output tokens", "cost (USD)")
	for i, rw := range rows[1:] {
		t := tallies[i+1]
		fmt.Fprintf(&b, "%-*s  %*s  %12d  %8d  %13d  %10.4f\n", nameW, rw.name, callsW, rw.calls,
			t.InputTokens, t.CacheReadTokens, t.OutputTokens, t.CostUSD)
	}
	if len(r.UnpricedModels) > 0 {
		fmt.Fprintf(&b, "no price for %s: counted as free\n", strings.Join(r.UnpricedModels, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
