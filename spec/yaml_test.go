package spec

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// identical reports whether a and b are the same canonical value, kind
// for kind: floats compare by bits (NaN equals NaN, -0.0 differs from
// 0.0), and empty lists and maps equal nil ones.
func identical(a, b Value) bool {
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
		return math.Float64bits(a.Float) == math.Float64bits(b.Float) || math.IsNaN(a.Float) && math.IsNaN(b.Float)
	case String, Opaque, Code:
		return a.Str == b.Str
	case List:
		if len(a.List) != len(b.List) {
			return false
		}
		for i := range a.List {
			if !identical(a.List[i], b.List[i]) {
				return false
			}
		}
		return true
	case Map:
		if len(a.Map) != len(b.Map) {
			return false
		}
		for i := range a.Map {
			if !identical(a.Map[i].Key, b.Map[i].Key) || !identical(a.Map[i].Val, b.Map[i].Val) {
				return false
			}
		}
		return true
	}
	return false
}

func parseValue(t *testing.T, src string) (Value, error) {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatalf("yaml.Unmarshal(%q): %v", src, err)
	}
	return ValueFromNode(&n)
}

func encodeValue(t *testing.T, v Value) string {
	t.Helper()
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v.Node()); err != nil {
		t.Fatalf("encode %s: %v", v, err)
	}
	if err := enc.Close(); err != nil {
		t.Fatalf("encode %s: %v", v, err)
	}
	return b.String()
}

