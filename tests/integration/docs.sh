#!/usr/bin/env bash
# The user documentation cannot drift silently from the tool:
# - the built man page renders with man -l (and groff reports no warning), names every verb,
#   every option that any `sbx ... --help` prints, every key of the JSON records sbx writes,
#   and the version `sbx --version` reports;
# - the bash completion passes bash -n, completes verbs, subverbs, option values and files, and
#   offers every option that `--help` prints;
# - each verb's options are one set in the man page, its --help, the completion and the binary
#   (which takes each and refuses the others), and the README spells none that sbx lacks.
# Env (from meson): SBX, SBX_SOURCE_ROOT, SBX_BUILD_ROOT.
set -uo pipefail

: "${SBX:?}" "${SBX_SOURCE_ROOT:?}" "${SBX_BUILD_ROOT:?}"
# the directories made here get the modes sbx counts on: under a CI machine's umask 000 the audit
# writer's refused its database there ("writable by group or others")
umask 022
MAN_PAGE=$SBX_BUILD_ROOT/tools/sbx.1
COMPLETION=$SBX_SOURCE_ROOT/tools/sbx.bash-completion

failures=0
ok() { printf 'ok   %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*"; failures=$((failures + 1)); }
check() { # description command...
        local what=$1
        shift
        if "$@"; then ok "$what"; else fail "$what"; fi
}

if ! command -v man >/dev/null; then
        echo "SKIP: man (man-db) is not installed"
        exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SBX_DB=$tmp/audit.db XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache XDG_CONFIG_HOME=$tmp/config
export HOME=$tmp/home
mkdir -p "$HOME"
unset SBX_SESSION SBX_CONFIG

# ---- the man page renders ----------------------------------------------------------------------
check "the man page was built at $MAN_PAGE" test -s "$MAN_PAGE"
check "no @VARIABLE@ was left unsubstituted" bash -c '! grep -n "@[A-Z_]*@" "$1"' _ "$MAN_PAGE"

rendered=$tmp/sbx.txt
if MANWIDTH=80 MAN_KEEP_FORMATTING= man -l "$MAN_PAGE" >"$rendered.raw" 2>"$tmp/man.err"; then
        ok "man -l renders the page (exit 0)"
else
        fail "man -l exits $? ($(head -c 300 "$tmp/man.err"))"
fi
# drop any overstrike (x BS x) sequences a formatter may leave
sed 's/.\x08//g' "$rendered.raw" >"$rendered"
check "the rendered page has content ($(wc -l <"$rendered") lines)" test "$(wc -l <"$rendered")" -gt 200
if [ -s "$tmp/man.err" ]; then
        fail "man -l printed on stderr: $(head -c 300 "$tmp/man.err")"
else
        ok "man -l printed nothing on stderr"
fi
if command -v groff >/dev/null; then
        groff -man -Tutf8 -ww -z "$MAN_PAGE" 2>"$tmp/groff.err"
        rc=$?
        if [ "$rc" -eq 0 ] && [ ! -s "$tmp/groff.err" ]; then
                ok "groff -man -ww reports no warning"
        else
                fail "groff -man -ww: exit $rc: $(head -c 500 "$tmp/groff.err")"
        fi
else
        echo "note: groff is not installed, the warning check is left out"
fi

# The checks below are many (a unit's every option, each fixture): they read the page and the
# outputs they check in the shell, a process each (grep, sed, tr, a bash -c) took most of the
# test's time. page: the rendered page, read once.
page=$(<"$rendered")
# A token is found when it is not part of a longer option or word (the quoted token is matched as
# it is spelt; a line's start and end are a newline's sides in the page).
in_page() {
        [[ $page =~ (^|[^[:alnum:]_-])"$1"([^[:alnum:]_-]|$) ]]
}
# slurp FILE: text=FILE's content (an output or an error message to check), text_head=its first
# 150 characters but a final newline (to quote it in a check's description).
slurp() {
        text=
        IFS= read -rd '' text <"$1" || true
        text_head=${text:0:150}
        while [[ $text_head == *$'\n' ]]; do text_head=${text_head%$'\n'}; done
}
# refused_naming RC WORD: the status is 2 and the last slurped text one line that names WORD.
refused_naming() {
        local newlines=${text//[!$'\n']/}
        [ "$1" -eq 2 ] && [ "${#newlines}" -eq 1 ] && [[ $text == *"$2"* ]]
}
# has TEXT WORD: TEXT holds WORD.
has() { [[ $1 == *"$2"* ]]; }

version=$("$SBX" --version)
check "the page names the version '$version' that sbx --version prints" grep -qF -- "$version" "$rendered"

for section in NAME SYNOPSIS DESCRIPTION COMMANDS VERDICTS 'VERDICT RECORD' 'EXIT STATUS' ENVIRONMENT FILES \
        EXAMPLES 'SEE ALSO'; do
        check "section $section" grep -qE "^$section\$" "$rendered"
done
for verb in 'sbx run' 'sbx classify' 'sbx probe' 'sbx policy resolve' 'sbx session start' 'sbx session mode' \
        'sbx session show' 'sbx audit list' 'sbx audit show' 'sbx audit denials' 'sbx audit stats' \
        'sbx audit export' 'sbx audit prune' 'sbx fixtures check' 'sbx fixtures record'; do
        check "the page documents '$verb'" grep -qF -- "$verb" "$rendered"
done
for word in SBX_DB SBX_SESSION SBX_CONFIG XDG_STATE_HOME XDG_CONFIG_HOME XDG_CACHE_HOME TMPDIR \
        125 128+N 'bwrap(1)' read-only workspace-write danger-full-access success task_failure denied \
        runner_failure unavailable SANDBOX_UNAVAILABLE audit.db dialects; do
        check "the page mentions $word" in_page "$word"
done

# ---- every option of every --help is documented ------------------------------------------------
# "VERB [SUB]" lines; each one's --help must exit 0, print on stdout only.
help_cmds=(
        - run classify probe policy 'policy resolve'
        session 'session start' 'session mode' 'session show'
        audit 'audit list' 'audit show' 'audit denials' 'audit stats' 'audit export' 'audit prune'
        fixtures 'fixtures check' 'fixtures record'
)
declare -A help_opts=() # "VERB [SUB]" -> options its --help names
for cmd in "${help_cmds[@]}"; do
        words=$cmd
        [ "$cmd" = - ] && words=
        # shellcheck disable=SC2086
        "$SBX" $words --help >"$tmp/help.out" 2>"$tmp/help.err"
        rc=$?
        label="sbx${words:+ $words} --help"
        if [ "$rc" -ne 0 ] || [ ! -s "$tmp/help.out" ] || [ -s "$tmp/help.err" ]; then
                fail "$label: exit $rc, stdout $(wc -c <"$tmp/help.out") bytes, stderr: $(head -c 200 "$tmp/help.err")"
                continue
        fi
        ok "$label exits 0 and prints on stdout"
        # options of other verbs quoted in the text (`sbx run --session ID`) are not this verb's
        opts=$(sed 's/`[^`]*`//g' "$tmp/help.out" | grep -oE -- '(^|[^[:alnum:]_-])--?[a-zA-Z][a-zA-Z0-9-]*' |
                sed -E 's/^[^-]*//' | sort -u | tr '\n' ' ')
        help_opts[$cmd]=$opts
        for o in $opts; do
                check "$label: option $o is in the man page" in_page "$o"
        done
done

# ---- the SYNOPSIS entry of a verb that lists its options lists all its usage names ------------
# (sbx classify's lacked --cwd, --mode and --root)
sed -n '/^SYNOPSIS$/,/^DESCRIPTION$/p' "$rendered" | sed '1d;$d;s/^ *//' |
        awk '/^sbx / { if (e != "") print e; e = $0; next } { e = e " " $0 } END { print e }' >"$tmp/synopsis.man"
for cmd in classify probe 'policy resolve' 'session start' 'session mode' 'session show' 'fixtures check' audit-writer; do
        entry=$(grep -E "^sbx $cmd( |$)" "$tmp/synopsis.man")
        check "SYNOPSIS has an entry for sbx $cmd" test -n "$entry"
        case $entry in *'[OPTIONS]'*) continue ;; esac
        # shellcheck disable=SC2086
        for o in $("$SBX" $cmd --help | sed '/^$/q' |
                awk -v v="sbx $cmd" '/(^|[ :])sbx / { on = index($0, v " ") > 0 || substr($0, length($0) - length(v) + 1) == v } on' |
                grep -oE -- '(^|[^[:alnum:]_-])--?[a-zA-Z][a-zA-Z0-9-]*' |
                sed -E 's/^[^-]*//' | sort -u); do
                case $o in -h | --help) continue ;; esac
                check "SYNOPSIS: sbx $cmd names $o" grep -qE -- "(^|[^[:alnum:]_-])$o([^[:alnum:]_-]|$)" <<<"$entry"
        done
