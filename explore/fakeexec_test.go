package explore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"golang.org/x/tools/go/ast/astutil"
)

// fakeExec is a small honest executor for the tests: it instruments the
// package's one source file with block counters like go test -cover's
// (simplified), interprets it with yaegi, and runs each probe's setup,
// arguments and call for real, reporting inputs, outputs, errors,
// panics and covered blocks. Probes that do not type-check are reported
// as not compiling.
type fakeExec struct {
	src    string // the instrumented package, as package main
	blocks []executors.Block
	runs   int
	probes int
}

// newFakeExec prepares p for interpretation; deps are packages of the
// module p imports, merged into the same interpreted package (their
// qualified names are rewritten to plain ones).
func newFakeExec(p *target.Package, deps ...*target.Package) (*fakeExec, error) {
	fset := token.NewFileSet()
	in := &instrumenter{fset: fset}
	imports := map[string]string{} // path → name
	merged := map[string]bool{}
	for _, d := range deps {
		merged[d.ImportPath] = true
	}
	var decls bytes.Buffer
	for _, pkg := range append([]*target.Package{p}, deps...) {
		for _, path := range pkg.GoFiles {
			file, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return nil, err
			}
			in.path = path
			local := map[string]bool{}
			for _, is := range file.Imports {
				ip, _ := strconv.Unquote(is.Path.Value)
				name := ""
				if is.Name != nil {
					name = is.Name.Name
				}
				if merged[ip] {
					if name == "" {
						name = ip[strings.LastIndex(ip, "/")+1:]
						name = strings.TrimPrefix(name, "go-")
					}
					local[name] = true
					continue
				}
				imports[ip] = name
			}
			astutil.Apply(file, func(c *astutil.Cursor) bool {
				if sel, ok := c.Node().(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && local[x.Name] {
						c.Replace(sel.Sel)
					}
				}
				return true
			}, nil)
			for _, d := range file.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					continue
				}
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && pkg == p {
					fd.Body.List = in.list(fd.Body.List)
				}
				if err := format.Node(&decls, fset, d); err != nil {
					return nil, err
				}
				decls.WriteString("\n\n")
			}
		}
	}
	// yaegi v0.16.1 rejects this constant expression of go-humanize
	// ("mismatched types untyped float and untyped float64").
	src := strings.ReplaceAll(decls.String(), "(0.0 - math.MaxFloat64)", "(-math.MaxFloat64)")
	var b bytes.Buffer
	b.WriteString("package main\n\n")
	for _, ip := range sortedKeys(imports) {
		fmt.Fprintf(&b, "import %s %q\n", imports[ip], ip)
	}
	b.WriteString("\nvar specgenHits map[int]bool\n\n")
	b.WriteString("func specgenHit(k int) {\n\tif specgenHits == nil {\n\t\tspecgenHits = map[int]bool{}\n\t}\n\tspecgenHits[k] = true\n}\n\n")
	b.WriteString(src)
	if !strings.Contains(decls.String(), "func max(") {
		// yaegi v0.16.1 lacks the max builtin; the corpus uses it on ints.
		b.WriteString("\nfunc max(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n")
	}
	return &fakeExec{src: b.String(), blocks: in.blocks}, nil
}

func (e *fakeExec) Name() string { return "fake" }

func (e *fakeExec) Run(ctx context.Context, prog *executors.Program) (*executors.Report, error) {
	e.runs++
	i := interp.New(interp.Options{Stdout: io.Discard, Stderr: io.Discard})
	if err := i.Use(stdlib.Symbols); err != nil {
		return nil, err
	}
	// A worker would die of a probe that allocates gigabytes; the fake
	// runs in the test process, so it refuses such strings.Repeat calls
	// and reports the probe as exited.
	if err := i.Use(interp.Exports{"strings/strings": {"Repeat": reflect.ValueOf(guardedRepeat)}}); err != nil {
		return nil, err
	}
	if _, err := i.Eval(e.src); err != nil {
		return nil, fmt.Errorf("load package: %w", err)
	}
	if _, err := i.Eval(`import specgenfmt "fmt"`); err != nil {
		return nil, err
	}
	rep := &executors.Report{Engine: "fake", Blocks: e.blocks}
	for k, p := range prog.Probes {
		e.probes++
		rep.Results = append(rep.Results, e.runProbe(ctx, i, prog, k, p))
	}
	return rep, nil
}

