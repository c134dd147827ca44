package spec

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/internal/golden"
)

// ignorePositions leaves positions, paths and what comments decide
// (Annotated) out of comparisons.
var ignorePositions = cmp.FilterPath(func(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	return ok && (sf.Name() == "Pos" || sf.Name() == "PackagePos" || sf.Name() == "Fields" || sf.Name() == "Path" || sf.Name() == "Annotated")
}, cmp.Ignore())

func boolp(b bool) *bool { return &b }

// sampleFile uses every feature of the format.
func sampleFile() *File {
	return &File{
		Schema:  "../../schemas/specgen.schema.json",
		Package: "example.com/shop/internal/pricing",
		Functions: []*Function{
			{
				Name:   "ParseAmount",
				Source: "1a2b3c4d5e6f7a8b",
				Ignore: []string{"negative", "123"},
				Evals: Evals{
					Generated:     true,
					Type:          &TypeEval{Type: "int64"},
					Assertion:     &AssertionEval{Assertion: "output >= 0"},
					Duration:      &DurationEval{Duration: Duration{50 * time.Millisecond}},
					Pattern:       &PatternEval{Pattern: "^[0-9]+$", CaseSensitive: boolp(false)},
					ContainsInput: &ContainsInputEval{},
					LLMJudge:      &LLMJudgeEval{Rubric: "the amount is in cents and never negative; rounding is half-even", Model: "openai:gpt-4.1-mini"},
				},
				Dataset: []*Case{
					{ID: "plain-dollars", Generated: true, Inputs: vp(MapValue("s", StringValue("12.50"))), Expected: vp(IntValue(1250))},
					{ID: "empty", Inputs: vp(MapValue("s", StringValue(""))), Raises: "error", Match: "^empty amount$"},
					{ID: "overflow", Generated: true, Review: "a NumError where the doc says ErrAmount", Inputs: vp(MapValue("s", StringValue("1e400"))), Raises: "*strconv.NumError", Duration: &Duration{1500 * time.Millisecond}},
					{ID: "nil", Inputs: vp(MapValue("s", NullValue())), Raises: "panic", Match: "nil pointer"},
				},
			},
			{
				Name: "Ratio",
				Dataset: []*Case{
					{ID: "floats", Input: vp(FloatValue(0.1)), Expected: vp(ListValue(
						FloatValue(math.NaN()), FloatValue(math.Inf(1)), FloatValue(math.Inf(-1)), FloatValue(math.Copysign(0, -1)), FloatValue(2),
					)), Tolerance: 1e-9},
					{ID: "123", Input: vp(StringValue("true")), Expected: vp(ListValue(StringValue("123"), StringValue(""), StringValue("null"), UintValue(math.MaxUint64)))},
					{ID: "unicode", Input: vp(StringValue("naïve café ✓")), Expected: vp(StringValue("first line\nsecond line\n"))},
				},
			},
			{
				Name: "(*Cart).Add",
				Dataset: []*Case{
					{
						ID:       "nested",
						Receiver: vp(MapValue("Items", ListValue(MapValue("SKU", StringValue("a-1"), "Qty", IntValue(2))), "Owner", StringValue("someone with a rather long name"))),
						Inputs:   vp(ListValue(MapValue("SKU", StringValue("b"), "Qty", IntValue(1)))),
						Expected: vp(Value{Kind: Map, Map: []Entry{
							{Key: IntValue(1), Val: StringValue("one")},
							{Key: IntValue(10), Val: ListValue()},
						}}),
					},
					{
						ID:            "after",
						Generated:     true,
						Receiver:      vp(CodeValue("NewCart()")),
						Inputs:        vp(ListValue(MapValue("SKU", StringValue("b"), "Qty", IntValue(1)))),
						Expected:      vp(IntValue(1)),
						ReceiverAfter: vp(MapValue("String()", StringValue("b×1"), "Len()", IntValue(1))),
					},
					{
						ID:            "nil-after-error",
						Receiver:      vp(NullValue()),
						Inputs:        vp(ListValue(NullValue())),
						Raises:        "error",
						Match:         "^nil item$",
						ReceiverAfter: vp(NullValue()),
					},
				},
			},
			{
				Name: "Cart.SKUs",
				Dataset: []*Case{{
					ID:        "any-order",
					Receiver:  vp(MapValue("Items", ListValue(MapValue("SKU", StringValue("a-1")), MapValue("SKU", StringValue("b"))))),
					Expected:  vp(ListValue(StringValue("a-1"), StringValue("b"))),
					Unordered: true,
				}},
			},
			{
				Name:    "Cart.Len",
				Dataset: []*Case{{ID: "zero", Expected: vp(IntValue(0))}},
			},
		},
	}
}

