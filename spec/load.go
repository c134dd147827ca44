package spec

import (
	"bytes"
	"errors"
	"fmt"
	goparser "go/parser"
	"go/token"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Keys of a function spec and of a case, in the order they are written
// (the evaluator names are in Evaluators).
var (
	functionKeys  = []string{"evals", "dataset", "ignore"}
	caseKeys      = []string{"id", "types", "globals", "receiver", "input", "inputs", "panicking", "expected", "raises", "match", "receiver_after", "inputs_after", "duration", "tolerance", "unordered"}
	topLevelNames = []string{"package"}
)

// generatedMarker starts the line comment that Marshal puts after the
// `case:` and `evals:` keys of what specgen generated, followed by a
// fingerprint of the content (see Merge).
const generatedMarker = "specgen:generated"

// sourceMarker starts the line comment on a function's key that records
// the hash of the function's source (Function.Source).
const sourceMarker = "specgen:source"

// reviewMarker starts the comment above a case that says why it needs a
// reviewer's look (Case.Review): "# specgen: review — <reason>".
const reviewMarker = "specgen: review"

// yamlLineError matches yaml.v3's syntax errors.
var yamlLineError = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// yamlUnknownAnchor matches yaml.v3's error for an alias to an anchor
// not defined before it, which carries no line.
var yamlUnknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)

// Load reads and parses the spec file at path. See Parse.
func Load(path string) (*File, error) {
	return load(path, MaxNodes)
}

// load is Load with a node budget of its own (tests use a small one).
func load(path string, maxNodes int) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load spec: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > MaxFileSize {
		return nil, Errors{tooLarge(path, st.Size())}
	}
	// Read one byte past the limit, so that Parse sees a file that grew.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("load spec: %w", err)
	}
	return parse(path, data, maxNodes)
}

func tooLarge(path string, size int64) *Error {
	return &Error{Pos: Pos{File: path}, Msg: fmt.Sprintf("spec file is %d bytes, more than the limit of %d (16 MiB); split its functions or cases into several spec files", size, MaxFileSize)}
}

// Parse parses and validates a spec file; path names it in positions.
//
// It reports every problem it finds, not just the first, as an Errors
// sorted by position. Unless the YAML itself is malformed, it also
// returns the File as far as it could be built, so that a caller that
// repairs specs can see what was there.
func Parse(path string, data []byte) (*File, error) {
	return parse(path, data, MaxNodes)
}

func parse(path string, data []byte, maxNodes int) (*File, error) {
	p := &parser{file: path, skip: skips{broken: map[*Case]bool{}, quiet: map[any]bool{}}, merging: map[*yaml.Node]bool{}}
	if len(data) > MaxFileSize {
		return nil, Errors{tooLarge(path, int64(len(data)))}
	}
	if line, col, msg, ok := checkBytes(data); !ok {
		p.errs = append(p.errs, &Error{Pos: Pos{File: path, Line: line, Col: col}, Msg: msg})
		return nil, p.errs.err()
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			p.errs = append(p.errs, &Error{Pos: Pos{File: path}, Msg: "empty spec: want package and function names"})
			return &File{Path: path}, p.errs.err()
		}
		p.yamlError(err, data)
		return nil, p.errs.err()
	}
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		p.errorf(&more, "", "more than one YAML document; a spec file holds one")
	} else if !errors.Is(err, io.EOF) {
		p.yamlError(err, data)
		return nil, p.errs.err()
	}
	if n := tooManyNodes(&doc, maxNodes); n != nil {
		p.errorf(n, "", "too many YAML nodes: more than %d after expanding aliases", maxNodes)
		return nil, p.errs.err()
	}
	f := p.parseFile(&doc)
	p.errs = append(p.errs, validate(f, p.skip)...)
	return f, p.errs.err()
}

type parser struct {
	file string
	errs Errors
	skip skips
	// merging holds the mappings whose merge keys are being expanded.
	merging map[*yaml.Node]bool
}

// skips tells validate what the parser already reported.
type skips struct {
	// broken holds the cases that could not be read at all; they are
	// not validated (they are kept so that case numbers stay right).
	broken map[*Case]bool
	// quiet holds the functions, cases and evaluators that had a
	// problem while parsing: validate does not also call them empty or
	// missing a parameter.
	quiet map[any]bool
}

// quietIf marks x quiet when errors were reported since the count n.
func (p *parser) quietIf(x any, n int) {
	if len(p.errs) > n {
		p.skip.quiet[x] = true
	}
}

