package explore

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

// Bounds of the struct tags taggedValues writes.
const (
	maxTagKeys     = 3 // keys of a tag (json:"…" schema:"…")
	maxTagOptions  = 4 // options after a field's name (",omitempty")
	maxSettingKeys = 8 // keys of a settings struct's tags (see settingsStruct)
)

// tagShape is how a package reads struct tags: the keys it looks up
// (field.Tag.Get("schema")) and the options it looks for after a
// field's name ("omitempty", "required", "default:").
type tagShape struct {
	keys, options []string
	// settings are the keys the package reads a setting of its own
	// under (envconfig:"PORT" default:"8080" required:"true"): set
	// when it reads two keys or more, at most maxSettingKeys; flags
	// are those of them whose value it parses as a bool.
	settings, flags []string
}

// tagCache holds the tagShape of a package once found (done), and ok
// false when it neither reads tags nor walks struct fields.
type tagCache struct {
	shape    tagShape
	ok, done bool
}

// tagWord is an option of a struct tag: a lower-case word, or a word
// and a colon that a value follows ("default:").
var tagWord = regexp.MustCompile(`^[a-z][a-z_]{1,15}:?$`)

// readsTags finds how the package reads struct tags, and whether it
// walks struct fields by reflection at all (reflect.Type's NumField,
// reflect.Struct): ok false when it does neither. The keys are the
// constants given to reflect.StructTag's Get and Lookup; when one is
// given a variable, the string constants the package gives to
// identifiers, fields and constants named like a tag (tag: "schema",
// const defaultTag = "db"), else "json". The options are the words the
// package compares with, looks for (Contains, Has…) or cuts as prefixes,
// in a package that reads tags.
func readsTags(syntax []*ast.File, info *types.Info) (shape tagShape, ok bool) {
	if info == nil {
		return tagShape{}, false
	}
	keys, named, options := map[string]bool{}, map[string]bool{}, map[string]bool{}
	variable, reads, walks := false, false, false
	str := func(e ast.Expr) (string, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(tv.Value), true
	}
	tagLike := func(name string) bool { return strings.Contains(strings.ToLower(name), "tag") }
	nameTag := func(name string, e ast.Expr) {
		if s, ok := str(e); ok && tagLike(name) && tagWord.MatchString(s) && !strings.HasSuffix(s, ":") {
			named[s] = true
		}
	}
	for _, file := range syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, isSel := n.Fun.(*ast.SelectorExpr)
				if !isSel {
					break
				}
				if arg, ok := tagRead(info, n); ok {
					reads = true
					if k, ok := str(arg); ok {
						keys[k] = true
					} else {
						variable = true
					}
				}
				if s := info.Selections[sel]; s != nil && sel.Sel.Name == "NumField" && (isNamed(s.Recv(), "reflect", "Type") || isNamed(s.Recv(), "reflect", "Value")) {
					walks = true
				}
				name := sel.Sel.Name
				if strings.Contains(name, "Contains") || strings.HasPrefix(name, "Has") || strings.Contains(name, "Prefix") {
					for _, a := range n.Args {
						if s, ok := str(a); ok && tagWord.MatchString(s) {
							options[s] = true
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, e := range []ast.Expr{n.X, n.Y} {
						if s, ok := str(e); ok && tagWord.MatchString(s) && !strings.HasSuffix(s, ":") {
							options[s] = true
						}
					}
				}
			case *ast.KeyValueExpr:
				if id, isID := n.Key.(*ast.Ident); isID {
					nameTag(id.Name, n.Value)
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if i < len(n.Values) {
						nameTag(id.Name, n.Values[i])
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if i >= len(n.Rhs) {
						break
					}
					switch l := l.(type) {
					case *ast.Ident:
						nameTag(l.Name, n.Rhs[i])
					case *ast.SelectorExpr:
						nameTag(l.Sel.Name, n.Rhs[i])
					}
				}
			case *ast.SelectorExpr:
				if id, isID := n.X.(*ast.Ident); isID && id.Name == "reflect" && n.Sel.Name == "Struct" {
					walks = true
				}
			}
			return true
		})
	}
	if !reads && !walks {
		return tagShape{}, false
	}
	if variable {
		for k := range named {
			keys[k] = true
		}
	}
	if len(keys) > 1 && !variable {
		shape.settings = firstSorted(keys, maxSettingKeys)
		flags := boolKeys(syntax, info)
		for _, k := range shape.settings {
			if flags[k] {
				shape.flags = append(shape.flags, k)
			}
		}
	}
	if len(keys) == 0 {
		keys["json"] = true
	}
	shape.keys = firstSorted(keys, maxTagKeys)
	if reads {
		for _, k := range shape.keys {
			delete(options, k)
		}
		shape.options = firstSorted(options, maxTagOptions)
	}
	return shape, true
}

