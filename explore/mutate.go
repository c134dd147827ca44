package explore

import (
	"go/types"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/specgen-dev/specgen/spec"
)

// maxMutatedString bounds the length of mutated strings.
const maxMutatedString = 4096

// mutator changes values a little, guided by their Go type and by the
// tokens mined from the function.
type mutator struct {
	rng *rand.Rand
	g   *valueGen
	// tokens are the mined strings worth inserting into strings.
	tokens []string
	// alphabet are single characters worth inserting.
	alphabet []string
	// splice returns another corpus value of the same position, for
	// crossing two inputs; nil when there is none.
	splice func() (spec.Value, bool)
	// values are whole valid values of the package: samples of its
	// regular expressions, its string constants, and what the probes
	// reported for the inputs made by its own code (Builtin.Explore
	// adds those).
	values []string
}

func newMutator(rng *rand.Rand, g *valueGen) *mutator {
	m := g.m
	var tokens []string
	for _, l := range [][]string{m.words, m.seps, m.prefixes, m.suffixes, m.classes, m.docs, m.chars, m.matches, m.related, m.pkgMatches, m.own} {
		for _, s := range l {
			if s != "" && len(s) <= 32 {
				tokens = append(tokens, s)
			}
		}
	}
	tokens = append(tokens, g.numberStrings()...)
	alpha := map[string]bool{}
	var alphabet []string
	for _, r := range "0123456789.,-+ eE_xXabcZ:;=/%#\t" {
		if s := string(r); !alpha[s] {
			alpha[s] = true
			alphabet = append(alphabet, s)
		}
	}
	for _, t := range tokens {
		for _, r := range t {
			if s := string(r); !alpha[s] {
				alpha[s] = true
				alphabet = append(alphabet, s)
			}
		}
	}
	var values []string
	for _, l := range [][]string{m.matches, m.pkgMatches, m.own} {
		for _, s := range l {
			if s != "" && len(s) <= maxOwnLen {
				values = append(values, s)
			}
		}
	}
	return &mutator{rng: rng, g: g, tokens: dedupeStrings(tokens), alphabet: alphabet, values: dedupeStrings(values)}
}

// candidate picks one of t's generated candidates, favouring early ones.
func (mu *mutator) candidate(t types.Type, depth int) spec.Value {
	if v, ok := mu.asserted(t, depth); ok {
		return v
	}
	vs := mu.g.valuesAt(t, depth)
	if len(vs) == 0 {
		return zeroValue(t)
	}
	n := len(vs)
	if mu.rng.IntN(2) == 0 {
		n = min(n, 32)
	}
	return copyValue(vs[mu.rng.IntN(n)])
}

