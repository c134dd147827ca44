package target

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxObserverMethods bounds the methods Observers picks for one type,
// besides its text and its exported fields.
const MaxObserverMethods = 8

// MaxKeyedObservers bounds the observers KeyedObservers picks for one
// method.
const MaxKeyedObservers = 3

// IsObserverMethod reports whether a key of an observed result names a
// method ("Major()", "Get(k)") rather than an exported field ("Name").
func IsObserverMethod(key string) bool { return strings.HasSuffix(key, ")") }

// ReadThroughObserver reports whether a key of an observed value is read
// by its observer (see ObserverBody) rather than off the value's
// canonical tree, which holds exported fields only: a method, or an
// unexported field of a type of the package under test ("h1", see
// Observers).
func ReadThroughObserver(key string) bool {
	return IsObserverMethod(key) || token.IsIdentifier(key) && !token.IsExported(key)
}

// An ObserverArg is a value an observer key may pass to its method by
// name ("Get(k)"): a parameter of the function under test, which the
// probe holds in the variable Expr.
type ObserverArg struct {
	Name string
	Type types.Type
	Expr string
}

// ParamArgs are the parameters of f as observer arguments, parameter j
// held in the variable expr(j). Variadic parameters are left out: what
// the probe holds is the slice, not one value.
func ParamArgs(f *Func, expr func(j int) string) []ObserverArg {
	if f == nil {
		return nil
	}
	var out []ObserverArg
	for j, p := range f.Params {
		if !p.Variadic {
			out = append(out, ObserverArg{Name: p.Name, Type: p.Type, Expr: expr(j)})
		}
	}
	return out
}

// ObservedStruct returns the struct type of t, or of what t points to,
// when results of type t can be observed through their API; ok is false
// for other types.
func ObservedStruct(t types.Type) (st *types.Struct, ok bool) {
	t = types.Unalias(t)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	if isTimeType(t, "Time") {
		return nil, false
	}
	st, ok = t.Underlying().(*types.Struct)
	return st, ok
}

