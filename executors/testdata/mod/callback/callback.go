// Package callback has functions that call back the functions they are
// given.
package callback

// EachWhile calls visit with the index and value of each element of xs
// until it returns false, and returns how many it visited.
func EachWhile(xs []int, visit func(i, x int) bool) int {
	n := 0
	for i, x := range xs {
		n++
		if !visit(i, x) {
			break
		}
	}
	return n
}

// Handler handles a name.
type Handler func(name string)

// Greet calls h with each name but the empty ones.
func Greet(h Handler, names ...string) {
	for _, n := range names {
		if n != "" {
			h(n)
		}
	}
}

// Sum calls done with the sum of its arguments, which it passes on.
func Sum(done func(total int, parts ...int), xs ...int) {
	t := 0
	for _, x := range xs {
		t += x
	}
	done(t, xs...)
}

// Count calls tick n times.
func Count(n int, tick func()) {
	for i := 0; i < n; i++ {
		tick()
	}
}
