// Package nested builds statements from parts the caller supplies: no
// type of its own is a Part, so a Part below the top of a value (an
// element of an []any, of a []Part field, an any a constructor keeps)
// is a fake or nothing.
package nested

import (
	"errors"
	"fmt"
	"strings"
)

// Part is a piece of a statement.
type Part interface {
	Text() (string, error)
}

// template fills its placeholders with its args: a Part's text, or the
// value printed.
type template struct {
	text string
	args []any
}

func (t template) Fill() (string, error) {
	var b strings.Builder
	rest := t.text
	for _, a := range t.args {
		i := strings.Index(rest, "?")
		if i < 0 {
			break
		}
		b.WriteString(rest[:i])
		if p, ok := a.(Part); ok {
			s, err := p.Text()
			if err != nil {
				return "", fmt.Errorf("part: %w", err)
			}
			b.WriteString(s)
		} else {
			fmt.Fprint(&b, a)
		}
		rest = rest[i+1:]
	}
	b.WriteString(rest)
	return b.String(), nil
}

// query joins its parts, each of which must say something.
type query struct {
	Parts []Part
	Limit string
}

func (q *query) SQL() (string, error) {
	if len(q.Parts) == 0 {
		return "", errors.New("no parts")
	}
	var out []string
	for _, p := range q.Parts {
		s, err := p.Text()
		if err != nil {
			return "", err
		}
		if s == "" {
			continue
		}
		out = append(out, s)
	}
	if q.Limit != "" {
		out = append(out, "LIMIT "+q.Limit)
	}
	return strings.Join(out, " "), nil
}

// cond is a condition: a Part, a map of equalities or text.
type cond struct {
	pred any
}

func newCond(pred any) *cond { return &cond{pred: pred} }

func (c *cond) Where() (string, error) {
	switch p := c.pred.(type) {
	case nil:
		return "", nil
	case Part:
		return p.Text()
	case map[string]any:
		return fmt.Sprintf("%d equalities", len(p)), nil
	case string:
		return p, nil
	default:
		return "", fmt.Errorf("a condition is a Part, a map or a string, not %T", p)
	}
}

// Source gives pieces of text.
type Source interface {
	Next() (string, bool)
}

// SizedSource also says how many pieces it holds: a Source may be one.
type SizedSource interface {
	Source
	Size() int
}

// reader reads a Source it was handed.
type reader struct {
	src Source
}

// Size is the size of the source, when it tells: -1 without one, 0 when
// it does not tell.
func (r *reader) Size() int {
	if r.src == nil {
		return -1
	}
	if s, ok := r.src.(SizedSource); ok {
		return s.Size()
	}
	return 0
}

// table holds rows of cells: a Part cell says its own text.
type table struct {
	Rows [][]any
}

func (t *table) Render() (string, error) {
	var b strings.Builder
	for _, row := range t.Rows {
		for i, c := range row {
			if i > 0 {
				b.WriteString(" | ")
			}
			if p, ok := c.(Part); ok {
				s, err := p.Text()
				if err != nil {
					return "", err
				}
				b.WriteString(s)
				continue
			}
			fmt.Fprint(&b, c)
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// Printer prints a line.
type Printer interface {
	Print(line string) error
}

// lineWriter writes through a Printer it is handed, and has no
// constructor: only a literal sets its Printer.
type lineWriter struct {
	out    Printer
	prefix string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	line := string(p)
	if w.prefix != "" {
		line = w.prefix + ": " + line
	}
	if err := w.out.Print(line); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Handler handles an event.
type Handler interface {
	Handle(event string) error
}

// Bus hands events to the handlers registered with it.
type Bus struct {
	subs []Handler
}

func NewBus() *Bus { return &Bus{} }

func (b *Bus) Register(h Handler) { b.subs = append(b.subs, h) }

// Publish hands the event to each handler in turn, and says how many
// took it before one failed.
func (b *Bus) Publish(event string) (int, error) {
	n := 0
	for _, h := range b.subs {
		if h == nil {
			continue
		}
		if err := h.Handle(event); err != nil {
			return n, fmt.Errorf("handler %d: %w", n, err)
		}
		n++
	}
	return n, nil
}
