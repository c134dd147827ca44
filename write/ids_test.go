package write

import (
	"fmt"
	"go/types"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

func str(s string) *spec.Value  { v := spec.StringValue(s); return &v }
func code(s string) *spec.Value { v := spec.CodeValue(s); return &v }
func num(n int64) *spec.Value   { v := spec.IntValue(n); return &v }
func flt(f float64) *spec.Value {
	v := spec.FloatValue(f)
	return &v
}
func list(vs ...spec.Value) *spec.Value { v := spec.ListValue(vs...); return &v }
func fields(kv ...any) *spec.Value {
	v := spec.Value{Kind: spec.Map, Map: []spec.Entry{}}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Map = append(v.Map, spec.Entry{Key: spec.StringValue(kv[i].(string)), Val: *kv[i+1].(*spec.Value)})
	}
	return &v
}

func TestIDFeatures(t *testing.T) {
	uint8Type := types.Typ[types.Uint8]
	for _, tt := range []struct {
		name string
		v    *spec.Value
		typ  types.Type
		want []string
	}{
		{"empty", str(""), nil, []string{"empty"}},
		{"blank", str("   "), nil, []string{"blank"}},
		{"leading space", str(" 42"), nil, []string{"leading-space", "space-42", "mixed"}},
		{"trailing space", str("x "), nil, []string{"trailing-space", "x-space", "mixed"}},
		{"leading dash", str("-3"), nil, []string{"leading-dash", "dash-3", "mixed"}},
		{"leading plus", str("+0.99"), nil, []string{"leading-plus", "plus-0p99", "mixed"}},
		{"leading zero", str("007"), nil, []string{"leading-zero", "007", "digits"}},
		{"two dots", str("1.2.3"), nil, []string{"two-dots", "1p2p3", "mixed"}},
		{"trailing dot", str("1."), nil, []string{"trailing-dot", "1-dot", "mixed"}},
		{"unicode", str("héllo"), nil, []string{"unicode", "letters"}},
		{"long", str(strings.Repeat("a", 65)), nil, []string{"long", "letters"}},
		{"digits", str("12345"), nil, []string{"12345", "digits"}},
		{"max int64 in text", str("9223372036854775807"), nil, []string{"max-int64", "digits"}},
		{"past max int64 in text", str("9223372036854775808"), nil, []string{"above-max-int64", "digits"}},
		{"min int64 in text", str("-9223372036854775808"), nil, []string{"leading-dash", "min-int64", "mixed"}},
		{"letters", str("abc"), nil, []string{"abc", "letters"}},
		{"mixed", str("a1"), nil, []string{"a1", "mixed"}},
		{"decimal literal", str("1.50"), nil, []string{"1p50", "mixed"}},
		{"punctuation", str("()"), nil, []string{"paren-close-paren", "mixed"}},
		{"dash", str("-"), nil, []string{"leading-dash", "dash", "mixed"}},
		{"long literal left out", str("abcdefghijklm"), nil, []string{"letters"}},
		{"punctuation named up to 8 bytes", str("a b/c.d"), nil, []string{"a-space-b-slash-c-dot-d", "mixed"}},
		{"punctuation unnamed past 8 bytes", str("ab/cd/efg"), nil, []string{"ab-cd-efg", "mixed"}},
		{"zero", num(0), nil, []string{"zero"}},
		{"one", num(1), nil, []string{"one"}},
		{"minus one", num(-1), nil, []string{"minus-one"}},
		{"small", num(42), nil, []string{"42"}},
		{"negative", num(-3), nil, []string{"negative", "m3"}},
		{"max int64", num(math.MaxInt64), nil, []string{"max-int64"}},
		{"min int64", num(math.MinInt64), nil, []string{"min-int64", "negative"}},
		{"past max int32", num(math.MaxInt32 + 1), nil, []string{"above-max-int32"}},
		{"max uint8 of uint8", num(255), uint8Type, []string{"max-uint8", "255"}},
		{"max uint64", &spec.Value{Kind: spec.Uint, Uint: math.MaxUint64}, nil, []string{"max-uint64"}},
		{"large", num(2147483648648), nil, []string{"large"}},
		{"nan", flt(math.NaN()), nil, []string{"nan"}},
		{"inf", flt(math.Inf(1)), nil, []string{"inf"}},
		{"minus inf", flt(math.Inf(-1)), nil, []string{"minus-inf"}},
		{"max float", flt(math.MaxFloat64), nil, []string{"max-float"}},
		{"tiny", flt(5e-324), nil, []string{"tiny"}},
		{"minus zero", flt(math.Copysign(0, -1)), nil, []string{"minus-zero"}},
		{"float literal", flt(1.5), nil, []string{"1p5"}},
		{"negative float", flt(-2.5), nil, []string{"negative", "m2p5"}},
		{"nil", &spec.Value{}, nil, []string{"nil"}},
		{"no items", list(), nil, []string{"no-items"}},
		{"one item", list(spec.IntValue(7)), nil, []string{"one-item"}},
		{"three items with a nan", list(spec.FloatValue(1), spec.FloatValue(math.NaN()), spec.FloatValue(2)), nil, []string{"3-items", "has-nan"}},
		{"zero struct", fields("Lat", num(0), "Lon", num(0)), nil, []string{"zero"}},
		{"struct fields", fields("Lat", num(90), "Lon", num(0)), nil, []string{"lat-90"}},
		{"bool", &spec.Value{Kind: spec.Bool, Bool: true}, nil, []string{"true"}},
		{"function of another package", code("utils.ByteComparator"), nil, []string{"byte-comparator"}},
		{"function of the package", code("lessByName"), nil, []string{"less-by-name"}},
		{"long name cut at a word", code("sort.CompareCaseInsensitiveStrings"), nil, []string{"compare-case"}},
		{"predeclared name", code("iota"), nil, []string{"iota"}},
		{"built with an error dropped", code(`func() *Version { v, _ := NewSemver("1"); return v }()`), nil, []string{"new-semver-1"}},
		{"a method of the receiver", code("v.Core()"), nil, []string{"core"}},
		{"an empty composite", code("&Version{}"), nil, []string{"version"}},
		{"options", code(`[]Option{WithPrefix("v")}`), nil, []string{"with-prefix-v"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := valueFeatures(*tt.v, tt.typ, 1)
			if !slices.Equal(got, tt.want) {
				t.Errorf("valueFeatures(%s) = %q, want %q", tt.v, got, tt.want)
			}
		})
	}
}

