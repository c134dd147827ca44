// Package geo has types from another package.
package geo

import "sort"

// Coord has an unexported field.
type Coord struct {
	Lat, Lng float64
	zone     string
}

// Kind is a named integer.
type Kind uint16

// Sealed cannot be implemented outside the package.
type Sealed interface {
	Kind() Kind
	sealed()
}

// Locator's method returns a type of this package with an unexported field.
type Locator interface {
	Locate(name string) Coord
}

// Ordered is another package's interface under a name of this one, as
// proto.Message is protoiface.MessageV1.
type Ordered = sort.Interface
