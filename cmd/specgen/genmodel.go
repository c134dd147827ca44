package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/llm"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// modelFlags are the flags of specgen gen that put a model behind the
// exploration and the spec.
type modelFlags struct {
	model, exploreModel, specModel string
	baseURL                        string
	timeout                        time.Duration
	bundle                         bool
	minPass                        float64
	maxRefine                      int
	prompts                        string
	hetero                         bool
	record, replay                 string
	prices                         string
	jsonOut                        string
	// tracer, when set, gets a GenAI span per model call (set by the
	// command, not a flag).
	tracer trace.Tracer
}

func (m *modelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.model, "model", "", "model that explores and writes the spec: `provider:name` (openai:gpt-4.1-mini, anthropic:claude-haiku-4-5, ollama:qwen2.5-coder, openai-compatible:NAME); default $MODEL_NAME, else the built-in explorer and writer")
	fs.StringVar(&m.exploreModel, "explore-model", "", "model that writes the probes (default $EXPLORATION_MODEL, else -model)")
	fs.StringVar(&m.specModel, "spec-model", "", "model that writes the spec (default $SPEC_MODEL, else -model)")
	fs.StringVar(&m.baseURL, "base-url", "", "API base `URL` of every model (default $OPENAI_BASE_URL or $ANTHROPIC_BASE_URL, else the provider's)")
	fs.DurationVar(&m.timeout, "model-timeout", 0, "bound on each model call attempt (default 2m)")
	fs.BoolVar(&m.bundle, "bundle", false, "ask the spec model for a structured bundle instead of YAML")
	fs.Float64Var(&m.minPass, "min-pass", 100, "refine the model's spec while fewer than this `percent` of its cases pass")
	fs.IntVar(&m.maxRefine, "max-refine", 2, "refinement rounds of the model's spec")
	fs.StringVar(&m.prompts, "prompts", "", "comma-separated first-round prompt `variants` of the explore model: "+strings.Join(llm.Variants(), ", ")+" (default general)")
	fs.BoolVar(&m.hetero, "hetero", false, "heterogeneous prompting: -prompts "+strings.Join(llm.HeteroVariants(), ","))
	fs.StringVar(&m.record, "record", "", "record every model exchange in `dir`")
	fs.StringVar(&m.replay, "replay", "", "answer every model call from the recordings in `dir`, without network")
	fs.StringVar(&m.prices, "prices", "", "price table `file` (YAML or JSON, $ per million tokens) overriding the built-in one")
	fs.StringVar(&m.jsonOut, "json", "", "write the gen report, with the model cost, as JSON to `file`")
}

// models is the model setup of one gen run.
type models struct {
	meter      *model.Meter
	explore    string // "provider:name" or ""
	spec       string
	explorer   func(*target.Func) explore.Explorer
	agent      write.Writer
	minPass    float64
	maxRefine  int
	usesModels bool
	// replays are the replay clients, which stop the run on a miss.
	replays []*strictReplay
}

// setup resolves the models and makes their clients. Everything that
// can be wrong with the flags, the provider or the key is reported here,
// in one line, before any work.
func (m *modelFlags) setup(getenv func(string) string, logf func(string, ...any)) (*models, error) {
	ms := &models{minPass: m.minPass, maxRefine: m.maxRefine}
	ms.explore, ms.spec = model.ResolveModels(m.model, m.exploreModel, m.specModel, getenv)
	if m.minPass <= 0 || m.minPass > 100 {
		return nil, fmt.Errorf("-min-pass %g: want a percentage in (0, 100]", m.minPass)
	}
	if m.maxRefine < 0 {
		return nil, fmt.Errorf("-max-refine %d: want 0 or more", m.maxRefine)
	}
	if m.maxRefine == 0 {
		ms.maxRefine = -1 // pipeline: negative means none
	}
	var variants []string
	if m.hetero {
		variants = llm.HeteroVariants()
	}
	if m.prompts != "" {
		if m.hetero {
			return nil, errors.New("-prompts and -hetero: give one")
		}
		for _, v := range strings.Split(m.prompts, ",") {
			if v = strings.TrimSpace(v); v != "" {
				variants = append(variants, v)
			}
		}
	}
	if err := llm.CheckVariants(variants); err != nil {
		return nil, fmt.Errorf("-prompts: %w", err)
	}
	if m.record != "" && m.replay != "" {
		return nil, errors.New("-record and -replay: give one")
	}
	if ms.explore == "" && ms.spec == "" {
		for _, f := range []struct {
			set  bool
			name string
		}{{m.bundle, "-bundle"}, {m.record != "", "-record"}, {m.replay != "", "-replay"}, {variants != nil, "-prompts"}, {m.baseURL != "", "-base-url"}} {
			if f.set {
				return nil, fmt.Errorf("%s needs a model (-model, -explore-model or -spec-model)", f.name)
			}
		}
		return ms, nil
	}
	if m.bundle && ms.spec == "" {
		return nil, errors.New("-bundle needs a spec model (-model or -spec-model)")
	}
	if variants != nil && ms.explore == "" {
		return nil, errors.New("-prompts needs an explore model (-model or -explore-model)")
	}
	prices := model.DefaultPrices()
	if m.prices != "" {
		p, err := model.ReadPrices(m.prices)
		if err != nil {
			return nil, err
		}
		prices = prices.Merge(p)
	}

	clients := map[string]model.Client{}
	for _, name := range []string{ms.explore, ms.spec} {
		if name == "" || clients[name] != nil {
			continue
		}
		c, err := m.client(name, getenv, logf)
		if err != nil {
			return nil, err
		}
		if r, ok := c.(*strictReplay); ok {
			ms.replays = append(ms.replays, r)
		}
		clients[name] = c
	}
	var client model.Client
	switch {
	case ms.explore == ms.spec || ms.spec == "":
		client = clients[ms.explore]
	case ms.explore == "":
		client = clients[ms.spec]
	default:
		client = &phaseRouter{explore: clients[ms.explore], spec: clients[ms.spec]}
	}
	ms.meter = model.NewMeter(client, prices)
	ms.usesModels = true
	if ms.explore != "" {
		c := &named{Client: ms.meter, name: ms.explore}
		opts := llm.ExplorerOptions{Prompts: variants, Logf: logf}
		ms.explorer = func(*target.Func) explore.Explorer { return llm.NewExplorer(c, opts) }
	}
	if ms.spec != "" {
		ms.agent = llm.NewSpecAgent(&named{Client: ms.meter, name: ms.spec}, llm.AgentOptions{Bundle: m.bundle, Logf: logf})
	}
	return ms, nil
}

