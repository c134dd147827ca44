package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
)

// caseFingerprint hashes the content of a case: everything Marshal
// writes except the marker. Values are hashed as they read back: opaque
// values as the strings Marshal writes for them, and uints an int can
// hold as ints (YAML keeps no difference between the two), so the case
// reads back with the same hash.
func caseFingerprint(c *Case) string {
	w := *c
	w.Input, w.Inputs, w.Receiver, w.Expected = asWritten(c.Input), asWritten(c.Inputs), asWritten(c.Receiver), asWritten(c.Expected)
	w.Globals, w.Panicking = asWritten(c.Globals), asWritten(c.Panicking)
	w.ReceiverAfter, w.InputsAfter = asWritten(c.ReceiverAfter), asWritten(c.InputsAfter)
	return fingerprint(&w)
}

// asWritten returns v as it reads back after Marshal: opaque values
// become strings and uints up to math.MaxInt64 ints; v itself when it
// holds neither.
func asWritten(v *Value) *Value {
	if v == nil || !v.changesOnReadBack() {
		return v
	}
	w := v.written()
	return &w
}

func (v Value) changesOnReadBack() bool {
	switch v.Kind {
	case Opaque:
		return true
	case Uint:
		return v.Uint <= math.MaxInt64
	case List:
		for _, e := range v.List {
			if e.changesOnReadBack() {
				return true
			}
		}
	case Map:
		for _, e := range v.Map {
			if e.Key.changesOnReadBack() || e.Val.changesOnReadBack() {
				return true
			}
		}
	}
	return false
}

func (v Value) written() Value {
	switch v.Kind {
	case Opaque:
		return StringValue(v.Str)
	case Uint:
		if v.Uint <= math.MaxInt64 {
			return IntValue(int64(v.Uint))
		}
	case List:
		out := ListValue(make([]Value, len(v.List))...)
		for i, e := range v.List {
			out.List[i] = e.written()
		}
		return out
	case Map:
		out := Value{Kind: Map, Map: make([]Entry, len(v.Map))}
		for i, e := range v.Map {
			out.Map[i] = Entry{Key: e.Key.written(), Val: e.Val.written()}
		}
		return out
	}
	return v
}

// evalsFingerprint hashes the evaluators.
func evalsFingerprint(e Evals) string {
	return fingerprint(e)
}

// fingerprint hashes the JSON form of a spec type: positions and flags
// are not part of it, Values are in their lossless wire form, and
// absent optional fields are left out, so adding an optional field to
// the types does not change existing fingerprints.
func fingerprint(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		// Only a NaN or infinite tolerance fails, which Validate rejects;
		// such a case never matches a marker and reads back hand-written.
		return "invalid"
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:4])
}

// Merge combines the spec of a function as it is on disk (old) with a
// freshly generated one, never losing a hand-written case.
//
// Which cases are hand-written: Marshal writes
// "# specgen:generated <fingerprint>" after the `case:` key of every case
// whose Generated flag is set (and after `evals:` when Evals.Generated
// is set); the fingerprint is a hash of the case's content. Parse sets
// Generated again only when the comment is there and the fingerprint
// still matches the content. So a generated case that a person edited (a
// value, the id, anything but layout and comments) reads back as
// hand-written, and so does any case without the comment; deleting the
// comment adopts a generated case as it is. Then:
//
//   - every hand-written case of old (Generated false) is kept, in its
//     place;
//   - a generated case of old is replaced in place by the generated case
//     with the same id, or dropped when there is none, unless a person
//     commented on it (Annotated): then it is kept as it is, and counts
//     as hand-written for the next rule;
//   - the other generated cases are appended in their order;
//   - a generated case is left out when a hand-written case has its id
//     or the same receiver and inputs: the person's word on those inputs
//     wins;
//   - a generated case whose id is in old's Ignore list (a case the
//     user deleted) is left out; the result keeps old's Ignore, with
//     generated's ids appended that it lacks;
//   - the evaluators of old are kept when they are hand-written and not
//     empty, else those generated are used;
//   - Source is generated's when set, else old's.
//
// Cases and evaluators taken from generated are marked Generated. Either
// argument may be nil. The result shares the cases of its arguments
// (copies of those it marks).
func Merge(old, generated *Function) *Function {
	if generated == nil {
		return old
	}
	var ignore []string
	if old != nil {
		ignore = appendNew(ignore, old.Ignore...)
	}
	ignore = appendNew(ignore, generated.Ignore...)
	gen := make([]*Case, 0, len(generated.Dataset))
	for _, c := range generated.Dataset {
		if c.ID != "" && slices.Contains(ignore, c.ID) {
			continue
		}
		cc := *c
		cc.Generated = true
		gen = append(gen, &cc)
	}
	genEvals := generated.Evals
	genEvals.Generated = !genEvals.empty()
	if old == nil {
		out := *generated
		out.Evals = genEvals
		out.Dataset = gen
		out.Ignore = ignore
		return &out
	}

	out := &Function{Name: generated.Name, Pos: old.Pos, Evals: old.Evals, Ignore: ignore, Source: old.Source}
	if generated.Source != "" {
		out.Source = generated.Source
	}
	if old.Evals.Generated || old.Evals.empty() {
		out.Evals = genEvals
	}

	genIDs := map[string]bool{}
	for _, g := range gen {
		genIDs[g.ID] = true
	}
	// kept: the old cases that stay as they are.
	kept := func(c *Case) bool { return !c.Generated || c.Annotated && !genIDs[c.ID] }
	var hand []*Case
	for _, c := range old.Dataset {
		if kept(c) {
			hand = append(hand, c)
		}
	}
	byID := map[string]*Case{}
	var fresh []*Case
	for _, g := range gen {
		if coveredBy(g, hand) {
			continue
		}
		fresh = append(fresh, g)
		if g.ID != "" {
			if _, dup := byID[g.ID]; !dup {
				byID[g.ID] = g
			}
		}
	}
	used := map[*Case]bool{}
	for _, c := range old.Dataset {
		if kept(c) {
			out.Dataset = append(out.Dataset, c)
			continue
		}
		if g, ok := byID[c.ID]; ok && c.ID != "" && !used[g] {
			out.Dataset = append(out.Dataset, g)
			used[g] = true
		}
	}
	for _, g := range fresh {
		if !used[g] {
			out.Dataset = append(out.Dataset, g)
		}
	}
	return out
}

