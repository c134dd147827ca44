package llm

import (
	"errors"
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// ParseSpec reads a model's YAML answer as the spec of f. It sanitizes
// the text (code fences, tabs, escaped newlines), strips YAML tags that
// are not plain data (!!python/tuple, !!set, custom tags), finds the
// function (under its name, a qualified or misspelt one, or none),
// fixes what it can — misspelt or aliased keys, evaluators given as
// scalars or under other names, a Type evaluator that names another
// type, inputs shaped for another arity, sets written for lists,
// struct fields in another case, Python spellings of nil, booleans and
// exception names, regexps that do not compile, duplicate ids; type
// arguments given as a list or under misspelt names; Go code
// ({go: ...}) qualified by the package's own name, or written as a bare
// call; the keys of an observed result ("Major" for "Major()") —
// parses the result with spec.Parse, and drops the cases and evaluators
// that still have problems. It returns the function and a note per fix;
// the note of a dropped case says what is wrong with it (a value of a
// type with unexported fields written as plain data, a spec that does
// not load), so that a refinement can do better.
//
// Expected values are taken as written: the pipeline checks them by
// execution.
func ParseSpec(f *target.Func, text string) (*spec.Function, []string, error) {
	fx := &fixer{fi: newFuncInfo(f), counts: map[string]int{}}
	text = fx.cleanText(text)
	if strings.TrimSpace(text) == "" {
		return nil, nil, errors.New("the answer holds no YAML")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, nil, fmt.Errorf("the YAML does not parse: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, nil, errors.New("the answer holds no YAML document")
	}
	fx.stripTags(&doc)
	fnNode, err := fx.findFunction(doc.Content[0])
	if err != nil {
		return nil, fx.notes(), err
	}
	fnNode = fx.fixFunction(fnNode)
	fn, err := fx.parse(fnNode)
	return fn, fx.notes(), err
}

// fixer repairs one answer, counting its fixes.
type fixer struct {
	fi     *funcInfo
	counts map[string]int
	order  []string
	// unbuilt are the problems of the case being fixed whose inputs of
	// types built by code are plain data: the case is dropped.
	unbuilt []string
}

func (fx *fixer) fixf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if fx.counts[msg] == 0 {
		fx.order = append(fx.order, msg)
	}
	fx.counts[msg]++
}

// notes lists the fixes, with a count for repeated ones.
func (fx *fixer) notes() []string {
	var out []string
	for _, m := range fx.order {
		if n := fx.counts[m]; n > 1 {
			m = fmt.Sprintf("%s (%d times)", m, n)
		}
		out = append(out, m)
	}
	return out
}

// fence matches a Markdown code fence around the whole answer.
var fence = regexp.MustCompile("(?s)^\\s*```[a-zA-Z]*\\s*\\n(.*?)\\n?\\s*```\\s*$")

// cleanText undoes what models do to YAML text on the way.
func (fx *fixer) cleanText(text string) string {
	text = strings.TrimPrefix(text, "\ufeff")
	if !strings.Contains(text, "\n") && strings.Contains(text, `\n`) {
		text = strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\"`, `"`).Replace(text)
		fx.fixf("unescaped the newlines of the YAML")
	}
	if m := fence.FindStringSubmatch(text); m != nil {
		text = m[1]
		fx.fixf("removed the code fence around the YAML")
	} else if i := strings.Index(text, "```yaml"); i >= 0 {
		// Prose around a fenced block.
		rest := text[i+len("```yaml"):]
		if j := strings.Index(rest, "```"); j >= 0 {
			text = rest[:j]
			fx.fixf("kept only the fenced YAML block of the answer")
		}
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, "\t")
		if n := len(l) - len(trimmed); n > 0 {
			lines[i] = strings.Repeat("  ", n) + trimmed
			fx.fixf("replaced tabs in the indentation")
		}
	}
	text = strings.Join(lines, "\n")
	if q := pointerRaises.ReplaceAllString(text, `${1}"${2}"`); q != text {
		text = q
		fx.fixf("quoted a raises pointer type (YAML reads *name as an alias)")
	}
	return text
}

// pointerRaises matches an unquoted pointer error type after raises:,
// which YAML would read as an alias.
var pointerRaises = regexp.MustCompile(`(\braises:[ \t]*)(\*[\p{L}_][\p{L}\p{N}_./]*)`)

// coreTags are the YAML tags of plain data, kept as they are.
var coreTags = map[string]bool{
	"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true,
	"!!seq": true, "!!map": true, "!!binary": true, "!!merge": true, "!!timestamp": true,
}

// stripTags removes every tag that is not plain data, so that the node
// is read for what it looks like: !!python/tuple [1, 2] is a list,
// !!set {a, b} a mapping with null values (made a list later where a
// list is wanted), !!python/object:x {…} a mapping.
func (fx *fixer) stripTags(n *yaml.Node) {
	if n == nil {
		return
	}
	if n.Kind != yaml.DocumentNode && n.Kind != yaml.AliasNode && n.Tag != "" && !coreTags[n.ShortTag()] {
		fx.fixf("stripped the YAML tag %s", n.ShortTag())
		n.Tag = ""
		n.Style &^= yaml.TaggedStyle
		if n.Kind == yaml.ScalarNode && n.Value == "" && n.Style == 0 {
			n.Tag = "!!null"
		}
	}
	for _, c := range n.Content {
		fx.stripTags(c)
	}
}

// Node helpers for mappings.

func mapGet(m *yaml.Node, key string) (int, *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return -1, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return i, m.Content[i+1]
		}
	}
	return -1, nil
}

func mapDelete(m *yaml.Node, key string) {
	if i, _ := mapGet(m, key); i >= 0 {
		m.Content = append(m.Content[:i], m.Content[i+2:]...)
	}
}

