#!/bin/bash
# Mode switching within a session: started read-only, a write into the workspace is denied;
# after `sbx session mode ID workspace-write` the same write lands; switched back, it is denied
# again. Every row records the mode it ran under and the mode event that set it.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
DB=$T/audit.db
export SBX_DB=$T/unused.db # --db must win over $SBX_DB
if ! "$SBX_BIN" run --db "$T/probe.db" --backend bwrap -- true >/dev/null 2>&1; then
        t_skip_all "sbx run --backend bwrap does not work here"
fi
mkdir "$T/ws" "$T/elsewhere"
ln -s ws "$T/ws-link"

ID=$("$SBX_BIN" session start --cwd "$T/ws-link/." --mode read-only --db "$DB")
t_check "session start prints a UUID" grep -Eq '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' <<<"$ID"
t_check "the session's cwd is canonical" \
        test "$(sqlite3 "$DB" "SELECT cwd FROM sessions WHERE id = '$ID'")" = "$(realpath "$T/ws")"

# run from another directory: the session's cwd is the workspace root, not the caller's cwd
write() { # write NAME: exit status of a confined write of $T/ws/NAME
        (cd "$T/elsewhere" && "$SBX_BIN" run --db "$DB" --session "$ID" --backend bwrap -- \
                sh -c "echo data > '$T/ws/$1'") 2>"$T/stderr"
}

write one
rc=$?
t_check "read-only: the write is refused (exit $rc)" test "$rc" -ne 0
t_check "read-only: nothing appeared on the host" test ! -e "$T/ws/one"

t_check "session mode workspace-write" "$SBX_BIN" session mode "$ID" workspace-write --db "$DB"
write two
rc=$?
t_check "workspace-write: the write succeeds (exit $rc)" test "$rc" -eq 0
t_check "workspace-write: the file landed on the host" test "$(cat "$T/ws/two" 2>/dev/null)" = data

t_check "session mode read-only" "$SBX_BIN" session mode "$ID" read-only --db "$DB"
write three
rc=$?
t_check "read-only again: the write is refused (exit $rc)" test "$rc" -ne 0
t_check "read-only again: nothing appeared on the host" test ! -e "$T/ws/three"

