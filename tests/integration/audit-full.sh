#!/usr/bin/env bash
# A confined command that fills the file system of the audit database cannot erase its own
# verdict: the space kept beside the database (audit.db.reserve) is given up for the end of its
# row, which still says denied, with its exit code and denial lines. The next run makes the
# reserve again; when it cannot, nothing runs (no row, no run), and says why.
# Runs in a mount namespace of its own (a 4 MiB tmpfs no other test sees): root only.
set -u
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
if [ -z "${SBX_TEST_IN_MOUNT_NS:-}" ]; then
        t_is_root || t_skip_all "not root: a tmpfs cannot be mounted"
        command -v unshare >/dev/null || t_skip_all "no unshare"
        exec unshare -m --propagation private env SBX_TEST_IN_MOUNT_NS=1 bash "$0" "$@"
fi
trap t_cleanup EXIT
T=$(t_mktemp_dir)
mkdir -p "$T/try"
mount -t tmpfs -o size=4m sbx-test "$T/try" || t_skip_all "cannot mount a tmpfs here"
umount "$T/try"
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1 # (not the build tree: it holds the runners, which no workspace may)
t_usable_backends "$T/probe.db"
t_who "$T/who"

# user_dirs WHO D: D/ws and D/db for WHO; sets bin, as (the command prefix) and db
user_dirs() {
        mkdir -p "$2/ws" "$2/db"
        bin=$SBX_BIN
        as=()
        db=$2/db/audit.db
        if [ "$1" = nobody ]; then
                chown -R 65534:65534 "$2"
                bin=$NB_BIN
                as=(env HOME="$T/who/home" XDG_CACHE_HOME= "${T_NOBODY[@]}")
        fi
}
# stop_writer DB: ends the audit writer of DB and waits until it is gone
stop_writer() {
        pkill -f "audit-writer --db $1\$"
        for _ in $(seq 100); do pgrep -f "audit-writer --db $1\$" >/dev/null || break; sleep 0.05; done
}

