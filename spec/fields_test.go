package spec

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSourceMarker(t *testing.T) {
	tests := []struct {
		name, key string
		want      string
	}{
		{"as written", "F: # specgen:source 1a2b3c4d5e6f7a8b", "1a2b3c4d5e6f7a8b"},
		{"spacing", "F:   #specgen :  source   1a2b  ", "1a2b"},
		{"with a note after", "F: # specgen:source 1a2b # checked by Ann", "1a2b"},
		{"no hash", "F: # specgen:source", ""},
		{"other comment", "F: # owner: Ann", ""},
		{"marker prefix of a word", "F: # specgen:sources 1a2b", ""},
		{"edited by hand", "F: # specgen:source not-a-hash", "not-a-hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.key + "\n  dataset:\n    - case: {input: 1}\n"
			f, err := Parse("s.yml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Functions[0].Source; got != tt.want {
				t.Errorf("Source = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReviewComment(t *testing.T) {
	tests := []struct {
		name, head string
		want       string
	}{
		{"em dash", "# specgen: review — nil map gives 0", "nil map gives 0"},
		{"hyphen", "#specgen:review - nil map", "nil map"},
		{"below a note", "# note\n# specgen: review — odd", "odd"},
		{"plain comment", "# review this", ""},
		{"other marker", "# specgen:generated 1234", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "F:\n  dataset:\n    - case: {input: 0}\n" + indent(tt.head, "    ") + "\n    - case: {input: 1}\n"
			f, err := Parse("s.yml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Functions[0].Dataset[1].Review; got != tt.want {
				t.Errorf("Review = %q, want %q\n%s", got, tt.want, src)
			}
			if got := f.Functions[0].Dataset[0].Review; got != "" {
				t.Errorf("the case above got Review %q", got)
			}
		})
	}
}

func indent(s, by string) string {
	return by + strings.ReplaceAll(s, "\n", "\n"+by)
}

// A case under review is still generated: the reason is not part of the
// fingerprint, so adding, changing or removing it leaves the marker
// matching.
func TestReviewNotInFingerprint(t *testing.T) {
	c := &Case{ID: "a", Generated: true, Input: vp(IntValue(1)), Expected: vp(IntValue(2))}
	base := caseFingerprint(c)
	for _, reason := range []string{"panics on nil", "something else"} {
		r := *c
		r.Review = reason
		if got := caseFingerprint(&r); got != base {
			t.Errorf("fingerprint with Review %q = %s, want %s", reason, got, base)
		}
		f := &File{Functions: []*Function{{Name: "F", Dataset: []*Case{&r}}}}
		out, err := f.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse("s.yml", out)
		if err != nil {
			t.Fatal(err)
		}
		got := back.Functions[0].Dataset[0]
		if !got.Generated || got.Review != reason {
			t.Errorf("read back Generated %v, Review %q; want true, %q\n%s", got.Generated, got.Review, reason, out)
		}
		// Removing the review line by hand keeps the case generated.
		plain := strings.Replace(string(out), "    "+reviewHead(reason)+"\n", "", 1)
		back, err = Parse("s.yml", []byte(plain))
		if err != nil {
			t.Fatal(err)
		}
		if got := back.Functions[0].Dataset[0]; !got.Generated || got.Review != "" {
			t.Errorf("without the review line: Generated %v, Review %q; want true, \"\"\n%s", got.Generated, got.Review, plain)
		}
	}
}

func TestMarshalNewFields(t *testing.T) {
	long := []string{"a-rather-long-case-identifier-one", "a-rather-long-case-identifier-two"}
	tests := []struct {
		name string
		fn   *Function
		want string
	}{
		{"short ignore is a flow list", &Function{Name: "F", Ignore: []string{"x", "true"}, Dataset: []*Case{{Input: vp(IntValue(1))}}},
			"F:\n  dataset:\n    - case:\n        input: 1\n  ignore: [x, \"true\"]\n"},
		{"long ignore is a block list", &Function{Name: "F", Ignore: long, Dataset: []*Case{{Input: vp(IntValue(1))}}},
			"F:\n  dataset:\n    - case:\n        input: 1\n  ignore:\n    - a-rather-long-case-identifier-one\n    - a-rather-long-case-identifier-two\n"},
		{"source", &Function{Name: "F", Source: "00ff", Dataset: []*Case{{Input: vp(IntValue(1))}}},
			"F: # specgen:source 00ff\n  dataset:\n    - case:\n        input: 1\n"},
		{"review on one line", &Function{Name: "F", Dataset: []*Case{{Input: vp(IntValue(1)), Review: "two\nlines  here"}}},
			"F:\n  dataset:\n    # specgen: review — two lines here\n    - case:\n        input: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := (&File{Functions: []*Function{tt.fn}}).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("Marshal:\n%s\nwant:\n%s", out, tt.want)
			}
			back, err := Parse("s.yml", out)
			if err != nil {
				t.Fatal(err)
			}
			fn := back.Functions[0]
			if !slices.Equal(fn.Ignore, tt.fn.Ignore) || fn.Source != tt.fn.Source {
				t.Errorf("read back Ignore %q, Source %q; want %q, %q", fn.Ignore, fn.Source, tt.fn.Ignore, tt.fn.Source)
			}
		})
	}
}

func TestMergeIgnoreAndSource(t *testing.T) {
	c := func(id string, gen bool, in int64) *Case {
		return &Case{ID: id, Generated: gen, Input: vp(IntValue(in)), Expected: vp(IntValue(in))}
	}
	tests := []struct {
		name       string
		old, gen   *Function
		wantIDs    []string
		wantIgnore []string
		wantSource string
	}{
		{"ignored id stays out",
			&Function{Name: "F", Ignore: []string{"b"}, Source: "old", Dataset: []*Case{c("a", true, 1)}},
			&Function{Name: "F", Source: "new", Dataset: []*Case{c("a", false, 1), c("b", false, 2), c("c", false, 3)}},
			[]string{"a", "c"}, []string{"b"}, "new"},
		{"generated ignore appended once",
			&Function{Name: "F", Ignore: []string{"b", "x"}, Dataset: []*Case{c("h", false, 9)}},
			&Function{Name: "F", Ignore: []string{"x", "y"}, Dataset: []*Case{c("b", false, 2), c("y", false, 3), c("z", false, 4)}},
			[]string{"h", "z"}, []string{"b", "x", "y"}, ""},
		{"old source kept when generated has none",
			&Function{Name: "F", Source: "old", Dataset: []*Case{c("a", true, 1)}},
			&Function{Name: "F", Dataset: []*Case{c("a", false, 1)}},
			[]string{"a"}, nil, "old"},
		{"hand-written case with an ignored id is kept",
			&Function{Name: "F", Ignore: []string{"a"}, Dataset: []*Case{c("a", false, 5)}},
			&Function{Name: "F", Dataset: []*Case{c("a", false, 1)}},
			[]string{"a"}, []string{"a"}, ""},
		{"no old: generated ignore applies",
			nil,
			&Function{Name: "F", Ignore: []string{"b"}, Dataset: []*Case{c("a", false, 1), c("b", false, 2)}},
			[]string{"a"}, []string{"b"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Merge(tt.old, tt.gen)
			var ids []string
			for _, c := range got.Dataset {
				ids = append(ids, c.ID)
			}
			if diff := cmp.Diff(tt.wantIDs, ids); diff != "" {
				t.Errorf("case ids (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantIgnore, got.Ignore); diff != "" {
				t.Errorf("Ignore (-want +got):\n%s", diff)
			}
			if got.Source != tt.wantSource {
				t.Errorf("Source = %q, want %q", got.Source, tt.wantSource)
			}
		})
	}
}

func TestDeleted(t *testing.T) {
	gen := func(id string) *Case { return &Case{ID: id, Generated: true, Input: vp(StringValue(id))} }
	hand := func(id string) *Case { return &Case{ID: id, Input: vp(StringValue(id))} }
	before := &Function{Name: "F", Dataset: []*Case{gen("a"), hand("h"), gen("b"), {Generated: true, Input: vp(IntValue(1))}, gen("c"), gen("a")}}
	tests := []struct {
		name string
		now  *Function
		want []string
	}{
		{"nothing deleted", &Function{Dataset: []*Case{gen("a"), hand("h"), gen("b"), gen("c")}}, nil},
		{"generated deleted, in before's order", &Function{Dataset: []*Case{gen("b")}}, []string{"a", "c"}},
		{"hand-written and id-less cases are not reported", &Function{Dataset: []*Case{gen("a"), gen("b"), gen("c")}}, nil},
		{"an edited case keeps its id", &Function{Dataset: []*Case{hand("a"), hand("b"), hand("c")}}, nil},
		{"function gone", nil, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Deleted(before, tt.now)); diff != "" {
				t.Errorf("Deleted (-want +got):\n%s", diff)
			}
		})
	}
	if got := Deleted(nil, before); got != nil {
		t.Errorf("Deleted(nil, fn) = %q, want nil", got)
	}
}
