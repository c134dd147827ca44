#!/usr/bin/env bash
# Measures `specgen gen` on the public benchmark corpus (or rows of its
# form: lines starting with # are comments): for each listed
# function, the statement coverage of the spec it writes, its cases and
# the time, beside what the module's own tests reach; then the spec's
# mutation score (`specgen mutate`: killed / (killed + lived) of the
# gremlins-style mutants inside the function's lines) beside the score of
# the module's own tests under gremlins v0.6.0.
#
#   bash scripts/corpus.sh [corpus.tsv]   (default ../shared/bench/corpus.tsv)
#
# With MUTANTS_DIR set, every function's mutants (and which lived) are
# written there as FUNCTION.json. With SPECGEN set, that binary is
# measured instead of one built from this checkout (to compare two
# revisions: go build -o /tmp/before ./cmd/specgen at the older one).
# Needs jq.
#
# Modules come from the Go module proxy (go mod download) and are copied
# to a temporary directory; nothing in them is changed but the specs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$repo/../shared/bench/corpus.tsv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${SPECGEN:-}" ]; then
  cp "$SPECGEN" "$work/specgen"
else
  go build -o "$work/specgen" "$repo/cmd/specgen"
fi

printf '%-45s %6s %8s %8s %7s %6s %7s %9s %9s %9s %5s %4s %9s\n' FUNCTION CASES SPEC_COV HUMAN TIME VERDICT K/L MUTATION HUMAN_K/T HUMAN_MUT G_COV G_NV HUMAN_ADJ
grep -v "^#" "$corpus" | tail -n +2 | while IFS=$'\t' read -r module version pkg fn sig file first last stmts hcov htotal hkilled hmut rest; do
  dir="$work/mods/$module@$version"
  if [ ! -d "$dir" ]; then
    src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$module@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
    mkdir -p "$(dirname "$dir")"
    cp -r "$src" "$dir"
    chmod -R u+w "$dir"
    [ -f "$dir/go.mod" ] || printf 'module %s\n\ngo 1.16\n' "$module" > "$dir/go.mod"
  fi
  rel=${pkg#"$module"}
  out="$dir/specgen-bench/$(basename "$pkg")_$fn.yml"
  start=$(date +%s.%N)
  line=$(cd "$dir" && "$work/specgen" gen -q -max-time 10m -o "$out" "./${rel#/}" "$fn" </dev/null 2>&1 | awk -v f="$fn" '$1 == f && !seen++ {print}') || true
  end=$(date +%s.%N)
  cases=$(echo "$line" | awk '{print $2}')
  cov=$(echo "$line" | awk '{print $3}')
  verdict="ok"
  if [ -z "$line" ] || [ "$cases" = "-" ]; then verdict="FAILED"; fi
  # The spec must pass natively, twice.
  if [ "$verdict" = ok ]; then
    for i in 1 2; do
      (cd "$dir" && "$work/specgen" run -executor native "$out" </dev/null >/dev/null 2>&1) || verdict="FLAKY/FAIL"
    done
  fi
  # The spec's mutation score, and what gremlins makes of the same lines:
  # G_COV mutants on covered code (it should equal the human K/T total)
  # of which G_NV do not compile, which gremlins counts as killed;
  # HUMAN_ADJ is the human score without them.
  kl="-"; mut="-"; gcov="-"; gnv="-"; hadj="-"
  if [ "$verdict" = ok ] && (cd "$dir" && "$work/specgen" mutate -q -json "$work/mut.json" "$out" </dev/null >/dev/null 2>&1); then
    read -r k l score gcov gnv < <(jq -r --arg f "$fn" '.Files[].Functions[] | select(.Name == $f) |
      "\(.Counts.Killed) \(.Counts.Lived) \(.Counts.Score // "-") \(.Gremlins.Covered) \(.Gremlins.NotViable)"' "$work/mut.json")
    kl="$k/$l"
    [ "$score" = - ] || mut=$(printf '%.1f%%' "$score")
    hadj=$(awk -v k="$hkilled" -v t="$htotal" -v nv="$gnv" 'BEGIN { if (t - nv > 0) printf "%.1f%%", 100 * (k - nv) / (t - nv); else print "-" }')
    [ -z "${MUTANTS_DIR:-}" ] || cp "$work/mut.json" "$MUTANTS_DIR/$(basename "$pkg").$fn.json"
  fi
  printf '%-45s %6s %8s %7s%% %6.1fs %6s %7s %9s %9s %9s %5s %4s %9s\n' "$(basename "$pkg").$fn" "${cases:--}" "${cov:--}" "$hcov" "$(echo "$end - $start" | bc)" "$verdict" \
    "$kl" "$mut" "$hkilled/$htotal" "$hmut%" "$gcov" "$gnv" "$hadj"
done
