// Package time collides with the standard library's time.
package time

// Zone is a zone name.
type Zone string
