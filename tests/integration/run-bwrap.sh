#!/usr/bin/env bash
# The bwrap backend through `sbx run`: what the verdict of a real run says where the text alone
# cannot tell, as root and as the unprivileged user nobody.
# - A host named pipe (FIFO) outside the workspace, which the launcher's Landlock domain refuses
#   opening for writing (a read-only bind does not stop it), in both modes: `denied`, the pipe
#   its path (before, its EACCES read `task_failure`, as a host file's own permission); dash's
#   `cannot create X` and bash's `bash: line 1: X: ...`.
# - What the command asked of the pipe: root's 0622 pipe, which nobody may write and not read,
#   written by nobody (dash's `cannot create X`, bash's line where its script writes `> X`) is
#   `denied` (before, the host was asked for reading too: `task_failure`); read by nobody, the
#   host's refusal. So is the same pipe opened by tee, which opens its files for writing alone,
#   by cp's destination (`cannot create regular file 'X'`), by dd's of= (its `failed to open 'X'`
#   told from its if= by the argv; not where its if= names the same pipe, whose read the host
#   refuses: `task_failure`) and by a Python script's open() whose
#   traceback shows the mode, "w" (before, all three `task_failure`); one opened "r+" reads and
#   writes: the host's refusal. A `python3 -c` script shows no source line: its line is read from
#   the argv; pathlib's write_text() passes the mode through a name: the frame calling pathlib's
#   open() tells it (before, both `task_failure`). perl's `open(F, '>', X) or die "x: $!"` names
#   no file: its -e script's line, read from the argv, names the file and the mode (before,
#   `task_failure`, no pipe named); `+<` reads too: the host's refusal, and so is a line that also
#   reads (`open(F, "w").write(open(X).read())`: the read may be the call that failed; before,
#   `denied`). A die after another call than the open (`open(G, '>', X) if 0; sysopen(F, S, 0)
#   or die ...`) names no file of the open's (before, the pipe never opened read `denied`).
#   The script's line N is its language's: Python's lines end at a lone CR too, and a
#   perl line directive (`# line 3`) leaves the text's lines untold: a read there by nobody is
#   the host's refusal (before, the write on the text's line N read `denied`). A pipe run (`bash -c PIPE`, `sh -c PIPE`), which execve(2) refuses anyone:
#   `task_failure` (before, as root, `denied`).
# - A pipe whose name holds a newline, which dash and bash print raw across two lines ("sh: 1:
#   cannot create /x/a" then "b: Permission denied"), and cp quotes as GNU does ('/x/w'$'\n''b'):
#   `denied`, the whole name its path (before, the shells' read "b" alone: `task_failure`); so
#   is one of 6 newlines and one whose last part holds a ':' (before, not read whole).
# - A `>` or `<` within quotes, escaped or in a comment of the script is no redirection:
#   `echo "a > X now"; cat < X` by nobody of root's 0622 pipe is the host's refusal (before,
#   `denied`), `echo "cat < X now"; echo x > $f` a write (before, `task_failure`). A command
#   substitution within double quotes is the shell's own text, and a command follows `do`,
#   `then`, `else`, `!`, and a runner's options (`command -p X`, `exec -a NAME X`): `x="$(X)"`
#   and `for i in 1; do X; done` run the pipe, and so does Python's subprocess (its error of the
#   child's exec, `subprocess.run([X])`; before, `denied`), and so do `exec X` (bash's second line, `exec: X:
#   cannot execute:`, dash's `exec: X:`) and a program that runs it (`timeout 60 X`), the
#   host's refusal (before, `denied`), `x="$(echo x > X)"` by nobody writes root's 0622 pipe,
#   `denied` (before, `task_failure`), and so does bash's `echo x >& X`, `&> X` (before, a run of X
#   after `&`: `task_failure`). `<> X` opens for reading too: by nobody of root's 0622
#   pipe, the host's refusal (before, `denied`; dash's `cannot create X` of it too).
#   A script that runs the pipe and writes it through a variable (`X; f=X; echo x > $f`) prints
#   bash's same line twice: the later is the write's, `denied` (before, `task_failure`).
#   A here-document's lines are text: a `> X` there is no write (before, `denied`), an
#   apostrophe there quotes nothing after it (before, `task_failure`); but a `$(...)` in the
#   body of an unquoted delimiter is the shell's, its `> X` a write (before, `task_failure`).
#   A parameter expansion's word is text, its inner quotes its own: `"${x:-"> X"}"` and
#   `${x:-> X }` write nothing (before, `denied`).
# - The host's own permission stays the command's failure: root's 0600 pipe as nobody, a
#   regular file nobody may not read (`cat`): `task_failure`, no denial counted.
# - The host's mqueue file systems (they show the host's queues, whose messages a read-only run
#   took through a queue's file: escape review 54): one is covered, its directory refused; one
#   beneath the sandbox's own /dev needs no cover; one beneath a directory nobody may not search
#   refuses nobody's run (125; before, both ran, root's listing the host's queues).
# - A signal to the command's parent, bubblewrap's init, which ignores every signal from inside
#   its pid namespace: `kill -0 $PPID` and `kill -TERM $PPID` succeed, in both modes, while that
#   domain still keeps the command from the init (ptrace refused); from Landlock ABI 6 the domain
#   scoped signals, and the command's own `kill $PPID` failed ('Operation not permitted').
# - A directory moved into its own subtree (GNU and BusyBox mv), which rename(2) refuses on the
#   host (EINVAL): bubblewrap's read-only mount is checked first (EROFS): `task_failure` (before,
#   `denied`); moved beside itself it stays `denied`, and so does one whose names are printed
#   relative, of the directory mv ran in, which need not be the command's (a Python chdir: before,
#   asked of the workspace's directory of that name, `task_failure`).
# - coreutils' touch of a file whose times the host lets the user set and whose open for writing
#   it refuses (nobody's own 0444 file; as root another user's 0644 file, the owner unmapped in
#   bubblewrap's user namespace): touch prints its open's EACCES, not the read-only bind's EROFS of
#   the times: `denied`, the file its path, its times unchanged (before, `task_failure`); `touch
#   -c` too (`setting times of X: Read-only file system`, before read as the host's refusal). Root's
#   0600 file, whose times the host refuses nobody: `task_failure`; so is nobody's `touch -d DATE`
#   of root's 0666 file, whose given times only their owner may set (before, `denied`), while
#   `touch -h` of a symlink to root's 0600 file is asked of the link, whose times the host lets
#   anyone set: `denied` (before, asked of the target, `task_failure`), and so is one whose touch
#   sbx cannot read (`touch --no-deref`, a script's `touch -h`): either way the host lets it.
#   Root's 0666 append-only
#   file (chattr +a): touch prints its open's EPERM, refused by the host too, the bind's EROFS of
#   the current time hidden: `denied`, in the workspace too in read-only mode (before,
#   `task_failure`); `touch -d DATE` of it, given times the host refuses root too: `task_failure`.
#   Root's `touch -d DATE` of another user's 0666 file in the workspace (EPERM, no CAP_FOWNER
#   kept): `denied` (before, `task_failure`); nobody's, the host's refusal too.
# - A relative name after a Python chdir (os.chdir in a -c script or a script file), which sbx
#   does not follow: of no directory known, no path claimed, `denied` (before, asked of the
#   workspace's name of it, which the host refused nobody: `task_failure`).
# - A removal or a rename of a name the host does not have (coreutils' rmdir and unlink,
#   BusyBox's rmdir, unlink and mv), in a directory anyone may write: the kernel checks
#   bubblewrap's read-only mount before it looks the name up, so the tool prints EROFS where the
#   host prints ENOENT: `task_failure`, no denial counted (before, `denied`). An empty directory
#   that exists stays `denied`, the directory its path, and is still there.
# - find's `find: 'X': Permission denied` of a pipe its -exec or -execdir runs (`;` or `+`): read
#   from the argv, the exec's failure (the host's refusal of running a pipe), no denial line
#   (before, one counted in a success); its -fprint of the pipe stays `denied`.
# - GNU binutils' lines of a file it could not make, whose errno BFD loses (ranlib's and ar's
#   `could not create temporary file whilst writing archive`, strip's in place `X: could not
#   create temporary file to hold stripped copy`, objcopy's and strip -o's `X: Bad file
#   descriptor`), the file outside the workspace: in a directory the host lets the user write,
#   `denied`, the file read from the argv its path (before, `task_failure`); in root's 0755
#   directory as nobody, the host's refusal, `task_failure`, and so is objcopy's output over
#   root's 0644 file in a directory nobody may write (its open refused; before, `denied`).
#   objcopy's in place `warning: could not create temporary file whilst copying 'X', (error: ...)`
#   names X (before, "whilst copying 'X',", a name of the cwd's), and as nobody in root's 0755
#   directory is the host's refusal (its temporary file beside X; before, `denied`).
# - unzip into another user's 0755 directory in the workspace, which the host lets root write by
#   its capabilities (bubblewrap's user namespace maps no other owner): its `Permission denied` on
#   an indented line of its own after `checkdir error:  cannot create odir/d`, read with that line
#   as a denial signature's is (a Rust error chain's cause, cargo's `Caused by:`, likewise): root's
#   `denied`, the directory its path (before, `task_failure`: the fifo-denial line named nothing);
#   nobody's, the host's refusal, `task_failure`; its name with a space in it read whole (`unzip -d
#   'o dir'`: before, `dir/d`, root's `task_failure`). Skipped without unzip.
# Exit 77 when bwrap, or the Landlock that refuses the pipe inside it, is unavailable here.
set -u
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
mkdir -p "$T/ws" "$T/out" "$T/cache" "$T/tmp-root" "$T/tmp-nobody"
chmod 1777 "$T/tmp-nobody"
export XDG_CACHE_HOME=$T/cache
unset SBX_SESSION SBX_DB
t_known_config "$T/config"
cd "$T/ws" || exit 1
chmod 777 "$T/ws"

