package cover_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	xcover "golang.org/x/tools/cover"
)

const casesModule = "example.com/covt"

// readCases reads the package in testdata/covt, named by base name.
// Files that must keep a layout gofmt would change are stored as .go.txt.
func readCases(t *testing.T) []cover.Source {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "covt", "*.go*"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no test cases: %v", err)
	}
	var srcs []cover.Source
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, cover.Source{Name: strings.TrimSuffix(filepath.Base(name), ".txt"), Src: src})
	}
	return srcs
}

// goCmd runs the go command in dir and returns its standard output.
func goCmd(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("go command not found: %v", err)
	}
	cmd := exec.Command(gobin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return out
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// nativeCover runs `go test -covermode=set -coverprofile` on the cases in a
// throwaway module whose only test calls Drive, and returns the module's
// directory and the parsed profile.
func nativeCover(t *testing.T, srcs []cover.Source) (string, []*xcover.Profile) {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"go.mod":        []byte("module " + casesModule + "\n\ngo 1.24\n"),
		"drive_test.go": []byte("package covt\n\nimport \"testing\"\n\nfunc TestDrive(t *testing.T) { Drive(); DriveGenerics() }\n"),
	}
	for _, s := range srcs {
		files[s.Name] = s.Src
	}
	writeFiles(t, dir, files)
	profile := filepath.Join(dir, "c.out")
	goCmd(t, dir, "test", "-covermode=set", "-coverprofile="+profile, ".")
	profiles, err := xcover.ParseProfiles(profile)
	if err != nil {
		t.Fatal(err)
	}
	return dir, profiles
}

// instrumentedRun instruments the cases with Package, builds them with a
// main package that calls Drive and prints the counters, and returns the
// counters.
func instrumentedRun(t *testing.T, out map[string][]byte, decl []byte) []uint32 {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"go.mod":              []byte("module example.com/run\n\ngo 1.24\n"),
		"covt/zz_counters.go": decl,
		"covt/zz_export.go":   []byte("package covt\n\nfunc SpecgenCounters() []uint32 { return specgenCov[:] }\n"),
		"main.go": []byte(`package main

import (
	"encoding/json"
	"os"

	"example.com/run/covt"
)

func main() {
	covt.Drive()
	covt.DriveGenerics()
	json.NewEncoder(os.Stdout).Encode(covt.SpecgenCounters())
}
`),
	}
	for name, src := range out {
		files["covt/"+name] = src
	}
	writeFiles(t, dir, files)
	var counters []uint32
	if err := json.Unmarshal(goCmd(t, dir, "run", "."), &counters); err != nil {
		t.Fatal(err)
	}
	return counters
}

// profileBlocks returns the blocks of a profile, with file names reduced to
// their base name, and the set of blocks that ran.
func profileBlocks(profiles []*xcover.Profile) ([]cover.Block, map[cover.Block]bool) {
	var blocks []cover.Block
	ran := make(map[cover.Block]bool)
	for _, p := range profiles {
		for _, b := range p.Blocks {
			cb := cover.Block{
				File:      path.Base(p.FileName),
				StartLine: b.StartLine, StartCol: b.StartCol,
				EndLine: b.EndLine, EndCol: b.EndCol,
				NumStmts: b.NumStmt,
			}
			blocks = append(blocks, cb)
			ran[cb] = b.Count > 0
		}
	}
	sortBlocks(blocks)
	return blocks, ran
}

func sortBlocks(blocks []cover.Block) {
	slices.SortFunc(blocks, func(a, b cover.Block) int {
		return strings.Compare(a.String(), b.String())
	})
}

