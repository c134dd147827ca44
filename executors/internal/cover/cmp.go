package cover

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Comparison recording
//
// With CmpOptions, the functions of a package also record the operands
// of the comparisons they make, for input-to-state correspondence: a
// search that sees what the code compared its input with can put that
// value into the input. Each recorded comparison is a site, numbered
// from 0 across the package; a probe's records are (site, A, B) with A
// and B as text (integers in decimal).
//
// What is recorded, and how it is rewritten (only insertions, so every
// token keeps its line, as with the counters):
//
//   - x op y, op one of == != < <= > >=, on strings or integers (bytes
//     of a string or slice and rune literals are kind byte, len(x) kind
//     len): x becomes specgenCmpL?(site, T(x)) and y
//     specgenCmpR?(site, T(y)), with T string, int64 or uint64 (through
//     aliases no package can shadow). The conversion does not change the
//     comparison: both operands have the same underlying type. Go
//     evaluates the two calls left to right, each operand once; L keeps
//     x for the site, R records (x, y). A comparison whose value is a
//     constant is left alone.
//   - switch tag { case c1, c2: ... } with a string or integer tag free
//     of calls and no init statement: the init statement
//     specgenCmpSw?(site, T(tag), "c1", "c2") is added, recording the tag
//     against each constant case value, case k at site+k. The tag is
//     evaluated twice, so only such tags qualify.
//   - calls of strings.HasPrefix, HasSuffix, Contains, Index, LastIndex,
//     Cut, CutPrefix, CutSuffix, EqualFold, TrimPrefix, TrimSuffix,
//     Compare, Count and of their bytes equivalents (and bytes.Equal):
//     the arguments become the results of specgenCmpC?(site, a, b),
//     which records and returns them.
//   - m[k] on a map with string keys, m an identifier or a selector of
//     one (evaluated twice): k becomes specgenCmpMap(site, k, m), which
//     records k against the map's keys nearest to it in sorted order.
//   - h.Get(k) and h.Values(k) on a net/http Header h, an identifier or
//     a selector of one (evaluated twice), k not a constant: k becomes
//     specgenCmpKey(site, specgenCmpStr(k), h), which records (k, "")
//     when h has no value under k's canonical form, kind key: a header
//     the code looked for under a name it was given (an option's list
//     of proxy headers) that a request could carry.
//
// Bounds: a site records at most cmpPerSite distinct pairs of the first
// cmpTries comparisons it makes in a probe, a probe at most cmpMax
// pairs, each operand cut to cmpText bytes.
const (
	cmpMax     = 256
	cmpPerSite = 8
	cmpTries   = 32
	cmpText    = 64
)

// CmpKind says what a comparison site compares.
type CmpKind string

// Comparison kinds.
const (
	CmpString CmpKind = "string" // strings (and byte slices), including calls and map keys
	CmpInt    CmpKind = "int"    // integers
	CmpLen    CmpKind = "len"    // len(x) with an integer (A is the length)
	CmpByte   CmpKind = "byte"   // a byte or rune of a string or byte slice with an integer
	CmpKey    CmpKind = "key"    // a key looked up and missing from a map of the input (A is the key)
)

// CmpSite is a place where the instrumented code records comparisons.
type CmpSite struct {
	File      string
	Line, Col int
	Kind      CmpKind
	// Swapped reports a site that records its operands the other way
	// round from its kind's order: len(x) second for CmpLen.
	Swapped bool
}

// CmpOptions asks Package to record comparisons; the package is
// type-checked with Importer.
type CmpOptions struct {
	Importer  types.Importer
	GoVersion string // language version, "go1.22" (empty: the latest)
}

