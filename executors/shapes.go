package executors

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// builtShapes remembers, for each program base (the package's files as
// a program builds them, and the function), the probe functions of the
// last program of that base the native engine built. A program whose
// functions are all among them is built as that one was, with the
// missing functions' probes added as Program.Also: the same source, so
// the build cache has it. An exploration's later rounds (literal
// arguments only, where round 1 also called the package's formatters)
// and a second mutation run over variations of the first's inputs need
// no build of their own.
type builtShapes struct {
	mu   sync.Mutex
	last map[string]map[string]Probe // base → function name → a probe that makes it
}

// maxBuiltShapes bounds the functions a build keeps of the builds of its
// base before it (see lookup).
const maxBuiltShapes = 2000

// lookup returns the probes of the functions of the last program built
// on base that prepd's program lacks, to add as Also. When its functions
// are all among that one's, it then builds as that one did, found in the
// build cache; otherwise it builds them with its own, so that the
// programs of a base that follow (an exploration's rounds, which pair
// the arguments of the rounds before anew) find theirs among what was
// built (as long as that stays under maxBuiltShapes functions). It
// returns nil when prepd has every function already.
func (b *builtShapes) lookup(base string, prepd *prepared) []Probe {
	b.mu.Lock()
	defer b.mu.Unlock()
	last, ok := b.last[base]
	if !ok || len(last)+len(prepd.funcs) > maxBuiltShapes && hasNew(last, prepd.funcs) {
		return nil
	}
	names := make([]string, 0, len(last))
	for name := range last {
		if _, ok := prepd.funcs[name]; !ok {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	out := make([]Probe, 0, len(names))
	for _, name := range names {
		out = append(out, last[name])
	}
	return out
}

// hasNew reports whether funcs has a function that last lacks.
func hasNew(last, funcs map[string]Probe) bool {
	for name := range funcs {
		if _, ok := last[name]; !ok {
			return true
		}
	}
	return false
}

// built records the functions of a program built on base.
func (b *builtShapes) built(base string, prepd *prepared) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last == nil {
		b.last = map[string]map[string]Probe{}
	}
	b.last[base] = prepd.funcs
}

// baseKey identifies what a program builds besides its probes: the
// package's files (instrumented, mutated), the other files added, and
// the function (one function's rounds reuse its builds; another's
// would only take its place).
func (p *prepared) baseKey(fn string) string {
	h := sha256.New()
	hashFiles(h, p.pkgFiles)
	extra := map[string][]byte{}
	for name, src := range p.extra {
		if !strings.HasPrefix(name, "specgen_probes_") && !strings.HasPrefix(name, "specgen_harness") {
			extra[name] = src
		}
	}
	hashFiles(h, extra)
	fmt.Fprintf(h, "func %s", fn)
	return hex.EncodeToString(h.Sum(nil))
}

// hashFiles writes files into h by name, each name with its length and
// content, so that two sets hash alike only when they are the same.
func hashFiles(h io.Writer, files map[string][]byte) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(files[name]))
		h.Write(files[name])
	}
}
