// Package fromrecv has methods whose argument must come from their
// receiver: an element of its own list.
package fromrecv

// Elem is an element of a List.
type Elem struct {
	next, prev *Elem
	list       *List
	Value      int
}

// Next is the element after e, or nil.
func (e *Elem) Next() *Elem {
	if e.list == nil || e.next == &e.list.root {
		return nil
	}
	return e.next
}

// List is a doubly linked list with a sentinel root.
type List struct {
	root Elem
	n    int
}

// Front is the first element, or nil.
func (l *List) Front() *Elem {
	if l.n == 0 {
		return nil
	}
	return l.root.next
}

// PopFront takes the first element out: a mutator, never called to
// build an argument.
func (l *List) PopFront() *Elem { return nil }

// Remove takes e out of l when e is in it.
func (l *List) Remove(e *Elem) int {
	if e.list != l {
		return -1
	}
	e.prev.next, e.next.prev = e.next, e.prev
	e.list = nil
	l.n--
	return e.Value
}

// Cache keeps its order in a list; its index holds the same elements.
type Cache struct {
	order *List
	last  *Elem
	index map[int]*Elem
}

func (c *Cache) evict(e *Elem) { c.order.Remove(e) }

// Sum adds n to itself: nothing to build from the receiver.
func (c *Cache) Sum(n int) int { return n + n }

// Same is declared with a receiver named as a package function.
func (last *Cache) Same(e *Elem) bool { return last.last == e }

func last() {}

// PushBack adds an element of value v at the back.
func (l *List) PushBack(v int) {
	if l.root.next == nil {
		l.root.next, l.root.prev = &l.root, &l.root
	}
	e := &Elem{Value: v, list: l, prev: l.root.prev, next: &l.root}
	e.prev.next, l.root.prev = e, e
	l.n++
}

// MoveBefore moves e before mark, both of l.
func (l *List) MoveBefore(e, mark *Elem) bool {
	return e.list == l && mark.list == l && e != mark
}

// Board holds a list and its marked element.
type Board struct {
	items *List
	mark  *Elem
}

// NewBoard is a board of n elements, the first marked.
func NewBoard(n int) *Board {
	l := &List{}
	for i := 0; i < n; i++ {
		l.PushBack(i)
	}
	return &Board{items: l, mark: l.Front()}
}

// Holds reports whether e is in l: two arguments of different types,
// both built from the receiver.
func (b *Board) Holds(e *Elem, l *List) bool { return e != nil && e.list == l }

// Node is a node of a Tree: its children are nodes too.
type Node struct {
	Keys     []int
	Children []*Node
	Parent   *Node
}

// Tree is a tree of nodes under a root.
type Tree struct {
	Root *Node
}

// borrow moves a key into node from a sibling: node must be one of
// the tree's own.
func (t *Tree) borrow(node *Node) bool { return node.Parent != nil }

// Left is the leftmost leaf, or nil.
func (t *Tree) Left() *Node {
	n := t.Root
	for n != nil && len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n
}

// BNode is a node of a binary tree that points back to its parent.
type BNode struct {
	Key                 int
	Parent, Left, Right *BNode
}

// BTree is a binary tree.
type BTree struct{ root *BNode }

// rotate turns n's left child into its parent: n must be of the tree.
func (b *BTree) rotate(n *BNode) bool { return n.Left != nil }

// insert puts v below *pn, making the node there when it is nil.
func (b *BTree) insert(pn **BNode, v int) bool { return *pn == nil && v > 0 }

// Tag is an element of a document: a node that makes its own children.
type Tag struct {
	Name   string
	parent *Tag
	kids   []*Tag
}

// NewTag is a tag apart from any document.
func NewTag(name string) *Tag { return &Tag{Name: name} }

// CreateTag makes a child of t named name.
func (t *Tag) CreateTag(name string) *Tag {
	c := &Tag{Name: name, parent: t}
	t.kids = append(t.kids, c)
	return c
}

// Copy is a tag like t, in no document.
func (t *Tag) Copy() *Tag { return &Tag{Name: t.Name} }

// Parent is the tag that holds t.
func (t *Tag) Parent() *Tag { return t.parent }

// NextSibling is the tag after t in its parent.
func (t *Tag) NextSibling() *Tag {
	if t.parent == nil {
		return nil
	}
	for i, k := range t.parent.kids {
		if k == t && i+1 < len(t.parent.kids) {
			return t.parent.kids[i+1]
		}
	}
	return nil
}

// Depth is how far from src t is, down its parents; -1 when src does
// not hold t.
func (t *Tag) Depth(src *Tag) int {
	d := 0
	for n := t; n != nil; n = n.parent {
		if n == src {
			return d
		}
		d++
	}
	return -1
}

// Item is what a Shelf holds.
type Item interface{ Label() string }

// Shelf holds items in order.
type Shelf struct{ Items []Item }

// MoveTo moves it, one of the shelf's own, to index i.
func (s *Shelf) MoveTo(it Item, i int) bool { return i >= 0 && it != nil }