func (e *fakeExec) runProbe(ctx context.Context, i *interp.Interpreter, prog *executors.Program, k int, p executors.Probe) executors.Result {
	f := prog.Func
	res := executors.Result{ID: p.ID}
	// yaegi keeps the imports of package main across evaluations; one
	// already made is reported as redeclared.
	for _, path := range sortedKeys(p.Imports) {
		if _, err := i.Eval(fmt.Sprintf("import %s %q", p.Imports[path], path)); err != nil && !strings.Contains(err.Error(), "redeclared") {
			res.Outcome, res.Message = executors.NoBuild, err.Error()
			return res
		}
	}
	var b strings.Builder
	self := f.Pkg.Types
	qual := func(pk *types.Package) string {
		if pk.Path() == self.Path() {
			return ""
		}
		return pk.Name()
	}
	// Values cross out of the interpreter through typed globals: yaegi
	// hides interpreted types with methods behind a wrapper in an any.
	g := func(s string) string { return "specgen" + strconv.Itoa(k) + s }
	type input struct {
		name string
		t    types.Type
	}
	var inputs []input
	var args []string
	var body strings.Builder
	body.WriteString(p.Setup + "\n")
	for j, prm := range f.Params {
		fmt.Fprintf(&b, "var %s %s\n", g("in"+strconv.Itoa(j)), types.TypeString(prm.Type, qual))
		fmt.Fprintf(&body, "var a%d %s = %s\n%s = a%d\n", j, types.TypeString(prm.Type, qual), p.Args[j], g("in"+strconv.Itoa(j)), j)
		inputs = append(inputs, input{prm.Name, prm.Type})
		a := "a" + strconv.Itoa(j)
		if prm.Variadic {
			a += "..."
		}
		args = append(args, a)
	}
	callee := f.Obj.Name()
	if f.Recv != nil {
		var rt types.Type = f.Recv
		if f.RecvPtr {
			rt = types.NewPointer(rt)
		}
		fmt.Fprintf(&b, "var %s %s\n", g("in"+strconv.Itoa(len(f.Params))), types.TypeString(rt, qual))
		fmt.Fprintf(&body, "specgenRecv := %s\n%s = specgenRecv\n", p.Recv, g("in"+strconv.Itoa(len(f.Params))))
		inputs = append(inputs, input{"receiver", rt})
		callee = "specgenRecv." + callee
	}
	var outs []string
	for j, rt := range f.Results {
		outs = append(outs, "o"+strconv.Itoa(j))
		fmt.Fprintf(&b, "var %s %s\n", g("out"+strconv.Itoa(j)), types.TypeString(rt, qual))
	}
	fmt.Fprintf(&b, "var %s, %s, %s string\n", g("state"), g("msg"), g("type"))
	call := callee + "(" + strings.Join(args, ", ") + ")"
	if len(outs) > 0 {
		fmt.Fprintf(&body, "%s := %s\n", strings.Join(outs, ", "), call)
	} else {
		body.WriteString(call + "\n")
	}
	for j := range outs {
		fmt.Fprintf(&body, "%s = o%d\n", g("out"+strconv.Itoa(j)), j)
	}
	fmt.Fprintf(&body, "%s = \"ok\"\n", g("state"))
	if f.ErrorLast {
		last := "o" + strconv.Itoa(len(outs)-1)
		fmt.Fprintf(&body, "if %s != nil {\n%s = \"error\"\n%s = %s.Error()\n%s = specgenfmt.Sprintf(\"%%T\", %s)\n}\n",
			last, g("state"), g("msg"), last, g("type"), last)
	}
	fmt.Fprintf(&b, "func specgenProbe%d() {\n", k)
	b.WriteString("specgenHits = map[int]bool{}\n")
	fmt.Fprintf(&b, "defer func() {\nif r := recover(); r != nil {\n%s = \"panic\"\n%s = specgenfmt.Sprint(r)\nif e, ok := r.(error); ok {\n%s = e.Error()\n}\n%s = specgenfmt.Sprintf(\"%%T\", r)\n}\n}()\n",
		g("state"), g("msg"), g("msg"), g("type"))
	b.WriteString(body.String())
	b.WriteString("}\n")
	if _, err := i.Eval(b.String()); err != nil {
		res.Outcome, res.Message = executors.NoBuild, err.Error()
		return res
	}
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	start := time.Now()
	_, err := i.EvalWithContext(cctx, fmt.Sprintf("specgenProbe%d()", k))
	res.Duration = time.Since(start)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			res.Outcome, res.Message = executors.Timeout, "timeout"
			return res
		}
		res.Outcome, res.Message = executors.Broken, err.Error()
		return res
	}
	str := func(name string) string {
		v, err := i.Eval(g(name))
		if err != nil {
			return ""
		}
		return v.String()
	}
	state := str("state")
	if state != "" {
		for j, in := range inputs {
			v, err := i.Eval(g("in" + strconv.Itoa(j)))
			if err != nil {
				res.Outcome, res.Message = executors.Broken, err.Error()
				return res
			}
			res.Inputs = append(res.Inputs, executors.NamedValue{Name: in.name, Value: toValue(v, in.t)})
		}
	}
	switch state {
	case "panic":
		if strings.HasPrefix(str("msg"), oomMessage) {
			res.Outcome, res.ExitCode, res.Message = executors.Exited, 2, "fatal error: runtime: out of memory"
			break
		}
		res.Outcome = executors.Panicked
		res.Panic = &executors.PanicInfo{Message: str("msg"), Type: str("type")}
	case "error":
		res.Outcome = executors.OK
		res.Err = &executors.ErrorInfo{Message: str("msg"), Type: str("type")}
	default:
		res.Outcome = executors.OK
		n := len(f.Results)
		if f.ErrorLast {
			n--
		}
		for j := 0; j < n; j++ {
			v, err := i.Eval(g("out" + strconv.Itoa(j)))
			if err != nil {
				res.Outcome, res.Message = executors.Broken, err.Error()
				return res
			}
			res.Outputs = append(res.Outputs, toValue(v, f.Results[j]))
		}
	}
	hits, err := i.Eval("specgenHits")
	if err == nil {
		for _, key := range hits.MapKeys() {
			res.Covered = append(res.Covered, int(key.Int()))
		}
		sort.Ints(res.Covered)
	}
	return res
}

