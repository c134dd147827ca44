package target

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// needGit skips the test when git is not on the PATH.
func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on the PATH")
	}
}

// runGit runs git in dir, away from the user's and the system's
// configuration.
func runGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=specgen", "-c", "user.email=specgen@example.com",
		"-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// gitInit makes dir a git repository with one commit of its files.
func gitInit(t *testing.T, dir string) {
	t.Helper()
	runGit(t, dir, "init", "-q")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "base")
}

// numbered returns n lines "name 1" … "name n".
func numberedLines(name string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s %d\n", name, i)
	}
	return b.String()
}

// describe renders ch as file (relative to the root) → "whole",
// "deleted" or the changed line ranges ("3-3,5-4").
func describe(ch *Changes) map[string]string {
	out := map[string]string{}
	for p, fc := range ch.files {
		rel, _ := filepath.Rel(ch.Root, p)
		var s string
		switch {
		case fc.whole:
			s = "whole"
		case fc.deleted:
			s = "deleted"
		default:
			var parts []string
			for _, r := range fc.lines {
				parts = append(parts, fmt.Sprintf("%d-%d", r.start, r.end))
			}
			s = strings.Join(parts, ",")
		}
		out[filepath.ToSlash(rel)] = s
	}
	return out
}

// TestGitChanges edits a committed repository and checks what
// GitChanges finds.
func TestGitChanges(t *testing.T) {
	needGit(t)
	tests := []struct {
		name string
		ref  string
		sub  string // the directory GitChanges is given, under the root
		edit func(t *testing.T, dir string)
		want map[string]string
	}{
		{
			name: "nothing changed",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {},
			want: map[string]string{},
		},
		{
			name: "a line modified",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) { editFile(t, filepath.Join(dir, "a.go"), "a 3\n", "a three\n") },
			want: map[string]string{"a.go": "3-3"},
		},
		{
			name: "lines deleted", // an empty range between lines 3 and 4
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) { editFile(t, filepath.Join(dir, "a.go"), "a 4\na 5\n", "") },
			want: map[string]string{"a.go": "4-3"},
		},
		{
			name: "lines inserted and the first deleted",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "a.go"), "a 7\n", "a 7\nnew 1\nnew 2\n")
				editFile(t, filepath.Join(dir, "a.go"), "a 1\n", "")
			},
			want: map[string]string{"a.go": "1-0,7-8"},
		},
		{
			name: "staged and unstaged changes of a spec file",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "testdata/specgen/b.yml"), "b 2\n", "b two\n")
				runGit(t, dir, "add", "testdata/specgen/b.yml")
				editFile(t, filepath.Join(dir, "testdata/specgen/b.yml"), "b 5\n", "b five\n")
			},
			want: map[string]string{"testdata/specgen/b.yml": "2-2,5-5"},
		},
		{
			name: "untracked, staged new, ignored and other files",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				writeFile(t, filepath.Join(dir, "new.go"), "package a\n")
				writeFile(t, filepath.Join(dir, "sub", "staged.go"), "package sub\n")
				runGit(t, dir, "add", "sub/staged.go")
				writeFile(t, filepath.Join(dir, "ignored.go"), "package a\n") // in .gitignore
				writeFile(t, filepath.Join(dir, "notes.txt"), "not Go\n")     // neither Go nor a spec
				editFile(t, filepath.Join(dir, "README"), "readme\n", "README\n")
			},
			want: map[string]string{"new.go": "whole", "sub/staged.go": "whole"},
		},
		{
			name: "file deleted",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				if err := os.Remove(filepath.Join(dir, "c.go")); err != nil {
					t.Fatal(err)
				}
			},
			want: map[string]string{"c.go": "deleted"},
		},
		{
			name: "commits since the ref count",
			ref:  "HEAD~1",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "a.go"), "a 9\n", "a nine\n")
				runGit(t, dir, "commit", "-q", "-am", "nine")
				editFile(t, filepath.Join(dir, "c.go"), "c 2\n", "c two\n")
			},
			want: map[string]string{"a.go": "9-9", "c.go": "2-2"},
		},
		{
			name: "committed changes are not changes since HEAD",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "a.go"), "a 9\n", "a nine\n")
				runGit(t, dir, "commit", "-q", "-am", "nine")
			},
			want: map[string]string{},
		},
		{
			name: "names with a space and a tab",
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "sp ace.go"), "s 2\n", "s two\n")
				editFile(t, filepath.Join(dir, "t\tab.go"), "t 1\n", "t one\n")
			},
			want: map[string]string{"sp ace.go": "2-2", "t\tab.go": "1-1"},
		},
		{
			name: "from a subdirectory", // paths are the root's, all of the tree counts
			ref:  "HEAD",
			sub:  "testdata",
			edit: func(t *testing.T, dir string) { editFile(t, filepath.Join(dir, "a.go"), "a 3\n", "a three\n") },
			want: map[string]string{"a.go": "3-3"},
		},
		{
			name: "a line that looks like a file header", // inside a hunk it is content
			ref:  "HEAD",
			edit: func(t *testing.T, dir string) {
				editFile(t, filepath.Join(dir, "testdata/specgen/b.yml"), "b 3\n", "-- b 3\n++ x\n")
				editFile(t, filepath.Join(dir, "testdata/specgen/b.yml"), "b 6\n", "")
			},
			want: map[string]string{"testdata/specgen/b.yml": "3-4,7-6"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := gitFixture(t)
			tt.edit(t, dir)
			ch, err := GitChanges(context.Background(), filepath.Join(dir, tt.sub), tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(ch); !maps.Equal(got, tt.want) {
				t.Errorf("changes =\n\t%v\nwant\n\t%v", got, tt.want)
			}
			var want []string
			for rel := range tt.want {
				want = append(want, filepath.Join(ch.Root, filepath.FromSlash(rel)))
			}
			if got := ch.Files(); !slices.Equal(got, sorted(want)) {
				t.Errorf("Files() = %v, want %v", got, sorted(want))
			}
		})
	}
}