func TestValueFromNode(t *testing.T) {
	mapOf := func(kv ...Value) Value {
		m := Value{Kind: Map, Map: []Entry{}}
		for i := 0; i+1 < len(kv); i += 2 {
			m.Map = append(m.Map, Entry{Key: kv[i], Val: kv[i+1]})
		}
		return m
	}
	tests := []struct {
		name, src string
		want      Value
		why       string
	}{
		{"int", "42", IntValue(42), "plain integers are Int"},
		{"negative int", "-7", IntValue(-7), "signed"},
		{"hex int", "0x1F", IntValue(31), "YAML 1.2 hex"},
		{"octal int", "0o17", IntValue(15), "YAML 1.2 octal"},
		{"min int64", "-9223372036854775808", IntValue(math.MinInt64), "the smallest Int"},
		{"max int64", "9223372036854775807", IntValue(math.MaxInt64), "still Int"},
		{"above int64", "9223372036854775808", UintValue(1 << 63), "Uint only above MaxInt64"},
		{"max uint64", "18446744073709551615", UintValue(math.MaxUint64), "the largest Uint"},
		{"float", "1.5", FloatValue(1.5), "plain float"},
		{"float with point zero", "1.0", FloatValue(1), "a float even when integral"},
		{"exponent float", "1e+21", FloatValue(1e21), "as FormatFloat writes it"},
		{"negative zero", "-0.0", FloatValue(math.Copysign(0, -1)), "the sign of zero is kept"},
		{"nan", ".nan", FloatValue(math.NaN()), "YAML NaN"},
		{"inf", ".inf", FloatValue(math.Inf(1)), "YAML +Inf"},
		{"minus inf", "-.inf", FloatValue(math.Inf(-1)), "YAML -Inf"},
		{"tagged float", "!!float 3", FloatValue(3), "an explicit tag wins"},
		{"tagged int", "!!int \"12\"", IntValue(12), "an explicit tag on a quoted text"},
		{"string", "hello", StringValue("hello"), "plain string"},
		{"quoted number", `"123"`, StringValue("123"), "quotes make a string"},
		{"tagged string", "!!str 123", StringValue("123"), "!!str makes a string"},
		{"empty string", `""`, StringValue(""), "empty but not null"},
		{"timestamp", "2001-12-14", StringValue("2001-12-14"), "timestamps stay as written"},
		{"binary", "!!binary aGVsbG8=", StringValue("hello"), "!!binary decodes to its bytes"},
		{"binary invalid utf8", "!!binary /w==", StringValue("\xff"), "any bytes"},
		{"bool", "true", BoolValue(true), "bool"},
		{"yes is a string", "yes", StringValue("yes"), "YAML 1.2: only true/false are bools"},
		{"null", "null", NullValue(), "null"},
		{"tilde", "~", NullValue(), "~ is null"},
		{"empty document", "", NullValue(), "nothing is null"},
		{"unicode", "日本語 ✓", StringValue("日本語 ✓"), "unicode as is"},
		{"literal block", "|\n  a\n  b\n", StringValue("a\nb\n"), "block scalars"},
		{"list", "[1, a, null]", ListValue(IntValue(1), StringValue("a"), NullValue()), "sequence to List"},
		{"empty list", "[]", ListValue(), "empty List"},
		{"map in order", "b: 1\na: 2\n", MapValue("b", IntValue(1), "a", IntValue(2)), "document order, not sorted"},
		{"int keys", "1: one\n2: two\n", mapOf(IntValue(1), StringValue("one"), IntValue(2), StringValue("two")), "keys are Values"},
		{"list key", "? [1, 2]\n: x\n", mapOf(ListValue(IntValue(1), IntValue(2)), StringValue("x")), "complex keys"},
		{"empty map", "{}", Value{Kind: Map, Map: []Entry{}}, "empty Map"},
		{"alias", "a: &x [1]\nb: *x\n", MapValue("a", ListValue(IntValue(1)), "b", ListValue(IntValue(1))), "aliases resolved"},
		{"merge", "base: &b {x: 1, y: 2}\nm:\n  y: 3\n  <<: *b\n  z: 4\n",
			MapValue("base", MapValue("x", IntValue(1), "y", IntValue(2)), "m", MapValue("y", IntValue(3), "x", IntValue(1), "z", IntValue(4))),
			"merge keys: explicit keys win, merged entries stand where << is"},
		{"merge list", "a: &a {x: 1}\nb: &b {x: 2, y: 2}\nm: {<<: [*a, *b]}\n",
			MapValue("a", MapValue("x", IntValue(1)), "b", MapValue("x", IntValue(2), "y", IntValue(2)), "m", MapValue("x", IntValue(1), "y", IntValue(2))),
			"of several merged mappings the first wins"},
		{"code", `{go: 'MustParse("1.2.3")'}`, CodeValue(`MustParse("1.2.3")`), "a mapping with the one key go and a string is Go code"},
		{"code in block style", "go: NewStack(3)\n", CodeValue("NewStack(3)"), "any style of mapping"},
		{"code as a field", "v: {go: '&Version{major: 1}'}\nn: 2\n", MapValue("v", CodeValue("&Version{major: 1}"), "n", IntValue(2)), "code stands anywhere a value does"},
		{"code in a list", "[{go: 'NewStack(0)'}, {go: NewStack(1)}]", ListValue(CodeValue("NewStack(0)"), CodeValue("NewStack(1)")), "elements too"},
		{"tagged map is not code", "!!map {go: NewStack(3)}", MapValue("go", StringValue("NewStack(3)")), "the tag makes it a plain map"},
		{"go with a number is a map", "{go: 1}", MapValue("go", IntValue(1)), "only a string is code"},
		{"go beside another key is a map", "{go: x, y: 1}", MapValue("go", StringValue("x"), "y", IntValue(1)), "only the one key go is code"},
		{"nested", "p:\n  name: x\n  tags: [a, b]\n", MapValue("p", MapValue("name", StringValue("x"), "tags", ListValue(StringValue("a"), StringValue("b")))), "nesting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseValue(t, tt.src)
			if err != nil {
				t.Fatalf("ValueFromNode(%q): %v (%s)", tt.src, err, tt.why)
			}
			if !identical(got, tt.want) {
				t.Errorf("ValueFromNode(%q) = %s, want %s (%s)", tt.src, got, tt.want, tt.why)
			}
		})
	}
}

