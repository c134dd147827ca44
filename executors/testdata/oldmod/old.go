// Package oldmod is a module whose go.mod says go 1.8, before type
// aliases: the files specgen adds to it must still compile.
package oldmod

// Known reports whether s is the one key.
func Known(s string) bool {
	return s == "key"
}
