//go:build unix

package executors

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts a worker in a process group of its own, so that
// killing it kills what it started too, and has it die with specgen
// where the system can (see workerAttr).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = workerAttr()
}

// setDetached puts a helper that must outlive specgen (the reaper) in a
// process group of its own, out of reach of the terminal's signals.
func setDetached(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}

// execProgram replaces the process with the program at path.
func execProgram(path string, env []string) error {
	return syscall.Exec(path, []string{path}, env)
}
