package model_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/invopop/jsonschema"
)

// plan is a small exploration plan, shaped like the real one.
type plan struct {
	Snippets      []snippet `json:"snippets" jsonschema:"description=calls that should succeed"`
	ErrorSnippets []snippet `json:"error_snippets" jsonschema:"description=calls that should fail"`
}

type snippet struct {
	Code string `json:"code" jsonschema:"description=Go code that calls the function"`
	Why  string `json:"why"`
}

// planSchema is the schema of plan, generated as the pipeline generates
// its schemas.
func planSchema(t testing.TB) json.RawMessage {
	t.Helper()
	s := (&jsonschema.Reflector{}).Reflect(&plan{})
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// step is one scripted answer of a fixtureServer.
type step struct {
	status int
	header map[string]string
	// file is a fixture under testdata; body a literal body (file wins).
	file string
	body string
	// hang blocks until the client goes away.
	hang bool
	// retryAt, when set, sends Retry-After as the HTTP date this long
	// after the request arrives.
	retryAt time.Duration
}

type gotRequest struct {
	path   string
	header http.Header
	body   []byte
	at     time.Time
}

// fixtureServer answers with scripted steps, in order, and records what
// it was sent.
type fixtureServer struct {
	*httptest.Server
	t     testing.TB
	mu    sync.Mutex
	steps []step
	got   []gotRequest
}

func newFixtureServer(t testing.TB, steps ...step) *fixtureServer {
	t.Helper()
	s := &fixtureServer{t: t, steps: steps}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *fixtureServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.got = append(s.got, gotRequest{path: r.URL.Path, header: r.Header.Clone(), body: body, at: time.Now()})
	if len(s.steps) == 0 {
		s.mu.Unlock()
		http.Error(w, `{"error":{"message":"unexpected request","type":"test"}}`, http.StatusTeapot)
		return
	}
	st := s.steps[0]
	s.steps = s.steps[1:]
	s.mu.Unlock()

	if st.hang {
		<-r.Context().Done()
		return
	}
	data := []byte(st.body)
	if st.file != "" {
		var err error
		if data, err = os.ReadFile(filepath.Join("testdata", st.file)); err != nil {
			s.t.Errorf("fixture: %v", err)
		}
	}
	for k, v := range st.header {
		w.Header().Set(k, v)
	}
	if st.retryAt > 0 {
		w.Header().Set("Retry-After", time.Now().Add(st.retryAt).UTC().Format(http.TimeFormat))
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	status := st.status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	w.Write(data)
}

func (s *fixtureServer) requests() []gotRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]gotRequest(nil), s.got...)
}

// indentJSON reformats a JSON body for a golden file.
func indentJSON(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, "", "  "); err != nil {
		t.Fatalf("indent %q: %v", data, err)
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// decodeBody decodes a JSON request body into a generic map.
func decodeBody(t testing.TB, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("request body %q: %v", data, err)
	}
	return m
}

// env is a fake environment for Options.Getenv.
func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// roundTripFunc lets a test see a request without any network.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func ptr[T any](v T) *T { return &v }
