#!/usr/bin/env bash
# Bad input to `sbx run`: each case prints exactly one line on stderr starting with "sbx: ",
# exits 2 (usage: the command line) or 125 (refusal: configuration, audit database), and executes nothing (the command would print EXECUTED and
# create a marker file inside the workspace; neither may appear). Plus --help and the accepted
# forms next to the refused ones (a relative --root is resolved against the cwd, realpath
# semantics, and recorded absolute).
set -u
. "$(dirname "$0")/lib-common.sh"

t_require_sbx
T=$(t_mktemp_dir)
trap t_cleanup EXIT
t_copy_tools "$T/bin" || exit 1
unset SBX_CONFIG SBX_DB SBX_SESSION TMPDIR
export XDG_CACHE_HOME=$T/cache
WS=$T/ws
mkdir -p "$WS" "$T/sub/dir"
echo data >"$T/afile"
ln -s loop-b "$T/loop-a"
ln -s loop-a "$T/loop-b"
ln -s "$WS" "$T/ws-link"
MARK=$WS/EXECUTED
CMD=(sh -c 'echo EXECUTED; touch "$0"' "$MARK")

# refused EXPECTED-RC WORDS DESCRIPTION [ENV=V...] -- SBX-ARGS... : the run is refused cleanly.
# SBX-ARGS is everything after "sbx"; a literal CMD word is replaced by the marker command.
refused() {
        local want=$1 words=$2 desc=$3
        shift 3
        local -a envs=() args=()
        while [ "$1" != -- ]; do envs+=("$1"); shift; done
        shift
        for a in "$@"; do
                if [ "$a" = CMD ]; then args+=("${CMD[@]}"); else args+=("$a"); fi
        done
        rm -f "$MARK"
        (cd "$T" && env "${envs[@]}" "${RUN_AS[@]}" "$SBX_BIN" "${args[@]}") >"$T/out" 2>"$T/err" </dev/null
        local rc=$? lines
        lines=$(wc -l <"$T/err")
        # (one clear line: no control character either, whatever the input quoted in it)
        if [ $rc -eq "$want" ] && [ ! -e "$MARK" ] && ! grep -q EXECUTED "$T/out" && [ "$lines" -eq 1 ] &&
                grep -q '^sbx: ' "$T/err" && grep -Eqi -- "$words" "$T/err" && ! LC_ALL=C grep -q '[[:cntrl:]]' "$T/err"; then
                t_ok "$desc: exit $rc, one line: $(cat "$T/err")"
        else
                t_not_ok "$desc: want exit $want, one 'sbx: ' line matching /$words/, nothing executed; got exit $rc, $lines line(s): $(head -c 400 "$T/err" | tr '\n' '|') marker=$([ -e "$MARK" ] && echo present || echo absent) stdout=$(head -c 100 "$T/out")"
        fi
}
RUN_AS=()
DB=(--db "$T/audit.db")

refused 2 "unknown mode 'bogus'" "unknown mode" -- run "${DB[@]}" --root "$WS" --mode bogus -- CMD
refused 2 "unknown backend 'bogus'" "unknown backend" -- run "${DB[@]}" --root "$WS" --backend bogus -- CMD
refused 2 "no command" "no argv at all" -- run "${DB[@]}" --root "$WS"
refused 2 "no command" "empty argv after --" -- run "${DB[@]}" --root "$WS" --
refused 2 "empty" "empty command name" -- run "${DB[@]}" --root "$WS" -- ""
refused 2 "unknown option" "unknown option" -- run "${DB[@]}" --root "$WS" --frobnicate -- CMD
refused 2 "needs a value|expects" "option without its value" -- run "${DB[@]}" --root
# the option named is the one at fault: a flag given a value was "unknown option '-<ctrl-D>'",
# a letter in a cluster named the verb ("unknown option 'resolve'")
refused 2 "option '--require-full' takes no value" "a value given to a flag" -- \
        run "${DB[@]}" --root "$WS" --require-full=yes -- CMD
