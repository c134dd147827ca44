// Package evalrt is the evaluation runtime of exported Go tests: the
// evaluators of package runner, over the wire form of canonical values
// that the probe runtime records. Package export copies this file, with
// its package clause and imports merged, into every specgen_evals_test.go
// it writes, so, like the probe runtime, it compiles at any Go version
// from 1.16 on (no any, no generics, no min) and every top-level name
// starts with "specgen".
package evalrt

import (
	specgenjson "encoding/json"
	specgenfmt "fmt"
	specgenmath "math"
	specgenregexp "regexp"
	specgenstrconv "strconv"
	specgenstrings "strings"
	specgentime "time"
)

// specgenFunc is what evaluation needs to know about a function.
type specgenFunc struct {
	Params    []string
	NumOut    int
	ErrorLast bool
	// TypeMismatch is the Type evaluator's failure, decided when the
	// file was written; "" when it holds.
	TypeMismatch string
	// Pattern is the Pattern evaluator's regexp; "" for none.
	Pattern string
	// ContainsInput is set when the evaluator is; CIFold ignores case,
	// CIAsStrings looks for every input in its string form.
	ContainsInput bool
	CIFold        bool
	CIAsStrings   bool
	// Assertion is the Assertion evaluator's expression; "" for none.
	Assertion string
	// Duration bounds every case; 0 for none.
	Duration specgentime.Duration
}

// specgenInput is an input as ContainsInput sees it.
type specgenInput struct {
	Text     string
	IsString bool
}

// specgenCase is one case: what it expects.
type specgenCase struct {
	// Want and RecvAfter are the wire form (JSON) of expected and
	// receiver_after; "" when absent.
	Want      string
	RecvAfter string
	// ArgsAfter are inputs_after: parameter name, wire form.
	ArgsAfter [][2]string
	Tol       float64
	// Unordered compares lists in any order.
	Unordered bool
	// Raise is "", "error", "panic", "type" or "sentinel"; RaiseName
	// the type or sentinel.
	Raise, RaiseName string
	Match            string
	Inputs           []specgenInput
	Duration         specgentime.Duration
}

// specgenErrGot is a returned error or a panic.
type specgenErrGot struct {
	Message, Type    string
	Types, Sentinels []string
}

// specgenGot is what the call did.
type specgenGot struct {
	Panic    *specgenErrGot
	Err      *specgenErrGot
	Outputs  []interface{}
	After    interface{}
	HasAfter bool
	// ArgsAfter are the arguments after the call: name, value.
	ArgsAfter [][2]interface{}
	Asserts   []bool
	Took      specgentime.Duration
}

