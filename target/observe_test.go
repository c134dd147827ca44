package target

import (
	"context"
	"go/types"
	"slices"
	"strings"
	"sync"
	"testing"
)

var observedOnce = sync.OnceValues(func() (*Package, error) {
	return Load(context.Background(), "./observed", Config{Dir: "testdata/td"})
})

// observedType returns the type of testdata/td/observed named name, or
// a pointer to it for "*name".
func observedType(t *testing.T, name string) (types.Type, *Package) {
	t.Helper()
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	obj := p.Types.Scope().Lookup(strings.TrimPrefix(name, "*"))
	if obj == nil {
		t.Fatalf("no type %s", name)
	}
	typ := obj.Type()
	if strings.HasPrefix(name, "*") {
		typ = types.NewPointer(typ)
	}
	return typ, p
}

func TestObservers(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want string // "-" for nil
	}{
		{"*Stack", "String() Name Address() Empty() Len() Ratio() Title()"},
		{"Stack", "String() Name Address() Empty() Len() Ratio() Title()"},
		{"Open", "-"},
		{"*Open", "-"},
		// A type of the package without an API: its plain unexported
		// fields; none when it has none.
		{"Token", "id"},
		{"*Token", "id"},
		{"Gate", ""},
		{"*walk", "seen current step"},
		{"*Wide", "A() B() C() D() E() F() G() H()"},
		{"Text", "MarshalText()"},
		{"When", "-"},
		// First writes the cursor through begin and next; Last writes it
		// itself; Again calls itself and writes nothing; Size reads
		// through size.
		{"*Cursor", "Again() Index() Last2() Size()"},
		// A standard library type is pinned by its text alone.
		{"*Big", "String()"},
		{"*Request", "Method URL Host Header ContentLength Referer() UserAgent()"},
		// An interface is observed through its methods, but those that
		// step it along.
		{"Backoff", "Max() Name()"},
		{"Sink", "-"},
		{"*Iter", "Pos()"},
		{"Kind", "String()"},
	} {
		typ, p := observedType(t, c.typ)
		got := Observers(typ, p)
		s := strings.Join(got, " ")
		if got == nil {
			s = "-"
		}
		if s != c.want {
			t.Errorf("Observers(%s) = %q, want %q", c.typ, s, c.want)
		}
		if _, iface := typ.Underlying().(*types.Interface); !iface && Opaque(typ) != (c.want != "-") {
			t.Errorf("Opaque(%s) = %v", c.typ, Opaque(typ))
		}
	}
}

