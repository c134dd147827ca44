package executors

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The native build cache keeps the worker binaries that go test -c
// builds (KEY.test), a lock file per key (KEY.lock), and build
// directories while builds run (KEY-RANDOM.src).

// DefaultCacheMax bounds the total size of the worker binaries in the
// native build cache, unless $SPECGEN_CACHE_MAX says otherwise.
const DefaultCacheMax = 1 << 30

// CacheDir is the native build cache: $SPECGEN_CACHE when it is set,
// else specgen/native in the user cache directory (os.UserCacheDir),
// else in the temporary directory.
func CacheDir() string {
	if dir := os.Getenv("SPECGEN_CACHE"); dir != "" {
		return dir
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "specgen", "native")
}

// CacheMax is the size bound of the native build cache:
// $SPECGEN_CACHE_MAX (see ParseSize) when it is set and valid, else
// DefaultCacheMax.
func CacheMax() (int64, error) {
	s := os.Getenv("SPECGEN_CACHE_MAX")
	if s == "" {
		return DefaultCacheMax, nil
	}
	n, err := ParseSize(s)
	if err != nil {
		return DefaultCacheMax, fmt.Errorf("$SPECGEN_CACHE_MAX: %w", err)
	}
	return n, nil
}

// ParseSize reads a size in bytes: a whole number, optionally followed
// by KiB, MiB or GiB (or K, M, G, meaning the same).
func ParseSize(s string) (int64, error) {
	num, unit := s, int64(1)
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			num, unit = n, u.n
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/unit {
		return 0, fmt.Errorf("size %q: want bytes, or a number with KiB, MiB or GiB", s)
	}
	return n * unit, nil
}

// cachedBin is a worker binary in the cache.
type cachedBin struct {
	path string
	size int64
	used time.Time
}

// evict picks, of the cache's binaries besides the one in use whose
// size is keepSize, those to remove so that at most maxCount binaries
// and maxBytes bytes stay, keep included: the least recently used go
// first, and once one goes every older one goes too.
func evict(bins []cachedBin, keepSize int64, maxCount int, maxBytes int64) []cachedBin {
	sort.Slice(bins, func(i, j int) bool { return bins[i].used.After(bins[j].used) })
	total, count := keepSize, 1
	for i, b := range bins {
		if count+1 > maxCount || total+b.size > maxBytes {
			return bins[i:]
		}
		total += b.size
		count++
	}
	return nil
}

// CacheEntry is something Clean removes, or would remove.
type CacheEntry struct {
	Path string
	Size int64
	Dir  bool
}

// CleanReport is what Clean did.
type CleanReport struct {
	// Dir is the cache.
	Dir string
	// Removed are the entries removed (with dryRun, those to remove).
	Removed []CacheEntry
	// Bytes is their total size.
	Bytes int64
	// InUse counts the binaries another specgen process was using,
	// left in place.
	InUse int
}

// Clean removes the native build cache in dir: its worker binaries,
// lock files and build directories, but no other file, and none that a
// running specgen holds; with dryRun it removes nothing and reports
// what it would remove. A cache that does not exist is clean.
func Clean(dir string, dryRun bool) (*CleanReport, error) {
	rep := &CleanReport{Dir: dir}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return rep, nil
	}
	if err != nil {
		return nil, fmt.Errorf("clean %s: %w", dir, err)
	}
	var errs []error
	add := func(path string, size int64, isDir bool) {
		rep.Removed = append(rep.Removed, CacheEntry{Path: path, Size: size, Dir: isDir})
		rep.Bytes += size
	}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		switch {
		case strings.HasSuffix(name, ".test") && e.Type().IsRegular():
			info, err := e.Info()
			if err != nil {
				continue
			}
			sum := strings.TrimSuffix(name, ".test")
			if dryRun || !keyLocking {
				add(path, info.Size(), false)
				if !dryRun {
					errs = append(errs, removeErr(os.Remove(path)))
				}
				continue
			}
			lockPath := filepath.Join(dir, sum+".lock")
			hadLock := isRegular(lockPath)
			removed := false
			unused(dir, sum, func() {
				if err := os.Remove(path); err != nil {
					errs = append(errs, err)
					return
				}
				removed = true
				os.Remove(lockPath)
			})
			switch {
			case !removed:
				rep.InUse++
			case hadLock:
				add(path, info.Size(), false)
				add(lockPath, 0, false)
			default:
				add(path, info.Size(), false)
			}
		case strings.HasSuffix(name, ".src") && e.IsDir():
			sum, _, _ := strings.Cut(strings.TrimSuffix(name, ".src"), "-")
			size := dirSize(path)
			if dryRun || !keyLocking {
				add(path, size, true)
				if !dryRun {
					errs = append(errs, removeErr(os.RemoveAll(path)))
				}
				continue
			}
			lockPath := filepath.Join(dir, sum+".lock")
			hadLock := isRegular(lockPath)
			unused(dir, sum, func() {
				if err := os.RemoveAll(path); err != nil {
					errs = append(errs, err)
					return
				}
				add(path, size, true)
				if !hadLock && !isRegular(filepath.Join(dir, sum+".test")) {
					os.Remove(lockPath) // made by unused itself
				}
			})
		}
	}
	// Lock files last: those of removed binaries are gone already, and
	// one held by a build or a run stays.
	if !dryRun {
		entries, _ = os.ReadDir(dir)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".lock") || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, name)
		if dryRun || !keyLocking {
			add(path, 0, false)
			if !dryRun {
				errs = append(errs, removeErr(os.Remove(path)))
			}
			continue
		}
		unused(dir, strings.TrimSuffix(name, ".lock"), func() {
			if os.Remove(path) == nil {
				add(path, 0, false)
			}
		})
	}
	if err := errors.Join(errs...); err != nil {
		return rep, fmt.Errorf("clean %s: %w", dir, err)
	}
	return rep, nil
}

// removeErr is err, but nil for a file that is already gone.
func removeErr(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// dirSize is the total size of the regular files below dir.
func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
