#!/bin/bash
# Approved escalation (issue 5): sbx run --on-denial=ask, after a denial under read-only, asks a
# scripted approver (--approver PROG: the request as JSON on stdin, "allow" or "deny" on stdout)
# whether to retry under workspace-write. For each usable backend:
# - a grant re-runs the command confined under workspace-write: its workspace write lands, a
#   write outside the workspace in the same command is still denied and absent on the host; the
#   request names execution_id, from_mode, to_mode, argv; the retry's row points to the denied one
#   (parent_id), with mode workspace-write and mode_source approved;
# - a rejection (deny, an approver exiting non-zero, garbage, an approver that cannot start, no
#   terminal without an approver) executes nothing more, prints the fixed line exactly once, exits
#   with the denied run's status and leaves exactly one row;
# - --on-denial=deny (the default) and a denial under workspace-write never ask;
# - in a read-only session the approved mode outranks the session's mode, whose log is unchanged;
# - the retry writes in the workspace the request named, or is refused when it moved meanwhile;
# - the record rotated during the denied run: neither its question, its answer nor the retry's link
#   lands on an unrelated run of the new record.
# Exit 77 only when neither bwrap nor landlock works here.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

REJECTED="sbx: escalation to workspace-write was not approved; nothing more was executed"

T=$(t_mktemp_dir)
mkdir -p "$T/ws" "$T/out" "$T/cache" "$T/bin" "$T/elsewhere"
export XDG_CACHE_HOME=$T/cache
export SBX_DB=$T/unused.db # every run below names its own --db
unset SBX_SESSION
t_known_config "$T/config"
cd "$T/ws" || exit 1
WS=$(pwd -P)

if ! type -P sqlite3 >/dev/null; then
        echo "not ok - sqlite3 is required to read the audit rows"
        exit 1
fi

t_usable_backends "$T/probe.db"

# approver NAME ANSWER [STATUS]: a script that appends its stdin (the request) to $T/NAME.log and
# prints ANSWER, exiting STATUS
approver() {
        cat >"$T/bin/$1" <<EOF
#!/bin/sh
cat >>"$T/$1.log"
printf '%b' '$2'
exit ${3:-0}
EOF
        chmod 755 "$T/bin/$1"
}
approver allow 'allow\n'
approver deny 'deny\n'
approver fails 'allow\n' 1
approver garbage '\377\376allow? sure\n'
approver allow-later 'allowed\n'
approver allow-cr 'allow\rdeny\n'
approver allow-two 'allow\nand more\n'

q() { sqlite3 -separator ' ' "$1" "$2"; }
field() { t_json_field "$@"; }
not() { ! "$@"; }
# request_field LOG KEY: a field of the (single) request an approver logged; argv as JSON
request_field() {
        python3 -c 'import json,sys
lines=[l for l in open(sys.argv[1]) if l.strip()]
v=json.loads(lines[0]).get(sys.argv[2]) if len(lines)==1 else "<%d requests>" % len(lines)
print(json.dumps(v) if isinstance(v,list) else ("" if v is None else v))' "$1" "$2"
}
n_requests() { if [ -e "$1" ]; then grep -c . "$1"; else echo 0; fi; }

for b in "${BACKENDS[@]}"; do
        t_diag "--- backend $b"
        # --- a grant
        db=$T/grant-$b.db
        rm -f "$T/allow.log" "$T/v.json"
        out_before=$(t_fp "$T/out")
        script="echo in > $WS/granted-$b; echo out > $T/out/escaped-$b"
        "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/allow" \
                --verdict-json "$T/v.json" -- sh -c "$script" 2>"$T/err"
        rc=$?
        t_check "$b grant: the approver was asked once ($(n_requests "$T/allow.log"))" test "$(n_requests "$T/allow.log")" = 1
        t_check "$b grant: the workspace write landed on the host" test "$(cat "$WS/granted-$b" 2>/dev/null)" = in
        t_check "$b grant: the write outside the workspace is still denied, absent on the host" \
                test ! -e "$T/out/escaped-$b" -a "$(t_fp "$T/out")" = "$out_before"
        rows=$(q "$db" "SELECT id, mode, mode_source, verdict, coalesce(parent_id, '-') FROM executions ORDER BY id")
        denied_id=$(q "$db" "SELECT id FROM executions WHERE mode = 'read-only'")
        retry_id=$(q "$db" "SELECT id FROM executions WHERE mode = 'workspace-write'")
        t_check "$b grant: two rows, the denied run and the approved retry ($(echo $rows))" \
                test "$(q "$db" "SELECT count(*) FROM executions")" = 2 -a -n "$denied_id" -a -n "$retry_id"
        t_check "$b grant: the denied row is read-only, denied, without a parent" \
                test "$(q "$db" "SELECT mode, verdict, parent_id IS NULL FROM executions WHERE id = $denied_id")" = "read-only denied 1"
        t_check "$b grant: the retry's row points to the denied one, workspace-write, approved" \
                test "$(q "$db" "SELECT parent_id, mode, mode_source, backend FROM executions WHERE id = $retry_id")" = "$denied_id workspace-write approved $b"
        t_check "$b grant: the retry's row records the remaining denial of $T/out/escaped-$b" \
                test "$(q "$db" "SELECT verdict, group_concat(d.path) FROM executions e JOIN denial_lines d ON d.execution_id = e.id WHERE e.id = $retry_id")" = "denied $T/out/escaped-$b"
        t_check "$b grant: the request names the denied execution ($(request_field "$T/allow.log" execution_id))" \
                test "$(request_field "$T/allow.log" execution_id)" = "$denied_id"
        t_check "$b grant: the request asks read-only -> workspace-write, never danger-full-access" \
                test "$(request_field "$T/allow.log" from_mode) $(request_field "$T/allow.log" to_mode)" = "read-only workspace-write"
        t_check "$b grant: the request carries the argv ($(request_field "$T/allow.log" argv))" \
                test "$(request_field "$T/allow.log" argv)" = "$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' sh -c "$script")"
        t_check "$b grant: the verdict record is the retry's (execution $(field "$T/v.json" execution_id), parent $(field "$T/v.json" parent_id))" \
                test "$(field "$T/v.json" execution_id) $(field "$T/v.json" parent_id) $(field "$T/v.json" mode_source)" = "$retry_id $denied_id approved"
        t_check "$b grant: sbx exits with the retry's status ($rc)" test "$rc" = "$(field "$T/v.json" status)" -a "$rc" != 0
        t_check "$b grant: no rejection line" not grep -qF "$REJECTED" "$T/err"
        t_check "$b grant: the denied row records who approved ($(q "$db" "SELECT message FROM executions WHERE id = $denied_id"))" \
                test "$(q "$db" "SELECT message FROM executions WHERE id = $denied_id")" = \
                "escalation to workspace-write approved by the approver $T/bin/allow"

        # a grant whose retry succeeds: status 0; --verdict-fd gets one line per execution
        db=$T/grant-ok-$b.db
        rm -f "$T/allow.log"
        "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/allow" \
                --verdict-fd 9 -- sh -c "echo ok > $WS/granted-ok-$b" 2>/dev/null 9>"$T/v9.jsonl"
        rc=$?
        t_check "$b grant: --verdict-fd got one record per execution, denied then the retry" \
                test "$(python3 -c 'import json,sys
print(" ".join("%s/%s/%s" % (r["execution_id"], r["verdict"], r["parent_id"]) for r in map(json.loads, open(sys.argv[1]))))' "$T/v9.jsonl")" = "1/denied/None 2/success/1"
        t_check "$b grant: a retry that succeeds gives exit 0 and its file ($rc)" \
                test "$rc" = 0 -a "$(cat "$WS/granted-ok-$b" 2>/dev/null)" = ok
        t_check "$b grant: ... rows denied then success, linked" \
                test "$(q "$db" "SELECT group_concat(verdict || '/' || coalesce(parent_id, '-'), ' ') FROM (SELECT * FROM executions ORDER BY id)")" = "denied/- success/1"

        # the request's argv is the command byte for byte, as the record keeps it: a byte that is not
        # UTF-8 as \udcXX (it was U+FFFD: an approver saw two commands that differ there alike)
        db=$T/bytes-$b.db
        rm -f "$T/deny.log"
        "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/deny" \
                -- sh -c 'touch "/usr/$1"' sh "$(printf 'w\377x')" >/dev/null 2>&1
        t_check "$b: the approver's request carries argv byte for byte, as the audit row does" python3 -c '
import json, os, sqlite3, sys
lines = [l for l in open(sys.argv[1]) if l.strip()]
assert len(lines) == 1, lines
argv = json.loads(lines[0])["argv"]
assert [os.fsencode(w) for w in argv] == [b"sh", b"-c", b"touch \"/usr/$1\"", b"sh", b"w\xffx"], argv
row = sqlite3.connect(sys.argv[2]).execute("SELECT argv FROM executions").fetchone()[0]
assert json.loads(row) == argv, (row, argv)
' "$T/deny.log" "$db"

        # --- rejections: nothing more runs, the fixed line once, the denied run's status, one row
        for who in deny fails garbage allow-later allow-cr allow-two missing no-terminal; do
                db=$T/reject-$who-$b.db
                rm -f "$T/$who.log" "$T/v.json"
                marker=$WS/rejected-$who-$b
                args=(--db "$db" --backend "$b" --mode read-only --on-denial=ask --verdict-json "$T/v.json")
                case $who in
                missing) args+=(--approver "$T/bin/no-such-approver") ;;
                no-terminal) ;;
                *) args+=(--approver "$T/bin/$who") ;;
                esac
                # setsid: no controlling terminal, so without an approver there is nobody to ask
                setsid -w "$SBX_BIN" run "${args[@]}" -- sh -c "echo x > $marker; exit 9" </dev/null 2>"$T/err"
                rc=$?
                case $who in
                missing | no-terminal) asked=absent ;;
                *) asked=$(n_requests "$T/$who.log") ;;
                esac
                t_check "$b reject ($who): the approver was asked ($asked), nothing more executed (marker absent)" \
                        test "$asked" != 0 -a ! -e "$marker"
                t_check "$b reject ($who): the fixed line, exactly once" test "$(grep -cxF "$REJECTED" "$T/err")" = 1
                t_check "$b reject ($who): sbx exits with the denied run's status ($rc)" \
                        test "$rc" = 9 -a "$(field "$T/v.json" verdict)" = denied
                t_check "$b reject ($who): exactly one row, the denied one" \
                        test "$(q "$db" "SELECT count(*), min(mode), min(verdict), max(parent_id IS NULL) FROM executions")" = "1 read-only denied 1"
                # the question and its answer leave a trace: the denied row's message says that an
                # escalation was refused, and by whom (before: nothing recorded that it was asked)
                case $who in
                missing) by="refused by the approver $T/bin/no-such-approver (it cannot be found)" ;;
                no-terminal) by="refused: no terminal to ask on" ;;
                *) by="refused by the approver $T/bin/$who (" ;;
                esac
                msg=$(q "$db" "SELECT message FROM executions")
                t_check "$b reject ($who): the denied row records the refusal and who refused ($msg)" \
                        test "${msg#"escalation to workspace-write $by"}" != "$msg"
                t_check "$b reject ($who): ... sbx audit show shows it" \
                        grep -qF "escalation to workspace-write $by" <("$SBX_BIN" audit show 1 --db "$db")
        done
        # an approver that writes more than a pipe holds before it reads a request larger than a
        # pipe holds (the argv of a long script): a rejection, not a deadlock (before: sbx wrote
        # the whole request before reading anything, both waited for ever)
        printf '#!/bin/sh
