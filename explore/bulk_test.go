package explore

import (
	"context"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/targettest"
)

// TestBulkFillCovers: a set that grows only past 32 items has its
// growth covered by the exploration of Add, the method under test: a
// receiver filled by a thousand Adds runs it, and those calls count
// as the case's test runs them. Its shrinking, alike, by Delete's: a
// thousand added, all but eight deleted.
func TestBulkFillCovers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	for _, fn := range []string{"(*Set).Add", "(*Set).Delete"} {
		f := targettest.Func(t, "testdata/growing", ".", fn)
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 300, MaxTime: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		wantCovered(t, fn, x)
	}
}

// TestHeldValues: a gate's methods are explored on gates held, and on
// gates held and let go of by another goroutine: TryLock finds a
// reader and a writer in, Unlock a writer, and Lock waits its turn
// behind either.
func TestHeldValues(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the native engine")
	}
	nat := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	for _, fn := range []string{"(*Gate).TryLock", "(*Gate).Unlock", "(*Gate).Lock"} {
		f := targettest.Func(t, "testdata/held", ".", fn)
		x, err := Run(context.Background(), f, NewBuiltin(BuiltinOptions{}), nat, Options{MaxProbes: 200, MaxTime: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		wantCovered(t, fn, x)
	}
}
