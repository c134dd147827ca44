// Package boxes holds a generic type, which yaegi does not load.
package boxes

import (
	"fmt"
	"strings"
)

// Box is a generic container, built by a generic constructor.
type Box[T any] struct{ items []T }

// NewBox holds xs.
func NewBox[T any](xs ...T) *Box[T] { return &Box[T]{items: xs} }

// Join writes the items, sep between them.
func (b *Box[T]) Join(sep string) string {
	out := make([]string, len(b.items))
	for i, x := range b.items {
		out[i] = fmt.Sprint(x)
	}
	return strings.Join(out, sep)
}
