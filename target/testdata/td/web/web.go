// Package web holds handlers and a middleware, whose reads of a request
// HTTPReads collects.
package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

var tokenHeader = http.CanonicalHeaderKey("x-token")

// Guard lets through the OPTIONS requests and those with a bearer token
// under /api/.
func Guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if !strings.HasPrefix(r.URL.Path, "/api/") || !bearer(r) {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func bearer(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get(tokenHeader), "Bearer ") && r.URL.Query().Get("v") != "" && r.Host != "old"
}

// Only makes a middleware that answers 405 to requests of another
// method than m.
func Only(m string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != m {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Router serves requests by method and path with the handlers
// registered on it.
type Router struct {
	routes   map[string]http.Handler
	notFound http.Handler
}

// Handle registers h for requests by method to path.
func (rt *Router) Handle(method, path string, h http.Handler) {
	if rt.routes == nil {
		rt.routes = map[string]http.Handler{}
	}
	rt.routes[method+" "+path] = h
}

// Post registers h for POST requests to pattern.
func (rt *Router) Post(pattern string, h http.Handler) { rt.Handle(http.MethodPost, pattern, h) }

// NotFound sets the handler of requests no route matches.
func (rt *Router) NotFound(h http.Handler) { rt.notFound = h }

// Routes is how many routes rt holds.
func (rt *Router) Routes() int { return len(rt.routes) }

func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := rt.routes[r.Method+" "+r.URL.Path]; ok {
		h.ServeHTTP(w, r)
		return
	}
	if rt.notFound != nil {
		rt.notFound.ServeHTTP(w, r)
		return
	}
	http.NotFound(w, r)
}

// Deny makes a handler function that answers code.
func Deny(code int) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

type ctxKey string

var userKey = ctxKey("user")

// Account is what a request's context holds of its user.
type Account struct{ Name string }

// NewAccount returns a guest's account.
func NewAccount() *Account { return &Account{Name: "guest"} }

// Whoami writes who a request is made by, as its context says.
func Whoami(w http.ResponseWriter, r *http.Request) {
	a, _ := r.Context().Value(userKey).(*Account)
	id, _ := r.Context().Value(ctxKey("id")).(int64)
	srv, _ := r.Context().Value(http.ServerContextKey).(*http.Server)
	w.Write([]byte(fmt.Sprint(a, id, srv, tenant(r.Context()))))
}

func tenant(ctx context.Context) string {
	t, _ := ctx.Value(ctxKey("tenant")).(ctxKey)
	return string(t)
}

// Sub returns a router that shares rt's routes.
func (rt *Router) Sub() http.Handler { return &Router{routes: rt.routes} }

// Fallback is the handler of what rt does not match.
func (rt *Router) Fallback() http.Handler {
	if rt.notFound != nil {
		return rt.notFound
	}
	return rt
}
