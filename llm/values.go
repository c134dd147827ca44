package llm

import (
	"encoding/json"
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// codeKey is the one key of a value built by code: {go: 'expr'}.
const codeKey = "go"

// Bounds on the makers a prompt lists per type.
const (
	maxMakerFuncs   = 6
	maxMakerMethods = 6
)

// builtType is a type of the receiver or of a parameter whose values
// have unexported state: a spec writes them as Go code, {go: 'expr'},
// and a snippet makes them with the package's functions.
type builtType struct {
	named *types.Named
	// funcs are the package's functions that return a T or a *T (maybe
	// with an error), constructors by name first; methods are the
	// exported methods that return one (builder links).
	funcs, methods []*types.Func
}

// builtTypes are the types of the receiver and the parameters that are
// built by code, once each, receiver first.
func (fi *funcInfo) builtTypes() []builtType {
	f := fi.f
	if f.Pkg == nil || f.Pkg.Types == nil {
		return nil
	}
	var ts []types.Type
	if f.Recv != nil {
		ts = append(ts, f.Recv)
	}
	for _, p := range f.Params {
		ts = append(ts, p.Type)
	}
	var out []builtType
	seen := map[*types.Named]bool{}
	for _, t := range ts {
		n := fi.packageNamed(t)
		if n == nil || seen[n] || target.Rebuilds(n) {
			continue
		}
		seen[n] = true
		out = append(out, builtType{named: n, funcs: fi.makerFuncs(n), methods: fi.makerMethods(n)})
	}
	return out
}

// packageNamed returns the named type of the package under test that t
// is, or points to, when it is not generic.
func (fi *funcInfo) packageNamed(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != fi.f.Pkg.Types || n.TypeParams().Len() > 0 {
		return nil
	}
	return n
}

// returnsNamed reports whether sig returns a T or a *T, alone or with
// an error.
func returnsNamed(sig *types.Signature, n *types.Named) bool {
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || sig.TypeParams().Len() > 0 {
		return false
	}
	if res.Len() == 2 && !types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	r := types.Unalias(res.At(0).Type())
	if p, ok := r.(*types.Pointer); ok {
		r = types.Unalias(p.Elem())
	}
	return types.Identical(r, n)
}

// makerFuncs are the package's functions that return a T or a *T:
// exported before unexported, those named like constructors (New…,
// Parse…, Must…, Make…, From…) first, then by name.
func (fi *funcInfo) makerFuncs(n *types.Named) []*types.Func {
	scope := fi.f.Pkg.Types.Scope()
	var out []*types.Func
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if ok && fn != fi.f.Obj && returnsNamed(fn.Type().(*types.Signature), n) {
			out = append(out, fn)
		}
	}
	rank := func(fn *types.Func) int {
		r := 0
		if !fn.Exported() {
			r += 2
		}
		lower := strings.ToLower(fn.Name())
		ctor := false
		for _, p := range []string{"new", "parse", "must", "make", "from"} {
			ctor = ctor || strings.HasPrefix(lower, p)
		}
		if !ctor {
			r++
		}
		return r
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out[:min(len(out), maxMakerFuncs)]
}

// makerMethods are the exported methods of T and *T that return a T or
// a *T: the links of builder chains (New().WithTimeout(3)).
// The function under test is left out.
func (fi *funcInfo) makerMethods(n *types.Named) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var out []*types.Func
	for i := 0; i < ms.Len() && len(out) < maxMakerMethods; i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if ok && m.Exported() && m != fi.f.Obj && returnsNamed(m.Type().(*types.Signature), n) {
			out = append(out, m)
		}
	}
	return out
}

// funcLine renders a function's or a method's declaration line.
func (fi *funcInfo) funcLine(fn *types.Func) string {
	if fn.Type().(*types.Signature).Recv() != nil {
		return methodLine(fn, fi)
	}
	return "func " + fn.Name() + strings.TrimPrefix(types.TypeString(fn.Type(), fi.qualify), "func")
}

// makerLines lists how values of b are made, one declaration a line,
// indented.
func (fi *funcInfo) makerLines(b builtType) string {
	var sb strings.Builder
	for _, fn := range append(append([]*types.Func(nil), b.funcs...), b.methods...) {
		sb.WriteString("    " + fi.funcLine(fn) + "\n")
	}
	return sb.String()
}

// exampleMaker is a call that makes a value of b, for the prompts: its
// first function without an error, called with simple arguments; ""
// when there is none.
func (fi *funcInfo) exampleMaker(b builtType) string {
	for _, fn := range b.funcs {
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() != 1 {
			continue
		}
		var args []string
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Variadic() && i == sig.Params().Len()-1 {
				break
			}
			args = append(args, fi.zeroExpr(sig.Params().At(i).Type()))
		}
		return fn.Name() + "(" + strings.Join(args, ", ") + ")"
	}
	return ""
}

