// Package growing is a hash set of ints that doubles its buckets when
// it holds more than four items per bucket: eight adds never grow it.
package growing

// Set is a set of ints.
type Set struct {
	buckets [][]int
	n       int
}

// New returns an empty set of eight buckets.
func New() *Set { return &Set{buckets: make([][]int, 8)} }

// Add adds x and reports whether it was not there before.
func (s *Set) Add(x int) bool {
	b := &s.buckets[uint(x)%uint(len(s.buckets))]
	for _, y := range *b {
		if y == x {
			return false
		}
	}
	*b = append(*b, x)
	s.n++
	if s.n > 4*len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, 2*len(old))
		for _, ob := range old {
			for _, y := range ob {
				i := uint(y) % uint(len(s.buckets))
				s.buckets[i] = append(s.buckets[i], y)
			}
		}
	}
	return true
}

// Has reports whether x is in the set.
func (s *Set) Has(x int) bool {
	for _, y := range s.buckets[uint(x)%uint(len(s.buckets))] {
		if y == x {
			return true
		}
	}
	return false
}

// Len is the number of items.
func (s *Set) Len() int { return s.n }
