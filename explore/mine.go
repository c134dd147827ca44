package explore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/specgen-dev/specgen/target"
)

// mined holds the values found in a function's source, in the order
// found, without duplicates: what a human tester would read off the code.
type mined struct {
	// words are strings the code compares against, switches on, looks up
	// in maps or lists: keywords, unit names, enum spellings.
	words []string
	// strs are all other string literals (messages, formats).
	strs []string
	// seps are the strings and characters the code searches, splits,
	// cuts or trims on; prefixes and suffixes those it checks at the
	// ends of a string.
	seps     []string
	prefixes []string
	suffixes []string
	// docs are strings quoted in the doc comment and in comments inside
	// the function (often examples of valid input); related those quoted
	// in the docs of its callees, its package and its file.
	docs    []string
	related []string
	// ints and floats are the numbers of the code with the ±1 neighbours
	// of those it compares against.
	ints   []int64
	floats []float64
	// lens are lengths the code compares len(...) with, and neighbours.
	lens []int
	// classes are character classes the code tests (unicode.IsDigit, ...),
	// as sample strings.
	classes []string
	// chars are the characters of tables the code looks things up in
	// (less telling than the characters it compares against, in seps).
	chars []string
	// matches are strings that match the regular expressions the code
	// compiles, and near misses of them.
	matches []string
	// pkgMatches are the samples of the other regular expressions of
	// the package (a pattern declared elsewhere that the input must
	// match); own are the package's other string constants and the
	// strings its package-level variables are initialised with: valid
	// values the package itself holds.
	pkgMatches []string
	own        []string
	// formats are inputs in the formats of the standard-library parsers
	// the code hands its input to (JSON, numbers, durations, URLs).
	formats []string
	// asserted are the types the code asserts a value to or switches
	// on (v.(int8), case float64:), in order: what a value of an
	// interface type it reads must hold.
	asserted []types.Type
	// caps is set when the code reads a capacity (cap(buf)): a slice
	// it is given may have room beyond its length.
	caps bool
	// http is what the code reads off an *http.Request (its keys and
	// bodies; the methods, paths and words are the miner's own), and
	// the values it reads off a context by its package's keys.
	http target.HTTPReads
	// reads are the exported fields of the package's struct types the
	// code reads (s.opt.Timeout reads Options' Timeout), by type: a
	// value of such a type built for it (the options a constructor of
	// its receiver takes) gets them set (see readFieldValues).
	reads map[*types.TypeName][]string
	// namesJSON is set when the code names a string or []byte json:
	// its formats get JSON texts (see jsonSamples).
	namesJSON bool

	seen map[string]bool
}

// maxReads bounds the fields of one type recorded in mined.reads.
const maxReads = 32

func (m *mined) addTo(list *[]string, kind, s string) {
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	k := kind + "\x00" + s
	if m.seen[k] {
		return
	}
	m.seen[k] = true
	*list = append(*list, s)
}

func (m *mined) word(s string)   { m.addTo(&m.words, "w", s) }
func (m *mined) str(s string)    { m.addTo(&m.strs, "s", s) }
func (m *mined) sep(s string)    { m.addTo(&m.seps, "sep", s) }
func (m *mined) prefix(s string) { m.addTo(&m.prefixes, "p", s) }
func (m *mined) suffix(s string) { m.addTo(&m.suffixes, "x", s) }
func (m *mined) doc(s string)    { m.addTo(&m.docs, "d", s) }
func (m *mined) rel(s string)    { m.addTo(&m.related, "r", s) }
func (m *mined) class(s string)  { m.addTo(&m.classes, "c", s) }
func (m *mined) char(s string)   { m.addTo(&m.chars, "ch", s) }
func (m *mined) match(s string)  { m.addTo(&m.matches, "re", s) }
func (m *mined) format(s string) { m.addTo(&m.formats, "f", s) }
func (m *mined) pkgMatch(s string) {
	if !m.seen["re\x00"+s] {
		m.addTo(&m.pkgMatches, "pre", s)
	}
}
func (m *mined) ownStr(s string) { m.addTo(&m.own, "own", s) }

func (m *mined) int(i int64) {
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	k := "i\x00" + strconv.FormatInt(i, 10)
	if !m.seen[k] {
		m.seen[k] = true
		m.ints = append(m.ints, i)
	}
}

func (m *mined) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	k := "f\x00" + strconv.FormatFloat(f, 'g', -1, 64)
	if !m.seen[k] {
		m.seen[k] = true
		m.floats = append(m.floats, f)
	}
}

func (m *mined) len(n int) {
	if n < 0 || n > 1<<16 {
		return
	}
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	k := "l\x00" + strconv.Itoa(n)
	if !m.seen[k] {
		m.seen[k] = true
		m.lens = append(m.lens, n)
	}
}

