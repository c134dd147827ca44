package runner

import (
	"errors"
	"fmt"
	"go/parser"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
	"github.com/specgen-dev/specgen/target"
)

// funcPlan is a function spec resolved against its package and turned
// into probes, one per case.
type funcPlan struct {
	fn     *target.Func
	info   funcInfo
	cases  []*casePlan
	probes []executors.Probe
}

// funcInfo is what evaluation needs to know about a function.
type funcInfo struct {
	// Name is the function's name as the spec writes it.
	Name string
	// Params are the parameter names, in order.
	Params []string
	// NumOut is the number of non-error results; ErrorLast reports a
	// last result of type error.
	NumOut    int
	ErrorLast bool
	// ResultType is the type of the first non-error result as specs
	// write it ("calc.Point"), and ResultTypeShort without the package
	// under test's qualifier ("Point").
	ResultType, ResultTypeShort string
	// Type, Pattern, ContainsInput, Assertion and Duration are the
	// function's evaluators; nil when absent.
	Type          *spec.TypeEval
	Pattern       *regexp.Regexp
	ContainsInput *spec.ContainsInputEval
	Assertion     *spec.AssertionEval
	Duration      *spec.DurationEval
}

// casePlan is one case, checked against its function.
type casePlan struct {
	Case  *spec.Case
	Index int // 0-based position in the dataset
	// Inputs are the case's argument values, in parameter order.
	Inputs []spec.Value
	// Raises is the expected failure, with names resolved.
	Raises raises
	// Match is the compiled match regexp, or nil.
	Match *regexp.Regexp
}

// raiseKind is what a case's raises asks for.
type raiseKind int

const (
	raiseNone     raiseKind = iota
	raiseError              // any returned non-nil error
	raisePanic              // a panic
	raiseType               // an error (or panic value) of a concrete type
	raiseSentinel           // an error that errors.Is a sentinel
)

// raises is a resolved raises value.
type raises struct {
	Kind raiseKind
	// Name is the type or sentinel as executors report it ("*calc.SyntaxError", "io.EOF").
	Name string
}

