//go:build unix && !linux

package executors

import "syscall"

// workerAttr makes a worker the leader of its own process group. There
// is no Pdeathsig here: a worker notices specgen's death when its
// request pipe closes, between probes.
func workerAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
