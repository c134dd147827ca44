package explore

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Bounds of the values stateValues gives one input.
const (
	maxStateFields = 4 // unexported fields set
	stateFieldVals = 2 // values of each
)

// stateField is an unexported field of a struct type of the package
// that a function reads off one of its inputs.
type stateField struct {
	name string
	t    types.Type
}

// stateFields are the unexported fields of a struct type of the package
// that f reads directly off its parameter number param, in the order
// first read, at most maxStateFields: the candidates an evaluator's step
// reads off the state its driver hands it (p.candidates of a *pather,
// filled by the path walk before the filter runs). A field f only
// assigns is left out.
func stateFields(f *target.Func, param int) []stateField {
	if f.Decl == nil || f.Decl.Body == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil || f.Pkg.Types == nil {
		return nil
	}
	info := f.Pkg.TypesInfo
	obj := paramObj(info, f.Decl, param)
	if obj == nil || ownStruct(obj.Type(), f.Pkg.Types) == nil {
		return nil
	}
	// Selectors written to by plain assignment only.
	assigned := map[*ast.SelectorExpr]bool{}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
			for _, l := range as.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok {
					assigned[sel] = true
				}
			}
		}
		return true
	})
	var out []stateField
	seen := map[string]bool{}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || assigned[sel] || sel.Sel.IsExported() || len(out) == maxStateFields {
			return true
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok || info.Uses[id] != obj {
			return true
		}
		s, ok := info.Selections[sel]
		if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 || seen[sel.Sel.Name] {
			return true
		}
		seen[sel.Sel.Name] = true
		out = append(out, stateField{sel.Sel.Name, s.Obj().Type()})
		return true
	})
	return out
}

// ownStruct is the struct type of package self, not generic, that t is
// or points to; nil for another type.
func ownStruct(t types.Type, self *types.Package) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != self || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 || !isStruct(n) {
		return nil
	}
	return n
}

// stateValues are values of parameter number param, of type t, of the
// function under test (see stateFields) with the unexported fields the function reads
// off it set directly, as the package's own code sets them before it
// calls the function: on the first of cands written as code (what a
// constructor makes), else on the zero value, first every field at once,
// then each alone to each of its values: up to stateFieldVals the
// package's constructors put there, then the lists of ownLists for a
// slice of the package's structs, else up to stateFieldVals values that
// hold something (JSON first for a field named json): func() *pather {
// v := newPather(); v.candidates = []*Element{…}; return v }(). A value
// nothing of the package's API puts together otherwise, for a function
// its driver hands half-built state; none when the function reads no
// such field, or when cands write the input as a keyed literal, whose
// sweep sets its fields already.
func (a *analysis) stateValues(param int, t types.Type, cands []spec.Value) []spec.Value {
	fields := stateFields(a.f, param)
	if len(fields) == 0 {
		return nil
	}
	g := a.gen
	q := target.NewQualifier(g.self)
	ts := q.TypeString(t)
	base := ""
	for _, c := range cands {
		if c.Kind != spec.Code {
			continue
		}
		if e, ok := g.arg(c, t); ok {
			base = e
			break
		}
	}
	lit := ts + "{"
	if p, ok := t.(*types.Pointer); ok {
		lit = "&" + q.TypeString(p.Elem()) + "{"
	}
	switch {
	case base == "":
		base = lit + "}"
	case strings.HasPrefix(base, lit):
		// Written as a keyed literal of its fields, which the
		// literals' sweep sets already.
		return nil
	}
	// A field read off a value of t itself holds what the base holds.
	var own []string
	for _, c := range cands {
		if c.Kind == spec.Code {
			own = append(own, "("+c.Str+").")
		}
	}
	ownRead := func(e string) bool {
		return slices.ContainsFunc(own, func(p string) bool { return strings.HasPrefix(e, p) })
	}
	vals := make([][]string, len(fields))
	for i, f := range fields {
		if !g.nameable(f.t) {
			continue
		}
		// First what the package's constructors put there, read off
		// the values they build ((MustCompilePath("a/b")).segments).
		for _, v := range g.fieldValues(f.t, 0) {
			if e, ok := g.arg(v, f.t); ok && !ownRead(e) && len(vals[i]) < stateFieldVals {
				vals[i] = append(vals[i], e)
			}
		}
		if l := g.ownLists(f.t); len(l) > 0 {
			vals[i] = append(vals[i], l...)
			continue
		}
		k := len(vals[i])
		for _, v := range g.jsonFirst(f.name, f.t, g.valuesAt(f.t, 1)) {
			if len(vals[i]) == k+stateFieldVals {
				break
			}
			if !holds(v) {
				continue
			}
			if e, ok := g.arg(v, f.t); ok {
				vals[i] = append(vals[i], e)
			}
		}
	}
	set := func(assigns string) spec.Value {
		return spec.CodeValue("func() " + ts + " { v := " + base + "; " + assigns + "return v }()")
	}
	var out []spec.Value
	all, n := "", 0
	for i, f := range fields {
		if len(vals[i]) > 0 {
			all += "v." + f.name + " = " + vals[i][0] + "; "
			n++
		}
	}
	if n > 1 {
		out = append(out, set(all))
	}
	longest := 0
	for _, v := range vals {
		longest = max(longest, len(v))
	}
	for r := range longest {
		for i, f := range fields {
			if r < len(vals[i]) {
				out = append(out, set("v."+f.name+" = "+vals[i][r]+"; "))
			}
		}
	}
	return out
}

