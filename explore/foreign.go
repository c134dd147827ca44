package explore

import (
	"go/types"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the values of other packages' types.
const (
	maxForeign     = 12 // candidates of an opaque type of another package
	maxImplTypes   = 6  // implementations of an interface tried
	perImplType    = 4  // candidates of each implementation
	foreignArgPick = 4  // candidates of each constructor argument
)

// patternWords are the parameter names of a constructor that compiles a
// pattern (regexp.MustCompile(str), a glob), whose candidates are patterns.
var patternWords = []string{"expr", "pattern", "regex", "regexp", "glob"}

// samplePatterns are regular expressions a pattern parameter is given
// first: they compile, and they match or strip something of ordinary text.
var samplePatterns = []string{`[,_ ]`, `[^0-9.\-]`, `\s+`, `a+`, `^x`, ``}

// foreignTarget returns the named type of t, or of what t points to,
// when it is declared in another package that code may name (see
// target.CodeNames) and its values cannot be written as plain values
// (a struct with unexported fields: *regexp.Regexp, *big.Int).
func (g *valueGen) foreignTarget(t types.Type) (*types.Named, bool) {
	if g.self == nil || target.Rebuilds(t) {
		return nil, false
	}
	base, ptr := types.Unalias(t), false
	if p, ok := base.(*types.Pointer); ok {
		base, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := base.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() == g.self.Path() || n.TypeParams().Len() > 0 || !n.Obj().Exported() {
		return nil, false
	}
	if !target.CodeNames(g.self, n.Obj().Pkg()) {
		return nil, false
	}
	return n, ptr
}

// foreignValues are values of an opaque type of another package, built
// by the exported functions of that package that return it from plain
// arguments (regexp.MustCompile, big.NewInt, strings.NewReader), the
// error dropped; those without an error, then those named Must…, first.
// ts names n as code of the package under test does (regexp.Regexp).
func (g *valueGen) foreignValues(n *types.Named, ts string, ptr bool, depth int) []spec.Value {
	if depth >= maxDepth {
		return nil
	}
	pkg := n.Obj().Pkg()
	var ctors []ctor
	for _, name := range pkg.Scope().Names() {
		fn, ok := pkg.Scope().Lookup(name).(*types.Func)
		if !ok || !fn.Exported() || executors.NetworkName(pkg.Path(), name) {
			continue // http.Get: a probe naming it is refused
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 || sig.Params().Len() == 0 || sig.Params().Len() > 3 {
			continue
		}
		c, ok := returns(fn, sig, n)
		if !ok || !plainParams(sig) {
			continue
		}
		ctors = append(ctors, c)
	}
	// Constructors without an error first: a failed one gives nil.
	var sorted []ctor
	for _, pass := range []func(c ctor) bool{
		func(c ctor) bool { return !c.err && strings.HasPrefix(c.fn.Name(), "Must") },
		func(c ctor) bool { return !c.err && !strings.HasPrefix(c.fn.Name(), "Must") },
		func(c ctor) bool { return c.err },
	} {
		for _, c := range ctors {
			if pass(c) {
				sorted = append(sorted, c)
			}
		}
	}
	var out []spec.Value
	for _, c := range sorted {
		for _, args := range g.foreignArgs(c, depth) {
			bc := builtCall{c: c, call: pkg.Name() + "." + c.fn.Name() + "(" + strings.Join(args, ", ") + ")"}
			out = append(out, spec.CodeValue(bc.expr(ts).as(ts, ptr)))
			if len(out) == maxForeign {
				return out
			}
		}
	}
	return out
}

// maxOwnProducers bounds the package's own values of another package's
// type (see ownProducers).
const maxOwnProducers = 4

// ownProducers are the values of t, an opaque type of another package
// named ts as its package's code names it (regexp.Regexp; t is a pointer
// to it when ptr is set), that the package makes without arguments: its
// functions without parameters that return a t, maybe with an error
// (getVersionRegexp()), by name. They are what the package passes where
// t is taken (newVersion(v, pattern *regexp.Regexp)), which samples of
// the foreign constructors (regexp.MustCompile("a+")) rarely are. Its
// variables of type t are left out: one set lazily (by a sync.Once in
// such a function) holds what earlier probes of the process did. The
// function under test and functions that look like they wait on I/O are
// never called.
func (g *valueGen) ownProducers(t types.Type, ts string, ptr bool) []spec.Value {
	if ptr {
		ts = "*" + ts
	}
	var out []spec.Value
	scope := g.self.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		// A Get or get alone names a getter here, not a fetch: what
		// follows it says whether it waits (getReader, GetOpenFile).
		if !ok || fn == g.under || ioLike(strings.TrimPrefix(strings.TrimPrefix(name, "get"), "Get")) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 || sig.Params().Len() > 0 || !producesType(sig, t) {
			continue
		}
		out = append(out, spec.CodeValue(dropErr(sig, name+"()", ts)))
		if len(out) == maxOwnProducers {
			break
		}
	}
	return out
}

// returns reports whether fn returns a T or *T of n, maybe with an
// error, as a constructor.
func returns(fn *types.Func, sig *types.Signature, n *types.Named) (ctor, bool) {
	res := sig.Results()
	c := ctor{fn: fn, sig: sig}
	switch {
	case res.Len() == 2 && isErrorType(res.At(1).Type()):
		c.err = true
	case res.Len() != 1:
		return c, false
	}
	t := types.Unalias(res.At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t, c.ptr = types.Unalias(p.Elem()), true
	}
	return c, types.Identical(t, n)
}

// plainParams reports whether every parameter of sig is of a basic type
// or a slice of bytes, as a variadic parameter too, or the empty
// interface (reflect.ValueOf).
func plainParams(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if emptyInterface(t) {
			continue
		}
		if s, ok := t.Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
		if _, ok := t.Underlying().(*types.Basic); !ok {
			return false
		}
	}
	return true
}

func emptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

// kindSample are values of an empty interface for a foreign
// constructor's argument, one of each kind and its zero value, so that
// what the constructor makes of them differs in kind (reflect.ValueOf).
var kindSample = []spec.Value{
	spec.IntValue(42), spec.StringValue("abc"), spec.BoolValue(true), spec.FloatValue(3.7),
	spec.CodeValue("[]int{1, 2, 3}"), spec.CodeValue(`map[string]int{"a": 1}`), spec.CodeValue("struct{ A int }{A: 1}"),
	spec.NullValue(), spec.IntValue(0), spec.StringValue(""), spec.BoolValue(false), spec.CodeValue("[]int(nil)"),
}

// foreignArgs are the argument lists a foreign constructor is called
// with: the typical one, then each parameter through a few candidates;
// a parameter named like a pattern gets patterns first.
func (g *valueGen) foreignArgs(c ctor, depth int) [][]string {
	sig := c.sig
	if sig.Variadic() {
		return nil
	}
	np := sig.Params().Len()
	cands := make([][]spec.Value, np)
	rounds := 0
	for i := 0; i < np; i++ {
		prm := sig.Params().At(i)
		cands[i] = g.valuesAt(prm.Type(), depth+1)
		picks := foreignArgPick
		if emptyInterface(prm.Type()) {
			cands[i], picks = kindSample, len(kindSample)
		} else if isStringType(prm.Type()) && isPatternParam(prm.Name()) {
			var pats []spec.Value
			for _, p := range samplePatterns {
				pats = append(pats, spec.StringValue(p))
			}
			cands[i] = append(pats, cands[i]...)
		} else if isStringType(prm.Type()) {
			cands[i] = likelyFirst(cands[i])
		}
		cands[i] = cands[i][:min(len(cands[i]), picks)]
		rounds = max(rounds, len(cands[i]))
	}
	var out [][]string
	seen := map[string]bool{}
	for r := 0; r < rounds; r++ {
		args := make([]string, np)
		ok := true
		for i := range args {
			if len(cands[i]) == 0 {
				return out
			}
			t := sig.Params().At(i).Type()
			if emptyInterface(t) {
				// interface{}, not any: a module's language may
				// predate it.
				t = types.NewInterfaceType(nil, nil)
			}
			args[i], ok = g.arg(cands[i][min(r, len(cands[i])-1)], t)
			if !ok {
				break
			}
		}
		if key := strings.Join(args, ","); ok && !seen[key] {
			seen[key] = true
			out = append(out, args)
		}
	}
	return out
}

// isPatternParam reports whether a parameter's name says it is a pattern.
func isPatternParam(name string) bool {
	name = strings.ToLower(name)
	for _, w := range patternWords {
		if name == w || name == "str" && w == "expr" {
			return true
		}
	}
	return false
}

// implValues are values for a parameter of a non-empty interface: those
// of the package's own types that implement it (T or *T), a few of each,
// written as code of the concrete type. A generic type of the package is
// instantiated with targs, the type arguments of the interface (Set[int]
// is implemented by *hashSet[int]), when it takes as many.
func (g *valueGen) implValues(it *types.Interface, targs *types.TypeList, depth int) []spec.Value {
	closed := sealed(it)
	if g.self == nil || depth >= maxDepth-1 && !(closed && depth < maxDepth) {
		// A sealed interface is given its implementations one level
		// deeper: it has no other values (see ifaceValues).
		return nil
	}
	var out []spec.Value
	found := 0
	for _, tn := range g.implCandidates(it) {
		if found == maxImplTypes {
			break
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) {
			continue
		}
		if n.TypeParams().Len() > 0 {
			if n = instantiate(n, targs); n == nil {
				continue
			}
		}
		var t types.Type
		switch {
		case types.Implements(n, it):
			t = n
		case types.Implements(types.NewPointer(n), it):
			t = types.NewPointer(n)
		default:
			continue
		}
		found++
		if sig, ok := n.Underlying().(*types.Signature); ok {
			// A func type implementing the interface (an adapter,
			// as http.HandlerFunc): small functions converted to it.
			out = append(out, g.adapted(n, sig)...)
			continue
		}
		// The first candidates (the empty value, the small ones), and
		// the largest written of the rest: a value with more in it than
		// the receiver's is what makes a function that compares the two
		// (loop over the smaller set) take its other branch.
		var vs []spec.Value
		at := depth + 1
		if closed {
			at = depth // an interface no caller implements holds them as they are
		}
		for _, v := range g.valuesAt(t, at) {
			if v.Kind == spec.Null {
				continue
			}
			if v, ok := g.exactCode(v, t); ok {
				vs = append(vs, v)
			}
		}
		if len(vs) > perImplType {
			largest := perImplType - 1
			for i := perImplType; i < len(vs); i++ {
				if len(vs[i].Str) > len(vs[largest].Str) {
					largest = i
				}
			}
			vs = append(vs[:perImplType-1:perImplType-1], vs[largest])
		}
		out = append(out, vs...)
	}
	return out
}

// sealed reports an interface with an unexported method: only its own
// package can implement it (a document's Token, a syntax tree's Node),
// so a fake of it is a value no caller could make.
func sealed(it *types.Interface) bool {
	for i := 0; i < it.NumMethods(); i++ {
		if !it.Method(i).Exported() {
			return true
		}
	}
	return false
}

// implCandidates are the type names implValues looks through for
// implementations of it: the package's own, else, when none of them
// implements it, the exported ones of the packages outside the standard
// library that the package imports (the generated messages a package
// of protobuf's hands to proto.Unmarshal as a proto.Message).
func (g *valueGen) implCandidates(it *types.Interface) []*types.TypeName {
	implements := func(tn *types.TypeName) bool {
		t := tn.Type()
		if _, ok := t.(*types.Named); !ok || types.IsInterface(t) {
			return false
		}
		if t.(*types.Named).TypeParams().Len() > 0 {
			return true // instantiated by the caller
		}
		return types.Implements(t, it) || types.Implements(types.NewPointer(t), it)
	}
	var own, dep []*types.TypeName
	scope := g.self.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			own = append(own, tn)
		}
	}
	for _, tn := range own {
		if implements(tn) {
			return own
		}
	}
	for _, p := range g.self.Imports() {
		if !strings.Contains(strings.Split(p.Path(), "/")[0], ".") {
			continue // a standard package
		}
		sc := p.Scope()
		for _, name := range sc.Names() {
			tn, ok := sc.Lookup(name).(*types.TypeName)
			if ok && tn.Exported() && !tn.IsAlias() && implements(tn) {
				if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
					dep = append(dep, tn)
				}
			}
		}
	}
	return dep
}