func (p *parser) pos(n *yaml.Node) Pos {
	return Pos{File: p.file, Line: n.Line, Col: n.Column}
}

func (p *parser) errorf(n *yaml.Node, ctx, format string, args ...any) {
	p.errs = append(p.errs, &Error{Pos: p.pos(n), Msg: ctx + fmt.Sprintf(format, args...)})
}

func (p *parser) yamlError(err error, data []byte) {
	msg := err.Error()
	if m := yamlUnknownAnchor.FindStringSubmatch(msg); m != nil {
		line, col := findAlias(data, m[1])
		p.errs = append(p.errs, &Error{Pos: Pos{File: p.file, Line: line, Col: col}, Msg: fmt.Sprintf("unknown anchor %q: no &%s before this *%s", m[1], m[1], m[1])})
		return
	}
	if m := yamlLineError.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		p.errs = append(p.errs, &Error{Pos: Pos{File: p.file, Line: line, Col: firstColumn(data, line)}, Msg: m[2]})
		return
	}
	// yaml.v3 leaves the line out of a syntax error on the first line
	// (its line numbers count from 0 there).
	p.errs = append(p.errs, &Error{Pos: Pos{File: p.file, Line: 1, Col: firstColumn(data, 1)}, Msg: strings.TrimPrefix(msg, "yaml: ")})
}

// firstColumn is the column of the first non-blank character of a line
// (1 for a blank or missing line): yaml.v3's syntax errors name only the
// line, and an editor needs a column to jump to.
func firstColumn(data []byte, line int) int {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return 1
	}
	l := lines[line-1]
	return len(l) - len(bytes.TrimLeft(l, " \t")) + 1
}

func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == tagNull
}

func (p *parser) parseFile(doc *yaml.Node) *File {
	f := &File{Path: p.file}
	f.Schema = schemaComment(doc)
	if len(doc.Content) == 0 || isNull(derefNode(doc.Content[0])) {
		p.errs = append(p.errs, &Error{Pos: Pos{File: p.file, Line: max(doc.Line, 1), Col: max(doc.Column, 1)}, Msg: "empty spec: want package and function names"})
		return f
	}
	top := derefNode(doc.Content[0])
	if top.Kind != yaml.MappingNode {
		p.errorf(top, "", "want a mapping of package and function names, got %s", nodeKindName(top))
		return f
	}
	for _, pr := range p.pairs(top, "") {
		if pr.name == "package" {
			if s, ok := p.str(pr, ""); ok {
				f.Package = s
				f.PackagePos = p.pos(pr.key)
			}
			continue
		}
		f.Functions = append(f.Functions, p.function(pr))
	}
	return f
}

// schemaComment finds the "# yaml-language-server: $schema=..." line at
// the top of a document.
func schemaComment(doc *yaml.Node) string {
	comments := []string{doc.HeadComment}
	if len(doc.Content) > 0 {
		top := doc.Content[0]
		comments = append(comments, top.HeadComment)
		if len(top.Content) > 0 {
			comments = append(comments, top.Content[0].HeadComment)
		}
	}
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#"))
			rest, ok := strings.CutPrefix(line, "yaml-language-server:")
			if !ok {
				continue
			}
			if _, schema, ok := strings.Cut(rest, "$schema="); ok {
				return strings.TrimSpace(schema)
			}
		}
	}
	return ""
}

// pair is one key/value of a structural mapping.
type pair struct {
	name     string
	key, val *yaml.Node
}

// pairs returns the entries of mapping n with string keys, merge keys
// (<<) expanded, reporting non-scalar and duplicate keys.
func (p *parser) pairs(n *yaml.Node, ctx string) []pair {
	var out []pair
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if isMergeKey(k) {
			continue
		}
		if k.Kind != yaml.ScalarNode {
			p.errorf(k, ctx, "want a string key, got %s", nodeKindName(k))
			continue
		}
		if prev, ok := first[k.Value]; ok {
			p.errorf(k, ctx, "duplicate key %q (first at line %d)", k.Value, prev.Line)
			continue
		}
		first[k.Value] = k
		out = append(out, pair{k.Value, k, v})
	}
	// Merged entries come after the explicit ones, which win.
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !isMergeKey(k) {
			continue
		}
		src := derefNode(v)
		srcs := []*yaml.Node{src}
		if src.Kind == yaml.SequenceNode {
			srcs = src.Content
		}
		for _, s := range srcs {
			s = derefNode(s)
			if s.Kind != yaml.MappingNode {
				p.errorf(v, ctx, "merge key << wants a mapping or a list of mappings")
				break
			}
			if s == n || p.merging[s] {
				p.errorf(k, ctx, "merge key << refers to a mapping that contains it")
				break
			}
			p.merging[n] = true
			merged := p.pairs(s, ctx)
			delete(p.merging, n)
			for _, pr := range merged {
				if _, ok := first[pr.name]; !ok {
					first[pr.name] = pr.key
					out = append(out, pr)
				}
			}
		}
	}
	return out
}

