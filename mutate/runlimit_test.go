package mutate

import (
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
)

// TestRunLimit: a run of a mutant is cut only when it outlasts what its
// covering probes may take, each ending by its own timeout with its
// worker started again: a mutant that loops in 24 probes of 250ms is
// not cut at the few seconds a mutant that returns gets.
func TestRunLimit(t *testing.T) {
	prog := &executors.Program{Timeout: 250 * time.Millisecond}
	tests := []struct {
		covering int
		scale    time.Duration
		id       int
		atLeast  time.Duration
		atMost   time.Duration
		whatItIs string
	}{
		{0, 1, 1, 3 * time.Second, 4 * time.Second, "no covering probe: the few seconds"},
		{1, 1, 1, 3 * time.Second, 4 * time.Second, "one probe fits in them"},
		{24, 1, 1, 24 * (250*time.Millisecond + workerRestart), time.Minute, "24 looping probes"},
		{24, 4, 1, 24 * (250*time.Millisecond + workerRestart), time.Minute, "a second try"},
		{0, 1, 0, 2 * time.Minute, 3 * time.Minute, "a build of its own"},
	}
	for _, tt := range tests {
		got := runLimit(prog, tt.id, 10*time.Millisecond, tt.scale, tt.covering)
		if got < tt.atLeast || got > tt.atMost {
			t.Errorf("%s: runLimit = %s, want between %s and %s", tt.whatItIs, got, tt.atLeast, tt.atMost)
		}
	}
}
