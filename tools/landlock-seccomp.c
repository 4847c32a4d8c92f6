/* The seccomp part of sbx-landlock. Landlock never governs chmod, chown, utime, extended
 * attributes or ioctls on regular files; a read-only run may change no metadata at all, so there
 * a filter refuses those syscalls outright. A workspace-write run must be able to chmod inside
 * the workspace, which a filter cannot tell apart, so there only the terminal-injection ioctls
 * are refused and the backend reports the rest as ungoverned (partial). In both modes no System V
 * IPC object or POSIX message queue may be made or removed, and the keyrings are out of reach:
 * they would outlive the run on the host; nor may the command set another process's resource
 * limits (its supervisor's among them).
 *
 * The filter covers every syscall ABI the kernel may run on this machine (native plus compat:
 * i386 and x32 on x86-64, arm on arm64, ...), so a 32-bit binary cannot sidestep it; any other
 * ABI kills the process. libseccomp serves only as the syscall-number table of each ABI; the BPF
 * is assembled here, as a binary search over the numbers, because the kernel emulates a new
 * filter for every syscall number when it is attached (the per-arch allow cache) and a linear or
 * libseccomp-built filter made that, with libseccomp's own set-up, most of the launcher's cost.
 * Syscalls newer than the installed libseccomp knows use their generic numbers, the same on
 * every architecture handled here. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <termios.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/fs.h>
#include <linux/fscrypt.h>
#include <linux/fsverity.h>
#include <linux/msdos_fs.h>
#include <linux/seccomp.h>
#include <linux/serial.h>
#include <seccomp.h>

#include "landlock-seccomp.h"

#define X32_SYSCALL_BIT 0x40000000U
/* O_TMPFILE without O_DIRECTORY (the C library's O_TMPFILE has both): the kernel's __O_TMPFILE,
 * the same on every architecture handled here, as O_CREAT is */
#define TMPFILE_BIT 020000000U

enum target {
        T_ALLOW,
        T_EACCES,
        T_EPERM,
        T_IOCTL,
        T_MODE_ARG1,   /* the new mode is args[1]: refused when it sets S_ISUID or S_ISGID */
        T_MODE_ARG2,   /* ... args[2] */
        T_IPC_GET1,    /* shmget/semget/msgget: refused for IPC_PRIVATE (args[0] = 0) or IPC_CREAT in args[1] */
        T_IPC_GET2,    /* ... IPC_CREAT in args[2] */
        T_IPC_CTL1,    /* msgctl: refused when the command (args[1]) is IPC_RMID or IPC_SET */
        T_SHMCTL1,     /* shmctl: ... also SHM_LOCK and SHM_UNLOCK (msgctl's MSG_STAT and MSG_INFO) */
        T_IPC_CTL2,    /* semctl: ... args[2], also SETVAL and SETALL */
        T_MQ_CREAT1,   /* mq_open: refused with O_CREAT in args[1] */
        T_SHMAT2,      /* shmat: refused without SHM_RDONLY in args[2] */
        T_PRLIMIT,     /* prlimit64: setting (args[2] not NULL) another process's limits (args[0] not 0) */
        T_PID0,        /* the sched_set* calls: answered as done and not made unless args[0], the pid, is 0 */
        T_PRIO_WHO2,   /* setpriority: refused unless args[0] is PRIO_PROCESS and args[1] 0 (itself) */
        T_IOPRIO_WHO2, /* ioprio_set: refused unless args[0] is IOPRIO_WHO_PROCESS and args[1] 0 */
        T_OPEN_FLAGS1, /* open: a file made (O_CREAT, O_TMPFILE in args[1]) with S_ISUID or S_ISGID in args[2] */
        T_OPEN_FLAGS2, /* openat: ... flags in args[2], mode in args[3] */
        T_ENOSYS,      /* as if the kernel had no such syscall: the caller falls back to an older one */
        T_KEY_IOCTL,   /* ioctl in setid-only: only the file-system keyring commands refused */
        T_EROFS,       /* seal-read-only's metadata changes: as on a read-only mount */
        T_FCNTL,       /* fcntl: refused when the command (args[1]) sets a write-life hint */
        _T_MAX,
};

struct rule {
        const char *name;
        uint32_t generic_nr; /* asm-generic number when libseccomp may not know it, else 0 */
        enum target target;
        bool read_only;      /* only in read-only */
        uint32_t direct_nr;  /* System V IPC: the direct syscall of the ABIs that multiplex it (below) */
};

/* Metadata syscalls Landlock does not govern (EACCES: the landlock dialect's denial words);
 * io_uring (EPERM, as when io_uring is disabled) because IORING_OP_[F]SETXATTR would bypass
 * them; ioctl, whose commands are checked below. */
