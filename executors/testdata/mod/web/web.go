// Package web writes to the writers it is given.
package web

import (
	"fmt"
	"io"
	"net/http"
)

// Hello writes a greeting to w.
func Hello(w io.Writer, name string) {
	fmt.Fprintf(w, "hello, %s", name)
}

// Teapot answers every request with a status, a header and a body.
func Teapot(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Method", r.Method)
	w.WriteHeader(http.StatusTeapot)
	io.WriteString(w, "short and stout")
}

// Stamp marks the response and the request, then hands both to next.
func Stamp(w http.ResponseWriter, r *http.Request, next http.HandlerFunc) {
	w.Header().Set("X-Stamp", "1")
	if r.Method == http.MethodPost {
		r.Header.Set("X-Seen", "yes")
	}
	next(w, r)
}

// KeyFunc makes a key of a request.
type KeyFunc func(r *http.Request) (string, error)

// ByMethod keys a request by its method, after prefix.
func ByMethod(prefix string) KeyFunc {
	return func(r *http.Request) (string, error) {
		return prefix + r.Method, nil
	}
}
