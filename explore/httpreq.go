package explore

import (
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Handlers: a function that takes an *http.Request reads its method, its
// path, its query, headers, cookies, path values and body, each by a key
// the code names (r.Header.Get("X-Token"), r.URL.Query().Get("v")). The
// miner collects those keys (httpMined); requests are built with all of
// them set, with none, and with each method and path the code compares
// against (requestValues), as httptest.NewRequest code whose literals
// comparison feedback and mutation then change like any other.

// httpMined is what the code reads off a request, by the keys it names,
// in the order found.
type httpMined struct {
	headers, queries, cookies, pathValues []string
	// form is set when the code reads a form (r.ParseForm,
	// r.PostFormValue): the query keys are also sent as a form body.
	form bool
	// auth is set when the code reads basic authentication.
	auth bool
	// decoded are the types the code decodes a body into as JSON
	// (json.NewDecoder(r.Body).Decode(&v), json.Unmarshal(b, &v)).
	decoded []types.Type
	// body is set when the code reads the body at all.
	body bool
}

func addKey(list *[]string, k string) {
	if k != "" && !slices.Contains(*list, k) {
		*list = append(*list, k)
	}
}

// httpCall mines a call of a method of net/http's or net/url's types
// (see httpMined), or of a JSON decoder.
func (mn *miner) httpCall(c *ast.CallExpr) {
	if mn.info == nil {
		return
	}
	h := &mn.m.http
	if path, name := mn.pkgFunc(c); path != "" {
		switch {
		case path == "encoding/json" && name == "Unmarshal" && len(c.Args) == 2:
			mn.decodedInto(c.Args[1])
		case path == "io" && name == "ReadAll" && len(c.Args) == 1 && mn.isBody(c.Args[0]):
			h.body = true
		case path == "encoding/json" && name == "NewDecoder" && len(c.Args) == 1 && mn.isBody(c.Args[0]):
			h.body = true
		}
		return
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	s := mn.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
	fn := s.Obj()
	recv := s.Recv()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	n, ok := types.Unalias(recv).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return
	}
	key := ""
	if len(c.Args) > 0 {
		if v := mn.constOf(c.Args[0]); v != nil && v.Kind() == constant.String {
			key = constant.StringVal(v)
		}
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name() {
	case "net/http.Header.Get", "net/http.Header.Values":
		addKey(&h.headers, key)
	case "net/url.Values.Get", "net/url.Values.Has":
		addKey(&h.queries, key)
	case "net/http.Request.FormValue":
		addKey(&h.queries, key)
	case "net/http.Request.PostFormValue", "net/http.Request.FormFile":
		addKey(&h.queries, key)
		h.form = true
	case "net/http.Request.ParseForm", "net/http.Request.ParseMultipartForm":
		h.form = true
	case "net/http.Request.Cookie":
		addKey(&h.cookies, key)
	case "net/http.Request.PathValue":
		addKey(&h.pathValues, key)
	case "net/http.Request.BasicAuth":
		h.auth = true
	case "encoding/json.Decoder.Decode":
		if len(c.Args) == 1 {
			mn.decodedInto(c.Args[0])
		}
	}
}

// isBody reports whether e is the Body field of an *http.Request.
func (mn *miner) isBody(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" {
		return false
	}
	t := mn.info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, "net/http", "Request")
}

// decodedInto records the type of what e, an argument of a JSON
// decoding (&v), points to.
func (mn *miner) decodedInto(e ast.Expr) {
	p, ok := mn.info.TypeOf(e).(*types.Pointer)
	if !ok {
		return
	}
	for _, t := range mn.m.http.decoded {
		if types.Identical(t, p.Elem()) {
			return
		}
	}
	mn.m.http.decoded = append(mn.m.http.decoded, p.Elem())
}

// httpMethods are the request methods, as the code compares r.Method.
var httpMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE"}

// maxRequests bounds the requests built for one parameter.
const maxRequests = 12

// request is a request to build: httptest.NewRequest's arguments, then
// what is set on it.
type request struct {
	method, target string
	body           string
	form           bool // body is a form
	headers        [][2]string
	cookies        [][2]string
	pathValues     [][2]string
	auth           bool
}