// unknownKey reports a key that is not among valid.
func (p *parser) unknownKey(pr pair, ctx, what string, valid []string) {
	if s := Suggest(pr.name, valid); s != "" {
		p.errorf(pr.key, ctx, "unknown %s %q; did you mean %q?", what, pr.name, s)
		return
	}
	p.errorf(pr.key, ctx, "unknown %s %q; want one of %s", what, pr.name, strings.Join(valid, ", "))
}

// str reads a scalar as a string: any scalar but null is accepted as
// written (`id: 1`, `match: 404`).
func (p *parser) str(pr pair, ctx string) (string, bool) {
	v := derefNode(pr.val)
	if v.Kind != yaml.ScalarNode || isNull(v) {
		p.errorf(pr.val, ctx, "%s: want a string, got %s", pr.name, nodeKindName(v))
		return "", false
	}
	if v.ShortTag() == tagBinary {
		val, err := ValueFromNode(v)
		if err != nil {
			p.valueError(err, ctx+pr.name+": ")
			return "", false
		}
		return val.Str, true
	}
	return v.Value, true
}

func (p *parser) boolean(pr pair, ctx string) (bool, bool) {
	v := derefNode(pr.val)
	if v.Kind != yaml.ScalarNode || v.ShortTag() != tagBool {
		p.errorf(pr.val, ctx, "%s: want true or false, got %s", pr.name, nodeKindName(v))
		return false, false
	}
	var b bool
	if err := v.Decode(&b); err != nil {
		p.errorf(pr.val, ctx, "%s: %s", pr.name, yamlMessage(err))
		return false, false
	}
	return b, true
}

func (p *parser) duration(pr pair, ctx string) (Duration, bool) {
	d, err := parseDurationNode(pr.val)
	if err != nil {
		p.errorf(pr.val, ctx, "%s: %v", pr.name, err)
		return Duration{}, false
	}
	return d, true
}

func (p *parser) value(pr pair, ctx string) (*Value, bool) {
	v, err := ValueFromNode(pr.val)
	if err != nil {
		p.valueError(err, ctx+pr.name+": ")
		return nil, false
	}
	return &v, true
}

func (p *parser) valueError(err error, ctx string) {
	var e *Error
	if errors.As(err, &e) {
		p.errs = append(p.errs, &Error{Pos: Pos{File: p.file, Line: e.Pos.Line, Col: e.Pos.Col}, Msg: ctx + e.Msg})
		return
	}
	p.errs = append(p.errs, &Error{Pos: Pos{File: p.file}, Msg: ctx + err.Error()})
}

func (p *parser) function(fp pair) *Function {
	fn := &Function{Name: fp.name, Pos: p.pos(fp.key)}
	fn.Source, _ = markerComment(fp.key.LineComment, sourceMarker)
	defer p.quietIf(fn, len(p.errs))
	ctx := fp.name + ": "
	v := derefNode(fp.val)
	if isNull(v) {
		return fn // Validate reports the missing cases
	}
	if v.Kind != yaml.MappingNode {
		msg := "want a mapping with evals and dataset, got " + nodeKindName(v)
		if s := Suggest(fp.name, topLevelNames); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		p.errorf(fp.val, ctx, "%s", msg)
		return fn
	}
	for _, pr := range p.pairs(v, ctx) {
		switch pr.name {
		case "evals":
			p.evals(fn, pr, ctx)
		case "dataset":
			p.dataset(fn, pr, ctx)
		case "ignore":
			p.ignore(fn, pr, ctx)
		default:
			p.unknownKey(pr, ctx, "key", functionKeys)
		}
	}
	return fn
}

// generatedHash returns the fingerprint of a "# specgen:generated <hash>"
// line comment, or "".
func generatedHash(comment string) string {
	h, _ := markerComment(comment, generatedMarker)
	return h
}

