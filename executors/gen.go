package executors

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// refusedImports are packages a probe may not import, nor any package
// under them: they reach outside the process (os/exec, net, plugin) or
// around the type system (unsafe, syscall).
var refusedImports = []string{"os/exec", "net", "unsafe", "syscall", "plugin"}

// pureImports are packages under a refused one that only compute: URLs,
// addresses and mail headers parsed and written (url.Values is a
// parameter type of many packages).
var pureImports = []string{"net/url", "net/netip", "net/mail"}

// handlerImports are packages under a refused one that a probe of a
// package importing net/http may import: the package's handlers take
// an *http.Request and an http.ResponseWriter, which probes build with
// httptest.NewRequest and httptest.NewRecorder. Such a package reaches
// the network itself when it does; the sandbox, not the import list,
// is what stops it.
var handlerImports = []string{"net/http", "net/http/httptest"}

// networkNames are the names of handlerImports that reach the network:
// clients that dial, servers that listen.
var networkNames = map[string][]string{
	"net/http": {"Get", "Head", "Post", "PostForm", "DefaultClient", "DefaultTransport", "Client", "Transport",
		"ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS", "Server"},
	"net/http/httptest": {"NewServer", "NewTLSServer", "NewUnstartedServer", "Server"},
}

// NetworkName reports whether path.name, of a package a probe may
// import (see handlerImports), reaches the network: a probe naming it is
// refused, whatever the sandbox would allow.
func NetworkName(path, name string) bool {
	return slices.Contains(networkNames[path], name)
}

// RefusedImportBy reports whether a probe of pkg (which may be nil) may
// not import path: a refused package (see RefusedImport) but one of
// handlerImports when pkg imports net/http.
func RefusedImportBy(path string, pkg *types.Package) bool {
	if slices.Contains(handlerImports, path) && target.ImportsHTTP(pkg) {
		return false
	}
	return RefusedImport(path)
}

// RefusedImport reports whether a probe may not import path (see
// refusedImports and pureImports).
func RefusedImport(path string) bool {
	for _, p := range pureImports {
		if path == p {
			return false
		}
	}
	for _, r := range refusedImports {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// importSet is the imports of one generated file: path → local name.
type importSet struct {
	byPath map[string]string
	byName map[string]string
}

func newImportSet() *importSet {
	return &importSet{byPath: map[string]string{}, byName: map[string]string{}}
}

// add records path under name, or under a fresh name when name is taken
// by another path; it returns the name to use.
func (s *importSet) add(path, name string) string {
	if n, ok := s.byPath[path]; ok && (name == "" || n == name) {
		return n
	}
	if name == "" {
		name = importName(path)
	}
	base, i := name, 1
	for {
		if p, ok := s.byName[name]; !ok || p == path {
			break
		}
		i++
		name = base + strconv.Itoa(i)
	}
	s.byName[name] = path
	if _, ok := s.byPath[path]; !ok {
		s.byPath[path] = name
	}
	return name
}

// importName is the local name an import of path gets when none is
// given: its last element, '-' and '.' as '_'.
func importName(path string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, path[strings.LastIndex(path, "/")+1:])
}

func (s *importSet) write(b *bytes.Buffer) {
	if len(s.byName) == 0 {
		return
	}
	names := make([]string, 0, len(s.byName))
	for n := range s.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	b.WriteString("import (\n")
	for _, n := range names {
		fmt.Fprintf(b, "\t%s %q\n", n, s.byName[n])
	}
	b.WriteString(")\n\n")
}

// typeString renders t as written inside the package under test,
// recording the imports it needs.
func typeString(t types.Type, self *types.Package, imp *importSet) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == self || p.Path() == self.Path() {
			return ""
		}
		return imp.add(p.Path(), p.Name())
	})
}

// probeFile is one generated file holding probes that share imports.
type probeFile struct {
	name   string
	src    []byte
	probes []int // indices into Program.Probes, in the order written
	// lines maps each probe to the first and last line of its function.
	lines map[int][2]int
	// decls are the declarations of the probes' Decls file, the one
	// file that holds them: a declaration that does not compile is
	// blamed on the probes that use it.
	decls []declLines
}

// declLines is one declaration of the Decls file: its first and last
// line, and the probes that use it.
type declLines struct {
	first, last int
	users       []int
}

// generator writes the Go source of a program's probes.
type generator struct {
	prog    *Program
	pkgName string
	self    *types.Package
	// has reports whether a standard-library symbol can be used (yaegi's
	// standard library is frozen at Go 1.22); nil means all can.
	has func(path, name string) bool
	// wire is each probe's request id, set by genProbes: the name of
	// its function, and for a templated probe its literals.
	wire []string
	// split, when set, has genProbes write arguments as argument
	// functions (see splitArgs); args is then each probe's argument
	// functions, by name.
	split bool
	args  [][]string
	// served are the ServeHTTP observer keys of functions returning a
	// handler (see serveObservers).
	served map[*target.Func][]string
	// typed is what the type-check of the probes written with their
	// arguments in place tells of them, by probe (see splitArgs).
	typed map[int]*probeTypes
}

func (g *generator) usable(importPath, pkgPath, expr string) bool {
	if g.has == nil || importPath == pkgPath {
		return true
	}
	name := expr[strings.LastIndex(expr, ".")+1:]
	return g.has(importPath, name)
}

// probeFunc is the Go name of the i-th probe's function.
func probeFunc(i int) string { return "specgenProbe" + strconv.Itoa(i) }