// specgenEvaluate applies every evaluator of a case to what its call
// did and returns the failures, as runner does; skipDuration leaves
// Duration out.
func specgenEvaluate(f *specgenFunc, c *specgenCase, g *specgenGot, skipDuration bool) []string {
	var fails []string
	fail := func(ev, format string, args ...interface{}) {
		msg := specgenfmt.Sprintf(format, args...)
		if ev != "" {
			msg = ev + ": " + msg
		}
		fails = append(fails, msg)
	}
	returned := g.Panic == nil
	normal := returned && g.Err == nil
	switch {
	case c.Raise != "":
		if msg := specgenCheckRaises(c, g); msg != "" {
			fail("raises", "%s", msg)
		}
	case c.Want != "":
		want := specgenDecode(c.Want)
		if !normal {
			fail("expected", "want %s, but the call %s", specgenString(want), specgenDescribe(g))
			break
		}
		eq := specgenEq{c.Tol, c.Unordered}
		wl, isList := want.([]interface{})
		switch {
		case f.NumOut == 1 && len(g.Outputs) == 1:
			if msg := specgenCompare(want, g.Outputs[0], eq, ""); msg != "" {
				fail("expected", "%s", msg)
			}
		case c.Unordered && isList && len(wl) == len(g.Outputs):
			// Several results are a list in order; the lists within
			// each are what compare in any order.
			for i, w := range wl {
				if msg := specgenCompare(w, g.Outputs[i], eq, specgenfmt.Sprintf("result %d", i+1)); msg != "" {
					fail("expected", "%s", msg)
				}
			}
		default:
			if msg := specgenCompare(want, append([]interface{}{}, g.Outputs...), eq, ""); msg != "" {
				fail("expected", "%s", msg)
			}
		}
	case !normal:
		fail("", "the call %s (a case without expected or raises must return normally)", specgenDescribe(g))
	}
	if c.RecvAfter != "" {
		want := specgenDecode(c.RecvAfter)
		switch {
		case g.HasAfter:
			if msg := specgenCompare(want, g.After, specgenEq{c.Tol, c.Unordered}, "receiver after the call"); msg != "" {
				fail("receiver_after", "%s", msg)
			}
		case returned:
			fail("receiver_after", "receiver after the call: want %s, but it was not recorded", specgenString(want))
		case len(fails) == 0:
			fail("receiver_after", "receiver after the call: want %s, but the call %s", specgenString(want), specgenDescribe(g))
		}
	}
	for _, a := range c.ArgsAfter {
		want := specgenDecode(a[1])
		var got interface{}
		found := false
		for _, v := range g.ArgsAfter {
			if v[0] == a[0] {
				got, found = v[1], true
			}
		}
		switch {
		case found:
			if msg := specgenCompare(want, got, specgenEq{c.Tol, c.Unordered}, "argument "+a[0]+" after the call"); msg != "" {
				fail("inputs_after", "%s", msg)
			}
		case returned:
			fail("inputs_after", "argument %s after the call: want %s, but it was not recorded", a[0], specgenString(want))
		case len(fails) == 0:
			fail("inputs_after", "argument %s after the call: want %s, but the call %s", a[0], specgenString(want), specgenDescribe(g))
		}
	}
	if normal && len(g.Outputs) > 0 {
		out := g.Outputs[0]
		if f.TypeMismatch != "" {
			fail("Type", "%s", f.TypeMismatch)
		}
		if f.Pattern != "" {
			if s := specgenStringForm(out); !specgenregexp.MustCompile(f.Pattern).MatchString(s) {
				fail("Pattern", "output %q does not match /%s/", s, f.Pattern)
			}
		}
		if f.ContainsInput {
			for _, msg := range specgenContainsInput(f, c, out) {
				fail("ContainsInput", "%s", msg)
			}
		}
	}
	if f.Assertion != "" && returned {
		switch {
		case len(g.Asserts) == 0:
			fail("Assertion", "%s was not evaluated", f.Assertion)
		case !g.Asserts[0]:
			fail("Assertion", "%s is false (%s)", f.Assertion, specgenDescribeReturn(f, g))
		}
	}
	if !skipDuration {
		if c.Duration > 0 && g.Took > c.Duration {
			fail("Duration", "took %s, over the case's limit of %s", g.Took, c.Duration)
		}
		if f.Duration > 0 && g.Took > f.Duration {
			fail("Duration", "took %s, over the limit of %s", g.Took, f.Duration)
		}
	}
	return fails
}

// specgenCheckRaises checks a returned error or a panic against raises
// and match; it returns "" when they hold.
func specgenCheckRaises(c *specgenCase, g *specgenGot) string {
	panicked := g.Panic != nil
	var ok bool
	var want string
	switch c.Raise {
	case "error":
		ok, want = !panicked && g.Err != nil, "a returned error"
	case "panic":
		ok, want = panicked, "a panic"
	case "type":
		ok = g.Err != nil && !panicked && (g.Err.Type == c.RaiseName || specgenContains(g.Err.Types, c.RaiseName)) ||
			panicked && g.Panic.Type == c.RaiseName
		want = "an error of type " + c.RaiseName
	case "sentinel":
		ok = g.Err != nil && !panicked && specgenContains(g.Err.Sentinels, c.RaiseName)
		want = "an error that is " + c.RaiseName
	}
	if !ok {
		return specgenfmt.Sprintf("want %s, but the call %s", want, specgenDescribe(g))
	}
	if c.Match == "" {
		return ""
	}
	msg := ""
	switch {
	case panicked:
		msg = g.Panic.Message
	case g.Err != nil:
		msg = g.Err.Message
	}
	if re := specgenregexp.MustCompile(c.Match); !re.MatchString(msg) {
		return specgenfmt.Sprintf("message %q does not match /%s/", msg, re)
	}
	return ""
}

func specgenContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// specgenContainsInput requires the output to contain every string
// input (every input, with CIAsStrings): as a substring of a string
// output, as an element of a list output.
func specgenContainsInput(f *specgenFunc, c *specgenCase, out interface{}) []string {
	eq := func(a, b string) bool {
		if f.CIFold {
			return specgenstrings.EqualFold(a, b)
		}
		return a == b
	}
	var fails []string
	for i, in := range c.Inputs {
		if !in.IsString && !f.CIAsStrings {
			continue
		}
		found := false
		if list, ok := out.([]interface{}); ok {
			for _, e := range list {
				s, isText := specgenEvText(e)
				if isText && eq(s, in.Text) || f.CIAsStrings && eq(specgenStringForm(e), in.Text) {
					found = true
					break
				}
			}
		} else {
			s := specgenStringForm(out)
			if f.CIFold {
				found = specgenstrings.Contains(specgenstrings.ToLower(s), specgenstrings.ToLower(in.Text))
			} else {
				found = specgenstrings.Contains(s, in.Text)
			}
		}
		if !found {
			name := specgenfmt.Sprintf("input %d", i+1)
			if i < len(f.Params) {
				name = "input " + f.Params[i]
			}
			fails = append(fails, specgenfmt.Sprintf("output %s does not contain %s %q", specgenString(out), name, in.Text))
		}
	}
	return fails
}

// specgenDescribe says how a call that was expected to do something
// else ended.
func specgenDescribe(g *specgenGot) string {
	switch {
	case g.Panic != nil:
		s := "panicked: " + g.Panic.Message
		if g.Panic.Type != "" {
			s += " (" + g.Panic.Type + ")"
		}
		return s
	case g.Err != nil:
		return "returned an error: " + specgenDescribeError(g.Err)
	case len(g.Outputs) == 0:
		return "returned normally"
	case len(g.Outputs) == 1:
		return "returned normally with " + specgenString(g.Outputs[0])
	}
	return "returned normally with " + specgenString(g.Outputs)
}

func specgenDescribeError(e *specgenErrGot) string {
	s := specgenstrconv.Quote(e.Message)
	var about []string
	if e.Type != "" {
		about = append(about, "type "+e.Type)
	}
	for _, t := range e.Types {
		if t != e.Type && !specgenContains(about, "wraps "+t) {
			about = append(about, "wraps "+t)
		}
	}
	for _, st := range e.Sentinels {
		about = append(about, "is "+st)
	}
	if len(about) > 0 {
		s += " (" + specgenstrings.Join(about, ", ") + ")"
	}
	return s
}

func specgenDescribeReturn(f *specgenFunc, g *specgenGot) string {
	var parts []string
	for i, o := range g.Outputs {
		name := "output"
		if f.NumOut > 1 {
			name = specgenfmt.Sprintf("output%d", i)
		}
		parts = append(parts, name+" = "+specgenString(o))
	}
	if g.Err != nil {
		parts = append(parts, specgenfmt.Sprintf("err = %q", g.Err.Message))
	} else if f.ErrorLast {
		parts = append(parts, "err = nil")
	}
	if len(parts) == 0 {
		return "no results"
	}
	return specgenstrings.Join(parts, ", ")
}

// specgenDecode reads the wire form of a value from JSON.
func specgenDecode(s string) interface{} {
	var v interface{}
	if err := specgenjson.Unmarshal([]byte(s), &v); err != nil {
		panic("specgen: bad value " + s + ": " + err.Error())
	}
	return v
}

