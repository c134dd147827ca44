#!/usr/bin/env bash
# Measures `specgen gen` on the public benchmark corpus: for each listed
# function, the statement coverage of the spec it writes, its cases and
# the time, beside what the module's own tests reach.
#
#   bash scripts/corpus.sh [corpus.tsv]   (default ../shared/bench/corpus.tsv)
#
# Modules come from the Go module proxy (go mod download) and are copied
# to a temporary directory; nothing in them is changed but the specs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$repo/../shared/bench/corpus.tsv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/specgen" "$repo/cmd/specgen"

printf '%-45s %6s %8s %8s %7s %6s\n' FUNCTION CASES SPEC_COV HUMAN TIME VERDICT
tail -n +2 "$corpus" | while IFS=$'\t' read -r module version pkg fn sig file first last stmts hcov rest; do
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
  line=$(cd "$dir" && "$work/specgen" gen -q -max-time 10m -o "$out" "./${rel#/}" "$fn" 2>&1 | awk -v f="$fn" '$1 == f {print; exit}')
  end=$(date +%s.%N)
  cases=$(echo "$line" | awk '{print $2}')
  cov=$(echo "$line" | awk '{print $3}')
  verdict="ok"
  if [ -z "$line" ] || [ "$cases" = "-" ]; then verdict="FAILED"; fi
  # The spec must pass natively, twice.
  if [ "$verdict" = ok ]; then
    for i in 1 2; do
      (cd "$dir" && "$work/specgen" run -executor native "$out" >/dev/null 2>&1) || verdict="FLAKY/FAIL"
    done
  fi
  printf '%-45s %6s %8s %7s%% %6.1fs %6s\n' "$(basename "$pkg").$fn" "${cases:--}" "${cov:--}" "$hcov" "$(echo "$end - $start" | bc)" "$verdict"
done
