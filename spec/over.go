package spec

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// MarshalOver writes f like Marshal, but over old, the bytes of the spec
// file as it is on disk (which f was merged from, see MergeFile), so
// that the comments a person wrote there survive a rewrite:
//
//   - the file's head comment (its schema line is f.Schema's to decide)
//     and the comments above, beside and below the package key and each
//     function key are kept;
//   - a function whose content is unchanged (by Marshal's output: the
//     same cases, markers, ignore list and source) is written from
//     old's YAML as it is: same comments, same layout (flow or block
//     style, quoting), so that a rewrite that changes one function
//     leaves the others byte for byte as they were, apart from
//     indentation (see below);
//   - in a changed function, the keys evals, dataset and ignore keep
//     their comments, and so does each evaluator; a case of f that
//     matches a case of old (the same id, or for cases without an id the
//     same content) and is unchanged is written as old had it; a
//     changed one is written afresh but keeps the comments above,
//     beside and below its item, its `case:` key (the specgen marker is
//     recomputed, a note beside it is kept after it) and each of its
//     keys that is still there; a value that did not change is written
//     as old had it;
//   - new cases are written as Marshal writes them; a case that is gone
//     takes its comments with it, except the comment above the first
//     case (under `dataset:`, about the whole dataset), which stays
//     above whichever case comes first, and the comments after the last
//     case, which move to the new last case.
//
// Comments inside a value that changed (an expected map whose entries
// differ, say) are dropped, as are comments of keys and evaluators that
// are gone. yaml.v3 re-indents what it writes: a file indented with 4
// spaces comes out with 2, and it decides itself which node a comment
// belongs to, so a comment may move a line or change its indentation
// (a comment after the last key of a case belongs to that key).
//
// When old is empty, does not parse as a spec, or the rewrite would not
// read back as f (old uses anchors and aliases across functions, say),
// MarshalOver returns Marshal's output. Parse(MarshalOver(old)) gives f
// back, positions aside, and the output depends only on f and old.
func (f *File) MarshalOver(old []byte) ([]byte, error) {
	if len(bytes.TrimSpace(old)) == 0 {
		return f.Marshal()
	}
	old = closeCommentGaps(old)
	oldFile, _ := Parse("", old)
	if oldFile == nil {
		return f.Marshal()
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(old, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return f.Marshal()
	}
	out, ok := encodeOver(f.over(oldFile, &doc))
	if !ok {
		return f.Marshal()
	}
	// What does not read back as f is not written: the node reuse above
	// trusts old's YAML to mean what Parse read from it.
	back, err := Parse("", out)
	if back == nil || err != nil && f.Validate() == nil || !sameFile(back, f) {
		return f.Marshal()
	}
	return out, nil
}

// blockScalarStart matches a line whose value is a block scalar (| or >).
var blockScalarStart = regexp.MustCompile(`(^|:|-)\s+[|>][0-9+-]*\s*(#.*)?$`)

// closeCommentGaps removes the blank lines between an indented comment
// and the line below it at the same indentation. yaml.v3 makes a
// comment followed by a blank line the foot comment of the node above
// and writes it after that node's last descendant, so a comment that
// heads a group of cases would end up after the case that follows it;
// without the gap it is the head comment of the case below, as meant.
// Lines of block scalars are left alone.
func closeCommentGaps(data []byte) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	indent := func(l []byte) int { return len(l) - len(bytes.TrimLeft(l, " ")) }
	blank := func(l []byte) bool { return len(bytes.TrimSpace(l)) == 0 }
	out := make([][]byte, 0, len(lines))
	scalar := -1 // the indentation of the line that starts a block scalar
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if scalar >= 0 {
			if blank(l) || indent(l) > scalar {
				out = append(out, l)
				continue
			}
			scalar = -1
		}
		out = append(out, l)
		t := bytes.TrimSpace(l)
		if blockScalarStart.Match(t) && !bytes.HasPrefix(t, []byte("#")) {
			scalar = indent(l)
			continue
		}
		if !bytes.HasPrefix(t, []byte("#")) || indent(l) == 0 {
			continue
		}
		j := i + 1
		for j < len(lines) && blank(lines[j]) {
			j++
		}
		if j > i+1 && j < len(lines) && indent(lines[j]) == indent(l) && !bytes.HasPrefix(bytes.TrimSpace(lines[j]), []byte("#")) {
			i = j - 1 // drop the gap
		}
	}
	return bytes.Join(out, nil)
}

