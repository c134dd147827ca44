// Package shapes holds types for the GoExpr tests. It declares a
// package-level math, so that generated code must import math under
// another name.
package shapes

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"example.com/td/shapes/geo"
	xt "example.com/td/shapes/xtime"
)

var math = "not the package"

// Point has a tagged field and an unexported one.
type Point struct {
	X, Y  int
	Label string `json:"label,omitempty" yaml:"lbl"`
	note  string
}

type (
	Celsius float64
	Code    int8
	Flag    bool
	Names   []string
	Grid    [2][2]int
	Index   map[string]int
	Raw     []byte
	PP      *Point
	Alias   = Point
	Any     interface{}
	MyErr   interface{ Error() string }
	Shape   interface{ Area() float64 }
	// Stringer is named as fmt's is: a fakeStringer is this one's.
	Stringer interface{ String() string }
	// Store is faked: a method of several results, one of none, a
	// variadic parameter, an unexported method.
	Store interface {
		Get(key string) (Point, error)
		Close()
		near(p Point, more ...int) []Point
	}
	Handler func()
	Text    string
)

// Base is embedded.
type Base struct {
	ID   int
	Name string
}

// Item has fields of many kinds.
type Item struct {
	Base
	Qty  int
	Tags []string
	When time.Time
	Wait time.Duration `yaml:"wait"`
	Next *Item
	Meta map[string]any
	Loc  geo.Coord
	Zone xt.Zone
	On   Handler
}

// Wrapper embeds a pointer.
type Wrapper struct {
	*Base
	Extra int
}

// Warm has a pointer receiver on a non-struct type.
func (c *Celsius) Warm() { *c++ }

// Dist has a value receiver.
func (p Point) Dist() int { return p.X*p.X + p.Y*p.Y }

// Move has a pointer receiver.
func (p *Point) Move(dx int) { p.X += dx }

// NewPoint builds a Point with a note.
func NewPoint(x, y int) *Point { return &Point{X: x, Y: y, note: "new"} }

// Use keeps the imports used.
func Use(ctx context.Context, r io.Reader, s fmt.Stringer) error {
	_ = strings.ToUpper
	return errors.New(math)
}