// markerComment reads a line comment "# <marker> <value> [rest]" (the
// spacing around # and the marker's colon is free): it returns the
// value, the first word after the marker, and the rest of the comment,
// which a person may have written after it. For a comment without the
// marker it returns "" and the whole comment, trimmed.
func markerComment(comment, marker string) (value, rest string) {
	c := strings.TrimSpace(comment)
	after, ok := cutMarker(c, marker)
	if !ok {
		return "", c
	}
	fields := strings.Fields(after)
	if len(fields) == 0 {
		return "", ""
	}
	_, rest, _ = strings.Cut(after, fields[0])
	return fields[0], strings.TrimSpace(rest)
}

// cutMarker cuts "# specgen:<word>" (marker is "specgen:<word>") from
// the start of a comment, allowing spaces around # and the colon, and
// returns what follows, trimmed; the marker must end there or at a
// space.
func cutMarker(comment, marker string) (string, bool) {
	name, word, _ := strings.Cut(marker, ":")
	s := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(comment), "#"))
	s, ok := strings.CutPrefix(s, name)
	if !ok {
		return "", false
	}
	s, ok = strings.CutPrefix(strings.TrimLeft(s, " \t"), ":")
	if !ok {
		return "", false
	}
	s, ok = strings.CutPrefix(strings.TrimLeft(s, " \t"), strings.TrimSpace(word))
	if !ok || s != "" && s[0] != ' ' && s[0] != '\t' {
		return "", false
	}
	return strings.TrimSpace(s), true
}

// reviewComment finds the "# specgen: review — <reason>" line in the
// head comment of a case item and returns the reason ("" when there is
// none). The dash may be an em dash, an en dash or one or two hyphens.
func reviewComment(head string) string {
	for _, line := range strings.Split(head, "\n") {
		if r, ok := reviewLine(line); ok {
			return r
		}
	}
	return ""
}

// reviewLine reads one comment line as a review marker.
func reviewLine(line string) (reason string, ok bool) {
	rest, ok := cutMarker(line, reviewMarker)
	if !ok {
		return "", false
	}
	for _, dash := range []string{"—", "–", "--", "-", ":"} {
		if r, cut := strings.CutPrefix(rest, dash); cut {
			return strings.TrimSpace(r), true
		}
	}
	return rest, true
}

// evalParams checks that an evaluator's value is a mapping (or null)
// and returns its entries, reporting unknown parameters.
func (p *parser) evalParams(pr pair, ctx string, valid []string) []pair {
	v := derefNode(pr.val)
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		p.errorf(pr.val, ctx, "want a mapping of parameters (%s), got %s", strings.Join(valid, ", "), nodeKindName(v))
		return nil
	}
	var out []pair
	for _, param := range p.pairs(v, ctx) {
		if !slices.Contains(valid, param.name) {
			p.unknownKey(param, ctx, "parameter", valid)
			continue
		}
		out = append(out, param)
	}
	return out
}

func (p *parser) evals(fn *Function, ep pair, ctx string) {
	v := derefNode(ep.val)
	if isNull(v) {
		return
	}
	ctx += "evals: "
	if v.Kind != yaml.MappingNode {
		p.errorf(ep.val, ctx, "want a mapping of evaluator names to parameters, got %s", nodeKindName(v))
		return
	}
	e := &fn.Evals
	for _, pr := range p.pairs(v, ctx) {
		ectx := ctx + pr.name + ": "
		pos := p.pos(pr.key)
		ev, known := LookupEvaluator(pr.name)
		switch {
		case !known:
			p.unknownKey(pr, ctx, "evaluator", EvalNames())
			continue
		case ev.InCase:
			p.errorf(pr.key, ctx, "%s is not an evaluator here; give %s on each case", pr.name, ev.CaseKey)
			continue
		}
		var evaluator any
		nerrs := len(p.errs)
		switch ev.Name {
		case EvalType:
			t := &TypeEval{Pos: pos}
			evaluator = t
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				t.Type, _ = p.str(param, ectx)
			}
			e.Type = t
		case EvalAssertion:
			a := &AssertionEval{Pos: pos}
			evaluator = a
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				a.Assertion, _ = p.str(param, ectx)
			}
			e.Assertion = a
		case EvalDuration:
			d := &DurationEval{Pos: pos}
			evaluator = d
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				d.Duration, _ = p.duration(param, ectx)
			}
			e.Duration = d
		case EvalPattern:
			pe := &PatternEval{Pos: pos}
			evaluator = pe
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				switch param.name {
				case "pattern":
					pe.Pattern, _ = p.str(param, ectx)
				case "case_sensitive":
					if b, ok := p.boolean(param, ectx); ok {
						pe.CaseSensitive = &b
					}
				}
			}
			e.Pattern = pe
		case EvalContainsInput:
			c := &ContainsInputEval{Pos: pos}
			evaluator = c
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				b, ok := p.boolean(param, ectx)
				switch {
				case !ok:
				case param.name == "case_sensitive":
					c.CaseSensitive = &b
				default:
					c.AsStrings = b
				}
			}
			e.ContainsInput = c
		case EvalLLMJudge:
			j := &LLMJudgeEval{Pos: pos}
			evaluator = j
			for _, param := range p.evalParams(pr, ectx, ev.Params) {
				switch param.name {
				case "rubric":
					j.Rubric, _ = p.str(param, ectx)
				case "model":
					j.Model, _ = p.str(param, ectx)
				}
			}
			e.LLMJudge = j
		}
		if evaluator != nil {
			p.quietIf(evaluator, nerrs)
		}
	}
	if h := generatedHash(ep.key.LineComment); h != "" {
		e.Generated = h == evalsFingerprint(*e)
	}
}