// client makes the client of one model: a replay of recordings, or a
// provider's client, recorded when asked.
func (m *modelFlags) client(name string, getenv func(string) string, logf func(string, ...any)) (model.Client, error) {
	if _, _, err := model.ParseSpec(name); err != nil {
		return nil, err
	}
	if m.replay != "" {
		if st, err := os.Stat(m.replay); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("-replay %s: not a directory of recordings", m.replay)
		}
		return &strictReplay{Client: model.Trace(model.Replay(m.replay, name), name, m.traceOptions(getenv)), name: name}, nil
	}
	opts := m.traceOptions(getenv)
	opts.BaseURL, opts.Timeout, opts.Logf, opts.Getenv = m.baseURL, m.timeout, logf, getenv
	c, err := model.New(name, opts)
	if err != nil {
		return nil, err
	}
	if m.record != "" {
		c = model.Record(m.record, c)
	}
	return c, nil
}

// apply puts the models in the pipeline's options.
func (ms *models) apply(opts *pipeline.Options) {
	if !ms.usesModels {
		return
	}
	opts.Explorer = ms.explorer
	if ms.agent != nil {
		opts.SpecAgent = ms.agent
	}
	opts.MinPass = ms.minPass
	opts.MaxRefine = ms.maxRefine
	opts.Cost = meterCost(ms.meter)
}

// meterCost is the pipeline's cost hook over m: a function's model calls
// carry its label (model.WithLabel), and its cost is its tally in m, a
// *model.FunctionCost, or nil when it made no call.
func meterCost(m *model.Meter) func(context.Context, string) (context.Context, func() any) {
	return func(ctx context.Context, label string) (context.Context, func() any) {
		return model.WithLabel(ctx, label), func() any {
			fc, ok := m.Snapshot().Functions[label]
			if !ok {
				return nil
			}
			return &fc
		}
	}
}

// funcCost is the cost meterCost reported for r, or nil.
func funcCost(r *pipeline.FuncResult) *model.FunctionCost {
	fc, _ := r.Cost.(*model.FunctionCost)
	return fc
}

// bind returns a context for the run that a replay miss cancels.
func (ms *models) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	for _, r := range ms.replays {
		r.cancel = cancel
	}
	return ctx, cancel
}

// replayErr is the first replay miss, or nil.
func (ms *models) replayErr() error {
	for _, r := range ms.replays {
		r.mu.Lock()
		err := r.miss
		r.mu.Unlock()
		if err != nil {
			return fmt.Errorf("%w (record the exchanges again with -record)", err)
		}
	}
	return nil
}

// strictReplay is a replay client that stops the run at the first
// request without a recording, rather than let the pipeline fall back
// to the built-in explorer and writer: a replay is for reproducing a
// run, and a stale recording must not pass for one.
type strictReplay struct {
	model.Client
	name   string
	cancel context.CancelFunc

	mu   sync.Mutex
	miss error
}

func (r *strictReplay) Name() string { return r.name }

