package spec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGeneratedMarker(t *testing.T) {
	f := &File{Functions: []*Function{{
		Name:  "F",
		Evals: Evals{Generated: true, Type: &TypeEval{Type: "int"}},
		Dataset: []*Case{
			{ID: "gen", Generated: true, Input: vp(IntValue(1)), Expected: vp(IntValue(2))},
			{ID: "hand", Input: vp(IntValue(3)), Expected: vp(IntValue(4))},
		},
	}}}
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	tests := []struct {
		name      string
		edit      func(string) string
		wantCase  bool // Generated of case "gen" after the edit
		wantEvals bool
		why       string
	}{
		{"untouched", func(s string) string { return s }, true, true, "the marker's fingerprint matches"},
		{"value edited", func(s string) string { return strings.Replace(s, "expected: 2", "expected: 5", 1) }, false, true,
			"a person changed the expected value: the case is theirs now"},
		{"id edited", func(s string) string { return strings.Replace(s, "id: gen", "id: mine", 1) }, false, true, "renaming adopts the case"},
		{"marker removed", func(s string) string {
			return strings.Replace(s, "- case: # specgen:generated", "- case: # was", 1)
		}, false, true, "deleting the comment adopts the case"},
		{"reformatted", func(s string) string {
			s = strings.Replace(s, "expected: 2", "expected: 0x2 # same value", 1)
			return strings.Replace(s, "Type: {type: int}", "Type:\n      type: \"int\"", 1)
		}, true, true, "layout and comments are not edits"},
		{"evals edited", func(s string) string { return strings.Replace(s, "type: int", "type: int64", 1) }, true, false,
			"a changed evaluator adopts the evals"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.edit(src)
			g, err := Parse("m.yml", []byte(text))
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, text)
			}
			fn := g.Functions[0]
			if got := fn.Dataset[0].Generated; got != tt.wantCase {
				t.Errorf("case Generated = %v, want %v (%s)\n%s", got, tt.wantCase, tt.why, text)
			}
			if fn.Dataset[1].Generated {
				t.Errorf("the hand-written case reads as generated")
			}
			if got := fn.Evals.Generated; got != tt.wantEvals {
				t.Errorf("evals Generated = %v, want %v (%s)\n%s", got, tt.wantEvals, tt.why, text)
			}
		})
	}
}

func ids(fn *Function) string {
	var s []string
	for _, c := range fn.Dataset {
		tag := "hand"
		if c.Generated {
			tag = "gen"
		}
		s = append(s, c.ID+"/"+tag)
	}
	return strings.Join(s, " ")
}

func TestMerge(t *testing.T) {
	gen := func(id string, in int64) *Case {
		return &Case{ID: id, Generated: true, Input: vp(IntValue(in)), Expected: vp(IntValue(in * 10))}
	}
	hand := func(id string, in int64) *Case {
		return &Case{ID: id, Input: vp(IntValue(in)), Expected: vp(IntValue(-in))}
	}
	noted := func(id string, in int64) *Case {
		c := gen(id, in)
		c.Annotated = true
		return c
	}
	fresh := func(id string, in int64) *Case {
		return &Case{ID: id, Input: vp(IntValue(in)), Expected: vp(IntValue(in * 100))}
	}
	tests := []struct {
		name     string
		old, gen []*Case
		want     string
		why      string
	}{
		{"no old file", nil, []*Case{fresh("a", 1), fresh("b", 2)}, "a/gen b/gen",
			"everything generated is marked generated"},
		{"hand cases stay in place", []*Case{gen("a", 1), hand("mine", 9), gen("b", 2)}, []*Case{fresh("a", 1), fresh("b", 2)},
			"a/gen mine/hand b/gen", "generated cases are replaced where they stood"},
		{"stale generated cases go", []*Case{gen("a", 1), gen("old", 5), hand("mine", 9)}, []*Case{fresh("a", 1)},
			"a/gen mine/hand", "a generated case the generator no longer makes is dropped"},
		{"new cases are appended", []*Case{hand("mine", 9), gen("a", 1)}, []*Case{fresh("new", 7), fresh("a", 1)},
			"mine/hand a/gen new/gen", "new cases come after the old ones"},
		{"hand id wins", []*Case{hand("a", 9)}, []*Case{fresh("a", 1), fresh("b", 2)},
			"a/hand b/gen", "a generated case never takes the id of a hand-written one"},
		{"hand inputs win", []*Case{hand("mine", 1)}, []*Case{fresh("a", 1), fresh("b", 2)},
			"mine/hand b/gen", "the person's expectation for the same inputs wins"},
		{"commented case stays", []*Case{gen("a", 1), noted("old", 5), hand("mine", 9)}, []*Case{fresh("a", 1)},
			"a/gen old/gen mine/hand", "dropping a generated case a person commented on would lose the comment"},
		{"commented case is updated", []*Case{noted("a", 1)}, []*Case{fresh("a", 1)},
			"a/gen", "a comment is not an edit: regenerated, the case is replaced in place"},
		{"commented inputs win", []*Case{noted("old", 5)}, []*Case{fresh("new", 5), fresh("b", 2)},
			"old/gen b/gen", "a kept case is not repeated under another id"},
		{"edited generated case is hand", []*Case{{ID: "a", Input: vp(IntValue(1)), Expected: vp(IntValue(42))}}, []*Case{fresh("a", 1)},
			"a/hand", "an edited case lost its marker on Parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var old *Function
			if tt.old != nil {
				old = &Function{Name: "F", Dataset: tt.old}
			}
			g := &Function{Name: "F", Dataset: tt.gen}
			got := Merge(old, g)
			if s := ids(got); s != tt.want {
				t.Errorf("Merge = %s, want %s (%s)", s, tt.want, tt.why)
			}
			for _, c := range got.Dataset {
				if c.Generated && !c.Annotated && c.Expected.Int != c.Input.Int*100 {
					t.Errorf("case %s: generated content %s is not the fresh one", c.ID, c.Expected)
				}
				if !c.Generated && c.Expected.Int == c.Input.Int*100 {
					t.Errorf("case %s: hand-written case has generated content", c.ID)
				}
			}
			for _, c := range tt.gen {
				if c.Generated {
					t.Errorf("Merge changed its generated argument")
				}
			}
		})
	}
}