// genProbes writes the probes listed in idx into files grouped by their
// import sets; suffix is "_test.go" (native) or ".go" (yaegi). Each
// probe is a function named by its body, written once however many
// probes share it; a probe with literal arguments is written as a
// function that reads them from its request (see templated), shared by
// all probes of the same shape; with g.split, an argument that is code
// is a function of its own too (see splitArgs). The files list their functions by name and the groups by
// their imports, so that the same probes give the same source whatever
// their order. It sets g.wire, each probe's request id.
func (g *generator) genProbes(idx []int, suffix string) ([]*probeFile, error) {
	groups := map[string]*probeFile{}
	bodies := map[string]string{}   // function name → body
	users := map[string][]int{}     // function name → probes
	imps := map[string]*importSet{} // group key → imports
	funcs := map[string][]string{}  // group key → function names
	// add writes the function name once, in the file of its imports.
	add := func(name, body string, imp *importSet) {
		key := imp.key()
		if _, ok := groups[key]; !ok {
			groups[key] = &probeFile{lines: map[int][2]int{}}
			imps[key] = imp
		}
		if _, ok := bodies[name]; !ok {
			bodies[name] = body
			funcs[key] = append(funcs[key], name)
		}
	}
	g.wire = make([]string, len(g.prog.Probes))
	g.args = make([][]string, len(g.prog.Probes))
	dl := newDeclList()
	for _, i := range idx {
		imp := newImportSet()
		p := g.prog.Probes[i]
		if err := dl.add(i, p); err != nil {
			return nil, fmt.Errorf("probe %s: %w", p.ID, err)
		}
		// Every function is named by its body: probes of the same code
		// share one, and a program whose functions are those of another
		// is the same source whatever the probes' order (see
		// Program.Also).
		const placeholder = "specgenShape"
		pf := g.probeFuncOf(p)
		tp, lits, ok := templated(p, pf.Params, pf.Recv, g.self)
		if !ok {
			tp, lits = p, nil
		}
		var afs []argFunc
		if g.split {
			tp, lits, afs = g.splitArgs(tp, lits, g.typed[i])
		}
		if len(tp.Imports) > 0 {
			tp.Imports = usedImports(tp)
		}
		body, err := g.probeBodyOf(placeholder, tp, imp)
		if err != nil {
			return nil, fmt.Errorf("probe %s: %w", p.ID, err)
		}
		name := shapeName(body)
		body = strings.Replace(body, "func "+placeholder+"(", "func "+name+"(", 1)
		g.wire[i] = wireID(name, lits)
		add(name, body, imp)
		users[name] = append(users[name], i)
		for _, af := range afs {
			add(af.name, af.body, af.imp)
			g.args[i] = append(g.args[i], af.name)
		}
	}
	order := make([]string, 0, len(groups))
	for key := range groups {
		order = append(order, key)
	}
	sort.Strings(order)
	var files []*probeFile
	for n, key := range order {
		pf := groups[key]
		pf.name = fmt.Sprintf("specgen_probes_%d%s", n, suffix)
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Code generated by specgen. DO NOT EDIT.\n\npackage %s\n\n", g.pkgName)
		imps[key].write(&b)
		// A running count of the lines written: counting over the whole
		// buffer for each probe would make generation quadratic.
		line := bytes.Count(b.Bytes(), []byte("\n"))
		names := funcs[key]
		sort.Strings(names)
		for _, name := range names {
			body := bodies[name]
			end := line + strings.Count(body, "\n")
			for _, i := range users[name] {
				pf.lines[i] = [2]int{line + 1, end}
				pf.probes = append(pf.probes, i)
			}
			b.WriteString(body)
			b.WriteString("\n")
			line = end + 1
		}
		pf.src = b.Bytes()
		files = append(files, pf)
	}
	if pf := dl.file(g.pkgName, suffix); pf != nil {
		files = append(files, pf)
	}
	return files, nil
}

// declList gathers the declarations of a program's probes (Probe.Decls)
// into one file of their own: a type declared in each file of the
// probes that use it would be declared twice in the package.
type declList struct {
	src   map[string]string // name → source
	users map[string][]int  // name → probes
	imp   *importSet
}

func newDeclList() *declList {
	return &declList{src: map[string]string{}, users: map[string][]int{}, imp: newImportSet()}
}

// add records the declarations of probe i, p, with the imports of p's
// that they name.
func (dl *declList) add(i int, p Probe) error {
	for _, d := range p.Decls {
		if src, ok := dl.src[d.Name]; ok && src != d.Src {
			return fmt.Errorf("declaration of %s differs from another probe's", d.Name)
		}
		dl.src[d.Name] = d.Src
		dl.users[d.Name] = append(dl.users[d.Name], i)
		if err := addDeclImports(dl.imp, d, p.Imports); err != nil {
			return err
		}
	}
	return nil
}

// addDeclImports adds to imp those of imports (path → name) that the
// declaration d names.
func addDeclImports(imp *importSet, d target.Decl, imports map[string]string) error {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+d.Src, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("declaration of %s: %w", d.Name, err)
	}
	names := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
		return true
	})
	for path, name := range imports {
		if !names[name] {
			continue
		}
		if got := imp.add(path, name); got != name {
			return fmt.Errorf("declaration of %s: import %q as %s: name already used for %s", d.Name, path, name, imp.byName[name])
		}
	}
	return nil
}

// file writes the declarations, by name, as the file
// specgen_decls+suffix; nil when there are none.
func (dl *declList) file(pkgName, suffix string) *probeFile {
	if len(dl.src) == 0 {
		return nil
	}
	pf := &probeFile{name: "specgen_decls" + suffix, lines: map[int][2]int{}}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by specgen. DO NOT EDIT.\n\npackage %s\n\n", pkgName)
	dl.imp.write(&b)
	line := bytes.Count(b.Bytes(), []byte("\n"))
	names := make([]string, 0, len(dl.src))
	for name := range dl.src {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		src := strings.TrimRight(dl.src[name], "\n") + "\n"
		end := line + strings.Count(src, "\n")
		pf.decls = append(pf.decls, declLines{first: line + 1, last: end, users: dl.users[name]})
		b.WriteString(src)
		b.WriteString("\n")
		line = end + 1
	}
	pf.src = b.Bytes()
	return pf
}

// probeBody writes the function of probe i.
func (g *generator) probeBody(i int, imp *importSet) (string, error) {
	return g.probeBodyOf(probeFunc(i), g.prog.Probes[i], imp)
}