done

# ---- every key of the JSON records is documented -----------------------------------------------
json_keys() { grep -oE '"[a-z_]+":' "$1" | tr -d '":' | sort -u; }
mkdir -p "$tmp/ws"
"$SBX" run --mode danger-full-access --root "$tmp/ws" --verdict-json "$tmp/v-run.json" -- true
check "an unconfined run exits 0 and writes its verdict record" test -s "$tmp/v-run.json"
# a backend that cannot start: SANDBOX_UNAVAILABLE, exit 125, a record with candidates
printf 'bwrap = %s/no-such-bwrap\nbackends = bwrap\n' "$tmp" >"$tmp/config.conf"
SBX_CONFIG=$tmp/config.conf "$SBX" run --mode read-only --root "$tmp/ws" --verdict-json "$tmp/v-refused.json" \
        -- true 2>"$tmp/refused.err"
rc=$?
check "a refused run exits 125 (got $rc)" test "$rc" -eq 125
check "a refused run writes its verdict record" test -s "$tmp/v-refused.json"
printf 'touch: cannot touch %s: Read-only file system\n' "'/usr/x'" >"$tmp/stderr.txt"
"$SBX" classify --backend bwrap --exit 1 --stderr "$tmp/stderr.txt" --json >"$tmp/classify.json"
check "sbx classify --json prints a record" test -s "$tmp/classify.json"
"$SBX" policy resolve --root "$tmp/ws" --json >"$tmp/policy.json"
check "sbx policy resolve --json prints a record" test -s "$tmp/policy.json"
for f in v-run v-refused classify policy; do
        [ -s "$tmp/$f.json" ] || continue
        for k in $(json_keys "$tmp/$f.json"); do
                check "$f: JSON key $k is in the man page" in_page "$k"
        done
done

# The fixed line of a rejected escalation is quoted in the page (needs a working backend).
if "$SBX" probe >/dev/null 2>&1; then
        printf '#!/bin/sh\ncat >"%s"\necho deny\n' "$tmp/request.json" >"$tmp/approver"
        chmod +x "$tmp/approver"
        (cd "$tmp/ws" && "$SBX" run --mode read-only --on-denial=ask --approver "$tmp/approver" \
                --verdict-json "$tmp/v-denied.json" -c 'touch denied-here' 2>"$tmp/escalation.err")
        if grep -q '"verdict":"denied"' "$tmp/v-denied.json" 2>/dev/null; then
                line=$(tail -n 1 "$tmp/escalation.err")
                check "the rejection line '$line' is quoted in the page" grep -qF -- "$line" "$rendered"
                for k in $(json_keys "$tmp/v-denied.json"); do
                        check "v-denied: JSON key $k is in the man page" in_page "$k"
                done
                # the request the approver reads: every key in the page and in the README's list
                readme_request=$(tr -s ' \n' '  ' <"$SBX_SOURCE_ROOT/README.md" |
                        grep -oE 'PROG reads the request \(JSON: [^)]*\)')
                check "the approver got a request" test -s "$tmp/request.json"
                for k in $(json_keys "$tmp/request.json"); do
                        check "approver request: key $k is in the man page" in_page "$k"
                        check "approver request: key $k is in the README's list" grep -qF -- "\`$k\`" <<<"$readme_request"
                done
        else
                fail "a read-only write was not denied: $(head -c 300 "$tmp/escalation.err")"
        fi
else
        echo "note: no usable backend here, the escalation text is not checked"
fi

# The keys of every JSON the audit verbs, sbx probe and sbx session show print are in the page
# (audit show once printed matched_rule, matched_signature, matched_line_no and supervisor_pid,
# which only db/SCHEMA.md, not installed, named). The runs above are in the database.
session=$(cd "$tmp/ws" && "$SBX" session start --mode danger-full-access 2>"$tmp/session.err")
check "sbx session start prints a session id ($(head -c 200 "$tmp/session.err"))" test -n "$session"
SBX_SESSION=$session "$SBX" run -- true
last=$("$SBX" audit list --limit 1 --json | grep -oE '"id":[0-9]+' | head -n 1 | cut -d: -f2)
check "sbx audit list --json names the last run's id (${last:-none})" test -n "$last"
n=0
for cmd in "probe --json" "audit list --json" "audit show ${last:-1} --json" "audit denials --json" \
        "audit denials --top-paths --json" "audit stats --json" "audit export --jsonl" \
        "session show $session --json"; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$SBX" $cmd >"$tmp/verb-$n.json" 2>"$tmp/verb-$n.err"
        rc=$?
        # probe exits 125 when no backend is usable; its JSON says so all the same
        if [ "$rc" -ne 0 ] && ! { [ "$cmd" = "probe --json" ] && [ "$rc" -eq 125 ]; }; then
                fail "sbx $cmd exits $rc: $(head -c 200 "$tmp/verb-$n.err")"
                continue
        fi
        for k in $(json_keys "$tmp/verb-$n.json"); do
                check "sbx $cmd: JSON key $k is in the man page" in_page "$k"
        done
done

# audit show gives the verdict record's fields under the names the page says, status and
# candidates left out (the page once said the fields of the record, with no exception)
vid=$(grep -oE '"execution_id":[0-9]+' "$tmp/v-refused.json" 2>/dev/null | cut -d: -f2)
if [ -n "$vid" ] && "$SBX" audit show "$vid" --json >"$tmp/show-refused.json" 2>/dev/null; then
        missing=
        for k in $(json_keys "$tmp/v-refused.json"); do
                case $k in
                status | candidates | reason) continue ;; # not recorded (reason: a candidate's own key)
                execution_id) k=id ;;
                rule | signature | line_no) k=matched_$k ;;
                esac
                grep -q "\"$k\":" "$tmp/show-refused.json" || missing+=" $k"
        done
        check "audit show holds every field of a refused run's record but status and candidates:${missing:- yes}" \
                test -z "$missing"
        check "... and the page says which are left out" bash -c 'tr -s " \n" "  " <"$1" |
                grep -qF "the fields of the verdict record but status and candidates, which are not recorded"' _ "$rendered"
