#!/bin/bash
# Many writers, one database: 16 processes each running 50 `sbx run -- true` against a database
# that does not exist yet (so creation and migration race too) give exactly 800 rows, no error,
# and a database that passes PRAGMA integrity_check. Twice: with the audit writer (the first runs
# write directly while it starts, then rows go through it) and with SBX_AUDIT_WRITER=off (every
# run opens SQLite itself).
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
DB=$T/state/audit.db
WRITERS=16
RUNS=50
BACKEND=${SBX_TEST_BACKEND:-bwrap}
if ! "$SBX_BIN" run --db "$T/probe.db" --backend "$BACKEND" -- true >/dev/null 2>&1; then
        t_skip_all "sbx run --backend $BACKEND does not work here"
fi

# race NAME AUDIT_WRITER: the whole check on a fresh database
race() {
        local name=$1 DB=$T/$1/state/audit.db start pids=() failed=0 elapsed
        export SBX_AUDIT_WRITER=$2
        start=$(date +%s%N)
        for w in $(seq 1 "$WRITERS"); do
                (
                        fails=0
                        for i in $(seq 1 "$RUNS"); do
                                "$SBX_BIN" run --db "$DB" --backend "$BACKEND" -- true || fails=$((fails + 1))
                        done
                        exit "$fails"
                ) >"$T/$name.out.$w" 2>"$T/$name.err.$w" &
                pids+=($!)
        done
        for p in "${pids[@]}"; do
                wait "$p" || failed=$((failed + 1))
        done
        elapsed=$((($(date +%s%N) - start) / 1000000))
        t_diag "$name: $((WRITERS * RUNS)) runs by $WRITERS writers in ${elapsed} ms"

        t_check "$name: every writer saw every run succeed" test "$failed" -eq 0
        t_check "$name: no writer printed anything on stderr" test -z "$(cat "$T/$name".err.*)"
        [ -z "$(cat "$T/$name".err.*)" ] || t_diag "$(sort "$T/$name".err.* | uniq -c | head -5)"
        t_check "$name: exactly $((WRITERS * RUNS)) rows" test "$(sqlite3 "$DB" 'SELECT count(*) FROM executions')" = $((WRITERS * RUNS))
        t_check "$name: all of them completed with verdict success" \
                test "$(sqlite3 "$DB" "SELECT count(*) FROM executions WHERE state = 'completed' AND verdict = 'success' AND exit_code = 0")" = $((WRITERS * RUNS))
        t_check "$name: from $WRITERS x $RUNS distinct supervisors" \
                test "$(sqlite3 "$DB" "SELECT count(DISTINCT supervisor_pid || ':' || supervisor_start) FROM executions")" = $((WRITERS * RUNS))
        t_check "$name: PRAGMA integrity_check says ok" test "$(sqlite3 "$DB" 'PRAGMA integrity_check')" = ok
        t_check "$name: the schema is at the current version" test "$(sqlite3 "$DB" 'PRAGMA user_version')" -ge 2
        t_check "$name: sbx audit stats agrees" python3 -c '
import json, sys
s = json.loads(sys.argv[1])
assert s["executions"] == int(sys.argv[2]), s
' "$("$SBX_BIN" audit stats --json --db "$DB")" $((WRITERS * RUNS))
        t_check "$name: the database directory is private (0700) and the file 0600" \
                test "$(stat -c %a "$T/$name/state") $(stat -c %a "$DB")" = "700 600"
        if [ "$2" = on ]; then
                t_check "$name: a writer served the database" test -n "$(pgrep -f "audit-writer --db $DB\$")"
                pkill -f "audit-writer --db $DB\$"
        else
                t_check "$name: no writer was started" test -z "$(pgrep -f "audit-writer --db $DB\$")"
        fi
        unset SBX_AUDIT_WRITER
}

race writer on
race direct off

t_finish