"$SBX_BIN" run --db "$T/probe.db" --backend bwrap --verdict-json "$T/probe.json" -- true >/dev/null 2>&1 ||
        t_skip_all "bwrap does not work here"
[ "$(t_json_field "$T/probe.json" enforcement)" = full ] ||
        t_skip_all "bwrap's enforcement is partial here (no Landlock): a host named pipe is not refused"
t_who "$T/nb" || exit 1

# the pipes: anyone's (0666) and root's own (0600), outside the workspace; a file of root's
mkfifo -m 666 "$T/out/fifo"
mkfifo -m 600 "$T/out/root-fifo"
mkfifo -m 622 "$T/out/wo-fifo"
echo secret >"$T/out/secret"
chmod 600 "$T/out/secret"
# the running Landlock ABI (0: none), which the launcher's domain inside bubblewrap uses
ABI=$(/usr/bin/python3 -c 'import ctypes; print(max(0, ctypes.CDLL(None, use_errno=True).syscall(444, None, 0, 1)))')
# another user's 0600 file, which root reads on the host by its capabilities alone
echo secret >"$T/out/other-secret" && chown 12345:12345 "$T/out/other-secret" && chmod 600 "$T/out/other-secret"
# ... and its 0700 directory, which root searches on the host by its capabilities alone
mkdir -p "$T/out/other-dir" && echo secret >"$T/out/other-dir/f" && chown -R 12345:12345 "$T/out/other-dir" &&
        chmod 700 "$T/out/other-dir"
# another user's 0700 programs, outside the workspace and in it, which root runs on the host by its
# capabilities alone (an execute bit is set)
for f in "$T/out/other-prog" "$T/ws/other-prog"; do
        printf '#!/bin/sh\necho ran\n' >"$f" && chown 12345:12345 "$f" && chmod 700 "$f"
done
# pipes whose names hold a newline, which the shells print raw across two lines
NL=$'\n'
mkfifo -m 666 "$T/out/a${NL}b"
# ... with more than 4 newlines, and with a ':' in its last part
LONG_NL="m${NL}1${NL}2${NL}3${NL}4${NL}5${NL}b"
mkfifo -m 666 "$T/out/$LONG_NL" "$T/out/a${NL}b:c"
mkfifo -m 622 "$T/out/w${NL}b"
# Python scripts that open root's 0622 pipe for writing alone, and for reading and writing
printf 'open("%s", "w")\n' "$T/out/wo-fifo" >"$T/ws/wo.py"
printf 'open("%s", "r+")\n' "$T/out/wo-fifo" >"$T/ws/rw.py"
# ... and one whose line writes a workspace file and reads the pipe
printf 'open("%s", "w").write(open("%s").read())\n' "$T/ws/copy" "$T/out/wo-fifo" >"$T/ws/cp.py"
chmod 644 "$T/ws/wo.py" "$T/ws/rw.py"
# a directory anyone may write (the host refuses nobody no removal there), an empty one in it
mkdir -p "$T/out/w/empty" "$T/out/w/full" && : >"$T/out/w/full/f" && : >"$T/out/w/file"
# ... and one with a directory in it, to move into itself (the host's EINVAL)
mkdir -p "$T/out/w/mvd/sub"
chmod 777 "$T/out/w" "$T/out/w/empty" "$T/out/w/mvd" "$T/out/w/mvd/sub"
ln -s "$T/out/w/empty" "$T/out/w/lnk"
# ... a directory holding mvrel, a symlink to a directory, which mv moves into it where the
# workspace's own mvrel is a directory
# (nobody may move it: not the host's refusal)
mkdir -p "$T/out/w/chd" "$T/out/w/mvt" "$T/ws/mvrel"
chmod 777 "$T/out/w/chd" "$T/out/w/mvt" "$T/ws/mvrel"
ln -s "$T/out/w/mvt" "$T/out/w/chd/mvrel"
# files outside whose times the host lets the user set, and not their open for writing: nobody's
# own 0444 file, and for root another user's 0644 file (unmapped in bubblewrap's user namespace)
TIMES=$(date -d 2001-01-01 +%s)
echo x >"$T/out/times-nobody" && chown 65534:65534 "$T/out/times-nobody" && chmod 444 "$T/out/times-nobody"
echo x >"$T/out/times-root" && chown 12345:12345 "$T/out/times-root" && chmod 644 "$T/out/times-root"
touch -d @"$TIMES" "$T/out/times-nobody" "$T/out/times-root"
# root's 0666 file, whose given times only root may set; a symlink to root's 0600 file
echo x >"$T/out/times-given" && chmod 666 "$T/out/times-given" && touch -d @"$TIMES" "$T/out/times-given"
ln -s "$T/out/secret" "$T/out/link-secret" && touch -h -d @"$TIMES" "$T/out/link-secret"
# a directory of root's in the workspace that nobody may not write (cdsub), and one of the same
# name outside that anyone may (cdd/cdsub), which a Python chdir moves to; a script file doing so
mkdir -p "$T/ws/cdsub" "$T/out/cdd/cdsub" && chmod 555 "$T/ws/cdsub" && chmod 777 "$T/out/cdd" "$T/out/cdd/cdsub"
printf 'import os\nos.chdir("%s")\nopen("cdsub/f", "w")\n' "$T/out/cdd" >"$T/ws/cd.py"
chmod 644 "$T/ws/cd.py"
# root's 0666 append-only files (chattr +a), outside and in the workspace, where the file system
# has the attribute (ext4 has; tmpfs not: their rows are skipped); another user's 0666 file in
# the workspace, whose given times the host lets root set (CAP_FOWNER)
APPEND=
for f in "$T/out/append" "$T/ws/append"; do
        echo x >"$f" && chmod 666 "$f" && touch -d @"$TIMES" "$f"
