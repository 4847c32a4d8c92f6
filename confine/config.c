/* Deployment configuration: built-in defaults, then the system file, then the user file.
 * Format (confine/README.md): "key = value" lines, '#' comments, blank lines ignored. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-config.h"
#include "sbx-macro.h"
#include "sbx-trust.h"

#define CONFIG_FILE_MAX (64 * 1024)

void sbx_config_free(struct sbx_config *c) {
        if (!c)
                return;
        free(c->fallback_root);
        sbx_strv_free(c->backend_order);
        free(c->bwrap_path);
        free(c->landlock_path);
        free(c->sandbox_exec_path);
        free(c->windows_runner_path);
        free(c->cache_dir);
        sbx_strv_free(c->config_dirs);
        sbx_strv_free(c->files_read);
        free(c);
}
SBX_DEFINE_CLEANUP(struct sbx_config *, sbx_config_free)

static int strv_push(char ***v, const char *s) {
        size_t n = sbx_strv_length(*v);
        char **nv = realloc(*v, (n + 2) * sizeof(char *));
        if (!nv)
                return -ENOMEM;
        *v = nv;
        nv[n] = strdup(s);
        nv[n + 1] = NULL;
        return nv[n] ? 0 : -ENOMEM;
}

static int replace_str(char **dst, const char *value) {
        char *s = strdup(value);
        if (!s)
                return -ENOMEM;
        free(*dst);
        *dst = s;
        return 0;
}

static const char *default_backends[] = {
#if defined(__APPLE__)
        "seatbelt",
#elif defined(_WIN32)
        "windows-acl",
#else
        "bwrap", "landlock",
#endif
        NULL,
};

/* The launcher of the running sbx: the installed one in libexecdir when sbx runs from its
 * installed bindir, else the one next to it (a build tree, a relocated copy). Which files exist
 * never decides: an installed sbx that took a launcher next to it whenever one was there ran
 * whatever a confined command had planted there (a workspace of $HOME, sbx in ~/.local/bin), and
 * the next probe executed it unconfined (security review). bindir's sbx may be a symlink to the
 * running one (GNU stow): that is the installed sbx too, wherever its file lies. */