// probeFuncOf is the function probe p calls.
func (g *generator) probeFuncOf(p Probe) *target.Func {
	if p.Func != nil {
		return p.Func
	}
	return g.prog.Func
}

// probeBodyOf writes probe p as the function name.
func (g *generator) probeBodyOf(name string, p Probe, imp *importSet) (string, error) {
	f := g.probeFuncOf(p)
	if f.Generic() {
		return "", fmt.Errorf("generic function %s needs type arguments", f.Name)
	}
	for path, name := range p.Imports {
		if got := imp.add(path, name); got != name {
			return "", fmt.Errorf("import %q as %s: name already used for %s", path, name, imp.byName[name])
		}
	}
	if len(p.Args) != len(f.Params) {
		return "", fmt.Errorf("%d arguments for %d parameters", len(p.Args), len(f.Params))
	}
	if (f.Recv != nil) != (p.Recv != "") {
		if f.Recv != nil {
			return "", fmt.Errorf("method %s needs a receiver", f.Name)
		}
		return "", fmt.Errorf("function %s takes no receiver", f.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(specgenR func(string, string, interface{})) {\n", name)
	if err := g.writeGlobals(&b, p.Globals, imp); err != nil {
		return "", err
	}
	if s := strings.TrimSpace(p.Setup); s != "" {
		b.WriteString(s)
		b.WriteString("\n")
	}
	args := make([]string, len(f.Params))
	// An argument that names the receiver (l.Front() for l's Remove(e))
	// is built after it, from it; the others before it, as always.
	rn := ReceiverName(f)
	if usesName(p.Setup, rn) {
		rn = "" // the setup's own variable
	}
	after, observe, err := argsAfter(p, f, g.prog.ObserveReceiver)
	if err != nil {
		return "", err
	}
	var late []int
	arg := func(j int) {
		prm := f.Params[j]
		v := "specgenA" + strconv.Itoa(j)
		typ := typeString(prm.Type, g.self, imp)
		a := p.Args[j]
		if lit, ok := litArg(a, typ); ok {
			a = lit
		} else if read, ok := argRead(a, typ); ok {
			a = read
		}
		fmt.Fprintf(&b, "var %s %s = %s\n", v, typ, a)
		fmt.Fprintf(&b, "specgenR(\"in\", %q, %s)\n", prm.Name, v)
		if sig, ok := prm.Type.Underlying().(*types.Signature); ok && slices.Contains(after, j) {
			writeCallLog(&b, v, sig, g.self, imp)
		}
		args[j] = v
		if prm.Variadic {
			args[j] += "..."
		}
	}
	for j := range f.Params {
		if rn != "" && usesName(p.Args[j], rn) {
			late = append(late, j)
			continue
		}
		arg(j)
	}
	callee := f.Obj.Name()
	// An instantiated generic function is called with its type
	// arguments; a method of an instantiated type takes none: its
	// receiver's type carries them.
	if len(f.TypeArgs) > 0 && f.Recv == nil {
		targs := make([]string, len(f.TypeArgs))
		for j, t := range f.TypeArgs {
			targs[j] = typeString(t, g.self, imp)
		}
		callee += "[" + strings.Join(targs, ", ") + "]"
	}
	if f.Recv != nil {
		fmt.Fprintf(&b, "specgenRecv := %s\n", p.Recv)
		b.WriteString("specgenR(\"in\", \"receiver\", specgenRecv)\n")
		if len(late) > 0 {
			fmt.Fprintf(&b, "%s := specgenRecv\n_ = %s\n", rn, rn)
			for _, j := range late {
				arg(j)
			}
		}
		callee = "specgenRecv." + callee
	}
	nout := len(f.Results)
	if f.ErrorLast {
		nout--
	}
	var lhs []string
	for j := 0; j < nout; j++ {
		lhs = append(lhs, "specgenO"+strconv.Itoa(j))
	}
	if f.ErrorLast {
		lhs = append(lhs, "specgenE")
	}
	call := callee + "(" + strings.Join(args, ", ") + ")"
	if err := recordArgsBefore(&b, f, observe); err != nil {
		return "", err
	}
	b.WriteString("specgenR(\"call\", \"\", nil)\n")
	if p.Panicking != "" {
		// Deferred itself, not from a function literal: recover
		// stops a panic only when the deferred function calls it.
		if len(f.Results) > 0 {
			return "", fmt.Errorf("%s returns results, which a deferred call drops: it cannot be called panicking", f.Name)
		}
		fmt.Fprintf(&b, "func() {\ndefer %s\npanic(%s)\n}()\n", call, p.Panicking)
	} else if len(lhs) > 0 {
		fmt.Fprintf(&b, "%s := %s\n", strings.Join(lhs, ", "), call)
	} else {
		b.WriteString(call + "\n")
	}
	for j := 0; j < nout; j++ {
		if err := g.recordOutput(&b, f, p, j, imp); err != nil {
			return "", err
		}
	}
	if f.ErrorLast {
		b.WriteString("specgenErr(specgenR, specgenE)\n")
	}
	// The arguments after what the results did to them (a decorator
	// the call returned, run, counts into a pointer it was given), and
	// before the receiver's observers, which may call a callback the
	// call kept (a route's handler, run when the router is served).
	if err := recordArgsAfter(&b, f, after, observe, g.self, imp); err != nil {
		return "", err
	}
	if err := g.recordAfter(&b, p, f, imp); err != nil {
		return "", err
	}
	if len(p.Asserts) > 0 {
		b.WriteString("{\n")
		var names []string
		for j, prm := range f.Params {
			if prm.Name == "_" || prm.Name == "" {
				continue
			}
			fmt.Fprintf(&b, "%s := specgenA%d\n", prm.Name, j)
			names = append(names, prm.Name)
		}
		if rn := recvName(f); rn != "" {
			fmt.Fprintf(&b, "%s := specgenRecv\n", rn)
			names = append(names, rn)
		}
		for j := 0; j < nout; j++ {
			name := "output"
			if nout > 1 {
				name = "output" + strconv.Itoa(j)
			}
			fmt.Fprintf(&b, "%s := specgenO%d\n", name, j)
			names = append(names, name)
		}
		if f.ErrorLast {
			b.WriteString("err := specgenE\n")
			names = append(names, "err")
		}
		for _, n := range names {
			fmt.Fprintf(&b, "_ = %s\n", n)
		}
		for j, a := range p.Asserts {
			fmt.Fprintf(&b, "specgenR(\"assert\", \"%d\", bool(%s))\n", j, a)
		}
		b.WriteString("}\n")
	}
	b.WriteString("}\n")
	return b.String(), nil
}

// writeGlobals writes the code that sets the package-level variables
// gs before the rest of a probe runs, records them as set, and sets
// them back when the probe's function returns or panics.
func (g *generator) writeGlobals(b *strings.Builder, gs []Global, imp *importSet) error {
	for k, gl := range gs {
		t, err := GlobalType(g.self, gl.Name)
		if err != nil {
			return err
		}
		typ := typeString(t, g.self, imp)
		e := gl.Expr
		if lit, ok := litArg(e, typ); ok {
			e = lit
		}
		old := "specgenG" + strconv.Itoa(k)
		fmt.Fprintf(b, "%s := %s\n", old, gl.Name)
		fmt.Fprintf(b, "defer func() { %s = %s }()\n", gl.Name, old)
		fmt.Fprintf(b, "%s = %s\n", gl.Name, e)
		fmt.Fprintf(b, "specgenR(\"global\", %q, %s)\n", gl.Name, gl.Name)
	}
	return nil
}

// GlobalType is the type of the package-level variable name of package
// pkg, or an error naming what name is instead.
func GlobalType(pkg *types.Package, name string) (types.Type, error) {
	if pkg == nil {
		return nil, fmt.Errorf("global %s: the package has no type information", name)
	}
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		return nil, fmt.Errorf("global %s: no package-level variable of that name in %s", name, pkg.Path())
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return nil, fmt.Errorf("global %s: not a variable of %s", name, pkg.Path())
	}
	return v.Type(), nil
}

// recordOutput writes the code that records the j-th non-error result
// of f, the function probe p calls: its canonical tree, or the values of
// its observers (Probe.Observe). With Program.ObserveOpaque, a function
// result is observed by calling it (target.CallObservers), with the
// call's own arguments among others, and a handler or a middleware by
// serving it requests (target.ServeObservers).
func (g *generator) recordOutput(b *strings.Builder, f *target.Func, p Probe, j int, imp *importSet) error {
	t := f.Results[j]
	v := "specgenO" + strconv.Itoa(j)
	var keys []string
	if j < len(p.Observe) {
		keys = p.Observe[j]
	}
	args := target.ParamArgs(f, func(j int) string { return "specgenA" + strconv.Itoa(j) })
	if keys == nil && g.prog.ObserveOpaque && target.Serves(t) {
		keys = g.serveObservers(f)
	}
	if keys == nil && g.prog.ObserveOpaque {
		if keys = target.Observers(t, f.Pkg); keys != nil {
			keys = append(keys, target.StepObservers(t)...)
		}
	}
	if keys == nil {
		if yield, ok := iterYield(t); ok {
			g.recordSeq(b, j, v, yield, imp)
			return nil
		}
		if g.prog.ObserveOpaque {
			keys = target.CallObservers(t, f.Pkg, args)
		}
	}
	if keys == nil {
		fmt.Fprintf(b, "specgenR(\"out\", \"%d\", %s)\n", j, v)
		return nil
	}
	if err := serveImports(t, keys, imp); err != nil {
		return fmt.Errorf("result %d: %w", j, err)
	}
	closing := ""
	if _, ok := types.Unalias(t).(*types.Pointer); ok || target.Called(t) || types.IsInterface(t) {
		fmt.Fprintf(b, "if %s == nil {\nspecgenR(\"out\", \"%d\", nil)\n} else {\n", v, j)
		closing = "}\n"
	}
	fmt.Fprintf(b, "specgenR(\"outobs\", \"%d\", nil)\n", j)
	if len(keys) == 0 {
		fmt.Fprintf(b, "_ = %s\n", v) // nothing to observe: the result is still used
	}
	if err := writeObservers(b, t, keys, v, args); err != nil {
		return fmt.Errorf("result %d: %w", j, err)
	}
	b.WriteString(closing)
	return nil
}

// serveImports imports what the ServeHTTP(request) keys among keys of a
// value of type t need, and the calls of a function given a request
// (target.CallRequest): the recorder a handler is served to, the
// packages its requests name, as target.Requests writes them, and
// net/http for the handler a middleware wraps (target.NextHandler).
func serveImports(t types.Type, keys []string, imp *importSet) error {
	if !slices.ContainsFunc(keys, func(k string) bool {
		return strings.HasPrefix(k, "ServeHTTP(") || strings.Contains(k, target.CallRequest)
	}) {
		return nil
	}
	all := strings.Join(keys, "\n")
	if target.Middleware(t) {
		all += "\n" + target.NextHandler
	}
	for _, path := range []string{"net/http", "net/http/httptest", "strings", "context"} {
		name := importName(path)
		if name != "httptest" && !strings.Contains(all, name+".") {
			continue
		}
		if got := imp.add(path, name); got != name {
			return fmt.Errorf("serve requests: package %s is imported as %s", path, got)
		}
	}
	return nil
}

// maxSeq bounds the values recorded of an iterator result.
const maxSeq = 100

// iterYield returns the yield function type of an iterator: t is a
// func(yield func(V) bool) or func(yield func(K, V) bool), as iter.Seq
// and iter.Seq2 are.
func iterYield(t types.Type) (*types.Signature, bool) {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 || sig.Variadic() {
		return nil, false
	}
	yield, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || yield.Params().Len() < 1 || yield.Params().Len() > 2 || yield.Results().Len() != 1 || yield.Variadic() ||
		!types.Identical(yield.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil, false
	}
	return yield, true
}

// recordSeq writes the code that records an iterator result as the list
// of what it yields (pairs for two values), at most maxSeq of them: it
// is called, not ranged over, so that the interpreter runs it too; then
// it is called again and stopped after one item, which runs the code
// that stops it (if !yield(v) { return }) and makes one that does not
// stop panic. A nil iterator is recorded as nil.
func (g *generator) recordSeq(b *strings.Builder, j int, v string, yield *types.Signature, imp *importSet) {
	var params, item []string
	for i := 0; i < yield.Params().Len(); i++ {
		name := "specgenY" + strconv.Itoa(i)
		params = append(params, name+" "+typeString(yield.Params().At(i).Type(), g.self, imp))
		item = append(item, name)
	}
	elem := item[0]
	if len(item) == 2 {
		elem = "[]interface{}{" + strings.Join(item, ", ") + "}"
	}
	fmt.Fprintf(b, "if %s == nil {\nspecgenR(\"out\", \"%d\", nil)\n} else {\n", v, j)
	fmt.Fprintf(b, "specgenSeq := []interface{}{}\n")
	// The item goes through a variable of the interface type: yaegi
	// would spread a []interface{} appended to a []interface{}.
	fmt.Fprintf(b, "%s(func(%s) bool {\nvar specgenItem interface{} = %s\nspecgenSeq = append(specgenSeq, specgenItem)\nreturn len(specgenSeq) < %d\n})\n", v, strings.Join(params, ", "), elem, maxSeq)
	fmt.Fprintf(b, "specgenR(\"out\", \"%d\", specgenSeq)\n", j)
	// Then once more, stopped at the first item: an iterator must return
	// when yield does (range over it panics otherwise), so one that
	// yields again panics here. A panic of the iterator's own in this
	// second run (one that runs once: over a reader, say) is not its
	// business, and is swallowed.
	fmt.Fprintf(b, "specgenStopped, specgenAgain := false, false\nfunc() {\ndefer func() {\nif r := recover(); r != nil && specgenAgain {\npanic(r)\n}\n}()\n")
	fmt.Fprintf(b, "%s(func(%s) bool {\nif specgenStopped {\nspecgenAgain = true\npanic(%q)\n}\nspecgenStopped = true\nreturn false\n})\n}()\n}\n", v, strings.Join(params, ", "), "iterator yields again after yield returned false")
}

// recordAfter writes the code that records the receiver after the call
// (Probe.After, Program.ObserveReceiver): its canonical tree, or the
// values of its observers, read through a pointer to it (specgenRecv
// may hold the receiver type or a pointer to it), null for a nil one.
// An observer may take the call's own arguments ("Get(k)", see
// target.KeyedObservers), read from the variables that held them.
func (g *generator) recordAfter(b *strings.Builder, p Probe, f *target.Func, imp *importSet) error {
	keys := p.AfterObserve
	switch {
	case p.After && f.Recv == nil:
		return fmt.Errorf("receiver after the call: %s is not a method", f.Name)
	case p.After:
	case g.prog.ObserveReceiver && f.MutatesReceiver():
		if keys == nil {
			keys = target.Observers(f.AfterType(), f.Pkg)
			if keys != nil {
				keys = append(keys, target.KeyedObservers(f.AfterType(), f)...)
				keys = append(keys, target.StepObservers(f.AfterType())...)
				keys = append(keys, target.ServeAfterObservers(f)...)
			}
			if keys != nil && len(keys) == 0 {
				return nil // opaque, and nothing to observe
			}
		}
	default:
		return nil
	}
	if keys == nil {
		b.WriteString("specgenR(\"after\", \"\", specgenRecv)\n")
		return nil
	}
	if err := serveImports(f.AfterType(), keys, imp); err != nil {
		return fmt.Errorf("receiver after the call: %w", err)
	}
	t := typeString(f.Recv, g.self, imp)
	fmt.Fprintf(b, "{\nvar specgenP *%s\nswitch specgenX := interface{}(specgenRecv).(type) {\ncase *%s:\nspecgenP = specgenX\ncase %s:\nspecgenP = &specgenX\n}\n", t, t, t)
	b.WriteString("if specgenP == nil {\nspecgenR(\"after\", \"\", nil)\n} else {\nspecgenR(\"afterobs\", \"\", nil)\n")
	args := target.ParamArgs(f, func(j int) string { return "specgenA" + strconv.Itoa(j) })
	if err := writeObservers(b, f.AfterType(), keys, "specgenP", args); err != nil {
		return fmt.Errorf("receiver after the call: %w", err)
	}
	b.WriteString("}\n}\n")
	return nil
}

// argsAfter are the parameters whose arguments are recorded after the
// call (Probe.ArgsAfter, or when observing those of
// target.Func.ChangeableParams, target.Func.CallbackParams and
// target.Func.ObservedParams), by index, and the observers of those
// recorded through them (Probe.ArgsObserve, or for an observed
// parameter the ones target.Observers picks).
func argsAfter(p Probe, f *target.Func, observing bool) ([]int, map[int][]string, error) {
	var idx []int
	observe := map[int][]string{}
	switch {
	case len(p.ArgsAfter) > 0:
		want := map[string]bool{}
		for _, n := range p.ArgsAfter {
			want[n] = true
		}
		for j, prm := range f.Params {
			if want[prm.Name] {
				idx = append(idx, j)
				delete(want, prm.Name)
				if keys, ok := p.ArgsObserve[prm.Name]; ok {
					observe[j] = keys
				}
			}
		}
		for _, n := range p.ArgsAfter {
			if want[n] {
				return nil, nil, fmt.Errorf("argument after the call: %s has no parameter %s", f.Name, n)
			}
		}
	case observing:
		idx = slices.Concat(f.ChangeableParams(), f.CallbackParams(), f.WriterParams())
		for _, j := range f.ObservedParams() {
			idx = append(idx, j)
			observe[j] = target.Observers(f.Params[j].Type, f.Pkg)
		}
	}
	return idx, observe, nil
}

// writeCallLog writes the code that has the callback in variable v, of
// signature sig, log its calls in specgenC<v> (see specgenCalls) before
// it runs: what a function that takes a callback does with it. A
// handler's writer it is given is logged as a copy of the header it
// holds then (what a middleware set before it called next).
func writeCallLog(b *strings.Builder, v string, sig *types.Signature, self *types.Package, imp *importSet) {
	names := make([]string, sig.Params().Len())
	for i := range names {
		names[i] = "specgenX" + strconv.Itoa(i)
	}
	head := target.FuncHead(sig, names, func(t types.Type) string { return typeString(t, self, imp) })
	calls := append([]string(nil), names...)
	if sig.Variadic() {
		calls[len(calls)-1] += "..."
	}
	call := "specgenF" + v + "(" + strings.Join(calls, ", ") + ")"
	if sig.Results().Len() > 0 {
		call = "return " + call
	}
	logged := append([]string(nil), names...)
	for i := range logged {
		if target.IsResponseWriter(sig.Params().At(i).Type()) {
			// A handler's writer by the header it was handed: the
			// writer's own state is the response, recorded after
			// the call, and a log holds values as they end up.
			logged[i] = fmt.Sprintf("func() interface{} {\nif %s == nil {\nreturn nil\n}\nreturn %s.Header().Clone()\n}()", names[i], names[i])
		}
	}
	log := "specgenC" + v
	fmt.Fprintf(b, "%s := &specgenCalls{}\n_ = %s\n", log, log)
	fmt.Fprintf(b, "if %s != nil {\nspecgenF%s := %s\n%s = %s {\n%s.add(%s)\n%s\n}\n}\n",
		v, v, v, v, head, log, strings.Join(logged, ", "), call)
}

// recordArgsAfter writes the code that records the arguments of the
// parameters idx after the call: as canonical trees, through the
// observers of observe, for a callback the calls it got (see
// writeCallLog), when it got any, and for a writer what was written to
// it (see writeWritten).
func recordArgsAfter(b *strings.Builder, f *target.Func, idx []int, observe map[int][]string, self *types.Package, imp *importSet) error {
	args := target.ParamArgs(f, func(j int) string { return "specgenA" + strconv.Itoa(j) })
	for _, j := range idx {
		name, v := f.Params[j].Name, "specgenA"+strconv.Itoa(j)
		if _, ok := f.Params[j].Type.Underlying().(*types.Signature); ok {
			fmt.Fprintf(b, "if specgenL := specgenC%s.list(); specgenL != nil {\nspecgenR(\"argafter\", %q, specgenL)\n}\n", v, name)
			continue
		}
		if target.IsWriter(f.Params[j].Type) {
			writeWritten(b, f.Params[j].Type, name, v, imp)
			continue
		}
		keys, ok := observe[j]
		if !ok {
			fmt.Fprintf(b, "specgenR(\"argafter\", %q, %s)\n", name, v)
			continue
		}
		fmt.Fprintf(b, "if %s == nil {\nspecgenR(\"argafter\", %q, nil)\n} else {\nspecgenR(\"argafterobs\", %q, nil)\n", v, name, name)
		if err := writeObservers(b, f.Params[j].Type, keys, v, args); err != nil {
			return fmt.Errorf("argument %s after the call: %w", name, err)
		}
		b.WriteString("}\n")
	}
	return nil
}

// recordArgsBefore writes the code that records the arguments of the
// parameters observed through their API (observe) before the call, as
// recordArgsAfter does after it, so that one the call left as it was
// is not stated after it (Result.ArgsBefore): a handler's request is
// observed so. An argument observed by serving it requests, by calls
// of it or by steps that move it along is not: observing it would run
// it before the call.
func recordArgsBefore(b *strings.Builder, f *target.Func, observe map[int][]string) error {
	args := target.ParamArgs(f, func(j int) string { return "specgenA" + strconv.Itoa(j) })
	for j, p := range f.Params {
		keys, ok := observe[j]
		if !ok || target.Serves(p.Type) || target.Called(p.Type) || slices.ContainsFunc(keys, target.IsStepObserver) {
			continue
		}
		v := "specgenA" + strconv.Itoa(j)
		fmt.Fprintf(b, "if %s != nil {\nspecgenR(\"argbeforeobs\", %q, nil)\n", v, p.Name)
		if err := writeObservers(b, p.Type, keys, v, args); err != nil {
			return fmt.Errorf("argument %s before the call: %w", p.Name, err)
		}
		b.WriteString("}\n")
	}
	return nil
}

// serveObservers is target.ServeObservers of f, worked out once per
// function: it walks f and the package functions it calls, and every
// probe of f asks for it.
func (g *generator) serveObservers(f *target.Func) []string {
	if keys, ok := g.served[f]; ok {
		return keys
	}
	if g.served == nil {
		g.served = map[*target.Func][]string{}
	}
	keys := target.ServeObservers(f)
	g.served[f] = keys
	return keys
}

// writeWritten writes the code that records what the call wrote to the
// argument in v of parameter name, of a writer interface type t (see
// target.IsWriter): the text a *bytes.Buffer or a *strings.Builder
// holds; for a handler's writer (target.IsResponseWriter) given an
// *httptest.ResponseRecorder, the response as a client gets it: its
// status code, its header when it has one, and its body. Other writers
// (nil, a fake, io.Discard) are not recorded: what they were given is
// not kept.
func writeWritten(b *strings.Builder, t types.Type, name, v string, imp *importSet) {
	fmt.Fprintf(b, "switch specgenW := interface{}(%s).(type) {\n", v)
	fmt.Fprintf(b, "case *%s.Buffer:\nspecgenR(\"argafter\", %q, specgenW.String())\n", imp.add("bytes", "specgenbytes"), name)
	fmt.Fprintf(b, "case *%s.Builder:\nspecgenR(\"argafter\", %q, specgenW.String())\n", imp.add("strings", "specgenstrings"), name)
	if target.IsResponseWriter(t) {
		fmt.Fprintf(b, "case *%s.ResponseRecorder:\n", imp.add("net/http/httptest", "specgenhttptest"))
		b.WriteString(target.ResponseCode("specgenW", "specgenM"))
		fmt.Fprintf(b, "specgenR(\"argafter\", %q, specgenM)\n", name)
	}
	b.WriteString("}\n")
}

// writeObservers writes the code that records each observer of keys
// on v, a variable of type t (see target.ObserverBody), as the observed
// value recorded last takes them (see specgenObserve).
func writeObservers(b *strings.Builder, t types.Type, keys []string, v string, args []target.ObserverArg) error {
	for _, k := range keys {
		body, err := target.ObserverBody(t, k, v, args)
		if err != nil {
			return fmt.Errorf("observer %v", err)
		}
		observe := "specgenObserve"
		if target.IsStepObserver(k) {
			observe = "specgenObserveSteps" // each call moves the value along: made once
		}
		fmt.Fprintf(b, "%s(specgenR, %q, func() interface{} {\n%s\n})\n", observe, k, body)
	}
	return nil
}

// recvName is the declared name of a method's receiver, if any.
func recvName(f *target.Func) string {
	if f.Decl == nil || f.Decl.Recv == nil || len(f.Decl.Recv.List) == 0 || len(f.Decl.Recv.List[0].Names) == 0 {
		return ""
	}
	n := f.Decl.Recv.List[0].Names[0].Name
	if n == "_" {
		return ""
	}
	return n
}

// ReceiverName is the name f's declaration gives its receiver (l in
// func (l *List) Remove(e *Element)), by which an argument may be built
// from the receiver (l.Front()); "" for a function, an unnamed or blank
// receiver, or a name the package also declares at its top level, which
// an argument naming it means.
func ReceiverName(f *target.Func) string {
	rn := recvName(f)
	if rn == "" || f.Recv == nil || f.Pkg == nil || f.Pkg.Types == nil || f.Pkg.Types.Scope().Lookup(rn) != nil || types.Universe.Lookup(rn) != nil {
		return ""
	}
	return rn
}

// UsesReceiver reports whether expr, an argument of a call of f, is
// built from f's receiver: whether it names it (see ReceiverName).
func UsesReceiver(f *target.Func, expr string) bool {
	rn := ReceiverName(f)
	return rn != "" && usesName(expr, rn)
}

// usesName reports whether the Go expression src uses the identifier
// name: not as a selector (x.name) nor as a key of a composite literal
// ({name: 1}).
func usesName(src, name string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	var prev token.Token
	found := false
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return found
		}
		if found {
			if tok != token.COLON {
				return true
			}
			found = false
		}
		if tok == token.IDENT && lit == name && prev != token.PERIOD {
			if prev != token.LBRACE && prev != token.COMMA {
				return true
			}
			found = true // a key, unless no colon follows
		}
		prev = tok
	}
}

