package executors

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// TestFile gathers the probes of several programs of one package into
// the parts of one ordinary Go test file (package export uses it to
// write specs as `go test` code): each probe as a function literal, and
// the runtime the probes need (error classification, panic recovery,
// observers, canonical value recording), the same code the native
// engine compiles into its worker, without the worker's protocol.
type TestFile struct {
	pkg        *target.Package
	imp        *importSet
	pr         preparer
	probeDecls map[string]string // the probes' declarations (Probe.Decls): name → source
}

// NewTestFile starts a test file for pkg.
func NewTestFile(pkg *target.Package) *TestFile {
	return &TestFile{pkg: pkg, imp: newImportSet(), pr: preparer{inline: true}, probeDecls: map[string]string{}}
}

// TestProbe is one probe of a test file: Code is a Go function literal
// of type func(func(string, string, interface{})) that runs it and
// reports through the recorder it is given; when the probe cannot run
// (it does not compile, it is refused), Code is empty and Skip says why.
type TestProbe struct {
	Code string
	Skip string
}

// Add type-checks the probes of prog (its Func must be of the file's
// package) and returns them, in order.
func (tf *TestFile) Add(prog *Program) ([]TestProbe, error) {
	if prog.Func.Pkg != tf.pkg {
		return nil, fmt.Errorf("add %s: not a function of %s", prog.Func.Name, tf.pkg.ImportPath)
	}
	check := *prog
	check.Cover = false
	prepd, err := tf.pr.prepare(&check, "_test.go", nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", prog.Func.Name, err)
	}
	out := make([]TestProbe, len(prog.Probes))
	for i, r := range prepd.early {
		msg := r.Message
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		out[i].Skip = fmt.Sprintf("the probe cannot run (%s): %s", r.Outcome, msg)
	}
	g := &generator{prog: prog, pkgName: tf.pkg.Name, self: tf.pkg.Types}
	for _, i := range prepd.runnable {
		// Each probe is written against a copy of the file's imports, so
		// that one whose import names clash is skipped alone.
		imp := tf.imp.clone()
		body, err := g.probeBody(i, imp)
		if err == nil {
			err = tf.addDecls(prog.Probes[i], imp)
		}
		if err != nil {
			out[i].Skip = "the probe cannot be written: " + err.Error()
			continue
		}
		head := "func " + probeFunc(i) + "("
		if !strings.HasPrefix(body, head) {
			return nil, fmt.Errorf("%s: probe %d does not start with %q", prog.Func.Name, i, head)
		}
		tf.imp = imp
		out[i].Code = "func(" + strings.TrimSuffix(body[len(head):], "\n")
	}
	return out, nil
}

// addDecls adds the declarations of p to the file's, their imports to
// imp: an error when one is declared otherwise already.
func (tf *TestFile) addDecls(p Probe, imp *importSet) error {
	for _, d := range p.Decls {
		if src, ok := tf.probeDecls[d.Name]; ok && src != d.Src {
			return fmt.Errorf("declaration of %s differs from another probe's", d.Name)
		}
		if err := addDeclImports(imp, d, p.Imports); err != nil {
			return err
		}
	}
	for _, d := range p.Decls {
		tf.probeDecls[d.Name] = d.Src
	}
	return nil
}

// clone copies an import set.
func (s *importSet) clone() *importSet {
	c := newImportSet()
	for k, v := range s.byPath {
		c.byPath[k] = v
	}
	for k, v := range s.byName {
		c.byName[k] = v
	}
	return c
}

// Import adds an import the caller's own code uses under name; it
// reports false when name is taken by another path.
func (tf *TestFile) Import(path, name string) bool {
	return tf.imp.add(path, name) == name
}

// Imports are the file's imports so far, as local name → path.
func (tf *TestFile) Imports() map[string]string {
	out := map[string]string{}
	for n, p := range tf.imp.byName {
		out[n] = p
	}
	return out
}

// dropped are the declarations of the harness and of the runtime that
// only a worker process needs.
var dropped = map[string]bool{
	"SpecgenCovTake": true, "SpecgenRunProbe": true, "specgenProbes": true,
	"SpecgenRequest": true, "SpecgenCapture": true, "SpecgenNewCapture": true,
	"specgenTake": true, "SpecgenServe": true, "specgenCall": true, "specgenGuard": true,
	"SpecgenSetMutant": true, "SpecgenWire": true, "SpecgenCmp": true,
	"specgenLits": true, "specgenLitString": true, "specgenLitBool": true, "specgenLitInt": true,
	"specgenLitUint": true, "specgenLitFloat": true, "specgenArgFuncs": true,
}

// Runtime returns the declarations the probes of the file need, their
// imports added to the file's. Call it after the last Add.
func (tf *TestFile) Runtime() (string, error) {
	g := &generator{prog: &Program{Func: &target.Func{Pkg: tf.pkg}}, pkgName: tf.pkg.Name, self: tf.pkg.Types}
	var b bytes.Buffer
	for _, src := range []struct {
		name string
		code []byte
	}{{"harness", g.harness(nil)}, {"runtime", []byte(rtSource)}} {
		code, err := tf.decls(src.code)
		if err != nil {
			return "", fmt.Errorf("%s: %w", src.name, err)
		}
		b.WriteString(code)
	}
	// The probes' own declarations (fakes), by name.
	names := make([]string, 0, len(tf.probeDecls))
	for name := range tf.probeDecls {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b.WriteString(strings.TrimRight(tf.probeDecls[name], "\n") + "\n\n")
	}
	return b.String(), nil
}

// decls returns the declarations of src but the dropped ones, adding
// its imports to the file's.
func (tf *TestFile) decls(src []byte) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "src.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "", err
	}
	cmap := ast.NewCommentMap(fset, f, f.Comments)
	var keep []ast.Decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.IMPORT || dropped[genName(d)] {
				continue
			}
		case *ast.FuncDecl:
			if dropped[d.Name.Name] || d.Recv != nil && dropped[recvTypeName(d)] {
				continue
			}
		}
		keep = append(keep, d)
	}
	// Only the imports the kept declarations use.
	used := map[string]bool{}
	for _, d := range keep {
		ast.Inspect(d, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	for _, is := range f.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		if !used[name] {
			continue
		}
		if tf.imp.add(path, name) != name {
			return "", fmt.Errorf("import %q as %s: the name is taken by %s", path, name, tf.imp.byName[name])
		}
	}
	var b bytes.Buffer
	for _, d := range keep {
		one := &ast.File{Name: f.Name, Decls: []ast.Decl{d}}
		one.Comments = cmap.Filter(d).Comments()
		var db bytes.Buffer
		if err := printer.Fprint(&db, fset, &printer.CommentedNode{Node: d, Comments: one.Comments}); err != nil {
			return "", err
		}
		b.Write(db.Bytes())
		b.WriteString("\n\n")
	}
	return b.String(), nil
}

func genName(d *ast.GenDecl) string {
	if len(d.Specs) != 1 {
		return ""
	}
	switch s := d.Specs[0].(type) {
	case *ast.TypeSpec:
		return s.Name.Name
	case *ast.ValueSpec:
		if len(s.Names) == 1 {
			return s.Names[0].Name
		}
	}
	return ""
}

// recvTypeName is the name of a method's receiver's base type: T of *T,
// of T[K].
func recvTypeName(d *ast.FuncDecl) string {
	if len(d.Recv.List) != 1 {
		return ""
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
