package target

import (
	"context"
	"fmt"
	"go/types"
	"slices"
	"strings"
	"testing"
)

func TestRequests(t *testing.T) {
	order := types.NewStruct([]*types.Var{
		types.NewField(0, nil, "Item", types.Typ[types.String], false),
		types.NewField(0, nil, "Qty", types.Typ[types.Int], false),
		types.NewField(0, nil, "Note", types.Typ[types.String], false),
	}, []string{`json:"item"`, `json:"qty,omitempty"`, `json:"-"`})
	for _, tt := range []struct {
		name string
		h    HTTPReads
		want []string
	}{
		{"nothing read", HTTPReads{}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
		}},
		{"methods and a query", HTTPReads{Methods: []string{"PUT"}, Queries: []string{"v"}}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`httptest.NewRequest("PUT", "/?v=1", nil)`,
			`httptest.NewRequest("GET", "/?v=1", nil)`,
			`httptest.NewRequest("PUT", "/?v=abc", nil)`,
		}},
		{"a prefixed header", HTTPReads{Headers: []string{"Authorization"}, Prefixes: []string{"Bearer "}}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Header.Set("Authorization", "abc"); return r }()`,
			`func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Header.Set("Authorization", "Bearer abc"); return r }()`,
		}},
		{"a JSON body on a path", HTTPReads{Methods: []string{"POST"}, Paths: []string{"/orders/"}, Body: true, Decoded: []types.Type{order}}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`httptest.NewRequest("POST", "/orders/1", strings.NewReader("{\"item\":\"1\",\"qty\":1}"))`,
			`httptest.NewRequest("GET", "/orders/1", nil)`,
			`httptest.NewRequest("POST", "/orders/1", strings.NewReader("{\"item\":\"abc\",\"qty\":1}"))`,
		}},
		{"a form, a cookie, a path value and basic auth", HTTPReads{Methods: []string{"POST"}, Queries: []string{"a b"}, Form: true, Cookies: []string{"s"}, PathValues: []string{"id"}, Auth: true}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`func() *http.Request { r := httptest.NewRequest("POST", "/", strings.NewReader("a+b=1")); r.Header.Set("Content-Type", "application/x-www-form-urlencoded"); r.AddCookie(&http.Cookie{Name: "s", Value: "abc"}); r.SetPathValue("id", "1"); r.SetBasicAuth("user", "secret"); return r }()`,
			`func() *http.Request { r := httptest.NewRequest("GET", "/?a+b=1", nil); r.AddCookie(&http.Cookie{Name: "s", Value: "abc"}); r.SetPathValue("id", "1"); r.SetBasicAuth("user", "secret"); return r }()`,
			`func() *http.Request { r := httptest.NewRequest("POST", "/", strings.NewReader("a+b=abc")); r.Header.Set("Content-Type", "application/x-www-form-urlencoded"); r.AddCookie(&http.Cookie{Name: "s", Value: "abc"}); r.SetPathValue("id", "abc"); r.SetBasicAuth("user", "secret"); return r }()`,
		}},
		{"a body read, no method named", HTTPReads{Headers: []string{"Content-Type"}, Body: true}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`func() *http.Request { r := httptest.NewRequest("POST", "/", strings.NewReader("{}")); r.Header.Set("Content-Type", "abc"); return r }()`,
		}},
		{"the host and TLS", HTTPReads{Host: true, TLS: true}, []string{
			`httptest.NewRequest("GET", "/", nil)`,
			`func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Host = "example.com"; return r }()`,
			`func() *http.Request { r := httptest.NewRequest("GET", "https://example.com/", nil); r.Host = "example.com"; return r }()`,
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Requests(tt.h); !slices.Equal(got, tt.want) {
				t.Errorf("Requests =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestServeBody(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	guard, err := p.Func("Guard")
	if err != nil {
		t.Fatal(err)
	}
	only, err := p.Func("Only")
	if err != nil {
		t.Fatal(err)
	}
	deny, err := p.Func("Deny")
	if err != nil {
		t.Fatal(err)
	}
	handler, middleware, handlerFunc := guard.Results[0], only.Results[0], deny.Results[0]
	for _, tt := range []struct {
		t    types.Type
		key  string
		ok   bool
		want string
	}{
		{handler, `ServeHTTP(httptest.NewRequest("GET", "/", nil))`, true, `h.ServeHTTP(specgenW, httptest.NewRequest("GET", "/", nil))`},
		{handler, `ServeHTTP()`, false, ""},
		{handler, `ServeHTTP(httptest.NewRequest("GET", "/", nil)`, false, ""},
		{handler, `Len()`, false, ""},
		// A middleware is served what it makes of NextHandler.
		{middleware, `ServeHTTP(httptest.NewRequest("GET", "/", nil))`, true, `h(` + NextHandler + `).ServeHTTP(specgenW, httptest.NewRequest("GET", "/", nil))`},
		// A handler function is called.
		{handlerFunc, `ServeHTTP(httptest.NewRequest("GET", "/", nil))`, true, "\nh(specgenW, httptest.NewRequest(\"GET\", \"/\", nil))"},
	} {
		body, err := ObserverBody(tt.t, tt.key, "h", nil)
		if (err == nil) != tt.ok || tt.ok && !strings.Contains(body, tt.want) {
			t.Errorf("ObserverBody(%s, %s) = %q, %v; want ok %v and a body with %s", tt.t, tt.key, body, err, tt.ok, tt.want)
		}
	}
	for _, tt := range []struct {
		t    types.Type
		want bool
	}{
		{middleware, true},
		{handler, false},
		{guard.Sig, true}, // func(next http.Handler) http.Handler
		{types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", handler)), types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String])), false), false},
	} {
		if got := Middleware(tt.t); got != tt.want {
			t.Errorf("Middleware(%s) = %v, want %v", tt.t, got, tt.want)
		}
	}
	for _, tt := range []struct {
		t    types.Type
		want bool
	}{
		{handlerFunc, true},
		{handler, false}, // http.Handler has ServeHTTP
		{guard.Sig, false},
	} {
		if got := HandlerFunc(tt.t); got != tt.want {
			t.Errorf("HandlerFunc(%s) = %v, want %v", tt.t, got, tt.want)
		}
		if got := Serves(tt.t); got != (tt.want || Served(tt.t) || Middleware(tt.t)) {
			t.Errorf("Serves(%s) = %v", tt.t, got)
		}
	}
}

func TestHTTPReads(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Func("Guard")
	if err != nil {
		t.Fatal(err)
	}
	got := f.HTTPReads()
	want := HTTPReads{
		Headers: []string{"X-Token"}, Queries: []string{"v"}, Host: true,
		Methods: []string{"OPTIONS"}, Paths: []string{"/api/"}, Prefixes: []string{"/api/", "Bearer "}, Words: []string{"old"},
	}
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Errorf("HTTPReads =\n%+v\nwant\n%+v", got, want)
	}
	if !Served(f.Results[0]) {
		t.Errorf("Served(%s) = false, want true", f.Results[0])
	}
	obs := ServeObservers(f)
	if len(obs) != MaxServed || !strings.Contains(obs[1], `httptest.NewRequest("OPTIONS", "/api/1?v=1", nil)`) {
		t.Errorf("ServeObservers = %q, want %d keys, the second an OPTIONS request to /api/1", obs, MaxServed)
	}
}

func TestResponses(t *testing.T) {
	reqs := Requests(HTTPReads{Headers: []string{"Location"}, TLS: true})
	got := Responses(HTTPReads{Headers: []string{"Location", "Etag"}}, reqs)
	want := []string{
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: ` + reqs[1] + `}`,
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: ` + reqs[2] + `}`,
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 302, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 404, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 500, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}, "Etag": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Location": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
		`&http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Etag": {"abc"}}, Body: http.NoBody, Request: httptest.NewRequest("GET", "/", nil)}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Responses =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestServeAfterObservers(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fn   string
		want []string
	}{
		// The call's own method and path.
		{"(*Router).Handle", []string{`ServeHTTP(httptest.NewRequest(method, path, nil))`}},
		// The method the function is named for.
		{"(*Router).Post", []string{`ServeHTTP(httptest.NewRequest("POST", pattern, nil))`}},
		// No path: the root.
		{"(*Router).NotFound", []string{`ServeHTTP(httptest.NewRequest("GET", "/", nil))`}},
		// Serving it is the call itself.
		{"(*Router).ServeHTTP", nil},
		// Not a method.
		{"Guard", nil},
	} {
		f, err := p.Func(tt.fn)
		if err != nil {
			t.Fatal(err)
		}
		if got := ServeAfterObservers(f); !slices.Equal(got, tt.want) {
			t.Errorf("ServeAfterObservers(%s) = %q, want %q", tt.fn, got, tt.want)
		}
	}
}

