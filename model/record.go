package model

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Exchange is one recorded call: the file Record writes and Replay reads.
type Exchange struct {
	// Key is the full hash of the request (see Key).
	Key string `json:"key"`
	// Model is the "provider:name" of the client that answered.
	Model    string   `json:"model"`
	Request  Request  `json:"request"`
	Response Response `json:"response"`
}

// Key is the hex SHA-256 that identifies a request to a model ("provider:
// name") in recordings: of the provider, the model, the phase, the system
// prompt, the messages, the schema (compacted) and its name. Token
// limits and temperature are not part of it.
func Key(model string, req Request) string {
	provider, name, err := ParseSpec(model)
	if err != nil {
		provider, name = "", model
	}
	schema := req.Schema
	var buf bytes.Buffer
	if len(schema) > 0 && json.Compact(&buf, schema) == nil {
		schema = buf.Bytes()
	}
	messages := req.Messages
	if messages == nil {
		messages = []Message{}
	}
	material, err := json.Marshal(struct {
		Provider   string          `json:"provider"`
		Model      string          `json:"model"`
		Phase      string          `json:"phase"`
		System     string          `json:"system"`
		Messages   []Message       `json:"messages"`
		Schema     json.RawMessage `json:"schema,omitempty"`
		SchemaName string          `json:"schema_name,omitempty"`
	}{provider, name, req.Phase, req.System, messages, schema, req.SchemaName})
	if err != nil {
		// Only an invalid schema can fail; hash it as bytes.
		material = append([]byte(provider+"\x00"+name+"\x00"+req.Phase+"\x00"+req.System+"\x00"), req.Schema...)
		for _, m := range messages {
			material = append(material, "\x00"+m.Role+"\x00"+m.Content...)
		}
	}
	sum := sha256.Sum256(material)
	return hex.EncodeToString(sum[:])
}

// recordPath is where the exchange of key is kept in dir:
// <phase>-<key[:16]>.json.
func recordPath(dir, phase, key string) string {
	return filepath.Join(dir, fileSafe(phase)+"-"+key[:16]+".json")
}

func fileSafe(phase string) string {
	if phase == "" {
		return "call"
	}
	var b strings.Builder
	for _, r := range phase {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// ReplayMissError reports a request that has no recording.
type ReplayMissError struct {
	Model string
	Phase string
	Key   string
	Path  string
}

func (e *ReplayMissError) Error() string {
	return fmt.Sprintf("replay %s: no recording for phase %q (key %s): %s does not exist",
		e.Model, e.Phase, e.Key[:16], e.Path)
}

// Record returns a client that passes every call on to c and writes each
// successful exchange to dir, as <phase>-<key[:16]>.json. The key holds
// c's name (see Name), so recordings of different models do not mix.
func Record(dir string, c Client) Client {
	return &recorder{dir: dir, next: c, model: Name(c), record: true}
}

// Replay returns a client that answers from the recordings in dir, made
// by Record with a client of the model named ("provider:name"), without
// any network call. A request without a recording fails with a
// *ReplayMissError.
func Replay(dir, model string) Client {
	return &recorder{dir: dir, model: canonicalModel(model)}
}

// ReplayOrRecord returns a client that answers from the recordings in dir
// when it has one and otherwise asks c and records the answer.
func ReplayOrRecord(dir string, c Client) Client {
	return &recorder{dir: dir, next: c, model: Name(c), replay: true, record: true}
}

func canonicalModel(model string) string {
	if p, n, err := ParseSpec(model); err == nil {
		return p + ":" + n
	}
	return model
}

type recorder struct {
	dir    string
	next   Client // nil: replay only
	model  string
	replay bool // with next: try the recording first
	record bool
}

func (r *recorder) Name() string { return r.model }

func (r *recorder) Complete(ctx context.Context, req Request) (*Response, error) {
	key := Key(r.model, req)
	path := recordPath(r.dir, req.Phase, key)
	if r.next == nil || r.replay {
		resp, err := readExchange(path, key)
		switch {
		case err == nil:
			return resp, nil
		case r.next == nil && errors.Is(err, fs.ErrNotExist):
			return nil, &ReplayMissError{Model: r.model, Phase: req.Phase, Key: key, Path: path}
		case r.next == nil || !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("replay %s: %w", r.model, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	resp, err := r.next.Complete(ctx, req)
	if err != nil || !r.record {
		return resp, err
	}
	ex := Exchange{Key: key, Model: r.model, Request: req, Response: *resp}
	if err := writeExchange(path, ex); err != nil {
		return nil, fmt.Errorf("record %s: %w", r.model, err)
	}
	return resp, nil
}

func readExchange(path, key string) (*Response, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ex Exchange
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ex); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ex.Key != key {
		return nil, fmt.Errorf("%s: recorded for key %s, not %s", path, ex.Key, key)
	}
	return &ex.Response, nil
}

// encodeExchange is the stable file form of ex: indented JSON, keys in
// declaration order, no HTML escaping, a final newline.
func encodeExchange(ex Exchange) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(ex); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeExchange(path string, ex Exchange) error {
	data, err := encodeExchange(ex)
	if err != nil {
		return err
	}
	return writeFileAtomic(path, data)
}

// writeFileAtomic writes data to path through a temporary file and a
// rename, and skips the write when the file already holds data.
func writeFileAtomic(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
