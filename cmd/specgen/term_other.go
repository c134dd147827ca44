//go:build !unix

package main

import "os"

// terminal reports whether w is a terminal: here, a character device,
// whose width is not known (0).
func terminal(w any) (width int, ok bool) {
	f, isFile := w.(*os.File)
	if !isFile {
		return 0, false
	}
	st, err := f.Stat()
	return 0, err == nil && st.Mode()&os.ModeCharDevice != 0
}