// encodeOver encodes a document built from old's nodes; ok is false
// when yaml.v3 cannot write it.
func encodeOver(doc *yaml.Node) (out []byte, ok bool) {
	defer func() {
		// yaml.v3's emitter panics on some comment placements it read
		// itself; such a file is written without its comments.
		if recover() != nil {
			out, ok = nil, false
		}
	}()
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, false
	}
	if err := enc.Close(); err != nil {
		return nil, false
	}
	return separateFunctions(b.Bytes()), true
}

// over builds the document of f from old's document.
func (f *File) over(oldFile *File, doc *yaml.Node) *yaml.Node {
	top := doc.Content[0]
	oldPairs := mappingPairs(top)
	oldFns := map[string]*Function{}
	for _, fn := range oldFile.Functions {
		if _, dup := oldFns[fn.Name]; !dup {
			oldFns[fn.Name] = fn
		}
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, HeadComment: top.HeadComment, LineComment: top.LineComment, FootComment: top.FootComment}
	var orphan string // comments of a key that is gone, for the next key
	if k, v, ok := oldPairs.get("package"); ok {
		if f.Package == "" {
			orphan = k.HeadComment
		} else {
			val := v
			if oldFile.Package != f.Package || v.Kind != yaml.ScalarNode {
				val = carry(v, stringNode(f.Package))
			}
			out.Content = append(out.Content, k, val)
		}
	} else if f.Package != "" {
		out.Content = append(out.Content, keyNode("package"), stringNode(f.Package))
	}
	for _, fn := range f.Functions {
		k, v, ok := oldPairs.get(fn.Name)
		oldFn := oldFns[fn.Name]
		switch {
		case !ok || oldFn == nil:
			out.Content = append(out.Content, fn.keyNode(), fn.node())
		case sameFunction(oldFn, fn):
			out.Content = append(out.Content, k, v)
		default:
			key := copyNode(k)
			key.LineComment = markerLine(sourceMarker, oneWord(fn.Source), k.LineComment)
			out.Content = append(out.Content, key, fn.over(oldFn, v))
		}
	}
	if orphan != "" && len(out.Content) > 0 {
		first := copyNode(out.Content[0])
		first.HeadComment = joinComments(orphan, first.HeadComment)
		out.Content[0] = first
	}
	// The schema line is f's to write, where old had it or on top;
	// other head comments stay.
	schema := ""
	if f.Schema != "" {
		schema = "# yaml-language-server: $schema=" + f.Schema
	}
	head, placed := replaceSchemaLine(doc.HeadComment, schema)
	out.HeadComment, _ = replaceSchemaLine(out.HeadComment, "")
	if len(out.Content) > 0 {
		if c, _ := replaceSchemaLine(out.Content[0].HeadComment, ""); c != out.Content[0].HeadComment {
			first := copyNode(out.Content[0])
			first.HeadComment = c
			out.Content[0] = first
		}
	}
	if !placed {
		head = joinComments(schema, head)
	}
	return &yaml.Node{Kind: yaml.DocumentNode, HeadComment: head, FootComment: doc.FootComment, LineComment: doc.LineComment, Content: []*yaml.Node{out}}
}

// sameFile reports whether Marshal writes a and b alike.
func sameFile(a, b *File) bool {
	return a.Package == b.Package && a.Schema == b.Schema &&
		slices.EqualFunc(a.Functions, b.Functions, sameFunction)
}