func TestServeBodyArgs(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Func("(*Router).Handle")
	if err != nil {
		t.Fatal(err)
	}
	args := ParamArgs(f, func(j int) string { return fmt.Sprintf("a%d", j) })
	for _, tt := range []struct {
		key, want string
	}{
		{`ServeHTTP(httptest.NewRequest(method, path, nil))`, `r.ServeHTTP(specgenW, httptest.NewRequest(a0, a1, nil))`},
		// What a selector or a literal's key selects is no argument,
		// nor a name the request declares itself.
		{`ServeHTTP(httptest.NewRequest("GET", path+"/x", nil))`, `r.ServeHTTP(specgenW, httptest.NewRequest("GET", a1+"/x", nil))`},
		{`ServeHTTP(&http.Request{Method: method})`, `r.ServeHTTP(specgenW, &http.Request{Method: a0})`},
		{`ServeHTTP(func() *http.Request { h := httptest.NewRequest(method, "/", nil); h.Host = path; return h }())`,
			`r.ServeHTTP(specgenW, func() *http.Request { h := httptest.NewRequest(a0, "/", nil); h.Host = a1; return h }())`},
	} {
		body, err := ObserverBody(f.AfterType(), tt.key, "r", args)
		if err != nil || !strings.Contains(body, tt.want) {
			t.Errorf("ObserverBody(%s) = %q, %v; want a body with %s", tt.key, body, err, tt.want)
		}
	}
}

