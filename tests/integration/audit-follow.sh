#!/bin/bash
# `sbx audit export --follow` prints every execution exactly once, with the state it ended in,
# also when the run ends while a round of the follower is under way.
#
# A round reads one snapshot of the database but checks whether each running row's supervisor
# lives at the time it reads the row. A run that completed (its end committed after the snapshot
# began) and whose sbx then exited read as 'interrupted' in that snapshot: the follower printed a
# completed run as interrupted, or, when it had seen the row running earlier in the same round,
# never printed it (a chaos run of 800 concurrent `sbx run`: about 1 row in 150 wrong or missing).
#
# Made deterministic here: the follower writes to a pipe nobody reads, so it stops in the middle
# of a round, between thousands of filler rows and the run under test (before them: the round
# has read it running; after them: it has not read it yet). The run is released, ends and exits;
# then the pipe is drained. A one-shot `sbx audit export` stopped in the same way must print the
# run as its snapshot has it, running, not interrupted (before the fix: 43 of 530 `sbx audit list
# --state interrupted` beside 6 loops of short runs named completed runs). For root and nobody.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
PIDS=()
cleanup() {
        local p
        for p in "${PIDS[@]}"; do kill -KILL "$p" 2>/dev/null; done
        t_cleanup
}
trap cleanup EXIT
if ! type -P sqlite3 >/dev/null || ! type -P mkfifo >/dev/null; then
        t_skip_all "sqlite3 and mkfifo are required"
fi
T=$(t_mktemp_dir)
t_known_config "$T/config"
export SBX_AUDIT_WRITER=off # nothing left running behind the test
unset SBX_SESSION
t_who "$T"

# blocked PID: PID waits to write to a pipe (pipe_write, anon_pipe_write since Linux 6.15)
blocked() {
        case $(cat "/proc/$1/wchan" 2>/dev/null) in
        *pipe_write) return 0 ;;
        *) return 1 ;;
        esac
}

# scenario WHO ORDER: ORDER is 'after' (the run's row comes before the fillers: the round reads it
# running, then stops) or 'before' (the fillers come first: the round stops before reading it)
scenario() {
        local who=$1 order=$2 how=${3:-follow} dir=$T/$who-$order-${3:-follow} bin=$SBX_BIN as=() db run_pid f_pid c_pid id line n
        mkdir -p "$dir"
        if [ "$who" = nobody ]; then
                chown 65534:65534 "$dir"
                as=("${T_NOBODY[@]}" env HOME="$T/home" XDG_CACHE_HOME=)
                bin=$NB_BIN
        fi
        db=$dir/audit.db
        "${as[@]}" mkfifo "$dir/in" "$dir/out"
        (cd "$dir" && "${as[@]}" "$bin" run --db "$db" --mode danger-full-access -- true) || return 1
        # the database is read as its owner (root's sqlite3 could leave root's -wal and -shm files)
        q() { "${as[@]}" sqlite3 -cmd '.timeout 10000' "$db" "$1"; }
        fillers() {
                q "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                        INSERT INTO executions (started_ms, ended_ms, duration_ms, host, uid, supervisor_pid,
                                supervisor_start, boot_id, cwd, argv, mode, mode_source, workspace_root, state,
                                verdict, exit_code, signal, denial_lines)
                        SELECT started_ms, ended_ms, duration_ms, host, uid, supervisor_pid, supervisor_start,
                                boot_id, cwd, json_array('filler', i, hex(zeroblob(100))), mode, mode_source,
                                workspace_root, state, verdict, exit_code, signal, 0
                        FROM executions, n WHERE id = 1"
        }
        [ "$order" = before ] && fillers
        # the run under test waits for a byte on its stdin
        exec 7<>"$dir/in"
        (cd "$dir" && exec "${as[@]}" "$bin" run --db "$db" --mode danger-full-access -- head -c1 <"$dir/in" >/dev/null 2>"$dir/run.err") &
        run_pid=$!
        PIDS+=("$run_pid")
        for _ in $(seq 1 100); do
                id=$(q "SELECT id FROM executions WHERE state = 'running'")
                [ -n "$id" ] && break
                sleep 0.05
        done
        t_check "$who, $order: the run's row is written" test -n "$id"
        if [ -z "$id" ]; then
                t_diag "$(cat "$dir/run.err"; q 'SELECT count(*), max(id), group_concat(DISTINCT state) FROM executions'; ps -o pid,stat,wchan:20,args --ppid "$run_pid" -p "$run_pid")"
        fi
        [ "$order" = after ] && fillers
        # the follower, writing to a pipe that is not read yet: it stops within its first round
        exec 6<>"$dir/out"
        if [ "$how" = follow ]; then
                "${as[@]}" "$bin" audit export --follow --jsonl --db "$db" >"$dir/out" 2>"$dir/follow.err" &
        else
                "${as[@]}" "$bin" audit export --jsonl --db "$db" >"$dir/out" 2>"$dir/follow.err" &
        fi
        f_pid=$!
        PIDS+=("$f_pid")
        for _ in $(seq 1 100); do
                blocked "$f_pid" && break
                sleep 0.05
        done
        t_check "$who, $order: the follower waits on its full pipe, in the middle of a round" blocked "$f_pid"
        # the run ends, is recorded, and its sbx exits
        printf x >&7
        exec 7>&-
        wait "$run_pid"
        t_check "$who, $order: the run completed (sbx exited 0)" test $? = 0
        t_check "$who, $order: its row says completed" \
                test "$(q "SELECT state || ' ' || verdict FROM executions WHERE id = ${id:-0}")" = "completed success"
        # drain the pipe until the run is printed (a round every 250 ms), at most 10 s
        cat <&6 >"$dir/follow.jsonl" &
        c_pid=$!
        PIDS+=("$c_pid")
        exec 6>&-
        for _ in $(seq 1 100); do
                grep -q "^{\"id\":$id," "$dir/follow.jsonl" && break
                sleep 0.1
        done
        sleep 0.6 # two more rounds: a second line would come by now
        kill -TERM "$f_pid"
        wait "$f_pid" 2>/dev/null
        kill -TERM "$c_pid"
        wait "$c_pid" 2>/dev/null
        n=$(grep -c "^{\"id\":$id," "$dir/follow.jsonl")
        line=$(grep "^{\"id\":$id," "$dir/follow.jsonl" | head -1)
        t_check "$who, $order, $how: the run was printed exactly once (printed $n times)" test "$n" = 1
        if [ "$how" = follow ]; then
                t_check "$who, $order: ... as completed, not interrupted" \
                        python3 -c 'import json, sys; r = json.loads(sys.argv[1]); assert r["state"] == "completed" and r["verdict"] == "success", r["state"]' \
                        "${line:-{\}}"
        else
                # its snapshot is older than the end: running then, never interrupted
                t_check "$who, $order, $how: ... as running (its snapshot), not interrupted" \
                        python3 -c 'import json, sys; r = json.loads(sys.argv[1]); assert r["state"] == "running", r["state"]' \
                        "${line:-{\}}"
        fi
        t_check "$who, $order: every filler row was printed once" \
                test "$(grep -c '"argv":\["filler",' "$dir/follow.jsonl")" = 3000
        t_check "$who, $order: the follower said nothing on stderr" test ! -s "$dir/follow.err"
}