fi

# ---- the bash completion -----------------------------------------------------------------------
check "bash -n accepts the completion script" bash -n "$COMPLETION"

touch "$tmp/verdict-target.json"
# One bash, with nothing but the completion sourced, answers every query (a bash each was a tenth
# of the test's time), each in a subshell of its own, which starts from the state the sourcing left:
# a query is its count of words and the words, one a line; the answer its lines, then a line ^D.
coproc COMPLETER {
        bash --norc --noprofile -c '
                source "$1" || exit 1
                shift
                while read -r n; do
                        words=()
                        for ((i = 0; i < n; i++)); do IFS= read -r w; words+=("$w"); done
                        (
                                set -- "${words[@]}"
                                unset -v n i w words
                                COMP_WORDS=("$@")
                                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                                COMP_LINE="$*"
                                COMP_POINT=${#COMP_LINE}
                                _sbx
                                printf "%s\n" "${COMPREPLY[@]}"
                        )
                        printf "\x04\n"
                done
        ' _ "$COMPLETION"
}
# Prints the completions of the words given (the last one is the word being completed), one a line;
# fails when the completer gives no whole answer. (The completer's pipes are not open in a
# pipeline's part: the callers take its output first.)
complete_words() {
        local line
        printf '%s\n' "$#" "$@" >&"${COMPLETER[1]}" || return 1
        while IFS= read -r line <&"${COMPLETER[0]}"; do
                [ "$line" = $'\x04' ] && return 0
                printf '%s\n' "$line"
        done
        return 1
}
expect_completion() { # expected-lines words...
        local want=$1 got
        shift
        got=$(complete_words "$@")
        got=$(sort <<<"$got" | tr '\n' ' ')
        if [ "$got" = "$want" ]; then
                ok "complete '$*' -> $want"
        else
                fail "complete '$*': expected '$want', got '$got'"
        fi
}
expect_completion_has() { # expected-word words...
        local want=$1
        shift
        local got
        got=$(complete_words "$@")
        if grep -qxF -- "$want" <<<"$got"; then
                ok "complete '$*' offers $want"
        else
                fail "complete '$*' does not offer $want (got: $(printf '%s' "$got" | head -20 | tr '\n' ' '))"
        fi
}
expect_completion 'run ' sbx ru
expect_completion 'audit audit-writer ' sbx au
expect_completion 'audit-writer ' sbx audit-
expect_completion 'audit audit-writer classify fixtures policy probe run session ' sbx ''
expect_completion '--idle ' sbx audit-writer --id
expect_completion 'danger-full-access read-only workspace-write ' sbx run --mode ''
expect_completion 'workspace-write ' sbx run --mode=w
expect_completion 'read-only workspace-write ' sbx fixtures record --mode ''
expect_completion 'ask deny ' sbx run --on-denial =
expect_completion 'ask ' sbx run --on-denial = a
expect_completion 'danger-full-access read-only workspace-write ' sbx session mode 0123 ''
expect_completion 'resolve ' sbx policy r
expect_completion '--help denials export list prune show stats ' sbx audit ''
expect_completion '--help check record ' sbx fixtures ''
expect_completion '--help mode show start ' sbx session ''
expect_completion 'denied ' sbx audit list --verdict de
expect_completion 'interrupted ' sbx audit denials --state int
expect_completion '--top-paths ' sbx audit denials --top
expect_completion '--quiet ' sbx run --qu
expect_completion '--version ' sbx --vers
expect_completion "$tmp/verdict-target.json " sbx run --verdict-json "$tmp/verdict-t"
expect_completion_has none sbx classify --backend ''
expect_completion_has bwrap sbx run --backend ''
expect_completion_has landlock sbx fixtures record --backend ''
expect_completion_has echo sbx run --mode read-only -- ech
expect_completion_has echo sbx run ech
expect_completion_has "$tmp/ws" sbx run --root "$tmp/w"
# fixtures check's DIR after `--` (it offered commands: an executable file too)
install -m 755 /dev/null "$tmp/w-exe"
expect_completion "$tmp/ws " sbx fixtures check -- "$tmp/w"
rm -f "$tmp/w-exe"

# Each value the completion offers is one the verb takes (checked where taking it runs nothing:
# the audit filters, classify's backend, policy resolve's mode), and the page names it.
for ov in "audit list|--state" "audit list|--verdict" "audit list|--backend" "audit list|--mode" \
        "classify|--backend" "policy resolve|--mode"; do
        unit=${ov%|*} o=${ov#*|}
        # shellcheck disable=SC2086
        for v in $(complete_words sbx $unit "$o" ''); do
                case $unit in
                classify) args=(--exit 1 --stderr /dev/null) ;;
                'policy resolve') args=(--root "$tmp/ws") ;;
                *) args=() ;;
                esac
                # shellcheck disable=SC2086
                "$SBX" $unit "${args[@]}" "$o" "$v" >/dev/null 2>"$tmp/value.err"
                rc=$?
                check "sbx $unit takes $o $v, which the completion offers (exit $rc: $(head -c 150 "$tmp/value.err"))" \
                        test "$rc" -eq 0
                check "... and the page names $v" in_page "$v"
        done
        # shellcheck disable=SC2086
        "$SBX" $unit "${args[@]}" "$o" sbx-no-such-value >/dev/null 2>"$tmp/value.err"
        rc=$?
        check "sbx $unit refuses $o sbx-no-such-value, exit 2 (got $rc: $(head -c 150 "$tmp/value.err"))" test "$rc" -eq 2
done

# Every option that a --help names is offered by the completion of that verb (for a verb with
# subverbs, by one of its subverbs: `sbx audit --help` lists the options of all of them).
declare -A subverbs=([policy]='resolve' [session]='start mode show' [audit]='list show denials stats export prune'
        [fixtures]='check record')
for cmd in "${!help_opts[@]}"; do
        [ "$cmd" != - ] || continue
        verb=${cmd%% *}
        if [ -n "${subverbs[$verb]:-}" ]; then
                offered=
                for sub in ${subverbs[$verb]}; do offered+=$(complete_words sbx "$verb" "$sub" -)$'\n'; done
                offered=$(sort -u <<<"${offered%$'\n'}")
        else
                offered=$(complete_words sbx "$verb" -)
                offered=$(sort -u <<<"$offered")
        fi
        for o in ${help_opts[$cmd]}; do
                [ "$o" = -h ] && continue # the short alias of --help
                if grep -qxE -- "$o=?" <<<"$offered"; then
                        ok "sbx $cmd: the completion offers $o"
                else
                        fail "sbx $cmd: the completion does not offer $o (offered: $(tr '\n' ' ' <<<"$offered"))"
                fi
        done
done