// boolKeys are the tag keys whose value the package parses as a bool:
// a reflect.StructTag's Get or Lookup of the key, or a variable it was
// assigned to, passed to strconv.ParseBool or to a function of the
// package that passes its parameter there (isTrue(tag.Get("ignored"))),
// or compared with "true".
func boolKeys(syntax []*ast.File, info *types.Info) map[string]bool {
	isParseBool := func(c *ast.CallExpr) bool {
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == "strconv" && fn.Name() == "ParseBool"
	}
	// parsers are the package's functions that hand a parameter of
	// theirs to strconv.ParseBool.
	parsers := map[types.Object]bool{}
	for _, file := range syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			params := map[types.Object]bool{}
			for _, fl := range fd.Type.Params.List {
				for _, id := range fl.Names {
					params[info.Defs[id]] = true
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && isParseBool(c) && len(c.Args) == 1 {
					if id, ok := ast.Unparen(c.Args[0]).(*ast.Ident); ok && params[info.Uses[id]] {
						parsers[info.Defs[fd.Name]] = true
					}
				}
				return true
			})
		}
	}
	// keyOf is the key e reads, a StructTag's Get or Lookup of a
	// constant.
	keyOf := func(e ast.Expr) (string, bool) {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return "", false
		}
		arg, ok := tagRead(info, c)
		if !ok {
			return "", false
		}
		tv, ok := info.Types[arg]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(tv.Value), true
	}
	held := map[types.Object]string{} // variables assigned a key's value
	hold := func(id ast.Expr, e ast.Expr) {
		if id, ok := id.(*ast.Ident); ok {
			if k, ok := keyOf(e); ok {
				obj := info.Defs[id]
				if obj == nil {
					obj = info.Uses[id]
				}
				if obj != nil {
					held[obj] = k
				}
			}
		}
	}
	for _, file := range syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
					hold(n.Lhs[0], n.Rhs[0])
				}
			case *ast.ValueSpec:
				if len(n.Values) == 1 && len(n.Names) >= 1 {
					hold(n.Names[0], n.Values[0])
				}
			}
			return true
		})
	}
	out := map[string]bool{}
	mark := func(e ast.Expr) {
		if k, ok := keyOf(e); ok {
			out[k] = true
		} else if id, ok := ast.Unparen(e).(*ast.Ident); ok && held[info.Uses[id]] != "" {
			out[held[info.Uses[id]]] = true
		}
	}
	for _, file := range syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if len(n.Args) != 1 {
					break
				}
				if isParseBool(n) {
					mark(n.Args[0])
				} else if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && parsers[info.Uses[id]] {
					mark(n.Args[0])
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					break
				}
				for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if tv, ok := info.Types[pair[1]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "true" {
						mark(pair[0])
					}
				}
			}
			return true
		})
	}
	return out
}

// tagRead is the key argument of c when c reads a struct tag (a
// reflect.StructTag's Get or Lookup).
func tagRead(info *types.Info, c *ast.CallExpr) (key ast.Expr, ok bool) {
	sel, isSel := c.Fun.(*ast.SelectorExpr)
	if !isSel || sel.Sel.Name != "Get" && sel.Sel.Name != "Lookup" || len(c.Args) != 1 {
		return nil, false
	}
	if s := info.Selections[sel]; s == nil || !isNamed(s.Recv(), "reflect", "StructTag") {
		return nil, false
	}
	return c.Args[0], true
}

// firstSorted are the first n keys of set in order.
func firstSorted(set map[string]bool, n int) []string {
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out[:min(len(out), n)]
}

// taggedField is a field of the structs taggedValues writes: its name,
// type, the name its tag gives it and a value of its type.
type taggedField struct {
	name, typ, tag, value string
}

