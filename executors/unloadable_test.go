package executors

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/target"
)

// TestYaegiUnloadable: a package yaegi cannot load for its own code
// (testdata/reflectcorpus/runes: utf8.MaxRune held in a variable comes
// out as an int, traefik/yaegi#456) fails every later program with the
// first load's error, without loading it again: a whole-package run
// falls back to native at once for each of its functions.
func TestYaegiUnloadable(t *testing.T) {
	if testing.Short() {
		t.Skip("starts yaegi workers")
	}
	dir, _ := filepath.Abs("testdata/reflectcorpus")
	pkg, err := target.Load(context.Background(), "./runes", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu     sync.Mutex
		logged []string
	)
	y := &Yaegi{Logf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, fmt.Sprintf(format, args...))
	}}
	var first string
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for i, name := range []string{"Double", "Valid"} {
		f, err := pkg.Func(name)
		if err != nil {
			t.Fatal(err)
		}
		_, err = y.Run(ctx, &Program{Func: f, Probes: []Probe{{ID: "1", Args: []string{"2"}}}})
		want := "runes.go:11:20: cannot use type int as type int32"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: err = %v, want the load's error naming %s", name, err, want)
		}
		if i == 0 {
			first = err.Error()
		} else if err.Error() != first {
			t.Errorf("%s: err = %v; want the first load's, %s", name, err, first)
		}
		mu.Lock()
		again := slices.ContainsFunc(logged, func(s string) bool { return strings.Contains(s, "failed to load before") })
		mu.Unlock()
		if again != (i > 0) {
			t.Errorf("%s: logged %q; want a load skipped: %v", name, logged, i > 0)
		}
	}
}

// TestInPackageFiles: a load error is the package's own when it places
// the fault in one of the package's files and in none written for the
// program.
func TestInPackageFiles(t *testing.T) {
	files := map[string][]byte{"/src/p/a.go": nil, "/src/p/b.go": nil}
	extra := map[string][]byte{"specgen_probes.go": nil}
	for _, tt := range []struct {
		msg  string
		want bool
	}{
		{`import "p" error: /src/p/b.go:11:20: cannot use type int as type int32`, true},
		{`import "p" error: /src/p/specgen_probes.go:3:1: undefined: x`, false},
		{`/src/p/a.go:2:1: x; /src/p/specgen_probes.go:3:1: y`, false},
		{`worker did not load within 2m`, false},
		{`/src/q/a.go:2:1: another package's file`, false},
	} {
		if got := inPackageFiles(tt.msg, "/src/p", files, extra); got != tt.want {
			t.Errorf("inPackageFiles(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}
