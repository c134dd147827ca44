// Package pacer spaces out attempts: a Pacer says how long to wait
// before the next one and when to give up. Its constructors return the
// interface; its decorators wrap one in a closure.
package pacer

import (
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"time"
)

// Pacer gives the wait before each attempt, and true once there should
// be no more.
type Pacer interface {
	Next() (time.Duration, bool)
}

// PacerFunc adapts a function to a Pacer.
type PacerFunc func() (time.Duration, bool)

// Next calls f.
func (f PacerFunc) Next() (time.Duration, bool) { return f() }

type steady struct{ d time.Duration }

func (s *steady) Next() (time.Duration, bool) { return s.d, false }

// NewSteady waits d every time.
func NewSteady(d time.Duration) Pacer {
	if d <= 0 {
		panic("pacer: wait must be positive")
	}
	return &steady{d: d}
}

type doubling struct {
	d time.Duration
	n uint
}

func (g *doubling) Next() (time.Duration, bool) {
	w := g.d << g.n
	if w <= 0 || g.n >= 62 {
		return 0, true
	}
	g.n++
	return w, false
}

// NewDoubling waits d, then twice as long each time, until the wait
// overflows.
func NewDoubling(d time.Duration) Pacer {
	if d <= 0 {
		panic("pacer: wait must be positive")
	}
	return &doubling{d: d}
}

// Limit stops p after n attempts.
func Limit(n int, p Pacer) Pacer {
	done := 0
	return PacerFunc(func() (time.Duration, bool) {
		if done >= n {
			return 0, true
		}
		done++
		w, stop := p.Next()
		if stop {
			return 0, true
		}
		return w, false
	})
}

// Cap keeps each wait of p at most max.
func Cap(max time.Duration, p Pacer) Pacer {
	return PacerFunc(func() (time.Duration, bool) {
		w, stop := p.Next()
		if stop {
			return 0, true
		}
		if w > max {
			return max, false
		}
		return w, false
	})
}

// ErrGaveUp is returned once the pacer stops.
var ErrGaveUp = errors.New("pacer: gave up")

type temporary struct{ err error }

func (t *temporary) Error() string { return "temporary: " + t.err.Error() }
func (t *temporary) Unwrap() error { return t.err }

// Temporary marks err as worth another attempt.
func Temporary(err error) error {
	if err == nil {
		return nil
	}
	return &temporary{err}
}

// Retry calls f until it succeeds, fails for good, ctx is done or p
// stops.
func Retry(ctx context.Context, p Pacer, f func(context.Context) (int, error)) (int, error) {
	for {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		v, err := f(ctx)
		var tmp *temporary
		if err == nil {
			return v, nil
		} else if !errors.As(err, &tmp) {
			return 0, err
		}
		if _, stop := p.Next(); stop {
			return 0, ErrGaveUp
		}
	}
}

// Wait waits d, unless ctx is done before or while it waits.
func Wait(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("pacer: before the wait: %w", err)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("pacer: during the wait: %w", ctx.Err())
	case <-t.C:
		return nil
	}
}

// PollOption configures Poll.
type PollOption func(*pollConfig)

type pollConfig struct {
	wait  time.Duration
	ctx   context.Context
	quiet bool
}

// Every sets the wait between two calls (default 200ms).
func Every(d time.Duration) PollOption { return func(c *pollConfig) { c.wait = d } }

// Within gives up once ctx is done.
func Within(ctx context.Context) PollOption { return func(c *pollConfig) { c.ctx = ctx } }

// Quiet makes Poll give up without an error.
func Quiet(q bool) PollOption { return func(c *pollConfig) { c.quiet = q } }

// Poll calls f until it says it is done, 20 times at most.
func Poll(f func() bool, opts ...PollOption) error {
	c := pollConfig{wait: 200 * time.Millisecond, ctx: context.Background()}
	for _, o := range opts {
		o(&c)
	}
	for i := 0; i < 20; i++ {
		if f() {
			return nil
		}
		select {
		case <-c.ctx.Done():
			return fmt.Errorf("pacer: poll: %w", c.ctx.Err())
		case <-time.After(c.wait):
		}
	}
	if c.quiet {
		return nil
	}
	return ErrGaveUp
}

// Journal records the waits a pacer gave.
type Journal struct{ waits []time.Duration }

// Add records a wait.
func (j *Journal) Add(d time.Duration) { j.waits = append(j.waits, d) }

// Len is the number of waits recorded.
func (j *Journal) Len() int { return len(j.waits) }

// Save writes the journal, as a gob.
func (j *Journal) Save(w io.Writer) error { return gob.NewEncoder(w).Encode(j.waits) }

// Load adds the waits of a journal Save wrote.
func (j *Journal) Load(r io.Reader) error {
	var ws []time.Duration
	if err := gob.NewDecoder(r).Decode(&ws); err != nil {
		return fmt.Errorf("pacer: load: %w", err)
	}
	for _, w := range ws {
		j.waits = append(j.waits, w)
	}
	return nil
}

// Fill appends n, n+1, ... to buf until it is full: up to its capacity.
func Fill(n int, buf []int) []int {
	for len(buf) < cap(buf) {
		buf = append(buf, n)
		n++
	}
	return buf
}

// Total is the sum of xs.
func Total(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