func TestObserverBody(t *testing.T) {
	stack, _ := observedType(t, "*Stack")
	open, _ := observedType(t, "Open")
	store, _ := observedType(t, "*Store")
	backoff, _ := observedType(t, "Backoff")
	// The arguments of a call Put(key string, v int), held in a0 and a1.
	args := []ObserverArg{{"key", types.Typ[types.String], "a0"}, {"v", types.Typ[types.Int], "a1"}}
	for _, c := range []struct {
		typ     types.Type
		key     string
		want    string
		wantErr string
	}{
		{store, "Lookup(key)", "specgenV, specgenOK := x.Lookup(a0)\nreturn []interface{}{specgenV, specgenOK}", ""},
		{store, "Weight(key, v)", "return x.Weight(a0, a1)", ""},
		{store, "Weight(key,v)", "return x.Weight(a0, a1)", ""},
		{store, "Load(key)", "specgenV, specgenE := x.Load(a0)\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", ""},
		{store, "Lookup(k)", "", "Lookup(k): k is not a parameter of the call (key, v)"},
		{store, "Lookup(v)", "", "Lookup(v): v is a int, which Lookup does not take as its argument 1 (string)"},
		{store, "Lookup()", "", "Lookup() takes arguments"},
		{store, "Weight(key)", "", "Weight(key): Weight takes 2 arguments, not 1"},
		{store, "Len(key)", "", "Len(key): Len takes 0 arguments, not 1"},
		{store, "All(key)", "", "All(key): All is variadic"},
		{store, "Lookup(key", "", "want an exported field (Name) or an exported method call"},
		{stack, "Len()", "return x.Len()", ""},
		{stack, "Name", "return x.Name", ""},
		{stack, "Items()", "return x.Items()", ""},
		{stack, "Peek()", "specgenV, specgenE := x.Peek()\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", ""},
		{open, "A", "return x.A", ""},
		{stack, "Count()", "", "Count() takes arguments"},
		{stack, "Len", "", "Len is a method: write Len()"},
		{stack, "Name()", "", "Name() is a field, not a method: write Name"},
		// The spec's cases run inside the package: its own types'
		// unexported fields are read, not their unexported methods.
		{stack, "items", "return x.items", ""},
		{store, "n", "return x.n", ""},
		{stack, "grown", "", "grown: want an exported field (Name) or an exported method without arguments (Name())"},
		{store, "put", "", "put: want an exported field (Name) or an exported method call (Name() or Name(param))"},
		{stack, "items()", "", "items(): want an exported field (Name) or an exported method without arguments (Name())"},
		{stack, "Lenn()", "", "has no exported field or method Lenn() (did you mean Len()?)"},
		{types.Typ[types.Int], "Len()", "", "int is not a struct, a pointer to one or an interface with methods to observe"},
		{backoff, "Name()", "return x.Name()", ""},
		{backoff, "Next(); Name()", "specgenSteps := []interface{}{}\nfor _, specgenStep := range []func() interface{}{\nfunc() interface{} {\nspecgenV, specgenOK := x.Next()\nreturn []interface{}{specgenV, specgenOK}\n},\nfunc() interface{} {\nreturn x.Name()\n},\n} {\nvar specgenItem interface{} = specgenStep()\nspecgenSteps = append(specgenSteps, specgenItem)\n}\nreturn specgenSteps", ""},
		{backoff, "Next(); Name", "", `Next(); Name: "Name" is not a method call`},
		{backoff, "Reset(); NextDelay()", "specgenSteps := []interface{}{}\nfor _, specgenStep := range []func() interface{}{\nfunc() interface{} {\nx.Reset()\nreturn nil\n},\nfunc() interface{} {\nreturn x.NextDelay()\n},\n} {\nvar specgenItem interface{} = specgenStep()\nspecgenSteps = append(specgenSteps, specgenItem)\n}\nreturn specgenSteps", ""},
		{backoff, "Reset", "", "Reset is a method: write Reset()"},
		{backoff, "Reset()", "", "Reset() does not return one value"},
		{backoff, "Next();", "", `Next();: "" is not a method call`},
		{backoff, "Next(); Apply()", "", "Next(); Apply(): Apply() takes arguments"},
		{backoff, "Nex()", "", "did you mean Next()?"},
	} {
		a := args
		if c.typ != store {
			a = nil
		}
		got, err := ObserverBody(c.typ, c.key, "x", a)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("ObserverBody(%s, %s): error %v, want %q", c.typ, c.key, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("ObserverBody(%s, %s): %v", c.typ, c.key, err)
		case got != c.want:
			t.Errorf("ObserverBody(%s, %s) = %q, want %q", c.typ, c.key, got, c.want)
		}
	}
}

func TestStepObservers(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want string // "-" for nil
	}{
		{"Backoff", "Next(); Next(); Next()|NextDelay(); NextDelay(); NextDelay()"},
		{"*Iter", "Next(); Next(); Next()"},
		{"Iter", "Next(); Next(); Next()"},
		{"Sink", "-"},
		{"Open", "-"}, // not observed through its API
	} {
		typ, _ := observedType(t, c.typ)
		got := StepObservers(typ)
		s := strings.Join(got, "|")
		if got == nil {
			s = "-"
		}
		if s != c.want {
			t.Errorf("StepObservers(%s) = %q, want %q", c.typ, s, c.want)
		}
		for _, k := range got {
			if !IsStepObserver(k) {
				t.Errorf("IsStepObserver(%q) = false", k)
			}
		}
	}
	for name, want := range map[string]bool{"Next": true, "NextBackOff": true, "Prev": true, "Nextant": false, "Pos": false} {
		if StepMethod(name) != want {
			t.Errorf("StepMethod(%s) = %v, want %v", name, !want, want)
		}
	}
}

