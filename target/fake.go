package target

import (
	"fmt"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/spec"
)

// A fake is a value of an interface type built from a map by method
// name of what each method returns ({Levels: [3, 4], Fire: boom} for a
// Hook): a struct type declared beside the code, one field per result,
// whose methods ignore their arguments and return the fields. A method
// the map leaves out returns zero values. A method of several results
// takes the list of them.
//
// The declaration is recorded in the Qualifier (see Qualifier.Decls),
// once per interface type: every fake of the type is a literal of the
// same struct (fakeHook{levels: []Level{3, 4}, fire: errors.New("boom")}).

// fakeMethod is one method of a faked interface and its result fields.
type fakeMethod struct {
	fn     *types.Func
	sig    *types.Signature
	fields []string // one per result
}

// fakeType is the declaration of a fake of one interface type.
type fakeType struct {
	name    string
	methods []fakeMethod
}

// Fakeable reports why a fake of the interface type t cannot be
// written in code of the package pkg ("" when it can): an interface
// with a method or a type in its methods' signatures that is unexported
// in another package, or a type constraint.
func Fakeable(t types.Type, pkg *types.Package) string {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return "not an interface"
	}
	if !it.IsMethodSet() {
		return "a type constraint"
	}
	if it.NumMethods() == 0 {
		return "it has no methods"
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if !m.Exported() && !samePackage(m.Pkg(), pkg) {
			return fmt.Sprintf("method %s is unexported in package %s", m.Name(), m.Pkg().Path())
		}
		sig := m.Type().(*types.Signature)
		for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
			for j := 0; j < tup.Len(); j++ {
				if n := hiddenType(tup.At(j).Type(), pkg, map[types.Type]bool{}); n != "" {
					return fmt.Sprintf("method %s uses %s, unexported in its package", m.Name(), n)
				}
			}
		}
	}
	return ""
}

func samePackage(a, b *types.Package) bool {
	return a != nil && b != nil && a.Path() == b.Path()
}

// hiddenType is the name of a type in t that code of pkg cannot write
// (a named type unexported in another package), or "".
func hiddenType(t types.Type, pkg *types.Package, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && !obj.Exported() && !samePackage(obj.Pkg(), pkg) {
			return obj.Pkg().Name() + "." + obj.Name()
		}
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if n := hiddenType(args.At(i), pkg, seen); n != "" {
					return n
				}
			}
		}
		return ""
	case *types.Pointer:
		return hiddenType(t.Elem(), pkg, seen)
	case *types.Slice:
		return hiddenType(t.Elem(), pkg, seen)
	case *types.Array:
		return hiddenType(t.Elem(), pkg, seen)
	case *types.Chan:
		return hiddenType(t.Elem(), pkg, seen)
	case *types.Map:
		if n := hiddenType(t.Key(), pkg, seen); n != "" {
			return n
		}
		return hiddenType(t.Elem(), pkg, seen)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for j := 0; j < tup.Len(); j++ {
				if n := hiddenType(tup.At(j).Type(), pkg, seen); n != "" {
					return n
				}
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if !f.Exported() && !samePackage(f.Pkg(), pkg) {
				return "a struct with unexported fields"
			}
			if n := hiddenType(f.Type(), pkg, seen); n != "" {
				return n
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			if !m.Exported() && !samePackage(m.Pkg(), pkg) {
				return "an interface with unexported methods"
			}
		}
	}
	return ""
}

// fake writes the fake of interface type t from v, a map by method name.
func (g *gen) fake(v spec.Value, t types.Type) (expr, error) {
	ts := g.q.TypeString(t)
	if why := Fakeable(t, g.q.pkg); why != "" {
		return expr{}, fmt.Errorf("cannot fake interface %s: %s", ts, why)
	}
	ft := g.q.fakeOf(t)
	given := make([]*spec.Value, len(ft.methods))
	for _, e := range v.Map {
		if e.Key.Kind != spec.String {
			return expr{}, fmt.Errorf("want method names as the keys of a fake %s, got %s", ts, e.Key)
		}
		i := ft.find(e.Key.Str)
		if i < 0 {
			names := make([]string, len(ft.methods))
			for j, m := range ft.methods {
				names[j] = m.fn.Name()
			}
			msg := fmt.Sprintf("interface %s has no method %q", ts, e.Key.Str)
			if s := suggest(e.Key.Str, names); s != "" {
				msg += " (did you mean " + s + "?)"
			} else {
				msg += " (methods: " + strings.Join(names, ", ") + ")"
			}
			return expr{}, fmt.Errorf("%s", msg)
		}
		if given[i] != nil {
			return expr{}, fmt.Errorf("method %s of fake %s given twice", ft.methods[i].fn.Name(), ts)
		}
		val := e.Val
		given[i] = &val
	}
	var parts []string
	for i, m := range ft.methods {
		val := given[i]
		if val == nil {
			continue
		}
		res := m.sig.Results()
		var vals []spec.Value
		switch {
		case res.Len() == 0:
			if val.Kind != spec.Null {
				return expr{}, at("."+m.fn.Name(), fmt.Errorf("method returns nothing: want null, got %s", val.Kind))
			}
			continue
		case res.Len() == 1:
			vals = []spec.Value{*val}
		default:
			if val.Kind != spec.List || len(val.List) != res.Len() {
				return expr{}, at("."+m.fn.Name(), fmt.Errorf("want a list of its %d results", res.Len()))
			}
			vals = val.List
		}
		for j, rv := range vals {
			s, err := g.elem(rv, res.At(j).Type())
			if err != nil {
				seg := "." + m.fn.Name()
				if res.Len() > 1 {
					seg += "[" + strconv.Itoa(j) + "]"
				}
				return expr{}, at(seg, err)
			}
			if s == "nil" || s == "0" || s == `""` || s == "false" {
				continue // the field's zero value
			}
			parts = append(parts, m.fields[j]+": "+s)
		}
	}
	return expr{s: ft.name + "{" + strings.Join(parts, ", ") + "}", mode: assignable}, nil
}

