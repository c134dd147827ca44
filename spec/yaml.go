package spec

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	goparser "go/parser"
	"go/scanner"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// maxValueNodes bounds the number of nodes one ValueFromNode call may
// visit, so that a small document with nested aliases (a "billion
// laughs") cannot expand into a huge value.
const maxValueNodes = 1 << 20

// flowWidth is the longest rendering (as Value.String prints it) of a
// list or map that Node writes in flow style on one line.
const flowWidth = 60

// YAML tags, short form.
const (
	tagNull      = "!!null"
	tagBool      = "!!bool"
	tagInt       = "!!int"
	tagFloat     = "!!float"
	tagStr       = "!!str"
	tagBinary    = "!!binary"
	tagTimestamp = "!!timestamp"
	tagSeq       = "!!seq"
	tagMap       = "!!map"
	tagMerge     = "!!merge"
)

// decimalInt matches the integers whose overflow ValueFromNode reports
// instead of letting YAML turn them into floats.
var decimalInt = regexp.MustCompile(`^[-+]?[0-9][0-9_]*$`)

// ValueFromNode converts a YAML node to a canonical Value: !!int to Int
// (Uint above math.MaxInt64), !!float (with .nan, .inf, -.inf) to Float,
// !!str and !!timestamp to String (the text as written), !!binary to the
// String of its decoded bytes, !!bool, !!null, sequences to List and
// mappings to Map with entries in document order. Aliases and merge keys
// (<<) are resolved. A document node stands for its content.
//
// Errors are of type *Error and carry the line and column of the node
// at fault (with an empty file name).
func ValueFromNode(n *yaml.Node) (Value, error) {
	d := valueDecoder{budget: maxValueNodes, active: map[*yaml.Node]bool{}}
	return d.value(n)
}

type valueDecoder struct {
	budget int
	// active holds the anchored nodes being decoded, to catch an alias
	// that refers to a node containing it.
	active map[*yaml.Node]bool
}

func nodeErrorf(n *yaml.Node, format string, args ...any) *Error {
	return &Error{Pos: Pos{Line: n.Line, Col: n.Column}, Msg: fmt.Sprintf(format, args...)}
}

func (d *valueDecoder) value(n *yaml.Node) (Value, error) {
	if n == nil {
		return Value{}, nil
	}
	d.budget--
	if d.budget < 0 {
		return Value{}, nodeErrorf(n, "value too large: more than %d nodes after expanding aliases", maxValueNodes)
	}
	switch n.Kind {
	case 0:
		return Value{}, nil // the zero Node: an empty document
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return Value{}, nil
		}
		return d.value(n.Content[0])
	case yaml.AliasNode:
		if n.Alias == nil {
			return Value{}, nodeErrorf(n, "unknown anchor %q", n.Value)
		}
		if d.active[n.Alias] {
			return Value{}, nodeErrorf(n, "alias *%s refers to a value that contains it", n.Value)
		}
		d.active[n.Alias] = true
		defer delete(d.active, n.Alias)
		return d.value(n.Alias)
	case yaml.ScalarNode:
		return scalarValue(n)
	case yaml.SequenceNode:
		if t := n.ShortTag(); t != tagSeq {
			return Value{}, nodeErrorf(n, "unsupported tag %s on a sequence", t)
		}
		l := Value{Kind: List, List: make([]Value, 0, len(n.Content))}
		for _, c := range n.Content {
			v, err := d.value(c)
			if err != nil {
				return Value{}, err
			}
			l.List = append(l.List, v)
		}
		return l, nil
	case yaml.MappingNode:
		if t := n.ShortTag(); t != tagMap {
			return Value{}, nodeErrorf(n, "unsupported tag %s on a mapping", t)
		}
		if expr, ok := codeNode(n); ok {
			return codeValue(expr)
		}
		return d.mapping(n)
	}
	return Value{}, nodeErrorf(n, "unknown YAML node kind %d", n.Kind)
}

// codeKey is the one key of the mapping that writes a value built by
// Go code: {go: 'NewStack(3)'}.
const codeKey = "go"