// gitFixture makes a repository with a committed file tree for
// TestGitChanges and returns its directory.
func gitFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.go":                   numberedLines("a", 10),
		"c.go":                   numberedLines("c", 3),
		"sp ace.go":              numberedLines("s", 3),
		"t\tab.go":               numberedLines("t", 2),
		"testdata/specgen/b.yml": numberedLines("b", 6),
		"README":                 "readme\n",
		".gitignore":             "ignored.go\n",
	} {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), text)
	}
	gitInit(t, dir)
	return dir
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestGitChangesErrors checks the errors for a directory outside git
// and for revisions git does not know.
func TestGitChangesErrors(t *testing.T) {
	needGit(t)
	repo := gitFixture(t)
	outside := t.TempDir()
	tests := []struct {
		name, dir, ref string
		want           string // the error, with the directories as $REPO and $OUTSIDE
	}{
		{"not a repository", outside, "HEAD", "$OUTSIDE is not in a git work tree: git rev-parse: not a git repository (or any of the parent directories): .git"},
		{"unknown revision", repo, "HEAD~3", "HEAD~3: unknown revision: git rev-parse: Needed a single revision"},
		{"unknown branch", repo, "nosuch", "nosuch: unknown revision: git rev-parse: Needed a single revision"},
		{"an option", repo, "--output=x", `"--output=x": not a revision`},
		{"empty", repo, "", `"": not a revision`},
		{"no directory", filepath.Join(outside, "gone"), "HEAD", "git rev-parse: cannot change to '$OUTSIDE/gone': No such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch, err := GitChanges(context.Background(), tt.dir, tt.ref)
			if err == nil {
				t.Fatalf("GitChanges(%s, %q) = %v, want an error", tt.dir, tt.ref, describe(ch))
			}
			want := strings.NewReplacer("$REPO", repo, "$OUTSIDE", outside).Replace(tt.want)
			if err.Error() != want {
				t.Errorf("error = %q, want %q", err, want)
			}
			if strings.Contains(tt.want, "git rev-parse") {
				var ge *GitError
				if !errors.As(err, &ge) {
					t.Errorf("error %q does not wrap a *GitError", err)
				}
			}
		})
	}
}

