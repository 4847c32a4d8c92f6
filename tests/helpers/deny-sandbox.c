/* deny-sandbox: runs ARGV on a simulated host where no sandbox backend can work.
 *
 *   deny-sandbox [--allow-landlock] [--allow-userns] [--fake-landlock-restrict]
 *                [--kill-landlock-restrict] [--fake-seccomp] [--fake-capset] [--no-pidfd]
 *                [--no-mount-setattr] [--no-openat2] [--refuse-block-nodes] -- ARGV...
 *
 * A seccomp filter (inherited by every descendant, no_new_privs set) makes
 *   - landlock_create_ruleset, landlock_add_rule, landlock_restrict_self fail with ENOSYS
 *     (a kernel built without Landlock),
 *   - unshare and clone fail with EPERM when asked for a new user, mount or pid namespace
 *     (a host that forbids namespaces, as container runtimes and AppArmor policies do),
 *   - clone3 fail with ENOSYS, so that glibc falls back to clone, whose flags a filter can read
 *     (clone3 passes them in memory, out of the filter's reach).
 * The --allow-* options leave one family alone, to disable a single backend.
 * --fake-landlock-restrict (with --allow-landlock): landlock_restrict_self returns 0 and does
 * nothing, a filter that lies to the launcher.
 * --kill-landlock-restrict (with --allow-landlock): landlock_restrict_self kills the process that
 * calls it (SIGSYS), a launcher that dies before it executes the command.
 * --fake-seccomp: installing a further seccomp filter (prctl PR_SET_SECCOMP, seccomp()) returns 0
 * and does nothing, another filter that lies to the launcher.
 * --fake-capset: capset and prctl PR_CAPBSET_DROP return 0 and do nothing: a filter that lies about
 * dropping capabilities.
 * --no-pidfd: pidfd_open fails with ENOSYS (a kernel before Linux 5.3).
 * --no-mount-setattr: mount_setattr fails with ENOSYS (a kernel before Linux 5.12).
 * --no-openat2: openat2 fails with ENOSYS (a kernel before Linux 5.6, or a container's filter older
 *   than it), so that a path is resolved by open(2), symlinks followed.
 * --refuse-block-nodes: mknod and mknodat of a block device node fail with EACCES, as a security
 *   module that refuses them would (the refusal the launcher's fence check looks for).
 * Exit status: ARGV's (it is exec'd); 125 when the filter cannot be installed or ARGV not run. */
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_SETUP 125

static const unsigned long long ns_flags[] = { CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID };

static int deny_landlock(scmp_filter_ctx ctx) {
        const int calls[] = { SCMP_SYS(landlock_create_ruleset), SCMP_SYS(landlock_add_rule),
                              SCMP_SYS(landlock_restrict_self) };
        for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
                int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), calls[i], 0);
                if (r < 0)
                        return r;
        }
        return 0;
}

static int fake_landlock_restrict(scmp_filter_ctx ctx) {
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), SCMP_SYS(landlock_restrict_self), 0);
}

static int kill_landlock_restrict(scmp_filter_ctx ctx) {
        return seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(landlock_restrict_self), 0);
}

static int fake_seccomp(scmp_filter_ctx ctx) {
        int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_SECCOMP, 0));
        if (r < 0)
                return r;
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), SCMP_SYS(seccomp), 0);
}

static int fake_capset(scmp_filter_ctx ctx) {
        int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), SCMP_SYS(capset), 0);
        if (r < 0)
                return r;
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_CAPBSET_DROP, 0));
}

static int no_pidfd(scmp_filter_ctx ctx) {
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(pidfd_open), 0);
}

static int no_mount_setattr(scmp_filter_ctx ctx) {
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(mount_setattr), 0);
}

static int no_openat2(scmp_filter_ctx ctx) {
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0);
}

static int refuse_block_nodes(scmp_filter_ctx ctx) {
        int r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(mknod), 1,
                                 SCMP_A1(SCMP_CMP_MASKED_EQ, S_IFMT, S_IFBLK));
        if (r < 0)
                return r;
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(mknodat), 1,
                                SCMP_A2(SCMP_CMP_MASKED_EQ, S_IFMT, S_IFBLK));
}

