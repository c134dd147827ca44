package spec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad checks the loader on any input: it never panics, what it
// accepts stays within the node budget, and every problem it reports
// names the file and, but for an empty spec, a line and column. The
// budget is fuzzBudget, so that inputs that expand to the whole budget
// stay quick to run.
func FuzzLoad(f *testing.F) {
	const fuzzBudget = 20_000
	examples, err := filepath.Glob("../examples/*/testdata/specgen/*.yml")
	if err != nil || len(examples) == 0 {
		f.Fatalf("no example specs: %v", err)
	}
	for _, path := range examples {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"F:\n  dataset:\n    - case: {input: a\x00b}\n",
		"F: \xff\xfe\n",
		"\xef\xbb\xbfF:\n  dataset: [{input: 1}]\n",
		"F: a\x1b[0m\n",
		"F:\n  dataset:\n    - case: {input: *nope}\n",
		"F:\n  dataset:\n    - case: &c {input: [*c]}\n",
		"F:\n  dataset:\n    - case: &c {<<: *c, id: x}\n",
		"F: [1\n",
		"F: {a: 1, a: 2}\n",
		"F:\n  dataset:\n    - case: {inputs: {k: 1, k: 2}}\n",
		"package: [x]\n",
		"---\n---\n",
		"F:\n  dataset:\n    - case: {input: !!binary '!!!'}\n",
		"F:\n  dataset:\n    - case: {input: [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}\n",
		string(laughs(3)),
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "f.yml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := load(path, fuzzBudget)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Load error is %T, want Errors: %v", err, err)
			}
			for _, e := range es {
				if e.Pos.File != path {
					t.Errorf("problem %q names file %q, want %q", e, e.Pos.File, path)
				}
				if (e.Pos.Line == 0 || e.Pos.Col == 0) && !strings.HasPrefix(e.Msg, "empty spec") {
					t.Errorf("problem %q has no line and column", e)
				}
			}
		}
		if file == nil {
			return
		}
		n := 0
		for _, fn := range file.Functions {
			for _, c := range fn.Dataset {
				for _, v := range []*Value{c.Input, c.Inputs, c.Receiver, c.Expected, c.ReceiverAfter, c.InputsAfter} {
					if v != nil {
						n += v.nodes()
					}
				}
			}
		}
		if n > fuzzBudget {
			t.Errorf("loaded values of %d nodes, more than the budget of %d", n, fuzzBudget)
		}
	})
}

// nodes counts the nodes of a value tree.
func (v Value) nodes() int {
	n := 1
	for _, e := range v.List {
		n += e.nodes()
	}
	for _, e := range v.Map {
		n += e.Key.nodes() + e.Val.nodes()
	}
	return n
}
