package spec

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Error is one problem in a spec, at a position.
type Error struct {
	Pos Pos
	Msg string
}

// Error renders the problem as "file:line:col: msg". Missing parts of the
// position are left out: "line:col: msg" without a file name, "file: msg"
// without a line, just msg without any position.
func (e *Error) Error() string {
	switch {
	case e.Pos.File == "" && e.Pos.Line == 0:
		return e.Msg
	case e.Pos.File == "":
		if e.Pos.Col > 0 {
			return strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Col) + ": " + e.Msg
		}
		return strconv.Itoa(e.Pos.Line) + ": " + e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Errors is every problem found in a spec, in file order. Load, Parse
// and Validate return it (as an error) when there is at least one.
type Errors []*Error

// Error lists the problems one per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for errors.As on a single *Error.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// sortErrors orders problems by file, line and column, keeping the
// order of those at the same position.
func sortErrors(es Errors) {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i].Pos, es[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// err returns es as an error, or nil when it is empty.
func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	sortErrors(es)
	return es
}

// Suggest returns the candidate closest to name by edit distance
// (ignoring case, a transposition counting as one edit), or "" when none
// is close: at most a third of name's length may differ, and at least one
// edit is always allowed. Of equally close candidates the first wins.
func Suggest(name string, candidates []string) string {
	best, bestDist := "", -1
	limit := max(1, len([]rune(name))/3)
	lname := strings.ToLower(name)
	for _, c := range candidates {
		d := editDistance(lname, strings.ToLower(c))
		if d <= limit && (bestDist < 0 || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// runes each cost one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows: two back (for transpositions), one back, current.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// ValidName reports whether name has the shape of a function spec's
// name: Func, Type.Method or (*Type).Method, each part a Go identifier.
func ValidName(name string) bool {
	if rest, ok := strings.CutPrefix(name, "(*"); ok {
		typ, method, ok := strings.Cut(rest, ").")
		return ok && isIdent(typ) && isIdent(method)
	}
	if typ, method, ok := strings.Cut(name, "."); ok {
		return isIdent(typ) && isIdent(method)
	}
	return isIdent(name)
}

// IsMethodName reports whether a valid function spec name names a
// method (Type.Method or (*Type).Method).
func IsMethodName(name string) bool { return strings.Contains(name, ".") }

// IsPointerMethodName reports whether a valid function spec name names
// a method with a pointer receiver ((*Type).Method).
func IsPointerMethodName(name string) bool { return strings.HasPrefix(name, "(*") }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && r != '_' && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
