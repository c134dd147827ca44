// Package pricing parses and formats amounts.
package pricing

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"example.com/td/util"
)

// ErrEmpty is returned for an empty amount.
var ErrEmpty = errors.New("empty amount")

var errNegative = fmt.Errorf("negative amount")

var notAnError = 3

// ParseError reports a malformed amount.
type ParseError struct {
	Input string
	Pos   int
}

func (e *ParseError) Error() string { return fmt.Sprintf("bad amount %q at %d", e.Input, e.Pos) }

// Code is an error code; its value implements error.
type Code int

func (c Code) Error() string { return "code " + strconv.Itoa(int(c)) }

// ParseAmount parses "12.50" into cents.
func ParseAmount(s string) (int64, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, &ParseError{Input: s}
	}
	if w < 0 {
		return 0, errNegative
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	return util.Clamp(w*100+f, 0, 1<<40), nil
}

// Point is a point.
type Point struct {
	X, Y  int
	Label string `json:"label"`
	note  string
}

// Dist is a value method.
func (p Point) Dist() int { return p.X*p.X + p.Y*p.Y }

// Move is a pointer method.
func (p *Point) Move(dx, dy int) { p.X += dx; p.Y += dy }

// Sum adds numbers.
func Sum(prefix string, xs ...int) string {
	t := 0
	for _, x := range xs {
		t += x
	}
	return prefix + strconv.Itoa(t)
}

// Unnamed has unnamed parameters.
func Unnamed(int, string) {}

// Blank has blank parameters, and one named like a generated name.
func Blank(_ int, p0 string, _ bool) {}

// Apply takes a func: skipped.
func Apply(f func(int) int, x int) int { return f(x) }

// Pipe takes a channel: skipped.
func Pipe(ch chan int) {}

// Write takes an io.Writer: skipped.
func Write(w io.Writer) {}

// Read takes an io.Reader: fine.
func Read(r io.Reader) ([]byte, error) { return io.ReadAll(r) }

// Wait takes a duration.
func Wait(d time.Duration) string { return d.String() }

// Map is generic: listed, with its type parameters.
func Map[T any](xs []T, f func(T) T) []T { return xs }

// List is a generic type.
type List[T any] struct{ items []T }

// Len is a method of a generic type: listed, with the type's type parameters.
func (l *List[T]) Len() int { return len(l.items) }

func init() {}

func helper(p *Point, m map[string][]Point) error { return nil }
