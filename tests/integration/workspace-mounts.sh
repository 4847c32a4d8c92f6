#!/usr/bin/env bash
# What is mounted inside a workspace, and what the workspace path is while the sandbox is set up.
#
# A writable workspace is granted with whatever is mounted inside it, under both backends. A
# kernel interface file system there (a chroot's /proc, /sys or /dev; every one of them in a
# workspace of /) would hand the command the host's sysctls and devices: such a workspace is
# refused in workspace-write, nothing runs, and the host is checked (its domain name, a loop
# device's backing file, /etc). Controls: a tmpfs inside a workspace stays writable, and a
# read-only run in such a workspace still runs.
#
# Needs root (it mounts); exit 77 otherwise.
set -u
. "$(dirname "$0")/lib-common.sh"

t_require_sbx
t_is_root || t_skip_all "needs root to mount file systems inside a workspace"
# Its mounts in a mount namespace of its own (and its names in a UTS one), held for the whole test:
# this test binds directories beneath one closed to the run's user, and the runs without
# mount_setattr, which must seal every mount by its path, are refused while such a mount is there.
# In the machine's namespace those of another clone's suite running this test beside refused them
# here ("cannot remount .../closed/sub/m read-only: a directory on its path is closed to the
# command"), and its proc, tmpfs and bind mounts reached every sandbox of the tests beside: it took
# a machine lock and ran alone in its suite. Its processes are told apart by the test's mark.
t_own_mounts "$@"
T=$(t_mktemp_dir)
TAG="sbx-wsm-$$"
HOST_DOMAINNAME=$(cat /proc/sys/kernel/domainname)
LOOP=

cleanup() {
        [ "$(cat /proc/sys/kernel/domainname)" != "$HOST_DOMAINNAME" ] &&
                echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        grep -o " $T/[^ ]*" /proc/self/mountinfo | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
        [ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
        [ -n "${FAT_PID:-}" ] && kill "$FAT_PID" 2>/dev/null
        rm -f "/etc/$TAG"-* "/dev/$TAG"-*
        t_cleanup
}
trap cleanup EXIT

t_copy_tools "$T/bin" || { echo "not ok - cannot copy sbx to $T/bin"; exit 1; }
export SBX_DB=$T/db/audit.db XDG_CACHE_HOME=$T/cache
mkdir -m 700 "$T/db"
unset SBX_CONFIG SBX_SESSION
t_usable_backends "$T/db/probe.db"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)

domain_unchanged() { [ "$(cat /proc/sys/kernel/domainname)" = "$HOST_DOMAINNAME" ]; }
export -f domain_unchanged
export HOST_DOMAINNAME

# a loop device over a file, reached through a bind of the host's /dev inside a workspace
truncate -s 1M "$T/disk.img"
LOOP=$(losetup -f --show "$T/disk.img" 2>/dev/null) || LOOP=
[ -z "$LOOP" ] && t_diag "no loop device here: the device vector is left out"

# run NAME BACKEND MODE ROOT SCRIPT: sbx run in ROOT (under RUN_PRE, a command prefix, when set);
# RC, ERR (the host's domain name is put back after the checks of the run before, so that each
# check sees only its own run)
RUN_PRE=()
run() {
        domain_unchanged || echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        "${RUN_PRE[@]}" "$SBX_BIN" run --backend "$2" --mode "$3" --root "$4" --verdict-json "$T/$1.json" -- sh -c "$5" \
                >"$T/$1.out" 2>"$T/$1.err" </dev/null
        RC=$?
        ERR=$(cat "$T/$1.err")
}

for b in "${BACKENDS[@]}"; do
        # a chroot's /proc
        W=$T/ws-proc-$b
        mkdir -p "$W/proc"
        mount -t proc proc "$W/proc"
        run proc-$b "$b" workspace-write "$W" \
                "echo ran > '$W/ran'; echo $TAG > '$W/proc/sys/kernel/domainname'"
        t_check "$b: a workspace holding a proc mount leaves the host's domain name alone" domain_unchanged
        t_check "$b: ... the run is refused before the command (exit 125, got $RC; nothing ran)" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran" ]' "$RC" "$W"
        t_check "$b: ... and the refusal names the mount" grep -qF "holds $W/proc, a proc file system" "$T/proc-$b.err"
        run proc-sub-$b "$b" workspace-write "$W/proc/sys" "echo $TAG > '$W/proc/sys/kernel/domainname'"
        t_check "$b: a workspace inside that proc mount is refused too (exit $RC)" \
                bash -c '[ "$0" -eq 125 ] && "$1"' "$RC" domain_unchanged
        run proc-ro-$b "$b" read-only "$W" "echo $TAG > '$W/proc/sys/kernel/domainname'; echo RO-RAN"
        t_check "$b: read-only in that workspace still runs, and writes nothing" \
                bash -c 'grep -q RO-RAN "$0" && [ "$(cat /proc/sys/kernel/domainname)" = "$1" ]' \
                "$T/proc-ro-$b.out" "$HOST_DOMAINNAME"
        umount -l "$W/proc"

        # a chroot's /dev: a bind of the host's devtmpfs
        if [ -n "$LOOP" ]; then
                W=$T/ws-dev-$b
                mkdir -p "$W/dev"
                mount --bind /dev "$W/dev"
                dd if=/dev/zero of="$T/disk.img" bs=1k count=1 conv=notrunc status=none
                sync
                before=$(sha256sum <"$T/disk.img")
                run dev-$b "$b" workspace-write "$W" "printf PWNED | dd of='$W$LOOP' conv=notrunc status=none"
                sync
                t_check "$b: a workspace holding the host's /dev cannot write a loop device (exit $RC)" \
                        test "$(sha256sum <"$T/disk.img")" = "$before"
                umount -l "$W/dev"
        fi

        # a workspace of /: it holds /proc, /sys and /dev
        run slash-$b "$b" workspace-write / "echo $TAG > /proc/sys/kernel/domainname; echo x > /etc/$TAG-$b"
        t_check "$b: a workspace of / is refused (exit 125, got $RC) and changes nothing" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "/etc/$1" ] && "$2"' "$RC" "$TAG-$b" domain_unchanged

        # control: a tmpfs inside a workspace is part of it
        W=$T/ws-tmpfs-$b
        mkdir -p "$W/scratch"
        mount -t tmpfs "$TAG" "$W/scratch"
        run tmpfs-$b "$b" workspace-write "$W" "echo data > '$W/scratch/f' && echo data > '$W/f'"
        t_check "$b: control: a tmpfs inside a workspace stays writable (exit $RC)" \
                bash -c '[ "$0" -eq 0 ] && [ -e "$1/scratch/f" ] && [ -e "$1/f" ]' "$RC" "$W"
        umount -l "$W/scratch"
