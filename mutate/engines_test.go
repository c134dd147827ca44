package mutate

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEnginesAgree runs every example spec under both engines and
// checks that each mutant gets the same status: the schema, one build
// per function, judges as building each mutant on its own does. It
// takes minutes (the per-mutant engine builds every mutant).
func TestEnginesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every mutant of the examples")
	}
	specs, err := filepath.Glob("../examples/*/testdata/specgen/*.yml")
	if err != nil || len(specs) == 0 {
		t.Fatalf("no example specs: %v", err)
	}
	for _, path := range specs {
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(path))))+"/"+filepath.Base(path), func(t *testing.T) {
			statuses := func(engine string) (map[string][]string, int) {
				t.Helper()
				rep, err := Score(context.Background(), path, Options{Engine: engine})
				if err != nil {
					t.Fatalf("%s: %v", engine, err)
				}
				out := map[string][]string{}
				run := 0
				for _, fr := range rep.Functions {
					for _, r := range fr.Mutants {
						out[fr.Name] = append(out[fr.Name], brief(r))
						switch r.Status {
						case Killed, Lived, TimedOut, Errored:
							run++
						}
					}
				}
				if engine == Schemata && rep.Builds > len(rep.Functions)+rep.Separate {
					t.Errorf("schemata: %d builds for %d functions and %d mutants outside the schema", rep.Builds, len(rep.Functions), rep.Separate)
				}
				return out, run
			}
			schema, run := statuses(Schemata)
			perMutant, _ := statuses(PerMutant)
			if diff := cmp.Diff(perMutant, schema); diff != "" {
				t.Errorf("statuses differ (-per-mutant +schemata):\n%s", diff)
			}
			t.Logf("%d mutants run", run)
		})
	}
}
