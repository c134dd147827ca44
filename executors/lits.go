package executors

import (
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// Literal arguments are not compiled into a probe: a probe whose
// arguments are constants of basic types ("1 KB", -3, 2.5, true,
// []byte("x")) calls a shared function that reads them from its
// request. Probes that differ only in such arguments then share their
// code, and the programs of successive exploration rounds, the mutation
// step and the confirming run are often the same source, which the
// native engine builds once and finds in its cache after.

// litKind is how a literal argument travels and is converted back.
type litKind int

const (
	litNone litKind = iota
	litString
	litBytes
	litInt
	litUint
	litFloat
	litBool
)

// litFuncs name the harness function that reads each kind.
var litFuncs = map[litKind]string{
	litString: "specgenLitString",
	litBytes:  "specgenLitString",
	litInt:    "specgenLitInt",
	litUint:   "specgenLitUint",
	litFloat:  "specgenLitFloat",
	litBool:   "specgenLitBool",
}

// literal reports whether expr is a constant that a parameter of type t
// can take from a request, and the text it travels as: a string's
// value itself, an integer in decimal, a float in Go's shortest form
// that reads back as the value the compiler would give it, true or
// false. Anything else, or a constant t cannot represent (a compile
// error the probe must show), is litNone.
func literal(expr string, t types.Type) (litKind, string) {
	b, ok := t.Underlying().(*types.Basic)
	isBytes := false
	if !ok {
		s, sok := t.Underlying().(*types.Slice)
		if !sok {
			return litNone, ""
		}
		if !types.Identical(s.Elem(), types.Typ[types.Byte]) {
			return litNone, ""
		}
		isBytes = true
	}
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return litNone, ""
	}
	if isBytes {
		if text, ok := byteElems(e); ok {
			return litBytes, text
		}
		// []byte("x"): a conversion of one string literal.
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return litNone, ""
		}
		at, ok := call.Fun.(*ast.ArrayType)
		if !ok || at.Len != nil {
			return litNone, ""
		}
		if id, ok := at.Elt.(*ast.Ident); !ok || id.Name != "byte" && id.Name != "uint8" {
			return litNone, ""
		}
		v := constValue(call.Args[0])
		if v == nil || v.Kind() != constant.String {
			return litNone, ""
		}
		return litBytes, constant.StringVal(v)
	}
	if text, ok := specialFloat(e); ok && types.Identical(t, types.Typ[types.Float64]) {
		return litFloat, text
	}
	v := constValue(e)
	if v == nil {
		return litNone, ""
	}
	info := b.Info()
	switch {
	case info&types.IsString != 0 && v.Kind() == constant.String:
		return litString, constant.StringVal(v)
	case info&types.IsBoolean != 0 && v.Kind() == constant.Bool:
		return litBool, strconv.FormatBool(constant.BoolVal(v))
	case info&types.IsInteger != 0 && (v.Kind() == constant.Int):
		if !fits(v, b.Kind()) {
			return litNone, ""
		}
		if info&types.IsUnsigned != 0 {
			u, _ := constant.Uint64Val(v)
			return litUint, strconv.FormatUint(u, 10)
		}
		i, _ := constant.Int64Val(v)
		return litInt, strconv.FormatInt(i, 10)
	case info&types.IsFloat != 0 && (v.Kind() == constant.Int || v.Kind() == constant.Float):
		// The value the compiler would give the parameter, in a text
		// that reads back as exactly that value.
		f, _ := constant.Float64Val(v)
		if b.Kind() == types.Float32 {
			f32, _ := constant.Float32Val(v)
			f = float64(f32)
		}
		if math.IsInf(f, 0) {
			return litNone, "" // the constant overflows: a compile error
		}
		return litFloat, strconv.FormatFloat(f, 'g', -1, 64)
	}
	return litNone, ""
}

// byteElems is the bytes of e when e is []byte{...} (or []uint8{...})
// listing constants that fit in a byte: []byte{} reads back as
// []byte(""), empty and not nil, as the literal is.
func byteElems(e ast.Expr) (string, bool) {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	at, ok := cl.Type.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return "", false
	}
	if id, ok := at.Elt.(*ast.Ident); !ok || id.Name != "byte" && id.Name != "uint8" {
		return "", false
	}
	b := make([]byte, 0, len(cl.Elts))
	for _, el := range cl.Elts {
		v := constValue(el)
		if v == nil || v.Kind() != constant.Int || !fits(v, types.Uint8) {
			return "", false // a keyed element, say
		}
		n, _ := constant.Uint64Val(v)
		b = append(b, byte(n))
	}
	return string(b), true
}

