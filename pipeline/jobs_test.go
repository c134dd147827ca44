package pipeline_test

import (
	"context"
	"strings"
	"sync"
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

// Functions explored at once natively build their rounds together: far
// fewer builds than one at a time, and the same specs.
func TestGenJobsShareBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("explores natively twice")
	}
	ctx := context.Background()
	gen := func(jobs int) ([]*pipeline.FuncResult, int) {
		var builds buildCount
		rs, err := pipeline.Gen(ctx, "../examples/inventory", []string{"(*Stock).Add", "Stock.Count", "Describe"}, pipeline.Options{
			DryRun: true, CacheDir: t.TempDir(), Jobs: jobs, Engine: "native", NoMutation: true,
			// A window no load outlasts: a batch goes when all three
			// wait, not when one was slow to come back.
			BatchWindow: time.Hour,
			Explore:     explore.Options{MaxProbes: 60, MaxTime: 10 * time.Minute},
			Logf:        builds.logf,
		})
		if err != nil {
			t.Fatal(err)
		}
		return rs, builds.get()
	}
	one, alone := gen(1)
	three, together := gen(3)
	// One at a time, each function's first round is a build, and so
	// are its later rounds with new shapes and its confirm when the
	// exploration's build does not hold its cases; three at once, the
	// three first rounds are one build, two fewer at least. (How many
	// of the rest share a build depends on which function heads each
	// batch, and so on timing.)
	if together > alone-2 {
		t.Errorf("%d builds three at once, %d one at a time: want two fewer at least", together, alone)
	}
	for i := range one {
		if one[i].Err != nil || three[i].Err != nil {
			t.Fatalf("%s: %v, %v", one[i].Name, one[i].Err, three[i].Err)
		}
		if a, b := marshal(t, one[i].Spec), marshal(t, three[i].Spec); a != b {
			t.Errorf("%s: specs differ\none at a time:\n%s\nthree at once:\n%s", one[i].Name, a, b)
		}
	}
}

// buildCount counts the native builds Gen logs (Options.Logf), from any
// of its goroutines.
type buildCount struct {
	mu sync.Mutex
	n  int
}

func (c *buildCount) logf(format string, args ...any) {
	if strings.HasPrefix(format, "native: go test -c") {
		c.mu.Lock()
		c.n++
		c.mu.Unlock()
	}
}

func (c *buildCount) get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