func (p *parser) dataset(fn *Function, dp pair, ctx string) {
	v := derefNode(dp.val)
	if isNull(v) {
		return // Validate reports the missing cases
	}
	if v.Kind != yaml.SequenceNode {
		p.errorf(dp.val, ctx, "dataset: want a list of cases, got %s", nodeKindName(v))
		return
	}
	for i, item := range v.Content {
		fn.Dataset = append(fn.Dataset, p.caseItem(fn, i+1, item, ctx))
	}
}

// ignore reads a function's ignore list: case ids, each once.
func (p *parser) ignore(fn *Function, ip pair, ctx string) {
	v := derefNode(ip.val)
	if isNull(v) {
		return
	}
	ctx += "ignore: "
	if v.Kind != yaml.SequenceNode {
		p.errorf(ip.val, ctx, "want a list of case ids, got %s", nodeKindName(v))
		return
	}
	first := map[string]*yaml.Node{}
	for i, item := range v.Content {
		it := derefNode(item)
		if it.Kind != yaml.ScalarNode || isNull(it) {
			p.errorf(item, ctx, "item %d: want a case id (a string), got %s", i+1, nodeKindName(it))
			continue
		}
		id, ok := p.str(pair{name: fmt.Sprintf("item %d", i+1), key: item, val: item}, ctx)
		if !ok {
			continue
		}
		if prev, dup := first[id]; dup {
			p.errorf(item, ctx, "%q listed twice (first at line %d)", id, prev.Line)
			continue
		}
		first[id] = item
		fn.Ignore = append(fn.Ignore, id)
	}
}

func (p *parser) caseItem(fn *Function, index int, item *yaml.Node, ctx string) *Case {
	it := derefNode(item)
	c := &Case{Pos: p.pos(it), Fields: map[string]Pos{}, Review: reviewComment(item.HeadComment)}
	defer p.quietIf(c, len(p.errs))
	label := fmt.Sprintf("case %d: ", index)
	if it.Kind != yaml.MappingNode {
		p.errorf(item, ctx, "%swant a mapping, got %s", label, nodeKindName(it))
		p.skip.broken[c] = true
		return c
	}
	prs := p.pairs(it, ctx+label)
	body, hash := it, ""
	var caseKey *yaml.Node
	for _, pr := range prs {
		if pr.name == "case" {
			body, hash = derefNode(pr.val), generatedHash(pr.key.LineComment)
			caseKey = pr.key
			if isNull(body) {
				return c // Validate reports the empty case
			}
			if body.Kind != yaml.MappingNode {
				p.errorf(pr.val, ctx, "%swant a mapping of %s, got %s", label, strings.Join(caseKeys, ", "), nodeKindName(body))
				p.skip.broken[c] = true
				return c
			}
			break
		}
	}
	if body != it {
		for _, pr := range prs {
			if pr.name != "case" {
				p.errorf(pr.key, ctx, "%sunknown key %q beside case; indent it under case", label, pr.name)
			}
		}
		prs = p.pairs(body, ctx+label)
	}
	for _, pr := range prs {
		if pr.name == "id" {
			if id, ok := p.str(pr, ctx+label); ok {
				c.ID = id
				label = fmt.Sprintf("case %q: ", id)
			}
		}
	}
	cctx := ctx + label
	for _, pr := range prs {
		ok := true
		switch pr.name {
		case "id":
		case "types":
			c.Types, ok = p.typeArgs(pr, cctx)
		case "input":
			c.Input, ok = p.value(pr, cctx)
		case "inputs":
			c.Inputs, ok = p.value(pr, cctx)
		case "globals":
			c.Globals, ok = p.value(pr, cctx)
		case "receiver":
			c.Receiver, ok = p.value(pr, cctx)
		case "panicking":
			c.Panicking, ok = p.value(pr, cctx)
		case "expected":
			c.Expected, ok = p.value(pr, cctx)
		case "raises":
			c.Raises, ok = p.str(pr, cctx)
		case "match":
			c.Match, ok = p.str(pr, cctx)
		case "receiver_after":
			c.ReceiverAfter, ok = p.value(pr, cctx)
		case "inputs_after":
			c.InputsAfter, ok = p.value(pr, cctx)
		case "duration":
			var d Duration
			if d, ok = p.duration(pr, cctx); ok {
				c.Duration = &d
			}
		case "tolerance":
			c.Tolerance, ok = p.tolerance(pr, cctx)
		case "unordered":
			c.Unordered, ok = p.boolean(pr, cctx)
		default:
			p.unknownKey(pr, cctx, "key", caseKeys)
			ok = false
		}
		if ok {
			c.Fields[pr.name] = p.pos(pr.key)
		}
	}
	if hash != "" {
		c.Generated = hash == caseFingerprint(c)
		c.Annotated = annotated(index, item, caseKey, body)
	}
	return c
}