# ---- every unit's options: one set in the man page, its --help, the completion and the binary ----
# (fixtures check's --help named -v only, the man page and the completion --verbose too; the
# page's denials line left out its output forms). A unit is "VERB" or "VERB SUB"; -h and --help,
# which every unit takes (checked above), are left out.
# The options (-x, --xyz) its input spells, but -h and --help, sorted as sort sorts, each once and
# followed by a space.
opt_words() {
        local line rest w i
        local -a sorted=()
        local -A seen=()
        while IFS= read -r line || [ -n "$line" ]; do
                rest=$line
                while [[ $rest =~ (^|[^[:alnum:]_-])(--?[a-zA-Z][a-zA-Z0-9-]*) ]]; do
                        w=${BASH_REMATCH[2]}
                        rest=${rest#*"${BASH_REMATCH[0]}"}
                        [ "$w" = -h ] || [ "$w" = --help ] || seen[$w]=1
                done
        done
        for w in "${!seen[@]}"; do # (the locale's order, as sort's: [[ < ]] compares as strcoll())
                i=${#sorted[@]}
                while ((i > 0)) && [[ $w < ${sorted[i - 1]} ]]; do
                        sorted[i]=${sorted[i - 1]}
                        i=$((i - 1))
                done
                sorted[i]=$w
        done
        if ((${#sorted[@]})); then printf '%s ' "${sorted[@]}"; fi
}
in_list() { # word list (of words between spaces or newlines)
        local w words
        IFS=$' \n' read -rd '' -a words <<<"$2"
        for w in "${words[@]}"; do [ "$w" = "$1" ] && return 0; done
        return 1
}
units=(run classify probe 'policy resolve' 'session start' 'session mode' 'session show' 'audit list' 'audit show'
        'audit denials' 'audit stats' 'audit export' 'audit prune' 'fixtures check' 'fixtures record' audit-writer)
# The page's COMMANDS, one line per .TP tag ("HEADING<TAB>TAG"), troff escapes removed; a tag
# that follows ".I FILTERS" (up to the next .PP) is marked "HEADING<TAB>@FILTER TAG".
awk '/^\.SH / { c = ($2 == "COMMANDS"); next } !c { next }
        /^\.SS / { h = $0; sub(/^\.SS "?/, "", h); sub(/"$/, "", h); next }
        /^\.PP/ { pp = 1; f = 0; next } pp && /^\.I FILTERS$/ { f = 1 } { pp = 0 }
        /^\.TP/ { t = 1; next } t { print h "\t" (f ? "@FILTER " : "") $0; t = 0 }' "$SBX_SOURCE_ROOT/tools/sbx.1.in" |
        sed -e 's/\\-/-/g' -e 's/\\f[A-Z]//g' -e 's/\\&//g' >"$tmp/man.tags"
# The options the page gives a unit. In a verb with subverbs, each subverb's tag line names its
# options (FILTERS: the filter tags); an option tag that shares an option with a subverb's line
# is that subverb's (an alias: -v, --verbose), and one that shares none is every subverb's (--db).
man_unit_opts() { # unit
        local verb=${1%% *} sub='' own='' all='' tag t_opts o
        [ "$verb" != "$1" ] && sub=${1#* }
        local -a tags=()
        mapfile -t tags < <(awk -F '\t' -v v="sbx $verb" 'index($1, v " ") == 1 || $1 == v { print $2 }' "$tmp/man.tags")
        if [ -z "$sub" ]; then
                printf '%s\n' "${tags[@]}" | sed 's/^@FILTER //' | opt_words
                return
        fi
        local filters
        filters=$(printf '%s\n' "${tags[@]}" | sed -n 's/^@FILTER //p' | opt_words)
        for tag in "${tags[@]}"; do
                case $tag in
                *"sbx $verb $sub "* | *"sbx $verb $sub") own+=" $(opt_words <<<"$tag")"
                        case $tag in *FILTERS*) own+=" $filters" ;; esac ;;
                esac
                case $tag in *"sbx $verb "*) all+=" $(opt_words <<<"$tag")" ;; esac
        done
        local out=$own
        for tag in "${tags[@]}"; do
                case $tag in *"sbx $verb "* | @FILTER*) continue ;; esac
                t_opts=$(opt_words <<<"$tag")
                for o in $t_opts; do
                        if in_list "$o" "$own"; then out+=" $t_opts"; continue 2; fi
                done
                for o in $t_opts; do
                        in_list "$o" "$all $filters" && continue 2
                done
                out+=" $t_opts"
        done
        tr ' ' '\n' <<<"$out" | opt_words
}
# The options a unit's --help gives it: all that it prints; where a subverb's --help is its verb's
# (session, audit), those of its usage line and the lines that continue it, FILTERS those of the
# FILTERS: block.
help_unit_opts() { # unit
        local verb=${1%% *} sub=
        [ "$verb" != "$1" ] && sub=${1#* }
        # shellcheck disable=SC2086
        "$SBX" $1 --help >"$tmp/unit-help.out" 2>/dev/null
        "$SBX" "$verb" --help >"$tmp/verb-help.out" 2>/dev/null
        if [ -z "$sub" ] || ! cmp -s "$tmp/unit-help.out" "$tmp/verb-help.out"; then # the unit's own text
                sed 's/`[^`]*`//g' "$tmp/unit-help.out" | opt_words
                return
        fi
        local line filters
        line=$(awk -v u="sbx $1" '/^$/ { exit } /(^|[ :])sbx / { on = index($0, u " ") > 0 || substr($0, length($0) - length(u) + 1) == u } on' \
                "$tmp/unit-help.out")
        filters=$(sed -n '/^FILTERS:$/,/^$/p' "$tmp/unit-help.out" | opt_words)
        case $line in *FILTERS*) line+=" $filters" ;; esac
        opt_words <<<"$line"
}
# shellcheck disable=SC2086
completion_unit_opts() {
        local out
        out=$(complete_words sbx $1 -)
        sed 's/=$//' <<<"$out" | opt_words
}
# A value each option takes, so that the option alone is what the binary is asked about.
declare -A opt_value=([--mode]=read-only [--root]=/ [--session]=s1 [--backend]=bwrap [--db]=$tmp/units.db
        [--verdict-json]=$tmp/units.json [--verdict-fd]=9 [--keep-fd]=9 [--approver]=/bin/false [-c]=true
        [--exit]=1 [--signal]=9 [--stderr]=/dev/null [--dialect]=/dev/null [--cwd]=/ [--since]=1h [--until]=1h
        [--verdict]=denied [--state]=completed [--path]=/x [--limit]=1 [--before]=1d [--case]=$tmp/units-case
        [--note]=x [--expect]=denied [--user]=0 [--timeout]=1 [--idle]=1)
declare -A unit_args=(['session mode']='s1 read-only' ['session show']=s1 ['audit show']=1)
all_opts=
declare -A unit_opts=()
for unit in "${units[@]}"; do
        m=$(man_unit_opts "$unit")
        h=$(help_unit_opts "$unit")
        c=$(completion_unit_opts "$unit")
        unit_opts[$unit]=$m
        all_opts+=" $m $h $c"
        check "sbx $unit: the man page and --help name the same options (man: $m; help: $h)" test "$m" = "$h"
        check "sbx $unit: ... and the completion offers them (${c})" test "$c" = "$h"
done
# The binary takes each of a unit's options, and refuses every other one, naming it (exit 2).
# The word after it is a sentinel that no unit takes: reaching it means the option was taken. A
# refusal that comes after the parse (stats --limit) is asked for again without the sentinel, but
# of the two units that would act on it (probe probes, audit-writer serves).
all_opts=$(tr ' ' '\n' <<<"$all_opts" | sort -u)
for unit in "${units[@]}"; do
        for o in $all_opts; do
                val=${opt_value[$o]-}
                [ "$o" = --on-denial ] && { o=--on-denial=ask; val=; }
                read -ra args <<<"${unit_args[$unit]-}"
                args+=("$o" ${val:+"$val"})
                # shellcheck disable=SC2086
                "$SBX" $unit "${args[@]}" --sbx-sentinel </dev/null >/dev/null 2>"$tmp/unit.err"
                rc=$?
                slurp "$tmp/unit.err"
                if in_list "${o%%=*}" "${unit_opts[$unit]}"; then
                        check "sbx $unit takes $o (it stopped at the sentinel, exit $rc: $text_head)" \
                                has "$text" "'--sbx-sentinel'"
                        continue
                fi
                if has "$text" sentinel && [ "$unit" != probe ] && [ "$unit" != audit-writer ]; then
                        # shellcheck disable=SC2086
                        "$SBX" $unit "${args[@]}" </dev/null >/dev/null 2>"$tmp/unit.err"
                        rc=$?
                        slurp "$tmp/unit.err"
                fi
                check "sbx $unit refuses $o, exit 2 ($rc: $text_head)" refused_naming "$rc" "${o%%=*}"
        done
done
# An option is taken spelt whole only: getopt_long() took any unambiguous prefix (--req for
# --require-full), which the page does not document and a later option would make ambiguous.
for unit in "${units[@]}"; do
        for o in ${unit_opts[$unit]}; do
                p=${o%?}
                case $o in --*) ;; *) continue ;; esac
                in_list "$p" "${unit_opts[$unit]}" && continue # --json of --jsonl
                val=${opt_value[$o]-}
                read -ra args <<<"${unit_args[$unit]-}"
                args+=("$p" ${val:+"$val"})
                # shellcheck disable=SC2086
                "$SBX" $unit "${args[@]}" --sbx-sentinel </dev/null >/dev/null 2>"$tmp/unit.err"
                rc=$?
                slurp "$tmp/unit.err"
                check "sbx $unit refuses $p, a prefix of $o (exit $rc: $text_head)" \
                        refused_naming "$rc" "unknown option '$p'"
        done