// specgenCompare compares got with want; it returns a readable
// difference, or "" when they are equal. what names the value ("" for
// the result).
func specgenCompare(want, got interface{}, eq specgenEq, what string) string {
	lines := specgenDiff(nil, "", want, got, eq, 20)
	if len(lines) == 0 {
		return ""
	}
	if len(lines) == 1 && specgenstrings.HasPrefix(lines[0], "value: ") {
		d := specgenstrings.TrimPrefix(lines[0], "value: ")
		if what != "" {
			d = what + ": " + d
		}
		return d
	}
	var b specgenstrings.Builder
	if what == "" {
		what = "result"
	}
	b.WriteString("the " + what + " differs:")
	for _, l := range lines {
		b.WriteString("\n  " + specgenstrings.TrimPrefix(l, "."))
	}
	specgenfmt.Fprintf(&b, "\n  want: %s\n  got:  %s", specgenString(want), specgenString(got))
	return b.String()
}

// The kinds of wire values, as package spec orders them; an opaque
// value compares as the string of its text.
const (
	specgenKNull = iota
	specgenKBool
	specgenKInt
	specgenKUint
	specgenKFloat
	specgenKStr
	specgenKList
	specgenKMap
	specgenKOpaque
	specgenKCode
)

// specgenKind is the kind of a wire value.
func specgenKind(v interface{}) int {
	switch x := v.(type) {
	case nil:
		return specgenKNull
	case bool:
		return specgenKBool
	case string:
		return specgenKStr
	case []interface{}:
		return specgenKList
	case map[string]interface{}:
		for k := range x {
			switch k {
			case "i":
				return specgenKInt
			case "u":
				return specgenKUint
			case "f":
				return specgenKFloat
			case "m":
				return specgenKMap
			case "o":
				return specgenKOpaque
			case "g":
				return specgenKCode
			}
		}
	}
	return specgenKOpaque
}

// specgenTextKind is the kind under which v compares.
func specgenTextKind(v interface{}) int {
	if k := specgenKind(v); k != specgenKOpaque {
		return k
	}
	return specgenKStr
}

func specgenIsNumber(k int) bool { return k == specgenKInt || k == specgenKUint || k == specgenKFloat }

// specgenField is the text under a tagged value's one key.
func specgenField(v interface{}, key string) string {
	m, _ := v.(map[string]interface{})
	s, _ := m[key].(string)
	return s
}

// specgenEvText is the text of a string, an opaque or a code value.
func specgenEvText(v interface{}) (string, bool) {
	switch specgenKind(v) {
	case specgenKStr:
		return v.(string), true
	case specgenKOpaque:
		return specgenField(v, "o"), true
	case specgenKCode:
		return specgenField(v, "g"), true
	}
	return "", false
}

func specgenPairs(v interface{}) [][2]interface{} {
	m, _ := v.(map[string]interface{})
	list, _ := m["m"].([]interface{})
	out := make([][2]interface{}, 0, len(list))
	for _, e := range list {
		if p, ok := e.([]interface{}); ok && len(p) == 2 {
			out = append(out, [2]interface{}{p[0], p[1]})
		}
	}
	return out
}

// specgenEq is how values compare: the float tolerance, and whether
// lists compare as multisets (a case's unordered).
type specgenEq struct {
	tol       float64
	unordered bool
}