// taggedFields are the fields of the structs taggedValues writes: one
// of each kind reflection code switches on.
var taggedFields = []taggedField{
	{"Name", "string", "name", `"abc"`},
	{"Count", "int", "count", "2"},
	{"Ratio", "float64", "ratio", "1.5"},
	{"On", "bool", "on", "true"},
	{"Tags", "[]string", "tags", `[]string{"a", "b"}`},
	{"Ptr", "*int", "ptr", "new(int)"},
	{"Inner", "struct { ID int %s }", "inner", ""},
}

// taggedStructs are the struct types taggedValues writes values of, as
// code: the plain one, the fields its filled literal sets, the one
// whose tags carry the package's options ("" when it looks for none),
// and an expression of a pointer to a struct that embeds a local type.
type taggedStructs struct {
	plain, filled, opts, embedded string
	// settings are the structs whose tags carry a setting under each
	// key (none for a package that reads one key): see settingsStructs.
	settings []string
}

// taggedTypes are the taggedStructs of a package that reads struct tags
// or walks struct fields, tagged with its keys; ok false for another.
func (g *valueGen) taggedTypes() (ts taggedStructs, ok bool) {
	if !g.tagged() {
		return taggedStructs{}, false
	}
	shape := g.tags.shape
	tag := func(name string) string {
		var parts []string
		for _, k := range shape.keys {
			parts = append(parts, k+":"+strconv.Quote(name))
		}
		return "`" + strings.Join(parts, " ") + "`"
	}
	// body writes the struct type's fields, each tagged by tagOf, and
	// its literal's values when filled.
	body := func(tagOf func(i int, f taggedField) string) (typ, vals string) {
		var fs, vs []string
		for i, f := range taggedFields {
			t := strings.Replace(f.typ, "%s", tag("id"), 1) // the inner struct's field
			fs = append(fs, f.name+" "+t+" "+tagOf(i, f))
			if f.value != "" {
				vs = append(vs, f.name+": "+f.value)
			}
		}
		fs = append(fs, "Plain string", "hidden int")
		return "struct { " + strings.Join(fs, "; ") + " }", strings.Join(vs, ", ")
	}
	ts.plain, ts.filled = body(func(_ int, f taggedField) string { return tag(f.tag) })
	if len(shape.options) > 0 {
		ts.opts, _ = body(func(i int, f taggedField) string {
			o := shape.options[i%len(shape.options)]
			if strings.HasSuffix(o, ":") {
				o += "1"
			}
			switch {
			case i == len(taggedFields)-2:
				return tag("-")
			case i == len(taggedFields)-3:
				return tag("," + o)
			}
			return tag(f.tag + "," + o)
		})
	}
	ts.settings = g.settingsStructs(shape)
	ts.embedded = "func() interface{} { type Base struct { ID int " + tag("id") + " }; return &struct { Base; Name string " + tag("name") + " }{} }()"
	return ts, true
}

// settingText is the text a setting of a tagged field's kind reads
// as (default:"2"), by the field's name.
var settingText = map[string]string{
	"Name": "abc", "Count": "2", "Ratio": "1.5", "On": "true", "Tags": "a,b", "Ptr": "3", "Inner": "inner",
}

// settingsStructs are the struct types, as code, of a package that
// reads a setting of its own under each of several keys (see
// tagShape). The first has fields of each kind tagged with every key but
// the flags, each valued as text of the field's kind (`default:"2"
// env:"2"` on an int; a map's "a:1,b:2", a duration's "1s" when the
// package names time). Then one for each flag: a string field tagged
// as the first's, then one tagged with the flag alone, "true", named
// with an acronym and two words (HTTPServerPort), as settings often are. Each
// flag has a struct of its own: a flag that stops the loading (a
// required setting not given) stops it after the others. None for a
// package that reads one key.
func (g *valueGen) settingsStructs(shape tagShape) []string {
	if len(shape.settings) < 2 {
		return nil
	}
	flag := map[string]bool{}
	for _, k := range shape.flags {
		flag[k] = true
	}
	tag := func(text string) string {
		var parts []string
		for _, k := range shape.settings {
			if !flag[k] {
				parts = append(parts, k+":"+strconv.Quote(text))
			}
		}
		return "`" + strings.Join(parts, " ") + "`"
	}
	var fs []string
	for _, f := range taggedFields {
		t := strings.Replace(f.typ, "%s", tag("3"), 1) // the inner struct's field
		fs = append(fs, f.name+" "+t+" "+tag(settingText[f.name]))
	}
	fs = append(fs, "Limits map[string]int "+tag("a:1,b:2"), "Level uint8 "+tag("7"))
	if g.codeNames("time") {
		fs = append(fs, "Timeout time.Duration "+tag("1s"))
	}
	out := []string{"struct { " + strings.Join(fs, "; ") + " }"}
	for _, k := range shape.flags {
		out = append(out, "struct { Name string "+tag("abc")+"; HTTPServerPort string `"+k+`:"true"`+"` }")
	}
	return out
}