// sameFunction reports whether Marshal writes a and b alike.
func sameFunction(a, b *Function) bool {
	if a.Name != b.Name || oneWord(a.Source) != oneWord(b.Source) || !slices.Equal(a.Ignore, b.Ignore) ||
		a.Evals.empty() != b.Evals.empty() || len(a.Dataset) != len(b.Dataset) {
		return false
	}
	if !a.Evals.empty() && (a.Evals.Generated != b.Evals.Generated || evalsFingerprint(a.Evals) != evalsFingerprint(b.Evals)) {
		return false
	}
	for i, c := range a.Dataset {
		if !sameCase(c, b.Dataset[i]) {
			return false
		}
	}
	return true
}

// sameCase reports whether Marshal writes a and b alike.
func sameCase(a, b *Case) bool {
	fa := caseFingerprint(a)
	return fa != "invalid" && a.Generated == b.Generated && oneLine(a.Review) == oneLine(b.Review) && fa == caseFingerprint(b)
}

// oneWord and oneLine are a source hash and a review reason as Marshal
// writes them.
func oneWord(s string) string { return strings.Join(strings.Fields(s), "") }
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// over builds the mapping of a changed function from old's node v.
func (fn *Function) over(old *Function, v *yaml.Node) *yaml.Node {
	if v.Kind != yaml.MappingNode {
		return carry(v, fn.node())
	}
	oldPairs := mappingPairs(v)
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, HeadComment: v.HeadComment, LineComment: v.LineComment, FootComment: v.FootComment}
	add := func(name string, val func(old *yaml.Node) *yaml.Node, line func(old string) string) {
		k, ov, ok := oldPairs.get(name)
		if !ok {
			key := keyNode(name)
			key.LineComment = line("")
			n.Content = append(n.Content, key, val(nil))
			return
		}
		key := copyNode(k)
		key.LineComment = line(k.LineComment)
		n.Content = append(n.Content, key, val(ov))
	}
	if !fn.Evals.empty() {
		add("evals", func(ov *yaml.Node) *yaml.Node {
			if ov != nil && ov.Kind == yaml.MappingNode && !old.Evals.empty() && evalsFingerprint(old.Evals) == evalsFingerprint(fn.Evals) {
				return ov
			}
			return evalsOver(fn.Evals, old.Evals, ov)
		}, func(line string) string {
			h := ""
			if fn.Evals.Generated {
				h = evalsFingerprint(fn.Evals)
			}
			return markerLine(generatedMarker, h, line)
		})
	}
	keep := func(line string) string { return line }
	add("dataset", func(ov *yaml.Node) *yaml.Node { return datasetOver(fn, old, ov) }, keep)
	if len(fn.Ignore) > 0 {
		add("ignore", func(ov *yaml.Node) *yaml.Node { return ignoreOver(fn.Ignore, old.Ignore, ov) }, keep)
	}
	return n
}

// evalsOver builds changed evaluators, each keeping old's comments and,
// when unchanged, old's node.
func evalsOver(e, old Evals, ov *yaml.Node) *yaml.Node {
	n := e.node()
	if ov == nil || ov.Kind != yaml.MappingNode {
		return carry(ov, n)
	}
	carryInto(ov, n)
	oldPairs := mappingPairs(ov)
	for i := 0; i+1 < len(n.Content); i += 2 {
		name := n.Content[i].Value
		k, v, ok := oldPairs.get(name)
		if !ok {
			continue
		}
		n.Content[i] = carry(k, n.Content[i])
		if evaluatorFingerprint(old, name) == evaluatorFingerprint(e, name) {
			n.Content[i+1] = v
		} else {
			n.Content[i+1] = carry(v, n.Content[i+1])
		}
	}
	return n
}

// evaluatorFingerprint hashes one evaluator of e.
func evaluatorFingerprint(e Evals, name string) string {
	var one Evals
	switch EvalName(name) {
	case EvalType:
		one.Type = e.Type
	case EvalAssertion:
		one.Assertion = e.Assertion
	case EvalDuration:
		one.Duration = e.Duration
	case EvalPattern:
		one.Pattern = e.Pattern
	case EvalContainsInput:
		one.ContainsInput = e.ContainsInput
	case EvalLLMJudge:
		one.LLMJudge = e.LLMJudge
	}
	return evalsFingerprint(one)
}

