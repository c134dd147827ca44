package explore

import (
	"context"
	"testing"
	"time"
)

func TestRunBuiltinSample(t *testing.T) {
	for _, name := range []string{"ParseSize", "Grade", "Join", "Rect.Area", "(*Counter).Add", "Human", "Pick", "Total", "ParseKV", "Paint"} {
		t.Run(name, func(t *testing.T) {
			f := loadFunc(t, sampleDir, name)
			fe, err := newFakeExec(f.Pkg)
			if err != nil {
				t.Fatal(err)
			}
			x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), fe, Options{MaxTime: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			c, total := x.Statements()
			t.Logf("stop %s after %d rounds, %d probes, %d behaviours, coverage %d/%d, %v", x.Stop, x.Rounds, x.Probes(), len(x.Behaviours), c, total, x.Elapsed)
			for _, b := range x.Behaviours {
				t.Logf("  %s  rep %s", b.Key, x.Records[b.Rep].Snippet.Code)
			}
			for _, ce := range x.CompileErrors {
				t.Logf("compile: %s: %s", ce.Snippet.Code, ce.Message)
			}
			for _, u := range x.Uncovered() {
				t.Logf("uncovered %d-%d: %s", u.Start, u.End, u.Text)
			}
		})
	}
}