static const struct rule rules[] = {
        { "chmod", 0, T_EACCES, true, 0 },
        { "fchmod", 0, T_EACCES, true, 0 },
        { "fchmodat", 0, T_EACCES, true, 0 },
        { "fchmodat2", 452, T_EACCES, true, 0 },
        { "chown", 0, T_EACCES, true, 0 },
        { "lchown", 0, T_EACCES, true, 0 },
        { "fchown", 0, T_EACCES, true, 0 },
        { "fchownat", 0, T_EACCES, true, 0 },
        { "chown32", 0, T_EACCES, true, 0 },
        { "lchown32", 0, T_EACCES, true, 0 },
        { "fchown32", 0, T_EACCES, true, 0 },
        { "utime", 0, T_EACCES, true, 0 },
        { "utimes", 0, T_EACCES, true, 0 },
        { "futimesat", 0, T_EACCES, true, 0 },
        { "utimensat", 0, T_EACCES, true, 0 },
        { "utimensat_time64", 0, T_EACCES, true, 0 },
        { "setxattr", 0, T_EACCES, true, 0 },
        { "lsetxattr", 0, T_EACCES, true, 0 },
        { "fsetxattr", 0, T_EACCES, true, 0 },
        { "setxattrat", 463, T_EACCES, true, 0 },
        { "removexattr", 0, T_EACCES, true, 0 },
        { "lremovexattr", 0, T_EACCES, true, 0 },
        { "fremovexattr", 0, T_EACCES, true, 0 },
        { "removexattrat", 466, T_EACCES, true, 0 },
        { "file_setattr", 469, T_EACCES, true, 0 },
        { "io_uring_setup", 425, T_EPERM, true, 0 },
        { "io_uring_enter", 426, T_EPERM, true, 0 },
        { "io_uring_register", 427, T_EPERM, true, 0 },
        { "fcntl", 0, T_FCNTL, true, 0 },
        { "fcntl64", 0, T_FCNTL, true, 0 },
        { "ioctl", 0, T_IOCTL, false, 0 },
        /* Both modes: no System V object or POSIX message queue is made or removed on the host
         * (they outlive the run; a message queue is even a file of the mqueue file system, made
         * before Landlock refuses to open it). Nor is an existing System V object written: the
         * command makes none of its own, so every one it reaches is the host's, and a read-only
         * run wrote into the host's segment, sent to its message queue and raised its semaphore,
         * recorded full (escape review 52): shmat only with SHM_RDONLY, no msgsnd, no msgrcv
         * (it takes the host's message away), no semop, no semctl SETVAL or SETALL, no shmctl
         * SHM_LOCK or SHM_UNLOCK (the segment's SHM_LOCKED mode and its pages pinned in memory,
         * kept after the run: escape review 53, a read-only run recorded full). Reading them
         * stays possible (IPC_STAT, GETVAL, a read-only attach). An existing POSIX message queue
         * opens through its file in the mqueue file system, which Landlock refuses for writing
         * and reading alike. The ipc() multiplexer (i386, s390x, ppc) is refused whole: its
         * arguments differ per call. Those ABIs have had direct System V syscalls too since
         * Linux 5.1, at the same numbers on each (393-402), which libseccomp 2.5 does not know:
         * it answers with a pseudo number for the multiplexed call, and direct_nr stands in;
         * their semop is semtimedop_time64's direct number (420, the same on every 32-bit ABI). */
        { "shmget", 0, T_IPC_GET2, false, 395 },
        { "semget", 0, T_IPC_GET2, false, 393 },
        { "msgget", 0, T_IPC_GET1, false, 399 },
        { "shmctl", 0, T_SHMCTL1, false, 396 },
        { "msgctl", 0, T_IPC_CTL1, false, 402 },
        { "semctl", 0, T_IPC_CTL2, false, 394 },
        { "shmat", 0, T_SHMAT2, false, 397 },
        { "msgsnd", 0, T_EACCES, false, 400 },
        { "msgrcv", 0, T_EACCES, false, 401 },
        { "semop", 0, T_EACCES, false, 0 },
        { "semtimedop", 0, T_EACCES, false, 0 },
        { "semtimedop_time64", 420, T_EACCES, false, 0 },
        { "ipc", 0, T_EACCES, false, 0 },
        { "mq_open", 0, T_MQ_CREAT1, false, 0 },
        { "mq_unlink", 0, T_EACCES, false, 0 },
        /* ... nor an existing message queue used: the command makes none, so each it reaches is
         * the host's, and Landlock refuses mq_open's file but not the same queue's file in an mqueue
         * file system the host mounted where the command reads, opened for reading: a read-only run
         * took the host's message (mq_timedreceive) there, recorded full (escape review 54).
         * Sending needs the file open for writing, which Landlock refuses outside the workspace;
         * refused all the same, and registering for its notification (mq_notify) too. */
        { "mq_timedsend", 0, T_EACCES, false, 0 },
        { "mq_timedreceive", 0, T_EACCES, false, 0 },
        { "mq_timedsend_time64", 418, T_EACCES, false, 0 },
        { "mq_timedreceive_time64", 419, T_EACCES, false, 0 },
        { "mq_notify", 0, T_EACCES, false, 0 },
        /* Both modes: the kernel keyrings. A key added to the user's or the session's keyring
         * outlives the run; request_key can even start the host's /sbin/request-key. Refused
         * whole, as container runtimes do (bubblewrap's filter too: bwrap_rules). */
        { "add_key", 0, T_EACCES, false, 0 },
        { "request_key", 0, T_EACCES, false, 0 },
        { "keyctl", 0, T_EACCES, false, 0 },
        /* Both modes: no bpf(2) (EPERM, as where unprivileged bpf is disabled). A BPF map or
         * program pinned in a bpffs the host mounts (systemd's /sys/fs/bpf) is a host kernel
         * object reached by its path through BPF_OBJ_GET, which no Landlock hook sees (it opens
         * no file): a read-only run wrote a host map its user owns (BPF_MAP_UPDATE_ELEM), as
         * root and as nobody, recorded full (escape review 54). Without a capability the command
         * makes no map or program of its own where unprivileged bpf is disabled, the usual. */
        { "bpf", 0, T_EPERM, false, 0 },
        /* Both modes: no file system context of the new mount API (EPERM, as Landlock refuses
         * mount(2)). A detached mount is beneath no rule, but a file system makes its own calls on
         * the paths it is given, which no Landlock hook sees: in a user and mount namespace of its
         * own, an overlay whose workdir was a host directory of the user's removed the files and
         * directories in its wk/work and made it again, in a read-only run recorded full (escape
         * review 54). bubblewrap's filter refuses the same (bwrap_rules). */
        { "fsopen", 430, T_EPERM, false, 0 },
        { "fspick", 433, T_EPERM, false, 0 },
        /* Both modes: no clone3 (ENOSYS, as on kernels before 5.3: the C library falls back to
         * clone). Its CLONE_INTO_CGROUP starts the child in any cgroup v2 group whose
         * cgroup.procs the user may write, by a directory descriptor opened for reading: neither
         * Landlock nor a read-only mount is asked, and a read-only run as root put its child in a
         * host cgroup (out of the limits the caller set, into a service's), recorded full (escape
         * review 54). A filter cannot read clone3's structure; clone(2) has no such flag. */
        { "clone3", 435, T_ENOSYS, false, 0 },
        /* Both modes: no resource limit set on another process (EPERM, as without the right to).
         * With no pid namespace the command could otherwise give its supervisor or the audit
         * writer an RLIMIT_CPU, RLIMIT_FSIZE or RLIMIT_NOFILE that ends them, like a signal
         * (which the Landlock ruleset scopes). Its own limits (pid 0) stay its to set. */
        { "prlimit64", 0, T_PRLIMIT, false, 0 },
        /* Both modes: nor another process's scheduling: its nice value, policy and parameters, CPU
         * affinity, I/O priority. The kernel lets a process of the same user change them, one that
         * holds no capability the target lacks (a command as root too, on a root process without
         * capabilities), with no ptrace check and no Landlock scope; a read-only run gave a host
         * process of its user SCHED_IDLE, the nice value 19 (for good: lowering it needs
         * CAP_SYS_NICE), one CPU and the idle I/O class, by its pid and by its process group,
         * recorded full (escape review 55). Only the command's own (pid 0) are made. A filter
         * cannot tell its own threads and children from the host's processes, and the C library
         * sets a new thread's CPU affinity and scheduling policy from pthread_create()'s attributes
         * by the thread's id, where a refusal failed pthread_create() (the reason session 53 left
         * these calls open): the sched_set* calls naming a pid are answered as done and not made
         * (scheduling is advice, and unmade it changes no result). setpriority and ioprio_set,
         * which no thread library makes, naming a pid, a process group or a user (all of that
         * user's processes the pid namespace shows: the host's) are refused (EPERM, as the kernel
         * answers for a process not the caller's to change): `renice -n 5 $$` fails, while nice
         * and ionice starting a command still work. */
        { "setpriority", 0, T_PRIO_WHO2, false, 0 },
        { "ioprio_set", 0, T_IOPRIO_WHO2, false, 0 },
        { "sched_setaffinity", 0, T_PID0, false, 0 },
        { "sched_setscheduler", 0, T_PID0, false, 0 },
        { "sched_setparam", 0, T_PID0, false, 0 },
        { "sched_setattr", 0, T_PID0, false, 0 },
};

#define N_RULES (sizeof(rules) / sizeof(rules[0]))

/* workspace-write governs chmod nowhere (it must work in the workspace), but a set-user-ID or
 * set-group-ID bit is never granted: as root, chmod 4777 of a root-owned program anywhere on the
 * host would be a privilege escalation, not a metadata change (security review). Nor is a file
 * made with one (open, creat, mknod): empty, but a later write by root keeps the bit. openat2
 * hides its mode in a structure a filter cannot read: it fails with ENOSYS, and callers fall
 * back to openat (as on kernels before 5.6); io_uring, whose operations no filter sees, is
 * refused whole (EPERM: callers fall back to plain syscalls, as where it is disabled). These rules are bubblewrap's filter too
 * (LL_MODE_SETID_ONLY): as root in its user namespace, a command owns root's files. */
