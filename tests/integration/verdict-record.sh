#!/bin/bash
# The --verdict-json file is written by sbx, unconfined, after the command: a confined command
# must not be able to point that write anywhere else. For each usable backend, as root and as
# nobody, a workspace-write command plants a symlink where the record goes (to a file outside
# the workspace), or swaps the record's directory for a symlink to a directory outside: the
# outside file and directory stay as they were, and sbx says why it wrote no record. A symlink
# planted by an earlier run is not followed by a later read-only run either. The controls: a
# record in the workspace, one outside it reached through the caller's own symlink, and
# /dev/stdout are written; a refusal before any workspace is known (no audit database) still
# writes to /dev/stdout but follows no symlink to a file.
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1 # the probe's workspace: not the build tree, which holds sbx itself
t_usable_backends "$T/probe.db"

WHO=(root)
NB_BIN=
if t_is_root && "${T_NOBODY[@]}" true 2>/dev/null; then
        WHO+=(nobody)
        saved=$SBX_BIN
        t_copy_tools "$T/nb-bin"
        NB_BIN=$SBX_BIN
        SBX_BIN=$saved
else
        t_diag "not root, or no user nobody: the unprivileged half is left out"
fi

# as WHO CMD...: CMD as root, or as nobody with its own home
as() {
        local who=$1
        shift
        if [ "$who" = nobody ]; then
                "${T_NOBODY[@]}" env HOME="$T/home-nobody" XDG_STATE_HOME= XDG_CACHE_HOME="$T/home-nobody/.cache" "$@"
        else
                "$@"
        fi
}