// taggedValues are values for an empty interface in a package that
// reads struct tags or walks struct fields (an encoder, a decoder, a
// validator): pointers to structs of a field of each kind, tagged with
// the package's keys, zero and filled; one whose tags carry the
// package's options (name,omitempty; a skipped "-"; no name); a struct
// by value, and one that embeds another struct (a local type). See
// taggedTypes.
func (g *valueGen) taggedValues() []spec.Value {
	ts, ok := g.taggedTypes()
	if !ok {
		return nil
	}
	out := []spec.Value{
		spec.CodeValue("&" + ts.plain + "{}"),
		spec.CodeValue("&" + ts.plain + "{" + ts.filled + "}"),
	}
	if ts.opts != "" {
		out = append(out, spec.CodeValue("&"+ts.opts+"{}"))
	}
	for _, st := range ts.settings {
		out = append(out, spec.CodeValue("&"+st+"{}"))
	}
	return append(out, spec.CodeValue(ts.plain+"{"+ts.filled+"}"), spec.CodeValue(ts.embedded))
}

// taggedMaps are maps of string keys for a package that reads struct
// tags (see taggedValues): keyed by the names the tags give the fields,
// with a value of each field's kind (form values for []string, text for
// string, plain values for an empty interface, the inner struct's field
// at "inner.id" or in a map of its own), then the same with values no
// field's kind accepts.
func (g *valueGen) taggedMaps(m *types.Map) []spec.Value {
	if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Kind() != types.String || !g.tagged() {
		return nil
	}
	type entry struct {
		key    string
		texts  []string
		native spec.Value
	}
	entries := []entry{
		{"name", []string{"abc"}, spec.StringValue("abc")},
		{"count", []string{"2"}, spec.IntValue(2)},
		{"ratio", []string{"1.5"}, spec.FloatValue(1.5)},
		{"on", []string{"true"}, spec.BoolValue(true)},
		{"tags", []string{"a", "b"}, spec.ListValue(spec.StringValue("a"), spec.StringValue("b"))},
		{"ptr", []string{"3"}, spec.IntValue(3)},
	}
	elem := m.Elem().Underlying()
	var good, bad []spec.Entry
	for i, e := range entries {
		k := spec.StringValue(e.key)
		switch u := elem.(type) {
		case *types.Basic:
			if u.Kind() != types.String {
				return nil
			}
			good = append(good, spec.Entry{Key: k, Val: spec.StringValue(strings.Join(e.texts, ","))})
			bad = append(bad, spec.Entry{Key: k, Val: spec.StringValue("x")})
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
				return nil
			}
			var l []spec.Value
			for _, t := range e.texts {
				l = append(l, spec.StringValue(t))
			}
			good = append(good, spec.Entry{Key: k, Val: spec.ListValue(l...)})
			bad = append(bad, spec.Entry{Key: k, Val: spec.ListValue(spec.StringValue("x"))})
		case *types.Interface:
			if !u.Empty() {
				return nil
			}
			good = append(good, spec.Entry{Key: k, Val: e.native})
			if i == 0 {
				bad = append(bad, spec.Entry{Key: k, Val: spec.IntValue(2)})
			} else {
				bad = append(bad, spec.Entry{Key: k, Val: spec.StringValue("x")})
			}
		default:
			return nil
		}
	}
	if _, ok := elem.(*types.Interface); ok {
		good = append(good, spec.Entry{Key: spec.StringValue("inner"), Val: spec.MapValue("id", spec.IntValue(3))})
	} else {
		good = append(good, spec.Entry{Key: spec.StringValue("inner.id"), Val: good[1].Val})
	}
	return []spec.Value{mapOf(good...), mapOf(bad...)}
}

