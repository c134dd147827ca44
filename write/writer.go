package write

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Writer drafts a function's spec from the verified results of its
// exploration. The built-in writer and the language-model spec agent
// implement it. Whoever uses a draft checks it: a writer's expected
// values are claims, not observations.
type Writer interface {
	// Draft answers req with a spec of req.Func, or an error when it has
	// none to give.
	Draft(ctx context.Context, req *Request) (*Draft, error)
}

// Request is what a writer is told. Writers must not modify it.
type Request struct {
	Func *target.Func
	// Verified are cases written from native results, one per distinct
	// behaviour of the exploration: the ground truth.
	Verified []*spec.Case
	// Attempt counts from 0; later attempts are refinements.
	Attempt int
	// Previous is the last attempt's spec as checked (expected values
	// corrected by execution), on refinements.
	Previous *spec.Function
	// Failures is the failure context of the last attempt, one problem
	// per line: failing cases and why, corrections made, and errors.
	Failures []string
}

// Draft is a writer's answer.
type Draft struct {
	Function *spec.Function
	// Fixes are the repairs made to the answer before it could be used
	// (tags stripped, keys renamed, cases dropped).
	Fixes []string
}

// Builtin is the built-in writer: its draft states every verified case,
// as it is, in the order of SortCases. It needs no model and never
// fails.
type Builtin struct{}

// Name returns "builtin".
func (Builtin) Name() string { return "builtin" }

// Draft returns the spec of req.Func made of req.Verified. The cases
// are shared with the request, not copied.
func (Builtin) Draft(ctx context.Context, req *Request) (*Draft, error) {
	cases := slices.Clone(req.Verified)
	SortCases(cases)
	return &Draft{Function: &spec.Function{Name: req.Func.Name, Dataset: cases}}, nil
}

// ArgsKey identifies a case's globals, receiver and arguments however
// they are written: input, inputs by name or inputs in order.
func ArgsKey(f *target.Func, c *spec.Case) string {
	args := map[string]spec.Value{}
	switch {
	case c.Input != nil && len(f.Params) > 0:
		args[f.Params[0].Name] = *c.Input
	case c.Inputs != nil && c.Inputs.Kind == spec.Map:
		for _, e := range c.Inputs.Map {
			args[e.Key.Str] = e.Val
		}
	case c.Inputs != nil && c.Inputs.Kind == spec.List:
		for i, v := range c.Inputs.List {
			if i < len(f.Params) {
				args[f.Params[i].Name] = v
			}
		}
	}
	var b strings.Builder
	if len(c.Types) > 0 {
		b.WriteString(c.Types.String() + "\x00")
	}
	if c.Globals != nil {
		b.WriteString("globals " + c.Globals.String() + "\x00")
	}
	if c.Panicking != nil {
		b.WriteString("panicking " + c.Panicking.String() + "\x00")
	}
	if c.Receiver != nil {
		b.WriteString(c.Receiver.String())
	}
	for _, p := range f.Params {
		b.WriteString("\x00")
		if v, ok := args[p.Name]; ok {
			b.WriteString(v.String())
		}
	}
	return b.String()
}

// StableIDs gives the generated cases of f (as CasesFromResults writes
// them) the ids of an existing spec's cases (old), so that a spec
// regenerated after a change keeps its ids where its inputs stay: a case
// whose receiver and inputs (ArgsKey) are those of an old generated case
// takes that case's id, and its unordered (the order of its lists was
// seen to change); every other case keeps its own id unless an old
// case (generated or hand-written) or a case already named uses it for
// other inputs, and then takes the first free "<id>-N", N from 2 (so
// ids are unique with no old spec too: two instantiations' cases may
// have been named alike). The result is deterministic: it depends only
// on the cases and old, in their order.
func StableIDs(f *target.Func, cases, old []*spec.Case) {
	prior := map[string]*spec.Case{} // args key → an old generated case
	taken := map[string]bool{}       // ids of old cases
	for _, c := range old {
		if c.ID == "" {
			continue
		}
		taken[c.ID] = true
		if k := ArgsKey(f, c); c.Generated && prior[k] == nil {
			prior[k] = c
		}
	}
	used := map[string]bool{} // ids given to cases
	keep := make([]bool, len(cases))
	for i, c := range cases {
		if o := prior[ArgsKey(f, c)]; o != nil && !used[o.ID] {
			c.ID = o.ID
			c.Unordered = c.Unordered || o.Unordered && c.StatesValues()
			used[o.ID] = true
			keep[i] = true
		}
	}
	for i, c := range cases {
		if keep[i] {
			continue
		}
		id := c.ID
		for n := 2; taken[id] || used[id]; n++ {
			id = fmt.Sprintf("%s-%d", c.ID, n)
		}
		c.ID = id
		used[id] = true
	}
}
