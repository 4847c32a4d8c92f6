#!/bin/bash
# .ci/install-deps tries apt-get again after a passing failure (a mirror's timeout), three times in
# all, and fails when the third fails too, installing nothing after a failed update. A fake apt-get
# first in PATH counts its calls and fails the first FAIL_TIMES of each kind.
. "$(dirname "$0")/lib-common.sh"
trap 't_cleanup' EXIT

DEPS=$(dirname "$0")/../../.ci/install-deps
[ -x "$DEPS" ] || t_skip_all "no .ci/install-deps beside the tests"
t_is_root || t_skip_all "install-deps runs apt-get as root (else through sudo, which this test does not fake)"

T=$(t_mktemp_dir)
mkdir -p "$T/bin"
cat >"$T/bin/apt-get" <<EOF
#!/bin/bash
n=\$(cat "$T/count-\$1" 2>/dev/null || echo 0)
echo \$((n + 1)) >"$T/count-\$1"
[ \$((n + 1)) -gt "\$FAIL_TIMES" ]
EOF
chmod 755 "$T/bin/apt-get"
calls() { echo "$(cat "$T/count-update" 2>/dev/null || echo 0)/$(cat "$T/count-install" 2>/dev/null || echo 0)"; }

for fails in 0 2 3; do
        rm -f "$T"/count-*
        FAIL_TIMES=$fails INSTALL_DEPS_RETRY_SLEEP=0 PATH="$T/bin:$PATH" "$DEPS" >"$T/out" 2>"$T/err-$fails"
        rc=$?
        case $fails in
        0) want="0 1/1" ;;
        2) want="0 3/3" ;;
        3) want="1 3/0" ;;
        esac
        t_check "apt-get failing $fails times: install-deps' status and its update/install calls (want $want, got $rc $(calls))" \
                test "$([ $rc = 0 ] && echo 0 || echo 1) $(calls)" = "$want"
done
t_check "... each failed attempt but the last is named on stderr ($(grep -c 'failed (attempt' "$T/err-2") lines)" \
        test "$(grep -c 'failed (attempt' "$T/err-2")" = 4

t_finish
