// Package gen has generic functions and types for the runner's tests.
package gen

import (
	"errors"
	"fmt"
)

// ID is a named integer.
type ID int

// Max returns the larger of a and b.
func Max[T ~int | ~float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// First returns the first element of xs.
func First[T any](xs []T) (T, error) {
	var zero T
	if len(xs) == 0 {
		return zero, errors.New("empty")
	}
	return xs[0], nil
}

// Plain is not generic.
func Plain(x int) int { return x }

// Stack is a generic stack with unexported state.
type Stack[T any] struct{ items []T }

// NewStack returns a stack holding xs, the last on top.
func NewStack[T any](xs ...T) *Stack[T] { return &Stack[T]{items: xs} }

// Push adds v on top.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop removes and returns the top; false when s is empty.
func (s *Stack[E]) Pop() (E, bool) {
	var zero E
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Pair has exported fields only: it is written as a value.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// String writes the pair.
func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key, "=", p.Val) }
