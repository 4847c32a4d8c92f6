/* sbx-trust.h: whether a file that decides how sbx behaves (a config file, a dialect override, the
 * directories that hold them) may be believed. One rule for all of them. */
#pragma once

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx-common.h"
#include "sbx-euid.h"
#include "sbx-realpath.h"

/* The entry on one line of an account database, where the C library reads it (past leading
 * blanks), or NULL for a line it skips: an empty one or a comment. */
static inline char *sbx_account_entry(char *line) {
        while (isspace((unsigned char) *line))
                line++;
        return *line == '\0' || *line == '#' ? NULL : line;
}

/* The next entry of an account database open at p, in line: 1 and *entry, 0 at its end, -1 when
 * what comes cannot be believed: a line too long to read whole, a NIS "+" or "-" entry (its
 * accounts live elsewhere), a read error. */
static inline int sbx_account_next(FILE *p, char *line, size_t size, char **entry) {
        while (fgets(line, (int) size, p)) {
                if (!strchr(line, '\n') && !feof(p))
                        return -1;
                if (!(*entry = sbx_account_entry(line)))
                        continue;
                return (*entry)[0] == '+' || (*entry)[0] == '-' ? -1 : 1;
        }
        return ferror(p) ? -1 : 0;
}

/* Splits one line of a colon-separated account database in place; returns the number of fields
 * (at most max). */
static inline size_t sbx_account_fields(char *line, char **f, size_t max) {
        size_t n = 0;

        line[strcspn(line, "\n")] = '\0';
        while (n < max) {
                f[n++] = line;
                line = strchr(line, ':');
                if (!line)
                        break;
                *line++ = '\0';
        }
        return n;
}

/* A decimal id of an account database, strictly. */
static inline bool sbx_account_id(const char *s, unsigned long *ret) {
        char *end;

        if (*s < '0' || *s > '9')
                return false;
        errno = 0;
        *ret = strtoul(s, &end, 10);
        return errno == 0 && *end == '\0' && *ret <= UINT32_MAX;
}

/* The home directory of this process's user as /etc/passwd says (its first entry for the uid,
 * as the C library reads it), into buf; NULL when the file does not say (an account it does not
 * hold, an unreadable file). Read directly: a statically linked sbx has no NSS. */
static inline const char *sbx_passwd_home(char *buf, size_t size) {
        char line[4096], *f[7], *e;
        unsigned long uid;
        const char *home = NULL;
        FILE *p = fopen("/etc/passwd", "re");

        if (!p)
                return NULL;
        while (!home && sbx_account_next(p, line, sizeof(line), &e) == 1)
                if (sbx_account_fields(e, f, 7) >= 6 && sbx_account_id(f[2], &uid) && uid == (unsigned long) getuid() &&
                    f[5][0] == '/' && strlen(f[5]) < size)
                        home = memcpy(buf, f[5], strlen(f[5]) + 1);
        fclose(p);
        return home;
}

/* ~ as a shell expands it: $HOME when absolute, else (unset or relative: env -i, a service
 * manager) the account's home directory, "" for an account whose home is "/" (so that ~/x is
 * /x); NULL when neither says. buf holds the account's. */
static inline const char *sbx_home_dir(char *buf, size_t size) {
        const char *home = getenv("HOME");

        if (home && home[0] == '/')
                return home;
        home = sbx_passwd_home(buf, size);
        return home && strcmp(home, "/") == 0 ? "" : home;
}

/* Whether home (from sbx_home_dir()) is a directory that exists, so that sbx may make its own
 * directories beneath it. sbx never makes the home directory itself: run by root with
 * HOME=/nonexistent (Debian's service accounts, a container), it made /nonexistent/.local/state/sbx
 * and /nonexistent/.cache/sbx, where an ordinary user's sbx is refused them. */
