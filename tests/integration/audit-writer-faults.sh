#!/bin/bash
# The audit writer failing at the worst moments: sbx run neither hangs nor records a run wrongly.
#   - a writer that stopped accepting (SIGSTOP) with its backlog full: a run waits about as long
#     as for a reply, then writes its row directly (it used to block in connect() for ever);
#     and the same for a request larger than the socket buffer (it blocked in send() for ever);
#   - a writer killed just after committing a run's begin, before its reply: the run's direct
#     fallback takes that row over (it used to add a second row, which then read 'interrupted'),
#     and the command runs once, after that;
#   - a writer killed just after committing a run's end, before its reply: no false "the run's
#     end was not recorded" (the direct fallback found the row already completed).
#   - a stopped writer: each run gives it up within a second (it waited 10 s) and writes its row
#     directly, and the writer adds no second row once it goes on;
#   - a slow writer (the database locked): a confined command waits for its row to be confirmed
#     before it starts;
#   - the database hard-linked while its writer lives: the run is refused, not recorded through it;
#   - the database truncated while its writer lives: each run that ran can be read (the writer
#     went on committing rows no reader could see);
#   - the database rotated (moved away, made anew) while a run goes on: its end goes to the rotated
#     file, and no other run's row (it went on the new database's row of that id);
#   - malformed begin requests (a trusted client's): the writer answers each with an error and
#     keeps no memory of them (each used to leak its argv array: 1.6 MB for a large one);
#   - the host renamed while a writer lives: its rows name the host as it is now, and a killed
#     run of theirs reads 'interrupted' (they kept the old name, and such a run read 'running'
#     for ever);
#   - a run in a UTS namespace of its own, the writer outside it (or the other way round): the row
#     names the run's host as written directly does (it named the writer's, and a run whose
#     begin's reply was lost added a second row); and the same for a time namespace of its own (a
#     boot time offset: the supervisor's start time read differently);
#   - the writer killed during a run and the database's directory made read-only before it ends (as
#     nobody): sbx says the end was not recorded and why (it said "Invalid argument");
#   The kill-after-commit checks under each backend that works here (their paths to the writer differ) and unconfined.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap 't_cleanup' EXIT
PY=/usr/bin/python3
[ -x "$PY" ] || t_skip_all "python3 is needed for the socket clients"
unset SBX_AUDIT_WRITER SBX_SESSION SBX_CONFIG

T=$(t_mktemp_dir)
t_copy_tools "$T/bin"
mkdir -p "$T/db" "$T/ws"
DB=$T/db/audit.db
SOCK=$DB.writer
export XDG_CACHE_HOME=$T/cache HOME=$T/home
mkdir -p "$HOME"

wait_for() { # wait_for SECONDS COMMAND...
        local i
        for ((i = 0; i < $1 * 20; i++)); do
                "${@:2}" && return 0
                sleep 0.05
        done
        return 1
}
writer_pid() { pgrep -f "audit-writer --db $1\$" | head -1; }
# start_writer DB: the first run on DB starts its writer; prints the writer's pid
start_writer() {
        "$SBX_BIN" run --db "$1" --mode danger-full-access -- true >/dev/null 2>&1
        wait_for 5 t_listening "$1.writer" && wait_for 5 bash -c "[ -n \"\$(pgrep -f 'audit-writer --db $1\$')\" ]"
        writer_pid "$1"
}
rows() { sqlite3 "$1" "SELECT count(*) FROM executions WHERE argv LIKE '%$2%'"; }

# ---- a stopped writer whose backlog is full ------------------------------------------------------
WPID=$(start_writer "$DB")
t_check "a writer serves the database (pid $WPID)" test -n "$WPID"
kill -STOP "$WPID"
# connections nobody accepts, until the backlog is full (a connect then times out: EAGAIN)
"$PY" - "$SOCK" "$T/held" <<'PY' &
import socket, struct, sys, time
held = []
while len(held) < 1000:
    c = socket.socket(socket.AF_UNIX)
    c.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, struct.pack('ll', 0, 300000))
    try:
        c.connect(sys.argv[1])
    except OSError:
        break
    held.append(c)
