package explore

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// Snippet is one probe proposed by an explorer: Go statements whose last
// statement calls the function under test.
type Snippet struct {
	Description string `json:"description" jsonschema:"description=what behaviour of the function this snippet probes, in a few words"`
	Code        string `json:"code" jsonschema:"description=Go statements compiled inside the package under test; the last statement must call the function under test once (e.g. 'out, err := ParseAmount(\"1.5\")' or 'ParseAmount(strings.Repeat(\"9\", 30))'); earlier statements may prepare its arguments"`
	// Decls are package-level declarations the code needs (the types
	// of fakes the built-in explorer writes, see target.Qualifier.Decls).
	Decls []target.Decl `json:"-"`
	// Panicking, when set, runs the call deferred while the code
	// panics with this Go expression (see executors.Probe.Panicking):
	// how the built-in explorer calls a function that recovers.
	Panicking string `json:"-"`
}

// Plan is an explorer's answer for one round: snippets expected to
// return normally and snippets expected to fail (return an error or panic).
type Plan struct {
	Snippets      []Snippet `json:"snippets" jsonschema:"description=snippets that call the function with inputs expected to succeed; each probes a different behaviour"`
	ErrorSnippets []Snippet `json:"error_snippets" jsonschema:"description=snippets that call the function with inputs expected to return an error or panic; each probes a different failure"`
}

// refused reports whether a probe of pkg (which may be nil) may not
// import path: packages that reach outside the process or around the
// type system, as executors refuse them.
func refused(path string, pkg *types.Package) bool { return executors.RefusedImportBy(path, pkg) }

// stdlibNames maps the names of common standard-library packages to their
// import paths, for snippets that use them without an import declaration.
var stdlibNames = map[string]string{
	"atomic":   "sync/atomic",
	"base64":   "encoding/base64",
	"big":      "math/big",
	"binary":   "encoding/binary",
	"bits":     "math/bits",
	"bufio":    "bufio",
	"bytes":    "bytes",
	"cmp":      "cmp",
	"cmplx":    "math/cmplx",
	"context":  "context",
	"csv":      "encoding/csv",
	"errors":   "errors",
	"exec":     "os/exec",
	"filepath": "path/filepath",
	"fmt":      "fmt",
	"fs":       "io/fs",
	"fstest":   "testing/fstest",
	"hex":      "encoding/hex",
	"html":     "html",
	"http":     "net/http",
	"httptest": "net/http/httptest",
	"io":       "io",
	"json":     "encoding/json",
	"maps":     "maps",
	"math":     "math",
	"net":      "net",
	"netip":    "net/netip",
	"os":       "os",
	"path":     "path",
	"plugin":   "plugin",
	"rand":     "math/rand",
	"reflect":  "reflect",
	"regexp":   "regexp",
	"slices":   "slices",
	"sort":     "sort",
	"strconv":  "strconv",
	"strings":  "strings",
	"sync":     "sync",
	"syscall":  "syscall",
	"time":     "time",
	"unicode":  "unicode",
	"unsafe":   "unsafe",
	"url":      "net/url",
	"utf16":    "unicode/utf16",
	"utf8":     "unicode/utf8",
	"xml":      "encoding/xml",
}

// snippetPrefix wraps a snippet into a parsable file.
const snippetPrefix = "package p\n\nfunc _() {\n"

// snippetLineOffset is the number of lines snippetPrefix adds.
const snippetLineOffset = 3