head -c 200000 /dev/zero
cat >/dev/null
echo allow
' >"$T/bin/chatty"
        chmod 755 "$T/bin/chatty"
        big=$(head -c 100000 /dev/zero | tr '\0' y)
        db=$T/reject-chatty-$b.db
        timeout 60 "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/chatty" \
                -- sh -c "echo x > $WS/rejected-chatty-$b; exit 9" "$big" "$big" </dev/null 2>"$T/err"
        rc=$?
        t_check "$b reject (chatty, a large request): the denied run's status (9, got $rc), the fixed line, nothing more ran" \
                test "$rc" = 9 -a "$(grep -cxF "$REJECTED" "$T/err")" = 1 -a ! -e "$WS/rejected-chatty-$b" -a \
                "$(q "$db" "SELECT count(*) FROM executions")" = 1
        # sbx ended while the question is open: a caller's timeout, or an approver that signals its
        # own process group (sbx's). The denied row says an escalation was asked and that sbx
        # ended before an answer (before: no trace of the question at all), and nothing more ran.
        printf '#!/bin/sh\ncat >/dev/null\necho $$ >"%s"\nexec sleep 60\n' "$T/slow.pid" >"$T/bin/slow"
        printf '#!/bin/sh\ncat >/dev/null\nkill -TERM 0\nsleep 5\necho allow\n' >"$T/bin/group-killer"
        chmod 755 "$T/bin/slow" "$T/bin/group-killer"
        for who in slow group-killer; do
                db=$T/ended-$who-$b.db
                rm -f "$T/slow.pid"
                timeout -s TERM 3 "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask \
                        --approver "$T/bin/$who" -- sh -c "echo x > $WS/ended-$who-$b; exit 9" </dev/null 2>"$T/err"
                rc=$?
                msg=$(q "$db" "SELECT message FROM executions")
                t_check "$b sbx ended while it asked ($who, status $rc): the denied row says so ($msg)" \
                        test "$msg" = "escalation to workspace-write asked, no answer recorded (sbx ended while it waited for one)"
                t_check "$b sbx ended while it asked ($who): one row, nothing more ran" \
                        test "$(q "$db" "SELECT count(*) FROM executions")" = 1 -a ! -e "$WS/ended-$who-$b"
                if [ -s "$T/slow.pid" ]; then
                        for _ in $(seq 50); do kill -0 "$(cat "$T/slow.pid")" 2>/dev/null || break; sleep 0.1; done
                        t_check "$b sbx ended while it asked ($who): the approver ended with it" \
                                not kill -0 "$(cat "$T/slow.pid")" 2>/dev/null
                fi
        done
        # an approver that answers and exits, leaving a process of its own that holds its standard
        # output (a helper or daemon it started): its answer counts when it exits (before: sbx read
        # on to the end of the output, and waited as long as that process lived)
        printf '#!/bin/sh\ncat >/dev/null\nsleep 120 &\necho $! >"%s"\necho allow\n' "$T/bg.pid" >"$T/bin/bg-approver"
        chmod 755 "$T/bin/bg-approver"
        rm -f "$T/bg.pid"
        db=$T/grant-bg-$b.db
        timeout 60 "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/bg-approver" \
                -- sh -c "echo ok > $WS/granted-bg-$b" </dev/null 2>"$T/err" &
        sbx_pid=$!
        for _ in $(seq 200); do kill -0 "$sbx_pid" 2>/dev/null || break; sleep 0.1; done
        t_check "$b grant (the approver left a process holding its output): sbx did not wait for it (20 s)" \
                not kill -0 "$sbx_pid" 2>/dev/null
        wait "$sbx_pid"
        rc=$?
        [ -s "$T/bg.pid" ] && kill "$(cat "$T/bg.pid")" 2>/dev/null
        t_check "$b grant (the approver left a process holding its output): granted, the retry ran ($rc)" \
                test "$rc" = 0 -a "$(cat "$WS/granted-bg-$b" 2>/dev/null)" = ok
        # ... nor one that holds sbx's standard error, read by a caller through a pipe: the caller
        # sees its end when sbx ends (before: the approver had sbx's own stderr, and the caller
        # waited as long as that process lived), and still gets what the approver wrote there
        printf '#!/bin/sh\ncat >/dev/null\necho "approver says hi" >&2\nsleep 20 >/dev/null &\necho $! >"%s"\necho allow\n' \
                "$T/bg-err.pid" >"$T/bin/bg-err-approver"
        chmod 755 "$T/bin/bg-err-approver"
        rm -f "$T/bg-err.pid"
        t0=$(date +%s)
        { timeout 60 "$SBX_BIN" run --db "$T/grant-bg-err-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/bg-err-approver" -- sh -c "echo ok > $WS/granted-bg-err-$b" \
                </dev/null 2>&1 >/dev/null; echo "rc=$?"; } | cat >"$T/err"
        took=$(($(date +%s) - t0))
        [ -s "$T/bg-err.pid" ] && kill "$(cat "$T/bg-err.pid")" 2>/dev/null
        t_check "$b grant (the approver left a process holding sbx's stderr): the caller's pipe ended with sbx (${took}s), granted, the retry ran, the approver's stderr passed on ($(tr '\n' ' ' <"$T/err"))" \
                test "$took" -lt 10 -a "$(cat "$WS/granted-bg-err-$b" 2>/dev/null)" = ok -a \
                "$(grep -cx "approver says hi" "$T/err")" = 1

        # --- never asked: by default and with --on-denial=deny, not even on a terminal
        for how in default deny; do
                db=$T/noask-$how-$b.db
                target=$WS/noask-$how-$b
                args=(--db "$db" --backend "$b" --mode read-only)
                [ "$how" = deny ] && args+=(--on-denial=deny)
                cmd=$(printf '%q ' "$SBX_BIN" run "${args[@]}" -- sh -c "echo x > $target; exit 9"; echo '; echo "rc=$?"')
                (sleep 1; echo y) | timeout 30 script -qec "$cmd" /dev/null | tr -d '\r' >"$T/tty.out"
                t_check "$b no ask ($how): denied on a terminal ($(grep '^rc=' "$T/tty.out")), nothing asked, nothing more ran" \
                        test "$(grep '^rc=' "$T/tty.out")" = rc=9 -a ! -e "$target" -a \
                        "$(grep -c 'retry it under\|escalation' "$T/tty.out")" = 0
                t_check "$b no ask ($how): one row" test "$(q "$db" "SELECT count(*), min(verdict) FROM executions")" = "1 denied"
        done
        # an approver without --on-denial=ask is a usage error: nothing runs, nobody is asked
        rm -f "$T/allow.log"
        "$SBX_BIN" run --db "$T/noask-usage-$b.db" --backend "$b" --mode read-only --on-denial=deny \
                --approver "$T/bin/allow" -- sh -c "echo x > $WS/noask-usage-$b" 2>"$T/err"
        rc=$?
        t_check "$b no ask (--approver with deny): usage error 2, one line, nothing ran, approver not invoked" \
                test "$rc" = 2 -a "$(wc -l <"$T/err")" = 1 -a ! -e "$WS/noask-usage-$b" -a ! -e "$T/allow.log"
        # an approver inside the workspace is refused before anything runs: a command that could
        # write there (this retry, any earlier workspace-write run) could make it approve anything,
        # whether it is named by path or found through PATH
        mkdir -p "$WS/tools"
        cp "$T/bin/allow" "$WS/tools/approve"
        for how in path PATH 'an empty PATH entry'; do
                rm -f "$T/allow.log" "$WS/ws-approver-$b"
                if [ "$how" = path ]; then
                        "$SBX_BIN" run --db "$T/ws-approver-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                                --approver "$WS/tools/approve" -- sh -c "echo x > $WS/ws-approver-$b" 2>"$T/err"
                elif [ "$how" = PATH ]; then
                        PATH="$WS/tools:$PATH" "$SBX_BIN" run --db "$T/ws-approver-$b.db" --backend "$b" --mode read-only \
                                --on-denial=ask --approver approve -- sh -c "echo x > $WS/ws-approver-$b" 2>"$T/err"
                else # the current directory, the workspace, as posix_spawnp() reads an empty entry
                        (cd "$WS/tools" && PATH=":$PATH" "$SBX_BIN" run --db "$T/ws-approver-$b.db" --backend "$b" \
                                --mode read-only --on-denial=ask --approver approve -- sh -c "echo x > $WS/ws-approver-$b" \
                                2>"$T/err")
                fi
                rc=$?
                t_check "$b: an approver inside the workspace ($how) is refused: usage error 2, one line, nothing ran ($rc)" \
                        test "$rc" = 2 -a "$(wc -l <"$T/err")" = 1 -a ! -e "$WS/ws-approver-$b" -a ! -e "$T/allow.log" -a \
                        ! -e "$T/ws-approver-$b.db"
                t_check "$b: ... the line names the approver and the workspace" grep -q "approver .*inside the workspace" "$T/err"
        done
        rm -rf "$WS/tools"
        # ... and so is one outside whose #! interpreter is inside (a project's virtualenv python,
        # directly or through a symlink or a script that names it in turn): the interpreter, which
        # an earlier workspace-write run could replace, answered for the approver unconfined
        # (before: its marker outside the workspace appeared and the escalation was granted)
        mkdir -p "$WS/venv/bin"
        printf '#!/bin/sh\ntouch "%s"\ncat >/dev/null\necho allow\n' "$T/out/interp-$b" >"$WS/venv/bin/python3"
        chmod 755 "$WS/venv/bin/python3"
        ln -sfn "$WS/venv" "$T/venv-link"
        printf '#!%s\n' "$WS/venv/bin/python3" >"$T/bin/wrapper-interp"
        chmod 755 "$T/bin/wrapper-interp"
        # (dotdot: one that lies outside but is named through a directory of the workspace and
        # "..": the kernel follows that name at the spawn, by when a confined command beside it
        # may have put a symlink to a deeper directory there, whose ../.. is its own planted
        # interpreter; before, it was checked where it led when asked, and started)
        printf '#!/bin/sh\ntouch "%s"\ncat >/dev/null\necho allow\n' "$T/out/interp-$b" >"$T/dotdot-interp"
        chmod 755 "$T/dotdot-interp"
        for how in direct symlink nested dotdot; do
                want=$WS/venv/bin/python3
                case $how in
                direct) interp=$WS/venv/bin/python3 ;;
                symlink) interp=$T/venv-link/bin/python3 ;;
                nested) interp=$T/bin/wrapper-interp ;;
                dotdot) interp=$WS/venv/../../dotdot-interp want=$interp ;;
                esac
                printf '#! %s -u\nimport sys\nsys.stdin.read()\nprint("deny")\n' "$interp" >"$T/bin/venv-approver"
                chmod 755 "$T/bin/venv-approver"
                rm -f "$T/out/interp-$b" "$T/ws-interp-$b.db"
                "$SBX_BIN" run --db "$T/ws-interp-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                        --approver "$T/bin/venv-approver" -- sh -c "echo x > $WS/ws-interp-$b" 2>"$T/err"
                rc=$?
                t_check "$b: an approver whose interpreter is inside the workspace ($how) is refused: usage error 2, one line, nothing ran ($rc)" \
                        test "$rc" = 2 -a "$(wc -l <"$T/err")" = 1 -a ! -e "$WS/ws-interp-$b" -a ! -e "$T/out/interp-$b" -a \
                        ! -e "$T/ws-interp-$b.db"
                t_check "$b: ... the line names the interpreter inside the workspace" \
                        grep -qF "runs $want, inside the workspace" "$T/err"
        done
        rm -f "$T/dotdot-interp"
        rm -rf "$WS/venv" "$T/venv-link" "$T/bin/wrapper-interp" "$T/bin/venv-approver"
        # ... and so is one that appears in a PATH entry inside the workspace while the command
        # runs (planted by a workspace-write run beside it, here by the test): the name was looked
        # up again through PATH when the question was asked, and the planted program ran
        # unconfined (before: its marker outside the workspace appeared)
        mkdir -p "$WS/late"
        printf '#!/bin/sh\ntouch "%s"\ncat >/dev/null\necho allow\n' "$T/out/planted-$b" >"$T/planted"
        chmod 755 "$T/planted"
        cp "$T/bin/deny" "$T/bin/late-approver"
        rm -f "$T/out/planted-$b"
        (sleep 0.3; cp "$T/planted" "$WS/late/late-approver.tmp" && mv "$WS/late/late-approver.tmp" "$WS/late/late-approver") &
        PATH="$WS/late:$T/bin:$PATH" "$SBX_BIN" run --db "$T/late-approver-$b.db" --backend "$b" --mode read-only \
                --on-denial=ask --approver late-approver -- sh -c \
                "i=0; while [ ! -x $WS/late/late-approver ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i+1)); done; echo x > $WS/late-$b" \
                2>"$T/err"
        rc=$?
        wait
        t_check "$b: an approver planted in the workspace during the run is not started (exit $rc)" \
                test ! -e "$T/out/planted-$b" -a "$rc" != 0 -a -x "$WS/late/late-approver"
        t_check "$b: ... nothing more ran: no retry row, the rejection line printed" \
                test "$(sqlite3 "$T/late-approver-$b.db" 'SELECT count(*) FROM executions')" = 1 -a ! -e "$WS/late-$b" -a \
                "$(grep -cxF "$REJECTED" "$T/err")" = 1
        rm -rf "$WS/late" "$T/bin/late-approver"
        # the retry runs in the workspace the approver was shown, or not at all: a --root through a
        # symlink that was retargeted while the approver decided (by a run beside it; here by the
        # approver itself) gave the retry write access to wherever the symlink led then (before:
        # the file outside the granted workspace landed on the host); and a granted directory
        # replaced by a symlink meanwhile refuses the retry
        # (gone: the granted directory removed meanwhile refuses the retry too, recorded, where the
        # retry was a usage error, 2, unrecorded, for a command line without an error)
        for how in link dir gone; do
                mkdir -p "$T/swap-$b/granted" "$T/swap-$b/elsewhere"
                ln -sfn "$T/swap-$b/granted" "$T/swap-$b/link"
                case $how in
                link) swap="ln -sfn '$T/swap-$b/elsewhere' '$T/swap-$b/link'" ;;
                dir) swap="mv '$T/swap-$b/granted' '$T/swap-$b/granted.old' && ln -s '$T/swap-$b/elsewhere' '$T/swap-$b/granted'" ;;
                gone) swap="rmdir '$T/swap-$b/granted'" ;;
                esac
                printf '#!/bin/sh\ncat >>"%s"\n%s\necho allow\n' "$T/swap-approver.log" "$swap" >"$T/bin/swap-approver"
                chmod 755 "$T/bin/swap-approver"
                rm -f "$T/swap-approver.log"
                db=$T/swap-$how-$b.db
                "$SBX_BIN" run --db "$db" --backend "$b" --root "$T/swap-$b/link" --mode read-only --on-denial=ask \
                        --approver "$T/bin/swap-approver" -- sh -c "echo x > $T/swap-$b/elsewhere/escaped" 2>"$T/err"
                rc=$?
                rows=$(q "$db" "SELECT group_concat(coalesce(verdict, '-') || '/' || coalesce(parent_id, '-') || '/' || coalesce(workspace_root, '-'), ' ') FROM (SELECT * FROM executions ORDER BY id)")
                t_check "$b ($how swapped): the approver was shown the workspace $T/swap-$b/granted" \
                        test "$(request_field "$T/swap-approver.log" workspace_root)" = "$T/swap-$b/granted"
                t_check "$b ($how swapped): nothing landed outside the granted workspace (exit $rc)" \
                        test "$rc" != 0 -a ! -e "$T/swap-$b/elsewhere/escaped"
                if [ "$how" = link ]; then
                        t_check "$b ($how swapped): the retry ran in the granted workspace, its write outside denied ($rows)" \
                                test "$rows" = "denied/-/$T/swap-$b/granted denied/1/$T/swap-$b/granted"
                else
                        t_check "$b ($how swapped): the retry is refused (125, got $rc), recorded as the denied run's retry ($rows)" \
                                test "$rc" = 125 -a "$rows" = "denied/-/$T/swap-$b/granted unavailable/1/-"
                        why="now resolves to $T/swap-$b/elsewhere"
                        [ "$how" = gone ] && why="$T/swap-$b/granted' does not exist"
                        t_check "$b ($how swapped): ... one line says why" \
                                test "$(grep -c "SANDBOX_UNAVAILABLE.*$why" "$T/err")" = 1 -a "$(grep -c '^sbx: ' "$T/err")" = 1
                fi
                rm -rf "$T/swap-$b" "$T/bin/swap-approver"
        done
        # the approver runs unconfined: the caller's loader variables are not passed to it (a
        # library planted in the workspace and named by them would run outside the sandbox)
        printf '#!/bin/sh\necho "LD_LIBRARY_PATH=${LD_LIBRARY_PATH-unset} LD_PRELOAD=${LD_PRELOAD-unset} KEPT=${SBX_TEST_KEPT-unset}" >"%s"\ncat >/dev/null\necho deny\n' \
                "$T/env-approver.log" >"$T/bin/env-approver"
        chmod 755 "$T/bin/env-approver"
        rm -f "$T/env-approver.log"
        LD_LIBRARY_PATH="$WS/lib" LD_PRELOAD="$WS/lib/none.so" SBX_TEST_KEPT=yes "$SBX_BIN" run --db "$T/env-approver-$b.db" \
                --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/env-approver" -- \
                sh -c "echo x > $T/out/env-approver-$b" 2>/dev/null
        t_check "$b: the approver gets no loader variable, the rest of the environment ($(cat "$T/env-approver.log" 2>/dev/null))" \
                test "$(cat "$T/env-approver.log" 2>/dev/null)" = "LD_LIBRARY_PATH=unset LD_PRELOAD=unset KEPT=yes"
        # ... nor the caller's descriptors beyond 0-2: not the --verdict-fd record (a background
        # process the approver leaves behind held a verdict pipe open, and a caller reading it to
        # its end waited for that process), nor any other (8 here), as for the command
        printf '#!/bin/sh\nfor fd in 8 9; do [ -e /proc/$$/fd/$fd ] && echo "$fd"; done >"%s"\ncat >/dev/null\necho deny\n' \
                "$T/fd-approver.log" >"$T/bin/fd-approver"
        chmod 755 "$T/bin/fd-approver"
        rm -f "$T/fd-approver.log"
        "$SBX_BIN" run --db "$T/fd-approver-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/fd-approver" --verdict-fd 9 -- sh -c "echo x > $T/out/fd-approver-$b" \
                2>/dev/null 8</dev/null 9>"$T/fd-approver.jsonl"
        t_check "$b: the approver inherits neither the verdict descriptor nor the caller's others ($(tr '\n' ' ' <"$T/fd-approver.log" 2>/dev/null))" \
                test -e "$T/fd-approver.log" -a ! -s "$T/fd-approver.log"
        # ... nor a PATH entry inside the workspace: an approver outside it could still run an
        # interpreter planted there (#!/usr/bin/env python3, a virtualenv's bin first in PATH)
        printf '#!/bin/sh\necho "$PATH" >"%s"\ncat >/dev/null\necho deny\n' "$T/path-approver.log" >"$T/bin/path-approver"
        chmod 755 "$T/bin/path-approver"
        mkdir -p "$WS/venv/bin"
        ln -sfn "$WS/venv/bin" "$T/venv-link" # an entry outside that leads inside
        PATH="$WS/venv/bin:.:$T/venv-link:$PATH" "$SBX_BIN" run --db "$T/path-approver-$b.db" --backend "$b" --mode read-only \
                --on-denial=ask --approver "$T/bin/path-approver" -- sh -c "echo x > $T/out/path-approver-$b" 2>/dev/null
        t_check "$b: the approver's PATH has no entry inside the workspace and no relative one ($(cat "$T/path-approver.log" 2>/dev/null))" \
                test -s "$T/path-approver.log" -a "$(grep -c -e "$WS" -e "$T/venv-link" -e '^\.:' -e ':\.:' "$T/path-approver.log")" = 0
        rm -rf "$WS/venv" "$T/venv-link"
        # ... nor the entries inside the workspace (or relative) of the variables where an
        # interpreter finds code or a file it runs at start: a module an earlier workspace-write
        # run planted there (PYTHONPATH=$WS/lib, as a project's direnv sets it) ran unconfined
        # when a Python approver imported json (before: the marker outside the workspace appeared)
        mkdir -p "$WS/lib" "$T/lib-outside"
        printf 'open("%s", "w").write("planted")