func TestValueFromNodeErrors(t *testing.T) {
	tests := []struct {
		name, src, want, why string
	}{
		{"unknown tag", "a: !foo x\n", "1:4: unsupported tag !foo", "custom tags have no canonical value"},
		{"duplicate key", "a: 1\nb: 2\na: 3\n", `3:1: duplicate key "a" (first at line 1)`, "a map cannot hold a key twice"},
		{"duplicate int key", "1: a\n0x1: b\n", "2:1: duplicate key 1 (first at line 1)", "keys compare by value"},
		{"int overflow", "x: 99999999999999999999\n", "1:4: integer 99999999999999999999 out of range", "no silent float"},
		{"bad binary", "!!binary '%%%'", "1:1: invalid !!binary data: illegal base64 data at input byte 0", "!!binary must be base64"},
		{"bad bool", "!!bool maybe", "1:1: cannot decode !!str `maybe` as a !!bool", "explicit tag that does not fit"},
		{"self alias", "&a [1, *a]", "1:8: alias *a refers to a value that contains it", "no infinite values"},
		{"bad merge", "m: {<<: 1}\n", "1:9: merge key << wants a mapping or a list of mappings", "merging a scalar"},
		{"tagged seq", "!set [1]", "1:1: unsupported tag !set on a sequence", "only plain sequences"},
		{"code that does not parse", "x: {go: 'MustParse(\"1.2'}\n", `1:9: go: not a Go expression: column 11 of "MustParse(\"1.2": string literal not terminated`, "the expression must parse"},
		{"empty code", "{go: ''}", "1:6: go: empty Go expression", "nothing to evaluate"},
		{"statement as code", "{go: 'x := 1'}", `1:6: go: not a Go expression: column 3 of "x := 1": expected 'EOF', found ':='`, "an expression, not a statement"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseValue(t, tt.src)
			if err == nil {
				t.Fatalf("ValueFromNode(%q) succeeded, want %q (%s)", tt.src, tt.want, tt.why)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("ValueFromNode(%q) error = %q, want %q (%s)", tt.src, got, tt.want, tt.why)
			}
		})
	}
}

func TestValueFromNodeAliasBomb(t *testing.T) {
	// Each level doubles the size; 30 levels is a billion leaves.
	var b strings.Builder
	b.WriteString("l0: &l0 [x, x]\n")
	for i := 1; i <= 30; i++ {
		b.WriteString(strings.NewReplacer("N", itoa(i), "P", itoa(i-1)).Replace("lN: &lN [*lP, *lP]\n"))
	}
	_, err := parseValue(t, b.String())
	if err == nil || !strings.Contains(err.Error(), "value too large") {
		t.Fatalf("ValueFromNode of an alias bomb: err = %v, want value too large", err)
	}
}

