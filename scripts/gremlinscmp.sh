#!/usr/bin/env bash
# Compares two mutation scores of the specs `specgen gen` writes for the
# public benchmark corpus: the one `specgen mutate` computes, and the one
# gremlins v0.6.0 gives, unaided, to the go test file the specs export
# (specgen_evals_test.go), the package's only test file. Both count
# killed / (killed + lived) of the mutants inside the function's own
# lines (first_line..last_line of its file); timed-out, not viable and
# not covered mutants are left out, as in ../shared/bench/README.md.
#
#   bash scripts/gremlinscmp.sh [corpus.tsv]   (default ../shared/bench/corpus.tsv)
#
# Needs jq, and gremlins v0.6.0 on PATH or in $(go env GOPATH)/bin
# (go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0).
#
# Each module comes from the Go module proxy and is copied to a temporary
# directory, where its own _test.go files are deleted (never read or run):
# the exported file is all gremlins runs. The corpus functions of a
# package are generated first, then exported into one file, then scored
# by both tools; gremlins runs once per module over all its packages,
# with all 11 mutator types and --timeout-coefficient 60.
#
# After the table, every mutant of a corpus function on which the two
# tools disagree is listed with both statuses, and why when the reason
# is a known one:
#   not-viable   specgen finds it does not compile; gremlins counts the
#                failed build as killed
#   only-gremlins / only-specgen
#                one tool makes a mutant the other does not (gremlins
#                looks at the token alone, specgen at the types too: a
#                string +, a unary &, a string += are gremlins's alone,
#                and do not compile, so gremlins counts them killed)
#   gremlins-duplicate
#                gremlins makes a second mutant where specgen has one at
#                the same place under another type, with the same change
#                (a - becomes + under both ARITHMETIC_BASE and
#                INVERT_NEGATIVES), and counts it twice
#   timed-out    one tool timed the mutant out
#   coverage     one tool saw the mutated line run, the other did not
#   KILLED/LIVED a real disagreement: one test run killed it, the other not
#
# Set KEEP=dir to keep the work directory (modules, specs, the exported
# files, both reports); with KEEP=dir TABLE_ONLY=1 the table is printed
# again from what a run kept.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(realpath "${1:-$repo/../shared/bench/corpus.tsv}")
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
work=$(realpath "$work")
command -v jq >/dev/null || { echo "gremlinscmp: needs jq" >&2; exit 2; }
# shellcheck source=scripts/gremlins.sh
. "$repo/scripts/gremlins.sh"

# moddir MODULE VERSION is where the module's copy lives.
moddir() { echo "$work/mods/$1@$2"; }

