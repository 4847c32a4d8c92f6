#!/bin/bash
# The host's checks of the names a denial line prints (tools/run-host.c) on a file system that does
# not answer (a FUSE server, tests/helpers/fuse-stall.c: one that answers nothing but its INIT, one
# that never answers statfs(2)). Under each usable backend, as root and as nobody, a command that
# only prints "touch: cannot touch 'MNT/x': Permission denied" (bwrap: "Read-only file system") and exits 3: sbx ends with it, in
# well under the timeout, with its status, its stderr passed on and the verdict record written; the
# line read as a name whose host checks cannot be told reads (denied, the name kept as printed).
# Before, sbx waited in the host's lstat/statfs of MNT/x for good, SIGTERM included. A line naming
# /etc/x, the mount still there, is read as without it (the checks, asked of sbx's child, answer).
. "$(dirname "$0")/lib-common.sh"
. "$(dirname "$0")/lib-fuse.sh"
t_own_mounts "$@"
t_require_sbx
t_require_fuse

T=$(t_mktemp_dir)
trap fuse_cleanup EXIT
mkdir -p "$T/mnt" "$T/ws" "$T/tmp-root" "$T/tmp-nobody"
chown 65534:65534 "$T/tmp-nobody"
cd "$T/ws" || exit 1
t_usable_backends "$T/probe.db"
t_who "$T/nb" || exit 1

# print_line: as $who under backend $b, a command that prints $line on stderr and exits 3, its record
# in $v; sets rc (sbx's status) and ms (its time)
print_line() {
        local start=$(date +%s%N)

        timeout -s KILL 30 "${pre[@]}" "$bin" run --backend "$b" --mode read-only --root "$T/ws" \
                --db "$db" --verdict-json "$v" -- sh -c "echo \"$line\" >&2; exit 3" >"$T/out" 2>"$T/err"
        rc=$?
        ms=$((($(date +%s%N) - start) / 1000000))
}

