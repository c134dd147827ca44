package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"strings"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/model"
)

// Phases of the model calls an Explorer makes, for cost accounting and
// recordings.
const (
	PhaseExplore = "explore"
	PhaseRepair  = "repair"
)

// ExplorerOptions configure an Explorer. The zero value is ready to use.
type ExplorerOptions struct {
	// Prompts are the prompt variants of the first round (see Variants):
	// one call each, their snippets merged and de-duplicated
	// (heterogeneous prompting). Nil asks the general prompt only.
	Prompts []string
	// MaxRepairs bounds the repair requests of a round, each carrying
	// several snippets that did not compile (0: 2; negative: none).
	MaxRepairs int
	// MaxTried bounds the already-tried snippets listed in a targeted
	// round's prompt, the latest kept (0: 80).
	MaxTried int
	// MaxTokens bounds each answer (0: 8192).
	MaxTokens int
	// Logf, when set, receives debug logging.
	Logf func(format string, args ...any)
}

const (
	defaultMaxRepairs = 2
	defaultMaxTried   = 80
	defaultMaxTokens  = 8192
	// maxRepairBatch bounds the snippets of one repair request.
	maxRepairBatch = 12
)

// Explorer is an explore.Explorer whose snippets a model writes: a
// broad first round (one call per prompt variant), then targeted rounds
// given the results, the cluster summary, the uncovered lines and the
// snippets already tried. Snippets that do not compile go back to the
// model with the compiler's message for repair, a bounded number of
// times per round; those that cannot even be read as a call of the
// function are repaired before they are run.
type Explorer struct {
	client model.Client
	opts   ExplorerOptions
	schema json.RawMessage
}

// NewExplorer returns an explorer asking c.
func NewExplorer(c model.Client, opts ExplorerOptions) *Explorer {
	if len(opts.Prompts) == 0 {
		opts.Prompts = []string{VariantGeneral}
	}
	return &Explorer{client: c, opts: opts, schema: PlanSchema()}
}

// CheckVariants reports an unknown prompt variant.
func CheckVariants(variants []string) error {
	for _, v := range variants {
		if _, ok := variantFocus(v); !ok {
			return fmt.Errorf("unknown prompt variant %q (want one of %s)", v, strings.Join(Variants(), ", "))
		}
	}
	return nil
}

func (e *Explorer) logf(format string, args ...any) {
	if e.opts.Logf != nil {
		e.opts.Logf(format, args...)
	}
}

func (e *Explorer) maxRepairs() int {
	switch {
	case e.opts.MaxRepairs < 0:
		return 0
	case e.opts.MaxRepairs == 0:
		return defaultMaxRepairs
	}
	return e.opts.MaxRepairs
}

func (e *Explorer) maxTokens() int {
	if e.opts.MaxTokens > 0 {
		return e.opts.MaxTokens
	}
	return defaultMaxTokens
}

// Explore answers one round. A round fails only when every request for
// its plan failed; a failed variant or repair is logged and skipped.
func (e *Explorer) Explore(ctx context.Context, req *explore.Request) (*explore.Plan, error) {
	if err := CheckVariants(e.opts.Prompts); err != nil {
		return nil, err
	}
	fi := newFuncInfo(req.Func)
	repairs := e.maxRepairs()
	out := &explore.Plan{}
	seen := map[string]bool{}
	for _, s := range req.Tried {
		seen[normCode(s.Code)] = true
	}

	// Last round's snippets that did not compile.
	if len(req.CompileErrors) > 0 && repairs > 0 {
		failed := req.CompileErrors
		if len(failed) > maxRepairBatch {
			failed = failed[:maxRepairBatch]
		}
		repairs--
		if p, err := e.ask(ctx, PhaseRepair, repairPrompt(fi, failed)); err != nil {
			e.logf("explore %s: round %d: repair: %v", req.Func.Name, req.Round, err)
		} else {
			merge(out, p, seen)
		}
	}

	// The round's plan.
	var prompts []string
	if req.Round <= 1 {
		for _, v := range e.opts.Prompts {
			prompts = append(prompts, round1Prompt(fi, v))
		}
	} else {
		maxTried := e.opts.MaxTried
		if maxTried <= 0 {
			maxTried = defaultMaxTried
		}
		prompts = append(prompts, round2Prompt(fi, req, maxTried))
	}
	var errs []error
	answered := 0
	for _, prompt := range prompts {
		p, err := e.ask(ctx, PhaseExplore, prompt)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			errs = append(errs, err)
			e.logf("explore %s: round %d: %v", req.Func.Name, req.Round, err)
			continue
		}
		answered++
		merge(out, p, seen)
	}
	if answered == 0 {
		return nil, fmt.Errorf("model %s: %w", model.Name(e.client), errors.Join(errs...))
	}

	// Snippets that cannot be read as a call of the function are
	// repaired now rather than lost.
	if repairs > 0 {
		e.repairUnreadable(ctx, fi, req, out, seen)
	}
	return out, nil
}

