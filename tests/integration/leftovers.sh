#!/bin/bash
# What a confined command leaves running ends with it, on both backends, as root and as nobody:
# bubblewrap through the end of its pid namespace, the Landlock backend because sbx is the
# command's child subreaper and kills what is left once the command ended. So no confined process
# writes to the host after its row was completed, and sbx does not wait for a background process
# that holds its stderr. An unconfined run (danger-full-access) leaves its processes alone, as the
# command would without sbx.
#
# Each leftover is found on the host by an argument of its own (under bubblewrap its $! is a pid
# of the sandbox's namespace); the late write is checked on the host, after the run.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap 't_kill_marks; t_cleanup' EXIT

T=$(t_mktemp_dir)
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1
t_usable_backends "$T/probe.db"

t_who "$T/nb" || exit 1
sbx_as() { # sbx_as WHO ARGS...: sbx as that user, with that user's database and temp directory
        local pre bin db
        t_as_user "$1"
        shift
        "${pre[@]}" "$bin" "$@" --db "$db"
}
alive() { # alive MARK: a process whose command line is exactly "sleep MARK" runs (not a zombie)
        local p st
        for p in $(pgrep -x -f "sleep $1"); do
                st=$(ps -o stat= -p "$p" 2>/dev/null)
                [ -n "$st" ] && [ "${st#Z}" = "$st" ] && return 0
        done
        return 1
}
# handed_over SCRIPT M1 M2 WHAT SPARED: `WRAP... bash -c SCRIPT bash M1 M2 SBX BACKEND ROOT DB` as $who,
# whose script starts `sleep M1` and then execs sbx; checks that sbx ran its command (exit 0) and
# that sleep M1, not the command's, still runs
handed_over() {
        local rc
        "${pre[@]}" "${WRAP[@]}" bash -c "$1" bash "$2" "$3" "$bin" "$how" "$ws" "$db" >/dev/null 2>&1
        rc=$?
        t_check "$who, $how: $4 runs its command (exit $rc)" test "$rc" = 0
        t_check "$who, $how: $5" alive "$2"
}
# sbx run puts --db after the verb's own options: sbx_as appends it, so the command comes as
# `-c SCRIPT` (the script's arguments cannot follow --db)
k=0
for who in "${WHO[@]}"; do
        mkdir -p "$T/tmp-$who"
        [ "$who" = root ] || chown 65534:65534 "$T/tmp-$who"
        for how in "${BACKENDS[@]}" none; do
                k=$((k + 1))
                ws=$T/ws-$who-$how
                mkdir -p "$ws"
                [ "$who" = root ] || chown 65534:65534 "$ws"
                if [ "$how" = none ]; then
                        sel=(--mode danger-full-access)
                else
                        sel=(--backend "$how" --mode workspace-write)
                fi
                kk=$(printf '%02d' "$k")
                m1="4001.$T_MARK$kk" m2="4002.$T_MARK$kk" m3="4003.$T_MARK$kk" m4="4004.$T_MARK$kk"
                MARKS+=("sleep $m1" "sleep $m2" "sleep $m3" "sleep $m4")
                # a background job that keeps stderr; a daemon (forks twice, own session, no
                # stdio); a job three levels down; a job that writes into the workspace a second
                # after the command ended; and the command's own exit status, 3
                script="sleep $m1 &
