package executors

import (
	"os"

	"golang.org/x/sys/unix"
)

// unnamedFile opens a file in dir that has no name (O_TMPFILE): it is
// gone when the last descriptor of it closes, whoever holds it.
func unnamedFile(dir, name string) (*os.File, error) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open O_TMPFILE", Path: dir, Err: err}
	}
	return os.NewFile(uintptr(fd), name), nil
}