' "$T/out/planted-module-$b" >"$WS/lib/json.py"
        printf '#!%s
import json, sys
json.load(sys.stdin)
print("deny")
' "$(type -P python3)" >"$T/bin/py-approver"
        chmod 755 "$T/bin/py-approver"
        rm -f "$T/out/planted-module-$b"
        PYTHONPATH="$WS/lib" "$SBX_BIN" run --db "$T/py-approver-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/py-approver" -- sh -c "echo x > $T/out/py-approver-$b" 2>"$T/err"
        t_check "$b: a module planted in a PYTHONPATH entry inside the workspace does not run in the approver" \
                test ! -e "$T/out/planted-module-$b" -a "$(grep -cxF "$REJECTED" "$T/err")" = 1
        printf '#!/bin/sh\nfor v in PYTHONPATH PYTHONHOME PERL5LIB PERLLIB RUBYLIB NODE_PATH BASH_ENV ENV; do eval "echo $v=\\${$v-unset}"; done >"%s"\necho "PATH=$PATH" >"%s"\ncat >/dev/null\necho deny\n' \
                "$T/vars-approver.log" "$T/vars-approver.path" >"$T/bin/vars-approver"
        chmod 755 "$T/bin/vars-approver"
        PYTHONPATH="$WS/lib:$T/lib-outside:lib::" PYTHONHOME="$WS/py" PERL5LIB="$T/lib-outside:$WS/perl" PERLLIB=perl \
                RUBYLIB="$WS/ruby" NODE_PATH="$T/lib-outside" BASH_ENV="$WS/.bash_env" ENV=.shrc PATH="$WS/only-bin" \
                "$SBX_BIN" run --db "$T/vars-approver-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/vars-approver" -- /bin/sh -c "echo x > $T/out/vars-approver-$b" 2>/dev/null
        t_check "$b: ... and of PYTHONHOME, PERL5LIB, PERLLIB, RUBYLIB, NODE_PATH, BASH_ENV, ENV ($(tr '\n' ' ' <"$T/vars-approver.log"))" \
                test "$(tr '\n' ' ' <"$T/vars-approver.log")" = "PYTHONPATH=$T/lib-outside PYTHONHOME=unset PERL5LIB=$T/lib-outside PERLLIB=unset RUBYLIB=unset NODE_PATH=$T/lib-outside BASH_ENV=unset ENV=unset "
        # a PATH with nothing left is unset, a default path of system directories: an empty one is
        # the current directory to a shell, execvp() and Python (before: PATH= reached the approver)
        t_check "$b: ... a PATH wholly inside the workspace is not left empty ($(cat "$T/vars-approver.path"))" \
                test -s "$T/vars-approver.path" -a "$(cat "$T/vars-approver.path")" != "PATH=" -a \
                "$(grep -c "$WS" "$T/vars-approver.path")" = 0
        rm -rf "$WS/lib" "$T/lib-outside"
        # a caller that ignores SIGCHLD (its children are reaped for it; they inherit that): the
        # approver's grant still counts (before: sbx could not wait for the approver, ECHILD, and
        # printed the rejection line for an approver that had answered allow)
        rm -f "$T/allow.log"
        python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$SBX_BIN" run --db "$T/sigchld-$b.db" --backend "$b" --mode read-only \
                --on-denial=ask --approver "$T/bin/allow" -- sh -c "echo ok > $WS/sigchld-$b" 2>"$T/err"
        rc=$?
        t_check "$b grant (the caller ignores SIGCHLD): granted, the retry ran ($rc), no rejection line" \
                test "$rc" = 0 -a "$(cat "$WS/sigchld-$b" 2>/dev/null)" = ok -a "$(grep -c "not approved" "$T/err")" = 0
        # the retry gets the caller's signal dispositions, as the denied run did (SIGPIPE was
        # left ignored by the first run), and a regular file on stdin from its start again
        printf 'line one\nline two\n' >"$T/stdin.txt"
        "$SBX_BIN" run --db "$T/retry-env-$b.db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/allow" \
                -- sh -c "grep ^SigIgn /proc/self/status; d=\$(cat); printf '%s\n' \"\$d\" > $WS/retry-stdin-$b" \
                <"$T/stdin.txt" >"$T/retry.out" 2>/dev/null
        t_check "$b grant: the retry ignores the signals the denied run ignored ($(tr '\n' ' ' <"$T/retry.out"))" \
                test "$(grep -c ^SigIgn "$T/retry.out")" = 2 -a "$(sort -u "$T/retry.out" | grep -c ^SigIgn)" = 1
        t_check "$b grant: the retry reads a regular file on stdin from its start" \
                cmp -s "$T/stdin.txt" "$WS/retry-stdin-$b"
        # SIGTERM while the approver decides ends sbx: nothing more runs, whatever it answers then
        printf '#!/bin/sh\ncat >/dev/null\ntouch "%s"\nsleep 2\necho allow\n' "$T/asking" >"$T/bin/slow-allow"
        chmod 755 "$T/bin/slow-allow"
        rm -f "$T/asking"
        "$SBX_BIN" run --db "$T/term-ask-$b.db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/slow-allow" \
                -- sh -c "echo x > $WS/term-ask-$b" 2>/dev/null &
        pid=$!
        for _ in $(seq 100); do [ -e "$T/asking" ] && break; sleep 0.05; done
        kill -TERM "$pid"
        wait "$pid"
        rc=$?
        sleep 2.5 # an approver that outlived sbx would answer now, to nobody
        t_check "$b: SIGTERM while the approver decides ends sbx (143, got $rc), no retry ran" \
                test "$rc" = 143 -a ! -e "$WS/term-ask-$b" -a "$(q "$T/term-ask-$b.db" "SELECT count(*) FROM executions")" = 1
        # sbx ended while the approver decides (a caller's timeout: SIGTERM, or SIGKILL to sbx
        # alone, as Python's subprocess.run(timeout=...) sends it) ends the approver too: before, an
        # approver that never answered ran on for good, unsupervised, its answer for nobody
        printf '#!/bin/sh\necho $$ >"%s.tmp"\nmv "%s.tmp" "%s"\nexec sleep 300\n' "$T/waiting" "$T/waiting" \
                "$T/waiting" >"$T/bin/never-answers"
        chmod 755 "$T/bin/never-answers"
        for sig in TERM KILL; do
                rm -f "$T/waiting"
                "$SBX_BIN" run --db "$T/$sig-ask-$b.db" --backend "$b" --mode read-only --on-denial=ask \
                        --approver "$T/bin/never-answers" -- sh -c "echo x > $WS/$sig-ask-$b" </dev/null 2>/dev/null &
                pid=$!
                for _ in $(seq 200); do [ -s "$T/waiting" ] && break; sleep 0.05; done
                apid=$(cat "$T/waiting" 2>/dev/null)
                t0=$(date +%s)
                kill -"$sig" "$pid"
                wait "$pid"
                rc=$?
                # (a zombie is gone: its reaping is init's)
                running() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null); [ -n "$st" ] && [ "${st#Z}" = "$st" ]; }
                for _ in $(seq 100); do [ -n "$apid" ] && running "$apid" || break; sleep 0.05; done
                left=none
                [ -n "$apid" ] && running "$apid" && left=$apid
                t_check "$b: SIG$sig to sbx while the approver decides ends the approver too (sbx $rc, the approver ${apid:-never started}, left running: $left, $(($(date +%s) - t0))s)" \
                        test -n "$apid" -a "$left" = none -a "$rc" = $((128 + $(kill -l "$sig")))
                [ "$left" = none ] || kill -KILL "$left"
        done
        # a denial under workspace-write is never escalated (danger-full-access is never offered)
        db=$T/noask-ww-$b.db
        rm -f "$T/allow.log"
        "$SBX_BIN" run --db "$db" --backend "$b" --mode workspace-write --on-denial=ask --approver "$T/bin/allow" \
                -- sh -c "echo x > $T/out/noask-ww-$b" 2>"$T/err"
        rc=$?
        t_check "$b no ask (workspace-write): denied ($rc), absent on the host, the approver never invoked" \
                test "$rc" != 0 -a ! -e "$T/out/noask-ww-$b" -a ! -e "$T/allow.log"
        rows=$(q "$db" "SELECT count(*), min(verdict) FROM executions")
        t_check "$b no ask (workspace-write): one row, no escalation line (rows: $rows)" \
                test "$rows" = "1 denied" -a "$(grep -c "escalation" "$T/err")" = 0
        [ "$rows" = "1 denied" ] && [ "$(grep -c "escalation" "$T/err")" = 0 ] || {
                q "$db" "SELECT id, state, verdict, exit_code, message FROM executions" | sed 's/^/#   row: /'
                sed 's/^/#   stderr: /' "$T/err"
        }

        # --- a session: the approved mode outranks the session's mode, whose log stays as it was
        db=$T/session-$b.db
        rm -f "$T/allow.log"
        sid=$("$SBX_BIN" session start --mode read-only --cwd "$WS" --db "$db")
        events_before=$(q "$db" "SELECT id, mode, origin FROM mode_events WHERE session_id = '$sid'")
        (cd "$T/elsewhere" && "$SBX_BIN" run --db "$db" --session "$sid" --backend "$b" --on-denial=ask \
                --approver "$T/bin/allow" -- sh -c "echo s > $WS/session-$b") 2>/dev/null
        rc=$?
        t_check "$b session: the approved retry wrote into the session's workspace ($rc)" \
                test "$rc" = 0 -a "$(cat "$WS/session-$b" 2>/dev/null)" = s
        t_check "$b session: the request names the session" test "$(request_field "$T/allow.log" session_id)" = "$sid"
        t_check "$b session: rows read-only/session then workspace-write/approved, linked, both in the session" \
                test "$(q "$db" "SELECT group_concat(mode || '/' || mode_source || '/' || coalesce(parent_id, '-') || '/' || (session_id = '$sid'), ' ') FROM (SELECT * FROM executions ORDER BY id)")" = \
                "read-only/session/-/1 workspace-write/approved/1/1"
        t_check "$b session: the session's mode log is unchanged" \
                test "$(q "$db" "SELECT id, mode, origin FROM mode_events WHERE session_id = '$sid'")" = "$events_before"
        (cd "$T/elsewhere" && "$SBX_BIN" run --db "$db" --session "$sid" --backend "$b" \
                -- sh -c "echo s > $WS/session-after-$b") 2>/dev/null
        t_check "$b session: the next run is read-only again (the grant was for one retry)" \
                test ! -e "$WS/session-after-$b" -a "$(q "$db" "SELECT mode FROM executions ORDER BY id DESC LIMIT 1")" = read-only
        # a session's workspace moved while the approver decided: the retry is refused as a moved
        # session workspace, recorded as the denied run's retry
        db=$T/session-moved-$b.db
        mkdir -p "$T/sws-$b" "$T/sws-else-$b"
        sid=$("$SBX_BIN" session start --mode read-only --cwd "$T/sws-$b" --db "$db")
        printf '#!/bin/sh\ncat >/dev/null\nmv "%s" "%s.old" && ln -s "%s" "%s"\necho allow\n' "$T/sws-$b" "$T/sws-$b" \
                "$T/sws-else-$b" "$T/sws-$b" >"$T/bin/session-swap"
        chmod 755 "$T/bin/session-swap"
        (cd "$T/elsewhere" && "$SBX_BIN" run --db "$db" --session "$sid" --backend "$b" --on-denial=ask \
                --approver "$T/bin/session-swap" -- sh -c "echo s > $T/sws-else-$b/escaped") 2>"$T/err"
        rc=$?
        t_check "$b session moved meanwhile: the retry is refused (125, got $rc), nothing landed, linked refused row" \
                test "$rc" = 125 -a ! -e "$T/sws-else-$b/escaped" -a \
                "$(q "$db" "SELECT group_concat(verdict || '/' || coalesce(parent_id, '-'), ' ') FROM (SELECT * FROM executions ORDER BY id)")" = "denied/- unavailable/1"
        t_check "$b session moved meanwhile: ... one line, a moved workspace" \
                test "$(grep -c '^sbx: ' "$T/err")" = 1 -a "$(grep -c 'refusing a moved workspace' "$T/err")" = 1
        rm -rf "$T/sws-$b" "$T/sws-$b.old" "$T/sws-else-$b"
