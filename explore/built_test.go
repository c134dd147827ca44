package explore

import (
	"errors"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

const builtSrc = `package semver

type Version struct{ major, minor int }

func MustParse(s string) *Version { return nil }
func Parse(s string) (*Version, error) { return nil, nil }
func NewVersion(major, minor int) Version { return Version{} }
func Other() *Version { return nil }

type Stack struct{ items []int }

func NewStack(n int) *Stack { return nil }
func (s *Stack) Push(x int) {}
func (s *Stack) Len() int { return 0 }

type Open struct{ A int }

type GStack[T any] struct{ items []T }

func NewGStack[T any]() *GStack[T] { return nil }
func (s *GStack[T]) Push(x T) {}
func (s *GStack[T]) Len() int { return 0 }

type Cache[K comparable, V any] struct{ m map[K]V }

func New[K comparable, V any](size int) (*Cache[K, V], error) { return nil, nil }
func NewInts() *Cache[int, int] { return nil }
func NewFlipped[V any, K comparable]() Cache[K, V] { return Cache[K, V]{} }
func NewNumbers[K ~int, V any]() *Cache[K, V] { return nil }
func (c *Cache[K, V]) Add(k K, v V) bool { return false }

type Bag[T comparable] struct{ n map[T]int }

type Multi struct{ n map[string]int }

func MakeMulti(xs ...string) *Multi { return nil }

func (b *Bag[T]) Insert(x T) {}

type Release struct{ v string }

type Option func(*Release)

func MustRelease(r *Release, err error) *Release { return r }
func NewRelease(v string, opts ...Option) (*Release, error) { return nil, nil }
`

func TestBuiltValues(t *testing.T) {
	pkg := checkSource(t, "example.com/semver", builtSrc)
	g := newValueGen(pkg, &mined{})
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	codes := func(vs []spec.Value) []string {
		var out []string
		for _, v := range vs {
			if v.Kind == spec.Code {
				out = append(out, v.Str)
			}
		}
		return out
	}
	has := func(list []string, want string) bool {
		for _, s := range list {
			if s == want {
				return true
			}
		}
		return false
	}

	ptr := codes(g.values(types.NewPointer(typ("Version"))))
	for _, want := range []string{`MustParse("1")`, "func() *Version { v := NewVersion(2, 2); return &v }()"} {
		if !has(ptr, want) {
			t.Errorf("*Version: no %s among %q", want, ptr)
		}
	}
	for _, c := range ptr {
		if strings.Contains(c, "Parse(") && !strings.Contains(c, "MustParse(") || strings.Contains(c, "Other(") {
			t.Errorf("*Version: %s: a constructor with an error (when there are others) or not named like one", c)
		}
	}
	val := codes(g.values(typ("Version")))
	for _, want := range []string{`*MustParse("1")`, "NewVersion(2, 2)", "NewVersion(0, 2)"} {
		if !has(val, want) {
			t.Errorf("Version: no %s among %q", want, val)
		}
	}
	if vs := g.values(types.NewPointer(typ("Version"))); vs[0].Kind != spec.Null || vs[1].Kind != spec.Code {
		t.Errorf("*Version: want nil, then the values built by code first; got %s, %s", vs[0], vs[1])
	}

	stack := codes(g.values(types.NewPointer(typ("Stack"))))
	// A container is filled from its constructor's typical argument.
	for _, want := range []string{"NewStack(0)", "func() *Stack { p := NewStack(2); p.Push(2); return p }()",
		"func() *Stack { p := NewStack(2); p.Push(2); p.Push(0); p.Push(1); return p }()"} {
		if !has(stack, want) {
			t.Errorf("*Stack: no %s among %q", want, stack)
		}
	}
	if open := codes(g.values(typ("Open"))); len(open) != 0 {
		t.Errorf("Open, whose fields are all exported, is built by code: %q", open)
	}

	// Instantiated generic types: generic constructors are called with
	// the type's arguments, containers filled by its instantiated methods.
	inst := func(name string, args ...types.Type) types.Type {
		t.Helper()
		it, err := types.Instantiate(nil, typ(name), args, true)
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	intT, strT := types.Typ[types.Int], types.Typ[types.String]
	tests := []struct {
		typ     types.Type
		want    []string
		wantNot []string
		why     string
	}{
		{
			typ: types.NewPointer(inst("GStack", intT)),
			want: []string{"NewGStack[int]()", "func() *GStack[int] { p := NewGStack[int](); p.Push(2); return p }()",
				"func() *GStack[int] { p := NewGStack[int](); p.Push(2); p.Push(0); p.Push(1); return p }()"},
			why: "a generic constructor without arguments, and a mutator of the instantiated type",
		},
		{
			typ:  inst("GStack", strT),
			want: []string{"*NewGStack[string]()"},
			why:  "a value, from a constructor of a pointer",
		},
		{
			typ:     types.NewPointer(inst("Cache", strT, intT)),
			want:    []string{"func() *Cache[string, int] { v := NewFlipped[int, string](); return &v }()"},
			wantNot: []string{"NewInts()", "NewNumbers[", "New[string, int]"},
			why:     "type arguments matched by position; a constructor of another instantiation, or whose constraint string does not satisfy, is not one; those with an error only when none lack one",
		},
		{
			typ:  types.NewPointer(inst("Cache", intT, strT)),
			want: []string{"NewNumbers[int, string]()", `func() *Cache[int, string] { v := NewFlipped[string, int](); p := &v; p.Add(2, "abc"); return p }()`},
			why:  "the constraint ~int holds for int; the first constructor is filled by the instantiated Add",
		},
		{
			typ:  types.NewPointer(inst("Cache", intT, intT)),
			want: []string{"NewInts()", "NewNumbers[int, int]()"},
			why:  "a constructor of exactly this instantiation",
		},
		{
			typ:     types.NewPointer(typ("Multi")),
			want:    []string{`MakeMulti([]string{"abc"}...)`, "MakeMulti([]string(nil)...)"},
			wantNot: []string{"})", "(nil))"},
			why:     "a variadic constructor is passed its slice with ...",
		},
		{
			typ:     types.NewPointer(typ("Release")),
			want:    []string{`func() *Release { v, _ := NewRelease("abc"); return v }()`},
			wantNot: []string{"MustRelease", "opts", "Option"},
			why:     "a constructor with options after its input is called with the input alone; one that takes the type it makes (Must(r, err)) passes a value on and is no constructor, even without an error",
		},
		{
			typ:  types.NewPointer(inst("Bag", strT)),
			want: []string{`func() *Bag[string] { p := &Bag[string]{}; p.Insert("abc"); return p }()`},
			why:  "no constructor: a composite literal of the instantiated type, filled",
		},
	}
	for _, tc := range tests {
		got := codes(g.values(tc.typ))
		for _, want := range tc.want {
			if !has(got, want) {
				t.Errorf("%s: no %s among %q (%s)", tc.typ, want, got, tc.why)
			}
		}
		for _, c := range got {
			for _, not := range tc.wantNot {
				if strings.Contains(c, not) {
					t.Errorf("%s: %s built with %s (%s)", tc.typ, c, not, tc.why)
				}
			}
		}
	}
	generic := typ("GStack").(*types.Named)
	recvT := generic.Method(0).Type().(*types.Signature).Recv().Type()
	for _, tt := range []types.Type{generic, types.NewPointer(generic), recvT} {
		if got := codes(g.values(tt)); len(got) != 0 {
			t.Errorf("%s, which is not instantiated, is built by code: %q", tt, got)
		}
	}
}

// builtCodes are the values of t built by code, from testdata/builder.
func builtCodes(t *testing.T, typ string, ptr bool) (*target.Package, types.Type, []string) {
	t.Helper()
	return builtCodesUnder(t, typ, ptr, "")
}

// builtCodesUnder is builtCodes with the method under of *typ under
// test, when not "".
func builtCodesUnder(t *testing.T, typ string, ptr bool, under string) (*target.Package, types.Type, []string) {
	t.Helper()
	p := loadPackage(t, "testdata/builder")
	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	if under != "" {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(p.Types.Scope().Lookup(typ).Type()), false, p.Types, under)
		if obj == nil {
			t.Fatalf("no method %s of *%s", under, typ)
		}
		g.under = obj
	}
	var ty types.Type = p.Types.Scope().Lookup(typ).Type()
	if ptr {
		ty = types.NewPointer(ty)
	}
	var out []string
	for _, v := range g.values(ty) {
		if v.Kind == spec.Code {
			out = append(out, v.Str)
		}
	}
	return p, ty, out
}

func TestBuiltChainsAndFills(t *testing.T) {
	tests := []struct {
		name string
		typ  string
		ptr  bool
		// under is the method of *typ under test, when not "".
		under string
		want  []string // code among the values, in this order
		why   string
	}{
		{
			name: "constructor-first", typ: "Builder", ptr: true,
			want: []string{`New()`, `New().WithName("abc")`, `New().WithTimeout(2)`},
			why:  "the constructor's own value comes first, then a link of each builder method on it",
		},
		{
			name: "builder-arguments", typ: "Builder", ptr: true,
			want: []string{`New().WithTimeout(2)`, `New().WithTimeout(0)`, `New().WithTimeout(1)`},
			why:  "a link's arguments are explored: the typical one, then its candidates",
		},
		{
			name: "two-links", typ: "Builder", ptr: true,
			want: []string{`New().WithName("abc").WithTimeout(2)`, `New().WithTimeout(2).WithName("abc")`, `New().WithTimeout(2).WithTimeout(0)`},
			why:  "two links: two different methods before one method twice",
		},
		{
			name: "value-of-pointer-chain", typ: "Builder",
			want: []string{`*New()`, `*New().WithTimeout(2)`},
			why:  "a T from a chain of *T methods is dereferenced",
		},
		{
			name: "value-method-on-pointer", typ: "Builder", ptr: true,
			want: []string{`func() *Builder { v := New().Clone(); return &v }()`, `func() *Builder { v := New().Clone(); return v.WithTimeout(2) }()`},
			why:  "Clone returns a T: a *T is its address, and a pointer method needs it in a variable",
		},
		{
			name: "operation-with-error", typ: "Money",
			want: []string{`MakeMoney(int64(2), "abc")`, `func() Money { r, _ := MakeMoney(int64(2), "abc").Add(MakeMoney(int64(2), "abc")); return r }()`, `MakeMoney(int64(2), "abc").Neg()`},
			why:  "a method that returns (T, error) is a link, its error dropped; its argument of type T is a constructed value",
		},
		{
			name: "pointer-method-on-value", typ: "Money", ptr: true,
			want: []string{`func() *Money { v := MakeMoney(int64(2), "abc"); return v.Round() }()`},
			why:  "MakeMoney returns a Money, which is not addressable: Round, a pointer method, is called on a variable",
		},
		{
			name: "link-through-interface", typ: "Scope", ptr: true,
			want: []string{`NewScope([]string{"abc"}...).Narrow([]string{"abc"}...).(*Scope)`, `NewScope([]string{"abc"}...).Narrow([]string{"abc"}...).(*Scope).Narrow([]string(nil)...).(*Scope)`},
			why:  "Narrow, declared to return a Checker, always returns a *Scope: a link, asserted back, variadic arguments passed as a slice",
		},
		{
			name: "zero-value-base", typ: "Options",
			want: []string{`(&Options{}).Verbose(false)`},
			why:  "without a constructor, chains start from the zero value, in parentheses",
		},
		{
			name: "fills-vary", typ: "Queue", ptr: true,
			want: []string{
				`func() *Queue { p := NewQueue(); p.Push("abc"); return p }()`,
				`func() *Queue { p := NewQueue(); p.Push("abc"); p.Push(""); p.Push("1"); return p }()`,
				`func() *Queue { p := NewQueue(); p.Push("abc"); p.Push(""); p.Push("1"); p.Push(" "); p.Push("42"); p.Push("a"); p.Push("1.5"); p.Push("A"); return p }()`,
			},
			why: "a container filled with 1, 3 and 8 different words, from the constructor without parameters",
		},
		{
			name: "maker-of-any-name", typ: "Doc", ptr: true,
			want: []string{
				`Empty()`,
				`func() *Doc { p := Empty(); c0, _ := p.NewPart("abc"); if c0 != nil { c0.AddLine("abc"); c0.AddLine(""); c0.AddLine("1") }; c1, _ := p.NewPart(""); if c1 != nil { c1.AddLine("abc"); c1.AddLine(""); c1.AddLine("1") }; return p }()`,
			},
			why: "an exported function of any name that makes a *Doc makes one; its NewPart makes parts, each filled by the part's own mutator",
		},
		{
			name: "bulk", typ: "Queue", ptr: true,
			want: []string{
				`func() *Queue { p := NewQueue(); p.Push("abc"); p.Push(""); p.Push("1"); p.Push(" "); p.Push("42"); p.Push("a"); p.Push("1.5"); p.Push("A"); return p }()`,
				`func() *Queue { p := NewQueue(); for i := 1000; i < 2000; i++ { p.Push(string([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)})) }; return p }()`,
			},
			why: "after eight calls, a thousand that add different words, past where containers grow",
		},
		{
			name: "bulk-emptied", typ: "Queue", ptr: true, under: "Pop",
			want: []string{
				`func() *Queue { p := NewQueue(); for i := 1000; i < 2000; i++ { p.Push(string([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)})) }; return p }()`,
				`func() *Queue { p := NewQueue(); for i := 1000; i < 2000; i++ { p.Push(string([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)})) }; for i := 1000; i < 1992; i++ { p.Pop() }; return p }()`,
			},
			why: "the remover under test takes all but eight back: a container that shrinks as it empties",
		},
		{
			name: "bulk-keys", typ: "Store", ptr: true,
			want: []string{
				`func() *Store { p := NewStore(); for i := 1000; i < 2000; i++ { p.AddInt8(string([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)}), int8(2)) }; return p }()`,
			},
			why: "the first parameter of a number or string type takes the loop's index, the others their typical value",
		},
		{
			name: "bulk-under-test", typ: "Store", ptr: true, under: "Put",
			want: []string{
				`func() *Store { p := NewStore(); for i := 1000; i < 2000; i++ { p.Put(string([]byte{'a' + byte(i/676%26), 'a' + byte(i/26%26), 'a' + byte(i%26)}), any(42)) }; return p }()`,
			},
			why: "the mutator under test fills in bulk: its case runs the thousand calls too",
		},
		{
			name: "any-of-one-type", typ: "Store", ptr: true,
			want: []string{
				`func() *Store { p := NewStore(); p.Put("abc", any("abc")); p.Put("", any("")); p.Put("1", any("1")); return p }()`,
				`func() *Store { p := NewStore(); p.Put("abc", any(42)); p.Put("", any(0)); p.Put("abc", any(1)); p.Put("1", any(-1)); p.Put(" ", any(2)); p.Put("42", any(3)); p.Put("a", any(7)); p.Put("1.5", any(10)); return p }()`,
			},
			why: "what a container stores as any is of one type, strings or ints (any's typical 42 first, the key a lookup is given): keys its comparator asserts to one type",
		},
		{
			name: "started", typ: "Scheduler", ptr: true,
			want: []string{
				`func() *Scheduler { p := NewScheduler(); p.Start(); return p }()`,
				`func() *Scheduler { p := NewScheduler(); p.AddJob("abc"); p.AddJob(""); p.AddJob("1"); p.Start(); return p }()`,
			},
			why: "a value set running by Start, empty and filled: its methods then talk to the goroutine Start runs (never Run, which blocks, nor Open(mode), which takes an argument)",
		},
		{
			name: "push-then-pop", typ: "Queue", ptr: true,
			want: []string{`func() *Queue { p := NewQueue(); p.Push("abc"); p.Push(""); p.Pop(); return p }()`},
			why:  "a remover among the mutator's calls: a state that grew and shrank",
		},
		{
			name: "grown-then-shrunk", typ: "Queue", ptr: true,
			want: []string{`func() *Queue { p := NewQueue(); p.Push("abc"); p.Push(""); p.Push("1"); p.Push(" "); p.Pop(); return p }()`},
			why:  "four added and one taken: a tree's node split by the fourth and merged back",
		},
		{
			name: "mutators-interleaved", typ: "Queue", ptr: true,
			want: []string{`func() *Queue { p := NewQueue(); p.Push("abc"); p.PushFront(""); p.Push("1"); p.PushFront(" "); p.Push("42"); p.PushFront("a"); p.Push("1.5"); p.PushFront("A"); return p }()`},
			why:  "two mutators in turn",
		},
		{
			name: "other-constructor-base", typ: "Queue", ptr: true,
			want: []string{`func() *Queue { p := FromWords([]string{"abc"}); p.Push("abc"); p.Push(""); p.Push("1"); return p }()`},
			why:  "the other constructor's value is filled too, called with its typical argument",
		},
		{
			name: "remove-what-was-added", typ: "Set", ptr: true,
			want: []string{`func() *Set { p := &Set{}; p.Add(2); p.Add(0); p.Remove(2); return p }()`},
			why:  "without a constructor the zero value is filled; Remove takes an element that was added",
		},
		{
			name: "touches", typ: "Set", ptr: true,
			want: []string{
				`func() *Set { p := &Set{}; p.Add(2); p.Add(0); p.Add(1); p.Add(2); return p }()`,
				`func() *Set { p := &Set{}; p.Add(2); p.Add(0); p.Add(1); p.Has(2); return p }()`,
			},
			why: "the first element given again after two others, to the mutator and to a reader that takes it: an update, a promotion, a move to the front",
		},
		{
			name: "variadic-mutator", typ: "Ring", ptr: true,
			want: []string{
				`func() *Ring { p := NewRing(); p.Add("abc"); return p }()`,
				`func() *Ring { p := NewRing(); p.Add("abc"); p.Add(""); p.Remove("abc"); return p }()`,
			},
			why: "Add(keys ...string) fills the ring one key at a time; Remove(keys ...string) takes one that was added",
		},
		{
			name: "hook-set", typ: "Ring", ptr: true,
			want: []string{
				`func() *Ring { p := NewRing(); p.Add("abc"); p.Add(""); p.Add("1"); p.OnDrop = func(x string) {}; return p }()`,
				`func() *Ring { p := NewRing(); p.Add("abc"); p.Add(""); p.Add("1"); p.OnDrop = func(x string) { panic("boom") }; return p }()`,
			},
			why: "the exported func field is set once the ring is filled: the call under test calls it back, not the filling",
		},
		{
			name: "standard-package-arguments", typ: "Lease", ptr: true,
			want: []string{
				`NewLease("abc", 90 * time.Second)`,
				`NewLease("abc", time.Duration(0))`,
			},
			why: "arguments of a standard package's type are written with its name, which a probe resolves",
		},
		{
			name: "typical-constructor-base", typ: "Pool", ptr: true,
			want: []string{`func() *Pool { p := NewPool(2); p.Add("abc"); return p }()`},
			why:  "a container is filled from its constructor called with the typical argument, not its first candidate (NewPool(0) panics), whichever constructor comes first",
		},
		{
			name: "comparator-argument", typ: "Sorted", ptr: true,
			want: []string{
				`NewSorted(func(x string, y string) bool { return x < y })`,
				`func() *Sorted { p := NewSorted(func(x string, y string) bool { return x < y }); p.Insert("abc"); return p }()`,
			},
			why: "a function argument of a constructor is a small function, a comparator first; not nil",
		},
		{
			name: "alarm-constructor", typ: "Sorted", ptr: true,
			want: []string{
				`func() *Sorted { p := NewSorted(func(x string, y string) bool { panic("boom") }); p.Insert("abc"); return p }()`,
			},
			why: "a constructor given a function that panics, filled by one call that does not call it back: each later call that does shows by the panic",
		},
		{
			name: "hook-method", typ: "Ring", ptr: true,
			want: []string{
				`func() *Ring { p := NewRing(); p.Add("abc"); p.Add(""); p.Add("1"); p.OnLen(func(x int) bool { return true }); return p }()`,
			},
			why: "a method that takes a function to call back (OnEvicted(f)) sets a hook too",
		},
		{
			name: "chained-mutator", typ: "Bits", ptr: true,
			want: []string{
				`func() *Bits { p := NewBits(uint(2)); p.Set(uint(2)); return p }()`,
				`func() *Bits { p := NewBits(uint(2)); p.Set(uint(2)); p.Set(uint(0)); p.Set(uint(1)); return p }()`,
			},
			why: "Set(i) *Bits returns its receiver for chaining: it changes the set in place, and fills it like a mutator",
		},
		{
			name: "tree-nodes", typ: "Tag", ptr: true,
			want: []string{
				`NewTag("1")`,
				`func() *Tag { p := NewTag("1"); p.CreateTag("a"); c1 := p.CreateTag("b"); p.CreateTag("c"); c1.CreateTag("d"); g1 := c1.CreateTag("e"); c1.CreateTag("f"); return g1 }()`,
				`func() *Tag { p := NewTag("1"); p.CreateTag("a"); c1 := p.CreateTag("b"); p.CreateTag("c"); c1.CreateTag("d"); c1.CreateTag("e"); c1.CreateTag("f"); return c1 }()`,
				`func() *Tag { p := NewTag("1"); p.CreateTag("a"); c1 := p.CreateTag("b"); p.CreateTag("c"); c1.CreateTag("d"); g1 := c1.CreateTag("e"); c1.AddWord("abc"); c1.AddWord(""); c1.CreateTag("f"); return g1 }()`,
				`func() *Tag { p := NewTag("1"); p.CreateTag("a"); c1 := p.CreateTag("b"); p.CreateTag("c"); c1.CreateTag("d"); c1.CreateTag("e"); c1.CreateTag("f"); p.Rename("abc"); return c1 }()`,
			},
			why: "CreateTag makes a child of its own type: a node two levels down with siblings on either side, then the middle child, each node named apart, then the node followed by two parts of another kind (AddWord), then the middle child of the tree reshaped by each method that changes it otherwise (Rename; not Close)",
		},
		{
			name: "parts-that-make-parts", typ: "Page", ptr: true,
			want: []string{
				`func() *Page { p := &Page{}; c0 := p.CreateTag("abc"); if c0 != nil { c0.CreateTag("abc"); c0.CreateTag(""); c0.CreateTag("1") }; c1 := p.CreateTag(""); if c1 != nil { c1.CreateTag("abc"); c1.CreateTag(""); c1.CreateTag("1") }; return p }()`,
			},
			why: "Create… makes parts: a tag, which makes tags of its own, is the part filled, by its own part maker, before a word",
		},
		{
			name: "roomy-base", typ: "Bits", ptr: true,
			want: []string{`func() *Bits { p := NewBits(uint(256)); p.Set(uint(2)); p.Set(uint(0)); p.Set(uint(1)); return p }()`},
			why:  "a constructor that takes a size is also filled from its largest candidate: a set with much more room than it holds",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, got := builtCodesUnder(t, tt.typ, tt.ptr, tt.under)
			at := -1
			for _, w := range tt.want {
				i := slices.Index(got, w)
				if i < 0 {
					t.Fatalf("%s: no %s among:\n%s", tt.why, w, strings.Join(got, "\n"))
				}
				if i < at {
					t.Errorf("%s: %s comes before %s", tt.why, w, got[at])
				}
				at = i
			}
		})
	}
}

