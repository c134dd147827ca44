package target

import (
	"go/token"
	"go/types"
	"go/version"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Qualifier writes types and package-level names as Go source inside the
// package under test: the package's own names unqualified, the others
// through an import whose local name it chooses without collisions and
// records. One Qualifier serves one generated file.
type Qualifier struct {
	pkg    *types.Package       // the package the code is written in; may be nil
	byPath map[string]string    // import path → local name
	taken  map[string]bool      // names that an import may not use
	fakes  map[string]*fakeType // interface type → its fake (see fakeOf)
	decls  []Decl               // declarations the code needs, in order
}

// NewQualifier returns a Qualifier for code inside pkg (nil for code in
// a package of its own). The names declared at pkg's top level are
// reserved: an import may not shadow them.
func NewQualifier(pkg *types.Package) *Qualifier {
	q := &Qualifier{pkg: pkg, byPath: map[string]string{}, taken: map[string]bool{}}
	if pkg != nil {
		for _, n := range pkg.Scope().Names() {
			q.taken[n] = true
		}
	}
	return q
}

// Reserve keeps names from being used as import names, for identifiers
// that the generated code declares itself.
func (q *Qualifier) Reserve(names ...string) {
	for _, n := range names {
		q.taken[n] = true
	}
}

// Import records an import of path and returns its local name: name (the
// package's name; "" derives it from the path) or, when that is taken,
// name2, name3, ... Importing the package under test returns "".
func (q *Qualifier) Import(path, name string) string {
	if q.pkg != nil && path == q.pkg.Path() {
		return ""
	}
	if n, ok := q.byPath[path]; ok {
		return n
	}
	if name == "" || !token.IsIdentifier(name) || name == "_" {
		name = guessName(path)
	}
	local := name
	for i := 2; q.taken[local]; i++ {
		local = name + strconv.Itoa(i)
	}
	q.taken[local] = true
	q.byPath[path] = local
	return local
}

// guessName derives a package name from an import path: its last
// element without a major-version suffix, made an identifier.
func guessName(p string) string {
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		if d := path.Dir(p); d != "." && d != "/" {
			base = path.Base(d)
		}
	}
	base = strings.TrimPrefix(base, "go-")
	var b strings.Builder
	for _, r := range base {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || (b.Len() > 0 && r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || token.IsKeyword(b.String()) {
		return "pkg"
	}
	return b.String()
}

// Qualify is the types.Qualifier: "" for the package under test, else
// the local name of an import it records.
func (q *Qualifier) Qualify(p *types.Package) string {
	if p == nil {
		return ""
	}
	return q.Import(p.Path(), p.Name())
}

// TypeString writes t as it is spelled inside the package under test.
func (q *Qualifier) TypeString(t types.Type) string {
	return types.TypeString(t, q.Qualify)
}

// ObjectString writes a reference to a package-level object, such as a
// sentinel error: "ErrEmpty" in the package under test, "io.EOF" elsewhere.
func (q *Qualifier) ObjectString(obj types.Object) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	if n := q.Qualify(obj.Pkg()); n != "" {
		return n + "." + obj.Name()
	}
	return obj.Name()
}

// Imports returns the imports the written code needs: import path →
// local name.
func (q *Qualifier) Imports() map[string]string {
	return maps.Clone(q.byPath)
}

// qualifierState is a snapshot of a Qualifier's imports and declarations.
type qualifierState struct {
	byPath map[string]string
	taken  map[string]bool
	fakes  map[string]*fakeType
	decls  []Decl
}

func (q *Qualifier) save() qualifierState {
	return qualifierState{maps.Clone(q.byPath), maps.Clone(q.taken), maps.Clone(q.fakes), slices.Clone(q.decls)}
}

func (q *Qualifier) restore(s qualifierState) {
	q.byPath, q.taken, q.fakes, q.decls = s.byPath, s.taken, s.fakes, s.decls
}

// anyName is how code in q's package spells the empty interface: any,
// or interface{} where the package's language predates go1.18 (a
// module without a go directive is at go1.16, and its package's
// GoVersion is empty).
func (q *Qualifier) anyName() string {
	if q == nil || q.pkg == nil {
		return "any"
	}
	if v := q.pkg.GoVersion(); v == "" || version.Compare(v, "go1.18") < 0 {
		return "interface{}"
	}
	return "any"
}

// FuncHead is the head of a function literal of signature sig, its
// parameters named names ("func(x int, rest ...string) (bool, error)"),
// each type written by typeString.
func FuncHead(sig *types.Signature, names []string, typeString func(types.Type) string) string {
	params := sig.Params()
	decls := make([]string, params.Len())
	for i := range decls {
		t := params.At(i).Type()
		ts := typeString(t)
		if sig.Variadic() && i == params.Len()-1 {
			if s, ok := t.Underlying().(*types.Slice); ok {
				ts = "..." + typeString(s.Elem())
			}
		}
		decls[i] = names[i] + " " + ts
	}
	head := "func(" + strings.Join(decls, ", ") + ")"
	res := sig.Results()
	switch res.Len() {
	case 0:
	case 1:
		head += " " + typeString(res.At(0).Type())
	default:
		rts := make([]string, res.Len())
		for i := range rts {
			rts[i] = typeString(res.At(i).Type())
		}
		head += " (" + strings.Join(rts, ", ") + ")"
	}
	return head
}