refused 2 "option '--help' takes no value" "a value given to --help" -- run "${DB[@]}" --root "$WS" --help=1 -- CMD
refused 2 "unknown option '-x'" "an unknown letter in a cluster" -- run "${DB[@]}" --root "$WS" -xy -- CMD
refused 2 "policy: unknown option '-x'" "policy resolve: an unknown letter in a cluster" -- policy resolve -xy
refused 2 "policy: option '--json' takes no value" "policy resolve: a value given to a flag" -- policy resolve --json=1
# an option given twice is ambiguous for policy resolve as for run, which refuses it: resolve
# printed the last one (danger-full-access below) for a command line that run refuses
refused 2 "policy: --mode given twice" "policy resolve: --mode twice" -- \
        policy resolve --root "$WS" --mode read-only --mode danger-full-access
refused 2 "policy: --root given twice" "policy resolve: --root twice" -- policy resolve --root "$WS" --root "$T/sub"
refused 2 "policy: --session given twice" "policy resolve: --session twice" -- \
        policy resolve "${DB[@]}" --session a --session=b
refused 2 "policy: --db given twice" "policy resolve: --db twice" -- policy resolve "${DB[@]}" "${DB[@]}"
# ... and for the session verbs: 'session start --mode read-only --mode danger-full-access'
# started a session of the second mode without a word
refused 2 "session start: --mode given twice" "session start: --mode twice" -- \
        session start "${DB[@]}" --cwd "$WS" --mode read-only --mode danger-full-access
refused 2 "session start: --cwd given twice" "session start: --cwd twice" -- session start "${DB[@]}" --cwd "$WS" --cwd=/
refused 2 "session show: --db given twice" "session show: --db twice" -- session show "${DB[@]}" x --db "$T/other.db"
refused 2 "classify: unknown option '-x'" "classify: an unknown letter in a cluster" -- classify -xy --backend bwrap --exit 1
refused 2 "classify: option '--json' takes no value" "classify: a value given to a flag" -- \
        classify --json=1 --backend bwrap --exit 1
# ... in the other verbs too ("unknown option 'probe'", 'start', 'list'; and a filter given to
# audit show named its value: "unknown option '1d'")
refused 2 "probe: unknown option '-x'" "probe: an unknown letter in a cluster" -- probe -xy
refused 2 "probe: option '--json' takes no value" "probe: a value given to a flag" -- probe --json=1
refused 2 "session start: unknown option '-x'" "session start: an unknown letter in a cluster" -- session start "${DB[@]}" -xy
refused 2 "session show: option '--json' takes no value" "session show: a value given to a flag" -- session show "${DB[@]}" --json=1
refused 2 "audit list: unknown option '-x'" "audit list: an unknown letter in a cluster" -- audit list "${DB[@]}" -xy
refused 2 "audit show: unknown option '--since'" "audit show: a filter it does not take" -- audit show "${DB[@]}" 1 --since 1d
refused 2 "fixtures record: unknown option '-x'" "fixtures record: an unknown letter in a cluster" -- fixtures record -xy
# ... and an option given twice: the last one won (a case recorded under the second --case name,
# by the second --backend, without a word)
mkdir -p "$T/fx/landlock"
refused 2 "fixtures record: --case given twice" "fixtures record: --case twice" -- \
        fixtures record --backend landlock --case "$T/fx/landlock/a" --case "$T/fx/landlock/b" -- CMD
refused 2 "fixtures record: --backend given twice" "fixtures record: --backend twice" -- \
        fixtures record --backend bwrap --backend landlock --case "$T/fx/landlock/a" -- CMD
refused 2 "fixtures record: --timeout given twice" "fixtures record: --timeout twice" -- \
        fixtures record --backend landlock --timeout 5 --case "$T/fx/landlock/a" --timeout=6 -- CMD
t_check "... and no case was recorded" test -z "$(ls "$T/fx/landlock")"
# a case NAME that fixtures check cannot list as it is (shown with '?' in place of a control
# character, a byte that is not UTF-8, a bidirectional control): $'n\nx' made a directory whose
# name holds a newline
for n in $'n\nx' $'a\tb' $'\e[31mred' $'\xff' $'\u202eevil' $'\xc2\x9bx'; do
        refused 2 "fixtures record: --case .*NAME holds a control character" "fixtures record: case name (bytes $(printf %s "$n" | od -An -tx1 | tr -d " \n"))" -- \
                fixtures record --backend landlock --case "$T/fx/landlock/$n" -- CMD
done
# ... nor is a --case refused for its place quoted with its control characters (two lines)
mkdir -p "$T/fx/"$'x\ny'
refused 2 "--case must be DIR/landlock/NAME" "fixtures record: a --case whose DIR holds a newline" -- \
        fixtures record --backend landlock --case "$T/fx/"$'x\ny/c' -- CMD