func TestOutcomeWord(t *testing.T) {
	for _, tt := range []struct {
		raises, match string
		expected      *spec.Value
		want          string
		input         *spec.Value
	}{
		{"error", "^unhandled size name: e$", nil, "unhandled-size-name", str("1e3")},
		{"error", "^unhandled size name: days ago$", nil, "unhandled-size-name", str("3 days ago")},
		{"error", "^remove 6 of A1: only 5 in stock$", nil, "only-in-stock", str("A1")},
		{"", "", num(3), "", nil},
		{"", "", &spec.Value{Kind: spec.Bool, Bool: true}, "true", nil},
		{"", "", &spec.Value{Kind: spec.Bool}, "false", nil},
		{"strconv.ErrRange", `^strconv\.ParseInt: parsing "9": value out of range$`, nil, "err-range", nil},
		{"strconv.ErrSyntax", "", nil, "err-syntax", nil},
		{"inventory.ErrUnknownSKU", "^remove B2: unknown sku$", nil, "unknown-sku", nil},
		{"io.EOF", "^EOF$", nil, "eof", nil},
		{"error", "^remove 6 of A1: only 5 in stock$", nil, "only-in-stock", nil},
		{"error", "^quantity must be positive$", nil, "quantity-must-be-positive", nil},
		{"*pricing.ParseError", `^parse amount "abc": unexpected character 'a'$`, nil, "unexpected-character", nil},
		{"*pricing.ParseError", "", nil, "parse-error", nil},
		{"error", "^42$", nil, "error", nil},
		{"panic", "^runtime error: invalid memory address or nil pointer dereference$", nil, "nil-deref-panics", nil},
		{"panic", "^runtime error: index out of range \\[3\\] with length 3$", nil, "out-of-range-panics", nil},
		{"panic", "^boom$", nil, "panics", nil},
	} {
		c := &spec.Case{Raises: tt.raises, Match: tt.match, Expected: tt.expected, Input: tt.input}
		if got := outcomeWord(c); got != tt.want {
			t.Errorf("outcomeWord(raises %q, match %q) = %q, want %q", tt.raises, tt.match, got, tt.want)
		}
	}
}

