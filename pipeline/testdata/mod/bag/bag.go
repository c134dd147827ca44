// Package bag has a method whose receiver may be built by code that
// calls the method itself.
package bag

// Bag holds n items.
type Bag struct{ n int }

// Front is the first item, or -1 for an empty bag.
func (b *Bag) Front() int {
	if b.n == 0 {
		return -1
	}
	return b.n
}
