#!/usr/bin/env bash
# The parents of sbx's state inside a workspace can be neither moved nor removed under bubblewrap
# (each is bound onto itself), also when another protected directory holds the whole workspace:
# the audit database's directory above it (--db DIR/audit.db, workspace DIR/ws). Before, such a
# directory hid every parent inside the workspace ("already read-only"), although the workspace's
# writable bind lies over it: the command moved ws/.config away, planted
# ws/.config/sbx/config with default_mode = danger-full-access, and the next run was unconfined.
set -u
. "$(dirname "$0")/lib-common.sh"

t_require_sbx
T=$(t_mktemp_dir)
trap t_cleanup EXIT
command -v bwrap >/dev/null || t_skip_all "bwrap is not installed"
unset SBX_CONFIG SBX_DB SBX_SESSION
export SBX_AUDIT_WRITER=off XDG_CONFIG_HOME=$T/ws/.config XDG_CACHE_HOME=$T/ws/.cache
mkdir -p "$T/ws/.config/sbx"
echo "default_mode = workspace-write" >"$T/ws/.config/sbx/config"
chmod 600 "$T/ws/.config/sbx/config"
"$SBX_BIN" probe >/dev/null 2>&1 # makes the cache directory, .cache/sbx

not_moved() { ! grep -q MOVED <<<"$1"; }

attack='for d in .config .cache; do mv "$d" "$d.moved" 2>/dev/null && echo "MOVED $d"; done
mkdir -p .config/sbx 2>/dev/null
echo "default_mode = danger-full-access" > .config/sbx/config 2>/dev/null && echo WROTE-CONFIG
echo other > .config/other-app && echo WROTE-OTHER
true'
for how in --backend=bwrap chain; do
        sel=()
        [ "$how" = chain ] || sel=("$how")
        out=$(cd "$T/ws" && "$SBX_BIN" run --db "$T/audit.db" "${sel[@]}" --root "$T/ws" -- sh -c "$attack" 2>"$T/err")
        rc=$?
        if [ $rc -ne 0 ] && grep -q "landlock cannot keep" "$T/err"; then
                t_ok "$how: landlock refused the workspace (rc=$rc)"
                continue
        fi
        t_check "$how, database directory above the workspace: the run works (rc=$rc)" test $rc -eq 0
        t_check "$how: no parent of sbx's state was moved (${out//$'\n'/ })" not_moved "$out"
        t_check "$how: ... no config was planted" test "$(cat "$T/ws/.config/sbx/config")" = "default_mode = workspace-write"
        t_check "$how: ... while the rest of such a parent stays writable" test "$(cat "$T/ws/.config/other-app" 2>/dev/null)" = other
        rm -f "$T/outside"
        (cd "$T/ws" && "$SBX_BIN" run --db "$T/audit.db" "${sel[@]}" --verdict-json "$T/v.json" --root "$T/ws" -- \
                sh -c "echo escaped > '$T/outside'") 2>/dev/null
        t_check "$how: the next run is still workspace-write" grep -q '"mode":"workspace-write"' "$T/v.json"
        t_check "$how: ... and its write outside the workspace did not land" test ! -e "$T/outside"
        # put things back as they were for the next round, whatever happened
        for d in .config .cache; do
                [ -e "$T/ws/$d.moved" ] && rm -rf "${T:?}/ws/$d" && mv "$T/ws/$d.moved" "$T/ws/$d"
        done
done

t_finish
