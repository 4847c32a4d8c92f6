#!/usr/bin/env bash
# A confined command can never rewrite what sbx itself depends on, even when its workspace
# contains it: the config (a planted one could switch confinement off for the next run), the probe
# cache (it selects the backend), the audit database, and the runners. bwrap keeps those
# read-only inside the workspace; Landlock, which can only add rights, refuses such a workspace.
set -u
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
T=$(t_mktemp_dir)
trap t_cleanup EXIT

H=$T/home
mkdir -p "$H"
# sbx finds its state through $HOME, exactly as for a user whose workspace is their home
run_home() { env -u SBX_DB -u SBX_CONFIG -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME HOME="$H" "$@"; }

not() { ! "$@"; }
# (no ':' with a failing redirection: dash would end the script there)
attack='echo fine > "$HOME/ordinary-file"
mkdir -p "$HOME/.config/sbx" "$HOME/.cache/sbx" "$HOME/.local/state/sbx" 2>/dev/null
echo "default_mode = danger-full-access" > "$HOME/.config/sbx/config" 2>/dev/null && echo WROTE-CONFIG
echo forged > "$HOME/.cache/sbx/probe" 2>/dev/null && echo WROTE-CACHE
true > "$HOME/.local/state/sbx/audit.db" 2>/dev/null && echo TRUNCATED-DB
rm -f "$HOME/.local/state/sbx/audit.db" 2>/dev/null && echo REMOVED-DB
true'

if run_home "$SBX_BIN" probe >/dev/null 2>&1 && run_home "$SBX_BIN" run --backend bwrap -- true 2>/dev/null; then
        # the first run made the database and the cache: fingerprints before the attack
        db_before=$(stat -c %d:%i "$H/.local/state/sbx/audit.db")
        out=$(cd "$H" && run_home "$SBX_BIN" run --backend bwrap --mode workspace-write --root "$H" -- sh -c "$attack" 2>&1)
        t_check "bwrap: an ordinary file in the workspace lands" test "$(cat "$H/ordinary-file" 2>/dev/null)" = fine
        t_check "bwrap: the config dir stays read-only ($out)" not grep -q WROTE-CONFIG <<<"$out"
        t_check "bwrap: ... and no config file appeared" test ! -e "$H/.config/sbx/config"
        t_check "bwrap: the probe cache stays read-only" not grep -q WROTE-CACHE <<<"$out"
        t_check "bwrap: the audit database can be neither truncated nor removed" \
                not grep -qE 'TRUNCATED-DB|REMOVED-DB' <<<"$out"
        t_check "bwrap: ... and it still holds both rows" \
                test "$(run_home "$SBX_BIN" audit list --json | grep -o '"id"' | wc -l)" = 2
        # the next run is still confined: the default mode did not change
        run_home "$SBX_BIN" run --backend bwrap --verdict-json "$T/v.json" --root "$H" -- true
        t_check "bwrap: the next run is still workspace-write by default" \
                grep -q '"mode":"workspace-write"' "$T/v.json"
        t_check "bwrap: the database grew (3 rows), it was not replaced (same inode)" \
                test "$(stat -c %d:%i "$H/.local/state/sbx/audit.db"):$(run_home "$SBX_BIN" audit list --json | grep -o '"id"' | wc -l)" = "$db_before:3"
        # the parent of a protected directory can be neither moved nor removed: moved, it took the
        # read-only directory along, and a planted one took its place (security review)
        rename_attack='for d in .config .cache .local .local/state; do
        mv "$HOME/$d" "$HOME/$d.moved" 2>/dev/null && echo "MOVED $d"
