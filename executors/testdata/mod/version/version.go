// Package version has a variable its builds set with -ldflags=-X.
package version

// Version is "dev" unless the build sets it.
var Version = "dev"

// Get returns Version.
func Get() string { return Version }
