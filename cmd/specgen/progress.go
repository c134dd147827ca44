package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/pipeline"
)

// redrawEvery is how often at most the status line is redrawn for an
// update within a phase (an exploration round); a function that enters
// a phase redraws it at once.
const redrawEvery = 100 * time.Millisecond

// status shows the progress of gen (and refresh) on w, a step at a time
// (see pipeline.Step). On a terminal it is one line, redrawn in place:
// how many functions are done of those queued, and for each function
// under way its phase, the probes run and the coverage so far. Anywhere
// else (a pipe, a file, CI) it prints the steps' lines, one a line.
// Whatever else is printed while it runs goes through Printf, or after
// Clear, so that it does not land on the status line. It is safe for
// concurrent use.
type status struct {
	w        io.Writer
	terminal bool
	// width is the terminal's width in columns: the line is cut to fit
	// (0: never cut).
	width int
	now   func() time.Time

	mu          sync.Mutex
	total, done int
	// running are the functions under way, in the order they started.
	running []pipeline.Step
	// shown is the status line on screen ("" when there is none), drawn
	// at last.
	shown string
	last  time.Time
}

// newStatus returns a status that writes to w: a line redrawn in place
// when terminal is set, plain lines otherwise. now is the clock that
// throttles the redraws.
func newStatus(w io.Writer, terminal bool, width int, now func() time.Time) *status {
	return &status{w: w, terminal: terminal, width: width, now: now}
}

// Step shows a step of a function; it is pipeline.Options.Progress.
func (s *status) Step(st pipeline.Step) {
	s.mu.Lock()
	defer s.mu.Unlock()
	changed := false
	switch st.Phase {
	case pipeline.PhaseQueued:
		// Only the count changes: it shows with the next step.
		s.total++
		return
	case pipeline.PhaseDone:
		s.done++
		s.running = removeStep(s.running, st.Func)
		changed = true
	default:
		i := indexStep(s.running, st.Func)
		if i < 0 {
			s.running = append(s.running, st)
			changed = true
		} else {
			changed = s.running[i].Phase != st.Phase
			s.running[i] = st
		}
	}
	if !s.terminal {
		if st.Line != "" {
			fmt.Fprintln(s.w, st.Line)
		}
		return
	}
	if changed || s.now().Sub(s.last) >= redrawEvery {
		s.draw()
	}
}

// Printf prints a line of its own (a log line): on a terminal, above the
// status line, which is drawn again below it.
func (s *status) Printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.terminal {
		fmt.Fprintf(s.w, format+"\n", args...)
		return
	}
	shown := s.shown != ""
	s.clear()
	fmt.Fprintf(s.w, format+"\n", args...)
	if shown {
		s.draw()
	}
}

// Clear erases the status line, for what is printed next; the next step
// draws it again.
func (s *status) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
}

func (s *status) clear() {
	if s.shown != "" {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.shown = ""
	}
}

// draw writes the status line over the one on screen.
func (s *status) draw() {
	s.last = s.now()
	line := s.line()
	if line == s.shown {
		return
	}
	fmt.Fprint(s.w, "\r"+line+"\x1b[K")
	s.shown = line
}

// line is the status line: a bar of the functions done, their count,
// and each function under way. It is cut to the terminal's width, less
// a column, so that it never wraps.
func (s *status) line() string {
	var b strings.Builder
	const bar = 10
	full := 0
	if s.total > 0 {
		full = bar * s.done / s.total
	}
	fmt.Fprintf(&b, "[%s%s] %d/%d", strings.Repeat("=", full), strings.Repeat(" ", bar-full), s.done, s.total)
	for _, st := range s.running {
		b.WriteString("  ")
		b.WriteString(stepText(st, len(s.running) == 1))
	}
	return cut(b.String(), s.width-1)
}

// stepText says where a function is: its name, phase, probes run and
// coverage so far; alone says it is the only one under way, with room
// to say "covered".
func stepText(st pipeline.Step, alone bool) string {
	phase := string(st.Phase)
	switch st.Phase {
	case pipeline.PhaseExploring:
		if st.Round > 0 {
			phase = fmt.Sprintf("exploring round %d", st.Round)
		}
	case pipeline.PhaseConfirming:
		phase = fmt.Sprintf("confirming %d cases", st.Generated)
		if st.Hand > 0 {
			phase = fmt.Sprintf("confirming %d cases + %d hand-written", st.Generated, st.Hand)
		}
	}
	text := fmt.Sprintf("%s: %s, %d probes, %.1f%%", st.Func, phase, st.Probes, st.Coverage)
	if alone {
		text += " covered"
	}
	return text
}

// cut shortens line to n runes, ending it with an ellipsis; n <= 0
// leaves it whole.
func cut(line string, n int) string {
	if n <= 0 || utf8.RuneCountInString(line) <= n {
		return line
	}
	r := []rune(line)
	return string(r[:n-1]) + "…"
}

func indexStep(steps []pipeline.Step, fn string) int {
	for i, st := range steps {
		if st.Func == fn {
			return i
		}
	}
	return -1
}

func removeStep(steps []pipeline.Step, fn string) []pipeline.Step {
	if i := indexStep(steps, fn); i >= 0 {
		return append(steps[:i], steps[i+1:]...)
	}
	return steps
}