// number records a numeric constant; near adds its neighbours, for
// constants the code compares against.
func (m *mined) number(v constant.Value, near bool) {
	switch v.Kind() {
	case constant.Int:
		if i, ok := constant.Int64Val(v); ok {
			m.int(i)
			if near {
				if i > math.MinInt64 {
					m.int(i - 1)
				}
				if i < math.MaxInt64 {
					m.int(i + 1)
				}
			}
			m.float(float64(i))
			return
		}
		if u, ok := constant.Uint64Val(v); ok {
			m.float(float64(u))
			return
		}
		f, _ := constant.Float64Val(v)
		m.float(f)
	case constant.Float:
		f, _ := constant.Float64Val(v)
		m.float(f)
		if near {
			m.float(math.Nextafter(f, math.Inf(-1)))
			m.float(math.Nextafter(f, math.Inf(1)))
			m.float(f - 1)
			m.float(f + 1)
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<62 {
			m.int(int64(f))
			if near {
				m.int(int64(f) - 1)
				m.int(int64(f) + 1)
			}
		}
	}
}

// miner walks a function and what it references in its own package.
type miner struct {
	m     *mined
	info  *types.Info
	self  *types.Package
	vars  map[types.Object]ast.Expr      // package-level variables → initialisers
	funcs map[types.Object]*ast.FuncDecl // package functions → declarations
	done  map[ast.Node]bool
	// defs are the variables assigned once, to their values (see
	// singleDefs).
	defs map[*types.Var]ast.Expr
	// params are the parameters of the package's functions (see
	// fromParam), found once needed.
	params map[types.Object]bool
	// inTable is set while walking a package variable's initialiser.
	inTable bool
	// consumed are literals already classified (a separator is not also
	// a word).
	consumed map[ast.Expr]bool
}

// mine collects the values of f's source: its body, the package-level
// variables and constants it uses, the same-package functions it calls
// (one level down), and the strings quoted in its comments; then the
// package's own values (see mineOwn). The package's _test.go files are
// never read: the specs are measured against them, and legacy code often
// has none.
func mine(f *target.Func) *mined {
	m := &mined{}
	if f.Decl == nil {
		return m
	}
	var files []*ast.File
	if f.Pkg != nil {
		files = sourceFiles(f.Pkg)
	}
	mn := &miner{m: m, vars: map[types.Object]ast.Expr{}, funcs: map[types.Object]*ast.FuncDecl{}, done: map[ast.Node]bool{}, consumed: map[ast.Expr]bool{}}
	if f.Pkg != nil {
		mn.info, mn.self = f.Pkg.TypesInfo, f.Pkg.Types
		mn.index(files)
		mn.defs = singleDefs(mn.info, files)
	}
	if f.Decl.Doc != nil {
		mineComment(m, f.Decl.Doc.Text())
	}
	for _, file := range files {
		if file.Pos() > f.Decl.Pos() || file.End() < f.Decl.End() {
			continue
		}
		for _, cg := range file.Comments {
			if cg.Pos() >= f.Decl.Body.Pos() && cg.End() <= f.Decl.Body.End() {
				mineComment(m, cg.Text())
			}
		}
	}
	mn.walk(f.Decl, 1)
	// Examples quoted elsewhere in the package often describe the same
	// input format: the package doc, then the docs of the declarations of
	// the function's file.
	for _, file := range files {
		if file.Doc != nil {
			mineRelated(m, file.Doc.Text())
		}
	}
	for _, file := range files {
		if file.Pos() > f.Decl.Pos() || file.End() < f.Decl.End() {
			continue
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Doc != nil && d != f.Decl {
					mineRelated(m, d.Doc.Text())
				}
			case *ast.GenDecl:
				if d.Doc != nil {
					mineRelated(m, d.Doc.Text())
				}
			}
		}
	}
	mn.mineOwn(files)
	if m.namesJSON {
		for _, s := range jsonSamples(slices.Concat(m.docs, m.related, m.words)) {
			m.format(s)
		}
	}
	return m
}

// jsonName records in mined.namesJSON a string or []byte the code names
// json (a parameter, a variable, a field: c.json, rawJSON).
func (mn *miner) jsonName(id *ast.Ident) {
	if mn.info == nil || !strings.HasSuffix(strings.ToLower(id.Name), "json") {
		return
	}
	if t := mn.info.TypeOf(id); t != nil && harvestable(t) {
		mn.m.namesJSON = true
	}
}

