#!/bin/bash
# Bad inputs to the audit side of sbx: a corrupt database file, a database in a read-only
# directory, a database from a future sbx, an unknown session id, malformed filters. Each gives one
# clear line naming the problem, executes nothing (a marker file the command would create stays
# absent) and loses nothing (the file and its rows are intact).
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
ERR=$T/stderr
export HOME=$T/home XDG_STATE_HOME=$T/state SBX_DB=
unset SBX_SESSION

# one_line STATUS EXPECTED_STATUS PATTERN: the status matches and stderr is one "sbx: " line
# matching PATTERN (grep -E).
one_line() {
        local got=$1 want=$2 pat=$3
        if [ "$got" != "$want" ]; then
                t_diag "exit status $got, expected $want; stderr: $(head -c 400 "$ERR")"
                return 1
        fi
        if [ "$(wc -l <"$ERR")" != 1 ] || ! grep -Eq "^sbx: .*($pat)" "$ERR"; then
                t_diag "stderr: $(head -c 400 "$ERR")"
                return 1
        fi
        return 0
}
# The command every refused run would execute: it would create $T/marker.
MARK=(touch "$T/marker")

# a good database with some history, to check that nothing is lost
GOOD=$T/good.db
SID=$("$SBX_BIN" session start --cwd "$T" --mode read-only --db "$GOOD")
"$SBX_BIN" run --db "$GOOD" --mode danger-full-access -- true
"$SBX_BIN" run --db "$GOOD" --mode danger-full-access -- true
rows_before=$(sqlite3 "$GOOD" 'SELECT count(*) FROM executions')
t_check "the good database has two rows to lose" test "$rows_before" = 2

# ---- a corrupt database file ------------------------------------------------------------------
head -c 8192 /dev/urandom >"$T/corrupt.db"
cp "$T/corrupt.db" "$T/corrupt.orig"
"$SBX_BIN" run --db "$T/corrupt.db" --mode danger-full-access -- "${MARK[@]}" 2>"$ERR"
t_check "corrupt db: sbx run refuses with 125 and one line naming the file" one_line $? 125 "$T/corrupt.db.*(corrupt|not a database)"
t_check "corrupt db: the command was not executed" test ! -e "$T/marker"
"$SBX_BIN" audit list --db "$T/corrupt.db" 2>"$ERR" >/dev/null
t_check "corrupt db: sbx audit list fails with one line naming the file" one_line $? 1 "$T/corrupt.db.*(corrupt|not a database)"
"$SBX_BIN" session start --db "$T/corrupt.db" 2>"$ERR" >/dev/null
t_check "corrupt db: sbx session start fails with one line" one_line $? 1 "$T/corrupt.db"
t_check "corrupt db: the file is untouched" cmp -s "$T/corrupt.db" "$T/corrupt.orig"
t_check "corrupt db: no journal or WAL was left next to it" test -z "$(ls "$T" | grep -E '^corrupt\.db-')"
echo "just some text" >"$T/text.db"
"$SBX_BIN" run --db "$T/text.db" --mode danger-full-access -- "${MARK[@]}" 2>"$ERR"
t_check "a text file as db: 125, one line" one_line $? 125 "$T/text.db"
sqlite3 "$T/other.db" 'CREATE TABLE notes (x); INSERT INTO notes VALUES (1);'
"$SBX_BIN" run --db "$T/other.db" --mode danger-full-access -- "${MARK[@]}" 2>"$ERR"
t_check "another application's SQLite file: 125, one line" one_line $? 125 "$T/other.db.*not an sbx audit database"
t_check "... and its table is untouched" test "$(sqlite3 "$T/other.db" 'SELECT count(*) FROM notes; PRAGMA user_version')" = "1
0"
t_check "no marker after any of them" test ! -e "$T/marker"

# ---- a database from a future sbx -------------------------------------------------------------
sqlite3 "$T/future.db" 'PRAGMA application_id = 1935833153; CREATE TABLE executions_v9 (x); PRAGMA user_version = 9;'
"$SBX_BIN" run --db "$T/future.db" --mode danger-full-access -- "${MARK[@]}" 2>"$ERR"
t_check "future db: sbx run refuses with 125 and one line" one_line $? 125 "$T/future.db.*version 9.*newer"
"$SBX_BIN" audit stats --db "$T/future.db" 2>"$ERR" >/dev/null
t_check "future db: sbx audit stats fails with one line" one_line $? 1 "$T/future.db.*newer"
t_check "future db: the command was not executed" test ! -e "$T/marker"
t_check "future db: still version 9, its table intact" \
        test "$(sqlite3 "$T/future.db" 'PRAGMA user_version; SELECT count(*) FROM executions_v9')" = "9
0"

# ---- an unknown session id --------------------------------------------------------------------
"$SBX_BIN" run --db "$GOOD" --session no-such-session --mode danger-full-access -- "${MARK[@]}" 2>"$ERR"
rc=$?
t_check "unknown session: sbx run refuses (exit $rc) with one line naming the id" \
        one_line "$rc" "$([ "$rc" = 2 ] && echo 2 || echo 125)" "no-such-session"
t_check "unknown session: the command was not executed" test ! -e "$T/marker"
"$SBX_BIN" session show no-such-session --db "$GOOD" 2>"$ERR" >"$T/stdout"
t_check "unknown session: session show exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
t_check "... and prints nothing on stdout" test ! -s "$T/stdout"
"$SBX_BIN" session mode no-such-session workspace-write --db "$GOOD" 2>"$ERR"
t_check "unknown session: session mode exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
t_check "unknown session: no mode event was logged" test "$(sqlite3 "$GOOD" 'SELECT count(*) FROM mode_events')" = 1
# a filter on a session that does not exist (a typo, a truncated id) answered "nothing" with 0,
# as if the session had run nothing or been denied nothing
for verb in list denials stats export; do
        "$SBX_BIN" audit $verb --session no-such-session --db "$GOOD" 2>"$ERR" >"$T/stdout"
        t_check "unknown session: audit $verb --session exits 2 with one line" \
                one_line $? 2 "unknown session 'no-such-session'"
done
"$SBX_BIN" audit denials --session "$SID" --db "$GOOD" 2>"$ERR" >"$T/stdout"
t_check "a known session without denials: audit denials --session answers (exit $?), nothing" \
        test "$?:$(wc -c <"$ERR")" = "0:0"
