package sandbox

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Limits bound the copy of a package directory into a scratch
// directory. The zero value is DefaultBytes and DefaultFiles.
type Limits struct {
	Bytes int64 // total size of the files copied
	Files int   // number of files, links and directories made
}

// The default limits keep a copy cheap: the data files of a package
// rarely come near them, and a directory that does (a checked-in corpus)
// is copied in part.
const (
	DefaultBytes = 32 << 20
	DefaultFiles = 4096
)

// Copied says what Prepare copied and what it left out.
type Copied struct {
	Files   int
	Bytes   int64
	Skipped []string // paths relative to the package directory, over the limits
}

// Prepare makes the scratch directory d.Root (which must not exist yet)
// with its parts, and copies into d.Pkg the package directory src
// without its Go source files (the worker has the code built in or
// reads it from elsewhere): data files such as testdata/ that code reads
// relative to its working directory. Left out: version control
// directories, the spec directory testdata/specgen, the directory below
// src that holds d.Root (a TMPDIR inside the package directory), sockets
// and devices, and whatever goes over lim (see Copied.Skipped).
func Prepare(d Dirs, src string, lim Limits) (Copied, error) {
	var c Copied
	if err := os.Mkdir(d.Root, 0o700); err != nil {
		return c, fmt.Errorf("sandbox: %w", err)
	}
	for _, dir := range []string{d.Pkg, d.Home, d.Tmp, d.Cach} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			return c, fmt.Errorf("sandbox: %w", err)
		}
	}
	return copyTree(d, src, lim)
}

// copyTree copies the data files of src into d.Pkg, as Prepare says.
func copyTree(d Dirs, src string, lim Limits) (Copied, error) {
	var c Copied
	if src == "" {
		return c, nil
	}
	if lim.Bytes <= 0 {
		lim.Bytes = DefaultBytes
	}
	if lim.Files <= 0 {
		lim.Files = DefaultFiles
	}
	n := 0
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			if path == src {
				return err
			}
			return nil // unreadable below the root: not copied
		}
		rel, _ := filepath.Rel(src, path)
		if rel == "." {
			return nil
		}
		if e.IsDir() && (skipDir(e.Name()) || filepath.ToSlash(rel) == "testdata/specgen" || within(d.Root, path)) {
			return filepath.SkipDir
		}
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") {
			return nil
		}
		dst := filepath.Join(d.Pkg, rel)
		info, err := e.Info()
		if err != nil {
			return nil
		}
		if n >= lim.Files || (info.Mode().IsRegular() && c.Bytes+info.Size() > lim.Bytes) {
			c.Skipped = append(c.Skipped, filepath.ToSlash(rel))
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case e.IsDir():
			err = os.Mkdir(dst, 0o700)
		case info.Mode()&fs.ModeSymlink != 0:
			var to string
			if to, err = os.Readlink(path); err == nil {
				err = os.Symlink(to, dst)
			}
		case info.Mode().IsRegular():
			err = copyFile(path, dst, info.Mode().Perm())
			if err == nil {
				c.Files++
				c.Bytes += info.Size()
			}
		default:
			return nil
		}
		if err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return c, fmt.Errorf("sandbox: copy %s: %w", src, err)
	}
	return c, nil
}

// skipDir reports directories of version control systems.
func skipDir(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", ".jj", ".bzr":
		return true
	}
	return false
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
