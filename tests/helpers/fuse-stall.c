/* fuse-stall: a FUSE file system of one file, spoken over /dev/fuse without libfuse, whose server
 * never answers statfs(2): a file system that hangs for whoever asks it that (the command's shell
 * reads the file and runs it; a reader that checks the file system first waits for good).
 *
 *   fuse-stall DIR TEXT      (mounts on DIR, as root; DIR/x.sh holds TEXT, mode 0755)
 *   fuse-stall -n DIR        (mounts on DIR, as root, and answers nothing but the kernel's INIT:
 *                             every lookup, attribute or statfs there waits for good)
 *
 * Prints "ready" once mounted, serves until SIGTERM or SIGINT, then detaches the mount. Every
 * lookup and attribute is asked again each time (no caching). Exit status 0 after serving, 77 when
 * /dev/fuse or the mount is refused (no FUSE here, or not root), 2 on usage errors. */
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static const char *text;
static int fd;
static bool mute; /* -n: nothing answered but INIT */

static void on_signal(int sig) {
        (void) sig;
        stop = 1;
}

static void reply(uint64_t unique, int error, const void *data, size_t n) {
        char buf[sizeof(struct fuse_out_header) + 4096];
        struct fuse_out_header h = { .len = (uint32_t) (sizeof(h) + n), .error = error, .unique = unique };

        memcpy(buf, &h, sizeof(h));
        if (n)
                memcpy(buf + sizeof(h), data, n);
        (void) !write(fd, buf, h.len);
}

static void attr_of(uint64_t ino, struct fuse_attr *a) {
        memset(a, 0, sizeof(*a));
        a->ino = ino;
        a->mode = ino == FUSE_ROOT_ID ? S_IFDIR | 0755 : S_IFREG | 0755;
        a->nlink = ino == FUSE_ROOT_ID ? 2 : 1;
        a->size = ino == FUSE_ROOT_ID ? 0 : strlen(text);
        a->blksize = 4096;
}

int main(int argc, char **argv) {
        static char req[(1 << 20) + 4096];
        struct sigaction sa = { .sa_handler = on_signal };
        char opts[128];
        const char *dir;

        if (argc != 3 || strlen(argv[2]) > 4096) {
                fputs("usage: fuse-stall DIR TEXT | fuse-stall -n DIR\n", stderr);
                return 2;
        }
        mute = strcmp(argv[1], "-n") == 0;
        dir = mute ? argv[2] : argv[1];
        text = mute ? "" : argv[2];
        if ((fd = open("/dev/fuse", O_RDWR | O_CLOEXEC)) < 0) {
                fprintf(stderr, "fuse-stall: /dev/fuse: %s\n", strerror(errno));
                return 77;
        }
        snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0,allow_other", fd);
        if (mount("fuse-stall", dir, "fuse", MS_NOSUID | MS_NODEV, opts) < 0) {
                fprintf(stderr, "fuse-stall: mount: %s\n", strerror(errno));
                return 77;
        }
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
        puts("ready");
        fflush(stdout);
        while (!stop) {
                ssize_t n = read(fd, req, sizeof(req));
                struct fuse_in_header h;
                const char *in = req + sizeof(h);

                if (n < 0 && (errno == EINTR || errno == ENOENT))
                        continue; /* ENOENT: a request interrupted before it was read */
                if (n < (ssize_t) sizeof(h))
                        break;
                memcpy(&h, req, sizeof(h));
                if (mute && h.opcode != FUSE_INIT)
                        continue;
                switch (h.opcode) {
                case FUSE_INIT: {
                        struct fuse_init_in i;
                        struct fuse_init_out o = { .major = FUSE_KERNEL_VERSION, .max_write = 4096 };

                        memcpy(&i, in, sizeof(i));
                        o.minor = i.minor < FUSE_KERNEL_MINOR_VERSION ? i.minor : FUSE_KERNEL_MINOR_VERSION;
                        o.max_readahead = i.max_readahead;
                        reply(h.unique, 0, &o, sizeof(o));
                        break;
                }
                case FUSE_LOOKUP: {
                        struct fuse_entry_out o = { .nodeid = 2 };

                        if (h.nodeid != FUSE_ROOT_ID || strcmp(in, "x.sh") != 0) {
                                reply(h.unique, -ENOENT, NULL, 0);
                                break;
                        }
                        attr_of(2, &o.attr);
                        reply(h.unique, 0, &o, sizeof(o));
                        break;
                }
                case FUSE_GETATTR: {
                        struct fuse_attr_out o = { 0 };

                        attr_of(h.nodeid, &o.attr);
                        reply(h.unique, 0, &o, sizeof(o));
                        break;
                }
                case FUSE_OPEN:
                case FUSE_OPENDIR: {
                        struct fuse_open_out o = { 0 };

                        reply(h.unique, 0, &o, sizeof(o));
                        break;
                }
                case FUSE_READ: {
                        struct fuse_read_in r;
                        size_t len = strlen(text), off;

                        memcpy(&r, in, sizeof(r));
                        off = r.offset < len ? (size_t) r.offset : len;
                        len -= off;
                        reply(h.unique, 0, text + off, len < r.size ? len : r.size);
                        break;
                }
                case FUSE_STATFS: /* never answered */
                case FUSE_FORGET:
                case FUSE_BATCH_FORGET:
                case FUSE_INTERRUPT:
                        break;
                case FUSE_RELEASE:
                case FUSE_RELEASEDIR:
                case FUSE_FLUSH:
                case FUSE_READDIR:
                        reply(h.unique, 0, NULL, 0);
                        break;
                default:
                        reply(h.unique, -ENOSYS, NULL, 0);
                        break;
                }
        }
        (void) umount2(dir, MNT_DETACH);
        return 0;
}