static inline bool sbx_home_exists(const char *home) {
        struct stat st;

        return home && stat(*home ? home : "/", &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether group gid is the private group of user owner (the user private group scheme that
 * pam_umask's test and Debian's umask 002 assume), as the account files passwd and group say:
 * owner has an account, a group of that number exists under the owner's name, it lists no member
 * but the owner, and no other account has it as its primary group. Anything the files cannot say
 * is not believed: an account or group they do not hold (LDAP, sssd, systemd's userdb), a NIS
 * "+" or "-" entry, an entry whose ids are not plain decimals, a line too long to read, an
 * unreadable file. The id alone proved nothing: a
 * user whose uid is 100 would have had the shared group "users" (gid 100) taken as its own, and
 * a private group whose member list holds another user is shared with that user (review). */
static inline bool sbx_group_private_in(const char *passwd, const char *group, gid_t gid, uid_t owner) {
        char line[4096], name[256] = "", *f[7], *e;
        bool ok = true, found = false;
        unsigned long uid, pgid;
        FILE *p;
        int r;

        if (!(p = fopen(passwd, "re")))
                return false;
        while (ok && (r = sbx_account_next(p, line, sizeof(line), &e)) != 0) {
                if (r < 0)
                        ok = false;
                /* an entry whose ids are not plain decimals is one the C library may still read:
                 * " 1000" and "+1000" are group 1000 to it (review) */
                else if (sbx_account_fields(e, f, 7) < 4 || !sbx_account_id(f[2], &uid) || !sbx_account_id(f[3], &pgid))
                        ok = false;
                else if (uid == owner && !name[0] && strlen(f[0]) < sizeof(name))
                        memcpy(name, f[0], strlen(f[0]) + 1);
                else if (pgid == gid && uid != owner)
                        ok = false;
        }
        fclose(p);
        if (!ok || !name[0] || !(p = fopen(group, "re")))
                return false;
        while (ok && (r = sbx_account_next(p, line, sizeof(line), &e)) != 0) {
                if (r < 0)
                        ok = false;
                else if (sbx_account_fields(e, f, 4) < 4 || !sbx_account_id(f[2], &pgid))
                        ok = false;
                else if (pgid == gid) {
                        char *m, *save = NULL;
                        found = true;
                        if (strcmp(f[0], name) != 0)
                                ok = false;
                        for (m = strtok_r(f[3], ",", &save); ok && m; m = strtok_r(NULL, ",", &save))
                                if (strcmp(m, name) != 0)
                                        ok = false;
                }
        }
        fclose(p);
        return ok && found;
}

/* sbx_group_private_in() of this system's account files, read once per process and pair. */
static inline bool sbx_group_is_private(gid_t gid, uid_t owner) {
        static gid_t last_gid;
        static uid_t last_owner;
        static int last = -1;

        if (last < 0 || last_gid != gid || last_owner != owner) {
                last = sbx_group_private_in("/etc/passwd", "/etc/group", gid, owner);
                last_gid = gid;
                last_owner = owner;
        }
        return last;
}

/* Whether someone other than its owner may write st: its group or others, a sticky directory
 * excepted (others cannot remove or swap what is in it). A group whose id is the owner's uid and
 * that is the owner's private group (sbx_group_is_private()) is nobody else's, so a build tree or
 * a config made under umask 002 is the owner's alone. A shared group (gid 100, "users") is not. */
static inline bool sbx_writable_by_others(const struct stat *st) {
        mode_t writers = S_IWGRP | S_IWOTH;

        if (!(st->st_mode & writers) || (S_ISDIR(st->st_mode) && (st->st_mode & S_ISVTX)))
                return false;
        /* only group-writable: believed in the owner's private group */
        if (!(st->st_mode & S_IWOTH) && st->st_gid == st->st_uid && sbx_group_is_private(st->st_gid, st->st_uid))
                return false;
        return true;
}

/* 0 when st (what is at path) may be believed, else -EPERM with diag naming it as `what` ("config
 * file", "dialect directory", ...): it is the caller's or root's; nobody else may write it
 * (sbx_writable_by_others()); and a file the caller
 * can write has no other name (its protection is by path: another name, in a workspace, would
 * leave it writable; a root-owned file the caller cannot write may have others, as on ostree). */
static inline int sbx_check_trusted(struct sbx_diag *diag, const char *step, const char *what, const char *path,
                                    const struct stat *st) {
        if (st->st_uid != sbx_euid() && st->st_uid != 0)
                return sbx_diag_set(diag, EPERM, step, path, "%s %s belongs to uid %u, neither you nor root", what,
                                    path, (unsigned) st->st_uid);
        if (sbx_writable_by_others(st))
                return sbx_diag_set(diag, EPERM, step, path, "%s %s is writable by group or others", what, path);
        if (!S_ISDIR(st->st_mode) && st->st_nlink != 1 && (sbx_euid() == 0 || (st->st_uid == sbx_euid() && (st->st_mode & S_IWUSR))))
                return sbx_diag_set(diag, EPERM, step, path,
                                    "%s %s has another name (a hard link), where a confined command could write it",
                                    what, path);
        return 0;
}

/* The names the kernel goes through to reach `name` (a prefix of what `path` is named by, or a
 * symlink's target on the way): for each prefix of name as written, a symlink must be the caller's
 * or root's and lie in a directory that is too and that nobody else may write (else they could
 * point it elsewhere), and its target is looked at in turn, the same way (review: our symlink to
 * another user's was taken, and they could point theirs at any file of ours or root's); a
 * directory must be the caller's or root's, with nobody else allowed to write it unless it is
 * sticky (else they could rename what lies beneath away: review, our directory with our symlink
 * in it beneath another user's). name itself, at the top (`top`), is the caller's to check. */
static inline int sbx_check_trusted_names(struct sbx_diag *diag, const char *step, const char *what,
                                          const char *path, const char *name, bool top, int depth) {
        char lex[PATH_MAX], in[PATH_MAX], target[PATH_MAX], next[PATH_MAX], *p, *parent;
        struct stat st;
        ssize_t n;
        int r;

        if (depth > 40)
                return sbx_diag_set(diag, ELOOP, step, path, "%s %s: too many symlinks on its path", what, path);
        if (strlen(name) >= sizeof(lex))
                return sbx_diag_set(diag, ENAMETOOLONG, step, path, "%s %s: its directory's name is too long", what,
                                    path);
        memcpy(lex, name, strlen(name) + 1);
        /* each prefix of name, name itself last */
        for (p = lex + 1;; p++) {
                bool whole = *p == '\0';
                if (*p != '/' && !whole)
                        continue;
                *p = '\0';
                if (lstat(lex, &st) == 0 && S_ISLNK(st.st_mode)) {
                        if (st.st_uid != sbx_euid() && st.st_uid != 0)
                                return sbx_diag_set(diag, EPERM, step, path,
                                                    "%s %s: the symlink %s on its path belongs to uid %u, neither you "
                                                    "nor root: it could be pointed elsewhere", what, path, lex,
                                                    (unsigned) st.st_uid);
                        memcpy(in, lex, strlen(lex) + 1);
                        parent = dirname(in);
                        if (stat(parent, &st) < 0)
                                return sbx_diag_set(diag, errno, step, path, "cannot stat %s: %s", parent,
                                                    strerror(errno));
                        if ((st.st_uid != sbx_euid() && st.st_uid != 0) || sbx_writable_by_others(&st))
                                return sbx_diag_set(diag, EPERM, step, path,
                                                    "%s %s: the symlink %s on its path lies in %s, %s: it could be "
                                                    "pointed elsewhere", what, path, lex, parent,
                                                    sbx_writable_by_others(&st) ? "writable by group or others (not sticky)"
                                                                                : "another user's directory");
                        n = readlink(lex, target, sizeof(target) - 1);
                        if (n < 0)
                                return sbx_diag_set(diag, errno, step, path, "cannot read the symlink %s: %s", lex,
                                                    strerror(errno));
                        target[n] = '\0';
                        if ((size_t) n >= sizeof(target) - 1 ||
                            (size_t) snprintf(next, sizeof(next), "%s%s%s", target[0] == '/' ? "" : parent,
                                              target[0] == '/' ? "" : "/", target) >= sizeof(next))
                                return sbx_diag_set(diag, ENAMETOOLONG, step, path,
                                                    "%s %s: the target of the symlink %s is too long", what, path, lex);
                        if ((r = sbx_check_trusted_names(diag, step, what, path, next, false, depth + 1)) < 0)
                                return r;
                } else if (!(top && whole) && stat(lex, &st) == 0) {
                        if (st.st_uid != sbx_euid() && st.st_uid != 0)
                                return sbx_diag_set(diag, EPERM, step, path,
                                                    "%s %s: the directory %s above it is another user's (uid %u): it "
                                                    "could put another directory in place of the one that holds it",
                                                    what, path, lex, (unsigned) st.st_uid);
                        if (sbx_writable_by_others(&st))
                                return sbx_diag_set(diag, EPERM, step, path,
                                                    "%s %s: the directory %s above it is writable by group or others "
                                                    "(not sticky): another user could put another directory in place "
                                                    "of the one that holds it", what, path, lex);
                }
                if (whole)
                        break;
                *p = '/';
        }
        return 0;
}

/* The directories that decide what `dir` (holding `path`, a file that decides how sbx behaves;
 * or `path` itself, when the file may be a symlink) names: every name the kernel goes through
 * (sbx_check_trusted_names(): each directory and symlink on the way, the symlinks' targets
 * included), and every directory above dir's real path must be the caller's or root's, with
 * nobody else allowed to write it unless it is sticky (sbx_writable_by_others(); else they could
 * rename what lies beneath away and put their own in its place: review, $XDG_CONFIG_HOME in a
 * directory of another user's in /tmp). The rule of the runner's and the audit database's
 * directories. 0, or -EPERM (-errno when one cannot be examined) with diag naming the directory
 * as the one above `what` `path`. dir itself is the caller's to check (sbx_check_trusted()). */
static inline int sbx_check_trusted_ancestors(struct sbx_diag *diag, const char *step, const char *what,
                                              const char *path, const char *dir) {
        char real[PATH_MAX], *p, *found;
        struct stat st;
        bool as_written;
        int r;

        /* the directories the kernel goes through: each one above the real directory, nearest first */
        if (!(found = sbx_realpath(dir)))
                return sbx_diag_set(diag, errno, step, path, "cannot resolve %s: %s", dir, strerror(errno));
        if (strlen(found) >= sizeof(real)) {
                free(found);
                return sbx_diag_set(diag, ENAMETOOLONG, step, path, "cannot resolve %s: %s", dir,
                                    strerror(ENAMETOOLONG));
        }
        memcpy(real, found, strlen(found) + 1);
        free(found);
        as_written = strcmp(real, dir) == 0;
        while ((p = strrchr(real, '/')) && real[1] != '\0') {
                p[p == real ? 1 : 0] = '\0';
                if (stat(real, &st) < 0)
                        return sbx_diag_set(diag, errno, step, path, "cannot stat %s: %s", real, strerror(errno));
                if (st.st_uid != sbx_euid() && st.st_uid != 0)
                        return sbx_diag_set(diag, EPERM, step, path,
                                            "%s %s: the directory %s above it is another user's (uid %u): it could "
                                            "put another directory in place of the one that holds it", what, path,
                                            real, (unsigned) st.st_uid);
                if (sbx_writable_by_others(&st))
                        return sbx_diag_set(diag, EPERM, step, path,
                                            "%s %s: the directory %s above it is writable by group or others (not "
                                            "sticky): another user could put another directory in place of the one "
                                            "that holds it", what, path, real);
        }
        /* then every name on the way as written, the symlinks' targets included; nothing more to
         * see when dir is its real path: no symlink on its way, and each directory on it is one
         * just examined (and trusted: nobody else could have changed them since) */
        if (!as_written && (r = sbx_check_trusted_names(diag, step, what, path, dir, true, 0)) < 0)
                return r;
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
