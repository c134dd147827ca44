package explore

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func TestFromReceiver(t *testing.T) {
	p, err := target.Load(context.Background(), ".", target.Config{Dir: "testdata/fromrecv"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		method string
		want   []string
		why    string
	}{
		{"(*List).Remove", []string{"l.Front()", "l.Front().Next()", "l.Front().next", "l.Front().prev", "l.Front().next.next", "l.Front().next.prev", "l.Front().prev.next", "l.Front().prev.prev"},
			"the receiver's getter, one Next on, then its neighbours and theirs; PopFront is a mutator; the sentinel root is an Elem, not a *Elem"},
		{"(*Cache).evict", []string{"c.last", "c.last.Next()", "c.order.Front()", "c.order.Front().Next()", "c.last.next", "c.last.prev", "c.order.Front().next", "c.order.Front().prev"},
			"a field of the type, then a field's getter, then the neighbours of each; the map is not read"},
		{"(*Tree).borrow", []string{"t.Left()", "t.Root", "t.Root.Children[0]", "t.Root.Children[len(t.Root.Children)-1]", "t.Left().Children[0]", "t.Left().Children[len(t.Left().Children)-1]", "t.Root.Children[0].Children[0]", "t.Root.Children[0].Children[len(t.Root.Children[0].Children)-1]"},
			"the getter's node and the root, then down to the first and last children of each, the root's first, then theirs: nodes of the receiver's own tree; never up to a parent"},
		{"(*BTree).rotate", []string{"b.root", "b.root.Left", "b.root.Right", "b.root.Left.Left", "b.root.Left.Right", "b.root.Right.Left", "b.root.Right.Right"},
			"the root, its children and grandchildren by their fields of the node's type; never up to a parent"},
		{"(*BTree).insert", []string{"&b.root", "&b.root.Left", "&b.root.Right", "&b.root.Left.Left", "&b.root.Left.Right", "&b.root.Right.Left", "&b.root.Right.Right"},
			"a **BNode: the addresses of the fields that hold the receiver's nodes"},
		{"(*Tag).Depth", []string{"t.Copy()", "t.NextSibling()", "t.Parent()", "t", "t.NextSibling().NextSibling()", "t.NextSibling().Parent()", "t.Parent().NextSibling()", "t.Parent().Parent()"},
			"the getters' nodes and the receiver itself, then one step on from each: its parent's parent; never on from a copy, which is in no tree"},
		{"(*Shelf).MoveTo", []string{"s.Items[0]", "s.Items[len(s.Items)-1]"}, "an interface the receiver holds in a slice: its first and last"},
		{"(*Cache).Sum", nil, "an int is not taken from the receiver"},
		{"(*Cache).Same", nil, "the receiver's name is a package function's"},
	} {
		f, err := p.Func(tt.method)
		if err != nil {
			t.Fatal(err)
		}
		if got := fromReceiver(f, f.Params[0].Type); !slices.Equal(got, tt.want) {
			t.Errorf("fromReceiver(%s) = %q, want %q (%s)", tt.method, got, tt.want, tt.why)
		}
	}
	if got := fromReceiver(&target.Func{Name: "F"}, nil); got != nil {
		t.Errorf("fromReceiver of a function = %q, want nil", got)
	}
}

// TestFromReceiverSeeds: the first seeds of a method with arguments
// built from its receiver call it on a filled receiver, with one such
// argument and then two told apart.
func TestFromReceiverSeeds(t *testing.T) {
	a := fromrecvAnalysis(t, "(*List).MoveBefore")
	one, two := false, false
	for _, s := range a.seeds[:min(len(a.seeds), 100)] {
		filled := strings.HasPrefix(s.code, "(func() *List { p := ") && strings.Contains(s.code, "p.PushBack(")
		switch {
		case !filled:
		case strings.Contains(s.code, ").MoveBefore(l.Front(), l.Front().Next())"):
			two = true
		case strings.Contains(s.code, ").MoveBefore(l.Front(), "):
			one = true
		}
	}
	if !one || !two {
		t.Errorf("among the first 100 seeds, a filled list with e from it: %v, with e and mark from it: %v", one, two)
	}
}

func TestFuller(t *testing.T) {
	simple8 := "func() *List { p := New(); p.PushBack(1); p.PushBack(2); p.PushBack(3); return p }()"
	simple1 := "func() *List { p := New(); p.PushBack(1); return p }()"
	nested := "func() *List { p := New(); p.PushBackList(func() *List { p := New(); p.InsertAfter(1, nil); return p }()); p.PushBack(1); p.PushBack(2); p.PushBack(3); return p }()"
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{simple8, simple1, true},
		{simple1, simple8, false},
		{simple1, nested, true},
		{nested, simple1, false},
		{simple1, "New()", true},
		{"New()", nested, false},
		{"New()", "func() *List { p := New(); p.PushBack(1); p.PushBackList(func() *List { return New() }()); p.PushBackList(func() *List { return New() }()); return p }()", true},
		{simple1, "func() *List { p := New(); p.InsertAfter(1, (*Element)(nil)); p.InsertAfter(2, (*Element)(nil)); return p }()", true},
		// A comparator given to the constructor is not a nested value:
		// the tree filled by Set comes first.
		{"func() *Tree[int] { p := NewTree[int](func(x int, y int) bool { return x < y }); p.Set(2); return p }()", "NewTree[int](func(x int, y int) bool { return true })", true},
		{"NewTree[int](func(x int, y int) bool { return true })", "func() *Tree[int] { p := NewTree[int](func(x int, y int) bool { return x < y }); p.Set(2); return p }()", false},
	} {
		if got := fuller(tt.a, tt.b); got != tt.want {
			t.Errorf("fuller(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestFromReceiverSeedsTwoTypes: two parameters of different types built
// from the receiver are paired whatever their places in their lists of
// expressions; only the same expression twice is not.
func TestFromReceiverSeedsTwoTypes(t *testing.T) {
	a := fromrecvAnalysis(t, "(*Board).Holds")
	found := false
	for _, s := range a.seeds {
		if strings.Contains(s.code, ".Holds(b.mark, b.items)") {
			found = true
		}
	}
	if !found {
		t.Errorf("no seed calls Holds(b.mark, b.items), the first expression of each parameter's list")
	}
}

// TestIndexPairs: Less(i, j) of a slice type is tried with 0, 1 and
// 1, 0 on receivers of two elements or more, among the first seeds.
func TestIndexPairs(t *testing.T) {
	f := targettest.Func(t, "testdata/pairs", ".", "ByPrio.Less")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	pairs := 0
	for _, sd := range a.seeds {
		if sd.desc != "the first two elements of the receiver" {
			continue
		}
		pairs++
		if sd.vals[0].Kind != spec.List || len(sd.vals[0].List) < 2 {
			t.Errorf("seed %s: receiver %s, want two elements or more", sd.code, sd.vals[0])
		}
		if i, j := sd.vals[1].Int, sd.vals[2].Int; i+j != 1 || i*j != 0 {
			t.Errorf("seed %s: i, j = %d, %d, want 0, 1 or 1, 0", sd.code, i, j)
		}
	}
	if pairs == 0 {
		t.Error("no seed calls Less on two elements of a receiver")
	}
}

// TestSameForm: two string inputs of one type are also tried with
// values of one form, each the first of its form after the other in
// the candidates, so that ComparePart compares two numbers among its
// first seeds.
func TestSameForm(t *testing.T) {
	for _, tt := range []struct{ s, want string }{
		{"1.2.3", "<digits>.<digits>.<digits>"},
		{"v1.2-rc1", "<mixed>.<digits>-<mixed>"},
		{"9f3a-x", "<hex>-<letters>"},
		{"", ""},
	} {
		if got := form(tt.s); got != tt.want {
			t.Errorf("form(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
	cands := []spec.Value{spec.StringValue("99"), spec.StringValue("a"), spec.StringValue("99"), spec.StringValue("103"), spec.StringValue("")}
	for _, tt := range []struct {
		r    int
		want string
		ok   bool
	}{{0, "103", true}, {1, "", false}, {3, "", false}, {4, "", false}} {
		w, ok := sameForm(cands, formsOf(cands), cands, tt.r)
		if ok != tt.ok || w.Str != tt.want {
			t.Errorf("sameForm(%d) = %q, %v; want %q, %v", tt.r, w.Str, ok, tt.want, tt.ok)
		}
	}
	f := targettest.Func(t, "testdata/pairs", ".", "ComparePart")
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	numbers := func(v spec.Value) bool {
		_, err := strconv.Atoi(v.Str)
		return v.Kind == spec.String && err == nil
	}
	var got [][]spec.Value
	for _, sd := range a.seeds[:min(40, len(a.seeds))] {
		if numbers(sd.vals[0]) && numbers(sd.vals[1]) && sd.vals[0].Str != sd.vals[1].Str {
			got = append(got, sd.vals)
		}
	}
	if len(got) < 2 {
		t.Errorf("seeds among the first 40 comparing two numbers: %v, want two or more", got)
	}
}

// TestNodeSeeds: a method relating a node to another of its tree is
// called early on a node inside one, with its grandparent.
func TestNodeSeeds(t *testing.T) {
	a := fromrecvAnalysis(t, "(*Tag).Depth")
	found := false
	for _, s := range a.seeds[:min(len(a.seeds), 40)] {
		if strings.Contains(s.code, `g1 := c1.CreateTag("e")`) && strings.Contains(s.code, ".Depth(t.Parent().Parent())") {
			found = true
		}
	}
	if !found {
		t.Errorf("among the first 40 seeds, none calls Depth on a grandchild with its grandparent")
		for _, s := range a.seeds[:min(len(a.seeds), 40)] {
			t.Log(s.code)
		}
	}
}

// fromrecvAnalysis is the analysis of the function name of
// testdata/fromrecv.
func fromrecvAnalysis(t *testing.T, name string) *analysis {
	t.Helper()
	p, err := target.Load(context.Background(), ".", target.Config{Dir: "testdata/fromrecv"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Func(name)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newAnalysis(f, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
