package explore_test

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/specgen-dev/specgen/explore"
	"github.com/specgen-dev/specgen/target"
)

// joinFunc describes func Join(sep string, parts ...string) string of a
// package text, as target.Load would.
func joinFunc() *target.Func {
	pkg := types.NewPackage("example.com/text", "text")
	str := types.Typ[types.String]
	params := types.NewTuple(
		types.NewVar(token.NoPos, pkg, "sep", str),
		types.NewVar(token.NoPos, pkg, "parts", types.NewSlice(str)),
	)
	sig := types.NewSignatureType(nil, nil, nil, params, types.NewTuple(types.NewVar(token.NoPos, pkg, "", str)), true)
	return &target.Func{
		Name: "Join",
		Pkg:  &target.Package{Name: "text", ImportPath: pkg.Path(), Types: pkg},
		Obj:  types.NewFunc(token.NoPos, pkg, "Join", sig),
		Sig:  sig,
		Params: []target.Param{
			{Name: "sep", Type: str},
			{Name: "parts", Type: types.NewSlice(str), Variadic: true},
		},
		Results: []types.Type{str},
	}
}

func ExampleProbeFromSnippet() {
	p, err := explore.ProbeFromSnippet(joinFunc(), "p1", explore.Snippet{
		Description: "a long separator",
		Code:        "sep := strings.Repeat(\"-\", 3)\nout := text.Join(sep, \"a\", \"b\")",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("setup:   %s\n", p.Setup)
	fmt.Printf("args:    %q\n", p.Args)
	fmt.Printf("imports: %v\n", p.Imports)

	_, err = explore.ProbeFromSnippet(joinFunc(), "p2", explore.Snippet{Code: "cmd := exec.Command(\"rm\")\nJoin(\",\")"})
	fmt.Println(err)
	// Output:
	// setup:   sep := strings.Repeat("-", 3)
	// args:    ["sep" "[]string{\"a\", \"b\"}"]
	// imports: map[strings:strings]
	// snippet refused: it uses package os/exec, which probes may not import
}