done
check "the page says a long option is spelt whole" \
        bash -c 'tr -s " \n" "  " <"$1" | grep -qF "A long option is spelt whole (no abbreviation)"' _ "$rendered"
check "... and none of them wrote anything ($(cd "$tmp" && ls -d units* 2>/dev/null | tr '\n' ' '))" \
        bash -c '! ls -d "$1"/units* >/dev/null 2>&1' _ "$tmp"
# The README: each option its synopsis gives a verb is one of that verb's; any other option it
# spells is one of sbx's or, named here, of the tools sbx drives (bubblewrap's, meson's) or whose
# argv it reads (tar's).
awk '/^## What it does/ { c = 1 } c && /^```$/ { n++; next } c && n == 1 { print } n == 2 { exit }' \
        "$SBX_SOURCE_ROOT/README.md" | sed 's/ *#.*//' |
        awk '/^sbx / { if (e != "") print e; e = $0; next } { e = e " " $0 } END { print e }' >"$tmp/readme.synopsis"
check "the README's synopsis has an entry for each verb ($(cut -d' ' -f2 "$tmp/readme.synopsis" | sort -u | tr '\n' ' '))" \
        test "$(cut -d' ' -f2 "$tmp/readme.synopsis" | sort -u | tr '\n' ' ')" = "audit classify fixtures policy probe run session "
while read -r _ verb subs rest; do
        case $subs in -* | ... | \[*) rest="$subs $rest" subs= ;; esac
        taken=
        for unit in "${units[@]}"; do
                [ "${unit%% *}" = "$verb" ] || continue
                [ -z "$subs" ] || [ "$unit" = "$verb" ] || grep -qE "(^|\|)${unit#* }(\||$)" <<<"$subs" || continue
                taken+=" ${unit_opts[$unit]}"
        done
        for o in $(opt_words <<<"$rest"); do
                check "README synopsis: sbx $verb${subs:+ $subs} takes $o" in_list "$o" "$taken"
        done
done <"$tmp/readme.synopsis"
foreign='--chdir --cross-file --dev --die-with-parent --lifeline-fd --new-session --num-processes --print-errorlogs
        --ro-bind --seal-mounts --exec-mark --min-abi --keep-old-files --skip-old-files --keep-newer-files'
for o in $(grep -oE -- '(^|[^[:alnum:]_-])--[a-zA-Z][a-zA-Z0-9-]*' "$SBX_SOURCE_ROOT/README.md" | sed -E 's/^[^-]*//' | sort -u); do
        [ "$o" = --help ] && continue
        if grep -qxF -- "$o" <<<"$all_opts"; then
                ok "README: $o is an option of sbx"
        else
                check "README: $o is no option of sbx, but one of a tool it drives" in_list "$o" "$foreign"
        fi
done

# ---- values and statuses the page states -----------------------------------------------------
# Is this text in the page, across line breaks and hyphenation-free justification?
page_says() { tr -s ' \n\t' '   ' <"$rendered" | grep -qF -- "$1"; }
# The text of a VERDICT RECORD entry: from its name's line to the next entry's.
record_entry() { # key next-key
        awk -v k="$1" -v n="$2" '/^VERDICT RECORD$/ { s = 1; next } s && /^[A-Z]/ { exit }
                s && $1 == k && NF == 1 || s && $1 == k && !p { p = 1 }
                p && $1 == n { exit } p { print }' "$rendered"
}
# "the other verbs exit ... 1 on other errors (a database that cannot be read)": policy resolve
# exited 2, as for a usage error, when the database of --session could not be read
printf 'not a database at all, ...............................................\n' >"$tmp/corrupt.db"
chmod 600 "$tmp/corrupt.db"
for cmd in "policy resolve --session s1" "session show s1" "audit list" "audit show 1"; do
        # shellcheck disable=SC2086
        "$SBX" $cmd --db "$tmp/corrupt.db" >/dev/null 2>"$tmp/corrupt.err"
        rc=$?
        check "sbx $cmd on a database that cannot be read exits 1, as the page says (got $rc)" test "$rc" -eq 1
done
# a refused run's state is one the page lists under state
mkdir -p "$tmp/fullws"
SBX_CONFIG=$tmp/danger.conf
printf 'default_mode = danger-full-access\n' >"$SBX_CONFIG"
chmod 600 "$SBX_CONFIG"
SBX_CONFIG=$SBX_CONFIG "$SBX" run --require-full --root "$tmp/fullws" --verdict-json "$tmp/v-req.json" -- true \
        2>/dev/null
rc=$?
state=$(grep -oE '"state":"[a-z]+"' "$tmp/v-req.json" 2>/dev/null | cut -d'"' -f4)
check "--require-full over a configured danger-full-access is refused, 125 (got $rc, state '$state')" \
        test "$rc" -eq 125 -a -n "$state"
state_text=$(record_entry state backend)
check "VERDICT RECORD: state names '$state' ($(tr -s ' \n' ' ' <<<"$state_text" | head -c 120)...)" \
        grep -qF -- " $state (" <<<" $(tr -s ' \n\t' '   ' <<<"$state_text")"