// adapted are the candidates of a named func type n implementing an
// interface (see implValues): the small functions of its signature (see
// funcValues) converted to n, nil left out, at most perImplType.
func (g *valueGen) adapted(n *types.Named, sig *types.Signature) []spec.Value {
	ts := target.NewQualifier(g.self).TypeString(n)
	var out []spec.Value
	for _, v := range g.funcValues(sig) {
		if v.Kind == spec.Code && len(out) < perImplType {
			out = append(out, spec.CodeValue(ts+"("+v.Str+")"))
		}
	}
	return out
}

// instantiate is generic type n with type arguments targs, or nil when
// they are not as many as its type parameters or do not satisfy their
// constraints.
func instantiate(n *types.Named, targs *types.TypeList) *types.Named {
	if targs == nil || targs.Len() != n.TypeParams().Len() {
		return nil
	}
	args := make([]types.Type, targs.Len())
	for i := range args {
		args[i] = targs.At(i)
	}
	inst, err := types.Instantiate(nil, n, args, true)
	if err != nil {
		return nil
	}
	in, _ := inst.(*types.Named)
	return in
}

// exactCode writes v, a candidate of type t, as code of exactly type t,
// for an interface to hold: a constant of a named basic type is
// converted to it (Celsius(0.5), not 0.5, which would hold a float64).
func (g *valueGen) exactCode(v spec.Value, t types.Type) (spec.Value, bool) {
	if v.Kind == spec.Code {
		return v, true
	}
	q := target.NewQualifier(g.self)
	src, err := target.GoExpr(v, t, q)
	if err != nil {
		return spec.Value{}, false
	}
	ts := q.TypeString(t)
	if _, basic := t.Underlying().(*types.Basic); basic && !strings.HasPrefix(src, ts+"(") {
		src = ts + "(" + src + ")"
	}
	if spec.CheckCode(src) != nil {
		return spec.Value{}, false
	}
	return spec.CodeValue(src), true
}