// TestMatchesGoTestCover checks the blocks and the coverage results of the
// test cases against those of the real `go test -cover`.
func TestMatchesGoTestCover(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	srcs := readCases(t)
	moduleDir, profiles := nativeCover(t, srcs)
	want, wantRan := profileBlocks(profiles)

	out, decl, blocks, err := cover.Package("covt", srcs, cover.Options{})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("blocks", func(t *testing.T) {
		got := slices.Clone(blocks)
		sortBlocks(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("blocks differ from go test -cover (-want +got):\n%s", diff)
		}
	})

	counters := instrumentedRun(t, out, decl)
	if len(counters) != len(blocks) {
		t.Fatalf("got %d counters for %d blocks", len(counters), len(blocks))
	}
	var covered []int
	for i, c := range counters {
		if c != 0 {
			covered = append(covered, i)
		}
	}

	t.Run("counters", func(t *testing.T) {
		ran := 0
		for i, b := range blocks {
			if got, want := counters[i] != 0, wantRan[b]; got != want {
				t.Errorf("block %d %v: instrumented run set=%v, go test -cover count>0=%v", i, b, got, want)
			}
			if counters[i] != 0 {
				ran++
			}
		}
		// Guard against a vacuous comparison.
		if ran == 0 || ran == len(blocks) {
			t.Errorf("%d of %d blocks ran; the driver should leave some blocks unrun", ran, len(blocks))
		}
	})

	t.Run("func", func(t *testing.T) {
		testFuncCoverage(t, moduleDir, profiles, srcs, blocks, covered)
	})

	// The same instrumented package, interpreted, runs the same blocks,
	// except those of the file yaegi cannot load.
	t.Run("yaegi", func(t *testing.T) {
		counters := yaegiCounters(t, "covt", out, decl, "covt.Drive()")
		for i, b := range blocks {
			if b.File == "generics.go" {
				continue
			}
			if got, want := counters[i] != 0, wantRan[b]; got != want {
				t.Errorf("block %d %v: yaegi run set=%v, go test -cover count>0=%v", i, b, got, want)
			}
		}
	})
}

// testFuncCoverage compares cover.Coverage with `go tool cover -func`.
// Files that //line directives rename are left out: -func cannot find them.
func testFuncCoverage(t *testing.T, moduleDir string, profiles []*xcover.Profile, srcs []cover.Source, blocks []cover.Block, covered []int) {
	onDisk := make(map[string]bool)
	for _, s := range srcs {
		onDisk[s.Name] = true
	}
	var prof bytes.Buffer
	prof.WriteString("mode: set\n")
	for _, p := range profiles {
		if !onDisk[path.Base(p.FileName)] {
			continue
		}
		for _, b := range p.Blocks {
			fmt.Fprintf(&prof, "%s:%d.%d,%d.%d %d %d\n", p.FileName, b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmt, b.Count)
		}
	}
	profile := filepath.Join(moduleDir, "func.out")
	if err := os.WriteFile(profile, prof.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	funcOut := goCmd(t, moduleDir, "tool", "cover", "-func="+profile)

	// Extents of the functions, as -func finds them: in the file itself,
	// at positions that //line directives adjust.
	type key struct {
		file, name string
		line       int
	}
	spans := make(map[key]cover.Span)
	for _, s := range srcs {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, s.Name, s.Src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
				spans[key{s.Name, fd.Name.Name, start.Line}] = cover.Span{
					File:      s.Name,
					StartLine: start.Line, StartCol: start.Column,
					EndLine: end.Line, EndCol: end.Column,
				}
			}
		}
	}

	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(funcOut)), "\n") {
		fields := strings.Fields(line)
		if len(fields) != 3 || fields[0] == "total:" {
			continue
		}
		loc := strings.Split(strings.TrimSuffix(fields[0], ":"), ":")
		if len(loc) != 2 {
			t.Fatalf("bad -func line %q", line)
		}
		file := path.Base(loc[0])
		start, err := strconv.Atoi(loc[1])
		if err != nil {
			t.Fatalf("bad -func line %q", line)
		}
		span, ok := spans[key{file, fields[1], start}]
		if !ok {
			t.Fatalf("-func line %q: no function %s at %s:%d", line, fields[1], file, start)
		}
		stmts, cov := cover.Coverage(blocks, covered, span)
		pct := 0.0
		if stmts > 0 {
			pct = 100 * float64(cov) / float64(stmts)
		}
		if got := fmt.Sprintf("%.1f%%", pct); got != fields[2] {
			t.Errorf("%s %s: Coverage gives %s (%d/%d), go tool cover -func %s", fields[0], fields[1], got, cov, stmts, fields[2])
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d functions checked in:\n%s", checked, funcOut)
	}
}
