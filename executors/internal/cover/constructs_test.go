package cover_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specgen-dev/specgen/executors/internal/cover"
	xcover "golang.org/x/tools/cover"
)

// construct is one file of the package cx that TestConstructs builds, with
// the call that drives it.
type construct struct {
	file   string
	src    string // the file after its package clause
	drive  string // a call of the file's driver, such as DriveSwitch()
	yaegi  bool   // whether yaegi runs the file too
	reason string
}

// constructs returns the tricky cases of block cutting, each in a file of
// its own so that a difference names the case.
func constructs() []construct {
	return []construct{
		{
			file: "switch.go",
			src: `
func DriveSwitch() {
	for _, n := range []int{0, 1, 2, 3, 7} {
		Switch(n)
	}
	TypeSwitch(1)
	TypeSwitch("x")
	Nested(1, 2)
}

func Switch(n int) (out int) {
	switch m := n % 4; m {
	case 0:
		out = 1
	case 1, 2:
		out = 2
		fallthrough
	case 3:
	default:
		out = -1
	}
	switch {
	}
	switch n {
	default:
	}
	return out
}

func TypeSwitch(v any) int {
	switch x := any(func() int { return 1 }()).(type) {
	case int:
		_ = x
	}
	switch v := v.(type) {
	case int, float64:
		return 1
	case string:
		if v == "" {
			return 2
		}
	}
	return 0
}

func Nested(a, b int) int {
	switch a {
	case 1:
		switch b {
		case 2:
			return 2
		}
		return 1
	}
	return 0
}
`,
			drive:  "DriveSwitch()",
			yaegi:  true,
			reason: "clauses are cut before nested lists; a literal in a type switch's guard; empty and default-only switches",
		},
		{
			file: "switchlit.go",
			src: `
func DriveSwitchLit() {
	for _, n := range []int{0, 1, 5} {
		SwitchLit(n)
	}
}

func SwitchLit(n int) (out int) {
	switch f := func() int { return n % 4 }; f() {
	case func() int { return 0 }():
		out = 1
	default:
		out = -1
	case 1:
		out = 2
	}
	return out
}
`,
			drive:  "DriveSwitchLit()",
			reason: "literals in a switch's init and case expressions, a default before a case; yaegi v0.16.1 runs the wrong clauses",
		},
		{
			file: "select.go",
			src: `
func DriveSelect() {
	a := make(chan int, 1)
	a <- 1
	Select(a, nil)
	Select(nil, nil)
	b := make(chan int, 1)
	Select(nil, b)
	Select(nil, b)
}

func Select(a, b chan int) int {
	select {
	case v := <-a:
		return v
	case b <- 2:
		return 2
	default:
	}
	return 0
}

func Block() {
	select {}
}
`,
			drive:  "DriveSelect()",
			yaegi:  true,
			reason: "comm clauses, an empty default, an empty select",
		},
		{
			file: "sendlit.go",
			src: `
func DriveSendLit() {
	SendLit(make(chan int, 1))
}

func SendLit(b chan int) int {
	select {
	case b <- func() int { return 2 }():
		return 2
	}
}
`,
			drive:  "DriveSendLit()",
			reason: "a literal in a comm clause's send; yaegi v0.16.1 does not run it",
		},
		{
			file: "labels.go",
			src: `
func DriveLabels() {
	Nest(0)
	Tail(1)
	Tail(-1)
	Cont([][]int{{1, -1, 2}, {3}})
}

func Nest(x int) int {
	{
		goto L
	L:
	}
	if x > 0 {
		goto M
	}
	x++
M:
	return x
}

func Tail(x int) {
	if x > 0 {
		goto end
	}
	x++
end:
}

func Cont(grid [][]int) (n int) {
rows:
	for _, row := range grid {
	cols:
		for _, v := range row {
			if v < 0 {
				continue rows
			}
			if v > 2 {
				break cols
			}
			n += v
		}
	}
	return n
}
`,
			drive:  "DriveLabels()",
			yaegi:  true,
			reason: "labels before blocks and ifs, a label ending a block and a function, labelled loops",
		},
		{
			file: "stacked.go",
			src: `
func DriveStacked() {
	Goto(0)
	Goto(5)
}

func Goto(n int) (r int) {
A:
B:
	n++
	if n < 3 {
		goto A
	}
C:
	if n < 5 {
		goto B
	}
	if n > 100 {
		goto C
	}
	{
		r = n
	}
	goto E
E:
	;
	return
}
`,
			drive:  "DriveStacked()",
			reason: "stacked labels, each a statement; yaegi v0.16.1 does not load them",
		},
		{
			file: "literals.go",
			src: `
import "sync"

func DriveLiterals() {
	Defer()
	Go(3)
	_ = Table.Double(2)
	_ = Lits()
	Invoke(1)
}

func Defer() (n int) {
	defer func() {
		n++
	}()
	n = 1
	return n
}

func Go(n int) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	sum := 0
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			sum += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum
}

type table struct {
	Double func(int) int
	Half   func(int) int
}

var Table = table{
	Double: func(n int) int { return 2 * n },
	Half: func(n int) int {
		if n%2 != 0 {
			panic("odd")
		}
		return n / 2
	},
}

func Lits() []func() int {
	x := 1
	return []func() int{func() int { return x }, func() int {
		return func() int { return x + 1 }()
	}}
}

func Invoke(n int) int {
	if func() bool { return n > 0 }() {
		n = func(m int) int { return m * 3 }(n)
	} else if g := func() int { return -n }; g() > 0 {
		n = g()
	}
	return n
}
`,
			drive:  "DriveLiterals()",
			yaegi:  true,
			reason: "defer and go literals, literals as arguments, in composite literals at package level, nested, immediately called in conditions",
		},
		{
			file: "deferarg.go",
			src: `
func DriveDeferArg() {
	DeferArg()
}

func DeferArg() (n int) {
	defer func(f func()) { f() }(func() { n *= 2 })
	n = 1
	return n
}
`,
			drive:  "DriveDeferArg()",
			reason: "a deferred literal with a literal argument; yaegi v0.16.1 hangs on it",
		},
		{
			file: "ifelse.go",
			src: `
func DriveIfElse() {
	for _, n := range []int{-1, 0, 1, 2, 5} {
		Chain(n)
	}
	Tight(true)
	Tight(false)
}

func Chain(n int) string {
	if n < 0 {
		return "neg"
	} else if n == 0 {
		return "zero"
	} else /* odd? */ if m := n % 2; m == 1 {
		if n == 1 {
			return "one"
		} else {
		}
		return "odd"
	} else // line comment
	{
		n--
	}
	return "even"
}

func Tight(b bool) (n int) {
	if b {
		n = 1
	}else{
		n = 2
	}
	if !b {}else{}
	if b { n++ } else { n-- }
	return n
}
`,
			drive:  "DriveIfElse()",
			yaegi:  true,
			reason: "else-if chains with inits and comments before the branch, empty else branches, else without spaces",
		},
		{
			file: "empty.go",
			src: `
func DriveEmpty() {
	Empty()
	Blocks(2)
}

func Empty() {}

func Blocks(n int) int {
	{
	}
	{}
	;
	for i := 0; i < n; i++ {
	}
	for range []int{n} {
	}
	if n > 0 {
	}
	return n
}

func Never() {
	return
}
`,
			drive:  "DriveEmpty()",
			yaegi:  true,
			reason: "empty bodies, empty blocks and loops, an empty statement, a function never called",
		},
		{
			file: "loops.go",
			src: `
func DriveLoops() {
	Loops(3)
	Seq(func(yield func(int) bool) {
		for i := range 4 {
			if !yield(i) {
				return
			}
		}
	})
}

func Loops(n int) (s int) {
	for i := func() int { return 0 }(); i < n; i++ {
		s += i
	}
	for i := 0; func() bool { return i < n }(); i++ {
		s++
	}
	for i := 0; i < n; i = func() int { return i + 1 }() {
		s++
	}
	for _, v := range func() []int { return []int{1, 2} }() {
		s += v
	}
	for {
		if s > 100 {
			continue
		}
		break
	}
	for s < 20 {
		s += 5
	}
	return s
}

func Seq(seq func(func(int) bool)) (n int) {
	for v := range seq {
		if v == 2 {
			break
		}
		n += v
	}
	for v := range func(yield func(int) bool) { yield(1) } {
		n += v
	}
	return n
}
`,
			drive:  "DriveLoops()",
			yaegi:  false,
			reason: "literals in each part of a loop header; range over function iterators, which yaegi v0.16.1 does not run",
		},
		{
			file: "panics.go",
			src: `
func DrivePanics() {
	try(func() { Mid(1) })
	try(func() { Mid(-1) })
}

func try(f func()) {
	defer func() { recover() }()
	f()
}

func Mid(n int) int {
	n++
	if n > 0 {
		panic("positive")
	}
	n--
	panic(n)
	return n
}
`,
			drive:  "DrivePanics()",
			yaegi:  true,
			reason: "panic ends a block: in the middle, and last",
		},
		{
			file: "paren.go",
			src: `
func DriveParen() {
	Paren(1)
	Local(1)
}

func Paren(n int) int {
	n++
	if n < 0 {
		(panic)(n)
	}
	n--
	return n
}

func Local(n int) int {
	panic := func(int) { n++ }
	n++
	panic(n)
	n++
	return n
}
`,
			drive:  "DriveParen()",
			reason: "panic is known by its name alone: parenthesised it does not end a block, a local function of that name does; yaegi v0.16.1 runs neither",
		},
		{
			file: "dupa.go",
			src: `
func DriveDup() {
	DupA(1)
	DupB(0)
}

func DupA(n int) int { if n > 0 { return 1 }; return 0 }

//line dup.go:10
func LineA(n int) int { if n > 0 { return 1 }; return 0 }
`,
			drive:  "DriveDup()",
			yaegi:  true,
			reason: "dupb.go repeats this layout; a //line directive names a file that dupb.go names too",
		},
		{
			file: "dupb.go",
			src: `
func drive2() {
	DupA(1)
	DupB(0)
}

func DupB(n int) int { if n > 0 { return 1 }; return 0 }

//line dup.go:10
func LineB(n int) int { if n > 0 { return 1 }; return 0 }
`,
			reason: "same positions as in dupa.go, in another file: not duplicates; the //line blocks are, across files",
		},
	}
}