// codeNode reports whether n writes a value built by code: a mapping
// without an explicit tag whose only key is go and whose value is a
// string. It returns the string's node. A map that happens to have the
// one key go and a string value is written with the tag: !!map {go: x}.
func codeNode(n *yaml.Node) (*yaml.Node, bool) {
	if n.Kind != yaml.MappingNode || n.Style&yaml.TaggedStyle != 0 || len(n.Content) != 2 {
		return nil, false
	}
	k, v := n.Content[0], derefNode(n.Content[1])
	if k.Kind != yaml.ScalarNode || k.ShortTag() != tagStr || k.Value != codeKey {
		return nil, false
	}
	if v == nil || v.Kind != yaml.ScalarNode || v.ShortTag() != tagStr {
		return nil, false
	}
	return v, true
}

// codeValue checks that the scalar n holds a Go expression.
func codeValue(n *yaml.Node) (Value, error) {
	if err := CheckCode(n.Value); err != nil {
		return Value{}, nodeErrorf(n, "%s: %v", codeKey, err)
	}
	return CodeValue(n.Value), nil
}

// CheckCode checks that expr, the text of a value built by code, is one
// Go expression.
func CheckCode(expr string) error {
	if strings.TrimSpace(expr) == "" {
		return errors.New("empty Go expression")
	}
	if _, err := goparser.ParseExpr(expr); err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			e := list[0]
			if e.Pos.Line > 1 {
				return fmt.Errorf("not a Go expression: line %d:%d of %q: %s", e.Pos.Line, e.Pos.Column, expr, e.Msg)
			}
			return fmt.Errorf("not a Go expression: column %d of %q: %s", e.Pos.Column, expr, e.Msg)
		}
		return fmt.Errorf("not a Go expression %q: %v", expr, err)
	}
	return nil
}

// isCodeMap reports whether the map v would read back as a value built
// by code if written plainly.
func (v Value) isCodeMap() bool {
	return v.Kind == Map && len(v.Map) == 1 && v.Map[0].Key.Kind == String && v.Map[0].Key.Str == codeKey && v.Map[0].Val.Kind == String
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.ShortTag() == tagMerge
}

// mapping decodes a mapping node. Explicit keys win over merged ones,
// wherever the merge key stands; merged entries take the place of the
// merge key.
func (d *valueDecoder) mapping(n *yaml.Node) (Value, error) {
	var keys []Value
	explicit := newKeyIndex()
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if isMergeKey(k) {
			continue
		}
		kv, err := d.value(k)
		if err != nil {
			return Value{}, err
		}
		if j, ok := explicit.find(kv); ok {
			return Value{}, nodeErrorf(k, "duplicate key %s (first at line %d)", kv, n.Content[2*j].Line)
		}
		explicit.add(kv, i/2)
		keys = append(keys, kv)
	}
	m := Value{Kind: Map, Map: make([]Entry, 0, len(n.Content)/2)}
	merged := newKeyIndex()
	next := 0
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !isMergeKey(k) {
			val, err := d.value(v)
			if err != nil {
				return Value{}, err
			}
			m.Map = append(m.Map, Entry{Key: keys[next], Val: val})
			next++
			continue
		}
		entries, err := d.mergeSources(v)
		if err != nil {
			return Value{}, err
		}
		for _, e := range entries {
			_, isExplicit := explicit.find(e.Key)
			if _, dup := merged.find(e.Key); !isExplicit && !dup {
				merged.add(e.Key, 0)
				m.Map = append(m.Map, e)
			}
		}
	}
	return m, nil
}

