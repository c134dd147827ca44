#!/usr/bin/env bash
# Measures specgen mutate (schemata engine) and gremlins unleash (v0.6.0)
# side by side, in one run, on the same package and the same test suite:
# the package's specs, and for gremlins the go test file they export
# (specgen_evals_test.go), the copy's only test file. It prints, for each
# tool, the wall time, the mutants it ran (built and tested: specgen's
# killed, lived, timed out and errored; gremlins's killed, lived, timed
# out and not viable, which it builds to find out) and the seconds per
# mutant, then how many times faster per mutant specgen is.
#
#   bash scripts/gremlinsratio.sh PKGDIR    (e.g. examples/pricing)
#
# Needs jq and gremlins v0.6.0 on PATH or in $(go env GOPATH)/bin; it is
# installed there when missing (through the Go module proxy). Both tools
# start cold: specgen's builds go to a fresh cache (as mutate always
# does), gremlins builds as it always does, with Go's own build cache warm
# for both. The package is copied to a temporary directory (as a module of
# its own when it imports the standard library alone, else with its whole
# module), so the tree is not touched. gremlins runs with all 11 mutator
# types and --timeout-coefficient 60, as scripts/gremlinscmp.sh runs it.
# Set KEEP=dir to keep the work directory.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: gremlinsratio.sh PKGDIR" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
pkgdir=$(cd "$1" && pwd)
command -v jq >/dev/null || { echo "gremlinsratio: needs jq" >&2; exit 2; }
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
work=$(realpath "$work")

. "$repo/scripts/gremlins.sh"
if ! command -v gremlins >/dev/null && [ ! -x "$(go env GOPATH)/bin/gremlins" ]; then
  echo "gremlinsratio: installing gremlins v0.6.0" >&2
  go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
fi
find_gremlins gremlinsratio
go build -o "$work/specgen" "$repo/cmd/specgen"

# The copy: a module of its own for a package of the standard library
# alone, else the whole module with the package inside.
importpath=$(cd "$pkgdir" && go list -f '{{.ImportPath}}' .)
others=$(cd "$pkgdir" && go list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' . | grep -vx "$importpath" || true)
if [ -z "$others" ]; then
  dir="$work/mod"
  mkdir -p "$dir"
  cp -r "$pkgdir"/. "$dir"
  goversion=$(cd "$pkgdir" && go list -m -f '{{.GoVersion}}')
  printf 'module %s\n\ngo %s\n' "$importpath" "${goversion:-1.21}" > "$dir/go.mod"
else
  root=$(cd "$pkgdir" && go list -m -f '{{.Dir}}')
  mkdir -p "$work/mod"
  (cd "$root" && tar --exclude=.git -cf - .) | (cd "$work/mod" && tar -xf -)
  dir="$work/mod/${pkgdir#"$root"/}"
fi
chmod -R u+w "$dir"
find "$dir" -maxdepth 1 -name '*_test.go' ! -name specgen_evals_test.go -delete
(cd "$dir" && "$work/specgen" export . > "$work/export.txt" 2>&1) || { echo "gremlinsratio: export failed: $(cat "$work/export.txt")" >&2; exit 1; }
(cd "$dir" && go test -count=1 . > "$work/gotest.txt" 2>&1) || { echo "gremlinsratio: the exported tests fail: $(tail -5 "$work/gotest.txt")" >&2; exit 1; }

now() { date +%s.%N; }

echo "gremlinsratio: specgen mutate $importpath" >&2
t0=$(now)
(cd "$dir" && "$work/specgen" mutate -q -v -json "$work/specgen.json" . > "$work/specgen.txt" 2>&1 </dev/null) || { echo "gremlinsratio: specgen mutate failed: $(tail -5 "$work/specgen.txt")" >&2; exit 1; }
t1=$(now)
echo "gremlinsratio: gremlins unleash $importpath" >&2
(cd "$dir" && gremlins_unleash "$work/gremlins.json" > "$work/gremlins.txt" 2>&1 </dev/null) || { echo "gremlinsratio: gremlins failed: $(tail -5 "$work/gremlins.txt")" >&2; exit 1; }
t2=$(now)

s_run=$(jq '.Total | .Killed + .Lived + .TimedOut + .Errored' "$work/specgen.json")
s_all=$(jq '.Total.Total' "$work/specgen.json")
g_run=$(jq '[.files[].mutations[] | select(.status != "NOT COVERED" and .status != "SKIPPED")] | length' "$work/gremlins.json")
g_all=$(jq '[.files[].mutations[]] | length' "$work/gremlins.json")
builds=$(grep -E '^[^ ]+: [0-9]+ builds? for' "$work/specgen.txt" || true)

awk -v t0="$t0" -v t1="$t1" -v t2="$t2" -v sr="$s_run" -v sa="$s_all" -v gr="$g_run" -v ga="$g_all" -v pkg="$importpath" -v builds="$builds" 'BEGIN {
  st = t1 - t0; gt = t2 - t1
  printf "package %s\n", pkg
  printf "%-10s %9s %12s %8s %10s\n", "TOOL", "WALL(s)", "MUTANTS_RUN", "MADE", "S/MUTANT"
  sp = sr > 0 ? st / sr : 0; gp = gr > 0 ? gt / gr : 0
  printf "%-10s %9.2f %12d %8d %10.4f\n", "specgen", st, sr, sa, sp
  printf "%-10s %9.2f %12d %8d %10.4f\n", "gremlins", gt, gr, ga, gp
  if (sp > 0) printf "specgen is %.1fx faster per mutant (%s)\n", gp / sp, builds
}'
