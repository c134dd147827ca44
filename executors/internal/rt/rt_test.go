package rt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specgen-dev/specgen/spec"
)

// Types the canonical value writer is tested on.
type (
	point struct {
		X, Y int
	}
	mixed struct {
		Name   string
		hidden int
		Tags   []string
	}
	node struct {
		Next *node
		V    int
	}
	pair struct {
		A, B *int
	}
	// celsius has no exported field and a String method.
	celsius struct{ deg float64 }
	// code has no exported field and an Error method on its pointer.
	code struct{ n int }
	// opaqueStruct has neither exported fields nor methods.
	opaqueStruct struct{ n int }
	// yaegiStruct stands for a struct made by the yaegi interpreter,
	// which exports unexported fields as X<name>.
	yaegiStruct struct {
		Xname  string
		XTitle string
		X      int
	}
	box struct{ inner any }
)

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", c.deg) }
func (c *code) Error() string    { return fmt.Sprintf("code %d", c.n) }

// canon runs the writer and decodes its wire form as the host does.
func canon(t *testing.T, v any, opt SpecgenCanonOptions) spec.Value {
	t.Helper()
	data, err := json.Marshal(SpecgenCanon(v, opt))
	if err != nil {
		t.Fatalf("encode the wire form: %v", err)
	}
	var out spec.Value
	if err := out.UnmarshalJSON(data); err != nil {
		t.Fatalf("decode the wire form %s: %v", data, err)
	}
	return out
}

// cmpValue compares canonical values kind for kind: an opaque value is
// not its text, NaN equals NaN, and an empty list or map equals a nil one.
var cmpValue = []cmp.Option{cmpopts.EquateNaNs(), cmpopts.EquateEmpty()}

func m(kv ...any) spec.Value { return spec.MapValue(kv...) }

type ctxKey string

func (k ctxKey) String() string { return string(k) }

func deadlineCtx(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	_ = cancel
	return ctx
}

