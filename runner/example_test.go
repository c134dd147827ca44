package runner_test

import (
	"context"
	"fmt"
	"os"

	"github.com/specgen-dev/specgen/runner"
)

// Run one spec file natively and print the report, passing cases included.
func ExampleRunFile() {
	rep, err := runner.RunFile(context.Background(), "testdata/mod/specs/pkg_evals.yml", runner.Options{Cover: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := runner.WriteText(os.Stdout, []*runner.FileReport{rep}, true); err != nil {
		fmt.Println(err)
	}
	// Output:
	// testdata/mod/specs/pkg_evals.yml:4:7: ok Greet by-import-path
	// testdata/mod/specs/pkg_evals.yml (example.com/runnertest/calc)
	//   Greet  1 passed  0 failed  0 errored  100.0%  coverage 100.0% of 1 statements  reach 100.0% of 1
	// ok: 1 file, 1 function, 1 case: 1 passed, 0 failed, 0 errored; pass rate 100.0%
}
