package explore

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// loadInstr loads testdata/cmpmod/instr with the go command.
func loadInstr(t testing.TB) *target.Func {
	t.Helper()
	dir, err := filepath.Abs("testdata/cmpmod")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := target.Load(context.Background(), "./instr", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func("Parse")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCmpFeedbackCracksParse explores instr.Parse, whose mnemonics are
// only in a table built at init, with and without comparison feedback,
// on the same budget: without it the search never gets past the
// mnemonic lookup; with it, the probes tell it the mnemonics (the keys
// of the map looked up), the operands' length (len compared with 8) and
// their layout (bytes compared with 'r', ',' and '#'), and it reaches
// every statement. Twice with the same seed, it tries the same inputs.
func TestCmpFeedbackCracksParse(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	f := loadInstr(t)
	cover := map[bool]float64{}
	var tried [][]Snippet
	for _, noCmps := range []bool{true, false, false} {
		exe := &executors.Yaegi{}
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{NoCmps: noCmps}), exe, Options{MaxProbes: 1000, MaxTime: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		covered, total := x.Statements()
		t.Logf("comparison feedback %v: %d probes, %d/%d statements (%.1f%%)", !noCmps, x.Probes(), covered, total, x.Coverage())
		cover[!noCmps] = x.Coverage()
		if !noCmps {
			tried = append(tried, x.Tried)
		}
	}
	if diff := cmp.Diff(tried[0], tried[1]); diff != "" {
		t.Errorf("two explorations with the same seed tried different inputs (-first +second):\n%s", diff)
	}
	if cover[true] < 100 {
		t.Errorf("with comparison feedback, coverage %.1f%%, want 100%%", cover[true])
	}
	if cover[false] >= cover[true] {
		t.Errorf("without comparison feedback, coverage %.1f%% (with: %.1f%%): the test function no longer needs it", cover[false], cover[true])
	}
}

// TestStringSubstitutions: what an input string becomes given one
// comparison its probe made.
func TestStringSubstitutions(t *testing.T) {
	tests := []struct {
		name string
		s    string
		c    executors.Cmp
		want []string
	}{
		{"a part found is replaced, then case forms",
			"OP r1", executors.Cmp{Kind: executors.CmpString, A: "OP", B: "Add"},
			[]string{"Add r1", "ADD r1", "add r1"}},
		{"the whole input compared: replaced, its case form, then as prefix and suffix",
			"ab", executors.Cmp{Kind: executors.CmpString, A: "ab", B: "v="},
			[]string{"v=", "V=", "v=ab", "abv="}},
		{"an empty input becomes the other operand",
			"", executors.Cmp{Kind: executors.CmpString, A: "", B: "x"},
			[]string{"x"}},
		{"a byte: every occurrence at once, then each",
			"hh", executors.Cmp{Kind: executors.CmpByte, A: "104", B: "48"},
			[]string{"00", "0h", "h0"}},
		{"len(part) 1 with 8: the end grows by 7, 6 and 8, padded by index",
			"OP r", executors.Cmp{Kind: executors.CmpLen, A: "1", B: "8"},
			[]string{"OP r456789a", "OP r456789", "OP r456789ab"}},
		{"len 5 with 2: the input is cut",
			"abcde", executors.Cmp{Kind: executors.CmpLen, A: "5", B: "2"},
			[]string{"ab", "a", "abc"}},
		{"len(parts) 2 with 3: the parts between a separator's runs grow by repeating the last, then the bytes",
			"a||b", executors.Cmp{Kind: executors.CmpLen, A: "2", B: "3"},
			[]string{"a||b||b", "a||b||b||b", "a||b4", "a||b45"}},
		{"len(parts) 4 with 3: parts cut from the end",
			"1.2.3.4", executors.Cmp{Kind: executors.CmpLen, A: "4", B: "3"},
			[]string{"1.2.3", "1.2", "1.2.3."}},
		{"an integer found as text: the other, its neighbours, hex",
			"v30", executors.Cmp{Kind: executors.CmpInt, A: "30", B: "17"},
			[]string{"v17", "v16", "v18", "v11"}},
		{"a len longer than the input is not this input's",
			"ab", executors.Cmp{Kind: executors.CmpLen, A: "9", B: "2"},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, stringSubstitutions(tt.s, tt.c)); diff != "" {
				t.Errorf("stringSubstitutions(%q, %+v) (-want +got):\n%s", tt.s, tt.c, diff)
			}
		})
	}
}