// ignoreOver builds the ignore list, reusing old's items (and their
// comments) for the ids it still lists.
func ignoreOver(ids, old []string, ov *yaml.Node) *yaml.Node {
	if ov == nil || ov.Kind != yaml.SequenceNode {
		return carry(ov, ignoreNode(ids))
	}
	if slices.Equal(ids, old) {
		return ov
	}
	n := ignoreNode(ids)
	carryInto(ov, n)
	n.Style = ov.Style
	for i, id := range ids {
		for _, item := range ov.Content {
			if item.Kind == yaml.ScalarNode && item.Value == id {
				n.Content[i] = item
				break
			}
		}
	}
	return n
}

// datasetOver builds the dataset of fn from old's sequence node ov.
func datasetOver(fn, old *Function, ov *yaml.Node) *yaml.Node {
	seq := fn.datasetNode()
	if ov == nil || ov.Kind != yaml.SequenceNode || len(ov.Content) != len(old.Dataset) {
		return carry(ov, seq)
	}
	carryInto(ov, seq)
	if len(fn.Dataset) > 0 {
		seq.Style = 0
	}
	used := make([]bool, len(old.Dataset))
	oldPrints := make([]string, len(old.Dataset))
	byID, byPrint := map[string][]int{}, map[string][]int{}
	for j, oc := range old.Dataset {
		oldPrints[j] = caseFingerprint(oc)
		if oc.ID != "" {
			byID[oc.ID] = append(byID[oc.ID], j)
		} else {
			byPrint[oldPrints[j]] = append(byPrint[oldPrints[j]], j)
		}
	}
	// take returns the first old case in js not used yet, or -1.
	take := func(js []int) int {
		for _, j := range js {
			if !used[j] {
				used[j] = true
				return j
			}
		}
		return -1
	}
	from := make([]int, len(fn.Dataset)) // the old case each case comes from, or -1
	for i, c := range fn.Dataset {
		fp := caseFingerprint(c)
		if c.ID != "" {
			from[i] = take(byID[c.ID])
		} else {
			from[i] = take(byPrint[fp])
		}
		j := from[i]
		switch {
		case j < 0:
		case oldPrints[j] == fp && fp != "invalid" && old.Dataset[j].Generated == c.Generated && oneLine(old.Dataset[j].Review) == oneLine(c.Review):
			seq.Content[i] = ov.Content[j]
			if !c.Generated {
				seq.Content[i] = withoutMarker(ov.Content[j])
			}
		default:
			seq.Content[i] = caseOver(c, ov.Content[j])
		}
	}
	if len(seq.Content) == 0 {
		return seq
	}
	// The comment under `dataset:` stays on top.
	if top := userHead(ov.Content[0].HeadComment); top != "" && from[0] != 0 {
		for i, j := range from {
			if j == 0 {
				item := copyNode(seq.Content[i])
				item.HeadComment = reviewOnly(item.HeadComment)
				seq.Content[i] = item
			}
		}
		first := copyNode(seq.Content[0])
		first.HeadComment = joinComments(top, first.HeadComment)
		seq.Content[0] = first
	}
	// The comments after a last case that is gone go after the new last.
	last := len(ov.Content) - 1
	if !used[last] {
		if tail := tailComments(ov.Content[last]); tail != "" {
			i := len(seq.Content) - 1
			seq.Content[i] = withTail(seq.Content[i], tail)
		}
	}
	return seq
}

// withoutMarker is the item of a hand-written case without the
// specgen:generated marker a generated case edited by hand still
// carries (its fingerprint no longer matches), the note beside it kept:
// the file then says what the case is. item itself when it has none.
func withoutMarker(item *yaml.Node) *yaml.Node {
	if item.Kind != yaml.MappingNode {
		return item
	}
	k, _, ok := mappingPairs(item).get("case")
	if !ok || markerValue(k.LineComment, generatedMarker) == "" {
		return item
	}
	out := copyNode(item)
	out.Content = append([]*yaml.Node(nil), item.Content...)
	for i, n := range out.Content {
		if n == k {
			nk := copyNode(k)
			nk.LineComment = markerLine(generatedMarker, "", k.LineComment)
			out.Content[i] = nk
		}
	}
	return out
}

