// Package util is a same-module dependency.
package util

import "example.com/ext/extpkg"

// Clamp limits v to [lo, hi].
func Clamp(v, lo, hi int64) int64 {
	return max(lo, min(v, hi))
}

// Round delegates to extpkg.
func Round(c int64) int64 { return extpkg.Round(c) }