func TestHTTPReadsContexts(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Func("Whoami")
	if err != nil {
		t.Fatal(err)
	}
	// By a package variable, a maker's value; by a key converted in
	// place, a number of its type; in a callee, a value of a named
	// string type.
	// Not by another package's key.
	want := []ContextValue{
		{Key: "userKey", Value: "NewAccount()"},
		{Key: `ctxKey("id")`, Value: "int64(1)"},
		{Key: `ctxKey("tenant")`, Value: `ctxKey("abc")`},
	}
	got := f.HTTPReads().Contexts
	if !slices.Equal(got, want) {
		t.Errorf("Contexts = %q, want %q", got, want)
	}
	reqs := Requests(f.HTTPReads())
	if len(reqs) < 2 || strings.Contains(reqs[0], "WithContext") ||
		!strings.Contains(reqs[1], `r = r.WithContext(context.WithValue(r.Context(), userKey, NewAccount())); r = r.WithContext(context.WithValue(r.Context(), ctxKey("id"), int64(1)));`) {
		t.Errorf("Requests = %q, want a bare one, then one carrying the values", reqs)
	}
}

func TestReturnsOnly(t *testing.T) {
	p, err := Load(context.Background(), "./web", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	router := types.NewPointer(p.Types.Scope().Lookup("Router").Type())
	for _, tt := range []struct {
		fn   string
		want bool
	}{
		{"(*Router).Sub", true},       // an http.Handler that is always a *Router
		{"(*Router).Fallback", false}, // or the handler it holds
		{"(*Router).Routes", false},   // an int
		{"(*Router).NotFound", false}, // no return
	} {
		f, err := p.Func(tt.fn)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.ReturnsOnly(f.Obj, router); got != tt.want {
			t.Errorf("ReturnsOnly(%s, *Router) = %v, want %v", tt.fn, got, tt.want)
		}
	}
}