(setsid sh -c 'exec sleep $m2' </dev/null >/dev/null 2>&1 &)
sh -c 'sh -c \"sleep $m3\" & wait' >/dev/null 2>&1 &
(sleep 1; echo late >'$ws/late'; exec sleep $m4) >/dev/null 2>&1 &
exit 3"
                start=$(date +%s%N)
                sbx_as "$who" run "${sel[@]}" --root "$ws" --verdict-json "$ws/v.json" -c "$script" >"$T/out" 2>&1
                rc=$?
                ms=$((($(date +%s%N) - start) / 1000000))
                t_check "$who, $how: the command's own exit status passes through (3, got $rc)" test "$rc" = 3
                t_check "$who, $how: the verdict record says the command exited 3" \
                        test "$(t_json_field "$ws/v.json" exit_code)" = 3
                if [ "$how" = none ]; then
                        # give the daemon time to start, then see that all of them still run
                        for _ in $(seq 1 50); do
                                alive "$m1" && alive "$m2" && alive "$m3" && break
                                sleep 0.05
                        done
                        t_check "$who, $how: an unconfined run leaves its background processes running" \
                                eval 'alive "$m1" && alive "$m2" && alive "$m3"'
                        t_kill_marks
                        continue
                fi
                t_diag "$who, $how: sbx returned after $ms ms"
                for m in "$m1" "$m2" "$m3"; do
                        t_check "$who, $how: the leftover 'sleep $m' has ended when sbx returns" eval '! alive "$m"'
                done
                sleep 1.5
                t_check "$who, $how: no write lands after the run (host effect: $ws/late absent)" \
                        test ! -e "$ws/late"
                t_check "$who, $how: the late writer never ran on (sleep $m4)" eval '! alive "$m4"'
                t_kill_marks
        done
        # sbx ends only the command's processes: a shell that runs `job & exec sbx run ...` hands
        # its job to sbx, and whatever that job orphans during the run is adopted by sbx too
        for how in "${BACKENDS[@]}"; do
                k=$((k + 1))
                m5="4006.$T_MARK$kk" m6="4007.$T_MARK$kk"
                MARKS+=("sleep $m5" "sleep $m6")
                ws=$T/ws-$who-$how
                t_as_user "$who"
                WRAP=()
                handed_over 'sleep "$1" & (sleep 0.3; sleep "$2" & exit 0) & exec "$3" run --backend "$4" --root "$5" --db "$6" -- sleep 1' \
                        "$m5" "$m6" "sbx exec'd by a shell with jobs" "the shell's own job, handed to sbx, still runs"
                t_check "$who, $how: what that job orphaned during the run still runs" alive "$m6"
                t_kill_marks
                # a caller that runs with no_new_privs itself: sbx cannot tell the command's
                # processes by it, so it spares the children it had before the command started
                # and ends what the command left
                k=$((k + 1))
                m7="4008.$T_MARK$kk" m8="4009.$T_MARK$kk"
                MARKS+=("sleep $m7" "sleep $m8")
                WRAP=(setpriv --no-new-privs) # the shell and its job too
                handed_over 'sleep "$1" & exec "$3" run --backend "$4" --root "$5" --db "$6" -c "sleep $2 & exit 0"' \
                        "$m7" "$m8" "under no_new_privs, sbx" "under no_new_privs, the shell's own job still runs"
                t_check "$who, $how: under no_new_privs, the command's background job has ended" eval '! alive "$m8"'
                t_kill_marks
        done
        # what the command orphans and what ends during the run is reaped during the run: as the
        # command's subreaper (Landlock), sbx once kept every such zombie, each holding a pid of
        # the host's, until the command ended
        for how in "${BACKENDS[@]}"; do
                ws=$T/ws-$who-$how
                t_as_user "$who"
                rm -f "$ws/orphaned"
                "${pre[@]}" "$bin" run --backend "$how" --mode workspace-write --root "$ws" --db "$db" -- \
                        bash -c 'for i in $(seq 300); do (true &); done; touch "$1/orphaned"; sleep 3' bash "$ws" \
                        >/dev/null 2>&1 &
                spid=$!
                for _ in $(seq 200); do [ -e "$ws/orphaned" ] && break; sleep 0.05; done
                sleep 0.5
                n=$(wc -w <"/proc/$spid/task/$spid/children" 2>/dev/null)
                t_check "$who, $how: 300 processes orphaned and ended during the run are not kept as zombies (sbx has ${n:-?} children)" \
                        test -n "$n" -a "${n:-999}" -le 5
                wait "$spid"
                rc=$?
                t_check "$who, $how: ... and the run ends normally (exit $rc)" test "$rc" = 0
        done
        # many leftovers at once: all of them end (Landlock kills round after round)
        for how in "${BACKENDS[@]}"; do
                k=$((k + 1))
                mark="4005.$T_MARK$(printf '%02d' "$k")"
                MARKS+=("sleep $mark")
                ws=$T/ws-$who-$how
                sbx_as "$who" run --backend "$how" --mode read-only --root "$ws" \
                        -c "for i in \$(seq 1 40); do sleep $mark & done; exit 0" >/dev/null 2>&1
                rc=$?
                t_check "$who, $how: read-only, 40 background processes: sbx exits 0 ($rc)" test "$rc" = 0
                n=$(pgrep -c -x -f "sleep $mark")
                t_check "$who, $how: read-only, none of the 40 is left (found ${n:-0})" test "${n:-0}" = 0
                t_kill_marks
        done
done

