package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestDirListed(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"glob.go", "testdata/specgen/x_evals.yml"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	val := func(v spec.Value) *spec.Value { return &v }
	for _, tc := range []struct {
		name string
		c    spec.Case
		want string
	}{
		{"listing", spec.Case{Inputs: val(spec.MapValue("pattern", spec.StringValue("**"))), Expected: val(spec.ListValue(spec.StringValue("."), spec.StringValue("glob.go")))}, "glob.go"},
		{"nested", spec.Case{Expected: val(spec.ListValue(spec.StringValue("testdata/specgen")))}, "testdata/specgen"},
		{"in a map", spec.Case{Expected: val(spec.MapValue("files", spec.ListValue(spec.StringValue("testdata"))))}, "testdata"},
		{"echoed argument", spec.Case{Inputs: val(spec.MapValue("name", spec.StringValue("glob.go"))), Expected: val(spec.StringValue("glob.go"))}, ""},
		{"root only", spec.Case{Expected: val(spec.ListValue(spec.StringValue(".")))}, ""},
		{"missing", spec.Case{Expected: val(spec.StringValue("other.go"))}, ""},
		{"outside", spec.Case{Expected: val(spec.StringValue("../" + filepath.Base(dir)))}, ""},
		{"no result", spec.Case{Raises: "error", Match: "glob.go"}, ""},
	} {
		if got := dirListed(&tc.c, dir); got != tc.want {
			t.Errorf("%s: dirListed = %q, want %q", tc.name, got, tc.want)
		}
	}
}