func (r *strictReplay) Complete(ctx context.Context, req model.Request) (*model.Response, error) {
	resp, err := r.Client.Complete(ctx, req)
	var miss *model.ReplayMissError
	if errors.As(err, &miss) {
		r.mu.Lock()
		if r.miss == nil {
			r.miss = err
		}
		r.mu.Unlock()
		if r.cancel != nil {
			r.cancel()
		}
	}
	return resp, err
}

// phaseRouter sends exploration calls to one client and spec calls to
// another, so that one Meter counts both.
type phaseRouter struct {
	explore, spec model.Client
}

func (r *phaseRouter) Complete(ctx context.Context, req model.Request) (*model.Response, error) {
	switch req.Phase {
	case llm.PhaseSpec, llm.PhaseRefine:
		return r.spec.Complete(ctx, req)
	}
	return r.explore.Complete(ctx, req)
}

// named gives a client the name of the model it stands for.
type named struct {
	model.Client
	name string
}

func (n *named) Name() string { return n.name }

// tokens renders a token count compactly: 950, 12.3k, 1.20M.
func tokens(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 1_000_000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	}
	return fmt.Sprintf("%.2fM", float64(n)/1e6)
}

func dollars(c float64) string { return fmt.Sprintf("$%.4f", c) }

// writeCost prints the run's model use per phase and in total.
func writeCost(w io.Writer, r model.CostReport) {
	if r.Total.Calls == 0 {
		return
	}
	var parts []string
	seen := map[string]bool{}
	phases := []string{llm.PhaseExplore, llm.PhaseRepair, llm.PhaseSpec, llm.PhaseRefine}
	var extra []string
	for ph := range r.Phases {
		extra = append(extra, ph)
	}
	sort.Strings(extra)
	phases = append(phases, extra...)
	for _, ph := range phases {
		t, ok := r.Phases[ph]
		if !ok || seen[ph] {
			continue
		}
		seen[ph] = true
		parts = append(parts, fmt.Sprintf("%s %d calls %s/%s tokens %s", ph, t.Calls, tokens(t.InputTokens), tokens(t.OutputTokens), dollars(t.CostUSD)))
	}
	fmt.Fprintf(w, "model: %d calls, %s tokens in, %s out, %s (%s)\n", r.Total.Calls, tokens(r.Total.InputTokens),
		tokens(r.Total.OutputTokens), dollars(r.Total.CostUSD), strings.Join(parts, "; "))
	if r.Total.Failed > 0 {
		fmt.Fprintf(w, "model: %d calls failed\n", r.Total.Failed)
	}
	if len(r.UnpricedModels) > 0 {
		fmt.Fprintf(w, "model: no price for %s (counted as $0; see -prices)\n", strings.Join(r.UnpricedModels, ", "))
	}
}

// genReport is the JSON report of specgen gen. It holds no wall-clock
// times, so that a replayed run reproduces it byte for byte.
type genReport struct {
	Functions []genFunction     `json:"functions"`
	Cost      *model.CostReport `json:"cost,omitempty"`
}

type genFunction struct {
	Name            string  `json:"name"`
	Skipped         string  `json:"skipped,omitempty"`
	Error           string  `json:"error,omitempty"`
	Spec            string  `json:"spec,omitempty"`
	Changed         bool    `json:"changed,omitempty"`
	Unchanged       bool    `json:"unchanged,omitempty"` // not explored: its code is as its spec records
	Cases           int     `json:"cases"`
	Generated       int     `json:"generated"`
	Hand            int     `json:"hand_written"` // of Cases, those a person wrote or edited
	Coverage        float64 `json:"coverage"`
	ExploreCoverage float64 `json:"explore_coverage"`
	// ReachCoverage and ExploreReachCoverage are over the function's
	// reach: its body and its callees' in the package.
	ReachCoverage        float64             `json:"reach_coverage"`
	ExploreReachCoverage float64             `json:"explore_reach_coverage"`
	Behaviours           int                 `json:"behaviours"`
	Probes               int                 `json:"probes"`
	Engine               string              `json:"engine,omitempty"`
	Uncompiled           int                 `json:"uncompiled,omitempty"`
	SpecWriter           string              `json:"spec_writer,omitempty"`
	Refinements          int                 `json:"refinements,omitempty"`
	Corrected            int                 `json:"corrected,omitempty"`
	Injected             int                 `json:"injected,omitempty"`
	Unstable             []string            `json:"unstable,omitempty"`
	Disagreements        []string            `json:"disagreements,omitempty"`
	Notes                []string            `json:"notes,omitempty"`
	Reviews              []genReview         `json:"reviews,omitempty"`
	Cost                 *model.FunctionCost `json:"cost,omitempty"`
	Mutation             *genMutation        `json:"mutation,omitempty"`
}

