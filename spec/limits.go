package spec

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// MaxFileSize is the largest spec file Load and Parse accept, in bytes
// (16 MiB, some 200,000 cases as specgen writes them). A larger spec is
// split into several files: any number of spec files may describe the
// functions of one package.
const MaxFileSize = 16 << 20

// MaxNodes bounds the YAML nodes of a spec file, each alias counted as
// the nodes it stands for, so that a small file of aliases of aliases
// (a "billion laughs") is refused before anything expands it. A spec as
// specgen writes it has about 15 nodes per case.
const MaxNodes = 4_000_000

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

// nodeCounter counts the nodes of a YAML tree with aliases expanded,
// without expanding them: the size of each anchored node is computed
// once.
type nodeCounter struct {
	limit int
	// sizes holds the expanded sizes of anchored nodes; -1 while the
	// node is being counted (an alias to it from inside is a cycle,
	// which the value decoder reports).
	sizes map[*yaml.Node]int
	// over is the first node at which the count went over the limit.
	over *yaml.Node
}

// count returns the number of nodes n stands for, aliases expanded; a
// count over the limit stops there and is only known to be over it.
func (c *nodeCounter) count(n *yaml.Node) int {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return 1
		}
		s := 1 + c.count(n.Alias)
		if s > c.limit && c.over == nil {
			c.over = n
		}
		return s
	}
	if n.Anchor != "" {
		if s, ok := c.sizes[n]; ok {
			return max(s, 1)
		}
		c.sizes[n] = -1
	}
	total := 1
	for _, ch := range n.Content {
		total += c.count(ch)
		if total > c.limit {
			if c.over == nil {
				c.over = ch
			}
			break
		}
	}
	if n.Anchor != "" {
		c.sizes[n] = total
	}
	return total
}

// tooManyNodes returns the node at which doc goes over limit nodes with
// aliases expanded, or nil.
func tooManyNodes(doc *yaml.Node, limit int) *yaml.Node {
	c := &nodeCounter{limit: limit, sizes: map[*yaml.Node]int{}}
	if c.count(doc) <= limit {
		return nil
	}
	if c.over == nil {
		return doc
	}
	return c.over
}

// aliasRef matches a reference to an anchor named name, as yaml.v3's
// "unknown anchor" error does not say where it is.
func aliasRef(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)(?:^|[\s\[\{,:?-])\*` + regexp.QuoteMeta(name) + `(?:$|[\s\]\},])`)
}

// findAlias returns the line and column of the first reference *name
// in data, or 0, 0.
func findAlias(data []byte, name string) (line, col int) {
	loc := aliasRef(name).FindIndex(data)
	if loc == nil {
		return 0, 0
	}
	start := loc[0]
	if data[start] != '*' {
		start++
	}
	before := data[:start]
	line = bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}
