package write

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// maxIDLen bounds a generated case id.
const maxIDLen = 40

// maxIDFeatures bounds how many input features an id names.
const maxIDFeatures = 3

// assignIDs names every case of f by what it shows: the features of its
// inputs that tell it apart from the function's other cases with the
// same outcome (empty, leading-dash, max-int64, nil-receiver, ...),
// then its outcome when that is not a plain return (the error's
// sentinel, a few words of its message, panics). It picks the fewest
// features that make the id unique, the rarest among the cases of that
// outcome first; when no set of features does, it falls back to a slug
// of the input values (or to the features that rule out the most, when
// no fewer cases of that outcome share the slug), and to a numbered
// "-2" suffix only when even that is taken. A case that returns names
// at least one feature. Ids are lower-case, [a-z0-9-], at most 40
// bytes, and depend only on f and the cases, in their order.
//
// prefix (the type arguments of an instantiation, "int-") leads every
// id, within the 40 bytes.
func assignIDs(f *target.Func, cases []*spec.Case, prefix string) {
	limit := max(maxIDLen-len(prefix), 8)
	outcomes := make([]string, len(cases))
	feats := make([][]string, len(cases))
	for i, c := range cases {
		outcomes[i] = outcomeWord(c)
		feats[i] = caseFeatures(f, c)
	}
	used := map[string]bool{}
	slugs := make([]string, len(cases))
	for i, c := range cases {
		slugs[i] = literalSlug(c)
	}
	for i, c := range cases {
		var others [][]string
		sameSlug := 0
		for j := range cases {
			if j != i && outcomes[j] == outcomes[i] {
				others = append(others, feats[j])
				if slugs[j] == slugs[i] {
					sameSlug++
				}
			}
		}
		minimum := 0
		if c.Raises == "" {
			minimum = 1 // never a bare "true"
		}
		words, ok := pickFeatures(feats[i], others, minimum)
		if !ok && len(words) > 0 && (slugs[i] == "" || sameSlug > 0 && sharing(words, others) <= sameSlug) {
			// Other cases have all its features and more (the
			// receiver of a handler given more options), but no more
			// of them than share the inputs' slug: the features, to
			// be numbered, say more than the slug would.
			ok = true
		}
		if !ok {
			words = []string{slugs[i]}
		}
		id := joinID(words, outcomes[i], limit)
		if strings.Trim(id, "0123456789") == "" {
			// A bare number reads as a position: say what it is.
			id = trimID(inputName(f, c)+"-"+id, limit)
		}
		id = prefix + id
		base := id
		for n := 2; used[id]; n++ {
			suffix := fmt.Sprintf("-%d", n)
			id = prefix + trimID(strings.TrimPrefix(base, prefix), limit-len(suffix)) + suffix
		}
		used[id] = true
		c.ID = id
	}
}

// pickFeatures chooses, from a case's features (cands), the fewest that
// no other case (others: the features of each) has all of, taking the
// one that rules out the most remaining others first and, between
// equals, the first in cands. ok is false when the case's features do
// not set it apart.
func pickFeatures(cands []string, others [][]string, minimum int) (chosen []string, ok bool) {
	sets := make([]map[string]bool, len(others))
	for i, o := range others {
		sets[i] = map[string]bool{}
		for _, w := range o {
			sets[i][w] = true
		}
	}
	taken := map[string]bool{}
	left := sets // the others that have every chosen feature
	for len(left) > 0 || len(chosen) < minimum {
		best, bestOut := "", -1
		for _, w := range cands {
			if taken[w] {
				continue
			}
			out := 0
			for _, s := range left {
				if !s[w] {
					out++
				}
			}
			if out > bestOut {
				best, bestOut = w, out
			}
		}
		if best == "" || bestOut == 0 && len(chosen) >= minimum || len(chosen) == maxIDFeatures {
			break
		}
		taken[best] = true
		chosen = append(chosen, best)
		var still []map[string]bool
		for _, s := range left {
			if s[best] {
				still = append(still, s)
			}
		}
		left = still
	}
	return chosen, len(left) == 0 && len(chosen) >= minimum
}