func TestMergeEvals(t *testing.T) {
	handEvals := Evals{Type: &TypeEval{Type: "mine"}}
	oldGen := Evals{Type: &TypeEval{Type: "old"}, Generated: true}
	newEvals := Evals{Type: &TypeEval{Type: "new"}, Assertion: &AssertionEval{Assertion: "output > 0"}}
	tests := []struct {
		name string
		old  Evals
		want string
		why  string
	}{
		{"hand evals kept", handEvals, "mine", "a person's evaluators are never replaced"},
		{"generated evals replaced", oldGen, "new", "the generator owns them"},
		{"no evals", Evals{}, "new", "nothing to keep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Merge(&Function{Name: "F", Evals: tt.old}, &Function{Name: "F", Evals: newEvals})
			if got.Evals.Type.Type != tt.want {
				t.Errorf("Type = %q, want %q (%s)", got.Evals.Type.Type, tt.want, tt.why)
			}
			if got.Evals.Generated != (tt.want == "new") {
				t.Errorf("Evals.Generated = %v", got.Evals.Generated)
			}
		})
	}
}

func TestMergeFile(t *testing.T) {
	old := &File{Path: "x.yml", Package: "p", Functions: []*Function{
		{Name: "A", Dataset: []*Case{{ID: "h", Input: vp(IntValue(1))}}},
		{Name: "B", Dataset: []*Case{{ID: "g", Generated: true, Input: vp(IntValue(1))}}},
	}}
	gen := &File{Package: "q", Schema: "s.json", Functions: []*Function{
		{Name: "C", Dataset: []*Case{{ID: "c", Input: vp(IntValue(3))}}},
		{Name: "B", Dataset: []*Case{{ID: "g2", Input: vp(IntValue(2))}}},
	}}
	got := MergeFile(old, gen)
	var names []string
	for _, fn := range got.Functions {
		names = append(names, fn.Name+"["+ids(fn)+"]")
	}
	want := "A[h/hand] B[g2/gen] C[c/gen]"
	if s := strings.Join(names, " "); s != want {
		t.Errorf("MergeFile functions = %s, want %s (old order, old-only kept, new appended)", s, want)
	}
	if got.Function("B") == nil || got.Function("B").Dataset[0].ID != "g2" || got.Function("Z") != nil {
		t.Errorf("File.Function does not find functions by name")
	}
	if got.Path != "x.yml" || got.Package != "q" || got.Schema != "s.json" {
		t.Errorf("MergeFile metadata = %q %q %q", got.Path, got.Package, got.Schema)
	}
}

