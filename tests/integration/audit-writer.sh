#!/bin/bash
# The audit writer (sbx audit-writer): sbx run starts it, hands it its rows, and never trusts it
# blindly; a confined command can never write a row through it.
#   - the first run writes directly and starts a writer; later runs never open the database
#     (strace) and their rows are complete (denial lines, supervisor pid, uid);
#   - a confined command (bwrap and landlock, both modes, root and nobody) that connects to the
#     writer's socket and sends a well-formed begin request gets no reply and adds no row; the same
#     client unconfined gets its row (the control), and with no_new_privs set it is refused too;
#   - a socket planted by another user in a shared directory receives nothing: sbx writes directly;
#   - a writer killed with SIGKILL: the next run still leaves its row; a supervisor killed during a
#     run leaves an 'interrupted' row; removing the socket or going idle ends the writer.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap 't_cleanup' EXIT
PY=/usr/bin/python3
[ -x "$PY" ] || t_skip_all "python3 is needed for the socket client"
if ! "$PY" -c 'import socket; socket.socket(socket.AF_UNIX).close()' 2>/dev/null; then
        t_skip_all "python3 cannot make unix sockets"
fi
unset SBX_AUDIT_WRITER SBX_SESSION SBX_CONFIG

T=$(t_mktemp_dir)
t_copy_tools "$T/bin"
mkdir -p "$T/db" "$T/ws"
DB=$T/db/audit.db
SOCK=$DB.writer
export XDG_CACHE_HOME=$T/cache HOME=$T/home
mkdir -p "$HOME"

# The client: connects to a writer socket, sends one begin request (protocol version $2, default
# $SBX_WIRE_VERSION, the current one) for argv ["forged"], prints the reply's first byte ('K', 'E') or "none" when the writer
# closed without one.
SBX_WIRE_VERSION=$(sed -n 's/^#define SBX_WIRE_PROTOCOL_VERSION \([0-9]*\)$/\1/p' "${SBX_SOURCE_ROOT:?}/audit/writer-wire.h")
export SBX_WIRE_VERSION
cat >"$T/client.py" <<'PY'
import os, socket, struct, sys
def s(v):
    if v is None:
        return struct.pack('<I', 0xffffffff)
    b = v.encode()
    return struct.pack('<I', len(b)) + b + b'\0'
version = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ['SBX_WIRE_VERSION'])
body = b'B' + struct.pack('<I', version) + struct.pack('<q', 0) + struct.pack('<q', 1) + s('forged') + s('/') + s(None) + s(None) + s(None) + struct.pack('<q', 0)
try:
    c = socket.socket(socket.AF_UNIX)
    c.settimeout(5)
    c.connect(sys.argv[1])
    c.sendall(struct.pack('<I', len(body)) + body)
    r = c.recv(64)
    print(chr(r[4]) if len(r) > 4 else 'none')
except OSError as e:
    print('error', e.errno)
PY
chmod 644 "$T/client.py"
rows() { sqlite3 "$DB" "SELECT count(*) FROM executions WHERE argv = '$1'"; }
wait_for() { # wait_for SECONDS COMMAND...
        local i
        for ((i = 0; i < $1 * 20; i++)); do
                "${@:2}" && return 0
                sleep 0.05
        done
        return 1
}
writer_pid() { pgrep -f "audit-writer --db $DB\$" | head -1; }

# ---- start, and the rows through it -------------------------------------------------------------
"$SBX_BIN" run --db "$DB" --mode danger-full-access -- true
rows=$(sqlite3 "$DB" 'SELECT count(*) FROM executions' 2>&1)
t_check "the first run leaves its row (written directly: $rows)" test "$rows" = 1
t_check "... and starts a writer whose socket appears next to the database" wait_for 5 test -S "$SOCK"
t_check "the socket is private (mode 0700 or stricter)" test "$(stat -c %a "$SOCK")" = 700
WPID=$(writer_pid)
t_check "an 'sbx audit-writer' process serves it (pid $WPID)" test -n "$WPID"

