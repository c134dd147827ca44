// Package switched converts values of any dynamic type, by type switch.
package switched

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Ratio is a value with a conversion method.
type Ratio struct{ Num, Den int }

// Float64 converts r.
func (r Ratio) Float64() (float64, error) {
	if r.Den == 0 {
		return 0, fmt.Errorf("zero denominator")
	}
	return float64(r.Num) / float64(r.Den), nil
}

type floater interface {
	Float64() (float64, error)
}

// Describe says what v holds, by its dynamic type.
func Describe(v any) (string, error) {
	switch x := v.(type) {
	case map[string][]string:
		return fmt.Sprintf("%d keys", len(x)), nil
	case []float64:
		return fmt.Sprintf("%d floats", len(x)), nil
	case floater:
		f, err := x.Float64()
		if err != nil {
			return "", err
		}
		return fmt.Sprint(f), nil
	case nil:
		return "nothing", nil
	}
	return small(v)
}

func small(v any) (string, error) {
	if m, ok := v.(map[int]bool); ok {
		return fmt.Sprint(len(m), " flags"), nil
	}
	if r, ok := v.([]rune); ok {
		return strings.ToUpper(string(r)), nil
	}
	return "", fmt.Errorf("cannot describe %T", v)
}

// Lookup finds k in m, a map of Vs or of any values.
func Lookup[K comparable, V any](m any, k K) (V, bool) {
	var zero V
	switch x := m.(type) {
	case map[K]V:
		v, ok := x[k]
		return v, ok
	case map[K]any:
		v, ok := x[k].(V)
		return v, ok
	}
	return zero, false
}

// Flatten lists the strings in v, a map of values decoded from JSON.
func Flatten(v any) ([]string, error) {
	switch m := v.(type) {
	case map[string]any:
		var out []string
		for k, x := range m {
			switch y := x.(type) {
			case []string:
				out = append(out, y...)
			case bool:
				if y {
					out = append(out, k)
				}
			default:
				s, err := text(x)
				if err != nil {
					return nil, err
				}
				out = append(out, s)
			}
		}
		return out, nil
	case string:
		return []string{m}, nil
	}
	return nil, fmt.Errorf("cannot flatten %T", v)
}

func text(v any) (string, error) {
	if n, ok := v.(int); ok {
		return fmt.Sprint(n), nil
	}
	return "", fmt.Errorf("not text: %T", v)
}

// Sign names the sign of a small integer of any size.
func Sign(v any) string {
	switch x := v.(type) {
	case int8:
		if x < 0 {
			return "negative"
		}
		return "not negative"
	case float32:
		if x < 0 {
			return "negative"
		}
	}
	return "unknown"
}

// Multi holds several errors as one.
type Multi struct{ Errs []error }

func (m *Multi) Error() string { return fmt.Sprintf("%d errors", len(m.Errs)) }

// Merge adds errs to into, spreading out those that hold several; into
// may be a nil *Multi.
func Merge(into error, errs ...error) *Multi {
	m, ok := into.(*Multi)
	switch {
	case !ok:
		m = &Multi{}
		if into != nil {
			m.Errs = append(m.Errs, into)
		}
	case m == nil:
		m = &Multi{}
	}
	for _, e := range errs {
		switch e := e.(type) {
		case *Multi:
			if e != nil {
				m.Errs = append(m.Errs, e.Errs...)
			}
		case nil:
		default:
			m.Errs = append(m.Errs, e)
		}
	}
	return m
}

// Count counts the errors in err, those a Multi holds one by one.
func Count(err error) int {
	if m, ok := err.(*Multi); ok && m != nil {
		n := 0
		for _, e := range m.Errs {
			n += Count(e)
		}
		return n
	}
	if err == nil {
		return 0
	}
	return 1
}

// Storable reports whether v can be kept as data: a function cannot.
func Storable(v any) bool {
	if t := reflect.TypeOf(v); t != nil && t.Kind() == reflect.Func {
		return false
	}
	return true
}

// Notes is a list of notes, written one per line by WriteTo and read
// back by Open.
type Notes struct{ lines []string }

// NewNotes returns notes without lines.
func NewNotes() *Notes { return &Notes{} }

// Add adds a note.
func (n *Notes) Add(s string) { n.lines = append(n.lines, s) }

// WriteTo writes the notes one per line.
func (n *Notes) WriteTo(w io.Writer) (int64, error) {
	k, err := io.WriteString(w, strings.Join(n.lines, "\n"))
	return int64(k), err
}

// Open reads notes from src, a file name, data or a reader: two calls
// down, where openWith hands it to source.
func Open(src any) (*Notes, error) { return openWith(false, src) }

func openWith(strict bool, src any) (*Notes, error) {
	r, err := source(src)
	if err != nil || strict {
		return nil, err
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(b) == 0 {
		return NewNotes(), nil
	}
	return &Notes{lines: strings.Split(string(b), "\n")}, nil
}

func source(src any) (io.Reader, error) {
	switch s := src.(type) {
	case string:
		return nil, fmt.Errorf("open %s: no files here", s)
	case []byte:
		return bytes.NewReader(s), nil
	case io.Reader:
		return s, nil
	}
	return nil, fmt.Errorf("unknown source %T", src)
}