// TestCodeSubstitutions: what code that builds a value becomes given
// one comparison its probe made.
func TestCodeSubstitutions(t *testing.T) {
	tests := []struct {
		name, code string
		cmp        executors.Cmp
		want       []string
	}{
		{
			name: "string-literal", code: `MustParse("1.2.3")`,
			cmp:  executors.Cmp{Kind: executors.CmpString, A: "1", B: "v"},
			want: []string{`MustParse("v.2.3")`, `MustParse("V.2.3")`},
		},
		{
			name: "number-in-a-string", code: `MustParse("1.2.3")`,
			cmp:  executors.Cmp{Kind: executors.CmpInt, A: "1", B: "18446744073709551615"},
			want: []string{`MustParse("18446744073709551615.2.3")`, `MustParse("18446744073709551614.2.3")`, `MustParse("ffffffffffffffff.2.3")`},
		},
		{
			name: "converted-literal", code: `*New(uint64(2), uint64(7), "abc")`,
			cmp:  executors.Cmp{Kind: executors.CmpInt, A: "2", B: "18446744073709551615"},
			want: []string{`*New(uint64(18446744073709551615), uint64(7), "abc")`},
		},
		{
			name: "request-method-stays-a-method", code: `httptest.NewRequest("GET", "/", nil)`,
			cmp: executors.Cmp{Kind: executors.CmpString, A: "GET", B: "GE"},
		},
		{
			name: "request-method-to-a-method", code: `httptest.NewRequest("GET", "/", nil)`,
			cmp:  executors.Cmp{Kind: executors.CmpString, A: "GET", B: "PUT"},
			want: []string{`httptest.NewRequest("PUT", "/", nil)`},
		},
		{
			name: "request-target-stays-a-target", code: `func() *http.Request { r := httptest.NewRequest("GET", "/a", nil); r.Header.Set("K", "/a"); return r }()`,
			cmp: executors.Cmp{Kind: executors.CmpString, A: "/a", B: "a b"},
			want: []string{
				`func() *http.Request { r := httptest.NewRequest("GET", "/a", nil); r.Header.Set("K", "a b"); return r }()`,
				`func() *http.Request { r := httptest.NewRequest("GET", "/a", nil); r.Header.Set("K", "A B"); return r }()`,
				`func() *http.Request { r := httptest.NewRequest("GET", "/a", nil); r.Header.Set("K", "a b/a"); return r }()`,
				`func() *http.Request { r := httptest.NewRequest("GET", "/a", nil); r.Header.Set("K", "/aa b"); return r }()`,
			},
		},
		{
			name: "request-header-looked-for", code: `httptest.NewRequest("GET", "/", nil)`,
			cmp:  executors.Cmp{Kind: executors.CmpKey, A: "X-Forwarded-Host"},
			want: []string{`func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Header.Set("X-Forwarded-Host", "abc"); return r }()`},
		},
		{
			name: "request-another-header-looked-for", code: `*func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Host = "a"; return r }()`,
			cmp:  executors.Cmp{Kind: executors.CmpKey, A: "x-real-ip"},
			want: []string{`*func() *http.Request { r := httptest.NewRequest("GET", "/", nil); r.Host = "a"; r.Header.Set("x-real-ip", "abc"); return r }()`},
		},
		{
			name: "bytes-grown", code: `[]byte{97, 98}`,
			cmp:  executors.Cmp{Kind: executors.CmpLen, A: "2", B: "4"},
			want: []string{`[]byte{97, 98, 50, 51}`, `[]byte{97, 98, 50}`, `[]byte{97, 98, 50, 51, 52}`},
		},
		{
			name: "empty-bytes-grown", code: `[]byte{}`,
			cmp:  executors.Cmp{Kind: executors.CmpLen, A: "0", B: "1"},
			want: []string{`[]byte{48}`, `[]byte{48, 49}`},
		},
		{
			name: "bytes-converted-from-text", code: `[]byte("ab")`,
			cmp:  executors.Cmp{Kind: executors.CmpByte, A: "97", B: "122"},
			want: []string{`[]byte("zb")`},
		},
		{
			name: "response-status", code: `&http.Response{StatusCode: 200, Body: http.NoBody}`,
			cmp:  executors.Cmp{Kind: executors.CmpInt, A: "200", B: "302"},
			want: []string{`&http.Response{StatusCode: 302, Body: http.NoBody}`},
		},
		{
			name: "a-key-but-no-request", code: `NewCache(map[string]int{})`,
			cmp: executors.Cmp{Kind: executors.CmpKey, A: "k"},
		},
		{
			name: "too-big-for-its-conversion", code: `New(int8(2))`,
			cmp: executors.Cmp{Kind: executors.CmpInt, A: "2", B: "300"},
		},
		{
			name: "small-anywhere", code: `NewStack(3)`,
			cmp:  executors.Cmp{Kind: executors.CmpInt, A: "3", B: "16"},
			want: []string{`NewStack(16)`},
		},
		{
			name: "large-unconverted", code: `NewStack(3)`,
			cmp: executors.Cmp{Kind: executors.CmpInt, A: "3", B: "1000"},
		},
		{
			name: "an-index-stays", code: `xs[2]`,
			cmp: executors.Cmp{Kind: executors.CmpInt, A: "2", B: "5"},
		},
		{
			name: "not-a-panic-message", code: `func() T { panic("1") }()`,
			cmp: executors.Cmp{Kind: executors.CmpString, A: "1", B: "2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := codeSubstitutions(tt.code, tt.cmp)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("codeSubstitutions(%s, %+v) (-want +got):\n%s", tt.code, tt.cmp, d)
			}
		})
	}
}

