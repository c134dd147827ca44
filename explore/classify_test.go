package explore

import (
	"math"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

func testClassifier(msgs ...string) *classifier {
	c := &classifier{words: map[string]bool{}}
	for _, m := range msgs {
		c.addMessage(m)
	}
	c.addRuntime()
	return c
}

func TestMessageTemplate(t *testing.T) {
	c := testClassifier(
		"invalid ulimit type: %s",
		"too many limit value arguments - %s, can only have up to two, `soft[:hard]`",
		"parse %q: %w",
		"unhandled size name: %v",
		"invalid input",
		"no number in %q",
		"%s: %v", // too generic to be a format
	)
	tests := []struct {
		name, msg string
		inputs    []string
		want      string
		reason    string
	}{
		{"format-s", "invalid ulimit type: foo", []string{"foo=1"}, "invalid ulimit type: …", "a %s of the package's own format is blanked"},
		{"format-s-short", "invalid ulimit type: A", []string{"A=B"}, "invalid ulimit type: …", "even a one-letter echo"},
		{"format-middle", "too many limit value arguments - 1:2:3, can only have up to two, `soft[:hard]`", []string{"core=1:2:3"}, "too many limit value arguments - …, can only have up to two, `soft[:hard]`", "the fixed text around a verb stays"},
		{"format-wrapped", `parse "x": strconv.Atoi: parsing "x": invalid syntax`, []string{"x"}, "parse …: strconv.Atoi: parsing \"…\": invalid syntax", "the wrapped error of a %w keeps its own words"},
		{"format-v-echo", "unhandled size name: ; ,, ,,", []string{"1 ; ,, ,,"}, "unhandled size name: …", "a %v that only echoes the input is blanked whole"},
		{"literal-in-input", "invalid input", []string{"invalid"}, "invalid input", "an input that is part of the package's message does not blank it"},
		{"generic-format-ignored", "abc: def", []string{"zzz"}, "abc: def", `"%s: %v" matches anything, so it is not used`},
		{"quoted", `strconv.ParseFloat: parsing "1.2.3": invalid syntax`, []string{"1.2.3kb"}, `strconv.ParseFloat: parsing "…": invalid syntax`, "quoted text is blanked"},
		{"digits", "runtime error: index out of range [5] with length 3", nil, "runtime error: index out of range [#] with length #", "numbers are blanked"},
		{"echo-word", "bad unit zz in 12zz", []string{"12zz"}, "bad unit … in …", "words from the input are blanked"},
		{"common-words-kept", "value out of range", []string{"of"}, "value out of range", "common words and words not in the inputs stay"},
		{"whitespace", "bad:\t\n x", []string{"y"}, "bad: x", "whitespace is normalised"},
		{"unhashable", "runtime error: hash of unhashable type []int", nil, "runtime error: hash of unhashable type …", "the runtime's message names the input's type: a map or a slice key is the same behaviour"},
		{"unhashable-colon", "hash of unhashable type: map[string]interface {}", nil, "hash of unhashable type: …", "the same, as the panic's value writes it"},
		{"conversion", "interface conversion: interface {} is float64, not string", nil, "interface conversion: … is …, not …", "a value of another type"},
		{"conversion-nil", "interface conversion: interface {} is nil, not string", nil, "interface conversion: … is nil, not …", "nil stays apart from a value of another type"},
		{"conversion-method", "interface conversion: *lru.entry is not fmt.Stringer: missing method String", nil, "interface conversion: … is not …: missing method …", "a value without the method"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.template(tt.msg, tt.inputs); got != tt.want {
				t.Errorf("template(%q) = %q, want %q (%s)", tt.msg, got, tt.want, tt.reason)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	c := testClassifier("unknown unit %s")
	in := []executors.NamedValue{{Name: "s", Value: spec.StringValue("12zz")}}
	tests := []struct {
		name   string
		res    executors.Result
		kind   string
		class  string
		reason string
	}{
		{"ok", executors.Result{Outcome: executors.OK, Outputs: []spec.Value{spec.IntValue(-3), spec.StringValue("")}},
			KindOK, `ok int<0, ""`, "the shapes of the outputs"},
		{"ok-none", executors.Result{Outcome: executors.OK}, KindOK, "ok", "no outputs"},
		{"error", executors.Result{Outcome: executors.OK, Inputs: in, Err: &executors.ErrorInfo{Message: "unknown unit zz", Type: "*errors.errorString"}},
			KindError, "error *errors.errorString: unknown unit …", "type and templated message"},
		{"sentinel", executors.Result{Outcome: executors.OK, Err: &executors.ErrorInfo{Message: "EOF", Type: "*errors.errorString", Sentinels: []string{"io.EOF"}}},
			KindError, "error *errors.errorString is io.EOF: EOF", "sentinels are part of the class"},
		{"panic", executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "runtime error: index out of range [3] with length 3", Type: "runtime.boundsError"}},
			KindPanic, "panic runtime.boundsError: runtime error: index out of range [#] with length #", "panics by type and message"},
		{"panic-dump", executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "&{0xc000112400 map[a:1] 2024-02-29 12:30:45 +0000 UTC panic <nil> x 42}", Type: "*log.Entry"}},
			KindPanic, "panic *log.Entry", "a struct printed with its addresses: by type alone"},
		{"panic-struct", executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "{3 4}", Type: "geo.Point"}},
			KindPanic, "panic geo.Point: {# #}", "a struct without addresses is a message"},
		{"panic-string-dump", executors.Result{Outcome: executors.Panicked, Panic: &executors.PanicInfo{Message: "&{0xc000112400}", Type: "string"}},
			KindPanic, "panic string: &{#xc#}", "a string is a message whatever it says"},
		{"exit-dump", executors.Result{Outcome: executors.Exited, Panic: &executors.PanicInfo{Message: "&{0xc000112400 fatal}", Type: "*log.Entry"}},
			KindExit, "exit panic *log.Entry", "an exit's panic alike"},
		{"timeout", executors.Result{Outcome: executors.Timeout}, KindTimeout, "timeout", "timeouts are one class"},
		{"exit", executors.Result{Outcome: executors.Exited, ExitCode: 3}, KindExit, "exit 3", "exits by code"},
		{"compile", executors.Result{Outcome: executors.NoBuild}, "", "", "probes that did not run have no class"},
		{"engine", executors.Result{Outcome: executors.Broken}, "", "", "engine failures have no class"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, class := c.classify(&tt.res)
			if kind != tt.kind || class != tt.class {
				t.Errorf("classify = %q, %q; want %q, %q (%s)", kind, class, tt.kind, tt.class, tt.reason)
			}
		})
	}
}

