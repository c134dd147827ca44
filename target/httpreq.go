package target

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"net/http"
	"net/textproto"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// HTTP handlers: code that takes an *http.Request reads its method, its
// path, its query, headers, cookies, path values and body, each by a key
// it names (r.Header.Get("X-Token"), r.URL.Query().Get("v")). HTTPReads
// collects those keys; Requests builds requests that carry them, as
// httptest.NewRequest code; a handler a function returns (a middleware's
// http.Handler), or a middleware it returns (func(http.Handler)
// http.Handler, served what it makes of NextHandler), is observed by
// serving such requests (ServeObservers).

// HTTPReads is what code reads off a request, in the order found.
type HTTPReads struct {
	// Headers, Queries, Cookies and PathValues are the keys the code
	// reads (r.Header.Get(k), r.URL.Query().Get(k), r.FormValue(k),
	// r.Cookie(k), r.PathValue(k)).
	Headers, Queries, Cookies, PathValues []string
	// Form is set when the code reads a form (r.ParseForm,
	// r.PostFormValue): the query keys are sent as a form body.
	Form bool
	// Auth is set when the code reads basic authentication.
	Auth bool
	// Host and TLS are set when the code reads a request's Host or
	// TLS field: its requests then name their host in a literal
	// (r.Host = "example.com"), which comparison feedback changes to the
	// hosts the code compares with, and one comes over TLS.
	Host, TLS bool
	// Body is set when the code reads the body or its length; Decoded
	// are the types it
	// decodes JSON into (json.NewDecoder(r.Body).Decode(&v)).
	Body    bool
	Decoded []types.Type
	// Methods are the request methods the code names; Paths the string
	// constants that look like paths (/items/); Prefixes the prefixes
	// it checks a string for (strings.HasPrefix(h, "Bearer ")); Words
	// the other strings it compares with. Header and cookie values are
	// made of the last two.
	Methods, Paths, Prefixes, Words []string
	// Contexts are the values the code reads off a context by a key of
	// its package and asserts to a type
	// (r.Context().Value(RouteCtxKey).(*Context)): its requests carry
	// them.
	Contexts []ContextValue
}

// A ContextValue is a value code reads off a context.Context: Key and
// Value are Go expressions in the scope of the code's package, the key
// it reads by and a value of the type it asserts the value to.
type ContextValue struct{ Key, Value string }

// AddAssert records a context value that code of pkg reads and asserts
// (see HTTPReads.Contexts): ctx.Value(k).(T), where k is written with
// the package's own names (a package variable, a keyed literal of a
// key type) and T is a pointer to a struct of the package (given what
// a maker of the package without parameters returns, else &T{}), a
// struct of it, or a number, a string or a bool.
func (h *HTTPReads) AddAssert(info *types.Info, pkg *types.Package, n *ast.TypeAssertExpr) {
	if info == nil || pkg == nil || n.Type == nil {
		return
	}
	call, ok := ast.Unparen(n.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Value" || !isNamed(info.TypeOf(sel.X), "context", "Context") {
		return
	}
	key, ok := ownExpr(info, pkg, call.Args[0])
	if !ok {
		return
	}
	val, ok := ValueOf(info.TypeOf(n.Type), pkg)
	if !ok {
		return
	}
	cv := ContextValue{Key: key, Value: val}
	if !slices.Contains(h.Contexts, cv) {
		h.Contexts = append(h.Contexts, cv)
	}
}