done

# ---- a noexec workspace: the host's mount refuses the exec, not the sandbox ------------------
# Landlock grants execute everywhere; a script with its execute bit in a noexec workspace fails
# as it would without sbx (EACCES, "sh: 1: .../s: Permission denied"). The classifier took that line for a
# denial under Landlock: the file's bits would let it run, so the refusal had to lie elsewhere.
# It is the command's own failure under both backends; a workspace that allows exec runs it.
W=$T/ws-noexec
mkdir -p "$W"
mount -t tmpfs -o noexec,size=1m "$TAG" "$W"
printf '#!/bin/sh\necho script-ran\n' >"$W/s"
chmod 755 "$W/s"
for b in "${BACKENDS[@]}"; do
        run noexec-$b "$b" workspace-write "$W" "'$W/s'"
        v=$(t_json_field "$T/noexec-$b.json" verdict)
        t_check "$b: a script in a noexec workspace is the command's failure (task_failure, got $v, exit $RC)" \
                test "$v" = task_failure
done
W=$T/ws-exec
mkdir -p "$W"
cp "$T/ws-noexec/s" "$W/s"
for b in "${BACKENDS[@]}"; do
        run exec-$b "$b" workspace-write "$W" "'$W/s'"
        t_check "$b: control: the same script in a workspace that allows exec runs" grep -q script-ran "$T/exec-$b.out"
done
umount -l "$T/ws-noexec"

# ---- a workspace inside a proc mount that was moved onto another mount ------------------------
# mountinfo lists mounts as they were made, not as they are stacked: a proc mount moved onto a
# tmpfs comes before it, and the workspace inside that proc was taken to be in the tmpfs.
mkdir -p "$T/moved-src" "$T/moved"
if mount -t proc proc "$T/moved-src" && mount -t tmpfs "$TAG" "$T/moved" &&
        mount --move "$T/moved-src" "$T/moved" 2>/dev/null; then
        for b in "${BACKENDS[@]}"; do
                run moved-$b "$b" workspace-write "$T/moved/sys/kernel" "echo $TAG > '$T/moved/sys/kernel/domainname'"
                t_check "$b: a workspace inside a proc mount moved onto a tmpfs is refused (exit 125, got $RC) and leaves the host's domain name alone" \
                        bash -c '[ "$0" -eq 125 ] && "$1"' "$RC" domain_unchanged
        done
        umount -l "$T/moved"
        umount -l "$T/moved"
else
        t_ok "moved proc mount # SKIP cannot move a mount here"
fi

# ---- the workspace swapped for a symlink while bubblewrap sets up (bwrap only) ----------------
# bubblewrap binds the workspace by its path, resolved again when it mounts. A command of a
# concurrent run whose workspace holds this one's parent swaps the workspace with a relative
# symlink to /dev, over and over: bubblewrap then bound the host's /dev over the sandbox's /dev,
# where the launcher leaves mounts writable (with ../proc/sys/kernel: the host's sysctls). Each
# run must now either get the real workspace or be refused, and the host's /dev must stay
# untouched. (A run that resolves the root while it is the symlink is refused: /dev is never a
# workspace.)
if printf '%s\n' "${BACKENDS[@]}" | grep -qx bwrap; then
        P=$T/race
        mkdir -p "$P/ws"
        ln -s "$(realpath --relative-to="$P" /dev)" "$P/ws-x"
        printf '%s\n' 'import ctypes, os, sys' 'libc = ctypes.CDLL(None, use_errno=True)' \
                'd = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECTORY)' \
                'while not os.path.exists(os.path.join(sys.argv[1], "stop")):' \
                '    for _ in range(1000):' \
                '        libc.renameat2(d, b"ws", d, b"ws-x", 2)  # RENAME_EXCHANGE' >"$P/flip.py"
        "$SBX_BIN" run --quiet --backend bwrap --mode workspace-write --root "$P" -- \
                "$PY" "$P/flip.py" "$P" >/dev/null 2>"$T/flip.err" </dev/null &
        FLIP=$!
        sleep 0.5
        dev_hits=0 refused=0 ran=0
        for i in $(seq 150); do
                if "$SBX_BIN" run --quiet --backend bwrap --mode workspace-write --root "$P/ws" -- \
                        sh -c "echo pwned > /dev/$TAG-race" >/dev/null 2>&1 </dev/null; then
                        ran=$((ran + 1))
                else
                        refused=$((refused + 1))
                fi
                if [ -e "/dev/$TAG-race" ]; then
                        dev_hits=$((dev_hits + 1))
                        rm -f "/dev/$TAG-race"
                fi
        done
        touch "$P/stop"
        wait "$FLIP"
        t_diag "150 runs while the workspace was being swapped: $ran ran, $refused failed or were refused"
        t_check "bwrap: a workspace swapped for a symlink never hands the command the host's /dev ($dev_hits of 150 wrote it)" \
                test "$dev_hits" -eq 0
        [ -L "$P/ws" ] && "$PY" -c 'import ctypes, os, sys; d = os.open(sys.argv[1], os.O_RDONLY); ctypes.CDLL(None).renameat2(d, b"ws", d, b"ws-x", 2)' "$P"
        run race-control bwrap workspace-write "$P/ws" "echo data > '$P/ws/f'"
        t_check "bwrap: control: with nobody swapping it, the workspace is writable (exit $RC)" test -f "$P/ws/f"
        # the launcher finds the workspace's mount in mountinfo, which escapes these characters
        W=$T/$'-odd name\n\\134tab\t'
        mkdir -p "$W"
        (cd "$W" && "$SBX_BIN" run --backend bwrap --mode workspace-write -- \
                sh -c 'echo data > f; echo x > "$0"' "$T/odd-outside" >/dev/null 2>&1 </dev/null)
        t_check "bwrap: control: a workspace named with a space, newline, tab and backslash is writable, and only it" \
                bash -c '[ -f "$0/f" ] && [ ! -e "$1/odd-outside" ]' "$W" "$T"

        # the launcher's own check, bubblewrap driven by hand: another directory bound at the write
        # directory's path, or the write directory left unmounted, and the command never runs
        LL=$T/bin/sbx-landlock
        mkdir -p "$T/other" "$T/real"
        id=$(stat -c '%d:%i' "$T/real")
        bw=(bwrap --unshare-user --unshare-pid --ro-bind / / --dev /dev --proc /proc)
        "${bw[@]}" --bind "$T/other" "$T/real" --cap-add CAP_SYS_ADMIN -- "$LL" --seal-mounts \
                --write "$T/real" --write-id "$id" -- sh -c "echo x > '$T/real/f'" 2>"$T/ll1.err"
        rc=$?
        t_check "launcher: another directory bound at the write directory is refused (exit $rc, nothing written)" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/other/f" ] && grep -q "not the directory sbx resolved" "$2"' \
                "$rc" "$T" "$T/ll1.err"
        "${bw[@]}" --bind "$T/other" "$T/other" --cap-add CAP_SYS_ADMIN -- "$LL" --seal-mounts \
                --write "$T/real" --write-id "$id" -- sh -c "echo x > '$T/other/g'" 2>"$T/ll2.err"
        rc=$?
        t_check "launcher: a write directory that is no mount point is refused (exit $rc, nothing written)" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/other/g" ] && grep -q "not where bubblewrap mounted it" "$2"' \
                "$rc" "$T" "$T/ll2.err"
        "${bw[@]}" --bind "$T/real" "$T/real" --cap-add CAP_SYS_ADMIN -- "$LL" --seal-mounts \
                --write "$T/real" --write-id "$id" -- sh -c "echo x > '$T/real/h'" 2>"$T/ll3.err"
        rc=$?
        t_check "launcher: control: the directory itself bound there runs the command (exit $rc)" \
                bash -c '[ "$0" -eq 0 ] && [ -e "$1/real/h" ]' "$rc" "$T"
        # any other writable mount in the sandbox (one bubblewrap was told to make, or a host mount
        # that reached it before the seal) is remounted read-only: only the write directories stay
        "${bw[@]}" --bind "$T/other" "$T/other" --bind "$T/real" "$T/real" --cap-add CAP_SYS_ADMIN -- "$LL" \
                --seal-mounts --write "$T/real" --write-id "$id" -- \
                sh -c "echo x > '$T/other/ungranted'; echo y > '$T/real/granted'" 2>"$T/ll4.err"
        rc=$?
        t_check "launcher: a writable mount the policy does not grant is sealed read-only (exit $rc, nothing written there)" \
                bash -c '[ ! -e "$0/other/ungranted" ] && [ -e "$0/real/granted" ]' "$T"
