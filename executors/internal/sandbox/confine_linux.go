package sandbox

import (
	"fmt"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsyscall "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// maxABI is the newest Landlock ABI Confine asks for: V6 has what a
// worker needs (files, TCP, and signals and abstract sockets scoped to
// the worker's own domain).
const maxABI = 6

func abiVersion() int {
	v, err := llsyscall.LandlockGetABIVersion()
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// Confine restricts the calling process and every process it starts
// (Landlock domains are inherited across fork and execve) for good: the
// file system becomes read-only (reading and executing stay allowed)
// except for root, where everything is allowed, and the devices that
// programs write to without asking (/dev/null, /dev/zero, /dev/full);
// TCP bind and connect are denied where the kernel supports it (ABI >=
// 4); signals and abstract UNIX sockets reach only processes inside the
// sandbox (ABI >= 6). On kernels without Landlock it does nothing and
// returns nil: best effort, as Current reports.
func Confine(root string) error {
	err := landlock.V6.BestEffort().Restrict(
		landlock.RODirs("/"),
		landlock.RWDirs(root).WithRefer(),
		landlock.RWFiles("/dev/null", "/dev/zero", "/dev/full").IgnoreIfMissing(),
	)
	if err != nil {
		return fmt.Errorf("sandbox: landlock: %w", err)
	}
	return nil
}
