package spec

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Marshal writes f as YAML in a stable, readable layout: the schema
// comment when f.Schema is set, then package, then the functions in
// order, each with its evals (left out when empty) and its dataset of
// `- case:` items whose keys come in the order id, types, receiver, input,
// inputs, panicking, expected, raises, match, receiver_after, inputs_after, duration,
// tolerance, unordered. Generated cases
// and evals carry a "# specgen:generated <fingerprint>" line comment
// (see Merge); a function with a Source has a "# specgen:source <hash>"
// line comment on its key, a function with an Ignore list has `ignore:`
// after its dataset, and a case with a Review has a
// "# specgen: review — <reason>" comment above its item (the reason on
// one line: runs of white space, line breaks too, are written as one
// space). Parse(Marshal(f)) gives f back, positions aside.
// Marshal does not validate f; see Validate.
func (f *File) Marshal() ([]byte, error) {
	top := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	if f.Package != "" {
		top.Content = append(top.Content, keyNode("package"), stringNode(f.Package))
	}
	for _, fn := range f.Functions {
		top.Content = append(top.Content, fn.keyNode(), fn.node())
	}
	doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{top}}
	if f.Schema != "" {
		doc.HeadComment = "# yaml-language-server: $schema=" + f.Schema
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("marshal spec: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("marshal spec: %w", err)
	}
	return separateFunctions(b.Bytes()), nil
}

// separateFunctions puts a blank line before every top-level key but
// the first, above the comment lines right over the key (they belong to
// it). Only top-level keys start a line in column 0 of the encoder's
// output: nested values are indented, block scalars too.
func separateFunctions(out []byte) []byte {
	var lines [][]byte
	seenKey := false
	for _, l := range bytes.SplitAfter(out, []byte("\n")) {
		if len(l) > 0 && l[0] != ' ' && l[0] != '#' && l[0] != '\n' && l[0] != '-' {
			if seenKey {
				at := len(lines)
				for at > 0 && lines[at-1][0] == '#' {
					at--
				}
				if at > 0 && lines[at-1][0] != '\n' {
					lines = slices.Insert(lines, at, []byte("\n"))
				}
			}
			seenKey = true
		}
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	return bytes.Join(lines, nil)
}

func keyNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tagStr, Value: s}
}

// keyNode is the function's key, with its source marker.
func (fn *Function) keyNode() *yaml.Node {
	k := keyNode(fn.Name)
	if fn.Source != "" {
		k.LineComment = sourceComment(fn.Source)
	}
	return k
}

// sourceComment is the line comment that records a source hash. A hash
// is one word: white space in it is dropped.
func sourceComment(hash string) string {
	return "# " + sourceMarker + " " + oneWord(hash)
}

// reviewHead is the comment line that Marshal writes above a case under
// review.
func reviewHead(reason string) string {
	return "# " + reviewMarker + " — " + oneLine(reason)
}

// itemNode is the dataset item of a case as Marshal writes it.
func (c *Case) itemNode() *yaml.Node {
	k := keyNode("case")
	if c.Generated {
		k.LineComment = "# " + generatedMarker + " " + caseFingerprint(c)
	}
	item := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, Content: []*yaml.Node{k, c.node()}}
	if c.Review != "" {
		item.HeadComment = reviewHead(c.Review)
	}
	return item
}

// ignoreNode is the ignore list, in flow style when it is short.
func ignoreNode(ids []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: tagSeq}
	width := 0
	for _, id := range ids {
		n.Content = append(n.Content, stringNode(id))
		width += len(id) + 2
		if strings.Contains(id, "\n") {
			width = flowWidth + 1
		}
	}
	if width <= flowWidth {
		n.Style = yaml.FlowStyle
	}
	return n
}

func (fn *Function) node() *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	if !fn.Evals.empty() {
		k := keyNode("evals")
		if fn.Evals.Generated {
			k.LineComment = "# " + generatedMarker + " " + evalsFingerprint(fn.Evals)
		}
		n.Content = append(n.Content, k, fn.Evals.node())
	}
	n.Content = append(n.Content, keyNode("dataset"), fn.datasetNode())
	if len(fn.Ignore) > 0 {
		n.Content = append(n.Content, keyNode("ignore"), ignoreNode(fn.Ignore))
	}
	return n
}

// datasetNode is the list of the function's cases.
func (fn *Function) datasetNode() *yaml.Node {
	ds := &yaml.Node{Kind: yaml.SequenceNode, Tag: tagSeq, Content: []*yaml.Node{}}
	for _, c := range fn.Dataset {
		ds.Content = append(ds.Content, c.itemNode())
	}
	if len(ds.Content) == 0 {
		ds.Style = yaml.FlowStyle
	}
	return ds
}

func (e Evals) empty() bool {
	return e.Type == nil && e.Assertion == nil && e.Duration == nil && e.Pattern == nil &&
		e.ContainsInput == nil && e.LLMJudge == nil
}

// params builds the mapping of an evaluator's parameters, in flow style
// when it is short.
type params struct{ n *yaml.Node }

func newParams() params { return params{&yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}} }

