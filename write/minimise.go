package write

import (
	"regexp"
	"sort"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// Candidate is a case minimisation may keep or drop, by what it shows.
type Candidate struct {
	// Keep marks a case that is always kept (a person's, a doc case).
	Keep bool
	// Blocks are the coverage blocks the case runs, Kind its outcome kind
	// (OutcomeKind) and Kills the mutants it kills, each named by a key
	// the candidates share.
	Blocks []string
	Kind   string
	Kills  []string
	// Size is the size of its inputs: the smaller of two cases that show
	// the same is kept.
	Size int
	// Prior marks the input of a case of the existing spec: of two that
	// show the same, it is kept, and so keeps its id.
	Prior bool
}

// Minimise picks the cases to keep: every Keep case, then, greedily, the
// case that adds the most blocks, outcome kinds and killed mutants not
// yet shown (on a tie, a Prior case, then the smaller, then the first),
// until the cases kept show everything the candidates show together. A
// case that adds nothing is dropped, whatever its inputs. It returns the
// indices of the cases kept, in ascending order.
func Minimise(cands []Candidate) []int {
	shows := make([][]string, len(cands))
	for i, c := range cands {
		var s []string
		for _, b := range c.Blocks {
			s = append(s, "block "+b)
		}
		if c.Kind != "" {
			s = append(s, "kind "+c.Kind)
		}
		for _, m := range c.Kills {
			s = append(s, "mutant "+m)
		}
		shows[i] = s
	}
	have := map[string]bool{}
	kept := map[int]bool{}
	take := func(i int) {
		kept[i] = true
		for _, s := range shows[i] {
			have[s] = true
		}
	}
	for i, c := range cands {
		if c.Keep {
			take(i)
		}
	}
	for {
		best, bestNew := -1, 0
		for i, c := range cands {
			if kept[i] {
				continue
			}
			n := 0
			seen := map[string]bool{}
			for _, s := range shows[i] {
				if !have[s] && !seen[s] {
					seen[s] = true
					n++
				}
			}
			if n == 0 {
				continue
			}
			if best < 0 || n > bestNew || n == bestNew && better(c, cands[best]) {
				best, bestNew = i, n
			}
		}
		if best < 0 {
			break
		}
		take(best)
	}
	out := make([]int, 0, len(kept))
	for i := range kept {
		out = append(out, i)
	}
	sort.Ints(out)
	return out
}

// better reports whether a is kept before b when both add as much.
func better(a, b Candidate) bool {
	if a.Prior != b.Prior {
		return a.Prior
	}
	return a.Size < b.Size
}

// messageShape hides the parts of a message that vary with the inputs:
// quoted text and numbers.
var messageShape = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`[^`]*`" + `|-?[0-9]+(?:\.[0-9]+)?`)

// OutcomeKind names the kind of a probe's outcome for minimisation: ok,
// or the error's type, sentinels and message with its quoted text and
// numbers hidden, or the panic's type and message likewise: two errors
// of one kind differ only in the inputs they quote.
func OutcomeKind(r executors.Result) string {
	switch {
	case r.Outcome == executors.Panicked && r.Panic != nil:
		return coarseClass(r) + ": " + messageShape.ReplaceAllString(maskInputs(r.Panic.Message, r.Inputs), "…")
	case r.Err != nil:
		return coarseClass(r) + ": " + messageShape.ReplaceAllString(maskInputs(r.Err.Message, r.Inputs), "…")
	}
	return coarseClass(r)
}

// maskInputs hides in msg the string inputs it quotes without quotes
// ("add 0 of abc: quantity must be positive"): "…" stands for each
// occurrence of an input's text that is not part of a longer word.
// Longer inputs are hidden first; an input of one character is left,
// it would hide letters of the message itself.
func maskInputs(msg string, inputs []executors.NamedValue) string {
	var texts []string
	for _, in := range inputs {
		if in.Value.Kind == spec.String && len(in.Value.Str) > 1 {
			texts = append(texts, in.Value.Str)
		}
	}
	sort.SliceStable(texts, func(i, j int) bool { return len(texts[i]) > len(texts[j]) })
	for _, t := range texts {
		var b strings.Builder
		rest := msg
		for {
			i := strings.Index(rest, t)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			end := i + len(t)
			if wordAt(rest, i-1) && wordAt(t, 0) || wordAt(rest, end) && wordAt(t, len(t)-1) {
				b.WriteString(rest[:i+1])
				rest = rest[i+1:]
				continue
			}
			b.WriteString(rest[:i])
			b.WriteString("…")
			rest = rest[end:]
		}
		msg = b.String()
	}
	return msg
}

// wordAt reports whether s has a letter, digit or underscore at byte i.
func wordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