// jsonSamples are JSON texts for code that names its input json: the
// empty and small values of each kind, a document of every kind nested
// under keys taken from words (the package's own names, which its paths
// and lookups ask for; a, b, c, d when too few), written compact and
// indented, escapes of each kind with a character outside the basic
// plane (a surrogate pair), and texts cut short or malformed.
func jsonSamples(words []string) []string {
	var keys []string
	for _, w := range words {
		if jsonKey.MatchString(w) && !jsonWords[strings.ToLower(w)] && !slices.Contains(keys, w) {
			keys = append(keys, w)
		}
		if len(keys) == 4 {
			break
		}
	}
	for _, k := range []string{"a", "b", "c", "d"} {
		if len(keys) == 4 {
			break
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	q := func(k string) string { return `"` + k + `"` }
	doc := `{` + q(keys[0]) + `:"abc",` + q(keys[1]) + `:42,` + q(keys[2]) + `:[1,-2.5e3,"x",true,false,null],` +
		q(keys[3]) + `:{` + q(keys[0]) + `:"\u00e9\ud83d\ude00 \"q\" \\ \/",` + q(keys[1]) + `:[{` + q(keys[2]) + `:1},{` + q(keys[2]) + `:2}]}}`
	var indented bytes.Buffer
	if err := json.Indent(&indented, []byte(doc), "", "  "); err != nil {
		panic(err) // doc is valid JSON
	}
	return []string{
		doc, `{"a":1}`, `[1,"a",{"b":null}]`, `{}`, `[]`, indented.String(),
		`"\u00e9 \ud83d\ude00 \"\\\/\b\f\n\r\t"`, `-0.5e+10`, `true`, `null`,
		`{"a":`, `{"a" 1}`, `[1,]`, `"abc`,
	}
}

// jsonWords are the words of JSON itself (and of numbers it lacks),
// which a JSON reader names as literals: no keys.
var jsonWords = map[string]bool{"true": true, "false": true, "null": true, "nan": true, "inf": true, "infinity": true}

// jsonKey matches a word fit to be a key of a sample document.
var jsonKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,15}$`)

// sourceFiles are the syntax trees of p's files but its _test.go files,
// should a loader have parsed them.
func sourceFiles(p *target.Package) []*ast.File {
	var out []*ast.File
	for i, file := range p.Syntax {
		name := ""
		if i < len(p.GoFiles) {
			name = p.GoFiles[i]
		}
		if p.Fset != nil {
			if tf := p.Fset.File(file.Pos()); tf != nil {
				name = tf.Name()
			}
		}
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		out = append(out, file)
	}
	return out
}

// Bounds of the package's own values.
const (
	maxOwn        = 48 // string constants and variables' strings
	maxPkgMatches = 48 // samples of the package's other regular expressions
	maxOwnLen     = 64 // longer strings are messages, not values
)

// mineOwn collects what the whole package holds beyond the function's
// reach: samples of every regular expression it compiles or matches with
// (anywhere: a pattern declared in another file that the input must
// match), its string constants, and the strings its package-level
// variables are initialised with (directly or in a table).
func (mn *miner) mineOwn(files []*ast.File) {
	m := mn.m
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || len(c.Args) == 0 || len(m.pkgMatches) >= maxPkgMatches {
				return true
			}
			if path, name := mn.pkgFunc(c); path != "regexp" || !regexpFuncs[name] {
				return true
			}
			if s, ok := mn.foldString(c.Args[0], 0); ok {
				for _, s := range regexpSamples(s) {
					m.pkgMatch(s)
				}
			}
			return true
		})
	}
	own := func(v constant.Value) {
		if v == nil || v.Kind() != constant.String || len(m.own) >= maxOwn {
			return
		}
		if s := constant.StringVal(v); s != "" && len(s) <= maxOwnLen && !strings.ContainsAny(s, "%\n") {
			m.ownStr(s)
		}
	}
	for _, file := range files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST && gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				if gd.Tok == token.CONST && mn.info != nil {
					for _, name := range vs.Names {
						if c, ok := mn.info.Defs[name].(*types.Const); ok {
							own(c.Val())
						}
					}
					continue
				}
				for _, e := range vs.Values {
					ast.Inspect(e, func(n ast.Node) bool {
						switch n := n.(type) {
						case *ast.FuncLit, *ast.CallExpr:
							// Code, not a table: an error's message, a
							// pattern (sampled above).
							return false
						case ast.Expr:
							if v := mn.constOf(n); v != nil {
								own(v)
								return false
							}
						}
						return true
					})
				}
			}
		}
	}
}

// index finds the declarations of the package's variables and functions.
func (mn *miner) index(files []*ast.File) {
	if mn.info == nil {
		return
	}
	for _, file := range files {
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if obj := mn.info.Defs[d.Name]; obj != nil {
					mn.funcs[obj] = d
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, s := range d.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						obj := mn.info.Defs[n]
						if obj == nil {
							continue
						}
						switch {
						case len(vs.Values) == len(vs.Names):
							mn.vars[obj] = vs.Values[i]
						case len(vs.Values) == 1:
							mn.vars[obj] = vs.Values[0]
						}
					}
				}
			}
		}
	}
}

// constOf returns the constant value of e, if it has one.
func (mn *miner) constOf(e ast.Expr) constant.Value {
	if mn.info == nil {
		if lit, ok := e.(*ast.BasicLit); ok {
			return constant.MakeFromLiteral(lit.Value, lit.Kind, 0)
		}
		return nil
	}
	if tv, ok := mn.info.Types[e]; ok && tv.Value != nil {
		return tv.Value
	}
	return nil
}

// isChar reports whether e is a rune or byte constant.
func (mn *miner) isChar(e ast.Expr) bool {
	if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
		return lit.Kind == token.CHAR
	}
	if mn.info == nil {
		return false
	}
	if b, ok := mn.info.TypeOf(e).(*types.Basic); ok {
		return b.Kind() == types.UntypedRune || b.Name() == "rune" || b.Name() == "byte"
	}
	return false
}

// compared records a constant the code compares against.
func (mn *miner) compared(e ast.Expr) {
	v := mn.constOf(e)
	if v == nil {
		return
	}
	switch v.Kind() {
	case constant.String:
		mn.m.word(constant.StringVal(v))
	case constant.Int, constant.Float:
		if mn.isChar(e) {
			if i, ok := constant.Int64Val(v); ok && i >= 0 && i <= unicode.MaxRune {
				mn.m.sep(string(rune(i)))
			}
		}
		mn.m.number(v, true)
	}
}

// isLenCall reports whether e is len(x).
func (mn *miner) isLenCall(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	return ok && id.Name == "len"
}

func (mn *miner) lenCompared(e ast.Expr) {
	if v := mn.constOf(e); v != nil {
		if i, ok := constant.Int64Val(constant.ToInt(v)); ok {
			mn.m.len(int(i) - 1)
			mn.m.len(int(i))
			mn.m.len(int(i) + 1)
		}
	}
}

// stringFuncRoles classifies the strings and bytes functions by what
// their constant arguments are to the input.
var stringFuncRoles = map[string]string{
	"HasPrefix": "prefix", "TrimPrefix": "prefix", "CutPrefix": "prefix",
	"HasSuffix": "suffix", "TrimSuffix": "suffix", "CutSuffix": "suffix",
	"EqualFold": "word",
	"IndexAny":  "set", "LastIndexAny": "set", "ContainsAny": "set", "Trim": "set",
	"TrimLeft": "set", "TrimRight": "set", "Split": "sep", "SplitN": "sep",
	"SplitAfter": "sep", "SplitAfterN": "sep", "Index": "sep", "LastIndex": "sep",
	"IndexByte": "sep", "LastIndexByte": "sep", "IndexRune": "sep", "Cut": "sep",
	"Contains": "sep", "ContainsRune": "sep", "Count": "sep", "Replace": "sep",
	"ReplaceAll": "sep", "Join": "sep",
}

// classSamples are sample characters of the unicode classes a function may test.
var classSamples = map[string][]string{
	"IsDigit": {"7"}, "IsNumber": {"7", "½"}, "IsSpace": {" ", "\t", "\n"},
	"IsLetter": {"x", "é"}, "IsUpper": {"X"}, "IsLower": {"x"}, "IsPunct": {".", "!"},
	"IsControl": {"\x01"}, "IsPrint": {"\x7f"}, "IsGraphic": {"\u00a0"}, "IsSymbol": {"$"},
	"IsTitle": {"ǅ"}, "IsMark": {"\u0301"},
}

// formats records the samples of stdFormats for a call of the parser
// path.name whose input (its first argument) is a parameter of the
// function, or made from one: a part of the input (strconv.Atoi of a
// field split off it) is not in that format, the whole input is not.
func (mn *miner) formats(path, name string, c *ast.CallExpr) {
	samples := stdFormats[path+"."+name]
	if len(samples) == 0 || len(c.Args) == 0 || !mn.fromParam(c.Args[0], 0) {
		return
	}
	for _, s := range samples {
		mn.m.format(s)
	}
}

// fromParam reports whether e is a parameter of a package function, a
// conversion of one ([]byte(s)), or a variable assigned once from one
// (data := []byte(s)).
func (mn *miner) fromParam(e ast.Expr, depth int) bool {
	if depth > maxFold {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if tv, ok := mn.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return mn.fromParam(e.Args[0], depth+1)
		}
	case *ast.Ident:
		v, ok := mn.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if mn.params == nil {
			mn.params = map[types.Object]bool{}
			for _, d := range mn.funcs {
				for _, field := range d.Type.Params.List {
					for _, n := range field.Names {
						mn.params[mn.info.Defs[n]] = true
					}
				}
			}
		}
		if mn.params[v] {
			return true
		}
		if d := mn.defs[v]; d != nil {
			return mn.fromParam(d, depth+1)
		}
	}
	return false
}

// stdFormats are inputs of the standard library's parsers, valid ones
// and near misses, by the function that parses them: code that passes
// its input on to one of them reaches its success paths only with text
// of that format.
var stdFormats = map[string][]string{
	"encoding/json.Unmarshal":   {`{}`, `[]`, `{"a":1}`, `{"a":["b","c"]}`, `{"a":"b","c":[1,2]}`, `[1,"a"]`, `null`, `{"a":`},
	"encoding/json.Valid":       {`{}`, `{"a":[1,"b"]}`, `{"a":`},
	"strconv.Atoi":              {"42", "-7", "9223372036854775808"},
	"strconv.ParseInt":          {"42", "-7", "0x1f", "9223372036854775808"},
	"strconv.ParseUint":         {"42", "0x1f", "18446744073709551616"},
	"strconv.ParseFloat":        {"1.5", "-0.25", "1e3", "NaN", "Inf", "1e400"},
	"strconv.ParseBool":         {"true", "false", "1", "T", "f"},
	"strconv.Unquote":           {`"a\tb"`, "`b`", "'c'", `"a`},
	"time.ParseDuration":        {"1h30m", "1.5s", "-2m", "300ms", "1d"},
	"net/url.Parse":             {"https://user:pw@example.com:8080/a/b?c=d&e=f#g", "/a?b=1", "mailto:a@example.com", "http://[::1]:80/", "http://a b/"},
	"net/url.ParseRequestURI":   {"https://example.com/a?b=c", "/a?b=1", "a"},
	"net/url.ParseQuery":        {"a=1&b=2&a=3", "a=%zz"},
	"net.ParseIP":               {"192.168.1.1", "::1", "2001:db8::1", "::ffff:192.168.1.1", "256.0.0.1"},
	"net.ParseCIDR":             {"10.0.0.0/8", "2001:db8::/32", "10.0.0.0/33"},
	"net/netip.ParseAddr":       {"192.168.1.1", "::1", "::ffff:192.168.1.1", "256.0.0.1"},
	"net/netip.ParsePrefix":     {"10.0.0.0/8", "2001:db8::/32", "10.0.0.0/33"},
	"net/netip.ParseAddrPort":   {"1.2.3.4:80", "[::1]:443", "1.2.3.4"},
	"net/mail.ParseAddress":     {"Jo <jo@example.com>", "jo@example.com", "jo@"},
	"encoding/hex.DecodeString": {"68656c6c6f", "6g"},
}

// sampleTime is the time time.Parse's layouts are written at.
var sampleTime = time.Date(2024, time.February, 29, 13, 4, 5, 0, time.UTC)

// pkgFunc returns the package path and name of a call's function when it
// is a package-level function of another package (strings.Split).
func (mn *miner) pkgFunc(c *ast.CallExpr) (path, name string) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", ""
	}
	if mn.info != nil {
		if pn, ok := mn.info.Uses[x].(*types.PkgName); ok {
			return pn.Imported().Path(), sel.Sel.Name
		}
		return "", ""
	}
	return x.Name, sel.Sel.Name
}

