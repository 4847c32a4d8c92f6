/* sbx-sqlite-uri.h: SQLite's URI filenames ("file:..."), read alike by the classifier (the name an
 * ATTACH's "unable to open database: X" prints) and the argv readers (the file an ATTACH names). */
#pragma once

#include <stddef.h>
#include <string.h>

enum {
        SBX_SQLITE_URI_NONE = -1,   /* not read: another authority, a %00, a vfs but unix's, no path */
        SBX_SQLITE_URI_READS = 0,   /* no file written: mode=ro, mode=memory, immutable=1, vfs=memdb */
        SBX_SQLITE_URI_WRITES = 1,  /* an existing file opened for writing, none made (mode=rw) */
        SBX_SQLITE_URI_CREATES = 2, /* a file made where missing and written (mode=rwc, or no mode) */
};

static inline int sbx_sqlite_uri_hex(char ch) {
        return ch >= '0' && ch <= '9' ? ch - '0'
               : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
               : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                        : -1;
}

/* Whether u[0..n) is a URI filename: "file:" (that case alone, as SQLite compares it). */
static inline int sbx_sqlite_uri_is(const char *u, size_t n) {
        return n >= 5 && memcmp(u, "file:", 5) == 0;
}

/* The file the URI filename u[0..n) names, as SQLite 3.40's sqlite3ParseUri() reads one (the
 * sqlite3 shell turns URIs on: `attach 'file:///x/a.db?mode=rwc' as a` opens /x/a.db): after
 * "file:", where "//" follows, an authority empty or "localhost"; the path to its '?' or '#', its
 * %HH escapes decoded (relative as given: the caller joins it); of its query, "mode" (the last
 * one), "immutable" and "vfs" read, the other parameters SQLite's alone. The path into out (size
 * bytes, a NUL after it); one of the SBX_SQLITE_URI_ values. */
static inline int sbx_sqlite_uri_path(const char *u, size_t n, char *out, size_t size) {
        int how = SBX_SQLITE_URI_CREATES, memory = 0, frozen = 0;
        size_t i = 5, o = 0;

        if (!sbx_sqlite_uri_is(u, n) || size == 0)
                return SBX_SQLITE_URI_NONE;
        if (n >= 7 && u[5] == '/' && u[6] == '/') {
                size_t a = 7;

                while (a < n && u[a] != '/' && u[a] != '?' && u[a] != '#')
                        a++;
                if (a != 7 && (a - 7 != 9 || memcmp(u + 7, "localhost", 9) != 0))
                        return SBX_SQLITE_URI_NONE;
                i = a;
        }
        for (; i < n && u[i] != '?' && u[i] != '#'; i++) {
                char ch = u[i];

                if (ch == '%' && i + 2 < n && sbx_sqlite_uri_hex(u[i + 1]) >= 0 && sbx_sqlite_uri_hex(u[i + 2]) >= 0) {
                        ch = (char) (sbx_sqlite_uri_hex(u[i + 1]) * 16 + sbx_sqlite_uri_hex(u[i + 2]));
                        i += 2;
                        if (ch == '\0')
                                return SBX_SQLITE_URI_NONE;
                }
                if (ch == '\0' || o + 1 >= size)
                        return SBX_SQLITE_URI_NONE;
                out[o++] = ch;
        }
        out[o] = '\0';
        if (o == 0)
                return SBX_SQLITE_URI_NONE;
        /* the query: name=value pairs to its '#', '&' between them (an escape in a name or a
         * value: not read) */
        if (i < n && u[i] == '?')
                i++;
        while (i < n && u[i] != '#') {
                size_t ns = i, nl, vs, vl;

                while (i < n && u[i] != '=' && u[i] != '&' && u[i] != '#')
                        i++;
                nl = i - ns;
                if (i < n && u[i] == '=')
                        i++;
                vs = i;
                while (i < n && u[i] != '&' && u[i] != '#')
                        i++;
                vl = i - vs;
                if (i < n && u[i] == '&')
                        i++;
                if (memchr(u + ns, '%', nl) || memchr(u + vs, '%', vl))
                        return SBX_SQLITE_URI_NONE;
                if (nl == 4 && memcmp(u + ns, "mode", 4) == 0) {
                        memory = 0;
                        if (vl == 2 && memcmp(u + vs, "ro", 2) == 0)
                                how = SBX_SQLITE_URI_READS;
                        else if (vl == 2 && memcmp(u + vs, "rw", 2) == 0)
                                how = SBX_SQLITE_URI_WRITES;
                        else if (vl == 3 && memcmp(u + vs, "rwc", 3) == 0)
                                how = SBX_SQLITE_URI_CREATES;
                        else if (vl == 6 && memcmp(u + vs, "memory", 6) == 0)
                                memory = 1;
                        else
                                return SBX_SQLITE_URI_NONE; /* SQLite's "no such access mode" */
                } else if (nl == 9 && memcmp(u + ns, "immutable", 9) == 0) {
                        if (vl == 1 && u[vs] == '1')
                                frozen = 1; /* opened read-only, never written */
                        else if (vl != 1 || u[vs] != '0')
                                return SBX_SQLITE_URI_NONE;
                } else if (nl == 3 && memcmp(u + ns, "vfs", 3) == 0) {
                        if (vl == 5 && memcmp(u + vs, "memdb", 5) == 0)
                                frozen = 1;
                        else if (vl < 4 || memcmp(u + vs, "unix", 4) != 0)
                                return SBX_SQLITE_URI_NONE;
                }
        }
        return memory || frozen ? SBX_SQLITE_URI_READS : how;
}