func specgenDiff(out []string, path string, want, got interface{}, eq specgenEq, limit int) []string {
	if len(out) >= limit {
		return out
	}
	at := path
	if at == "" {
		at = "value"
	}
	wk, gk := specgenKind(want), specgenKind(got)
	if specgenIsNumber(wk) && specgenIsNumber(gk) {
		if !specgenNumEqual(want, got, eq.tol) {
			out = append(out, specgenfmt.Sprintf("%s: want %s, got %s", at, specgenString(want), specgenString(got)))
		}
		return out
	}
	if specgenTextKind(want) != specgenTextKind(got) {
		return append(out, specgenfmt.Sprintf("%s: want %s, got %s", at, specgenString(want), specgenString(got)))
	}
	switch specgenTextKind(want) {
	case specgenKBool:
		if want.(bool) != got.(bool) {
			out = append(out, specgenfmt.Sprintf("%s: want %s, got %s", at, specgenString(want), specgenString(got)))
		}
	case specgenKStr, specgenKCode:
		ws, _ := specgenEvText(want)
		gs, _ := specgenEvText(got)
		if ws != gs {
			out = append(out, specgenfmt.Sprintf("%s: want %s, got %s", at, specgenString(want), specgenString(got)))
		}
	case specgenKList:
		wl, gl := want.([]interface{}), got.([]interface{})
		if eq.unordered {
			return specgenUnorderedDiff(out, path, wl, gl, eq, limit)
		}
		n := len(wl)
		if len(gl) < n {
			n = len(gl)
		}
		for i := 0; i < n; i++ {
			out = specgenDiff(out, specgenfmt.Sprintf("%s[%d]", path, i), wl[i], gl[i], eq, limit)
		}
		if len(wl) != len(gl) {
			out = append(out, specgenfmt.Sprintf("%s: want %d elements, got %d", at, len(wl), len(gl)))
			for i := n; i < len(wl) && len(out) < limit; i++ {
				out = append(out, specgenfmt.Sprintf("%s[%d]: missing %s", path, i, specgenString(wl[i])))
			}
			for i := n; i < len(gl) && len(out) < limit; i++ {
				out = append(out, specgenfmt.Sprintf("%s[%d]: extra %s", path, i, specgenString(gl[i])))
			}
		}
	case specgenKMap:
		for _, we := range specgenPairs(want) {
			p := path + "." + specgenKeyString(we[0])
			gv, ok := specgenLookup(got, we[0], eq)
			if !ok {
				out = append(out, specgenfmt.Sprintf("%s: missing (want %s)", p, specgenString(we[1])))
				continue
			}
			out = specgenDiff(out, p, we[1], gv, eq, limit)
		}
		for _, ge := range specgenPairs(got) {
			if _, ok := specgenLookup(want, ge[0], eq); !ok && len(out) < limit {
				out = append(out, specgenfmt.Sprintf("%s.%s: unexpected %s", path, specgenKeyString(ge[0]), specgenString(ge[1])))
			}
		}
	}
	return out
}

func specgenKeyString(k interface{}) string {
	if specgenTextKind(k) == specgenKStr {
		s, _ := specgenEvText(k)
		return s
	}
	return "[" + specgenString(k) + "]"
}

// specgenUnorderedDiff is package spec's unorderedDiff: how the list
// got differs from the list want as multisets.
func specgenUnorderedDiff(out []string, path string, want, got []interface{}, eq specgenEq, limit int) []string {
	at := path
	if at == "" {
		at = "value"
	}
	taken := make([]bool, len(got))
	var missing []int
	for i, w := range want {
		j := 0
		for ; j < len(got); j++ {
			if !taken[j] && len(specgenDiff(nil, "", w, got[j], eq, 1)) == 0 {
				break
			}
		}
		if j == len(got) {
			missing = append(missing, i)
			continue
		}
		taken[j] = true
	}
	if len(want) != len(got) {
		out = append(out, specgenfmt.Sprintf("%s: want %d elements, got %d (in any order)", at, len(want), len(got)))
	}
	for _, i := range missing {
		if len(out) >= limit {
			return out
		}
		out = append(out, specgenfmt.Sprintf("%s[%d]: missing %s (in any order)", path, i, specgenString(want[i])))
	}
	for j, g := range got {
		if !taken[j] && len(out) < limit {
			out = append(out, specgenfmt.Sprintf("%s[%d]: extra %s (in any order)", path, j, specgenString(g)))
		}
	}
	return out
}

func specgenLookup(m, key interface{}, eq specgenEq) (interface{}, bool) {
	for _, e := range specgenPairs(m) {
		if len(specgenDiff(nil, "", key, e[0], eq, 1)) == 0 {
			return e[1], true
		}
	}
	return nil, false
}

// specgenEvNumber is a number of the wire form.
type specgenEvNumber struct {
	kind int
	i    int64
	u    uint64
	f    float64
}

func specgenEvNum(v interface{}) specgenEvNumber {
	n := specgenEvNumber{kind: specgenKind(v)}
	switch n.kind {
	case specgenKInt:
		n.i, _ = specgenstrconv.ParseInt(specgenField(v, "i"), 10, 64)
		n.f = float64(n.i)
	case specgenKUint:
		n.u, _ = specgenstrconv.ParseUint(specgenField(v, "u"), 10, 64)
		n.f = float64(n.u)
	default:
		n.f, _ = specgenstrconv.ParseFloat(specgenField(v, "f"), 64)
	}
	return n
}