func cancelledCtx() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestCanon(t *testing.T) {
	i, s := spec.IntValue, spec.StringValue
	u, f, l := spec.UintValue, spec.FloatValue, spec.ListValue
	null := spec.NullValue()

	cyclic := &node{V: 1}
	cyclic.Next = cyclic
	shared := 7
	var nilPtr *point
	var nilSlice []int
	var nilMap map[string]int
	var nilFunc func()
	var nilChan chan int
	var nilErr error
	x := 3
	ch := make(chan int)

	tests := []struct {
		name string
		in   any
		want spec.Value
	}{
		{"nil", nil, null},
		{"bool", true, spec.BoolValue(true)},
		{"int", 42, i(42)},
		{"int8", int8(-5), i(-5)},
		{"min int64", int64(math.MinInt64), i(math.MinInt64)},
		{"uint8", uint8(255), u(255)},
		{"max uint64", uint64(math.MaxUint64), u(math.MaxUint64)},
		{"uintptr", uintptr(9), u(9)},
		{"a named int is its number, Stringer or not", time.Month(3), i(3)},
		{"float64", 1.5, f(1.5)},
		{"float32 keeps its shortest form", float32(0.1), f(0.1)},
		{"NaN", math.NaN(), f(math.NaN())},
		{"+Inf", math.Inf(1), f(math.Inf(1))},
		{"-Inf", math.Inf(-1), f(math.Inf(-1))},
		{"float32 Inf", float32(math.Inf(-1)), f(math.Inf(-1))},
		{"complex", complex(1, -2), l(f(1), f(-2))},
		{"string", "héllo", s("héllo")},
		{"empty string", "", s("")},
		{"invalid UTF-8 arrives replaced", "a\xffb", s("a\ufffdb")},
		{"bytes that are UTF-8 are a string", []byte("hi"), s("hi")},
		{"bytes that are not are a list", []byte{0xff, 1}, l(u(255), u(1))},
		{"slice", []int{1, 2}, l(i(1), i(2))},
		{"empty slice", []int{}, l()},
		{"array", [2]string{"a", "b"}, l(s("a"), s("b"))},
		{"nil pointer", nilPtr, null},
		{"nil slice", nilSlice, null},
		{"nil map", nilMap, null},
		{"nil func", nilFunc, null},
		{"nil chan", nilChan, null},
		{"nil error", nilErr, null},
		{"pointer is its target", &x, i(3)},
		{"pointer to pointer", func() **int { p := &x; return &p }(), i(3)},
		{"struct: exported fields in order", point{X: 1, Y: -2}, m("X", i(1), "Y", i(-2))},
		{"struct: unexported fields left out", mixed{Name: "n", hidden: 9, Tags: []string{"t"}}, m("Name", s("n"), "Tags", l(s("t")))},
		{"pointer to struct", &point{X: 1}, m("X", i(1), "Y", i(0))},
		{"struct without exported fields: its String", celsius{21.5}, s("21.5°C")},
		{"struct without exported fields: its pointer's Error", code{4}, s("code 4")},
		{"pointer to such a struct: its text", &code{5}, s("code 5")},
		{"struct without exported fields or text", opaqueStruct{1}, m()},
		{"error", errors.New("boom"), s("boom")},
		{"wrapped error", fmt.Errorf("ctx: %w", errors.New("boom")), s("ctx: boom")},
		{"a context with a deadline: its text without the deadline", deadlineCtx(time.Hour), s("context.Background.WithDeadline")},
		{"a context with a deadline passed, under a value", context.WithValue(deadlineCtx(-time.Hour), ctxKey("k"), "v"), s(`context.Background.WithDeadline.WithValue(k, v)`)},
		{"a cancelled context", cancelledCtx(), s("context.Background.WithCancel")},
		{"duration", 1500 * time.Millisecond, s("1.5s")},
		{"time", time.Date(2024, 2, 29, 12, 0, 0, 5, time.UTC), s("2024-02-29T12:00:00.000000005Z")},
		{"a URL is its text", url.URL{Scheme: "https", Host: "h", Path: "/a b", RawQuery: "q=1"}, s("https://h/a%20b?q=1")},
		{"a pointer to a URL too", &url.URL{Path: "/p"}, s("/p")},
		{"a request: its method, URL, host, header, length and data fields set", func() any {
			r := httptest.NewRequest("POST", "/p?q=1", strings.NewReader("x"))
			r.Header.Set("A", "b")
			r.Pattern = "/p"
			return r
		}(), m("Method", s("POST"), "URL", s("/p?q=1"), "Header", m("A", l(s("b"))), "ContentLength", i(1),
			"Host", s("example.com"), "RemoteAddr", s("192.0.2.1:1234"), "RequestURI", s("/p?q=1"), "Pattern", s("/p"))},
		{"interface in a slice", []any{1, "a", nil}, l(i(1), s("a"), null)},
		{"map: string keys sorted", map[string]int{"b": 2, "a": 1, "c": 3}, m("a", i(1), "b", i(2), "c", i(3))},
		{"map: int keys in numeric order", map[int]bool{10: true, -1: false, 2: true},
			spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: i(-1), Val: spec.BoolValue(false)}, {Key: i(2), Val: spec.BoolValue(true)}, {Key: i(10), Val: spec.BoolValue(true)}}}},
		{"map: float keys in numeric order", map[float64]int{2.5: 1, -0.5: 2},
			spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: f(-0.5), Val: i(2)}, {Key: f(2.5), Val: i(1)}}}},
		{"map: struct keys", map[point]int{{X: 2}: 1, {X: 1}: 2},
			spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: m("X", i(1), "Y", i(0)), Val: i(2)}, {Key: m("X", i(2), "Y", i(0)), Val: i(1)}}}},
		{"func", func() {}, spec.OpaqueValue("<func>")},
		{"chan", make(chan int), spec.OpaqueValue("<chan int>")},
		{"receive-only chan", make(<-chan string), spec.OpaqueValue("<chan string>")},
		{"unsafe pointer", unsafe.Pointer(&x), spec.OpaqueValue("<unsafe.Pointer>")},
		{"func in a struct field", struct{ F func() }{F: func() {}}, m("F", spec.OpaqueValue("<func>"))},
		{"map: an opaque key orders by its text", map[any]int{"z": 1, ch: 2, "<b": 3},
			spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: s("<b"), Val: i(3)}, {Key: spec.OpaqueValue("<chan int>"), Val: i(2)}, {Key: s("z"), Val: i(1)}}}},
		{"cycle", cyclic, m("Next", spec.OpaqueValue("<cycle>"), "V", i(1))},
		{"a pointer met twice but not in a cycle", pair{A: &shared, B: &shared}, m("A", i(7), "B", i(7))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := canon(t, tt.in, SpecgenCanonOptions{})
			if diff := cmp.Diff(tt.want, got, cmpValue...); diff != "" {
				t.Errorf("SpecgenCanon(%#v) differs (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestCanonDepthLimit(t *testing.T) {
	// A list of 30 nodes: the writer stops 40 levels down (pointer and
	// struct each count), and says so.
	var head *node
	for n := 30; n > 0; n-- {
		head = &node{Next: head, V: n}
	}
	v := canon(t, head, SpecgenCanonOptions{})
	hops := 0
	for v.Kind == spec.Map {
		if got, _ := v.Field("V"); got.Int != int64(hops+1) {
			t.Fatalf("node %d: V = %s", hops, got)
		}
		v, _ = v.Field("Next")
		hops++
	}
	if want := spec.OpaqueValue("<too deep>"); !cmp.Equal(want, v, cmpValue...) || hops != 20 {
		t.Errorf("after %d nodes: %#v; want %#v after 20", hops, v, want)
	}

	// A short list ends in null.
	v = canon(t, &node{V: 1, Next: &node{V: 2}}, SpecgenCanonOptions{})
	want := m("Next", m("Next", spec.NullValue(), "V", spec.IntValue(2)), "V", spec.IntValue(1))
	if diff := cmp.Diff(want, v, cmpValue...); diff != "" {
		t.Errorf("short list differs (-want +got):\n%s", diff)
	}
}

// TestCanonBudget checks that a value too large to send arrives as an
// opaque value naming its size, that two such strings differ by their
// hash, that values within the budget arrive whole, and that the
// recorder counts what it cut.
func TestCanonBudget(t *testing.T) {
	big := strings.Repeat("ab", specgenCanonBudget)
	big2 := strings.Repeat("ba", specgenCanonBudget)
	fit := strings.Repeat("x", specgenCanonBudget/2)
	type withText struct {
		Name string
		Body string
	}
	tests := []struct {
		name string
		in   any
		// want is the value; opaque, when set, the prefix of the
		// placeholder text the value is instead.
		want   spec.Value
		opaque string
		cut    int
	}{
		{"string within the budget", fit, spec.StringValue(fit), "", 0},
		{"string past it", big, spec.Value{}, fmt.Sprintf("<string of %d bytes, fnv ", len(big)), len(big)},
		{"bytes past it", []byte(big), spec.Value{}, fmt.Sprintf("<string of %d bytes, fnv ", len(big)), len(big)},
		{"invalid UTF-8 bytes past it", append([]byte{0xff}, big...), spec.Value{}, "<string of ", len(big) + 1},
		{"list past it", append([]int{1, 2}, make([]int, specgenCanonBudget)...),
			spec.ListValue(spec.IntValue(1), spec.IntValue(2), spec.IntValue(0), spec.IntValue(0), spec.IntValue(0), spec.IntValue(0), spec.IntValue(0), spec.IntValue(0),
				spec.OpaqueValue(fmt.Sprintf("<%d more elements>", specgenCanonBudget+2-specgenListHead))),
			"", (specgenCanonBudget + 2 - specgenListHead) * specgenNodeCost},
		{"map past it", func() map[int]int {
			m := map[int]int{}
			for i := 0; i < specgenCanonBudget/specgenNodeCost; i++ {
				m[i] = i
			}
			return m
		}(), spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: spec.OpaqueValue(fmt.Sprintf("<%d entries>", specgenCanonBudget/specgenNodeCost)), Val: spec.OpaqueValue("<cut>")}}}, "", 2 * specgenCanonBudget},
		{"a field past what is left", withText{Name: "n", Body: big}, m("Name", spec.StringValue("n"), "Body", spec.OpaqueValue(fmt.Sprintf("<string of %d bytes", len(big)))), "", len(big)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &SpecgenRecorder{}
			rec.Record("out", "0", tt.in)
			data, err := json.Marshal(&rec.Resp)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 2*specgenCanonBudget {
				t.Errorf("the response takes %d bytes, more than twice the budget", len(data))
			}
			var resp struct {
				Outputs []spec.Value `json:"outputs"`
				Cut     int          `json:"cut"`
			}
			if err := json.Unmarshal(data, &resp); err != nil {
				t.Fatal(err)
			}
			if resp.Cut != tt.cut {
				t.Errorf("cut = %d, want %d", resp.Cut, tt.cut)
			}
			got := resp.Outputs[0]
			if tt.opaque != "" {
				if got.Kind != spec.Opaque || !strings.HasPrefix(got.Str, tt.opaque) {
					t.Errorf("got %s, want an opaque value starting %q", got, tt.opaque)
				}
				return
			}
			// Compare an opaque field by the start of its text.
			if got.Kind == spec.Map {
				for i, e := range got.Map {
					w := tt.want.Map[i].Val
					if e.Val.Kind == spec.Opaque && w.Kind == spec.Opaque && strings.HasPrefix(e.Val.Str, w.Str) {
						got.Map[i].Val = w
					}
				}
			}
			if diff := cmp.Diff(tt.want, got, cmpValue...); diff != "" {
				t.Errorf("value differs (-want +got):\n%s", diff)
			}
		})
	}

	a, b := SpecgenCanon(big, SpecgenCanonOptions{}), SpecgenCanon(big2, SpecgenCanonOptions{})
	if reflect.DeepEqual(a, b) {
		t.Errorf("two strings of the same length past the budget read the same: %v", a)
	}

	rec := &SpecgenRecorder{}
	rec.Record("err", "*errors.errorString", big)
	if n := len(rec.Resp.Err.Message); n > specgenCanonBudget+64 || !strings.HasSuffix(rec.Resp.Err.Message, fmt.Sprintf("... (%d bytes cut)", len(big)-specgenCanonBudget)) {
		t.Errorf("an error message of %d bytes is sent as %d bytes ending %q", len(big), n, rec.Resp.Err.Message[n-40:])
	}
	if rec.Resp.Cut != len(big)-specgenCanonBudget {
		t.Errorf("cut = %d after the message, want %d", rec.Resp.Cut, len(big)-specgenCanonBudget)
	}
}