func TestNodeText(t *testing.T) {
	tests := []struct {
		name string
		v    Value
		want string
		why  string
	}{
		{"string like int", StringValue("123"), "\"123\"\n", "quoted so that it reads back as a string"},
		{"string like bool", StringValue("true"), "\"true\"\n", "quoted"},
		{"string like null", StringValue("null"), "\"null\"\n", "quoted"},
		{"string like float", StringValue(".inf"), "\".inf\"\n", "quoted"},
		{"empty string", StringValue(""), "\"\"\n", "quoted, or it would be null"},
		{"plain string", StringValue("hello world"), "hello world\n", "no quotes when not needed"},
		{"float integral", FloatValue(2), "2.0\n", "keeps its point"},
		{"float nan", FloatValue(math.NaN()), ".nan\n", "YAML NaN"},
		{"negative zero", FloatValue(math.Copysign(0, -1)), "-0.0\n", "sign of zero"},
		{"huge uint", UintValue(math.MaxUint64), "18446744073709551615\n", "no float rounding"},
		{"multi-line", StringValue("a\nb"), "|-\n  a\n  b\n", "literal style"},
		{"carriage return", StringValue("a\r\nb"), "\"a\\r\\nb\"\n", "a literal block would lose the \\r"},
		{"invalid utf8", StringValue("\xff\xfe"), "!!binary //4=\n", "bytes that are not text"},
		{"short list", ListValue(IntValue(1), StringValue("a")), "[1, a]\n", "flow style when short"},
		{"short map", MapValue("x", IntValue(1), "y", NullValue()), "{x: 1, y: null}\n", "flow style when short"},
		{"empty list", ListValue(), "[]\n", "flow"},
		{"long list", ListValue(StringValue(strings.Repeat("a", 40)), StringValue(strings.Repeat("b", 40))),
			"- " + strings.Repeat("a", 40) + "\n- " + strings.Repeat("b", 40) + "\n", "block style when long"},
		{"map with multi-line value", MapValue("s", StringValue("a\nb")), "s: |-\n  a\n  b\n", "block style for block scalars"},
		{"code", CodeValue(`MustParse("1.2.3")`), "{go: 'MustParse(\"1.2.3\")'}\n", "one line, single-quoted"},
		{"code with a rune", CodeValue(`Split('a')`), "{go: \"Split('a')\"}\n", "double-quoted when it holds a quote"},
		{"code in a list", ListValue(CodeValue("NewStack(3)"), IntValue(1)), "[{go: 'NewStack(3)'}, 1]\n", "flow style like any short value"},
		{"map that looks like code", MapValue("go", StringValue("x")), "!!map {go: x}\n", "tagged so that it reads back as a map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := encodeValue(t, tt.v); got != tt.want {
				t.Errorf("encode %s = %q, want %q (%s)", tt.v, got, tt.want, tt.why)
			}
		})
	}
}

// trickyStrings are strings that YAML might read back as something else.
var trickyStrings = []string{
	"", " ", "true", "false", "True", "yes", "no", "on", "off", "y", "n", "null", "Null", "~",
	"123", "-1", "0x10", "0o7", "0b101", "1_000", "1.5", "1e3", ".5", "1.", ".nan", ".inf", "-.inf", ".NaN",
	"2001-12-14", "2001-12-14T21:59:43.10-05:00", "12:30", "<<", "=", "!tag", "&anchor", "*alias",
	"- item", "a: b", "a:b", "#comment", "a #b", "key:", "? x", "%percent", "@at", "`tick`", "'single'", `"double"`,
	"{a: 1}", "[1, 2]", ",", "|", ">", "lead", " lead", "trail ", "tab\there", "\ttab", "multi\nline", "multi\nline\n",
	"\n", "\n\n", "a\n\nb", " a\nb", "a \nb", "a\n b", "trailing\n\n", "\r", "a\r\nb", "\x00", "\x07bell", "\x1b[0m",
	"\u0085", "\u2028", "\u2029", "\ufeffbom", "日本語", "emoji 🎉", "ü", "\xff", "a\xffb", "...", "---", "--- x",
	strings.Repeat("long ", 40), strings.Repeat("x", 200),
}