with open(sys.argv[2], 'w') as f:
    f.write(str(len(held)))
time.sleep(60)
PY
HOLDER=$!
wait_for 30 test -s "$T/held"
t_diag "$(cat "$T/held" 2>/dev/null) connections fill the stopped writer's backlog"
start=$(date +%s)
timeout 45 "$SBX_BIN" run --db "$DB" --mode danger-full-access -- echo stopped-writer-run >/dev/null 2>"$T/err"
rc=$?
took=$(($(date +%s) - start))
t_check "a run while the writer is stopped and its backlog full: it ends (rc=$rc after ${took}s, not 124)" \
        test $rc -eq 0
t_check "... and leaves its row, completed" \
        test "$(sqlite3 "$DB" "SELECT state FROM executions WHERE argv LIKE '%stopped-writer-run%'")" = completed
kill "$HOLDER" 2>/dev/null
wait "$HOLDER" 2>/dev/null
kill "$WPID" 2>/dev/null
kill -CONT "$WPID"
wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"

# ---- a stopped writer and a request larger than the socket buffer -------------------------------
WPID=$(start_writer "$DB")
kill -STOP "$WPID"
arg=$(head -c 100000 /dev/zero | tr '\0' a)
start=$(date +%s)
timeout 60 "$SBX_BIN" run --db "$DB" --mode danger-full-access -- sh -c 'echo long-argv-run' sh "$arg" "$arg" "$arg" \
        "$arg" >/dev/null 2>"$T/err"
rc=$?
took=$(($(date +%s) - start))
t_check "a run of 400 kB of arguments while the writer is stopped: it ends (rc=$rc after ${took}s, not 124)" \
        test $rc -eq 0
t_check "... and leaves its row, completed" \
        test "$(sqlite3 "$DB" "SELECT state FROM executions WHERE argv LIKE '%long-argv-run%'")" = completed
kill "$WPID" 2>/dev/null
kill -CONT "$WPID"
wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"

