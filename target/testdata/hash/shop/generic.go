package shop

// Stack is a generic stack.
type Stack[T any] struct {
	items []T
}

// Push pushes v.
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

// Pop pops the top.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.top()
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s *Stack[T]) top() T { return s.items[len(s.items)-1] }

// Map maps f over xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}
