// Package held is a gate that lets one writer or many readers in: a
// writer that finds it held waits its turn, one that tries does not.
package held

import (
	"runtime"
	"sync"
)

// Gate is a readers-writer gate.
type Gate struct {
	mu      sync.Mutex
	readers int
	writer  bool
	waited  int
}

// Token is a reader's hold on a gate.
type Token struct{ n int }

// NewGate returns an open gate.
func NewGate() *Gate { return &Gate{} }

// RLock lets a reader in once no writer holds the gate.
func (g *Gate) RLock() *Token {
	for {
		g.mu.Lock()
		if !g.writer {
			g.readers++
			g.mu.Unlock()
			return &Token{n: g.readers}
		}
		g.mu.Unlock()
		runtime.Gosched()
	}
}

// RUnlock lets the reader holding t out.
func (g *Gate) RUnlock(t *Token) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if t == nil || g.readers == 0 {
		panic("runlock of a gate no reader holds")
	}
	g.readers--
}

// TryLock lets a writer in if nobody holds the gate, and reports
// whether it did.
func (g *Gate) TryLock() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.readers > 0 {
		return false
	}
	if g.writer {
		return false
	}
	g.writer = true
	return true
}

// Lock lets a writer in, waiting for the readers and the writer that
// hold the gate to leave; it returns how many times it waited.
func (g *Gate) Lock() int {
	waits := 0
	for {
		g.mu.Lock()
		if !g.writer && g.readers == 0 {
			g.writer = true
			g.mu.Unlock()
			return waits
		}
		g.mu.Unlock()
		if waits == 0 {
			g.waited++
		}
		waits++
		runtime.Gosched()
	}
}

// Unlock lets the writer out.
func (g *Gate) Unlock() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.writer {
		panic("unlock of an open gate")
	}
	g.writer = false
}
