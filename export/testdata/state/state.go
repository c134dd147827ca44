// Package state keeps a setting in a package-level variable that one
// function changes and another reads: the exported test must not let
// the first's cases change what the second's see.
package state

import "sync"

// order is the setting; mu is a lock, which is never copied.
var (
	order = "big"
	mu    sync.Mutex
)

// ChangeOrder sets the order Order reports.
func ChangeOrder(o string) {
	mu.Lock()
	defer mu.Unlock()
	order = o
}

// Order reports the order.
func Order() string {
	mu.Lock()
	defer mu.Unlock()
	return order
}