// Opaque reports whether a result of type t hides state from its
// canonical tree, which holds only exported fields: t is a struct with
// an unexported field, or a pointer to one (time.Time excepted, whose
// tree is its text). Such results are recorded through their API (see
// Observers).
func Opaque(t types.Type) bool {
	st, ok := ObservedStruct(t)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// requestObservers are the observers of an *http.Request: the fields a
// handler or a middleware changes, and its methods without arguments
// (which also have the runner read the fields through them).
func requestObservers() []string {
	return []string{"Method", "URL", "Host", "Header", "ContentLength", "Referer()", "UserAgent()"}
}

// Observers chooses what a test would assert about an opaque result of
// type t (nil when t is not Opaque): its text ("String()", "Error()",
// or "MarshalText()" when it has neither), its exported fields in
// declaration order, then up to MaxObserverMethods zero-argument
// exported methods that return one value of a basic type (bool, a
// number, a string), by name. Methods whose name says they change the
// value or reach outside it ("Add", "Pop", "Reset", "Next", ...) are left
// out, and so are the methods of pkg (which may be nil) that assign to
// their receiver. An *http.Request is observed by its method, URL, host,
// header, content length, referer and user agent. A type of pkg that
// has none of those is observed by its unexported fields of plain data
// instead (see stateFields). The result is non-nil for an opaque type,
// empty when nothing can be observed.
func Observers(t types.Type, pkg *Package) []string {
	if ObservedIface(t) {
		return ifaceObservers(t)
	}
	st, ok := ObservedStruct(t)
	if !ok || !Opaque(t) {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok && isHTTPType(p.Elem(), "Request") || isHTTPType(t, "Request") {
		// Its 30 exported fields, its TLS state and body among them,
		// would bury what a handler changed.
		return requestObservers()
	}
	out, texts := textObservers(t)
	if len(out) == 0 && marshalText(t) {
		out = append(out, "MarshalText()")
		texts["MarshalText"] = true
	}
	if len(out) > 0 && standardType(t) {
		// A standard library type with a text form (*big.Int, url.URL)
		// is pinned by that text; its other methods restate it and only
		// split one behaviour into many.
		return out
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Exported() {
			out = append(out, f.Name())
		}
	}
	var methods []string
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() || texts[m.Name()] || MutatorName(m.Name()) || pkg.writesReceiver(m) {
			continue
		}
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !basicResult(sig.Results().At(0).Type()) {
			continue
		}
		methods = append(methods, m.Name())
	}
	sort.Strings(methods)
	if len(methods) > MaxObserverMethods {
		methods = methods[:MaxObserverMethods]
	}
	for _, m := range methods {
		out = append(out, m+"()")
	}
	if len(out) == 0 && pkg != nil && declaredIn(t, pkg.Types) {
		out = append(out, stateFields(st, pkg.Types)...)
	}
	return out
}

// stateFields are the unexported fields of st that hold plain data (a
// bool, number or string, or a slice, array or map of those) or values
// of package self that show something through their API (see
// shownOwn), up to MaxObserverMethods in declaration order: what a type
// of the package under test that shows nothing through its API
// (digest128{h1, h2 uint64}, a parser's position, the elements an
// evaluator's state holds) is observed by. The spec's cases run inside
// that package, where its fields can be read.
func stateFields(st *types.Struct, self *types.Package) []string {
	var out []string
	for i := 0; i < st.NumFields() && len(out) < MaxObserverMethods; i++ {
		if f := st.Field(i); !f.Exported() && f.Name() != "_" && (plainData(f.Type()) || shownOwn(f.Type(), self)) {
			out = append(out, f.Name())
		}
	}
	return out
}

// shownOwn reports whether t is a struct type of package self with an
// exported field or a text method (String, Error), a pointer to one, or
// a slice or array of those: a value whose fields a spec can state
// ([]*Element of a path evaluator's state, each by its tag, attributes
// and children). A map is left out: its keys may be pointers.
func shownOwn(t types.Type, self *types.Package) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Slice:
		t = u.Elem()
	case *types.Array:
		t = u.Elem()
	}
	if !declaredIn(t, self) {
		return false
	}
	st, ok := namedOf(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	if keys, _ := textObservers(t); len(keys) > 0 {
		return true
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// plainData reports a bool, number or string type, or a slice, array
// or map of those: plainResult without interfaces.
func plainData(t types.Type) bool { return plain(t, false) }

// namedOf is the named type t is, or points to; nil for another type.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// declaredIn reports whether t, or what it points to, is a named type
// declared in pkg.
func declaredIn(t types.Type, pkg *types.Package) bool {
	n := namedOf(t)
	return n != nil && pkg != nil && n.Obj().Pkg() == pkg
}

// stateField reports whether name is an unexported field of t, a
// struct or a pointer to one, as its own package sees it: an observer
// key of a type of the package under test (see stateFields).
func stateField(t types.Type, name string) bool {
	n := namedOf(t)
	if n == nil || token.IsExported(name) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(n, true, n.Obj().Pkg(), name)
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}

// textObservers are the observer keys of t's text methods, String()
// and Error(), and the names of those it has.
func textObservers(t types.Type) (keys []string, names map[string]bool) {
	keys, names = []string{}, map[string]bool{}
	for _, name := range []string{"String", "Error"} {
		if textMethod(t, name) {
			keys = append(keys, name+"()")
			names[name] = true
		}
	}
	return keys, names
}

// ObserverBody returns the body of a func() interface{} that computes
// the observer key of x, a variable of type t: "return x.Name" for an
// exported field, "return x.M()" for an exported method with one
// result. A method's arguments are the names of args ("Get(k)" calls
// x.Get with the variable that holds k). A method whose second result
// is an error panics with that error; one whose second result is a
// bool gives both as a list ([value, ok]). It fails when t has no such
// field or method, or the arguments do not fit it. A function x is
// observed by calling it (see Called): key is the argument list.
func ObserverBody(t types.Type, key, x string, args []ObserverArg) (string, error) {
	if _, ok := serveRequest(key); ok && Serves(t) {
		return serveBody(t, key, x, args)
	}
	if sig, ok := t.Underlying().(*types.Signature); ok {
		return callBody(sig, key, x, args)
	}
	if steps, ok := splitSteps(key); ok {
		return stepsBody(t, key, steps, x, args)
	}
	if !Observed(t) {
		return "", fmt.Errorf("%s is not a struct, a pointer to one or an interface with methods to observe", types.TypeString(t, byName))
	}
	name, inner, method := strings.Cut(key, "(")
	inner, closed := strings.CutSuffix(inner, ")")
	if !method && stateField(t, name) {
		return "return " + x + "." + name, nil
	}
	if method && !closed || !token.IsIdentifier(name) || !token.IsExported(name) {
		if len(args) == 0 {
			return "", fmt.Errorf("%s: want an exported field (Name) or an exported method without arguments (Name())", key)
		}
		return "", fmt.Errorf("%s: want an exported field (Name) or an exported method call (Name() or Name(param))", key)
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	switch obj := obj.(type) {
	case *types.Func:
		if !method {
			return "", fmt.Errorf("%s is a method: write %s()", name, name)
		}
		sig := obj.Type().(*types.Signature)
		call, err := observerCall(key, name, inner, sig, args)
		if err != nil {
			return "", err
		}
		res := sig.Results()
		switch {
		case res.Len() == 1 && !isErrorType(res.At(0).Type()):
			return "return " + x + "." + call, nil
		case res.Len() == 2 && isErrorType(res.At(1).Type()):
			return "specgenV, specgenE := " + x + "." + call + "\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", nil
		case res.Len() == 2 && isBool(res.At(1).Type()):
			return "specgenV, specgenOK := " + x + "." + call + "\nreturn []interface{}{specgenV, specgenOK}", nil
		}
		return "", fmt.Errorf("%s does not return one value (or a value and an error or a bool)", key)
	case *types.Var:
		if method {
			return "", fmt.Errorf("%s is a field, not a method: write %s", key, name)
		}
		return "return " + x + "." + name, nil
	}
	msg := fmt.Sprintf("%s has no exported field or method %s", types.TypeString(t, byName), key)
	if s := suggest(key, observerNames(t)); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	return "", fmt.Errorf("%s", msg)
}

// observerCall is the call an observer key makes of its method name,
// given what its parentheses hold (inner): the names of args, each
// passed in its place, which must fit the method's parameter there.
func observerCall(key, name, inner string, sig *types.Signature, args []ObserverArg) (string, error) {
	var names []string
	if strings.TrimSpace(inner) != "" {
		for _, n := range strings.Split(inner, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	if sig.Variadic() {
		return "", fmt.Errorf("%s: %s is variadic", key, name)
	}
	if len(names) != sig.Params().Len() {
		if len(names) == 0 {
			return "", fmt.Errorf("%s takes arguments", key)
		}
		return "", fmt.Errorf("%s: %s takes %s, not %d", key, name, arguments(sig.Params().Len()), len(names))
	}
	exprs := make([]string, len(names))
	for i, n := range names {
		j := slices.IndexFunc(args, func(a ObserverArg) bool { return a.Name == n })
		if j < 0 {
			var have []string
			for _, a := range args {
				have = append(have, a.Name)
			}
			if len(have) == 0 {
				return "", fmt.Errorf("%s: %s is not a parameter of the call: an observer here takes no arguments", key, n)
			}
			return "", fmt.Errorf("%s: %s is not a parameter of the call (%s)", key, n, strings.Join(have, ", "))
		}
		if want := sig.Params().At(i).Type(); !types.AssignableTo(args[j].Type, want) {
			return "", fmt.Errorf("%s: %s is a %s, which %s does not take as its argument %d (%s)", key, n, types.TypeString(args[j].Type, byName), name, i+1, types.TypeString(want, byName))
		}
		exprs[i] = args[j].Expr
	}
	return name + "(" + strings.Join(exprs, ", ") + ")", nil
}

// KeyedObservers chooses what a test would assert about the receiver of
// f after the call besides Observers: the getters of the receiver's
// type t that take f's own arguments ("Get(k)" after Increment(k, n),
// "Has(item)" after Insert(item)). They are exported methods, not f,
// not named as mutators and not writing their receiver (as Observers),
// taking no context, channel or function (they may wait or call back),
// whose every parameter takes a distinct parameter of f of an identical
// type, the one of the same name first; they return a plain value
// (bool, number, string, an interface, slices and maps of those), or
// one and an error or a bool. At most MaxKeyedObservers: those with the
// fewest parameters first, then those that return a value and a bool
// ("v, ok"), then a value and an error, then by name.
func KeyedObservers(t types.Type, f *Func) []string {
	if _, ok := ObservedStruct(t); !ok || f == nil || f.Obj == nil {
		return nil
	}
	type cand struct {
		n, rank int
		key     string
	}
	var cands []cand
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		m, ok := sel.Obj().(*types.Func)
		if !ok || !m.Exported() || m.Name() == f.Obj.Name() || MutatorName(m.Name()) || f.Pkg.writesReceiver(m) {
			continue
		}
		sig := sel.Type().(*types.Signature)
		if sig.Params().Len() == 0 || sig.Variadic() || !keyedResults(sig.Results()) || mayWait(sig.Params()) {
			continue
		}
		names, ok := bindParams(sig.Params(), f.Params, declaredSame(m, f.Obj))
		if !ok {
			continue
		}
		rank := 2 // one value
		if res := sig.Results(); res.Len() == 2 && isBool(res.At(1).Type()) {
			rank = 0 // the value and whether it is there
		} else if res.Len() == 2 {
			rank = 1
		}
		cands = append(cands, cand{len(names), rank, m.Name() + "(" + strings.Join(names, ", ") + ")"})
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].n != cands[j].n {
			return cands[i].n < cands[j].n
		}
		if cands[i].rank != cands[j].rank {
			return cands[i].rank < cands[j].rank
		}
		return cands[i].key < cands[j].key
	})
	var out []string
	for _, c := range cands {
		if len(out) == MaxKeyedObservers {
			break
		}
		out = append(out, c.key)
	}
	return out
}

// mayWait reports parameters that say a call may wait or call back: a
// context, a channel, a function. A getter that takes one is not an
// observer: it could block the probe.
func mayWait(ps *types.Tuple) bool {
	for i := 0; i < ps.Len(); i++ {
		t := ps.At(i).Type()
		switch t.Underlying().(type) {
		case *types.Chan, *types.Signature:
			return true
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context" {
			return true
		}
	}
	return false
}

// bindParams gives each of ps a distinct parameter of params, not
// variadic, of an identical type: the one of the same name if there is
// one, else the first left.
func bindParams(ps *types.Tuple, params []Param, same func(i, j int) bool) ([]string, bool) {
	used := make([]bool, len(params))
	names := make([]string, ps.Len())
	for i := 0; i < ps.Len(); i++ {
		want := ps.At(i).Type()
		pick := -1
		for j, p := range params {
			if used[j] || p.Variadic || !types.Identical(p.Type, want) || !same(i, j) {
				continue
			}
			if pick < 0 || p.Name == ps.At(i).Name() {
				pick = j
			}
			if p.Name == ps.At(i).Name() {
				break
			}
		}
		if pick < 0 {
			return nil, false
		}
		used[pick] = true
		names[i] = params[pick].Name
	}
	return names, true
}

// declaredSame returns whether the observer m's i-th parameter and the
// method f's j-th have one type as the two methods declare them, not
// only at the type arguments of this instantiation: Get(key K) does not
// observe Resize(size int), though K is int in LRU[int, int]. The
// receiver's type parameters are told apart by their place in its list.
func declaredSame(m, f *types.Func) func(i, j int) bool {
	ms, mok := m.Origin().Type().(*types.Signature)
	fs, fok := f.Origin().Type().(*types.Signature)
	if !mok || !fok {
		// Without declarations, the types as instantiated decide.
		return func(int, int) bool { return true }
	}
	mp, fp := ms.Params(), fs.Params()
	return func(i, j int) bool {
		return i < mp.Len() && j < fp.Len() && sameDecl(mp.At(i).Type(), fp.At(j).Type())
	}
}

// sameDecl reports whether a and b are one type, where a type parameter
// is the same as another at the same index of its list.
func sameDecl(a, b types.Type) bool {
	switch a := a.(type) {
	case *types.TypeParam:
		b, ok := b.(*types.TypeParam)
		return ok && a.Index() == b.Index()
	case *types.Pointer:
		b, ok := b.(*types.Pointer)
		return ok && sameDecl(a.Elem(), b.Elem())
	case *types.Slice:
		b, ok := b.(*types.Slice)
		return ok && sameDecl(a.Elem(), b.Elem())
	case *types.Array:
		b, ok := b.(*types.Array)
		return ok && a.Len() == b.Len() && sameDecl(a.Elem(), b.Elem())
	case *types.Map:
		b, ok := b.(*types.Map)
		return ok && sameDecl(a.Key(), b.Key()) && sameDecl(a.Elem(), b.Elem())
	case *types.Named:
		b, ok := b.(*types.Named)
		if !ok || a.Origin() != b.Origin() || a.TypeArgs().Len() != b.TypeArgs().Len() {
			return false
		}
		for i := 0; i < a.TypeArgs().Len(); i++ {
			if !sameDecl(a.TypeArgs().At(i), b.TypeArgs().At(i)) {
				return false
			}
		}
		return true
	}
	if _, ok := b.(*types.TypeParam); ok {
		return false
	}
	return types.Identical(a, b)
}

// keyedResults reports the results a keyed observer may have: one plain
// value (see plainResult), or one and an error or a bool.
func keyedResults(res *types.Tuple) bool {
	switch res.Len() {
	case 1:
		return plainResult(res.At(0).Type()) && !isErrorType(res.At(0).Type())
	case 2:
		return plainResult(res.At(0).Type()) && (isErrorType(res.At(1).Type()) || isBool(res.At(1).Type()))
	}
	return false
}

// plainResult reports a value that reads well in a spec: a bool,
// number or string, an interface (its dynamic value is recorded), or a
// slice, array or map of those.
func plainResult(t types.Type) bool { return plain(t, true) }

// plain reports a bool, number or string type, an interface when
// ifaces, or a slice, array or map of those.
func plain(t types.Type, ifaces bool) bool {
	if basicResult(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return ifaces
	case *types.Slice:
		return plain(u.Elem(), ifaces)
	case *types.Array:
		return plain(u.Elem(), ifaces)
	case *types.Map:
		return basicResult(u.Key()) && plain(u.Elem(), ifaces)
	}
	return false
}

// isBool reports a bool type, named or not.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// isString reports a string type, named or not.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// byName qualifies types by package name, as messages write them.
func byName(p *types.Package) string { return p.Name() }

// observerNames lists the exported fields and zero-argument methods of
// t as observer keys, for suggestions.
func observerNames(t types.Type) []string {
	var names []string
	if st, ok := ObservedStruct(t); ok {
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() {
				names = append(names, f.Name())
			}
		}
	}
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj()
		if m.Exported() && m.Type().(*types.Signature).Params().Len() == 0 {
			names = append(names, m.Name()+"()")
		}
	}
	return names
}

