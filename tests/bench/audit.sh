#!/bin/bash
# Audit benchmarks (DESIGN.md section 4, issue 4):
#  - `sbx audit denials --since 1d` and `sbx audit denials --top-paths` on a generated database of
#    1,000,000 executions (about 10% denied, spread over 30 days): median wall time of RUNS runs
#    each, target < 100 ms;
#  - `sbx run --backend bwrap -- true` with its audit row against raw bwrap: median of paired runs.
# Environment: SBX (the built sbx), SBX_BENCH_N (executions, 1000000), SBX_BENCH_RUNS (9),
# SBX_BENCH_DB (reuse a generated database at this path; generated when missing).
# Prints one line per figure; exits 1 when a query misses its target.
set -u
SBX=${SBX:?SBX is not set (path to the built sbx)}
N=${SBX_BENCH_N:-1000000}
RUNS=${SBX_BENCH_RUNS:-9}
TARGET_MS=100
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
DB=${SBX_BENCH_DB:-$T/audit.db}

now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }

if [ ! -s "$DB" ]; then
        s=$(now_ns)
        bash "$HERE/audit-gen.sh" "$SBX" "$DB" "$N" >/dev/null || { echo "generator failed"; exit 1; }
        echo "generated $N executions in $((($(now_ns) - s) / 1000000)) ms: $(du -h "$DB" | cut -f1)," \
                "$(sqlite3 "$DB" "SELECT count(*) FROM executions WHERE verdict = 'denied'") denied," \
                "$(sqlite3 "$DB" 'SELECT count(*) FROM denial_lines') denial lines"
fi

failed=0
bench_query() { # bench_query ARGS...: median wall ms of `sbx audit ARGS --db DB >/dev/null`
        local times=() i s rows
        "$SBX" audit "$@" --db "$DB" >/dev/null # warm the page cache once
        for i in $(seq 1 "$RUNS"); do
                s=$(now_ns)
                "$SBX" audit "$@" --db "$DB" >/dev/null
                times+=($((($(now_ns) - s) / 1000)))
        done
        rows=$("$SBX" audit "$@" --db "$DB" --csv | tail -n +2 | wc -l)
        local med
        med=$(printf '%s\n' "${times[@]}" | median)
        local verdict=ok
        [ "$med" -lt $((TARGET_MS * 1000)) ] || { verdict=SLOW; failed=1; }
        printf 'sbx audit %-28s median %6.1f ms over %d runs (%d rows) [target < %d ms: %s]\n' \
                "$*" "$(echo "$med" | awk '{print $1 / 1000}')" "$RUNS" "$rows" "$TARGET_MS" "$verdict"
}

bench_query denials --since 1d
bench_query denials --top-paths
bench_query denials --top-paths --since 1d
bench_query denials --since 1d --path '/etc/*'
bench_query list --since 1h

# sbx run with auditing against raw bwrap, paired, on a fresh database
if "$SBX" run --db "$T/run.db" --backend bwrap -- true 2>/dev/null && command -v bwrap >/dev/null; then
        sbx_t=() raw_t=()
        for i in $(seq 1 $((RUNS * 3))); do
                s=$(now_ns)
                "$SBX" run --db "$T/run.db" --backend bwrap -- true
                sbx_t+=($((($(now_ns) - s) / 1000)))
                s=$(now_ns)
                bwrap --ro-bind / / --dev /dev --proc /proc -- true
                raw_t+=($((($(now_ns) - s) / 1000)))
        done
        sm=$(printf '%s\n' "${sbx_t[@]}" | median)
        rm=$(printf '%s\n' "${raw_t[@]}" | median)
        echo "sbx run --backend bwrap -- true (audited): median $(awk "BEGIN {print $sm / 1000}") ms;" \
                "raw bwrap: $(awk "BEGIN {print $rm / 1000}") ms; ratio $(awk "BEGIN {printf \"%.1f\", $sm / $rm}")x"
else
        echo "sbx run --backend bwrap does not work here: run figures skipped"
fi
exit "$failed"
