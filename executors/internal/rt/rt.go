// Package rt is the probe runtime: it turns Go values into the wire form
// of canonical values and serves probe requests in a worker process.
//
// The same source runs in two ways, and must compile at any Go language
// version from 1.16 on (no any, no generics, no new builtins). The yaegi worker compiles it into
// specgen; the native engine injects this file, with its package clause
// rewritten, into the package under test as an internal test file. So
// every top-level name starts with "specgen" or "Specgen" and every import
// is renamed, to stay clear of the names of the package it is injected into.
package rt

import (
	specgenbufio "bufio"
	specgenjson "encoding/json"
	specgenfmt "fmt"
	specgenfnv "hash/fnv"
	specgenio "io"
	specgenmath "math"
	specgenos "os"
	specgenreflect "reflect"
	specgenruntime "runtime"
	specgendebug "runtime/debug"
	specgenmetrics "runtime/metrics"
	specgensort "sort"
	specgenstrconv "strconv"
	specgenstrings "strings"
	specgentime "time"
	specgenutf8 "unicode/utf8"
)

// SpecgenCanonOptions configures SpecgenCanon.
type SpecgenCanonOptions struct {
	// Yaegi marks values made by the yaegi interpreter, whose structs
	// carry unexported fields under exported names ("Xname").
	Yaegi bool
	// Unbox, when set, unwraps a value the interpreter boxed (yaegi
	// stores values of interpreted types with methods in an any as its own
	// valueInterface); it reports whether v was such a box.
	Unbox func(v specgenreflect.Value) (specgenreflect.Value, bool)
}

// SpecgenCanon converts v to the wire form of a canonical value (see
// spec.Value): JSON-encodable nil, bool, string, []any and one-key tagged
// maps {"i": "-5"}, {"u": "5"}, {"f": "1.5"}, {"m": [[k, v], ...]}, and
// {"o": "<func>"} for an opaque value (a func, a chan, an unsafe pointer,
// a pointer cycle, a value nested too deep).
//
// One value takes about specgenCanonBudget bytes of text and nodes at
// most: a string that would go past it is an opaque value naming its
// length and hash (so that two differ), a list its first elements and an
// opaque value counting the rest, a map one entry of opaque values
// counting them; so a function returning 100 MB neither fills the
// worker's pipe nor specgen's memory. Such a value was never going to be
// written as a case.
func SpecgenCanon(v interface{}, opt SpecgenCanonOptions) interface{} {
	w, _ := specgenCanon(v, opt)
	return w
}

// specgenCanon is SpecgenCanon that also returns how many bytes of the
// value it replaced by placeholders.
func specgenCanon(v interface{}, opt SpecgenCanonOptions) (interface{}, int) {
	c := specgenCanonizer{opt: opt, seen: map[uintptr]bool{}, left: specgenCanonBudget}
	w := c.value(specgenreflect.ValueOf(v), 0)
	return w, c.cut
}

// specgenCanonBudget bounds the size of one canonical value, each node
// counting specgenNodeCost bytes beside its text.
const (
	specgenCanonBudget = 256 << 10
	specgenNodeCost    = 16
	// specgenListHead is how many elements of a list past the budget
	// are kept.
	specgenListHead = 8
	// specgenHashEnds is how much of each end of a long string its
	// hash reads.
	specgenHashEnds = 1 << 20
)

type specgenCanonizer struct {
	opt  SpecgenCanonOptions
	seen map[uintptr]bool
	left int // bytes of the budget left
	cut  int // bytes replaced by placeholders
}

// str returns s, or an opaque value naming its length and hash when s
// does not fit in what is left of the budget.
func (c *specgenCanonizer) str(s string) interface{} {
	if len(s) > c.left {
		h := specgenfnv.New64a()
		if len(s) <= 2*specgenHashEnds {
			specgenio.WriteString(h, s)
		} else {
			// Hashing hundreds of megabytes would cost as much as
			// making them: their ends, and their length, tell two apart.
			specgenio.WriteString(h, s[:specgenHashEnds])
			specgenio.WriteString(h, s[len(s)-specgenHashEnds:])
		}
		c.left = 0
		c.cut += len(s)
		return specgenOpaque(specgenfmt.Sprintf("<string of %d bytes, fnv %016x>", len(s), h.Sum64()))
	}
	c.left -= len(s)
	return s
}

// fits reports whether n nodes fit in what is left of the budget.
func (c *specgenCanonizer) fits(n int) bool {
	return n <= c.left/specgenNodeCost
}

var specgenDurationType = specgenreflect.TypeOf(specgentime.Duration(0))
var specgenTimeType = specgenreflect.TypeOf(specgentime.Time{})

