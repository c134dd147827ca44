// Package nodes holds a tree of nodes that make their own children,
// beside builders and values that make values of their own type without
// linking them in.
package nodes

import "errors"

// Node is a node of a tree.
type Node struct {
	Name   string
	parent *Node
	kids   []*Node
	texts  []*Text
}

// Text is a text inside a node.
type Text struct {
	s      string
	parent *Node
}

// AddText makes a text inside n.
func (n *Node) AddText(s string) *Text {
	t := &Text{s, n}
	n.texts = append(n.texts, t)
	return t
}

// Create makes a child of n named name.
func (n *Node) Create(name string) *Node {
	c := &Node{Name: name, parent: n}
	n.kids = append(n.kids, c)
	return c
}

// Adopt makes a child of n named name, or fails on an empty name.
func (n *Node) Adopt(name string) (*Node, error) {
	if name == "" {
		return nil, errors.New("no name")
	}
	return n.Create(name), nil
}

// Rename names n and returns it, for chaining.
func (n *Node) Rename(name string) *Node {
	n.Name = name
	return n
}

// Copy is a node like n, apart from any tree.
func (n *Node) Copy() *Node { return &Node{Name: n.Name} }

// Find is the child of n named name, or nil.
func (n *Node) Find(name string) *Node {
	for _, k := range n.kids {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// Sum is a value, not a part.
type Sum struct{ n int }

// Add is s plus d.
func (s Sum) Add(d int) *Sum { return &Sum{s.n + d} }

// CreateNode makes a child of n through newNode, which links it in.
func (n *Node) CreateNode(name string) *Node { return newNode(name, n) }

// Sibling is a node beside n, made by newNode but in no tree: not named
// for making a part.
func (n *Node) Sibling(name string) *Node { return newNode(name, n.parent) }

func newNode(name string, parent *Node) *Node {
	c := &Node{Name: name, parent: parent}
	if parent != nil {
		parent.kids = append(parent.kids, c)
	}
	return c
}