done
mkdir -p "$HOME/.config/sbx" 2>/dev/null
echo "default_mode = danger-full-access" > "$HOME/.config/sbx/config" 2>/dev/null && echo WROTE-CONFIG
echo other > "$HOME/.config/other-app" && echo WROTE-OTHER
true'
        out=$(cd "$H" && run_home "$SBX_BIN" run --backend bwrap --mode workspace-write --root "$H" -- sh -c "$rename_attack" 2>&1)
        t_check "bwrap: no parent of sbx's state was moved away ($out)" not grep -q MOVED <<<"$out"
        t_check "bwrap: ... so no config was planted in a new one" \
                test ! -e "$H/.config/sbx/config" -a ! -e "$H/.config.moved" -a ! -e "$H/.local.moved"
        t_check "bwrap: ... while the rest of such a parent stays writable" \
                test "$(cat "$H/.config/other-app" 2>/dev/null)" = other
        run_home "$SBX_BIN" run --backend bwrap --verdict-json "$T/v2.json" --root "$H" -- true
        t_check "bwrap: the run after it is still workspace-write by default" \
                grep -q '"mode":"workspace-write"' "$T/v2.json"
        # the workspace is itself a directory sbx depends on (the database's): refused, rather than
        # bound writable and then read-only over itself
        (cd "$H/.local/state/sbx" && run_home "$SBX_BIN" run --backend bwrap --mode workspace-write \
                --root "$H/.local/state/sbx" -- touch "$H/.local/state/sbx/marker") 2>"$T/err"
        rc=$?
        t_check "bwrap: a workspace that is sbx's database directory is refused (rc=$rc), nothing ran, saying why" \
                test $rc -eq 125 -a ! -e "$H/.local/state/sbx/marker" -a \
                -n "$(grep 'is itself a directory sbx depends on' "$T/err")"
else
        t_diag "bwrap is not usable here: its checks are skipped"
fi

# sbx's state reached through a symlink inside the workspace (a dotfiles layout: ~/.config ->
# dot/config, or a link to outside): the command could replace the symlink and give the next run
# a config dir of its own. Such a workspace-write run is refused, under either backend.
for b in bwrap landlock; do
        for target in inside outside; do
                D=$T/dot-$b-$target
                mkdir -p "$D/home" "$D/out"
                if [ $target = inside ]; then
                        mkdir -p "$D/home/dot/config"
                        ln -s dot/config "$D/home/.config"
                else
                        mkdir -p "$D/cfg-elsewhere"
                        ln -s "$D/cfg-elsewhere" "$D/home/.config"
                fi
                (cd "$D/home" && env -u SBX_DB -u SBX_CONFIG -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME \
                        HOME="$D/home" XDG_CACHE_HOME="$D/out/cache" "$SBX_BIN" run --db "$D/out/audit.db" --backend "$b" \
                        --mode workspace-write --root "$D/home" -- \
                        sh -c 'rm .config; mkdir -p .config/sbx; echo "default_mode = danger-full-access" > .config/sbx/config') \
                        2>"$T/dot.err"
                rc=$?
                t_check "$b, ~/.config a symlink to $target the workspace: refused (125, got $rc), the symlink untouched" \
                        test $rc = 125 -a -L "$D/home/.config" -a ! -e "$D/home/.config/sbx/config"
                t_check "$b, ... one line naming the symlink" \
                        test "$(grep -c . "$T/dot.err")" = 1 -a -n "$(grep -F "through the symlink $D/home/.config inside" "$T/dot.err")"
        done
done

# a config dir that sbx makes because the workspace holds it (so that the command cannot make it
# with a planted config) is readable by every user: the system's, made 0700 by a root run with a
# workspace of /, locked every other user's sbx out ("cannot read config file: Permission denied").
# Whatever the caller's umask: sbx makes its own files under 0077, and under that this directory
# was 0700 again; a caller's umask 077 made it 0700 before that
for um in 022 077; do
        cw=$T/cfg-ws-$um
        mkdir -p "$cw"
        if (umask $um && XDG_CONFIG_HOME=$cw/etc "$SBX_BIN" run --db "$T/cfg.db" --backend bwrap --mode workspace-write \
                --root "$cw" -- true 2>/dev/null); then
                t_check "umask $um: a config dir made for the workspace is 0755 ($(stat -c %a "$cw/etc" "$cw/etc/sbx" 2>&1 | tr '\n' ' '))" \
                        test "$(stat -c %a "$cw/etc" "$cw/etc/sbx" 2>/dev/null | tr '\n' ' ')" = "755 755 "
        else
                t_diag "bwrap is not usable here: the config dir check is left out"
        fi
done

