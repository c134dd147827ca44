package sandbox

import (
	"errors"
	"io/fs"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// watcher tells, with inotify, whether anything was made, removed,
// renamed, written or had its mode changed below some directories. One
// non-blocking read answers, where walking the tree costs a stat per
// entry.
type watcher struct {
	fd int
}

const watchMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_DELETE_SELF | unix.IN_MODIFY |
	unix.IN_ATTRIB | unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_MOVE_SELF | unix.IN_ONLYDIR

// watch watches every directory below dirs; nil when inotify is not to
// be had (a limit on instances or watches reached), and the caller
// compares fingerprints instead.
func watch(dirs ...string) *watcher {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	w := &watcher{fd: fd}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err != nil || !e.IsDir() {
				return err
			}
			_, err = unix.InotifyAddWatch(fd, path, watchMask)
			return err
		})
		if err != nil {
			w.close()
			return nil
		}
	}
	return w
}

// changed reports whether an event arrived since the watcher was made.
func (w *watcher) changed() bool {
	var buf [4096]byte
	n, err := unix.Read(w.fd, buf[:])
	if errors.Is(err, unix.EAGAIN) {
		return false
	}
	// An event, or an error that says nothing for sure: either way
	// the directory is put back.
	return n != 0 || err != nil
}

func (w *watcher) close() {
	if w != nil {
		unix.Close(w.fd)
	}
}
