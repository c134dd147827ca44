// Package yaegibad uses constructs yaegi v0.16.1 gets wrong.
package yaegibad

import (
	"iter"
	"slices"
	"strings"

	"example.com/td/util"
)

import (
	"net/http"
	"os/exec"
)

// Funcs captures loop variables.
func Funcs(n int) []func() int {
	var fs []func() int
	for i := 0; i < n; i++ {
		fs = append(fs, func() int { return i })
	}
	for _, s := range []string{"a"} {
		_ = &s
	}
	return fs
}

// Fine takes no loop variable's address and captures none.
func Fine(xs []int) int {
	t := 0
	for i, x := range xs {
		t += x
		p := &xs[i] // a slice element, not the variable
		_ = p
		func() { t++ }()
	}
	return t + int(util.Clamp(1, 2, 3))
}

// Ranges uses new range forms.
func Ranges(seq iter.Seq[int]) int {
	t := 0
	for i := range 10 {
		t += i
	}
	for v := range seq {
		t += v
	}
	return min(t, 100)
}

// Newer uses APIs newer than Go 1.22.
func Newer(s string) []string {
	xs := slices.Collect(strings.Lines(s))
	slices.Sort(xs)
	clear(xs[:0])
	return slices.Clone(xs)
}

// Known uses yaegi's generic functions that work.
func Known(xs []string) bool { return slices.Contains(xs, "a") }

// Stack is generic.
type Stack[T any] []T

var (
	_ = exec.Command
	_ = http.Get
)

// Split uses a switch with both an init statement and a tag.
func Split(s string) int {
	switch parts := strings.Split(s, ":"); len(parts) {
	case 1:
		return 1
	default:
		return 2
	}
}
