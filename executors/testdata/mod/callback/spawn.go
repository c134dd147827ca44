package callback

// Spawn starts a goroutine that calls done with twice n, and returns
// before it runs.
func Spawn(n int, done func(int)) {
	go func() {
		done(2 * n)
	}()
}
