package sandbox

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// Scratch is a prepared scratch directory that can be put back as
// Prepare left it, so that what one probe or case writes, removes or
// renames there is not seen by the next one run by the same worker.
type Scratch struct {
	Dirs
	src  string
	lim  Limits
	sum  uint64      // fingerprint of the writable parts after Prepare
	pkg  uint64      // fingerprint of the package copy alone
	home uint64      // and of the home
	root os.FileInfo // the package copy, the worker's working directory
	w    *watcher    // nil: Changed compares fingerprints
}

// New prepares the scratch directory d (see Prepare) and remembers its
// state.
func New(d Dirs, src string, lim Limits) (*Scratch, Copied, error) {
	c, err := Prepare(d, src, lim)
	if err != nil {
		return nil, c, err
	}
	s := &Scratch{Dirs: d, src: src, lim: lim}
	if s.root, err = os.Lstat(d.Pkg); err != nil {
		return nil, c, fmt.Errorf("sandbox: %w", err)
	}
	s.sum = fingerprint(d)
	s.pkg, s.home = fingerprintDirs(d.Pkg), fingerprintDirs(d.Home)
	s.w = watch(d.probed()...)
	return s, c, nil
}

// probed are the parts of d a probe may change and Restore puts back:
// the package copy, the home and the temporary directory. The cache
// directory is left out: what a process caches there is its own
// business.
func (d Dirs) probed() []string { return []string{d.Pkg, d.Home, d.Tmp} }

// Changed reports whether anything in the package copy, the home or the
// temporary directory differs from the state New left: an entry made,
// removed or renamed, or a file's size, mode or modification time.
func (s *Scratch) Changed() bool {
	if s.w != nil && !s.w.changed() {
		return false
	}
	return fingerprint(s.Dirs) != s.sum
}

// Close releases what New holds to tell changes apart; the directory
// stays.
func (s *Scratch) Close() {
	s.w.close()
	s.w = nil
}

// ErrMoved reports a package copy that was removed or replaced as a
// whole: the worker's working directory is gone, so the worker must
// start again in a fresh scratch directory.
var ErrMoved = errors.New("sandbox: the working directory was removed")

// Restore empties the package copy, the home and the temporary
// directory and copies the package's data files again. It returns
// ErrMoved when the package copy itself is not the directory New made.
func (s *Scratch) Restore() error {
	for _, dir := range s.probed() {
		if err := empty(dir); err != nil {
			return fmt.Errorf("sandbox: restore %s: %w", dir, err)
		}
	}
	if fi, err := os.Lstat(s.Pkg); err != nil || !os.SameFile(fi, s.root) {
		return ErrMoved
	}
	if _, err := copyTree(s.Dirs, s.src, s.lim); err != nil {
		return err
	}
	s.sum = fingerprint(s.Dirs)
	s.pkg, s.home = fingerprintDirs(s.Pkg), fingerprintDirs(s.Home)
	s.w.close()
	s.w = watch(s.probed()...)
	return nil
}

// empty removes what dir holds, making the directories below it
// writable first, and makes dir itself when it is missing.
func empty(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.Mkdir(dir, 0o700)
	}
	if err != nil {
		if err := os.Chmod(dir, 0o700); err != nil {
			return err
		}
		if entries, err = os.ReadDir(dir); err != nil {
			return err
		}
	}
	os.Chmod(dir, 0o700)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if err := os.RemoveAll(p); err != nil {
			// A directory made read-only below: open it up, then retry.
			filepath.WalkDir(p, func(path string, e fs.DirEntry, err error) error {
				if e != nil && e.IsDir() {
					os.Chmod(path, 0o700)
				}
				return nil
			})
			if err := os.RemoveAll(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// fingerprint hashes the names, kinds, sizes, modes and modification
// times of everything below the package copy, the home and the
// temporary directory.
func fingerprint(d Dirs) uint64 { return fingerprintDirs(d.probed()...) }

// Wrote names the places outside the temporary directory that differ
// from the state New left ("package directory", "home"), in that order:
// where a call that writes files wrote them, which a test run outside
// the sandbox would write to in the package's own directory or the
// user's home. Nil when neither changed.
func (s *Scratch) Wrote() []string {
	var out []string
	if fingerprintDirs(s.Pkg) != s.pkg {
		out = append(out, "package directory")
	}
	if fingerprintDirs(s.Home) != s.home {
		out = append(out, "home")
	}
	return out
}

// fingerprintDirs hashes the entries of the trees at dirs: their paths,
// modes, sizes and modification times.
func fingerprintDirs(dirs ...string) uint64 {
	h := fnv.New64a()
	var buf []byte
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			buf = append(buf[:0], path...)
			buf = append(buf, 0)
			if err != nil {
				buf = append(buf, "error"...)
				h.Write(buf)
				return nil
			}
			if info, err := e.Info(); err == nil {
				buf = strconv.AppendUint(buf, uint64(info.Mode()), 16)
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, info.Size(), 16)
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, info.ModTime().UnixNano(), 16)
			}
			buf = append(buf, '\n')
			h.Write(buf)
			return nil
		})
	}
	return h.Sum64()
}
