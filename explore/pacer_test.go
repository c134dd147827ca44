package explore

import (
	"go/types"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

// TestInterfaceValues checks the candidates of a parameter of an
// interface type of the package: nil, then what the package's
// functions that return one make, then its implementations, a func
// type among them as small functions converted to it.
func TestInterfaceValues(t *testing.T) {
	a := pacerAnalysis(t, "Limit")
	got := candTexts(a.cands[1])
	prefixOf := func(p string) int {
		return slices.IndexFunc(got, func(s string) bool { return strings.HasPrefix(s, p) })
	}
	if len(got) == 0 || got[0] != "null" {
		t.Fatalf("candidates of p = %q, want nil first", got)
	}
	steady, doubling, adapted := prefixOf("NewSteady("), prefixOf("NewDoubling("), prefixOf("PacerFunc(func() (time.Duration, bool) {")
	if steady < 0 || doubling < 0 || adapted < 0 {
		t.Fatalf("candidates of p = %q, want calls of NewSteady and NewDoubling and PacerFunc literals", got)
	}
	if steady > adapted || doubling > adapted {
		t.Errorf("candidates of p = %q, want the constructors' values before the implementations'", got)
	}
	if i := prefixOf("Limit("); i >= 0 {
		t.Errorf("candidates of p = %q: the function under test makes none of its own inputs", got)
	}
}

// TestInterfaceResultsExplored checks that the decorators of an
// interface, whose statements run only when the closure they return is
// called, are covered whole: their results are observed by calling
// Next three times, and their parameter takes the package's values.
func TestInterfaceResultsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/pacer", "Limit", "Cap", "NewDoubling", "(*doubling).Next")
}

// TestExpiringContext checks that a context is also given one that
// expires during the call: Wait's select on ctx.Done() while its timer
// runs is reached by nothing else (a cancelled context stops it before
// the wait).
func TestExpiringContext(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/pacer", "Wait")
}

// TestOptionWaitsExplored checks that Poll, which waits 200ms twenty
// times before it gives up unless an option sets its wait, is fully
// explored: its options' waits and contexts, and giving up quietly. (It
// passes without quicken too, which TestQuicken pins: the mutations
// reach Every(1ns) here on their own.)
func TestOptionWaitsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/pacer", "Poll")
}

// TestWrittenReaders checks that an io.Reader is also given what the
// package's own writers write: (*Journal).Load ranges over the waits of
// a gob that only Save writes.
func TestWrittenReaders(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/pacer", "(*Journal).Load")
}

// TestWrittenCutShort checks that what the package's writer wrote is
// also read back cut in half: a reader that stops inside a record.
func TestWrittenCutShort(t *testing.T) {
	got := candTexts(pacerAnalysis(t, "(*Journal).Load").cands[1])
	if !slices.ContainsFunc(got, func(s string) bool {
		return strings.Contains(s, ".Save(&b); return bytes.NewReader(b.Bytes()[:b.Len()/2]) }()")
	}) {
		t.Errorf("candidates of r = %q, want Save's output cut in half", got)
	}
}

// TestInterfaceCtorReceivers checks that the receivers of a method of a
// type the package makes only behind an interface come from the
// constructor that returns it, asserted back to the type.
func TestInterfaceCtorReceivers(t *testing.T) {
	a := pacerAnalysis(t, "(*doubling).Next")
	got := candTexts(a.cands[0])
	if !slices.ContainsFunc(got, func(s string) bool {
		return strings.HasPrefix(s, "NewDoubling(") && strings.HasSuffix(s, ").(*doubling)")
	}) {
		t.Errorf("receivers of (*doubling).Next = %q, want NewDoubling(…).(*doubling)", got)
	}
	if slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "NewSteady(") }) {
		t.Errorf("receivers of (*doubling).Next = %q: NewSteady makes another type", got)
	}
}

// TestFailingCallbacks checks the candidates of a callback that returns
// an error: it fails with a plain error, the package's sentinel and
// the plain error given to the package's wrapper; one fails once, with
// the wrapped error, then succeeds. A context parameter is also given
// one already cancelled.
func TestFailingCallbacks(t *testing.T) {
	a := pacerAnalysis(t, "Retry")
	got := candTexts(a.cands[2])
	for _, want := range []string{
		`func(x context.Context) (int, error) { return 0, errors.New("boom") }`,
		`func(x context.Context) (int, error) { return 0, ErrGaveUp }`,
		`func(x context.Context) (int, error) { return 0, Temporary(errors.New("boom")) }`,
		`func() func(context.Context) (int, error) { calls := 0; return func(x context.Context) (int, error) { calls++; if calls == 1 { return 0, Temporary(errors.New("boom")) }; return 1, nil } }()`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("candidates of f = %q, want %s among them", got, want)
		}
	}
	if !slices.ContainsFunc(a.cands[0], func(v spec.Value) bool { return strings.Contains(v.Str, "cancel()") }) {
		t.Errorf("candidates of ctx = %v, want a cancelled context", a.cands[0])
	}
}

// TestFieldLiterals checks that a struct type with unexported fields
// and no constructor is built as keyed literals of its fields, each
// field varied.
func TestFieldLiterals(t *testing.T) {
	a := pacerAnalysis(t, "(*temporary).Error")
	got := candTexts(a.cands[0])
	for _, want := range []string{`&temporary{err: errors.New("boom")}`, `&temporary{err: errors.New("EOF")}`} {
		if !slices.Contains(got, want) {
			t.Errorf("receivers of (*temporary).Error = %q, want %s among them", got, want)
		}
	}
}

