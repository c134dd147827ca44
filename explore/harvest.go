package explore

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the values harvested from the package by running it.
const (
	maxHarvested      = 16 // code candidates of one input
	harvestTypes      = 8  // types whose methods are called
	harvestPerType    = 4  // methods of one type
	harvestReceivers  = 2  // values each method is called on
	harvestArgLists   = 3  // argument lists of a function with parameters
	maxObservedValues = 64 // values the probes reported for them, kept for mutation
	harvestWeakAfter  = 48 // plain candidates tried before the weak harvested ones
)

// harvestable reports whether inputs of type t are worth harvesting
// from the package: strings and byte slices, the text a parser reads.
func harvestable(t types.Type) bool {
	if isStringType(t) {
		return true
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// heldText reports whether an input of type t holds text a parser reads
// when its value is v: an input of a harvestable type, or an empty
// interface holding a string (code that switches on the dynamic type and
// hands a string to the package's parser, a Scan(src any)).
func heldText(t types.Type, v spec.Value) bool {
	return harvestable(t) || emptyInterface(t) && v.Kind == spec.String
}

// harvestedAt reports whether v, code proposed for input i, makes text
// whose report the search may mutate in its place (see harvestedAsRun):
// any code at an input of a harvestable type; at an empty interface,
// whose other code values (json.Number("1.5")) are of types of their
// own, only the harvested strings and the package's variables of type
// string or []byte (jsonNull). held is the code's type.
func (a *analysis) harvestedAt(i int, v spec.Value) (held types.Type, ok bool) {
	t := a.types[i]
	switch {
	case harvestable(t):
		return t, true
	case !emptyInterface(t) || v.Kind != spec.Code:
		return nil, false
	case a.gen.harvestedCode[v.Str]:
		return types.Typ[types.String], true
	case a.gen.self != nil && token.IsIdentifier(v.Str):
		if obj, isVar := a.gen.self.Scope().Lookup(v.Str).(*types.Var); isVar && harvestable(obj.Type()) {
			if _, named := types.Unalias(obj.Type()).(*types.Named); !named {
				return obj.Type(), true
			}
		}
	}
	return nil, false
}

// ioNames start the names of functions and methods that may wait for
// the outside world: never called to make a value.
var ioNames = []string{"Read", "Scan", "Prompt", "Wait", "Serve", "Listen", "Run", "Start", "Exec", "Sleep", "Dial", "Open", "Close", "Fetch", "Get"}

// harvested are values of t (see harvestable) that the package makes
// itself, written as code the probe runs, at most maxHarvested of them.
// strong are its package-level variables of type t, then its types'
// methods that return a t, called on values the explorer builds (a
// String(), a Format), and its functions named like formatters (see
// formatterLike) or without parameters, the producers in turn; weak
// are its other functions that return a t, called with their typical
// arguments (a Grade(5) may well have nothing to do with the input of
// the function under test). The probe reports the value each made, and
// the search mutates that value like any input (Builtin.Explore). The
// function under test itself, and functions that look like they wait
// on I/O (see ioNames), are never called.
func (g *valueGen) harvested(t types.Type, depth int) (strong, weak []spec.Value) {
	if g.self == nil || g.noOwn || depth != 0 || !harvestable(t) {
		return nil, nil
	}
	q := target.NewQualifier(g.self)
	ts := q.TypeString(t)
	if len(q.Imports()) > 0 {
		return nil, nil // a type of another package: its name needs an import
	}
	var vars []string
	var methods, formatters, others [][]string
	scope := g.self.Scope()
	var named []*types.Named
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Var:
			if types.Identical(obj.Type(), t) {
				vars = append(vars, name)
			}
		case *types.Func:
			if obj == g.under || ioLike(name) {
				continue
			}
			sig := obj.Type().(*types.Signature)
			if sig.TypeParams().Len() > 0 || sig.Variadic() || !producesType(sig, t) {
				continue
			}
			lists := g.argLists(sig, depth, 1)
			if len(lists) > 0 {
				// The rich numbers first: a function called once
				// (see weak) shows what it makes of a number's
				// structure, Comma(1234567) "1,234,567", not "2".
				if rich, ok := richArgs(sig, lists[0]); ok {
					lists = slices.Insert(lists, 0, rich)
				}
			}
			var calls []string
			for _, args := range lists[:min(harvestArgLists, len(lists))] {
				calls = append(calls, dropErr(sig, name+"("+strings.Join(args, ", ")+")", ts))
			}
			if sig.Params().Len() == 0 || formatterLike(name) {
				formatters = append(formatters, calls)
			} else {
				others = append(others, calls)
			}
		case *types.TypeName:
			if n, ok := obj.Type().(*types.Named); ok && !obj.IsAlias() && n.TypeParams().Len() == 0 && !types.IsInterface(n) && len(named) < harvestTypes {
				if len(g.producingMethods(n, t)) > 0 {
					named = append(named, n)
				}
			}
		}
	}
	for _, n := range named {
		pt := types.NewPointer(n)
		var recvs []string
		for _, v := range g.valuesAt(pt, depth+1) {
			if v.Kind == spec.Null {
				continue
			}
			if e, ok := g.arg(v, pt); ok {
				recvs = append(recvs, "("+e+")")
			}
			if len(recvs) == harvestReceivers {
				break
			}
		}
		for _, m := range g.producingMethods(n, t) {
			sig := m.Type().(*types.Signature)
			lists := g.argLists(sig, depth, 0)
			if len(lists) == 0 {
				continue
			}
			var calls []string
			for _, r := range recvs {
				calls = append(calls, dropErr(sig, r+"."+m.Name()+"("+strings.Join(lists[0], ", ")+")", ts))
			}
			methods = append(methods, calls)
		}
	}
	seen := map[string]bool{}
	n := 0
	take := func(exprs []string) []spec.Value {
		var out []spec.Value
		for _, e := range exprs {
			if !seen[e] && n < maxHarvested {
				seen[e] = true
				n++
				out = append(out, spec.CodeValue(e))
			}
		}
		return out
	}
	strong = take(append(vars, interleave(append(methods, formatters...)...)...))
	weak = take(interleave(others...))
	return strong, weak
}

