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
T=$(t_mktemp_dir)
TAG="sbx-wsm-$$"
HOST_DOMAINNAME=$(cat /proc/sys/kernel/domainname)
LOOP=

cleanup() {
        [ "$(cat /proc/sys/kernel/domainname)" != "$HOST_DOMAINNAME" ] &&
                echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        grep -o " $T/[^ ]*" /proc/self/mountinfo | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
        [ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
        rm -f "/etc/$TAG"-*
        t_cleanup
}
trap cleanup EXIT

t_copy_tools "$T/bin" || { echo "not ok - cannot copy sbx to $T/bin"; exit 1; }
export SBX_DB=$T/db/audit.db XDG_CACHE_HOME=$T/cache
mkdir -m 700 "$T/db"
unset SBX_CONFIG SBX_SESSION
t_usable_backends "$T/db/probe.db"

domain_unchanged() { [ "$(cat /proc/sys/kernel/domainname)" = "$HOST_DOMAINNAME" ]; }
export -f domain_unchanged
export HOST_DOMAINNAME

# a loop device over a file, reached through a bind of the host's /dev inside a workspace
truncate -s 1M "$T/disk.img"
LOOP=$(losetup -f --show "$T/disk.img" 2>/dev/null) || LOOP=
[ -z "$LOOP" ] && t_diag "no loop device here: the device vector is left out"

# run NAME BACKEND MODE ROOT SCRIPT: sbx run in ROOT; RC, ERR (the host's domain name is put back
# after the checks of the run before, so that each check sees only its own run)
run() {
        domain_unchanged || echo "$HOST_DOMAINNAME" >/proc/sys/kernel/domainname
        "$SBX_BIN" run --backend "$2" --mode "$3" --root "$4" --verdict-json "$T/$1.json" -- sh -c "$5" \
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

t_finish
