package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaError reports an answer that did not fit the request's schema,
// even after it was sent back once with the problems.
type SchemaError struct {
	Phase string
	// Problems of the last answer, one per line.
	Problems string
	// Text is the last answer.
	Text string
}

func (e *SchemaError) Error() string {
	phase := e.Phase
	if phase == "" {
		phase = "call"
	}
	return fmt.Sprintf("%s: answer does not fit the schema after a resend: %s",
		phase, strings.ReplaceAll(e.Problems, "\n", "; "))
}

// Structured sends req, checks that the answer is a JSON object that fits
// req.Schema (validated with a JSON Schema 2020-12 validator) and decodes
// it into out, refusing fields that out does not have. An answer that
// does not parse or fit is sent back once, with the problems, for a
// second answer; if that one does not fit either, the error is a
// *SchemaError. The Response is the last answer, with the usage of both
// calls.
func Structured(ctx context.Context, c Client, req Request, out any) (*Response, error) {
	if out != nil {
		if v := reflect.ValueOf(out); v.Kind() != reflect.Pointer || v.IsNil() {
			return nil, fmt.Errorf("%s: structured answer needs a non-nil pointer, not %T", phaseName(req), out)
		}
	}
	var schema *jsonschema.Schema
	if len(req.Schema) > 0 {
		var err error
		if schema, err = compileSchema(req.Schema); err != nil {
			return nil, fmt.Errorf("%s: %w", phaseName(req), err)
		}
	}
	resp, err := c.Complete(ctx, req)
	if err != nil {
		return nil, err
	}
	problems := checkAnswer(resp.Text, schema, out)
	if problems == "" {
		return resp, nil
	}
	if resp.Truncated {
		problems += "\n(the answer was cut short by the token limit: answer more briefly)"
	}

	retry := req
	retry.Messages = append(append([]Message(nil), req.Messages...),
		Message{Role: RoleAssistant, Content: resp.Text},
		Message{Role: RoleUser, Content: "Your answer did not fit the schema:\n" + problems +
			"\nAnswer again, with only a JSON object that fits the schema."},
	)
	resp2, err := c.Complete(ctx, retry)
	if err != nil {
		return nil, fmt.Errorf("%s: resend after an answer that did not fit the schema: %w", phaseName(req), err)
	}
	resp2.Usage = resp2.Usage.Add(resp.Usage)
	if problems := checkAnswer(resp2.Text, schema, out); problems != "" {
		return resp2, &SchemaError{Phase: req.Phase, Problems: problems, Text: resp2.Text}
	}
	return resp2, nil
}

func phaseName(req Request) string {
	if req.Phase == "" {
		return "call"
	}
	return req.Phase
}

// compileSchema compiles a schema that refers to nothing outside itself.
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	const url = "mem:///request.schema.json"
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.SchemeURLLoader{}) // no files, no network
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	return s, nil
}

// checkAnswer parses text, validates it against schema (when set) and
// decodes it into out. It returns the problems, one per line, or "".
func checkAnswer(text string, schema *jsonschema.Schema, out any) string {
	body := stripFence(text)
	if strings.TrimSpace(body) == "" {
		return "the answer is empty; a JSON object is required"
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		return "the answer is not valid JSON: " + err.Error()
	}
	if schema != nil {
		if err := schema.Validate(doc); err != nil {
			return validationProblems(err)
		}
	}
	if out == nil {
		return ""
	}
	// Decode into a fresh value, so that a failed attempt leaves nothing
	// behind in out.
	fresh := reflect.New(reflect.TypeOf(out).Elem())
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(fresh.Interface()); err != nil {
		return "the answer does not decode: " + err.Error()
	}
	if _, err := dec.Token(); err != io.EOF {
		return "the answer has data after its JSON object"
	}
	reflect.ValueOf(out).Elem().Set(fresh.Elem())
	return ""
}

// stripFence removes a Markdown code fence around an answer, which some
// models add even when asked for bare JSON.
func stripFence(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return s
	}
	t = strings.TrimSuffix(t[3:], "```")
	if nl := strings.IndexByte(t, '\n'); nl >= 0 && !strings.ContainsAny(t[:nl], "{[\"") {
		t = t[nl+1:] // the info string, e.g. "json"
	}
	return t
}

// validationProblems lists the most precise causes of a validation error
// (the leaves of its tree), one per line, as "at '/path': problem".
func validationProblems(err error) string {
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return err.Error()
	}
	var lines []string
	seen := map[string]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		line := strings.Replace(e.Error(), "at '':", "at the top level:", 1)
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	walk(verr)
	const maxLines = 20
	if len(lines) > maxLines {
		lines = append(lines[:maxLines], fmt.Sprintf("(and %d more)", len(lines)-maxLines))
	}
	return strings.Join(lines, "\n")
}
