//go:build specgen_lite

package model

import (
	"strings"
	"testing"
)

// TestLite: a build without the providers' SDKs still parses every
// provider's spec, and refuses each at New with the tag's name, before
// any network call.
func TestLite(t *testing.T) {
	if !Lite {
		t.Fatal("Lite is false in a build with -tags specgen_lite")
	}
	for _, spec := range []string{"openai:gpt-4.1-mini", "anthropic:claude-sonnet-4-5", "ollama:qwen2.5-coder", "openai-compatible:x"} {
		if _, _, err := ParseSpec(spec); err != nil {
			t.Errorf("ParseSpec(%q): %v", spec, err)
		}
		c, err := New(spec, Options{APIKey: "k", BaseURL: "http://127.0.0.1:1/"})
		if err == nil || c != nil {
			t.Errorf("New(%q) = %v, %v; want an error", spec, c, err)
			continue
		}
		if want := "model " + spec + ": this specgen was built with -tags specgen_lite"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("New(%q): %v; want it to start %q", spec, err, want)
		}
	}
}