// maxListElems bounds the elements of a list ownLists writes.
const maxListElems = 6

// ownLists are lists of the package's values for t, a slice of a
// struct type of the package or of pointers to one, each written as a
// composite literal of t: the first three values built at the next
// level (NewElement("1"), NewElement("1:2"), …); then the shortest of
// each way of building one, told by the names its code calls, up to
// maxListElems (one given a child, one given an attribute, one given
// text); then values with the exported fields the code reads set (see
// readFieldValues: an Attr list where the function ranges over c.Attr).
// The elements an evaluator's step goes through, each of a different
// make. Elements that are nil or not written as code are left out.
func (g *valueGen) ownLists(t types.Type) []string {
	s, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return nil
	}
	n := ownStruct(s.Elem(), g.self)
	if n == nil {
		return nil
	}
	type built struct {
		v spec.Value
		e string
	}
	var all []built
	for _, v := range g.valuesAt(s.Elem(), 1) {
		if v.Kind == spec.Null {
			continue
		}
		if e, ok := g.arg(v, s.Elem()); ok {
			all = append(all, built{v, e})
		}
	}
	if len(all) == 0 {
		return nil
	}
	ts := target.NewQualifier(g.self).TypeString(t)
	list := func(es []string) string { return ts + "{" + strings.Join(es, ", ") + "}" }
	var first []string
	for _, b := range all[:min(3, len(all))] {
		first = append(first, b.e)
	}
	out := []string{list(first)}
	slices.SortStableFunc(all, func(x, y built) int { return len(x.e) - len(y.e) })
	var diverse []string
	seen := map[string]bool{}
	for _, b := range all {
		if k := makeOf(b.v); !seen[k] && len(diverse) < maxListElems {
			seen[k] = true
			diverse = append(diverse, b.e)
		}
	}
	if len(diverse) > 1 && !slices.Equal(diverse, first) {
		out = append(out, list(diverse))
	}
	var read []string
	for _, v := range g.readFieldValues(n, 1) {
		if e, ok := g.arg(v, s.Elem()); ok && len(read) < 3 {
			read = append(read, e)
		}
	}
	if len(read) > 0 {
		out = append(out, list(read))
	}
	return out
}

// makeOf tells how value v was made, whatever its arguments: for code,
// the names it calls as methods or package functions (.CreateAttr(,
// NewElement(), sorted and joined; for a literal, the fields it sets to
// something.
func makeOf(v spec.Value) string {
	var names []string
	if v.Kind != spec.Code {
		for _, e := range v.Map {
			if holds(e.Val) {
				names = append(names, e.Key.Str)
			}
		}
		return "{" + strings.Join(names, ",") + "}"
	}
	for _, m := range callName.FindAllStringSubmatch(v.Str, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return strings.Join(names, ",")
}

// callName matches a call in code: the name before its parenthesis.
var callName = regexp.MustCompile(`\b([A-Za-z_]\w*)\(`)
