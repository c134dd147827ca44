package pipeline

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/specgen-dev/specgen/spec"
)

// maxDirNames bounds the strings of a result dirListed looks up.
const maxDirNames = 64

// dirListed returns, for a case whose expected value states a string
// that names an entry of the package directory dir (LICENSE, glob.go,
// testdata/specgen), not one of its arguments, that name: the
// function read the directory it runs in (a glob of the working
// directory), whose entries change as files are added, specgen's own
// among them. "" for other cases.
func dirListed(c *spec.Case, dir string) string {
	if c.Expected == nil || dir == "" {
		return ""
	}
	var args []string
	for _, v := range []*spec.Value{c.Input, c.Inputs, c.Receiver} {
		if v != nil {
			args = appendStrings(args, *v, -1)
		}
	}
	for _, s := range appendStrings(nil, *c.Expected, maxDirNames) {
		if s == "" || s == "." || s == ".." || filepath.IsAbs(s) || !filepath.IsLocal(s) || slices.Contains(args, s) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(s))); err == nil {
			return s
		}
	}
	return ""
}

// appendStrings appends the strings v states, its map keys among them,
// to out, up to max of them (no bound when max < 0).
func appendStrings(out []string, v spec.Value, max int) []string {
	if max >= 0 && len(out) >= max {
		return out
	}
	switch v.Kind {
	case spec.String:
		out = append(out, v.Str)
	case spec.List:
		for _, e := range v.List {
			out = appendStrings(out, e, max)
		}
	case spec.Map:
		for _, e := range v.Map {
			out = appendStrings(appendStrings(out, e.Key, max), e.Val, max)
		}
	}
	return out
}