func specgenNumEqual(av, bv interface{}, tol float64) bool {
	a, b := specgenEvNum(av), specgenEvNum(bv)
	if a.kind != specgenKFloat && b.kind != specgenKFloat {
		switch {
		case a.kind == specgenKInt && b.kind == specgenKInt:
			return a.i == b.i
		case a.kind == specgenKUint && b.kind == specgenKUint:
			return a.u == b.u
		case a.kind == specgenKInt:
			return a.i >= 0 && uint64(a.i) == b.u
		default:
			return b.i >= 0 && uint64(b.i) == a.u
		}
	}
	x, y := a.f, b.f
	if specgenmath.IsNaN(x) || specgenmath.IsNaN(y) {
		return specgenmath.IsNaN(x) && specgenmath.IsNaN(y)
	}
	if x == y {
		return specgenmath.Signbit(x) == specgenmath.Signbit(y) || tol > 0 || a.kind != specgenKFloat || b.kind != specgenKFloat
	}
	if tol <= 0 || specgenmath.IsInf(x, 0) || specgenmath.IsInf(y, 0) {
		return false
	}
	d := specgenmath.Abs(x - y)
	scale := specgenmath.Max(specgenmath.Abs(x), specgenmath.Abs(y))
	if scale < 1 {
		return d <= tol
	}
	return d/scale <= tol
}

// specgenStringForm is a value as Pattern and ContainsInput see it: a
// string (or an opaque value's text) as is, anything else in flow YAML.
func specgenStringForm(v interface{}) string {
	switch specgenKind(v) {
	case specgenKStr, specgenKOpaque:
		s, _ := specgenEvText(v)
		return s
	}
	return specgenString(v)
}

// specgenString writes a value in flow YAML, as specs and specgen run
// show it.
func specgenString(v interface{}) string {
	var b specgenstrings.Builder
	specgenWrite(&b, v)
	return b.String()
}

func specgenWrite(b *specgenstrings.Builder, v interface{}) {
	switch specgenKind(v) {
	case specgenKNull:
		b.WriteString("null")
	case specgenKBool:
		b.WriteString(specgenstrconv.FormatBool(v.(bool)))
	case specgenKInt:
		b.WriteString(specgenstrconv.FormatInt(specgenEvNum(v).i, 10))
	case specgenKUint:
		b.WriteString(specgenstrconv.FormatUint(specgenEvNum(v).u, 10))
	case specgenKFloat:
		b.WriteString(specgenFormatFloat(specgenEvNum(v).f))
	case specgenKStr, specgenKOpaque:
		s, _ := specgenEvText(v)
		b.WriteString(specgenstrconv.Quote(s))
	case specgenKCode:
		b.WriteString("{go: " + specgenstrconv.Quote(specgenField(v, "g")) + "}")
	case specgenKList:
		b.WriteByte('[')
		for i, e := range v.([]interface{}) {
			if i > 0 {
				b.WriteString(", ")
			}
			specgenWrite(b, e)
		}
		b.WriteByte(']')
	case specgenKMap:
		b.WriteByte('{')
		for i, e := range specgenPairs(v) {
			if i > 0 {
				b.WriteString(", ")
			}
			if specgenTextKind(e[0]) == specgenKStr {
				s, _ := specgenEvText(e[0])
				b.WriteString(s)
			} else {
				specgenWrite(b, e[0])
			}
			b.WriteString(": ")
			specgenWrite(b, e[1])
		}
		b.WriteByte('}')
	}
}

func specgenFormatFloat(f float64) string {
	switch {
	case specgenmath.IsNaN(f):
		return ".nan"
	case specgenmath.IsInf(f, 1):
		return ".inf"
	case specgenmath.IsInf(f, -1):
		return "-.inf"
	}
	s := specgenstrconv.FormatFloat(f, 'g', -1, 64)
	if !specgenstrings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}