# with no database at all there is no such session or execution either: a usage error (exit 2, as
# the page says for an unknown id), not "no audit database" with 1, and one that leaves nothing
# behind (session mode made the database, its -wal and -shm and the directories above it first)
"$SBX_BIN" session mode no-such-session workspace-write --db "$T/none/sub/audit.db" 2>"$ERR"
t_check "no database: session mode exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
t_check "... and made neither the database nor its directory" test ! -e "$T/none"
"$SBX_BIN" session show no-such-session --db "$T/none/audit.db" 2>"$ERR" >"$T/stdout"
t_check "no database: session show exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
"$SBX_BIN" policy resolve --session no-such-session --root "$T" --db "$T/none/audit.db" 2>"$ERR" >"$T/stdout"
t_check "no database: policy resolve --session exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
"$SBX_BIN" audit show 1 --db "$T/none/audit.db" 2>"$ERR" >"$T/stdout"
t_check "no database: audit show exits 2 with one line" one_line $? 2 "unknown execution '1'"
"$SBX_BIN" audit list --db "$T/none/audit.db" 2>"$ERR" >"$T/stdout"
t_check "no database: audit list (no id asked) still exits 1" one_line $? 1 "no audit database"
t_check "... and none of them made anything" test ! -e "$T/none"
# a database that is not a regular file (a directory at its path): one line naming it once, exit 1,
# policy resolve --session as the other readers (it printed "policy: audit database: audit
# database X is not a regular file", its prefix twice, until 025ea3a opened it as they do)
mkdir "$T/dir.db"
for c in "policy resolve --session no-such-session --root $T" "session show no-such-session" "audit list" "audit show 1"; do
        "$SBX_BIN" $c --db "$T/dir.db" 2>"$ERR" >"$T/stdout"
        t_check "a directory as database: $c: exit 1, one line naming it once" \
                test "$?:$(cat "$ERR")" = "1:sbx: audit database $T/dir.db is not a regular file"
done
rmdir "$T/dir.db"
# sbx run with a session (--session or $SBX_SESSION) did the same: it made the database, its
# directories and a detached audit writer for it, then refused the unknown session
"$SBX_BIN" run --session no-such-session --db "$T/none/sub/audit.db" -- touch "$T/ran" 2>"$ERR"
t_check "no database: run --session exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
SBX_SESSION=no-such-session "$SBX_BIN" run --db "$T/none/sub/audit.db" -- touch "$T/ran" 2>"$ERR"
t_check "no database: run with \$SBX_SESSION exits 2 with one line" one_line $? 2 "unknown session 'no-such-session'"
t_check "... ran nothing and made nothing" test ! -e "$T/ran" -a ! -e "$T/none"
"$SBX_BIN" session mode "$SID" read-write --db "$GOOD" 2>"$ERR"
t_check "unknown mode: session mode exits 2 with one line" one_line $? 2 "unknown mode 'read-write'"
"$SBX_BIN" session mode "$SID" workspace-write extra --db "$GOOD" 2>"$ERR"
t_check "an argument too many: session mode exits 2 with one line" one_line $? 2 "expected a session id and a mode"
t_check "... and no mode event was logged" test "$(sqlite3 "$GOOD" 'SELECT count(*) FROM mode_events')" = 1

# ---- malformed filters and arguments ----------------------------------------------------------
# (none of them writes the database: its file and its log keep their bytes)
db_bytes() { cat "$GOOD" "$GOOD-wal" 2>/dev/null | sha256sum; }
GOOD_BYTES=$(db_bytes)
bad() { # bad DESCRIPTION PATTERN ARGS...: exit 2, one line matching PATTERN, nothing on stdout
        local d=$1 pat=$2
        shift 2
        "$SBX_BIN" "$@" 2>"$ERR" >"$T/stdout"
        t_check "$d: exit 2, one line" one_line $? 2 "$pat"
        [ -s "$T/stdout" ] && t_not_ok "$d: printed on stdout"
}
bad "malformed --since" "malformed --since 'yesterday'" audit list --since yesterday --db "$GOOD"
bad "prune without --before" "--before T is required" audit prune --db "$GOOD"
bad "prune with a malformed --before" "malformed --before 'soon'" audit prune --before soon --db "$GOOD"
bad "prune with a filter it does not take" "unknown option '--verdict'" audit prune --before 1d --verdict denied --db "$GOOD"
# the word at fault is the one named (a word before an unknown option was "unknown option 'x'")
bad "prune with a word, then an unknown option" "unexpected argument 'x'" audit prune x --bogus --db "$GOOD"
bad "prune with a word after its options" "unexpected argument 'x'" audit prune --before 1d --dry-run x --db "$GOOD"
bad "malformed --since (bad month)" "malformed --since '2024-13-01'" audit denials --since 2024-13-01 --db "$GOOD"
bad "malformed --since (unknown unit)" "malformed --since '1y'" audit stats --since 1y --db "$GOOD"
bad "malformed --until" "malformed --until" audit export --until 'next week' --db "$GOOD"
bad "empty --since" "malformed --since ''" audit list --since '' --db "$GOOD"
# well-formed but out of range: said so, not called malformed, and nothing is pruned
bad "--since too far back" "--since '99999d' is out of range" audit denials --since 99999d --db "$GOOD"
bad "prune --before a time before 1970" "--before '1969-12-31' is out of range" audit prune --before 1969-12-31 --db "$GOOD"
bad "--since 1970 with a zone east of UTC, before 1970" "--since '1970-01-01T00:30.01:00' is out of range" audit list --since 1970-01-01T00:30+01:00 --db "$GOOD"
# "a duration of more than 200 years ... is refused": one number of seconds past 10^8 (3 years) was
"$SBX_BIN" audit list --since 200000000s --db "$GOOD" >/dev/null 2>"$ERR"
rc=$?
t_check "--since 200000000s (6 years) is within range (exit $rc: $(head -c 200 "$ERR"))" test "$rc" -eq 0
bad "--until before --since" "--until is not after --since" audit list --since 1h --until 2h --db "$GOOD"
bad "--until equal to --since" "--until is not after --since" audit list --since 2024-01-01 --until 2024-01-01 --db "$GOOD"
bad "unknown verdict" "unknown verdict 'bogus'" audit list --verdict bogus --db "$GOOD"
bad "unknown mode" "unknown mode 'rw'" audit list --mode rw --db "$GOOD"
bad "unknown backend (a typo matched nothing, exit 0)" "unknown backend 'bwarp'" audit list --backend bwarp --db "$GOOD"
bad "empty --session" "--session needs an id" audit denials --session '' --db "$GOOD"
# a session's cwd is its workspace root: what --root refuses (exit 2), session start refuses too
bad "session start --cwd ''" "workspace root is empty" session start --cwd '' --db "$T/s-empty.db"
bad "session start --cwd /proc" "never a workspace" session start --cwd /proc --db "$T/s-proc.db"
bad "session start --cwd of a file" "not a directory" session start --cwd /etc/hostname --db "$T/s-file.db"
t_check "... and none of them made a database" test ! -e "$T/s-empty.db" -a ! -e "$T/s-proc.db" -a ! -e "$T/s-file.db"
bad "zero --limit" "--limit needs a positive number" audit list --limit 0 --db "$GOOD"
# an option given twice is ambiguous, as for sbx run: the last one silently won, prune
# included ('prune --before 1d --before 30d' pruned by the second and said so only in its count)
bad "prune with --before twice" "audit prune: --before given twice" audit prune --before 1d --before 30d --db "$GOOD"
bad "prune with --db twice" "audit prune: --db given twice" audit prune --before 1d --db "$GOOD" --db "$GOOD"
bad "--limit twice" "audit list: --limit given twice" audit list --limit 1 --limit 2 --db "$GOOD"
bad "--since twice" "audit denials: --since given twice" audit denials --since 1d --since 2d --db "$GOOD"
bad "--verdict twice" "audit stats: --verdict given twice" audit stats --verdict denied --verdict=success --db "$GOOD"
bad "--db twice" "audit show: --db given twice" audit show 1 --db "$GOOD" --db "$GOOD"
for o in until session backend mode state path top-paths; do
        case $o in
        until) v1=1h v2=2h ;; session) v1=a v2=b ;; backend) v1=bwrap v2=none ;; mode) v1=read-only v2=workspace-write ;;
        state) v1=completed v2=running ;; path) v1='/etc/*' v2='/tmp/*' ;; top-paths) v1=3 v2=4 ;;
        esac
        bad "--$o twice" "audit denials: --$o given twice" audit denials "--$o=$v1" "--$o=$v2" --db "$GOOD"