static int deny_namespaces(scmp_filter_ctx ctx) {
        int r;

        for (size_t i = 0; i < sizeof(ns_flags) / sizeof(ns_flags[0]); i++) {
                r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(unshare), 1,
                                     SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
                if (r < 0)
                        return r;
                /* clone's flags are its first argument on every architecture but s390 */
                r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                                     SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
                if (r < 0)
                        return r;
        }
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
}

int main(int argc, char **argv) {
        bool allow_landlock = false, allow_userns = false, fake_restrict = false, kill_restrict = false,
             fake_filter = false, fake_caps = false, pidfd = true, setattr = true, openat2 = true, block_nodes = true;
        scmp_filter_ctx ctx;
        int i, r;

        for (i = 1; i < argc; i++) {
                if (strcmp(argv[i], "--allow-landlock") == 0)
                        allow_landlock = true;
                else if (strcmp(argv[i], "--allow-userns") == 0)
                        allow_userns = true;
                else if (strcmp(argv[i], "--fake-landlock-restrict") == 0)
                        fake_restrict = true;
                else if (strcmp(argv[i], "--kill-landlock-restrict") == 0)
                        kill_restrict = true;
                else if (strcmp(argv[i], "--fake-seccomp") == 0)
                        fake_filter = true;
                else if (strcmp(argv[i], "--fake-capset") == 0)
                        fake_caps = true;
                else if (strcmp(argv[i], "--no-pidfd") == 0)
                        pidfd = false;
                else if (strcmp(argv[i], "--no-openat2") == 0)
                        openat2 = false;
                else if (strcmp(argv[i], "--no-mount-setattr") == 0)
                        setattr = false;
                else if (strcmp(argv[i], "--refuse-block-nodes") == 0)
                        block_nodes = false;
                else if (strcmp(argv[i], "--") == 0) {
                        i++;
                        break;
                } else
                        break;
        }
        if (i >= argc || argv[i][0] == '-') {
                fprintf(stderr, "usage: deny-sandbox [--allow-landlock] [--allow-userns] [--fake-landlock-restrict] "
                                "[--kill-landlock-restrict] [--fake-seccomp] [--fake-capset] [--no-pidfd] [--no-mount-setattr] "
                                "[--no-openat2] [--refuse-block-nodes] -- ARGV...\n");
                return 2;
        }

        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
                fprintf(stderr, "deny-sandbox: cannot set no_new_privs: %s\n", strerror(errno));
                return EXIT_SETUP;
        }
        ctx = seccomp_init(SCMP_ACT_ALLOW);
        if (!ctx) {
                fprintf(stderr, "deny-sandbox: seccomp_init failed\n");
                return EXIT_SETUP;
        }
        r = 0;
        if (!allow_landlock)
                r = deny_landlock(ctx);
        else if (fake_restrict)
                r = fake_landlock_restrict(ctx);
        else if (kill_restrict)
                r = kill_landlock_restrict(ctx);
        if (r >= 0 && fake_filter)
                r = fake_seccomp(ctx);
        if (r >= 0 && fake_caps)
                r = fake_capset(ctx);
        if (r >= 0 && !openat2)
                r = no_openat2(ctx);
        if (r >= 0 && !pidfd)
                r = no_pidfd(ctx);
        if (r >= 0 && !setattr)
                r = no_mount_setattr(ctx);
        if (r >= 0 && !block_nodes)
                r = refuse_block_nodes(ctx);
        if (r >= 0 && !allow_userns)
                r = deny_namespaces(ctx);
        if (r >= 0)
                r = seccomp_load(ctx);
        seccomp_release(ctx);
        if (r < 0) {
                fprintf(stderr, "deny-sandbox: cannot install the seccomp filter: %s\n", strerror(-r));
                return EXIT_SETUP;
        }
        execvp(argv[i], argv + i);
        fprintf(stderr, "deny-sandbox: cannot execute %s: %s\n", argv[i], strerror(errno));
        return EXIT_SETUP;
}
