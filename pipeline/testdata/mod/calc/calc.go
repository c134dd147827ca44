// Package calc is the package the pipeline's fake-engine tests are
// about. The fake engine never runs it: its answers come from the
// tests' tables; the package gives the signatures, the sentinel and the
// lines that coverage blocks fall in.
package calc

import "errors"

// ErrZero is returned for a zero divisor.
var ErrZero = errors.New("division by zero")

// Div divides a by b.
func Div(a, b int) (int, error) {
	if b == 0 {
		return 0, ErrZero
	}
	if b < 0 {
		panic("negative divisor")
	}
	return a / b, nil
}
