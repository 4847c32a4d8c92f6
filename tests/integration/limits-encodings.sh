#!/bin/bash
# Hostile bytes in what the caller gives sbx run stay inert on a terminal and exact in the record.
# For each usable backend, as root and as nobody:
# - a command name holding ESC, BEL, a C1 control (U+009B, which some terminals read as ESC [),
#   a newline and a byte that is not UTF-8: the launcher's "cannot execute" message is one line
#   that carries none of them (it was printed raw: a title-setting OSC reached the terminal);
# - an argument holding the same: the command gets it byte for byte (the file it writes on the
#   host), and every JSON output of sbx audit (show, list, export) is valid, holds no raw C0 or
#   C1 control byte (the stored argv was printed as it is, its U+009B raw) and decodes to it;
# - a current directory removed before sbx starts: the row's cwd is its name with " (deleted)"
#   (it was '', although the command ran there).
# And the table of sbx audit list on a terminal cuts a long cell between characters (not within
# one, whose first bytes then read as '?').
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1
t_usable_backends "$T/probe.db"
t_who "$T/who" || exit 1

as() { # as WHO CMD...
        local who=$1
        shift
        if [ "$who" = nobody ]; then
                "${T_NOBODY[@]}" env HOME="$T/who/home" XDG_STATE_HOME= XDG_CACHE_HOME="$T/who/home/.cache" "$@"
        else
                "$@"
        fi
}

# controls: ESC ] 0 ; title BEL, ESC [ 2 J, U+009B (C2 9B) 3 1 m, a newline, a lone FF byte
HOSTILE=$'x\033]0;owned\007\033[2J\xc2\x9b31m\ny\xff'

for who in "${WHO[@]}"; do
        bin=$SBX_BIN
        [ "$who" = nobody ] && bin=$NB_BIN
        for b in "${BACKENDS[@]}"; do
                D=$T/$who-$b
                W=$D/ws
                mkdir -p "$W" "$D/db"
                chmod 700 "$D/db"
                [ "$who" = nobody ] && chown -R 65534:65534 "$D"
                db=$D/db/audit.db

                # the launcher's message
                as "$who" "$bin" run --backend "$b" --root "$W" --db "$db" --verdict-json "$D/v1.json" \
                        -- "$W/$HOSTILE" 2>"$D/err1"
                st=$?
                t_check "$b, $who: a command name that cannot be executed is a runner failure (exit $st)" \
                        test "$st" = 125 -a "$(jq -r .verdict "$D/v1.json")" = runner_failure
                t_check "$b, $who: the launcher says so in one line ($(printf '%q' "$(cat "$D/err1")"))" \
                        test "$(grep -c '^sbx-landlock: cannot execute' "$D/err1")" = 1 -a "$(wc -l <"$D/err1")" = 1
                t_check "$b, $who: that line carries no control byte, no C1 control, nothing that is not UTF-8" \
                        python3 -c '
