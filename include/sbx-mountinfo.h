/* sbx-mountinfo.h: reading /proc/PID/mountinfo lines, shared by the provider's workspace checks
 * and the launcher's sealing of bubblewrap's mounts. */
#pragma once

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* mountinfo writes space, tab, newline and backslash in a path as \ooo: decodes them in place. */
static inline void sbx_mountinfo_unescape(char *s) {
        char *w = s;

        for (char *r = s; *r; r++) {
                if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' && r[3] >= '0' &&
                    r[3] <= '7') {
                        *w++ = (char) ((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
                        r += 3;
                } else
                        *w++ = *r;
        }
        *w = '\0';
}

/* Splits one mountinfo line in place: "id parent major:minor root mount-point options
 * [optional...] - type source super-options". Sets *ret_id, *ret_dev and *ret_fsroot (when not
 * NULL), *ret_mount (unescaped) and *ret_type; -EBADMSG when the line has not that shape. */
static inline int sbx_mountinfo_fields(char *line, unsigned long long *ret_id, char **ret_dev, char **ret_fsroot,
                                       char **ret_mount, char **ret_type) {
        char *dev = NULL, *fsroot = NULL, *mp = NULL, *type = NULL, *p = line, *save = NULL, *f;
        unsigned long long id = 0;

        for (int k = 0; (f = strtok_r(p, " ", &save)); k++, p = NULL) {
                if (k == 0)
                        id = strtoull(f, NULL, 10);
                else if (k == 2)
                        dev = f;
                else if (k == 3)
                        fsroot = f;
                else if (k == 4)
                        mp = f;
                else if (k > 5 && strcmp(f, "-") == 0) {
                        type = strtok_r(NULL, " ", &save);
                        break;
                }
        }
        if (!mp || !type)
                return -EBADMSG;
        sbx_mountinfo_unescape(mp);
        sbx_mountinfo_unescape(fsroot);
        *ret_id = id;
        if (ret_dev)
                *ret_dev = dev;
        if (ret_fsroot)
                *ret_fsroot = fsroot;
        *ret_mount = mp;
        *ret_type = type;
        return 0;
}

/* The rest of the open mountinfo fd, whole and NUL-terminated, into *ret (caller frees); 0 or
 * -errno. */
static inline int sbx_mountinfo_read_fd(int fd, char **ret) {
        char *text = NULL;
        size_t len = 0, cap = 0;

        for (;;) {
                ssize_t n;

                if (cap - len < 4096) {
                        char *t = realloc(text, cap + 65536);

                        if (!t) {
                                free(text);
                                return -ENOMEM;
                        }
                        text = t;
                        cap += 65536;
                }
                n = read(fd, text + len, cap - len - 1);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0) {
                        int e = errno;

                        free(text);
                        return -e;
                }
                if (n == 0)
                        break;
                len += (size_t) n;
        }
        text[len] = '\0';
        *ret = text;
        return 0;
}
