#!/usr/bin/env bash
# Measures `specgen gen` against Go's own fuzzer, the tool a user would
# try instead: for each function of a corpus file (rows of
# ../shared/bench/corpus.tsv's form; lines starting with # are
# comments), the statement coverage that `go test -fuzz` reaches in 10 s
# and in 60 s from a target seeded only with zero values, beside the
# coverage of the spec `specgen gen` writes, its time and its cases, and
# the human suite's coverage from the row.
#
#   bash scripts/fuzzcmp.sh [corpus.tsv]   (default ../shared/bench/corpus.tsv)
#
# How each function is fuzzed:
#   - The module comes from the Go module proxy and is copied to a
#     temporary directory, where every _test.go file is deleted unread
#     (the human suites are what both are compared against).
#   - specgen gen runs first, the way corpus.sh runs it (scripts/bench.sh),
#     so it never sees the fuzz target.
#   - scripts/fuzztarget writes FuzzSpecgen into the package: the
#     function's parameters fuzzed, seeded with their zero values, a panic
#     recovered so that fuzzing goes on past it. A function it cannot
#     fuzz (a parameter of a type go test -fuzz does not take, or a
#     receiver whose zero value holds a nil) is reported as skip, with
#     the reason.
#   - The fuzzer runs for FUZZ1 seconds (10), and is then run again for
#     FUZZ2 - FUZZ1 more (to 60 in all), continuing from the corpus the
#     first run kept: the second figure is what 60 s of fuzzing reach.
#     It runs one worker (-parallel 1, FUZZ_PARALLEL to change): the
#     machine has 2 cores and the coordinator takes a share of them, and
#     one worker keeps the figure from depending on what else runs.
#     FUZZ_WALL is the wall time of both runs, each with its build.
#   - The fuzz cache goes to a directory of this run
#     (-test.fuzzcachedir); after each run its corpus is copied into
#     testdata/fuzz/FuzzSpecgen and replayed with -coverprofile, and
#     scripts/funccov gives the function's coverage from that profile.
#
# With SPECGEN set, that binary is measured instead of one built from
# this checkout; MAX_TIME bounds each gen (default 10m, as corpus.sh).
# KEEP=dir keeps the module copies (with the spec and the last corpus of
# each package) and fuzz.log, the fuzzer's output, there.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$repo/../shared/bench/corpus.tsv}
fuzz1=${FUZZ1:-10}; fuzz2=${FUZZ2:-60}
parallel=${FUZZ_PARALLEL:-1}
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
# shellcheck source=scripts/bench.sh
. "$repo/scripts/bench.sh"
bench_specgen "$work"
(cd "$repo" && go build -o "$work/fuzztarget" ./scripts/fuzztarget && go build -o "$work/funccov" ./scripts/funccov)

# fuzz_cov PDIR CACHE FUNC copies the fuzz corpus in CACHE into PDIR's
# testdata, replays it with coverage and prints FUNC's statement coverage
# and the corpus's size.
fuzz_cov() {
  local corp="$1/testdata/fuzz/FuzzSpecgen" cov n
  mkdir -p "$corp"
  [ ! -d "$2/FuzzSpecgen" ] || cp "$2/FuzzSpecgen/"* "$corp/" 2>/dev/null || true
  n=$(find "$corp" -type f | wc -l)
  (cd "$1" && GOFLAGS=-mod=mod go test -count=1 -timeout 2m -run '^FuzzSpecgen$' -covermode=set -coverprofile "$work/fuzz.out" . >"$work/replay.log" 2>&1) || true
  cov=""
  if [ -s "$work/fuzz.out" ]; then
    cov=$("$work/funccov" "$work/fuzz.out" "$1" | awk -F'\t' -v f="$3" '$1 == f {printf "%.1f%%", $4}')
  fi
  rm -f "$work/fuzz.out"
  echo "${cov:--} $((n + 1))"
}

# fuzz_run PDIR CACHE SECONDS fuzzes for SECONDS and prints its execs,
# or "stuck" when it spent them all on its seeds (a seed that never
# returns), or "found" when the fuzzer stopped on a failure (a hang, an exit or a
# crash recover cannot stop), or "failed" when go test did not fuzz at
# all (the target did not build).
fuzz_run() {
  local out
  if out=$(cd "$1" && GOFLAGS=-mod=mod go test -run '^$' -fuzz '^FuzzSpecgen$' -fuzztime "${3}s" -parallel "$parallel" . -args -test.fuzzcachedir="$2" 2>&1); then
    if echo "$out" | grep -q 'now fuzzing'; then
      echo "$out" | sed -n 's/.*execs: \([0-9]*\) .*/\1/p' | tail -1
    else
      echo stuck
    fi
  elif echo "$out" | grep -q 'fuzz: elapsed'; then
    echo found
  else
    echo failed
  fi
  echo "$out" >> "$work/fuzz.log"
}

