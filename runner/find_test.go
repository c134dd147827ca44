package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindSpecs(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{
		"a/a.go",
		"a/testdata/specgen/A_evals.yml",
		"a/testdata/specgen/B.yaml",
		"a/testdata/specgen/notes.txt",
		"a/testdata/other/Fail_evals.yml",
		"a/Half_evals.yml",
		"a/config.yml",
		"a/b/testdata/specgen/C_evals.yml",
		"a/b/testdata/specgen/testdata/specgen/Deep_evals.yml",
		"a/vendor/v/testdata/specgen/V_evals.yml",
		"a/.hidden/testdata/specgen/H_evals.yml",
		"a/_skip/testdata/specgen/S_evals.yml",
		"a/nested/go.mod",
		"a/nested/testdata/specgen/N_evals.yml",
		"a/nested/inner/testdata/specgen/I_evals.yml",
		"e/e.go",
	} {
		writeFile(t, filepath.Join(root, f), "x")
	}
	t.Chdir(root)
	p := filepath.FromSlash
	tests := []struct {
		name, reason string
		patterns     []string
		want         []string
		err          string
	}{
		{
			name: "file", reason: "a file is itself, whatever its name",
			patterns: []string{"a/config.yml"}, want: []string{p("a/config.yml")},
		},
		{
			name: "dir", reason: "a directory means its testdata/specgen specs and its *_evals files",
			patterns: []string{"a"},
			want:     []string{p("a/Half_evals.yml"), p("a/testdata/specgen/A_evals.yml"), p("a/testdata/specgen/B.yaml")},
		},
		{
			name: "specgen-dir", reason: "a testdata/specgen directory named directly means all its YAML files",
			patterns: []string{"a/testdata/specgen"},
			want:     []string{p("a/testdata/specgen/A_evals.yml"), p("a/testdata/specgen/B.yaml")},
		},
		{
			name: "walk", reason: "./... walks like the go command: not into vendor, testdata, hidden or _ directories, nor nested modules",
			patterns: []string{"./..."},
			want: []string{
				p("a/Half_evals.yml"), p("a/b/testdata/specgen/C_evals.yml"),
				p("a/testdata/specgen/A_evals.yml"), p("a/testdata/specgen/B.yaml"),
			},
		},
		{
			name: "walk-subtree", reason: "dir/... starts at dir",
			patterns: []string{"a/b/..."}, want: []string{p("a/b/testdata/specgen/C_evals.yml")},
		},
		{
			name: "nested-module-root", reason: "dir/... at a nested module's root walks that module",
			patterns: []string{"a/nested/..."},
			want:     []string{p("a/nested/inner/testdata/specgen/I_evals.yml"), p("a/nested/testdata/specgen/N_evals.yml")},
		},
		{
			name: "dedup", reason: "a file named twice is run once",
			patterns: []string{"a", "a/Half_evals.yml", "./..."},
			want: []string{
				p("a/Half_evals.yml"), p("a/b/testdata/specgen/C_evals.yml"),
				p("a/testdata/specgen/A_evals.yml"), p("a/testdata/specgen/B.yaml"),
			},
		},
		{
			name: "missing", reason: "a pattern naming nothing is an error",
			patterns: []string{"nope"}, err: "find specs: stat nope: no such file or directory",
		},
		{
			name: "none", reason: "finding no spec at all is an error",
			patterns: []string{"e"}, err: "find specs: no spec files in e",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FindSpecs(tt.patterns)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q (%s)", err, tt.err, tt.reason)
				}
				if strings.Contains(tt.err, "no spec files") != errors.Is(err, ErrNoSpecs) {
					t.Fatalf("err = %v, want %q (%s)", err, tt.err, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files differ (%s) (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestFindSpecsRepo checks that walking this package's directory finds
// none of the testdata specs (some fail on purpose).
func TestFindSpecsRepo(t *testing.T) {
	_, err := FindSpecs([]string{"./..."})
	if err == nil || !strings.Contains(err.Error(), "no spec files") {
		t.Errorf("FindSpecs(./...) in runner = %v, want no spec files", err)
	}
	if _, err := os.Stat(failSpec); err != nil {
		t.Fatal(err)
	}
}
