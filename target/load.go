package target

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule

// srcPackage is a package of the module under test kept with its syntax,
// for the checks that walk source (YaegiProblems).
type srcPackage struct {
	path  string
	files []*ast.File
	info  *types.Info
}

// Load loads the one package that pattern (a directory such as
// ./internal/pricing, or an import path) names, resolved in cfg.Dir,
// with its syntax and complete type information. Test files are not
// loaded, only listed. A package that does not load or type-check gives
// an error listing the problems with their positions.
func Load(ctx context.Context, pattern string, cfg Config) (*Package, error) {
	if pattern == "" {
		pattern = "."
	}
	p, err := load(ctx, pattern, cfg)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", pattern, err)
	}
	return p, nil
}

func load(ctx context.Context, pattern string, cfg Config) (*Package, error) {
	dir := cfg.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	goroot := goRoot(ctx, dir, cfg.Env)
	// The package under test keeps its function bodies even when it is
	// part of the standard library.
	keep := map[string]bool{filepath.Join(dir, pattern): true}
	if goroot != "" {
		keep[filepath.Join(goroot, "src", pattern)] = true
	}
	logf := cfg.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	pcfg := &packages.Config{
		Context: ctx,
		Mode:    loadMode,
		Dir:     dir,
		Env:     cfg.Env,
		Tests:   false,
		Logf:    logf,
		Fset:    token.NewFileSet(),
		// Standard-library packages are needed for their types only: drop
		// their function bodies, which halves the time of a load.
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			if goroot == "" || !strings.HasPrefix(filename, goroot) || keep[filepath.Dir(filename)] {
				return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
			}
			f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.SkipObjectResolution)
			if f != nil {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
						fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
					}
				}
			}
			return f, err
		},
	}
	pkgs, err := packages.Load(pcfg, pattern)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	switch len(pkgs) {
	case 0:
		return nil, errors.New("no package matched")
	case 1:
	default:
		var paths []string
		for _, p := range pkgs {
			paths = append(paths, p.PkgPath)
		}
		return nil, fmt.Errorf("pattern matches %d packages (%s); want one", len(pkgs), strings.Join(paths, ", "))
	}
	lp := pkgs[0]
	if f := cgoFile(lp); f != "" {
		return nil, fmt.Errorf("package %s uses cgo (import \"C\" in %s), which is not supported", lp.PkgPath, relTo(dir, f))
	}
	if err := loadErrors(dir, lp); err != nil {
		return nil, err
	}
	if lp.Types == nil || lp.TypesInfo == nil {
		return nil, fmt.Errorf("package %s: no type information", lp.PkgPath)
	}
	if len(lp.CompiledGoFiles) == 0 {
		return nil, fmt.Errorf("package %s has no Go files", lp.PkgPath)
	}

	p := &Package{
		Dir:        lp.Dir,
		ImportPath: lp.PkgPath,
		Name:       lp.Name,
		Fset:       lp.Fset,
		Types:      lp.Types,
		TypesInfo:  lp.TypesInfo,
		Imports:    map[string]*types.Package{},
		src:        map[string][]byte{},
	}
	if p.Dir == "" && len(lp.CompiledGoFiles) > 0 {
		p.Dir = filepath.Dir(lp.CompiledGoFiles[0])
	}
	if m := lp.Module; m != nil {
		p.ModulePath, p.ModuleDir, p.GoVersion = m.Path, m.Dir, m.GoVersion
	}
	for i, f := range lp.CompiledGoFiles {
		if !strings.HasSuffix(f, ".go") || i >= len(lp.Syntax) {
			return nil, fmt.Errorf("package %s: unexpected compiled file %s", lp.PkgPath, f)
		}
		p.GoFiles = append(p.GoFiles, f)
		p.Syntax = append(p.Syntax, lp.Syntax[i])
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		p.src[f] = src
	}
	p.TestFiles, err = testFiles(p.Dir)
	if err != nil {
		return nil, err
	}

	// Imports and dependencies, in dependency order (a package after the
	// packages it imports).
	p.srcPkgs = append(p.srcPkgs, srcPackage{path: lp.PkgPath, files: p.Syntax, info: lp.TypesInfo})
	for dp := range packages.Postorder(pkgs) {
		if dp == lp {
			continue
		}
		if dp.Types != nil {
			p.Imports[dp.PkgPath] = dp.Types
		}
		if dp.Module == nil || dp.PkgPath == "unsafe" || dp.PkgPath == "C" {
			continue // standard library
		}
		d := Dep{ImportPath: dp.PkgPath, Dir: dp.Dir, ModulePath: dp.Module.Path}
		for _, f := range dp.CompiledGoFiles {
			if strings.HasSuffix(f, ".go") {
				d.GoFiles = append(d.GoFiles, f)
			}
		}
		if d.Dir == "" && len(d.GoFiles) > 0 {
			d.Dir = filepath.Dir(d.GoFiles[0])
		}
		p.Deps = append(p.Deps, d)
		if p.ModulePath != "" && dp.Module.Path == p.ModulePath {
			p.srcPkgs = append(p.srcPkgs, srcPackage{path: dp.PkgPath, files: dp.Syntax, info: dp.TypesInfo})
		}
	}
	p.collectErrorKinds(lp)
	p.indexFuncs()
	return p, nil
}

// goRoot returns the GOROOT of the go command, with a trailing separator,
// or "" when it cannot be found.
func goRoot(ctx context.Context, dir string, env []string) string {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT")
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	root := strings.TrimSpace(string(out))
	if root == "" {
		return ""
	}
	return filepath.Clean(root) + string(filepath.Separator)
}