// ownExpr is the source of e when it names nothing but pkg's
// package-level declarations, the fields of its literals and the
// universe's (RouteCtxKey, ctxKey{}, ctxKey("user"), 1): an expression
// that stands in the package's scope.
func ownExpr(info *types.Info, pkg *types.Package, e ast.Expr) (string, bool) {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// Only a conversion to a type of the package: ctxKey("user").
			if tv, found := info.Types[n.Fun]; !found || !tv.IsType() || len(n.Args) != 1 {
				ok = false
			}
		case *ast.SelectorExpr, *ast.FuncLit:
			ok = false
		case *ast.Ident:
			obj := info.Uses[n]
			if obj == nil {
				obj = info.Defs[n]
			}
			v, isVar := obj.(*types.Var)
			if obj == nil || obj.Parent() != pkg.Scope() && obj.Parent() != types.Universe && !(isVar && v.IsField()) {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return "", false
	}
	var b strings.Builder
	if err := format.Node(&b, token.NewFileSet(), e); err != nil {
		return "", false
	}
	return b.String(), true
}

// ValueOf is a Go expression, in pkg's scope, of a value of type t that
// is no zero value a test would pass for nothing: for a pointer to a
// struct of pkg what a maker of pkg without parameters returns
// (NewRouteContext()), else &T{}; T{} for a struct of pkg; 1, "abc" or
// true for a number, a string or a bool, converted to its type unless
// that is the constant's default (int64(1), ctxKey("abc")), as an
// interface holds it. False for other types.
func ValueOf(t types.Type, pkg *types.Package) (string, bool) {
	own := func(n *types.Named) bool { return n.Obj().Pkg() == pkg && n.TypeArgs().Len() == 0 }
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		n, ok := types.Unalias(u.Elem()).(*types.Named)
		if !ok || !own(n) {
			return "", false
		}
		if _, ok := n.Underlying().(*types.Struct); !ok {
			return "", false
		}
		if m := maker(pkg, t); m != "" {
			return m + "()", true
		}
		return "&" + n.Obj().Name() + "{}", true
	case *types.Named:
		if !own(u) {
			return "", false
		}
		switch b := u.Underlying().(type) {
		case *types.Struct:
			return u.Obj().Name() + "{}", true
		case *types.Basic:
			if v, ok := basicValue(b); ok {
				return u.Obj().Name() + "(" + v + ")", true
			}
		}
	case *types.Basic:
		v, ok := basicValue(u)
		switch u.Kind() {
		case types.Int, types.Float64, types.String, types.Bool:
		default:
			// Held by an interface, 1 is an int: int64(1) is no int.
			v = u.Name() + "(" + v + ")"
		}
		return v, ok
	}
	return "", false
}

// basicValue is 1, "abc" or true for a number, a string or a bool.
func basicValue(b *types.Basic) (string, bool) {
	switch info := b.Info(); {
	case info&types.IsNumeric != 0 && info&types.IsComplex == 0:
		return "1", true
	case info&types.IsString != 0:
		return `"abc"`, true
	case info&types.IsBoolean != 0:
		return "true", true
	}
	return "", false
}

// maker is the name of a function of pkg without parameters that
// returns a value of type t alone, those named New… first; "" for none.
func maker(pkg *types.Package, t types.Type) string {
	var names []string
	for _, name := range pkg.Scope().Names() {
		fn, ok := pkg.Scope().Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), t) {
			names = append(names, name)
		}
	}
	slices.SortStableFunc(names, func(a, b string) int {
		na, nb := strings.HasPrefix(a, "New"), strings.HasPrefix(b, "New")
		switch {
		case na && !nb:
			return -1
		case nb && !na:
			return 1
		}
		return 0
	})
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// HTTPMethods are the request methods.
var HTTPMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE"}

func addKey(list *[]string, k string) {
	if k != "" && !slices.Contains(*list, k) {
		*list = append(*list, k)
	}
}

