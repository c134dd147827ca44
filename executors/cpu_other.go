//go:build !unix

package executors

// workerCPU returns nothing to import and no clock: where the system
// gives no processor time, calls are timed by the wall clock alone.
func workerCPU() (imports, clock string) { return "", "nil" }

// cpuClock is the clock the yaegi worker times calls by: none.
func cpuClock() func() int64 { return nil }