# exit_code of a runner failure: the runner's, as the page says (not null)
"$SBX" run --root "$tmp/fullws" --verdict-json "$tmp/v-rf.json" -- "$tmp/no-such-command" 2>/dev/null
rc=$?
if grep -q '"verdict":"runner_failure"' "$tmp/v-rf.json" 2>/dev/null; then
        check "a runner failure (exit $rc) records the runner's exit code" grep -q "\"exit_code\":$rc[,}]" "$tmp/v-rf.json"
        check "VERDICT RECORD: exit_code says what a runner failure records" \
                grep -q 'runner_failure' <<<"$(record_entry exit_code signal)"
fi
# audit-writer: a relative --db is made absolute and served (the page once said 125)
mkdir -p "$tmp/awdir"
(cd "$tmp/awdir" && timeout 20 "$SBX" audit-writer --db rel.db --idle 1) 2>"$tmp/aw.err"
rc=$?
check "sbx audit-writer --db RELATIVE serves and leaves idle with 0 (got $rc: $(head -c 200 "$tmp/aw.err"))" \
        test "$rc" -eq 0 -a -f "$tmp/awdir/rel.db" -a ! -e "$tmp/awdir/rel.db.writer"
check "the page does not call a relative audit-writer path an error" \
        bash -c '! tr -s " \n\t" "   " <"$1" | grep -qi "path is relative"' _ "$rendered"
# DATABASE.reserve: 256 KiB plus 256 KiB per run in progress, its own included: 512 KiB after one run
"$SBX" run --mode danger-full-access --root "$tmp/fullws" --db "$tmp/reserve.db" -- true
size=$(stat -c %s "$tmp/reserve.db.reserve" 2>/dev/null)
check "after one run the reserve is 512 KiB, as the page says (got ${size:-none})" test "${size:-0}" -eq 524288
check "the page gives that size" page_says '512 KiB after runs one at a time'
# SBX_CONFIG naming a missing file is an error, as the page says
SBX_CONFIG=$tmp/no-such-config "$SBX" policy resolve --root "$tmp/fullws" >/dev/null 2>&1
rc=$?
check "SBX_CONFIG naming a missing file is an error (got $rc)" test "$rc" -ne 0
check "... and the page says so" page_says 'a missing one is an error'
# a malformed configuration: 2 for the verbs that read it, 125 (refused) for sbx run, as the page says
printf 'not a key value line\n' >"$tmp/malformed.conf"
chmod 600 "$tmp/malformed.conf"
for cmd in "probe" "policy resolve --root $tmp/fullws" "classify --backend bwrap --exit 1 --stderr /dev/null" \
        "run --root $tmp/fullws -- true"; do
        # shellcheck disable=SC2086
        SBX_CONFIG=$tmp/malformed.conf "$SBX" $cmd >/dev/null 2>"$tmp/malformed.err"
        rc=$?
        want=2
        [ "${cmd%% *}" = run ] && want=125
        check "sbx $cmd with a malformed configuration exits $want (got $rc)" test "$rc" -eq "$want"
done
check "... and the page says so" page_says 'a configuration or dialect file that cannot be read or parsed, where sbx run refuses the run, 125)'
# a fallback_root that is no directory: an error only where the policy falls back to it (the page
# said it counts as a malformed configuration, for sbx probe and sbx classify too, which exit 0)
printf 'fallback_root = /etc/hostname\n' >"$tmp/fileroot.conf"
chmod 600 "$tmp/fileroot.conf"
for cmd in "policy resolve" "policy resolve --root $tmp/fullws" "classify --backend bwrap --exit 1 --stderr /dev/null"; do
        # shellcheck disable=SC2086
        SBX_CONFIG=$tmp/fileroot.conf "$SBX" $cmd >/dev/null 2>&1
        rc=$?
        want=0
        [ "$cmd" = "policy resolve" ] && want=2
        check "sbx $cmd with a fallback_root that is a file exits $want (got $rc)" test "$rc" -eq "$want"
done
check "... and the page says so" page_says 'fallback_root that is no directory counts as such where it is used'

# The limits the page states: the first 64 denial lines of a run, each cut to 1023 bytes.
if "$SBX" probe >/dev/null 2>&1; then
        "$SBX" run --mode read-only --root "$tmp/fullws" --verdict-json "$tmp/v-many.json" -c '
                for i in $(seq 70); do echo "x$i: Read-only file system: Permission denied" >&2; done
                printf "%02000d: Read-only file system: Permission denied\n" 0 >&2; exit 1' 2>/dev/null
        check "71 denial lines are counted" grep -q '"denial_lines":71[,}]' "$tmp/v-many.json"
        kept=$(grep -o '"line_no":[0-9]*,"line"' "$tmp/v-many.json" | wc -l)
        check "the record keeps the first 64 of them (got $kept)" test "$kept" -eq 64
        check "... and says 7 were not kept" grep -q '"denials_not_kept":7[,}]' "$tmp/v-many.json"
        long=$(grep -o '"matched_line":"[^"]*"' "$tmp/v-many.json" | head -1)
        check "the matched line is no longer than 1023 bytes" test "$(printf '%s' "$long" | wc -c)" -le $((1023 + 17))
        id=$(grep -o '"execution_id":[0-9]*' "$tmp/v-many.json" | cut -d: -f2)
        "$SBX" audit show "$id" --json >"$tmp/show-many.json"
        check "the audit database keeps 64 lines of run $id too" \
                test "$(grep -o '"line_no":[0-9]*,"line"' "$tmp/show-many.json" | wc -l)" -eq 64
        check "the page states both limits for the record" page_says 'the first 64 denial lines, each cut to 1023 bytes'
        check "... and for sbx audit" page_says 'A run keeps its first 64 denial lines, each cut to 1023 bytes'
        # a line longer than 1023 bytes, matched: cut to 1023
        "$SBX" run --mode read-only --root "$tmp/fullws" --verdict-json "$tmp/v-long.json" -c '
                printf "%02000d: Read-only file system: Permission denied\n" 0 >&2; exit 1' 2>/dev/null
        long=$(grep -o '"matched_line":"[0-9]*' "$tmp/v-long.json" | cut -d'"' -f4)
        check "a 2000-byte denial line is kept as its first 1023 bytes (got ${#long})" test "${#long}" -eq 1023
fi

# ---- every key a recording writes in a case's meta is in the page's list of meta keys ----------
# (record wrote workspace=, which the list did not name)
meta_keys_text=$(tr -s ' \n' '  ' <"$rendered" | grep -o 'holds meta (key=value lines:.*(the raw bytes)')
check "the page lists the meta keys" test -n "$meta_keys_text"
selected=$("$SBX" probe --json 2>/dev/null | grep -o '"selected":"[a-z-]*"' | cut -d'"' -f4)
if [ -n "$selected" ]; then
        mkdir -p "$tmp/fx/$selected"
        "$SBX" fixtures record --backend "$selected" --mode read-only --case "$tmp/fx/$selected/meta-keys" -- true \
                >/dev/null 2>"$tmp/fx.err"
        check "sbx fixtures record under $selected keeps a case ($(head -c 200 "$tmp/fx.err"))" \
                test -s "$tmp/fx/$selected/meta-keys/meta"
        for k in $(sed -n 's/^\([a-z_]*\)=.*/\1/p' "$tmp/fx/$selected/meta-keys/meta" 2>/dev/null); do
                check "meta key $k is in the page's list" grep -qE "(^|[ (])$k([ ,;)]|$)" <<<"$meta_keys_text"
        done
