/* sbx-trust.h: whether a file that decides how sbx behaves (a config file, a dialect override, the
 * directories that hold them) may be believed. One rule for all of them. */
#pragma once

#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx-common.h"

/* Whether someone other than its owner may write st: its group or others, a sticky directory
 * excepted (others cannot remove or swap what is in it). A group whose id is the owner's uid is
 * taken as the owner's private group (pam_umask's test, and Debian's umask 002 for every user
 * with one): nobody else's, so a build tree or a config made under umask 002 is the owner's alone.
 * A shared primary group (gid 100, "users") is not. */
static inline bool sbx_writable_by_others(const struct stat *st) {
        mode_t writers = st->st_gid == st->st_uid ? S_IWOTH : S_IWGRP | S_IWOTH;

        return (st->st_mode & writers) && !(S_ISDIR(st->st_mode) && (st->st_mode & S_ISVTX));
}

/* 0 when st (what is at path) may be believed, else -EPERM with diag naming it as `what` ("config
 * file", "dialect directory", ...): it is the caller's or root's; nobody else may write it
 * (sbx_writable_by_others()); and a file the caller
 * can write has no other name (its protection is by path: another name, in a workspace, would
 * leave it writable; a root-owned file the caller cannot write may have others, as on ostree). */
static inline int sbx_check_trusted(struct sbx_diag *diag, const char *step, const char *what, const char *path,
                                    const struct stat *st) {
        if (st->st_uid != geteuid() && st->st_uid != 0)
                return sbx_diag_set(diag, EPERM, step, path, "%s %s belongs to uid %u, neither you nor root", what,
                                    path, (unsigned) st->st_uid);
        if (sbx_writable_by_others(st))
                return sbx_diag_set(diag, EPERM, step, path, "%s %s is writable by group or others", what, path);
        if (!S_ISDIR(st->st_mode) && st->st_nlink != 1 && (geteuid() == 0 || (st->st_uid == geteuid() && (st->st_mode & S_IWUSR))))
                return sbx_diag_set(diag, EPERM, step, path,
                                    "%s %s has another name (a hard link), where a confined command could write it",
                                    what, path);
        return 0;
}

/* The directory the file open at fd really lies in (through any symlink), into out; false when
 * the kernel cannot say. */
static inline bool sbx_fd_real_dir(int fd, char *out, size_t size) {
        char link[64], *slash;
        ssize_t n;

        snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
        n = readlink(link, out, size - 1);
        if (n <= 0 || (size_t) n >= size - 1 || out[0] != '/')
                return false;
        out[n] = '\0';
        slash = strrchr(out, '/');
        slash[slash == out ? 1 : 0] = '\0';
        return true;
}
