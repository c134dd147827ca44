// Command fuzztarget writes a throwaway Go fuzz target for one function
// or method of a package, for scripts/fuzzcmp.sh to measure what `go
// test -fuzz` reaches beside the specs specgen writes:
//
//	go run ./scripts/fuzztarget [-name FuzzSpecgen] -o FILE PKGDIR FUNC
//
// FUNC is named as specs name it: F, T.M or (*T).M. It prints one line,
// "fuzz<TAB>NAME" when it wrote FILE (a _test.go file of the package,
// seeded with each parameter's zero value), or "skip<TAB>REASON" when
// the function cannot be fuzzed, and then writes nothing.
//
// What is fuzzed: parameters of the types `go test -fuzz` takes (string,
// []byte, bool, the sized and unsized ints and uints, floats; byte and
// rune are uint8 and int32), and of named types whose underlying type is
// one of those (the target converts, as time.Duration(a1)). A method's
// receiver is built from fuzzed values too when its type is such a named
// type, or a struct whose fields all are (Parser{options:
// ParseOption(a0)}); otherwise its zero value is used if it holds no
// nil pointer, map, channel, function or interface (an array, or a
// struct of such values), and the method is skipped if it does. A panic
// in the function is recovered, so that fuzzing goes on past it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/types"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	out := flag.String("o", "", "the `file` to write the fuzz target to")
	name := flag.String("name", "FuzzSpecgen", "the fuzz target's `name`")
	flag.Parse()
	if flag.NArg() != 2 || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: fuzztarget [-name FuzzSpecgen] -o FILE PKGDIR FUNC")
		os.Exit(2)
	}
	if err := run(os.Stdout, *out, *name, flag.Arg(0), flag.Arg(1)); err != nil {
		fmt.Fprintln(os.Stderr, "fuzztarget:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, out, name, dir, fn string) error {
	// Syntax, so that the package is type-checked from source: export
	// data would leave out its unexported functions.
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return fmt.Errorf("load %s: %w", dir, err)
	}
	if len(pkgs) != 1 {
		return fmt.Errorf("load %s: %d packages", dir, len(pkgs))
	}
	if len(pkgs[0].Errors) > 0 {
		return fmt.Errorf("load %s: %v", dir, pkgs[0].Errors[0])
	}
	src, skip, err := generate(pkgs[0].Types, fn, name)
	if err != nil {
		return err
	}
	if skip != "" {
		_, err := fmt.Fprintf(w, "skip\t%s\n", skip)
		return err
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "fuzz\t%s\n", name)
	return err
}

// generate returns the source of a fuzz target named name for the
// function fn of pkg, or why it cannot be fuzzed.
func generate(pkg *types.Package, fn, name string) (src []byte, skip string, err error) {
	g := &gen{pkg: pkg, imports: map[string]string{}}
	sig, call, skip, err := g.lookup(fn)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil, "generic", nil
	}
	if sig.Variadic() {
		return nil, "variadic", nil
	}
	var args []string
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		a, why := g.arg(p.Type())
		if why != "" {
			return nil, fmt.Sprintf("parameter %s: %s", paramName(p, i), why), nil
		}
		args = append(args, a)
	}
	if len(g.fuzzed) == 0 {
		return nil, "no input to fuzz", nil
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport (\n\tfztesting \"testing\"\n", pkg.Name())
	for _, path := range slices.Sorted(maps.Keys(g.imports)) {
		fmt.Fprintf(&b, "\t%s %q\n", g.imports[path], path)
	}
	fmt.Fprintf(&b, ")\n\n// %s is a throwaway target written by scripts/fuzztarget.\n", name)
	fmt.Fprintf(&b, "func %s(f *fztesting.F) {\n", name)
	var zeros, params []string
	for i, t := range g.fuzzed {
		zeros = append(zeros, zero(t))
		params = append(params, fmt.Sprintf("a%d %s", i, t))
	}
	fmt.Fprintf(&b, "\tf.Add(%s)\n", strings.Join(zeros, ", "))
	fmt.Fprintf(&b, "\tf.Fuzz(func(t *fztesting.T, %s) {\n", strings.Join(params, ", "))
	fmt.Fprintf(&b, "\t\tdefer func() { _ = recover() }()\n")
	if g.recv != "" {
		fmt.Fprintf(&b, "\t\t%s\n", g.recv)
	}
	fmt.Fprintf(&b, "\t\t%s(%s)\n\t})\n}\n", call, strings.Join(args, ", "))
	src, err = format.Source(b.Bytes())
	if err != nil {
		return nil, "", fmt.Errorf("format the target for %s: %w\n%s", fn, err, b.Bytes())
	}
	return src, "", nil
}

// gen collects what a target needs as it is written.
type gen struct {
	pkg *types.Package
	// imports maps each imported path to its name in the target.
	imports map[string]string
	// fuzzed holds the types of the fuzz arguments a0, a1, ...
	fuzzed []string
	// recv declares the receiver, if any.
	recv string
}