// assert records the type written by e, in a type assertion or a type
// switch's case.
func (mn *miner) assert(e ast.Expr) {
	if mn.info == nil {
		return
	}
	t := mn.info.TypeOf(e)
	if t == nil {
		return // nil in a case
	}
	for _, have := range mn.m.asserted {
		if types.Identical(have, t) {
			return
		}
	}
	mn.m.asserted = append(mn.m.asserted, t)
}

// walk mines n; depth bounds how far calls into the package are followed.
func (mn *miner) walk(n ast.Node, depth int) {
	if n == nil || mn.done[n] {
		return
	}
	mn.done[n] = true
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			switch n.Kind {
			case token.STRING:
				if mn.consumed[n] {
					break
				}
				if s, err := strconv.Unquote(n.Value); err == nil {
					if isWordLike(s) {
						mn.m.word(s)
					} else {
						mn.m.str(s)
					}
				}
			case token.CHAR:
				if v := constant.MakeFromLiteral(n.Value, n.Kind, 0); v.Kind() == constant.Int {
					if i, ok := constant.Int64Val(v); ok {
						if mn.inTable {
							mn.m.char(string(rune(i)))
						} else {
							mn.m.sep(string(rune(i)))
							mn.m.int(i)
						}
					}
				}
			case token.INT, token.FLOAT:
				if v := constant.MakeFromLiteral(n.Value, n.Kind, 0); v.Kind() != constant.Unknown {
					mn.m.number(v, false)
				}
			}
		case *ast.Ident:
			mn.use(n, depth)
			mn.jsonName(n)
		case *ast.SelectorExpr:
			mn.m.http.AddSelector(mn.info, n)
			mn.fieldRead(n)
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				mn.compared(n.X)
				mn.compared(n.Y)
				if mn.isLenCall(n.X) {
					mn.lenCompared(n.Y)
				}
				if mn.isLenCall(n.Y) {
					mn.lenCompared(n.X)
				}
			case token.REM, token.QUO:
				// x % 100, x / 1000: the divisor marks a boundary.
				mn.compared(n.Y)
			}
		case *ast.SwitchStmt:
			isLen := n.Tag != nil && mn.isLenCall(n.Tag)
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					mn.compared(e)
					if isLen {
						mn.lenCompared(e)
					}
				}
			}
		case *ast.TypeSwitchStmt:
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					mn.assert(e)
				}
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				mn.assert(n.Type)
			}
			mn.m.http.AddAssert(mn.info, mn.self, n)
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				k, val := e, ast.Expr(nil)
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					k, val = kv.Key, kv.Value
				}
				for _, x := range []ast.Expr{k, val} {
					if x == nil {
						continue
					}
					if v := mn.constOf(x); v != nil {
						switch v.Kind() {
						case constant.String:
							mn.m.word(constant.StringVal(v))
						case constant.Int, constant.Float:
							mn.m.number(v, false) // a table's values, folded (1 << 10)
						}
					}
				}
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "cap" && len(n.Args) == 1 {
				mn.m.caps = true
			}
			mn.call(n)
			mn.m.http.AddCall(mn.info, n)
		}
		return true
	})
}