import re, sys
t = open(sys.argv[1], "rb").read()
assert not re.search(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", t), t
t.decode("utf-8")
' "$D/err1"

                # the argument, exact for the command and in the record
                as "$who" "$bin" run --backend "$b" --root "$W" --db "$db" --verdict-json "$D/v2.json" \
                        -- sh -c 'printf %s "$1" >"$2"' sh "$HOSTILE" "$W/out" 2>"$D/err2"
                st=$?
                t_check "$b, $who: the command got the argument byte for byte (exit $st)" \
                        cmp -s "$W/out" <(printf %s "$HOSTILE")
                id=$(jq -r .execution_id "$D/v2.json")
                for q in "show $id --json" "list --json" "export --jsonl" "export --json"; do
                        # shellcheck disable=SC2086 # q is words
                        as "$who" "$bin" audit $q --db "$db" >"$D/q.json" 2>"$D/q.err"
                        t_check "$b, $who: audit $q: valid JSON, no raw control byte, argv as recorded" \
                                python3 -c '
import json, os, re, sys
t = open(sys.argv[1], "rb").read()
assert not re.search(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", t), re.findall(rb".{0,20}\xc2[\x80-\x9f].{0,5}", t)
if sys.argv[2].startswith("export --jsonl"):
    rows = [json.loads(l) for l in t.splitlines() if l.strip()]
else:
    v = json.loads(t)
    rows = v if isinstance(v, list) else [v]
row = [r for r in rows if r["id"] == int(sys.argv[3])][0]
# the byte FF as the lone surrogate \udcff (surrogateescape): os.fsencode() gives the argument back
want = "x\x1b]0;owned\x07\x1b[2J\x9b31m\ny\udcff"
assert row["argv"][2] == "printf %s \"$1\" >\"$2\"" and row["argv"][4] == want, row["argv"]
assert os.fsencode(row["argv"][4]) == b"x\x1b]0;owned\x07\x1b[2J\xc2\x9b31m\ny\xff", row["argv"]
' "$D/q.json" "$q" "$id"
                done
                # the verdict record's argv is the record's own (it wrote U+FFFD, so two commands
                # that differ only in such a byte read alike there, and unlike the audit row)
                t_check "$b, $who: the verdict record's argv is the row's, byte for byte" python3 -c '
import json, os, sqlite3, sys
v = json.load(open(sys.argv[1]))["argv"]
row = json.loads(sqlite3.connect(sys.argv[2]).execute("SELECT argv FROM executions WHERE id = ?", (int(sys.argv[3]),)).fetchone()[0])
assert v == row, (v, row)
assert os.fsencode(v[4]) == b"x\x1b]0;owned\x07\x1b[2J\xc2\x9b31m\ny\xff", v
' "$D/v2.json" "$db" "$id"

                # a current directory removed before sbx starts: the row names it, not ''
                mkdir -p "$D/gone"
                [ "$who" = nobody ] && chown 65534:65534 "$D/gone"
                (cd "$D/gone" && rmdir "$D/gone" &&
                        as "$who" "$bin" run --backend "$b" --root "$W" --db "$db" --verdict-json "$D/v3.json" \
                                -- true) >/dev/null 2>&1
                id=$(jq -r .execution_id "$D/v3.json")
                cwd=$(sqlite3 "$db" "SELECT cwd FROM executions WHERE id = ${id:-0}")
                t_check "$b, $who: a removed current directory is recorded as '$D/gone (deleted)' ('$cwd', $(jq -r .verdict "$D/v3.json"))" \
                        test "$cwd" = "$D/gone (deleted)"
        done
done

# long workspace paths: bubblewrap reaches the host through /oldroot, so a workspace of 4088 bytes
# or more (PATH_MAX less those 8) is a runner failure there and the command never runs (README);
# 4087 runs, and Landlock takes a workspace of PATH_MAX - 1 = 4095 bytes
long_ws() { # long_ws LEN: makes and prints a directory path of exactly LEN bytes under $T/lw
        local p=$T/lw
        while [ $((${#p} + 201)) -lt "$1" ]; do p=$p/$(printf 'd%.0s' $(seq 200)); done
        p=$p/$(printf 'e%.0s' $(seq $(($1 - ${#p} - 1))))
        mkdir -p "$p" && echo "$p"
}
for b in "${BACKENDS[@]}"; do
        lens=(4095)
        [ "$b" = bwrap ] && lens=(4087 4088)
        for len in "${lens[@]}"; do
                W=$(long_ws "$len")
                (cd "$W" && "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$W" --db "$T/long.db" \
                        --verdict-json "$T/long.json" -- sh -c 'echo ran > f' 2>"$T/long.err")
                st=$? v=$(jq -r .verdict "$T/long.json")
                if [ "$b" = bwrap ] && [ "$len" -ge 4088 ]; then
                        t_check "$b: a workspace of $len bytes is a runner failure (125, got $st, $v), nothing ran" \
                                bash -c '[ "$0" = 125 ] && [ "$1" = runner_failure ] && cd "$2" && [ ! -e f ]' "$st" "$v" "$W"
                else
                        t_check "$b: a workspace of $len bytes runs (exit $st, $v; $(head -c 100 "$T/long.err"))" \
                                bash -c '[ "$0" = 0 ] && cd "$1" && [ -e f ]' "$st" "$W"
                fi
                (cd "$W" && rm -f f)
                rm -f "$T/long.json"
        done
done

# A file the argv names that sbx reads to judge a silent or errno-less failure (sqlite3's
# database, curl's -o, zip's archive; CMake -E's line names it, no errno), outside the workspace, with a name of some 3000 bytes:
# read-only, the sandbox refuses it: denied, its whole path kept (sbx keeps paths to PATH_MAX since
# long57; before, over 1023 bytes, a denial of no path, and before that task_failure, under both
# backends, where a short name read denied of that file). Root's; and a short name, as before.
longdir=$T/longdir
comp=$(printf 'l%.0s' $(seq 200))
for _ in $(seq 15); do longdir=$longdir/$comp; done
mkdir -p "$longdir" "$T/shortdir" "$T/cwd-argv"
for b in "${BACKENDS[@]}"; do
        for dir in "$T/shortdir" "$longdir"; do
                cmds=("sqlite3|$dir/t.db|create table t(a)")
                type -P curl >/dev/null && cmds+=("curl|-so|$dir/c|file:///etc/hostname")
                echo a >"$T/cwd-argv/f"
                type -P zip >/dev/null && cmds+=("zip|-q|$dir/z.zip|f")
                type -P cmake >/dev/null && cmds+=("cmake|-E|touch|$dir/cm")
                for c in "${cmds[@]}"; do
                        IFS='|' read -ra run <<<"$c"
                        type -P "${run[0]}" >/dev/null || continue
                        rm -f "$T/argv.json"
                        (cd "$T/cwd-argv" && "$SBX_BIN" run --backend "$b" --mode read-only --root "$T/cwd-argv" \
                                --db "$T/argv.db" --verdict-json "$T/argv.json" -- "${run[@]}" >/dev/null 2>&1)
                        want=$dir/${run[-1]##*/}
                        [ "${run[0]}" = sqlite3 ] && want=$dir/t.db
                        [ "${run[0]}" = curl ] && want=$dir/c
                        [ "${run[0]}" = zip ] && want=$dir/z.zip
                        [ "${run[0]}" = cmake ] && want=$dir/cm
                        [ ${#want} -ge 4096 ] && want=
                        t_check "$b: ${run[0]} writing a file outside the workspace whose name is ${#dir}+ bytes: denied, path ${want:-not kept} ($(jq -c '[.verdict, [.denials[].path]]' "$T/argv.json" 2>&1 | tail -c 200))" \
                                python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
want = sys.argv[2] or None
assert o["verdict"] == "denied" and [d["path"] for d in o["denials"]] == [want], o["verdict"]' "$T/argv.json" "$want"
                done
        done
done

# a relative --verdict-json from a current directory whose name is longer than PATH_MAX: refused
# before the run (under Landlock the command ran, then the record failed, "Numerical result out of
# range"; bubblewrap cannot start there at all)
if [[ " ${BACKENDS[*]} " == *" landlock "* ]]; then
        deep=$T/deep
        mkdir -p "$deep"
        long=$(printf 'd%.0s' $(seq 200))
        (
                cd "$deep" || exit 1
                for _ in $(seq 22); do mkdir "$long" && cd "$long" || exit 1; done
                "$SBX_BIN" run --backend landlock --mode read-only --root "$T/cwd" --db "$T/deep.db" \
                        --verdict-json v.json -- echo ran >"$T/deep.out" 2>"$T/deep.err"
                echo $? >"$T/deep.rc"
        )
        t_check "a relative --verdict-json under a current directory beyond PATH_MAX: refused first ($(cat "$T/deep.rc"), $(head -c 150 "$T/deep.err"))" \
                test "$(cat "$T/deep.rc")" = 2 -a ! -s "$T/deep.out"
else
        t_diag "no Landlock: the over-long current directory is left out"
fi

# the table on a terminal cuts a long cell between characters: cut within one, its first bytes
# read as '?' (as a control or a byte that is not UTF-8 in the record would), 'ée?...'
if type -P script >/dev/null; then
        for arg in "x$(printf '\xc3\xa9%.0s' $(seq 200))" "x$(printf '\xe6\xbc\xa2%.0s' $(seq 100))" \
                "xx$(printf '\xe6\xbc\xa2%.0s' $(seq 100))" "x$(printf '\xf0\x9f\x98\x80%.0s' $(seq 100))"; do
                rm -f "$T/cut.db"*
                "$SBX_BIN" run --backend "${BACKENDS[0]}" --mode read-only --root "$T/cwd" --db "$T/cut.db" -- true "$arg" \
                        2>/dev/null
                line=$(SBX=$SBX_BIN DB=$T/cut.db script -qec 'stty cols 80; "$SBX" audit list --db "$DB"' /dev/null |
                        grep -a '\["true"')
                t_check "the table cuts a cell of ${#arg} characters between characters (${line##* })" \
                        eval '[[ "$line" == *...* ]] && [[ "$line" != *"?"* ]]'
        done
else
        t_diag "no script(1): the table's cut on a terminal is left out"
fi
t_finish