strace -qq -e trace=openat,open -o "$T/trace" "$SBX_BIN" run --db "$DB" --mode read-only --root "$T/ws" \
        --verdict-json "$T/v.json" -- sh -c 'echo x > /usr/sbx-writer-test' 2>/dev/null
t_check "a run through the writer never opens the database itself" bash -c '! grep -qE "/audit\.db(-wal|-shm|-journal)?\"" "$1"' _ "$T/trace"
id=$(t_json_field "$T/v.json" execution_id)
t_check "its row is there (id $id), verdict denied, with the denied path" \
        test "$(sqlite3 "$DB" "SELECT verdict || ' ' || denial_lines FROM executions WHERE id = ${id:-0}")" = "denied 1" -a \
        "$(sqlite3 "$DB" "SELECT path FROM denial_lines WHERE execution_id = ${id:-0}")" = /usr/sbx-writer-test
t_check "... recording sbx's own pid and uid, not the writer's" \
        test "$(sqlite3 "$DB" "SELECT supervisor_pid != $WPID AND uid = $(id -u) FROM executions WHERE id = ${id:-0}")" = 1
t_check "... and no file was written on the host" test ! -e /usr/sbx-writer-test

# sessions: the policy's session is looked up through the writer too
SID=$("$SBX_BIN" session start --cwd "$T/ws" --mode read-only --db "$DB")
strace -qq -e trace=openat,open -o "$T/trace" "$SBX_BIN" run --db "$DB" --session "$SID" \
        --verdict-json "$T/s.json" -- true
t_check "a session run through the writer never opens the database itself" bash -c '! grep -qE "/audit\.db(-wal|-shm|-journal)?\"" "$1"' _ "$T/trace"
t_check "... and runs under the session's mode and root" \
        test "$(t_json_field "$T/s.json" mode_source):$(t_json_field "$T/s.json" mode):$(t_json_field "$T/s.json" workspace_root)" = \
        "session:read-only:$T/ws"
t_check "... recorded in the session" \
        test "$(sqlite3 "$DB" "SELECT session_id FROM executions WHERE id = $(t_json_field "$T/s.json" execution_id)")" = "$SID"
"$SBX_BIN" run --db "$DB" --session no-such-session -- true 2>"$T/err1"
rc1=$?
SBX_AUDIT_WRITER=off "$SBX_BIN" run --db "$DB" --session no-such-session -- true 2>"$T/err2"
rc2=$?
t_check "an unknown session: the same status ($rc1) and message with and without the writer" \
        test "$rc1:$(cat "$T/err1")" = "$rc2:$(cat "$T/err2")" -a "$rc1" -ne 0

# ---- a confined command cannot write rows through it ---------------------------------------------
"$PY" "$T/client.py" "$SOCK" >"$T/out"
t_check "control: an unconfined client of the same user gets a reply ($(cat "$T/out"))" grep -qx K "$T/out"
t_check "... and its row" test "$(rows '["forged"]')" = 1
"$PY" "$T/client.py" "$SOCK" $((SBX_WIRE_VERSION - 1)) >"$T/out"
t_check "a request of the previous protocol version ($((SBX_WIRE_VERSION - 1))) gets an error reply ($(cat "$T/out"))" grep -qx E "$T/out"
t_check "... and no row" test "$(rows '["forged"]')" = 1
setpriv --no-new-privs "$PY" "$T/client.py" "$SOCK" >"$T/out"
t_check "a client with no_new_privs set gets no reply ($(cat "$T/out"))" grep -qxE 'none|error [0-9]+' "$T/out"
before=$(rows '["forged"]')
for b in bwrap landlock; do
        if ! "$SBX_BIN" run --db "$T/probe.db" --backend "$b" -- true >/dev/null 2>&1; then
                t_diag "backend $b does not work here: its checks are left out"
                continue
        fi
        for m in read-only workspace-write; do
                SBX_AUDIT_WRITER=off "$SBX_BIN" run --db "$T/confined.db" --backend "$b" --mode "$m" --root "$T/ws" \
                        -- "$PY" "$T/client.py" "$SOCK" >"$T/out" 2>&1
                t_check "$b $m: the confined client gets no reply ($(tr '\n' ' ' <"$T/out"))" \
                        grep -qxE 'none|error [0-9]+' "$T/out"
        done