// sharing counts the others (the features of each) that have every one
// of words.
func sharing(words []string, others [][]string) int {
	n := 0
	for _, o := range others {
		if !slices.ContainsFunc(words, func(w string) bool { return !slices.Contains(o, w) }) {
			n++
		}
	}
	return n
}

// joinID joins an id's feature words and outcome word, within limit
// bytes.
func joinID(words []string, outcome string, limit int) string {
	// Whole features while they fit; the first one cut if it alone
	// does not.
	room := limit
	if outcome != "" {
		room = max(limit-len(outcome)-1, 8)
	}
	feat := ""
	for i, w := range words {
		switch {
		case i == 0:
			feat = w
		case len(feat)+1+len(w) <= room:
			feat += "-" + w
		}
	}
	feat = strings.Trim(feat, "-")
	switch {
	case feat == "" && outcome == "":
		return "returns"
	case feat == "":
		return trimID(outcome, limit)
	case outcome == "":
		return trimID(feat, limit)
	}
	// The outcome keeps its room: the features give way first.
	room = limit - len(outcome) - 1
	if room < 8 {
		outcome = trimID(outcome, limit-9)
		room = 8
	}
	return trimID(feat, room) + "-" + outcome
}

// trimID cuts an id to at most n bytes, at a dash when there is one in
// its second half.
func trimID(id string, n int) string {
	if len(id) <= n {
		return id
	}
	cut := id[:n]
	if i := strings.LastIndexByte(cut, '-'); i >= n/2 {
		cut = cut[:i]
	}
	return strings.Trim(cut, "-")
}

// inputName names the input of a case whose id would be a bare number:
// the parameter of a one-parameter function, else "input".
func inputName(f *target.Func, c *spec.Case) string {
	if f != nil && len(f.Params) == 1 && c.Input != nil {
		return nameSlug(f.Params[0].Name)
	}
	return "input"
}

// literalSlug is the fallback feature: a slug of the input values.
func literalSlug(c *spec.Case) string {
	var parts []string
	if c.Receiver != nil && c.Receiver.Kind == spec.Null {
		parts = append(parts, "nil-receiver")
	}
	switch {
	case c.Input != nil:
		parts = append(parts, scalarSlug(*c.Input))
	case c.Inputs != nil && c.Inputs.Kind == spec.Map:
		for _, e := range c.Inputs.Map {
			parts = append(parts, scalarSlug(e.Val))
		}
	case c.Inputs != nil && c.Inputs.Kind == spec.List:
		for _, v := range c.Inputs.List {
			parts = append(parts, scalarSlug(v))
		}
	}
	return strings.Trim(strings.Join(parts, "-"), "-")
}

// outcomeWord names how a case ends, when that is not a plain return:
// the result of a bool function, the error (its sentinel, else a few
// words of its message, else its type), or the panic.
func outcomeWord(c *spec.Case) string {
	switch {
	case c.Raises == "panic":
		msg := unanchor(c.Match)
		switch {
		case strings.Contains(msg, "nil pointer dereference"), strings.Contains(msg, "nil map"):
			return "nil-deref-panics"
		case strings.Contains(msg, "index out of range"), strings.Contains(msg, "slice bounds out of range"):
			return "out-of-range-panics"
		case strings.Contains(msg, "divide by zero"):
			return "divide-by-zero-panics"
		}
		return "panics"
	case c.Raises != "":
		return errorWord(c.Raises, unanchor(c.Match), inputWords(c))
	case c.Expected != nil && c.Expected.Kind == spec.Bool:
		return fmt.Sprint(c.Expected.Bool)
	}
	if code, ok := responseStatus(c); ok {
		return "status-" + strconv.FormatInt(code, 10)
	}
	return ""
}

