package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

var (
	//go:embed page.html.tmpl
	pageText string
	//go:embed index.html.tmpl
	indexText string
)

// templates are the report's templates, parsed once per call: the
// package keeps no state.
func templates() (page, index *template.Template) {
	funcs := template.FuncMap{
		"plural":         plural,
		"anchor":         anchor,
		"coverage":       coverageText,
		"shade":          shade,
		"ints":           ints,
		"reachTitle":     reachTitle,
		"dollars":        func(usd float64) string { return fmt.Sprintf("$%.4f", usd) },
		"trim":           strings.TrimSpace,
		"behavioursNote": func() string { return BehavioursNote },
	}
	page = template.Must(template.New("page").Funcs(funcs).Parse(pageText))
	index = template.Must(template.New("index").Parse(indexText))
	return page, index
}

// Render writes the HTML report of one package.
func Render(w io.Writer, p *Package) error {
	page, _ := templates()
	return page.Execute(w, p)
}

// indexRow is one package in index.html.
type indexRow struct {
	Path, File                           string
	Functions, Cases, Uncovered, Mutants int
}

// RenderIndex writes the index of the packages' reports.
func RenderIndex(w io.Writer, pkgs []*Package) error {
	_, index := templates()
	var rows []indexRow
	for _, p := range pkgs {
		r := indexRow{Path: p.Path, File: FileName(p.Path), Functions: len(p.Functions)}
		for _, f := range p.Functions {
			r.Cases += len(f.Cases)
			r.Uncovered += len(f.Uncovered())
			r.Mutants += len(f.Mutants)
		}
		rows = append(rows, r)
	}
	return index.Execute(w, rows)
}

// Write writes the report of each package into dir, one file per
// package named by FileName, and index.html when there is more than one;
// each file is written atomically. It returns the paths written.
func Write(dir string, pkgs []*Package) ([]string, error) {
	var paths []string
	put := func(name string, render func(io.Writer) error) error {
		var buf bytes.Buffer
		path := filepath.Join(dir, name)
		if err := render(&buf); err != nil {
			return fmt.Errorf("write report %s: %w", path, err)
		}
		if _, err := spec.WriteFile(path, buf.Bytes()); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		paths = append(paths, path)
		return nil
	}
	for _, p := range pkgs {
		if err := put(FileName(p.Path), func(w io.Writer) error { return Render(w, p) }); err != nil {
			return paths, err
		}
	}
	if len(pkgs) > 1 {
		if err := put("index.html", func(w io.Writer) error { return RenderIndex(w, pkgs) }); err != nil {
			return paths, err
		}
	}
	return paths, nil
}

// anchor is a function's element id: "f-" and its name with the
// characters ids should not hold replaced ("(*T).M" → "f-T.M").
func anchor(name string) string {
	r := strings.NewReplacer("(", "", ")", "", "*", "", " ", "_")
	return "f-" + r.Replace(name)
}

// coverageText says a function's statement coverage.
func coverageText(f *Function) string {
	c := f.Coverage
	if c == nil {
		return "coverage unknown"
	}
	return fmt.Sprintf("coverage %.1f%% of %s", c.Percent, plural(c.Statements, "statement"))
}

// shade is a line's class: uncovered, r1..r4 by the share of the most
// cases any line of the function has that reach it, or none for a line
// without statements.
func shade(f *Function, l Line) string {
	switch {
	case !l.Stmt:
		return "nostmt"
	case len(l.Cases) == 0:
		return "uncovered"
	}
	// ceil(4n/m): the lines the most cases reach are r4.
	m := f.MaxReach()
	return "r" + strconv.Itoa((4*len(l.Cases)+m-1)/m)
}

// ints writes indices separated by spaces.
func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

// reachTitle is a line's tooltip.
func reachTitle(l Line) string {
	switch {
	case !l.Stmt:
		return "no statements"
	case len(l.Cases) == 0:
		return "uncovered: no case reaches this line"
	}
	return "reached by " + plural(len(l.Cases), "case")
}