// mutate returns a changed copy of v, a value of type t, and the name
// of the change.
func (mu *mutator) mutate(t types.Type, v spec.Value, depth int) (spec.Value, string) {
	if v.Kind == spec.Code {
		// A keyed literal of the package's struct is changed by one of
		// its fields, mutated as a value of the field's type.
		if lv, ok := mu.g.lits[v.Str]; ok && mu.rng.IntN(3) > 0 {
			if code, op, ok := mu.field(lv, depth); ok {
				return spec.CodeValue(code), op
			}
		}
		// Code is changed by one of its literals (what a constructor
		// parses), or as a whole: another of the type's candidates. A
		// function is only swapped: its literals are what it returns or
		// panics with, each another of the candidates at best.
		if _, fn := t.Underlying().(*types.Signature); !fn && mu.rng.IntN(2) == 0 {
			if code, op, ok := mu.codeLiteral(v.Str); ok {
				return spec.CodeValue(code), "literal " + op
			}
		}
		return mu.candidate(t, depth), "replace"
	}
	v = coerce(v, t)
	if depth > maxDepth {
		return mu.candidate(t, depth), "replace"
	}
	if isDuration(t) {
		return mu.duration(v)
	}
	if isTime(t) {
		return mu.time(t, v)
	}
	if _, ok := types.Unalias(t).(*types.Named); ok && mu.rng.IntN(8) == 0 {
		return mu.candidate(t, depth), "replace"
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsBoolean != 0:
			return spec.BoolValue(!v.Bool), "flip"
		case info&types.IsString != 0:
			s, op := mu.str(v.Str)
			return spec.StringValue(s), op
		case info&types.IsInteger != 0:
			return mu.integer(u, v)
		case info&types.IsFloat != 0:
			return mu.float(v.Float, u.Kind() == types.Float32)
		}
	case *types.Pointer:
		if v.Kind == spec.Null {
			if c := mu.candidate(u.Elem(), depth+1); c.Kind != spec.Code {
				return c, "point"
			}
			// Code builds a value of the element type, not a pointer.
			return mu.candidate(t, depth), "replace"
		}
		if mu.rng.IntN(8) == 0 {
			return spec.NullValue(), "nil"
		}
		if e, op := mu.mutate(u.Elem(), v, depth+1); e.Kind != spec.Code {
			return e, op
		}
		// The element was replaced by code, which builds an element,
		// not a pointer to one.
		return mu.candidate(t, depth), "replace"
	case *types.Slice:
		return mu.list(u.Elem(), v, depth, -1)
	case *types.Array:
		return mu.list(u.Elem(), v, depth, int(u.Len()))
	case *types.Map:
		return mu.mapValue(u, v, depth)
	case *types.Struct:
		fields := exportedFields(u)
		if len(fields) == 0 {
			return v, "none"
		}
		i := mu.rng.IntN(len(fields))
		out := copyValue(v)
		if mu.rng.IntN(3) == 0 {
			out.Map[i].Val = mu.candidate(fields[i].Type(), depth+1)
			return out, "field " + fields[i].Name() + " replaced"
		}
		nv, op := mu.mutate(fields[i].Type(), out.Map[i].Val, depth+1)
		out.Map[i].Val = nv
		return out, "field " + fields[i].Name() + " " + op
	case *types.Interface:
		if !u.Empty() {
			return spec.NullValue(), "nil"
		}
		if v, ok := mu.asserted(t, depth); ok {
			return v, "asserted"
		}
		switch v.Kind {
		case spec.String, spec.Opaque:
			s, op := mu.str(v.Str)
			return spec.StringValue(s), op
		case spec.Int:
			return mu.integer(types.Typ[types.Int], v)
		case spec.Float:
			return mu.float(v.Float, false)
		}
	}
	return mu.candidate(t, depth), "replace"
}