func mapSet(m *yaml.Node, key string, v *yaml.Node) {
	if i, _ := mapGet(m, key); i >= 0 {
		m.Content[i+1] = v
		return
	}
	m.Content = append(m.Content, strNode(key), v)
}

func mapKeys(m *yaml.Node) []string {
	var out []string
	for i := 0; i+1 < len(m.Content); i += 2 {
		out = append(out, m.Content[i].Value)
	}
	return out
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func newMap(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Content = append(m.Content, strNode(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return m
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func isNullNode(n *yaml.Node) bool {
	n = deref(n)
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// loose is a name reduced for loose comparison: lower case, without
// '_', '-', '*', '(', ')' and spaces.
func loose(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '_', '-', '*', '(', ')', ' ':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// closest finds name among candidates: exactly, loosely (case, '_' and
// '-' aside), through aliases, or by edit distance (spec.Suggest).
func closest(name string, candidates []string, aliases map[string]string) string {
	for _, c := range candidates {
		if c == name {
			return c
		}
	}
	for _, c := range candidates {
		if loose(c) == loose(name) {
			return c
		}
	}
	if a, ok := aliases[loose(name)]; ok {
		return a
	}
	return spec.Suggest(name, candidates)
}

// findFunction returns the node of f's spec in the document: under f's
// name, a qualified or misspelt one, the only function of the
// document, or the document itself when it is a function's body or
// its dataset.
func (fx *fixer) findFunction(root *yaml.Node) (*yaml.Node, error) {
	name := fx.fi.f.Name
	root = deref(root)
	switch root.Kind {
	case yaml.SequenceNode:
		fx.fixf("the answer was a list of cases: took it as the dataset")
		return newMap("dataset", root), nil
	case yaml.MappingNode:
	default:
		return nil, fmt.Errorf("the YAML is a %s, not a mapping with the function %s", kindName(root), name)
	}
	if _, v := mapGet(root, name); v != nil {
		return v, nil
	}
	keys := mapKeys(root)
	for _, k := range keys {
		if _, ok := functionKeyAliases[loose(k)]; ok || k == "evals" || k == "dataset" {
			fx.fixf("the answer had no function name at the top: took it as the spec of %s", name)
			return root, nil
		}
	}
	var candidates []string
	for _, k := range keys {
		if k != "package" {
			candidates = append(candidates, k)
		}
	}
	want := loose(name)
	for _, k := range candidates {
		short := k
		if i := strings.LastIndex(k, "."); i >= 0 && !strings.Contains(name, ".") {
			short = k[i+1:]
		}
		if loose(k) == want || loose(short) == want || strings.HasSuffix(loose(k), "."+want) {
			_, v := mapGet(root, k)
			fx.fixf("renamed the function %q to %q", k, name)
			return v, nil
		}
	}
	if len(candidates) == 1 {
		_, v := mapGet(root, candidates[0])
		if vv := deref(v); vv != nil && vv.Kind == yaml.MappingNode {
			if _, inner := mapGet(vv, name); inner != nil {
				fx.fixf("took the function %s from under %q", name, candidates[0])
				return inner, nil
			}
		}
		fx.fixf("renamed the function %q to %q", candidates[0], name)
		return v, nil
	}
	return nil, fmt.Errorf("no spec of %s in the YAML (its keys: %s)", name, strings.Join(keys, ", "))
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "mapping"
	case yaml.ScalarNode:
		return "scalar"
	}
	return "node"
}

// functionKeyAliases maps loose spellings of a function spec's keys.
var functionKeyAliases = map[string]string{
	"eval": "evals", "evaluators": "evals", "evaluator": "evals", "checks": "evals",
	"cases": "dataset", "tests": "dataset", "testcases": "dataset", "examples": "dataset",
	"data": "dataset", "datasets": "dataset",
}

// fixFunction repairs a function spec's keys, evaluators and cases.
func (fx *fixer) fixFunction(fn *yaml.Node) *yaml.Node {
	fn = deref(fn)
	if fn.Kind == yaml.SequenceNode {
		fx.fixf("the function's spec was a list of cases: took it as the dataset")
		fn = newMap("dataset", fn)
	}
	if fn.Kind != yaml.MappingNode {
		return fn
	}
	out := newMap()
	for i := 0; i+1 < len(fn.Content); i += 2 {
		k, v := fn.Content[i].Value, fn.Content[i+1]
		key := closest(k, []string{"evals", "dataset"}, functionKeyAliases)
		switch {
		case key == "":
			fx.fixf("dropped the unknown key %q of the function", k)
			continue
		case key != k:
			fx.fixf("renamed the key %q to %q", k, key)
		}
		if _, dup := mapGet(out, key); dup != nil {
			fx.fixf("dropped a second %q", key)
			continue
		}
		mapSet(out, key, v)
	}
	if _, ev := mapGet(out, "evals"); ev != nil {
		mapSet(out, "evals", fx.fixEvals(ev))
	}
	if _, ds := mapGet(out, "dataset"); ds != nil {
		mapSet(out, "dataset", fx.fixDataset(ds))
	}
	return out
}

// Other names a model may give evaluators, by loose name, and what
// becomes of them ("" drops them: timing is measured, not guessed; the
// outcome is per case).
var evalAliases = map[string]string{
	"isinstance": "Type", "typecheck": "Type", "returntype": "Type", "outputtype": "Type",
	"assert": "Assertion", "assertions": "Assertion", "invariant": "Assertion", "property": "Assertion",
	"regex": "Pattern", "regexp": "Pattern", "matches": "Pattern",
	"maxduration": "", "timeout": "", "performance": "",
	"judge": "", "equalsexpected": "", "exception": "",
}

// evalByName names the evaluator that a model's key k stands for: an
// evaluator of spec.Evaluators by loose name, kept when a spec agent may
// draft it, or an alias. "" drops the key; false says k is none of these.
func evalByName(k string) (spec.EvalName, bool) {
	for _, ev := range spec.Evaluators() {
		if loose(string(ev.Name)) == loose(k) {
			if !ev.Drafted {
				return "", true
			}
			return ev.Name, true
		}
	}
	name, ok := evalAliases[loose(k)]
	return spec.EvalName(name), ok
}

// draftedEvals are the names of the evaluators a spec agent may write.
func draftedEvals() []string {
	var names []string
	for _, ev := range spec.Evaluators() {
		if ev.Drafted {
			names = append(names, string(ev.Name))
		}
	}
	return names
}

var evalParamAliases = map[string]string{
	"expression": "assertion", "expr": "assertion", "condition": "assertion", "check": "assertion",
	"regex": "pattern", "regexp": "pattern",
	"name": "type", "value": "type", "typename": "type",
	"casesensitive": "case_sensitive", "ignorecase": "", "asstrings": "as_strings",
}

// fixEvals repairs the evaluators: names, shapes, parameters, and the
// Type evaluator's type, which is known.
func (fx *fixer) fixEvals(ev *yaml.Node) *yaml.Node {
	ev = deref(ev)
	if isNullNode(ev) {
		return ev
	}
	if ev.Kind == yaml.SequenceNode {
		// [{Type: {...}}, {Assertion: ...}] or [Type, ...]
		m := newMap()
		for _, item := range ev.Content {
			item = deref(item)
			switch item.Kind {
			case yaml.MappingNode:
				m.Content = append(m.Content, item.Content...)
			case yaml.ScalarNode:
				m.Content = append(m.Content, strNode(item.Value), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"})
			}
		}
		fx.fixf("evals was a list: made it a mapping")
		ev = m
	}
	if ev.Kind != yaml.MappingNode {
		fx.fixf("dropped evals that were not a mapping")
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
	}
	known := draftedEvals()
	out := newMap()
	for i := 0; i+1 < len(ev.Content); i += 2 {
		k, v := ev.Content[i].Value, deref(ev.Content[i+1])
		name, aliased := evalByName(k)
		if !aliased {
			name = spec.EvalName(spec.Suggest(k, known))
		}
		switch {
		case name == "":
			fx.fixf("dropped the evaluator %q", k)
			continue
		case string(name) != k:
			fx.fixf("renamed the evaluator %q to %q", k, name)
		}
		if _, dup := mapGet(out, string(name)); dup != nil {
			fx.fixf("dropped a second %s evaluator", name)
			continue
		}
		params := fx.fixEvalParams(name, v)
		if params == nil {
			continue
		}
		mapSet(out, string(name), params)
	}
	if len(out.Content) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
	}
	return out
}

// fixEvalParams repairs one evaluator's parameters; nil drops it.
func (fx *fixer) fixEvalParams(name spec.EvalName, v *yaml.Node) *yaml.Node {
	ev, _ := spec.LookupEvaluator(string(name))
	resultType := fx.fi.resultType()
	if ev.NeedsResult && resultType == "" {
		fx.fixf("dropped the %s evaluator: %s has no non-error result", name, fx.fi.f.Name)
		return nil
	}
	if v.Kind == yaml.ScalarNode && !isNullNode(v) {
		if p := ev.Required; p != "" {
			fx.fixf("wrote the %s evaluator as a mapping", name)
			v = newMap(p, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v.Value})
		}
	}
	// An evaluator without parameters needs none, but for Type: its
	// type is known, and set below.
	if isNullNode(v) && ev.Required != "" && name != spec.EvalType {
		fx.fixf("dropped the %s evaluator without parameters", name)
		return nil
	}
	if isNullNode(v) {
		v = newMap()
	}
	if v.Kind != yaml.MappingNode {
		fx.fixf("dropped the %s evaluator: its parameters are not a mapping", name)
		return nil
	}
	out := newMap()
	for i := 0; i+1 < len(v.Content); i += 2 {
		k := v.Content[i].Value
		p := closest(k, ev.Params, evalParamAliases)
		if p == "" {
			fx.fixf("dropped the parameter %q of %s", k, name)
			continue
		}
		if p != k {
			fx.fixf("renamed the parameter %q of %s to %q", k, name, p)
		}
		mapSet(out, p, v.Content[i+1])
	}
	switch name {
	case spec.EvalType:
		_, t := mapGet(out, "type")
		if t == nil || t.Value != resultType {
			if t != nil {
				fx.fixf("set the Type evaluator to %s, the result type (it said %s)", resultType, t.Value)
			}
			mapSet(out, "type", strNode(resultType))
		}
	case spec.EvalAssertion:
		_, a := mapGet(out, "assertion")
		if a == nil || strings.TrimSpace(a.Value) == "" {
			fx.fixf("dropped an Assertion without an expression")
			return nil
		}
		if goExpr, changed := pythonToGo(a.Value); changed {
			fx.fixf("rewrote the Assertion %q in Go: %q", a.Value, goExpr)
			mapSet(out, "assertion", strNode(goExpr))
		}
	case spec.EvalPattern:
		_, p := mapGet(out, "pattern")
		if p == nil {
			fx.fixf("dropped a Pattern without a pattern")
			return nil
		}
		if _, err := regexp.Compile(p.Value); err != nil {
			fx.fixf("dropped the Pattern %q: %v", p.Value, err)
			return nil
		}
	}
	return out
}

// pythonWords are Python spellings in an assertion and their Go.
var pythonWords = []struct{ re, goText string }{
	{`\bis not None\b`, "!= nil"},
	{`\bis None\b`, "== nil"},
	{`\bNone\b`, "nil"},
	{`\bTrue\b`, "true"},
	{`\bFalse\b`, "false"},
	{`\band\b`, "&&"},
	{`\bor\b`, "||"},
	{`\bnot\s+`, "!"},
}

// pythonToGo rewrites the Python spellings of an assertion without
// string literals in Go.
func pythonToGo(expr string) (string, bool) {
	if strings.ContainsAny(expr, "\"'`") {
		return expr, false
	}
	out := expr
	for _, w := range pythonWords {
		out = regexp.MustCompile(w.re).ReplaceAllString(out, w.goText)
	}
	return out, out != expr
}

// fixDataset repairs the list of cases.
func (fx *fixer) fixDataset(ds *yaml.Node) *yaml.Node {
	ds = deref(ds)
	if ds.Kind == yaml.MappingNode {
		// {plain: {inputs: …}, empty: {…}}: ids to cases.
		seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for i := 0; i+1 < len(ds.Content); i += 2 {
			body := deref(ds.Content[i+1])
			if body.Kind == yaml.MappingNode {
				if _, has := mapGet(body, "id"); has == nil {
					body.Content = append([]*yaml.Node{strNode("id"), strNode(ds.Content[i].Value)}, body.Content...)
				}
			}
			seq.Content = append(seq.Content, body)
		}
		fx.fixf("dataset was a mapping of ids to cases: made it a list")
		ds = seq
	}
	if ds.Kind != yaml.SequenceNode {
		return ds
	}
	out := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	ids := map[string]bool{}
	for i, item := range ds.Content {
		c := fx.fixCase(i+1, deref(item))
		if c == nil {
			continue
		}
		if _, id := mapGet(c, "id"); id != nil && id.Kind == yaml.ScalarNode && id.Value != "" {
			if ids[id.Value] {
				base := id.Value
				for n := 2; ; n++ {
					cand := fmt.Sprintf("%s-%d", base, n)
					if !ids[cand] {
						fx.fixf("renamed a duplicate case id %q", base)
						mapSet(c, "id", strNode(cand))
						id = strNode(cand)
						break
					}
				}
			}
			ids[id.Value] = true
		}
		out.Content = append(out.Content, newMap("case", c))
	}
	return out
}

// caseAliases maps loose spellings of case keys.
var caseAliases = map[string]string{
	"name": "id", "caseid": "id", "title": "id",
	"args": "inputs", "arguments": "inputs", "params": "inputs", "parameters": "inputs", "kwargs": "inputs",
	"arg": "input", "argument": "input",
	"expectedoutput": "expected", "output": "expected", "result": "expected", "returns": "expected",
	"return": "expected", "want": "expected", "expect": "expected", "expectedresult": "expected",
	"exception": "raises", "error": "raises", "raise": "raises", "throws": "raises", "expectederror": "raises",
	"panics": "raises", "expectedexception": "raises", "errortype": "raises",
	"errormessage": "match", "message": "match", "msg": "match", "matches": "match", "errormatch": "match",
	"expectedmessage": "match", "pattern": "match",
	"description": "", "comment": "", "note": "", "notes": "", "reason": "", "why": "", "category": "", "tags": "",
	"maxduration": "duration", "timeout": "duration",
	"typeargs": "types", "typearguments": "types", "typeparams": "types", "typeparameters": "types",
	"generics": "types", "instantiation": "types", "type": "types",
}

var caseKeys = []string{"id", "types", "receiver", "input", "inputs", "expected", "raises", "match", "receiver_after", "inputs_after", "duration", "tolerance", "unordered"}

// fixCase repairs one dataset item and returns the case body, or nil
// to drop it.
func (fx *fixer) fixCase(index int, item *yaml.Node) *yaml.Node {
	if item.Kind != yaml.MappingNode {
		fx.fixf("dropped a case that was not a mapping")
		return nil
	}
	body := item
	if _, c := mapGet(item, "case"); c != nil {
		c = deref(c)
		if c.Kind != yaml.MappingNode {
			fx.fixf("dropped a case that was not a mapping")
			return nil
		}
		body = c
		for _, k := range mapKeys(item) {
			if k != "case" {
				_, v := mapGet(item, k)
				if _, taken := mapGet(body, k); taken == nil {
					mapSet(body, k, v)
					fx.fixf("moved the key %q beside case into the case", k)
				}
			}
		}
	}
	out := newMap()
	for i := 0; i+1 < len(body.Content); i += 2 {
		k := body.Content[i].Value
		key, aliased := caseAliases[loose(k)]
		if !aliased || slices.Contains(caseKeys, k) {
			key = closest(k, caseKeys, nil)
		}
		switch {
		case key == "":
			fx.fixf("dropped the unknown case key %q", k)
			continue
		case key != k:
			fx.fixf("renamed the case key %q to %q", k, key)
		}
		if _, dup := mapGet(out, key); dup != nil {
			fx.fixf("dropped a second %q of a case", key)
			continue
		}
		mapSet(out, key, body.Content[i+1])
	}
	if _, d := mapGet(out, "duration"); d != nil {
		fx.fixf("dropped per-case durations (timing is measured, not written)")
		mapDelete(out, "duration")
	}
	fx.fixTypes(out)
	fx.unbuilt = nil
	if _, r := mapGet(out, "receiver"); r != nil {
		if fx.fi.f.Recv == nil {
			fx.fixf("dropped a receiver: %s is not a method", fx.fi.f.Name)
			mapDelete(out, "receiver")
		} else {
			var rt types.Type = fx.fi.f.Recv
			if fx.fi.f.RecvPtr {
				rt = types.NewPointer(rt)
			}
			mapSet(out, "receiver", fx.input("receiver", r, rt))
		}
	}
	if _, a := mapGet(out, "receiver_after"); a != nil && (fx.fi.f.Recv == nil || !fx.fi.f.RecvPtr) {
		fx.fixf("dropped a receiver_after: %s has no pointer receiver", fx.fi.f.Name)
		mapDelete(out, "receiver_after")
	}
	fx.fixInputs(out)
	if len(fx.unbuilt) > 0 {
		for _, u := range fx.unbuilt {
			fx.fixf("dropped a case: %s", u)
		}
		return nil
	}
	fx.fixOutcome(out)
	if len(out.Content) == 0 {
		fx.fixf("dropped an empty case")
		return nil
	}
	return out
}

// fixTypes repairs a case's type arguments: dropped for a function that
// is not generic; a list or a single type given by position; type
// parameter names misspelt.
func (fx *fixer) fixTypes(c *yaml.Node) {
	_, tn := mapGet(c, "types")
	if tn == nil {
		return
	}
	tn = deref(tn)
	f := fx.fi.f
	if len(f.TypeParams) == 0 {
		fx.fixf("dropped types: %s is not generic", f.Name)
		mapDelete(c, "types")
		return
	}
	var names []string
	for _, tp := range f.TypeParams {
		names = append(names, tp.Name)
	}
	switch {
	case tn.Kind == yaml.ScalarNode && !isNullNode(tn) && len(names) == 1:
		fx.fixf("wrote types %s as {%s: %s}: types names each type parameter", tn.Value, names[0], tn.Value)
		mapSet(c, "types", newMap(names[0], strNode(tn.Value)))
	case tn.Kind == yaml.SequenceNode && len(tn.Content) == len(names):
		m := newMap()
		for i, e := range tn.Content {
			m.Content = append(m.Content, strNode(names[i]), deref(e))
		}
		fx.fixf("wrote the list of types as a mapping by type parameter name (%s)", strings.Join(names, ", "))
		mapSet(c, "types", m)
	case tn.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(tn.Content); i += 2 {
			k := tn.Content[i].Value
			if name := closest(k, names, nil); name != "" && name != k {
				fx.fixf("renamed the type parameter %q to %q", k, name)
				tn.Content[i] = strNode(name)
			}
		}
	}
}

// builtNamed returns the named type of the package under test that t is
// or points to, when its values are built by code (it has unexported
// fields), else nil.
func (fx *fixer) builtNamed(t types.Type) *types.Named {
	if fx.fi.f.Pkg == nil || fx.fi.f.Pkg.Types == nil {
		return nil
	}
	if n := fx.fi.packageNamed(t); n != nil && !target.Rebuilds(n) {
		return n
	}
	return nil
}

// input converts the value of an argument or the receiver (what names
// it) toward type t, as value does; a value of a type built by code that
// is plain data and cannot become code is recorded in fx.unbuilt, so
// that the case is dropped with the reason.
func (fx *fixer) input(what string, n *yaml.Node, t types.Type) *yaml.Node {
	n = deref(n)
	if n == nil || isCode(n) {
		return fx.value(n, t)
	}
	nt := fx.builtNamed(t)
	if nt == nil {
		return fx.value(n, t)
	}
	name := nt.Obj().Name()
	if n.Kind == yaml.ScalarNode && !isNullNode(n) {
		if src, ok := fx.asCode(n.Value); ok {
			fx.fixf("wrote %s %s as Go code {go: ...}: %s has unexported fields", what, n.Value, name)
			return newMap(codeKey, strNode(src))
		}
	}
	if isNullNode(n) || n.Kind == yaml.MappingNode && fx.exportedOnly(n, nt) {
		return fx.value(n, t) // nil, or a value of its exported fields
	}
	example := "&" + name + "{}"
	if call := fx.fi.exampleMaker(builtType{named: nt, funcs: fx.fi.makerFuncs(nt)}); call != "" {
		example = call
	}
	example = codeYAML(example)
	fx.unbuilt = append(fx.unbuilt, fmt.Sprintf("%s is plain data, but %s has unexported fields: write it as Go code that makes one, e.g. %s", what, name, example))
	return n
}

// exportedOnly reports whether the keys of the mapping m all name
// exported fields of the struct n, maybe misspelt: such a value leaves
// the unexported fields zero.
func (fx *fixer) exportedOnly(m *yaml.Node, n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	var fields []string
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Exported() {
			fields = append(fields, f.Name())
		}
	}
	for _, k := range mapKeys(m) {
		if closest(k, fields, nil) == "" {
			return false
		}
	}
	return true
}

// isCode reports whether n is a value built by code: a mapping with the
// one key go and a string, without the !!map tag that makes it a real
// map.
func isCode(n *yaml.Node) bool {
	n = deref(n)
	return n != nil && n.Kind == yaml.MappingNode && len(n.Content) == 2 && n.Content[0].Value == codeKey &&
		deref(n.Content[1]).Kind == yaml.ScalarNode && n.Style&yaml.TaggedStyle == 0
}

// asCode returns s as the text of a value built by code when it is a Go
// expression that calls a function or method (MustParse("1.2.3"),
// New().WithTimeout(3)), without the package's own qualifier.
func (fx *fixer) asCode(s string) (string, bool) {
	x, err := goparser.ParseExpr(s)
	if err != nil {
		return "", false
	}
	switch ast.Unparen(x).(type) {
	case *ast.CallExpr, *ast.CompositeLit, *ast.UnaryExpr:
	default:
		return "", false
	}
	src, _ := fx.unqualify(s)
	return src, true
}

// unqualify removes the package's own name from the selectors of the Go
// expression src (ledger.MustAmount(…) is MustAmount(…) inside the
// package); it reports whether it removed any. A name the package
// imports under the same name is kept.
func (fx *fixer) unqualify(src string) (string, bool) {
	p := fx.fi.f.Pkg
	if p == nil || p.Types == nil {
		return src, false
	}
	x, err := goparser.ParseExpr(src)
	if err != nil {
		return src, false
	}
	if _, imported := target.ImportsByName(p.Types)[p.Name]; imported {
		return src, false
	}
	var cuts [][2]int
	ast.Inspect(x, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == p.Name {
				cuts = append(cuts, [2]int{int(id.Pos()) - 1, int(sel.Sel.Pos()) - 1})
			}
		}
		return true
	})
	if len(cuts) == 0 {
		return src, false
	}
	var b strings.Builder
	at := 0
	for _, c := range cuts {
		b.WriteString(src[at:c[0]])
		at = c[1]
	}
	b.WriteString(src[at:])
	return b.String(), true
}

// fixInputs reshapes a case's arguments for the function's arity and
// parameter names, and converts their values by type.
func (fx *fixer) fixInputs(c *yaml.Node) {
	params := fx.fi.f.Params
	_, input := mapGet(c, "input")
	_, inputs := mapGet(c, "inputs")
	input, inputs = deref(input), deref(inputs)
	if len(params) == 0 {
		if input != nil || inputs != nil {
			fx.fixf("dropped the inputs of a case: %s takes no arguments", fx.fi.f.Name)
			mapDelete(c, "input")
			mapDelete(c, "inputs")
		}
		return
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	if input != nil && inputs != nil {
		fx.fixf("dropped input given beside inputs")
		mapDelete(c, "input")
		input = nil
	}
	if len(params) == 1 {
		p := params[0]
		switch {
		case inputs != nil && inputs.Kind == yaml.ScalarNode:
			fx.fixf("wrote a scalar inputs as input")
			mapDelete(c, "inputs")
			mapSet(c, "input", fx.input(p.Name, inputs, p.Type))
		case inputs != nil && inputs.Kind == yaml.SequenceNode && len(inputs.Content) != 1:
			fx.fixf("took a list of inputs as the one argument %s", p.Name)
			mapDelete(c, "inputs")
			mapSet(c, "input", fx.value(inputs, p.Type))
		case inputs != nil && inputs.Kind == yaml.SequenceNode:
			inputs.Content[0] = fx.input(p.Name, inputs.Content[0], p.Type)
		case inputs != nil && inputs.Kind == yaml.MappingNode:
			if _, v := mapGet(inputs, p.Name); v != nil && len(inputs.Content) == 2 {
				inputs.Content[1] = fx.input(p.Name, v, p.Type)
				break
			}
			if isCode(inputs) {
				fx.fixf("wrote inputs {go: ...} as the input of the one argument %s", p.Name)
				mapDelete(c, "inputs")
				mapSet(c, "input", fx.input(p.Name, inputs, p.Type))
				break
			}
			if len(inputs.Content) == 2 && !structOrMap(p.Type) {
				fx.fixf("renamed the argument %q to %q", inputs.Content[0].Value, p.Name)
				inputs.Content[0] = strNode(p.Name)
				inputs.Content[1] = fx.input(p.Name, inputs.Content[1], p.Type)
				break
			}
			if structOrMap(p.Type) {
				if _, v := mapGet(inputs, p.Name); v == nil {
					fx.fixf("took inputs as the value of the one argument %s", p.Name)
					mapDelete(c, "inputs")
					mapSet(c, "input", fx.value(inputs, p.Type))
				}
			}
		case input != nil:
			mapSet(c, "input", fx.input(p.Name, input, p.Type))
		}
		return
	}
	// Several parameters.
	if input != nil {
		switch {
		case input.Kind == yaml.MappingNode || input.Kind == yaml.SequenceNode && len(input.Content) == len(params):
			fx.fixf("wrote input as inputs: %s takes %d arguments", fx.fi.f.Name, len(params))
			mapDelete(c, "input")
			mapSet(c, "inputs", input)
			inputs = input
		default:
			return // the loader says what is wrong
		}
	}
	switch {
	case inputs == nil:
	case inputs.Kind == yaml.MappingNode:
		unknown, missing := oddOnes(mapKeys(inputs), names)
		for i := 0; i+1 < len(inputs.Content); i += 2 {
			k := inputs.Content[i].Value
			name := closest(k, names, nil)
			if name == "" && len(unknown) == 1 && len(missing) == 1 && k == unknown[0] {
				// The one argument that names no parameter is the one
				// parameter left without an argument.
				name = missing[0]
			}
			if name == "" {
				continue // the loader reports the unknown parameter
			}
			if name != k {
				fx.fixf("renamed the argument %q to %q", k, name)
				inputs.Content[i] = strNode(name)
			}
			for _, p := range params {
				if p.Name == name {
					inputs.Content[i+1] = fx.input(p.Name, inputs.Content[i+1], p.Type)
				}
			}
		}
	case inputs.Kind == yaml.SequenceNode && len(inputs.Content) == len(params):
		for i, p := range params {
			inputs.Content[i] = fx.input(p.Name, inputs.Content[i], p.Type)
		}
	}
}

// oddOnes returns the keys that name no parameter (even loosely) and
// the parameters no key names.
func oddOnes(keys, params []string) (unknown, missing []string) {
	named := map[string]bool{}
	for _, k := range keys {
		if p := closest(k, params, nil); p != "" {
			named[p] = true
		} else {
			unknown = append(unknown, k)
		}
	}
	for _, p := range params {
		if !named[p] {
			missing = append(missing, p)
		}
	}
	return unknown, missing
}

func structOrMap(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct, *types.Map:
		return true
	case *types.Pointer:
		return structOrMap(u.Elem())
	}
	return false
}

// value converts a value node toward type t: sets (mappings of nulls)
// to lists where t is a slice or array, Python's None to null where t
// is nilable, struct fields renamed to the type's exported fields.
func (fx *fixer) value(n *yaml.Node, t types.Type) *yaml.Node {
	n = deref(n)
	if n == nil || t == nil {
		return n
	}
	if isCode(n) {
		code := deref(n.Content[1])
		if src, ok := fx.unqualify(code.Value); ok {
			fx.fixf("removed the package qualifier %s. from the Go code %q: it runs inside the package", fx.fi.pkgName(), code.Value)
			n.Content[1] = strNode(src)
		}
		return n
	}
	if n.Kind == yaml.ScalarNode && (n.Value == "None" || n.Value == "nil") && n.Style == 0 && nilable(t) {
		fx.fixf("wrote %s as null", n.Value)
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return fx.value(n, u.Elem())
	case *types.Slice:
		return fx.list(n, u.Elem())
	case *types.Array:
		return fx.list(n, u.Elem())
	case *types.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				n.Content[i] = fx.value(n.Content[i], u.Elem())
			}
		}
	case *types.Struct:
		if n.Kind != yaml.MappingNode {
			return n
		}
		var fields []string
		byName := map[string]types.Type{}
		for i := 0; i < u.NumFields(); i++ {
			if fv := u.Field(i); fv.Exported() {
				fields = append(fields, fv.Name())
				byName[fv.Name()] = fv.Type()
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			name := closest(k, fields, nil)
			if name == "" {
				continue
			}
			if name != k {
				fx.fixf("renamed the field %q to %q", k, name)
				n.Content[i] = strNode(name)
			}
			n.Content[i+1] = fx.value(n.Content[i+1], byName[name])
		}
	}
	return n
}