// candTexts are candidates as text: code as itself, others as YAML
// (null).
func candTexts(vs []spec.Value) []string {
	var out []string
	for _, v := range vs {
		if v.Kind == spec.Code {
			out = append(out, v.Str)
		} else {
			out = append(out, v.String())
		}
	}
	return out
}

// pacerAnalysis is the built-in explorer's analysis of the function fn
// of testdata/pacer.
func pacerAnalysis(t *testing.T, fn string) *analysis {
	t.Helper()
	a, err := newAnalysis(targettest.Func(t, "testdata/pacer", ".", fn), 1, false)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestQuicken checks the inputs proposed for probes that timed out:
// each quick option of the list appended (Every(time.Nanosecond), Within
// an expiring context), not for probes made quick already, and not a
// quick option that only ever timed out.
func TestQuicken(t *testing.T) {
	a := pacerAnalysis(t, "Poll")
	never := spec.CodeValue("func() bool { return false }")
	every := spec.CodeValue("Every(time.Nanosecond)")
	within := "Within(" + expiringContext + ")"
	opts := func(vs ...spec.Value) spec.Value { return spec.ListValue(vs...) }
	quiet := spec.CodeValue("Quiet(true)")
	rec := func(i int, o executors.Outcome, vals ...spec.Value) *Record {
		code, err := a.code(vals)
		if err != nil {
			t.Fatal(err)
		}
		a.proposed[normCode(code)] = vals
		return &Record{Index: i, Snippet: Snippet{Code: code}, Result: executors.Result{Outcome: o}, Class: string(o)}
	}
	slow := rec(0, executors.Timeout, never, opts(quiet))
	tests := []struct {
		name    string
		records []*Record
		want    []string // the options of the snippets proposed
	}{
		{"each quick option appended", []*Record{slow}, []string{"Quiet(true) Every(time.Nanosecond)", "Quiet(true) " + within}},
		{"a probe made quick is not made quicker", []*Record{rec(1, executors.Timeout, never, opts(quiet, every))}, nil},
		{"a quick option that only timed out is left out", []*Record{slow, rec(1, executors.Timeout, never, opts(every)), rec(2, executors.Timeout, never, opts(quiet, quiet, every))}, []string{"Quiet(true) " + within}},
		{"one that once finished is not", []*Record{slow, rec(1, executors.Timeout, never, opts(every)), rec(2, executors.Timeout, never, opts(quiet, quiet, every)), rec(3, executors.OK, never, opts(every))}, []string{"Quiet(true) Every(time.Nanosecond)", "Quiet(true) " + within}},
		{"probes that finished are left alone", []*Record{rec(0, executors.OK, never, opts(quiet))}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan := &Plan{}
			var got []string
			a.quicken(tt.records, hazards{}, 10, plan, func(code, desc string, vals []spec.Value) {
				plan.Snippets = append(plan.Snippets, Snippet{Code: code, Description: desc})
				got = append(got, strings.Join(candTexts(vals[1].List), " "))
			})
			if !slices.Equal(got, tt.want) {
				t.Errorf("quicken proposed\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestQuickVariants checks that a call's own durations and contexts are
// made quick: a nanosecond, a context that expires during the call.
func TestQuickVariants(t *testing.T) {
	a := pacerAnalysis(t, "Wait")
	vs := a.quickVariants([]spec.Value{spec.NullValue(), spec.IntValue(int64(90 * time.Second))})
	if len(vs) != 1 {
		t.Fatalf("%d variants, want 1", len(vs))
	}
	if got, want := candTexts(vs[0].vals), []string{expiringContext, "1"}; !slices.Equal(got, want) {
		t.Errorf("variant %q, want %q", got, want)
	}
	if vs := a.quickVariants(vs[0].vals); len(vs) != 0 {
		t.Errorf("a quick call made quick again: %d variants, want none", len(vs))
	}
}

// TestAppliedOptions checks that a struct configured by functional
// options (type PollOption func(*pollConfig)) is also built with each
// option applied, then two together.
func TestAppliedOptions(t *testing.T) {
	a := pacerAnalysis(t, "Poll")
	n := a.self.Scope().Lookup("pollConfig").Type().(*types.Named)
	got := candTexts(a.gen.valuesAt(types.NewPointer(n), 1))
	for _, want := range []string{
		"func() *pollConfig { p := &pollConfig{}; Every(90 * time.Second)(p); return p }()",
		"func() *pollConfig { p := &pollConfig{}; Quiet(true)(p); return p }()",
		"func() *pollConfig { p := &pollConfig{}; Within(context.Background())(p); return p }()",
		"func() *pollConfig { p := &pollConfig{}; Every(90 * time.Second)(p); Quiet(true)(p); return p }()",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("candidates of *pollConfig lack %s; got\n%s", want, strings.Join(got, "\n"))
		}
	}
}

// TestSpareSlices checks that a function that reads a slice's capacity
// is given empty slices with room (make([]int, 0, 8)) right after nil,
// the empty one and the typical one, and that one that does not read a
// capacity is not.
func TestSpareSlices(t *testing.T) {
	got := candTexts(pacerAnalysis(t, "Fill").cands[1])
	want := []string{"make([]int, 0, 1)", "make([]int, 0, 3)", "make([]int, 0, 8)"}
	if len(got) < 6 || !slices.Equal(got[3:6], want) {
		t.Errorf("candidates of buf = %q, want %q after the first three", got, want)
	}
	for _, s := range candTexts(pacerAnalysis(t, "Total").cands[0]) {
		if strings.HasPrefix(s, "make(") {
			t.Errorf("candidate %s of xs: Total reads no capacity", s)
		}
	}
}