fi

# ---- the workspace or its parent swapped for a symlink to a host directory (both backends) ------
# A concurrent run's command (its workspace holds this one's) exchanges the workspace, or the
# directory above it, with a symlink to a directory of the host, over and over. sbx resolves the
# root once: a run that resolved it while the symlink was there has the host directory as its
# workspace, and records it so (that is the path the caller named, read at that moment). Every
# later step must keep to what was resolved (bubblewrap's bind checked by --write-id, the Landlock
# launcher's rule opened without a symlink): a host directory written by a run that recorded
# another workspace is an escape. Both again where openat2() answers ENOSYS (the deny-sandbox
# helper's filter: a container runtime's filter older than it): the launcher then opened the rule's
# path with open(2), which followed the symlink, and a Landlock run wrote the host directory while
# it recorded the workspace beneath the swapped path (11 of 40 runs, review 55); the path is now
# walked with O_NOFOLLOW there.
printf '%s\n' 'import ctypes, os, sys' 'libc = ctypes.CDLL(None, use_errno=True)' \
        'd = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECTORY)' \
        'while not os.path.exists(os.path.join(sys.argv[1], "stop")):' \
        '    for _ in range(1000):' \
        '        libc.renameat2(d, sys.argv[2].encode(), d, sys.argv[3].encode(), 2)  # RENAME_EXCHANGE' >"$T/swap.py"
variants=(plain)
[ -x "${SBX_DENY_SANDBOX:-}" ] && variants+=(no-openat2) ||
        t_diag "no deny-sandbox helper: the swaps without openat2() are left out"
for b in "${BACKENDS[@]}"; do
        for v in "${variants[@]}"; do
                RUN_PRE=()
                [ "$v" = no-openat2 ] && RUN_PRE=("$SBX_DENY_SANDBOX" --allow-landlock --allow-userns --no-openat2 --)
                for what in workspace parent; do
                        P=$T/swap-$b-$v-$what V=$T/victim-$b-$v-$what
                        mkdir -p "$P/a/ws" "$V/ws"
                        if [ $what = workspace ]; then
                                n1=a/ws n2=a/ws-x root=$P/a/ws hostdir=$V/ws
                                ln -s "$V/ws" "$P/a/ws-x"
                        else
                                n1=a n2=a-x root=$P/a/ws hostdir=$V/ws
                                ln -s "$V" "$P/a-x"
                        fi
                        "$SBX_BIN" run --quiet --backend "$b" --mode workspace-write --root "$P" -- \
                                "$PY" "$T/swap.py" "$P" "$n1" "$n2" >/dev/null 2>"$T/swap.err" </dev/null &
                        SWAP=$!
                        sleep 0.5
                        resolved=0 escaped=0 own=0 wrong=
                        for i in $(seq 40); do
                                rm -f "$T/swap-run.json"
                                run swap-run "$b" workspace-write "$root" "echo x > '$hostdir/written'; echo x > '$root/own'"
                                if [ -e "$hostdir/written" ]; then
                                        got=$(t_json_field "$T/swap-run.json" workspace_root)
                                        if [ "$got" = "$hostdir" ]; then
                                                resolved=$((resolved + 1))
                                        else
                                                escaped=$((escaped + 1)) wrong="$got (exit $RC)"
                                        fi
                                        rm -f "$hostdir/written"
                                elif [ -e "$P/a/ws/own" ] || [ -e "$P/a-x/ws/own" ] || [ -e "$P/a/ws-x/own" ]; then
                                        own=$((own + 1))
                                fi
                                rm -f "$P/a/ws/own" "$P/a/ws-x/own" "$V/ws/own"
                        done
                        touch "$P/stop"
                        wait "$SWAP"
                        t_diag "$b, $v, $what swapped: of 40 runs $resolved resolved the root to the host directory (and recorded it), $own wrote their own workspace, the rest were refused"
                        t_check "$b, $v: the $what swapped for a symlink never lets a run write the host directory it did not record as its workspace ($escaped of 40 did: ${wrong:-none})" \
                                test "$escaped" -eq 0
                done
        done