done

# the denied run pruned while the approver decided (a prune keeps it only while its sbx lives on
# this host: one of another host, on a shared database): the retry's row could not name it, and
# the retry was refused unrecorded, "FOREIGN KEY constraint failed" (review). Refused, recorded
# without the link, one line naming it. The approver makes the denied run another host's (its
# name and boot), a later denial the newest, and prunes.
b=${BACKENDS[0]}
db=$T/pruned-parent.db
future=$(date -u -d '+1 day' +%Y-%m-%dT%H:%M:%SZ)
cat >"$T/bin/prune-approver" <<EOF
#!/bin/sh
cat >/dev/null
"$SBX_BIN" run --db "$db" --backend "$b" --mode read-only -- sh -c 'echo x > "$WS/pruned-later"' 2>/dev/null
sqlite3 "$db" "UPDATE executions SET host = 'elsewhere', boot_id = 'another-machines-boot' WHERE id = 1"
"$SBX_BIN" audit prune --db "$db" --before "$future" >/dev/null
echo allow
EOF
chmod 755 "$T/bin/prune-approver"
"$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/prune-approver" \
        -- sh -c "echo x > $WS/pruned-parent" 2>"$T/err"
rc=$?
t_check "$b: the denied run pruned while asked: the retry is refused (125, got $rc), nothing landed" \
        test "$rc" = 125 -a ! -e "$WS/pruned-parent" -a ! -e "$WS/pruned-later"