// list converts a set written as a mapping of nulls to a list.
func (fx *fixer) list(n *yaml.Node, elem types.Type) *yaml.Node {
	if n.Kind == yaml.MappingNode && len(n.Content) > 0 {
		allNull := true
		for i := 1; i < len(n.Content); i += 2 {
			if !isNullNode(n.Content[i]) {
				allNull = false
			}
		}
		if allNull {
			fx.fixf("wrote a set as a list")
			seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
			for i := 0; i < len(n.Content); i += 2 {
				seq.Content = append(seq.Content, n.Content[i])
			}
			n = seq
		}
	}
	if n.Kind == yaml.SequenceNode {
		for i := range n.Content {
			n.Content[i] = fx.value(n.Content[i], elem)
		}
	}
	return n
}

func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// pythonErrors are exception names that mean "an error" in Go.
var pythonErrors = map[string]bool{
	"exception": true, "valueerror": true, "typeerror": true, "keyerror": true, "indexerror": true,
	"runtimeerror": true, "overflowerror": true, "zerodivisionerror": true, "attributeerror": true,
	"assertionerror": true, "notimplementederror": true, "lookuperror": true, "arithmeticerror": true,
	"err": true, "errors": true, "true": true, "yes": true, "returnederror": true, "anerror": true,
}

