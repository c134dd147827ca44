# Sourced by the scripts that measure specgen on public modules
# (corpus.sh, fuzzcmp.sh): the specgen binary, the module copy and the
# timed `specgen gen` of one function, done one way for all of them.

# bench_specgen WORK puts the measured specgen at WORK/specgen: $SPECGEN
# if set (to compare two revisions), else one built from this checkout.
bench_specgen() {
  if [ -n "${SPECGEN:-}" ]; then
    cp "$SPECGEN" "$1/specgen"
  else
    go build -o "$1/specgen" "$repo/cmd/specgen"
  fi
}

# bench_module WORK MODULE VERSION copies the module from the Go module
# proxy to WORK/mods/MODULE@VERSION (once; writable, with a go.mod) and
# prints that directory.
bench_module() {
  local dir="$1/mods/$2@$3" src
  if [ ! -d "$dir" ]; then
    src=$(cd "$1" && GOFLAGS=-mod=mod go mod download -json "$2@$3" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
    mkdir -p "$(dirname "$dir")"
    cp -r "$src" "$dir"
    chmod -R u+w "$dir"
    [ -f "$dir/go.mod" ] || printf 'module %s\n\ngo 1.16\n' "$2" > "$dir/go.mod"
  fi
  echo "$dir"
}

# bench_gen SPECGEN DIR REL FUNC OUT runs `specgen gen` for FUNC of the
# package ./REL of the module in DIR, writing the spec to OUT, and
# prints its cases, its statement coverage and the seconds it took
# ("-" for what it did not print).
bench_gen() {
  local start end line cases cov
  start=$(date +%s.%N)
  line=$(cd "$2" && "$1" gen -q -max-time "${MAX_TIME:-10m}" -o "$5" "./${3#/}" "$4" </dev/null 2>&1 | awk -v f="$4" '$1 == f && !seen++ {print}') || true
  end=$(date +%s.%N)
  cases=$(echo "$line" | awk '{print $2}')
  cov=$(echo "$line" | awk '{print $3}')
  echo "${cases:--} ${cov:--} $(echo "$end - $start" | bc)"
}
