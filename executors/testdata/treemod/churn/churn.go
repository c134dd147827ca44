// Package churn changes its working directory: each call reads a data
// file, then removes it, writes another file and a temporary file.
package churn

import (
	"os"
	"path/filepath"
	"strings"
)

// Churn returns what testdata/x.txt held and the names in the working
// directory and $TMPDIR, then leaves both changed.
func Churn() (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "x.txt"))
	if err != nil {
		return "", err
	}
	var names []string
	for _, dir := range []string{".", os.TempDir()} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	if err := os.Remove(filepath.Join("testdata", "x.txt")); err != nil {
		return "", err
	}
	if err := os.WriteFile("out.txt", b, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(os.TempDir(), "t.txt"), b, 0o644); err != nil {
		return "", err
	}
	return string(b) + strings.Join(names, ","), nil
}
