package explore

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

func TestMine(t *testing.T) {
	tests := []struct {
		fn     string
		list   func(m *mined) []string
		want   []string
		reason string
	}{
		{"ParseSize", func(m *mined) []string { return m.words }, []string{"b", "kb", "mb", "gb"}, "the keys of the unit table the function looks up"},
		{"ParseSize", func(m *mined) []string { return m.prefixes }, []string{"-"}, "strings.HasPrefix marks a prefix"},
		{"ParseSize", func(m *mined) []string { return m.seps }, []string{"0", "9", "."}, "the characters the code compares bytes with"},
		{"ParseSize", func(m *mined) []string { return m.docs }, []string{"10kb", "1.5 MB", "-3b", "12kb", "7 gb"}, "strings quoted in the doc comment are example inputs"},
		{"ParseSize", func(m *mined) []string { return m.strs }, []string{"no number in %q", "unknown unit %s"}, "messages are kept, apart from the words"},
		{"ParseKV", func(m *mined) []string { return m.seps }, []string{"=", ","}, "strings.Cut and strings.Split separators"},
		{"ParseKV", func(m *mined) []string { return m.prefixes }, []string{"0x"}, "HasPrefix"},
		{"ParseKV", func(m *mined) []string { return m.suffixes }, []string{"_id"}, "HasSuffix"},
		{"ParseKV", func(m *mined) []string { return m.words }, []string{"mode", "kind"}, "switch cases on a string"},
		{"ParseKV", func(m *mined) []string { return m.classes }, []string{"7"}, "unicode.IsDigit gives a digit sample"},
	}
	for _, tt := range tests {
		t.Run(tt.fn+"/"+tt.reason, func(t *testing.T) {
			m := mine(loadFunc(t, sampleDir, tt.fn))
			got := tt.list(m)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("%q not mined (%s); got %q", w, tt.reason, got)
				}
			}
		})
	}
}

func TestMineNumbers(t *testing.T) {
	tests := []struct {
		fn       string
		ints     []int64
		lens     []int
		absentIn []int64
		reason   string
	}{
		{"Grade", []int64{-1, 0, 1, 89, 90, 91, 74, 75, 76, 41, 42, 43}, nil, nil, "comparison operands with their ±1 neighbours"},
		{"ParseSize", []int64{0, 1, 1 << 40, 1<<40 - 1, 1<<40 + 1, 1 << 10}, nil, nil, "constant expressions are folded (1<<40) and table values kept"},
		{"ParseKV", []int64{2, 3, 4, 0, 1}, []int{2, 3, 4, 0, 1}, nil, "len(parts) > 3 and != 1 give lengths to build"},
		{"Paint", []int64{1, 2, 3}, nil, nil, "switch cases on enum constants"},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			m := mine(loadFunc(t, sampleDir, tt.fn))
			for _, w := range tt.ints {
				if !slices.Contains(m.ints, w) {
					t.Errorf("int %d not mined (%s); got %v", w, tt.reason, m.ints)
				}
			}
			for _, w := range tt.lens {
				if !slices.Contains(m.lens, w) {
					t.Errorf("length %d not mined (%s); got %v", w, tt.reason, m.lens)
				}
			}
		})
	}
}

func TestMineStringCombinations(t *testing.T) {
	f := loadFunc(t, sampleDir, "ParseKV")
	g := newValueGen(f.Pkg.Types, mine(f))
	var got []string
	for _, v := range g.strings() {
		got = append(got, v.Str)
	}
	for _, want := range []string{
		"mode=1",     // word + separator + number
		"1,1,1,1",    // n fields for len(parts) > 3
		"0x1",        // prefix + number
		"test_id",    // word + suffix
		"kind=1,2",   // two separators
		"user_id=7",  // from the doc comment
		"mode=-1,1",  // negative numbers between separators
		"1=2",        // numbers around a separator
		"0x" + "abc", // prefix + word
	} {
		if !slices.Contains(got, want) {
			t.Errorf("combination %q missing from the %d string candidates", want, len(got))
		}
	}
}