// addressable is the type whose method set a variable of type t has:
// *T for a struct T (a variable is addressable), t itself for a pointer.
func addressable(t types.Type) types.Type {
	if _, ok := types.Unalias(t).(*types.Pointer); ok || types.IsInterface(t) {
		return t
	}
	return types.NewPointer(t)
}

// textMethod reports whether t has the method name() string.
func textMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := m.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// marshalText reports whether t has the method MarshalText() ([]byte, error).
func marshalText(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "MarshalText")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := m.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 2 &&
		types.Identical(sig.Results().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
		isErrorType(sig.Results().At(1).Type())
}

// basicResult reports a bool, number or string type, named or not.
func basicResult(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	return b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0 && b.Info()&types.IsUntyped == 0
}

// mutatorVerbs start the names of methods that change their receiver,
// depend on the moment or reach outside the value: not observers.
var mutatorVerbs = []string{
	"Acquire", "Add", "Advance", "Append", "Cancel", "Clear", "Close",
	"Consume", "Dec", "Decrement", "Delete", "Dequeue", "Do", "Done",
	"Drain", "Emit", "Enqueue", "Fire", "Flush", "Grow", "Inc",
	"Increment", "Init", "Insert", "Lock", "Must", "Next", "Now", "Open",
	"Pop", "Purge", "Push", "Put", "RLock", "RUnlock", "Rand", "Read", "Receive",
	"Recv", "Release", "Remove", "Reset", "Run", "Scan", "Seek", "Send",
	"Set", "Shift", "Shrink", "Shuffle", "Since", "Skip", "Sort", "Start",
	"Step", "Stop", "Store", "Swap", "Take", "Tick", "Truncate", "Try",
	"Unlock", "Wait", "Write",
}

