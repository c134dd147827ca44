package callback

import (
	"errors"
	"fmt"
)

// Source yields names until it has none, then says why.
type Source interface {
	Next() (name string, ok bool)
	Err() error
}

// Drain reads at most max names from s, and s's error when it stops
// early.
func Drain(s Source, max int) ([]string, error) {
	var out []string
	for len(out) < max {
		name, ok := s.Next()
		if !ok {
			if err := s.Err(); err != nil {
				return out, errors.Join(errors.New("drain"), err)
			}
			break
		}
		out = append(out, name)
	}
	return out, nil
}

// Guard turns a panic in progress into an error in *err, with its
// value; it does nothing when no panic is in progress. It is deferred:
// defer Guard(&err).
func Guard(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if e, ok := r.(error); ok {
		*err = fmt.Errorf("recovered: %w", e)
		return
	}
	*err = fmt.Errorf("recovered: %v", r)
}
