package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/model"
)

// settle bounds how long the process commands wait for the system to
// reach the state a script asks for: a bound that only a hung or leaked
// process reaches, not a measure of speed.
const settle = 60 * time.Second

// procCmds are the script commands that watch processes and
// directories, for the scripts that kill specgen (Linux: they read /proc).
//
//	waitpid GLOB      wait for a file matching GLOB that holds "PID PPID\n"
//	                  (written by the code under test); set $PID and $PPID
//	cmdline PID       print the command line of process PID to stdout
//	signal SIG PID    send SIG (INT, TERM, HUP, KILL) to process PID
//	noprocs TEXT      wait until no process has TEXT in its environment
//	                  or command line; fail naming the ones that stay
//	emptydir DIR      wait until DIR is empty; fail listing what stays
//	treehash DIR      print each file under DIR with its mode and SHA-256
func procCmds() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"waitpid":  cmdWaitPID,
		"cmdline":  cmdCmdline,
		"signal":   cmdSignal,
		"noprocs":  cmdNoProcs,
		"emptydir": cmdEmptyDir,
		"treehash": cmdTreeHash,
	}
}

func needLinux(ts *testscript.TestScript, neg bool, args []string, n int, usage string) {
	if runtime.GOOS != "linux" {
		ts.Fatalf("process commands need /proc (linux)")
	}
	if neg {
		ts.Fatalf("unsupported: ! %s", usage)
	}
	if len(args) != n {
		ts.Fatalf("usage: %s", usage)
	}
}

func cmdWaitPID(ts *testscript.TestScript, neg bool, args []string) {
	needLinux(ts, neg, args, 1, "waitpid GLOB")
	deadline := time.Now().Add(settle)
	for time.Now().Before(deadline) {
		names, _ := filepath.Glob(ts.MkAbs(args[0]))
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil || !bytes.HasSuffix(data, []byte("\n")) {
				continue
			}
			f := strings.Fields(string(data))
			if len(f) != 2 {
				ts.Fatalf("%s: want \"PID PPID\", have %q", name, data)
			}
			ts.Setenv("PID", f[0])
			ts.Setenv("PPID", f[1])
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.Fatalf("no file matches %s after %v", args[0], settle)
}

func cmdCmdline(ts *testscript.TestScript, neg bool, args []string) {
	needLinux(ts, neg, args, 1, "cmdline PID")
	data, err := os.ReadFile(filepath.Join("/proc", args[0], "cmdline"))
	ts.Check(err)
	fmt.Fprintln(ts.Stdout(), strings.TrimSpace(string(bytes.ReplaceAll(data, []byte{0}, []byte{' '}))))
}

func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	needLinux(ts, neg, args, 2, "signal SIG PID")
	sigs := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM, "HUP": syscall.SIGHUP, "KILL": syscall.SIGKILL}
	sig, ok := sigs[args[0]]
	if !ok {
		ts.Fatalf("unknown signal %s", args[0])
	}
	pid, err := strconv.Atoi(args[1])
	ts.Check(err)
	ts.Check(syscall.Kill(pid, sig))
}

// holders lists the live processes (zombies do not count) whose
// environment or command line holds text.
func holders(text string) []string {
	entries, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
			continue
		}
		env, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if bytes.Contains(env, []byte(text)) || bytes.Contains(cmd, []byte(text)) {
			out = append(out, e.Name()+" "+string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))
		}
	}
	return out
}

func cmdNoProcs(ts *testscript.TestScript, neg bool, args []string) {
	needLinux(ts, neg, args, 1, "noprocs TEXT")
	deadline := time.Now().Add(settle)
	for {
		left := holders(args[0])
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("processes left after %v:\n%s", settle, strings.Join(left, "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func cmdEmptyDir(ts *testscript.TestScript, neg bool, args []string) {
	needLinux(ts, neg, args, 1, "emptydir DIR")
	deadline := time.Now().Add(settle)
	for {
		entries, err := os.ReadDir(ts.MkAbs(args[0]))
		ts.Check(err)
		if len(entries) == 0 {
			return
		}
		if time.Now().After(deadline) {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			ts.Fatalf("%s not empty after %v: %s", args[0], settle, strings.Join(names, " "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cmdTreeHash prints one line per file under DIR: its path and the
// SHA-256 of its content, or where a link points; the lines sorted.
func cmdTreeHash(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: treehash DIR")
	}
	root := ts.MkAbs(args[0])
	var lines []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		info, err := e.Info()
		if err != nil {
			return err
		}
		switch {
		case e.IsDir():
			lines = append(lines, fmt.Sprintf("%s/ %v", filepath.ToSlash(rel), info.Mode().Perm()))
		case info.Mode()&fs.ModeSymlink != 0:
			to, err := os.Readlink(path)
			if err != nil {
				return err
			}
			lines = append(lines, filepath.ToSlash(rel)+" -> "+to)
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			lines = append(lines, fmt.Sprintf("%s %v %x", filepath.ToSlash(rel), info.Mode().Perm(), sha256.Sum256(data)))
		}
		return nil
	})
	ts.Check(err)
	sort.Strings(lines)
	fmt.Fprintln(ts.Stdout(), strings.Join(lines, "\n"))
}

// scriptCondition is the scripts' conditions: [landlock], workers are
// confined, TCP included; [lite], a build without the model providers.
func scriptCondition(cond string) (bool, error) {
	switch cond {
	case "landlock":
		return strings.Contains(executors.SandboxStatus(false), "tcp denied"), nil
	case "lite":
		// A build with -tags specgen_lite: no model providers.
		return model.Lite, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
