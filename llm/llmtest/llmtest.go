// Package llmtest scripts the answers of a fake model for tests of
// package llm and of the specgen command: a Script answers each request
// by its stage (an exploration round, a repair, the spec, a
// refinement), taking the stage's answers in order, so that a test says
// what a model answers, hostile answers included, and a fake server of
// package model/modeltest carries it over the real wire formats.
//
//	s := llmtest.NewScript(map[llmtest.Stage][]string{
//		llmtest.Explore1: {`{"snippets": [...], "error_snippets": [...]}`},
//		llmtest.Spec:     {"not JSON", `{"yaml": "..."}`},
//	})
//	srv := modeltest.NewOpenAIServer(t, s.Handler())
package llmtest

import (
	"fmt"
	"strings"
	"sync"

	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// Stage is the step of the pipeline a request belongs to.
type Stage string

// Stages, told apart by the title line of the prompts of package llm.
const (
	Explore1 Stage = "explore1" // first exploration round (every variant)
	Explore2 Stage = "explore2" // targeted rounds
	Repair   Stage = "repair"   // repair of snippets that did not compile
	Spec     Stage = "spec"     // the spec agent's first answer
	Refine   Stage = "refine"   // its refinements
	Unknown  Stage = "unknown"
)

// StageOf tells the stage of a request from the title of its first
// message.
func StageOf(req model.Request) Stage {
	if len(req.Messages) == 0 {
		return Unknown
	}
	title, _, _ := strings.Cut(req.Messages[0].Content, "\n")
	switch {
	case strings.HasPrefix(title, "# Explore ") && strings.Contains(title, "(round 1"):
		return Explore1
	case strings.HasPrefix(title, "# Explore "):
		return Explore2
	case strings.HasPrefix(title, "# Repair "):
		return Repair
	case strings.HasPrefix(title, "# Write the spec "):
		return Spec
	case strings.HasPrefix(title, "# Fix the spec "):
		return Refine
	}
	return Unknown
}

// Script answers requests by stage. Each stage's answers are taken in
// order, the last one repeating; a stage without answers gets an empty
// plan (exploration and repair) or an error message text (the rest).
// A Script is safe for concurrent use.
type Script struct {
	mu      sync.Mutex
	answers map[Stage][]string
	calls   map[Stage]int
	log     []Stage
}

// NewScript returns a script with the given answers.
func NewScript(answers map[Stage][]string) *Script {
	return &Script{answers: answers, calls: map[Stage]int{}}
}

// Answer returns the answer to req.
func (s *Script) Answer(req model.Request) string {
	st := StageOf(req)
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.calls[st]
	s.calls[st]++
	s.log = append(s.log, st)
	list := s.answers[st]
	if len(list) == 0 {
		switch st {
		case Explore1, Explore2, Repair:
			return `{"snippets": [], "error_snippets": []}`
		}
		return fmt.Sprintf("no scripted answer for stage %s", st)
	}
	if n >= len(list) {
		n = len(list) - 1
	}
	return list[n]
}

// Handler is the script as a fake server's handler.
func (s *Script) Handler() modeltest.Handler { return s.Answer }

// Calls returns how many requests of each stage the script answered.
func (s *Script) Calls() map[Stage]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[Stage]int, len(s.calls))
	for k, v := range s.calls {
		out[k] = v
	}
	return out
}

// Log returns the stages of the requests, in order.
func (s *Script) Log() []Stage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Stage(nil), s.log...)
}