t_check "$b: ... the refusal names the denied run that went ($(grep '^sbx: SANDBOX' "$T/err" | head -c 300))" \
        test "$(grep -c "^sbx: SANDBOX_UNAVAILABLE: nothing was executed: the denied run 1 that this approved retry follows was removed" "$T/err")" = 1
t_check "$b: ... recorded as refused, without the link" \
        test "$(q "$db" "SELECT group_concat(id || '/' || state || '/' || coalesce(parent_id, '-'), ' ') FROM (SELECT * FROM executions ORDER BY id)")" = "2/completed/- 3/refused/-"
t_check "$b: ... the file passes foreign_key_check" test -z "$(q "$db" 'PRAGMA foreign_key_check')"

# the record rotated while the denied run went on (moved away, a new one made at its path, whose
# ids start again), its rows through the writer: the question and the answer were noted on the new
# record's run of the denied run's id, an unrelated one ("escalation ... approved"), and the retry
# was linked to it (parent_id). Neither goes to a run this sbx did not supervise: the retry is
# refused (its denied run is not in the record at that path), recorded without the link.
db=$T/rotated.db
"$SBX_BIN" run --db "$db" --mode danger-full-access -- true
for ((i = 0; i < 100; i++)); do [ -S "$db.writer" ] && break; sleep 0.05; done
rm -f "$T/go"
"$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/allow" \
        -- sh -c "while [ ! -e '$T/go' ]; do sleep 0.05; done; echo x > $WS/rotated" >/dev/null 2>"$T/err" &
sup=$!
for ((i = 0; i < 200; i++)); do
        [ "$(q "$db" "SELECT count(*) FROM executions WHERE argv LIKE '%rotated%'" 2>/dev/null)" = 1 ] && break
        sleep 0.05
done
mv "$db" "$T/rotated-old.db"
mv "$db-wal" "$T/rotated-old.db-wal"
rm -f "$db-shm" "$db.reserve"
for i in 1 2 3 4; do
        SBX_AUDIT_WRITER=off "$SBX_BIN" run --db "$db" --mode danger-full-access -- echo "new-$i" >/dev/null
done
touch "$T/go"
wait "$sup"
rc=$?
t_check "$b, the record rotated during the denied run: no run of the new record is noted with its escalation ($(q "$db" "SELECT group_concat(id || ': ' || message, '; ') FROM executions WHERE message IS NOT NULL"))" \
        test "$(q "$db" "SELECT count(*) FROM executions WHERE message LIKE 'escalation%'")" = 0
t_check "$b, ... nor named as the denied run a retry follows ($(q "$db" "SELECT group_concat(id || ' follows ' || parent_id, '; ') FROM executions WHERE parent_id IS NOT NULL"))" \
        test "$(q "$db" "SELECT count(*) FROM executions WHERE parent_id IS NOT NULL")" = 0
t_check "$b, ... the retry is refused (125, got $rc), nothing landed, recorded without the link" \
        test "$rc" = 125 -a ! -e "$WS/rotated" -a \
        "$(q "$db" "SELECT count(*) FROM executions WHERE argv LIKE '%rotated%' AND state = 'refused'")" = 1
t_check "$b, ... the denied run is in the record moved away" \
        test "$(q "$T/rotated-old.db" "SELECT verdict FROM executions WHERE argv LIKE '%rotated%'")" = denied
pkill -f "audit-writer --db $db\$" 2>/dev/null

# --- what the approver runs with: it runs unconfined, so nothing an earlier workspace-write run
# planted in the workspace may run in it (once, first backend)
b=${BACKENDS[0]}
PY=$(python3 -c 'import sys; print(sys.executable)')
# interpreter option variables load code from anywhere: PERL5OPT=-Mlib=$WS/... -MModule,
# NODE_OPTIONS=--require $WS/x.js (Yarn's Plug'n'Play sets that), a PYTHONUSERBASE whose
# site-packages holds a .pth line (before: each ran its planted code in the approver)
mkdir -p "$WS/plib"
printf 'package SbxPlanted; open(my $f, ">", "%s"); 1;\n' "$T/out/planted-perl5opt" >"$WS/plib/SbxPlanted.pm"
printf '#!/usr/bin/perl\nwhile (<STDIN>) {}\nprint "deny\\n";\n' >"$T/bin/perl-approver"
printf 'require("fs").writeFileSync("%s", "planted");\n' "$T/out/planted-node-options" >"$WS/planted.js"
printf '#!/usr/bin/env node\nprocess.stdin.resume(); process.stdin.on("end", () => process.stdout.write("deny\\n"));\n' \
        >"$T/bin/node-approver"
