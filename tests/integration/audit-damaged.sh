#!/bin/bash
# A damaged audit database, as root and as nobody, through the audit writer and directly: sbx run
# records the run or refuses it (125) with one line naming the file before anything runs, never
# hangs and never starts a new record silently over a lost one; sbx audit says the file is damaged
# and what to do about it; once the file is moved away the next run works.
#   - truncated to nothing after runs (`: > audit.db`, its -wal or reserve left beside it): sbx run
#     started a new record in it and sbx audit said nothing had been recorded, every earlier row
#     hidden without a word;
#   - its log (-wal) overwritten with garbage: SQLite ignored it, and the runs committed to it
#     were lost unseen (sbx run and sbx audit went on);
#   - a page damaged in the middle of the executions table: sbx audit export streamed part of the
#     rows and ended with SQLite's message alone, nothing saying the answer was incomplete;
#   - a damaged header, half a file: the refusal said "corrupt", nothing on what to do;
#   - the sessions' pages damaged: sbx run --session and policy resolve --session exited 2, a usage
#     error, for a record that could not be read; truncated, sbx run --session exited 1, as if the
#     command had;
#   - a FIFO, a directory, a newer schema in its place: refused at once (these held already); a
#     FIFO there, or for its reserve, is not opened (it was opened read-write, then refused).
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT
command -v sqlite3 >/dev/null || t_skip_all "sqlite3 is needed to damage the database"
unset SBX_AUDIT_WRITER SBX_SESSION SBX_CONFIG XDG_STATE_HOME

T=$(t_mktemp_dir)
t_who "$T/nb" || exit 1
GEN=$(dirname "$0")/../bench/audit-gen.sh
BASE=$T/base/audit.db
bash "$GEN" "$SBX_BIN" "$BASE" 300 >/dev/null 2>&1
t_check "a database of 300 runs to damage" test "$(sqlite3 "$BASE" 'SELECT count(*) FROM executions')" = 300
PS=$(sqlite3 "$BASE" 'PRAGMA page_size')
# a leaf page of the executions table (dbstat, when this sqlite3 has it), else its root
LEAF=$(sqlite3 "$BASE" "SELECT pageno FROM dbstat WHERE name = 'executions' AND pagetype = 'leaf' \
        ORDER BY pageno LIMIT 1 OFFSET 5" 2>/dev/null)
[ -n "$LEAF" ] || LEAF=$(sqlite3 "$BASE" "SELECT rootpage FROM sqlite_master WHERE name = 'executions'")
# the first leaf page of the denial lines (the lowest ids: those of run DID among them)
DLEAF=$(sqlite3 "$BASE" "SELECT pageno FROM dbstat WHERE name = 'denial_lines' AND pagetype = 'leaf' \
        ORDER BY path LIMIT 1" 2>/dev/null)
DID=$(sqlite3 "$BASE" 'SELECT execution_id FROM denial_lines ORDER BY id LIMIT 1')
N=0

