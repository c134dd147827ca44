package target

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// gitPathspecs limit GitChanges to Go files and spec files.
func gitPathspecs() []string { return []string{"*.go", "*.yml", "*.yaml"} }

// Changes is what changed in a git work tree since a revision: the
// lines of the Go and spec files (*.go, *.yml, *.yaml) that differ
// from the revision, staged or not, and the files added (untracked
// ones that .gitignore does not exclude included) and deleted.
type Changes struct {
	// Ref is the revision compared with, as given.
	Ref string
	// Root is the top directory of the work tree.
	Root  string
	files map[string]*fileChange // by absolute, cleaned path
}

// fileChange is how one file changed.
type fileChange struct {
	whole   bool // added or untracked: every line is new
	deleted bool
	// lines are the new side's changed lines; lines deleted where
	// nothing was added are an empty range (end = start-1) between the
	// lines end and start.
	lines []lineRange
}

type lineRange struct{ start, end int }

// GitError is a git command that failed.
type GitError struct {
	Args []string
	// Stderr is the first line git wrote to standard error, without
	// its "fatal: " or "error: ".
	Stderr string
	Err    error
}

func (e *GitError) Error() string {
	if e.Stderr != "" {
		return "git " + e.Args[0] + ": " + e.Stderr
	}
	return "git " + e.Args[0] + ": " + e.Err.Error()
}

func (e *GitError) Unwrap() error { return e.Err }

// GitChanges returns what changed in the work tree that holds dir
// since the revision ref (a commit, branch, tag or any expression git
// takes, such as HEAD~3 or main): uncommitted changes, staged or not,
// count, and so do commits made since ref. It runs git, which must be
// on the PATH. It is an error when dir is not in a git work tree or
// ref names no commit.
func GitChanges(ctx context.Context, dir, ref string) (*Changes, error) {
	if dir == "" {
		dir = "."
	}
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		var ge *GitError
		if errors.As(err, &ge) && strings.Contains(ge.Stderr, "not a git repository") {
			return nil, fmt.Errorf("%s is not in a git work tree: %w", dir, err)
		}
		return nil, err
	}
	root := filepath.Clean(strings.TrimSpace(string(top)))
	if ref == "" || strings.HasPrefix(ref, "-") {
		return nil, fmt.Errorf("%q: not a revision", ref)
	}
	if _, err := git(ctx, root, "rev-parse", "--verify", "--end-of-options", ref+"^{commit}"); err != nil {
		return nil, fmt.Errorf("%s: unknown revision: %w", ref, err)
	}
	args := []string{"-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--unified=0", "--no-renames", "--src-prefix=a/", "--dst-prefix=b/", ref, "--"}
	diff, err := git(ctx, root, append(args, gitPathspecs()...)...)
	if err != nil {
		return nil, fmt.Errorf("diff %s: %w", ref, err)
	}
	ch := &Changes{Ref: ref, Root: root, files: map[string]*fileChange{}}
	if err := ch.parseDiff(diff); err != nil {
		return nil, fmt.Errorf("diff %s: %w", ref, err)
	}
	others, err := git(ctx, root, append([]string{"ls-files", "-z", "--others", "--exclude-standard", "--"}, gitPathspecs()...)...)
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(string(others), "\x00") {
		if name != "" {
			ch.file(name).whole = true
		}
	}
	return ch, nil
}

// git runs git in dir and returns its standard output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		name := args[0]
		if name == "-c" && len(args) > 2 {
			name = args[2]
		}
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		for _, p := range []string{"fatal: ", "error: "} {
			line = strings.TrimPrefix(line, p)
		}
		return nil, &GitError{Args: append([]string{name}, args...), Stderr: strings.TrimSpace(line), Err: err}
	}
	return out, nil
}

// file returns the change of the file at path name relative to the
// root, making it when new.
func (ch *Changes) file(name string) *fileChange {
	p := filepath.Join(ch.Root, filepath.FromSlash(name))
	fc := ch.files[p]
	if fc == nil {
		fc = &fileChange{}
		ch.files[p] = fc
	}
	return fc
}

