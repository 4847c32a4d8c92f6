/* libFuzzer target: the reading of /proc/self/mountinfo behind the workspace checks
 * (confine/path.c): a kernel interface mounted in the workspace, and another name beneath the
 * workspace of a path sbx protects. Mount points are named by whoever made the mounts (a FUSE
 * mount of the user's, a name with spaces, tabs, newlines or backslashes, which the kernel writes
 * as \ooo). Checked: a line that has not the documented shape is -EBADMSG for both readers; a
 * kernel mount found is one of the lines, by its decoded mount point and type, and lies in or
 * holds the workspace (or has the ID asked for), and none found means no mount of proc, sysfs,
 * devtmpfs, cgroup or debugfs does; an alias found is another name than the path
 * and lies beneath the workspace; a table whose mount of the path's (or the workspace's) ID does
 * not hold it is refused (-ESTALE). And whether an alias is found at all: the table with a mount
 * added beneath the workspace of the file system part that holds the path has one, with one of
 * another device the answer it had (check_added_mount()).
 *
 * Input: a byte of mount IDs (holder/path: low nibble, root: high nibble; 0 is none), the
 * workspace root, NUL, the protected path, NUL, then the mountinfo text. */
#include <errno.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "confine-internal.h"
#include "sbx-confine.h"
#include "sbx-realpath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* \ooo decoded, written apart from sbx-mountinfo.h */
static void model_unescape(const char *s, size_t len, char *out) {
        size_t o = 0;

        for (size_t i = 0; i < len; i++) {
                if (s[i] == '\\' && i + 3 < len && s[i + 1] >= '0' && s[i + 1] <= '3' && s[i + 2] >= '0' &&
                    s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
                        out[o++] = (char) (((s[i + 1] - '0') << 6) | ((s[i + 2] - '0') << 3) | (s[i + 3] - '0'));
                        i += 3;
                } else
                        out[o++] = s[i];
        }
        out[o] = '\0';
}

struct model_line {
        unsigned long long id;
        char *mp, *type; /* mp decoded up to its first NUL, as C strings read it */
        char *dev, *raw_fsroot, *raw_mp; /* the fields as written */
        bool has_dev, has_fsroot, fsroot_abs;
};

/* One line: fields split at runs of spaces; id (leading digits), fields 2, 3, 4; then a "-"
 * after field 5 and the field after it, the type. false when the line has no mount point or type. */
static bool model_line(const char *line, size_t len, struct model_line *m) {
        const char *f[4096];
        size_t fl[4096], n = 0;

        memset(m, 0, sizeof(*m));
        for (size_t i = 0; i < len && n < 4096;) {
                size_t s;
                while (i < len && line[i] == ' ')
                        i++;
                if (i >= len)
                        break;
                s = i;
                while (i < len && line[i] != ' ')
                        i++;
                f[n] = line + s;
                fl[n++] = i - s;
        }
        for (size_t k = 6; k + 1 < n; k++)
                if (fl[k] == 1 && f[k][0] == '-') {
                        if (n < 5)
                                return false;
                        { /* as the kernel writes it, digits; anything else as strtoull() reads it */
                                char *id = strndup(f[0], fl[0]);
                                if (!id)
                                        abort();
                                m->id = strtoull(id, NULL, 10);
                                free(id);
                        }
                        m->mp = malloc(fl[4] + 1);
                        m->type = strndup(f[k + 1], fl[k + 1]);
                        m->dev = strndup(f[2], fl[2]);
                        m->raw_fsroot = strndup(f[3], fl[3]);
                        m->raw_mp = strndup(f[4], fl[4]);
                        if (!m->mp || !m->type || !m->dev || !m->raw_fsroot || !m->raw_mp)
                                abort();
                        model_unescape(f[4], fl[4], m->mp);
                        m->has_dev = true;
                        m->has_fsroot = true;
                        {
                                char *root = malloc(fl[3] + 1);
                                if (!root)
                                        abort();
                                model_unescape(f[3], fl[3], root);
                                m->fsroot_abs = root[0] == '/';
                                free(root);
                        }
                        return true;
                }
        return false;
}

/* The kernel interface file systems the documentation names (sbx.1, README.md: "proc, sysfs,
 * devtmpfs, cgroup, debugfs, ..."): a few of the reader's list, written apart from it. */
