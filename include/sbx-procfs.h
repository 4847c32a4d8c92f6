/* sbx-procfs.h: reading the small files of /proc, for every part of sbx that needs one (header-
 * only, as the other helpers every library shares: the layout has no library for them). System
 * calls and the caller's buffer only: usable in a vfork() child. */
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* The start of file path (one read: what the kernel makes of a /proc file at once) into buf,
 * NUL-terminated: its length (0: empty), or -errno. */
static inline ssize_t sbx_read_head(const char *path, char *buf, size_t size) {
        ssize_t n;
        int fd, e;

        if (size < 1)
                return -EINVAL;
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
                return -errno;
        do
                n = read(fd, buf, size - 1);
        while (n < 0 && errno == EINTR);
        e = errno;
        close(fd);
        if (n < 0)
                return -e;
        buf[n] = '\0';
        return n;
}

/* The state of process pid as /proc/PID/stat gives it ('R', 'S', 'D', 'T', 't', 'Z', ...), or 0
 * when it cannot be read. */
static inline char sbx_process_state(pid_t pid) {
        char path[64], buf[512], *paren;

        snprintf(path, sizeof(path), "/proc/%d/stat", (int) pid);
        if (sbx_read_head(path, buf, sizeof(buf)) <= 0)
                return 0;
        paren = strrchr(buf, ')'); /* the name may hold anything, ")" included */
        return paren && paren[1] == ' ' && paren[2] ? paren[2] : 0;
}
