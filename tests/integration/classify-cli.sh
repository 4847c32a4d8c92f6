#!/bin/bash
# sbx classify: every verdict through the CLI, stdin and --stderr, --json, --dialect, operator
# dialect overrides, binary input, and bad input (one line on stderr, exit 2).
set -u
. "$(dirname "$0")/lib-common.sh"
t_require_sbx
trap t_cleanup EXIT

T=$(t_mktemp_dir)
# an empty configuration file: the defaults; its directory holds the dialect overrides
: >"$T/config"
export SBX_CONFIG=$T/config
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

# chk DESCRIPTION CONDITION: ok when the shell condition (evaluated) holds
chk() {
        if eval "$2"; then t_ok "$1"; else t_not_ok "$1"; fi
}

# classify EXPECTED ARGS... (stderr text from $IN)
expect_verdict() {
        local want=$1 got rc
        shift
        got=$(printf '%b' "$IN" | "$SBX_BIN" classify "$@" 2>"$T/err")
        rc=$?
        chk "classify $* on '$IN' -> $want (got '$got', status $rc)" '[ "$rc" = 0 ] && [ "$got" = "$want" ]'
}

IN='touch: cannot touch /etc/x: Read-only file system\n'
expect_verdict denied --backend bwrap --exit 1
expect_verdict success --backend bwrap --exit 0
expect_verdict denied --backend bwrap --signal 9
# --exit N --signal 0: DESIGN.md gives both (--exit N [--signal N]), and 0 is what the verdict
# record, --json and a fixture's meta say of a command that exited; it was a usage error, so a
# record's exit_code and signal could not be given back as they are
expect_verdict denied --backend bwrap --exit 1 --signal 0
expect_verdict success --backend bwrap --exit 0 --signal 0
IN='bwrap: Can'\''t mkdir /x: Read-only file system\n'
expect_verdict runner_failure --backend bwrap --exit 1
expect_verdict runner_failure --backend bwrap --signal 0 --exit 1
expect_verdict denied --backend bwrap --exit 2
IN='bwrap: Only the last --uid option will take effect\r\n'
expect_verdict task_failure --backend bwrap --exit 1
IN='cat: /etc/shadow: Permission denied\n'
expect_verdict task_failure --backend bwrap --exit 1
expect_verdict denied --backend landlock --exit 1
IN='sbx-landlock: cannot execute '\''x'\'': Permission denied\n'
expect_verdict runner_failure --backend landlock --exit 125
expect_verdict denied --backend landlock --exit 1
IN='sandbox-exec: sandbox_apply: Operation not permitted\n'
expect_verdict runner_failure --backend seatbelt --exit 71
IN='Access is denied.\r\n'
expect_verdict denied --backend windows-acl --exit 1
expect_verdict task_failure --backend none --exit 1
IN=''
expect_verdict task_failure --backend bwrap --exit 125

# --stderr FILE, with NUL bytes and invalid UTF-8 around the signature
printf 'junk\0\xff\n\xfe\0x: READ-ONLY file system \xc3\n' >"$T/bin.err"
out=$("$SBX_BIN" classify --backend bwrap --exit 1 --stderr "$T/bin.err" --json)
t_check "--stderr FILE with binary bytes: exit 0" [ $? = 0 ]
echo "$out" >"$T/bin.json"
t_check "--json verdict denied" [ "$(t_json_field "$T/bin.json" verdict)" = denied ]
t_check "--json line_no 2" [ "$(t_json_field "$T/bin.json" line_no)" = 2 ]
t_check "--json backend" [ "$(t_json_field "$T/bin.json" backend)" = bwrap ]
chk "--json exit_code 1, signal 0" '[ "$(t_json_field "$T/bin.json" exit_code)" = 1 ] &&
        [ "$(t_json_field "$T/bin.json" signal)" = 0 ]'
t_check "--json stderr_bytes counts every byte" [ "$(t_json_field "$T/bin.json" stderr_bytes)" = "$(stat -c %s "$T/bin.err")" ]
t_check "--json is valid JSON with a denials array" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["rule"] == "denial" and o["signature"] == "Read-only file system", o
assert o["matched_line"].startswith("\ufffd\ufffd") or "\ufffd" in o["matched_line"], o
assert isinstance(o["denials"], list) and o["denials"][0]["line_no"] == 2, o
assert o["denial_lines"] == 1 and o["stderr_lines"] == 2, o
' "$T/bin.json"

