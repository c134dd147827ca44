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

// Convert converts between numbers.
func Convert[T ~int | ~int8 | ~uint8 | ~uint | ~float32 | ~float64](x float64) T { return T(x) }

// Stack is a generic container with unexported state.
type Stack[T any] struct{ items []T }

// NewStack makes an empty stack.
func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

// Push adds v on top.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop removes the top.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Cache maps keys to values, up to a size.
type Cache[K comparable, V any] struct {
	m    map[K]V
	size int
}

// NewCache makes a cache of size entries.
func NewCache[K comparable, V any](size int) (*Cache[K, V], error) {
	if size <= 0 {
		return nil, fmt.Errorf("size %d", size)
	}
	return &Cache[K, V]{m: map[K]V{}, size: size}, nil
}

// Put stores v under k; false when the cache is full.
func (c *Cache[K, V]) Put(k K, v V) bool {
	if len(c.m) >= c.size {
		return false
	}
	c.m[k] = v
	return true
}

// Get looks k up.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.m[k]
	return v, ok
}

// Vec is a slice over a constraint with a type set.
type Vec[T Number] []T

// Sum adds the elements.
func (v Vec[T]) Sum() T {
	var s T
	for _, x := range v {
		s += x
	}
	return s
}

// Parse reads s as a T, choosing the parser by T's type.
func Parse[T ~int | ~int8 | ~uint8 | ~uint | ~float32 | ~float64 | ~string](s string) (T, error) {
	var t T
	switch any(t).(type) {
	case string:
		return any(s).(T), nil
	case uint8, uint:
		return T(len(s)), nil
	case float64:
		return T(len(s) + 1), nil
	case time.Duration:
		return t, fmt.Errorf("not in the type set")
	}
	return t, nil
}

// Kind names the type of the stack's elements.
func (s *Stack[T]) Kind() string {
	var zero T
	if _, ok := any(zero).(string); ok {
		return "string"
	}
	return "other"
}

// Cursor walks a stack's items from the top.
type Cursor[T any] struct {
	s *Stack[T]
	i int
}

// Walk returns a cursor above the top of s.
func (s *Stack[T]) Walk() Cursor[T] { return Cursor[T]{s: s, i: len(s.items)} }

// Next moves the cursor down to the next item and reports whether there
// was one.
func (c *Cursor[T]) Next() bool {
	if c.s == nil || c.i == 0 {
		return false
	}
	c.i--
	return true
}
