#!/usr/bin/env bash
# Measures `specgen gen .` on whole packages of public libraries: for each
# exported function and method, whether a spec was written (or why not),
# its cases, how many pass under `specgen run` with the default engine, the
# spec's statement coverage of the function's own body and of what it
# reaches, beside the coverage the library's own tests reach (`go test
# -coverprofile` of the package, run, not read; see scripts/funccov).
#
#   bash scripts/libs.sh MODULE@VERSION [PKG] [gen flags...]
#
# PKG is the package path inside the module ("." by default). The module
# comes from the Go module proxy and is copied twice to a temporary
# directory: once as published (for its own tests) and once with its
# _test.go files removed, where specgen writes its specs. Set KEEP=dir to
# keep the copies; with KEEP=dir TABLE_ONLY=1 the table is printed again
# from what a run kept. Needs jq.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
modver=$1; pkg=${2:-.}; shift $(( $# < 2 ? $# : 2 ))
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
if [ -z "${TABLE_ONLY:-}" ]; then
go build -o "$work/specgen" "$repo/cmd/specgen"
src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$modver" | jq -r .Dir)
rm -rf "$work/human" "$work/spec"
cp -r "$src" "$work/human"; cp -r "$src" "$work/spec"
chmod -R u+w "$work/human" "$work/spec"
find "$work/spec" -name '*_test.go' -delete

# What the library's own tests reach, per function.
(cd "$work/human/$pkg" && go test -count=1 -coverprofile="$work/human.out" . >/dev/null 2>&1) || echo "note: the library's own tests failed or did not build" >&2
(cd "$repo" && go run ./scripts/funccov "$work/human.out" "$work/human/$pkg") > "$work/human.tsv" || : > "$work/human.tsv"

# What specgen writes, and whether it passes.
start=$(date +%s)
(cd "$work/spec/$pkg" && "$work/specgen" gen -q -json "$work/gen.json" "$@" . > "$work/gen.txt" 2>&1) || true
end=$(date +%s)
(cd "$work/spec/$pkg" && "$work/specgen" run -json "$work/run.json" . > "$work/run.txt" 2>&1) || true

fi

jq -r '.functions[] | [.name, (if .skipped then "skipped: " + .skipped elif .error then "failed: " + .error else "written" end), .cases, .coverage, .reach_coverage] | @tsv' "$work/gen.json" > "$work/gen.tsv"
jq -r '.files[].functions[] | [.name, ([.cases[] | select(.status == "passed")] | length), (.cases | length)] | @tsv' "$work/run.json" > "$work/run.tsv" 2>/dev/null || : > "$work/run.tsv"

printf '%-40s %-8s %6s %9s %8s %8s %8s\n' FUNCTION STATUS CASES PASS SPEC_COV REACH HUMAN
awk -F'\t' -v human="$work/human.tsv" -v runf="$work/run.tsv" '
  BEGIN {
    while ((getline l < human) > 0) { split(l, f, "\t"); hc[f[1]] = f[4] }
    while ((getline l < runf) > 0) { split(l, r, "\t"); pass[r[1]] = r[2]; tot[r[1]] = r[3] }
  }
  {
    name = $1; status = $2; st = status; sub(/:.*/, "", st)
    n[st]++; all++
    # Exported: a function or a method of an exported type with an exported name.
    ex = name; sub(/^\(\*/, "", ex); sub(/\)/, "", ex); k = split(ex, parts, ".")
    if (parts[1] ~ /^[A-Z]/ && parts[k] ~ /^[A-Z]/) { en[st]++; eall++ }
    p = (name in tot) ? pass[name] "/" tot[name] : "-"
    if (name in tot) { rp += pass[name]; rt += tot[name] }
    h = (name in hc) ? sprintf("%.1f%%", hc[name]) : "-"
    if (st == "written" && (name in hc)) { cn++; cs += $4; ch += hc[name]; cr += $5 }
    if (st == "written") printf "%-40s %-8s %6d %9s %7.1f%% %7.1f%% %8s\n", name, st, $3, p, $4, $5, h
    else { printf "%-40s %-8s %6s %9s %8s %8s %8s   %s\n", name, st, "-", "-", "-", "-", h, substr(status, length(st) + 3) }
  }
  END {
    printf "\nwritten %d, failed %d, skipped %d of %d (%.1f%% written); run: %d/%d cases pass\n", n["written"], n["failed"], n["skipped"], all, all ? 100 * n["written"] / all : 0, rp, rt
    if (cn) printf "mean over %d written functions the library tests also measure: spec coverage %.1f%%, reach %.1f%%; the library tests %.1f%%\n", cn, cs / cn, cr / cn, ch / cn
    printf "exported: written %d, failed %d, skipped %d of %d (%.1f%% written)\n", en["written"], en["failed"], en["skipped"], eall, eall ? 100 * en["written"] / eall : 0
  }' "$work/gen.tsv"
[ -z "${end:-}" ] || echo "gen time: $((end - start))s"
