// Package wire holds the messages package sinks decodes: the
// implementations of an interface that only a dependency provides.
package wire

import "errors"

// Message is what Decode fills.
type Message interface {
	Reset()
	Kind() string
}

// Note is a message of one text field.
type Note struct{ Text string }

func (n *Note) Reset()       { n.Text = "" }
func (n *Note) Kind() string { return "note" }

// Decode fills m from b.
func Decode(b []byte, m Message) error {
	n, ok := m.(*Note)
	if !ok {
		return errors.New("wire: not a message of this package")
	}
	n.Text = string(b)
	return nil
}
