package executors

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors/internal/rt"
)

// TestLateGreetingIsNotAnAnswer runs a probe on a worker whose greeting
// comes after pool.start stopped waiting for it (a start slower than
// greetWait): the greeting is passed over and the probe gets its own
// answer, not the greeting read as one.
func TestLateGreetingIsNotAnAnswer(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	mk := func() (*exec.Cmd, confinedWorker, func(), error) {
		script := `read req; sleep 0.1; echo '` + nativeGreeting + `' >&3; echo '{"id":"p"}' >&3; read req`
		return exec.Command("sh", "-c", script), confinedWorker{}, nil, nil
	}
	w, err := startWorker(mk)
	if err != nil {
		t.Fatal(err)
	}
	defer w.kill()
	w.greeting = true
	resp, err := w.call(context.Background(), rt.SpecgenRequest{ID: "p"}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if resp.ID != "p" {
		t.Errorf("answer %q, want the probe's (p), not the greeting", resp.ID)
	}
}