// code writes r as a Go expression of type *http.Request.
func (r request) code() string {
	body := "nil"
	if r.body != "" {
		body = "strings.NewReader(" + strconv.Quote(r.body) + ")"
	}
	newReq := "httptest.NewRequest(" + strconv.Quote(r.method) + ", " + strconv.Quote(r.target) + ", " + body + ")"
	var sets []string
	if r.form {
		sets = append(sets, `r.Header.Set("Content-Type", "application/x-www-form-urlencoded")`)
	}
	for _, h := range r.headers {
		sets = append(sets, "r.Header.Set("+strconv.Quote(h[0])+", "+strconv.Quote(h[1])+")")
	}
	for _, c := range r.cookies {
		sets = append(sets, "r.AddCookie(&http.Cookie{Name: "+strconv.Quote(c[0])+", Value: "+strconv.Quote(c[1])+"})")
	}
	for _, p := range r.pathValues {
		sets = append(sets, "r.SetPathValue("+strconv.Quote(p[0])+", "+strconv.Quote(p[1])+")")
	}
	if r.auth {
		sets = append(sets, `r.SetBasicAuth("user", "secret")`)
	}
	if len(sets) == 0 {
		return newReq
	}
	return "func() *http.Request { r := " + newReq + "; " + strings.Join(sets, "; ") + "; return r }()"
}

// requests are the candidates of t when it is an *http.Request or an
// http.Request and the package imports net/http (see requestValues): a
// request is built by httptest.NewRequest, never as a literal of its
// fields (a nil URL, a nil Body).
func (g *valueGen) requests(t types.Type) ([]spec.Value, bool) {
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	if !isNamed(t, "net/http", "Request") || !g.codeNames("net/http") {
		return nil, false
	}
	reqs := g.requestValues()
	if ptr {
		return reqs, true
	}
	var out []spec.Value
	for _, r := range reqs {
		if r.Kind == spec.Code {
			out = append(out, spec.CodeValue("*"+r.Str))
		}
	}
	return out, true
}

// requestValues are the candidates of an *http.Request: first a bare
// GET of /, which every key the code reads is missing from; then one
// with every key it reads set (headers and cookies "abc", query and path
// values "1"), its body a JSON object of the type the code decodes it
// into or a form of the query keys, for each method and each path the
// code compares against; then that one with its values not numbers
// ("abc"), with its headers and cookies after each prefix the code checks
// ("Bearer abc") or a word it compares with, and with each header left
// out in turn.
func (g *valueGen) requestValues() []spec.Value {
	h := g.m.http
	var methods, paths []string
	for _, w := range g.m.words {
		if slices.Contains(httpMethods, w) {
			addKey(&methods, w)
		}
	}
	if len(methods) == 0 {
		methods = []string{"GET"}
	} else {
		// And one it does not compare with: its default branch.
		for _, m := range httpMethods {
			if !slices.Contains(methods, m) {
				methods = append(methods, m)
				break
			}
		}
	}
	for _, lists := range [][]string{g.m.prefixes, g.m.words, g.m.strs} {
		for _, s := range lists {
			if !strings.HasPrefix(s, "/") || strings.ContainsAny(s, " %\t\n#") || len(s) > 64 {
				continue
			}
			if strings.HasSuffix(s, "/") && len(s) > 1 {
				s += "1"
			}
			addKey(&paths, s)
		}
	}
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	full := func(method, path, val, hval string) request {
		r := request{method: method, target: path, auth: h.auth}
		var query []string
		for _, k := range h.queries {
			query = append(query, url.QueryEscape(k)+"="+url.QueryEscape(val))
		}
		q := strings.Join(query, "&")
		switch {
		case h.form && q != "" && method != "GET" && method != "HEAD":
			r.body, r.form = q, true
		case q != "":
			r.target += "?" + q
		}
		if r.body == "" && h.body && method != "GET" && method != "HEAD" {
			r.body = g.jsonBody(val)
		}
		for _, k := range h.headers {
			r.headers = append(r.headers, [2]string{k, hval})
		}
		for _, k := range h.cookies {
			r.cookies = append(r.cookies, [2]string{k, hval})
		}
		for _, k := range h.pathValues {
			r.pathValues = append(r.pathValues, [2]string{k, val})
		}
		return r
	}
	m0, p0 := methods[0], paths[0]
	reqs := []request{{method: "GET", target: "/"}}
	for _, m := range methods {
		reqs = append(reqs, full(m, p0, "1", "abc"))
	}
	for _, p := range paths[1:] {
		reqs = append(reqs, full(m0, p, "1", "abc"))
	}
	reqs = append(reqs, full(m0, p0, "abc", "abc"))
	if len(h.headers)+len(h.cookies) > 0 {
		// Header and cookie values as the code reads them: after a
		// prefix it checks ("Bearer abc"), or a word it compares with.
		for _, p := range g.m.prefixes[:min(len(g.m.prefixes), 2)] {
			reqs = append(reqs, full(m0, p0, "1", p+"abc"))
		}
		for _, w := range g.m.words[:min(len(g.m.words), 3)] {
			if !slices.Contains(httpMethods, w) && !strings.HasPrefix(w, "/") {
				reqs = append(reqs, full(m0, p0, "1", w))
			}
		}
	}
	for i := range h.headers {
		r := full(m0, p0, "1", "abc")
		r.headers = slices.Delete(slices.Clone(r.headers), i, i+1)
		reqs = append(reqs, r)
	}
	var out []spec.Value
	seen := map[string]bool{}
	for _, r := range reqs {
		c := r.code()
		if !seen[c] && len(out) < maxRequests {
			seen[c] = true
			out = append(out, spec.CodeValue(c))
		}
	}
	return out
}

