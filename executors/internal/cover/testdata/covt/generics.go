//go:build !specgen_yaegi
// +build !specgen_yaegi

// yaegi v0.16.1 cannot type-check this file; its test leaves it out with
// the tag (yaegi reads only the old-style constraint line).

package covt

// DriveGenerics is the driver of this file.
func DriveGenerics() {
	Max(1.5, 2.5)
}

// Max is generic.
func Max[T int | float64](xs ...T) T {
	var m T
	for i, x := range xs {
		if i == 0 || x > m {
			m = x
		}
	}
	return m
}