for who in "${WHO[@]}"; do
        bin=$SBX_BIN
        [ "$who" = nobody ] && bin=$NB_BIN
        for b in "${BACKENDS[@]}"; do
                D=$T/$who-$b
                W=$D/ws
                O=$D/outside
                mkdir -p "$W" "$O/dir" "$D/home-nobody"
                echo precious >"$O/bashrc"
                [ "$who" = nobody ] && chown -R 65534:65534 "$D"
                HOMEDIR=$D/home-nobody
                run() { # run MODE RECORD CMD...: sbx run under backend b in workspace W
                        local mode=$1 rec=$2
                        shift 2
                        as "$who" env HOME="$HOMEDIR" XDG_STATE_HOME= XDG_CACHE_HOME="$HOMEDIR/.cache" \
                                "$bin" run --backend "$b" --mode "$mode" --root "$W" --db "$D/audit.db" \
                                --verdict-json "$rec" -- "$@"
                }
                fp_file=$(t_fp "$O/bashrc")
                fp_dir=$(t_fp "$O/dir")

                # a symlink planted where the record goes
                run workspace-write "$W/v.json" sh -c 'ln -sf "$1" "$2"' sh "$O/bashrc" "$W/v.json" 2>"$D/err"
                rc=$?
                t_check "$who, $b: a planted symlink to a file outside does not redirect the record (rc=$rc)" \
                        test "$(t_fp "$O/bashrc")" = "$fp_file"
                t_check "$who, $b: ... sbx says why and exits nonzero" \
                        bash -c "[ $rc -ne 0 ] && grep -q 'cannot write verdict record .*symlink \\(in\\|beneath\\) the workspace' '$D/err'"
                t_check "$who, $b: ... and removes it, saying so: nothing at the record's path" \
                        eval '[ ! -L "$W/v.json" ] && [ ! -e "$W/v.json" ] && grep -q "removed it" "$D/err"'
                # a record of the command's own where sbx's goes, which sbx cannot write through:
                # a consumer reading the path took it for sbx's (the exit status, 1, is many a
                # failed command's too); it stayed there, a denied run read as a success
                rm -f "$W/v.json"
                run workspace-write "$W/v.json" sh -c \
                        'echo "{\"verdict\":\"success\"}" >"$1.fake"; ln -s "$1.fake" "$1"; touch "$2"; exit 1' \
                        sh "$W/v.json" "$O/denied" 2>"$D/err"
                rc=$?
                t_check "$who, $b: a symlink to a record the command wrote leaves no record at the path (rc=$rc, $(cat "$W/v.json" 2>/dev/null))" \
                        eval '[ $rc -ne 0 ] && [ ! -e "$W/v.json" ] && [ ! -L "$W/v.json" ] && [ -e "$W/v.json.fake" ] && grep -q "removed it" "$D/err"'
                rm -f "$W/v.json"
                run workspace-write "$W/v.json" sh -c \
                        'echo "{\"verdict\":\"success\"}" >"$1"; chmod 444 "$1"; exit 1' sh "$W/v.json" 2>"$D/err"
                rc=$?
                verdict=$(t_json_field "$W/v.json" verdict)
                # (root writes a 0444 file all the same; nobody may not, and the file goes)
                t_check "$who, $b: ... nor does a record of the command's own made read-only (rc=$rc, verdict '$verdict')" \
                        eval '[ "$verdict" = task_failure ] || { [ $rc -ne 0 ] && [ ! -e "$W/v.json" ] && grep -q "removed it" "$D/err"; }'
                rm -f "$W/v.json" "$W/v.json.fake"
                # ... nor one made read-only in a directory made read-only, which nobody's sbx can
                # neither write nor remove: it stays, and sbx says that it is not its record (the
                # exit status is the command's, or 1 after one that succeeded)
                mkdir -p "$W/ro"
                [ "$who" = nobody ] && chown 65534:65534 "$W/ro"
                run workspace-write "$W/ro/v.json" sh -c \
                        'echo "{\"verdict\":\"success\"}" >"$1"; chmod 444 "$1"; chmod 555 "${1%/*}"' sh "$W/ro/v.json" 2>"$D/err"
                rc=$?
                verdict=$(t_json_field "$W/ro/v.json" verdict)
                t_check "$who, $b: ... nor in a directory made read-only: sbx's record, or exit 1 and the file named not sbx's (rc=$rc, verdict '$verdict')" \
                        eval '{ [ "$who" = root ] && [ $rc = 0 ] && [ "$verdict" = success ] && [ "$(t_json_field "$W/ro/v.json" backend)" = "$b" ]; } ||
                              { [ "$who" = nobody ] && [ $rc = 1 ] && [ -e "$W/ro/v.json" ] &&
                                grep -q "cannot write verdict record $W/ro/v.json: .*nor could sbx remove it .*not sbx.s record" "$D/err"; }'
                chmod -R u+w "$W/ro" && rm -rf "$W/ro"

                # the record's directory swapped for a symlink to a directory outside
                mkdir -p "$W/out"
                [ "$who" = nobody ] && chown 65534:65534 "$W/out"
                run workspace-write "$W/out/v.json" sh -c 'rmdir "$2" && ln -s "$1" "$2"' sh "$O/dir" "$W/out" 2>"$D/err"
                rc=$?
                after=$(t_fp "$O/dir")
                t_check "$who, $b: a directory swapped for a symlink does not lead the record out (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ "$after" = "$fp_dir" ] && [ ! -e "$O/dir/v.json" ]'
                t_check "$who, $b: ... sbx says why" grep -q 'leads .*out of the workspace\|leads through a symlink beneath the workspace' "$D/err"
                # ... and removes the link the run made, saying so: a consumer reading ws/out/v.json
                # read whatever the command had put where the link led (see below)
                t_check "$who, $b: ... and removes the link the run made" \
                        eval '[ ! -L "$W/out" ] && [ ! -e "$W/out" ] && grep -q "removed it" "$D/err"'
                # a record of the command's own, where its link to a directory of its own leads
                mkdir -p "$W/rec"
                [ "$who" = nobody ] && chown 65534:65534 "$W/rec"
                run workspace-write "$W/rec/v.json" sh -c \
                        'mkdir "$1/fake" && echo "{\"verdict\":\"success\"}" >"$1/fake/v.json" && rmdir "$1/rec" && ln -s fake "$1/rec"; exit 1' \
                        sh "$W" 2>"$D/err"
                rc=$?
                t_check "$who, $b: a link to a directory with a record of the command's own leaves no record at the path (rc=$rc, $(cat "$W/rec/v.json" 2>/dev/null))" \
                        eval '[ $rc -ne 0 ] && [ ! -e "$W/rec/v.json" ] && [ ! -L "$W/rec" ] && [ -e "$W/fake/v.json" ] &&
                              grep -qF "symlink beneath the workspace, $W/rec -> fake (a command could have made it); removed it" "$D/err"'
                # ... but a link that was there before the run (the caller's, or an earlier run's)
                # is refused and left where it is
                rm -rf "$W/fake" "$W/rec"
                mkdir -p "$W/fake"
                ln -s fake "$W/rec"
                [ "$who" = nobody ] && chown -h 65534:65534 "$W/fake" "$W/rec"
                run workspace-write "$W/rec/v.json" true 2>"$D/err"
                rc=$?
                t_check "$who, $b: a link on the way that was there before the run is refused but kept (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ -L "$W/rec" ] && [ ! -e "$W/fake/v.json" ] && grep -q "symlink beneath the workspace" "$D/err" && ! grep -q "removed it" "$D/err"'
                rm -rf "$W/fake" "$W/rec"
                # ... one an earlier run's command planted, with a record of its own beyond it: kept
                # too (sbx cannot tell it from the caller's, who may use that link for more than the
                # record), but named, with where it leads, and the record's path said not to be
                # sbx's record (record59: "it leads through a symlink beneath the workspace", neither
                # named, while a consumer reading $W/rec/v.json read the fake)
                run workspace-write "$D/plant.json" sh -c \
                        'mkdir "$1/fake" && echo "{\"verdict\":\"success\"}" >"$1/fake/v.json" && ln -s fake "$1/rec"' sh "$W"
                run workspace-write "$W/rec/v.json" true 2>"$D/err"
                rc=$?
                t_check "$who, $b: a link an earlier run planted on the way is refused, kept, and named with its target ($(head -c 400 "$D/err"))" \
                        eval '[ $rc = 1 ] && [ -L "$W/rec" ] && [ "$(t_json_field "$W/fake/v.json" verdict)" = success ] &&
                              grep -qF "symlink beneath the workspace, $W/rec -> fake " "$D/err" &&
                              grep -q "there before this run.*sbx leaves it: what the record.s path reads through it is not sbx.s record" "$D/err" &&
                              ! grep -q "removed it" "$D/err"'
                rm -rf "$W/fake" "$W/rec"
                # (the link an earlier run made, for the next rows)
                ln -s "$O/dir" "$W/out"
                [ "$who" = nobody ] && chown -h 65534:65534 "$W/out"
                # ... nor, met by the next run, does it lead there the room sbx keeps for the record
                # while the command runs (an unnamed file of 64 KiB: deputy review)
                rm -f "$W/started" "$W/go"
                run workspace-write "$W/out/v.json" sh -c \
                        ': >"$1/started"; i=0; while [ ! -e "$1/go" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done' \
                        sh "$W" 2>"$D/err" &
                pid=$!
                for _ in $(seq 1 200); do [ -e "$W/started" ] && break; sleep 0.05; done
                held=$(find /proc/[0-9]*/fd -lname "$O/dir/*" 2>/dev/null | head -n 3 | tr '\n' ' ')
                : >"$W/go"
                wait "$pid"
                rc=$?
                t_check "$who, $b: ... and sbx keeps no room for the record out there while the next command runs (rc=$rc, held: ${held:-none})" \
                        eval '[ -e "$W/started" ] && [ $rc -ne 0 ] && [ -z "$held" ]'

                # the same, with the record named through the caller's own symlink to the workspace
                # (the path as written does not name the workspace: /home -> /var/home, say)
                mkdir -p "$W/out2"
                [ "$who" = nobody ] && chown 65534:65534 "$W/out2"
                ln -sfn "$W" "$D/ws-alias"
                run workspace-write "$D/ws-alias/out2/v.json" sh -c 'rmdir "$2" && ln -s "$1" "$2"' sh "$O/dir" "$W/out2" 2>"$D/err"
                rc=$?
                after=$(t_fp "$O/dir")
                t_check "$who, $b: ... named through the caller's symlink, the swap does not lead the record out either (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ "$after" = "$fp_dir" ] && [ ! -e "$O/dir/v.json" ] && [ ! -L "$W/out2" ]'

                # planted by a run before, met by a later read-only run
                rm -f "$W/v.json"
                run workspace-write "$D/plant.json" ln -s "$O/bashrc" "$W/v.json"
                run read-only "$W/v.json" true 2>"$D/err"
                rc=$?
                after=$(t_fp "$O/bashrc")
                t_check "$who, $b: a later read-only run does not follow the planted symlink either (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ "$after" = "$fp_file" ]'
                # ... nor through the caller's own symlink outside naming its place in the
                # workspace (a /tmp/r.json -> ws/v.json): sbx let the kernel follow that link, and
                # the one planted there after it
                run workspace-write "$D/plant.json" ln -s "$O/bashrc" "$W/v.json"
                ln -sfn "$W/v.json" "$D/rec-link"
                [ "$who" = nobody ] && chown -h 65534:65534 "$D/rec-link"
                run read-only "$D/rec-link" true 2>"$D/err"
                rc=$?
                after=$(t_fp "$O/bashrc")
                t_check "$who, $b: ... nor through the caller's own symlink to its place in the workspace (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ "$after" = "$fp_file" ] && grep -q "symlink in the workspace" "$D/err"'

                # a FIFO planted where the record goes: with the command and all it started ended,
                # nobody reads it, and sbx waited for a reader for ever, deaf to SIGTERM (audit
                # review: a `timeout 10 sbx run ...` never came back)
                rm -f "$W/v.json"
                as "$who" env HOME="$HOMEDIR" XDG_STATE_HOME= XDG_CACHE_HOME="$HOMEDIR/.cache" timeout -s KILL 15 \
                        "$bin" run --backend "$b" --mode workspace-write --root "$W" --db "$D/audit.db" \
                        --verdict-json "$W/v.json" -- mkfifo "$W/v.json" 2>"$D/err"
                rc=$?
                t_check "$who, $b: a FIFO planted where the record goes does not hold sbx (rc=$rc, not 137)" \
                        eval '[ $rc -ne 137 ] && [ $rc -ne 0 ]'
                t_check "$who, $b: ... sbx says why" grep -q 'cannot write verdict record .*No such device or address' "$D/err"
                t_check "$who, $b: ... and removes it (a FIFO another run feeds would hand a consumer its record)" \
                        eval '[ ! -e "$W/v.json" ] && grep -q "removed it" "$D/err"'
                rm -f "$W/v.json"
                mkfifo "$W/v.json"
                [ "$who" = nobody ] && chown 65534:65534 "$W/v.json"
                # ... nor one that someone holds open and does not read (the command of another run
                # in the same workspace, here the test itself): sbx waited in write() for as long
                # as it was held, deaf to SIGTERM (deputy review)
                exec 7<>"$W/v.json"
                timeout 1 dd if=/dev/zero bs=4096 count=32 >&7 2>/dev/null # the pipe full
                as "$who" env HOME="$HOMEDIR" XDG_STATE_HOME= XDG_CACHE_HOME="$HOMEDIR/.cache" timeout -s KILL 10 \
                        "$bin" run --backend "$b" --mode workspace-write --root "$W" --db "$D/audit.db" \
                        --verdict-json "$W/v.json" -- true 2>"$D/err"
                rc=$?
                exec 7>&-
                t_check "$who, $b: ... nor a FIFO there that someone holds and does not read (rc=$rc, not 137)" \
                        eval '[ $rc -ne 137 ] && [ $rc -ne 0 ] && grep -q "cannot write verdict record .*no regular file" "$D/err"'

                # controls
                rm -f "$W/v.json"
                run workspace-write "$W/v.json" true
                t_check "$who, $b: a record in the workspace is written" \
                        test "$(t_json_field "$W/v.json" verdict)" = success
                ln -s "$O/dir" "$D/link"
                run workspace-write "$D/link/rec.json" true
                t_check "$who, $b: a record outside, through the caller's own symlink, is written" \
                        test "$(t_json_field "$O/dir/rec.json" verdict)" = success
                # (stdout a file of that user's: /dev/stdout is reopened through /proc/self/fd/1)
                : >"$D/stdout"
                [ "$who" = nobody ] && chown 65534:65534 "$D/stdout"
                run read-only /dev/stdout true >"$D/stdout"
                t_check "$who, $b: --verdict-json /dev/stdout works" grep -q '"verdict": *"success"' "$D/stdout"
                # ... with a workspace of / as well: the kernel's interfaces (/dev, /proc) are
                # never a workspace, no command plants a record there; /dev/stdout, a symlink in
                # /dev, was refused as "a symlink in the workspace" under that root alone
                run_slash() { # run_slash MODE RECORD: sbx run --root / ... -- true
                        as "$who" env HOME="$HOMEDIR" XDG_STATE_HOME= XDG_CACHE_HOME="$HOMEDIR/.cache" \
                                "$bin" run --backend "$b" --mode "$1" --root / --db "$D/audit.db" --verdict-json "$2" -- true
                }
                for rec in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
                        : >"$D/stdout"
                        [ "$who" = nobody ] && chown 65534:65534 "$D/stdout"
                        run_slash read-only "$rec" >"$D/stdout" 2>"$D/err"
                        rc=$?
                        t_check "$who, $b: --root / --verdict-json $rec: the record on stdout (rc=$rc, $(head -c 200 "$D/err"))" \
                                eval '[ $rc = 0 ] && [ "$(t_json_field "$D/stdout" verdict)" = success ] && [ ! -s "$D/err" ]'
                done
                # ... a refused run's record too (workspace-write: / holds /proc)
                run_slash workspace-write /dev/stdout >"$D/stdout" 2>"$D/err"
                rc=$?
                t_check "$who, $b: --root / in workspace-write, refused: its record on stdout (rc=$rc)" \
                        eval '[ $rc = 125 ] && [ "$(t_json_field "$D/stdout" verdict)" = unavailable ]'
                # ... while a symlink an earlier run planted where the record goes is refused (and
                # removed) under a root of / as under its own
                rm -f "$W/v.json"
                run workspace-write "$D/plant.json" ln -s "$O/bashrc" "$W/v.json"
                fp_file=$(t_fp "$O/bashrc")
                run_slash read-only "$W/v.json" 2>"$D/err"
                rc=$?
                t_check "$who, $b: --root /, a symlink planted where the record goes: not followed, removed (rc=$rc)" \
                        eval '[ $rc -ne 0 ] && [ "$(t_fp "$O/bashrc")" = "$fp_file" ] && [ ! -L "$W/v.json" ] && grep -q "symlink in the workspace.*removed it" "$D/err"'
                # the file the command wrote its output into is not emptied for the record: the
                # record follows that output, and what the caller writes next follows the record
                # (sbx truncated it: `--verdict-json /dev/stdout -- make >log` lost make's output)
                for fd in 1 2; do
                        : >"$D/out$fd"
                        [ "$who" = nobody ] && chown 65534:65534 "$D/out$fd"
                        out_case() {
                                echo caller-before >&"$fd"
                                run read-only "/dev/fd/$fd" sh -c "echo cmd-out >&$fd"
                                echo caller-after >&"$fd"
                        }
                        # (stdout opened to write from its start, stderr to append: both offsets)
                        if [ "$fd" = 1 ]; then out_case >"$D/out1"; else out_case 2>>"$D/out2"; fi
                        t_check "$who, $b: --verdict-json /dev/fd/$fd into the file of descriptor $fd keeps the command's output before it" \
                                eval '[ "$(sed -n 1,2p "$D/out'$fd'")" = "caller-before
