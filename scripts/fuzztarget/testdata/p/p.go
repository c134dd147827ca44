// Package p has one function or method of each shape fuzztarget meets.
package p

import (
	"net/url"
	"time"
)

func Parse(s string) (int, error) { return len(s), nil }

func Mixed(b []byte, n int64, u uint8, r rune, f float32, ok bool) int { return len(b) }

func Every(d time.Duration, m Mode, k Key) string { return d.String() }

func Time(t time.Time) bool { return t.IsZero() }

func Pointer(u *url.URL) string { return u.String() }

func Strings(words []string) int { return len(words) }

func Variadic(format string, args ...string) string { return format }

func Generic[T any](v T) T { return v }

func None() int { return 1 }

type Mode int

type Key = string

func (m Mode) String() string { return "" }

type Parser struct {
	options Mode
	strict  bool
}

func (p Parser) Parse(spec string) error { return nil }

type ID [12]byte

func (id *ID) UnmarshalText(text []byte) error { return nil }

func (id ID) Bytes() []byte { return id[:] }

type Schedule struct {
	Second uint64
	Loc    *time.Location
}

func (s *Schedule) Next(n int) int { return n }

type Counter struct {
	seen  map[string]int
	names []string
}

func (c *Counter) Add(s string) { c.seen[s]++ }

func lower(s string) int { return len(s) }