// coerce brings a reported value to the kind the generator uses for t
// (an executor may report a time.Duration as text, []byte as a string).
func coerce(v spec.Value, t types.Type) spec.Value {
	if isTime(t) {
		return v
	}
	if isDuration(t) && v.Kind == spec.String {
		if d, err := time.ParseDuration(v.Str); err == nil {
			return spec.IntValue(int64(d))
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsString != 0 && v.Kind != spec.String:
			return spec.StringValue("")
		case info&types.IsBoolean != 0 && v.Kind != spec.Bool:
			return spec.BoolValue(false)
		case info&types.IsUnsigned != 0:
			switch v.Kind {
			case spec.Int:
				if v.Int >= 0 {
					return spec.UintValue(uint64(v.Int))
				}
				return spec.UintValue(0)
			case spec.Uint:
				return v
			}
			return spec.UintValue(0)
		case info&types.IsInteger != 0:
			switch v.Kind {
			case spec.Uint:
				if v.Uint <= math.MaxInt64 {
					return spec.IntValue(int64(v.Uint))
				}
				return spec.IntValue(math.MaxInt64)
			case spec.Float:
				return spec.IntValue(int64(v.Float))
			case spec.Int:
				return v
			}
			return spec.IntValue(0)
		case info&types.IsFloat != 0:
			switch v.Kind {
			case spec.Int:
				return spec.FloatValue(float64(v.Int))
			case spec.Uint:
				return spec.FloatValue(float64(v.Uint))
			case spec.Float:
				return v
			}
			return spec.FloatValue(0)
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && v.Kind == spec.String {
			return bytesValue(v.Str)
		}
		if v.Kind != spec.List && v.Kind != spec.Null {
			return spec.NullValue()
		}
	case *types.Struct:
		fields := exportedFields(u)
		out := spec.Value{Kind: spec.Map, Map: make([]spec.Entry, len(fields))}
		for i, f := range fields {
			fv, ok := v.Field(f.Name())
			if !ok {
				fv = zeroValue(f.Type())
			}
			out.Map[i] = spec.Entry{Key: spec.StringValue(f.Name()), Val: coerce(fv, f.Type())}
		}
		return out
	case *types.Map:
		if v.Kind != spec.Map && v.Kind != spec.Null {
			return spec.NullValue()
		}
	}
	return v
}

func bytesValue(s string) spec.Value {
	l := spec.ListValue()
	for i := 0; i < len(s); i++ {
		l.List = append(l.List, spec.UintValue(uint64(s[i])))
	}
	return l
}

// asserted is, half the time, a value of one of the types the code
// asserts an empty interface to (see valueGen.assertedValues), for t an
// empty interface: among the many candidates of an any, those are the
// few that take the code's branches. ok is false otherwise; no random
// number is drawn for a t of another type or code that asserts to none.
func (mu *mutator) asserted(t types.Type, depth int) (spec.Value, bool) {
	if !emptyInterface(t) {
		return spec.Value{}, false
	}
	first, second := mu.g.assertedValues(depth)
	all := append(first, second...)
	if len(all) == 0 || mu.rng.IntN(2) == 0 {
		return spec.Value{}, false
	}
	return copyValue(all[mu.rng.IntN(len(all))]), true
}

// field changes one field of a keyed literal written from lv (see
// fieldLits), mutated as a value of its type one level down: an
// unexported struct's []any field gets the element its method tests
// for, its string the separator the method looks for. ok is false when
// the changed value cannot be written.
func (mu *mutator) field(lv litVals, depth int) (string, string, bool) {
	i := mu.rng.IntN(len(lv.vals))
	v, op := mu.mutate(lv.lit.vars[i].Type(), copyValue(lv.vals[i]), depth+1)
	vals := append([]spec.Value(nil), lv.vals...)
	vals[i] = v
	code, ok := mu.g.litCode(lv.lit, vals)
	return code, lv.lit.names[i] + ": " + op, ok
}

func (mu *mutator) token() string {
	if len(mu.tokens) > 0 && mu.rng.IntN(3) > 0 {
		return mu.tokens[mu.rng.IntN(len(mu.tokens))]
	}
	return mu.alphabet[mu.rng.IntN(len(mu.alphabet))]
}

// str changes a string with one to three stacked edits.
func (mu *mutator) str(s string) (string, string) {
	n := 1 + mu.rng.IntN(3)
	var ops []string
	for i := 0; i < n; i++ {
		var op string
		s, op = mu.strOnce(s)
		ops = append(ops, op)
	}
	if len(s) > maxMutatedString {
		s = s[:maxMutatedString]
	}
	return s, strings.Join(ops, "+")
}

// structuralShare is the share of string mutations that change a
// structured string by its units (see structural), 1 in structuralShare;
// the others keep their shares of the rest.
const structuralShare = 4

func (mu *mutator) strOnce(s string) (string, string) {
	if !mu.g.noOwn && mu.rng.IntN(structuralShare) == 0 {
		if out, op, ok := mu.structural(s); ok {
			return out, op
		}
	}
	r := []rune(s)
	pos := func() int { return mu.rng.IntN(len(r) + 1) }
	if strings.ContainsAny(s, "0123456789") && mu.rng.IntN(6) == 0 {
		// Numbers inside text are often what the code reads.
		return mu.renumber(s), "renumber"
	}
	switch mu.rng.IntN(16) {
	case 0, 1:
		i := pos()
		return string(r[:i]) + mu.token() + string(r[i:]), "insert"
	case 2:
		return mu.token() + s, "prepend"
	case 3:
		return s + mu.token(), "append"
	case 4:
		if len(r) == 0 {
			return mu.token(), "insert"
		}
		i := mu.rng.IntN(len(r))
		j := min(len(r), i+1+mu.rng.IntN(3))
		return string(r[:i]) + string(r[j:]), "delete"
	case 5:
		if len(r) == 0 {
			return s, "none"
		}
		i := mu.rng.IntN(len(r))
		j := min(len(r), i+1+mu.rng.IntN(4))
		return string(r[:j]) + string(r[i:j]) + string(r[j:]), "duplicate"
	case 6:
		if len(r) == 0 {
			return mu.token(), "insert"
		}
		i := mu.rng.IntN(len(r))
		return string(r[:i]) + mu.alphabet[mu.rng.IntN(len(mu.alphabet))] + string(r[i+1:]), "replace char"
	case 7:
		return mu.renumber(s), "renumber"
	case 8:
		if mu.splice != nil {
			if o, ok := mu.splice(); ok && (o.Kind == spec.String || o.Kind == spec.Opaque) {
				or := []rune(o.Str)
				return string(r[:mu.rng.IntN(len(r)+1)]) + string(or[mu.rng.IntN(len(or)+1):]), "splice"
			}
		}
		return s + mu.token(), "append"
	case 9:
		switch mu.rng.IntN(3) {
		case 0:
			return strings.ToUpper(s), "upper"
		case 1:
			return strings.ToLower(s), "lower"
		}
		if len(r) > 0 {
			return strings.ToUpper(string(r[:1])) + string(r[1:]), "title"
		}
		return s, "none"
	case 10:
		if len(r) == 0 {
			return s, "none"
		}
		return string(r[:mu.rng.IntN(len(r))]), "truncate"
	case 11:
		for _, t := range mu.tokens[:min(len(mu.tokens), 64)] {
			if strings.Contains(s, t) && mu.rng.IntN(2) == 0 {
				return strings.Replace(s, t, mu.token(), 1), "swap token"
			}
		}
		return s + mu.token(), "append"
	case 12:
		if len(s) == 0 || len(s) > 256 {
			return s + " ", "append"
		}
		return strings.Repeat(s, 2+mu.rng.IntN(20)), "repeat"
	case 13:
		switch {
		case strings.HasPrefix(s, "-"):
			return s[1:], "unsign"
		case strings.HasPrefix(s, "+"):
			return "-" + s[1:], "sign"
		}
		return "-" + s, "sign"
	case 14:
		i := pos()
		num := []string{"0", "1", "9", "10", "99", "100", "999", "1000", "65535", "1.5", "0.001", "1e9", "99999999999999999999"}
		return string(r[:i]) + num[mu.rng.IntN(len(num))] + string(r[i:]), "insert number"
	}
	if cs := mu.g.strings(); len(cs) > 0 {
		return cs[mu.rng.IntN(len(cs))].Str, "replace"
	}
	return s, "none"
}

// renumber replaces one run of digits with another number.
func (mu *mutator) renumber(s string) string {
	var runs [][2]int
	start := -1
	for i := 0; i <= len(s); i++ {
		digit := i < len(s) && s[i] >= '0' && s[i] <= '9'
		if digit && start < 0 {
			start = i
		}
		if !digit && start >= 0 {
			runs = append(runs, [2]int{start, i})
			start = -1
		}
	}
	nums := []string{"0", "1", "2", "9", "10", "11", "99", "100", "999", "1000", "1024", "65536", "2147483648", "9223372036854775808", "99999999999999999999"}
	for _, i := range mu.g.m.ints[:min(len(mu.g.m.ints), 16)] {
		if i >= 0 {
			nums = append(nums, strconv.FormatInt(i, 10))
		}
	}
	n := nums[mu.rng.IntN(len(nums))]
	if len(runs) == 0 {
		return s + n
	}
	run := runs[mu.rng.IntN(len(runs))]
	return s[:run[0]] + n + s[run[1]:]
}

func (mu *mutator) integer(b *types.Basic, v spec.Value) (spec.Value, string) {
	signed, lo, hi := intBounds(b)
	for try := 0; try < 4; try++ {
		var x, op = mu.intOp(v, signed, lo, hi)
		if vv, ok := intInRange(x, b); ok && valueKey(vv) != valueKey(v) {
			return vv, op
		}
	}
	return mu.candidate(b, 0), "replace"
}

// intInRange converts x (an Int or Uint value, or a float for overflow
// checks) into a value of b if it fits.
func intInRange(x spec.Value, b *types.Basic) (spec.Value, bool) {
	switch x.Kind {
	case spec.Int:
		return intValueOf(b, x.Int)
	case spec.Uint:
		_, _, hi := intBounds(b)
		signed, _, _ := intBounds(b)
		if x.Uint > hi {
			return spec.Value{}, false
		}
		if signed {
			return spec.IntValue(int64(x.Uint)), true
		}
		return x, true
	}
	return spec.Value{}, false
}

func (mu *mutator) intOp(v spec.Value, signed bool, lo int64, hi uint64) (spec.Value, string) {
	if !signed {
		u := v.Uint
		switch mu.rng.IntN(9) {
		case 0:
			return spec.UintValue(u + 1), "+1"
		case 1:
			if u == 0 {
				return spec.UintValue(hi), "wrap"
			}
			return spec.UintValue(u - 1), "-1"
		case 2:
			return spec.UintValue(u * 2), "*2"
		case 3:
			return spec.UintValue(u / 2), "/2"
		case 4:
			return spec.UintValue(u * 10), "*10"
		case 5:
			return spec.UintValue(u / 10), "/10"
		case 6:
			return spec.UintValue(u ^ (1 << mu.rng.IntN(bitsOf(hi)))), "bit flip"
		case 7:
			return spec.UintValue(u + uint64(mu.rng.IntN(100))), "add"
		}
		return spec.UintValue(hi - uint64(mu.rng.IntN(3))), "max"
	}
	i := v.Int
	switch mu.rng.IntN(11) {
	case 0:
		return spec.IntValue(i + 1), "+1"
	case 1:
		return spec.IntValue(i - 1), "-1"
	case 2:
		if i == math.MinInt64 {
			return spec.IntValue(math.MaxInt64), "negate"
		}
		return spec.IntValue(-i), "negate"
	case 3:
		if i > math.MaxInt64/2 || i < math.MinInt64/2 {
			return spec.IntValue(i / 2), "/2"
		}
		return spec.IntValue(i * 2), "*2"
	case 4:
		return spec.IntValue(i / 2), "/2"
	case 5:
		if i > math.MaxInt64/10 || i < math.MinInt64/10 {
			return spec.IntValue(i / 10), "/10"
		}
		return spec.IntValue(i * 10), "*10"
	case 6:
		return spec.IntValue(i / 10), "/10"
	case 7:
		return spec.IntValue(i ^ (1 << mu.rng.IntN(bitsOf(hi)))), "bit flip"
	case 8:
		if len(mu.g.m.ints) > 0 {
			return spec.IntValue(mu.g.m.ints[mu.rng.IntN(len(mu.g.m.ints))]), "mined"
		}
		return spec.IntValue(i + int64(mu.rng.IntN(200)) - 100), "add"
	case 9:
		return spec.IntValue(i + int64(mu.rng.IntN(200)) - 100), "add"
	}
	if mu.rng.IntN(2) == 0 {
		return spec.IntValue(lo), "min"
	}
	return spec.IntValue(int64(min(hi, math.MaxInt64))), "max"
}

func bitsOf(hi uint64) int {
	n := 0
	for hi > 0 {
		n++
		hi >>= 1
	}
	return max(n, 1)
}

func (mu *mutator) float(f float64, f32 bool) (spec.Value, string) {
	var op string
	switch mu.rng.IntN(14) {
	case 0:
		f, op = -f, "negate"
	case 1:
		f, op = f*10, "*10"
	case 2:
		f, op = f/10, "/10"
	case 3:
		f, op = f+1, "+1"
	case 4:
		f, op = f-1, "-1"
	case 5:
		f, op = f+0.5, "+0.5"
	case 6:
		f, op = math.Nextafter(f, math.Inf(1)), "next up"
	case 7:
		f, op = math.Nextafter(f, math.Inf(-1)), "next down"
	case 8:
		f, op = f*1000, "*1000"
	case 9:
		f, op = f/1000, "/1000"
	case 10:
		f, op = math.Round(f), "round"
	case 11:
		f, op = f+mu.rng.Float64(), "add fraction"
	case 12:
		if len(mu.g.m.floats) > 0 {
			f, op = mu.g.m.floats[mu.rng.IntN(len(mu.g.m.floats))], "mined"
		} else {
			f, op = f*1.5, "*1.5"
		}
	default:
		vs := mu.g.floats(f32)
		f, op = vs[mu.rng.IntN(len(vs))].Float, "replace"
	}
	if f32 {
		if !math.IsNaN(f) && !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			f = math.Copysign(math.MaxFloat32, f)
		}
		f = float64(float32(f))
	}
	return spec.FloatValue(f), op
}