const oomMessage = "fake executor: out of memory"

func guardedRepeat(s string, count int) string {
	if count > 0 && len(s) > 0 && count > (64<<20)/len(s) {
		panic(oomMessage)
	}
	return strings.Repeat(s, count)
}

// toValue converts a Go value of type t to its canonical form (t nil:
// the value's own dynamic type).
func toValue(v reflect.Value, t types.Type) spec.Value {
	if !v.IsValid() {
		return spec.NullValue()
	}
	var u types.Type
	if t != nil {
		u = t.Underlying()
		if _, ok := u.(*types.Interface); ok {
			u, t = nil, nil
		}
	}
	elem := func() types.Type {
		switch u := u.(type) {
		case *types.Slice:
			return u.Elem()
		case *types.Array:
			return u.Elem()
		case *types.Pointer:
			return u.Elem()
		case *types.Map:
			return u.Elem()
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Bool:
		return spec.BoolValue(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return spec.IntValue(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return spec.UintValue(v.Uint())
	case reflect.Float32, reflect.Float64:
		return spec.FloatValue(v.Float())
	case reflect.String:
		return spec.StringValue(v.String())
	case reflect.Slice:
		if v.IsNil() {
			return spec.NullValue()
		}
		fallthrough
	case reflect.Array:
		l := spec.ListValue()
		for i := 0; i < v.Len(); i++ {
			l.List = append(l.List, toValue(v.Index(i), elem()))
		}
		return l
	case reflect.Map:
		if v.IsNil() {
			return spec.NullValue()
		}
		m := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
		var kt types.Type
		if mt, ok := u.(*types.Map); ok {
			kt = mt.Key()
		}
		for _, k := range v.MapKeys() {
			m.Map = append(m.Map, spec.Entry{Key: toValue(k, kt), Val: toValue(v.MapIndex(k), elem())})
		}
		m.SortMap()
		return m
	case reflect.Struct:
		m := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
		st, _ := u.(*types.Struct)
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			var ft types.Type
			if st != nil {
				if i >= st.NumFields() || !st.Field(i).Exported() {
					continue
				}
				ft = st.Field(i).Type()
			} else if !sf.IsExported() {
				continue
			}
			m.Map = append(m.Map, spec.Entry{Key: spec.StringValue(sf.Name), Val: toValue(v.Field(i), ft)})
		}
		return m
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return spec.NullValue()
		}
		return toValue(v.Elem(), elem())
	}
	return spec.StringValue(fmt.Sprint(v.Interface()))
}

// instrumenter inserts block counters, simpler than go test -cover: a block is
// a run of statements up to and including one that changes the flow.
type instrumenter struct {
	fset   *token.FileSet
	path   string
	blocks []executors.Block
}

func (in *instrumenter) list(stmts []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(stmts); {
		j := i
		for j < len(stmts) {
			j++
			if endsBlock(stmts[j-1]) {
				break
			}
		}
		start := in.fset.Position(stmts[i].Pos())
		end := in.fset.Position(blockEnd(stmts[j-1]))
		idx := len(in.blocks)
		in.blocks = append(in.blocks, executors.Block{
			File: in.path, StartLine: start.Line, StartCol: start.Column,
			EndLine: end.Line, EndCol: end.Column, NumStmts: j - i,
		})
		out = append(out, &ast.ExprStmt{X: &ast.CallExpr{
			Fun:  ast.NewIdent("specgenHit"),
			Args: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(idx)}},
		}})
		for _, s := range stmts[i:j] {
			in.stmt(s)
			if sw, ok := s.(*ast.SwitchStmt); ok && sw.Init != nil {
				// yaegi v0.16.1 takes the default case of
				// "switch v := f(); len(v) {...}"; the same switch
				// in a block of its own runs right.
				init := sw.Init
				sw.Init = nil
				s = &ast.BlockStmt{List: []ast.Stmt{init, sw}}
			}
			out = append(out, s)
		}
		i = j
	}
	return out
}