done
chattr +a "$T/out/append" "$T/ws/append" 2>/dev/null && APPEND=yes
echo x >"$T/ws/times-other" && chown 12345:12345 "$T/ws/times-other" && chmod 666 "$T/ws/times-other" &&
        touch -d @"$TIMES" "$T/ws/times-other"
# another user's 0755 directory in the workspace, and an archive of d/f to unpack into it
mkdir -p "$T/ws/odir" "$T/ws/o dir" "$T/zsrc/d" && chown 12345:12345 "$T/ws/odir" "$T/ws/o dir" &&
        chmod 755 "$T/ws/odir" "$T/ws/o dir" &&
        echo z >"$T/zsrc/d/f" && ( cd "$T/zsrc" && /usr/bin/python3 -m zipfile -c "$T/ws/z.zip" d ) &&
        chmod 644 "$T/ws/z.zip"
# a file of root's on sysfs that no bit lets anyone read (0200): kernfs refuses root the read too
SYSW=
for f in /sys/bus/pci/rescan /sys/bus/pci/drivers_probe /sys/kernel/mm/ksm/run /sys/power/wakeup_count; do
        [ "$(stat -c %u:%a "$f" 2>/dev/null)" = 0:200 ] && { SYSW=$f; break; }
done
# each user's own 0644 file in the workspace, no execute bit (the host runs it for neither)
echo x >"$T/ws/nx-root" && echo x >"$T/ws/nx-nobody" && chown 65534:65534 "$T/ws/nx-nobody" &&
        chmod 644 "$T/ws/nx-root" "$T/ws/nx-nobody"

# a terminfo source and an empty directory anyone may write for tic's -o
mkdir -p "$T/out/w/ti" && chmod 777 "$T/out/w/ti"
if command -v tic >/dev/null && command -v infocmp >/dev/null; then
        infocmp xterm >"$T/ws/x.ti" 2>/dev/null && chmod 644 "$T/ws/x.ti"
fi

# binutils' files: an archive and a program in a directory anyone may write (bfd) and in one of
# root's (bfd-root, 0755), anyone's 0666 files, where the host lets root alone make a new name
BFD=
if command -v ar >/dev/null && command -v ranlib >/dev/null && command -v objcopy >/dev/null &&
        command -v strip >/dev/null; then
        mkdir -p "$T/out/bfd" "$T/out/bfd-root" && chmod 777 "$T/out/bfd" && chmod 755 "$T/out/bfd-root"
        echo member >"$T/ws/member.txt" && chmod 644 "$T/ws/member.txt"
        for dir in bfd bfd-root; do
                ar rcs "$T/out/$dir/lib.a" "$T/ws/member.txt" && cp /bin/true "$T/out/$dir/prog" &&
                        chmod 666 "$T/out/$dir/lib.a" "$T/out/$dir/prog" && BFD=yes
        done
        # ... and root's 0644 file there, which the host lets nobody not open for writing
        echo x >"$T/out/bfd/ro.o" && chmod 644 "$T/out/bfd/ro.o"
fi

# run WHO MODE SCRIPT: sh -c SCRIPT under bwrap as WHO; V (the verdict record) and RC
run() {
        local who=$1 mode=$2 script=$3
        t_as_user "$who"
        V=$T/v-root.json
        [ "$who" = root ] || V=$T/nb/home/v.json
        rm -f "$V"
        "${pre[@]}" timeout 60 "$bin" run --db "$db" --backend bwrap --mode "$mode" --root "$T/ws" \
                --verdict-json "$V" -- "${SHELL_RUN[@]}" "$script" 2>"$T/err-$who" </dev/null
        RC=$?
}
verdict() { t_json_field "$V" verdict; }
denial_path() {
        /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["denials"]; print(d[0]["path"] if d else "")' "$V"
}
err() { tr '\n' ' ' <"$T/err-$1" | cut -c1-120; }