# a file that takes every free byte of the tmpfs, then 20 denied writes, in a directory outside
# the workspace that the host lets anyone write (a write the host refuses anyway, nobody's in
# /etc, is the task's failure, not a denial)
mkdir -p "$T/open" && chmod 1777 "$T/open"
fill='cat /dev/zero > fill 2>/dev/null; i=0; while [ $i -lt 20 ]; do i=$((i + 1)); touch "$0/sbx-full-test-$i"; done; exit 3'
for who in "${WHO[@]}"; do
        for b in "${BACKENDS[@]}"; do
                # a file system of its own each time: a writer that outlives its database keeps
                # the deleted files, and their space, until it leaves
                d=$T/$who-$b
                mkdir -p "$d"
                mount -t tmpfs -o size=4m,mode=755 sbx-test "$d"
                user_dirs "$who" "$d"
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" \
                        -- sh -c "$fill" "$T/open") 2>"$T/err"
                rc=$?
                t_check "$who, $b: the file system was full ($(df --output=avail "$d" | tail -1 | tr -d ' ') KiB left), the command's status came through ($rc)" \
                        test "$rc" = 3 -a -e "$d/ws/fill"
                row=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict, exit_code, denial_lines FROM executions ORDER BY id DESC LIMIT 1")
                t_check "$who, $b: its row still ends completed, denied, exit 3, 20 denial lines ($row; $(head -c 300 "$T/err"))" \
                        test "$row" = "completed denied 3 20"
                t_check "$who, $b: ... its denial lines are there" \
                        test "$(sqlite3 "$db" "SELECT count(*) FROM denial_lines")" = 20
                # still full: the next run cannot keep its space, so it does not run. The writer may
                # still checkpoint the run's row and shrink its WAL, freeing space the next start
                # could then rightly take (a race seen under load): it goes first, and the fill
                # takes back whatever that freed.
                stop_writer "$db"
                cat /dev/zero >>"$d/ws/fill" 2>/dev/null
                rm -f "$T/marker"
                rows_before=$(sqlite3 "$db" "SELECT count(*) FROM executions")
                # its record on a file system with room: the refusal's only trace beside stderr
                rec=$T/rec-$who-$b
                mkdir -p "$rec"
                [ "$who" = nobody ] && chown 65534:65534 "$rec"
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" \
                        --verdict-json "$rec/v.json" -- sh -c "echo ran > marker") 2>"$T/err"
                rc=$?
                t_check "$who, $b: while full, the next run is refused (125, got $rc) and runs nothing" \
                        test "$rc" = 125 -a ! -e "$d/ws/marker"
                # ... leaving one row, its refusal, written from the room the reserve holds beyond
                # the runs in progress (none here: the reserve the last end left, 256 KiB), the
                # disk met growing the reserve or writing the row; none only where the database
                # could not be written at all (its open met the full disk: the writer's checkpoint
                # raced the fill). record59: no row, DESIGN's one row for every run, a refused
                # one's too, broken
                refused=$(sqlite3 -separator ' ' "$db" "SELECT id, state, verdict FROM executions ORDER BY id DESC LIMIT 1")
                if grep -q "the refusal is recorded as execution" "$T/err"; then
                        t_check "$who, $b: ... leaving one row, its refusal: unavailable ($refused; $(head -c 300 "$T/err"))" \
                                eval '[ "${refused#* }" = "unavailable unavailable" ] &&
                                      [ "$(sqlite3 "$db" "SELECT count(*) FROM executions")" = $((rows_before + 1)) ] &&
                                      [ "$(sqlite3 "$db" "SELECT ended_ms IS NOT NULL AND message <> '"'"''"'"' FROM executions WHERE id = ${refused%% *}")" = 1 ]'
                        t_check "$who, $b: ... its verdict record: unavailable, status 125, the refusal's row ($(head -c 300 "$rec/v.json"))" \
                                eval '[ "$(t_json_field "$rec/v.json" verdict)" = unavailable ] && [ "$(t_json_field "$rec/v.json" status)" = 125 ] &&
                                      [ "$(t_json_field "$rec/v.json" execution_id)" = "${refused%% *}" ] &&
                                      t_json_field "$rec/v.json" message | grep -q "refusing to run: .*the refusal is recorded as execution ${refused%% *}"'
                        t_check "$who, $b: ... and the reserve kept what it held beyond that row's room" \
                                test "$(stat -c %s "$db.reserve")" -ge $((256 * 1024 - 128 * 1024))
                else
                        t_diag "$who, $b: the database could not be written at all (its open met the full disk): no row"
                        t_check "$who, $b: ... leaving no row (nothing could be written)" \
                                test "$(sqlite3 "$db" "SELECT count(*) FROM executions")" = "$rows_before"
                        t_check "$who, $b: ... but its verdict record: unavailable, status 125, no execution, the refusal ($(head -c 300 "$rec/v.json"))" \
                                eval '[ "$(t_json_field "$rec/v.json" verdict)" = unavailable ] && [ "$(t_json_field "$rec/v.json" status)" = 125 ] &&
                                      [ -z "$(t_json_field "$rec/v.json" execution_id)" ] &&
                                      t_json_field "$rec/v.json" message | grep -q "refusing to run unrecorded: "'
                fi
                # ... which says what would have run: the policy and the backend were known before
                # the row was refused (record59: mode, workspace_root, backend all null)
                ws=$d/ws
                t_check "$who, $b: ... naming the mode, workspace root and backend that would have run ($(head -c 300 "$rec/v.json"))" \
                        eval '[ "$(t_json_field "$rec/v.json" mode)" = workspace-write ] &&
                              [ "$(t_json_field "$rec/v.json" workspace_root)" = "$ws" ] &&
                              [ "$(t_json_field "$rec/v.json" backend)" = "$b" ] &&
                              [ -n "$(t_json_field "$rec/v.json" enforcement)" ]'
                # why: the space it could not keep, or, where opening the database already met the
                # full disk (its writer's checkpoint raced the fill), the disk's own words as errno
                # or SQLite tells them (once under load in CI's sanitizer suite, the message then
                # not shown); always the refusal to run
                t_check "$who, $b: ... saying why ($(head -c 300 "$T/err"))" \
                        grep -qE "refusing to run( unrecorded)?: .*(cannot keep [0-9]* KiB for the end of the runs in progress|No space left on device|database or disk is full|disk I/O error)" "$T/err"
                # ... but none for one whose row's text passes 32 KiB (a long script): written on the
                # full disk it could take what the end of a run beside it has just given up for
                # itself; refused unrecorded
                rows_mid=$(sqlite3 "$db" "SELECT count(*) FROM executions")
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" \
                        -- sh -c "echo ran > marker # $(head -c 40000 /dev/zero | tr '\0' x)") 2>"$T/err"
                rc=$?
                t_check "$who, $b: ... a refused run with 40 KiB of argv leaves no row (125, got $rc; $(head -c 300 "$T/err"))" \
                        eval '[ $rc = 125 ] && [ ! -e "$ws/marker" ] && [ "$(sqlite3 "$db" "SELECT count(*) FROM executions")" = "$rows_mid" ] &&
                              grep -q "refusing to run unrecorded: " "$T/err"'
                rm -f "$d/ws/fill"
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" \
                        -- sh -c "echo ran > marker") 2>"$T/err"
                rc=$?
                t_check "$who, $b: with space again, runs run and the reserve is back ($rc)" \
                        test "$rc" = 0 -a -e "$d/ws/marker" -a -f "$db.reserve"
                pkill -f "audit-writer --db $db\$"
                umount -l "$d"
        done