static const struct rule setid_rules[] = {
        { "chmod", 0, T_MODE_ARG1, false, 0 },
        { "fchmod", 0, T_MODE_ARG1, false, 0 },
        { "fchmodat", 0, T_MODE_ARG2, false, 0 },
        { "fchmodat2", 452, T_MODE_ARG2, false, 0 },
        { "creat", 0, T_MODE_ARG1, false, 0 },
        { "mknod", 0, T_MODE_ARG1, false, 0 },
        { "mknodat", 0, T_MODE_ARG2, false, 0 },
        { "open", 0, T_OPEN_FLAGS1, false, 0 },
        { "openat", 0, T_OPEN_FLAGS2, false, 0 },
        { "openat2", 437, T_ENOSYS, false, 0 },
        /* io_uring's own openat runs outside any filter: a file made there with a set-ID bit
         * (EPERM, as when io_uring is disabled; read-only refuses it among the rules above) */
        { "io_uring_setup", 425, T_EPERM, false, 0 },
        { "io_uring_enter", 426, T_EPERM, false, 0 },
        { "io_uring_register", 427, T_EPERM, false, 0 },
        /* Not a set-ID bit, but refused wherever the guard is: a file's write-life hint (EPERM), in
         * workspace-write too, where a filter cannot tell the workspace's files from a host file
         * the user owns, opened for reading (emit_fcntl). seal-read-only takes read-only's rule. */
        { "fcntl", 0, T_FCNTL, false, 0 },
        { "fcntl64", 0, T_FCNTL, false, 0 },
};
#define N_SETID_RULES (sizeof(setid_rules) / sizeof(setid_rules[0]))

/* bubblewrap (setid-only): its namespaces do not separate a file system's encryption
 * keyring, which its read-only binds do not protect either (the keys are not written to disk),
 * nor the kernel keyrings: its user namespace has a user keyring of its own, but the caller's
 * session keyring is inherited, and the host user's keyring is reached by its serial number
 * (/proc/keys shows it; a key checks the uid, not the namespace). A key added to either outlived
 * the run, and one unlinked or revoked was the user's (security review). Refused whole, as under
 * Landlock. */
static const struct rule bwrap_rules[] = {
        { "ioctl", 0, T_KEY_IOCTL, false, 0 },
        { "add_key", 0, T_EACCES, false, 0 },
        { "request_key", 0, T_EACCES, false, 0 },
        { "keyctl", 0, T_EACCES, false, 0 },
        /* A new file system, or an existing one's context, through the new mount API. The launcher's
         * Landlock domain refuses mount(2) and move_mount(2), not these: in a user, mount and cgroup
         * namespace of its own, the command got a cgroup2 file system rooted at the cgroup it runs
         * in, as a detached mount (a descriptor, no path, beneath no read-only bind), and wrote the
         * host's cgroup files through it and made cgroups that outlive the run (redteam review: as
         * root, or in a cgroup delegated to the user). EPERM, as Landlock refuses a mount. */
        { "fsopen", 430, T_EPERM, false, 0 },
        { "fspick", 433, T_EPERM, false, 0 },
        /* A pinned BPF map of the host's, reached by its path (BPF_OBJ_GET): neither the
         * read-only binds nor the launcher's Landlock domain see it, and a read-only run wrote
         * one (escape review 54). EPERM, as under Landlock. */
        { "bpf", 0, T_EPERM, false, 0 },
        /* clone3's CLONE_INTO_CGROUP: a child started in a host cgroup by a directory descriptor
         * opened for reading, which the read-only binds do not stop (escape review 54). ENOSYS, as
         * under Landlock: the C library falls back to clone. */
        { "clone3", 435, T_ENOSYS, false, 0 },
};
#define N_BWRAP_RULES (sizeof(bwrap_rules) / sizeof(bwrap_rules[0]))

/* ioctl commands refused in both modes, and by bubblewrap's filters: a timerfd's count of
 * expirations set (TFD_IOC_SET_TICKS, for checkpoint and restore: it adds to the count, wakes the
 * readers, and no one can tell the count from the timer's own). Through the caller's --keep-fd of
 * a timerfd a read-only run recorded full gave the caller's timer 1000 expirations that never
 * happened, which the caller's next read took as its own, under both backends (escape60). Defined
 * here: <linux/timerfd.h> brings the kernel's <linux/fcntl.h>, which the C library's clashes with. */
#define TFD_IOC_SET_TICKS _IOW('T', 0, uint64_t)
static const uint32_t timerfd_ioctls[] = { (uint32_t) TFD_IOC_SET_TICKS };
/* ioctl commands refused in both modes, and by bubblewrap's filters: typing into the caller's
 * terminal (emit_key_ioctl() says why bubblewrap's too); and changing it for everyone after the
 * run, beyond its settings: another line discipline (TIOCSETD: N_NULL threw away whatever was
 * typed and written, and nothing typed could undo it) and the exclusive mode (TIOCEXCL: every
 * later open but root's failed with EBUSY), both left on the caller's terminal by read-only runs
 * recorded full, under either backend (escape56). */
static const uint32_t tty_inject_ioctls[] = { TIOCSTI, TIOCLINUX, TIOCSETD, TIOCEXCL };
/* ... and a serial line's own state, which termios does not hold and sbx does not give back: its
 * break condition (TIOCSBRK holds the line in break until TIOCCBRK; tcsendbreak's timed TCSBRK
 * stays), its modem lines (TIOCMSET, TIOCMBIS, TIOCMBIC: a DTR dropped hangs up a modem, an RTS
 * dropped stops the other end's output, for as long as the caller holds the line open) and the
 * port's settings (TIOCSSERIAL, TIOCSRS485, TIOCSISO7816: the flags a user may set, ASYNC_SPD_*
 * and low latency, are the port's, kept after its last close until the next boot; a read-only run
 * on a caller's /dev/ttyS0 dropped its RTS and set its low-latency flag, recorded full: escape58).
 * On a pseudo-terminal these do nothing or fail already (ENOTTY). */
static const uint32_t tty_line_ioctls[] = {
        TIOCSBRK, TIOCCBRK, TIOCMSET, TIOCMBIS, TIOCMBIC, TIOCSSERIAL, TIOCSRS485, (uint32_t) TIOCSISO7816,
};
/* ... and, when that terminal is a Linux virtual console, its own commands (KD*, VT_*: plain
 * numbers, no size or direction bits, of type 'K' and 'V'): the keyboard mode, keymap, font and
 * screen map, which outlive the run (K_OFF leaves the console without a keyboard), and switching
 * to another console (security review). */
#define VT_IOCTL_MASK 0xffffff00U
static const uint32_t vt_ioctl_types[] = { 0x4b00U, 0x5600U };
/* ioctl commands refused in both modes: the file system's encryption keyring, reached through
 * any fd on that file system, even one opened for reading. A key added stays there until the file
 * system is unmounted, and removing one (the user's claim on it) locks the user's encrypted
 * directories on the host, like the kernel keyrings above (security review). */
static const uint32_t fs_key_ioctls[] = {
        (uint32_t) FS_IOC_ADD_ENCRYPTION_KEY,
        (uint32_t) FS_IOC_REMOVE_ENCRYPTION_KEY,
        (uint32_t) FS_IOC_REMOVE_ENCRYPTION_KEY_ALL_USERS,
};
/* ... and, in both modes too, the inode changes that cannot be undone: an empty directory given an
 * encryption policy (a v1 policy needs no key: with none the directory is unusable until
 * removed), fs-verity (the file stays read-only for good). A filter cannot tell the workspace
 * apart, and hardly a command needs them there (security review). Also ext4's "get" of the
 * passphrase salt, which makes one and writes it into the file system's superblock when it has
 * none, through any fd on it, with no permission asked: a change of the whole file system, never
 * of the workspace, that no later run undoes (escape50: workspace-write allowed it, its partial
 * reason naming only chmod, chown, utime, xattr and inode flags); a salt serves only the v1
 * policies the first entry refuses to set. */