t_check "... and no case was made ($(ls "$T/fx/landlock" | od -c | head -2))" test -z "$(ls "$T/fx/landlock")"
# a --verdict-json whose directory cannot hold it is refused before the command runs (it was found
# only after, the record lost and sbx's status 1 instead of the command's)
refused 2 "its directory cannot be used: No such file" "--verdict-json in a missing directory" -- \
        run "${DB[@]}" --root "$WS" --verdict-json "$T/no-such-dir/v.json" -- CMD
refused 2 "its directory cannot be used: Not a directory" "--verdict-json beneath a file" -- \
        run "${DB[@]}" --root "$WS" --verdict-json "$T/out/v.json" -- CMD
# ... and a name ending in '/' (the record went to the name without it)
refused 2 "ends in '/'" "--verdict-json of a missing name ending in /" -- \
        run "${DB[@]}" --root "$WS" --verdict-json "$T/slash.json/" -- CMD
t_check "... and nothing was written at the name without the /" test ! -e "$T/slash.json"
# ... and "-", which was a file named "-" in the current directory (the standard output is the
# command's: --verdict-fd 3 with 3>&1, or /dev/stdout, ask for it)
refused 2 "standard output is the command's" "--verdict-json -" -- run "${DB[@]}" --root "$WS" --verdict-json - -- CMD
# ... whose line names a way sbx takes (it said '--verdict-fd 1', which is refused: not 0, 1 or 2)
t_check "... its line names --verdict-fd 3 with 3>&1, not --verdict-fd 1 ($(cat "$T/err"))" \
        eval 'grep -q -- "--verdict-fd 3 with 3>&1" "$T/err" && ! grep -q -- "--verdict-fd 1" "$T/err"'
(cd "$T" && "$SBX_BIN" run "${DB[@]}" --root "$WS" --verdict-fd 3 -- true 3>&1) >"$T/out" 2>"$T/err" </dev/null
rc=$?
t_check "... and --verdict-fd 3 with 3>&1 puts the record on the standard output (exit $rc, $(head -c 100 "$T/out"))" \
        test $rc = 0 -a "$(t_json_field "$T/out" verdict 2>/dev/null)" = success
t_check "... and no file named '-' was written" test ! -e "$T/-"
# SBX_AUDIT_WRITER has two values: "0" or "no" were taken for "on" (docs review)
refused 2 "SBX_AUDIT_WRITER is 'on' or 'off', not '0'" "SBX_AUDIT_WRITER=0" SBX_AUDIT_WRITER=0 -- \
        run "${DB[@]}" --root "$WS" -- CMD
refused 2 "SBX_AUDIT_WRITER is 'on' or 'off', not 'no'" "SBX_AUDIT_WRITER=no" SBX_AUDIT_WRITER=no -- \
        run "${DB[@]}" --root "$WS" -- CMD
# input quoted in a message cannot split it or reach the terminal as an escape sequence
refused 2 "does not exist" "missing root with a newline and an escape sequence" -- \
        run "${DB[@]}" --root "$T/no"$'\n'"such"$'\e[31m'"root" -- CMD
refused 2 "unknown mode" "a mode with an escape sequence" -- run "${DB[@]}" --root "$WS" --mode $'\e[2Jx' -- CMD
refused 2 "does not exist" "missing root (absolute)" -- run "${DB[@]}" --root "$T/no-such-dir" -- CMD
refused 2 "does not exist" "missing root (relative)" -- run "${DB[@]}" --root no-such-dir -- CMD
refused 2 "not a directory" "root that is a file" -- run "${DB[@]}" --root "$T/afile" -- CMD
refused 2 "symlink loop|too many|loop" "root that is a symlink loop" -- run "${DB[@]}" --root "$T/loop-a" -- CMD
# a name too long: the reason stays at the line's end, the name's middle elided (it was cut at 511
# bytes, the reason with it)
LONG=$T/$(printf 'n%.0s' $(seq 1 3000))
refused 2 "\.\.\.n+': File name too long\$" "root with a 3000-byte name" -- run "${DB[@]}" --root "$LONG" -- CMD
refused 2 "empty" "empty root" -- run "${DB[@]}" --root "" -- CMD
refused 2 "danger-full-access|does not apply|confined" "--backend with danger-full-access" -- \
        run "${DB[@]}" --root "$WS" --mode danger-full-access --backend bwrap -- CMD
