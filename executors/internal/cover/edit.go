package cover

import (
	"fmt"
	"slices"
)

// editBuffer queues insertions into a byte slice and applies them at once,
// in the manner of cmd/internal/edit: edits are ordered by offset, and
// insertions at the same offset keep the order they were made in.
type editBuffer struct {
	old []byte
	q   []insertion
}

type insertion struct {
	at   int
	text string
}

func (b *editBuffer) insert(at int, text string) {
	if at < 0 || at > len(b.old) {
		panic(fmt.Sprintf("cover: insertion at %d outside [0,%d]", at, len(b.old)))
	}
	b.q = append(b.q, insertion{at, text})
}

// bytes returns the original bytes with the queued insertions applied.
func (b *editBuffer) bytes() []byte {
	slices.SortStableFunc(b.q, func(x, y insertion) int { return x.at - y.at })
	n := len(b.old)
	for _, e := range b.q {
		n += len(e.text)
	}
	out := make([]byte, 0, n)
	prev := 0
	for _, e := range b.q {
		out = append(out, b.old[prev:e.at]...)
		out = append(out, e.text...)
		prev = e.at
	}
	return append(out, b.old[prev:]...)
}
