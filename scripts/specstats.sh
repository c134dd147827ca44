#!/usr/bin/env bash
# Prints, for each function with a spec under the given paths, what the
# spec pins down: its cases, the statement coverage they reach
# (`specgen run`) and its mutation score (`specgen mutate`: killed /
# (killed + lived)), then the totals. Run it before and after
# regenerating specs to compare them.
#
#   bash scripts/specstats.sh PATH...      (e.g. ./examples/...)
#
# With SPECGEN set, that binary is used instead of one built from this
# checkout. Needs jq.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: specstats.sh PATH..." >&2; exit 2; }
command -v jq >/dev/null || { echo "specstats: needs jq" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sg=${SPECGEN:-}
if [ -z "$sg" ]; then
  sg="$work/specgen"
  (cd "$repo" && go build -o "$sg" ./cmd/specgen)
fi
"$sg" run -executor native -json "$work/run.json" "$@" >/dev/null || true
"$sg" mutate -q -json "$work/mut.json" "$@" >/dev/null || true
jq -r '.files[].functions[] | [.name, .total, (.coverage.covered // 0), (.coverage.statements // 0)] | @tsv' "$work/run.json" | sort > "$work/run.tsv"
jq -r '.Files[].Functions[] | [.Name, .Counts.Killed, .Counts.Lived] | @tsv' "$work/mut.json" | sort > "$work/mut.tsv"
join -t $'\t' -a 1 -e - -o 0,1.2,1.3,1.4,2.2,2.3 "$work/run.tsv" "$work/mut.tsv" | awk -F'\t' '
  BEGIN { printf "%-32s %6s %10s %9s %8s\n", "FUNCTION", "CASES", "COVERED", "K/L", "SCORE" }
  {
    score = ($5 + $6 > 0) ? sprintf("%.1f%%", 100 * $5 / ($5 + $6)) : "-"
    printf "%-32s %6d %5d/%-4d %9s %8s\n", $1, $2, $3, $4, $5 "/" $6, score
    n++; cases += $2; cov += $3; stmts += $4; k += $5; l += $6
  }
  END {
    printf "%-32s %6d %5d/%-4d %9s %8s\n", "total (" n " functions)", cases, cov, stmts, k "/" l, (k + l > 0) ? sprintf("%.1f%%", 100 * k / (k + l)) : "-"
  }'