for who in "${WHO[@]}"; do
        for order in after before; do
                scenario "$who" "$order"
        done
        # a one-shot query (sbx audit export without --follow) stopped in the same way
        scenario "$who" before once
done

# A run whose supervisor is killed is still printed exactly once, as interrupted: by a follower
# that saw it running, and by one started after the kill (its row still stored 'running').
dir=$T/killed
mkdir -p "$dir"
db=$dir/audit.db
(cd "$dir" && exec "$SBX_BIN" run --db "$db" --mode danger-full-access -- sleep 60) &
sup=$!
PIDS+=("$sup")
for _ in $(seq 1 100); do
        id=$(sqlite3 "$db" "SELECT id FROM executions WHERE state = 'running'" 2>/dev/null)
        [ -n "$id" ] && break
        sleep 0.05
done
"$SBX_BIN" audit export --follow --jsonl --db "$db" >"$dir/seen-running.jsonl" &
f1=$!
PIDS+=("$f1")
sleep 0.6
kill -KILL "$sup"
wait "$sup" 2>/dev/null
"$SBX_BIN" audit export --follow --jsonl --db "$db" >"$dir/after-kill.jsonl" &
f2=$!
PIDS+=("$f2")
# both print it within a round or two once they run (15 s at most, not a fixed 1.5 s: a follower
# just started on a loaded machine, under a sanitizer, may take longer to its first round), then a
# round more for anything printed twice
for _ in $(seq 1 300); do
        grep -q "^{\"id\":${id:-0}," "$dir/seen-running.jsonl" && grep -q "^{\"id\":${id:-0}," "$dir/after-kill.jsonl" && break
        sleep 0.05
done
sleep 0.6
kill -TERM "$f1" "$f2"
wait "$f1" "$f2" 2>/dev/null
for f in seen-running after-kill; do
        t_check "killed supervisor, follower $f: the run is printed once, as interrupted" \
                test "$(grep "^{\"id\":${id:-0}," "$dir/$f.jsonl" | grep -c '"state":"interrupted"'):$(wc -l <"$dir/$f.jsonl")" = 1:1
