package explore

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// maxKnobs bounds the package-level variables one exploration sets.
const maxKnobs = 4

// maxHookValues bounds the values a hook knob takes, nil among them.
const maxHookValues = 6

// knobPick is how rarely (one in knobPick) a mutation changes a knob
// rather than an input: a knob has a few values, an input many.
const knobPick = 8

// knob is a package-level variable the function reads that the package
// itself never assigns: a setting its users change (CoerceNewVersion,
// DefaultTimeout, Debug). The explorer tries the function under its
// other values too, each probe setting it before the call and the
// executor setting it back after.
type knob struct {
	name  string
	typ   types.Type
	def   spec.Value   // its value as declared
	cands []spec.Value // def first, but for a clock hook: fixed clocks only
	// base is the value probes start from: def, but for a clock hook
	// the first fixed clock, so that no case depends on the time it runs.
	base spec.Value
	// hook marks a variable of a func or interface type declared
	// without a value or with another package's (see dependency):
	// cands are def (nil, or that value) and the values the explorer
	// builds of its type.
	hook bool
}

// knobs lists the settings f reads, in its reach: variables of the
// package of a basic type (bool, a number, a string) whose declaration
// gives a constant value or none, and clock hooks (var timeNow =
// time.Now), which no function of the package (init included) assigns,
// increments or takes the address of, but a setter outside the reach
// assigning a constant (poolEnabled = true); and hooks, variables of a
// func or interface type declared without a value or with another
// package's (var rander = rand.Reader), assigned or not (a picker a
// Register function sets).
// Exported ones come first, then in the order the reach reads them; at
// most maxKnobs.
func knobs(f *target.Func) []knob {
	if f.Pkg == nil || f.Pkg.Types == nil || f.Pkg.TypesInfo == nil || f.Pkg.Fset == nil {
		return nil
	}
	info, fset, scope := f.Pkg.TypesInfo, f.Pkg.Fset, f.Pkg.Types.Scope()
	pkgVar := func(e ast.Expr) *types.Var {
		var id *ast.Ident
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = e
		case *ast.SelectorExpr:
			id = e.Sel
		default:
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Parent() != scope {
			return nil
		}
		return v
	}
	spans := f.Reach()
	inReach := func(fd *ast.FuncDecl) bool {
		p, e := fset.Position(fd.Pos()), fset.Position(fd.End())
		for _, s := range spans {
			if s.Overlaps(filepath.Clean(p.Filename), p.Line, e.Line) {
				return true
			}
		}
		return false
	}
	// state are the variables the package writes other than as a
	// setter does, by an assignment of a constant outside the reach
	// (poolEnabled = true in EnableRandPool), which the reach only reads.
	state := map[*types.Var]bool{}
	seen := map[*types.Var]bool{}
	var read []*types.Var // in the order the reach first reads them
	for _, file := range f.Pkg.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			reach := inReach(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						setter := !reach && n.Tok == token.ASSIGN && len(n.Rhs) == len(n.Lhs) && info.Types[n.Rhs[i]].Value != nil
						if v := pkgVar(l); v != nil && !setter {
							state[v] = true
						}
					}
				case *ast.IncDecStmt:
					if v := pkgVar(n.X); v != nil {
						state[v] = true
					}
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						if v := pkgVar(n.X); v != nil {
							state[v] = true
						}
					}
				case *ast.Ident:
					if v, ok := info.Uses[n].(*types.Var); ok && reach && v.Parent() == scope && !seen[v] {
						seen[v] = true
						read = append(read, v)
					}
				}
				return true
			})
		}
	}
	var out []knob
	for _, v := range read {
		if v.Name() == "_" || strings.HasPrefix(v.Name(), "specgen") {
			continue
		}
		if isHook(v.Type()) && !isClock(v.Type()) {
			if e, ok := declaration(f.Pkg, v); ok && e == nil {
				// A hook the package leaves unset until a caller
				// registers one (var portPicker func(string)
				// PeerPicker, set by RegisterPeerPicker), which the
				// harness sets back like any other: nil, then the
				// values of its type (added by newAnalysis).
				out = append(out, knob{name: v.Name(), typ: v.Type(), def: spec.NullValue(), hook: true})
				continue
			}
		}
		if isHook(v.Type()) && !isClock(v.Type()) {
			if e, ok := dependency(f.Pkg, v); ok {
				// A dependency the package reaches through a variable
				// (var rander = rand.Reader), which a setter or a test
				// replaces: left as declared, then the values of its
				// type, a reader that fails among them.
				out = append(out, knob{name: v.Name(), typ: v.Type(), def: spec.CodeValue(e), hook: true})
				continue
			}
		}
		if state[v] {
			continue
		}
		if isClock(v.Type()) && declaredAs(f.Pkg, v, "time", "Now") {
			out = append(out, knob{name: v.Name(), typ: v.Type(), def: spec.CodeValue("time.Now")})
			continue
		}
		b, ok := v.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) == 0 || b.Info()&types.IsComplex != 0 {
			continue
		}
		def, ok := declaredValue(f.Pkg, v)
		if !ok {
			continue
		}
		out = append(out, knob{name: v.Name(), typ: v.Type(), def: def})
	}
	sort.SliceStable(out, func(i, j int) bool {
		return token.IsExported(out[i].name) && !token.IsExported(out[j].name)
	})
	out = out[:min(len(out), maxKnobs)]
	for i := range out {
		out[i].cands = []spec.Value{out[i].def}
		if !out[i].hook {
			out[i].cands = knobValues(out[i].typ, out[i].def)
		}
		out[i].base = out[i].cands[0]
	}
	return out
}