// syncMethod reports a method of sync's types (Lock, Wait), which
// changes no state a caller observes.
func syncMethod(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "sync"
}

// MutatorName reports a method name made of a mutator verb, alone or
// followed by a capitalised word ("Pop", "PopFront", not "Address").
func MutatorName(name string) bool {
	for _, v := range mutatorVerbs {
		rest, ok := strings.CutPrefix(name, v)
		if !ok {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsUpper(r) || unicode.IsDigit(r) || r == '_' {
			return true
		}
	}
	return false
}

// MutatesReceiver reports whether f is a method with a pointer receiver
// that changes the receiver: its body assigns to it (see
// writesReceiver), or its name says it does ("Push", "Sort", "Reset",
// the methods Observers leaves out by name), which catches a change
// made through a call that writesReceiver does not follow
// (sort.Ints(s.items)). What a call of it does is seen in the state it
// leaves the receiver in, which is observed after the call through
// AfterType.
func (f *Func) MutatesReceiver() bool {
	if f.Recv == nil || !f.RecvPtr || f.Obj == nil {
		return false
	}
	return MutatorName(f.Obj.Name()) || f.Pkg.writesReceiver(f.Obj)
}

// AfterType is the type a method's receiver is observed as after the
// call: a pointer to the receiver's type, so that a nil receiver reads
// as null and every method is in its method set. It is nil for a
// function that is not a method.
func (f *Func) AfterType() types.Type {
	if f.Recv == nil {
		return nil
	}
	return types.NewPointer(f.Recv)
}

// writesReceiver reports whether m is a method declared in p whose body
// assigns to its receiver or to something reached through it
// ("v.n++", "v.items[k] = x", "delete(v.m, k)"), or calls a method of
// the package on it that does (First() calling v.Begin(), which resets
// an index). Calls through other values are not followed.
func (p *Package) writesReceiver(m *types.Func) bool {
	if p == nil {
		return false
	}
	// Observers asks for every method of a type, for every probe: the
	// answers are kept. Only these, for a fresh seen: an answer within
	// a cycle of calls can miss what the cycle's other methods write.
	p.writesMu.Lock()
	w, ok := p.writes[m.Origin()]
	p.writesMu.Unlock()
	if ok {
		return w
	}
	w = p.writesReceiverSeen(m, map[*types.Func]bool{})
	p.writesMu.Lock()
	defer p.writesMu.Unlock()
	if p.writes == nil {
		p.writes = map[*types.Func]bool{}
	}
	p.writes[m.Origin()] = w
	return w
}

// WritesReceiver reports whether m, a method declared in p, changes its
// receiver (see writesReceiver). False when p is nil.
func (p *Package) WritesReceiver(m *types.Func) bool { return p.writesReceiver(m) }

// methodDecl is the declaration of m, a method of the package, or nil.
func (p *Package) methodDecl(m *types.Func) *ast.FuncDecl {
	p.methodsOnce.Do(func() {
		p.methods = map[*types.Func]*ast.FuncDecl{}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if d, ok := d.(*ast.FuncDecl); ok && d.Recv != nil {
					if fn, ok := p.TypesInfo.Defs[d.Name].(*types.Func); ok {
						p.methods[fn] = d
					}
				}
			}
		}
	})
	return p.methods[m.Origin()]
}

