package pipeline

import (
	"context"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
	"github.com/specgen-dev/specgen/write"
)

// Review marks a generated case whose behaviour a reviewer should check
// before trusting it as the reference: gen pins what the function does
// today, bugs included.
type Review struct {
	// ID is the case's id.
	ID string
	// Reason says briefly what looks wrong ("nil pointer dereference
	// panic").
	Reason string
}

// triage sets the Review of the cases that look like bugs rather than
// intended behaviour, from what their native run observed (a case
// without an observation is left alone), and returns them in order.
// Each detector gives its own reason; a case with several gets them
// all, joined by "; ".
func triage(f *target.Func, cases []*spec.Case, observed map[*spec.Case]executors.Result) []Review {
	examples := docExamples(f)
	echoed := echoes(f, cases, observed)
	var out []Review
	for i, c := range cases {
		r, ok := observed[c]
		if !ok {
			continue
		}
		var reasons []string
		if why := runtimePanic(r); why != "" {
			reasons = append(reasons, why)
		}
		if ex := exampleOf(f, examples, c); ex != nil && pinsValue(f, c) {
			if why := ex.contradiction(f, r); why != "" {
				reasons = append(reasons, why)
			}
		}
		if why := echoed[i]; why != "" {
			reasons = append(reasons, why)
		}
		if len(reasons) == 0 {
			continue
		}
		c.Review = strings.Join(reasons, "; ")
		out = append(out, Review{ID: c.ID, Reason: c.Review})
	}
	return out
}

// pinsValue reports a case that states the call's outcome: not one
// weakened to "returns" because its value changed from run to run.
func pinsValue(f *target.Func, c *spec.Case) bool {
	return c.Raises != "" || c.Expected != nil || len(f.Results) == 0 || len(f.Results) == 1 && f.ErrorLast
}

// maxReasonValue bounds the messages and values quoted in a reason.
const maxReasonValue = 60

// clip shortens s to maxReasonValue bytes, on a rune boundary.
func clip(s string) string {
	if len(s) <= maxReasonValue {
		return s
	}
	cut := maxReasonValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// runtimePanic is the reason to review a call that panicked with a Go
// runtime error (a nil pointer dereference, an index out of range, ...):
// the mark of a bug, where a panic with the package's own message or
// error value is a documented way to fail (regexp.MustCompile). It is
// "" for any other outcome.
func runtimePanic(r executors.Result) string {
	if r.Outcome != executors.Panicked || r.Panic == nil || !isRuntimeError(r.Panic) {
		return ""
	}
	msg := strings.TrimPrefix(r.Panic.Message, "runtime error: ")
	switch {
	case strings.HasSuffix(msg, "nil pointer dereference"):
		return "nil pointer dereference panic"
	case msg == "assignment to entry in nil map":
		return "nil map write panic"
	case strings.HasPrefix(msg, "interface conversion: "):
		return "invalid type assertion panic (" + clip(strings.TrimPrefix(msg, "interface conversion: ")) + ")"
	case strings.HasPrefix(msg, "makeslice: "), strings.HasPrefix(msg, "makechan: "):
		return "negative or huge " + strings.TrimSuffix(msg, " out of range") + " panic"
	}
	return clip(msg) + " panic"
}

// isRuntimeError reports a panic value that is a runtime.Error, by the
// type the run recorded: a type of package runtime ("runtime.boundsError",
// "*runtime.TypeAssertionError"), or "runtime.Error" for the panic a
// worker died of. Only when no type was recorded does the message tell.
func isRuntimeError(p *executors.PanicInfo) bool {
	if p.Type == "" {
		return strings.HasPrefix(p.Message, "runtime error: ")
	}
	return strings.HasPrefix(strings.TrimPrefix(p.Type, "*"), "runtime.")
}

// docExample is a call with its result, as a doc comment states it:
// ParseSize("1k") == 1024, ParseSize("1k") returns 1024,
// ParseSize("1k") // 1024, ParseSize("1k") => 1024, ParseSize("x")
// returns an error.
type docExample struct {
	// call is the call as the comment writes it.
	call string
	// args are the arguments as a case writes them; exprs the Go
	// expressions a probe passes.
	args  []spec.Value
	exprs []string
	// want are the non-error results the comment states, text as it
	// writes them; fails is "an error" or "a panic" when it says the
	// call fails so instead.
	want  []spec.Value
	text  string
	fails string
}

// docExamples are the examples of f's doc comment whose arguments and
// results are literals a spec can state (strings, numbers, booleans) of
// the types of f's parameters and results. Methods and generic
// functions have none: an example does not say what the receiver or
// the type arguments are.
func docExamples(f *target.Func) []*docExample {
	if f.Recv != nil || len(f.TypeParams) > 0 || f.Doc == "" {
		return nil
	}
	for _, p := range f.Params {
		if p.Variadic {
			return nil
		}
	}
	var out []*docExample
	seen := map[string]bool{}
	for _, line := range strings.Split(f.Doc, "\n") {
		for _, ex := range parseExamples(f, line) {
			if !seen[ex.call] {
				seen[ex.call] = true
				out = append(out, ex)
			}
		}
	}
	return out
}

// parseExamples finds the examples of f on one line of its doc comment.
func parseExamples(f *target.Func, line string) []*docExample {
	var out []*docExample
	for from := 0; ; {
		i := strings.Index(line[from:], f.Name+"(")
		if i < 0 {
			return out
		}
		i += from
		from = i + len(f.Name)
		if i > 0 {
			if r, _ := utf8.DecodeLastRuneInString(line[:i]); r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue // another name that ends with f's
			}
		}
		end := closingParen(line, i+len(f.Name))
		if end < 0 {
			continue
		}
		ex := parseExample(f, line[i:end+1], line[end+1:])
		if ex != nil {
			out = append(out, ex)
			from = end + 1
		}
	}
}