// TestStartersOnly checks that a value is set running only by a method
// that takes nothing (Start), never by Run, which runs the loop itself
// and blocks, nor by Open(mode).
func TestStartersOnly(t *testing.T) {
	_, _, got := builtCodes(t, "Scheduler", true)
	for _, g := range got {
		if strings.Contains(g, "p.Run()") || strings.Contains(g, "p.Open(") {
			t.Errorf("built with a method that is not a starter: %s", g)
		}
	}
}

// TestWritersFillNothing checks that a method named like a mutator but
// writing the value elsewhere (AppendTo(buf), WriteTo(w)) is not taken
// to fill one.
func TestWritersFillNothing(t *testing.T) {
	_, _, got := builtCodes(t, "Bits", true)
	for _, g := range got {
		if strings.Contains(g, "AppendTo") {
			t.Errorf("filled by AppendTo, which fills nothing: %s", g)
		}
	}
}

// TestBuiltBudget checks the bounds of the values built by code: at most
// maxBuilt, the constructors' values first but room kept for chains,
// each chain method a few one-link values, no method flooding.
func TestBuiltBudget(t *testing.T) {
	for _, typ := range []string{"Builder", "Money", "Queue", "Set", "Window", "Options", "Ring", "Lease", "Store", "Pool", "Sorted"} {
		for _, ptr := range []bool{false, true} {
			_, ty, got := builtCodes(t, typ, ptr)
			if len(got) > maxBuilt {
				t.Errorf("%s: %d values built by code, more than %d", ty, len(got), maxBuilt)
			}
		}
	}

	// Window's constructors alone make more than maxBuilt values.
	p, _, got := builtCodes(t, "Window", true)
	if len(got) != maxBuilt {
		t.Errorf("*Window: %d values, want %d", len(got), maxBuilt)
	}
	made := 0
	for _, c := range got {
		if !strings.Contains(c, ").") {
			made++
		}
	}
	if made < maxBuilt/2 || made == maxBuilt {
		t.Errorf("*Window: %d of %d values are the constructors' own: want at least half, and room for chains", made, len(got))
	}
	for i, c := range got[:maxBuilt/2] {
		if strings.Contains(c, ").") {
			t.Errorf("*Window: value %d is %s: the constructors' own values come first", i, c)
		}
	}

	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	for _, typ := range []string{"Builder", "Money", "Window"} {
		n := p.Types.Scope().Lookup(typ).Type().(*types.Named)
		var calls []builtCall
		for _, c := range g.ctors(n) {
			lists, _ := g.ctorArgs(c, 0)
			for _, args := range lists {
				calls = append(calls, builtCall{c: c, call: c.fn.Name() + "(" + strings.Join(args, ", ") + ")"})
			}
		}
		one, two := g.chains(n, builtBases(calls, nil, typ), 0)
		ms := g.chainMethods(n)
		for _, m := range ms {
			k := 0
			for _, e := range one {
				if strings.Contains(e.src, "."+m.Name()+"(") {
					k++
				}
			}
			if k == 0 || k > chainsPerMethod {
				t.Errorf("%s: %d one-link chains of %s, want 1 to %d", typ, k, m.Name(), chainsPerMethod)
			}
		}
		// The first two-link chains take each pair of different methods,
		// in either order, before any pair comes again.
		pairs := map[string]int{}
		want := len(ms) * (len(ms) - 1)
		for _, e := range two[:min(len(two), want)] {
			first, second := "", ""
			at := len(e.src)
			for _, m := range ms {
				if i := strings.Index(e.src, "."+m.Name()+"("); i >= 0 && i < at {
					first, at = m.Name(), i
				}
			}
			for _, m := range ms {
				if i := strings.LastIndex(e.src, "."+m.Name()+"("); i > at {
					second = m.Name()
				}
			}
			pairs[first+","+second]++
		}
		if len(pairs) != want {
			t.Errorf("%s: the first %d two-link chains take the pairs %v, want each of %d pairs once", typ, want, pairs, want)
		}
		for i, e := range one[:len(ms)] {
			if !strings.Contains(e.src, "."+ms[i].Name()+"(") {
				t.Errorf("%s: one-link chain %d is %s: the methods take turns, %s first", typ, i, e.src, ms[i].Name())
			}
		}
	}
}

