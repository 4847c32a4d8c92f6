#!/bin/bash
# Locks a confined command takes on the audit database. It reads the database (the host view is
# readable), and a lock needs no write: a read lock (F_SETLK, F_RDLCK) on the WAL write lock byte
# of DATABASE-shm keeps every writer out for as long as the command runs (README: other runs wait,
# then refuse to run). A run whose command has already run when it meets such a lock must still
# record its end:
#   - for each backend, a run A begins, then a read-only confined command of another run holds that
#     lock for longer than a write waits (about a minute); A's command ends meanwhile. A exits with
#     its command's status and its row is complete once the lock has gone (before: "the run's end
#     was not recorded", the row left `running`, then read `interrupted`, its verdict lost). The
#     audit writer is ended once the lock is held: A's end then opens the database as its only
#     connection, whose WAL index must be rebuilt under the lock (SQLite: "locking protocol"
#     after 10 s, not "database is locked");
#   - the same, A writing directly (no writer, its connection open since its start): "database is
#     locked" after a minute;
#   - its message names the lock's holder (pid and name: "database is locked" alone left the
#     caller to guess which of their runs it was), and naming it drops none of the run's own locks
#     (it was read through a descriptor of the -shm, whose close dropped them);
#   - a run that waits so gives up on a signal (SIGTERM), saying its end was not recorded; so
#     does one whose terminal sends ^C (SIGINT from the kernel, to the foreground group: while the
#     command ran it reached the command too and sbx let it be, and afterwards a run in that group
#     went on waiting through it); so does one signalled in the usual minute before it says it
#     waits (the signal was taken only once that minute had run out).
# The cases run side by side, each on a database of its own: the test takes about 80 s.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap 't_cleanup' EXIT
PY=/usr/bin/python3
[ -x "$PY" ] || t_skip_all "python3 is needed for the lock holder"
unset SBX_AUDIT_WRITER SBX_SESSION SBX_DB

T=$(t_mktemp_dir)
mkdir -p "$T/ws" "$T/cache"
export XDG_CACHE_HOME=$T/cache
t_known_config "$T/config"
cd "$T/ws" || exit 1
t_usable_backends "$T/probe.db"

# locker.py FILE OFFSET SECONDS: a read lock on one byte of FILE (opened read-only), "locked" on
# stdout once held, then holds it SECONDS
cat >"$T/locker.py" <<'PY'
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB, 1, int(sys.argv[2]))
print("locked", flush=True)
time.sleep(float(sys.argv[3]))
PY

# onterm.py ARGV...: ARGV on a pseudo-terminal of its own, in its foreground group as at a prompt;
# once it says it waits for the database, ^C on that terminal; what it printed on stdout, and its
# exit status as its own. Killed 5 s after the ^C. (SIGINT is not left ignored, as it is for a
# background job of this script, which sbx would then keep ignored.)
cat >"$T/onterm.py" <<'PY'
import os, pty, select, signal, sys, time
pid, fd = pty.fork()
if pid == 0:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.execv(sys.argv[1], sys.argv[1:])
out, sent = b"", None
while True:
    if select.select([fd], [], [], 0.2)[0]:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out += data
    if sent is None and b"waiting for it" in out:
        os.write(fd, b"\x03")
        sent = time.time()
    if sent is not None and time.time() - sent > 5:
        os.kill(pid, signal.SIGKILL)
        out += b"[still waiting 5 s after ^C]"
        break
st = os.waitpid(pid, 0)[1]
sys.stdout.write(out.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(st) & 0xff)
PY

# wait_for FILE TEXT SECONDS: whether FILE holds TEXT within SECONDS
wait_for() {
        for _ in $(seq 1 $(($3 * 10))); do
                grep -q -- "$2" "$1" 2>/dev/null && return 0
                sleep 0.1
        done
        return 1
}

# row DB ARGV-PATTERN: state|exit_code of the run whose argv matches
row() {
        sqlite3 "$1" "SELECT state || '|' || ifnull(exit_code, '') FROM executions WHERE argv LIKE '$2'"
}

# A's command is named a-NAME-PID (this script's pid): the pgrep patterns below took a run of the
# same test running beside this one (another build's suite) for this one's, and `kill -TERM` given
# both pids in one argument signalled neither (seen: "gives up on SIGTERM" failed after 5 s)
HOLD=72 # seconds: longer than a direct write waits (12 x 5 s) plus the writer's 3 s
# start_case NAME BACKEND [WRITER [tty]]: run A (sleep 4, exit 7) on $T/NAME.db
# (SBX_AUDIT_WRITER=WRITER, default on; on a terminal of its own: onterm.py), then, once A's row is
# in, the lock holder confined by BACKEND; A's pid in APID_NAME
start_case() {
        local name=$1 b=$2 db=$T/$1.db via=()
        [ "$4" = tty ] && via=("$PY" "$T/onterm.py")
        # the database and its -shm exist before A begins
        "$SBX_BIN" run --db "$db" --mode danger-full-access -- true >/dev/null 2>&1
        ( SBX_AUDIT_WRITER=${3:-on} "${via[@]}" "$SBX_BIN" run --db "$db" --mode danger-full-access -- sh -c "sleep 4; exit 7" "a-$name-$$" \
                >"$T/$name.a.out" 2>"$T/$name.a.err"; echo "rc=$?" >>"$T/$name.a.out" ) &
        eval "APID_$name=\$!"
        for _ in $(seq 1 100); do
                [ "$(row "$db" "%a-$name%")" = "running|" ] && break
                sleep 0.1
        done
        "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only -- "$PY" "$T/locker.py" "$db-shm" 120 "$HOLD" \
                >"$T/$name.lock.out" 2>"$T/$name.lock.err" &
}