// AddCall records what call c, of code whose types info holds, reads
// off a request: a method of net/http's Header or Request or of
// net/url's Values given a constant key, a JSON decoding, a read of a
// request's body.
func (h *HTTPReads) AddCall(info *types.Info, c *ast.CallExpr) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || info == nil {
		return
	}
	if x, ok := sel.X.(*ast.Ident); ok {
		if pn, ok := info.Uses[x].(*types.PkgName); ok {
			switch path, name := pn.Imported().Path(), sel.Sel.Name; {
			case path == "encoding/json" && name == "Unmarshal" && len(c.Args) == 2:
				h.decodedInto(info, c.Args[1])
			case (path == "io" && name == "ReadAll" || path == "encoding/json" && name == "NewDecoder") && len(c.Args) == 1 && isBody(info, c.Args[0]):
				h.Body = true
			}
			return
		}
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
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
		key = keyOf(info, c.Args[0], 0)
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + s.Obj().Name() {
	case "net/http.Header.Get", "net/http.Header.Values":
		addKey(&h.Headers, key)
	case "net/url.Values.Get", "net/url.Values.Has", "net/http.Request.FormValue":
		addKey(&h.Queries, key)
	case "net/http.Request.PostFormValue", "net/http.Request.FormFile":
		addKey(&h.Queries, key)
		h.Form = true
	case "net/http.Request.ParseForm", "net/http.Request.ParseMultipartForm":
		h.Form = true
	case "net/http.Request.Cookie":
		addKey(&h.Cookies, key)
	case "net/http.Request.PathValue":
		addKey(&h.PathValues, key)
	case "net/http.Request.BasicAuth":
		h.Auth = true
	case "encoding/json.Decoder.Decode":
		if len(c.Args) == 1 {
			h.decodedInto(info, c.Args[0])
		}
	}
}

// keyOf is the key e names: a string constant, a package-level variable
// initialised with one (var xRealIP = http.CanonicalHeaderKey("X-Real-IP")),
// or a canonical form of one; "" for anything else.
func keyOf(info *types.Info, e ast.Expr, depth int) string {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	if depth > 2 {
		return ""
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() != v.Pkg().Scope() {
			return ""
		}
		for _, in := range info.InitOrder {
			if len(in.Lhs) == 1 && in.Lhs[0] == v {
				return keyOf(info, in.Rhs, depth+1)
			}
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && len(e.Args) == 1 &&
			(sel.Sel.Name == "CanonicalHeaderKey" || sel.Sel.Name == "CanonicalMIMEHeaderKey") {
			if k := keyOf(info, e.Args[0], depth+1); k != "" {
				return textproto.CanonicalMIMEHeaderKey(k)
			}
		}
	}
	return ""
}

// AddSelector records a read of a request's Host or TLS field.
func (h *HTTPReads) AddSelector(info *types.Info, n *ast.SelectorExpr) {
	if info == nil || n.Sel.Name != "Host" && n.Sel.Name != "TLS" && n.Sel.Name != "ContentLength" {
		return
	}
	t := info.TypeOf(n.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if t != nil && isHTTPType(t, "Request") {
		h.Host = h.Host || n.Sel.Name == "Host"
		h.TLS = h.TLS || n.Sel.Name == "TLS"
		h.Body = h.Body || n.Sel.Name == "ContentLength"
	}
}

// isBody reports whether e is the Body field of a request.
func isBody(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isHTTPType(t, "Request")
}

// decodedInto records the type of what e, an argument of a JSON
// decoding (&v), points to.
func (h *HTTPReads) decodedInto(info *types.Info, e ast.Expr) {
	p, ok := info.TypeOf(e).(*types.Pointer)
	if !ok {
		return
	}
	if !slices.ContainsFunc(h.Decoded, func(t types.Type) bool { return types.Identical(t, p.Elem()) }) {
		h.Decoded = append(h.Decoded, p.Elem())
	}
}

// ImportsHTTP reports whether pkg (which may be nil) imports net/http:
// its probes may build requests, and its mutators that take a path
// register routes.
func ImportsHTTP(pkg *types.Package) bool {
	return pkg != nil && slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == "net/http" })
}

// isHTTPType reports whether t is net/http's type name.
func isHTTPType(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == name
}

// maxReadDepth bounds how deep HTTPReads follows the package's calls.
const maxReadDepth = 2

