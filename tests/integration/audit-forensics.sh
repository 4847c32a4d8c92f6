#!/bin/bash
# What `sbx audit` says about denials that real tools print, on both backends, as root and as
# nobody:
# - a name that GNU tools quote in pieces ('/ws/a'$'\n''b' for a newline, 'q"uote'\''s' for both
#   quotes, $'\377' for a byte that is not UTF-8) is recorded as the path the command tried to
#   write, not as the last piece of its quoting (before: "b", "s", "\377\376": paths that the
#   command never touched, so `--path` and `--top-paths` named the wrong files);
# - a relative name (`touch x`) is recorded joined to the directory the command started in
#   (before: "x", which `--path '/ws/*'` and `--top-paths` could not place);
# - a run with more denial lines than sbx keeps says so in `sbx audit show` (before: the table
#   simply ended at 64 lines), and `list|export|stats --path` say that such lines were not matched
#   (before: a run denied a path only past its 64th line was silently not selected).
# Each write is checked on the host too: the file the command was denied does not exist.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
export SBX_DB= XDG_STATE_HOME= SBX_AUDIT_WRITER=off
unset SBX_SESSION
mkdir -p "$T/home" "$T/cwd"
export HOME=$T/home
cd "$T/cwd" || exit 1
t_usable_backends "$T/probe.db"
t_who "$T/nb" || exit 1

as_user() { # as_user WHO: pre (the command prefix), bin (sbx) and db (the database) of that user
        if [ "$1" = nobody ]; then
                pre=("${T_NOBODY[@]}" env HOME="$T/nb/home" XDG_CACHE_HOME="$T/nb/home/.cache")
                bin=$NB_BIN db=$T/nb/home/audit-$2.db
        else
                pre=(env)
                bin=$SBX_BIN db=$T/audit-$2.db
        fi
}

# the names, each as bash $'...' text: a newline, a tab, both quotes, two bytes that are not UTF-8
NAMES=($'a\nb' $'t\tab' $'q"uote\'s' $'bad\xff\xfe')

for who in "${WHO[@]}"; do
        for how in "${BACKENDS[@]}"; do
                as_user "$who" "$how"
                ws=$T/ws-$who-$how
                mkdir -p "$ws"
                [ "$who" = nobody ] && chown 65534:65534 "$ws"
                (cd "$ws" && "${pre[@]}" "$bin" run --db "$db" --backend "$how" --mode read-only -- \
                        touch "${NAMES[@]/#/$ws/}") >/dev/null 2>"$T/stderr"
                rc=$?
                t_check "$who, $how: touch of the odd names was denied (exit $rc)" test "$rc" = 1
                t_check "$who, $how: none of them exists on the host" test -z "$(ls -A "$ws")"
                "${pre[@]}" "$bin" audit denials --json --db "$db" >"$T/denials.json"
                # the recorded paths, as bytes: JSON turns the bytes that are not UTF-8 into U+FFFD,
                # so they are read from the database, whose TEXT keeps the bytes
                for name in "${NAMES[@]}"; do
                        want=$ws/$name
                        got=$(sqlite3 "$db" "SELECT count(*) FROM denial_lines WHERE path = CAST(X'$(printf %s "$want" | od -An -tx1 | tr -d ' \n')' AS TEXT)")
                        t_check "$who, $how: the denial of $(printf %q "$name") is recorded with its whole path" \
                                test "$got" = 1
                done
                t_check "$who, $how: no path recorded is only a piece of a name" \
                        python3 -c 'import json, sys
