// Package calc is a test package for the executors: each function does one
// thing a probe must survive.
package calc

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("empty input")

// SyntaxError is returned for malformed input.
type SyntaxError struct {
	Pos int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("syntax error at %d: %s", e.Pos, e.Msg) }

// Point is a parse result.
type Point struct {
	X, Y int
	Tag  string
	note string
}

// ParsePoint parses "x,y" or "x,y,tag".
func ParsePoint(s string) (Point, error) {
	if s == "" {
		return Point{}, ErrEmpty
	}
	parts := strings.Split(s, ",")
	if len(parts) < 2 {
		return Point{}, &SyntaxError{Pos: len(s), Msg: "want x,y"}
	}
	x, err := strconv.Atoi(parts[0])
	if err != nil {
		return Point{}, fmt.Errorf("x: %w", err)
	}
	y, err := strconv.Atoi(parts[1])
	if err != nil {
		return Point{}, fmt.Errorf("y: %w", err)
	}
	p := Point{X: x, Y: y, note: "parsed"}
	if len(parts) > 2 {
		p.Tag = parts[2]
	}
	return p, nil
}

// Div divides, panicking on a zero divisor.
func Div(a, b int) int {
	if b == 0 {
		panic("division by zero")
	}
	return a / b
}

// Index returns xs[i] (a runtime panic when out of range).
func Index(xs []int, i int) int { return xs[i] }

// BadValue is a custom panic type.
type BadValue struct{ V int }

// Boom panics with a custom type.
func Boom(v int) { panic(BadValue{V: v}) }

// Spin never returns.
func Spin() int {
	n := 0
	for {
		n++
	}
}

// Sleepy sleeps d.
func Sleepy(d time.Duration) time.Duration { time.Sleep(d); return d }

// GoPanic panics in another goroutine.
func GoPanic() {
	go func() { panic("stray goroutine") }()
	time.Sleep(time.Second)
}

// Quit exits the process.
func Quit(code int) { os.Exit(code) }

// Shout prints and returns.
func Shout(s string) string {
	fmt.Println("shouting", s)
	fmt.Fprintln(os.Stderr, "warning", s)
	return strings.ToUpper(s) + "!"
}

// Repeat returns n copies of "ab": megabytes for a large n.
func Repeat(n int) string { return strings.Repeat("ab", n) }

// Stats returns several values.
func Stats(xs []float64) (min, max, mean float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	min, max = xs[0], xs[0]
	sum := 0.0
	for _, x := range xs {
		if x < min {
			min = x
		}
		if x > max {
			max = x
		}
		sum += x
	}
	return min, max, sum / float64(len(xs))
}

// Counter counts.
type Counter struct {
	N    int
	step int
}

// Add adds k and returns the total.
func (c *Counter) Add(k int) int {
	if k < 0 {
		panic("negative step")
	}
	c.N += k
	return c.N
}

// Double returns twice the count (a value receiver).
func (c Counter) Double() int { return 2 * c.N }

// Hog allocates without bound.
func Hog() int {
	var keep [][]byte
	for {
		keep = append(keep, make([]byte, 64<<20))
	}
}