// closingParen is the index of the parenthesis that closes the one at
// open, skipping string literals; -1 when the line does not close it.
func closingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '`', '\'':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' && q != '`' {
					i++
				}
			}
		}
	}
	return -1
}

// connectiveRE is what may stand between an example's call and its
// result: a comment mark, an operator or a verb, or both.
var connectiveRE = regexp.MustCompile(`^\s*(//)?\s*(==|=>|->|→|=|(?:returns|gives|yields|is)\b)?\s*`)

// failsRE is a result that says the call fails.
var failsRE = regexp.MustCompile(`^(?:(?:an? )?(?:non-nil )?error\b|fails\b|panics\b)`)

// parseExample reads one example: call is f's call, rest what follows
// it on the line. It returns nil when they are not an example it can
// check.
func parseExample(f *target.Func, call, rest string) *docExample {
	e, err := parser.ParseExpr(call)
	if err != nil {
		return nil
	}
	ce, ok := e.(*ast.CallExpr)
	if !ok || len(ce.Args) != len(f.Params) || ce.Ellipsis.IsValid() {
		return nil
	}
	ex := &docExample{call: call}
	for i, a := range ce.Args {
		v, expr, ok := literalOf(f.Params[i].Type, a, true)
		if !ok {
			return nil
		}
		ex.args = append(ex.args, v)
		ex.exprs = append(ex.exprs, expr)
	}
	m := connectiveRE.FindStringSubmatch(rest)
	rest = rest[len(m[0]):]
	if fails := failsRE.FindString(rest); fails != "" {
		switch {
		case fails == "panics":
			ex.fails = "a panic"
		case f.ErrorLast:
			ex.fails = "an error"
		default:
			return nil
		}
		return ex
	}
	if m[1] == "" && m[2] == "" {
		return nil // "F(x) and F(y) ...": no result stated
	}
	items, text, ok := resultItems(rest)
	if !ok {
		return nil
	}
	ex.text = text
	var results []types.Type
	for i, t := range f.Results {
		if i == len(f.Results)-1 && f.ErrorLast {
			break
		}
		results = append(results, t)
	}
	if last := len(items) - 1; f.ErrorLast && len(items) == len(results)+1 {
		switch id, _ := items[last].(*ast.Ident); {
		case id != nil && id.Name == "nil":
			items = items[:last]
		case id != nil && (id.Name == "err" || id.Name == "error"):
			ex.fails = "an error"
			return ex
		default:
			return nil
		}
	}
	if len(items) != len(results) || len(results) == 0 {
		return nil
	}
	for i, it := range items {
		v, _, ok := literalOf(results[i], it, false)
		if !ok {
			return nil
		}
		ex.want = append(ex.want, v)
	}
	return ex
}

// resultItems scans the results an example states: literals, separated
// by commas, in parentheses or not, that end the line, a sentence or a
// clause ("and ..."). Another word after them refuses the lot: "5
// bytes", "1 when ...".
func resultItems(s string) (items []ast.Expr, text string, ok bool) {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(s))
	var sc scanner.Scanner
	sc.Init(file, []byte(s), nil, 0)
	pos, tok, lit := sc.Scan()
	next := func() { pos, tok, lit = sc.Scan() }
	paren := tok == token.LPAREN
	if paren {
		next()
	}
	start := file.Offset(pos)
	var end int
	for {
		neg := tok == token.SUB
		if neg {
			next()
		}
		var item ast.Expr
		switch {
		case tok == token.INT || tok == token.FLOAT || tok == token.STRING && !neg:
			item = &ast.BasicLit{Kind: tok, Value: lit}
		case tok == token.IDENT && !neg && (lit == "true" || lit == "false" || lit == "nil" || lit == "err" || lit == "error"):
			item = ast.NewIdent(lit)
		default:
			return nil, "", false
		}
		if neg {
			item = &ast.UnaryExpr{Op: token.SUB, X: item}
		}
		items = append(items, item)
		end = file.Offset(pos) + len(lit)
		if tok == token.FLOAT && strings.HasSuffix(lit, ".") {
			end-- // "returns 1024.": the period ends the sentence
		}
		next()
		if tok != token.COMMA {
			break
		}
		next()
		if !paren && tok == token.IDENT && lit != "nil" && lit != "err" && lit != "error" && lit != "true" && lit != "false" {
			// "returns 1, and ...": the comma ended the clause.
			return items, strings.TrimSpace(s[start:end]), true
		}
	}
	if paren {
		if tok != token.RPAREN {
			return nil, "", false
		}
		next()
	}
	switch {
	case tok == token.EOF, tok == token.SEMICOLON, tok == token.PERIOD, tok == token.COMMA, tok == token.LPAREN,
		tok == token.IDENT && (lit == "and" || lit == "but" || lit == "while" || lit == "whereas"):
		return items, strings.TrimSpace(s[start:end]), true
	}
	return nil, "", false
}