echo "# $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg), fuzzing ${fuzz1} s then to ${fuzz2} s with -parallel $parallel"
printf '%-40s %7s %7s %7s %7s %7s %6s %7s %9s  %s\n' FUNCTION HUMAN "FUZZ$fuzz1" "FUZZ$fuzz2" SPEC SPEC_S CASES FUZZ_S EXECS NOTE
rows="$work/rows.tsv"; : > "$rows"
grep -v "^#" "$corpus" | tail -n +2 | while IFS=$'\t' read -r module version pkg fn rest; do
  hcov=$(echo "$rest" | cut -f6)
  dir=$(bench_module "$work" "$module" "$version")
  find "$dir" -name '*_test.go' -delete
  rel=${pkg#"$module"}; rel=${rel#/}
  pdir="$dir/${rel:-.}"
  out="$dir/specgen-bench/$(basename "$pkg")_$fn.yml"
  read -r cases scov secs < <(bench_gen "$work/specgen" "$dir" "$rel" "$fn" "$out")

  f10=-; f60=-; fsecs=-; execs=-; note=""
  target="$pdir/specgen_fuzz_test.go"
  cache="$work/fuzzcache/$(basename "$pkg")_$fn"
  rm -rf "$cache" "$pdir/testdata/fuzz/FuzzSpecgen"
  res=$(GOFLAGS=-mod=mod "$work/fuzztarget" -o "$target" "$pdir" "$fn" 2>&1) || res="skip	fuzztarget failed: $(echo "$res" | tail -1)"
  if [ "${res%%	*}" = skip ]; then
    f10=skip; f60=skip; note=${res#*	}
  else
    start=$(date +%s.%N)
    e1=$(fuzz_run "$pdir" "$cache" "$fuzz1")
    mid=$(date +%s.%N)
    if [ "$e1" = stuck ]; then
      f10=hang; n10=1
    else
      read -r f10 n10 < <(fuzz_cov "$pdir" "$cache" "$fn")
    fi
    cov_end=$(date +%s.%N)
    if [ "$e1" = stuck ]; then
      f60=hang; end=$mid
      note="the zero seed never returns, so the fuzzer never starts"
    elif [ "$e1" = failed ]; then
      f10=failed; f60=failed; end=$mid; cov_end=$mid
      note="go test -fuzz failed (see fuzz.log with KEEP)"
    elif [ "$e1" = found ]; then
      # The failing input is in testdata now, and would stop the second
      # run at once.
      end=$mid; cov_end=$mid; f60=-
      note="the fuzzer stopped on a failure (a hang or an exit) in the first ${fuzz1} s; corpus $n10 inputs"
    else
      e2=$(fuzz_run "$pdir" "$cache" "$((fuzz2 - fuzz1))")
      end=$(date +%s.%N)
      read -r f60 n60 < <(fuzz_cov "$pdir" "$cache" "$fn")
      if [ "$e2" = found ]; then note="the fuzzer stopped on a failure (a hang or an exit) after ${fuzz1} s; "; else execs=$((e1 + e2)); fi
      note="${note}corpus $n10 then $n60 inputs"
    fi
    fsecs=$(printf "%.1f" "$(echo "$end - $start - ($cov_end - $mid)" | bc)")
    rm -f "$target"
  fi
  printf '%-40s %6s%% %7s %7s %7s %6.1fs %6s %7s %9s  %s\n' "$(basename "$pkg").$fn" "$hcov" "$f10" "$f60" "$scov" "$secs" "$cases" "${fsecs:+$fsecs}" "$execs" "$note"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$hcov" "$f60" "$scov" "$secs" "$fsecs" "$f10" >> "$rows"
done
awk -F'\t' '
  function num(s) { sub(/%$/, "", s); return s + 0 }
  {
    n++
    if ($2 ~ /%$/) {
      fz++
      if ($3 != "-" && num($3) >= num($2)) ge60++
      if ($3 != "-" && num($3) >= num($6)) ge10++
      if ($3 != "-" && $4 * 10 <= $5) fast++
    }
    if ($1 + 0 >= 85) { h++; if ($3 != "-" && num($3) >= $1) geh++ }
  }
  END {
    printf "\n%d functions, %d fuzzed: specgen >= fuzz %d s on %d of %d (>= fuzz %d s on %d), in at most a tenth of the fuzzer'"'"'s wall time on %d;", n, fz, f2, ge60, fz, f1, ge10, fast
    printf " specgen >= human on %d of the %d where human >= 85%%\n", geh, h
  }' f1="$fuzz1" f2="$fuzz2" "$rows"
echo "# $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"
