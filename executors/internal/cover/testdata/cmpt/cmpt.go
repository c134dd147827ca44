// Package cmpt holds the comparisons TestCmps instruments: Run returns
// what each function returns, which must not change when it is
// instrumented; the records are checked against cmps.golden.
package cmpt

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
)

type Kind string

const (
	KindA Kind = "alpha"
	KindB Kind = "beta"
)

type Code uint8

type Flag bool

// always is true. (A constant comparison would do, but yaegi reads
// package constants of comparisons as false.)
const always = true

var keywords = map[string]int{"if": 1, "else": 2, "for": 3, "func": 4, "var": 5}

type box struct{ m map[string]int }

var calls int

func next() int { calls++; return calls }

func named(k Kind, c Code) (string, Flag) {
	var f Flag = c > 200
	if k == KindA {
		return "a", f
	} else if k < KindB {
		return "less", f
	}
	switch k {
	case KindA, KindB:
		return "ab", f
	case "gamma":
		return "g", f
	}
	return "other", f
}

func sideEffects() bool {
	// each operand is evaluated once, left to right.
	return next() < next()
}

func bytesOf(s string) string {
	if len(s) != 4 {
		return "len"
	}
	if s[0] == '#' && s[3] != 'z' {
		return "hash"
	}
	switch {
	case s == "abcd":
		return "abcd"
	case strings.HasPrefix(s, "mag"):
		return "magic"
	}
	if before, _, ok := strings.Cut(s, "="); ok {
		return before
	}
	if bytes.Equal([]byte(s), []byte("wxyz")) {
		return "bytes"
	}
	return "none"
}

func lookup(b box, w string) (int, bool) {
	if n, ok := keywords[w]; ok {
		return n, true
	}
	keywords["seen"] = 0 // assignments are not lookups
	return b.m[w], false
}

func wide(u uint64, r rune) bool {
	if always && 1 < 2 { // a constant comparison is left alone
		f := func() bool { return r == 'λ' }
		return u >= 1<<63 && f()
	}
	return false
}

// parts counts the groups of s, at most three: the separator split on
// is recorded, then the count compared.
func parts(s string) int {
	if ps := strings.Split(s, "||"); len(ps) <= 3 {
		return len(ps)
	}
	return -1
}

type proxy struct{ headers []string }

// via looks for the request's address under the headers p was given: a
// lookup of a missing key is recorded, a constant key is not.
func (p proxy) via(h http.Header) string {
	for _, k := range p.headers {
		if v := h.Get(k); v != "" {
			return v
		}
	}
	return strings.Join(h.Values(p.headers[0]), ",") + h.Get("X-Const")
}

// Run calls the functions and returns what they returned.
func Run() []string {
	var out []string
	p := func(v ...any) { out = append(out, fmt.Sprint(v...)) }
	p(named(KindA, 201))
	p(named("aaa", 3))
	p(named("gamma", 3))
	p(sideEffects(), calls)
	for _, s := range []string{"", "#abc", "abcd", "magi", "k=vv", "wxyz", "1234"} {
		p(bytesOf(s))
	}
	p(lookup(box{m: map[string]int{"x": 9}}, "fro"))
	p(lookup(box{}, "for"))
	p(wide(1<<63+1, 'λ'), wide(5, 'x'))
	p(proxy{[]string{"x-forwarded-for", "x-real-ip"}}.via(http.Header{"X-Real-Ip": {"10.0.0.1"}}))
	p(proxy{[]string{"x-forwarded-for"}}.via(http.Header{}))
	p(parts("a||b"), parts("a||b||c||d"))
	return out
}
