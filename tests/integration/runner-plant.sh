#!/usr/bin/env bash
# A runner that is not there yet cannot be planted by a confined command where sbx would look for
# it: a place sbx looks at before the runner it uses (a bare name in the system's directories, in
# order, or the path the configuration names) that lies inside the writable workspace refuses the
# workspace-write run (125). Before, the command planted a fake runner there and the next sbx
# executed it unconfined (its probe), or as the sandbox's runner. The fake runners here leave a
# marker outside every workspace and hand over to the real bubblewrap.
set -u
. "$(dirname "$0")/lib-common.sh"

t_require_sbx
T=$(t_mktemp_dir)
trap t_cleanup EXIT
BWRAP=$(command -v bwrap) || t_skip_all "bwrap is not installed"
unset SBX_CONFIG SBX_DB SBX_SESSION
export SBX_AUDIT_WRITER=off XDG_CACHE_HOME=$T/cache
mkdir -p "$T/ws" "$T/other" "$T/out"

# the fake runner, written by the confined command: $1 marker dir, $2 real bwrap, $3 destination
plant='printf "#!/bin/sh\necho ran >> %s/marker\nexec %s \"\$@\"\n" "$1" "$2" > "$3" && chmod 755 "$3" && echo PLANTED'

# ---- a runner path in the configuration that does not exist yet, inside the workspace ----------
printf 'bwrap = %s\n' "$T/ws/bin/bwrap" >"$T/config"
chmod 600 "$T/config"
for how in chain --backend=landlock; do
        sel=()
        [ "$how" = chain ] || sel=("$how")
        rm -rf "$T/ws/bin" "$T/out/marker" "$XDG_CACHE_HOME"
        mkdir -p "$T/ws/bin"
        out=$(cd "$T/ws" && SBX_CONFIG=$T/config "$SBX_BIN" run --db "$T/audit.db" "${sel[@]}" --root "$T/ws" -- \
                sh -c "$plant" sh "$T/out" "$BWRAP" "$T/ws/bin/bwrap" 2>"$T/err")
        rc=$?
        t_check "configured bwrap missing inside the workspace, $how: the run is refused (rc=$rc, $(head -c 300 "$T/err"))" \
                test $rc -eq 125
        t_check "... nothing was planted ($out)" test ! -e "$T/ws/bin/bwrap"
        t_check "... and the refusal names the place" grep -q "at $T/ws/bin/bwrap, inside the writable workspace" "$T/err"
        (cd "$T/other" && SBX_CONFIG=$T/config "$SBX_BIN" run --db "$T/audit.db" --root "$T/other" -- true) >/dev/null 2>&1
        t_check "... and the next run (chain, another workspace) executed no planted runner" test ! -e "$T/out/marker"
done
# the same workspace in read-only grants nothing to write: it runs
(cd "$T/ws" && SBX_CONFIG=$T/config "$SBX_BIN" run --db "$T/audit.db" --mode read-only --root "$T/ws" -- true) 2>"$T/err"
t_check "read-only in that workspace runs (rc=$?)" test $? -eq 0
# a workspace that holds none of the places is not affected
(cd "$T/other" && SBX_CONFIG=$T/config "$SBX_BIN" run --db "$T/audit.db" --root "$T/other" -- true) 2>"$T/err"
t_check "workspace-write elsewhere runs (rc=$?)" test $? -eq 0

# ---- a configured runner path that is a symlink to nothing yet, inside the workspace -----------
# (a bwrap linked to a build tree that was cleaned): the place the runner is made is where the
# symlink leads, not where the symlink is. Before, the run went on and the next sbx executed
# what the command put there.
mkdir -p "$T/rbin" "$T/ws3/build"
ln -s ../ws3/build/bwrap "$T/rbin/bwrap"
printf 'bwrap = %s\n' "$T/rbin/bwrap" >"$T/config-link"
chmod 600 "$T/config-link"
rm -f "$T/out/marker"
out=$(cd "$T/ws3" && SBX_CONFIG=$T/config-link "$SBX_BIN" run --db "$T/audit.db" --root "$T/ws3" -- \
        sh -c "$plant" sh "$T/out" "$BWRAP" "$T/ws3/build/bwrap" 2>"$T/err")
rc=$?
t_check "configured bwrap a dangling symlink into the workspace: the run is refused (rc=$rc, $(head -c 300 "$T/err"))" \
        test $rc -eq 125
t_check "... nothing was planted ($out)" test ! -e "$T/ws3/build/bwrap"
(cd "$T/other" && SBX_CONFIG=$T/config-link "$SBX_BIN" run --db "$T/audit.db" --root "$T/other" -- true) >/dev/null 2>&1
t_check "... and the next run executed no planted runner" test ! -e "$T/out/marker"

