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
# shellcheck source=scripts/bench.sh
. "$repo/scripts/bench.sh"
bench_specgen "$work"

printf '%-45s %6s %8s %8s %7s %6s %7s %9s %9s %9s %5s %4s %9s\n' FUNCTION CASES SPEC_COV HUMAN TIME VERDICT K/L MUTATION HUMAN_K/T HUMAN_MUT G_COV G_NV HUMAN_ADJ
grep -v "^#" "$corpus" | tail -n +2 | while IFS=$'\t' read -r module version pkg fn sig file first last stmts hcov htotal hkilled hmut rest; do
  dir=$(bench_module "$work" "$module" "$version")
  rel=${pkg#"$module"}
  out="$dir/specgen-bench/$(basename "$pkg")_$fn.yml"
  read -r cases cov secs < <(bench_gen "$work/specgen" "$dir" "$rel" "$fn" "$out")
  verdict="ok"
  if [ "$cases" = "-" ]; then verdict="FAILED"; fi
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
  printf '%-45s %6s %8s %7s%% %6.1fs %6s %7s %9s %9s %9s %5s %4s %9s\n' "$(basename "$pkg").$fn" "$cases" "$cov" "$hcov" "$secs" "$verdict" \
    "$kl" "$mut" "$hkilled/$htotal" "$hmut%" "$gcov" "$gnv" "$hadj"
done
