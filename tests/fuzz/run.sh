#!/bin/bash
# Builds the libFuzzer targets in their own build directory (clang, -Dfuzz=true) and runs each
# for a bounded time; fails on any crash, sanitizer report or broken property.
#
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [BUILD_DIR]     (default 60 s, build-fuzz)
#   env: SBX_FUZZ_JOBS (targets run at a time; default: the CPUs), SBX_FUZZ_TARGETS (default:
#   every target, "classify dialect writer-wire path escalation
#   fixture-meta fixture-argv audit-time mountinfo start-dir config")
#
# Seeds: tests/fuzz/seeds-TARGET/ (also replayed by the unit suite of an ordinary build), the
# recorded fixtures' stderr for the classifier and their meta files for that reader, the audit
# writer's requests and paths written here. New corpus entries go to a temporary directory that
# is removed afterwards; crash inputs are kept in BUILD_DIR/fuzz-artifacts/.
set -eu

secs=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
bdir=${2:-$src/build-fuzz}

case $secs in '' | *[!0-9]*) echo "run.sh: SECONDS_PER_TARGET must be a number" >&2; exit 2 ;; esac
if ! command -v clang >/dev/null; then
        echo "run.sh: clang is needed for libFuzzer" >&2
        exit 1
fi
if [ ! -f "$bdir/build.ninja" ]; then
        CC=clang meson setup "$bdir" "$src" -Dfuzz=true -Db_lundef=false >/dev/null
fi
all_targets="classify dialect writer-wire path escalation fixture-meta fixture-argv audit-time mountinfo start-dir config"
targets=${SBX_FUZZ_TARGETS:-$all_targets}
for t in $targets; do
        case " $all_targets " in *" $t "*) ;; *) echo "run.sh: no fuzz target '$t' (one of: $all_targets)" >&2; exit 2 ;; esac
done
if ! out=$(ninja -C "$bdir" $(for t in $targets; do printf 'tests/fuzz/fuzz-%s ' "$t"; done) 2>&1); then
        printf '%s\n' "$out" | tail -40
        echo "run.sh: the fuzz targets did not build" >&2
        exit 1
fi

# a pointer into a stack frame that has returned is a finding too (a name the classifier decoded
# into its own frame was read after the call); the caller's own ASAN_OPTIONS win
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=1}
work=$(mktemp -d "${TMPDIR:-/tmp}/sbx-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
for t in $all_targets; do
        mkdir -p "$work/$t" "$work/seed-$t"
done
mkdir -p "$bdir/fuzz-artifacts"

# classifier seeds: 4 header bytes (dialect, exit, signal, chunking) + a fixture's stderr
i=0
for f in "$src"/fixtures/*/*/stderr; do
        i=$((i + 1))
        case $f in
        */bwrap/*) d='\x00' ;; */landlock/*) d='\x01' ;; */seatbelt/*) d='\x02' ;; *) d='\x03' ;;
        esac
        { printf "$d"'\x01\x00\x05'; head -c 20000 "$f"; } >"$work/seed-classify/$i"
        # ... and with the context sbx run gives (byte 2, bits 6-7: 1)
        { printf "$d"'\x01\x40\x05'; head -c 20000 "$f"; } >"$work/seed-classify/$i-ctx"
        # ... and for a command that moved: to the context's directory, or where sbx cannot tell
        { printf "$d"'\x01\x80\x05'; head -c 20000 "$f"; } >"$work/seed-classify/$i-moved"
        { printf "$d"'\x01\xc0\x05'; head -c 20000 "$f"; } >"$work/seed-classify/$i-lost"
done
# the committed seeds (the inputs of past findings among them), tests/fuzz/seeds-TARGET/
for t in $targets; do
        if [ -d "$src/tests/fuzz/seeds-$t" ]; then
                cp "$src/tests/fuzz/seeds-$t"/* "$work/seed-$t/"
        fi
done
cp "$src"/fixtures/record-linux.sh "$work/seed-dialect/not-a-dialect"

# writer seeds: a begin and a finish request as sbx run sends them
printf 'B' >"$work/seed-writer-wire/begin"
python3 - "$work/seed-writer-wire" <<'PY' 2>/dev/null || true
import struct, sys
def s(v):
    if v is None:
        return struct.pack('<I', 0xffffffff)
    b = v.encode()
    return struct.pack('<I', len(b)) + b + b'\0'
q = lambda v: struct.pack('<q', v)
begin = b'B' + q(1) + q(0) + q(2) + s('/ws') + s(None) + q(0) + q(2) + s('touch') + s('/usr/x') + s('/ws') + s('landlock') + s('full') + s(None) + q(0)
finish = b'F' + q(7) + s('completed') + s('denied') + s('stderr') + s(None) + q(1) + q(0) + q(1) + q(2) + q(1) + q(0) + s('denial') + s('Permission denied') + q(1) + s("touch: cannot touch '/usr/x': Permission denied") + q(48) + q(1) + q(1) + q(1) + q(1) + s("touch: cannot touch '/usr/x': Permission denied") + s('/usr/x')
open(sys.argv[1] + '/begin', 'wb').write(begin)
open(sys.argv[1] + '/finish', 'wb').write(finish)
PY

# path seeds: two paths separated by a NUL byte (a path and the directory it may lie beneath)
printf '/ws/a/../b\0/ws' >"$work/seed-path/dotdot"
printf '//ws/./x/\0/ws/' >"$work/seed-path/slashes"
printf '/wsx/y\0/ws' >"$work/seed-path/prefix"
printf '/..\0/' >"$work/seed-path/root"

# meta seeds: the recorded cases' own
i=0
for f in "$src"/fixtures/*/*/meta; do
        i=$((i + 1))
        [ "$i" -le 40 ] || break
        cp "$f" "$work/seed-fixture-meta/$i"
done

# The targets run side by side, as many at a time as there are CPUs (SBX_FUZZ_JOBS): each is one
# process, and one after the other they left a core idle for the whole run (10 x 30 s in CI). Their
# reports come in the targets' order once all have run.
jobs=${SBX_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: SBX_FUZZ_JOBS must be a number above 0" >&2; exit 2 ;; esac
# fuzz_one TARGET: its status in $work/TARGET.status (set -e would end the job before it is written)
fuzz_one() {
        local t=$1 st=0
        "$bdir/tests/fuzz/fuzz-$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
                -max_len=131072 -print_final_stats=1 -artifact_prefix="$bdir/fuzz-artifacts/$t-" \
                "$work/$t" "$work/seed-$t" 2>"$work/$t.log" || st=$?
        echo "$st" >"$work/$t.status"
}
running=0
for t in $targets; do
        if [ "$running" -ge "$jobs" ]; then
                wait -n || true
                running=$((running - 1))
        fi
        echo "== fuzz-$t for ${secs}s"
        fuzz_one "$t" &
        running=$((running + 1))
done
wait || true
status=0
for t in $targets; do
        if [ "$(cat "$work/$t.status" 2>/dev/null)" != 0 ]; then
                echo "== fuzz-$t"
                tail -60 "$work/$t.log"
                echo "fuzz-$t: FAILED (artifacts in $bdir/fuzz-artifacts/)"
                status=1
        else
                echo "== fuzz-$t"
                grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "$work/$t.log" || true
                echo "fuzz-$t: ok"
        fi
done
exit $status
