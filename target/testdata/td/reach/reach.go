// Package reach has functions whose callees Func.Reach finds.
package reach

import (
	"strings"

	"example.com/td/util"
)

// Wrap delegates to a helper, which delegates further.
func Wrap(s string) string { return helper(s) }

func helper(s string) string {
	if s == "" {
		return "empty"
	}
	return deeper(strings.ToUpper(s))
}

func deeper(s string) string { return s + "!" }

// Counter has a method that calls another method.
type Counter struct{ n int }

// Add calls step.
func (c *Counter) Add(k int) {
	for range k {
		c.step()
	}
}

func (c *Counter) step() { c.n++ }

// Fact calls itself.
func Fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

// Even and odd call each other.
func Even(n int) bool {
	if n == 0 {
		return true
	}
	return odd(n - 1)
}

func odd(n int) bool {
	if n == 0 {
		return false
	}
	return Even(n - 1)
}

// Other calls a function declared in another file.
func Other(x int) int { return inOther(x) }

// Apply passes a function value.
func Apply(x int) int { return apply(double, x) }

func apply(f func(int) int, x int) int { return f(x) }

func double(x int) int { return 2 * x }

// Shape is implemented by Square and *Circle.
type Shape interface{ Area() float64 }

// Square is a Shape.
type Square struct{ Side float64 }

// Area is the square's area.
func (s Square) Area() float64 { return s.Side * s.Side }

// Circle is a Shape through its pointer.
type Circle struct{ R float64 }

// Area is the circle's area.
func (c *Circle) Area() float64 { return 3 * c.R * c.R }

// Total calls an interface method of the package.
func Total(shapes []Shape) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

// MyErr is an error of the package.
type MyErr struct{}

func (MyErr) Error() string { return "my error" }

// Message calls an interface method of another package: left out.
func Message(err error) string { return err.Error() }

// Bigger calls a generic function.
func Bigger(a, b int) int { return maxOf(a, b) }

func maxOf[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Clamp calls a function of another package of the module: left out.
func Clamp(v int64) int64 { return util.Clamp(v, 0, 10) }

// Alone calls nothing of the package.
func Alone(s string) int { return len(s) }
