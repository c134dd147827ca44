//go:build unix

package executors

import "syscall"

// processCPU is the processor time, user and system, the process has
// spent in all its threads, in nanoseconds; -1 when the system does not
// say. The yaegi worker times each call with it.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// workerCPU returns what the native worker's main imports and passes
// SpecgenServe to time each call by processor time: processCPU written
// with the worker's import names.
func workerCPU() (imports, clock string) {
	return "\tspecgensyscall \"syscall\"\n",
		"func() int64 { var ru specgensyscall.Rusage; if specgensyscall.Getrusage(specgensyscall.RUSAGE_SELF, &ru) != nil { return -1 }; return ru.Utime.Nano() + ru.Stime.Nano() }"
}

// cpuClock is the clock the yaegi worker times calls by.
func cpuClock() func() int64 { return processCPU }