// ProbeFromSnippet turns a snippet into a probe of f with the given id.
// The snippet's last statement must call f (as an expression statement,
// or on the right of an assignment or var declaration); for a method,
// the expression the method is called on becomes the probe's receiver.
// The statements before it become the probe's setup, the call's
// arguments its argument expressions (the extra arguments of a variadic
// call are gathered into a slice literal). Snippets that call recover or
// use os/exec, net, unsafe, syscall or plugin are refused. The
// standard-library and package imports the snippet's qualified names
// need are recorded in Probe.Imports.
func ProbeFromSnippet(f *target.Func, id string, sn Snippet) (executors.Probe, error) {
	p := executors.Probe{ID: id}
	code := strings.TrimSpace(sn.Code)
	if code == "" {
		return p, errors.New("empty snippet")
	}
	src := snippetPrefix + code + "\n}\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "snippet.go", src, parser.SkipObjectResolution)
	if err != nil {
		return p, snippetSyntaxError(err)
	}
	fn, ok := file.Decls[0].(*ast.FuncDecl)
	if !ok || len(file.Decls) != 1 {
		return p, errors.New("snippet must be statements, not declarations")
	}
	stmts := fn.Body.List
	for len(stmts) > 0 {
		if _, empty := stmts[len(stmts)-1].(*ast.EmptyStmt); !empty {
			break
		}
		stmts = stmts[:len(stmts)-1]
	}
	if len(stmts) == 0 {
		return p, errors.New("snippet has no statements")
	}
	tf := fset.File(file.Pos())
	sc := &snippetCode{src: src, base: tf.Base()}

	locals := declaredNames(fn.Body)
	imports := map[string]string{}
	names := packageNames(f)
	var problems []string
	// use records the import a qualifier names (a package of the module's
	// or a standard one), or the problem of one probes may not import.
	use := func(name, sel, who string) {
		path := names[name]
		if path == "" {
			path = stdlibNames[name]
		}
		if path == "" {
			return
		}
		if refused(path, pkgTypes(f)) {
			problems = append(problems, fmt.Sprintf("%s package %s, which probes may not import", who, path))
			return
		}
		if executors.NetworkName(path, sel) {
			problems = append(problems, fmt.Sprintf("%s %s.%s, which reaches the network", who, name, sel))
			return
		}
		imports[path] = name
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "recover" && !locals[id.Name] {
				problems = append(problems, "it calls recover, which would hide the function's panics")
			}
		case *ast.SelectorExpr:
			x, ok := n.X.(*ast.Ident)
			if !ok || locals[x.Name] {
				return true
			}
			if f.Pkg != nil && x.Name == f.Pkg.Name && names[x.Name] == "" {
				// The package under test qualified by its own name:
				// probes are compiled inside it, so drop the qualifier.
				sc.cut(n.X.Pos(), n.Sel.Pos())
				return true
			}
			use(x.Name, n.Sel.Name, "it uses")
		}
		return true
	})
	// The packages the declarations and the panic's value name, found
	// the same way.
	var extra []ast.Node
	for _, d := range sn.Decls {
		df, err := parser.ParseFile(token.NewFileSet(), "decl.go", "package p\n"+d.Src, parser.SkipObjectResolution)
		if err != nil {
			return p, fmt.Errorf("declaration of %s: %w", d.Name, err)
		}
		extra = append(extra, df)
	}
	if sn.Panicking != "" {
		pe, err := parser.ParseExpr(sn.Panicking)
		if err != nil {
			return p, fmt.Errorf("panicking %s: %w", sn.Panicking, err)
		}
		extra = append(extra, pe)
	}
	for _, node := range extra {
		ast.Inspect(node, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			use(x.Name, sel.Sel.Name, "its declarations or panic use")
			return true
		})
	}
	p.Decls, p.Panicking = sn.Decls, sn.Panicking
	if len(problems) > 0 {
		sort.Strings(problems)
		return p, fmt.Errorf("snippet refused: %s", strings.Join(dedupe(problems), "; "))
	}

	last := stmts[len(stmts)-1]
	call, err := lastCall(last)
	if err != nil {
		return p, err
	}
	args, recv, err := matchCall(f, call, sc)
	if err != nil {
		return p, err
	}
	// The leading assignments to the package's own variables are the
	// probe's globals, set back after it (and recorded in the case).
	first := 0
	for ; first < len(stmts)-1; first++ {
		name, rhs, ok := globalAssign(f, stmts[first], locals)
		if !ok {
			break
		}
		gl := executors.Global{Name: name, Expr: sc.text(rhs.Pos(), rhs.End())}
		if k := slices.IndexFunc(p.Globals, func(g executors.Global) bool { return g.Name == name }); k >= 0 {
			p.Globals[k] = gl
		} else {
			p.Globals = append(p.Globals, gl)
		}
	}
	if len(stmts)-1 > first {
		p.Setup = sc.text(stmts[first].Pos(), stmts[len(stmts)-2].End())
	}
	p.Recv = recv

	if err := bindArgs(f, &p, call, args, sc, imports); err != nil {
		return p, err
	}
	if len(imports) > 0 {
		p.Imports = imports
	}
	return p, nil
}