// annotated reports whether a person wrote a comment on a case (see
// Case.Annotated).
func annotated(index int, item, caseKey, body *yaml.Node) bool {
	if index > 1 && userHead(item.HeadComment) != "" {
		return true
	}
	if caseKey != nil {
		if _, rest := markerComment(caseKey.LineComment, generatedMarker); rest != "" || caseKey.HeadComment != "" {
			return true
		}
	}
	return hasComment(body)
}

// hasComment reports whether n or a node below it carries a comment
// above or beside it. Comments below a node are left out: after a
// case's last key they are as likely about the cases that follow.
func hasComment(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	if n.HeadComment != "" || n.LineComment != "" {
		return true
	}
	for _, c := range n.Content {
		if hasComment(c) {
			return true
		}
	}
	return false
}

// typeArgs reads a case's types: a mapping from type parameter name to
// a Go type, as a string.
func (p *parser) typeArgs(pr pair, ctx string) (TypeArgs, bool) {
	v := derefNode(pr.val)
	if v.Kind != yaml.MappingNode {
		p.errorf(pr.val, ctx, "types: want a mapping from type parameter name to Go type, such as {T: int}, got %s", nodeKindName(v))
		return nil, false
	}
	var out TypeArgs
	ok := true
	for _, tp := range p.pairs(v, ctx+"types: ") {
		t, good := p.str(tp, ctx+"types: ")
		if !good {
			ok = false
			continue
		}
		out = append(out, TypeArg{Param: tp.name, Type: t, Pos: p.pos(derefNode(tp.val))})
	}
	return out, ok
}

func (p *parser) tolerance(pr pair, ctx string) (float64, bool) {
	v := derefNode(pr.val)
	if v.Kind == yaml.ScalarNode && (v.ShortTag() == tagInt || v.ShortTag() == tagFloat) {
		var f float64
		if err := v.Decode(&f); err == nil {
			return f, true
		}
	}
	p.errorf(pr.val, ctx, "tolerance: want a number, got %s", nodeKindName(v))
	return 0, false
}

// Validate checks a spec built in memory (Parse validates what it
// loads): function names, cases that contradict themselves, regular
// expressions, durations and tolerances. It returns an Errors naming
// every problem, positioned where the File has positions.
func (f *File) Validate() error {
	return validate(f, skips{}).err()
}

// raisesShape matches what raises may name besides "error" and "panic":
// an error type, possibly a pointer, or a sentinel, possibly qualified.
var raisesShape = regexp.MustCompile(`^\*?(?:[\p{L}\p{N}_.\-~/]+\.)?[\p{L}_][\p{L}\p{N}_]*$`)

