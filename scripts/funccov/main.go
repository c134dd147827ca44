// Command funccov prints the statement coverage of each function and
// method of a package from a Go cover profile, named as specs name them
// (Func, Type.Method, (*Type).Method), one per line:
//
//	NAME<TAB>STATEMENTS<TAB>COVERED<TAB>PERCENT
//
// Usage:
//
//	go test -coverprofile=c.out ./pkg
//	go run ./scripts/funccov [-decl] c.out pkgdir
//
// With -decl each line goes on with where the function is declared and
// its signature, the columns of ../shared/bench/corpus.tsv:
//
//	...<TAB>FILE<TAB>FIRST_LINE<TAB>LAST_LINE<TAB>SIGNATURE
//
// scripts/libs.sh uses it to put the coverage a library's own tests
// reach beside the coverage of the specs specgen writes for it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/cover"
)

func main() {
	decl := flag.Bool("decl", false, "also print each function's file, first and last line, and signature")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: funccov [-decl] PROFILE PKGDIR")
		os.Exit(2)
	}
	if err := run(os.Stdout, flag.Arg(0), flag.Arg(1), *decl); err != nil {
		fmt.Fprintln(os.Stderr, "funccov:", err)
		os.Exit(1)
	}
}

// funcCov is the coverage of one function.
type funcCov struct {
	name           string
	stmts, covered int
	// Where it is declared, and its signature.
	file        string
	first, last int
	sig         string
}

func run(w io.Writer, profile, dir string, decl bool) error {
	profs, err := cover.ParseProfiles(profile)
	if err != nil {
		return fmt.Errorf("read profile %s: %w", profile, err)
	}
	// Profiles name files by import path; match them by base name
	// within the package directory.
	byBase := map[string]*cover.Profile{}
	for _, p := range profs {
		byBase[filepath.Base(p.FileName)] = p
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	var out []funcCov
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		fcs, err := fileFuncs(file, byBase[filepath.Base(file)])
		if err != nil {
			return err
		}
		out = append(out, fcs...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	for _, fc := range out {
		pct := 0.0
		if fc.stmts > 0 {
			pct = 100 * float64(fc.covered) / float64(fc.stmts)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%.1f", fc.name, fc.stmts, fc.covered, pct)
		if decl {
			fmt.Fprintf(w, "\t%s\t%d\t%d\t%s", fc.file, fc.first, fc.last, fc.sig)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// fileFuncs measures the functions declared in file against the blocks
// of its profile (nil: the file was not compiled by the tests, or they
// ran none of it).
func fileFuncs(file string, prof *cover.Profile) ([]funcCov, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", file, err)
	}
	var out []funcCov
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		fc := funcCov{name: specName(fd), file: filepath.Base(file), first: start.Line, last: end.Line, sig: signature(fset, fd)}
		if prof != nil {
			for _, b := range prof.Blocks {
				if !before(b.StartLine, b.StartCol, start) && !before(end.Line, end.Column, token.Position{Line: b.EndLine, Column: b.EndCol}) {
					fc.stmts += b.NumStmt
					if b.Count > 0 {
						fc.covered += b.NumStmt
					}
				}
			}
		}
		out = append(out, fc)
	}
	return out, nil
}

// before reports whether line:col comes before p.
func before(line, col int, p token.Position) bool {
	return line < p.Line || line == p.Line && col < p.Column
}

// specName is how specs name a function: F, T.M or (*T).M.
func specName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	ptr := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, ptr = s.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	id, _ := t.(*ast.Ident)
	recv := "?"
	if id != nil {
		recv = id.Name
	}
	if ptr {
		return "(*" + recv + ")." + fd.Name.Name
	}
	return recv + "." + fd.Name.Name
}

// signature is the declaration of fd without its body and doc, on one
// line.
func signature(fset *token.FileSet, fd *ast.FuncDecl) string {
	head := *fd
	head.Body, head.Doc = nil, nil
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, &head); err != nil {
		return "-"
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
