//go:build !specgen_lite

package model

// Lite reports whether this build of specgen was made without the model
// providers' SDKs (go install -tags specgen_lite). It is false here: every
// provider is built in.
const Lite = false
