package spec

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/specgen-dev/specgen/internal/golden"
)

// TestMarshalOver runs the scripts in testdata/over. Each holds old.yml,
// the spec file on disk, and optionally gen.yml, a freshly generated
// spec merged over it with MergeFile (its cases are the generated ones;
// without it, old is written back unchanged). The output is compared
// with NAME.golden.yml (-update rewrites it). Besides, keep lists lines
// (comments, mostly) that must be in the output, lost lists lines that
// must not, and same lists functions whose text must come out byte for
// byte as old.yml has it.
func TestMarshalOver(t *testing.T) {
	files, err := filepath.Glob("testdata/over/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata/over: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string][]byte{}
			for _, f := range ar.Files {
				sections[f.Name] = f.Data
			}
			old := sections["old.yml"]
			merged := mergeOver(t, old, sections["gen.yml"])
			out, err := merged.MarshalOver(old)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata/over", name+".golden.yml"), out)

			back, err := Parse("out.yml", out)
			if err != nil {
				t.Fatalf("output does not parse: %v\n%s", err, out)
			}
			if diff := cmp.Diff(merged, back, cmpValues, ignorePositions); diff != "" {
				t.Errorf("Parse(MarshalOver) differs from the merged spec (-want +got):\n%s", diff)
			}
			for _, line := range lines(sections["keep"]) {
				if !bytes.Contains(out, []byte(line)) {
					t.Errorf("lost %q", line)
				}
			}
			for _, line := range lines(sections["lost"]) {
				if bytes.Contains(out, []byte(line)) {
					t.Errorf("kept %q, which should be gone", line)
				}
			}
			for _, fn := range lines(sections["same"]) {
				want := functionText(old, fn)
				if want == "" {
					t.Fatalf("no function %s in old.yml", fn)
				}
				if got := functionText(out, fn); got != want {
					t.Errorf("function %s is not written as old had it:\n%s\nwant:\n%s", fn, got, want)
				}
			}
			// Writing the output over itself changes nothing.
			again, err := merged.MarshalOver(out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, out) {
				t.Errorf("MarshalOver over its own output differs:\n%s\nfirst:\n%s", again, out)
			}
		})
	}
}

// mergeOver parses old and gen and merges them as gen does.
func mergeOver(t *testing.T, old, gen []byte) *File {
	t.Helper()
	o, err := Parse("old.yml", old)
	if err != nil {
		t.Fatalf("old.yml: %v", err)
	}
	if gen == nil {
		return o
	}
	g, err := Parse("gen.yml", gen)
	if err != nil {
		t.Fatalf("gen.yml: %v", err)
	}
	m := MergeFile(o, g)
	m.Path = "old.yml"
	return m
}

func lines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// functionText is the text of a top-level function in a spec file: its
// key line and the lines under it, to the next line in column 0.
func functionText(data []byte, name string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(l, name+":") {
			in = true
		} else if in && l != "" && l[0] != ' ' && l[0] != '\n' {
			break
		}
		if in {
			b.WriteString(l)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func TestMarshalOverFallsBack(t *testing.T) {
	f := sampleFile()
	plain, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, old string }{
		{"empty", ""},
		{"blank", "\n  \n"},
		{"not YAML", "F: [\n"},
		{"not a mapping", "- a\n- b\n"},
		{"a scalar", "hello # there\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := f.MarshalOver([]byte(tt.old))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, plain) {
				t.Errorf("MarshalOver(%q) is not Marshal's output:\n%s", tt.old, out)
			}
		})
	}
}

// FuzzMarshalOver checks that MarshalOver never panics, whatever old
// holds, and that its output reads back as the spec written.
func FuzzMarshalOver(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/over/*.txtar")
	for _, path := range seeds {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".yml") {
				f.Add(file.Data)
			}
		}
	}
	for _, path := range []string{"testdata/pricing.yml", "testdata/sample.golden.yml"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	spec := sampleFile()
	f.Fuzz(func(t *testing.T, old []byte) {
		targets := []*File{spec}
		if o, err := Parse("old.yml", old); err == nil {
			targets = append(targets, o)
		}
		for _, want := range targets {
			out, err := want.MarshalOver(old)
			if err != nil {
				t.Fatalf("MarshalOver: %v", err)
			}
			back, _ := Parse("out.yml", out)
			if back == nil {
				t.Fatalf("output does not parse:\n%s\nold:\n%s", out, old)
			}
			if diff := cmp.Diff(want, back, cmpValues, ignorePositions); diff != "" {
				t.Fatalf("Parse(MarshalOver) differs (-want +got):\n%s\nold:\n%s\nout:\n%s", diff, old, out)
			}
		}
	})
}
