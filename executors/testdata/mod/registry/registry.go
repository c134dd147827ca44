// Package registry keeps package-level state its functions change: a
// map of names, a made-once flag, a counter behind a pointer and a
// sync.Once, as legacy registries do.
package registry

import (
	"errors"
	"sync"
)

var (
	names   = map[string]int{"builtin": 0}
	made    bool
	order   []string
	stats   = &counters{}
	setup   sync.Once
	setups  int
	builtin = "builtin" // read only: never set back
)

type counters struct{ registered int }

// Register adds name, refusing one registered before.
func Register(name string) (int, error) {
	setup.Do(func() { setups++ })
	if _, dup := names[name]; dup {
		return 0, errors.New("registry: duplicate " + name)
	}
	stats.registered++
	names[name] = stats.registered
	order = append(order, name)
	return stats.registered, nil
}

// MakeOnce may be called once.
func MakeOnce() int {
	if made {
		panic("registry: made twice")
	}
	made = true
	return setups + len(order) + len(builtin)
}

// Refuse fails with a message spaced as protobuf's may be: a no-break
// space after the prefix.
func Refuse(name string) error {
	return errors.New("registry:\u00a0refused " + name)
}

// MustRefuse panics with that message.
func MustRefuse(name string) {
	panic("registry:\u00a0refused " + name)
}
