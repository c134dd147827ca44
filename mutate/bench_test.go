package mutate

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkMutants measures mutants judged per second on the pricing
// example's specs (one package, a spec file per function), under each
// engine, the unmutated runs and every build included:
//
//	go test -run '^$' -bench Mutants -benchtime 1x ./mutate
func BenchmarkMutants(b *testing.B) {
	specs, err := filepath.Glob("../examples/pricing/testdata/specgen/*.yml")
	if err != nil || len(specs) == 0 {
		b.Fatalf("no pricing specs: %v", err)
	}
	for _, engine := range []string{Schemata, PerMutant} {
		b.Run(engine, func(b *testing.B) {
			var run, builds int
			var elapsed time.Duration
			for b.Loop() {
				start := time.Now()
				reps, errs := ScoreFiles(context.Background(), specs, Options{Engine: engine})
				elapsed += time.Since(start)
				for i, rep := range reps {
					if errs[i] != nil {
						b.Fatal(errs[i])
					}
					run += rep.Counts.Killed + rep.Counts.Lived + rep.Counts.TimedOut + rep.Counts.Errored
					builds += rep.Builds
				}
			}
			if run == 0 || elapsed == 0 {
				b.Fatal("no mutant ran")
			}
			b.ReportMetric(float64(run)/elapsed.Seconds(), "mutants/s")
			b.ReportMetric(elapsed.Seconds()/float64(run), "s/mutant")
			b.ReportMetric(float64(builds)/float64(b.N), "builds/op")
		})
	}
}
