package explore

import (
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/internal/targettest"
	"github.com/specgen-dev/specgen/spec"
)

// TestViewValues checks the values of types the package makes only
// through other types: a *Job from each type whose method makes one,
// taking turns (a queue's and the literal &now{}'s, whose jobs run at
// once); an *entry, declared as a Job, converted from the jobs; a
// *watch from the method that returns it as a context.Context beside a
// cancel func, asserted back; and each produced value after a method
// that settles it (a job finished before Cancel meets it).
func TestViewValues(t *testing.T) {
	tests := []struct {
		fn   string
		want []string
	}{
		{"(*Job).Cancel", []string{"NewQueue().Job(", "(&now{}).Job(", "p.Finish(); return p }()"}},
		{"(*entry).remove", []string{"(*entry)(NewQueue().Job(", "(*entry)((&now{}).Job("}},
		{"(*watch).pending", []string{"func() *watch { v, _ := NewQueue().Watch(", "p, _ := v.(*watch); return p }()"}},
	}
	for _, tt := range tests {
		f := targettest.Func(t, "testdata/views", ".", tt.fn)
		a, err := newAnalysis(f, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		var codes []string
		for _, v := range a.cands[0] {
			if v.Kind == spec.Code {
				codes = append(codes, v.Str)
			}
		}
		got := strings.Join(codes, "\n")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no receiver with %q among:\n%s", tt.fn, w, got)
			}
		}
	}
}
