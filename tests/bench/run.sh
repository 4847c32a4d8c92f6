#!/usr/bin/env bash
# Benchmark of `sbx run` against its peers, side by side in one run, each pair interleaved round
# by round:
#   sbx run --backend bwrap -- true      vs  raw bwrap with the very same argv
#   sbx run --backend landlock -- true   vs  plain true
# The two groups run one after the other, not interleaved with each other: tearing a bubblewrap
# sandbox down leaves kernel work (namespaces, mounts) behind that slowed the Landlock runs next
# to it by about 0.3 ms (medians, measured here), which is bubblewrap's cost, not theirs. Diagnostic rows in the
# second group: sbx run --mode danger-full-access -- true (sbx's own cost without
# confinement), the Landlock launcher alone, the supervisor floor (floor.c: vfork, exec, wait and
# nothing else, static-pie like sbx: what any supervisor that outlives its command costs here),
# sbx --help (process start) and sbx classify with the bwrap dialect (start + loading the dialect:
# compiling its patterns).
#
#   tests/bench/run.sh [BUILD_DIR]        (default: $SBX's build tree, else ./build)
#   env: N (timed rounds, default 300), WARMUP (default 20), SBX (path to sbx)
#
# Prints medians (p10, p90) in microseconds and the ratios against the targets: sbx over raw
# bwrap <= 1.3x, the Landlock path <= 2.5x plain true. The audit database, probe cache,
# workspace and TMPDIR (where the Landlock temp area is made) live on a tmpfs (/dev/shm) so disk
# latency does not dominate. The first run starts the audit writer (sbx audit-writer) that the
# timed runs use, as every run after the first does. Exit status: 0 when
# both targets are met, 3 when a target is missed, 1 on errors.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
N=${N:-300}
WARMUP=${WARMUP:-20}
if [ -n "${1:-}" ]; then
        SBX=$1/tools/sbx
elif [ -z "${SBX:-}" ]; then
        SBX=$top/build/tools/sbx
fi
[ -x "$SBX" ] || { echo "run.sh: no sbx at $SBX (give the build directory)" >&2; exit 1; }
build=$(cd "$(dirname "$SBX")/.." && pwd)
BWRAP=$(command -v bwrap) || { echo "run.sh: bwrap is not installed" >&2; exit 1; }

D=$(mktemp -d /dev/shm/sbx-bench.XXXXXX) || exit 1
# The programs timed are copies, made next to the build as an installation would make them: a
# file the linker has just written starts 60-70 us slower here than the same bytes copied (how
# the page cache holds it), and a copy on a tmpfs 70 us slower again (measured with sbx --help).
# /usr/bin/true and bwrap are installed files already.
I=$(mktemp -d "$build/sbx-bench-install.XXXXXX") || exit 1
trap 'rm -rf "$D" "$I"' EXIT
cp "$SBX" "$I/sbx" || exit 1
if [ -x "$(dirname "$SBX")/sbx-landlock" ]; then
        cp "$(dirname "$SBX")/sbx-landlock" "$I/sbx-landlock" || exit 1
fi
chmod 755 "$I"
SBX=$I/sbx
LAUNCHER=$I/sbx-landlock
mkdir -p "$D/ws" "$D/rawtmp" "$D/tmp"
export XDG_CACHE_HOME=$D/cache
# the Landlock backend's per-run temp area is made beneath $TMPDIR: on the tmpfs too, like the
# database (a diagnostic row below keeps it on /tmp, whatever file system that is)
export TMPDIR=$D/tmp
export PATH=/usr/bin:/bin
unset SBX_CONFIG SBX_SESSION SBX_DB
DB=$D/audit.db

BENCH=$build/tests/bench/spawn-bench
if [ ! -x "$BENCH" ]; then
        BENCH=$D/spawn-bench
        cc -O2 -o "$BENCH" "$top/tests/bench/spawn-bench.c" || exit 1
fi
# the supervisor floor (floor.c): static-pie like sbx when the toolchain can, else static, else not
FLOOR=$I/floor
cc -O2 -static-pie -o "$FLOOR" "$top/tests/bench/floor.c" 2>/dev/null ||
        cc -O2 -static -o "$FLOOR" "$top/tests/bench/floor.c" 2>/dev/null ||
        cc -O2 -o "$FLOOR" "$top/tests/bench/floor.c" || exit 1
TRUE=$(type -P true) || { echo "run.sh: no true executable in PATH" >&2; exit 1; }

