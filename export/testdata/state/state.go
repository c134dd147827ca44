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

// units is made on first use, by unitsOnce: put back to nil between two
// functions' cases, it would stay nil.
var (
	units     map[string]int
	unitsOnce sync.Once
)

func table() map[string]int {
	unitsOnce.Do(func() {
		units = map[string]int{"k": 1000, "M": 1000000}
	})
	return units
}

// Unit is the factor of a unit's symbol.
func Unit(s string) int { return table()[s] }

// Units counts the units known.
func Units() int { return len(table()) }
