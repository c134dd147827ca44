// Package paged keeps a sorted set in pages that split when full: a
// page of the default size holds all a few calls add; one of a small
// size splits.
package paged

// Options configure a Set.
type Options struct {
	// PageSize is the most items a page holds; 64 when below 2.
	PageSize int
}

// Set is a sorted set of pages.
type Set[T any] struct {
	less  func(a, b T) bool
	max   int
	pages []*page[T]
}

type page[T any] struct {
	items []T
}

// New is a set of pages of 64 items.
func New[T any](less func(a, b T) bool) *Set[T] {
	return NewOptions(less, Options{})
}

// NewOptions is a set of pages of o.PageSize items.
func NewOptions[T any](less func(a, b T) bool, o Options) *Set[T] {
	max := 64
	if o.PageSize >= 2 {
		max = o.PageSize
	}
	return &Set[T]{less: less, max: max}
}

// Add puts x in the set, splitting the page it goes to when full.
func (s *Set[T]) Add(x T) {
	if len(s.pages) == 0 {
		s.pages = append(s.pages, &page[T]{})
	}
	i := 0
	for i < len(s.pages)-1 && !s.less(x, s.pages[i+1].items[0]) {
		i++
	}
	p := s.pages[i]
	j := 0
	for j < len(p.items) && s.less(p.items[j], x) {
		j++
	}
	if j < len(p.items) && !s.less(x, p.items[j]) {
		return
	}
	p.items = append(p.items, x)
	copy(p.items[j+1:], p.items[j:])
	p.items[j] = x
	if len(p.items) > s.max {
		half := len(p.items) / 2
		q := &page[T]{items: append([]T(nil), p.items[half:]...)}
		p.items = p.items[:half]
		s.pages = append(s.pages, nil)
		copy(s.pages[i+2:], s.pages[i+1:])
		s.pages[i+1] = q
	}
}

// Len is the number of items.
func (s *Set[T]) Len() int {
	n := 0
	for _, p := range s.pages {
		n += len(p.items)
	}
	return n
}

// merge joins p, one of the set's pages, with the page after it when
// both fit in one; it reports whether it did.
func (s *Set[T]) merge(p *page[T]) bool {
	for i := 0; i < len(s.pages)-1; i++ {
		if s.pages[i] != p {
			continue
		}
		next := s.pages[i+1]
		if len(p.items)+len(next.items) > s.max {
			return false
		}
		p.items = append(p.items, next.items...)
		s.pages = append(s.pages[:i+1], s.pages[i+2:]...)
		return true
	}
	return false
}