cmd-out" ] && sed -n 3p "$D/out'$fd'" | grep -q "\"verdict\": *\"success\"" && [ "$(sed -n 4p "$D/out'$fd'")" = caller-after ]'
                done
                # a descriptor onto the record's file open for reading only took no output: the
                # record is written to the file as to any other (sbx wrote it through that
                # descriptor, which refused it: no record, exit 1)
                for fd in 1 2; do
                        echo stale >"$D/ro$fd.json"
                        [ "$who" = nobody ] && chown 65534:65534 "$D/ro$fd.json"
                        if [ "$fd" = 1 ]; then
                                run read-only "$D/ro1.json" true 1<"$D/ro1.json" 2>"$D/ro-err"
                        else
                                run read-only "$D/ro2.json" true 2<"$D/ro2.json"
                        fi
                        rc=$?
                        t_check "$who, $b: --verdict-json FILE with descriptor $fd open on it for reading only: the record is written (rc=$rc)" \
                                eval '[ $rc = 0 ] && [ "$(t_json_field "$D/ro'$fd'.json" verdict)" = success ]'
                done
        done
done

# refused before any workspace is known: the audit database, which holds the session the
# workspace is read from, cannot be opened (a directory)
mkdir -p "$T/nodb.db" "$T/ref"
echo precious >"$T/ref/file"
ln -s "$T/ref/file" "$T/ref/link"
fp=$(t_fp "$T/ref/file")
"$SBX_BIN" run --db "$T/nodb.db" --session s1 --verdict-json "$T/ref/link" -- true 2>/dev/null
rc=$?
after=$(t_fp "$T/ref/file")
t_check "refused before a workspace is known: a symlink to a file is not followed (rc=$rc)" \
        eval '[ $rc -eq 125 ] && [ "$after" = "$fp" ]'
