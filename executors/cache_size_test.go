//go:build unix

package executors

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestPruneBySize bounds the cache by the total size of its binaries:
// the least recently used go first until the rest, with the binary just
// built, fits; once one goes every older one goes, even a small one;
// one in use stays whatever its age.
func TestPruneBySize(t *testing.T) {
	cache := t.TempDir()
	write := func(name string, size int, age time.Duration) {
		t.Helper()
		p := filepath.Join(cache, name)
		if err := os.WriteFile(p, make([]byte, size), 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-age)
		os.Chtimes(p, old, old)
	}
	// Newest first: keep (400), n1 (300), n2 (200), n3 (250), n4 (10),
	// n5 (100, in use).
	write("keep.test", 400, 0)
	write("n1.test", 300, 1*time.Minute)
	write("n2.test", 200, 2*time.Minute)
	write("n3.test", 250, 3*time.Minute)
	write("n4.test", 10, 4*time.Minute)
	write("n5.test", 100, 5*time.Minute)
	lk, err := lockKey(context.Background(), filepath.Join(cache, "n5.lock"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer lk.unlock()

	// 1000 bytes: keep, n1 and n2 fit (900); n3 does not, so n3 and
	// every older binary go, but n5 is in use.
	(&Native{CacheMax: 1000}).prune(cache, filepath.Join(cache, "keep.test"))

	var left []string
	entries, err := os.ReadDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".test" {
			left = append(left, e.Name())
		}
	}
	slices.Sort(left)
	if diff := cmp.Diff([]string{"keep.test", "n1.test", "n2.test", "n5.test"}, left); diff != "" {
		t.Errorf("binaries left (-want +got):\n%s", diff)
	}
}

// TestClean removes the cache's binaries, lock files and build
// directories, but not a binary in use, nor files that are not the
// cache's; -n removes nothing and lists all of them.
func TestClean(t *testing.T) {
	cache := t.TempDir()
	for name, size := range map[string]int{"a.test": 100, "b.test": 50, "a.lock": 0, "notes.txt": 7} {
		if err := os.WriteFile(filepath.Join(cache, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(cache, "c-123.src", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "c-123.src", "sub", "x.go"), make([]byte, 20), 0o644); err != nil {
		t.Fatal(err)
	}
	lk, err := lockKey(context.Background(), filepath.Join(cache, "b.lock"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer lk.unlock()

	names := func(rep *CleanReport) []string {
		var out []string
		for _, e := range rep.Removed {
			out = append(out, filepath.Base(e.Path))
		}
		slices.Sort(out)
		return out
	}
	dry, err := Clean(cache, true)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a.lock", "a.test", "b.lock", "b.test", "c-123.src"}, names(dry)); diff != "" {
		t.Errorf("clean -n lists (-want +got):\n%s", diff)
	}
	if dry.Bytes != 170 {
		t.Errorf("clean -n frees %d bytes, want 170", dry.Bytes)
	}
	if _, err := os.Stat(filepath.Join(cache, "a.test")); err != nil {
		t.Errorf("clean -n removed a.test: %v", err)
	}

	rep, err := Clean(cache, false)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a.lock", "a.test", "c-123.src"}, names(rep)); diff != "" {
		t.Errorf("clean removed (-want +got):\n%s", diff)
	}
	if rep.Bytes != 120 || rep.InUse != 1 {
		t.Errorf("clean freed %d bytes with %d in use, want 120 and 1", rep.Bytes, rep.InUse)
	}
	var left []string
	entries, _ := os.ReadDir(cache)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	slices.Sort(left)
	if diff := cmp.Diff([]string{"b.lock", "b.test", "notes.txt"}, left); diff != "" {
		t.Errorf("left in the cache (-want +got):\n%s", diff)
	}

	if rep, err := Clean(filepath.Join(cache, "missing"), false); err != nil || len(rep.Removed) != 0 {
		t.Errorf("Clean of a missing cache = %v, %v; want nothing removed", rep, err)
	}
}

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		err  bool
	}{
		{"1024", 1024, false},
		{"512MiB", 512 << 20, false},
		{"2G", 2 << 30, false},
		{"10 KiB", 10 << 10, false},
		{"-1", 0, true},
		{"lots", 0, true},
		{"1TiB", 0, true},
	} {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}