// errorWord names an error: its sentinel without the package (ErrRange
// → err-range, ErrUnknownSKU → unknown-sku, io.EOF → eof), else a few
// words of its message's last clause, else its type (parse-error).
func errorWord(raises, msg string, echo map[string]bool) string {
	name := raises[strings.LastIndexByte(raises, '.')+1:]
	if !strings.HasPrefix(raises, "*") && raises != "error" && !strings.HasSuffix(name, "Error") {
		// A sentinel.
		words := camelWords(name)
		if len(words) > 1 && words[0] == "err" {
			words = words[1:]
			if len(words) == 1 {
				words = []string{"err", words[0]}
			}
		}
		return trimID(strings.Join(words, "-"), 24)
	}
	if w := messageWords(msg, echo); w != "" {
		return w
	}
	if raises == "error" {
		return "error"
	}
	return trimID(strings.Join(camelWords(name), "-"), 24)
}

// quoted matches the quoted parts of a message, which usually echo the
// inputs.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`[^`]*`")

// messageWords takes up to four letter words of the clause of a
// message (the parts between ": ") that has the most words of its own,
// the last of those: quoted parts, numbers and the words of the inputs
// (echo) left out, so that "remove A1: only 5 in stock" gives
// only-in-stock and "unhandled size name: e" for input 1e3 gives
// unhandled-size-name. The result is at most 28 bytes.
func messageWords(msg string, echo map[string]bool) string {
	msg = quoted.ReplaceAllString(msg, " ")
	var best []string
	for _, clause := range strings.Split(msg, ": ") {
		var words []string
		for _, w := range strings.FieldsFunc(clause, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			w = strings.ToLower(strings.Trim(w, "'"))
			if w == "" || !isASCIILetters(w) || echo[w] {
				continue
			}
			words = append(words, w)
		}
		if len(words) > 0 && len(words) >= len(best) {
			best = words
		}
	}
	if len(best) > 4 {
		best = best[:4]
	}
	return trimID(strings.Join(best, "-"), 28)
}

// inputWords are the lower-case letter runs of a case's string inputs
// and receiver: the words an error message may echo.
func inputWords(c *spec.Case) map[string]bool {
	out := map[string]bool{}
	var walk func(v spec.Value)
	walk = func(v spec.Value) {
		switch v.Kind {
		case spec.String:
			for _, w := range strings.FieldsFunc(strings.ToLower(v.Str), func(r rune) bool { return !unicode.IsLetter(r) }) {
				out[w] = true
			}
		case spec.List:
			for _, e := range v.List {
				walk(e)
			}
		case spec.Map:
			for _, e := range v.Map {
				walk(e.Key)
				walk(e.Val)
			}
		}
	}
	for _, v := range []*spec.Value{c.Input, c.Inputs, c.Receiver} {
		if v != nil {
			walk(*v)
		}
	}
	return out
}

func isASCIILetters(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// unanchor turns a match written by Anchor back into the message (or
// its beginning).
func unanchor(match string) string {
	s := strings.TrimSuffix(strings.TrimPrefix(match, "^"), "$")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// camelWords splits a Go name into lower-case words: ErrUnknownSKU →
// err, unknown, sku; NumError → num, error.
func camelWords(name string) []string {
	rs := []rune(name)
	var out []string
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && !(unicode.IsUpper(rs[i]) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1]))) && rs[i] != '_' {
			continue
		}
		if w := strings.Trim(strings.ToLower(string(rs[start:i])), "_"); w != "" {
			out = append(out, w)
		}
		start = i
	}
	return out
}

