package executors_test

import (
	"context"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

// TestBuildKeepsUserLdflags checks that the worker is linked with the
// linker flags the user's GOFLAGS give (a version set with -X), not
// with specgen's own in their place.
func TestBuildKeepsUserLdflags(t *testing.T) {
	pkg, err := target.Load(context.Background(), "./version", target.Config{Dir: "testdata/mod"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func("Get")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{nil, `"dev"`},
		{[]string{"GOFLAGS=-ldflags=-X=example.com/probes/version.Version=1.2"}, `"1.2"`},
	} {
		n := &executors.Native{CacheDir: t.TempDir(), Env: tc.env}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		rep, err := n.Run(ctx, &executors.Program{Func: f, Probes: []executors.Probe{{ID: "get"}}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if r := rep.Results[0]; r.Outcome != executors.OK || len(r.Outputs) != 1 || r.Outputs[0].String() != tc.want {
			t.Errorf("env %q: Get() = %s %v %s, want %s", tc.env, r.Outcome, r.Outputs, r.Message, tc.want)
		}
	}
}