else
        ok "the keys of a recorded meta # SKIP no usable backend"
fi

# ---- an audit verb's usage line and completion name --limit when, and only when, it takes one ---
# (export took --limit, but its usage line and its completion did not offer it)
for sub in list denials export stats; do
        "$SBX" audit $sub --limit 1 >/dev/null 2>&1
        rc=$?
        usage=$("$SBX" audit --help | grep -E "^ *(usage: )?sbx audit $sub ")
        offered=$(complete_words sbx audit "$sub" --li)
        if [ "$rc" -eq 0 ]; then
                check "sbx audit $sub takes --limit: its usage line names it" grep -qF -- '[--limit N]' <<<"$usage"
                check "... and the completion offers it" test "$offered" = --limit
        else
                check "sbx audit $sub refuses --limit: its usage line does not name it" \
                        bash -c '! grep -qF -- "--limit" <<<"$1"' _ "$usage"
        fi
done

# ---- the README's synopsis names every audit verb and its output forms ---------------------------
awk '/^## What it does/ { c = 1 } c && /^```$/ { n++; next } c && n == 1 { print } n == 2 { exit }' \
        "$SBX_SOURCE_ROOT/README.md" >"$tmp/synopsis"
for sub in $("$SBX" audit --help | sed -n 's/^ *\(usage: \)\{0,1\}sbx audit \([a-z]*\).*/\2/p'); do
        check "the README's synopsis names sbx audit $sub" grep -qE "^sbx audit ([a-z|]*[|])?$sub([ |]|$)" "$tmp/synopsis"
done
flat_readme=$(tr -s ' \n' '  ' <"$SBX_SOURCE_ROOT/README.md")
check "the README says stats prints --json or --csv (it refuses --jsonl)" \
        grep -qF '(`stats`: `--json` or `--csv`;' <<<"$flat_readme"
"$SBX" audit stats --jsonl >/dev/null 2>&1
rc=$?
check "sbx audit stats --jsonl is a usage error (got $rc)" test "$rc" -eq 2
# (the README said every query verb printed --jsonl or --csv; show refuses both)
for f in --csv --jsonl; do
        "$SBX" audit show "${last:-1}" "$f" >/dev/null 2>&1
        rc=$?
        check "sbx audit show $f is a usage error (got $rc)" test "$rc" -eq 2
done
check "the README says show prints a table or --json" \
        grep -qF '`show ID`, which takes no filter: a table or `--json`)' <<<"$flat_readme"

# ---- the README's example dialect override reads bubblewrap as the built-in does ----------------
# (it once left out the built-in's denial signatures and the sbx-landlock-seal rule while saying
# "bubblewrap as built in": a launcher failure under bwrap read as the command's task_failure)
awk '/^\*\*Operator dialect overrides/ { c = 1 } c && /^```$/ { n++; next } c && n == 1 { print } n == 2 { exit }' \
        "$SBX_SOURCE_ROOT/README.md" >"$tmp/example.dialect"
check "the README's example dialect has a rule for the site's wrapper" grep -q '^rule sandboxctl$' "$tmp/example.dialect"
# The fixtures (two classify calls each: most of this test's time) in two halves side by side,
# each printing the cases it compared ("= NAME") and those that differ; every case is looked for
# among them, so that a half that stopped short fails the check.
example_vs_builtin() { # half (0 or 1)
        local i=0 meta case_dir ex sig args want got line
        for meta in "$SBX_SOURCE_ROOT"/fixtures/bwrap/*/meta; do
                i=$((i + 1))
                [ $((i % 2)) = "$1" ] || continue
                case_dir=${meta%/meta}
                ex= sig= # (a key given twice is refused: fixtures-check.sh)
                while IFS= read -r line || [ -n "$line" ]; do
                        case $line in
                        exit=*) ex=${line#exit=} ;;
                        signal=*) sig=${line#signal=} ;;
                        esac
                done <"$meta"
                args=(--backend bwrap --exit "${ex:-0}" --stderr "$case_dir/stderr")
                [ -n "$sig" ] && [ "$sig" != 0 ] && args+=(--signal "$sig")
                want=$("$SBX" classify "${args[@]}" 2>&1)
                got=$("$SBX" classify --dialect "$tmp/example.dialect" "${args[@]}" 2>&1)
                [ "$want" = "$got" ] || echo " ${case_dir##*/}($got, built-in $want)"
                echo "= ${case_dir##*/}"
        done
}
example_vs_builtin 0 >"$tmp/example-vs-builtin.0" &
half=$!
example_vs_builtin 1 >"$tmp/example-vs-builtin.1"
wait "$half"
differ=$(cat "$tmp"/example-vs-builtin.[01] | grep -v '^= ' | tr -d '\n')
for c in $(comm -23 <(for meta in "$SBX_SOURCE_ROOT"/fixtures/bwrap/*/meta; do
        c=${meta%/meta} && echo "${c##*/}"
done | sort) <(sed -n 's/^= //p' "$tmp"/example-vs-builtin.[01] | sort)); do
        differ+=" $c(not compared)"
done
printf 'sbx-landlock: cannot remount /x read-only: Operation not permitted\n' >"$tmp/seal.txt"
for d in builtin example; do
        dialect=()
        [ "$d" = example ] && dialect=(--dialect "$tmp/example.dialect")
        got=$("$SBX" classify "${dialect[@]}" --backend bwrap --exit 125 --stderr "$tmp/seal.txt" 2>&1)
        [ "$got" = runner_failure ] || differ+=" seal-failure-$d($got)"
done
check "the README's example dialect classifies every bwrap fixture and a launcher failure as the built-in does:${differ:- yes}" \
        test -z "$differ"

# ---- classify/README.md's example dialect parses and reads as its notes say -------------------
# (its notes once stood after the values, where they are part of them: the name was too long)
awk '/^## Dialect files/ { c = 1 } c && /^```$/ { n++; next } c && n == 1 { print } n == 2 { exit }' \
        "$SBX_SOURCE_ROOT/classify/README.md" >"$tmp/format.dialect"
printf 'myrunner: boom\n' >"$tmp/format-fatal.txt"
printf 'x: EROFS: nope\n' >"$tmp/format-denial.txt"
printf 'myrunner: starting up\n' >"$tmp/format-info.txt"
got=
for f in fatal denial info; do
        got+=" $("$SBX" classify --dialect "$tmp/format.dialect" --backend bwrap --exit 1 --stderr "$tmp/format-$f.txt" 2>&1)"
done
check "classify/README.md's example dialect parses and classifies (got:$got)" \
        test "$got" = " runner_failure denied task_failure"

# ---- the README's example configuration loads -----------------------------------------------
# (it once had comments after values, which are part of the value: every run refused)
awk '/^## Configuration/ { c = 1 } c && /^```$/ { n++; next } c && n == 1 { print } n == 2 { exit }' \
        "$SBX_SOURCE_ROOT/README.md" >"$tmp/example.config"
chmod 600 "$tmp/example.config"
mkdir -p "$tmp/root"
check "the README's example configuration has its keys ($(grep -c ' = ' "$tmp/example.config"))" \
        test "$(grep -c ' = ' "$tmp/example.config")" -ge 8
