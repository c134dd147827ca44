package model_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specgen-dev/specgen/internal/golden"
	"github.com/specgen-dev/specgen/model"
	"github.com/specgen-dev/specgen/model/modeltest"
)

// echoPlan answers every request with a plan that depends on the prompt,
// so that different requests get different answers.
func echoPlan(req model.Request) string {
	if len(req.Schema) == 0 {
		return "ParseAmount:\n  dataset: []\n# " + fmt.Sprint(len(req.Messages)) + "\n"
	}
	last := req.Messages[len(req.Messages)-1].Content
	return fmt.Sprintf(`{"snippets":[{"code":%q,"why":"echo"}],"error_snippets":[]}`, last)
}

// session is a small stand-in for a pipeline run: a few calls, with
// labels, through a Meter; its transcript and cost report are its output.
func session(t *testing.T, c model.Client) []byte {
	t.Helper()
	m := model.NewMeter(c, nil)
	ctx := model.WithLabel(context.Background(), "ParseAmount")
	var out strings.Builder
	for i, prompt := range []string{"Explore ParseAmount.", "Explore ParseAmount, round 2."} {
		req := exploreRequest(t)
		req.Messages = []model.Message{{Role: model.RoleUser, Content: prompt}}
		var p plan
		resp, err := model.Structured(ctx, m, req, &p)
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		fmt.Fprintf(&out, "round %d: %+v %+v\n", i+1, p, resp)
	}
	resp, err := m.Complete(ctx, model.Request{Phase: "spec", System: "Write the spec as YAML.",
		Messages: []model.Message{{Role: model.RoleUser, Content: "Results: ..."}}})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&out, "spec: %q\n", resp.Text)
	report, err := json.MarshalIndent(m.Snapshot(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	out.Write(report)
	return []byte(out.String())
}

// readDir returns the files of dir and their contents.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	return files
}

func TestRecordReplay(t *testing.T) {
	for _, p := range fakeProviders {
		t.Run(p.name, func(t *testing.T) {
			dir := t.TempDir()
			srv := p.start(t, echoPlan)
			live, err := model.New(p.spec, srv.Options())
			if err != nil {
				t.Fatal(err)
			}
			recorded := session(t, model.Record(dir, live))
			if n := len(srv.Calls()); n != 3 {
				t.Fatalf("recording made %d calls, want 3", n)
			}

			files := readDir(t, dir)
			var names []string
			for name := range files {
				names = append(names, name)
			}
			sort.Strings(names)
			nameRE := regexp.MustCompile(`^(explore|spec)-[0-9a-f]{16}\.json$`)
			if len(names) != 3 {
				t.Fatalf("recorded files = %q; want 3", names)
			}
			for _, name := range names {
				if !nameRE.MatchString(name) {
					t.Errorf("recorded file %q is not named <phase>-<key[:16]>.json", name)
				}
			}

			// Replay: no server, no key, the same bytes out, twice.
			for i := range 2 {
				replayed := session(t, model.Replay(dir, p.spec))
				if diff := cmp.Diff(string(recorded), string(replayed)); diff != "" {
					t.Fatalf("replay %d differs from the recorded run (-recorded +replayed):\n%s", i+1, diff)
				}
			}
			if n := len(srv.Calls()); n != 3 {
				t.Errorf("replay reached the server: %d calls", n)
			}

			// Recording again writes the same bytes.
			session(t, model.Record(dir, live))
			if diff := cmp.Diff(files, readDir(t, dir)); diff != "" {
				t.Errorf("a second recording changed the files (-first +second):\n%s", diff)
			}
		})
	}
}

