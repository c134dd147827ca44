// Package builder has types whose state is unexported, made by
// constructors, builder chains and filling methods.
package builder

import (
	"errors"
	"fmt"
	"time"
)

// Thing is what a Builder builds.
type Thing struct {
	Timeout int
	Name    string
}

// Builder configures a Thing.
type Builder struct {
	timeout int
	name    string
}

// New returns a builder with the defaults.
func New() *Builder { return &Builder{timeout: 30, name: "thing"} }

// WithTimeout sets the timeout in seconds.
func (b *Builder) WithTimeout(s int) *Builder { b.timeout = s; return b }

// WithName sets the name.
func (b *Builder) WithName(name string) *Builder { b.name = name; return b }

// Clone is a copy of the builder.
func (b Builder) Clone() Builder { return b }

// Build makes the Thing.
func (b *Builder) Build() (Thing, error) {
	if b.timeout <= 0 {
		return Thing{}, fmt.Errorf("timeout %d is not positive", b.timeout)
	}
	if b.name == "" {
		return Thing{}, errors.New("no name")
	}
	return Thing{Timeout: b.timeout, Name: b.name}, nil
}

// Money is an amount in a currency.
type Money struct {
	cents    int64
	currency string
}

// MakeMoney returns an amount; it is a value, not a pointer.
func MakeMoney(cents int64, currency string) Money { return Money{cents, currency} }

// ParseMoney reads "12.34 EUR".
func ParseMoney(s string) (Money, error) {
	var m Money
	var units, cents int64
	if _, err := fmt.Sscanf(s, "%d.%d %s", &units, &cents, &m.currency); err != nil {
		return Money{}, err
	}
	m.cents = units*100 + cents
	return m, nil
}

// Add adds o, which must be in the same currency.
func (m Money) Add(o Money) (Money, error) {
	if m.currency != o.currency {
		return Money{}, errors.New("currency mismatch")
	}
	return Money{m.cents + o.cents, m.currency}, nil
}

// Neg is -m.
func (m Money) Neg() Money { return Money{-m.cents, m.currency} }

// Round rounds to whole units, in place.
func (m *Money) Round() *Money { m.cents = m.cents / 100 * 100; return m }

// String writes "12.34 EUR".
func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.cents/100, m.cents%100, m.currency)
}

// Queue is a queue of words.
type Queue struct{ items []string }

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{} }

// FromWords returns a queue holding words.
func FromWords(words []string) *Queue { return &Queue{items: words} }

// Push adds w at the back.
func (q *Queue) Push(w string) { q.items = append(q.items, w) }

// PushFront adds w at the front.
func (q *Queue) PushFront(w string) { q.items = append([]string{w}, q.items...) }

// Pop takes the front word.
func (q *Queue) Pop() (string, bool) {
	if len(q.items) == 0 {
		return "", false
	}
	w := q.items[0]
	q.items = q.items[1:]
	return w, true
}

// Len is the number of words.
func (q *Queue) Len() int { return len(q.items) }

// Set is a set of numbers.
type Set struct{ m map[int]bool }

// Add puts n in the set.
func (s *Set) Add(n int) {
	if s.m == nil {
		s.m = map[int]bool{}
	}
	s.m[n] = true
}

// Remove takes n out of the set.
func (s *Set) Remove(n int) { delete(s.m, n) }

// Has reports whether n is in the set.
func (s *Set) Has(n int) bool { return s.m[n] }

// Window is a rectangle on a screen, with a title.
type Window struct {
	x, y, w, h int
	title      string
}

// NewWindow returns a window.
func NewWindow(x, y, w, h int, title string) *Window { return &Window{x, y, w, h, title} }

// FromGeometry reads "WxH+X+Y".
func FromGeometry(s string) *Window {
	var win Window
	fmt.Sscanf(s, "%dx%d+%d+%d", &win.w, &win.h, &win.x, &win.y)
	return &win
}

// MakeTitled returns a window with a title only.
func MakeTitled(title string) *Window { return &Window{title: title} }

// WithTitle sets the title.
func (win *Window) WithTitle(t string) *Window { win.title = t; return win }

// Move returns the window moved by dx, dy.
func (win Window) Move(dx, dy int) Window { win.x += dx; win.y += dy; return win }

// Area is w×h.
func (win *Window) Area() int { return win.w * win.h }

// Options has no constructor: its zero value is ready to use.
type Options struct{ verbose bool }

// Verbose returns the options with verbose set.
func (o Options) Verbose(v bool) Options { o.verbose = v; return o }