func (mu *mutator) duration(v spec.Value) (spec.Value, string) {
	d := time.Duration(v.Int)
	units := []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, time.Second, time.Minute, time.Hour, 24 * time.Hour}
	u := units[mu.rng.IntN(len(units))]
	var op string
	switch mu.rng.IntN(9) {
	case 0:
		d, op = d+u, "+unit"
	case 1:
		d, op = d-u, "-unit"
	case 2:
		d, op = -d, "negate"
	case 3:
		if d < math.MaxInt64/60 && d > math.MinInt64/60 {
			d, op = d*60, "*60"
		} else {
			d, op = d/60, "/60"
		}
	case 4:
		d, op = d/60, "/60"
	case 5:
		if d < math.MaxInt64/24 && d > math.MinInt64/24 {
			d, op = d*24, "*24"
		} else {
			d, op = d/24, "/24"
		}
	case 6:
		d, op = d+u/2, "+half unit"
	case 7:
		d, op = d.Round(u), "round"
	default:
		vs := mu.g.durations()
		d, op = time.Duration(vs[mu.rng.IntN(len(vs))].Int), "replace"
	}
	return spec.IntValue(int64(d)), op
}

// list changes a slice (n < 0) or an array of length n.
func (mu *mutator) list(elem types.Type, v spec.Value, depth, n int) (spec.Value, string) {
	if b, ok := elem.Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && n < 0 {
		// []byte: edit it as a string.
		var sb strings.Builder
		for _, e := range v.List {
			sb.WriteByte(byte(coerce(e, elem).Uint))
		}
		s, op := mu.str(sb.String())
		return bytesValue(s), op
	}
	out := copyValue(v)
	if out.Kind != spec.List {
		out = spec.ListValue()
	}
	l := out.List
	op := mu.rng.IntN(8)
	if n >= 0 || len(l) == 0 && op > 1 {
		op = 4 // arrays keep their length; an empty slice can only grow
		if len(l) == 0 {
			op = 0
		}
	}
	switch op {
	case 0:
		l = append(l, mu.candidate(elem, depth+1))
		out.List = l
		return out, "append"
	case 1:
		if len(l) > 0 {
			e, _ := mu.mutate(elem, l[mu.rng.IntN(len(l))], depth+1)
			out.List = append([]spec.Value{e}, l...)
			return out, "prepend"
		}
		out.List = append(l, mu.candidate(elem, depth+1))
		return out, "append"
	case 2:
		i := mu.rng.IntN(len(l))
		out.List = append(l[:i:i], l[i+1:]...)
		return out, "remove"
	case 3:
		i := mu.rng.IntN(len(l))
		out.List = append(l[:i+1:i+1], l[i:]...)
		return out, "duplicate"
	case 4:
		if len(l) == 0 {
			return out, "none"
		}
		i := mu.rng.IntN(len(l))
		e, eop := mu.mutate(elem, l[i], depth+1)
		l[i] = e
		return out, "element " + strconv.Itoa(i) + " " + eop
	case 5:
		i, j := mu.rng.IntN(len(l)), mu.rng.IntN(len(l))
		l[i], l[j] = l[j], l[i]
		return out, "swap"
	case 6:
		if mu.rng.IntN(2) == 0 {
			return spec.NullValue(), "nil"
		}
		return spec.ListValue(), "empty"
	}
	if len(l) < 64 {
		out.List = append(l, l...)
		return out, "double"
	}
	return out, "none"
}

