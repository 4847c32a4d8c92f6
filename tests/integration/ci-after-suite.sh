#!/bin/bash
# .ci/after-suite, given a snapshot taken before the suite, counts only what the suite left: a
# directory or process of an earlier run is named but not counted. What the suite left under a
# name that was there before still counts: a directory removed and made again under the same name
# (/tmp/sbx-47212, one named after a pid), or used by the suite, is no longer the one noted; a
# process that replaced one noted (by pid and start time) neither. Other tests of the suite may
# run meanwhile, so only this script's own directories and processes are looked for, in the
# section of the output where each is named.
. "$(dirname "$0")/lib-common.sh"
trap 't_kill_fakes; t_cleanup' EXIT

AFTER=$(dirname "$0")/../../.ci/after-suite
[ -x "$AFTER" ] || t_skip_all "no .ci/after-suite beside the tests"

T=$(t_mktemp_dir)
FAKES=()
t_kill_fakes() {
        local p
        for p in "${FAKES[@]}"; do
                kill "$p" 2>/dev/null
                wait "$p" 2>/dev/null
        done
        return 0
}
# a process whose executable is named sbx, as after-suite looks for
mkdir -p "$T/bin"
cp "$(command -v sleep)" "$T/bin/sbx"
fake() {
        "$T/bin/sbx" 300 &
        FAKES+=($!)
}

# directories named as the suite's (sbx-test-MARK.*), each its own scratch directory's sibling, in
# /tmp, where after-suite looks (under a caller's TMPDIR they were not found)
untouched=$(TMPDIR=/tmp t_mktemp_dir)
remade=$(TMPDIR=/tmp t_mktemp_dir)
used=$(TMPDIR=/tmp t_mktemp_dir)
fake
before_pid=$!
fake
replaced_pid=$!
# the user's cache and state of sbx, as after-suite finds them by XDG_CACHE_HOME and XDG_STATE_HOME
export XDG_CACHE_HOME=$T/user-cache XDG_STATE_HOME=$T/user-state
mkdir -p "$XDG_CACHE_HOME/sbx" "$XDG_STATE_HOME/sbx"
echo before >"$XDG_CACHE_HOME/sbx/probe"
echo before >"$XDG_STATE_HOME/sbx/audit.db"
# the suite's tests carry the tree's SBX_SOURCE_ROOT (meson's environment)
export SBX_SOURCE_ROOT=${SBX_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd -P)}

"$AFTER" --snapshot "$T/snap"
t_check "the snapshot is taken" test -s "$T/snap"

# the suite runs: it makes one directory again, writes in another, replaces a process
rmdir "$remade" && mkdir "$remade"
: >"$used/f"
kill "$replaced_pid"
wait "$replaced_pid" 2>/dev/null
fake
new_pid=$!
# ... and leaves one of each kind after-suite looks for: directories in /var/tmp, /dev/shm and
# /run, a probe cache rewritten, a state of sbx's made, a process of the tree's not named sbx (a
# test's sleep), a mount and a loop device
left_dirs=()
for d in /var/tmp /dev/shm /run; do
        [ -d "$d" ] && [ -w "$d" ] && left_dirs+=("$(TMPDIR=$d t_mktemp_dir)")
done
echo after >"$XDG_CACHE_HOME/sbx/probe"
echo made >"$XDG_STATE_HOME/sbx/new.db"
sleep 300 &
FAKES+=($!)
tree_pid=$!
mnt= loop=
if t_is_root; then
        mkdir "$T/mnt" && mount -t tmpfs sbx-test "$T/mnt" && mnt=$T/mnt
        truncate -s 1M "$T/disk" && loop=$(losetup -f --show "$T/disk" 2>/dev/null)
