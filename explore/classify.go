package explore

import (
	"go/ast"
	"go/token"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// Outcome kinds.
const (
	KindOK      = "ok"
	KindError   = "error"
	KindPanic   = "panic"
	KindTimeout = "timeout"
	KindExit    = "exit"
)

// blank stands for the parts of a message that vary with the inputs.
const blank = "…"

// classifier computes outcome classes. It knows the messages the
// package writes, so that it can tell their fixed text from the parts
// that echo the inputs.
type classifier struct {
	// formats are the package's message literals with format verbs, most
	// specific (longest fixed text) first.
	formats []msgFormat
	// words are the lower-cased words of the package's messages.
	words map[string]bool
	// texts are the package's message literals, lower-cased.
	texts []string
}

// msgFormat is a message literal such as "invalid ulimit type: %s".
type msgFormat struct {
	re    *regexp.Regexp
	fixed []string // the text around the verbs
	verbs []byte   // the verb letters
	key   string   // the longest fixed piece, to pre-filter messages
}

// verbRE matches a fmt verb.
var verbRE = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z]`)

// newClassifier collects the message literals of f's package (or of f
// alone when the package's syntax is not at hand).
func newClassifier(f *target.Func) *classifier {
	c := &classifier{words: map[string]bool{}}
	seen := map[string]bool{}
	visit := func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.ContainsAny(s, " %") || seen[s] {
			return true
		}
		seen[s] = true
		c.addMessage(s)
		return true
	}
	switch {
	case f.Pkg != nil && len(f.Pkg.Syntax) > 0:
		for _, file := range f.Pkg.Syntax {
			ast.Inspect(file, visit)
		}
	case f.Decl != nil:
		ast.Inspect(f.Decl, visit)
	}
	c.addRuntime()
	return c
}

// addRuntime adds the formats of the runtime's messages (runtimeFormats),
// then puts the formats most specific first.
func (c *classifier) addRuntime() {
	for _, s := range runtimeFormats {
		c.addFormat(s)
		c.addFormat("runtime error: " + s)
	}
	sort.SliceStable(c.formats, func(i, j int) bool { return len(c.formats[i].key) > len(c.formats[j].key) })
}

// runtimeFormats are messages of the Go runtime's panics that name a
// type: a probe that hashes a []int and one that hashes a map show the
// same behaviour.
var runtimeFormats = []string{
	"hash of unhashable type: %s",
	"hash of unhashable type %s",
	"comparing uncomparable type %s",
	"interface conversion: interface is nil, not %s",
	"interface conversion: %s is not %s: missing method %s",
	"interface conversion: %s is nil, not %s", // apart from a value of another type
	"interface conversion: %s is %s, not %s",
}

func (c *classifier) addMessage(s string) {
	c.texts = append(c.texts, strings.ToLower(s))
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		c.words[strings.ToLower(w)] = true
	}
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, isWordChar) < 0 {
			c.words[w] = true // punctuation the message itself writes
		}
	}
	c.addFormat(s)
}

// addFormat takes s for a format of messages when it has verbs and
// enough fixed text.
func (c *classifier) addFormat(s string) {
	locs := verbRE.FindAllStringIndex(s, -1)
	if len(locs) == 0 || strings.Contains(s, "%%") {
		return
	}
	f := msgFormat{}
	var pat strings.Builder
	pat.WriteString(`(?s)^`)
	at, fixedLen := 0, 0
	for i, l := range locs {
		piece := s[at:l[0]]
		f.fixed = append(f.fixed, piece)
		f.verbs = append(f.verbs, s[l[1]-1])
		fixedLen += len(strings.TrimSpace(piece))
		if len(piece) > len(f.key) {
			f.key = piece
		}
		pat.WriteString(regexp.QuoteMeta(piece))
		if i == len(locs)-1 {
			pat.WriteString(`(.*)`)
		} else {
			pat.WriteString(`(.*?)`)
		}
		at = l[1]
	}
	tail := s[at:]
	f.fixed = append(f.fixed, tail)
	fixedLen += len(strings.TrimSpace(tail))
	if len(tail) > len(f.key) {
		f.key = tail
	}
	pat.WriteString(regexp.QuoteMeta(tail) + `$`)
	if fixedLen < 4 {
		return // "%s: %v" would match anything
	}
	re, err := regexp.Compile(pat.String())
	if err != nil {
		return
	}
	f.re = re
	c.formats = append(c.formats, f)
}

// classify returns the kind and the outcome class of a result: for a
// return, the shape of each output; for a returned error or a panic, its
// type and its message with the parts that vary with the inputs blanked
// out. Probes that did not run have no class.
func (c *classifier) classify(r *executors.Result) (kind, class string) {
	switch r.Outcome {
	case executors.OK:
		if r.Err != nil {
			typ := r.Err.Type
			if typ == "" {
				typ = "error"
			}
			cl := "error " + typ
			if len(r.Err.Sentinels) > 0 {
				s := append([]string(nil), r.Err.Sentinels...)
				sort.Strings(s)
				cl += " is " + strings.Join(s, "|")
			}
			return KindError, cl + ": " + c.template(r.Err.Message, inputStrings(r.Inputs))
		}
		shapes := make([]string, len(r.Outputs))
		for i, v := range r.Outputs {
			shapes[i] = shape(v)
		}
		return KindOK, strings.TrimSpace("ok " + strings.Join(shapes, ", "))
	case executors.Panicked:
		if r.Panic == nil {
			return KindPanic, "panic"
		}
		return KindPanic, c.panicClass(r)
	case executors.Timeout:
		return KindTimeout, "timeout"
	case executors.Exited:
		if r.Panic != nil {
			return KindExit, "exit " + c.panicClass(r)
		}
		return KindExit, "exit " + strconv.Itoa(r.ExitCode)
	}
	return "", ""
}

// panicClass is the class of r's panic (r.Panic is not nil): its
// value's type and its templated message; the type alone for a struct
// fmt printed field by field (see executors.PanicInfo.Dumped), which
// is no message: its type is what stays the same from one input to the
// next.
func (c *classifier) panicClass(r *executors.Result) string {
	if r.Panic.Dumped() {
		return "panic " + r.Panic.Type
	}
	return "panic " + r.Panic.Type + ": " + c.template(r.Panic.Message, inputStrings(r.Inputs))
}

// template blanks out the parts of an error or panic message that vary
// with the inputs. A message written by one of the package's format
// literals becomes that literal, its verbs blanked (the text of a %v or
// %w, often a wrapped error, is templated in turn); any other message is
// templated word by word (see tokenTemplate).
func (c *classifier) template(msg string, inputs []string) string {
	out := c.templateDepth(msg, inputs, 0)
	out = runOfBlanks.ReplaceAllString(out, blank)
	if utf8.RuneCountInString(out) > 100 {
		out = string([]rune(out)[:100]) + blank
	}
	return out
}

func (c *classifier) templateDepth(msg string, inputs []string, depth int) string {
	if depth < 4 {
		for _, f := range c.formats {
			if !strings.Contains(msg, f.key) {
				continue
			}
			m := f.re.FindStringSubmatch(msg)
			if m == nil {
				continue
			}
			var b strings.Builder
			for i, v := range f.verbs {
				b.WriteString(f.fixed[i])
				if (v == 'v' || v == 'w') && m[i+1] != "" {
					// Often a wrapped error: keep what its message says
					// beyond the inputs.
					b.WriteString(c.templateDepth(m[i+1], inputs, depth+1))
				} else {
					b.WriteString(blank)
				}
			}
			b.WriteString(f.fixed[len(f.fixed)-1])
			return b.String()
		}
	}
	return c.tokenTemplate(msg, inputs, depth > 0)
}

// commonWords are words too common to be taken for a piece of the input.
var commonWords = map[string]bool{
	"a": true, "an": true, "as": true, "at": true, "be": true, "by": true, "in": true,
	"is": true, "it": true, "no": true, "not": true, "of": true, "on": true, "or": true,
	"to": true, "the": true, "and": true, "for": true,
}

// runOfBlanks matches blanks separated only by punctuation and spaces.
var runOfBlanks = regexp.MustCompile(blank + `(?:[^\p{L}\p{N}]*` + blank + `)+`)

func isWordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// tokenTemplate blanks out, word by word, what comes from the inputs:
// the inputs themselves, quoted text, numbers, and words found in the
// inputs that are not words of the package's messages (any word found
// in the inputs, for the text of a %v: it is not the package's own); a
// tail after the last ": " made only of pieces of the inputs is blanked
// as a whole.
func (c *classifier) tokenTemplate(msg string, inputs []string, captured bool) string {
	for _, in := range inputs {
		if utf8.RuneCountInString(in) >= 3 && !c.inTexts(strings.ToLower(in)) {
			msg = strings.ReplaceAll(msg, in, blank)
		}
	}
	msg = strings.Join(strings.Fields(blankQuoted(msg)), " ")
	lower := make([]string, len(inputs))
	exact := map[string]bool{}
	for i, in := range inputs {
		lower[i] = strings.ToLower(in)
		exact[lower[i]] = true
	}
	inInput := func(s string) bool {
		for _, in := range lower {
			if strings.Contains(in, s) {
				return true
			}
		}
		return false
	}
	words := c.words
	if captured {
		words = nil
		all := true
		for _, t := range strings.Fields(msg) {
			if !inInput(strings.ToLower(t)) {
				all = false
				break
			}
		}
		if all {
			return blank
		}
	}
	fields := strings.SplitAfter(msg, " ")
	for i, tok := range fields {
		t := strings.TrimSpace(tok)
		if t == "" {
			continue
		}
		core := strings.TrimFunc(t, func(r rune) bool { return !isWordChar(r) })
		lc := strings.ToLower(core)
		if core != "" && (words[lc] || commonWords[lc] && !captured) {
			continue
		}
		if exact[strings.ToLower(t)] {
			fields[i] = strings.Replace(tok, t, blank, 1)
			continue
		}
		if core == "" {
			// Punctuation: blank what comes from the input, keep the
			// message's own (a trailing comma or colon of the format).
			p := strings.TrimRight(t, ",.;:)")
			if p != "" && !words[t] && !words[p] && inInput(p) {
				fields[i] = strings.Replace(tok, p, blank, 1)
			}
			continue
		}
		replaced := false
		for _, piece := range []string{t, strings.TrimRight(t, ",.;:)"), core} {
			if utf8.RuneCountInString(piece) >= 1 && inInput(strings.ToLower(piece)) {
				fields[i] = strings.Replace(tok, piece, blank, 1)
				replaced = true
				break
			}
		}
		if !replaced && strings.IndexFunc(core, unicode.IsDigit) >= 0 {
			fields[i] = blankDigits(tok)
		}
	}
	msg = strings.Join(fields, "")
	if i := strings.LastIndex(msg, ": "); i >= 0 && len(inputs) > 0 {
		tail := msg[i+2:]
		fromInput := tail != ""
		for _, w := range strings.FieldsFunc(tail, func(r rune) bool { return !isWordChar(r) }) {
			if !inInput(strings.ToLower(w)) {
				fromInput = false
				break
			}
		}
		if fromInput {
			msg = msg[:i+2] + blank
		}
	}
	return msg
}

// inTexts reports whether s occurs in one of the package's messages.
func (c *classifier) inTexts(s string) bool {
	for _, t := range c.texts {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

// shape describes a value coarsely: its kind and whether it is zero,
// negative, empty, or special.
func shape(v spec.Value) string {
	switch v.Kind {
	case spec.Null:
		return "nil"
	case spec.Bool:
		return strconv.FormatBool(v.Bool)
	case spec.Int:
		switch {
		case v.Int < 0:
			return "int<0"
		case v.Int == 0:
			return "int=0"
		}
		return "int>0"
	case spec.Uint:
		if v.Uint == 0 {
			return "uint=0"
		}
		return "uint>0"
	case spec.Float:
		switch {
		case math.IsNaN(v.Float):
			return "float=NaN"
		case math.IsInf(v.Float, 1):
			return "float=+Inf"
		case math.IsInf(v.Float, -1):
			return "float=-Inf"
		case v.Float < 0:
			return "float<0"
		case v.Float == 0:
			return "float=0"
		}
		return "float>0"
	case spec.String, spec.Opaque:
		if v.Str == "" {
			return `""`
		}
		return "string"
	case spec.List:
		switch len(v.List) {
		case 0:
			return "list(0)"
		case 1:
			return "list(1)"
		}
		return "list(n)"
	case spec.Map:
		if len(v.Map) == 0 {
			return "map(0)"
		}
		if obs := observedShape(v); obs != "" {
			return obs
		}
		return "map"
	}
	return v.Kind.String()
}

// observedShape is the shape of a result observed through its methods
// (see target.Observers): the shape of each method's value, so that a
// constructor whose results differ in what their methods say ("Len() =
// 0" or not, "IsZero() true or false") shows several behaviours. It is
// "" for other maps.
func observedShape(v spec.Value) string {
	var parts []string
	for _, e := range v.Map {
		if e.Key.Kind == spec.String && target.ReadThroughObserver(e.Key.Str) {
			parts = append(parts, e.Key.Str+" "+shape(e.Val))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// inputStrings collects the strings inside the inputs, longest first.
func inputStrings(in []executors.NamedValue) []string {
	var out []string
	var walk func(v spec.Value)
	walk = func(v spec.Value) {
		switch v.Kind {
		case spec.String, spec.Opaque:
			if v.Str != "" {
				out = append(out, v.Str)
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
	for _, nv := range in {
		walk(nv.Value)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// blankQuoted replaces the text inside double quotes and backquotes.
func blankQuoted(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '"' && c != '`' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(s) && s[j] != c {
			if c == '"' && s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			b.WriteString(s[i:])
			break
		}
		b.WriteByte(c)
		b.WriteString(blank)
		b.WriteByte(c)
		i = j + 1
	}
	return b.String()
}

// blankDigits replaces runs of digits with '#'.
func blankDigits(s string) string {
	var b strings.Builder
	prev := false
	for _, r := range s {
		d := r >= '0' && r <= '9'
		if d && !prev {
			b.WriteByte('#')
		} else if !d {
			b.WriteRune(r)
		}
		prev = d
	}
	return b.String()
}

// messagePrefix is the start of a message up to its first digit, quote
// or blank, at most 40 characters: the key of an error cluster.
func messagePrefix(msg string) string {
	var b strings.Builder
	n := 0
	for _, r := range msg {
		if unicode.IsDigit(r) || r == '"' || r == '\'' || r == '`' || r == '#' || r == '…' || n == 40 {
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimRight(b.String(), " \t:([{")
}
