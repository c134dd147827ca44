// Package corpus is a reflection-heavy package: small functions whose
// results go through reflect, fmt's struct verbs, encoding/json,
// errors.As and method sets. TestReflectCorpus runs each under yaegi and
// natively and pins the ones yaegi gets wrong.
package corpus

import "fmt"

// Point is a plain struct.
type Point struct {
	X, Y int
}

// Norm1 is a value method.
func (p Point) Norm1() int { return abs(p.X) + abs(p.Y) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Named embeds Point: its fields and Norm1 are promoted.
type Named struct {
	Point
	Name string
}

// User has struct tags.
type User struct {
	ID    int    `json:"id" xml:"id,attr"`
	Name  string `json:"name,omitempty" xml:"name"`
	Email string `json:"-" xml:"-"`
	Admin bool   `json:"admin,omitempty" xml:"admin,omitempty"`
}

// Account embeds User, for json's embedded-field rules.
type Account struct {
	User
	Plan string `json:"plan"`
}

// Counter has a pointer method.
type Counter struct{ N int }

// Add adds d and returns the new count.
func (c *Counter) Add(d int) int { c.N += d; return c.N }

// Scale is a value method used as a method expression.
func (c Counter) Scale(k int) int { return c.N * k }

// NotFound is an error type with a pointer receiver.
type NotFound struct{ Key int }

func (e *NotFound) Error() string { return fmt.Sprintf("key %d not found", e.Key) }

// Invalid is an error type with a value receiver.
type Invalid struct{ Reason string }

func (e Invalid) Error() string { return "invalid: " + e.Reason }

// ErrClosed is a sentinel.
var ErrClosed = fmt.Errorf("closed")

// Celsius is a Stringer.
type Celsius int

func (c Celsius) String() string { return fmt.Sprintf("%d°C", int(c)) }

// Temp is a struct Stringer.
type Temp struct{ C int }

func (t Temp) String() string { return fmt.Sprintf("T(%d)", t.C) }

// Code is a GoStringer.
type Code struct{ N int }

func (c Code) GoString() string { return fmt.Sprintf("corpus.Code(%d)", c.N) }

// Hex is a Formatter.
type Hex int

func (h Hex) Format(f fmt.State, verb rune) {
	switch verb {
	case 'x':
		fmt.Fprintf(f, "hex:%x", int(h))
	default:
		fmt.Fprintf(f, "Hex(%d)", int(h))
	}
}

// PtrStringer has String on its pointer only.
type PtrStringer struct{ V int }

func (p *PtrStringer) String() string { return fmt.Sprintf("ptr(%d)", p.V) }

// Shape is an interface with a method Named gets from Point.
type Shape interface{ Norm1() int }