// TestMineFoldedPattern: a pattern the package builds at init from a
// constant, a local variable and fmt.Sprintf is sampled like a literal
// one.
func TestMineFoldedPattern(t *testing.T) {
	f := targettest.Func(t, "testdata/sprintfre", ".", "Check")
	re := regexp.MustCompile(`^(<=|>=)\s*([0-9]+)(\.[0-9]+){2}$`)
	m := mine(f)
	n := 0
	for _, s := range m.pkgMatches {
		if re.MatchString(s) {
			n++
		}
	}
	if n == 0 {
		t.Errorf("no sample of the folded pattern among the package's matches %q", m.pkgMatches)
	}
}

// TestMineStdFormats checks that the inputs a function hands to a
// standard-library parser, in a callee too, are sampled in that
// parser's format: JSON documents for json.Unmarshal, a constant
// layout written at a fixed time for time.Parse.
func TestMineStdFormats(t *testing.T) {
	tests := []struct {
		fn   string
		want []string
	}{
		{"Keys", []string{`{}`, `{"a":1}`, `null`}},
		{"Year", []string{"2024-02-29 13:04", "024-02-29 13:04"}},
		// Input named json: JSON texts, escapes among them.
		{"Astral", []string{`{}`, `"\u00e9 \ud83d\ude00 \"\\\/\b\f\n\r\t"`, `{"a":`}},
	}
	for _, tt := range tests {
		m := mine(targettest.Func(t, "testdata/formats", ".", tt.fn))
		for _, w := range tt.want {
			if !slices.Contains(m.formats, w) {
				t.Errorf("%s: %q not among the samples %q", tt.fn, w, m.formats)
			}
		}
	}
}

// TestMineStdFormatsExplored checks that those samples reach the
// success paths behind the parsers.
func TestMineStdFormatsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	for _, fn := range []string{"Keys", "Year"} {
		f := targettest.Func(t, "testdata/formats", ".", fn)
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), &executors.Yaegi{Workers: 1}, Options{MaxProbes: 200, MaxTime: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		wantCovered(t, fn, x)
	}
}

// TestJSONSamples: the documents for code naming its input json are
// valid JSON but those cut short or malformed, and their keys are the
// package's words fit to be keys, then a, b, c.
func TestJSONSamples(t *testing.T) {
	got := jsonSamples([]string{"first name", "friends", "true", "age", "friends", "x-y"})
	invalid := map[string]bool{`{"a":`: true, `{"a" 1}`: true, `[1,]`: true, `"abc`: true}
	for _, s := range got {
		if json.Valid([]byte(s)) == invalid[s] {
			t.Errorf("json.Valid(%q) = %v", s, !invalid[s])
		}
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(got[0]), &doc); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range doc {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"a", "age", "b", "friends"}; !slices.Equal(keys, want) {
		t.Errorf("keys of %s = %q, want %q", got[0], keys, want)
	}
}

// TestMineNamesJSON: a string the code names json gets JSON texts;
// one named otherwise, none.
func TestMineNamesJSON(t *testing.T) {
	if m := mine(targettest.Func(t, "testdata/formats", ".", "Astral")); !m.namesJSON {
		t.Error("Astral(json string): namesJSON not set")
	}
	if m := mine(targettest.Func(t, "testdata/formats", ".", "Year")); m.namesJSON {
		t.Error("Year(s string): namesJSON set")
	}
	// The parameter named json is given JSON first: its typical value
	// is a document.
	a, err := newAnalysis(targettest.Func(t, "testdata/formats", ".", "Astral"), 1, false)
	if err != nil {
		t.Fatal(err)
	}
	a.seedTuples(1)
	if c := a.cands[0]; len(c) == 0 || c[0].Kind != spec.String || !json.Valid([]byte(c[0].Str)) || !strings.HasPrefix(c[0].Str, "{") {
		t.Errorf("first candidate of Astral(json string) = %v, want a JSON document", c[:min(len(c), 1)])
	}
}

// TestMineNamesJSONExplored: a decoder of JSON escapes reaches the pair
// of surrogates its input may hold: a code it decodes from hex is no
// comparison the search could carry back into the input.
func TestMineNamesJSONExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	f := targettest.Func(t, "testdata/formats", ".", "Astral")
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 300, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "Astral", x)
}
