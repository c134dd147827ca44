package explore

import (
	"go/token"
	"go/types"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Handlers: a function that takes an *http.Request is given requests
// that carry what it reads off one (see target.HTTPReads and
// target.Requests): the miner records its reads of net/http's and
// net/url's types; the words, prefixes and paths it mined give the
// methods, paths and header values. Comparison feedback and mutation
// then change the requests' literals like any other code's.

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

// responses are the candidates of t when it is an *http.Response and
// the package imports net/http: nil, then responses to the first
// requests built for the code (see requestValues) carrying the headers
// it reads (see target.Responses).
func (g *valueGen) responses(t types.Type) ([]spec.Value, bool) {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok || !isNamed(p.Elem(), "net/http", "Response") || !g.codeNames("net/http") {
		return nil, false
	}
	var reqs []string
	for _, r := range g.requestValues() {
		reqs = append(reqs, r.Str)
	}
	out := []spec.Value{spec.NullValue()}
	for _, c := range target.Responses(g.m.http, reqs) {
		out = append(out, spec.CodeValue(c))
	}
	return out, true
}

// requestValues are the candidates of an *http.Request for the code
// mined (see target.Requests).
func (g *valueGen) requestValues() []spec.Value {
	h := g.m.http
	for _, w := range g.m.words {
		switch {
		case slices.Contains(target.HTTPMethods, w):
			h.Methods = append(h.Methods, w)
		case !target.PathLike(w):
			h.Words = append(h.Words, w)
		}
	}
	for _, lists := range [][]string{g.m.prefixes, g.m.words, g.m.strs} {
		for _, s := range lists {
			if target.PathLike(s) && !slices.Contains(h.Paths, s) {
				h.Paths = append(h.Paths, s)
			}
		}
	}
	h.Prefixes = g.m.prefixes
	var out []spec.Value
	for _, c := range target.Requests(h) {
		out = append(out, spec.CodeValue(c))
	}
	// Then requests to the paths routes are registered at and that
	// match them (see routePaths), for a router filled with routes.
	for _, lists := range [][]string{requestPaths, routePaths[1:]} {
		for _, p := range lists {
			out = append(out, spec.CodeValue(`httptest.NewRequest("GET", `+strconv.Quote(p)+`, nil)`))
		}
	}
	return uniqueValues(out, len(out))
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

// nextHandlers are the handlers a middleware is given to wrap, for an
// interface u that http.HandlerFunc implements (http.Handler), when the
// package imports net/http: one that writes what it was served
// (target.NextHandler), one that answers 404, and one that panics (what
// a recovering middleware stops).
func (g *valueGen) nextHandlers(u *types.Interface) []spec.Value {
	if !g.codeNames("net/http") || u.NumMethods() != 1 || u.Method(0).Name() != "ServeHTTP" || !target.Served(u) {
		return nil
	}
	return []spec.Value{
		spec.CodeValue(target.NextHandler),
		spec.CodeValue("http.NotFoundHandler()"),
		spec.CodeValue(`http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") })`),
	}
}