printf 'python3: PermissionError: [Errno 13] Permission denied: '\''/etc/p'\''\n' |
        "$SBX_BIN" classify --backend landlock --signal 15 --json >"$T/sig.json"
t_check "--signal: exit_code null, signal 15, denied" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["exit_code"] is None and o["signal"] == 15 and o["verdict"] == "denied", o
assert o["denials"][0]["path"] == "/etc/p", o
' "$T/sig.json"

# --dialect FILE
cat >"$T/my.dialect" <<'EOF'
# a test dialect
denial "Keine Berechtigung"
rule myrunner
exit 3
fatal "myrunner: "
info myrunner: starting
EOF
IN='rm: x: keine berechtigung\n'
expect_verdict denied --backend mine --dialect "$T/my.dialect" --exit 1
IN='myrunner: starting\n'
expect_verdict task_failure --backend mine --dialect "$T/my.dialect" --exit 3
IN='myrunner: cannot start\n'
expect_verdict runner_failure --backend mine --dialect "$T/my.dialect" --exit 3

# an operator override in the configuration directory replaces the built-in
mkdir -p "$T/dialects"
printf 'denial Permission denied\n' >"$T/dialects/bwrap.dialect"
IN='cat: /etc/shadow: Permission denied\n'
expect_verdict denied --backend bwrap --exit 1
IN='touch: x: Read-only file system\n'
expect_verdict task_failure --backend bwrap --exit 1
printf 'denial x\nrule r\n' >"$T/dialects/bwrap.dialect"
printf 'x\n' | "$SBX_BIN" classify --backend bwrap --exit 1 >"$T/out" 2>"$T/err"
rc=$?
chk "a malformed override is an error naming file and line, not a fallback (status $rc)" \
        '[ $rc = 2 ] && grep -q "bwrap.dialect:2: rule .r. has no .fatal. signature" "$T/err" && [ ! -s "$T/out" ]'
rm -f "$T/dialects/bwrap.dialect"

# bad input: exit 2, exactly one line on stderr starting with "sbx: ", nothing on stdout
bad() {
        local what=$1 rc lines
        shift
        printf 'x\n' | "$SBX_BIN" classify "$@" >"$T/out" 2>"$T/err"
        rc=$?
        lines=$(wc -l <"$T/err")
        chk "$what: exit 2, one line ($(head -c 200 "$T/err"))" \
                '[ $rc = 2 ] && [ "$lines" = 1 ] && grep -q "^sbx: " "$T/err" && [ ! -s "$T/out" ]'
}
bad "unknown backend" --backend docker --exit 1
bad "missing stderr file" --backend bwrap --exit 1 --stderr "$T/nope"
# a directory is no stderr file either: it was "cannot read stderr: Is a directory", status 1
bad "stderr path is a directory" --backend bwrap --exit 1 --stderr "$T"
bad "non-numeric exit code" --backend bwrap --exit one
bad "exit code out of range" --backend bwrap --exit 256
bad "negative exit code" --backend bwrap --exit -1
bad "signal 0 (it exited) without its exit code" --backend bwrap --signal 0
bad "signal out of range" --backend bwrap --exit 1 --signal 65
# exited and killed at once: the exit code was dropped without a word (task_failure, status 0)
bad "exit 0 with signal 9" --backend bwrap --exit 0 --signal 9
chk "... the line says a killed command has no exit code ($(head -c 200 "$T/err"))" \
        "grep -q 'sbx: classify: --exit 0 with --signal 9: a command killed by a signal has no exit code' \"\$T/err\""
bad "signal 15 with exit 1" --backend bwrap --signal 15 --exit 1
# an empty file name is named as such ("cannot open stderr file : No such file or directory")
for o in --stderr --dialect; do
        bad "empty $o" --backend bwrap --exit 1 "$o" ''
        chk "... the line says $o is empty ($(head -c 200 "$T/err"))" "grep -qx 'sbx: classify: $o needs a file, got an empty string' \"\$T/err\""
done
# a number is digits and nothing else: "-0" was read as 0 (exit 0 and a verdict)
for v in -0 " 5" "5 " +5 0x10 1e3 2147483648 4294967296 18446744073709551616 ""; do
        bad "exit code '$v'" --backend bwrap --exit "$v"
        bad "signal '$v'" --backend bwrap --exit 1 --signal "$v"
