package spec

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParse checks that Parse never panics and that whatever it accepts
// survives Marshal and Parse unchanged.
func FuzzParse(f *testing.F) {
	for _, path := range []string{"testdata/pricing.yml", "testdata/sample.golden.yml"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("F:\n  dataset:\n    - case: &c {input: [1, {a: .nan}]}\n    - {<<: *c, id: x, expected: !!binary aGk=}\n"))
	f.Add([]byte("F:\n  evals: {Pattern: {pattern: '^a', case_sensitive: true}}\n  dataset: [{input: \"multi\\nline\"}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("f.yml", data)
		if err != nil {
			return
		}
		out, err := file.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a parsed spec: %v", err)
		}
		back, err := Parse("f.yml", out)
		if err != nil {
			t.Fatalf("Parse(Marshal(Parse(data))): %v\ndata:\n%s\nmarshalled:\n%s", err, data, out)
		}
		if diff := cmp.Diff(file, back, cmpValues, ignorePositions); diff != "" {
			t.Fatalf("round trip differs (-want +got):\n%s\ndata:\n%s\nmarshalled:\n%s", diff, data, out)
		}
	})
}