// TestRefreshKeepsHandEdits is the whole cycle: generate, write, a person
// edits one case and adds another, regenerate, merge, write.
func TestRefreshKeepsHandEdits(t *testing.T) {
	generate := func(scale int64) *File {
		return &File{Package: "p", Functions: []*Function{{Name: "Double", Dataset: []*Case{
			{ID: "one", Input: vp(IntValue(1)), Expected: vp(IntValue(2 * scale))},
			{ID: "two", Input: vp(IntValue(2)), Expected: vp(IntValue(4 * scale))},
		}}}}
	}
	first, err := MergeFile(nil, generate(1)).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(first), "expected: 4", "expected: 400", 1)
	edited = strings.Replace(edited, "  dataset:\n", "  dataset:\n    - case: {id: mine, input: 7, expected: 14}\n", 1)
	onDisk, err := Parse("d.yml", []byte(edited))
	if err != nil {
		t.Fatalf("Parse of the edited file: %v\n%s", err, edited)
	}
	second, err := MergeFile(onDisk, generate(3)).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse("d.yml", second)
	if err != nil {
		t.Fatal(err)
	}
	var summary []string
	for _, c := range got.Functions[0].Dataset {
		summary = append(summary, c.ID+"="+c.Expected.String())
	}
	want := "mine=14 one=6 two=400"
	if s := strings.Join(summary, " "); s != want {
		t.Errorf("after refresh: %s, want %s\n%s", s, want, second)
	}
}

func TestFillIDs(t *testing.T) {
	fn := &Function{Dataset: []*Case{{}, {ID: "case-1"}, {}, {ID: "x"}}}
	fn.FillIDs()
	var got []string
	for _, c := range fn.Dataset {
		got = append(got, c.ID)
	}
	if diff := cmp.Diff([]string{"case-2", "case-1", "case-3", "x"}, got); diff != "" {
		t.Errorf("FillIDs (-want +got):\n%s", diff)
	}
}

// TestAnnotated finds a person's comments on generated cases.
func TestAnnotated(t *testing.T) {
	f := &File{Functions: []*Function{{
		Name: "F",
		Dataset: []*Case{
			{ID: "one", Generated: true, Input: vp(IntValue(1)), Expected: vp(IntValue(2))},
			{ID: "two", Generated: true, Input: vp(IntValue(3)), Expected: vp(IntValue(4))},
		},
	}}}
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	tests := []struct {
		name string
		edit func(string) string
		want string // Annotated of one and two
	}{
		{"untouched", func(s string) string { return s }, "false false"},
		{"above the second", func(s string) string {
			i := strings.LastIndex(s, "    - case:")
			return s[:i] + "    # checked by hand\n" + s[i:]
		}, "false true"},
		{"above the first is the dataset's", func(s string) string {
			return strings.Replace(s, "    - case:", "    # all from the manual\n    - case:", 1)
		}, "false false"},
		{"beside the marker", func(s string) string {
			i := strings.LastIndex(s, "# specgen:generated")
			j := i + strings.Index(s[i:], "\n")
			return s[:j] + " JIRA-1" + s[j:]
		}, "false true"},
		{"inside", func(s string) string { return strings.Replace(s, "expected: 2", "expected: 2 # per the RFC", 1) }, "true false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.edit(src)
			g, err := Parse("m.yml", []byte(text))
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, text)
			}
			ds := g.Functions[0].Dataset
			if got := fmt.Sprint(ds[0].Annotated, ds[1].Annotated); got != tt.want {
				t.Errorf("Annotated = %s, want %s\n%s", got, tt.want, text)
			}
			for _, c := range ds {
				if !c.Generated {
					t.Errorf("case %s: a comment made it hand-written\n%s", c.ID, text)
				}
			}
		})
	}
}

// TestRefreshKeepsCommentedCase: a person comments on a generated case
// that the next generation no longer makes; the refreshed file keeps
// the case and the comment.
func TestRefreshKeepsCommentedCase(t *testing.T) {
	first := &File{Package: "p", Functions: []*Function{{Name: "Double", Dataset: []*Case{
		{ID: "one", Input: vp(IntValue(1)), Expected: vp(IntValue(2))},
		{ID: "gone", Input: vp(IntValue(5)), Expected: vp(IntValue(10))},
	}}}}
	data, err := MergeFile(nil, first).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	i := strings.LastIndex(string(data), "    - case:")
	edited := string(data[:i]) + "    # checked by hand\n" + string(data[i:])
	onDisk, err := Parse("d.yml", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	next := &File{Package: "p", Functions: []*Function{{Name: "Double", Dataset: []*Case{
		{ID: "one", Input: vp(IntValue(1)), Expected: vp(IntValue(2))},
		{ID: "two", Input: vp(IntValue(2)), Expected: vp(IntValue(4))},
	}}}}
	out, err := MergeFile(onDisk, next).MarshalOver([]byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "# checked by hand\n    - case: # specgen:generated") || !strings.Contains(string(out), "id: gone") {
		t.Errorf("the commented case or its comment is lost:\n%s", out)
	}
	got, err := Parse("d.yml", out)
	if err != nil {
		t.Fatal(err)
	}
	if s := ids(got.Functions[0]); s != "one/gen gone/gen two/gen" {
		t.Errorf("after refresh: %s, want one/gen gone/gen two/gen\n%s", s, out)
	}
}
