package pipeline_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/target"
)

// BenchmarkGenExamples measures the time to a finished, natively
// confirmed spec for each example function (nothing is written). Run with
// -benchtime 1x: one generation is seconds of work.
func BenchmarkGenExamples(b *testing.B) {
	ctx := context.Background()
	cache := b.TempDir()
	for _, pkg := range []string{"pricing", "stats", "geo", "inventory"} {
		p, err := target.Load(ctx, "../examples/"+pkg, target.Config{})
		if err != nil {
			b.Fatal(err)
		}
		funcs, _ := p.Funcs()
		for _, f := range funcs {
			name := f.Name
			b.Run(pkg+"/"+name, func(b *testing.B) {
				var probes int
				for i := 0; i < b.N; i++ {
					rs, err := pipeline.Gen(ctx, "../examples/"+pkg, []string{name}, pipeline.Options{DryRun: true, CacheDir: cache, Explore: explore10m()})
					if err != nil || rs[0].Err != nil {
						b.Fatal(err, rs[0].Err)
					}
					probes = rs[0].Probes
				}
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/spec")
				b.ReportMetric(float64(probes), "probes")
			})
		}
	}
}

func explore10m() (o explore.Options) {
	o.MaxTime = 10 * time.Minute
	return o
}

// BenchmarkGenPackage measures gen over a whole package (the inventory
// example, six functions, nothing written) explored one function at a
// time and two at once. Run with -benchtime 1x.
func BenchmarkGenPackage(b *testing.B) {
	ctx := context.Background()
	cache := b.TempDir()
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				rs, err := pipeline.Gen(ctx, "../examples/inventory", nil, pipeline.Options{DryRun: true, CacheDir: cache, Jobs: jobs, Explore: explore.Options{MaxProbes: 200, MaxTime: 10 * time.Minute}})
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range rs {
					if r.Err != nil {
						b.Fatal(r.Name, r.Err)
					}
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/package")
		})
	}
}