// literalOf is the value of the literal e as type t holds it, and the
// Go expression that passes it as an argument of type t (when arg); ok
// is false when e is not a literal of a type a spec states that way: a
// string, number or boolean of t's kind, a string for []byte.
func literalOf(t types.Type, e ast.Expr, arg bool) (v spec.Value, expr string, ok bool) {
	neg := false
	if u, isUnary := e.(*ast.UnaryExpr); isUnary && u.Op == token.SUB {
		neg, e = true, u.X
	}
	var c constant.Value
	switch e := e.(type) {
	case *ast.BasicLit:
		c = constant.MakeFromLiteral(e.Value, e.Kind, 0)
	case *ast.Ident:
		switch e.Name {
		case "true", "false":
			c = constant.MakeBool(e.Name == "true")
		}
	}
	if c == nil || c.Kind() == constant.Unknown {
		return spec.Value{}, "", false
	}
	if neg {
		if c.Kind() != constant.Int && c.Kind() != constant.Float {
			return spec.Value{}, "", false
		}
		c = constant.UnaryOp(token.SUB, c, 0)
	}
	if s, isSlice := t.Underlying().(*types.Slice); isSlice && arg {
		if b, isBasic := s.Elem().Underlying().(*types.Basic); isBasic && b.Kind() == types.Byte && c.Kind() == constant.String {
			s := constant.StringVal(c)
			return spec.StringValue(s), "[]byte(" + strconv.Quote(s) + ")", true
		}
		return spec.Value{}, "", false
	}
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic {
		return spec.Value{}, "", false
	}
	info := b.Info()
	switch {
	case info&types.IsString != 0 && c.Kind() == constant.String:
		s := constant.StringVal(c)
		return spec.StringValue(s), strconv.Quote(s), true
	case info&types.IsBoolean != 0 && c.Kind() == constant.Bool:
		return spec.BoolValue(constant.BoolVal(c)), c.ExactString(), true
	case info&types.IsInteger != 0 && constant.ToInt(c).Kind() == constant.Int:
		c = constant.ToInt(c) // 1024. as a sentence ends it
		if !fits(b, c) {
			return spec.Value{}, "", false // a probe of it would not compile
		}
		if info&types.IsUnsigned != 0 {
			u, exact := constant.Uint64Val(c)
			return spec.UintValue(u), c.ExactString(), exact
		}
		i, exact := constant.Int64Val(c)
		return spec.IntValue(i), c.ExactString(), exact
	case info&types.IsFloat != 0 && (c.Kind() == constant.Int || c.Kind() == constant.Float):
		fl, _ := constant.Float64Val(c)
		return spec.FloatValue(fl), c.ExactString(), true
	}
	return spec.Value{}, "", false
}