// call mines the constant arguments of calls to strings, bytes and unicode.
func (mn *miner) call(c *ast.CallExpr) {
	path, name := mn.pkgFunc(c)
	switch path {
	case "strings", "bytes":
		role := stringFuncRoles[name]
		if role == "" {
			return
		}
		for _, a := range c.Args {
			v := mn.constOf(a)
			if v == nil {
				continue
			}
			var s string
			switch v.Kind() {
			case constant.String:
				s = constant.StringVal(v)
			case constant.Int:
				i, ok := constant.Int64Val(v)
				if !ok || i < 0 || i > unicode.MaxRune || !mn.isChar(a) {
					continue
				}
				s = string(rune(i))
			default:
				continue
			}
			if s == "" {
				continue
			}
			mn.consumed[ast.Unparen(a)] = true
			switch role {
			case "prefix":
				mn.m.prefix(s)
			case "suffix":
				mn.m.suffix(s)
			case "word":
				mn.m.word(s)
			case "set":
				for _, r := range s {
					mn.m.sep(string(r))
				}
			default:
				mn.m.sep(s)
			}
		}
	case "unicode":
		for _, s := range classSamples[name] {
			mn.m.class(s)
		}
	case "time":
		if (name == "Parse" || name == "ParseInLocation") && len(c.Args) > 1 && mn.fromParam(c.Args[1], 0) {
			// The layout, written at a fixed time, is an input it parses;
			// a digit short of it, one it refuses.
			if layout, ok := mn.foldString(c.Args[0], 0); ok {
				s := sampleTime.Format(layout)
				mn.m.format(s)
				if i := strings.IndexAny(s, "0123456789"); i >= 0 {
					mn.m.format(s[:i] + s[i+1:])
				}
			}
			return
		}
		mn.formats(path, name, c)
	case "regexp":
		if !regexpFuncs[name] || len(c.Args) == 0 {
			return
		}
		if s, ok := mn.foldString(c.Args[0], 0); ok {
			mn.consumed[ast.Unparen(c.Args[0])] = true
			for _, s := range regexpSamples(s) {
				mn.m.match(s)
			}
		}
	default:
		mn.formats(path, name, c)
	}
}