paths = [d["path"] for d in json.load(open(sys.argv[1]))]
sys.exit(0 if len(paths) == 4 and all(p and p.startswith(sys.argv[2] + "/") for p in paths) else 1)' \
                        "$T/denials.json" "$ws"
                "${pre[@]}" "$bin" audit denials --path "$ws/a*" --csv --db "$db" >"$T/glob.csv"
                t_check "$who, $how: --path '$ws/a*' finds the name with a newline" \
                        test "$(tail -n +2 "$T/glob.csv" | grep -c '^[0-9]')" = 1

                # more denial lines than are kept
                (cd "$ws" && "${pre[@]}" "$bin" run --db "$db" --backend "$how" --mode read-only -- \
                        bash -c 'for i in $(seq 1 70); do touch "m$i"; done; exit 3') >/dev/null 2>&1
                t_check "$who, $how: none of the 70 files exists on the host" test -z "$(ls -A "$ws")"
                id=$(sqlite3 "$db" 'SELECT max(id) FROM executions')
                t_check "$who, $how: the run counted 70 denial lines and kept 64" \
                        test "$(sqlite3 "$db" "SELECT denial_lines, (SELECT count(*) FROM denial_lines WHERE execution_id = $id) FROM executions WHERE id = $id")" = "70|64"
                "${pre[@]}" "$bin" audit show "$id" --db "$db" >"$T/show.txt"
                t_check "$who, $how: audit show says how many denial lines were not kept" \
                        grep -qx '(6 more denial lines were counted but not kept: sbx keeps the first 64 of a run)' "$T/show.txt"
                # ... and so do the listings built from the kept lines, on stderr (stdout stays the table)
                for form in "" --top-paths; do
                        "${pre[@]}" "$bin" audit denials $form --csv --db "$db" >"$T/den.csv" 2>"$T/den.err"
                        t_check "$who, $how: audit denials $form says that 6 lines of 1 run were not kept" \
                                grep -qx "sbx: audit denials: 6 more denial lines of 1 run were counted but not kept (sbx keeps the first 64 of a run): not listed, tallied or matched by --path" "$T/den.err"
                done
                "${pre[@]}" "$bin" audit denials --until 2000-01-01 --db "$db" >/dev/null 2>"$T/den.err"
                t_check "$who, $how: ... and nothing for runs the filters leave out" test ! -s "$T/den.err"
                # list, export and stats --path match the kept lines only, as denials does: a run
                # denied m70 only in a line not kept is not selected, and they say so too (before:
                # "no run was denied m70", with nothing on stderr)
                for verb in list export stats; do
                        "${pre[@]}" "$bin" audit $verb --path "$ws/m70" --db "$db" >/dev/null 2>"$T/den.err"
                        t_check "$who, $how: audit $verb --path says that 6 lines of 1 run were not matched" \
                                grep -qx "sbx: audit $verb: 6 more denial lines of 1 run were counted but not kept (sbx keeps the first 64 of a run): not matched by --path" "$T/den.err"
                        "${pre[@]}" "$bin" audit $verb --db "$db" >/dev/null 2>"$T/den.err"
                        t_check "$who, $how: ... and audit $verb without --path says nothing" test ! -s "$T/den.err"
                done
                "${pre[@]}" "$bin" audit show "$id" --json --db "$db" >"$T/show.json"
                t_check "$who, $how: audit show --json says denials_not_kept 6" \
                        python3 -c 'import json, sys; o = json.load(open(sys.argv[1])); sys.exit(0 if o["denials_not_kept"] == 6 and len(o["denials"]) == 64 else 1)' "$T/show.json"
                "${pre[@]}" "$bin" audit show 1 --db "$db" >"$T/show.txt"
                t_check "$who, $how: ... and says nothing when every line was kept" \
                        test "$(grep -c 'more denial lines' "$T/show.txt")" = 0

                # relative names, joined to the cwd as text
                (cd "$ws" && "${pre[@]}" "$bin" run --db "$db" --backend "$how" --mode read-only -- \
                        touch rel ./rel2 "../${ws##*/}//rel3") >/dev/null 2>&1
                t_check "$who, $how: none of the relative names exists on the host" test -z "$(ls -A "$ws")"
                id=$(sqlite3 "$db" 'SELECT max(id) FROM executions')
                t_check "$who, $how: relative names are recorded as absolute paths" \
                        test "$(sqlite3 "$db" "SELECT group_concat(path, ' ') FROM (SELECT path FROM denial_lines WHERE execution_id = $id ORDER BY line_no)")" = "$ws/rel $ws/rel2 $ws/rel3"
                t_check "$who, $how: ... and the printed name stays in the line" \
                        test "$(sqlite3 "$db" "SELECT count(*) FROM denial_lines WHERE execution_id = $id AND line LIKE '%''./rel2''%'")" = 1
                "${pre[@]}" "$bin" audit denials --path "$ws/rel*" --csv --db "$db" >"$T/glob.csv"
                t_check "$who, $how: --path '$ws/rel*' finds the three" \
                        test "$(tail -n +2 "$T/glob.csv" | grep -c '^[0-9]')" = 3
        done
done
t_finish