// TestChangesFile checks Changes.File, through a symbolic link too.
func TestChangesFile(t *testing.T) {
	needGit(t)
	dir := gitFixture(t)
	editFile(t, filepath.Join(dir, "testdata/specgen/b.yml"), "b 1\n", "b one\n")
	if err := os.Remove(filepath.Join(dir, "c.go")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	ch, err := GitChanges(context.Background(), link, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{filepath.Join(dir, "testdata/specgen/b.yml"), true},
		{filepath.Join(link, "testdata/specgen/b.yml"), true}, // through the link
		{filepath.Join(dir, "testdata", "specgen", "..", "specgen", "b.yml"), true},
		{filepath.Join(link, "c.go"), true}, // deleted
		{filepath.Join(dir, "a.go"), false},
		{filepath.Join(dir, "nosuch.go"), false},
	} {
		if got := ch.File(tt.path); got != tt.want {
			t.Errorf("File(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestParseDiff parses git diff output that GitChanges rarely meets in
// the tests above: binary files, quoted names, missing final newlines,
// hunk lines that look like headers.
func TestParseDiff(t *testing.T) {
	diff := `diff --git a/x.go b/x.go
index 1111111..2222222 100644
--- a/x.go
+++ b/x.go
@@ -2 +2 @@ func F() {
-old
\ No newline at end of file
+new
\ No newline at end of file
@@ -10,2 +9,0 @@
---- looks like a header
-+++ b/y.go
diff --git a/img.go b/img.go
index 1111111..2222222 100644
Binary files a/img.go and b/img.go differ
diff --git "a/q\"uote.go" "b/q\"uote.go"
new file mode 100644
--- /dev/null
+++ "b/q\"uote.go"
@@ -0,0 +1,3 @@
+a
+b
+c
diff --git a/gone.go b/gone.go
deleted file mode 100644
--- a/gone.go
+++ /dev/null
@@ -1 +0,0 @@
-x
diff --git a/mode.go b/mode.go
old mode 100644
new mode 100755
`
	ch := &Changes{Root: "/r", files: map[string]*fileChange{}}
	if err := ch.parseDiff([]byte(diff)); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"x.go":      "2-2,10-9",
		"img.go":    "whole",
		`q"uote.go`: "whole",
		"gone.go":   "deleted",
		"mode.go":   "", // changed, but no line
	}
	if got := describe(ch); !maps.Equal(got, want) {
		t.Errorf("parseDiff =\n\t%q\nwant\n\t%q", got, want)
	}
	for _, bad := range []string{
		"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +x @@\n",
		"@@ -1 +1 @@\n",
		"diff --git a/x b/x\n--- a/x\n+++ c/x\n",
	} {
		ch := &Changes{Root: "/r", files: map[string]*fileChange{}}
		if err := ch.parseDiff([]byte(bad)); err == nil {
			t.Errorf("parseDiff(%q) = nil, want an error", bad)
		}
	}
}

// TestChangesOverlaps checks which line spans a change touches: a
// deletion is an empty range between two lines, inside a span only
// when both lines are.
func TestChangesOverlaps(t *testing.T) {
	ch := &Changes{Root: "/r", files: map[string]*fileChange{
		"/r/f.go":   {lines: []lineRange{{4, 3}, {10, 12}}}, // deleted after line 3; lines 10-12
		"/r/new.go": {whole: true},
	}}
	for _, tt := range []struct {
		file       string
		start, end int
		want       bool
	}{
		{"/r/f.go", 3, 5, true},   // the deletion is inside
		{"/r/f.go", 4, 8, false},  // the deletion is before the first line
		{"/r/f.go", 1, 3, false},  // the deletion is after the last line
		{"/r/f.go", 12, 20, true}, // shares line 12
		{"/r/f.go", 5, 9, false},
		{"/r/f.go", 13, 20, false},
		{"/r/new.go", 1, 1, true},
		{"/r/other.go", 1, 100, false},
	} {
		if got := ch.overlaps(tt.file, tt.start, tt.end); got != tt.want {
			t.Errorf("overlaps(%s, %d, %d) = %v, want %v", tt.file, tt.start, tt.end, got, tt.want)
		}
	}
	var none *Changes
	if none.File("/r/f.go") || (&Func{File: "/r/f.go", StartLine: 1, EndLine: 9}).Touched(nil) {
		t.Error("nil Changes report a change")
	}
}