done
RUN_PRE=()

# ---- a workspace that is a mount point on the host (bwrap only) --------------------------------
# bubblewrap's read-only bind of / copies the host's mount at the workspace path into the sandbox:
# a mount point there whatever bubblewrap did with the workspace's own bind. When a concurrent
# command swapped a parent of the workspace while bubblewrap bound it, the bind landed elsewhere
# (the host's /proc/sys/kernel over the sandbox's, where the launcher leaves mounts writable) and
# the launcher, finding that copy at the workspace path, ran the command (measured: 2 runs of 150
# wrote the host's domain name). The bubblewrap here stands for that outcome: it binds the host's
# /proc/sys/kernel where the workspace's bind was asked for.
if printf '%s\n' "${BACKENDS[@]}" | grep -qx bwrap; then
        W=$T/ws-mountpoint
        mkdir -p "$W" "$T/landed"
        mount -t tmpfs "$TAG" "$W"
        printf '%s\n' '#!/bin/bash' 'ws=$1; shift; a=()' \
                'while [ $# -gt 0 ]; do' \
                '        if [ "$1" = --bind ] && [ "$2" = "$ws" ] && [ "$3" = "$ws" ]; then' \
                '                a+=(--bind /proc/sys/kernel /proc/sys/kernel); shift 3; continue' \
                '        fi' \
                '        a+=("$1"); shift' \
                'done' \
                "exec $(command -v bwrap) \"\${a[@]}\"" >"$T/landed/bwrap-elsewhere"
        printf '#!/bin/sh\nexec %s %s "$@"\n' "$T/landed/bwrap-elsewhere" "$W" >"$T/landed/bwrap"
        chmod 755 "$T/landed" "$T/landed/bwrap" "$T/landed/bwrap-elsewhere"
        printf 'bwrap = %s\n' "$T/landed/bwrap" >"$T/landed/config"
        chmod 600 "$T/landed/config"
        domain_unchanged || echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        SBX_CONFIG=$T/landed/config "$SBX_BIN" run --backend bwrap --mode workspace-write --root "$W" -- \
                sh -c "echo $TAG > /proc/sys/kernel/domainname; echo ran > '$W/ran'" >"$T/landed.out" 2>"$T/landed.err" </dev/null
        RC=$?
        t_check "bwrap: a workspace that is a host mount point, its bind landed elsewhere: the host's domain name is unchanged" \
                domain_unchanged
        t_check "... and the command never ran (exit 125, got $RC: $(head -c 200 "$T/landed.err"))" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran" ]' "$RC" "$W"
        domain_unchanged || echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        run mountpoint-control bwrap workspace-write "$W" "echo data > '$W/f'"
        t_check "bwrap: control: a workspace that is a host mount point is writable (exit $RC)" \
                bash -c '[ "$0" -eq 0 ] && [ -f "$1/f" ]' "$RC" "$W"
        umount -l "$W"
fi

# ---- a read-only bind of sbx's state that landed elsewhere (bwrap only) --------------------------
# bubblewrap binds what sbx keeps read-only inside the workspace (here the audit database's
# directory, and every directory between the workspace and it) by its path, resolved again when
# it mounts: a concurrent command that swapped a parent of it for a symlink while bubblewrap bound
# it sent the read-only bind elsewhere, and once it swapped back the command wrote the real one
# through the workspace's writable bind (redteam review: measured with ~/.config, whose planted
# `default_mode = danger-full-access` the next run obeyed). The bubblewrap here stands for that
# outcome: it binds a decoy where those binds were asked for. The run must be refused, the
# directory untouched; control: with bubblewrap's own binds the run goes on and cannot write it.
if printf '%s\n' "${BACKENDS[@]}" | grep -qx bwrap; then
        W=$T/ws-state
        D=$T/state-decoy
        mkdir -p "$W/state" "$D/state/db" "$T/elsewhere"
        mkdir -m 700 "$W/state/db"
        printf '%s\n' '#!/bin/bash' 'ws=$1 decoy=$2; shift 2; a=()' \
                'while [ $# -gt 0 ]; do' \
                '        case $1 in --bind | --ro-bind)' \
                '                if [ "$2" = "$3" ] && [ "${2#"$ws"/}" != "$2" ]; then' \
                '                        a+=("$1" "$decoy/${2#"$ws"/}" "$decoy/${2#"$ws"/}"); shift 3; continue' \
                '                fi ;;' \
                '        esac' \
                '        a+=("$1"); shift' \
                'done' \
                "exec $(command -v bwrap) \"\${a[@]}\"" >"$T/elsewhere/bwrap-elsewhere"
        printf '#!/bin/sh\nexec %s %s %s "$@"\n' "$T/elsewhere/bwrap-elsewhere" "$W" "$D" >"$T/elsewhere/bwrap"
        chmod 755 "$T/elsewhere" "$T/elsewhere/bwrap" "$T/elsewhere/bwrap-elsewhere"
        printf 'bwrap = %s\naudit_writer = off\n' "$T/elsewhere/bwrap" >"$T/elsewhere/config"
        chmod 600 "$T/elsewhere/config"
        (cd "$W" && SBX_CONFIG=$T/elsewhere/config "$SBX_BIN" run --db "$W/state/db/audit.db" --backend bwrap \
                --mode workspace-write --root "$W" -- sh -c "echo ran > '$W/ran'; echo forged > '$W/state/db/forged'") \
                >"$T/elsewhere.out" 2>"$T/elsewhere.err" </dev/null
        RC=$?
        t_check "bwrap: the read-only bind of the database's directory landed elsewhere: nothing was written in it ($(ls "$W/state/db" | tr '\n' ' '))" \
                test ! -e "$W/state/db/forged"
        t_check "... and the command never ran (exit 125, got $RC: $(head -c 200 "$T/elsewhere.err"))" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran" ]' "$RC" "$W"
        rm -f "$W/ran" "$W/state/db/forged"
        printf 'audit_writer = off\n' >"$T/elsewhere/config-real"
        chmod 600 "$T/elsewhere/config-real"
        (cd "$W" && SBX_CONFIG=$T/elsewhere/config-real "$SBX_BIN" run --db "$W/state/db/audit.db" --backend bwrap \
                --mode workspace-write --root "$W" -- sh -c "echo ran > '$W/ran'; echo forged > '$W/state/db/forged'") \
                >"$T/elsewhere.out" 2>"$T/elsewhere.err" </dev/null
        RC=$?
        t_check "bwrap: control: with bubblewrap's own binds the run goes on, the database's directory read-only (exit $RC: $(head -c 200 "$T/elsewhere.err"))" \
                test -e "$W/ran" -a ! -e "$W/state/db/forged"
