#!/bin/bash
# A run whose sbx is killed with SIGKILL (a harness ending a hung tool call's process group) keeps
# the denial lines its command printed before: sbx records them while the run goes on, batched, so
# the row, which reads 'interrupted', holds them, and `sbx audit show` and `sbx audit denials` find
# them, marked as the lines of an interrupted run (no verdict). Under both backends, as root and as
# nobody, through the audit writer and written directly.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
STARTED=()
end_started() {
        # the process groups the test made (each sbx leads one): what is still alive of them
        local g
        for g in "${STARTED[@]}"; do
                kill -KILL -- "-$g" 2>/dev/null
        done
        return 0
}
trap 'end_started; t_cleanup' EXIT

T=$(t_mktemp_dir)
export XDG_STATE_HOME=
unset SBX_SESSION SBX_DB SBX_AUDIT_WRITER
mkdir -p "$T/home" "$T/cwd"
export HOME=$T/home
cd "$T/cwd" || exit 1
t_usable_backends "$T/probe.db"
t_who "$T/nb" || exit 1

# wait_for SECONDS COMMAND...: until COMMAND succeeds, at most SECONDS
wait_for() {
        local n=$(($1 * 20))
        shift
        for _ in $(seq 1 "$n"); do
                "$@" && return 0
                sleep 0.05
        done
        return 1
}
# sq SQL: a query of the database, as its user (root's sqlite3 would leave nobody a -wal of root's)
sq() {
        "${pre[@]}" sqlite3 -cmd '.timeout 10000' "$db" "$1" 2>/dev/null
}
has_lines() { test "$(sq "SELECT count(*) FROM denial_lines WHERE execution_id = $1")" -gt 0; }

for who in "${WHO[@]}"; do
        for how in "${BACKENDS[@]}"; do
                for via in writer direct; do
                        tag=$who-$how-$via
                        ws=$T/ws-$tag out=$T/out-$tag
                        mkdir -p "$ws" "$out"
                        if [ "$who" = nobody ]; then
                                chown 65534:65534 "$ws" "$out"
                                db=$T/nb/home/audit-$tag.db
                                pre=("${T_NOBODY[@]}" env HOME="$T/nb/home" XDG_CACHE_HOME="$T/nb/home/.cache")
                                bin=$NB_BIN
                        else
                                db=$T/audit-$tag.db
                                pre=(env HOME="$T/home" XDG_CACHE_HOME="$T/home/.cache")
                                bin=$SBX_BIN
                        fi
                        pre+=(SBX_DB="$db" SBX_AUDIT_WRITER="$([ "$via" = writer ] && echo on || echo off)")
                        # a first run makes the database, and, with the writer on, starts the writer
                        (cd "$ws" && "${pre[@]}" "$bin" run --backend "$how" -- true) >/dev/null 2>&1
                        if [ "$via" = writer ]; then
                                t_check "$tag: a writer serves the database" wait_for 10 t_listening "$db.writer"
                        fi
                        # a denial (a write outside the workspace), then the command hangs
                        (cd "$ws" && exec setsid "${pre[@]}" "$bin" run --backend "$how" -- \
                                sh -c 'touch "$1/denied"; : >started; exec sleep 60' sh "$out") >/dev/null 2>&1 &
                        sup=$!
                        STARTED+=("$sup")
                        t_check "$tag: the command printed its denial and hangs" wait_for 20 test -e "$ws/started"
                        id=$(sq "SELECT max(id) FROM executions WHERE supervisor_pid = $sup")
                        # the first batch goes at once; waited for (a loaded machine), then killed
                        # as a harness does: sbx and the command's group
                        wait_for 10 has_lines "$id"
                        kill -KILL -- "-$sup" 2>/dev/null
                        kill -KILL "$sup" 2>/dev/null
                        wait "$sup" 2>/dev/null
                        pkill -KILL -f -- "$out" 2>/dev/null # bubblewrap's command, in a session of its own
                        t_check "$tag: the denied file is not on the host" test ! -e "$out/denied"
                        t_check "$tag: the row reads interrupted" \
                                test "$("${pre[@]}" "$bin" audit list --state interrupted --csv | tail -n +2 | cut -d, -f1)" = "$id"
                        t_check "$tag: the row holds the denial line and its path" \
                                test "$(sq "SELECT count(*) FROM denial_lines WHERE execution_id = $id AND path = '$out/denied' AND line LIKE 'touch: cannot touch %denied%'")" = 1
                        t_check "$tag: the row counts it, with no verdict and no end" \
                                test "$(sq "SELECT denial_lines, verdict IS NULL, ended_ms IS NULL FROM executions WHERE id = $id")" = "1|1|1"
                        "${pre[@]}" "$bin" audit show "$id" >"$T/show.txt" 2>&1
                        t_check "$tag: sbx audit show lists the line" grep -q "$out/denied" "$T/show.txt"
                        t_check "$tag: ... and says the run was interrupted, its end never recorded" \
                                grep -q '^(the run was interrupted: these are the denial lines recorded while it ran' "$T/show.txt"
                        "${pre[@]}" "$bin" audit denials --json >"$T/denials.json" 2>&1
                        t_check "$tag: sbx audit denials finds it, marked interrupted (no verdict)" python3 -c '
import json, sys
rows = [r for r in json.load(open(sys.argv[1])) if r["execution_id"] == int(sys.argv[2])]
assert len(rows) == 1, rows
assert rows[0]["path"] == sys.argv[3] and rows[0]["verdict"] == "interrupted", rows
' "$T/denials.json" "$id" "$out/denied"
                        t_check "$tag: sbx audit denials --path finds it" \
                                test "$("${pre[@]}" "$bin" audit denials --path "$out/*" --csv | tail -n +2 | wc -l)" = 1

                        # a run that ends: its end replaces the lines recorded while it ran, each
                        # line once, the verdict its own
                        (cd "$ws" && "${pre[@]}" "$bin" run --backend "$how" -- \
                                sh -c 'touch "$1/a"; sleep 0.5; touch "$1/b"; sleep 0.5; touch "$1/c"' sh "$out") \
                                >/dev/null 2>&1
                        id=$(sq 'SELECT max(id) FROM executions')
                        t_check "$tag: an ended run has its three lines once each, and its verdict" \
                                test "$(sq "SELECT e.state, e.verdict, e.denial_lines, (SELECT group_concat(path, ' ') FROM (SELECT path FROM denial_lines WHERE execution_id = $id ORDER BY id)) FROM executions e WHERE id = $id")" = "completed|denied|3|$out/a $out/b $out/c"
                        t_check "$tag: the tally counts each path once" \
                                test "$(sq "SELECT group_concat(denials) FROM denied_paths WHERE path IN ('$out/a', '$out/b', '$out/c')")" = "1,1,1"
                        # a run without denial lines records none
                        (cd "$ws" && "${pre[@]}" "$bin" run --backend "$how" -- sh -c 'echo hello >&2; sleep 0.4') \
                                >/dev/null 2>&1
                        t_check "$tag: a run without denials has none" \
                                test "$(sq 'SELECT state, verdict, denial_lines FROM executions ORDER BY id DESC LIMIT 1')" = "completed|success|0"
                        if [ "$via" = writer ]; then
                                pkill -f -- "audit-writer --db $db" 2>/dev/null
                        fi
                done
        done
done
t_finish