done
t_check "... and no confined client added a row" test "$(rows '["forged"]')" = "$before"
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        # the unprivileged user's own database and writer
        NB=$T/nb
        mkdir -p "$NB/db" "$NB/ws" "$NB/home"
        chown -R 65534:65534 "$NB"
        asnobody() { HOME=$NB/home XDG_CACHE_HOME=$NB/home/.cache "${T_NOBODY[@]}" "$@"; }
        asnobody "$SBX_BIN" run --db "$NB/db/audit.db" --mode danger-full-access -- true
        t_check "nobody: a writer of nobody's own serves nobody's database" wait_for 5 test -S "$NB/db/audit.db.writer"
        asnobody "$PY" "$T/client.py" "$NB/db/audit.db.writer" >"$T/out"
        t_check "nobody: control, unconfined: a reply ($(cat "$T/out"))" grep -qx K "$T/out"
        for b in bwrap landlock; do
                asnobody env SBX_AUDIT_WRITER=off "$SBX_BIN" run --db "$NB/confined.db" --backend "$b" \
                        --mode workspace-write --root "$NB/ws" -- "$PY" "$T/client.py" "$NB/db/audit.db.writer" >"$T/out" 2>&1
                if grep -q 'SANDBOX_UNAVAILABLE' "$T/out"; then
                        t_diag "nobody: $b does not work here"
                        continue
                fi
                t_check "nobody, $b: the confined client gets no reply ($(tr '\n' ' ' <"$T/out"))" \
                        grep -qxE 'none|error [0-9]+' "$T/out"
        done
        t_check "nobody: only the control's row was added" \
                test "$(sqlite3 "$NB/db/audit.db" "SELECT count(*) FROM executions WHERE argv = '[\"forged\"]'")" = 1
        # another user's socket in a shared directory never gets a row
        SH=$T/shared
        mkdir -p "$SH" && chmod 1777 "$SH"
        cat >"$T/fake.py" <<'PY'
import os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o777); s.listen(8)
open(sys.argv[2], 'w').close()
while True:
    c, _ = s.accept()
    d = c.recv(65536)
    with open(sys.argv[2], 'ab') as f:
        f.write(d)
    c.sendall(b'\x09\x00\x00\x00K\x01\x00\x00\x00\x00\x00\x00\x00')
PY
        chmod 644 "$T/fake.py"
        "${T_NOBODY[@]}" "$PY" "$T/fake.py" "$SH/audit.db.writer" "$T/nb/received" &
        FAKE=$!
        wait_for 5 test -e "$T/nb/received"
        SBX_AUDIT_WRITER=on "$SBX_BIN" run --db "$SH/audit.db" --mode danger-full-access -- true 2>"$T/err"
        rc=$?
        # a database in a directory others can write is refused outright (they could plant it, or
        # its -wal): nothing runs unrecorded
        t_check "a database in a shared directory, another user's writer socket there: refused (rc=$rc), no row" \
                test $rc -eq 125 -a ! -e "$SH/audit.db"
        t_check "... naming the directory" grep -q "its directory $SH is writable by group or others" "$T/err"
        t_check "... and that socket received nothing" test ! -s "$T/nb/received"
        kill "$FAKE" 2>/dev/null
        wait "$FAKE" 2>/dev/null
        # another user's symlink to our own writer (of another database): the row still lands in
        # the database named
        "${T_NOBODY[@]}" ln -s "$SOCK" "$SH/other.db.writer"
        n=$(sqlite3 "$DB" 'SELECT count(*) FROM executions')
        SBX_AUDIT_WRITER=on "$SBX_BIN" run --db "$SH/other.db" --mode danger-full-access -- true 2>/dev/null
        t_check "a symlink planted as the writer socket: no row lands in the link's database" \
                test "$(sqlite3 "$DB" 'SELECT count(*) FROM executions')" = "$n"
