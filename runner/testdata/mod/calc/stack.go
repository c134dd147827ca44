package calc

import (
	"fmt"
	"strings"
)

// Stack holds strings; its state is unexported, so specs observe it
// through its methods.
type Stack struct {
	items []string
}

// NewStack returns a stack of items, the last on top.
func NewStack(items ...string) *Stack { return &Stack{items: append([]string(nil), items...)} }

// Push puts s on top.
func (st *Stack) Push(s string) { st.items = append(st.items, s) }

// Drop removes n items; with fewer it removes them all and fails.
func (st *Stack) Drop(n int) error {
	if had := len(st.items); n > had {
		st.items = nil
		return fmt.Errorf("drop %d: only had %d", n, had)
	}
	st.items = st.items[:len(st.items)-n]
	return nil
}

// Len is the number of items.
func (st *Stack) Len() int { return len(st.items) }

// Has reports whether s is on the stack.
func (st *Stack) Has(s string) bool {
	for _, x := range st.items {
		if x == s {
			return true
		}
	}
	return false
}

// String lists the items, bottom first.
func (st *Stack) String() string { return strings.Join(st.items, " ") }