# ---- the Landlock keeper (--die-with-parent) ---------------------------------------------------
# From ABI 6 a keeper in the command's Landlock domain ends the domain's processes when sbx dies
# (audit-crash.sh). It shares sbx's memory: the command, in the same domain, must not be able to
# ptrace it or open its memory (before the launcher made that memory non-dumpable, PTRACE_ATTACH
# succeeded, and with it sbx's memory was the command's to rewrite), nor signal it (its Landlock
# domain encloses the command's: a SIGSTOP or SIGKILL from the command ended its protection). It
# holds no descriptor, and a SIGTERM from the command does not make it end the sandbox.
LL_ABI=$(python3 -c 'import ctypes; l = ctypes.CDLL(None, use_errno=True); r = l.syscall(444, None, 0, 1); print(r if r > 0 else 0)' 2>/dev/null || echo 0)
cat >"$T/keeper.py" <<'PY'
import ctypes, os, signal, sys
def stat(p):
    try:
        with open(f"/proc/{p}/stat") as f:
            s = f.read()
    except OSError:
        return None
    name, rest = s[s.index("(") + 1:s.rindex(")")], s[s.rindex(")") + 2:].split()
    return name, int(rest[1])
sbx = stat(os.getppid())[1]  # this script runs under the command, bash -c, whose parent is sbx
mine = [int(p) for p in os.listdir("/proc") if p.isdigit() and stat(p) == ("sbx-keeper", sbx)]
if len(mine) != 1:
    print("keepers:", mine); sys.exit(3)
k = mine[0]
bad = []
try:
    open(f"/proc/{k}/mem", "r+b"); bad.append("mem opened")
except OSError:
    pass
libc = ctypes.CDLL(None, use_errno=True)
if libc.ptrace(16, k, 0, 0) == 0:
    bad.append("ptrace attached")
# no signal reaches it: SIGSTOP or SIGKILL gave up the keeper's protection, and with it the end of
# what the command leaves running once sbx is killed
for sig in (0, signal.SIGTERM, signal.SIGSTOP, signal.SIGKILL):
    try:
        os.kill(k, sig)
        bad.append(f"signal {int(sig)} sent")
    except PermissionError:
        pass
print(k, " ".join(bad) or "held")
PY
if [ "$LL_ABI" -ge 6 ] && [[ " ${BACKENDS[*]} " == *" landlock "* ]]; then
        for who in "${WHO[@]}"; do
                for mode in read-only workspace-write; do
                        ws=$T/ws-$who-landlock
                        mkdir -p "$ws"
                        [ "$who" = root ] || chown 65534:65534 "$ws"
                        out=$(sbx_as "$who" run --backend landlock --mode "$mode" --root "$ws" \
                                -c "python3 '$T/keeper.py'; sleep 0.3; echo still-here" 2>&1)
                        rc=$?
                        k=${out%% *}
                        t_check "$who, $mode: the command finds its keeper and can neither ptrace it, open its memory nor signal it ($out)" \
                                grep -q "^[0-9]* held" <<<"$out"
                        t_check "$who, $mode: a SIGTERM from the command does not make the keeper end the sandbox (rc=$rc)" \
                                eval '[ $rc = 0 ] && grep -q still-here <<<"$out"'
                done
        done
        # its descriptors, seen from the host while it runs
        mark="4006.${T_MARK}00"
        MARKS+=("sleep $mark")
        sbx_as root run --backend landlock --mode read-only --root "$T/ws-root-landlock" -c "sleep $mark" 3>/dev/null &
        sup=$!
        kp=
        for _ in $(seq 1 100); do
                kp=$(for p in $(pgrep -f -- "-c sleep $mark"); do pgrep -x -P "$p" sbx-keeper; done)
                [ -n "$kp" ] && break
                sleep 0.05
        done
        # the keeper is not dumpable: only root reads its descriptors. An unreadable list is no
        # empty one (an ordinary user's run passed here on ls's "Permission denied").
        fds=$(ls "/proc/$kp/fd" 2>"$T/keeper-fd.err")
        fds_rc=$?
        if [ -n "$kp" ] && [ $fds_rc -ne 0 ] && ! t_is_root && grep -q 'Permission denied' "$T/keeper-fd.err"; then
                t_ok "the keeper holds no descriptor # SKIP not root: a keeper's descriptors are root's to list"
        else
                t_check "the keeper holds no descriptor (${kp:-none found}: $(tr '\n' ' ' <<<"$fds")$(head -c 200 "$T/keeper-fd.err"))" \
                        test -n "$kp" -a $fds_rc -eq 0 -a -z "$fds"
        fi
        t_kill_marks
        wait "$sup" 2>/dev/null
else
        t_ok "the Landlock keeper # SKIP Landlock ABI $LL_ABI < 6, or landlock not usable"
fi

t_finish
