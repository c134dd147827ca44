// Package spin has a function that never returns on some inputs.
package spin

// Halves counts the steps that take an even n to 0, two at a time; for
// an odd n it never stops.
func Halves(n int) int {
	steps := 0
	for n != 0 {
		n -= 2
		steps++
	}
	return steps
}