// appendNew appends the ids that list does not hold yet.
func appendNew(list []string, ids ...string) []string {
	for _, id := range ids {
		if !slices.Contains(list, id) {
			list = append(list, id)
		}
	}
	return list
}

// Deleted returns the ids of the generated cases of before (Generated
// set, id not empty) for which now has no case with that id, in
// before's order: the cases a person deleted between two versions of a
// function, for its Ignore list. Either argument may be nil.
func Deleted(before, now *Function) []string {
	if before == nil {
		return nil
	}
	have := map[string]bool{}
	if now != nil {
		for _, c := range now.Dataset {
			have[c.ID] = true
		}
	}
	var out []string
	for _, c := range before.Dataset {
		if c.Generated && c.ID != "" && !have[c.ID] {
			have[c.ID] = true
			out = append(out, c.ID)
		}
	}
	return out
}

// coveredBy reports whether a hand-written case has g's id or the same
// globals, receiver and inputs.
func coveredBy(g *Case, hand []*Case) bool {
	for _, h := range hand {
		if g.ID != "" && h.ID == g.ID {
			return true
		}
		if sameTypes(g.Types, h.Types) && sameArg(g.Globals, h.Globals) && sameArg(g.Receiver, h.Receiver) && sameArg(g.Input, h.Input) && sameArg(g.Inputs, h.Inputs) && sameArg(g.Panicking, h.Panicking) {
			return true
		}
	}
	return false
}

// sameTypes reports the same type arguments, as written.
func sameTypes(a, b TypeArgs) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Param != b[i].Param || a[i].Type != b[i].Type {
			return false
		}
	}
	return true
}

func sameArg(a, b *Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return Equal(*a, *b, EqualOption{})
}

// MergeFile merges the spec file on disk (old) with a generated one
// function by function (see Merge): functions of old keep their order,
// functions only in old are kept as they are, new ones are appended.
// Package and Schema come from generated when it sets them. Either
// argument may be nil.
func MergeFile(old, generated *File) *File {
	if old == nil {
		old = &File{}
	}
	if generated == nil {
		return old
	}
	out := &File{Path: old.Path, Package: old.Package, Schema: old.Schema}
	if generated.Package != "" {
		out.Package = generated.Package
	}
	if generated.Schema != "" {
		out.Schema = generated.Schema
	}
	if out.Path == "" {
		out.Path = generated.Path
	}
	gen := map[string]*Function{}
	for _, fn := range generated.Functions {
		gen[fn.Name] = fn
	}
	done := map[string]bool{}
	for _, fn := range old.Functions {
		if g, ok := gen[fn.Name]; ok && !done[fn.Name] {
			out.Functions = append(out.Functions, Merge(fn, g))
			done[fn.Name] = true
			continue
		}
		out.Functions = append(out.Functions, fn)
	}
	for _, fn := range generated.Functions {
		if !done[fn.Name] {
			out.Functions = append(out.Functions, Merge(nil, fn))
			done[fn.Name] = true
		}
	}
	return out
}

// FillIDs gives every case of fn without an id the id "case-N", N being
// the smallest number that keeps ids unique.
func (fn *Function) FillIDs() {
	taken := map[string]bool{}
	for _, c := range fn.Dataset {
		taken[c.ID] = true
	}
	n := 1
	for _, c := range fn.Dataset {
		if c.ID != "" {
			continue
		}
		for taken[fmt.Sprintf("case-%d", n)] {
			n++
		}
		c.ID = fmt.Sprintf("case-%d", n)
		taken[c.ID] = true
	}
}

// Function returns the spec of the function named name, or nil.
func (f *File) Function(name string) *Function {
	for _, fn := range f.Functions {
		if fn.Name == name {
			return fn
		}
	}
	return nil
}
