// Package targettest loads the functions of test modules for tests.
package targettest

import (
	"context"
	"testing"

	"github.com/specgen-dev/specgen/target"
)

// Func loads the package pattern (a directory pattern such as "./tiny")
// of the module in dir and returns its function name (F, T.M or
// (*T).M), failing t when either cannot be had.
func Func(t testing.TB, dir, pattern, name string) *target.Func {
	t.Helper()
	pkg, err := target.Load(context.Background(), pattern, target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := pkg.Func(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