static const uint32_t irreversible_ioctls[] = {
        (uint32_t) FS_IOC_SET_ENCRYPTION_POLICY,
        (uint32_t) FS_IOC_ENABLE_VERITY,
        (uint32_t) FS_IOC_GET_ENCRYPTION_PWSALT,
};
/* ... and btrfs's subvolume commands, in both modes: they make (a new subvolume or a snapshot) or
 * remove a directory in the directory whose fd they get, or make a subvolume read-only, and
 * Landlock, which governs mkdir and rmdir, never sees them (security review: a workspace-write run
 * made subvolumes outside the workspace, where its mkdir was denied). Matched by type and number
 * (the low 16 bits): SNAP_CREATE, SUBVOL_CREATE, SNAP_DESTROY, SNAP_CREATE_V2, SUBVOL_CREATE_V2,
 * SUBVOL_SETFLAGS, SNAP_DESTROY_V2; and the other two that change a subvolume: SET_RECEIVED_SUBVOL
 * (its received UUID and transids, through a read-only fd on any subvolume the user owns, which
 * btrfs send and receive then trust: escape50, allowed in workspace-write, its partial reason not
 * naming it; both struct sizes, the number matched) and DEFAULT_SUBVOL (the file system's, what
 * the next mount shows; CAP_SYS_ADMIN, which the command does not keep, refused here whatever).
 * read-only refuses every 0x94 command anyway. */
#define IOCTL_TYPE_NR_MASK 0xffffU
static const uint32_t btrfs_subvol_ioctls[] = { 0x9401U, 0x940eU, 0x940fU, 0x9413U, 0x9417U,
                                                0x9418U, 0x941aU, 0x9425U, 0x943fU };
/* ext4's own commands, not in the exported headers: its inode generation (both widths), which
 * ext4 changes without metadata_csum, and the conversion of a file to extents */
#define EXT4_IOC_SETVERSION _IOW('f', 4, long)
#define EXT4_IOC32_SETVERSION _IOW('f', 4, int)
#define EXT4_IOC_MIGRATE _IO('f', 9)
/* ioctl commands that change an inode through an fd opened for reading (read-only only). */
static const uint32_t metadata_ioctls[] = {
        (uint32_t) FS_IOC_SETFLAGS, (uint32_t) FS_IOC32_SETFLAGS,
        (uint32_t) FS_IOC_SETVERSION, (uint32_t) FS_IOC32_SETVERSION,
        (uint32_t) EXT4_IOC_SETVERSION, (uint32_t) EXT4_IOC32_SETVERSION,
        (uint32_t) EXT4_IOC_MIGRATE,
        (uint32_t) FS_IOC_FSSETXATTR,
        (uint32_t) FAT_IOCTL_SET_ATTRIBUTES,
        /* a "get" that writes: ext4 makes and stores the file system's salt when it has none
         * (refused in both of Landlock's modes first, irreversible_ioctls; here for bubblewrap's
         * read-only, EROFS) */
        (uint32_t) FS_IOC_GET_ENCRYPTION_PWSALT,
};
/* ... and every ioctl of type 0x94 (btrfs subvolume and property changes, FS_IOC_SETFSLABEL). */
#define BTRFS_IOCTL_TYPE 0x94U

/* One syscall ABI: the libseccomp token used to look numbers up, and the AUDIT_ARCH value the
 * kernel puts in seccomp_data.arch (x32 shares x86-64's, with X32_SYSCALL_BIT in the number). */
struct abi {
        uint32_t token;
        uint32_t audit_arch;
};
struct arch_info {
        uint32_t native;
        struct abi abis[3]; /* token 0 ends */
};

static const struct arch_info arches[] = {
        { SCMP_ARCH_X86_64,
          { { SCMP_ARCH_X86_64, AUDIT_ARCH_X86_64 }, { SCMP_ARCH_X32, AUDIT_ARCH_X86_64 }, { SCMP_ARCH_X86, AUDIT_ARCH_I386 } } },
        { SCMP_ARCH_X86, { { SCMP_ARCH_X86, AUDIT_ARCH_I386 } } },
        { SCMP_ARCH_AARCH64, { { SCMP_ARCH_AARCH64, AUDIT_ARCH_AARCH64 }, { SCMP_ARCH_ARM, AUDIT_ARCH_ARM } } },
        { SCMP_ARCH_ARM, { { SCMP_ARCH_ARM, AUDIT_ARCH_ARM } } },
        { SCMP_ARCH_RISCV64, { { SCMP_ARCH_RISCV64, AUDIT_ARCH_RISCV64 } } },
        { SCMP_ARCH_PPC64LE, { { SCMP_ARCH_PPC64LE, AUDIT_ARCH_PPC64LE } } },
        { SCMP_ARCH_PPC64, { { SCMP_ARCH_PPC64, AUDIT_ARCH_PPC64 }, { SCMP_ARCH_PPC, AUDIT_ARCH_PPC } } },
        { SCMP_ARCH_S390X, { { SCMP_ARCH_S390X, AUDIT_ARCH_S390X }, { SCMP_ARCH_S390, AUDIT_ARCH_S390 } } },
};

/* ---- a small BPF assembler with forward labels --------------------------------------------- */

#define MAX_INSNS 1024
#define MAX_LABELS 256
#define NO_LABEL (-1)

struct insn {
        struct sock_filter f;
        int jt, jf; /* labels of conditional jumps, NO_LABEL: fall through */
};

struct prog {
        struct insn v[MAX_INSNS];
        size_t n;
        int label_at[MAX_LABELS]; /* instruction index, -1 while unplaced */
        int n_labels;
        int err;
};

static int new_label(struct prog *p) {
        if (p->n_labels >= MAX_LABELS) {
                p->err = -E2BIG;
                return 0;
        }
        p->label_at[p->n_labels] = -1;
        return p->n_labels++;
}

static void place(struct prog *p, int label) {
        p->label_at[label] = (int) p->n;
}

static void emit(struct prog *p, uint16_t code, uint32_t k, int jt, int jf) {
        if (p->n >= MAX_INSNS) {
                p->err = -E2BIG;
                return;
        }
        p->v[p->n++] = (struct insn) { .f = { .code = code, .k = k }, .jt = jt, .jf = jf };
}

/* An unconditional jump to `label`, further than a conditional one reaches (255 instructions). */
static void emit_ja(struct prog *p, int label) {
        emit(p, BPF_JMP | BPF_JA, 0, label, NO_LABEL);
}

static void ret(struct prog *p, uint32_t action) {
        emit(p, BPF_RET | BPF_K, action, NO_LABEL, NO_LABEL);
}

static int finish(struct prog *p, struct sock_filter *out) {
        if (p->err)
                return p->err;
        for (size_t i = 0; i < p->n; i++) {
                int labels[2] = { p->v[i].jt, p->v[i].jf };
                uint8_t off[2] = { 0, 0 };

                if (p->v[i].f.code == (BPF_JMP | BPF_JA)) { /* emit_ja(): a 32-bit offset */
                        if (p->label_at[labels[0]] <= (int) i)
                                return -EINVAL;
                        out[i] = p->v[i].f;
                        out[i].k = (uint32_t) (p->label_at[labels[0]] - (int) i - 1);
                        continue;
                }

                for (int j = 0; j < 2; j++) {
                        long d;
                        if (labels[j] == NO_LABEL)
                                continue;
                        if (p->label_at[labels[j]] < 0)
                                return -EINVAL;
                        d = (long) p->label_at[labels[j]] - (long) i - 1;
                        if (d < 0 || d > 255)
                                return -E2BIG;
                        off[j] = (uint8_t) d;
                }
                out[i] = p->v[i].f;
                out[i].jt = off[0];
                out[i].jf = off[1];
        }
        return 0;
}

