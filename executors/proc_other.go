//go:build !unix

package executors

import (
	"errors"
	"os/exec"
)

func setProcessGroup(cmd *exec.Cmd) {}

func setDetached(cmd *exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func execProgram(path string, env []string) error {
	return errors.New("cannot replace the process on this system")
}
