package executors_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// init is the worker TestTrampolineKeepsPdeathsig starts, what the
// trampoline became: it prints its parent-death signal. The signal is
// the main thread's, where initialisation runs.
func init() {
	if os.Getenv("SPECGEN_TEST_PDEATHSIG") == "1" && os.Getenv("SPECGEN_WORKER") == "native" {
		os.Exit(printPdeathsig())
	}
}

// printPdeathsig prints the calling thread's parent-death signal.
func printPdeathsig() int {
	var sig int32
	if err := unix.Prctl(unix.PR_GET_PDEATHSIG, uintptr(unsafe.Pointer(&sig)), 0, 0, 0); err != nil {
		fmt.Println("prctl:", err)
		return 1
	}
	fmt.Println(sig)
	return 0
}

// TestTrampolineKeepsPdeathsig starts the trampoline (the worker kind
// "confine", confined to a scratch directory) as specgen starts a
// native worker, with a parent-death signal, and checks that the
// program it becomes still has the signal, every time: the kernel keeps
// the signal on the thread that was forked, and an execve from another
// thread of the Go runtime would drop it, leaving the worker alive when
// specgen is killed.
func TestTrampolineKeepsPdeathsig(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 30 {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "SPECGEN_WORKER=confine", "SPECGEN_EXEC="+exe, "SPECGEN_SCRATCH="+t.TempDir(), "SPECGEN_TEST_PDEATHSIG=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run %d: %v: %s", i, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != fmt.Sprint(int(syscall.SIGKILL)) {
			t.Fatalf("run %d: the worker's parent-death signal is %s, want %d (SIGKILL)", i, got, syscall.SIGKILL)
		}
	}
}