// HTTPReads collects what f reads off a request (see HTTPReads), in its
// body, the function literals in it, and the package functions it calls,
// two calls deep; its constants of methods and paths, the prefixes it
// checks and the strings it compares with.
func (f *Func) HTTPReads() HTTPReads {
	var h HTTPReads
	if f.Decl == nil || f.Pkg == nil || f.Pkg.TypesInfo == nil {
		return h
	}
	info := f.Pkg.TypesInfo
	decls := map[types.Object]*ast.FuncDecl{}
	for _, file := range f.Pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls[info.Defs[fd.Name]] = fd
			}
		}
	}
	str := func(e ast.Expr) (string, bool) {
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		return "", false
	}
	compared := func(e ast.Expr) {
		if s, ok := str(e); ok && !slices.Contains(HTTPMethods, s) && !PathLike(s) {
			addKey(&h.Words, s)
		}
	}
	seen := map[*ast.FuncDecl]bool{}
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				h.AddCall(info, n)
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && len(n.Args) == 2 {
					if x, ok := sel.X.(*ast.Ident); ok && (x.Name == "strings" || x.Name == "bytes") &&
						(sel.Sel.Name == "HasPrefix" || sel.Sel.Name == "TrimPrefix" || sel.Sel.Name == "CutPrefix") {
						if s, ok := str(n.Args[1]); ok {
							addKey(&h.Prefixes, s)
						}
					}
				}
				var id *ast.Ident
				switch fn := ast.Unparen(n.Fun).(type) {
				case *ast.Ident:
					id = fn
				case *ast.SelectorExpr:
					id = fn.Sel
				}
				if id != nil && depth > 0 {
					if d := decls[info.Uses[id]]; d != nil && !seen[d] {
						seen[d] = true
						walk(d.Body, depth-1)
					}
				}
			case *ast.SelectorExpr:
				h.AddSelector(info, n)
			case *ast.TypeAssertExpr:
				h.AddAssert(info, f.Pkg.Types, n)
			case *ast.BinaryExpr:
				compared(n.X)
				compared(n.Y)
			case *ast.CaseClause:
				for _, e := range n.List {
					compared(e)
				}
			}
			if e, ok := n.(ast.Expr); ok {
				if s, ok := str(e); ok {
					if slices.Contains(HTTPMethods, s) {
						addKey(&h.Methods, s)
					} else if PathLike(s) {
						addKey(&h.Paths, s)
					}
				}
			}
			return true
		})
	}
	seen[f.Decl] = true
	walk(f.Decl.Body, maxReadDepth)
	return h
}

// PathLike reports whether a string constant of code looks like a
// request path (/items/) that a request's target may be made of.
func PathLike(s string) bool {
	return strings.HasPrefix(s, "/") && len(s) <= 64 && !strings.ContainsAny(s, " %\t\n#")
}

// MaxRequests bounds the requests Requests builds.
const MaxRequests = 12

// A request to build: httptest.NewRequest's arguments, then what is set
// on it.
type request struct {
	method, target string
	body           string
	form           bool // body is a form
	headers        [][2]string
	cookies        [][2]string
	pathValues     [][2]string
	auth           bool
	host           string // set as r.Host
	tls            bool   // the target is https://example.com and the path
	contexts       []ContextValue
}

// code writes r as a Go expression of type *http.Request, in code that
// names net/http as http, net/http/httptest as httptest, strings as
// strings and context as context, in the scope of the package whose
// context values it carries.
func (r request) code() string {
	body := "nil"
	if r.body != "" {
		body = "strings.NewReader(" + strconv.Quote(r.body) + ")"
	}
	target := r.target
	if r.tls {
		target = "https://example.com" + target
	}
	newReq := "httptest.NewRequest(" + strconv.Quote(r.method) + ", " + strconv.Quote(target) + ", " + body + ")"
	var sets []string
	if r.host != "" {
		sets = append(sets, "r.Host = "+strconv.Quote(r.host))
	}
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
	for _, c := range r.contexts {
		sets = append(sets, "r = r.WithContext(context.WithValue(r.Context(), "+c.Key+", "+c.Value+"))")
	}
	if len(sets) == 0 {
		return newReq
	}
	return requestOpen + newReq + "; " + strings.Join(sets, "; ") + requestClose
}