done
t_check "... and none of the denied writes landed on the host" test -z "$(ls -A "$T/open")"

# A disk full before a start writes anything: the reserve is whole (the last run's, or made with
# the database by `sbx session start`) and the row's own write meets the full disk. The run was
# refused with no row (record60: the reserve kept, the log's growth refused; a session's database
# had no reserve until its first run); now its refusal's row is written from the reserve.
b=${BACKENDS[0]}
for who in "${WHO[@]}"; do
        for how in run session; do
                d=$T/first-$who-$how
                mkdir -p "$d"
                mount -t tmpfs -o size=4m,mode=755 sbx-test "$d"
                user_dirs "$who" "$d"
                if [ $how = run ]; then
                        (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --root "$d/ws" -- true)
                        where=(--root "$d/ws")
                else
                        where=(--session "$(cd "$d/ws" && "${as[@]}" "$bin" session start --db "$db" --mode workspace-write)")
                fi
                stop_writer "$db"
                cat /dev/zero >"$d/fill" 2>/dev/null
                rows_before=$(sqlite3 "$db" "SELECT count(*) FROM executions")
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" "${where[@]}" -- sh -c "echo ran > marker") \
                        2>"$T/err"
                rc=$?
                refused=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict FROM executions ORDER BY id DESC LIMIT 1")
                t_check "$who, $b, after a $how: a start whose row meets the full disk is refused, its refusal recorded (125, got $rc; $refused; $(head -c 300 "$T/err"))" \
                        eval '[ $rc = 125 ] && [ ! -e "$d/ws/marker" ] && [ "$refused" = "unavailable unavailable" ] &&
                              [ "$(sqlite3 "$db" "SELECT count(*) FROM executions")" = $((rows_before + 1)) ] &&
                              grep -q "refusing to run: .*(nothing ran; the refusal is recorded as execution" "$T/err"'
                # ... as is a run refused before its row is begun (no backend for it: seatbelt on
                # Linux), in the room the reserve still holds, its record naming the row (it was
                # lost to the full disk: no row, the record's execution_id null)
                rec=$T/first-rec-$who-$how
                mkdir -p "$rec"
                [ "$who" = nobody ] && chown 65534:65534 "$rec"
                cat /dev/zero >>"$d/fill" 2>/dev/null # (what the refusal's row left of its room)
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend seatbelt "${where[@]}" --verdict-json "$rec/v.json" \
                        -- true) 2>"$T/err"
                rc=$?
                refused=$(sqlite3 -separator ' ' "$db" "SELECT id, state, message LIKE 'seatbelt:%' FROM executions ORDER BY id DESC LIMIT 1")
                t_check "$who, $b, after a $how: ... and a run refused for want of a backend, its row written from the reserve (125, got $rc; $refused; $(head -c 300 "$T/err"))" \
                        eval '[ $rc = 125 ] && [ "${refused#* }" = "unavailable 1" ] &&
                              [ "$(t_json_field "$rec/v.json" execution_id)" = "${refused%% *}" ] &&
                              grep -q "the run is recorded as execution ${refused%% *}, in space kept" "$T/err"'
                pkill -f "audit-writer --db $db\$"
                umount -l "$d"
        done
done