// planFunc resolves a function spec against pkg and builds its probes.
// It returns every problem it finds.
func planFunc(pkg *target.Package, sf *spec.Function, path string, draftExpected bool) (*funcPlan, spec.Errors) {
	var errs spec.Errors
	add := func(pos spec.Pos, format string, args ...any) {
		if pos.File == "" {
			pos.File = path
		}
		errs = append(errs, &spec.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	fn, err := pkg.Func(sf.Name)
	if err != nil {
		add(sf.Pos, "%v", err)
		return nil, errs
	}
	fp := &funcPlan{fn: fn, info: funcInfo{Name: sf.Name, NumOut: len(fn.Results), ErrorLast: fn.ErrorLast}}
	for _, p := range fn.Params {
		fp.info.Params = append(fp.info.Params, p.Name)
	}
	if fn.ErrorLast {
		fp.info.NumOut--
	}
	if fp.info.NumOut > 0 {
		fp.info.ResultType = typeString(fn.Results[0])
		fp.info.ResultTypeShort = types.TypeString(fn.Results[0], types.RelativeTo(pkg.Types))
	}
	ctx := sf.Name + ": evals: "
	ev := sf.Evals
	noResult := func(pos spec.Pos, name spec.EvalName) {
		add(pos, "%s%s: %s has no non-error result", ctx, name, sf.Name)
	}
	if ev.Type != nil {
		if fp.info.NumOut == 0 {
			noResult(ev.Type.Pos, spec.EvalType)
		} else if strings.TrimSpace(ev.Type.Type) != "" && !fn.Generic() {
			// A type that does not resolve can never be the result's.
			if err := resolveType(pkg, ev.Type.Type); err != nil {
				add(ev.Type.Pos, "%sType: %v", ctx, err)
			}
		}
		fp.info.Type = ev.Type
	}
	if ev.Pattern != nil {
		if fp.info.NumOut == 0 {
			noResult(ev.Pattern.Pos, spec.EvalPattern)
		}
		re, err := compilePattern(ev.Pattern)
		if err != nil {
			add(ev.Pattern.Pos, "%sPattern: %v", ctx, err)
		}
		fp.info.Pattern = re
	}
	if ev.ContainsInput != nil {
		if fp.info.NumOut == 0 {
			noResult(ev.ContainsInput.Pos, spec.EvalContainsInput)
		}
		fp.info.ContainsInput = ev.ContainsInput
	}
	fp.info.Assertion = ev.Assertion
	fp.info.Duration = ev.Duration

	q := target.NewQualifier(pkg.Types)
	scope := scopeNames(fn, fp.info.NumOut)
	q.Reserve(scope...)
	var asserts []string
	if a := ev.Assertion; a != nil {
		if err := importAssertion(a.Assertion, pkg, scope, q); err != nil {
			add(a.Pos, "%sAssertion: %v", ctx, err)
		}
		asserts = []string{a.Assertion}
	}

	for i, c := range sf.Dataset {
		cp, probe, cerrs := planCase(pkg, fn, &fp.info, c, i, q, draftExpected)
		for _, e := range cerrs {
			if e.Pos.File == "" {
				e.Pos.File = path
			}
		}
		errs = append(errs, cerrs...)
		probe.Asserts = asserts
		fp.cases = append(fp.cases, cp)
		fp.probes = append(fp.probes, probe)
	}
	imports, decls := q.Imports(), q.Decls()
	for i := range fp.probes {
		fp.probes[i].Imports, fp.probes[i].Decls = imports, decls
	}
	return fp, errs
}

// planCase checks one case and writes its probe.
func planCase(pkg *target.Package, fn *target.Func, info *funcInfo, c *spec.Case, index int, q *target.Qualifier, draftExpected bool) (*casePlan, executors.Probe, spec.Errors) {
	var errs spec.Errors
	label := info.Name + ": " + caseLabel(c, index) + ": "
	add := func(field, format string, args ...any) {
		errs = append(errs, &spec.Error{Pos: fieldPos(c, field), Msg: label + fmt.Sprintf(format, args...)})
	}
	cp := &casePlan{Case: c, Index: index}
	probe := executors.Probe{ID: caseName(c, index)}

	// Type arguments.
	if fn.Generic() {
		inst, terrs := instantiate(pkg, fn, c, label)
		if len(terrs) > 0 {
			return cp, probe, append(errs, terrs...)
		}
		fn, probe.Func = inst, inst
	} else if len(c.Types) > 0 {
		add("types", "types given, but %s is not generic", info.Name)
	}

	// Arguments.
	vals, ok := caseInputs(fn, c, add)
	if ok {
		cp.Inputs = vals
		for j, p := range fn.Params {
			expr, err := target.GoExpr(vals[j], p.Type, q)
			if err != nil {
				add(inputField(c), "parameter %s: %v", p.Name, err)
				continue
			}
			probe.Args = append(probe.Args, expr)
		}
	}

	// Package-level variables set for the case.
	probe.Globals = caseGlobals(fn, c, q, add)

	// Receiver.
	switch {
	case fn.Recv == nil && c.Receiver != nil:
		add("receiver", "receiver given, but %s is not a method", info.Name)
	case fn.Recv != nil && c.Receiver == nil:
		// The zero value of the receiver type.
		t := q.TypeString(fn.Recv)
		if fn.RecvPtr {
			probe.Recv = "new(" + t + ")"
		} else {
			probe.Recv = "*new(" + t + ")"
		}
	case fn.Recv != nil:
		expr, err := target.RecvExpr(*c.Receiver, fn, q)
		if err != nil {
			add("receiver", "%v", err)
		}
		probe.Recv = expr
	}

	// A panic in progress the call is deferred under.
	if c.Panicking != nil {
		if len(fn.Results) > 0 {
			add("panicking", "panicking given, but %s returns results, which a deferred call drops", info.Name)
		} else if c.Panicking.Kind == spec.String {
			probe.Panicking = strconv.Quote(c.Panicking.Str)
		} else if expr, err := target.GoExpr(*c.Panicking, types.NewInterfaceType(nil, nil), q); err != nil {
			add("panicking", "%v", err)
		} else {
			probe.Panicking = expr
		}
	}

	// Expected.
	args := target.ParamArgs(fn, func(int) string { return "x" })
	observe := make([][]string, info.NumOut)
	if c.Expected != nil {
		switch {
		case info.NumOut == 0:
			add("expected", "expected given, but %s has no non-error result (use raises, or leave expected out to require a nil error)", info.Name)
		case info.NumOut > 1 && (c.Expected.Kind != spec.List || len(c.Expected.List) != info.NumOut):
			add("expected", "expected: want a list of %d values, one per non-error result of %s", info.NumOut, info.Name)
		case info.NumOut == 1:
			if msg := checkFits(fn.Results[0], *c.Expected, "expected"); msg != "" && !draftExpected {
				add("expected", "%s", msg)
			}
			observe[0] = observers(fn.Results[0], *c.Expected, "expected", args, add)
		default:
			for j, want := range c.Expected.List {
				at := fmt.Sprintf("expected[%d]", j)
				if msg := checkFits(fn.Results[j], want, at); msg != "" && !draftExpected {
					add("expected", "%s", msg)
				}
				observe[j] = observers(fn.Results[j], want, at, args, add)
			}
		}
	}
	if slices.ContainsFunc(observe, func(keys []string) bool { return keys != nil }) {
		probe.Observe = observe
	}

	// Receiver after the call: observed like a result, through a
	// pointer to it.
	if c.ReceiverAfter != nil {
		switch {
		case fn.Recv == nil:
			add("receiver_after", "receiver_after given, but %s is not a method", info.Name)
		case !fn.RecvPtr:
			add("receiver_after", "receiver_after given, but %s has a value receiver: the call cannot change the caller's receiver", info.Name)
		default:
			probe.After = true
			probe.AfterObserve = observers(fn.AfterType(), *c.ReceiverAfter, "receiver_after", args, add)
		}
	}

	// Arguments after the call, by parameter name: canonical trees, or
	// observed.
	if c.InputsAfter != nil && c.InputsAfter.Kind == spec.Map {
		for _, e := range c.InputsAfter.Map {
			name := e.Key.Str
			switch {
			case e.Key.Kind != spec.String:
				add("inputs_after", "inputs_after: key %s is not a parameter name", e.Key)
			case !slices.Contains(info.Params, name):
				add("inputs_after", "inputs_after: %s has no parameter %s (parameters: %s)", info.Name, name, strings.Join(info.Params, ", "))
			default:
				t := fn.Params[slices.Index(info.Params, name)].Type
				if _, ok := t.Underlying().(*types.Signature); ok && e.Val.Kind != spec.List {
					// A callback after the call is the calls it got.
					add("inputs_after", "inputs_after.%s: want the list of the calls the callback got (each its argument, or the list of its arguments), got %s", name, e.Val.Kind)
				} else if msg := checkFits(t, e.Val, "inputs_after."+name); msg != "" {
					add("inputs_after", "%s", msg)
				}
				probe.ArgsAfter = append(probe.ArgsAfter, name)
				// An argument of an opaque type is observed like the
				// receiver: by the observers its map names.
				if keys := observers(t, e.Val, "inputs_after."+name, args, add); keys != nil {
					if probe.ArgsObserve == nil {
						probe.ArgsObserve = map[string][]string{}
					}
					probe.ArgsObserve[name] = keys
				}
			}
		}
	}

	// Raises and match.
	if c.Raises != "" {
		r, err := resolveRaises(pkg, c.Raises)
		if err != nil {
			add("raises", "raises: %v", err)
		}
		if r.Kind == raiseError && !fn.ErrorLast {
			add("raises", "raises error, but %s does not return an error (use raises: panic for a panic)", info.Name)
		}
		cp.Raises = r
	}
	if c.Match != "" {
		re, err := regexp.Compile(c.Match)
		if err != nil {
			add("match", "match: %v", err)
		}
		cp.Match = re
	}
	return cp, probe, errs
}

// observers returns the observer keys of an expected value of type t
// (a result, or the receiver after the call), written under the case's
// key field (at names it in messages: "expected[1]"): the keys of a map
// with a method key ("String()") or an unexported field's ("h1"), when
// t is a struct or a pointer to one; nil (compare the canonical tree)
// for anything else. Keys that
// are not observers of t are reported. A function result is observed
// by calling it: its keys are argument lists ("(1, 2)"). args are the
// parameters of the call, which an observer key may pass by name
// ("Get(k)", "(p)").
func observers(t types.Type, want spec.Value, at string, args []target.ObserverArg, add func(field, format string, args ...any)) []string {
	if !target.Observed(t) && !target.Called(t) && !target.Served(t) || want.Kind != spec.Map {
		return nil
	}
	var keys []string
	methods := false
	for _, e := range want.Map {
		if e.Key.Kind != spec.String {
			return nil
		}
		keys = append(keys, e.Key.Str)
		methods = methods || target.ReadThroughObserver(e.Key.Str)
	}
	if !methods {
		return nil
	}
	ok := true
	field, _, _ := strings.Cut(at, "[")
	for _, k := range keys {
		if _, err := target.ObserverBody(t, k, "x", args); err != nil {
			add(field, "%s: %v", at, err)
			ok = false
		}
	}
	if !ok {
		return nil
	}
	return keys
}

// instantiate instantiates the generic function fn, or the method fn of
// a generic type, with the type arguments of case c: one per type
// parameter (of the function, or of the receiver's type), by name, each
// a Go type in the package's scope.
func instantiate(pkg *target.Package, fn *target.Func, c *spec.Case, label string) (*target.Func, spec.Errors) {
	var errs spec.Errors
	add := func(pos spec.Pos, format string, args ...any) {
		errs = append(errs, &spec.Error{Pos: pos, Msg: label + fmt.Sprintf(format, args...)})
	}
	at := func(ta spec.TypeArg) spec.Pos {
		if ta.Pos.Line > 0 {
			return ta.Pos
		}
		return fieldPos(c, "types")
	}
	if len(c.Types) == 0 {
		what := "is generic"
		if fn.Recv != nil {
			what = "is a method of the generic type " + fn.Recv.Obj().Name()
		}
		add(c.Pos, "no types: %s %s; give its type arguments, e.g. types: {%s}", fn.Name, what, typesExample(fn))
		return nil, errs
	}
	var names []string
	for _, tp := range fn.TypeParams {
		names = append(names, tp.Name)
	}
	for _, ta := range c.Types {
		if !slices.Contains(names, ta.Param) {
			msg := fmt.Sprintf("types: %s has no type parameter %s; it has %s", fn.Name, ta.Param, fn.TypeParamList())
			if s := spec.Suggest(ta.Param, names); s != "" {
				msg = fmt.Sprintf("types: %s has no type parameter %s (did you mean %s?)", fn.Name, ta.Param, s)
			}
			add(at(ta), "%s", msg)
		}
	}
	var args []types.Type
	for _, tp := range fn.TypeParams {
		ta, ok := c.Types.Get(tp.Name)
		if !ok {
			add(fieldPos(c, "types"), "types: missing type parameter %s (%s)", tp.Name, fn.TypeParamList())
			continue
		}
		t, err := pkg.TypeOf(ta.Type)
		if err != nil {
			add(at(ta), "types: %s: %v", tp.Name, err)
			continue
		}
		args = append(args, t)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	inst, err := fn.Instantiate(args)
	if err != nil {
		add(fieldPos(c, "types"), "types: %v", err)
		return nil, errs
	}
	if inst.Unbuildable != "" {
		add(fieldPos(c, "types"), "types: %s", inst.Unbuildable)
		return nil, errs
	}
	return inst, nil
}

// typesExample is a types value for fn's type parameters: {T: int}.
func typesExample(fn *target.Func) string {
	parts := make([]string, len(fn.TypeParams))
	for i, tp := range fn.TypeParams {
		parts[i] = tp.Name + ": int"
	}
	return strings.Join(parts, ", ")
}

// CaseArgs maps a case's input or inputs (a map by parameter name or a
// list in order) to the arguments of fn, in order, as the runner calls
// fn with them. The error says why they do not fit.
func CaseArgs(fn *target.Func, c *spec.Case) ([]spec.Value, error) {
	var errs []error
	vals, ok := caseInputs(fn, c, func(field, format string, args ...any) {
		errs = append(errs, fmt.Errorf(format, args...))
	})
	if !ok {
		return nil, errors.Join(errs...)
	}
	return vals, nil
}

// CaseGlobals is the package-level variables a case sets
// (spec.Case.Globals) as the runner sets them: each name with the Go
// expression of its value. The error says which do not fit.
func CaseGlobals(fn *target.Func, c *spec.Case) ([]executors.Global, error) {
	var self *types.Package
	if fn.Pkg != nil {
		self = fn.Pkg.Types
	}
	var errs []error
	gs := caseGlobals(fn, c, target.NewQualifier(self), func(field, format string, args ...any) {
		errs = append(errs, fmt.Errorf(format, args...))
	})
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return gs, nil
}

// caseGlobals writes a case's globals for fn's package with q,
// reporting those that are no variable of it or do not fit their type.
func caseGlobals(fn *target.Func, c *spec.Case, q *target.Qualifier, add func(field, format string, args ...any)) []executors.Global {
	if c.Globals == nil || c.Globals.Kind != spec.Map {
		return nil
	}
	var self *types.Package
	if fn.Pkg != nil {
		self = fn.Pkg.Types
	}
	var out []executors.Global
	for _, e := range c.Globals.Map {
		name := e.Key.Str
		t, err := executors.GlobalType(self, name)
		if err != nil {
			add("globals", "%v", err)
			continue
		}
		expr, err := target.GoExpr(e.Val, t, q)
		if err != nil {
			add("globals", "global %s: %v", name, err)
			continue
		}
		out = append(out, executors.Global{Name: name, Expr: expr})
	}
	return out
}

// caseInputs maps a case's input or inputs to the function's
// parameters, in order; ok is false when they do not fit.
func caseInputs(fn *target.Func, c *spec.Case, add func(field, format string, args ...any)) ([]spec.Value, bool) {
	n := len(fn.Params)
	switch {
	case c.Input != nil:
		if n != 1 {
			add("input", "input is the one argument of a one-parameter function, but %s takes %s; use inputs", fn.Name, paramList(fn))
			return nil, false
		}
		return []spec.Value{*c.Input}, true
	case c.Inputs == nil:
		if n == 0 {
			return nil, true
		}
		add("", "no inputs: %s takes %s", fn.Name, paramList(fn))
		return nil, false
	case c.Inputs.Kind == spec.List:
		got := c.Inputs.List
		if len(got) == n {
			return got, true
		}
		if len(got) < n {
			for j := len(got); j < n; j++ {
				add("inputs", "missing parameter %s (position %d of %d)", fn.Params[j].Name, j+1, n)
			}
		} else {
			add("inputs", "%d inputs, but %s takes %s", len(got), fn.Name, paramList(fn))
		}
		return nil, false
	case c.Inputs.Kind == spec.Map:
		vals := make([]spec.Value, n)
		ok := true
		names := make([]string, n)
		for j, p := range fn.Params {
			names[j] = p.Name
			v, found := c.Inputs.Field(p.Name)
			if !found {
				add("inputs", "missing parameter %s (position %d of %d)", p.Name, j+1, n)
				ok = false
				continue
			}
			vals[j] = v
		}
		for _, e := range c.Inputs.Map {
			key := e.Key.Str
			if e.Key.Kind != spec.String {
				key = e.Key.String()
			}
			if !slices.Contains(names, key) || e.Key.Kind != spec.String {
				msg := fmt.Sprintf("unknown parameter %s; %s takes %s", key, fn.Name, paramList(fn))
				if s := spec.Suggest(key, names); s != "" {
					msg = fmt.Sprintf("unknown parameter %s (did you mean %s?)", key, s)
				}
				add("inputs", "%s", msg)
				ok = false
			}
		}
		if !ok {
			return nil, false
		}
		return vals, true
	default:
		add("inputs", "inputs: want a map by parameter name or a list in order, got %s", c.Inputs.Kind)
		return nil, false
	}
}

// paramList describes a function's parameters: "no parameters", "1
// parameter (s string)", "2 parameters (a int, b int)".
func paramList(fn *target.Func) string {
	if len(fn.Params) == 0 {
		return "no parameters"
	}
	parts := make([]string, len(fn.Params))
	for i, p := range fn.Params {
		t := typeString(p.Type)
		if p.Variadic {
			t = "..." + strings.TrimPrefix(t, "[]")
		}
		parts[i] = p.Name + " " + t
	}
	noun := "parameters"
	if len(parts) == 1 {
		noun = "parameter"
	}
	return fmt.Sprintf("%d %s (%s)", len(parts), noun, strings.Join(parts, ", "))
}

func inputField(c *spec.Case) string {
	if c.Input != nil {
		return "input"
	}
	return "inputs"
}

// fieldPos is the position of a key of a case, or of the case.
func fieldPos(c *spec.Case, field string) spec.Pos {
	if p, ok := c.Fields[field]; ok && field != "" {
		return p
	}
	return c.Pos
}

// resolveRaises turns a raises value into what executors report. Names
// of the package under test may be written unqualified. A name
// qualified by the package under test or by a standard-library package
// it imports must exist (those lists are complete); other qualified
// names are taken as written and matched against the error's concrete
// type.
func resolveRaises(pkg *target.Package, s string) (raises, error) {
	switch s {
	case "error":
		return raises{Kind: raiseError}, nil
	case "panic":
		return raises{Kind: raisePanic}, nil
	}
	star := strings.HasPrefix(s, "*")
	bare := strings.TrimPrefix(s, "*")
	if !strings.Contains(bare, ".") {
		bare = pkg.Name + "." + bare
	}
	name := bare
	if star {
		name = "*" + bare
	}
	for _, et := range pkg.ErrorTypes {
		if et.Name == name {
			return raises{Kind: raiseType, Name: name}, nil
		}
	}
	if !star {
		for _, st := range pkg.Sentinels {
			if st.Name == name {
				return raises{Kind: raiseSentinel, Name: name}, nil
			}
		}
	}
	qual := bare[:strings.LastIndex(bare, ".")]
	if qual != pkg.Name && !stdImport(pkg, qual) {
		// A type of a package the lists do not cover: match it by the
		// error's dynamic type, once it is known to exist. The runtime
		// (its panics' error types) is part of every program.
		if qual == "runtime" || strings.Contains(qual, "/") {
			return raises{Kind: raiseType, Name: name}, nil
		}
		if err := declaredIn(pkg, qual, bare[len(qual)+1:], star); err != nil {
			return raises{Kind: raiseType, Name: name}, err
		}
		return raises{Kind: raiseType, Name: name}, nil
	}
	var known []string
	for _, et := range pkg.ErrorTypes {
		known = append(known, et.Name)
	}
	for _, st := range pkg.Sentinels {
		known = append(known, st.Name)
	}
	msg := fmt.Sprintf("%s is neither an error type nor a sentinel error of package %s", s, qual)
	if sug := spec.Suggest(name, known); sug != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", sug)
	}
	return raises{Kind: raiseType, Name: name}, fmt.Errorf("%s", msg)
}

// stdImport reports whether the package under test imports a
// standard-library package named name.
func stdImport(pkg *target.Package, name string) bool {
	if pkg.Types == nil {
		return false
	}
	for _, ip := range pkg.Types.Imports() {
		if ip.Name() == name && !strings.Contains(strings.SplitN(ip.Path(), "/", 2)[0], ".") {
			return true
		}
	}
	return false
}

// compilePattern compiles a Pattern evaluator's regexp.
func compilePattern(p *spec.PatternEval) (*regexp.Regexp, error) {
	expr := p.Pattern
	if p.CaseSensitive != nil && !*p.CaseSensitive {
		expr = "(?i)" + expr
	}
	return regexp.Compile(expr)
}

// scopeNames are the names an Assertion sees besides package-level
// ones: the parameters, the receiver, output or output0..n, and err.
func scopeNames(fn *target.Func, numOut int) []string {
	var names []string
	for _, p := range fn.Params {
		if p.Name != "" && p.Name != "_" {
			names = append(names, p.Name)
		}
	}
	if fn.Decl != nil && fn.Decl.Recv != nil && len(fn.Decl.Recv.List) > 0 && len(fn.Decl.Recv.List[0].Names) > 0 {
		if n := fn.Decl.Recv.List[0].Names[0].Name; n != "_" {
			names = append(names, n)
		}
	}
	switch {
	case numOut == 1:
		names = append(names, "output")
	case numOut > 1:
		for i := 0; i < numOut; i++ {
			names = append(names, "output"+strconv.Itoa(i))
		}
	}
	if fn.ErrorLast {
		names = append(names, "err")
	}
	return names
}

// assertionPackages are the standard-library packages an Assertion may
// use without the package under test importing them.
var assertionPackages = map[string]string{
	"bytes":   "bytes",
	"errors":  "errors",
	"fmt":     "fmt",
	"maps":    "maps",
	"math":    "math",
	"reflect": "reflect",
	"regexp":  "regexp",
	"slices":  "slices",
	"sort":    "sort",
	"strconv": "strconv",
	"strings": "strings",
	"time":    "time",
	"unicode": "unicode",
	"utf8":    "unicode/utf8",
}

// importAssertion checks that expr parses and records the imports of
// the packages it refers to by name: those the package under test
// imports, and common standard-library ones.
func importAssertion(expr string, pkg *target.Package, scope []string, q *target.Qualifier) error {
	x, err := parser.ParseExpr(expr)
	if err != nil {
		return fmt.Errorf("not a Go expression: %w", err)
	}
	byName := target.ImportsByName(pkg.Types)
	for _, name := range target.Qualifiers(x, pkg.Types, func(name string) bool { return slices.Contains(scope, name) }) {
		path, ok := byName[name]
		if !ok {
			path, ok = assertionPackages[name]
		}
		if !ok {
			continue // a local of a func literal, or unknown: the compiler will say
		}
		if got := q.Import(path, name); got != name {
			return fmt.Errorf("package %s is shadowed by another name (imported as %s)", name, got)
		}
	}
	return nil
}
