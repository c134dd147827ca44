// Package generic has generic functions.
package generic

import (
	"fmt"
	"sort"
	"time"
)

// ID is a named integer.
type ID int

// Name is a named string.
type Name string

// String makes Name a fmt.Stringer.
func (n Name) String() string { return string(n) }

// Number is a constraint with a type set.
type Number interface {
	~int | ~int64 | ~float64
}

// Max returns the larger of a and b.
func Max[T ~int | ~float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Sum adds xs.
func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Keys returns the keys of m, sorted by their text.
func Keys[K comparable, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return fmt.Sprint(out[i]) < fmt.Sprint(out[j]) })
	return out
}

// Join writes xs with their String methods.
func Join[S fmt.Stringer](xs []S) string {
	s := ""
	for _, x := range xs {
		s += x.String() + ";"
	}
	return s
}

// Index finds x in s.
func Index[S ~[]E, E comparable](s S, x E) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// Wait takes a duration.
func Wait[T any](d time.Duration, v T) T { return v }

// Stack is a generic type with unexported state.
type Stack[T any] struct{ items []T }

// NewStack makes an empty stack.
func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

// Push adds v on top.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop removes the top; its receiver renames the type parameter.
func (s *Stack[E]) Pop() (E, bool) {
	var zero E
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Len has a value receiver that leaves its type parameter unnamed.
func (s Stack[_]) Len() int { return len(s.items) }

// Cache has two type parameters.
type Cache[K comparable, V any] struct{ m map[K]V }

// Get looks k up.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.m[k]
	return v, ok
}

// Vec is a slice type over a constraint with a type set.
type Vec[T Number] []T

// Sum adds the elements.
func (v Vec[T]) Sum() T {
	var s T
	for _, x := range v {
		s += x
	}
	return s
}