for kind in mute statfs; do
        if [ $kind = mute ]; then
                fuse_start -n "$T/mnt" || continue
        else
                fuse_start "$T/mnt" '#!/bin/sh' || continue
        fi
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        # the refusal each backend's sandbox gives a write outside the workspace
                        line="touch: cannot touch '$T/mnt/x': Permission denied"
                        [ "$b" = bwrap ] && line="touch: cannot touch '$T/mnt/x': Read-only file system"
                        v=$T/tmp-$who/v-$b-$kind.json
                        rm -f "$v"
                        print_line
                        t_check "$who, $b, $kind: a line naming a file on a file system that does not answer: sbx ends with the command's status (rc=$rc, $ms ms)" \
                                test $rc = 3 -a $ms -lt 10000
                        t_check "$who, $b, $kind: ... its stderr passed on ($(head -c 200 "$T/err"))" grep -qF "$line" "$T/err"
                        t_check "$who, $b, $kind: ... the record written, the line denied, the name kept as printed" python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2]], o' "$v" "$T/mnt/x"
                        # a name elsewhere, asked of the child all the same: answered as before (as
                        # nobody the host refuses /etc/x itself: the command's failure; root's is
                        # the sandbox's refusal)
                        line=${line//"$T/mnt/x"/\/etc\/x}
                        want=denied
                        [ "$who" = nobody ] && want=task_failure
                        print_line
                        t_check "$who, $b, $kind: $line, a FUSE mount that does not answer elsewhere: read as $want (rc=$rc, $ms ms)" \
                                python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == sys.argv[2], o' "$v" "$want"
                done
        done
        fuse_stop
done

# The names a command's argv gives that sbx asks of the host before its lines come (a tool's
# directory, git's repository, wget's file there): asked of the child too. A command (a stand-in
# named as the tool, which touches nothing) whose argv names a directory or file on a file system
# that does not answer: sbx ends with its status, the record written (wget's silent 3 of -O's file
# there, not told, is its denial: fail closed). Before, sbx waited for good
# in its own realpath(3) of `make -C MNT/d`'s DIR, stat(2) of wget's MNT/f, git's repository. (sh
# is a stand-in too: its script's cd is read, never run)
mkdir -p "$T/bin"
for tool in make git wget tar ninja sh sqlite3; do
        printf '#!/bin/sh\nexit "${STAND_IN_RC:-3}"\n' >"$T/bin/$tool"
        chmod 755 "$T/bin/$tool"
done
if fuse_start -n "$T/mnt"; then
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        for cmd in "make -C $T/mnt/d" "git -C $T/mnt/r stash" "wget -P $T/mnt http://h/f" \
                                "wget -O $T/mnt/f http://h/f" "tar -C $T/mnt/d -xf a.tar" "ninja -C $T/mnt/b" \
                                "sh -c 'cd $T/mnt/d && make'"; do
                                v=$T/tmp-$who/v-$b-argv.json
                                rm -f "$v"
                                start=$(date +%s%N)
                                eval "run=($cmd)"
                                timeout -s KILL 15 "${pre[@]}" PATH="$T/bin:$PATH" "$bin" run --backend "$b" --mode read-only \
                                        --root "$T/ws" --db "$db" --verdict-json "$v" -- "${run[@]}" >"$T/out" 2>"$T/err"
                                rc=$?
                                ms=$((($(date +%s%N) - start) / 1000000))
                                t_check "$who, $b: \`${run[*]}\`, its argv naming a file system that does not answer: sbx ends with the command's status, the record written (rc=$rc, $ms ms)" \
                                        python3 -c '
import json, sys
assert sys.argv[2] == "3", sys.argv[2]
o = json.load(open(sys.argv[1]))
assert o["exit_code"] == 3 and o["verdict"] in ("task_failure", "denied"), o' "$v" "$rc"
                        done
                        # the same questions of names elsewhere, the mount still there: answered
                        # as before, by the child (wget's f there: it writes f.1; git stash's
                        # silent 1: its index's lock), root's (the host refuses nobody both)
                        [ "$who" = root ] || continue
                        echo a >"$T/ws/f"
                        [ -d "$T/ws/r/.git" ] || git init -q "$T/ws/r"
                        for cmd in "wget -P $T/ws http://h/f|3|$T/ws/f.1" "git -C r stash|1|$T/ws/r/.git/index.lock"; do
                                IFS='|' read -r words want_rc want_path <<<"$cmd"
                                read -ra run <<<"$words"
                                v=$T/tmp-$who/v-$b-argv.json
                                rm -f "$v"
                                timeout -s KILL 15 "${pre[@]}" PATH="$T/bin:$PATH" STAND_IN_RC=$want_rc "$bin" run --backend "$b" \
                                        --mode read-only --root "$T/ws" --db "$db" --verdict-json "$v" -- "${run[@]}" >"$T/out" 2>"$T/err"
                                rc=$?
                                t_check "$who, $b: \`$words\`, a FUSE mount that does not answer elsewhere: denied, $want_path (rc=$rc)" \
                                        python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [sys.argv[2]], o' "$v" "$want_path"
                        done
                done
        done
        fuse_stop
fi

# One deadline per run: the argv readers' questions, the script files' reads (each reader of a
# sqlite3's -init or stdin file had a budget of its own) and the lines' checks share it. A run
# whose argv names the mount for five readers (stand-ins: sh, sqlite3, touching nothing): sbx's
# children left waiting on the mount (one per deadline met: SIGKILL cannot end a FUSE wait the
# server has taken) are at most one. Before: 5, 2.5 s.
stuck_in() {
        local p n=0
        for p in /proc/[0-9]*; do
                [ "$(readlink "$p/cwd" 2>/dev/null)" = "$1" ] || continue
                [ "$(awk '{print $3}' "$p/stat" 2>/dev/null)" = D ] && n=$((n + 1))
        done
        echo $n
}
if fuse_start -n "$T/mnt"; then
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        d=$T/ws/once-$who-$b
                        mkdir -p "$d"
                        v=$T/tmp-$who/v-$b-once.json
                        rm -f "$v"
                        start=$(date +%s%N)
                        (cd "$d" && timeout -s KILL 30 "${pre[@]}" PATH="$T/bin:$PATH" "$bin" run --backend "$b" --mode read-only \
                                --root "$T/ws" --db "$db" --verdict-json "$v" -- \
                                sh -c "sqlite3 -init $T/mnt/f t.db 'select 1' < $T/mnt/g" >"$T/out" 2>"$T/err")
                        rc=$?
                        ms=$((($(date +%s%N) - start) / 1000000))
                        n=$(stuck_in "$d")
                        t_check "$who, $b: sqlite3 -init MNT/f ... < MNT/g, five readers of the mount: one deadline, $n of sbx's children left waiting on it (rc=$rc, $ms ms)" \
                                test "$rc" = 3 -a "$n" -le 1 -a $ms -lt 10000
                done
        done
        fuse_stop
fi

# The approver's look-ups (escalation.c) where a mount does not answer: its search of PATH (before
# the run, and again when asked), the PATH-like variables of its environment, its #! line. A PATH
# entry on the mount before the approver's directory: the approver is not found (not told in
# time: no grant), sbx ends with the command's status, the record written. PYTHONPATH on the
# mount, the approver named by its path: the entry goes (as one that does not resolve), the
# approver answers, the retry runs. Before: sbx waited for good in access(2) of MNT/appr and in
# realpath(3) of MNT.
mkdir -p "$T/appr-bin"
printf '#!/bin/sh\ncat >/dev/null\necho allow\n' >"$T/appr-bin/appr"
chmod 755 "$T/appr-bin/appr"
if fuse_start -n "$T/mnt"; then
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        w=$T/ws/appr-$who-$b
                        mkdir -p "$w"
                        [ "$who" = nobody ] && chown 65534:65534 "$w"
                        v=$T/tmp-$who/v-$b-appr.json
                        rm -f "$v" "$w/x"
                        start=$(date +%s%N)
                        timeout -s KILL 30 "${pre[@]}" PATH="/usr/bin:/bin:$T/mnt:$T/appr-bin" "$bin" run --backend "$b" \
                                --mode read-only --root "$w" --db "$db" --verdict-json "$v" --on-denial ask --approver appr \
                                -- sh -c "touch $w/x" </dev/null >"$T/out" 2>"$T/err"
                        rc=$?
                        ms=$((($(date +%s%N) - start) / 1000000))
                        t_check "$who, $b: --approver appr with a PATH entry on a mount that does not answer: sbx ends, no grant, the record written (rc=$rc, $ms ms, $(tail -c 300 "$T/err" | tr '\n' ' '))" \
                                python3 -c '
import json, os, sys
assert sys.argv[2] == "1", sys.argv[2]
assert not os.path.exists(sys.argv[3])
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied", o' "$v" "$rc" "$w/x"
                        # ... saying so: its look-up timed out (before: "it cannot be found", in the
                        # row's message and on stderr, of an approver that exists)
                        t_check "$who, $b: ... sbx and the denied row say looking it up timed out ($(grep approver "$T/err" | tr '\n' ' '))" \
                                python3 -c '
import json, sqlite3, sys
o = json.load(open(sys.argv[1]))
err = open(sys.argv[3]).read()
assert "approver appr: looking it up timed out (a mount did not answer): not started" in err, err
assert "cannot be found" not in err, err
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[2], uri=True)
m = db.execute("select message from executions where id = ?", (o["execution_id"],)).fetchone()[0]
assert m.endswith("refused by the approver appr (looking it up timed out: a mount did not answer)"), m' "$v" "$db" "$T/err"
                        rm -f "$v" "$w/x"
                        start=$(date +%s%N)
                        timeout -s KILL 30 "${pre[@]}" PYTHONPATH="$T/mnt/lib:/usr/lib" "$bin" run --backend "$b" \
                                --mode read-only --root "$w" --db "$db" --verdict-json "$v" --on-denial ask \
                                --approver "$T/appr-bin/appr" -- sh -c "touch $w/x" </dev/null >"$T/out" 2>"$T/err"
                        rc=$?
                        ms=$((($(date +%s%N) - start) / 1000000))
                        t_check "$who, $b: --approver with PYTHONPATH on a mount that does not answer: the approver answers, the retry writes (rc=$rc, $ms ms, $(tail -c 300 "$T/err" | tr '\n' ' '))" \
                                test "$rc" = 0 -a -e "$w/x"
                done
        done
        fuse_stop