// chanValues are channels for a parameter, made by code: buffered and
// empty, holding one value, and holding two values then closed (an
// unbuffered channel would only block the call until it times out).
func (g *valueGen) chanValues(c *types.Chan, depth int) []spec.Value {
	q := target.NewQualifier(g.self)
	elem := q.TypeString(c.Elem())
	if len(q.Imports()) > 0 || depth >= maxDepth {
		return nil
	}
	var vals []string
	for _, v := range g.valuesAt(c.Elem(), depth+1) {
		if e, ok := g.arg(v, c.Elem()); ok && v.Kind != spec.Null {
			vals = append(vals, e)
		}
		if len(vals) == 2 {
			break
		}
	}
	mk := "make(chan " + elem + ", 3)"
	out := []spec.Value{spec.CodeValue(mk)}
	if len(vals) == 0 {
		return out
	}
	fill := func(vs []string, closed bool) string {
		var b strings.Builder
		b.WriteString("func() chan " + elem + " { c := " + mk)
		for _, v := range vs {
			b.WriteString("; c <- " + v)
		}
		if closed {
			b.WriteString("; close(c)")
		}
		b.WriteString("; return c }()")
		return b.String()
	}
	out = append(out, spec.CodeValue(fill(vals[:1], false)), spec.CodeValue(fill(vals, true)))
	for i, v := range out {
		if spec.CheckCode(v.Str) != nil {
			return out[:i]
		}
	}
	return out
}
