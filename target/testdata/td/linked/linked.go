// Package linked has a function whose body the runtime provides.
package linked

import _ "unsafe" // for go:linkname

//go:linkname nanotime runtime.nanotime
func nanotime() int64

// Elapsed is the time since start, in the runtime's clock.
func Elapsed(start int64) int64 {
	return nanotime() - start
}