# A run's end whose 64 kept denial lines name paths of some 3900 bytes (kept whole since session
# 57, up to PATH_MAX) takes more than the reserve kept for it (measured: 1.7 MB of database and
# 0.8 MB of WAL for 64 paths of 4095 bytes): on a full disk its end is still recorded, with its
# status, verdict and count of denial lines, the lines it finds no room for left out (long57: the
# row was left 'running', then 'interrupted'). In a directory of 15 levels of 240 bytes the host
# lets anyone write.
deep=$T/deep
for _ in $(seq 15); do deep=$deep/$(printf '%0240d' 0); done
mkdir -p "$deep" && chmod -R 1777 "$T/deep"
fill_long='cat /dev/zero > fill 2>/dev/null; i=0; while [ $i -lt 64 ]; do i=$((i + 1)); touch "$0/$i-$1"; done; exit 3'
for who in "${WHO[@]}"; do
        for b in "${BACKENDS[@]}"; do
                d=$T/long-$who-$b
                mkdir -p "$d"
                mount -t tmpfs -o size=4m,mode=755 sbx-test "$d"
                user_dirs "$who" "$d"
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" \
                        -- sh -c "$fill_long" "$deep" "$(printf '%0200d' 0)") 2>"$T/err"
                rc=$?
                row=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict, exit_code, denial_lines FROM executions ORDER BY id DESC LIMIT 1")
                kept=$(sqlite3 "$db" "SELECT count(*) || ' lines kept' FROM denial_lines")
                t_check "$who, $b: 64 denials of paths of ~3900 bytes on a full disk: the row still ends completed, denied, exit 3, 64 denial lines (rc $rc; $row; $kept; $(head -c 300 "$T/err"))" \
                        test "$rc" = 3 -a "$row" = "completed denied 3 64"
                pkill -f "audit-writer --db $db\$"
                umount -l "$d"
        done
done
t_check "... and none of those denied writes landed on the host" test -z "$(ls -A "$deep")"