fi

# poll(2) failing while sbx waits for its asker (the caller lowered sbx's descriptor limit to 0,
# prlimit: poll refuses one descriptor then, EINVAL; a signal made it poll again): sbx waited in
# recv(2) for an answer that never came, for good. It now ends with the command, the check not
# told. (the asker: the child of sbx named sbx-asker, in a FUSE wait)
asker_of() {
        local c
        for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
                [ "$(cat /proc/"$c"/comm 2>/dev/null)" = sbx-asker ] &&
                        grep -qE 'fuse|request_wait_answer|d_alloc_parallel' /proc/"$c"/wchan 2>/dev/null && return 0
        done
        return 1
}
if command -v prlimit >/dev/null && fuse_start -n "$T/mnt"; then
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        line="touch: cannot touch '$T/mnt/x': Permission denied"
                        [ "$b" = bwrap ] && line="touch: cannot touch '$T/mnt/x': Read-only file system"
                        start=$(date +%s%N)
                        # (LeakSanitizer cannot open what it reads at exit with that limit)
                        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
                                "${pre[@]}" "$bin" run --backend "$b" --mode read-only --root "$T/ws" --db "$db" \
                                -- sh -c "echo \"$line\" >&2; sleep 1; exit 3" >"$T/out" 2>"$T/err" &
                        sbx=$!
                        found=no
                        for _ in $(seq 100); do
                                asker_of $sbx && found=yes && break
                                sleep 0.02
                        done
                        limited=no
                        prlimit --pid $sbx --nofile=0: 2>/dev/null && limited=yes && kill -WINCH $sbx
                        for _ in $(seq 200); do
                                kill -0 $sbx 2>/dev/null || break
                                sleep 0.05
                        done
                        kill -0 $sbx 2>/dev/null && ended=no || ended=yes
                        kill -KILL $sbx 2>/dev/null
                        wait $sbx
                        rc=$?
                        ms=$((($(date +%s%N) - start) / 1000000))
                        # (root without CAP_SYS_RESOURCE may not lower another user's limits)
                        if [ $limited = no ]; then
                                t_diag "$who, $b: prlimit of sbx's descriptor limit refused here: not checked"
                                continue
                        fi
                        t_check "$who, $b: poll(2) refused while sbx waits for its asker (asker seen: $found): sbx ends with the command (rc=$rc, $ms ms)" \
                                test $found = yes -a $ended = yes -a $rc = 3
                done
        done
        fuse_stop
