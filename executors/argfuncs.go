package executors

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Argument functions. An argument or receiver that is not a literal (a
// composite value, a call of the package's constructors, a function
// literal) is code, and a probe is compiled with its code: an
// exploration round that pairs arguments already seen in a new way (a
// harvested value beside another), or changes a field of a struct
// receiver, would need a build of its own. For the native engine, each
// such expression is instead written once as a function of its own,
//
//	func specgenArg1a2b3c(specgenO int) *Version {
//		return &Version{Major: int64(specgenLitInt(specgenO+0)), PreRelease: PRVersion(specgenLitString(specgenO+1))}
//	}
//
// named by its text, its constants that are elements of composite
// literals read from the request (at specgenO and after), and the
// probe's function calls the one its request names: probes that differ
// only in which expressions they pair, or in those constants, share
// their code, and a program needs a build only for an expression of a
// new form. The probes are type-checked with their arguments in place
// first (so that an error is reported at the probe that made it, and the
// receivers' and constants' types are known) and written so only when
// that compiles too.

// argMarker starts an argument that probeBody writes as the call of an
// argument function, whose name is the probe's literal of that index.
const argMarker = "\x00arg:"

// argFunc is one argument function: its name, its source and its
// imports.
type argFunc struct {
	name string
	body string
	imp  *importSet
}

// splitArgs replaces the arguments of p (already templated: lits are
// its literals) that are neither literals nor built from the receiver
// by reads of argument functions, and returns those functions; and its
// receiver too, when recv, its type, is known and names no other
// package (the probe's function must write it). A probe with setup
// statements (its arguments may use what they declare) or a dot import
// keeps its arguments in place, as does an argument whose imports clash
// with its type's, and a receiver built from literals of the request.
func (g *generator) splitArgs(p Probe, lits []string, typed *probeTypes) (Probe, []string, []argFunc) {
	if typed == nil {
		typed = &probeTypes{}
	}
	if strings.TrimSpace(p.Setup) != "" {
		return p, lits, nil
	}
	for _, name := range p.Imports {
		if name == "." {
			return p, lits, nil
		}
	}
	f := g.probeFuncOf(p)
	if len(p.Args) != len(f.Params) {
		return p, lits, nil
	}
	rn := ""
	if f.Recv != nil {
		rn = ReceiverName(f)
	}
	var funcs []argFunc
	// split writes expression a of type t as an argument function, its
	// constants sites read from the request, and returns the index of
	// the literal that names it (its constants follow) and the type as
	// written; ok is false when it cannot.
	split := func(a string, t types.Type, sites []constSite) (k int, typ string, ok bool) {
		imp := newImportSet()
		typ = typeString(t, g.self, imp)
		for path, name := range usedImports(Probe{Args: []string{a}, Imports: p.Imports}) {
			want := name
			if want == "" {
				want = importName(path)
			}
			if imp.add(path, name) != want {
				return 0, "", false
			}
		}
		var b strings.Builder
		var consts []string
		at := 0
		for _, c := range sites {
			if c.from < at || c.to > len(a) || a[c.from:c.to] != c.text {
				continue
			}
			kind, text := literal(c.text, c.typ)
			if kind == litNone {
				continue
			}
			ct := typeString(c.typ, g.self, imp)
			b.WriteString(a[at:c.from])
			fmt.Fprintf(&b, "%s(%s(specgenO+%d))", ct, litFuncs[kind], len(consts))
			consts = append(consts, text)
			at = c.to
		}
		b.WriteString(a[at:])
		body := fmt.Sprintf("func %s(specgenO int) %s {\n\treturn %s\n}\n", argPlaceholder, typ, b.String())
		name := argFuncName(body, imp)
		body = strings.Replace(body, argPlaceholder, name, 1)
		funcs = append(funcs, argFunc{name: name, body: body, imp: imp})
		lits = append(lits, name)
		lits = append(lits, consts...)
		return len(lits) - 1 - len(consts), typ, true
	}
	args := p.Args
	for j, prm := range f.Params {
		a := args[j]
		if strings.HasPrefix(a, "\x00") || strings.TrimSpace(a) == "" || rn != "" && usesName(a, rn) {
			continue
		}
		k, _, ok := split(a, prm.Type, typed.consts[j])
		if !ok {
			continue
		}
		if len(funcs) == 1 {
			args = append([]string(nil), p.Args...)
		}
		args[j] = argMarker + strconv.Itoa(k)
	}
	p.Args = args
	if recv := typed.recv; recv != nil && strings.TrimSpace(p.Recv) != "" && !strings.Contains(p.Recv, "specgenLit") && localType(recv, g.self) {
		if k, typ, ok := split(p.Recv, recv, typed.consts[-1]); ok {
			p.Recv = argCall(k, typ)
		}
	}
	return p, lits, funcs
}

// localType reports whether t is written without naming another
// package: a type of package self, or a pointer to one, instantiated
// or not with type arguments that name none either (*LRU[int, string],
// not *LRU[time.Duration, int]).
func localType(t types.Type, self *types.Package) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != self.Path() {
		return false
	}
	imp := newImportSet()
	typeString(t, self, imp)
	return len(imp.byName) == 0
}