if [ -z "${TABLE_ONLY:-}" ]; then
  find_gremlins gremlinscmp
  go build -o "$work/specgen" "$repo/cmd/specgen"
  rm -rf "$work/mods" "$work/out"
  mkdir -p "$work/mods" "$work/out"

  # The packages, in corpus order, and the functions of each.
  tail -n +2 "$corpus" | awk -F'\t' '!seen[$1 "\t" $2 "\t" $3]++ { print $1 "\t" $2 "\t" $3 }' > "$work/packages.tsv"
  while IFS=$'\t' read -r module version pkg; do
    dir=$(moddir "$module" "$version")
    if [ ! -d "$dir" ]; then
      src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$module@$version" | jq -r .Dir)
      mkdir -p "$(dirname "$dir")"
      cp -r "$src" "$dir"
      chmod -R u+w "$dir"
      find "$dir" -name '*_test.go' -delete
      [ -f "$dir/go.mod" ] || printf 'module %s\n\ngo 1.16\n' "$module" > "$dir/go.mod"
    fi
    rel=${pkg#"$module"}; rel=./${rel#/}
    key=$(echo "$pkg" | tr '/' '_')
    mapfile -t fns < <(tail -n +2 "$corpus" | awk -F'\t' -v p="$pkg" '$3 == p { print $4 }')
    echo "gremlinscmp: $pkg: gen ${fns[*]}" >&2
    (cd "$dir" && "$work/specgen" gen -q -export=false -max-time 10m -json "$work/out/$key.gen.json" "$rel" "${fns[@]}" > "$work/out/$key.gen.txt" 2>&1) || echo "gremlinscmp: $pkg: gen failed (see $work/out/$key.gen.txt)" >&2
    (cd "$dir" && "$work/specgen" export "$rel" > "$work/out/$key.export.txt" 2>&1) || echo "gremlinscmp: $pkg: export failed: $(cat "$work/out/$key.export.txt")" >&2
    echo "gremlinscmp: $pkg: specgen mutate" >&2
    (cd "$dir" && "$work/specgen" mutate -q -json "$work/out/$key.mutate.json" "$rel" > "$work/out/$key.mutate.txt" 2>&1 </dev/null) || echo "gremlinscmp: $pkg: mutate failed (see $work/out/$key.mutate.txt)" >&2
  done < "$work/packages.tsv"

  # gremlins, once per module, over every package in it.
  awk -F'\t' '!seen[$1 "@" $2]++ { print $1 "\t" $2 }' "$work/packages.tsv" | while IFS=$'\t' read -r module version; do
    dir=$(moddir "$module" "$version")
    key=$(echo "$module" | tr '/' '_')
    echo "gremlinscmp: $module: gremlins unleash" >&2
    start=$(date +%s)
    (cd "$dir" && gremlins_unleash "$work/out/$key.gremlins.json" > "$work/out/$key.gremlins.txt" 2>&1) ||
      echo "gremlinscmp: $module: gremlins failed (see $work/out/$key.gremlins.txt)" >&2
    echo "gremlinscmp: $module: gremlins took $(( $(date +%s) - start ))s" >&2
  done
fi

# One line per mutant of each corpus function, from both reports, joined
# by line, column and type: FUNC LINE COL TYPE SPECGEN GREMLINS CHANGE DETAIL
# (a status is "-" where that tool made no such mutant).
: > "$work/mutants.tsv"
tail -n +2 "$corpus" | while IFS=$'\t' read -r module version pkg fn sig file first last rest; do
  key=$(echo "$pkg" | tr '/' '_')
  gkey=$(echo "$module" | tr '/' '_')
  rel=${pkg#"$module"}; rel=${rel#/}
  gfile=${rel:+$rel/}$file
  s="$work/out/$key.mutate.json"; g="$work/out/$gkey.gremlins.json"
  [ -s "$s" ] || echo '{"Files":[]}' > "$s"
  [ -s "$g" ] || echo '{"files":[]}' > "$g"
  jq -r -n --arg fn "$fn" --arg gfile "$gfile" --argjson first "$first" --argjson last "$last" \
    --slurpfile s "$s" --slurpfile g "$g" --rawfile src "$(moddir "$module" "$version")/$gfile" '
    ([$s[0].Files[].Functions[] | select(.Name == $fn) | .Mutants[]
       | {k: "\(.Pos.Line):\(.Pos.Column):\(.Kind)", l: .Pos.Line, c: .Pos.Column, t: .Kind,
          st: .Status, ch: "\(.Original) → \(.Replacement)", d: ((.Detail // "") | gsub("[\t\n]"; " ") | .[0:160])}]
     | map({(.k): .}) | add // {}) as $sm
    | ([$g[0].files[] | select(.file_name == $gfile) | .mutations[]
       | select(.line >= $first and .line <= $last)
       | {k: "\(.line):\(.column):\(.type)", l: .line, c: .column, t: .type, st: .status}]
     | map({(.k): .}) | add // {}) as $gm
    | ($sm + $gm | keys_unsorted | unique) as $keys
    | $keys[] | ($sm[.] // $gm[.]) as $m
    | ($src | split("\n")[$m.l - 1] | gsub("^\\s+"; "") | gsub("\t"; " ")) as $line
    | ("\($m.l):\($m.c):") as $at
    | ({ARITHMETIC_BASE: "INVERT_NEGATIVES", INVERT_NEGATIVES: "ARITHMETIC_BASE"}[$m.t]) as $twin
    | (if $sm[.] == null and $twin != null and $sm[$at + $twin] != null then "dup" else "" end) as $dup
    | [$fn, $m.l, $m.c, $m.t, ($sm[.].st // "-"), ($gm[.].st // "-"), ($sm[.].ch // "-"), ($sm[.].d // ""), $line, $dup] | @tsv' >> "$work/mutants.tsv"
done

# The table: per function, the spec's cases, both tools' killed/lived and
# score, the human score, and how many mutants the tools agree on.
tail -n +2 "$corpus" | while IFS=$'\t' read -r module version pkg fn sig file first last stmts hcov htotal hkilled hmut rest; do
  key=$(echo "$pkg" | tr '/' '_')
  cases=$(jq -r --arg fn "$fn" '[.functions[] | select(.name == $fn) | .cases] | first // "-"' "$work/out/$key.gen.json" 2>/dev/null || echo -)
  printf '%s\t%s\t%s\n' "$(basename "$pkg").$fn" "$cases" "$hmut"
done > "$work/rows.tsv"

awk -F'\t' -v rows="$work/rows.tsv" '
  function reason(s, g, dup) {
    if (s == "-" && dup) return "gremlins-duplicate"
    if (s == "-") return "only-gremlins"
    if (g == "-") return "only-specgen"
    if (s == "NOT VIABLE" && g == "KILLED") return "not-viable"
    if (s == "TIMED OUT" || g == "TIMED OUT") return "timed-out"
    if (s == "NOT COVERED" || g == "NOT COVERED") return "coverage"
    return "KILLED/LIVED"
  }
  function score(k, l) { return k + l > 0 ? sprintf("%.1f%%", 100 * k / (k + l)) : "-" }
  {
    f = $1; s = $5; g = $6
    n[f]++
    if (s == "KILLED") sk[f]++; if (s == "LIVED") sl[f]++
    if (g == "KILLED") gk[f]++; if (g == "LIVED") gl[f]++
    if (s != "-") sn[f]++; if (g != "-") gn[f]++
    if (s == g) { agree[f]++; next }
    w = reason(s, g, $10); why[f, w]++
    if (w == "KILLED/LIVED") kl[f]++
    diff[++nd] = sprintf("%s\t%d:%d\t%s\t%s\tspecgen %s, gremlins %s\t%s\t%s\t%s", f, $2, $3, $4, $7, s, g, w, $9, $8)
  }
  END {
    printf "%-28s %6s %10s %8s %10s %8s %8s  %-9s %s\n", "FUNCTION", "CASES", "SPECGEN_KL", "SPECGEN", "GREMLIN_KL", "GREMLINS", "HUMAN", "AGREE", "DISAGREEMENTS"
    while ((getline line < rows) > 0) {
      split(line, r, "\t"); name = r[1]; sub(/^[^.]*\./, "", name); full = r[1]
      fn = name
      d = ""
      split("KILLED/LIVED only-gremlins gremlins-duplicate only-specgen not-viable timed-out coverage", rs, " ")
      for (i = 1; i <= 7; i++) if ((fn, rs[i]) in why) d = d (d ? ", " : "") why[fn, rs[i]] " " rs[i]
      printf "%-28s %6s %10s %8s %10s %8s %7s%%  %-9s %s\n", full, r[2], (sk[fn] + 0) "/" (sl[fn] + 0), score(sk[fn], sl[fn]),
        (gk[fn] + 0) "/" (gl[fn] + 0), score(gk[fn], gl[fn]), r[3], (agree[fn] + 0) "/" (n[fn] + 0), d
      tsk += sk[fn]; tsl += sl[fn]; tgk += gk[fn]; tgl += gl[fn]; tn += n[fn]; tag += agree[fn]; tkl += kl[fn]; tsn += sn[fn]; tgn += gn[fn]
      tc += r[2]; nf++
    }
    printf "%-28s %6d %10s %8s %10s %8s %8s  %-9s %d KILLED/LIVED\n", "total (" nf " functions)", tc, tsk "/" tsl, score(tsk, tsl), tgk "/" tgl, score(tgk, tgl), "", tag "/" tn, tkl
    printf "\nmutants: specgen made %d, gremlins %d, %d in all; both gave the same status to %d\n", tsn, tgn, tn, tag
    if (nd) {
      printf "\nwhere the tools disagree (FUNCTION LINE:COL TYPE CHANGE STATUSES WHY SOURCE-LINE SPECGEN-DETAIL):\n"
      for (i = 1; i <= nd; i++) print diff[i]
    }
  }' "$work/mutants.tsv"
