package pipeline

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is one of N parts of a package's functions, for splitting gen
// across CI jobs: K in 1..N. A function belongs to the shard that a hash
// of its spec name picks, so that adding or removing a function moves no
// other. The zero Shard holds every function.
type Shard struct {
	K, N int
}

// ParseShard reads "k/n", 1 <= k <= n.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want k/n, such as 1/4", s)
	}
	k, err := strconv.Atoi(strings.TrimSpace(ks))
	if err != nil {
		return Shard{}, fmt.Errorf("shard %q: k: %w", s, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil {
		return Shard{}, fmt.Errorf("shard %q: n: %w", s, err)
	}
	if n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("shard %q: want 1 <= k <= n", s)
	}
	return Shard{K: k, N: n}, nil
}

// String is "k/n", or "" for the zero Shard.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Has reports whether the function called name (its spec name, such as
// "(*T).M") is in the shard.
func (s Shard) Has(name string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	return int(h.Sum64()%uint64(s.N)) == s.K-1
}