static int default_landlock_path(char **ret) {
        char self[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

        if (n > 0) {
                struct stat a, b, exe, installed;
                const char *dir;

                self[n] = '\0';
                dir = dirname(self);
                if (strcmp(dir, SBX_BINDIR) != 0 &&
                    !(stat(dir, &a) == 0 && stat(SBX_BINDIR, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) &&
                    !(stat("/proc/self/exe", &exe) == 0 && stat(SBX_BINDIR "/sbx", &installed) == 0 &&
                      exe.st_dev == installed.st_dev && exe.st_ino == installed.st_ino))
                        return asprintf(ret, "%s/sbx-landlock", dir) < 0 ? -ENOMEM : 0;
        }
        *ret = strdup(SBX_LIBEXECDIR "/sbx-landlock");
        return *ret ? 0 : -ENOMEM;
}

/* $XDG_<kind>_HOME/sbx when absolute, else ~/<fallback>/sbx; NULL when neither is known. ~ is
 * $HOME, else (unset or relative: env -i, a service manager) the account's home directory, as a
 * shell expands it: the user's configuration was skipped without $HOME, and whatever it
 * restricts with it (review). */
static int xdg_dir(const char *env, const char *fallback, char **ret) {
        const char *x = getenv(env), *home;
        char buf[PATH_MAX];

        if (x && x[0] == '/')
                return asprintf(ret, "%s/sbx", x) < 0 ? -ENOMEM : 0;
        if ((home = sbx_home_dir(buf, sizeof(buf))))
                return asprintf(ret, "%s/%s/sbx", home, fallback) < 0 ? -ENOMEM : 0;
        *ret = NULL;
        return 0;
}

static int config_defaults(struct sbx_config **ret) {
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *c = calloc(1, sizeof(*c));
        int r;

        if (!c)
                return -ENOMEM;
        c->default_mode = SBX_MODE_WORKSPACE_WRITE;
        for (const char **b = default_backends; *b; b++)
                if ((r = strv_push(&c->backend_order, *b)) < 0)
                        return r;
        if (!(c->bwrap_path = strdup("bwrap")) || !(c->sandbox_exec_path = strdup("/usr/bin/sandbox-exec")) ||
            !(c->windows_runner_path = strdup("sbx-winrun.exe")))
                return -ENOMEM;
        if ((r = default_landlock_path(&c->landlock_path)) < 0)
                return r;
        c->landlock_builtin = true;
        c->audit_writer = true;
        if ((r = xdg_dir("XDG_CACHE_HOME", ".cache", &c->cache_dir)) < 0)
                return r;
        *ret = sbx_steal_ptr(&c);
        return 0;
}

static char *trim(char *s) {
        char *e;
        while (isspace((unsigned char) *s))
                s++;
        e = s + strlen(s);
        while (e > s && isspace((unsigned char) e[-1]))
                *--e = '\0';
        return s;
}

static int parse_backends(struct sbx_config *c, char *value, const char *path, unsigned line,
                          struct sbx_diag *diag) {
        _cleanup_strv_free_ char **order = NULL;
        char *save = NULL;
        /* between commas, at either end included, nothing but blanks: a name left out (it was
         * skipped silently) */
        bool empty = value[strspn(value, " \t")] == ',';
        int r;

        for (const char *p = strchr(value, ','); p; p = strchr(p + 1, ','))
                if (p[1 + strspn(p + 1, " \t")] == ',' || p[1 + strspn(p + 1, " \t")] == '\0')
                        empty = true;
        for (char *tok = strtok_r(value, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
                if (!sbx_backend_get(tok))
                        return sbx_diag_set(diag, EINVAL, "read config", path,
                                            "%s:%u: unknown backend '%s' in 'backends'", path, line, tok);
                /* the chain is an order: a name twice says two places for one backend */
                for (char **o = order; o && *o; o++)
                        if (strcmp(*o, tok) == 0)
                                return sbx_diag_set(diag, EINVAL, "read config", path,
                                                    "%s:%u: '%s' twice in 'backends'", path, line, tok);
                if ((r = strv_push(&order, tok)) < 0)
                        return r;
        }
        if (!order)
                return sbx_diag_set(diag, EINVAL, "read config", path, "%s:%u: 'backends' lists no backend",
                                    path, line);
        if (empty)
                return sbx_diag_set(diag, EINVAL, "read config", path,
                                    "%s:%u: an empty name in 'backends' (a comma too many, or a name left out)", path,
                                    line);
        sbx_strv_free(c->backend_order);
        c->backend_order = sbx_steal_ptr(&order);
        return 0;
}

static int apply_line(struct sbx_config *c, char *key, char *value, const char *path, unsigned line,
                      struct sbx_diag *diag) {
        static const struct {
                const char *key;
                size_t offset;
                bool absolute; /* the value must be an absolute path */
        } paths[] = {
                /* relative to what? the current directory of each run would make it a moving target */
                { "fallback_root", offsetof(struct sbx_config, fallback_root), true },
                { "bwrap", offsetof(struct sbx_config, bwrap_path), false },
                { "landlock_launcher", offsetof(struct sbx_config, landlock_path), true },
                { "sandbox_exec", offsetof(struct sbx_config, sandbox_exec_path), true },
                { "windows_runner", offsetof(struct sbx_config, windows_runner_path), false },
                { "cache_dir", offsetof(struct sbx_config, cache_dir), true },
        };

        if (*value == '\0')
                return sbx_diag_set(diag, EINVAL, "read config", path, "%s:%u: '%s' has an empty value", path,
                                    line, key);
        if (strcmp(key, "default_mode") == 0) {
                if (sbx_mode_from_string(value, &c->default_mode) < 0)
                        return sbx_diag_set(diag, EINVAL, "read config", path,
                                            "%s:%u: unknown mode '%s' (read-only, workspace-write, danger-full-access)",
                                            path, line, value);
                return 0;
        }
        if (strcmp(key, "backends") == 0)
                return parse_backends(c, value, path, line, diag);
        if (strcmp(key, "audit_writer") == 0) {
                if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0)
                        return sbx_diag_set(diag, EINVAL, "read config", path, "%s:%u: audit_writer is on or off, not '%s'",
                                            path, line, value);
                c->audit_writer = strcmp(value, "on") == 0;
                return 0;
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(paths); i++) {
                if (strcmp(key, paths[i].key) != 0)
                        continue;
                if (paths[i].absolute && value[0] != '/')
                        return sbx_diag_set(diag, EINVAL, "read config", path,
                                            "%s:%u: '%s' must be an absolute path", path, line, key);
                /* a relative path would name a runner in whatever directory sbx runs from: the
                 * Windows runner's too (README: both may be a bare name, not relative), which was
                 * taken as it was ("../x" ran the x of the current directory's parent) */
                if ((paths[i].offset == offsetof(struct sbx_config, bwrap_path) ||
                     paths[i].offset == offsetof(struct sbx_config, windows_runner_path)) &&
                    value[0] != '/' && strchr(value, '/'))
                        return sbx_diag_set(diag, EINVAL, "read config", path,
                                            "%s:%u: '%s' must be an absolute path or a bare name, not '%s'", path,
                                            line, key, value);
                /* a launcher the operator names is always executed, never replaced by sbx's code */
                if (paths[i].offset == offsetof(struct sbx_config, landlock_path))
                        c->landlock_builtin = false;
                return replace_str((char **) ((char *) c + paths[i].offset), value);
        }
        return sbx_diag_set(diag, EINVAL, "read config", path, "%s:%u: unknown key '%s'", path, line, key);
}

/* A directory that holds a config file: nobody but its owner (the user or root) may remove or swap
 * files in it, unless it is sticky (sbx_check_trusted()). */
static int check_config_dir(const char *dir, struct sbx_diag *diag) {
        struct stat st;

        if (stat(dir, &st) < 0)
                return sbx_diag_set(diag, errno, "read config", dir, "cannot stat %s: %s", dir, strerror(errno));
        return sbx_check_trusted(diag, "read config", "config directory", dir, &st);
}

/* Reads one file into c. A missing file is skipped (returns 0 and *ret_read = false) unless
 * `required`: a file named explicitly ($SBX_CONFIG) that is missing would silently drop whatever
 * it restricts. */
static int config_read_file(struct sbx_config *c, const char *path, bool required, bool *ret_read,
                            struct sbx_diag *diag) {
        _cleanup_close_ int fd = -1;
        _cleanup_free_ char *buf = NULL;
        size_t len = 0, n_seen = 0;
        unsigned line = 0;
        struct {
                const char *key; /* into buf */
                unsigned line;
        } seen[16]; /* the keys set so far, each known (apply_line() checked it) */
        struct stat st;
        int r;

        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0) {
                struct stat lst;
                /* a symlink to nothing is not a missing file: whoever removed its target removed
                 * the config's restrictions (review) */
                if (errno == ENOENT && !required && !(lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))) {
                        *ret_read = false;
                        return 0;
                }
                return sbx_diag_set(diag, errno, "read config", path, "cannot read config file %s: %s", path,
                                    strerror(errno));
        }
        if (fstat(fd, &st) < 0)
                return sbx_diag_set(diag, errno, "read config", path, "cannot stat %s: %s", path, strerror(errno));
        if (!S_ISREG(st.st_mode))
                return sbx_diag_set(diag, EINVAL, "read config", path, "config file %s is not a regular file", path);
        /* it decides how (and whether) commands are confined: only its owner or root may write it */
        if ((r = sbx_check_trusted(diag, "read config", "config file", path, &st)) < 0)
                return r;
        if (st.st_size > CONFIG_FILE_MAX)
                return sbx_diag_set(diag, EFBIG, "read config", path, "config file %s is larger than %d bytes",
                                    path, CONFIG_FILE_MAX);
        /* nor may anyone else remove or swap it: a directory that others can write takes a sticky
         * bit (/tmp), else `mv config gone` by another user dropped its restrictions (security
         * review). Both the directory it is named in and, through a symlink, the one it lies in,
         * and the directories above each (sbx_check_trusted_ancestors()). */
        {
                _cleanup_free_ char *named = strdup(path);
                const char *named_dir;
                char real[PATH_MAX];

                if (!named)
                        return -ENOMEM;
                named_dir = dirname(named);
                if ((r = check_config_dir(named_dir, diag)) < 0 ||
                    (r = sbx_check_trusted_ancestors(diag, "read config", "config file", path, named_dir)) < 0)
                        return r;
                if (sbx_fd_real_dir(fd, real, sizeof(real)) && strcmp(real, named_dir) != 0 &&
                    ((r = check_config_dir(real, diag)) < 0 ||
                     (r = sbx_check_trusted_ancestors(diag, "read config", "config file", path, real)) < 0))
                        return r;
                /* and the file's own name, a symlink maybe: the symlinks it leads through */
                if ((r = sbx_check_trusted_names(diag, "read config", "config file", path, path, true, 0)) < 0)
                        return r;
        }
        /* to the end of the file, not to the size fstat() gave: a file that says 0 bytes (procfs,
         * some FUSE file systems) read as empty, and one that grew since as cut short, either
         * dropping its settings silently (input review). A byte past the limit is an error too. */
        buf = malloc(CONFIG_FILE_MAX + 2);
        if (!buf)
                return -ENOMEM;
        while (len <= CONFIG_FILE_MAX) {
                ssize_t n = read(fd, buf + len, CONFIG_FILE_MAX + 1 - len);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0)
                        return sbx_diag_set(diag, errno, "read config", path, "cannot read config file %s: %s",
                                            path, strerror(errno));
                if (n == 0)
                        break;
                len += (size_t) n;
        }
        if (len > CONFIG_FILE_MAX)
                return sbx_diag_set(diag, EFBIG, "read config", path, "config file %s is larger than %d bytes",
                                    path, CONFIG_FILE_MAX);
        buf[len] = '\0';
        if (memchr(buf, '\0', len))
                return sbx_diag_set(diag, EINVAL, "read config", path, "config file %s contains a NUL byte", path);

        /* a UTF-8 byte-order mark that an editor put at the start (Notepad): it made the first key
         * unknown, invisibly in the message ("unknown key 'default_mode'") */
        for (char *p = buf + (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0), *next; p && *p; p = next) {
                char *eq, *key, *value;

                line++;
                next = strchr(p, '\n');
                if (next)
                        *next++ = '\0';
                p = trim(p);
                if (*p == '\0' || *p == '#')
                        continue;
                eq = strchr(p, '=');
                if (!eq)
                        return sbx_diag_set(diag, EINVAL, "read config", path,
                                            "%s:%u: expected 'key = value', got '%s'", path, line, p);
                *eq = '\0';
                key = trim(p);
                value = trim(eq + 1);
                /* a key twice in one file is ambiguous, as an option twice on sbx run's command
                 * line: the last one won silently (a default_mode = danger-full-access below the
                 * read-only one an operator reads). Later files override earlier ones, not lines. */
                for (size_t i = 0; i < n_seen; i++)
                        if (strcmp(seen[i].key, key) == 0)
                                return sbx_diag_set(diag, EINVAL, "read config", path,
                                                    "%s:%u: '%s' given twice (first on line %u)", path, line, key,
                                                    seen[i].line);
                if ((r = apply_line(c, key, value, path, line, diag)) < 0)
                        return r;
                if (n_seen < SBX_ELEMENTSOF(seen)) {
                        seen[n_seen].key = key;
                        seen[n_seen++].line = line;
                }
        }
        *ret_read = true;
        return 0;
}