// singleDefs maps the variables of files assigned exactly once (by
// their declaration, := or =) to the value they are assigned: what a
// pattern built in steps (ops := `<|>`; re := fmt.Sprintf(`(%s)`, ops))
// is made of.
func singleDefs(info *types.Info, files []*ast.File) map[*types.Var]ast.Expr {
	if info == nil {
		return nil
	}
	defs := map[*types.Var]ast.Expr{}
	count := map[*types.Var]int{}
	set := func(id *ast.Ident, e ast.Expr) {
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok {
			count[v]++
			defs[v] = e
		}
	}
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						var e ast.Expr
						if len(n.Rhs) == len(n.Lhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
							e = n.Rhs[i]
						}
						set(id, e)
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					var e ast.Expr
					if len(n.Values) == len(n.Names) {
						e = n.Values[i]
					}
					if e != nil {
						set(id, e)
					}
				}
			}
			return true
		})
	}
	for v, n := range count {
		if n != 1 || defs[v] == nil {
			delete(defs, v)
		}
	}
	return defs
}

// maxFold bounds how deep foldString follows variables and calls.
const maxFold = 8

// foldString is the string e evaluates to when it is made of constants
// only: a constant, a variable assigned once (mn.defs) with such a value,
// a concatenation of such strings, or fmt.Sprintf of a constant format
// and such strings and constant numbers (evaluated here).
func (mn *miner) foldString(e ast.Expr, depth int) (string, bool) {
	if depth > maxFold {
		return "", false
	}
	if v := mn.constOf(e); v != nil {
		if v.Kind() == constant.String {
			return constant.StringVal(v), true
		}
		return "", false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if mn.info == nil {
			return "", false
		}
		if v, ok := mn.info.Uses[e].(*types.Var); ok && mn.defs[v] != nil {
			return mn.foldString(mn.defs[v], depth+1)
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := mn.foldString(e.X, depth+1)
		y, ok2 := mn.foldString(e.Y, depth+1)
		return x + y, ok1 && ok2
	case *ast.CallExpr:
		if path, name := mn.pkgFunc(e); path != "fmt" || name != "Sprintf" || len(e.Args) == 0 || e.Ellipsis.IsValid() {
			return "", false
		}
		format, ok := mn.foldString(e.Args[0], depth+1)
		if !ok {
			return "", false
		}
		var args []any
		for _, a := range e.Args[1:] {
			if s, ok := mn.foldString(a, depth+1); ok {
				args = append(args, s)
				continue
			}
			v := mn.constOf(a)
			if v == nil || v.Kind() != constant.Int {
				return "", false
			}
			n, exact := constant.Int64Val(v)
			if !exact {
				return "", false
			}
			args = append(args, n)
		}
		return fmt.Sprintf(format, args...), true
	}
	return "", false
}

// regexpFuncs are the functions of package regexp whose first argument
// is a pattern.
var regexpFuncs = map[string]bool{
	"MustCompile": true, "Compile": true, "MatchString": true, "Match": true, "MatchReader": true,
	"MustCompilePOSIX": true, "CompilePOSIX": true,
}

// fieldRead records in mined.reads the read of an exported field of a
// struct type of the package.
func (mn *miner) fieldRead(sel *ast.SelectorExpr) {
	if mn.info == nil || mn.self == nil {
		return
	}
	s, ok := mn.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || !sel.Sel.IsExported() || len(s.Index()) != 1 {
		return
	}
	t := s.Recv()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != mn.self || n.TypeParams().Len() > 0 {
		return
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return
	}
	if mn.m.reads == nil {
		mn.m.reads = map[*types.TypeName][]string{}
	}
	if l := mn.m.reads[n.Obj()]; len(l) < maxReads && !slices.Contains(l, sel.Sel.Name) {
		mn.m.reads[n.Obj()] = append(l, sel.Sel.Name)
	}
}

// use mines what an identifier refers to: a constant's value, a package
// variable's initialiser, a package function's body.
func (mn *miner) use(id *ast.Ident, depth int) {
	if mn.info == nil {
		return
	}
	obj := mn.info.Uses[id]
	switch obj := obj.(type) {
	case *types.Const:
		v := obj.Val()
		switch v.Kind() {
		case constant.String:
			mn.m.word(constant.StringVal(v))
		case constant.Int, constant.Float:
			mn.m.number(v, false)
		}
	case *types.Var:
		if e, ok := mn.vars[obj]; ok && !mn.done[e] {
			was := mn.inTable
			mn.inTable = true
			mn.walk(e, 0)
			mn.inTable = was
		}
	case *types.Func:
		if d, ok := mn.funcs[obj]; ok && depth > 0 && d.Body != nil && !mn.done[d.Body] {
			if d.Doc != nil {
				mineRelated(mn.m, d.Doc.Text())
			}
			mn.walk(d.Body, depth-1)
		}
	}
}

// isWordLike reports whether a literal looks like a token the code
// matches (short, no spaces, no format verbs) rather than a message.
func isWordLike(s string) bool {
	if s == "" || len(s) > 24 || strings.ContainsAny(s, " %\n") {
		return false
	}
	return true
}

var (
	quotedRE = regexp.MustCompile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"|`([^`\\n]*)`")
	numberRE = regexp.MustCompile(`(?:^|[^\w.])(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)`)
)