// mergeSources decodes the value of a merge key: a mapping, or a list of
// mappings of which the earlier win.
func (d *valueDecoder) mergeSources(v *yaml.Node) ([]Entry, error) {
	src := derefNode(v)
	var srcs []*yaml.Node
	switch src.Kind {
	case yaml.MappingNode:
		srcs = []*yaml.Node{v}
	case yaml.SequenceNode:
		srcs = src.Content
	default:
		return nil, nodeErrorf(v, "merge key << wants a mapping or a list of mappings")
	}
	var out []Entry
	seen := newKeyIndex()
	for _, s := range srcs {
		if derefNode(s).Kind != yaml.MappingNode {
			return nil, nodeErrorf(s, "merge key << wants a mapping or a list of mappings")
		}
		mv, err := d.value(s)
		if err != nil {
			return nil, err
		}
		for _, e := range mv.Map {
			if _, ok := seen.find(e.Key); !ok {
				seen.add(e.Key, 0)
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// keyIndex finds map keys by sameKey in constant time for scalar keys
// (a linear search of earlier keys made a large mapping quadratic).
type keyIndex struct {
	scalars map[scalarKey]int
	// others holds the list and map keys, searched in order.
	others []Entry
}

// scalarKey is a scalar Value as a Go map key: == on it is sameKey.
type scalarKey struct {
	kind Kind
	b    bool
	i    int64
	u    uint64
	f    float64
	s    string
}

func newKeyIndex() *keyIndex { return &keyIndex{scalars: map[scalarKey]int{}} }

func asScalarKey(k Value) (scalarKey, bool) {
	switch k.Kind {
	case List, Map, Opaque:
		return scalarKey{}, false
	case Null:
		return scalarKey{kind: Null}, true
	case String, Code:
		return scalarKey{kind: k.Kind, s: k.Str}, true
	case Float:
		return scalarKey{kind: Float, f: k.Float}, true
	}
	return scalarKey{kind: k.Kind, b: k.Bool, i: k.Int, u: k.Uint}, true
}

// add records key k with the number i.
func (x *keyIndex) add(k Value, i int) {
	if sk, ok := asScalarKey(k); ok {
		x.scalars[sk] = i
		return
	}
	x.others = append(x.others, Entry{Key: k, Val: IntValue(int64(i))})
}

// find returns the number of the key that is the same as k.
func (x *keyIndex) find(k Value) (int, bool) {
	if sk, ok := asScalarKey(k); ok {
		i, found := x.scalars[sk]
		return i, found
	}
	for _, e := range x.others {
		if sameKey(e.Key, k) {
			return int(e.Val.Int), true
		}
	}
	return 0, false
}

// derefNode follows aliases (without loops: yaml.v3 never makes an
// alias of an alias point back to itself without a collection between).
func derefNode(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// sameKey reports whether two map keys are the same Go map key: same
// kind and value, with 0.0 == -0.0 and NaN never equal.
func sameKey(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.Bool == b.Bool
	case Int:
		return a.Int == b.Int
	case Uint:
		return a.Uint == b.Uint
	case Float:
		return a.Float == b.Float
	case String, Code:
		return a.Str == b.Str
	case List:
		if len(a.List) != len(b.List) {
			return false
		}
		for i := range a.List {
			if !sameKey(a.List[i], b.List[i]) {
				return false
			}
		}
		return true
	case Map:
		if len(a.Map) != len(b.Map) {
			return false
		}
		for i := range a.Map {
			if !sameKey(a.Map[i].Key, b.Map[i].Key) || !sameKey(a.Map[i].Val, b.Map[i].Val) {
				return false
			}
		}
		return true
	}
	return false
}

func scalarValue(n *yaml.Node) (Value, error) {
	tag := n.ShortTag()
	switch tag {
	case tagStr, tagTimestamp, tagMerge, "!":
		return StringValue(n.Value), nil
	case tagNull:
		if err := n.Decode(new(any)); err != nil {
			return Value{}, nodeErrorf(n, "%s", yamlMessage(err))
		}
		return Value{}, nil
	case tagBool:
		var b bool
		if err := n.Decode(&b); err != nil {
			return Value{}, nodeErrorf(n, "%s", yamlMessage(err))
		}
		return BoolValue(b), nil
	case tagInt:
		var x any
		if err := n.Decode(&x); err != nil {
			return Value{}, nodeErrorf(n, "%s", yamlMessage(err))
		}
		switch i := x.(type) {
		case int:
			return IntValue(int64(i)), nil
		case int64:
			return IntValue(i), nil
		case uint64:
			if i <= math.MaxInt64 {
				return IntValue(int64(i)), nil
			}
			return UintValue(i), nil
		case float64:
			// An explicit !!int on a float text: keep the integer if exact.
			if i == math.Trunc(i) && math.Abs(i) < 1<<63 {
				return IntValue(int64(i)), nil
			}
		}
		return Value{}, nodeErrorf(n, "invalid integer %q", n.Value)
	case tagFloat:
		if n.Style&yaml.TaggedStyle == 0 && decimalInt.MatchString(n.Value) {
			return Value{}, nodeErrorf(n, "integer %s out of range", n.Value)
		}
		var f float64
		if err := n.Decode(&f); err != nil {
			return Value{}, nodeErrorf(n, "%s", yamlMessage(err))
		}
		return FloatValue(f), nil
	case tagBinary:
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(n.Value), ""))
		if err != nil {
			return Value{}, nodeErrorf(n, "invalid !!binary data: %v", err)
		}
		return StringValue(string(b)), nil
	}
	return Value{}, nodeErrorf(n, "unsupported tag %s", tag)
}

// yamlMessage strips yaml.v3's "yaml: " prefix (and the "unmarshal
// errors" header of a TypeError) from err.
func yamlMessage(err error) string {
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg := te.Errors[0]
		if i := strings.Index(msg, ": "); strings.HasPrefix(msg, "line ") && i >= 0 {
			msg = msg[i+2:]
		}
		return msg
	}
	return strings.TrimPrefix(err.Error(), "yaml: ")
}

// Node returns the YAML form of v: scalars carry their tag so that they
// read back as the same kind ("123" the string is quoted, 1.0 the float
// keeps its point, NaN is .nan), multi-line strings use the literal
// style, strings that are not valid UTF-8 are !!binary, and map entries
// keep their order. Short lists and maps of scalars are written in flow
// style ([1, 2], {x: 1}).
func (v Value) Node() *yaml.Node {
	switch v.Kind {
	case Null:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagNull, Value: "null"}
	case Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagBool, Value: strconv.FormatBool(v.Bool)}
	case Int:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagInt, Value: strconv.FormatInt(v.Int, 10)}
	case Uint:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagInt, Value: strconv.FormatUint(v.Uint, 10)}
	case Float:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagFloat, Value: FormatFloat(v.Float)}
	case String, Opaque:
		return stringNode(v.Str)
	case Code:
		return codeNodeOf(v.Str)
	case List:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: tagSeq, Content: make([]*yaml.Node, 0, len(v.List))}
		for _, e := range v.List {
			n.Content = append(n.Content, e.Node())
		}
		if v.flowable() {
			n.Style = yaml.FlowStyle
		}
		return n
	case Map:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, Content: make([]*yaml.Node, 0, 2*len(v.Map))}
		for _, e := range v.Map {
			n.Content = append(n.Content, e.Key.Node(), e.Val.Node())
		}
		if v.flowable() {
			n.Style = yaml.FlowStyle
		}
		if v.isCodeMap() {
			// Tagged, so that it does not read back as code.
			n.Style |= yaml.TaggedStyle
		}
		return n
	}
	// Unknown kinds cannot come from the constructors; write them as null.
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagNull, Value: "null"}
}

