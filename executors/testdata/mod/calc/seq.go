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
