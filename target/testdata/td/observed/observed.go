// Package observed has results whose state is unexported, for the
// observer tests.
package observed

import (
	"context"
	"math/big"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"time"
)

// Stack has unexported state and methods of every kind.
type Stack struct {
	items []int
	Name  string
	hits  map[string]int
}

func (s *Stack) String() string { return s.Name }

// Observers: zero arguments, one basic result, no writes.
func (s *Stack) Len() int           { return len(s.items) }
func (s Stack) Empty() bool         { return len(s.items) == 0 }
func (s *Stack) Title() Title       { return Title(strings.ToUpper(s.Name)) }
func (s *Stack) Ratio() float64     { return float64(len(s.items)) / 2 }
func (s *Stack) Peek() (int, error) { return 0, nil }

// Not observers.
func (s *Stack) Pop() int           { return 0 }
func (s *Stack) PushBack() bool     { return false }
func (s *Stack) Grown() int         { s.items = append(s.items, 0); return len(s.items) }
func (s *Stack) Count(k string) int { return s.hits[k] }
func (s *Stack) Items() []int       { return s.items }
func (s *Stack) Forget() bool       { delete(s.hits, "x"); return true }
func (s *Stack) Touch() int         { s.hits["t"]++; return 1 }
func (s *Stack) private() int       { return 0 }
func (s *Stack) Address() string    { return "" }

// Title is a named string.
type Title string

// Open has exported fields only: not opaque.
type Open struct{ A, B int }

// Token has no API: its plain unexported field is observed.
type Token struct{ id int }

// Gate has nothing to observe: its one field is not plain data.
type Gate struct{ next *Gate }

// walk has no API: the entries it holds show their fields, its index
// of them is keyed by pointers, and its link to another walk shows
// nothing.
type walk struct {
	seen    []*Open
	current Open
	index   map[*Open]bool
	parent  *walk
	step    int
}

// Wide has more observers than are kept.
type Wide struct{ n int }

func (w Wide) A() int { return w.n }
func (w Wide) B() int { return w.n }
func (w Wide) C() int { return w.n }
func (w Wide) D() int { return w.n }
func (w Wide) E() int { return w.n }
func (w Wide) F() int { return w.n }
func (w Wide) G() int { return w.n }
func (w Wide) H() int { return w.n }
func (w Wide) I() int { return w.n }

// Text marshals itself.
type Text struct{ s string }

func (t Text) MarshalText() ([]byte, error) { return []byte(t.s), nil }

// When is a time: its canonical tree is its text.
type When = time.Time

// Cursor is moved by methods that look like observers: First and Last
// write it through the methods they call.
type Cursor struct {
	items []int
	at    int
}

func (c *Cursor) begin()      { c.at = -1 }
func (c *Cursor) next() bool  { c.at++; return c.at < len(c.items) }
func (c *Cursor) First() bool { c.begin(); return c.next() }
func (c *Cursor) Last() bool  { c.at = len(c.items); return c.back() }
func (c *Cursor) back() bool  { return c.Last2() }
func (c *Cursor) Last2() bool { return c.at > 0 }
func (c *Cursor) Index() int  { return c.at }
func (c *Cursor) Again() bool { return c.Again() }
func (c *Cursor) Size() int   { return c.size() }
func (c *Cursor) size() int   { return len(c.items) }

// Big is a standard library type with a text form: only the text is
// observed.
type Big = big.Int

// Request is a request: what a handler changes of it is observed.
type Request = http.Request

// Store is a keyed container: after a call its state is read back
// through getters that take the call's own arguments.
type Store struct {
	m map[string]int
	n int
}

