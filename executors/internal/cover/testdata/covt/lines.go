package covt

// Before comes before any line directive.
func Before(n int) int {
	if n > 0 {
		return 1
	}
	return 0
}

//line shifted.go:100
func Shifted(n int) int {
	if n > 0 {
		return 1
	}
	return 0
}
