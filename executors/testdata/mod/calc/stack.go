package calc

import "fmt"

// Stack is a container whose state is unexported: a probe observes it
// after Push, Pop or Drop through String and Len, and through Find
// called with the call's own argument.
type Stack struct {
	items []int
}

// NewStack returns a stack holding items, the last on top.
func NewStack(items ...int) *Stack { return &Stack{items: append([]int(nil), items...)} }

// Push puts x on top.
func (s *Stack) Push(x int) { s.items = append(s.items, x) }

// Drop removes n items from the top; with fewer than n it removes them
// all and fails.
func (s *Stack) Drop(n int) error {
	if had := len(s.items); n > had {
		s.items = s.items[:0]
		return fmt.Errorf("drop %d: only had %d", n, had)
	}
	s.items = s.items[:len(s.items)-n]
	return nil
}

// Clear empties the stack; a nil stack stays nil.
func (s *Stack) Clear() {
	if s != nil {
		s.items = nil
	}
}

// Len returns the number of items.
func (s *Stack) Len() int { return len(s.items) }

// Find returns how deep x is from the top, and whether it is there at
// all.
func (s *Stack) Find(x int) (int, bool) {
	for i := len(s.items) - 1; i >= 0; i-- {
		if s.items[i] == x {
			return len(s.items) - 1 - i, true
		}
	}
	return 0, false
}

// String lists the items, bottom first.
func (s *Stack) String() string { return fmt.Sprint(s.items) }

// MoveTop moves the top item of from onto to, and reports whether there
// was one: both stacks are what the call leaves behind.
func MoveTop(from, to *Stack) bool {
	if len(from.items) == 0 {
		return false
	}
	to.items = append(to.items, from.items[len(from.items)-1])
	from.items = from.items[:len(from.items)-1]
	return true
}

// Tally has exported fields only: its canonical tree is its whole state.
type Tally struct {
	Hits int
	Last string
}

// Hit counts name.
func (t *Tally) Hit(name string) {
	t.Hits++
	t.Last = name
}
