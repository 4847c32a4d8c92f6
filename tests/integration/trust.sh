#!/usr/bin/env bash
# What sbx reads and writes besides the command: the config, the dialect overrides and the audit
# database. They are the user's (or root's) alone, and a confined command never reaches them, not
# even where a symlink leads out of sbx's directories (GNU stow, a dotfiles repository):
#   - a config or dialects dir that is a symlink into the workspace: bwrap keeps the target
#     read-only, Landlock refuses the run (125); the next run's mode and verdicts stay the user's;
#   - the audit database is a file of the user's in a directory only the user or root can write:
#     a symlink, a hard link, another user's file or a shared directory (even a sticky /tmp) is
#     refused (125), nothing runs;
#   - a dialect override of another user's, writable by others, or not a regular file (a FIFO)
#     is refused (125) without hanging; a config dir writable by others (not sticky) is refused;
#   - so is a config or dialects dir beneath a directory others may write (not sticky) or another
#     user owns, or reached through another user's symlink, also one our own symlink leads to, or
#     through our directory beneath another user's (root and nobody).
set -u
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
T=$(t_mktemp_dir)
trap t_cleanup EXIT

# (from a directory of its own: the default workspace is the current one, and the build tree
# holds the runners)
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1
t_usable_backends "$T/probe.db"
clean_env() { env -u SBX_DB -u SBX_CONFIG -u SBX_SESSION -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME "$@"; }

