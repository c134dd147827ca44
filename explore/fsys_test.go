package explore

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
)

// TestFileSystems explores functions given a file system or an entry
// of one natively: in-memory trees with hidden entries, links and the
// file the package names reach every statement.
func TestFileSystems(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	for _, fn := range []string{"Count", "Kind", "Settings", "Load"} {
		t.Run(fn, func(t *testing.T) {
			f := targettest.Func(t, "testdata/fsys", ".", fn)
			nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
			x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 200, MaxTime: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			wantCovered(t, fn, x)
		})
	}
}

func TestFileName(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"settings.toml", true},
		{"templates/index.html", true},
		{"go.mod", true},
		{".hidden", false},
		{"abc", false},
		{"a.", false},
		{"/etc/passwd.txt", false},
		{"../up.txt", false},
		{"a b.txt", false},
		{"v1.2.3-beta", false},
		{"x.verylongext", false},
		{".", false},
	} {
		if got := fileName(tc.s); got != tc.want {
			t.Errorf("fileName(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestMapFSCode(t *testing.T) {
	got := mapFSCode([]fsEntry{{name: "a.txt", data: "a"}, {name: "empty", mode: "fs.ModeDir"}, {name: "link", data: "dir", mode: "fs.ModeSymlink"}})
	want := `fstest.MapFS{"a.txt": {Data: []byte("a")}, "empty": {Mode: fs.ModeDir}, "link": {Data: []byte("dir"), Mode: fs.ModeSymlink}}`
	if got != want {
		t.Errorf("mapFSCode = %s, want %s", got, want)
	}
	if got := mapFSCode(nil); got != "fstest.MapFS{}" {
		t.Errorf("mapFSCode(nil) = %s", got)
	}
	for _, v := range fileInfos(true)[1:] {
		if !strings.HasPrefix(v.Str, "func() fs.DirEntry { i, _ := fs.Lstat(fstest.MapFS{") {
			t.Errorf("DirEntry code %s", v.Str)
		}
	}
}

func TestFileParam(t *testing.T) {
	for name, want := range map[string]bool{"path": true, "filename": true, "name": true, "configFile": true, "dir": false, "root": false, "pattern": false} {
		if got := fileParam(name); got != want {
			t.Errorf("fileParam(%q) = %v, want %v", name, got, want)
		}
	}
	vs := fileValues()
	if len(vs) < 4 || !strings.HasPrefix(vs[0].Str, "conf.") || vs[len(vs)-1].Str == "link" {
		t.Errorf("fileValues = %v, want the settings files first and files only", vs)
	}
}

// TestOwnTree: the package's file names join the tree once each, a
// name the tree has already (a.txt) not again: a key twice would not
// compile.
func TestOwnTree(t *testing.T) {
	g := newValueGen(nil, &mined{words: []string{"a.txt", "settings.toml", "settings.toml"}})
	trees := g.fsTrees()
	if len(trees) != 4 {
		t.Fatalf("fsTrees = %d trees, want 4", len(trees))
	}
	own := trees[3].Str
	for _, key := range []string{`"a.txt": `, `"dir/a.txt": `, `"settings.toml": `, `"dir/settings.toml": `} {
		if n := strings.Count(own, key); n != 1 {
			t.Errorf("own tree has %s %d times, want once: %s", key, n, own)
		}
	}
}