/* ---- the filter ---------------------------------------------------------------------------- */

/* the IPC_64 flag a 32-bit caller may add to a System V control command */
#define IPC_64_FLAG 0x100U

/* Loads the low 32 bits of args[i] (the whole of an int argument). */
static void load_arg_low(struct prog *p, int i) {
        emit(p, BPF_LD | BPF_W | BPF_ABS,
             (uint32_t) (offsetof(struct seccomp_data, args) + (size_t) i * sizeof(uint64_t) +
                         (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? 4 : 0)),
             NO_LABEL, NO_LABEL);
}

/* Loads the high 32 bits of args[i] (with the low ones: a 64-bit pointer). */
static void load_arg_high(struct prog *p, int i) {
        emit(p, BPF_LD | BPF_W | BPF_ABS,
             (uint32_t) (offsetof(struct seccomp_data, args) + (size_t) i * sizeof(uint64_t) +
                         (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? 0 : 4)),
             NO_LABEL, NO_LABEL);
}

struct entry {
        uint32_t nr;
        int label;
};

static int cmp_entry(const void *a, const void *b) {
        const struct entry *x = a, *y = b;
        return x->nr < y->nr ? -1 : x->nr > y->nr;
}

/* Binary search over entries[lo, hi) sorted by nr: each syscall number walks about log2(n)+2
 * instructions to its return. */
static void emit_tree(struct prog *p, const struct entry *e, size_t lo, size_t hi) {
        size_t mid;
        int right;

        if (hi - lo <= 3) {
                for (size_t i = lo; i < hi; i++)
                        emit(p, BPF_JMP | BPF_JEQ | BPF_K, e[i].nr, e[i].label, NO_LABEL);
                ret(p, SECCOMP_RET_ALLOW);
                return;
        }
        mid = lo + (hi - lo) / 2;
        right = new_label(p);
        emit(p, BPF_JMP | BPF_JGE | BPF_K, e[mid].nr, right, NO_LABEL);
        emit_tree(p, e, lo, mid);
        place(p, right);
        emit_tree(p, e, mid, hi);
}

/* Whether System V IPC goes through ipc() on this ABI in libseccomp's tables (and so has the
 * direct syscalls 393-402 since Linux 5.1). */
static bool ipc_multiplexed(uint32_t token) {
        return token == SCMP_ARCH_X86 || token == SCMP_ARCH_PPC || token == SCMP_ARCH_PPC64 ||
               token == SCMP_ARCH_PPC64LE || token == SCMP_ARCH_S390 || token == SCMP_ARCH_S390X;
}

static bool resolve(uint32_t token, const struct rule *r, uint32_t *ret_nr) {
        int nr = seccomp_syscall_resolve_name_arch(token, r->name);

        if (nr >= 0) {
                *ret_nr = (uint32_t) nr;
                return true;
        }
        if (nr != __NR_SCMP_ERROR && r->direct_nr != 0 && ipc_multiplexed(token)) {
                *ret_nr = r->direct_nr;
                return true;
        }
        /* unknown to this libseccomp: a syscall newer than it; or absent on this ABI (then
         * libseccomp answers with a negative pseudo number and there is nothing to filter) */
        if (nr != __NR_SCMP_ERROR || r->generic_nr == 0)
                return false;
        *ret_nr = r->generic_nr | (token == SCMP_ARCH_X32 ? X32_SYSCALL_BIT : 0);
        return true;
}

/* Jumps to `label` when the accumulator equals one of v[n]. */
static void emit_jeq_any(struct prog *p, const uint32_t *v, size_t n, int label) {
        for (size_t k = 0; k < n; k++)
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, v[k], label, NO_LABEL);
}
#define EMIT_JEQ_ANY(p, v, label) emit_jeq_any(p, v, sizeof(v) / sizeof(v[0]), label)

/* The arch dispatch: one section per distinct AUDIT_ARCH value; section[i] is the label of ABI
 * i's (ABIs sharing an AUDIT_ARCH share it). Any other arch kills the process. */
static void emit_arch_dispatch(struct prog *p, const struct arch_info *a, size_t n_abi, int *section) {
        emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), NO_LABEL, NO_LABEL);
        for (size_t i = 0; i < n_abi; i++) {
                section[i] = -1;
                for (size_t j = 0; j < i; j++)
                        if (a->abis[j].audit_arch == a->abis[i].audit_arch)
                                section[i] = section[j];
                if (section[i] >= 0)
                        continue;
                section[i] = new_label(p);
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, a->abis[i].audit_arch, section[i], NO_LABEL);
        }
        ret(p, SECCOMP_RET_KILL_PROCESS);
}

/* Whether a syscall is among the metadata rules (read_only in rules[]): seal-read-only refuses it
 * whole, so the set-ID guard's check of its mode is not added for it. */
static bool metadata_rule(const char *name) {
        for (size_t k = 0; k < N_RULES; k++)
                if (rules[k].read_only && strcmp(rules[k].name, name) == 0)
                        return true;
        return false;
}

/* Appends to e[n] the entries of r[n_rules] that ABI `token` has and `mode` filters; returns the new n. */
static size_t add_rules(enum ll_mode mode, uint32_t token, const struct rule *r, size_t n_rules, const int *targets,
                        struct entry *e, size_t n) {
        for (size_t k = 0; k < n_rules; k++) {
                enum target t = r[k].target;
                uint32_t nr;

                if (mode == LL_MODE_SEAL_READ_ONLY) {
                        if (r == rules && !r[k].read_only)
                                continue; /* Landlock's own: bubblewrap's namespaces cover them */
                        if (r == setid_rules && metadata_rule(r[k].name))
                                continue;
                        if (r == rules && t == T_EACCES)
                                t = T_EROFS;
                } else if (r[k].read_only && mode != LL_MODE_READ_ONLY)
                        continue;
                if (resolve(token, &r[k], &nr))
                        e[n++] = (struct entry) { nr, targets[t] };
        }
        return n;
}

/* The syscall-number tree of section[i], the first ABI of its section. */
static void emit_section(struct prog *p, enum ll_mode mode, const struct arch_info *a, size_t n_abi,
                         const int *section, size_t i, const int *targets) {
        struct entry e[3 * (N_RULES + N_SETID_RULES + N_BWRAP_RULES)];
        bool landlock = mode == LL_MODE_READ_ONLY || mode == LL_MODE_WORKSPACE_WRITE;
        bool setid_guard = mode != LL_MODE_READ_ONLY;
        int far[_T_MAX], near[_T_MAX];
        size_t n = 0, m = 0, n_near = 0;

        /* every ABI sharing this section's AUDIT_ARCH (x86-64 and x32) */
        for (size_t j = i; j < n_abi; j++) {
                uint32_t token = a->abis[j].token;

                if (section[j] != section[i])
                        continue;
                if (landlock || mode == LL_MODE_SEAL_READ_ONLY)
                        n = add_rules(mode, token, rules, N_RULES, targets, e, n);
                if (setid_guard)
                        n = add_rules(mode, token, setid_rules, N_SETID_RULES, targets, e, n);
                if (!landlock)
                        n = add_rules(mode, token, bwrap_rules, N_BWRAP_RULES, targets, e, n);
        }
        qsort(e, n, sizeof(e[0]), cmp_entry);
        for (size_t k = 0; k < n; k++) /* drop duplicates */
                if (m == 0 || e[m - 1].nr != e[k].nr)
                        e[m++] = e[k];
        /* The leaves jump to the targets through an unconditional jump right after the tree: the
         * targets come after every section's tree, which the first section's leaves no longer
         * reached with a conditional jump (255 instructions) once the message-queue rules were
         * added (escape review 54). */
        for (size_t k = 0; k < m; k++) {
                size_t t = 0;

                while (t < n_near && far[t] != e[k].label)
                        t++;
                if (t == n_near) {
                        far[n_near] = e[k].label;
                        near[n_near++] = new_label(p);
                }
                e[k].label = near[t];
        }
        place(p, section[i]);
        emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), NO_LABEL, NO_LABEL);
        emit_tree(p, e, 0, m);
        for (size_t t = 0; t < n_near; t++) {
                place(p, near[t]);
                emit_ja(p, far[t]);
        }
}

