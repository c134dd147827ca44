package executors

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Argument functions. An argument that is not a literal (a composite
// value, a call of the package's constructors, a function literal) is
// code, and a probe is compiled with its code: an exploration round that
// pairs arguments already seen in a new way (a harvested value beside
// another) would need a build of its own. For the native engine, each
// such argument is instead written once as a function of its own,
//
//	func specgenArg1a2b3c() []byte { return EXPR }
//
// named by its text, and the probe's function calls the one its request
// names: probes that differ only in which arguments they pair share their
// code, and a program needs a build only for an argument not built
// before. The probes are type-checked with their arguments in place first
// (so that an error is reported at the probe that made it) and written so
// only when that compiles.

// argMarker starts an argument that probeBody writes as the call of an
// argument function, whose name is the probe's literal of that index.
const argMarker = "\x00arg:"

// argFunc is one argument function: its name, its source and its
// imports.
type argFunc struct {
	name string
	body string
	imp  *importSet
}

// splitArgs replaces the arguments of p (already templated: lits are
// its literals) that are neither literals nor built from the receiver
// by reads of argument functions, and returns those functions. A probe
// with setup statements (its arguments may use what they declare) or a
// dot import keeps its arguments in place, as does an argument whose
// imports clash with its type's.
func (g *generator) splitArgs(p Probe, lits []string) (Probe, []string, []argFunc) {
	if strings.TrimSpace(p.Setup) != "" {
		return p, lits, nil
	}
	for _, name := range p.Imports {
		if name == "." {
			return p, lits, nil
		}
	}
	f := g.probeFuncOf(p)
	if len(p.Args) != len(f.Params) {
		return p, lits, nil
	}
	rn := ""
	if f.Recv != nil {
		rn = ReceiverName(f)
	}
	var funcs []argFunc
	args := p.Args
	for j, prm := range f.Params {
		a := args[j]
		if strings.HasPrefix(a, "\x00") || strings.TrimSpace(a) == "" || rn != "" && usesName(a, rn) {
			continue
		}
		imp := newImportSet()
		typ := typeString(prm.Type, g.self, imp)
		clash := false
		for path, name := range usedImports(Probe{Args: []string{a}, Imports: p.Imports}) {
			want := name
			if want == "" {
				want = importName(path)
			}
			if imp.add(path, name) != want {
				clash = true
			}
		}
		if clash {
			continue
		}
		body := fmt.Sprintf("func %s() %s {\n\treturn %s\n}\n", argPlaceholder, typ, a)
		name := argFuncName(body, imp)
		body = strings.Replace(body, argPlaceholder, name, 1)
		funcs = append(funcs, argFunc{name: name, body: body, imp: imp})
		if len(funcs) == 1 {
			args = append([]string(nil), p.Args...)
		}
		args[j] = argMarker + strconv.Itoa(len(lits))
		lits = append(lits, name)
	}
	p.Args = args
	return p, lits, funcs
}

const argPlaceholder = "specgenArgFunc"

// argFuncName names an argument function by its source and imports: the
// same argument, the same name, in any program.
func argFuncName(body string, imp *importSet) string {
	h := sha256.New()
	h.Write([]byte(body))
	h.Write([]byte{0})
	h.Write([]byte(imp.key()))
	return "specgenArg" + hex.EncodeToString(h.Sum(nil)[:6])
}

// argRead is the expression probeBody writes for an argument replaced
// by an argument function's call (see splitArgs) of a parameter of the
// type written typ; ok is false for any other argument.
func argRead(arg, typ string) (string, bool) {
	k, ok := strings.CutPrefix(arg, argMarker)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("specgenArgFuncs[specgenLitString(%s)].(func() %s)()", k, typ), true
}

// key is the imports as one string, the same for the same set.
func (s *importSet) key() string {
	keys := make([]string, 0, len(s.byName))
	for n, p := range s.byName {
		keys = append(keys, n+"="+p)
	}
	sort.Strings(keys)
	return strings.Join(keys, ";")
}