// caseOver builds the item of a changed case, keeping the comments of
// old's item node.
func caseOver(c *Case, oldItem *yaml.Node) *yaml.Node {
	item := c.itemNode()
	item.HeadComment = joinComments(userHead(oldItem.HeadComment), item.HeadComment)
	item.LineComment, item.FootComment = oldItem.LineComment, oldItem.FootComment
	if oldItem.Kind != yaml.MappingNode {
		return item
	}
	key, body := item.Content[0], item.Content[1]
	oldBody := oldItem
	if k, v, ok := mappingPairs(oldItem).get("case"); ok {
		key.HeadComment, key.FootComment = k.HeadComment, k.FootComment
		key.LineComment = markerLine(generatedMarker, markerValue(key.LineComment, generatedMarker), k.LineComment)
		oldBody = v
	}
	if oldBody.Kind != yaml.MappingNode {
		return item
	}
	carryInto(oldBody, body)
	oldPairs := mappingPairs(oldBody)
	oldCase := caseFromNode(oldBody)
	var lastFoot string
	if n := len(oldBody.Content); n >= 2 {
		lastFoot = oldBody.Content[n-2].FootComment
	}
	lastName := ""
	if n := len(oldBody.Content); n >= 2 {
		lastName = oldBody.Content[n-2].Value
	}
	for i := 0; i+1 < len(body.Content); i += 2 {
		name := body.Content[i].Value
		k, v, ok := oldPairs.get(name)
		if !ok {
			continue
		}
		nk := carry(k, body.Content[i])
		if name == lastName && i+2 < len(body.Content) {
			nk.FootComment = "" // it follows the case's last key
		}
		body.Content[i] = nk
		if oldCase != nil && fieldFingerprint(oldCase, name) == fieldFingerprint(c, name) {
			body.Content[i+1] = v
		} else {
			body.Content[i+1] = carry(v, body.Content[i+1])
		}
	}
	if n := len(body.Content); n >= 2 && lastFoot != "" && body.Content[n-2].Value != lastName {
		body.Content[n-2].FootComment = joinComments(body.Content[n-2].FootComment, lastFoot)
	}
	return item
}

// caseFromNode reads a case body as Parse does, or returns nil.
func caseFromNode(body *yaml.Node) *Case {
	p := &parser{skip: skips{broken: map[*Case]bool{}, quiet: map[any]bool{}}, merging: map[*yaml.Node]bool{}}
	c := p.caseItem(&Function{}, 1, &yaml.Node{Kind: yaml.MappingNode, Tag: tagMap, Content: []*yaml.Node{keyNode("case"), body}}, "")
	if len(p.errs) > 0 {
		return nil
	}
	return c
}

// fieldFingerprint hashes one key of a case.
func fieldFingerprint(c *Case, name string) string {
	var one Case
	switch name {
	case "id":
		one.ID = c.ID
	case "types":
		one.Types = c.Types
	case "globals":
		one.Globals = c.Globals
	case "receiver":
		one.Receiver = c.Receiver
	case "input":
		one.Input = c.Input
	case "inputs":
		one.Inputs = c.Inputs
	case "panicking":
		one.Panicking = c.Panicking
	case "expected":
		one.Expected = c.Expected
	case "raises":
		one.Raises = c.Raises
	case "match":
		one.Match = c.Match
	case "receiver_after":
		one.ReceiverAfter = c.ReceiverAfter
	case "inputs_after":
		one.InputsAfter = c.InputsAfter
	case "duration":
		one.Duration = c.Duration
	case "tolerance":
		one.Tolerance = c.Tolerance
	case "unordered":
		one.Unordered = c.Unordered
	default:
		return ""
	}
	return caseFingerprint(&one)
}

