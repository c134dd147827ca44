package target

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// StepCalls is how many times a step observer calls its method: enough
// for a sequence to show its rule (1s, 2s, 4s) and a limit to show where
// it stops (WithMaxRetries(2, …) stops on the third call).
const StepCalls = 3

// maxStepObservers bounds the step methods StepObservers picks.
const maxStepObservers = 2

// stepVerbs start the names of methods that move a value along and say
// where it is now (an iterator's Next, a backoff's Next or
// NextBackOff): each call answers differently, so they are observed as
// a sequence of calls on a fresh result (see StepObservers), never once.
var stepVerbs = []string{"Next", "Prev", "Step", "Advance"}

// Observed reports whether results of type t are observed through their
// API: a struct or a pointer to one (see ObservedStruct), or an
// interface with methods to observe (see ObservedIface).
func Observed(t types.Type) bool {
	_, ok := ObservedStruct(t)
	return ok || ObservedIface(t)
}

// ObservedIface reports whether a result of type t is an interface
// observed through its methods, as a test of what it returns would use
// it: a non-empty interface other than error with a method that takes
// no arguments and returns a bool, number or string, alone or followed
// by a bool or an error (Len() int, Next() (time.Duration, bool)).
// Its dynamic value (an unexported struct, a closure) says nothing a
// spec can state.
func ObservedIface(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok || isErrorType(t) {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.Empty() || !it.IsMethodSet() {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if m := it.Method(i); m.Exported() && observerSig(m.Type().(*types.Signature)) {
			return true
		}
	}
	return false
}

// observerSig reports a method an observer key calls without
// arguments: one result of a basic type, or one followed by a bool or
// an error (see ObserverBody).
func observerSig(sig *types.Signature) bool {
	res := sig.Results()
	if sig.Params().Len() != 0 || sig.Variadic() || res.Len() == 0 || res.Len() > 2 {
		return false
	}
	if !basicResult(res.At(0).Type()) {
		return false
	}
	return res.Len() == 1 || isBool(res.At(1).Type()) || isErrorType(res.At(1).Type())
}

// ifaceObservers are the observers of an interface result (see
// ObservedIface): its text (String(), Error()), alone for one of the
// standard library, then its other methods
// without arguments that return a basic value (and a bool or an error),
// by name, but for those whose name says they change the value (Next,
// Reset, Pop…), at most MaxObserverMethods.
func ifaceObservers(t types.Type) []string {
	out, texts := textObservers(t)
	if len(out) > 0 && standardType(t) {
		// reflect.Type, net.Addr: pinned by their text; their other
		// methods restate it (and many panic for most values).
		return out
	}
	it := t.Underlying().(*types.Interface)
	var methods []string
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if m.Exported() && !texts[m.Name()] && !MutatorName(m.Name()) && observerSig(m.Type().(*types.Signature)) {
			methods = append(methods, m.Name())
		}
	}
	sort.Strings(methods)
	for _, m := range methods[:min(len(methods), MaxObserverMethods)] {
		out = append(out, m+"()")
	}
	return out
}

// StepMethod reports a method name made of a step verb, alone or
// followed by a capitalised word ("Next", "NextBackOff", not "Nextant").
func StepMethod(name string) bool {
	for _, v := range stepVerbs {
		if rest, ok := strings.CutPrefix(name, v); ok && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z') {
			return true
		}
	}
	return false
}

// StepObservers are the sequences of calls a test would make of a
// result of type t observed through its API (see Observed): for each
// exported step method (Next…, Prev…, Step…, Advance…) that takes no
// arguments and returns a basic value (and a bool or an error), the
// method called StepCalls times, the calls joined by "; " ("Next();
// Next(); Next()"). The value of such a key is the list of what each
// call returned. They come after the other observers: they move the
// value along. At most maxStepObservers, by name.
func StepObservers(t types.Type) []string {
	if !Observed(t) {
		return nil
	}
	var names []string
	ms := types.NewMethodSet(addressable(t))
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if ok && m.Exported() && StepMethod(m.Name()) && observerSig(ms.At(i).Type().(*types.Signature)) {
			names = append(names, m.Name())
		}
	}
	sort.Strings(names)
	var out []string
	for _, n := range names[:min(len(names), maxStepObservers)] {
		calls := make([]string, StepCalls)
		for i := range calls {
			calls[i] = n + "()"
		}
		out = append(out, strings.Join(calls, "; "))
	}
	return out
}

// IsStepObserver reports an observer key that is a sequence of calls
// ("Next(); Next(); Next()"), whose value is the list of what each call
// returned.
func IsStepObserver(key string) bool {
	_, ok := splitSteps(key)
	return ok
}

// splitSteps splits a key made of several method calls joined by ";".
func splitSteps(key string) ([]string, bool) {
	if !strings.Contains(key, ";") {
		return nil, false
	}
	parts := strings.Split(key, ";")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts, true
}

// stepsBody is ObserverBody for a key of several calls (see
// StepObservers): each a method call as a key of its own would make
// it, their values gathered in a list, in order.
func stepsBody(t types.Type, key string, steps []string, x string, args []ObserverArg) (string, error) {
	var b strings.Builder
	b.WriteString("specgenSteps := []interface{}{}\nfor _, specgenStep := range []func() interface{}{\n")
	for _, s := range steps {
		if !IsObserverMethod(s) {
			return "", fmt.Errorf("%s: %q is not a method call: each step of a sequence calls a method, as Next()", key, s)
		}
		body, err := ObserverBody(t, s, x, args)
		if err != nil {
			// A step may be a method without results (Reset()): its
			// value is null.
			call, ok := resultless(t, s, args)
			if !ok {
				return "", fmt.Errorf("%s: %w", key, err)
			}
			body = x + "." + call + "\nreturn nil"
		}
		fmt.Fprintf(&b, "func() interface{} {\n%s\n},\n", body)
	}
	// The value goes through a variable of the interface type: yaegi
	// would spread a []interface{} appended to a []interface{}.
	b.WriteString("} {\nvar specgenItem interface{} = specgenStep()\nspecgenSteps = append(specgenSteps, specgenItem)\n}\nreturn specgenSteps")
	return b.String(), nil
}

// resultless is the call a step of a sequence makes of a method of t
// without results (Reset(), Seek(n)), its arguments those of args by
// name; ok is false for anything else.
func resultless(t types.Type, step string, args []ObserverArg) (string, bool) {
	name, inner, _ := strings.Cut(strings.TrimSuffix(step, ")"), "(")
	m, ok := lookupMethod(t, name)
	if !ok {
		return "", false
	}
	sig := m.Type().(*types.Signature)
	if sig.Results().Len() != 0 {
		return "", false
	}
	call, err := observerCall(step, name, inner, sig, args)
	return call, err == nil
}

// lookupMethod finds the exported method name of t.
func lookupMethod(t types.Type, name string) (*types.Func, bool) {
	if !token.IsExported(name) {
		return nil, false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	m, ok := obj.(*types.Func)
	return m, ok
}
