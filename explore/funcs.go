package explore

import (
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// funcValues are the candidates of a func type: small function literals
// built from its signature, written as code (spec.Code), then nil. They
// are: identity (a parameter returned as a result of its type), the zero
// values of the results, a non-zero constant, for a bool result the
// predicates true and false and a comparison of a parameter, for a
// numeric or string result a parameter changed a little, and a function
// that panics.
func (g *valueGen) funcValues(sig *types.Signature) []spec.Value {
	q := target.NewQualifier(g.self)
	params := sig.Params()
	names := make([]string, params.Len())
	for i := range names {
		names[i] = paramName(i, params.Len())
	}
	head := target.FuncHead(sig, names, q.TypeString)
	res := sig.Results()
	var out []spec.Value
	seen := map[string]bool{}
	add := func(body string) {
		src := head + " { " + body + " }"
		if body == "" {
			src = head + " {}"
		}
		if !seen[src] && spec.CheckCode(src) == nil {
			seen[src] = true
			out = append(out, spec.CodeValue(src))
		}
	}
	ret := func(exprs []string) string { return "return " + strings.Join(exprs, ", ") }
	if res.Len() == 0 {
		add("")
		add(panicBody)
		return append(out, spec.NullValue())
	}
	zeros := make([]string, res.Len())
	ok := true
	for i := range zeros {
		zeros[i], ok = zeroExpr(res.At(i).Type(), q)
		if !ok {
			break
		}
	}
	// Identity: each result of a parameter's type is that parameter.
	if ok {
		ident := append([]string(nil), zeros...)
		found := false
		for i := 0; i < res.Len(); i++ {
			for j := 0; j < params.Len(); j++ {
				if !(sig.Variadic() && j == params.Len()-1) && types.Identical(params.At(j).Type(), res.At(i).Type()) {
					ident[i], found = names[j], true
					break
				}
			}
		}
		if found {
			add(ret(ident))
		}
	}
	// A single bool result: the predicates.
	if res.Len() == 1 && isBool(res.At(0).Type()) {
		add("return true")
		add("return false")
		for j := 0; j < params.Len() && j < 3; j++ {
			if sig.Variadic() && j == params.Len()-1 {
				break
			}
			t := params.At(j).Type()
			switch {
			case isNumeric(t):
				add("return " + names[j] + " > 0")
			case isStringType(t):
				add("return " + names[j] + ` != ""`)
			}
			if j+1 < params.Len() && !(sig.Variadic() && j+1 == params.Len()-1) && types.Identical(t, params.At(j+1).Type()) && isOrdered(t) {
				add(orderBody(names[j], names[j+1]))
			}
		}
	}
	if ok {
		add(ret(zeros))
		nonzero := append([]string(nil), zeros...)
		for i := range nonzero {
			if c, ok := nonZeroExpr(res.At(i).Type()); ok {
				nonzero[i] = c
			}
		}
		add(ret(nonzero))
		if res.Len() == 1 {
			// A value of an interface result (a picker's Sink): the
			// zero results are only nil.
			if e, ok := g.someImpl(res.At(0).Type()); ok {
				add("return " + e)
			}
		}
		// A parameter changed a little, for a result of its type.
		if res.Len() == 1 {
			for j := 0; j < params.Len(); j++ {
				if sig.Variadic() && j == params.Len()-1 || !types.Identical(params.At(j).Type(), res.At(0).Type()) {
					continue
				}
				switch t := res.At(0).Type(); {
				case isNumeric(t):
					add("return " + names[j] + " + 1")
				case isStringType(t):
					add("return " + names[j] + ` + "!"`)
				}
				break
			}
		}
	}
	if n := res.Len(); ok && isErrorType(res.At(n-1).Type()) {
		// Failures: a plain error, then the package's own (wrapped by
		// its wrappers, its sentinels); and one failure before a
		// success, the path a retry loop takes.
		fails := g.failures()
		for _, e := range fails {
			add(ret(append(append([]string(nil), zeros[:n-1]...), e)))
		}
		succeed := zeros
		if n > 1 {
			succeed = append([]string(nil), zeros...)
			if c, ok := nonZeroExpr(res.At(0).Type()); ok {
				succeed[0] = c
			}
		}
		failed := append(append([]string(nil), zeros[:n-1]...), fails[len(fails)-1])
		// The counter lives in a closure around the function.
		lit := head + " { calls++; if calls == 1 { " + ret(failed) + " }; " + ret(succeed) + " }"
		if src := "func() " + q.TypeString(sig) + " { calls := 0; return " + lit + " }()"; spec.CheckCode(src) == nil {
			out = append(out, spec.CodeValue(src))
		}
	}
	add(panicBody)
	return append(out, spec.NullValue())
}

// someImpl is a value of t, an interface with methods other than
// error, written as code: its first candidate that is neither nil nor a
// failing fake, built at the deepest level, so that a function
// returning it stays small.
func (g *valueGen) someImpl(t types.Type) (string, bool) {
	if it, ok := t.Underlying().(*types.Interface); !ok || it.Empty() || isErrorType(t) {
		return "", false
	}
	for _, v := range g.argCands(t, maxDepth-2) {
		if v.Kind == spec.Null || failingFake(v) {
			continue
		}
		return g.arg(v, t)
	}
	return "", false
}

// maxFailures bounds the errors failures gives.
const maxFailures = 3

// failures are the errors a candidate function returns to fail, as
// code: errors.New("boom"), that error given to each of the package's
// functions that wrap an error (func(error) error: RetryableError(err),
// which callers use to say how to handle it), then the package's own
// error variables (ErrNotFound), at most maxFailures, the wrapped last
// (a caller's code handles it, and a retry loop goes on). The function
// under test is not called.
func (g *valueGen) failures() []string {
	const plain = `errors.New("boom")`
	var wrapped, sentinels []string
	if g.self != nil {
		scope := g.self.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				sig := obj.Type().(*types.Signature)
				if obj != g.under && sig.Params().Len() == 1 && sig.Results().Len() == 1 && !sig.Variadic() &&
					isErrorType(sig.Params().At(0).Type()) && isErrorType(sig.Results().At(0).Type()) {
					wrapped = append(wrapped, name+"("+plain+")")
				}
			case *types.Var:
				if isErrorType(obj.Type()) {
					sentinels = append(sentinels, name)
				}
			}
		}
	}
	// The plain error and the sentinels, leaving a place for a wrapper.
	room := maxFailures - min(len(wrapped), 1)
	out := append([]string{plain}, sentinels[:min(len(sentinels), room-1)]...)
	out = append(out, wrapped...)
	return out[:min(len(out), maxFailures)]
}