# ---- a stopped writer: given up at once, and no second row once it goes on -----------------------
# Each run waited the whole reply time (10 s) for a writer that was stopped (SIGSTOP, a debugger):
# it is now seen stopped and given up within a second, the row written directly, and the writer,
# once it goes on, adds no second row for the run nor completes it again.
for b in none bwrap landlock; do
        if [ "$b" = none ]; then
                bargs=(--mode danger-full-access)
        elif "$SBX_BIN" run --db "$T/probe.db" --backend "$b" -- true >/dev/null 2>&1; then
                bargs=(--backend "$b" --mode workspace-write --root "$T/ws")
        else
                t_diag "backend $b does not work here: its stopped-writer check is left out"
                continue
        fi
        SDB=$T/db/stopped-$b.db
        WPID=$(start_writer "$SDB")
        kill -STOP "$WPID"
        start=$(date +%s%N)
        timeout 60 "$SBX_BIN" run --db "$SDB" "${bargs[@]}" -- sh -c "echo stopped-run-$b; touch '$T/ws/stopped-$b'" \
                >/dev/null 2>"$T/err"
        rc=$?
        ms=$((($(date +%s%N) - start) / 1000000))
        t_check "$b: a run while its writer is stopped ends at once (rc=$rc after ${ms} ms; it waited 10 s)" \
                test $rc -eq 0 -a $ms -lt 3000 -a -e "$T/ws/stopped-$b"
        kill -CONT "$WPID"
        "$SBX_BIN" run --db "$SDB" --mode danger-full-access -- true >/dev/null 2>&1 # the writer served again
        got=$(sqlite3 "$SDB" "SELECT count(*) || ':' || group_concat(state || '/' || verdict) FROM executions
                              WHERE argv LIKE '%stopped-run-$b%'")
        t_check "$b: ... its row alone, completed, once the writer went on ($got)" test "$got" = 1:completed/success
        kill "$WPID" 2>/dev/null
        wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
done

# ---- a slow writer: the confined command waits for its row ---------------------------------------
# The runner starts while the writer inserts the row; the command is released only once the row is
# confirmed. With the database locked by another connection the writer waits (not stopped: sbx
# waits for it); the command must not have started; once the lock goes, it runs.
for b in bwrap landlock; do
        if ! "$SBX_BIN" run --db "$T/probe.db" --backend "$b" -- true >/dev/null 2>&1; then
                t_diag "backend $b does not work here: its gate check is left out"
                continue
        fi
        GDB=$T/db/gate-$b.db
        WPID=$(start_writer "$GDB")
        "$PY" - "$GDB" "$T/locked-$b" <<'PY' &
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute('BEGIN IMMEDIATE')
open(sys.argv[2], 'w').close()
time.sleep(1.5)
con.execute('ROLLBACK')
PY
        LOCKER=$!
        wait_for 10 test -e "$T/locked-$b"
        timeout 60 "$SBX_BIN" run --db "$GDB" --backend "$b" --mode workspace-write --root "$T/ws" -- \
                sh -c "echo gate-run-$b; touch '$T/ws/gate-$b'" >/dev/null 2>"$T/err" &
        RUN=$!
        sleep 0.8
        t_check "$b: while the writer waits for the lock (the row unconfirmed), the command has not started" \
                test ! -e "$T/ws/gate-$b"
        wait "$LOCKER"
        wait "$RUN"
        rc=$?
        t_check "$b: once the lock went, the command ran (rc=$rc) and its row is completed, by the writer" \
                test "$rc:$(sqlite3 "$GDB" "SELECT state FROM executions WHERE argv LIKE '%gate-run-$b%'")" = 0:completed -a \
                -e "$T/ws/gate-$b" -a -n "$(pgrep -f "audit-writer --db $GDB\$")"
        kill "$WPID" 2>/dev/null
        wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
done

# ---- the database given a second name while a writer serves it ---------------------------------
# (a hard link in a workspace would let a confined command rewrite the record): the live writer
# refuses to write it, as the direct path does, and the run is refused unrecorded
LDB=$T/db/linked.db
WPID=$(start_writer "$LDB")
ln "$LDB" "$T/ws/linked-second-name"
"$SBX_BIN" run --db "$LDB" --mode danger-full-access -- sh -c 'echo linked-run; touch "$0/linked-ran"' "$T/ws" \
        >/dev/null 2>"$T/err"
rc=$?
t_check "a database hard-linked while its writer lives: refused (125, got $rc), not run, no row ($(head -c 160 "$T/err"))" \
        test "$rc:$(rows "$LDB" linked-run)" = 125:0 -a ! -e "$T/ws/linked-ran"
rm -f "$T/ws/linked-second-name"
kill "$WPID" 2>/dev/null
wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"

# ---- the database truncated while a writer serves it ---------------------------------------------
# (`: > audit.db`: the same file, no header): the writer's cached pages let it go on committing
# rows to its log, the runs were released, and `sbx audit` said the database was empty. It now
# refuses such a file and leaves (without checkpointing into it); the runs that follow are refused
# (an empty file beside the log it had is a record truncated, not a new one: audit-damaged.sh) or,
# should the log be gone, recorded directly in the database made anew; each one that ran can be read
TDB=$T/db/truncated.db
WPID=$(start_writer "$TDB")
"$SBX_BIN" run --db "$TDB" --mode danger-full-access -- true >/dev/null 2>&1
: >"$TDB"
for i in 1 2 3; do
        "$SBX_BIN" run --db "$TDB" --mode danger-full-access -- \
                sh -c "echo trunc-run-$i; touch '$T/ws/trunc-ran-$i'; exit 3" >/dev/null 2>"$T/err"
        rc=$?
        listed=$("$SBX_BIN" audit list --db "$TDB" --csv 2>&1 | grep -c "trunc-run-$i")
        got=$rc:$listed:$([ -e "$T/ws/trunc-ran-$i" ] && echo ran)
        t_check "a database truncated under its writer, run $i: refused unrun or listed ($got, $(head -c 99 "$T/err"))" \
                test "$got" = 125:0: -o "$got" = 3:1:ran
done
t_check "... and the writer that served the truncated file left" wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
w=$(writer_pid "$TDB")
[ -n "$w" ] && kill "$w" 2>/dev/null

# ---- the database rotated while a run goes on -----------------------------------------------------
# (moved away, a new one made at its path by the runs that follow): the writer, finding it replaced,
# dropped its connections, and the run's end was written directly to the new database, on the row
# of another run that had that id there; that run's end was then refused, and the rotated row read
# 'interrupted'. The writer now finishes the runs it began, in the file they began in
RDB=$T/db/rotated.db
mkdir -p "$T/db/old"
WPID=$(start_writer "$RDB")
"$SBX_BIN" run --db "$RDB" --mode danger-full-access -- \
        sh -c "sleep 3; echo \"touch: cannot touch '/etc/rotated-a': Read-only file system\" >&2; exit 5" \
        >/dev/null 2>"$T/err-a" &
A=$!
# rotated once A's row is in (at a fixed 0.5 s, a slow start could still be on its way to it)
wait_for 10 eval '[ "$(rows "$RDB" rotated-a)" = 1 ]'
for f in "$RDB" "$RDB-wal" "$RDB-shm"; do [ -e "$f" ] && mv "$f" "$T/db/old/"; done
sleep 1.5 # the writer notices when idle (1 s)
"$SBX_BIN" run --db "$RDB" --mode danger-full-access -- true >/dev/null 2>&1
"$SBX_BIN" run --db "$RDB" --mode danger-full-access -- sh -c "sleep 3; echo rotated-b; exit 0" \
        >/dev/null 2>"$T/err-b" &
B=$!
wait "$A"
wait "$B"
ORDB=$T/db/old/rotated.db
END="state || ' ' || verdict || ' ' || exit_code || ' ' || denial_lines"
got_a=$(sqlite3 "$ORDB" "SELECT $END FROM executions WHERE argv LIKE '%rotated-a%'")
got_b=$(sqlite3 "$RDB" "SELECT $END FROM executions WHERE argv LIKE '%rotated-b%'")
t_check "a run whose database was rotated while it ran ends in the rotated file ($got_a; $(tr '\n' ' ' <"$T/err-a"))" \
        test "$got_a" = "completed task_failure 5 0"
t_check "... and the new database's run keeps its own end ($got_b; $(head -c 160 "$T/err-b" | tr '\n' ' '))" \
        test "$got_b" = "completed success 0 0" -a "$(sqlite3 "$RDB" "SELECT count(*) FROM denial_lines")" = 0
t_check "... and the old writer left once it had (pid $WPID)" wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
w=$(writer_pid "$RDB")
[ -n "$w" ] && kill "$w" 2>/dev/null

# ---- malformed requests leave nothing behind in the writer --------------------------------------
MDB=$T/db/malformed.db
# (under AddressSanitizer, freed memory would sit in its quarantine and count in the RSS)
WPID=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 start_writer "$MDB")
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
before=$(rss "$WPID")
# 40 begin requests of 200000 empty arguments each, then a byte too many: the writer decodes every
# argument (an argv array of 1.6 MB) before it finds the frame malformed
"$PY" - "$MDB.writer" "$(sed -n 's/^#define SBX_WIRE_PROTOCOL_VERSION \([0-9]*\)$/\1/p' "${SBX_SOURCE_ROOT:?}/audit/writer-wire.h")" \
        >"$T/out" 2>&1 <<'PY'