// The function literal that request.code wraps a request in to set
// what it carries.
const (
	requestOpen  = "func() *http.Request { r := "
	requestClose = "; return r }()"
)

// WithHeader returns code, a request as Requests writes it (or the
// http.Request it points to, *code), with the header key set to "abc"
// besides what it carried: a request for code that looked for a header
// under a name it was given (comparison feedback of kind key). False
// for code written otherwise.
func WithHeader(code, key string) (string, bool) {
	star := strings.HasPrefix(code, "*")
	body := strings.TrimPrefix(code, "*")
	set := "r.Header.Set(" + strconv.Quote(key) + ", \"abc\")"
	switch {
	case strings.HasPrefix(body, requestOpen) && strings.HasSuffix(body, requestClose):
		body = strings.TrimSuffix(body, requestClose) + "; " + set + requestClose
	case strings.HasPrefix(body, "httptest.NewRequest("):
		if c, ok := parseExpr(body).(*ast.CallExpr); !ok || c.End() != token.Pos(len(body)+1) {
			return "", false
		}
		body = requestOpen + body + "; " + set + requestClose
	default:
		return "", false
	}
	if star {
		body = "*" + body
	}
	return body, true
}

// parseExpr is the expression of src, or nil.
func parseExpr(src string) ast.Expr {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil
	}
	return e
}