// caseFeatures lists a case's input features, most specific first for
// each input: a nil or zero receiver, each parameter's, then the
// receiver's others. With more than one
// parameter, a parameter's features carry its name (n-zero).
func caseFeatures(f *target.Func, c *spec.Case) []string {
	var out []string
	seen := map[string]bool{}
	add := func(ws ...string) {
		for _, w := range ws {
			if w != "" && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	// A package-level variable set for the case comes first: it is
	// what sets the case apart from those on the same inputs.
	if c.Globals != nil && c.Globals.Kind == spec.Map {
		for _, e := range c.Globals.Map {
			if m := clockRE.FindStringSubmatch(e.Val.Str); e.Val.Kind == spec.Code && m != nil {
				// A fixed clock, by its moment: now-at-2006.
				add(nameSlug(e.Key.Str) + "-at-" + strings.Trim(strings.ToLower(m[1]+"-"+m[2]), "-"))
			} else if fs := valueFeatures(e.Val, nil, 0); len(fs) > 0 {
				add(nameSlug(e.Key.Str) + "-" + fs[0])
			}
		}
	}
	// So does a panic in progress the call is deferred under: what it
	// panics with (panicking-error for one built by code).
	if c.Panicking != nil {
		if c.Panicking.Kind == spec.String {
			add("panicking-" + nameSlug(c.Panicking.Str))
		} else {
			add("panicking-error")
		}
	}
	var recv []string // the receiver's features, after the arguments'
	if c.Receiver != nil {
		switch {
		case c.Receiver.Kind == spec.Null:
			add("nil-receiver")
		case isZero(*c.Receiver):
			add("zero-receiver")
		default:
			var t types.Type
			if f != nil && f.Recv != nil {
				t = f.Recv
			}
			recv = valueFeatures(*c.Receiver, t, 1)
		}
	}
	type arg struct {
		name string
		v    spec.Value
	}
	var args []arg
	switch {
	case c.Input != nil:
		args = append(args, arg{"", *c.Input})
	case c.Inputs != nil && c.Inputs.Kind == spec.Map:
		for _, e := range c.Inputs.Map {
			args = append(args, arg{e.Key.Str, e.Val})
		}
	case c.Inputs != nil && c.Inputs.Kind == spec.List:
		for i, v := range c.Inputs.List {
			args = append(args, arg{fmt.Sprintf("p%d", i), v})
		}
	}
	for i, a := range args {
		var t types.Type
		if f != nil {
			for j, p := range f.Params {
				if p.Name == a.name || a.name == "" && j == 0 || a.name == fmt.Sprintf("p%d", j) && j == i {
					t = p.Type
					if a.name == "" || a.name == fmt.Sprintf("p%d", j) {
						a.name = p.Name
					}
					break
				}
			}
		}
		prefix := ""
		if len(args) > 1 {
			prefix = nameSlug(a.name) + "-"
		}
		for _, w := range valueFeatures(a.v, t, 1) {
			add(prefix + w)
		}
	}
	add(recv...)
	return out
}

// clockRE finds the moment of a fixed clock written as code:
// time.Date(2006, ...) or time.Unix(0, 0).
var clockRE = regexp.MustCompile(`time\.(?:Date\((-?\d+)|(Unix)\()`)

// nameSlug writes a Go name as id words: maxLen → max-len.
func nameSlug(name string) string {
	s := strings.Join(camelWords(name), "-")
	if s == "" {
		return "arg"
	}
	return trimID(s, 12)
}

// valueFeatures lists what a value is, notable features first, then
// its literal slug when short, then its kind. depth bounds how far into
// structs and collections it looks.
func valueFeatures(v spec.Value, t types.Type, depth int) []string {
	switch v.Kind {
	case spec.Null:
		return []string{"nil"}
	case spec.Bool:
		return []string{fmt.Sprint(v.Bool)}
	case spec.String:
		return stringFeatures(v.Str)
	case spec.Int, spec.Uint:
		return intFeatures(v, t)
	case spec.Float:
		return floatFeatures(v.Float)
	case spec.List:
		out := []string{countWord(len(v.List))}
		if depth > 0 {
			var et types.Type
			if t != nil {
				switch u := t.Underlying().(type) {
				case *types.Slice:
					et = u.Elem()
				case *types.Array:
					et = u.Elem()
				}
			}
			seen := map[string]bool{}
			for _, e := range v.List {
				if e.Kind == spec.Code {
					// An element written as code (a function, a
					// constructor's value) by what makes it.
					for _, w := range valueFeatures(e, et, depth-1) {
						if !seen[w] {
							seen[w] = true
							out = append(out, w)
						}
					}
					continue
				}
				for _, w := range notable(valueFeatures(e, et, depth-1)) {
					if !seen[w] {
						seen[w] = true
						out = append(out, "has-"+w)
					}
				}
			}
		}
		return out
	case spec.Map:
		if isStruct(t) || t == nil && allStringKeys(v) {
			return structFeatures(v, t, depth)
		}
		if len(v.Map) == 0 {
			return []string{"no-items"}
		}
		return []string{countWord(len(v.Map))}
	case spec.Code:
		if w := declaredSlug(v.Str); w != "" {
			return []string{w}
		}
		if f, ok := requestFeatures(v.Str); ok {
			return f
		}
		if f, ok := fsFeatures(v.Str); ok {
			return f
		}
		if strings.TrimSpace(v.Str) == "httptest.NewRecorder()" {
			return nil // what every handler's case is given
		}
		// What built it (new-semver-1p2p3, with-prefix-v), else its
		// text (&Version{}: version). The text's slug is cut at 16
		// bytes, so it cannot come first: func() *Version { v, _ :=
		// NewSemver("1") ... } would be func-version-v-n.
		if f := codeFeatures(v.Str); len(f) > 0 {
			return f
		}
		if s := scalarSlug(v); s != "" {
			return []string{s}
		}
		return nil
	}
	return nil
}

// declaredSlug names code that is a declared name, alone or of a
// package (a function passed as a callback, utils.IntComparator), by
// that name's words (int-comparator); it is "" for other code and for
// the predeclared names.
func declaredSlug(src string) string {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return ""
	}
	var name string
	switch e := e.(type) {
	case *ast.Ident:
		if types.Universe.Lookup(e.Name) != nil {
			return ""
		}
		name = e.Name
	case *ast.SelectorExpr:
		if _, ok := e.X.(*ast.Ident); !ok {
			return ""
		}
		name = e.Sel.Name
	default:
		return ""
	}
	s := strings.Join(camelWords(name), "-")
	if s == "" {
		return ""
	}
	return trimID(s, 20)
}

// structFeatures lists a struct's features: zero when every field is,
// else its fields' features named after the field (limit-2, items-nil).
func structFeatures(v spec.Value, t types.Type, depth int) []string {
	if isZero(v) {
		return []string{"zero"}
	}
	if depth <= 0 {
		return nil
	}
	var st *types.Struct
	if t != nil {
		u := t.Underlying()
		if p, ok := u.(*types.Pointer); ok {
			u = p.Elem().Underlying()
		}
		st, _ = u.(*types.Struct)
	}
	var out []string
	for _, e := range v.Map {
		if e.Key.Kind != spec.String || isZero(e.Val) && e.Val.Kind != spec.Null {
			continue
		}
		var ft types.Type
		if st != nil {
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == e.Key.Str {
					ft = st.Field(i).Type()
				}
			}
		}
		ws := valueFeatures(e.Val, ft, depth-1)
		if len(ws) > 2 {
			ws = ws[:2]
		}
		for _, w := range ws {
			out = append(out, nameSlug(e.Key.Str)+"-"+w)
		}
	}
	return out
}

func isStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	u := t.Underlying()
	if p, ok := u.(*types.Pointer); ok {
		u = p.Elem().Underlying()
	}
	_, ok := u.(*types.Struct)
	return ok
}

func allStringKeys(v spec.Value) bool {
	for _, e := range v.Map {
		if e.Key.Kind != spec.String || e.Key.Str == "" || !unicode.IsUpper([]rune(e.Key.Str)[0]) {
			return false
		}
	}
	return true
}

// isZero reports a zero value: false, 0, "", an empty list or map, or
// a map whose values all are.
func isZero(v spec.Value) bool {
	switch v.Kind {
	case spec.Null:
		return true
	case spec.Bool:
		return !v.Bool
	case spec.Int:
		return v.Int == 0
	case spec.Uint:
		return v.Uint == 0
	case spec.Float:
		return v.Float == 0 && !math.Signbit(v.Float)
	case spec.String:
		return v.Str == ""
	case spec.List:
		return len(v.List) == 0
	case spec.Map:
		for _, e := range v.Map {
			if !isZero(e.Val) {
				return false
			}
		}
		return true
	}
	return false
}

// notableWords are the features that say something beyond the kind of
// a value.
var notableWords = map[string]bool{
	"empty": true, "blank": true, "leading-space": true, "trailing-space": true,
	"leading-dash": true, "leading-plus": true, "leading-zero": true, "two-dots": true,
	"trailing-dot": true, "unicode": true, "long": true, "zero": true, "minus-one": true,
	"negative": true, "nan": true, "inf": true, "minus-inf": true, "tiny": true,
	"max-float": true, "min-float": true, "minus-zero": true, "nil": true,
}