func TestShape(t *testing.T) {
	tests := []struct {
		v    spec.Value
		want string
	}{
		{spec.NullValue(), "nil"},
		{spec.BoolValue(true), "true"},
		{spec.IntValue(0), "int=0"},
		{spec.IntValue(5), "int>0"},
		{spec.UintValue(0), "uint=0"},
		{spec.FloatValue(math.NaN()), "float=NaN"},
		{spec.FloatValue(math.Inf(-1)), "float=-Inf"},
		{spec.FloatValue(-2), "float<0"},
		{spec.StringValue(""), `""`},
		{spec.StringValue("x"), "string"},
		{spec.ListValue(), "list(0)"},
		{spec.ListValue(spec.IntValue(1), spec.IntValue(2)), "list(n)"},
		{spec.MapValue("A", spec.IntValue(1)), "map"},
		{spec.MapValue("String()", spec.StringValue("1.2"), "Name", spec.StringValue("x"), "Major()", spec.IntValue(0), "Stable()", spec.BoolValue(true)), "{String() string, Major() int=0, Stable() true}"},
	}
	for _, tt := range tests {
		if got := shape(tt.v); got != tt.want {
			t.Errorf("shape(%s) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestMessagePrefix(t *testing.T) {
	tests := []struct{ msg, want string }{
		{`strconv.ParseFloat: parsing "…": invalid syntax`, "strconv.ParseFloat: parsing"},
		{"limit # exceeded", "limit"},
		{"a very long message that goes on and on and on and on", "a very long message that goes on and on"},
		{"empty size", "empty size"},
	}
	for _, tt := range tests {
		if got := messagePrefix(tt.msg); got != tt.want {
			t.Errorf("messagePrefix(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}
