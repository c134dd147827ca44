package explore

import (
	"context"
	"testing"
)

// BenchmarkCandidates measures what the built-in explorer does once per
// function: mine the source, generate the candidates of every input and
// render the seed probes.
func BenchmarkCandidates(b *testing.B) {
	for _, fn := range []string{"ParseSize", "ParseKV", "Total", "Rect.Area"} {
		f := loadFunc(b, sampleDir, fn)
		b.Run(fn, func(b *testing.B) {
			var seeds int
			for b.Loop() {
				a, err := newAnalysis(f, defaultSeed, false)
				if err != nil {
					b.Fatal(err)
				}
				seeds = len(a.seeds) + len(a.risky)
			}
			b.ReportMetric(float64(seeds), "seeds")
		})
	}
}

// BenchmarkExploreRound measures one later round of the built-in
// explorer: rebuilding its corpus from the results so far, then seeds,
// rebased sweeps and mutations for 100 probes.
func BenchmarkExploreRound(b *testing.B) {
	f := loadFunc(b, sampleDir, "ParseKV")
	fe, err := newFakeExec(f.Pkg)
	if err != nil {
		b.Fatal(err)
	}
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{MaxRounds: 3})
	if err != nil {
		b.Fatal(err)
	}
	req := &Request{Func: f, Round: 4, Results: x.Records, Tried: x.Tried, Budget: Budget{Probes: 1000}}
	ex := NewBuiltin(BuiltinOptions{})
	b.ResetTimer()
	for b.Loop() {
		plan, err := ex.Explore(context.Background(), req)
		if err != nil || len(plan.Snippets) == 0 {
			b.Fatalf("explore: %v, %d snippets", err, len(plan.Snippets))
		}
	}
}
