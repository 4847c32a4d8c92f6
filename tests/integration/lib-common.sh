# Shared helpers of the integration tests (source it: . "$(dirname "$0")/lib-common.sh").
#
# Reporting: one line per check, TAP style ("ok N - what" / "not ok N - what"), and a final
# "N passed, N failed" line from t_finish, whose status is 1 when anything failed. A script
# whose host requirement is missing calls t_skip_all REASON (exit 77: meson SKIP).
#
# Host state: t_fp PATH prints a fingerprint of PATH without following a final symlink
# (type, mode, owner, size, mtime, ctime, inode, links, content hash or link target, every
# extended attribute, the inode flags, a directory's entry names); "ABSENT" when nothing is there.
# Two equal fingerprints mean the host saw no file effect on PATH (atime is left out: reads
# are allowed).

T_PASSED=0
T_FAILED=0
T_NUM=0

# The tests make their files and directories with the modes they then count on (a directory that
# nobody may search, a database directory no one else may write): under the caller's umask (a CI
# machine's 077 or 000) they were 0700 or world-writable, and sbx rightly refused or could not
# reach them. What sbx does under another umask is checked by rows that set it (fail-closed.sh's
# umask 0777 and 0277, self-protection.sh's config directory).
umask 022

t_ok() {
        T_NUM=$((T_NUM + 1))
        T_PASSED=$((T_PASSED + 1))
        echo "ok $T_NUM - $*"
}

t_not_ok() {
        T_NUM=$((T_NUM + 1))
        T_FAILED=$((T_FAILED + 1))
        echo "not ok $T_NUM - $*"
}

# t_check DESCRIPTION COMMAND...: ok when COMMAND succeeds. (Its local has a name no test uses:
# COMMAND, an eval or a function, sees the caller's variables, $d among them, as they are.)
t_check() {
        local t_check_what=$1
        shift
        if "$@"; then t_ok "$t_check_what"; else t_not_ok "$t_check_what"; fi
}

# t_diag TEXT...: a comment line (not a check).
t_diag() {
        echo "# $*"
}

t_skip_all() {
        echo "1..0 # SKIP $*"
        exit 77
}

t_finish() {
        echo "$T_PASSED passed, $T_FAILED failed"
        [ "$T_FAILED" -eq 0 ]
}

# t_require_sbx: $SBX must be an executable; sets SBX_BIN.
t_require_sbx() {
        SBX_BIN=${SBX:?SBX is not set (path to the built sbx)}
        if [ ! -x "$SBX_BIN" ]; then
                echo "not ok - SBX=$SBX_BIN is not executable"
                exit 1
        fi
}