usersite=$(PYTHONUSERBASE="$WS/ub" "$PY" -c 'import site; print(site.getusersitepackages())')
mkdir -p "$usersite"
printf 'import os; open("%s", "w").write("planted")\n' "$T/out/planted-userbase" >"$usersite/sbx-planted.pth"
printf '#!%s\nimport sys\nsys.stdin.read()\nprint("deny")\n' "$PY" >"$T/bin/py-deny"
chmod 755 "$T/bin/perl-approver" "$T/bin/node-approver" "$T/bin/py-deny"
# (each one's control: the variable does run the planted code in that interpreter here)
if [ -x /usr/bin/perl ]; then
        PERL5OPT="-Mlib=$WS/plib -MSbxPlanted" /usr/bin/perl -e 1
        t_check "control: PERL5OPT runs a planted module in perl" test -e "$T/out/planted-perl5opt"
fi
PYTHONUSERBASE="$WS/ub" "$PY" -c 1
t_check "control: PYTHONUSERBASE runs a planted .pth in python" test -e "$T/out/planted-userbase"
rm -f "$T/out/planted-"*
for who in perl-approver node-approver py-deny; do
        if { [ "$who" = node-approver ] && ! type -P node >/dev/null; } ||
                { [ "$who" = perl-approver ] && [ ! -x /usr/bin/perl ]; }; then
                t_diag "${who%-approver} is not installed: its variable is checked by the environment below only"
                continue
        fi
        PERL5OPT="-Mlib=$WS/plib -MSbxPlanted" NODE_OPTIONS="--require $WS/planted.js" PYTHONUSERBASE="$WS/ub" \
                "$SBX_BIN" run --db "$T/optvars-$who.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/$who" -- sh -c "echo x > $T/out/optvars-$who" 2>"$T/err"
        t_check "$b ($who): no code planted through an option variable ran in the approver ($(cd "$T/out" && echo planted-*))" \
                test "$(cd "$T/out" && echo planted-*)" = "planted-*" -a "$(grep -cxF "$REJECTED" "$T/err")" = 1
        rm -f "$T/out/planted-"*
done
rm -rf "$WS/plib" "$WS/planted.js" "$WS/ub"
optvars="PERL5OPT PERL5DB NODE_OPTIONS JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS RUBYOPT PYTHONSTARTUP PYTHONUSERBASE PYTHONPYCACHEPREFIX GIT_DIR GIT_EXEC_PATH GIT_CONFIG_GLOBAL GIT_CONFIG_COUNT GIT_SSH_COMMAND LD_LIBRARY_PATH"
printf '#!/bin/sh\nfor v in %s; do eval "echo $v=\\${$v-unset}"; done >"%s"\ncat >/dev/null\necho deny\n' \
        "$optvars" "$T/optvars.log" >"$T/bin/optvars-approver"
chmod 755 "$T/bin/optvars-approver"
expected=
for v in $optvars; do
        expected="$expected$v=unset "
        export "$v=$WS/$v"
done
"$SBX_BIN" run --db "$T/optvars.db" --backend "$b" --mode read-only --on-denial=ask \
        --approver "$T/bin/optvars-approver" -- sh -c "echo x > $T/out/optvars" 2>/dev/null
for v in $optvars; do unset "$v"; done
t_check "$b: the approver gets none of the option and code-loading variables ($(grep -v =unset "$T/optvars.log" | tr '\n' ' '))" \
        test "$(tr '\n' ' ' <"$T/optvars.log")" = "$expected"
# ... nor the search paths and library directories of the other interpreters an approver may be
# written for: TCL_LIBRARY's init.tcl runs at every tclsh start, LUA_PATH/LUA_CPATH, TCLLIBPATH,
# GEM_HOME/GEM_PATH (a newer json gem is what Ruby's require json loads), AWKPATH/AWKLIBPATH,
# GUILE_LOAD_PATH, PHPRC/PHP_INI_SCAN_DIR (auto_prepend_file), R_PROFILE_USER (before: each
# reached the approver, and a tclsh approver ran an init.tcl planted in the workspace)
if type -P tclsh >/dev/null; then
        mkdir -p "$WS/tcl"
        printf 'close [open "%s" w]\n' "$T/out/planted-tcl-library" >"$WS/tcl/init.tcl"
        printf '#!%s\nread stdin\nputs deny\n' "$(type -P tclsh)" >"$T/bin/tcl-approver"
        chmod 755 "$T/bin/tcl-approver"
        echo exit | TCL_LIBRARY="$WS/tcl" tclsh >/dev/null 2>&1
        t_check "control: TCL_LIBRARY runs a planted init.tcl in tclsh" test -e "$T/out/planted-tcl-library"
        rm -f "$T/out/planted-"*
        TCL_LIBRARY="$WS/tcl" "$SBX_BIN" run --db "$T/tcl-approver.db" --backend "$b" --mode read-only --on-denial=ask \
                --approver "$T/bin/tcl-approver" -- sh -c "echo x > $T/out/tcl-approver" 2>"$T/err"
        t_check "$b: no init.tcl planted through TCL_LIBRARY ran in a tclsh approver" \
                test ! -e "$T/out/planted-tcl-library" -a "$(grep -cxF "$REJECTED" "$T/err")" = 1
        rm -rf "$WS/tcl"
else
        t_diag "tclsh is not installed: TCL_LIBRARY is checked by the environment below only"
fi
libvars="TCL_LIBRARY TCLLIBPATH LUA_PATH LUA_CPATH LUA_PATH_5_4 LUA_CPATH_5_4 GEM_HOME GEM_PATH AWKPATH AWKLIBPATH GUILE_LOAD_PATH GUILE_LOAD_COMPILED_PATH PHPRC PHP_INI_SCAN_DIR R_PROFILE R_PROFILE_USER R_LIBS R_LIBS_USER PYTHONPLATLIBDIR"
printf '#!/bin/sh\nfor v in %s; do eval "echo $v=\\${$v-unset}"; done >"%s"\ncat >/dev/null\necho deny\n' \
        "$libvars" "$T/libvars.log" >"$T/bin/libvars-approver"
chmod 755 "$T/bin/libvars-approver"
mkdir -p "$WS/libvars"
expected=
for v in $libvars; do
        expected="$expected$v=unset "
        export "$v=$WS/libvars"
done
"$SBX_BIN" run --db "$T/libvars.db" --backend "$b" --mode read-only --on-denial=ask \
        --approver "$T/bin/libvars-approver" -- sh -c "echo x > $T/out/libvars" 2>/dev/null
for v in $libvars; do unset "$v"; done
rm -rf "$WS/libvars"
t_check "$b: the approver gets no search path of another interpreter inside the workspace ($(grep -v =unset "$T/libvars.log" | tr '\n' ' '))" \
        test "$(tr '\n' ' ' <"$T/libvars.log")" = "$expected"

# PATH entries that do not resolve (yet): through a symlink outside the workspace into it, a
# directory a workspace-write run beside this one creates while the approver runs is searched;
# and one that resolves outside only through a symlink inside the workspace, which such a run
# can retarget (before: both were kept, compared by name only)
ln -sfn "$WS" "$T/wslink"
ln -sfn /usr "$WS/ln-usr"
printf '#!/bin/sh\necho "$PATH" >"%s"\nmkdir -p "%s"\nprintf "#!/bin/sh\\ntouch %s\\n" >"%s"\nchmod 755 "%s"\nsbx-later-tool 2>/dev/null\ncat >/dev/null\necho deny\n' \
        "$T/later.path" "$WS/later-bin" "$T/out/planted-later" "$WS/later-bin/sbx-later-tool" "$WS/later-bin/sbx-later-tool" \
        >"$T/bin/later-approver"
chmod 755 "$T/bin/later-approver"
PATH="$T/wslink/later-bin:$WS/ln-usr/bin:$PATH" "$SBX_BIN" run --db "$T/later.db" --backend "$b" --mode read-only \
        --on-denial=ask --approver "$T/bin/later-approver" -- sh -c "echo x > $T/out/later" 2>"$T/err"
t_check "$b: a PATH entry created in the workspace while the approver runs is not searched (marker absent)" \
        test ! -e "$T/out/planted-later" -a "$(grep -cxF "$REJECTED" "$T/err")" = 1
t_check "$b: ... the approver's PATH has no entry through the workspace or a link to it ($(cat "$T/later.path"))" \
        test -s "$T/later.path" -a "$(grep -cF -e "$WS" -e "$T/wslink" "$T/later.path")" = 0
t_check "$b: ... an entry that resolves outside is kept, resolved ($(cat "$T/later.path"))" \
        grep -qE '(^|:)/usr/bin(:|$)' "$T/later.path"
rm -rf "$WS/later-bin" "$WS/ln-usr" "$T/wslink" "$T/out/planted-later"

# ... nor is an approver whose #! interpreter lies outside only through a symlink in the
# workspace (a virtualenv's bin/python -> /usr/bin/python3): the kernel follows that name at the
# spawn, wherever a workspace-write run points the link by then (before: it was started)
mkdir -p "$WS/venv/bin"
ln -sfn "$PY" "$WS/venv/bin/python3"
printf '#!%s
import sys
sys.stdin.read()
open("%s", "w").write("started")
print("deny")
' \
        "$WS/venv/bin/python3" "$T/out/venv-started" >"$T/bin/venv-approver"
chmod 755 "$T/bin/venv-approver"
"$SBX_BIN" run --db "$T/venv.db" --backend "$b" --mode read-only --on-denial=ask \
        --approver "$T/bin/venv-approver" -- sh -c "echo x > $T/out/venv; exit 9" 2>"$T/err"
rc=$?
t_check "$b: an approver whose interpreter is reached through a symlink in the workspace is refused (2, got $rc), not started" \
        test "$rc" = 2 -a ! -e "$T/out/venv-started" -a "$(grep -c "inside the workspace" "$T/err")" = 1
rm -rf "$WS/venv" "$T/out/venv-started"