// specialFloat is the text strconv.ParseFloat reads as the value of e
// when e is how a probe writes a float64 no constant is: math.Inf(1),
// math.Inf(-1), math.NaN() or math.Copysign(0, -1). Only a float64
// parameter takes them as they are (a float32 or a named type would not
// compile).
func specialFloat(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "math" {
		return "", false
	}
	arg := func(i int) (float64, bool) {
		v := constValue(call.Args[i])
		if v == nil || (v.Kind() != constant.Int && v.Kind() != constant.Float) {
			return 0, false
		}
		f, _ := constant.Float64Val(v)
		return f, true
	}
	switch {
	case sel.Sel.Name == "NaN" && len(call.Args) == 0:
		return "NaN", true
	case sel.Sel.Name == "Inf" && len(call.Args) == 1:
		// math.Inf takes an int: a float constant does not compile.
		v := constValue(call.Args[0])
		switch {
		case v == nil || v.Kind() != constant.Int:
			return "", false
		case constant.Sign(v) >= 0:
			return "+Inf", true
		}
		return "-Inf", true
	case sel.Sel.Name == "Copysign" && len(call.Args) == 2:
		x, ok1 := arg(0)
		y, ok2 := arg(1)
		if !ok1 || !ok2 || math.IsInf(x, 0) {
			return "", false
		}
		return strconv.FormatFloat(math.Copysign(x, y), 'g', -1, 64), true
	}
	return "", false
}

// constValue is the value of a literal, a negated numeric literal, or
// true or false; nil for anything else.
func constValue(e ast.Expr) constant.Value {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return constValue(e.X)
	case *ast.BasicLit:
		if e.Kind == token.IMAG {
			return nil
		}
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		if v.Kind() == constant.Unknown {
			return nil
		}
		return v // a rune constant (CHAR) is an integer
	case *ast.UnaryExpr:
		if e.Op != token.SUB && e.Op != token.ADD {
			return nil
		}
		x := constValue(e.X)
		if x == nil || (x.Kind() != constant.Int && x.Kind() != constant.Float) {
			return nil
		}
		return constant.UnaryOp(e.Op, x, 0)
	case *ast.Ident:
		// true and false may be shadowed in the package; a probe that
		// relies on that is rare enough to compile as it is.
		switch e.Name {
		case "true":
			return constant.MakeBool(true)
		case "false":
			return constant.MakeBool(false)
		}
	}
	return nil
}

// fits reports whether the integer constant v is representable in the
// basic integer kind k (int and uint taken as 64 bits).
func fits(v constant.Value, k types.BasicKind) bool {
	var lo, hi constant.Value
	switch k {
	case types.Int8:
		lo, hi = constant.MakeInt64(math.MinInt8), constant.MakeInt64(math.MaxInt8)
	case types.Int16:
		lo, hi = constant.MakeInt64(math.MinInt16), constant.MakeInt64(math.MaxInt16)
	case types.Int32:
		lo, hi = constant.MakeInt64(math.MinInt32), constant.MakeInt64(math.MaxInt32)
	case types.Int, types.Int64:
		lo, hi = constant.MakeInt64(math.MinInt64), constant.MakeInt64(math.MaxInt64)
	case types.Uint8:
		lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint8)
	case types.Uint16:
		lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint16)
	case types.Uint32:
		lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint32)
	case types.Uint, types.Uint64, types.Uintptr:
		lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint64)
	default:
		return false
	}
	return constant.Compare(v, token.GEQ, lo) && constant.Compare(v, token.LEQ, hi)
}

// templated is probe p with its literal arguments replaced by reads
// from the request, and the literals' texts; ok is false when no
// argument is literal (the probe is compiled as it is). A variadic
// parameter's argument is a slice and never literal. A receiver of a
// named basic type recv built from a constant, ByteSize(3) or
// func() *ByteSize { v := ByteSize(3); return &v }(), reads its
// constant from the request too, as does a package-level variable of
// package self that the probe sets to a constant (Probe.Globals).
func templated(p Probe, params []target.Param, recv *types.Named, self *types.Package) (Probe, []string, bool) {
	var lits []string
	args := append([]string(nil), p.Args...)
	for j, prm := range params {
		if prm.Variadic || j >= len(args) {
			continue
		}
		k, text := literal(args[j], prm.Type)
		if k == litNone {
			continue
		}
		args[j] = litMarker + litFuncs[k] + "(" + strconv.Itoa(len(lits)) + ")"
		lits = append(lits, text)
	}
	if recv != nil && p.Recv != "" {
		p.Recv, lits = templatedRecv(p.Recv, recv, lits)
	}
	if len(p.Globals) > 0 && self != nil {
		gs := append([]Global(nil), p.Globals...)
		for j, gl := range gs {
			t, err := GlobalType(self, gl.Name)
			if err != nil {
				continue // probeBody reports it
			}
			k, text := literal(gl.Expr, t)
			if k == litNone {
				continue
			}
			gs[j].Expr = litMarker + litFuncs[k] + "(" + strconv.Itoa(len(lits)) + ")"
			lits = append(lits, text)
		}
		p.Globals = gs
	}
	if len(lits) == 0 {
		return p, nil, false
	}
	p.Args = args
	return p, lits, true
}