// tailComments collects the foot comments at the end of a node: its
// own, and those of its last key and last value, down the tree, where
// yaml.v3 puts the comments that follow a block.
func tailComments(n *yaml.Node) string {
	var out []string
	for n != nil {
		if n.FootComment != "" {
			out = append(out, n.FootComment)
		}
		if n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
			break
		}
		last := n.Content[len(n.Content)-1]
		if n.Kind == yaml.MappingNode && len(n.Content) >= 2 {
			if k := n.Content[len(n.Content)-2]; k.FootComment != "" {
				out = append(out, k.FootComment)
			}
		}
		n = last
	}
	// Deeper comments were written first.
	slices.Reverse(out)
	return strings.Join(out, "\n")
}

// withTail returns a copy of a case item with comment c after its last
// key, where yaml.v3 reads back the comments after a case.
func withTail(item *yaml.Node, c string) *yaml.Node {
	cp := copyNode(item)
	n := len(cp.Content)
	if cp.Kind != yaml.MappingNode || n < 2 {
		cp.FootComment = joinComments(cp.FootComment, c)
		return cp
	}
	cp.Content = slices.Clone(cp.Content)
	if k, v := cp.Content[n-2], cp.Content[n-1]; k.Value == "case" && v.Kind == yaml.MappingNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) >= 2 {
		cp.Content[n-1] = withTail(v, c)
		return cp
	}
	key := copyNode(cp.Content[n-2])
	key.FootComment = joinComments(key.FootComment, c)
	cp.Content[n-2] = key
	return cp
}

// pairsOf is the content of a mapping node: keys and values.
type pairsOf []*yaml.Node

func mappingPairs(n *yaml.Node) pairsOf { return n.Content }

// get finds the first pair with the scalar key name (not a merge key).
func (p pairsOf) get(name string) (key, val *yaml.Node, ok bool) {
	for i := 0; i+1 < len(p); i += 2 {
		if p[i].Kind == yaml.ScalarNode && p[i].Value == name && !isMergeKey(p[i]) {
			return p[i], p[i+1], true
		}
	}
	return nil, nil, false
}

func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	return &c
}

// carry gives n the comments of old (n is new, and not shared), and
// returns n.
func carry(old, n *yaml.Node) *yaml.Node {
	carryInto(old, n)
	return n
}

func carryInto(old, n *yaml.Node) {
	if old == nil {
		return
	}
	n.HeadComment = joinComments(old.HeadComment, n.HeadComment)
	if n.LineComment == "" {
		n.LineComment = old.LineComment
	}
	n.FootComment = joinComments(n.FootComment, old.FootComment)
}

// markerLine is the line comment with specgen's marker (none when value
// is "") followed by the note a person wrote beside it in old.
func markerLine(marker, value, old string) string {
	_, note := markerComment(old, marker)
	if note != "" && !strings.HasPrefix(note, "#") {
		note = "# " + note
	}
	if value == "" {
		return note
	}
	return joinLine("# "+marker+" "+value, note)
}

// markerValue is the value of the marker in a line comment.
func markerValue(line, marker string) string {
	v, _ := markerComment(line, marker)
	return v
}

func joinLine(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

func joinComments(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n" + b
}

// userHead is a case item's head comment without specgen's review line.
func userHead(head string) string {
	var keep []string
	for _, line := range strings.Split(head, "\n") {
		if _, ok := reviewLine(line); !ok {
			keep = append(keep, line)
		}
	}
	return strings.Trim(strings.Join(keep, "\n"), "\n")
}

// reviewOnly is the review line of a head comment, if any.
func reviewOnly(head string) string {
	for _, line := range strings.Split(head, "\n") {
		if _, ok := reviewLine(line); ok {
			return line
		}
	}
	return ""
}

// replaceSchemaLine replaces the "# yaml-language-server: $schema="
// line of a comment with line (removes it when line is ""), and reports
// whether there was one.
func replaceSchemaLine(c, line string) (string, bool) {
	if !strings.Contains(c, "yaml-language-server") {
		return c, false
	}
	var keep []string
	found := false
	for _, l := range strings.Split(c, "\n") {
		if schemaComment(&yaml.Node{HeadComment: l}) == "" {
			keep = append(keep, l)
			continue
		}
		if !found && line != "" {
			keep = append(keep, line)
		}
		found = true
	}
	return strings.Trim(strings.Join(keep, "\n"), "\n"), found && line != ""
}