// TestBuiltCompiles type-checks every value built by code where a probe
// puts it: as a value of its type in the package, with go/types (as the
// native engine compiles it) and in the yaegi interpreter.
func TestBuiltCompiles(t *testing.T) {
	src, err := os.ReadFile("testdata/builder/builder.go")
	if err != nil {
		t.Fatal(err)
	}
	yi := interp.New(interp.Options{})
	if err := yi.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := yi.Eval(strings.Replace(string(src), "package builder", "package main", 1)); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, typ := range []string{"Builder", "Money", "Queue", "Set", "Window", "Options", "Ring", "Lease", "Store", "Pool", "Sorted"} {
		for _, ptr := range []bool{false, true} {
			p, ty, got := builtCodes(t, typ, ptr)
			ts := types.TypeString(ty, types.RelativeTo(p.Types))
			for _, c := range got {
				n++
				// At the file's package clause: in its scope, with its imports.
				tv, err := types.Eval(p.Fset, p.Types, p.Syntax[0].Name.End(), c)
				if err != nil {
					t.Errorf("%s: %s does not compile: %v", ts, c, err)
					continue
				}
				if !types.Identical(tv.Type, ty) {
					t.Errorf("%s: %s is a %s", ts, c, tv.Type)
				}
				// Evaluating runs the code: a constructor may panic on
				// its argument (NewPool(0)), which compiled.
				if _, err := yi.Eval("var _ " + ts + " = " + c); err != nil && !errors.As(err, new(interp.Panic)) {
					t.Errorf("%s: %s does not compile in yaegi: %v", ts, c, err)
				}
			}
		}
	}
	t.Logf("%d values built by code compile", n)
}