fi

# ---- sbx's own state reached through a mount inside the workspace -----------------------------
# What sbx keeps read-only in a writable workspace (the audit database's directory, the config,
# the probe cache, the runners) is found by its canonical path; a bind mount of it (or of a
# directory above it) inside the workspace is another path to the same files. Through such a
# mount a confined command rewrote the audit record (an UPDATE of every row's verdict) under both
# backends (audit review). Such a workspace is refused in workspace-write: nothing runs, the
# database is unchanged. Controls: read-only still runs there, and so does a workspace holding a
# bind of a directory sbx does not depend on.
"$SBX_BIN" run --mode read-only -- true 2>/dev/null # the database, with a row
# the rows there were before (a refused run adds its own 'unavailable' row), and none forged
db_sum() { sqlite3 -readonly "$SBX_DB" "SELECT id, state, verdict FROM executions WHERE id <= $1; SELECT count(*) FROM executions WHERE verdict = 'forged'; PRAGMA integrity_check" | sha256sum; }
for b in "${BACKENDS[@]}"; do
        W=$T/ws-dbview-$b
        mkdir -p "$W/view" "$W/up" "$T/unrelated-$b"
        # view: the database's directory bound inside; up: a directory above it
        for via in view up; do
                if [ $via = view ]; then mount --bind "$T/db" "$W/view"; else mount --bind "$T" "$W/up"; fi
                target=$W/view
                [ $via = up ] && target=$W/up/db
                last=$(sqlite3 -readonly "$SBX_DB" 'SELECT max(id) FROM executions')
                before=$(db_sum "$last")
                run dbview-$b "$b" workspace-write "$W" \
                        "echo ran > '$W/ran'; echo garbage >> '$target/audit.db'; sqlite3 '$target/audit.db' \"UPDATE executions SET verdict = 'forged'\""
                t_check "$b: the database's directory reachable at $target in the workspace: refused (exit 125, got $RC; nothing ran)" \
                        bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran" ]' "$RC" "$W"
                t_check "$b: ... the record is unchanged" test "$(db_sum "$last")" = "$before"
                t_check "$b: ... and the refusal names the mount ($ERR)" grep -qF "holds $W/$via" "$T/dbview-$b.err"
                run dbview-ro-$b "$b" read-only "$W" "echo RO-RAN"
                t_check "$b: control: read-only in that workspace still runs (exit $RC)" \
                        bash -c '[ "$0" -eq 0 ] && grep -q RO-RAN "$1"' "$RC" "$T/dbview-ro-$b.out"
                umount -l "$W/$via"
                rm -f "$W/ran"
        done
        mount --bind "$T/unrelated-$b" "$W/view"
        run dbview-control-$b "$b" workspace-write "$W" "echo data > '$W/view/f'"
        t_check "$b: control: a bind of another directory in the workspace stays writable (exit $RC)" \
                bash -c '[ "$0" -eq 0 ] && [ -f "$1/unrelated-$2/f" ]' "$RC" "$T" "$b"
        umount -l "$W/view"
done
# a workspace on a case-insensitive FUSE file system (fusefat here): bubblewrap keeps sbx's state
# in the workspace read-only by its path, but such a file system shows the same directory under
# every spelling of its name, each a dentry (and here an inode) of its own that the read-only
# mount does not cover: a command planted a file in the probe cache through $W/STATE/sbx (and a
# workspace named $W/WS holds what sbx knows as $W/ws/...). A protected path on a FUSE file system
# inside the workspace, its letters compared in either case, is refused in workspace-write.
# Control: the same workspace without sbx's state in it stays writable.
FAT_PID=
if command -v fusefat >/dev/null && command -v mkfs.vfat >/dev/null && [ -c /dev/fuse ]; then
        W=$T/ws-fat
        mkdir -p "$W"
        truncate -s 40M "$T/fat.img"
        mkfs.vfat "$T/fat.img" >/dev/null
        fusefat -f -o rw+ -o allow_other "$T/fat.img" "$W" >/dev/null 2>&1 &
        FAT_PID=$!
        for _ in $(seq 50); do mountpoint -q "$W" && break; sleep 0.1; done
        mkdir -p "$W/state"
        if mountpoint -q "$W" && [ -d "$W/STATE" ]; then
                for b in "${BACKENDS[@]}"; do
                        XDG_CACHE_HOME=$W/state run fat-$b "$b" workspace-write "$W" \
                                "echo ran > '$W/ran-$b'; echo x > '$W/STATE/sbx/planted-$b'"
                        t_check "$b: sbx's probe cache on a case-insensitive FUSE workspace: nothing planted there ($(ls "$W/state/sbx" | tr '\n' ' '))" \
                                test ! -e "$W/state/sbx/planted-$b"
                        t_check "$b: ... refused before the command (exit 125, got $RC; $(head -c 300 "$T/fat-$b.err"))" \
                                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran-$2" ]' "$RC" "$W" "$b"
                        # the workspace named in other letters than sbx's state in it: $W/WS holds
                        # what sbx knows as $W/ws/state/sbx
                        mkdir -p "$W/ws/state"
                        XDG_CACHE_HOME=$W/ws/state run fat-case-$b "$b" workspace-write "$W/WS" \
                                "echo ran > '$W/WS/ran-$b'; mkdir -p '$W/WS/state/sbx'; echo x > '$W/WS/state/sbx/planted-$b'"
                        t_check "$b: ... also in a workspace named $W/WS (exit $RC, nothing planted: $(ls "$W/ws/state/sbx" | tr '\n' ' '))" \
                                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ws/ran-$2" ] && [ ! -e "$1/ws/state/sbx/planted-$2" ]' "$RC" "$W" "$b"
                        run fat-control-$b "$b" workspace-write "$W" "echo data > '$W/f-$b'"
                        t_check "$b: control: that workspace without sbx's state is writable (exit $RC)" \
                                bash -c '[ "$0" -eq 0 ] && [ -f "$1/f-$2" ]' "$RC" "$W" "$b"
                done
        else
                t_ok "case-insensitive FUSE workspace # SKIP fusefat did not mount a case-insensitive file system"
        fi
        umount -l "$W" 2>/dev/null
        kill "$FAT_PID" 2>/dev/null
        wait "$FAT_PID" 2>/dev/null
