/* sbx-mountinfo.h: reading /proc/PID/mountinfo lines, shared by the provider's workspace checks
 * and the launcher's sealing of bubblewrap's mounts. */
#pragma once

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