for b in "${BACKENDS[@]}"; do
        start_case "$b" "$b"
done
start_case direct "${BACKENDS[0]}" off
start_case signal "${BACKENDS[0]}" off
start_case tty "${BACKENDS[0]}" off tty
start_case early "${BACKENDS[0]}" off
for b in "${BACKENDS[@]}" direct signal tty early; do
        wait_for "$T/$b.lock.out" locked 20 || t_diag "$b: the lock holder did not lock: $(cat "$T/$b.lock.err")"
done
# the writers of the backends' cases go (A's end is written directly)
for b in "${BACKENDS[@]}"; do
        for pid in $(pgrep -f -- "audit-writer --db $T/$b.db"); do
                kill -TERM "$pid"
        done
done

# the early case: SIGTERM once A's command has ended, in the usual minute its end waits before it
# says so, ends the wait as promptly (it was taken only once that minute had run out)
for _ in $(seq 1 100); do
        pgrep -f -- "^sh -c sleep 4; exit 7 a-early-$$\$" >/dev/null || break
        sleep 0.1
done
sleep 1
kill -TERM "$(pgrep -f -- "^$SBX_BIN run .*a-early-$$\$")" 2>/dev/null
t0=$(date +%s)
wait "$APID_early"
t_check "a run whose end waits the usual minute for a locked database gives up on SIGTERM then too ($(($(date +%s) - t0)) s: $(tr '\n' ' ' <"$T/early.a.err"))" \
        bash -c '[ $(($(date +%s) - '"$t0"')) -le 5 ] && grep -q "end was not recorded" "$1"' _ "$T/early.a.err"

# the direct case: while its end waits, A keeps its connection's own lock on the -shm (a read lock
# on byte 128, with which SQLite tells its peers the WAL index is in use: a connection that finds
# none truncates and rebuilds it). Naming the holder through a descriptor of the -shm of its own
# dropped it: closing any descriptor of a file drops every POSIX lock the process has on it.
if wait_for "$T/direct.a.err" "waiting for it to record the run's end" 80; then
        apid=$(pgrep -f -- "sleep 4; exit 7 a-direct-$$\$")
        sleep 2.5 # a retry or two, each naming the holder again
        t_check "direct: a run waiting for its end to be recorded keeps its own lock on the -shm (pid ${apid:-?}: $(grep -c ":$(stat -c %i "$T/direct.db-shm") " /proc/locks) locks on it)" \
                grep -Eq "^[0-9]+: POSIX +ADVISORY +READ +${apid:-none} [0-9a-f]+:[0-9a-f]+:$(stat -c %i "$T/direct.db-shm") 128 128\$" /proc/locks
else
        t_not_ok "direct: a run whose end meets a locked database says it waits ($(tr '\n' ' ' <"$T/direct.a.err"))"
fi

# the signal case: its end waits, then SIGTERM to its sbx ends the wait
if wait_for "$T/signal.a.err" "waiting for it to record the run's end" 80; then
        # its sbx (the command, sh, has ended)
        kill -TERM "$(pgrep -f -- "sleep 4; exit 7 a-signal-$$\$")" 2>/dev/null
        t0=$(date +%s)
        wait "$APID_signal"
        t_check "a run waiting for a locked database to record its end gives up on SIGTERM, saying so ($(($(date +%s) - t0)) s: $(tr '\n' ' ' <"$T/signal.a.err"))" \
                bash -c '[ $(($(date +%s) - '"$t0"')) -le 5 ] && grep -q "end was not recorded" "$1"' _ "$T/signal.a.err"
else
        t_not_ok "a run whose end meets a locked database says it waits ($(tr '\n' ' ' <"$T/signal.a.err"))"
fi

# the terminal's case: A (unconfined, in sbx's group, as a Landlock run's command is) waits, and
# the ^C onterm.py then sends ends the wait
wait "$APID_tty"
t_check "a run waiting for a locked database to record its end gives up on ^C at its terminal ($(tr '\r\n' '  ' <"$T/tty.a.out"))" \
        grep -q "end was not recorded" "$T/tty.a.out"

for b in "${BACKENDS[@]}" direct; do
        eval "wait \$APID_$b"
        wait # the lock holders
        t_check "$b: a run whose end met a read lock held by a confined command of another run exits with its command's status ($(tr '\n' ' ' <"$T/$b.a.out"); $(tr '\n' ' ' <"$T/$b.a.err"))" \
                grep -qx "rc=7" "$T/$b.a.out"
        t_check "$b: ... and its message named the lock's holder (pid and name)" \
                grep -q "locked by pid [0-9]*, python3" "$T/$b.a.err"
        t_check "$b: ... and its row is complete ($(row "$T/$b.db" "%a-$b%"))" \
                test "$(row "$T/$b.db" "%a-$b%")" = "completed|7"
        t_check "$b: ... and so is the lock holder's ($(row "$T/$b.db" "%locker.py%"))" \
                test "$(row "$T/$b.db" "%locker.py%")" = "completed|0"
done

t_finish