// tagged reports whether the package reads struct tags or walks
// struct fields by reflection (see readsTags), found once.
func (g *valueGen) tagged() bool {
	if g.pkg == nil {
		return false
	}
	if !g.tags.done {
		g.tags.shape, g.tags.ok = readsTags(g.pkg.Syntax, g.pkg.TypesInfo)
		g.tags.done = true
	}
	return g.tags.ok
}

// reflectPlain are values of each kind reflection code switches on,
// which reflectValues takes the type or value of.
var reflectPlain = []string{`""`, "0", "1.5", "true", `[]string{"a"}`, `map[string]int{"a": 1}`, "new(int)"}

// reflectValues are the candidates of a reflect.Type, a reflect.Value
// or a reflect.StructField (nil for another type): those of the tagged
// structs (see taggedValues; a pointer, the struct, and for a Value the
// struct it points to, addressable and settable) and of a value of each
// kind; a Value also the zero Value, which is not valid; a StructField
// each field of the tagged structs. The plain tagged struct comes first
// for a Type and a Value alike (its type; reflect.ValueOf(&x).Elem()),
// so that the typical arguments of a function taking both match
// (setDefaults(t, v)). The package must name reflect.
func (g *valueGen) reflectValues(t types.Type) []spec.Value {
	typ, val, field := isNamed(t, "reflect", "Type"), isNamed(t, "reflect", "Value"), isNamed(t, "reflect", "StructField")
	if !typ && !val && !field || !g.codeNames("reflect") {
		return nil
	}
	ts, tagged := g.taggedTypes()
	var out []spec.Value
	switch {
	case field:
		if tagged {
			for _, st := range []string{ts.plain, ts.opts} {
				for i := range len(taggedFields) + 2 {
					if st != "" { // no options
						out = append(out, spec.CodeValue("reflect.TypeOf("+st+"{}).Field("+strconv.Itoa(i)+")"))
					}
				}
			}
		}
		return append(out, spec.CodeValue("reflect.StructField{}"))
	case typ:
		// One of each type: a filled literal's type is the empty
		// one's.
		out = append(out, spec.NullValue())
		if tagged {
			out = append(out, spec.CodeValue("reflect.TypeOf("+ts.plain+"{})"), spec.CodeValue("reflect.TypeOf(&"+ts.plain+"{})"))
			if ts.opts != "" {
				out = append(out, spec.CodeValue("reflect.TypeOf(&"+ts.opts+"{})"))
			}
			out = append(out, spec.CodeValue("reflect.TypeOf("+ts.embedded+")"))
		}
		for _, x := range reflectPlain {
			out = append(out, spec.CodeValue("reflect.TypeOf("+x+")"))
		}
		more := []string{"[]byte", "uint"}
		if g.codeNames("time") {
			more = append(more, reflectTimes...)
		}
		for _, x := range more {
			out = append(out, spec.CodeValue("reflect.TypeOf(new("+x+")).Elem()"))
		}
		return out
	}
	if tagged {
		out = append(out, spec.CodeValue("reflect.ValueOf(&"+ts.plain+"{}).Elem()"))
	}
	out = append(out, spec.CodeValue("reflect.Value{}"))
	for _, v := range g.taggedValues() {
		out = append(out, spec.CodeValue("reflect.ValueOf("+v.Str+")"))
	}
	for _, x := range reflectPlain {
		out = append(out, spec.CodeValue("reflect.ValueOf("+x+")"))
	}
	// Then settable ones, as a decoder's fields are: of each kind,
	// a nil pointer among them.
	settable := reflectSettable
	if g.codeNames("time") {
		settable = append(settable[:len(settable):len(settable)], reflectTimes...)
	}
	for _, t := range settable {
		out = append(out, spec.CodeValue("reflect.ValueOf(new("+t+")).Elem()"))
	}
	return out
}

// reflectSettable are the types of the settable reflect.Values
// reflectValues makes.
var reflectSettable = []string{"string", "int", "uint", "float64", "bool", "[]string", "[]byte", "map[string]int", "*int"}

// reflectTimes are types of kinds reflectSettable has, but named, and a
// struct that unmarshals text: reflectValues makes them when the
// package names time.
var reflectTimes = []string{"time.Duration", "time.Time"}