// Requests are requests for code that reads h off them, as Go code of
// type *http.Request (see request.code), at most MaxRequests: first a
// bare GET of /, which every key the code reads is missing from; then
// one with every key it reads set (headers and cookies "abc", query and
// path values "1"), its body a JSON object of the type the code decodes
// it into or a form of the query keys, for each method and each path the
// code names (and one method it does not, for its default branch; POST
// when it names none but reads the body); then
// that one with its values not numbers ("abc"), over TLS when the code
// reads r.TLS, with its headers and
// cookies after each prefix the code checks ("Bearer abc") or a word it
// compares with, and with each header alone and each left out in turn.
func Requests(h HTTPReads) []string {
	methods, paths := slices.Clone(h.Methods), []string{}
	switch {
	case len(methods) == 0 && h.Body:
		methods = []string{"POST"} // a method that sends a body
	case len(methods) == 0:
		methods = []string{"GET"}
	default:
		for _, m := range HTTPMethods {
			if !slices.Contains(methods, m) {
				methods = append(methods, m)
				break
			}
		}
	}
	for _, s := range h.Paths {
		if strings.HasSuffix(s, "/") && len(s) > 1 {
			s += "1"
		}
		addKey(&paths, s)
	}
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	full := func(method, path, val, hval string) request {
		r := request{method: method, target: path, auth: h.Auth}
		if h.Host {
			r.host = "example.com"
		}
		var query []string
		for _, k := range h.Queries {
			query = append(query, url.QueryEscape(k)+"="+url.QueryEscape(val))
		}
		q := strings.Join(query, "&")
		switch {
		case h.Form && q != "" && method != "GET" && method != "HEAD":
			r.body, r.form = q, true
		case q != "":
			r.target += "?" + q
		}
		if r.body == "" && h.Body && method != "GET" && method != "HEAD" {
			r.body = jsonBody(h.Decoded, val)
		}
		for _, k := range h.Headers {
			r.headers = append(r.headers, [2]string{k, hval})
		}
		for _, k := range h.Cookies {
			r.cookies = append(r.cookies, [2]string{k, hval})
		}
		for _, k := range h.PathValues {
			r.pathValues = append(r.pathValues, [2]string{k, val})
		}
		r.contexts = h.Contexts
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
	if h.TLS {
		r := full(m0, p0, "1", "abc")
		r.tls = true
		reqs = append(reqs, r)
	}
	if len(h.Headers)+len(h.Cookies) > 0 {
		for _, p := range h.Prefixes[:min(len(h.Prefixes), 2)] {
			reqs = append(reqs, full(m0, p0, "1", p+"abc"))
		}
		for _, w := range h.Words[:min(len(h.Words), 3)] {
			reqs = append(reqs, full(m0, p0, "1", w))
		}
	}
	for i := range h.Headers {
		if len(h.Headers) < 2 {
			break
		}
		// Each header alone, and each left out: the branches of code
		// that looks for one header after another.
		r := full(m0, p0, "1", "abc")
		r.headers = r.headers[i : i+1]
		reqs = append(reqs, r)
		r = full(m0, p0, "1", "abc")
		r.headers = slices.Delete(slices.Clone(r.headers), i, i+1)
		reqs = append(reqs, r)
	}
	var out []string
	for _, r := range reqs {
		if c := r.code(); !slices.Contains(out, c) && len(out) < MaxRequests {
			out = append(out, c)
		}
	}
	return out
}

// maxResponses bounds the responses Responses builds.
const maxResponses = 12

// Responses are responses for code that reads h off them, as Go code of
// type *http.Response naming net/http as http: to each of the first
// MaxServed of reqs (requests as Requests writes them), a 200 carrying
// every header the code reads ("abc", which comparison feedback
// changes); to the first, one carrying none, and as a 302, a 404 and a
// 500, and with each header alone. Their body is empty (http.NoBody),
// never nil. Comparison feedback changes a status too (explore), but
// only on a response whose probe reached something new.
func Responses(h HTTPReads, reqs []string) []string {
	if len(reqs) == 0 {
		reqs = []string{`httptest.NewRequest("GET", "/", nil)`}
	}
	res := func(code int, headers []string, req string) string {
		var hs []string
		for _, k := range headers {
			hs = append(hs, strconv.Quote(k)+": {\"abc\"}")
		}
		// No Status text: comparison feedback changes StatusCode alone.
		return "&http.Response{StatusCode: " + strconv.Itoa(code) + ", Proto: \"HTTP/1.1\", ProtoMajor: 1, ProtoMinor: 1" +
			", Header: http.Header{" + strings.Join(hs, ", ") + "}, Body: http.NoBody, Request: " + req + "}"
	}
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) && len(out) < maxResponses {
			out = append(out, c)
		}
	}
	for _, r := range reqs[:min(MaxServed, len(reqs))] {
		add(res(http.StatusOK, h.Headers, r))
	}
	add(res(http.StatusOK, nil, reqs[0]))
	for _, code := range []int{http.StatusFound, http.StatusNotFound, http.StatusInternalServerError} {
		add(res(code, h.Headers, reqs[0]))
	}
	for _, k := range h.Headers {
		add(res(http.StatusOK, []string{k}, reqs[0]))
	}
	return out
}