# The rows, through the documented schema (sqlite3 is a supported way to query it).
rows=$(sqlite3 -separator ' ' "$DB" "
  SELECT e.mode, e.mode_source, m.mode, m.origin, e.verdict, e.workspace_root = s.cwd
  FROM executions e JOIN mode_events m ON m.id = e.mode_event_id JOIN sessions s ON s.id = e.session_id
  WHERE e.session_id = '$ID' ORDER BY e.id")
expected="read-only session read-only start denied 1
workspace-write session workspace-write mode success 1
read-only session read-only mode denied 1"
t_check "each row names its mode and the mode event that set it" test "$rows" = "$expected"
[ "$rows" = "$expected" ] || t_diag "got: $rows"
t_check "three distinct mode events were used" \
        test "$(sqlite3 "$DB" "SELECT count(DISTINCT mode_event_id) FROM executions WHERE session_id = '$ID'")" = 3
t_check "denied rows carry the denied path" \
        test "$(sqlite3 "$DB" "SELECT group_concat(path, ' ') FROM denials WHERE session_id = '$ID' ORDER BY execution_id")" = "$T/ws/one $T/ws/three"

# the same through sbx session show --json and sbx audit list
show=$("$SBX_BIN" session show "$ID" --json --db "$DB")
t_check "session show lists three runs and three mode events" python3 -c '
import json, sys
s = json.loads(sys.argv[1])
assert s["session"]["id"] == sys.argv[2]
assert [m["mode"] for m in s["mode_events"]] == ["read-only", "workspace-write", "read-only"]
assert [e["mode"] for e in s["executions"]] == ["read-only", "workspace-write", "read-only"]
assert [e["mode_event_id"] for e in s["executions"]] == [m["id"] for m in s["mode_events"]]
assert s["session"]["mode"] == "read-only"
' "$show" "$ID"
t_check "audit list --session --verdict denied finds the two denied runs" \
        test "$("$SBX_BIN" audit list --db "$DB" --session "$ID" --verdict denied --csv | tail -n +2 | wc -l)" = 2
t_check "\$SBX_DB was not used while --db was given" test ! -e "$T/unused.db"

# an explicit mode outranks the session's last mode event
(cd "$T/elsewhere" && "$SBX_BIN" run --db "$DB" --session "$ID" --mode workspace-write --backend bwrap -- \
        sh -c "echo data > '$T/ws/four'") 2>/dev/null
t_check "an explicit --mode outranks the session's mode" test -e "$T/ws/four"
t_check "that row says mode_source explicit" \
        test "$(sqlite3 "$DB" "SELECT mode || ' ' || mode_source FROM executions ORDER BY id DESC LIMIT 1")" = "workspace-write explicit"

# a session's workspace swapped for a symlink since (by an earlier command, say): refused, 125,
# nothing ran, and the refusal is recorded (review: it was an unrecorded usage error)
mkdir -p "$T/mv/ws" "$T/mv/other"
MID=$("$SBX_BIN" session start --db "$DB" --cwd "$T/mv/ws" --mode read-only)
mv "$T/mv/ws" "$T/mv/ws.real"
ln -s other "$T/mv/ws"
(cd "$T/mv/other" && "$SBX_BIN" run --db "$DB" --session "$MID" -- touch "$T/mv/ran") 2>"$T/mv.err"
rc=$?
t_check "a session whose workspace was moved by a symlink: refused ($rc), nothing ran" test $rc = 125 -a ! -e "$T/mv/ran"
t_check "... recorded as refused in that session, naming the moved workspace" \
        test "$(sqlite3 "$DB" "SELECT state || ' ' || (message LIKE '%refusing a moved workspace%') || ' ' || session_id FROM executions ORDER BY id DESC LIMIT 1")" = "refused 1 $MID"
# ... and its verdict record names what the row does: the session and a mode the caller gave, no
# workspace; a symlink on the record's way to a file is not followed, no workspace being known
# (the record said session_id and mode null, and wrote through such a symlink: record60)
echo precious >"$T/mv/file"
ln -s "$T/mv/file" "$T/mv/link"
(cd "$T/mv/other" && "$SBX_BIN" run --db "$DB" --session "$MID" --mode read-only --verdict-json "$T/mv/v.json" \
        -- true) 2>/dev/null
t_check "... its record names the session and the mode given, as its row ($(head -c 300 "$T/mv/v.json"))" \
        eval '[ "$(t_json_field "$T/mv/v.json" session_id) $(t_json_field "$T/mv/v.json" mode)" = "$MID read-only" ] &&
              [ -z "$(t_json_field "$T/mv/v.json" workspace_root)" ] &&
              [ "$(sqlite3 "$DB" "SELECT session_id || char(32) || mode FROM executions ORDER BY id DESC LIMIT 1")" = "$MID read-only" ]'
(cd "$T/mv/other" && "$SBX_BIN" run --db "$DB" --session "$MID" --verdict-json "$T/mv/link" -- true) 2>/dev/null
t_check "... and a symlink to a file on the record's way is not followed" test "$(cat "$T/mv/file")" = precious

# ... or removed since, or a file put in its place: refused the same way (review: it was exit 2,
# a usage error, and no row, though the command line was fine)
for kind in removed file; do
        mkdir -p "$T/rm-$kind/ws"
        RID=$("$SBX_BIN" session start --db "$DB" --cwd "$T/rm-$kind/ws" --mode read-only)
        rmdir "$T/rm-$kind/ws"
        [ $kind = file ] && : >"$T/rm-$kind/ws"
        (cd "$T/rm-$kind" && "$SBX_BIN" run --db "$DB" --session "$RID" -- touch "$T/rm-$kind/ran") 2>"$T/rm.err"
        rc=$?
        t_check "a session whose workspace was $([ $kind = file ] && echo replaced by a file || echo removed): refused ($rc), nothing ran, one line" \
                test $rc = 125 -a ! -e "$T/rm-$kind/ran" -a "$(wc -l <"$T/rm.err")" = 1
        t_check "... recorded as refused in that session, naming the workspace ($(head -c 200 "$T/rm.err"))" \
                test "$(sqlite3 "$DB" "SELECT state || ' ' || (message LIKE '%workspace root of session%is gone%') || ' ' || session_id FROM executions ORDER BY id DESC LIMIT 1")" = "refused 1 $RID"
        "$SBX_BIN" policy resolve --db "$DB" --session "$RID" >/dev/null 2>"$T/rm.err"
        rc=$?
        t_check "... and policy resolve says so in one line ($rc: $(head -c 200 "$T/rm.err"))" \
                test $rc = 2 -a "$(wc -l <"$T/rm.err")" = 1
done

# a session pruned (sbx audit prune: no run of it left, idle since the bound) between the run's
# policy, read from it, and the run's row: the row could not name it, and the run was refused
# unrecorded, "FOREIGN KEY constraint failed" (review). Refused, recorded outside the session,
# the line naming it; with the audit writer and without. The removal is prune's own, made while
# the run waits for the write lock.
cat >"$T/prune-hold.py" <<'PY'
import sqlite3, sys, time
db, sid, ready = sys.argv[1:4]
c = sqlite3.connect(db, isolation_level=None, timeout=30)
c.execute("PRAGMA foreign_keys = ON")
c.execute("BEGIN IMMEDIATE")
open(ready, "w").close()
time.sleep(1.5)  # the run reads its session, then waits for the lock
c.execute("DELETE FROM mode_events WHERE session_id = ?", (sid,))
c.execute("DELETE FROM sessions WHERE id = ?", (sid,))
c.execute("COMMIT")
PY
for writer in off on; do
        mkdir -p "$T/pruned-$writer"
        PSID=$("$SBX_BIN" session start --db "$DB" --cwd "$T/pruned-$writer" --mode workspace-write)
        rm -f "$T/prune-ready"
        python3 "$T/prune-hold.py" "$DB" "$PSID" "$T/prune-ready" &
        holder=$!
        for _ in $(seq 100); do [ -e "$T/prune-ready" ] && break; sleep 0.05; done
        (cd "$T/pruned-$writer" && SBX_AUDIT_WRITER=$writer "$SBX_BIN" run --db "$DB" --session "$PSID" -- \
                touch "$T/pruned-$writer/ran") 2>"$T/pruned.err"
        rc=$?
        wait $holder
        t_check "writer $writer: a session pruned before the run's row: refused ($rc), nothing ran, one line" \
                test $rc = 125 -a ! -e "$T/pruned-$writer/ran" -a "$(wc -l <"$T/pruned.err")" = 1
        t_check "... naming the session removed ($(head -c 200 "$T/pruned.err"))" \
                grep -q "session '$PSID' was removed from the audit database" "$T/pruned.err"
        t_check "... and recorded as refused, outside the session that went" \
                test "$(sqlite3 "$DB" "SELECT state || ' ' || (session_id IS NULL) || ' ' || (message LIKE '%$PSID%') FROM executions ORDER BY id DESC LIMIT 1")" = "refused 1 1"
done
t_check "the file passes foreign_key_check" test -z "$(sqlite3 "$DB" 'PRAGMA foreign_key_check')"

# SBX_SESSION=$(sbx session start ...) after a failed start: set but empty. Taken as "no session",
# the run got the configuration's mode (workspace-write by default) instead of the session's
# read-only: refused instead, as --session '' is
mkdir -p "$T/empty"
(cd "$T/empty" && SBX_SESSION= "$SBX_BIN" run --db "$DB" -- touch "$T/empty/ran") 2>"$T/empty.err"
rc=$?
t_check "an empty SBX_SESSION: usage error ($rc), nothing ran" test $rc = 2 -a ! -e "$T/empty/ran"
t_check "... naming SBX_SESSION" grep -q 'SBX_SESSION is set but empty' "$T/empty.err"
(cd "$T/empty" && SBX_SESSION= "$SBX_BIN" policy resolve --db "$DB") >"$T/empty.out" 2>&1
rc=$?
t_check "policy resolve with an empty SBX_SESSION: usage error ($rc)" test $rc = 2
t_check "... naming SBX_SESSION, resolving nothing" \
        sh -c '! grep -q "^mode:" "$1" && grep -q "SBX_SESSION is set but empty" "$1"' sh "$T/empty.out"

# a workspace whose name holds escape sequences: the text views print them inert (review)
EW=$T/$'w\e]0;PWNED\a\e[2J'
mkdir -p "$EW"
EID=$("$SBX_BIN" session start --db "$DB" --cwd "$EW" --mode read-only)
"$SBX_BIN" session show "$EID" --db "$DB" >"$T/show.txt"
(cd "$EW" && "$SBX_BIN" policy resolve --db "$DB") >"$T/policy.txt"
t_check "session show and policy resolve (text) print no escape character" \
        python3 -c 'import sys; d = open(sys.argv[1], "rb").read() + open(sys.argv[2], "rb").read(); sys.exit(1 if b"\x1b" in d or b"\x07" in d or not d else 0)' \
        "$T/show.txt" "$T/policy.txt"

# the words after "--" are arguments: 'session show -- ID' said "expected one session id", and
# 'session mode -- ID MODE' "expected a session id and a mode"
"$SBX_BIN" session show --db "$DB" -- "$EID" >"$T/show-dd.txt" 2>"$T/show-dd.err"
t_check "session show -- ID shows the session (status $?: $(head -c 200 "$T/show-dd.err"))" \
        grep -q "^id  *$EID\$" "$T/show-dd.txt"
"$SBX_BIN" session mode --db "$DB" -- "$EID" workspace-write 2>"$T/mode-dd.err"
t_check "session mode -- ID MODE logs the mode (status $?: $(head -c 200 "$T/mode-dd.err"))" \
        test "$(sqlite3 "$DB" "SELECT mode FROM mode_events WHERE session_id = '$EID' ORDER BY id DESC LIMIT 1")" = workspace-write

t_finish