// isHook reports whether t is a func type or an interface with methods:
// what a package-level variable holding a hook or a dependency has.
func isHook(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		return !u.Empty()
	}
	return false
}

// clocks are the fixed clocks a clock hook (var timeNow = time.Now) is
// set to: a moment with every field distinct, the Unix epoch, and one
// in a leap year's last second of the day.
var clocks = []string{
	"func() time.Time { return time.Date(2006, time.January, 2, 15, 4, 5, 123456789, time.UTC) }",
	"func() time.Time { return time.Unix(0, 0).UTC() }",
	"func() time.Time { return time.Date(2024, time.February, 29, 23, 59, 59, 0, time.UTC) }",
}

// isClock reports whether t is func() time.Time, the type of a clock
// hook.
func isClock(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && !sig.Variadic() && isTime(sig.Results().At(0).Type())
}

// declaration finds the declaration of the package-level variable v:
// its value when the declaration gives one (ok false when it gives
// several values for one call's results, or v is not declared in p).
func declaration(p *target.Package, v *types.Var) (value ast.Expr, ok bool) {
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			gd, isVar := d.(*ast.GenDecl)
			if !isVar || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if p.TypesInfo.Defs[id] != v {
						continue
					}
					switch len(vs.Values) {
					case 0:
						return nil, true
					case len(vs.Names):
						return vs.Values[i], true
					}
					return nil, false
				}
			}
		}
	}
	return nil, false
}

// declaredAs reports whether the package-level variable v is declared
// with the function pkg.name of another package as its value
// (var timeNow = time.Now).
func declaredAs(p *target.Package, v *types.Var, pkg, name string) bool {
	e, ok := declaration(p, v)
	if !ok || e == nil {
		return false
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := p.TypesInfo.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == pkg && fn.Name() == name
}

// dependency is the declared value of v, a package-level variable, when
// it is a variable or function of another package (var rander =
// rand.Reader, var lookupEnv = os.LookupEnv), as its code.
func dependency(p *target.Package, v *types.Var) (string, bool) {
	e, ok := declaration(p, v)
	if !ok || e == nil {
		return "", false
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return "", false
	}
	if _, isPkg := p.TypesInfo.Uses[id].(*types.PkgName); !isPkg {
		return "", false // a field of a variable (cfg.Reader)
	}
	obj := p.TypesInfo.Uses[sel.Sel]
	switch obj.(type) {
	case *types.Var, *types.Func:
	default:
		return "", false
	}
	if obj.Pkg() == nil || obj.Pkg() == p.Types {
		return "", false
	}
	return types.ExprString(e), true
}

// declaredValue is the value v, a package-level variable of a basic
// type, is declared with: its constant initialiser, or its zero value
// when it has none; ok is false for any other initialiser.
func declaredValue(p *target.Package, v *types.Var) (spec.Value, bool) {
	e, ok := declaration(p, v)
	switch {
	case !ok:
		return spec.Value{}, false
	case e == nil:
		return zeroValue(v.Type()), true
	}
	tv, ok := p.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return spec.Value{}, false
	}
	return constValueOf(tv.Value, v.Type())
}

