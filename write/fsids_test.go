package write

import (
	"slices"
	"testing"
)

func TestFSFeatures(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
		ok   bool
	}{
		{`fstest.MapFS{}`, []string{"no-files"}, true},
		{`fstest.MapFS{"a.txt": {Data: []byte("a")}}`, []string{"one-file"}, true},
		{`fstest.MapFS{"a.txt": {}, "dir/b": {}, "link": {Data: []byte("dir"), Mode: fs.ModeSymlink}}`, []string{"3-files"}, true},
		{`func() fs.DirEntry { i, _ := fs.Lstat(fstest.MapFS{"link": {Data: []byte("dir"), Mode: fs.ModeSymlink}}, "link"); return fs.FileInfoToDirEntry(i) }()`, []string{"symlink"}, true},
		{`func() fs.FileInfo { i, _ := fs.Lstat(fstest.MapFS{"dir": {Mode: fs.ModeDir}}, "dir"); return i }()`, []string{"dir"}, true},
		{`func() fs.FileInfo { i, _ := fs.Lstat(fstest.MapFS{".hidden": {Data: []byte("h")}}, ".hidden"); return i }()`, []string{"hidden"}, true},
		{`func() fs.FileInfo { i, _ := fs.Lstat(fstest.MapFS{"a.txt": {Data: []byte("a")}}, "a.txt"); return i }()`, []string{"file"}, true},
		{`NewThing("a")`, nil, false},
		{`not go(`, nil, false},
	} {
		got, ok := fsFeatures(tc.src)
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("fsFeatures(%s) = %v, %v; want %v, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}
