package mutate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/specgen-dev/specgen/target"
)

// checker type-checks mutated versions of a package, so that a mutant
// that does not compile is told apart without a build.
type checker struct {
	pkg  *target.Package
	srcs map[string][]byte // the package's files as loaded

	checking sync.Mutex // one check at a time: the imported packages are shared

	mu       sync.Mutex
	fallback types.Importer // for imports the load did not see
}

func newChecker(pkg *target.Package) (*checker, error) {
	c := &checker{pkg: pkg, srcs: map[string][]byte{}}
	for _, name := range pkg.GoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		c.srcs[name] = src
	}
	return c, nil
}

// Import implements types.Importer from the packages the load saw.
func (c *checker) Import(path string) (*types.Package, error) {
	if p, ok := c.pkg.Imports[path]; ok {
		return p, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fallback == nil {
		c.fallback = importer.ForCompiler(token.NewFileSet(), "source", nil)
	}
	return c.fallback.Import(path)
}

// check type-checks the package with file replaced by src; it returns
// the first problem, or "" when the package compiles as far as go/types
// can tell.
func (c *checker) check(file string, src []byte) string {
	if c.bodyCompiles(file, src) {
		return ""
	}
	return c.checkFiles(map[string][]byte{file: src})
}

// bodyCompiles reports whether file, changed into src in the body of one
// function only (as a mutant changes it), compiles, by type-checking
// that function alone against the package as loaded: a function body's
// validity rests only on the package-level declarations, which the
// change leaves as they were. The function is checked in a package of
// the same path whose scope holds the loaded package's objects (but the
// function itself), written as a function of its own (a method as a
// function of its receiver, methods of the loaded types cannot be
// declared there), with the file's imports. It is false when it cannot
// tell: another change, a generic function or receiver, a file with a
// build constraint (its own language version), or an error, which the
// whole package's check then reports as the compiler would.
func (c *checker) bodyCompiles(file string, src []byte) bool {
	base := c.pkg.Types
	orig, ok := c.srcs[file]
	if base == nil || !ok || bytes.Contains(orig, []byte("//go:build")) {
		return false
	}
	fset := token.NewFileSet()
	of, err := parser.ParseFile(fset, file, orig, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	mf, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil || len(of.Decls) != len(mf.Decls) {
		return false
	}
	text := func(b []byte, n ast.Node) string {
		return string(b[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	var fd *ast.FuncDecl
	var imports []string
	for i, d := range mf.Decls {
		if text(orig, of.Decls[i]) == text(src, d) {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				imports = append(imports, text(src, g))
			}
			continue
		}
		f, ok := d.(*ast.FuncDecl)
		if !ok || fd != nil || f.Body == nil || f.Type.TypeParams != nil {
			return false
		}
		fd = f
	}
	if fd == nil {
		return false
	}
	params := text(src, fd.Type.Params)
	params = params[1 : len(params)-1]
	name := fd.Name.Name
	if fd.Recv != nil {
		if len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) > 1 {
			return false
		}
		rt := fd.Recv.List[0].Type
		if st, ok := rt.(*ast.StarExpr); ok {
			rt = st.X
		}
		if _, ok := rt.(*ast.Ident); !ok {
			return false // a generic receiver: Set[T]
		}
		recv := "_ " + text(src, fd.Recv.List[0].Type)
		if len(fd.Recv.List[0].Names) == 1 {
			recv = text(src, fd.Recv.List[0])
		}
		if strings.TrimSpace(params) != "" {
			recv += ", "
		}
		params = recv + params
		name = "specgenMutantBody"
	}
	results := ""
	if fd.Type.Results != nil {
		results = " " + text(src, fd.Type.Results)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n%s\n\nfunc %s(%s)%s %s\n", mf.Name.Name, strings.Join(imports, "\n"), name, params, results, text(src, fd.Body))
	if fd.Recv != nil && base.Scope().Lookup(name) != nil {
		return false
	}
	pkg := target.Beside(base, name)
	af, err := parser.ParseFile(fset, "specgen_mutant.go", b.String(), parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	ok = true
	conf := types.Config{
		Importer:  c,
		GoVersion: goVersion(c.pkg.GoVersion),
		Sizes:     types.SizesFor("gc", runtime.GOARCH),
		Error: func(err error) {
			// The file's imports are all there, used by the function
			// or not.
			msg := err.Error()
			if !strings.Contains(msg, " imported and not used") && !(strings.Contains(msg, " imported as ") && strings.HasSuffix(msg, " and not used")) {
				ok = false
			}
		},
	}
	c.checking.Lock()
	defer c.checking.Unlock()
	_ = types.NewChecker(&conf, fset, pkg, nil).Files([]*ast.File{af})
	return ok
}

// checkFiles is check with several files replaced.
func (c *checker) checkFiles(replaced map[string][]byte) string {
	c.checking.Lock()
	defer c.checking.Unlock()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range c.pkg.GoFiles {
		s := c.srcs[name]
		if r, ok := replaced[name]; ok {
			s = r
		}
		f, err := parser.ParseFile(fset, name, s, parser.SkipObjectResolution)
		if err != nil {
			return firstLine(err.Error())
		}
		files = append(files, f)
	}
	var first string
	conf := types.Config{
		Importer:  c,
		GoVersion: goVersion(c.pkg.GoVersion),
		Sizes:     types.SizesFor("gc", runtime.GOARCH),
		Error: func(err error) {
			if first == "" {
				first = err.Error()
			}
		},
	}
	_, _ = conf.Check(c.pkg.ImportPath, fset, files, nil)
	return first
}

// goVersion turns a go directive ("1.22", "1.22.3") into a language
// version for go/types ("go1.22").
func goVersion(v string) string {
	if v == "" {
		return ""
	}
	v = "go" + strings.TrimPrefix(v, "go")
	if parts := strings.Split(v, "."); len(parts) > 2 {
		v = parts[0] + "." + parts[1]
	}
	return v
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