// PackageCmps is Package with comparison recording: it also returns the
// comparison sites, and the extra file declares the recording helpers
// and SpecgenCmpTake. A package that does not type-check, or declares a
// name the helpers use (a package-level string, or specgenCmp...),
// gets what Package gives: no sites, and no helpers.
func PackageCmps(pkgName string, files []Source, opts Options, co CmpOptions) (out map[string][]byte, decl []byte, blocks []Block, sites []CmpSite, err error) {
	if !token.IsIdentifier(pkgName) {
		return nil, nil, nil, nil, fmt.Errorf("instrument package: invalid package name %q", pkgName)
	}
	fset := token.NewFileSet()
	parsed := make([]*ast.File, 0, len(files))
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Name, f.Src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("instrument %s: %w", f.Name, err)
		}
		parsed = append(parsed, af)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: co.Importer, GoVersion: co.GoVersion, Error: func(error) {}}
	tpkg, err := conf.Check(pkgName, fset, parsed, info)
	if err != nil || shadowsRuntime(tpkg) {
		// Record nothing rather than guess, or break the build.
		out, decl, blocks, err := Package(pkgName, files, opts)
		return out, decl, blocks, nil, err
	}
	out = make(map[string][]byte, len(files))
	seen := make(map[blockKey]bool)
	for i, f := range files {
		if _, dup := out[f.Name]; dup {
			return nil, nil, nil, nil, fmt.Errorf("instrument package %s: file %s given twice", pkgName, f.Name)
		}
		c := &cmpRewriter{fset: fset, tf: fset.File(parsed[i].Pos()), src: f.Src, info: info, next: len(sites)}
		c.file(parsed[i])
		extra := c.inserts
		sites = append(sites, c.sites...)
		o := opts
		o.First = opts.First + len(blocks)
		src, bs, err := instrumentParsed(f.Name, f.Src, fset, parsed[i], o, seen, extra)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		out[f.Name] = src
		blocks = append(blocks, bs...)
	}
	return out, CmpDecl(pkgName, opts.counterVar(), opts.First+len(blocks), len(sites)), blocks, sites, nil
}

// runtimeNames are the predeclared names the recording helpers use.
var runtimeNames = []string{"string", "int", "int64", "uint64", "uint8", "bool", "len", "make", "append", "byte"}

// shadowsRuntime reports whether the package declares a name the
// recording helpers use or declare: they would not compile in it.
func shadowsRuntime(pkg *types.Package) bool {
	for _, n := range runtimeNames {
		if pkg.Scope().Lookup(n) != nil {
			return true
		}
	}
	for _, n := range pkg.Scope().Names() {
		if strings.HasPrefix(n, "specgenCmp") || strings.HasPrefix(n, "specgencmp") || n == "SpecgenCmpTake" {
			return true
		}
	}
	return false
}

// cmpRewriter finds the comparison sites of one file and queues their
// rewrites.
type cmpRewriter struct {
	fset    *token.FileSet
	tf      *token.File
	src     []byte
	info    *types.Info
	next    int // site number of the next site
	sites   []CmpSite
	inserts []insertion
	lhs     map[ast.Expr]bool // index expressions assigned to
}

func (c *cmpRewriter) file(f *ast.File) {
	c.lhs = map[ast.Expr]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Name.Name == "_" {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					c.lhs[ast.Unparen(l)] = true
				}
			case *ast.IncDecStmt:
				c.lhs[ast.Unparen(n.X)] = true
			case *ast.BinaryExpr:
				c.binary(n)
			case *ast.SwitchStmt:
				c.switchStmt(n)
			case *ast.CallExpr:
				c.call(n)
			case *ast.IndexExpr:
				c.mapIndex(n)
			}
			return true
		})
	}
}

func (c *cmpRewriter) site(pos token.Pos, kind CmpKind) int {
	p := c.fset.Position(pos)
	c.sites = append(c.sites, CmpSite{File: p.Filename, Line: p.Line, Col: p.Column, Kind: kind})
	c.next++
	return c.next - 1
}

func (c *cmpRewriter) insert(pos token.Pos, text string) {
	c.inserts = append(c.inserts, insertion{c.tf.Offset(pos), text})
}