// repairUnreadable asks for repairs of the plan's snippets that
// explore.ProbeFromSnippet refuses, replacing them in the plan when the
// repair comes back; unrepaired ones stay, to be reported.
func (e *Explorer) repairUnreadable(ctx context.Context, fi *funcInfo, req *explore.Request, plan *explore.Plan, seen map[string]bool) {
	var failed []explore.CompileError
	bad := map[string]bool{}
	for _, list := range [][]explore.Snippet{plan.Snippets, plan.ErrorSnippets} {
		for _, s := range list {
			if _, err := explore.ProbeFromSnippet(req.Func, "check", s); err != nil && len(failed) < maxRepairBatch {
				failed = append(failed, explore.CompileError{Round: req.Round, Snippet: s, Message: err.Error()})
				bad[normCode(s.Code)] = true
			}
		}
	}
	if len(failed) == 0 {
		return
	}
	p, err := e.ask(ctx, PhaseRepair, repairPrompt(fi, failed))
	if err != nil {
		e.logf("explore %s: round %d: repair: %v", req.Func.Name, req.Round, err)
		return
	}
	drop := func(list []explore.Snippet) []explore.Snippet {
		var keep []explore.Snippet
		for _, s := range list {
			if !bad[normCode(s.Code)] {
				keep = append(keep, s)
			}
		}
		return keep
	}
	plan.Snippets, plan.ErrorSnippets = drop(plan.Snippets), drop(plan.ErrorSnippets)
	for k := range bad {
		delete(seen, k)
	}
	before := len(plan.Snippets) + len(plan.ErrorSnippets)
	merge(plan, p, seen)
	if len(plan.Snippets)+len(plan.ErrorSnippets) == before {
		// Nothing came back: keep the originals, to be reported.
		for _, ce := range failed {
			plan.Snippets = append(plan.Snippets, ce.Snippet)
		}
	}
}

// ask sends one prompt and decodes the plan.
func (e *Explorer) ask(ctx context.Context, phase, prompt string) (*explore.Plan, error) {
	var p explore.Plan
	_, err := model.Structured(ctx, e.client, model.Request{
		Phase:      phase,
		System:     exploreSystem,
		Messages:   []model.Message{{Role: model.RoleUser, Content: prompt}},
		Schema:     e.schema,
		SchemaName: planSchemaName,
		MaxTokens:  e.maxTokens(),
	}, &p)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// merge adds p's snippets to out, leaving out empty ones and those seen
// (by normalised code).
func merge(out, p *explore.Plan, seen map[string]bool) {
	add := func(dst *[]explore.Snippet, src []explore.Snippet) {
		for _, s := range src {
			k := normCode(s.Code)
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			*dst = append(*dst, s)
		}
	}
	add(&out.Snippets, p.Snippets)
	add(&out.ErrorSnippets, p.ErrorSnippets)
}

// normCode is a snippet's code as its Go tokens, the key under which
// repeated snippets are recognised whatever their spacing, line breaks
// and comments.
func normCode(code string) string {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(code)
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	var toks []string
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		switch {
		case tok == token.SEMICOLON:
			toks = append(toks, ";")
		case lit != "":
			toks = append(toks, lit)
		default:
			toks = append(toks, tok.String())
		}
	}
	for len(toks) > 0 && toks[len(toks)-1] == ";" {
		toks = toks[:len(toks)-1]
	}
	return strings.Join(toks, " ")
}