done
bad "unknown option" "unknown option '--bogus'" audit list --bogus --db "$GOOD"
bad "unknown audit verb" "unknown verb 'purge'" audit purge --db "$GOOD"
bad "show without an id" "expected one execution id" audit show --db "$GOOD"
bad "show of a non-number" "'abc' is not an execution id" audit show abc --db "$GOOD"
bad "show of an unknown id" "no execution 999" audit show 999 --db "$GOOD"
# a word after "--" was dropped: filters silently not applied, or "expected one execution id"
bad "a word after -- (ignored before)" "unexpected argument 'junk'" audit list --db "$GOOD" -- junk
bad "a filter after -- (ignored before)" "unexpected argument '--verdict'" audit denials --db "$GOOD" -- --verdict denied
"$SBX_BIN" audit show --db "$GOOD" -- 1 >"$T/stdout" 2>"$ERR"
t_check "show -- ID shows ID (status $?: $(head -c 200 "$ERR"))" grep -q '^id  *1$' "$T/stdout"
bad "follow with --json" "--follow streams" audit export --follow --json --db "$GOOD"
bad "--top-paths outside denials" "--top-paths belongs" audit list --top-paths --db "$GOOD"
# a number is digits: no blank, sign, base or exponent; past the range said so
ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }
for v in -1 -0 " 5" "5 " +5 0x10 1e3 18446744073709551616 ""; do
        bad "--limit '$v'" "--limit needs a positive number, not '$(ere "$v")'" audit list --limit "$v" --db "$GOOD"
        bad "--top-paths='$v'" "--top-paths N out of range: '$(ere "$v")'" audit denials --top-paths="$v" --db "$GOOD"
done
for v in 1000001 2147483648 4294967296; do
        bad "--top-paths=$v" "--top-paths N out of range: '$v'" audit denials --top-paths="$v" --db "$GOOD"
done
for v in " 5" "5 " +5 0x10 1e3 18446744073709551616 ""; do
        bad "show '$v'" "'$(ere "$v")' is not an execution id" audit show "$v" --db "$GOOD"
done
# a '[' that no ']' closes makes SQLite's GLOB match nothing: a path holding one ('--path
# /srv/data[1/x') answered "no run", exit 0, as if it had never been denied
for v in '/srv/data[1/*' '/x[]' '*['; do
        for verb in list denials stats export "denials --top-paths"; do
                bad "$verb --path '$v'" "--path '$(ere "$v")' has a '\\[' that no '\\]' closes" audit $verb --path "$v" --db "$GOOD"
        done
done
bad "show 2^31" "no execution 2147483648" audit show 2147483648 --db "$GOOD"
bad "show 2^63" "'9223372036854775808' is not an execution id" audit show 9223372036854775808 --db "$GOOD"
bad "show -1, an option" "unknown option '-1'" audit show -1 --db "$GOOD"
bad "show -- -1" "'-1' is not an execution id" audit show --db "$GOOD" -- -1
t_check "... and the database and its log kept their bytes through all of the above" test "$(db_bytes)" = "$GOOD_BYTES"
# --top-paths [N]: N as the next word or, as an optional value is spelt, --top-paths=N (which was
# refused, "takes no value")
TOP=$T/top.db
"$SBX_BIN" run --db "$TOP" --mode danger-full-access -- true
"$SBX_BIN" run --db "$TOP" --mode danger-full-access -- true
sqlite3 "$TOP" "INSERT INTO denial_lines (execution_id, line_no, line, path) VALUES
        (1, 1, 'a', '/p/one'), (2, 1, 'b', '/p/one'), (2, 2, 'c', '/p/two'), (2, 3, 'd', '/p/three');"
"$SBX_BIN" audit denials --top-paths 1 --csv --db "$TOP" >"$T/top-word.csv" 2>"$ERR"
t_check "--top-paths 1: the most denied path ($(tr '\n' ' ' <"$T/top-word.csv"))" \
        test "$(tr -d '\r' <"$T/top-word.csv")" = "$(printf 'path,denials,executions\n/p/one,2,2')"
