// Package runes tells valid runes: yaegi v0.16.1 cannot load it (an
// untyped rune constant of the standard library, utf8.MaxRune, comes out
// as an int there: traefik/yaegi#456).
package runes

import "unicode/utf8"

// Valid reports whether r is a rune utf8 can encode.
func Valid(r rune) bool {
	last := utf8.MaxRune
	return between(0, last, r)
}

// Double doubles n.
func Double(n int) int { return 2 * n }

func between(lo, hi, r rune) bool { return lo <= r && r <= hi }
