package ids

import (
	"regexp"
	"testing"
)

// The explore tests check that nothing of this file is read: the specs
// are measured against a package's own tests.
const onlyInTests = "test-only-4242"

var testPattern = regexp.MustCompile(`^TESTONLY[0-9]{3}$`)

func TestParse(t *testing.T) {
	if _, err := Parse(onlyInTests); err == nil || testPattern.MatchString("x") {
		t.Fatal("parsed")
	}
}
