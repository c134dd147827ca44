// Package growing is a hash set of ints that doubles its buckets when
// it holds more than four items per bucket, and halves them when it
// holds fewer than one per bucket: eight adds never grow it, nor
// eight deletes shrink it.
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
		s.rehash(2 * len(s.buckets))
	}
	return true
}

// Delete removes x and reports whether it was there.
func (s *Set) Delete(x int) bool {
	b := &s.buckets[uint(x)%uint(len(s.buckets))]
	for i, y := range *b {
		if y == x {
			*b = append((*b)[:i], (*b)[i+1:]...)
			s.n--
			if len(s.buckets) > 8 && s.n < len(s.buckets) {
				s.rehash(len(s.buckets) / 2)
			}
			return true
		}
	}
	return false
}

func (s *Set) rehash(n int) {
	old := s.buckets
	s.buckets = make([][]int, n)
	for _, ob := range old {
		for _, y := range ob {
			i := uint(y) % uint(n)
			s.buckets[i] = append(s.buckets[i], y)
		}
	}
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
