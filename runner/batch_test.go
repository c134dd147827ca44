package runner

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/specgen-dev/specgen/executors"
)

// TestRunFilesOneBuild runs the spec files of one package (the inventory
// example: one file per function) natively: all of them run from one
// build, and every case passes as it does function by function.
func TestRunFilesOneBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	specs, err := filepath.Glob("../examples/inventory/testdata/specgen/*.yml")
	if err != nil || len(specs) < 2 {
		t.Fatalf("want several inventory specs: %v %v", specs, err)
	}
	var builds atomic.Int64
	n := &executors.Native{CacheDir: t.TempDir(), Logf: func(format string, args ...any) {
		if strings.HasPrefix(format, "native: go test -c") {
			builds.Add(1)
		}
	}}
	reports, err := RunFiles(context.Background(), specs, Options{Executor: n, Cover: true, IgnoreDuration: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != len(specs) {
		t.Fatalf("%d reports for %d files", len(reports), len(specs))
	}
	for _, r := range reports {
		for _, fr := range r.Functions {
			if fr.Counts.Passed != len(fr.Cases) || len(fr.Cases) == 0 || fr.Coverage == nil || fr.Coverage.Statements == 0 {
				t.Errorf("%s: %s: %+v, coverage %+v", r.Path, fr.Name, fr.Counts, fr.Coverage)
			}
		}
	}
	if got := builds.Load(); got != 1 {
		t.Errorf("%d builds for %d spec files of one package, want 1", got, len(specs))
	}
}
