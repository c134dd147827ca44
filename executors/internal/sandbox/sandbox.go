// Package sandbox confines a worker process before it runs probes: with
// Landlock, the file system is read-only except for the worker's scratch
// directory, and TCP bind and connect are denied where the kernel can
// enforce it. It also lays out the scratch directory (a copy of the
// package directory's data files, a home, a temporary directory) and
// recognises the errors a confined probe gets.
package sandbox

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// Status says which protections Confine gives on this machine.
type Status struct {
	// Off reports that the user turned the sandbox off.
	Off bool
	// ABI is the Landlock ABI version Confine uses (0: no Landlock).
	ABI int
}

// Active reports whether Confine restricts anything.
func (s Status) Active() bool { return !s.Off && s.ABI > 0 }

// Net reports whether TCP bind and connect are denied.
func (s Status) Net() bool { return s.Active() && s.ABI >= 4 }

// String is the one line gen and run print.
func (s Status) String() string {
	switch {
	case s.Off:
		return "sandbox: off (-sandbox=off)"
	case s.ABI == 0:
		return "sandbox: unavailable (kernel without landlock)"
	case s.Net():
		return fmt.Sprintf("sandbox: landlock v%d (files read-only outside scratch, tcp denied)", s.ABI)
	}
	return fmt.Sprintf("sandbox: landlock v%d (files read-only outside scratch; tcp allowed, kernel landlock < v4)", s.ABI)
}

// Current is the status of the sandbox on this kernel; off reports a
// sandbox the user turned off.
func Current(off bool) Status {
	if off {
		return Status{Off: true}
	}
	return Status{ABI: min(abiVersion(), maxABI)}
}

// Dirs are the parts of a worker's scratch directory.
type Dirs struct {
	Root string // the scratch directory: the only writable place
	Pkg  string // the copy of the package directory: the working directory
	Home string // HOME
	Tmp  string // TMPDIR, GOTMPDIR
	Cach string // XDG_CACHE_HOME, GOCACHE under it
}

// Layout names the parts of the scratch directory root.
func Layout(root string) Dirs {
	return Dirs{Root: root, Pkg: filepath.Join(root, "pkg"), Home: filepath.Join(root, "home"), Tmp: filepath.Join(root, "tmp"), Cach: filepath.Join(root, "cache")}
}

// Env points the variables by which programs find places to write into
// the scratch directory: later entries of an environment win, so append
// it last.
func (d Dirs) Env() []string {
	return []string{
		"HOME=" + d.Home,
		"TMPDIR=" + d.Tmp,
		"GOTMPDIR=" + d.Tmp,
		"XDG_CACHE_HOME=" + d.Cach,
		"XDG_CONFIG_HOME=" + filepath.Join(d.Home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(d.Home, ".local", "share"),
		"GOCACHE=" + filepath.Join(d.Cach, "go-build"),
		"GOMODCACHE=" + filepath.Join(d.Cach, "gomod"),
	}
}

// denial matches the error text of an operation a confined process was
// refused: a *fs.PathError ("open /x/y: permission denied"), a
// *os.LinkError, or a *net.OpError of a TCP dial or listen.
var denial = regexp.MustCompile(`\b(?:(open|openat|remove|unlinkat|mkdir|mkdirat|rename|link|symlink|chmod|chown|lchown|truncate|chtimes|utimes|readlink) (\S+?)(?: (\S+?))?|(dial|listen) tcp[46]? \S*?(?:->\S+?)?(?:: (?:connect|bind))?): (?:permission denied|operation not permitted)`)

// Denied finds, in a probe's error, panic or output text, an operation
// that the sandbox refused, and returns it as the text says it ("open
// /x/y: permission denied"); "" when there is none. A file operation
// counts only when its path, taken relative to the working directory
// wd, lies outside the scratch directory root: inside it nothing is
// confined, so a refusal there has another cause. A TCP operation
// counts only when the sandbox confines TCP.
func (s Status) Denied(text, root, wd string) string {
	if !s.Active() {
		return ""
	}
	for _, m := range denial.FindAllStringSubmatch(text, 8) {
		if m[4] != "" {
			if s.Net() {
				return m[0]
			}
			continue
		}
		// A link error names two paths: either may be the one refused.
		for _, p := range m[2:4] {
			if p == "" {
				continue
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(wd, p)
			}
			if !within(filepath.Clean(p), root) {
				return m[0]
			}
		}
	}
	return ""
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}