// notable keeps the notable features of a list (see notableWords), and
// the bounds of integer types.
func notable(ws []string) []string {
	var out []string
	for _, w := range ws {
		if notableWords[w] || strings.HasPrefix(w, "max-") || strings.HasPrefix(w, "min-") {
			out = append(out, w)
		}
	}
	return out
}

func countWord(n int) string {
	switch n {
	case 0:
		return "no-items"
	case 1:
		return "one-item"
	}
	return fmt.Sprintf("%d-items", n)
}

// stringFeatures lists a string's features: its notable traits, its
// kind (digits, letters, mixed) and, when short, its literal slug.
func stringFeatures(s string) []string {
	if s == "" {
		return []string{"empty"}
	}
	var out []string
	if strings.TrimSpace(s) == "" {
		return []string{"blank"}
	}
	rs := []rune(s)
	if unicode.IsSpace(rs[0]) {
		out = append(out, "leading-space")
	}
	if unicode.IsSpace(rs[len(rs)-1]) {
		out = append(out, "trailing-space")
	}
	switch {
	case s[0] == '-':
		out = append(out, "leading-dash")
	case s[0] == '+':
		out = append(out, "leading-plus")
	case s[0] == '0' && len(s) > 1 && s[1] >= '0' && s[1] <= '9':
		out = append(out, "leading-zero")
	}
	if strings.Count(s, ".") >= 2 {
		out = append(out, "two-dots")
	}
	if len(s) > 1 && s[len(s)-1] == '.' {
		out = append(out, "trailing-dot")
	}
	ascii := true
	for _, r := range s {
		if r > unicode.MaxASCII {
			ascii = false
			out = append(out, "unicode")
			break
		}
	}
	if len(s) > 64 {
		out = append(out, "long")
	}
	out = append(out, boundsOfText(s)...)
	digits, letters := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if lit := stringSlug(s); ascii && lit != "" && len(s) <= 12 && len(lit) <= 24 && !notableWords[lit] {
		out = append(out, lit)
	}
	switch {
	case digits == len(rs):
		out = append(out, "digits")
	case letters == len(rs):
		out = append(out, "letters")
	default:
		out = append(out, "mixed")
	}
	return out
}

// punctNames name the characters of a short string of punctuation.
var punctNames = map[byte]string{
	' ': "space", '-': "dash", '+': "plus", '.': "dot", ',': "comma", '(': "paren",
	')': "close-paren", '$': "dollar", '%': "percent", '#': "hash", '/': "slash",
	':': "colon", ';': "semicolon", '_': "underscore", '*': "star", '!': "bang",
	'?': "question", '=': "equals", '@': "at", '&': "amp", '\t': "tab", '\'': "quote",
	'"': "double-quote", '[': "bracket", ']': "close-bracket", '{': "brace", '}': "close-brace",
	'<': "lt", '>': "gt", '|': "pipe", '~': "tilde", '^': "caret", '`': "backquote", '\\': "backslash",
}