"$SBX_BIN" audit denials --top-paths=1 --csv --db "$TOP" >"$T/top-eq.csv" 2>"$ERR"
t_check "--top-paths=1 is --top-paths 1 (status $?: $(head -c 200 "$ERR"))" cmp -s "$T/top-word.csv" "$T/top-eq.csv"
"$SBX_BIN" audit denials --top-paths --csv --db "$TOP" >"$T/top-default.csv" 2>"$ERR"
t_check "--top-paths without N lists all three (up to 10)" test "$(wc -l <"$T/top-default.csv")" = 4
# ... and '[[]' matches a '[' itself
sqlite3 "$TOP" "INSERT INTO denial_lines (execution_id, line_no, line, path) VALUES (1, 2, 'e', '/p/data[1/x')"
t_check "--path '/p/data[[]1/*' finds the path holding a '['" \
        test "$("$SBX_BIN" audit denials --top-paths --path '/p/data[[]1/*' --csv --db "$TOP" | tail -n +2 | tr -d '\r')" = "/p/data[1/x,1,1"
bad "--top-paths=0" "--top-paths N out of range: '0'" audit denials --top-paths=0 --db "$TOP"
bad "--top-paths=x" "--top-paths N out of range: 'x'" audit denials --top-paths=x --db "$TOP"
bad "--limit with --top-paths (ignored before)" "--limit does not apply to --top-paths" \
        audit denials --top-paths 3 --limit 1 --db "$GOOD"
bad "--limit with stats (ignored before)" "--limit does not apply" audit stats --limit 2 --db "$GOOD"
"$SBX_BIN" audit --help >"$T/stdout" 2>"$ERR"
t_check "audit --help prints usage on stdout, exit 0" test "$?:$(head -c 6 "$T/stdout"):$(wc -c <"$ERR")" = "0:usage::0"

# ---- a database of an older schema (v2: no denied_paths tally) is read as it is by every reader,
# upgraded: policy resolve --session refused it (exit 1, "upgraded by the next sbx that writes to
# it") where session show and sbx audit read it
sqlite3 "$GOOD" ".backup '$T/v2.db'"
sqlite3 "$T/v2.db" "PRAGMA journal_mode = DELETE; DROP TRIGGER denial_lines_tally; DROP TRIGGER denial_lines_untally;
        DROP TABLE denied_paths; PRAGMA user_version = 2;" >/dev/null
"$SBX_BIN" policy resolve --session "$SID" --json --db "$T/v2.db" >"$T/stdout" 2>"$ERR"
t_check "a v2 database: policy resolve --session reads its session (status $?: $(head -c 300 "$ERR"))" \
        grep -q "\"mode\":\"read-only\",\"mode_source\":\"session\"" "$T/stdout"
"$SBX_BIN" session show "$SID" --db "$T/v2.db" >"$T/stdout" 2>"$ERR"
t_check "a v2 database: session show reads it too (status $?: $(head -c 300 "$ERR"))" grep -q "^id  *$SID" "$T/stdout"

# ---- a missing database: queries never create one ---------------------------------------------
"$SBX_BIN" audit list --db "$T/missing/audit.db" 2>"$ERR"
t_check "missing db: audit list fails with one line naming the file" one_line $? 1 "$T/missing/audit.db"
t_check "missing db: nothing was created" test ! -e "$T/missing"
# a symlink to nothing is a record removed or moved, not one never made (it read "no audit
# database ... (nothing recorded there yet)")
ln -s "$T/moved-away.db" "$T/dangling.db"
for verb in list stats "denials --top-paths" export "show 1" "prune --before 1d"; do
        "$SBX_BIN" audit $verb --db "$T/dangling.db" 2>"$ERR" >"$T/stdout"
        t_check "a dangling symlink as db: audit $verb exits 1, one line saying so" \
                one_line $? 1 "$T/dangling.db is a symlink to nothing: the record it named was removed or moved"
done
t_check "... and nothing was made at its target" test ! -e "$T/moved-away.db"

