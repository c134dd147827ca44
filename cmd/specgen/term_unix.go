//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// terminal reports whether w is a terminal, and its width in columns
// (0 when it does not say). A character device that is no terminal,
// /dev/null say, is not one.
func terminal(w any) (width int, ok bool) {
	f, isFile := w.(*os.File)
	if !isFile {
		return 0, false
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0, false
	}
	return int(ws.Col), true
}
