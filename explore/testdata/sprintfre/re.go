// Package sprintfre checks constraints against a pattern built at init
// from pieces, the way many parsers assemble theirs.
package sprintfre

import (
	"fmt"
	"regexp"
)

const num = `[0-9]+`

var opsRE *regexp.Regexp

func init() {
	ops := `<=|>=`
	opsRE = regexp.MustCompile(fmt.Sprintf(`^(%s)\s*(%s)(\.%s){%d}$`, ops, num, num, 2))
}

// Check reports whether s is a constraint.
func Check(s string) bool { return opsRE.MatchString(s) }
