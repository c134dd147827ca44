package mutate

import (
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
	return c.checkFiles(map[string][]byte{file: src})
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
