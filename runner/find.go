package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ErrNoSpecs is what FindSpecs returns, wrapped, when its patterns name
// no spec file: as go test says [no test files], the commands say
// [no specs] and succeed.
var ErrNoSpecs = errors.New("no spec files")

// FindSpecs expands command-line patterns into spec files, sorted and
// without duplicates:
//
//   - a file is itself;
//   - a directory means the spec files of its package: its
//     testdata/specgen/*.yml and *.yaml, and the *_evals.yml and
//     *_evals.yaml files in it (a testdata/specgen directory named
//     directly means all its *.yml and *.yaml files);
//   - dir/... means the same for dir and every directory below it, as
//     the go command walks packages: vendor, testdata and directories
//     whose names start with "." or "_" are not walked into (a
//     package's own testdata/specgen is still read), nor directories
//     with a go.mod of their own: nested modules, which ./... of the
//     go command leaves out too.
//
// A pattern that names nothing that exists is an error, and so is
// finding no spec file at all: an error wrapping ErrNoSpecs.
func FindSpecs(patterns []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	addAll := func(files []string) {
		for _, f := range files {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	for _, pat := range patterns {
		if root, ok := strings.CutSuffix(pat, "..."); ok {
			root = strings.TrimSuffix(root, "/")
			root = strings.TrimSuffix(root, string(filepath.Separator))
			if root == "" {
				root = "."
			}
			files, err := walkSpecs(root)
			if err != nil {
				return nil, err
			}
			addAll(files)
			continue
		}
		st, err := os.Stat(pat)
		if err != nil {
			return nil, fmt.Errorf("find specs: %w", err)
		}
		if !st.IsDir() {
			addAll([]string{pat})
			continue
		}
		files, err := dirSpecs(pat)
		if err != nil {
			return nil, err
		}
		addAll(files)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("find specs: %w in %s", ErrNoSpecs, strings.Join(patterns, " "))
	}
	sort.Strings(out)
	return out, nil
}

// walkSpecs finds the spec files of root and of every package directory below it.
func walkSpecs(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || fileExists(filepath.Join(path, "go.mod"))) {
			return filepath.SkipDir
		}
		files, err := dirSpecs(path)
		if err != nil {
			return err
		}
		out = append(out, files...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find specs: %w", err)
	}
	return out, nil
}

// dirSpecs finds the spec files of one directory.
func dirSpecs(dir string) ([]string, error) {
	var out []string
	glob := func(pattern string) error {
		m, err := filepath.Glob(pattern)
		if err != nil {
			return fmt.Errorf("find specs: %w", err)
		}
		for _, f := range m {
			if fileExists(f) {
				out = append(out, f)
			}
		}
		return nil
	}
	specDir := filepath.Join(dir, "testdata", "specgen")
	patterns := []string{
		filepath.Join(specDir, "*.yml"), filepath.Join(specDir, "*.yaml"),
		filepath.Join(dir, "*_evals.yml"), filepath.Join(dir, "*_evals.yaml"),
	}
	if abs, err := filepath.Abs(dir); err == nil && filepath.Base(abs) == "specgen" && filepath.Base(filepath.Dir(abs)) == "testdata" {
		patterns = append(patterns, filepath.Join(dir, "*.yml"), filepath.Join(dir, "*.yaml"))
	}
	for _, p := range patterns {
		if err := glob(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}
