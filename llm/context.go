package llm

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/target"
)

// Bounds on what a prompt says about the package around the function.
const (
	maxDecls     = 16   // declarations of used names
	maxDeclBytes = 6000 // their total size
	maxDeclSize  = 1500 // one declaration
	maxMethods   = 12   // methods listed per type
)

// funcInfo is what every prompt says about the function under test.
type funcInfo struct {
	f *target.Func
	// qualify writes other packages by name, the package's own names
	// unqualified, as code inside the package sees them.
	qualify types.Qualifier
}

func newFuncInfo(f *target.Func) *funcInfo {
	var self *types.Package
	if f.Pkg != nil {
		self = f.Pkg.Types
	}
	return &funcInfo{f: f, qualify: func(p *types.Package) string {
		if self != nil && p.Path() == self.Path() {
			return ""
		}
		return p.Name()
	}}
}

// pkgName is the name of the package under test.
func (fi *funcInfo) pkgName() string {
	if fi.f.Pkg == nil {
		return ""
	}
	return fi.f.Pkg.Name
}

// signature is the function's declaration line.
func (fi *funcInfo) signature() string {
	f := fi.f
	var b strings.Builder
	b.WriteString("func ")
	if f.Recv != nil {
		r := f.Recv.Obj().Name()
		if f.RecvPtr {
			r = "*" + r
		}
		fmt.Fprintf(&b, "(%s) ", r)
	}
	b.WriteString(f.Obj.Name())
	sig := types.TypeString(f.Sig, fi.qualify)
	b.WriteString(strings.TrimPrefix(sig, "func"))
	return b.String()
}

// typeString writes t as code inside the package writes it.
func (fi *funcInfo) typeString(t types.Type) string { return types.TypeString(t, fi.qualify) }

// specTypeString writes t as spec Type evaluators name it: every package
// by its name ("int64", "*pricing.ParseError").
func specTypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// resultType is the spec name of the first non-error result, or "".
func (fi *funcInfo) resultType() string {
	rs := fi.f.Results
	if fi.f.ErrorLast {
		rs = rs[:len(rs)-1]
	}
	if len(rs) == 0 {
		return ""
	}
	return specTypeString(rs[0])
}

// results are the non-error results.
func (fi *funcInfo) results() []types.Type {
	rs := fi.f.Results
	if fi.f.ErrorLast {
		rs = rs[:len(rs)-1]
	}
	return rs
}

// section renders the function under test: package, signature, source
// (with its doc comment) and the declarations of the package-level
// names it uses.
func (fi *funcInfo) section() string {
	f := fi.f
	var b strings.Builder
	b.WriteString("## Function under test\n\n")
	if f.Pkg != nil {
		fmt.Fprintf(&b, "Package: %s (package %s)\n", f.Pkg.ImportPath, f.Pkg.Name)
	}
	fmt.Fprintf(&b, "Signature: %s\n\n", fi.signature())
	b.WriteString("```go\n")
	b.WriteString(strings.TrimRight(f.Source, "\n"))
	b.WriteString("\n```\n")
	if decls := fi.usedDecls(); len(decls) > 0 {
		b.WriteString("\n## Declarations of the package that it uses\n\n```go\n")
		b.WriteString(strings.Join(decls, "\n\n"))
		b.WriteString("\n```\n")
	}
	return b.String()
}

// usedDecls returns the source of the package-level types, variables,
// constants and functions the function refers to (and, one step
// further, those their declarations refer to), with the method
// signatures of the types, in source order.
func (fi *funcInfo) usedDecls() []string {
	f := fi.f
	p := f.Pkg
	if p == nil || p.Types == nil || p.TypesInfo == nil || f.Decl == nil {
		return nil
	}
	scope := p.Types.Scope()
	seen := map[types.Object]bool{f.Obj: true}
	var objs []types.Object
	collect := func(n ast.Node) []types.Object {
		var found []types.Object
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := p.TypesInfo.Uses[id]
			if obj == nil || obj.Pkg() != p.Types || obj.Parent() != scope || seen[obj] {
				return true
			}
			seen[obj] = true
			found = append(found, obj)
			return true
		})
		return found
	}
	frontier := collect(f.Decl)
	if f.Recv != nil && !seen[f.Recv.Obj()] {
		seen[f.Recv.Obj()] = true
		frontier = append([]types.Object{f.Recv.Obj()}, frontier...)
	}
	src := newSourceIndex(p)
	for depth := 0; depth < 2 && len(frontier) > 0; depth++ {
		var next []types.Object
		for _, obj := range frontier {
			objs = append(objs, obj)
			if node := src.declNode(obj); node != nil && depth == 0 {
				if _, isFunc := obj.(*types.Func); !isFunc {
					next = append(next, collect(node)...)
				}
			}
		}
		frontier = next
	}
	sort.SliceStable(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	var out []string
	total := 0
	done := map[string]bool{}
	for _, obj := range objs {
		text := src.declText(obj, fi)
		if text == "" || done[text] {
			continue
		}
		done[text] = true
		if len(out) >= maxDecls || total+len(text) > maxDeclBytes {
			out = append(out, "// (more declarations left out)")
			break
		}
		total += len(text)
		out = append(out, text)
	}
	return out
}

