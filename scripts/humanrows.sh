#!/usr/bin/env bash
# Writes ../shared/bench/corpus.tsv rows for the functions of a public
# package that the public corpus does not list, so that scripts/corpus.sh
# can measure specgen on code it was never tuned on beside the module's
# own tests. For each function and method of the package with at least
# MIN_STMTS statements (default 5), the row gives where it is declared,
# the statement coverage the module's tests reach (go test -coverprofile,
# run, not read) and what they make of the gremlins v0.6.0 mutants on its
# lines (all 11 mutator types, timeout factor 60; killed / (killed +
# lived), the bench's definition).
#
#   bash scripts/humanrows.sh MODULE@VERSION [PKG] > rows.tsv
#   bash scripts/corpus.sh rows.tsv
#
# PKG is the package path inside the module ("." by default). Needs jq,
# and gremlins v0.6.0 on PATH or in $(go env GOPATH)/bin
# (go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0).
# With NO_MUTANTS=1 gremlins is not run and the three mutant columns
# are "-": the rows then serve scripts/fuzzcmp.sh, which reads only the
# coverage, in seconds rather than the minutes gremlins takes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: humanrows.sh MODULE@VERSION [PKG]" >&2; exit 2; }
module=${1%@*}; version=${1#*@}; rel=${2:-.}; rel=${rel#./}
min=${MIN_STMTS:-5}
command -v jq >/dev/null || { echo "humanrows: needs jq" >&2; exit 2; }
# shellcheck source=scripts/gremlins.sh
. "$repo/scripts/gremlins.sh"
[ -n "${NO_MUTANTS:-}" ] || find_gremlins humanrows
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$module@$version" | jq -r .Dir)
dir="$work/mod"
cp -r "$src" "$dir"
chmod -R u+w "$dir"
[ -f "$dir/go.mod" ] || printf 'module %s\n\ngo 1.16\n' "$module" > "$dir/go.mod"
pkg=$module${rel:+/$rel}; [ "$rel" = . ] && pkg=$module
pdir="$dir/$rel"

# A module whose own tests fail (on this Go, say) still gets rows: the
# profile is written by the tests that ran, and the failure is reported.
if ! (cd "$dir" && go test -covermode=set -coverprofile "$work/human.out" "./$rel" >&2); then
  [ -s "$work/human.out" ] || { echo "humanrows: $module: go test wrote no coverage profile" >&2; exit 1; }
  echo "humanrows: $module: some of its tests fail; the coverage is what the tests reached" >&2
fi
(cd "$repo" && go run ./scripts/funccov -decl "$work/human.out" "$pdir") > "$work/funcs.tsv"
if [ -z "${NO_MUTANTS:-}" ]; then
  echo "humanrows: $module: gremlins unleash ./$rel" >&2
  (cd "$pdir" && gremlins_unleash "$work/g.json" >&2)
fi

printf 'module\tversion\tpackage\tfunction\tsignature\tfile\tfirst_line\tlast_line\tstatements\thuman_stmt_cov_pct\thuman_mutants_total\thuman_mutants_killed\thuman_mutation_score_pct\n'
while IFS=$'\t' read -r name stmts covered pct file first last sig; do
  [ "$stmts" -ge "$min" ] && [ "$name" != init ] || continue
  if [ -n "${NO_MUTANTS:-}" ]; then
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t-\t-\t-\n' "$module" "$version" "$pkg" "$name" "$sig" "$file" "$first" "$last" "$stmts" "$pct"
    continue
  fi
  read -r total killed < <(jq -r --arg f "$file" --argjson first "$first" --argjson last "$last" '
    [.files[] | select((.file_name | split("/") | last) == $f) | .mutations[]
     | select(.line >= $first and .line <= $last) | .status] as $s
    | "\($s | map(select(. == "KILLED" or . == "LIVED")) | length) \($s | map(select(. == "KILLED")) | length)"' "$work/g.json")
  score=$(awk -v k="$killed" -v t="$total" 'BEGIN { if (t > 0) printf "%.1f", 100 * k / t; else print "-" }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$module" "$version" "$pkg" "$name" "$sig" "$file" "$first" "$last" "$stmts" "$pct" "$total" "$killed" "$score"
done < "$work/funcs.tsv"
