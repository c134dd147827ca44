package spec_test

import (
	"errors"
	"fmt"

	"github.com/specgen-dev/specgen/spec"
)

func ExampleParse() {
	src := `package: example.com/shop/pricing
ParseAmount:
  dataset:
    - case:
        id: plain
        inputs: {s: "12.50"}
        expected: 1250
    - case:
        inputs: {s: ""}
        raises: error
        match: "^empty amount$"
`
	f, err := spec.Parse("ParseAmount_evals.yml", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range f.Functions[0].Dataset {
		fmt.Printf("%s id=%q inputs=%s expected=%v raises=%q\n", c.Pos, c.ID, c.Inputs, c.Expected, c.Raises)
	}
	// Output:
	// ParseAmount_evals.yml:4:7 id="plain" inputs={s: "12.50"} expected=1250 raises=""
	// ParseAmount_evals.yml:8:7 id="" inputs={s: ""} expected=<nil> raises="error"
}

func ExampleErrors() {
	src := `ParseAmount:
  dataset:
    - case:
        inptus: {s: "1"}
        expected: 1
        raises: error
`
	_, err := spec.Parse("bad.yml", []byte(src))
	var errs spec.Errors
	if errors.As(err, &errs) {
		fmt.Println(len(errs), "problems:")
		fmt.Println(err)
	}
	// Output:
	// 2 problems:
	// bad.yml:4:9: ParseAmount: case 1: unknown key "inptus"; did you mean "inputs"?
	// bad.yml:6:9: ParseAmount: case 1: both expected and raises given; a case either returns or fails
}

func ExampleFile_Marshal() {
	inputs, expected := spec.ListValue(spec.IntValue(1), spec.IntValue(2)), spec.FloatValue(0.5)
	f := &spec.File{
		Schema:  "../../schemas/specgen.schema.json",
		Package: "example.com/shop/pricing",
		Functions: []*spec.Function{{
			Name:  "Ratio",
			Evals: spec.Evals{Type: &spec.TypeEval{Type: "float64"}},
			Dataset: []*spec.Case{{
				ID:        "half",
				Generated: true,
				Inputs:    &inputs,
				Expected:  &expected,
			}},
		}},
	}
	out, err := f.Marshal()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// # yaml-language-server: $schema=../../schemas/specgen.schema.json
	//
	// package: example.com/shop/pricing
	//
	// Ratio:
	//   evals:
	//     Type: {type: float64}
	//   dataset:
	//     - case: # specgen:generated 53cfe54e
	//         id: half
	//         inputs: [1, 2]
	//         expected: 0.5
}

func ExampleSuggest() {
	fmt.Println(spec.Suggest("reciever", []string{"id", "receiver", "inputs"}))
	// Output: receiver
}