# Runs in progress beside the one that fills the disk keep their verdicts too: each has its slice
# of the reserve (review: with one shared slice, 10 of 16 such runs were left 'interrupted').
b=${BACKENDS[0]}
d=$T/concurrent
mkdir -p "$d"
mount -t tmpfs -o size=8m,mode=755 sbx-test "$d"
mkdir -p "$d/ws" "$d/db"
db=$d/db/audit.db
long=$(printf 'x%.0s' $(seq 1 240))
(cd "$d/ws" && "$SBX_BIN" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" -- true)
pids=()
for k in $(seq 1 12); do
        (cd "$d/ws" && exec "$SBX_BIN" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" -- \
                sh -c 'sleep 3; i=0; while [ $i -lt 80 ]; do i=$((i + 1)); touch "/etc/$1-$i"; done; exit 4' sh "$long") \
                >/dev/null 2>&1 &
        pids+=($!)
done
for _ in $(seq 1 100); do
        [ "$(sqlite3 "$db" "SELECT count(*) FROM executions WHERE state = 'running'")" = 12 ] && break
        sleep 0.05
done
(cd "$d/ws" && "$SBX_BIN" run --db "$db" --backend "$b" --mode workspace-write --root "$d/ws" -- \
        sh -c 'cat /dev/zero > fill 2>/dev/null; exit 3') >/dev/null 2>&1
wait "${pids[@]}"
rows=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict, exit_code, count(*) FROM executions WHERE exit_code = 4 GROUP BY 1, 2, 3")
t_check "$b: 12 runs ending on the disk another filled: all recorded completed, denied, exit 4 ($rows)" \
        test "$rows" = "completed denied 4 12"
pkill -f "audit-writer --db $db\$"
umount -l "$d"

# A file size limit (`ulimit -f`) is not a full disk: the reserve is kept elsewhere, and past the
# limit the database's writes fail with EFBIG. A run that began was then left without its end
# (row 'running', then 'interrupted', sbx exit 1: measured at 32 KiB, with the reserve made
# before without a limit). Now each run, at any limit, is refused with nothing run and no row, or runs and ends
# recorded. The writer is stopped before each run: sbx then writes itself, under the limit.
# stderr goes through a pipe (the limit would cut a file).
b=${BACKENDS[0]}
many='touch ran-$0; i=0; while [ $i -lt 1000 ]; do i=$((i + 1)); echo "touch: cannot touch /var/tmp/sbx-full-x$i: Read-only file system" >&2; done; exit 1'
for who in "${WHO[@]}"; do
        d=$T/fsize-$who
        user_dirs "$who" "$d"
        for k in 1 2 3; do
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --root "$d/ws" -- sh -c "$many" "$k") \
                        >/dev/null 2>&1
        done
        size=$(( ($(stat -c %s "$db") + 1023) / 1024 ))
        refused=0 ran=0 bad=
        for kib in $(seq 8 8 $((size + 128))) $((size + 256)) $((size + 512)) $((size + 640)) $((size + 1024)) $((size + 2048)); do
                stop_writer "$db"
                before=$(sqlite3 "$db" "SELECT max(id) FROM executions")
                err=$(cd "$d/ws" && ulimit -f "$kib" && "${as[@]}" "$bin" run --db "$db" --backend "$b" \
                        --root "$d/ws" -- sh -c "$many" "l$kib" 2>&1 >/dev/null | grep -v '^touch: cannot touch')
                rows=$(sqlite3 "$db" "SELECT count(*) FROM executions WHERE id > $before")
                last=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict, exit_code FROM executions WHERE id > $before")
                if [ ! -e "$d/ws/ran-l$kib" ] && [ "$rows" = 0 ] && grep -q 'a file size limit of [0-9]* bytes is in force' <<<"$err"; then
                        refused=$((refused + 1))
                elif [ -e "$d/ws/ran-l$kib" ] && [ "$last" = "completed denied 1" ]; then
                        ran=$((ran + 1))
                else
                        bad="$bad ${kib}KiB: ran $([ -e "$d/ws/ran-l$kib" ] && echo yes || echo no), rows '$last', $err;"
                fi
        done
        t_check "$who, $b: under ulimit -f from 8 KiB to 2 MiB above the database's size, each run was refused or ended recorded ($refused refused, $ran recorded;$bad)" \
                test -z "$bad" -a "$refused" -gt 0 -a "$ran" -gt 0
        # The writer a run starts serves the later runs of every caller: it takes no file size
        # limit along (it had the first caller's, and refused the others' runs by it)
        stop_writer "$db"
        (cd "$d/ws" && ulimit -f $((size + 4096)) && "${as[@]}" "$bin" run --db "$db" --backend "$b" --root "$d/ws" -- true)
        sleep 0.3
        t_check "$who, $b: a run under a hard file size limit starts no writer" \
                test -z "$(pgrep -f "audit-writer --db $db\$")"
        (cd "$d/ws" && ulimit -S -f $((size + 4096)) && "${as[@]}" "$bin" run --db "$db" --backend "$b" --root "$d/ws" -- true)
        for _ in $(seq 100); do pgrep -f "audit-writer --db $db\$" >/dev/null && break; sleep 0.05; done
        w=$(pgrep -f "audit-writer --db $db\$")
        t_check "$who, $b: one under a soft limit starts a writer without it ($(grep 'file size' "/proc/${w:-0}/limits" 2>&1))" \
                grep -Eq '^Max file size +unlimited +unlimited' "/proc/${w:-0}/limits"
        # A writer serves a run under a limit below the database's size (its own has none), then
        # goes while the command runs: the run writes its end itself, under its limit, and lost it
        # (row 'running', measured at 8-40 KiB). A run under a file size limit writes its own
        # rows: refused at the start, or ended recorded.
        for kib in 8 16 40; do
                (cd "$d/ws" && "${as[@]}" "$bin" run --db "$db" --backend "$b" --root "$d/ws" -- true)
                for _ in $(seq 100); do pgrep -f "audit-writer --db $db\$" >/dev/null && break; sleep 0.05; done
                before=$(sqlite3 "$db" "SELECT max(id) FROM executions")
                rm -f "$d/ws/gone"
                err=$( (cd "$d/ws" && ulimit -S -f "$kib" && "${as[@]}" "$bin" run --db "$db" --backend "$b" \
                        --root "$d/ws" -- sh -c 'touch gone; sleep 1; echo "touch: cannot touch /usr/x: Read-only file system" >&2; exit 1') 2>&1 &
                        for _ in $(seq 100); do [ -e "$d/ws/gone" ] && break; sleep 0.05; done
                        pkill -f "audit-writer --db $db\$"
                        wait)
                rows=$(sqlite3 "$db" "SELECT count(*) FROM executions WHERE id > $before")
                last=$(sqlite3 -separator ' ' "$db" "SELECT state, verdict, exit_code FROM executions WHERE id > $before")
                t_check "$who, $b: a run under ulimit -f $kib whose writer went mid-run was refused or ended recorded (rows '$last', $err)" \
                        test "$rows" = 0 -a ! -e "$d/ws/gone" -o "$last" = "completed denied 1"
        done
        pkill -f "audit-writer --db $db\$"
done

t_finish
