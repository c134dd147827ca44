// Package golden compares a test's output with a golden file, the output
// it should give, kept in the package's testdata; run with -update, it
// rewrites the file instead:
//
//	go test ./runner -update
//
// The -update flag belongs to this package: a test binary that imports
// golden has it, and must not define its own.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Check compares got with the golden file at path and reports a
// difference as an error of t. With -update it writes got to path
// instead, making the file's directory if need be; a file that already
// holds got is left alone.
func Check[T ~string | ~[]byte](t testing.TB, path string, got T) {
	t.Helper()
	want, err := os.ReadFile(path)
	if *update {
		if err == nil && bytes.Equal(want, []byte(got)) {
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got; go test -update rewrites it):\n%s", path, diff)
	}
}
