package explore

import (
	"go/types"
	"strings"

	"github.com/specgen-dev/specgen/spec"
)

// Bounds of writtenReaders: the writing methods used, and the
// receivers each is called on.
const (
	maxWriters        = 2
	maxWriteReceivers = 2
)

// writtenReaders are io.Readers of what the package's own methods
// write: an exported method taking an io.Writer alone (Save(w),
// WriteTo(w)) of one of its types, called on the first values of that
// type built by code, the output read back:
//
//	func() io.Reader { v := New(time.Minute, 0); var b bytes.Buffer; v.Save(&b); return &b }()
//
// and the output of the last receiver (a filled one, when there is one)
// cut in half, which ends inside a record (bytes.NewReader(b.Bytes()[:b.Len()/2])).
// What a Load(r) reads is what the package's Save wrote: a gob, a JSON
// document or a file format no string candidate comes near. None when
// the package's values made by running it are left out (noOwn), or
// nested (depth > 0).
func (g *valueGen) writtenReaders(depth int) []spec.Value {
	if g.self == nil || g.noOwn || depth > 0 {
		return nil
	}
	var out []spec.Value
	writers := 0
	scope := g.self.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || writers == maxWriters {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if _, isIface := n.Underlying().(*types.Interface); isIface {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(n))
		for i := 0; i < ms.Len() && writers < maxWriters; i++ {
			m := ms.At(i).Obj().(*types.Func)
			sig := m.Type().(*types.Signature)
			if !m.Exported() || m == g.under || sig.Params().Len() != 1 || !isNamed(sig.Params().At(0).Type(), "io", "Writer") {
				continue
			}
			recvs := writeReceivers(g.valuesAt(types.NewPointer(n), depth+1))
			write := func(v, ret string) spec.Value {
				return spec.CodeValue("func() io.Reader { v := " + v + "; var b bytes.Buffer; v." + m.Name() + "(&b); return " + ret + " }()")
			}
			for _, v := range recvs {
				out = append(out, write(v, "&b"))
			}
			if len(recvs) > 0 {
				// The last, the fullest, cut in half: a reader that
				// stops inside a record it began.
				out = append(out, write(recvs[len(recvs)-1], "bytes.NewReader(b.Bytes()[:b.Len()/2])"))
				writers++
			}
		}
	}
	return out
}

// writeReceivers picks, among the candidates of a receiver, those a
// writing method is called on: the first built by code, and the first
// filled by statements (func() *T { p := New(); p.Set(...); return p }()),
// which has something to write.
func writeReceivers(cands []spec.Value) []string {
	var plain, filled string
	for _, v := range cands {
		switch {
		case v.Kind != spec.Code:
		case strings.HasPrefix(v.Str, "func() ") && filled == "":
			filled = v.Str
		case plain == "":
			plain = v.Str
		}
	}
	var out []string
	for _, v := range []string{plain, filled} {
		if v != "" && len(out) < maxWriteReceivers {
			out = append(out, v)
		}
	}
	return out
}