refused 2 "danger-full-access|does not apply" "--require-full with danger-full-access" -- \
        run "${DB[@]}" --root "$WS" --mode danger-full-access --require-full -- CMD
refused 2 "not open" "--keep-fd of a closed descriptor" -- run "${DB[@]}" --root "$WS" --keep-fd 57 -- CMD
refused 2 "0, 1 (or|and) 2|must not" "--verdict-fd 1" -- run "${DB[@]}" --root "$WS" --verdict-fd 1 -- CMD
exec 9</etc/hostname
refused 2 "reading only" "--verdict-fd open for reading only" -- run "${DB[@]}" --root "$WS" --verdict-fd 9 -- CMD
exec 9<&-
refused 2 "unknown session" "unknown --session" -- run "${DB[@]}" --root "$WS" --session no-such-session -- CMD
# the verdict record is written after the command: a path it could not or must not be written to
# is refused before. Over the audit database (or its files) it erased the whole audit trail.
"$SBX_BIN" run "${DB[@]}" --root "$WS" -- true 2>/dev/null
rows_before=$("$SBX_BIN" audit list "${DB[@]}" --json 2>/dev/null | grep -o '"id"' | wc -l)
ln -f "$T/audit.db" "$T/audit-link.db" 2>/dev/null
refused 2 "needs a path" "empty --verdict-json" -- run "${DB[@]}" --root "$WS" --verdict-json "" -- CMD
# an empty --db is a usage error in every verb that takes one (run said 125, the readers 1, and
# policy resolve took it without a word)
refused 2 "--db needs a path" "run with an empty --db" -- run --db "" --root "$WS" -- CMD
for verb in "audit list" "audit show 1" "audit denials" "audit prune --before 1d" "session show x" "policy resolve"; do
        # shellcheck disable=SC2086
        refused 2 "--db needs a path" "$verb with an empty --db" -- $verb --db ""
done
refused 2 "is a directory" "--verdict-json of a directory" -- run "${DB[@]}" --root "$WS" --verdict-json "$T/sub" -- CMD
refused 2 "audit database" "--verdict-json of the audit database" -- run "${DB[@]}" --root "$WS" --verdict-json "$T/audit.db" -- CMD
refused 2 "audit database" "--verdict-json of the audit database, relative and through .." -- \
        run "${DB[@]}" --root "$WS" --verdict-json "sub/../audit.db" -- CMD
refused 2 "audit database" "--verdict-json of its -wal" -- run "${DB[@]}" --root "$WS" --verdict-json "$T/audit.db-wal" -- CMD
refused 2 "audit database" "--verdict-json of a hard link to it" -- run "${DB[@]}" --root "$WS" --verdict-json "$T/audit-link.db" -- CMD
rm -f "$T/audit-link.db"
# ... nor through one of sbx's own descriptors of it (the database open directly, no writer)
for fd in 3 4 5 6 7 8 9 10 11 12; do
        SBX_AUDIT_WRITER=off "$SBX_BIN" run "${DB[@]}" --root "$WS" --mode read-only --verdict-json /proc/self/fd/$fd -- true \
                >/dev/null 2>&1
done
rows_now=$("$SBX_BIN" audit list "${DB[@]}" --json 2>/dev/null | grep -o '"id"' | wc -l)
t_check "... and the audit trail is intact ($rows_before rows before, 10 more runs: $rows_now)" \
        test "$rows_now" = $((rows_before + 10)) -a "$rows_before" -ge 1
