// Package faked takes an interface it never implements: its callers
// bring their own, so exploring it needs fakes.
package faked

import (
	"errors"
	"fmt"
)

// Store holds values by key.
type Store interface {
	Get(key string) (string, bool)
	Put(key, value string) error
}

// Cache reads through a Store.
type Cache struct {
	store Store
	hits  int
}

// NewCache returns a Cache over s.
func NewCache(s Store) *Cache { return &Cache{store: s} }

// Lookup returns the value of key in the store, storing "default" for
// a key it does not hold.
func (c *Cache) Lookup(key string) (string, error) {
	if c.store == nil {
		return "", errors.New("no store")
	}
	v, ok := c.store.Get(key)
	if !ok {
		if err := c.store.Put(key, "default"); err != nil {
			return "", fmt.Errorf("fill %s: %w", key, err)
		}
		return "default", nil
	}
	c.hits++
	return v, nil
}

// Copy copies the keys src holds into dst and counts them, up to the
// first that dst refuses.
func Copy(dst, src Store, keys ...string) (int, error) {
	n := 0
	for _, k := range keys {
		v, ok := src.Get(k)
		if !ok {
			continue
		}
		if err := dst.Put(k, v); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
