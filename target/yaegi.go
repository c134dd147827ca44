package target

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"go/version"
	"sort"
	"strconv"
	"strings"

	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/generic"
)

// Problem is a construct that the yaegi interpreter (v0.16.1) runs
// differently from Go, or not at all.
type Problem struct {
	Pos  string // file:line:col, the file relative to the package directory
	What string
}

func (p Problem) String() string { return p.Pos + ": " + p.What }

// refusedImport reports whether importing path is refused: the probe
// executors run no code that reaches the network, other processes,
// unsafe memory or cgo.
func refusedImport(path string) bool {
	switch path {
	case "unsafe", "syscall", "os/exec", "net", "plugin", "C":
		return true
	}
	return strings.HasPrefix(path, "net/") || strings.HasPrefix(path, "syscall/")
}

// YaegiProblems lists, the package's own first, the constructs of the package and of its
// dependencies in the same module that yaegi v0.16.1 gets wrong: loop
// variables captured by a closure or whose address is taken (yaegi keeps
// pre-Go 1.22 semantics; reported only for files at Go 1.22 or later),
// the builtins min, max and clear, range over an integer or a function,
// generic declarations, standard-library packages and names newer than
// Go 1.22, imports the executors refuse (unsafe, syscall, os/exec,
// net, plugin, cgo), and reflection on interpreted types, which yaegi
// hands over without their name, methods or embedding: any use of
// reflect, encoding/json, encoding/xml, encoding/gob, encoding/asn1,
// text/template or html/template; a value of a type of an interpreted
// package passed as an any to another package (fmt's verbs and Sprint,
// errors.As, sync.Map; sort.Slice is fine); method expressions; type
// assertions and type-switch cases to interfaces with methods, and
// type switches that bind a case of an interpreted type. A function
// that has none can be interpreted. The executors' reflection corpus
// (testdata/reflectcorpus) pins which of these yaegi gets wrong.
func (p *Package) YaegiProblems() []Problem {
	c := &yaegiChecker{p: p, generic: yaegiGenericNames(), seen: map[string]bool{}}
	for i, sp := range p.srcPkgs {
		c.pkg = i
		for _, f := range sp.files {
			c.file(sp, f)
		}
	}
	sort.SliceStable(c.out, func(i, j int) bool { return c.out[i].less(c.out[j]) })
	out := make([]Problem, len(c.out))
	for i, pr := range c.out {
		out[i] = pr.Problem
	}
	return out
}

type yaegiChecker struct {
	p *Package
	// generic holds the names of the generic standard-library packages
	// that yaegi interprets from source, by import path.
	generic map[string]map[string]bool
	seen    map[string]bool
	out     []posProblem
	pkg     int // the index in p.srcPkgs of the package being checked
}

type posProblem struct {
	Problem
	pkg int
	pos token.Position
}

// less orders problems: the package's own first, then by position.
func (a posProblem) less(b posProblem) bool {
	if a.pkg != b.pkg {
		return a.pkg < b.pkg
	}
	if a.pos.Filename != b.pos.Filename {
		return a.pos.Filename < b.pos.Filename
	}
	if a.pos.Line != b.pos.Line {
		return a.pos.Line < b.pos.Line
	}
	return a.pos.Column < b.pos.Column
}

func (c *yaegiChecker) add(pos token.Pos, format string, args ...any) {
	what := fmt.Sprintf(format, args...)
	ps := c.p.Fset.Position(pos)
	pr := Problem{Pos: c.p.position(pos), What: what}
	if key := pr.String(); !c.seen[key] {
		c.seen[key] = true
		c.out = append(c.out, posProblem{pr, c.pkg, ps})
	}
}