func TestKeyedObservers(t *testing.T) {
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	store, _ := observedType(t, "*Store")
	str, num, flt := types.Typ[types.String], types.Typ[types.Int], types.Typ[types.Float64]
	for _, c := range []struct {
		name   string
		params []Param
		want   string
	}{
		// v, ok first, then v, err, then by name; Has(name) takes key,
		// though the names differ; Keys and the two-argument Weight
		// are past the bound. Node returns an opaque value, All is
		// variadic, Delete and Touch change the store, Put is the call
		// itself.
		{"Put", []Param{{Name: "key", Type: str}, {Name: "v", Type: num}}, "Lookup(key) Load(key) Has(key)"},
		// The parameter of the same name is taken first.
		{"Put", []Param{{Name: "a", Type: str}, {Name: "k", Type: str}}, "Lookup(k) Load(k) Has(a)"},
		// With no string parameter, the one-argument getters are out:
		// Weight and Scaled need a string too.
		{"Put", []Param{{Name: "by", Type: flt}, {Name: "v", Type: num}}, ""},
		// A variadic parameter binds nothing.
		{"Put", []Param{{Name: "ks", Type: types.NewSlice(str), Variadic: true}}, ""},
		{"Put", []Param{{Name: "n", Type: num}}, ""},
	} {
		f := &Func{Pkg: p, Name: c.name, Obj: types.NewFunc(0, p.Types, c.name, nil), Params: c.params}
		got := strings.Join(KeyedObservers(store, f), " ")
		if got != c.want {
			t.Errorf("KeyedObservers(%s%v) = %q, want %q", c.name, c.params, got, c.want)
		}
	}
	// Wait takes a context and Visit a function: they may block or call
	// back, so they are left out even when the call has both.
	pool, _ := observedType(t, "*Pool")
	f := &Func{Pkg: p, Name: "Put", Obj: types.NewFunc(0, p.Types, "Put", nil), Params: []Param{
		{Name: "ctx", Type: ctxType(t, p)}, {Name: "k", Type: str},
		{Name: "f", Type: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", num)), nil, false)}}}
	if got := strings.Join(KeyedObservers(pool, f), " "); got != "Peek(k)" {
		t.Errorf("KeyedObservers(*Pool, Put(ctx, k, f)) = %q, want %q", got, "Peek(k)")
	}
	if got := KeyedObservers(types.Typ[types.Int], &Func{Pkg: p, Obj: types.NewFunc(0, p.Types, "F", nil)}); got != nil {
		t.Errorf("KeyedObservers(int) = %q, want nil", got)
	}
}

// TestKeyedObserversGeneric: on a method of a generic type, a getter
// observes the call only when the two declare the same parameter type,
// not when the type arguments make them the same by accident.
func TestKeyedObserversGeneric(t *testing.T) {
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	num := types.Typ[types.Int]
	for _, c := range []struct {
		method string
		want   string
	}{
		// Put(key K, v V) at [int, int]: Get(key K) takes its key, not v.
		{"(*Table).Put", "Get(key)"},
		// Resize(size int) at [int, int]: Get(key K) would take size.
		{"(*Table).Resize", ""},
		// Shift(list []A, n int), declared over other names: Has takes
		// both, []A being Has's []A (the first type parameter); Resize
		// takes n, an int in both declarations.
		{"(*Table).Shift", "Resize(n) Has(list, n)"},
	} {
		f, err := p.Func(c.method)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := f.Instantiate([]types.Type{num, num})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(KeyedObservers(types.NewPointer(inst.Recv), inst), " ")
		if got != c.want {
			t.Errorf("KeyedObservers(*Table[int, int], %s) = %q, want %q", c.method, got, c.want)
		}
	}
}

// ctxType is context.Context, as the observed package imports it.
func ctxType(t *testing.T, p *Package) types.Type {
	t.Helper()
	for _, imp := range p.Types.Imports() {
		if imp.Path() == "context" {
			return imp.Scope().Lookup("Context").Type()
		}
	}
	t.Fatal("observed does not import context")
	return nil
}

func TestBindParams(t *testing.T) {
	str, num := types.Typ[types.String], types.Typ[types.Int]
	tuple := func(names ...string) *types.Tuple {
		var vs []*types.Var
		for _, n := range names {
			typ := types.Type(str)
			if n == "n" {
				typ = num
			}
			vs = append(vs, types.NewParam(0, nil, n, typ))
		}
		return types.NewTuple(vs...)
	}
	for _, c := range []struct {
		method []string
		params []Param
		want   string // "-" when they do not bind
	}{
		{[]string{"a", "b"}, []Param{{Name: "x", Type: str}, {Name: "y", Type: str}}, "x y"},
		{[]string{"a", "b"}, []Param{{Name: "x", Type: str}, {Name: "b", Type: str}}, "x b"},
		{[]string{"b", "a"}, []Param{{Name: "x", Type: str}, {Name: "b", Type: str}}, "b x"},
		// Each parameter of the call is passed once.
		{[]string{"a", "b"}, []Param{{Name: "x", Type: str}}, "-"},
		{[]string{"n", "a"}, []Param{{Name: "s", Type: str}, {Name: "i", Type: num}}, "i s"},
		{[]string{"a"}, []Param{{Name: "a", Type: types.NewSlice(str), Variadic: true}}, "-"},
	} {
		names, ok := bindParams(tuple(c.method...), c.params, func(int, int) bool { return true })
		got := strings.Join(names, " ")
		if !ok {
			got = "-"
		}
		if got != c.want {
			t.Errorf("bindParams(%v, %v) = %q, want %q", c.method, c.params, got, c.want)
		}
	}
}

func TestMutatorName(t *testing.T) {
	for name, want := range map[string]bool{
		"Pop": true, "PopFront": true, "Add": true, "Add2": true, "Reset": true, "Next": true,
		"Address": false, "Len": false, "Settings": false, "Domain": false, "IsClosed": false, "Major": false,
	} {
		if got := MutatorName(name); got != want {
			t.Errorf("MutatorName(%s) = %v, want %v", name, got, want)
		}
	}
}

func TestMutatesReceiver(t *testing.T) {
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want bool
		why  string
	}{
		{"(*Stack).Grown", true, "appends to a field"},
		{"(*Stack).Touch", true, "increments a map entry"},
		{"(*Stack).Forget", true, "deletes from a map field"},
		{"(*Cursor).First", true, "writes through the methods it calls"},
		{"(*Stack).Len", false, "only reads"},
		{"(*Stack).Pop", true, "a mutator's name: it may change the stack through a call"},
		{"(*Stack).Address", false, "neither writes nor has a mutator's name"},
		{"Stack.Empty", false, "a value receiver: the caller's value cannot change"},
		{"(*Cursor).Again", false, "calls itself and writes nothing"},
		{"(*Front).evictOne", true, "calls a method of an interface field named like a mutator"},
		{"(*Front).zero", true, "calls a method of another package's type named like a mutator"},
		{"(*Front).size", false, "locks a sync.Mutex field and reads"},
	} {
		f, err := p.Func(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.MutatesReceiver(); got != c.want {
			t.Errorf("%s: MutatesReceiver() = %v, want %v (%s)", c.name, got, c.want, c.why)
		}
	}
}

func TestObservedParams(t *testing.T) {
	p, err := observedOnce()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want []int
		why  string
	}{
		{"CopyInto", []int{1}, "copy writes dst; src is only read"},
		{"Refill", []int{0}, "a method that writes its receiver is called on dst"},
		{"Peeked", nil, "only reads"},
		{"Fill", nil, "an open struct: recorded whole, among ChangeableParams"},
		{"Mark", []int{0, 1}, "a Token is observed by its plain unexported field"},
	} {
		f, err := p.Func(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.ObservedParams(); !slices.Equal(got, c.want) {
			t.Errorf("%s: ObservedParams() = %v, want %v (%s)", c.name, got, c.want, c.why)
		}
	}
}

// BenchmarkObservers picks the observers of a type with many methods,
// as every probe of a method that changes its receiver does: each
// method is asked whether it writes its receiver.
func BenchmarkObservers(b *testing.B) {
	p, err := observedOnce()
	if err != nil {
		b.Fatal(err)
	}
	t := types.NewPointer(p.Types.Scope().Lookup("Stack").Type())
	for b.Loop() {
		if len(Observers(t, p)) == 0 {
			b.Fatal("no observers")
		}
	}
}

func TestMakesOwnPart(t *testing.T) {
	p, err := Load(context.Background(), "./nodes", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fn   string
		want bool
	}{
		{"(*Node).Create", true},     // a child linked in
		{"(*Node).Adopt", true},      // with an error; through Create
		{"(*Node).CreateNode", true}, // handed to what links it in, and named so
		{"(*Node).Sibling", false},   // not handed the receiver, nor named for a part
		{"(*Node).Rename", false},    // the receiver, for chaining
		{"(*Node).Copy", false},      // a node apart: n is not changed
		{"(*Node).Find", false},      // one already there
		{"Sum.Add", false},           // a value receiver
	} {
		f, err := p.Func(tt.fn)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.MakesOwnPart(f.Obj); got != tt.want {
			t.Errorf("MakesOwnPart(%s) = %v, want %v", tt.fn, got, tt.want)
		}
		if got := p.MakesPart(f.Obj); got != tt.want {
			t.Errorf("MakesPart(%s) = %v, want %v", tt.fn, got, tt.want)
		}
	}
	// A part of another type.
	f, err := p.Func("(*Node).AddText")
	if err != nil {
		t.Fatal(err)
	}
	if !p.MakesPart(f.Obj) || p.MakesOwnPart(f.Obj) {
		t.Errorf("(*Node).AddText: MakesPart %v, MakesOwnPart %v; want true, false", p.MakesPart(f.Obj), p.MakesOwnPart(f.Obj))
	}
}