done
t_check "killed supervisor: its row is still stored 'running' (no sbx run reaped it)" \
        test "$(sqlite3 "$db" "SELECT state FROM executions WHERE id = ${id:-0}")" = running

# A round prints in id order: a run seen running that ends, and a later run that starts and ends
# before the next round, come in that round as A then B (before, B then A: the round printed the
# runs newer than any seen first, then those that had ended since). The follower is stopped
# (SIGSTOP) while A ends and B runs, so both come in one round whatever the machine's speed. (root)
dir=$T/order
mkdir -p "$dir"
db=$dir/audit.db
mkfifo "$dir/go"
(cd "$dir" && "$SBX_BIN" run --db "$db" --mode danger-full-access -- true)
(cd "$dir" && exec "$SBX_BIN" run --db "$db" --mode danger-full-access -- sh -c 'read x <go') &
sup=$!
PIDS+=("$sup")
for _ in $(seq 1 300); do
        a=$(sqlite3 "$db" "SELECT id FROM executions WHERE state = 'running'" 2>/dev/null)
        [ -n "$a" ] && break
        sleep 0.05
done
"$SBX_BIN" audit export --follow --jsonl --db "$db" >"$dir/out.jsonl" &
f5=$!
PIDS+=("$f5")
# its first round done (the first run printed): it has seen A running
for _ in $(seq 1 300); do [ "$(wc -l <"$dir/out.jsonl")" -ge 1 ] && break; sleep 0.05; done
kill -STOP "$f5"
echo >"$dir/go"
wait "$sup"
(cd "$dir" && "$SBX_BIN" run --db "$db" --mode danger-full-access -- true)
b=$(sqlite3 "$db" "SELECT max(id) FROM executions")
kill -CONT "$f5"
for _ in $(seq 1 300); do [ "$(wc -l <"$dir/out.jsonl")" -ge 3 ] && break; sleep 0.05; done
sleep 0.6 # (a round more, for anything printed twice)
kill -TERM "$f5"
wait "$f5" 2>/dev/null
t_check "--follow: A seen running, ended, then B ran, in one round: printed A ($a) then B ($b), once each ($(grep -o '^{"id":[0-9]*' "$dir/out.jsonl" | cut -d: -f2 | tr '\n' ' '))" \
        test "$(grep -o '^{"id":[0-9]*' "$dir/out.jsonl" | cut -d: -f2 | tr '\n' ' ')" = "1 ${a:-x} ${b:-x} "

# --limit N holds for the first round only: runs that end together later are all printed (root)
dir=$T/limit
mkdir -p "$dir"
db=$dir/audit.db
for i in 1 2; do (cd "$dir" && "$SBX_BIN" run --db "$db" --mode danger-full-access -- true); done
"$SBX_BIN" audit export --follow --limit 1 --jsonl --db "$db" >"$dir/out.jsonl" &
f3=$!
PIDS+=("$f3")
for i in $(seq 100); do [ "$(wc -l <"$dir/out.jsonl")" -ge 1 ] && break; sleep 0.05; done
sqlite3 -cmd '.timeout 10000' "$db" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
        INSERT INTO executions (started_ms, ended_ms, duration_ms, host, uid, supervisor_pid, supervisor_start,
                boot_id, cwd, argv, mode, mode_source, workspace_root, state, verdict, exit_code, signal, denial_lines)
        SELECT started_ms, ended_ms, duration_ms, host, uid, supervisor_pid, supervisor_start, boot_id, cwd,
                json_array('later', i), mode, mode_source, workspace_root, state, verdict, exit_code, signal, 0
        FROM executions, n WHERE id = 1"
for i in $(seq 100); do [ "$(wc -l <"$dir/out.jsonl")" -ge 4 ] && break; sleep 0.05; done
sleep 0.6 # (a round more, for anything printed twice)
kill -TERM "$f3"
wait "$f3" 2>/dev/null
t_check "--follow --limit 1: the newest run first, then all three that came in one round ($(cut -c1-12 "$dir/out.jsonl" | tr '\n' ' '))" \
        test "$(grep -o '^{"id":[0-9]*' "$dir/out.jsonl" | cut -d: -f2 | tr '\n' ' ')" = "2 3 4 5 "

# A reader that leaves (`| head -1`, a pager quit, a socket closed) ends the follower at once: it
# was seen only at the next row written, and over a database where no run ended the follower
# stayed for good, holding it open (review). A pipe, and a socket as the other end of stdout.
"$SBX_BIN" audit export --follow --limit 1 --jsonl --db "$db" | head -n 1 >"$dir/head.out" &
f4=$!
PIDS+=("$f4")
for i in $(seq 60); do pgrep -f "^$SBX_BIN audit export --follow --limit 1 --jsonl --db $db\$" >/dev/null || break; sleep 0.05; done
left=$(pgrep -f "^$SBX_BIN audit export --follow --limit 1 --jsonl --db $db\$" | tr '\n' ' ')
t_check "--follow | head -n 1: the follower ends within 3 s of the reader (${left:-none left}), the row read" \
        test -z "$left" -a "$(cut -c1-8 "$dir/head.out")" = '{"id":5,'
