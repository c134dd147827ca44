package explore

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invopop/jsonschema"
	"github.com/specgen-dev/specgen/executors"
)

const sampleDir = "testdata/sample"

func TestProbeFromSnippet(t *testing.T) {
	tests := []struct {
		name   string
		dir    string // "" for sampleDir
		fn     string
		code   string
		want   executors.Probe
		reason string
	}{
		{
			name: "call", fn: "ParseSize", code: `ParseSize("12kb")`,
			want:   executors.Probe{Args: []string{`"12kb"`}},
			reason: "a bare call gives the argument expressions",
		},
		{
			name: "define", fn: "ParseSize", code: `out, err := ParseSize("1.5")`,
			want:   executors.Probe{Args: []string{`"1.5"`}},
			reason: "the call on the right of := is the probe; the names on the left are dropped",
		},
		{
			name: "var-decl", fn: "ParseSize", code: `var n, err = ParseSize("1")`,
			want:   executors.Probe{Args: []string{`"1"`}},
			reason: "a var declaration with the call as its value is accepted",
		},
		{
			name: "setup", fn: "ParseSize", code: "s := strings.Repeat(\"9\", 30)\n\nParseSize(s + \"kb\")",
			want: executors.Probe{
				Setup:   `s := strings.Repeat("9", 30)`,
				Args:    []string{`s + "kb"`},
				Imports: map[string]string{"strings": "strings"},
			},
			reason: "earlier statements become setup and the standard-library packages they use are imported",
		},
		{
			name: "own-package-qualifier", fn: "ParseSize", code: "e := sample.ErrEmpty\n_ = e\nsample.ParseSize(\"x\")",
			want:   executors.Probe{Setup: "e := ErrEmpty\n_ = e", Args: []string{`"x"`}},
			reason: "probes live inside the package, so its own name is dropped as a qualifier",
		},
		{
			name: "globals", fn: "ParseSize", code: "units = map[string]int64{\"q\": 4}\nsample.ErrEmpty = nil\nunits = nil\nn := 2\nParseSize(\"x\")",
			want: executors.Probe{
				Globals: []executors.Global{{Name: "units", Expr: "nil"}, {Name: "ErrEmpty", Expr: "nil"}},
				Setup:   "n := 2", Args: []string{`"x"`},
			},
			reason: "leading assignments to the package's variables are globals (the last of each kept), set back after the probe",
		},
		{
			name: "globals-only-leading", fn: "ParseSize", code: "s := \"1b\"\nunits = nil\nParseSize(s)",
			want:   executors.Probe{Setup: "s := \"1b\"\nunits = nil", Args: []string{"s"}},
			reason: "an assignment after other statements stays in place: moved first it could change what they do",
		},
		{
			name: "globals-local-shadow", fn: "ParseSize", code: "var units int\nunits = 3\nParseSize(\"x\")",
			want:   executors.Probe{Setup: "var units int\nunits = 3", Args: []string{`"x"`}},
			reason: "a variable the snippet declares is its own, not the package's",
		},
		{
			name: "time-import", fn: "Human", code: `Human(90 * time.Second)`,
			want:   executors.Probe{Args: []string{`90 * time.Second`}, Imports: map[string]string{"time": "time"}},
			reason: "packages used in arguments are imported too",
		},
		{
			name: "local-shadows-package", fn: "ParseSize", code: "strings := \"5kb\"\nParseSize(strings)",
			want:   executors.Probe{Setup: `strings := "5kb"`, Args: []string{"strings"}},
			reason: "a local variable named like a package is not an import",
		},
		{
			name: "pointer-method", fn: "(*Counter).Add", code: `(&Counter{Limit: 2}).Add(3)`,
			want:   executors.Probe{Recv: "(&Counter{Limit: 2})", Args: []string{"3"}},
			reason: "the expression a method is called on is the receiver",
		},
		{
			name: "method-on-variable", fn: "(*Counter).Add", code: "c := &Counter{N: 1}\nerr := c.Add(1)",
			want:   executors.Probe{Setup: "c := &Counter{N: 1}", Recv: "c", Args: []string{"1"}},
			reason: "a receiver prepared in setup is referenced by name",
		},
		{
			name: "method-expression", fn: "(*Counter).Add", code: `(*Counter).Add(&Counter{}, 2)`,
			want:   executors.Probe{Recv: "&Counter{}", Args: []string{"2"}},
			reason: "in a method expression the first argument is the receiver",
		},
		{
			name: "value-method", fn: "Rect.Area", code: `Rect{W: 2, H: 3}.Area()`,
			want:   executors.Probe{Recv: "Rect{W: 2, H: 3}", Args: nil},
			reason: "value receivers work the same way",
		},
		{
			name: "variadic-spread", fn: "Join", code: `Join(",", "a", "b")`,
			want:   executors.Probe{Args: []string{`","`, `[]string{"a", "b"}`}},
			reason: "the extra arguments of a variadic call are gathered into a slice",
		},
		{
			name: "variadic-none", fn: "Join", code: `Join(",")`,
			want:   executors.Probe{Args: []string{`","`, `[]string(nil)`}},
			reason: "no variadic arguments is a nil slice",
		},
		{
			name: "variadic-ellipsis", fn: "Join", code: "xs := []string{\"a\"}\nJoin(\"-\", xs...)",
			want:   executors.Probe{Setup: `xs := []string{"a"}`, Args: []string{`"-"`, "xs"}},
			reason: "a slice passed with ... is the variadic argument itself",
		},
		{
			name: "trailing-semicolons", fn: "Grade", code: "Grade(42);;",
			want:   executors.Probe{Args: []string{"42"}},
			reason: "empty statements after the call are ignored",
		},
		{
			name: "generic-method", dir: "testdata/generic", fn: "(*Stack).Pop", code: `NewStack[string]().Pop()`,
			want:   executors.Probe{Recv: "NewStack[string]()"},
			reason: "a method of a generic type is called without type arguments, on an instantiated receiver",
		},
		{
			name: "generic-method-expression", dir: "testdata/generic", fn: "(*Cache).Put", code: `(*Cache[int, string]).Put(c, 1, "a")`,
			want:   executors.Probe{Recv: "c", Args: []string{"1", `"a"`}},
			reason: "a method expression names the instantiated type",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir
			if dir == "" {
				dir = sampleDir
			}
			f := loadFunc(t, dir, tt.fn)
			got, err := ProbeFromSnippet(f, "id1", Snippet{Code: tt.code})
			if err != nil {
				t.Fatalf("ProbeFromSnippet: %v (%s)", err, tt.reason)
			}
			tt.want.ID = "id1"
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("probe mismatch (-want +got), %s:\n%s", tt.reason, d)
			}
		})
	}
}

