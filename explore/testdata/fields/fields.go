// Package fields compiles an expression into a tree of unexported
// nodes that only its parser puts together.
package fields

import (
	"errors"
	"strconv"
	"strings"
)

type node interface{ eval() int }

type lit int

func (l lit) eval() int { return int(l) }

type sum []node

func (s sum) eval() int {
	t := 0
	for _, n := range s {
		t += n.eval()
	}
	return t
}

// Expr is a compiled sum, "1+2+3".
type Expr struct {
	text string
	root node
	sums []sum
}

// Parse parses a sum of numbers such as "1+2".
func Parse(s string) (*Expr, error) {
	var terms sum
	for _, p := range strings.Split(s, "+") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, errors.New("not a number")
		}
		terms = append(terms, lit(n))
	}
	return &Expr{text: s, root: terms, sums: []sum{terms}}, nil
}

func depth(n node) int {
	if s, ok := n.(sum); ok {
		return 1 + len(s)
	}
	return 0
}

func (s sum) size() int { return len(s) }

func (e *Expr) text2() string { return e.text + e.text }

func total(ns []node) int {
	t := 0
	for _, n := range ns {
		t += n.eval()
	}
	return t
}

// Pair is plain data: a value a literal writes as well as the package.
type Pair struct {
	Key   string
	Value int
}

// Cursor walks pairs; at its start it is on none (pair is nil).
type Cursor struct {
	pair *Pair
	at   int
}

// NewCursor is a cursor at its start.
func NewCursor() *Cursor { return &Cursor{} }

func weight(p *Pair) int { return len(p.Key) * p.Value }
