package explore

import (
	"go/types"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

const producedSrc = `package list

type List struct{ items []int }

func New(xs ...int) *List { return &List{items: xs} }

func (l *List) Add(x int) { l.items = append(l.items, x) }

func (l *List) Iterator() Iterator { return Iterator{list: l, index: -1} }

type Iterator struct {
	list  *List
	index int
}

func (it *Iterator) Next() bool { it.index++; return it.index < len(it.list.items) }
func (it *Iterator) Last() bool { it.index = len(it.list.items) - 1; return it.index >= 0 }
func (it *Iterator) Value() int { return it.list.items[it.index] }

// Window is made only by a List's Slice, which takes arguments.
type Window struct {
	list     *List
	from, to int
}

func (l *List) Slice(from, to int) *Window { return &Window{list: l, from: from, to: to} }

func (w *Window) Len() int { return w.to - w.from }
`

func TestProducedValues(t *testing.T) {
	pkg := checkSource(t, "example.com/list", producedSrc)
	g := newValueGen(pkg, &mined{})
	it := types.NewPointer(pkg.Scope().Lookup("Iterator").Type())
	var list []string
	for _, v := range g.values(it) {
		if v.Kind == spec.Code {
			list = append(list, v.Str)
		}
	}
	got := strings.Join(list, "\n")
	for _, want := range []string{
		"v := New(",                    // made by the List's Iterator method, on a list the explorer builds
		").Iterator(); return &v }()",  // a value result taken as *Iterator
		"p.Next(); return p }()",       // moved one step
		"p.Next(); p.Next(); return p", // and two
		"p.Last(); return p",           // and to its end
		"return p }()).Iterator()",     // made on a list filled by its mutator
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no *Iterator candidate with %q; got:\n%s", want, got)
		}
	}
	if strings.Contains(got, "&Iterator{}") && strings.Index(got, "&Iterator{}") < strings.Index(got, "Iterator()") {
		t.Errorf("the zero iterator comes before the produced ones:\n%s", got)
	}
}

// TestProducedWithArguments: a type made only by another type's method
// that takes arguments is made by it, with its typical arguments and
// others.
func TestProducedWithArguments(t *testing.T) {
	pkg := checkSource(t, "example.com/list", producedSrc)
	g := newValueGen(pkg, &mined{})
	w := types.NewPointer(pkg.Scope().Lookup("Window").Type())
	var slices []string
	for _, v := range g.values(w) {
		if v.Kind == spec.Code && strings.Contains(v.Str, ".Slice(") {
			slices = append(slices, v.Str)
		}
	}
	if len(slices) < 2 {
		t.Fatalf("*Window made by Slice %d times, want twice or more: %q", len(slices), slices)
	}
	if !strings.Contains(strings.Join(slices, "\n"), "return p }()).Slice(") {
		t.Errorf("*Window never made from a filled list: %q", slices)
	}
}

const projectedSrc = `package tree

type Tree struct {
	size int
	root *node
}

func New() *Tree { return &Tree{} }

func (t *Tree) Insert(x int) { t.root = &node{v: x, left: t.root}; t.size++ }

type node struct {
	v           int
	left, right *node
}

type Box[T any] struct{ top *cell[T] }

func NewBox[T any]() *Box[T] { return &Box[T]{} }

func (b *Box[T]) Put(x T) { b.top = &cell[T]{v: x, next: b.top} }

type cell[T any] struct {
	v    T
	next *cell[T]
}
`

// TestProjectedValues checks that a type without constructors is read
// from a field of another type's values, filled ones among them, a
// generic type's at the same type arguments.
func TestProjectedValues(t *testing.T) {
	pkg := checkSource(t, "example.com/tree", projectedSrc)
	g := newValueGen(pkg, &mined{})
	cell, err := types.Instantiate(nil, pkg.Scope().Lookup("cell").Type(), []types.Type{types.Typ[types.String]}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		typ  types.Type
		want []string
	}{
		{types.NewPointer(pkg.Scope().Lookup("node").Type()), []string{
			"func() *node { v := New(); return v.root }()",
			"p.Insert(",
			"return p }(); return v.root }()",
		}},
		{types.NewPointer(cell), []string{
			"func() *cell[string] { v := NewBox[string](); return v.top }()",
			`p.Put("`,
			"return p }(); return v.top }()",
		}},
	} {
		var list []string
		for _, v := range g.values(c.typ) {
			if v.Kind == spec.Code {
				list = append(list, v.Str)
			}
		}
		got := strings.Join(list, "\n")
		for _, want := range c.want {
			if !strings.Contains(got, want) {
				t.Errorf("no %s candidate with %q; got:\n%s", c.typ, want, got)
			}
		}
		if strings.Contains(got, "v.left") || strings.Contains(got, "v.next") {
			t.Errorf("%s read from its own field:\n%s", c.typ, got)
		}
	}
}
