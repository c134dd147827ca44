// Package lits echoes arguments of every kind a probe passes as a
// literal, exactly.
package lits

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Unit is a named integer type.
type Unit int16

// Echo writes its arguments back, floats by their bits.
func Echo(s string, b []byte, n Unit, u uint64, f float32, g float64, ok bool, r rune) string {
	return fmt.Sprintf("%q %q %d %d %x %x %v %q", s, b, n, u, math.Float32bits(f), math.Float64bits(g), ok, r)
}

// Scale multiplies by the unit, through a pointer or not.
func (u *Unit) Scale(n int) int { return int(*u) * n }

// Times is Scale on a value.
func (u Unit) Times(n int) int { return int(u) * n }

// Apply writes f of each of xs, joined by sep's text (a comma when sep
// is nil).
func Apply(sep fmt.Stringer, f func(int) int, xs ...int) string {
	s := ","
	if sep != nil {
		s = sep.String()
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(f(x))
	}
	return strings.Join(out, s)
}

// Span is a range with unexported fields of several kinds.
type Span struct {
	lo, hi int
	label  string
	w      float32
	tags   []string
	grid   [3]int
	vals   []interface{}
	marks  map[string]int
}

// Describe writes the span's fields, sep between them.
func (s *Span) Describe(sep string) string {
	return fmt.Sprint(s.label, sep, s.lo, "..", s.hi, sep, s.w, sep, s.tags, sep, s.grid, sep, fmt.Sprintf("%#v", s.vals), sep, s.marks)
}

// NewSpan parses a label and takes the bounds and a weight, the way a
// constructor of a value a method is called on does.
func NewSpan(label string, lo, hi int8, w float32, tags ...string) *Span {
	return &Span{lo: int(lo), hi: int(hi), label: strings.ToUpper(label), w: w, tags: tags}
}

// Kind is a string type whose constants stay constants.
type Kind string

// Labelled is a span labelled with a kind.
func Labelled(k Kind) *Span { return &Span{label: string(k)} }

// Loud and Suffix are the knobs Greet reads.
var (
	Loud   = false
	Suffix = "!"
	level  Unit
)

// Greet returns name, shouted with Suffix when Loud; a loud greeting
// of nobody panics.
func Greet(name string) string {
	if !Loud {
		return name
	}
	if name == "" {
		panic("loud greeting of nobody")
	}
	return strings.ToUpper(name) + Suffix + strconv.Itoa(int(level))
}