// TestConstructs compares the blocks of each construct, and the blocks its
// driver runs natively and under yaegi, with those of `go test -cover`.
func TestConstructs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	const pkg = "cx"
	cases := constructs()
	var srcs []cover.Source
	var drives []string
	for _, c := range cases {
		head := ""
		if !c.yaegi && c.drive != "" {
			// yaegi reads only the old form of the constraint.
			head = "//go:build !specgen_yaegi\n// +build !specgen_yaegi\n\n"
		}
		srcs = append(srcs, cover.Source{Name: c.file, Src: []byte(head + "package " + pkg + "\n" + c.src)})
		if c.drive != "" {
			drives = append(drives, c.drive)
		}
	}

	// The go command's view.
	modDir := t.TempDir()
	files := map[string][]byte{
		"go.mod":        []byte("module example.com/" + pkg + "\n\ngo 1.24\n"),
		"drive_test.go": []byte(fmt.Sprintf("package %s\n\nimport \"testing\"\n\nfunc TestDrive(t *testing.T) { %s }\n", pkg, strings.Join(drives, "; "))),
	}
	for _, s := range srcs {
		files[s.Name] = s.Src
	}
	writeFiles(t, modDir, files)
	profile := filepath.Join(modDir, "c.out")
	goCmd(t, modDir, "test", "-covermode=set", "-coverprofile="+profile, ".")
	profiles, err := xcover.ParseProfiles(profile)
	if err != nil {
		t.Fatal(err)
	}
	want, wantRan := profileBlocks(profiles)

	// Ours, natively and interpreted.
	out, decl, blocks, err := cover.Package(pkg, srcs, cover.Options{})
	if err != nil {
		t.Fatal(err)
	}
	native := runNative(t, pkg, out, decl, drives)
	if len(native) != len(blocks) {
		t.Fatalf("got %d counters for %d blocks", len(native), len(blocks))
	}

	// Blocks are compared file by file; those of the file that //line
	// directives name (dup.go) are compared apart.
	for _, c := range cases {
		t.Run(strings.TrimSuffix(c.file, ".go"), func(t *testing.T) {
			in := func(bs []cover.Block) []cover.Block {
				var out []cover.Block
				for _, b := range bs {
					if b.File == c.file {
						out = append(out, b)
					}
				}
				sortBlocks(out)
				return out
			}
			if len(in(want)) == 0 {
				t.Fatalf("go test -cover reports no blocks in %s", c.file)
			}
			if diff := cmp.Diff(in(want), in(blocks)); diff != "" {
				t.Errorf("blocks differ from go test -cover (-want +got) (%s):\n%s", c.reason, diff)
			}
			for i, b := range blocks {
				if b.File != c.file {
					continue
				}
				if got := native[i] != 0; got != wantRan[b] {
					t.Errorf("block %v: native run set=%v, go test -cover count>0=%v", b, got, wantRan[b])
				}
			}
			if !c.yaegi {
				return
			}
			counters := yaegiCounters(t, pkg, out, decl, pkg+"."+c.drive)
			for i, b := range blocks {
				if b.File != c.file {
					continue
				}
				if got := counters[i] != 0; got != wantRan[b] {
					t.Errorf("block %v: yaegi run set=%v, go test -cover count>0=%v", b, got, wantRan[b])
				}
			}
		})
	}

	t.Run("dup", func(t *testing.T) {
		var got []cover.Block
		for i, b := range blocks {
			if b.File != "dup.go" {
				continue
			}
			got = append(got, b)
			if ran := native[i] != 0; ran != wantRan[b] {
				t.Errorf("block %v: native run set=%v, go test -cover count>0=%v", b, ran, wantRan[b])
			}
		}
		var wantDup []cover.Block
		for _, b := range want {
			if b.File == "dup.go" {
				wantDup = append(wantDup, b)
			}
		}
		sortBlocks(got)
		if diff := cmp.Diff(wantDup, got); diff != "" {
			t.Errorf("blocks of dup.go differ (-want +got):\n%s", diff)
		}
		if len(got) != 6 || slices.ContainsFunc(got, func(b cover.Block) bool { return b.StartLine != 10 }) {
			t.Errorf("want 6 blocks on dup.go:10, told apart by their end columns; got %v", got)
		}
	})

	t.Run("func", func(t *testing.T) {
		testFuncCoverage(t, modDir, profiles, srcs, blocks, cover.Covered(native, 0, len(blocks)))
	})
}

// runNative builds the instrumented package with a main package that
// calls the drivers, and returns the counters.
func runNative(t *testing.T, pkg string, out map[string][]byte, decl []byte, drives []string) []uint32 {
	t.Helper()
	dir := t.TempDir()
	calls := make([]string, len(drives))
	for i, d := range drives {
		calls[i] = pkg + "." + d
	}
	files := map[string][]byte{
		"go.mod":                []byte("module example.com/run\n\ngo 1.24\n"),
		pkg + "/zz_counters.go": decl,
		pkg + "/zz_export.go":   []byte(fmt.Sprintf(exportCounters, pkg, cover.DefaultCounterVar)),
		"main.go": []byte(fmt.Sprintf(`package main

import (
	"encoding/json"
	"os"

	"example.com/run/%s"
)

func main() {
	%s
	json.NewEncoder(os.Stdout).Encode(%s.SpecgenCounters())
}
`, pkg, strings.Join(calls, "\n\t"), pkg)),
	}
	for name, src := range out {
		files[pkg+"/"+name] = src
	}
	writeFiles(t, dir, files)
	var counters []uint32
	if err := json.Unmarshal(goCmd(t, dir, "run", "."), &counters); err != nil {
		t.Fatal(err)
	}
	return counters
}