// panicBody is the body of the candidate function that panics: passed
// where a function is called back, it shows by its panic that it was.
const panicBody = `panic("boom")`

// maxNamedFuncs bounds the declared functions namedFuncs gives.
const maxNamedFuncs = 4

// namedFuncs are declared functions of type t, a func type, that a
// caller would pass where t is taken: those of the package under test,
// then, when t is a named type of another package that code may name
// (see target.CodeNames), that package's exported ones (a
// utils.Comparator is given utils.IntComparator), each package's by
// shortest name first, at most maxNamedFuncs. Generic functions are
// left out, and so are functions for a func(), which are called for
// their effects on the rest of the program.
func (g *valueGen) namedFuncs(t types.Type, sig *types.Signature) []spec.Value {
	if g.self == nil || sig.Params().Len() == 0 && sig.Results().Len() == 0 {
		// A func() is called for what it does to the rest of the
		// program, not passed a declared one here.
		return nil
	}
	var out []spec.Value
	add := func(pkg *types.Package, exported bool) {
		var names []string
		for _, name := range pkg.Scope().Names() {
			fn, ok := pkg.Scope().Lookup(name).(*types.Func)
			if !ok || exported && !fn.Exported() || name == "init" || name == "main" {
				continue
			}
			if fs := fn.Type().(*types.Signature); fs.TypeParams().Len() == 0 && types.Identical(fs, sig) {
				names = append(names, name)
			}
		}
		slices.SortStableFunc(names, func(a, b string) int { return len(a) - len(b) })
		for _, name := range names {
			if len(out) == maxNamedFuncs {
				return
			}
			out = append(out, spec.CodeValue(g.funcName(pkg, name)))
		}
	}
	for _, pkg := range g.funcHomes(t) {
		add(pkg, pkg != g.self)
	}
	return out
}

// funcHomes are the packages whose declared functions give values of t
// (see namedFuncs and funcMakers): the package under test, then, when t
// is a named type of another package that code may name (see
// target.CodeNames), that package, whose exported functions only may be
// named.
func (g *valueGen) funcHomes(t types.Type) []*types.Package {
	homes := []*types.Package{g.self}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if p := n.Obj().Pkg(); p != nil && p != g.self && p.Path() != g.self.Path() && target.CodeNames(g.self, p) {
			homes = append(homes, p)
		}
	}
	return homes
}

// funcName is how code of the package under test names fn, declared in
// pkg.
func (g *valueGen) funcName(pkg *types.Package, name string) string {
	if pkg != g.self {
		return pkg.Name() + "." + name
	}
	return name
}

// maxMakerLists bounds the argument lists each maker is called with
// (see funcMakers).
const maxMakerLists = 2