// jsonBody is a JSON body of the first of the types the code decodes a
// request into: an object with each of its exported fields under its
// JSON name (a string field val, a number 1, a bool true), or {}.
func jsonBody(decoded []types.Type, val string) string {
	if len(decoded) == 0 {
		return "{}"
	}
	b, err := json.Marshal(jsonSample(decoded[0], val, 0))
	if err != nil || string(b) == "null" {
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

// MaxServed bounds the requests a handler result is served.
const MaxServed = 4

// Served reports whether a value of type t is a handler: its method
// set has ServeHTTP(http.ResponseWriter, *http.Request) (http.Handler,
// http.HandlerFunc, a handler type of the package).
func Served(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "ServeHTTP")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 2 || sig.Results().Len() != 0 {
		return false
	}
	p, ok := types.Unalias(sig.Params().At(1).Type()).(*types.Pointer)
	return ok && isHTTPType(sig.Params().At(0).Type(), "ResponseWriter") && isHTTPType(p.Elem(), "Request")
}

// NextHandler is the handler a middleware is given to wrap when a
// test serves what it makes (see Middleware), as Go code naming
// net/http as http: it answers "next" and the method and URL it was
// served, so that a middleware that rewrites the request is seen to.
const NextHandler = `http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("next " + r.Method + " " + r.URL.String())) })`

// Middleware reports whether a value of type t is a middleware: a
// function taking one handler interface (http.Handler, or an interface
// of ServeHTTP alone) and returning a handler (see Served), as
// func(http.Handler) http.Handler. What a constructor of middleware
// returns (chi's func(endpoint string) func(http.Handler) http.Handler)
// is observed by serving requests to what it makes of NextHandler.
func Middleware(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Variadic() || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !Served(sig.Results().At(0).Type()) {
		return false
	}
	p := sig.Params().At(0).Type()
	it, ok := p.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 1 && Served(p)
}

// HandlerFunc reports whether a value of type t is a handler function
// that is no http.HandlerFunc: a func(http.ResponseWriter,
// *http.Request) of no method (what code returns to be wrapped in
// http.HandlerFunc, or assigned to one, by its caller).
func HandlerFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || Served(t) || sig.Variadic() || sig.Params().Len() != 2 || sig.Results().Len() != 0 {
		return false
	}
	p, ok := types.Unalias(sig.Params().At(1).Type()).(*types.Pointer)
	return ok && isHTTPType(sig.Params().At(0).Type(), "ResponseWriter") && isHTTPType(p.Elem(), "Request")
}

// Serves reports whether a value of type t is observed by serving it
// requests: a handler (see Served), a handler function (see
// HandlerFunc) or a middleware (see Middleware).
func Serves(t types.Type) bool { return Served(t) || HandlerFunc(t) || Middleware(t) }

// ServeObservers are the observer keys of a handler result of f (see
// Served) or a middleware result (see Middleware):
// ServeHTTP(request), for the first MaxServed of the requests built for
// what f reads off one (see Requests): what a test of a middleware does
// with the handler it makes.
func ServeObservers(f *Func) []string {
	reqs := Requests(f.HTTPReads())
	var out []string
	for _, r := range reqs[:min(len(reqs), MaxServed)] {
		out = append(out, "ServeHTTP("+r+")")
	}
	return out
}

// serveRequest returns the request of a ServeHTTP(request) key.
func serveRequest(key string) (string, bool) {
	inner, ok := strings.CutPrefix(key, "ServeHTTP(")
	if !ok {
		return "", false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return "", false
	}
	if _, err := parser.ParseExpr(inner); err != nil {
		return "", false
	}
	return inner, true
}

// serveBody is ObserverBody for a ServeHTTP(request) key of a handler x
// (of a middleware x, what it makes of NextHandler; a handler function
// x is called): the request served
// to a recorder, whose response is the value (its status code, its
// header when it has one, its body), as executors records a handler's
// writer. The request may name the call's arguments by parameter
// (httptest.NewRequest(method, path, nil)), each read from the variable
// that held it.
func serveBody(t types.Type, key, x string, args []ObserverArg) (string, error) {
	req, ok := serveRequest(key)
	if !ok {
		return "", fmt.Errorf("%s: want ServeHTTP(request), the request a Go expression", key)
	}
	req, err := bindArgs(req, args)
	if err != nil {
		return "", fmt.Errorf("%s: %w", key, err)
	}
	serve := x + ".ServeHTTP"
	switch {
	case Middleware(t):
		serve = x + "(" + NextHandler + ").ServeHTTP"
	case HandlerFunc(t):
		serve = x
	}
	return "specgenW := httptest.NewRecorder()\n" + serve + "(specgenW, " + req + ")\n" +
		ResponseCode("specgenW", "specgenM") + "return specgenM", nil
}