for p in $left; do kill -KILL "$p"; done
rc=$(python3 -c 'import socket, subprocess, sys, time
a, b = socket.socketpair()
p = subprocess.Popen(sys.argv[1:], stdout=b)
b.close()
a.recv(1)
a.close()
try:
    print(p.wait(3))
except subprocess.TimeoutExpired:
    p.kill()
    print("running")' "$SBX_BIN" audit export --follow --limit 1 --jsonl --db "$db" 2>&1)
t_check "--follow to a socket whose reader closed it: ended by SIGPIPE within 3 s ($rc)" test "$rc" = -13
# A reader that only shut its reading side (shutdown(SHUT_RD), the socket still open): the kernel
# polls the writer's end writable and nothing else, no POLLHUP (only when both sides are shut);
# the follower saw it only at the next row written. It also ends within a poll now.
rc=$(python3 -c 'import socket, subprocess, sys
a, b = socket.socketpair()
p = subprocess.Popen(sys.argv[1:], stdout=b)
b.close()
a.recv(1)
a.shutdown(socket.SHUT_RD)
try:
    print(p.wait(3))
except subprocess.TimeoutExpired:
    p.kill()
    print("running")
a.close()' "$SBX_BIN" audit export --follow --limit 1 --jsonl --db "$db" 2>&1)
t_check "--follow to a socket whose reader shut its reading side: ended by SIGPIPE within 3 s ($rc)" test "$rc" = -13

# A record moved away (rotated, or a damaged one set aside as the page says) and a new one made at
# its path: the follower read the old file on, streaming none of the new record's runs, for good.
# It ends within a poll or two now, exit 1, saying why.
dir=$T/rotated
mkdir -p "$dir"
db=$dir/audit.db
(cd "$dir" && "$SBX_BIN" run --db "$db" --mode danger-full-access -- true)
"$SBX_BIN" audit export --follow --jsonl --db "$db" >"$dir/out.jsonl" 2>"$dir/err" &
f5=$!
PIDS+=("$f5")
for i in $(seq 100); do [ "$(wc -l <"$dir/out.jsonl")" -ge 1 ] && break; sleep 0.05; done
mkdir "$dir/old" && mv "$db"* "$dir/old/"
(cd "$dir" && "$SBX_BIN" run --db "$db" --mode danger-full-access -- true)
for i in $(seq 100); do kill -0 "$f5" 2>/dev/null || break; sleep 0.05; done
kill -0 "$f5" 2>/dev/null && kill -KILL "$f5"
wait "$f5"
rc=$?
t_check "--follow of a record moved away and made anew: ends within 5 s, exit 1, one line ($rc: $(head -c 300 "$dir/err"))" \
        eval 'test "$rc:$(wc -l <"$dir/err")" = 1:1 &&
                grep -Eq "^sbx: audit export: --follow ends: audit database $db was (moved away or removed|replaced by another file) since it was opened" "$dir/err"'
# ... and one read through a private copy never sees a later run: refused at once, where it
# streamed what the copy held and then nothing, for good (nobody reading root's record, whose
# -shm is gone: nobody may not make one in root's directory, so the record is read from a copy)
if [ "${WHO[1]:-}" = nobody ]; then
        dir=$T/rootdir
        mkdir -p "$dir"
        chmod 755 "$dir"
        (cd "$dir" && "$SBX_BIN" run --db "$dir/audit.db" --mode danger-full-access -- true)
        chmod 644 "$dir/audit.db"*
        rm -f "$dir/audit.db-shm"
        nb=("${T_NOBODY[@]}" env HOME="$T/home" XDG_CACHE_HOME=)
        timeout -s KILL 5 "${nb[@]}" "$NB_BIN" audit export --follow --jsonl --db "$dir/audit.db" >"$T/ro.out" 2>"$T/ro.err"
        rc=$?
        t_check "nobody, --follow of root's record read through a private copy: refused, exit 1 ($rc: $(tail -c 300 "$T/ro.err"))" \
                eval 'test "$rc" = 1 && grep -q "^sbx: audit export: --follow cannot follow $dir/audit.db: it is read through a private copy" "$T/ro.err"'
        "${nb[@]}" "$NB_BIN" audit export --jsonl --db "$dir/audit.db" >"$T/ro.out" 2>"$T/ro.err"
        t_check "nobody, ... which export without --follow reads ($?)" test "$(wc -l <"$T/ro.out")" = 1
fi
t_finish