// fixOutcome repairs raises and match: Python exception names, bare
// names of the package's sentinels and error types, regexps that do
// not compile, a match without raises, expected beside raises.
func (fx *fixer) fixOutcome(c *yaml.Node) {
	_, raises := mapGet(c, "raises")
	_, match := mapGet(c, "match")
	raises, match = deref(raises), deref(match)
	if raises != nil && raises.Kind != yaml.ScalarNode {
		fx.fixf("dropped a raises that was not a name")
		mapDelete(c, "raises")
		raises = nil
	}
	if raises != nil && isNullNode(raises) || raises != nil && raises.Value == "false" {
		mapDelete(c, "raises")
		raises = nil
	}
	if raises != nil {
		if name := fx.raisesName(raises.Value); name != raises.Value {
			fx.fixf("wrote raises %q as %q", raises.Value, name)
			mapSet(c, "raises", strNode(name))
		}
	}
	if match != nil {
		if match.Kind != yaml.ScalarNode || isNullNode(match) {
			mapDelete(c, "match")
			match = nil
		} else if _, err := regexp.Compile(match.Value); err != nil {
			fx.fixf("quoted a match that is not a valid regexp")
			mapSet(c, "match", strNode(regexp.QuoteMeta(match.Value)))
		}
	}
	if match != nil && raises == nil {
		fx.fixf("added raises: error to a case with match only")
		mapSet(c, "raises", strNode("error"))
		raises = strNode("error")
	}
	if raises != nil {
		if _, e := mapGet(c, "expected"); e != nil {
			fx.fixf("dropped expected beside raises")
			mapDelete(c, "expected")
		}
		return
	}
	if _, e := mapGet(c, "expected"); e != nil {
		rs := fx.fi.results()
		switch {
		case len(rs) == 1:
			mapSet(c, "expected", fx.result(e, rs[0]))
		case len(rs) > 1 && deref(e).Kind == yaml.SequenceNode && len(deref(e).Content) == len(rs):
			for i, t := range rs {
				deref(e).Content[i] = fx.result(deref(e).Content[i], t)
			}
		}
	}
}