# ---- the config and the dialects reached through symlinks into the workspace ------------------
for b in "${BACKENDS[@]}"; do
        H=$T/stow-$b/home
        mkdir -p "$H/dotfiles/sbx/dialects" "$H/.config/sbx"
        echo 'default_mode = read-only' >"$H/dotfiles/sbx/config"
        printf 'name %s\ndenial Read-only file system\ndenial Permission denied\n' "$b" >"$H/dotfiles/sbx/dialects/$b.dialect"
        chmod 600 "$H/dotfiles/sbx/config"
        ln -s ../../dotfiles/sbx/config "$H/.config/sbx/config"
        ln -s ../../dotfiles/sbx/dialects "$H/.config/sbx/dialects"
        cfg_before=$(t_fp "$H/dotfiles/sbx/config")
        dia_before=$(t_fp "$H/dotfiles/sbx/dialects/$b.dialect")
        (cd "$H/dotfiles" && clean_env HOME="$H" "$SBX_BIN" run --db "$T/stow-$b/audit.db" --backend "$b" \
                --mode workspace-write -- sh -c 'echo "default_mode = danger-full-access" > sbx/config
printf "denial zzz-never\n" > sbx/dialects/'"$b"'.dialect
echo ran > marker') 2>"$T/err"
        rc=$?
        t_check "$b: a config symlinked into the workspace is unchanged (rc=$rc)" \
                test "$(t_fp "$H/dotfiles/sbx/config")" = "$cfg_before"
        t_check "$b: ... so is the dialect override in a symlinked dialects dir" \
                test "$(t_fp "$H/dotfiles/sbx/dialects/$b.dialect")" = "$dia_before"
        if [ "$b" = landlock ]; then
                t_check "landlock: such a workspace is refused (125), nothing ran" test $rc = 125 -a ! -e "$H/dotfiles/marker"
                t_check "landlock: ... naming the config file it cannot keep read-only" \
                        grep -q "landlock cannot keep $H/dotfiles/sbx/.* read-only" "$T/err"
        else
                t_check "bwrap: the rest of the workspace was writable (the command ran)" test -e "$H/dotfiles/marker"
        fi
        clean_env HOME="$H" "$SBX_BIN" policy resolve >"$T/policy" 2>&1
        t_check "$b: the next run's mode is still the config's read-only" grep -q '^mode: read-only' "$T/policy"
done

# a config file or dialect override with a second name (a hard link) in the workspace: sbx keeps
# them read-only by path, so it refuses to read them at all, and nothing runs (the dialect: the
# workspace search for other names of what sbx protects names the link first)
for what in config dialect; do
        H=$T/hard-$what/home
        mkdir -p "$H/.config/sbx/dialects" "$H/ws"
        echo 'default_mode = read-only' >"$H/.config/sbx/config"
        printf 'name %s\ndenial Read-only file system\n' "${BACKENDS[0]}" >"$H/.config/sbx/dialects/${BACKENDS[0]}.dialect"
        chmod 600 "$H/.config/sbx/config"
        if [ $what = config ]; then
                ln "$H/.config/sbx/config" "$H/ws/link"
        else
                ln "$H/.config/sbx/dialects/${BACKENDS[0]}.dialect" "$H/ws/link"
        fi
        before=$(cksum <"$H/ws/link")
        (cd "$H/ws" && clean_env HOME="$H" "$SBX_BIN" run --db "$T/hard-$what/audit.db" --backend "${BACKENDS[0]}" \
                --mode workspace-write -- sh -c 'echo "default_mode = danger-full-access" > link') 2>"$T/err"
        rc=$?
        t_check "a $what file hard-linked into the workspace: refused (125, got $rc), nothing written through it" \
                test $rc = 125 -a "$(cksum <"$H/ws/link")" = "$before" -a -n "$(grep 'another name (a hard link)' "$T/err")"
done

# ---- the audit database ------------------------------------------------------------------------
refused_unrecorded() { # DB DESCRIPTION: sbx run is refused (125), naming why, and runs nothing
        local db=$1 what=$2 rc
        rm -f "$T/marker"
        clean_env HOME="$T/home" "$SBX_BIN" run --db "$db" --mode danger-full-access -- touch "$T/marker" 2>"$T/err"
        rc=$?
        t_check "$what: refused (rc=$rc), nothing ran ($(head -c 200 "$T/err"))" \
                test $rc = 125 -a ! -e "$T/marker" -a -n "$(grep 'refusing to run unrecorded' "$T/err")"
}
mkdir -p "$T/home" "$T/db/real" "$T/db/link" "$T/db/hard"
chmod 700 "$T/db" "$T/db/real" "$T/db/link" "$T/db/hard"
clean_env HOME="$T/home" "$SBX_BIN" run --db "$T/db/real/audit.db" -- true
t_check "control: a private database takes a row" \
        test "$(sqlite3 "$T/db/real/audit.db" 'SELECT count(*) FROM executions')" = 1
# a home directory that does not exist (HOME=/nonexistent, Debian's service accounts): it names no
# database, and sbx makes no home directory, for its database or its probe cache (run by root, it
# made $HOME/.local/state/sbx and $HOME/.cache/sbx)
for who in self nobody; do
        as=()
        if [ $who = nobody ]; then
                t_is_root && "${T_NOBODY[@]}" true 2>/dev/null || continue
                as=("${T_NOBODY[@]}")
        fi
        rm -f "$T/marker"
        clean_env HOME="$T/nohome" "${as[@]}" "$SBX_BIN" run --mode danger-full-access -- touch "$T/marker" 2>"$T/err"
        rc=$?
        t_check "$who, \$HOME missing: refused (rc=$rc), nothing ran, the home named ($(head -c 300 "$T/err"))" \
                test $rc = 125 -a ! -e "$T/marker" -a -n "$(grep "home directory $T/nohome" "$T/err")"
        mkdir -p "$T/nohome-db-$who"
        [ $who = nobody ] && chown 65534 "$T/nohome-db-$who"
        chmod 700 "$T/nohome-db-$who"
        clean_env HOME="$T/nohome" "${as[@]}" "$SBX_BIN" run --db "$T/nohome-db-$who/audit.db" --mode read-only -- true
        rc=$?
        t_check "$who, \$HOME missing, --db named: a confined run works (rc=$rc)" test $rc = 0
        t_check "... and no home directory was made" test ! -e "$T/nohome"
        # ... nor one in the writable workspace, where sbx made the home with its config and cache
        # directories to keep them read-only (and Landlock then refused the run): with no home to
        # keep them in, the run is refused, nothing made, nothing run (review)
        for b in "${BACKENDS[@]}"; do
                W=$T/nohome-ws-$who-$b
                mkdir -p "$W"
                [ $who = nobody ] && chown 65534 "$W"
                (cd "$W" && clean_env HOME="$W/home" "${as[@]}" "$SBX_BIN" run --db "$T/nohome-db-$who/audit.db" \
                        --backend "$b" --mode workspace-write -- touch "$W/marker") 2>"$T/err"
                rc=$?
                t_check "$who, $b, \$HOME missing in the writable workspace: refused (rc=$rc), nothing ran, the home named ($(head -c 300 "$T/err"))" \
                        test $rc = 125 -a ! -e "$W/marker" -a -n "$(grep "home directory $W/home" "$T/err")"
                t_check "... and the home directory was not made" test ! -e "$W/home"
                # ... whatever the spelling of $HOME: "/h/", "/a//h", "/a/./h" held the config
                # directory's normalized name beneath no home, and the home was made (review)
                for h in "$W/home/" "$W//home" "$W/./home"; do
                        (cd "$W" && clean_env HOME="$h" "${as[@]}" "$SBX_BIN" run --db "$T/nohome-db-$who/audit.db" \
                                --backend "$b" --mode workspace-write -- touch "$W/marker") 2>"$T/err"
                        rc=$?
                        t_check "$who, $b, \$HOME=$h missing in the writable workspace: refused (rc=$rc), nothing ran, no home made ($(head -c 300 "$T/err"))" \
                                test $rc = 125 -a ! -e "$W/marker" -a ! -e "$W/home"
                done
                # ... but a database named there is made, home and all, as it is elsewhere
                (cd "$W" && clean_env HOME="$W/home" XDG_CONFIG_HOME="$W/../nohome-cfg-$who" \
                        XDG_CACHE_HOME="$W/../nohome-cache-$who" "${as[@]}" "$SBX_BIN" run --db "$W/home/db/audit.db" \
                        --backend "$b" --mode workspace-write -- touch "$W/marker") 2>"$T/err"
                rc=$?
                if [ "$b" = landlock ]; then # (which keeps no database of the workspace read-only)
                        t_check "$who, landlock, --db named beneath the missing \$HOME in the workspace: refused for the database alone (rc=$rc, $(head -c 300 "$T/err"))" \
                                test $rc = 125 -a -n "$(grep "landlock cannot keep $W/home/db," "$T/err")"
                else
                        t_check "$who, $b, --db named beneath the missing \$HOME in the workspace: the run works (rc=$rc, $(head -c 300 "$T/err"))" \
                                test $rc = 0 -a -e "$W/marker" -a -s "$W/home/db/audit.db"
                fi
        done
done
# a home directory of another user's ($HOME kept by `sudo -E`): root's run is refused, and makes
# nothing there (it made ~/.local/state/sbx and ~/.cache/sbx, root's, 0700, before refusing the
# database above which that user's directory lies, and the user's own sbx was then refused:
# review); the user's own run there works
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        O=$T/other-home
        mkdir -p "$O"
        chown 65534:65534 "$O"
        chmod 755 "$O"
        clean_env HOME="$O" "$SBX_BIN" run --mode read-only -- true 2>"$T/err"
        rc=$?
        t_check "root, \$HOME another user's: refused (rc=$rc, $(head -c 300 "$T/err"))" \
                test $rc = 125 -a -n "$(grep "$O above it is another user's" "$T/err")"
        t_check "... and nothing made in it ($(cd "$O" && find . -mindepth 1 | head -n 3 | tr '\n' ' '))" \
                test -z "$(find "$O" -mindepth 1)"
        rm -f "$T/err"
        clean_env HOME="$O" "${T_NOBODY[@]}" "$SBX_BIN" run --mode read-only -- true 2>"$T/err"
        rc=$?
        t_check "... and its user's own run there works (rc=$rc, $(head -c 300 "$T/err"))" \
                test $rc = 0 -a -s "$O/.local/state/sbx/audit.db"
        # an explicit --db beneath it, likewise
        rm -rf "$O/x"
        clean_env HOME="$T/home" "$SBX_BIN" run --db "$O/x/y/audit.db" --mode read-only -- true 2>"$T/err"
        rc=$?
        t_check "root, --db beneath another user's directory: refused (rc=$rc), nothing made there" \
                test $rc = 125 -a ! -e "$O/x"
        # ... nor when the run's writable workspace holds that home (`sudo -E sbx run` in it), where
        # sbx made the config, cache and database directories it keeps read-only, root's, before
        # the database was refused (review)
        O=$T/other-home-ws
        mkdir -p "$O"
        chown 65534:65534 "$O"
        chmod 755 "$O"
        for b in "${BACKENDS[@]}"; do
                (cd "$O" && clean_env HOME="$O" "$SBX_BIN" run --backend "$b" --mode workspace-write -- true) 2>"$T/err"
                rc=$?
                t_check "root, $b, \$HOME another user's and the workspace: refused (rc=$rc), nothing made in it ($(cd "$O" && find . -mindepth 1 | head -n 3 | tr '\n' ' '))" \
                        test $rc = 125 -a -z "$(find "$O" -mindepth 1)"
                (cd "$O" && clean_env HOME="$T/home" "$SBX_BIN" run --backend "$b" --mode workspace-write \
                        --db "$O/x/y/audit.db" -- true) 2>"$T/err"
                rc=$?
                t_check "root, $b, --db beneath another user's directory, the workspace: refused (rc=$rc), nothing made there" \
                        test $rc = 125 -a -z "$(find "$O" -mindepth 1)"
        done
fi
ln -s "$T/db/real/audit.db" "$T/db/link/audit.db"
refused_unrecorded "$T/db/link/audit.db" "a database path that is a symlink"
ln -s "$T/db/real/missing.db" "$T/db/link/dangling.db"
refused_unrecorded "$T/db/link/dangling.db" "a dangling symlink as the database"
t_check "... which made nothing at its target" test ! -e "$T/db/real/missing.db"
ln "$T/db/real/audit.db" "$T/db/hard/audit.db"
refused_unrecorded "$T/db/real/audit.db" "a database with a second name (hard link)"
rm -f "$T/db/hard/audit.db"
mkdir -m 777 "$T/db/open"
refused_unrecorded "$T/db/open/audit.db" "a database in a directory anyone can write"
t_check "... and none was made there" test ! -e "$T/db/open/audit.db"
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        mkdir -m 1777 "$T/db/sticky"
        "${T_NOBODY[@]}" sh -c "umask 0; : > '$T/db/sticky/audit.db'"
        refused_unrecorded "$T/db/sticky/audit.db" "another user's empty file in a sticky shared directory"
        t_check "... which is still empty (nothing of ours in it)" test ! -s "$T/db/sticky/audit.db"
        mkdir -m 700 "$T/db/theirs"
        : >"$T/db/theirs/audit.db"
        chown 65534 "$T/db/theirs/audit.db"
        refused_unrecorded "$T/db/theirs/audit.db" "another user's database in our own directory"
        cp "$T/db/real/audit.db" "$T/db/wal.db"
        "${T_NOBODY[@]}" true
        : >"$T/db/wal.db-wal"
        chown 65534 "$T/db/wal.db-wal"
        refused_unrecorded "$T/db/wal.db" "a -wal file of another user's beside our database"
        # another user's directory ABOVE ours ($XDG_STATE_HOME in a directory they made in /tmp):
        # our private sbx/ in it could be renamed away by them, and the record with it
        mkdir -m 755 "$T/mu" && mkdir -m 1777 "$T/mu/above"
        "${T_NOBODY[@]}" mkdir -m 1777 "$T/mu/above/theirs"
        refused_unrecorded "$T/mu/above/theirs/sbx/audit.db" "a private directory below another user's sticky one"
        t_check "... which made no record there" test ! -e "$T/mu/above/theirs/sbx/audit.db"
        mkdir -m 700 "$T/mu/above/theirs/ours"
        clean_env HOME="$T/home" XDG_STATE_HOME="$T/mu/above/theirs/ours" "$SBX_BIN" run -- true 2>"$T/err"
        rc=$?
        t_check "... nor through \$XDG_STATE_HOME, our own directory in theirs: refused (rc=$rc), naming theirs" \
                test $rc = 125 -a -n "$(grep "the directory $T/mu/above/theirs above it is another user's" "$T/err")"
        t_check "... and no record made there" test ! -e "$T/mu/above/theirs/ours/sbx/audit.db"
        "${T_NOBODY[@]}" mv "$T/mu/above/theirs/ours" "$T/mu/above/theirs/gone"
        t_check "... (they can rename it away: the record is theirs to erase)" test -d "$T/mu/above/theirs/gone"
        # a symlink of another user's on the way, even to a directory of ours served by a writer
        mkdir -m 700 "$T/mu/served"
        for _ in 1 2; do clean_env HOME="$T/home" "$SBX_BIN" run --db "$T/mu/served/audit.db" -- true; done
        for _ in $(seq 50); do [ -S "$T/mu/served/audit.db.writer" ] && break; sleep 0.1; done
        "${T_NOBODY[@]}" ln -s "$T/mu/served" "$T/mu/above/link"
        rows_before=$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')
        refused_unrecorded "$T/mu/above/link/audit.db" "a path through another user's symlink, to a database a writer serves"
        t_check "... whose rows did not grow ($rows_before)" \
                test "$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')" = "$rows_before"
        ln -s "$T/mu/served" "$T/mu/ourlink"
        clean_env HOME="$T/home" "$SBX_BIN" run --db "$T/mu/ourlink/audit.db" -- true
        t_check "control: through a symlink of our own, the run is recorded" \
                test "$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')" = "$((rows_before + 1))"
        # a symlink of our own, but in a directory of another user's (not sticky): they may replace
        # it there and point it at a record of theirs between the check and the open
        mkdir -m 755 "$T/mu/nbdir" && chown 65534 "$T/mu/nbdir" && ln -s "$T/mu/served" "$T/mu/nbdir/ourlink"
        rows_before=$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')
        refused_unrecorded "$T/mu/nbdir/ourlink/audit.db" "our symlink in another user's directory"
        t_check "... naming it and the directory it lies in" \
                grep -q "the symlink $T/mu/nbdir/ourlink on its path lies in $T/mu/nbdir, another user's directory" "$T/err"
        t_check "... whose rows did not grow ($rows_before)" \
                test "$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')" = "$rows_before"
        clean_env HOME="$T/home" "$SBX_BIN" audit list --db "$T/mu/nbdir/ourlink/audit.db" >/dev/null 2>"$T/err"
        rc=$?
        t_check "... and sbx audit list through it is refused too (rc=$rc, $(head -c 200 "$T/err"))" \
                test $rc != 0 -a "$(wc -l <"$T/err")" = 1 -a -n "$(grep "$T/mu/nbdir/ourlink" "$T/err")"
        # our symlink, in our directory, to theirs (the kernel follows both; before: only the
        # symlinks on the path as written were looked at, and they could point theirs at another
        # directory of ours: an older copy of the record, or none)
        ln -s "$T/mu/above/link" "$T/mu/ourchain"
        rows_before=$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')
        refused_unrecorded "$T/mu/ourchain/audit.db" "our symlink to another user's"
        t_check "... naming theirs" grep -q "$T/mu/above/link on its path is a symlink of uid 65534" "$T/err"
        t_check "... whose rows did not grow ($rows_before)" \
                test "$(sqlite3 "$T/mu/served/audit.db" 'SELECT count(*) FROM executions')" = "$rows_before"
        "${T_NOBODY[@]}" ln -sfn /nonexistent "$T/mu/nbdir/ourlink"
        t_check "... (they can repoint it)" test "$(readlink "$T/mu/nbdir/ourlink")" = /nonexistent
else
        t_diag "not root (or no user nobody): the other-user database checks are left out"
fi

# ---- dialect overrides and the config dir ------------------------------------------------------
C=$T/cfg
mkdir -p "$C/sbx/dialects"
chmod 755 "$C" "$C/sbx" "$C/sbx/dialects"
run_cfg() { # DESCRIPTION: the run of a denied write under this config; sets rc and the verdict
        rm -f "$T/v.json"
        clean_env HOME="$T/home" XDG_CONFIG_HOME="$C" timeout 20 "$SBX_BIN" run --db "$T/cfg.db" --backend "${BACKENDS[0]}" \
                --mode read-only --verdict-json "$T/v.json" -- sh -c 'touch /usr/sbx-trust-test; exit 1' 2>"$T/err"
        rc=$?
}
run_cfg
t_check "control: no override, the denied write is 'denied'" grep -q '"verdict":"denied"' "$T/v.json"
printf 'name %s\ndenial zzz-never\n' "${BACKENDS[0]}" >"$C/sbx/dialects/${BACKENDS[0]}.dialect"
chmod 664 "$C/sbx/dialects/${BACKENDS[0]}.dialect"
if t_is_root; then
        # a group of others (a shared "users"), not the owner's private one (gid == uid)
        chgrp 4242 "$C/sbx/dialects/${BACKENDS[0]}.dialect"
        run_cfg
        t_check "a dialect override writable by a shared group: refused (125, got $rc), naming it" \
                test $rc = 125 -a -n "$(grep 'is writable by group or others' "$T/err")"
        # the owner's private group (umask 002 on Debian): nobody else's
        chgrp 0 "$C/sbx/dialects/${BACKENDS[0]}.dialect"
        run_cfg
        t_check "a dialect override writable by the owner's private group: used (the denial is no longer recognised)" \
                grep -q '"verdict":"task_failure"' "$T/v.json"
else
        t_diag "not root: the group-writable override is left out (no group to give it)"
fi
# gid == uid is not enough: nobody's group 65534 is "nogroup", the primary group of other accounts
# (sync, _apt on Debian), not nobody's own; an override it may write is refused
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null && [ "$(getent group 65534 | cut -d: -f1)" != nobody ]; then
        NC=$T/nbcfg
        mkdir -p "$NC/sbx/dialects" "$NC/home"
        printf 'name %s\ndenial zzz-never\n' "${BACKENDS[0]}" >"$NC/sbx/dialects/${BACKENDS[0]}.dialect"
        chown -R 65534:65534 "$NC"
        chmod 755 "$NC" "$NC/sbx" "$NC/sbx/dialects"
        nb_cfg() { # MODE: a denied write as nobody, its override of that mode
                chmod "$1" "$NC/sbx/dialects/${BACKENDS[0]}.dialect"
                rm -f "$NC/home/v.json"
                "${T_NOBODY[@]}" env -u SBX_DB -u SBX_CONFIG -u SBX_SESSION HOME="$NC/home" XDG_CONFIG_HOME="$NC" \
                        XDG_CACHE_HOME="$NC/home/cache" XDG_STATE_HOME="$NC/home/state" TMPDIR="$NC/home" \
                        timeout 20 "$SBX_BIN" run --db "$NC/home/audit.db" --backend "${BACKENDS[0]}" --mode read-only \
                        --verdict-json "$NC/home/v.json" -- sh -c 'touch /usr/sbx-trust-test; exit 1' 2>"$T/err"
                rc=$?
        }
        nb_cfg 644
        t_check "control: nobody's own override is used (the denial is no longer recognised)" \
                grep -q '"verdict":"task_failure"' "$NC/home/v.json"
        nb_cfg 664
        t_check "an override writable by group 65534 (gid == uid, but others' primary group): refused (125, got $rc)" \
                test $rc = 125 -a -n "$(grep 'is writable by group or others' "$T/err")"
else
        t_diag "not root, no user nobody, or a group 65534 named nobody: the shared gid == uid group is left out"
fi
chmod 644 "$C/sbx/dialects/${BACKENDS[0]}.dialect"
run_cfg
t_check "control: a private override is used (the denial is no longer recognised)" \
        grep -q '"verdict":"task_failure"' "$T/v.json"
rm -f "$C/sbx/dialects/${BACKENDS[0]}.dialect"
mkfifo "$C/sbx/dialects/${BACKENDS[0]}.dialect"
run_cfg
t_check "a FIFO as the override: refused at once (125, got $rc; 124 is a hang)" \
        test $rc = 125 -a -n "$(grep 'not a regular file' "$T/err")"
rm -f "$C/sbx/dialects/${BACKENDS[0]}.dialect"
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        chown 65534 "$C/sbx/dialects"
        run_cfg
        t_check "another user's dialects dir: refused (125, got $rc)" \
                test $rc = 125 -a -n "$(grep 'belongs to uid 65534' "$T/err")"
        chown 0 "$C/sbx/dialects"
else
        t_diag "not root: the other-user dialects dir is left out"
fi
echo 'default_mode = read-only' >"$C/sbx/config"
chmod 600 "$C/sbx/config"
chmod 777 "$C/sbx"
clean_env HOME="$T/home" XDG_CONFIG_HOME="$C" "$SBX_BIN" run --db "$T/cfg.db" -- touch "$T/cfg-marker" 2>"$T/err"
rc=$?
t_check "a config dir anyone can write (its config could be removed): refused (125, got $rc), nothing ran" \
        test $rc = 125 -a ! -e "$T/cfg-marker" -a -n "$(grep 'config directory .* is writable by group or others' "$T/err")"
chmod 1777 "$C/sbx"
clean_env HOME="$T/home" XDG_CONFIG_HOME="$C" "$SBX_BIN" policy resolve >"$T/policy" 2>&1
t_check "... a sticky one (as /tmp) is not: its files stay their owner's" grep -q '^mode: read-only' "$T/policy"

# a config or an override that is a symlink into a directory others can write (not sticky): they
# could remove or swap it there (review: only the directory of the name was checked), and a
# symlink to nothing is not a missing config
S=$T/sym
mkdir -p "$S/home/.config/sbx/dialects" "$S/shared"
chmod 777 "$S/shared"
echo 'default_mode = read-only' >"$S/shared/config"
chmod 600 "$S/shared/config"
ln -s "$S/shared/config" "$S/home/.config/sbx/config"
clean_env HOME="$S/home" "$SBX_BIN" policy resolve >"$T/out" 2>&1
t_check "a config symlinked into a directory anyone can write: refused ($(head -c 150 "$T/out"))" \
        grep -q "config directory $S/shared is writable by group or others" "$T/out"
rm -f "$S/home/.config/sbx/config"
ln -s "$S/gone/config" "$S/home/.config/sbx/config"
clean_env HOME="$S/home" "$SBX_BIN" policy resolve >"$T/out" 2>&1
t_check "a config symlink to nothing: an error, not a missing config ($(head -c 150 "$T/out"))" \
        grep -q "cannot read config file $S/home/.config/sbx/config" "$T/out"
rm -f "$S/home/.config/sbx/config"
printf 'name %s\ndenial zzz-never\n' "${BACKENDS[0]}" >"$S/shared/o.dialect"
chmod 644 "$S/shared/o.dialect"
ln -s "$S/shared/o.dialect" "$S/home/.config/sbx/dialects/${BACKENDS[0]}.dialect"
(cd "$T/cwd" && clean_env HOME="$S/home" "$SBX_BIN" run --db "$T/sym.db" --backend "${BACKENDS[0]}" --mode read-only \
        -- true) 2>"$T/err"
rc=$?
t_check "an override symlinked into a directory anyone can write: refused (125, got $rc)" \
        test $rc = 125 -a -n "$(grep "dialect directory $S/shared is writable by group or others" "$T/err")"

# ---- the Landlock temp areas' directory made or redirected by someone else ---------------------
# Landlock's temp area lies in BASE/sbx-UID ($TMPDIR's, else /tmp's), which anyone may make first in
# a shared BASE: another user's directory there (nobody's for root, root's for nobody), or a
# symlink there to a directory of the user's own, is not used: the area is made in BASE itself,
# nothing in theirs or behind the symlink is made, swept or emptied (a dead-looking run- area in
# each stays), and the area is gone after the run. Held (review 55).
if printf '%s\n' "${BACKENDS[@]}" | grep -qx landlock; then
        for who in self nobody; do
                as=() other=65534
                if [ $who = nobody ]; then
                        t_is_root && "${T_NOBODY[@]}" true 2>/dev/null || continue
                        as=("${T_NOBODY[@]}") other=0
                elif ! t_is_root; then
                        t_diag "not root: the temp areas' directory of another user is left out"
                        continue
                fi
                uid=$("${as[@]}" id -u)
                for how in theirs symlink; do
                        B=$T/tbase-$who-$how W=$T/tws-$who-$how D=$T/tdb-$who-$how H=$T/thome-$who
                        mkdir -p "$B" "$W" "$D" "$H"
                        chmod 1777 "$B"
                        if [ $how = theirs ]; then
                                V=$B/sbx-$uid
                                mkdir -p "$V/run-AAAAAA"
                        else
                                V=$T/ttarget-$who
                                mkdir -p "$V/run-AAAAAA"
                                ln -s "$V" "$B/sbx-$uid"
                        fi
                        echo keep >"$V/keep"
                        echo keep >"$V/run-AAAAAA/keep"
                        chmod 700 "$V" "$V/run-AAAAAA"
                        if [ $who = nobody ]; then
                                chown 65534:65534 "$W" "$D" "$H"
                                [ $how = symlink ] && chown -R -h 65534:65534 "$V" "$B/sbx-$uid"
                        fi
                        [ $how = theirs ] && chown -R "$other" "$V"
                        chmod 700 "$D"
                        before=$(cd "$V" && find . | sort | tr '\n' ' ')
                        (cd "$W" && clean_env HOME="$H" TMPDIR="$B" "${as[@]}" "$SBX_BIN" run --db "$D/audit.db" \
                                --backend landlock --mode workspace-write -- \
                                sh -c 'echo "$TMPDIR" > tmpdir; echo x > "$TMPDIR/f"') 2>"$T/err"
                        rc=$?
                        area=$(cat "$W/tmpdir" 2>/dev/null)
                        t_check "$who, landlock, BASE/sbx-UID $how: the run works (rc=$rc) in an area of BASE's own ($area; $(head -c 200 "$T/err"))" \
                                bash -c '[ "$0" = 0 ] && case "$1" in "$2"/sbx-run-??????) true ;; *) false ;; esac' "$rc" "$area" "$B"
                        t_check "... nothing in $how made or removed ($(cd "$V" && find . | sort | tr '\n' ' '))" \
                                test "$(cd "$V" && find . | sort | tr '\n' ' ')" = "$before"
                        t_check "... and the area is gone after the run" test -n "$area" -a ! -e "$area"
                done
        done
        # BASE itself open to others (mode 0777, not sticky), or another user's: they could rename
        # the area away between its mkdir and the launcher's open and put theirs in its place, the
        # command's private $TMPDIR (review 55: with nobody's BASE/sbx-0 made first and a loop of
        # renames, 7 of 30 of root's runs wrote their temp files into nobody's directory, exit 0).
        # Refused (125), nothing runs, naming BASE; control: the same BASE sticky works (above).
        # ("another user's": nobody's for root, uid 4242's for nobody; root's is trusted, as for
        # the config and the database)
        for who in self nobody; do
                as=() other=65534
                if [ $who = nobody ]; then
                        t_is_root && "${T_NOBODY[@]}" true 2>/dev/null || continue
                        as=("${T_NOBODY[@]}") other=4242
                fi
                for how in open theirs; do
                        B=$T/ubase-$who-$how W=$T/uws-$who-$how D=$T/udb-$who-$how H=$T/thome-$who
                        mkdir -p "$B" "$W" "$D" "$H"
                        if [ $how = open ]; then
                                chmod 0777 "$B"
                        else
                                t_is_root || continue
                                chmod 0755 "$B"
                                chown "$other" "$B"
                        fi
                        if [ $who = nobody ]; then
                                chown 65534:65534 "$W" "$D" "$H"
                        fi
                        chmod 700 "$D"
                        (cd "$W" && clean_env HOME="$H" TMPDIR="$B" "${as[@]}" "$SBX_BIN" run --db "$D/audit.db" \
                                --backend landlock --mode workspace-write -- sh -c 'echo "$TMPDIR" > tmpdir') 2>"$T/err"
                        rc=$?
                        t_check "$who, landlock, \$TMPDIR $([ $how = open ] && echo "writable by others (not sticky)" || echo "another user's"): refused (125, got $rc), nothing ran, naming it ($(head -c 300 "$T/err"))" \
                                test $rc = 125 -a ! -e "$W/tmpdir" -a -n "$(grep -F "temp directory $B" "$T/err")"
                        t_check "... and nothing made in it ($(ls -A "$B" | tr '\n' ' '))" test -z "$(ls -A "$B")"
                done
        done
else
        t_diag "landlock not usable here: the temp areas' directory rows are left out"
fi

# ---- the directories above the config and the dialects ----------------------------------------
# A config beneath a directory that others may write (not sticky), or that another user owns, can
# be swapped with all that lies beneath: that user renames the directory holding it away and puts
# their own in its place (review: $XDG_CONFIG_HOME in a directory of another user's in /tmp). It
# is refused with one line naming that directory, as the audit database's directories are; a
# sticky one (as /tmp) is not. As root, and as nobody (whose own directories are trusted).
anc_check() { # WHO BASE: the checks, run as WHO (root: directly) on configs beneath BASE
        local who=$1 base=$2 run_as=() other=4242 out rc
        [ "$who" = nobody ] && run_as=("${T_NOBODY[@]}")
        anc() { # DIR [ARGS...]: sbx ARGS (default: policy resolve) with XDG_CONFIG_HOME=DIR, as WHO
                local dir=$1
                shift
                [ $# -gt 0 ] || set -- policy resolve
                (cd "$base" && clean_env HOME="$base/home" XDG_CONFIG_HOME="$dir" XDG_CACHE_HOME="$base/home/cache" \
                        XDG_STATE_HOME="$base/home/state" timeout 20 "${run_as[@]}" "$SBX_BIN" "$@") >"$T/out" 2>&1
                rc=$?
        }
        anc "$base/open/cfg"
        t_check "$who: a config beneath a directory anyone can write: refused (2, got $rc), one line naming it ($(head -c 200 "$T/out"))" \
                test $rc = 2 -a "$(wc -l <"$T/out")" = 1 -a \
                -n "$(grep -F "the directory $base/open above it is writable by group or others (not sticky)" "$T/out")"
        anc "$base/open/cfg" run -- touch "$base/marker"
        t_check "$who: ... sbx run under it: refused (125, got $rc), nothing ran" test $rc = 125 -a ! -e "$base/marker"
        anc "$base/open/dia" run --backend "${BACKENDS[0]}" --mode read-only -- true
        t_check "$who: dialect overrides beneath it (no config file): refused (125, got $rc), naming it ($(head -c 200 "$T/out"))" \
                test $rc = 125 -a -n "$(grep -F "the directory $base/open above it is writable by group or others" "$T/out")"
        chmod 1777 "$base/open"
        anc "$base/open/cfg"
        t_check "$who: ... a sticky one (as /tmp): the config is used ($(head -c 200 "$T/out"))" grep -q '^mode: read-only' "$T/out"
        chmod 755 "$base/open"
        anc "$base/open/cfg"
        t_check "$who: control: one only its owner may write: the config is used" grep -q '^mode: read-only' "$T/out"
        if t_is_root; then
                chown "$other" "$base/open"
                anc "$base/open/cfg"
                t_check "$who: a config beneath another user's directory: refused (2, got $rc), naming it ($(head -c 200 "$T/out"))" \
                        test $rc = 2 -a -n "$(grep -F "the directory $base/open above it is another user's (uid $other)" "$T/out")"
                chown -h "$other" "$base/link"
                anc "$base/link/cfg"
                t_check "$who: a config reached through another user's symlink: refused (2, got $rc), naming it ($(head -c 200 "$T/out"))" \
                        test $rc = 2 -a -n "$(grep -F "the symlink $base/link on its path belongs to uid $other" "$T/out")"
                # ... also where a symlink of ours leads to theirs (the kernel follows both; before:
                # only the symlinks on the path as written were looked at, and theirs could be
                # pointed at any file of ours or root's named config), for the config dir and for
                # the config file itself, and where our symlink lies beneath a directory of theirs
                # (they could rename ours away and put their own in its place)
                ln -s link "$base/ourlink"
                chown -h "$(id -u "$who")" "$base/ourlink"
                anc "$base/ourlink/cfg"
                t_check "$who: a config dir reached through our symlink to another user's: refused (2, got $rc), naming theirs ($(head -c 200 "$T/out"))" \
                        test $rc = 2 -a -n "$(grep -F "the symlink $base/link on its path belongs to uid $other" "$T/out")"
                mkdir -p "$base/home/chain/sbx"
                ln -s "$base/link/cfg/sbx/config" "$base/home/chain/sbx/config"
                chown -R -h "$(id -u "$who")" "$base/home/chain"
                anc "$base/home/chain"
                t_check "$who: a config file that is our symlink to another user's: refused (2, got $rc), naming theirs ($(head -c 200 "$T/out"))" \
                        test $rc = 2 -a -n "$(grep -F "the symlink $base/link on its path belongs to uid $other" "$T/out")"
                chown -h "$(id -u "$who")" "$base/link"
                anc "$base/home/chain"
                t_check "$who: control: once that symlink is ours, the config is used ($(head -c 200 "$T/out"))" \
                        grep -q '^mode: read-only' "$T/out"
                mkdir -p "$base/theirs/ours"
                ln -s "$base/real" "$base/theirs/ours/link"
                chown -R -h "$(id -u "$who")" "$base/theirs/ours"
                chown "$other" "$base/theirs"
                anc "$base/theirs/ours/link/cfg"
                t_check "$who: a config dir through our symlink in our directory beneath another user's: refused (2, got $rc), naming theirs ($(head -c 200 "$T/out"))" \
                        test $rc = 2 -a -n "$(grep -F "the directory $base/theirs above it is another user's (uid $other)" "$T/out")"
        fi
}
anc_setup() { # BASE: BASE/open/cfg/sbx/config (read-only), BASE/open/dia/sbx/dialects, BASE/link -> real/
        mkdir -p "$1/open/cfg/sbx" "$1/open/dia/sbx/dialects" "$1/real/cfg/sbx" "$1/home"
        echo 'default_mode = read-only' >"$1/open/cfg/sbx/config"
        cp "$1/open/cfg/sbx/config" "$1/real/cfg/sbx/config"
        printf 'name %s\ndenial zzz-never\n' "${BACKENDS[0]}" >"$1/open/dia/sbx/dialects/${BACKENDS[0]}.dialect"
        chmod 600 "$1/open/cfg/sbx/config" "$1/real/cfg/sbx/config"
        chmod 644 "$1/open/dia/sbx/dialects/${BACKENDS[0]}.dialect"
        chmod 755 "$1" "$1/real"
        chmod 777 "$1/open"
        ln -s real "$1/link"
}
anc_setup "$T/anc-me"
anc_check "$(id -un)" "$T/anc-me"
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        anc_setup "$T/anc-nb"
        chown -R -h 65534:65534 "$T/anc-nb"
        anc_check nobody "$T/anc-nb"
else
        t_diag "not root (or no user nobody): the config's directories as nobody are left out"
fi

t_finish