# ... which says so: the session cannot be read, so its workspace root (and a mode not given) is
# unknown, and the record names the session and a mode given (it named neither, and blamed the
# database alone: record60). So with no database path at all.
for how in db nopath; do
        for m in "" read-only; do
                rm -f "$T/ref/s.json"
                if [ $how = db ]; then
                        "$SBX_BIN" run --db "$T/nodb.db" --session s1 ${m:+--mode $m} --verdict-json "$T/ref/s.json" -- \
                                true 2>"$T/ref/s.err"
                else
                        env -u SBX_DB -u XDG_STATE_HOME HOME="$T/no-home" "$SBX_BIN" run --session s1 ${m:+--mode $m} \
                                --verdict-json "$T/ref/s.json" -- true 2>"$T/ref/s.err"
                fi
                rc=$?
                t_check "$how: a session that cannot be read, mode '${m:-none}': refused so, the record naming the session and the mode given ($rc: $(head -c 300 "$T/ref/s.err"))" \
                        eval '[ $rc -eq 125 ] && grep -q "refusing to run unrecorded: session .s1. cannot be read, so its workspace root" "$T/ref/s.err" &&
                              [ "$(t_json_field "$T/ref/s.json" session_id)/$(t_json_field "$T/ref/s.json" mode)/$(t_json_field "$T/ref/s.json" workspace_root)" = "s1/$m/" ] &&
                              grep -q "session .s1. cannot be read" "$T/ref/s.json"'
        done
done
# ... while without a session and no database path the policy is resolved all the same: the
# record names the mode and workspace root that would have run (they were null: record60)
(cd "$T/cwd" && env -u SBX_DB -u XDG_STATE_HOME HOME="$T/no-home" "$SBX_BIN" run --mode read-only \
        --verdict-json "$T/ref/np.json" -- true 2>"$T/ref/np.err")
rc=$?
t_check "no database path, no session: refused, the record naming the mode and workspace ($rc: $(head -c 300 "$T/ref/np.json"))" \
        eval '[ $rc -eq 125 ] && grep -q "refusing to run unrecorded: no database path" "$T/ref/np.err" &&
              [ "$(t_json_field "$T/ref/np.json" mode) $(t_json_field "$T/ref/np.json" workspace_root)" = "read-only $T/cwd" ]'
# ... while without a session the workspace is known before the row is refused: the caller's
# symlink outside it is followed as any run's record follows it, and the record names the
# workspace (record59: it named none, and was refused as before a workspace is known)
echo old >"$T/ref/known-file"
ln -s "$T/ref/known-file" "$T/ref/known-link"
(cd "$T/cwd" && "$SBX_BIN" run --db "$T/nodb.db" --verdict-json "$T/ref/known-link" -- true 2>/dev/null)
rc=$?
t_check "refused at its row, the workspace known: the record through the caller's symlink names it (rc=$rc, $(head -c 200 "$T/ref/known-file"))" \
        eval '[ $rc -eq 125 ] && [ -L "$T/ref/known-link" ] && [ "$(t_json_field "$T/ref/known-file" verdict)" = unavailable ] &&
              [ "$(t_json_field "$T/ref/known-file" workspace_root)" = "$T/cwd" ]'
out=$("$SBX_BIN" run --db "$T/nodb.db" --verdict-json /dev/stdout -- true 2>/dev/null)
t_check "... while /dev/stdout still gets the record" grep -q '"verdict": *"unavailable"' <<<"$out"
# /dev/stdout with stdout closed: sbx holds descriptor 1 with /dev/null for the command, and the
# record went there, exit 0 (review). Refused before anything runs, as the closed descriptor is.
mkdir -p "$T/closed/ws"
for spec in "1 /dev/stdout" "1 /dev/fd/1" "2 /proc/self/fd/2"; do
        set -- $spec
        rm -f "$T/closed/ws/ran"
        if [ "$1" = 1 ]; then
                "$SBX_BIN" run --db "$T/closed/a.db" --root "$T/closed/ws" --verdict-json "$2" -- touch "$T/closed/ws/ran" >&- 2>"$T/closed/err"
        else
                "$SBX_BIN" run --db "$T/closed/a.db" --root "$T/closed/ws" --verdict-json "$2" -- touch "$T/closed/ws/ran" 2>&- >"$T/closed/err"
        fi
        rc=$?
        t_check "--verdict-json $2 with descriptor $1 closed: refused (exit 2, got $rc), nothing ran" \
                test $rc = 2 -a ! -e "$T/closed/ws/ran"
done
"$SBX_BIN" run --db "$T/closed/a.db" --root "$T/closed/ws" --verdict-json /dev/null -- true >&-
t_check "... while /dev/null itself is still accepted with stdout closed (rc=$?)" test $? = 0
# ... and one without a reader is named for what it is, not taken for a file
mkfifo "$T/ref/lonely"
ln -s "$T/ref/lonely" "$T/ref/lonely-link"
timeout 20 "$SBX_BIN" run --db "$T/nodb.db" --session s1 --verdict-json "$T/ref/lonely-link" -- true 2>"$T/ref/lonely.err"
t_check "... a symlink to a FIFO nobody reads: the record fails with ENXIO, not as a file ($(grep verdict "$T/ref/lonely.err"))" \
        eval 'grep -q "verdict record .*No such device or address" "$T/ref/lonely.err" && ! grep -q "symlink to a file" "$T/ref/lonely.err"'
# ... and the caller's own FIFO that nobody opens: sbx waits for a reader, but a SIGTERM ends the
# wait (sbx waited in open() for ever after the command, deaf to it: input review)
mkfifo "$T/ref/unread"
timeout -k 10 2 "$SBX_BIN" run --db "$T/closed/a.db" --root "$T/closed/ws" --verdict-json "$T/ref/unread" -- true \
        2>"$T/ref/unread.err"
rc=$?
t_check "... the caller's own FIFO nobody reads: a SIGTERM ends the wait for a reader (124, got $rc; 137: deaf to it; $(head -c 300 "$T/ref/unread.err"))" \
        eval '[ $rc -eq 124 ] && grep -q "cannot write verdict record .*a signal ended the wait for a reader" "$T/ref/unread.err"'
# ... whole, even larger than a pipe holds, to a reader that is slow to read (a 100 KB argument)
mkfifo "$T/ref/fifo"
ln -s "$T/ref/fifo" "$T/ref/fifo-link"
# the reader opens the FIFO at once (sbx finds a reader), then reads only after 0.5 s
( exec 3<"$T/ref/fifo"; sleep 0.5; timeout 20 cat <&3 >"$T/ref/fifo.out" ) &
reader=$!
big=$(head -c 100000 /dev/zero | tr '\0' x)
sleep 0.1
timeout 20 "$SBX_BIN" run --db "$T/nodb.db" --verdict-json "$T/ref/fifo-link" -- true "$big" 2>"$T/ref/fifo.err"
rc=$?
wait "$reader"
t_check "... and a FIFO behind a symlink gets the whole record, 100 KB of argv included (rc=$rc)" \
        python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert len(r["argv"][1]) == 100000' "$T/ref/fifo.out"

