#!/bin/bash
# fuzz-start-dir's tree (sbx-fuzz-start-dir.XXXXXX in $TMPDIR) is gone once the target ends,
# however it ends: a property's failure (abort(), which runs no atexit(): each left its tree,
# fuzz49) and a death by SIGKILL (a sanitizer's report, a timeout) as well as a normal exit.
# Argument: the replay-start-dir binary and a seed.
set -u
bin=${1:?usage: start-dir-leftovers.sh REPLAY SEED}
seed=${2:?usage: start-dir-leftovers.sh REPLAY SEED}
d=$(mktemp -d /tmp/fuzz-start-dir-leftovers.XXXXXX) || exit 1
trap 'rm -rf "$d"' EXIT
fails=0
for how in none fail kill; do
        mkdir "$d/$how"
        TMPDIR=$d/$how SBX_FUZZ_START_DIR_DIE=$how "$bin" "$seed" >/dev/null 2>&1
        rc=$?
        # the tree is removed by the target (exit, fail) or by its reaper once it is gone (kill)
        for _ in $(seq 50); do
                [ -z "$(ls -A "$d/$how")" ] && break
                sleep 0.1
        done
        left=$(ls -A "$d/$how")
        if [ -z "$left" ]; then
                echo "ok   - $how (exit $rc): nothing left in TMPDIR"
        else
                echo "FAIL - $how (exit $rc): left $left"
                fails=$((fails + 1))
        fi
done
exit $((fails > 0))