// makerOf is a call that makes a value of exactly type t when t is built
// by code and the package has a function without an error that returns
// a t (not a T for a *T), else "".
func (fi *funcInfo) makerOf(t types.Type) string {
	if fi.f.Pkg == nil || fi.f.Pkg.Types == nil {
		return ""
	}
	n := fi.packageNamed(t)
	if n == nil || target.Rebuilds(n) {
		return ""
	}
	for _, fn := range fi.makerFuncs(n) {
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), t) {
			return fi.exampleMaker(builtType{named: n, funcs: []*types.Func{fn}})
		}
	}
	return ""
}

// codeYAML writes Go code as a spec does: {go: 'expr'}.
func codeYAML(src string) string {
	return "{go: '" + strings.ReplaceAll(src, "'", "''") + "'}"
}

// observed is a result type whose state is unexported, with the keys
// specgen observes it by (target.Observers).
type observed struct {
	t    types.Type
	keys []string
}

// observedResults are the non-error results of opaque types, once each.
func (fi *funcInfo) observedResults() []observed {
	var out []observed
	seen := map[string]bool{}
	for _, r := range fi.results() {
		if !target.Opaque(r) || seen[types.TypeString(r, nil)] {
			continue
		}
		seen[types.TypeString(r, nil)] = true
		out = append(out, observed{t: r, keys: target.Observers(r, fi.f.Pkg)})
	}
	return out
}

// typeParamText describes the type parameters of a generic function,
// "T ~int | ~float64", or "" for another function.
func (fi *funcInfo) typeParamText() string {
	if len(fi.f.TypeParams) == 0 || fi.f.Pkg == nil {
		return ""
	}
	return fi.f.TypeParamList()
}

// instantiation describes the type arguments an instantiated generic
// function is explored with: "T = int, U = string".
func (fi *funcInfo) instantiation() string {
	f := fi.f
	if len(f.TypeArgs) == 0 || len(f.TypeArgs) != len(f.TypeParams) {
		return ""
	}
	parts := make([]string, len(f.TypeArgs))
	for i, a := range f.TypeArgs {
		parts[i] = f.TypeParams[i].Name + " = " + f.Pkg.TypeString(a)
	}
	return strings.Join(parts, ", ")
}

// snippetValues tells the explorer how to make the function's opaque
// inputs, how a generic function is instantiated, and how opaque
// results are recorded; "" when none applies.
func (fi *funcInfo) snippetValues() string {
	var items []string
	for _, b := range fi.builtTypes() {
		name := b.named.Obj().Name()
		if len(b.funcs)+len(b.methods) == 0 {
			items = append(items, fmt.Sprintf("- %s has unexported fields and the package has no function that returns one: start from its zero value (`var v %s`) or a composite literal with its fields.\n", name, name))
			continue
		}
		s := fmt.Sprintf("- %s has unexported fields: make one with the package's functions and methods that return one", name)
		if ex := fi.exampleMaker(b); ex != "" {
			s += fmt.Sprintf(", e.g. `v := %s`", ex)
		}
		items = append(items, s+":\n"+fi.makerLines(b))
	}
	if inst := fi.instantiation(); inst != "" {
		items = append(items, fmt.Sprintf("- %s is generic (%s); this exploration instantiates it with %s: pass arguments of those types and call it without type arguments (`%s(...)`, not `%s[...](...)`).\n",
			fi.f.Obj.Name(), fi.typeParamText(), inst, fi.f.Obj.Name(), fi.f.Obj.Name()))
	}
	for _, o := range fi.observedResults() {
		items = append(items, fi.observedItem(o, false, false))
	}
	if len(items) == 0 {
		return ""
	}
	return "## Values of this function\n\n" + strings.Join(items, "")
}

// observedItem explains how a result of an opaque type is written (in a
// spec, or a bundle's JSON) or recorded (by a probe).
func (fi *funcInfo) observedItem(o observed, forSpec, bundle bool) string {
	ts := fi.typeString(o.t)
	if len(o.keys) == 0 {
		if forSpec {
			return fmt.Sprintf("- A result of type %s has unexported fields and nothing specgen can observe: a case that returns one has no `expected`.\n", ts)
		}
		return fmt.Sprintf("- A result of type %s has unexported fields and nothing specgen can observe: it is recorded as returned.\n", ts)
	}
	if !forSpec {
		return fmt.Sprintf("- A result of type %s has unexported fields: it is recorded through its API, %s.\n", ts, strings.Join(o.keys, ", "))
	}
	return fmt.Sprintf("- A result of type %s has unexported fields: `expected` writes it as a test would check it, a mapping with these keys: %s. A key ending in () calls that method on the result, another key is an exported field; the values are as verified, e.g. `%s`. Never write a result as code.\n",
		ts, strings.Join(o.keys, ", "), observedExample(o.keys, bundle))
}