func (c *yaegiChecker) file(sp srcPackage, f *ast.File) {
	goVersion := sp.info.FileVersions[f]
	if goVersion == "" && c.p.GoVersion != "" {
		goVersion = "go" + c.p.GoVersion
	}
	newLoops := goVersion != "" && version.Compare(goVersion, "go1.22") >= 0

	badImport := map[string]bool{}
	for _, im := range f.Imports {
		path, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		switch {
		case refusedImport(path):
			badImport[path] = true
			c.add(im.Pos(), "import %q (the executors refuse unsafe, syscall, os/exec, net, plugin and cgo)", path)
		case c.isStd(path) && stdlib.Symbols[path+"/"+c.pkgName(sp, im, path)] == nil && c.generic[path] == nil:
			badImport[path] = true
			c.add(im.Pos(), "import %q (not in yaegi v0.16.1's standard library, which stops at Go 1.22)", path)
		}
	}

	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Type.TypeParams != nil && n.Recv == nil {
				c.add(n.Name.Pos(), "generic function %s (yaegi v0.16.1's generics are incomplete)", n.Name.Name)
			}
		case *ast.TypeSpec:
			if n.TypeParams != nil {
				c.add(n.Name.Pos(), "generic type %s (yaegi v0.16.1's generics are incomplete)", n.Name.Name)
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if b, ok := sp.info.Uses[id].(*types.Builtin); ok {
					switch b.Name() {
					case "min", "max", "clear":
						c.add(id.Pos(), "builtin %s (yaegi v0.16.1 has no min/max/clear)", b.Name())
					}
				}
			}
			c.reflectedArgs(sp, n)
		case *ast.SelectorExpr:
			c.selector(sp, n, badImport)
			c.methodExpr(sp, n)
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				if t := sp.info.TypeOf(n.Type); t != nil && isMethodInterface(t) {
					c.add(n.Lparen, "type assertion to interface %s (yaegi v0.16.1 does not find the methods of interpreted types behind an interface)", c.typeString(t))
				}
			}
		case *ast.TypeSwitchStmt:
			c.typeSwitch(sp, n)
		case *ast.RangeStmt:
			if t := sp.info.TypeOf(n.X); t != nil {
				switch u := t.Underlying().(type) {
				case *types.Basic:
					if u.Info()&types.IsInteger != 0 {
						c.add(n.For, "range over an integer (yaegi v0.16.1 cannot)")
					}
				case *types.Signature:
					c.add(n.For, "range over a function (yaegi v0.16.1 cannot)")
				}
			}
			if newLoops && n.Tok == token.DEFINE {
				c.loopVars(sp, n.Body, n.Key, n.Value)
			}
		case *ast.SwitchStmt:
			if n.Init != nil && n.Tag != nil {
				c.add(n.Switch, "switch with both an init statement and a tag (yaegi v0.16.1 always takes the default case)")
			}
		case *ast.ForStmt:
			if as, ok := n.Init.(*ast.AssignStmt); ok && newLoops && as.Tok == token.DEFINE {
				c.loopVars(sp, n.Body, as.Lhs...)
			}
		}
		return true
	})
}

// pkgName is the name of the package an import brings in.
func (c *yaegiChecker) pkgName(sp srcPackage, im *ast.ImportSpec, path string) string {
	if ip, ok := c.p.Imports[path]; ok {
		return ip.Name()
	}
	if obj := sp.info.PkgNameOf(im); obj != nil {
		return obj.Imported().Name()
	}
	return guessName(path)
}

// isStd reports whether path is a standard-library package.
func (c *yaegiChecker) isStd(path string) bool {
	for _, d := range c.p.Deps {
		if d.ImportPath == path {
			return false
		}
	}
	for _, sp := range c.p.srcPkgs {
		if sp.path == path {
			return false
		}
	}
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// selector reports references to standard-library names that yaegi's
// standard library lacks.
func (c *yaegiChecker) selector(sp srcPackage, sel *ast.SelectorExpr, badImport map[string]bool) {
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return
	}
	pn, ok := sp.info.Uses[id].(*types.PkgName)
	if !ok {
		return
	}
	path := pn.Imported().Path()
	if badImport[path] || !c.isStd(path) {
		return
	}
	if reflectionPkg(path) {
		c.add(sel.Sel.Pos(), "%s.%s (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding, so %s sees them wrong)", pn.Imported().Name(), sel.Sel.Name, path)
	}
	syms := stdlib.Symbols[path+"/"+pn.Imported().Name()]
	if syms == nil && c.generic[path] == nil {
		return // reported at the import
	}
	name := sel.Sel.Name
	if _, ok := syms[name]; ok || yaegiGenericWorks(path, name) {
		return
	}
	if c.generic[path][name] {
		if _, isFunc := sp.info.Uses[sel.Sel].(*types.Func); isFunc {
			c.add(sel.Sel.Pos(), "%s.%s (yaegi v0.16.1 fails to instantiate this generic function)", pn.Imported().Name(), name)
		}
		return
	}
	if c.generic[path] != nil {
		c.add(sel.Sel.Pos(), "%s.%s (not in yaegi v0.16.1's standard library)", pn.Imported().Name(), name)
		return
	}
	c.add(sel.Sel.Pos(), "%s.%s (not in yaegi v0.16.1's standard library, which stops at Go 1.22)", pn.Imported().Name(), name)
}