// boundsOfText names the integer bound a string of digits writes
// ("9223372036854775807" → max-int64, "2147483648" → above-max-int32).
func boundsOfText(s string) []string {
	var v spec.Value
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		v = spec.IntValue(n)
	} else if u, err := strconv.ParseUint(strings.TrimPrefix(s, "+"), 10, 64); err == nil {
		v = spec.UintValue(u)
	} else {
		return nil
	}
	var out []string
	for _, w := range intFeatures(v, nil) {
		if strings.Contains(w, "max-") || strings.Contains(w, "min-") {
			out = append(out, w)
		}
	}
	return out
}

// stringSlug writes a short string as id words: "1.50" → 1p50,
// "A1" → a1; up to 8 bytes, punctuation by name ("-5" → dash-5,
// "()" → paren-close-paren), longer ones without it ("a b/c" → a-b-c).
func stringSlug(s string) string {
	named := len(s) <= 8
	var b strings.Builder
	dash := false
	sep := func() {
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
			dash = false
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
			dash = false
		case c == '.' && i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]):
			b.WriteByte('p')
			dash = false
		case named && punctNames[c] != "":
			sep()
			b.WriteString(punctNames[c])
			dash = false
			sep()
		default:
			sep()
		}
	}
	return strings.Trim(b.String(), "-")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// intBound is a named bound of an integer type.
type intBound struct {
	name string
	kind types.BasicKind
	i    int64
	u    uint64
	neg  bool
}

// intBounds are the bounds integer ids name, the wide ones first.
var intBounds = []intBound{
	{name: "max-int64", kind: types.Int64, i: math.MaxInt64},
	{name: "min-int64", kind: types.Int64, i: math.MinInt64, neg: true},
	{name: "max-uint64", kind: types.Uint64, u: math.MaxUint64},
	{name: "max-int32", kind: types.Int32, i: math.MaxInt32},
	{name: "min-int32", kind: types.Int32, i: math.MinInt32, neg: true},
	{name: "max-uint32", kind: types.Uint32, u: math.MaxUint32},
	{name: "max-int16", kind: types.Int16, i: math.MaxInt16},
	{name: "min-int16", kind: types.Int16, i: math.MinInt16, neg: true},
	{name: "max-uint16", kind: types.Uint16, u: math.MaxUint16},
	{name: "max-int8", kind: types.Int8, i: math.MaxInt8},
	{name: "min-int8", kind: types.Int8, i: math.MinInt8, neg: true},
	{name: "max-uint8", kind: types.Uint8, u: math.MaxUint8},
}

// intFeatures lists an integer's features: zero, one, minus-one, the
// bound of its own type or of a common one it sits on or just past
// (max-int64, above-max-int32), negative, and its literal when short
// (42, m3).
func intFeatures(v spec.Value, t types.Type) []string {
	neg := v.Kind == spec.Int && v.Int < 0
	var mag uint64 // |v|
	switch {
	case v.Kind == spec.Uint:
		mag = v.Uint
	case neg:
		mag = uint64(-(v.Int + 1)) + 1
	default:
		mag = uint64(v.Int)
	}
	switch {
	case mag == 0:
		return []string{"zero"}
	case mag == 1 && !neg:
		return []string{"one"}
	case mag == 1:
		return []string{"minus-one"}
	}
	var out []string
	kind := types.Invalid
	if t != nil {
		if b, ok := t.Underlying().(*types.Basic); ok {
			kind = b.Kind()
		}
	}
	boundMag := func(b intBound) uint64 {
		switch {
		case b.u != 0:
			return b.u
		case b.neg:
			return uint64(-(b.i + 1)) + 1
		}
		return uint64(b.i)
	}
	named := ""
	for pass := 0; pass < 2 && named == ""; pass++ {
		for _, b := range intBounds {
			if pass == 0 && b.kind != kind || b.neg != neg {
				continue
			}
			bm := boundMag(b)
			switch {
			case mag == bm:
				named = b.name
			case pass == 1 && bm < math.MaxUint64 && mag == bm+1:
				if neg {
					named = "below-" + b.name
				} else {
					named = "above-" + b.name
				}
			}
			if named != "" {
				break
			}
		}
	}
	if named != "" {
		out = append(out, named)
	}
	if neg {
		out = append(out, "negative")
	}
	if lit := scalarSlug(v); len(lit) <= 6 {
		out = append(out, lit)
	} else if named == "" && !neg {
		out = append(out, "large")
	}
	return out
}

