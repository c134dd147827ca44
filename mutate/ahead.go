package mutate

import (
	"context"
	"fmt"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// AheadSchema is a function's mutant schema made before its probes are
// chosen: every mutant of the function that compiles, whether or not a
// probe will cover it. Built ahead (BuildAhead) while the function is
// still being explored, it is the build a Matrix of the function given
// it (MatrixOptions.Schema) finds in the build cache, instead of
// building its own schema of the mutants its probes cover once they are
// known.
type AheadSchema struct {
	fn       *target.Func
	mutants  int // how many mutants the function had
	overlay  map[string][]byte
	left     map[int]bool // compiling mutants the schema cannot switch
	inSchema map[int]bool
}

// PrepareSchema makes f's schema of every mutant that compiles. It is an
// error when f has no such mutant, or the schema does not compile.
func PrepareSchema(f *target.Func) (*AheadSchema, error) {
	c, err := newChecker(f.Pkg)
	if err != nil {
		return nil, fmt.Errorf("mutant schema of %s: %w", f.Name, err)
	}
	muts, err := functionMutants(f, c.srcs[f.File])
	if err != nil {
		return nil, fmt.Errorf("mutant schema of %s: %w", f.Name, err)
	}
	var run []numbered
	for i, m := range muts {
		if c.check(f.File, m.Src) == "" {
			run = append(run, numbered{ID: i + 1, Mutant: m})
		}
	}
	if len(run) == 0 {
		return nil, fmt.Errorf("mutant schema of %s: no mutant compiles", f.Name)
	}
	overlay, left, msg := schemaOverlay(f.Pkg, c, map[string][]numbered{f.File: run})
	if msg != "" {
		return nil, fmt.Errorf("mutant schema of %s: the schema does not compile: %s", f.Name, msg)
	}
	s := &AheadSchema{fn: f, mutants: len(muts), overlay: overlay, left: left, inSchema: map[int]bool{}}
	for _, n := range run {
		if !left[n.ID] {
			s.inSchema[n.ID] = true
		}
	}
	return s, nil
}

// BuildAhead builds the program a Matrix of s's function with these
// probes' code would build for its schema, on ex (the engine that Matrix
// will run on: it remembers what it built, so that a Matrix whose probes'
// code is among these finds the build). The options are those the
// Matrix will be given.
func (s *AheadSchema) BuildAhead(ctx context.Context, ex *executors.Native, probes []executors.Probe, opts MatrixOptions) error {
	prog := &executors.Program{Func: s.fn, Probes: probes, Overlay: s.overlay, Timeout: opts.Timeout, ObserveOpaque: opts.ObserveOpaque, ObserveReceiver: opts.ObserveReceiver}
	b, err := ex.Open(ctx, []*executors.Program{prog})
	if err != nil {
		return fmt.Errorf("build the mutant schema of %s ahead: %w", s.fn.Name, err)
	}
	b.Close()
	return nil
}

// fits reports whether s is a schema of f as it is now, switching
// every mutant of run.
func (s *AheadSchema) fits(f *target.Func, muts int, run []numbered) bool {
	if s == nil || s.fn != f || s.mutants != muts {
		return false
	}
	for _, n := range run {
		if !s.inSchema[n.ID] && !s.left[n.ID] {
			return false
		}
	}
	return true
}
