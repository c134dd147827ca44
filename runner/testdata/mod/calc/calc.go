// Package calc is the package the runner's end-to-end tests run specs
// against: a parser with a sentinel and a typed error, a function that
// panics, one that returns a struct, and methods on a type with state.
package calc

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("empty amount")

// SyntaxError reports malformed input.
type SyntaxError struct {
	Input string
	Msg   string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("bad amount %q: %s", e.Input, e.Msg) }

// ParseAmount parses a decimal amount of money like "12.50" into cents.
func ParseAmount(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrEmpty
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	if hasFrac && len(frac) != 2 {
		return 0, &SyntaxError{Input: s, Msg: "want two decimals"}
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("whole part: %w", err)
	}
	cents := n * 100
	if hasFrac {
		f, err := strconv.ParseInt(frac, 10, 64)
		if err != nil || f < 0 {
			return 0, &SyntaxError{Input: s, Msg: "bad cents"}
		}
		cents += f
	}
	return cents, nil
}

// Div divides a by b and panics when b is zero.
func Div(a, b int8) int8 {
	if b == 0 {
		panic("division by zero")
	}
	return a / b
}

// Point is a point on a grid.
type Point struct {
	X, Y  int
	Label string
}

// Mid returns the point halfway between a and b.
func Mid(a, b Point) Point {
	return Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2, Label: a.Label + "-" + b.Label}
}

// Greet greets someone by name.
func Greet(name string) string {
	return "Hello, " + name + "!"
}

// Counter counts.
type Counter struct {
	N    int
	Step int
}

// Add adds n steps to the counter and returns the new count.
func (c *Counter) Add(n int) int {
	step := c.Step
	if step == 0 {
		step = 1
	}
	c.N += n * step
	return c.N
}

// Spin never returns.
func Spin() int {
	n := 0
	for {
		n++
	}
}

// Sign names the sign of n: sign does the work.
func Sign(n int) string { return sign(n) }

func sign(n int) string {
	if n < 0 {
		return "negative"
	}
	if n == 0 {
		return "zero"
	}
	return "positive"
}

// Above returns a predicate for values above n.
func Above(n int) func(int) bool {
	return func(x int) bool { return x > n }
}

// Tally counts up on each Next; Reset starts it again.
type Tally interface {
	Next() int
	Reset()
	Name() string
}

type tally struct{ n int }

func (t *tally) Next() int    { t.n++; return t.n }
func (t *tally) Reset()       { t.n = 0 }
func (t *tally) Name() string { return "tally" }

// CountFrom returns a Tally that starts at from.
func CountFrom(from int) Tally { return &tally{n: from} }
