package mutate

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEnginesAgree runs the example specs of one package under both
// engines and checks that each mutant gets the same status: the schema,
// one build for the whole package with the mutant chosen per probe,
// judges as building each mutant on its own does. The package is stats,
// whose mutants run are of the widest mix of kinds among the examples
// (eight, loops, assignments and increments among them), for the fewest
// builds. With
// SPECGEN_ENGINES_ALL=1 it runs every example package, which takes many
// minutes: the per-mutant engine builds every mutant.
func TestEnginesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every mutant of an example package")
	}
	pattern := "../examples/stats/testdata/specgen/*.yml"
	if os.Getenv("SPECGEN_ENGINES_ALL") == "1" {
		pattern = "../examples/*/testdata/specgen/*.yml"
	}
	specs, err := filepath.Glob(pattern)
	if err != nil || len(specs) == 0 {
		t.Fatalf("no example specs: %v", err)
	}
	byPkg := map[string][]string{}
	for _, p := range specs {
		pkg := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(p))))
		byPkg[pkg] = append(byPkg[pkg], p)
	}
	for pkg, paths := range byPkg {
		t.Run(pkg, func(t *testing.T) {
			schema := map[string][]string{}
			reps, errs := ScoreFiles(context.Background(), paths, Options{Engine: Schemata})
			builds, separate := 0, 0
			kinds := map[Kind]bool{}
			run := 0
			for i, rep := range reps {
				if errs[i] != nil {
					t.Fatalf("schemata: %s: %v", paths[i], errs[i])
				}
				builds += rep.Builds
				separate += rep.Separate
				for _, fr := range rep.Functions {
					for _, r := range fr.Mutants {
						schema[fr.Name] = append(schema[fr.Name], brief(r))
						kinds[r.Kind] = true
						switch r.Status {
						case Killed, Lived, TimedOut, Errored:
							run++
						}
					}
				}
			}
			if builds > 1+separate {
				t.Errorf("schemata: %d builds for one package and %d mutants outside the schema", builds, separate)
			}
			perMutant := map[string][]string{}
			for _, path := range paths {
				rep, err := Score(context.Background(), path, Options{Engine: PerMutant})
				if err != nil {
					t.Fatalf("per-mutant: %s: %v", path, err)
				}
				for _, fr := range rep.Functions {
					for _, r := range fr.Mutants {
						perMutant[fr.Name] = append(perMutant[fr.Name], brief(r))
					}
				}
			}
			if diff := cmp.Diff(perMutant, schema); diff != "" {
				t.Errorf("statuses differ (-per-mutant +schemata):\n%s", diff)
			}
			var names []string
			for k := range kinds {
				names = append(names, string(k))
			}
			sort.Strings(names)
			t.Logf("%d mutants run; %d builds, %d outside the schema; kinds %v", run, builds, separate, names)
		})
	}
}

// TestScoreFilesOneBuild scores the inventory example, a spec file per
// function of one package: the schemata engine builds the package's
// mutants once for all its files.
func TestScoreFilesOneBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	paths, err := filepath.Glob("../examples/inventory/testdata/specgen/*.yml")
	if err != nil || len(paths) < 2 {
		t.Fatalf("want several inventory specs: %v %v", paths, err)
	}
	reps, errs := ScoreFiles(context.Background(), paths, Options{Logf: t.Logf})
	builds, separate, run := 0, 0, 0
	for i, rep := range reps {
		if errs[i] != nil {
			t.Fatalf("%s: %v", paths[i], errs[i])
		}
		builds += rep.Builds
		separate += rep.Separate
		run += rep.Counts.Killed + rep.Counts.Lived + rep.Counts.TimedOut + rep.Counts.Errored
		if rep.Engine != Schemata {
			t.Errorf("%s: engine %s", rep.Path, rep.Engine)
		}
	}
	if run == 0 || builds-separate != 1 {
		t.Errorf("%d builds, %d of them for mutants outside the schema, for %d mutants of %d spec files; want one build for the schema", builds, separate, run, len(paths))
	}
}
