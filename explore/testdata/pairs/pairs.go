// Package pairs sorts jobs, by priority and then by name, and orders
// the parts of release names.
package pairs

import (
	"strconv"
	"strings"
)

// Job is a unit of work.
type Job struct {
	Prio int
	Name string
}

// ByPrio sorts jobs by priority, highest first, then by name.
type ByPrio []*Job

func (b ByPrio) Len() int { return len(b) }

func (b ByPrio) Less(i, j int) bool {
	if b[i].Prio != b[j].Prio {
		return b[i].Prio > b[j].Prio
	}
	return b[i].Name < b[j].Name
}

// ComparePart orders two parts of a release name: numbers before
// words, numbers by value, words by text.
func ComparePart(s, o string) int {
	if s == o {
		return 0
	}
	n, errS := strconv.Atoi(s)
	m, errO := strconv.Atoi(o)
	switch {
	case errS != nil && errO != nil:
		return strings.Compare(s, o)
	case errS != nil:
		return 1
	case errO != nil:
		return -1
	case n < m:
		return -1
	}
	return 1
}