// fits reports that the integer constant c is a value of the integer
// type b (int and uint taken as 64 bits).
func fits(b *types.Basic, c constant.Value) bool {
	bits := map[types.BasicKind]uint{
		types.Int8: 8, types.Int16: 16, types.Int32: 32, types.Int: 64, types.Int64: 64,
		types.Uint8: 8, types.Uint16: 16, types.Uint32: 32, types.Uint: 64, types.Uint64: 64, types.Uintptr: 64,
	}[b.Kind()]
	if bits == 0 {
		return false
	}
	one := constant.MakeInt64(1)
	if b.Info()&types.IsUnsigned != 0 {
		limit := constant.Shift(one, token.SHL, bits)
		return constant.Sign(c) >= 0 && constant.Compare(c, token.LSS, limit)
	}
	limit := constant.Shift(one, token.SHL, bits-1)
	return constant.Compare(c, token.LSS, limit) && constant.Compare(c, token.GEQ, constant.UnaryOp(token.SUB, limit, 0))
}

// asCase is a case with the example's arguments, to compare with cases
// by write.ArgsKey.
func (ex *docExample) asCase() *spec.Case {
	c := &spec.Case{}
	switch len(ex.args) {
	case 0:
	case 1:
		c.Input = &ex.args[0]
	default:
		c.Inputs = &spec.Value{Kind: spec.List, List: ex.args}
	}
	return c
}

// exampleOf is the example whose arguments are c's, or nil.
func exampleOf(f *target.Func, examples []*docExample, c *spec.Case) *docExample {
	if len(examples) == 0 || c.Receiver != nil || len(c.Types) > 0 {
		return nil
	}
	key := write.ArgsKey(f, c)
	for _, ex := range examples {
		if write.ArgsKey(f, ex.asCase()) == key {
			return ex
		}
	}
	return nil
}

