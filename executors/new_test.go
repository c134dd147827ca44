package executors_test

import (
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
)

func TestNew(t *testing.T) {
	shared := &executors.Native{CacheDir: "/shared"}
	logf := func(string, ...any) {}
	cases := []struct {
		name string
		opts executors.Options
		// want is the engine's Name; "" wants an error.
		want string
		// check looks at what New built, when set.
		check func(t *testing.T, e executors.Executor)
	}{
		{name: "", want: "auto", check: func(t *testing.T, e executors.Executor) {
			a := e.(*executors.Auto)
			if a.Native == nil || a.Yaegi == nil || a.CrossCheck != 0 {
				t.Errorf("zero options: auto %+v, want both engines and no cross-check", a)
			}
		}},
		{name: "auto", opts: executors.Options{CacheDir: "/cache", Logf: logf, CrossCheck: 8}, want: "auto", check: func(t *testing.T, e executors.Executor) {
			a := e.(*executors.Auto)
			if a.Native.CacheDir != "/cache" || a.CrossCheck != 8 || a.Logf == nil || a.Native.Logf == nil || a.Yaegi.Logf == nil {
				t.Errorf("auto %+v, native %+v: options not passed on", a, a.Native)
			}
		}},
		{name: "auto", opts: executors.Options{Native: shared, CacheDir: "/ignored"}, want: "auto", check: func(t *testing.T, e executors.Executor) {
			if a := e.(*executors.Auto); a.Native != shared {
				t.Errorf("auto's native is %p, want the shared %p", a.Native, shared)
			}
		}},
		{name: "native", opts: executors.Options{CacheDir: "/cache"}, want: "native", check: func(t *testing.T, e executors.Executor) {
			if n := e.(*executors.Native); n.CacheDir != "/cache" {
				t.Errorf("native cache %q, want /cache", n.CacheDir)
			}
		}},
		{name: "native", opts: executors.Options{Native: shared}, want: "native", check: func(t *testing.T, e executors.Executor) {
			if e != executors.Executor(shared) {
				t.Errorf("native is not the shared engine")
			}
		}},
		{name: "yaegi", opts: executors.Options{CrossCheck: 8}, want: "yaegi"},
		{name: "Native"},
		{name: "go"},
		{name: " auto"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := executors.New(c.name, c.opts)
			if c.want == "" {
				if err == nil {
					t.Fatalf("New(%q) = %s, want an error", c.name, e.Name())
				}
				for _, n := range executors.Engines() {
					if !strings.Contains(err.Error(), n) {
						t.Errorf("error %q does not list %s", err, n)
					}
				}
				if !strings.Contains(err.Error(), `"`+c.name+`"`) {
					t.Errorf("error %q does not quote the name given", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.Name() != c.want {
				t.Errorf("New(%q).Name() = %q, want %q", c.name, e.Name(), c.want)
			}
			if c.check != nil {
				c.check(t, e)
			}
		})
	}
}

func TestNewKnowsEveryEngine(t *testing.T) {
	for _, n := range executors.Engines() {
		e, err := executors.New(n, executors.Options{})
		if err != nil {
			t.Errorf("New(%q): %v", n, err)
			continue
		}
		if e.Name() != n {
			t.Errorf("New(%q).Name() = %q", n, e.Name())
		}
	}
}