// templatedRecv rewrites each conversion of a constant to the receiver's
// type t in expr (t's name called with one literal argument) as a
// conversion of the literal read from the request, the literal's text
// appended to lits.
func templatedRecv(expr string, t *types.Named, lits []string) (string, []string) {
	if _, basic := t.Underlying().(*types.Basic); !basic || t.TypeParams().Len() > 0 {
		return expr, lits
	}
	fset := token.NewFileSet()
	e, err := parser.ParseExprFrom(fset, "", expr, 0)
	if err != nil {
		return expr, lits
	}
	type edit struct {
		from, to int
		text     string
	}
	var edits []edit
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return true
		}
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != t.Obj().Name() {
			return true
		}
		arg := call.Args[0]
		from, to := fset.Position(arg.Pos()).Offset, fset.Position(arg.End()).Offset
		k, text := literal(expr[from:to], t)
		if k == litNone {
			return true
		}
		edits = append(edits, edit{from, to, litFuncs[k] + "(" + strconv.Itoa(len(lits)) + ")"})
		lits = append(lits, text)
		return false
	})
	for i := len(edits) - 1; i >= 0; i-- {
		expr = expr[:edits[i].from] + edits[i].text + expr[edits[i].to:]
	}
	return expr, lits
}

// usedImports are the imports of p that its code names: a caller may
// give every probe of a spec the imports of all of them, and a literal
// argument that travels in the request (math.Inf(1)) takes its import's
// use with it; an import the code does not use does not compile. Blank
// and dot imports stay, and when the code does not parse, all of them.
func usedImports(p Probe) map[string]string {
	used := map[string]bool{}
	mark := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	exprs := append([]string{p.Recv, p.Panicking}, p.Asserts...)
	for _, a := range p.Args {
		if !strings.HasPrefix(a, litMarker) && !strings.HasPrefix(a, argMarker) {
			exprs = append(exprs, a)
		}
	}
	for _, gl := range p.Globals {
		if !strings.HasPrefix(gl.Expr, litMarker) {
			exprs = append(exprs, gl.Expr)
		}
	}
	for _, e := range exprs {
		if strings.TrimSpace(e) == "" {
			continue
		}
		x, err := parser.ParseExpr(e)
		if err != nil {
			return p.Imports
		}
		mark(x)
	}
	if strings.TrimSpace(p.Setup) != "" {
		f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+p.Setup+"\n}", parser.SkipObjectResolution)
		if err != nil {
			return p.Imports
		}
		mark(f)
	}
	out := map[string]string{}
	for path, name := range p.Imports {
		if used[name] || name == "_" || name == "." || (name == "" && used[importName(path)]) {
			out[path] = name
		}
	}
	return out
}

// litMarker starts an argument that probeBody writes as the read of a
// literal, converted to the parameter's type.
const litMarker = "\x00lit:"

// litArg is the expression probeBody writes for a templated argument
// of the type written typ; ok is false for any other argument.
func litArg(arg, typ string) (string, bool) {
	read, ok := strings.CutPrefix(arg, litMarker)
	if !ok {
		return "", false
	}
	return typ + "(" + read + ")", true
}

// shapeName names the shared function of a templated probe's body (its
// text with a placeholder name): the same body, the same name, in any
// program.
func shapeName(body string) string {
	return hashedName("specgenShape", body)
}

// hashedName is prefix and a hash of parts (NUL between them): the
// name of a generated function by what makes it.
func hashedName(prefix string, parts ...string) string {
	h := sha256.New()
	for i, p := range parts {
		if i > 0 {
			h.Write([]byte{0})
		}
		h.Write([]byte(p))
	}
	return prefix + hex.EncodeToString(h.Sum(nil)[:6])
}

// wireID is the request id of a templated probe: its function's name
// and its literals, each quoted (a quoted string holds no NUL), after a
// NUL each.
func wireID(name string, lits []string) string {
	var b strings.Builder
	b.WriteString(name)
	for _, l := range lits {
		b.WriteByte(0)
		b.WriteString(strconv.Quote(l))
	}
	return b.String()
}

// wireName is the function a request id (see wireID) names.
func wireName(id string) string {
	name, _, _ := strings.Cut(id, "\x00")
	return name
}