done
# --cwd: a relative path of a denial line is recorded joined to it, as text
printf "touch: cannot touch 'sub/../x': Read-only file system\n" |
        "$SBX_BIN" classify --backend bwrap --exit 1 --cwd /ws/d --json >"$T/cwd.json"
t_check "--cwd joins a relative denial path to it" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["denials"][0]["path"] == "/ws/d/x", o
' "$T/cwd.json"
bad "relative --cwd" --backend bwrap --exit 1 --cwd ws
t_check "a relative --cwd is named" grep -q "^sbx: classify: --cwd wants an absolute directory, not 'ws'" "$T/err"

# --mode and --root: under landlock in workspace-write, EACCES beneath the root is the host's own
# permissions; outside it, or for bwrap, or in read-only, a denial as ever
printf "sh: 1: cannot create ro: Permission denied\n" >"$T/ro.err"
v=$("$SBX_BIN" classify --backend landlock --exit 2 --cwd /ws --mode workspace-write --root /ws --stderr "$T/ro.err")
t_check "landlock workspace-write, a 0444 file beneath the root: task_failure ($v)" test "$v" = task_failure
v=$("$SBX_BIN" classify --backend landlock --exit 2 --cwd /ws --mode read-only --root /ws --stderr "$T/ro.err")
t_check "landlock read-only, the same line: denied ($v)" test "$v" = denied
v=$("$SBX_BIN" classify --backend landlock --exit 2 --cwd /elsewhere --mode workspace-write --root /ws --stderr "$T/ro.err")
t_check "landlock workspace-write, the same line from a cwd outside the root: denied ($v)" test "$v" = denied
bad "--mode without --root" --backend landlock --exit 1 --mode workspace-write

# more denial lines than are kept: the count of those not kept is stated
for i in $(seq 70); do echo "touch: cannot touch '/etc/m$i': Read-only file system"; done >"$T/many.err"
"$SBX_BIN" classify --backend bwrap --exit 1 --stderr "$T/many.err" --json >"$T/many.json"
t_check "70 denial lines: 64 kept, denials_not_kept 6" "$PY" -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["denial_lines"] == 70 and len(o["denials"]) == 64 and o["denials_not_kept"] == 6, o
' "$T/many.json"

bad "missing --exit" --backend bwrap
bad "missing --backend" --exit 1
bad "unknown option" --backend bwrap --exit 1 --bogus
bad "stray argument" --backend bwrap --exit 1 extra
bad "missing dialect file" --backend x --exit 1 --dialect "$T/none.dialect"
printf 'denial ok\nbogus line\n' >"$T/bad.dialect"
bad "malformed dialect file" --backend x --exit 1 --dialect "$T/bad.dialect"
t_check "the malformed dialect message names file and line" grep -q "bad.dialect:2: unknown keyword 'bogus'" "$T/err"
bad "dialect path is a directory" --backend x --exit 1 --dialect "$T"
# an option given twice is ambiguous, as for sbx run: the last one silently won (--exit 0 after
# --exit 1 said success, --backend landlock after bwrap read another dialect)
printf 'denial x\n' >"$T/ok.dialect"
base=(--backend bwrap --exit 1 --signal 0 --stderr /dev/null --dialect "$T/ok.dialect" --cwd /a --mode workspace-write --root /w)
"$SBX_BIN" classify "${base[@]}" >"$T/out" 2>"$T/err"
t_check "(each option once: classified)" test $? = 0 -a "$(cat "$T/out")" = task_failure
for o in "--backend landlock" "--exit 0" "--signal 9" "--stderr /dev/null" "--dialect $T/ok.dialect" "--cwd /b" \
        "--mode read-only" "--root /r"; do
        # shellcheck disable=SC2086
        bad "$o after its first value" "${base[@]}" $o
        t_check "... named as given twice ($(cat "$T/err"))" grep -q "^sbx: classify: ${o%% *} given twice" "$T/err"
done

"$SBX_BIN" classify --help >"$T/out" 2>"$T/err"
rc=$?
chk "--help: exit 0, usage on stdout" '[ $rc = 0 ] && grep -q "usage: sbx classify" "$T/out" && [ ! -s "$T/err" ]'

t_finish