// cgoFile returns a file of lp that imports "C", or "". With cgo
// disabled the go command ignores such files, and the package then fails
// to load: its ignored files are searched too in that case.
func cgoFile(lp *packages.Package) string {
	files := lp.GoFiles
	if len(lp.Errors) > 0 {
		files = append(files[:len(files):len(files)], lp.IgnoredFiles...)
	}
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			continue
		}
		for _, im := range af.Imports {
			if im.Path.Value == `"C"` && !hasBuildLine(af) {
				return f
			}
			if im.Path.Value == `"C"` && slices.Contains(lp.GoFiles, f) {
				return f
			}
		}
	}
	return ""
}

// hasBuildLine reports whether f has a //go:build constraint.
func hasBuildLine(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") {
				return true
			}
		}
	}
	return false
}

// loadErrors returns the errors of lp and of its dependencies, or nil.
// Type errors of standard-library packages are ignored: their function
// bodies were dropped on purpose.
func loadErrors(dir string, lp *packages.Package) error {
	var msgs []string
	seen := map[string]bool{}
	for p := range packages.Postorder([]*packages.Package{lp}) {
		for _, e := range p.Errors {
			if p != lp && p.Module == nil && e.Kind == packages.TypeError {
				continue
			}
			msg := e.Msg
			if e.Pos != "" && e.Pos != "-" {
				msg = relTo(dir, e.Pos) + ": " + msg
			}
			if p != lp && !strings.Contains(msg, p.PkgPath) {
				msg = "package " + p.PkgPath + ": " + msg
			}
			if !seen[msg] {
				seen[msg] = true
				msgs = append(msgs, msg)
			}
		}
		if p.Module != nil && p.Module.Error != nil && !seen[p.Module.Error.Err] {
			seen[p.Module.Error.Err] = true
			msgs = append(msgs, "module "+p.Module.Path+": "+p.Module.Error.Err)
		}
	}
	switch len(msgs) {
	case 0:
		return nil
	case 1:
		return errors.New(msgs[0])
	}
	return fmt.Errorf("%d errors:\n\t%s", len(msgs), strings.Join(msgs, "\n\t"))
}

// relTo shortens an absolute file path (possibly followed by :line:col)
// to a path relative to dir when the file lies below dir.
func relTo(dir, pos string) string {
	if !filepath.IsAbs(pos) {
		return pos
	}
	file, rest := pos, ""
	// Split off ":line:col" suffixes (the path itself may not hold colons
	// on the platforms we care about, except a Windows volume name).
	vol := filepath.VolumeName(pos)
	if i := strings.Index(pos[len(vol):], ":"); i >= 0 {
		file, rest = pos[:len(vol)+i], pos[len(vol)+i:]
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return pos
	}
	return rel + rest
}

// testFiles lists the _test.go files of dir.
func testFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), "_test.go") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}

// collectErrorKinds fills Sentinels and ErrorTypes from the package and
// from the standard-library packages it imports directly.
func (p *Package) collectErrorKinds(lp *packages.Package) {
	p.addErrorKinds(p.Types, true)
	var std []*types.Package
	for path, ip := range lp.Imports {
		if ip.Module == nil && ip.Types != nil && path != "unsafe" && path != "C" {
			std = append(std, ip.Types)
		}
	}
	sort.Slice(std, func(i, j int) bool { return std[i].Path() < std[j].Path() })
	for _, sp := range std {
		p.addErrorKinds(sp, false)
	}
}

func (p *Package) addErrorKinds(pkg *types.Package, own bool) {
	errType := types.Universe.Lookup("error").Type()
	qual := ""
	if !own {
		qual = pkg.Name() + "."
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() { // sorted
		if name == "_" || (!own && !token.IsExported(name)) {
			continue
		}
		switch obj := scope.Lookup(name).(type) {
		case *types.Var:
			if types.Identical(obj.Type(), errType) {
				p.Sentinels = append(p.Sentinels, Sentinel{
					Expr:       qual + name,
					Name:       pkg.Name() + "." + name,
					ImportPath: pkg.Path(),
					Obj:        obj,
				})
			}
		case *types.TypeName:
			if obj.IsAlias() {
				continue
			}
			named, ok := obj.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			var t types.Type
			star := ""
			switch {
			case types.Implements(named, errType.Underlying().(*types.Interface)):
				t = named
			case types.Implements(types.NewPointer(named), errType.Underlying().(*types.Interface)):
				t, star = types.NewPointer(named), "*"
			default:
				continue
			}
			p.ErrorTypes = append(p.ErrorTypes, ErrorType{
				Expr:       star + qual + name,
				Name:       star + pkg.Name() + "." + name,
				ImportPath: pkg.Path(),
				Type:       t,
			})
		}
	}
}

// source returns the text of file between two positions.
func (p *Package) source(from, to token.Pos) string {
	tf := p.Fset.File(from)
	if tf == nil {
		return ""
	}
	src := p.src[tf.Name()]
	start, end := tf.Offset(from), tf.Offset(to)
	if start < 0 || end > len(src) || start > end {
		return ""
	}
	return string(bytes.TrimRight(src[start:end], " \t"))
}

// position formats pos as file:line:col with the file relative to the
// package directory when it lies in the package's module.
func (p *Package) position(pos token.Pos) string {
	ps := p.Fset.Position(pos)
	file := ps.Filename
	if p.ModuleDir != "" && relTo(p.ModuleDir, file) != file {
		if rel, err := filepath.Rel(p.Dir, file); err == nil {
			file = rel
		}
	} else {
		file = relTo(p.Dir, file)
	}
	return file + ":" + strconv.Itoa(ps.Line) + ":" + strconv.Itoa(ps.Column)
}
