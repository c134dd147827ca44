package cover

import (
	"bytes"
	"fmt"
	"math"
	"slices"
)

// Span is a stretch of a source file, such as a function declaration:
// from StartLine:StartCol to EndLine:EndCol, in the positions go/token
// reports (which follow //line directives, as Block's do). For a function,
// these are the positions of its FuncDecl's Pos and End. Lines makes a span
// of whole lines.
type Span struct {
	File                string
	StartLine, StartCol int
	EndLine, EndCol     int
}

// Lines returns the span of lines start to end of file, both included.
func Lines(file string, start, end int) Span {
	return Span{File: file, StartLine: start, StartCol: 0, EndLine: end, EndCol: math.MaxInt}
}

// overlaps reports whether the block overlaps the span, by the test of
// `go tool cover -func`.
func (s Span) overlaps(b Block) bool {
	if b.File != s.File {
		return false
	}
	if b.StartLine > s.EndLine || (b.StartLine == s.EndLine && b.StartCol >= s.EndCol) {
		return false // after the span
	}
	if b.EndLine < s.StartLine || (b.EndLine == s.StartLine && b.EndCol <= s.StartCol) {
		return false // before the span
	}
	return true
}

// Coverage computes the statement coverage of a span (a function's
// declaration), exactly as `go tool cover -func` computes a function's
// percentage: stmts counts the statements of every block that overlaps the
// span, coveredStmts those of the blocks among them that ran. covered
// holds indices into blocks. The percentage is 100*coveredStmts/stmts.
func Coverage(blocks []Block, covered []int, span Span) (stmts, coveredStmts int) {
	ran := indexSet(covered, len(blocks))
	for i, b := range blocks {
		if !span.overlaps(b) {
			continue
		}
		stmts += b.NumStmts
		if ran[i] {
			coveredStmts += b.NumStmts
		}
	}
	return stmts, coveredStmts
}

// Covered returns the indices i in [0,n) of the blocks whose counter
// first+i is set: the covered list of a run whose n blocks start at
// counter first, as Coverage, Uncovered and Profile take it.
func Covered(counters []uint32, first, n int) []int {
	var out []int
	for i := 0; i < n && first+i < len(counters); i++ {
		if first+i >= 0 && counters[first+i] != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Uncovered returns the indices of the blocks overlapping span that did
// not run and hold at least one statement, in source order.
func Uncovered(blocks []Block, covered []int, span Span) []int {
	ran := indexSet(covered, len(blocks))
	var out []int
	for i, b := range blocks {
		if b.NumStmts > 0 && !ran[i] && span.overlaps(b) {
			out = append(out, i)
		}
	}
	slices.SortStableFunc(out, func(x, y int) int { return compareStart(blocks[x], blocks[y]) })
	return out
}

// Profile renders blocks as a coverage profile in the "set" format of
// `go test -coverprofile`, readable by `go tool cover` and
// golang.org/x/tools/cover. name maps a Block.File to the name the
// profile uses (typically importpath/base); nil keeps it.
func Profile(blocks []Block, covered []int, name func(file string) string) []byte {
	ran := indexSet(covered, len(blocks))
	order := make([]int, len(blocks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		if blocks[x].File != blocks[y].File {
			if blocks[x].File < blocks[y].File {
				return -1
			}
			return 1
		}
		return compareStart(blocks[x], blocks[y])
	})
	var b bytes.Buffer
	b.WriteString("mode: set\n")
	for _, i := range order {
		bl := blocks[i]
		file := bl.File
		if name != nil {
			file = name(file)
		}
		count := 0
		if ran[i] {
			count = 1
		}
		fmt.Fprintf(&b, "%s:%d.%d,%d.%d %d %d\n", file, bl.StartLine, bl.StartCol, bl.EndLine, bl.EndCol, bl.NumStmts, count)
	}
	return b.Bytes()
}

func compareStart(a, b Block) int {
	if a.StartLine != b.StartLine {
		return a.StartLine - b.StartLine
	}
	return a.StartCol - b.StartCol
}

// indexSet turns a list of block indices into a lookup table; indices
// outside [0,n) are ignored.
func indexSet(idx []int, n int) []bool {
	set := make([]bool, n)
	for _, i := range idx {
		if i >= 0 && i < n {
			set[i] = true
		}
	}
	return set
}