const argPlaceholder = "specgenArgFunc"

// argFuncName names an argument function by its source and imports: the
// same argument, the same name, in any program.
func argFuncName(body string, imp *importSet) string {
	return hashedName("specgenArg", body, imp.key())
}

// argRead is the expression probeBody writes for an argument replaced
// by an argument function's call (see splitArgs) of a parameter of the
// type written typ; ok is false for any other argument.
func argRead(arg, typ string) (string, bool) {
	k, ok := strings.CutPrefix(arg, argMarker)
	if !ok {
		return "", false
	}
	n, err := strconv.Atoi(k)
	if err != nil {
		return "", false
	}
	return argCall(n, typ), true
}

// argCall is the call of the argument function named by literal k, of
// result type typ, whose constants follow it.
func argCall(k int, typ string) string {
	return fmt.Sprintf("specgenArgFuncs[specgenLitString(%d)].(func(int) %s)(%d)", k, typ, k+1)
}

// probeTypes is what the type-check of a probe's function written with
// its arguments in place tells of it: its receiver's type, and the
// constants that are elements of composite literals in its receiver and
// arguments, which travel in the request when they are written as
// argument functions.
type probeTypes struct {
	recv types.Type
	// consts are the constant sites of the receiver (key -1) and of
	// each argument (its index), in the order written.
	consts map[int][]constSite
}

// constSite is a constant in an expression's text: where it is, as
// written, and the type it takes there.
type constSite struct {
	from, to int
	text     string
	typ      types.Type
}

// typesOf reads probeTypes off probe function fd, type-checked into
// info.
func typesOf(fd *ast.FuncDecl, info *types.Info) *probeTypes {
	pt := &probeTypes{consts: map[int][]constSite{}}
	seenRecv := false
	for _, st := range fd.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if seenRecv || st.Tok != token.DEFINE || len(st.Lhs) != 1 || len(st.Rhs) != 1 {
				continue
			}
			if id, ok := st.Lhs[0].(*ast.Ident); ok && id.Name == "specgenRecv" {
				seenRecv = true
				if obj := info.Defs[id]; obj != nil {
					pt.recv = obj.Type()
				}
				pt.consts[-1] = constSites(st.Rhs[0], info)
			}
		case *ast.DeclStmt:
			gd, ok := st.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs, ok := sp.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
					continue
				}
				if j, ok := strings.CutPrefix(vs.Names[0].Name, "specgenA"); ok {
					if n, err := strconv.Atoi(j); err == nil {
						pt.consts[n] = constSites(vs.Values[0], info)
					}
				}
			}
		}
	}
	return pt
}

// constSites lists the constants of e that are elements of composite
// literals, values and a map's keys (an array's or a slice's keys must
// stay constant; a map's were checked distinct as constants in every
// probe that shares the function), or arguments of calls of functions,
// each with the typed type it takes: {Major: 7, Label: "x"},
// []int{1, -2}, map[string]int{"a": 1}, MustCompile("a*"), New(2). A
// conversion's or a builtin's argument may have to stay constant
// (Kind("x") of a constant type, len, unsafe.Sizeof), and a constant
// elsewhere may be part of a constant expression (1 << 70 >> 68), which
// must stay one.
func constSites(e ast.Expr, info *types.Info) []constSite {
	var out []constSite
	base := e.Pos()
	site := func(el ast.Expr) {
		text, ok := constText(el)
		if !ok {
			return
		}
		tv, ok := info.Types[el]
		if !ok || tv.Type == nil {
			return
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return
		}
		out = append(out, constSite{from: int(el.Pos() - base), to: int(el.End() - base), text: text, typ: tv.Type})
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := info.Types[call.Fun]; ok && fn.IsValue() && !fn.IsBuiltin() {
				for _, a := range call.Args {
					site(a)
				}
			}
			return true
		}
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		isMap := false
		if t := info.Types[cl].Type; t != nil {
			_, isMap = t.Underlying().(*types.Map)
		}
		var elts []ast.Expr
		for _, el := range cl.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
				if isMap {
					elts = append(elts, kv.Key)
				}
			}
			elts = append(elts, el)
		}
		for _, el := range elts {
			site(el)
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].from < out[j].from })
	return out
}

// constText is the text of a basic literal, negated or not, as written
// without spaces; ok is false for any other expression.
func constText(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Value, e.Kind != token.IMAG
	case *ast.UnaryExpr:
		if x, ok := e.X.(*ast.BasicLit); ok && (e.Op == token.SUB || e.Op == token.ADD) && (x.Kind == token.INT || x.Kind == token.FLOAT) {
			return e.Op.String() + x.Value, true
		}
	}
	return "", false
}

// key is the imports as one string, the same for the same set.
func (s *importSet) key() string {
	keys := make([]string, 0, len(s.byName))
	for n, p := range s.byName {
		keys = append(keys, n+"="+p)
	}
	sort.Strings(keys)
	return strings.Join(keys, ";")
}