# ... nor a descriptor open for writing on it: the command may write through one it inherits
# whatever the mode (`--keep-fd 5 5<>audit.db` let a read-only run, recorded full, overwrite the
# database's header: every later run refused, 'file is not a database'), and sbx wrote the record
# itself over it through a --verdict-fd onto it (`3<>audit.db`). Refused before anything runs.
for how in keep-fd stdout stdin-rw verdict-fd; do
        rm -f "$MARK"
        case $how in
        keep-fd) (cd "$T" && "$SBX_BIN" run "${DB[@]}" --root "$WS" --mode read-only --keep-fd 5 -- \
                sh -c 'echo EXECUTED; printf tamper >&5; touch "$0"' "$MARK") 5<>"$T/audit.db" >"$T/out" 2>"$T/err" </dev/null ;;
        stdout) (cd "$T" && "$SBX_BIN" run "${DB[@]}" --root "$WS" --mode read-only -- "${CMD[@]}") \
                >>"$T/audit.db-wal" 2>"$T/err" </dev/null ;;
        stdin-rw) (cd "$T" && "$SBX_BIN" run "${DB[@]}" --root "$WS" --mode read-only -- "${CMD[@]}") \
                <>"$T/audit.db" >"$T/out" 2>"$T/err" ;;
        verdict-fd) (cd "$T" && "$SBX_BIN" run "${DB[@]}" --root "$WS" --mode read-only --verdict-fd 3 -- \
                "${CMD[@]}") 3<>"$T/audit.db" >"$T/out" 2>"$T/err" </dev/null ;;
        esac
        rc=$?
        t_check "a $how open for writing on the audit database: refused (exit $rc, want 2), nothing ran, one line: $(head -c 300 "$T/err")" \
                test $rc = 2 -a ! -e "$MARK" -a "$(wc -l <"$T/err")" = 1 -a -n "$(grep 'audit trail' "$T/err")"
done
"$SBX_BIN" run "${DB[@]}" --root "$WS" -- true 2>"$T/err"
rc=$?
t_check "... and the audit database is whole: the next run recorded (exit $rc, $(head -c 200 "$T/err"))" \
        test $rc = 0 -a "$(sqlite3 "$T/audit.db" 'PRAGMA integrity_check')" = ok
refused 125 "audit database|unrecorded" "audit database that cannot be created" -- \
        run --db /proc/no-such-dir/audit.db --root "$WS" -- CMD
# refused by the provider, and not recordable either: still one line, with both reasons
mkdir -p "$T/cdb"
echo junk >"$T/cdb/corrupt.db"
refused 125 "SANDBOX_UNAVAILABLE: .*depends on.*nor recorded: .*corrupt" "a refusal that cannot be recorded" -- \
        run --db "$T/cdb/corrupt.db" --root "$T/cdb" --mode workspace-write -- CMD

# configuration files ($SBX_CONFIG names the only one read): a broken deployment configuration
# is the infrastructure's refusal (125), not a usage error (tools/cmd-run.c)
echo "frobnicate = 1" >"$T/badkey.conf"
refused 125 "unknown key 'frobnicate'" "config: unknown key" SBX_CONFIG="$T/badkey.conf" -- run "${DB[@]}" --root "$WS" -- CMD
echo "default_mode = bogus" >"$T/badmode.conf"
refused 125 "unknown mode 'bogus'" "config: unknown default_mode" SBX_CONFIG="$T/badmode.conf" -- run "${DB[@]}" --root "$WS" -- CMD
echo "backends = bwrap, frob" >"$T/badbackend.conf"
refused 125 "unknown backend 'frob'" "config: unknown backend in backends" SBX_CONFIG="$T/badbackend.conf" -- \
        run "${DB[@]}" --root "$WS" -- CMD
echo "no equals sign here" >"$T/nokv.conf"
refused 125 "nokv.conf:1" "config: a line that is not key = value" SBX_CONFIG="$T/nokv.conf" -- run "${DB[@]}" --root "$WS" -- CMD
mkdir "$T/conf-dir"
refused 125 "not a regular file" "config: a directory" SBX_CONFIG="$T/conf-dir" -- run "${DB[@]}" --root "$WS" -- CMD
# the operator named a file that is not there: running on built-in defaults instead would
# silently drop whatever the file restricted (default_mode = read-only, backends = ...)
refused 125 "no-such.conf" "config: SBX_CONFIG names a missing file" SBX_CONFIG="$T/no-such.conf" -- \
        run "${DB[@]}" --root "$WS" -- CMD
# set but empty (a failed SBX_CONFIG=$(...)) names no file either: it read the user's and the
# system's files instead, and the run went ahead under whatever they allow (review)
refused 125 "SBX_CONFIG is set but empty" "config: SBX_CONFIG set but empty" SBX_CONFIG= -- \
        run "${DB[@]}" --root "$WS" -- CMD
