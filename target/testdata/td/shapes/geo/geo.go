// Package geo has types from another package.
package geo

// Coord has an unexported field.
type Coord struct {
	Lat, Lng float64
	zone     string
}

// Kind is a named integer.
type Kind uint16