// yaegiGenericWorks reports whether yaegi v0.16.1 runs the generic
// standard-library function path.name, which it interprets from a copy
// of its Go 1.22 source. Most of them fail ("undefined type for E");
// these few were found to work (TestYaegiGenericFuncs keeps the list
// honest).
func yaegiGenericWorks(path, name string) bool {
	switch path + "." + name {
	case "cmp.Compare", "cmp.Less",
		"maps.DeleteFunc",
		"slices.CompareFunc", "slices.Contains", "slices.ContainsFunc", "slices.EqualFunc", "slices.Index", "slices.IndexFunc":
		return true
	}
	return false
}

// loopVars reports the loop variables declared by idents that body
// captures in a closure or takes the address of.
func (c *yaegiChecker) loopVars(sp srcPackage, body *ast.BlockStmt, idents ...ast.Expr) {
	vars := map[types.Object]bool{}
	for _, e := range idents {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			if obj := sp.info.Defs[id]; obj != nil {
				vars[obj] = true
			}
		}
	}
	if len(vars) == 0 || body == nil {
		return
	}
	const why = "yaegi v0.16.1 shares one variable across iterations, Go 1.22 makes one per iteration"
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			reported := map[types.Object]bool{}
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if obj := sp.info.Uses[id]; vars[obj] && !reported[obj] {
						reported[obj] = true
						c.add(id.Pos(), "loop variable %s captured by a closure (%s)", id.Name, why)
					}
				}
				return true
			})
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id := rootIdent(sp.info, n.X); id != nil && vars[sp.info.Uses[id]] {
					c.add(n.Pos(), "address of loop variable %s taken (%s)", id.Name, why)
				}
			}
		}
		return true
	})
}

// rootIdent returns the variable whose storage x is part of (v in v,
// v.f of a struct, v[i] of an array, (v)), or nil.
func rootIdent(info *types.Info, x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.ParenExpr:
			x = e.X
		case *ast.SelectorExpr:
			if _, ok := info.Selections[e]; !ok {
				return nil // a qualified identifier
			}
			if t := info.TypeOf(e.X); t == nil || isPointer(t) {
				return nil
			}
			x = e.X
		case *ast.IndexExpr:
			if t := info.TypeOf(e.X); t == nil {
				return nil
			} else if _, ok := t.Underlying().(*types.Array); !ok {
				return nil
			}
			x = e.X
		case *ast.Ident:
			return e
		default:
			return nil
		}
	}
}

// yaegiGenericNames returns the names that yaegi v0.16.1 provides for
// the generic standard-library packages it interprets from source
// (cmp, maps, slices), by import path.
func yaegiGenericNames() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	for _, src := range generic.Sources {
		f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		names := out[f.Name.Name]
		if names == nil {
			names = map[string]bool{}
			out[f.Name.Name] = names
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return out
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// reflectionPkg reports whether the standard-library package path works
// on its arguments through reflect: yaegi v0.16.1 hands it interpreted
// values as unnamed types without their methods, struct embedding or
// package path (reflect.TypeOf(Point{}).Name() is "", json.Marshal
// nests an embedded struct, xml refuses the value, text/template finds
// no promoted field).
func reflectionPkg(path string) bool {
	switch path {
	case "reflect", "encoding/json", "encoding/xml", "encoding/gob", "encoding/asn1",
		"text/template", "html/template":
		return true
	}
	return false
}

// reflectedArgs reports the arguments of a call of a function outside the
// interpreted packages (fmt.Sprintf, errors.As, sync.Map.Store) that pass
// a value of an interpreted type to a parameter of type any: such a
// function looks at the value through reflect, where yaegi v0.16.1's
// interpreted types have no name, methods or embedding (%T and %#v name
// struct { X int } instead of pkg.Point, a Stringer in a slice is not
// called, %d of a named int with methods prints its wrapper, %w of a
// pointer error fails, errors.As panics).
func (c *yaegiChecker) reflectedArgs(sp srcPackage, call *ast.CallExpr) {
	callee := calleeFunc(sp.info, call.Fun)
	if callee == nil || callee.Pkg() == nil || c.interpretedPkg(callee.Pkg().Path()) || reflectionPkg(callee.Pkg().Path()) {
		return // reflect, json and the like are reported where they are named
	}
	switch callee.FullName() {
	case "sort.Slice", "sort.SliceStable", "sort.SliceIsSorted":
		return // they only swap and index, which yaegi's reflect values do right
	}
	sig, ok := callee.Type().(*types.Signature)
	if !ok {
		return
	}
	params := sig.Params()
	for i, arg := range call.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			if call.Ellipsis.IsValid() {
				continue
			}
			pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			continue
		}
		if !isEmptyInterface(pt) {
			continue
		}
		if t := sp.info.TypeOf(arg); t != nil && c.interpretedType(t, map[types.Type]bool{}) {
			c.add(arg.Pos(), "%s value passed to %s.%s (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding)", c.typeString(t), callee.Pkg().Name(), calleeName(callee))
		}
	}
}

