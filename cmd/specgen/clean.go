package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/specgen-dev/specgen/executors"
)

func cleanCmd(args []string, stdout, stderr io.Writer) error {
	var dryRun bool
	fs := newFlags("clean", "[-n]   (the native build cache: $SPECGEN_CACHE, else specgen/native in the user cache)", stderr)
	fs.BoolVar(&dryRun, "n", false, "print what would be removed, and remove nothing")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("clean: no arguments expected, got %s", strings.Join(pos, " "))
	}
	rep, err := executors.Clean(executors.CacheDir(), dryRun)
	if rep != nil {
		writeClean(stdout, rep, dryRun)
	}
	if err != nil {
		return fmt.Errorf("clean: %w", err)
	}
	return nil
}

// writeClean prints, with dryRun, each entry to remove as the command
// that would remove it (as go clean -n does), then a summary line.
func writeClean(w io.Writer, rep *executors.CleanReport, dryRun bool) {
	if dryRun {
		for _, e := range rep.Removed {
			if e.Dir {
				fmt.Fprintf(w, "rm -rf %s\n", e.Path)
			} else {
				fmt.Fprintf(w, "rm -f %s\n", e.Path)
			}
		}
	}
	verb := "removed"
	if dryRun {
		verb = "would remove"
	}
	fmt.Fprintf(w, "%s: %s %d %s, %s", rep.Dir, verb, len(rep.Removed), plural(len(rep.Removed), "entry"), byteSize(rep.Bytes))
	if rep.InUse > 0 {
		fmt.Fprintf(w, "; %d in use by another specgen, kept", rep.InUse)
	}
	fmt.Fprintln(w)
}

// byteSize is n bytes for a person: "0 B", "512 B", "12.3 MiB".
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
