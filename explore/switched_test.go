package explore

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

// TestCaseTypes checks the dynamic types read off the type switches and
// assertions on an interface parameter, the function's own, then those
// of the package functions it passes the parameter to, two calls deep.
func TestCaseTypes(t *testing.T) {
	tests := []struct {
		fn   string
		inst int // which instantiation of a generic function
		want []string
		why  string
	}{
		{"Describe", 0, []string{"map[string][]string", "[]float64", "floater", "map[int]bool", "[]rune"}, "its own cases in order, nil aside, then its callee's assertions"},
		{"Lookup", 1, []string{"map[string]string", "map[string]any"}, "an instantiation's cases with its type arguments"},
		{"Flatten", 0, []string{"map[string]any holding []string, bool, int", "string"}, "a map of interfaces ranged over: the types its elements are tested against, in a callee too"},
		{"Open", 0, []string{"string", "[]byte", "io.Reader"}, "two calls down: Open hands src to openWith, which hands it to source"},
	}
	for _, tt := range tests {
		f := targettest.Func(t, "testdata/switched", ".", tt.fn)
		if f.Generic() {
			f = Instantiations(f, MaxInstantiations)[tt.inst]
		}
		var got []string
		for _, ct := range caseTypes(f, 0) {
			s := f.Pkg.TypeString(ct.t)
			for i, e := range ct.elems {
				s += map[bool]string{true: " holding ", false: ", "}[i == 0] + f.Pkg.TypeString(e)
			}
			got = append(got, s)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("caseTypes(%s, 0) = %q, want %q (%s)", tt.fn, got, tt.want, tt.why)
		}
	}
}

// TestElemCaseTypes checks the dynamic types read off the type switches
// on the elements of a slice parameter the function ranges over, and
// the values written for them: one element of each, a pointer's typed
// nil among them.
func TestElemCaseTypes(t *testing.T) {
	tests := []struct {
		fn         string
		param      int
		wantTypes  []string
		wantValues []string
	}{
		{"Merge", 1, []string{"*Multi"}, []string{"[]error{&Multi{Errs: nil}}", `[]error{&Multi{Errs: []error{errors.New("boom")}}}`, "[]error{(*Multi)(nil)}"}},
		{"Merge", 0, nil, []string{"&Multi{Errs: nil}", `&Multi{Errs: []error{errors.New("boom")}}`, "(*Multi)(nil)"}},
		{"Count", 0, nil, []string{"&Multi{Errs: nil}", `&Multi{Errs: []error{errors.New("boom")}}`, "(*Multi)(nil)"}},
		{"Describe", 0, nil, nil},
	}
	for _, tt := range tests {
		f := targettest.Func(t, "testdata/switched", ".", tt.fn)
		var types []string
		for _, et := range elemCaseTypes(f, tt.param) {
			types = append(types, f.Pkg.TypeString(et))
		}
		if !slices.Equal(types, tt.wantTypes) {
			t.Errorf("elemCaseTypes(%s, %d) = %q, want %q", tt.fn, tt.param, types, tt.wantTypes)
		}
		if tt.wantValues == nil {
			continue
		}
		a, err := newAnalysis(f, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		var vals []string
		for _, v := range a.caseValues(tt.param) {
			vals = append(vals, v.Str)
		}
		if !slices.Equal(vals, tt.wantValues) {
			t.Errorf("caseValues(%s, %d) = %q, want %q", tt.fn, tt.param, vals, tt.wantValues)
		}
	}
}

// TestCaseTypesExplored checks that the built-in explorer reaches every
// branch of a type switch on an interface parameter (and on the elements
// of a map of interfaces it holds), those of dynamic
// types no general candidate has (a map of string slices, a map[int]bool
// asserted by a callee, a type of the package implementing an
// unexported interface) too, and of a slice of interfaces ranged over
// (Merge), and a function's reflect kind (Storable). It runs natively:
// yaegi gives interpreted types no methods an interface case would see.
func TestCaseTypesExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/switched", "Describe", "Flatten", "Sign", "Merge", "Count", "Storable")
}

// TestFakesExplored checks that an interface the package never
// implements is given fakes (target.GoExpr): one returning zero values,
// one returning typical values, one failing; each branch on what the
// interface's methods return is then reached, through a parameter and
// through a constructor's.
func TestFakesExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/faked", "(*Cache).Lookup", "Copy")
}

// TestRecoversExplored checks that a function that recovers panics is
// also called deferred while the code panics, with a string and with an
// error: the branches on what it recovers are then reached.
func TestRecoversExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/recovered", "Guard", "(*Printer).recoverTo")
}

// TestNestedPartsExplored checks that an interface the package never
// implements is reached below the top of a receiver: an element of an
// []any field that the method asserts to it, an element of a slice of
// it (a fake at the deepest level, where nil was the only value), and
// an any a constructor keeps, which the method switches on; and a field
// the method asserts to a wider interface of the package (a fake of
// that one); a dependency of a struct without a constructor, filled
// only by the method under test (a literal sets it), and handlers a bus
// is given through Register.
func TestNestedPartsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/nested", "template.Fill", "(*query).SQL", "(*cond).Where", "(*reader).Size", "(*table).Render", "(*lineWriter).Write", "(*Bus).Publish")
}

// exploredWhole explores each function fns of the package in dir
// natively with the built-in explorer and fails for any statement left
// uncovered.
func exploredWhole(t *testing.T, dir string, fns ...string) {
	t.Helper()
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	for _, fn := range fns {
		f := targettest.Func(t, dir, ".", fn)
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 300, MaxTime: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		wantCovered(t, fn, x)
	}
}

