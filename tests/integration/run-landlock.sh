#!/usr/bin/env bash
# The Landlock launcher (sbx-landlock) run directly, and the landlock backend through `sbx run`:
# file effects denied or allowed as each mode promises, checked on the host, as root and as the
# unprivileged user nobody; launcher failures (exit 125, "sbx-landlock: ", status-fd record).
# Exit 77 when Landlock is unavailable on this host.
set -u

LAUNCHER_BUILT=${SBX_LANDLOCK_EXE:?SBX_LANDLOCK_EXE is not set}
SBX=${SBX:-}

fails=0
checks=0
ok() { checks=$((checks + 1)); echo "ok   - $*"; }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL - $*"; }
# record_paths JSON: a verdict record's "VERDICT:PATH...:EXIT_CODE", its denials' paths joined by ':'
record_paths() {
        "$PY" -c 'import json, sys; o = json.load(open(sys.argv[1])); print("%s:%s:%s" % (o["verdict"], ":".join(x["path"] or "" for x in o["denials"]), o["exit_code"]))' "$1"
}
# status_row DIR BACKEND MODE JSON ARGS...: ARGS run by sbx in DIR as the user of pre (its database
# in d), rc its exit status and got its record's record_paths (none where it was refused, 125)
status_row() {
        local at=$1 b=$2 mode=$3 json=$4
        shift 4
        ( cd "$at" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend "$b" --mode "$mode" --verdict-json "$json" \
                -- "$@" ) >/dev/null 2>&1
        rc=$?
        got=$([ $rc -eq 125 ] || record_paths "$json")
}
check() { # check DESCRIPTION COMMAND...
        local d=$1
        shift
        if "$@"; then ok "$d"; else bad "$d"; fi
}

# The modes and the temp area count on no caller: under a CI machine's umask 000 the databases'
# directories made here were writable by others and sbx refused the runs (exit 125); a caller's
# TMPDIR (its own user's directory) refused nobody's temp areas. This test's places are /tmp's.
umask 022
unset TMPDIR
# (its directory carries the suite's mark, as lib-common.sh's T_SUITE: .ci/after-suite tells it
# from another clone's suite's)
mark=$( (cd "${SBX_SOURCE_ROOT:-$(dirname "$0")/../..}" 2>/dev/null && pwd -P) | cksum | cut -d' ' -f1)
T=$(mktemp -d "/tmp/sbx-ll-test-s$(printf '%05d' $((mark % 100000))).XXXXXX") || exit 1
chmod 755 "$T"
# Host places outside the workspace a write must never reach.
OUTSIDE=(/tmp /var/tmp /dev/shm "${HOME:-/root}")
# the mark in its names in /tmp and its message queue too
tag="sbx-ll-test-s$(printf '%05d' $((mark % 100000)))-$$-$RANDOM"
cleanup() {
        # a mount left busy (a process still in it) is detached all the same: never left behind
        for m in "$T/fskey" "$T/btrfs"; do
                mountpoint -q "$m" 2>/dev/null && { umount "$m" 2>/dev/null || umount -l "$m"; }
        done
        for d in "${OUTSIDE[@]}"; do rm -rf "$d/$tag"* 2>/dev/null; done
        [ -n "${pr_old:-}" ] && echo "$pr_old" >/proc/sys/fs/protected_regular
        rm -rf "$T"
}
trap cleanup EXIT

# A copy the unprivileged user can reach whatever the build directory's permissions.
L="$T/sbx-landlock"
cp "$LAUNCHER_BUILT" "$L" && chmod 755 "$L" || exit 1

probe_err=$("$L" --mode read-only -- true 2>&1)
probe_rc=$?
if [ $probe_rc -eq 125 ] && grep -Eq 'Landlock is (not supported|disabled)' <<<"$probe_err"; then
        echo "SKIP: Landlock unavailable: $probe_err"
        exit 77
fi
if [ $probe_rc -ne 0 ]; then
        echo "FAIL - the launcher cannot run 'true': rc=$probe_rc $probe_err"
        exit 1
fi

NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
# WHO: root, and nobody when this test runs as root (only root can become nobody). An ordinary
# user's run checks its own half under the label root.
WHO=(root)
if [ "$(id -u)" != 0 ]; then
        echo "note - not root: the nobody halves are left out"
elif ! "${NOBODY[@]}" true 2>/dev/null; then
        echo "note - no user nobody here: the nobody halves are left out"
else
        WHO+=(nobody)
fi
has_nobody() { [ "${WHO[1]:-}" = nobody ]; }
# PART: meson runs this file as two tests side by side (it took 263 s whole beside other suites):
# "root" checks all but the nobody half of the per-user rows through sbx run, "nobody" that half
# alone (77 where there is no nobody); none, both.
PART=${1:-}
LOOP_WHO=("${WHO[@]}")
case $PART in
"") ;;
root) LOOP_WHO=(root) ;;
nobody)
        has_nobody || { echo "skip - no user nobody here (or not root): the nobody part has nothing to run"; exit 77; }
        LOOP_WHO=(nobody) ;;
*) echo "usage: $0 [root|nobody]" >&2; exit 2 ;;
esac
not_nobody_part() { [ "$PART" != nobody ]; }
# The system interpreter: a per-user shim (pyenv) in PATH is not usable by nobody.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
export PY

# (the launcher's own rows, and the rows through sbx run outside the per-user loop below: the root
# part's)
if not_nobody_part; then
# ---- read-only ---------------------------------------------------------------------------

readonly_suite() { # readonly_suite LABEL WS [RUNAS...]
        local who=$1 ws=$2
        shift 2
        local -a as=("$@")
        local run=("${as[@]}" "$L" --mode read-only --)
        local before

        echo data >"$ws/keep" && echo data >"$ws/victim" && mkdir -p "$ws/dir" "$ws/emptydir" && echo x >"$ws/dir/f"
        [ ${#as[@]} -gt 0 ] && chown -R 65534:65534 "$ws"
        before=$(stat -c '%a %u %g %Y' "$ws/victim")

        "${run[@]}" sh -c "echo new > '$ws/created'" 2>/dev/null
        check "$who read-only: create in the workspace is denied" test ! -e "$ws/created"
        "${run[@]}" sh -c "echo over > '$ws/victim'" 2>/dev/null
        check "$who read-only: overwrite is denied" grep -qx data "$ws/victim"
        "${run[@]}" sh -c "echo more >> '$ws/victim'" 2>/dev/null
        check "$who read-only: append is denied" test "$(cat "$ws/victim")" = data
        "${run[@]}" truncate -s 0 "$ws/victim" 2>/dev/null
        check "$who read-only: truncate(2) is denied" test -s "$ws/victim"
        "${run[@]}" "$PY" -c "import os; os.close(os.open('$ws/victim', os.O_RDONLY | os.O_TRUNC))" 2>/dev/null
        check "$who read-only: open(O_RDONLY|O_TRUNC) is denied" test -s "$ws/victim"
        "${run[@]}" mkdir "$ws/newdir" 2>/dev/null
        check "$who read-only: mkdir is denied" test ! -e "$ws/newdir"
        "${run[@]}" rmdir "$ws/emptydir" 2>/dev/null
        check "$who read-only: rmdir is denied" test -d "$ws/emptydir"
        "${run[@]}" rm -f "$ws/keep" 2>/dev/null
        check "$who read-only: unlink is denied" test -e "$ws/keep"
        "${run[@]}" mv "$ws/keep" "$ws/renamed" 2>/dev/null
        check "$who read-only: rename is denied" test -e "$ws/keep" -a ! -e "$ws/renamed"
        "${run[@]}" ln "$ws/keep" "$ws/hardlink" 2>/dev/null
        check "$who read-only: hard link is denied" test ! -e "$ws/hardlink"
        "${run[@]}" ln -s /etc/passwd "$ws/symlink" 2>/dev/null
        check "$who read-only: symlink is denied" test ! -L "$ws/symlink"
        "${run[@]}" mkfifo "$ws/fifo" 2>/dev/null
        check "$who read-only: mkfifo is denied" test ! -e "$ws/fifo"
        "${run[@]}" "$PY" -c "import socket; socket.socket(socket.AF_UNIX).bind('$ws/sock')" 2>/dev/null
        check "$who read-only: unix socket bind is denied" test ! -e "$ws/sock"
        "${run[@]}" sh -c "echo x > /proc/self/cwd/created2" 2>/dev/null
        check "$who read-only: write through /proc/self/cwd is denied" test ! -e "$ws/created2"
        for d in "${OUTSIDE[@]}"; do
                "${run[@]}" sh -c "echo x > '$d/$tag-ro'" 2>/dev/null
                check "$who read-only: write to $d is denied" test ! -e "$d/$tag-ro"
        done
        # metadata: Landlock does not govern these; the launcher's seccomp filter does
        "${run[@]}" chmod 0777 "$ws/victim" 2>/dev/null
        "${run[@]}" chown 65534:65534 "$ws/victim" 2>/dev/null
        "${run[@]}" touch -m -d '2001-01-01' "$ws/victim" 2>/dev/null
        check "$who read-only: chmod, chown, touch -m leave no trace" test "$(stat -c '%a %u %g %Y' "$ws/victim")" = "$before"
        err=$("${run[@]}" chmod 0777 "$ws/victim" 2>&1)
        check "$who read-only: chmod fails with 'Permission denied'" grep -q 'Permission denied' <<<"$err"
        # xattr: setfattr (Debian package attr), else the same syscall from Python
        if command -v setfattr >/dev/null && command -v getfattr >/dev/null; then
                setx() { setfattr -n "$2" -v 1 "$1"; }
                getx() { getfattr --absolute-names --only-values -n "$2" "$1" 2>/dev/null; }
        else
                echo "note - setfattr/getfattr missing (package attr): using python3 os.setxattr"
                setx() { "$PY" -c 'import os, sys; os.setxattr(sys.argv[1], sys.argv[2], b"1")' "$1" "$2"; }
                getx() { "$PY" -c 'import os, sys; print(os.getxattr(sys.argv[1], sys.argv[2]).decode())' "$1" "$2" 2>/dev/null; }
        fi
        if "${as[@]}" bash -c "$(declare -f setx); setx '$ws/keep' user.sbxprobe" 2>/dev/null; then
                "${run[@]}" bash -c "$(declare -f setx); setx '$ws/victim' user.sbx" 2>/dev/null
                check "$who read-only: setting an xattr is denied" test -z "$(getx "$ws/victim" user.sbx)"
        else
                echo "note - $who: this file system has no user xattrs; xattr check not applicable"
        fi
        # positive controls (the Python-based checks above prove nothing if Python cannot run)
        "${run[@]}" "$PY" -c 'pass'
        check "$who read-only: $PY runs confined" test $? -eq 0
        out=$("${run[@]}" cat "$ws/dir/f")
        check "$who read-only: reading works" test "$out" = x
        "${run[@]}" sh -c 'echo x > /dev/null && : > /dev/null && echo x > /dev/zero'
        check "$who read-only: /dev/null and /dev/zero are writable sinks" test $? -eq 0
        "${run[@]}" sh -c 'exit 7'
        check "$who read-only: the command's exit status passes through" test $? -eq 7
}

ws_root="$T/ws-root"
mkdir "$ws_root"
readonly_suite root "$ws_root"
if has_nobody; then
        ws_nobody="$T/ws-nobody"
        mkdir "$ws_nobody"
        readonly_suite nobody "$ws_nobody" "${NOBODY[@]}"
fi

# ---- workspace-write ---------------------------------------------------------------------

write_suite() { # write_suite LABEL WS TMP [RUNAS...]
        local who=$1 ws=$2 tmp=$3
        shift 3
        local -a as=("$@")
        local run=("${as[@]}" "$L" --mode workspace-write --write "$ws" --write "$tmp" --)

        [ ${#as[@]} -gt 0 ] && chown -R 65534:65534 "$ws" "$tmp"
        "${run[@]}" sh -c "echo one > '$ws/a' && mv '$ws/a' '$ws/b' && mkdir '$ws/d' && mv '$ws/b' '$ws/d/c'"
        check "$who workspace-write: create and rename (also across directories) land on the host" grep -qx one "$ws/d/c"
        "${run[@]}" truncate -s 1 "$ws/d/c"
        check "$who workspace-write: truncate lands" test "$(stat -c %s "$ws/d/c")" = 1
        "${run[@]}" sh -c "echo long > '$ws/t' && : > '$ws/t'"
        check "$who workspace-write: O_TRUNC lands" test -e "$ws/t" -a ! -s "$ws/t"
        "${run[@]}" rm -r "$ws/d"
        check "$who workspace-write: delete lands" test ! -e "$ws/d"
        "${run[@]}" sh -c "echo x > '$tmp/scratch'"
        check "$who workspace-write: the temp area is writable" test -e "$tmp/scratch"
        "${run[@]}" chmod 0600 "$ws/t"
        check "$who workspace-write: chmod inside the workspace works" test "$(stat -c %a "$ws/t")" = 600
        "${run[@]}" mv "$ws/t" "$T/moved-out" 2>/dev/null
        check "$who workspace-write: moving a file out of the workspace is denied" test -e "$ws/t" -a ! -e "$T/moved-out"
        for d in "${OUTSIDE[@]}"; do
                "${run[@]}" sh -c "echo x > '$d/$tag-ww'" 2>/dev/null
                check "$who workspace-write: write to $d is denied" test ! -e "$d/$tag-ww"
        done
        err=$("${run[@]}" sh -c "echo x > '$T/outside'" 2>&1)
        check "$who workspace-write: a write outside says 'Permission denied'" grep -q 'Permission denied' <<<"$err"
        check "$who workspace-write: ... and is absent" test ! -e "$T/outside"
}

mkdir "$T/ww-root" "$T/tmp-root" "$T/ww-nobody" "$T/tmp-nobody"
write_suite root "$T/ww-root" "$T/tmp-root"
has_nobody && write_suite nobody "$T/ww-nobody" "$T/tmp-nobody" "${NOBODY[@]}"

# ---- the seccomp filter: raw syscalls a tool would not use ----------------------------------

# the i386 snippets of raw.py and ipc.py run through this, beside them
cat >"$T/sbx_i386.py" <<'PY'
import ctypes, os
def i386_call(base):
    # in a child: where the kernel runs no i386 syscalls, int $0x80 may kill the caller (SIGSEGV,
    # seen under a paravirtualised kernel) rather than fail with ENOSYS
    pid = os.fork()
    if pid == 0:
        r = ctypes.CFUNCTYPE(ctypes.c_int)(base)()
        os._exit(0 if r >= 0 else min(-r, 255))
    st = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    return st if st >= 0 else "SIG%d" % -st
PY
cat >"$T/raw.py" <<'PY'
import ctypes, errno, fcntl, os, platform, sys
libc = ctypes.CDLL(None, use_errno=True)
path = sys.argv[1].encode()
AT_FDCWD = -100
def call(nr, *args):
    r = libc.syscall(nr, *args)
    return 0 if r >= 0 else ctypes.get_errno()
from sbx_i386 import i386_call
res = {}
val = ctypes.create_string_buffer(b"1")
class XattrArgs(ctypes.Structure):
    _fields_ = [("value", ctypes.c_uint64), ("size", ctypes.c_uint32), ("flags", ctypes.c_uint32)]
xa = XattrArgs(ctypes.addressof(val), 1, 0)
res["fchmodat2"] = call(452, AT_FDCWD, path, 0o777, 0)
res["setxattrat"] = call(463, AT_FDCWD, path, 0, b"user.sbx", ctypes.byref(xa), ctypes.sizeof(xa))
res["removexattrat"] = call(466, AT_FDCWD, path, 0, b"user.sbx-old")
class FileAttr(ctypes.Structure):
    _fields_ = [("xflags", ctypes.c_uint64), ("extsize", ctypes.c_uint32), ("nextents", ctypes.c_uint32),
                ("projid", ctypes.c_uint32), ("cowextsize", ctypes.c_uint32)]
fa = FileAttr(0x40, 0, 0, 0, 0)  # FS_XFLAG_NOATIME
res["file_setattr"] = call(469, AT_FDCWD, path, ctypes.byref(fa), ctypes.c_size_t(ctypes.sizeof(fa)), 0)
res["io_uring_setup"] = call(425, 8, ctypes.create_string_buffer(120))
if platform.machine() == "x86_64":
    res["x32 chmod"] = call(90 | 0x40000000, path, 0o777)
    # i386 chmod (15) through int $0x80, code and path in the low 4 GiB (MAP_32BIT)
    import mmap, struct
    m = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x40,
                  prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    base = ctypes.addressof(ctypes.c_char.from_buffer(m))
    # push rbx; mov eax, 15; mov ebx, path; mov ecx, 0777; int $0x80; pop rbx; ret
    m.write(b"\x53\xb8" + struct.pack("<I", 15) + b"\xbb" + struct.pack("<I", base + 2048) +
            b"\xb9" + struct.pack("<I", 0o777) + b"\xcd\x80\x5b\xc3")
    m.seek(2048)
    m.write(path + b"\0")
    res["i386 chmod"] = i386_call(base)
fd = os.open(path, os.O_RDONLY)
try:
    fcntl.ioctl(fd, 0x40086602, ctypes.c_long(0))  # FS_IOC_SETFLAGS (chattr)
    res["FS_IOC_SETFLAGS"] = 0
except OSError as e:
    res["FS_IOC_SETFLAGS"] = e.errno
# a new pty's master (its slave, made after the ruleset, is no terminal of the run's: refused)
m = os.open("/dev/ptmx", os.O_RDWR | os.O_NOCTTY)
try:
    fcntl.ioctl(m, 0x5412, b"x")  # TIOCSTI
    res["TIOCSTI"] = 0
except OSError as e:
    res["TIOCSTI"] = e.errno
# on a descriptor that is no terminal the kernel says ENOTTY: EPERM is the filter's own answer
# (on the pty, a kernel without legacy TIOCSTI, or the missing CAP_SYS_ADMIN, says EPERM too)
n = os.open("/dev/null", os.O_RDONLY)
try:
    fcntl.ioctl(n, 0x5412, b"x")  # TIOCSTI
    res["TIOCSTI-notty"] = 0
except OSError as e:
    res["TIOCSTI-notty"] = e.errno
for k, v in res.items():
    print(k, errno.errorcode.get(v, v))
PY
# the file's extended attributes and inode flags, as the host sees them
cat >"$T/attrs.py" <<'PY'
import array, fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
flags = array.array("i", [0])
try:
    fcntl.ioctl(fd, 0x80086601, flags)  # FS_IOC_GETFLAGS
except OSError:
    flags[0] = -1
try:
    names = sorted(os.listxattr(fd))
except OSError:
    names = ["?"]
print(flags[0], names)
PY
echo data >"$T/rawfile"
# an attribute for removexattrat to remove (where the file system keeps user attributes)
"$PY" -c 'import os, sys; os.setxattr(sys.argv[1], "user.sbx-old", b"1")' "$T/rawfile" 2>/dev/null || true
before=$(stat -c '%a %Y' "$T/rawfile")
attrs_before=$("$PY" "$T/attrs.py" "$T/rawfile")
out=$("$L" --mode read-only -- "$PY" "$T/raw.py" "$T/rawfile" 2>&1)
for want in "fchmodat2 EACCES" "setxattrat EACCES" "removexattrat EACCES" "file_setattr EACCES" \
        "io_uring_setup EPERM" "FS_IOC_SETFLAGS EACCES" "TIOCSTI EPERM" "TIOCSTI-notty EPERM"; do
        check "read-only seccomp: $want" grep -qx "$want" <<<"$out"
done
# the slave of a new pseudo-terminal is none of the run's terminals: Landlock grants the nodes on
# descriptors 0-2, not /dev/pts (its rule there let a command write to the user's other terminals:
# escape.sh terminal-other), and cannot grant a node made after the ruleset. Its master opens.
pty_out=$("$L" --mode read-only -- "$PY" -c 'import os
m = os.open("/dev/ptmx", os.O_RDWR | os.O_NOCTTY)
try:
    os.openpty()
    print("slave opened")
except OSError as e:
    print("slave", e.strerror)' 2>&1)
check "read-only: a new pty's master opens, its slave is refused ($pty_out)" test "$pty_out" = "slave Permission denied"
if [ "$(uname -m)" = x86_64 ]; then
        check "read-only seccomp: the x32 ABI is filtered too (x32 chmod EACCES)" grep -qx "x32 chmod EACCES" <<<"$out"
        if grep -qx -e "i386 chmod ENOSYS" -e "i386 chmod SIG[0-9]*" <<<"$out"; then
                echo "note - this kernel runs no i386 syscalls; i386 check not applicable"
        else
                check "read-only seccomp: the i386 ABI is filtered too (i386 chmod EACCES)" grep -qx "i386 chmod EACCES" <<<"$out"
        fi
fi
check "read-only seccomp: the file's mode and times are unchanged" test "$(stat -c '%a %Y' "$T/rawfile")" = "$before"
check "read-only seccomp: the file's extended attributes and inode flags are unchanged ($attrs_before)" \
        test "$("$PY" "$T/attrs.py" "$T/rawfile")" = "$attrs_before"
out=$("$L" --mode workspace-write --write "$T" -- "$PY" "$T/raw.py" "$T/rawfile" 2>&1)
check "workspace-write seccomp: TIOCSTI is refused" grep -qx "TIOCSTI EPERM" <<<"$out"
check "workspace-write seccomp: TIOCSTI is refused by the filter itself" grep -qx "TIOCSTI-notty EPERM" <<<"$out"
check "workspace-write seccomp: io_uring is refused (its openat escapes the set-ID guard)" \
        grep -qx "io_uring_setup EPERM" <<<"$out"
check "workspace-write seccomp: fchmodat2 inside the workspace works" grep -qx "fchmodat2 0" <<<"$out"

# ---- System V IPC and POSIX message queues: nothing made or removed on the host ---------------
# They outlive the run (a message queue is a file of the mqueue file system, made before Landlock
# refuses to open it). The seccomp filter refuses making and removing them in both modes; using an
# existing one stays possible.
cat >"$T/ipc.py" <<'PY'
import ctypes, errno, os, platform, sys
libc = ctypes.CDLL(None, use_errno=True)
key, exist_shm, exist_mq = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode()
IPC_CREAT, IPC_RMID, IPC_STAT = 0o1000, 0, 2
from sbx_i386 import i386_call
res = {}
def rc(r):
    return 0 if r >= 0 else ctypes.get_errno()
private = libc.shmget(0, 4096, 0o600)
res["shmget IPC_PRIVATE"] = rc(private)
if private >= 0:
    print("private-shmid", private)  # for the test to remove
res["shmget IPC_CREAT"] = rc(libc.shmget(key, 4096, IPC_CREAT | 0o600))
res["semget IPC_CREAT"] = rc(libc.semget(key, 1, IPC_CREAT | 0o600))
res["msgget IPC_CREAT"] = rc(libc.msgget(key, IPC_CREAT | 0o600))
res["mq_open O_CREAT"] = rc(libc.mq_open(b"/" + str(key).encode(), os.O_CREAT | os.O_RDWR, 0o600, None))
shmid = libc.shmget(exist_shm, 0, 0)
res["shmget existing"] = rc(shmid)
buf = ctypes.create_string_buffer(256)
res["shmctl IPC_STAT"] = rc(libc.shmctl(shmid, IPC_STAT, buf))
res["shmctl IPC_RMID"] = rc(libc.shmctl(shmid, IPC_RMID, None))
res["mq_unlink"] = rc(libc.mq_unlink(exist_mq))
if platform.machine() == "x86_64":
    res["x32 shmget IPC_CREAT"] = rc(libc.syscall(29 | 0x40000000, key + 1, 4096, IPC_CREAT | 0o600))
    # i386 ipc(SHMGET=23, key, size, IPC_CREAT|0600) through int $0x80
    import mmap, struct
    m = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x40,
                  prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    base = ctypes.addressof(ctypes.c_char.from_buffer(m))
    # push rbx; mov eax, 117; mov ebx, 23; mov ecx, key; mov edx, 4096; mov esi, flags; int $0x80; pop rbx; ret
    m.write(b"\x53\xb8" + struct.pack("<I", 117) + b"\xbb" + struct.pack("<I", 23) + b"\xb9" +
            struct.pack("<I", key + 2) + b"\xba" + struct.pack("<I", 4096) + b"\xbe" +
            struct.pack("<I", IPC_CREAT | 0o600) + b"\xcd\x80\x5b\xc3")
    res["i386 ipc SHMGET"] = i386_call(base)
res["add_key @u"] = rc(libc.syscall(248, b"user", b"sbx-ll-%d" % key, b"pwned", 5, -4))
res["keyctl GET_KEYRING_ID"] = rc(libc.syscall(250, 0, -4, 0))
for k, v in res.items():
    print(k, errno.errorcode.get(v, v))
PY
# host_ipc KEY: the System V objects and the message queue named after KEY that exist on the host
host_ipc() {
        "$PY" - "$1" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
k = int(sys.argv[1])
found = [n for n, r in (("shm", libc.shmget(k, 0, 0)), ("sem", libc.semget(k, 0, 0)), ("msg", libc.msgget(k, 0))) if r >= 0]
found += ["x32-shm"] if libc.shmget(k + 1, 0, 0) >= 0 else []
found += ["i386-shm"] if libc.shmget(k + 2, 0, 0) >= 0 else []
q = libc.mq_open(b"/" + str(k).encode(), os.O_RDONLY)
if q >= 0:
    found.append("mq")
    libc.mq_close(q)
kid = libc.syscall(250, 10, -4, b"user", b"sbx-ll-%d" % k, 0)  # KEYCTL_SEARCH the user keyring
if kid >= 0:
    found.append("key")
    libc.syscall(250, 21, kid)  # KEYCTL_INVALIDATE
print(" ".join(found))
PY
}
IPCKEY=$(( (RANDOM << 15 | RANDOM) + 1000 ))
shm_before=$(ipcs -m | grep -c '^0x00000000')
ipc_suite() { # ipc_suite LABEL MODE-ARGS...
        local who=$1 out exist_key=$((IPCKEY + 100)) mq="/$tag"
        shift
        "$PY" -c "import ctypes, os; l = ctypes.CDLL(None); l.shmget($exist_key, 4096, 0o1600); l.mq_close(l.mq_open(b'$mq', os.O_CREAT | os.O_RDWR, 0o600, None))"
        out=$("$L" "$@" -- "$PY" "$T/ipc.py" "$IPCKEY" "$exist_key" "$mq" 2>&1)
        for want in "shmget IPC_PRIVATE EACCES" "shmget IPC_CREAT EACCES" "semget IPC_CREAT EACCES" \
                "msgget IPC_CREAT EACCES" "mq_open O_CREAT EACCES" "shmget existing 0" "shmctl IPC_STAT 0" \
                "shmctl IPC_RMID EACCES" "mq_unlink EACCES" "add_key @u EACCES" "keyctl GET_KEYRING_ID EACCES"; do
                check "$who seccomp: $want" grep -qx "$want" <<<"$out"
        done
        if [ "$(uname -m)" = x86_64 ]; then
                check "$who seccomp: x32 shmget IPC_CREAT EACCES" grep -qx "x32 shmget IPC_CREAT EACCES" <<<"$out"
                grep -qx -e "i386 ipc SHMGET ENOSYS" -e "i386 ipc SHMGET SIG[0-9]*" <<<"$out" ||
                        check "$who seccomp: the i386 ipc() multiplexer is refused (EACCES)" grep -qx "i386 ipc SHMGET EACCES" <<<"$out"
        fi
        check "$who: no System V object, message queue or key of the run exists on the host" test -z "$(host_ipc "$IPCKEY")"
        check "$who: the existing segment and queue are still there" \
                "$PY" -c "import ctypes, os, sys; l = ctypes.CDLL(None); q = l.mq_open(b'$mq', os.O_RDONLY); sys.exit(not (l.shmget($exist_key, 0, 0) >= 0 and q >= 0))"
        # whatever a failing filter let through, removed
        "$PY" - "$IPCKEY" "$exist_key" "$mq" $(sed -n 's/^private-shmid //p' <<<"$out") <<'PY'
import ctypes, sys
l = ctypes.CDLL(None)
k, e, mq = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode()
for key in (k, k + 1, k + 2, e):
    l.shmctl(l.shmget(key, 0, 0), 0, None)
l.semctl(l.semget(k, 0, 0), 0, 0)
l.msgctl(l.msgget(k, 0), 0, None)
l.mq_unlink(b"/" + str(k).encode())
l.mq_unlink(mq)
for shmid in sys.argv[4:]:
    l.shmctl(int(shmid), 0, None)
PY
}
ipc_suite read-only --mode read-only
ipc_suite workspace-write --mode workspace-write --write "$T"
check "no IPC_PRIVATE segment was left on the host" test "$(ipcs -m | grep -c '^0x00000000')" -le "$shm_before"

# ---- older ABIs (--max-abi): what the backend reports as partial really is ungoverned --------

mkdir "$T/abi"
echo data >"$T/abi/f"
"$L" --max-abi 2 --mode read-only -- "$PY" -c "import os; os.truncate('$T/abi/f', 0)" 2>/dev/null
check "ABI 2: truncate(2) is not governed (reported partial below ABI 3)" test ! -s "$T/abi/f"
echo data >"$T/abi/f"
"$L" --max-abi 3 --mode read-only -- "$PY" -c "import os; os.truncate('$T/abi/f', 0)" 2>/dev/null
check "ABI 3: truncate(2) is governed" test -s "$T/abi/f"
mkdir "$T/abi/ws" "$T/abi/ws/sub"
echo x >"$T/abi/ws/f"
err=$("$L" --max-abi 1 --mode workspace-write --write "$T/abi/ws" -- "$PY" -c "import os; os.rename('$T/abi/ws/f', '$T/abi/ws/sub/f')" 2>&1)
check "ABI 1: a cross-directory rename fails with EXDEV (over-restriction)" grep -q 'Errno 18' <<<"$err"

# ---- launcher failures -------------------------------------------------------------------

expect_failure() { # expect_failure DESCRIPTION EXPECTED-RECORD-REGEX LAUNCHER-ARGS...
        local d=$1 rec=$2
        shift 2
        local err rc
        err=$("$@" 3>"$T/status" 2>&1 >/dev/null)
        rc=$?
        check "$d: exit 125" test $rc -eq 125
        check "$d: one 'sbx-landlock: ' line" test "$(grep -c '^sbx-landlock: ' <<<"$err")" = 1
        check "$d: status record '$rec'" grep -Eqx "$rec" "$T/status"
}
expect_failure "bad option" 'E 22 usage' "$L" --bogus --status-fd 3 -- true
expect_failure "unknown mode" 'E 22 usage' "$L" --status-fd 3 --mode full -- true
expect_failure "missing --" 'E 22 usage' "$L" --status-fd 3 --mode read-only true
expect_failure "--write in read-only" 'E 22 usage' "$L" --status-fd 3 --mode read-only --write "$T" -- true
wid=$(stat -c %d:%i "$T")
expect_failure "fewer --write-id than --write" 'E 22 usage' "$L" --status-fd 3 --mode workspace-write --write "$T" \
        --write "$T/abi" --write-id "$wid" -- true
expect_failure "more --write-id than --write" 'E 22 usage' "$L" --status-fd 3 --mode workspace-write --write "$T" \
        --write-id "$wid" --write-id "$wid" -- true
expect_failure "--fd-node without --seal-mounts" 'E 22 usage' "$L" --status-fd 3 --mode read-only \
        --fd-node 1:c:1:2:3:/dev/sbx-fd/1 -- true
expect_failure "--proc-writable without --seal-mounts" 'E 22 usage' "$L" --status-fd 3 --mode read-only \
        --proc-writable -- true
# one --min-abi, and none above an ABI --max-abi caps (before, the last of two was taken, and a
# capped ABI below it was enforced: both ran the command)
expect_failure "--min-abi twice" 'E 22 usage' "$L" --status-fd 3 --mode read-only --min-abi 1 --min-abi 1 -- true
expect_failure "--max-abi twice" 'E 22 usage' "$L" --status-fd 3 --mode read-only --max-abi 2 --max-abi=2 -- true
expect_failure "--max-abi below --min-abi" 'E 22 usage' "$L" --status-fd 3 --mode read-only --max-abi 1 --min-abi 2 -- true
expect_failure "--no-fence without --seal-mounts" 'E 22 usage' "$L" --status-fd 3 --mode read-only \
        --no-fence -- true
expect_failure "--fd-node with a path outside /dev" 'E 22 usage' "$L" --status-fd 3 --seal-mounts \
        --fd-node 1:c:1:2:3:/tmp/node -- true
expect_failure "--fd-node with a path climbing out of /dev" 'E 22 usage' "$L" --status-fd 3 --seal-mounts \
        --fd-node 1:c:1:2:3:/dev/../tmp/node -- true
expect_failure "--fd-node of another type" 'E 22 usage' "$L" --status-fd 3 --seal-mounts \
        --fd-node 1:p:1:2:3:/dev/sbx-fd/1 -- true
expect_failure "missing write directory" 'E 2 write-dir' "$L" --status-fd 3 --mode workspace-write --write "$T/nonexistent" -- true
expect_failure "missing command (execvp failure)" 'E 2 exec' "$L" --status-fd 3 --mode read-only -- "sbx-no-such-command-$tag"
has_nobody && expect_failure "missing command as nobody" 'E 2 exec' "${NOBODY[@]}" env PATH=/usr/bin:/bin "$L" --status-fd 3 --mode read-only -- "sbx-no-such-command-$tag"

"$L" --status-fd 3 --mode read-only -- true 3>"$T/status"
check "success: exit 0 and no status record (exec closed the fd)" test $? -eq 0 -a ! -s "$T/status"
out=$("$L" --status-fd 3 --mode read-only -- sh -c 'echo > /dev/fd/3' 3>"$T/status" 2>&1)
check "the status fd is closed in the command" test ! -s "$T/status"

plain=$(ls -1 /proc/self/fd | sort | tr '\n' ' ')
conf=$("$L" --mode read-only -- ls -1 /proc/self/fd | sort | tr '\n' ' ')
check "no fd of the launcher leaks into the command ($conf)" test "$plain" = "$conf"

"$L" --help | grep -q '^usage: sbx-landlock'
check "--help prints the usage on stdout, exit 0" test "${PIPESTATUS[0]}" -eq 0

# 16 stacked layers work; the 17th restrict_self fails with E2BIG: a launcher failure
nest() { local n=$1; shift; local -a v=(); for ((i = 0; i < n; i++)); do v+=("$L" --mode read-only --); done; "${v[@]}" "$@"; }
# layers this test already runs under (sbx run may itself be confined) shrink the budget
depth_ok=0
for n in 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1; do
        if nest "$n" true 2>/dev/null; then depth_ok=$n; break; fi
done
check "stacked launchers: $depth_ok levels run (16 when not already confined)" test "$depth_ok" -ge 1
if [ "$depth_ok" -eq 16 ]; then
        v=()
        for ((i = 0; i < 16; i++)); do v+=("$L" --mode read-only --); done
        err=$("${v[@]}" "$L" --status-fd 3 --mode read-only -- true 3>"$T/status" 2>&1)
        rc=$?
        check "17th layer: exit 125" test $rc -eq 125
        check "17th layer: 'sbx-landlock: ' line naming E2BIG" grep -q '^sbx-landlock: .*too many stacked' <<<"$err"
        check "17th layer: status record 'E 7 restrict-self'" grep -qx 'E 7 restrict-self' "$T/status"
        # --die-with-parent (ABI 6) takes two layers: the keeper's domain encloses the command's
        if [ "$("$PY" -c 'import ctypes; print(ctypes.CDLL(None).syscall(444, None, 0, 1))')" -ge 6 ]; then
                nest 14 "$L" --die-with-parent --mode read-only -- true
                check "--die-with-parent under 14 layers runs (rc=$?)" test $? -eq 0
                err=$(nest 15 "$L" --die-with-parent --mode read-only -- true 2>&1)
                check "--die-with-parent under 15 layers: no room for both, E2BIG" \
                        grep -q '^sbx-landlock: .*too many stacked' <<<"$err"
                err=$(nest 16 "$L" --die-with-parent --mode read-only -- true 2>&1)
                check "--die-with-parent under 16 layers: E2BIG, as without it" \
                        grep -q '^sbx-landlock: .*too many stacked' <<<"$err"
        fi
else
        echo "note - already inside $((16 - depth_ok)) Landlock layer(s): the 17th-layer check uses the remaining budget"
        err=$(nest "$((depth_ok + 1))" true 2>&1)
        check "one layer past the budget: exit 125 with E2BIG" grep -q '^sbx-landlock: .*too many stacked' <<<"$err"
fi

fi

# ---- through sbx run --backend landlock --------------------------------------------------

if [ -n "$SBX" ] && [ -x "$SBX" ]; then
        SBX=$(realpath "$SBX")
        export SBX_DB="$T/audit.db"
        export SBX_LANDLOCK="$L"
        cfg="$T/config"
        printf 'landlock_launcher = %s\n' "$L" >"$cfg"
        export SBX_CONFIG="$cfg"
        mkdir "$T/sbx-ws"
        ( cd "$T/sbx-ws" && "$SBX" run --backend landlock --mode read-only -- sh -c "echo x > '$T/sbx-ws/f'" ) 2>"$T/err"
        rc=$?
        if [ $rc -eq 125 ] && grep -qi 'not implemented\|unknown backend' "$T/err"; then
                bad "sbx run --backend landlock is not available: $(head -1 "$T/err")"
        else
            if not_nobody_part; then
                check "sbx read-only: a write in the workspace is denied" test ! -e "$T/sbx-ws/f"
                check "sbx read-only: ... with 'Permission denied' from the command" grep -q 'cannot create.*Permission denied' "$T/err"
                check "sbx read-only: the command's failure passes through (rc=$rc)" test $rc -eq 2
                ( cd "$T/sbx-ws" && "$SBX" run --backend landlock --mode workspace-write \
                        --verdict-json "$T/v.json" -- sh -c "echo x > '$T/sbx-ws/g' && echo y > \"\$TMPDIR/t\"" )
                check "sbx workspace-write: a write in the workspace and in TMPDIR lands (rc=$?)" test -e "$T/sbx-ws/g"
                check "sbx workspace-write: enforcement partial (metadata outside the workspace)" \
                        grep -q '"enforcement": *"partial"' "$T/v.json"
                ( cd "$T/sbx-ws" && "$SBX" run --backend landlock --mode workspace-write -- sh -c "echo x > '/tmp/$tag-sbx'" ) 2>/dev/null
                check "sbx workspace-write: a write to /tmp is denied" test ! -e "/tmp/$tag-sbx"
                ( cd "$T/sbx-ws" && "$SBX" run --backend landlock --mode read-only --verdict-json "$T/v2.json" -- true )
                check "sbx read-only: 'true' runs (rc=$?) with full enforcement" grep -q '"enforcement": *"full"' "$T/v2.json"
                ( cd "$T/sbx-ws" && "$SBX" run --backend landlock --mode read-only -- "sbx-no-such-command-$tag" ) 2>"$T/err"
                rc=$?
                check "sbx: a launcher failure is exit 125 (rc=$rc)" test $rc -eq 125
                check "sbx: ... with the launcher's line on stderr" grep -q '^sbx-landlock: ' "$T/err"
                # as the unprivileged user nobody, with a workspace and a database it owns
                if has_nobody; then
                        mkdir -p "$T/nb/ws"
                        chown -R 65534:65534 "$T/nb"
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode read-only -- sh -c "echo x > '$T/nb/ws/f'" ) 2>"$T/err"
                        rc=$?
                        check "sbx as nobody read-only: the write is denied (rc=$rc) and absent" test $rc -eq 2 -a ! -e "$T/nb/ws/f"
                        check "sbx as nobody read-only: ... with 'Permission denied'" grep -q 'cannot create.*Permission denied' "$T/err"
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode workspace-write -- sh -c "echo x > '$T/nb/ws/g' && echo y > \"\$TMPDIR/t\"" )
                        rc=$?
                        check "sbx as nobody workspace-write: the write lands (rc=$rc)" test $rc -eq 0 -a -e "$T/nb/ws/g"
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode workspace-write -- sh -c "echo x > '/tmp/$tag-nb'" ) 2>/dev/null
                        check "sbx as nobody workspace-write: a write to /tmp is denied" test ! -e "/tmp/$tag-nb"
                        # a shared memory object, a file of /dev/shm the host lets nobody make and
                        # Landlock refuses: Python names it '/psm_...', which read as a file of /
                        # and the host's refusal (task_failure); the path is /dev/shm's
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode workspace-write --verdict-json "$T/nb/shm.json" -- "$PY" -c "import multiprocessing.shared_memory as m
m.SharedMemory(name='$tag-shm', create=True, size=16)" ) 2>/dev/null
                        check "sbx as nobody: a shared memory object is refused, none made in /dev/shm" test ! -e "/dev/shm/$tag-shm"
                        check "sbx as nobody: ... denied, the path /dev/shm's" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == "/dev/shm/" + sys.argv[2], o' "$T/nb/shm.json" "$tag-shm"
                        # a port below 1024, refused by the host too (no CAP_NET_BIND_SERVICE): no
                        # file effect, whose exception names nothing (it read as denied)
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode workspace-write --verdict-json "$T/nb/port.json" -- "$PY" -m http.server 80 --bind 127.0.0.1 ) 2>"$T/err"
                        check "sbx as nobody: python3 -m http.server 80 is refused, a task_failure" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$T/nb/port.json"
                        check "sbx as nobody: ... with its pathless 'Permission denied'" grep -qx 'PermissionError: \[Errno 13\] Permission denied' "$T/err"
                        # a name with a quote, which a C-locale mkdir escapes ('X/it\'ro/y'), made
                        # outside in a directory of nobody's, beside a 0555 directory "ro" of the
                        # workspace: the name whole is the path, the sandbox refused it (the text
                        # after the escaped quote, "ro/y", was taken for the workspace's ro/y,
                        # which the host refuses: task_failure)
                        mkdir -p "$T/nb-out/it'ro"
                        chmod 755 "$T/nb-out"
                        chown 65534:65534 "$T/nb-out/it'ro"
                        ( cd "$T/nb/ws" && "${NOBODY[@]}" env SBX_DB="$T/nb/audit.db" HOME="$T/nb" "$SBX" run --backend landlock \
                                --mode workspace-write --verdict-json "$T/nb/quote.json" -- \
                                sh -c 'mkdir ro && chmod 0555 ro && LC_ALL=C mkdir "$1"' sh "$T/nb-out/it'ro/y" ) 2>"$T/err"
                        check "sbx as nobody: mkdir of X/it'ro/y outside, printed 'X/it\\'ro/y': denied, the path the name whole (none made)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[2], o' "$T/nb/quote.json" "$T/nb-out/it'ro/y"
                        check "sbx as nobody: ... nothing made there" test ! -e "$T/nb-out/it'ro/y"
                fi

            fi
                # the shipped launcher (no configured one) runs in-process in sbx's child: the same
                # confinement, the same failures
                unset SBX_CONFIG
            if not_nobody_part; then
                mkdir "$T/ip-ws"
                ( cd "$T/ip-ws" && "$SBX" run --backend landlock --mode read-only -- sh -c "echo x > '$T/ip-ws/f'" ) 2>"$T/err"
                rc=$?
                check "in-process read-only: the write is denied (rc=$rc) and absent" test $rc -eq 2 -a ! -e "$T/ip-ws/f"
                ( cd "$T/ip-ws" && "$SBX" run --backend landlock --mode workspace-write -- \
                        sh -c "echo x > '$T/ip-ws/g' && echo y > \"\$TMPDIR/t\" && echo z > '/tmp/$tag-ip'" ) 2>/dev/null
                rc=$?
                check "in-process workspace-write: the workspace write lands, /tmp is denied (rc=$rc)" \
                        test $rc -ne 0 -a -e "$T/ip-ws/g" -a ! -e "/tmp/$tag-ip"
                ( cd "$T/ip-ws" && "$SBX" run --backend landlock --mode read-only --verdict-json "$T/ip.json" \
                        -- "sbx-no-such-command-$tag" ) 2>"$T/err"
                rc=$?
                check "in-process: a missing command is a launcher failure, exit 125 (rc=$rc)" test $rc -eq 125
                check "in-process: ... with the launcher's line on stderr" grep -q "^sbx-landlock: cannot execute 'sbx-no-such-command" "$T/err"
                check "in-process: ... runner_failure on structural evidence" \
                        grep -q '"verdict": *"runner_failure".*"evidence": *"structural"' <(tr -d '\n' <"$T/ip.json")
            fi
                # "Permission denied" beneath the workspace from the host's own permissions (a 0444
                # file, a 0555 directory) is the command's failure, not the sandbox's (before: denied);
                # what the sandbox refuses there (a set-ID bit, a device node, a symlink that leaves
                # the workspace, the workspace root itself) and outside it stays denied. Not as
                # root: the launcher drops CAP_DAC_OVERRIDE, which lets root write both on the host,
                # so the refusal is the sandbox's: denied (it read task_failure).
                for who in "${LOOP_WHO[@]}"; do
                        d=$T/dac-$who
                        mkdir -p "$d/ws/rodir" && echo a >"$d/ws/ro"
                        pre=(env)
                        if [ $who = nobody ]; then
                                chown -R 65534:65534 "$d"
                                pre=("${NOBODY[@]}" env HOME="$d")
                        fi
                        chmod 0444 "$d/ws/ro" && chmod 0555 "$d/ws/rodir"
                        # a refused path of 3000 bytes, which the kernel takes (PATH_MAX 4096), is
                        # recorded whole in the verdict and the audit row (before: null beyond 1023
                        # bytes); a directory nobody may write too, so the refusal is the sandbox's
                        deep=/var/tmp/$tag-deep-$who
                        while [ ${#deep} -lt 2790 ]; do deep=$deep/$(printf 'p%.0s' {1..200}); done
                        deep=$deep/$(printf 'q%.0s' $(seq $((2997 - ${#deep})))) # "/x": 3000 bytes
                        mkdir -p "$deep" && chmod -R 0755 /var/tmp/$tag-deep-$who && chmod 0777 "$deep"
                        for b in landlock bwrap; do
                                rm -f "$d/deep-$b.json"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/deep-$b.json" -- touch "$deep/x" ) 2>/dev/null
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                check "$who, $b read-only: touch of a path of ${#deep}+2 bytes is denied, the path whole in the verdict and the audit row (rc=$rc)" "$PY" -c '
import json, os, sqlite3, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2]], o
assert len(sys.argv[2]) == 3000 and not os.path.exists(sys.argv[2]), "made"
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[3], uri=True)
rows = db.execute("select path from denial_lines where execution_id = ?", (o["execution_id"],)).fetchall()
assert rows == [(sys.argv[2],)], [len(r[0] or "") for r in rows]' "$d/deep-$b.json" "$deep/x" "$d/audit.db"
                        done
                        rm -rf /var/tmp/$tag-deep-$who
                        # as nobody, a workspace of root's at a path of 1826 bytes, `touch x` in it:
                        # the host refuses nobody, so in workspace-write the refusal is the host's
                        # (task_failure); in read-only a bare word in the start directory is a
                        # denial as at a short path, the path joined whole (before: the start
                        # directory and the workspace, over 1023 bytes, were dropped: every line a
                        # denial, workspace-write denied, the path null)
                        if [ $who = nobody ]; then
                                rw=/var/tmp/$tag-rw
                                while [ ${#rw} -lt 1620 ]; do rw=$rw/$(printf 'r%.0s' {1..200}); done
                                rw=$rw/$(printf 's%.0s' $(seq $((1825 - ${#rw}))))
                                mkdir -p "$rw" && chmod -R 0755 /var/tmp/$tag-rw
                                for m in workspace-write read-only; do
                                        rm -f "$d/rw-$m.json"
                                        ( cd "$rw" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode $m \
                                                --root "$rw" --verdict-json "$d/rw-$m.json" -- touch x ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, landlock $m: touch x in root's workspace of ${#rw} bytes: $([ $m = read-only ] && echo "denied, its path whole" || echo "the host's refusal, task_failure") (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "read-only":
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3] + "/x"], o
else:
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert len(sys.argv[3]) == 1826 and not os.path.exists(sys.argv[3] + "/x"), "made"' "$d/rw-$m.json" $m "$rw"
                                done
                                rm -rf /var/tmp/$tag-rw
                        fi
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v1.json" -- sh -c 'echo x > ro; touch rodir/f' ) 2>"$T/err"
                        rc=$?
                        check "$who, landlock workspace-write: a 0444 file and a 0555 directory refuse the writes (rc=$rc)" \
                                test $rc -eq 1 -a "$(cat "$d/ws/ro")" = a -a ! -e "$d/ws/rodir/f"
                        check "$who, landlock workspace-write: ... 'Permission denied' twice" test "$(grep -c 'Permission denied' "$T/err")" = 2
                        dac_want=task_failure
                        [ $who = root ] && dac_want=denied
                        check "$who, landlock workspace-write: ... $dac_want, as many denial lines as the host's capabilities would have passed" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
n = 2 if sys.argv[2] == "denied" else 0
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == n and len(o["denials"]) == n, o' "$d/v1.json" $dac_want
                        # shred names the file before its verb phrase, "ro: failed to open for
                        # writing": the name, not "writing" (before: <ws>/writing, which the host lets
                        # the user make: denied)
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v1s.json" -- shred ro ) 2>/dev/null
                        check "$who, landlock workspace-write: shred of the 0444 file: $dac_want, the file its path ($(cat "$d/ws/ro"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
n = 1 if sys.argv[2] == "denied" else 0
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == n and [d["path"] for d in o["denials"]] == [sys.argv[3]] * n, o' "$d/v1s.json" $dac_want "$d/ws/ro"
                        # ... and a name with a blank, which shred quotes: "'r o': failed to open for
                        # writing" (before: no name, denied)
                        echo a >"$d/ws/r o" && chmod 0444 "$d/ws/r o" && { [ $who = root ] || chown 65534:65534 "$d/ws/r o"; }
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v1q.json" -- shred "r o" ) 2>/dev/null
                        check "$who, landlock workspace-write: shred of the quoted 0444 file: $dac_want, the file its path ($(cat "$d/ws/r o"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
n = 1 if sys.argv[2] == "denied" else 0
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == n and [d["path"] for d in o["denials"]] == [sys.argv[3]] * n, o' "$d/v1q.json" $dac_want "$d/ws/r o"
                        # a change of owner in the workspace: root's is refused by the sandbox alone
                        # (Landlock: no CAP_CHOWN, EPERM; bwrap: the id is not mapped, EINVAL), and
                        # was read as the command's failure; nobody's is refused by the host too
                        for b in landlock bwrap; do
                                echo a >"$d/ws/own-$b" && chmod 0644 "$d/ws/own-$b"
                                [ $who = nobody ] && chown 65534:65534 "$d/ws/own-$b"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/own-$b.json" -- sh -c "chown 1000:1000 own-$b; chgrp 1000 own-$b" ) 2>"$T/err"
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                want=denied
                                [ $who = nobody ] && want=task_failure
                                check "$who, $b workspace-write: chown and chgrp to another owner are refused (rc=$rc)" \
                                        test $rc -eq 1 -a "$(stat -c %u:%g "$d/ws/own-$b")" = "$(stat -c %u:%g "$d/ws/ro")"
                                check "$who, $b workspace-write: ... $want" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
n = 2 if sys.argv[2] == "denied" else 0
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == n, o' "$d/own-$b.json" $want
                        done
                        # another user's 0644 file and 0755 directory in the workspace: root's write
                        # of the one and its file made in the other are refused for want of the
                        # capabilities the command does not keep (under bwrap the owner unmapped
                        # too), which the host would use: denied, the file its path, nothing written
                        # (before: task_failure under both); nobody's, the host's refusal too
                        for b in landlock bwrap; do
                                echo a >"$d/ws/other-$b" && mkdir -p "$d/ws/odir-$b"
                                chown 12345:12345 "$d/ws/other-$b" "$d/ws/odir-$b"
                                chmod 0644 "$d/ws/other-$b" && chmod 0755 "$d/ws/odir-$b"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/other-$b.json" -- sh -c "echo x >> other-$b; touch odir-$b/new" ) 2>"$T/err"
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                want=denied
                                [ $who = nobody ] && want=task_failure
                                check "$who, $b workspace-write: another user's 0644 file and 0755 directory in the workspace refuse the writes (rc=$rc: $(tr '\n' ' ' <"$T/err"))" \
                                        test $rc -eq 1 -a "$(cat "$d/ws/other-$b")" = a -a ! -e "$d/ws/odir-$b/new"
                                check "$who, $b workspace-write: ... $want, their paths" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3] + "/other-" + sys.argv[4], sys.argv[3] + "/odir-" + sys.argv[4] + "/new"] if sys.argv[2] == "denied" else []
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == len(want) and [d["path"] for d in o["denials"]] == want, o' \
                                        "$d/other-$b.json" $want "$d/ws" $b
                                # ... the same file made by a program whose line names neither it
                                # nor an errno, read from its argv (curl's "(23)", none at all with
                                # -s; sqlite3's "unable to open database"): the same answer
                                # (review52: task_failure for root before, under both backends)
                                printf 'x\n' >"$d/src-$b" && chmod 0644 "$d/src-$b"
                                # ... and javac's -d directory, made there (its "could not create
                                # parent directories", review52: task_failure for root before)
                                printf 'class C {}\n' >"$d/ws/C-$b.java" && chmod 0644 "$d/ws/C-$b.java"
                                # ... and sqlite3's -cmd SQL, -init file, and a stdin file whose `.cd
                                # DIR` moves it before its SQL (left54: the first two read none,
                                # task_failure for root; the last the start's c), a -cmd's `.cd` and
                                # a printf's piped (left55: none, and the start's c: task_failure for
                                # root)
                                printf 'create table t(x);\n' >"$d/ws/init-$b.sql"
                                printf '.mode csv\n.cd odir-%s\ncreate table t(x);\n' $b >"$d/ws/cd-$b.sql"
                                # (... and an SQL argument's `.read F` of an F whose `.cd` moves it
                                # before the SQL after: the start's c before, task_failure for root)
                                printf -- '-- moves\n.cd odir-%s\n' $b >"$d/ws/cdr-$b.sql"
                                chmod 0644 "$d/ws/init-$b.sql" "$d/ws/cd-$b.sql" "$d/ws/cdr-$b.sql"
                                for c in "curl -so odir-$b/c file://$d/src-$b" "curl -sSo odir-$b/c file://$d/src-$b" \
                                        "sqlite3 odir-$b/c 'create table t(x)'" "javac -d odir-$b/c C-$b.java" \
                                        "sqlite3 -cmd 'create table t(x)' odir-$b/c" "sqlite3 -init init-$b.sql odir-$b/c" \
                                        "sqlite3 c < cd-$b.sql" "sqlite3 -cmd '.cd odir-$b' c 'create table t(x)'" \
                                        "printf '.cd odir-$b\\ncreate table t(x);\\n' | sqlite3 c" \
                                        "sqlite3 c '.cd odir-$b' 'create table t(x)'" "sqlite3 c '.read cdr-$b.sql' 'create table t(x)'"; do
                                        command -v "${c%% *}" >/dev/null || continue
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/odir-$b.json" -c "$c" ) >/dev/null 2>&1 </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: $c in another user's 0755 directory in the workspace: $want, its path, nothing made (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == len(want) and [d["path"] for d in o["denials"]] == want, o
assert not os.path.exists(sys.argv[3])' "$d/odir-$b.json" $want "$d/ws/odir-$b/c"
                                done
                                # ... a -cmd's `.cd` of a quoted name with a blank (review56: before,
                                # not read, task_failure for root)
                                if command -v sqlite3 >/dev/null; then
                                        mkdir -p "$d/ws/odir-$b/s p" && chown 12345:12345 "$d/ws/odir-$b/s p"
                                        status_row "$d/ws" $b workspace-write "$d/odir-$b.json" \
                                                sqlite3 -cmd ".cd 'odir-$b/s p'" c 'create table t(x)'
                                        sp="denied:$d/ws/odir-$b/s p/c:1"
                                        [ $who = nobody ] && sp=task_failure::1
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: sqlite3 -cmd \".cd 'odir/s p'\" c: ${sp%%:*} ($got)" \
                                                test "$got" = "$sp" -a ! -e "$d/ws/odir-$b/s p/c"
                                        # ... and of a directory the host has not: the shell stays, its
                                        # c the workspace's, refused in read-only mode (review56:
                                        # before, nodir/c named, task_failure)
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" \
                                                sqlite3 -cmd ".cd nodir-$b" c 'create table t(x)'
                                        [ $rc -eq 125 ] || check "$who, $b read-only: sqlite3 -cmd '.cd nodir' c: denied, the workspace's c ($got)" \
                                                test "$got" = "denied:$d/ws/c:1" -a ! -e "$d/ws/c"
                                        # ... and an SQL argument's `.cd` of its own directory, before the
                                        # SQL: that directory's c refused in read-only mode (review57:
                                        # before, the workspace's c recorded)
                                        "${pre[@]}" mkdir "$d/ws/sq-own-$b"
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" \
                                                sqlite3 c ".cd sq-own-$b" 'create table t(x)'
                                        [ $rc -eq 125 ] || check "$who, $b read-only: sqlite3 c '.cd own' 'create ...': denied, own/c ($got)" \
                                                test "$got" = "denied:$d/ws/sq-own-$b/c:1" -a ! -e "$d/ws/sq-own-$b/c" -a ! -e "$d/ws/c"
                                        # ... and a `.read F`'s `.cd` there (sqlite58's left: before,
                                        # the workspace's c recorded)
                                        printf '.cd sq-own-%s\n' $b >"$d/ws/sq-own-$b.sql" && chmod 0644 "$d/ws/sq-own-$b.sql"
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" \
                                                sqlite3 c ".read sq-own-$b.sql" 'create table t(x)'
                                        [ $rc -eq 125 ] || check "$who, $b read-only: sqlite3 c '.read F' 'create ...' of F's '.cd own': denied, own/c ($got)" \
                                                test "$got" = "denied:$d/ws/sq-own-$b/c:1" -a ! -e "$d/ws/sq-own-$b/c" -a ! -e "$d/ws/c"
                                        # ... and a cat's feed whose `.cd` moves it there, read as a
                                        # redirection's file; the caller's own stdin of that text, read
                                        # from what sbx copied to the command (sqlite59: before, both
                                        # recorded the workspace's c, a denial of the wrong file;
                                        # sqlite60: then the caller's none, task_failure)
                                        printf '.cd sq-own-%s\ncreate table t(x);\n' $b >"$d/ws/sq-own-$b.sql"
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" sh -c "cat sq-own-$b.sql | sqlite3 c"
                                        [ $rc -eq 125 ] || check "$who, $b read-only: cat F | sqlite3 c of F's '.cd own' then SQL: denied, own/c ($got)" \
                                                test "$got" = "denied:$d/ws/sq-own-$b/c:1" -a ! -e "$d/ws/sq-own-$b/c" -a ! -e "$d/ws/c"
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" sqlite3 c <"$d/ws/sq-own-$b.sql"
                                        [ $rc -eq 125 ] || check "$who, $b read-only: sqlite3 c < F (the caller's stdin) of F's '.cd own': denied, own/c ($got)" \
                                                test "$got" = "denied:$d/ws/sq-own-$b/c:1" -a ! -e "$d/ws/sq-own-$b/c" -a ! -e "$d/ws/c"
                                        # ... and of no `.cd`: the workspace's c (sqlite60: before, none)
                                        printf 'create table t(x);\n' >"$d/ws/sq-own-$b.sql"
                                        status_row "$d/ws" $b read-only "$d/odir-$b.json" sqlite3 c <"$d/ws/sq-own-$b.sql"
                                        [ $rc -eq 125 ] || check "$who, $b read-only: sqlite3 c < F (the caller's stdin) of F's SQL alone: denied, the workspace's c ($got)" \
                                                test "$got" = "denied:$d/ws/c:1" -a ! -e "$d/ws/c"
                                        rm -rf "$d/ws/sq-own-$b" "$d/ws/sq-own-$b.sql"
                                fi
                                # ... the same directory entered by cd's options, `--`, bash's pushd,
                                # or back through a symbolic link's `..` as bash reads it (left54:
                                # the first three read no directory, no path: denied, nobody's too;
                                # the last read from the link's target, outside the workspace, its
                                # ../odir-B not there: denied, the path out-B/deep/n, nobody's too)
                                mkdir -p "$d/out-$b/deep" && ln -sfn "$d/out-$b/deep" "$d/ws/lo-$b"
                                [ $who = nobody ] && chown -R 65534:65534 "$d/out-$b"
                                for c in "cd -P odir-$b && touch n" "cd -L -- odir-$b && touch n" "pushd odir-$b && touch n" \
                                        "cd lo-$b && cd ../odir-$b && touch n"; do
                                        status_row "$d/ws" $b workspace-write "$d/cd-$b.json" bash -c "$c"
                                        [ $rc -eq 125 ] && continue
                                        path=
                                        [ $want = denied ] && path=$d/ws/odir-$b/n
                                        check "$who, $b workspace-write: $c: $want, the file in another user's directory its path (got $got)" \
                                                test "$got" = "$want:$path:1" -a ! -e "$d/ws/odir-$b/n"
                                done
                                # ... a relative cd that sbx's CDPATH leads out of the workspace, to a
                                # directory of root's (left54: no path, nobody's denied)
                                mkdir -p "$d/cdp-$b/csub" && chmod 0755 "$d/cdp-$b" "$d/cdp-$b/csub"
                                export CDPATH=$d/cdp-$b
                                status_row "$d/ws" $b workspace-write "$d/cdp-$b.json" bash -c "cd csub && touch n"
                                unset CDPATH
                                path=
                                [ $want = denied ] && path=$d/cdp-$b/csub/n
                                [ $rc -eq 125 ] || check "$who, $b workspace-write: cd csub && touch n, csub of sbx's CDPATH: $want, its path (got $got)" \
                                        test "$got" = "$want:$path:1" -a ! -e "$d/cdp-$b/csub/n"
                                # Java's FileNotFoundException of a relative name with a blank, as the
                                # program gave it (left54: none read; nobody's under Landlock denied)
                                if command -v javac >/dev/null && command -v java >/dev/null; then
                                        printf '%s\n' 'public class F { public static void main(String[] a) throws Exception {' \
                                                'new java.io.FileOutputStream(a[0]).close(); } }' >"$d/ws/F.java"
                                        chmod 0644 "$d/ws/F.java"
                                        [ -e "$d/ws/F.class" ] || ( cd "$d/ws" && javac F.java ) 2>/dev/null
                                        status_row "$d/ws" $b workspace-write "$d/fnf-$b.json" java -cp . F "odir-$b/a b"
                                        path=
                                        [ $want = denied ] && path="$d/ws/odir-$b/a b"
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: Java's FileOutputStream(\"odir-$b/a b\"): $want, its path (got $got)" \
                                                test "$got" = "$want:$path:1" -a ! -e "$d/ws/odir-$b/a b"
                                        # ... from a directory a cd then `;` entered (links56: no
                                        # directory read, no path, nobody's denied)
                                        status_row "$d/ws" $b workspace-write "$d/fnf-$b.json" bash -c "cd odir-$b; java -cp .. F 'a b'"
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: cd odir-$b; java F \"a b\": $want, its path (got $got)" \
                                                test "$got" = "$want:$path:1" -a ! -e "$d/ws/odir-$b/a b"
                                fi
                                # curl --create-dirs in read-only mode: bubblewrap's EROFS of its first
                                # directory, "nd-B resides on a read-only file system." (left54: no
                                # path), that directory's path; Landlock's EACCES curl passes, then
                                # its exit 23, the output file's
                                if command -v curl >/dev/null; then
                                        rm -rf "$d/ws/nd-$b"
                                        status_row "$d/ws" $b read-only "$d/nd-$b.json" curl --create-dirs -so "nd-$b/e/f" "file://$d/src-$b"
                                        path=$d/ws/nd-$b
                                        [ $b = landlock ] && path=$d/ws/nd-$b/e/f
                                        [ $rc -eq 125 ] || check "$who, $b read-only: curl --create-dirs -so nd-$b/e/f: denied, $path (got $got)" \
                                                test "$got" = "denied:$path:23" -a ! -e "$d/ws/nd-$b"
                                fi
                                # a make whose Makefile runs `$(MAKE) -C ext`, ext a directory outside
                                # the workspace, its recipe's `echo x > out` refused: denied, no path
                                # (left54: the top directory's out, here another user's 0444 file, which
                                # the host refuses nobody: under Landlock nobody's read task_failure,
                                # the others denied naming <ws>/out)
                                m=$d/mk-$b
                                mkdir -p "$m/ws" "$m/ext"
                                printf 'all:\n\t$(MAKE) -C ext\n' >"$m/ws/Makefile"
                                printf 'all:\n\techo x > out\n' >"$m/ext/Makefile"
                                ln -sfn "$m/ext" "$m/ws/ext"
                                [ $who = nobody ] && chown -R 65534:65534 "$m"
                                echo old >"$m/ws/out" && chown 12345:12345 "$m/ws/out" && chmod 0444 "$m/ws/out"
                                ( cd "$m/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$m/v.json" -- make -s ) >/dev/null 2>&1
                                rc=$?
                                [ $rc -eq 125 ] || check "$who, $b workspace-write: a sub-make's refused out outside the workspace: denied, no path (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["exit_code"] == 2 and [d["path"] for d in o["denials"]] == [None], o
assert not os.path.exists(sys.argv[2])' "$m/v.json" "$m/ext/out"
                                # ... and one whose recipe's cd comes from a variable of make's
                                # command line, or of the environment (-e): denied, no path
                                # (review55: <ws>/out recorded, nobody's under Landlock task_failure)
                                printf 'all:\n\t$(GO) echo x > out\n' >"$m/ws/M4"
                                [ $who = nobody ] && chown 65534:65534 "$m/ws/M4"
                                for how in arg env; do
                                        args=(make -s -f M4 "GO=cd $m/ext &&")
                                        [ $how = env ] && args=(make -s -e -f M4)
                                        ( cd "$m/ws" && GO="cd $m/ext &&" && [ $how = env ] && export GO
                                          "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$m/v.json" -- "${args[@]}" ) >/dev/null 2>&1
                                        rc=$?
                                        got=$([ $rc -eq 125 ] || record_paths "$m/v.json")
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: ${args[*]} (GO from the $how): denied, no path (got $got)" \
                                                test "$got" = "denied::2" -a ! -e "$m/ext/out"
                                done
                                # ... GO set for a make -C by an env or the shell's assignment
                                # before it (links56: sub's out recorded)
                                mkdir -p "$m/ws/sub" && cp "$m/ws/M4" "$m/ws/sub/M4"
                                [ $who = nobody ] && chown -R 65534:65534 "$m/ws/sub"
                                for how in env shell; do
                                        args=(env "GO=cd $m/ext &&" make -s -e -C sub -f M4)
                                        [ $how = shell ] && args=(sh -c "GO='cd $m/ext &&' make -s -C sub -f M4")
                                        ( cd "$m/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$m/v.json" -- "${args[@]}" ) >/dev/null 2>&1
                                        rc=$?
                                        got=$([ $rc -eq 125 ] || record_paths "$m/v.json")
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: ${args[*]} (GO from an $how assignment): denied, no path (got $got)" \
                                                test "$got" = "denied::2" -a ! -e "$m/ext/out"
                                done
                        done
                        # another user's 0600 file in the workspace: root's read (cat, head, `cat < F`)
                        # and write (`echo > F`) are refused for want of the capabilities the command
                        # does not keep: denied, the file its path (before: task_failure for cat's,
                        # head's under bwrap, bash's `< F`, and under Landlock bash's `> F`: the line
                        # asked of a run of the file, which the host refuses root too); nobody's, the
                        # host's refusal too
                        for b in landlock bwrap; do
                                echo s >"$d/ws/sec-$b" && chown 12345:12345 "$d/ws/sec-$b" && chmod 0600 "$d/ws/sec-$b"
                                want=denied
                                [ $who = nobody ] && want=task_failure
                                for c in "cat sec-$b" "head -c1 sec-$b" "cat < sec-$b" "echo x > sec-$b"; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/sec-$b.json" -c "$c" ) >/dev/null 2>&1 </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: $c of another user's 0600 file in the workspace: refused (rc=$rc), $want, the file its path, unchanged" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) == 1 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o
assert open(sys.argv[3]).read() == "s\n"' "$d/sec-$b.json" $want "$d/ws/sec-$b" $rc
                                done
                                # ... and the interpreters' writes of it, their lines telling an open by
                                # words between the signature and the name (Ruby's "@ rb_sysopen -"),
                                # a call before it (PHP's), an operation (Node's ", open 'F'") or perl's
                                # die after its open (before: under bwrap Ruby's, PHP's and Node's,
                                # under Landlock perl's, asked of a run of F, which the host refuses
                                # root too: task_failure); Java's NIO, its AccessDeniedException
                                # naming the file alone (before: under bwrap no signature, under
                                # Landlock a bare word read as no name, nobody's denied too)
                                printf '%s\n' 'public class W { public static void main(String[] a) throws Exception {' \
                                        'java.nio.file.Files.writeString(java.nio.file.Path.of(a[0]), "x"); } }' >"$d/ws/W.java"
                                chmod 0644 "$d/ws/W.java"
                                for c in "perl -e 'open(F, \">\", \"sec-$b\") or die \"sec-$b: \$!\"'" \
                                        "ruby -e 'File.write(\"sec-$b\", \"x\")'" \
                                        "php -r 'if (file_put_contents(\"sec-$b\", \"x\") === false) exit(1);'" \
                                        "node -e 'require(\"fs\").writeFileSync(\"sec-$b\", \"x\")'" "java W.java sec-$b"; do
                                        command -v "${c%% *}" >/dev/null || continue
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/sec-$b.json" -c "$c" ) >/dev/null 2>&1 </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: ${c%% *}'s write of another user's 0600 file in the workspace: refused (rc=$rc), $want, the file its path, unchanged" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) != 0 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o
assert open(sys.argv[3]).read() == "s\n"' "$d/sec-$b.json" $want "$d/ws/sec-$b" $rc
                                done
                                # ... and the lines that name no errno, judged against the file the
                                # argv writes (sqlite3's new database, curl -s's output, no line,
                                # javac's -d directory), in
                                # another user's 0755 directory there (before: task_failure, a name
                                # beneath the granted directories never the sandbox's refusal)
                                echo 'class J {}' >"$d/ws/J.java" && chmod 0644 "$d/ws/J.java"
                                for c in "sqlite3 odir-$b/x.db 'create table t(a)'" "curl -s -o odir-$b/x.db file:///etc/hostname" \
                                        "javac -d odir-$b/x.db J.java" "javac -d odir-$b J.java"; do
                                        command -v "${c%% *}" >/dev/null || continue
                                        # (javac's class file in the directory, its AccessDeniedException
                                        # after the class: a bwrap fifo-denial signature, before none)
                                        f=$d/ws/odir-$b/x.db
                                        [ "$c" = "javac -d odir-$b J.java" ] && f=$d/ws/odir-$b/J.class
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/sq-$b.json" -c "$c" ) >/dev/null 2>&1 </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: ${c%% *}'s new file in another user's 0755 directory in the workspace: refused (rc=$rc), $want, the file its path, none made" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) != 0 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o
assert not os.path.exists(sys.argv[3])' "$d/sq-$b.json" $want "$f" $rc
                                done
                                # Python's os.remove of another user's file in that directory, its
                                # traceback's last frame the script's: no run of the file (before:
                                # asked of one, which the host refuses root too, task_failure)
                                echo r >"$d/ws/odir-$b/f" && chown 12345:12345 "$d/ws/odir-$b/f" && chmod 0644 "$d/ws/odir-$b/f"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/rm-$b.json" -c "$PY -c 'import os; os.remove(\"odir-$b/f\")'" ) >/dev/null 2>&1 </dev/null
                                rc=$?
                                if [ $rc -ne 125 ]; then
                                        check "$who, $b workspace-write: Python's os.remove of another user's file in another user's 0755 directory in the workspace: refused (rc=$rc), $want, the file its path, still there" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) != 0 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o
assert os.path.exists(sys.argv[3])' "$d/rm-$b.json" $want "$d/ws/odir-$b/f" $rc
                                fi
                        done
                        # another user's 0700 program in the workspace, and a 0600 file: root's run of
                        # the program, which the host lets root make (an execute bit set), is refused
                        # for want of the capabilities the command does not keep, Landlock's launcher
                        # dropping them as bubblewrap does: denied, the program its path, in both
                        # modes (before: task_failure under bwrap, the run line never asked); the
                        # file, no execute bit, the host refuses root running too; nobody's, the
                        # host's refusal of both
                        for b in landlock bwrap; do
                                printf '#!/bin/sh\necho ran\n' >"$d/ws/prog-$b" && chown 12345:12345 "$d/ws/prog-$b" &&
                                        chmod 0700 "$d/ws/prog-$b"
                                for mode in read-only workspace-write; do
                                        for c in "./prog-$b" "env ./prog-$b" "./sec-$b"; do
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                        --verdict-json "$d/prog-$b.json" -c "$c" ) >/dev/null 2>&1 </dev/null
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                want=denied
                                                [ $who = nobody ] || [ "$c" = "./sec-$b" ] && want=task_failure
                                                what="0700 program"
                                                [ "$c" = "./sec-$b" ] && what="0600 file"
                                                check "$who, $b $mode: $c, another user's $what: refused (rc=$rc), $want" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) == 126 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o' \
                                                        "$d/prog-$b.json" $want "$d/ws/prog-$b" $rc
                                        done
                                done
                        done
                        # make's lines, never of a write: another user's 0600 Makefile, which root
                        # reads on the host by its capabilities alone: denied, the makefile its
                        # path (before: task_failure under bwrap, asked of a run of it); a recipe's
                        # `./nx`, root's 0644 file, no execute bit, whose run the host refuses
                        # anyone: task_failure (before: denied under Landlock in read-only mode,
                        # asked of a write); nobody's, the host's refusal of both
                        for b in landlock bwrap; do
                                mkdir -p "$d/ws/mk-$b" "$d/ws/mkx-$b"
                                printf 'all:\n\t@echo ok\n' >"$d/ws/mk-$b/Makefile"
                                chown 12345:12345 "$d/ws/mk-$b/Makefile" && chmod 0600 "$d/ws/mk-$b/Makefile"
                                printf 'all:\n\t./nx\n' >"$d/ws/mkx-$b/Makefile" && printf '#!/bin/sh\necho ran\n' >"$d/ws/mkx-$b/nx"
                                chmod 0644 "$d/ws/mkx-$b/Makefile" "$d/ws/mkx-$b/nx" && chmod 0755 "$d/ws/mk-$b" "$d/ws/mkx-$b"
                                for mode in read-only workspace-write; do
                                        for c in "make -s -C mk-$b" "make -s -C mkx-$b"; do
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                        --verdict-json "$d/mk-$b.json" -c "$c" ) >/dev/null 2>"$T/err" </dev/null
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                want=denied
                                                [ $who = nobody ] || [ "$c" = "make -s -C mkx-$b" ] && want=task_failure
                                                check "$who, $b $mode: $c: refused (rc=$rc), $want ($(tr '\n' ' ' <"$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) == 2 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o' \
                                                        "$d/mk-$b.json" $want "$d/ws/mk-$b/Makefile" $rc
                                        done
                                done
                                # a recipe's write of a bare word, `echo x > out`, in root's 0755
                                # directory in read-only mode: root's denied, nobody's the host's
                                # refusal (before: denied, the bare word never asked of the host)
                                printf 'all:\n\t@echo x > out\n' >"$d/ws/mkx-$b/w.mk" && chmod 0644 "$d/ws/mkx-$b/w.mk"
                                ( cd "$d/ws/mkx-$b" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/mkw-$b.json" -c "make -s -f w.mk" ) >/dev/null 2>"$T/err" </dev/null
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                want=denied
                                [ $who = nobody ] && want=task_failure
                                check "$who, $b read-only: a make recipe's echo x > out in root's 0755 directory: refused (rc=$rc), $want ($(tr '\n' ' ' <"$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert int(sys.argv[4]) == 2 and o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want, o' \
                                        "$d/mkw-$b.json" $want "$d/ws/mkx-$b/out" $rc
                        done
                        # root's 0555 script in a workspace mounted noexec: its run is refused root on
                        # the host too, the line the host's own, task_failure (review50: under
                        # Landlock, the capabilities' refusal asked of a write, denied 1)
                        if [ $who = root ] && unshare -m true 2>/dev/null; then
                                for b in landlock bwrap; do
                                        mkdir -p "$d/nx-$b"
                                        unshare -m --propagation private sh -c '
mount -t tmpfs -o noexec,size=64k sbx-test "$1" || exit 125
printf "#!/bin/sh\necho hi\n" >"$1/s" && chmod 0555 "$1/s" && cd "$1" &&
SBX_DB="$2/audit.db" "$3" run --backend "$4" --mode workspace-write --verdict-json "$2/nx-$4.json" -- sh -c ./s' \
                                                _ "$d/nx-$b" "$d" "$SBX" $b 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: sh -c ./s of root's 0555 script on a noexec mount: task_failure, no denial (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/nx-$b.json"
                                done
                        fi
                        # the user's own 0755 script on a noexec mount run by bash -c in read-only mode:
                        # the host refuses the run too (no backend refuses one), and the script only
                        # runs the name: task_failure (review50's left item: under Landlock the line was
                        # taken for a write read-only refuses, denied 1, root and nobody); nothing written
                        if unshare -m true 2>/dev/null; then
                                for b in landlock bwrap; do
                                        mkdir -p "$d/nxo-$b"
                                        unshare -m --propagation private sh -c '
mount -t tmpfs -o noexec,mode=1777,size=64k sbx-test "$1" || exit 125
printf "#!/bin/sh\necho hi\n" >"$1/x" && chmod 0755 "$1/x" && chown "$5" "$1/x" && cd "$1" || exit 125
d=$2 sbx=$3 b=$4
shift 5
"$@" SBX_DB="$d/audit.db" "$sbx" run --backend "$b" --mode read-only --verdict-json "$d/nxo-$b.json" -c "./x || ./x"
rc=$?
[ "$(ls -A "$PWD")" = x ] || exit 124
exit $rc' \
                                                _ "$d/nxo-$b" "$d" "$SBX" $b "$( [ $who = root ] && echo 0 || echo 65534 )" \
                                                "${pre[@]}" 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b read-only: bash -c ./x of the user's own 0755 script on a noexec mount: the run refused, nothing written (rc=$rc)" test $rc -eq 126
                                        check "$who, $b read-only: ... task_failure, no denial" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/nxo-$b.json"
                                done
                        fi
                        # the user's own 0644 script in the workspace run by env and by timeout in
                        # read-only mode: no execute bit, refused by the host too: task_failure (before:
                        # denied 1 under Landlock, root and nobody)
                        printf '#!/bin/sh\necho hi\n' >"$d/ws/nox" && chmod 0644 "$d/ws/nox"
                        [ $who = nobody ] && chown 65534:65534 "$d/ws/nox"
                        for b in landlock bwrap; do
                                for runner in env timeout; do
                                        args=(./nox)
                                        [ $runner = timeout ] && args=(5 ./nox)
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                --verdict-json "$d/nox-$b-$runner.json" -- $runner "${args[@]}" ) 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b read-only: $runner ./nox of the user's own 0644 script: not run (rc=$rc), task_failure, no denial" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert int(sys.argv[2]) in (126, 127) and o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/nox-$b-$runner.json" $rc
                                done
                        done
                        # ... run by the script, then written by a nested shell or eval under its name
                        # spelled apart: the write refused, denied (review51b: before, task_failure
                        # under Landlock, root and nobody, both lines taken for the run's)
                        for b in landlock bwrap; do
                                for c in "./nox; bash -c 'echo y > ./'nox" "./nox; eval 'echo y > ./'nox"; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                --verdict-json "$d/noxw-$b.json" -c "$c" ) 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b read-only: $c of the user's own 0644 script: refused (rc=$rc), denied, the file its path, unchanged" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert int(sys.argv[3]) == 1 and o["verdict"] == "denied" and o["denials"] and all(d["path"] == sys.argv[2] for d in o["denials"]), o
assert open(sys.argv[2]).read() == "#!/bin/sh\necho hi\n"' "$d/noxw-$b.json" "$d/ws/nox" $rc
                                done
                        done
                        # root's read of a 0200 file of root's on sysfs, and of a sysctl's: refused root
                        # on the host too whatever its capabilities, task_failure (review51b: before,
                        # denied under Landlock; under bwrap, sysfs's too)
                        for f in /sys/bus/pci/rescan /sys/bus/pci/drivers_probe /proc/sys/vm/drop_caches; do
                                [ $who = root ] && [ "$(stat -c %u:%a "$f" 2>/dev/null)" = 0:200 ] || continue
                                for b in landlock bwrap; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                --verdict-json "$d/sysr-$b.json" -- cat "$f" ) 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b read-only: cat $f, 0200, refused root on the host too (rc=$rc): task_failure, no denial" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert int(sys.argv[2]) == 1 and o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/sysr-$b.json" $rc
                                done
                        done
                        # mv over the user's own 0644 file in read-only mode, the file moved named
                        # with a word that names a run (docs/exec.md): the write refused, denied, the
                        # destination its path (review51b: before, task_failure under both backends,
                        # root and nobody, the line read as the host's refusal of a run of the file)
                        mkdir -p "$d/ws/docs" && echo a >"$d/ws/docs/exec.md" && echo b >"$d/ws/docs/notes.md"
                        [ $who = nobody ] && chown -R 65534:65534 "$d/ws/docs"
                        for b in landlock bwrap; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/mvx-$b.json" -- mv docs/exec.md docs/notes.md ) 2>/dev/null </dev/null
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                check "$who, $b read-only: mv docs/exec.md over the user's own docs/notes.md: refused (rc=$rc), denied, the destination its path, unchanged" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert int(sys.argv[3]) == 1 and o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [sys.argv[2] + "/notes.md"], o
assert open(sys.argv[2] + "/notes.md").read() == "b\n" and open(sys.argv[2] + "/exec.md").read() == "a\n"' "$d/mvx-$b.json" "$d/ws/docs" $rc
                        done
                        # another user's file with an ACL (naming that user) in the workspace: root's
                        # capabilities pass any ACL, its write refused for want of them: denied
                        # (review50: before, task_failure 0 under both backends, read as the host's)
                        if [ $who = root ]; then
                                for b in landlock bwrap; do
                                        echo a >"$d/ws/acl-$b" && chown 12345:12345 "$d/ws/acl-$b" && chmod 0644 "$d/ws/acl-$b"
                                        "$PY" -c '
import os, struct, sys
e = [(1, 6, 2**32 - 1), (2, 6, 12345), (4, 4, 2**32 - 1), (0x10, 6, 2**32 - 1), (0x20, 4, 2**32 - 1)]
os.setxattr(sys.argv[1], "system.posix_acl_access", struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *x) for x in e))' \
                                                "$d/ws/acl-$b" 2>/dev/null || continue
                                        ( cd "$d/ws" && SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/acl-$b.json" -- sh -c "echo x >> acl-$b" ) 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: another user's file with an ACL in the workspace refuses the write: denied, its path (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [sys.argv[2]], o' "$d/acl-$b.json" "$d/ws/acl-$b"
                                        check "$who, $b workspace-write: ... the file unchanged" test "$(cat "$d/ws/acl-$b")" = a
                                done
                        fi
                        # a shell's redirection through a symlink in the workspace to a file outside
                        # it: denied, the target its path, nothing made (left54: the link recorded)
                        for b in landlock bwrap; do
                                ln -sfn "$d/out-$b/deep/f" "$d/ws/lk-$b"
                                status_row "$d/ws" $b workspace-write "$d/lk-$b.json" bash -c "echo x > lk-$b"
                                [ $rc -eq 125 ] || check "$who, $b workspace-write: echo x > a link out of the workspace: denied, the target its path (got $got)" \
                                        test "$got" = "denied:$d/out-$b/deep/f:1" -a ! -e "$d/out-$b/deep/f"
                                # ... the redirection before the command word, the script's first
                                # byte (review55: before, the link recorded)
                                status_row "$d/ws" $b workspace-write "$d/lk-$b.json" bash -c ">lk-$b echo x"
                                [ $rc -eq 125 ] || check "$who, $b workspace-write: >link echo x: denied, the target its path (got $got)" \
                                        test "$got" = "denied:$d/out-$b/deep/f:1" -a ! -e "$d/out-$b/deep/f"
                                # ... by a shell that the top one runs alone (robust55: the link
                                # recorded, its redirection inside the outer one's quotes)
                                for nest in "sh -c 'echo x > lk-$b'" "env sh -c 'echo x > lk-$b'" \
                                        "X=1 bash -c 'echo x > lk-$b'"; do
                                        status_row "$d/ws" $b workspace-write "$d/lk-$b.json" bash -c "$nest"
                                        ex=2 # (dash's status; bash's 1)
                                        [[ $nest == *bash* ]] && ex=1
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: bash -c \"$nest\", a link out of the workspace: denied, the target its path (got $got)" \
                                                test "$got" = "denied:$d/out-$b/deep/f:$ex" -a ! -e "$d/out-$b/deep/f"
                                done
                                # ... an argv's output file opened through it (O_CREAT follows the
                                # link): dd's of=, sort's -o, tee's, iconv's -o (review55: the link
                                # recorded)
                                echo x >"$d/ws/in-$b"
                                for cmd in "dd if=in-$b of=lk-$b:1" "sort -o lk-$b in-$b:2" "tee lk-$b:1" \
                                        "iconv -f utf-8 -t ascii -o lk-$b in-$b:1"; do
                                        read -ra words <<<"${cmd%:*}"
                                        status_row "$d/ws" $b workspace-write "$d/lk-$b.json" "${words[@]}" </dev/null
                                        [ $rc -eq 125 ] || check "$who, $b workspace-write: ${cmd%:*}, a link out of the workspace: denied, the target its path (got $got)" \
                                                test "$got" = "denied:$d/out-$b/deep/f:${cmd##*:}" -a ! -e "$d/out-$b/deep/f"
                                done
                                # ... ar's new archive (open O_CREAT), ranlib's and ar's existing
                                # one written back into through it (binutils 2.40: "unable to copy
                                # file"), cp's destination, an existing file (links56: the link
                                # recorded)
                                if command -v ar >/dev/null && command -v ranlib >/dev/null; then
                                        rm -f "$d/out-$b/deep/ar.a" "$d/out-$b/deep/cp"
                                        ar rc "$d/out-$b/deep/ar.a" "$d/ws/in-$b" && echo old >"$d/out-$b/deep/cp"
                                        [ $who = nobody ] && chown 65534:65534 "$d/out-$b/deep/ar.a" "$d/out-$b/deep/cp"
                                        ln -sfn "$d/out-$b/deep/ar.a" "$d/ws/la-$b"
                                        ln -sfn "$d/out-$b/deep/cp" "$d/ws/lc-$b"
                                        # ... and a name made beneath a link to a directory outside
                                        # (not followed itself, its directory followed: the record
                                        # was <ws>/lo-B/ln)
                                        ln -sfn "$d/out-$b/deep" "$d/ws/lo-$b"
                                        for cmd in "ar rc lk-$b in-$b:f" "ranlib la-$b:ar.a" "ar rc la-$b in-$b:ar.a" \
                                                "cp in-$b lc-$b:cp" "ln -s in-$b lo-$b/ln:ln" "install in-$b lo-$b/inst:inst"; do
                                                read -ra words <<<"${cmd%:*}"
                                                status_row "$d/ws" $b workspace-write "$d/lk-$b.json" "${words[@]}" </dev/null
                                                [ $rc -eq 125 ] || check "$who, $b workspace-write: ${cmd%:*}, a link out of the workspace: denied, the target its path (got $got)" \
                                                        test "$got" = "denied:$d/out-$b/deep/${cmd##*:}:1" -a ! -e "$d/out-$b/deep/f" \
                                                        -a "$(cat "$d/out-$b/deep/cp")" = old -a ! -e "$d/out-$b/deep/ln" \
                                                        -a ! -e "$d/out-$b/deep/inst"
                                        done
                                fi
                                # ... to a missing file in a 0755 directory of root's outside it: the
                                # host refuses nobody too, task_failure; root's the sandbox's refusal,
                                # the target its path (review55: nobody's dd and sort read denied, the
                                # bare name never asked of the host; root's recorded the link)
                                mkdir -p "$d/rdir-$b" && chmod 0755 "$d/rdir-$b"
                                ln -sfn "$d/rdir-$b/missing" "$d/ws/lr-$b"
                                for mode in workspace-write read-only; do
                                        for cmd in "dd if=in-$b of=lr-$b:1" "sort -o lr-$b in-$b:2" "tee lr-$b:1"; do
                                                read -ra words <<<"${cmd%:*}"
                                                status_row "$d/ws" $b $mode "$d/lr-$b.json" "${words[@]}" </dev/null
                                                want="denied:$d/rdir-$b/missing:${cmd##*:}"
                                                [ $who = nobody ] && want="task_failure::${cmd##*:}"
                                                [ $rc -eq 125 ] || check "$who, $b $mode: ${cmd%:*}, a link to a missing file in root's directory: $want (got $got)" \
                                                        test "$got" = "$want" -a ! -e "$d/rdir-$b/missing"
                                        done
                                done
                        done
                        # root's write through a dangling symlink into another user's 0755 directory in
                        # the workspace: the target's making refused for want of the capabilities:
                        # denied (review50: before, task_failure 0 under bwrap, the link not asked;
                        # left54: the link's path recorded, now its target's)
                        if [ $who = root ]; then
                                for b in landlock bwrap; do
                                        mkdir -p "$d/ws/ldir-$b" && chown 12345:12345 "$d/ws/ldir-$b" && chmod 0755 "$d/ws/ldir-$b"
                                        ln -sfn "ldir-$b/new" "$d/ws/link-$b"
                                        ( cd "$d/ws" && SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/link-$b.json" -- sh -c "echo x > link-$b" ) 2>/dev/null </dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b workspace-write: a write through a dangling link into another user's 0755 directory in the workspace: denied, the target's path, nothing made (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [sys.argv[2]], o' "$d/link-$b.json" "$d/ws/ldir-$b/new"
                                        check "$who, $b workspace-write: ... nothing made" test ! -e "$d/ws/ldir-$b/new"
                                done
                        fi
                        # touch of a file outside whose times the host lets the user set (nobody's
                        # own 0444 file, in a directory of root's; as root another user's): its
                        # open refused (the host's bits; root keeps no CAP_DAC_OVERRIDE), then the
                        # times, which read-only mode's seccomp filter refuses with EACCES: denied
                        # (as nobody it read task_failure, the host asked of a write), the times
                        # unchanged; in workspace-write Landlock governs no utime: nobody's
                        # succeeds, the times set (partial), root's is refused by the owner's
                        # check (no CAP_FOWNER kept): denied
                        echo x >"$T/times-$who" && chmod 0444 "$T/times-$who"
                        chown "$([ $who = nobody ] && echo 65534 || echo 12345)" "$T/times-$who"
                        touch -d 2001-01-01 "$T/times-$who"
                        for opt in "" -c; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                        --verdict-json "$d/times.json" -- touch $opt "$T/times-$who" ) 2>/dev/null
                                check "$who, landlock read-only: touch${opt:+ $opt} of a file outside whose times the host lets the user set: denied, its path, the times unchanged ($(stat -c %y "$T/times-$who"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1 and o["denials"][0]["path"] == sys.argv[2], o' "$d/times.json" "$T/times-$who"
                                check "$who, landlock read-only: ... its times unchanged" test "$(stat -c %Y "$T/times-$who")" = "$(date -d 2001-01-01 +%s)"
                        done
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/times.json" -- touch "$T/times-$who" ) 2>/dev/null
                        if [ $who = nobody ]; then
                                check "$who, landlock workspace-write: touch of that file succeeds, its times set (utime ungoverned: partial)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "success" and o["enforcement"] == "partial", o' "$d/times.json"
                                check "$who, landlock workspace-write: ... its times set" test "$(stat -c %Y "$T/times-$who")" != "$(date -d 2001-01-01 +%s)"
                        else
                                check "$who, landlock workspace-write: touch of another user's file outside is denied (no CAP_FOWNER kept)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[2], o' "$d/times.json" "$T/times-$who"
                                check "$who, landlock workspace-write: ... its times unchanged" test "$(stat -c %Y "$T/times-$who")" = "$(date -d 2001-01-01 +%s)"
                        fi
                        # root's 0666 append-only file (chattr +a), outside and in the workspace:
                        # touch's open for writing is EPERM on the host too, which it prints
                        # ("Operation not permitted", no signature), then the current time, which
                        # the host lets whoever may write the file set and read-only mode's seccomp
                        # filter refuses (unprinted): denied, its path, its times unchanged (it read
                        # task_failure); given times the host refuses an append-only file, root's
                        # too: the command's failure. Skipped where the file system has no such
                        # attribute (chattr refused)
                        ap_times=$(date -d 2001-01-01 +%s)
                        for f in "$T/append-$who" "$d/ws/append"; do
                                echo x >"$f" && chmod 0666 "$f" && touch -d @"$ap_times" "$f"
                        done
                        if chattr +a "$T/append-$who" "$d/ws/append" 2>/dev/null; then
                                for f in "$T/append-$who" "$d/ws/append"; do
                                        # (-s, -d-s: in a script of two commands, whose touch's
                                        # times are read too; left52: -d-s read denied before)
                                        for opt in "" -d -s -d-s; do
                                                args=(touch ${opt:+-d 2002-02-02} "$f")
                                                case $opt in
                                                -s) args=(sh -c "touch '$f'; false") ;;
                                                -d-s) args=(sh -c "touch -d 2002-02-02 '$f'; false") ;;
                                                esac
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                                        --verdict-json "$d/ap.json" -- "${args[@]}" ) 2>"$T/err"
                                                want=denied
                                                case $opt in -d*) want=task_failure ;; esac
                                                check "$who, landlock read-only: ${args[*]} of root's 0666 append-only file: $want, its times unchanged ($(stat -c %Y "$f"): $(tr '\n' ' ' <"$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = [sys.argv[3]] if sys.argv[2] == "denied" else []
assert o["verdict"] == sys.argv[2] and [d["path"] for d in o["denials"]] == want and o["denial_lines"] == len(want), o' "$d/ap.json" $want "$f"
                                                check "$who, landlock read-only: ... its times unchanged" test "$(stat -c %Y "$f")" = "$ap_times"
                                        done
                                done
                                chattr -a "$T/append-$who" "$d/ws/append"
                        else
                                echo "note - chattr +a refused on $T: the append-only rows are left out"
                        fi
                        # touch -d of another user's 0666 file in the workspace: root's given times,
                        # which the host lets root set (CAP_FOWNER) and the command, keeping no
                        # capability, may not (EPERM, "setting times of"): denied (it read
                        # task_failure); nobody's, the host's refusal too
                        echo x >"$d/ws/times-other" && chown 12345:12345 "$d/ws/times-other" && chmod 0666 "$d/ws/times-other"
                        touch -d @"$ap_times" "$d/ws/times-other"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/ap.json" -- touch -d 2002-02-02 "$d/ws/times-other" ) 2>"$T/err"
                        want=denied
                        [ $who = nobody ] && want=task_failure
                        check "$who, landlock workspace-write: touch -d of another user's 0666 file in the workspace: $want, its times unchanged ($(stat -c %Y "$d/ws/times-other"): $(tr '\n' ' ' <"$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
n = 1 if sys.argv[2] == "denied" else 0
assert o["verdict"] == sys.argv[2] and o["denial_lines"] == n, o' "$d/ap.json" $want
                        check "$who, landlock workspace-write: ... its times unchanged" test "$(stat -c %Y "$d/ws/times-other")" = "$ap_times"
                        # Python's subprocess running a host named pipe or a file without an
                        # execute bit outside the workspace: execve(2) refuses both everywhere (its
                        # error of the child's exec, naming the file, read as denied)
                        rm -f "$T/exec-pipe-$who" && mkfifo -m 666 "$T/exec-pipe-$who"
                        echo true >"$T/exec-file-$who" && chmod 0644 "$T/exec-file-$who"
                        for f in pipe file; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                        --verdict-json "$d/sp.json" -- /usr/bin/python3 -c "import subprocess; subprocess.run(['$T/exec-$f-$who'])" ) 2>/dev/null
                                check "$who, landlock read-only: Python's subprocess running a $f without exec outside: task_failure, no denial line" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/sp.json"
                        done
                        # find's run of that pipe (-exec, -execdir) prints the line of a refused -fprint
                        # of it: read from the argv, the exec's failure, no denial line (it counted one
                        # in a success); the -fprint stays denied
                        for act in -exec -execdir; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                        --verdict-json "$d/fe.json" -- find . -maxdepth 0 $act "$T/exec-pipe-$who" ';' ) 2>/dev/null
                                check "$who, landlock workspace-write: find $act PIPE: success, no denial line" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "success" and o["denial_lines"] == 0, o' "$d/fe.json"
                        done
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/fe.json" -- find . -maxdepth 0 -fprint "$T/exec-pipe-$who" ) 2>/dev/null
                        check "$who, landlock workspace-write: find -fprint PIPE: denied, the pipe its path" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1 and o["denials"][0]["path"] == sys.argv[2], o' "$d/fe.json" "$T/exec-pipe-$who"
                        # mv of a symlink to a directory into it, its names relative after a Python
                        # chdir sbx does not follow, outside: the host moves the link (no EINVAL),
                        # so denied, the link kept (before: its names asked of the workspace, whose
                        # mvrel is a directory, read as the host's EINVAL, task_failure)
                        mkdir -p "$T/mvrel-$who/chd" "$T/mvrel-$who/t" "$d/ws/mvrel"
                        ln -sfn "$T/mvrel-$who/t" "$T/mvrel-$who/chd/mvrel"
                        chmod 777 "$T/mvrel-$who" "$T/mvrel-$who/chd" "$T/mvrel-$who/t" "$d/ws/mvrel"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                --verdict-json "$d/mvrel.json" -- /usr/bin/python3 -c \
                                "import os; os.chdir('$T/mvrel-$who/chd'); os.execvp('mv', ['mv', 'mvrel', 'mvrel/x'])" ) 2>/dev/null
                        check "$who, landlock read-only: mv of a relative symlink to a directory into it after a chdir: denied" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1, o' "$d/mvrel.json"
                        check "$who, landlock read-only: ... the link kept" test -L "$T/mvrel-$who/chd/mvrel" -a ! -e "$T/mvrel-$who/t/x"
                        rmdir "$d/ws/mvrel"
                        # a relative name a Python script writes after its chdir (-c, a script
                        # file): of no directory known, no path claimed (it recorded the
                        # workspace's), denied; as nobody the workspace's name of it lies in a 0555
                        # directory of root's, which the host refuses (it read task_failure)
                        mkdir -p "$d/ws/cdsub" "$T/mvrel-$who/chd/cdsub" && chmod 777 "$T/mvrel-$who/chd/cdsub"
                        chown 0:0 "$d/ws/cdsub" && chmod 555 "$d/ws/cdsub"
                        printf 'import os\nos.chdir("%s")\nopen("cdsub/f", "w")\n' "$T/mvrel-$who/chd" >"$d/cd.py"
                        chmod 644 "$d/cd.py"
                        # ... and a child's (subprocess's cwd, the keyword spaced: it read task_failure)
                        for how in -c file cwd-spaced; do
                                if [ $how = -c ]; then
                                        set -- -c "import os; os.chdir('$T/mvrel-$who/chd'); open('cdsub/f', 'w')"
                                elif [ $how = cwd-spaced ]; then
                                        set -- -c "import subprocess; subprocess.run(['touch', 'cdsub/f'], cwd = '$T/mvrel-$who/chd', check=True)"
                                else
                                        set -- "$d/cd.py"
                                fi
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                        --verdict-json "$d/cd.json" -- /usr/bin/python3 "$@" ) 2>/dev/null
                                check "$who, landlock read-only: open('cdsub/f', 'w') after a Python chdir ($how): denied, no path claimed, nothing written" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1 and o["denials"][0]["path"] is None, o' "$d/cd.json"
                                check "$who, landlock read-only: ... nothing written" test ! -e "$T/mvrel-$who/chd/cdsub/f"
                        done
                        rmdir "$d/ws/cdsub"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v2.json" -- sh -c "ln -s /var/tmp out; echo x > out/$tag-dac; \
                                        chmod u+s ro; mknod dev c 1 3; rmdir ../ws; echo x > ro" ) 2>/dev/null
                        check "$who, landlock workspace-write: a symlink out, chmod u+s, mknod and rmdir of the workspace are denied" \
                                test ! -e "/var/tmp/$tag-dac" -a ! -e "$d/ws/dev" -a -d "$d/ws" -a ! -u "$d/ws/ro"
                        # (the rmdir of the workspace, whose entries are the command's, stays the
                        # sandbox's refusal though it holds entries now; root's write of its 0444 ro
                        # is the sandbox's too, the capability dropped; the write through out, the
                        # link's target, /var/tmp's: left54, before out/X)
                        check "$who, landlock workspace-write: ... denied, those four lines only (root: and ro's write)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
paths = [d["path"] for d in o["denials"]]
ws = sys.argv[2]
want = ["/var/tmp/" + sys.argv[3], ws + "/ro", ws + "/dev", ws] + ([ws + "/ro"] if sys.argv[4] == "root" else [])
assert o["verdict"] == "denied" and o["denial_lines"] == len(want), o
assert paths == want, paths' "$d/v2.json" "$d/ws" "$tag-dac" $who
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v3.json" -- sh -c "echo x > ro; echo x > '/var/tmp/$tag-dac2'" ) 2>/dev/null
                        if [ $who = root ]; then
                                check "$who, landlock workspace-write: a write outside after one only root's capabilities would pass: denied on the first line" \
                                        grep -q "\"matched_line\": *\"sh: 1: cannot create ro: Permission denied\"" "$d/v3.json"
                        else
                                check "$who, landlock workspace-write: a write outside after one the host refused: denied on that line" \
                                        grep -q "\"matched_line\": *\"sh: 1: cannot create /var/tmp/$tag-dac2: Permission denied\"" "$d/v3.json"
                        fi
                        # a relative path printed after the command left its directory (cd .., tar -C,
                        # make -C) is joined to the directory it started in: beneath the workspace, where
                        # the host lets it write, that refusal cannot be the host's (before: task_failure)
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v5.json" -- sh -c "cd .. && touch $tag-up" ) 2>/dev/null
                        rc=$?
                        check "$who, landlock workspace-write: cd .. and a write there is refused (rc=$rc)" \
                                test $rc -eq 1 -a ! -e "$d/$tag-up"
                        check "$who, landlock workspace-write: ... denied, though its name reads as in the workspace" \
                                grep -q '"verdict": *"denied"' "$d/v5.json"
                        # ... also when the workspace holds a file of that name the host lets it read and
                        # write but not run: only a line that may be an exec failure asks for the x bit
                        # (before: task_failure, the 0644 file read as the host's refusal)
                        echo a >"$d/ws/$tag-col" && chmod 0644 "$d/ws/$tag-col"
                        [ $who = nobody ] && chown 65534:65534 "$d/ws/$tag-col"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v7.json" -- sh -c "cd .. && touch $tag-col" ) 2>"$T/err"
                        rc=$?
                        check "$who, landlock workspace-write: cd .. and a write of a name the workspace holds (0644) is refused (rc=$rc)" \
                                test $rc -eq 1 -a ! -e "$d/$tag-col"
                        check "$who, landlock workspace-write: ... denied, one denial line" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1, o' "$d/v7.json"
                        # ... also when a directory on its way is missing from the workspace (git -C DIR
                        # prints '.git/FETCH_HEAD'): there the host would have said ENOENT, not refused
                        # it (before: task_failure, the missing directory read as the host's refusal)
                        mkdir -p "/var/tmp/$tag-cd/sub"
                        [ $who = nobody ] && chown -R 65534:65534 "/var/tmp/$tag-cd"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v9.json" -- sh -c "cd /var/tmp/$tag-cd && touch sub/f" ) 2>/dev/null
                        rc=$?
                        check "$who, landlock workspace-write: cd out and a write to sub/f there is refused (rc=$rc)" \
                                test $rc -eq 1 -a ! -e "/var/tmp/$tag-cd/sub/f"
                        check "$who, landlock workspace-write: ... denied, though sub is missing from the workspace" \
                                grep -q '"verdict": *"denied"' "$d/v9.json"
                        rm -rf "/var/tmp/$tag-cd"
                        # ".." after a symlink out of the workspace is its target's parent, as the
                        # kernel resolves it: the write there is the sandbox's refusal, though the text
                        # "l/../ro" reads as the workspace's 0444 ro (before: task_failure)
                        mkdir -p "/var/tmp/$tag-dd/sub"
                        [ $who = nobody ] && chown -R 65534:65534 "/var/tmp/$tag-dd"
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v8.json" -- sh -c "ln -sfn /var/tmp/$tag-dd/sub l && touch l/../ro" ) 2>/dev/null
                        rc=$?
                        rm -f "$d/ws/l"
                        check "$who, landlock workspace-write: a write to l/../ro, l a symlink out, is refused (rc=$rc)" \
                                test $rc -eq 1 -a ! -e "/var/tmp/$tag-dd/ro"
                        check "$who, landlock workspace-write: ... denied" grep -q '"verdict": *"denied"' "$d/v8.json"
                        # ... and its path recorded as the kernel resolved it (before: <workspace>/ro)
                        check "$who, landlock workspace-write: ... its path the target's parent's ro" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert [x["path"] for x in o["denials"]] == [sys.argv[2]], o' "$d/v8.json" "/var/tmp/$tag-dd/ro"
                        rm -rf "/var/tmp/$tag-dd"
                        # after cd into a directory of the user's, a symlink made there (cp -s) whose
                        # target lies where the host refuses a write, and a Perl die naming its script
                        # there: the sandbox's refusal of the name made (before: task_failure as nobody,
                        # the path moved to the only-read target or the script, which the host refuses)
                        mkdir -p "/var/tmp/$tag-cs"
                        [ $who = nobody ] && chown 65534:65534 "/var/tmp/$tag-cs"
                        printf 'open(my $f, ">", "x") or die "Cannot open x: $!";\n' >"$T/$tag-w.pl"
                        chmod 0644 "$T/$tag-w.pl"
                        n=0
                        for op in "cp -s /etc/passwd x" "perl $T/$tag-w.pl"; do
                                n=$((n + 1))
                                command -v "${op%% *}" >/dev/null || continue
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock \
                                        --mode workspace-write --verdict-json "$d/cs$n.json" -- \
                                        sh -c "cd /var/tmp/$tag-cs && $op" ) 2>/dev/null
                                rc=$?
                                check "$who, landlock workspace-write: cd out, ${op%% *} making x: denied ($rc)" \
                                        "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1 and not os.path.lexists(sys.argv[2]), o' \
                                        "$d/cs$n.json" "/var/tmp/$tag-cs/x"
                        done
                        rm -rf "/var/tmp/$tag-cs" "$T/$tag-w.pl"
                        # ... but a host refusal the workspace's names allow for stays the command's: a
                        # script without its execute bit, run
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                --verdict-json "$d/v6.json" -- sh -c 'echo true > nx && chmod 0644 nx && ./nx' ) 2>"$T/err"
                        rc=$?
                        check "$who, landlock workspace-write: a script without x refuses to run (rc=$rc)" \
                                grep -q 'nx: Permission denied' "$T/err"
                        check "$who, landlock workspace-write: ... task_failure" grep -q '"verdict": *"task_failure"' "$d/v6.json"
                        # bubblewrap: the same writes are the command's failure, as before; as root
                        # the sandbox's (no capability kept), denied
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                --verdict-json "$d/v4.json" -- sh -c 'echo x > ro; touch rodir/f' ) 2>/dev/null
                        rc=$?
                        if [ $rc -eq 125 ]; then
                                echo "note - bwrap not usable here: its side of the 0444 check not run"
                        else
                                check "$who, bwrap workspace-write: the same writes are a $dac_want (rc=$rc)" \
                                        grep -q "\"verdict\": *\"$dac_want\"" "$d/v4.json"
                        fi
                        # where the host itself refuses the write, sandbox or not, the failure is the
                        # command's under either backend (before: denied, Landlock's EACCES and
                        # bubblewrap's EROFS read alone): as nobody, reading /etc/shadow, making a file
                        # in /etc and writing /etc/passwd; as anyone, writing beneath a mount the host
                        # keeps read-only, in the workspace too. A write outside that the host allows
                        # (nobody in /var/tmp) stays denied.
                        for b in landlock bwrap; do
                                if [ $who = nobody ]; then
                                        cmd="cat /etc/shadow; touch /etc/$tag-h; echo x >> /etc/passwd"
                                else
                                        mkdir -p "$d/rosrc" "$d/ws/romnt" && mount --bind -o ro "$d/rosrc" "$d/ws/romnt" || continue
                                        cmd="touch romnt/x; mkdir -p '$d/ws/romnt/a/b'"
                                fi
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/h-$b.json" -- sh -c "$cmd" ) 2>"$T/err"
                                rc=$?
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/h2-$b.json" -- sh -c "$cmd; touch /var/tmp/$tag-h2" ) 2>/dev/null
                                [ $who = root ] && umount "$d/ws/romnt"
                                if [ $rc -eq 125 ]; then
                                        echo "note - $b not usable here: its side of the host-refusal check not run"
                                        continue
                                fi
                                check "$who, $b workspace-write: writes the host refuses anyway fail (rc=$rc, $(grep -c 'Permission denied\|Read-only' "$T/err") lines)" \
                                        test $rc -ne 0 -a ! -e "/etc/$tag-h" -a ! -e "$d/ws/romnt/x"
                                check "$who, $b workspace-write: ... task_failure with no denial line" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0 and o["denials"] == [], o' "$d/h-$b.json"
                                check "$who, $b workspace-write: ... and a write outside that the host allows is denied, that line only" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1 and o["denials"][0]["path"] == sys.argv[2], o' \
                                        "$d/h2-$b.json" "/var/tmp/$tag-h2"
                        done
                        # fs.protected_regular refuses an open with O_CREAT of another user's file in a
                        # sticky directory others may write, root included, whatever the file's bits:
                        # a shared 1777 directory in the workspace refused `echo x > f` of a 0666 file
                        # as it does on the host (before: denied under Landlock). The setting is the
                        # host's, for the two runs only; with it off the write lands. The machine's: one
                        # copy of these rows at a time (a lock of the tests' in /run/lock, kept there), for
                        # another clone's suite beside set it to 0 under the rows at 1 ("fs.protected_regular
                        # refuses ... (rc=0)") and could put back the 0 it had read.
                        pr=/proc/sys/fs/protected_regular
                        pr_dir=/run/lock
                        [ -d "$pr_dir" ] || pr_dir=/tmp
                        exec {pr_fd}>>"$pr_dir/sbx-test-protected-regular.lock" && flock -w 120 "$pr_fd"
                        if [ "$(id -u)" = 0 ] && [ -w "$pr" ] && pr_old=$(cat "$pr"); then
                                sf=$d/ws/$tag-shared/f
                                shared_file() { rm -f "$sf" && echo a >"$sf" && chown 12345:12345 "$sf" && chmod 0666 "$sf"; }
                                mkdir -p "$d/ws/$tag-shared" && chmod 1777 "$d/ws/$tag-shared"
                                for level in 1 0; do
                                        for b in landlock bwrap; do
                                                shared_file
                                                echo "$level" >"$pr"
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                                        --mode workspace-write --verdict-json "$d/pr$level-$b.json" -- \
                                                        sh -c "echo x > $tag-shared/f" ) 2>/dev/null
                                                rc=$?
                                                echo "$pr_old" >"$pr"
                                                [ $rc -eq 125 ] && continue
                                                if [ "$level" = 1 ]; then
                                                        check "$who, $b workspace-write: fs.protected_regular refuses a write to another user's file in a shared sticky directory (rc=$rc): task_failure" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert open(sys.argv[2]).read() == "a\n", "written"' "$d/pr1-$b.json" "$sf"
                                                else
                                                        check "$who, $b workspace-write: ... without it the write lands (rc=$rc)" \
                                                                test $rc -eq 0 -a "$(cat "$sf")" = x
                                                fi
                                        done
                                done
                                rm -rf "$d/ws/$tag-shared"
                                pr_old=
                        fi
                        exec {pr_fd}>&-
                        # a program the command cannot run after a search of PATH is none of the cwd's:
                        # where the host refuses it (a file without x in a PATH directory; as nobody, a
                        # PATH directory nobody may not search), the run is the command's failure, under
                        # either backend (before: under Landlock, denied, with <cwd>/prog recorded)
                        mkdir -p "$d/pathdirs/closed" "$d/pathdirs/nox"
                        printf '#!/bin/sh\necho ran\n' >"$d/pathdirs/closed/$tag-prog"
                        printf '#!/bin/sh\necho ran\n' >"$d/pathdirs/nox/$tag-prog"
                        chmod 0755 "$d/pathdirs/closed/$tag-prog" && chmod 0644 "$d/pathdirs/nox/$tag-prog"
                        chmod 0700 "$d/pathdirs/closed" && chmod 0755 "$d/pathdirs" "$d/pathdirs/nox"
                        dirs=(nox)
                        [ $who = nobody ] && dirs+=(closed)
                        for pd in "${dirs[@]}"; do
                                for b in landlock bwrap; do
                                        ( cd "$d/ws" && "${pre[@]}" PATH="$d/pathdirs/$pd:$PATH" SBX_DB="$d/audit.db" "$SBX" run \
                                                --backend $b --mode read-only --verdict-json "$d/pp-$b.json" -- env "$tag-prog" ) 2>"$T/err"
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b read-only: env of a program in PATH ($pd) the host does not run: task_failure (rc=$rc, $(cat "$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/pp-$b.json"
                                done
                        done
                        rm -rf "$d/pathdirs"
                        # a rename out of the workspace to a directory the user may write, and one in
                        # from there: bwrap refuses them with EXDEV (the workspace is a bind, a mount
                        # of its own), Landlock with EACCES; both are the sandbox's, the files stay
                        # where they were (before: under bwrap, task_failure). One from a host tmpfs
                        # into the workspace fails with EXDEV on the host too: the task's failure.
                        mkdir -p "$d/xd" && echo out >"$d/xd/f" && [ $who = nobody ] && chown -R 65534:65534 "$d/xd"
                        shm=/dev/shm/$tag-xd-$who
                        echo t >"$shm" && [ $who = nobody ] && chown 65534:65534 "$shm"
                        for b in landlock bwrap; do
                                rm -f "$d/ws/$tag-in" && echo in >"$d/ws/$tag-in" && [ $who = nobody ] && chown 65534:65534 "$d/ws/$tag-in"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/xd1-$b.json" -- "$PY" -c "import os; os.rename('$tag-in', '$d/xd/moved')" ) 2>"$T/err"
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/xd2-$b.json" -- "$PY" -c "import os; os.rename('$d/xd/f', 'stolen')" ) 2>>"$T/err"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/xd3-$b.json" -- "$PY" -c "import os; os.rename('$shm', 'shm')" ) 2>>"$T/err"
                                check "$who, $b workspace-write: os.rename out of the workspace and into it: denied, the files where they were (rc=$rc, $(grep -c 'Errno' "$T/err") errors)" "$PY" -c '
import json, os, sys
d, ws, shm = sys.argv[1:4]
for n in ("xd1", "xd2"):
    o = json.load(open(d + "/" + n + "-" + sys.argv[4] + ".json"))
    assert o["verdict"] == "denied" and o["denial_lines"] == 1, o
assert json.load(open(d + "/xd1-" + sys.argv[4] + ".json"))["denials"][0]["path"] == d + "/xd/moved"
assert json.load(open(d + "/xd2-" + sys.argv[4] + ".json"))["denials"][0]["path"] == d + "/xd/f"
assert not os.path.exists(d + "/xd/moved") and open(d + "/xd/f").read() == "out\n", "moved out"
assert not os.path.exists(ws + "/stolen") and os.path.exists(ws + "/" + os.path.basename(sys.argv[5])), "moved"
o = json.load(open(d + "/xd3-" + sys.argv[4] + ".json"))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d" "$d/ws" "$shm" $b "$d/ws/$tag-in"
                        done
                        # a script that moves first (`cd DIR && ...`, as an agent's bash tool runs
                        # one): its relative names are DIR's (before: the start directory's, so a
                        # write refused in DIR was recorded in the workspace, and as nobody one the
                        # host refuses in /etc read as the sandbox's refusal of the workspace)
                        for b in landlock bwrap; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/cd1-$b.json" -c "cd '$d/xd' && touch y.txt" ) 2>/dev/null
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                check "$who, $b read-only: cd DIR && touch y.txt: denied, DIR/y.txt recorded, not made (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2]], o
assert not os.path.exists(sys.argv[2]), "made"' "$d/cd1-$b.json" "$d/xd/y.txt"
                                [ $who = nobody ] || continue
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/cd2-$b.json" -c "cd /etc && touch ./$tag-cd" ) 2>/dev/null
                                check "nobody, $b workspace-write: cd /etc && touch ./x: the host's refusal, task_failure (rc=$?)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert not os.path.exists(sys.argv[2]), "made"' "$d/cd2-$b.json" "/etc/$tag-cd"
                        done
                        # relative names in a directory other than the run's: a bare word after a
                        # leading cd is a file there, judged against the host (as nobody `cd /etc &&
                        # touch x` read as denied); tar -C, make -C, git -C and env -C name their own
                        # directory's files (they were recorded in the workspace: tar -C /etc as
                        # nobody read as denied); a script that moves later claims no directory for
                        # its relative names, no path (`touch a && cd DIR && touch b` recorded <ws>/b)
                        mkdir -p "$d/td/sub" /var/tmp/$tag-mk-$who &&
                                printf 'all:\n\ttouch %s-m\n' $tag >/var/tmp/$tag-mk-$who/Makefile
                        mkdir -p "$d/ws/tsub" && echo t >"$d/td/sub/$tag-t" && tar -cf "$d/ws/a.tar" -C "$d/td/sub" $tag-t
                        ( cd "$d/td/sub" && "$PY" -m zipfile -c "$d/ws/a.zip" $tag-t )
                        ! command -v cpio >/dev/null || ( cd "$d/td/sub" && echo $tag-t | cpio -o --quiet >"$d/ws/a.cpio" )
                        git init -q /var/tmp/$tag-git-$who &&
                                git -C /var/tmp/$tag-git-$who -c user.email=a@b -c user.name=a commit -q --allow-empty -m x
                        [ $who = nobody ] && chown -R 65534:65534 "$d/ws"
                        for b in landlock bwrap; do
                                for m in read-only workspace-write; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw1-$b-$m.json" -c "cd /etc && touch $tag-bare" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw2-$b-$m.json" -- tar -C /etc -xf a.tar ) 2>/dev/null
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw3-$b-$m.json" -- make -C /var/tmp/$tag-mk-$who ) >/dev/null 2>&1
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw4-$b-$m.json" -c "tar -C tsub -xf a.tar" ) 2>/dev/null
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw5-$b-$m.json" \
                                                -c "touch $tag-in && cd /var/tmp/$tag-mk-$who && touch $tag-later" ) 2>/dev/null
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw6-$b-$m.json" -- git -C /var/tmp/$tag-git-$who fetch -q . ) >/dev/null 2>&1
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw7-$b-$m.json" -- env -C /etc touch $tag-env ) 2>/dev/null
                                        # through wrappers that move nowhere (they were no directory known)
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw8-$b-$m.json" -- timeout -s TERM 60 make -C /var/tmp/$tag-mk-$who ) >/dev/null 2>&1
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw9-$b-$m.json" -c "nice -n 5 stdbuf -oL make -C /var/tmp/$tag-mk-$who" ) >/dev/null 2>&1
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw10-$b-$m.json" -c "timeout 60 bash -c 'cd /var/tmp/$tag-mk-$who && touch $tag-m'" ) >/dev/null 2>&1
                                        # their long options abbreviated as getopt_long takes them
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw11-$b-$m.json" -- make --di=/var/tmp/$tag-mk-$who ) >/dev/null 2>&1
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                --verdict-json "$d/bw12-$b-$m.json" -- env --c=/etc touch $tag-env ) 2>/dev/null
                                        # GNU cpio's -D, its archive where it started (it was the start's:
                                        # as nobody, denied)
                                        rm -f "$d"/bw1[3456789]-$b-$m.json "$d"/bw20-$b-$m.json
                                        if command -v cpio >/dev/null; then
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw16-$b-$m.json" -- cpio -i --quiet -D /etc -F a.cpio ) 2>/dev/null
                                                # ... in a script, its archive on stdin from a redirection (it
                                                # claimed no directory: as nobody, denied)
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw18-$b-$m.json" -c "cpio -i --quiet -D /etc < a.cpio" ) 2>/dev/null
                                        fi
                                        # BusyBox's applets, read as the applet, and its unzip's -d, where it
                                        # moves (they were no directory known: as nobody, denied)
                                        if command -v busybox >/dev/null; then
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw13-$b-$m.json" -- busybox tar -C /etc -xf a.tar ) 2>/dev/null
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw14-$b-$m.json" -- busybox sh -c "cd /etc && touch $tag-bb" ) 2>/dev/null
                                                # PHP's -r code that moves first (it was the start's: as nobody,
                                                # denied)
                                                if command -v php >/dev/null; then
                                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                                --verdict-json "$d/bw19-$b-$m.json" -- php -r "chdir(\"/etc\"); touch(\"$tag-php\"); exit(1);" ) 2>/dev/null
                                                        # ... by Debian's versioned name, php8.2, which
                                                        # the alternative php points to (it was no PHP:
                                                        # as nobody, denied)
                                                        phpv=$(basename "$(readlink -f "$(command -v php)")")
                                                        case $phpv in
                                                        php[0-9]*)
                                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                                        --verdict-json "$d/bw20-$b-$m.json" -- "$phpv" -r "chdir(\"/etc\"); touch(\"$tag-phpv\"); exit(1);" ) 2>/dev/null
                                                                ;;
                                                        esac
                                                fi
                                                # its ash by that name (it was no shell: -1, as nobody denied)
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw17-$b-$m.json" -- busybox ash -c "cd /etc && touch $tag-ba" ) 2>/dev/null
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $m \
                                                        --verdict-json "$d/bw15-$b-$m.json" -- busybox unzip -o -q a.zip -d /etc ) >/dev/null 2>&1
                                        fi
                                        check "$who, $b $m: a bare word after cd, tar -C, make -C (--di=), git -C, env -C (--c=), cpio -D (also < a.cpio), busybox tar -C, sh -c, ash -c, unzip -d, php -r chdir() (also php8.2's; after timeout, nice, stdbuf; a shell's cd after timeout), a later cd: read in their directory (rc=$rc)" \
                                                "$PY" -c '
import json, os, sys
d, who, b, m, tag, ws = sys.argv[1:7]
mk, git = "/var/tmp/%s-mk-%s" % (tag, who), "/var/tmp/%s-git-%s" % (tag, who)
def o(n):
    return json.load(open("%s/bw%d-%s-%s.json" % (d, n, b, m)))
def paths(x):
    return [e["path"] for e in x["denials"]]
# outside the workspace: the host refuses nobody all of them (root-owned), root none
for n, want in ((1, ["/etc/%s-bare" % tag]), (2, ["/etc/%s-t" % tag]), (3, [mk + "/" + tag + "-m"]),
                (6, [git + "/.git/FETCH_HEAD"]), (7, ["/etc/%s-env" % tag]), (8, [mk + "/" + tag + "-m"]),
                (9, [mk + "/" + tag + "-m"]), (10, [mk + "/" + tag + "-m"]), (11, [mk + "/" + tag + "-m"]),
                (12, ["/etc/%s-env" % tag]), (13, ["/etc/%s-t" % tag]), (14, ["/etc/%s-bb" % tag]),
                (15, ["/etc/%s-t" % tag]), (16, ["/etc/%s-t" % tag]), (17, ["/etc/%s-ba" % tag]),
                (18, ["/etc/%s-t" % tag]), (19, ["/etc/%s-php" % tag]), (20, ["/etc/%s-phpv" % tag])):
    if n >= 13 and not os.path.exists("%s/bw%d-%s-%s.json" % (d, n, b, m)):
        continue  # no busybox, no cpio on this host
    x = o(n)
    if who == "nobody":
        assert x["verdict"] == "task_failure" and x["denial_lines"] == 0, (n, x)
    else:
        assert x["verdict"] == "denied" and paths(x)[:1] == want, (n, x)
# inside: tsub of the workspace, written in workspace-write, refused in read-only
x = o(4)
if m == "workspace-write":
    assert x["verdict"] == "success" and os.path.exists(ws + "/tsub/" + tag + "-t"), x
else:
    assert x["verdict"] == "denied" and paths(x) == [ws + "/tsub/" + tag + "-t"], x
# a later cd: no directory claimed (the workspace name in read-only, the one outside): no path
x = o(5)
assert x["verdict"] == "denied" and paths(x) == [None], x
assert x["denials"][0]["line"].split(chr(39))[1] == tag + ("-in" if m == "read-only" else "-later"), x
for p in ("/etc/%s-bare" % tag, "/etc/%s-t" % tag, "/etc/%s-env" % tag, "/etc/%s-bb" % tag, "/etc/%s-ba" % tag, "/etc/%s-php" % tag, "/etc/%s-phpv" % tag, mk + "/" + tag + "-m", mk + "/" + tag + "-later"):
    assert not os.path.exists(p), "made: " + p
assert not os.path.exists(git + "/.git/FETCH_HEAD"), "fetched"' "$d" $who $b $m $tag "$d/ws"
                                        rm -f "$d/ws/tsub/$tag-t" "$d/ws/$tag-in"
                                done
                        done
                        rm -rf "$d/td" "$d/ws/tsub" "$d/ws/a.tar" "$d/ws/a.zip" "$d/ws/a.cpio" /var/tmp/$tag-mk-$who /var/tmp/$tag-git-$who
                        # a file of root's outside the workspace that nobody may write, not read
                        # (0622): a read of it is the host's refusal, which Landlock never makes
                        # (cat's, head's, dd's if=, Python's open(X) lines read as denied); a write
                        # to it, the line, the script, dd's of= or Python's source telling an open
                        # for writing alone, the sandbox's, the file unchanged
                        if [ $who = nobody ]; then
                                # wo_row WANT WHAT FILE COMMAND...: nobody runs COMMAND, landlock
                                # (wo_backend=bwrap: bwrap), read-only; the verdict is WANT (denied:
                                # FILE its path; denied-dir: a path in FILE's directory), FILE unchanged
                                wo_row() {
                                        local want=$1 what=$2 f=$3 rc wb=${wo_backend:-landlock}
                                        shift 3
                                        cp "$f" "$d/wo-before"
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $wb --mode read-only \
                                                --verdict-json "$d/wo.json" -- "$@" </dev/null ) >/dev/null 2>&1
                                        rc=$?
                                        check "nobody, $wb read-only: $* of $what: $want, the file unchanged (rc=$rc)" "$PY" -c '
import json, os, sys
o, want, f, before = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4]
assert open(f, "rb").read() == open(before, "rb").read(), "written"
paths = [e["path"] for e in o["denials"]]
if want == "denied":
    assert o["verdict"] == "denied" and paths == [f], o
elif want == "denied-dir":
    assert o["verdict"] == "denied" and os.path.dirname(paths[0]) == os.path.dirname(f), o
else:
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/wo.json" $want "$f" "$d/wo-before"
                                }
                                wof=/var/tmp/$tag-wo/f
                                mkdir -p /var/tmp/$tag-wo && : >$wof && chmod 0622 $wof
                                wo_row task_failure "root's 0622 file" $wof cat $wof
                                wo_row task_failure "root's 0622 file" $wof head $wof
                                wo_row task_failure "root's 0622 file" $wof bash -c "cat < $wof"
                                # ... dash's and BusyBox ash's line of it, "cannot open X", "can't
                                # open X" (before: denied, the host's refusal taken for the
                                # sandbox's); where the script writes X too, the write's line alone
                                # is the sandbox's, one denial (review51: the read's counted too,
                                # two); a script file's line, the read's alone (review51: denied
                                # before)
                                printf 'cat < %s\n' $wof >/var/tmp/$tag-wo/r.sh
                                wo_row task_failure "root's 0622 file" $wof dash -c "cat < $wof"
                                wo_row denied "root's 0622 file" $wof dash -c "cat < $wof; echo x > $wof"
                                wo_row task_failure "root's 0622 file" $wof dash /var/tmp/$tag-wo/r.sh
                                if command -v busybox >/dev/null; then
                                        ln -sf "$(command -v busybox)" /var/tmp/$tag-wo/ash
                                        wo_row task_failure "root's 0622 file" $wof /var/tmp/$tag-wo/ash -c "cat < $wof"
                                        wo_row denied "root's 0622 file" $wof /var/tmp/$tag-wo/ash -c "cat < $wof; echo x > $wof"
                                        wo_row task_failure "root's 0622 file" $wof /var/tmp/$tag-wo/ash /var/tmp/$tag-wo/r.sh
                                        wo_row task_failure "root's 0622 file" $wof busybox sh -c "cat < $wof"
                                        # ... its shell called through the busybox binary (left51:
                                        # denied before, its script not read)
                                        wo_row task_failure "root's 0622 file" $wof busybox ash -c "cat < $wof"
                                        wo_row denied "root's 0622 file" $wof busybox sh -c "cat < $wof; echo x > $wof"
                                fi
                                wo_row denied "root's 0622 file" $wof bash -c "echo x > $wof"
                                wo_row denied "root's 0622 file" $wof tee $wof
                                # ... a write whose line does not tell it from a read (through an
                                # expansion, from a script file, an output file of uniq or shuf) is
                                # the sandbox's too (read as the host's refusal of a read, no denial)
                                wo_row denied "root's 0622 file" $wof bash -c "f=$wof; echo x > \$f"
                                printf 'echo x > %s\n' $wof >/var/tmp/$tag-wo/w.sh
                                wo_row denied "root's 0622 file" $wof bash /var/tmp/$tag-wo/w.sh
                                cp /var/tmp/$tag-wo/w.sh /var/tmp/$tag-wo/cat
                                wo_row denied "root's 0622 file" $wof bash /var/tmp/$tag-wo/cat
                                wo_row denied "root's 0622 file" $wof uniq /etc/hostname $wof
                                wo_row denied "root's 0622 file" $wof shuf -o $wof /etc/hostname
                                wo_row task_failure "root's 0622 file" $wof wc $wof
                                # (under bwrap, its EROFS read the same)
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof uniq /etc/hostname $wof
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof bash /var/tmp/$tag-wo/w.sh
                                # ... bash's `>& F`, output into F (before: read as a run of F after
                                # `&`, which the host refuses: task_failure); `>&2` copies a descriptor
                                wo_row denied "root's 0622 file" $wof bash -c "echo x >& $wof"
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof bash -c "echo x >& $wof"
                                wo_row task_failure "root's 0622 file" $wof bash -c "cat < $wof >&2"
                                # ... a write whose word is quoted in part, after a read of the same
                                # file (before: the write not seen, both lines read as the read's,
                                # task_failure; under Landlock the read's line, the same text, counts
                                # too: denied-dir)
                                wo_row denied-dir "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/'f'"
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/'f'"
                                # ... and one bash makes by brace expansion (review50: before,
                                # task_failure 0 [] under both backends)
                                wo_row denied-dir "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/{f..f}"
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/{f..f}"
                                # ... but not one whose text before the braces is not the file's: another
                                # name of root's directory, the host's refusal too (review50b: before,
                                # denied under Landlock, the read's line read as the write's)
                                wo_row task_failure "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/w{o..o}"
                                wo_backend=bwrap wo_row task_failure "root's 0622 file" $wof bash -c "cat < $wof; echo x > ${wof%/f}/w{o..o}"
                                # ... and bash's `>& WORD` of a word that starts with digits, no
                                # descriptor's number: the file (review50: before, read as a copy
                                # of descriptor 1, task_failure 0 [] under both backends)
                                cp -p $wof ${wof%/f}/1f
                                wo_row denied-dir "root's 0622 file" ${wof%/f}/1f bash -c "cd ${wof%/f} && cat < 1f; echo x >& 1f"
                                wo_backend=bwrap wo_row denied "root's 0622 file" ${wof%/f}/1f bash -c "cd ${wof%/f} && cat < 1f; echo x >& 1f"
                                # ... dash's write of a relative name with a space, printed as it is
                                # (review50: before, read from the line number, the host asked of
                                # ${wof%/f}/1, task_failure 0 [] under both backends)
                                cp -p $wof "${wof%/f}/a b"
                                wo_row denied "root's 0622 file" "${wof%/f}/a b" sh -c "cd ${wof%/f} && echo x > 'a b'"
                                wo_backend=bwrap wo_row denied "root's 0622 file" "${wof%/f}/a b" sh -c "cd ${wof%/f} && echo x > 'a b'"
                                wo_row task_failure "root's 0622 file" $wof dd if=$wof of=/dev/null
                                wo_row denied "root's 0622 file" $wof dd if=/dev/zero of=$wof count=1
                                wo_row task_failure "root's 0622 file" $wof "$PY" -c "open('$wof')"
                                # ... a module's call through its own name o, a partial of open
                                # for writing, after the script's \`o = open\`: the module's, a write
                                # (review50: before, read as the script's alias, a read, task_failure
                                # 0 [] under both backends)
                                printf 'import functools\no = functools.partial(open, mode="w")\ndef f(p):\n    o(p)\n' >"$d/ws/wom.py"
                                wo_row denied "root's 0622 file" $wof "$PY" -c "import wom; o = open; wom.f('$wof')"
                                wo_backend=bwrap wo_row denied "root's 0622 file" $wof "$PY" -c "import wom; o = open; wom.f('$wof')"
                                wo_row denied "root's 0622 file" $wof "$PY" -c "open('$wof', 'w')"
                                # ... through another name of the builtin open: a read is the host's
                                # refusal (it read denied), a write the sandbox's
                                wo_row task_failure "root's 0622 file" $wof "$PY" -c "o = open; o('$wof').read()"
                                wo_row task_failure "root's 0622 file" $wof "$PY" -c "from io import open as o
o('$wof')"
                                wo_row denied "root's 0622 file" $wof "$PY" -c "o = open; o('$wof', 'w')"
                                # ... through a script file's own name of open (`python3 r.py`: its
                                # traceback shows the call, not the name's binding), and through
                                # io.FileIO, in a script file and a -c script: a read is the host's
                                # refusal (each read denied), a write the sandbox's
                                printf 'o = open\no("%s").read()\n' $wof >/var/tmp/$tag-wo/alias-r.py
                                printf 'o = open\no("%s", "w")\n' $wof >/var/tmp/$tag-wo/alias-w.py
                                printf 'import io\nio.FileIO("%s")\n' $wof >/var/tmp/$tag-wo/fileio-r.py
                                printf 'import io\nio.FileIO("%s", "w")\n' $wof >/var/tmp/$tag-wo/fileio-w.py
                                wo_row task_failure "root's 0622 file" $wof "$PY" /var/tmp/$tag-wo/alias-r.py
                                wo_row denied "root's 0622 file" $wof "$PY" /var/tmp/$tag-wo/alias-w.py
                                wo_row task_failure "root's 0622 file" $wof "$PY" /var/tmp/$tag-wo/fileio-r.py
                                wo_row denied "root's 0622 file" $wof "$PY" /var/tmp/$tag-wo/fileio-w.py
                                wo_row task_failure "root's 0622 file" $wof "$PY" -c "import io; io.FileIO('$wof')"
                                wo_row denied "root's 0622 file" $wof "$PY" -c "import io; io.FileIO('$wof', 'w')"
                                # ... named "for reading": a word of the name is not the message's
                                # (tee's write read as a read, the host's refusal)
                                : >"/var/tmp/$tag-wo/for reading" && chmod 0622 "/var/tmp/$tag-wo/for reading"
                                wo_row denied "root's 0622 file named 'for reading'" "/var/tmp/$tag-wo/for reading" \
                                        tee "/var/tmp/$tag-wo/for reading"
                                # ... or through a name, its source line telling no mode (read as
                                # the host's refusal of a read)
                                wo_row denied "root's 0622 file" $wof "$PY" -c "m = 'w'; open('$wof', m)"
                                printf 'def save(p, mode="w"):\n    with open(p, mode) as f:\n        f.write("x")\nsave("%s")\n' $wof \
                                        >/var/tmp/$tag-wo/w.py
                                wo_row denied "root's 0622 file" $wof "$PY" /var/tmp/$tag-wo/w.py
                                wo_row task_failure "root's 0622 file" $wof "$PY" -c "import pathlib; pathlib.Path('$wof').read_text()"
                                # ... and nobody's own 0444 file in its own directory: an open of it
                                # for writing is the host's refusal, whatever the directory allows
                                # (read as denied); sed -i's new file in the directory, which the
                                # host allows, stays the sandbox's
                                wof=/var/tmp/$tag-wo/own/f
                                mkdir /var/tmp/$tag-wo/own && echo a >$wof && chmod 0444 $wof && chown -R 65534:65534 /var/tmp/$tag-wo/own
                                wo_row task_failure "its own 0444 file" $wof bash -c "echo x > $wof"
                                wo_row task_failure "its own 0444 file" $wof tee $wof
                                wo_row denied-dir "its own 0444 file" $wof sed -i s/a/b/ $wof
                                rm -rf /var/tmp/$tag-wo "$d/wo-before"
                        fi
                        # BusyBox's shell refused a cd by the host ("ash: cd: line 0: can't cd to X:
                        # Permission denied"; Landlock governs no chdir): X, which the host refuses
                        # nobody, the task's failure (it named none: denied under Landlock)
                        if [ $who = nobody ] && command -v busybox >/dev/null; then
                                mkdir -p /var/tmp/$tag-priv && chmod 0700 /var/tmp/$tag-priv
                                for b in landlock bwrap; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                                --verdict-json "$d/cdp-$b.json" -- busybox ash -c "cd /var/tmp/$tag-priv && touch x" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: busybox ash's cd into a 0700 directory of root's: the host's refusal, task_failure (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o' "$d/cdp-$b.json"
                                done
                                rm -rf /var/tmp/$tag-priv
                                # BusyBox mv into a directory outside names its source alone ("mv:
                                # can't rename './f'", a workspace file): the destination, read from
                                # the argv, is judged against the host (it was the workspace's f: the
                                # host's refusal of root's /etc read as denied)
                                echo x >"$d/ws/$tag-mv" && chown 65534:65534 "$d/ws/$tag-mv"
                                # ... also as a shell script's one command (sh -c 'busybox mv ...': it
                                # was read from the exec'd argv alone, the shell's)
                                for dest in /etc/ /var/tmp/; do
                                    # ... and after env's assignments (env was read as the command),
                                    # and from env's -C DIR (the destination was not read), also
                                    # before a shell whose script is the mv (shchdir: not read), one
                                    # whose '..' follows a workspace symlink to the destination (read
                                    # as text, the workspace's etc/: denied, a path never written)
                                    # ... and from a chain of envs, each -C from where the one
                                    # before moved (start dir not read: the destination was never
                                    # judged, root's /etc read as denied)
                                    ln -sfn "${dest%/}" "$d/ws/$tag-lnk"
                                    for form in argv script env chdir shchdir dotdot chain; do
                                        if [ $form = argv ]; then
                                                run_as=(-- busybox mv ./$tag-mv $dest)
                                        elif [ $form = env ]; then
                                                run_as=(-- env -u X LC_ALL=C.UTF-8 busybox mv ./$tag-mv $dest)
                                        elif [ $form = chdir ]; then
                                                run_as=(-- env -C "$(dirname $dest)" busybox mv "$d/ws/$tag-mv" "$(basename $dest)/")
                                        elif [ $form = shchdir ]; then
                                                run_as=(-- env -C "$(dirname $dest)" sh -c "busybox mv '$d/ws/$tag-mv' $(basename $dest)/")
                                        elif [ $form = dotdot ]; then
                                                run_as=(-- env -C "$d/ws/$tag-lnk/.." busybox mv "$d/ws/$tag-mv" "$(basename $dest)/")
                                        elif [ $form = chain ]; then
                                                run_as=(-- env -C "$dest" env -C .. busybox mv "$d/ws/$tag-mv" "$(basename $dest)/")
                                        else
                                                run_as=(-c "busybox mv ./$tag-mv $dest")
                                        fi
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock \
                                                --verdict-json "$d/bmv.json" "${run_as[@]}" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, landlock: busybox mv ./f $dest ($form): $([ $dest = /etc/ ] && echo "the host's refusal, task_failure" || echo "denied, ${dest}f recorded") (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "/etc/":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2] + sys.argv[3]], o
assert os.path.exists(sys.argv[4]) and not os.path.exists(sys.argv[2] + sys.argv[3]), "moved"' "$d/bmv.json" $dest $tag-mv "$d/ws/$tag-mv"
                                    done
                                done
                                # ... into a directory whose name is longer than a path once kept
                                # (1023 bytes): the classifier refused the context, which was
                                # dropped whole (the workspace with it), and root's such directory
                                # read as denied, the workspace's f its path. Now root's is the
                                # host's refusal; one nobody may write, denied, DEST/f its path
                                # (never the workspace's f; none while paths were cut at 1023)
                                long=/var/tmp/$tag-long/$(printf 'a%.0s' {1..250})/$(printf 'b%.0s' {1..250})/$(printf 'c%.0s' {1..250})/$(printf 'd%.0s' {1..250})
                                mkdir -p "$long/open" && chmod 0755 /var/tmp/$tag-long && chmod 0777 "$long/open"
                                for dest in "$long/" "$long/open/"; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock \
                                                --verdict-json "$d/bmv.json" -- busybox mv "$d/ws/$tag-mv" "$dest" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, landlock: busybox mv ./f into a directory of ${#dest} bytes, $([ "$dest" = "$long/" ] && echo "root's: the host's refusal, task_failure" || echo "nobody may write: denied, DEST/f its path") (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
if sys.argv[3] == "root":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[4] + "/" + os.path.basename(sys.argv[2])], o
assert os.path.exists(sys.argv[2]) and not os.listdir(sys.argv[4]), "moved"' "$d/bmv.json" "$d/ws/$tag-mv" \
                                                "$([ "$dest" = "$long/" ] && echo root || echo open)" "$long/open"
                                done
                                rm -rf /var/tmp/$tag-long
                                rm -f "$d/ws/$tag-mv" "$d/ws/$tag-lnk"
                        fi
                        # env -S STRING read as the words GNU env splits it into: its shell's script
                        # moves into /etc first (it was not read: no directory, no path, and as
                        # nobody the host's refusal of /etc/x read as denied)
                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock \
                                --verdict-json "$d/envs.json" -- env -S "sh -c \"cd /etc && touch $tag-envs\"" ) 2>/dev/null
                        rc=$?
                        [ $rc -eq 125 ] ||
                                check "$who, landlock: env -S 'sh -c \"cd /etc && touch x\"': $([ $who = nobody ] && echo "the host's refusal, task_failure" || echo "denied, /etc/x its path") (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "nobody":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o
assert not os.path.exists(sys.argv[3]), "made"' "$d/envs.json" $who /etc/$tag-envs
                        # sqlite3's .backup over a database names none ("Error: attempt to write a
                        # readonly database"): the file read from the argv, judged against the host
                        # (root's: the host's refusal, task_failure; nobody's own in /var/tmp: the
                        # sandbox's, denied). Before, both denied, no path. Under bwrap the same
                        # (review51: its own read task_failure before, the text alone telling
                        # EROFS from a host file's EACCES no more than it does now)
                        if [ $who = nobody ] && command -v sqlite3 >/dev/null; then
                                mkdir -p /var/tmp/$tag-sq && sqlite3 /var/tmp/$tag-sq/root.db 'create table t(x)' &&
                                        chmod 0755 /var/tmp/$tag-sq && chmod 0644 /var/tmp/$tag-sq/root.db
                                # ... root's 0644 database in a 0777 directory (nobody may make, remove
                                # and rename files there, not write it: SQLite's open for writing the
                                # host's refusal too; left52: denied before, all forms); its SQL in the
                                # argv (sql) and on stdin (stdin; left52: task_failure before under
                                # bwrap, nobody's own database)
                                mkdir -p /var/tmp/$tag-sqa && sqlite3 /var/tmp/$tag-sqa/root.db 'create table t(x)' &&
                                        chmod 0777 /var/tmp/$tag-sqa && chmod 0644 /var/tmp/$tag-sqa/root.db &&
                                        echo 'create table u(y);' >"$d/ws/$tag-s.sql" && chmod 0644 "$d/ws/$tag-s.sql"
                                "${NOBODY[@]}" sqlite3 /var/tmp/$tag-sq-own.db 'create table t(x)'
                                "${NOBODY[@]}" sqlite3 "$d/ws/$tag-n.db" 'create table u(y)'
                                # ... also as a shell script's one command (bash -c "sqlite3 DB '.backup
                                # F'": it was read from the exec'd argv alone, the shell's)
                                for b in landlock bwrap; do
                                for db in /var/tmp/$tag-sq/root.db /var/tmp/$tag-sq-own.db /var/tmp/$tag-sqa/root.db; do
                                    for form in argv script env chdir shchdir sql stdin readonly; do
                                        if [ $form = sql ]; then
                                                run_as=(-- sqlite3 $db 'create table u(y)')
                                        elif [ $form = stdin ]; then
                                                run_as=(-c "sqlite3 $db < $tag-s.sql")
                                        elif [ $form = readonly ]; then
                                                # -readonly, as asked: the task's own, whatever the
                                                # sandbox (left52: denied before under Landlock)
                                                run_as=(-c "sqlite3 -readonly $db < $tag-s.sql")
                                        elif [ $form = argv ]; then
                                                run_as=(-- sqlite3 $tag-n.db ".backup $db")
                                        elif [ $form = env ]; then
                                                run_as=(-c "env LC_ALL=C.UTF-8 sqlite3 $tag-n.db '.backup $db'")
                                        elif [ $form = chdir ]; then
                                                # a name read from env's -C DIR (it was not read)
                                                run_as=(-- env -C /var/tmp sqlite3 "$d/ws/$tag-n.db" ".backup ${db#/var/tmp/}")
                                        elif [ $form = shchdir ]; then
                                                # ... also a shell's script there (it was not read)
                                                run_as=(-- env -C /var/tmp bash -c "sqlite3 '$d/ws/$tag-n.db' '.backup ${db#/var/tmp/}'")
                                        else
                                                run_as=(-c "sqlite3 $tag-n.db '.backup $db'")
                                        fi
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                                --verdict-json "$d/sq.json" "${run_as[@]}" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: sqlite3 .backup over $db ($form): $(case $form/$db in readonly/*) echo "opened read-only as asked, task_failure" ;; */root.db) echo "root's, the host's refusal, task_failure" ;; *) echo "its own, denied, recorded" ;; esac) (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2].endswith("/root.db") or sys.argv[3] == "readonly":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2]], o' "$d/sq.json" $db $form
                                    done
                                done
                                done
                                check "nobody, landlock: ... neither database changed" \
                                        test "$(sqlite3 /var/tmp/$tag-sq-own.db 'select name from sqlite_master')" = t -a \
                                        "$(sqlite3 /var/tmp/$tag-sq/root.db 'select name from sqlite_master')" = t -a \
                                        "$(sqlite3 /var/tmp/$tag-sqa/root.db 'select name from sqlite_master')" = t
                                rm -rf /var/tmp/$tag-sq /var/tmp/$tag-sqa /var/tmp/$tag-sq-own.db "$d/ws/$tag-n.db" "$d/ws/$tag-s.sql"
                        fi
                        # a query of an existing WAL database outside the workspace in read-only
                        # mode: SQLite cannot make its -shm ("Error: in prepare, unable to open
                        # database file (14)" under bwrap, "attempt to write a readonly database"
                        # under Landlock), no errno: the database read from the argv, judged against
                        # the host: nobody's own, denied (review51: task_failure before under
                        # bwrap); root's, in root's directory, the host's refusal, task_failure
                        if [ $who = nobody ] && command -v sqlite3 >/dev/null; then
                                mkdir -p /var/tmp/$tag-sqw/own /var/tmp/$tag-sqw/root && chmod 0755 /var/tmp/$tag-sqw /var/tmp/$tag-sqw/root &&
                                        chown 65534:65534 /var/tmp/$tag-sqw/own &&
                                        sqlite3 /var/tmp/$tag-sqw/root/w.db 'pragma journal_mode=wal; create table t(x)' >/dev/null &&
                                        "${NOBODY[@]}" sqlite3 /var/tmp/$tag-sqw/own/w.db 'pragma journal_mode=wal; create table t(x)' >/dev/null
                                # ... and a dot-command that only reads it, .tables (bwrap's bare
                                # "Error: unable to open database file", Landlock's "attempt to
                                # write a readonly database"; review52: before, under bwrap
                                # task_failure for own, under Landlock denied with no path for
                                # own and denied for root's)
                                for b in landlock bwrap; do
                                    for q in 'select count(*) from t' .tables; do
                                    for where in own root; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                --verdict-json "$d/sqw.json" -- sqlite3 /var/tmp/$tag-sqw/$where/w.db "$q" ) >/dev/null 2>&1
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: sqlite3 $q of $where WAL database (read-only): $([ $where = own ] && echo "denied, recorded" || echo "the host's refusal, task_failure") (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "root":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o' "$d/sqw.json" $where /var/tmp/$tag-sqw/$where/w.db
                                    done
                                    done
                                done
                                check "nobody: ... no -shm made" test -z "$(find /var/tmp/$tag-sqw -name '*-shm')"
                                rm -rf /var/tmp/$tag-sqw
                        fi
                        # sqlite3's .output, .once or .save into a file it cannot open names no errno
                        # ("Error: cannot open "X""): X, the file read from the argv, judged against
                        # the host (in a directory of root's: the host's refusal, task_failure; in
                        # nobody's own, or root's 0777 one: the sandbox's, denied, X recorded; a
                        # missing directory: task_failure). Before, all task_failure. X nobody's own
                        # directory, or a name ending in '/': sqlite3's EISDIR, the host's answer
                        # too, task_failure (before, denied)
                        if [ $who = nobody ] && command -v sqlite3 >/dev/null; then
                                mkdir -p /var/tmp/$tag-sqo/root /var/tmp/$tag-sqo/any /var/tmp/$tag-sqo/own &&
                                        chmod 0755 /var/tmp/$tag-sqo /var/tmp/$tag-sqo/root && chmod 0777 /var/tmp/$tag-sqo/any &&
                                        chown 65534:65534 /var/tmp/$tag-sqo/own
                                for b in landlock bwrap; do
                                    for dir in root any own missing isdir slash; do
                                        case $dir in
                                        isdir) x=/var/tmp/$tag-sqo/own ;;
                                        slash) x=/var/tmp/$tag-sqo/own/o.txt/ ;;
                                        *) x=/var/tmp/$tag-sqo/$dir/o.txt ;;
                                        esac
                                        for cmd in .output .once .save; do
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                                        --verdict-json "$d/sqo.json" -- sqlite3 :memory: "$cmd $x" ) 2>/dev/null
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                check "nobody, $b: sqlite3 $cmd into directory '$dir' (root's 0755, root's 0777, nobody's own, missing; nobody's own directory itself, a name ending in '/'): $(case $dir in root) echo "the host's refusal, task_failure" ;; missing) echo "no directory, task_failure" ;; isdir|slash) echo "EISDIR, the host's too, task_failure" ;; *) echo "denied, the file recorded" ;; esac) (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] in ("root", "missing", "isdir", "slash"):
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o' "$d/sqo.json" $dir "$x"
                                        done
                                    done
                                done
                                check "nobody: ... no file made" test -z "$(find /var/tmp/$tag-sqo -type f)"
                                rm -rf /var/tmp/$tag-sqo
                        fi
                        # sqlite3 making a new database it may not create: "Error: unable to open
                        # database "X": unable to open database file" (SQLITE_CANTOPEN, no errno),
                        # judged as .output's line: in nobody's own directory or, in read-only mode,
                        # the workspace, denied, X recorded; in root's directory, a missing one, or
                        # root's 0600 database (the host's refusal): task_failure. Before, all
                        # task_failure. Its commands from stdin (`sqlite3 X < schema.sql`, no SQL in
                        # the argv: ws-stdin, root-stdin) judged the same (review50b: the workspace's
                        # read task_failure before, under both backends). X nobody's dangling symlink
                        # in its own directory is judged by its target: to a missing directory's or
                        # root's directory's n.db, task_failure (review51: denied before, X recorded)
                        if [ $who = nobody ] && command -v sqlite3 >/dev/null; then
                                mkdir -p /var/tmp/$tag-sqn/root /var/tmp/$tag-sqn/own &&
                                        chmod 0755 /var/tmp/$tag-sqn /var/tmp/$tag-sqn/root &&
                                        chown 65534:65534 /var/tmp/$tag-sqn/own &&
                                        sqlite3 /var/tmp/$tag-sqn/root/r.db 'create table t(x)' && chmod 0600 /var/tmp/$tag-sqn/root/r.db &&
                                        echo 'create table u(y);' >/var/tmp/$tag-sqn/s.sql && chmod 0644 /var/tmp/$tag-sqn/s.sql &&
                                        ln -s ../missing/n.db /var/tmp/$tag-sqn/own/link-missing &&
                                        ln -s ../root/n.db /var/tmp/$tag-sqn/own/link-root
                                for b in landlock bwrap; do
                                    bbs=
                                    command -v busybox >/dev/null && bbs="bb-own bb-cd-own bb-root"
                                    for where in own root missing root600 ws ws-stdin root-stdin link-missing link-root cd-own cd-root $bbs ws-pipe root-pipe root600-pipe; do
                                        mode=workspace-write x=/var/tmp/$tag-sqn/$where/n.db
                                        case $where in
                                        root600) x=/var/tmp/$tag-sqn/root/r.db ;;
                                        ws|ws-stdin|ws-pipe) mode=read-only x=$tag-n.db ;;
                                        root-stdin|root-pipe) x=/var/tmp/$tag-sqn/root/n.db ;;
                                        root600-pipe) x=/var/tmp/$tag-sqn/root/r.db ;;
                                        link-*) x=/var/tmp/$tag-sqn/own/$where ;;
                                        esac
                                        args=(sqlite3 "$x" 'create table u(y)')
                                        case $where in *-stdin) args=(sh -c "sqlite3 $x < /var/tmp/$tag-sqn/s.sql") ;; esac
                                        # ... from a pipe (left53: before, ws-pipe read task_failure
                                        # under bwrap, denied with no path under Landlock)
                                        case $where in *-pipe) args=(sh -c "echo 'create table u(y);' | sqlite3 $x") ;; esac
                                        # ... the one command after a leading cd (left51: before,
                                        # cd-own read task_failure under both backends)
                                        case $where in cd-*) x=/var/tmp/$tag-sqn/${where#cd-}/n.db
                                                args=(sh -c "cd ${x%/n.db} && X=1 sqlite3 n.db 'create table u(y)'") ;; esac
                                        # ... BusyBox's shell through its binary, as sh (review52:
                                        # before, bb-own and bb-cd-own read task_failure under both)
                                        case $where in bb-*) x=/var/tmp/$tag-sqn/${where##*-}/n.db
                                                args=(busybox sh -c "sqlite3 $x 'create table u(y)'")
                                                [ $where = bb-cd-own ] && args=(busybox sh -c "cd ${x%/n.db} && sqlite3 n.db 'create table u(y)'") ;; esac
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                --verdict-json "$d/sqn.json" -- "${args[@]}" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: sqlite3 making database $x ($mode, $where): $(case $where in own|ws|ws-stdin|cd-own|bb-own|bb-cd-own|ws-pipe) echo "denied, the file recorded" ;; *) echo "the host's refusal or no directory, task_failure" ;; esac) (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] in ("root", "missing", "root600", "root-stdin", "link-missing", "link-root", "cd-root", "bb-root",
                   "root-pipe", "root600-pipe"):
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o' "$d/sqn.json" $where "$(case $where in ws|ws-stdin|ws-pipe) echo "$d/ws/$x" ;; *) echo "$x" ;; esac)"
                                    done
                                done
                                check "nobody: ... no database made" test -z "$(find /var/tmp/$tag-sqn "$d/ws" -name '*n.db')"
                                rm -rf /var/tmp/$tag-sqn
                        fi
                        # git stash (push, pop, apply, ...) exits 1 with nothing on stderr where it
                        # cannot make the index's lock: read as git's line of that lock, the
                        # repository found from the directory read from the argv (-C, a `cd DIR &&`
                        # before it): the workspace's in read-only mode, the user's own outside in
                        # workspace-write, denied, the lock recorded, nothing stashed (mine53: before,
                        # task_failure under both backends, root and nobody); a lock another git
                        # holds, and as nobody root's repository (the host's refusal): task_failure
                        if command -v git >/dev/null; then
                                gs=/var/tmp/$tag-gs-$who
                                mkdir -p $gs && chmod 0755 $gs
                                [ $who = nobody ] && chown 65534:65534 $gs
                                for r in "$gs/own" "$gs/held" "$d/ws/$tag-gr"; do
                                        "${pre[@]}" sh -c 'git init -q "$1" && cd "$1" && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x &&
                                                echo a >f && git add f' sh "$r"
                                done
                                "${pre[@]}" touch $gs/held/.git/index.lock
                                rows=("read-only|$d/ws/$tag-gr|cd $d/ws/$tag-gr && git stash|denied"
                                      "workspace-write|$gs/own|git -C $gs/own stash push -m x|denied"
                                      "workspace-write|$gs/held|cd $gs/held && git stash|task_failure"
                                      # (--work-tree moves no index: review55, before task_failure)
                                      "workspace-write|$gs/own|git -C $gs/own --work-tree=. stash|denied"
                                      # (nor $GIT_WORK_TREE, and an env's GIT_DIR is its --git-dir:
                                      # links56, before task_failure)
                                      "workspace-write|$gs/own|env GIT_WORK_TREE=$gs/own git -C $gs/own stash|denied"
                                      "workspace-write|$gs/own|env GIT_DIR=$gs/own/.git git stash|denied"
                                      # (and the shell's own assignment, as env's: script56,
                                      # before task_failure)
                                      "workspace-write|$gs/own|GIT_DIR=$gs/own/.git git stash|denied")
                                if [ $who = nobody ]; then
                                        mkdir -p /var/tmp/$tag-gs-rootrepo && git init -q /var/tmp/$tag-gs-rootrepo/r &&
                                                git -C /var/tmp/$tag-gs-rootrepo/r -c user.name=a -c user.email=a@b commit -q --allow-empty -m x &&
                                                echo a >/var/tmp/$tag-gs-rootrepo/r/f && git -C /var/tmp/$tag-gs-rootrepo/r add f
                                        rows+=("workspace-write|/var/tmp/$tag-gs-rootrepo/r|git -C /var/tmp/$tag-gs-rootrepo/r stash|task_failure"
                                               "workspace-write|/var/tmp/$tag-gs-rootrepo/r|git -C /var/tmp/$tag-gs-rootrepo/r --work-tree=. stash|task_failure"
                                               "workspace-write|/var/tmp/$tag-gs-rootrepo/r|env GIT_DIR=/var/tmp/$tag-gs-rootrepo/r/.git git stash|task_failure"
                                               "workspace-write|/var/tmp/$tag-gs-rootrepo/r|GIT_DIR=/var/tmp/$tag-gs-rootrepo/r/.git git stash|task_failure")
                                fi
                                for b in landlock bwrap; do
                                        for row in "${rows[@]}"; do
                                                IFS='|' read -r mode repo cmd want <<<"$row"
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                        --verdict-json "$d/gs.json" -- sh -c "$cmd" ) 2>"$T/err"
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: $cmd ($mode) is $want, nothing on stderr but git's own (rc=$rc: $(head -c 100 "$T/err"))" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "task_failure":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and o["line_no"] == 0 and [x["path"] for x in o["denials"]] == [sys.argv[3]], o' "$d/gs.json" $want "$repo/.git/index.lock"
                                        done
                                done
                                for r in "$gs/own" "$d/ws/$tag-gr"; do
                                        check "$who: ... $r unchanged: f staged, no stash" test \
                                                "$(git -C "$r" -c safe.directory='*' status --short):$(git -C "$r" -c safe.directory='*' stash list)" = "A  f:"
                                done
                                rm -rf $gs /var/tmp/$tag-gs-rootrepo "$d/ws/$tag-gr"
                        fi
                        # GNAT's compiler that cannot make its .ali prints "gnat1: Cannot create: X"
                        # and a NUL, no errno: judged against the host, in workspace-write its
                        # object in the user's own directory outside is denied, X recorded (mine53:
                        # before, task_failure under both backends, root and nobody); in a missing
                        # directory (ENOENT), and as nobody in root's 0755 directory (the host's
                        # refusal), task_failure
                        if command -v gnatmake >/dev/null; then
                                gn=/var/tmp/$tag-gn-$who
                                mkdir -p $gn/own $gn/root && chmod 0755 $gn $gn/root
                                [ $who = nobody ] && chown 65534:65534 $gn/own
                                printf 'procedure H is begin null; end H;\n' >"$d/ws/h.adb" && chmod 0644 "$d/ws/h.adb"
                                for b in landlock bwrap; do
                                        for where in own root nodir; do
                                                want=denied
                                                [ $where = nodir ] && want=task_failure
                                                [ $where/$who = root/nobody ] && want=task_failure
                                                status_row "$d/ws" $b workspace-write "$d/gn.json" gcc -c h.adb -o $gn/$where/h.o
                                                [ $rc -eq 125 ] && continue
                                                [ $want = denied ] && want=denied:$gn/$where/h.ali || want=task_failure:
                                                check "$who, $b: gcc -c h.adb -o $gn/$where/h.o (its .ali refused) is ${want%%:*} (rc=$rc: $got)" \
                                                        test "${got#"$want"}" != "$got"
                                        done
                                done
                                check "$who: ... nothing made outside" test -z "$(find $gn/own $gn/root -mindepth 1)"
                                rm -rf $gn "$d/ws/h.adb"
                        fi
                        # GNU ln's link X is made in X's directory, its last component not followed
                        # (-f makes it under a new name there and renames it over X): as nobody in a
                        # 0777 directory, -sfn over root's link L to root's 0755 directory, and -sf
                        # over root's dangling link M into it, which the host replaces: denied, the
                        # link recorded and unchanged (mine53: before, task_failure under both
                        # backends, the link's target asked of); a name through L (-sf without -n:
                        # L/etc, in root's directory), the host's refusal: task_failure
                        if [ $who = nobody ]; then
                                mkdir -p /var/tmp/$tag-ln/w /var/tmp/$tag-ln/root &&
                                        chmod 0755 /var/tmp/$tag-ln /var/tmp/$tag-ln/root && chmod 0777 /var/tmp/$tag-ln/w &&
                                        ln -s /var/tmp/$tag-ln/root /var/tmp/$tag-ln/w/L &&
                                        ln -s /var/tmp/$tag-ln/root/nx /var/tmp/$tag-ln/w/M
                                for b in landlock bwrap; do
                                        for row in "-sfn L denied" "-sf M denied" "-sf L/etc task_failure"; do
                                                read -r opt name want <<<"$row"
                                                x=/var/tmp/$tag-ln/w/$name
                                                status_row "$d/ws" $b workspace-write "$d/ln.json" ln $opt /etc "${x%/etc}"
                                                [ $rc -eq 125 ] && continue
                                                [ $want = denied ] && want=denied:$x || want=task_failure:
                                                check "nobody, $b: ln $opt /etc over $x (root's link in a 0777 directory) is ${want%%:*} (rc=$rc: $got)" \
                                                        test "${got#"$want"}" != "$got"
                                        done
                                done
                                check "nobody: ... the links unchanged, nothing made" test \
                                        "$(readlink /var/tmp/$tag-ln/w/L):$(readlink /var/tmp/$tag-ln/w/M):$(ls /var/tmp/$tag-ln/root)" = \
                                        "/var/tmp/$tag-ln/root:/var/tmp/$tag-ln/root/nx:"
                                rm -rf /var/tmp/$tag-ln
                        fi
                        # curl -sS writing its output into a file it may not open prints only "curl:
                        # (23) Failure writing output to destination" (no name, no errno): the file
                        # read from the argv (-o FILE, -O's name), judged against the host: in
                        # nobody's own directory or, in read-only mode, the workspace, denied, the
                        # file recorded; in root's directory or a missing one, task_failure. Before,
                        # all task_failure. In the workspace in workspace-write: success, written.
                        # -o nobody's dangling symlink to root's directory's file: task_failure
                        # (review51: denied before, the link recorded). --create-dirs into nobody's
                        # own directory (two levels to make): denied, the file recorded (review51:
                        # task_failure before under Landlock, curl's "Error creating directory X."
                        # naming no errno); into root's: task_failure. -o FILE beneath --output-dir
                        # DIR: DIR/FILE, nobody's own directory denied, root's task_failure (review53:
                        # not read, task_failure before)
                        if [ $who = nobody ] && command -v curl >/dev/null; then
                                mkdir -p /var/tmp/$tag-cu/root /var/tmp/$tag-cu/own &&
                                        chmod 0755 /var/tmp/$tag-cu /var/tmp/$tag-cu/root &&
                                        chown 65534:65534 /var/tmp/$tag-cu/own &&
                                        ln -s ../root/c.txt /var/tmp/$tag-cu/own/link-root &&
                                        printf 'g\n' >"$d/[g].txt" && chmod 0644 "$d/[g].txt" &&
                                        ln -s /var/tmp/$tag-cu/own/c.txt "$d/ws/$tag-lnk" &&
                                        ln -s /var/tmp/$tag-cu/root/c.txt "$d/ws/$tag-lnk-root"
                                for b in landlock bwrap; do
                                    for where in own root missing ws ws-remote ws-write chain cd-chain env-chain link-root dirs-own dirs-root s-own s-root s-ws s-chain g-own q-chain q-root s-q-chain home-chain chain2 s-chain2 s-chain2-root ws-link ws-link-root q-cd-chain s-od-own od-root; do
                                        mode=workspace-write x=/var/tmp/$tag-cu/$where/c.txt want=$x home=
                                        args=(curl -sS -o "$x" file:///etc/hostname)
                                        case $where in
                                        ws) mode=read-only x=$tag-c.txt want=$d/ws/$tag-c.txt args=(curl -fsSLo "$x" file:///etc/hostname) ;;
                                        ws-remote) mode=read-only want=$d/ws/hostname args=(curl -sSO file:///etc/hostname) ;;
                                        ws-write) x=$tag-c.txt args=(curl -sS -o "$x" file:///etc/hostname) ;;
                                        # an && chain's first command, or the one after its leading cd
                                        chain) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(sh -c "curl -fsSLo $x file:///etc/hostname && chmod +x $x") ;;
                                        cd-chain) want=/var/tmp/$tag-cu/own/hostname args=(bash -c "cd /var/tmp/$tag-cu/own && curl -fsSLO file:///etc/hostname && ls") ;;
                                        # ... past its assignments (review50b: task_failure before)
                                        env-chain) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(sh -c "TOKEN=t curl -fsSLo $x file:///etc/hostname && chmod +x $x") ;;
                                        link-root) x=/var/tmp/$tag-cu/own/link-root args=(curl -sS -o "$x" file:///etc/hostname) ;;
                                        dirs-own) x=/var/tmp/$tag-cu/own/new/d/c.txt want=$x args=(curl -sS --create-dirs -o "$x" file:///etc/hostname) ;;
                                        dirs-root) x=/var/tmp/$tag-cu/root/new/c.txt args=(curl -sS --create-dirs -o "$x" file:///etc/hostname) ;;
                                        # -s without -S prints nothing: its exit status 23 read as
                                        # the line (left51: task_failure before, but s-root)
                                        s-own) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(curl -s -o "$x" file:///etc/hostname) ;;
                                        s-root) x=/var/tmp/$tag-cu/root/c.txt args=(curl -s -o "$x" file:///etc/hostname) ;;
                                        s-ws) mode=read-only want=$d/ws/hostname args=(curl -fsLO file:///etc/hostname) ;;
                                        s-chain) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(sh -c "curl -fsLo $x file:///etc/hostname && chmod +x $x") ;;
                                        # a '[' of a URL curl does not glob (-g; review52: read as a
                                        # glob, task_failure before)
                                        g-own) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(curl -gsS -o "$x" "file://$d/[g].txt") ;;
                                        # after quiet commands (left52: task_failure before)
                                        q-chain) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(sh -c "true && mkdir -p /var/tmp/$tag-cu/own && curl -sS -o $x file:///etc/hostname") ;;
                                        q-root) x=/var/tmp/$tag-cu/root/c.txt args=(sh -c "true && curl -sS -o $x file:///etc/hostname") ;;
                                        s-q-chain) x=/var/tmp/$tag-cu/own/c.txt want=$x args=(bash -c "cd /var/tmp/$tag-cu && test -d own && curl -s -o own/c.txt file:///etc/hostname && chmod +x own/c.txt") ;;
                                        # after a leading `cd ~`, $HOME sbx's (review52: task_failure before)
                                        home-chain) x=/var/tmp/$tag-cu/own/c.txt want=$x home=/var/tmp/$tag-cu/own args=(sh -c "cd ~ && curl -s -o c.txt file:///etc/hostname") ;;
                                        # a second curl after one that wrote its file in the
                                        # workspace: the status is the second's (left53: the first's
                                        # before, task_failure); root's directory's, the host's refusal
                                        chain2) want=/var/tmp/$tag-cu/own/c.txt args=(sh -c "curl -sSo $tag-c.txt file:///etc/hostname && curl -sSo $want file:///etc/hostname") ;;
                                        s-chain2) want=/var/tmp/$tag-cu/own/c.txt args=(sh -c "curl -so $tag-c.txt file:///etc/hostname && chmod +x $tag-c.txt && curl -so $want file:///etc/hostname") ;;
                                        s-chain2-root) args=(sh -c "curl -so $tag-c.txt file:///etc/hostname && curl -so /var/tmp/$tag-cu/root/c.txt file:///etc/hostname") ;;
                                        # through a dangling link in the workspace to a new file
                                        # outside it: the target refused, recorded (left53:
                                        # task_failure before, the link's own name asked; then the
                                        # link recorded); into root's directory, the host's refusal
                                        ws-link) want=/var/tmp/$tag-cu/own/c.txt args=(curl -sS -o $tag-lnk file:///etc/hostname) ;;
                                        ws-link-root) args=(curl -sS -o $tag-lnk-root file:///etc/hostname) ;;
                                        # a cd after quiet commands that name no file (left53:
                                        # its directory not known, task_failure before)
                                        q-cd-chain) want=/var/tmp/$tag-cu/own/c.txt args=(sh -c "true && test -d /var/tmp/$tag-cu/own && cd /var/tmp/$tag-cu/own && curl -s -o c.txt file:///etc/hostname") ;;
                                        # beneath --output-dir DIR (review53: not read, task_failure before)
                                        s-od-own) want=/var/tmp/$tag-cu/own/c.txt args=(curl -s --output-dir /var/tmp/$tag-cu/own -o c.txt file:///etc/hostname) ;;
                                        od-root) args=(curl -sS --output-dir /var/tmp/$tag-cu/root -o c.txt file:///etc/hostname) ;;
                                        esac
                                        ( cd "$d/ws" && "${pre[@]}" ${home:+HOME=$home} SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                --verdict-json "$d/cu.json" -- "${args[@]}" ) 2>/dev/null
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: ${args[*]} ($mode): $(case $where in own|ws|ws-remote|chain|cd-chain|env-chain|dirs-own|s-own|s-ws|s-chain|g-own|q-chain|s-q-chain|home-chain|chain2|s-chain2|ws-link|q-cd-chain|s-od-own) echo "denied, the file recorded" ;; ws-write) echo "success" ;; *) echo "the host's refusal or no directory, task_failure" ;; esac) (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] in ("root", "missing", "link-root", "dirs-root", "s-root", "q-root", "s-chain2-root", "ws-link-root", "od-root"):
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
elif sys.argv[2] == "ws-write":
    assert o["verdict"] == "success" and o["denial_lines"] == 0, o
else:
    # (bwrap: curl'"'"'s own EROFS line of the directory it could not make, before the "(23)")
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]][-1] == sys.argv[3], o
    # no line: its exit status alone, one denial counted and kept (line_no 0), none left out
    assert not sys.argv[2].startswith("s-") or (o["exit_code"] == 23 and o["line_no"] == 0 and o["denial_lines"] == 1 and
                                                len(o["denials"]) == 1 and o["denials_not_kept"] == 0), o' "$d/cu.json" $where "$want"
                                        if [ $where = ws-write ] || [ "${where%chain2*}" != "$where" ]; then
                                                check "nobody, $b: ... its file written in the workspace" cmp -s /etc/hostname "$d/ws/$tag-c.txt"
                                                rm -f "$d/ws/$tag-c.txt"
                                        fi
                                    done
                                done
                                check "nobody: ... no file made outside the workspace" \
                                        test -z "$(find /var/tmp/$tag-cu -type f; ls "$d/ws/hostname" "$d/ws/$tag-c.txt" 2>/dev/null)"
                                rm -rf /var/tmp/$tag-cu "$d/[g].txt" "$d/ws/$tag-lnk" "$d/ws/$tag-lnk-root"
                        fi
                        # git stash (its push, save, apply, pop) refreshes the index quietly first:
                        # where it cannot lock it (GITDIR/index.lock) it prints nothing and exits 1
                        # (git 2.39). The repository found as git finds it (a leading cd, -C, going up
                        # from the start), its lock file judged against the host: the user's own
                        # repository outside the workspace, denied, the lock file recorded, the
                        # host's repository unchanged (before: task_failure under both backends);
                        # a lock another git left there (which O_EXCL refuses on the host too),
                        # task_failure; the repository as the workspace in workspace-write, success
                        if command -v git >/dev/null; then
                                g=/var/tmp/$tag-git-$who
                                mkdir -p "$g/sub"
                                [ $who = nobody ] && chown -R 65534:65534 "$g"
                                # (a stash there already, for pop)
                                "${pre[@]}" sh -c 'cd "$1" && git init -q && echo a >f && git add f &&
                                        git -c user.name=t -c user.email=t@t commit -qm i && echo c >f &&
                                        git -c user.name=t -c user.email=t@t stash -q' sh "$g" >/dev/null 2>&1
                                ref0=$(cat "$g/.git/refs/stash")
                                # (root's repository, a link in g to a directory of its)
                                git init -q /var/tmp/$tag-gitl && mkdir /var/tmp/$tag-gitl/x &&
                                        "${pre[@]}" ln -s /var/tmp/$tag-gitl/x "$g/l"
                                for b in landlock bwrap; do
                                    for where in cd dash-c sub pop stale ws home emptygit editor gitdir logical; do
                                        printf 'a\nb\n' >"$g/f"
                                        mode=read-only at=$d/ws want=denied:$g/.git/index.lock:1
                                        args=(sh -c "cd $g && git stash")
                                        pre0=("${pre[@]}")
                                        case $where in
                                        # a cd of ~, sbx's $HOME (review53; before: task_failure)
                                        home) pre=("${pre[@]}" HOME="$g") args=(sh -c "cd ~/sub && git stash") ;;
                                        # an empty .git in the workspace, no repository's: git's
                                        # the one above (review53; before: task_failure)
                                        emptygit) mode=workspace-write at=$g/sub args=(git stash)
                                                  "${pre[@]}" mkdir "$g/sub/.git" ;;
                                        dash-c) args=(git -C "$g" stash push -m x) ;;
                                        # the shell's cd logical: l/.. is g, not root's repository
                                        # (review54; before: root's lock read, as nobody the host's
                                        # refusal, task_failure)
                                        logical) args=(sh -c "cd $g/l/.. && git stash") ;;
                                        # another of git's variables moves nothing (review53b:
                                        # before, any GIT_ left it unread, task_failure); GIT_DIR
                                        # read as an env's (script56: before, task_failure)
                                        editor) args=(sh -c "cd $g && GIT_EDITOR=true git stash") ;;
                                        gitdir) args=(sh -c "cd $g && GIT_DIR=.git git stash") ;;
                                        # the workspace a directory of the repository's work tree
                                        sub) mode=workspace-write at=$g/sub args=(git stash) ;;
                                        pop) at=$g args=(git stash pop) ;;
                                        stale) "${pre[@]}" touch "$g/.git/index.lock" && want=task_failure::1 ;;
                                        ws) mode=workspace-write at=$g want=success::0 ;;
                                        esac
                                        status_row "$at" $b $mode "$d/gs.json" "${args[@]}"
                                        pre=("${pre0[@]}")
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: ${args[*]} ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                        if [ $where = ws ]; then
                                                check "$who, $b: ... stashed" test "$(cat "$g/f")" = a -a "$(cat "$g/.git/refs/stash")" != "$ref0"
                                                "${pre[@]}" git -C "$g" stash drop -q
                                        else
                                                check "$who, $b: ... the host's repository unchanged" \
                                                        test "$(cat "$g/f")" = "$(printf 'a\nb')" -a "$(cat "$g/.git/refs/stash")" = "$ref0"
                                        fi
                                        rm -f "$g/.git/index.lock"
                                        rmdir "$g/sub/.git" 2>/dev/null
                                    done
                                done
                                rm -rf "$g" /var/tmp/$tag-gitl
                        fi
                        # zip prints its lines on stdout ("zip I/O error: E", "zip error: Could not
                        # create output file (X)") and exits 15 (ZE_CREAT) where it cannot create its
                        # archive: the archive read from the argv (.zip added to a name without an
                        # extension), judged against the host: in the user's own directory outside
                        # the workspace, denied, the archive recorded, none made (before: task_failure
                        # under both backends); as nobody in root's 0755 directory, the host's
                        # refusal, task_failure; in the workspace in workspace-write, success, made
                        if command -v zip >/dev/null; then
                                z=/var/tmp/$tag-zip
                                mkdir -p "$z/root" "$z/own" && chmod 755 "$z" "$z/root"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                for b in landlock bwrap; do
                                    for where in own ext root ws nodir tt ttq xlist afile loop wsloop; do
                                        mode=read-only x=$z/own/a.zip want=denied:$z/own/a.zip:15
                                        case $where in
                                        ext) x=$z/own/a want=denied:$z/own/a.zip:15 ;;
                                        # its directory missing: zip's ENOENT on the host too
                                        # (review53; before: denied)
                                        nodir) x=$z/own/nx/a.zip want=task_failure::15 ;;
                                        # -TT's command no archive (review53; before, the
                                        # workspace's true.zip recorded)
                                        tt) x="-T -TT true $z/own/a.zip" ;;
                                        # ... and ending a cluster, the archive's directory
                                        # missing (review54; before: denied, the workspace's
                                        # true.zip recorded)
                                        ttq) x="-qTT true $z/own/nx/a.zip" want=task_failure::15 ;;
                                        # its directory a regular file: zip's ENOTDIR on the
                                        # host too (review54; before: denied)
                                        afile) "${pre[@]}" sh -c 'echo x >"$1"' sh "$z/own/afile"
                                               x=$z/own/afile/a.zip want=task_failure::15 ;;
                                        # -x's list after the archive (review53; before:
                                        # task_failure)
                                        xlist) x="$z/own/a.zip -x nomatch -q" ;;
                                        root) x=$z/root/a.zip want=denied:$z/root/a.zip:15
                                              [ $who = nobody ] && want=task_failure::15 ;;
                                        ws) mode=workspace-write x=$d/ws/$tag-a.zip want=success::0 ;;
                                        # a link that loops: zip's ELOOP on the host too, in
                                        # either mode (robust55; before: denied, the link)
                                        loop) "${pre[@]}" ln -sfn lp.zip "$z/own/lp.zip"
                                              x=$z/own/lp.zip want=task_failure::15 ;;
                                        wsloop) mode=workspace-write x=$d/ws/$tag-lp.zip want=task_failure::15
                                                ln -sfn $tag-lp.zip "$x" ;;
                                        esac
                                        status_row "$d/ws" $b $mode "$d/zip.json" zip -q $x /etc/hostname # (tt: several words)
                                        rm -f "$z/own/afile" "$z/own/lp.zip" "$d/ws/$tag-lp.zip"
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: zip -q $x /etc/hostname ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                        if [ $where = ws ]; then
                                                check "$who, $b: ... the archive made in the workspace" test -s "$d/ws/$tag-a.zip"
                                                rm -f "$d/ws/$tag-a.zip"
                                        fi
                                    done
                                done
                                # ... after a leading cd, as its argv's (review55: before, task_failure
                                # in the user's own directory, both backends)
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want=denied:$z/$where/a.zip:15
                                                [ $where = root ] && [ $who = nobody ] && want=task_failure::15
                                                status_row "$d/ws" $b read-only "$d/zip.json" sh -c "cd '$z/$where' && zip -q a.zip /etc/hostname"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: cd D && zip -q a.zip /etc/hostname (read-only, $where): ${want%%:*} ($got)" \
                                                                test "$got" = "$want"
                                        done
                                done
                                # danger-full-access: its dialect (none) has no denial signature,
                                # the status is the task's (review54; before: unclassified, sbx's
                                # "the outcome could not be classified: Input/output error")
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --mode danger-full-access \
                                        --verdict-json "$d/zip.json" -- zip -q /proc/$tag.zip /etc/hostname ) >/dev/null 2>"$T/err"
                                rc=$?
                                got=$(record_paths "$d/zip.json")
                                check "$who: zip -q /proc/X.zip /etc/hostname (danger-full-access): task_failure, no line of sbx's ($got; $(head -c 100 "$T/err"))" \
                                        test "$rc:$got" = 15:task_failure::15 -a ! -s "$T/err"
                                check "$who: ... no archive made outside the workspace" test -z "$(find "$z" -type f)"
                                rm -rf "$z"
                        fi
                        # wget -q prints nothing where it cannot write its file and exits 3 (a file I/O
                        # error): the file read from the argv (the URL's last component in -P's
                        # directory or the start), judged against the host: in the user's own
                        # directory outside the workspace or the workspace in read-only mode, denied,
                        # the file recorded, none made (before: task_failure under both backends); as
                        # nobody in root's 0755 directory, task_failure; in the workspace in
                        # workspace-write, success, written. (A local server of the test's own.)
                        if command -v wget >/dev/null; then
                                z=/var/tmp/$tag-wg
                                mkdir -p "$z/root" "$z/own" "$z/isdir/f.txt" "$z/there" "$T/wg-srv" &&
                                        chmod 755 "$z" "$z/root" "$z/there" "$T/wg-srv" &&
                                        echo served >"$T/wg-srv/f.txt" && chmod 644 "$T/wg-srv/f.txt" &&
                                        echo old >"$z/there/f.txt" && head -c 4000000 /dev/zero >"$T/wg-srv/big" && chmod 644 "$T/wg-srv/big"
                                [ $who = nobody ] && chown 65534:65534 "$z/own" "$z/isdir" "$z/isdir/f.txt" "$z/there/f.txt"
                                rm -f "$T/wg.port"
                                "$PY" -c 'import http.server, os, sys
os.chdir(sys.argv[1])
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
open(sys.argv[2] + ".new", "w").write(str(s.server_address[1])); os.rename(sys.argv[2] + ".new", sys.argv[2])
s.serve_forever()' "$T/wg-srv" "$T/wg.port" >/dev/null 2>&1 &
                                srv=$!
                                for _ in $(seq 50); do [ -s "$T/wg.port" ] && break; sleep 0.1; done
                                u=http://127.0.0.1:$(cat "$T/wg.port" 2>/dev/null)/f.txt
                                for b in landlock bwrap; do
                                    for where in own root ws ws-write isdir there full pfile link oroot olink; do
                                        mode=read-only args=(wget -q -P "$z/own" "$u") want=denied:$z/own/f.txt:3
                                        case $where in
                                        # the URL's name a directory there: wget's exit 3 on the
                                        # host too (review53; before: denied)
                                        isdir) args=(wget -q -P "$z/isdir" "$u") want=task_failure::3 ;;
                                        # the user's f.txt there already, in root's 0755 directory:
                                        # wget makes f.txt.1, which the host refuses nobody too
                                        # (review54; before: denied, f.txt recorded, as root too)
                                        there) args=(wget -q -P "$z/there" "$u") want=denied:$z/there/f.txt.1:3
                                               [ $who = nobody ] && want=task_failure::3 ;;
                                        # /dev/full, a sink both backends leave writable: wget's
                                        # ENOSPC (review54; before: denied)
                                        full) args=(wget -q -O /dev/full "$u") want=task_failure::3 ;;
                                        # -P's directory beneath a regular file: wget's ENOTDIR
                                        # on the host too (review54; before: denied)
                                        pfile) "${pre[@]}" sh -c 'echo x >"$1"' sh "$z/own/pf"
                                               args=(wget -q -P "$z/own/pf/sub" "$u") want=task_failure::3 ;;
                                        root) args=(wget -q -P "$z/root" "$u") want=denied:$z/root/f.txt:3
                                              [ $who = nobody ] && want=task_failure::3 ;;
                                        ws) args=(wget -q "$u") want=denied:$d/ws/f.txt:3 ;;
                                        # the URL's name in the workspace a dangling link to a file
                                        # outside it: wget's open follows it, the target recorded
                                        # (review54; before: the link, $d/ws/f.txt)
                                        link) "${pre[@]}" ln -s "$z/own/f.txt" "$d/ws/f.txt"
                                              mode=workspace-write args=(wget -q "$u") want=denied:$z/own/f.txt:3 ;;
                                        ws-write) mode=workspace-write args=(wget -q "$u") want=success::0 ;;
                                        # -O's "F: E", a name without '/' or '.' as given: F, judged
                                        # against the host, its link's target (review55: before, no
                                        # path, and nobody's in root's directory denied)
                                        oroot) mode=workspace-write args=(sh -c "cd '$z/root' && wget -q -O wo '$u'")
                                               want=denied:$z/root/wo:1
                                               [ $who = nobody ] && want=task_failure::1 ;;
                                        olink) "${pre[@]}" ln -s "$z/own/wo" "$d/ws/wol"
                                               mode=workspace-write args=(wget -q -O wol "$u") want=denied:$z/own/wo:1 ;;
                                        esac
                                        status_row "$d/ws" $b $mode "$d/wg.json" "${args[@]}"
                                        rm -f "$z/own/pf" "$d/ws/wol"
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: ${args[*]} ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                        if [ $where = ws-write ]; then
                                                check "$who, $b: ... the file written in the workspace" test "$(cat "$d/ws/f.txt" 2>&1)" = served
                                        fi
                                        rm -f "$d/ws/f.txt"
                                    done
                                    # its stdout by name, a pipe its reader closed: wget's EPIPE,
                                    # no sandbox's (review54; before: denied, /dev/stdout)
                                    # (the pipe the user's: nobody may not reopen root's)
                                    ( cd "$d/ws" && "${pre[@]}" sh -c 'SBX_DB="$1" "$2" run --backend "$3" --mode read-only \
                                            --verdict-json "$4" -- wget -q -O /dev/stdout "$5" | head -c 1' \
                                            sh "$d/audit.db" "$SBX" $b "$d/wg.json" "${u%/*}/big" ) >/dev/null 2>&1
                                    got=$(record_paths "$d/wg.json" 2>/dev/null)
                                    check "$who, $b: wget -q -O /dev/stdout URL | head -c 1 (read-only): task_failure ($got)" \
                                            test "$got" = task_failure::3
                                done
                                kill $srv 2>/dev/null
                                wait $srv 2>/dev/null
                                check "$who: ... the file there kept" test "$(cat "$z/there/f.txt")" = old
                                rm -f "$z/there/f.txt"
                                check "$who: ... no file made outside the workspace" test -z "$(find "$z" -type f)"
                                rm -rf "$z" "$T/wg-srv" "$T/wg.port"
                        fi
                        # ssh-keygen's "Saving key "kk" failed: E" names its -f file as given, relative
                        # and path-like in no way: read as the start's kk (mine54; before, no name,
                        # and as nobody in root's 0755 directory, the host's refusal too, denied)
                        if command -v ssh-keygen >/dev/null; then
                                z=/var/tmp/$tag-kg
                                mkdir -p "$z" && chmod 755 "$z"
                                for b in landlock bwrap; do
                                        status_row "$d/ws" $b workspace-write "$d/kg.json" \
                                                sh -c "cd '$z' && ssh-keygen -q -t ed25519 -N '' -f kk"
                                        want=denied:$z/kk:1
                                        [ $who = nobody ] && want=task_failure::1
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: cd D && ssh-keygen -f kk (workspace-write): ${want%%:*} ($got)" test "$got" = "$want"
                                        status_row "$d/ws" $b read-only "$d/kg.json" ssh-keygen -q -t ed25519 -N '' -f kk
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: ssh-keygen -f kk (read-only, the workspace): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/kk:1"
                                done
                                check "$who: ... no key made" test -z "$(find "$z" "$d/ws" -name 'kk*')"
                                rm -rf "$z"
                        fi
                        # glibc's iconv names no file on "iconv: cannot open output file: E": its -o
                        # FILE read from the argv, judged against the host (mine54; before, no name,
                        # and as nobody in root's 0755 directory, the host's refusal too, denied)
                        if command -v iconv >/dev/null; then
                                z=/var/tmp/$tag-ic
                                mkdir -p "$z" && chmod 755 "$z"
                                "${pre[@]}" sh -c 'echo abc >"$1"' sh "$d/ws/ic-in.txt"
                                for b in landlock bwrap; do
                                        status_row "$d/ws" $b workspace-write "$d/ic.json" \
                                                iconv -f utf-8 -t latin1 -o "$z/i.txt" ic-in.txt
                                        want=denied:$z/i.txt:1
                                        [ $who = nobody ] && want=task_failure::1
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: iconv -o D/i.txt (workspace-write): ${want%%:*} ($got)" test "$got" = "$want"
                                        # ... after a leading cd, as its argv's (review55: before, no name,
                                        # and as nobody the host's refusal read denied)
                                        status_row "$d/ws" $b workspace-write "$d/ic.json" \
                                                sh -c "cd '$z' && iconv -f utf-8 -t latin1 -o i.txt '$d/ws/ic-in.txt'"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: cd D && iconv -o i.txt (workspace-write): ${want%%:*} ($got)" test "$got" = "$want"
                                        # ... the last of several -o, as iconv takes them (review55:
                                        # before, no name, and as nobody the host's refusal denied)
                                        status_row "$d/ws" $b workspace-write "$d/ic.json" \
                                                iconv -f utf-8 -t latin1 -o ic-x.txt -o "$z/i.txt" ic-in.txt
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: iconv -o F -o D/i.txt (workspace-write): ${want%%:*} ($got)" \
                                                        test "$got" = "$want" -a ! -e "$d/ws/ic-x.txt"
                                        status_row "$d/ws" $b read-only "$d/ic.json" iconv -f utf-8 -t latin1 -o ic-out.txt ic-in.txt
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: iconv -o ic-out.txt (read-only, the workspace): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/ic-out.txt:1"
                                done
                                check "$who: ... no iconv output made" test ! -e "$z/i.txt" -a ! -e "$d/ws/ic-out.txt"
                                rm -rf "$z" "$d/ws/ic-in.txt"
                        fi
                        # sqlite3 -readonly after a leading cd: its refused write is the task's own, as a
                        # one-command argv's is (review53: under Landlock read denied, a false denial)
                        if command -v sqlite3 >/dev/null; then
                                "${pre[@]}" sqlite3 "$d/ws/$tag-ro.db" 'create table t(a)'
                                for b in landlock bwrap; do
                                        status_row "$d/ws" $b workspace-write "$d/sq.json" \
                                                sh -c "cd . && sqlite3 -readonly $tag-ro.db 'insert into t values (1)'"
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: cd . && sqlite3 -readonly DB 'insert ...' (workspace-write): task_failure ($got)" \
                                                test "${got%%:*}" = task_failure
                                done
                                rm -f "$d/ws/$tag-ro.db"
                        fi
                        # SQLite's ATTACH of a database it could not open: "unable to open database: X
                        # (14)", no errno, after the shell's "Error: stepping, " (the argv's statement)
                        # or "Runtime error near line 1: " (stdin's): X judged against the host, the
                        # user's own directory outside in workspace-write and the workspace in
                        # read-only mode denied, X recorded (left54b: before, task_failure under both
                        # backends, root and nobody); as nobody in root's 0755 directory, the host's
                        # refusal, task_failure
                        if command -v sqlite3 >/dev/null; then
                                z=/var/tmp/$tag-sa
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                # (the database in the workspace there before its `.cd`: opened there)
                                "${pre[@]}" sqlite3 "$d/ws/$tag-sa.db" 'create table m(a)'
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want=denied:$z/$where/x.db
                                                [ $where/$who = root/nobody ] && want=task_failure:
                                                status_row "$d/ws" $b workspace-write "$d/sa.json" \
                                                        sqlite3 $tag-sa.db "attach '$z/$where/x.db' as x; create table x.t(a);"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB \"attach '$where/x.db' ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:14"
                                                status_row "$d/ws" $b workspace-write "$d/sa.json" sh -c \
                                                        "echo \"attach '$z/$where/x.db' as x; create table x.t(a);\" | sqlite3 $tag-sa.db"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: echo \"attach '$where/x.db' ...\" | sqlite3 DB (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:1"
                                                # ... a URI's, its file as SQLite reads it (left56: before,
                                                # task_failure under both backends, root and nobody)
                                                status_row "$d/ws" $b workspace-write "$d/sa.json" \
                                                        sqlite3 $tag-sa.db "attach 'file:$z/$where/x.db' as x; create table x.t(a);"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB \"attach 'file:$where/x.db' ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:14"
                                                # ... a relative X of the directory the shell's `.cd`s
                                                # moved it to: a -cmd's, an SQL argument's before it,
                                                # beside :memory: or a database in the workspace
                                                # (attach57: before, the start's, task_failure under
                                                # both backends, root and nobody)
                                                for form in "-cmd|.cd $z/$where|:memory:" ":memory:|.cd $z/$where" \
                                                        "$tag-sa.db|.cd $z/$where"; do
                                                        IFS='|' read -r -a fa <<<"$form"
                                                        status_row "$d/ws" $b workspace-write "$d/sa.json" \
                                                                sqlite3 "${fa[@]}" "attach 'x.db' as x; create table x.t(a);"
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: sqlite3 ${form//|/ } \"attach 'x.db' ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                        test "$got" = "$want:14"
                                                done
                                                # ... of stdin's `.cd` (a file, a printf's feed through a
                                                # pipe), of a `.read F`'s, of a `cd . &&` chain's .cd
                                                # (sqlite58: before, the start's, task_failure under both
                                                # backends, root and nobody)
                                                printf '.cd %s\nattach "x.db" as x; create table x.t(a);\n' "$z/$where" \
                                                        >"$d/ws/$tag-sd.sql"
                                                for form in "sqlite3 :memory: < $tag-sd.sql|1" \
                                                        "printf '.cd $z/$where\\nattach \"x.db\" as x; create table x.t(a);\\n' | sqlite3 :memory:|1" \
                                                        "sqlite3 :memory: '.read $tag-sd.sql'|1" \
                                                        "cd . && sqlite3 :memory: '.cd $z/$where' \"attach 'x.db' as x; create table x.t(a);\"|14"; do
                                                        status_row "$d/ws" $b workspace-write "$d/sa.json" sh -c "${form%|*}"
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: sh -c \"${form%|*}\" (workspace-write): ${want%%:*} ($got)" \
                                                                        test "$got" = "$want:${form##*|}"
                                                done
                                                # ... of a printf's double-quoted format, read as the shell's
                                                # double quotes give it (sqlite59: before, not read, the
                                                # start's, task_failure)
                                                status_row "$d/ws" $b workspace-write "$d/sa.json" sh -c \
                                                        "printf \".cd $z/$where\\nattach 'x.db' as x; create table x.t(a);\\n\" | sqlite3 :memory:"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: printf \".cd D\\nattach 'x.db' ...\" | sqlite3 :memory: (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:1"
                                                # ... and the caller's own stdin, read from what sbx copied to
                                                # the command: D's x.db (sqlite59: before, in read-only mode
                                                # the workspace's x.db recorded, the wrong file; sqlite60:
                                                # then none, task_failure)
                                                status_row "$d/ws" $b read-only "$d/sa.json" sqlite3 :memory: <"$d/ws/$tag-sd.sql"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 :memory: < F (the caller's stdin) of F's '.cd D' (read-only): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:1"
                                                rm -f "$d/ws/$tag-sd.sql"
                                                # ... and a VACUUM INTO's file, named alike (sqlite58: before,
                                                # the start's, task_failure)
                                                status_row "$d/ws" $b workspace-write "$d/sa.json" \
                                                        sqlite3 $tag-sa.db ".cd $z/$where" "vacuum into 'x.db'"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB '.cd D' \"vacuum into 'x.db'\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:14"
                                                # ... and a .backup's, .output's file, its "Error: cannot open
                                                # "x.db"" of that directory too, an SQL argument's .cd or a
                                                # -cmd's (sqlite59: before, task_failure under both backends,
                                                # root and nobody)
                                                for form in ":memory:|.cd $z/$where|.backup x.db" \
                                                        "-cmd|.cd $z/$where|:memory:|.output x.db|select 1"; do
                                                        IFS='|' read -r -a fa <<<"$form"
                                                        status_row "$d/ws" $b workspace-write "$d/sa.json" sqlite3 "${fa[@]}"
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: sqlite3 ${form//|/ } (workspace-write): ${want%%:*} ($got)" \
                                                                        test "$got" = "$want:1"
                                                done
                                        done
                                        status_row "$d/ws" $b read-only "$d/sa.json" \
                                                sqlite3 :memory: "attach '$tag-sb.db' as x; create table x.t(a);"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: sqlite3 :memory: \"attach 'DB' ...\" (read-only, the workspace): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/$tag-sb.db:14"
                                done
                                check "$who: ... no database made outside" test -z "$(find "$z" -type f)"
                                rm -rf "$z" "$d/ws/$tag-sa.db"
                        fi
                        # ... and an existing one, which SQLite opens read-only where its write is
                        # refused: "attempt to write a readonly database (8)" names none, the file
                        # its SQL attaches and writes alone read from the argv and from stdin's feed
                        # (left55: the main database's, in the workspace, read: task_failure under
                        # both backends, root and nobody); as nobody, root's 0644 one the host's refusal
                        if command -v sqlite3 >/dev/null; then
                                z=/var/tmp/$tag-se
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                                sqlite3 "$z/own/e.db" 'create table t(a)' && sqlite3 "$z/root/e.db" 'create table t(a)'
                                chmod 644 "$z/own/e.db" "$z/root/e.db"
                                [ $who = nobody ] && chown -R 65534:65534 "$z/own"
                                "${pre[@]}" sqlite3 "$d/ws/$tag-sw.db" 'create table m(a)'
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want=denied:$z/$where/e.db
                                                [ $where/$who = root/nobody ] && want=task_failure:
                                                status_row "$d/ws" $b workspace-write "$d/se.json" \
                                                        sqlite3 $tag-se.db "attach '$z/$where/e.db' as x; insert into x.t values (1);"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB \"attach '$where/e.db' ...; insert into x.t ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:8"
                                                status_row "$d/ws" $b workspace-write "$d/se.json" sh -c \
                                                        "echo \"attach '$z/$where/e.db' as x; insert into x.t values (1);\" | sqlite3 $tag-se.db"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: echo \"attach '$where/e.db' ...\" | sqlite3 DB (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:1"
                                                # ... past a -cmd that sets how it prints (left56: own.db judged)
                                                status_row "$d/ws" $b workspace-write "$d/se.json" sh -c \
                                                        "echo \"attach '$z/$where/e.db' as x; insert into x.t values (1);\" | sqlite3 -cmd '.mode csv' $tag-se.db"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: echo \"attach '$where/e.db' ...\" | sqlite3 -cmd '.mode csv' DB (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:1"
                                                status_row "$d/ws" $b workspace-write "$d/se.json" \
                                                        sqlite3 $tag-se.db "attach 'file://$z/$where/e.db?mode=rw' as x; insert into x.t values (1);"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB \"attach 'file://$where/e.db?mode=rw' ...; insert into x.t ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:8"
                                                # ... a write naming no schema, its table e.db's alone (left56:
                                                # the database's judged, task_failure)
                                                status_row "$d/ws" $b workspace-write "$d/se.json" \
                                                        sqlite3 $tag-se.db "attach '$z/$where/e.db' as x; insert into t values (1);"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 DB \"attach '$where/e.db' ...; insert into t ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                test "$got" = "$want:8"
                                                # ... a relative one past the shell's `.cd`s, of the directory
                                                # they moved it to, beside :memory: or a database there already,
                                                # opened where it starts (sqlite58: before, none, task_failure
                                                # under bwrap; the database's name joined to D)
                                                for form in "-cmd|.cd $z/$where|:memory:" ":memory:|.cd $z/$where" \
                                                        "$tag-sw.db|.cd $z/$where"; do
                                                        IFS='|' read -r -a fa <<<"$form"
                                                        status_row "$d/ws" $b workspace-write "$d/se.json" \
                                                                sqlite3 "${fa[@]}" "attach 'e.db' as x; insert into x.t values (1);"
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: sqlite3 ${form//|/ } \"attach 'e.db' ...; insert into x.t ...\" (workspace-write): ${want%%:*} ($got)" \
                                                                        test "$got" = "$want:8"
                                                done
                                        done
                                        # the main database given as a URI, its file as SQLite reads it
                                        # (strange56: before, a new one's refusal read task_failure under
                                        # both backends, an existing one's write task_failure under bwrap,
                                        # denied with no path under Landlock, root and nobody); mode=ro
                                        # opens it read-only: its write the task's own, whatever the
                                        # mode (before: denied under Landlock)
                                        rm -f "$d/ws/$tag-su.db"
                                        status_row "$d/ws" $b read-only "$d/su.json" sqlite3 "file:$tag-su.db" 'create table t(a)'
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: sqlite3 file:NEW 'create table ...' (read-only): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/$tag-su.db:1"
                                        sqlite3 "$d/ws/$tag-su.db" 'create table t(a)' && chmod 666 "$d/ws/$tag-su.db"
                                        status_row "$d/ws" $b read-only "$d/su.json" sqlite3 "file://$d/ws/$tag-su.db" 'insert into t values (1)'
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: sqlite3 file://DB 'insert ...' (read-only): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/$tag-su.db:8"
                                        for m in read-only workspace-write; do
                                                status_row "$d/ws" $b $m "$d/su.json" sqlite3 "file:$tag-su.db?mode=ro" 'insert into t values (1)'
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: sqlite3 'file:DB?mode=ro' 'insert ...' ($m): task_failure ($got)" \
                                                                test "$got" = "task_failure::8"
                                        done
                                        # ... and an ATTACH of it with mode=ro, the SQL writing its schema
                                        # alone (strange56: in read-only, denied of the main database)
                                        rm -f "$d/ws/$tag-sm.db" && sqlite3 "$d/ws/$tag-sm.db" 'create table m(a)' && chmod 666 "$d/ws/$tag-sm.db"
                                        status_row "$d/ws" $b read-only "$d/su.json" sqlite3 "$tag-sm.db" \
                                                "attach 'file:$tag-su.db?mode=ro' as a; insert into a.t values (1);"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: sqlite3 DB \"attach 'file:X?mode=ro' as a; insert into a.t ...\" (read-only): task_failure ($got)" \
                                                        test "$got" = "task_failure::8"
                                        rm -f "$d/ws/$tag-su.db" "$d/ws/$tag-sm.db"
                                done
                                check "$who: ... nothing written outside" \
                                        test "$(sqlite3 "$z/own/e.db" 'select count(*) from t')$(sqlite3 "$z/root/e.db" 'select count(*) from t')" = 00
                                rm -rf "$z" "$d/ws/$tag-se.db" "$d/ws/$tag-sw.db"
                        fi
                        # CMake's -E tools print no errno of what they could not make ("Error copying
                        # file "S" to "X".", "Error creating directory "X".", "cmake -E touch: failed
                        # to update "X".", "Error copying directory from "S" to "X"."): judged against
                        # the host, the user's own directory outside in workspace-write and the
                        # workspace in read-only mode denied, the name recorded (the first level
                        # made, a file copied into X) (left54b: before, task_failure under both
                        # backends, root and nobody); a missing source, and as nobody in root's 0755
                        # directory (the host's refusal), task_failure
                        if command -v cmake >/dev/null; then
                                z=/var/tmp/$tag-ce
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                "${pre[@]}" sh -c "echo x > '$d/ws/$tag-ce.txt' && mkdir -p '$d/ws/$tag-ced' && echo y > '$d/ws/$tag-ced/f'"
                                echo s >"$z/root/secret" && chmod 0600 "$z/root/secret"
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                x=$z/$where
                                                for row in "copy $tag-ce.txt $x/c.txt|$x/c.txt" "copy $tag-ce.txt $x|$x/$tag-ce.txt" \
                                                        "copy $tag-ce.txt $x/n/c.txt|$x/n" "make_directory $x/m/a|$x/m" \
                                                        "touch $x/t.txt|$x/t.txt" "copy_directory $tag-ced $x/cd|$x/cd"; do
                                                        want=denied:${row#*|}
                                                        [ $where/$who = root/nobody ] && want=task_failure:
                                                        status_row "$d/ws" $b workspace-write "$d/ce.json" cmake -E ${row%|*}
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: cmake -E ${row%|*} (workspace-write): ${want%%:*} ($got)" \
                                                                        test "$got" = "$want:1"
                                                done
                                        done
                                        status_row "$d/ws" $b workspace-write "$d/ce.json" cmake -E copy $tag-nosuch $z/own/c.txt
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: cmake -E copy NOSUCH X (workspace-write): task_failure ($got)" \
                                                        test "$got" = "task_failure::1"
                                        status_row "$d/ws" $b read-only "$d/ce.json" cmake -E copy $tag-ce.txt $tag-ce2.txt
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: cmake -E copy S X (read-only, the workspace): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/$tag-ce2.txt:1"
                                        # ... copy_if_different's line read as copy's, and touch_nocreate's
                                        # of a file the host has (in read-only: in workspace-write Landlock
                                        # governs no times, a partial run) (review55: before, task_failure
                                        # under both backends, root and nobody)
                                        for where in own root; do
                                                x=$z/$where
                                                want=denied:$x/ci.txt:1
                                                [ $where/$who = root/nobody ] && want=task_failure::1
                                                status_row "$d/ws" $b workspace-write "$d/ce.json" cmake -E copy_if_different $tag-ce.txt $x/ci.txt
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: cmake -E copy_if_different S X (workspace-write, $where): ${want%%:*} ($got)" \
                                                                test "$got" = "$want"
                                                "${pre[@]}" sh -c "echo x > '$x/ex.txt'" 2>/dev/null || echo x >"$x/ex.txt"
                                                touch -d 2001-01-01 "$x/ex.txt"
                                                want=denied:$x/ex.txt:1
                                                [ $where/$who = root/nobody ] && want=task_failure::1
                                                status_row "$d/ws" $b read-only "$d/ce.json" cmake -E touch_nocreate $x/ex.txt
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: cmake -E touch_nocreate X (read-only, $where): ${want%%:*} ($got), its times kept" \
                                                                test "$got" = "$want" -a "$(stat -c %Y "$x/ex.txt")" = "$(date -d 2001-01-01 +%s)"
                                                rm -f "$x/ex.txt"
                                        done
                                        # ... S root's 0600 file: nobody's read of it fails on the host
                                        # first, task_failure (left55: denied, X its path); root's, denied
                                        want=denied:$d/ws/$tag-ce2.txt
                                        [ $who = nobody ] && want=task_failure:
                                        status_row "$d/ws" $b read-only "$d/ce.json" cmake -E copy $z/root/secret $tag-ce2.txt
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: cmake -E copy ROOT-0600 X (read-only, the workspace): ${want%%:*} ($got)" \
                                                        test "$got" = "$want:1"
                                done
                                check "$who: ... nothing made outside, nor in the workspace" \
                                        test -z "$(find "$z" -mindepth 2 ! -path "$z/root/secret"; ls "$d/ws" | grep -e "$tag-ce2")"
                                rm -rf "$z" "$d/ws/$tag-ce.txt" "$d/ws/$tag-ced"
                        fi
                        # curl's output file in /dev/shm: under Landlock a host directory whose
                        # writes the launcher refuses, its "(23)" (with -s, no line) a denial of it as
                        # a shell's redirection there is (left54b: before, task_failure::23 as root in
                        # read-only); under bwrap the sandbox's own /dev/shm, written there: success;
                        # the host's /dev/shm unchanged
                        if command -v curl >/dev/null; then
                                for m in read-only workspace-write; do
                                        status_row "$d/ws" landlock $m "$d/cs.json" curl -so /dev/shm/$tag-cs file:///etc/hostname
                                        [ $rc -eq 125 ] ||
                                                check "$who, landlock: curl -so /dev/shm/X file:///etc/hostname ($m): denied ($got)" \
                                                        test "$got" = "denied:/dev/shm/$tag-cs:23"
                                        status_row "$d/ws" bwrap $m "$d/cs.json" curl -so /dev/shm/$tag-cs file:///etc/hostname
                                        [ $rc -eq 125 ] ||
                                                check "$who, bwrap: curl -so /dev/shm/X file:///etc/hostname ($m): success, the sandbox's own ($got)" \
                                                        test "$got" = "success::0"
                                done
                                check "$who: ... the host's /dev/shm unchanged" test ! -e /dev/shm/$tag-cs
                                # ... and an `&&` chain whose first curl writes there: under bwrap
                                # written, the chain's status the second's, refused outside (left55:
                                # task_failure::23, /dev/shm/X taken for the unwritten one); under
                                # Landlock the first's, refused
                                z=/var/tmp/$tag-cc
                                mkdir -p "$z" && { [ $who = root ] || chown 65534:65534 "$z"; }
                                for b in bwrap landlock; do
                                        want=denied:$z/b
                                        [ $b = landlock ] && want=denied:/dev/shm/$tag-ca
                                        status_row "$d/ws" $b read-only "$d/cc.json" sh -c \
                                                "curl -so /dev/shm/$tag-ca file:///etc/hostname && curl -so $z/b file:///etc/hostname"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: curl -so /dev/shm/X U && curl -so OUT/b U (read-only): ${want%%:*} ($got)" \
                                                        test "$got" = "$want:23"
                                done
                                check "$who: ... nothing written outside" test ! -e /dev/shm/$tag-ca -a ! -e "$z/b"
                                rm -rf "$z"
                        fi
                        # ... and javac's -d directory there, its "could not create parent
                        # directories" (left55: task_failure under Landlock, both modes, root and
                        # nobody); under bwrap the sandbox's own, made there
                        if command -v javac >/dev/null; then
                                printf 'class J {}\n' >"$d/ws/J.java" && chmod 0644 "$d/ws/J.java"
                                for m in read-only workspace-write; do
                                        status_row "$d/ws" landlock $m "$d/jd.json" javac -d /dev/shm/$tag-jd J.java
                                        [ $rc -eq 125 ] ||
                                                check "$who, landlock: javac -d /dev/shm/X J.java ($m): denied ($got)" \
                                                        test "$got" = "denied:/dev/shm/$tag-jd:1"
                                        status_row "$d/ws" bwrap $m "$d/jd.json" javac -d /dev/shm/$tag-jd J.java
                                        [ $rc -eq 125 ] ||
                                                check "$who, bwrap: javac -d /dev/shm/X J.java ($m): success, the sandbox's own ($got)" \
                                                        test "$got" = "success::0"
                                done
                                check "$who: ... the host's /dev/shm unchanged" test ! -e /dev/shm/$tag-jd
                                rm -f "$d/ws/J.java"
                        fi
                        # ninja prints its commands' lines and its own "build stopped: Error writing to
                        # build log: E" on stdout, none on stderr, and exits 1: a build in a directory
                        # the sandbox refuses stops there. Its build log (-C DIR's .ninja_log) read
                        # from the argv, judged against the host: the workspace in read-only mode and
                        # the user's own directory outside it, denied, the log recorded, nothing built
                        # (before: task_failure under both backends, as root and as nobody); as nobody
                        # in root's 0755 directory, or of root's 0644 log in nobody's directory, the
                        # host's refusal, task_failure; in the workspace in workspace-write, built, and
                        # a failing command there, task_failure
                        if command -v ninja >/dev/null; then
                                z=/var/tmp/$tag-nj
                                mkdir -p "$z/root" "$z/own" "$z/rootlog" && chmod 755 "$z" "$z/root"
                                "${pre[@]}" mkdir "$d/ws/$tag-nj"
                                for nd in "$z/root" "$z/own" "$z/rootlog" "$d/ws/$tag-nj"; do
                                        printf 'rule t\n  command = touch $out\nrule f\n  command = false\nbuild out: t\nbuild bad: f\nbuild obj/o: t\ndefault out\n' |
                                                "${pre[@]}" tee "$nd/build.ninja" >/dev/null 2>&1 ||
                                                printf 'rule t\n  command = touch $out\nrule f\n  command = false\nbuild out: t\nbuild bad: f\nbuild obj/o: t\ndefault out\n' >"$nd/build.ninja"
                                done
                                : >"$z/rootlog/.ninja_log"
                                [ $who = nobody ] && chown 65534:65534 "$z/own" "$z/own/build.ninja" "$z/rootlog"
                                for b in landlock bwrap; do
                                    for where in own root rootlog ws ws-write ws-fail mkdir mkdir-two-c cd-own cd-root two-c; do
                                        mode=workspace-write args=(ninja -C "$z/$where") want=denied:$z/$where/.ninja_log:1
                                        case $where in
                                        # ... after a leading cd, as its argv's (review55: before,
                                        # task_failure in the user's own directory, both backends)
                                        cd-own) args=(sh -c "cd '$z/own' && ninja") want=denied:$z/own/.ninja_log:1 ;;
                                        cd-root) args=(sh -c "cd '$z/root' && ninja") want=denied:$z/root/.ninja_log:1
                                                 [ $who = nobody ] && want=task_failure::1 ;;
                                        # ... its last -C, from where it starts, not from the first
                                        # (review55: before, none read, task_failure)
                                        two-c) args=(sh -c "cd '$z' && ninja -C root -C own") want=denied:$z/own/.ninja_log:1 ;;
                                        root|rootlog) [ $who = nobody ] && want=task_failure::1 ;;
                                        ws) mode=read-only args=(ninja -C "$d/ws/$tag-nj") want=denied:$d/ws/$tag-nj/.ninja_log:1 ;;
                                        ws-write) args=(ninja -C "$d/ws/$tag-nj" out) want=success::0 ;;
                                        ws-fail) args=(ninja -C "$d/ws/$tag-nj" bad) want=task_failure::1 ;;
                                        # its "ninja: error: mkdir(obj): E" of a one-word directory
                                        # (stderr): that directory (it was "mkdir(obj)" of the cwd's)
                                        mkdir) mode=read-only args=(ninja -C "$d/ws/$tag-nj" obj/o) want=denied:$d/ws/$tag-nj/obj:1 ;;
                                        # ... its last -C's, from the start (links56: several -C
                                        # claimed no directory, the line's obj kept no path)
                                        mkdir-two-c) mode=read-only args=(ninja -C "$z/root" -C "$d/ws/$tag-nj" obj/o)
                                                     want=denied:$d/ws/$tag-nj/obj:1 ;;
                                        esac
                                        status_row "$d/ws" $b $mode "$d/nj.json" "${args[@]}"
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: ${args[*]} ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                        if [ $where = ws-write ]; then
                                                check "$who, $b: ... built in the workspace" test -e "$d/ws/$tag-nj/out"
                                                rm -f "$d/ws/$tag-nj/out" "$d/ws/$tag-nj/.ninja_log"
                                        fi
                                    done
                                done
                                check "$who: ... nothing built outside the workspace, root's log untouched" \
                                        test -z "$(find "$z" -name out)" -a ! -s "$z/rootlog/.ninja_log" -a ! -e "$z/own/.ninja_log"
                                rm -rf "$z" "$d/ws/$tag-nj"
                                # ... and meson compile, which runs ninja in its -C DIR and passes its
                                # lines and status through: a build directory of meson's in the workspace,
                                # a source changed since its build, in read-only mode denied, the log
                                # recorded (before: task_failure); in workspace-write, built
                                ms=$d/ws/$tag-ms
                                if command -v meson >/dev/null && command -v cc >/dev/null && "${pre[@]}" mkdir "$ms" &&
                                        printf "project('p', 'c')\nexecutable('p', 'p.c')\n" | "${pre[@]}" tee "$ms/meson.build" >/dev/null &&
                                        echo 'int main(void) { return 0; }' | "${pre[@]}" tee "$ms/p.c" >/dev/null &&
                                        ( cd "$ms" && "${pre[@]}" meson setup b . ) >/dev/null 2>&1 &&
                                        ( cd "$ms" && "${pre[@]}" meson compile -C b ) >/dev/null 2>&1; then
                                        for b in landlock bwrap; do
                                                "${pre[@]}" touch -d '+1 minute' "$ms/p.c"
                                                status_row "$ms" $b read-only "$d/nj.json" meson compile -C b
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: meson compile -C b of a changed source (read-only): denied ($got)" \
                                                        test "$got" = "denied:$ms/b/.ninja_log:1"
                                                status_row "$ms" $b workspace-write "$d/nj.json" meson compile -C b
                                                check "$who, $b: ... in workspace-write: success ($got)" test "$got" = success::0
                                        done
                                else
                                        echo "# $who: no meson build directory here: meson compile rows skipped"
                                fi
                                rm -rf "$ms"
                                # ... and cmake --build of a Ninja generator's build, which runs ninja in
                                # DIR and passes its lines and status through: in read-only mode denied,
                                # the log recorded (mine55, before: task_failure, where ninja -C read
                                # denied); in workspace-write, built
                                cb=$d/ws/$tag-cb
                                if command -v cmake >/dev/null && "${pre[@]}" mkdir "$cb" &&
                                        printf 'cmake_minimum_required(VERSION 3.10)\nproject(p NONE)\nadd_custom_target(t ALL COMMAND true)\n' |
                                        "${pre[@]}" tee "$cb/CMakeLists.txt" >/dev/null &&
                                        ( cd "$cb" && "${pre[@]}" cmake -G Ninja -S . -B b ) >/dev/null 2>&1; then
                                        for b in landlock bwrap; do
                                                status_row "$cb" $b read-only "$d/nj.json" cmake --build b
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: cmake --build b of a Ninja build (read-only): denied ($got)" \
                                                        test "$got" = "denied:$cb/b/.ninja_log:1"
                                                # ... a shell's `cd DIR && cmake --build b` (before: task_failure)
                                                status_row "$d/ws" $b read-only "$d/nj.json" sh -c "cd $tag-cb && cmake --build b"
                                                check "$who, $b: cd DIR && cmake --build b (read-only): denied ($got)" \
                                                        test "$got" = "denied:$cb/b/.ninja_log:1"
                                                status_row "$cb" $b workspace-write "$d/nj.json" cmake --build b
                                                check "$who, $b: ... in workspace-write: success ($got)" test "$got" = success::0
                                                rm -f "$cb/b/.ninja_log"
                                        done
                                else
                                        echo "# $who: no cmake Ninja build directory here: cmake --build rows skipped"
                                fi
                                rm -rf "$cb"
                        fi
                        # python -m compileall prints a file it could not write ("*** PermissionError:
                        # [Errno 13] ... '__pycache__'") on stdout, none on stderr, and exits 1: its
                        # first DIR's __pycache__ read from the argv, judged against the host: the
                        # user's own directory outside the workspace and the workspace in read-only
                        # mode, denied, nothing made (before: task_failure under both backends, as root
                        # and as nobody); as nobody in root's 0755 directory, task_failure; in the
                        # workspace in workspace-write, compiled. A __pycache__ there already (own-pc,
                        # root-pc), its files made in it, with -f (without, its .pyc may be current
                        # and nothing written): the same, the directory recorded (mine55, before:
                        # task_failure, as root and as nobody). Each directory holds an empty
                        # __init__.py, which compiles whatever python it is: a source with a syntax
                        # error prints to stdout alone and exits 1 as well, writing nothing, so a
                        # directory (bad, bad-ws in read-only) whose sources sbx cannot tell compile
                        # is task_failure (readers58: before, denied of its __pycache__, both
                        # backends, root and nobody)
                        z=/var/tmp/$tag-pc
                        mkdir -p "$z/own" "$z/root" "$z/own-pc/__pycache__" "$z/root-pc/__pycache__" "$z/bad" &&
                                chmod 755 "$z" "$z/root" "$z/root-pc" "$z/root-pc/__pycache__" && echo 'x = 1' >"$z/own/m.py" &&
                                cp "$z/own/m.py" "$z/root/m.py" && cp "$z/own/m.py" "$z/own-pc/m.py" &&
                                cp "$z/own/m.py" "$z/root-pc/m.py" && printf 'def f(:\n' >"$z/bad/m.py" &&
                                for x in own root own-pc root-pc; do : >"$z/$x/__init__.py"; done && chmod 644 "$z"/*/*.py
                        [ $who = nobody ] && chown -R 65534:65534 "$z/own" "$z/own-pc" "$z/bad"
                        "${pre[@]}" mkdir "$d/ws/$tag-pc" "$d/ws/$tag-bad" && echo 'x = 1' | "${pre[@]}" tee "$d/ws/$tag-pc/m.py" >/dev/null &&
                                "${pre[@]}" touch "$d/ws/$tag-pc/__init__.py" &&
                                printf 'def f(:\n' | "${pre[@]}" tee "$d/ws/$tag-bad/m.py" >/dev/null
                        for b in landlock bwrap; do
                            for where in own root ws ws-write cd-own own-pc root-pc two legacy bad bad-ws; do
                                mode=workspace-write dir=$z/$where want=denied:$z/$where/__pycache__:1 args=()
                                case $where in
                                root|root-pc) [ $who = nobody ] && want=task_failure::1 ;;&
                                own-pc|root-pc) args=("$PY" -m compileall -qf "$dir") ;;
                                bad) want=task_failure::1 ;;
                                bad-ws) mode=read-only dir=$d/ws/$tag-bad want=task_failure::1 ;;
                                ws) mode=read-only dir=$d/ws/$tag-pc want=denied:$d/ws/$tag-pc/__pycache__:1 ;;
                                ws-write) dir=$d/ws/$tag-pc want=success::0 ;;
                                # ... after a leading cd, as its argv's (review55: before,
                                # task_failure, both backends)
                                cd-own) dir=$z/own want=denied:$z/own/__pycache__:1
                                        args=(sh -c "cd '$z/own' && '$PY' -m compileall -q .") ;;
                                # ... its second target's, the first the workspace's, and with -b
                                # the directory its .pyc goes beside its source in (left56: before,
                                # task_failure, both backends, root and nobody)
                                two) dir=$z/own want=denied:$z/own/__pycache__:1
                                        args=("$PY" -m compileall -q "$d/ws/$tag-pc" "$z/own") ;;
                                legacy) dir=$z/own want=denied:$z/own:1 args=("$PY" -m compileall -b -q "$z/own") ;;
                                esac
                                [ ${#args[@]} -gt 0 ] || args=("$PY" -m compileall -q "$dir")
                                status_row "$d/ws" $b $mode "$d/pc.json" "${args[@]}"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: python3 -m compileall -q DIR ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                rm -rf "$d/ws/$tag-pc/__pycache__"
                            done
                        done
                        check "$who: ... no __pycache__ made outside the workspace, nothing written in one there" \
                                test -z "$(find "$z" -name __pycache__ -not -path "$z/*-pc/__pycache__" -o -name '*.pyc*')"
                        rm -rf "$z" "$d/ws/$tag-pc" "$d/ws/$tag-bad"
                        # chattr's change of the immutable flag, which only CAP_LINUX_IMMUTABLE may: as
                        # nobody of its own file in read-only mode, bwrap's EROFS and Landlock's EACCES
                        # come first, but the host refuses it too (EPERM), task_failure (left56: before,
                        # denied under both backends); another flag (+d), which the host lets the owner
                        # set, denied, where the file system has flags
                        if [ $who = nobody ] && command -v chattr >/dev/null &&
                                "${pre[@]}" sh -c "echo x > '$d/ws/$tag-ch' && chattr +d '$d/ws/$tag-ch' && chattr -d '$d/ws/$tag-ch'" 2>/dev/null; then
                                for b in landlock bwrap; do
                                        status_row "$d/ws" $b read-only "$d/ch.json" chattr +i $tag-ch
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: chattr +i of its own file (read-only): task_failure ($got)" \
                                                        test "$got" = task_failure::1
                                        status_row "$d/ws" $b read-only "$d/ch.json" chattr +d $tag-ch
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: chattr +d of its own file (read-only): denied ($got)" \
                                                        test "$got" = "denied:$d/ws/$tag-ch:1"
                                        # ... and -i, -a of a file without them, which change nothing the
                                        # host refuses its owner (review57: before, task_failure::1)
                                        for m in -i -ia; do
                                                status_row "$d/ws" $b read-only "$d/ch.json" chattr $m $tag-ch
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: chattr $m of its own file without the flag (read-only): denied ($got)" \
                                                                test "$got" = "denied:$d/ws/$tag-ch:1"
                                        done
                                done
                                check "$who: ... on the host, its chattr -ia passes" "${pre[@]}" chattr -ia "$d/ws/$tag-ch"
                                check "$who: ... its flags unchanged" test "$(lsattr "$d/ws/$tag-ch" | cut -d' ' -f1 | tr -d -- '-e')" = ""
                        fi
                        rm -f "$d/ws/$tag-ch"
                        # chattr -f prints nothing of any failure and exits 1: its file read from the
                        # argv where the host, asked before the run, lets the user set those flags (its
                        # own file, flags there, a and i root's alone), judged as its line of the
                        # sandbox's errno: root's +i outside the workspace in workspace-write (EPERM,
                        # no CAP_LINUX_IMMUTABLE kept, or EROFS) and +d and +i in read-only, nobody's
                        # +d of its own file in read-only, denied; nobody's +i (EPERM on the host too)
                        # and a missing file (ENOENT, silent too), task_failure; the flags unchanged
                        # (readers58: before, task_failure under both backends, root and nobody)
                        z=/var/tmp/$tag-chf
                        mkdir -p "$z" && echo x >"$z/f"
                        [ $who = nobody ] && chown -R 65534:65534 "$z"
                        if command -v chattr >/dev/null && "${pre[@]}" sh -c "chattr +d '$z/f' && chattr -d '$z/f'" 2>/dev/null; then
                                for b in landlock bwrap; do
                                        for row in "workspace-write +i" "read-only +d" "read-only +i" "read-only +d missing"; do
                                                read -r m fl miss <<<"$row"
                                                want=denied:$z/f:1
                                                [ $who = nobody ] && [ $fl = +i ] && want=task_failure::1
                                                [ -n "$miss" ] && want=task_failure::1
                                                status_row "$d/ws" $b $m "$d/chf.json" chattr -f $fl "$z/${miss:-f}"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: chattr -f $fl F${miss:+ (missing)} outside the workspace ($m): ${want%%:*} ($got)" \
                                                        test "$got" = "$want"
                                        done
                                done
                                check "$who: ... its flags unchanged" test "$(lsattr "$z/f" | cut -d' ' -f1 | tr -d -- '-e')" = ""
                        else
                                echo "# $who: no inode flags on /var/tmp: chattr -f rows skipped"
                        fi
                        rm -rf "$z"
                        # mktemp -q prints nothing where it cannot make its file and exits 1: the
                        # file read from the argv (its -p DIR, else $TMPDIR or /tmp), judged against the
                        # host: the user's own directory outside the workspace and /tmp in read-only
                        # mode, denied, nothing made (before: task_failure under both backends, as root
                        # and as nobody); as nobody in root's 0755 directory and in a missing one,
                        # task_failure; the temp area in workspace-write, made
                        z=/var/tmp/$tag-mk
                        mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                        [ $who = nobody ] && chown 65534:65534 "$z/own"
                        for b in landlock bwrap; do
                            for where in own root nx tmp temp env-own env-root sh-own sh-root cd-own cd-root semi-own semi-root \
                                         null-own null-root outer-own outer-root subst-own subst-root \
                                         nest-own nest-root paren-own paren-root scd-own scd-root shm shm-t \
                                         devfd devpts pd-own pd-root cdp-own cdp-root dpd orx-own orx-root sete-own sete-root sce-own sce-root \
                                         bbp setp-own setp-root var-own var-root vt-own vt-root; do
                                mode=workspace-write want=denied:$z/$where/tmp.XXXXXXXXXX:1 args=(-q -d -p "$z/$where") envs=() run=()
                                case $where in
                                root) [ $who = nobody ] && want=task_failure::1 ;;
                                nx) want=task_failure::1 ;;
                                tmp) mode=read-only want=denied:/tmp/tmp.XXXXXXXXXX:1 args=(-q) ;;
                                temp) want=success::0 args=(-q) ;;
                                # ... in an env's own TMPDIR (review56: before, task_failure, both
                                # backends, root and nobody)
                                env-*) envs=(env "TMPDIR=$z/${where#env-}") args=(-q)
                                       want=denied:$z/${where#env-}/tmp.XXXXXXXXXX:1
                                       [ $where = env-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... in a shell's own TMPDIR=VALUE before it, as env's (script56:
                                # before, task_failure, both backends, root and nobody)
                                sh-*) run=(sh -c "TMPDIR='$z/${where#sh-}' mktemp -q")
                                      want=denied:$z/${where#sh-}/tmp.XXXXXXXXXX:1
                                      [ $where = sh-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... after a shell's leading cd, its template there (script56:
                                # before, task_failure, both backends, root and nobody)
                                cd-*) mode=read-only run=(sh -c "cd '$z/${where#cd-}' && mktemp -q x.XXX")
                                      want=denied:$z/${where#cd-}/x.XXX:1
                                      [ $where = cd-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... and after `cd D;` where the sandbox's cd goes as the host's
                                # (script56: before, task_failure, both backends, root and nobody)
                                semi-*) mode=read-only run=(sh -c "cd '$z/${where#semi-}'; mktemp -q x.XXX")
                                        want=denied:$z/${where#semi-}/x.XXX:1
                                        [ $where = semi-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... its stdout sent to /dev/null (mktemp57: before, task_failure,
                                # both backends, root and nobody)
                                null-*) run=(sh -c "mktemp -q -d -p '$z/${where#null-}' > /dev/null")
                                        want=denied:$z/${where#null-}/tmp.XXXXXXXXXX:1
                                        [ $where = null-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... in the TMPDIR=VALUE before the shell that runs it, inherited
                                # (mktemp57: before, task_failure, both backends, root and nobody)
                                outer-*) run=(sh -c "TMPDIR='$z/${where#outer-}' sh -c 'mktemp -q'")
                                         want=denied:$z/${where#outer-}/tmp.XXXXXXXXXX:1
                                         [ $where = outer-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... as the command whose output a script assigns, `|| exit 1` after it
                                # (mktemp57: before, task_failure, both backends, root and nobody)
                                subst-*) run=(sh -c "f=\$(mktemp -q -d -p '$z/${where#subst-}') || exit 1")
                                         want=denied:$z/${where#subst-}/tmp.XXXXXXXXXX:1
                                         [ $where = subst-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... after the leading cd of a nested shell's script, of a subshell's,
                                # of a command substitution's (shell58: before, task_failure, both
                                # backends, root and nobody)
                                # ... after bash's `pushd D >/dev/null;`, `cd -P D &&`, `cd D || exit;`, a
                                # leading `set -e`'s `cd D;`, read as a leading cd, and in a command
                                # substitution's chain, an echo of its output after it (shell59: before,
                                # task_failure, both backends, root and nobody)
                                # ... after a cd of a variable the script assigned first (shell60:
                                # before, task_failure, and a refused `touch x` there denied of no
                                # file, both backends, root and nobody)
                                nest-*|paren-*|scd-*|pd-*|cdp-*|orx-*|sete-*|sce-*|var-*|vt-*)
                                        mode=read-only at=$z/${where#*-}
                                        case $where in
                                        var-*) run=(sh -c "D='$at'; cd \"\$D\" && mktemp -q x.XXX") ;;
                                        vt-*) run=(sh -c "D='$at'; cd \"\$D\" && touch x") ;;
                                        nest-*) run=(sh -c "sh -c \"cd '$at' && mktemp -q x.XXX\"") ;;
                                        paren-*) run=(sh -c "( cd '$at' && mktemp -q x.XXX )") ;;
                                        scd-*) run=(sh -c "f=\$(cd '$at' && mktemp -q x.XXX) || exit 1") ;;
                                        pd-*) run=(bash -c "pushd '$at' >/dev/null; mktemp -q x.XXX") ;;
                                        cdp-*) run=(sh -c "cd -P '$at' && mktemp -q x.XXX") ;;
                                        orx-*) run=(sh -c "cd '$at' || exit; mktemp -q x.XXX") ;;
                                        sete-*) run=(bash -c "set -e; cd '$at'; mktemp -q x.XXX") ;;
                                        sce-*) run=(sh -c "f=\$(cd '$at' && mktemp -q x.XXX) && echo \"\$f\"") ;;
                                        esac
                                        want=denied:$at/x.XXX:1
                                        [ ${where%%-*} = vt ] && want=denied:$at/x:1
                                        [ ${where#*-} = root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... after `cd /dev/shm;`, as the backend's /dev has it: its $TMPDIR's
                                # /tmp refused; its template in /dev/shm, the host's under Landlock,
                                # refused, bubblewrap's own, made there, nothing on the host (shell58:
                                # before, task_failure under both backends, root and nobody)
                                shm) mode=read-only run=(sh -c "cd /dev/shm; mktemp -q") want=denied:/tmp/tmp.XXXXXXXXXX:1 ;;
                                shm-t) mode=read-only run=(sh -c "cd /dev/shm; mktemp -q $tag-x.XXX") want=denied:/dev/shm/$tag-x.XXX:1
                                       [ $b = bwrap ] && want=success::0 ;;
                                # ... after `cd /dev/fd &&` (the shell's /proc/self/fd) and `cd /dev/pts
                                # &&`, where the host refuses the file too: task_failure (shell58:
                                # before, sbx's own /proc/PID/fd/x.XXX and /dev/pts/x.XXX denied under
                                # both backends, as root)
                                devfd|devpts) mode=read-only run=(sh -c "cd /dev/${where#dev} && mktemp -q x.XXX") want=task_failure::1 ;;
                                # ... dash's pushd, which it has not, moves nothing: its refused `touch y`
                                # names no directory (shell59: before, D/y)
                                dpd) mode=read-only run=(sh -c "pushd '$z/own'; touch y") want=denied::1 ;;
                                # ... its -p DIR after a leading `set -e` (shell60: before, task_failure,
                                # both backends, root and nobody)
                                setp-*) mode=read-only run=(sh -c "set -e; mktemp -q -p '$z/${where#setp-}'")
                                        want=denied:$z/${where#setp-}/tmp.XXXXXXXXXX:1
                                        [ $where = setp-root ] && [ $who = nobody ] && want=task_failure::1 ;;
                                # ... BusyBox's ash refuses -P, running nothing: its exit 2 of no file
                                # (shell60: its readers took the cd as bash -P's, own/x.XXX, a claim its
                                # exit 2 kept out of the verdict, as here)
                                bbp) command -v busybox >/dev/null || continue
                                     mode=read-only run=(busybox ash -P -c "cd '$z/own' && mktemp -q x.XXX") want=task_failure::2 ;;
                                esac
                                [ ${#run[@]} -gt 0 ] || run=("${envs[@]}" mktemp "${args[@]}")
                                status_row "$d/ws" $b $mode "$d/mk.json" "${run[@]}"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: ${run[*]} ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                            done
                        done
                        check "$who: ... nothing made outside the workspace" test -z "$(find "$z" -mindepth 2)"
                        check "$who: ... nor in the host's /dev/shm" test -z "$(find /dev/shm -maxdepth 1 -name "$tag-x.*")"
                        # ... after `cd .. &&` of a shell started in a link's name (its $PWD): the
                        # link's parent, z, root's: denied as root, the host's refusal as nobody
                        # (shell58: before, the parent of the link's target, own: denied for both)
                        mkdir -p "$z/own/t" && ln -s own/t "$z/lk"
                        [ $who = nobody ] && chown 65534:65534 "$z/own/t"
                        for b in landlock bwrap; do
                                want=denied:$z/x.XXX:1
                                [ $who = nobody ] && want=task_failure::1
                                status_row "$z/lk" $b read-only "$d/mk.json" sh -c "cd .. && mktemp -q x.XXX"
                                [ $rc -eq 125 ] ||
                                        check "$who, $b: cd .. && mktemp -q x.XXX from a link's name (read-only): ${want%%:*} ($got)" \
                                                test "$got" = "$want"
                        done
                        check "$who: ... nothing made" test -z "$(find "$z" -name 'x.*')"
                        rm -rf "$z"
                        # GNU tar extracting over an old file whose unlink the sandbox refuses prints
                        # the O_EXCL open's "F: Cannot open: File exists" and exits 2: a workspace
                        # file in read-only mode, and one in root's 0755 directory (-C DIR), denied
                        # of F (tar60: before, task_failure, both backends, root and nobody); with
                        # -k, or as nobody in root's directory (the host's refusal too), task_failure
                        z=/var/tmp/$tag-tx
                        mkdir -p "$z/src" "$z/root" && chmod 755 "$z" "$z/root" && echo new >"$z/src/tf" &&
                                tar -C "$z/src" -cf "$z/a.tar" tf && chmod 644 "$z/a.tar" && echo old >"$z/root/tf" &&
                                "${pre[@]}" sh -c "echo old > '$d/ws/tf'"
                        for b in landlock bwrap; do
                                for k in "" -k; do
                                        want=denied:$d/ws/tf:2
                                        [ -n "$k" ] && want=task_failure::2
                                        status_row "$d/ws" $b read-only "$d/tx.json" tar $k -xf "$z/a.tar"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: tar${k:+ $k} -xf A over a workspace file (read-only): ${want%%:*} ($got)" \
                                                        test "$got" = "$want"
                                done
                                want=denied:$z/root/tf:2
                                [ $who = nobody ] && want=task_failure::2
                                status_row "$d/ws" $b read-only "$d/tx.json" tar -C "$z/root" -xf "$z/a.tar"
                                [ $rc -eq 125 ] ||
                                        check "$who, $b: tar -C D -xf A over a file of root's 0755 D (read-only): ${want%%:*} ($got)" \
                                                test "$got" = "$want"
                        done
                        check "$who: ... the old files kept" test "$(cat "$d/ws/tf" "$z/root/tf")" = "old
old"
                        rm -rf "$z" "$d/ws/tf"
                        # npm exits with its error's errno negated (243: EACCES, 226: EROFS) and with
                        # --silent prints nothing: a project's `npm install --silent` in read-only mode,
                        # denied with no path (before: task_failure under both backends, as root and as
                        # nobody); as nobody in root's project, the host's refusal, task_failure; in
                        # workspace-write, installed
                        if command -v npm >/dev/null 2>&1; then
                            z=/var/tmp/$tag-np
                            mkdir -p "$z" && chmod 755 "$z" &&
                                echo '{"name":"t","version":"1.0.0","scripts":{"a":"exit 243","b":"exit 226"}}' >"$z/package.json"
                            "${pre[@]}" mkdir "$d/ws/$tag-np" && "${pre[@]}" cp "$z/package.json" "$d/ws/$tag-np/"
                            "${pre[@]}" mkdir "$d/ws/$tag-npl" &&
                                echo '{"name":"t","version":"1.0.0","scripts":{"postinstall":"exit 243"}}' |
                                "${pre[@]}" tee "$d/ws/$tag-npl/package.json" >/dev/null
                            for b in landlock bwrap; do
                                code=243
                                [ $b = bwrap ] && code=226
                                for where in ws root ws-write prefix prefix-root; do
                                    mode=read-only at=$d/ws/$tag-np want=denied::$code pfx=
                                    case $where in
                                    root) at=$z; [ $who = nobody ] && want=task_failure::243 ;;
                                    ws-write) mode=workspace-write want=success::0 ;;
                                    # ... its --prefix's project, from the workspace (review56:
                                    # before, task_failure with those statuses)
                                    prefix) at=$d/ws pfx="--prefix $d/ws/$tag-np" ;;
                                    prefix-root) at=$d/ws pfx="-C $z"; [ $who = nobody ] && want=task_failure::243 ;;
                                    esac
                                    status_row "$at" $b $mode "$d/np.json" sh -c "npm $pfx install --silent --offline --no-audit --no-fund"
                                    [ $rc -eq 125 ] && continue
                                    # (as nobody, bubblewrap's EROFS comes first in read-only: 226)
                                    [ "$want" = task_failure::243 ] && [ $b = bwrap ] && [ $mode = read-only ] && want=task_failure::226
                                    check "$who, $b: npm install --silent ($mode, $where): ${want%%:*} ($got)" test "$got" = "$want"
                                done
                                # a script's own status is npm's: `npm run -s a` of `exit 243`, and
                                # `exit 226`, in workspace-write (review56: before, denied::243 under
                                # Landlock and denied::226 under bubblewrap)
                                for sc in a:243 b:226; do
                                    status_row "$d/ws/$tag-np" $b workspace-write "$d/np.json" npm run -s "${sc%%:*}"
                                    [ $rc -eq 125 ] ||
                                            check "$who, $b: npm run -s ${sc%%:*} of exit ${sc#*:} (workspace-write): task_failure ($got)" \
                                                    test "$got" = "task_failure::${sc#*:}"
                                done
                                # ... and so is a lifecycle script's, `"postinstall": "exit 243"` of
                                # `npm install --silent` in workspace-write (review56: before, denied::243
                                # under Landlock); in read-only mode, npm's own refusal may come first:
                                # denied still
                                for mode in workspace-write read-only; do
                                    want=task_failure::243
                                    [ $mode = read-only ] && want=denied::$code
                                    status_row "$d/ws/$tag-npl" $b $mode "$d/np.json" npm install --silent --offline --no-audit --no-fund
                                    [ $rc -eq 125 ] ||
                                            check "$who, $b: npm install --silent, a postinstall's exit 243 ($mode): ${want%%:*} ($got)" \
                                                    test "$got" = "$want"
                                    "${pre[@]}" rm -rf "$d/ws/$tag-npl/node_modules" "$d/ws/$tag-npl/package-lock.json"
                                done
                            done
                            # ... but not where the project has a dependency, which npm fetches through
                            # its cache outside the workspace: its refusal there is npm's own 243 (226),
                            # the postinstall never run (review57: before, task_failure::243 under
                            # Landlock, task_failure::226 under bubblewrap, as root and as nobody); on
                            # the host, the same install succeeds. (A cache used before: without its
                            # _cacache, Node's recursive mkdir reports bubblewrap's EROFS as ENOENT, 254)
                            c=/var/tmp/$tag-npc
                            mkdir -p "$c/pkg/package" && echo '{"name":"dep","version":"1.0.0"}' >"$c/pkg/package/package.json" &&
                                tar -czf "$c/d.tgz" -C "$c/pkg" package && chmod 644 "$c/d.tgz" &&
                                mkdir -p "$c/cache/_cacache/tmp" && { [ $who = root ] || chown -R 65534:65534 "$c/cache"; }
                            "${pre[@]}" mkdir "$d/ws/$tag-npd" && "${pre[@]}" cp "$c/d.tgz" "$d/ws/$tag-npd/" &&
                                echo '{"name":"t","version":"1.0.0","scripts":{"postinstall":"exit 0"},"dependencies":{"dep":"file:d.tgz"}}' |
                                "${pre[@]}" tee "$d/ws/$tag-npd/package.json" >/dev/null
                            pre0=("${pre[@]}")
                            pre=("${pre[@]}" npm_config_cache="$c/cache")
                            for b in landlock bwrap; do
                                want=denied::243
                                [ $b = bwrap ] && want=denied::226
                                status_row "$d/ws/$tag-npd" $b workspace-write "$d/np.json" npm install --silent --offline --no-audit --no-fund
                                [ $rc -eq 125 ] ||
                                        check "$who, $b: npm install --silent of a project with a dependency and a postinstall, its cache refused (workspace-write): ${want%%:*} ($got)" \
                                                test "$got" = "$want" -a ! -e "$d/ws/$tag-npd/node_modules/dep"
                            done
                            check "$who: ... nothing made in its cache outside the workspace" test -z "$(find "$c/cache" -mindepth 3)"
                            ( cd "$d/ws/$tag-npd" && "${pre[@]}" npm install --silent --offline --no-audit --no-fund ) >/dev/null 2>&1
                            check "$who: ... on the host, the same npm install succeeds" test -e "$d/ws/$tag-npd/node_modules/dep/package.json"
                            pre=("${pre0[@]}")
                            rm -rf "$c" "$d/ws/$tag-npd"
                            check "$who: ... nothing made outside the workspace" test -z "$(ls -A "$z" | grep -v '^package.json$')"
                            rm -rf "$z" "$d/ws/$tag-np" "$d/ws/$tag-npl"
                        else
                            echo "# skip: npm is not installed (npm --silent rows)"
                        fi
                        # perl's die without "$!" after its open failed prints "MSG at -e line N." and
                        # exits with the open's errno (30 under bwrap, 13 under Landlock): the -e
                        # script's one die names the file, judged against the host: the user's own
                        # directory outside and the workspace in read-only mode (a relative name),
                        # denied, nothing written (mine55, before: task_failure under both
                        # backends, as root and as nobody); as nobody in root's 0755 directory, the
                        # host's refusal, task_failure
                        z=/var/tmp/$tag-pl
                        mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                        [ $who = nobody ] && chown 65534:65534 "$z/own"
                        for b in landlock bwrap; do
                            for where in own root ws; do
                                mode=workspace-write f=$z/$where/f want=denied:$z/$where/f
                                case $where in
                                root) [ $who = nobody ] && want=task_failure: ;;
                                ws) mode=read-only f=$tag-pl want=denied:$d/ws/$tag-pl ;;
                                esac
                                status_row "$d/ws" $b $mode "$d/pl.json" perl -e "open(F, \">\", \"$f\") or die \"no\""
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: perl -e 'open(F, \">\", F) or die \"no\"' ($mode, $where, rc=$rc): ${want%%:*} ($got)" \
                                        test "$got" = "$want:$rc" -a $rc -ne 0
                            done
                        done
                        check "$who: ... nothing written" test -z "$(find "$z" -type f)" -a ! -e "$d/ws/$tag-pl"
                        rm -rf "$z"
                        # ... and of a script of several dies (an eval's before), the one whose line
                        # stderr ends with, its literal message the line's (readers59, before:
                        # task_failure, exit 30 or 13, both backends, root and nobody); not where
                        # an END block's warn printed a line after it
                        for b in landlock bwrap; do
                            for end in "" "END { warn \"bye\" }"; do
                                want=denied:$d/ws/$tag-p2
                                [ -n "$end" ] && want=task_failure:
                                status_row "$d/ws" $b read-only "$d/p2.json" perl -e "eval { die \"inner\" };
open(F, \">\", \"$tag-p2\") or die \"no\"; $end"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: perl -e 'eval { die }; open(F, \">\", F) or die \"no\"; ${end:-(no END)}' (read-only, rc=$rc): ${want%%:*} ($got)" \
                                        test "$got" = "$want:$rc" -a $rc -ne 0 -a ! -e "$d/ws/$tag-p2"
                            done
                        done
                        # ... of two dies on one line, and of a die's message ending in "\n" (no line's
                        # number) of several, the one whose literal message it is (readers60, before:
                        # task_failure, exit 30 or 13, both backends, root and nobody); not of one die
                        # where the script names exit (`or exit 13` before it: before, denied of the
                        # die's file, which no open asked for), nor of an open after a call whose
                        # failure reaches the die too (a mkdir's `&&`: before, the open's file)
                        for b in landlock bwrap; do
                            for scr in "eval { die \"inner\" }; open(F, \">\", \"$tag-p2\") or die \"no\";" \
                                     "eval { die \"inner\\n\" };
open(F, \">\", \"$tag-p2\") or die \"no\\n\";" "open(F, \"<\", \"$tag-none\") or exit 13;
open(G, \">\", \"$tag-p2\") or die \"no\"" "mkdir(\"$tag-pm\") && open(F, \">\", \"$tag-p2\") or die \"no\""; do
                                want=denied:$d/ws/$tag-p2
                                case $scr in *exit*|mkdir*) want=task_failure: ;; esac
                                status_row "$d/ws" $b read-only "$d/p2.json" perl -e "$scr"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: perl -e '${scr//$'\n'/ }' (read-only, rc=$rc): ${want%%:*} ($got)" \
                                        test "$got" = "$want:$rc" -a $rc -ne 0 -a ! -e "$d/ws/$tag-p2" -a ! -e "$d/ws/$tag-pm"
                            done
                        done
                        # ... and a perl script file's (`perl s.pl`, its text read as the -e script's,
                        # its die's " at s.pl line N."), a message ending in "\n" (no line's number)
                        # and `or die $!` (the errno's text alone, the open's file its path) (mine56,
                        # before: the first two task_failure, exit 30 or 13, the third no path)
                        z=/var/tmp/$tag-pf
                        mkdir -p "$z" && chmod 777 "$z"
                        for b in landlock bwrap; do
                            for die in '"no"' '"no\n"' '$!'; do
                                printf 'use strict;\nopen(my $fh, ">", "%s/f") or die %s;\n' "$z" "$die" > "$d/ws/$tag-pf.pl"
                                status_row "$d/ws" $b workspace-write "$d/pf.json" perl "$tag-pf.pl"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: perl s.pl of open(\$fh, \">\", F) or die $die (workspace-write, rc=$rc): denied, F its path ($got)" \
                                        test "$got" = "denied:$z/f:$rc" -a $rc -ne 0
                            done
                        done
                        check "$who: ... nothing written" test -z "$(find "$z" -type f)"
                        rm -rf "$z" "$d/ws/$tag-pf.pl"
                        # ... and the one a shell's `cd DIR && perl s.pl` runs, DIR's, its relative name
                        # DIR's (mktemp57, before: task_failure, exit 30 or 13, both backends, root and
                        # nobody); the workspace's own s.pl, which opens nothing, not the one read; a
                        # `cd DIR && perl -e` chain's script likewise (mktemp57, before task_failure)
                        "${pre[@]}" mkdir "$d/ws/$tag-pd" &&
                                printf 'open(my $fh, ">", "q") or die "no q";\n' | "${pre[@]}" tee "$d/ws/$tag-pd/s.pl" >/dev/null &&
                                printf 'print "x";\n' | "${pre[@]}" tee "$d/ws/s.pl" >/dev/null
                        for b in landlock bwrap; do
                            for pl in "perl s.pl" "perl -e 'open(F, \">\", \"q\") or die \"no\"'"; do
                                status_row "$d/ws" $b read-only "$d/pd.json" sh -c "cd $tag-pd && $pl"
                                [ $rc -eq 125 ] && continue
                                check "$who, $b: cd DIR && $pl (read-only, rc=$rc): denied, DIR/q ($got)" \
                                        test "$got" = "denied:$d/ws/$tag-pd/q:$rc" -a $rc -ne 0
                            done
                        done
                        check "$who: ... nothing written" test ! -e "$d/ws/$tag-pd/q"
                        rm -rf "$d/ws/$tag-pd" "$d/ws/s.pl"
                        # ssh-keygen -R HOST -f FILE makes FILE.XXXXXXXXXX with mkstemp(3) and prints
                        # "mkstemp: E", no name: FILE's copy its path, outside the workspace in
                        # workspace-write denied, nothing written; as nobody in root's 0755 directory,
                        # the host's refusal, task_failure (mine56, before: no path, and as nobody
                        # under Landlock denied)
                        if command -v ssh-keygen >/dev/null; then
                                z=/var/tmp/$tag-kh
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root"
                                ssh-keygen -q -t ed25519 -N '' -C '' -f "$z/k" >/dev/null 2>&1
                                for where in own root; do
                                        echo "host1 $(cat "$z/k.pub")" > "$z/$where/known"
                                        chmod 644 "$z/$where/known"
                                done
                                rm -f "$z/k" "$z/k.pub"
                                [ $who = nobody ] && chown -R 65534:65534 "$z/own"
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want="denied:$z/$where/known.XXXXXXXXXX:255"
                                                [ $who = nobody ] && [ $where = root ] && want=task_failure::255
                                                status_row "$d/ws" $b workspace-write "$d/kh.json" ssh-keygen -R host1 -f "$z/$where/known"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: ssh-keygen -R host1 -f F (workspace-write, $where): ${want%%:*}, F's copy its path ($got)" \
                                                        test "$got" = "$want"
                                        done
                                done
                                check "$who: ... nothing written" test "$(find "$z" -type f | wc -l)" = 2 \
                                        -a "$(cat "$z/own/known" "$z/root/known" | grep -c host1)" = 2
                                rm -rf "$z"
                        else
                                echo "# skip: ssh-keygen is not installed (ssh-keygen -R rows)"
                        fi
                        # rustc --out-dir DIR it could not make prints "error: failed to find or create
                        # the directory specified by `--out-dir`", no name, no errno: DIR's first level
                        # the host does not have, outside the workspace in workspace-write, denied;
                        # under a regular file of the host's (ENOTDIR there too), task_failure; nothing
                        # made (mine56, before: task_failure under both backends). As root: rustc is
                        # root's (rustup) on the machines that have it
                        if [ $who = root ] && command -v rustc >/dev/null; then
                                z=/var/tmp/$tag-rs
                                mkdir -p "$z" && touch "$z/file" && printf 'fn main() {}\n' > "$d/ws/$tag-m.rs"
                                for b in landlock bwrap; do
                                        for where in new/o file/o; do
                                                want="denied:$z/new:1"
                                                [ $where = file/o ] && want=task_failure::1
                                                status_row "$d/ws" $b workspace-write "$d/rs.json" rustc --out-dir "$z/$where" "$tag-m.rs"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: rustc --out-dir $where (workspace-write): ${want%%:*} ($got)" test "$got" = "$want"
                                        done
                                        # ... with -o FILE in the workspace too, which rustc makes DIR before
                                        # it ignores it (review57: before, task_failure::1)
                                        status_row "$d/ws" $b workspace-write "$d/rs.json" rustc --out-dir "$z/new/o" -o "$tag-m" "$tag-m.rs"
                                        [ $rc -eq 125 ] ||
                                                check "$who, $b: rustc --out-dir new/o -o FILE (workspace-write): denied ($got)" \
                                                        test "$got" = "denied:$z/new:1" -a ! -e "$d/ws/$tag-m"
                                done
                                check "$who: ... nothing made" test "$(find "$z" | wc -l)" = 2
                                rm -rf "$z" "$d/ws/$tag-m.rs" "$d/ws/$tag-m"
                        fi
                        # brotli prints its output file within brackets, "failed to open output file
                        # [X]: E": X its path (mine56, before: "[X]" joined to the cwd), outside the
                        # workspace in workspace-write denied; as nobody in root's 0755 directory, the
                        # host's refusal, task_failure; nothing made
                        if command -v brotli >/dev/null; then
                                z=/var/tmp/$tag-br
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root" && echo x > "$d/ws/$tag-br.txt"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want="denied:$z/$where/f.br:1"
                                                [ $who = nobody ] && [ $where = root ] && want=task_failure::1
                                                status_row "$d/ws" $b workspace-write "$d/br.json" brotli -o "$z/$where/f.br" "$tag-br.txt"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: brotli -o F (workspace-write, $where): ${want%%:*}, F its path ($got)" test "$got" = "$want"
                                        done
                                done
                                check "$who: ... nothing made" test -z "$(find "$z" -type f)"
                                rm -rf "$z" "$d/ws/$tag-br.txt"
                        else
                                echo "# skip: brotli is not installed (brotli -o rows)"
                        fi
                        # 7-Zip names the archive it could not open on a line of its own, its errno on
                        # the next ("errno=30 : Read-only file system"), and jar prints
                        # "java.io.IOException: E", no name: the archive read from the argv (strange56,
                        # before: denied naming none, under both backends, root and nobody); as nobody
                        # in root's 0755 directory, the host's refusal, task_failure; nothing made
                        for tool in 7zz jar; do
                                if ! command -v $tool >/dev/null; then
                                        echo "# skip: $tool is not installed ($tool archive rows)"
                                        continue
                                fi
                                z=/var/tmp/$tag-ar
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root" && echo x > "$d/ws/$tag-ar.txt"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                want="denied:$z/$where/a.$tool:"
                                                [ $who = nobody ] && [ $where = root ] && want=task_failure::
                                                if [ $tool = 7zz ]; then
                                                        status_row "$d/ws" $b workspace-write "$d/ar.json" 7zz a -bd "$z/$where/a.$tool" "$tag-ar.txt"
                                                else
                                                        # (jar's temporary file beside it, the digits X's:
                                                        # tools57, before, the archive)
                                                        [ "$want" = task_failure:: ] || want="denied:$z/$where/a.jarXXXXXXXXXX.tmp.jar:"
                                                        status_row "$d/ws" $b workspace-write "$d/ar.json" jar cf "$z/$where/a.$tool" "$tag-ar.txt"
                                                fi
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: $tool writing A (workspace-write, $where): ${want%%:*}, A its path ($got)" \
                                                        test "${got#"$want"}" != "$got"
                                                # ... an archive there that the host lets nobody write, in
                                                # root's 0755 directory, which lets it make no file beside
                                                # it: the host's refusal (tools57: before, denied, the
                                                # archive's open judged)
                                                if [ $tool = jar ] && [ $who = nobody ] && [ $where = root ]; then
                                                        echo x > "$z/root/e.jar" && chown 65534:65534 "$z/root/e.jar"
                                                        status_row "$d/ws" $b workspace-write "$d/ar.json" jar cf "$z/root/e.jar" "$tag-ar.txt"
                                                        rm -f "$z/root/e.jar"
                                                        [ $rc -eq 125 ] && continue
                                                        check "$who, $b: jar cf A, A nobody's in root's directory (workspace-write): task_failure ($got)" \
                                                                test "$got" = task_failure::1
                                                fi
                                                # 7-Zip's -o DIR it could not make: "Cannot create output
                                                # directory : errno=17 : File exists : DIR/", the EEXIST of
                                                # the level the host has (strange56: before, task_failure):
                                                # the level refused, n
                                                [ $tool = 7zz ] || continue
                                                [ -e "$d/ws/$tag-ar.7z" ] || 7zz a -bd "$d/ws/$tag-ar.7z" "$d/ws/$tag-ar.txt" >/dev/null
                                                want="denied:$z/$where/n:"
                                                [ $who = nobody ] && [ $where = root ] && want=task_failure::
                                                status_row "$d/ws" $b workspace-write "$d/ar.json" 7zz x -bd "-o$z/$where/n/o" "$tag-ar.7z"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: 7zz x -oDIR/n/o (workspace-write, $where): ${want%%:*}, DIR/n its path ($got)" \
                                                        test "${got#"$want"}" != "$got"
                                                # the temporary file 7-Zip makes first and moves onto the
                                                # archive (tools57, before: the archive recorded, or none):
                                                # an archive the host has rewritten as E.tmp beside it;
                                                # -w DIR's in DIR; -v's first volume V.001.tmp; with -w.
                                                # the move onto an archive outside refused, of the archive;
                                                # -w DIR after the archive's name (review58, before: the
                                                # workspace's new archive recorded)
                                                cp "$d/ws/$tag-ar.7z" "$z/$where/e.7z"
                                                [ $who = nobody ] && [ $where = own ] && chown 65534:65534 "$z/$where/e.7z"
                                                for row in "e.7z.tmp:$z/$where/e.7z" "$tag-arw.7z.tmp:-w$z/$where $tag-arw.7z" \
                                                        "v.7z.001.tmp:-v1k $z/$where/v.7z" "m.7z:-w. $z/$where/m.7z" \
                                                        "$tag-arx.7z.tmp:$tag-arx.7z -w$z/$where"; do
                                                        want="denied:$z/$where/${row%%:*}:"
                                                        [ $who = nobody ] && [ $where = root ] && want=task_failure::
                                                        # shellcheck disable=SC2086 # the switches and the archive
                                                        status_row "$d/ws" $b workspace-write "$d/ar.json" 7zz a -bd ${row#*:} "$tag-ar.txt"
                                                        rm -f "$d/ws/m.7z.tmp"*
                                                        [ $rc -eq 125 ] && continue
                                                        check "$who, $b: 7zz a ${row#*:} (workspace-write, $where): ${want%%:*}, ${row%%:*} its path ($got)" \
                                                                test "${got#"$want"}" != "$got"
                                                done
                                                check "$who, $b: ... none made in the workspace" \
                                                        test ! -e "$d/ws/$tag-arw.7z" -a ! -e "$d/ws/$tag-arw.7z.tmp" -a ! -e "$d/ws/$tag-arx.7z"
                                                rm -f "$z/$where/e.7z"
                                        done
                                done
                                check "$who: ... nothing made" test -z "$(find "$z" -type f)"
                                rm -rf "$z" "$d/ws/$tag-ar.txt" "$d/ws/$tag-ar.7z"
                        done
                        # OpenSSL's "Can't open \"X\" for writing, E" of a name with no '/' nor '.': X the
                        # file (mine55, before: no path): in the workspace in read-only mode, denied,
                        # X its path; as nobody after `cd` into root's 0755 directory, the host's
                        # refusal, task_failure (before: denied), nothing written
                        if command -v openssl >/dev/null; then
                                z=/var/tmp/$tag-os
                                mkdir -p "$z" && chmod 755 "$z"
                                for b in landlock bwrap; do
                                        status_row "$d/ws" $b read-only "$d/os.json" openssl genrsa -out "$tag-os" 512
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: openssl genrsa -out NAME (read-only): denied, NAME its path ($got)" \
                                                test "$got" = "denied:$d/ws/$tag-os:1"
                                        if [ $who = nobody ]; then
                                                status_row "$d/ws" $b workspace-write "$d/os.json" sh -c "cd $z && openssl genrsa -out key 512"
                                                check "$who, $b: cd ROOTDIR && openssl genrsa -out key (workspace-write): task_failure ($got)" \
                                                        test "$got" = "task_failure::1"
                                        fi
                                done
                                check "$who: ... nothing written" test ! -e "$d/ws/$tag-os" -a ! -e "$z/key"
                                rm -rf "$z"
                        fi
                        # GNU patch's -d DIR: it moves there first and prints its temporary file's name
                        # from there ("Can't create temporary file ./f.oXXXXXX : E"): DIR's (mine55,
                        # before: sbx's directory's, and as nobody in root's 0755 directory, which the
                        # host refuses nobody, denied); the user's own directory outside, denied, the
                        # file in DIR its path, f unchanged
                        if command -v patch >/dev/null; then
                                z=/var/tmp/$tag-pa
                                mkdir -p "$z/own" "$z/root" && chmod 755 "$z" "$z/root" &&
                                        echo hello >"$z/own/f" && echo hello >"$z/root/f" && chmod 644 "$z/own/f" "$z/root/f"
                                [ $who = nobody ] && chown 65534:65534 "$z/own"
                                printf -- '--- f\n+++ f\n@@ -1 +1 @@\n-hello\n+bye\n' >"$d/f.patch" && chmod 644 "$d/f.patch"
                                for b in landlock bwrap; do
                                        for where in own root; do
                                                status_row "$d/ws" $b workspace-write "$d/pa.json" sh -c "patch -d $z/$where -p0 < $d/f.patch"
                                                [ $rc -eq 125 ] && continue
                                                want="denied:$z/$where/f.o*:2"
                                                [ $where = root ] && [ $who = nobody ] && want=task_failure::2
                                                # shellcheck disable=SC2254
                                                case $got in $want) res=ok ;; *) res=bad ;; esac
                                                check "$who, $b: patch -d DIR ($where, workspace-write): ${want%%:*} ($got)" test $res = ok
                                        done
                                done
                                check "$who: ... both files unchanged" test "$(cat "$z/own/f" "$z/root/f")" = "$(printf 'hello\nhello')"
                                rm -rf "$z" "$d/f.patch"
                        fi
                        # e2fsprogs' chattr names its file after its errno text ("chattr: E while setting
                        # flags on X"), a change the owner's alone: root's +i of its file outside the
                        # workspace, denied, the file its path (before: under bwrap no path, under
                        # Landlock its EPERM, no CAP_LINUX_IMMUTABLE kept, task_failure); nobody's of
                        # root's 0666 file, the host's refusal too (before: under bwrap denied)
                        z=/var/tmp/$tag-ca
                        mkdir -p "$z" && echo x >"$z/f" && chmod 666 "$z/f"
                        if command -v chattr >/dev/null && chattr +d "$z/f" 2>/dev/null && chattr -d "$z/f"; then
                                for b in landlock bwrap; do
                                        want=denied:$z/f:1
                                        [ $who = nobody ] && want=task_failure::1
                                        status_row "$d/ws" $b workspace-write "$d/ca.json" chattr +i "$z/f"
                                        [ $rc -eq 125 ] && continue
                                        check "$who, $b: chattr +i of root's file outside (workspace-write): ${want%%:*} ($got)" \
                                                test "$got:$(lsattr -d "$z/f" | cut -d' ' -f1 | tr -d -- '-e')" = "$want:"
                                done
                                # ... and of the user's own file in the workspace, named relative: root's
                                # EPERM for want of CAP_LINUX_IMMUTABLE, which the command does not keep,
                                # denied, the file its path (mine55, before: under Landlock denied with no
                                # path, under bwrap the same); nobody's, the host's refusal too
                                if "${pre[@]}" touch "$d/ws/$tag-ca"; then
                                        for b in landlock bwrap; do
                                                want=denied:$d/ws/$tag-ca:1
                                                [ $who = nobody ] && want=task_failure::1
                                                status_row "$d/ws" $b workspace-write "$d/ca.json" chattr +i "$tag-ca"
                                                [ $rc -eq 125 ] && continue
                                                check "$who, $b: chattr +i of its own file in the workspace, relative (workspace-write): ${want%%:*} ($got)" \
                                                        test "$got:$(lsattr -d "$d/ws/$tag-ca" | cut -d' ' -f1 | tr -d -- '-e')" = "$want:"
                                        done
                                        chattr -i "$d/ws/$tag-ca" 2>/dev/null
                                        rm -f "$d/ws/$tag-ca"
                                fi
                        fi
                        chattr -i "$z/f" 2>/dev/null
                        rm -rf "$z"
                        # GNU binutils loses the errno of a file it could not make (BFD): ranlib's and
                        # ar's "could not create temporary file whilst writing archive" (no name),
                        # strip's in place "X: could not create temporary file to hold stripped copy:
                        # cause of error unknown", objcopy's and strip -o's "X: Bad file descriptor",
                        # the same for the host's refusal: the file read from the argv, in a directory
                        # the host lets the user write (own) or, in read-only mode, the workspace,
                        # denied, the file its path (before, task_failure); in root's 0755 directory
                        # as nobody, the host's refusal, task_failure. objcopy in place prints "warning:
                        # could not create temporary file whilst copying 'X', (error: <errno text>)": X
                        # its path (before, in read-only mode "whilst copying 'X',", a name of the
                        # cwd's), and in root's directory as nobody the host's refusal (before, denied);
                        # objcopy's and strip -o's after another program in an `&&` chain likewise
                        # (mine56: before, task_failure)
                        if command -v ar >/dev/null && command -v ranlib >/dev/null &&
                                command -v objcopy >/dev/null && command -v strip >/dev/null; then
                                mkdir -p /var/tmp/$tag-bfd/own /var/tmp/$tag-bfd/root &&
                                        chmod 0755 /var/tmp/$tag-bfd /var/tmp/$tag-bfd/root && chmod 0777 /var/tmp/$tag-bfd/own
                                echo member >"$d/member.txt" && chmod 0644 "$d/member.txt"
                                for dir in own root; do
                                        ar rcs /var/tmp/$tag-bfd/$dir/lib.a "$d/member.txt" && cp /bin/true /var/tmp/$tag-bfd/$dir/prog &&
                                                chmod 0666 /var/tmp/$tag-bfd/$dir/lib.a /var/tmp/$tag-bfd/$dir/prog
                                done
                                cp /bin/true "$d/ws/prog" && chmod 0666 "$d/ws/prog"
                                # a workspace's file before it, written (left53: several files read
                                # none, task_failure)
                                ar rcs "$d/ws/ws.a" "$d/member.txt" && cp /bin/true "$d/ws/wsprog" &&
                                        chmod 0666 "$d/ws/ws.a" "$d/ws/wsprog"
                                for dir in own root ws; do
                                    # @D@: the directory (a placeholder no temporary name holds: "D/" was
                                    # replaced inside $d too when its name ended in D)
                                    for row in "lib.a|ranlib @D@/lib.a" "lib.a|ar rcs @D@/lib.a $d/member.txt" "prog|strip @D@/prog" \
                                            "new|objcopy /bin/true @D@/new" "new|strip -o @D@/new /bin/true" \
                                            "prog|objcopy --strip-debug @D@/prog" "new|CD objcopy /bin/true new" \
                                            "new|strip --output-file @D@/new /bin/true" "lib.a|ranlib ws.a @D@/lib.a" \
                                            "prog|strip wsprog @D@/prog" "lib.a|CD ranlib WS/ws.a lib.a" \
                                            "new|PRE objcopy /bin/true @D@/new" "new|PRE strip -o @D@/new /bin/true"; do
                                        mode=workspace-write at=/var/tmp/$tag-bfd/$dir cmd=${row#*|}
                                        if [ $dir = ws ]; then
                                                [ "${row%%|*}" = new ] || [ "${row#*|}" = "objcopy --strip-debug @D@/prog" ] ||
                                                        continue
                                                mode=read-only at=$d/ws
                                        fi
                                        cmd=${cmd//@D@\//$at/} want=denied
                                        # ... the one command after a shell's leading cd (review52:
                                        # before, task_failure but as nobody in root's directory)
                                        [ "$cmd" = "CD objcopy /bin/true new" ] && cmd="cd $at && objcopy /bin/true new"
                                        # ... and its several files (left54: none read, task_failure)
                                        [ "$cmd" = "CD ranlib WS/ws.a lib.a" ] && cmd="cd $at && ranlib $d/ws/ws.a lib.a"
                                        # ... and a chain's last command past another program's
                                        # (mine56: before, task_failure, as nobody in root's directory too)
                                        case $cmd in "PRE "*) cmd="cmp /bin/true /bin/true && ${cmd#PRE }" ;; esac
                                        [ $who/$dir = nobody/root ] && want=task_failure
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode $mode \
                                                --verdict-json "$d/bfd.json" -- sh -c "$cmd" ) 2>/dev/null
                                        rc=$?
                                        check "$who, landlock $mode: $cmd: $want (rc=$rc), nothing made" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "task_failure":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o
assert not os.path.exists(sys.argv[4]), sys.argv[4]' "$d/bfd.json" $want "$at/${row%%|*}" "$at/new"
                                    done
                                done
                                rm -rf /var/tmp/$tag-bfd "$d/member.txt" "$d/ws/prog" "$d/ws/ws.a" "$d/ws/wsprog"
                        fi
                        # javac -d into a directory it may not write prints NIO's
                        # AccessDeniedException's message after the class, "H.java:1: error: error
                        # while writing H: /x/H.class", the path alone: in nobody's own directory,
                        # denied, the class file recorded; in root's (the host's refusal),
                        # task_failure. Before, both task_failure (left51)
                        if [ $who = nobody ] && command -v javac >/dev/null; then
                                mkdir -p /var/tmp/$tag-jv/root /var/tmp/$tag-jv/own &&
                                        chmod 0755 /var/tmp/$tag-jv /var/tmp/$tag-jv/root &&
                                        chown 65534:65534 /var/tmp/$tag-jv/own &&
                                        printf 'class H {}\n' >"$d/ws/$tag-H.java" && chmod 0644 "$d/ws/$tag-H.java"
                                for where in own root; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode read-only \
                                                --verdict-json "$d/jv.json" -- javac -d /var/tmp/$tag-jv/$where $tag-H.java ) 2>/dev/null
                                        rc=$?
                                        check "nobody, landlock: javac -d into $where directory: $([ $where = own ] && echo "denied, the class file recorded" || echo "the host's refusal, task_failure") (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "root":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3]], o' "$d/jv.json" $where /var/tmp/$tag-jv/own/H.class
                                done
                                check "nobody: ... no class file made" test -z "$(find /var/tmp/$tag-jv -type f)"
                                rm -rf /var/tmp/$tag-jv "$d/ws/$tag-H.java"
                        fi
                        # javac -d DIR whose directory it cannot make prints "F.java:N: error: error while
                        # writing C: could not create parent directories", no name, no errno: in sbx run
                        # the first level of its argv's DIR the host does not have, in read-only mode the
                        # workspace's build/ (and a host directory the user may write) denied, that level
                        # recorded; in root's directory as nobody, the host's refusal (before: all
                        # task_failure, under both backends)
                        if command -v javac >/dev/null; then
                                mkdir -p /var/tmp/$tag-jd/root /var/tmp/$tag-jd/own "$d/ws/$tag-jp" &&
                                        chmod 0755 /var/tmp/$tag-jd /var/tmp/$tag-jd/root && chmod 0777 /var/tmp/$tag-jd/own &&
                                        printf 'package p;\nclass J {}\n' >"$d/ws/$tag-jp/J.java" &&
                                        chmod 0755 "$d/ws/$tag-jp" && chmod 0644 "$d/ws/$tag-jp/J.java"
                                for b in landlock bwrap; do
                                        # (cd-*: the one command after a shell's leading cd, review52: before,
                                        # cd-own task_failure under both backends; *-chain: in an && chain
                                        # after a quiet command, left52: task_failure before)
                                        for where in ws own root cd-own cd-root ws-chain own-chain root-chain; do
                                                chain=${where#*-} where=${where%-chain}
                                                base=${where#cd-}
                                                dir=/var/tmp/$tag-jd/$base/new/out want=denied:/var/tmp/$tag-jd/$base/new
                                                [ $where = ws ] && dir=$tag-jbuild want=denied:$d/ws/$tag-jbuild
                                                args=(javac -d $dir $tag-jp/J.java)
                                                case $where in cd-*) args=(sh -c "cd /var/tmp/$tag-jd/$base && javac -d new/out $d/ws/$tag-jp/J.java") ;; esac
                                                [ $who/$base = nobody/root ] && want=task_failure:
                                                [ "$chain" = chain ] && args=(sh -c "test -f $tag-jp/J.java && javac -d $dir $tag-jp/J.java") where=$where-chain
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                        --verdict-json "$d/jd.json" -- "${args[@]}" ) 2>/dev/null
                                                rc=$?
                                                check "$who, $b read-only: ${args[0]} ${args[1]}: javac -d into a new directory ($where): ${want%%:*} (rc=$rc), nothing made" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
verdict, path = sys.argv[2].split(":", 1)
assert int(sys.argv[3]) == 1 and o["verdict"] == verdict and [x["path"] for x in o["denials"]] == ([path] if path else []), o' \
                                                        "$d/jd.json" "$want" $rc
                                        done
                                done
                                # javac -h H -d . of a class with a native method writes its header
                                # first: in workspace-write, its line is of H's level (strange56: before,
                                # the workspace recorded, `.` read as refused); as nobody in root's
                                # directory, the host's refusal
                                printf 'package p;\nclass N { native void f(); }\n' >"$d/ws/$tag-jp/N.java" && chmod 0644 "$d/ws/$tag-jp/N.java"
                                for b in landlock bwrap; do
                                        for base in own root; do
                                                want=denied:/var/tmp/$tag-jd/$base/hnew:1
                                                [ $who/$base = nobody/root ] && want=task_failure::1
                                                status_row "$d/ws" $b workspace-write "$d/jh.json" javac -h /var/tmp/$tag-jd/$base/hnew/h -d . $tag-jp/N.java
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: javac -h H -d . N.java (workspace-write, $base): ${want%%:*}, H's level ($got)" \
                                                                test "$got" = "$want"
                                                # ... without -d (its class beside its source), and in a
                                                # chain after a cd (tools57: before, none read, both
                                                # task_failure)
                                                status_row "$d/ws" $b workspace-write "$d/jh.json" javac -h /var/tmp/$tag-jd/$base/hnew/h $tag-jp/N.java
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: javac -h H N.java (workspace-write, $base): ${want%%:*}, H's level ($got)" \
                                                                test "$got" = "$want"
                                                status_row "$d/ws" $b workspace-write "$d/jh.json" sh -c "cd $tag-jp && javac -h /var/tmp/$tag-jd/$base/hnew/h -d . N.java"
                                                [ $rc -eq 125 ] ||
                                                        check "$who, $b: cd D && javac -h H -d . N.java (workspace-write, $base): ${want%%:*}, H's level ($got)" \
                                                                test "$got" = "$want"
                                                check "$who, $b: ... no header made" test ! -e /var/tmp/$tag-jd/$base/hnew
                                        done
                                done
                                # ... in read-only, H and D both missing: javac makes H first for a class
                                # with a native method (N) and never D, D alone for one without (J): each
                                # line's class read from its source, the level recorded its own
                                # (readers58: before, N's recorded D); so for a nested class's native
                                # method, javac's line naming an inner class "M.In", a static one's
                                # inner class "In.Deep" (readers59: before, both recorded D); and of a
                                # source longer than 64 KiB, a script file's bound (readers60: before,
                                # not read, D recorded)
                                printf 'package p;\nclass M { class In { native void f(); } }\n' >"$d/ws/$tag-jp/M.java" &&
                                        printf 'package p;\nclass S { static class In { class Deep { native void f(); } } }\n' >"$d/ws/$tag-jp/S.java" &&
                                        { printf 'package p;\nclass Big { native void f(); }\n/*\n'; head -c 98304 /dev/zero | tr '\0' ' '
                                          printf '\n*/\n'; } >"$d/ws/$tag-jp/Big.java" &&
                                        chmod 0644 "$d/ws/$tag-jp/M.java" "$d/ws/$tag-jp/S.java" "$d/ws/$tag-jp/Big.java"
                                for b in landlock bwrap; do
                                        for base in own root; do
                                                # (M and Big in the user's own directory, S in
                                                # root's: a javac's start is slow)
                                                for cls in N J $([ $base = own ] && echo M Big || echo S); do
                                                        lv=hnew
                                                        [ $cls = J ] && lv=dnew
                                                        want=denied:/var/tmp/$tag-jd/$base/$lv:1
                                                        [ $who/$base = nobody/root ] && want=task_failure::1
                                                        status_row "$d/ws" $b read-only "$d/jh.json" javac -h /var/tmp/$tag-jd/$base/hnew/h \
                                                                -d /var/tmp/$tag-jd/$base/dnew/d $tag-jp/$cls.java
                                                        [ $rc -eq 125 ] ||
                                                                check "$who, $b: javac -h H -d D $cls.java (read-only, $base, both missing): ${want%%:*}, $lv ($got)" \
                                                                        test "$got" = "$want"
                                                done
                                                check "$who, $b: ... neither made" test ! -e /var/tmp/$tag-jd/$base/hnew -a ! -e /var/tmp/$tag-jd/$base/dnew
                                        done
                                done
                                rm -rf "$d/ws/p" "$d/ws/$tag-jp/N.java" "$d/ws/$tag-jp/N.class" "$d/ws/$tag-jp/p" "$d/ws/$tag-jp/M.java" \
                                        "$d/ws/$tag-jp/S.java" "$d/ws/$tag-jp/Big.java"
                                # a second javac after one that wrote in the workspace: the line is
                                # the second's (left53: the first's before, task_failure)
                                for b in landlock bwrap; do
                                        for base in own root; do
                                                want=denied:/var/tmp/$tag-jd/$base/new
                                                [ $who/$base = nobody/root ] && want=task_failure:
                                                args=(sh -c "javac -d $tag-jw $tag-jp/J.java && javac -d /var/tmp/$tag-jd/$base/new/out $tag-jp/J.java")
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                        --verdict-json "$d/jd.json" -- "${args[@]}" ) 2>/dev/null
                                                rc=$?
                                                check "$who, $b workspace-write: ${args[*]}: ${want%%:*} (rc=$rc), the first's classes written" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
verdict, path = sys.argv[2].split(":", 1)
assert int(sys.argv[3]) == 1 and o["verdict"] == verdict and [x["path"] for x in o["denials"]] == ([path] if path else []), o
assert os.path.exists(sys.argv[4]), sys.argv[4]' "$d/jd.json" "$want" $rc "$d/ws/$tag-jw/p/J.class"
                                                rm -rf "$d/ws/$tag-jw"
                                        done
                                done
                                check "$who: ... no directory made" test -z "$(find /var/tmp/$tag-jd -mindepth 2)" -a ! -e "$d/ws/$tag-jbuild"
                                rm -rf /var/tmp/$tag-jd "$d/ws/$tag-jp"
                        fi
                        # cmake (3.24 on) that cannot make its build tree prints "CMake Error: Unable
                        # to (re)create the private pkgRedirects directory:" and the name on the next
                        # line, no errno: in nobody's own directory (two levels to make) or, in
                        # read-only mode, the workspace, denied, the name recorded; in root's
                        # directory (the host's refusal), task_failure. Before, all task_failure.
                        # In the workspace in workspace-write: success, the tree made. Run again
                        # on an existing tree, cmake cannot save its cache: "CMake Error: Unable to
                        # open cache file for save. X" after a stale errno (ENOTTY): the tree made
                        # in the workspace, again in read-only mode, denied, X recorded; root's
                        # tree (root-tree; the host's refusal), task_failure. Before, both
                        # task_failure (review50b)
                        if [ $who = nobody ] && command -v cmake >/dev/null; then
                                mkdir -p /var/tmp/$tag-cm/root /var/tmp/$tag-cm/own "$d/ws/$tag-cms" &&
                                        chmod 0755 /var/tmp/$tag-cm /var/tmp/$tag-cm/root &&
                                        chown 65534:65534 /var/tmp/$tag-cm/own &&
                                        printf 'cmake_minimum_required(VERSION 3.10)\nproject(p NONE)\n' > "$d/ws/$tag-cms/CMakeLists.txt" &&
                                        cmake -S "$d/ws/$tag-cms" -B /var/tmp/$tag-cmr/b >/dev/null 2>&1
                                for b in landlock bwrap; do
                                    for where in own root root-tree ws ws-write; do
                                        mode=workspace-write x=/var/tmp/$tag-cm/$where/b/c
                                        case $where in
                                        ws) mode=read-only x=$d/ws/$tag-cmb ;;
                                        ws-write) x=$d/ws/$tag-cmb ;;
                                        root-tree) x=/var/tmp/$tag-cmr/b ;;
                                        esac
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode $mode \
                                                --verdict-json "$d/cm.json" -- cmake -S $tag-cms -B "$x" ) >/dev/null 2>&1
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b: cmake -B $x ($mode): $(case $where in own|ws) echo "denied, the name recorded" ;; ws-write) echo "success" ;; *) echo "the host's refusal, task_failure" ;; esac) (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] in ("root", "root-tree"):
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
elif sys.argv[2] == "ws-write":
    assert o["verdict"] == "success" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[3] + "/CMakeFiles/pkgRedirects"], o' "$d/cm.json" $where "$x"
                                        if [ $where = ws-write ]; then
                                                check "nobody, $b: ... its build tree made in the workspace" test -f "$d/ws/$tag-cmb/CMakeCache.txt"
                                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                        --verdict-json "$d/cm.json" -- cmake -S $tag-cms -B "$x" ) >/dev/null 2>&1
                                                rc=$?
                                                [ $rc -eq 125 ] || check "nobody, $b: cmake -B $x again (read-only): denied, its cache recorded (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [sys.argv[2]], o' "$d/cm.json" "$x/CMakeCache.txt"
                                                rm -rf "$d/ws/$tag-cmb"
                                        fi
                                    done
                                done
                                check "nobody: ... nothing made outside the workspace" \
                                        test -z "$(find /var/tmp/$tag-cm -mindepth 2; ls -d "$d/ws/$tag-cmb" 2>/dev/null)"
                                rm -rf /var/tmp/$tag-cm /var/tmp/$tag-cmr "$d/ws/$tag-cms"
                        fi
                        # git-lfs quotes the stderr of the git it ran, its stdout merged into stderr
                        # ("warning: error running /usr/lib/git-core/git 'config' ...: 'error: could
                        # not lock config file X: <errno text>' 'exit status 255'"): X, not git's own
                        # path (as nobody: a HOME of root's, the host's refusal, read as denied; one of
                        # its own was recorded as git's path)
                        if [ $who = nobody ] && command -v git-lfs >/dev/null; then
                                mkdir -p /var/tmp/$tag-lfs && chown 65534:65534 /var/tmp/$tag-lfs
                                for b in landlock bwrap; do
                                        for home in /etc /var/tmp/$tag-lfs; do
                                                ( cd "$d/ws" && "${NOBODY[@]}" env HOME=$home SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                                        --verdict-json "$d/lfs.json" -- sh -c 'git lfs install 1>&2' ) 2>/dev/null
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                check "nobody, $b: git lfs install 1>&2, HOME $home: $([ $home = /etc ] && echo "the host's refusal, task_failure" || echo "denied, HOME/.gitconfig recorded") (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
if sys.argv[2] == "/etc":
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
else:
    assert o["verdict"] == "denied" and {x["path"] for x in o["denials"]} == {sys.argv[2] + "/.gitconfig"}, o' "$d/lfs.json" $home
                                        done
                                done
                                check "nobody: ... no .gitconfig made" test ! -e /var/tmp/$tag-lfs/.gitconfig -a ! -e /etc/.gitconfig
                                rm -rf /var/tmp/$tag-lfs
                        fi
                        # a login shell reads profiles before its script, and they may move it
                        # (measured: `bash -lc pwd` printed the directory ~/.profile's cd moved to): its
                        # relative names claim no directory. Before: the start directory's, so as nobody
                        # a write the sandbox refused in the workspace the profile moved to read as the
                        # host's refusal of the start directory, root's (task_failure)
                        mkdir -p "$d/lh" "$d/rd/ws" && printf 'cd %s\n' "$d/ws" >"$d/lh/.profile" &&
                                chmod 0755 "$d/lh" "$d/rd" "$d/rd/ws"
                        echo "$d/ws" >"$d/lh/dirs" && printf 'all:\n\ttouch ./%s-xa\n' $tag >"$d/ws/Makefile" &&
                                printf '{"name": "a", "version": "1.0.0", "scripts": {"t": "touch ./%s-np"}}\n' $tag >"$d/ws/package.json"
                        # a shell's script file that moves, run by name and by its #! (read as a -c
                        # script is; before: the start directory's, root's: task_failure as nobody)
                        printf 'cd %s\ntouch ./%s-sf\n' "$d/ws" $tag >"$d/rd/mv.sh" &&
                                printf '#!/bin/sh\ncd %s\ntouch ./%s-sx\n' "$d/ws" $tag >"$d/rd/mv2.sh" &&
                                chmod 0755 "$d/rd/mv.sh" "$d/rd/mv2.sh"
                        # the same as the shells run them: env -S's shell (#!/usr/bin/env -S sh -e),
                        # an alias of cd (dash expands it in a script), commands from stdin
                        printf '#!/usr/bin/env -S sh -e\ncd %s\ntouch ./%s-se\n' "$d/ws" $tag >"$d/rd/mv3.sh" &&
                                printf 'alias go=cd\ngo %s\ntouch ./%s-al\n' "$d/ws" $tag >"$d/rd/al.sh" &&
                                printf 'cd %s\ntouch ./%s-si\n' "$d/ws" $tag >"$d/rd/in.sh" && chmod 0755 "$d/rd/mv3.sh"
                        # a -c script that sources a file that moves, or runs one among other commands
                        printf 'cd %s\n' "$d/ws" >"$d/rd/lib.sh"
                        for b in landlock bwrap; do
                                ( cd "$d/rd" && "${pre[@]}" HOME="$d/lh" SBX_DB="$d/audit.db" "$SBX" run --backend $b \
                                        --mode read-only --verdict-json "$d/lg-$b.json" -- bash -l -c "touch ./$tag-lg" ) 2>/dev/null
                                rc=$?
                                [ $rc -eq 125 ] && continue
                                check "$who, $b read-only: bash -l -c 'touch ./x' whose profile moves: denied, no directory claimed (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], o
assert not os.path.exists(sys.argv[2]) and not os.path.exists(sys.argv[3]), "made"' "$d/lg-$b.json" "$d/ws/$tag-lg" "$d/rd/$tag-lg"
                                # the same where a program sbx does not read runs the command with
                                # words of its own: xargs's -I{} (make -C {}: each line's directory),
                                # find's -exec running a shell that moves (before: the start's)
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/xa-$b.json" -- xargs -a "$d/lh/dirs" -I{} make -C {} ) >/dev/null 2>&1
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/fx-$b.json" -- find "$d/ws" -maxdepth 0 \
                                        -exec sh -c "cd \"\$1\" && touch ./$tag-fx" sh {} + ) 2>/dev/null
                                # unshare's --wd moves the command it runs (measured: `unshare
                                # --wd=/tmp pwd` prints /tmp; it was the start's)
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/un-$b.json" -- unshare --wd="$d/ws" touch ./$tag-un ) 2>/dev/null
                                # a script flock hands its shell (-c), read as a script's text is
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/fl-$b.json" -- flock /dev/null -c "cd '$d/ws' && touch ./$tag-fl" ) 2>/dev/null
                                # CDPATH set by env for the shell: its relative cd searches it first
                                # (`cd ws` entered the workspace, read as the start's ws/, root's)
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/cp-$b.json" -- env CDPATH="$d" sh -c "cd ws && touch ./$tag-cp" ) >/dev/null 2>&1
                                # npm's --prefix runs the package's script there, where npm is installed
                                rm -f "$d/np-$b.json"
                                command -v npm >/dev/null &&
                                        ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                --verdict-json "$d/np-$b.json" -- npm --prefix "$d/ws" --logs-max=0 \
                                                --no-update-notifier run t ) >/dev/null 2>&1
                                check "$who, $b read-only: xargs -I{} make -C {}, find -exec sh -c 'cd \"\$1\" && touch ./x' {} +, unshare --wd=DIR touch ./x, flock F -c 'cd DIR && touch ./x', env CDPATH=D sh -c 'cd ws && touch ./x', npm --prefix DIR run (touch ./x): denied, no directory claimed" "$PY" -c '
import json, os, sys
for n in sys.argv[1:7]:
    if "/np-" in n and not os.path.exists(n):
        continue  # no npm here
    o = json.load(open(n))
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], (n, o)
for p in sys.argv[7:]:
    assert not os.path.exists(p), "made: " + p' "$d/xa-$b.json" "$d/fx-$b.json" "$d/un-$b.json" "$d/fl-$b.json" \
                                        "$d/cp-$b.json" "$d/np-$b.json" "$d/ws/$tag-np" "$d/rd/$tag-np" \
                                        "$d/ws/$tag-xa" "$d/rd/$tag-xa" "$d/ws/$tag-fx" "$d/rd/$tag-fx" \
                                        "$d/ws/$tag-un" "$d/rd/$tag-un" "$d/ws/$tag-fl" "$d/rd/$tag-fl" "$d/ws/$tag-cp" \
                                        "$d/rd/ws/$tag-cp"
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/sf-$b.json" -- sh mv.sh ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/sx-$b.json" -- ./mv2.sh ) 2>/dev/null
                                check "$who, $b read-only: sh FILE and ./FILE (#!/bin/sh) whose text moves into the workspace and touches ./x: denied, no directory claimed" "$PY" -c '
import json, os, sys
for n in sys.argv[1:3]:
    o = json.load(open(n))
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], (n, o)
for p in sys.argv[3:]:
    assert not os.path.exists(p), "made: " + p' "$d/sf-$b.json" "$d/sx-$b.json" "$d/ws/$tag-sf" "$d/rd/$tag-sf" \
                                        "$d/ws/$tag-sx" "$d/rd/$tag-sx"
                                # "-" ends a shell's options as "--" does, and --rcfile takes a word:
                                # the -c script after them is read (before: "-" read as the script,
                                # the start directory's, root's: task_failure as nobody; and no
                                # directory after --rcfile F)
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/sd-$b.json" -- bash -c - "cd '$d/ws' && touch ./$tag-sd" ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/sr-$b.json" -- bash --rcfile /dev/null -c "cd '$d/ws' && touch ./$tag-sr" ) 2>/dev/null
                                check "$who, $b read-only: bash -c - 'cd WS && touch ./x' and bash --rcfile F -c ...: denied, the workspace's x" "$PY" -c '
import json, os, sys
ws, tag = sys.argv[3], sys.argv[4]
for n, t in ((sys.argv[1], "-sd"), (sys.argv[2], "-sr")):
    o = json.load(open(n))
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [ws + "/" + tag + t], (n, o)
    assert not os.path.exists(ws + "/" + tag + t), "made"' "$d/sd-$b.json" "$d/sr-$b.json" "$d/ws" $tag
                                # before: the start directory's, root's: task_failure as nobody
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/se-$b.json" -- ./mv3.sh ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/al-$b.json" -- dash al.sh ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/si-$b.json" -- sh <"$d/rd/in.sh" ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/bs-$b.json" -- bash -c "\\cd '$d/ws' && touch ./$tag-bs" ) 2>/dev/null
                                check "$who, $b read-only: #!/usr/bin/env -S sh -e, dash's alias of cd, sh reading stdin and bash -c '\\cd DIR && touch ./x' that move into the workspace and touch ./x: denied, no directory claimed" "$PY" -c '
import json, os, sys
for n in sys.argv[1:5]:
    o = json.load(open(n))
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], (n, o)
for p in sys.argv[5:]:
    assert not os.path.exists(p), "made: " + p' "$d/se-$b.json" "$d/al-$b.json" "$d/si-$b.json" "$d/bs-$b.json" \
                                        "$d/ws/$tag-se" "$d/rd/$tag-se" "$d/ws/$tag-al" "$d/rd/$tag-al" \
                                        "$d/ws/$tag-si" "$d/rd/$tag-si" "$d/ws/$tag-bs" "$d/rd/$tag-bs"
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/so-$b.json" -- bash -c ". ./lib.sh && touch ./$tag-so" ) 2>/dev/null
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/sm-$b.json" -- bash -c "sh mv.sh && true" ) 2>/dev/null
                                check "$who, $b read-only: bash -c '. ./lib.sh && touch ./x' and bash -c 'sh FILE && true' whose file moves into the workspace (FILE touching ./x): denied, no directory claimed" "$PY" -c '
import json, os, sys
for n in sys.argv[1:3]:
    o = json.load(open(n))
    assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], (n, o)
for p in sys.argv[3:]:
    assert not os.path.exists(p), "made: " + p' "$d/so-$b.json" "$d/sm-$b.json" "$d/ws/$tag-so" "$d/rd/$tag-so" \
                                        "$d/ws/$tag-sf" "$d/rd/$tag-sf"
                                # the words after a -c script, which it runs (eval "$1")
                                ( cd "$d/rd" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                        --verdict-json "$d/ev-$b.json" -- bash -c 'eval "$1"' _ "cd '$d/ws' && touch ./$tag-ev" ) 2>/dev/null
                                check "$who, $b read-only: bash -c 'eval \"\$1\"' _ 'cd DIR && touch ./x' (DIR the workspace): denied, no directory claimed" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [x["path"] for x in o["denials"]] == [None], o
for p in sys.argv[2:]:
    assert not os.path.exists(p), "made: " + p' "$d/ev-$b.json" "$d/ws/$tag-ev" "$d/rd/$tag-ev"
                        done
                        rm -rf "$d/lh" "$d/rd" "$d/ws/Makefile" "$d/ws/package.json"
                        rm -rf "$d/xd" "$shm"
                        # under bwrap the temp area ($TMPDIR) is /dev/shm, a tmpfs of the sandbox's own:
                        # an atomic write made there and moved into the workspace (tempfile, then
                        # os.replace) fails with EXDEV where the host, its TMPDIR on the workspace's
                        # file system, would have made it. A name there that the host's /dev/shm does
                        # not have stands for one in the caller's TMPDIR (here beside the workspace, on
                        # its mount): the sandbox's (before: task_failure). One it has is the host's file
                        # (above: the task's failure).
                        ( cd "$d/ws" && "${pre[@]}" TMPDIR="$d" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                --verdict-json "$d/xd4.json" -- "$PY" -c "import os, tempfile
fd, t = tempfile.mkstemp()
os.write(fd, b'x')
os.replace(t, 'atomic')" ) 2>"$T/err"
                        rc=$?
                        [ $rc -eq 125 ] || check "$who, bwrap workspace-write: os.replace from the temp area into the workspace: denied, the workspace name its path (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denial_lines"] == 1, o
assert o["denials"][0]["path"] == sys.argv[2] + "/atomic", o' "$d/xd4.json" "$d/ws"
                        # Node's recursive mkdir reports bwrap's EROFS as ENOENT: a denial where the host
                        # has the directory it is made in (before: task_failure). Where it lacks it,
                        # the synchronous form of several levels names the deepest, in the text of a
                        # plain mkdirSync in a missing directory: both denied, failing closed (before:
                        # task_failure, the recursive one's refusal lost), but a plain one in a missing
                        # directory of the workspace, where a recursive mkdir would have been allowed:
                        # task_failure
                        if command -v node >/dev/null; then
                                mkdir -p "$d/nd" && [ $who = nobody ] && chown 65534:65534 "$d/nd"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/nd1.json" -- node -e "require('fs').mkdirSync('$d/nd/x', { recursive: true })" ) 2>"$T/err"
                                rc=$?
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/nd2.json" -- node -e "require('fs').mkdirSync('$d/nd/missing/x')" ) 2>>"$T/err"
                                # several levels missing: the asynchronous form names the level refused, the
                                # synchronous one the deepest
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/nd3.json" -- node -e "require('fs').promises.mkdir('$d/nd/a/b/c', { recursive: true })" ) 2>>"$T/err"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/nd4.json" -- node -e "require('fs').mkdirSync('$d/nd/a/b/c', { recursive: true })" ) 2>>"$T/err"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/nd5.json" -- node -e "require('fs').mkdirSync('nd-missing/x')" ) 2>>"$T/err"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode read-only \
                                        --verdict-json "$d/nd6.json" -- node -e "require('fs').mkdirSync('nd-dist/js', { recursive: true })" ) 2>>"$T/err"
                                [ $rc -eq 125 ] || check "$who, bwrap: Node's mkdir outside the workspace (recursive, one level or several; a plain one in a missing directory) and a recursive one of several levels in read-only mode: denied; a plain one in a missing directory of the workspace in workspace-write: task_failure (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1] + "/nd1.json"))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[1] + "/nd/x", o
o = json.load(open(sys.argv[1] + "/nd2.json"))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[1] + "/nd/missing/x", o
o = json.load(open(sys.argv[1] + "/nd3.json"))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[1] + "/nd/a", o
o = json.load(open(sys.argv[1] + "/nd4.json"))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[1] + "/nd/a/b/c", o
o = json.load(open(sys.argv[1] + "/nd5.json"))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
o = json.load(open(sys.argv[1] + "/nd6.json"))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[1] + "/ws/nd-dist/js", o
assert os.listdir(sys.argv[1] + "/nd") == [], "made"
assert not os.path.exists(sys.argv[1] + "/ws/nd-dist") and not os.path.exists(sys.argv[1] + "/ws/nd-missing"), "made"' "$d"
                                rm -rf "$d/nd"
                        fi
                        # as nobody, a file of root's in a directory of root's moved or hard-linked into the
                        # workspace: bwrap's EXDEV comes first, but the host refuses both (the rename
                        # changes the directory, protected_hardlinks wants the file writable): the
                        # task's failure (before: denied), the file where it was
                        if [ $who = nobody ]; then
                                mkdir -p "$T/xr-$tag" && echo r >"$T/xr-$tag/f" && chmod 755 "$T/xr-$tag" && chmod 644 "$T/xr-$tag/f"
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/xr1.json" -- "$PY" -c "import os; os.rename('$T/xr-$tag/f', 'xr')" ) 2>"$T/err"
                                rc=$?
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend bwrap --mode workspace-write \
                                        --verdict-json "$d/xr2.json" -- ln "$T/xr-$tag/f" xr ) 2>>"$T/err"
                                [ $rc -eq 125 ] || check "nobody, bwrap workspace-write: os.rename and ln of a file of root's into the workspace: task_failure, the file where it was (rc=$rc)" "$PY" -c '
import json, os, sys
for n in ("xr1", "xr2"):
    o = json.load(open(sys.argv[1] + "/" + n + ".json"))
    assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert open(sys.argv[2] + "/f").read() == "r\n" and not os.path.exists(sys.argv[3] + "/xr"), "moved"' "$d" "$T/xr-$tag" "$d/ws"
                                # under Landlock shutil.move's os.rename fails with EACCES, "'A' -> 'B'", the
                                # traceback's source line the rename; then the copy's source is not removed
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend landlock --mode workspace-write \
                                        --verdict-json "$d/xr3.json" -- "$PY" -c "import shutil; shutil.move('$T/xr-$tag/f', 'xr3')" ) 2>"$T/err"
                                rc=$?
                                [ $rc -eq 125 ] || check "nobody, landlock workspace-write: shutil.move of a file of root's into the workspace: task_failure, the file where it was (rc=$rc)" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1] + "/xr3.json"))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert open(sys.argv[2] + "/f").read() == "r\n", "moved"' "$d" "$T/xr-$tag"
                                # a -c command shows no source line: os.rename to an absolute name in the
                                # workspace is a rename all the same (a symlink there is not refused, a hard
                                # link is EXDEV), the host refuses to let the file go (before: denied)
                                for b in landlock bwrap; do
                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                                --verdict-json "$d/xr4-$b.json" -- "$PY" -c "import os; os.rename('$T/xr-$tag/f', '$d/ws/xr4')" ) 2>"$T/err"
                                        rc=$?
                                        [ $rc -eq 125 ] || check "nobody, $b workspace-write: python3 -c os.rename of a file of root's to an absolute name in the workspace: task_failure, the file where it was (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "task_failure" and o["denial_lines"] == 0, o
assert open(sys.argv[2] + "/f").read() == "r\n" and not os.path.exists(sys.argv[3] + "/xr4"), "moved"' "$d/xr4-$b.json" "$T/xr-$tag" "$d/ws"
                                done
                                rm -rf "$T/xr-$tag"
                        fi
                        # ... and from a directory of the user's own: the sandbox's refusal, the file outside recorded
                        mkdir -p "$T/xo-$tag" && echo o >"$T/xo-$tag/f" && [ $who = nobody ] && chown -R 65534:65534 "$T/xo-$tag"
                        for b in landlock bwrap; do
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode workspace-write \
                                        --verdict-json "$d/xo-$b.json" -- "$PY" -c "import os; os.rename('$T/xo-$tag/f', '$d/ws/xo')" ) 2>"$T/err"
                                rc=$?
                                [ $rc -eq 125 ] || check "$who, $b workspace-write: python3 -c os.rename of the user's file outside to an absolute name in the workspace: denied, the file recorded and where it was (rc=$rc)" "$PY" -c '
import json, os, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and o["denials"][0]["path"] == sys.argv[2] + "/f", o
assert open(sys.argv[2] + "/f").read() == "o\n" and not os.path.exists(sys.argv[3] + "/xo"), "moved"' "$d/xo-$b.json" "$T/xo-$tag" "$d/ws"
                        done
                        rm -rf "$T/xo-$tag"
                        # read-only mode, nobody: cat of a 0000 file in the workspace is refused by its
                        # bits whatever the sandbox (before: denied under Landlock); its removal, which
                        # the host allows in nobody's directory, is the sandbox's
                        # ro_run NAME BACKEND ARGV...: a read-only run in the workspace, its record in $d/NAME.json
                        ro_run() {
                                local j=$1 b=$2
                                shift 2
                                ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend "$b" --mode read-only \
                                        --verdict-json "$d/$j.json" -- "$@" ) 2>/dev/null
                        }
                        if [ $who = nobody ]; then
                                echo a >"$d/ws/$tag-0" && chown 65534:65534 "$d/ws/$tag-0" && chmod 0000 "$d/ws/$tag-0"
                                for b in landlock bwrap; do
                                        ro_run z1-$b $b cat "$tag-0"
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        ro_run z2-$b $b rm -f "$tag-0"
                                        check "nobody, $b read-only: cat of a 0000 file fails (rc=$rc): task_failure; its rm: denied, the file kept" "$PY" -c '
import json, os, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["verdict"] == "task_failure" and a["denial_lines"] == 0, a
assert b["verdict"] == "denied" and os.path.exists(sys.argv[3]), b' "$d/z1-$b.json" "$d/z2-$b.json" "$d/ws/$tag-0"
                                done
                                # the host's own check includes ACLs (the kernel's, not the mode bits
                                # read by sbx): a directory open to all whose ACL leaves nobody r-x
                                # refuses nobody a new file without sbx too (task_failure; before, any
                                # ACL made sbx read the line as the sandbox's), and one of root's,
                                # 0755, whose ACL gives nobody rwx, allows it: the sandbox's (denied)
                                mkdir -p "/var/tmp/$tag-acl-no" "/var/tmp/$tag-acl-yes"
                                chmod 0777 "/var/tmp/$tag-acl-no" && chmod 0755 "/var/tmp/$tag-acl-yes"
                                if "$PY" - "/var/tmp/$tag-acl-no" "/var/tmp/$tag-acl-yes" <<'ACL'
import os, struct, sys
def acl(nobody_perm):
    # POSIX ACL xattr, version 2: user::rwx user:65534:PERM group::rwx mask::rwx other::(of the mode)
    e = [(0x01, 7, 0xffffffff), (0x02, nobody_perm, 65534), (0x04, 7, 0xffffffff),
         (0x10, 7, 0xffffffff), (0x20, 7, 0xffffffff)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *x) for x in e)
os.setxattr(sys.argv[1], "system.posix_acl_access", acl(5))
yes = acl(7)[:-8] + struct.pack("<HHI", 0x20, 5, 0xffffffff)  # other::r-x, as 0755
os.setxattr(sys.argv[2], "system.posix_acl_access", yes)
ACL
                                then
                                        for b in landlock bwrap; do
                                                ro_run acl1-$b $b touch "/var/tmp/$tag-acl-no/x"
                                                rc=$?
                                                [ $rc -eq 125 ] && continue
                                                ro_run acl2-$b $b touch "/var/tmp/$tag-acl-yes/x"
                                                check "nobody, $b read-only: a new file an ACL refuses: task_failure; one an ACL allows: denied (rc=$rc)" "$PY" -c '
import json, os, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["verdict"] == "task_failure" and a["denial_lines"] == 0, a
assert b["verdict"] == "denied" and b["denial_lines"] == 1, b
assert not os.path.exists(sys.argv[3] + "-no/x") and not os.path.exists(sys.argv[3] + "-yes/x")' \
                                                        "$d/acl1-$b.json" "$d/acl2-$b.json" "/var/tmp/$tag-acl"
                                        done
                                else
                                        echo "note - no POSIX ACLs on /var/tmp here: the ACL check not run"
                                fi
                                rm -rf "/var/tmp/$tag-acl-no" "/var/tmp/$tag-acl-yes"
                                # a change of owner of nobody's own symlink to a file of root's
                                # (chown -h) is the sandbox's refusal, the host allows it (before:
                                # the target's owner was asked alone, task_failure); chmod follows
                                # the link, and root's file refuses it without sbx too
                                ln -sfn /etc/passwd "$d/ws/$tag-lnk" && chown -h 65534:65534 "$d/ws/$tag-lnk"
                                for b in landlock bwrap; do
                                        ro_run lk1-$b $b chown -h 65534:65534 "$tag-lnk"
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        ro_run lk2-$b $b chmod 0600 "$tag-lnk"
                                        check "nobody, $b read-only: chown -h of a link to root's file: denied ($rc)" \
                                                "$PY" -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["verdict"] == "denied" and a["denial_lines"] == 1, a
assert b["verdict"] == "task_failure" and b["denial_lines"] == 0, b' "$d/lk1-$b.json" "$d/lk2-$b.json"
                                done
                                rm -f "$d/ws/$tag-lnk"
                                # a dangling symlink in a directory nobody may not write: a write
                                # through it makes its target, in a directory nobody may write, so
                                # the refusal is the sandbox's (before: the link's own directory
                                # was asked, and the line read as the host's refusal)
                                mkdir -p "$d/ws/$tag-rodir" "/var/tmp/$tag-dl"
                                ln -sfn "/var/tmp/$tag-dl/new" "$d/ws/$tag-rodir/out"
                                chown -h 65534:65534 "$d/ws/$tag-rodir" "$d/ws/$tag-rodir/out" "/var/tmp/$tag-dl"
                                chmod 0555 "$d/ws/$tag-rodir"
                                for b in landlock bwrap; do
                                        ro_run dl-$b $b sh -c "echo x > $tag-rodir/out"
                                        rc=$?
                                        [ $rc -eq 125 ] && continue
                                        check "nobody, $b read-only: a write through a dangling symlink is denied (rc=$rc)" "$PY" -c '
import json, os, sys
a = json.load(open(sys.argv[1]))
assert a["verdict"] == "denied" and a["denial_lines"] == 1, a
assert not os.path.exists(sys.argv[2]), "written"' "$d/dl-$b.json" "/var/tmp/$tag-dl/new"
                                done
                                chmod 0755 "$d/ws/$tag-rodir"
                                rm -rf "/var/tmp/$tag-dl" "$d/ws/$tag-rodir"
                                # a sticky directory (as /tmp) refuses nobody the removal of a file
                                # of root's there, 0644, and its bits any write to it: every write
                                # is the host's refusal (before: denied, the directory being
                                # writable); one of nobody's own there stays the sandbox's
                                mkdir -p "/var/tmp/$tag-sticky" && chmod 1777 "/var/tmp/$tag-sticky"
                                echo a >"/var/tmp/$tag-sticky/root" && chmod 0644 "/var/tmp/$tag-sticky/root"
                                echo a >"/var/tmp/$tag-sticky/mine" && chown 65534:65534 "/var/tmp/$tag-sticky/mine"
                                for b in landlock bwrap; do
                                        for op in "echo x >> F" "rm -f F" "touch F"; do
                                                for f in root mine; do
                                                        ( cd "$d/ws" && "${pre[@]}" SBX_DB="$d/audit.db" "$SBX" run --backend $b --mode read-only \
                                                                --verdict-json "$d/st-$f.json" -- bash -c "${op/F//var/tmp/$tag-sticky/$f}" ) 2>/dev/null
                                                        rc=$?
                                                done
                                                [ $rc -eq 125 ] && continue
                                                check "nobody, $b read-only: '$op' of root's file in a sticky directory: task_failure; of nobody's: denied (rc=$rc)" "$PY" -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a["verdict"] == "task_failure" and a["denial_lines"] == 0, a
assert b["verdict"] == "denied" and b["denial_lines"] == 1, b' "$d/st-root.json" "$d/st-mine.json"
                                        done
                                done
                                check "nobody, read-only: ... both files kept" test -s "/var/tmp/$tag-sticky/root" -a -s "/var/tmp/$tag-sticky/mine"
                                rm -rf "/var/tmp/$tag-sticky"
                        fi
                done
            if not_nobody_part; then
                # a launcher failure inside the ruleset step: no Landlock layer left to stack
                if [ "$depth_ok" -eq 16 ]; then
                        v=()
                        for ((i = 0; i < 16; i++)); do v+=("$L" --mode workspace-write --write "$T" --); done
                        ( cd "$T/ip-ws" && "${v[@]}" "$SBX" run --backend landlock --mode read-only \
                                --verdict-json "$T/ip2.json" -- touch "$T/ip-ws/never" ) 2>"$T/err"
                        rc=$?
                        check "in-process, 17th layer: exit 125 and the command never ran (rc=$rc)" \
                                test $rc -eq 125 -a ! -e "$T/ip-ws/never"
                        check "in-process, 17th layer: the launcher names E2BIG" grep -q '^sbx-landlock: .*too many stacked' "$T/err"
                        check "in-process, 17th layer: runner_failure" grep -q '"verdict": *"runner_failure"' "$T/ip2.json"
                fi
            fi
        fi
else
        bad "SBX is not set: the sbx run checks cannot run"
fi

# (the launcher's rows again: the root part's)
if not_nobody_part; then

# ---- --wait-fd: the command runs only after the go-ahead "G" (sbx writes it once the audit row
# is committed); end of file or any other byte and it never runs
L=$SBX_LANDLOCK_EXE
rm -f "$T/gate-marker"
echo G | ( "$L" --mode read-only --wait-fd 5 -- sh -c "echo ran > /dev/null; exit 7" 5<&0 ) 2>/dev/null
rc=$?
check "--wait-fd: released by 'G', the command runs (rc=$rc)" test $rc -eq 7
for feed in "printf ''" "echo X"; do
        $feed | ( "$L" --mode workspace-write --write "$T" --wait-fd 5 -- touch "$T/gate-marker" 5<&0 ) 2>"$T/err"
        rc=$?
        check "--wait-fd: not released ($feed): exit 125, the command never ran (rc=$rc)" \
                test $rc -eq 125 -a ! -e "$T/gate-marker"
        check "--wait-fd: ... and the launcher says why" grep -q '^sbx-landlock: the run was not released' "$T/err"
done
# ---- --lifeline-fd: a pipe the caller holds open while it lives; once its write end is closed
# (the caller died), the released command never starts. --close-fd: the command never gets it.
rm -f "$T/life-marker"
# the read end of a fresh pipe whose write end this shell holds, at fd 6 of the launcher
mkfifo "$T/life-fifo"
exec 8<>"$T/life-fifo" # keeps the fifo open for writing while the launcher opens it for reading
echo G | ( "$L" --mode workspace-write --write "$T" --wait-fd 5 --lifeline-fd 6 --close-fd 9 -- \
        sh -c 'test ! -e /proc/self/fd/9 && test ! -e /proc/self/fd/6 && touch "$1"' sh "$T/life-marker" \
        5<&0 6<"$T/life-fifo" 9</dev/null ) 2>"$T/err"
rc=$?
check "--lifeline-fd: the caller alive, the released command runs without fds 6 and 9 (rc=$rc)" \
        test $rc -eq 0 -a -e "$T/life-marker"
exec 8>&-
rm -f "$T/life-marker"
# the caller gone: every write end closed (fd 6, a pipe whose writer has exited)
( : ) | {
        exec 6<&0
        sleep 0.2
        echo G | "$L" --mode workspace-write --write "$T" --wait-fd 5 --lifeline-fd 6 -- touch "$T/life-marker" 5<&0
} 2>"$T/err"
rc=$?
check "--lifeline-fd: the caller gone, the released command never starts: exit 125 (rc=$rc)" \
        test $rc -eq 125 -a ! -e "$T/life-marker"
check "--lifeline-fd: ... and the launcher says why" grep -q '^sbx-landlock: the caller is gone' "$T/err"
# a pidfd (what sbx run passes where the kernel has them): of a live caller, the command runs; of
# one that has exited, it never starts
rm -f "$T/life-marker"
python3 - "$L" "$T" <<'PY' 2>"$T/err"
import os, subprocess, sys
L, T = sys.argv[1:3]
def launch(pidfd):
    r, w = os.pipe()
    os.write(w, b"G")
    os.close(w)
    return subprocess.run([L, "--mode", "workspace-write", "--write", T, "--wait-fd", str(r), "--lifeline-fd",
                           str(pidfd), "--", "sh", "-c", 'touch "$1"', "sh", T + "/life-marker"],
                          pass_fds=(r, pidfd)).returncode
alive = launch(os.pidfd_open(os.getpid()))
ok = alive == 0 and os.path.exists(T + "/life-marker")
os.unlink(T + "/life-marker")
child = subprocess.Popen(["true"])
fd = os.pidfd_open(child.pid)
child.wait()
gone = launch(fd)
sys.exit(0 if ok and gone == 125 and not os.path.exists(T + "/life-marker") else 1)
PY
rc=$?
check "--lifeline-fd as a pidfd: runs while the caller lives, never once it has exited (rc=$rc)" test $rc -eq 0
check "--lifeline-fd as a pidfd: ... and the launcher says why" grep -q '^sbx-landlock: the caller is gone' "$T/err"
"$L" --mode read-only --lifeline-fd 2x -- true 2>"$T/err"
rc=$?
check "--lifeline-fd with a bad number: usage error, exit 125 (rc=$rc)" \
        test $rc -eq 125 && grep -q 'lifeline-fd needs a file descriptor number' "$T/err"
"$L" --mode read-only --close-fd 250 -- true 2>"$T/err"
rc=$?
check "--close-fd of a descriptor that is not open: refused, exit 125 (rc=$rc)" test $rc -eq 125

# a --write directory that is (or passes through) a symlink: one was swapped in after sbx resolved
# the workspace, and the grant would land elsewhere
mkdir -p "$T/real-ws"
ln -sfn "$T/real-ws" "$T/link-ws"
"$L" --mode workspace-write --write "$T/link-ws" -- touch "$T/real-ws/through-link" 2>"$T/err"
rc=$?
check "--write through a symlink is refused (rc=$rc) and nothing ran" test $rc -eq 125 -a ! -e "$T/real-ws/through-link"

# workspace-write: chmod works, but never sets a set-user-ID or set-group-ID bit, anywhere
mkdir -p "$T/suid-ws"
touch "$T/suid-ws/prog"
"$L" --mode workspace-write --write "$T/suid-ws" -- sh -c "chmod 755 '$T/suid-ws/prog'" 2>/dev/null
check "workspace-write: a plain chmod in the workspace works" test "$(stat -c %a "$T/suid-ws/prog")" = 755
for m in 4755 2755 6755; do
        "$L" --mode workspace-write --write "$T/suid-ws" -- chmod "$m" "$T/suid-ws/prog" 2>/dev/null
        rc=$?
        check "workspace-write: chmod $m is refused (rc=$rc) and the mode stays 755" \
                test $rc -ne 0 -a "$(stat -c %a "$T/suid-ws/prog")" = 755
done
"$L" --mode workspace-write --write "$T/suid-ws" -- python3 -c "import os; os.chmod('$T/suid-ws/prog', 0o4755)" 2>/dev/null
check "workspace-write: os.chmod(..., 0o4755) is refused too" test "$(stat -c %a "$T/suid-ws/prog")" = 755

# ---- signals (ABI 6+): the command may not signal a process outside its sandbox -----------------
# Without a pid namespace it could otherwise kill its supervisor (the verdict would go unrecorded),
# the audit writer or any process of its user. Its own children it still signals.
ABI=$("$PY" -c 'import ctypes; print(ctypes.CDLL(None, use_errno=True).syscall(444, None, 0, 1))')
signal_suite() { # signal_suite LABEL [RUNAS...]
        local who=$1 victim rc
        shift
        "$@" sleep 60 &
        victim=$!
        "$@" "$L" --mode read-only -- sh -c "kill $victim" 2>/dev/null
        rc=$?
        check "$who: a process outside the sandbox cannot be signalled from inside (rc=$rc)" \
                bash -c "[ $rc -ne 0 ] && kill -0 $victim"
        "$@" "$L" --mode workspace-write --write "$T" -- sh -c 'kill -0 $PPID' 2>/dev/null
        rc=$?
        check "$who: nor the launcher's parent (rc=$rc)" test $rc -ne 0
        "$@" "$L" --mode read-only -- sh -c 'sleep 60 & kill $! && wait $!; [ $? -eq 143 ]'
        check "$who: the command still signals its own children" test $? -eq 0
        kill "$victim" 2>/dev/null
        wait "$victim" 2>/dev/null
}
# resource limits (the seccomp filter, every ABI): without a pid namespace the command could set
# another process's limits, its supervisor's among them
limits_suite() { # limits_suite LABEL [RUNAS...]
        local who=$1 victim rc out
        shift
        "$@" sleep 60 &
        victim=$!
        "$@" "$L" --mode read-only -- prlimit --pid "$victim" --nofile=3:3 2>/dev/null
        rc=$?
        check "$who: the command cannot set an outside process's resource limits (rc=$rc)" \
                bash -c "[ $rc -ne 0 ] && grep -q '^Max open files' /proc/$victim/limits && ! grep -Eq '^Max open files +3 +3 ' /proc/$victim/limits"
        out=$("$@" "$L" --mode read-only -- sh -c 'prlimit --pid $$ --nofile >/dev/null && echo read-ok; prlimit --nofile=64:64 sh -c "ulimit -n"' 2>&1)
        check "$who: it still reads limits and sets its own" test "$out" = "$(printf 'read-ok\n64')"
        kill "$victim" 2>/dev/null
        wait "$victim" 2>/dev/null
}
# tamper LABEL SCRIPT LINE...: `sbx run` of a command (sh -c SCRIPT) that goes for its supervisor:
# sbx survives it, exits 0 and records the verdict success; the command printed each LINE
mkdir -p "$T/sig-ws"
tamper() {
        local label=$1 script=$2 rc line printed=yes
        shift 2
        rm -f "$T/tamper.json"
        ( cd "$T/sig-ws" && "$SBX" run --backend landlock --mode workspace-write --db "$T/sig.db" \
                --verdict-json "$T/tamper.json" -- sh -c "$script" ) >"$T/tamper.out" 2>/dev/null
        rc=$?
        for line in "$@"; do
                grep -qx -- "$line" "$T/tamper.out" || printed=no
        done
        check "sbx run: $label (rc=$rc, $(head -1 "$T/tamper.out"))" \
                bash -c "[ $rc -eq 0 ] && [ $printed = yes ] && grep -q '\"verdict\": *\"success\"' '$T/tamper.json'"
}
# abstract unix sockets (ABI 6+): a listener outside the sandbox is out of reach (EPERM), as a
# host service's in the abstract namespace, which has no file to govern and no permission bits
# (any user's command reached root's listener); one of the command's own still connects. Before,
# the host's listener took a line from every run (escape review 52).
cat >"$T/abstract.py" <<'PY'
import socket, sys
name = "\0" + sys.argv[1]
out = []
try:
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect(name)
    c.send(b"from-the-sandbox\n")
    out.append("host-connected")
except OSError as e:
    out.append("host " + e.strerror)
own = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
own.bind(name + "-own")
own.listen(1)
c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
c.connect(name + "-own")
out.append("own-connected")
print(" ".join(out))
PY
abstract_suite() { # abstract_suite LABEL [RUNAS...]
        local who=$1 name="sbx-ll-abstract-$$-$1" out got
        shift
        : >"$T/abstract-$who.got"
        "$PY" -c 'import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind("\0" + sys.argv[1]); s.listen(4)
with open(sys.argv[2], "ab", buffering=0) as f:
    f.write(b"")
    while True:
        c, _ = s.accept()
        f.write(c.recv(100))' "$name" "$T/abstract-$who.got" &
        local listener=$!
        for _ in $(seq 100); do grep -q "@$name\$" /proc/net/unix && break; sleep 0.05; done
        for m in read-only workspace-write; do
                out=$("$@" "$L" --mode $m $([ $m = workspace-write ] && echo --write "$T") -- \
                        "$PY" "$T/abstract.py" "$name" 2>&1)
                check "$who, $m: a host's abstract unix socket is out of reach, the command's own is not ($out)" \
                        test "$out" = "host Operation not permitted own-connected"
        done
        sleep 0.2 # what a connection sent, read before the listener ends
        kill "$listener"
        wait "$listener" 2>/dev/null
        got=$(cat "$T/abstract-$who.got")
        check "$who: the host's listener got nothing ('$got')" test -z "$got"
}
if [ "${ABI:-0}" -ge 6 ]; then
        signal_suite root
        has_nobody && signal_suite nobody "${NOBODY[@]}"
        abstract_suite root
        has_nobody && abstract_suite nobody "${NOBODY[@]}"
        if [ -n "$SBX" ] && [ -x "$SBX" ]; then
                tamper "the command cannot kill its supervisor, which records the verdict" \
                        'kill -KILL $PPID; echo survived' survived
        fi
else
        echo "note - Landlock ABI ${ABI:-?} < 6: no signal scoping to check"
fi
limits_suite root
has_nobody && limits_suite nobody "${NOBODY[@]}"
if [ -n "$SBX" ] && [ -x "$SBX" ]; then
        # a CPU limit of 0 s would kill sbx (SIGKILL at the hard limit) before it records anything
        # (the seccomp filter, every ABI)
        tamper "the command cannot set its supervisor's resource limits" \
                'prlimit --pid $PPID --cpu=0:0; echo "prlimit rc=$?"; sleep 1.2; echo survived' 'prlimit rc=1' survived
        # nor trace it (Landlock itself: no ptrace of a process outside the domain); the
        # same attach from an unconfined run works, as the control
        cat >"$T/attach.py" <<'PY'
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
ppid = os.getppid()
r = libc.ptrace(16, ppid, 0, 0)  # PTRACE_ATTACH
print("attach", "ok" if r == 0 else errno.errorcode.get(ctypes.get_errno(), "?"))
if r == 0:
    os.waitpid(ppid, 0x40000000)  # __WALL: the stop
    libc.ptrace(17, ppid, 0, 0)   # PTRACE_DETACH
PY
        confined=$(cd "$T/sig-ws" && "$SBX" run --backend landlock --mode workspace-write --db "$T/sig.db" -- "$PY" "$T/attach.py" 2>&1)
        unconfined=$(cd "$T/sig-ws" && "$SBX" run --mode danger-full-access --db "$T/sig.db" -- "$PY" "$T/attach.py" 2>&1)
        check "sbx run: the command cannot ptrace its supervisor ($confined; unconfined: $unconfined)" \
                test "$confined" = "attach EPERM"
        [ "$unconfined" = "attach ok" ] ||
                echo "note - the unconfined control could not attach either (Yama ptrace_scope?): the check above proves less here"
fi

# ---- the file system's encryption keyring and ext4's inode generation -------------------
# Any fd on an ext4 file system with the encrypt feature, even one opened for reading, reaches its
# keyring: removing the user's key (FS_IOC_REMOVE_ENCRYPTION_KEY) locks their encrypted
# directories on the host, and a key added stays until unmount. Both modes refuse both. Without
# metadata_csum ext4 also changes an inode's generation (EXT4_IOC_SETVERSION) through such an fd:
# read-only refuses it. Checked on the host, as root and as nobody, on a loop-mounted image, under
# the launcher and (when usable) under the bwrap backend, whose filter refuses them too.
cat >"$T/fskey.py" <<'PY'
import errno, fcntl, os, struct, sys
op, path = sys.argv[1], sys.argv[2]
fd = os.open(path, os.O_RDONLY)
def ioc(cmd, buf):
    try:
        fcntl.ioctl(fd, cmd, buf)
        return "ok"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
def spec(ident):  # struct fscrypt_key_specifier, FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER
    return struct.pack("<II", 2, 0) + bytes.fromhex(ident) + bytes(16)
if op == "add":  # FS_IOC_ADD_ENCRYPTION_KEY, a raw 64-byte key of bytes sys.argv[3] (decimal)
    buf = bytearray(struct.pack("<II", 2, 0) + bytes(32) + struct.pack("<II", 64, 0) + bytes(32) +
                    bytes([int(sys.argv[3])]) * 64)
    r = ioc(0xc0506617, buf)
    print("add", r, buf[8:24].hex() if r == "ok" else "-")
elif op == "remove":  # FS_IOC_REMOVE_ENCRYPTION_KEY: the caller's claim
    print("remove", ioc(0xc0406618, bytearray(spec(sys.argv[3]) + bytes(24))))
elif op == "status":  # FS_IOC_GET_ENCRYPTION_KEY_STATUS: 1 absent, 2 present
    buf = bytearray(spec(sys.argv[3]) + bytes(88))
    r = ioc(0xc080661a, buf)
    print("status", r, struct.unpack_from("<I", buf, 64)[0])
elif op == "policy":  # FS_IOC_SET_ENCRYPTION_POLICY, v2: AES-256-XTS, AES-256-CTS, pad 32
    print("policy", ioc(0x800c6613, bytearray(bytes([2, 1, 4, 3]) + bytes(4) + bytes.fromhex(sys.argv[3]))))
elif op == "salt":  # FS_IOC_GET_ENCRYPTION_PWSALT: ext4 stores a new salt when it has none
    print("salt", ioc(0x40106614, bytearray(16)))
elif op == "policy1":  # FS_IOC_SET_ENCRYPTION_POLICY, v1: needs no key
    print("policy1", ioc(0x800c6613, bytearray(bytes([0, 1, 4, 0]) + b"\x11" * 8)))
elif op == "setversion":  # EXT4_IOC_SETVERSION
    print("setversion", ioc(0x40086604, bytearray(struct.pack("<q", 12345))))
PY
fskey_suite() { # fskey_suite LABEL MNT KEYBYTE [RUNAS...]
        local who=$1 mnt=$2 kb=$3
        shift 3
        local -a as=("$@")
        local d="$mnt/$who" id id2 m out gen
        mkdir "$d" && echo data >"$d/plain" && [ ${#as[@]} -gt 0 ] && chown -R 65534:65534 "$d"
        id=$("${as[@]}" "$PY" "$T/fskey.py" add "$d/plain" "$kb" | sed -n 's/^add ok //p')
        if [ -z "$id" ] || [ "$("${as[@]}" "$PY" "$T/fskey.py" policy "$d/plain" "$id")" != "policy ENOTDIR" ]; then
                bad "$who: setting up an encrypted directory on the image (key '$id')"
                return
        fi
        "${as[@]}" mkdir "$d/enc" && "${as[@]}" "$PY" "$T/fskey.py" policy "$d/enc" "$id" >/dev/null &&
                "${as[@]}" sh -c "echo secret > '$d/enc/secret'"
        # a second key, added and removed on the host, to learn its identifier
        id2=$("${as[@]}" "$PY" "$T/fskey.py" add "$d/plain" "$((kb + 1))" | sed -n 's/^add ok //p')
        "${as[@]}" "$PY" "$T/fskey.py" remove "$d/plain" "$id2" >/dev/null
        # bubblewrap's namespaces do not separate that keyring either: the same filter there
        # (no audit writer for these runs: it would stay on the image after them and keep it busy)
        mkdir "$mnt/$who-db" && [ ${#as[@]} -gt 0 ] && chown 65534:65534 "$mnt/$who-db"
        for b in landlock bwrap; do
                [ "$b" = bwrap ] && ! { [ -n "$SBX" ] && [ -x "$SBX" ] &&
                        (cd "$d" && "${as[@]}" env SBX_AUDIT_WRITER=off SBX_DB="$mnt/$who-db/audit.db" HOME="$mnt/$who-db" \
                                "$SBX" run --backend bwrap --mode read-only -- true) >/dev/null 2>&1; } && continue
                for m in read-only workspace-write; do
                        local -a run=("${as[@]}" "$L" --mode "$m")
                        [ "$m" = workspace-write ] && run+=(--write "$d")
                        [ "$b" = bwrap ] && run=("${as[@]}" env SBX_AUDIT_WRITER=off SBX_DB="$mnt/$who-db/audit.db" HOME="$mnt/$who-db" \
                                "$SBX" run --backend bwrap --mode "$m" --root "$d")
                        out=$(cd "$d" && "${run[@]}" -- "$PY" "$T/fskey.py" remove "$d/plain" "$id" 2>&1)
                        check "$b $who $m: removing the user's key of the file system is refused ($out)" \
                                test "$out" = "remove EACCES"
                        check "$b $who $m: ... and the encrypted directory stays unlocked on the host" \
                                test "$("${as[@]}" cat "$d/enc/secret" 2>/dev/null)" = secret
                        out=$(cd "$d" && "${run[@]}" -- "$PY" "$T/fskey.py" add "$d/plain" "$((kb + 1))" 2>&1)
                        check "$b $who $m: adding a key to the file system is refused ($out)" test "$out" = "add EACCES -"
                        check "$b $who $m: ... and the host's file system has no such key" \
                                test "$("$PY" "$T/fskey.py" status "$d/plain" "$id2")" = "status ok 1"
                        # an empty directory outside the workspace, given a policy with no key
                        mkdir "$mnt/$who-empty-$b-$m" && [ ${#as[@]} -gt 0 ] && chown 65534:65534 "$mnt/$who-empty-$b-$m"
                        out=$(cd "$d" && "${run[@]}" -- "$PY" "$T/fskey.py" policy1 "$mnt/$who-empty-$b-$m" 2>&1)
                        check "$b $who $m: an encryption policy on an empty directory outside is refused ($out)" \
                                test "$(lsattr -d "$mnt/$who-empty-$b-$m" | cut -c10)" = -
                done
        done
        gen=$(lsattr -v "$d/plain" | cut -d' ' -f1)
        out=$("${as[@]}" "$L" --mode read-only -- "$PY" "$T/fskey.py" setversion "$d/plain" 2>&1)
        check "$who read-only: EXT4_IOC_SETVERSION is refused ($out) and the generation unchanged" \
                test "$out" = "setversion EACCES" -a "$(lsattr -v "$d/plain" | cut -d' ' -f1)" = "$gen"
}
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null && command -v lsattr >/dev/null &&
        [ -e /sys/fs/ext4/features/encryption ] && truncate -s 32M "$T/fskey.img" &&
        mkfs.ext4 -q -O encrypt,^metadata_csum "$T/fskey.img" && mkdir "$T/fskey" &&
        mount -o loop "$T/fskey.img" "$T/fskey" 2>/dev/null; then
        chmod 755 "$T/fskey"
        # the superblock has no salt yet: read-only may not make one
        echo data >"$T/fskey/salt" && sync
        out=$("$L" --mode read-only -- "$PY" "$T/fskey.py" salt "$T/fskey/salt" 2>&1)
        sync
        check "read-only: FS_IOC_GET_ENCRYPTION_PWSALT is refused ($out) and the superblock has no salt" \
                test "$out" = "salt EACCES" -a -z "$(dumpe2fs -h "$T/fskey.img" 2>/dev/null | grep -i 'PW Salt')"
        fskey_suite root "$T/fskey" 90
        fskey_suite nobody "$T/fskey" 106 "${NOBODY[@]}"
        check "the file-system image is unmounted after its checks (nothing left in it)" umount "$T/fskey"
else
        echo "note - no root, mkfs.ext4, lsattr, loop mount or ext4 encryption: file-system keyring checks not applicable"
fi

# ---- btrfs subvolumes -----------------------------------------------------------------------
# BTRFS_IOC_SUBVOL_CREATE and SNAP_CREATE make a directory (a subvolume) in the directory whose fd
# they get, and Landlock never sees it: both modes refuse them (and their removal, and making a
# subvolume read-only). Checked on the host on a loop-mounted btrfs image, as root and as nobody.
btrfs_suite() { # btrfs_suite LABEL MNT [RUNAS...]
        local who=$1 mnt=$2
        shift 2
        local -a as=("$@")
        local d="$mnt/$who" m
        mkdir -p "$d/ws" "$d/out" && [ ${#as[@]} -gt 0 ] && chown -R 65534:65534 "$d"
        "${as[@]}" btrfs -q subvolume create "$d/src" >/dev/null 2>&1 && "${as[@]}" sh -c "echo data > '$d/src/f'"
        for m in read-only workspace-write; do
                local -a run=("${as[@]}" "$L" --mode "$m")
                [ "$m" = workspace-write ] && run+=(--write "$d/ws")
                "${run[@]}" -- btrfs subvolume create "$d/out/sub-$m" >/dev/null 2>&1
                check "$who $m: no btrfs subvolume made outside the workspace" test ! -e "$d/out/sub-$m"
                "${run[@]}" -- btrfs subvolume snapshot "$d/src" "$d/out/snap-$m" >/dev/null 2>&1
                check "$who $m: no btrfs snapshot made outside the workspace" test ! -e "$d/out/snap-$m"
        done
        "${as[@]}" "$L" --mode workspace-write --write "$d/ws" -- btrfs subvolume create "$d/ws/sub" >/dev/null 2>&1
        check "$who workspace-write: nor inside it (a filter cannot tell the workspace apart)" test ! -e "$d/ws/sub"
        "${as[@]}" "$L" --mode workspace-write --write "$d/ws" -- sh -c "cp --reflink=auto '$d/src/f' '$d/ws/copy'"
        check "$who workspace-write: cp --reflink=auto into the workspace still works" grep -qx data "$d/ws/copy"
}
if [ "$(id -u)" = 0 ] && command -v mkfs.btrfs >/dev/null && grep -qw btrfs /proc/filesystems &&
        truncate -s 128M "$T/btrfs.img" && mkfs.btrfs -q "$T/btrfs.img" >/dev/null 2>&1 && mkdir "$T/btrfs" &&
        mount -o loop "$T/btrfs.img" "$T/btrfs" 2>/dev/null; then
        chmod 755 "$T/btrfs"
        btrfs_suite root "$T/btrfs"
        btrfs_suite nobody "$T/btrfs" "${NOBODY[@]}"
        umount "$T/btrfs"
else
        echo "note - no root, mkfs.btrfs (btrfs-progs), btrfs or loop mount: btrfs subvolume checks not applicable"
fi

# ---- a Linux virtual console as the controlling terminal ------------------------------------
# Its own ioctls (KD*, VT_*) would change the console beyond the run: the keyboard mode (K_OFF: no
# keyboard), keymap, font; both modes refuse them (EPERM). Root only: the spare console 63 is made
# the command's controlling terminal, and checked from the host afterwards.
cat >"$T/vt.py" <<'PY'
import array, errno, fcntl, os, sys, termios
KDGKBMODE, KDSKBMODE, K_OFF = 0x4B44, 0x4B45, 4
def mode(fd):
    m = array.array("i", [0])
    fcntl.ioctl(fd, KDGKBMODE, m, True)
    return m[0]
if sys.argv[1] == "ctty":  # run ARGV... with the console as controlling terminal and stdin
    os.setsid()
    fd = os.open(sys.argv[2], os.O_RDWR)
    fcntl.ioctl(fd, termios.TIOCSCTTY, 1)
    os.dup2(fd, 0)
    os.execvp(sys.argv[3], sys.argv[3:])
elif sys.argv[1] == "mode":  # the console's keyboard mode, or set it (host side)
    fd = os.open(sys.argv[2], os.O_RDWR | os.O_NOCTTY)
    if len(sys.argv) > 3:
        fcntl.ioctl(fd, KDSKBMODE, int(sys.argv[3]))
    print(mode(fd))
else:  # inside: turn the keyboard of the controlling terminal off
    try:
        fcntl.ioctl(0, KDSKBMODE, K_OFF)
        print("kbmode ok")
    except OSError as e:
        print("kbmode", errno.errorcode.get(e.errno, e.errno))
PY
VT=/dev/tty63
if [ "$(id -u)" = 0 ] && [ -c "$VT" ] && vt_mode=$("$PY" "$T/vt.py" mode "$VT" 2>/dev/null) && [ "$vt_mode" != 4 ]; then
        for m in read-only workspace-write; do
                run=("$L" --mode "$m")
                [ "$m" = workspace-write ] && run+=(--write "$T")
                out=$("$PY" "$T/vt.py" ctty "$VT" "${run[@]}" -- "$PY" "$T/vt.py" inner 2>&1)
                now=$("$PY" "$T/vt.py" mode "$VT")
                check "$m: a virtual console's KDSKBMODE is refused ($out) and its keyboard mode unchanged ($now)" \
                        test "$out" = "kbmode EPERM" -a "$now" = "$vt_mode"
                [ "$now" != "$vt_mode" ] && "$PY" "$T/vt.py" mode "$VT" "$vt_mode" >/dev/null
        done
else
        echo "note - not root or no spare virtual console ($VT): console ioctl checks not applicable"
fi

# ---- /dev: device nodes do not open, for reading either -----------------------------------
# Their open may act on the host (a hardware watchdog starts counting down, a serial port raises
# its modem lines; redteam review: /dev/ttyS0 and /dev/kvm opened in a read-only run as root). The
# nodes this user can open without sbx must be refused with EACCES in both modes; what a command
# reads there still opens: /dev/urandom, /dev/random, /dev/null, a listing of /dev and /dev/shm.
cat >"$T/devopen.py" <<'PY'
import errno, os, sys
for p in sys.argv[1:]:
    try:
        os.close(os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY))
        print(p, "open")
    except OSError as e:
        print(p, errno.errorcode.get(e.errno, e.errno))
PY
chmod 644 "$T/devopen.py"
DEVS=(/dev/kmsg /dev/kvm /dev/loop-control /dev/ttyS0 /dev/tty0 /dev/console /dev/fuse /dev/net/tun /dev/cpu_dma_latency
        /dev/rtc0 /dev/watchdog)
for who in "${WHO[@]}"; do
        as=()
        [ "$who" = nobody ] && as=("${NOBODY[@]}")
        mapfile -t opens < <("${as[@]}" "$PY" "$T/devopen.py" "${DEVS[@]}" | awk '$2 == "open" { print $1 }')
        for m in read-only workspace-write; do
                run=("${as[@]}" "$L" --mode "$m")
                [ "$m" = workspace-write ] && run+=(--write "$T")
                if [ ${#opens[@]} -gt 0 ]; then
                        out=$("${run[@]}" -- "$PY" "$T/devopen.py" "${opens[@]}" 2>&1)
                        check "$who, $m: the device nodes that open without sbx (${opens[*]}) are refused: $(echo $out)" \
                                test -z "$(grep -v ' EACCES$' <<<"$out")" -a "$(grep -c ' EACCES$' <<<"$out")" = ${#opens[@]}
                else
                        echo "note - $who: none of ${DEVS[*]} opens here without sbx: nothing to refuse"
                fi
                out=$("${run[@]}" -- sh -c 'head -c 4 /dev/urandom | wc -c; head -c 4 /dev/random | wc -c;
                        echo x >/dev/null && echo null; ls /dev | grep -c "^null$"; ls /dev/shm >/dev/null && echo shm' 2>&1)
                check "$who, $m: /dev/urandom, /dev/random, /dev/null, /dev's and /dev/shm's listings still serve ($(echo $out))" \
                        test "$(echo $out)" = "4 4 null 1 shm"
        done
done

if [ "$(id -u)" = 0 ]; then
        "$L" --seal-mounts -- true 2>"$T/err"
        rc=$?
        check "--seal-mounts outside a sandbox's user namespace refuses (rc=$rc): it would remount the host's mounts" \
                test $rc -eq 125
fi

fi
echo "$checks checks, $fails failed"
[ $fails -eq 0 ]