# A workspace-write command that fills the file system its workspace shares with the record (a
# workspace and a record both in /tmp): the record could not be written and was left empty, read
# as "sbx ran nothing" though the command ran and was denied (audit review). Room for it is kept
# from before the command starts: the record is whole, or, when the command printed more denial
# lines than that room holds, cut short (no denial lines, no argv: the row keeps them). Root
# only (a tmpfs of 1 MiB).
F=$T/full
mkdir -p "$F"
if t_is_root && mount -t tmpfs -o size=1m tmpfs "$F" 2>/dev/null; then
        long=$(head -c 900 /dev/zero | tr '\0' x)
        for b in "${BACKENDS[@]}"; do
                words="Read-only file system"
                [ "$b" = landlock ] && words="Permission denied"
                for lines in 1 64; do
                        mkdir -p "$F/$b-ws" "$F/$b-rec"
                        "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$F/$b-ws" --db "$T/full.db" \
                                --verdict-json "$F/$b-rec/v.json" -- sh -c '
                                touch /usr/sbx-full-test
                                # more denial lines, long ones, in the words of the backend
                                for i in $(seq 2 "$3"); do echo "touch: cannot touch '"'"'/usr/$i-$2'"'"': $4" >&2; done
                                dd if=/dev/zero of="$1/fill" bs=64k 2>/dev/null; exit 1' sh "$F/$b-ws" "$long" "$lines" "$words" \
                                2>"$T/full-$b.err"
                        rc=$?
                        rm -f "$F/$b-ws/fill"
                        got=$(t_json_field "$F/$b-rec/v.json" verdict)
                        id=$(t_json_field "$F/$b-rec/v.json" execution_id)
                        t_check "$b, $lines denial line(s): a command that fills the file system it shares with the record still has its record (rc=$rc, verdict '$got')" \
                                test "$got" = denied
                        t_check "$b, $lines: ... naming its row (${id:-none}), whose verdict is the same" \
                                test -n "$id" -a "$(sqlite3 "$T/full.db" "SELECT verdict FROM executions WHERE id = ${id:-0}")" = denied
                        if [ "$lines" = 1 ]; then
                                t_check "$b, $lines: ... whole (its argv, its denial line)" \
                                        python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["argv"][0] == "sh" and len(r["denials"]) == 1 and "cut_short" not in r' "$F/$b-rec/v.json"
                        else
                                t_check "$b, $lines: ... cut short, the lines counted as not kept, and sbx says so" \
                                        eval 'grep -q "verdict record .*cut short" "$T/full-$b.err" && python3 -c '"'"'import json, sys; r = json.load(open(sys.argv[1])); assert r["cut_short"] is True and r["argv"] is None and r["denials"] == [] and r["denials_not_kept"] == r["denial_lines"] == 64'"'"' "$F/$b-rec/v.json"'
                        fi
                done
        done
        umount "$F"
else
        t_diag "not root, or no tmpfs: the full file system's record is left out"
fi

# The row's duration is the record's: the supervisor's, on the monotonic clock, through the audit
# writer and without it (limits review: the row took the wall clock's ended - started, which a
# clock step during the run turns into 0 or hours)
mkdir -p "$T/dur/ws"
bad=""
for b in "${BACKENDS[@]}"; do
        for w in on off; do
                for i in 1 2 3; do
                        SBX_AUDIT_WRITER=$w "$SBX_BIN" run --backend "$b" --root "$T/dur/ws" --db "$T/dur/audit.db" \
                                --verdict-json "$T/dur/v.json" -- sleep 0.05 || bad="$bad $b/$w: run failed;"
                        got=$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["execution_id"], r["duration_ms"])' \
                                "$T/dur/v.json")
                        row=$(sqlite3 "$T/dur/audit.db" "SELECT duration_ms FROM executions WHERE id = ${got% *}")
                        [ "$row" = "${got#* }" ] || bad="$bad $b/writer $w: record ${got#* } ms, row $row ms;"
                done
        done
done
t_check "the row's duration_ms is the verdict record's, with and without the audit writer${bad:+:$bad}" test -z "$bad"
pkill -f "audit-writer --db $T/dur/audit.db\$"

# The record named through the caller's own symlink to the workspace, while the command of another
# run in the same workspace swaps a directory on the record's path for a symlink out of it and
# back: sbx checked the path by name and then opened it by name, and between the two it could be
# the symlink (deputy review: the record landed outside within a few dozen runs). Root only: the
# race is the same for every user.
for b in "${BACKENDS[@]}"; do
        R=$T/race-$b/ws
        O=$T/race-$b/outside
        mkdir -p "$R" "$O"
        ln -sfn "$R" "$T/race-$b/alias"
        "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$R" --db "$T/race-$b/audit.db" -- python3 -c '
import os, sys, time
os.chdir(sys.argv[1])
os.mkdir("d")
os.symlink(sys.argv[2], "l")
end = time.time() + 60
while time.time() < end and not os.path.exists("stop"):
    os.rename("d", "sub"); os.rename("sub", "d"); os.rename("l", "sub"); os.rename("sub", "l")
' "$R" "$O" &
        flipper=$!
        for _ in $(seq 1 100); do [ -L "$R/l" ] && break; sleep 0.05; done
        n=0
        while [ $n -lt 300 ] && [ ! -e "$O/v.json" ]; do
                n=$((n + 1))
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$R" --db "$T/race-$b/audit.db" \
                        --verdict-json "$T/race-$b/alias/sub/v.json" -- true 2>/dev/null
        done
        : >"$R/stop"
        wait "$flipper"
        t_check "$b: a directory swapped for a symlink out of the workspace while sbx opens the record never leads it out ($n runs)" \
                test ! -e "$O/v.json"
done