func validate(f *File, skip skips) Errors {
	var errs Errors
	add := func(pos Pos, ctx, format string, args ...any) {
		errs = append(errs, &Error{Pos: pos, Msg: ctx + fmt.Sprintf(format, args...)})
	}
	seenFn := map[string]*Function{}
	for _, fn := range f.Functions {
		ctx := fn.Name + ": "
		if !ValidName(fn.Name) {
			add(fn.Pos, "", "invalid function name %q: want Name, Type.Method or (*Type).Method", fn.Name)
		}
		if prev, ok := seenFn[fn.Name]; ok {
			add(fn.Pos, "", "duplicate function %s%s", fn.Name, firstAt(prev.Pos))
		} else {
			seenFn[fn.Name] = fn
		}
		if len(fn.Dataset) == 0 && !skip.quiet[fn] {
			add(fn.Pos, ctx, "no cases")
		}
		validateEvals(fn.Evals, ctx+"evals: ", skip, add)
		ids := map[string]*Case{}
		for i, c := range fn.Dataset {
			if skip.broken[c] {
				continue
			}
			label := fmt.Sprintf("case %d: ", i+1)
			if c.ID != "" {
				label = fmt.Sprintf("case %q: ", c.ID)
			}
			validateCase(fn, c, ctx+label, skip, add)
			if c.ID == "" {
				continue
			}
			if prev, ok := ids[c.ID]; ok {
				add(c.field("id"), ctx+label, "duplicate id%s", firstAt(prev.field("id")))
			} else {
				ids[c.ID] = c
			}
		}
	}
	return errs
}

func firstAt(p Pos) string {
	if p.Line == 0 {
		return ""
	}
	return fmt.Sprintf(" (first at line %d)", p.Line)
}

// field returns the position of a key of the case, or of the case.
func (c *Case) field(name string) Pos {
	if p, ok := c.Fields[name]; ok {
		return p
	}
	return c.Pos
}

func validateEvals(e Evals, ctx string, skip skips, add func(Pos, string, string, ...any)) {
	if t := e.Type; t != nil && strings.TrimSpace(t.Type) == "" && !skip.quiet[t] {
		add(t.Pos, ctx, "Type: missing type")
	}
	if a := e.Assertion; a != nil && strings.TrimSpace(a.Assertion) == "" && !skip.quiet[a] {
		add(a.Pos, ctx, "Assertion: missing assertion")
	}
	if d := e.Duration; d != nil && d.Duration.Duration <= 0 && !skip.quiet[d] {
		add(d.Pos, ctx, "Duration: duration must be positive, got %s", d.Duration)
	}
	if pe := e.Pattern; pe != nil {
		if pe.Pattern == "" {
			if !skip.quiet[pe] {
				add(pe.Pos, ctx, "Pattern: missing pattern")
			}
		} else if _, err := regexp.Compile(pe.Pattern); err != nil {
			add(pe.Pos, ctx, "Pattern: %v", err)
		}
	}
	if j := e.LLMJudge; j != nil && strings.TrimSpace(j.Rubric) == "" && !skip.quiet[j] {
		add(j.Pos, ctx, "LLMJudge: missing rubric")
	}
}