func specgenTextOf(v specgenreflect.Value) (string, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return "", false
	}
	switch x := v.Interface().(type) {
	case error:
		return x.Error(), true
	case specgenfmt.Stringer:
		if _, ok := x.(specgenDeadliner); ok {
			return specgenContextText(x.String()), true
		}
		return x.String(), true
	}
	return "", false
}

// specgenStructText is the text of the struct v, or of a pointer to it
// (an Error or String method on the pointer).
func specgenStructText(v specgenreflect.Value) (string, bool) {
	if s, ok := specgenTextOf(v); ok {
		return s, true
	}
	if v.CanAddr() {
		return specgenTextOf(v.Addr())
	}
	p := specgenreflect.New(v.Type())
	p.Elem().Set(v)
	return specgenTextOf(p)
}

// specgenRequestField reports whether the field name of an http.Request,
// holding v, is part of the request's canonical value: what a handler
// reads and changes of it (method, URL, host, header, content length),
// and its other fields of data when set (remote address, form, pattern,
// ...), but never its protocol version, body, TLS state or the response
// it answers, which would bury the rest.
func specgenRequestField(name string, v specgenreflect.Value) bool {
	switch name {
	case "Method", "URL", "Host", "Header", "ContentLength":
		return true
	case "Proto", "ProtoMajor", "ProtoMinor", "Body", "GetBody", "TLS", "Cancel", "Response":
		return false
	}
	return !v.IsZero()
}

// specgenDeadliner is what a context.Context has beside its text.
type specgenDeadliner interface {
	Deadline() (specgentime.Time, bool)
	Done() <-chan struct{}
}

var specgenDeadlinerType = specgenreflect.TypeOf((*specgenDeadliner)(nil)).Elem()

// specgenContextText is the text of a context.Context without what
// changes from one run to the next: the deadline of a WithDeadline or
// WithTimeout and the time left until it, so that
// "context.Background.WithDeadline(2026-12-05 07:03:35 +0000 UTC [-965µs])"
// reads "context.Background.WithDeadline".
func specgenContextText(s string) string {
	const mark = ".WithDeadline("
	for {
		i := specgenstrings.Index(s, mark)
		if i < 0 {
			return s
		}
		j := specgenstrings.Index(s[i:], "])")
		if j < 0 {
			return s
		}
		s = s[:i] + ".WithDeadline" + s[i+j+2:]
	}
}

func (c *specgenCanonizer) hasExportedFields(t specgenreflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		if c.exported(t.Field(i)) {
			return true
		}
	}
	return false
}

