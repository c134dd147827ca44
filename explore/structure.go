package explore

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// groupKind is the kind of a run of a structured string.
type groupKind int

const (
	sepGroup    groupKind = iota // one character that is not a letter or a digit
	digitGroup                   // digits only
	hexGroup                     // hex digits, with a digit and a letter (a-f, A-F)
	letterGroup                  // letters only
	mixedGroup                   // letters and digits, not all hex digits
)

func (k groupKind) String() string {
	return [...]string{"sep", "digits", "hex", "letters", "mixed"}[k]
}

// group is a run of a string: s[start:end].
type group struct {
	kind       groupKind
	start, end int
}

// groups splits s into its units: each character that is neither a
// letter nor a digit is a separator of its own; the runs of letters and
// digits between them are digits, hex (hex digits with both a digit and
// a letter among them: "9f3a"; "cafe" is a word), letters or mixed. "v1.2.3-rc1" is v1 . 2 . 3 - rc1.
func groups(s string) []group {
	var out []group
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		out = append(out, group{kind: runKind(s[start:end]), start: start, end: end})
		start = -1
	}
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		_, n := utf8.DecodeRuneInString(s[i:])
		out = append(out, group{kind: sepGroup, start: i, end: i + n})
	}
	flush(len(s))
	return out
}

// runKind classifies a run of letters and digits.
func runKind(run string) groupKind {
	digits, hexLetters, letters := 0, 0, 0
	for _, r := range run {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F':
			hexLetters++
		default:
			letters++
		}
	}
	switch {
	case hexLetters+letters == 0:
		return digitGroup
	case letters == 0 && digits > 0:
		return hexGroup
	case digits == 0:
		return letterGroup
	}
	return mixedGroup
}

// isRun reports whether a group is a run of letters or digits.
func (g group) isRun() bool { return g.kind != sepGroup }

// structuralOps are the names of the structure-aware string mutations,
// in the order structural picks them from.
var structuralOps = []string{
	"grow group", "shrink group", "non-hex digit", "drop separator", "double separator",
	"swap separator", "case of group", "swap groups", "cut at separator", "package value",
	"bracket", "other digit",
}

// bracketPairs are the pairs of characters a value may be wrapped in.
var bracketPairs = [][2]string{{"{", "}"}, {"(", ")"}, {"[", "]"}, {"<", ">"}, {`"`, `"`}, {"'", "'"}}

// structural changes s as a structured text (an identifier of hex
// groups and dashes, a version, a date): one of structuralOps, applied
// to one of its groups (see groups). ok is false when s has no unit the
// chosen change applies to.
func (mu *mutator) structural(s string) (string, string, bool) {
	return mu.structuralOp(s, mu.rng.IntN(len(structuralOps)))
}