// constValueOf is the constant c as a value of the basic type t.
func constValueOf(c constant.Value, t types.Type) (spec.Value, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return spec.Value{}, false
	}
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0 && c.Kind() == constant.Bool:
		return spec.BoolValue(constant.BoolVal(c)), true
	case info&types.IsString != 0 && c.Kind() == constant.String:
		return spec.StringValue(constant.StringVal(c)), true
	case info&types.IsUnsigned != 0:
		if u, exact := constant.Uint64Val(constant.ToInt(c)); exact {
			return spec.UintValue(u), true
		}
	case info&types.IsInteger != 0:
		if i, exact := constant.Int64Val(constant.ToInt(c)); exact {
			return spec.IntValue(i), true
		}
	case info&types.IsFloat != 0:
		if f, _ := constant.Float64Val(constant.ToFloat(c)); !math.IsInf(f, 0) {
			return spec.FloatValue(f), true
		}
	}
	return spec.Value{}, false
}

// knobValues are the values a knob of type t declared as def is tried
// with, def first: the other truth value of a flag; zero, one, minus
// one and the neighbours, half and double of a number; the empty string
// and a word for a string; for a clock hook, fixed clocks, never the
// real one.
func knobValues(t types.Type, def spec.Value) []spec.Value {
	if isClock(t) {
		var out []spec.Value
		for _, c := range clocks {
			out = append(out, spec.CodeValue(c))
		}
		return out
	}
	out := []spec.Value{def}
	seen := map[string]bool{def.String(): true}
	add := func(v spec.Value) {
		if k := v.String(); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	b := t.Underlying().(*types.Basic)
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		add(spec.BoolValue(!def.Bool))
	case info&types.IsString != 0:
		add(spec.StringValue(""))
		add(spec.StringValue(def.Str + "x"))
		add(spec.StringValue("x"))
	case info&types.IsUnsigned != 0:
		d := def.Uint
		us := []uint64{0, 1, d / 2}
		if d > 0 {
			us = append(us, d-1)
		}
		if d < math.MaxUint64 {
			us = append(us, d+1)
		}
		if d <= math.MaxUint64/2 {
			us = append(us, 2*d)
		}
		for _, u := range us {
			if fitsKind(float64(u), b.Kind()) {
				add(spec.UintValue(u))
			}
		}
	case info&types.IsInteger != 0:
		d := def.Int
		is := []int64{0, 1, -1, d / 2}
		if d > math.MinInt64 {
			is = append(is, d-1)
		}
		if d < math.MaxInt64 {
			is = append(is, d+1)
		}
		if d >= math.MinInt64/2 && d <= math.MaxInt64/2 {
			is = append(is, 2*d)
		}
		for _, i := range is {
			if fitsKind(float64(i), b.Kind()) {
				add(spec.IntValue(i))
			}
		}
	case info&types.IsFloat != 0:
		d := def.Float
		for _, x := range []float64{0, 1, -1, d / 2, 2 * d} {
			add(spec.FloatValue(x))
		}
	}
	return out
}

// fitsKind reports whether x is a value of the basic integer kind k.
func fitsKind(x float64, k types.BasicKind) bool {
	switch k {
	case types.Int8:
		return x >= math.MinInt8 && x <= math.MaxInt8
	case types.Int16:
		return x >= math.MinInt16 && x <= math.MaxInt16
	case types.Int32:
		return x >= math.MinInt32 && x <= math.MaxInt32
	case types.Uint8:
		return x >= 0 && x <= math.MaxUint8
	case types.Uint16:
		return x >= 0 && x <= math.MaxUint16
	case types.Uint32:
		return x >= 0 && x <= math.MaxUint32
	case types.Uint, types.Uint64, types.Uintptr:
		return x >= 0
	}
	return true
}
