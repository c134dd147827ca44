package target

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Func returns the function or method name names: F, T.M or (*T).M.
// T.M finds a pointer-receiver method too, whose Name is then (*T).M.
// A function whose parameters GoExpr cannot build is returned with
// Unbuildable set. A generic function, or a method of a generic type,
// is returned uninstantiated (see Func.Instantiate).
func (p *Package) Func(name string) (*Func, error) {
	key := normalizeFuncName(name)
	if f, ok := p.byName[key]; ok {
		return f, nil
	}
	if recv, meth, ok := splitMethod(key); ok {
		if f, ok := p.byName["(*"+recv+")."+meth]; ok {
			return f, nil
		}
		if f, ok := p.byName[recv+"."+meth]; ok {
			return f, nil
		}
	}
	if rest, ok := strings.CutPrefix(key, p.Name+"."); ok {
		if f, err := p.Func(rest); err == nil {
			return f, nil
		}
	}
	var names []string
	for n := range p.byName {
		names = append(names, n)
	}
	msg := fmt.Sprintf("no function %s in package %s", name, p.ImportPath)
	if s := suggest(key, names); s != "" {
		msg += " (did you mean " + s + "?)"
	}
	return nil, fmt.Errorf("%s", msg)
}

// Funcs lists the top-level functions and methods of the package that
// can be driven with values built by GoExpr, in source order, and the
// ones it leaves out with the reason. init, and main in package main,
// are neither listed nor skipped.
func (p *Package) Funcs() (funcs []*Func, skipped []Skipped) {
	return append([]*Func(nil), p.funcs...), append([]Skipped(nil), p.skipped...)
}

// normalizeFuncName turns "*T.M" and "( *T ).M" into "(*T).M".
func normalizeFuncName(name string) string {
	name = strings.Join(strings.Fields(name), "")
	if rest, ok := strings.CutPrefix(name, "*"); ok && strings.Contains(rest, ".") {
		i := strings.LastIndex(rest, ".")
		return "(*" + rest[:i] + ")" + rest[i:]
	}
	return name
}

// splitMethod splits T.M or (*T).M.
func splitMethod(name string) (recv, meth string, ok bool) {
	if rest, ok := strings.CutPrefix(name, "(*"); ok {
		i := strings.Index(rest, ").")
		if i < 0 {
			return "", "", false
		}
		return rest[:i], rest[i+2:], true
	}
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return "", "", false
	}
	return name[:i], name[i+1:], true
}

// indexFuncs builds the function index of the package.
func (p *Package) indexFuncs() {
	p.byName = map[string]*Func{}
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Name.Name == "_" {
				continue
			}
			obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := obj.Type().(*types.Signature)
			if fd.Recv == nil && (fd.Name.Name == "init" || (fd.Name.Name == "main" && p.Name == "main")) {
				continue
			}
			name := fd.Name.Name
			var recv *types.Named
			recvPtr := false
			if r := sig.Recv(); r != nil {
				rt := r.Type()
				if pt, ok := rt.(*types.Pointer); ok {
					rt, recvPtr = pt.Elem(), true
				}
				recv, _ = types.Unalias(rt).(*types.Named)
				if recv == nil {
					continue // invalid receiver; the type checker has complained
				}
				if recvPtr {
					name = "(*" + recv.Obj().Name() + ")." + name
				} else {
					name = recv.Obj().Name() + "." + name
				}
			}
			f := p.newFunc(name, fd, obj, sig, recv, recvPtr)
			p.byName[name] = f
			if f.Unbuildable != "" {
				p.skipped = append(p.skipped, Skipped{Name: name, Reason: f.Unbuildable})
				continue
			}
			p.funcs = append(p.funcs, f)
		}
	}
	g := p.buildCallGraph()
	for _, f := range p.byName {
		f.reach = g.reach(f.Obj)
	}
}

func (p *Package) newFunc(name string, fd *ast.FuncDecl, obj *types.Func, sig *types.Signature, recv *types.Named, recvPtr bool) *Func {
	f := &Func{
		Name:    name,
		Pkg:     p,
		Obj:     obj,
		Sig:     sig,
		Recv:    recv,
		RecvPtr: recvPtr,
		Decl:    fd,
	}
	used := map[string]bool{}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if n := params.At(i).Name(); n != "" && n != "_" {
			used[n] = true
		}
	}
	for i := 0; i < params.Len(); i++ {
		v := params.At(i)
		n := v.Name()
		if n == "" || n == "_" {
			n = "p" + strconv.Itoa(i)
			for used[n] {
				n += "_"
			}
			used[n] = true
		}
		f.Params = append(f.Params, Param{
			Name:     n,
			Type:     v.Type(),
			Variadic: sig.Variadic() && i == params.Len()-1,
		})
	}
	tparams := sig.TypeParams()
	if recv != nil {
		// A method of a generic type takes the type's parameters, as
		// its declaration names them (a method may rename them, or
		// write _, in its receiver).
		tparams = recv.Origin().TypeParams()
	}
	for i := 0; i < tparams.Len(); i++ {
		tp := tparams.At(i)
		f.TypeParams = append(f.TypeParams, TypeParam{Name: tp.Obj().Name(), Constraint: tp.Constraint(), Type: tp})
	}
	f.setResults(sig)
	start := fd.Pos()
	if fd.Doc != nil {
		start = fd.Doc.Pos()
		f.Doc = fd.Doc.Text()
	}
	f.Source = p.source(start, fd.End())
	pos := p.Fset.Position(fd.Pos())
	f.File = pos.Filename
	f.StartLine = pos.Line
	f.EndLine = p.Fset.Position(fd.End()).Line

	f.checkBuildable()
	return f
}