func TestMarshalGolden(t *testing.T) {
	out, err := sampleFile().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/sample.golden.yml", out)

	// A hand-written file, read and written back: the canonical layout.
	f, err := Load("testdata/pricing.yml")
	if err != nil {
		t.Fatal(err)
	}
	out, err = f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/pricing.golden.yml", out)
}

func TestMarshalLayout(t *testing.T) {
	f := &File{Functions: []*Function{{Name: "F", Dataset: []*Case{{ID: "x", Input: vp(IntValue(1))}}}}}
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := "F:\n  dataset:\n    - case:\n        id: x\n        input: 1\n"
	if string(out) != want {
		t.Errorf("Marshal without package, schema or evals:\n%s\nwant:\n%s", out, want)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, f := range []*File{sampleFile()} {
		checkRoundTrip(t, f)
	}
	f, err := Load("testdata/pricing.yml")
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, f)
}

func checkRoundTrip(t *testing.T, f *File) {
	t.Helper()
	out, err := f.Marshal()
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	back, err := Parse("rt.yml", out)
	if err != nil {
		t.Fatalf("Parse(Marshal(f)): %v\n%s", err, out)
	}
	if diff := cmp.Diff(f, back, cmpValues, ignorePositions); diff != "" {
		t.Fatalf("Parse(Marshal(f)) differs (-want +got):\n%s\nfrom:\n%s", diff, out)
	}
	again, err := back.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, again) {
		t.Fatalf("Marshal is not stable:\n%s\nthen:\n%s", out, again)
	}
}

// randomFile builds a valid spec file at random.
func randomFile(r *rand.Rand) *File {
	f := &File{}
	if r.IntN(2) == 0 {
		f.Package = "example.com/p" + itoa(r.IntN(9))
	}
	if r.IntN(2) == 0 {
		f.Schema = "../schemas/specgen.schema.json"
	}
	names := []string{"F", "g", "T.M", "(*T).M", "Ünï"}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	for _, name := range names[:1+r.IntN(len(names))] {
		fn := &Function{Name: name}
		if r.IntN(2) == 0 {
			fn.Evals = Evals{Type: &TypeEval{Type: "[]string"}, Generated: r.IntN(2) == 0}
			if r.IntN(2) == 0 {
				fn.Evals.Assertion = &AssertionEval{Assertion: "len(output) > 0 && err == nil"}
			}
		}
		for i := 0; i <= r.IntN(5); i++ {
			c := &Case{Generated: r.IntN(2) == 0}
			if r.IntN(3) > 0 {
				c.ID = fmt.Sprintf("c%d", i)
			}
			if IsMethodName(name) && r.IntN(2) == 0 {
				c.Receiver = vp(randomValue(r, 2))
			}
			switch r.IntN(3) {
			case 0:
				c.Input = vp(randomValue(r, 2))
			case 1:
				in := randomValue(r, 2)
				if in.Kind != List && in.Kind != Map {
					in = ListValue(in)
				}
				c.Inputs = &in
			}
			switch r.IntN(3) {
			case 0:
				if e := randomValue(r, 2); !e.hasCode() { // code is an input only
					c.Expected = vp(e)
				}
			case 1:
				c.Raises = []string{"error", "panic", "*strconv.NumError", "io.EOF"}[r.IntN(4)]
				if r.IntN(2) == 0 {
					c.Match = "^bad: .*$"
				}
			}
			if r.IntN(4) == 0 {
				c.Duration = &Duration{time.Duration(1+r.IntN(5000)) * time.Millisecond}
			}
			if r.IntN(4) == 0 {
				c.Tolerance = r.Float64() / 1000
			}
			if r.IntN(4) == 0 {
				c.Types = TypeArgs{{Param: "T", Type: "int"}, {Param: "U", Type: "map[string][]ID"}}[:1+r.IntN(2)]
			}
			if c.ID == "" && c.Input == nil && c.Inputs == nil && c.Receiver == nil && c.Expected == nil && c.Raises == "" {
				c.ID = fmt.Sprintf("c%d", i)
			}
			fn.Dataset = append(fn.Dataset, c)
		}
		f.Functions = append(f.Functions, fn)
	}
	return f
}