// sourceIndex finds the declarations of package-level objects.
type sourceIndex struct {
	p     *target.Package
	files map[string][]byte
}

func newSourceIndex(p *target.Package) *sourceIndex {
	return &sourceIndex{p: p, files: map[string][]byte{}}
}

// declNode returns the spec (or function declaration) that declares obj.
func (s *sourceIndex) declNode(obj types.Object) ast.Node {
	gd, spec, fd := s.find(obj.Pos())
	switch {
	case fd != nil:
		return fd
	case spec != nil:
		return spec
	case gd != nil:
		return gd
	}
	return nil
}

// find returns the declaration that holds pos: a general declaration
// with the spec that holds it, or a function declaration.
func (s *sourceIndex) find(pos token.Pos) (*ast.GenDecl, ast.Spec, *ast.FuncDecl) {
	for _, file := range s.p.Syntax {
		if pos < file.Pos() || pos > file.End() {
			continue
		}
		for _, d := range file.Decls {
			if pos < d.Pos() || pos > d.End() {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				return nil, nil, d
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if pos >= sp.Pos() && pos <= sp.End() {
						return d, sp, nil
					}
				}
				return d, nil, nil
			}
		}
	}
	return nil, nil, nil
}

// text returns the source between two positions.
func (s *sourceIndex) text(from, to token.Pos) string {
	start, end := s.p.Fset.Position(from), s.p.Fset.Position(to)
	data, ok := s.files[start.Filename]
	if !ok {
		data, _ = os.ReadFile(start.Filename)
		s.files[start.Filename] = data
	}
	if start.Offset < 0 || end.Offset > len(data) || start.Offset > end.Offset {
		return ""
	}
	return string(data[start.Offset:end.Offset])
}

// declText renders the declaration of obj: a function's signature, a
// type's declaration with its methods' signatures, a variable's or
// constant's declaration (the whole group for constants, for iota).
func (s *sourceIndex) declText(obj types.Object, fi *funcInfo) string {
	gd, spec, fd := s.find(obj.Pos())
	var text string
	switch {
	case fd != nil:
		if fd.Doc != nil {
			text = s.text(fd.Doc.Pos(), fd.Doc.End()) + "\n"
		}
		text += s.text(fd.Pos(), fd.Type.End())
		return clipDecl(text)
	case gd == nil:
		return ""
	case gd.Lparen.IsValid() && gd.Tok != token.CONST && spec != nil:
		if doc := specDoc(spec); doc != nil {
			text = s.text(doc.Pos(), doc.End()) + "\n"
		}
		text += gd.Tok.String() + " " + s.text(spec.Pos(), spec.End())
	default:
		from := gd.Pos()
		if gd.Doc != nil {
			from = gd.Doc.Pos()
		}
		text = s.text(from, gd.End())
	}
	if tn, ok := obj.(*types.TypeName); ok {
		if named, ok := tn.Type().(*types.Named); ok && named.NumMethods() > 0 {
			var ms []string
			for i := 0; i < named.NumMethods() && i < maxMethods; i++ {
				m := named.Method(i)
				if !m.Exported() && m.Name() != "Error" {
					continue
				}
				ms = append(ms, "// "+methodLine(m, fi))
			}
			if len(ms) > 0 {
				text += "\n" + strings.Join(ms, "\n")
			}
		}
	}
	return clipDecl(text)
}

func specDoc(sp ast.Spec) *ast.CommentGroup {
	switch sp := sp.(type) {
	case *ast.TypeSpec:
		return sp.Doc
	case *ast.ValueSpec:
		return sp.Doc
	}
	return nil
}

