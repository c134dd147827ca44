// Package recovered has functions that recover panics: they do
// something only when deferred while the code panics.
package recovered

import "fmt"

// Guard turns a panic in progress into an error in *err.
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

// Printer collects what it prints.
type Printer struct {
	Lines []string
}

// recoverTo notes a panic in progress of the printing of name.
func (p *Printer) recoverTo(name string) {
	if r := recover(); r != nil {
		p.Lines = append(p.Lines, fmt.Sprintf("%s panicked: %v", name, r))
	}
}
