// Package cfgopts keeps a bounded store configured by options of an
// unnamed function type.
package cfgopts

// Config is what the options set.
type Config struct {
	limit    int
	growOnly bool
}

// WithLimit bounds the store to n keys.
func WithLimit(n int) func(*Config) {
	return func(c *Config) { c.limit = n }
}

// WithGrowOnly lets the store grow past its limit.
func WithGrowOnly() func(*Config) {
	return func(c *Config) { c.growOnly = true }
}

// Store maps keys to counts.
type Store struct {
	cfg   Config
	items map[string]int
}

// New makes a store with the options applied in order.
func New(opts ...func(*Config)) *Store {
	s := &Store{items: map[string]int{}}
	for _, o := range opts {
		o(&s.cfg)
	}
	return s
}

// Put sets k to v, and reports whether it did: a store at its limit
// takes no new key unless it may grow.
func (s *Store) Put(k string, v int) bool {
	if _, ok := s.items[k]; !ok && s.cfg.limit > 0 && len(s.items) >= s.cfg.limit {
		if !s.cfg.growOnly {
			return false
		}
	}
	s.items[k] = v
	return true
}

// Room is how many more keys the store takes: -1 when it has no bound.
func (s *Store) Room() int {
	if s.cfg.limit == 0 || s.cfg.growOnly {
		return -1
	}
	return s.cfg.limit - len(s.items)
}
