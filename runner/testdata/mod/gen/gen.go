// Package gen has generic functions for the runner's tests.
package gen

import "errors"

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
