/* The argv builder every backend uses, and runner lookup through PATH. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"
#include "sbx-trust.h"

static void builder_push(struct sbx_argv_builder *b, char *s) {
        if (b->err) {
                free(s);
                return;
        }
        if (!s) {
                b->err = -ENOMEM;
                return;
        }
        if (b->n + 2 > b->cap) {
                size_t cap = b->cap ? b->cap * 2 : 32;
                char **v = realloc(b->v, cap * sizeof(*v));
                if (!v) {
                        free(s);
                        b->err = -ENOMEM;
                        return;
                }
                b->v = v;
                b->cap = cap;
        }
        b->v[b->n++] = s;
        b->v[b->n] = NULL;
}

void sbx_argv_add(struct sbx_argv_builder *b, const char *s) {
        builder_push(b, strdup(s));
}

void sbx_argv_addf(struct sbx_argv_builder *b, const char *fmt, ...) {
        va_list ap;
        char *s = NULL;

        va_start(ap, fmt);
        if (vasprintf(&s, fmt, ap) < 0)
                s = NULL;
        va_end(ap);
        builder_push(b, s);
}

void sbx_argv_add_all(struct sbx_argv_builder *b, char *const *argv) {
        for (; argv && *argv; argv++)
                sbx_argv_add(b, *argv);
}

int sbx_argv_finish(struct sbx_argv_builder *b, char ***ret) {
        if (b->err || !b->v) {
                int r = b->err ? b->err : -EINVAL;
                if (b->v)
                        b->v[b->n] = NULL;
                sbx_strv_free(b->v);
                memset(b, 0, sizeof(*b));
                return r;
        }
        *ret = b->v;
        memset(b, 0, sizeof(*b));
        return 0;
}

bool sbx_argv_add_launcher_options(struct sbx_argv_builder *b, const struct sbx_confine_request *req,
                                   int status_offset) {
        if (req->policy->mode == SBX_MODE_WORKSPACE_WRITE) {
                sbx_argv_add(b, "--write");
                sbx_argv_add(b, req->policy->workspace_root);
                if (req->temp_dir) {
                        sbx_argv_add(b, "--write");
                        sbx_argv_add(b, req->temp_dir);
                }
        }
        for (int fd = 0; req->opts && fd <= 1; fd++)
                if (req->opts->closed_std & (1u << fd)) {
                        sbx_argv_add(b, "--close-std");
                        sbx_argv_addf(b, "%d", fd);
                }
        if (!req->opts || req->opts->status_fd < 0)
                return false;
        sbx_argv_add(b, "--status-fd");
        sbx_argv_addf(b, "%d", req->opts->status_fd + status_offset);
        if (!req->opts->gate)
                return false;
        sbx_argv_add(b, "--wait-fd");
        sbx_argv_addf(b, "%d", req->opts->status_fd + 2);
        return true;
}

/* Whether st may be executed as a runner: the caller's or root's, and nobody else may write it
 * (sbx_writable_by_others(): a build tree made under umask 002 with a private user group is the
 * owner's alone). The config files' rule without its hard-link clause (a distribution's
 * /usr/bin/bwrap may have two names). A runner that another user can replace runs
 * that user's code as the caller: unconfined in the probe, and in a bubblewrap sandbox before the
 * launcher drops the capabilities and seals the mounts (measured: a group-writable launcher
 * swapped for a shell script let a root run remount / writable and write /usr). */
static bool runner_stat_trusted(const struct stat *st) {
        return (st->st_uid == sbx_euid() || st->st_uid == 0) && !sbx_writable_by_others(st);
}

/* 0 when the runner at path, the directory it is named in, the one it really lies in and every
 * directory above that one are trusted (runner_stat_trusted(): a sticky directory others may write
 * is, as they cannot rename what is not theirs), else -EPERM (-errno when one cannot be
 * examined); its real path into *ret_real, the one to execute. Another user who owned a directory
 * above, or a symlink on the way, could otherwise swap the runner's directory, or repoint the
 * link, between this check and the exec (review: uid 4242 owning the directory above a root-owned
 * bin/ exchanged it with its own bin/ in a loop, and 2 of 60 root runs executed its script). */