// setResults sets Results and ErrorLast from sig.
func (f *Func) setResults(sig *types.Signature) {
	f.Results = nil
	results := sig.Results()
	for i := 0; i < results.Len(); i++ {
		f.Results = append(f.Results, results.At(i).Type())
	}
	f.ErrorLast = false
	if n := len(f.Results); n > 0 && isErrorType(f.Results[n-1]) {
		f.ErrorLast = true
	}
}

// checkBuildable sets Unbuildable from the receiver and parameter types.
// A type parameter counts as buildable: its instantiation is checked
// again (see Instantiate).
func (f *Func) checkBuildable() {
	f.Unbuildable = ""
	if f.Decl != nil && f.Decl.Body == nil {
		// Implemented in assembly or linked from another package
		// (//go:linkname): no statement of its own to cover or mutate.
		f.Unbuildable = "declared without a body (assembly or go:linkname)"
		return
	}
	qual := types.RelativeTo(f.Pkg.Types)
	recv := f.Recv
	if recv != nil {
		if why := unbuildable(recv, map[types.Type]bool{}); why != nil {
			f.Unbuildable = why.describe("receiver", recv, qual)
		}
	}
	for _, prm := range f.Params {
		if f.Unbuildable != "" {
			break
		}
		if why := unbuildable(prm.Type, map[types.Type]bool{}); why != nil {
			f.Unbuildable = why.describe("parameter "+prm.Name, prm.Type, qual)
		}
	}
}

// isErrorType reports whether t is the predeclared error type.
func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// whyNot is the part of a type that GoExpr cannot build.
type whyNot struct {
	t    types.Type
	what string // "func type", "channel type", ...
}

func (w *whyNot) describe(subject string, outer types.Type, qual types.Qualifier) string {
	inner := types.TypeString(w.t, qual)
	if types.Identical(w.t, outer) {
		return fmt.Sprintf("%s has %s %s, which cannot be built from a spec value", subject, w.what, inner)
	}
	return fmt.Sprintf("%s has type %s, whose %s %s cannot be built from a spec value", subject, types.TypeString(outer, qual), w.what, inner)
}

// unbuildable returns the part of t that GoExpr cannot build a non-nil
// value of, or nil when it can. Struct fields do not count: fields that
// a spec value does not mention keep their zero value.
func unbuildable(t types.Type, seen map[types.Type]bool) *whyNot {
	t = types.Unalias(t)
	if seen[t] {
		return nil
	}
	seen[t] = true
	if _, ok := t.(*types.TypeParam); ok {
		return nil // built once instantiated
	}
	if isTimeType(t, "Duration") || isTimeType(t, "Time") {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.UnsafePointer {
			return &whyNot{t, "type"}
		}
		if u.Info()&types.IsUntyped != 0 || u.Kind() == types.Invalid {
			return &whyNot{t, "type"}
		}
		return nil
	case *types.Pointer:
		return unbuildable(u.Elem(), seen)
	case *types.Slice:
		return unbuildable(u.Elem(), seen)
	case *types.Array:
		return unbuildable(u.Elem(), seen)
	case *types.Map:
		if w := unbuildable(u.Key(), seen); w != nil {
			return w
		}
		return unbuildable(u.Elem(), seen)
	case *types.Struct:
		return nil
	case *types.Interface:
		// Nil, or built by code: a value of an implementation (see
		// explore).
		return nil
	case *types.Signature:
		// Built by code: a function literal (see explore).
		return nil
	case *types.Chan:
		// Built by code: a buffered channel, maybe filled and closed.
		return nil
	}
	return &whyNot{t, "type"}
}

// isTimeType reports whether t is the named type time.<name>.
func isTimeType(t types.Type, name string) bool {
	return isNamed(t, "time", name)
}

// isNamed reports whether t is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == path && obj.Name() == name
}

type ifaceKind int

const (
	ifaceOther    ifaceKind = iota
	ifaceAny                // no methods
	ifaceError              // the method set of error
	ifaceReader             // the method set of io.Reader
	ifaceStringer           // the method set of fmt.Stringer
	ifaceContext            // context.Context
)

// interfaceKind classifies an interface type by its method set.
func interfaceKind(t types.Type) ifaceKind {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return ifaceOther
	}
	if isNamed(t, "context", "Context") {
		return ifaceContext
	}
	if it.NumMethods() == 0 {
		if it.IsImplicit() || !it.IsMethodSet() {
			return ifaceOther // a constraint
		}
		return ifaceAny
	}
	if it.NumMethods() != 1 {
		return ifaceOther
	}
	m := it.Method(0)
	sig := m.Type().(*types.Signature)
	str := types.Typ[types.String]
	switch {
	case m.Name() == "Error" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), str):
		return ifaceError
	case m.Name() == "String" && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), str):
		return ifaceStringer
	case m.Name() == "Read" && sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
		types.Identical(sig.Params().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) &&
		isErrorType(sig.Results().At(1).Type()):
		return ifaceReader
	}
	return ifaceOther
}

// suggest returns the name among names closest to name by edit
// distance (ignoring case; a swap of neighbours is one edit), or "" when
// none is close: at most a third of the name may change.
func suggest(name string, names []string) string {
	best, bestD := "", -1
	for _, n := range names {
		d := editDistance(strings.ToLower(name), strings.ToLower(n))
		if bestD < 0 || d < bestD || (d == bestD && n < best) {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD*3 > len(name) {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance between a and
// b: insertions, deletions, substitutions and swaps of adjacent runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
