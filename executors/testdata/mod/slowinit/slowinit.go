// Package slowinit takes its time to initialise, as a package that
// builds tables or reads files in init does, and on a loaded machine
// any package does.
package slowinit

import "time"

func init() { time.Sleep(800 * time.Millisecond) }

// Double returns twice n.
func Double(n int) int { return 2 * n }
