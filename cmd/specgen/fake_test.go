package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/specgen-dev/specgen/llm/llmtest"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// fakeModels starts, for one script, a fake OpenAI and a fake Anthropic
// server on loopback, speaking the real wire formats, and points the
// script at them: $FAKE_OPENAI_URL, $FAKE_ANTHROPIC_URL and
// $FAKE_MODEL_KEY, the key they accept. They answer each request from
// the script's files model/<stage>-<n>.json ($WORK/model), the n-th
// request of a stage (explore1, explore2, repair, spec, refine; see
// llmtest.Stage) from file n, the last file repeating. The servers live
// until the test ends.
func fakeModels(t *testing.T, env *testscript.Env) {
	a := &fileAnswers{dir: filepath.Join(env.WorkDir, "model"), calls: map[llmtest.Stage]int{}}
	oa := modeltest.NewOpenAIServer(t, a.answer)
	an := modeltest.NewAnthropicServer(t, a.answer)
	env.Setenv("FAKE_OPENAI_URL", oa.BaseURL())
	env.Setenv("FAKE_ANTHROPIC_URL", an.BaseURL())
	env.Setenv("FAKE_MODEL_KEY", modeltest.Key)
}

// fileAnswers answers from files, by stage.
type fileAnswers struct {
	dir   string
	mu    sync.Mutex
	calls map[llmtest.Stage]int
}

func (a *fileAnswers) answer(req model.Request) string {
	st := llmtest.StageOf(req)
	a.mu.Lock()
	a.calls[st]++
	n := a.calls[st]
	a.mu.Unlock()
	for ; n > 0; n-- {
		data, err := os.ReadFile(filepath.Join(a.dir, fmt.Sprintf("%s-%d.json", st, n)))
		if err == nil {
			return string(data)
		}
	}
	switch st {
	case llmtest.Explore1, llmtest.Explore2, llmtest.Repair:
		return `{"snippets": [], "error_snippets": []}`
	}
	return "no answer scripted for stage " + string(st)
}
