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

// classify returns the kind and the outcome class of a result: for a
// return, the shape of each output; for a returned error or a panic, its
// type and its message with the parts that vary with the inputs (quoted
// text, numbers, words taken from the inputs) blanked out. Probes that
// did not run have no class.
func classify(f *target.Func, r *executors.Result, words map[string]bool) (kind, class string) {
	switch r.Outcome {
	case executors.OK:
		if r.Err != nil {
			typ := r.Err.Type
			if typ == "" {
				typ = "error"
			}
			c := "error " + typ
			if len(r.Err.Sentinels) > 0 {
				s := append([]string(nil), r.Err.Sentinels...)
				sort.Strings(s)
				c += " is " + strings.Join(s, "|")
			}
			return KindError, c + ": " + messageTemplate(r.Err.Message, inputStrings(r.Inputs), words)
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
		return KindPanic, "panic " + r.Panic.Type + ": " + messageTemplate(r.Panic.Message, inputStrings(r.Inputs), words)
	case executors.Timeout:
		return KindTimeout, "timeout"
	case executors.Exited:
		if r.Panic != nil {
			return KindExit, "exit panic " + r.Panic.Type + ": " + messageTemplate(r.Panic.Message, inputStrings(r.Inputs), words)
		}
		return KindExit, "exit " + strconv.Itoa(r.ExitCode)
	}
	return "", ""
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
	case spec.String:
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
		return "map"
	}
	return v.Kind.String()
}

// inputStrings collects the strings inside the inputs, lower-cased.
func inputStrings(in []executors.NamedValue) []string {
	var out []string
	var walk func(v spec.Value)
	walk = func(v spec.Value) {
		switch v.Kind {
		case spec.String:
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
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

const blank = "…"

// shortWords are words too common to be taken for a piece of the input.
var shortWords = map[string]bool{
	"a": true, "an": true, "as": true, "at": true, "be": true, "by": true, "in": true,
	"is": true, "it": true, "no": true, "not": true, "of": true, "on": true, "or": true,
	"to": true, "the": true, "and": true, "for": true,
}

// runOfBlanks matches blanks separated only by punctuation and spaces.
var runOfBlanks = regexp.MustCompile(blank + `(?:[^\p{L}\p{N}]*` + blank + `)+`)

// messageTemplate blanks out the parts of an error or panic message that
// vary with the inputs: the inputs themselves, quoted text, numbers, and
// words found in the inputs that are not words of the package's own
// messages (words).
func messageTemplate(msg string, inputs []string, words map[string]bool) string {
	for _, in := range inputs {
		if utf8.RuneCountInString(in) >= 3 {
			msg = strings.ReplaceAll(msg, in, blank)
		}
	}
	msg = blankQuoted(msg)
	lower := make([]string, len(inputs))
	for i, in := range inputs {
		lower[i] = strings.ToLower(in)
	}
	inInput := func(s string) bool {
		for _, in := range lower {
			if strings.Contains(in, s) {
				return true
			}
		}
		return false
	}
	fields := strings.SplitAfter(msg, " ")
	for i, tok := range fields {
		core := strings.TrimFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if core == "" {
			// Punctuation: blank it when it comes from the input rather
			// than from the package's own message.
			if p := strings.TrimSpace(tok); p != "" && !words[p] && inInput(p) {
				fields[i] = strings.Replace(tok, p, blank, 1)
			}
			continue
		}
		lc := strings.ToLower(core)
		if words[lc] || shortWords[lc] {
			continue
		}
		switch whole := strings.ToLower(strings.TrimSpace(tok)); {
		case inInput(whole):
			fields[i] = strings.Replace(tok, strings.TrimSpace(tok), blank, 1)
		case inInput(lc):
			fields[i] = strings.Replace(tok, core, blank, 1)
		case strings.IndexFunc(core, unicode.IsDigit) >= 0:
			fields[i] = blankDigits(tok)
		}
	}
	msg = runOfBlanks.ReplaceAllString(strings.Join(fields, ""), blank)
	if utf8.RuneCountInString(msg) > 100 {
		msg = string([]rune(msg)[:100]) + blank
	}
	return msg
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

// sourceWords collects the lower-cased words of the messages the
// function's package writes (string literals with a space or a format
// verb), so that the fixed words of an error message are never mistaken
// for input. Single-word literals (keys, units) are left out: messages
// echo them from the input.
func sourceWords(f *target.Func) map[string]bool {
	words := map[string]bool{}
	visit := func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.ContainsAny(s, " %") {
				return true
			}
			for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
				words[strings.ToLower(w)] = true
			}
			for _, w := range strings.Fields(s) {
				if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
					words[w] = true // punctuation the message itself writes
				}
			}
		}
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
	return words
}