// methodLine renders a method's signature: func (r *T) M(args) results.
func methodLine(m *types.Func, fi *funcInfo) string {
	sig := m.Type().(*types.Signature)
	recv := ""
	if r := sig.Recv(); r != nil {
		recv = "(" + fi.typeString(r.Type()) + ") "
	}
	return "func " + recv + m.Name() + strings.TrimPrefix(types.TypeString(sig, fi.qualify), "func")
}

func clipDecl(s string) string {
	if len(s) <= maxDeclSize {
		return s
	}
	cut := maxDeclSize
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "\n// …"
}

// zeroExpr is a simple Go expression of type t, for example calls: a
// call of the package's function that makes a t when t has unexported
// fields.
func (fi *funcInfo) zeroExpr(t types.Type) string {
	if m := fi.makerOf(t); m != "" {
		return m
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		var lit string
		switch {
		case u.Info()&types.IsString != 0:
			lit = `"example"`
		case u.Info()&types.IsBoolean != 0:
			lit = "true"
		case u.Info()&types.IsNumeric != 0:
			lit = "1"
		default:
			return "nil"
		}
		if _, named := types.Unalias(t).(*types.Named); named {
			return fi.typeString(t) + "(" + lit + ")"
		}
		return lit
	case *types.Struct, *types.Array:
		return fi.typeString(t) + "{}"
	case *types.Slice:
		return fi.typeString(t) + "{}"
	case *types.Map:
		return fi.typeString(t) + "{}"
	}
	return "nil"
}

// exampleSnippets shows the snippet format on the function itself.
func (fi *funcInfo) exampleSnippets() []string {
	f := fi.f
	var args []string
	for _, p := range f.Params {
		if !p.Variadic {
			args = append(args, fi.zeroExpr(p.Type))
		}
	}
	name := f.Obj.Name()
	lhs := ""
	if n := len(f.Results); n > 0 {
		names := make([]string, n)
		for i := range names {
			names[i] = "_"
		}
		names[0] = "out"
		if f.ErrorLast {
			names[n-1] = "err"
		}
		lhs = strings.Join(names, ", ") + " := "
	}
	if f.Recv != nil {
		recv := "var r " + fi.typeString(f.Recv)
		if m := fi.makerOf(f.Recv); m != "" {
			recv = "r := " + m
		}
		return []string{recv + "\n" + lhs + "r." + name + "(" + strings.Join(args, ", ") + ")"}
	}
	first := lhs + name + "(" + strings.Join(args, ", ") + ")"
	if len(args) == 0 {
		return []string{first}
	}
	local := f.Params[0].Name
	if !token.IsIdentifier(local) || local == "_" {
		local = "arg"
	}
	second := append([]string{local}, args[1:]...)
	return []string{first, local + " := " + args[0] + "\n" + name + "(" + strings.Join(second, ", ") + ")"}
}

// snippetRules explains the snippet format.
func (fi *funcInfo) snippetRules() string {
	f := fi.f
	var b strings.Builder
	b.WriteString("## Snippet format\n\n")
	fmt.Fprintf(&b, "A snippet is Go statements compiled inside package %s (as an extra file of the package), so the package's\n", fi.pkgName())
	b.WriteString("names, exported or not, are used without a package qualifier. The LAST statement must call the function\n")
	fmt.Fprintf(&b, "under test exactly once (`%s(...)`", f.Obj.Name())
	if f.Recv != nil {
		fmt.Fprintf(&b, " as a method: `x.%s(...)` on a value of type %s", f.Obj.Name(), f.Recv.Obj().Name())
	}
	b.WriteString("), either alone or on the right of `:=`/`=`; earlier statements may build its arguments.\n")
	b.WriteString("The first statements may assign the package's own variables (a setting the function reads: `Strict = true`):\n")
	b.WriteString("they are set for that snippet only and set back after it.\n")
	b.WriteString("Standard-library packages are used by their name (strings.Repeat, math.MaxInt64, time.Second) without import lines.\n")
	b.WriteString("The call's results and any returned error or panic are recorded for you: do not print, compare or assert anything.\n\n")
	b.WriteString("Examples of the format:\n\n")
	for _, ex := range fi.exampleSnippets() {
		b.WriteString("```go\n" + ex + "\n```\n")
	}
	if v := fi.snippetValues(); v != "" {
		b.WriteString("\n" + v)
	}
	return b.String()
}