func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 300; i++ {
		checkRoundTrip(t, randomFile(r))
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "spec.yml")

	changed, err := WriteFile(path, []byte("one\n"))
	if err != nil || !changed {
		t.Fatalf("first WriteFile = %v, %v; want true, nil (parents are made)", changed, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode = %v, want 0644", st.Mode().Perm())
	}

	// Same bytes: nothing is written, the modification time stays.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	changed, err = WriteFile(path, []byte("one\n"))
	if err != nil || changed {
		t.Fatalf("WriteFile of the same bytes = %v, %v; want false, nil", changed, err)
	}
	if st, _ := os.Stat(path); !st.ModTime().Equal(old) {
		t.Errorf("unchanged file was rewritten: mtime %v, want %v", st.ModTime(), old)
	}

	// New bytes replace the file, keeping its mode.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	changed, err = WriteFile(path, []byte("two\n"))
	if err != nil || !changed {
		t.Fatalf("WriteFile of new bytes = %v, %v; want true, nil", changed, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "two\n" {
		t.Errorf("content = %q, want %q", got, "two\n")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode after rewrite = %v, want 0600 kept", st.Mode().Perm())
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the file (no temp files left)", len(entries))
	}

	// A symbolic link is written through, not replaced.
	link := filepath.Join(dir, "link.yml")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFile(link, []byte("three\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("WriteFile replaced the symbolic link")
	}
	if got, _ := os.ReadFile(path); string(got) != "three\n" {
		t.Errorf("target content = %q, want %q", got, "three\n")
	}

	// A parent that is a file cannot be made.
	if _, err := WriteFile(filepath.Join(path, "x.yml"), []byte("x")); err == nil {
		t.Error("WriteFile under a regular file succeeded")
	}
}

func TestSchemaRef(t *testing.T) {
	got, err := SchemaRef("pkg/testdata/specgen/F_evals.yml", "schemas/specgen.schema.json")
	if err != nil || got != "../../../schemas/specgen.schema.json" {
		t.Errorf("SchemaRef = %q, %v; want ../../../schemas/specgen.schema.json", got, err)
	}
}

func TestTypeArgs(t *testing.T) {
	tests := []struct {
		name  string
		types TypeArgs
		want  string // the case as Marshal writes it
		why   string
	}{
		{"one", TypeArgs{{Param: "T", Type: "int"}},
			"        id: int-ok\n        types: {T: int}\n        inputs: [1, 2]\n",
			"a flow mapping right after the id"},
		{"several in order", TypeArgs{{Param: "K", Type: "string"}, {Param: "V", Type: "[]ID"}},
			"        id: int-ok\n        types: {K: string, V: '[]ID'}\n        inputs: [1, 2]\n",
			"type parameter order is kept; YAML-special types are quoted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Case{ID: "int-ok", Types: tt.types, Inputs: vp(ListValue(IntValue(1), IntValue(2))), Generated: true}
			f := &File{Functions: []*Function{{Name: "Max", Dataset: []*Case{c}}}}
			out, err := f.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Errorf("Marshal =\n%s\nwant it to hold\n%s(%s)", out, tt.want, tt.why)
			}
			back, err := Parse("rt.yml", out)
			if err != nil {
				t.Fatalf("Parse(Marshal(f)): %v", err)
			}
			bc := back.Functions[0].Dataset[0]
			if !bc.Generated {
				t.Errorf("the case reads back hand-written: its fingerprint is not stable\n%s", out)
			}
			if !sameTypes(bc.Types, tt.types) {
				t.Errorf("types read back as %v, want %v", bc.Types, tt.types)
			}
			for i, ta := range bc.Types {
				if ta.Pos.Line != 5 || ta.Pos.Col == 0 {
					t.Errorf("type %d at %v, want line 5", i, ta.Pos)
				}
			}
		})
	}
}

func TestMergeTypeArgs(t *testing.T) {
	in := vp(ListValue(IntValue(1), IntValue(2)))
	hand := &Case{ID: "mine", Types: TypeArgs{{Param: "T", Type: "int"}}, Inputs: in, Expected: vp(IntValue(2))}
	old := &Function{Name: "Max", Dataset: []*Case{hand}}
	gen := &Function{Name: "Max", Dataset: []*Case{
		{ID: "int-ok", Types: TypeArgs{{Param: "T", Type: "int"}}, Inputs: in, Expected: vp(IntValue(2)), Generated: true},
		{ID: "float64-ok", Types: TypeArgs{{Param: "T", Type: "float64"}}, Inputs: in, Expected: vp(FloatValue(2)), Generated: true},
	}}
	var ids []string
	for _, c := range Merge(old, gen).Dataset {
		ids = append(ids, c.ID)
	}
	if want := []string{"mine", "float64-ok"}; !slices.Equal(ids, want) {
		t.Errorf("merged ids = %v, want %v: a hand-written case covers the generated one of its own type arguments only", ids, want)
	}
}