# ---- a bare name: a system directory looked at before the real one, inside the workspace -------
# /usr/local/sbin comes first in the lookup; in a private mount namespace it is a tmpfs that the
# test makes the workspace (root's workspace of /usr/local, say)
if ! t_is_root; then
        t_ok "bare-name lookup # SKIP not running as root"
elif [ ! -d /usr/local/sbin ] || [ -e /usr/local/sbin/bwrap ] || ! unshare -m true 2>/dev/null; then
        t_ok "bare-name lookup # SKIP no private mount namespace, or /usr/local/sbin missing or holding bwrap"
else
        rm -f "$T/out/marker"
        unshare -m --propagation private bash -c '
                mount -t tmpfs tmpfs /usr/local/sbin || exit 99
                cd /usr/local/sbin || exit 99
                "$1" run --db "$2/audit.db" --root /usr/local/sbin -- sh -c "$3" sh "$2/out" "$4" /usr/local/sbin/bwrap \
                        >"$2/bare.out" 2>"$2/bare.err"
                echo $? >"$2/bare.rc"
                test -e /usr/local/sbin/bwrap && echo present >"$2/bare.planted"
                cd "$2/other" && "$1" run --db "$2/audit.db" --root "$2/other" -- true >/dev/null 2>&1
                exit 0' bash "$SBX_BIN" "$T" "$plant" "$BWRAP"
        t_check "workspace /usr/local/sbin (before $BWRAP in the lookup): refused (rc=$(cat "$T/bare.rc" 2>/dev/null), $(head -c 300 "$T/bare.err"))" \
                test "$(cat "$T/bare.rc" 2>/dev/null)" = 125
        t_check "... no bwrap was planted in /usr/local/sbin" test ! -e "$T/bare.planted"
        t_check "... and the next run executed no planted runner" test ! -e "$T/out/marker"
fi

# ---- an installed sbx reached through a symlink (GNU stow) -------------------------------------
# bindir/sbx and libexecdir/sbx-landlock are symlinks into a package directory: the sbx that runs
# is the installed one, and its launcher is libexecdir's. Taking the directory the executable
# really lies in for a relocated copy named a launcher next to it, where there is none: no
# backend was usable and every confined run was refused.
BINDIR=$(sed -n 's/^#define SBX_BINDIR "\(.*\)"$/\1/p' "${SBX_BUILD_ROOT:-$(dirname "$SBX_BIN")/..}/sbx-config.h" 2>/dev/null)
LIBEXECDIR=$(sed -n 's/^#define SBX_LIBEXECDIR "\(.*\)"$/\1/p' "${SBX_BUILD_ROOT:-$(dirname "$SBX_BIN")/..}/sbx-config.h" 2>/dev/null)
TOP=$(dirname "$BINDIR")
LL=${SBX_LANDLOCK_EXE:-$(dirname "$SBX_BIN")/sbx-landlock}
if ! t_is_root; then
        t_ok "symlinked install # SKIP not running as root"
elif [ -z "$BINDIR" ] || [ "$TOP" = / ] || [ "${LIBEXECDIR#"$TOP"/}" = "$LIBEXECDIR" ] || [ ! -x "$LL" ] ||
        ! unshare -m true 2>/dev/null; then
        t_ok "symlinked install # SKIP no private mount namespace, sbx-landlock, or bindir and libexecdir apart"
else
        mkdir -p "$T/stow/bin" "$T/stow/libexec" "$T/ws4"
        cp "$SBX_BIN" "$T/stow/bin/sbx" && cp "$LL" "$T/stow/libexec/sbx-landlock"
        unshare -m --propagation private bash -c '
                mount -t tmpfs tmpfs "$1" && mkdir -p "$2" "$3" || exit 99
                ln -s "$4/stow/bin/sbx" "$2/sbx" && ln -s "$4/stow/libexec/sbx-landlock" "$3/sbx-landlock" || exit 99
                cd "$4/ws4" && XDG_CACHE_HOME=$4/stow-cache "$2/sbx" run --db "$4/audit.db" --root "$4/ws4" -- \
                        sh -c "echo data > \"\$0\"" "$4/ws4/f" >"$4/stow.out" 2>"$4/stow.err"
                echo $? >"$4/stow.rc"' bash "$TOP" "$BINDIR" "$LIBEXECDIR" "$T"
        t_check "sbx installed as symlinks into a package directory runs a confined command (rc=$(cat "$T/stow.rc" 2>/dev/null), $(head -c 300 "$T/stow.err"))" \
                bash -c '[ "$(cat "$0/stow.rc")" = 0 ] && [ -f "$0/ws4/f" ]' "$T"
fi