// wantCovered fails t unless x covered every statement of its function,
// logging those left; what, when not empty, starts each message.
func wantCovered(t *testing.T, what string, x *Exploration) {
	t.Helper()
	prefix := ""
	if what != "" {
		prefix = what + ": "
	}
	if covered, total := x.Statements(); covered != total {
		for _, u := range x.Uncovered() {
			t.Logf("%suncovered %d-%d: %s", prefix, u.Start, u.End, u.Text)
		}
		t.Errorf("%s%d/%d statements covered, want all", prefix, covered, total)
	}
}

// exploredInstance explores the first instantiation of the generic
// function fn of the package in dir natively, 300 probes.
func exploredInstance(t *testing.T, dir, fn string) *Exploration {
	t.Helper()
	insts := Instantiations(targettest.Func(t, dir, ".", fn), 1)
	if len(insts) == 0 {
		t.Fatalf("%s: no instantiation", fn)
	}
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	x, err := Run(context.Background(), insts[0], NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 300, MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestMadeValuesExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/sinks", "View.Len", "View.Slice", "(*viewSink).SetBytes", "(*messageSink).SetBytes", "Pick")
}

// TestOptionsExplored checks that a receiver made by a constructor of
// options (New(options ...Options)) is made with the options the method
// reads set: every statement runs.
func TestOptionsExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/options", "(*Guard).Check")
}

// TestUnnamedOptions: options of an unnamed func type (opts
// ...func(*Config)) are what the package's makers return
// (WithLimit(2)), the typical list of them holds no nil, which the
// constructor would call, and lists of one option come before a list
// of a nil: Room is explored on a store with a limit.
func TestUnnamedOptions(t *testing.T) {
	f := targettest.Func(t, "testdata/cfgopts", ".", "New")
	g := newValueGen(f.Pkg.Types, mine(f))
	g.pkg = f.Pkg
	opts := g.values(f.Params[0].Type)
	var code []string
	for _, v := range opts {
		code = append(code, v.String())
	}
	all := strings.Join(code, "\n")
	for _, want := range []string{"WithLimit(", "WithGrowOnly()"} {
		if !strings.Contains(all, want) {
			t.Errorf("no option list with %s; got:\n%s", want, all)
		}
	}
	if ty := g.typical(f.Params[0].Type, opts); ty.Kind == spec.List && slices.ContainsFunc(ty.List, func(e spec.Value) bool { return e.Kind == spec.Null }) {
		t.Errorf("typical options %s hold a nil", ty)
	}
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/cfgopts", "(*Store).Room")
}

// TestHandlersExplored checks that handlers are given the requests they
// read (methods, query keys, headers, cookies, path values and JSON bodies
// named in the code) and a recorder to write to, and that a handler a
// function returns, or what a middleware it returns makes of a handler,
// is served such requests: every statement runs.
func TestHandlersExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	exploredWhole(t, "testdata/handlers", "Create", "Page", "Token", "Item", "RequireToken", "ClientIP", "(*Gate).ServeHTTP", "Ping", "(*Proxy).Addr", "Next", "(*Mux).Route", "(*segment).lookup", "(*Router).Handle", "NotAllowed", "Hello", "User", "Chain")
}

// TestGenericProducedExplored checks that a generic type without
// constructors is made by the method of another generic type that
// returns it, instantiated alike: a Cursor[int] from a filled
// Stack[int]'s Walk(), whose Next then finds an item.
func TestGenericProducedExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	wantCovered(t, "(*Cursor).Next", exploredInstance(t, "testdata/generic", "(*Cursor).Next"))
}

// TestSmallPagesExplored checks that a method taking a part of its
// receiver is called on receivers of every constructor filled by the
// most calls, with that part from it: a set of pages of 64 items holds
// eight in one page, where a set made with a smaller PageSize splits
// them into pages that merge then looks at.
func TestSmallPagesExplored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package natively")
	}
	x := exploredInstance(t, "testdata/paged", "(*Set).merge")
	for _, u := range x.Uncovered() {
		if strings.Contains(u.Text, "next := s.pages[i+1]") {
			t.Errorf("(*Set).merge: the page after p never looked at: uncovered %d-%d: %s", u.Start, u.End, u.Text)
		}
	}
	split := false
	for _, s := range x.Tried {
		split = split || strings.Contains(s.Code, "NewOptions[int](") && strings.Contains(s.Code, ".merge(s.pages[0])")
	}
	if !split {
		t.Error("(*Set).merge: never called on a set made by NewOptions with its first page")
	}
}

// TestCaseReaders: a parameter the code tells an io.Reader in gets what
// the package's own writers write, read back, from a value filled by
// its mutator first: the data Open reads is what WriteTo wrote.
func TestCaseReaders(t *testing.T) {
	f := targettest.Func(t, "testdata/switched", ".", "Open")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	var vals []string
	for _, v := range a.caseValues(0) {
		vals = append(vals, v.Str)
	}
	want := `func() io.Reader { v := func() *Notes { p := NewNotes(); p.Add("abc"); return p }(); var b bytes.Buffer; v.WriteTo(&b); return &b }()`
	if !slices.Contains(vals, want) {
		t.Errorf("caseValues(Open, 0) lack %s:\n%s", want, strings.Join(vals, "\n"))
	}
}