// bindArgs rewrites the names of args in the Go expression expr to the
// variables that hold them, leaving the rest of expr as written. Names
// a selector or a literal's key selects (r.URL, Method: m), the
// package a selector names (httptest.NewRequest) and names the
// expression declares itself (r in func() *http.Request { r := …;
// return r }()) are no arguments.
func bindArgs(expr string, args []ObserverArg) (string, error) {
	if len(args) == 0 {
		return expr, nil
	}
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", fmt.Errorf("parse %s: %w", expr, err)
	}
	vars := map[string]string{}
	for _, a := range args {
		vars[a.Name] = a.Expr
	}
	skip := map[*ast.Ident]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
			if id, ok := n.X.(*ast.Ident); ok {
				skip[id] = true
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true // a field name in a literal
			}
		}
		return true
	})
	local := localNames(e)
	type edit struct {
		at   int
		name string
		to   string
	}
	var edits []edit
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !skip[id] && !local[id.Name] {
			if v, ok := vars[id.Name]; ok {
				edits = append(edits, edit{int(id.Pos()) - 1, id.Name, v})
			}
		}
		return true
	})
	// From the end, so that the offsets before an edit hold.
	for i := len(edits) - 1; i >= 0; i-- {
		d := edits[i]
		if d.at < 0 || d.at+len(d.name) > len(expr) || expr[d.at:d.at+len(d.name)] != d.name {
			return "", fmt.Errorf("bind %s in %s: offsets do not match", d.name, expr)
		}
		expr = expr[:d.at] + d.to + expr[d.at+len(d.name):]
	}
	return expr, nil
}

// ServeAfterObservers are the observer keys of a method's receiver
// after the call when the receiver is a handler (see Served) that the
// call changes: a router a route is registered with, a mux given a
// handler for what it does not match. The receiver is served a request
// made of the call's own arguments, as a test of a router does after
// registering a route: to its path parameter (a string named like a
// route's path) or "/", by its method parameter (a string named method)
// or the method the function is named for (GET, Post) or GET. Nil for
// other methods, and for ServeHTTP itself.
func ServeAfterObservers(f *Func) []string {
	if f.Recv == nil || f.Obj == nil || f.Obj.Name() == "ServeHTTP" || !Served(f.AfterType()) {
		return nil
	}
	method, path := "", `"/"`
	for _, p := range f.Params {
		if p.Variadic || !isString(p.Type) || !token.IsIdentifier(p.Name) || p.Name == "_" {
			continue
		}
		name := strings.ToLower(p.Name)
		switch {
		case method == "" && (name == "method" || name == "verb" || strings.HasSuffix(name, "method")):
			method = p.Name
		case path == `"/"` && RouteParam(p.Name):
			path = p.Name
		}
	}
	if method == "" {
		method = `"GET"`
		if m := strings.ToUpper(f.Obj.Name()); slices.Contains(HTTPMethods, m) {
			method = strconv.Quote(m)
		}
	}
	return []string{"ServeHTTP(httptest.NewRequest(" + method + ", " + path + ", nil))"}
}

// routeWords are the words a parameter that is a route's path is named
// with, or ends with (urlPath).
var routeWords = []string{"path", "pattern", "route", "prefix", "tpl", "endpoint"}

// RouteParam reports whether a parameter's name says it is a route's
// path: one of routeWords, or ending with one.
func RouteParam(name string) bool {
	name = strings.ToLower(name)
	return slices.ContainsFunc(routeWords, func(w string) bool { return strings.HasSuffix(name, w) })
}

// ResponseCode is the code that sets the variable m to the response the
// *httptest.ResponseRecorder in the variable rec holds, as a client gets
// it: a map of its status code, its header when it has one, and its
// body. A handler's writer after the call (executors) and a served
// handler (serveBody) are recorded by it alike.
func ResponseCode(rec, m string) string {
	q := m + "Q"
	return q + " := " + rec + ".Result()\n" +
		m + " := map[string]interface{}{\"code\": " + q + ".StatusCode, \"body\": " + rec + ".Body.String()}\n" +
		"if len(" + q + ".Header) > 0 {\n" + m + "[\"header\"] = map[string][]string(" + q + ".Header)\n}\n"
}