// globalAssign reports whether st assigns one value to a package-level
// variable of f's package (X = v, or pkg.X = v with the package's own
// name) that the snippet does not declare itself, and returns its name
// and the value.
func globalAssign(f *target.Func, st ast.Stmt, locals map[string]bool) (string, ast.Expr, bool) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || f.Pkg == nil || f.Pkg.Types == nil {
		return "", nil, false
	}
	var name string
	switch l := as.Lhs[0].(type) {
	case *ast.Ident:
		name = l.Name
	case *ast.SelectorExpr:
		if x, ok := l.X.(*ast.Ident); ok && x.Name == f.Pkg.Name && !locals[x.Name] {
			name = l.Sel.Name
		}
	}
	if name == "" || name == "_" || locals[name] {
		return "", nil, false
	}
	if _, err := executors.GlobalType(f.Pkg.Types, name); err != nil {
		return "", nil, false
	}
	return name, as.Rhs[0], true
}

// snippetSyntaxError renders a parse error with the snippet's own line numbers.
func snippetSyntaxError(err error) error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return fmt.Errorf("parse snippet: %w", err)
	}
	var msgs []string
	for _, e := range list {
		line := e.Pos.Line - snippetLineOffset
		if line < 1 {
			line = 1
		}
		msgs = append(msgs, fmt.Sprintf("line %d:%d: %s", line, e.Pos.Column, e.Msg))
		if len(msgs) == 5 {
			break
		}
	}
	return fmt.Errorf("parse snippet: %s", strings.Join(msgs, "; "))
}

// snippetCode gives the source text of snippet nodes, with the cuts
// (qualifiers dropped) applied.
type snippetCode struct {
	src  string
	base int
	cuts [][2]int // source offsets, non-overlapping
}

func (c *snippetCode) cut(from, to token.Pos) {
	c.cuts = append(c.cuts, [2]int{int(from) - c.base, int(to) - c.base})
}

func (c *snippetCode) text(from, to token.Pos) string {
	start, end := int(from)-c.base, int(to)-c.base
	sort.Slice(c.cuts, func(i, j int) bool { return c.cuts[i][0] < c.cuts[j][0] })
	var b strings.Builder
	at := start
	for _, cut := range c.cuts {
		if cut[0] < at || cut[1] > end {
			continue
		}
		b.WriteString(c.src[at:cut[0]])
		at = cut[1]
	}
	b.WriteString(c.src[at:end])
	return b.String()
}

// lastCall returns the call expression of a snippet's last statement.
func lastCall(s ast.Stmt) (*ast.CallExpr, error) {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return nil, errors.New("the last statement must call the function once, alone on the right of the assignment")
		}
		e = s.Rhs[0]
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR && len(g.Specs) == 1 {
			if vs := g.Specs[0].(*ast.ValueSpec); len(vs.Values) == 1 {
				e = vs.Values[0]
			}
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, errors.New("the last statement must be a call of the function under test")
	}
	return call, nil
}

// matchCall checks that call calls f and returns its argument list and,
// for a method, the receiver expression.
func matchCall(f *target.Func, call *ast.CallExpr, sc *snippetCode) (args []ast.Expr, recv string, err error) {
	name := f.Obj.Name()
	fun := ast.Unparen(call.Fun)
	if _, ok := fun.(*ast.IndexExpr); ok {
		return nil, "", errors.New("the last statement calls a generic instantiation; type arguments are not supported")
	}
	if _, ok := fun.(*ast.IndexListExpr); ok {
		return nil, "", errors.New("the last statement calls a generic instantiation; type arguments are not supported")
	}
	if f.Recv == nil {
		switch fun := fun.(type) {
		case *ast.Ident:
			if fun.Name == name {
				return call.Args, "", nil
			}
		case *ast.SelectorExpr:
			if x, ok := fun.X.(*ast.Ident); ok && fun.Sel.Name == name && f.Pkg != nil && x.Name == f.Pkg.Name {
				return call.Args, "", nil
			}
		}
		return nil, "", fmt.Errorf("the last statement must call %s, not %s", name, exprName(fun))
	}
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return nil, "", fmt.Errorf("the last statement must call the method %s (x.%s(...)), not %s", f.Name, name, exprName(fun))
	}
	if isRecvTypeExpr(f, sel.X) {
		// A method expression: T.M(recv, args...) or (*T).M(recv, args...).
		if len(call.Args) == 0 {
			return nil, "", fmt.Errorf("method expression %s needs a receiver argument", exprName(fun))
		}
		return call.Args[1:], sc.text(call.Args[0].Pos(), call.Args[0].End()), nil
	}
	return call.Args, sc.text(sel.X.Pos(), sel.X.End()), nil
}