// floatFeatures lists a float's features: nan, inf, minus-inf, zero,
// minus-zero, one, minus-one, max-float, tiny, negative, and its
// literal when short (1p5, m0p25).
func floatFeatures(f float64) []string {
	switch {
	case math.IsNaN(f):
		return []string{"nan"}
	case math.IsInf(f, 1):
		return []string{"inf"}
	case math.IsInf(f, -1):
		return []string{"minus-inf"}
	case f == 0 && math.Signbit(f):
		return []string{"minus-zero"}
	case f == 0:
		return []string{"zero"}
	case f == 1:
		return []string{"one"}
	case f == -1:
		return []string{"minus-one"}
	case f == math.MaxFloat64:
		return []string{"max-float"}
	case f == -math.MaxFloat64:
		return []string{"min-float"}
	}
	var out []string
	if math.Abs(f) < 1e-6 {
		out = append(out, "tiny")
	}
	if f < 0 {
		out = append(out, "negative")
	}
	if lit := scalarSlug(spec.FloatValue(f)); len(lit) <= 6 && !strings.Contains(lit, "e") {
		out = append(out, lit)
	} else if math.Abs(f) >= 1e6 {
		out = append(out, "large")
	}
	return out
}

// KeepIgnored gives a case of f whose id, as specgen named cases before
// ids said what a case shows (its outcome and a slug of its inputs:
// ok-100, error-1-0), is in an existing spec's ignore list (ids of
// generated cases the user deleted) that id again, so that the ignore
// keeps it out as it did. cases are as CasesFromResults wrote them, in
// its order; a case already under an ignored id is left alone.
func KeepIgnored(f *target.Func, cases []*spec.Case, ignore []string) {
	if len(ignore) == 0 {
		return
	}
	prefix := ""
	if len(f.TypeArgs) > 0 {
		prefix = typesSlug(TypeArgs(f)) + "-"
	}
	used := map[string]bool{}
	for _, c := range cases {
		kind := "ok"
		switch {
		case c.Raises == "panic":
			kind = "panics"
		case c.Raises != "":
			kind = "error"
		}
		id := kind
		if slug := legacySlug(c); slug != "" {
			id += "-" + slug
		}
		base := id
		for n := 2; used[id]; n++ {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		used[id] = true
		if slices.Contains(ignore, prefix+id) && !slices.Contains(ignore, c.ID) {
			c.ID = prefix + id
		}
	}
}

// legacySlug is the slug of a case's inputs that ids were made of
// before: the slug of each argument, within 40 bytes.
func legacySlug(c *spec.Case) string {
	var parts []string
	switch {
	case c.Input != nil:
		parts = append(parts, scalarSlug(*c.Input))
	case c.Inputs != nil && c.Inputs.Kind == spec.Map:
		for _, e := range c.Inputs.Map {
			parts = append(parts, scalarSlug(e.Val))
		}
	case c.Inputs != nil:
		parts = append(parts, scalarSlug(*c.Inputs))
	}
	s := strings.Trim(strings.Join(parts, "-"), "-")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	return s
}