// funcMakers are calls of the functions that return a function of the
// func type n, named or not: the functional options of a constructor
// (WithPrefix("v") for opts ...Option, WithTimeout(3), WithPresize(2)
// for opts ...func(*MapConfig)), middleware builders. They are the
// package's own, then, when n is declared in another package that
// code may name, that package's exported ones; by
// name, at most maxNamedFuncs, each called with its typical arguments
// and one more list. Left out: generic functions, those that take an n
// (combinators: Chain(opts ...Option) Option), the function under test,
// and functions that look like they wait on I/O.
func (g *valueGen) funcMakers(n types.Type, depth int) []spec.Value {
	if g.self == nil || depth >= maxDepth {
		return nil
	}
	ts := target.NewQualifier(g.self).TypeString(n)
	var out []spec.Value
	made := 0
	for _, m := range g.makers(n) {
		if made == maxNamedFuncs {
			break
		}
		lists := g.argLists(m.sig, depth, 1)
		if len(lists) == 0 {
			continue
		}
		made++
		for _, args := range lists[:min(len(lists), maxMakerLists)] {
			out = append(out, spec.CodeValue(m.expr(args, ts)))
		}
	}
	return out
}

// maker is a function of a package that makes values of a type: its
// name as code calls it, and its signature.
type maker struct {
	call string
	sig  *types.Signature
}

// expr is a call of the maker with args, as an expression of the type it
// makes (named ts), its error dropped.
func (m maker) expr(args []string, ts string) string {
	return dropErr(m.sig, m.call+"("+strings.Join(args, ", ")+")", ts)
}

// makers are the functions that make values of n (see funcMakers), in
// the order of funcHomes, then of their names: not generic, not taking
// an n themselves (a decorator), not waiting on the outside world, not
// the function under exploration.
func (g *valueGen) makers(n types.Type) []maker {
	var out []maker
	for _, pkg := range g.funcHomes(n) {
		exported := pkg != g.self
		for _, name := range pkg.Scope().Names() {
			fn, ok := pkg.Scope().Lookup(name).(*types.Func)
			if !ok || exported && !fn.Exported() || fn == g.under {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.TypeParams().Len() > 0 || !producesType(sig, n) || takesOwn(sig, n) || ioLike(name) {
				continue
			}
			out = append(out, maker{call: g.funcName(pkg, name), sig: sig})
		}
	}
	return out
}

// quickMakers are the values of n, as code, that bound the time a call
// given them takes: what the package's makers of n taking a
// time.Duration alone make with a nanosecond (Delay(time.Nanosecond),
// MaxDelay(time.Nanosecond)), and those taking a context.Context alone
// with one that expires during the call (Context(...)). Appended to the
// options of a call that timed out, they may make it wait less, or stop.
func (g *valueGen) quickMakers(n *types.Named) []spec.Value {
	if g.self == nil {
		return nil
	}
	ts := target.NewQualifier(g.self).TypeString(n)
	var out []spec.Value
	for _, m := range g.makers(n) {
		if m.sig.Params().Len() != 1 || m.sig.Variadic() || len(out) == maxNamedFuncs {
			continue
		}
		switch pt := m.sig.Params().At(0).Type(); {
		case isDuration(pt):
			out = append(out, spec.CodeValue(m.expr([]string{"time.Nanosecond"}, ts)))
		case isNamed(pt, "context", "Context"):
			out = append(out, spec.CodeValue(m.expr([]string{expiringContext}, ts)))
		}
	}
	return out
}

// orderBody is the body of a comparator that orders its parameters a
// and b: the typical function of its type (see typical).
func orderBody(a, b string) string { return "return " + a + " < " + b }

// paramName names the i-th of n parameters of a function literal.
func paramName(i, n int) string {
	if n <= 3 {
		return []string{"x", "y", "z"}[i]
	}
	return "x" + strconv.Itoa(i)
}

// zeroExpr is the zero value of t as a Go expression.
func zeroExpr(t types.Type, q *target.Qualifier) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Signature, *types.Chan:
		return "nil", true
	case *types.Struct, *types.Array:
		return q.TypeString(t) + "{}", true
	}
	return "", false
}

// nonZeroExpr is a non-zero constant of t, for a basic type.
func nonZeroExpr(t types.Type) (string, bool) {
	u, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	switch {
	case u.Info()&types.IsBoolean != 0:
		return "true", true
	case u.Info()&types.IsString != 0:
		return `"x"`, true
	case u.Info()&types.IsNumeric != 0:
		return "1", true
	}
	return "", false
}

func isBool(t types.Type) bool {
	u, ok := t.Underlying().(*types.Basic)
	return ok && u.Info()&types.IsBoolean != 0
}

func isNumeric(t types.Type) bool {
	u, ok := t.Underlying().(*types.Basic)
	return ok && u.Info()&types.IsNumeric != 0 && u.Info()&types.IsComplex == 0
}

func isOrdered(t types.Type) bool {
	u, ok := t.Underlying().(*types.Basic)
	return ok && u.Info()&types.IsOrdered != 0
}