// lookup finds fn and returns its signature and what to call.
func (g *gen) lookup(fn string) (*types.Signature, string, string, error) {
	recvName, method, isMethod := strings.Cut(fn, ".")
	if !isMethod {
		obj, ok := g.pkg.Scope().Lookup(fn).(*types.Func)
		if !ok {
			return nil, "", "", fmt.Errorf("%s: no function %s", g.pkg.Path(), fn)
		}
		if fn == "init" || fn == "main" {
			return nil, "", fn + " is not called", nil
		}
		return obj.Type().(*types.Signature), fn, "", nil
	}
	recvName = strings.TrimSuffix(strings.TrimPrefix(recvName, "(*"), ")")
	tn, ok := g.pkg.Scope().Lookup(recvName).(*types.TypeName)
	if !ok {
		return nil, "", "", fmt.Errorf("%s: no type %s", g.pkg.Path(), recvName)
	}
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return nil, "", "", fmt.Errorf("%s: %s is not a defined type", g.pkg.Path(), recvName)
	}
	var m *types.Func
	for i := 0; i < named.NumMethods(); i++ {
		if named.Method(i).Name() == method {
			m = named.Method(i)
		}
	}
	if m == nil {
		return nil, "", "", fmt.Errorf("%s: %s has no method %s", g.pkg.Path(), recvName, method)
	}
	if named.TypeParams().Len() > 0 {
		return nil, "", "generic receiver", nil
	}
	recv, why := g.receiver(named)
	if why != "" {
		return nil, "", "receiver " + recvName + ": " + why, nil
	}
	g.recv = recv
	return m.Type().(*types.Signature), "recv." + method, "", nil
}

// receiver declares recv, a value of t built from fuzzed values, or
// its zero value, or says why neither will do.
func (g *gen) receiver(t *types.Named) (string, string) {
	tname := types.TypeString(t, g.qualifier)
	if a, why := g.arg(t); why == "" {
		return "recv := " + a, ""
	}
	if s, ok := t.Underlying().(*types.Struct); ok && s.NumFields() > 0 {
		var fields []string
		n := len(g.fuzzed)
		for i := 0; i < s.NumFields(); i++ {
			a, why := g.arg(s.Field(i).Type())
			if why != "" {
				fields = nil
				g.fuzzed = g.fuzzed[:n]
				break
			}
			fields = append(fields, s.Field(i).Name()+": "+a)
		}
		if fields != nil {
			return "recv := " + tname + "{" + strings.Join(fields, ", ") + "}", ""
		}
	}
	if why := nilIn(t, map[types.Type]bool{}); why != "" {
		return "", "its zero value holds " + why
	}
	return "var recv " + tname, ""
}

// arg adds a fuzz argument for a parameter of type t and returns the
// expression passed for it, or says why t cannot be fuzzed.
func (g *gen) arg(t types.Type) (string, string) {
	t = types.Unalias(t)
	base := fuzzable(t.Underlying())
	if base == "" {
		return "", shown(t) + " is not a type go test -fuzz takes"
	}
	v := fmt.Sprintf("a%d", len(g.fuzzed))
	switch t.(type) {
	case *types.Basic, *types.Slice:
		g.fuzzed = append(g.fuzzed, base)
		return v, ""
	}
	named, ok := t.(*types.Named)
	if !ok {
		return "", shown(t) + " is not a type go test -fuzz takes"
	}
	if obj := named.Obj(); obj.Pkg() != g.pkg && !obj.Exported() {
		return "", shown(t) + " cannot be named outside its package"
	}
	if named.TypeArgs().Len() > 0 {
		return "", shown(t) + " is generic"
	}
	g.fuzzed = append(g.fuzzed, base)
	return types.TypeString(t, g.qualifier) + "(" + v + ")", ""
}

// qualifier names other packages by the import names of the target.
func (g *gen) qualifier(p *types.Package) string {
	if p == g.pkg {
		return ""
	}
	if name, ok := g.imports[p.Path()]; ok {
		return name
	}
	name := fmt.Sprintf("fz%d%s", len(g.imports), p.Name())
	g.imports[p.Path()] = name
	return name
}

// fuzzable returns the fuzz argument type for an underlying type, or "".
func fuzzable(t types.Type) string {
	switch t := t.(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.String, types.Bool,
			types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
			types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64,
			types.Float32, types.Float64:
			return t.Name()
		}
	case *types.Slice:
		if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && types.Identical(t.Elem(), types.Typ[types.Uint8]) {
			return "[]byte"
		}
	}
	return ""
}

// zero is the zero value of a fuzz argument type, typed for f.Add.
func zero(t string) string {
	switch t {
	case "string":
		return `""`
	case "bool":
		return "false"
	case "[]byte":
		return "[]byte(nil)"
	case "int":
		return "0"
	}
	return t + "(0)"
}

// nilIn says what nil value the zero value of t holds, or "".
func nilIn(t types.Type, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return "a nil pointer"
	case *types.Map:
		return "a nil map"
	case *types.Chan:
		return "a nil channel"
	case *types.Signature:
		return "a nil function"
	case *types.Interface:
		return "a nil interface"
	case *types.Basic:
		if u.Kind() == types.UnsafePointer {
			return "a nil pointer"
		}
	case *types.Array:
		return nilIn(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if why := nilIn(u.Field(i).Type(), seen); why != "" {
				return why + " (field " + u.Field(i).Name() + ")"
			}
		}
	}
	return ""
}

// shown is how a reason names t.
func shown(t types.Type) string {
	return types.TypeString(t, (*types.Package).Name)
}

func paramName(p *types.Var, i int) string {
	if p.Name() == "" || p.Name() == "_" {
		return fmt.Sprint(i + 1)
	}
	return p.Name()
}