// isRecvTypeExpr reports whether e names f's receiver type (T or (*T),
// instantiated as T[int] or (*T[int, string]) for a generic type).
func isRecvTypeExpr(f *target.Func, e ast.Expr) bool {
	e = ast.Unparen(e)
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	id, ok := e.(*ast.Ident)
	return ok && f.Recv != nil && id.Name == f.Recv.Obj().Name()
}

// bindArgs fills p.Args from the call's arguments.
func bindArgs(f *target.Func, p *executors.Probe, call *ast.CallExpr, args []ast.Expr, sc *snippetCode, imports map[string]string) error {
	n := len(f.Params)
	variadic := n > 0 && f.Params[n-1].Variadic
	text := func(e ast.Expr) string { return sc.text(e.Pos(), e.End()) }
	if call.Ellipsis.IsValid() {
		if !variadic {
			return fmt.Errorf("the call passes a slice with ... to %s, which is not variadic", f.Name)
		}
		if len(args) != n {
			return fmt.Errorf("%s takes %d arguments, the call passes %d", f.Name, n, len(args))
		}
		for _, a := range args {
			p.Args = append(p.Args, text(a))
		}
		return nil
	}
	if !variadic {
		if len(args) != n {
			return fmt.Errorf("%s takes %d arguments, the call passes %d", f.Name, n, len(args))
		}
		for _, a := range args {
			p.Args = append(p.Args, text(a))
		}
		return nil
	}
	if len(args) < n-1 {
		return fmt.Errorf("%s takes at least %d arguments, the call passes %d", f.Name, n-1, len(args))
	}
	for _, a := range args[:n-1] {
		p.Args = append(p.Args, text(a))
	}
	slice := typeExpr(f, f.Params[n-1].Type, imports)
	rest := args[n-1:]
	if len(rest) == 0 {
		p.Args = append(p.Args, slice+"(nil)")
		return nil
	}
	elems := make([]string, len(rest))
	for i, a := range rest {
		elems[i] = text(a)
	}
	p.Args = append(p.Args, slice+"{"+strings.Join(elems, ", ")+"}")
	return nil
}

// typeExpr renders t as written inside f's package, recording imports.
func typeExpr(f *target.Func, t types.Type, imports map[string]string) string {
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	return types.TypeString(t, func(p *types.Package) string {
		if self != nil && p.Path() == self.Path() {
			return ""
		}
		if imports != nil {
			imports[p.Path()] = p.Name()
		}
		return p.Name()
	})
}

// packageNames maps the package names visible in f's file to import paths.
// pkgTypes is the package of f, when it was type-checked.
func pkgTypes(f *target.Func) *types.Package {
	if f.Pkg == nil {
		return nil
	}
	return f.Pkg.Types
}

func packageNames(f *target.Func) map[string]string {
	m := map[string]string{}
	if f.Pkg == nil {
		return m
	}
	if f.Pkg.Types != nil {
		for _, p := range f.Pkg.Types.Imports() {
			m[p.Name()] = p.Path()
		}
	}
	for i, file := range f.Pkg.Syntax {
		if i < len(f.Pkg.GoFiles) && f.Pkg.GoFiles[i] != f.File {
			continue
		}
		for _, is := range file.Imports {
			if is.Name == nil || is.Name.Name == "_" || is.Name.Name == "." {
				continue
			}
			m[is.Name.Name] = strings.Trim(is.Path.Value, "\"`")
		}
	}
	return m
}

// declaredNames collects the names a snippet declares anywhere, so that
// a local variable is not mistaken for a package.
func declaredNames(body *ast.BlockStmt) map[string]bool {
	m := map[string]bool{}
	addFields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fld := range fl.List {
			for _, n := range fld.Names {
				m[n.Name] = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						m[id.Name] = true
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						m[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				m[id.Name] = true
			}
		case *ast.TypeSpec:
			m[n.Name.Name] = true
		case *ast.FuncType:
			addFields(n.Params)
			addFields(n.Results)
		case *ast.LabeledStmt:
			m[n.Label.Name] = true
		}
		return true
	})
	return m
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprName(e.X) + "." + e.Sel.Name
	case *ast.ParenExpr:
		return "(" + exprName(e.X) + ")"
	case *ast.StarExpr:
		return "*" + exprName(e.X)
	case *ast.CallExpr:
		return exprName(e.Fun) + "(...)"
	case *ast.FuncLit:
		return "a function literal"
	}
	return fmt.Sprintf("a %T", e)
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// normCode is a snippet's code with whitespace runs collapsed, the key
// under which repeated snippets are recognised.
func normCode(code string) string {
	return strings.Join(strings.Fields(code), " ")
}