func validateCase(fn *Function, c *Case, ctx string, skip skips, add func(Pos, string, string, ...any)) {
	if c.ID == "" && len(c.Types) == 0 && c.Input == nil && c.Inputs == nil && c.Receiver == nil && c.Globals == nil && c.Panicking == nil && c.Expected == nil &&
		c.Raises == "" && c.Match == "" && c.ReceiverAfter == nil && c.InputsAfter == nil && c.Duration == nil && c.Tolerance == 0 && !c.Unordered {
		if !skip.quiet[c] {
			add(c.Pos, ctx, "empty case")
		}
		return
	}
	for _, ta := range c.Types {
		pos := ta.Pos
		if pos.Line == 0 {
			pos = c.field("types")
		}
		switch {
		case !token.IsIdentifier(ta.Param):
			add(pos, ctx, "types: %q is not a type parameter name", ta.Param)
		case strings.TrimSpace(ta.Type) == "":
			add(pos, ctx, "types: %s: empty type", ta.Param)
		default:
			if _, err := goparser.ParseExpr(ta.Type); err != nil {
				add(pos, ctx, "types: %s: %q is not a Go type: %v", ta.Param, ta.Type, err)
			}
		}
	}
	if c.Input != nil && c.Inputs != nil {
		add(c.field("inputs"), ctx, "both input and inputs given; input is the one argument, inputs all of them")
	}
	if c.Inputs != nil && c.Inputs.Kind != List && c.Inputs.Kind != Map {
		add(c.field("inputs"), ctx, "inputs: want a map by parameter name or a list in order, got %s", valueKindName(*c.Inputs))
	}
	if c.Globals != nil {
		if c.Globals.Kind != Map {
			add(c.field("globals"), ctx, "globals: want a map by package-level variable name, got %s", valueKindName(*c.Globals))
		} else {
			for _, e := range c.Globals.Map {
				if e.Key.Kind != String || !token.IsIdentifier(e.Key.Str) {
					add(c.field("globals"), ctx, "globals: key %s is not a variable name", e.Key)
				}
			}
		}
	}
	if c.Receiver != nil && !IsMethodName(fn.Name) {
		add(c.field("receiver"), ctx, "receiver given, but %s is not a method", fn.Name)
	}
	if c.Panicking != nil && c.Panicking.Kind != String && c.Panicking.Kind != Code {
		add(c.field("panicking"), ctx, "panicking: want the panic's value as a string or as code ({go: ...}), got %s", valueKindName(*c.Panicking))
	}
	if c.Expected != nil && c.Expected.hasCode() {
		add(c.field("expected"), ctx, "expected: a value built by code ({go: ...}) is an input, not a result; write the result's value (a map with the one key go is written !!map {go: ...})")
	}
	if c.ReceiverAfter != nil {
		switch {
		case !IsMethodName(fn.Name):
			add(c.field("receiver_after"), ctx, "receiver_after given, but %s is not a method", fn.Name)
		case !IsPointerMethodName(fn.Name):
			add(c.field("receiver_after"), ctx, "receiver_after given, but %s has a value receiver: the call cannot change the caller's receiver", fn.Name)
		case c.ReceiverAfter.hasCode():
			add(c.field("receiver_after"), ctx, "receiver_after: a value built by code ({go: ...}) is an input, not a result; write the receiver's value")
		case c.Raises == "panic":
			add(c.field("receiver_after"), ctx, "receiver_after given with raises: panic; the receiver is observed only after a call that returns")
		}
	}
	if c.InputsAfter != nil {
		switch {
		case c.InputsAfter.Kind != Map:
			add(c.field("inputs_after"), ctx, "inputs_after: want a map by parameter name of the arguments as the call leaves them, got %s", c.InputsAfter.Kind)
		case c.InputsAfter.hasCode():
			add(c.field("inputs_after"), ctx, "inputs_after: a value built by code ({go: ...}) is an input, not a result; write the argument's value")
		case c.Raises == "panic":
			add(c.field("inputs_after"), ctx, "inputs_after given with raises: panic; the arguments are observed only after a call that returns")
		}
	}
	if c.Expected != nil && c.Raises != "" {
		add(c.field("raises"), ctx, "both expected and raises given; a case either returns or fails")
	}
	if c.Raises != "" && c.Raises != "error" && c.Raises != "panic" && !raisesShape.MatchString(c.Raises) {
		add(c.field("raises"), ctx, "raises: want error, panic, an error type such as *strconv.NumError or a sentinel such as io.EOF, got %q", c.Raises)
	}
	if c.Match != "" {
		if c.Raises == "" {
			add(c.field("match"), ctx, "match without raises")
		}
		if _, err := regexp.Compile(c.Match); err != nil {
			add(c.field("match"), ctx, "match: %v", err)
		}
	}
	if c.Duration != nil && c.Duration.Duration <= 0 {
		add(c.field("duration"), ctx, "duration must be positive, got %s", c.Duration)
	}
	if c.Tolerance < 0 || math.IsNaN(c.Tolerance) || math.IsInf(c.Tolerance, 0) {
		add(c.field("tolerance"), ctx, "tolerance must be a finite number >= 0, got %s", FormatFloat(c.Tolerance))
	}
	if c.Unordered && !c.StatesValues() {
		add(c.field("unordered"), ctx, "unordered: the case states no expected, receiver_after or inputs_after to compare in any order")
	}
}

// hasCode reports whether v is or holds a value built by code.
func (v Value) hasCode() bool {
	switch v.Kind {
	case Code:
		return true
	case List:
		for _, e := range v.List {
			if e.hasCode() {
				return true
			}
		}
	case Map:
		for _, e := range v.Map {
			if e.Key.hasCode() || e.Val.hasCode() {
				return true
			}
		}
	}
	return false
}

func valueKindName(v Value) string {
	switch v.Kind {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Int, Uint:
		return "an integer"
	case Float:
		return "a float"
	case String:
		return "a string"
	case List:
		return "a list"
	case Map:
		return "a mapping"
	case Code:
		return "Go code"
	}
	return v.Kind.String()
}