// ReturnsOnly reports whether every return statement of m, a method of
// the package, returns a first result of type t, whatever type m
// declares: a method declared to return an interface (chi's
// With(...) Router) that always makes a *Mux. False for a method
// without a body here or without a return.
func (p *Package) ReturnsOnly(m *types.Func, t types.Type) bool {
	all, n := true, 0
	p.firstResults(m, func(r types.Type) bool {
		n++
		all = types.Identical(r, t)
		return all
	})
	return all && n > 0
}

// ReturnsSome reports whether a return statement of m, a method of the
// package, returns a first result of type t, whatever type m declares:
// a method declared to return an interface that makes a t on one of its
// paths (a mock clock's WithDeadline(…) (context.Context,
// context.CancelFunc), whose context is a *timerCtx unless the parent's
// deadline comes first).
func (p *Package) ReturnsSome(m *types.Func, t types.Type) bool {
	found := false
	p.firstResults(m, func(r types.Type) bool {
		found = types.Identical(r, t)
		return !found
	})
	return found
}

// firstResults calls visit with the type of the first result of each
// return statement of m, a method of the package, in order (nil for a
// return without results), the returns of its function literals aside,
// until visit returns false. Nothing is visited for a method without a
// body here.
func (p *Package) firstResults(m *types.Func, visit func(types.Type) bool) {
	if p == nil || p.TypesInfo == nil {
		return
	}
	d := p.methodDecl(m)
	if d == nil || d.Body == nil {
		return
	}
	more := true
	ast.Inspect(d.Body, func(x ast.Node) bool {
		if !more {
			return false // Inspect goes on to the siblings
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			var r types.Type
			if len(x.Results) > 0 {
				r = p.TypesInfo.TypeOf(x.Results[0])
			}
			more = visit(r)
		}
		return more
	})
}