func TestAssignIDs(t *testing.T) {
	one := &target.Func{Params: []target.Param{{Name: "s", Type: types.Typ[types.String]}}}
	two := &target.Func{Params: []target.Param{{Name: "sku", Type: types.Typ[types.String]}, {Name: "n", Type: types.Typ[types.Int]}}}
	in := func(kv ...any) *spec.Value { return fields(kv...) }
	for _, tt := range []struct {
		name  string
		f     *target.Func
		cases []*spec.Case
		want  []string
	}{
		{
			name: "features that tell cases with one outcome apart",
			f:    one,
			cases: []*spec.Case{
				{Input: str("12.50"), Expected: num(1250)},
				{Input: str("-3"), Expected: num(-300)},
				{Input: str(" 42 "), Expected: num(4200)},
				{Input: str(""), Raises: "pricing.ErrEmpty", Match: "^empty amount$"},
				{Input: str("   "), Raises: "pricing.ErrEmpty", Match: "^empty amount$"},
				{Input: str("1.2.3"), Raises: "*pricing.ParseError", Match: `^parse amount "1\.2\.3": too many decimal places$`},
				{Input: str("abc"), Raises: "*pricing.ParseError", Match: `^parse amount "abc": unexpected character 'a'$`},
				{Input: str("-x"), Raises: "*pricing.ParseError", Match: `^parse amount "-x": unexpected character 'x'$`},
				{Input: str("99999999999999999999"), Raises: "strconv.ErrRange"},
			},
			want: []string{
				"12p50", "leading-dash", "leading-space",
				"empty-err-empty", "blank-err-empty",
				"too-many-decimal-places",
				"abc-unexpected-character", "leading-dash-unexpected-character",
				"err-range",
			},
		},
		{
			name: "parameters named, receivers",
			f:    two,
			cases: []*spec.Case{
				{Receiver: fields("Items", fields("A1", num(5))), Inputs: in("sku", str("A1"), "n", num(2)), Expected: num(3)},
				{Receiver: fields("Items", fields("A1", num(5))), Inputs: in("sku", str("A1"), "n", num(5)), Expected: num(0)},
				{Receiver: &spec.Value{}, Inputs: in("sku", str("A1"), "n", num(1)), Raises: "panic", Match: "nil pointer dereference"},
				{Receiver: fields("Items", &spec.Value{}, "Limit", num(0)), Inputs: in("sku", str(""), "n", num(1)), Raises: "inventory.ErrUnknownSKU"},
				{Receiver: fields("Items", fields("A1", num(5))), Inputs: in("sku", str("B2"), "n", num(1)), Raises: "inventory.ErrUnknownSKU"},
				{Receiver: fields("Items", fields("A1", num(5))), Inputs: in("sku", str("A1"), "n", num(0)), Raises: "inventory.ErrBadQuantity"},
				{Receiver: fields("Items", fields("A1", num(5))), Inputs: in("sku", str("A1"), "n", num(-1)), Raises: "inventory.ErrBadQuantity"},
			},
			want: []string{
				"n-2", "n-5", "nil-deref-panics",
				"zero-receiver-unknown-sku", "sku-b2-unknown-sku",
				"n-zero-bad-quantity", "n-minus-one-bad-quantity",
			},
		},
		{
			name: "receivers of more options than another's: what rules out the most, numbered",
			f:    one,
			cases: []*spec.Case{
				{Receiver: code(`New(Options{Host: "abc"})`), Input: code(`Make()`), Expected: num(1)},
				{Receiver: code(`New(Options{Host: "abc", Port: 1})`), Input: code(`Make()`), Expected: num(1)},
				{Receiver: code(`New(Options{Host: "abc", Port: 1, TLS: true})`), Input: code(`Make()`), Expected: num(1)},
			},
			want: []string{"make", "port-1", "tls-true"},
		},
		{
			name: "nothing tells them apart: literal slug, then a number",
			f:    one,
			cases: []*spec.Case{
				{Input: str("abcdefghijklmnop"), Expected: num(1)},
				{Input: str("abcdefghijklmnoq"), Expected: num(1)},
				{Input: str("ABCDEFGHIJKLMNOQ"), Expected: num(1)},
			},
			want: []string{"abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnoq-2"},
		},
		{
			name: "a bare number says what it is",
			f:    one,
			cases: []*spec.Case{
				{Input: str("3"), Expected: num(300)},
				{Input: str("4"), Expected: num(400)},
			},
			want: []string{"s-3", "s-4"},
		},
		{
			name: "a case alone in its outcome names one feature",
			f:    one,
			cases: []*spec.Case{
				{Input: str("x"), Expected: num(1)},
			},
			want: []string{"x"},
		},
		{
			name: "bool results",
			f:    one,
			cases: []*spec.Case{
				{Input: str("a"), Expected: &spec.Value{Kind: spec.Bool, Bool: true}},
				{Input: str(""), Expected: &spec.Value{Kind: spec.Bool}},
			},
			want: []string{"a-true", "empty-false"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assignIDs(tt.f, tt.cases, "")
			var got []string
			for _, c := range tt.cases {
				got = append(got, c.ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ids\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestAssignIDsWellFormed names many similar cases: every id is unique,
// lower-case [a-z0-9-], at most 40 bytes, never ok-N, and the same
// cases get the same ids.
func TestAssignIDsWellFormed(t *testing.T) {
	f := &target.Func{Params: []target.Param{{Name: "reallyLongParameterName", Type: types.Typ[types.String]}, {Name: "n", Type: types.Typ[types.Int]}}}
	build := func() []*spec.Case {
		var cases []*spec.Case
		for i := 0; i < 60; i++ {
			c := &spec.Case{Inputs: fields("reallyLongParameterName", str(fmt.Sprintf("%s%d", strings.Repeat("x", i%7), i%5)), "n", num(int64(i%4)))}
			switch i % 3 {
			case 0:
				c.Expected = num(int64(i))
			case 1:
				c.Raises, c.Match = "error", "^the quantity given to this function must be a positive number$"
			default:
				c.Raises, c.Match = "panic", "^boom$"
			}
			cases = append(cases, c)
		}
		return cases
	}
	for _, prefix := range []string{"", "slice-string-map-string-id-"} {
		t.Run("prefix "+prefix, func(t *testing.T) { checkIDs(t, f, build, prefix) })
	}
}

func checkIDs(t *testing.T, f *target.Func, build func() []*spec.Case, prefix string) {
	a, b := build(), build()
	assignIDs(f, a, prefix)
	assignIDs(f, b, prefix)
	valid := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for i, c := range a {
		if c.ID != b[i].ID {
			t.Errorf("case %d: id %q, then %q: not deterministic", i, c.ID, b[i].ID)
		}
		if seen[c.ID] {
			t.Errorf("duplicate id %q", c.ID)
		}
		seen[c.ID] = true
		if !valid.MatchString(c.ID) || len(c.ID) > maxIDLen || !strings.HasPrefix(c.ID, prefix) {
			t.Errorf("id %q: not lower-case [a-z0-9-] within %d bytes after %q", c.ID, maxIDLen, prefix)
		}
		if regexp.MustCompile(`^(ok|error|panics)-[0-9]+$`).MatchString(c.ID) {
			t.Errorf("id %q: numbered outcome", c.ID)
		}
	}
}

// TestKeepIgnored: a case the user deleted under an id of the former
// naming (ok-100) stays out: the case of those inputs takes that id.
func TestKeepIgnored(t *testing.T) {
	f := &target.Func{Params: []target.Param{{Name: "score", Type: types.Typ[types.Int]}}}
	build := func() []*spec.Case {
		cases := []*spec.Case{
			{Input: num(100), Expected: str("A")},
			{Input: num(100), Expected: str("A")}, // the former naming numbered it ok-100-2
			{Input: num(90), Expected: str("A")},
			{Input: num(101), Raises: "error", Match: "^score out of range$"},
		}
		assignIDs(f, cases, "")
		return cases
	}
	for _, tt := range []struct {
		ignore []string
		want   []string
	}{
		{nil, []string{"score-100", "score-100-2", "score-90", "score-out-of-range"}},
		{[]string{"ok-100"}, []string{"ok-100", "score-100-2", "score-90", "score-out-of-range"}},
		{[]string{"ok-100-2", "error-101"}, []string{"score-100", "ok-100-2", "score-90", "error-101"}},
		{[]string{"score-90", "ok-90"}, []string{"score-100", "score-100-2", "score-90", "score-out-of-range"}},
	} {
		cases := build()
		KeepIgnored(f, cases, tt.ignore)
		var got []string
		for _, c := range cases {
			got = append(got, c.ID)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ignore %q: ids %q, want %q", tt.ignore, got, tt.want)
		}
	}
}
