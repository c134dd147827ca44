// Package web holds handlers and a middleware, whose reads of a request
// HTTPReads collects.
package web

import (
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