# a configured fallback_root that does not exist, or is no directory, is the deployment's fault,
# not the command line's: it was a usage error (2), unrecorded, telling a caller who gave no root
# that "workspace root '...' does not exist"
printf 'fallback_root = %s\n' "$T/no-such-fallback" >"$T/badfallback.conf"
refused 125 "configured fallback_root: workspace root '[^']*no-such-fallback' does not exist" \
        "config: a fallback_root that does not exist" SBX_CONFIG="$T/badfallback.conf" -- run "${DB[@]}" -- CMD
printf 'fallback_root = %s\n' "$T/afile" >"$T/filefallback.conf"
refused 125 "configured fallback_root: .*not a directory" "config: a fallback_root that is a file" \
        SBX_CONFIG="$T/filefallback.conf" -- run "${DB[@]}" -- CMD
t_check "config: both refusals are recorded (unavailable, the reason in the row)" \
        test "$("$SBX_BIN" audit export "${DB[@]}" --jsonl | grep -c '"verdict":"unavailable".*configured fallback_root')" = 2
refused 2 "configured fallback_root: workspace root '[^']*no-such-fallback' does not exist" \
        "policy resolve: a fallback_root that does not exist" SBX_CONFIG="$T/badfallback.conf" -- policy resolve
if t_is_root; then
        echo "default_mode = read-only" >"$T/unreadable.conf"
        chmod 000 "$T/unreadable.conf"
        chown -R 65534:65534 "$WS"
        mkdir -p "$T/nobody"
        chown 65534:65534 "$T/nobody"
        RUN_AS=("${T_NOBODY[@]}")
        DB=(--db "$T/nobody/audit.db")
        refused 125 "cannot read config|Permission denied" "config: unreadable file (as nobody)" \
                SBX_CONFIG="$T/unreadable.conf" HOME="$T/nobody" XDG_CACHE_HOME="$T/nobody/cache" -- \
                run "${DB[@]}" --root "$WS" -- CMD
        RUN_AS=()
        DB=(--db "$T/audit.db")
        chown -R 0:0 "$WS"
else
        echo "default_mode = read-only" >"$T/unreadable.conf"
        chmod 000 "$T/unreadable.conf"
        refused 125 "cannot read config|Permission denied" "config: unreadable file" SBX_CONFIG="$T/unreadable.conf" -- \
                run "${DB[@]}" --root "$WS" -- CMD
fi

# ---- numbers: digits and nothing else, within range; a value of each option once --------------
# (none of these is run or recorded: the rows stay as they are)
rows_before=$("$SBX_BIN" audit list "${DB[@]}" --json 2>/dev/null | grep -o '"id"' | wc -l)
ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }
for v in -1 -0 " 5" "5 " +5 0x10 1e3 2147483648 4294967296 18446744073709551616 ""; do
        for o in --verdict-fd --keep-fd; do
                refused 2 "$o expects a descriptor number, got '$(ere "$v")'" "$o '$v'" -- \
                        run "${DB[@]}" --root "$WS" "$o" "$v" -- CMD
        done
        refused 2 "--timeout wants 1..3600 seconds" "fixtures record --timeout '$v'" -- \
                fixtures record --backend bwrap --case "$T/fx2/bwrap/c" --timeout "$v" -- CMD
        refused 2 "--user wants UID\[:GID\], not '$(ere "$v")'" "fixtures record --user '$v'" -- \
                fixtures record --backend bwrap --case "$T/fx2/bwrap/c" --user "$v" -- CMD
done
for o in "--mode read-only" "--root $WS" "--session s1" "--backend bwrap" "--verdict-json $T/twice.json" \
        "--verdict-fd 9" "--approver /bin/false" "--on-denial=ask"; do
        # shellcheck disable=SC2086
        refused 2 "${o%% *}( ${o#* })? given twice|${o%%=*} given twice" "run $o twice" -- run "${DB[@]}" $o $o -- CMD
done
refused 2 "unknown option '--frob'" "an option after -- is the command's: sbx never sees it" -- \
        run "${DB[@]}" --root "$WS" --frob -- CMD --frob
rows_now=$("$SBX_BIN" audit list "${DB[@]}" --json 2>/dev/null | grep -o '"id"' | wc -l)
t_check "... and none of them left a row ($rows_before before, $rows_now after), a case ($(ls -d "$T/fx2" 2>/dev/null))" \
        test "$rows_now" = "$rows_before" -a ! -e "$T/fx2" -a ! -e "$T/twice.json"

