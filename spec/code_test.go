package spec

import "testing"

func TestCodeValue(t *testing.T) {
	a, b := CodeValue(`MustParse("1.2.3")`), CodeValue(`MustParse("1.2.4")`)
	if !Equal(a, a, EqualOption{}) || Equal(a, b, EqualOption{}) {
		t.Errorf("code compares by its text")
	}
	if Equal(a, StringValue(a.Str), EqualOption{}) || Equal(a, MapValue("go", StringValue(a.Str)), EqualOption{}) {
		t.Errorf("code equals the string or the map that spell it")
	}
	if !Less(a, b) || Less(b, a) {
		t.Errorf("code orders by its text")
	}
	if got, want := a.String(), `{go: "MustParse(\"1.2.3\")"}`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
	if got := Diff(a, b, EqualOption{}); got != `value: want {go: "MustParse(\"1.2.3\")"}, got {go: "MustParse(\"1.2.4\")"}` {
		t.Errorf("Diff = %q", got)
	}
	if got := Code.String(); got != "code" {
		t.Errorf("Code.String() = %q", got)
	}
}

func TestCodeWire(t *testing.T) {
	v := ListValue(CodeValue("NewStack(3)"), MapValue("go", StringValue("NewStack(3)")))
	data, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"g":"NewStack(3)"},{"m":[["go","NewStack(3)"]]}]`; string(data) != want {
		t.Errorf("wire = %s, want %s", data, want)
	}
	var back Value
	if err := back.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if !identical(v, back) {
		t.Errorf("round trip: %#v, want %#v", back, v)
	}
	if err := back.UnmarshalJSON([]byte(`{"g":1}`)); err == nil {
		t.Errorf(`{"g":1} decoded without an error`)
	}
}