fi

# ---- a database locked longer than a client waits for its reply: one row, not two -------------
# The client gives up on the writer after 10 s and writes the row itself; a writer still waiting
# for the lock then committed a second row that nobody finished ('interrupted': review). The
# writer now gives up first.
LK=$T/lock.db
"$SBX_BIN" run --db "$LK" --mode danger-full-access -- true
wait_for 5 test -S "$LK.writer"
"$PY" - "$LK" 12 <<'PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
c.execute("BEGIN IMMEDIATE")
time.sleep(float(sys.argv[2]))
c.execute("COMMIT")
PY
LOCKER=$!
sleep 1
# five at once: the writer takes them one after another, so the later ones wait longer than their
# own 3 s (review: two of five were recorded twice until the writer checked its client was there)
pids=()
for k in 1 2 3 4 5; do
        SBX_AUDIT_WRITER=on "$SBX_BIN" run --db "$LK" --mode danger-full-access -- echo "locked-out-run-$k" \
                >/dev/null 2>"$T/lock-$k.err" &
        pids+=($!)
done
rcs=
for p in "${pids[@]}"; do
        wait "$p"
        rcs="$rcs$?"
done
wait "$LOCKER"
sleep 1
t_check "five runs while the database is locked for 12 s: each ran once, recorded once ($rcs, $(cat "$T"/lock-*.err | tr '\n' ' '))" \
        test "$rcs" = 00000 -a "$(sqlite3 "$LK" "SELECT count(*), count(DISTINCT argv) FROM executions WHERE argv LIKE '%locked-out-run-%'")" = "5|5"
t_check "... and nothing is left running or interrupted" \
        test -z "$("$SBX_BIN" audit list --db "$LK" --csv | grep -E 'running|interrupted')"

# ---- failures: the direct path takes over --------------------------------------------------------
kill -KILL "$WPID"
wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
n=$(sqlite3 "$DB" 'SELECT count(*) FROM executions')
"$SBX_BIN" run --db "$DB" --mode danger-full-access -- true
t_check "after the writer was killed, the next run still leaves its row" \
        test "$(sqlite3 "$DB" 'SELECT count(*) FROM executions')" = $((n + 1))
t_check "... and a new writer takes over the stale socket" wait_for 5 bash -c "[ -n \"\$(pgrep -f 'audit-writer --db $DB\$')\" ]"
wait_for 5 bash -c "$PY $T/client.py $SOCK | grep -qx K"
setsid "$SBX_BIN" run --db "$DB" --mode danger-full-access -- sleep 30 &
SUP=$!
wait_for 5 bash -c "[ -n \"\$(sqlite3 '$DB' \"SELECT id FROM executions WHERE state = 'running' AND supervisor_pid = $SUP\")\" ]"
kill -KILL "$SUP"
wait "$SUP" 2>/dev/null
kill -KILL -- "-$SUP" 2>/dev/null # anything left, in the process group setsid made
t_check "a supervisor killed during a run through the writer: its row reads 'interrupted'" \
        wait_for 5 bash -c "'$SBX_BIN' audit list --db '$DB' --state interrupted --csv | grep -q sleep"

# a writer that refuses (replies 'E') or drops the request: under Landlock the launcher's child,
# which reads the reply itself, runs nothing; sbx writes the row directly and runs the command
if "$SBX_BIN" run --db "$T/probe.db" --backend landlock -- true >/dev/null 2>&1; then
        cat >"$T/refuse.py" <<'PY'
