#!/bin/bash
# .ci/after-suite, given a snapshot taken before the suite, counts only what the suite left: a
# directory or process of an earlier run is named but not counted. What the suite left under a
# name that was there before still counts: a directory removed and made again under the same name
# (/tmp/sbx-47212, one named after a pid), or used by the suite, is no longer the one noted; a
# process that replaced one noted (by pid and start time) neither. Other tests of the suite may
# run meanwhile, so only this script's own directories and processes are looked for, in the
# section of the output where each is named.
. "$(dirname "$0")/lib-common.sh"
trap 't_kill_fakes; t_cleanup' EXIT

AFTER=$(dirname "$0")/../../.ci/after-suite
[ -x "$AFTER" ] || t_skip_all "no .ci/after-suite beside the tests"

T=$(t_mktemp_dir)
FAKES=()
t_kill_fakes() {
        local p
        for p in "${FAKES[@]}"; do
                kill "$p" 2>/dev/null
                wait "$p" 2>/dev/null
        done
        return 0
}
# a process whose executable is named sbx, as after-suite looks for
mkdir -p "$T/bin"
cp "$(command -v sleep)" "$T/bin/sbx"
fake() {
        "$T/bin/sbx" 300 &
        FAKES+=($!)
}

# directories named as the suite's (sbx-test.*), each its own scratch directory's sibling, in /tmp,
# where after-suite looks (under a caller's TMPDIR they were not found)
untouched=$(TMPDIR=/tmp t_mktemp_dir)
remade=$(TMPDIR=/tmp t_mktemp_dir)
used=$(TMPDIR=/tmp t_mktemp_dir)
fake
before_pid=$!
fake
replaced_pid=$!

"$AFTER" --snapshot "$T/snap"
t_check "the snapshot is taken" test -s "$T/snap"

# the suite runs: it makes one directory again, writes in another, replaces a process
rmdir "$remade" && mkdir "$remade"
: >"$used/f"
kill "$replaced_pid"
wait "$replaced_pid" 2>/dev/null
fake
new_pid=$!

WAIT=0 "$AFTER" "$T/snap" >"$T/out" 2>&1
rc=$?
# section HEADER: the names listed under the output's header that holds HEADER
section() {
        awk -v h="$1" '/^after-suite: /{on = index($0, h) > 0; next} on' "$T/out" | sed 's/^  //'
}
section "present before" >"$T/old"
section "directories left" >"$T/dirs"
section "processes left" | cut -d' ' -f1 >"$T/procs"

t_check "something left: exit status 1 (rc=$rc)" test "$rc" = 1
t_check "a directory that was there before and left alone is not counted" \
        eval 'grep -qxF "$untouched" "$T/old" && ! grep -qxF "$untouched" "$T/dirs"'
t_check "a directory removed and made again under the same name is counted" grep -qxF "$remade" "$T/dirs"
t_check "a directory of before that the suite wrote in is counted" grep -qxF "$used" "$T/dirs"
t_check "a process that was there before is not counted" \
        eval 'grep -q "^$before_pid " "$T/old" && ! grep -qx "$before_pid" "$T/procs"'
t_check "a process that replaced one of before is counted" grep -qx "$new_pid" "$T/procs"
[ "$T_FAILED" = 0 ] || sed 's/^/# /' "$T/out"

t_finish
