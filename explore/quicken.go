package explore

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/specgen-dev/specgen/executors"
	"github.com/specgen-dev/specgen/spec"
)

// quickShare is the share of a round (1/quickShare) that inputs of
// timed-out probes, made quick, may take.
const quickShare = 4

// quicken proposes the inputs of the probes that timed out made to wait
// less: every time.Duration among them a nanosecond, every
// context.Context one that expires during the call, and each list of
// options with an option appended that sets a duration to a nanosecond
// or such a context (see quickMakers). A retry loop with its default
// delay of 100ms and ten attempts outlasts any probe; with
// MaxDelay(time.Nanosecond) appended it runs to its end, and the options
// beside it (LastErrorOnly(true)) show what they do there; one told to
// retry until it succeeds stops when its context expires. A probe that
// was made quick already is not made quicker, and a quick option that
// only ever timed out is not tried again. At most quota snippets in all
// are planned.
func (a *analysis) quicken(results []*Record, haz hazards, quota int, plan *Plan, add func(code, desc string, vals []spec.Value)) {
	if !slices.ContainsFunc(results, func(r *Record) bool { return r.Result.Outcome == executors.Timeout }) {
		return
	}
	type tally struct{ done, timedOut int }
	tallies := map[string]*tally{}
	var timedOut [][]spec.Value
	var index []int
	for _, r := range results {
		vals, ok := a.decode(r)
		if !ok || !r.Ran() {
			continue
		}
		out := r.Result.Outcome == executors.Timeout
		quick := false
		for _, q := range a.quickIn(vals) {
			quick = true
			t := tallies[q]
			if t == nil {
				t = &tally{}
				tallies[q] = t
			}
			if out {
				t.timedOut++
			} else {
				t.done++
			}
		}
		if out && !quick {
			timedOut = append(timedOut, vals)
			index = append(index, r.Index)
		}
	}
	useless := func(q string) bool {
		t := tallies[q]
		return t != nil && t.done == 0 && t.timedOut >= 2
	}
	for k, vals := range timedOut {
		for _, v := range a.quickVariants(vals) {
			if len(plan.Snippets) >= quota {
				return
			}
			if useless(v.quick) || haz.blocks(v.vals) {
				continue
			}
			code, err := a.code(v.vals)
			if err != nil {
				continue
			}
			add(code, fmt.Sprintf("probe %d, which timed out, with %s", index[k]+1, v.what), v.vals)
		}
	}
}

// variant is a call's inputs made quick: what was done (for the
// snippet's description) and the quick value of quickMakers appended,
// if any.
type variant struct {
	vals  []spec.Value
	what  string
	quick string
}

// quickVariants are vals made quick (see quicken): its durations at a
// nanosecond and its contexts expiring, if any; then that with each
// quick option appended to each list of options.
func (a *analysis) quickVariants(vals []spec.Value) []variant {
	base := make([]spec.Value, len(vals))
	changed := false
	for i, v := range vals {
		base[i] = v
		switch t := a.types[i]; {
		case i >= a.nIn:
		case isDuration(t) && v.Kind == spec.Int && v.Int > 1:
			base[i] = spec.IntValue(1)
			changed = true
		case isNamed(t, "context", "Context") && !(v.Kind == spec.Code && v.Str == expiringContext):
			base[i] = spec.CodeValue(expiringContext)
			changed = true
		}
	}
	var out []variant
	what := ""
	if changed {
		what = "its durations at a nanosecond and its contexts expiring"
		out = append(out, variant{vals: base, what: what})
	}
	for i := range a.types[:a.nIn] {
		for _, q := range a.quickOptions(i) {
			if base[i].Kind != spec.List && base[i].Kind != spec.Null {
				break
			}
			vs := append([]spec.Value(nil), base...)
			l := copyValue(base[i])
			if l.Kind == spec.Null {
				l = spec.ListValue()
			}
			l.List = append(l.List, q)
			vs[i] = l
			w := q.Str + " appended to " + a.names[i]
			if what != "" {
				w = what + ", " + w
			}
			out = append(out, variant{vals: vs, what: w, quick: q.Str})
		}
	}
	return out
}

// quickOptions are the quick values (see quickMakers) of the elements
// of input i, a slice of a named type; nil for another input.
func (a *analysis) quickOptions(i int) []spec.Value {
	if q, ok := a.quick[i]; ok {
		return q
	}
	var q []spec.Value
	if s, ok := a.types[i].Underlying().(*types.Slice); ok {
		if n, ok := types.Unalias(s.Elem()).(*types.Named); ok {
			q = a.gen.quickMakers(n)
		}
	}
	if a.quick == nil {
		a.quick = map[int][]spec.Value{}
	}
	a.quick[i] = q
	return q
}

// quickIn are the quick values of quickOptions that vals holds.
func (a *analysis) quickIn(vals []spec.Value) []string {
	var out []string
	for i := range a.types[:a.nIn] {
		if vals[i].Kind != spec.List {
			continue
		}
		for _, q := range a.quickOptions(i) {
			for _, e := range vals[i].List {
				if e.Kind == spec.Code && e.Str == q.Str {
					out = append(out, q.Str)
					break
				}
			}
		}
	}
	return out
}