static bool model_kernel_type(const char *type) {
        static const char *const named[] = { "proc", "sysfs", "devtmpfs", "cgroup", "debugfs" };

        for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
                if (strcmp(type, named[i]) == 0)
                        return true;
        return false;
}

/* The table with one more line, "4000 1 DEV FSROOT MP rw - tmpfs none rw", read for the alias of
 * path: r and its alias. */
static int alias_with(const char *text, const char *dev, const char *fsroot, const char *mp, const char *path,
                      unsigned long long path_id, const char *root, unsigned long long root_id, char **ret_alias) {
        char *more = NULL;
        int r;

        if (asprintf(&more, "%s%s4000 1 %s %s %s rw - tmpfs none rw\n", text,
                     text[0] && text[strlen(text) - 1] != '\n' ? "\n" : "", dev, fsroot, mp) < 0)
                abort();
        r = sbx_mountinfo_alias(more, path, path_id, root, root_id, ret_alias);
        free(more);
        return r;
}

/* The table a mount added to, beneath the workspace, at a name not above path (ROOT/sbx-fuzz-alias,
 * the last line): of the file system part that holds path (the mount the model finds for path,
 * by its ID, else the last listed of the longest mount point above it; its device and root
 * written as they are), the alias is found, the same one when there was one before (the lines
 * before it are read first, but for one the workspace's own mount gave, read after them), else
 * the new mount's name for path; of another device, the answer is the same as without it. So a
 * table that lacks the answer says none, and one that holds it says it. Only where the names need
 * no escape (root, the mount's root and point: no blank, no backslash) and are normalized, so that
 * the line says what the model means. */
