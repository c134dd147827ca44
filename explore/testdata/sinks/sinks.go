// Package sinks is a testdata package for the built-in explorer: values
// only the package's makers, its literals or a dependency's types build.
package sinks

import (
	"errors"

	"example.com/sinks/wire"
)

// View holds bytes or a string, never both; it has no constructor and
// its only method returning a View slices one.
type View struct {
	b []byte
	s string
}

// Len is the length of v.
func (v View) Len() int {
	if v.b != nil {
		return len(v.b)
	}
	return len(v.s)
}

// Slice returns the part of v from i on.
func (v View) Slice(i int) View {
	if v.b != nil {
		return View{b: v.b[i:]}
	}
	return View{s: v.s[i:]}
}

// Sink receives a value.
type Sink interface {
	SetString(s string) error
	SetBytes(b []byte) error
}

// ViewSink returns a sink that writes into dst.
func ViewSink(dst *View) Sink {
	return &viewSink{dst: dst}
}

type viewSink struct {
	dst   *View
	calls int
}

func (s *viewSink) SetString(v string) error {
	s.calls++
	*s.dst = View{s: v}
	return nil
}

// SetBytes keeps b, refusing a second value.
func (s *viewSink) SetBytes(b []byte) error {
	if s.calls > 0 {
		return errors.New("sinks: value already set")
	}
	s.calls++
	*s.dst = View{b: b}
	return nil
}

// MessageSink returns a sink that decodes into m.
func MessageSink(m wire.Message) Sink {
	return &messageSink{m: m}
}

type messageSink struct {
	m    wire.Message
	kind string
}

func (s *messageSink) SetString(v string) error { return s.SetBytes([]byte(v)) }

// SetBytes decodes b into the message.
func (s *messageSink) SetBytes(b []byte) error {
	if err := wire.Decode(b, s.m); err != nil {
		return err
	}
	s.kind = s.m.Kind()
	return nil
}

// picker, when a caller registers one, picks the sink of a name.
var picker func(name string) Sink

// RegisterPicker sets the picker, once.
func RegisterPicker(fn func(name string) Sink) {
	if picker != nil {
		panic("sinks: RegisterPicker called twice")
	}
	picker = fn
}

// Pick returns the sink the registered picker gives name, or a sink of
// a fresh View.
func Pick(name string) Sink {
	if picker == nil {
		return ViewSink(&View{})
	}
	if s := picker(name); s != nil {
		return s
	}
	return ViewSink(&View{s: name})
}