// result converts an expected result toward type t, as value does; a
// result of an opaque type is checked against what can be observed of
// it (see observed).
func (fx *fixer) result(n *yaml.Node, t types.Type) *yaml.Node {
	if !target.Opaque(t) {
		return fx.value(n, t)
	}
	return fx.observed(n, t)
}

// observed repairs the expected value of a result whose state is
// unexported, which a spec writes through its API: its text given
// alone becomes {String(): text}; keys that miss the () of a method, or
// spell it in another case, are renamed; keys that are neither an
// exported field nor an exported method without arguments are dropped,
// saying which keys specgen observes.
func (fx *fixer) observed(n *yaml.Node, t types.Type) *yaml.Node {
	n = deref(n)
	if n == nil || isNullNode(n) || isCode(n) {
		return n // nil is a value; code is refused by the loader, with the reason
	}
	keys := target.Observers(t, fx.fi.f.Pkg)
	ts := fx.fi.typeString(t)
	if n.Kind == yaml.ScalarNode {
		for _, k := range keys {
			if k == "String()" || k == "Error()" || k == "MarshalText()" {
				fx.fixf("wrote the expected %s %s as {%s: %s}: a result with unexported fields is written through its API", ts, n.Value, k, n.Value)
				return newMap(k, n)
			}
		}
		return n
	}
	if n.Kind != yaml.MappingNode {
		return n
	}
	valid := observable(t)
	out := newMap()
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		name := k
		if !valid[k] {
			name = ""
			for cand := range valid {
				if loose(cand) == loose(k) && (name == "" || cand < name) {
					name = cand
				}
			}
		}
		switch {
		case name == "":
			fx.fixf("dropped the key %q of an expected %s: it is neither an exported field nor an exported method without arguments (specgen observes %s)", k, ts, strings.Join(keys, ", "))
			continue
		case name != k:
			fx.fixf("renamed the key %q of an expected %s to %q", k, ts, name)
		}
		mapSet(out, name, n.Content[i+1])
	}
	return out
}