// Ring holds keys, which Add takes several at a time, and calls a hook
// on each key it drops.
type Ring struct {
	keys []string
	// OnDrop, when set, is called with each key Remove takes out.
	OnDrop func(key string)
}

// NewRing returns an empty ring.
func NewRing() *Ring { return &Ring{} }

// Add puts keys on the ring.
func (r *Ring) Add(keys ...string) { r.keys = append(r.keys, keys...) }

// Remove takes keys off the ring.
func (r *Ring) Remove(keys ...string) {
	for _, k := range keys {
		for i, have := range r.keys {
			if have == k {
				r.keys = append(r.keys[:i], r.keys[i+1:]...)
				if r.OnDrop != nil {
					r.OnDrop(k)
				}
				break
			}
		}
	}
}

// Len is the number of keys.
func (r *Ring) Len() int { return len(r.keys) }

// OnLen sets a function Len's callers may call back; it stands for a
// method that sets a hook of unexported state.
func (r *Ring) OnLen(f func(n int) bool) {}

// Lease holds a key for a while; its constructor takes a type of
// another package.
type Lease struct {
	key string
	ttl time.Duration
}

// NewLease returns a lease of key for ttl.
func NewLease(key string, ttl time.Duration) *Lease { return &Lease{key, ttl} }

// Extend adds d to the lease.
func (l *Lease) Extend(d time.Duration) { l.ttl += d }

// Store holds values of any type under keys.
type Store struct{ m map[string]any }

// NewStore returns an empty store.
func NewStore() *Store { return &Store{m: map[string]any{}} }

// Put stores v under k.
func (s *Store) Put(k string, v any) { s.m[k] = v }

// AddInt8 adds n to the int8 stored under k.
func (s *Store) AddInt8(k string, n int8) (int8, bool) {
	v, ok := s.m[k].(int8)
	if !ok {
		return 0, false
	}
	s.m[k] = v + n
	return v + n, true
}

// Kind names the type of the value under k.
func (s *Store) Kind(k string) string {
	switch s.m[k].(type) {
	case uint16:
		return "uint16"
	case []string:
		return "words"
	}
	return "other"
}

// Pool holds names, at most size of them.
type Pool struct {
	size  int
	names []string
}

// NewPool returns an empty pool; it panics on a size below 1.
func NewPool(size int) *Pool {
	if size < 1 {
		panic("bad size")
	}
	return &Pool{size: size}
}

// Add puts name in the pool, dropping the oldest when it is full.
func (p *Pool) Add(name string) {
	if len(p.names) == p.size {
		p.names = p.names[1:]
	}
	p.names = append(p.names, name)
}

// Sorted keeps names in the order of its less function.
type Sorted struct {
	less  func(a, b string) bool
	names []string
}

// NewSorted returns an empty list ordered by less.
func NewSorted(less func(a, b string) bool) *Sorted { return &Sorted{less: less} }

// Insert puts name in its place.
func (s *Sorted) Insert(name string) {
	i := 0
	for i < len(s.names) && s.less(s.names[i], name) {
		i++
	}
	s.names = append(s.names[:i], append([]string{name}, s.names[i:]...)...)
}

// FromNames returns a pool of size holding names.
func FromNames(names []string, size int) *Pool {
	p := NewPool(size)
	for _, n := range names {
		p.Add(n)
	}
	return p
}

// Bits is a set of small numbers that grows as they are set.
type Bits struct {
	words  []uint64
	length uint
}

// NewBits returns a set with room for size numbers.
func NewBits(size uint) *Bits { return &Bits{words: make([]uint64, (size+63)/64), length: size} }

// Set adds i, and returns the set for chaining: it changes the set in
// place, so it fills one like a mutator.
func (b *Bits) Set(i uint) *Bits {
	for i >= uint(len(b.words))*64 {
		b.words = append(b.words, 0)
	}
	b.words[i/64] |= 1 << (i % 64)
	if i >= b.length {
		b.length = i + 1
	}
	return b
}

// AppendTo appends the numbers in the set to buf: named like Append, it
// writes elsewhere, and fills nothing.
func (b *Bits) AppendTo(buf []uint) []uint {
	for i := uint(0); i < b.length; i++ {
		if b.words[i/64]&(1<<(i%64)) != 0 {
			buf = append(buf, i)
		}
	}
	return buf
}

// Scheduler answers through the goroutine Start runs once it runs.
type Scheduler struct {
	running bool
	jobs    []string
	ask     chan chan int
}