// mineComment collects the quoted strings and numbers of a comment of
// the function itself.
func mineComment(m *mined, text string) { mineQuoted(m, text, m.doc, true) }

// mineRelated collects the quoted strings of a related comment.
func mineRelated(m *mined, text string) { mineQuoted(m, text, m.rel, false) }

func mineQuoted(m *mined, text string, sink func(string), numbers bool) {
	for _, sm := range quotedRE.FindAllStringSubmatch(text, -1) {
		s := sm[2]
		if sm[1] != "" || sm[2] == "" {
			if u, err := strconv.Unquote(`"` + sm[1] + `"`); err == nil {
				s = u
			} else {
				s = sm[1]
			}
		}
		if len(s) <= 64 {
			sink(s)
		}
	}
	if !numbers {
		return
	}
	for _, sm := range numberRE.FindAllStringSubmatch(text, 32) {
		if f, err := strconv.ParseFloat(sm[1], 64); err == nil {
			m.float(f)
			if f == math.Trunc(f) && math.Abs(f) < 1<<62 {
				m.int(int64(f))
			}
		}
	}
}

// classRune is the i-th character of a class of ranges (lo, hi pairs),
// counting around; the first when the class is too large to count.
func classRune(ranges []rune, i int) rune {
	n := 0
	for j := 0; j+1 < len(ranges); j += 2 {
		n += int(ranges[j+1]-ranges[j]) + 1
		if n > 1<<16 {
			return ranges[0]
		}
	}
	i %= n
	for j := 0; j+1 < len(ranges); j += 2 {
		if w := int(ranges[j+1]-ranges[j]) + 1; i >= w {
			i -= w
			continue
		}
		return ranges[j] + rune(i)
	}
	return ranges[0]
}

