package explore

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/specgen-dev/specgen/target"
)

// testPackages caches the test packages loaded by loadFunc, by directory.
type testPackages struct {
	mu   sync.Mutex
	pkgs map[string]*target.Package
}

// loaded is shared by the tests of this package: loading type-checks the
// standard library imports, which is worth doing once.
var loaded = &testPackages{pkgs: map[string]*target.Package{}}

// loadPackage parses and type-checks the package in dir, the way
// target.Load describes a package, without go/packages.
// Import paths in local are loaded from the given directories.
func loadPackage(t testing.TB, dir string, local ...map[string]string) *target.Package {
	t.Helper()
	loaded.mu.Lock()
	defer loaded.mu.Unlock()
	return loadPackageLocked(t, dir, "", local...)
}

func loadPackageLocked(t testing.TB, dir, importPath string, local ...map[string]string) *target.Package {
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := loaded.pkgs[abs]; ok {
		return p
	}
	fset := token.NewFileSet()
	ents, err := os.ReadDir(abs)
	if err != nil {
		t.Fatal(err)
	}
	p := &target.Package{Dir: abs, Fset: fset, Imports: map[string]*types.Package{}}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		path := filepath.Join(abs, e.Name())
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		p.GoFiles = append(p.GoFiles, path)
		p.Syntax = append(p.Syntax, f)
	}
	p.Name = p.Syntax[0].Name.Name
	p.ImportPath = importPath
	for _, m := range local {
		for ip, d := range m {
			if a, _ := filepath.Abs(d); a == abs && p.ImportPath == "" {
				p.ImportPath = ip
			}
		}
	}
	if p.ImportPath == "" {
		p.ImportPath = "example.com/" + p.Name
	}
	p.TypesInfo = &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{Importer: &localImporter{t: t, std: importer.ForCompiler(fset, "source", nil), local: local}}
	p.Types, err = conf.Check(p.ImportPath, fset, p.Syntax, p.TypesInfo)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range p.Types.Imports() {
		p.Imports[imp.Path()] = imp
	}
	loaded.pkgs[abs] = p
	return p
}

// localImporter imports the packages of a module under test from source
// directories, and the standard library with std.
type localImporter struct {
	t     testing.TB
	std   types.Importer
	local []map[string]string
}

func (im *localImporter) Import(path string) (*types.Package, error) {
	for _, m := range im.local {
		if dir, ok := m[path]; ok {
			return loadPackageLocked(im.t, dir, path, im.local...).Types, nil
		}
	}
	return im.std.Import(path)
}

// loadFunc returns the function of the package in dir with the given
// spec name (F, T.M or (*T).M).
func loadFunc(t testing.TB, dir, name string, local ...map[string]string) *target.Func {
	t.Helper()
	p := loadPackage(t, dir, local...)
	for i, file := range p.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || specName(fd) != name {
				continue
			}
			obj := p.TypesInfo.Defs[fd.Name].(*types.Func)
			sig := obj.Type().(*types.Signature)
			f := &target.Func{
				Name: name, Pkg: p, Obj: obj, Sig: sig, Decl: fd,
				File:      p.GoFiles[i],
				StartLine: p.Fset.Position(fd.Pos()).Line,
				EndLine:   p.Fset.Position(fd.End()).Line,
			}
			if fd.Doc != nil {
				f.Doc = fd.Doc.Text()
			}
			if r := sig.Recv(); r != nil {
				rt := r.Type()
				if ptr, ok := rt.(*types.Pointer); ok {
					rt, f.RecvPtr = ptr.Elem(), true
				}
				f.Recv = rt.(*types.Named)
			}
			for j := 0; j < sig.Params().Len(); j++ {
				v := sig.Params().At(j)
				pn := v.Name()
				if pn == "" || pn == "_" {
					pn = "p" + string(rune('0'+j))
				}
				f.Params = append(f.Params, target.Param{Name: pn, Type: v.Type(), Variadic: sig.Variadic() && j == sig.Params().Len()-1})
			}
			for j := 0; j < sig.Results().Len(); j++ {
				f.Results = append(f.Results, sig.Results().At(j).Type())
			}
			if n := len(f.Results); n > 0 {
				f.ErrorLast = types.Identical(f.Results[n-1], types.Universe.Lookup("error").Type())
			}
			tparams := sig.TypeParams()
			if f.Recv != nil {
				tparams = f.Recv.Origin().TypeParams() // a method of a generic type
			}
			for j := 0; j < tparams.Len(); j++ {
				tp := tparams.At(j)
				f.TypeParams = append(f.TypeParams, target.TypeParam{Name: tp.Obj().Name(), Constraint: tp.Constraint(), Type: tp})
			}
			return f
		}
	}
	t.Fatalf("no function %s in %s", name, dir)
	return nil
}

func specName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	rt := fd.Recv.List[0].Type
	star := false
	if st, ok := rt.(*ast.StarExpr); ok {
		rt, star = st.X, true
	}
	switch x := rt.(type) {
	case *ast.IndexExpr: // a generic type: T[P]
		rt = x.X
	case *ast.IndexListExpr: // T[P, Q]
		rt = x.X
	}
	if star {
		return "(*" + rt.(*ast.Ident).Name + ")." + fd.Name.Name
	}
	return rt.(*ast.Ident).Name + "." + fd.Name.Name
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func TestLoadFunc(t *testing.T) {
	f := loadFunc(t, "testdata/sample", "(*Counter).Add")
	if f.Recv == nil || !f.RecvPtr || len(f.Params) != 1 || !f.ErrorLast {
		t.Fatalf("loadFunc: got %+v", f)
	}
}

// checkSource type-checks src, one file of the package path, with the
// standard library importable.
func checkSource(t testing.TB, path, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "src.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check(path, fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
