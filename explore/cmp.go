package explore

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Comparison feedback (input-to-state correspondence, as in Redqueen
// and libFuzzer's -use_cmp): the probes report the operands of the
// comparisons the package made (executors.Result.Cmps). Where one
// operand is found in an input, the other is put in its place; where
// len(x) was compared with n, the input is grown or cut to n and n±1
// (its parts between a separator first, when it has as many as x held);
// where a byte of the input was compared with c, c replaces it. Inputs
// grown this way are padded with a cycle of distinct characters, so
// that a later comparison of one of their bytes tells which byte it was.
// Where the code looked for a header under a name it was given (an
// option's list of proxy headers), a request carries that header.

// cmpShare is the part of a round (after the first) given to inputs
// made from comparisons: one in cmpShare.
const cmpShare = 4

// cmpText is the length the executors cut compared strings to.
const cmpText = 64

// cmpOccurrences bounds the places of an input where one operand is
// replaced by the other.
const cmpOccurrences = 4

// cmpMaxLen bounds the lengths an input is grown to.
const cmpMaxLen = 4096

// padding is the cycle of characters inputs are grown with.
const padding = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// cmpEntries is the number of corpus entries, newest first, whose
// comparisons a round draws on.
const cmpEntries = 8

// fromCmps proposes inputs made from the comparisons of corpus entries'
// probes (see cmpEntries) until the plan holds quota snippets. The
// entries take turns, the first input each gives, then the second, and
// so do the comparisons of one entry, so that an entry whose probe made
// many comparisons (a loop's index against its bounds) does not crowd
// out the others.
func (a *analysis) fromCmps(results []*Record, corpus []corpusEntry, haz hazards, quota int, plan *Plan, add func(code, desc string, vals []spec.Value)) {
	type cand struct {
		e corpusEntry
		c executors.Cmp
		i int
		v spec.Value
	}
	var lists [][]cand
	for _, e := range a.cmpEntries(corpus, len(results)) {
		var perCmp [][]cand
		for _, c := range results[e.record].Result.Cmps {
			if c.A == c.B && c.Kind != executors.CmpLen {
				continue // a comparison that held: nothing to learn
			}
			var l []cand
			for i := range e.vals {
				subs := a.substitutions(i, e.vals[i], c)
				// A bound that comes back on another entry (a length
				// or a number compared with the same one, not yet
				// passed) starts where the last left off: its first
				// input (len m) did not pass it, its next (m-1, m+1)
				// may. A string's substitutions are the entry's own.
				k := 0
				if len(subs) > 0 && isBound(c) {
					k = a.cmpTurns[cmpTurn{c, i}] % len(subs)
				}
				for _, v := range slices.Concat(subs[k:], subs[:k]) {
					l = append(l, cand{e, c, i, v})
				}
			}
			if len(l) > 0 {
				perCmp = append(perCmp, l)
			}
		}
		if l := interleave(perCmp...); len(l) > 0 {
			lists = append(lists, l)
		}
	}
	for r := 0; ; r++ {
		more := false
		for _, l := range lists {
			if r >= len(l) {
				continue
			}
			more = true
			if len(plan.Snippets) >= quota {
				return
			}
			x := l[r]
			vals := append([]spec.Value(nil), x.e.vals...)
			vals[x.i] = x.v
			if haz.blocks(vals) || a.riskOf(vals) > 0 {
				continue
			}
			code, err := a.code(vals)
			if err != nil {
				continue
			}
			if isBound(x.c) {
				a.cmpTurns[cmpTurn{x.c, x.i}]++
			}
			add(code, fmt.Sprintf("comparison feedback on probe %d: %s %q with %q", x.e.record+1, x.c.Kind, x.c.A, x.c.B), vals)
		}
		if !more {
			return
		}
	}
}

// isBound reports whether c compared a length or a number: a bound,
// whose substitutions take turns across corpus entries (see fromCmps).
func isBound(c executors.Cmp) bool {
	return c.Kind == executors.CmpLen || c.Kind == executors.CmpInt
}

// cmpTurn is a comparison and the input position its substitutions
// change.
type cmpTurn struct {
	c executors.Cmp
	i int
}

// cmpEntries are the corpus entries whose comparisons a round draws on,
// at most cmpEntries: first those no round drew on yet, the newest and
// the oldest in turn (the newest carry a chain of discoveries on; an
// entry a first round found early would otherwise wait behind every one
// found after it), then the newest. n is the number of results.
func (a *analysis) cmpEntries(corpus []corpusEntry, n int) []corpusEntry {
	var fresh, drawn []corpusEntry
	for k := len(corpus) - 1; k >= 0; k-- {
		switch e := corpus[k]; {
		case e.record < 0 || e.record >= n:
		case a.cmpDrawn[e.record]:
			drawn = append(drawn, e)
		default:
			fresh = append(fresh, e)
		}
	}
	var out []corpusEntry
	for lo, hi := 0, len(fresh)-1; lo <= hi && len(out) < cmpEntries; lo++ {
		out = append(out, fresh[lo])
		if hi > lo && len(out) < cmpEntries {
			out = append(out, fresh[hi])
			hi--
		}
	}
	for _, e := range out {
		a.cmpDrawn[e.record] = true
	}
	return append(out, drawn[:min(len(drawn), cmpEntries-len(out))]...)
}

// substitutions are the values input i may take given comparison c,
// from its value v.
func (a *analysis) substitutions(i int, v spec.Value, c executors.Cmp) []spec.Value {
	t := a.types[i]
	if emptyInterface(t) {
		// A string or an int an empty interface holds (any("abc")) is
		// changed as an input of its type: the package's code compares
		// what it asserted the interface to.
		switch v.Kind {
		case spec.String:
			t = types.Typ[types.String]
		case spec.Int:
			t = types.Typ[types.Int]
		}
	}
	if v.Kind == spec.Code {
		if _, fn := t.Underlying().(*types.Signature); fn {
			return nil // a function's literals are not its behaviour's inputs
		}
		var out []spec.Value
		for _, code := range codeSubstitutions(v.Str, c) {
			out = append(out, spec.CodeValue(code))
		}
		return out
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0 && v.Kind == spec.String:
			var out []spec.Value
			for _, s := range stringSubstitutions(v.Str, c) {
				out = append(out, spec.StringValue(s))
			}
			return out
		case u.Info()&types.IsInteger != 0 && (v.Kind == spec.Int || v.Kind == spec.Uint):
			return intSubstitutions(u, v, c)
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte && v.Kind == spec.List {
			var buf []byte
			for _, e := range v.List {
				if e.Kind != spec.Uint {
					return nil
				}
				buf = append(buf, byte(e.Uint))
			}
			var out []spec.Value
			for _, s := range stringSubstitutions(string(buf), c) {
				out = append(out, bytesValue(s))
			}
			return out
		}
	}
	return nil
}

// stringSubstitutions are the strings s may become given comparison c.
func stringSubstitutions(s string, c executors.Cmp) []string {
	var out []string
	seen := map[string]bool{s: true}
	put := func(x string) {
		if len(x) <= cmpMaxLen && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	switch c.Kind {
	case executors.CmpString:
		var later []string
		for _, p := range [][2]string{{c.A, c.B}, {c.B, c.A}} {
			x, y := p[0], p[1]
			if x == "" {
				if s == "" {
					put(y)
				}
				continue
			}
			if y == s {
				continue // the whole input in place of a part of it
			}
			for _, at := range occurrences(s, x) {
				put(s[:at] + y + s[at+len(x):])
				for _, z := range caseForms(y) {
					later = append(later, s[:at]+z+s[at+len(x):])
				}
			}
			if x == s || (len(x) == cmpText && strings.HasPrefix(s, x)) {
				// The whole input, compared with a prefix or a suffix
				// it may be looked for.
				later = append(later, y+s, s+y)
			}
		}
		for _, x := range later {
			put(x)
		}
	case executors.CmpByte:
		x, errx := strconv.ParseInt(c.A, 10, 32)
		y, erry := strconv.ParseInt(c.B, 10, 32)
		if errx != nil || erry != nil {
			return nil
		}
		// Which operand is the input's byte is not known: try both.
		for _, p := range [][2]int64{{x, y}, {y, x}} {
			from, with := char(p[0], s), char(p[1], s)
			if from == "" || with == "" {
				continue
			}
			// Every occurrence at once first: a loop over the bytes
			// gets no further with one fixed.
			put(strings.ReplaceAll(s, from, with))
			for _, at := range occurrences(s, from) {
				put(s[:at] + with + s[at+len(from):])
			}
			if s == "" {
				put(with)
			}
		}
	case executors.CmpLen:
		// The length compared may be the input's or a part's (what
		// follows a separator): grow or cut the end by the difference.
		n, errn := strconv.Atoi(c.A)
		m, errm := strconv.Atoi(c.B)
		if errn != nil || errm != nil || n > len(s) {
			return nil
		}
		// The number of its parts first (strings.Split(s, "||") has
		// more groups than allowed, a version has not three): where s
		// has n parts between a separator's runs, it gets m and m±1.
		for _, sep := range separators(s) {
			if strings.Count(s, sep)+1 != n {
				continue
			}
			for _, l := range []int{m, m - 1, m + 1} {
				if x := reparts(s, sep, l); x != "" {
					put(x)
				}
			}
		}
		for _, l := range []int{m, m - 1, m + 1} {
			if l := len(s) + l - n; l >= 0 && l <= cmpMaxLen {
				put(resize(s, l))
			}
		}
	case executors.CmpInt:
		for _, p := range [][2]string{{c.A, c.B}, {c.B, c.A}} {
			x, y := p[0], p[1]
			var forms []string
			switch n, ok := intOperand(y); {
			case ok && n.Kind == spec.Int:
				forms = []string{y, strconv.FormatInt(n.Int-1, 10), strconv.FormatInt(n.Int+1, 10), strconv.FormatInt(n.Int, 16)}
			case ok:
				// Beyond int64: a uint64 bound such as math.MaxUint64.
				forms = []string{y, strconv.FormatUint(n.Uint-1, 10), strconv.FormatUint(n.Uint, 16)}
			}
			for _, at := range occurrences(s, x) {
				for _, z := range forms {
					put(s[:at] + z + s[at+len(x):])
				}
			}
		}
	}
	return out
}

// separators are the distinct runs of s of neither letters nor digits
// (its separator groups side by side, see groups), in order ("||" and
// "." of "1.2 || 3").
func separators(s string) []string {
	var out []string
	gs := groups(s)
	for i := 0; i < len(gs); i++ {
		if gs[i].isRun() {
			continue
		}
		j := i
		for j+1 < len(gs) && !gs[j+1].isRun() {
			j++
		}
		if sep := s[gs[i].start:gs[j].end]; !slices.Contains(out, sep) {
			out = append(out, sep)
		}
		i = j
	}
	return out
}

// reparts is s with n parts between the runs of sep: its last part
// repeated, or its parts cut from the end ("" when n < 1 or the result
// would be longer than cmpMaxLen).
func reparts(s, sep string, n int) string {
	parts := strings.Split(s, sep)
	if n < 1 || n == len(parts) {
		return ""
	}
	if n < len(parts) {
		return strings.Join(parts[:n], sep)
	}
	last := parts[len(parts)-1]
	if len(s)+(n-len(parts))*(len(sep)+len(last)) > cmpMaxLen {
		return ""
	}
	return s + strings.Repeat(sep+last, n-len(parts))
}

// char is the text of character code n in s: a byte below 0x80, or in
// a string that is not UTF-8; else the rune's encoding ("" if none).
func char(n int64, s string) string {
	switch {
	case n < 0 || n > utf8.MaxRune || !utf8.ValidRune(rune(n)) && n >= 256:
		return ""
	case n < utf8.RuneSelf || (n < 256 && !utf8.ValidString(s)):
		return string([]byte{byte(n)})
	}
	return string(rune(n))
}

// occurrences are the first places of x in s.
func occurrences(s, x string) []int {
	var out []int
	for from := 0; len(out) < cmpOccurrences && from <= len(s); {
		i := strings.Index(s[from:], x)
		if i < 0 {
			break
		}
		out = append(out, from+i)
		from += i + max(len(x), 1)
	}
	return out
}

// caseForms are the upper- and lower-case forms of y that differ from
// it, when it is short.
func caseForms(y string) []string {
	var out []string
	if len(y) > 16 {
		return out
	}
	for _, z := range []string{strings.ToUpper(y), strings.ToLower(y)} {
		if z != y && (len(out) == 0 || z != out[0]) {
			out = append(out, z)
		}
	}
	return out
}

// resize cuts s to n bytes, or grows it with the padding cycle, each
// added byte the one of its index.
func resize(s string, n int) string {
	if n <= len(s) {
		return s[:n]
	}
	var b strings.Builder
	b.WriteString(s)
	for i := len(s); i < n; i++ {
		b.WriteByte(padding[i%len(padding)])
	}
	return b.String()
}

// intSubstitutions are the integers v may become given comparison c:
// the other operand where v is one, and its neighbours.
func intSubstitutions(b *types.Basic, v spec.Value, c executors.Cmp) []spec.Value {
	text := strconv.FormatInt(v.Int, 10)
	if v.Kind == spec.Uint {
		text = strconv.FormatUint(v.Uint, 10)
	}
	var out []spec.Value
	seen := map[string]bool{text: true}
	for _, p := range [][2]string{{c.A, c.B}, {c.B, c.A}} {
		y, ok := intOperand(p[1])
		if p[0] != text || !ok {
			continue
		}
		for _, d := range []int64{0, -1, 1} {
			x := spec.IntValue(y.Int + d)
			if y.Kind == spec.Uint {
				x = spec.UintValue(y.Uint + uint64(d))
			}
			if x, ok := intInRange(x, b); ok {
				if k := x.String(); !seen[k] {
					seen[k] = true
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// codeSubstitutions are the expressions code, a value built by Go code
// (MustParse("1.2.3"), New(uint64(2), 0)), may become given comparison
// c: a string literal changed as an input string would be, an integer
// literal equal to one operand of an integer comparison replaced by the
// other where the literal's type can hold it (0..127 anywhere, else
// the integer type it is converted to), a request with the header a key
// comparison names. At most cmpOccurrences.
func codeSubstitutions(code string, c executors.Cmp) []string {
	if c.Kind == executors.CmpKey {
		// A header looked for under a name the code was given: a
		// request may carry it.
		if x, ok := target.WithHeader(code, c.A); ok {
			return []string{x}
		}
		return nil
	}
	if b, ok := byteSliceLit(code); ok {
		// Bytes an empty interface holds, changed as a []byte input is.
		var out []string
		for _, s := range stringSubstitutions(string(b), c) {
			if len(out) == cmpOccurrences {
				break
			}
			out = append(out, byteSliceCode(s))
		}
		return out
	}
	lits, ok := codeLits(code)
	if !ok {
		return nil
	}
	var out []string
	seen := map[string]bool{code: true}
	add := func(l codeLit, repl string) {
		x := code[:l.off] + repl + code[l.off+len(l.text):]
		if !seen[x] && len(out) < cmpOccurrences {
			seen[x] = true
			out = append(out, x)
		}
	}
	for _, l := range lits {
		switch {
		case l.tok == token.STRING:
			str, err := strconv.Unquote(l.text)
			if err != nil {
				continue
			}
			role := requestRole(code, lits, l)
			for _, s := range stringSubstitutions(str, c) {
				// A request's method stays a method and its target a
				// target: another only fails httptest.NewRequest.
				if role == "method" && !slices.Contains(target.HTTPMethods, s) || role == "target" && !requestTarget(s) {
					continue
				}
				add(l, strconv.Quote(s))
			}
		case l.tok == token.INT && c.Kind == executors.CmpInt:
			for _, p := range [][2]string{{c.A, c.B}, {c.B, c.A}} {
				if p[0] != l.text {
					continue
				}
				x, ok := intOperand(p[1])
				if !ok {
					continue
				}
				if x.Kind == spec.Int && x.Int >= 0 && x.Int <= maxCodeLiteral {
					add(l, p[1])
					continue
				}
				if x.Kind == spec.Int && x.Int >= 100 && x.Int <= 999 && strings.HasSuffix(code[:l.off], "StatusCode: ") {
					// A response's status (see target.Responses).
					add(l, p[1])
					continue
				}
				if k, ok := intConversions[l.conv]; ok {
					if _, ok := intInRange(x, types.Typ[k]); ok {
						add(l, p[1])
					}
				}
			}
		}
	}
	return out
}

// byteSliceLit reads code written as a []byte composite literal of
// integer bytes ([]byte{97, 98, 99}).
func byteSliceLit(code string) ([]byte, bool) {
	body, ok := strings.CutPrefix(code, "[]byte{")
	if !ok {
		return nil, false
	}
	if body, ok = strings.CutSuffix(body, "}"); !ok {
		return nil, false
	}
	var b []byte
	for _, f := range strings.Split(body, ",") {
		if f = strings.TrimSpace(f); f == "" && body == "" {
			break
		}
		n, err := strconv.ParseUint(f, 0, 8)
		if err != nil {
			return nil, false
		}
		b = append(b, byte(n))
	}
	return b, true
}

// byteSliceCode writes the bytes of s as target.GoExpr writes a []byte
// value, the composite literal byteSliceLit reads ([]byte{97, 98}).
func byteSliceCode(s string) string {
	code, err := target.GoExpr(bytesValue(s), types.NewSlice(types.Universe.Lookup("byte").Type()), target.NewQualifier(nil))
	if err != nil {
		panic(err) // a list of bytes always has a literal
	}
	return code
}

// intOperand reads an integer operand of a comparison: an int when
// int64 holds it, else a uint (math.MaxUint64).
func intOperand(s string) (spec.Value, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return spec.IntValue(n), true
	}
	if u, err := strconv.ParseUint(s, 10, 64); err == nil {
		return spec.UintValue(u), true
	}
	return spec.Value{}, false
}
