// Package extpkg is a dependency from another module.
package extpkg

// Round rounds cents to the nearest ten.
func Round(c int64) int64 {
	for i := range 3 { // range over int in another module: not checked
		_ = i
	}
	return (c + 5) / 10 * 10
}
