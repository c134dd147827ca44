package executors

import (
	"os"
	"runtime"
	"syscall"
)

// init keeps the trampoline's main goroutine (the worker kind
// "confine") on the main thread, where the runtime runs package
// initialisation: the kernel keeps a process's parent-death signal on
// the thread that fork made, and an execve from any other thread makes
// that thread the process, without the signal. The trampoline ends in
// execve; without this, a native worker it became now and then outlived
// a killed specgen.
func init() {
	if os.Getenv("SPECGEN_WORKER") == "confine" {
		runtime.LockOSThread()
	}
}

// workerAttr makes a worker the leader of its own process group and has
// the kernel kill it when specgen dies, however it dies (SIGKILL
// included): Pdeathsig survives the trampoline's execve, which init
// makes from the main thread.
//
// The kernel sends Pdeathsig when the OS thread that started the child
// exits, not the process. The Go runtime ends a thread only when a
// goroutine locked to it (runtime.LockOSThread) returns without
// unlocking, and such a thread runs no other goroutine; specgen locks no
// goroutine that starts workers, so the thread that starts a worker
// lives as long as the process and the signal comes when specgen dies.
// Callers of this package must not start engines from a goroutine that
// is locked to its thread and then exits.
func workerAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
