// Package hidden gets a reflection difference past target.YaegiProblems:
// a Point reaches fmt as an any, through a function of the package, so
// no call hands fmt a value of a package type. Only a cross-check
// against native finds that yaegi gets Describe wrong.
package hidden

import "fmt"

// Point is a plain struct.
type Point struct{ X, Y int }

func show(v any) string { return fmt.Sprintf("%T", v) }

// Describe names the type of a Point, for n above 100.
func Describe(n int) string {
	if n <= 100 {
		return "small"
	}
	return show(Point{n, n})
}

// Double doubles n.
func Double(n int) int { return 2 * n }
