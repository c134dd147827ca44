// Package handlers holds HTTP handlers that read each part of a request:
// its method, path, query, headers, cookies, path values and body.
package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Order is what Create decodes.
type Order struct {
	Item     string `json:"item"`
	Quantity int    `json:"qty"`
}

// Create accepts POST only, with a JSON order of a named item.
func Create(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var o Order
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	if o.Item == "" {
		http.Error(w, "no item", http.StatusUnprocessableEntity)
		return
	}
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, "%d x %s\n", o.Quantity, o.Item)
}

// Page reads a page number off the query.
func Page(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Query().Get("page")
	if p == "" {
		p = "1"
	}
	n, err := strconv.Atoi(p)
	if err != nil || n < 1 {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	fmt.Fprintf(w, "page %d", n)
}

// Token reads a bearer token and a session cookie.
func Token(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if !strings.HasPrefix(h, "Bearer ") {
		c, err := r.Cookie("session")
		if err != nil {
			return "", fmt.Errorf("no credentials")
		}
		return c.Value, nil
	}
	return strings.TrimPrefix(h, "Bearer "), nil
}

// Item answers by the path value id, which must be a number.
func Item(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]int{"id": id})
}

// RequireToken lets through the requests that carry token, and answers
// the others 401.
func RequireToken(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Token") != token {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

var (
	forwardedFor = http.CanonicalHeaderKey("x-forwarded-for")
	realIP       = http.CanonicalHeaderKey("x-real-ip")
)

// ClientIP is the address a proxy says the request came from, else the
// peer's.
func ClientIP(r *http.Request) string {
	switch {
	case r.Header.Get(forwardedFor) != "":
		return r.Header.Get(forwardedFor)
	case r.Header.Get(realIP) != "":
		return "real " + r.Header.Get(realIP)
	}
	return r.RemoteAddr
}

// Gate answers the requests to its host alone, and sends those that did
// not come over TLS to HTTPS.
type Gate struct{ host string }

// NewGate makes a gate for host.
func NewGate(host string) *Gate { return &Gate{host: host} }

func (g *Gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Host != g.host {
		w.WriteHeader(http.StatusMisdirectedRequest)
		return
	}
	if r.TLS == nil {
		http.Redirect(w, r, "https://"+g.host+r.URL.Path, http.StatusMovedPermanently)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Ping makes a middleware that answers the GET requests to path itself
// and hands the others on.
func Ping(path string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && r.URL.Path == path {
				w.Write([]byte("pong"))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Proxy trusts the address headers it was given, in order, and marks the
// address it trusts most.
type Proxy struct {
	Headers []string
	Trusted string
}

// Addr is the address the first of p's headers a request carries gives,
// else the peer's.
func (p *Proxy) Addr(r *http.Request) string {
	for _, h := range p.Headers {
		if v := r.Header.Get(h); v != "" {
			if v == p.Trusted {
				return "trusted " + v
			}
			return v
		}
	}
	return r.RemoteAddr
}

// Next says where a response sends its client: the location it names,
// over https when the request came over TLS; an error for a failed
// request.
func Next(res *http.Response) (string, error) {
	if res.StatusCode >= http.StatusBadRequest {
		return "", fmt.Errorf("status %d", res.StatusCode)
	}
	loc := res.Header.Get("Location")
	if loc == "" {
		return "", errors.New("no location")
	}
	if res.Request.TLS != nil {
		return "https:" + loc, nil
	}
	return loc, nil
}

// Mux dispatches requests by path to the handlers registered on it,
// wrapped in its middleware.
type Mux struct {
	routes map[string]http.Handler
	mws    []func(http.Handler) http.Handler
}

// NewMux returns a mux without routes.
func NewMux() *Mux {
	return &Mux{routes: map[string]http.Handler{}}
}

// HandleFunc registers f for requests to path.
func (m *Mux) HandleFunc(path string, f func(http.ResponseWriter, *http.Request)) {
	m.routes[path] = http.HandlerFunc(f)
}

// Use adds a middleware every route is served through.
func (m *Mux) Use(mw func(http.Handler) http.Handler) {
	m.mws = append(m.mws, mw)
}

// Route finds the handler of a request's path, wrapped in the
// middleware, and reports whether there was one.
func (m *Mux) Route(r *http.Request) (http.Handler, bool) {
	h, ok := m.routes[r.URL.Path]
	if !ok {
		return nil, false
	}
	for i := len(m.mws) - 1; i >= 0; i-- {
		h = m.mws[i](h)
	}
	return h, true
}

// segment is a node of a tree of routes by path segment: a literal
// segment, or a parameter (":id") that takes any.
type segment struct {
	kids  map[string]*segment
	param *segment
	name  string
	h     http.HandlerFunc
}

// addRoute registers h at path, whose segments may be parameters; it
// panics on a path not from the root and on a route registered twice.
func (s *segment) addRoute(path string, h http.HandlerFunc) {
	if !strings.HasPrefix(path, "/") {
		panic("path must begin with /: " + path)
	}
	n := s
	for _, part := range strings.Split(path[1:], "/") {
		if strings.HasPrefix(part, ":") {
			if n.param == nil {
				n.param = &segment{name: part[1:]}
			}
			n = n.param
			continue
		}
		if n.kids == nil {
			n.kids = map[string]*segment{}
		}
		if n.kids[part] == nil {
			n.kids[part] = &segment{}
		}
		n = n.kids[part]
	}
	if n.h != nil {
		panic("route registered twice: " + path)
	}
	n.h = h
}

// lookup finds the handler of path and the values of its parameters.
func (s *segment) lookup(path string) (http.HandlerFunc, map[string]string) {
	if !strings.HasPrefix(path, "/") {
		return nil, nil
	}
	n := s
	var params map[string]string
	for _, part := range strings.Split(path[1:], "/") {
		if kid := n.kids[part]; kid != nil {
			n = kid
			continue
		}
		if n.param == nil {
			return nil, nil
		}
		n = n.param
		if params == nil {
			params = map[string]string{}
		}
		params[n.name] = part
	}
	return n.h, params
}

// Router serves requests by method and path with the handlers
// registered on it.
type Router struct {
	routes map[string]http.HandlerFunc
}

// NewRouter returns a router without routes.
func NewRouter() *Router { return &Router{routes: map[string]http.HandlerFunc{}} }

// Handle registers h for requests by method to path; the request it is
// served names the route in its X-Route header.
func (rt *Router) Handle(method, path string, h http.Handler) {
	rt.routes[method+" "+path] = func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set("X-Route", path)
		h.ServeHTTP(w, r)
	}
}

func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := rt.routes[r.Method+" "+r.URL.Path]; ok {
		h(w, r)
		return
	}
	http.NotFound(w, r)
}

// NotAllowed makes the handler function of a route that has no handler
// for a request's method: it lists the methods that it has.
func NotAllowed(methods ...string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		for _, m := range methods {
			w.Header().Add("Allow", m)
		}
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

// sessionKey is the context key a session is stored under.
type sessionKey struct{}

// Session is who a request is made by.
type Session struct{ User string }

// NewSession returns the session of a guest.
func NewSession() *Session { return &Session{User: "guest"} }

// Hello greets the user of the request's session, and answers 401 to
// a request without one.
func Hello(w http.ResponseWriter, r *http.Request) {
	s, ok := r.Context().Value(sessionKey{}).(*Session)
	if !ok {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	w.Write([]byte("hello " + s.User))
}

// User is the user of the session ctx holds, if any.
func User(ctx context.Context) (string, bool) {
	s, ok := ctx.Value(sessionKey{}).(*Session)
	if !ok {
		return "", false
	}
	return s.User, true
}

// Chain wraps h in mws, the first outermost.
func Chain(mws []func(http.Handler) http.Handler, h http.Handler) http.Handler {
	if len(mws) == 0 {
		return h
	}
	h = mws[len(mws)-1](h)
	for i := len(mws) - 2; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// handleMissing says why path has no route; it leaves s as it is.
func (s *segment) handleMissing(path string) error {
	if h, _ := s.lookup(path); h != nil {
		return nil
	}
	return errors.New("no route for " + path)
}