// MakesOwnPart reports whether m, a method of the package with a
// pointer receiver, makes a value of the receiver's own type and links
// it in (see MakesPart): an element's CreateElement(tag) *Element makes
// a child, a tree's Insert(k) *Node the node that holds k.
func (p *Package) MakesOwnPart(m *types.Func) bool {
	sig := m.Type().(*types.Signature)
	return sig.Recv() != nil && sig.Results().Len() > 0 && types.Identical(sig.Results().At(0).Type(), sig.Recv().Type()) && p.MakesPart(m)
}

// MakesPart reports whether m, a method of the package with a pointer
// receiver, makes a value of a struct type of the package and links it
// in: it returns a pointer to one (alone or with an error), changes the
// receiver (see writesReceiver) or, named for making a part (see
// partMakerName), hands the receiver to what makes it, and no return
// statement returns the receiver itself, as a builder does for
// chaining. An element's CreateText(s) *CharData makes a text inside
// it.
func (p *Package) MakesPart(m *types.Func) bool {
	if p == nil || p.TypesInfo == nil {
		return false
	}
	sig := m.Type().(*types.Signature)
	res := sig.Results()
	if sig.Recv() == nil || res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !isErrorType(res.At(1).Type()) {
		return false
	}
	if _, ok := sig.Recv().Type().(*types.Pointer); !ok {
		return false
	}
	rp, ok := res.At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	if n, ok := types.Unalias(rp.Elem()).(*types.Named); !ok || n.Obj().Pkg() != p.Types || !isStruct(n) {
		return false
	}
	d := p.methodDecl(m)
	if d == nil || d.Body == nil {
		return false
	}
	var recv types.Object
	if len(d.Recv.List) > 0 && len(d.Recv.List[0].Names) > 0 {
		recv = p.TypesInfo.Defs[d.Recv.List[0].Names[0]]
	}
	isRecv := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && recv != nil && p.TypesInfo.Uses[id] == recv
	}
	self, handed := false, false
	ast.Inspect(d.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			self = self || len(x.Results) > 0 && isRecv(x.Results[0])
		case *ast.CallExpr:
			handed = handed || slices.ContainsFunc(x.Args, isRecv)
		}
		return !self
	})
	// Linked in where the method changes the receiver, or, for one
	// named for making a part (CreateElement), hands the receiver to
	// what makes it (newElement(space, tag, e), which adds the child
	// to its parent).
	return !self && (p.writesReceiver(m) || handed && partMakerName(m.Name()))
}

