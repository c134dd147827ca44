package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/specgen-dev/specgen/pipeline"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// event is one call made on a status in a scripted run: a step, or a
// log line, at a time from the start.
type event struct {
	at   time.Duration
	step pipeline.Step
	log  string
}

// twoAtOnce is a gen of three functions, two explored at once and one
// unchanged, with a log line in the middle: what a terminal gets shows
// the throttle (rounds less than 100ms after a draw are not drawn, a
// new phase is), the log line printed above the status line, and the
// hand-written cases apart.
var twoAtOnce = []event{
	{at: 0, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseQueued}},
	{at: 0, step: pipeline.Step{Func: "Sign", Phase: pipeline.PhaseQueued}},
	{at: 0, step: pipeline.Step{Func: "Abs", Phase: pipeline.PhaseQueued}},
	{at: 0, step: pipeline.Step{Func: "Abs", Phase: pipeline.PhaseDone, Line: "Abs: unchanged since its spec was written"}},
	{at: 1 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseExploring, Line: "Half: exploring on yaegi"}},
	{at: 20 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseExploring, Round: 1, Probes: 200, Coverage: 50}},
	{at: 30 * time.Millisecond, step: pipeline.Step{Func: "Sign", Phase: pipeline.PhaseExploring, Line: "Sign: exploring on yaegi"}},
	{at: 60 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseExploring, Round: 2, Probes: 300, Coverage: 75}},
	{at: 140 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseExploring, Round: 3, Probes: 400, Coverage: 100}},
	{at: 150 * time.Millisecond, log: "explore Sign: round 1: 200 snippets"},
	{at: 160 * time.Millisecond, step: pipeline.Step{Func: "Sign", Phase: pipeline.PhaseExploring, Round: 1, Probes: 200, Coverage: 66.666}},
	{at: 300 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseMutation, Probes: 400, Coverage: 100, Line: "Half: running mutants against 40 probes"}},
	{at: 310 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseConfirming, Probes: 400, Coverage: 100, Generated: 4, Hand: 2, Line: "Half: 400 probes, 3 behaviours, 100.0% explored; confirming 4 generated cases natively (2 hand-written kept as they are)"}},
	{at: 320 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseWriting, Probes: 400, Coverage: 100, Generated: 4, Hand: 2}},
	{at: 330 * time.Millisecond, step: pipeline.Step{Func: "Half", Phase: pipeline.PhaseDone, Probes: 400, Coverage: 100, Generated: 4, Hand: 2}},
	{at: 400 * time.Millisecond, step: pipeline.Step{Func: "Sign", Phase: pipeline.PhaseConfirming, Probes: 250, Coverage: 100, Generated: 3, Line: "Sign: 250 probes, 3 behaviours, 100.0% explored; confirming 3 generated cases natively"}},
	{at: 410 * time.Millisecond, step: pipeline.Step{Func: "Sign", Phase: pipeline.PhaseDone, Probes: 250, Coverage: 100, Generated: 3}},
}

// TestStatus checks the bytes a status writes for a scripted run, on a
// terminal and elsewhere, against testdata/progress/*.golden (-update
// rewrites them). In the golden files a carriage return is written \r,
// after a line break, and an escape \e.
func TestStatus(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		width    int
	}{
		{name: "terminal", terminal: true, width: 100},
		// A narrow terminal: the line is cut to fit, never wrapped.
		{name: "narrow", terminal: true, width: 40},
		// A pipe: the steps' lines and the log line, nothing else.
		{name: "plain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
			now := start
			s := newStatus(&buf, tt.terminal, tt.width, func() time.Time { return now })
			for _, e := range twoAtOnce {
				now = start.Add(e.at)
				if e.log != "" {
					s.Printf("%s", e.log)
					continue
				}
				s.Step(e.step)
			}
			s.Clear()
			buf.WriteString("TABLE\n")
			got := visible(buf.String())
			golden(t, filepath.Join("testdata", "progress", tt.name+".golden"), got)
		})
	}
}

// TestStatusClear checks that Clear erases only a line that is shown,
// and that nothing is drawn for a function that is only queued.
func TestStatusClear(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(0, 0)
	s := newStatus(&buf, true, 0, func() time.Time { return now })
	s.Step(pipeline.Step{Func: "F", Phase: pipeline.PhaseQueued})
	s.Clear()
	if buf.Len() != 0 {
		t.Fatalf("queued only: wrote %q, want nothing", buf.String())
	}
	s.Step(pipeline.Step{Func: "F", Phase: pipeline.PhaseExploring})
	s.Clear()
	s.Clear()
	want := "\r[          ] 0/1  F: exploring, 0 probes, 0.0% covered\x1b[K\r\x1b[K"
	if buf.String() != want {
		t.Fatalf("wrote %q, want %q", buf.String(), want)
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		line string
		n    int
		want string
	}{
		{"abcdef", 0, "abcdef"},  // no width known
		{"abcdef", -1, "abcdef"}, // ditto (width 0, less a column)
		{"abcdef", 6, "abcdef"},  // fits exactly
		{"abcdef", 4, "abc…"},
		{"héllo wörld", 5, "héll…"}, // runes, not bytes
	}
	for _, tt := range tests {
		if got := cut(tt.line, tt.n); got != tt.want {
			t.Errorf("cut(%q, %d) = %q, want %q", tt.line, tt.n, got, tt.want)
		}
	}
}

// visible writes the control characters of a terminal's output so that
// a golden file shows them: \r and \e, each \r on a line of its own,
// as each redraw starts with one.
func visible(s string) string {
	return strings.NewReplacer("\r", "\n\\r", "\x1b", `\e`).Replace(s)
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update to accept):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
