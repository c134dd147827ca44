package main

func main() {}

// Double doubles.
func Double(x int) int { return 2 * x }
