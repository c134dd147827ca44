package executors

import "testing"

func TestUsesName(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"l.Front()", true},
		{"l", true},
		{"f(a, l)", true},
		{"x.l", false},
		{"&Entry{l: 1}", false},
		{"&Entry{a: 1, l: 2}", false},
		{"&Entry{l}", true},
		{"m[l]", true},
		{"s[1:l]", true},
		{"func() int { l := 2; return l }()", true},
		{"list.Front()", false},
		{`"l"`, false},
		{"", false},
	} {
		if got := usesName(tt.src, "l"); got != tt.want {
			t.Errorf("usesName(%q, l) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
