package target

import (
	"context"
	"go/types"
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
		{"Token", ""},
		{"*Wide", "A() B() C() D() E() F() G() H()"},
		{"Text", "MarshalText()"},
		{"When", "-"},
		// First writes the cursor through begin and next; Last writes it
		// itself; Again calls itself and writes nothing; Size reads
		// through size.
		{"*Cursor", "Again() Index() Last2() Size()"},
		// A standard library type is pinned by its text alone.
		{"*Big", "String()"},
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
		if Opaque(typ) != (c.want != "-") {
			t.Errorf("Opaque(%s) = %v", c.typ, Opaque(typ))
		}
	}
}

func TestObserverBody(t *testing.T) {
	stack, _ := observedType(t, "*Stack")
	open, _ := observedType(t, "Open")
	for _, c := range []struct {
		typ     types.Type
		key     string
		want    string
		wantErr string
	}{
		{stack, "Len()", "return x.Len()", ""},
		{stack, "Name", "return x.Name", ""},
		{stack, "Items()", "return x.Items()", ""},
		{stack, "Peek()", "specgenV, specgenE := x.Peek()\nif specgenE != nil {\npanic(specgenE)\n}\nreturn specgenV", ""},
		{open, "A", "return x.A", ""},
		{stack, "Count()", "", "Count() takes arguments"},
		{stack, "Len", "", "Len is a method: write Len()"},
		{stack, "Name()", "", "Name() is a field, not a method: write Name"},
		{stack, "items", "", "items: want an exported field (Name) or an exported method without arguments (Name())"},
		{stack, "Lenn()", "", "has no exported field or method Lenn() (did you mean Len()?)"},
		{types.Typ[types.Int], "Len()", "", "int is not a struct or a pointer to one"},
	} {
		got, err := ObserverBody(c.typ, c.key, "x")
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

func TestMutatorName(t *testing.T) {
	for name, want := range map[string]bool{
		"Pop": true, "PopFront": true, "Add": true, "Add2": true, "Reset": true, "Next": true,
		"Address": false, "Len": false, "Settings": false, "Domain": false, "IsClosed": false, "Major": false,
	} {
		if got := mutatorName(name); got != want {
			t.Errorf("mutatorName(%s) = %v, want %v", name, got, want)
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
