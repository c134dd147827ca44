package target

import (
	"fmt"
	"go/format"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/spec"
)

// A fake is a value of an interface type built from a map by method
// name of what each method returns ({Levels: [3, 4], Fire: boom} for a
// Hook): a map type declared beside the code, keyed by method name,
// whose methods ignore their arguments and return what the map holds
// for them (the list of results, for a method of several). A method the
// map leaves out returns zero values.
//
// The declaration is recorded in the Qualifier (see Qualifier.Decls),
// once per interface type: every fake of the type is a literal of the
// same map type (fakeHook{"Levels": []Level{3, 4}, "Fire":
// errors.New("boom")}). Recorded as an argument, a fake is that map,
// which is the value it was written from.

// fakeMethod is one method of a faked interface.
type fakeMethod struct {
	fn  *types.Func
	sig *types.Signature
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
		if n := hiddenType(m.Type(), pkg, map[types.Type]bool{}); n != "" {
			return fmt.Sprintf("method %s uses %s, unexported in its package", m.Name(), n)
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
		key := strconv.Quote(m.fn.Name())
		switch {
		case res.Len() == 0:
			if val.Kind != spec.Null {
				return expr{}, at("."+m.fn.Name(), fmt.Errorf("method returns nothing: want null, got %s", val.Kind))
			}
		case res.Len() == 1:
			if val.Kind == spec.Null {
				continue // the zero value, as when left out
			}
			s, err := g.typed(*val, res.At(0).Type())
			if err != nil {
				return expr{}, at("."+m.fn.Name(), err)
			}
			parts = append(parts, key+": "+s)
		default:
			if val.Kind != spec.List || len(val.List) != res.Len() {
				return expr{}, at("."+m.fn.Name(), fmt.Errorf("want a list of its %d results", res.Len()))
			}
			rs := make([]string, res.Len())
			for j, rv := range val.List {
				if rv.Kind == spec.Null {
					rs[j] = "nil"
					continue
				}
				s, err := g.typed(rv, res.At(j).Type())
				if err != nil {
					return expr{}, at("."+m.fn.Name()+"["+strconv.Itoa(j)+"]", err)
				}
				rs[j] = s
			}
			parts = append(parts, key+": []"+g.q.anyName()+"{"+strings.Join(rs, ", ")+"}")
		}
	}
	// Converted to the interface also as an element of a composite
	// literal: yaegi does not convert a map of its own type there.
	return expr{s: ft.name + "{" + strings.Join(parts, ", ") + "}", mode: convert}, nil
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
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		ft.methods = append(ft.methods, fakeMethod{fn: m, sig: m.Type().(*types.Signature)})
	}
	if q.fakes == nil {
		q.fakes = map[string]*fakeType{}
	}
	q.fakes[key] = ft
	q.decls = append(q.decls, Decl{Name: name, Src: q.fakeSource(t, ft)})
	return ft
}

// declareNamedFake declares the fake that name names, when it names
// one: fake and the name of an interface of the package (fakeHook, of
// Hook or hook), or else of exactly one interface of the packages it
// imports (fakeWriter, of io.Writer), that the package does not declare
// itself. Code that names it then builds.
func (q *Qualifier) declareNamedFake(name string) {
	base, ok := strings.CutPrefix(name, "fake")
	if !ok || base == "" || q.pkg == nil || q.pkg.Scope().Lookup(name) != nil {
		return
	}
	for _, ft := range q.fakes {
		if ft.name == name {
			return
		}
	}
	// The package's own interface first, then one of its imports'.
	var found []types.Type
	for _, pkg := range append([]*types.Package{q.pkg}, q.pkg.Imports()...) {
		if len(found) > 0 && pkg != q.pkg {
			break
		}
		for _, n := range []string{base, strings.ToLower(base[:1]) + base[1:]} {
			tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
			if !ok || (pkg != q.pkg && !tn.Exported()) {
				continue
			}
			if nt, ok := tn.Type().(*types.Named); ok && nt.TypeParams().Len() == 0 && types.IsInterface(nt) && Fakeable(nt, q.pkg) == "" {
				found = append(found, nt)
			}
		}
		if pkg != q.pkg && len(found) == 0 {
			// An alias of an interface declared further down
			// (proto.Message = protoiface.MessageV1: fakeMessageV1).
			for _, n := range pkg.Scope().Names() {
				tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
				if !ok || !tn.IsAlias() || !tn.Exported() {
					continue
				}
				if nt, ok := types.Unalias(tn.Type()).(*types.Named); ok && nt.Obj().Name() == base && nt.TypeParams().Len() == 0 && types.IsInterface(nt) && Fakeable(nt, q.pkg) == "" && !slices.ContainsFunc(found, func(t types.Type) bool { return types.Identical(t, nt) }) {
					found = append(found, nt)
				}
			}
		}
	}
	if len(found) != 1 || fakeBase(found[0]) != name || q.taken[name] {
		return
	}
	q.fakeOf(found[0])
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
	anyT := q.anyName()
	var b strings.Builder
	fmt.Fprintf(&b, "// %s is a %s whose methods return what it holds for them.\n", ft.name, q.TypeString(t))
	fmt.Fprintf(&b, "type %s map[string]%s\n", ft.name, anyT)
	for _, m := range ft.methods {
		params := make([]string, m.sig.Params().Len())
		for i := range params {
			params[i] = "_"
		}
		head := strings.TrimPrefix(FuncHead(m.sig, params, q.TypeString), "func")
		key := strconv.Quote(m.fn.Name())
		res := m.sig.Results()
		switch res.Len() {
		case 0:
			fmt.Fprintf(&b, "\nfunc (%s) %s%s {}\n", ft.name, m.fn.Name(), head)
		case 1:
			fmt.Fprintf(&b, "\nfunc (%s %s) %s%s {\n", recv, ft.name, m.fn.Name(), head)
			writeTake(&b, "r", recv+"["+key+"]", q.TypeString(res.At(0).Type()))
			b.WriteString("\treturn r\n}\n")
		default:
			fmt.Fprintf(&b, "\nfunc (%s %s) %s%s {\n", recv, ft.name, m.fn.Name(), head)
			writeTake(&b, "r", recv+"["+key+"]", "[]"+anyT)
			fmt.Fprintf(&b, "\tr = append(r%s)\n", strings.Repeat(", nil", res.Len()))
			rets := make([]string, res.Len())
			for j := range rets {
				rets[j] = "r" + strconv.Itoa(j)
				writeTake(&b, rets[j], "r["+strconv.Itoa(j)+"]", q.TypeString(res.At(j).Type()))
			}
			fmt.Fprintf(&b, "\treturn %s\n}\n", strings.Join(rets, ", "))
		}
	}
	if src, err := format.Source([]byte(b.String())); err == nil {
		return string(src)
	}
	return b.String() // the compiler will say what is wrong
}

// writeTake writes the statements that declare name of type typ and
// set it to what the interface x holds, when it holds a typ. A nil x is
// not asserted (yaegi panics asserting one, even with ok).
func writeTake(b *strings.Builder, name, x, typ string) {
	fmt.Fprintf(b, "\tvar %s %s\n\tif v := %s; v != nil {\n\t\t%s, _ = v.(%s)\n\t}\n", name, typ, x, name, typ)
}

// Decl is a package-level declaration that written code needs (the type
// of a fake, say): its name and its source, written with the
// Qualifier's imports.
type Decl struct {
	Name string
	Src  string
}

// Decls are the declarations the written code needs, in the order they
// were first needed (nil for none).
func (q *Qualifier) Decls() []Decl {
	return slices.Clone(q.decls)
}
