//go:build specgen_lite

package model

import "errors"

// Lite reports whether this build of specgen was made without the model
// providers' SDKs (go install -tags specgen_lite): true here, so New fails
// for every provider and only the built-in explorer and writer run. The
// SDKs are most of a cold build's time and of the binary (see README).
const Lite = true

// errLite is New's error in a build without providers.
var errLite = errors.New("this specgen was built with -tags specgen_lite, which leaves the model providers out: reinstall it without the tag to use a model, or leave -model unset for the built-in explorer")

func newOpenAI(provider, name string, opts Options) (Client, error) { return nil, errLite }

func newAnthropic(name string, opts Options) (Client, error) { return nil, errLite }
