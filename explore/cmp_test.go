package explore

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// loadInstr loads testdata/cmpmod/instr with the go command.
func loadInstr(t testing.TB) *target.Func {
	t.Helper()
	dir, err := filepath.Abs("testdata/cmpmod")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := target.Load(context.Background(), "./instr", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func("Parse")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCmpFeedbackCracksParse explores instr.Parse, whose mnemonics are
// only in a table built at init, with and without comparison feedback,
// on the same budget: without it the search never gets past the
// mnemonic lookup; with it, the probes tell it the mnemonics (the keys
// of the map looked up), the operands' length (len compared with 8) and
// their layout (bytes compared with 'r', ',' and '#'), and it reaches
// every statement.
func TestCmpFeedbackCracksParse(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the yaegi engine")
	}
	f := loadInstr(t)
	cover := map[bool]float64{}
	for _, noCmps := range []bool{true, false} {
		exe := &executors.Yaegi{}
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{NoCmps: noCmps}), exe, Options{MaxProbes: 1000, MaxTime: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		covered, total := x.Statements()
		t.Logf("comparison feedback %v: %d probes, %d/%d statements (%.1f%%)", !noCmps, x.Probes(), covered, total, x.Coverage())
		cover[!noCmps] = x.Coverage()
	}
	if cover[true] < 100 {
		t.Errorf("with comparison feedback, coverage %.1f%%, want 100%%", cover[true])
	}
	if cover[false] >= cover[true] {
		t.Errorf("without comparison feedback, coverage %.1f%% (with: %.1f%%): the test function no longer needs it", cover[false], cover[true])
	}
}