static void check_added_mount(const char *text, const struct model_line *lines, size_t n, const char *path,
                              unsigned long long path_id, const char *root, unsigned long long root_id, int r,
                              const char *alias) {
        const struct model_line *held = NULL;
        char *mp = NULL, *got = NULL, *fsroot_norm = NULL, *mp_norm = NULL;
        int r2;

        if (strpbrk(root, " \t\n\\") || strlen(root) > 4096)
                return;
        for (size_t i = 0; path_id && i < n && !held; i++)
                if (lines[i].id == path_id)
                        held = &lines[i];
        if (!held)
                for (size_t i = 0; i < n; i++)
                        if (sbx_path_beneath(path, lines[i].mp) && (!held || strlen(lines[i].mp) >= strlen(held->mp)))
                                held = &lines[i];
        if (asprintf(&mp, "%s/sbx-fuzz-alias", strcmp(root, "/") == 0 ? "" : root) < 0)
                abort();
        if (sbx_path_beneath(path, mp))
                goto out;
        /* another device's mount: nothing changes */
        r2 = alias_with(text, "0:424242", "/", mp, path, path_id, root, root_id, &got);
        if (r2 == -ENOMEM)
                goto out;
        if (held && strcmp(held->dev, "0:424242") == 0)
                goto out;
        if (r2 != r || (r == 1 && strcmp(got, alias) != 0))
                abort();
        free(got);
        got = NULL;
        /* the held file system's: found */
        if (!held || strpbrk(held->raw_fsroot, "\\") || strpbrk(held->raw_mp, "\\") ||
            sbx_path_normalize(held->raw_fsroot, &fsroot_norm) < 0 || strcmp(fsroot_norm, held->raw_fsroot) != 0 ||
            sbx_path_normalize(held->raw_mp, &mp_norm) < 0 || strcmp(mp_norm, held->raw_mp) != 0 ||
            !sbx_path_beneath(path, held->mp))
                goto out;
        r2 = alias_with(text, held->dev, held->raw_fsroot, mp, path, path_id, root, root_id, &got);
        if (r2 == -ENOMEM)
                goto out;
        if (r2 != 1)
                abort();
        /* (one found before by the workspace's own mount, read after the lines, may give way) */
        if (!sbx_path_beneath(got, mp) && (r != 1 || strcmp(got, alias) != 0))
                abort();
out:
        free(got);
        free(mp);
        free(fsroot_norm);
        free(mp_norm);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *buf, *root_in, *path_in, *text, *root = NULL, *path = NULL, *mount = NULL, *type = NULL,
                                                 *alias = NULL;
        struct model_line *lines = NULL;
        size_t n = 0, cap = 0;
        bool bad = false, alias_bad = false;
        unsigned long long holder_id, root_id;
        int r;

        if (size < 1 || size > 65536)
                return 0;
        holder_id = data[0] & 0x0f;
        root_id = data[0] >> 4;
        buf = malloc(size + 2);
        if (!buf)
                return 0;
        memcpy(buf, data + 1, size - 1);
        buf[size - 1] = buf[size] = buf[size + 1] = '\0';
        root_in = buf;
        path_in = root_in + strlen(root_in) + 1;
        text = path_in + strlen(path_in) + 1;
        if (text > buf + size) /* no mountinfo at all */
                text = buf + size;
        if (sbx_path_normalize(root_in, &root) < 0 || sbx_path_normalize(path_in, &path) < 0)
                goto out;

        /* the model's reading of each line (strtok: empty lines are no lines) */
        for (const char *p = text; *p;) {
                size_t l = strcspn(p, "\n");
                if (l > 0) {
                        if (n == cap) {
                                struct model_line *g = realloc(lines, (cap + 64) * sizeof(*lines));
                                if (!g)
                                        abort();
                                lines = g;
                                cap += 64;
                        }
                        if (!model_line(p, l, &lines[n]))
                                bad = alias_bad = true;
                        else if (!lines[n].fsroot_abs)
                                alias_bad = true;
                        n++;
                        if (bad)
                                break;
                }
                p += l + (p[l] == '\n');
        }

        r = sbx_mountinfo_kernel_mount(text, root, holder_id, &mount, &type);
        if (r == -ENOMEM)
                goto out;
        if (bad != (r == -EBADMSG))
                abort();
        if (r == 1) {
                bool listed = false;
                for (size_t i = 0; i < n && !listed; i++)
                        listed = strcmp(lines[i].mp, mount) == 0 && strcmp(lines[i].type, type) == 0 &&
                                 (sbx_path_beneath(mount, root) || sbx_path_beneath(root, mount) || lines[i].id == holder_id);
                if (!listed)
                        abort();
        } else if (r == 0) {
                /* none found: no mount of a kernel interface named above lies at or beneath the
                 * workspace, has the ID asked for, or holds it (the longest mount point above it,
                 * the last listed of those): else a workspace holding /proc would be granted */
                const struct model_line *holder = NULL;

                for (size_t i = 0; i < n; i++) {
                        if (model_kernel_type(lines[i].type) &&
                            (sbx_path_beneath(lines[i].mp, root) || (holder_id && lines[i].id == holder_id)))
                                abort();
                        if (sbx_path_beneath(root, lines[i].mp) && (!holder || strlen(lines[i].mp) >= strlen(holder->mp)))
                                holder = &lines[i];
                }
                if (holder && model_kernel_type(holder->type))
                        abort();
        } else if (r != -EBADMSG)
                abort();

        /* a mount found by its ID that does not hold the path or the workspace by its mount point:
         * a table older than the ID, refused as stale */
        bool alias_stale = false;
        if (!alias_bad) {
                const struct model_line *by_path = NULL, *by_root = NULL;
                bool held = false;
                for (size_t i = 0; i < n; i++) {
                        if (!by_path && holder_id && lines[i].id == holder_id)
                                by_path = &lines[i];
                        if (!by_root && root_id && lines[i].id == root_id)
                                by_root = &lines[i];
                        held = held || sbx_path_beneath(path, lines[i].mp);
                }
                if ((by_path || held) && ((by_path && !sbx_path_beneath(path, by_path->mp)) ||
                                          (by_root && !sbx_path_beneath(root, by_root->mp))))
                        alias_stale = true;
        }
        r = sbx_mountinfo_alias(text, path, holder_id, root, root_id, &alias);
        if (r == -ENOMEM)
                goto out;
        if (alias_bad != (r == -EBADMSG) || alias_stale != (r == -ESTALE))
                abort();
        if (r == 1 && (strcmp(alias, path) == 0 || !sbx_path_beneath(alias, root)))
                abort();
        if (r != 1 && r != 0 && r != -EBADMSG && r != -ESTALE)
                abort();
        if ((r == 0 || r == 1) && !alias_bad)
                check_added_mount(text, lines, n, path, holder_id, root, root_id, r, alias);
out:
        for (size_t i = 0; i < n; i++) {
                free(lines[i].mp);
                free(lines[i].type);
                free(lines[i].dev);
                free(lines[i].raw_fsroot);
                free(lines[i].raw_mp);
        }
        free(lines);
        free(alias);
        free(mount);
        free(type);
        free(root);
        free(path);
        free(buf);
        return 0;
}
