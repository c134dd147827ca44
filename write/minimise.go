package write

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
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

// maxKindsPerPath bounds the cases kept on one path (the same blocks)
// for the outcome kind alone: a conversion's fallback error quotes
// each dynamic type it is given ("unable to cast true of type bool"),
// and a dozen cases of one branch that differ only there drown the
// spec's other behaviours.
const maxKindsPerPath = 3

// Minimise picks the cases to keep: every Keep case, then, greedily, the
// case that adds the most blocks, outcome kinds, outcome classes (ok,
// error, panic) on a path that has several and killed mutants not yet
// shown (on a tie, a Prior case, then the smaller, then the first),
// until the cases kept show everything the candidates show together,
// but for outcome kinds that differ only in their messages from one
// kept on a path that maxKindsPerPath cases added only their kinds to
// already. A case that adds nothing is
// dropped, whatever its inputs. It returns the indices of the cases
// kept, in ascending order.
func Minimise(cands []Candidate) []int {
	// Each case's path, outcome class (ok, error, panic) and outcome
	// (the kind before its message), read once.
	paths := make([]string, len(cands))
	classOf := make([]string, len(cands))
	outcome := make([]string, len(cands))
	classes := map[string]map[string]bool{} // the classes seen on each path
	for i, c := range cands {
		paths[i] = pathKey(c.Blocks)
		class, _, _ := strings.Cut(c.Kind, " ")
		classOf[i], _, _ = strings.Cut(class, ":")
		outcome[i], _, _ = strings.Cut(c.Kind, ": ")
		if c.Kind != "" && len(c.Blocks) > 0 {
			if classes[paths[i]] == nil {
				classes[paths[i]] = map[string]bool{}
			}
			classes[paths[i]][classOf[i]] = true
		}
	}
	shows := make([][]string, len(cands))
	for i, c := range cands {
		var s []string
		for _, b := range c.Blocks {
			s = append(s, "block "+b)
		}
		if c.Kind != "" {
			s = append(s, "kind "+c.Kind)
			if len(classes[paths[i]]) > 1 {
				// Returned, failed or panicked on a path that does more
				// than one: a parser's return v, err is one block for
				// its successes and its failures, and each is a
				// behaviour.
				s = append(s, "class "+classOf[i]+" on "+paths[i])
			}
		}
		for _, m := range c.Kills {
			s = append(s, "mutant "+m)
		}
		shows[i] = s
	}
	have := map[string]bool{}
	kept := map[int]bool{}
	kindOnly := map[string]int{} // by path: the cases kept for a kind alone
	// By path, the outcomes (error types and sentinels) of the cases
	// kept: a kind of another outcome is never capped.
	outcomes := map[string]map[string]bool{}
	take := func(i int) {
		kept[i] = true
		for _, s := range shows[i] {
			have[s] = true
		}
		if outcomes[paths[i]] == nil {
			outcomes[paths[i]] = map[string]bool{}
		}
		outcomes[paths[i]][outcome[i]] = true
	}
	for i, c := range cands {
		if c.Keep {
			take(i)
		}
	}
	for {
		best, bestNew, bestKindOnly := -1, 0, false
		for i, c := range cands {
			if kept[i] {
				continue
			}
			n, kinds := 0, 0
			seen := map[string]bool{}
			for _, s := range shows[i] {
				if !have[s] && !seen[s] {
					seen[s] = true
					n++
					if strings.HasPrefix(s, "kind ") {
						kinds++
					}
				}
			}
			if n == 0 {
				continue
			}
			if p := paths[i]; n == kinds && kindOnly[p] >= maxKindsPerPath && outcomes[p][outcome[i]] {
				continue
			}
			if best < 0 || n > bestNew || n == bestNew && better(c, cands[best]) {
				best, bestNew, bestKindOnly = i, n, n == kinds
			}
		}
		if best < 0 {
			break
		}
		if bestKindOnly {
			kindOnly[paths[best]]++
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

// pathKey names the path of a case: the blocks it runs, in order.
func pathKey(blocks []string) string {
	b := slices.Clone(blocks)
	sort.Strings(b)
	return strings.Join(b, " ")
}

// better reports whether a is kept before b when both add as much.
func better(a, b Candidate) bool {
	if a.Prior != b.Prior {
		return a.Prior
	}
	return a.Size < b.Size
}

// messageShape hides the parts of a message that vary with the inputs:
// quoted text, numbers (hexadecimal and with exponents too, but NaN and
// ±Inf, boundaries a person tests apart) and what the braces of a
// composite value printed with %#v hold ([]byte{0x34, 0x32}).
var messageShape = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`[^`]*`" + `|\{[^{}]*\}|0[xX][0-9a-fA-F]+|[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?`)

// OutcomeKind names the kind of a probe's outcome for minimisation: ok,
// or the error's type, sentinels and message with its quoted text and
// numbers hidden, or the panic's type and message likewise: two errors
// of one kind differ only in the inputs they quote. A string input the
// message quotes without quotes is hidden too, where it stands as a
// word of its own; OutcomeKinds says which occurrence when there are
// several.
func OutcomeKind(r executors.Result) string { return OutcomeKinds([]executors.Result{r})[0] }

// OutcomeKinds names the kind of each result as OutcomeKind does. Where
// an input's text occurs more than once in a message ("quantity" in
// "add 0 of quantity: quantity must be positive", or an input of one
// space), each occurrence could be the quoted one; the kind is the
// masking the most results share, so that the input's place in the
// message is learnt from the results whose input occurs once. Ties go
// to the leftmost occurrence.
func OutcomeKinds(rs []executors.Result) []string {
	cands := make([][]string, len(rs))
	support := map[string]int{}
	for i, r := range rs {
		cands[i] = kindCandidates(r)
		seen := map[string]bool{}
		for _, k := range cands[i] {
			if !seen[k] {
				seen[k] = true
				support[k]++
			}
		}
	}
	kinds := make([]string, len(rs))
	for i, cs := range cands {
		best := cs[0]
		for _, k := range cs[1:] {
			if support[k] > support[best] {
				best = k
			}
		}
		kinds[i] = best
	}
	return kinds
}

// returnKind is the kind of a result that returned: its outcome and the
// truth values among its results ("ok _ true" for a lookup that found
// its key), for a bool result is a verdict (found, valid, equal) and
// each verdict is a behaviour of its own.
func returnKind(r executors.Result) string {
	kind := coarseClass(r)
	verdicts := false
	var parts []string
	for _, o := range r.Outputs {
		if o.Kind == spec.Bool {
			verdicts = true
			parts = append(parts, strconv.FormatBool(o.Bool))
		} else {
			parts = append(parts, "_")
		}
	}
	if !verdicts {
		return kind
	}
	return kind + " " + strings.Join(parts, " ")
}

// kindCandidates lists the kinds r may have, one per way of hiding its
// string inputs in its message; the first hides leftmost occurrences.
func kindCandidates(r executors.Result) []string {
	var msg string
	switch {
	case r.Outcome == executors.Panicked && r.Panic != nil:
		msg = r.Panic.Message
	case r.Err != nil:
		msg = r.Err.Message
	default:
		return []string{returnKind(r)}
	}
	class := coarseClass(r)
	var out []string
	for _, m := range maskings(msg, r.Inputs) {
		out = append(out, class+": "+messageShape.ReplaceAllString(m, "…"))
	}
	return out
}

// maxMaskings bounds the ways maskings tries.
const maxMaskings = 64

// maskings lists the ways of hiding in msg the string inputs (and the
// strings inputs hold: a receiver's fields) it quotes without quotes
// ("add 0 of abc: quantity must be positive"): "…" stands for one
// occurrence of each input's text that is not part of a longer word,
// longer inputs first.
func maskings(msg string, inputs []executors.NamedValue) []string {
	var texts []string
	for _, in := range inputs {
		texts = stringLeaves(texts, in.Value, 2)
	}
	sort.SliceStable(texts, func(i, j int) bool { return len(texts[i]) > len(texts[j]) })
	ms := []string{msg}
	for _, t := range texts {
		var next []string
		for _, m := range ms {
			at := occurrences(m, t)
			if len(at) == 0 {
				next = append(next, m)
				continue
			}
			for _, i := range at {
				next = append(next, m[:i]+"…"+m[i+len(t):])
			}
		}
		if len(next) > maxMaskings {
			next = next[:maxMaskings]
		}
		ms = next
	}
	return ms
}

// stringLeaves appends the non-empty strings of v to out: v itself, or
// the fields, elements and values of a struct, list or map it is (a
// receiver's fields), depth levels down.
func stringLeaves(out []string, v spec.Value, depth int) []string {
	switch v.Kind {
	case spec.String:
		if v.Str != "" {
			out = append(out, v.Str)
		}
	case spec.List:
		if depth > 0 {
			for _, e := range v.List {
				out = stringLeaves(out, e, depth-1)
			}
		}
	case spec.Map:
		if depth > 0 {
			for _, e := range v.Map {
				out = stringLeaves(out, e.Val, depth-1)
			}
		}
	}
	return out
}

// occurrences lists where t occurs in s as a word of its own: not
// preceded or followed by a letter or digit that would join it to a
// longer word.
func occurrences(s, t string) []int {
	var at []int
	for off := 0; ; {
		i := strings.Index(s[off:], t)
		if i < 0 {
			return at
		}
		i += off
		end := i + len(t)
		if !(wordAt(s, i-1) && wordAt(t, 0) || wordAt(s, end) && wordAt(t, len(t)-1)) {
			at = append(at, i)
		}
		off = i + 1
	}
}

// wordAt reports whether s has a letter, digit or underscore at byte i.
func wordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