# A directory on the record's path reached through another user's symlink in a sticky
# world-writable directory (a /tmp/report that user planted, leading into the caller's own files)
# is refused: the kernel follows no such link under fs.protected_symlinks, and sbx, reading the
# links itself since it resolves the path from descriptors, followed it.
if t_is_root; then
        P=$T/planted
        mkdir -p "$P/ws" "$P/mine" "$P/sticky"
        chmod 1777 "$P/sticky"
        ln -s "$P/mine" "$P/sticky/report"
        chown -h 65534:65534 "$P/sticky/report"
        for b in "${BACKENDS[@]}"; do
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/report/v-$b.json" -- true 2>"$P/err"
                t_check "$b: no record through another user's symlink in a sticky world-writable directory" \
                        test ! -e "$P/mine/v-$b.json"
                # (where the setting is on, the kernel refuses it already when sbx checks the path)
                t_check "$b: ... and sbx says why" grep -qE "another user's symlink in a sticky|Permission denied" "$P/err"
        done
        # ... nor the record itself such a link (the kernel followed it where the setting is off)
        echo keep >"$P/mine/victim"
        ln -s "$P/mine/victim" "$P/sticky/v.json"
        chown -h 65534:65534 "$P/sticky/v.json"
        for b in "${BACKENDS[@]}"; do
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/v.json" -- true 2>"$P/err"
                t_check "$b: no record as another user's symlink in a sticky world-writable directory ($(head -c 40 "$P/mine/victim"))" \
                        test "$(cat "$P/mine/victim")" = keep
        done
        # ... nor another user's FIFO, regular file, or a hard link there: the kernel refuses the
        # first two only under fs.protected_fifos and _regular, off here, where the FIFO held
        # root's sbx for ever after its run (deaf to SIGTERM) and the file got the record; and a
        # hard link to a file of root's (which fs.protected_hardlinks alone keeps nobody from
        # making) had that file overwritten.
        mkfifo "$P/sticky/fifo.json" "$P/sticky/held.json"
        echo keep >"$P/sticky/file.json"
        echo keep >"$P/mine/linked"
        ln "$P/mine/linked" "$P/sticky/link.json"
        chown 65534:65534 "$P/sticky/fifo.json" "$P/sticky/held.json" "$P/sticky/file.json"
        # a reader that holds one FIFO open and reads nothing, as its owner would
        sleep 60 <>"$P/sticky/held.json" &
        holder=$!
        for b in "${BACKENDS[@]}"; do
                for f in fifo held; do
                        timeout -s KILL 20 "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                                --verdict-json "$P/sticky/$f.json" -- true 2>"$P/err"
                        rc=$?
                        t_check "$b: another user's FIFO in a sticky world-writable directory ($f) holds no sbx: refused (rc=$rc: 1, the record failed, not 137)" \
                                eval '[ $rc = 1 ] && grep -qE "another user.s FIFO in a sticky|Permission denied" "$P/err"'
                done
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/file.json" -- true 2>"$P/err"
                rc=$?
                t_check "$b: ... nor another user's file there gets the record (rc=$rc, $(head -c 40 "$P/sticky/file.json"))" \
                        eval '[ $rc = 1 ] && [ "$(cat "$P/sticky/file.json")" = keep ]'
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/link.json" -- true 2>"$P/err"
                rc=$?
                t_check "$b: ... nor a hard link there to a file of the caller's (rc=$rc, $(head -c 40 "$P/mine/linked"))" \
                        eval '[ $rc = 1 ] && [ "$(cat "$P/mine/linked")" = keep ] && grep -q "hard link" "$P/err"'
                # the controls: the caller's own file, and its own FIFO with a reader, there
                rm -f "$P/sticky/mine-$b.json"
                "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/mine-$b.json" -- true 2>"$P/err"
                t_check "$b: ... while the caller's own record there is written (rc=$?)" grep -q '"verdict": *"success"' "$P/sticky/mine-$b.json"
                mkfifo "$P/sticky/own-$b.json"
                # (the reader comes once sbx waits for one: it tries the open every 20 ms, asleep
                # in between)
                timeout -s KILL 20 "$SBX_BIN" run --backend "$b" --mode workspace-write --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/sticky/own-$b.json" -- true 2>"$P/err" &
                sbx=$!
                waited=no
                for _ in $(seq 400); do
                        pid=$(pgrep -P "$sbx" | head -1)
                        if [ -n "$pid" ] && grep -qx 'hrtimer_nanosleep\|do_nanosleep' "/proc/$pid/wchan" 2>/dev/null; then
                                waited=yes
                                break
                        fi
                        sleep 0.05
                done
                timeout 20 cat "$P/sticky/own-$b.json" >"$P/own-$b.out"
                wait "$sbx"
                rc=$?
                t_check "$b: ... and so is its own FIFO there, whose reader comes once sbx waits for one (rc=$rc, waited: $waited)" \
                        eval '[ $waited = yes ] && grep -q "\"verdict\": *\"success\"" "$P/own-$b.out"'
        done
        # refused before a workspace is known, the same
        timeout -s KILL 20 "$SBX_BIN" run --db "$T/nodb.db" --verdict-json "$P/sticky/fifo.json" -- true 2>"$P/err"
        rc=$?
        t_check "refused before a workspace is known: another user's FIFO holds no sbx either (rc=$rc)" \
                eval '[ $rc = 125 ] && grep -qE "another user.s FIFO in a sticky|Permission denied" "$P/err"'
        "$SBX_BIN" run --db "$T/nodb.db" --verdict-json "$P/sticky/file.json" -- true 2>"$P/err"
        t_check "... nor does another user's file get the record" test "$(cat "$P/sticky/file.json")" = keep
        # ... and unconfined: the command could write anywhere itself, other users' plants no more
        timeout -s KILL 20 "$SBX_BIN" run --mode danger-full-access --root "$P/ws" --db "$P/audit.db" \
                --verdict-json "$P/sticky/fifo.json" -- true 2>"$P/err"
        rc=$?
        t_check "danger-full-access: another user's FIFO holds no sbx either (rc=$rc)" \
                eval '[ $rc = 1 ] && grep -qE "another user.s FIFO in a sticky|Permission denied" "$P/err"'
        "$SBX_BIN" run --mode danger-full-access --root "$P/ws" --db "$P/audit.db" \
                --verdict-json "$P/sticky/file.json" -- true 2>"$P/err"
        t_check "... nor does another user's file get its record" test "$(cat "$P/sticky/file.json")" = keep
        ln -sfn "$P/sticky/mine-full.json" "$P/own-link"
        "$SBX_BIN" run --mode danger-full-access --root "$P/ws" --db "$P/audit.db" \
                --verdict-json "$P/own-link" -- true 2>"$P/err"
        t_check "... while its record through the caller's own symlink is written (rc=$?)" \
                grep -q '"verdict": *"success"' "$P/sticky/mine-full.json"
        # The same plants met on the way rather than where the path ends: sbx let the kernel
        # follow the directories' part of the path when unconfined or before a workspace is known
        # (into the caller's own files, through another user's /tmp/report -> ~root), and the
        # caller's own symlink, in any mode, on to another user's symlink, FIFO or file in a
        # sticky world-writable directory (/tmp/mine.json -> /tmp/x.json, which that user made).
        "$SBX_BIN" run --mode danger-full-access --root "$P/ws" --db "$P/audit.db" \
                --verdict-json "$P/sticky/report/v-full.json" -- true 2>"$P/err"
        t_check "danger-full-access: no record through another user's symlink on the way (rc=$?)" \
                eval '[ ! -e "$P/mine/v-full.json" ] && grep -qE "another user.s symlink in a sticky|Permission denied" "$P/err"'
        "$SBX_BIN" run --db "$T/nodb.db" --verdict-json "$P/sticky/report/v-nodb.json" -- true 2>"$P/err"
        t_check "refused before a workspace is known: no record through such a symlink on the way either" \
                eval '[ ! -e "$P/mine/v-nodb.json" ] && grep -qE "another user.s symlink in a sticky|Permission denied" "$P/err"'
        ln -sfn "$P/sticky/v.json" "$P/own-to-plant"
        ln -sfn "$P/sticky/fifo.json" "$P/own-to-fifo"
        ln -sfn "$P/sticky/file.json" "$P/own-to-file"
        # kept_from MODE RECORD DESC FILE: the run under MODE with its record at RECORD is refused
        # (exit 1) and FILE, which a plant there leads to, still holds "keep"
        kept_from() {
                "$SBX_BIN" run --mode "$1" --root "$P/ws" --db "$P/audit.db" --verdict-json "$2" -- true 2>"$P/err"
                local rc=$? kept=$4
                t_check "$1: $3 (rc=$rc, $(head -c 40 "$kept"))" eval '[ $rc = 1 ] && [ "$(cat "$kept")" = keep ]'
        }
        for m in workspace-write danger-full-access; do
                kept_from "$m" "$P/own-to-plant" "the caller's own symlink does not lead on through another user's plant" \
                        "$P/mine/victim"
                timeout -s KILL 20 "$SBX_BIN" run --mode "$m" --root "$P/ws" --db "$P/audit.db" \
                        --verdict-json "$P/own-to-fifo" -- true 2>"$P/err"
                rc=$?
                t_check "$m: ... nor to another user's FIFO (rc=$rc)" \
                        eval '[ $rc = 1 ] && grep -qE "another user.s FIFO in a sticky|Permission denied" "$P/err"'
                kept_from "$m" "$P/own-to-file" "... nor to another user's file" "$P/sticky/file.json"
        done
        ln -sfn "mine/rel-$$.json" "$P/own-rel"
        "$SBX_BIN" run --mode workspace-write --root "$P/ws" --db "$P/audit.db" --verdict-json "$P/own-rel" -- true 2>"$P/err"
        t_check "... while a relative symlink of the caller's is followed from its own directory (rc=$?)" \
                grep -q '"verdict": *"success"' "$P/mine/rel-$$.json"
        # ... and a sticky directory that its group may write is as shared (the kernel's level 2
        # of fs.protected_fifos and _regular): a member of the group planted there as well
        mkdir "$P/gsticky"
        chgrp 65534 "$P/gsticky"
        chmod 1770 "$P/gsticky"
        ln -s "$P/mine/victim" "$P/gsticky/v.json"
        chown -h 65534:65534 "$P/gsticky/v.json"
        echo keep >"$P/gsticky/file.json"
        chown 65534:65534 "$P/gsticky/file.json"
        for m in workspace-write danger-full-access; do
                kept_from "$m" "$P/gsticky/v.json" "no record as another user's symlink in a sticky group-writable directory" \
                        "$P/mine/victim"
                kept_from "$m" "$P/gsticky/file.json" "... nor into another user's file there" "$P/gsticky/file.json"
        done
        "$SBX_BIN" run --mode workspace-write --root "$P/ws" --db "$P/audit.db" --verdict-json "$P/gsticky/mine.json" -- true 2>"$P/err"
        t_check "... while the caller's own record there is written (rc=$?)" grep -q '"verdict": *"success"' "$P/gsticky/mine.json"
        kill "$holder"
        wait "$holder" 2>/dev/null
