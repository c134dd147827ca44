//go:build !linux

package sandbox

const maxABI = 0

func abiVersion() int { return 0 }

// Confine does nothing where there is no Landlock: Current reports the
// sandbox unavailable.
func Confine(root string) error { return nil }