# ---- accepted forms next to the refused ones -----------------------------------------------------
"$SBX_BIN" run --help >"$T/help.out" 2>"$T/help.err"
rc=$?
t_check "sbx run --help: exit 0, usage on stdout, nothing on stderr" \
        test $rc -eq 0 -a -s "$T/help.out" -a ! -s "$T/help.err"
t_check "sbx run --help names --root, --mode, --backend, --require-full, --verdict-json" \
        bash -c 'for o in --root --mode --backend --require-full --verdict-json; do grep -q -- "$o" "$0" || exit 1; done' "$T/help.out"

rm -f "$MARK"
(cd "$T" && "$SBX_BIN" run "${DB[@]}" --root ws --mode workspace-write --verdict-json "$T/rel.json" -- "${CMD[@]}") \
        >"$T/out" 2>&1
rc=$?
t_check "relative --root ws (from its parent): runs (exit $rc) and the marker lands in the workspace" \
        test $rc -eq 0 -a -e "$MARK"
t_check "relative --root is recorded absolute ($(t_json_field "$T/rel.json" workspace_root))" \
        test "$(t_json_field "$T/rel.json" workspace_root)" = "$(realpath "$WS")"
(cd "$T/sub/dir" && "$SBX_BIN" run "${DB[@]}" --root ../../ws-link/. --mode read-only --verdict-json "$T/rel2.json" -- true)
t_check "relative --root through .. and a symlink resolves with realpath semantics ($(t_json_field "$T/rel2.json" workspace_root))" \
        test "$(t_json_field "$T/rel2.json" workspace_root)" = "$(realpath "$WS")"
(cd "$WS" && "$SBX_BIN" run "${DB[@]}" --mode read-only --verdict-json "$T/cwd.json" -- true)
t_check "no --root: the current directory ($(t_json_field "$T/cwd.json" workspace_root))" \
        test "$(t_json_field "$T/cwd.json" workspace_root)" = "$(realpath "$WS")"

"$SBX_BIN" frobnicate >/dev/null 2>"$T/verb.err"
rc=$?
t_check "unknown verb: exit 2 and a line on stderr" test $rc -eq 2 -a -s "$T/verb.err"

# a command name with newlines that cannot be executed: one line, 127 (unconfined)
"$SBX_BIN" run --db "$T/nl.db" --mode danger-full-access -- $'no\nsuch\ncmd' 2>"$T/nl.err"
rc=$?
t_check "an unexecutable name with newlines: 127, one line ($(tr '\n' '|' <"$T/nl.err"))" \
        test $rc = 127 -a "$(grep -c . "$T/nl.err")" = 1

# what a verb prints must arrive: a full device is an error with one line, not a silent success
# (review); a session started all the same is named
if [ -w /dev/full ]; then
        for v in "--version" "policy resolve --db $T/full.db" "probe"; do
                # shellcheck disable=SC2086
                "$SBX_BIN" $v >/dev/full 2>"$T/full.err"
                rc=$?
                t_check "sbx $v >/dev/full: exit 1, one line ($(head -c 120 "$T/full.err"))" \
                        test $rc = 1 -a "$(grep -c . "$T/full.err")" = 1 -a -n "$(grep 'cannot write standard output' "$T/full.err")"
        done
        # a verb that says why itself is not told twice (static review: classify printed two lines,
        # the second with an errno it guessed)
        printf "touch: cannot touch '/x': Read-only file system\n" >"$T/ro.stderr"
        "$SBX_BIN" classify --backend bwrap --exit 1 --stderr "$T/ro.stderr" >/dev/full 2>"$T/full.err"
        rc=$?
        t_check "sbx classify >/dev/full: exit 1, one line ($(tr '\n' '|' <"$T/full.err"))" \
                test $rc = 1 -a "$(grep -c . "$T/full.err")" = 1 -a -n "$(grep 'No space left on device' "$T/full.err")"
        "$SBX_BIN" session start --mode read-only --db "$T/full.db" >/dev/full 2>"$T/full.err"
        rc=$?
        sid=$(sqlite3 "$T/full.db" 'SELECT id FROM sessions ORDER BY created_ms DESC LIMIT 1')
        t_check "sbx session start >/dev/full: exit 1, naming the session it started ($sid)" \
                test $rc = 1 -a -n "$sid" -a -n "$(grep -F "session $sid was started" "$T/full.err")"
fi

t_finish