// TestMutateKeepsPointerType mutates values of pointers to types built
// by code: code that replaces a value must build the pointer, not the
// element (*MustParse("1") for a *Version did not compile).
func TestMutateKeepsPointerType(t *testing.T) {
	p := loadPackage(t, "testdata/builder")
	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	mu := newMutator(rand.New(rand.NewPCG(1, 2)), g)
	for _, typ := range []string{"Money", "Builder", "Queue"} {
		pt := types.NewPointer(p.Types.Scope().Lookup(typ).Type())
		for _, v := range g.values(pt) {
			if v.Kind == spec.Code {
				continue
			}
			for i := 0; i < 200; i++ {
				m, op := mu.mutate(pt, v, 0)
				if m.Kind != spec.Code {
					continue
				}
				if tv, err := types.Eval(p.Fset, p.Types, token.NoPos, m.Str); err != nil || !types.Identical(tv.Type, pt) {
					t.Fatalf("%s: mutating %s (%s) gave %s, which is not a %s: %v", typ, v, op, m.Str, pt, err)
				}
			}
		}
	}
}

func TestHasWord(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"ReplaceOrInsert", true},
		{"GetOrAdd", true},
		{"Insert", false}, // the first word is namedLike's
		{"InsertAll", false},
		{"Inserted", false},
		{"ReplaceOrInserted", false},
		{"IsAddress", false},
	} {
		if got := hasWord(tt.name, mutatorNames); got != tt.want {
			t.Errorf("hasWord(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestBuiltStoresUnderTypes: a container filled for a method stores,
// through a mutator that takes any value, a value of each type the
// method works on (a parameter's, a type it switches on), under the
// mutator's typical key.
func TestBuiltStoresUnderTypes(t *testing.T) {
	p := loadPackage(t, "testdata/builder")
	store := p.Types.Scope().Lookup("Store").Type()
	method := func(name string) *target.Func { return loadFunc(t, "testdata/builder", "(*Store)."+name) }
	for _, tt := range []struct {
		name string
		f    *target.Func
		want []string
	}{
		{"parameter", method("AddInt8"), []string{`func() *Store { p := NewStore(); p.Put("abc", int8(2)); return p }()`}},
		{"type switch", method("Kind"), []string{
			`func() *Store { p := NewStore(); p.Put("abc", uint16(2)); return p }()`,
			`func() *Store { p := NewStore(); p.Put("abc", []string{"abc"}); return p }()`,
		}},
		{"none", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := &mined{}
			var under types.Object
			if tt.f != nil {
				m, under = mine(tt.f), tt.f.Obj
			}
			g := newValueGen(p.Types, m)
			g.pkg, g.under = p, under
			var got []string
			for _, v := range g.values(types.NewPointer(store)) {
				got = append(got, v.Str)
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("no %s among:\n%s", w, strings.Join(got, "\n"))
				}
			}
			for _, v := range got {
				if strings.Contains(v, "p.Put(\"abc\", int8(") && tt.f == nil {
					t.Errorf("%s stored with no function under test", v)
				}
			}
		})
	}
}

// TestUnexportedFillers: a container's unexported methods named like a
// mutator fill it only when they change it: addRoute does (through a
// node it walks to), handleMissing only reads.
func TestUnexportedFillers(t *testing.T) {
	p := loadPackage(t, "testdata/handlers")
	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	n := p.Types.Scope().Lookup("segment").Type().(*types.Named)
	var got []string
	for _, m := range g.mutators(n) {
		got = append(got, m.Name())
	}
	if want := []string{"addRoute"}; !slices.Equal(got, want) {
		t.Errorf("mutators of segment = %v, want %v", got, want)
	}
}

// TestSealedValues: an interface with an unexported method, which only
// its package implements, is given the package's implementations, one
// level deeper than another interface is, and no fake.
func TestSealedValues(t *testing.T) {
	p := loadPackage(t, "testdata/builder")
	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	piece := p.Types.Scope().Lookup("Piece").Type()
	for depth := 0; depth < maxDepth; depth++ {
		vs := g.valuesAt(piece, depth)
		words := 0
		for _, v := range vs {
			if v.Kind == spec.Map {
				t.Errorf("depth %d: a fake of a sealed interface: %s", depth, v)
			}
			if v.Kind == spec.Code && strings.HasPrefix(v.Str, "NewWord(") {
				words++
			}
		}
		if words == 0 {
			t.Errorf("depth %d: no NewWord among %v", depth, vs)
		}
	}
}

// TestReshapers: a method that changes a value otherwise than by
// filling, emptying or ending it reshapes it; Close does not.
func TestReshapers(t *testing.T) {
	p := loadPackage(t, "testdata/builder")
	g := newValueGen(p.Types, &mined{})
	g.pkg = p
	tag := p.Types.Scope().Lookup("Tag").Type().(*types.Named)
	if got, want := g.reshapers(tag, 0), []string{`Rename("abc")`}; !slices.Equal(got, want) {
		t.Errorf("reshapers(Tag) = %q, want %q", got, want)
	}
}