// genMutation is what the mutation step found of a function's
// generated cases (pipeline.Mutation); score is null when no mutant was
// killed or lived.
type genMutation struct {
	Killed     int           `json:"killed"`
	Lived      int           `json:"lived"`
	TimedOut   int           `json:"timed_out"`
	NotViable  int           `json:"not_viable"`
	NotCovered int           `json:"not_covered"`
	Skipped    int           `json:"skipped,omitempty"`
	Score      *float64      `json:"score"`
	Added      int           `json:"added"`
	Dropped    int           `json:"dropped"`
	Seconds    float64       `json:"seconds"`
	Survivors  []genSurvivor `json:"survivors"`
}

// genSurvivor is a mutant no generated case kills.
type genSurvivor struct {
	Pos              string `json:"pos"`
	Change           string `json:"change"`
	LikelyEquivalent bool   `json:"likely_equivalent,omitempty"`
}

// mutationReport is the JSON of a function's mutation step, nil when it
// did not run.
func mutationReport(m *pipeline.Mutation, cwd string) *genMutation {
	if m == nil {
		return nil
	}
	g := &genMutation{
		Killed: m.Killed, Lived: m.Lived, TimedOut: m.TimedOut, NotViable: m.NotViable, NotCovered: m.NotCovered, Skipped: m.Skipped,
		Added: m.Added, Dropped: m.Dropped, Seconds: round2(m.Elapsed.Seconds()), Survivors: []genSurvivor{},
	}
	if s, ok := m.Score(); ok {
		s = round2(s)
		g.Score = &s
	}
	for _, sv := range m.Survivors {
		file := sv.Pos.Filename
		if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
		g.Survivors = append(g.Survivors, genSurvivor{Pos: fmt.Sprintf("%s:%d:%d", file, sv.Pos.Line, sv.Pos.Column), Change: sv.Change, LikelyEquivalent: sv.Equivalent})
	}
	return g
}

// genReview is a case to check before trusting it as the reference, and
// why (pipeline.Review).
type genReview struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// writeGenReport writes the JSON report to path, atomically; spec paths
// are relative to cwd when they are under it.
func writeGenReport(path string, results []*pipeline.FuncResult, meter *model.Meter, cwd string) error {
	rep := genReport{Functions: []genFunction{}}
	for _, r := range results {
		gf := genFunction{
			Name: r.Name, Skipped: r.Skipped, Changed: r.Changed, Unchanged: r.Unchanged,
			Cases: r.Cases, Generated: r.Generated, Hand: r.Hand, Coverage: round2(r.Coverage), ExploreCoverage: round2(r.ExploreCoverage),
			ReachCoverage: round2(r.ReachCoverage), ExploreReachCoverage: round2(r.ExploreReachCoverage),
			Behaviours: r.Behaviours, Probes: r.Probes, Engine: r.Engine, Uncompiled: r.Uncompiled,
			SpecWriter: r.SpecWriter, Refinements: r.Refinements, Corrected: r.Corrected, Injected: r.Injected,
			Unstable: r.Unstable, Disagreements: r.Disagreements, Notes: r.Notes, Cost: funcCost(r),
			Mutation: mutationReport(r.Mutation, cwd),
		}
		if r.Err != nil {
			gf.Error = r.Err.Error()
		}
		for _, rv := range r.Reviews {
			gf.Reviews = append(gf.Reviews, genReview{ID: rv.ID, Reason: rv.Reason})
		}
		if r.Skipped == "" {
			gf.Spec = r.Path
			if rel, err := filepath.Rel(cwd, r.Path); err == nil && !strings.HasPrefix(rel, "..") {
				gf.Spec = filepath.ToSlash(rel)
			}
		}
		rep.Functions = append(rep.Functions, gf)
	}
	if meter != nil {
		c := meter.Snapshot()
		rep.Cost = &c
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		return fmt.Errorf("write report %s: %w", path, err)
	}
	if _, err := spec.WriteFile(path, b.Bytes()); err != nil {
		return fmt.Errorf("write report %s: %w", path, err)
	}
	return nil
}

func round2(f float64) float64 {
	return float64(int64(f*100+0.5)) / 100
}

// costColumns are a function's model columns of the final table.
func costColumns(r *pipeline.FuncResult) string {
	c := funcCost(r)
	if c == nil {
		return "\t-\t-\t-"
	}
	return fmt.Sprintf("\t%d\t%s\t%s", c.Calls, tokens(c.InputTokens+c.OutputTokens), dollars(c.CostUSD))
}

// traceOptions are the model options of the tracing: m's tracer, and
// the prompts and answers on its spans when
// OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT is true.
func (m *modelFlags) traceOptions(getenv func(string) string) model.Options {
	capture, _ := strconv.ParseBool(getenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"))
	return model.Options{Tracer: m.tracer, CaptureContent: capture}
}
