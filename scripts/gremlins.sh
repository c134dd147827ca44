# Sourced by the scripts that run gremlins v0.6.0 the way
# ../shared/bench/README.md measures the human suites: all 11 mutator
# types, timeout coefficient 60.

# find_gremlins NAME sets gremlins to the gremlins binary (on PATH or in
# $(go env GOPATH)/bin), or exits 2 naming NAME, the calling script; it
# notes when the binary is not v0.6.0.
find_gremlins() {
  gremlins=$(command -v gremlins || echo "$(go env GOPATH)/bin/gremlins")
  [ -x "$gremlins" ] || { echo "$1: no gremlins (go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0)" >&2; exit 2; }
  go version -m "$gremlins" | grep -q 'mod.*github.com/go-gremlins/gremlins.*v0\.6\.0' || echo "$1: note: $gremlins is not gremlins v0.6.0" >&2
}

# gremlins_unleash OUT runs gremlins on the package in the current
# directory, with the package's own tests, and writes its JSON report
# to OUT.
gremlins_unleash() {
  "$gremlins" unleash --output "$1" --timeout-coefficient 60 \
    --arithmetic-base --conditionals-boundary --conditionals-negation --increment-decrement \
    --invert-assignments --invert-bitwise --invert-bwassign --invert-logical --invert-loopctrl \
    --invert-negatives --remove-self-assignments .
}
