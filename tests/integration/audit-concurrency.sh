#!/bin/bash
# Many writers, one database: 16 processes each running 50 `sbx run -- true` against a database
# that does not exist yet (so creation and migration race too) give exactly 800 rows, no error,
# and a database that passes PRAGMA integrity_check.
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

start=$(date +%s%N)
pids=()
for w in $(seq 1 "$WRITERS"); do
        (
                fails=0
                for i in $(seq 1 "$RUNS"); do
                        "$SBX_BIN" run --db "$DB" --backend "$BACKEND" -- true || fails=$((fails + 1))
                done
                exit "$fails"
        ) >"$T/out.$w" 2>"$T/err.$w" &
        pids+=($!)
done
failed=0
for p in "${pids[@]}"; do
        wait "$p" || failed=$((failed + 1))
done
elapsed=$((($(date +%s%N) - start) / 1000000))
t_diag "$((WRITERS * RUNS)) runs by $WRITERS writers in ${elapsed} ms"

t_check "every writer saw every run succeed" test "$failed" -eq 0
t_check "no writer printed anything on stderr" test -z "$(cat "$T"/err.*)"
[ -z "$(cat "$T"/err.*)" ] || t_diag "$(sort "$T"/err.* | uniq -c | head -5)"
t_check "exactly $((WRITERS * RUNS)) rows" test "$(sqlite3 "$DB" 'SELECT count(*) FROM executions')" = $((WRITERS * RUNS))
t_check "all of them completed with verdict success" \
        test "$(sqlite3 "$DB" "SELECT count(*) FROM executions WHERE state = 'completed' AND verdict = 'success' AND exit_code = 0")" = $((WRITERS * RUNS))
t_check "from $WRITERS x $RUNS distinct supervisors" \
        test "$(sqlite3 "$DB" "SELECT count(DISTINCT supervisor_pid || ':' || supervisor_start) FROM executions")" = $((WRITERS * RUNS))
t_check "PRAGMA integrity_check says ok" test "$(sqlite3 "$DB" 'PRAGMA integrity_check')" = ok
t_check "the schema is at the current version" test "$(sqlite3 "$DB" 'PRAGMA user_version')" -ge 2
t_check "sbx audit stats agrees" python3 -c '
import json, sys
s = json.loads(sys.argv[1])
assert s["executions"] == int(sys.argv[2]), s
' "$("$SBX_BIN" audit stats --json --db "$DB")" $((WRITERS * RUNS))
t_check "the database directory is private (0700) and the file 0600" \
        test "$(stat -c %a "$T/state") $(stat -c %a "$DB")" = "700 600"

t_finish