for who in "${WHO[@]}"; do
        for mode in read-only workspace-write; do
                SHELL_RUN=(bash -c)
                run "$who" "$mode" 'kill -0 $PPID && kill -TERM $PPID && echo "parent=$PPID" >&2 && python3 -c "import ctypes; print(\"ptrace-init=%d\" % ctypes.CDLL(None).ptrace(0x4206, 1, 0, 0))" >&2'
                t_check "$who/$mode: the command's signals to its parent, bubblewrap's init, are its own (kill -0 and -TERM succeed), ptrace of it refused (exit $RC: $(err "$who"))" \
                        test "$RC:$(err "$who")" = "0:parent=1 ptrace-init=-1 "
                SHELL_RUN=(sh -c)
                run "$who" "$mode" "echo pwned > $T/out/fifo"
                t_check "$who/$mode: dash's write to a host named pipe outside the workspace is denied, the pipe its path (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                        test "$(verdict):$(denial_path):$RC" = "denied:$T/out/fifo:2"
        done
        # root's read of another user's 0600 file outside the workspace, which the host lets root
        # make by its capabilities, which the command does not keep: denied, the file its path
        # (before: task_failure; Landlock's line was a denial already); nobody's, the host's refusal
        SHELL_RUN=(bash -c)
        want=denied:$T/out/other-secret
        [ "$who" = root ] || want=task_failure:
        for c in "cat $T/out/other-secret" "head -c1 $T/out/other-secret" "cat < $T/out/other-secret"; do
                run "$who" read-only "$c"
                t_check "$who/read-only: $c of another user's 0600 file outside the workspace: ${want%%:*} (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                        test "$(verdict):$(denial_path):$RC" = "$want:1"
        done
        # and root's write of it: the kernel asks the bits before the read-only mount where the
        # open does not truncate (`>>`, `<>`) and of each directory searched, so root's EACCES
        # comes first (before: task_failure); nobody's, the host's refusal
        for c in "echo x >> $T/out/other-secret" "exec 3>> $T/out/other-secret" "exec 3<> $T/out/other-secret" \
                 "exec 3> $T/out/other-dir/f"; do
                f=${c##* }
                want=denied:$f
                [ "$who" = root ] || want=task_failure:
                run "$who" read-only "$c"
                t_check "$who/read-only: $c, another user's file outside the workspace: ${want%%:*}, the file unchanged (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                        test "$(verdict):$(denial_path):$RC:$(cat "$f")" = "$want:1:secret"
        done
        # root's run of another user's 0700 program, which the host lets root make by its
        # capabilities, which the command does not keep: denied, the program its path, in both
        # modes, bash's line, env's, timeout's (before: task_failure, the run line never asked of
        # the capabilities); nobody's, the host's refusal; a 0600 file, no execute bit, the
        # host refuses root running too
        for mode in read-only workspace-write; do
                for c in "$T/out/other-prog" "./other-prog; true; exit 126" "env ./other-prog" "timeout 5 $T/out/other-prog"; do
                        p=$T/out/other-prog
                        case $c in *./other-prog*) p=$T/ws/other-prog ;; esac
                        want=denied:$p
                        [ "$who" = root ] || want=task_failure:
                        run "$who" "$mode" "$c"
                        t_check "$who/$mode: $c, another user's 0700 program: ${want%%:*} (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                                test "$(verdict):$(denial_path):$RC" = "$want:126"
                done
                run "$who" "$mode" "$T/out/other-secret"
                t_check "$who/$mode: the run of another user's 0600 file, no execute bit: task_failure (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                        test "$(verdict):$(denial_path):$RC" = "task_failure::126"
        done
        # shadow-utils' lock file of /etc it could not make (root's chfn of nobody's name): its
        # "cannot lock /etc/passwd; try again later." denied in both modes, /etc unchanged
        # (before: task_failure, no signature); nobody's chfn refuses nobody on its own
        if [ "$who" = root ] && command -v chfn >/dev/null; then
                before=$(sha256sum /etc/passwd)
                for mode in read-only workspace-write; do
                        run root "$mode" "chfn -f sbx-test nobody"
                        t_check "root/$mode: chfn -f X nobody, its lock file in /etc refused: denied (verdict $(verdict), exit $RC: $(err root))" \
                                test "$(verdict):$RC:$(sha256sum /etc/passwd)" = "denied:1:$before"
                done
        fi
        # root's 0200 file on sysfs, which kernfs refuses root too on the host whatever its
        # capabilities: the host's refusal, task_failure (review51b: before, denied as root)
        if [ -n "$SYSW" ]; then
                run "$who" read-only "cat $SYSW"
                t_check "$who/read-only: cat $SYSW, 0200 on sysfs, refused root on the host too: task_failure (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                        test "$(verdict):$(denial_path):$RC" = "task_failure::1"
        fi
        # the user's own 0644 file, which the script names only at a command's place, written by a
        # nested shell under its name spelled apart: bwrap's "Read-only file system" is a write's,
        # denied (review51b: before, task_failure, read as the host's refusal of a run of it)
        run "$who" read-only "true || ./nx-$who; bash -c 'echo y > ./'nx-$who"
        t_check "$who/read-only: a nested shell's write of the user's own 0644 file the script names only as a command: denied (verdict $(verdict), path $(denial_path), exit $RC: $(err "$who"))" \
                test "$(verdict):$(denial_path):$RC:$(cat "$T/ws/nx-$who")" = "denied:$T/ws/nx-$who:1:x"
        run "$who" read-only "echo pwned > $T/out/fifo"
        t_check "$who/read-only: bash's redirection to a host named pipe is denied (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/fifo"
        # ... and one through a variable, which the script is not seen to write, run or read: a
        # write is what the sandbox refuses (it read task_failure when only a literal `> X` counted)
        run "$who" read-only "f=$T/out/fifo; echo pwned > \"\$f\""
        t_check "$who/read-only: bash's redirection to a host named pipe through a variable is denied (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/fifo"
        # ... and one after a quoted '< X', which is no read (it read task_failure)
        run "$who" read-only "echo \"cat < $T/out/fifo now\"; f=$T/out/fifo; echo pwned > \$f"
        t_check "$who/read-only: bash's redirection to a host named pipe through a variable after a quoted '< X' is denied (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/fifo"
        # a command substitution within double quotes is the shell's own text: the pipe run there
        # is the host's refusal (it read denied), a write there to root's 0622 pipe the sandbox's
        # (as nobody, it read task_failure)
        # ... and after a keyword a command follows (it read denied)
        run "$who" read-only "for i in 1; do $T/out/fifo; done"
        t_check "$who/read-only: bash running a host named pipe after 'do' is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        # ... and after a runner's options (it read denied)
        run "$who" read-only "command -p $T/out/fifo"
        t_check "$who/read-only: bash running a host named pipe after 'command -p' is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        # ... and by exec, whose second line tells of it (bash's 'exec: X: cannot execute:'), and
        # by a program that runs its argument (both read denied)
        run "$who" read-only "exec $T/out/fifo"
        t_check "$who/read-only: bash's exec of a host named pipe is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        # ... and Python's subprocess, whose error of the child's exec names the pipe (it read
        # denied)
        SHELL_RUN=(/usr/bin/python3 -c)
        run "$who" read-only "import subprocess; subprocess.run(['$T/out/fifo'])"
        t_check "$who/read-only: Python's subprocess running a host named pipe is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        SHELL_RUN=(timeout 60)
        run "$who" read-only "$T/out/fifo"
        t_check "$who/read-only: timeout running a host named pipe is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        SHELL_RUN=(bash -c)
        run "$who" read-only "x=\"\$($T/out/fifo)\""
        t_check "$who/read-only: bash running a host named pipe in a quoted \$(...) is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        # bash's `>& X` is `&> X`, output into X (before: read as a run of X after `&`, which
        # execve(2) refuses anyone: task_failure)
        run "$who" read-only "echo pwned >& $T/out/wo-fifo"
        t_check "$who/read-only: bash's write to root's 0622 pipe with '>&' is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        run "$who" read-only "x=\"\$(echo pwned > $T/out/wo-fifo)\""
        t_check "$who/read-only: bash's write to root's 0622 pipe in a quoted \$(...) is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        # a script that runs the pipe and writes it through a variable: bash prints the same line
        # for both, the run's first; the later one is the write's, for writing alone (it read
        # task_failure, each taken for the run); the run's line alone is no denial
        run "$who" read-only "$T/out/wo-fifo; f=$T/out/wo-fifo; echo pwned > \$f"
        t_check "$who/read-only: bash running root's 0622 pipe, then writing it through a variable, is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        run "$who" read-only "$T/out/fifo; f=/dev/null; echo pwned > \$f; exit 1"
        t_check "$who/read-only: bash running a host named pipe, then writing another file through a variable, is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        for sh in sh bash; do
                SHELL_RUN=("$sh" -c)
                run "$who" read-only "$T/out/fifo"
                t_check "$who/read-only: $sh running a host named pipe is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines, exit $RC: $(err "$who"))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines):$RC" = task_failure:0:126
                run "$who" read-only "echo pwned > $T/out/wo-fifo"
                t_check "$who/read-only: $sh's write to root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                        test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        done
        # a name with a newline, printed raw by the shells: read whole from the shell's line on
        for sh in sh bash; do
                SHELL_RUN=("$sh" -c)
                run "$who" read-only "echo pwned > '$T/out/a${NL}b'"
                t_check "$who/read-only: $sh's write to a host named pipe whose name holds a newline is denied, the pipe its path (verdict $(verdict), path $(denial_path | tr '\n' '|'): $(err "$who"))" \
                        test "$(verdict):$(denial_path)" = "denied:$T/out/a${NL}b"
                run "$who" read-only "echo pwned > '$T/out/w${NL}b'"
                t_check "$who/read-only: $sh's write to root's 0622 pipe whose name holds a newline is denied (verdict $(verdict), path $(denial_path | tr '\n' '|'): $(err "$who"))" \
                        test "$(verdict):$(denial_path)" = "denied:$T/out/w${NL}b"
                # more than 4 newlines, a ':' in the last part (before, not read whole: task_failure)
                for name in "$LONG_NL" "a${NL}b:c"; do
                        run "$who" read-only "echo pwned > '$T/out/$name'"
                        t_check "$who/read-only: $sh's write to a host named pipe '$(printf %s "$name" | tr '\n' '|')' is denied, the pipe its path (verdict $(verdict), path $(denial_path | tr '\n' '|'): $(err "$who"))" \
                                test "$(verdict):$(denial_path)" = "denied:$T/out/$name"
                done
        done
        SHELL_RUN=(cp /etc/hostname)
        run "$who" read-only "$T/out/w${NL}b"
        t_check "$who/read-only: cp's copy into root's 0622 pipe whose name holds a newline (GNU's quoting) is denied (verdict $(verdict), path $(denial_path | tr '\n' '|'): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/w${NL}b"
        # the line of a tool that opens for writing alone: tee's, cp's, Python's with its source line
        SHELL_RUN=(tee)
        run "$who" read-only "$T/out/wo-fifo"
        t_check "$who/read-only: tee's write to root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        SHELL_RUN=(cp /etc/hostname)
        run "$who" read-only "$T/out/wo-fifo"
        t_check "$who/read-only: cp's copy into root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        SHELL_RUN=(dd if=/dev/null)
        run "$who" read-only "of=$T/out/wo-fifo"
        t_check "$who/read-only: dd's of= root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        SHELL_RUN=(/usr/bin/python3)
        run "$who" read-only "$T/ws/wo.py"
        t_check "$who/read-only: Python's open(X, \"w\") of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        # a -c script, whose traceback shows no source line (its line read from the argv), and
        # pathlib's write_text(), whose mode passes through a name (its own frames read)
        SHELL_RUN=(/usr/bin/python3 -c)
        run "$who" read-only "open('$T/out/wo-fifo', 'w')"
        t_check "$who/read-only: python3 -c's open(X, \"w\") of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        run "$who" read-only "import pathlib; pathlib.Path('$T/out/wo-fifo').write_text('x')"
        t_check "$who/read-only: python3 -c's Path(X).write_text() of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        run "$who" read-only "open('$T/out/wo-fifo', 'r+')"
        if [ "$who" = root ]; then
                t_check "root/read-only: python3 -c's open(X, \"r+\") of root's 0622 pipe is denied (verdict $(verdict): $(err root))" \
                        test "$(verdict)" = denied
        else
                t_check "nobody/read-only: python3 -c's open(X, \"r+\") of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # Python's line 2 after a lone CR is the read, not the write after the LF
                run nobody read-only "x=0"$'\r'"open('$T/out/wo-fifo')"$'\n'"open('$T/out/wo-fifo', 'w')"
                t_check "nobody/read-only: python3 -c's read of root's 0622 pipe on its line 2 after a CR, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        fi
        # perl's `open(...) or die "x: $!"`, whose line names no file: its -e script's line names
        # the file and the mode
        SHELL_RUN=(perl -e)
        run "$who" read-only "open(F, '>', '$T/out/wo-fifo') or die \"x: \$!\""
        t_check "$who/read-only: perl -e's open(F, '>', X) or die \"x: \$!\" of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        if [ "$who" != root ]; then
                run nobody read-only "open(F, '+<', '$T/out/wo-fifo') or die \"x: \$!\""
                t_check "nobody/read-only: perl -e's open(F, '+<', X) of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # the die after another call than the open (sysopen of root's 0600 file): that
                # call's refusal, not the open's write of the pipe, never made
                run nobody read-only "open(G, '>', '$T/out/wo-fifo') if 0; sysopen(F, '$T/out/secret', 0) or die \"x: \$!\";"
                t_check "nobody/read-only: perl -e's sysopen of root's 0600 file after an open of root's 0622 pipe it skips is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # a line directive: perl's line 3 is the read on the text's second
                run nobody read-only "# line 3"$'\n'"open(F, '<', '$T/out/wo-fifo') or die \"x: \$!\";"$'\n'"open(F, '>', '$T/out/wo-fifo') or die \"x: \$!\";"
                t_check "nobody/read-only: perl -e's read of root's 0622 pipe after '# line 3', which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        fi
        # ... the same run as a shell's -c script's one command: its python -c or perl -e script
        # is read from the shell's words (before, not read: nobody's open(X, "w") was the
        # command's failure, the host asked for reading too)
        SHELL_RUN=(sh -c)
        run "$who" read-only "python3 -c \"open('$T/out/wo-fifo', 'w')\""
        t_check "$who/read-only: sh -c running python3 -c's open(X, \"w\") of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        run "$who" read-only "perl -e 'open(F, \">\", \"$T/out/wo-fifo\") or die \"x: \$!\"'"
        t_check "$who/read-only: sh -c running perl -e's open(F, '>', X) or die of root's 0622 pipe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
        if [ "$who" != root ]; then
                run nobody read-only "python3 -c \"open('$T/out/wo-fifo', 'r+')\""
                t_check "nobody/read-only: sh -c running python3 -c's open(X, \"r+\") of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        fi
        SHELL_RUN=(/usr/bin/python3)
        run "$who" read-only "$T/ws/rw.py"
        if [ "$who" = root ]; then
                t_check "root/read-only: Python's open(X, \"r+\") of root's 0622 pipe is denied (verdict $(verdict): $(err root))" \
                        test "$(verdict)" = denied
        else
                t_check "nobody/read-only: Python's open(X, \"r+\") of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # ... a line that writes a workspace file and reads the pipe: the read may be the
                # call that failed (it read denied, the host asked for writing alone)
                run nobody workspace-write "$T/ws/cp.py"
                t_check "nobody/workspace-write: Python's open(F, \"w\").write(open(X).read()) of root's 0622 pipe, whose read the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                rm -f "$T/ws/copy"
                SHELL_RUN=(dd of=/dev/null)
                run nobody read-only "if=$T/out/wo-fifo"
                t_check "nobody/read-only: dd's if= root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # ... its of= the same pipe: the line names the if= the host refused (it read denied,
                # the of= asked for writing alone)
                SHELL_RUN=(dd "of=$T/out/wo-fifo")
                run nobody read-only "if=$T/out/wo-fifo"
                t_check "nobody/read-only: dd's if= and of= root's 0622 pipe, whose read the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                SHELL_RUN=(tee)
                run nobody read-only "$T/out/root-fifo"
                t_check "nobody/read-only: tee's write to root's 0600 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        fi
        SHELL_RUN=(bash -c)
        if [ "$who" != root ]; then
                run nobody read-only "cat < $T/out/wo-fifo"
                t_check "nobody/read-only: bash reading root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # a '>' within quotes is no redirection (it read denied: the host asked for writing alone)
                run nobody read-only "echo \"a > $T/out/wo-fifo now\"; cat < $T/out/wo-fifo"
                t_check "nobody/read-only: bash reading root's 0622 pipe after a quoted '> X' is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # a here-document's lines are text: a '> X' there is no redirection (it read denied),
                # nor does an apostrophe there quote the write after it (it read task_failure)
                run nobody read-only "cat <<EOF${NL}to write: echo x > $T/out/wo-fifo${NL}EOF${NL}cat < $T/out/wo-fifo"
                t_check "nobody/read-only: bash reading root's 0622 pipe after a here-document that reads '> X' is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                run nobody read-only "cat <<EOF${NL}don't${NL}EOF${NL}echo pwned > $T/out/wo-fifo"
                t_check "nobody/read-only: bash's write to root's 0622 pipe after a here-document with an apostrophe is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err nobody))" \
                        test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
                # ... but a command substitution in the body of an unquoted delimiter is the
                # shell's: its write of the pipe is the sandbox's refusal (it read task_failure)
                run nobody read-only "cat <<EOF${NL}\$(echo pwned > $T/out/wo-fifo)${NL}EOF${NL}false"
                t_check "nobody/read-only: bash's write to root's 0622 pipe in a \$(...) of a here-document's body is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err nobody))" \
                        test "$(verdict):$(denial_path)" = "denied:$T/out/wo-fifo"
                # a parameter expansion's word is text, its quotes its own: the '> X' in
                # "${x:-"> X"}" is no redirection (it read denied), nor in ${x:-> X }
                run nobody read-only "echo \"\${x:-\"> $T/out/wo-fifo now\"}\"; cat < $T/out/wo-fifo"
                t_check "nobody/read-only: bash reading root's 0622 pipe after a '> X' quoted within \${x:-\"...\"} is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                run nobody read-only "echo \${x:-> $T/out/wo-fifo }; cat < $T/out/wo-fifo"
                t_check "nobody/read-only: bash reading root's 0622 pipe after an unquoted \${x:-> X } is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # '<> X' opens it for reading and writing, which the host refuses nobody (it read
                # denied: the host asked for writing alone)
                run nobody read-only "echo pwned <> $T/out/wo-fifo"
                t_check "nobody/read-only: bash's '<>' of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # ... dash's, whose line is its "cannot create X" (it read denied)
                SHELL_RUN=(sh -c)
                run nobody read-only "echo pwned <> $T/out/wo-fifo"
                t_check "nobody/read-only: dash's '<>' of root's 0622 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                SHELL_RUN=(bash -c)
        fi
        SHELL_RUN=(sh -c)
        run "$who" read-only "echo pwned > $T/out/root-fifo"
        if [ "$who" = root ]; then
                t_check "root/read-only: root's own 0600 pipe is denied (verdict $(verdict): $(err root))" \
                        test "$(verdict)" = denied
        else
                t_check "nobody/read-only: root's 0600 pipe, which the host refuses nobody, is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                run nobody read-only "cat $T/out/secret"
                t_check "nobody/read-only: a file the host refuses nobody (cat's Permission denied) is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        fi
        # a removal or a rename of a name the host does not have: EROFS for the host's ENOENT
        for c in "rmdir $T/out/w/missing" "unlink $T/out/w/missing" "busybox rmdir $T/out/w/missing" \
                "busybox unlink $T/out/w/missing" "busybox mv $T/out/w/missing $T/out/w/y"; do
                case $c in busybox*) command -v busybox >/dev/null || continue ;; esac
                run "$who" read-only "$c"
                t_check "$who/read-only: '$c', a name the host does not have, is the command's failure (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
        done
        # ... or one the call fails on there whatever the sandbox: rmdir of a directory with
        # entries (ENOTEMPTY) or of a file (ENOTDIR), unlink of a directory (EISDIR); each kept
        for c in "rmdir $T/out/w/full" "rmdir $T/out/w/file" "unlink $T/out/w/empty" "busybox rmdir $T/out/w/full" \
                "busybox unlink $T/out/w/full"; do
                case $c in busybox*) command -v busybox >/dev/null || continue ;; esac
                run "$who" read-only "$c"
                t_check "$who/read-only: '$c', which the host refuses too, is the command's failure, the name kept (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0 -a -f "$T/out/w/full/f" -a -f "$T/out/w/file" -a -d "$T/out/w/empty"
        done
        # a directory moved into its own subtree: rename(2)'s EINVAL on the host, EROFS here first
        for c in "mv $T/out/w/mvd $T/out/w/mvd/sub/x" "mv $T/out/w/mvd $T/out/w/mvd/sub" \
                "busybox mv $T/out/w/mvd $T/out/w/mvd/sub/x" "busybox mv $T/out/w/mvd $T/out/w/mvd/sub"; do
                case $c in busybox*) command -v busybox >/dev/null || continue ;; esac
                run "$who" read-only "$c"
                t_check "$who/read-only: '$c', a directory moved into itself, is the command's failure, the directory kept (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0 -a -d "$T/out/w/mvd/sub"
        done
        # ... not a symlink to a directory, which the host moves into it
        run "$who" read-only "mv $T/out/w/lnk $T/out/w/lnk/x"
        t_check "$who/read-only: a symlink to a directory moved into it is denied, the link kept (verdict $(verdict): $(err "$who"))" \
                test "$(verdict)" = denied -a -L "$T/out/w/lnk" -a ! -e "$T/out/w/empty/x"
        # ... nor a name printed relative, of the directory mv ran in: a Python chdir there that
        # sbx does not follow, whose mvrel is the symlink, not the workspace's directory (before:
        # asked of the workspace's, task_failure)
        run "$who" read-only "python3 -c \"import os; os.chdir('$T/out/w/chd'); os.execvp('mv', ['mv', 'mvrel', 'mvrel/x'])\""
        t_check "$who/read-only: a relative symlink to a directory moved into it after a chdir is denied, the link kept (verdict $(verdict): $(err "$who"))" \
                test "$(verdict)" = denied -a -L "$T/out/w/chd/mvrel" -a ! -e "$T/out/w/mvt/x"
        run "$who" read-only "mv $T/out/w/mvd $T/out/w/mvd2"
        t_check "$who/read-only: a directory moved beside itself is denied, and still there (verdict $(verdict): $(err "$who"))" \
                test "$(verdict)" = denied -a -d "$T/out/w/mvd/sub" -a ! -e "$T/out/w/mvd2"
        run "$who" read-only "unlink $T/out/w/file"
        t_check "$who/read-only: unlink of a file outside the workspace is denied, the file its path and still there (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path):$([ -f "$T/out/w/file" ] && echo kept)" = "denied:$T/out/w/file:kept"
        run "$who" read-only "rmdir $T/out/w/empty"
        t_check "$who/read-only: rmdir of an empty directory outside the workspace is denied, the directory its path and still there (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path):$([ -d "$T/out/w/empty" ] && echo kept)" = "denied:$T/out/w/empty:kept"
        # ... and so are they where a program moved to their directory (find -execdir prints
        # ./empty: not the workspace's, where the host has no such name; no directory claimed)
        for c in "find $T/out/w -name empty -execdir rmdir {} +" "find $T/out/w -name file -execdir unlink {} +"; do
                run "$who" read-only "$c"
                t_check "$who/read-only: '$c' outside the workspace is denied, no path claimed, the name still there (verdict $(verdict), path $(denial_path), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines):$(denial_path)" = denied:1:None -a -d "$T/out/w/empty" -a -f "$T/out/w/file"
        done
        # ... and unlink of a symlink to a directory, which removes the link (not followed:
        # before, asked of the directory and read as EISDIR)
        run "$who" read-only "unlink $T/out/w/lnk"
        t_check "$who/read-only: unlink of a symlink to a directory outside the workspace is denied, the link its path and still there (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path):$([ -L "$T/out/w/lnk" ] && echo kept)" = "denied:$T/out/w/lnk:kept"
        # touch of a file whose times the host lets the user set and whose open for writing it
        # refuses (nobody's own 0444 file; as root another user's 0644 file, which root inside the
        # user namespace may not open, the owner unmapped): touch prints the open's EACCES, the
        # read-only bind's EROFS of the times hidden (it read task_failure); the times unchanged
        for mode in read-only workspace-write; do
                for opt in "" -c; do
                        SHELL_RUN=(touch $opt)
                        run "$who" "$mode" "$T/out/times-$who"
                        t_check "$who/$mode: touch${opt:+ $opt} of a file outside whose times the host lets the user set is denied, the file its path, its times unchanged (verdict $(verdict), path $(denial_path), mtime $(stat -c %Y "$T/out/times-$who"): $(err "$who"))" \
                                test "$(verdict):$(denial_path):$(stat -c %Y "$T/out/times-$who")" = "denied:$T/out/times-$who:$TIMES"
                done
        done
        # touch of root's 0666 append-only file: its open for writing is EPERM on the host too,
        # which touch prints ("Operation not permitted", no signature), then the current time,
        # which the host lets whoever may write the file set and the read-only bind refuses
        # (EROFS, unprinted): denied, its path, its times unchanged (it read task_failure); in
        # the workspace too in read-only mode, bound read-only there. Given times the host refuses
        # an append-only file, root's too: the command's failure, no denial line
        if [ -n "$APPEND" ]; then
                for f in "out/append read-only" "out/append workspace-write" "ws/append read-only"; do
                        set -- $f
                        SHELL_RUN=(touch)
                        run "$who" "$2" "$T/$1"
                        t_check "$who/$2: touch of root's 0666 append-only file $1 is denied, the file its path, its times unchanged (verdict $(verdict), path $(denial_path), mtime $(stat -c %Y "$T/$1"): $(err "$who"))" \
                                test "$(verdict):$(denial_path):$(stat -c %Y "$T/$1")" = "denied:$T/$1:$TIMES"
                        SHELL_RUN=(touch -d 2002-02-02)
                        run "$who" "$2" "$T/$1"
                        t_check "$who/$2: touch -d of root's 0666 append-only file $1, whose given times the host refuses root too, is the command's failure (verdict $(verdict), mtime $(stat -c %Y "$T/$1"): $(err "$who"))" \
                                test "$(verdict):$(t_json_field "$V" denial_lines):$(stat -c %Y "$T/$1")" = "task_failure:0:$TIMES"
                done
        else
                t_diag "skipped: chattr +a refused on $T (the file system has no append-only attribute)"
        fi
        # touch -d of another user's 0666 file in the workspace: root's given times, which the host
        # lets root set (CAP_FOWNER) and the command, keeping no capability, may not (EPERM,
        # "setting times of"): denied (it read task_failure); nobody's, the host's refusal too
        SHELL_RUN=(touch -d 2002-02-02)
        run "$who" workspace-write "$T/ws/times-other"
        want=denied:1
        [ "$who" = root ] || want=task_failure:0
        t_check "$who/workspace-write: touch -d of another user's 0666 file in the workspace: $want (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines, mtime $(stat -c %Y "$T/ws/times-other"): $(err "$who"))" \
                test "$(verdict):$(t_json_field "$V" denial_lines):$(stat -c %Y "$T/ws/times-other")" = "$want:$TIMES"
        # unzip into another user's 0755 directory in the workspace, which the host lets root
        # write by its capabilities: its errno on an indented line of its own after the line
        # naming the directory, read with it (chained_path()): root's denied (it read
        # task_failure, no name on the fifo-denial line); nobody's, the host's refusal
        if command -v unzip >/dev/null; then
                SHELL_RUN=(bash -c)
                run "$who" workspace-write "unzip -q -o z.zip -d odir"
                want=denied:$T/ws/odir/d
                [ "$who" = root ] || want=task_failure:
                t_check "$who/workspace-write: unzip into another user's 0755 directory in the workspace: ${want%%:*} (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                        test "$(verdict):$(denial_path):$(ls -A "$T/ws/odir")" = "$want:"
                # ... a directory with a space in its name: unzip prints the name as it is, read
                # whole (review53: "cannot create o dir/d" read as dir/d, a name the host does
                # not have: root's task_failure)
                run "$who" workspace-write "unzip -q -o z.zip -d 'o dir'"
                want="denied:$T/ws/o dir/d"
                [ "$who" = root ] || want=task_failure:
                t_check "$who/workspace-write: unzip into another user's 0755 directory with a space in its name: ${want%%:*} (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                        test "$(verdict):$(denial_path):$(ls -A "$T/ws/o dir")" = "$want:"
        else
                t_diag "skipped: no unzip"
        fi
        # find's exec of a pipe (-exec, -execdir; `;` and `+`) prints the line of a refused
        # -fprint of it: read from the argv, the exec's failure, no denial line (it counted one in
        # a success); its -fprint, the sandbox's refusal, stays denied
        for act in -exec -execdir; do
                for end in ';' +; do
                        want=success:0
                        [ "$end" = + ] && want=task_failure:0
                        SHELL_RUN=(find "$T/ws" -maxdepth 0 "$act" "$T/out/fifo")
                        [ "$end" = + ] && SHELL_RUN+=('{}')
                        run "$who" workspace-write "$end"
                        t_check "$who/workspace-write: find $act PIPE $end, a run of the pipe, no denial line (verdict $(verdict), $(t_json_field "$V" denial_lines) denial lines: $(err "$who"))" \
                                test "$(verdict):$(t_json_field "$V" denial_lines)" = "$want"
                done
        done
        SHELL_RUN=(find "$T/ws" -maxdepth 0 -fprint)
        run "$who" workspace-write "$T/out/fifo"
        t_check "$who/workspace-write: find -fprint PIPE is denied, the pipe its path (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                test "$(verdict):$(denial_path)" = "denied:$T/out/fifo"
        if [ "$who" != root ]; then
                # root's file: the host refuses nobody its times too
                SHELL_RUN=(touch)
                run nobody read-only "$T/out/secret"
                t_check "nobody/read-only: touch of root's 0600 file, whose times the host refuses nobody, is the command's failure (verdict $(verdict): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines)" = task_failure:0
                # times given (-d) of root's 0666 file, which only its owner may give (EPERM on the
                # host too): the command's failure (it read denied), the times unchanged
                SHELL_RUN=(touch -d 2002-02-02)
                run nobody read-only "$T/out/times-given"
                t_check "nobody/read-only: touch -d of root's 0666 file, whose given times the host refuses nobody, is the command's failure, its times unchanged (verdict $(verdict), mtime $(stat -c %Y "$T/out/times-given"): $(err nobody))" \
                        test "$(verdict):$(t_json_field "$V" denial_lines):$(stat -c %Y "$T/out/times-given")" = "task_failure:0:$TIMES"
                # a relative name after a Python chdir sbx does not follow (-c, a script file):
                # of no directory known, no path claimed, denied; before, asked of the
                # workspace's cdsub/f, which the host refuses nobody (the 0555 directory of
                # root's), task_failure, while the sandbox refused cdd/cdsub/f, which it allows
                SHELL_RUN=(python3 -c)
                run nobody read-only "import os; os.chdir('$T/out/cdd'); open('cdsub/f', 'w')"
                t_check "nobody/read-only: open('cdsub/f', 'w') after a Python chdir outside is denied, no path claimed, nothing written (verdict $(verdict), path $(denial_path): $(err nobody))" \
                        test "$(verdict):$(denial_path)" = "denied:None" -a ! -e "$T/out/cdd/cdsub/f"
                SHELL_RUN=(python3)
                run nobody read-only "$T/ws/cd.py"
                t_check "nobody/read-only: a script file's open('cdsub/f', 'w') after its chdir outside is denied, no path claimed, nothing written (verdict $(verdict), path $(denial_path): $(err nobody))" \
                        test "$(verdict):$(denial_path)" = "denied:None" -a ! -e "$T/out/cdd/cdsub/f"
                # ... and a child's touch run there, subprocess's cwd keyword spaced (`cwd = D`): it
                # read task_failure, asked of the workspace's cdsub/f
                SHELL_RUN=(python3 -c)
                run nobody read-only "import subprocess; subprocess.run(['touch', 'cdsub/f'], cwd = '$T/out/cdd', check=True)"
                t_check "nobody/read-only: a child's touch cdsub/f in subprocess's cwd = D outside is denied, no path claimed, nothing written (verdict $(verdict), path $(denial_path): $(err nobody))" \
                        test "$(verdict):$(denial_path)" = "denied:None" -a ! -e "$T/out/cdd/cdsub/f"
                # touch -h of a symlink to root's 0600 file: the link's own times, which the host
                # lets anyone set, are asked of (it was asked of the target: task_failure)
                SHELL_RUN=(touch -h)
                run nobody read-only "$T/out/link-secret"
                t_check "nobody/read-only: touch -h of a symlink to root's 0600 file is denied, the link its path, its times unchanged (verdict $(verdict), path $(denial_path), mtime $(find "$T/out/link-secret" -maxdepth 0 -printf '%T@'): $(err nobody))" \
                        test "$(verdict):$(denial_path):$(find "$T/out/link-secret" -maxdepth 0 -printf '%T@' | cut -d. -f1)" = "denied:$T/out/link-secret:$TIMES"
                # ... and where sbx cannot read the touch's argv (an option abbreviated, a
                # script's touch): either way the host lets it, denied (review50: before, asked
                # of the target alone, task_failure 0)
                for how in "touch --no-deref" "sh -c 'touch -h \$0; false'"; do
                        eval "SHELL_RUN=($how)"
                        run nobody read-only "$T/out/link-secret"
                        t_check "nobody/read-only: ${SHELL_RUN[*]} of a symlink to root's 0600 file is denied, the link its path (verdict $(verdict), path $(denial_path): $(err nobody))" \
                                test "$(verdict):$(denial_path):$(find "$T/out/link-secret" -maxdepth 0 -printf '%T@' | cut -d. -f1)" = "denied:$T/out/link-secret:$TIMES"
                done
        fi
        # GNU binutils loses the errno of a file it could not make (BFD): ranlib's and ar's "could
        # not create temporary file whilst writing archive" (no name), strip's in place "X: could
        # not create temporary file to hold stripped copy: cause of error unknown", objcopy's and
        # strip -o's "X: Bad file descriptor", the same for the host's refusal: the file read from
        # the argv, in a directory the host lets the user write, denied, the file its path (before,
        # task_failure); in root's 0755 directory as nobody, the host's refusal, task_failure
        if [ -n "$BFD" ]; then
                SHELL_RUN=(sh -c)
                for dir in bfd bfd-root; do
                        for row in "lib.a|ranlib $T/out/$dir/lib.a" "lib.a|ar rcs $T/out/$dir/lib.a $T/ws/member.txt" \
                                "prog|strip $T/out/$dir/prog" "new|objcopy $T/out/$dir/prog $T/out/$dir/new" \
                                "new|strip -o $T/out/$dir/new $T/out/$dir/prog" "prog|objcopy --strip-debug $T/out/$dir/prog"; do
                                want="denied:$T/out/$dir/${row%%|*}"
                                [ $who/$dir = nobody/bfd-root ] && want=task_failure:
                                run "$who" workspace-write "${row#*|}"
                                t_check "$who/workspace-write: ${row#*|} is $want, nothing made (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                                        test "$(verdict):$(denial_path)" = "$want" -a ! -e "$T/out/$dir/new"
                        done
                done
                # objcopy's new output over root's 0644 file: its open (fopen "w") is refused
                # nobody by the host too, whatever the directory allows: task_failure (before,
                # denied, the directory asked of); root's, denied
                want=denied:$T/out/bfd/ro.o
                [ $who = nobody ] && want=task_failure:
                run "$who" workspace-write "objcopy $T/out/bfd/prog $T/out/bfd/ro.o"
                t_check "$who/workspace-write: objcopy over root's 0644 file outside is $want, the file unchanged (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                        test "$(verdict):$(denial_path):$(cat "$T/out/bfd/ro.o")" = "$want:x"
        fi
        # ncurses' tic of a terminfo directory outside the workspace (-o DIR, anyone's): its
        # access(2) refused, then $HOME/.terminfo's, printed "X: permission denied (errno 30)",
        # EROFS by number: denied, the home's .terminfo its path, nothing made in DIR (before:
        # task_failure, bubblewrap's plain "permission denied" being the host's). Skipped without tic.
        if [ -s "$T/ws/x.ti" ]; then
                SHELL_RUN=(tic -o "$T/out/w/ti")
                run "$who" workspace-write "$T/ws/x.ti"
                t_check "$who/workspace-write: tic -o DIR outside is denied, \$HOME/.terminfo its path, nothing made (verdict $(verdict), path $(denial_path): $(err "$who"))" \
                        test "$(verdict):$(denial_path | sed 's|.*/||'):$(ls -A "$T/out/w/ti")" = "denied:.terminfo:"
        else
                t_diag "skipped: no tic or infocmp"
        fi
        # a host listener on an abstract unix socket (an X server's, a D-Bus bus: no file to
        # govern, no permission bits; bubblewrap keeps the host's network namespace): from Landlock
        # ABI 6 the launcher's domain scopes them, EPERM, the command's own still connect (before:
        # the listener took a line from every run, either mode and user)
        if [ "$ABI" -ge 6 ]; then
                name=sbx-bw-abstract-$$-$who
                : >"$T/abstract.got"
                /usr/bin/python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind("\0" + sys.argv[1]); s.listen(4)