fi

# sbx with no_new_privs under Landlock cannot tell its own children from the command's: its asker
# is killed and reaped with the command's leftovers, and a check after that (the last line, with
# no newline, read once stderr closes) starts another. sbx must not signal the pid of the one it
# reaped, which may be another process's by then (it sent kill(PID, SIGKILL), ESRCH). Traced
# (strace): no kill(2) of sbx's names a pid that a wait of sbx's reaped before.
if [[ " ${BACKENDS[*]} " = *" landlock "* ]] && command -v strace >/dev/null && fuse_start "$T/mnt" '#!/bin/sh'; then
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                v=$T/tmp-$who/v-nnp.json
                rm -f "$v"
                line="touch: cannot touch '/etc/x': Permission denied"
                # (LeakSanitizer cannot run under ptrace)
                ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
                        timeout -s KILL 30 strace -f -qq -e trace=kill,wait4 -o "$T/trace" "${pre[@]}" setpriv --no-new-privs \
                        "$bin" run --backend landlock --mode read-only --root "$T/ws" --db "$db" --verdict-json "$v" \
                        -- sh -c "echo \"$line\" >&2; sleep 0.3; printf %s \"${line/x/y}\" >&2; exit 3" \
                        >"$T/out" 2>"$T/err"
                rc=$?
                # (as nobody the host refuses both itself: the command's failure)
                t_check "$who, landlock, no_new_privs: two lines, the asker ended with the command's leftovers between them, both answered (rc=$rc)" \
                        python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "root":
    assert [x["path"] for x in o["denials"]] == ["/etc/x", "/etc/y"], o
else:
    assert o["verdict"] == "task_failure", o' "$v" "$who"
                t_check "$who, landlock, no_new_privs: ... no pid that sbx reaped is signalled after ($(grep -c . "$T/trace") lines traced)" \
                        python3 -c '
import re, sys
reaped, bad = set(), []
for l in open(sys.argv[1]):
    m = re.match(r"(\d+)\s+(?:<\.\.\. )?wait4.*= (\d+)$", l.strip())
    if m:
        reaped.add((m[1], m[2]))
    m = re.match(r"(\d+)\s+kill\((\d+),", l.strip())
    if m and (m[1], m[2]) in reaped:
        bad.append(l.strip())
assert not bad, bad' "$T/trace"
        done
        fuse_stop
else
        t_diag "no Landlock, strace or FUSE server: the reaped asker is not checked"
fi
t_finish
