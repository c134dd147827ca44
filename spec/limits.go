package spec

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// MaxFileSize is the largest spec file Load and Parse accept, in bytes
// (16 MiB). A larger spec is
// split into several files: any number of spec files may describe the
// functions of one package.
const MaxFileSize = 16 << 20

// MaxNodes bounds the YAML nodes of a spec file, each alias counted as
// the nodes it stands for, so that a small file of aliases of aliases
// (a "billion laughs") is refused before anything expands it. A spec as
// specgen writes it has about 15 nodes per case: the budget holds some
// 130,000 cases, and the values it expands to some 200 MB.
const MaxNodes = 2_000_000

// checkBytes finds the first byte that YAML does not allow in a spec
// file: one that is not UTF-8, or a control character. It returns its
// 1-based line and column (in characters) and what is wrong, or ok.
func checkBytes(data []byte) (line, col int, msg string, ok bool) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, col, fmt.Sprintf("invalid UTF-8 byte 0x%02x; spec files are UTF-8 text", data[i]), false
		case r == 0:
			return line, col, "NUL byte; spec files are UTF-8 text, not binary", false
		case !yamlPrintable(r):
			return line, col, fmt.Sprintf("control character %U is not allowed in YAML", r), false
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return 0, 0, "", true
}

// yamlPrintable reports whether YAML allows r in a document.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85:
		return true
	case r >= 0x20 && r <= 0x7e:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}

// nodeCounter counts the nodes of a YAML tree in document order with
// aliases expanded, without expanding them: an alias adds the expanded
// size of its anchored node, recorded when that node was counted.
type nodeCounter struct {
	limit, total int
	// sizes holds the expanded sizes of the anchored nodes counted.
	sizes map[*yaml.Node]int
	// over is the node at which the count went over the limit.
	over *yaml.Node
}

func (c *nodeCounter) count(n *yaml.Node) {
	if c.over != nil {
		return
	}
	start := c.total
	c.total++
	if n.Kind == yaml.AliasNode {
		// An alias to a node that holds it (a cycle, which the value
		// decoder reports) has no size yet and counts one.
		c.total += c.sizes[n.Alias]
	}
	if c.total > c.limit {
		c.over = n
		return
	}
	for _, ch := range n.Content {
		c.count(ch)
	}
	if n.Anchor != "" && c.over == nil {
		c.sizes[n] = c.total - start
	}
}

// tooManyNodes returns the node at which doc goes over limit nodes with
// aliases expanded, or nil.
func tooManyNodes(doc *yaml.Node, limit int) *yaml.Node {
	c := &nodeCounter{limit: limit, sizes: map[*yaml.Node]int{}}
	c.count(doc)
	return c.over
}

// aliasRef matches a reference to an anchor named name, as yaml.v3's
// "unknown anchor" error does not say where it is.
func aliasRef(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)(?:^|[\s\[\{,:?-])\*` + regexp.QuoteMeta(name) + `(?:$|[\s\]\},:])`)
}

// findAlias returns the line and column of the first reference *name
// in data, or 0, 0.
func findAlias(data []byte, name string) (line, col int) {
	var start int
	if loc := aliasRef(name).FindIndex(data); loc != nil {
		start = loc[0]
		if data[start] != '*' {
			start++
		}
	} else if start = bytes.Index(data, []byte("*"+name)); start < 0 {
		return 0, 0
	}
	before := data[:start]
	line = bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}