with open(sys.argv[2], "ab", buffering=0) as f:
    while True:
        c, _ = s.accept()
        f.write(c.recv(100))' "$name" "$T/abstract.got" &
                listener=$!
                for _ in $(seq 100); do grep -q "@$name\$" /proc/net/unix && break; sleep 0.05; done
                SHELL_RUN=(/usr/bin/python3 -c)
                for mode in read-only workspace-write; do
                        run "$who" "$mode" 'import socket, sys
name = "'"$name"'"
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    s.connect("\0" + name); s.send(b"pwned"); print("host connected", file=sys.stderr)
except OSError as e:
    print("host", e.strerror, file=sys.stderr)
own = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); own.bind("\0" + name + "-own"); own.listen(1)
c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); c.connect("\0" + name + "-own"); print("own-connected", file=sys.stderr)'
                        t_check "$who/$mode: a host's abstract unix socket is out of reach, the command's own is not (exit $RC: $(err "$who"))" \
                                test "$RC:$(err "$who")" = "0:host Operation not permitted own-connected "
                done
                sleep 0.2 # what a connection sent, read before the listener ends
                kill "$listener"
                wait "$listener" 2>/dev/null
                t_check "$who: the host's abstract listener got nothing ($(cat "$T/abstract.got"))" test ! -s "$T/abstract.got"
        fi
