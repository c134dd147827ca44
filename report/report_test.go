package report_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/report"
)

func TestMain(m *testing.M) {
	executors.MaybeWorker()
	os.Exit(m.Run())
}

// calcSpec is the spec of the package the tests report on: Size has a
// line no case reaches and mutants no case kills.
const calcSpec = "testdata/mod/calc/testdata/specgen/calc_evals.yml"

// TestCalc builds the report of testdata/mod/calc once, natively and
// with mutants, and checks it: its model, its HTML against the golden
// file, and in a browser.
func TestCalc(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package and its mutants")
	}
	pkgs, err := report.Build(context.Background(), []string{calcSpec}, report.Options{Mutants: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("got %d packages, want 1", len(pkgs))
	}
	p := pkgs[0]
	for _, f := range p.Functions {
		if f.Problem != "" {
			t.Fatalf("%s: %s", f.Name, f.Problem)
		}
	}
	t.Run("model", func(t *testing.T) { checkCalc(t, p) })
	t.Run("golden", func(t *testing.T) {
		var buf bytes.Buffer
		if err := report.Render(&buf, p); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/calc.golden.html", buf.Bytes())
	})
	t.Run("browser", func(t *testing.T) { browserTest(t, p) })
}

// checkCalc checks what the report says of calc's functions.
func checkCalc(t *testing.T, p *report.Package) {
	if p.Path != "example.com/reporttest/calc" {
		t.Errorf("Path = %q", p.Path)
	}
	size := p.Func("Size")
	if size == nil {
		t.Fatal("no Size in the report")
	}
	tests := []struct {
		text  string   // the line, trimmed
		cases []string // the cases that reach it
		stmt  bool
	}{
		{`func Size(n int) (string, error) {`, nil, false},
		{`if n < 0 {`, []string{"negative", "minus-five", "small", "large"}, true},
		{`return "", errors.New("negative size")`, []string{"negative", "minus-five"}, true},
		{`if n > 1000 {`, []string{"small", "large"}, true},
		{`return "huge", nil`, nil, true},
		{`return "large", nil`, []string{"large"}, true},
		{`return "small", nil`, []string{"small"}, true},
	}
	for _, tt := range tests {
		l, ok := findLine(size, tt.text)
		if !ok {
			t.Errorf("Size has no line %q", tt.text)
			continue
		}
		var got []string
		for _, ci := range l.Cases {
			got = append(got, size.Cases[ci].Name)
		}
		if strings.Join(got, " ") != strings.Join(tt.cases, " ") || l.Stmt != tt.stmt {
			t.Errorf("line %d %q: cases %q, stmt %v; want %q, %v", l.Number, tt.text, got, l.Stmt, tt.cases, tt.stmt)
		}
	}
	var unc []string
	for _, l := range size.Uncovered() {
		unc = append(unc, strings.TrimSpace(l.Text))
	}
	if want := `return "huge", nil`; strings.Join(unc, "|") != want {
		t.Errorf("uncovered lines %q, want only %q", unc, want)
	}
	var bs []string
	for _, b := range size.Behaviours {
		var names []string
		for _, ci := range b.Cases {
			names = append(names, size.Cases[ci].Name)
		}
		bs = append(bs, b.Label+": "+strings.Join(names, " "))
	}
	if got, want := strings.Join(bs, "; "), "returns: small large; error: negative size: negative minus-five"; got != want {
		t.Errorf("behaviours:\n got %s\nwant %s", got, want)
	}
	if size.Mutation == nil || size.Mutation.Lived == 0 || len(size.Mutants) != size.Mutation.Lived {
		t.Fatalf("Size mutation %+v with %d survivors: want some mutants to live", size.Mutation, len(size.Mutants))
	}
	onBoundary := false
	for _, m := range size.Mutants {
		onBoundary = onBoundary || m.Line == 14 && strings.Contains(m.Change, ">=")
	}
	if !onBoundary {
		t.Errorf("no surviving mutant of n >= 10 on line 14: %+v", size.Mutants)
	}
	half := p.Func("Half")
	if half == nil || len(half.Uncovered()) != 0 {
		t.Errorf("Half: want every line covered, got %+v", half)
	}
	if got := half.Behaviours; len(got) != 2 || got[1].Label != "panic: odd number" {
		t.Errorf("Half behaviours %+v, want returns and panic: odd number", got)
	}
}

func findLine(f *report.Function, text string) (report.Line, bool) {
	for _, l := range f.Lines {
		if strings.TrimSpace(l.Text) == text {
			return l, true
		}
	}
	return report.Line{}, false
}