// wrap surrounds e with fn(site, conv(e)).
func (c *cmpRewriter) wrap(e ast.Expr, fn string, site int, conv string) {
	c.insert(e.Pos(), fn+"("+strconv.Itoa(site)+", "+conv+"(")
	c.insert(e.End(), "))")
}

// class is how a comparison's operands are passed: "S" (string), "I"
// (int64), "U" (uint64), or "" when they are not recorded.
func class(t types.Type) string {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUntyped != 0 {
		return ""
	}
	switch {
	case b.Info()&types.IsString != 0:
		return "S"
	case b.Info()&types.IsUnsigned != 0:
		return "U"
	case b.Info()&types.IsInteger != 0:
		return "I"
	}
	return ""
}

var convOf = map[string]string{"S": "specgenCmpStr", "I": "specgenCmpI64", "U": "specgenCmpU64"}

func (c *cmpRewriter) binary(e *ast.BinaryExpr) {
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return
	}
	if tv, ok := c.info.Types[e]; !ok || tv.Value != nil {
		return
	}
	tx, okx := c.info.Types[e.X]
	ty, oky := c.info.Types[e.Y]
	if !okx || !oky {
		return
	}
	cl := class(tx.Type)
	if cl == "" {
		cl = class(ty.Type)
	}
	if cl == "" || (tx.Value == nil && class(tx.Type) != cl) || (ty.Value == nil && class(ty.Type) != cl) {
		return
	}
	kind := CmpString
	if cl != "S" {
		kind = CmpInt
		switch {
		case c.isLen(e.X) || c.isLen(e.Y):
			kind = CmpLen
		case c.isByteOf(e.X) || c.isByteOf(e.Y) || isChar(e.X) || isChar(e.Y):
			kind = CmpByte
		}
	}
	site := c.site(e.OpPos, kind)
	c.sites[len(c.sites)-1].Swapped = kind == CmpLen && !c.isLen(e.X)
	c.wrap(e.X, "specgenCmpL"+cl, site, convOf[cl])
	c.wrap(e.Y, "specgenCmpR"+cl, site, convOf[cl])
}

// isLen reports whether e is a call of the built-in len.
func (c *cmpRewriter) isLen(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := c.info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "len"
}

// isChar reports whether e is a rune literal ('a').
func isChar(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Kind == token.CHAR
}

// isByteOf reports whether e indexes a string or a byte slice.
func (c *cmpRewriter) isByteOf(e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	tv, ok := c.info.Types[ix.X]
	if !ok {
		return false
	}
	switch u := tv.Type.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// pure reports whether evaluating e twice is the same as once: no calls
// other than len, no receives.
func (c *cmpRewriter) pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return c.pure(e.X)
	case *ast.SelectorExpr:
		if sel, ok := c.info.Uses[e.Sel].(*types.Func); ok && sel != nil {
			return false // a method value
		}
		if id, ok := e.X.(*ast.Ident); ok {
			if _, isPkg := c.info.Uses[id].(*types.PkgName); isPkg {
				return true
			}
		}
		return c.pure(e.X)
	case *ast.IndexExpr:
		return c.pure(e.X) && c.pure(e.Index)
	case *ast.StarExpr:
		return c.pure(e.X)
	case *ast.CallExpr:
		return c.isLen(e) && len(e.Args) == 1 && c.pure(e.Args[0])
	}
	return false
}

// text is the source of e, or false when it spans lines.
func (c *cmpRewriter) text(e ast.Expr) (string, bool) {
	t := c.src[c.tf.Offset(e.Pos()):c.tf.Offset(e.End())]
	if bytes.ContainsAny(t, "\n\r") {
		return "", false
	}
	return string(t), true
}

