// Package calc is the package the report tests report on.
package calc

import "errors"

// Size names how large n is.
func Size(n int) (string, error) {
	if n < 0 {
		return "", errors.New("negative size")
	}
	if n > 1000 {
		return "huge", nil
	}
	if n >= 10 {
		return "large", nil
	}
	return "small", nil
}

// Half halves n, refusing odd numbers.
func Half(n int) int {
	if n%2 != 0 {
		panic("odd number")
	}
	return n / 2
}