fi

# The same, with the directory moved instead: the command of another run moves a directory on
# the record's path out of the workspace into its own temp area (the same file system, under
# Landlock), where a symlink takes the place of the next one, and back. The walk found that
# symlink in a directory outside the workspace by then, and followed it as one of the caller's.
# strace holds sbx's lookups in that directory (40 ms each) so that the swap falls in between.
if command -v strace >/dev/null && [[ " ${BACKENDS[*]} " == *" landlock "* ]]; then
        M=$T/moved
        mkdir -p "$M/ws" "$M/outside"
        ln -sfn "$M/ws" "$M/alias"
        "$SBX_BIN" run --backend landlock --mode workspace-write --root "$M/ws" --db "$M/audit.db" -- python3 -c '
import os, sys, time
ws, out, tmp = sys.argv[1], sys.argv[2], os.environ["TMPDIR"]
os.chdir(ws)
os.makedirs("a/b")
os.symlink(out, tmp + "/l")
end = time.time() + 60
while time.time() < end and not os.path.exists("stop"):
    time.sleep(0.03)
    try:
        os.rename("a", tmp + "/a")
    except OSError: # another file system: nothing to try
        open("exdev", "w").close()
        break
    os.rename(tmp + "/a/b", tmp + "/bd"); os.rename(tmp + "/l", tmp + "/a/b")
    time.sleep(0.03)
    os.rename(tmp + "/a/b", tmp + "/l"); os.rename(tmp + "/bd", tmp + "/a/b"); os.rename(tmp + "/a", "a")
' "$M/ws" "$M/outside" &
        mover=$!
        for _ in $(seq 1 100); do [ -d "$M/ws/a" ] && break; sleep 0.05; done
        n=0
        while [ $n -lt 30 ] && [ ! -e "$M/outside/v.json" ] && [ ! -e "$M/ws/exdev" ]; do
                n=$((n + 1))
                # (LeakSanitizer cannot run under ptrace: a sanitizer build aborted before the walk)
                ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
                        strace -qq -o /dev/null -P "$M/ws/a" -e trace=openat -e inject=openat:delay_enter=40000 \
                        "$SBX_BIN" run --backend landlock --mode workspace-write --root "$M/ws" --db "$M/audit.db" \
                        --verdict-json "$M/alias/a/b/v.json" -- true 2>/dev/null
        done
        : >"$M/ws/stop"
        wait "$mover"
        if [ -e "$M/ws/exdev" ]; then
                t_diag "the workspace and the temp area are on different file systems: a directory moved out not checked"
        else
                t_check "landlock: a directory moved out of the workspace while sbx walks the record's path never leads it out ($n runs)" \
                        test ! -e "$M/outside/v.json"
        fi
fi

# --verdict-fd onto a pipe the caller made non-blocking, almost full when the record comes (its
# reader reads later): the record is written whole once there is room, as to a blocking one. sbx
# gave it to stdio, whose write failed with EAGAIN: no record (or the first 4 KiB of a larger
# one), "Resource temporarily unavailable", exit 1.
python3 -c '
import fcntl, json, os, subprocess, sys, time
r, w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
fill = fcntl.fcntl(w, 1032) - 200  # F_GETPIPE_SZ
os.write(w, b"x" * fill)
os.dup2(w, 9)
p = subprocess.Popen([sys.argv[1], "run", "--backend", sys.argv[2], "--root", sys.argv[3], "--db", sys.argv[4],
                      "--verdict-fd", "9", "--", "true"], pass_fds=(9,), stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=open(sys.argv[5], "w"))
os.close(9); os.close(w)
time.sleep(1)
fcntl.fcntl(r, fcntl.F_SETFL, 0)
data = b""
while True:
    c = os.read(r, 65536)
    if not c:
        break
    data += c
rc = p.wait()
rec = data[fill:].decode()
open(sys.argv[5], "a").write("rc=%d record=%r" % (rc, rec[:200]))
assert rc == 0 and json.loads(rec)["verdict"] == "success"
' "$SBX_BIN" "${BACKENDS[0]}" "$T/cwd" "$T/nb.db" "$T/nb.err"
rc=$?
t_check "--verdict-fd onto a non-blocking pipe with no room yet: the record is written whole once there is ($(tail -c 300 "$T/nb.err"))" \
        test $rc = 0

# --verdict-json /dev/stdout onto a socket (a systemd service's journal stream, a socketpair):
# Linux opens no socket by its /proc/self/fd link (ENXIO), so every record failed, "No such device
# or address", exit 1 after a command that succeeded; a shell's > /dev/stdout writes there. The
# record goes to sbx's own standard output, whole, once, for each socket type.
for how in stream seqpacket dgram; do
        python3 -c '