import socket, struct, sys
def s(v):
    if v is None:
        return struct.pack('<I', 0xffffffff)
    return struct.pack('<I', len(v)) + v.encode() + b'\0'
n = 200000
body = (b'B' + struct.pack('<I', int(sys.argv[2])) + struct.pack('<q', 0) + struct.pack('<q', n) + s('') * n + s('/') +
        s(None) * 3 + struct.pack('<q', 0) + b'x')
c = socket.socket(socket.AF_UNIX)
c.settimeout(10)
c.connect(sys.argv[1])
replies = []
for _ in range(40):
    c.sendall(struct.pack('<I', len(body)) + body)
    h = c.recv(4, socket.MSG_WAITALL)
    r = c.recv(struct.unpack('<I', h)[0], socket.MSG_WAITALL)
    replies.append(chr(r[0]))
print(''.join(sorted(set(replies))))
PY
after=$(rss "$WPID")
t_check "40 malformed begin requests: each gets an error reply ($(cat "$T/out"))" grep -qx E "$T/out"
t_check "... the writer still serves (pid $WPID)" kill -0 "$WPID"
t_check "... and holds no memory for them (RSS ${before} kB before, ${after} kB after)" \
        test $((after - before)) -lt 16384
t_check "... and no row was added" test "$(sqlite3 "$MDB" 'SELECT count(*) FROM executions')" = 1
kill "$WPID" 2>/dev/null