// jsonBody is a JSON body of the first type the code decodes a request
// into: an object with each of its exported fields under its JSON name
// (a string field val, a number 1, a bool true), or {} when it decodes
// into nothing it names.
func (g *valueGen) jsonBody(val string) string {
	if len(g.m.http.decoded) == 0 {
		return "{}"
	}
	v := jsonSample(g.m.http.decoded[0], val, 0)
	b, err := json.Marshal(v)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// jsonSample is a value of t as encoding/json would decode into it.
func jsonSample(t types.Type, val string, depth int) any {
	if depth > 3 {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return val
		case u.Info()&types.IsBoolean != 0:
			return true
		case u.Info()&types.IsNumeric != 0:
			return 1
		}
	case *types.Pointer:
		return jsonSample(u.Elem(), val, depth+1)
	case *types.Slice:
		if e := jsonSample(u.Elem(), val, depth+1); e != nil {
			return []any{e}
		}
		return []any{}
	case *types.Map:
		if e := jsonSample(u.Elem(), val, depth+1); e != nil {
			return map[string]any{"a": e}
		}
	case *types.Struct:
		m := map[string]any{}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() {
				continue
			}
			name := f.Name()
			if tag, ok := reflect.StructTag(u.Tag(i)).Lookup("json"); ok {
				n, _, _ := strings.Cut(tag, ",")
				if n == "-" {
					continue
				}
				if n != "" {
					name = n
				}
			}
			if e := jsonSample(f.Type(), val, depth+1); e != nil {
				m[name] = e
			}
		}
		return m
	}
	return nil
}

// recorderMethods are the methods of *httptest.ResponseRecorder.
var recorderMethods = []string{"Flush", "Header", "Result", "Write", "WriteHeader", "WriteString"}

// recorderFits reports whether t is a writer interface of a handler (see
// target.IsResponseWriter) that an *httptest.ResponseRecorder
// implements: http.ResponseWriter, or an interface naming no other
// methods than the recorder's.
func recorderFits(t types.Type) bool {
	if !target.IsResponseWriter(t) {
		return false
	}
	it := t.Underlying().(*types.Interface)
	for i := 0; i < it.NumMethods(); i++ {
		if !slices.Contains(recorderMethods, it.Method(i).Name()) {
			return false
		}
	}
	return true
}

// codeNames reports whether code of the package under test may name
// the package of path by its last element: the package imports it.
func (g *valueGen) codeNames(path string) bool {
	return g.self != nil && target.ImportsByName(g.self)[path[strings.LastIndex(path, "/")+1:]] == path
}

// requestRole names the argument of httptest.NewRequest that literal l
// of code is (all its literals, in order): "method", "target", or "".
func requestRole(code string, all []codeLit, l codeLit) string {
	at := strings.Index(code, "httptest.NewRequest(")
	if at < 0 {
		return ""
	}
	k := 0
	for _, x := range all {
		if x.off < at || x.tok != token.STRING {
			continue
		}
		if x.off == l.off {
			return [...]string{"method", "target", ""}[min(k, 2)]
		}
		k++
	}
	return ""
}

// requestTarget reports whether httptest.NewRequest takes s as its
// target without panicking: a path from the root, as a request line
// carries it.
func requestTarget(s string) bool {
	if !strings.HasPrefix(s, "/") || strings.ContainsAny(s, "# ") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] >= 0x7f {
			return false
		}
	}
	_, err := url.ParseRequestURI(s)
	return err == nil
}

// handlerArg reports whether t is what net/http hands a handler, never
// nil: a writer a recorder fits (see recorderFits) or an *http.Request.
func handlerArg(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok && isNamed(p.Elem(), "net/http", "Request") {
		return true
	}
	return recorderFits(t)
}
