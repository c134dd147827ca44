package export

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/runner"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// TestAgreesWithNative runs every example spec both ways, exported and
// run by go test -json, and by the runner with the native engine, and
// compares pass or fail case by case. The specs of testdata/failing,
// which fail on purpose, run too (through an overlay, so nothing is
// written), so that failing cases are compared as well as passing ones.
func TestAgreesWithNative(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every example package natively and runs go test on it")
	}
	examples, err := filepath.Abs(filepath.Join("..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := filepath.Glob(filepath.Join(examples, "*", "testdata", "specgen"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no example specs: %v", err)
	}
	var total, disagree, skipped, failing int
	for _, specDir := range dirs {
		pkgDir := filepath.Dir(filepath.Dir(specDir))
		for _, set := range []string{"specgen", "failing"} {
			files, _ := filepath.Glob(filepath.Join(pkgDir, "testdata", set, "*.yml"))
			if len(files) == 0 {
				continue
			}
			sort.Strings(files)
			name := filepath.Base(pkgDir) + "/" + set
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				src, res, err := Source(ctx, pkgDir, files, Options{})
				if err != nil {
					t.Fatal(err)
				}
				skipped += len(res.Skipped)
				got := goTest(t, pkgDir, src)
				reports, err := runner.RunFiles(ctx, files, runner.Options{Executor: &executors.Native{}})
				if err != nil {
					t.Fatal(err)
				}
				for _, fr := range reports {
					for _, f := range fr.Functions {
						for i, c := range f.Cases {
							id := c.ID
							if id == "" {
								id = "#" + itoa(i+1)
							}
							key := "TestSpecgen/" + subtestName(f.Name) + "/" + strings.ReplaceAll(id, " ", "_")
							total++
							want := c.Status == runner.Passed
							if !want {
								failing++
							}
							action, ok := got[key]
							switch {
							case !ok:
								disagree++
								t.Errorf("%s: runner %s, go test did not run it", key, c.Status)
							case action == "skip":
							case (action == "pass") != want:
								disagree++
								t.Errorf("%s: runner %s, go test %s", key, c.Status, action)
							}
						}
					}
				}
			})
		}
	}
	t.Logf("%d cases, %d disagreements, %d skipped, %d not passing in both", total, disagree, skipped, failing)
	if failing == 0 {
		t.Error("no case failed: the failing specs did not run")
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// goTest runs go test -json on the package in dir with src as its
// exported file, through an overlay, and returns each test's final action.
func goTest(t *testing.T, dir string, src []byte) map[string]string {
	t.Helper()
	tmp := t.TempDir()
	file := filepath.Join(tmp, FileName)
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ov, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(dir, FileName): file}})
	ovPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-json", "-count=1", "-overlay", ovPath, "-run", "^TestSpecgen$", ".")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("go test: %v\n%s", err, stderr.String())
	}
	got := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Test == "" {
			continue
		}
		switch ev.Action {
		case "pass", "fail", "skip":
			got[ev.Test] = ev.Action
		}
	}
	if len(got) == 0 {
		t.Fatalf("go test ran nothing: %s\n%s", stderr.String(), out)
	}
	return got
}

// TestKeepsPackageState checks that the exported test puts the package's
// variables back after each function's cases, as specgen run has each
// function's cases in a process of their own: the cases of ChangeOrder
// run first and set the variable Order reads, whose case still sees the
// default. The package's lock is left alone (it is not to be copied).
func TestKeepsPackageState(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on the exported file")
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "state"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "specgen", "*.yml"))
	sort.Strings(files)
	src, _, err := Source(context.Background(), dir, files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("specgenV0 := order")) {
		t.Errorf("the exported file does not keep order alone:\n%s", src[bytes.Index(src, []byte("func specgenKeep")):][:200])
	}
	got := goTest(t, dir, src)
	keep := src[bytes.Index(src, []byte("func specgenKeep")):]
	keep = keep[:bytes.Index(keep, []byte("\n}\n"))]
	if regexp.MustCompile(`\bunits\b`).Match(keep) {
		t.Errorf("the exported file keeps units, which unitsOnce sets on first use:\n%s", keep)
	}
	for _, name := range []string{"TestSpecgen/ChangeOrder/little", "TestSpecgen/Order/the-default", "TestSpecgen/Unit/kilo", "TestSpecgen/Units/two"} {
		if got[name] != "pass" {
			t.Errorf("%s: %q, want pass (all: %v)", name, got[name], got)
		}
	}
}