# ---- the host renamed while a writer lives -------------------------------------------------------
# in a UTS namespace of the test's own: the machine's name is left alone
if unshare -u true 2>/dev/null; then
        HDB=$T/db/rename.db
        SBX_BIN=$SBX_BIN HDB=$HDB unshare -u bash -s >"$T/rename.out" 2>&1 <<'SH'
hostname sbx-before-rename
"$SBX_BIN" run --db "$HDB" --mode danger-full-access -- true
for ((i = 0; i < 100; i++)); do [ -S "$HDB.writer" ] && break; sleep 0.05; done
"$SBX_BIN" run --db "$HDB" --mode danger-full-access -- echo before >/dev/null
hostname sbx-after-rename
"$SBX_BIN" run --db "$HDB" --mode danger-full-access -- echo after >/dev/null
setsid "$SBX_BIN" run --db "$HDB" --mode danger-full-access -- sleep 30 &
sup=$!
for ((i = 0; i < 100; i++)); do
        [ -n "$(sqlite3 "$HDB" "SELECT id FROM executions WHERE supervisor_pid = $sup")" ] && break
        sleep 0.05
done
kill -KILL "$sup"
kill -KILL -- "-$sup" 2>/dev/null
wait "$sup" 2>/dev/null
echo "killed: $("$SBX_BIN" audit list --db "$HDB" --csv | grep -c interrupted)"
pkill -f "audit-writer --db $HDB\$"
SH
        t_check "four runs recorded, each with its own supervisor" \
                test "$(sqlite3 "$HDB" "SELECT count(DISTINCT supervisor_pid) FROM executions")" = 4
        t_check "a run before the host's rename names the old host" \
                test "$(sqlite3 "$HDB" "SELECT host FROM executions WHERE argv LIKE '%before%'")" = sbx-before-rename
        t_check "a run after it, through the same writer, names the new one" \
                test "$(sqlite3 "$HDB" "SELECT host FROM executions WHERE argv LIKE '%after%'")" = sbx-after-rename
        t_check "... and a run killed after the rename reads 'interrupted' ($(tr '\n' ' ' <"$T/rename.out"))" \
                grep -qx 'killed: 1' "$T/rename.out"
else
        t_diag "no UTS namespace here: the rename checks are left out"
fi

