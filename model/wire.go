package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// wireSchema prepares a JSON Schema (as invopop/jsonschema writes it) for
// the APIs, which want an object schema at the root: a root that is only
// a $ref into $defs is replaced by the definition it names (the other
// definitions stay, for nested references), and $schema and $id, which
// the APIs do not need, are dropped.
func wireSchema(raw json.RawMessage) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	if root == nil {
		return nil, fmt.Errorf("schema: want a JSON object")
	}
	delete(root, "$schema")
	delete(root, "$id")
	if ref, ok := root["$ref"].(string); ok && root["type"] == nil {
		for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
			name, ok := strings.CutPrefix(ref, prefix)
			if !ok {
				continue
			}
			defs, _ := root[strings.Trim(prefix[1:], "/")].(map[string]any)
			def, ok := defs[name].(map[string]any)
			if !ok {
				return nil, fmt.Errorf("schema: root $ref %q names no definition", ref)
			}
			delete(root, "$ref")
			for k, v := range def {
				if _, taken := root[k]; !taken {
					root[k] = v
				}
			}
			// Drop the definition unless something still refers to it
			// (a recursive type), to spare the prompt's tokens.
			delete(defs, name)
			if rest, err := json.Marshal(root); err == nil && bytes.Contains(rest, []byte(`"`+ref+`"`)) {
				defs[name] = def
			}
			if len(defs) == 0 {
				delete(root, strings.Trim(prefix[1:], "/"))
			}
			break
		}
	}
	return root, nil
}

// retryLogger returns an SDK middleware that logs the attempts that will
// be retried.
func retryLogger(provider string, opts Options) func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	return func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		res, err := next(req)
		attempt := req.Header.Get("X-Stainless-Retry-Count")
		switch {
		case err != nil:
			opts.logf("%s: attempt %s: %v", provider, attemptNumber(attempt), err)
		case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500 ||
			res.StatusCode == http.StatusRequestTimeout || res.StatusCode == http.StatusConflict:
			msg := fmt.Sprintf("%s: attempt %s: %s", provider, attemptNumber(attempt), res.Status)
			if ra := res.Header.Get("Retry-After"); ra != "" {
				msg += " (retry-after " + ra + ")"
			}
			opts.logf("%s", msg)
		}
		return res, err
	}
}

func attemptNumber(retryCount string) string {
	var n int
	if _, err := fmt.Sscan(retryCount, &n); err != nil {
		return "1"
	}
	return fmt.Sprint(n + 1)
}

// httpClient returns the HTTP client of opts, or a new one.
func httpClient(opts Options) *http.Client {
	if opts.HTTPClient != nil {
		return opts.HTTPClient
	}
	return &http.Client{}
}

// withSlash ends a base URL with "/", as the SDKs resolve paths against it.
func withSlash(u string) string {
	if strings.HasSuffix(u, "/") {
		return u
	}
	return u + "/"
}

// strictCompatible reports whether OpenAI's strict structured outputs
// accept schema: every object schema closed (additionalProperties false)
// and all its properties required. invopop/jsonschema leaves fields with
// omitempty out of required; such a schema is sent without strict, and
// Structured's own validation holds the answer to it.
func strictCompatible(schema any) bool {
	switch s := schema.(type) {
	case map[string]any:
		if props, ok := s["properties"].(map[string]any); ok {
			if s["additionalProperties"] != false {
				return false
			}
			required := map[string]bool{}
			if req, ok := s["required"].([]any); ok {
				for _, r := range req {
					if name, ok := r.(string); ok {
						required[name] = true
					}
				}
			}
			for name := range props {
				if !required[name] {
					return false
				}
			}
		}
		for _, v := range s {
			if !strictCompatible(v) {
				return false
			}
		}
	case []any:
		for _, v := range s {
			if !strictCompatible(v) {
				return false
			}
		}
	}
	return true
}