func (mu *mutator) mapValue(m *types.Map, v spec.Value, depth int) (spec.Value, string) {
	out := copyValue(v)
	if out.Kind != spec.Map {
		out = spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
	}
	has := func(k spec.Value) bool {
		for _, e := range out.Map {
			if valueKey(e.Key) == valueKey(k) {
				return true
			}
		}
		return false
	}
	op := mu.rng.IntN(5)
	if len(out.Map) == 0 {
		op = 0
	}
	switch op {
	case 0:
		k := mu.candidate(m.Key(), depth+1)
		if k.Kind == spec.Null || has(k) {
			return out, "none"
		}
		out.Map = append(out.Map, spec.Entry{Key: k, Val: mu.candidate(m.Elem(), depth+1)})
		out.SortMap()
		return out, "add entry"
	case 1:
		i := mu.rng.IntN(len(out.Map))
		out.Map = append(out.Map[:i:i], out.Map[i+1:]...)
		return out, "remove entry"
	case 2, 3:
		i := mu.rng.IntN(len(out.Map))
		nv, vop := mu.mutate(m.Elem(), out.Map[i].Val, depth+1)
		out.Map[i].Val = nv
		return out, "value " + vop
	}
	i := mu.rng.IntN(len(out.Map))
	nk, kop := mu.mutate(m.Key(), out.Map[i].Key, depth+1)
	if nk.Kind == spec.Null || has(nk) {
		return out, "none"
	}
	out.Map[i].Key = nk
	out.SortMap()
	return out, "key " + kop
}

// time moves a time.Time (written in RFC 3339) by a calendar step.
func (mu *mutator) time(t types.Type, v spec.Value) (spec.Value, string) {
	tm, err := time.Parse(time.RFC3339Nano, v.Str)
	if v.Kind != spec.String || err != nil {
		return mu.candidate(t, 0), "replace"
	}
	steps := []time.Duration{time.Nanosecond, time.Second, time.Hour, 24 * time.Hour, 7 * 24 * time.Hour, 30 * 24 * time.Hour, 365 * 24 * time.Hour}
	d := steps[mu.rng.IntN(len(steps))]
	if mu.rng.IntN(2) == 0 {
		d = -d
	}
	return spec.StringValue(tm.Add(d).Format(time.RFC3339Nano)), "add " + d.String()
}
