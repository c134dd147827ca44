package executors_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
)

// TestNativeConcurrentBuilds runs one program on several native engines
// at once, as concurrent specgen processes do, with a fresh cache they
// share: every run succeeds, and the cache ends with one worker binary
// and no build directory.
func TestNativeConcurrentBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	f := calcFunc(t, "Div")
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cache := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					e := &executors.Native{CacheDir: cache, Workers: 1}
					prog := &executors.Program{Func: f, Probes: []executors.Probe{{ID: "p", Args: []string{"8", "2"}}}}
					rep, err := e.Run(ctx, prog)
					switch {
					case err != nil:
						errs[i] = err
					case rep.Results[0].Outcome != executors.OK || rep.Results[0].Outputs[0].Int != 4:
						errs[i] = fmt.Errorf("got %+v, want 4", rep.Results[0])
					}
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("run %d of %d: %v", i+1, n, err)
				}
			}
			entries, err := os.ReadDir(cache)
			if err != nil {
				t.Fatal(err)
			}
			var bins, dirs []string
			for _, e := range entries {
				switch {
				case strings.HasSuffix(e.Name(), ".test"):
					bins = append(bins, e.Name())
				case e.IsDir():
					dirs = append(dirs, e.Name())
				}
			}
			if len(bins) != 1 || len(dirs) != 0 {
				t.Errorf("the cache holds binaries %q and directories %q, want one binary and no directory", bins, dirs)
			}
		})
	}
}