# a descriptor the command inherits open for writing on sbx's config (a --keep-fd, its stdout) or
# its probe cache: the command writes through it whatever the mode, and a read-only run wrote
# `default_mode = danger-full-access` for every later run (audit review 53: before, exit 0, the
# next run's mode danger-full-access). Refused (125), nothing run, the config unchanged; one
# elsewhere, or the config opened for reading, is the command's as before
fc=$T/fdcfg
mkdir -p "$T/plain"
mkdir -p "$fc/sbx" "$fc/cache"
printf 'default_mode = read-only\n' >"$fc/sbx/config"
for b in bwrap landlock; do
        for how in keep-fd stdout cache; do
                case $how in
                keep-fd) XDG_CONFIG_HOME=$fc "$SBX_BIN" run --db "$T/fd.db" --backend $b --mode read-only --root "$T/plain" \
                        --keep-fd 5 -- sh -c 'echo default_mode = danger-full-access >&5; echo ran >&2' 5>>"$fc/sbx/config" 2>"$T/err" ;;
                stdout) XDG_CONFIG_HOME=$fc "$SBX_BIN" run --db "$T/fd.db" --backend $b --mode read-only --root "$T/plain" \
                        -- sh -c 'echo default_mode = danger-full-access; echo ran >&2' >>"$fc/sbx/config" 2>"$T/err" ;;
                cache) XDG_CONFIG_HOME=$fc XDG_CACHE_HOME=$fc/cache "$SBX_BIN" probe >/dev/null 2>&1
                        cp "$fc/cache/sbx/probe" "$T/probe.before"
                        XDG_CONFIG_HOME=$fc XDG_CACHE_HOME=$fc/cache "$SBX_BIN" run --db "$T/fd.db" --backend $b --mode read-only \
                        --root "$T/plain" --keep-fd 5 -- sh -c 'echo forged >&5; echo ran >&2' 5>>"$fc/cache/sbx/probe" 2>"$T/err" ;;
                esac
                rc=$?
                [ $how = cache ] && t_check "$b: ... the probe cache unchanged" cmp -s "$fc/cache/sbx/probe" "$T/probe.before"
                [ $rc -eq 125 ] && grep -q 'no backend\|not usable' "$T/err" && continue
                t_check "$b: a descriptor open for writing on sbx's config ($how): refused (125, got $rc), nothing ran, the config unchanged" \
                        test $rc -eq 125 -a "$(cat "$fc/sbx/config")" = "default_mode = read-only" -a "$(grep -c '^ran$' "$T/err")" = 0
                t_check "$b: ... saying which descriptor and why ($(tail -1 "$T/err"))" grep -q "is open for writing on .*, which sbx depends on" "$T/err"
        done
        XDG_CONFIG_HOME=$fc "$SBX_BIN" run --db "$T/fd.db" --backend $b --mode read-only --root "$T/plain" \
                -- cat <"$fc/sbx/config" >"$T/out" 2>/dev/null
        t_check "$b: ... on stdin read-only, the config is the command's to read (rc=$?)" test "$(cat "$T/out")" = "default_mode = read-only"
        XDG_CONFIG_HOME=$fc "$SBX_BIN" run --db "$T/fd.db" --backend $b --mode read-only --root "$T/plain" \
                --keep-fd 5 -- sh -c 'echo x >&5' 5>>"$T/own.log" 2>/dev/null
        t_check "$b: ... and one on a file of the caller's is its grant, as before (rc=$?)" test "$(cat "$T/own.log")" = x
        rm -f "$T/own.log"
done

mkdir -p "$T/plain"
if run_home "$SBX_BIN" run --backend landlock --root "$T/plain" -- true 2>/dev/null; then
        rm -f "$H/marker"
        (cd "$H" && run_home "$SBX_BIN" run --backend landlock --mode workspace-write --root "$H" -- touch "$H/marker") 2>"$T/err"
        rc=$?
        t_check "landlock: a workspace holding sbx's state is refused (rc=$rc), nothing ran" \
                test $rc -eq 125 -a ! -e "$H/marker"
        t_check "landlock: ... and the message names what it cannot protect" \
                grep -q 'landlock cannot keep .*read-only inside the writable workspace' "$T/err"
        # read-only grants nothing to write: the same workspace is fine
        (cd "$H" && run_home "$SBX_BIN" run --backend landlock --mode read-only --root "$H" -- true)
        t_check "landlock: read-only in that workspace runs (rc=$?)" test $? -eq 0
else
        t_diag "landlock is not usable here: its checks are skipped"
fi

# a runner inside the workspace (sbx's own build tree as the workspace, say) stays read-only
mkdir -p "$T/tree/tools"
cp "$SBX_LANDLOCK_EXE" "$T/tree/tools/sbx-landlock"
printf 'landlock_launcher = %s\n' "$T/tree/tools/sbx-landlock" >"$T/config"
chmod 600 "$T/config"
before=$(cksum <"$T/tree/tools/sbx-landlock")
SBX_CONFIG=$T/config "$SBX_BIN" run --db "$T/tree.db" --backend bwrap --root "$T/tree" -- \
        sh -c "echo '#!/bin/sh' > '$T/tree/tools/sbx-landlock'" 2>/dev/null
