package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExpand checks that gen's ./... is the go command's: the packages
// of the current module, without nested modules, testdata, or
// directories starting with "." or "_".
func TestExpand(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":                     "module example.com/top\n\ngo 1.21\n",
		"top.go":                     "package top\n",
		"sub/sub.go":                 "package sub\n",
		"nested/go.mod":              "module example.com/nested\n\ngo 1.21\n",
		"nested/nested.go":           "package nested\n",
		"testdata/fixture/f.go":      "package fixture\n",
		".hidden/h.go":               "package hidden\n",
		"_skip/s.go":                 "package skip\n",
		"sub/testdata/deeper/d.go":   "package deeper\n",
		"nested/inner/inner.go":      "package inner\n",
		"sub/onlytests/x_test.go":    "package onlytests\n",
		"sub/onlytests/README.notgo": "",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		dir, pattern string
		want         []string
	}{
		{".", "./...", []string{"example.com/top", "example.com/top/sub"}},
		{"nested", "./...", []string{"example.com/nested", "example.com/nested/inner"}},
		{".", "./sub", []string{"./sub"}},
	}
	for _, tt := range tests {
		got, err := Expand(context.Background(), filepath.Join(root, tt.dir), tt.pattern)
		if err != nil {
			t.Fatalf("Expand(%s in %s): %v", tt.pattern, tt.dir, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Expand(%s in %s) (-want +got):\n%s", tt.pattern, tt.dir, diff)
		}
	}
}
