package target

import (
	"context"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

func TestYaegiProblems(t *testing.T) {
	tests := []struct {
		dir, pattern string
		want         []string
		why          string
	}{
		{
			dir: "testdata/td", pattern: "./yaegibad",
			want: []string{
				`bad.go:5:2: import "iter" (not in yaegi v0.16.1's standard library, which stops at Go 1.22)`,
				`bad.go:13:2: import "net/http" (the executors refuse unsafe, syscall, os/exec, net, plugin and cgo)`,
				`bad.go:14:2: import "os/exec" (the executors refuse unsafe, syscall, os/exec, net, plugin and cgo)`,
				"bad.go:21:39: loop variable i captured by a closure (yaegi v0.16.1 shares one variable across iterations, Go 1.22 makes one per iteration)",
				"bad.go:24:7: address of loop variable s taken (yaegi v0.16.1 shares one variable across iterations, Go 1.22 makes one per iteration)",
				"bad.go:44:2: range over an integer (yaegi v0.16.1 cannot)",
				"bad.go:47:2: range over a function (yaegi v0.16.1 cannot)",
				"bad.go:50:9: builtin min (yaegi v0.16.1 has no min/max/clear)",
				"bad.go:55:15: slices.Collect (not in yaegi v0.16.1's standard library)",
				"bad.go:55:31: strings.Lines (not in yaegi v0.16.1's standard library, which stops at Go 1.22)",
				"bad.go:56:9: slices.Sort (not in yaegi v0.16.1's standard library)",
				"bad.go:57:2: builtin clear (yaegi v0.16.1 has no min/max/clear)",
				"bad.go:58:16: slices.Clone (yaegi v0.16.1 fails to instantiate this generic function)",
				"bad.go:65:6: generic type Stack (yaegi v0.16.1's generics are incomplete)",
				"bad.go:74:2: switch with both an init statement and a tag (yaegi v0.16.1 always takes the default case)",
				"../util/util.go:8:9: builtin max (yaegi v0.16.1 has no min/max/clear)",
				"../util/util.go:8:17: builtin min (yaegi v0.16.1 has no min/max/clear)",
			},
			why: "every kind of problem, in the package and in its same-module dependency util; " +
				"not in extpkg (another module); slices.Contains and Fine's loop are fine",
		},
		{
			dir: "testdata/td", pattern: "./yaegireflect",
			want: []string{
				"reflect.go:25:28: Point value passed to fmt.Sprintf (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding)",
				"reflect.go:25:31: []*Point value passed to fmt.Sprintf (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding)",
				"reflect.go:26:15: json.Marshal (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding, so encoding/json sees them wrong)",
				"reflect.go:28:21: **NotFound value passed to errors.As (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding)",
				"reflect.go:29:15: method expression Point.Sum (yaegi v0.16.1 panics calling it)",
				"reflect.go:30:11: type assertion to interface Shape (yaegi v0.16.1 does not find the methods of interpreted types behind an interface)",
				"reflect.go:32:7: type switch binding a case of interpreted type Point (yaegi v0.16.1 misses the match)",
				"reflect.go:35:36: Celsius value passed to fmt.Sprint (reflection: yaegi v0.16.1 gives interpreted types no name, methods or embedding)",
			},
			why: "Fine has none: sort.Slice, method values, interface conversions, concrete assertions, " +
				"untyped type switches and fmt of standard-library and basic values are run right; " +
				"a value that reaches fmt as an any through the package's own show is left to the cross-check",
		},
		{
			dir: "testdata/old", pattern: "./loops",
			want: nil,
			why:  "under Go 1.21 loop variables are shared in Go too",
		},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			p, err := Load(context.Background(), tc.pattern, Config{Dir: tc.dir})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, pr := range p.YaegiProblems() {
				got = append(got, pr.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("YaegiProblems() =\n\t%s\nwant\n\t%s\n(%s)", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"), tc.why)
			}
		})
	}
	t.Run("pricing", func(t *testing.T) {
		var got []string
		for _, pr := range loadPricing(t).YaegiProblems() {
			got = append(got, pr.String())
		}
		want := []string{
			"pricing.go:96:6: generic function Map (yaegi v0.16.1's generics are incomplete)",
			"pricing.go:99:6: generic type List (yaegi v0.16.1's generics are incomplete)",
			"../util/util.go:8:9: builtin max (yaegi v0.16.1 has no min/max/clear)",
			"../util/util.go:8:17: builtin min (yaegi v0.16.1 has no min/max/clear)",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("YaegiProblems() =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	})
}

// TestYaegiGenericFuncs keeps yaegiGenericWorks honest: the generic
// standard-library functions it lists run in yaegi v0.16.1, and a few it
// leaves out do not.
func TestYaegiGenericFuncs(t *testing.T) {
	calls := []struct {
		fn, call string
	}{
		{"cmp.Compare", `cmp.Compare("a", "b")`},
		{"cmp.Less", `cmp.Less(1, 2)`},
		{"maps.DeleteFunc", `func() int { m := map[string]int{"a": 1}; maps.DeleteFunc(m, func(k string, v int) bool { return true }); return len(m) }()`},
		{"slices.CompareFunc", `slices.CompareFunc([]int{1}, []int{1}, func(a, b int) int { return a - b })`},
		{"slices.Contains", `slices.Contains([]string{"a"}, "a")`},
		{"slices.ContainsFunc", `slices.ContainsFunc([]int{1}, func(a int) bool { return a == 1 })`},
		{"slices.EqualFunc", `slices.EqualFunc([]int{1}, []int{1}, func(a, b int) bool { return a == b })`},
		{"slices.Index", `slices.Index([]int{1}, 1)`},
		{"slices.IndexFunc", `slices.IndexFunc([]int{1}, func(a int) bool { return a == 1 })`},
		{"slices.Equal", `slices.Equal([]int{1}, []int{1})`},
		{"slices.Clone", `slices.Clone([]int{1})`},
		{"slices.Reverse", `func() int { x := []int{1, 2}; slices.Reverse(x); return x[0] }()`},
		{"maps.Clone", `maps.Clone(map[string]int{"a": 1})`},
		{"cmp.Or", `cmp.Or("", "b")`},
	}
	for _, c := range calls {
		t.Run(c.fn, func(t *testing.T) {
			pkg, name, _ := strings.Cut(c.fn, ".")
			in := interp.New(interp.Options{})
			if err := in.Use(stdlib.Symbols); err != nil {
				t.Fatal(err)
			}
			_, err := in.Eval("package main\nimport (\"" + pkg + "\"; \"fmt\")\nfunc main() { fmt.Sprint(" + c.call + ") }")
			if works := yaegiGenericWorks(pkg, name); works != (err == nil) {
				t.Errorf("yaegiGenericWorks(%s) = %v, but yaegi says: %v", c.fn, works, err)
			}
		})
	}
}