func (c *cmpRewriter) switchStmt(s *ast.SwitchStmt) {
	if s.Tag == nil || s.Init != nil || !c.pure(s.Tag) {
		return
	}
	tv, ok := c.info.Types[s.Tag]
	if !ok || tv.Value != nil {
		return
	}
	cl := class(tv.Type)
	if cl == "" {
		return
	}
	tag, ok := c.text(s.Tag)
	if !ok {
		return
	}
	var vals []string
	chars := false
	for _, cc := range s.Body.List {
		for _, e := range cc.(*ast.CaseClause).List {
			chars = chars || isChar(e)
			cv := c.info.Types[e].Value
			switch {
			case cv == nil:
			case cv.Kind() == constant.String:
				vals = append(vals, strconv.Quote(constant.StringVal(cv)))
			case cv.Kind() == constant.Int:
				vals = append(vals, strconv.Quote(cv.ExactString()))
			}
		}
	}
	if len(vals) == 0 {
		return
	}
	kind := CmpString
	if cl != "S" {
		kind = CmpInt
		if c.isLen(s.Tag) {
			kind = CmpLen
		} else if c.isByteOf(s.Tag) || chars {
			kind = CmpByte
		}
	}
	first := c.site(s.Tag.Pos(), kind)
	for range vals[1:] {
		c.site(s.Tag.Pos(), kind)
	}
	c.insert(s.Tag.Pos(), fmt.Sprintf("specgenCmpSw%s(%d, %s(%s), %s); ", cl, first, convOf[cl], tag, strings.Join(vals, ", ")))
}

// cmpFuncs are the functions of strings and bytes whose two arguments
// are recorded.
var cmpFuncs = map[string]bool{
	"HasPrefix": true, "HasSuffix": true, "Contains": true, "Index": true, "LastIndex": true,
	"Cut": true, "CutPrefix": true, "CutSuffix": true, "EqualFold": true,
	"TrimPrefix": true, "TrimSuffix": true, "Compare": true, "Count": true, "Equal": true,
	"Split": true, "SplitAfter": true,
}

func (c *cmpRewriter) call(call *ast.CallExpr) {
	c.headerGet(call)
	if len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return
	}
	var id *ast.Ident
	switch fn := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id = fn.Sel
	case *ast.Ident:
		id = fn
	default:
		return
	}
	f, ok := c.info.Uses[id].(*types.Func)
	if !ok || f.Pkg() == nil || !cmpFuncs[f.Name()] {
		return
	}
	var cl string
	switch f.Pkg().Path() {
	case "strings":
		cl = "S"
	case "bytes":
		cl = "B"
	default:
		return
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 2 {
		return
	}
	site := c.site(call.Lparen, CmpString)
	c.insert(call.Lparen+1, "specgenCmpC"+cl+"("+strconv.Itoa(site)+", ")
	c.insert(call.Rparen, ")")
}

// headerGet records the key of h.Get(k) or h.Values(k) on an
// http.Header h (see Comparison recording).
func (c *cmpRewriter) headerGet(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || sel.Sel.Name != "Get" && sel.Sel.Name != "Values" {
		return
	}
	f, ok := c.info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "net/http" {
		return
	}
	recv := f.Type().(*types.Signature).Recv()
	if n, ok := types.Unalias(recv.Type()).(*types.Named); !ok || n.Obj().Name() != "Header" {
		return
	}
	if kv, ok := c.info.Types[call.Args[0]]; !ok || kv.Value != nil || class(kv.Type) != "S" || !c.pureMap(sel.X) {
		return
	}
	ht, ok := c.text(sel.X)
	if !ok {
		return
	}
	k := call.Args[0]
	site := c.site(k.Pos(), CmpKey)
	c.insert(k.Pos(), "specgenCmpKey("+strconv.Itoa(site)+", specgenCmpStr(")
	c.insert(k.End(), "), "+ht+")")
}

func (c *cmpRewriter) mapIndex(ix *ast.IndexExpr) {
	if c.lhs[ix] {
		return
	}
	tv, ok := c.info.Types[ix.X]
	if !ok {
		return
	}
	m, ok := tv.Type.Underlying().(*types.Map)
	if !ok || !types.Identical(m.Key(), types.Typ[types.String]) {
		return
	}
	if kv, ok := c.info.Types[ix.Index]; !ok || kv.Value != nil || !c.pureMap(ix.X) {
		return
	}
	mt, ok := c.text(ix.X)
	if !ok {
		return
	}
	site := c.site(ix.Lbrack, CmpString)
	c.insert(ix.Index.Pos(), "specgenCmpMap("+strconv.Itoa(site)+", ")
	c.insert(ix.Index.End(), ", "+mt+")")
}

