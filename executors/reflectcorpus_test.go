package executors_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/target"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpusArgs are the arguments each function of testdata/reflectcorpus
// is probed with, by the type of its one parameter, or by name.
var corpusArgs = map[string][]string{
	"int":           {"-2", "0", "3", "150"},
	"TagOf":         {`"ID"`, `"Name"`, `"Email"`, `"Admin"`, `"Nope"`},
	"JSONUnmarshal": {`"{\"id\":3,\"name\":\"n\",\"Email\":\"e\",\"admin\":true}"`, `"{\"ID\":4}"`, `"[1]"`},
}

// corpusRow is what the corpus test learns of one function: how yaegi
// and native disagree ("" when they agree) and where the yaegi check
// flags it ("" when it does not).
type corpusRow struct {
	name, differs, flagged string
}

// TestReflectCorpus runs every function of testdata/reflectcorpus, a
// package of reflection-heavy code, under yaegi and natively, and pins in
// testdata/reflectcorpus.golden which ones yaegi gets wrong and which ones
// target's YaegiProblems flags (a yaegi upgrade that fixes a difference,
// or a check that stops flagging one, shows up there; -update rewrites
// it). Whatever the golden file says, a function yaegi gets wrong must be
// flagged by a problem inside the function or a function it reaches, and
// auto must run it natively: no silent difference.
func TestReflectCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus under both engines")
	}
	dir, _ := filepath.Abs("testdata/reflectcorpus")
	pkg, err := target.Load(context.Background(), ".", target.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	probs := pkg.YaegiProblems()
	native := &executors.Native{CacheDir: t.TempDir(), Logf: t.Logf}
	yaegi := &executors.Yaegi{Logf: t.Logf}
	auto := &executors.Auto{Native: native, Yaegi: yaegi}

	funcs, _ := pkg.Funcs()
	var rows []corpusRow
	for _, f := range funcs {
		if f.Decl.Recv != nil {
			continue // the corpus's methods are reached through its functions
		}
		args := corpusArgs[f.Name]
		if args == nil && len(f.Params) == 1 {
			args = corpusArgs[f.Params[0].Type.String()]
		}
		if args == nil {
			t.Fatalf("%s: no arguments for it in corpusArgs", f.Name)
		}
		prog := &executors.Program{Func: f}
		for i, a := range args {
			prog.Probes = append(prog.Probes, executors.Probe{ID: strconv.Itoa(i), Args: []string{a}})
		}
		// Each function's runs are bounded on their own: a build takes
		// seconds on an idle machine and many times that on a loaded one,
		// where one bound over the whole corpus ran out (CI of 912efab).
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		nrep, err := native.Run(ctx, prog)
		if err != nil {
			t.Fatalf("%s: native: %v", f.Name, err)
		}
		row := corpusRow{name: f.Name, flagged: flaggedIn(pkg, f, probs)}
		yrep, err := yaegi.Run(ctx, prog)
		if err != nil {
			row.differs = "yaegi cannot run it: " + firstLine(err.Error())
		} else {
			for i := range prog.Probes {
				if nr := nrep.Results[i]; nr.Outcome != executors.OK && nr.Outcome != executors.Panicked {
					t.Fatalf("%s(%s): native: %s %s", f.Name, prog.Probes[i].Args[0], nr.Outcome, nr.Message)
				}
				if d := executors.Disagreement(yrep.Results[i], nrep.Results[i]); d != "" {
					row.differs = fmt.Sprintf("(%s): %s", prog.Probes[i].Args[0], d)
					break
				}
			}
		}
		if row.differs != "" {
			if row.flagged == "" {
				t.Errorf("%s: yaegi gets it wrong %s, and YaegiProblems flags nothing in its reach", f.Name, row.differs)
			}
			if e, why := auto.Choose(prog); e != executors.Executor(native) {
				t.Errorf("%s: yaegi gets it wrong, but auto chooses %s (%s)", f.Name, e.Name(), why)
			}
		}
		rows = append(rows, row)
	}

	var b strings.Builder
	b.WriteString("# Functions of testdata/reflectcorpus: whether yaegi v0.16.1 gives native's results,\n")
	b.WriteString("# and the first problem target.YaegiProblems finds in the function's reach.\n")
	for _, r := range rows {
		d, fl := "same", "not flagged"
		if r.differs != "" {
			d = "DIFFERS " + r.differs
		}
		if r.flagged != "" {
			fl = "flagged " + r.flagged
		}
		fmt.Fprintf(&b, "%s\n\t%s\n\t%s\n", r.name, d, fl)
	}
	// yaegi prints some values as the interpreter's own structs, whose
	// fields hold addresses that change from build to build.
	text := addrLike.ReplaceAllString(b.String(), "<addr>")
	golden := "testdata/reflectcorpus.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := text; got != string(want) {
		t.Errorf("corpus differs from %s (go test -run TestReflectCorpus -update rewrites it):\n%s", golden, lineDiff(string(want), got))
	}
}

// addrLike matches the numbers of six digits or more in a result: the
// corpus's own values are small.
var addrLike = regexp.MustCompile(`\b\d{6,}\b`)

// flaggedIn returns the first of probs that lies in f's reach, or "".
func flaggedIn(pkg *target.Package, f *target.Func, probs []target.Problem) string {
	spans := f.Reach()
	for _, p := range probs {
		parts := strings.Split(p.Pos, ":")
		if len(parts) < 3 {
			continue
		}
		line, err := strconv.Atoi(parts[len(parts)-2])
		if err != nil {
			continue
		}
		file := filepath.Join(pkg.Dir, strings.Join(parts[:len(parts)-2], ":"))
		for _, s := range spans {
			if s.Contains(file, line, line) {
				return p.String()
			}
		}
	}
	return ""
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// lineDiff lists the lines of got that are not in want and the other way
// round.
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			fmt.Fprintf(&b, "-%s\n", l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			fmt.Fprintf(&b, "+%s\n", l)
		}
	}
	return b.String()
}