// codeNodeOf writes a value built by code: {go: 'expr'} on one line,
// the expression single-quoted (Go code is full of double quotes) unless
// it holds a rune literal.
func codeNodeOf(expr string) *yaml.Node {
	val := stringNode(expr)
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, Content: []*yaml.Node{keyNode(codeKey), val}}
	if val.Tag == tagStr && val.Style == 0 && !strings.ContainsAny(expr, "\n\r\u0085\u2028\u2029") {
		val.Style = yaml.SingleQuotedStyle
		if strings.Contains(expr, "'") {
			val.Style = yaml.DoubleQuotedStyle
		}
		n.Style = yaml.FlowStyle
	}
	return n
}

func stringNode(s string) *yaml.Node {
	if !utf8.ValidString(s) {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagBinary, Value: base64.StdEncoding.EncodeToString([]byte(s))}
	}
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: s}
	if s == "<<" || strings.Contains(s, "\n") && !literalSafe(s) || looksNonString(s) {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// Strings that yaml.v3 would read back as strings but other YAML tools
// (YAML 1.1 ones, editors) may not: numbers out of float64 range, YAML
// 1.1 booleans (but for y and n, common field names that few tools
// take for booleans) and base-60 numbers. Node quotes them, as yaml.v3 does
// for Go strings.
var (
	numberLike = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$`)
	base60Like = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
)

func looksNonString(s string) bool {
	switch s {
	case "yes", "Yes", "YES", "on", "On", "ON", "no", "No", "NO", "off", "Off", "OFF":
		return true
	}
	return numberLike.MatchString(s) || base60Like.MatchString(s)
}

// literalSafe reports whether yaml.v3 writes the multi-line string s in
// a literal block that reads back as s. It does not for leading line
// breaks (they are dropped), lines that start with a tab (they read as
// bad indentation), and line breaks other than \n (normalised).
func literalSafe(s string) bool {
	if strings.HasPrefix(s, "\n") || strings.ContainsAny(s, "\r\u0085\u2028\u2029") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "\t") {
			return false
		}
	}
	return true
}

// flowable reports whether a list or map is short and flat enough to be
// written on one line.
func (v Value) flowable() bool {
	if len(v.List) == 0 && len(v.Map) == 0 {
		return true
	}
	if !v.simple() {
		return false
	}
	return len(v.String()) <= flowWidth
}

// simple reports whether v holds no multi-line or non-UTF-8 string and
// no map key that is itself a list or map.
func (v Value) simple() bool {
	switch v.Kind {
	case String, Opaque, Code:
		return utf8.ValidString(v.Str) && !strings.ContainsAny(v.Str, "\n\r\u0085\u2028\u2029")
	case List:
		for _, e := range v.List {
			if !e.simple() {
				return false
			}
		}
	case Map:
		for _, e := range v.Map {
			if e.Key.Kind == List || e.Key.Kind == Map || !e.Key.simple() || !e.Val.simple() {
				return false
			}
		}
	}
	return true
}

// MarshalYAML writes v as Node does.
func (v Value) MarshalYAML() (any, error) { return v.Node(), nil }

// UnmarshalYAML reads v as ValueFromNode does.
func (v *Value) UnmarshalYAML(n *yaml.Node) error {
	val, err := ValueFromNode(n)
	if err != nil {
		return err
	}
	*v = val
	return nil
}

// parseDurationNode reads a Duration: a number of milliseconds or a Go
// duration string. The error message does not name the node's position.
func parseDurationNode(n *yaml.Node) (Duration, error) {
	n = derefNode(n)
	if n.Kind != yaml.ScalarNode {
		return Duration{}, fmt.Errorf("want milliseconds or a Go duration such as 50ms, got %s", nodeKindName(n))
	}
	switch n.ShortTag() {
	case tagInt, tagFloat:
		var ms float64
		if err := n.Decode(&ms); err != nil {
			return Duration{}, fmt.Errorf("invalid duration %q: want milliseconds or a Go duration such as 50ms", n.Value)
		}
		return durationFromMillis(ms, n.Value)
	case tagStr:
		d, err := time.ParseDuration(n.Value)
		if err != nil {
			return Duration{}, fmt.Errorf("invalid duration %q: want milliseconds or a Go duration such as 50ms", n.Value)
		}
		return Duration{d}, nil
	}
	return Duration{}, fmt.Errorf("invalid duration %q: want milliseconds or a Go duration such as 50ms", n.Value)
}

func durationFromMillis(ms float64, text string) (Duration, error) {
	ns := ms * float64(time.Millisecond)
	if math.IsNaN(ns) || ns >= math.MaxInt64 || ns <= math.MinInt64 {
		return Duration{}, fmt.Errorf("invalid duration %q: out of range", text)
	}
	return Duration{time.Duration(math.Round(ns))}, nil
}

// MarshalYAML writes d as a Go duration string ("1.5s").
func (d Duration) MarshalYAML() (any, error) { return d.String(), nil }

// UnmarshalYAML reads a number of milliseconds or a Go duration string.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := parseDurationNode(n)
	if err != nil {
		return nodeErrorf(n, "%v", err)
	}
	*d = v
	return nil
}

// MarshalJSON writes d as a Go duration string ("1.5s").
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// UnmarshalJSON reads a number of milliseconds or a Go duration string.
func (d *Duration) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("invalid duration %q: want milliseconds or a Go duration such as 50ms", s)
		}
		d.Duration = v
		return nil
	}
	var ms float64
	if err := json.Unmarshal(data, &ms); err != nil {
		return fmt.Errorf("invalid duration %s: want milliseconds or a Go duration such as 50ms", data)
	}
	v, err := durationFromMillis(ms, string(data))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// nodeKindName names the shape of a node for messages: "a string",
// "a list", "a mapping", "null", "an integer", ….
func nodeKindName(n *yaml.Node) string {
	n = derefNode(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case tagNull:
			return "null"
		case tagBool:
			return "a boolean"
		case tagInt:
			return "an integer"
		case tagFloat:
			return "a float"
		}
		return "a string"
	}
	return "a document"
}