/* The inode-changing ioctls and every one of type 0x94, the command (args[1]'s low 32 bits) in the
 * accumulator, jump to refused; the accumulator is left masked. */
static void emit_metadata_ioctls(struct prog *p, int refused) {
        EMIT_JEQ_ANY(p, metadata_ioctls, refused);
        emit(p, BPF_ALU | BPF_AND | BPF_K, 0xff00U, NO_LABEL, NO_LABEL);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, BTRFS_IOCTL_TYPE << 8, refused, NO_LABEL);
}

/* Jumps to `eperm` when the command (args[1]'s low 32 bits, in the accumulator) types into a
 * terminal, changes its line discipline or exclusive mode, a serial line's break, modem lines or
 * port settings, stops its output (TCXONC's TCOOFF in
 * args[2]: the caller's writes to its terminal blocked after the run, and with IXON cleared, a
 * setting, no key restarts it; escape56), or is a virtual console's own; the accumulator is left
 * masked. */
static void emit_tty_ioctls(struct prog *p, int eperm) {
        int other = new_label(p);

        EMIT_JEQ_ANY(p, tty_inject_ioctls, eperm);
        EMIT_JEQ_ANY(p, tty_line_ioctls, eperm);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, TCXONC, NO_LABEL, other);
        load_arg_low(p, 2);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, TCOOFF, eperm, NO_LABEL);
        load_arg_low(p, 1);
        place(p, other);
        emit(p, BPF_ALU | BPF_AND | BPF_K, VT_IOCTL_MASK, NO_LABEL, NO_LABEL);
        EMIT_JEQ_ANY(p, vt_ioctl_types, eperm);
}

/* setid-only's ioctl: the file-system keyring commands refused, ext4's salt written into the
 * superblock (through the workspace's writable bind: a change of the whole file system, as under
 * Landlock, irreversible_ioctls) and btrfs's subvolume commands, as in both of Landlock's modes: a
 * directory descriptor of the host's own mount that reaches the command (a host service's over a
 * socket file, SCM_RIGHTS) is on none of bubblewrap's read-only binds, and Landlock's
 * MAKE_DIR and REMOVE_DIR never see a subvolume made or removed there (escape review
 * 53: a workspace-write run made subvolumes and snapshots in such a directory, destroyed
 * subvolumes and made one read-only, recorded full; the filter cannot tell the workspace apart);
 * seal-read-only's also the inode changes (EROFS), the salt and every btrfs command among them.
 * Both refuse typing into a terminal and a virtual console's own commands (EPERM), as Landlock's
 * filter does: bubblewrap's new session leaves the command no controlling terminal, but
 * a terminal that leads no session (a harness's openpty(3) on stdin) becomes one for a command
 * that starts a session of its own and asks for it (TIOCSCTTY), and what TIOCSTI then typed
 * waited in its input queue for the caller's next reader, outside the sandbox (escape review 51:
 * 'echo PWNED' left there by a read-only run, recorded full). */
static void emit_key_ioctl(struct prog *p, enum ll_mode mode, const int *targets, int eacces, int eperm,
                           int erofs) {
        place(p, targets[T_ALLOW]);
        ret(p, SECCOMP_RET_ALLOW);
        place(p, targets[T_KEY_IOCTL]);
        load_arg_low(p, 1);
        EMIT_JEQ_ANY(p, fs_key_ioctls, eacces);
        EMIT_JEQ_ANY(p, timerfd_ioctls, eperm);
        emit_tty_ioctls(p, eperm);
        load_arg_low(p, 1);
        if (mode == LL_MODE_SEAL_READ_ONLY) {
                emit_metadata_ioctls(p, erofs);
        } else {
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t) FS_IOC_GET_ENCRYPTION_PWSALT, eacces, NO_LABEL);
                emit(p, BPF_ALU | BPF_AND | BPF_K, IOCTL_TYPE_NR_MASK, NO_LABEL, NO_LABEL);
                EMIT_JEQ_ANY(p, btrfs_subvol_ioctls, eacces);
        }
        ret(p, SECCOMP_RET_ALLOW);
}

/* read-only's and workspace-write's ioctl, then the allowing target. */
static void emit_ioctl(struct prog *p, enum ll_mode mode, const int *targets, int eacces, int eperm) {
        /* ioctl: the command is the low 32 bits of args[1] on every ABI */
        place(p, targets[T_IOCTL]);
        load_arg_low(p, 1);
        EMIT_JEQ_ANY(p, fs_key_ioctls, eacces);
        EMIT_JEQ_ANY(p, irreversible_ioctls, eacces);
        EMIT_JEQ_ANY(p, timerfd_ioctls, eperm);
        emit_tty_ioctls(p, eperm);
        load_arg_low(p, 1);
        emit(p, BPF_ALU | BPF_AND | BPF_K, IOCTL_TYPE_NR_MASK, NO_LABEL, NO_LABEL);
        EMIT_JEQ_ANY(p, btrfs_subvol_ioctls, eacces);
        if (mode == LL_MODE_READ_ONLY) {
                load_arg_low(p, 1);
                emit_metadata_ioctls(p, eacces);
        }
        place(p, targets[T_ALLOW]);
        ret(p, SECCOMP_RET_ALLOW);
}

/* Another process's scheduling, both modes: made only for pid 0 (and, for the two calls with a
 * `which`, only its process kind), else refused or, for the sched_set* calls, answered as done and
 * not made. Before the IPC block, whose refusals jump to the end within a conditional jump's reach
 * (255 instructions). */
static void emit_sched(struct prog *p, const int *targets) {
        int refused = new_label(p), unmade = new_label(p), allow = new_label(p), who = new_label(p);

        place(p, targets[T_PRIO_WHO2]);
        load_arg_low(p, 0);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0 /* PRIO_PROCESS */, who, refused);
        place(p, targets[T_IOPRIO_WHO2]);
        load_arg_low(p, 0);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 1 /* IOPRIO_WHO_PROCESS */, who, refused);
        place(p, who);
        load_arg_low(p, 1);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, allow, refused);
        place(p, targets[T_PID0]);
        load_arg_low(p, 0);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, allow, unmade);
        place(p, refused);
        ret(p, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
        place(p, unmade);
        ret(p, SECCOMP_RET_ERRNO | 0); /* 0: answered as done, not made */
        place(p, allow);
        ret(p, SECCOMP_RET_ALLOW);
}

/* System V IPC and message queues, both modes (every jump goes forward, so each block ends by
 * allowing); then prlimit64. */