# fresh WHO: a copy of the base database for WHO in a directory of its own: D, DB; as WHO: AS, BIN
fresh() {
        N=$((N + 1))
        D=$T/c$N
        mkdir -p "$D/home"
        DB=$D/audit.db
        cp "$BASE" "$DB"
        if [ "$1" = nobody ]; then
                chown -R 65534:65534 "$D"
                AS=("${T_NOBODY[@]}") BIN=$NB_BIN
        else
                AS=() BIN=$SBX_BIN
        fi
        chmod 700 "$D"
}
# as [ENV=V...] ARGS...: sbx as the case's user on its database, bounded in time (a hang fails)
as() { timeout -s KILL 30 env HOME="$D/home" XDG_CACHE_HOME="$D/home/.cache" SBX_DB="$DB" "${AS[@]}" env "$@"; }
# a run directly, so that the database has a log and a reserve beside it
direct_run() { as SBX_AUDIT_WRITER=off "$BIN" run --mode danger-full-access -- true >/dev/null 2>&1; }
flip() { printf '\x77\x77\x77\x77' | dd of="$DB" bs=1 seek="$1" conv=notrunc status=none; }
# one_line STATUS WANT PATTERN: status WANT, stderr one "sbx: " line naming the database and
# matching PATTERN (grep -E)
one_line() {
        if [ "$1" != "$2" ] || [ "$(wc -l <"$D/err")" != 1 ] || ! grep -q "^sbx: .*$DB" "$D/err" ||
                ! grep -Eq "$3" "$D/err"; then
                t_diag "status $1 (want $2); stderr: $(head -c 500 "$D/err")"
                return 1
        fi
}
# refused WHAT PATTERN: sbx run, through the writer and directly, refuses (125) with one line,
# and runs nothing
refused() {
        local w
        for w in on off; do
                as SBX_AUDIT_WRITER=$w "$BIN" run --mode danger-full-access -- touch "$D/ran" 2>"$D/err" >/dev/null
                t_check "$WHO_NOW, $1, writer $w: sbx run refuses with one line" one_line $? 125 "$2"
                t_check "$WHO_NOW, $1, writer $w: ... and runs nothing" test ! -e "$D/ran"
        done
}
# refused_session WHAT PATTERN: the same for a run in session SID, whose policy the record holds
refused_session() {
        local w
        for w in on off; do
                as SBX_AUDIT_WRITER=$w "$BIN" run --session "$SID" -- touch "$D/ran" 2>"$D/err" >/dev/null
                t_check "$WHO_NOW, $1, writer $w: sbx run --session refuses with one line" one_line $? 125 "$2"
                t_check "$WHO_NOW, $1, writer $w: ... and runs nothing" test ! -e "$D/ran"
        done
}
# audit_says WHAT PATTERN VERB...: sbx audit VERB fails (1) with one line matching PATTERN
audit_says() {
        local what=$1 pat=$2
        shift 2
        as "$BIN" audit "$@" >"$D/out" 2>"$D/err"
        t_check "$WHO_NOW, $what: sbx audit $1 fails with one line" one_line $? 1 "$pat"
}
# repaired: the damaged files moved away, the next run (through a writer) works and is recorded
repaired() {
        local f
        for f in "$DB" "$DB-wal" "$DB-shm" "$DB.reserve"; do
                [ -e "$f" ] && mv "$f" "$D/moved-$(basename "$f")"
        done
        as "$BIN" run --mode danger-full-access -- touch "$D/ran" >/dev/null 2>"$D/err"
        t_check "$WHO_NOW, $1: moved away, the next run works ($(head -c 200 "$D/err"))" test -e "$D/ran"
        t_check "$WHO_NOW, $1: ... and is recorded" test "$(as "$BIN" audit list --csv 2>/dev/null | grep -c touch)" = 1
        rm -f "$D/ran"
}
# no writer of the case's database spins or stays after a refusal
no_writer() {
        sleep 0.3
        t_check "$WHO_NOW, $1: no audit writer left on it" bash -c "! pgrep -f 'audit-writer --db $DB\$' >/dev/null"
}
DAMAGED='damaged.*move it away'
# waiting_reader FIFO: a reader that waits at FIFO until something opens it to write (RPID);
# still_waits WHAT: it still waits (sbx refused what is there without opening it: it opened it
# read-write first, and only then saw it was no regular file; a device node's open acts too, a
# serial line's waits for its carrier), then it is ended
waiting_reader() {
        timeout 60 cat "$1" >/dev/null 2>&1 &
        RPID=$!
}
still_waits() {
        t_check "$WHO_NOW, $1: ... never opened (a reader waiting at it still waits)" kill -0 "$RPID"
        kill "$RPID" 2>/dev/null
        wait "$RPID" 2>/dev/null
}