// maxRegexpSamples bounds the strings made from one regular expression.
const maxRegexpSamples = 12

// regexpSamples makes strings that match the regular expression re: the
// shortest (every repetition at its minimum, the first alternative, the
// first character of each class), a longer one, one of the last
// alternatives and class bounds, one whose classes give a different
// character each time ("ab-012" rather than "aa-000"), one per
// alternative, and near misses (a character dropped, one added).
func regexpSamples(re string) []string {
	tree, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil
	}
	tree = tree.Simplify()
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] && len(out) < maxRegexpSamples && len(s) <= 256 {
			seen[s] = true
			out = append(out, s)
		}
	}
	// Each variant makes different choices: 0 the least, 1 more, 2 the
	// last alternative and the upper bounds of classes, 3 as 1 with
	// each class character the next of its class.
	for variant := 0; variant < 4; variant++ {
		var b strings.Builder
		regexpWriteChoose(&b, tree, variant, 0, nil, nil, new(int))
		add(b.String())
	}
	// One sample per alternative at the top level of each alternation.
	var alts func(t *syntax.Regexp)
	alts = func(t *syntax.Regexp) {
		if t.Op == syntax.OpAlternate {
			for _, sub := range t.Sub {
				var b strings.Builder
				regexpWriteChoose(&b, tree, 0, 0, t, sub, new(int))
				add(b.String())
			}
		}
		for _, sub := range t.Sub {
			alts(sub)
		}
	}
	alts(tree)
	if len(out) > 0 {
		first := out[0]
		if first != "" {
			add(first[:len(first)-1])
		}
		add(first + "!")
		add("!" + first)
	}
	return out
}

// regexpWriteChoose writes one string matching t, choosing as variant
// says (see regexpSamples), taking alternative sub at the alternation
// alt; k counts the class characters written, for variant 3.
func regexpWriteChoose(b *strings.Builder, t *syntax.Regexp, variant, depth int, alt, sub *syntax.Regexp, k *int) {
	if depth > 50 || b.Len() > 256 {
		return
	}
	rec := func(x *syntax.Regexp) { regexpWriteChoose(b, x, variant, depth+1, alt, sub, k) }
	switch t.Op {
	case syntax.OpLiteral:
		for _, r := range t.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if len(t.Rune) >= 2 {
			r := t.Rune[0]
			switch variant {
			case 2:
				r = t.Rune[len(t.Rune)-1]
			case 3:
				r = classRune(t.Rune, *k)
				*k++
			}
			if r > 0x10ffff {
				r = t.Rune[0]
			}
			b.WriteRune(r)
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		rec(t.Sub[0])
	case syntax.OpConcat:
		for _, s := range t.Sub {
			rec(s)
		}
	case syntax.OpAlternate:
		choice := t.Sub[0]
		if t == alt {
			choice = sub
		} else if variant == 2 {
			choice = t.Sub[len(t.Sub)-1]
		}
		rec(choice)
	case syntax.OpStar, syntax.OpQuest:
		if variant > 0 {
			rec(t.Sub[0])
		}
	case syntax.OpPlus:
		rec(t.Sub[0])
		if variant > 0 {
			rec(t.Sub[0])
		}
	case syntax.OpRepeat:
		n := t.Min
		if variant > 0 && (t.Max < 0 || t.Max > n) {
			n++
		}
		for i := 0; i < min(n, 64); i++ {
			rec(t.Sub[0])
		}
	}
}
