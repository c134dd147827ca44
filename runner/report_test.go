package runner

import (
	"testing"

	"github.com/specgen-dev/specgen/spec"
)

func TestFailureString(t *testing.T) {
	tests := []struct {
		name string
		fs   []Failure
		want string
	}{
		{"none", nil, ""},
		{"an evaluator's", []Failure{{spec.EvalExpected, "want 1, got 2", ""}}, "Expected: want 1, got 2"},
		{"no evaluator's", []Failure{{"", "timeout: did not finish within 1s", ""}}, "timeout: did not finish within 1s"},
		{"several", []Failure{{spec.EvalType, "want int, got int64", ""}, {spec.EvalPattern, "output \"x\" does not match /y/", ""}},
			"Type: want int, got int64; Pattern: output \"x\" does not match /y/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JoinFailures(tt.fs, "; "); got != tt.want {
				t.Errorf("JoinFailures = %q, want %q", got, tt.want)
			}
		})
	}
}
