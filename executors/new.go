package executors

import (
	"fmt"
	"strings"
)

// Options configure New. The zero value is ready to use: engines that
// build into the user cache, log nothing and never cross-check.
type Options struct {
	// CacheDir is the native engine's build cache ("" = a directory
	// under os.UserCacheDir). Unused when Native is set.
	CacheDir string
	// Logf, when set, receives the engines' debug logging and auto's
	// reasons for its choices.
	Logf func(format string, args ...any)
	// Native, when set, is the native engine New uses — for "native",
	// and for auto's native side — so that a caller which also runs
	// programs natively itself shares one engine with the executor New
	// returns. Nil: a new Native with CacheDir and Logf.
	Native *Native
	// CrossCheck, when positive, has auto check yaegi against native in
	// the runs it hands out per function (Auto.For): the first program,
	// and every CrossCheck-th after it, also runs natively, and at the
	// first disagreement the function's programs move to native for good
	// (see CrossChecked). 0: no cross-check.
	CrossCheck int
	// NoSandbox runs the engines' workers unconfined (see
	// Native.NoSandbox). Unused for the native side when Native is set.
	NoSandbox bool
}

// Engines lists the engine names New knows, the default first.
func Engines() []string { return []string{"auto", "native", "yaegi"} }

// New returns the engine called name: "auto" (or "", the default),
// "native" or "yaegi". It is the one place engine names are read; an
// unknown name is an error that lists the known ones.
func New(name string, opts Options) (Executor, error) {
	native := opts.Native
	if native == nil {
		native = &Native{CacheDir: opts.CacheDir, Logf: opts.Logf, NoSandbox: opts.NoSandbox}
	}
	switch name {
	case "", "auto":
		return &Auto{Native: native, Yaegi: &Yaegi{Logf: opts.Logf, NoSandbox: opts.NoSandbox}, Logf: opts.Logf, CrossCheck: opts.CrossCheck}, nil
	case "native":
		return native, nil
	case "yaegi":
		return &Yaegi{Logf: opts.Logf, NoSandbox: opts.NoSandbox}, nil
	}
	names := Engines()
	return nil, fmt.Errorf("unknown engine %q (want %s or %s)", name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