# ---- a runner that another user could replace ---------------------------------------------------
# A relocated copy of sbx takes the launcher next to it. When that launcher, or the directory it
# lies in, is another user's or writable by group or others, that user could swap it: before,
# sbx executed it all the same, unconfined in the Landlock probe and as the first process of the
# bubblewrap sandbox (where a root run then kept its capabilities, remounted / writable and wrote
# /usr). Such a runner is refused like an untrusted config file: no backend, 125, nothing executed.
t_who "$T/who"
mkdir -p "$T/rmark" && chmod 777 "$T/rmark"
fake_ll='#!/bin/sh
echo "ran $(id -u)" >> '"$T"'/rmark/marker 2>/dev/null
while [ $# -gt 0 ] && [ "$1" != -- ]; do shift; done
shift
exec "$@"
'
for who in "${WHO[@]}"; do
        for how in group-writable other-owner dir-writable named-dir-writable parent-other trusted own-group; do
                d=$T/rl-$who-$how
                st=$d/state
                # (the record's directory may not lie below another user's either: kept apart)
                [ "$how" = parent-other ] && st=$T/rl-state-$who
                mkdir -p "$d/bin" "$d/ws" "$st"
                cp "$SBX_BIN" "$d/bin/sbx"
                printf '%s' "$fake_ll" >"$d/bin/sbx-landlock"
                chmod 755 "$d" "$d/bin" "$d/bin/sbx" "$d/bin/sbx-landlock"
                unmade=
                case $how in
                group-writable) chgrp 12345 "$d/bin/sbx-landlock" 2>/dev/null && chmod 775 "$d/bin/sbx-landlock" ||
                        unmade=yes ;;
                other-owner) chown 12345 "$d/bin/sbx-landlock" 2>/dev/null || unmade=yes ;;
                dir-writable) chmod 777 "$d/bin" ;;
                # a trusted launcher, but named through a symlink in a directory others may write:
                # they choose which file that name leads to
                named-dir-writable) mkdir -p "$d/real" && cp "$LL" "$d/real/sbx-landlock" &&
                        chmod 755 "$d/real" "$d/real/sbx-landlock" && ln -sf ../real/sbx-landlock "$d/bin/sbx-landlock" &&
                        chmod 777 "$d/bin" ;;
                # the launcher and its directory the caller's or root's, but the directory above
                # another user's: they could swap bin/ for theirs between sbx's check and its exec
                # (review: uid 4242 did, in a loop, and 2 of 60 root runs executed its script)
                parent-other) chown 12345 "$d" 2>/dev/null || unmade=yes ;;
                trusted) cp "$LL" "$d/bin/sbx-landlock" && chmod 755 "$d/bin/sbx-landlock" ;;
                # a build tree or copy made under umask 002: the caller's own file and group
                own-group) cp "$LL" "$d/bin/sbx-landlock" && cp "$SBX_BIN" "$d/bin/sbx" && chmod 775 "$d/bin" "$d/bin/sbx-landlock" ;;
                esac
                # only root gives a file to another user or to a group it is not in: an ordinary
                # user's launcher stayed its own, trusted (it ran, and the run worked)
                if [ -n "$unmade" ]; then
                        if t_is_root; then
                                t_check "$who, relocated sbx, launcher $how: uid or gid 12345 given to it" false
                        else
                                t_ok "$who, relocated sbx, launcher $how # SKIP not root: cannot give it to another user or group"
                        fi
                        continue
                fi
                run=()
                if [ "$who" = nobody ]; then
                        chown -R 65534:65534 "$d/ws" "$st"
                        [ "$how" = own-group ] && chown -R 65534:65534 "$d/bin"
                        run=("${T_NOBODY[@]}")
                fi
                rm -f "$T/rmark/marker"
                (cd "$d/ws" && env HOME="$st" XDG_CACHE_HOME="$st/cache" "${run[@]}" "$d/bin/sbx" run \
                        --db "$st/audit.db" --root "$d/ws" -- sh -c 'echo data > f') >/dev/null 2>"$d/err"
                rc=$?
                # nobody's group 65534 is "nogroup", also other accounts' primary group (sync,
                # _apt on Debian): not nobody's own, so its group-writable launcher is refused
                if [ "$how" = own-group ] && [ "$who" = nobody ] && [ "$(getent group 65534 | cut -d: -f1)" != nobody ]; then
                        t_check "nobody, relocated sbx, a launcher group 65534 may write (a shared group): refused (rc=$rc)" \
                                bash -c '[ "$0" = 125 ] && [ ! -e "$1/ws/f" ]' "$rc" "$d"
                        t_check "... and the refusal says why" grep -q "another user than you or root owns it or may write it" "$d/err"
                        continue
                fi
                if [ "$how" = trusted ] || [ "$how" = own-group ]; then
                        t_check "$who, relocated sbx, its own launcher beside it ($how): the run works (rc=$rc, $(head -c 300 "$d/err"))" \
                                bash -c '[ "$0" = 0 ] && [ -f "$1/ws/f" ]' "$rc" "$d"
                        continue
                fi
                t_check "$who, relocated sbx, launcher $how: the run is refused (rc=$rc, $(head -c 300 "$d/err"))" \
                        bash -c '[ "$0" = 125 ] && [ ! -e "$1/ws/f" ]' "$rc" "$d"
                t_check "... and the replaceable launcher never ran ($(cat "$T/rmark/marker" 2>/dev/null))" \
                        test ! -e "$T/rmark/marker"
                t_check "... and the refusal says why" grep -q "another user than you or root owns it or may write it" "$d/err"
        done