// partMakerName reports a method name that says the method makes a part
// of its receiver: Create, New, Add, Append or Insert, alone or followed
// by a capitalised word (CreateElement, NewChild).
func partMakerName(name string) bool {
	for _, v := range []string{"Create", "New", "Add", "Append", "Insert"} {
		if rest, ok := strings.CutPrefix(name, v); ok {
			if r, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsUpper(r) {
				return true
			}
		}
	}
	return false
}

func (p *Package) writesReceiverSeen(m *types.Func, seen map[*types.Func]bool) bool {
	if p == nil || p.TypesInfo == nil || m.Pkg() != p.Types || seen[m.Origin()] {
		return false
	}
	seen[m.Origin()] = true
	fd := p.methodDecl(m)
	if fd == nil || fd.Body == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return false
	}
	recv := p.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return false
	}
	return p.writesThrough(fd.Body, recv, seen)
}

// writesThrough reports whether body assigns to the variable v or to
// something reached through it ("v.n++", "v.items[k] = x", "delete(v.m,
// k)", "copy(v.buf, x)"), or calls a method of the package on it that
// does (see writesReceiver); through it is also through a variable
// that points into it (n := v; n = n.kids[k]; n.h = h).
func (p *Package) writesThrough(body *ast.BlockStmt, v types.Object, seen map[*types.Func]bool) bool {
	vars := p.aliases(body, v)
	rooted := func(e ast.Expr) bool { return p.reachedFrom(e, vars) }
	writes := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && p.TypesInfo.ObjectOf(id) != v {
					continue // an alias moved on (n = n.next)
				}
				writes = writes || rooted(l)
			}
		case *ast.IncDecStmt:
			writes = writes || rooted(n.X)
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && rooted(sel.X) {
				if fn, ok := p.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Signature().Recv() != nil {
					// A method whose body is not at hand (of an
					// interface, of another package) is taken at its
					// name: c.recent.RemoveOldest() writes, not
					// c.lock.Lock().
					writes = writes || p.writesReceiverSeen(fn, seen) || p.methodDecl(fn) == nil && MutatorName(fn.Name()) && !syncMethod(fn)
				}
			}
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear" || id.Name == "copy") && len(n.Args) > 0 {
				if _, builtin := p.TypesInfo.Uses[id].(*types.Builtin); builtin {
					writes = writes || rooted(n.Args[0])
				}
			}
		}
		return !writes
	})
	return writes
}

// aliases are v and the variables of body that point into what v
// does: assigned, or ranged over as the values of, an expression
// reached through one of them (n := v.root, n = n.next, for _, kid :=
// range n.kids), of a pointer, map, slice or channel type. A copy of
// plain data (x := v.count) is not one.
func (p *Package) aliases(body *ast.BlockStmt, v types.Object) map[types.Object]bool {
	vars := map[types.Object]bool{v: true}
	through := func(e ast.Expr) bool { return p.reachedFrom(e, vars) }
	add := func(l ast.Expr) bool {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false
		}
		obj := p.TypesInfo.ObjectOf(id)
		if obj == nil || vars[obj] {
			return false
		}
		switch obj.Type().Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Slice, *types.Chan:
			vars[obj] = true
			return true
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, r := range n.Rhs {
					if through(r) && add(n.Lhs[i]) {
						changed = true
					}
				}
			case *ast.RangeStmt:
				if n.Value != nil && through(n.X) && add(n.Value) {
					changed = true
				}
			}
			return true
		})
	}
	return vars
}

// reachedFrom reports whether e is one of vars or reached through one:
// a field, element, slice or pointee of it, or its address.
func (p *Package) reachedFrom(e ast.Expr, vars map[types.Object]bool) bool {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return vars[p.TypesInfo.Uses[x]]
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}