// observable are the keys an observed result of type t may have: its
// exported fields, and its exported methods without arguments that
// return one value, or one and an error, followed by ().
func observable(t types.Type) map[string]bool {
	out := map[string]bool{}
	if st, ok := target.ObservedStruct(t); ok {
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() {
				out[f.Name()] = true
			}
		}
	}
	rt := t
	if _, ptr := t.Underlying().(*types.Pointer); !ptr {
		rt = types.NewPointer(t)
	}
	ms := types.NewMethodSet(rt)
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !m.Exported() {
			continue
		}
		sig := m.Type().(*types.Signature)
		res := sig.Results()
		if sig.Params().Len() == 0 && (res.Len() == 1 || res.Len() == 2 && types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type())) {
			out[m.Name()+"()"] = true
		}
	}
	return out
}

// raisesName maps what a model wrote for raises to what a spec says.
func (fx *fixer) raisesName(s string) string {
	t := strings.TrimSpace(s)
	switch l := loose(t); {
	case l == "error" || pythonErrors[l]:
		return "error"
	case l == "panic" || l == "panics" || l == "runtimepanic":
		return "panic"
	}
	p := fx.fi.f.Pkg
	if p == nil {
		return "error"
	}
	for _, st := range p.Sentinels {
		if t == st.Name {
			return t
		}
	}
	for _, et := range p.ErrorTypes {
		if t == et.Name {
			return t
		}
	}
	bare := strings.TrimPrefix(t, "*")
	if i := strings.LastIndex(bare, "."); i >= 0 {
		bare = bare[i+1:]
	}
	for _, st := range p.Sentinels {
		if n := st.Name; n[strings.LastIndex(n, ".")+1:] == bare {
			return n
		}
	}
	var types []string
	for _, et := range p.ErrorTypes {
		n := strings.TrimPrefix(et.Name, "*")
		if n[strings.LastIndex(n, ".")+1:] == bare {
			types = append(types, et.Name)
		}
	}
	if len(types) > 0 {
		sort.Strings(types) // "*T" before "T"
		return types[0]
	}
	return "error"
}

