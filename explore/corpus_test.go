package explore

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/target"
)

// TestCorpus explores the functions of the public benchmark corpus with
// the built-in explorer and the fake executor, and reports coverage. It
// runs only when EXPLORE_CORPUS names a directory holding the modules
// (humanize/, humanize/english/, units/) and their corpus.tsv.
func TestCorpus(t *testing.T) {
	root := os.Getenv("EXPLORE_CORPUS")
	if root == "" {
		t.Skip("EXPLORE_CORPUS not set")
	}
	data, err := os.ReadFile(filepath.Join(root, "corpus.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{
		"github.com/dustin/go-humanize":         "humanize",
		"github.com/dustin/go-humanize/english": "humanize/english",
		"github.com/docker/go-units":            "units",
	}
	only := os.Getenv("EXPLORE_FUNC")
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		cols := strings.Split(line, "\t")
		pkg, fn, human := cols[2], cols[3], cols[9]
		if only != "" && fn != only {
			continue
		}
		t.Run(fn, func(t *testing.T) {
			local := map[string]string{}
			for ip, d := range dirs {
				local[ip] = filepath.Join(root, d)
			}
			f := loadFunc(t, filepath.Join(root, dirs[pkg]), fn, local)
			var deps []*target.Package
			for ip, d := range dirs {
				if _, ok := f.Pkg.Imports[ip]; ok {
					deps = append(deps, loadPackage(t, filepath.Join(root, d), local))
				}
			}
			fe, err := newFakeExec(f.Pkg, deps...)
			if err != nil {
				t.Fatal(err)
			}
			x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{MaxTime: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			c, total := x.Statements()
			t.Logf("%s: coverage %d/%d (%.1f%%, human %s%%), %d behaviours, %d probes in %d rounds, stop %s, %v, %d not compiled",
				fn, c, total, x.Coverage(), human, len(x.Behaviours), x.Probes(), x.Rounds, x.Stop, x.Elapsed.Round(time.Millisecond), x.Uncompiled())
			for _, ce := range x.CompileErrors[:min(3, len(x.CompileErrors))] {
				t.Logf("  compile: %s: %s", ce.Snippet.Code, ce.Message)
			}
			for _, u := range x.Uncovered() {
				t.Logf("  uncovered %d-%d:\n%s", u.Start, u.End, u.Text)
			}
			if testing.Verbose() && os.Getenv("EXPLORE_BEHAVIOURS") != "" {
				for _, b := range x.Behaviours {
					t.Logf("  %s  rep %s", b.Key, clip(x.Records[b.Rep].Snippet.Code, 120))
				}
			}
		})
	}
}

// TestUnseen explores the named functions of the package in
// EXPLORE_UNSEEN (a directory, functions in EXPLORE_FUNCS, comma
// separated) with the built-in explorer and the fake executor, and
// reports coverage: a harness for trying the search on code nobody here
// wrote. It is skipped when EXPLORE_UNSEEN is not set.
func TestUnseen(t *testing.T) {
	dir := os.Getenv("EXPLORE_UNSEEN")
	if dir == "" {
		t.Skip("EXPLORE_UNSEEN not set")
	}
	for _, fn := range strings.Split(os.Getenv("EXPLORE_FUNCS"), ",") {
		t.Run(fn, func(t *testing.T) {
			f := loadFunc(t, dir, fn)
			fe, err := newFakeExec(f.Pkg)
			if err != nil {
				t.Fatal(err)
			}
			x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{MaxTime: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			c, total := x.Statements()
			t.Logf("%s: coverage %d/%d (%.1f%%), %d behaviours, %d probes in %d rounds, stop %s, %v, %d not compiled",
				fn, c, total, x.Coverage(), len(x.Behaviours), x.Probes(), x.Rounds, x.Stop, x.Elapsed.Round(time.Millisecond), x.Uncompiled())
			for _, u := range x.Uncovered() {
				t.Logf("  uncovered %d-%d:\n%s", u.Start, u.End, u.Text)
			}
		})
	}
}
