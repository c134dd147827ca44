//go:build unix

package executors

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPruneLeavesOthersWork prunes a cache that other processes are
// using, as the locks they hold say: a worker binary in use, a build in
// progress and a key being built stay; what no one holds, or is older
// than an hour, goes.
func TestPruneLeavesOthersWork(t *testing.T) {
	cache := t.TempDir()
	ctx := context.Background()
	write := func(name string, age time.Duration) {
		t.Helper()
		p := filepath.Join(cache, name)
		if err := os.WriteFile(p, []byte("x"), 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-age)
		os.Chtimes(p, old, old)
	}
	mkdir := func(name string, age time.Duration) {
		t.Helper()
		p := filepath.Join(cache, name)
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-age)
		os.Chtimes(p, old, old)
	}
	hold := func(sum string, exclusive bool) {
		t.Helper()
		lk, err := lockKey(ctx, filepath.Join(cache, sum+".lock"), exclusive)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(lk.unlock)
	}
	// 70 binaries, b000 the least recently used: the 7 oldest are
	// beyond the limit (with keep, 64 are kept), but b000 is in use.
	for i := range 70 {
		write(fmt.Sprintf("b%03d.test", i), time.Duration(70-i)*time.Minute)
	}
	hold("b000", false)
	write("keep.test", 0)
	// Build directories: one being built, one whose builder is gone,
	// one being built for two hours (a leftover, whoever holds it).
	mkdir("busy-1.src", time.Minute)
	hold("busy", true)
	mkdir("gone-2.src", time.Minute)
	mkdir("stuck-3.src", 2*time.Hour)
	hold("stuck", true)
	// Lock files of keys without a binary: old and free, old and held,
	// fresh.
	write("oldfree.lock", 2*time.Hour)
	write("oldheld.lock", 2*time.Hour)
	hold("oldheld", true)
	write("fresh.lock", time.Minute)

	(&Native{}).prune(cache, filepath.Join(cache, "keep.test"))

	entries, err := os.ReadDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	left := map[string]bool{}
	for _, e := range entries {
		left[e.Name()] = true
	}
	for _, name := range []string{"b000.test", "b007.test", "b069.test", "keep.test", "busy-1.src", "oldheld.lock", "fresh.lock", "b000.lock", "busy.lock"} {
		if !left[name] {
			t.Errorf("%s was removed", name)
		}
	}
	for _, name := range []string{"b001.test", "b006.test", "b001.lock", "gone-2.src", "stuck-3.src", "oldfree.lock"} {
		if left[name] {
			t.Errorf("%s was kept", name)
		}
	}
	var bins []string
	for name := range left {
		if filepath.Ext(name) == ".test" {
			bins = append(bins, name)
		}
	}
	slices.Sort(bins)
	if len(bins) != maxCachedWorkers+1 {
		t.Errorf("%d binaries left, want %d (the limit, and the one in use): %q", len(bins), maxCachedWorkers+1, bins)
	}
}