// contradiction is the reason to review the call of the example, given
// what it did natively: "" when it did what the doc comment says.
func (ex *docExample) contradiction(f *target.Func, r executors.Result) string {
	says := "doc comment says " + ex.call + " returns " + ex.text
	if ex.fails != "" {
		says = "doc comment says " + ex.call + " returns " + ex.fails
		if ex.fails == "a panic" {
			says = "doc comment says " + ex.call + " panics"
		}
	}
	var got string
	switch {
	case r.Outcome == executors.Panicked && r.Panic != nil:
		if ex.fails == "a panic" {
			return ""
		}
		got = "panic " + strconv.Quote(clip(r.Panic.Message))
	case r.Outcome != executors.OK:
		return "" // a timeout or a crash says nothing of the value
	case r.Err != nil:
		if ex.fails == "an error" {
			return ""
		}
		got = "error " + strconv.Quote(clip(r.Err.Message))
	default:
		if ex.fails == "" {
			if len(r.Outputs) != len(ex.want) {
				return ""
			}
			same := true
			for i, w := range ex.want {
				same = same && spec.Equal(w, r.Outputs[i], spec.EqualOption{})
			}
			if same {
				return ""
			}
		}
		var vals []string
		for _, o := range r.Outputs {
			vals = append(vals, clip(o.String()))
		}
		got = strings.Join(vals, ", ")
		if len(vals) == 0 {
			got = "no error"
		}
	}
	return says + ", got " + got
}

// docCases runs natively the examples of f's doc comment that no case
// has the arguments of, and returns cases of those whose result the doc
// comment contradicts, so that the spec carries (and the review names)
// the call that disagrees with the documentation. An example that does
// what its doc says adds nothing: the spec is what exploration found.
func (g *generator) docCases(ctx context.Context, f *target.Func, cases []*spec.Case, res *FuncResult) []*spec.Case {
	examples := docExamples(f)
	if len(examples) == 0 {
		return nil
	}
	have := map[string]bool{}
	ids := map[string]bool{}
	for _, c := range cases {
		have[write.ArgsKey(f, c)] = true
		ids[c.ID] = true
	}
	prog := &executors.Program{Func: f, Timeout: g.opts.Explore.Timeout, ObserveOpaque: true, ObserveReceiver: true}
	var pending []*docExample
	for _, ex := range examples {
		key := write.ArgsKey(f, ex.asCase())
		if have[key] {
			continue
		}
		have[key] = true
		pending = append(pending, ex)
		prog.Probes = append(prog.Probes, executors.Probe{ID: fmt.Sprintf("doc%d", len(pending)), Args: ex.exprs})
	}
	if len(pending) == 0 {
		return nil
	}
	rep, err := executors.RunTraced(ctx, g.opts.Tracer, g.native, prog)
	if err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("doc comment examples not run: %v", err))
		return nil
	}
	var probes []executors.Probe
	var results []executors.Result
	for i, r := range rep.Results {
		if i < len(pending) && pending[i].contradiction(f, r) != "" {
			probes = append(probes, prog.Probes[i])
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return nil
	}
	out, skipped := write.CasesFromResults(f, probes, results)
	res.Notes = append(res.Notes, skipped...)
	for _, c := range out {
		c.ID = uniqueID(c.ID+"-doc", ids)
	}
	return out
}

// uniqueID is id, or id-2, id-3, ... when taken already; it takes it.
func uniqueID(id string, taken map[string]bool) string {
	out := id
	for n := 2; taken[out]; n++ {
		out = fmt.Sprintf("%s-%d", id, n)
	}
	taken[out] = true
	return out
}