// observedExample is an expected value of the observed keys with
// placeholder values, as YAML or as the bundle's JSON.
func observedExample(keys []string, bundle bool) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		if bundle {
			parts[i] = `"` + k + `": …`
		} else {
			parts[i] = k + ": …"
		}
	}
	if bundle {
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "expected: {" + strings.Join(parts, ", ") + "}"
}

// specValues tells the spec agent how to write the function's inputs
// built by code, its observed results and its type arguments; "" when
// none applies. verified gives the examples.
func (fi *funcInfo) specValues(verified []*spec.Case, bundle bool) string {
	var items []string
	for _, b := range fi.builtTypes() {
		name := b.named.Obj().Name()
		ex := codeExample(verified)
		if ex == "" {
			ex = "&" + name + "{}"
			if call := fi.exampleMaker(b); call != "" {
				ex = call
			}
		}
		if bundle {
			data, _ := json.Marshal(map[string]string{codeKey: ex})
			ex = string(data)
		} else {
			ex = codeYAML(ex)
		}
		s := fmt.Sprintf("- %s has unexported fields: a receiver or argument of type %s is Go code, a mapping with the one key go whose value is a Go expression evaluated inside package %s (its names without a qualifier), e.g. `%s`. The verified results write such values so: copy them.",
			name, name, fi.pkgName(), ex)
		if len(b.funcs)+len(b.methods) > 0 {
			s += " The functions and methods that return one:\n" + fi.makerLines(b)
		} else {
			s += "\n"
		}
		items = append(items, s)
	}
	if fi.mapWithStringKey() && !bundle {
		items = append(items, "- A real map whose one key is go, with a string value, is written with its tag: `!!map {go: text}`.\n")
	}
	for _, o := range fi.observedResults() {
		items = append(items, fi.observedItem(o, true, bundle))
	}
	if tps := fi.typeParamText(); tps != "" && fi.f.Generic() {
		ex := "types: {" + fi.f.TypeParams[0].Name + ": int}"
		for _, c := range verified {
			if len(c.Types) > 0 {
				ex = "types: " + typesYAML(c.Types)
				break
			}
		}
		s := fmt.Sprintf("- %s is generic (%s): every case gives its type arguments by type parameter name, `%s`: Go types in the package's scope; the case's inputs and results have the instantiated types. Keep the types of each verified case.", fi.f.Obj.Name(), tps, ex)
		if bundle {
			s += ` In the bundle, "types" is a JSON object such as {"T": "int"}.`
		}
		items = append(items, s+"\n")
	}
	if len(items) == 0 {
		return ""
	}
	return "## Values built by code, observed results, type arguments\n\n" + strings.Join(items, "")
}

// codeExample is the text of the first value built by code among the
// verified cases' receivers and inputs, or "".
func codeExample(verified []*spec.Case) string {
	var find func(v *spec.Value) string
	find = func(v *spec.Value) string {
		if v == nil {
			return ""
		}
		switch v.Kind {
		case spec.Code:
			return v.Str
		case spec.List:
			for i := range v.List {
				if s := find(&v.List[i]); s != "" {
					return s
				}
			}
		case spec.Map:
			for i := range v.Map {
				if s := find(&v.Map[i].Val); s != "" {
					return s
				}
			}
		}
		return ""
	}
	for _, c := range verified {
		for _, v := range []*spec.Value{c.Receiver, c.Input, c.Inputs} {
			if s := find(v); s != "" {
				return s
			}
		}
	}
	return ""
}

// mapWithStringKey reports whether an input or a result of the function
// is a map with string keys, where {go: …} would be read as code.
func (fi *funcInfo) mapWithStringKey() bool {
	var ts []types.Type
	if fi.f.Recv != nil {
		ts = append(ts, fi.f.Recv)
	}
	for _, p := range fi.f.Params {
		ts = append(ts, p.Type)
	}
	ts = append(ts, fi.results()...)
	for _, t := range ts {
		if m, ok := t.Underlying().(*types.Map); ok && isStringKind(m.Key()) {
			return true
		}
	}
	return false
}

func isStringKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// typesYAML writes type arguments as a YAML flow mapping: {T: int}.
func typesYAML(a spec.TypeArgs) string {
	parts := make([]string, len(a))
	for i, t := range a {
		parts[i] = t.Param + ": " + yamlScalar(t.Type)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