done

# ---- the host's mqueue file systems --------------------------------------------------------------
# An mqueue mount shows its IPC namespace's queues, the host's whatever the sandbox's own, and a
# queue's file opened for reading let a read-only run take the host's message (escape review 54):
# the launcher covers each one. One beneath the sandbox's own /dev (systemd's /dev/mqueue; here one
# on /dev/shm) is out of reach for good and needs no cover; one beneath a directory the user may
# not search (root's 0700) cannot be covered, and a chmod or a rename on the host could open the
# way to it: the run is refused (runner_failure, 125), for nobody; root reaches it and covers it.
# Both mounts are made in a mount namespace of the test's own.
if t_is_root && unshare -m --propagation private true 2>/dev/null; then
        mkdir -p "$T/mqpriv/mq" && chmod 700 "$T/mqpriv"
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                out=$(unshare -m --propagation private sh -c \
                        'mount -t mqueue sbxmq "$1/mq" && mount -t mqueue sbxmq /dev/shm && shift && exec "$@"' sh "$T/mqpriv" \
                        "${pre[@]}" timeout 60 "$bin" run --db "$db" --backend bwrap --mode read-only --root "$T/ws" -- \
                        sh -c 'ls -A "$1" /dev/shm; echo ran' sh "$T/mqpriv/mq" 2>&1 </dev/null)
                # (the command's stderr reaches the caller through sbx, its stdout directly: in
                # either order)
                rc=$?
                if [ "$who" = root ]; then
                        t_check "root: the host's mqueue mount covered (its directory refused), the one beneath /dev out of reach: the run goes on (exit $rc: $(echo "$out" | tr '\n' ' ' | cut -c1-160))" \
                                eval '[ "$rc" = 0 ] && [[ "$out" == *"$T/mqpriv/mq"*"Permission denied"* ]] && grep -qx ran <<<"$out"'
                else
                        t_check "$who: the host's mqueue mount beneath root's 0700 directory refuses the run (exit $rc: $(echo "$out" | tr '\n' ' ' | cut -c1-160))" \
                                eval '[ "$rc" = 125 ] && [[ "$out" == *"cannot reach the message queues mounted at $T/mqpriv/mq to cover them"* ]] && ! grep -qx ran <<<"$out"'
                fi
        done
        # a command that reaches a covered mount (one where the user may reach it) is refused by
        # the cover, EACCES: the sandbox's refusal, denied, its path recorded, whatever the host's
        # mqueue allows (escape54 left it: task_failure, root and nobody)
        mkdir -p "$T/mqpub/mq" && chmod 755 "$T/mqpub"
        for who in "${WHO[@]}"; do
                t_as_user "$who"
                v=$T/tmp-$who/mq.json
                for c in "touch MQ/x" "ls MQ" "echo x > MQ/y" "cat MQ/z"; do
                        rm -f "$v"
                        out=$(unshare -m --propagation private sh -c 'mount -t mqueue sbxmq "$1" && shift && exec "$@"' sh \
                                "$T/mqpub/mq" "${pre[@]}" timeout 60 "$bin" run --db "$db" --backend bwrap --mode read-only \
                                --root "$T/ws" --verdict-json "$v" -c "${c//MQ/$T/mqpub/mq}" 2>&1 </dev/null)
                        want=$T/mqpub/mq/x
                        case $c in ls*) want=$T/mqpub/mq ;; echo*) want=$T/mqpub/mq/y ;; cat*) want=$T/mqpub/mq/z ;; esac
                        t_check "$who: \`$c\` beneath the host's covered mqueue mount: denied, $want ($(echo "$out" | head -c 160))" \
                                python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [sys.argv[2]], o' "$v" "$want"
                done
        done
else
        echo "note - not root, or no mount namespace of the test's own: the mqueue cover checks not applicable"
fi
t_finish