// structuralOp applies structuralOps[op] to s.
func (mu *mutator) structuralOp(s string, op int) (string, string, bool) {
	gs := groups(s)
	var runs, seps []group
	for _, g := range gs {
		if g.isRun() {
			runs = append(runs, g)
		} else {
			seps = append(seps, g)
		}
	}
	pickRun := func(keep func(group) bool) (group, bool) {
		var c []group
		for _, g := range runs {
			if keep == nil || keep(g) {
				c = append(c, g)
			}
		}
		if len(c) == 0 {
			return group{}, false
		}
		return c[mu.rng.IntN(len(c))], true
	}
	name := structuralOps[op]
	switch op {
	case 0: // one more of the group's last character: 4 hex digits become 5
		g, ok := pickRun(nil)
		if !ok {
			return s, name, false
		}
		_, n := utf8.DecodeLastRuneInString(s[g.start:g.end])
		return s[:g.end] + s[g.end-n:g.end] + s[g.end:], name, true
	case 1: // one fewer: 4 hex digits become 3
		g, ok := pickRun(nil)
		if !ok {
			return s, name, false
		}
		_, n := utf8.DecodeLastRuneInString(s[g.start:g.end])
		return s[:g.end-n] + s[g.end:], name, true
	case 2: // a character just outside the group's class: g in hex, a letter in digits
		g, ok := pickRun(func(g group) bool { return g.kind == hexGroup || g.kind == digitGroup })
		if !ok {
			return s, name, false
		}
		i := g.start + mu.rng.IntN(g.end-g.start)
		c := "g"
		if g.kind == digitGroup && mu.rng.IntN(2) == 0 {
			c = "a"
		}
		return s[:i] + c + s[i+1:], name, true
	case 3, 4, 5, 8:
		if len(seps) == 0 {
			return s, name, false
		}
		g := seps[mu.rng.IntN(len(seps))]
		sep := s[g.start:g.end]
		switch op {
		case 3:
			return s[:g.start] + s[g.end:], name, true
		case 4:
			return s[:g.end] + sep + s[g.end:], name, true
		case 5:
			others := []string{"-", "_", ".", ":", "/", " "}
			for _, o := range mu.g.m.seps {
				if utf8.RuneCountInString(o) == 1 && !unicode.IsLetter([]rune(o)[0]) && !unicode.IsDigit([]rune(o)[0]) {
					others = append(others, o)
				}
			}
			others = dedupeStrings(others)
			o := others[mu.rng.IntN(len(others))]
			if o == sep {
				o = others[(mu.rng.IntN(len(others)-1)+1+indexOf(others, o))%len(others)]
			}
			return s[:g.start] + o + s[g.end:], name, true
		}
		// Cut before or after the separator.
		if mu.rng.IntN(2) == 0 {
			return s[:g.start], name, true
		}
		return s[:g.end], name, true
	case 6:
		g, ok := pickRun(func(g group) bool { return g.kind != digitGroup })
		if !ok {
			return s, name, false
		}
		run := s[g.start:g.end]
		c := strings.ToUpper(run)
		if c == run {
			c = strings.ToLower(run)
		}
		return s[:g.start] + c + s[g.end:], name, true
	case 7:
		if len(runs) < 2 {
			return s, name, false
		}
		i := mu.rng.IntN(len(runs))
		j := (i + 1 + mu.rng.IntN(len(runs)-1)) % len(runs)
		if i > j {
			i, j = j, i
		}
		a, b := runs[i], runs[j]
		if s[a.start:a.end] == s[b.start:b.end] {
			return s, name, false
		}
		return s[:a.start] + s[b.start:b.end] + s[a.end:b.start] + s[a.start:a.end] + s[b.end:], name, true
	}
	if op == 11 {
		// Another digit of the group's class: a version nibble, a
		// check digit.
		g, ok := pickRun(func(g group) bool { return g.kind == hexGroup || g.kind == digitGroup })
		if !ok {
			return s, name, false
		}
		i := g.start + mu.rng.IntN(g.end-g.start)
		class := "0123456789"
		if g.kind == hexGroup {
			class = "0123456789abcdef"
			if strings.ToUpper(s[g.start:g.end]) == s[g.start:g.end] {
				class = "0123456789ABCDEF"
			}
		}
		c := class[mu.rng.IntN(len(class))]
		return s[:i] + string(c) + s[i+1:], name, true
	}
	if op == 10 {
		// In the brackets the code looks for (else any): {id}, (1.2).
		pairs := mu.g.m.brackets()
		if len(pairs) == 0 {
			pairs = bracketPairs
		}
		p := pairs[mu.rng.IntN(len(pairs))]
		return p[0] + s + p[1], name, true
	}
	// A valid value of the package in place of one of s's groups, or
	// of s.
	if len(mu.values) == 0 {
		return s, name, false
	}
	v := mu.values[mu.rng.IntN(len(mu.values))]
	if g, ok := pickRun(nil); ok && mu.rng.IntN(2) == 0 {
		return s[:g.start] + v + s[g.end:], name, true
	}
	return v, name, true
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// maxVariants bounds the variants of one valid value.
const maxVariants = 64

// variants are the boundary cases a tester writes from one valid
// structured value, each one edit away from it, in this order: each
// group one longer and one shorter, each separator dropped and
// doubled, each hex or digit group with a character just outside its
// class, each letter run in the other case, s cut before each
// separator, s in each pair of brackets among brackets (the bracket
// characters the code looks for), then each hex or digit character at
// the top of its class (9, f; 0 where it already is; the digits of a
// mixed group too: "v1" gives "v9"), then each number (a digit group,
// the digits of a mixed one) too large for 64 bits, then each
// separator swapped for each of swapSeps, at most maxVariants of them.
func variants(s string, brackets [][2]string) []string {
	var out []string
	seen := map[string]bool{s: true}
	add := func(v string) {
		if !seen[v] && len(out) < maxVariants {
			seen[v] = true
			out = append(out, v)
		}
	}
	gs := groups(s)
	for _, g := range gs {
		if !g.isRun() {
			continue
		}
		_, n := utf8.DecodeLastRuneInString(s[g.start:g.end])
		add(s[:g.end] + s[g.end-n:g.end] + s[g.end:])
		add(s[:g.end-n] + s[g.end:])
	}
	for _, g := range gs {
		if !g.isRun() {
			add(s[:g.start] + s[g.end:])
			add(s[:g.end] + s[g.start:g.end] + s[g.end:])
		}
	}
	for _, g := range gs {
		switch g.kind {
		case hexGroup, digitGroup:
			add(s[:g.start] + "g" + s[g.start+1:])
		case letterGroup, mixedGroup:
			run := s[g.start:g.end]
			c := strings.ToUpper(run)
			if c == run {
				c = strings.ToLower(run)
			}
			add(s[:g.start] + c + s[g.end:])
		}
	}
	for _, g := range gs {
		if !g.isRun() && g.start > 0 {
			add(s[:g.start])
		}
	}
	for _, p := range brackets {
		add(p[0] + s + p[1])
	}
	for _, g := range gs {
		if g.kind != hexGroup && g.kind != digitGroup && g.kind != mixedGroup {
			continue
		}
		top := byte('9')
		if g.kind == hexGroup {
			top = 'f'
			if strings.ToUpper(s[g.start:g.end]) == s[g.start:g.end] {
				top = 'F'
			}
		}
		for i := g.start; i < g.end; i++ {
			if g.kind == mixedGroup && (s[i] < '0' || s[i] > '9') {
				continue // the digits of "v1", "rc2"
			}
			c := top
			if s[i] == top {
				c = '0'
			}
			add(s[:i] + string(c) + s[i+1:])
		}
	}
	for _, g := range gs {
		// Each number too large for 64 bits: the overflow a parser of
		// the number must report.
		i, j := g.start, g.end
		if g.kind == mixedGroup {
			for i < j && (s[i] < '0' || s[i] > '9') {
				i++
			}
			for j > i && (s[j-1] < '0' || s[j-1] > '9') {
				j--
			}
			if strings.Trim(s[i:j], "0123456789") != "" {
				continue // digits and letters mixed, not a number after a prefix
			}
		}
		if (g.kind == digitGroup || g.kind == mixedGroup) && i < j {
			add(s[:i] + overflowDigits + s[j:])
		}
	}
	for _, g := range gs {
		if !g.isRun() {
			for _, o := range swapSeps {
				add(s[:g.start] + string(o) + s[g.end:])
			}
		}
	}
	return out
}

// overflowDigits is a number one digit longer than the largest uint64.
const overflowDigits = "999999999999999999999"

// swapSeps replace a separator in variants: one character identifiers
// often allow and often do not ("1.2.3-rc_1"), and one they almost never
// allow.
const swapSeps = "_!"

// brackets are the pairs of bracketPairs whose characters the code
// looks for (see mined.seps).
func (m *mined) brackets() [][2]string {
	var out [][2]string
	for _, p := range bracketPairs {
		if slices.Contains(m.seps, p[0]) || slices.Contains(m.seps, p[1]) {
			out = append(out, p)
		}
	}
	return out
}