// pureMap reports whether a map expression is an identifier or a chain
// of selectors from one.
func (c *cmpRewriter) pureMap(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		if _, ok := c.info.Uses[e.Sel].(*types.Func); ok {
			return false
		}
		return c.pureMap(e.X)
	}
	return false
}

// CmpDecl returns the source of the extra file of a package
// instrumented by PackageCmps: Decl's counter array, the recording
// helpers for sites comparison sites, and SpecgenCmpTake, which returns
// the comparisons recorded since its last call (sites and operands, in
// the order made) and clears them.
func CmpDecl(pkgName, counterVar string, counters, sites int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by specgen (coverage counters, comparison records). DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package %s\n", pkgName)
	b.WriteString(strings.NewReplacer(
		"NSITES", strconv.Itoa(max(sites, 1)),
		"CMPMAX", strconv.Itoa(cmpMax),
		"PERSITE", strconv.Itoa(cmpPerSite),
		"TRIES", strconv.Itoa(cmpTries),
		"TEXT", strconv.Itoa(cmpText),
	).Replace(cmpRuntime))
	fmt.Fprintf(&b, "\nvar %s [%d]uint32\n", counterVar, counters)
	return b.Bytes()
}

const cmpRuntime = `
import (
	specgencmpreflect "reflect"
	specgencmpsort "sort"
	specgencmpstrconv "strconv"
)

type specgenCmpStr = string
type specgenCmpI64 = int64
type specgenCmpU64 = uint64

type specgenCmpRecord struct {
	site int
	a, b string
}

var (
	specgenCmpRecs  [CMPMAX]specgenCmpRecord
	specgenCmpN     int
	specgenCmpTries [NSITES]uint8
	specgenCmpLeftS [NSITES]string
	specgenCmpLeftI [NSITES]int64
	specgenCmpLeftU [NSITES]uint64
)

// specgenCmpWant reports whether site s may record one more comparison.
func specgenCmpWant(s int) bool {
	if specgenCmpN >= CMPMAX || specgenCmpTries[s] >= TRIES {
		return false
	}
	specgenCmpTries[s]++
	return true
}

func specgenCmpAdd(s int, a, b string) {
	if len(a) > TEXT {
		a = a[:TEXT]
	}
	if len(b) > TEXT {
		b = b[:TEXT]
	}
	k := 0
	n := specgenCmpN
	for i := 0; i < n && i < CMPMAX; i++ {
		if r := &specgenCmpRecs[i]; r.site == s {
			if r.a == a && r.b == b {
				return
			}
			k++
		}
	}
	if k >= PERSITE || n >= CMPMAX {
		return
	}
	specgenCmpRecs[n] = specgenCmpRecord{site: s, a: a, b: b}
	specgenCmpN = n + 1
}

func specgenCmpLS(s int, a string) string { specgenCmpLeftS[s] = a; return a }

func specgenCmpRS(s int, b string) string {
	if a := specgenCmpLeftS[s]; a != b && specgenCmpWant(s) {
		specgenCmpAdd(s, a, b)
	}
	return b
}

func specgenCmpLI(s int, a int64) int64 { specgenCmpLeftI[s] = a; return a }

func specgenCmpRI(s int, b int64) int64 {
	if specgenCmpWant(s) {
		specgenCmpAdd(s, specgencmpstrconv.FormatInt(specgenCmpLeftI[s], 10), specgencmpstrconv.FormatInt(b, 10))
	}
	return b
}

func specgenCmpLU(s int, a uint64) uint64 { specgenCmpLeftU[s] = a; return a }

func specgenCmpRU(s int, b uint64) uint64 {
	if specgenCmpWant(s) {
		specgenCmpAdd(s, specgencmpstrconv.FormatUint(specgenCmpLeftU[s], 10), specgencmpstrconv.FormatUint(b, 10))
	}
	return b
}

func specgenCmpSwS(s int, v string, cases ...string) {
	for i, c := range cases {
		if c != v && specgenCmpWant(s+i) {
			specgenCmpAdd(s+i, v, c)
		}
	}
}

func specgenCmpSwI(s int, v int64, cases ...string) {
	for i, c := range cases {
		if specgenCmpWant(s + i) {
			specgenCmpAdd(s+i, specgencmpstrconv.FormatInt(v, 10), c)
		}
	}
}

func specgenCmpSwU(s int, v uint64, cases ...string) {
	for i, c := range cases {
		if specgenCmpWant(s + i) {
			specgenCmpAdd(s+i, specgencmpstrconv.FormatUint(v, 10), c)
		}
	}
}

func specgenCmpCS(s int, a, b string) (string, string) {
	if a != b && specgenCmpWant(s) {
		specgenCmpAdd(s, a, b)
	}
	return a, b
}

func specgenCmpCB(s int, a, b []byte) ([]byte, []byte) {
	if specgenCmpWant(s) {
		x, y := a, b
		if len(x) > TEXT {
			x = x[:TEXT]
		}
		if len(y) > TEXT {
			y = y[:TEXT]
		}
		if string(x) != string(y) {
			specgenCmpAdd(s, string(x), string(y))
		}
	}
	return a, b
}

// specgenCmpMap records the key k of a lookup in m against the keys of
// m nearest to it in sorted order.
func specgenCmpMap(s int, k string, m interface{}) string {
	if !specgenCmpWant(s) {
		return k
	}
	v := specgencmpreflect.ValueOf(m)
	if v.Kind() != specgencmpreflect.Map || v.Len() == 0 || v.Len() > 4096 {
		return k
	}
	keys := make([]string, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		keys = append(keys, it.Key().String())
	}
	specgencmpsort.Strings(keys)
	at := specgencmpsort.SearchStrings(keys, k)
	from := at - PERSITE/2
	if from < 0 {
		from = 0
	}
	for i := from; i < len(keys) && i < from+PERSITE; i++ {
		if keys[i] != k {
			specgenCmpAdd(s, k, keys[i])
		}
	}
	return k
}

// specgenCmpKey records the key k of a header lookup in m, a map of
// canonical header names, when m has no value under k's canonical
// form (as net/http's CanonicalHeaderKey writes it).
func specgenCmpKey(s int, k string, m interface{}) string {
	v := specgencmpreflect.ValueOf(m)
	if v.Kind() != specgencmpreflect.Map || v.Type().Key().Kind() != specgencmpreflect.String {
		return k
	}
	c := []byte(k)
	upper := true
	for i, b := range c {
		if b == ' ' || b >= 0x7f || b < 0x21 {
			c = []byte(k)
			break
		}
		if upper && 'a' <= b && b <= 'z' {
			c[i] = b - 'a' + 'A'
		} else if !upper && 'A' <= b && b <= 'Z' {
			c[i] = b - 'A' + 'a'
		}
		upper = b == '-'
	}
	if v.MapIndex(specgencmpreflect.ValueOf(string(c)).Convert(v.Type().Key())).IsValid() || !specgenCmpWant(s) {
		return k
	}
	specgenCmpAdd(s, k, "")
	return k
}

// SpecgenCmpTake returns and clears the comparisons recorded since its
// last call.
func SpecgenCmpTake() (sites []int, a, b []string) {
	for i := 0; i < specgenCmpN && i < CMPMAX; i++ {
		r := specgenCmpRecs[i]
		sites = append(sites, r.site)
		a = append(a, r.a)
		b = append(b, r.b)
		specgenCmpRecs[i] = specgenCmpRecord{}
	}
	specgenCmpN = 0
	for i := range specgenCmpTries {
		specgenCmpTries[i] = 0
	}
	return sites, a, b
}
`
