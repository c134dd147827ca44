package write

import (
	"fmt"
	"slices"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestCodeFeatures(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      []string
	}{
		{"constructor", `NewCache(128, "lru")`, []string{"new-cache-128-lru"}},
		{"constructor of a generic type", `New[int](8)`, []string{"new-8"}},
		{"constructor with code arguments", `NewRing(func(b []byte) uint32 { return 0 })`, []string{"new-ring"}},
		{"chain", `New().WithName("abc").WithTimeout(2)`, []string{"with-timeout", "with-name", "new"}},
		{"filled", `func() *Cache { p := New(2); p.Add(Key(42), 42); p.Add(Key(0), 0); p.Remove(Key(42)); return p }()`, []string{"add-x2", "remove", "new-2"}},
		{"hook field", `func() *Cache { p := New(2); p.Add(1, 2); p.OnEvicted = func(k Key, v interface{}) { panic("boom") }; return p }()`, []string{"on-evicted", "add", "new-2"}},
		{"hook method", `func() *Cache { p := New(0, 0); p.OnEvicted(func(k string, v interface{}) {}); return p }()`, []string{"on-evicted", "new-0-0"}},
		{"constructor with an error", `func() *Cache[int, int] { p, _ := NewCache[int, int](2); p.Put(2, 2); return p }()`, []string{"put", "new-cache-2"}},
		{"value of a pointer method", `func() *Money { v := MakeMoney(int64(2), "abc"); return v.Round() }()`, []string{"round", "make-money"}},
		{"error dropped", `func() *Version { r, _ := Parse("1.2.3"); return r }()`, []string{"parse-1p2p3"}},
		{"link with error dropped", `func() Money { r, _ := MakeMoney(1, "x").Add(MakeMoney(2, "x")); return r }()`, []string{"add", "make-money-1-x"}},
		{"address of a value", `func() *Builder { v := New().Clone(); return &v }()`, []string{"clone", "new"}},
		{"value of an interface", `reflect.ValueOf(interface{}(3.7))`, []string{"value-of-3p7"}},
		{"kinds of composites", `reflect.ValueOf(map[string]int{"a": 1})`, []string{"value-of-map"}},
		{"struct and nil", `Pair(struct{ A int }{A: 1}, nil)`, []string{"pair-struct-nil"}},
		{"nil slice", `Sum([]int(nil))`, []string{"sum-nil-slice"}},
		{"words past 12 bytes left out", `Pair(struct{ A int }{A: 1}, []int(nil))`, []string{"pair"}},
		{"constructor of options", `New(Options{SSLRedirect: true, SSLHost: "abc"})`, []string{"new", "ssl-redirect-true", "ssl-host-abc"}},
		{"a field of one element", `New(Options{AllowedHosts: []string{"example.com"}})`, []string{"new", "allowed-example-com"}},
		{"constructor of an options pointer", `New(&Config{Level: Debug})`, []string{"new", "level-debug"}},
		{"variadic options built", `New([]Options{*func() *Options { p := &Options{}; p.AllowRequestFunc = func(x *http.Request) bool { return false }; return p }()}...)`, []string{"new", "allow-reques"}},
		{"named constants", `Toggle(true, nil)`, []string{"toggle-true-nil"}},
		{"empty string", `Parse("")`, []string{"parse-empty"}},
		{"functional options", `[]Option{WithPrefix("v"), WithStrict(true)}`, []string{"with-prefix-v", "with-strict-true"}},
		{"keyed elements", `map[string]Option{"a": WithPrefix("")}`, []string{"with-prefix-empty"}},
		{"empty map of an unnamed type", `map[string][]string{}`, []string{"map-string-string-slice", "no-items"}},
		{"slice of plain values", `[]byte{97, 98, 99}`, []string{"byte-slice", "3-items"}},
		{"map of any", `map[interface{}]any{0: nil}`, []string{"map-any-any", "one-item"}},
		{"interface constructor asserted", `NewFibonacci(time.Second).(*fibonacciBackoff)`, []string{"new-fibonacc-1s"}},
		{"durations", `Cap(90 * time.Second, -time.Hour)`, []string{"cap-90s-m1h"}},
		{"nanoseconds", `Wait(time.Duration(1500))`, []string{"wait-1500ns"}},
		{"adapter", `BackoffFunc(func() (time.Duration, bool) { return 1, true })`, []string{"backoff-func"}},
		{"struct literal of fields", `&counter{n: 3, max: -1}`, []string{"n-3", "max-m1"}},
		{"field built by code", `&retryableError{err: errors.New("")}`, []string{"err-new-empty"}},
		{"named functions", `[]DelayTypeFunc{BackOffDelay, FixedDelay, BackOffDelay, nil}`, []string{"back-off-x2", "fixed-delay", "4-items"}},
		{"not code", `func( {`, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := codeFeatures(tt.src); !slices.Equal(got, tt.want) {
				t.Errorf("codeFeatures(%s) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestTypesSlug(t *testing.T) {
	for _, tt := range []struct {
		types []string
		want  string
	}{
		{[]string{"int"}, "int"},
		{[]string{"Int"}, "named-int"},
		{[]string{"String", "int"}, "named-string-int"},
		{[]string{"[]string"}, "slice-string"},
		{[]string{"map[string]ID"}, "map-string-id"},
		{[]string{"Version"}, "version"},
	} {
		var ts spec.TypeArgs
		for i, s := range tt.types {
			ts = append(ts, spec.TypeArg{Param: fmt.Sprintf("T%d", i), Type: s})
		}
		if got := typesSlug(ts); got != tt.want {
			t.Errorf("typesSlug(%v) = %q, want %q", tt.types, got, tt.want)
		}
	}
}