static void emit_ipc(struct prog *p, const int *targets, int eacces) {
        int setting, allow;

        for (int g = 0; g < 2; g++) {
                place(p, targets[g ? T_IPC_GET2 : T_IPC_GET1]);
                load_arg_low(p, 0);
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0 /* IPC_PRIVATE */, eacces, NO_LABEL);
                load_arg_low(p, g ? 2 : 1);
                emit(p, BPF_JMP | BPF_JSET | BPF_K, IPC_CREAT, eacces, NO_LABEL);
                ret(p, SECCOMP_RET_ALLOW);
        }
        for (int g = 0; g < 3; g++) {
                place(p, targets[g == 2 ? T_SHMCTL1 : g ? T_IPC_CTL2 : T_IPC_CTL1]);
                load_arg_low(p, g == 1 ? 2 : 1);
                emit(p, BPF_ALU | BPF_AND | BPF_K, ~(uint32_t) IPC_64_FLAG, NO_LABEL, NO_LABEL);
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, IPC_RMID, eacces, NO_LABEL);
                emit(p, BPF_JMP | BPF_JEQ | BPF_K, IPC_SET, eacces, NO_LABEL);
                if (g == 1) { /* semctl: a semaphore's value set */
                        emit(p, BPF_JMP | BPF_JEQ | BPF_K, SETVAL, eacces, NO_LABEL);
                        emit(p, BPF_JMP | BPF_JEQ | BPF_K, SETALL, eacces, NO_LABEL);
                }
                if (g == 2) { /* shmctl: the segment locked in memory, or unlocked */
                        emit(p, BPF_JMP | BPF_JEQ | BPF_K, SHM_LOCK, eacces, NO_LABEL);
                        emit(p, BPF_JMP | BPF_JEQ | BPF_K, SHM_UNLOCK, eacces, NO_LABEL);
                }
                ret(p, SECCOMP_RET_ALLOW);
        }
        place(p, targets[T_SHMAT2]);
        load_arg_low(p, 2);
        emit(p, BPF_JMP | BPF_JSET | BPF_K, SHM_RDONLY, NO_LABEL, eacces);
        ret(p, SECCOMP_RET_ALLOW);
        place(p, targets[T_MQ_CREAT1]);
        load_arg_low(p, 1);
        emit(p, BPF_JMP | BPF_JSET | BPF_K, O_CREAT, eacces, NO_LABEL);
        ret(p, SECCOMP_RET_ALLOW);

        setting = new_label(p);
        allow = new_label(p);
        place(p, targets[T_PRLIMIT]);
        load_arg_low(p, 0);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, allow, NO_LABEL); /* pid 0: itself */
        load_arg_low(p, 2);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, NO_LABEL, setting);
        load_arg_high(p, 2);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, allow, NO_LABEL); /* new limit NULL: only reading */
        place(p, setting);
        ret(p, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
        place(p, allow);
        ret(p, SECCOMP_RET_ALLOW);
}

/* fcntl in every mode (Landlock's read-only: EACCES; bubblewrap's seal-read-only: EROFS;
 * workspace-write under either: EPERM, as the kernel answers for a file not the caller's): a
 * file's write-life hint is its inode's, kept after the run, and its owner may set it through a
 * descriptor opened for reading, on any mount (F_SET_RW_HINT: a read-only run set it on a host file
 * of the user's under both backends, escape57, and a workspace-write run outside the workspace,
 * recorded full under bubblewrap, escape58; F_SET_FILE_RW_HINT, a description's, before Linux
 * 5.18). A filter cannot tell the workspace's files, and a hint is advice to the storage device:
 * refused on them too, which changes no file's content. Both widths' commands are the low 32 bits
 * of args[1]. */
#define FCNTL_SET_RW_HINT 1036U      /* F_LINUX_SPECIFIC_BASE + 12 */
#define FCNTL_SET_FILE_RW_HINT 1038U /* F_LINUX_SPECIFIC_BASE + 14 */

static void emit_fcntl(struct prog *p, const int *targets, int err) {
        int refused = new_label(p);

        place(p, targets[T_FCNTL]);
        load_arg_low(p, 1);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, FCNTL_SET_RW_HINT, refused, NO_LABEL);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, FCNTL_SET_FILE_RW_HINT, refused, NO_LABEL);
        ret(p, SECCOMP_RET_ALLOW);
        place(p, refused);
        ret(p, SECCOMP_RET_ERRNO | ((uint32_t) err & SECCOMP_RET_DATA));
}

/* The set-ID guard (workspace-write and setid-only): the low 32 bits of the mode argument. */
static void emit_setid_guard(struct prog *p, const int *targets, int eacces) {
        place(p, targets[T_MODE_ARG1]);
        load_arg_low(p, 1);
        emit(p, BPF_JMP | BPF_JSET | BPF_K, S_ISUID | S_ISGID, eacces, NO_LABEL);
        ret(p, SECCOMP_RET_ALLOW); /* jumps only go forward */
        place(p, targets[T_MODE_ARG2]);
        load_arg_low(p, 2);
        emit(p, BPF_JMP | BPF_JSET | BPF_K, S_ISUID | S_ISGID, eacces, NO_LABEL);
        ret(p, SECCOMP_RET_ALLOW); /* jumps only go forward */
        /* open and openat: the mode counts only when a file is made (without O_CREAT or
         * O_TMPFILE it is whatever the register held) */
        for (int g = 0; g < 2; g++) {
                int made = new_label(p);

                place(p, targets[g ? T_OPEN_FLAGS2 : T_OPEN_FLAGS1]);
                load_arg_low(p, g ? 2 : 1);
                emit(p, BPF_JMP | BPF_JSET | BPF_K, O_CREAT | TMPFILE_BIT, made, NO_LABEL);
                ret(p, SECCOMP_RET_ALLOW);
                place(p, made);
                load_arg_low(p, g ? 3 : 2);
                emit(p, BPF_JMP | BPF_JSET | BPF_K, S_ISUID | S_ISGID, eacces, NO_LABEL);
                ret(p, SECCOMP_RET_ALLOW);
        }
}

/* The core-dump lock. Where core_pattern hands a crash to a handler of the host's (a pipe), which
 * the kernel starts outside every sandbox and which may store the crashing command's memory where
 * it likes, in read-only too (escape review 50: systemd-coredump, apport), the launcher gives the
 * command an RLIMIT_CORE of 1 byte: the one limit at which the kernel aborts such a dump
 * (fs/coredump.c; its own handlers run with it). This filter keeps the command from changing it,
 * lowering included (at 0 the kernel hands the handler the crash all the same): setrlimit, and
 * prlimit64 with a new limit and no old one asked for, are answered as done and not made (a
 * refusal broke `ulimit -c unlimited` under `set -e`, and programs that lower it before they hold
 * secrets and stop when they cannot); prlimit64 that asks for the old limit too is refused
 * (EPERM), as its answer could not be given. */
#define CORE_LOCK_RESOURCE 4U /* RLIMIT_CORE, the same on every architecture handled here */

static const struct rule core_lock_rules[] = {
        /* (the target field is unused: build_core_lock() checks each call's own arguments) */
        { "setrlimit", 0, T_ALLOW, false, 0 }, /* the resource in args[0] */
        { "prlimit64", 0, T_ALLOW, false, 0 }, /* the resource in args[1], the new limit in args[2], the old in args[3] */
};