func (s *Store) Put(key string, v int)           { s.m[key] = v }
func (s *Store) Lookup(k string) (int, bool)     { v, ok := s.m[k]; return v, ok }
func (s *Store) Has(name string) bool            { _, ok := s.m[name]; return ok }
func (s *Store) Weight(k string, scale int) int  { return s.m[k] * scale }
func (s *Store) Load(k string) (int, error)      { return s.m[k], nil }
func (s *Store) Keys(prefix string) []string     { return nil }
func (s *Store) Len() int                        { return len(s.m) }
func (s *Store) Node(k string) *Stack            { return nil }
func (s *Store) All(ks ...string) int            { return len(ks) }
func (s *Store) Delete(k string) int             { delete(s.m, k); return 0 }
func (s *Store) Touch(k string) int              { s.n++; return 0 }
func (s *Store) Scaled(k string, by float64) int { return 0 }
func (s *Store) Pair(a, b string) bool           { return a < b }

// Opts is what an option fills; Gen is generic.
type Opts struct {
	n    int
	name string
	_    int
}

// Gen is a generic struct: a probe cannot write Gen{}.
type Gen[T any] struct{ v T }

// Level is a named integer.
type Level int

// Pool has getters that take what may block or call back (Wait,
// Visit): not observers.
type Pool struct{ n int }

func (p *Pool) Put(ctx context.Context, k string)      { p.n++ }
func (p *Pool) Peek(k string) int                      { return p.n }
func (p *Pool) Wait(ctx context.Context, k string) int { return 0 }
func (p *Pool) Visit(k string, f func(int)) int        { return 0 }

// Table is generic: its Get takes a key of type K, which is int only
// at some type arguments.
type Table[K comparable, V any] struct{ m map[K]V }

func (t *Table[K, V]) Get(key K) (V, bool)       { v, ok := t.m[key]; return v, ok }
func (t *Table[K, V]) Put(key K, v V)            { t.m[key] = v }
func (t *Table[A, B]) Resize(size int) int       { return size }
func (t *Table[A, B]) Has(list []A, n int) bool  { return len(list) > n }
func (t *Table[A, B]) Shift(list []A, n int) int { return n }

// CopyInto fills dst from src: dst's state after the call is the
// result; src is only read.
func CopyInto(src *Stack, dst *Stack) { copy(dst.items, src.items) }

// Refill writes dst through a method that writes its receiver.
func Refill(dst *Stack, n int) { dst.Grown() }

// Peeked only reads what it is given; Fill writes a pointer to a
// struct whose fields are exported (the arguments after the call
// record it whole), and Mark writes a Token, observed by its field.
func Peeked(s *Stack) int       { return s.Len() }
func Fill(o *Open)              { o.A = 1 }
func Mark(t *Token, dst *Stack) { t.id = 1; dst.items = nil }

// store is what a Front keeps its entries in.
type store interface {
	Put(k string)
	Len() int
}

// Front keeps entries behind an interface, a lock and a number of
// another package.
type Front struct {
	s  store
	mu sync.Mutex
	n  *big.Int
}

// evictOne writes through a method of the interface.
func (f *Front) evictOne() { f.s.Put("x") }

// zero writes through a method of another package.
func (f *Front) zero() { f.n.SetInt64(0) }

// size only reads, under the lock.
func (f *Front) size() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.s.Len()
}

// Backoff is observed through its methods: Next as a sequence, Name
// and Max once; Reset and Apply are not observers.
type Backoff interface {
	Next() (int, bool)
	NextDelay() int
	Name() string
	Max() (int, error)
	Reset()
	Apply(n int) int
}

// Sink has no method to observe: its value is its tree.
type Sink interface {
	Put(k string)
}

// Iter is an opaque struct that steps.
type Iter struct{ at int }

func (i *Iter) Next() bool { i.at++; return i.at < 3 }
func (i *Iter) Pos() int   { return i.at }

// Kind is a standard library interface with a text form: only the text
// is observed.
type Kind = reflect.Type

// Job is what a decorator wraps and returns.
type Job interface{ Run() }

// JobFunc makes a function a Job.
type JobFunc func()

func (f JobFunc) Run() { f() }

// Ticked is a Job of another package's parameter types: a literal of
// it would need the import.
type Ticked func(t time.Time)

func (f Ticked) Run() { f(time.Time{}) }

// Sizer is returned by a function of a count.
type Sizer interface{ Size() int }