# T_SUITE: the suite's mark in the names of the directories its tests make in shared places (s and
# five digits of a checksum of the source tree's path; .ci/after-suite makes the same): after the
# suite, .ci/after-suite counts what carries its own tree's mark and leaves out what carries
# another's, the directories of another clone's suite still running beside.
T_SUITE=$( (cd "${SBX_SOURCE_ROOT:-$(dirname "${BASH_SOURCE[0]}")/../..}" 2>/dev/null && pwd -P) | cksum | cut -d' ' -f1)
T_SUITE=s$(printf '%05d' $((T_SUITE % 100000)))
# T_MARK: the digits that make the marks of the processes a test starts its own (a sleep's
# argument, N.${T_MARK}KK with KK two digits of the test's count): the suite's five and the test's
# pid in seven. No other test's mark, of this suite or of another clone's running beside, is the
# same or begins with it, as pgrep -f and pkill -f match a part of a command line ($$ and a count
# run together made pid 123's 12th mark that of pid 1231's 2nd, or a prefix of it).
T_MARK=${T_SUITE#s}$(printf '%07d' $$)
T_CLEANUP_LIST=${T_CLEANUP_LIST:-${TMPDIR:-/tmp}/sbx-test-$T_SUITE-cleanup.$$}
# A caller's TMPDIR (a CI job's: a directory of its user's, which nobody may not write) is replaced
# by a directory of the test's own in it, open to every user and sticky as /tmp is: the runs as
# nobody make their temp areas in TMPDIR, and sbx refused them under the caller's ("cannot create
# the temp area ...: Permission denied", exit 125). Removed by t_cleanup, after the rest; a test
# that executes itself again (in a mount namespace of its own) keeps it and its list.
if [ -z "${T_OWN_TMPDIR:-}" ] && [ -n "${TMPDIR:-}" ] && [ "$TMPDIR" != /tmp ] &&
        T_OWN_TMPDIR=$(mktemp -d "$TMPDIR/sbx-test-$T_SUITE-tmp.XXXXXX"); then
        chmod 1777 "$T_OWN_TMPDIR"
        echo "$T_OWN_TMPDIR" >>"$T_CLEANUP_LIST"
        export TMPDIR=$T_OWN_TMPDIR T_OWN_TMPDIR T_CLEANUP_LIST
fi
# The probe cache of the user who runs the suite (~/.cache/sbx) is the machine's: the tests that ran
# sbx without a cache of their own rewrote it, each build of two suites at once over the other's
# verdict (another key), and left it changed. Each test has its own, 0700 as the user's; one that
# asks for the user's cache says so (env -u XDG_CACHE_HOME, a HOME of its own). Removed by
# t_cleanup, which runs at exit until the test sets its own trap (which calls it: every one does).
if [ -z "${T_OWN_CACHE:-}" ] && T_OWN_CACHE=$(mktemp -d "${TMPDIR:-/tmp}/sbx-test-$T_SUITE-cache.XXXXXX"); then
        echo "$T_OWN_CACHE" >>"$T_CLEANUP_LIST"
        export XDG_CACHE_HOME=$T_OWN_CACHE T_OWN_CACHE
fi
trap t_cleanup EXIT
# t_mktemp_dir: a private temp directory, world-traversable (the unprivileged user needs to
# reach directories prepared for it below), removed at exit by t_cleanup. It is called as
# T=$(t_mktemp_dir), in a subshell: the directory is registered in a file, not a variable.
t_mktemp_dir() {
        local d
        d=$(mktemp -d "${TMPDIR:-/tmp}/sbx-test-$T_SUITE.XXXXXX") || exit 1
        chmod 755 "$d"
        echo "$d" >>"$T_CLEANUP_LIST"
        echo "$d"
}

# t_own_tmp SCRIPT [ARG...]: bash -c SCRIPT (its $0 $SBX_BIN, then the ARGs) in a mount namespace
# of its own whose /tmp is an empty tmpfs, so that what it finds there is its own commands' (sbx
# makes its recordings' and probes' directories in /tmp, and so does another test or another
# clone's suite running beside, whose directories a listing of the host's /tmp took for this
# test's). $T, the directories of SBX_BIN and SBX_LANDLOCK_EXE, and the test's own TMPDIR and
# probe cache are bound back in place when they lie under /tmp (a clone there, as in CI). Status
# 90-92: the namespace could not be made.
# t_own_tmp_ok: whether it can be (root, mount namespaces).
t_own_tmp_ok() { t_is_root && unshare -m --propagation private true 2>/dev/null; }
T_OWN_TMP_SETUP='
keep=() fds=()
for k in "$T" "$(dirname "$0")" ${SBX_LANDLOCK_EXE:+"$(dirname "$SBX_LANDLOCK_EXE")"} ${T_OWN_TMPDIR:+"$T_OWN_TMPDIR"} \
        ${T_OWN_CACHE:+"$T_OWN_CACHE"}; do
        case $k/ in /tmp/*) exec {fd}<"$k" || exit 90; keep+=("$k") fds+=("$fd") ;; esac
done
mount -t tmpfs -o mode=1777 sbx-test /tmp || exit 91
for i in "${!keep[@]}"; do
        mkdir -p "${keep[$i]}" && mount --no-canonicalize --bind "/proc/self/fd/${fds[$i]}" "${keep[$i]}" || exit 92
        eval "exec ${fds[$i]}<&-"
done
'
t_own_tmp() {
        local script=$1
        shift
        T=$T SBX_LANDLOCK_EXE=${SBX_LANDLOCK_EXE:-} unshare -m --propagation private bash -c "$T_OWN_TMP_SETUP$script" \
                "$SBX_BIN" "$@"
}
# t_own_tmp_hold: the same namespace, for a part of the test that runs its commands there one by
# one, some in the background, and looks at what they leave: held by a process of the test's
# (cat, reading a pipe of the test's: it ends with the test) until t_own_tmp_release. The command
# prefix T_OWN_TMP_IN runs a command there (nsenter execs it: $! of one put in the background is the
# command's pid), and the test sees that /tmp's paths under T_OWN_TMP_ROOT (/proc/PID/root).
# Status 1 when it could not be made (t_own_tmp_ok first).
T_OWN_TMP_PID= T_OWN_TMP_FD= T_OWN_TMP_ROOT= T_OWN_TMP_IN=()
t_own_tmp_hold() {
        exec {T_OWN_TMP_FD}> >(T=$T SBX_LANDLOCK_EXE=${SBX_LANDLOCK_EXE:-} exec unshare -m --propagation private \
                bash -c "$T_OWN_TMP_SETUP"': >/tmp/.own-tmp-ready && exec cat >/dev/null' "$SBX_BIN")
        T_OWN_TMP_PID=$!
        T_OWN_TMP_ROOT=/proc/$T_OWN_TMP_PID/root
        T_OWN_TMP_IN=(nsenter -t "$T_OWN_TMP_PID" -m --wd="$PWD" --)
        for _ in $(seq 1 200); do
                [ -e "$T_OWN_TMP_ROOT/tmp/.own-tmp-ready" ] && return 0
                kill -0 "$T_OWN_TMP_PID" 2>/dev/null || break
                sleep 0.05
        done
        t_own_tmp_release
        return 1
}
t_own_tmp_release() {
        [ -n "$T_OWN_TMP_FD" ] && exec {T_OWN_TMP_FD}>&-
        [ -n "$T_OWN_TMP_PID" ] && for _ in $(seq 1 100); do kill -0 "$T_OWN_TMP_PID" 2>/dev/null || break; sleep 0.05; done
        T_OWN_TMP_PID= T_OWN_TMP_FD= T_OWN_TMP_ROOT= T_OWN_TMP_IN=()
}

# t_machine_lock NAME SECONDS [shared]: takes the machine's lock NAME (an flock of
# /run/lock/sbx-test-NAME.lock, kept there: a lock file removed under a waiter lets two hold it),
# for what is the machine's and not the test's, waiting SECONDS at most: another clone's suite runs
# the same test beside. Status 1 when it was not had in time. Sets T_LOCK_FD, held until the test
# ends or t_machine_unlock. Shared: any number hold it at once, and none while one holds it alone.
# uid-UID: a made-up uid's process count. cpu: the fork storms, which take both cores for seconds,
# hold it alone, and the checks that bound a time in a few hundred ms hold it shared, so that the
# two never run at once, in this suite or in another clone's beside (a 500 ms bound of
# transparency-landlock, run beside a storm under ASan, was missed by 850 ms).
t_machine_lock() {
        local dir=/run/lock
        [ -d "$dir" ] || dir=/tmp
        exec {T_LOCK_FD}>>"$dir/sbx-test-$1.lock" || return 1
        flock ${3:+--shared} -w "$2" "$T_LOCK_FD"
}
t_machine_unlock() { [ -z "${T_LOCK_FD:-}" ] || exec {T_LOCK_FD}>&-; T_LOCK_FD=; }

# t_own_uts "$@": as root, the test executes itself again in a UTS namespace of its own, whose
# hostname and domain name are the machine's until a command changes them. A test whose vectors
# try to change the machine's names, and that checks they did not, checked the names of the
# machine: a change there by another clone's suite running beside (an escape it caught) failed its
# rows here too, and each put back the name it had read when it began, which might be the other's.
# The sandboxed commands are in that namespace as they were in the machine's (root's, in the
# machine's user namespace: the same right to change its names), so a change is still theirs to
# make and the test's to see. Not root, or no namespace: nothing changes.
t_own_uts() {
        [ -z "${T_IN_OWN_UTS:-}" ] && t_is_root && unshare --uts true 2>/dev/null || return 0
        T_IN_OWN_UTS=1 exec unshare --uts bash "$0" "$@"
}

# t_own_mounts "$@": as t_own_uts, in a mount namespace of its own as well (private: what the test
# mounts reaches no other namespace, and nothing mounted elsewhere reaches it), for a test that
# mounts file systems beneath its directory to see what sbx makes of them. In the machine's
# namespace those mounts reached every sandbox of the tests beside (bubblewrap copies the host's
# mounts) and refused some of their runs, another clone's copy of the test's among them. sbx, its
# sandboxes and the checks see that namespace's mounts as they saw the machine's; the files,
# devices and processes they look at are the machine's still. Not root, or no namespace: as
# t_own_uts.
t_own_mounts() {
        [ -z "${T_IN_OWN_MOUNTS:-}" ] && t_is_root && unshare -m --uts --propagation private true 2>/dev/null ||
                { t_own_uts "$@"; return 0; }
        T_IN_OWN_MOUNTS=1 T_IN_OWN_UTS=1 exec unshare -m --uts --propagation private bash "$0" "$@"
}

# MARKS: markers (an argument of their own) of the processes a test leaves running on purpose;
# t_kill_marks ends every process whose command line holds one, in rounds while pkill still finds
# some (a fork storm forks while pkill walks)
MARKS=()
t_kill_marks() {
        local m
        for m in "${MARKS[@]}"; do
                for _ in $(seq 1 200); do
                        pkill -KILL -f -- "$m" 2>/dev/null || break
                done
        done
        return 0
}

t_cleanup() {
        local d
        [ -f "$T_CLEANUP_LIST" ] || return 0
        while read -r d; do
                [ -n "$d" ] && [ -d "$d" ] || continue
                # an audit writer of the test's database outlives its runs, and one that exits
                # while the directory is removed unlinks its socket behind rm's back: the directory
                # stayed (seen once in CI). Its writers are ended first; a second pass for the rest.
                pkill -f "audit-writer --db $d/" 2>/dev/null && sleep 0.2
                chattr -R -i -a "$d" 2>/dev/null
                rm -rf "$d" 2>/dev/null || { sleep 0.2; rm -rf "$d"; }
        done < <(tac "$T_CLEANUP_LIST") # the last made first: T_OWN_TMPDIR holds the others
        rm -f "$T_CLEANUP_LIST"
        return 0
}

# sqlite3 with a busy timeout. A query that comes while an audit writer opens the database (its
# WAL recovery) or the last connection checkpoints on close gets SQLITE_BUSY at once without one:
# 'database is locked', seen as a rare failure of a check that reads the rows right after a first
# run. Exported for the checks that run in bash -c.
sqlite3() { command sqlite3 -cmd '.timeout 10000' "$@"; }
export -f sqlite3

# The unprivileged user: nobody, without supplementary groups.
T_NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups --)

t_is_root() {
        [ "$(id -u)" = 0 ]
}

# t_copy_tools DIR: copies sbx and (when built) sbx-landlock into DIR, readable by everyone, so
# that the unprivileged user can run them whatever the build tree's permissions. Sets SBX_BIN.
t_copy_tools() {
        local dir=$1 ll
        mkdir -p "$dir" || return 1
        cp "$SBX_BIN" "$dir/sbx" || return 1
        ll=${SBX_LANDLOCK_EXE:-$(dirname "$SBX_BIN")/sbx-landlock}
        if [ -x "$ll" ]; then
                cp "$ll" "$dir/sbx-landlock" || return 1
        fi
        chmod 755 "$dir" "$dir"/*
        SBX_BIN=$dir/sbx
}

# t_who DIR: WHO=(root nobody) when the test runs as root and user nobody exists, else WHO=(root)
# with a diagnostic line. For nobody: DIR/home (nobody's), and copies of the tools in DIR/bin, whose
# sbx is NB_BIN (SBX_BIN is left as it was).
t_who() {
        local saved=$SBX_BIN
        WHO=(root)
        if ! t_is_root; then
                t_diag "not root: the nobody half is left out"
        elif ! "${T_NOBODY[@]}" true 2>/dev/null; then
                t_diag "no user nobody here: the unprivileged half is left out"
        else
                WHO+=(nobody)
                mkdir -p "$1/home"
                t_copy_tools "$1/bin" || return 1
                NB_BIN=$SBX_BIN
                SBX_BIN=$saved
                chown -R 65534:65534 "$1/home"
        fi
}

# t_as_user WHO (after t_who "$T/nb"): pre (the command prefix), bin (sbx) and db (the database)
# of root or nobody, each with a TMPDIR of its own ($T/tmp-WHO, which the caller makes)
t_as_user() {
        if [ "$1" = nobody ]; then
                pre=("${T_NOBODY[@]}" env HOME="$T/nb/home" XDG_STATE_HOME= XDG_CACHE_HOME="$T/nb/home/.cache"
                        TMPDIR="$T/tmp-nobody")
                bin=$NB_BIN db=$T/nb/home/audit.db
        else
                pre=(env TMPDIR="$T/tmp-root")
                bin=$SBX_BIN db=$T/audit.db
        fi
}

t_fp() {
        local p=$1
        if [ ! -e "$p" ] && [ ! -L "$p" ]; then
                echo ABSENT
                return 0
        fi
        stat -c '%F|%a|%u|%g|%s|%y|%z|%i|%h|%t:%T' -- "$p"
        if [ -L "$p" ]; then
                readlink -- "$p"
        elif [ -f "$p" ]; then
                sha256sum <"$p" 2>&1
        elif [ -d "$p" ]; then
                ls -A -- "$p" 2>&1
        fi
        getfattr -h -d -m - --absolute-names -- "$p" 2>/dev/null
        if [ ! -L "$p" ] && { [ -f "$p" ] || [ -d "$p" ]; }; then
                lsattr -d -- "$p" 2>/dev/null | cut -d' ' -f1
        fi
        return 0
}

# t_json_field FILE KEY: a top-level string/number field of a JSON object ("" for null/absent).
# t_listening SOCKET: whether the unix socket file SOCKET is listening. The writer names its socket
# only once it listens (bound under a temporary name, then renamed), so the file is enough; kept
# as a helper, where tests say what they wait for
t_listening() {
        [ -S "$1" ]
}

# t_mute_writer DB [PREFIX...]: a process that serves DB's audit writer socket (run as PREFIX
# runs it: the nobody prefix, say), accepts every connection and answers none, so that a run
# waits for the writer's reply for as long as it would for a writer that hangs (a stopped one is
# given up after a quarter of a second). Sets wpid; `kill -USR1 $wpid` (or SIGTERM) closes its
# connections, removes its socket and ends it, and each run waiting on it then writes its row
# itself, at once. It passes sbx's checks of a writer: the user's own process, in its user
# namespace, without no_new_privs.
t_mute_writer() {
        local db=$1
        shift
        "$@" /usr/bin/python3 -c '
import os, signal, socket, sys
path = sys.argv[1]
tmp = path + ".mute"
conns = []
def end(*_):
    for c in conns:
        c.close()
    try:
        os.unlink(path)
    except OSError:
        pass
    os._exit(0)
signal.signal(signal.SIGUSR1, end)
signal.signal(signal.SIGTERM, end)
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    os.unlink(tmp)
except OSError:
    pass
s.bind(tmp)
s.listen(128)
os.rename(tmp, path)  # named once it listens, as the writer does
while True:
    conns.append(s.accept()[0])
' "$db.writer" &
        wpid=$!
        for _ in $(seq 600); do t_listening "$db.writer" && break; sleep 0.05; done
}

# Asked of a python3 started once for the test (T_JSON_PID, below) where it can be: a python3 of
# its own for each field took 35 ms of CPU time, a quarter of what transparency-none and
# workspace-mounts did (90 and 73 fields). The request (a token, the reply FIFO, FILE, KEY, each
# ending in NUL, one write of less than PIPE_BUF) goes through T_JSON_DIR/req, the answer ("V",
# the token, ":", what print() writes, NUL) through a FIFO of the asking process's own; a python3
# of its own answers where the server cannot (not this shell's, a FILE not absolute or not a
# regular file, an answer of a NUL or not UTF-8, no answer in 60 s).
t_json_field() {
        if [ -n "$T_JSON_PID" ] && [ "$$" = "$T_JSON_OWNER" ] && [[ $1 == /* ]] &&
                [ $((${#1} + ${#2})) -le 900 ] && kill -0 "$T_JSON_PID" 2>/dev/null; then
                local r=$T_JSON_DIR/r.$BASHPID fd= q= v= tok=$RANDOM.$RANDOM
                if { [ -p "$r" ] || mkfifo -m 600 "$r"; } 2>/dev/null && { exec {fd}<>"$r"; } 2>/dev/null; then
                        if [ -p "$T_JSON_DIR/req" ] && { exec {q}<>"$T_JSON_DIR/req"; } 2>/dev/null; then
                                printf '%s\0%s\0%s\0%s\0' "$tok" "$r" "$1" "$2" >&"$q" &&
                                        IFS= read -r -d '' -t 60 -u "$fd" v || v=
                                exec {q}>&-
                        fi
                        exec {fd}>&-
                        if [[ $v == "V$tok:"* ]]; then
                                printf '%s' "${v#"V$tok:"}"
                                return 0
                        fi
                fi
        fi
        t_json_field_py "$@"
}
t_json_field_py() {
        local py=/usr/bin/python3
        [ -x "$py" ] || py=python3
        "$py" -c 'import json,sys
try:
    v = json.load(open(sys.argv[1])).get(sys.argv[2])
except Exception:
    v = None
print("" if v is None else v)' "$1" "$2"
}
# T_JSON_PID: the server of t_json_field, started here for this shell (T_JSON_OWNER, its $$; not
# exported: a bash -c or a copy of the test in a mount namespace of its own asks its own python3),
# out of the shell's jobs (a bare `wait` waits for none of it), its output not the test's. It ends
# with the shell (a pidfd of it), or with its FIFO's directory gone; it answers only to a FIFO
# there (a request naming another file, a command's that reached the FIFO, gets no write of it).
T_JSON_PID= T_JSON_OWNER= T_JSON_DIR=
t_json_server() {
        local py=/usr/bin/python3
        [ -x "$py" ] || py=$(command -v python3) || return 1
        T_JSON_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sbx-test-$T_SUITE-json.XXXXXX") || return 1
        echo "$T_JSON_DIR" >>"$T_CLEANUP_LIST"
        mkfifo -m 600 "$T_JSON_DIR/req" || return 1
        T_JSON_PID=$( ("$py" -c 'import json, os, select, stat, sys
os.closerange(3, 65536)
owner, req = int(sys.argv[1]), os.open(sys.argv[2], os.O_RDWR)
try:
    pidfd = os.pidfd_open(owner)
except OSError:
    sys.exit(0)
buf = b""
while True:
    ready = select.select([req, pidfd], [], [], 5)[0]
    if pidfd in ready or not os.path.exists(sys.argv[2]):
        break
    if req not in ready:
        continue
    data = os.read(req, 65536)
    buf += data
    while buf.count(b"\0") >= 4:
        tok, reply, path, key, buf = buf.split(b"\0", 4)
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise OSError("not a file: its open might wait")
            try:
                v = json.load(open(os.fsdecode(path))).get(os.fsdecode(key))
            except Exception:
                v = None
            out = ("" if v is None else str(v)) + "\n"
            ans = b"V" + tok + b":" + out.encode("utf-8") if "\0" not in out else b"F"
        except Exception:
            ans = b"F"
        if os.path.dirname(reply) != os.path.dirname(os.fsencode(sys.argv[2])) or \
                not os.path.basename(reply).startswith(b"r."):
            continue
        try:
            fd = os.open(reply, os.O_WRONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
            with open(fd, "wb") as f:
                if stat.S_ISFIFO(os.fstat(fd).st_mode):
                    os.set_blocking(fd, True)
                    f.write(ans + b"\0")
        except OSError:
            pass' "$$" "$T_JSON_DIR/req" </dev/null >/dev/null 2>&1 &
                echo $!) )
        T_JSON_OWNER=$$
}
# (T_JSON_OFF set: no server, each field asked of a python3 of its own, as before it)
[ -n "${T_JSON_OFF:-}" ] || t_json_server || T_JSON_PID=

# t_usable_backends DB: sets BACKENDS to those of bwrap and landlock that run a command here
# (recorded in DB); exits 77 when neither does.
t_usable_backends() {
        local b
        BACKENDS=()
        for b in bwrap landlock; do
                if "$SBX_BIN" run --db "$1" --backend "$b" -- true >/dev/null 2>&1; then
                        BACKENDS+=("$b")
                else
                        t_diag "backend $b does not work here: its checks are left out"
                fi
        done
        [ "${#BACKENDS[@]}" -gt 0 ] || t_skip_all "neither bwrap nor landlock works here"
}

# t_known_config FILE: a configuration of defaults plus the launcher of this build, the only one
# sbx reads ($SBX_CONFIG)
t_known_config() {
        : >"$1"
        if [ -n "${SBX_LANDLOCK_EXE:-}" ]; then
                echo "landlock_launcher = $SBX_LANDLOCK_EXE" >>"$1"
        fi
        export SBX_CONFIG=$1
}
