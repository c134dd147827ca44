// Package loops captures loop variables under Go 1.21 semantics.
package loops

// Funcs captures i: same semantics in yaegi and Go 1.21.
func Funcs(n int) []func() int {
	var fs []func() int
	for i := 0; i < n; i++ {
		fs = append(fs, func() int { return i })
	}
	return fs
}
