// Package stack has methods that change their receiver and methods
// that do not, for the tests of the receiver after the call.
package stack

// Stack has unexported state: specs observe it through its methods.
type Stack struct{ items []int }

// Push changes the stack.
func (s *Stack) Push(x int) { s.items = append(s.items, x) }

// Len does not.
func (s *Stack) Len() int { return len(s.items) }

// Tally has exported fields only.
type Tally struct{ Hits int }

// Hit changes the tally.
func (t *Tally) Hit() { t.Hits++ }

// Peek has a value receiver: the caller's tally cannot change.
func (t Tally) Peek() int { return t.Hits }
