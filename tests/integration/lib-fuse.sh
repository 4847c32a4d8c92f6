# For the tests that mount tests/helpers/fuse-stall (a FUSE file system that does not answer) on
# $T/mnt; sourced after lib-common.sh.

# Skips the whole test without the helper, root or /dev/fuse.
t_require_fuse() {
        [ -n "${SBX_FUSE_STALL:-}" ] && [ -x "$SBX_FUSE_STALL" ] || t_skip_all "no fuse-stall helper (no linux/fuse.h)"
        t_is_root || t_skip_all "mounting a FUSE file system takes root"
        [ -c /dev/fuse ] || t_skip_all "no /dev/fuse"
}

fuse_srv=
# fuse_start ARGS...: fuse-stall ARGS (its mount point first); false (with a failed check) when it
# did not start, the whole test skipped when this host cannot mount FUSE
fuse_start() {
        "$SBX_FUSE_STALL" "$@" >"$T/fuse.out" 2>"$T/fuse.err" &
        fuse_srv=$!
        for _ in $(seq 100); do
                grep -q ready "$T/fuse.out" 2>/dev/null && return 0
                kill -0 "$fuse_srv" 2>/dev/null || break
                sleep 0.05
        done
        wait "$fuse_srv"
        [ $? = 77 ] && t_skip_all "no FUSE mount here: $(cat "$T/fuse.err")"
        t_not_ok "fuse-stall $* did not start: $(cat "$T/fuse.err")"
        fuse_srv=
        return 1
}

# Ends the server and unmounts $T/mnt.
fuse_stop() {
        [ -n "$fuse_srv" ] && kill "$fuse_srv" 2>/dev/null && wait "$fuse_srv" 2>/dev/null
        fuse_srv=
        mountpoint -q "$T/mnt" 2>/dev/null && umount -l "$T/mnt"
}

# The EXIT trap of such a test: the server ended, $T/mnt unmounted, then t_cleanup.
fuse_cleanup() {
        fuse_stop
        t_cleanup
}