// parseDiff reads the output of git diff --unified=0.
func (ch *Changes) parseDiff(diff []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	var cur *fileChange // the file whose hunks follow
	var oldName string
	skip := 0 // lines of the current hunk still to pass over
	for sc.Scan() {
		line := sc.Text()
		if skip > 0 {
			if !strings.HasPrefix(line, `\`) { // "\ No newline at end of file" is not counted
				skip--
			}
			continue
		}
		switch {
		case strings.HasPrefix(line, "diff --git "):
			cur, oldName = nil, ""
			if name, ok := diffGitName(strings.TrimPrefix(line, "diff --git ")); ok {
				cur = ch.file(name) // a binary file, or one whose mode changed, has no hunks
			}
		case strings.HasPrefix(line, "--- "):
			name, err := diffName(strings.TrimPrefix(line, "--- "), "a/")
			if err != nil {
				return err
			}
			oldName = name
		case strings.HasPrefix(line, "+++ "):
			name, err := diffName(strings.TrimPrefix(line, "+++ "), "b/")
			if err != nil {
				return err
			}
			switch {
			case name == "" && oldName != "":
				cur = ch.file(oldName)
				cur.deleted = true
			case name != "":
				cur = ch.file(name)
				if oldName == "" {
					cur.whole = true
				}
			}
		case strings.HasPrefix(line, "Binary files "):
			if cur != nil {
				cur.whole = true
			}
		case strings.HasPrefix(line, "@@ "):
			oldN, r, err := parseHunk(line)
			if err != nil {
				return err
			}
			if cur == nil {
				return fmt.Errorf("hunk before a file header: %q", line)
			}
			cur.lines = append(cur.lines, r)
			skip = oldN + max(r.end-r.start+1, 0)
		}
	}
	return sc.Err()
}

// diffGitName returns the path of a "diff --git a/P b/P" header
// (renames are off: both sides name the same file).
func diffGitName(rest string) (string, bool) {
	if strings.HasPrefix(rest, `"`) {
		prefix, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return "", false
		}
		name, err := strconv.Unquote(prefix)
		if err != nil {
			return "", false
		}
		return strings.CutPrefix(name, "a/")
	}
	n := len(rest) - len("a/ b/")
	if n <= 0 || n%2 != 0 || !strings.HasPrefix(rest, "a/") {
		return "", false
	}
	return rest[2 : 2+n/2], true
}

// diffName returns the path of a "--- a/P" or "+++ b/P" line, or ""
// for /dev/null.
func diffName(s, prefix string) (string, error) {
	s = strings.TrimSuffix(s, "\t")
	if s == "/dev/null" {
		return "", nil
	}
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return "", fmt.Errorf("file name %s: %w", s, err)
		}
		s = u
	}
	name, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return "", fmt.Errorf("file name %q does not start with %s", s, prefix)
	}
	return name, nil
}

// parseHunk parses "@@ -a[,b] +c[,d] @@ ...": the number of old lines
// and the new side's range.
func parseHunk(line string) (oldN int, r lineRange, err error) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") || f[3] != "@@" {
		return 0, r, fmt.Errorf("bad hunk header %q", line)
	}
	_, oldN, err = hunkRange(f[1][1:])
	if err != nil {
		return 0, r, fmt.Errorf("bad hunk header %q: %w", line, err)
	}
	start, n, err := hunkRange(f[2][1:])
	if err != nil {
		return 0, r, fmt.Errorf("bad hunk header %q: %w", line, err)
	}
	if n == 0 {
		// Nothing added: the lines went between start and start+1.
		return oldN, lineRange{start + 1, start}, nil
	}
	return oldN, lineRange{start, start + n - 1}, nil
}

// hunkRange parses "start[,count]"; the count is 1 when left out.
func hunkRange(s string) (start, n int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	n = 1
	if ok {
		if n, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	return start, n, nil
}

// lookup returns the change of the file at path, or nil. A path
// through a symbolic link finds the file too.
func (ch *Changes) lookup(path string) *fileChange {
	if ch == nil {
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	path = filepath.Clean(path)
	if fc := ch.files[path]; fc != nil {
		return fc
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return ch.files[filepath.Join(dir, filepath.Base(path))]
	}
	return nil
}

// File reports whether the file at path changed: lines of it changed,
// or it was added, or deleted.
func (ch *Changes) File(path string) bool {
	return ch.lookup(path) != nil
}

// Files returns the absolute paths of the files that changed, sorted.
func (ch *Changes) Files() []string {
	out := make([]string, 0, len(ch.files))
	for p := range ch.files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// overlaps reports whether a change of the file at path touches its
// lines from start to end.
func (ch *Changes) overlaps(path string, start, end int) bool {
	fc := ch.lookup(path)
	if fc == nil {
		return false
	}
	if fc.whole || fc.deleted {
		return true
	}
	for _, r := range fc.lines {
		if r.start <= end && r.end >= start {
			return true
		}
	}
	return false
}

// Touched reports whether ch changes the function: a changed line lies
// in its declaration, from the func keyword to the closing brace, or
// in a declaration of its package that its SourceHash covers, or is
// the import of a package that these name. A change of the doc
// comment alone does not count. Without a dependency graph (a Func
// not made by Load) it looks at the function's own lines.
func (f *Func) Touched(ch *Changes) bool {
	if ch == nil {
		return false
	}
	if g := f.depGraph(); g != nil {
		if nodes := g.closure(f.Obj.Origin()); nodes != nil {
			for _, n := range nodes {
				for _, s := range n.spans {
					if ch.overlaps(s.file, s.start, s.end) {
						return true
					}
				}
			}
			return false
		}
	}
	return f.File != "" && ch.overlaps(f.File, f.StartLine, f.EndLine)
}
