package covt

import (
	"errors"
	"sort"
)

// Hook is a package-level function literal.
var Hook = func(n int) int {
	if n > 0 {
		return n
	}
	return -n
}

// Counter returns a closure that counts calls.
func Counter() func() int {
	n := 0
	return func() int {
		n++
		return n
	}
}

// Sorted sorts a copy with a closure, and uses a closure in an if condition.
func Sorted(xs []int) []int {
	out := append([]int(nil), xs...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	if f := func() bool { return len(out) > 2 }; f() {
		out = out[:2]
	}
	for i := 0; func() bool { return i < 1 }(); i++ {
		out = append(out, 0)
	}
	return out
}

// Safe recovers from panics with a deferred closure.
func Safe(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("recovered")
		}
	}()
	f()
	return nil
}

// Div panics on a zero divisor; the panic ends a block.
func Div(a, b int) int {
	if b == 0 {
		panic("division by zero")
	}
	q := a / b
	return q
}

// Chain is an if-else chain with inits and a comment before else.
func Chain(n int) string {
	if n < 0 {
		return "neg"
	} else /* between */ if m := n % 2; m == 0 {
		if n == 0 {
			return "zero"
		}
		return "even"
	} else if n < 10 {
		return "small odd"
	} else {
		n++
	}
	return "odd"
}

// Middle returns in the middle of a block: what follows is its own block.
func Middle(n int) int {
	n++
	if n > 3 {
		n = 3
	}
	return n
	n = 7
	return n
}

type acc struct{ total int }

// Add is a method with a pointer receiver.
func (a *acc) Add(n int) *acc {
	a.total += n
	return a
}

func _() {
	panic("never instrumented")
}

// Nested blocks and a deferred call.
func Nested(n int) (out int) {
	defer func() { out++ }()
	{
		out = n
	}
	{
	}
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	return out
}
