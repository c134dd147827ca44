// Package tiny has small functions whose specs kill some mutants and
// let others live.
package tiny

// Clamp limits n to [lo, hi].
func Clamp(n, lo, hi int) int {
	if n < lo {
		return lo
	}
	if n > hi {
		return hi
	}
	return n
}

// Abs is the absolute value of n.
func Abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Kind names n.
func Kind(n int) string {
	s := "other"
	switch {
	case n == 0:
		s = "zero"
		break
	}
	return s
}

// Sum is 1 + 2 + ... + n.
func Sum(n int) int {
	t := 0
	for i := 1; i <= n; i++ {
		t += i
	}
	return t
}
