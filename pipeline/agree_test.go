package pipeline_test

import (
	"context"
	"os"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// TestEnginesAgreeWhereAutoPicksYaegi runs every example spec through
// native and through auto. Wherever auto chooses yaegi, every case must
// end exactly as it does natively: same status, same failures.
func TestEnginesAgreeWhereAutoPicksYaegi(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and interprets the examples")
	}
	files, err := runner.FindSpecs([]string{"../examples/..."})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cache := t.TempDir()
	native, err := runner.RunFiles(ctx, files, runner.Options{Executor: &executors.Native{CacheDir: cache}})
	if err != nil {
		t.Fatal(err)
	}
	auto, err := runner.RunFiles(ctx, files, runner.Options{Executor: &executors.Auto{Native: &executors.Native{CacheDir: cache}, Yaegi: &executors.Yaegi{}}})
	if err != nil {
		t.Fatal(err)
	}
	yaegiFuncs := 0
	for i := range native {
		for j, nf := range native[i].Functions {
			af := auto[i].Functions[j]
			if af.Engine != "yaegi" {
				continue
			}
			yaegiFuncs++
			for k, nc := range nf.Cases {
				ac := af.Cases[k]
				if nc.Status != ac.Status || len(nc.Failures) != len(ac.Failures) {
					t.Errorf("%s: %s %s: native %s %q, yaegi %s %q", nc.Pos, nf.Name, nc.Name(), nc.Status, nc.Failures, ac.Status, ac.Failures)
				}
			}
		}
	}
	if yaegiFuncs == 0 {
		t.Fatal("auto chose yaegi for no example function: the test shows nothing")
	}
	t.Logf("%d example functions ran on yaegi under auto and agreed with native", yaegiFuncs)
}