# ---- the run's end cannot be recorded: sbx says why ----------------------------------------------
# The writer killed while a run goes on, and the database's directory made read-only before the run
# ends: the run's own direct write cannot open the database. Its line said "the run's end was not
# recorded: Invalid argument" (the reason was dropped); it must name the directory. As nobody:
# root writes in a directory of mode 0500 anyway.
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        RD=$T/end-ro
        mkdir -p "$RD/db"
        chmod 700 "$RD/db"
        chown 65534:65534 "$RD" "$RD/db"
        RDB=$RD/db/audit.db
        nb_sbx() { "${T_NOBODY[@]}" env HOME="$RD" TMPDIR="$RD" XDG_CACHE_HOME="$RD/.cache" "$SBX_BIN" "$@"; }
        nb_sbx run --db "$RDB" --mode danger-full-access -- true
        wait_for 5 t_listening "$RDB.writer" && wait_for 5 bash -c "[ -n \"\$(pgrep -f 'audit-writer --db $RDB\$')\" ]"
        WPID=$(writer_pid "$RDB")
        t_check "nobody's writer serves the database (pid $WPID)" test -n "$WPID"
        nb_sbx run --db "$RDB" --mode danger-full-access -- sh -c 'touch "$1/started"; sleep 1; echo ran-to-the-end' sh "$RD" \
                >"$T/end-ro.out" 2>"$T/end-ro.err" &
        RUN=$!
        wait_for 10 test -e "$RD/started"
        kill -KILL "$WPID"
        chmod 500 "$RD/db"
        wait "$RUN"
        rc=$?
        chmod 700 "$RD/db"
        t_check "the command ran to its end (rc=$rc)" test "$rc:$(cat "$T/end-ro.out")" = "0:ran-to-the-end"
        t_check "sbx says the end was not recorded, and why ($(tr '\n' ' ' <"$T/end-ro.err"))" \
                grep -q "the run's end was not recorded: .*$RD/db.*not writable" "$T/end-ro.err"
        t_check "... not with a reason that has nothing to do with it" test -z "$(grep 'Invalid argument' "$T/end-ro.err")"
        t_check "its row was written before the command ran" \
                test "$(sqlite3 "$RDB" "SELECT count(*) FROM executions WHERE argv LIKE '%ran-to-the-end%'")" = 1
else
        t_diag "not root, or no user nobody: the unrecorded-end check is left out"
fi

# ---- two writers replacing the same stale socket -------------------------------------------------
# Both find the socket of a writer killed with SIGKILL, which refuses them; strace widens the window
# between that check and removing it (each writer's unlink waits, the second's longer). The first
# then put its socket in place, and the second removed it and put its own: the first served the
# clients it had until its idle check saw its socket gone. Under the lock one of them replaces the
# stale socket, and the other finds it answering and leaves: one socket was put in place, not two.
if command -v strace >/dev/null && strace -qq -o /dev/null -e trace=getpid -e inject=getpid:delay_enter=1 true 2>/dev/null; then
        SDB=$T/db/stale.db
        WPID=$(start_writer "$SDB")
        kill -KILL "$WPID"
        wait_for 5 bash -c "! kill -0 $WPID 2>/dev/null"
        t_check "a killed writer leaves its socket behind" test -S "$SDB.writer"
        SPIDS=()
        for delay in 300000 700000; do
                timeout 30 strace -qq -o "$T/stale-$delay.trace" -e trace=unlink,renameat2 \
                        -e inject=unlink:delay_enter=$delay "$SBX_BIN" audit-writer --db "$SDB" --idle 1 \
                        </dev/null >/dev/null 2>&1 &
                SPIDS+=($!)
        done
        wait "${SPIDS[@]}"
        got=$(cat "$T/stale-300000.trace" "$T/stale-700000.trace" | grep -c 'RENAME_NOREPLACE) = 0')
        t_check "two writers that found the same stale socket: one put its socket in place ($got did)" test "$got" = 1
else
        t_diag "strace with delay injection is missing: the stale-socket race check is left out"
fi

# ---- a writer killed between its commit and its reply -------------------------------------------
# strace kills the writer at its Nth reply (sendto): 1 is the begin's, 2 the end's.
if ! command -v strace >/dev/null || ! strace -qq -o /dev/null -e trace=getpid -e inject=getpid:retval=1 true 2>/dev/null; then
        t_diag "strace with syscall injection is missing: the kill-after-commit checks are left out"
        t_finish
        exit