func TestProbeFromSnippetErrors(t *testing.T) {
	tests := []struct {
		name, fn, code string
		want           string // a substring of the error
		reason         string
	}{
		{"empty", "ParseSize", "  \n", "empty snippet", "nothing to run"},
		{"syntax", "ParseSize", "x := 1\nParseSize(\"a\"", "line 2:", "parse errors carry the snippet's own line numbers"},
		{"not-a-call", "ParseSize", "x := 1", "must be a call", "the last statement must call the function"},
		{"other-function", "ParseSize", `fmt.Println(ParseSize("1"))`, "must call ParseSize, not fmt.Println", "wrapping the call is not a probe of the function"},
		{"arity", "ParseSize", `ParseSize("1", "2")`, "takes 1 arguments, the call passes 2", "the argument count must match"},
		{"variadic-too-few", "Join", `Join()`, "at least 1 arguments", "the fixed parameters of a variadic function are required"},
		{"ellipsis-not-variadic", "ParseSize", `ParseSize(xs...)`, "not variadic", "... only applies to variadic functions"},
		{"recover", "ParseSize", "defer func() { recover() }()\nParseSize(\"1\")", "recover", "recover would hide panics"},
		{"os-exec", "ParseSize", "exec.Command(\"ls\")\nParseSize(\"1\")", "os/exec", "os/exec is refused"},
		{"net", "ParseSize", "net.Dial(\"tcp\", \"x\")\nParseSize(\"1\")", "package net,", "net is refused"},
		{"unsafe", "ParseSize", "_ = unsafe.Sizeof(1)\nParseSize(\"1\")", "unsafe", "unsafe is refused"},
		{"method-without-receiver", "(*Counter).Add", `Add(1)`, "must call the method (*Counter).Add", "a method needs a receiver"},
		{"declarations", "ParseSize", "}\nfunc g() {", "", "snippets are statements; closing the function early is an error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := loadFunc(t, sampleDir, tt.fn)
			_, err := ProbeFromSnippet(f, "id", Snippet{Code: tt.code})
			if err == nil {
				t.Fatalf("no error; want one: %s", tt.reason)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q (%s)", err, tt.want, tt.reason)
			}
		})
	}
}

func TestPlanSchema(t *testing.T) {
	r := &jsonschema.Reflector{DoNotReference: true}
	b, err := json.Marshal(r.Reflect(&Plan{}))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"snippets"`, `"error_snippets"`, `"description"`, `"code"`, "last statement must call the function under test"} {
		if !strings.Contains(s, want) {
			t.Errorf("plan schema lacks %s:\n%s", want, s)
		}
	}
	var plan Plan
	if err := json.Unmarshal([]byte(`{"snippets":[{"description":"d","code":"F(1)"}],"error_snippets":[]}`), &plan); err != nil || len(plan.Snippets) != 1 {
		t.Errorf("plan JSON does not decode: %v %+v", err, plan)
	}
}

// TestProbeFromSnippetHandlers checks that a probe of a package that
// imports net/http may build requests and recorders with net/http and
// net/http/httptest, but not name what reaches the network.
func TestProbeFromSnippetHandlers(t *testing.T) {
	f := loadFunc(t, "testdata/handlers", "Page")
	call := `Page(httptest.NewRecorder(), httptest.NewRequest("GET", "/?page=2", nil))`
	p, err := ProbeFromSnippet(f, "id", Snippet{Code: call})
	if err != nil {
		t.Fatalf("a request and a recorder: %v", err)
	}
	if p.Imports["net/http/httptest"] != "httptest" {
		t.Errorf("imports %v, want net/http/httptest as httptest", p.Imports)
	}
	for _, tt := range []struct{ code, want string }{
		{"http.Get(\"http://example.com/\")\n" + call, "http.Get, which reaches the network"},
		{"c := &http.Client{}\n_ = c\n" + call, "http.Client, which reaches the network"},
		{"s := httptest.NewServer(nil)\n_ = s\n" + call, "httptest.NewServer, which reaches the network"},
		{"go http.ListenAndServe(\":80\", nil)\n" + call, "http.ListenAndServe, which reaches the network"},
		{"net.Dial(\"tcp\", \"x\")\n" + call, "package net,"},
	} {
		if _, err := ProbeFromSnippet(f, "id", Snippet{Code: tt.code}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ProbeFromSnippet(%q) = %v, want an error with %q", tt.code, err, tt.want)
		}
	}
}