// richArgs are args (a function's typical arguments) with each integer
// of at least 32 bits and each float a number of seven digits in their
// place: what a formatter shows of a number's structure (thousands
// groups, a unit's scale, an exponent) needs more than the typical 2.
// ok is false when sig has no such parameter (the variadic one aside).
func richArgs(sig *types.Signature, args []string) (rich []string, ok bool) {
	rich = slices.Clone(args)
	for i := range rich {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		b, isBasic := sig.Params().At(i).Type().Underlying().(*types.Basic)
		if !isBasic {
			continue
		}
		switch b.Kind() {
		case types.Int, types.Int32, types.Int64, types.Uint, types.Uint32, types.Uint64:
			rich[i], ok = "1234567", true
		case types.Float32, types.Float64:
			rich[i], ok = "1234567.5", true
		}
	}
	return rich, ok
}

// formatterNames start the names of functions that write a value as
// text.
var formatterNames = []string{"Format", "String", "Encode", "Marshal", "Print", "Render", "Text", "Canonical", "Normalize", "Quote", "Escape"}

// formatterLike reports whether a function's name says it writes a value
// as text: Format, FormatID, idString, EncodeToString.
func formatterLike(name string) bool {
	lower := strings.ToLower(name)
	for _, f := range formatterNames {
		if strings.Contains(lower, strings.ToLower(f)) {
			return true
		}
	}
	return false
}

// producingMethods are the methods of *n that return a t (and maybe an
// error), other than the function under test, those that look like they
// wait on I/O and Error (a message is no input): String() first, then
// those named like formatters (MarshalText, Encode), then the others,
// at most harvestPerType.
func (g *valueGen) producingMethods(n *types.Named, t types.Type) []*types.Func {
	ms := types.NewMethodSet(types.NewPointer(n))
	var ranked [3][]*types.Func
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || m == g.under || ioLike(m.Name()) || m.Pkg() != g.self || m.Name() == "Error" {
			continue
		}
		sig := m.Type().(*types.Signature)
		if sig.Variadic() || !producesType(sig, t) {
			continue
		}
		switch {
		case m.Name() == "String":
			ranked[0] = append(ranked[0], m)
		case formatterLike(m.Name()):
			ranked[1] = append(ranked[1], m)
		default:
			ranked[2] = append(ranked[2], m)
		}
	}
	out := append(append(ranked[0], ranked[1]...), ranked[2]...)
	return out[:min(len(out), harvestPerType)]
}

// producesType reports whether sig returns a t, alone or with an error.
func producesType(sig *types.Signature, t types.Type) bool {
	res := sig.Results()
	switch {
	case res.Len() == 1:
	case res.Len() == 2 && isErrorType(res.At(1).Type()):
	default:
		return false
	}
	return types.Identical(res.At(0).Type(), t)
}

// dropErr is call as an expression of type ts (its error dropped, when
// sig returns one).
func dropErr(sig *types.Signature, call, ts string) string {
	if sig.Results().Len() == 1 {
		return call
	}
	return "func() " + ts + " { v, _ := " + call + "; return v }()"
}