fi
# ... a System V segment and, as root, a POSIX message queue of the suite's name (its mark), and one
# of another suite's name: they outlive their makers, as escape.sh's and run-landlock.sh's would
other_mark=s$(printf '%05d' $(((10#${T_SUITE#s} + 1) % 100000)))
shm_key=$(((RANDOM << 15 | RANDOM) + 1000)) shm_id=
mq_ours= mq_other=
if command -v python3 >/dev/null; then
        shm_id=$(python3 -c 'import ctypes, sys; print(ctypes.CDLL(None).shmget(int(sys.argv[1]), 4096, 0o1600))' "$shm_key")
        [ "${shm_id:--1}" -ge 0 ] 2>/dev/null || shm_id=
        if t_is_root; then
                mq_ours=/sbx-test-$T_SUITE-mq.$$ mq_other=/sbx-test-$other_mark-mq.$$
                python3 -c 'import ctypes, os, sys
l = ctypes.CDLL(None)
for n in sys.argv[1:]:
    q = l.mq_open(n.encode(), os.O_CREAT | os.O_RDWR, 0o600, None)
    if q < 0:
        sys.exit(1)
    l.mq_close(q)' "$mq_ours" "$mq_other" || mq_ours= mq_other=
        fi
fi
ipc_clean() {
        [ -n "$shm_id$mq_ours" ] || return 0
        python3 -c 'import ctypes, sys
l = ctypes.CDLL(None)
if sys.argv[1]: l.shmctl(int(sys.argv[1]), 0, None)
for n in sys.argv[2:]: l.mq_unlink(n.encode())' "$shm_id" $mq_ours $mq_other
}
trap 't_kill_fakes; ipc_clean; t_cleanup' EXIT
# ... and what another suite running beside leaves: a process whose environment names another tree,
# a directory with another tree's mark
other_dir=$(mktemp -d "/tmp/sbx-test-$other_mark.XXXXXX") && echo "$other_dir" >>"$T_CLEANUP_LIST"
SBX_SOURCE_ROOT=/ "$T/bin/sbx" 300 &
FAKES+=($!)
other_pid=$!
# ... and directories of sbx's own names, which carry no mark: one another tree's process holds
# (a descriptor in it), one its child with no tree of its own works in, a made-up user's swept
# directory while another tree's process holds the tests' lock of that uid, and one no one holds
held_fd=$(mktemp -d /tmp/sbx-probe-XXXXXX) && echo "$held_fd" >>"$T_CLEANUP_LIST"
: >"$held_fd/lock"
SBX_SOURCE_ROOT=/ bash -c 'exec 3<"$1" && exec sleep 300' _ "$held_fd/lock" &
FAKES+=($!)
held_cwd=$(mktemp -d /tmp/sbx-fixture-XXXXXX) && echo "$held_cwd" >>"$T_CLEANUP_LIST"
SBX_SOURCE_ROOT=/ bash -c 'cd "$1" || exit; env -u SBX_SOURCE_ROOT sleep 300 & echo $! >"$2"; wait' _ "$held_cwd" "$T/child.pid" &
FAKES+=($!)
for _ in $(seq 1 100); do [ -s "$T/child.pid" ] && break; sleep 0.05; done
FAKES+=("$(cat "$T/child.pid")")
held_uid=
if t_is_root && [ -d /run/lock ] && ! getent passwd 47299 >/dev/null; then
        held_uid=/tmp/sbx-47299
        if mkdir "$held_uid" 2>/dev/null; then
                echo "$held_uid" >>"$T_CLEANUP_LIST"
                SBX_SOURCE_ROOT=/ bash -c 'exec 3>>/run/lock/sbx-test-uid-47299.lock && exec sleep 300' &
                FAKES+=($!)
        else
                held_uid=
        fi
fi
unheld=$(mktemp -d /tmp/sbx-probe-XXXXXX) && echo "$unheld" >>"$T_CLEANUP_LIST"
sleep 0.2

WAIT=0 "$AFTER" "$T/snap" >"$T/out" 2>&1
rc=$?
[ -n "$mnt" ] && umount "$mnt"
[ -n "$loop" ] && losetup -d "$loop"
# section HEADER: the names listed under the output's header that holds HEADER
section() {
        awk -v h="$1" '/^after-suite: /{on = index($0, h) > 0; next} on' "$T/out" | sed 's/^  //'
}
section "present before" >"$T/old"
section "directories and files left" >"$T/dirs"
section "processes left" | cut -d' ' -f1 >"$T/procs"
section "another suite's" >"$T/others"
section "mounts left" | cut -d' ' -f1 >"$T/mounts"
section "loop devices left" | cut -d' ' -f1 >"$T/loops"
section "message queues, shared memory" >"$T/ipc"

t_check "something left: exit status 1 (rc=$rc)" test "$rc" = 1
t_check "a directory that was there before and left alone is not counted" \
        eval 'grep -qxF "$untouched" "$T/old" && ! grep -qxF "$untouched" "$T/dirs"'
t_check "a directory removed and made again under the same name is counted" grep -qxF "$remade" "$T/dirs"
t_check "a directory of before that the suite wrote in is counted" grep -qxF "$used" "$T/dirs"
t_check "a process that was there before is not counted" \
        eval 'grep -q "^$before_pid " "$T/old" && ! grep -qx "$before_pid" "$T/procs"'
t_check "a process that replaced one of before is counted" grep -qx "$new_pid" "$T/procs"
for d in "${left_dirs[@]}"; do
        t_check "a directory left in ${d%/*} is counted" grep -qxF "$d" "$T/dirs"
done
t_check "the user's probe cache, rewritten, is counted" grep -qxF "$XDG_CACHE_HOME/sbx/probe" "$T/dirs"
t_check "... not the state's file left alone" eval '! grep -qxF "$XDG_STATE_HOME/sbx/audit.db" "$T/dirs"'
t_check "a file made in the user's state of sbx is counted" grep -qxF "$XDG_STATE_HOME/sbx/new.db" "$T/dirs"
t_check "a process of the tree's, not named sbx, is counted" grep -qx "$tree_pid" "$T/procs"
if [ -n "$mnt" ]; then
        t_check "a mount left is counted" grep -qxF "$mnt" "$T/mounts"
else
        t_ok "a mount left is counted # SKIP not root, or no tmpfs can be mounted"
fi
if [ -n "$loop" ]; then
        t_check "a loop device left is counted" grep -qxF "$loop" "$T/loops"
else
        t_ok "a loop device left is counted # SKIP not root, or no loop device here"
fi
if [ -n "$shm_id" ]; then
        t_check "a System V segment left is counted" grep -qxF "System V shm key $shm_key id $shm_id" "$T/ipc"
else
        t_ok "a System V segment left is counted # SKIP no python3, or no segment could be made"
fi
if [ -n "$mq_ours" ]; then
        t_check "a POSIX message queue left is counted" grep -qxF "POSIX message queue $mq_ours" "$T/ipc"
        t_check "another suite's message queue (another tree's mark) is not counted" \
                eval 'grep -qxF "POSIX message queue $mq_other" "$T/others" && ! grep -qxF "POSIX message queue $mq_other" "$T/ipc"'
else
        t_ok "a POSIX message queue left is counted # SKIP not root, no python3, or no queue could be made"
        t_ok "another suite's message queue is not counted # SKIP as above"
fi
t_check "another suite's process (its environment names another tree) is not counted" \
        eval 'grep -q "^$other_pid " "$T/others" && ! grep -qx "$other_pid" "$T/procs"'
t_check "another suite's directory (another tree's mark) is not counted" \
        eval 'grep -qxF "$other_dir" "$T/others" && ! grep -qxF "$other_dir" "$T/dirs"'
t_check "an unmarked directory a process of another tree holds open is another suite's" \
        eval 'grep -qxF "$held_fd" "$T/others" && ! grep -qxF "$held_fd" "$T/dirs"'
t_check "... one its child (no tree of its own) works in, too" \
        eval 'grep -qxF "$held_cwd" "$T/others" && ! grep -qxF "$held_cwd" "$T/dirs"'
if [ -n "$held_uid" ]; then
        t_check "... a made-up user's swept directory while another tree's process holds the lock of that uid, too" \
                eval 'grep -qxF "$held_uid" "$T/others" && ! grep -qxF "$held_uid" "$T/dirs"'
else
        t_ok "a made-up user's swept directory under another tree's lock # SKIP not root, or /tmp/sbx-47299 or the user exists"
fi
t_check "an unmarked directory no other tree's process holds is counted" \
        eval 'grep -qxF "$unheld" "$T/dirs" && ! grep -qxF "$unheld" "$T/others"'
[ "$T_FAILED" = 0 ] || sed 's/^/# /' "$T/out"

t_finish
