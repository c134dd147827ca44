package main

import (
	"bytes"
	"testing"
)

func TestRun(t *testing.T) {
	tests := []struct {
		decl bool
		want string
	}{
		{false, "(*T).Inc\t1\t1\t100.0\n" +
			"F\t3\t2\t66.7\n" +
			"G.Len\t1\t1\t100.0\n" +
			"T.Get\t1\t0\t0.0\n"},
		{true, "(*T).Inc\t1\t1\t100.0\tp.go\t12\t12\tfunc (t *T) Inc()\n" +
			"F\t3\t2\t66.7\tp.go\t5\t10\tfunc F(x int) int\n" +
			"G.Len\t1\t1\t100.0\tp.go\t18\t18\tfunc (g G[K]) Len() int\n" +
			"T.Get\t1\t0\t0.0\tp.go\t14\t14\tfunc (t T) Get() int\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := run(&b, "testdata/profile.txt", "testdata/p", tt.decl); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != tt.want {
			t.Errorf("decl=%t: got\n%s\nwant\n%s", tt.decl, got, tt.want)
		}
	}
}

func TestRunBadProfile(t *testing.T) {
	if err := run(new(bytes.Buffer), "testdata/missing.out", "testdata/p", false); err == nil {
		t.Error("no error for a missing profile")
	}
}
