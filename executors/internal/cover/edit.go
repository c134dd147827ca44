package cover

import "slices"

// insertion is text to put into a source before the byte at offset at
// (or at its end, when at is its length).
type insertion struct {
	at   int
	text string
}

// splice returns src with the insertions made. Insertions at the same
// offset appear in the order they were queued.
func splice(src []byte, ins []insertion) []byte {
	slices.SortStableFunc(ins, func(x, y insertion) int { return x.at - y.at })
	size := len(src)
	for _, in := range ins {
		size += len(in.text)
	}
	out := make([]byte, 0, size)
	done := 0
	for _, in := range ins {
		out = append(out, src[done:in.at]...)
		out = append(out, in.text...)
		done = in.at
	}
	return append(out, src[done:]...)
}