func (c *specgenCanonizer) exported(f specgenreflect.StructField) bool {
	if f.PkgPath != "" {
		return false
	}
	if c.opt.Yaegi && len(f.Name) > 1 && f.Name[0] == 'X' {
		r, _ := specgenutf8.DecodeRuneInString(f.Name[1:])
		if r == '_' || (r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

func (c *specgenCanonizer) value(v specgenreflect.Value, depth int) interface{} {
	if !v.IsValid() {
		return nil
	}
	if c.opt.Unbox != nil {
		if u, ok := c.opt.Unbox(v); ok {
			return c.value(u, depth+1)
		}
	}
	if depth > 40 {
		return specgenOpaque("<too deep>")
	}
	if c.left -= specgenNodeCost; c.left < 0 {
		c.left = 0
		c.cut += specgenNodeCost
		return specgenOpaque("<too large>")
	}
	t := v.Type()
	if t == specgenDurationType {
		return specgentime.Duration(v.Int()).String()
	}
	if t == specgenTimeType && v.CanInterface() {
		return v.Interface().(specgentime.Time).Format(specgentime.RFC3339Nano)
	}
	switch v.Kind() {
	case specgenreflect.Bool:
		return v.Bool()
	case specgenreflect.Int, specgenreflect.Int8, specgenreflect.Int16, specgenreflect.Int32, specgenreflect.Int64:
		return map[string]interface{}{"i": specgenstrconv.FormatInt(v.Int(), 10)}
	case specgenreflect.Uint, specgenreflect.Uint8, specgenreflect.Uint16, specgenreflect.Uint32, specgenreflect.Uint64, specgenreflect.Uintptr:
		return map[string]interface{}{"u": specgenstrconv.FormatUint(v.Uint(), 10)}
	case specgenreflect.Float32:
		return map[string]interface{}{"f": specgenFloat(v.Float(), 32)}
	case specgenreflect.Float64:
		return map[string]interface{}{"f": specgenFloat(v.Float(), 64)}
	case specgenreflect.Complex64, specgenreflect.Complex128:
		x := v.Complex()
		return []interface{}{map[string]interface{}{"f": specgenFloat(real(x), 64)}, map[string]interface{}{"f": specgenFloat(imag(x), 64)}}
	case specgenreflect.String:
		return c.str(v.String())
	case specgenreflect.Interface:
		if v.IsNil() {
			return nil
		}
		return c.value(v.Elem(), depth+1)
	case specgenreflect.Pointer:
		if v.IsNil() {
			return nil
		}
		if e := t.Elem(); e.Kind() == specgenreflect.Struct && (!c.hasExportedFields(e) || t.Implements(specgenDeadlinerType)) {
			// A context is its text, also one that embeds its parent
			// (context.WithValue's, WithCancel's).
			if s, ok := specgenTextOf(v); ok {
				return c.str(s)
			}
		}
		p := v.Pointer()
		if c.seen[p] {
			return specgenOpaque("<cycle>")
		}
		c.seen[p] = true
		defer delete(c.seen, p)
		return c.value(v.Elem(), depth+1)
	case specgenreflect.Slice:
		if v.IsNil() {
			return nil
		}
		if t.Elem().Kind() == specgenreflect.Uint8 {
			b := v.Bytes()
			if len(b) > c.left || specgenutf8.Valid(b) {
				return c.str(string(b))
			}
		}
		return c.list(v, depth)
	case specgenreflect.Array:
		return c.list(v, depth)
	case specgenreflect.Map:
		if v.IsNil() {
			return nil
		}
		if n := v.Len(); !c.fits(2 * n) {
			// A map of one placeholder entry: its entries would have
			// to be made to be ordered.
			c.cut += 2 * n * specgenNodeCost
			return map[string]interface{}{"m": []interface{}{[]interface{}{specgenOpaque(specgenfmt.Sprintf("<%d entries>", n)), specgenOpaque("<cut>")}}}
		}
		type kv struct {
			k, v interface{}
			key  string
		}
		var entries []kv
		iter := v.MapRange()
		for iter.Next() {
			k := c.value(iter.Key(), depth+1)
			kb, _ := specgenjson.Marshal(k)
			entries = append(entries, kv{k: k, v: c.value(iter.Value(), depth+1), key: string(kb)})
		}
		specgensort.Slice(entries, func(i, j int) bool { return specgenKeyLess(entries[i].k, entries[j].k, entries[i].key, entries[j].key) })
		pairs := make([]interface{}, 0, len(entries))
		for _, e := range entries {
			pairs = append(pairs, []interface{}{e.k, e.v})
		}
		return map[string]interface{}{"m": pairs}
	case specgenreflect.Struct:
		if !c.hasExportedFields(t) || t.PkgPath() == "net/url" && t.Name() == "URL" {
			// A URL is its text too, as a test compares u.String().
			if s, ok := specgenStructText(v); ok {
				return c.str(s)
			}
		}
		request := t.PkgPath() == "net/http" && t.Name() == "Request"
		pairs := []interface{}{}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !c.exported(f) || request && !specgenRequestField(f.Name, v.Field(i)) {
				continue
			}
			pairs = append(pairs, []interface{}{f.Name, c.value(v.Field(i), depth+1)})
		}
		return map[string]interface{}{"m": pairs}
	case specgenreflect.Func:
		if v.IsNil() {
			return nil
		}
		return specgenOpaque("<func>")
	case specgenreflect.Chan:
		if v.IsNil() {
			return nil
		}
		return specgenOpaque("<chan " + t.Elem().String() + ">")
	}
	return specgenOpaque("<" + v.Kind().String() + ">")
}

// specgenOpaque is the wire form of an opaque value with its placeholder text.
func specgenOpaque(text string) interface{} {
	return map[string]interface{}{"o": text}
}

// specgenText returns the text of a string or of an opaque value, which
// order as strings.
func specgenText(x interface{}) (string, bool) {
	if s, ok := x.(string); ok {
		return s, true
	}
	if m, ok := x.(map[string]interface{}); ok && len(m) == 1 {
		s, ok := m["o"].(string)
		return s, ok
	}
	return "", false
}

func (c *specgenCanonizer) list(v specgenreflect.Value, depth int) interface{} {
	if n := v.Len(); !c.fits(n) {
		// Its first elements, and a placeholder for the rest: still a
		// list of many elements, which is what its shape says.
		k := specgenListHead
		out := make([]interface{}, 0, k+1)
		for i := 0; i < k; i++ {
			out = append(out, c.value(v.Index(i), depth+1))
		}
		c.cut += (n - k) * specgenNodeCost
		return append(out, specgenOpaque(specgenfmt.Sprintf("<%d more elements>", n-k)))
	}
	out := make([]interface{}, v.Len())
	for i := range out {
		out[i] = c.value(v.Index(i), depth+1)
	}
	return out
}

// specgenKeyLess orders map keys: numbers numerically, strings (and
// opaque values, by their text) lexically, anything else by its JSON form.
func specgenKeyLess(a, b interface{}, ja, jb string) bool {
	fa, oka := specgenNum(a)
	fb, okb := specgenNum(b)
	if oka && okb && fa != fb {
		return fa < fb
	}
	sa, oka := specgenText(a)
	sb, okb := specgenText(b)
	if oka && okb {
		return sa < sb
	}
	return ja < jb
}

func specgenNum(x interface{}) (float64, bool) {
	m, ok := x.(map[string]interface{})
	if !ok || len(m) != 1 {
		return 0, false
	}
	for _, s := range m {
		str, ok := s.(string)
		if !ok {
			return 0, false
		}
		f, err := specgenstrconv.ParseFloat(str, 64)
		return f, err == nil
	}
	return 0, false
}

func specgenFloat(f float64, bits int) string {
	switch {
	case specgenmath.IsNaN(f):
		return "NaN"
	case specgenmath.IsInf(f, 1):
		return "+Inf"
	case specgenmath.IsInf(f, -1):
		return "-Inf"
	}
	return specgenstrconv.FormatFloat(f, 'g', -1, bits)
}

// SpecgenRequest asks a worker to run one probe.
type SpecgenRequest struct {
	ID        string `json:"id"`
	MaxOutput int    `json:"max_output,omitempty"`
	// Mutant selects the mutant of a mutant schema that the probe runs
	// against (0 = the original code); the worker sets it before the
	// probe and resets it after.
	Mutant int `json:"mutant,omitempty"`
}

// SpecgenResponse is what a worker answers.
type SpecgenResponse struct {
	ID      string           `json:"id"`
	Inputs  [][2]interface{} `json:"inputs,omitempty"`
	Outputs []interface{}    `json:"outputs,omitempty"`
	After   *SpecgenAfter    `json:"after,omitempty"`
	// ArgsAfter are arguments as the call left them: name, value.
	ArgsAfter [][2]interface{} `json:"args_after,omitempty"`
	// ArgsBefore are arguments observed through their API (see
	// "argbeforeobs") as the call was given them: name, value.
	ArgsBefore [][2]interface{} `json:"args_before,omitempty"`
	// Globals are the package-level variables the probe set: name, value.
	Globals [][2]interface{} `json:"globals,omitempty"`
	Err     *SpecgenErr      `json:"err,omitempty"`
	Panic   *SpecgenErr      `json:"panic,omitempty"`
	Asserts []bool           `json:"asserts,omitempty"`
	Stdout  string           `json:"stdout,omitempty"`
	Stderr  string           `json:"stderr,omitempty"`
	Nanos   int64            `json:"ns"`
	// CPU is the processor time the process spent while the probe ran,
	// in all its threads, in nanoseconds; Nanos where the worker has no
	// processor clock. A loaded machine stretches Nanos many times over,
	// not CPU.
	CPU     int64 `json:"cpu,omitempty"`
	Covered []int `json:"covered,omitempty"`
	// Built are the coverage blocks run before the call, while its
	// receiver and arguments were built.
	Built []int  `json:"built,omitempty"`
	Fail  string `json:"fail,omitempty"`
	// Cut counts the bytes of values and messages too long to send,
	// replaced by placeholders naming their size (see SpecgenCanon).
	Cut int `json:"cut,omitempty"`
}

// SpecgenWire is a response as the worker writes it: with the
// comparisons the probe made, when the package records them.
type SpecgenWire struct {
	SpecgenResponse
	Cmps []SpecgenCmp `json:"cmps,omitempty"`
}

// SpecgenCmp is a comparison the probe made: A compared with B at a
// comparison site of the instrumented package.
type SpecgenCmp struct {
	Site int    `json:"s"`
	A    string `json:"a"`
	B    string `json:"b"`
}

// SpecgenAfter is the receiver of a method as the call left it; V is
// null for a nil receiver.
type SpecgenAfter struct {
	V interface{} `json:"v"`
}

// SpecgenErr describes a returned error or a panic.
type SpecgenErr struct {
	Message   string   `json:"msg"`
	Type      string   `json:"type,omitempty"`
	Types     []string `json:"types,omitempty"`
	Sentinels []string `json:"sentinels,omitempty"`
}

// SpecgenRecorder receives what a probe reports. The generated probe
// code calls it as rec(kind, name, value) with kind one of:
//
//	"in"        name = parameter name, value = argument
//	"global"    name = package-level variable, value = what the probe set it to
//	"out"       name = result index, value = result
//	"err"       name = the error's type (%T), value = its message
//	"errtypes"  name = known error types along the chain, "\n"-separated
//	"errsent"   name = known sentinels it matches, "\n"-separated
//	"panic"     name = the panic value's type (%T), value = its text
//	"assert"    name = assertion index, value = bool
//	"outobs"    name = result index: the result is observed, a map of
//	            the observers that follow to their values
//	"obs"       name = observer key ("String()", "Len()", "Name"), value = its value
//	"obsagain"  name = the same key, value = the value of a second call;
//	            a different value makes the observer's value "<unstable>"
//	"obspanic"  name = observer key: a call panicked; the value is
//	            "<panic>", or "<unstable>" after a first call that returned
//	"after"     value = the receiver after the call
//	"argafter"  name = parameter name, value = the argument after the call
//	"afterobs"  the receiver after the call is observed: a map of the
//	            observers that follow ("obs", "obsagain", "obspanic")
//	"argafterobs" name = parameter name: the argument after the call is
//	            observed, a map of the observers that follow
//	"argbeforeobs" name = parameter name: the argument before the call,
//	            observed alike, so that one the call left as it was is
//	            not stated after it
//	"call"      the arguments and receiver are built: the call follows
type SpecgenRecorder struct {
	Resp SpecgenResponse
	Opt  SpecgenCanonOptions
	// OnCall, when not nil, is called at "call": SpecgenServe clears the
	// coverage counters there, so that a probe covers what its call
	// runs, not what building its arguments ran (a harvested argument
	// may call the function under test itself).
	OnCall func()
	err    *SpecgenErr
	// obsInto is the map the observers that follow go to: the last
	// result, receiver or argument recorded as observed.
	obsInto map[string]interface{}
	// drained, while a result is observed, holds its observers whose
	// receive-only channel was read (see specgenDrain): a second reading
	// finds it empty, which is no sign of an unstable observer.
	drained map[string]bool
}

// Record is the callback handed to probes.
func (r *SpecgenRecorder) Record(kind, name string, v interface{}) {
	switch kind {
	case "call":
		if r.OnCall != nil {
			r.OnCall()
		}
	case "in":
		r.Resp.Inputs = append(r.Resp.Inputs, [2]interface{}{name, r.canon(v)})
	case "global":
		r.Resp.Globals = append(r.Resp.Globals, [2]interface{}{name, r.canon(v)})
	case "out":
		if drained, ok := specgenDrain(v); ok {
			v = drained
		} else if w, ok := r.drainFields(v); ok {
			r.Resp.Outputs = append(r.Resp.Outputs, w)
			break
		}
		r.Resp.Outputs = append(r.Resp.Outputs, r.canon(v))
	case "errtypes", "errsent":
		if r.err == nil {
			r.err = &SpecgenErr{}
		}
		var list []string
		if name != "" {
			list = specgenstrings.Split(name, "\n")
		}
		if kind == "errtypes" {
			r.err.Types = list
		} else {
			r.err.Sentinels = list
		}
	case "err":
		if r.err == nil {
			r.err = &SpecgenErr{}
		}
		r.err.Type = name
		msg, _ := v.(string)
		r.err.Message = r.text(msg)
		r.Resp.Err = r.err
		r.err = nil
	case "panic":
		msg, _ := v.(string)
		r.Resp.Panic = &SpecgenErr{Type: name, Message: r.text(msg)}
	case "assert":
		b, _ := v.(bool)
		r.Resp.Asserts = append(r.Resp.Asserts, b)
	case "outobs":
		r.obsInto = map[string]interface{}{"m": []interface{}{}}
		r.Resp.Outputs = append(r.Resp.Outputs, r.obsInto)
		r.drained = map[string]bool{}
	case "after":
		r.Resp.After = &SpecgenAfter{V: r.canon(v)}
	case "argafter":
		r.Resp.ArgsAfter = append(r.Resp.ArgsAfter, [2]interface{}{name, r.canon(v)})
	case "afterobs":
		r.obsInto = map[string]interface{}{"m": []interface{}{}}
		r.drained = nil
		r.Resp.After = &SpecgenAfter{V: r.obsInto}
	case "argafterobs":
		r.obsInto = map[string]interface{}{"m": []interface{}{}}
		r.drained = nil
		r.Resp.ArgsAfter = append(r.Resp.ArgsAfter, [2]interface{}{name, r.obsInto})
	case "argbeforeobs":
		r.obsInto = map[string]interface{}{"m": []interface{}{}}
		r.drained = nil
		r.Resp.ArgsBefore = append(r.Resp.ArgsBefore, [2]interface{}{name, r.obsInto})
	case "obs", "obsagain", "obspanic":
		r.observe(kind, name, v)
	}
}

// canon is SpecgenCanon counting what it cuts in the response.
func (r *SpecgenRecorder) canon(v interface{}) interface{} {
	w, cut := specgenCanon(v, r.Opt)
	r.Resp.Cut += cut
	return w
}

// text returns an error's or a panic's message, cut to the budget of a
// value.
func (r *SpecgenRecorder) text(msg string) string {
	if len(msg) <= specgenCanonBudget {
		return msg
	}
	r.Resp.Cut += len(msg) - specgenCanonBudget
	return specgenfmt.Sprintf("%s... (%d bytes cut)", msg[:specgenCanonBudget], len(msg)-specgenCanonBudget)
}

// A channel a call returns is read until it is closed, at most
// specgenDrainLimit values, each within specgenDrainWait.
const (
	specgenDrainLimit = 1000
	specgenDrainWait  = 200 * specgentime.Millisecond
)

// specgenDrain reads what v, a channel a call returned, delivers until
// it is closed, and returns the values as a slice: what the result
// stands for (a set's Iter, a generator). It reports false for anything
// else, and for a channel that is not closed within the bounds, which
// stays an opaque value.
func specgenDrain(v interface{}) (interface{}, bool) {
	ch := specgenreflect.ValueOf(v)
	if !ch.IsValid() || ch.Kind() != specgenreflect.Chan || ch.IsNil() || ch.Type().ChanDir()&specgenreflect.RecvDir == 0 {
		return nil, false
	}
	out := specgenreflect.MakeSlice(specgenreflect.SliceOf(ch.Type().Elem()), 0, 0)
	for out.Len() <= specgenDrainLimit {
		timer := specgentime.NewTimer(specgenDrainWait)
		chosen, x, ok := specgenreflect.Select([]specgenreflect.SelectCase{
			{Dir: specgenreflect.SelectRecv, Chan: ch},
			{Dir: specgenreflect.SelectRecv, Chan: specgenreflect.ValueOf(timer.C)},
		})
		timer.Stop()
		switch {
		case chosen == 1:
			return nil, false
		case !ok:
			return out.Interface(), true
		}
		out = specgenreflect.Append(out, x)
	}
	return nil, false
}

// specgenRecvOnly reports a receive-only channel type (<-chan T), which
// a result exports for its caller to read.
func specgenRecvOnly(t specgenreflect.Type) bool {
	return t != nil && t.Kind() == specgenreflect.Chan && t.ChanDir() == specgenreflect.RecvDir
}

// drainFields is the wire form of v, a struct or a pointer to one that a
// call returned, with its exported receive-only channels read as
// specgenDrain reads a returned channel: an iterator's C, what the
// result stands for. ok is false when v has no such channel that
// specgenDrain could read.
func (r *SpecgenRecorder) drainFields(v interface{}) (interface{}, bool) {
	rv := specgenreflect.ValueOf(v)
	if rv.IsValid() && r.Opt.Unbox != nil {
		if u, ok := r.Opt.Unbox(rv); ok {
			rv = u
		}
	}
	if rv.IsValid() && rv.Kind() == specgenreflect.Ptr {
		if rv.IsNil() {
			return nil, false
		}
		rv = rv.Elem()
	}
	if !rv.IsValid() || rv.Kind() != specgenreflect.Struct {
		return nil, false
	}
	t := rv.Type()
	c := specgenCanonizer{opt: r.Opt, seen: map[uintptr]bool{}, left: specgenCanonBudget}
	// The channels first: a value without one is canonical as it is.
	drained := map[int]interface{}{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if c.exported(f) && specgenRecvOnly(f.Type) {
			if d, ok := specgenDrain(rv.Field(i).Interface()); ok {
				drained[i] = d
			}
		}
	}
	if len(drained) == 0 {
		return nil, false
	}
	// One budget for the whole value, as SpecgenCanon gives it.
	pairs := []interface{}{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !c.exported(f) {
			continue
		}
		fv := rv.Field(i)
		if d, ok := drained[i]; ok {
			fv = specgenreflect.ValueOf(d)
		}
		pairs = append(pairs, []interface{}{f.Name, c.value(fv, 1)})
	}
	r.Resp.Cut += c.cut
	return map[string]interface{}{"m": pairs}, true
}

// The texts of the opaque values of observers that did not give one
// value (executors.ObserverPanic and executors.ObserverUnstable).
const (
	specgenObsPanic    = "<panic>"
	specgenObsUnstable = "<unstable>"
)

// observe records the value of an observer of the last result, or of
// the receiver or an argument after the call once that is observed.
func (r *SpecgenRecorder) observe(kind, key string, v interface{}) {
	m := r.obsInto
	if m == nil {
		return
	}
	pairs, _ := m["m"].([]interface{})
	var last []interface{}
	if len(pairs) > 0 {
		last, _ = pairs[len(pairs)-1].([]interface{})
	}
	again := len(last) == 2 && last[0] == key
	if r.drained != nil && kind == "obs" {
		// A result's exported receive-only channel (an iterator's C)
		// stands for the values it delivers.
		if specgenRecvOnly(specgenreflect.TypeOf(v)) {
			if d, ok := specgenDrain(v); ok {
				v = d
				r.drained[key] = true
			}
		}
	}
	switch {
	case kind == "obs":
		pairs = append(pairs, []interface{}{key, r.canon(v)})
	case again && kind == "obsagain" && r.drained[key]:
	case !again:
		pairs = append(pairs, []interface{}{key, specgenOpaque(specgenObsPanic)})
	case kind == "obspanic" || !specgenreflect.DeepEqual(last[1], SpecgenCanon(v, r.Opt)):
		last[1] = specgenOpaque(specgenObsUnstable)
	}
	m["m"] = pairs
}

// SpecgenCapture redirects os.Stdout and os.Stderr into files while
// probes run, so what a probe prints is reported with it and never mixes
// with the worker's protocol.
type SpecgenCapture struct {
	out, err *specgenos.File
	// The process's own standard output and error, kept reachable: an
	// *os.File that is garbage collected closes its descriptor, and the
	// runtime writes fatal errors and stray panics to descriptor 2.
	origOut, origErr *specgenos.File
}

// SpecgenNewCapture installs the capture files: those specgen opened
// for the worker on descriptors 4 and 5 (SPECGEN_CAPTURE_FDS=4,5), else
// temporary files of its own, their names removed at once.
func SpecgenNewCapture() (*SpecgenCapture, error) {
	var out, errf *specgenos.File
	if specgenos.Getenv("SPECGEN_CAPTURE_FDS") == "4,5" {
		specgenos.Unsetenv("SPECGEN_CAPTURE_FDS")
		out, errf = specgenos.NewFile(4, "specgen-stdout"), specgenos.NewFile(5, "specgen-stderr")
	} else {
		var err error
		if out, err = specgenos.CreateTemp("", "specgen-stdout-*"); err != nil {
			return nil, err
		}
		if errf, err = specgenos.CreateTemp("", "specgen-stderr-*"); err != nil {
			return nil, err
		}
		specgenos.Remove(out.Name())
		specgenos.Remove(errf.Name())
	}
	c := &SpecgenCapture{out: out, err: errf, origOut: specgenos.Stdout, origErr: specgenos.Stderr}
	specgenos.Stdout = out
	specgenos.Stderr = errf
	return c, nil
}

// Take returns what was printed since the last call, at most max bytes of each.
func (c *SpecgenCapture) Take(max int) (string, string) {
	return specgenTake(c.out, max), specgenTake(c.err, max)
}

func specgenTake(f *specgenos.File, max int) string {
	end, err := f.Seek(0, specgenio.SeekCurrent)
	if err != nil || end == 0 {
		return ""
	}
	n := end
	if max > 0 && n > int64(max) {
		n = int64(max)
	}
	buf := make([]byte, n)
	m, _ := f.ReadAt(buf, 0)
	f.Truncate(0)
	f.Seek(0, specgenio.SeekStart)
	s := string(buf[:m])
	if n < end {
		s += specgenfmt.Sprintf("\n... (%d bytes cut)", end-n)
	}
	return s
}

// Files returns the files standing in for standard output and error.
func (c *SpecgenCapture) Files() (stdout, stderr *specgenos.File) { return c.out, c.err }

// specgenSettle gives the goroutines a call started (a job run in the
// background, a waiter that cancels a context) their turn before the
// call's coverage is taken, when more are alive than the live before
// it: it yields until no goroutine waits to run and none but this one
// runs, at most specgenSettleTurns times (a loop the call left running,
// a scheduler's, never settles). What they cover is the call's;
// without their turn it was covered or not as the scheduler pleased.
// A runtime without the goroutine metrics gets a short sleep instead.
func specgenSettle(live int) {
	if specgenruntime.NumGoroutine() <= live {
		return
	}
	s := []specgenmetrics.Sample{{Name: "/sched/goroutines/runnable:goroutines"}, {Name: "/sched/goroutines/running:goroutines"}}
	for i := 0; i < specgenSettleTurns; i++ {
		specgenruntime.Gosched()
		specgenmetrics.Read(s)
		if s[0].Value.Kind() != specgenmetrics.KindUint64 || s[1].Value.Kind() != specgenmetrics.KindUint64 {
			specgentime.Sleep(100 * specgentime.Microsecond)
			return
		}
		if s[0].Value.Uint64() == 0 && s[1].Value.Uint64() <= 1 {
			return
		}
		specgentime.Sleep(20 * specgentime.Microsecond)
	}
}

// specgenSettleTurns bounds the turns specgenSettle gives.
const specgenSettleTurns = 100

// SpecgenServe answers probe requests read from in, one JSON object a
// line, writing one JSON response a line to out. run runs one probe by id
// and reports through the recorder; it returns false for an unknown id.
// covTake returns and clears the coverage blocks run since its last call;
// cmpTake, when not nil, the comparisons made since (sites and operands).
// setMutant, when not nil, selects the active mutant of the package's
// mutant schema; a request for a mutant without it fails.
// capture, when nil, is made and installed here. cpu, when not nil,
// reads the process's processor time in nanoseconds (negative when it
// cannot), which each response's CPU is measured by.
func SpecgenServe(in specgenio.Reader, out specgenio.Writer, run func(id string, rec func(kind, name string, v interface{})) bool, covTake func() []int, cmpTake func() ([]int, []string, []string), setMutant func(int), capture *SpecgenCapture, cpu func() int64, opt SpecgenCanonOptions) error {
	if capture == nil {
		var err error
		if capture, err = SpecgenNewCapture(); err != nil {
			return err
		}
	}
	specgenGuard(capture.origErr)
	sc := specgenbufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	w := specgenbufio.NewWriter(out)
	enc := specgenjson.NewEncoder(w)
	// Keep the capture, and with it the original standard files,
	// reachable for as long as the worker serves.
	defer specgenruntime.KeepAlive(capture)
	for sc.Scan() {
		var req SpecgenRequest
		if err := specgenjson.Unmarshal(sc.Bytes(), &req); err != nil {
			return specgenfmt.Errorf("bad request: %w", err)
		}
		if req.MaxOutput == 0 {
			req.MaxOutput = 64 << 10
		}
		rec := &SpecgenRecorder{Opt: opt}
		if covTake != nil {
			covTake()
			rec.OnCall = func() { rec.Resp.Built = append(rec.Resp.Built, covTake()...) }
		}
		if cmpTake != nil {
			cmpTake()
		}
		found := true
		switch {
		case req.Mutant != 0 && setMutant == nil:
			rec.Resp.Fail = specgenfmt.Sprintf("mutant %d asked of a program without a mutant schema", req.Mutant)
		default:
			if req.Mutant != 0 {
				setMutant(req.Mutant)
			}
			start := specgentime.Now()
			cpu0 := int64(-1)
			if cpu != nil {
				cpu0 = cpu()
			}
			live := specgenruntime.NumGoroutine()
			found = specgenCall(run, req.ID, rec)
			rec.Resp.Nanos = int64(specgentime.Since(start))
			rec.Resp.CPU = rec.Resp.Nanos
			if cpu0 >= 0 {
				if cpu1 := cpu(); cpu1 >= cpu0 {
					rec.Resp.CPU = cpu1 - cpu0
				}
			}
			specgenSettle(live)
			if req.Mutant != 0 {
				setMutant(0)
			}
		}
		rec.Resp.ID = req.ID
		if !found {
			rec.Resp.Fail = "unknown probe " + req.ID
		}
		if covTake != nil {
			rec.Resp.Covered = covTake()
		}
		wire := SpecgenWire{}
		if cmpTake != nil {
			sites, a, b := cmpTake()
			for i := range sites {
				wire.Cmps = append(wire.Cmps, SpecgenCmp{Site: sites[i], A: a[i], B: b[i]})
			}
		}
		rec.Resp.Stdout, rec.Resp.Stderr = capture.Take(req.MaxOutput)
		wire.SpecgenResponse = rec.Resp
		if err := enc.Encode(&wire); err != nil {
			rec.Resp = SpecgenResponse{ID: req.ID, Fail: "encode response: " + err.Error()}
			if err := enc.Encode(&rec.Resp); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// specgenCall runs one probe; the generated code recovers the probe's own
// panics, this catches anything that escapes it (a panic in the recorder).
func specgenCall(run func(id string, rec func(kind, name string, v interface{})) bool, id string, rec *SpecgenRecorder) (found bool) {
	defer func() {
		if r := recover(); r != nil {
			found = true
			rec.Resp.Panic = &SpecgenErr{Type: specgenfmt.Sprintf("%T", r), Message: specgenfmt.Sprint(r)}
		}
	}()
	return run(id, rec.Record)
}

// specgenGuard bounds the worker's stack and heap, so that runaway
// recursion or allocation ends the worker quickly with a clear message
// on stderr (its file descriptor, whatever os.Stderr holds by then).
func specgenGuard(stderr specgenio.Writer) {
	specgendebug.SetMaxStack(256 << 20)
	limit := int64(2 << 30)
	if s := specgenos.Getenv("SPECGEN_MEMLIMIT"); s != "" {
		if n, err := specgenstrconv.ParseInt(s, 10, 64); err == nil && n > 0 {
			limit = n
		}
	}
	specgendebug.SetMemoryLimit(limit / 2)
	go func() {
		// runtime/metrics reads without stopping the world, so the heap
		// can be watched often.
		sample := []specgenmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			specgentime.Sleep(10 * specgentime.Millisecond)
			specgenmetrics.Read(sample)
			if sample[0].Value.Kind() != specgenmetrics.KindUint64 {
				continue
			}
			if heap := int64(sample[0].Value.Uint64()); heap > limit {
				specgenfmt.Fprintf(stderr, "specgen: memory limit exceeded: heap %d MiB > %d MiB\n", heap>>20, limit>>20)
				specgenos.Exit(86)
			}
		}
	}()
}