func TestValueRoundTrip(t *testing.T) {
	var values []Value
	for _, s := range trickyStrings {
		values = append(values, StringValue(s))
	}
	values = append(values,
		NullValue(), BoolValue(true), BoolValue(false),
		IntValue(0), IntValue(-1), IntValue(math.MaxInt64), IntValue(math.MinInt64),
		UintValue(1<<63), UintValue(math.MaxUint64),
		FloatValue(0), FloatValue(math.Copysign(0, -1)), FloatValue(math.NaN()), FloatValue(math.Inf(1)), FloatValue(math.Inf(-1)),
		FloatValue(1), FloatValue(0.1), FloatValue(1e21), FloatValue(1e-7), FloatValue(math.MaxFloat64), FloatValue(math.SmallestNonzeroFloat64),
		FloatValue(123456789), FloatValue(-2.5e-300),
		ListValue(), Value{Kind: Map, Map: []Entry{}},
		ListValue(StringValue("true"), StringValue("123"), StringValue(""), FloatValue(math.NaN())),
		Value{Kind: Map, Map: []Entry{
			{Key: IntValue(2), Val: MapValue("b", IntValue(1), "a", ListValue(FloatValue(1)))},
			{Key: IntValue(1), Val: StringValue("multi\nline")},
			{Key: StringValue("1"), Val: NullValue()},
			{Key: BoolValue(true), Val: UintValue(math.MaxUint64)},
			{Key: NullValue(), Val: StringValue("null key")},
			{Key: FloatValue(1.5), Val: StringValue("float key")},
			{Key: ListValue(IntValue(1)), Val: MapValue("x", MapValue())},
			{Key: StringValue("multi\nline key"), Val: IntValue(3)},
		}},
		CodeValue(`MustParse("1.2.3")`), CodeValue(`New('a', "b")`), CodeValue("func() *T {\n\treturn &T{}\n}()"),
		ListValue(CodeValue("NewStack(3)"), MapValue("go", StringValue("x")), MapValue("go", CodeValue("x"))),
		MapValue("go", StringValue("multi\nline")),
	)
	for _, v := range values {
		text := encodeValue(t, v)
		got, err := parseValue(t, text)
		if err != nil {
			t.Errorf("round trip of %s: decode %q: %v", v, text, err)
			continue
		}
		if !identical(got, v) {
			t.Errorf("round trip of %s through %q gave %s", v, text, got)
		}
	}
}

// randomValue builds a random canonical value of bounded depth, with
// strings drawn from trickyStrings and random runes.
func randomValue(r *rand.Rand, depth int) Value {
	k := r.IntN(9)
	if depth <= 0 && k >= 6 {
		k = r.IntN(6)
	}
	switch k {
	case 8:
		// Go code, and the maps that look like it.
		exprs := []string{"NewStack(3)", `MustParse("1.2.3")`, "'x'", "&T{a: 1, b: []int{2}}"}
		if r.IntN(2) == 0 {
			return MapValue("go", StringValue(exprs[r.IntN(len(exprs))]))
		}
		return CodeValue(exprs[r.IntN(len(exprs))])
	case 0:
		return NullValue()
	case 1:
		return BoolValue(r.IntN(2) == 0)
	case 2:
		return IntValue(int64(r.Uint64()) >> r.IntN(64))
	case 3:
		return UintValue(1<<63 | r.Uint64())
	case 4:
		switch r.IntN(4) {
		case 0:
			return FloatValue([]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0}[r.IntN(5)])
		case 1:
			return FloatValue(math.Float64frombits(r.Uint64()))
		}
		return FloatValue(r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20)))
	case 5:
		if r.IntN(2) == 0 {
			return StringValue(trickyStrings[r.IntN(len(trickyStrings))])
		}
		var b strings.Builder
		alphabet := []rune("ab :#-\n\t\"'\\{}[],&*!|>%@`?~\r\x00\u0085\u2028é日🎉 ")
		for n := r.IntN(12); n > 0; n-- {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		return StringValue(b.String())
	case 6:
		l := ListValue()
		for n := r.IntN(5); n > 0; n-- {
			l.List = append(l.List, randomValue(r, depth-1))
		}
		return l
	}
	m := Value{Kind: Map, Map: []Entry{}}
	for n := r.IntN(5); n > 0; n-- {
		key := randomValue(r, depth-1)
		if key.Kind == Float && math.IsNaN(key.Float) {
			continue // a NaN key never equals itself, so YAML cannot hold it twice reliably
		}
		dup := false
		for _, e := range m.Map {
			dup = dup || sameKey(e.Key, key)
		}
		if !dup {
			m.Map = append(m.Map, Entry{Key: key, Val: randomValue(r, depth-1)})
		}
	}
	return m
}

func TestValueRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		v := randomValue(r, 3)
		text := encodeValue(t, v)
		got, err := parseValue(t, text)
		if err != nil {
			t.Fatalf("round trip %d of %s: decode %q: %v", i, v, text, err)
		}
		if !identical(got, v) {
			t.Fatalf("round trip %d of %s through %q gave %s", i, v, text, got)
		}
	}
}

func TestValueYAMLMethods(t *testing.T) {
	type doc struct {
		V  Value    `yaml:"v"`
		D  Duration `yaml:"d"`
		DM Duration `yaml:"dm"`
	}
	in := doc{V: MapValue("n", FloatValue(1), "s", StringValue("1")), D: Duration{1500 * time.Millisecond}, DM: Duration{time.Minute}}
	out, err := yaml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := "v: {n: 1.0, s: \"1\"}\nd: 1.5s\ndm: 1m0s\n"
	if string(out) != want {
		t.Errorf("yaml.Marshal = %q, want %q", out, want)
	}
	var back doc
	if err := yaml.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if !identical(back.V, in.V) || back.D != in.D || back.DM != in.DM {
		t.Errorf("yaml.Unmarshal gave %+v, want %+v", back, in)
	}
}

func TestDurationDecoding(t *testing.T) {
	tests := []struct {
		name, yaml, json string
		want             time.Duration
		wantErr          string
		why              string
	}{
		{"milliseconds", "50", "50", 50 * time.Millisecond, "", "a number is milliseconds"},
		{"fractional milliseconds", "1.5", "1.5", 1500 * time.Microsecond, "", "floats too"},
		{"go duration", "1.5s", `"1.5s"`, 1500 * time.Millisecond, "", "a string is a Go duration"},
		{"minutes", "2m", `"2m"`, 2 * time.Minute, "", "any unit"},
		{"unitless string", `"50"`, `"50"`, 0, `invalid duration "50": want milliseconds or a Go duration such as 50ms`, "a quoted number is a string without unit"},
		{"garbage", "soon", `"soon"`, 0, `invalid duration "soon": want milliseconds or a Go duration such as 50ms`, "not a duration"},
		{"overflow", "1e300", "1e300", 0, `invalid duration "1e300": out of range`, "beyond time.Duration"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var y Duration
			yerr := yaml.Unmarshal([]byte(tt.yaml), &y)
			var j Duration
			jerr := json.Unmarshal([]byte(tt.json), &j)
			if tt.wantErr != "" {
				if yerr == nil || !strings.HasSuffix(yerr.Error(), tt.wantErr) {
					t.Errorf("YAML %s: err = %v, want %q (%s)", tt.yaml, yerr, tt.wantErr, tt.why)
				}
				if jerr == nil || !strings.HasSuffix(jerr.Error(), tt.wantErr) {
					t.Errorf("JSON %s: err = %v, want %q (%s)", tt.json, jerr, tt.wantErr, tt.why)
				}
				return
			}
			if yerr != nil || y.Duration != tt.want {
				t.Errorf("YAML %s = %v, %v; want %v (%s)", tt.yaml, y, yerr, tt.want, tt.why)
			}
			if jerr != nil || j.Duration != tt.want {
				t.Errorf("JSON %s = %v, %v; want %v (%s)", tt.json, j, jerr, tt.want, tt.why)
			}
		})
	}
	b, err := json.Marshal(Duration{250 * time.Millisecond})
	if err != nil || string(b) != `"250ms"` {
		t.Errorf("json.Marshal(250ms) = %s, %v; want \"250ms\"", b, err)
	}
}

func TestNodeQuotesForOtherTools(t *testing.T) {
	// yaml.v3 reads these back as strings even unquoted, but YAML 1.1
	// tools and editors would not.
	for _, s := range []string{"1e400", "yes", "No", "on", "12:30", "1_000"} {
		if got, want := encodeValue(t, StringValue(s)), `"`+s+"\"\n"; got != want {
			t.Errorf("encode %q = %q, want %q", s, got, want)
		}
	}
}