static int build_core_lock(const struct arch_info *a, struct prog *p) {
        int set = new_label(p), prlimit = new_label(p), change = new_label(p), unmade = new_label(p),
            refused = new_label(p), allow = new_label(p);
        int section[3];
        size_t n_abi = 0;

        while (n_abi < 3 && a->abis[n_abi].token)
                n_abi++;
        emit_arch_dispatch(p, a, n_abi, section);
        for (size_t i = 0; i < n_abi; i++) {
                struct entry e[3 * 2];
                size_t n = 0;
                bool first = true;

                for (size_t j = 0; j < i; j++)
                        if (section[j] == section[i])
                                first = false;
                if (!first)
                        continue;
                /* every ABI sharing this section's AUDIT_ARCH (x86-64 and x32) */
                for (size_t j = i; j < n_abi; j++)
                        for (size_t k = 0; section[j] == section[i] && k < 2; k++) {
                                uint32_t nr;

                                if (resolve(a->abis[j].token, &core_lock_rules[k], &nr))
                                        e[n++] = (struct entry) { nr, k == 0 ? set : prlimit };
                        }
                qsort(e, n, sizeof(e[0]), cmp_entry);
                place(p, section[i]);
                emit(p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), NO_LABEL, NO_LABEL);
                emit_tree(p, e, 0, n);
        }
        place(p, set);
        load_arg_low(p, 0);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, CORE_LOCK_RESOURCE, unmade, allow);
        place(p, prlimit);
        load_arg_low(p, 1);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, CORE_LOCK_RESOURCE, NO_LABEL, allow);
        load_arg_low(p, 2);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, NO_LABEL, change);
        load_arg_high(p, 2);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, allow, change); /* new limit NULL: only reading */
        place(p, change);
        load_arg_low(p, 3);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, NO_LABEL, refused);
        load_arg_high(p, 3);
        emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, unmade, refused); /* the old limit asked for: refused */
        place(p, unmade);
        ret(p, SECCOMP_RET_ERRNO | 0); /* 0: answered as done, not made */
        place(p, refused);
        ret(p, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
        place(p, allow);
        ret(p, SECCOMP_RET_ALLOW);
        return 0;
}

static int build(enum ll_mode mode, const struct arch_info *a, struct prog *p) {
        int targets[_T_MAX], section[3], eacces, eperm, erofs;
        size_t n_abi = 0;

        if (mode == LL_MODE_CORE_LOCK)
                return build_core_lock(a, p);
        for (int t = 0; t < _T_MAX; t++)
                targets[t] = new_label(p);
        while (n_abi < 3 && a->abis[n_abi].token)
                n_abi++;

        emit_arch_dispatch(p, a, n_abi, section);
        for (size_t i = 0; i < n_abi; i++) {
                bool first = true;

                for (size_t j = 0; j < i; j++)
                        if (section[j] == section[i])
                                first = false;
                if (first)
                        emit_section(p, mode, a, n_abi, section, i, targets);
        }

        /* The trees' own refusals, next to them: a conditional jump reaches 255 instructions, and
         * the blocks below have theirs at their end. */
        place(p, targets[T_EACCES]);
        ret(p, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA));
        place(p, targets[T_EPERM]);
        ret(p, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
        place(p, targets[T_EROFS]);
        ret(p, SECCOMP_RET_ERRNO | (EROFS & SECCOMP_RET_DATA));
        place(p, targets[T_ENOSYS]); /* openat2 in the set-ID guard, clone3 in every mode */
        ret(p, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
        eacces = new_label(p);
        eperm = new_label(p);
        erofs = new_label(p);
        emit_fcntl(p, targets, mode == LL_MODE_READ_ONLY ? EACCES : mode == LL_MODE_SEAL_READ_ONLY ? EROFS : EPERM);

        if (mode == LL_MODE_SETID_ONLY || mode == LL_MODE_SEAL_READ_ONLY) {
                emit_key_ioctl(p, mode, targets, eacces, eperm, erofs);
        } else {
                /* Landlock's ioctl block is the longest: the trees reach it through an
                 * unconditional jump, and the IPC block comes first, within a conditional
                 * jump's reach (255 instructions) */
                int ioctl = new_label(p);
                place(p, targets[T_IOCTL]);
                emit_ja(p, ioctl);
                targets[T_IOCTL] = ioctl;
                emit_sched(p, targets);
                emit_ipc(p, targets, eacces);
                emit_ioctl(p, mode, targets, eacces, eperm);
        }
        if (mode != LL_MODE_READ_ONLY)
                emit_setid_guard(p, targets, eacces);
        place(p, eacces);
        ret(p, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA));
        place(p, eperm);
        ret(p, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
        place(p, erofs);
        ret(p, SECCOMP_RET_ERRNO | (EROFS & SECCOMP_RET_DATA));
        return 0;
}

int ll_seccomp_build(enum ll_mode mode, uint32_t native, struct sock_filter *out, size_t size, size_t *ret_len) {
        const struct arch_info *a = NULL;
        struct prog *p;
        int r;

        for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
                if (arches[i].native == native)
                        a = &arches[i];
        if (!a)
                return -EOPNOTSUPP;
        p = calloc(1, sizeof(*p));
        if (!p)
                return -ENOMEM;
        r = build(mode, a, p);
        if (r == 0 && p->n > size)
                r = -E2BIG;
        if (r == 0)
                r = finish(p, out);
        if (r == 0)
                *ret_len = p->n;
        free(p);
        return r;
}

#ifdef SBX_LL_PREBUILT
#include "landlock-seccomp-prebuilt.h"

const struct sock_filter *ll_seccomp_prebuilt(enum ll_mode mode, uint32_t native, size_t *ret_len) {
        if (native != LL_PREBUILT_ARCH)
                return NULL;
        if (mode == LL_MODE_READ_ONLY) {
                *ret_len = sizeof(ll_prebuilt_read_only) / sizeof(ll_prebuilt_read_only[0]);
                return ll_prebuilt_read_only;
        }
        if (mode == LL_MODE_SETID_ONLY) {
                *ret_len = sizeof(ll_prebuilt_setid_only) / sizeof(ll_prebuilt_setid_only[0]);
                return ll_prebuilt_setid_only;
        }
        if (mode == LL_MODE_SEAL_READ_ONLY) {
                *ret_len = sizeof(ll_prebuilt_seal_read_only) / sizeof(ll_prebuilt_seal_read_only[0]);
                return ll_prebuilt_seal_read_only;
        }
        if (mode == LL_MODE_CORE_LOCK) {
                *ret_len = sizeof(ll_prebuilt_core_lock) / sizeof(ll_prebuilt_core_lock[0]);
                return ll_prebuilt_core_lock;
        }
        *ret_len = sizeof(ll_prebuilt_workspace_write) / sizeof(ll_prebuilt_workspace_write[0]);
        return ll_prebuilt_workspace_write;
}
#else
const struct sock_filter *ll_seccomp_prebuilt(enum ll_mode mode, uint32_t native, size_t *ret_len) {
        (void) mode;
        (void) native;
        (void) ret_len;
        return NULL;
}
#endif

static int install(const struct sock_filter *filter, size_t len) {
        struct sock_fprog prog = { .len = (unsigned short) len, .filter = (struct sock_filter *) filter };

        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) < 0)
                return -errno;
        return 0;
}

/* A filter built now, for an architecture without a prebuilt one: its 8 KiB buffer on the stack of
 * this call alone. In ll_seccomp_install()'s own frame it was there for every launch, and the
 * launcher inside bubblewrap died of it under `ulimit -s 32` (2 runs in 12). */
__attribute__((noinline)) static int install_built(enum ll_mode mode, uint32_t native) {
        struct sock_filter filter[MAX_INSNS];
        size_t len;
        int r = ll_seccomp_build(mode, native, filter, MAX_INSNS, &len);

        return r < 0 ? r : install(filter, len);
}

int ll_seccomp_install(enum ll_mode mode) {
        uint32_t native = seccomp_arch_native();
        size_t len;
        const struct sock_filter *ready = ll_seccomp_prebuilt(mode, native, &len);

        return ready ? install(ready, len) : install_built(mode, native);
}

bool ll_seccomp_in_force(void) {
        /* the kernel checks the descriptor before the command: without the filter, EBADF */
        return ioctl(-1, FS_IOC_REMOVE_ENCRYPTION_KEY_ALL_USERS, NULL) < 0 && errno == EACCES;
}
