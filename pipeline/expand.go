package pipeline

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Expand turns a package pattern into the directories of the packages it
// matches: "./..." walks as the go command does; a plain directory or
// import path is returned as it is.
func Expand(ctx context.Context, dir, pattern string) ([]string, error) {
	if !strings.Contains(pattern, "...") {
		return []string{pattern}, nil
	}
	pkgs, err := packages.Load(&packages.Config{Context: ctx, Dir: dir, Mode: packages.NeedName | packages.NeedFiles}, pattern)
	if err != nil {
		return nil, fmt.Errorf("expand %s: %w", pattern, err)
	}
	var out []string
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		out = append(out, p.PkgPath)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("expand %s: no packages", pattern)
	}
	return out, nil
}