static int config_load(char *const *files, bool required, struct sbx_config **ret_config, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *c = NULL;
        int r;

        if ((r = config_defaults(&c)) < 0)
                return sbx_diag_set(diag, -r, "read config", "", "cannot set up the configuration: %s", strerror(-r));
        for (; files && *files; files++) {
                bool read = false;
                _cleanup_free_ char *dir = NULL;

                if ((r = config_read_file(c, *files, required, &read, diag)) < 0)
                        return r;
                if (read && (r = strv_push(&c->files_read, *files)) < 0)
                        return r;
                /* dialect overrides live beside the config file; the later (user) file wins */
                dir = strdup(*files);
                if (!dir)
                        return -ENOMEM;
                {
                        char **old = c->config_dirs;
                        char **nv = NULL;
                        if ((r = strv_push(&nv, dirname(dir))) < 0) {
                                sbx_strv_free(nv); /* grown, its copy failed */
                                return r;
                        }
                        for (char **o = old; o && *o; o++)
                                if ((r = strv_push(&nv, *o)) < 0) {
                                        sbx_strv_free(nv);
                                        return r;
                                }
                        sbx_strv_free(old);
                        c->config_dirs = nv;
                }
        }
        *ret_config = sbx_steal_ptr(&c);
        return 0;
}

int sbx_config_load_files(char *const *files, struct sbx_config **ret_config, struct sbx_diag *diag) {
        return config_load(files, false, ret_config, diag);
}

int sbx_config_load(struct sbx_config **ret_config, struct sbx_diag *diag) {
        _cleanup_free_ char *user_dir = NULL, *user_file = NULL;
        const char *only = getenv("SBX_CONFIG");
        char *files[3] = { NULL };
        int r;

        /* set but empty (a failed SBX_CONFIG=$(...)) names no file: reading the user's and the
         * system's files instead would drop whatever the named one restricts */
        if (only && !*only)
                return sbx_diag_set(diag, EINVAL, "read config", "",
                                    "SBX_CONFIG is set but empty: name the configuration file, or unset it");
        if (only) {
                files[0] = (char *) only;
                return config_load(files, true, ret_config, diag);
        }
        if ((r = xdg_dir("XDG_CONFIG_HOME", ".config", &user_dir)) < 0)
                return r;
        if (user_dir && asprintf(&user_file, "%s/config", user_dir) < 0)
                return -ENOMEM;
        files[0] = (char *) SBX_SYSCONFDIR "/sbx/config";
        files[1] = user_file;
        return sbx_config_load_files(files, ret_config, diag);
}