# the approver runs in / (PWD too), not in the caller's directory, maybe the workspace, where
# `python3 -m`, a relative lookup of its own, found a module planted there (before: the caller's
# directory); a PROG named relative to the caller's directory is still found and started
printf 'open("%s", "w").write("planted")\n' "$T/out/planted-cwd" >"$WS/sbx_cwd_module.py"
printf '#!/bin/sh\npwd -P >"%s"\necho "$PWD" >>"%s"\n"%s" -m sbx_cwd_module 2>/dev/null\ncat >/dev/null\necho deny\n' \
        "$T/cwd.log" "$T/cwd.log" "$PY" >"$T/bin/cwd-approver"
chmod 755 "$T/bin/cwd-approver"
(cd "$WS" && "$SBX_BIN" run --db "$T/cwd.db" --backend "$b" --mode read-only --on-denial=ask \
        --approver ../bin/cwd-approver -- sh -c "echo x > $T/out/cwd") 2>"$T/err"
t_check "$b: the approver runs in / ($(tr '\n' ' ' <"$T/cwd.log" 2>/dev/null)), asked through a relative PROG" \
        test "$(tr '\n' ' ' <"$T/cwd.log" 2>/dev/null)" = "/ / " -a "$(grep -cxF "$REJECTED" "$T/err")" = 1
t_check "$b: ... a module planted in the caller's directory did not run in it" test ! -e "$T/out/planted-cwd"
rm -f "$WS/sbx_cwd_module.py" "$T/out/planted-cwd"

# --- what the approver starts ends with the question: a background job of its shell, and a daemon
# in a session of its own that is nobody's child once its parent exits (a double fork). Both ran
# on, unconfined and unaccounted, after sbx was SIGKILLed while the approver decided (a caller's
# timeout), and after it answered (before: both ran on, and the daemon's marker appeared); once
# the approver and what it started are killed, each is gone in moments. As root and as nobody.
# sbx is ended by SIGKILL to it alone (kill), to its process group (group: `timeout -s KILL`),
# by SIGTERM to its group while the approver ignores SIGTERM (term), or the approver answers
# (deny), or the approver kills its keeper, its parent (keeper: before, what it had started went
# to init and ran on). The approver gets no argument: where it writes ($SBX_TEST_TREE.pids: its own pid, its
# job's, its daemon's) and how it ends (SBX_TEST_END: wait, ignore-term, or deny at once) come
# through its environment.
cat >"$T/bin/tree-approver" <<'EOF'
#!/bin/sh
out=$SBX_TEST_TREE
cat >/dev/null
[ "$SBX_TEST_END" = ignore-term ] && trap '' TERM
echo $$ >>"$out.pids"
sleep 300 &
echo $! >>"$out.pids"
(setsid sh -c 'echo $$ >>"$1.pids"; sleep 2; touch "$1.marker"' sh "$out" </dev/null >/dev/null 2>&1 &)
while [ "$(wc -l <"$out.pids")" -lt 3 ]; do sleep 0.02; done
touch "$out.ready"
[ "$SBX_TEST_END" = deny ] && { echo deny; exit 0; }
[ "$SBX_TEST_END" = kill-keeper ] && { echo allow; kill -KILL $PPID; }
exec sleep 300
EOF
chmod 755 "$T/bin/tree-approver"
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# (the stopped keeper below: a child joins the keeper's process group, then the keeper is stopped)
cat >"$T/bin/stop-approver" <<'EOF'
#!/bin/sh
out=$SBX_TEST_TREE
cat >/dev/null
echo $$ >>"$out.pids"
sh -c 'sleep 300 & echo $! >>"$1.pids"; exec python3 -c "import os, sys, time; os.setpgid(0, int(sys.argv[1])); time.sleep(300)" "$2"' sh "$out" "$PPID" &
echo $! >>"$out.pids"
while [ "$(wc -l <"$out.pids")" -lt 3 ]; do sleep 0.02; done
sleep 0.2 # (its setpgid done)
kill -STOP "$PPID"
touch "$out.ready"
exec sleep 300
EOF
chmod 755 "$T/bin/stop-approver"
# (the ptrace attack below: a helper in a session of its own seizes and stops the keeper, $PPID)
cat >"$T/bin/trace-approver" <<'EOF'
#!/bin/sh
out=$SBX_TEST_TREE
cat >/dev/null
echo $$ >>"$out.pids"
setsid python3 -c '
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
pid, out = int(sys.argv[1]), sys.argv[2]
r = libc.ptrace(0x4206, pid, 0, 0) # PTRACE_SEIZE
e = ctypes.get_errno()
if r == 0 and libc.ptrace(0x4207, pid, 0, 0) == 0: # PTRACE_INTERRUPT
        os.waitpid(pid, 0x40000000) # __WALL: it is stopped
open(out + ".seize", "w").write("seize: " + ("done" if r == 0 else os.strerror(e)))
open(out + ".ready", "w").close()
time.sleep(300)
' "$PPID" "$out" </dev/null >/dev/null 2>&1 &
echo $! >>"$out.pids"
exec sleep 300
EOF
chmod 755 "$T/bin/trace-approver"
# tree_gone OUT: waits (10 s at most) until no process of OUT.pids runs; prints how long it took (ms)
tree_gone() {
        local t0 t p alive
        t0=$(now_ms)
        while t=$(now_ms) && [ $((t - t0)) -lt 10000 ]; do
                alive=
                for p in $(cat "$1.pids" 2>/dev/null); do kill -0 "$p" 2>/dev/null && alive=1; done
                [ -z "$alive" ] && break
                sleep 0.01
        done
        echo $((t - t0))
}
tree_cleanup() { # whatever a failed check left running
        local p
        for p in $(cat "$1.pids" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
        return 0
}
markers=()
t_who "$T/nb"
mkdir -p "$T/nb/ws" "$T/tmp-root" "$T/tmp-nobody"
chown 65534:65534 "$T/nb/ws" "$T/tmp-nobody" 2>/dev/null
for who in "${WHO[@]}"; do
        t_as_user "$who"
        [ "$who" = nobody ] && dir=$T/nb/home || dir=$T/tree-root
        as=$who
        [ "$who" = root ] && as=$(id -un) # the caller, whoever runs the test
        mkdir -p "$dir"
        tb=
        for b in "${BACKENDS[@]}"; do
                if "${pre[@]}" "$bin" run --db "$dir/probe.db" --backend "$b" --root "$T/nb/ws" -- true >/dev/null 2>&1; then
                        tb=$b
                        break
                fi
        done
        if [ -z "$tb" ]; then
                t_diag "$who: no backend runs here: the approver's tree is left unchecked for $who"
                continue
        fi
        for how in kill group term deny keeper; do
                out=$dir/tree-$how
                rm -f "$out".*
                args=(run --db "$dir/tree-$how.db" --backend "$tb" --root "$T/nb/ws" --mode read-only --on-denial=ask
                        --approver "$T/bin/tree-approver" -- sh -c "echo x > $T/nb/ws/tree-$how; exit 9")
                if [ "$how" = deny ] || [ "$how" = keeper ]; then
                        end=deny
                        [ "$how" = keeper ] && end=kill-keeper
                        SBX_TEST_TREE=$out SBX_TEST_END=$end timeout 60 "${pre[@]}" "$bin" "${args[@]}" </dev/null 2>"$T/err"
                        rc=$?
                        took=$(tree_gone "$out")
                        what="the approver answered deny and exited (rc $rc)"
                        [ "$how" = keeper ] && what="the approver answered allow and killed its keeper (rc $rc)"
                else
                        # setsid: sbx leads a process group of its own, which `group` kills whole, as
                        # `timeout -s KILL` kills its command's group
                        end=wait
                        [ "$how" = term ] && end=ignore-term
                        SBX_TEST_TREE=$out SBX_TEST_END=$end setsid "${pre[@]}" "$bin" "${args[@]}" </dev/null 2>"$T/err" &
                        sbx_pid=$!
                        for _ in $(seq 400); do [ -e "$out.ready" ] && break; sleep 0.05; done
                        case $how in
                        kill)
                                kill -KILL "$sbx_pid"
                                what="sbx alone SIGKILLed while the approver waited"
                                ;;
                        group)
                                kill -KILL -- "-$sbx_pid"
                                what="sbx's whole process group SIGKILLed while the approver waited"
                                ;;
                        term)
                                kill -TERM -- "-$sbx_pid"
                                what="sbx's process group sent SIGTERM while the approver, ignoring it, waited"
                                ;;
                        esac
                        took=$(tree_gone "$out")
                        wait "$sbx_pid" 2>/dev/null
                fi
                t_check "$tb as $as, $what: the approver had started its job and its daemon ($(wc -l <"$out.pids" 2>/dev/null) pids)" \
                        test -e "$out.ready" -a "$(wc -l <"$out.pids" 2>/dev/null)" = 3
                alive=
                for p in $(cat "$out.pids" 2>/dev/null); do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
                # (within 1.5 s: the daemon ends by itself 2 s after it started)
                t_check "$tb as $as, $what: the approver, its job and its daemon are gone at once (${took} ms;${alive:- none} left)" \
                        test -z "$alive" -a "$took" -lt 1500
                t_diag "$tb as $as, $how: the approver's tree ended ${took} ms after sbx was killed or ended"
                tree_cleanup "$out"
                [ "$how" = deny ] || [ "$how" = keeper ] || rc=9 # (sbx was killed: it has no status of its own to check)
                t_check "$tb as $as, $what: nothing more ran, the denied run's status" \
                        test ! -e "$T/nb/ws/tree-$how" -a "$rc" = 9
                markers+=("$out.marker|$tb as $as, $what")
        done
        # The approver stops its keeper (SIGSTOP), after a process of its own joined the keeper's
        # process group, which is then no orphan for the kernel to wake once sbx is gone: sbx
        # waited for the stopped keeper until the caller's timeout killed it, and the approver,
        # the joiner and its job ran on (before). Now sbx kills a stopped keeper: a refusal. (The
        # timeout kills sbx alone, as a caller that kills it by its pid: a SIGKILL to its group
        # would kill the approver and its job, and leave the keeper's group orphaned.)
        type -P python3 >/dev/null || t_diag "no python3: the stopped and the traced keeper are left unchecked"
        if type -P python3 >/dev/null; then
                out=$dir/tree-stop
                rm -f "$out".*
                SBX_TEST_TREE=$out timeout --foreground -s KILL 10 "${pre[@]}" "$bin" run --db "$dir/tree-stop.db" --backend "$tb" \
                        --root "$T/nb/ws" --mode read-only --on-denial=ask --approver "$T/bin/stop-approver" \
                        -- sh -c "echo x > $T/nb/ws/tree-stop; exit 9" </dev/null 2>"$T/err"
                rc=$?
                took=$(tree_gone "$out")
                alive=
                for p in $(cat "$out.pids" 2>/dev/null); do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
                t_check "$tb as $as, the approver stopped its keeper, a process of its in the keeper's group: sbx refused at once (rc $rc), the approver and what it started are gone (${took} ms;${alive:- none} left)" \
                        test -e "$out.ready" -a "$rc" = 9 -a -z "$alive" -a "$took" -lt 1500 -a ! -e "$T/nb/ws/tree-stop"
                t_check "$tb as $as, the approver stopped its keeper: the denied run's row says it was killed" \
                        grep -q "refused by the approver .*killed by signal 9" <<<"$(sqlite3 "$dir/tree-stop.db" "SELECT message FROM executions")"
                tree_cleanup "$out"
        fi
        # A process the approver starts holds its keeper stopped under ptrace (PTRACE_SEIZE, then
        # PTRACE_INTERRUPT of $PPID), then sbx is SIGKILLed: the keeper, stopped, never took its
        # parent's death, and the tracer ran on (before, as nobody; root's CAP_SYS_PTRACE traces
        # any process, so as nobody only). The tracer says whether its seize was refused.
        if [ "$who" = nobody ] && type -P python3 >/dev/null; then
                out=$dir/tree-trace
                rm -f "$out".*
                SBX_TEST_TREE=$out setsid "${pre[@]}" "$bin" run --db "$dir/tree-trace.db" --backend "$tb" --root "$T/nb/ws" \
                        --mode read-only --on-denial=ask --approver "$T/bin/trace-approver" -- sh -c "echo x > $T/nb/ws/tree-trace; exit 9" </dev/null 2>"$T/err" &
                sbx_pid=$!
                for _ in $(seq 400); do [ -e "$out.ready" ] && break; sleep 0.05; done
                kill -KILL "$sbx_pid"
                took=$(tree_gone "$out")
                wait "$sbx_pid" 2>/dev/null
                alive=
                for p in $(cat "$out.pids" 2>/dev/null); do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
                t_check "$tb as $as, an approver's helper traced the keeper ($(cat "$out.seize" 2>/dev/null)), sbx SIGKILLed: the approver and the helper are gone at once (${took} ms;${alive:- none} left)" \
                        test -e "$out.ready" -a -z "$alive" -a "$took" -lt 1500
                tree_cleanup "$out"
        fi