func TestCanonOptions(t *testing.T) {
	unbox := func(v reflect.Value) (reflect.Value, bool) {
		if v.Type() == reflect.TypeOf(box{}) {
			return v.Field(0).Elem(), true
		}
		return v, false
	}
	tests := []struct {
		name string
		in   any
		opt  SpecgenCanonOptions
		want spec.Value
	}{
		{"native: X fields are exported", yaegiStruct{Xname: "a", XTitle: "b", X: 1}, SpecgenCanonOptions{},
			m("Xname", spec.StringValue("a"), "XTitle", spec.StringValue("b"), "X", spec.IntValue(1))},
		{"yaegi: Xname is an unexported name", yaegiStruct{Xname: "a", XTitle: "b", X: 1}, SpecgenCanonOptions{Yaegi: true},
			m("XTitle", spec.StringValue("b"), "X", spec.IntValue(1))},
		{"unbox", []box{{inner: 4}, {inner: "s"}}, SpecgenCanonOptions{Unbox: unbox},
			spec.ListValue(spec.IntValue(4), spec.StringValue("s"))},
		{"unbox leaves other values", point{X: 1}, SpecgenCanonOptions{Unbox: unbox},
			m("X", spec.IntValue(1), "Y", spec.IntValue(0))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := canon(t, tt.in, tt.opt)
			if diff := cmp.Diff(tt.want, got, cmpValue...); diff != "" {
				t.Errorf("SpecgenCanon differs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRecorder(t *testing.T) {
	rec := &SpecgenRecorder{}
	rec.Record("in", "s", "abc")
	rec.Record("in", "f", func() {})
	rec.Record("out", "0", int64(5))
	rec.Record("errtypes", "*fs.PathError\n*errors.errorString", nil)
	rec.Record("errsent", "", nil)
	rec.Record("err", "*fs.PathError", "open x: no such file")
	rec.Record("assert", "0", true)
	rec.Record("assert", "1", false)
	rec.Record("panic", "string", "boom")

	data, err := json.Marshal(&rec.Resp)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Inputs  [][2]json.RawMessage `json:"inputs"`
		Outputs []spec.Value         `json:"outputs"`
		Err     *SpecgenErr          `json:"err"`
		Panic   *SpecgenErr          `json:"panic"`
		Asserts []bool               `json:"asserts"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("decode %s: %v", data, err)
	}
	var inputs []spec.Value
	for _, in := range got.Inputs {
		var v spec.Value
		if err := v.UnmarshalJSON(in[1]); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, v)
	}
	if want := []spec.Value{spec.StringValue("abc"), spec.OpaqueValue("<func>")}; !cmp.Equal(want, inputs, cmpValue...) {
		t.Errorf("inputs = %v, want %v", inputs, want)
	}
	if want := []spec.Value{spec.IntValue(5)}; !cmp.Equal(want, got.Outputs, cmpValue...) {
		t.Errorf("outputs = %v, want %v", got.Outputs, want)
	}
	wantErr := &SpecgenErr{Message: "open x: no such file", Type: "*fs.PathError", Types: []string{"*fs.PathError", "*errors.errorString"}}
	if diff := cmp.Diff(wantErr, got.Err, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("err differs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&SpecgenErr{Message: "boom", Type: "string"}, got.Panic); diff != "" {
		t.Errorf("panic differs (-want +got):\n%s", diff)
	}
	if !cmp.Equal([]bool{true, false}, got.Asserts) {
		t.Errorf("asserts = %v", got.Asserts)
	}
}

// TestRecorderDrainsChannels checks that a returned channel is recorded
// as what it delivers until it is closed, and one that is not closed in
// time as an opaque value.
func TestRecorderDrainsChannels(t *testing.T) {
	filled := func(n int, closed bool) <-chan int {
		ch := make(chan int)
		go func() {
			for i := range n {
				ch <- i * 10
			}
			if closed {
				close(ch)
			}
		}()
		return ch
	}
	tests := []struct {
		name string
		v    any
		want spec.Value
	}{
		{"closed", filled(3, true), spec.ListValue(spec.IntValue(0), spec.IntValue(10), spec.IntValue(20))},
		{"empty and closed", filled(0, true), spec.ListValue()},
		{"never closed", filled(2, false), spec.OpaqueValue("<chan int>")},
		{"nil", (<-chan int)(nil), spec.NullValue()},
		{"send-only", make(chan<- int), spec.OpaqueValue("<chan int>")},
		{"over the limit", filled(specgenDrainLimit+5, true), spec.OpaqueValue("<chan int>")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &SpecgenRecorder{}
			rec.Record("out", "0", tt.v)
			data, err := json.Marshal(rec.Resp.Outputs[0])
			if err != nil {
				t.Fatal(err)
			}
			var got spec.Value
			if err := got.UnmarshalJSON(data); err != nil {
				t.Fatal(err)
			}
			if !cmp.Equal(tt.want, got, cmpValue...) {
				t.Errorf("recorded %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRecorderObservers(t *testing.T) {
	type call struct {
		kind, name string
		v          interface{}
	}
	for _, c := range []struct {
		name  string
		calls []call
		want  string
	}{
		{"stable", []call{{"obs", "Len()", 2}, {"obsagain", "Len()", 2}, {"obs", "Name", "a"}, {"obsagain", "Name", "a"}}, `{Len(): 2, Name: "a"}`},
		{"unstable", []call{{"obs", "Seq()", 1}, {"obsagain", "Seq()", 2}}, `{Seq(): "<unstable>"}`},
		{"panic", []call{{"obspanic", "Boom()", nil}, {"obs", "Len()", 0}, {"obsagain", "Len()", 0}}, `{Boom(): "<panic>", Len(): 0}`},
		{"panic-second", []call{{"obs", "Once()", true}, {"obspanic", "Once()", nil}}, `{Once(): "<unstable>"}`},
		{"nan-stable", []call{{"obs", "Ratio()", math.NaN()}, {"obsagain", "Ratio()", math.NaN()}}, `{Ratio(): .nan}`},
		{"nothing", nil, `{}`},
	} {
		rec := &SpecgenRecorder{}
		rec.Record("out", "0", 1)
		rec.Record("outobs", "1", nil)
		for _, k := range c.calls {
			rec.Record(k.kind, k.name, k.v)
		}
		data, err := json.Marshal(rec.Resp.Outputs)
		if err != nil {
			t.Fatal(err)
		}
		var got []spec.Value
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%s: decode %s: %v", c.name, data, err)
		}
		if len(got) != 2 || got[0].String() != "1" || got[1].String() != c.want {
			t.Errorf("%s: outputs %v, want [1, %s]", c.name, got, c.want)
		}
	}
}

func TestRecorderAfter(t *testing.T) {
	type call struct {
		kind, name string
		v          interface{}
	}
	for _, c := range []struct {
		name  string
		calls []call
		want  string // "-": no after
	}{
		{"none", []call{{"out", "0", 1}}, "-"},
		{"canonical", []call{{"out", "0", 1}, {"after", "", map[string]int{"n": 2}}}, `{n: 2}`},
		{"nil", []call{{"after", "", nil}}, `null`},
		{"observed", []call{{"outobs", "0", nil}, {"obs", "Len()", 1}, {"obsagain", "Len()", 1}, {"afterobs", "", nil}, {"obs", "Len()", 2}, {"obsagain", "Len()", 2}}, `{Len(): 2}`},
		{"observed-unstable", []call{{"afterobs", "", nil}, {"obs", "Seq()", 1}, {"obsagain", "Seq()", 2}}, `{Seq(): "<unstable>"}`},
	} {
		rec := &SpecgenRecorder{}
		for _, k := range c.calls {
			rec.Record(k.kind, k.name, k.v)
		}
		got := "-"
		if rec.Resp.After != nil {
			data, err := json.Marshal(rec.Resp.After.V)
			if err != nil {
				t.Fatal(err)
			}
			var v spec.Value
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("%s: decode %s: %v", c.name, data, err)
			}
			got = v.String()
		}
		if got != c.want {
			t.Errorf("%s: after %s, want %s", c.name, got, c.want)
		}
		if c.name == "observed" {
			if data, _ := json.Marshal(rec.Resp.Outputs); string(data) != `[{"m":[["Len()",{"i":"1"}]]}]` {
				t.Errorf("observed: the result's observers were disturbed: %s", data)
			}
		}
	}
}
