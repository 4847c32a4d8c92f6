#!/bin/bash
# The script file `sbx run` reads for the start directory of a command's relative names (`sh FILE`,
# `./FILE` whose #! names a shell), read by sbx as the caller. Under each usable backend, as root and
# as nobody:
# - on a file system that never answers statfs(2) (a FUSE server, tests/helpers/fuse-stall.c),
#   where the command's shell reads and runs the file all the same: sbx ends with the command, in
#   well under a second past it, the file not read (no directory claimed for its relative name).
#   Before, sbx waited for good after the command ended, SIGTERM included, the command's stderr
#   never passed on.
# - a script file of the caller's own: sbx's read leaves its access time as it was (under bwrap the
#   command's own read, through a read-only mount, changes none; sbx's read changed it).
. "$(dirname "$0")/lib-common.sh"
. "$(dirname "$0")/lib-fuse.sh"
t_own_mounts "$@"
t_require_sbx
t_require_fuse

T=$(t_mktemp_dir)
trap fuse_cleanup EXIT
mkdir -p "$T/mnt" "$T/rd" "$T/ws" "$T/tmp-root" "$T/tmp-nobody"
chown 65534:65534 "$T/tmp-nobody"
cd "$T/ws" || exit 1
t_usable_backends "$T/probe.db"
t_who "$T/nb" || exit 1

# the access time, under bwrap: a file of root's for root, of nobody's for nobody, its atime in
# 2020 (relatime updates an atime older than a day)
atime_checks() {
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                for b in "${BACKENDS[@]}"; do
                        [ "$b" = bwrap ] || continue
                        f=$T/rd/at-$who.sh
                        printf 'echo ran\n' >"$f"
                        [ "$who" = nobody ] && chown 65534:65534 "$f"
                        touch -a -d 2020-01-01 "$f"
                        before=$(stat -c %X "$f")
                        ( cd "$T/rd" && "${pre[@]}" "$bin" run --backend "$b" --mode read-only --root "$T/ws" --db "$db" \
                                -- sh "$f" ) >"$T/out" 2>"$T/err"
                        rc=$?
                        t_check "$who, $b: sh FILE of the caller's own leaves its access time (rc=$rc, $(cat "$T/out"), atime $before -> $(stat -c %X "$f"))" \
                                test $rc = 0 -a "$(cat "$T/out")" = ran -a "$(stat -c %X "$f")" = "$before"
                done
        done
}

if ! fuse_start "$T/mnt" $'#!/bin/sh\necho ran; touch ./x\n'; then
        atime_checks
        t_finish
        exit
fi
t_check "the FUSE file reads (cat)" test "$(head -c 9 "$T/mnt/x.sh")" = '#!/bin/sh'

for who in "${WHO[@]}"; do
        t_as_user "$who"
        for b in "${BACKENDS[@]}"; do
                for form in sh exec; do
                        argv=(sh "$T/mnt/x.sh")
                        [ $form = exec ] && argv=("$T/mnt/x.sh")
                        v=$T/tmp-$who/v-$b-$form.json
                        rm -f "$v"
                        start=$(date +%s%N)
                        ( cd "$T/rd" && timeout -s KILL 30 "${pre[@]}" "$bin" run --backend "$b" --mode read-only \
                                --root "$T/ws" --db "$db" --verdict-json "$v" -- "${argv[@]}" ) >"$T/out" 2>"$T/err"
                        rc=$?
                        ms=$((($(date +%s%N) - start) / 1000000))
                        t_check "$who, $b: ${argv[*]} on a file system that never answers statfs ends with the command (rc=$rc, $ms ms)" \
                                test $rc = 1 -a $ms -lt 10000
                        t_check "$who, $b: ... which ran it and was refused its write ($(head -c 200 "$T/err"))" \
                                test "$(cat "$T/out")" = ran -a ! -e "$T/rd/x" -a ! -e "$T/mnt/x"
                        t_check "$who, $b: ... denied, no directory claimed for ./x (the file not read)" python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], o' "$v"
                done
        done
done

# sbx killed (SIGKILL) while its child reads a script file whose file system does not answer (the
# server stopped: its requests wait in the kernel, where a fatal signal ends them): the child ends
# with sbx. It lived on, reparented, for as long as the file system did not answer.
# (the reader: the child of sbx that runs sbx's own program, sbx-asker where it asks the host's
# questions, in a FUSE wait)
reader_of() {
        local c
        for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
                case $(cat /proc/"$c"/comm 2>/dev/null) in sbx | sbx-asker) ;; *) continue ;; esac
                grep -qE 'fuse|request_wait_answer|d_alloc_parallel' /proc/"$c"/wchan 2>/dev/null && echo "$c" && return 0
        done
        return 1
}
gone() { # PID ended: no such process, or a zombie no one reaps
        local st
        st=$(ps -o stat= -p "$1" 2>/dev/null)
        [ -z "$st" ] || [ "${st#Z}" != "$st" ]
}
for who in "${WHO[@]}"; do
        t_as_user "$who"
        for b in "${BACKENDS[@]}"; do
                kill -STOP "$fuse_srv"
                cd "$T/rd" || exit 1
                "${pre[@]}" "$bin" run --backend "$b" --mode read-only --root "$T/ws" --db "$db" \
                        -- sh -c "sleep 5; sh $T/mnt/x.sh" >/dev/null 2>&1 &
                sbx=$!
                cd "$T/ws" || exit 1
                reader=
                for _ in $(seq 100); do
                        reader=$(reader_of $sbx) && break
                        sleep 0.05
                done
                kill -KILL $sbx
                wait $sbx 2>/dev/null
                for _ in $(seq 40); do
                        [ -z "$reader" ] || gone "$reader" && break
                        sleep 0.05
                done
                t_check "$who, $b: sbx killed while its child reads a script file on a file system that does not answer: the child ends with it (child ${reader:-not found})" \
                        eval '[ -n "$reader" ] && gone "$reader"'
                kill -CONT "$fuse_srv"
                [ -n "$reader" ] && kill -KILL "$reader" 2>/dev/null
        done
done
atime_checks
t_finish