// echoes are the reasons to review the cases (by index) that return
// their input unchanged, without an error, though it has a kind of
// character that makes other input fail: a letter where digits are
// wanted, a space, a sign. A class of characters is suspect when a
// failing argument has it and no argument the function transformed
// (returned changed, without an error) has it, and the function does
// transform some argument: so that a function that is the identity on
// valid input (strings.TrimSpace on "abc", a validator that returns
// what it accepts) is never suspected. A case whose result is its
// single argument (a string, []byte or number) with a suspect class is
// reviewed. Cases are compared with those of the same receiver only.
func echoes(f *target.Func, cases []*spec.Case, observed map[*spec.Case]executors.Result) map[int]string {
	if len(f.Params) != 1 {
		return nil
	}
	type arg struct {
		recv    string
		classes charClasses
		text    string
		// outcome is "ok" (returned its argument unchanged), "changed"
		// (returned something else) or "failed" (an error or a panic).
		outcome string
	}
	var args []arg
	index := map[int]int{} // args index → cases index
	for i, c := range cases {
		r, seen := observed[c]
		if !seen || c.Input == nil || !scalarText(*c.Input) {
			continue
		}
		a := arg{classes: classesOf(c.Input), text: c.Input.String()}
		if c.Receiver != nil {
			a.recv = c.Receiver.String()
		}
		if c.Globals != nil {
			a.recv += " globals " + c.Globals.String()
		}
		switch {
		case r.Outcome == executors.OK && r.Err == nil && len(r.Outputs) == 1 && sameScalar(*c.Input, r.Outputs[0]):
			a.outcome = "ok"
		case r.Outcome == executors.OK && r.Err == nil:
			a.outcome = "changed"
		case r.Outcome == executors.Panicked || r.Outcome == executors.OK && r.Err != nil:
			a.outcome = "failed"
		default:
			continue
		}
		index[len(args)] = i
		args = append(args, a)
	}
	// By receiver: the classes of transformed and of failing arguments.
	changed := map[string]charClasses{}
	transforms := map[string]bool{}
	for _, a := range args {
		if a.outcome == "changed" {
			changed[a.recv] |= a.classes
			transforms[a.recv] = true
		}
	}
	out := map[int]string{}
	for i, e := range args {
		if e.outcome != "ok" || !transforms[e.recv] {
			continue
		}
		suspect := e.classes &^ changed[e.recv]
		for _, x := range args {
			if x.outcome == "failed" && x.recv == e.recv && x.classes&suspect != 0 {
				out[index[i]] = fmt.Sprintf("returns its invalid input unchanged (%s, as in failing input %s)", x.classes&suspect, clip(x.text))
				break
			}
		}
	}
	return out
}

// scalarText reports values echoes compares: strings (and []byte) and
// numbers.
func scalarText(v spec.Value) bool {
	return v.Kind == spec.String || v.IsNumber()
}

// sameScalar reports an output that is the input unchanged: the same
// string, or the same number.
func sameScalar(in, out spec.Value) bool {
	if in.Kind == spec.String || out.Kind == spec.String {
		return in.Kind == out.Kind && in.Str == out.Str
	}
	return in.IsNumber() && out.IsNumber() && spec.Equal(in, out, spec.EqualOption{})
}

// charClasses is a set of kinds of characters.
type charClasses uint8

const (
	classLetter charClasses = 1 << iota
	classDigit
	classSpace
	classSign
	classPunct
	classControl
	classNonASCII
)

var classNames = []string{"a letter", "a digit", "a space", "a sign", "punctuation", "a control character", "a non-ASCII character"}

// String names the classes of the set, joined by " and ".
func (s charClasses) String() string {
	var names []string
	for i, n := range classNames {
		if s&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// classesOf is the set of the kinds of characters of a string, or of a
// number as specs write it (-1.5: a sign, digits, punctuation).
func classesOf(v *spec.Value) charClasses {
	s := v.Str
	if v.Kind != spec.String {
		s = v.String()
	}
	var set charClasses
	for _, r := range s {
		switch {
		case r >= utf8.RuneSelf:
			set |= classNonASCII
		case unicode.IsLetter(r):
			set |= classLetter
		case unicode.IsDigit(r):
			set |= classDigit
		case unicode.IsSpace(r):
			set |= classSpace
		case r == '+' || r == '-':
			set |= classSign
		case unicode.IsControl(r):
			set |= classControl
		default:
			set |= classPunct
		}
	}
	return set
}