// harness writes the file that classifies errors and panics, reads
// coverage counters and dispatches probes by id.
func (g *generator) harness(idx []int) []byte {
	imp := newImportSet()
	imp.add("errors", "specgenerrors")
	imp.add("fmt", "specgenfmt")
	imp.add("strings", "specgenstrings")
	imp.add("strconv", "specgenstrconv")
	imp.add("sync", "specgensync")
	pkg := g.prog.Func.Pkg
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by specgen. DO NOT EDIT.\n\npackage %s\n\n", g.pkgName)
	var body bytes.Buffer
	body.WriteString(`// SpecgenCovTake returns and clears the coverage blocks run since its last call.
func SpecgenCovTake() []int {
	var out []int
	for i := range specgenCov {
		if specgenCov[i] != 0 {
			out = append(out, i)
			specgenCov[i] = 0
		}
	}
	return out
}

func specgenWalk(err error, f func(error), n int) {
	if err == nil || n > 32 {
		return
	}
	f(err)
	if u := specgenerrors.Unwrap(err); u != nil {
		specgenWalk(u, f, n+1)
		return
	}
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range u.Unwrap() {
			specgenWalk(e, f, n+1)
		}
	}
}

func specgenErrType(e error) string {
	switch e.(type) {
`)
	for _, et := range pkg.ErrorTypes {
		if !g.usable(et.ImportPath, pkg.ImportPath, et.Expr) {
			continue
		}
		if et.ImportPath != pkg.ImportPath {
			name := et.Expr[strings.LastIndex(et.Expr, "*")+1:]
			name = name[:strings.Index(name, ".")]
			if imp.add(et.ImportPath, name) != name {
				continue
			}
		}
		fmt.Fprintf(&body, "\tcase %s:\n\t\treturn %q\n", et.Expr, et.Name)
	}
	body.WriteString(`	}
	return ""
}

// specgenCalls logs the calls a callback argument gets: each call's
// argument, or the list of its arguments when it takes other than one.
type specgenCalls struct {
	mu    specgensync.Mutex
	calls []interface{}
	n     int
}

// specgenMaxCalls bounds the calls a log states: a callback called more
// often is not stated.
const specgenMaxCalls = 256

func (c *specgenCalls) add(args ...interface{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	if c.n > specgenMaxCalls {
		c.calls = nil
		return
	}
	var call interface{} = append([]interface{}{}, args...)
	if len(args) == 1 {
		call = args[0]
	}
	// Appended as one value: yaegi spreads a []interface{} appended
	// to a []interface{}.
	c.calls = append(c.calls, call)
}

// list is the log, or nil when the callback was not called or was
// called too often to state.
func (c *specgenCalls) list() interface{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == 0 || c.n > specgenMaxCalls {
		return nil
	}
	return append([]interface{}(nil), c.calls...)
}

func specgenErr(rec func(string, string, interface{}), err error) {
	if err == nil {
		return
	}
	var types, sentinels []string
	specgenWalk(err, func(e error) {
		if t := specgenErrType(e); t != "" {
			types = append(types, t)
		}
	}, 0)
`)
	for _, s := range pkg.Sentinels {
		if !g.usable(s.ImportPath, pkg.ImportPath, s.Expr) {
			continue
		}
		if s.ImportPath != pkg.ImportPath {
			name := s.Expr[:strings.Index(s.Expr, ".")]
			if imp.add(s.ImportPath, name) != name {
				continue
			}
		}
		fmt.Fprintf(&body, "\tif %s != nil && specgenerrors.Is(err, %s) {\n\t\tsentinels = append(sentinels, %q)\n\t}\n", s.Expr, s.Expr, s.Name)
	}
	body.WriteString(`	rec("errtypes", specgenstrings.Join(types, "\n"), nil)
	rec("errsent", specgenstrings.Join(sentinels, "\n"), nil)
	t := specgenErrType(err)
	if t == "" {
		t = specgenfmt.Sprintf("%T", err)
	}
	rec("err", t, specgenMessage(err.Error()))
}

// specgenMessage is an error's or a panic's message with its no-break
// spaces made plain: protobuf's errors put one or the other at random
// per binary build, so that the probes' binary and the exported test's
// would disagree.
func specgenMessage(s string) string {
	return specgenstrings.ReplaceAll(s, "\u00a0", " ")
}

// specgenObserve records an observer of a result: it is called twice,
// and a panic or a second value unlike the first is recorded as such.
func specgenObserve(rec func(string, string, interface{}), key string, f func() interface{}) {
	v, ok := specgenObserveOnce(f)
	if !ok {
		rec("obspanic", key, nil)
		return
	}
	rec("obs", key, v)
	if v, ok = specgenObserveOnce(f); !ok {
		rec("obspanic", key, nil)
		return
	}
	rec("obsagain", key, v)
}

// specgenObserveSteps records an observer made of several calls that
// move the value along ("Next(); Next(); Next()"): it is called once.
func specgenObserveSteps(rec func(string, string, interface{}), key string, f func() interface{}) {
	v, ok := specgenObserveOnce(f)
	if !ok {
		rec("obspanic", key, nil)
		return
	}
	rec("obs", key, v)
}

func specgenObserveOnce(f func() interface{}) (v interface{}, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	return f(), true
}

func specgenRun(p func(func(string, string, interface{})), rec func(string, string, interface{})) {
	specgenReset()
	defer func() {
		if r := recover(); r != nil {
			msg := specgenfmt.Sprint(r)
			t := specgenfmt.Sprintf("%T", r)
			if e, ok := r.(error); ok {
				msg = e.Error()
				if et := specgenErrType(e); et != "" {
					t = et
				}
			}
			rec("panic", t, specgenMessage(msg))
		}
	}()
	p(rec)
}

// SpecgenRunProbe runs the probe with the given id, its function's name
// and its literal arguments, quoted, each after a NUL; false if there
// is none.
func SpecgenRunProbe(id string, rec func(string, string, interface{})) bool {
	parts := specgenstrings.Split(id, "\x00")
	p, ok := specgenProbes[parts[0]]
	if !ok {
		return false
	}
	specgenLits = specgenLits[:0]
	for _, q := range parts[1:] {
		l, err := specgenstrconv.Unquote(q)
		if err != nil {
			return false
		}
		specgenLits = append(specgenLits, l)
	}
	specgenRun(p, rec)
	return true
}

// specgenLits are the literal arguments of the probe running.
var specgenLits []string

func specgenLitString(k int) string { return specgenLits[k] }

func specgenLitBool(k int) bool { return specgenLits[k] == "true" }

func specgenLitInt(k int) int64 {
	v, _ := specgenstrconv.ParseInt(specgenLits[k], 10, 64)
	return v
}

func specgenLitUint(k int) uint64 {
	v, _ := specgenstrconv.ParseUint(specgenLits[k], 10, 64)
	return v
}

func specgenLitFloat(k int) float64 {
	v, _ := specgenstrconv.ParseFloat(specgenLits[k], 64)
	return v
}

var specgenProbes = map[string]func(func(string, string, interface{})){
`)
	var probes, args []string
	for _, i := range idx {
		if i < len(g.wire) && g.wire[i] != "" {
			probes = append(probes, wireName(g.wire[i]))
		}
		if i < len(g.args) {
			args = append(args, g.args[i]...)
		}
	}
	writeFuncTable(&body, probes)
	// The argument functions (see splitArgs), by name.
	body.WriteString("\nvar specgenArgFuncs = map[string]interface{}{\n")
	writeFuncTable(&body, args)
	if g.prog.hasSchema() {
		fmt.Fprintf(&body, "\n// SpecgenSetMutant selects the mutant of the package's schema that runs.\nvar SpecgenSetMutant = func(k int) { %s = k }\n", MutantVar)
	} else {
		body.WriteString("\n// SpecgenSetMutant is nil: the package holds no mutant schema.\nvar SpecgenSetMutant func(int)\n")
	}
	if names := writtenGlobals(pkg); len(names) > 0 && g.has == nil {
		// Natively only: reflect on yaegi's interpreted types is
		// not relied on.
		imp.add("reflect", "specgenreflect")
		fmt.Fprintf(&body, "\nconst specgenSelfPath = %q\n\n", pkg.ImportPath)
		writeStateReset(&body, names)
	} else {
		body.WriteString("\n// specgenReset has nothing to set back: the package changes no package-level variable.\nfunc specgenReset() {}\n")
	}
	body.WriteString(`
var _ = specgenstrings.Join
var _ = specgenerrors.Is
`)
	imp.write(&b)
	b.Write(body.Bytes())
	return b.Bytes()
}

// writeFuncTable writes the entries of a map from function names to the
// functions, each name once and in order, and closes it.
func writeFuncTable(b *bytes.Buffer, names []string) {
	sort.Strings(names)
	for _, name := range slices.Compact(names) {
		fmt.Fprintf(b, "\t%q: %s,\n", name, name)
	}
	b.WriteString("}\n")
}
