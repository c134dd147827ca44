package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", "", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("version: no arguments expected, got %s", strings.Join(pos, " "))
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(info, runtime.GOOS, runtime.GOARCH))
	return nil
}

// versionLine is what specgen version prints, as go version -m would
// describe the binary: "specgen v1.2.3 go1.26.8 linux/amd64", with the
// VCS revision, its time and "modified" when the build recorded them.
// A build with tags says so last ("tags specgen_lite": a build without
// the model providers). info is nil when the binary has no build
// information.
func versionLine(info *debug.BuildInfo, goos, goarch string) string {
	version, goVersion := "(unknown)", runtime.Version()
	var rev, at, tags string
	modified := false
	if info != nil {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			case "-tags":
				tags = s.Value
			}
		}
	}
	line := fmt.Sprintf("specgen %s %s %s/%s", version, goVersion, goos, goarch)
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += " rev " + rev
		if at != "" {
			line += " " + at
		}
		if modified {
			line += " modified"
		}
	}
	if tags != "" {
		line += " tags " + tags
	}
	return line
}