done

# ---- a runner with a second name (a hard link) inside the workspace -----------------------------
# sbx keeps its runners and itself read-only by their real paths; another name of the same file in
# the workspace was writable there. Before, a workspace-write command rewrote a relocated sbx's
# launcher through such a link (both backends run it), and the next run executed the script: as
# bubblewrap's first process, before the capabilities are dropped. perf's build-id cache
# (~/.debug) holds such links to every binary it profiled, /usr/bin/bwrap among them. Now the
# run is refused when the workspace holds another name of a runner or of sbx; a link outside
# the workspace (on the same file system) refuses nothing.
if [ ! -x "$LL" ]; then
        t_ok "hard-linked runner # SKIP sbx-landlock is not built"
else
        # (from a directory that holds none of sbx's files: the build tree holds the launcher)
        cd "$T/other" || exit 1
        t_usable_backends "$T/audit.db"
        cd - >/dev/null || exit 1
        for who in "${WHO[@]}"; do
                for what in launcher sbx elsewhere; do
                        d=$T/hl-$who-$what
                        mkdir -p "$d/bin" "$d/ws/sub" "$d/else" "$d/state"
                        cp "$SBX_BIN" "$d/bin/sbx" && cp "$LL" "$d/bin/sbx-landlock"
                        chmod 755 "$d" "$d/bin" "$d/bin/sbx" "$d/bin/sbx-landlock"
                        run=()
                        if [ "$who" = nobody ]; then
                                chown -R 65534:65534 "$d/bin" "$d/ws" "$d/state" "$d/else"
                                run=("${T_NOBODY[@]}")
                        fi
                        case $what in
                        launcher) ln "$d/bin/sbx-landlock" "$d/ws/sub/link" ;;
                        sbx) ln "$d/bin/sbx" "$d/ws/sub/link" ;;
                        elsewhere) ln "$d/bin/sbx-landlock" "$d/else/link" ;;
                        esac
                        cp "$d/bin/sbx-landlock" "$d/ll.orig" && cp "$d/bin/sbx" "$d/sbx.orig"
                        for b in "${BACKENDS[@]}"; do
                                (cd "$d/ws" && env HOME="$d/state" XDG_CACHE_HOME="$d/state/cache" "${run[@]}" \
                                        "$d/bin/sbx" run --backend "$b" --db "$d/state/audit.db" --root "$d/ws" -- \
                                        sh -c 'if [ -e sub/link ]; then echo forged > sub/link; fi; echo data > f') \
                                        >/dev/null 2>"$d/err"
                                rc=$?
                                if [ "$what" = elsewhere ]; then
                                        t_check "$who, $b, the launcher hard-linked outside the workspace: the run works (rc=$rc, $(head -c 300 "$d/err"))" \
                                                bash -c '[ "$0" = 0 ] && [ -f "$1/ws/f" ]' "$rc" "$d"
                                        rm -f "$d/ws/f"
                                        continue
                                fi
                                t_check "$who, $b, the $what hard-linked into the workspace: refused (rc=$rc, $(head -c 300 "$d/err"))" \
                                        bash -c '[ "$0" = 125 ] && [ ! -e "$1/ws/f" ]' "$rc" "$d"
                                t_check "... the $what is unchanged" \
                                        bash -c 'cmp -s "$0/bin/sbx-landlock" "$0/ll.orig" && cmp -s "$0/bin/sbx" "$0/sbx.orig"' "$d"
                                t_check "... and the refusal names the link" grep -q "holds $d/ws/sub/link, another name" "$d/err"
                        done
                        [ "$what" = elsewhere ] && continue
                        # read-only grants nothing to write: it runs
                        (cd "$d/ws" && env HOME="$d/state" XDG_CACHE_HOME="$d/state/cache" "${run[@]}" \
                                "$d/bin/sbx" run --mode read-only --db "$d/state/audit.db" --root "$d/ws" -- true) 2>"$d/err"
                        rc=$?
                        t_check "$who, the $what hard-linked into the workspace, read-only: runs (rc=$rc, $(head -c 300 "$d/err"))" \
                                test $rc -eq 0
                done
        done
fi

t_finish