// find is the index of the method key names: exactly, or ignoring case.
func (ft *fakeType) find(key string) int {
	for i, m := range ft.methods {
		if m.fn.Name() == key {
			return i
		}
	}
	for i, m := range ft.methods {
		if strings.EqualFold(m.fn.Name(), key) {
			return i
		}
	}
	return -1
}

// fakeOf is the fake type of interface t, declared on first use.
func (q *Qualifier) fakeOf(t types.Type) *fakeType {
	key := types.TypeString(t, nil)
	if ft, ok := q.fakes[key]; ok {
		return ft
	}
	it := t.Underlying().(*types.Interface)
	base := fakeBase(t)
	name := base
	for i := 2; q.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	q.taken[name] = true
	ft := &fakeType{name: name}
	used := map[string]bool{}
	for i := 0; i < it.NumMethods(); i++ {
		used[it.Method(i).Name()] = true
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sig := m.Type().(*types.Signature)
		fm := fakeMethod{fn: m, sig: sig}
		stem := lowerFirst(m.Name())
		for j := 0; j < sig.Results().Len(); j++ {
			f := stem
			if sig.Results().Len() > 1 {
				f += strconv.Itoa(j)
			}
			if used[f] || token.IsKeyword(f) {
				f += "Result" // an unexported method's own name
			}
			for used[f] {
				f += "_"
			}
			used[f] = true
			fm.fields = append(fm.fields, f)
		}
		ft.methods = append(ft.methods, fm)
	}
	if q.fakes == nil {
		q.fakes = map[string]*fakeType{}
	}
	q.fakes[key] = ft
	q.decls = append(q.decls, Decl{Name: name, Src: q.fakeSource(t, ft)})
	return ft
}

// fakeBase names the fake of t: fake and the interface's name (with its
// package's for another package's, and its type arguments').
func fakeBase(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "fakeIface"
	}
	name := "fake" + upperFirst(n.Obj().Name())
	if args := n.TypeArgs(); args != nil {
		for i := 0; i < args.Len(); i++ {
			name += "_" + identOf(types.TypeString(args.At(i), func(p *types.Package) string { return p.Name() }))
		}
	}
	return name
}

// identOf keeps the letters and digits of s.
func identOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// fakeSource writes the declaration of ft, the fake of t.
func (q *Qualifier) fakeSource(t types.Type, ft *fakeType) string {
	recv := "f"
	if q.pkg != nil && q.pkg.Scope().Lookup(recv) != nil {
		recv = "fake"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// %s is a %s whose methods return its fields.\n", ft.name, q.TypeString(t))
	fmt.Fprintf(&b, "type %s struct {\n", ft.name)
	for _, m := range ft.methods {
		for j, f := range m.fields {
			fmt.Fprintf(&b, "\t%s %s\n", f, q.TypeString(m.sig.Results().At(j).Type()))
		}
	}
	b.WriteString("}\n")
	for _, m := range ft.methods {
		params := make([]string, m.sig.Params().Len())
		for i := range params {
			params[i] = "_"
		}
		head := FuncHead(m.sig, params, q.TypeString)
		head = strings.TrimPrefix(head, "func")
		if len(m.fields) == 0 {
			fmt.Fprintf(&b, "\nfunc (%s) %s%s {}\n", ft.name, m.fn.Name(), head)
			continue
		}
		rets := make([]string, len(m.fields))
		for j, f := range m.fields {
			rets[j] = recv + "." + f
		}
		fmt.Fprintf(&b, "\nfunc (%s %s) %s%s { return %s }\n", recv, ft.name, m.fn.Name(), head, strings.Join(rets, ", "))
	}
	if src, err := format.Source([]byte(b.String())); err == nil {
		return string(src)
	}
	return b.String() // the compiler will say what is wrong
}

// Decl is a package-level declaration that written code needs (the type
// of a fake, say): its name and its source, written with the
// Qualifier's imports.
type Decl struct {
	Name string
	Src  string
}

// Decls are the declarations the written code needs, in the order they
// were first needed.
func (q *Qualifier) Decls() []Decl {
	out := make([]Decl, len(q.decls))
	copy(out, q.decls)
	return out
}