# the raw bwrap argv: exactly what sbx executes (strace), its per-run temp area replaced by a
# directory that outlives the run
SBX_BWRAP=("$SBX" run --backend bwrap --mode workspace-write --root "$D/ws" --db "$DB" -- true)
raw=()
if command -v strace >/dev/null; then
        # no audit writer here: strace -f would follow it and wait for it to leave
        SBX_AUDIT_WRITER=off strace -f -v -s 65535 -qq -e trace=execve -o "$D/trace" "${SBX_BWRAP[@]}" >/dev/null 2>&1
        mapfile -t raw < <(/usr/bin/python3 - "$D/trace" "$D/rawtmp" <<'PY'
import ast, re, sys
for line in open(sys.argv[1]):
    m = re.search(r'execve\("([^"]*bwrap)", (\[.*?\]), ', line)
    if m and line.rstrip().endswith("= 0"):
        # the status descriptors, the go-ahead and the lifeline need sbx at the other end: raw bwrap runs without them
        args, skip = ast.literal_eval(m.group(2)), False
        for a in args:
            if skip:
                skip = False
                continue
            if a in ("--json-status-fd", "--status-fd", "--wait-fd", "--lifeline-fd", "--close-fd"):
                skip = True
                continue
            print(sys.argv[2] if re.search(r'/sbx-run-[A-Za-z0-9]{6}$', a) else a)
        break
PY
)
fi
if [ ${#raw[@]} -eq 0 ]; then
        echo "# strace unavailable: raw bwrap argv rebuilt from the documented flags"
        raw=("$BWRAP" --unshare-user --unshare-pid --unshare-ipc --die-with-parent --new-session --ro-bind / / --dev /dev
                --proc /proc --ro-bind-try /proc/sys /proc/sys --ro-bind-try /proc/sysrq-trigger /proc/sysrq-trigger
                --bind "$D/ws" "$D/ws" --bind "$D/rawtmp" "$D/rawtmp" --cap-add CAP_SYS_ADMIN --
                "$LAUNCHER" --seal-mounts --write "$D/ws" --write "$D/rawtmp" -- true)
fi
echo "# raw bwrap argv: ${raw[*]}"

"$SBX" run --backend landlock --db "$DB" --root "$D/ws" -- true || { echo "run.sh: sbx landlock run fails" >&2; exit 1; }

"$BENCH" "$N" "$WARMUP" \
        sbx-bwrap "${SBX_BWRAP[@]}" --- \
        raw-bwrap "${raw[@]}" >"$D/result"
rc=$?
"$BENCH" "$N" "$WARMUP" \
        sbx-landlock "$SBX" run --backend landlock --mode workspace-write --root "$D/ws" --db "$DB" -- true --- \
        true true --- \
        sbx-unconfined "$SBX" run --mode danger-full-access --root "$D/ws" --db "$DB" -- true --- \
        launcher-only "$LAUNCHER" --mode workspace-write --write "$D/ws" -- true --- \
        floor "$FLOOR" "$TRUE" --- \
        sbx-start "$SBX" --help --- \
        sbx-dialect-bwrap "$SBX" classify --backend bwrap --exit 1 --stderr /dev/null >>"$D/result"
rc=$((rc | $?))
[ $rc -eq 0 ] || echo "# some timed runs failed (spawn-bench exit $rc)"

declare -A MED
printf '%-16s %6s %10s %10s %10s %6s\n' command runs median_us p10_us p90_us fails
while read -r label runs med p10 p90 fails; do
        MED[$label]=$med
        printf '%-16s %6s %10s %10s %10s %6s\n' "$label" "$runs" "$med" "$p10" "$p90" "$fails"
done <"$D/result"

status=0
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
check() { # check NAME A B TARGET
        local r
        r=$(ratio "$2" "$3")
        if awk -v r="$r" -v t="$4" 'BEGIN { exit !(r <= t) }'; then
                echo "$1: ${r}x (target <= $4x) met"
        else
                echo "$1: ${r}x (target <= $4x) MISSED"
                status=3
        fi
}
check "sbx bwrap / raw bwrap" "${MED[sbx-bwrap]}" "${MED[raw-bwrap]}" 1.3
check "sbx landlock / true" "${MED[sbx-landlock]}" "${MED[true]}" 2.5
echo "diagnostic: sbx unconfined / true: $(ratio "${MED[sbx-unconfined]}" "${MED[true]}")x;" \
        "launcher alone / true: $(ratio "${MED[launcher-only]}" "${MED[true]}")x;" \
        "supervisor floor / true: $(ratio "${MED[floor]}" "${MED[true]}")x;" \
        "sbx bwrap - raw bwrap: $((MED[sbx-bwrap] - MED[raw-bwrap])) us;" \
        "sbx landlock - launcher alone: $((MED[sbx-landlock] - MED[launcher-only])) us;" \
        "sbx start - true: $((MED[sbx-start] - MED[true])) us;" \
        "bwrap dialect load: $((MED[sbx-dialect-bwrap] - MED[sbx-start])) us"
[ $rc -eq 0 ] || status=1
exit $status