// methodExpr reports method expressions (T.M, (*T).M) of interpreted
// types: yaegi v0.16.1 panics calling them.
func (c *yaegiChecker) methodExpr(sp srcPackage, sel *ast.SelectorExpr) {
	s, ok := sp.info.Selections[sel]
	if !ok || s.Kind() != types.MethodExpr || !c.interpretedType(s.Recv(), map[types.Type]bool{}) {
		return
	}
	c.add(sel.Sel.Pos(), "method expression %s.%s (yaegi v0.16.1 panics calling it)", c.typeString(s.Recv()), sel.Sel.Name)
}

// typeSwitch reports a type switch with a case of an interface type that
// has methods, or, when it binds the value (switch x := v.(type)), of an
// interpreted type: yaegi v0.16.1 misses the match.
func (c *yaegiChecker) typeSwitch(sp srcPackage, ts *ast.TypeSwitchStmt) {
	_, binds := ts.Assign.(*ast.AssignStmt)
	for _, st := range ts.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			t := sp.info.TypeOf(e)
			if t == nil {
				continue
			}
			switch {
			case isMethodInterface(t):
				c.add(e.Pos(), "type switch case %s (yaegi v0.16.1 does not find the methods of interpreted types behind an interface)", c.typeString(t))
				return
			case binds && c.interpretedType(t, map[types.Type]bool{}):
				c.add(e.Pos(), "type switch binding a case of interpreted type %s (yaegi v0.16.1 misses the match)", c.typeString(t))
				return
			}
		}
	}
}

// interpretedPkg reports whether yaegi interprets the package at path
// from source: any package but the standard library's.
func (c *yaegiChecker) interpretedPkg(path string) bool {
	return !c.isStd(path)
}

// interpretedType reports whether t is, or is built from (pointer,
// slice, array, map, channel, struct field, type argument), a named type
// that yaegi interprets.
func (c *yaegiChecker) interpretedType(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		return c.interpretedType(types.Unalias(t), seen)
	case *types.Named:
		if obj := t.Obj(); obj.Pkg() != nil && c.interpretedPkg(obj.Pkg().Path()) {
			return true
		}
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if c.interpretedType(t.TypeArgs().At(i), seen) {
				return true
			}
		}
	case *types.Pointer:
		return c.interpretedType(t.Elem(), seen)
	case *types.Slice:
		return c.interpretedType(t.Elem(), seen)
	case *types.Array:
		return c.interpretedType(t.Elem(), seen)
	case *types.Chan:
		return c.interpretedType(t.Elem(), seen)
	case *types.Map:
		return c.interpretedType(t.Key(), seen) || c.interpretedType(t.Elem(), seen)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if c.interpretedType(t.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// typeString writes t with the names of the package under test
// unqualified.
func (c *yaegiChecker) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if c.p.Types != nil && p.Path() == c.p.Types.Path() {
			return ""
		}
		return p.Name()
	})
}

// calleeFunc returns the function or method a call expression calls, or
// nil for builtins, conversions and calls of function values.
func calleeFunc(info *types.Info, fun ast.Expr) *types.Func {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		fn, _ := info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := info.Uses[f.Sel].(*types.Func)
		return fn
	case *ast.IndexExpr:
		return calleeFunc(info, f.X)
	case *ast.IndexListExpr:
		return calleeFunc(info, f.X)
	}
	return nil
}

// calleeName is fn's name, with its receiver's type for a method
// (Map.Store).
func calleeName(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

func isEmptyInterface(t types.Type) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0 && it.IsMethodSet()
}

// isMethodInterface reports whether t is an interface type with methods.
func isMethodInterface(t types.Type) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() > 0
}
