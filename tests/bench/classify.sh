#!/bin/bash
# Benchmark: `sbx classify` against `grep -i -F` with the same signatures, on a generated 256 MiB
# stderr of realistic build/tool chatter with one denial near the end, and on a single 100 MiB
# line; then the peak memory of sbx on 1 GiB through a pipe. Prints per-run times, medians, the
# ratio grep/sbx (> 1: sbx is faster) and peak RSS (/usr/bin/time -v, Debian package `time`).
#
#   tests/bench/classify.sh [SBX] [RUNS]     (SBX defaults to $SBX; RUNS to 7)
#
# Targets: sbx at least as fast as grep (ratio >= 1) and peak RSS < 16 MiB for any input. Exit 1
# when a verdict is wrong or the memory target is missed; the speed ratio is reported (a loaded
# machine makes it noisy, so it does not fail the run).
set -u
SBX=${1:-${SBX:?usage: classify.sh SBX [RUNS]}}
RUNS=${2:-7}
HERE=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "classify.sh: /usr/bin/time is missing (apt-get install time)"; exit 1; }

W=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
export LC_ALL=${LC_ALL:-C.UTF-8}

echo "# generating inputs in $W"
"$PY" "$HERE/classify-gen.py" lines $((256 * 1024 * 1024)) "$W/lines.err" || exit 1
"$PY" "$HERE/classify-gen.py" oneline $((100 * 1024 * 1024)) "$W/oneline.err" || exit 1
# the bwrap dialect's signatures: its denial signature and its runner's fatal signature
printf 'Read-only file system\nbwrap: \n' >"$W/sigs"

status=0

# run_one LABEL CMD...: prints "seconds peak_kb" of one run (stdout of CMD to $W/out)
run_one() {
        local t0 t1
        shift
        t0=$(date +%s%N)
        "$TIME" -f '%M' -o "$W/rss" "$@" >"$W/out" 2>/dev/null
        t1=$(date +%s%N)
        echo "$(( (t1 - t0) / 1000000 )) $(tail -1 "$W/rss")"
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

bench() {
        local name=$1 file=$2 s_ms=() g_ms=() s_kb=0 g_kb=0 r ms kb verdict
        cat "$file" >/dev/null # page cache
        for ((i = 0; i < RUNS; i++)); do
                read -r ms kb < <(run_one sbx "$SBX" classify --backend bwrap --exit 1 --stderr "$file")
                verdict=$(cat "$W/out")
                s_ms+=("$ms")
                [ "$kb" -gt "$s_kb" ] && s_kb=$kb
                read -r ms kb < <(run_one grep grep -i -F -f "$W/sigs" "$file")
                g_ms+=("$ms")
                [ "$kb" -gt "$g_kb" ] && g_kb=$kb
        done
        local sm gm
        sm=$(printf '%s\n' "${s_ms[@]}" | median)
        gm=$(printf '%s\n' "${g_ms[@]}" | median)
        echo "$name: sbx classify runs (ms): ${s_ms[*]}"
        echo "$name: grep -i -F runs (ms):   ${g_ms[*]}"
        echo "$name: median sbx ${sm} ms, grep ${gm} ms, ratio grep/sbx $(awk -v g="$gm" -v s="$sm" 'BEGIN {printf "%.2f", (s > 0 ? g / s : 0)}')"
        echo "$name: peak RSS sbx ${s_kb} KiB, grep ${g_kb} KiB"
        if [ "$verdict" != denied ]; then
                echo "$name: WRONG verdict '$verdict' (want denied)"
                status=1
        fi
        if [ "$s_kb" -ge 16384 ]; then
                echo "$name: MISSED the memory target (>= 16 MiB)"
                status=1
        fi
        if [ "$sm" -gt "$gm" ]; then
                echo "$name: speed target missed (sbx slower than grep)"
        else
                echo "$name: speed target met"
        fi
}

echo "# $(nproc) CPUs, $(grep --version | head -1), runs: $RUNS"
bench "256MiB-lines" "$W/lines.err"
bench "100MiB-one-line" "$W/oneline.err"

# 1 GiB through standard input (a pipe): memory stays bounded.
cat "$W/lines.err" "$W/lines.err" "$W/lines.err" "$W/lines.err" |
        "$TIME" -f '%M %e' -o "$W/rss" "$SBX" classify --backend bwrap --exit 1 >"$W/out"
read -r kb secs <"$W/rss"
echo "1GiB-stdin: sbx verdict $(cat "$W/out"), ${secs} s, peak RSS ${kb} KiB"
if [ "$kb" -ge 16384 ] || [ "$(cat "$W/out")" != denied ]; then
        echo "1GiB-stdin: MISSED (memory or verdict)"
        status=1
fi
exit $status