// ioLike reports whether a function's name says it may wait on the
// outside world.
func ioLike(name string) bool {
	for _, p := range ioNames {
		if strings.HasPrefix(name, p) || strings.HasPrefix(name, strings.ToLower(p)) {
			return true
		}
	}
	return false
}

// observe keeps the values the probes reported for the harvested inputs
// of results (those proposed as code), for mutation: results are taken
// from where the last call stopped.
func (a *analysis) observe(results []*Record) {
	for ; a.observedUpTo < len(results); a.observedUpTo++ {
		r := results[a.observedUpTo]
		vals, ok := a.proposed[normCode(r.Snippet.Code)]
		if !ok || !r.Ran() {
			continue
		}
		for i, v := range vals {
			if _, ok := a.harvestedAt(i, v); v.Kind != spec.Code || !ok || len(a.observed) >= maxObservedValues {
				continue
			}
			if s, ok := a.reported(r, i); ok && s != "" && len(s) <= maxMutatedString && !a.observedSeen[s] {
				a.observedSeen[s] = true
				a.observed = append(a.observed, s)
			}
		}
	}
}

// reported is the text of input i as the probe of r reported it.
func (a *analysis) reported(r *Record, i int) (string, bool) {
	for _, nv := range r.Result.Inputs {
		if nv.Name != a.names[i] {
			continue
		}
		if v := coerce(nv.Value, a.types[i]); heldText(a.types[i], v) {
			return textOf(v)
		}
		return "", false
	}
	return "", false
}

// harvestedAsRun is vals, the inputs proposed for r, with the inputs
// harvested as code replaced by the values the probe reported for them:
// a String() of a built value becomes the text it returned, which
// mutation then changes character by character.
func (a *analysis) harvestedAsRun(r *Record, vals []spec.Value) []spec.Value {
	var out []spec.Value
	for i, v := range vals {
		if v.Kind != spec.Code || i >= len(a.types) {
			continue
		}
		held, ok := a.harvestedAt(i, v)
		if !ok {
			continue
		}
		for _, nv := range r.Result.Inputs {
			if nv.Name != a.names[i] {
				continue
			}
			var as spec.Value
			switch {
			case harvestable(a.types[i]) && (nv.Value.Kind == spec.String || nv.Value.Kind == spec.List):
				as = coerce(nv.Value, a.types[i])
			case nv.Value.Kind != spec.String:
				continue
			case isStringType(held):
				as = spec.StringValue(nv.Value.Str)
			default:
				// Bytes an empty interface holds stay bytes.
				as = spec.CodeValue(byteSliceCode(nv.Value.Str))
			}
			if out == nil {
				out = append([]spec.Value(nil), vals...)
			}
			out[i] = as
		}
	}
	if out == nil {
		return vals
	}
	return out
}

// sweepValid plans, until quota snippets are planned, the variants (see
// variants) of the valid values the corpus entries hold at inputs of a
// harvestable type: the values the package made (observe) and the
// samples of its patterns, each tried on the other inputs of its entry.
// Snippets already tried are skipped by add, so that each round goes on
// where the last stopped.
func (a *analysis) sweepValid(corpus []corpusEntry, haz hazards, quota int, plan *Plan, add func(code, desc string, vals []spec.Value)) {
	if a.gen.noOwn {
		return
	}
	valid := map[string]bool{}
	for _, l := range [][]string{a.gen.m.matches, a.gen.m.pkgMatches} {
		for _, s := range l {
			valid[s] = true
		}
	}
	brackets := a.gen.m.brackets()
	for _, e := range corpus {
		for i, v := range e.vals {
			if i >= len(a.types) || !heldText(a.types[i], v) {
				continue
			}
			s, ok := textOf(v)
			if !ok || s == "" || !valid[s] && !a.observedSeen[s] {
				continue
			}
			for _, w := range variants(s, brackets) {
				if len(plan.Snippets) >= quota {
					return
				}
				vals := append([]spec.Value(nil), e.vals...)
				vals[i] = coerce(spec.StringValue(w), a.types[i])
				if haz.blocks(vals) {
					continue
				}
				code, err := a.code(vals)
				if err != nil {
					continue
				}
				add(code, fmt.Sprintf("a variant of %s of probe %d, a valid value", a.names[i], e.record+1), vals)
			}
		}
	}
}

// textOf is the text of a string or byte-slice value.
func textOf(v spec.Value) (string, bool) {
	switch v.Kind {
	case spec.String:
		return v.Str, true
	case spec.List:
		b := make([]byte, 0, len(v.List))
		for _, e := range v.List {
			if e.Kind != spec.Uint || e.Uint > 255 {
				return "", false
			}
			b = append(b, byte(e.Uint))
		}
		return string(b), true
	}
	return "", false
}