import os, socket, struct, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1]); s.listen(8)
open(sys.argv[2], 'w').close()
msg = b'E' + struct.pack('<I', 6) + b'nope!!\0'
while True:
    c, _ = s.accept()
    d = c.recv(65536)
    with open(sys.argv[2], 'a') as f:
        f.write('request\n')
    try:
        if sys.argv[3] == 'E':
            c.sendall(struct.pack('<I', len(msg)) + msg)
    except OSError:
        pass
    c.close()
PY
        for how in E drop; do
                WPID=$(writer_pid)
                kill "$WPID" 2>/dev/null
                wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
                rm -f "$SOCK" "$T/refuse.log"
                "$PY" "$T/refuse.py" "$SOCK" "$T/refuse.log" "$how" &
                FAKE=$!
                wait_for 5 test -e "$T/refuse.log"
                n=$(sqlite3 "$DB" 'SELECT count(*) FROM executions')
                rm -f "$T/ws/ran-$how"
                "$SBX_BIN" run --db "$DB" --backend landlock --mode workspace-write --root "$T/ws" \
                        --verdict-json "$T/r.json" -- sh -c "echo ran > '$T/ws/ran-$how'"
                rc=$?
                t_check "a writer that answers '$how': the request reached it" grep -q request "$T/refuse.log"
                t_check "... the command ran once (rc=$rc)" test $rc -eq 0 -a "$(cat "$T/ws/ran-$how" 2>/dev/null)" = ran
                t_check "... and its row was written directly, complete" \
                        test "$(sqlite3 "$DB" "SELECT count(*) || ' ' || max(state) FROM executions WHERE id > $n")" = "1 completed" -a \
                        "$(t_json_field "$T/r.json" execution_id)" = "$((n + 1))"
                kill "$FAKE" 2>/dev/null
                wait "$FAKE" 2>/dev/null
        done
        rm -f "$SOCK"
        "$SBX_BIN" run --db "$DB" --mode danger-full-access -- true
        wait_for 5 test -S "$SOCK"
fi

# ---- a database a newer sbx upgrades while the writer serves it -------------------------------
# The writer keeps its database open: a newer sbx's migration (user_version above this sbx's) went
# unnoticed, and it went on adding rows of this sbx's schema to a database the direct path refuses
# (upgrade review: rows 'touch v4run' added, and the command run, at user_version 4). Now a run
# begun before finishes through it, a new one is refused with the direct path's message, and the
# writer leaves. As root and as nobody (its own database and writer).
upgraded_check() { # upgraded_check WHO DIR PREFIX...
        local who=$1 d=$2 up upid long rc v sid
        shift 2
        up=$d/up/audit.db
        "$@" mkdir -p "$d/up" "$d/upws"
        "$@" "$SBX_BIN" run --db "$up" --mode danger-full-access -- true
        wait_for 5 test -S "$up.writer"
        upid=$(pgrep -f "audit-writer --db $up\$" | head -1)
        sid=$("$@" "$SBX_BIN" session start --db "$up" --cwd "$d/upws" --mode workspace-write)
        "$@" "$SBX_BIN" run --db "$up" --mode danger-full-access -- sh -c 'sleep 2; exit 3' &
        long=$!
        wait_for 5 bash -c "[ \"\$(sqlite3 'file:$up?mode=ro' \"SELECT count(*) FROM executions WHERE state = 'running'\")\" = 1 ]"
        v=$(sqlite3 "$up" 'PRAGMA user_version')
        sqlite3 "$up" "PRAGMA user_version = $((v + 1))"
        "$@" "$SBX_BIN" run --db "$up" --session "$sid" -- touch "$d/upws/after-upgrade" 2>"$T/err"
        rc=$?
        t_check "$who: a session run after a newer sbx upgraded the database its writer serves: refused (rc=$rc)" \
                test $rc -eq 125
        t_check "$who: ... nothing ran on the host" test ! -e "$d/upws/after-upgrade"
        t_check "$who: ... one line saying so ($(head -c 200 "$T/err"))" \
                test "$(wc -l <"$T/err")" = 1 -a -n "$(grep 'newer than this sbx supports' "$T/err")"
        "$@" "$SBX_BIN" run --db "$up" --mode workspace-write --root "$d/upws" -- touch "$d/upws/after-upgrade" 2>"$T/err"
        rc=$?
        t_check "$who: a plain run then: refused too (rc=$rc), nothing ran" test $rc -eq 125 -a ! -e "$d/upws/after-upgrade"
        t_check "$who: ... and neither has a row" \
                test "$(sqlite3 "$up" "SELECT count(*) FROM executions WHERE argv LIKE '%after-upgrade%'")" = 0
        wait "$long"
        rc=$?
        t_check "$who: the run in progress across the upgrade finishes, recorded (rc=$rc)" \
                test $rc -eq 3 -a "$(sqlite3 "$up" "SELECT state || ' ' || exit_code FROM executions WHERE argv LIKE '%sleep 2%'")" = "completed 3"
        t_check "$who: ... and the writer then leaves, removing its socket" \
                wait_for 5 bash -c "! kill -0 ${upid:-0} 2>/dev/null && test ! -e '$up.writer'"
}
upgraded_check root "$T"
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        mkdir -p "$T/nbup"
        chown 65534:65534 "$T/nbup"
        upgraded_check nobody "$T/nbup" env HOME="$T/nb/home" XDG_CACHE_HOME="$T/nb/home/.cache" "${T_NOBODY[@]}"
