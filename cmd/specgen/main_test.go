package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/specgen-dev/specgen/executors"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	testscript.Main(m, map[string]func(){
		"specgen": func() { os.Exit(specgen(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI scripts in testdata/script. Each runs in a
// fresh directory; $REPO is the root of this repository, and the go
// command shares the caller's build and module caches.
func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams(t, "testdata/script"))
}

// TestHostile runs the scripts in testdata/hostile: code that attacks the
// machine it runs on (writes and deletes files, spins, forks, dials out),
// specs built to exhaust the loader, engines that disagree, concurrent
// runs. Each script pins one finding of the hostile-module review and the
// figure that shows it fixed.
func TestHostile(t *testing.T) {
	testscript.Run(t, scriptParams(t, "testdata/hostile"))
}

// scriptParams runs the scripts in dir with the caller's go caches, a
// cache of specgen's own per test, no module proxy and fake model servers.
func scriptParams(t *testing.T, dir string) testscript.Params {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := map[string]string{}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT", "GOFLAGS", "GOPROXY", "GONOSUMDB", "GOTOOLCHAIN"} {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		goEnv[k] = strings.TrimSpace(string(out))
	}
	cache := t.TempDir()
	cmds := procCmds()
	cmds["jsonlines"] = cmdJSONLines
	return testscript.Params{
		Dir:       dir,
		Cmds:      cmds,
		Condition: scriptCondition,
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("XDG_CACHE_HOME", cache)
			env.Setenv("GOPROXY", "off")
			fakeModels(t, env)
			return nil
		},
	}
}