t_check "bwrap: the launcher inside the workspace cannot be replaced" \
        test "$(cksum <"$T/tree/tools/sbx-landlock")" = "$before"

# a runner planted in a PATH directory inside the workspace (a virtualenv's bin, say) is never
# what a later sbx executes: runners are looked up in the system's directories, not in $PATH.
# The fake bwrap leaves a marker outside the workspace and hands over to the real one.
for b in bwrap landlock; do
        pw=$T/planted-$b
        mkdir -p "$pw/ws/bin" "$pw/out"
        if ! "$SBX_BIN" run --db "$pw/audit.db" --backend "$b" --mode workspace-write --root "$pw/ws" -- \
                sh -c 'printf "#!/bin/sh\necho ran > %s/marker\nexec %s \"\$@\"\n" "$1" "$2" > "$3/bwrap" && chmod 755 "$3/bwrap"' \
                sh "$pw/out" "$(command -v bwrap || echo /usr/bin/bwrap)" "$pw/ws/bin" 2>/dev/null; then
                t_diag "$b cannot plant here: its check is left out"
                continue
        fi
        t_check "$b: the command planted $pw/ws/bin/bwrap (the setting of the check)" test -x "$pw/ws/bin/bwrap"
        for how in --backend=bwrap chain; do
                sel=()
                [ "$how" = chain ] || sel=("$how")
                (cd "$pw/ws" && PATH="$pw/ws/bin:$PATH" "$SBX_BIN" run --db "$pw/audit.db" "${sel[@]}" --mode read-only \
                        --root "$pw/ws" -- true) >/dev/null 2>&1
                rc=$?
                t_check "planted by $b, then $how with it first in PATH: the planted bwrap never ran (rc=$rc)" \
                        test ! -e "$pw/out/marker"
        done
done

# a library planted in the workspace and named by the caller's LD_PRELOAD or LD_LIBRARY_PATH is
# never loaded by bubblewrap, which runs unconfined: the loader's variables reach only the
# sandbox. The library's constructor leaves a marker outside the workspace wherever it runs
# unconfined (inside the sandbox that write is denied).
lw=$T/planted-lib
mkdir -p "$lw/ws/lib" "$lw/out" "$lw/src"
printf '#include <stdio.h>\n__attribute__((constructor)) static void c(void) { FILE *f = fopen("%s/marker", "a"); if (f) { fputs("loaded unconfined\\n", f); fclose(f); } }\n' \
        "$lw/out" >"$lw/src/evil.c"
# (an sbx built with sanitizers is itself a dynamic program: the caller's LD_PRELOAD is then the
# caller's own business, and it would load the library into sbx; the shipped sbx is static)
if readelf -l "$SBX_BIN" 2>/dev/null | grep -q 'program interpreter'; then
        t_diag "this sbx is dynamically linked (a sanitizer build): the LD_PRELOAD check is left out"
elif command -v cc >/dev/null && cc -shared -fPIC -o "$lw/src/libevil.so" "$lw/src/evil.c" 2>/dev/null &&
        "$SBX_BIN" run --db "$lw/audit.db" --backend bwrap --mode workspace-write --root "$lw/ws" -- \
                cp "$lw/src/libevil.so" "$lw/ws/lib/libevil.so" 2>/dev/null; then
        rm -f "$lw/out/marker"
        out=$(cd "$lw/ws" && LD_PRELOAD="$lw/ws/lib/libevil.so" LD_LIBRARY_PATH="$lw/ws/lib" "$SBX_BIN" run \
                --db "$lw/audit.db" --backend bwrap --mode read-only --root "$lw/ws" -- sh -c 'echo "pre=$LD_PRELOAD"' 2>/dev/null)
        t_check "bwrap: a library planted in the workspace and named by LD_PRELOAD never ran unconfined" \
                test ! -e "$lw/out/marker"
        t_check "bwrap: ... while the command still sees the caller's LD_PRELOAD ($out)" \
                test "$out" = "pre=$lw/ws/lib/libevil.so"
else
        t_diag "no C compiler, or bwrap cannot plant here: the LD_PRELOAD check is left out"
fi

t_finish
