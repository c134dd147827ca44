package calc

// Between returns a predicate for lo <= x <= hi.
func Between(lo, hi int) func(int) bool {
	return func(x int) bool { return lo <= x && x <= hi }
}

// DivBy returns a function that divides by d: it panics for 0.
func DivBy(d int) func(int) (int, int) {
	return func(x int) (int, int) { return x / d, x % d }
}

// settings are what options fill.
type settings struct {
	limit int
	name  string
}

// Option fills settings.
type Option func(*settings)

// WithLimit sets the limit, at least 1.
func WithLimit(n int) Option {
	return func(s *settings) {
		if n < 1 {
			n = 1
		}
		s.limit = n
	}
}

// Nothing returns a nil function.
func Nothing() func(string) bool { return nil }

// Visit returns a function that takes a callback, which is not called.
func Visit() func(func(int)) { return func(func(int)) {} }