// parse reads the repaired function with spec.Parse, dropping cases and
// evaluators with problems until it parses clean.
func (fx *fixer) parse(fn *yaml.Node) (*spec.Function, error) {
	name := fx.fi.f.Name
	for try := 0; try < 4; try++ {
		top := newMap(name, fn)
		data, err := yaml.Marshal(top)
		if err != nil {
			return nil, fmt.Errorf("write the repaired YAML: %w", err)
		}
		file, err := spec.Parse("answer.yml", data)
		if err == nil {
			if sf := file.Function(name); sf != nil {
				return sf, nil
			}
			return nil, fmt.Errorf("no spec of %s", name)
		}
		var es spec.Errors
		if !errors.As(err, &es) || file == nil || file.Function(name) == nil {
			return nil, fmt.Errorf("the spec does not load: %w", err)
		}
		if !fx.dropProblems(fn, file.Function(name), es) {
			return nil, fmt.Errorf("the spec does not load: %w", err)
		}
	}
	return nil, errors.New("the spec does not load after repairs")
}

// dropProblems removes from fn the cases and evaluators that es points
// at; it reports whether it removed anything.
func (fx *fixer) dropProblems(fn *yaml.Node, sf *spec.Function, es spec.Errors) bool {
	badCases := map[int]bool{}
	var badEvals []string
	for _, e := range es {
		at := -1
		for i, c := range sf.Dataset {
			if c.Pos.Line > 0 && c.Pos.Line <= e.Pos.Line {
				at = i
			}
		}
		if at >= 0 {
			if !badCases[at] {
				fx.fixf("dropped a case: %s", e.Msg)
			}
			badCases[at] = true
			continue
		}
		if name := spec.EvalAt(&sf.Evals, e.Pos); name != "" {
			fx.fixf("dropped the %s evaluator: %s", name, e.Msg)
			badEvals = append(badEvals, string(name))
		}
	}
	removed := false
	if _, ev := mapGet(fn, "evals"); ev != nil {
		for _, name := range badEvals {
			if i, _ := mapGet(ev, name); i >= 0 {
				mapDelete(ev, name)
				removed = true
			}
		}
	}
	if _, ds := mapGet(fn, "dataset"); ds != nil && len(badCases) > 0 {
		var keep []*yaml.Node
		for i, item := range ds.Content {
			if !badCases[i] {
				keep = append(keep, item)
			}
		}
		removed = removed || len(keep) < len(ds.Content)
		ds.Content = keep
	}
	return removed
}