func (in *instrumenter) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		s.List = in.list(s.List)
	case *ast.IfStmt:
		s.Body.List = in.list(s.Body.List)
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			e.List = in.list(e.List)
		case *ast.IfStmt:
			s.Else = &ast.BlockStmt{List: in.list([]ast.Stmt{e})}
		}
	case *ast.ForStmt:
		s.Body.List = in.list(s.Body.List)
	case *ast.RangeStmt:
		s.Body.List = in.list(s.Body.List)
	case *ast.SwitchStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			cc.Body = in.list(cc.Body)
		}
	case *ast.TypeSwitchStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			cc.Body = in.list(cc.Body)
		}
	case *ast.LabeledStmt:
		in.stmt(s.Stmt)
	}
}

func endsBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.BranchStmt, *ast.ForStmt, *ast.IfStmt, *ast.LabeledStmt,
		*ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt, *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// blockEnd is where a block ending in s ends: before the body of a
// control statement, else at the end of s.
func blockEnd(s ast.Stmt) token.Pos {
	switch s := s.(type) {
	case *ast.IfStmt:
		return s.Body.Lbrace
	case *ast.ForStmt:
		return s.Body.Lbrace
	case *ast.RangeStmt:
		return s.Body.Lbrace
	case *ast.SwitchStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		return s.Body.Lbrace
	case *ast.SelectStmt:
		return s.Body.Lbrace
	}
	return s.End()
}