// NewScheduler returns a stopped scheduler.
func NewScheduler() *Scheduler { return &Scheduler{ask: make(chan chan int)} }

// AddJob queues a job.
func (s *Scheduler) AddJob(name string) { s.jobs = append(s.jobs, name) }

// Start runs the loop in a goroutine.
func (s *Scheduler) Start() {
	if s.running {
		return
	}
	s.running = true
	go func() {
		for reply := range s.ask {
			reply <- len(s.jobs)
		}
	}()
}

// Run runs the loop itself: a value built with it would never be.
func (s *Scheduler) Run() { select {} }

// Open takes an argument: not a starter.
func (s *Scheduler) Open(mode int) {}

// Pending asks the loop when it runs.
func (s *Scheduler) Pending() int {
	if !s.running {
		return len(s.jobs)
	}
	reply := make(chan int)
	s.ask <- reply
	return <-reply
}

// Scope is a set of permissions, inside the scope it narrows.
type Scope struct {
	parent *Scope
	perms  []string
}

// Checker tells whether a permission is granted.
type Checker interface{ Allows(perm string) bool }

// NewScope returns a scope of perms.
func NewScope(perms ...string) *Scope { return &Scope{perms: perms} }

// Narrow returns a scope inside s that grants perms only where s does.
func (s *Scope) Narrow(perms ...string) Checker { return &Scope{parent: s, perms: perms} }

// Allows reports whether s and every scope around it grant perm.
func (s *Scope) Allows(perm string) bool {
	for _, p := range s.perms {
		if p == perm {
			if s.parent == nil {
				return true
			}
			return s.parent.Allows(perm)
		}
	}
	return false
}

// Doc is a document of named parts, made by Empty (no constructor's
// name): its parts are made by NewPart and hold lines.
type Doc struct{ parts []*Part }

// Part is a part of a Doc.
type Part struct {
	name  string
	lines []string
}

// Empty returns a document without parts.
func Empty() *Doc { return &Doc{} }

// NewPart adds a part named name; a part needs a name.
func (d *Doc) NewPart(name string) (*Part, error) {
	if name == "" {
		return nil, errors.New("a part needs a name")
	}
	p := &Part{name: name}
	d.parts = append(d.parts, p)
	return p, nil
}

// AddLine adds a line to the part.
func (p *Part) AddLine(s string) { p.lines = append(p.lines, s) }

// Lines counts the lines of the document.
func (d *Doc) Lines() int {
	n := 0
	for _, p := range d.parts {
		n += len(p.lines)
	}
	return n
}

// Tag is an element of a document, which makes its own children.
type Tag struct {
	name   string
	parent *Tag
	kids   []*Tag
	words  []*Word
}

// NewTag is a tag in no document.
func NewTag(name string) *Tag { return newTag(name, nil) }

// CreateTag makes a child of t, the last of its children.
func (t *Tag) CreateTag(name string) *Tag { return newTag(name, t) }

func newTag(name string, parent *Tag) *Tag {
	t := &Tag{name: name, parent: parent}
	if parent != nil {
		parent.kids = append(parent.kids, t)
	}
	return t
}

// Path is t's names from the top down.
func (t *Tag) Path() string {
	if t.parent == nil {
		return t.name
	}
	return t.parent.Path() + "/" + t.name
}

// Piece is a part of a tag's text; only this package makes them.
type Piece interface {
	Text() string
	attach(t *Tag)
}

// Word is a piece of text.
type Word struct {
	s   string
	tag *Tag
}

// NewWord is a word of s.
func NewWord(s string) *Word { return &Word{s: s} }

// Text is the word.
func (w *Word) Text() string { return w.s }

func (w *Word) attach(t *Tag) { w.tag = t }

// AddWord makes a word inside t.
func (t *Tag) AddWord(s string) *Word {
	w := NewWord(s)
	w.attach(t)
	t.words = append(t.words, w)
	return w
}

// Page holds tags and loose words.
type Page struct {
	tags  []*Tag
	words []*Word
}

// CreateWord makes a loose word on p.
func (p *Page) CreateWord(s string) *Word {
	w := NewWord(s)
	p.words = append(p.words, w)
	return w
}

// CreateTag makes a top tag of p.
func (p *Page) CreateTag(name string) *Tag {
	t := NewTag(name)
	p.tags = append(p.tags, t)
	return t
}

// Rename names t again.
func (t *Tag) Rename(name string) { t.name = name }

// Close ends t; no reshaper.
func (t *Tag) Close() error { t.kids = nil; return nil }
