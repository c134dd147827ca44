package target

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReach checks the functions each function of testdata/td/reach
// reaches, and the lines of their declarations.
func TestReach(t *testing.T) {
	p, err := Load(context.Background(), "./reach", Config{Dir: "testdata/td"})
	if err != nil {
		t.Fatal(err)
	}
	reachGo, _ := filepath.Abs("testdata/td/reach/reach.go")
	otherGo, _ := filepath.Abs("testdata/td/reach/other.go")
	tests := []struct {
		name string
		want []string // the reach as Func@file:start-end, own first
	}{
		{"Wrap", []string{"Wrap", "helper", "deeper"}},                    // direct and transitive callees
		{"(*Counter).Add", []string{"(*Counter).Add", "(*Counter).step"}}, // a method callee
		{"Counter.Add", []string{"(*Counter).Add", "(*Counter).step"}},    // the same, named without the star
		{"Fact", []string{"Fact"}},                                        // recursion
		{"Even", []string{"Even", "odd"}},                                 // mutual recursion
		{"Other", []string{"Other", "inOther", "deeper2"}},                // callees in another file, after reach.go's
		{"Apply", []string{"Apply", "apply", "double"}},                   // a function value
		{"Total", []string{"Total", "Square.Area", "(*Circle).Area"}},     // an interface of the package: its implementations
		{"Message", []string{"Message"}},                                  // error's Error: left out
		{"Bigger", []string{"Bigger", "maxOf"}},                           // a generic callee
		{"Clamp", []string{"Clamp"}},                                      // another package of the module: left out
		{"Alone", []string{"Alone"}},                                      // no callee
		{"Square.Area", []string{"Square.Area"}},                          // a method without callees
		{"MyErr.Error", []string{"MyErr.Error"}},                          // ditto
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := p.Func(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, s := range f.Reach() {
				got = append(got, fmt.Sprintf("%s@%s:%d-%d", s.Func, filepath.Base(s.File), s.StartLine, s.EndLine))
			}
			for _, name := range tt.want {
				file, prefix := reachGo, declPrefix(name)
				if name == "inOther" || name == "deeper2" {
					file = otherGo
				}
				start := lineOf(t, file, prefix)
				end := declEnd(t, file, start)
				want = append(want, fmt.Sprintf("%s@%s:%d-%d", name, filepath.Base(file), start, end))
			}
			if !slices.Equal(got, want) {
				t.Errorf("Reach() =\n\t%v\nwant\n\t%v", got, want)
			}
			if own := f.Reach()[0]; own.File != f.File || own.StartLine != f.StartLine || own.EndLine != f.EndLine {
				t.Errorf("Reach()[0] = %+v, want the function's own lines %s:%d-%d", own, f.File, f.StartLine, f.EndLine)
			}
		})
	}
}

// TestReachWithoutLoad: a Func made by hand reaches its own lines only.
func TestReachWithoutLoad(t *testing.T) {
	f := &Func{Name: "F", File: "/x/f.go", StartLine: 3, EndLine: 9}
	want := []Span{{Func: "F", File: "/x/f.go", StartLine: 3, EndLine: 9}}
	if got := f.Reach(); !slices.Equal(got, want) {
		t.Errorf("Reach() = %v, want %v", got, want)
	}
	if got := (&Func{Name: "G"}).Reach(); got != nil {
		t.Errorf("Reach() without a file = %v, want nil", got)
	}
}

// declPrefix is how the declaration of name starts in testdata/td/reach.
func declPrefix(name string) string {
	switch name {
	case "(*Counter).Add":
		return "func (c *Counter) Add("
	case "(*Counter).step":
		return "func (c *Counter) step("
	case "Square.Area":
		return "func (s Square) Area("
	case "(*Circle).Area":
		return "func (c *Circle) Area("
	case "MyErr.Error":
		return "func (MyErr) Error("
	case "maxOf":
		return "func maxOf["
	}
	return "func " + name + "("
}

// declEnd returns the line of the closing brace of the declaration
// that starts at line start of file: start itself for a one-line
// declaration, else the next line that is a lone "}".
func declEnd(t *testing.T, file string, start int) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if strings.HasSuffix(lines[start-1], "}") {
		return start
	}
	for i := start; i < len(lines); i++ {
		if lines[i] == "}" {
			return i + 1
		}
	}
	t.Fatalf("%s: no end of the declaration at line %d", file, start)
	return 0
}