import json, socket, subprocess, sys
typ = {"stream": socket.SOCK_STREAM, "seqpacket": socket.SOCK_SEQPACKET, "dgram": socket.SOCK_DGRAM}[sys.argv[5]]
a, b = socket.socketpair(socket.AF_UNIX, typ)
p = subprocess.run([sys.argv[1], "run", "--backend", sys.argv[2], "--root", sys.argv[3], "--db", sys.argv[4],
                    "--verdict-json", "/dev/stdout", "--", "true"], stdin=subprocess.DEVNULL, stdout=b,
                   stderr=subprocess.PIPE)
b.close()
a.settimeout(2)
data = b""
try:
    while True:
        c = a.recv(1 << 20)
        if not c:
            break
        data += c
        if typ != socket.SOCK_STREAM:
            break
except socket.timeout:
    pass
err = p.stderr.decode()[-300:]
sys.stderr.write("rc=%d %s record=%r" % (p.returncode, err, data[:80]))
assert p.returncode == 0 and data.endswith(b"}\n") and json.loads(data)["verdict"] == "success"
' "$SBX_BIN" "${BACKENDS[0]}" "$T/cwd" "$T/nb.db" "$how" 2>"$T/sock.err"
        rc=$?
        t_check "--verdict-json /dev/stdout onto a $how socket: the record is written there whole ($(tail -c 300 "$T/sock.err"))" \
                test $rc = 0
done

# ... but that wait, and one on a full pipe nobody reads, ends with a signal that ends sbx, as
# the wait for the reader of the caller's FIFO does (a reader that never reads held sbx deaf to
# SIGTERM, in poll(2) on a non-blocking descriptor, in write(2) on a blocking one or on the pipe
# --verdict-json /dev/stdout opened: review). SIGTERM 1 s in: sbx exits 1 within 5 s and says why.
for how in fd-nonblocking fd-blocking json-stdout; do
        python3 -c '
import fcntl, os, signal, subprocess, sys, time
how = sys.argv[6]
r, w = os.pipe2(os.O_CLOEXEC)
fcntl.fcntl(w, fcntl.F_SETFL, os.O_NONBLOCK)
try:
    while True:
        os.write(w, b"x" * 4096)
except BlockingIOError:
    pass
if how != "fd-nonblocking":
    fcntl.fcntl(w, fcntl.F_SETFL, 0)
args = [sys.argv[1], "run", "--backend", sys.argv[2], "--root", sys.argv[3], "--db", sys.argv[4]]
if how == "json-stdout":
    args += ["--verdict-json", "/dev/stdout", "--", "true"]
    out, fds = w, ()
else:
    os.dup2(w, 9)
    args += ["--verdict-fd", "9", "--", "true"]
    out, fds = subprocess.DEVNULL, (9,)
p = subprocess.Popen(args, pass_fds=fds, stdin=subprocess.DEVNULL, stdout=out, stderr=open(sys.argv[5], "w"))
if fds:
    os.close(9)
os.close(w)
time.sleep(1)
p.send_signal(signal.SIGTERM)
try:
    rc = p.wait(5)
except subprocess.TimeoutExpired:
    p.kill()
    p.wait()
    rc = "still waiting 5 s after SIGTERM"
open(sys.argv[5], "a").write("rc=%s" % rc)
sys.exit(0 if rc == 1 else 1)
' "$SBX_BIN" "${BACKENDS[0]}" "$T/cwd" "$T/nb.db" "$T/term.err" "$how"
        rc=$?
        t_check "$how: a record nobody takes, SIGTERM: sbx ends, exit 1, saying why ($(tail -c 300 "$T/term.err"))" \
                eval '[ $rc = 0 ] && grep -q "a signal ended the wait" "$T/term.err"'
done

# A record (or stderr) whose reader has gone before sbx writes it (`| head -c0`, a closed pipe):
# its write fails with EPIPE, sbx says so and exits as documented (the command's status, 1 after
# one that succeeded, 125 after a refusal), its row complete. After a refusal (a configuration
# that cannot be read, refused before the run's handlers are in place) sbx died of SIGPIPE, 141,
# and with stderr's reader gone it died on its refusal's message, before writing the record.
epipe() { # epipe HOW DB OUT ARGS...: sbx ARGS with HOW's descriptor a pipe whose reader has gone
        python3 -c '
import os, subprocess, sys
how, db, out, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
r, w = os.pipe()
os.close(r)
os.dup2(w, 9)
os.close(w)
kw = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(out, "w"), pass_fds=(9,))
if how == "stdout":
    kw["stdout"] = 9
elif how == "stderr":
    kw["stderr"] = 9
p = subprocess.run(args, env=dict(os.environ, SBX_DB=db), **kw)
sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)
' "$@"
}
last_row() { # last_row DB: the newest row's state and verdict
        "$SBX_BIN" audit list --db "$1" --limit 1 --json | python3 -c 'import json,sys
r = json.load(sys.stdin)[0]
print(r["state"], r["verdict"])'
}
mkdir -p "$T/epipe"
for how in "stdout --verdict-json /dev/stdout" "fd --verdict-fd 9"; do
        set -- $how
        SBX_CONFIG=$T/epipe/no-such.toml epipe "$1" "$T/epipe/a.db" "$T/epipe/err" \
                "$SBX_BIN" run "$2" "$3" -- true
        rc=$?
        row=$(last_row "$T/epipe/a.db")
        t_check "refused, $2 $3 onto a pipe whose reader has gone: exit 125, not 141 (rc=$rc, row: $row; $(head -c 300 "$T/epipe/err"))" \
                eval '[ $rc = 125 ] && [ "$row" = "unavailable unavailable" ] && grep -q "cannot write verdict record.*Broken pipe" "$T/epipe/err"'
        for b in "${BACKENDS[@]}"; do
                epipe "$1" "$T/epipe/a.db" "$T/epipe/err" \
                        "$SBX_BIN" run --backend "$b" --root "$T/cwd" "$2" "$3" -- true
                rc=$?
                row=$(last_row "$T/epipe/a.db")
                t_check "$b: a run that succeeded, $2 $3 onto a pipe whose reader has gone: exit 1 (rc=$rc, row: $row)" \
                        eval '[ $rc = 1 ] && [ "$row" = "completed success" ] && grep -q "cannot write verdict record.*Broken pipe" "$T/epipe/err"'
                epipe "$1" "$T/epipe/a.db" "$T/epipe/err" \
                        "$SBX_BIN" run --backend "$b" --root "$T/cwd" "$2" "$3" -- sh -c 'exit 3'
                rc=$?
                row=$(last_row "$T/epipe/a.db")
                t_check "$b: ... one that failed: its own status (rc=$rc, row: $row)" \
                        eval '[ $rc = 3 ] && [ "$row" = "completed task_failure" ]'
        done
done
rm -f "$T/epipe/v.json"
SBX_CONFIG=$T/epipe/no-such.toml epipe stderr "$T/epipe/a.db" "$T/epipe/err" \
        "$SBX_BIN" run --verdict-json "$T/epipe/v.json" -- true
rc=$?
t_check "refused, stderr's reader gone: the record is written all the same, exit 125 (rc=$rc)" \
        eval '[ $rc = 125 ] && [ "$(t_json_field "$T/epipe/v.json" verdict)" = unavailable ]'

t_finish