func TestRecordingFormat(t *testing.T) {
	dir := t.TempDir()
	srv := modeltest.NewOpenAIServer(t, echoPlan)
	live, err := model.New("openai:gpt-4.1-mini", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	req := exploreRequest(t)
	if _, err := model.Record(dir, live).Complete(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	key := model.Key("openai:gpt-4.1-mini", req)
	data, err := os.ReadFile(filepath.Join(dir, "explore-"+key[:16]+".json"))
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/record/explore.golden.json", data)
}

func TestReplayMiss(t *testing.T) {
	dir := t.TempDir()
	req := exploreRequest(t)
	_, err := model.Replay(dir, "openai:gpt-4.1-mini").Complete(context.Background(), req)
	var miss *model.ReplayMissError
	if !errors.As(err, &miss) {
		t.Fatalf("err = %v; want a *model.ReplayMissError", err)
	}
	key := model.Key("openai:gpt-4.1-mini", req)
	if miss.Key != key || miss.Phase != "explore" {
		t.Errorf("miss = %+v; want key %s, phase explore", miss, key)
	}
	want := fmt.Sprintf(`replay openai:gpt-4.1-mini: no recording for phase "explore" (key %s): %s does not exist`,
		key[:16], filepath.Join(dir, "explore-"+key[:16]+".json"))
	if err.Error() != want {
		t.Errorf("err = %q\nwant  %q", err, want)
	}
}

func TestReplayCorrupt(t *testing.T) {
	dir := t.TempDir()
	req := exploreRequest(t)
	key := model.Key("openai:gpt-4.1-mini", req)
	path := filepath.Join(dir, "explore-"+key[:16]+".json")
	tests := []struct {
		name, reason, content, want string
	}{
		{"not JSON", "a damaged file is an error, not a miss", "{", "unexpected EOF"},
		{"other key", "a file whose key differs (a prefix collision) is not used",
			`{"key":"0000","model":"openai:gpt-4.1-mini","request":{"phase":"explore","messages":[]},"response":{"text":"","usage":{"input_tokens":0,"output_tokens":0},"model":"","provider":""}}`,
			"recorded for key 0000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, c := range []model.Client{
				model.Replay(dir, "openai:gpt-4.1-mini"),
				model.ReplayOrRecord(dir, &countingClient{name: "openai:gpt-4.1-mini", answers: []string{"x"}}),
			} {
				_, err := c.Complete(context.Background(), req)
				var miss *model.ReplayMissError
				if err == nil || errors.As(err, &miss) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("err = %v; want %q (%s)", err, tt.want, tt.reason)
				}
			}
		})
	}
}

func TestReplayOrRecord(t *testing.T) {
	dir := t.TempDir()
	srv := modeltest.NewAnthropicServer(t, echoPlan)
	live, err := model.New("anthropic:claude-haiku-4-5", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	c := model.ReplayOrRecord(dir, live)
	req := exploreRequest(t)
	first, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	second, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Calls()); n != 1 {
		t.Errorf("server got %d calls; want 1, the second answered from the recording", n)
	}
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("replayed answer differs (-live +replayed):\n%s", diff)
	}
	if model.Name(c) != "anthropic:claude-haiku-4-5" {
		t.Errorf("Name = %q", model.Name(c))
	}
}

func TestRecordSkipsFailures(t *testing.T) {
	dir := t.TempDir()
	srv := modeltest.NewOpenAIServer(t, echoPlan)
	srv.Fail(modeltest.Failure{Status: 400, Type: "invalid_request_error", Message: "bad"})
	live, err := model.New("openai:gpt-4.1-mini", srv.Options())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := model.Record(dir, live).Complete(context.Background(), exploreRequest(t)); err == nil {
		t.Fatal("want the 400")
	}
	if files := readDir(t, dir); len(files) != 0 {
		t.Errorf("a failed call was recorded: %v", files)
	}
}

func TestKey(t *testing.T) {
	base := exploreRequest(t)
	baseKey := model.Key("openai:gpt-4.1-mini", base)
	tests := []struct {
		name   string
		reason string
		model  string
		change func(*model.Request)
		same   bool
	}{
		{"identical", "the key is a function of the request", "openai:gpt-4.1-mini", func(*model.Request) {}, true},
		{"spec spelling", "the provider is case-insensitive", "OpenAI:gpt-4.1-mini", func(*model.Request) {}, true},
		{"schema whitespace", "the schema is compacted", "openai:gpt-4.1-mini", func(r *model.Request) {
			var buf bytes.Buffer
			json.Indent(&buf, r.Schema, "", "    ")
			r.Schema = buf.Bytes()
		}, true},
		{"token limit", "limits are not part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.MaxTokens = 1 }, true},
		{"temperature", "sampling is not part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.Temperature = nil }, true},
		{"model", "another model answers differently", "openai:gpt-4.1", func(*model.Request) {}, false},
		{"provider", "another provider answers differently", "anthropic:gpt-4.1-mini", func(*model.Request) {}, false},
		{"phase", "the phase is part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.Phase = "repair" }, false},
		{"system", "the system prompt is part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.System += "!" }, false},
		{"message", "the messages are part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.Messages[0].Content += "!" }, false},
		{"role", "roles are part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.Messages[0].Role = "assistant" }, false},
		{"schema", "the schema is part of the key", "openai:gpt-4.1-mini", func(r *model.Request) { r.Schema = json.RawMessage(`{"type":"object"}`) }, false},
		{"schema name", "the schema's name is sent, so it counts", "openai:gpt-4.1-mini", func(r *model.Request) { r.SchemaName = "plan" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := exploreRequest(t)
			req.Messages = append([]model.Message(nil), req.Messages...)
			tt.change(&req)
			got := model.Key(tt.model, req)
			if (got == baseKey) != tt.same {
				t.Errorf("same key = %v, want %v (%s)", got == baseKey, tt.same, tt.reason)
			}
			if len(got) != 64 {
				t.Errorf("key %q is not a hex SHA-256", got)
			}
		})
	}
}