# ---- a database in a read-only directory, as the unprivileged user ----------------------------
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        t_copy_tools "$T/bin"
        NB=$T/nobody
        mkdir -p "$NB/rodir" "$NB/ws" "$NB/home"
        chown -R 65534:65534 "$NB"
        asnobody() { HOME=$NB/home XDG_STATE_HOME= XDG_CACHE_HOME=$NB/home/.cache "${T_NOBODY[@]}" "$@"; }
        RODB=$NB/rodir/audit.db
        NSID=$(asnobody "$SBX_BIN" session start --cwd "$NB/ws" --db "$RODB")
        asnobody "$SBX_BIN" run --db "$RODB" --mode danger-full-access -- true
        t_check "nobody: history recorded while the directory was writable" \
                test "$(asnobody "$SBX_BIN" audit list --db "$RODB" --csv | tail -n +2 | wc -l)" = 1
        # the audit writer the first run started may bind its socket at any moment: not counted
        listing=$(ls -A "$NB/rodir" | grep -v '\.writer$')
        chmod 0500 "$NB/rodir"
        asnobody "$SBX_BIN" run --db "$RODB" --mode danger-full-access -- touch "$NB/ws/marker" 2>"$ERR"
        t_check "read-only dir: sbx run refuses with 125, one line naming the file" \
                one_line $? 125 "$RODB.*(not writable|readonly|read-only|Permission denied)"
        t_check "read-only dir: the command was not executed" test ! -e "$NB/ws/marker"
        asnobody "$SBX_BIN" session mode "$NSID" workspace-write --db "$RODB" 2>"$ERR"
        t_check "read-only dir: session mode fails with one line naming the file" one_line $? 1 "$RODB"
        asnobody "$SBX_BIN" audit list --db "$RODB" --csv >"$T/stdout" 2>"$ERR"
        t_check "read-only dir: sbx audit list still reads the history" \
                test "$?:$(tail -n +2 "$T/stdout" | wc -l):$(wc -c <"$ERR")" = "0:1:0"
        asnobody "$SBX_BIN" session show "$NSID" --json --db "$RODB" >"$T/stdout" 2>"$ERR"
        t_check "read-only dir: sbx session show still reads the session" grep -q "\"cwd\":\"$NB/ws\"" "$T/stdout"
        t_check "read-only dir: nothing was created next to the database" \
                test "$(ls -A "$NB/rodir" | grep -v '\.writer$')" = "$listing"
        t_diag "files in the read-only directory: $(echo $listing)"
        chmod 0700 "$NB/rodir"

        # an older schema the reader cannot upgrade in place (its directory is read-only, or the
        # record is another user's): it is read through an upgraded private copy, the file kept as
        # it was (it was refused: "upgraded by the next sbx that writes to it", or for another
        # user's "its directory ... is another user's")
        OLD=$NB/olddir/audit.db
        mkdir -p "$NB/olddir"
        sqlite3 "$RODB" ".backup '$OLD'"
        sqlite3 "$OLD" "PRAGMA journal_mode = DELETE; DROP TRIGGER denial_lines_tally;
                DROP TRIGGER denial_lines_untally; DROP TABLE denied_paths;
                INSERT INTO denial_lines (execution_id, line_no, line, path)
                  VALUES (1, 1, 'touch: cannot touch ''/etc/old'': Read-only file system', '/etc/old');
                PRAGMA user_version = 2;" >/dev/null
        chown -R 65534:65534 "$NB/olddir"
        chmod 0500 "$NB/olddir"
        cp "$OLD" "$T/old.orig"
        asnobody "$SBX_BIN" audit denials --top-paths --db "$OLD" --csv >"$T/stdout" 2>"$ERR"
        t_check "a v2 database in a read-only directory: --top-paths reads it ($?: $(head -c 300 "$ERR"))" \
                test "$(tr -d '\r' <"$T/stdout")" = "$(printf 'path,denials,executions\n/etc/old,1,1')"
        asnobody "$SBX_BIN" audit list --db "$OLD" --csv >"$T/stdout" 2>"$ERR"
        t_check "a v2 database in a read-only directory: audit list reads its run" \
                test "$?:$(tail -n +2 "$T/stdout" | wc -l):$(wc -c <"$ERR")" = "0:1:0"
        chown 47211:47211 "$NB/olddir" "$OLD"
        chmod 0755 "$NB/olddir"
        asnobody "$SBX_BIN" audit show 1 --db "$OLD" >"$T/stdout" 2>"$ERR"
        t_check "another user's v2 database: audit show reads it, saying whose it is" \
                one_line "$?" 0 "note: audit database $OLD belongs to uid 47211, not you"
        t_check "... the run and its denial line" grep -q "/etc/old" "$T/stdout"
        t_check "the older database is byte for byte what it was, nothing beside it" \
                test "$(cmp -s "$OLD" "$T/old.orig" && echo same):$(ls -A "$NB/olddir")" = "same:audit.db"

        # ---- the read side of a private record (security review): a reader is shown another
        # user's record only saying whose it is, and never one a third user could have planted,
        # replaced or written under it ----
        OTHER=(setpriv --reuid=47211 --regid=47211 --clear-groups --)
        asother() { HOME=$AT SBX_AUDIT_WRITER=off "${OTHER[@]}" "$@"; }
        AT=$T/other
        mkdir -p "$AT" && chown 47211:47211 "$AT"
        asother "$SBX_BIN" run --db "$AT/state/sbx/audit.db" --mode danger-full-access -- true
        asother sqlite3 "$AT/state/sbx/audit.db" "UPDATE executions SET cwd = '/forged'"
        asother chmod 755 "$AT/state" "$AT/state/sbx"
        asother sh -c 'chmod 644 "$1"*' sh "$AT/state/sbx/audit.db"
        for verb in "audit list --csv" "audit show 1"; do
                HOME=$NB/home XDG_STATE_HOME=$AT/state "${T_NOBODY[@]}" "$SBX_BIN" $verb >"$T/stdout" 2>"$ERR"
                t_check "another user's database at \$XDG_STATE_HOME: $verb reads it, saying whose it is" \
                        one_line "$?" 0 "note: audit database $AT/state/sbx/audit.db belongs to uid 47211, not you"
        done
        SBX_SESSION= HOME=$NB/home XDG_STATE_HOME=$AT/state "${T_NOBODY[@]}" "$SBX_BIN" policy resolve \
                --session 00000000-0000-0000-0000-000000000000 >"$T/stdout" 2>"$ERR"
        t_check "another user's database: policy resolve --session says whose it is" \
                grep -q "belongs to uid 47211, not you" "$ERR"
        # nobody's own record, in a directory of the other user's: it could have been replaced
        mkdir -p "$AT/planted" && chown 47211:47211 "$AT/planted" && chmod 755 "$AT/planted"
        cp "$RODB" "$AT/planted/audit.db" && chown 65534:65534 "$AT/planted/audit.db"
        asnobody "$SBX_BIN" audit list --db "$AT/planted/audit.db" --csv >"$T/stdout" 2>"$ERR"
        t_check "a database in another user's directory: audit list refuses, naming why" \
                one_line "$?" 1 "$AT/planted.*another user's"
        t_check "a database in another user's directory: no row was shown" test ! -s "$T/stdout"
        # ... or below one: XDG_STATE_HOME in a directory the other user made
        mkdir -p "$AT/home/state/sbx" && chown 65534:65534 "$AT/home/state" "$AT/home/state/sbx"
        chown 47211:47211 "$AT/home" && chmod 755 "$AT/home"
        cp "$RODB" "$AT/home/state/sbx/audit.db" && chown 65534:65534 "$AT/home/state/sbx/audit.db"
        HOME=$NB/home XDG_STATE_HOME=$AT/home/state "${T_NOBODY[@]}" "$SBX_BIN" session show "$NSID" \
                >"$T/stdout" 2>"$ERR"
        t_check "a database below another user's directory: session show refuses, naming it" \
                one_line "$?" 1 "the directory $AT/home above it is another user's"
        # nobody's own record in a sticky directory others may write: they could plant its -wal
        mkdir -p "$T/sticky" && chmod 1777 "$T/sticky"
        cp "$RODB" "$T/sticky/audit.db" && chown 65534:65534 "$T/sticky/audit.db"
        asnobody "$SBX_BIN" audit list --db "$T/sticky/audit.db" --csv >"$T/stdout" 2>"$ERR"
        t_check "a database in a sticky shared directory: audit list refuses" \
                one_line "$?" 1 "$T/sticky is writable by group or others"
        # a read-only directory read through a private copy: never in a \$TMPDIR another user could
        # replace it in (one of theirs, even one they let everyone write), but in /tmp
        # (a WAL database without its -shm: SQLite cannot read it in place)
        mkdir -p "$AT/tmp" && chown 47211:47211 "$AT/tmp" && chmod 777 "$AT/tmp"
        mkdir -p "$NB/rodir2" && sqlite3 "$RODB" ".backup '$NB/rodir2/audit.db'"
        # (rows enough to fill a pipe: the export below stops on its write, the copy open)
        sqlite3 "$NB/rodir2/audit.db" "PRAGMA journal_mode = wal;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                INSERT INTO executions (started_ms, host, uid, supervisor_pid, cwd, argv, state)
                SELECT started_ms, host, uid, supervisor_pid, cwd, argv, 'completed' FROM executions, n WHERE id = 1;
                UPDATE executions SET session_id = '$NSID'" >/dev/null
        chown -R 65534:65534 "$NB/rodir2" && chmod 0500 "$NB/rodir2"
        # --follow of such a copy, which no later run reaches, is refused (it streamed the history,
        # then nothing, for good)
        HOME=$NB/home XDG_STATE_HOME= TMPDIR=$AT/tmp "${T_NOBODY[@]}" "$SBX_BIN" audit export --follow --jsonl \
                --db "$NB/rodir2/audit.db" >"$T/follow-ro" 2>"$ERR"
        t_check "read-only dir: export --follow of the private copy is refused" \
                one_line "$?" 1 "cannot follow $NB/rodir2/audit.db: it is read through a private copy"
        # an export stopped on a full pipe, then ended by SIGTERM (as ^C, a reader gone, a timeout
        # would end it): the copy it held was left in /tmp, a whole copy of the record each time
        mkfifo -m 666 "$T/full"
        exec 8<>"$T/full"
        HOME=$NB/home XDG_STATE_HOME= TMPDIR=$AT/tmp "${T_NOBODY[@]}" "$SBX_BIN" audit export --jsonl \
                --db "$NB/rodir2/audit.db" >"$T/full" 2>"$ERR" &
        EXPORT=$!
        # its own copy, told by the files it holds open: another suite running this test beside
        # makes one in /tmp too, which a listing of /tmp took for this one's
        copy=
        for _ in $(seq 1 100); do
                copy=$(for f in /proc/"$EXPORT"/fd/*; do readlink "$f"; done 2>/dev/null |
                        sed -n 's|^\(/tmp/sbx-audit-read-[^/]*\)/audit\.db.*|\1|p' | sort -u)
                [ -n "$copy" ] && grep -q pipe_write "/proc/$EXPORT/wchan" 2>/dev/null && break
                sleep 0.05
        done
        t_check "read-only dir, hostile TMPDIR: the history is read, through a copy in /tmp (${copy:-none held open})" \
                test -n "$copy"
        t_check "read-only dir, hostile TMPDIR: no private copy in that TMPDIR" \
                test -z "$(ls -A "$AT/tmp")"
        kill -TERM "$EXPORT"
        wait "$EXPORT"
        rc=$?
        exec 8<&-
        t_check "read-only dir: the export ended by SIGTERM ($rc) removed its copy in /tmp (${copy:-none held open})" \
                test "$rc" = 143 -a -n "$copy" -a ! -e "${copy:-/}"
        # ... and session show --json, of a session of 301 runs
        exec 8<>"$T/full"
        HOME=$NB/home XDG_STATE_HOME= "${T_NOBODY[@]}" "$SBX_BIN" session show "$NSID" --json \
                --db "$NB/rodir2/audit.db" >"$T/full" 2>"$ERR" &
        SHOW=$!
        copy=
        for _ in $(seq 1 100); do
                copy=$(for f in /proc/"$SHOW"/fd/*; do readlink "$f"; done 2>/dev/null |
                        sed -n 's|^\(/tmp/sbx-audit-read-[^/]*\)/audit\.db.*|\1|p' | sort -u)
                [ -n "$copy" ] && grep -q pipe_write "/proc/$SHOW/wchan" 2>/dev/null && break
                sleep 0.05
        done
        kill -TERM "$SHOW"
        wait "$SHOW"
        rc=$?
        exec 8<&-
        t_check "read-only dir: session show --json ended by SIGTERM ($rc) removed its copy in /tmp (${copy:-none held open})" \
                test "$rc" = 143 -a -n "$copy" -a ! -e "${copy:-/}"
        chmod 0700 "$NB/rodir2"
else
        t_diag "not root or no setpriv: read-only directory checks skipped"
fi

# ---- export --follow streams new executions and ends cleanly on SIGINT -----------------------
"$SBX_BIN" audit export --follow --db "$GOOD" >"$T/follow" 2>"$T/follow.err" &
FOLLOW=$!
for _ in $(seq 1 50); do [ "$(wc -l <"$T/follow")" -ge 2 ] && break; sleep 0.1; done
"$SBX_BIN" run --db "$GOOD" --mode danger-full-access -- sh -c 'echo followed' >/dev/null
newid=$(sqlite3 "$GOOD" 'SELECT max(id) FROM executions')
for _ in $(seq 1 50); do grep -q "\"id\":$newid," "$T/follow" && break; sleep 0.1; done
kill -INT "$FOLLOW"
wait "$FOLLOW"
rc=$?
t_check "export --follow ends with status 0 on SIGINT, nothing on stderr" test "$rc:$(wc -c <"$T/follow.err")" = "0:0"
t_check "export --follow printed the history and then the new run, one JSON object per line" python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ids = [r["id"] for r in rows]
assert ids == sorted(set(ids)), ids
assert ids[-1] == int(sys.argv[2]), ids
assert rows[-1]["argv"] == ["sh", "-c", "echo followed"] and rows[-1]["state"] == "completed", rows[-1]
assert all(isinstance(r["denials"], list) for r in rows)
' "$T/follow" "$newid"

# ---- export --follow with a filter that hides a run while it runs (no verdict yet): the run is
# printed once it ends and matches, even when a later run ended first (review: it was skipped)
"$SBX_BIN" audit export --follow --verdict task_failure --db "$GOOD" >"$T/follow2" 2>"$T/follow2.err" &
FOLLOW=$!
sleep 0.5
"$SBX_BIN" run --db "$GOOD" --mode danger-full-access -- sh -c 'sleep 2; exit 3' &
SLOW=$!
for _ in $(seq 1 50); do [ "$(sqlite3 "$GOOD" "SELECT count(*) FROM executions WHERE state = 'running'")" = 1 ] && break; sleep 0.1; done
slowid=$(sqlite3 "$GOOD" "SELECT max(id) FROM executions")
"$SBX_BIN" run --db "$GOOD" --mode danger-full-access -- sh -c 'exit 4'
fastid=$(sqlite3 "$GOOD" "SELECT max(id) FROM executions")
wait "$SLOW"
for _ in $(seq 1 50); do grep -q "\"id\":$slowid," "$T/follow2" && break; sleep 0.1; done
kill -INT "$FOLLOW"
wait "$FOLLOW"
t_check "export --follow --verdict: the slow run that ended after a later one is printed too ($slowid, $fastid)" \
        python3 -c '
import json, sys
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
assert int(sys.argv[2]) in ids and int(sys.argv[3]) in ids and len(ids) == len(set(ids)), ids
' "$T/follow2" "$slowid" "$fastid"
timeout 20 "$SBX_BIN" audit export --follow --state running --db "$GOOD" >"$T/stdout" 2>"$ERR"
t_check "export --follow --state running (it prints executions as they end): exit 2, one line" \
        one_line $? 2 "--follow prints executions as they end"

# ---- the table view: a row wider than the first 512, which size the columns --------------------
# 512 unconfined runs without a session (copied in SQL), then one run in a session: its id is
# wider than the session_id column; the table must still keep every cell apart
WIDE=$T/wide.db
"$SBX_BIN" run --db "$WIDE" --mode danger-full-access -- true
cols=$(sqlite3 "$WIDE" "SELECT group_concat(name, ',') FROM pragma_table_info('executions') WHERE name <> 'id'")
for _ in $(seq 1 9); do
        sqlite3 "$WIDE" "INSERT INTO executions ($cols) SELECT $cols FROM executions"
done
WSID=$("$SBX_BIN" session start --cwd "$T" --mode read-only --db "$WIDE")
"$SBX_BIN" run --db "$WIDE" --session "$WSID" --mode danger-full-access -- true
"$SBX_BIN" audit list --db "$WIDE" >"$T/wide.out"
t_check "audit list: 513 rows and a header" test "$(wc -l <"$T/wide.out")" = 514
t_check "audit list: the late, wider session id is kept apart from the next cell" \
        grep -Eq "[[:space:]]$WSID[[:space:]]+\[\"true\"\]\$" "$T/wide.out"
t_check "audit list: every row has as many cells as the header" awk -v want="$(head -1 "$T/wide.out" | wc -w)" \
        'NR > 1 && NF != want { bad = 1; print "# " $0 } END { exit bad }' "$T/wide.out"

# ---- nothing lost in the good database --------------------------------------------------------
t_check "the good database kept its rows" \
        test "$(sqlite3 "$GOOD" "SELECT count(*) FROM executions WHERE id <= $rows_before")" = "$rows_before"
t_check "the good database passes integrity_check" test "$(sqlite3 "$GOOD" 'PRAGMA integrity_check')" = ok

# ---- prune: a copy of the good database, its first run made old ----------------------------
"$SBX_BIN" audit prune --before 1d --db "$T/nowhere/audit.db" 2>"$ERR"
rc=$?
t_check "prune of a database that is not there: exit 1, one line, nothing made" \
        eval 'one_line $rc 1 "no audit database at" && [ ! -e "$T/nowhere" ]'
cp "$GOOD" "$T/prune.db"
sqlite3 "$T/prune.db" "UPDATE executions SET started_ms = 1000 WHERE id = 1"
out=$("$SBX_BIN" audit prune --before 30d --dry-run --db "$T/prune.db" 2>"$ERR")
kept=$(sqlite3 "$T/prune.db" 'SELECT group_concat(id) FROM (SELECT id FROM executions WHERE id > 1 ORDER BY id)')
t_check "prune --dry-run: says what would go ($out), removes nothing" \
        eval '[[ $out =~ ^would\ prune\ 1\ run\ \(0\ denial\ lines\)\ and\ 0\ sessions\ that\ started\ before\ $(date -u -d "30 days ago" +%Y-%m-%d)T[0-9:]{8}\.[0-9]{3}Z$ ]] &&
                [ "$(sqlite3 "$T/prune.db" "SELECT count(*) FROM executions WHERE id = 1")" = 1 ]'
out=$("$SBX_BIN" audit prune --before 30d --db "$T/prune.db" 2>"$ERR")
t_check "prune: removes the old run only ($out)" \
        test "$(sqlite3 "$T/prune.db" 'SELECT group_concat(id) FROM (SELECT id FROM executions ORDER BY id)')" = "$kept"
t_check "... the session, which keeps runs, stays" test "$(sqlite3 "$T/prune.db" 'SELECT count(*) FROM sessions')" = 1
t_check "... and the file passes integrity_check and foreign_key_check" \
        test "$(sqlite3 "$T/prune.db" 'PRAGMA integrity_check; PRAGMA foreign_key_check')" = ok
# the time it names is the bound it used, to the millisecond: a run at .500 goes with --before
# .750, which read "before 12:00:00Z"
cp "$GOOD" "$T/prune-ms.db"
sqlite3 "$T/prune-ms.db" "UPDATE executions SET started_ms = 1714564800500 WHERE id = 1"
out=$("$SBX_BIN" audit prune --before 2024-05-01T12:00:00.750Z --dry-run --db "$T/prune-ms.db" 2>"$ERR")
t_check "prune names its bound to the millisecond ($out)" \
        test "$out" = "would prune 1 run (0 denial lines) and 0 sessions that started before 2024-05-01T12:00:00.750Z"
t_check "no marker anywhere" test ! -e "$T/marker"

# ---- CSV is RFC 4180: a field with a comma, a quote, CR or LF is quoted, quotes doubled ----------
# Each field read back by a CSV reader equals the same run's field in the JSONL export.
mkdir -p "$T/csv/a,b" "$T/csv/c"$'\r'"d" "$T/csv/e"$'\n'"f"
(cd "$T/csv/a,b" && "$SBX_BIN" run --db "$T/csv.db" --mode danger-full-access -- sh -c 'echo "x\"y,z" >&2; exit 3') 2>/dev/null
(cd "$T/csv/c"$'\r'"d" && "$SBX_BIN" run --db "$T/csv.db" --mode danger-full-access -- printf '%s' 'q"r' >/dev/null)
(cd "$T/csv/e"$'\n'"f" && "$SBX_BIN" run --db "$T/csv.db" --mode danger-full-access -- true)
"$SBX_BIN" audit export --db "$T/csv.db" --csv >"$T/export.csv"
"$SBX_BIN" audit export --db "$T/csv.db" --jsonl >"$T/export.jsonl"
# an argv stored as valid JSON that is no array (a database written by hand) is exported as a
# string, never spliced in as an object: the field is an array or a string, whatever the file
sqlite3 "$T/csv.db" ".backup '$T/forged.db'"
sqlite3 "$T/forged.db" "UPDATE executions SET argv = '{\"x\":1}' WHERE id = 1"
t_check "export --jsonl of a forged non-array argv: a string holding its text" \
        test "$("$SBX_BIN" audit export --db "$T/forged.db" --jsonl | head -1 |
                python3 -c 'import json,sys; a = json.loads(sys.stdin.read())["argv"]; print(type(a).__name__, a)')" = 'str {"x":1}'
t_check "CSV export: every field read back equals the JSONL export's, commas, quotes, CR and LF included" \
        python3 - "$T/export.csv" "$T/export.jsonl" <<'PY'
import csv, json, sys
with open(sys.argv[1], newline="") as f:
    rows = list(csv.DictReader(f))
runs = [json.loads(line) for line in open(sys.argv[2])]
if len(rows) != 3 or len(runs) != 3:
    sys.exit(f"{len(rows)} CSV rows, {len(runs)} JSONL rows")
if not {",", "\r", "\n"} <= set("".join(r["cwd"] for r in rows)):
    sys.exit("the cwds lack a comma, CR or LF")
for row, run in zip(rows, runs):
    if not set(row) <= set(run):  # (JSONL adds the denials of each run)
        sys.exit(f"CSV columns not in JSONL: {sorted(set(row) - set(run))}")
    for k, got in row.items():
        v = run[k]
        got = json.loads(got) if k == "argv" else got
        want = v if k == "argv" else "" if v is None else str(v)
        if got != want:
            sys.exit(f"{k}: CSV {got!r}, JSONL {want!r}")
PY

# stats --json of a filter that selects no run: every dimension is there, empty (before: only
# executions and denial_lines, so a reader of o["verdict"]["denied"] failed on a quiet day)
t_check "stats --json selecting nothing: each dimension an empty object" \
        test "$("$SBX_BIN" audit stats --json --until 1971-01-01 --db "$GOOD" | python3 -c 'import json, sys
o = json.load(sys.stdin)
print(o["executions"], o["denial_lines"], [o[d] for d in ("verdict", "state", "backend", "mode", "enforcement", "signal")])')" \
        = "0 0 [{}, {}, {}, {}, {}, {}]"
# ... and the signal object too when the runs selected all exited (it came only with a run a
# signal ended, so o["signal"].get("SIGSEGV", 0) failed on a day without a crash)
t_check "stats --json of runs that all exited: the signal object, empty" \
        test "$("$SBX_BIN" audit stats --json --db "$GOOD" | python3 -c 'import json, sys
o = json.load(sys.stdin)
print(o["executions"] > 0, o.get("signal"))')" = "True {}"

# A real the record holds where sbx writes integers (another tool's write: sqlite3's 1e999 is
# infinity) is still JSON: null for an infinity, which JSON cannot write (before: the bare word
# 'inf', so list --json, show --json and export failed every JSON reader)
sqlite3 "$GOOD" ".backup '$T/real.db'"
sqlite3 "$T/real.db" "UPDATE executions SET duration_ms = 1e999, stderr_bytes = 2.5 WHERE id = 1;
        UPDATE executions SET duration_ms = -1e999 WHERE id = 2"
for form in "list --json" "show 1 --json" "show 2 --json" "export --jsonl" "export --json"; do
        t_check "audit $form of an infinite real: JSON, null for it, a finite one kept" \
                test "$("$SBX_BIN" audit $form --db "$T/real.db" | python3 -c 'import json, sys
def bad(c):
    sys.exit("not JSON: " + c)
t = sys.stdin.read()
rows = [json.loads(l, parse_constant=bad) for l in t.splitlines() if l.strip()] if sys.argv[1] == "--jsonl" \
        else [json.loads(t, parse_constant=bad)]
rows = [r for x in rows for r in (x if isinstance(x, list) else [x])]
print(all(r["duration_ms"] is None for r in rows if r["id"] in (1, 2)),
      all(r.get("stderr_bytes", 2.5) == 2.5 for r in rows if r["id"] == 1))' "${form##* }")" = "True True"
done

# --csv of a filter that selects nothing: the header line alone, as the page promises a header
# line (before: an empty output, with no columns to tell a reader what was asked)
for form in "list" "denials" "denials --top-paths" "export"; do
        "$SBX_BIN" audit $form --csv --until 1971-01-01 --db "$GOOD" >"$T/empty.csv"
        "$SBX_BIN" audit $form --csv --db "$GOOD" | head -1 >"$T/full.csv"
        t_check "audit $form --csv selecting nothing: the header line alone" \
                eval 'test "$(wc -l <"$T/empty.csv")" = 1 && cmp -s "$T/empty.csv" "$T/full.csv"'
done

# an empty file, or an SQLite file with nothing in it, holds no record: the read verbs answer as
# for no file and leave it as it was (before: they "upgraded" it, writing sbx's schema into it)
: >"$T/empty.db"
sqlite3 "$T/bare.db" 'PRAGMA user_version = 0; VACUUM'
for f in empty bare; do
        cp "$T/$f.db" "$T/$f.orig"
        for verb in list stats "denials --top-paths" export; do
                "$SBX_BIN" audit $verb --db "$T/$f.db" 2>"$ERR" >"$T/stdout"
                t_check "$f database: audit $verb exits 1 with one line" one_line $? 1 "no audit database .*nothing recorded"
        done
        if [ $f = empty ]; then
                # an id asked of an empty file: unknown, as with no file (before: exit 1, "no audit database")
                "$SBX_BIN" audit show 1 --db "$T/$f.db" 2>"$ERR" >"$T/stdout"
                t_check "$f database: audit show exits 2 with one line, as with no file" one_line $? 2 "unknown execution '1'"
                "$SBX_BIN" session show no-such --db "$T/$f.db" 2>"$ERR" >"$T/stdout"
                t_check "$f database: session show exits 2 with one line, as with no file" one_line $? 2 "unknown session 'no-such'"
        fi
        t_check "$f database: ... and the file is as it was, nothing beside it" \
                eval 'cmp -s "$T/$f.db" "$T/$f.orig" && test -z "$(ls "$T/$f.db"-* 2>/dev/null)"'
done

t_finish
