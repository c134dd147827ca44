package calc

// Upto yields 0 to n-1, an iterator written without package iter.
func Upto(n int) func(yield func(int) bool) {
	if n < 0 {
		return nil
	}
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// Indexed yields each word of s with its position.
func Indexed(s []string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i, w := range s {
			if !yield(i, w) {
				return
			}
		}
	}
}

// Ticker is what Counting returns: observed through its methods.
type Ticker interface {
	Next() (int, bool)
	Name() string
}

type counter struct{ n, max int }

func (c *counter) Next() (int, bool) {
	if c.n >= c.max {
		return c.n, true
	}
	c.n++
	return c.n, false
}

func (c *counter) Name() string { return "counter" }

// Counting returns a Ticker that counts up to max and then stops; nil
// for a negative max.
func Counting(max int) Ticker {
	if max < 0 {
		return nil
	}
	return &counter{max: max}
}

// Heedless yields 0 to n-1 whatever yield returns: range over it panics
// once the loop body stops.
func Heedless(n int) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			yield(i)
		}
	}
}

// Once yields the words of s, and panics when run again.
func Once(s []string) func(yield func(string) bool) {
	done := false
	return func(yield func(string) bool) {
		if done {
			panic("calc: Once runs once")
		}
		done = true
		for _, w := range s {
			if !yield(w) {
				return
			}
		}
	}
}
