package executors_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// TestBuildKeepsUserLdflags checks that the worker is linked with the
// linker flags the user's GOFLAGS give (a version set with -X), not
// with specgen's own in their place.
func TestBuildKeepsUserLdflags(t *testing.T) {
	pkg, err := target.Load(context.Background(), "./version", target.Config{Dir: "testdata/mod"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func("Get")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, `"dev"`},
		{[]string{"GOFLAGS=-ldflags=-X=example.com/probes/version.Version=1.2"}, `"1.2"`},
	} {
		n := &executors.Native{CacheDir: t.TempDir(), Env: tc.env}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		rep, err := n.Run(ctx, &executors.Program{Func: f, Probes: []executors.Probe{{ID: "get"}}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if r := rep.Results[0]; r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != tc.want {
			t.Errorf("env %q: Get() = %s %v %s, want %s", tc.env, r.Outcome, r.Outputs, r.Message, tc.want)
		}
	}
}

// TestProbeTimeStartsAfterInit runs a fast probe, with a timeout shorter
// than its package's initialisation, on fresh workers: the time of a
// probe runs from the worker's greeting, not from its start, which a
// loaded machine makes as slow as this package's init (a fast probe of
// a mutant then timed out there, and showed its result on an idle one).
func TestProbeTimeStartsAfterInit(t *testing.T) {
	f := loadFunc(t, "testdata/mod", "./slowinit", "Double")
	n := &executors.Native{CacheDir: t.TempDir(), Workers: 2}
	prog := &executors.Program{Func: f, Timeout: 300 * time.Millisecond, Probes: []executors.Probe{
		{ID: "two", Args: []string{"2"}},
		{ID: "three", Args: []string{"3"}},
	}}
	rep := run(t, n, prog)
	for i, want := range []string{"4", "6"} {
		if r := rep.Results[i]; r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != want {
			t.Errorf("%s: %s %v %s, want %s", r.ID, r.Outcome, r.Outputs, r.Message, want)
		}
	}
}

// TestPackageStateSetBack runs probes that change a package's
// package-level variables on one worker: each probe starts from the
// state the package's init left, whatever the probes before it did,
// while a probe's own setup still changes what its call sees.
func TestPackageStateSetBack(t *testing.T) {
	reg := loadFunc(t, "testdata/mod", "./registry", "Register")
	once := loadFunc(t, "testdata/mod", "./registry", "MakeOnce")
	n := &executors.Native{CacheDir: t.TempDir(), Workers: 1}
	prog := &executors.Program{Func: reg, Timeout: 10 * time.Second, Probes: []executors.Probe{
		{ID: "first", Args: []string{`"a"`}},
		{ID: "again", Args: []string{`"a"`}},
		{ID: "after-setup", Setup: `Register("b")`, Args: []string{`"b"`}},
		{ID: "builtin", Args: []string{`"builtin"`}},
		{ID: "once", Func: once},
		{ID: "twice", Func: once},
		{ID: "registered-then-made", Setup: `Register("c"); Register("d")`, Func: once},
	}}
	rep := run(t, n, prog)
	want := []string{"1 <nil>", "1 <nil>", "0 registry: duplicate b", "0 registry: duplicate builtin", "7", "7", "10"}
	for i, w := range want {
		r := rep.Results[i]
		if r.Outcome != executors.OK {
			t.Errorf("%s: %s %s, want %s", r.ID, r.Outcome, r.Message, w)
			continue
		}
		var parts []string
		for _, o := range r.Outputs {
			parts = append(parts, o.String())
		}
		if r.Err != nil {
			parts = append(parts, r.Err.Message)
		} else if i < 4 {
			parts = append(parts, "<nil>")
		}
		if got := strings.Join(parts, " "); got != w {
			t.Errorf("%s: got %s, want %s", r.ID, got, w)
		}
	}
}

// TestMessagesPlainSpaces checks that an error's and a panic's message
// are recorded with plain spaces where the code put no-break ones, as
// protobuf's errors do at random per build.
func TestMessagesPlainSpaces(t *testing.T) {
	refuse := loadFunc(t, "testdata/mod", "./registry", "Refuse")
	must := loadFunc(t, "testdata/mod", "./registry", "MustRefuse")
	n := &executors.Native{CacheDir: t.TempDir()}
	prog := &executors.Program{Func: refuse, Timeout: 10 * time.Second, Probes: []executors.Probe{
		{ID: "error", Args: []string{`"x"`}},
		{ID: "panic", Func: must, Args: []string{`"x"`}},
	}}
	rep := run(t, n, prog)
	if r := rep.Results[0]; r.Err == nil || r.Err.Message != "registry: refused x" {
		t.Errorf("error: %s %+v, want the message registry: refused x", r.Outcome, r.Err)
	}
	if r := rep.Results[1]; r.Panic == nil || r.Panic.Message != "registry: refused x" {
		t.Errorf("panic: %s %+v, want the message registry: refused x", r.Outcome, r.Panic)
	}
}

// TestWrittenRecorded checks that what a call writes to a writer
// parameter is recorded after it: the text a *bytes.Buffer or a
// *strings.Builder holds, a handler's response as a recorder holds it,
// and nothing for a writer that keeps nothing.
func TestWrittenRecorded(t *testing.T) {
	hello := loadFunc(t, "testdata/mod", "./web", "Hello")
	teapot := loadFunc(t, "testdata/mod", "./web", "Teapot")
	n := &executors.Native{CacheDir: t.TempDir()}
	prog := &executors.Program{Func: hello, Timeout: 10 * time.Second, ObserveReceiver: true, Probes: []executors.Probe{
		{ID: "buffer", Args: []string{`&bytes.Buffer{}`, `"x"`}, Imports: map[string]string{"bytes": "bytes"}},
		{ID: "builder", Args: []string{`&strings.Builder{}`, `"y"`}, Imports: map[string]string{"strings": "strings"}},
		{ID: "discard", Args: []string{`io.Discard`, `"z"`}, Imports: map[string]string{"io": "io"}},
		{ID: "teapot", Func: teapot, Args: []string{`httptest.NewRecorder()`, `httptest.NewRequest("BREW", "/pot", nil)`},
			Imports: map[string]string{"net/http/httptest": "httptest"}},
	}}
	rep := run(t, n, prog)
	want := []string{
		`[{w "hello, x"}]`,
		`[{w "hello, y"}]`,
		`[]`,
		`[{w {body: "short and stout", code: 418, header: {X-Method: ["BREW"]}}}]`,
	}
	for i, w := range want {
		r := rep.Results[i]
		if r.Outcome != executors.OK {
			t.Errorf("%s: %s %s", r.ID, r.Outcome, r.Message)
			continue
		}
		if got := namedValues(r.ArgsAfter); got != w {
			t.Errorf("%s: args after %s, want %s", r.ID, got, w)
		}
	}
}

// TestHandlerCallbackLogged checks that a middleware's next, a handler
// callback, has its calls logged with the header its writer held then
// and the request it was given, and that the request is observed
// before the call as after it, for the case to tell a request the call
// changed.
func TestHandlerCallbackLogged(t *testing.T) {
	stamp := loadFunc(t, "testdata/mod", "./web", "Stamp")
	n := &executors.Native{CacheDir: t.TempDir()}
	imports := map[string]string{"net/http/httptest": "httptest", "net/http": "http"}
	rep := run(t, n, &executors.Program{Func: stamp, Timeout: 10 * time.Second, ObserveReceiver: true, Probes: []executors.Probe{
		{ID: "get", Args: []string{`httptest.NewRecorder()`, `httptest.NewRequest("GET", "/a", nil)`, `http.NotFound`}, Imports: imports},
		{ID: "post", Args: []string{`httptest.NewRecorder()`, `httptest.NewRequest("POST", "/a", nil)`, `http.NotFound`}, Imports: imports},
	}})
	request := func(method, header string) string {
		return `{Method: "` + method + `", URL: "/a", Host: "example.com", Header: ` + header + `, ContentLength: 0, Referer(): "", UserAgent(): ""}`
	}
	logged := func(method, header string) string {
		return `[[{X-Stamp: ["1"]}, {Method: "` + method + `", URL: "/a", Header: ` + header + `, ContentLength: 0, Host: "example.com", RemoteAddr: "192.0.2.1:1234", RequestURI: "/a"}]]`
	}
	response := `{body: "404 page not found\n", code: 404, header: {Content-Type: ["text/plain; charset=utf-8"], X-Content-Type-Options: ["nosniff"], X-Stamp: ["1"]}}`
	for i, tt := range []struct{ before, after string }{
		{"[{r " + request("GET", "{}") + "}]", "[{next " + logged("GET", "{}") + "} {w " + response + "} {r " + request("GET", "{}") + "}]"},
		{"[{r " + request("POST", "{}") + "}]", "[{next " + logged("POST", `{X-Seen: ["yes"]}`) + "} {w " + response + "} {r " + request("POST", `{X-Seen: ["yes"]}`) + "}]"},
	} {
		r := rep.Results[i]
		if r.Outcome != executors.OK {
			t.Errorf("%s: %s %s", r.ID, r.Outcome, r.Message)
			continue
		}
		if got := namedValues(r.ArgsBefore); got != tt.before {
			t.Errorf("%s: args before\n%s, want\n%s", r.ID, got, tt.before)
		}
		if got := namedValues(r.ArgsAfter); got != tt.after {
			t.Errorf("%s: args after\n%s, want\n%s", r.ID, got, tt.after)
		}
	}
}

// namedValues writes values by name as [{name value} ...].
func namedValues(vs []executors.NamedValue) string {
	var parts []string
	for _, a := range vs {
		parts = append(parts, "{"+a.Name+" "+a.Value.String()+"}")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestRequestCallObserved checks that a function result taking a
// request is called with one (target.CallRequest), the probe importing
// httptest for it although the call named neither.
func TestRequestCallObserved(t *testing.T) {
	byMethod := loadFunc(t, "testdata/mod", "./web", "ByMethod")
	n := &executors.Native{CacheDir: t.TempDir()}
	rep := run(t, n, &executors.Program{Func: byMethod, Timeout: 10 * time.Second, ObserveOpaque: true, Probes: []executors.Probe{
		{ID: "k", Args: []string{`"k:"`}},
	}})
	r := rep.Results[0]
	if r.Outcome != executors.OK {
		t.Fatalf("%s: %s %s", r.ID, r.Outcome, r.Message)
	}
	want := `[{(httptest.NewRequest("GET", "/", nil)): ["k:GET", null]}]`
	if got := fmt.Sprint(r.Outputs); got != want {
		t.Errorf("outputs %s, want %s", got, want)
	}
}