else
        t_ok "case-insensitive FUSE workspace # SKIP no fusefat, mkfs.vfat or /dev/fuse here"
fi

# the workspace itself a second name of the database's directory
W=$T/ws-dbalias
mkdir -p "$W"
mount --bind "$T/db" "$W"
for b in "${BACKENDS[@]}"; do
        last=$(sqlite3 -readonly "$SBX_DB" 'SELECT max(id) FROM executions')
        before=$(db_sum "$last")
        run dbalias-$b "$b" workspace-write "$W" "echo ran > '$W/ran'; sqlite3 '$W/audit.db' \"UPDATE executions SET verdict = 'forged'\""
        t_check "$b: a workspace that is the database's directory under another name: refused (exit 125, got $RC)" \
                bash -c '[ "$0" -eq 125 ] && [ ! -e "$1/ran" ]' "$RC" "$W"
        t_check "$b: ... the record is unchanged" test "$(db_sum "$last")" = "$before"
done
umount -l "$W"

# ---- a writable host mount beneath a directory the user may not search (bwrap) ----------------
# Another user's 0700 /run/user/N with its portal mounts, /var/lib/docker's 0710 with its
# containers': the launcher could not resolve such a mount to seal it (EACCES), and every run
# under bubblewrap on the host was refused (exit 125, "cannot remount ... Permission denied"):
# nobody's, and root's too when the directory's owner is not mapped in the sandbox (root's
# override does not reach it). Every mount is now made read-only by the mount tree, which needs
# no path: the run goes on, the directory keeps its own mode in the sandbox, and the mount stays
# read-only even when the host opens the directory while the command runs (a chmod 755 here,
# between the command's two tries).
if [[ " ${BACKENDS[*]} " == *" bwrap "* ]]; then
        C=$T/closed
        mkdir -p "$C/m" "$T/open-src" "$T/nb/ws" "$T/nb/home"
        chmod 777 "$T/open-src" # writable by anyone who reaches it
        chown -R 65534:65534 "$T/nb"
        mount --bind "$T/open-src" "$C/m"
        who_list=(root)
        "${T_NOBODY[@]}" true 2>/dev/null && who_list+=(nobody)
        # closed_to WHO: $C closed to WHO's runs (root's: owned by a uid bubblewrap does not map)
        closed_to() {
                if [ "$1" = root ]; then
                        as=(env) owner=12345 home=$T/root-home
                        mkdir -p -m 700 "$home"
                else
                        as=("${T_NOBODY[@]}" env) owner=0 home=$T/nb/home
                fi
                chown "$owner:$owner" "$C"
                chmod 700 "$C"
        }
        # sbx_as ARGS...: sbx run --backend bwrap ARGS as closed_to's user, inside "${jail[@]}"
        jail=()
        sbx_as() {
                "${jail[@]}" "${as[@]}" HOME="$home" XDG_STATE_HOME= XDG_CACHE_HOME="$home/.cache" \
                        "$T/bin/sbx" run --db "$home/audit.db" --backend bwrap "$@"
        }
        for who in "${who_list[@]}"; do
                for mode in read-only workspace-write; do
                        closed_to "$who"
                        rm -f "$T/nb/go"
                        # the host opens the directory once the command runs, then lets it try
                        # again (a file the host makes is seen through the sandbox's view)
                        (
                                for _ in $(seq 1 100); do pgrep -f "closed-probe-$T_MARK-$who-$mode" >/dev/null && break; sleep 0.05; done
                                sleep 0.2
                                chmod 755 "$C"
                                touch "$T/nb/go"
                        ) &
                        opener=$!
                        sbx_as --mode "$mode" --root "$T/nb/ws" -- \
                                sh -c 'stat -c %a "$1"; echo x >"$1/m/before"
                                       i=0; while [ ! -e "$2/go" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
                                       echo y >"$1/m/after"; exit 0' "closed-probe-$T_MARK-$who-$mode" "$C" "$T/nb" \
                                >"$T/closed.out" 2>"$T/closed.err" </dev/null
                        RC=$?
                        wait "$opener"
                        t_check "bwrap, $who, $mode: a writable mount beneath a directory the user may not search: the run goes on (exit $RC: $(head -c 200 "$T/closed.err" | tr '\n' '|'))" \
                                test "$RC" = 0
                        t_check "bwrap, $who, $mode: ... that directory is closed to the command, with its own mode (mode $(head -n 1 "$T/closed.out"))" \
                                test "$(head -n 1 "$T/closed.out")" = 700
                        t_check "bwrap, $who, $mode: ... nothing is written through the mount, even once the host opened the directory ($(ls "$T/open-src" | tr '\n' ' '))" \
                                test -z "$(ls -A "$T/open-src")"
                        rm -f "$T/open-src"/*
                done
        done
        chown 0:0 "$C"
        umount -l "$C/m"

        # A seal by path can be escaped by the host: a directory beneath the closed one renamed out
        # of it during the run takes the mount on it along. With a cover of the closed directory
        # (an earlier fix) that mount stayed writable in the sandbox and the command's write
        # landed there (adversarial review); the seal by the mount tree has no path to escape.
        mkdir -p "$C/sub/m" "$T/away" "$T/nb/ws/w"
        chmod 777 "$T/nb/ws/w" # root's run writes there too: nobody's files are not its in the sandbox
        mount --bind "$T/open-src" "$C/sub/m"
        for who in "${who_list[@]}"; do
                closed_to "$who"
                rm -f "$T/nb/go"
                (
                        for _ in $(seq 1 100); do pgrep -f "renamed-probe-$T_MARK-$who" >/dev/null && break; sleep 0.05; done
                        sleep 0.2
                        mv "$C/sub" "$T/away/sub"
                        touch "$T/nb/go"
                ) &
                opener=$!
                sbx_as --mode workspace-write --root "$T/nb/ws" -- \
                        sh -c 'i=0; while [ ! -e "$2/go" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
                               echo z >"$1/sub/m/renamed"; echo w >"$3/in-ws"; exit 0' "renamed-probe-$T_MARK-$who" "$T/away" "$T/nb" \
                        "$T/nb/ws/w" >"$T/closed.out" 2>"$T/closed.err" </dev/null
                RC=$?
                wait "$opener"
                t_check "bwrap, $who: a mount renamed out of the closed directory on the host stays read-only ($(ls "$T/open-src" | tr '\n' ' '))" \
                        test -z "$(ls -A "$T/open-src")"
                t_check "bwrap, $who: ... and the workspace stays writable (exit $RC: $(head -c 200 "$T/closed.err" | tr '\n' '|'))" \
                        test "$RC" = 0 -a -e "$T/nb/ws/w/in-ws"
                rm -f "$T/open-src"/* "$T/nb/ws/w/in-ws"
                mv "$T/away/sub" "$C/sub"
        done
        chown 0:0 "$C"
        umount -l "$C/sub/m"

        # Before Linux 5.12 (no mount_setattr, simulated by deny-sandbox) the launcher remounts each
        # mount by its path: one beneath a directory the user may not search cannot be, and a
        # chmod or rename on the host could open the way to it, so the run is refused, naming why;
        # with no such mount the run goes on, sealed by path.
        if [ -x "${SBX_DENY_SANDBOX:-}" ]; then
                mkdir -p "$T/opened/m" "$T/nb/ws2"
                chmod 777 "$T/nb/ws2" # root's run writes there too
                mount --bind "$T/open-src" "$T/opened/m"
                mount --bind "$T/open-src" "$C/sub/m"
                jail=("$SBX_DENY_SANDBOX" --allow-landlock --allow-userns --no-mount-setattr --)
                for who in "${who_list[@]}"; do
                        closed_to "$who"
                        for closed in yes no; do
                                [ "$closed" = no ] && chmod 755 "$C" && umount -l "$C/sub/m"
                                sbx_as --mode workspace-write --root "$T/nb/ws2" -- \
                                        sh -c 'echo w >"$1/in-ws"; echo x >"$2/m/by-path" || exit 3; exit 0' sh "$T/nb/ws2" "$T/opened" \
                                        >"$T/closed.out" 2>"$T/closed.err" </dev/null
                                RC=$?
                                err=$(head -c 300 "$T/closed.err" | tr '\n' '|')
                                if [ "$closed" = yes ]; then
                                        t_check "bwrap without mount_setattr, $who: a writable mount beneath a directory the user may not search refuses the run (exit $RC: $err)" \
                                                test "$RC" = 125 -a ! -e "$T/nb/ws2/in-ws"
                                        t_check "bwrap without mount_setattr, $who: ... naming the mount and why" \
                                                grep -q "cannot remount $C/sub/m read-only: a directory on its path is closed to the command" "$T/closed.err"
                                else
                                        t_check "bwrap without mount_setattr, $who: without such a mount the run goes on, its workspace writable (exit $RC: $err)" \
                                                test -e "$T/nb/ws2/in-ws"
                                        t_check "bwrap without mount_setattr, $who: ... and a writable host mount stays read-only ($(ls "$T/open-src" | tr '\n' ' '))" \
                                                test -z "$(ls -A "$T/open-src")" -a "$RC" = 3
                                fi
                                rm -f "$T/open-src"/* "$T/nb/ws2/in-ws"
                        done
                        mount --bind "$T/open-src" "$C/sub/m"
                done
                jail=()
                chown 0:0 "$C"
                umount -l "$C/sub/m"
                umount -l "$T/opened/m"
        else
                t_diag "skipped the seal by path: needs the deny-sandbox helper"
        fi
else
        t_diag "skipped the unsearchable-directory case: needs bubblewrap"
fi

# ---- a mount moved on the host while the launcher seals by path (bwrap, no mount_setattr) -------
# Without mount_setattr the launcher remounts each mount by the path it read in mountinfo, and took
# a path that no longer reached a mount (ENOENT, EINVAL) for one hidden beneath another. A host
# mount that reached the sandbox before the seal (propagation from a shared mount), whose parent
# the host then renamed between the read of mountinfo and the remount, stayed writable at its new
# path and the command wrote there. strace holds the launcher at its first two mount calls (the cut
# of propagation, then the first remount): the host mounts during the first, renames during the
# second. Now the run is refused; control: without the rename the mount is sealed read-only.
if [[ " ${BACKENDS[*]} " == *" bwrap "* ]] && [ -x "${SBX_DENY_SANDBOX:-}" ] && command -v strace >/dev/null &&
        [ "$(uname -m)" = x86_64 ]; then # 165: mount(2) in /proc/PID/syscall
        S=$T/moved-seal
        mkdir -p "$S/shared/p/m" "$S/src" "$S/ws"
        mount --bind "$S/shared" "$S/shared" && mount --make-shared "$S/shared"
        # held PATTERN: the launcher stopped by strace at a mount call whose flags match PATTERN (this
        # run's launcher, whose command names $S: the first of the machine's was another suite's
        # beside, and this one was never seen held)
        held() {
                local pid p
                for _ in $(seq 1 200); do
                        pid=
                        for p in $(pgrep -x sbx-landlock); do
                                tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -qF " $S/ws " && { pid=$p; break; }
                        done
                        [ -n "$pid" ] && grep -Eq "^165 0x0 0x[0-9a-f]+ 0x0 $1 " "/proc/$pid/syscall" 2>/dev/null && return 0
                        sleep 0.05
                done
                return 1
        }
        for rename in yes no; do
                (
                        held 0x44000 && mount --bind "$S/src" "$S/shared/p/m" # MS_REC | MS_PRIVATE
                        [ $rename = yes ] && held '0x[0-9a-f]*1[0-9a-f]2[0-9a-f]' && mv "$S/shared/p" "$S/shared/q"
                ) &
                host=$!
                strace -f -qq -o /dev/null -e trace=mount -e inject=mount:delay_enter=2000000:when=1..2 \
                        env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$SBX_DENY_SANDBOX" --allow-landlock --allow-userns --no-mount-setattr -- "$SBX_BIN" run \
                        --backend bwrap --mode workspace-write --root "$S/ws" -- \
                        sh -c 'echo w >"$1/in-ws"; echo x >"$2/q/m/moved"; echo x >"$2/p/m/in-place"; exit 0' \
                        sh "$S/ws" "$S/shared" >"$T/moved-seal.out" 2>"$T/moved-seal.err" </dev/null
                RC=$?
                wait "$host"
                err=$(head -c 300 "$T/moved-seal.err" | tr '\n' '|')
                t_check "bwrap without mount_setattr, rename=$rename: a host mount is never written ($(ls "$S/src" | tr '\n' ' '); exit $RC: $err)" \
                        test -z "$(ls -A "$S/src")"
                if [ $rename = yes ]; then
                        t_check "bwrap without mount_setattr: ... its parent renamed while sealing refuses the run (exit $RC)" \
                                test "$RC" = 125 -a ! -e "$S/ws/in-ws"
                        umount -l "$S/shared/q/m"
                        mv "$S/shared/q" "$S/shared/p"
                else
                        t_check "bwrap without mount_setattr: control: left in place, it is sealed and the run goes on (exit $RC)" \
                                test "$RC" = 0 -a -e "$S/ws/in-ws"
                        umount -l "$S/shared/p/m"
                fi
                rm -f "$S/src"/* "$S/ws/in-ws"
        done
        # A mount covered by another one mounted on a directory above it (both from the host, before
        # the seal) was taken to be out of reach, and left writable: a rename on the host (by a
        # process of another mount namespace, where the two are not mounted) carries its mount
        # point out from under the cover, and the command wrote there. Only a mount on its root,
        # or on the root of a mount above it, keeps it out of reach for good; this one now refuses
        # the run. (LeakSanitizer cannot run under strace: it is off for these runs.)
        mkdir -p "$S/shared/a/b" "$S/shared/c"
        rm -f "$S/go"
        (
                held 0x44000 && mount --bind "$S/src" "$S/shared/a/b" && mount -t tmpfs "$TAG" "$S/shared/a"
                for _ in $(seq 1 200); do [ -e "$S/ws/waiting" ] && break; sleep 0.05; done
                unshare -m --propagation private sh -c 'umount -l "$1/a" && umount -l "$1/a/b" && mv "$1/a/b" "$1/c/b"' \
                        sh "$S/shared"
                touch "$S/go"
        ) &
        host=$!
        strace -f -qq -o /dev/null -e trace=mount -e inject=mount:delay_enter=2000000:when=1 \
                env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$SBX_DENY_SANDBOX" --allow-landlock --allow-userns --no-mount-setattr -- "$SBX_BIN" run \
                --backend bwrap --mode workspace-write --root "$S/ws" -- \
                sh -c 'echo w >"$1/waiting"; i=0; while [ ! -e "$3" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
                       echo x >"$2/c/b/uncovered"; exit 0' sh "$S/ws" "$S/shared" "$S/go" \
                >"$T/moved-seal.out" 2>"$T/moved-seal.err" </dev/null
        RC=$?
        touch "$S/ws/waiting"
        wait "$host"
        t_check "bwrap without mount_setattr: a host mount covered from a directory above it is never written, even carried out from under it ($(ls "$S/src" | tr '\n' ' '); exit $RC: $(head -c 300 "$T/moved-seal.err" | tr '\n' '|'))" \
                test -z "$(ls -A "$S/src")" -a "$RC" = 125
        umount -l "$S/shared/a"
        umount -l "$S/shared/c/b" 2>/dev/null || umount -l "$S/shared/a/b"
        rm -rf "$S/shared/a" "$S/shared/c"
        rm -f "$S/src"/* "$S/ws/waiting" "$S/go"
        umount -l "$S/shared"
else
        t_diag "skipped the mount moved while sealing by path: needs bubblewrap, the deny-sandbox helper, strace and x86_64"
fi

# ---- the host's device nodes in bubblewrap's /dev (bwrap) --------------------------------------
# bubblewrap's /dev holds binds of the host's /dev/null, /dev/zero, /dev/full, ...: files of the
# host's devtmpfs. The launcher left every mount beneath /dev writable, and a read-only run as
# root set the host's /dev/full's times and mode (its owner, uid 0, needs no capability for that);
# nobody's set them to now. Only bubblewrap's own file systems there stay writable; a device is
# written through a read-only mount all the same. (Mode and times are put back whatever happens.)
if [[ " ${BACKENDS[*]} " == *" bwrap "* ]]; then
        DEVT=$(stat -c %y /dev/full) DEVM=$(stat -c %a /dev/full)
        mkdir -p "$T/devnodes/ws" "$T/devnodes/home"
        chown 65534:65534 "$T/devnodes/ws" "$T/devnodes/home"
        for who in root nobody; do
                if [ $who = root ]; then
                        as=(env) home=$T/devnodes/root-home
                        mkdir -p -m 700 "$home"
                else
                        "${T_NOBODY[@]}" true 2>/dev/null || continue
                        as=("${T_NOBODY[@]}" env) home=$T/devnodes/home
                fi
                for mode in read-only workspace-write; do
                        "${as[@]}" HOME="$home" XDG_STATE_HOME= XDG_CACHE_HOME="$home/.cache" "$T/bin/sbx" run \
                                --db "$home/audit.db" --backend bwrap --mode "$mode" --root "$T/devnodes/ws" -- \
                                sh -c 'touch /dev/full; touch -m -d "2001-02-03 04:05:06" /dev/full; chmod "$1" /dev/full
                                       echo x >/dev/null && head -c 1 /dev/zero | wc -c && echo x >/dev/shm/f && echo usable' \
                                sh "$DEVM" >"$T/devnodes.out" 2>"$T/devnodes.err" </dev/null
                        RC=$?
                        now_t=$(stat -c %y /dev/full) now_m=$(stat -c %a /dev/full)
                        touch -m -d "$DEVT" /dev/full
                        chmod "$DEVM" /dev/full
                        t_check "bwrap, $who, $mode: the host's /dev/full keeps its times and mode ($now_t, $now_m; $(head -c 200 "$T/devnodes.err" | tr '\n' '|'))" \
                                test "$now_t" = "$DEVT" -a "$now_m" = "$DEVM"
                        t_check "bwrap, $who, $mode: control: /dev/null, /dev/zero and /dev/shm are usable (exit $RC)" \
                                grep -q usable "$T/devnodes.out"
                done
        done
fi

t_finish