done
if [ "${#markers[@]}" -gt 0 ]; then
        sleep 2.2 # each daemon's marker would be there by now
        for m in "${markers[@]}"; do
                t_check "${m#*|}: the daemon never wrote its marker" test ! -e "${m%%|*}"
        done
fi

# --- the terminal: asked on /dev/tty, y grants, n rejects (once, first backend)
# tty-drive OUT CMD [WAIT ANSWER]...: runs CMD (a shell line) on a new terminal; for each pair,
# waits (20 s at most) until WAIT has appeared in its output, then types ANSWER and Enter (no Enter
# after a ^D). All of
# the output goes to OUT (raw bytes: escape sequences kept), and OUT.sent-K appears once the K-th
# answer was typed; exits with CMD's status.
cat >"$T/tty-drive.py" <<'PY'
import os, pty, select, sys, time
out, cmd, steps = sys.argv[1], sys.argv[2], sys.argv[3:]
for k in range(1, len(steps) // 2 + 1):  # from an earlier drive
    if os.path.exists("%s.sent-%d" % (out, k)):
        os.unlink("%s.sent-%d" % (out, k))
pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "-c", cmd])
buf = b""
sent = 0
def pump(deadline):
    global buf
    while time.time() < deadline:
        r, _, _ = select.select([fd], [], [], 0.05)
        if not r:
            return True
        try:
            d = os.read(fd, 65536)
        except OSError:
            return False
        if not d:
            return False
        buf += d
    return True
for wait, answer in zip(steps[::2], steps[1::2]):
    end = time.time() + 20
    while wait.encode() not in buf and time.time() < end:
        if not pump(time.time() + 0.1):
            break
    os.write(fd, answer.encode() + (b"" if answer.endswith("\x04") else b"\n"))  # ^D alone, as typed
    sent += 1
    open("%s.sent-%d" % (out, sent), "w").close()
# CMD gone between a quiet round and this check (the driver held up on a loaded machine) is
# reaped here: its status is kept (a second waitpid found no child, and the drive ended 1, CMD's
# status lost: 1 of 3 runs under load)
st = None
while pump(time.time() + 30):
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            st = status
            pump(time.time() + 0.2)
            break
    except ChildProcessError:
        break
open(out, "wb").write(buf)
if st is None:
    _, st = os.waitpid(pid, 0)
sys.exit(os.WEXITSTATUS(st) if os.WIFEXITED(st) else 128 + os.WTERMSIG(st))
PY
QUESTION="retry it under workspace-write"
b=${BACKENDS[0]}
# (^D: end of input at the question, a rejection on a line of its own: it was printed after the
# question, on the same line)
for answer in y n yep $'\x04'; do # only y, Y or yes grants
        name=${answer/$'\x04'/eof}
        db=$T/tty-$name.db
        marker=$WS/tty-$name
        cmd=$(printf '%q ' "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask -- sh -c "echo t > $marker")
        timeout 60 python3 "$T/tty-drive.py" "$T/tty.raw" "$cmd" "$QUESTION" "$answer"
        tr -d '\r' <"$T/tty.raw" >"$T/tty.out"
        t_check "$b terminal: the question is asked on the terminal" grep -q "$QUESTION" "$T/tty.out"
        # what a human decides from, as an approver program does (argv, workspace_root): the whole
        # command, not only its name (sh), and the directory that becomes writable (before: only
        # 'sh', the command's own stderr line, and "the workspace root" unnamed)
        t_check "$b terminal ($name): the question shows the whole command" \
                grep -qF "was denied under read-only: sh -c 'echo t > $marker'" "$T/tty.out"
        t_check "$b terminal ($name): ... and names the workspace that would become writable" \
                grep -qF "$QUESTION (writes beneath $WS allowed)?" "$T/tty.out"
        case $name in
        y) by="approved on the terminal" ;;
        eof) by="refused on the terminal (no answer)" ;;
        *) by="refused on the terminal" ;;
        esac
        t_check "$b terminal ($name): the denied row records the answer ($(q "$db" "SELECT message FROM executions WHERE id = 1"))" \
                test "$(q "$db" "SELECT message FROM executions WHERE id = 1")" = "escalation to workspace-write $by"
        if [ "$answer" = y ]; then
                t_check "$b terminal: y grants: the file landed, two linked rows" \
                        test "$(cat "$marker" 2>/dev/null)" = t -a "$(q "$db" "SELECT count(*), max(parent_id) FROM executions")" = "2 1"
        else
                t_check "$b terminal: $name rejects: nothing more, the fixed line once, one row" \
                        test ! -e "$marker" -a "$(grep -cxF "$REJECTED" "$T/tty.out")" = 1 -a \
                        "$(q "$db" "SELECT count(*) FROM executions")" = 1
        fi
done

# A command that imitates a question of its own and leaves a control string open (an OSC title,
# into which the terminal swallows everything after it) must neither hide sbx's question nor have
# it answered by the keys the user typed at its own prompt (security review): sbx ends what was
# left open before its lines, and only an answer typed after its question counts.
db=$T/tty-spoof.db
marker=$WS/tty-spoof
# (the command does not read the answer typed at its prompt; it waits until the driver has typed
# it, 20 s at most: no timing assumption)
spoof='printf "Build finished. Install the generated files? [y/N] "; i=0
while [ ! -e '"$T/tty.raw.sent-1"' ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done; printf "\033]2;" >&2
touch /usr/sbx-escalation-spoof; echo t > '"$marker"'; exit 1'
cmd=$(printf '%q ' "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask -- sh -c "$spoof")
timeout 60 python3 "$T/tty-drive.py" "$T/tty.raw" "$cmd" "[y/N] " y "$QUESTION" n
rc=$?
t_check "$b: a typed-ahead y at the command's own prompt approved nothing (rc=$rc): no retry, one row" \
        test ! -e "$marker" -a "$(q "$db" "SELECT count(*) FROM executions")" = 1
t_check "$b: ... the question came, and the n typed after it rejected" grep -qaF "$REJECTED" "$T/tty.raw"
t_check "$b: ... after the string the command left open was ended (CAN, ST, SGR 0)" \
        python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); q = d.find(b"was denied under read-only")
sys.exit(0 if q > 0 and b"\x18\x1b\\\x1b[0m" in d[:q] and d.find(b"\x1b]2;") < d.rfind(b"\x18\x1b\\", 0, q) else 1)' "$T/tty.raw"

# An approver may ask a person on the terminal itself: it runs in sbx's process group, the
# terminal's foreground, not in its keeper's group, where its read of the terminal would stop it
# (SIGTTIN) and the question would wait for ever
printf '#!/bin/sh\ncat >/dev/null\nprintf "approver asks: allow? " >/dev/tty\nread a </dev/tty\n[ "$a" = yes ] && echo allow || echo deny\n' \
        >"$T/bin/tty-approver"
chmod 755 "$T/bin/tty-approver"
db=$T/tty-approver.db
marker=$WS/tty-approver
cmd=$(printf '%q ' "$SBX_BIN" run --db "$db" --backend "$b" --mode read-only --on-denial=ask --approver "$T/bin/tty-approver" \
        -- sh -c "echo t > $marker")
timeout 60 python3 "$T/tty-drive.py" "$T/tty.raw" "$cmd" "approver asks: allow? " yes
rc=$?
t_check "$b: an approver that asks on the terminal gets the answer typed there and grants (rc=$rc)" \
        test "$rc" = 0 -a "$(cat "$marker" 2>/dev/null)" = t -a "$(q "$db" "SELECT count(*) FROM executions")" = 2

t_finish
