package write

import (
	"slices"
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestRequestFeatures(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string
		ok   bool
	}{
		{`httptest.NewRequest("GET", "/", nil)`, []string{"get", "no-headers"}, true},
		{`httptest.NewRequest("PUT", "/items/1?v=2", strings.NewReader("{}"))`, []string{"put-items-1", "no-headers"}, true},
		{`func() *http.Request { r := httptest.NewRequest("POST", "/login", nil); r.Header.Set("X-Token", "abc"); r.SetPathValue("id", "7"); r.SetBasicAuth("user", "secret"); return r }()`,
			[]string{"post-login", "x-token-abc", "id-7", "basic-auth"}, true},
		{`func() *http.Request { r := httptest.NewRequest("", "", nil); r.AddCookie(&http.Cookie{Name: "s", Value: "v"}); return r }()`, []string{"request", "cookie"}, true},
		{`NewRequest("GET", "/", nil)`, nil, false},
		{`httptest.NewRecorder()`, nil, false},
	} {
		got, ok := requestFeatures(tt.src)
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("requestFeatures(%s) = %q, %v, want %q, %v", tt.src, got, ok, tt.want, tt.ok)
		}
	}
}

// TestHandlerIDs checks that a handler's cases are named by the request
// they send and the status they get, not by the recorder every one of
// them is given.
func TestHandlerIDs(t *testing.T) {
	resp := func(code int64) *spec.Value {
		v := spec.Value{Kind: spec.Map, Map: []spec.Entry{{Key: spec.StringValue("w"), Val: spec.Value{Kind: spec.Map, Map: []spec.Entry{
			{Key: spec.StringValue("body"), Val: spec.StringValue("")},
			{Key: spec.StringValue("code"), Val: spec.IntValue(code)},
		}}}}}
		return &v
	}
	inputs := func(req string) *spec.Value {
		v := spec.Value{Kind: spec.Map, Map: []spec.Entry{
			{Key: spec.StringValue("w"), Val: spec.CodeValue("httptest.NewRecorder()")},
			{Key: spec.StringValue("r"), Val: spec.CodeValue(req)},
		}}
		return &v
	}
	cases := []*spec.Case{
		{Inputs: inputs(`httptest.NewRequest("GET", "/", nil)`), InputsAfter: resp(404)},
		{Inputs: inputs(`httptest.NewRequest("PUT", "/items/1?v=1", nil)`), InputsAfter: resp(204)},
		{Inputs: inputs(`httptest.NewRequest("PUT", "/", nil)`), InputsAfter: resp(400)},
		{Inputs: inputs(`httptest.NewRequest("DELETE", "/", nil)`), InputsAfter: resp(405)},
		{Inputs: inputs(`httptest.NewRequest("GET", "/a", nil)`), InputsAfter: resp(404)},
	}
	assignIDs(nil, cases, "")
	var got []string
	for _, c := range cases {
		got = append(got, c.ID)
	}
	want := []string{"r-get-status-404", "r-put-items-1-status-204", "r-put-status-400", "r-delete-status-405", "r-get-a-status-404"}
	if !slices.Equal(got, want) {
		t.Errorf("ids %q, want %q", got, want)
	}
}