// TestCmpFeedbackAny explores testdata/ids (*ID).Scan(src any) on the
// native engine (yaegi's type switch sends the string a String() method
// returned to the default case): the bytes an empty interface holds are grown to the
// length the code compares them with, its strings are the package's
// own IDs and changed as comparisons say, and every statement runs.
func TestCmpFeedbackAny(t *testing.T) {
	if testing.Short() {
		t.Skip("builds native workers")
	}
	f := loadFunc(t, idsDir, "(*ID).Scan")
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 600, MaxTime: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "", x)
}

// TestCmpFeedbackParts: a count of parts compared with a bound
// (len(strings.Split(p, "|")) > 100) gets inputs of that many parts and
// one more, not only of that many bytes.
func TestCmpFeedbackParts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	f := targettest.Func(t, "testdata/cmpmod", "./alts", "Parse")
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), &executors.Yaegi{}, Options{MaxProbes: 600, MaxTime: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "", x)
}

// TestCmpTurns: a comparison that comes back on another corpus entry
// gets its next substitution there, not its first again: a bound that
// len m did not pass gets m-1, then m+1.
func TestCmpTurns(t *testing.T) {
	f := targettest.Func(t, "testdata/cmpmod", "./alts", "Parse")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	a.cmpDrawn, a.cmpTurns = map[int]bool{}, map[cmpTurn]int{}
	bound := executors.Cmp{Site: 1, Kind: executors.CmpLen, A: "2", B: "4"}
	var results []*Record
	var corpus []corpusEntry
	var got []string
	for i, in := range []string{"a|b", "c|d", "e|f"} {
		results = append(results, &Record{Result: executors.Result{Cmps: []executors.Cmp{bound}}})
		corpus = append(corpus, corpusEntry{vals: []spec.Value{spec.StringValue(in)}, record: i})
		var plan Plan
		a.fromCmps(results, corpus, nil, 1, &plan, func(code, desc string, vals []spec.Value) {
			plan.Snippets = append(plan.Snippets, Snippet{Code: code, Description: desc})
			got = append(got, vals[0].Str)
		})
	}
	want := []string{"a|b|b|b", "c|d|d", "e|f|f|f|f"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("inputs proposed, one per round (-want +got):\n%s", diff)
	}
}

// TestSeparators: the runs of neither letters nor digits, each once.
func TestSeparators(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want []string
	}{
		{"1.2 || 3.4", []string{".", " || "}},
		{"a\xffb--c", []string{"\xff", "--"}},
		{"abc", nil},
		{"", nil},
	} {
		if got := separators(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("separators(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestCmpFeedbackChain: a selector whose opening is one chain of
// conditions (len(s) < 4 || s[0] != '@' || …) runs the same block
// whatever the input until the whole chain holds; a probe that gets
// one condition further makes a comparison no probe made before, and
// its comparisons carry the search on to the next.
func TestCmpFeedbackChain(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	f := targettest.Func(t, "testdata/cmpmod", "./chain", "Selector")
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 1000, MaxTime: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	wantCovered(t, "", x)
}