static int runner_trusted(const char *path, char **ret_real) {
        _cleanup_free_ char *real = sbx_realpath(path), *named = strdup(path), *up = NULL;
        struct stat st;
        char *slash;

        if (!real || !named)
                return real || errno != ENOMEM ? -EPERM : -ENOMEM;
        slash = strrchr(named, '/');
        if (slash)
                slash[slash == named ? 1 : 0] = '\0';
        if (stat(real, &st) < 0)
                return -errno;
        if (!runner_stat_trusted(&st))
                return -EPERM;
        up = strdup(real);
        if (!up)
                return -ENOMEM;
        /* the directory it is named in, unless that is the one it really lies in (the usual case:
         * the walk below examines that one first, and once is enough) */
        if (slash) {
                char *real_slash = strrchr(up, '/');
                bool same = real_slash && strlen(named) == (size_t) (real_slash == up ? 1 : real_slash - up) &&
                            strncmp(named, up, strlen(named)) == 0;
                if (!same && (stat(named, &st) < 0 || !runner_stat_trusted(&st)))
                        return -EPERM;
        }
        while ((slash = strrchr(up, '/')) && up[1] != '\0') {
                slash[slash == up ? 1 : 0] = '\0';
                if (stat(up, &st) < 0)
                        return -errno;
                if (!runner_stat_trusted(&st))
                        return -EPERM;
        }
        *ret_real = sbx_steal_ptr(&real);
        return 0;
}

static int find_executable(const char *name, char **ret_path);

const char *sbx_runner_error(int r) {
        return r == -EPERM ? "another user than you or root owns it or may write it, its directory or one above"
                           : strerror(-r);
}

/* One process looks the same few runners up several times (static check, confinement, the paths
 * to protect): each name is remembered with the real path that was found trusted, the one returned
 * and executed. Once trusted, only their owner (the caller) or root can change that: nobody else
 * may write them or any directory they lie in. */
static struct {
        char *name, *real;
} found[4];

int sbx_find_executable(const char *name, char **ret_path) {
        _cleanup_free_ char *path = NULL, *real = NULL;
        size_t i;
        int r;

        if (!name || !*name)
                return -EINVAL;
        for (i = 0; i < SBX_ELEMENTSOF(found) && found[i].name; i++)
                if (strcmp(found[i].name, name) == 0 && access(found[i].real, X_OK) == 0) {
                        *ret_path = strdup(found[i].real);
                        return *ret_path ? 0 : -ENOMEM;
                }
        r = find_executable(name, &path);
        if (r < 0)
                return r;
        r = runner_trusted(path, &real);
        if (r < 0)
                return r;
        for (i = 0; i < SBX_ELEMENTSOF(found) && found[i].name; i++)
                ;
        if (i < SBX_ELEMENTSOF(found)) {
                found[i].name = strdup(name);
                found[i].real = strdup(real);
                if (!found[i].name || !found[i].real) { /* (not remembered when out of memory) */
                        free(found[i].name);
                        free(found[i].real);
                        found[i].name = found[i].real = NULL;
                }
        }
        *ret_path = sbx_steal_ptr(&real);
        return 0;
}

static int find_executable(const char *name, char **ret_path) {
        _cleanup_free_ char *copy = NULL;
        char *save = NULL;

        if (strchr(name, '/')) {
                if (access(name, X_OK) < 0)
                        return -errno;
                *ret_path = strdup(name);
                return *ret_path ? 0 : -ENOMEM;
        }
        copy = strdup(SBX_RUNNER_DIRS);
        if (!copy)
                return -ENOMEM;
        for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
                _cleanup_free_ char *full = NULL;
                if (asprintf(&full, "%s/%s", dir, name) < 0)
                        return -ENOMEM;
                if (access(full, X_OK) == 0) {
                        *ret_path = sbx_steal_ptr(&full);
                        return 0;
                }
        }
        return -ENOENT;
}