// ObservedParams are the indices of f's parameters that point to an
// opaque value (see Opaque) which f's body changes (see writesThrough:
// dst in DepositTo(mask, dst *BitSet)): their state after the call is
// recorded through their observers (see Observers), as a receiver's is.
// A parameter whose type has no observer is left out.
func (f *Func) ObservedParams() []int {
	if f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	var out []int
	j := 0
	for _, field := range f.Decl.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			j++
			continue
		}
		for _, id := range names {
			if j < len(f.Params) && !f.Params[j].Variadic && id.Name != "_" {
				t := f.Params[j].Type
				if _, ptr := types.Unalias(t).(*types.Pointer); ptr && Opaque(t) && len(Observers(t, f.Pkg)) > 0 {
					if v := f.Pkg.TypesInfo.Defs[id]; v != nil && f.Pkg.writesThrough(f.Decl.Body, v, map[*types.Func]bool{}) {
						out = append(out, j)
					}
				}
			}
			j++
		}
	}
	return out
}

// standardType reports whether t, or what it points to, is a named type
// of the standard library.
func standardType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	first, _, _ := strings.Cut(n.Obj().Pkg().Path(), "/")
	return !strings.Contains(first, ".")
}

// ChangeableParams are the indices of f's parameters through which a
// call can change what its caller holds, and whose state after the call
// is recorded (the arguments after the call): pointers to values that
// are not opaque (see Opaque) and to an error, slices and maps. Variadic parameters
// are left out: the caller's slice is a copy unless passed with "...".
func (f *Func) ChangeableParams() []int {
	var out []int
	for i, p := range f.Params {
		if p.Variadic || p.Name == "_" {
			continue
		}
		switch t := p.Type.Underlying().(type) {
		case *types.Pointer:
			switch t.Elem().Underlying().(type) {
			case *types.Signature, *types.Interface, *types.Chan:
				if !isErrorType(t.Elem()) { // defer recoverTo(&err) sets one
					continue
				}
			}
			if Opaque(t.Elem()) {
				continue
			}
		case *types.Slice, *types.Map:
		default:
			continue
		}
		out = append(out, i)
	}
	return out
}

// Beside returns a package of base's path whose scope holds base's
// package-level objects, but those named in except: files type-checked
// as that package see base's unexported names as their own package's
// (go/types tells packages apart by path), without base's own files
// being checked again. Methods of base's types cannot be declared there.
func Beside(base *types.Package, except ...string) *types.Package {
	pkg := types.NewPackage(base.Path(), base.Name())
	for _, name := range base.Scope().Names() {
		if !slices.Contains(except, name) {
			pkg.Scope().Insert(base.Scope().Lookup(name))
		}
	}
	return pkg
}

// CallbackParams are the parameters of a func type that the function
// may call back, by index: what it calls them with is part of what it
// does (Each(cb), Walk(fn), SortFunc(less)). Their calls are recorded
// as the argument's value after the call.
func (f *Func) CallbackParams() []int {
	var out []int
	for i, p := range f.Params {
		if p.Variadic || p.Name == "_" || p.Name == "" {
			continue
		}
		if _, ok := p.Type.Underlying().(*types.Signature); ok {
			out = append(out, i)
		}
	}
	return out
}

// WriterParams are the indices of f's parameters of an interface type
// with a Write([]byte) (int, error) method (io.Writer, http.ResponseWriter,
// an interface of the package embedding io.Writer): what the call writes
// there is a result of it, recorded after the call when the argument is
// a writer that keeps it (a *bytes.Buffer, a *strings.Builder, an
// *httptest.ResponseRecorder).
func (f *Func) WriterParams() []int {
	var out []int
	for i, p := range f.Params {
		if p.Variadic || p.Name == "_" || p.Name == "" {
			continue
		}
		if IsWriter(p.Type) {
			out = append(out, i)
		}
	}
	return out
}

// IsWriter reports whether t is a non-empty interface whose method set
// has Write([]byte) (int, error).
func IsWriter(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if m.Name() != "Write" {
			continue
		}
		sig := m.Type().(*types.Signature)
		return sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
			types.Identical(sig.Params().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
			types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) &&
			isErrorType(sig.Results().At(1).Type())
	}
	return false
}

// IsResponseWriter reports whether t is a writer interface (see
// IsWriter) that also has http.ResponseWriter's Header() and
// WriteHeader(int): a handler's writer, whose argument may be an
// *httptest.ResponseRecorder.
func IsResponseWriter(t types.Type) bool {
	if !IsWriter(t) {
		return false
	}
	it := t.Underlying().(*types.Interface)
	var header, status bool
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sig := m.Type().(*types.Signature)
		switch m.Name() {
		case "Header":
			header = sig.Params().Len() == 0 && sig.Results().Len() == 1
		case "WriteHeader":
			status = sig.Params().Len() == 1 && sig.Results().Len() == 0
		}
	}
	return header && status
}

// isStruct reports a type whose underlying type is a struct.
func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