for WHO_NOW in "${WHO[@]}"; do
        # ---- truncated to nothing, its log beside it ----------------------------------------------
        fresh "$WHO_NOW"
        direct_run
        : >"$DB"
        refused "truncated to 0 bytes (its -wal left)" "is empty, but .*-wal.*truncated.*move it away"
        # a session's run: it exited 1, which reads as the command's own status
        SID=a-session-of-the-lost-record
        refused_session "truncated to 0 bytes (its -wal left)" "is empty, but .*-wal.*truncated.*move it away"
        audit_says "truncated to 0 bytes" "truncated" list
        audit_says "truncated to 0 bytes" "truncated" show 5
        t_check "$WHO_NOW, truncated to 0 bytes: the file was left empty (no new record over it)" test ! -s "$DB"
        no_writer "truncated to 0 bytes"
        repaired "truncated to 0 bytes"

        # ---- truncated to nothing after a checkpoint: the reserve tells ----------------------------
        fresh "$WHO_NOW"
        direct_run
        "${AS[@]}" sqlite3 "$DB" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
        rm -f "$DB-wal" "$DB-shm"
        : >"$DB"
        refused "truncated to 0 bytes (its reserve left)" "is empty, but .*\.reserve.*truncated"
        audit_says "truncated to 0 bytes (its reserve left)" "truncated" export
        repaired "truncated to 0 bytes (its reserve left)"

        # ---- an empty file and nothing beside it is a new record (`rm audit.db*; touch`) --------------
        fresh "$WHO_NOW"
        : >"$DB"
        as "$BIN" run --mode danger-full-access -- true 2>"$D/err"
        t_check "$WHO_NOW, an empty file with nothing beside it: a new record ($(head -c 200 "$D/err"))" test $? = 0

        # ---- the log overwritten with garbage ---------------------------------------------------
        fresh "$WHO_NOW"
        direct_run
        direct_run
        size=$(stat -c %s "$DB-wal")
        head -c "$size" /dev/urandom | dd of="$DB-wal" conv=notrunc status=none
        refused "a -wal of garbage" "its log .*-wal has no valid header"
        audit_says "a -wal of garbage" "its log .*-wal has no valid header" list
        # read through a symlink of the user's: the log is the one beside its target
        mv "$DB" "$D/real.db" && mv "$DB-wal" "$D/real.db-wal" && ln -s real.db "$DB"
        [ "$WHO_NOW" = nobody ] && chown -h 65534:65534 "$DB"
        as "$BIN" audit list >/dev/null 2>"$D/err"
        t_check "$WHO_NOW, a -wal of garbage beside a symlink's target: sbx audit list fails with one line" \
                one_line $? 1 "its log .*real.db-wal has no valid header"
        rm "$DB" && mv "$D/real.db" "$DB" && mv "$D/real.db-wal" "$DB-wal"
        no_writer "a -wal of garbage"
        repaired "a -wal of garbage"

        # ---- a log header of zeros: what a power loss leaves of a log just begun, SQLite's to drop --
        fresh "$WHO_NOW"
        direct_run
        head -c 32 /dev/zero | dd of="$DB-wal" conv=notrunc status=none
        as "$BIN" run --mode danger-full-access -- touch "$D/ran" >/dev/null 2>"$D/err"
        t_check "$WHO_NOW, a -wal header of zeros: the run is recorded ($(head -c 200 "$D/err"))" test -e "$D/ran"

        # ---- a log of its own, intact, is read (no false alarm) ----------------------------------
        fresh "$WHO_NOW"
        direct_run
        direct_run
        t_check "$WHO_NOW, an intact -wal: its runs are listed" \
                test "$(as "$BIN" audit list --mode danger-full-access --csv 2>/dev/null | tail -n +2 | wc -l)" = 2

        # ---- a page in the middle of the executions table ------------------------------------------
        fresh "$WHO_NOW"
        flip $(((LEAF - 1) * PS))
        as "$BIN" audit export >"$D/out" 2>"$D/err"
        t_check "$WHO_NOW, page $LEAF damaged: export fails, saying the answer is incomplete" \
                one_line $? 1 "incomplete answer.*$DAMAGED.*recover"
        t_check "$WHO_NOW, page $LEAF damaged: ... after fewer rows than there are" \
                test "$(wc -l <"$D/out")" -lt 300
        as "$BIN" run --mode danger-full-access -- touch "$D/ran" >/dev/null 2>"$D/err"
        rc=$?
        # a write that does not reach the damaged page is recorded; one that does is refused
        t_check "$WHO_NOW, page $LEAF damaged: sbx run records the run or refuses it unrun ($rc)" \
                bash -c "[ $rc = 0 -a -e '$D/ran' ] || { [ $rc = 125 -a ! -e '$D/ran' ] && grep -Eq '$DAMAGED' '$D/err'; }"
        pkill -f "audit-writer --db $DB\$"
        repaired "page $LEAF damaged"

        # ---- a page of the denial lines: show --json and export printed each run with the lines
        # read before it as its whole list, exit 0, and counted the rest as "not kept" ----------
        if [ -n "$DLEAF" ]; then
                fresh "$WHO_NOW"
                flip $(((DLEAF - 1) * PS))
                as "$BIN" audit show "$DID" --json >"$D/out" 2>"$D/err"
                t_check "$WHO_NOW, denial page $DLEAF damaged: show $DID --json fails, saying the answer is incomplete" \
                        one_line $? 1 "incomplete answer.*$DAMAGED"
                for f in --jsonl --json; do
                        as "$BIN" audit export $f >"$D/out" 2>"$D/err"
                        t_check "$WHO_NOW, denial page $DLEAF damaged: export $f fails, saying the answer is incomplete" \
                                one_line $? 1 "incomplete answer.*$DAMAGED"
                done
        fi

        # ---- the header, half a file ----------------------------------------------------------
        fresh "$WHO_NOW"
        printf 'XQLite format 3' | dd of="$DB" conv=notrunc status=none
        refused "a damaged header" "$DAMAGED"
        audit_says "a damaged header" "$DAMAGED.*recover" stats
        no_writer "a damaged header"
        repaired "a damaged header"
        fresh "$WHO_NOW"
        truncate -s $(($(stat -c %s "$DB") / 2 + 1234)) "$DB"
        refused "half a file" "$DAMAGED"
        audit_says "half a file" "$DAMAGED" list
        repaired "half a file"

        # ---- a damaged page of the sessions: a session's lookup cannot be read -----------------------
        # sbx run --session exited 2, a usage error, and policy resolve --session 2 as well, for a
        # command line without an error: a record that cannot be read is sbx's refusal (125) and,
        # for a query verb, 1
        fresh "$WHO_NOW"
        SID=$(as "$BIN" session start --mode read-only --cwd "$D" 2>/dev/null)
        "${AS[@]}" sqlite3 "$DB" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
        for p in $("${AS[@]}" sqlite3 "$DB" "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'sessions' AND rootpage > 0"); do
                flip $(((p - 1) * PS))
        done
        refused_session "its sessions' pages damaged" "$DAMAGED"
        as "$BIN" policy resolve --session "$SID" >"$D/out" 2>"$D/err"
        t_check "$WHO_NOW, its sessions' pages damaged: policy resolve --session fails (1) with one line" \
                one_line $? 1 "$DAMAGED"

        # ---- not a database file: a FIFO (no hang), a directory; a newer schema ------------------------
        fresh "$WHO_NOW"
        rm "$DB"
        mkfifo -m 600 "$DB"
        [ "$WHO_NOW" = nobody ] && chown 65534:65534 "$DB"
        waiting_reader "$DB"
        refused "a FIFO" "not a regular file"
        audit_says "a FIFO" "not a regular file" list
        still_waits "a FIFO"
        rm "$DB"
        mkdir "$DB"
        [ "$WHO_NOW" = nobody ] && chown 65534:65534 "$DB"
        refused "a directory" "directory|not a regular file"
        rmdir "$DB"
        # the reserve a FIFO
        fresh "$WHO_NOW"
        direct_run
        rm "$DB.reserve"
        mkfifo -m 600 "$DB.reserve"
        [ "$WHO_NOW" = nobody ] && chown 65534:65534 "$DB.reserve"
        waiting_reader "$DB.reserve"
        refused "a FIFO for its reserve" "reserve is not a regular file"
        still_waits "a FIFO for its reserve"
        fresh "$WHO_NOW"
        "${AS[@]}" sqlite3 "$DB" 'PRAGMA user_version = 99'
        refused "a newer schema" "newer than this sbx"
done
t_finish