fi

WPID=$(writer_pid)
rm -f "$SOCK"
t_check "removing the socket ends the writer" wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
"$SBX_BIN" audit-writer --db "$T/idle.db" --idle 1 &
IPID=$!
# (waited for: a sanitizer build under load took more than 0.3 s to bind, 19 of 30 times; its
# --idle 1 counts from then, so the socket stays long enough to be seen)
t_check "an idle writer serves (socket present)" wait_for 5 test -S "$T/idle.db.writer"
t_check "... and leaves after --idle 1 without a client" wait_for 5 bash -c "! kill -0 $IPID 2>/dev/null"
t_check "... removing its socket" test ! -e "$T/idle.db.writer"
# The writer turns SQLite's automatic checkpoint off and checkpoints passively, which leaves every
# frame since the log last restarted valid: after a burst of runs, each later reader (every `sbx
# audit`) rebuilt the WAL index from all of them (2,000 runs: an 11 MB log, 20 ms per query
# instead of 4.6 ms, until something wrote again). Leaving, it empties the log.
"$SBX_BIN" audit-writer --db "$T/wal.db" --idle 1 &
IPID=$!
wait_for 5 test -S "$T/wal.db.writer"
# A client that stays connected holds the writer through the burst: a pause of a second between
# two runs (a sanitizer build under load) ended it there, and the next run started a writer of its
# own that still held the log at the checks (1 of 4 bursts).
exec {HOLD}> >(exec "$PY" -c 'import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
open(sys.argv[2], "w").close()
sys.stdin.read()' "$T/wal.db.writer" "$T/wal.held")
t_check "a client holds the writer" wait_for 5 test -e "$T/wal.held"
for i in $(seq 1 30); do "$SBX_BIN" run --db "$T/wal.db" --mode danger-full-access -- true; done
exec {HOLD}>&-
wal=$(stat -c %s "$T/wal.db-wal" 2>/dev/null || echo 0)
t_check "a burst of 30 runs through the writer: its log holds them meanwhile ($wal bytes)" test "$wal" -gt 0
t_check "... the writer leaves when idle" wait_for 5 bash -c "! kill -0 $IPID 2>/dev/null"
wal=$(stat -c %s "$T/wal.db-wal" 2>/dev/null || echo 0)
t_check "... leaving its log empty ($wal bytes): the next reader recovers nothing" test "$wal" -eq 0
t_check "... with the 30 rows in the database" \
        test "$(sqlite3 "file:$T/wal.db?mode=ro" 'SELECT count(*) FROM executions')" = 30
# a database whose socket name is longer than a unix socket address (108 bytes) is served too:
# the writer binds through its directory's descriptor, the client connects through the socket's
LONG=$T/$(printf 'd%.0s' $(seq 1 60))/$(printf 'e%.0s' $(seq 1 60))
mkdir -p "$LONG"
LDB=$LONG/audit.db
"$SBX_BIN" run --db "$LDB" --mode danger-full-access -- true
t_check "a database path of ${#LDB} bytes: the first run starts a writer whose socket appears" \
        wait_for 5 test -S "$LDB.writer"
strace -qq -e trace=openat,open -o "$T/trace" "$SBX_BIN" run --db "$LDB" --mode danger-full-access \
        --verdict-json "$T/l.json" -- true
t_check "... the next run goes through it (never opens the database itself)" \
        bash -c '! grep -qE "/audit\.db(-wal|-shm|-journal)?\"" "$1"' _ "$T/trace"
t_check "... and its row is complete" \
        test "$(sqlite3 "$LDB" "SELECT state || ' ' || verdict FROM executions WHERE id = $(t_json_field "$T/l.json" execution_id)")" = \
        "completed success"
LPID=$(pgrep -f "audit-writer --db $LDB\$" | head -1)
rm -f "$LDB.writer"
t_check "... and removing its socket ends that writer" wait_for 5 bash -c "! kill -0 ${LPID:-0} 2>/dev/null"

"$SBX_BIN" audit-writer --db relative.db --idle 0 2>"$T/err"
t_check "audit-writer --idle 0 is a usage error (exit 2)" test $? -eq 2
# an option given twice is a usage error, as for the other verbs: --db A --db B served B
for o in "--db $T/twice-a.db --db $T/twice-b.db --idle 1" "--db $T/twice-a.db --idle 1 --idle 2"; do
        # shellcheck disable=SC2086
        timeout 20 "$SBX_BIN" audit-writer $o 2>"$T/err"
        rc=$?
        t_check "audit-writer ${o//$T\//} is a usage error (exit 2, got $rc)" test "$rc" -eq 2
        t_check "... named as given twice ($(head -c 200 "$T/err"))" grep -q "^sbx: audit-writer: --[a-z]* given twice" "$T/err"
done
t_check "... and no database was made" test ! -e "$T/twice-a.db" -a ! -e "$T/twice-b.db"
# its numbers and missing values read as every other verb's: " 5" and "+5" were 5 s (strtol
# skips blanks and takes a sign), a missing value was an "unknown or incomplete option"
writer_refuses() { # words-the-line-holds args...
        local want=$1 rc
        shift
        timeout 20 "$SBX_BIN" audit-writer "$@" 2>"$T/err"
        rc=$?
        t_check "audit-writer $(printf '%q ' "$@" | sed "s|$T/||g"): exit 2 (got $rc), one line with \"$want\" ($(head -c 200 "$T/err"))" \
                bash -c '[ "$1" -eq 2 ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -qF -- "$3" "$2"' _ "$rc" "$T/err" "$want"
}
for v in " 5" "+5" "5 " "0x10" "1e3" "-1" "86401" "4294967297" "18446744073709551617" ""; do
        writer_refuses "--idle needs 1..86400 seconds, got '$v'" --db "$T/numbers.db" --idle "$v"
done
writer_refuses "option '--idle' needs a value" --db "$T/numbers.db" --idle
writer_refuses "option '--db' needs a value" --idle 1 --db
writer_refuses "unknown option '--frob'" --db "$T/numbers.db" --frob
writer_refuses "unexpected argument 'x'" --db "$T/numbers.db" -- x
t_check "... and no database was made" test ! -e "$T/numbers.db"

t_finish
