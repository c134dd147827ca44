package pipeline_test

import (
	"context"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/pipeline"
	"github.com/specgen-dev/specgen/spec"
)

// Functions explored at once write the specs that one at a time would:
// the results come in the functions' order and each spec is the same,
// byte for byte.
func TestGenJobsSameSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("explores a whole package twice")
	}
	ctx := context.Background()
	cache := t.TempDir()
	gen := func(jobs int) []*pipeline.FuncResult {
		rs, err := pipeline.Gen(ctx, "../examples/inventory", []string{"(*Stock).Add", "Stock.Count", "Describe"}, pipeline.Options{
			DryRun: true, CacheDir: cache, Jobs: jobs,
			Explore: explore.Options{MaxProbes: 150, MaxTime: 10 * time.Minute},
		})
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	one, two := gen(1), gen(2)
	if len(one) != len(two) || len(one) < 2 {
		t.Fatalf("%d results one at a time, %d two at once", len(one), len(two))
	}
	for i := range one {
		a, b := one[i], two[i]
		if a.Name != b.Name {
			t.Fatalf("result %d: %s one at a time, %s two at once", i, a.Name, b.Name)
		}
		if a.Err != nil || b.Err != nil {
			t.Fatalf("%s: %v, %v", a.Name, a.Err, b.Err)
		}
		ya, yb := marshal(t, a.Spec), marshal(t, b.Spec)
		if ya != yb {
			t.Errorf("%s: specs differ\none at a time:\n%s\ntwo at once:\n%s", a.Name, ya, yb)
		}
	}
}

func marshal(t *testing.T, fn *spec.Function) string {
	t.Helper()
	data, err := (&spec.File{Package: "p", Functions: []*spec.Function{fn}}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