fi
kill_at_reply() { # kill_at_reply DB N: ST is the strace that kills DB's writer at its reply N
        local w
        w=$(start_writer "$1")
        timeout 30 strace -qq -p "$w" -e trace=sendto -e inject=sendto:signal=SIGKILL:when="$2" -o /dev/null \
                </dev/null >/dev/null 2>&1 &
        ST=$!
        wait_for 5 bash -c "! grep -q '^TracerPid:[[:space:]]*0\$' /proc/$w/status"
}
runs=(danger-full-access:none)
for b in bwrap landlock; do
        if "$SBX_BIN" run --db "$T/probe.db" --backend "$b" -- true >/dev/null 2>&1; then
                runs+=("workspace-write:$b")
        else
                t_diag "backend $b does not work here: its checks are left out"
        fi
done
k=0
for run in "${runs[@]}"; do
        mode=${run%%:*} b=${run#*:}
        opts=(--mode "$mode")
        [ "$b" = none ] || opts+=(--backend "$b" --root "$T/ws")
        k=$((k + 1))
        KDB=$T/db/kill-$k.db
        kill_at_reply "$KDB" 1
        "$SBX_BIN" run --db "$KDB" "${opts[@]}" --verdict-json "$T/k.json" -- \
                sh -c "echo begin-lost-$k; echo ran >>'$T/ws/begin-lost-$k'; exit 3" >/dev/null 2>"$T/err"
        rc=$?
        wait "$ST" 2>/dev/null
        got=$(sqlite3 "$KDB" "SELECT group_concat(id || ' ' || state || ' ' || ifnull(verdict, '-'), ', ') FROM executions WHERE argv LIKE '%begin-lost-$k%'")
        t_check "$b $mode, writer killed after committing the begin: one row, completed ($got; rc=$rc)" \
                test "$rc:$got" = "3:$(t_json_field "$T/k.json" execution_id) completed task_failure"
        t_check "... and sbx audit lists no run that did not complete" \
                test -z "$("$SBX_BIN" audit list --db "$KDB" --csv | grep -E 'running|interrupted')"
        # the row was not confirmed to the runner: the command must not have started then, only
        # once the row was written directly (it ran twice, once unconfirmed, when it did)
        t_check "... and the command ran once, not before its row was confirmed ($(cat "$T/ws/begin-lost-$k" 2>/dev/null | wc -l) times)" \
                test "$(cat "$T/ws/begin-lost-$k" 2>/dev/null | wc -l)" = 1

        kill_at_reply "$KDB" 2
        "$SBX_BIN" run --db "$KDB" "${opts[@]}" -- sh -c "echo end-lost-$k; exit 3" >/dev/null 2>"$T/err"
        rc=$?
        wait "$ST" 2>/dev/null
        got=$(sqlite3 "$KDB" "SELECT group_concat(state || ' ' || ifnull(verdict, '-') || ' ' || ifnull(exit_code, '-'), ', ') FROM executions WHERE argv LIKE '%end-lost-$k%'")
        t_check "$b $mode, writer killed after committing the end: the row is complete ($got; rc=$rc)" \
                test "$rc:$got" = "3:completed task_failure 3"
        t_check "... and sbx does not claim it was not recorded ($(tr '\n' ' ' <"$T/err"))" test ! -s "$T/err"
done

# ---- a run in a UTS namespace of its own, and a writer outside it (or the other way round) ------
# A run's row names the host as its own sbx sees it, through the writer as written directly: the
# writer, in another UTS namespace than the run, recorded its own name, and a run whose reply was
# lost then found no row of its host to take over and added a second one (read 'interrupted').
# The writer serves only runs of its own UTS namespace; the others write directly.
if t_is_root && unshare -u true 2>/dev/null; then
        here=$(hostname)
        own_uts() { # own_uts DB WORD: a run of WORD in a UTS namespace named own-uts-host
                SBX_BIN=$SBX_BIN unshare -u sh -c 'hostname own-uts-host &&
                        "$SBX_BIN" run --db "$1" --mode danger-full-access -- echo "$2"' sh "$1" "$2" >/dev/null 2>&1
        }
        UDB=$T/db/uts.db
        WPID=$(start_writer "$UDB")
        own_uts "$UDB" uts-via-writer
        SBX_AUDIT_WRITER=off own_uts "$UDB" uts-direct
        t_check "a run in a UTS namespace of its own names its own host beside a writer outside it ($(sqlite3 "$UDB" "SELECT host FROM executions WHERE argv LIKE '%uts-via-writer%'"))" \
                test "$(sqlite3 "$UDB" "SELECT host FROM executions WHERE argv LIKE '%uts-via-writer%'")" = own-uts-host
        t_check "... as it does written directly" \
                test "$(sqlite3 "$UDB" "SELECT host FROM executions WHERE argv LIKE '%uts-direct%'")" = own-uts-host
        t_check "... and the writer still serves (pid $WPID)" kill -0 "$WPID"
        kill "$WPID" 2>/dev/null
        wait_for 5 bash -c "[ -z \"\$(pgrep -f 'audit-writer --db $UDB\$')\" ]"
        # its begin's reply lost: one row, not a second beside the writer's
        UKDB=$T/db/uts-kill.db
        kill_at_reply "$UKDB" 1
        own_uts "$UKDB" uts-begin-lost
        kill "$ST" 2>/dev/null
        wait "$ST" 2>/dev/null
        got=$(sqlite3 "$UKDB" "SELECT group_concat(host || ' ' || state, ', ') FROM executions WHERE argv LIKE '%uts-begin-lost%'")
        t_check "a run in a UTS namespace of its own whose begin's reply was lost: one row ($got)" \
                test "$got" = "own-uts-host completed"
        kill "$(writer_pid "$UKDB")" 2>/dev/null
        # a writer started by a run in a UTS namespace of its own; a run outside names this host
        RDB=$T/db/uts-rev.db
        own_uts "$RDB" uts-starts-writer
        wait_for 5 t_listening "$RDB.writer"
        "$SBX_BIN" run --db "$RDB" --mode danger-full-access -- echo uts-outside >/dev/null 2>&1
        t_check "a run beside a writer started in another UTS namespace names this host ($(sqlite3 "$RDB" "SELECT host FROM executions WHERE argv LIKE '%uts-outside%'"))" \
                test "$(sqlite3 "$RDB" "SELECT host FROM executions WHERE argv LIKE '%uts-outside%'")" = "$here"
        kill "$(writer_pid "$RDB")" 2>/dev/null
else
        t_diag "not root, or no UTS namespace: the other-namespace host checks are left out"
fi

# ---- a run in a time namespace of its own (a boot time offset), and a writer outside it ---------
# /proc/PID/stat's start time reads in the reader's time namespace: the writer recorded the run's
# supervisor start as it read it, the run's own direct writes (its begin taken over, its end when
# the writer was lost, an escalation's notes) looked for it as the run reads it: a run whose begin's
# reply was lost added a second row. The writer serves only runs of its own time namespace.
if t_is_root && unshare -T --boottime 100000 --fork true 2>/dev/null; then
        TKDB=$T/db/timens-kill.db
        kill_at_reply "$TKDB" 1
        SBX_BIN=$SBX_BIN unshare -T --boottime 100000 --fork sh -c \
                '"$SBX_BIN" run --db "$1" --mode danger-full-access -- echo timens-begin-lost' sh "$TKDB" >/dev/null 2>&1
        kill "$ST" 2>/dev/null
        wait "$ST" 2>/dev/null
        got=$(sqlite3 "$TKDB" "SELECT group_concat(state, ', ') FROM executions WHERE argv LIKE '%timens-begin-lost%'")
        t_check "a run in a time namespace of its own whose begin's reply was lost: one row ($got)" \
                test "$got" = completed
        kill "$(writer_pid "$TKDB")" 2>/dev/null
else
        t_diag "not root, or no time namespace: the time-namespace checks are left out"
fi

t_finish