func (p params) add(key string, v *yaml.Node) params {
	p.n.Content = append(p.n.Content, keyNode(key), v)
	return p
}

func (p params) node() *yaml.Node {
	width := 0
	for _, c := range p.n.Content {
		width += len(c.Value) + 2
		if strings.Contains(c.Value, "\n") {
			width = flowWidth + 1
		}
	}
	if width <= flowWidth {
		p.n.Style = yaml.FlowStyle
	}
	return p.n
}

func boolNode(b bool) *yaml.Node { return BoolValue(b).Node() }

func (e Evals) node() *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	add := func(name EvalName, p params) {
		n.Content = append(n.Content, keyNode(string(name)), p.node())
	}
	if t := e.Type; t != nil {
		add(EvalType, newParams().add("type", stringNode(t.Type)))
	}
	if a := e.Assertion; a != nil {
		add(EvalAssertion, newParams().add("assertion", stringNode(a.Assertion)))
	}
	if d := e.Duration; d != nil {
		add(EvalDuration, newParams().add("duration", stringNode(d.Duration.String())))
	}
	if pe := e.Pattern; pe != nil {
		p := newParams().add("pattern", stringNode(pe.Pattern))
		if pe.CaseSensitive != nil {
			p.add("case_sensitive", boolNode(*pe.CaseSensitive))
		}
		add(EvalPattern, p)
	}
	if c := e.ContainsInput; c != nil {
		p := newParams()
		if c.CaseSensitive != nil {
			p.add("case_sensitive", boolNode(*c.CaseSensitive))
		}
		if c.AsStrings {
			p.add("as_strings", boolNode(true))
		}
		add(EvalContainsInput, p)
	}
	if j := e.LLMJudge; j != nil {
		p := newParams().add("rubric", stringNode(j.Rubric))
		if j.Model != "" {
			p.add("model", stringNode(j.Model))
		}
		add(EvalLLMJudge, p)
	}
	return n
}

func (c *Case) node() *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	add := func(key string, v *yaml.Node) {
		n.Content = append(n.Content, keyNode(key), v)
	}
	if c.ID != "" {
		add("id", stringNode(c.ID))
	}
	if len(c.Types) > 0 {
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, Style: yaml.FlowStyle}
		for _, t := range c.Types {
			m.Content = append(m.Content, keyNode(t.Param), stringNode(t.Type))
		}
		add("types", m)
	}
	if c.Globals != nil {
		add("globals", c.Globals.Node())
	}
	if c.Receiver != nil {
		add("receiver", c.Receiver.Node())
	}
	if c.Input != nil {
		add("input", c.Input.Node())
	}
	if c.Inputs != nil {
		add("inputs", c.Inputs.Node())
	}
	if c.Panicking != nil {
		add("panicking", c.Panicking.Node())
	}
	if c.Expected != nil {
		add("expected", c.Expected.Node())
	}
	if c.Raises != "" {
		add("raises", stringNode(c.Raises))
	}
	if c.Match != "" {
		add("match", stringNode(c.Match))
	}
	if c.ReceiverAfter != nil {
		add("receiver_after", c.ReceiverAfter.Node())
	}
	if c.InputsAfter != nil {
		add("inputs_after", c.InputsAfter.Node())
	}
	if c.Duration != nil {
		add("duration", stringNode(c.Duration.String()))
	}
	if c.Tolerance != 0 {
		add("tolerance", FloatValue(c.Tolerance).Node())
	}
	if c.Unordered {
		add("unordered", BoolValue(true).Node())
	}
	if len(n.Content) == 0 {
		n.Style = yaml.FlowStyle
	}
	return n
}

// SchemaRef returns the path of schemaFile relative to the directory of
// specFile, with forward slashes, for File.Schema.
func SchemaRef(specFile, schemaFile string) (string, error) {
	specDir, err := filepath.Abs(filepath.Dir(specFile))
	if err != nil {
		return "", fmt.Errorf("schema path: %w", err)
	}
	schema, err := filepath.Abs(schemaFile)
	if err != nil {
		return "", fmt.Errorf("schema path: %w", err)
	}
	rel, err := filepath.Rel(specDir, schema)
	if err != nil {
		return "", fmt.Errorf("schema path: %w", err)
	}
	return filepath.ToSlash(rel), nil
}

// WriteFile writes data to path atomically: into a temporary file in the
// same directory, then renamed over path; missing parent directories are
// made. It writes nothing when path already holds exactly data, and
// reports whether it wrote. A file it replaces keeps its permissions; a
// new file gets 0644. A symbolic link at path is followed.
func WriteFile(path string, data []byte) (changed bool, err error) {
	// Write through a symbolic link, not over it.
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := fs.FileMode(0o644)
	old, err := os.ReadFile(path)
	switch {
	case err == nil && bytes.Equal(old, data):
		return false, nil
	case err == nil:
		if st, err := os.Stat(path); err == nil {
			mode = st.Mode().Perm()
		}
	case !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return false, fmt.Errorf("write %s: %w", path, err)
	}
	return true, nil
}