check "... and loads: sbx policy resolve with it names default_mode's mode" \
        bash -c 'SBX_CONFIG=$1 "$SBX" policy resolve --root "$2" 2>&1 | grep -qx "mode: workspace-write (default)"' _ \
        "$tmp/example.config" "$tmp/root"

# ---- which runner keys take a bare name: as the man page and the README say --------------------
# (both once said every runner key did; landlock_launcher and sandbox_exec refuse one)
flat=$(tr -s ' \n' '  ' <"$rendered")
for key in bwrap windows_runner landlock_launcher sandbox_exec; do
        printf '%s = sbx-bare-name\n' "$key" >"$tmp/bare.config"
        chmod 600 "$tmp/bare.config"
        SBX_CONFIG=$tmp/bare.config "$SBX" policy resolve --root "$tmp/root" >/dev/null 2>"$tmp/bare.err"
        rc=$?
        case $key in
        bwrap | windows_runner)
                check "a bare name of $key loads (rc=$rc, $(head -c 200 "$tmp/bare.err"))" test "$rc" -eq 0 ;;
        *)
                check "a bare name of $key is refused (rc=$rc)" grep -q "'$key' must be an absolute path" "$tmp/bare.err" ;;
        esac
done
check "the man page says landlock_launcher and sandbox_exec must be absolute" \
        grep -q "landlock_launcher and sandbox_exec must be absolute; a bare name of bwrap or windows_runner is looked up" <<<"$flat"
check "the README's example configuration says so too" \
        grep -q "bwrap and windows_runner may be a bare name: see below; the other two are absolute" "$SBX_SOURCE_ROOT/README.md"
# ... but not a relative path of either (windows_runner's was taken, relative to each run's
# directory); fallback_root and cache_dir refuse one too (the page and the README said so only of
# fallback_root)
for kv in "bwrap tools/sbx-runner or a bare name" "windows_runner tools/sbx-runner or a bare name" \
        "fallback_root relative/dir" "cache_dir relative/dir"; do
        read -r key value also <<<"$kv"
        printf '%s = %s\n' "$key" "$value" >"$tmp/rel.config"
        chmod 600 "$tmp/rel.config"
        SBX_CONFIG=$tmp/rel.config "$SBX" policy resolve --root "$tmp/root" >/dev/null 2>"$tmp/rel.err"
        check "a relative path of $key is refused" grep -q "'$key' must be an absolute path${also:+ $also}" "$tmp/rel.err"
done
check "the man page says so" grep -q "a relative path of either, with a slash, is an error" <<<"$flat"
check "the man page says cache_dir is an absolute path" \
        grep -q "cache_dir (where the probe verdict is cached, an absolute path)" <<<"$flat"
check "the README's example configuration says so too" \
        grep -qx "# where the probe verdict is cached (an absolute path)" "$tmp/example.config"

# ---- the man page's first example, on a terminal, prints what the page shows -----------------
# (the page once left out the notice sbx prints on a terminal after a denial)
if command -v script >/dev/null &&
        [ "$(env -u SBX_CONFIG "$SBX" probe --json 2>/dev/null | grep -o '"selected":"[a-z-]*"')" = '"selected":"bwrap"' ]; then
        mkdir -p "$tmp/exws"
        sed -n '/^ *\$ sbx run -- sh -c .echo ok > inside.txt/,/^ *\$ echo \$?/p' "$rendered" | sed '1d;$d;s/^ *//' >"$tmp/ex.want"
        (cd "$tmp/exws" && SBX=$SBX script -qec "\"\$SBX\" run -- sh -c 'echo ok > inside.txt; touch /usr/outside.txt'" /dev/null) |
                tr -d '\r' | sed 's/\x18\x1b\\\x1b\[0m\x0f\x1b(B//' >"$tmp/ex.got"
        check "man EXAMPLES: the first example prints what the page shows ($(tr '\n' '|' <"$tmp/ex.got"))" \
                cmp -s "$tmp/ex.want" "$tmp/ex.got"
        check "... and its write inside the workspace landed" test -s "$tmp/exws/inside.txt"
else
        ok "man EXAMPLES on a terminal # SKIP no script(1), or bubblewrap is not the selected backend"
fi

# ---- who removes a temp area or probe directory a killed sbx left ----------------------------
# (README and man page once said "the next probe or run": a bubblewrap run sweeps nothing)
check "the man page says which runs remove what a killed sbx left in sbx-UID" \
        page_says 'removed by the next probe, or by the next Landlock run whose temp area is in /tmp; a bubblewrap run makes no temp area on the host and removes none'
check "the README says so too" \
        grep -q 'a bubblewrap run makes no temp area on the host and sweeps nothing' "$SBX_SOURCE_ROOT/README.md"
if "$SBX" probe --json 2>/dev/null | tr -d ' ' | grep -q '"backend":"landlock","applicable":true,"usable":true' &&
        "$SBX" probe --json 2>/dev/null | tr -d ' ' | grep -q '"backend":"bwrap","applicable":true,"usable":true'; then
        mkdir -p "$tmp/sweep" "$tmp/sweepws"
        (cd "$tmp/sweepws" && TMPDIR=$tmp/sweep "$SBX" run --backend landlock -- true)
        swept=$tmp/sweep/sbx-$(id -u)
        mkdir -p "$swept/run-stale1"
        (cd "$tmp/sweepws" && TMPDIR=$tmp/sweep "$SBX" run --backend bwrap -- true)
        check "a bubblewrap run leaves an unlocked run- area in \$TMPDIR/sbx-UID" test -d "$swept/run-stale1"
        (cd "$tmp/sweepws" && TMPDIR=$tmp/sweep "$SBX" run --backend landlock -- true)
        check "a Landlock run there removes it" test ! -e "$swept/run-stale1"
else
        ok "who sweeps sbx-UID # SKIP bubblewrap and Landlock are not both usable"
fi

# ---- a configured chain of one backend is probed; --backend is taken without a probe ----------
# (README and page said "with several candidates a functional probe ...", as if one were not)
if "$SBX" probe --json 2>/dev/null | tr -d ' ' | grep -q '"backend":"landlock","applicable":true,"usable":true'; then
        mkdir -p "$tmp/chainws"
        printf 'backends = landlock\ncache_dir = %s/chain1-cache\n' "$tmp" >"$tmp/chain1.config"
        printf 'cache_dir = %s/chain2-cache\n' "$tmp" >"$tmp/chain2.config"
        chmod 600 "$tmp/chain1.config" "$tmp/chain2.config"
        (cd "$tmp/chainws" && SBX_CONFIG=$tmp/chain1.config "$SBX" run -- true)
        check "sbx run with a configured chain of one backend probes it (and caches the verdict)" \
                test -s "$tmp/chain1-cache/probe"
        (cd "$tmp/chainws" && SBX_CONFIG=$tmp/chain2.config "$SBX" run --backend landlock -- true)
        check "sbx run --backend NAME probes nothing" test ! -e "$tmp/chain2-cache/probe"
        check "the man page says so" page_says 'A functional probe of the configured chain, also a chain of one'
        check "the README says so" bash -c 'tr -s " \n" "  " <"$1" | grep -q "A functional probe of the chain, also a chain of one"' _ "$SBX_SOURCE_ROOT/README.md"
else
        ok "probing a chain of one # SKIP Landlock is not usable here"
fi

if [ "$failures" -ne 0 ]; then
        echo "$failures check(s) failed"
        exit 1
fi
echo "all documentation checks passed"
